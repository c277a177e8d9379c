"""The deck builder view: paste, upload or build a list; legality, statistics and odds follow it.

Choose the game (Village TCG or TMNT TCG) and the format, then paste a decklist, upload a
``.txt``/``.json``/``.csv`` file, or build one from the searchable card table with the big − and +
buttons (they change a count where it is written, keeping every comment). Every change re-checks the
list: the legality panel lists every problem with its rule-book section, the composition plot and the
exact opening-hand odds update, and *Save* keeps the list in ``<user data>/decks/`` with its name (a
``Name:`` line, which the Name box shows when it is opened again; a list typed or pasted with a name of
its own puts that name in the box too). A save never replaces a file that another page or a program
saved after this page opened or saved it, nor a saved deck with a list that does not read: it asks first
(*Save as new deck* or *Save over it*), in one panel beside those two answers. The Open menu's first
entry names the list in the editor, and whether it is saved (``— editing: night-deck (unsaved)``); the
page opens on the demo list as the Open menu opens it (its name in the Name box). The menu offers a deck
another page, the print page or a file manager saved into the decks folder at the page's next refresh
(an edit, the Name or Search box: a look at the folder, listed again only when it changed; no file read).
An empty list gets no verdict: the page asks for one.

What the editor holds (per game: the list, the Name box and the format) is kept as a draft
(:mod:`companion.deck.draft`) on every change, and brought back when the page opens again (a reload),
said in one line above the list; a draft that cannot be read is said there and left as it is.

CSS classes for browser tests:
``cmp-deck-page`` (the whole view), ``cmp-deck-game`` (game buttons), ``cmp-deck-draft`` (the line saying
what was brought back from the draft),
``cmp-deck-format`` (format menu), ``cmp-deck-input`` (the decklist text),
``cmp-deck-upload`` (file upload), ``cmp-deck-status`` (messages and parse errors),
``cmp-deck-search`` (card search), ``cmp-deck-table`` (the card table),
``cmp-deck-card-row`` (one row), ``cmp-deck-plus`` / ``cmp-deck-minus`` (its buttons),
``cmp-deck-table-off`` (under the table: why its buttons are off), ``cmp-help`` (How to use this page),
``cmp-deck-verdict`` (legality panel), ``cmp-deck-stats`` (composition table and plot),
``cmp-deck-odds`` (odds panel), ``cmp-deck-kind`` (the kind for custom odds),
``cmp-deck-save`` (save button; off while the list holds no card), ``cmp-deck-save-off`` (why it is off),
``cmp-deck-name`` (deck name), ``cmp-deck-overwrite`` (the
explicit choice to replace another saved deck of the same file name), ``cmp-deck-load`` (saved lists),
``cmp-deck-choice`` (the question shown when an uploaded or opened list would replace unsaved edits),
``cmp-deck-replace`` / ``cmp-deck-keep`` (its two answers), ``cmp-deck-clash`` (the question shown when
the deck's file changed since the page opened or saved it), ``cmp-deck-save-new`` / ``cmp-deck-save-over``
(its two answers), ``cmp-deck-load-problems`` (card files of
your own left out because they do not load, with their errors), ``cmp-deck-reload`` (*Reload card
data*).

A list that reads as the other game's (most of its unknown names are that game's cards) says so under
it, naming those cards; choosing that game then takes the list along to its editor (asking first over
unsaved edits there, the list staying where it was until it is opened), and the editor it left gets back
the list it held when last opened or saved (empty after an upload: the uploaded file keeps it).

The page opens on the game its address names (``deck_builder.ipynb?game=tmnt``, as the start page links
it: :func:`requested_game`), else on Village TCG. A list that cannot be read says so once, under the
list (each line, what was expected, the closest card name); the card table keeps the counts of the lines
that could be read, and its − and + are off (saying why) until the list reads. What a list that reads
leaves unread (a CSV list's extra column) is said there too, as a warning, as the deck commands warn on
standard error. Verdicts show each problem's sentence and its rule-book section (the rule ids,
``deck-size``, stay in the verdict's data and in ``companion deck check --json``); chances read as
``deck odds`` gives them (three decimal places, with the exact fraction: one figure for both). A kind
for *Your own question* whose field no card has is refused in the Odds tab with the fields the cards
have, as ``deck odds --kind`` refuses it; the opening odds still show.

A card file of your own that does not load never stops the page: it is left out (as on the cards
page), its errors are listed, and the list is checked against the cards that load. Card data is read
again when your card folder for the game changes (a file added, imported, corrected or removed while
the page is open; checked by the files' times and sizes before each check of the list), or on *Reload
card data*.

The custom question's *in the first* number starts at the format's opening hand (its ``hand_size``,
else the rule book's, as ``deck odds --kind`` without ``--draws``) and follows the format when another
is chosen, while it shows the opening hand of the format chosen until then; any other number is one you
set, and a format change keeps it. A game change starts from that game's hand again. A number typed past
what its box takes (*in the first* 100) stays as typed, and the Odds tab says so. The question is worded
and cited as ``deck odds --kind`` words and cites it (:func:`~companion.deck.odds.kind_chance`).
"""

from __future__ import annotations

import html
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import ipywidgets as w

from .. import GAMES, ui
from ..cards import DATA_DIR, Card, CardDB, CardsAsRead, left_out_holders, norm_text
from ..deck.decklist import Decklist, DecklistError, DeckNameError, parse
from ..deck.draft import DraftError, GameDraft, draft_path, games_text, read_draft
from ..deck.fields import parse_kind
from ..deck.formats import DeckFormat, FormatError, available_formats, load_format
from ..deck.legality import check_deck, plural
from ..deck.listtext import ListFormError, bump, file_text, split_name, text_loses
from ..deck.odds import Odds, hand_size, kind_chance, opening_odds
from ..deck.saved import (
    Listing,
    SavedDeck,
    deck_stem,
    decks_dir,
    decks_listing,
    digest,
    file_digest,
    free_name,
    saved_decks,
)
from ..deck.stats import composition, composition_figure, share_text, shown_composition
from ..drafts import DraftKeeper, Kept
from ..errors import CompanionError, os_reason
from ..textio import decode_text, folder_problem, number_text, read_bytes, within, write_text_atomic
from ..verdict import and_list, verdict_html
from .cards import fix_then, shorten, show_load_problems

DECK_GAMES = ("village", "tmnt")
EXAMPLES_DIR = DATA_DIR / "decks"
MAX_ROWS = 40  # card-table rows shown at once; search narrows the rest
#: The cards of another game a list's message names (the others counted: "and 14 more").
_NAMED = 3
#: Why the card table's − and + are off while the list cannot be read (said under the table).
UNREADABLE = "the list cannot be read: fix the lines named under it first"
#: Why a card's − is off while the list holds none of it (its tooltip; the count beside it shows 0).
NONE_TO_TAKE = "the list holds none of that card (0): nothing to take off"

#: The page's help (collapsed under "How to use this page"): for everyone, then for a notebook only.
HELP = (
    "Choose the game and the format, then <b>paste</b> a decklist (one line per card: <code>3 Card Name"
    "</code> or <code>3x Card Name</code>; names or ids, any case; <code>#</code> and <code>//</code> start "
    "comments), <b>upload</b> a <code>.txt</code>, <code>.dec</code>, <code>.json</code> or "
    "<code>.csv</code> list, or <b>build</b> it from the card table with the − and + buttons (the "
    "search narrows the table; they change a count where it is written, keeping your comments, and a CSV "
    "list's count cell, keeping its other columns; a JSON list is rewritten as <code>3 Card Name</code> "
    "lines).",
    "Every change checks the list again: <b>Legality</b> lists every problem with its rule-book section, "
    "<b>Statistics</b> shows the composition, the <b>Odds</b> tab gives exact chances (Village: a Basic "
    "Mouse in the opening 7 and after the redraw; TMNT: Characters in the opening hand and the four Block "
    "Zones), and <i>Your own question</i> asks for any kind of card.",
    "<b>Save</b> keeps the list and its name in your decks folder; <i>Overwrite</i> replaces a saved list "
    "of the same name without asking. If another page saved that list meanwhile, a save asks first "
    "(<i>Save as new deck</i> or <i>Save over it</i>), as it does before a list that does not read "
    "replaces a saved deck. Over edits not yet saved, an upload or a list picked in <i>Open</i> waits until "
    "you choose <i>Replace my edits</i> or <i>Keep my edits</i>. What you type is kept as a draft: a reload "
    "of the page brings it back.",
    "Rules: <code>village-tcg.txt</code> (Deck Mix, Redraw Rule) and <code>tmnt-tcg.txt</code> (How to "
    "Build Your Own Deck, Getting Started, How to Make a New Deck). Formats are data files in "
    "<code>data/formats/</code> (a house variant such as <code>village-casual-50</code> is a file, not "
    "code).",
)
HELP_NOTEBOOK = (
    "From the command line: <code>companion deck check GAME DECKFILE [--format NAME] [--json]</code>, "
    "<code>companion deck stats GAME DECKFILE</code>, <code>companion deck odds village DECKFILE --kind "
    "type=basic-mouse --draws 7</code>, <code>companion deck export GAME DECKFILE</code>. JupyterLab's "
    "terminal opens in the <code>notebooks/</code> folder: there a bundled list is "
    "<code>../data/decks/village-demo-legal.txt</code>.",
)


def requested_game(default: str = "village", query: str | None = None) -> str:
    """The game the page's address asks for (``?game=tmnt``; the start page's links say it), when the
    deck builder serves it (any case); else ``default``. ``query``: the query string (default: the one
    Voila gives the page, see :func:`~companion.ui.query_value`; JupyterLab gives none)."""
    asked = (ui.query_value("game", query) or "").lower()
    return asked if asked in DECK_GAMES else default


class DeckSaveError(CompanionError):
    """A save that would replace another saved deck, or under a name it cannot use (nothing is
    written)."""


class SaveQuestion(DeckSaveError):
    """A save that waits for the player's answer (*Save as new deck* or *Save over it*), asked in the
    panel beside those two buttons (nothing is written meanwhile); the page says it there only."""


def edited(text: str, name: str, clean: tuple[str, str]) -> bool:
    """Whether a list ``text`` named ``name`` holds edits kept in no file: it differs from ``clean``, the
    list and name the editor held when it was last opened, uploaded or saved. An empty box has nothing
    to lose."""
    named = name.strip()
    return (text.strip() != "" and text != clean[0]) or (named != "" and named != clean[1].strip())


@contextmanager
def _as_save_error() -> Iterator[None]:
    """A deck name, or a list in a file's form, the core refuses
    (:class:`~companion.deck.decklist.DeckNameError`, :class:`~companion.deck.listtext.ListFormError`)
    as the page says it: a :class:`DeckSaveError` with the same message (and that nothing was saved)."""
    try:
        yield
    except (DeckNameError, ListFormError) as exc:
        raise exc.relabel(message=f"{exc.message}; nothing was saved", cls=DeckSaveError) from exc


@dataclass(frozen=True)
class Incoming:
    """A list on its way into the editor (uploaded, or picked in the Open menu): it waits while the
    editor holds unsaved edits, until the player says whether it may replace them."""

    game: str
    text: str
    name: str  #: for the Name box
    held: tuple[Path, str] | None  #: the saved file it is (see ``DeckBuilderView._held``); None: not one
    source: str  #: what the messages call it ("upload.txt", "saved: mine")
    digest: str | None = None  #: what the saved file held when read (:func:`companion.deck.saved.digest`)
    #: the game whose editor the list leaves once it is opened here (another game's list, taken along when
    #: that game is chosen: :meth:`DeckBuilderView._moving`); None: it comes from no editor
    moved_from: str | None = None
    kept: bool = True  #: a file holds it as it is (else: only the editor it leaves, so it is an edit here)


class ListRead:
    """What the page reads of a list's text besides its cards: the name it gives itself and the columns a
    text list cannot keep. Each is read once for a text and its card data (:meth:`DeckBuilderView._read_of`),
    though the page asks for them several times a keystroke (the Name box, the Open menu's first entry,
    where Save writes)."""

    def __init__(self, text: str, db: CardDB) -> None:
        self.text, self.db = text, db

    @cached_property
    def own_name(self) -> str:
        """The list's own name (its ``Name:`` line, JSON name or CSV title row:
        :func:`~companion.deck.listtext.split_name`); ``""``: none."""
        return split_name(self.text, self.db)[1]

    @cached_property
    def loses(self) -> list[str]:
        """The CSV list's columns a text list cannot keep (:func:`~companion.deck.listtext.text_loses`)."""
        return text_loses(self.text, self.db)


def deck_key(name: str, game: str) -> str:
    """What makes two deck names one deck: case, spacing, hyphens and the ``<game>-`` of a saved
    file's stem aside (``village-my-deck`` and ``My Deck`` are one deck; ``Mice & Fruit`` and
    ``Mice Fruit`` are two, though :func:`~companion.deck.saved.slug` gives them one file name)."""
    text = unicodedata.normalize("NFKC", name).casefold().replace("-", " ").replace("_", " ")
    return " ".join(text.split()).removeprefix(f"{game} ")


def card_summary(card: Card) -> str:
    """One line under a card's name: type and the numbers that matter for deck building."""
    bits = [card.type]
    if card.game == "village":
        if "atk" in card.data:
            bits.append(f"ATK {_num(card.get('atk'))} / DEF {_num(card.get('def'))}")
        abilities = card.get("abilities") or ()
        bits += [f"{a['name']} ({a['fruit_cost']} fruit)" for a in abilities]
    else:
        if card.get("attribute"):
            bits.append(str(card.get("attribute")))
        if "power" in card.data:
            bits.append(f"Power {_num(card.get('power'))}")
        if card.get("attack_kind") and card.get("attack_kind") != "normal":
            bits.append(str(card.get("attack_kind")))
    if card.is_demo:
        bits.append("demo")
    return " · ".join(bits) + f" · {card.id}"


def _num(v: Any) -> str:
    return "unknown" if v is None else str(v)


def odds_html(odds: list[Odds]) -> str:
    """The odds as a table: each chance as ``deck odds`` says it (:attr:`Odds.percent`: three decimal places,
    rounded half up from the exact fraction) with the exact fraction itself (:attr:`Odds.exact`), so the
    page and the command never give two figures for one chance."""
    rows = "".join(
        f"<tr><td style='text-align:right;padding-right:10px'><b>{html.escape(o.percent)}</b></td>"
        f"<td>{html.escape(o.label)}<br><small style='color:#5f6368;overflow-wrap:anywhere'>"
        f"{html.escape('; '.join(x for x in (o.detail, o.cite) if x))}"
        + (f" · exactly {o.exact}" if o.exact else "")
        + "</small></td></tr>" for o in odds)
    return f"<table style='border-collapse:collapse'>{rows}</table>"


def composition_html(comp: dict[str, dict[str, int]], total: int) -> str:
    """The composition table: each value's count and share of the deck, the share as
    ``deck stats`` prints it (:func:`~companion.deck.stats.share_text`: 12.5%, not 12%)."""
    blocks = []
    for facet, tally in comp.items():
        cells = "".join(f"<tr><td>{html.escape(v)}</td><td style='text-align:right'>{n}</td>"
                        f"<td style='color:#5f6368;text-align:right'>{share_text(n, total)}</td></tr>"
                        for v, n in tally.items())
        blocks.append(f"<div style='display:inline-block;vertical-align:top;margin-right:18px'>"
                      f"<b>{html.escape(facet)}</b><table>{cells}</table></div>")
    return "".join(blocks) or "<i>No cards yet.</i>"


def readable_part(text: str, error: DecklistError, db: CardDB) -> Decklist | None:
    """The list made of the lines of ``text`` that could be read (``error`` names the others), so the
    card table can show their counts while the list is fixed; ``None`` when that cannot be told (a
    JSON list, a CSV sheet, or lines that read otherwise without the bad ones)."""
    from ..deck.decklist import list_form, parse_text

    bad = {i.line for i in error.issues}
    if list_form(text) != "text" or None in bad:
        return None
    kept = "\n".join("" if n in bad else line for n, line in enumerate(text.splitlines(), start=1))
    try:
        return parse_text(kept, db)
    except CompanionError:
        return None


#: The upload button's words, before a list is taken.
UPLOAD_LABEL = "Upload list"


class DeckBuilderView:
    """The whole deck builder; display ``.widget``. Tests drive it through its widgets."""

    def __init__(self, game: str = "village", text: str | None = None) -> None:
        if game not in DECK_GAMES:
            raise CompanionError(f"the deck builder serves {' and '.join(DECK_GAMES)}, not {game!r}")
        #: per game, the cards as read and your card files left out (read again on *Reload card data*)
        self._cards = CardsAsRead()
        self._texts: dict[str, str] = {}
        #: the games whose editor this page has shown: the draft keeps this page's lists of these, and
        #: of the others what the draft file holds now (another page may have written them meanwhile)
        self._shown: set[str] = set()
        self._names: dict[str, str] = {}  # per game, the Name box (a name belongs to that game's list)
        self._formats: dict[str, str] = {}  # per game, the format chosen (a game's list keeps its format)
        #: per game, the uploaded file the editor's list came from (when it is none of the saved files)
        self._uploaded: dict[str, str] = {}
        self._rows: dict[str, dict[str, tuple[w.HBox, w.HTML]]] = {}
        self.deck: Decklist | None = None
        #: while the list cannot be read: its lines that can be (:func:`readable_part`), whose counts the
        #: card table shows
        self.partial: Decklist | None = None
        self._last_comp: dict[str, dict[str, int]] | None = None
        self._keep_rows = False  # set while a + or − tap edits the list (see :meth:`bump`)
        self._row_order: list[str] = []  # the card ids in the table, top first
        self._busy = False
        #: the lists last read (:meth:`_read_of`): the editor's, and the one before it (a change's old text)
        self._reads: dict[str, ListRead] = {}
        #: the decks folder as the Open menu last listed it (:func:`decks_listing`): a refresh that finds it
        #: changed lists the saved decks again (see :meth:`_menu_follows_folder`)
        self._listing: Listing = None
        #: per game, the file the editor holds (opened or saved) and its deck name (:func:`deck_key`)
        self._held: dict[str, tuple[Path, str]] = {}
        #: per game, the list and name the editor held when last opened, uploaded or saved (what
        #: :meth:`unsaved` compares with), and the list waiting for the player's answer, if any
        self._clean: dict[str, tuple[str, str]] = {}
        #: per game, the list waiting for the player's answer (it waits in its own game's editor)
        self._waiting: dict[str, Incoming] = {}
        self._asked_saved = False  # the question on show says the edits are saved
        self._from_file: dict[str, bool] = {}  # per game: the list held was opened from its file
        self._kept_shown = False  # the status says "Your edits are kept"
        #: per game, the saved file the editor holds and what it held when this page opened or saved it
        #: (:func:`companion.deck.saved.digest`): a save never replaces what another page saved since
        self._disk: dict[str, tuple[Path, str]] = {}
        #: per game, the question a save asks (:meth:`_ask_clash`): the file, what it held when asked, and
        #: whether it changed since this page opened or saved it (else: the list does not read)
        self._clash: dict[str, tuple[Path, str, bool]] = {}
        #: what the list's check last said under it (its problems, its warnings, or nothing): what the
        #: status shows again when a save asks its question instead (:class:`SaveQuestion`)
        self._list_status = ""
        self._unread: list[str] = []  #: the list's lines that do not read, as said under it (none: it reads)
        #: the game whose list the editor's list reads as (:attr:`DecklistError.other_game`), if any: choosing
        #: that game takes the list along (:meth:`_moving`)
        self._other_game: str | None = None
        #: the draft (:mod:`companion.deck.draft`): kept on each change once the page is up, unless the
        #: draft found could not be read (it is left as it is)
        self._drafting = False
        self._keeper = DraftKeeper(draft_path(), "")
        #: the opening hand of the format chosen (the default of *in the first*): while the box shows it,
        #: a format change puts the new format's hand there; another number is the player's, and stays
        self._draws_default = 7

        described = {"style": {"description_width": "initial"}}
        self.game = w.ToggleButtons(options=[(GAMES[g], g) for g in DECK_GAMES], value=game,
                                    description="Game", style={"button_width": "auto",
                                                               "description_width": "initial"})
        self.game.add_class("cmp-deck-game")
        # menus as wide as their longest entry (a saved deck's long name is never cut), never past the page
        fits = {"width": "auto", "max_width": "100%"}
        self.format = w.Dropdown(description="Format", layout=w.Layout(**fits), **described)
        self.format.add_class("cmp-deck-format")
        # width auto in a column: as wide as the column, never past its edge (100% plus margins was)
        self.input = w.Textarea(placeholder="3 Card Name\n3x Another Card\n# comments are fine",
                                continuous_update=False, layout=w.Layout(width="auto", height="340px"))
        self.input.add_class("cmp-deck-input")
        self.upload = ui.upload_button(UPLOAD_LABEL, ".txt,.json,.dec,.csv")
        self.upload.add_class("cmp-deck-upload")
        self.name = w.Text(description="Name", placeholder="my deck", layout=w.Layout(width="240px"),
                           **described)
        self.name.add_class("cmp-deck-name")
        self.save = ui.big_button("Save", style="primary", icon="save",
                                  tooltip="Save this list in your decks folder")
        self.save.add_class("cmp-deck-save")
        self.save_off = w.HTML()  # why Save is off (a touch screen shows no tooltip)
        self.save_off.add_class("cmp-deck-save-off")
        self.overwrite = w.Checkbox(value=False, description="Overwrite", indent=False,
                                    tooltip="Save over another saved deck with the same file name",
                                    layout=w.Layout(width="auto"))
        self.overwrite.add_class("cmp-deck-overwrite")
        self.load = w.Dropdown(description="Open", layout=w.Layout(**fits), **described)
        self.load.add_class("cmp-deck-load")
        self.status = ui.panel()
        self.status.add_class("cmp-deck-status")
        self.load_problems = w.HTML()
        self.load_problems.add_class("cmp-deck-load-problems")
        self.reload = ui.ActionButton(description="Reload card data", icon="refresh",
                                      tooltip="Read the card files again (your own cards and corrections)",
                                      layout=w.Layout(width="auto"))
        self.reload.add_class("cmp-deck-reload")
        # the question an upload (or the Open menu) asks when it would replace unsaved edits: its
        # own panel, so a re-check of the list (which clears the status) never hides it
        self.ask = ui.panel()
        self.replace_edits = ui.big_button("Replace my edits", style="danger", icon="exchange",
                                           tooltip="Put the new list in the editor; your edits are lost")
        self.replace_edits.add_class("cmp-deck-replace")
        self.keep_edits = ui.big_button("Keep my edits", style="primary", icon="check",
                                        tooltip="Leave the editor as it is; the new list is not opened")
        self.keep_edits.add_class("cmp-deck-keep")
        self.choice = w.VBox([self.ask, w.HBox([self.replace_edits, self.keep_edits])],
                             layout=w.Layout(display="none"))
        self.choice.add_class("cmp-deck-choice")
        # the question a save asks when the saved file changed since this page opened or saved it
        # (another page or an editor saved it meanwhile): nothing is written until it is answered
        self.clash_ask = ui.panel()
        self.save_new = ui.big_button("Save as new deck", style="primary", icon="copy",
                                      tooltip="Save your list under a new name; the file keeps the other "
                                              "version")
        self.save_new.add_class("cmp-deck-save-new")
        self.save_over = ui.big_button("Save over it", style="danger", icon="save",
                                       tooltip="Replace what the file holds now with your list")
        self.save_over.add_class("cmp-deck-save-over")
        self.clash = w.VBox([self.clash_ask, w.HBox([self.save_new, self.save_over])],
                            layout=w.Layout(display="none"))
        self.clash.add_class("cmp-deck-clash")

        self.search = w.Text(placeholder="search cards: name, type, ability, attribute...",
                             continuous_update=True, layout=w.Layout(width="auto"))
        self.search.add_class("cmp-deck-search")
        self.table = w.VBox(layout=w.Layout(max_height="420px", overflow="auto"))
        self.table.add_class("cmp-deck-table")
        self.table_note = w.HTML()
        self.table_off = w.HTML()  # why the table's − and + are off (a touch screen shows no tooltip)
        self.table_off.add_class("cmp-deck-table-off")

        self.verdict = w.HTML()
        self.verdict.add_class("cmp-deck-verdict")
        self.summary = w.HTML()
        self.stats_table = w.HTML()
        self.plot = w.Image(format="png")
        self.stats = w.VBox([self.stats_table, self.plot])
        self.stats.add_class("cmp-deck-stats")

        self.kind = w.Dropdown(description="Kind", layout=w.Layout(width="360px"), **described)
        self.kind.add_class("cmp-deck-kind")
        # a number typed past what a box takes stays as typed, and the Odds tab says so (never cut unseen)
        self.at_least = ui.stepper("at least", 1, min=0, max=40, bounded=False)
        self.draws = ui.stepper("in the first", 7, min=0, max=99, bounded=False)
        self.odds_html = w.HTML()
        self.odds = w.VBox([self.odds_html, w.HTML("<b>Your own question</b>"), self.kind,
                            self.at_least.box, self.draws.box])
        self.odds.add_class("cmp-deck-odds")

        # what the page brought back from the draft, or why it could not (one line, above the list)
        self.draft_note = w.HTML()
        self.draft_note.add_class("cmp-deck-draft")

        self._wire()
        draft_ok, unsaved = self._restore_draft(game, text)
        try:
            self._switch_game(game, text)
        except CompanionError as exc:  # a broken user card or format file: say so, keep the page
            ui.show_error(self.status, exc)
        self._say_restored(unsaved)
        self._keeper.kept = games_text(self._draft_state())  # (as found: written at the first change)
        self._drafting = draft_ok

        editor = w.VBox([w.HTML("<b>Decklist</b> — paste, upload, or use the card table"),
                         self.draft_note, self.input, ui.row(self.upload, self.load),
                         self.choice, ui.row(self.name, self.save, self.overwrite), self.save_off,
                         self.clash, self.status])
        builder = w.VBox([w.HTML("<b>Cards</b>"), self.search, self.table_note, self.table, self.table_off])
        results = w.Tab(children=[self.verdict, self.stats, self.odds])
        for i, title in enumerate(("Legality", "Statistics", "Odds")):
            results.set_title(i, title)
        self.help = ui.help_box(HELP, HELP_NOTEBOOK)
        # two columns that share the width (each may shrink below its content's width), a gap between
        column = {"flex": "1 1 0", "min_width": "0"}
        self.widget = w.VBox([
            ui.header("Deck builder", "Village TCG and TMNT TCG: legality, statistics and odds"),
            self.help,
            ui.row(self.game, self.format, self.reload),
            self.load_problems,
            w.HBox([w.Box([editor], layout=w.Layout(flex_flow="column", margin="0 16px 0 0", **column)),
                    w.Box([builder], layout=w.Layout(flex_flow="column", **column))]),
            self.summary,
            results,
        ])
        self.widget.add_class("cmp-deck-page")

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook only
        from IPython.display import display

        display(self.widget)

    # --- wiring ---------------------------------------------------------------------------------

    def _wire(self) -> None:
        guard = ui.guarded(self.status)
        self.game.observe(guard(lambda ch: self._switch_game(ch["new"])), names="value")
        self.format.observe(guard(lambda _ch: self._on_format()), names="value")
        self.input.observe(guard(self._name_follows_list), names="value")  # (first: the check reads the name)
        self.input.observe(guard(lambda _ch: self.refresh()), names="value")
        self.input.observe(guard(lambda _ch: self._menu_follows_edits()), names="value")
        self.name.observe(guard(lambda _ch: self._menu_follows_edits()), names="value")
        self.search.observe(guard(lambda _ch: self._fill_table()), names="value")
        for widget in (self.search, self.name):  # (an edit of the list refreshes: see refresh)
            widget.observe(guard(lambda _ch: self._menu_follows_folder()), names="value")
        self.upload.observe(guard(self._on_upload), names="value")
        self.load.observe(guard(self._on_load), names="value")
        for widget in (self.input, self.name, self.format):  # the draft follows every change
            widget.observe(guard(lambda _ch: self._keep_draft()), names="value")
        saving = ui.guarded(self.status, show=self._show_save_error)
        self.save.on_click(saving(lambda _b: self.save_list()))
        self.replace_edits.on_click(guard(lambda _b: self.take_incoming()))
        self.keep_edits.on_click(guard(lambda _b: self.drop_incoming()))
        self.save_new.on_click(saving(lambda _b: self.save_as_new()))
        self.save_over.on_click(saving(lambda _b: self.save_over_it()))
        self.reload.on_click(guard(lambda _b: self.reload_cards()))
        for widget in (self.kind, self.at_least, self.draws):
            widget.observe(guard(lambda _ch: self._update_odds()), names="value")

    def _show_save_error(self, target: w.HTML, exc: BaseException) -> None:
        """A save's error in the status; a save that asks (:class:`SaveQuestion`) asks in its own panel,
        beside its two answers, and the status goes back to what the list's check said."""
        if isinstance(exc, SaveQuestion):
            target.value = self._list_status
        else:
            ui.show_error(target, exc)

    @property
    def db(self) -> CardDB:
        return self._cards.last(self.game.value)[0]

    def _read_cards(self, game: str) -> None:
        """Read ``game``'s cards: a card file of yours that does not load is left out (its errors go
        to ``load_problems``), as on the cards page; the table's rows are made again."""
        self._cards.read(game)
        self._rows.pop(game, None)  # a card's row shows its name and numbers: made anew

    def card_data_changed(self) -> bool:
        """Whether your card files of the game changed since they were read (see
        :func:`~companion.cards.card_files_stamp`)."""
        return self._cards.changed(self.game.value)

    def reload_cards(self, *, said: str = "Card data read again") -> None:
        """*Reload card data*: read the game's card files again, then check the list with them."""
        game = self.game.value
        self._read_cards(game)
        busy, self._busy = self._busy, True
        try:
            kind = self.kind.value
            self._fill_kinds()
            if kind in {v for _, v in self.kind.options}:
                self.kind.value = kind
        finally:
            self._busy = busy
        self.refresh(check_cards=False)
        self._show_load_problems(said=f"{said} ({plural(len(self.db), GAMES[game] + ' card')})")

    def _left_out(self) -> dict[str, list[str]]:
        """Your card files of the game left out when its cards were read (path -> errors)."""
        return self._cards.last(self.game.value)[1]

    def _show_load_problems(self, said: str = "") -> None:
        """Say which card files of yours were left out and why (``said``, if any, when all loaded)."""
        show_load_problems(self.load_problems, self.game.value, self._left_out(),
                           lambda files, corrections: fix_then(files, corrections,
                                                               "the list is checked with the other cards",
                                                               "Reload card data"), said=said)

    @property
    def fmt(self) -> DeckFormat:
        return load_format(self.game.value, self.format.value)

    @property
    def incoming(self) -> Incoming | None:
        """The list waiting to replace this game's unsaved edits (see :meth:`_open_text`), if any."""
        return self._waiting.get(self.game.value)

    def _name_follows_list(self, change: dict[str, Any]) -> None:
        """A list's own name typed or pasted into the editor (a ``Name:`` line, a JSON list's ``name``, a
        CSV list's title row) goes into the Name box when it is new, as an opened list's does: Save then
        files the list under the name it gives itself, never under the name of the list the editor held
        before (the example's, on a page just opened). The box stays the player's to change after; a
        list the page puts in the editor (opened, uploaded, another game's) brings its name itself."""
        if self._busy:
            return
        own = self._read_of(str(change["new"])).own_name
        if own and own != self._read_of(str(change["old"])).own_name and own != self.name.value.strip():
            self.name.value = own

    def _switch_game(self, game: str, text: str | None = None) -> None:
        old = getattr(self, "_current_game", None)
        moving = self._moving(old, game) if old is not None else None
        self._hide_choice()  # a list waiting for the other game's editor waits there, not here
        self._hide_clash()  # and so does a save's question
        if old is not None:
            self._texts[old] = self.input.value
            self._names[old] = self.name.value
            if self.format.value:
                self._formats[old] = self.format.value
        self._current_game = game
        self._shown.add(game)
        self.overwrite.value = False
        self._busy = True
        try:
            # the Name box and Overwrite belong to the list they were set for: each game its own name
            # (a save never files one game's list under another's name), and no replacing unasked
            self.name.value = self._names.get(game, "")
            problems: list[FormatError] = []
            fmts = available_formats(game, errors=problems)
            ids = [f.id for f in fmts]  # the format this game's list was checked with, else the standard
            standard = f"{game}-standard" if f"{game}-standard" in ids else (ids[0] if ids else None)
            ui.keep_choice(self.format, [(f"{f.name}" + (" (house)" if f.house else ""), f.id) for f in fmts],
                           standard, chosen=self._formats.get(game))
            try:
                self._set_draws(hand_size(game, self.fmt))
            except CompanionError:  # refresh() below says why the format cannot be used
                self._set_draws(hand_size(game))
            try:
                self._fill_kinds()
            except CompanionError:  # a broken card file of the user's: refresh() below says why,
                self.kind.options = []  # and the game's own list still comes up (never the other's)
            if text is None:
                text = self._texts.get(game)
            example = EXAMPLES_DIR / f"{game}-demo-legal.txt"
            if text is None and example.exists():  # the demo list, as the Open menu opens it (its name
                self._put(self._read_saved(example, f"example: {example.stem}"))  # in the Name box)
            else:
                self.input.value = text or ""
                self._clean.setdefault(game, (self.input.value, self.name.value))  # (what the page put
            self._fill_load()  # there is no edit)
        finally:
            self._busy = False
        self.refresh()
        self._show_load_problems()
        if problems:
            ui.show(self.status, "warn", "Some format files were skipped", [p.render() for p in problems])
        waiting = self._waiting.get(game)
        if moving is not None:  # another game's list, taken along (asked first over unsaved edits here)
            self._open_text(moving)
        elif waiting is not None:  # back in the game whose editor a list waits for: ask again
            self._ask(waiting)
        if game in self._clash:
            self._ask_clash(*self._clash[game])
        self._keep_draft()

    def _moving(self, old: str, game: str) -> Incoming | None:
        """The list the ``old`` game's editor holds, on its way to ``game``'s, when it reads as ``game``'s
        list (its unknown names are ``game``'s cards: the page said so, and to choose ``game``); else
        ``None``. It leaves ``old``'s editor only once it is opened in ``game``'s (:meth:`_vacate`), so an
        answer *Keep my edits* there loses neither list."""
        text = self.input.value
        if self._other_game != game or self.deck is not None or not text.strip():
            return None
        clean = self._clean.get(old, ("", ""))
        kept = text == clean[0]  # as it was opened or uploaded (a file holds it), not typed or pasted
        held = self._held.get(old)
        source = (self._uploaded.get(old) or (held[0].name if held is not None else "")) if kept else ""
        return Incoming(game, text, self.name.value.strip(), None, source or f"your {GAMES[old]} list",
                        moved_from=old, kept=kept)

    def _vacate(self, game: str, text: str) -> None:
        """``game``'s editor, whose list ``text`` went to another game's editor, goes back to the list it
        held when last opened or saved (empty when that is the list that went: an upload, whose file
        keeps it). An editor changed since keeps what it holds."""
        if self._texts.get(game) != text:
            return
        clean = self._clean.get(game, ("", ""))
        if clean[0] == text:
            clean = ("", "")
            for held in (self._held, self._disk, self._uploaded, self._from_file):
                held.pop(game, None)
        self._texts[game], self._names[game] = clean
        self._clean[game] = clean

    def _set_draws(self, n: int) -> None:
        """Put the default ``n`` (the chosen format's hand) in the *in the first* box, and remember it
        as the default (a later format change may replace it; a number the player set, never)."""
        busy, self._busy = self._busy, True  # (the caller checks the list and its odds after)
        try:
            self.draws.value = n
        finally:
            self._busy = busy
        self._draws_default = n

    def _on_format(self) -> None:
        """Another format chosen: *in the first* follows its opening hand when the box showed the hand of
        the format chosen before (the default); a number the player set stays. Then the list is checked.
        A format that cannot be read leaves the number as it is (the check says why)."""
        if self._busy:
            return
        try:
            hand = hand_size(self.game.value, self.fmt)
        except CompanionError:
            hand = None
        if hand is not None and self.draws.value == self._draws_default:
            self._set_draws(hand)
        elif hand is not None:
            self._draws_default = hand  # the player's number stays; the default is the new format's
        self.refresh()

    def _fill_kinds(self) -> None:
        seen: dict[str, str] = {}
        paths = (("type", "type"), ("attribute", "attribute"), ("ability", "abilities[].name"),
                 ("attack_kind", "attack_kind"), ("food", "food"))
        from ..deck.fields import values

        for label, path in paths:
            vals = sorted({str(v) for c in self.db for v in values(c, path) if v is not None})
            for v in vals:
                seen[f"{label}={v}"] = f"{label.replace('_', ' ')}: {v}"
        self.kind.options = [(text, key) for key, text in seen.items()]
        default = "type=basic-mouse" if self.game.value == "village" else "type=character"
        if default in seen:
            self.kind.value = default

    def _fill_load(self, *, keep: bool = False) -> None:
        """List the examples and saved lists of the game, none picked (``keep``: the entry shown stays
        while it is offered). The empty entry names the list in the editor (:meth:`editing`), so every
        entry, that one's too, opens when picked."""
        game = self.game.value
        self._listing = decks_listing()  # (first: a deck saved while the menu is made is seen next time)
        options: list[tuple[str, str]] = [(self.editing(), "")]
        if EXAMPLES_DIR.is_dir():
            options += [(f"example: {p.stem}", str(p)) for p in sorted(EXAMPLES_DIR.glob(f"{game}-*.txt"))]
        # lists only (no backups, images); two files of one name (x.txt, x.json): the suffix tells.
        # Named as the Print page names them: the file's name without the game's
        options += [(f"saved: {d.label}", str(d.path)) for d in saved_decks(game)]
        busy, self._busy = self._busy, True  # filling the menu never opens a list
        try:
            if keep:
                ui.keep_choice(self.load, options, "")
            else:
                self.load.options = options
                self.load.value = ""
        finally:
            self._busy = busy

    def _menu_follows_folder(self) -> None:
        """The Open menu offers the decks the folder holds now: when its listing (:func:`decks_listing`:
        one look at the folder, listed again only when it changed; no file read) differs from the one the
        menu was made from, a deck another page, the print page or a file manager saved (or removed) there
        since, the saved decks are listed again, the entry shown kept. Run on every refresh of the page (each
        edit of the list) and when the Name or Search box changes: ipywidgets tells no menu's opening."""
        if self._busy or decks_listing() == self._listing:
            return
        self._fill_load(keep=True)

    def editing(self) -> str:
        """How the Open menu's first entry names the list in the editor: ``— editing: night-deck
        (saved)`` (a saved deck as saved), ``— editing: night-deck (unsaved)`` (edited since it was opened
        or saved), ``— editing: example village-demo-legal``, ``— editing: mine.txt`` (an upload);
        ``— editing: a new list (unsaved)`` for a list typed, ``— editing: a new list 'Night' (unsaved)``
        for a list of its own name put over the one opened (:meth:`_names_another`); ``—`` for an empty box
        (whatever it held)."""
        game = self.game.value
        held = self._held.get(game)
        saved = held is not None and within(held[0], decks_dir())
        if held is None:
            what = self._uploaded.get(game, "")
        elif saved:
            what = SavedDeck(held[0], game).name
        else:
            what = f"example {held[0].stem}" if within(held[0], EXAMPLES_DIR) else held[0].name
        if not self.input.value.strip():  # (an empty box: nothing in the editor to name)
            return "—"
        if held is not None and self._names_another():  # the list names itself: a new list, not the file's
            return f"— editing: a new list {self.save_name()!r} (unsaved)"
        if saved and self._own_file(self.save_name()) is None:  # (renamed: Save writes a new deck)
            return f"— editing: a new list {self.save_name()!r} (unsaved; from {what})"
        if self.unsaved():
            return f"— editing: {what or 'a new list'} (unsaved)"
        return f"— editing: {what}" + (" (saved)" if saved else "") if what else "—"

    def _names_another(self) -> bool:
        """Whether the list in the editor names itself (its ``Name:`` line, JSON name or CSV title row),
        and that name is not the deck of the file the editor holds: the file's list was replaced by a new
        one (pasted or typed), which the Open menu then names as new, not as the file's."""
        held = self._held.get(self.game.value)
        own = self._read_of(self.input.value).own_name
        return held is not None and bool(own) and deck_key(own, self.game.value) != held[1]

    def _read_of(self, text: str) -> ListRead:
        """What the page reads of the list ``text`` besides its cards (:class:`ListRead`), read once while
        the text and the card data stay: the editor's list and the one before it are kept."""
        db = self.db
        read = self._reads.get(text)
        if read is None or read.db is not db:
            read = ListRead(text, db)
            self._reads = {**dict(list(self._reads.items())[-1:]), text: read}
        return read

    def _relabel_menu(self) -> None:
        """The Open menu's first entry says again what the editor holds (:meth:`editing`); the entry
        shown stays."""
        options = list(self.load.options)
        if not options:
            return
        busy, self._busy = self._busy, True
        try:
            ui.keep_choice(self.load, [(self.editing(), ""), *options[1:]], "")
        finally:
            self._busy = busy

    # --- the draft --------------------------------------------------------------------------------

    def _restore_draft(self, game: str, text: str | None) -> tuple[bool, list[str]]:
        """Bring back each game's editor from the draft (:mod:`companion.deck.draft`): its list, Name
        box and format, and the saved file it holds (one in your decks folder or an example; else none).
        ``game``'s is not, when the page is made with a ``text`` of its own. Gives whether the page may
        keep a draft, and the games whose list brought back holds unsaved edits. A draft that cannot be
        read is said (above the list) and left as it is: the page then keeps none (it would replace it)."""
        try:
            drafts = read_draft(DECK_GAMES)
        except DraftError as exc:
            ui.show(self.draft_note, "warn", "Your unsaved list could not be brought back",
                    [exc.render(), "That file is left as it is, and this page keeps no draft (it would "
                                   "replace it): save your list to keep it, and move that file away or "
                                   "delete it, then reload the page."])
            return False, []
        unsaved = []
        for g, draft in drafts.items():
            if g == game and text is not None:
                continue
            self._texts[g], self._names[g] = draft.text, draft.name
            if draft.format:
                self._formats[g] = draft.format
            self._clean[g] = draft.clean or ("", "")  # (none kept: nothing of it is saved)
            held = draft.held
            if held is not None and (within(held[0], decks_dir()) or within(held[0], EXAMPLES_DIR)):
                self._held[g] = held
                self._from_file[g] = draft.from_file
                if draft.digest is not None:
                    self._disk[g] = (held[0], draft.digest)
            elif draft.source:
                self._uploaded[g] = draft.source
            if edited(draft.text, draft.name, self._clean[g]):
                unsaved.append(g)
        return True, unsaved

    def _say_restored(self, games: list[str]) -> None:
        """Say, in one line above the list, that the unsaved lists of ``games`` were brought back."""
        if not games:
            return
        here = self.game.value
        others = " and ".join(GAMES[g] for g in games if g != here)
        if here in games:
            said = "Your unsaved list was brought back" + (f" (and your {others} list)" if others else "")
        else:
            said = f"Your unsaved {others} list was brought back: choose {others} above"
        ui.show(self.draft_note, "info", said)

    def _draft_state(self) -> dict[str, GameDraft]:
        """Each game's editor as the draft keeps it (the games this page knows: shown, or brought back
        from the draft)."""
        here = self.game.value
        out: dict[str, GameDraft] = {}
        for g in DECK_GAMES:
            if g == here:
                text, name, fmt = self.input.value, self.name.value, self.format.value
            elif g in self._texts:
                text, name, fmt = self._texts[g], self._names.get(g, ""), self._formats.get(g)
            else:
                continue
            held, disk = self._held.get(g), self._disk.get(g)
            out[g] = GameDraft(text, name, fmt, clean=self._clean.get(g), held=held,
                               digest=disk[1] if held is not None and disk is not None and disk[0] == held[0]
                               else None, from_file=self._from_file.get(g, False),
                               source=self._uploaded.get(g) if held is None else None)
        return out

    def _keep_draft(self) -> None:
        """Write the draft when what it keeps changed (never while the page sets itself, nor when the
        draft found could not be read). A draft that cannot be written is said above the list, and the
        list is left as it is (the next change tries again)."""
        if not self._drafting or self._busy:
            return
        state = self._draft_state()
        unshown = [g for g in DECK_GAMES if g not in self._shown]
        try:  # a game this page never showed is another page's to keep: as the draft holds it now
            theirs = read_draft(unshown) if unshown else {}  # (every game shown: nothing to read)
        except DraftError:
            theirs = {}
        kept = self._keeper.keep(games_text({**state, **theirs}))
        if kept is Kept.FAILED:
            ui.show(self.draft_note, "warn", "Your list is not kept as a draft",
                    [f"{self._keeper.path} cannot be written ({self._keeper.reason}): a reload of this page "
                     "would lose what is not saved; Save keeps it."])
        elif kept is Kept.RECOVERED:  # (written again: the note of a failure is no longer true)
            self.draft_note.value = ""

    # --- actions --------------------------------------------------------------------------------

    def _on_upload(self, change: dict[str, Any]) -> None:
        """Put an uploaded list in the editor, or ask first if that would replace unsaved edits."""
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, list | tuple) else next(iter(files.values()))
        try:
            raw = bytes(item["content"])
        finally:
            self.upload.value = ()  # emptied, so the same file uploaded again is read again
        fname = str(item.get("name", "upload"))
        self.upload.tooltip = f"Upload another list (last: {shorten(fname, 40)})"  # (its label: its tooltip)
        text, name = split_name(decode_text(raw, where=fname, what="decklist"), self.db)
        self._open_text(Incoming(self.game.value, text, name or Path(fname).stem, None, fname))

    def _on_load(self, change: dict[str, Any]) -> None:
        """Open the list picked in the Open menu (not when the page itself sets the menu), or ask
        first if that would replace unsaved edits."""
        if self._busy or not change["new"]:
            return
        path = Path(change["new"])
        label = next((lab for lab, value in self.load.options if value == change["new"]), path.name)
        try:
            incoming = self._read_saved(path, label)
        except CompanionError:
            self._fill_load()  # the menu goes back to "—": the editor still holds the list it did
            raise
        self._open_text(incoming)

    def _read_saved(self, path: Path, source: str) -> Incoming:
        """A list file as it is now, for the editor: its text (its ``Name:`` line goes to the Name box),
        its name (else the file's), and what it held (what a later save compares the file with)."""
        raw = read_bytes(path, what="decklist")
        text, name = split_name(decode_text(raw, where=str(path), what="decklist"), self.db)
        game = self.game.value
        if not name:  # a list of no name of its own: the file's, as the menus show it (``my-deck``)
            name = SavedDeck(path, game).name if within(path, decks_dir()) else path.stem
        return Incoming(game, text, name, (path, deck_key(name, game)), source, digest(raw))

    def unsaved(self) -> bool:
        """Whether the editor holds edits kept in no file: a list or a name changed since the list
        was last opened, uploaded or saved. An empty box has nothing to lose."""
        return edited(self.input.value, self.name.value, self._clean.get(self.game.value, ("", "")))

    def _open_text(self, incoming: Incoming) -> None:
        """Put ``incoming`` in the editor at once if nothing typed is lost; else hold it and ask
        (*Replace my edits* / *Keep my edits*): the player's edits never vanish unasked."""
        same = incoming.text == self.input.value and self.name.value.strip() in ("", incoming.name)
        if same or not self.unsaved():  # (the very list the editor holds: nothing to lose)
            self.draft_note.value = ""  # (a list brought back from the draft is no longer the one shown)
            self._put(incoming)
            return
        self._waiting[incoming.game] = incoming  # a later upload is the one the player now wants
        self._ask(incoming)

    def _ask(self, incoming: Incoming, saved: Path | None = None) -> None:
        """Show the question for ``incoming``; ``saved``: the edits were just saved there."""
        self._set_menu("")  # the menu does not show a list as opened while it waits
        self._asked_saved = saved is not None
        if self._kept_shown:  # an earlier answer's message is no longer news (a list's problems stay)
            self.status.value = ""
            self._kept_shown = False
        stays = (f" (it stays in the {GAMES[incoming.moved_from]} editor)" if incoming.moved_from is not None
                 else "")
        whose = self._whose_list(incoming)
        if saved is None:
            ui.show(self.ask, "warn", f"{incoming.source} is not opened yet: the editor holds unsaved edits",
                    [*whose, "Replace my edits: open it in the editor; your edits are lost (Save them first "
                     "to keep them)",
                     f"Keep my edits: leave the editor as it is; {incoming.source} is not opened{stays}"])
        else:
            ui.show(self.ask, "info", f"{incoming.source} is not opened yet",
                    [f"Your edits are saved in {saved.name}.", *whose,
                     f"Replace my edits: open {incoming.source} in the editor",
                     f"Keep my edits: leave the editor as it is; {incoming.source} is not opened{stays}"])
        self.choice.layout.display = None

    def _whose_list(self, incoming: Incoming) -> list[str]:
        """A line saying that ``incoming`` reads as another game's list than its editor's (naming its
        cards, and what choosing that game does), for the question it waits with; none when it does not."""
        try:
            parse(incoming.text, self._cards.last(incoming.game)[0])
        except DecklistError as exc:
            if exc.other_game is not None:
                return [self._other_game_line(exc, waiting=True)]
        except CompanionError:
            pass
        return []

    def _other_game_line(self, exc: DecklistError, *, waiting: bool = False) -> str:
        """``These look like TMNT TCG cards (18 of the 18 unknown names are): Leonardo, April O'Neil, Karai
        and 14 more; choose TMNT TCG above and the list goes along ...``: whose list it is, by the cards it
        names of that game, and how to move it there (:meth:`_moving`); ``waiting``: of a list not yet in
        the editor (the question it waits with)."""
        from ..deck.decklist import looks_like, their_card_names

        assert exc.other_game is not None
        other, k, n = exc.other_game
        names = their_card_names([u for i in exc.issues if (u := i.unknown)], other)
        more = len(names) - _NAMED
        shown = [*names[:_NAMED], *([f"{more} more"] if more > 0 else [])]
        here = GAMES[self.game.value]
        if waiting:
            return (f"{looks_like(other, k, n)}" + (f": {and_list(shown)}" if shown else "")
                    + f"; once it is opened, choose {GAMES[other]} above and it goes along to that editor.")
        return (f"{looks_like(other, k, n)}" + (f": {and_list(shown)}" if shown else "")
                + f"; choose {GAMES[other]} above and the list goes along to the {GAMES[other]} editor "
                f"(asking first if that one holds unsaved edits), and the {here} editor gets back the list "
                "it held when last opened or saved.")

    def take_incoming(self) -> None:
        """*Replace my edits*: the list waiting (see :meth:`_open_text`) goes into the editor."""
        incoming = self.incoming
        if incoming is None:
            raise CompanionError("no list is waiting to be opened", suggestion="Upload or open a list")
        if incoming.held is not None:  # a saved list: as the file holds it now (it may have been saved
            incoming = self._read_saved(incoming.held[0], incoming.source)  # since it was picked)
        self.draft_note.value = ""
        self._put(incoming)

    def drop_incoming(self) -> None:
        """*Keep my edits*: the list waiting is not opened; the editor stays as it is."""
        if self.incoming is None:
            return
        source = self.incoming.source
        self._close_choice(self.game.value)
        ui.show(self.status, "info", "Your edits are kept", [f"{source} was not opened"])
        self._kept_shown = True

    def _put(self, incoming: Incoming) -> None:
        """The list into the editor, its name into the Name box: now the list as opened."""
        game = incoming.game
        self._close_choice(game)
        self._close_clash(game)  # a save's question was about the list the editor held
        self.overwrite.value = False  # ticked for another list: never a replacing save unasked
        if incoming.moved_from is not None:  # it leaves the other game's editor now (nothing of it lost)
            self._vacate(incoming.moved_from, incoming.text)
        # (first: the edits below are no edits; a list that was only typed in another editor is one here)
        self._clean[game] = (incoming.text, incoming.name) if incoming.kept else ("", "")
        self.name.value = incoming.name
        self._from_file[game] = incoming.held is not None
        if incoming.held is None:
            self._held.pop(game, None)
            self._disk.pop(game, None)
            if incoming.kept:
                self._uploaded[game] = incoming.source
            else:
                self._uploaded.pop(game, None)
            self._set_menu("")  # an upload is none of the saved lists
        else:
            self._uploaded.pop(game, None)
            self._held[game] = incoming.held
            if incoming.digest is not None:
                self._disk[game] = (incoming.held[0], incoming.digest)
            self._set_menu(str(incoming.held[0]))
        self.input.value = incoming.text
        self._relabel_menu()  # (the list may be the one the editor held: no change to follow)
        self._keep_draft()

    def _close_choice(self, game: str) -> None:
        """Forget the list waiting for ``game``'s editor, if any, and hide the question."""
        self._waiting.pop(game, None)
        self._hide_choice()

    def _hide_choice(self) -> None:
        self.ask.value = ""
        self.choice.layout.display = "none"

    def _ask_clash(self, path: Path, found: str, changed: bool = True) -> None:
        """Show the question of a save that would replace what ``path`` holds (``found``): it ``changed``
        since this page opened or saved it (another page or a program saved it), or the list does not
        read (its lines that do not are named) or holds no card. Nothing is written until it is answered,
        and the one message is this panel, beside its two answers."""
        game = self.game.value
        if not changed and self.deck is not None and self.deck.entries:  # (it reads now: nothing to ask)
            self._close_clash(game)
            return
        self._clash[game] = (path, found, changed)
        with _as_save_error():
            new = self.save_path(free_name(self.save_name(), game))
        unread = [f"Not read: {line}" for line in self._unread] if self.deck is None else []
        if changed:
            title = f"{path.name} changed since this page opened or saved it"
            lines = ["Another page, or a program, saved it meanwhile; your list is still here, not saved.",
                     *unread]
            kept = "the other version"
        else:
            flaw, mend = (("does not read", "Fix it (see under the list)") if self.deck is None
                          else ("holds no card", "Paste or build it"))
            title = f"Your list {flaw}, and {path.name} holds a saved deck"
            lines = [f"Nothing was saved; your list is still here. {mend}, or:", *unread]
            kept = "the saved deck"
        ui.show(self.clash_ask, "warn", title,
                [*lines, f"Save as new deck: your list goes to {new.name}; {path.name} keeps {kept}.",
                 f"Save over it: your list, as typed, replaces what {path.name} holds now; that is lost."])
        self.clash.layout.display = None

    def _close_clash(self, game: str) -> None:
        """Forget the save's question for ``game``'s editor, if any, and hide it."""
        self._clash.pop(game, None)
        self._hide_clash()

    def _hide_clash(self) -> None:
        self.clash_ask.value = ""
        self.clash.layout.display = "none"

    def _menu_follows_edits(self) -> None:
        """Once the editor holds unsaved edits, the Open menu no longer shows a saved list as the
        one in the editor (picking that list again then offers it back, asking first)."""
        if self._busy:
            return
        if self.load.value and self.unsaved():
            self._set_menu("")
        self._relabel_menu()  # "(unsaved)" once edited, "(saved)" when edited back
        waiting = self.incoming
        if waiting is not None and self._asked_saved and self.unsaved():
            self._ask(waiting)  # edited again after the save: they are at stake again

    def _set_menu(self, value: str) -> None:
        """Show ``value`` in the Open menu (when it is one of its entries) without opening it."""
        if value and value not in {v for _, v in self.load.options}:
            return
        busy, self._busy = self._busy, True
        try:
            self.load.value = value
        finally:
            self._busy = busy

    def save_name(self) -> str:
        """The name a save uses: the Name box, else the list's own ``Name:`` line (its JSON name, its CSV
        title row), else ``deck``; never a name the box held before it was emptied."""
        return self.name.value.strip() or self._read_of(self.input.value).own_name.strip() or "deck"

    def save_path(self, name: str | None = None) -> Path:
        """Where :meth:`save_list` writes the list named ``name`` (default: :meth:`save_name`): a text
        file, or a CSV file for a CSV list with a column a text list cannot keep (a ``note``: see
        :func:`~companion.deck.listtext.text_loses`), so a save keeps every cell."""
        game = self.game.value
        suffix = ".csv" if self._read_of(self.input.value).loses else ".txt"
        return decks_dir() / f"{game}-{deck_stem(self.save_name() if name is None else name, game)}{suffix}"

    def _own_file(self, name: str) -> Path | None:
        """The deck's own file that Save writes the list named ``name`` to, when the editor holds a deck
        opened or saved here (never an example) and ``name`` still names it; ``None``: a new file
        (:meth:`save_path`). Its own file may be hand-named, .json or .csv. A list opened from its file
        is known by the file's name too, so a name that gives that file's name again (its old spelling,
        "Mice & Fruit") names it as well; not a CSV file's (its name is its title row, if any, which
        the editor keeps as typed): only the name it is known by names it."""
        game = self.game.value
        opened = self._held.get(game)
        if opened is None or not within(opened[0], decks_dir()):
            return None
        by_file = (self._from_file.get(game, False) and opened[0].suffix.lower() != ".csv"
                   and self.save_path(name) == self.save_path(opened[0].stem))
        return opened[0] if opened[1] == deck_key(name, game) or by_file else None

    def save_list(self, *, new_name: str | None = None, over: str | None = None) -> Path:
        """Write the list to ``<user data>/decks/<game>-<name>.txt``, with its name (``new_name``, else
        :meth:`save_name`): a text list as typed (comments kept) with a ``Name:`` line saying it, a JSON
        list with its ``name`` (see :func:`~companion.deck.listtext.file_text`).

        The editor keeps the text and the name; the Open menu says which saved list it now holds
        (and opens any list picked, that one too, as it was saved). A file that holds another
        deck (one not opened or saved here under this name, with other text) is never replaced
        unless *Overwrite* is ticked: :class:`DeckSaveError` says so instead. Nor is the deck's own
        file when it changed since this page opened or saved it (another page or a program saved it):
        the page asks (*Save as new deck*, :meth:`save_as_new`; *Save over it*, :meth:`save_over_it`,
        which passes what the file held when asked as ``over``) and :class:`DeckSaveError` says so.
        """
        game = self.game.value
        if (empty := self._no_card()) is not None:  # (the button is off: a call says why)
            raise DeckSaveError(f"nothing to save: {empty}", suggestion="Paste or build a list, then Save")
        asked = self._clash.get(game)  # the question on show, if any: which file changed
        name = self.save_name() if new_name is None else new_name
        path = self.save_path(name)
        typed = self.input.value if self.input.value.endswith("\n") else self.input.value + "\n"
        own = self._own_file(name) if new_name is None else None
        held = own is not None
        if own is not None:
            path = own
        with _as_save_error():
            text = file_text(typed, self.deck, name, path.name, self.db)
        written = digest(text.encode("utf-8"))
        try:
            now = file_digest(path)
        except OSError as exc:  # (a folder of that name, no permission, your decks folder a file)
            problem = folder_problem(path.parent)
            why = (f"your decks folder {path.parent} {problem}" if problem is not None
                   else f"it cannot be read ({os_reason(exc)})")
            raise DeckSaveError(f"{path.name} cannot be saved: {why}; nothing was saved",
                                where=str(path.parent), suggestion="Choose another name, or mend that and "
                                                                   "Save again") from None
        if held:
            known = self._disk.get(game)
            changed = (known is not None and known[0] == path and now is not None
                       and now not in (known[1], written))
            # a list that does not read (or holds no card) never quietly replaces the saved deck it was
            # opened from
            unread = (self.deck is None or not self.deck.entries) and now is not None and now != written
            if (changed or unread) and not self.overwrite.value and over != now:
                assert now is not None
                self._ask_clash(path, now, changed)
                why = ("changed since this page opened or saved it (another page or a program saved it)"
                       if changed else "holds a saved deck, and the list "
                       + ("does not read" if self.deck is None else "holds no card"))
                raise SaveQuestion(f"{path.name} {why}; nothing was saved", where=str(path.parent),
                                   suggestion="Choose Save as new deck (yours under a new name) or Save "
                                              "over it")
        elif now is not None and now != written and not self.overwrite.value:
            self._fill_load()  # the deck it holds (another page may have saved it): offered to open, as said
            raise DeckSaveError(
                f"{path.name} already holds another saved deck; nothing was saved",
                where=str(path.parent),
                suggestion="Choose another name, or tick Overwrite and Save again to replace it "
                           f"(open 'saved: {SavedDeck(path, game).name}' first to see what it holds)")
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, text)
        self._disk[game] = (path, written)
        if new_name is not None:  # saved under the new name: the Name box says it
            busy, self._busy = self._busy, True
            try:
                self.name.value = new_name
            finally:
                self._busy = busy
        self._held[game] = (path, deck_key(name, game))
        self._from_file[game] = False  # now saved under the name typed
        self._clean[game] = (self.input.value, self.name.value)  # saved: nothing of it is lost now
        self.overwrite.value = False
        self._close_clash(game)
        self._uploaded.pop(game, None)
        self._fill_load()  # (its first entry: this deck, saved)
        self.draft_note.value = ""  # (what was brought back is saved now)
        self._keep_draft()
        waiting = self._waiting.get(game)
        if waiting is not None:  # the question still stands, but the edits are no longer at stake
            self._ask(waiting, saved=path)
        lines = [f"{path.name} in your decks folder ({path.parent})"]
        if new_name is not None and asked is not None:
            kept = "the other version" if asked[2] else "the saved deck"
            lines.append(f"as the new deck {new_name!r}; {asked[0].name} keeps {kept}")
        if self.deck is None:  # saved as typed: what does not read is still said
            lines += [f"Not read yet: {line}" for line in self._unread]
        ui.show(self.status, "ok", "Saved", lines)
        return path

    def save_as_new(self) -> Path:
        """*Save as new deck* (the question of a save that found its file changed): the list goes to
        a file of its own under a new name (``My deck 2``), which the Name box then shows."""
        with _as_save_error():
            name = free_name(self.save_name(), self.game.value)
        return self.save_list(new_name=name)

    def save_over_it(self) -> Path:
        """*Save over it*: the list replaces what its file held when the page asked (asked again if the
        file changed once more since)."""
        clash = self._clash.get(self.game.value)
        if clash is None:
            raise CompanionError("no save is waiting for an answer", suggestion="Save the list")
        return self.save_list(over=clash[1])

    def bump(self, card: Card, delta: int) -> None:
        """The table's − and + buttons: change the card's count in the list (see
        :func:`~companion.deck.listtext.bump`)."""
        if self.deck is None:
            raise CompanionError("fix the list first: the card table edits a list that reads cleanly")
        self._keep_rows = True  # every row stays where it is: the next tap lands on the same card
        try:
            self.input.value = bump(self.input.value, self.deck, card, delta, self.db, self.name.value)
        finally:
            self._keep_rows = False

    # --- refresh --------------------------------------------------------------------------------

    def refresh(self, *, check_cards: bool = True) -> None:
        """Re-read the list and update legality, table counts, statistics and odds (the card data
        first, when your card files changed: ``check_cards``). An empty list (or one of comments only)
        gets no verdict: the page asks for a list instead."""
        if self._busy:
            return
        try:
            self._check(check_cards)
        finally:
            self._list_status = self.status.value  # (what a save's question leaves on show)
            self._gate_save()
            self._menu_follows_folder()

    def _no_card(self) -> str | None:
        """Why Save is off: the list reads and holds no card (an empty editor, comments only), so a save
        would write a deck of nothing; ``None``: Save is on (a list that does not read is saved as typed)."""
        if self.deck is not None and not self.deck.entries:
            return "the list holds no card: paste or build a list first"
        return None

    def _gate_save(self) -> None:
        """Save off while the list holds no card (:meth:`_no_card`), saying why under it."""
        ui.gate(self.save, self._no_card())
        self.save_off.value = ui.off_reasons([self.save])

    def _check(self, check_cards: bool) -> None:
        """:meth:`refresh`'s work."""
        self._unread = []
        self._other_game = None
        if check_cards and self.card_data_changed():
            self.reload_cards(said=f"Your {GAMES[self.game.value]} card files changed: card data read again")
            return
        try:
            self.deck = parse(self.input.value, self.db, name=self.name.value.strip())
        except DecklistError as exc:
            self._cannot_read(readable_part(self.input.value, exc, self.db))
            lines = exc.rendered_issues()
            self._unread = list(lines)
            lines += self._left_out_notes([u for i in exc.issues if (u := i.unknown)])
            if exc.other_game is not None:  # another game's list: say which, once, and how to move it
                self._other_game = exc.other_game[0]
                lines.insert(0, self._other_game_line(exc))
            ui.show(self.status, "error", exc.headline(), lines)
            return
        except CompanionError as exc:  # e.g. a JSON list for the other game
            self._cannot_read()
            self._unread = [exc.render()]
            ui.show_error(self.status, exc)
            return
        self._show_warnings()
        self.partial = None
        self._fill_table()
        if not self.deck.entries:  # nothing to judge yet (never "Not legal · 0 cards · 60 cards short")
            self._no_results("once the list holds a card: paste or build a list",
                             ui.panel_html("info", "No cards yet: paste or build a list"))
            unusable = self._read_format()[1]
            if unusable is not None:
                ui.show_error(self.status, unusable)
            return
        # the verdict first: whatever the statistics or the odds run into, never an older list's verdict
        # beside this list
        fmt, unusable = self._read_format()  # read once for the odds and the verdict
        n = self.deck.card_count
        if fmt is not None:
            try:
                verdict = check_deck(self.deck, fmt)
            except CompanionError as exc:
                unusable = exc
        if unusable is not None:  # the format cannot be used: no verdict rather than an old one
            ui.show_error(self.status, unusable)
            self.verdict.value = ui.panel_html("error", "No verdict: the format cannot be used",
                                               [unusable.render()])
            self.summary.value = ui.panel_html("error", f"{plural(n, 'card')} · no verdict: the format "
                                               "cannot be used (see the message above)", [])
        else:
            self.verdict.value = verdict_html(verdict)
            head = (f"Legal · {plural(n, 'card')}" if verdict.is_legal
                    else f"Not legal · {plural(n, 'card')} · {plural(len(verdict.problems), 'problem')}: "
                         "see Legality")
            self.summary.value = ui.panel_html("ok" if verdict.is_legal else "error", head, [])
        self._update_stats()
        self._update_odds(fmt, read=False)

    def _left_out_notes(self, unknown: list[str]) -> list[str]:
        """What a card file of yours left out has to do with the ``unknown`` names, each a note after the
        lines (never their reason): a name one of them holds is blamed on it, and a file whose cards
        cannot be told (:func:`~companion.cards.left_out_holders`: unreadable, or a card without a name)
        may hold the others; a file left out that holds none of them is not named here (the panel above
        names it)."""
        if not unknown or not self._left_out():
            return []
        held, untold = left_out_holders(unknown, self._left_out())
        lines = [f"{name!r} is a card of {file}, which is left out (see above): fix that file, then "
                 "Reload card data" for name, file in held.items()]
        others = [repr(name) for name in dict.fromkeys(unknown) if name not in held]
        for file in untold if others else ():
            lines.append(f"A card of {file} reads as unknown while that file is left out (see above): if "
                         f"{and_list(others)} {'is one' if len(others) == 1 else 'are'} of its cards, fix "
                         "that file, then Reload card data")
        return lines

    def _show_warnings(self) -> None:
        """Under the list: what of it is not read (a CSV list's extra column), as the deck commands
        say it on standard error; nothing when all of it is read."""
        assert self.deck is not None
        said = self.deck.warnings
        if said:
            ui.show(self.status, "warn", f"The list reads, with {plural(len(said), 'warning')}", said)
        else:
            self.status.value = ""

    def _cannot_read(self, partial: Decklist | None = None) -> None:
        """A list that cannot be read: no verdict, statistics, odds or counts of an older list stay
        on show (they would read as this list's). The one error panel is the status, under the list
        (the caller fills it); the tabs say, in grey, that they wait for it. The card table shows the
        counts of ``partial``, the lines that could be read (:func:`readable_part`)."""
        self.deck = None
        self.partial = partial
        self._no_results("when every line of the list can be read (see the message under the list)")
        self._fill_table()

    def _no_results(self, until: str, summary: str = "") -> None:
        """No verdict, statistics or odds on show (an older list's would read as this list's): the tabs
        say, in grey, that they show ``until`` it is so; ``summary``: the line above them (HTML)."""
        waiting = f"<div style='color:{ui.COLOURS['muted']};padding:6px 0'>{{}} {html.escape(until)}.</div>"
        self.verdict.value = waiting.format("The verdict shows")
        self.summary.value = summary
        self.stats_table.value = waiting.format("The statistics show")
        self.odds_html.value = waiting.format("The odds show")
        self.plot.layout.display = "none"
        self._last_comp = None

    def _row(self, card: Card) -> tuple[w.HBox, w.HTML]:
        rows = self._rows.setdefault(self.game.value, {})
        if card.id not in rows:
            label = w.HTML(f"<b>{html.escape(card.name)}</b><br><small style='color:#5f6368'>"
                           f"{html.escape(card_summary(card))}</small>",
                           layout=w.Layout(flex="1 1 0%", min_width="0"))  # (the rest of the row)
            count = w.HTML(layout=w.Layout(width="44px"))
            minus = w.Button(description="−", tooltip=f"one {card.name} less",
                             layout=w.Layout(width="48px", height=ui.BUTTON_HEIGHT))
            plus = w.Button(description="+", tooltip=f"one {card.name} more",
                            layout=w.Layout(width="48px", height=ui.BUTTON_HEIGHT))
            minus.add_class("cmp-deck-minus")
            plus.add_class("cmp-deck-plus")
            guard = ui.guarded(self.status)
            minus.on_click(guard(lambda _b, c=card: self.bump(c, -1)))
            plus.on_click(guard(lambda _b, c=card: self.bump(c, +1)))
            box = w.HBox([minus, count, plus, label],
                         layout=w.Layout(align_items="center", flex="0 0 auto", min_height="52px"))
            box.add_class("cmp-deck-card-row")
            rows[card.id] = (box, count)
        return rows[card.id]

    def matching_cards(self) -> list[Card]:
        """Cards whose name, id, type or fields contain every search word; cards in the deck first. Words
        compare as names do (:func:`~companion.cards.norm_text`: ``O’Neil`` finds ``O'Neil``)."""
        words = norm_text(self.search.value).split()
        counted = self.deck or self.partial  # (while the list cannot be read: its lines that can)
        in_deck = {e.card.id for e in counted.entries} if counted else set()
        out = []
        for c in self.db:
            hay = norm_text(f"{c.name} {card_summary(c)} {c.get('food', '')}")
            if all(word in hay for word in words):
                out.append(c)
        return sorted(out, key=lambda c: c.id not in in_deck)

    def _fill_table(self) -> None:
        cards = self.matching_cards()
        if self._keep_rows:  # a + or − tap: the rows keep their places (sorted again on a search)
            place = {cid: i for i, cid in enumerate(self._row_order)}
            cards.sort(key=lambda c: place.get(c.id, len(place)))
        self._row_order = [c.id for c in cards]
        shown = cards[:MAX_ROWS]
        counted = self.deck or self.partial  # (while the list cannot be read: its lines that can)
        buttons: list[w.Button] = []
        for c in shown:
            box, count = self._row(c)
            n = counted.count_of(c) if counted else 0
            count.value = f"<b style='font-size:18px'>{n}</b>" if n else "<span style='color:#aaa'>0</span>"
            minus, plus = box.children[0], box.children[2]  # off while the list cannot be read; − at 0
            ui.gate(minus, UNREADABLE if self.deck is None else None if n else NONE_TO_TAKE)
            ui.gate(plus, None if self.deck is not None else UNREADABLE)
            buttons += [minus, plus]
        self.table.children = [self._row(c)[0] for c in shown]
        # (a − at 0 says why in its tooltip; its count, 0 in grey, says it in sight: a line under the table
        # would stand there for nearly every card)
        self.table_off.value = ui.off_reasons(buttons, skip=(NONE_TO_TAKE,))
        more = len(cards) - len(shown)
        self.table_note.value = (f"<small>{plural(len(cards), 'card')}" + (f"; {more} more: narrow the search"
                                                                           if more > 0 else "") + "</small>")

    def _update_stats(self) -> None:
        assert self.deck is not None
        comp = composition(self.deck)
        self.stats_table.value = composition_html(shown_composition(comp), self.deck.card_count)
        self.plot.layout.display = None
        if comp != self._last_comp:  # redraw the plot only when the composition changed
            self._last_comp = comp
            fig = composition_figure(self.deck)
            self.plot.value = ui.figure_widget(fig).value

    def _read_format(self) -> tuple[DeckFormat | None, CompanionError | None]:
        """The chosen format, read now (its file may change while the page is open), or why it
        cannot be used."""
        try:
            return self.fmt, None
        except CompanionError as exc:
            return None, exc

    def _update_odds(self, fmt: DeckFormat | None = None, *, read: bool = True) -> None:
        """The opening odds (with ``fmt``'s opening hand and citations; read here when not given,
        unless ``read`` is off: the caller read it and it cannot be used; then the books' hands,
        and the verdict says why) and the custom question."""
        if self._busy or self.deck is None or not self.deck.entries:  # (the tab says what it waits for)
            return
        if fmt is None and read:
            fmt = self._read_format()[0]
        try:
            odds = opening_odds(self.deck, fmt)
        except CompanionError as exc:  # said in the tab: never the odds of the list before beside this one
            self.odds_html.value = ui.panel_html("error", "The opening odds cannot be worked out",
                                                 [exc.render()])
            return
        refused = ""
        if self.kind.value:
            try:  # as deck odds --kind: a value is read whole, and a field no card has is refused
                flt = parse_kind([self.kind.value], self.db.cards)
            except CompanionError as exc:  # said in the Odds tab, whose opening odds still show
                refused = ui.panel_html("error", "Your own question cannot be asked", [exc.render()])
            else:
                past = [f"{box.caption}: {number_text(box.value)} is past what the box takes ({lo} to {hi})"
                        for box in (self.at_least, self.draws) for lo, hi in [box.limits]
                        if not lo <= box.value <= hi]
                if past:  # a number as typed, said (never cut to the box's limit unseen)
                    refused = ui.panel_html("error", "Your own question cannot be asked", past)
                else:  # as deck odds --kind says it and cites it (the opening hand's source, when it is)
                    odds = [*odds, kind_chance(self.deck, flt, self.at_least.value, self.draws.value, fmt)]
        self.odds_html.value = (odds_html(odds) if odds else "<i>No odds for this game.</i>") + refused


def deck_builder(game: str = "village") -> w.VBox:
    """The deck builder page as one widget (for notebooks and Voila)."""
    return DeckBuilderView(game).widget
