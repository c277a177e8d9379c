"""Print and play in a notebook: pick what to print and how, see a sheet, get the PDF.

The view makes the same PDFs as ``companion print`` (same functions, same bytes): card
sheets from a bundled, saved or pasted decklist or a whole game, boards, score sheets and the
calibration page. The decks you saved in the deck builder (``<user data>/decks``) are offered
with the bundled ones, labelled as yours; the list is read again when the game changes, when
*Print* changes, and on the refresh button beside it. The PDF is rendered in memory (pypdfium2)
for the preview, written to the user data folder (``printables/``) and offered as a download
link. A file there that holds another PDF (made with other settings, or before) is never replaced: the new
PDF gets the next free numbered name (``name-2.pdf``, ``name-3.pdf``, ...) and the message
says which file was written.

CSS classes for browser tests: ``cmp-print-game`` (game), ``cmp-print-what`` (cards,
board, sheet, calibration), ``cmp-print-deck`` (deck choice), ``cmp-print-make`` (make
button), ``cmp-print-preview`` (sheet preview image), ``cmp-print-download`` (download
link), ``cmp-print-status`` (messages), ``cmp-print-page`` (preview page number, shown with a PDF),
``cmp-print-decks-refresh`` (read the saved decks again), ``cmp-print-pasted`` (the decklist typed in,
shown when Cards is the list typed below), ``cmp-print-orientation`` (the calibration page's
orientation), ``cmp-print-align`` (the offsets that line the backs up, shown with duplex backs),
``cmp-print-load-problems`` (card files of yours left out, for card sheets), ``cmp-print-plain-back`` (the
game's plain back for a card whose back image is missing, shown with duplex backs).

A card file of yours that does not load is left out of card sheets, as ``companion print`` leaves it
out: they print the bundled cards and your other files, and the page says which file was left out and
why (when the game or *Print* changes, and again with each card PDF made).

A game's cards are read once for the page, and again only when a card file of yours changed on disk
(its path, modification time or size: a cheap look at the folder, so an edited or new file is picked up
without a reload button). Above *Make PDF*, the page shows how many pages and sheets of paper what it
will print makes (card sheets, a board, a score sheet, the calibration page), from its plan alone (nothing
is drawn), with a warning past :data:`~companion.printing.render.BIG_RUN_PAGES` pages
(``cmp-print-estimate``); while the settings cannot be printed (a typo in the list, a bad size or bleed), it
shows why there instead, as *Make PDF* would say it (``cmp-print-estimate-refusal``), and *Make PDF* is
off, its tooltip saying why (on again once they read).

Each kind of printable shows only its own controls: the Cards menu, size, bleed, crop marks and
backs for card sheets, the chosen game's score sheets (by title) for a score sheet, the flip and offsets
for the calibration page. A game with no board or no score sheet says so, and *Make PDF* is off. The
offsets are read only with duplex backs (they move the backs; without backs they are hidden and do
nothing), and an emptied number box reads as 0 (:class:`MmBox`).
"""

from __future__ import annotations

import base64
import html
import io
import itertools
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w
import traitlets

from .. import GAMES, ui
from ..cards import DATA_DIR, CardsAsRead, user_data_dir
from ..errors import CompanionError, os_reason
from ..textio import numbered_name, slug, write_bytes_atomic, write_new
from ..verdict import plural
from .cards import left_out_counts, show_left_out

if TYPE_CHECKING:
    from ..cards import CardDB
    from ..deck.saved import SavedDeck
    from ..printing.render import CardOptions, RunSize

WHAT = (("Card sheets", "cards"), ("Board", "board"), ("Score sheet", "sheet"),
        ("Calibration page", "calibration"))
ALL_CARDS = "(all cards of the game)"
PASTED = "(the list typed below)"
YOURS = "your decks"  #: how a saved deck is labelled: ``my-first-deck (your decks)``
WIDE = {"description_width": "initial"}  #: a label shown whole, never cut to "…"
GAP = "2px 24px 2px 0"  #: the room after a control in a row, so the next one's label reads as its own

#: "How to use this page" (collapsed under the title): for everyone, then for a notebook only.
HELP = (
    "Choose the <b>game</b> and what to <b>Print</b>. For card sheets choose what goes in <b>Cards</b> "
    "(a bundled decklist, one you saved in the deck builder, all cards of the game, or a list you type as "
    "<code>3 Card Name</code> lines), the <b>size</b> (poker 2.5 x 3.5 in, 63.5 x 88.9 mm, by default; "
    "bridge, mini-euro, mini-american, tarot, tcg 63 x 88 mm or your own W x H in mm, or with a unit such as "
    "<code>2.5x3.5in</code>), the <b>paper</b>, "
    "bleed (in mm, or with a unit: <code>0.3cm</code>, <code>0.12in</code>), crop marks and duplex backs "
    "(a card whose own back image is missing stops the PDF, unless <i>Plain back for a missing image</i> is "
    "ticked: the game's plain back is then printed for it, and the message names the card). Above "
    "<b>Make PDF</b> the page says how many pages and sheets of paper what you chose makes, with a warning "
    "for a big run. Press <b>Make PDF</b> to see a sheet and get "
    "the file (it is "
    "also saved in your user data folder under <code>printables/</code>; a PDF made with other settings "
    "never replaces an earlier one of the same name: it is saved beside it as <code>name-2.pdf</code>, "
    "<code>name-3.pdf</code>, ..., and the message says which file was written).",
    "Print at <b>100 % / actual size</b>, never <i>fit to page</i>: the PDF asks viewers not to scale. "
    "For double-sided sheets print the <b>calibration page</b> first, with the flip chosen in "
    "<i>Backs</i> (long or short edge): its rulers show whether your printer scales, and its back grid "
    "gives the <i>Offset X/Y</i> that lines the backs up with the fronts. X runs across the calibration "
    "page and Y up it, as seen on the back; a card sheet comes out landscape when more "
    "cards fit that way (it depends on the size, bleed, crop marks and paper; the message says which) "
    "and turns the offset to match: to be sure, print the calibration page with <i>Landscape</i> "
    "chosen, as you print those sheets. A calibration page printed with an offset has its grid moved by "
    "it: the offset to enter is then that offset plus the reading.",
    "When a card's text does not fit its size even at the smallest font, it is cut off with '…' and the "
    "message under <b>Make PDF</b> names the cards: choose a larger size or shorten the text. A "
    "character the PDF's font (Helvetica) cannot draw, such as an emoji or Japanese, prints as '■': the "
    "message names those cards and characters too. A Mice and Mystics value whose reading of the rule "
    "book is uncertain prints with a trailing <code>?</code> (text with <code>(?)</code>), and the card "
    "says so; an unknown value prints as <code>?</code> alone.",
)
HELP_NOTEBOOK = (
    "The same from JupyterLab's terminal, which opens in this <code>notebooks/</code> folder: "
    "<code>companion print cards village --deck ../data/decks/village-demo-legal.txt --backs duplex "
    "--crop-marks --out deck.pdf</code>, <code>companion print board tmnt --out mat.pdf</code>, "
    "<code>companion print sheet monarchs-score --out pad.pdf</code>, <code>companion print calibration "
    "--out calibration.pdf</code>. The ready-made PDFs of the bundled sets are in the "
    "<code>printables/</code> folder.",
)


def bundled_decks(game: str) -> list[Path]:
    """Decklists shipped for a game: ``data/decks/<game>-*.txt``."""
    folder = DATA_DIR / "decks"
    return sorted(folder.glob(f"{game}-*.txt")) if folder.is_dir() else []


class _MmText(traitlets.Unicode):
    """The text of an :class:`MmBox`: a number set from code (a notebook, a test) is kept as its text."""

    def validate(self, obj: Any, value: Any) -> Any:
        if isinstance(value, int | float):  # (True is 1, as a FloatText took it)
            from ..printing.geometry import typed

            value = typed(float(value))
        return super().validate(obj, value)


class MmBox(w.Text):
    """A box of millimetres (*Bleed*, *Offset X/Y*) read as typed: an emptied box is 0, what a user who
    cleared it meant. Not a FloatText: its front end puts the old number back in an emptied box, unseen,
    and the PDF was made with it. A length set from code may be a number (kept as its text)."""

    value = _MmText("", help="the length typed, in mm").tag(sync=True)

    def mm(self) -> float:
        """The length typed, in mm: blank is 0, a trailing ``mm`` and a decimal comma are taken, and a unit
        as ``--bleed`` and the *W x H mm* box take one (``0.3cm``, ``0.12in``:
        :func:`~companion.printing.geometry.typed_length`); anything else is refused naming this box
        (whether it is in range is the caller's to say)."""
        from ..printing.geometry import typed_length

        if not self.value.strip():
            return 0.0
        return typed_length(self.value, where=self.description, noun="number",
                            expected="a number of mm such as 1.5, or with a unit: 0.15cm, 0.06in (empty: 0)")


class PrintView:
    """The print-and-play page; ``.widget`` is what the notebook displays."""

    def __init__(self, game: str = "village") -> None:
        from ..printing.boards import board_games
        from ..printing.geometry import load_geometry

        geo = load_geometry()
        self.pdf: bytes = b""
        self.filename = ""
        self._changed_from = ""  # the PDF the "settings changed" message on show speaks of ("": none on show)
        self.status = ui.panel()
        #: what :attr:`status` shows, set wherever it is written (:meth:`_say`, :meth:`_show_error`): "error"
        #: (a refusal or an error), "changed" (the settings changed since the PDF made before), "" (anything
        #: else, or nothing); :meth:`_outdated` and :meth:`_refresh` read it to know what a change takes back
        self.status_shows = ""
        self.status.add_class("cmp-print-status")
        self.load_problems = w.HTML()  # the card files of yours card sheets leave out, and why
        self.load_problems.add_class("cmp-print-load-problems")
        self.game = w.Dropdown(options=[(name, gid) for gid, name in GAMES.items()], value=game,
                               description="Game", style=WIDE, layout=w.Layout(width="260px", margin=GAP))
        self.game.add_class("cmp-print-game")
        self.what = w.ToggleButtons(options=WHAT, value="cards", style={"button_width": "auto"})
        self.what.add_class("cmp-print-what")
        self.deck = w.Dropdown(description="Cards", style=WIDE,
                               layout=w.Layout(width="420px", max_width="100%", margin="2px 12px 2px 0"))
        self.deck.add_class("cmp-print-deck")
        self.decks_refresh = ui.ActionButton(description="Read my decks again", icon="refresh",
                                             tooltip="Read your saved decks again (a deck saved in the deck "
                                             "builder since this page opened), and your card files",
                                             layout=w.Layout(width="auto"))
        self.decks_refresh.add_class("cmp-print-decks-refresh")
        #: the saved decks offered, by the menu's value (the file's path)
        self._saved: dict[str, SavedDeck] = {}
        #: why each list in your decks folder that is offered for no game is not (a list named after no game
        #: whose cards do not tell its game): said by :meth:`refresh_decks`
        self._untold: list[str] = []
        self._filling = False  # the deck menu is being filled: no setting changed
        self.pasted = w.Textarea(placeholder="3 Acorn Scout\n2 Barley Runner\n...", description="Decklist",
                                 style=WIDE, layout=w.Layout(width="420px", max_width="100%", height="90px"))
        self.pasted.add_class("cmp-print-pasted")
        #: the chosen game's score sheets, by their titles (filled with the game: :meth:`_sheet_options`)
        self.sheet = w.Dropdown(description="Sheet", style=WIDE, layout=w.Layout(width="360px"))
        self.board_games = board_games()
        self.size = w.Dropdown(options=[*geo.card_sizes, "custom"], value=geo.default_size,
                               description="Size", style=WIDE, layout=w.Layout(width="220px", margin=GAP))
        dw, dh = geo.card_size(None)  # (a custom size starts as the default one, from the data)
        self.custom = w.Text(value=f"{dw:g}x{dh:g}", description="W x H mm", style=WIDE,
                             layout=w.Layout(width="220px", margin=GAP))
        self.paper = w.ToggleButtons(options=list(geo.papers), value=geo.default_paper,
                                     style={"button_width": "auto"})
        # unbounded boxes: a value past the limits is kept as typed and refused, quoted, when the PDF is
        # made (a bounded box would cut 25 down to 20 unseen and print with it)
        self.bleed = MmBox(value="0", placeholder="0", description="Bleed mm", style=WIDE,
                           continuous_update=False, layout=w.Layout(width="180px", margin=GAP))
        check = {"indent": False, "layout": w.Layout(width="auto", margin="2px 24px 2px 0")}
        self.crop = w.Checkbox(value=True, description="Crop marks", **check)
        self.corners = w.Checkbox(value=False, description="Rounded-corner guides", **check)
        self.backs = w.Dropdown(options=[("No backs", "none"), ("Duplex, long-edge flip", "duplex"),
                                         ("Duplex, short-edge flip", "duplex-short")], value="duplex",
                                description="Backs", style=WIDE, layout=w.Layout(width="300px"))
        #: a card's back image missing or unreadable: the game's plain back for it, not a refusal (with backs)
        self.plain_back = w.Checkbox(value=False, description="Plain back for a missing image", indent=False,
                                     layout=w.Layout(width="auto", margin="2px 0 2px 24px"))  # (its own)
        self.plain_back.add_class("cmp-print-plain-back")
        self.off_x = MmBox(value="0", placeholder="0", description="Offset X mm", style=WIDE,
                           continuous_update=False, layout=w.Layout(width="200px", margin=GAP))
        self.off_y = MmBox(value="0", placeholder="0", description="Offset Y mm", style=WIDE,
                           continuous_update=False, layout=w.Layout(width="200px", margin=GAP))
        #: the calibration page's orientation: the one printed, and the one card offsets were read on
        self.orientation = w.ToggleButtons(options=[("Portrait", "portrait"), ("Landscape", "landscape")],
                                           value="portrait", style={"button_width": "auto"})
        self.orientation.add_class("cmp-print-orientation")
        self.orientation_row = ui.labelled("Calibration page", self.orientation)
        self.make_button = ui.big_button("Make PDF", style="primary", icon="print")
        self.make_button.add_class("cmp-print-make")
        self.page = w.BoundedIntText(value=1, min=1, max=1, description="Preview page", style=WIDE,
                                     layout=w.Layout(width="170px"))
        self.page.add_class("cmp-print-page")
        self.page_of = w.Label("of 1", layout=w.Layout(width="auto", margin="0 16px 0 4px"))
        self.preview = w.Image(format="png", layout=w.Layout(max_width="520px", border="1px solid #ccc",
                                                             display="none"))  # until there is a sheet
        self.preview.add_class("cmp-print-preview")
        #: how many pages and sheets of paper the printable chosen makes, before Make PDF (see _show_estimate)
        self.estimate = w.HTML()
        self.estimate.add_class("cmp-print-estimate")
        self.progress = ui.progress(1, "Printing")  # shown while a card run is being drawn
        self.progress.layout.display = "none"
        self.progress.add_class("cmp-print-progress")
        self.download = w.HTML()
        self.download.add_class("cmp-print-download")
        self.offsets = ui.row(self.off_x, self.off_y)
        #: the offsets that line the backs up, and the calibration page they were read on (card sheets
        #: with duplex backs: an offset only moves backs)
        self.align_box = w.VBox([
            w.HTML(f"<b>Lining up the backs</b> <small style='color:{ui.COLOURS['muted']}'>(read on the "
                   "calibration page's back grid)</small>"),
            self.offsets, self.orientation_row])
        self.align_box.add_class("cmp-print-align")
        self.card_box = w.VBox([ui.row(self.deck, self.decks_refresh),
                                self.pasted,
                                ui.row(self.size, self.custom, self.bleed),
                                ui.row(self.crop, self.corners), ui.row(self.backs, self.plain_back),
                                self.align_box])
        self.options = w.VBox()
        self.page_row = ui.row(self.page, self.page_of, self.download)
        self.page_row.layout.display = "none"  # until there is a PDF
        self.widget = w.VBox([
            ui.header("Print and play",
                      "Exact-size PDFs: print at 100 % (actual size), never 'fit to page'."),
            ui.help_box(HELP, HELP_NOTEBOOK),
            ui.row(self.game, ui.labelled("Paper", self.paper)), self.load_problems,
            ui.labelled("Print", self.what), self.options, self.estimate, self.make_button, self.status,
            self.progress, self.page_row, self.preview,
        ])
        self.widget.add_class("companion-page")
        guard = ui.guarded(self.status, show=self._show_error)
        self.game.observe(guard(lambda _c: self._refresh()), names="value")
        self.what.observe(guard(lambda _c: self._refresh()), names="value")
        self.size.observe(guard(lambda _c: self._show_custom()), names="value")
        self.deck.observe(lambda _c: self._show_applying(), names="value")
        self.backs.observe(lambda _c: self._show_applying(), names="value")
        for control in (self.deck, self.pasted, self.sheet, self.size, self.custom, self.paper, self.bleed,
                        self.crop, self.corners, self.backs, self.off_x,
                        self.off_y):  # (game, Print: _refresh; menu filled: after)
            control.observe(guard(lambda _c: self._filling
                                  or self._show_estimate()), names="value")  # type: ignore[func-returns-value]
        self.make_button.on_click(guard(lambda _b: self.make()))
        self.decks_refresh.on_click(guard(lambda _b: self.refresh_decks()))
        self.page.observe(guard(lambda _c: self._show_page()), names="value")
        #: the controls that shape the PDF: their values are the settings a PDF was made with
        self._shaping = (self.game, self.what, self.deck, self.pasted, self.sheet, self.size, self.custom,
                         self.paper, self.bleed, self.crop, self.corners, self.backs, self.off_x, self.off_y,
                         self.orientation, self.plain_back)
        #: each file this page wrote: the settings and the SHA-256 of the bytes (see :meth:`_save`)
        self._made: dict[Path, tuple[tuple[Any, ...], str]] = {}
        #: per game, its cards as read (see :meth:`_game_cards`): the stamp, the cards, the files left out
        self._cards = CardsAsRead()  # the games' cards as last read (read again when your files change)
        #: the Cards choice last counted: its key, the cards, the count or refusal (:meth:`_copies_counted`)
        self._counted: tuple[tuple[Any, ...], CardDB, int | CompanionError] | None = None
        for control in self._shaping:  # (the lambda's value is unused: mypy refuses _outdated's None in it)
            control.observe(guard(lambda _c: self._filling
                                  or self._outdated()), names="value")  # type: ignore[func-returns-value]
        self._refresh()

    # ------------------------------------------------------------------ state
    def _say(self, kind: str, title: str, lines: Sequence[str] = (), *, shows: str = "") -> None:
        """Show a message in :attr:`status` (``kind``, ``title`` and ``lines`` as :func:`ui.show` takes them),
        noting what it is in :attr:`status_shows` (``shows``: "changed" for the settings-changed message)."""
        ui.show(self.status, kind, title, lines)
        self.status_shows = shows

    def _show_error(self, target: w.HTML, exc: BaseException) -> None:
        """How a control's error is shown (the page's guard): as every page shows one
        (:func:`ui.show_error`), noted in :attr:`status_shows`."""
        ui.show_error(target, exc)
        if target is self.status:
            self.status_shows = "error"

    def _clear_status(self) -> None:
        """Empty :attr:`status` (nothing on show)."""
        self.status.value = ""
        self.status_shows = ""

    def _refresh(self) -> None:
        if self.status_shows == "error":  # a refusal of the printable on show before: not this one
            self._clear_status()
        game = self.game.value
        self._filling = True  # (the estimate is shown once, below)
        try:
            self.deck.options = self._deck_options()
            self.deck.value = ""
            sheets = self._sheet_options()
            if sheets != list(self.sheet.options):  # (new options choose the first: else the choice stays)
                self.sheet.options = sheets
                if sheets and self.sheet.index is None:  # (a menu that was empty chooses none by itself)
                    self.sheet.index = 0
        finally:
            self._filling = False
        self._show_custom()
        self._show_applying()
        what = self.what.value
        self._show_left_out(self._read_cards()[1] if what == "cards" else {})
        self._show_estimate()  # (Make PDF off, saying why, when there is nothing to make or it is refused)
        missing = self._unavailable()
        if what == "cards":
            self.options.children = [self.card_box]
        elif what == "sheet":
            self.options.children = [self.sheet] if missing is None else [w.HTML(html.escape(missing))]
        elif what == "board":
            self.options.children = [w.HTML(
                f"The {html.escape(GAMES[game])} board at real size, tiled over sheets with overlap and "
                "registration crosses." if missing is None else html.escape(missing))]
        else:
            self.options.children = [w.HTML(
                "Two pages: 100 mm rulers (check the scale) and a back grid: read the offset there and "
                "enter it under <i>Lining up the backs</i> of the card sheets (printed with an offset, the "
                "grid moves with it: enter that offset plus the reading). Print it double-sided with the "
                "flip chosen in <i>Backs</i>, and as <i>Landscape</i> for card sheets that come out "
                "landscape. <i>How to use this page</i> says more."), self.backs, self.align_box]

    def _sheet_options(self) -> list[tuple[str, str]]:
        """The Sheet menu: the chosen game's score sheets (:func:`~companion.printing.boards.game_sheets`),
        each by its title (``Of Mice and Monarchs score pad``), never another game's."""
        from ..printing.boards import game_sheets

        return [(spec.get("title", name), name) for name, spec in game_sheets(self.game.value).items()]

    def _unavailable(self) -> str | None:
        """Why there is nothing to make for the game and printable chosen (a game with no board, or no
        score sheet), in the page's words, naming the games that have one; ``None`` when there is."""
        from ..printing.boards import game_sheets, sheets

        game, what = self.game.value, self.what.value
        if what == "board" and game not in self.board_games:
            return (f"No board for {GAMES[game]}. Boards: "
                    + ", ".join(GAMES[g] for g in self.board_games) + ".")
        if what == "sheet" and not game_sheets(game):
            return (f"No score sheet for {GAMES[game]}. Score sheets: "
                    + ", ".join(str(spec.get("title", name)) for name, spec in sheets().items()) + ".")
        return None

    def _read_cards(self) -> tuple[CardDB, dict[str, list[str]]]:
        """The chosen game's cards, a card file of yours that does not load left out, and those left out
        (for :meth:`_show_left_out`, which the game's choice and *Make PDF* call). Read once for the page:
        again only when a card file of yours was added, removed or changed since
        (:meth:`~companion.cards.CardsAsRead.current`), so switching games or printables reads nothing."""
        return self._cards.current(self.game.value)

    def _game_cards(self) -> CardDB:
        """The chosen game's cards as the page last read them (:meth:`_read_cards`), no file looked at: the
        estimate counts with them at every keystroke of the list."""
        return self._cards.last(self.game.value)[0]

    def _show_left_out(self, skipped: Mapping[str, Sequence[str]]) -> None:
        """Say which card files of yours card sheets leave out, and why (``skipped``: as
        :func:`~companion.cards.load_what_loads` gives them; empty: nothing to say)."""
        show_left_out(self.load_problems, self.game.value, skipped, then="make the PDF again",
                      goes_on="this page prints the other cards")

    def _deck_options(self) -> list[tuple[str, str]]:
        """The Cards menu: the whole game, the bundled decks, your saved decks of the game (as the deck
        builder lists them: :func:`companion.deck.saved.saved_decks`, the lists there named after no game
        whose cards are this game's too), the pasted list. A decks folder that cannot be read is said in the
        status; a list whose game cannot be told is kept in :attr:`_untold`, which the refresh button's
        message says."""
        from ..deck.saved import saved_decks

        game = self.game.value
        problems: list[str] = []
        self._untold = []
        mine = saved_decks(game, problems, self._untold)
        self._saved = {str(d.path): d for d in mine}
        if problems:
            self._say("warn", "Your saved decks are not offered", problems)
        return [(ALL_CARDS, ""), *((p.stem, str(p)) for p in bundled_decks(game)),
                *((d.labelled(YOURS), str(d.path)) for d in mine), (PASTED, "-")]

    def refresh_decks(self) -> None:
        """Read the saved decks again (the refresh button), keeping the deck chosen while it is still
        there; say how many there are. For card sheets, your card files too when one changed on disk: the
        count above *Make PDF* (and whether it is off) is then worked out with them."""
        chosen = self.deck.value
        cards_changed = False
        if self.what.value == "cards":  # your card files too: a list may name a card of one mended since
            before = self._game_cards()
            skipped = self._read_cards()
            if skipped[0] is not before:
                self._show_left_out(skipped[1])
                cards_changed = True
        options = self._deck_options()
        if options != list(self.deck.options):
            self._filling = True  # the same choice stays: no setting changed
            try:
                ui.keep_choice(self.deck, options, "")
            finally:
                self._filling = False
        if cards_changed or self.deck.value != chosen:
            self._show_estimate()  # once; before _outdated, which reads the gate this sets
        if self.deck.value != chosen:
            self._outdated()
        from ..deck.saved import decks_dir

        n = len(self._saved)
        where = decks_dir()
        gone = [] if self.deck.value == chosen else [f"the deck chosen, {Path(chosen).name}, is no longer in "
                                                      f"{where}: the cards of the whole game are chosen"]
        self._say("warn" if gone or self._untold else "info",
                  f"{n} saved deck{'s' * (n != 1)} of {GAMES[self.game.value]} in your decks folder",
                  [*gone, *self._untold, f"{where}; save one with the deck builder's Save"])

    def _show_custom(self) -> None:
        self.custom.layout.display = None if self.size.value == "custom" else "none"

    def _show_applying(self) -> None:
        """Show only the card sheets' controls that apply: the decklist box when Cards is the list
        typed, the offsets (and the calibration page they were read on) when there are backs to
        move; the calibration page always has them (its grid moves with the offset)."""
        self.pasted.layout.display = None if self.deck.value == "-" else "none"
        backs = self.backs.value != "none" or self.what.value == "calibration"
        self.align_box.layout.display = None if backs else "none"
        # (the plain back stands in for a card's back image: card sheets with backs only)
        self.plain_back.layout.display = None if self.backs.value != "none" else "none"

    def _card_copies(self) -> tuple[list[Any], str, tuple[str, ...]]:
        """The copies to print, the PDF's title, and how the decklist was read where it could have been
        read otherwise (a name several cards carry), for the message; from the game's cards as the page
        keeps them (:meth:`_game_cards`: read again by *Make PDF*, :meth:`_read_cards`). A typed list's
        error is the one *Make PDF* gives, so the estimate shows it in the same words."""
        from ..printing.jobs import reading_notes, select_cards

        game = self.game.value
        db = self._game_cards()
        if self.deck.value == "-":
            from ..deck.decklist import parse

            if not self.pasted.value.strip():
                from ..printing.geometry import PrintError

                raise PrintError("the decklist is empty", where="Decklist",
                                 expected="lines like '3 Card Name'")
            dl = parse(self.pasted.value, db, where="Decklist")
            title = f"{GAMES[game]}: {dl.name or 'my deck'}"
            return dl.cards(), title, reading_notes(dl.readings, "Decklist")
        try:
            sel = select_cards(game, deck=self.deck.value or None, db=db)
        except CompanionError as exc:
            from ..deck.decklist import DecklistError

            mine = self._saved.get(self.deck.value)
            if mine is None or not (isinstance(exc, DecklistError) or exc.where == self.deck.value):
                raise
            named = mine.path.name.lower().startswith(f"{game}-")  # (the deck builder's Open offers it)
            fix = (f"Open it in the deck builder (Open: 'saved: {mine.label}') to fix it" if named else
                   f"Fix it in a text editor (or name it {game}-{mine.path.name} and open it in the deck "
                   "builder)")
            raise CompanionError(f"your saved deck {mine.name!r} cannot be read: {exc.render(where=False)}",
                                 where=self.deck.value,
                                 suggestion=f"{fix}, or choose another deck; the refresh button beside "
                                            "Cards reads your decks again.") from None
        return sel.copies, sel.title, tuple(sel.notes)

    def _card_options(self) -> CardOptions:
        """The card sheets' settings as :func:`~companion.printing.render.print_cards` takes them. A blank
        *W x H mm* box is refused (it would quietly print the default size), and one that is not width x
        height is refused in that box's words (a Size menu name typed there is taken). Without backs the
        offset boxes are hidden and not read: an offset moves backs only, so one left there does nothing."""
        from ..printing.geometry import WXH_EXPECTED, PrintError, custom_card_size, load_geometry
        from ..printing.render import CardOptions

        size = self.custom.value if self.size.value == "custom" else self.size.value
        if not size.strip():
            raise PrintError("no card size given", where="--size", expected=WXH_EXPECTED)
        if self.size.value == "custom" and size.strip().lower() not in load_geometry().card_sizes:
            custom_card_size(size)
        offset = self._offset() if self.backs.value != "none" else (0.0, 0.0)
        return CardOptions(size=size, paper=self.paper.value, bleed=self._bleed(), crop_marks=self.crop.value,
                           corners=self.corners.value, backs=self.backs.value, offset=offset,
                           offset_from=self.orientation.value, plain_back_if_missing=self.plain_back.value)

    def _run_size(self) -> RunSize:
        """How many pages and sheets of paper the printable chosen makes, as :meth:`_make` prints it (its
        plan alone: nothing is drawn)."""
        from ..printing.boards import CALIBRATION_SIZE, board_size, find_board, find_sheet
        from ..printing.render import run_size

        what = self.what.value
        if what == "cards":
            return run_size(self._copies_counted(), self._card_options())
        if what == "board":
            return board_size(find_board(self.game.value), self.paper.value)
        if what == "sheet":
            return board_size(find_sheet(self.sheet.value), self.paper.value)
        self._offset()  # (the page is drawn with it: one out of range is refused as Make PDF refuses it)
        return CALIBRATION_SIZE

    def _copies_counted(self) -> int:
        """How many cards the Cards choice prints (:meth:`_card_copies`), worked out again only when the
        choice, the list typed, the game's cards or the deck file (one ``stat``) changed: a change of
        size, paper or bleed re-reads no saved deck. A list that cannot be read is refused the same way:
        its refusal is kept too, so a keystroke in another box does not read the list again (nor work out
        again whether its unknown names are another game's cards, which loads that game's cards)."""
        deck = self.deck.value
        try:
            file = os.stat(deck) if deck not in ("", "-") else None
        except OSError:
            file = None  # (read below: a file that cannot be read is refused as Make PDF refuses it)
        db = self._game_cards()
        key = (self.game.value, deck, self.pasted.value if deck == "-" else "",
               file and (file.st_mtime_ns, file.st_size, file.st_ino))
        kept = self._counted
        if kept is not None and kept[0] == key and kept[1] is db and (file is not None or deck in ("", "-")):
            if isinstance(kept[2], CompanionError):
                raise kept[2].with_traceback(None)  # (its traceback not grown at each raise)
            return kept[2]
        try:
            count = len(self._card_copies()[0])
        except CompanionError as exc:
            self._counted = (key, db, exc)
            raise
        self._counted = (key, db, count)
        return count

    def _show_estimate(self) -> None:
        """Above *Make PDF*: the pages and sheets of paper the printable chosen makes (``This makes 24
        pages (12 sheets of paper, duplex)``), with what the whole game leaves out (:meth:`_not_printed`), a
        warning past :data:`~companion.printing.render.BIG_RUN_PAGES` pages. While the settings do not read
        (an empty or bad list, a bad size or bleed), why, in the words *Make PDF* would say (the closest card
        name too): a count that just went would leave the user guessing. Nothing for a game with no board or
        score sheet (the page says so above). *Make PDF* is off while either lasts, its tooltip saying why
        (the refusal's first line), on again once the settings read: a button that would only be refused is
        never offered. The cards are those last read (no file is looked at while a list is typed): the
        refresh button beside Cards reads them again, with your decks (a card file of yours mended since)."""
        missing = self._unavailable()
        if missing is not None:
            self.estimate.value = ""
            ui.gate(self.make_button, missing)  # nothing to make: off, saying why (said above it too)
            return
        try:
            size = self._run_size()
        except CompanionError as exc:
            said = self._in_page_words(exc)
            self.estimate.value = _refusal_html(said)
            ui.gate(self.make_button, _first_reason(said))
            return
        ui.gate(self.make_button, None)
        note = size.big_note()
        left = self._not_printed() if self.what.value == "cards" else None
        if note:
            ui.show(self.estimate, "warn", "A big print run", [note, *([left] if left else [])])
        else:
            self.estimate.value = (f"<span style='color:{ui.COLOURS['muted']}'>This makes "
                                   f"{html.escape(size.words())}{html.escape(f'; {left}' if left else '')}"
                                   "</span>")

    def _not_printed(self) -> str | None:
        """With Cards: all cards of the game, the records that are not printed (data, not cards), said where
        the count is, since the Cards page counts them (:func:`~companion.printing.jobs.not_printed`)."""
        from ..printing.jobs import not_printed

        return not_printed(self.game.value, self._game_cards().cards) if self.deck.value == "" else None

    def _clear(self) -> None:
        """Forget the last PDF: no download link or preview that a failed run could leave stale."""
        self.pdf, self.filename = b"", ""
        self.download.value = ""
        self.preview.layout.display = "none"
        self.page.value, self.page.max = 1, 1
        self.page_of.value = "of 1"
        self.page_row.layout.display = "none"

    def _outdated(self) -> None:
        """A control that shapes the PDF changed: the PDF made before is no longer the one asked for.

        Its link and preview go (the file saved before stays in the folder) and the message says so.
        A refusal on show goes once the settings read (the estimate above *Make PDF*, worked out first, is
        no refusal: the card it named was mended); while they still do not, it stays, the reason standing.
        The message about a PDF made before follows every later change (what Make PDF would do now).
        """
        if self.status_shows == "error" and "cmp-print-estimate-refusal" not in self.estimate.value:
            self._clear_status()
        if not self.pdf and not (self._changed_from and self.status_shows == "changed"):
            return
        name = self.filename or self._changed_from
        self._clear()
        self._changed_from = name
        off = self.make_button.disabled  # (gated before this runs: the settings now make no PDF)
        now = (f"no PDF is made with them ({self.make_button.tooltip})" if off
               else "press Make PDF for a new PDF")
        self._say("info", f"The settings changed: {now}",
                  [f"{name} (made with the previous settings) stays in {user_data_dir() / 'printables'}: "
                   "a PDF made with other settings never replaces it (a new PDF of the same name is "
                   "saved under the next free number: name-2.pdf, name-3.pdf, ...)"], shows="changed")

    def make(self) -> bytes:
        """Make the chosen PDF: preview, file in the user data folder (never over another PDF, see
        :meth:`_save`), download link.

        The previous PDF's link and preview go first, so an error never leaves them offered
        as if they were the PDF just asked for (the file saved before stays in the folder).
        An error names the control on this page, not the command line's option.
        """
        try:
            return self._make()
        except CompanionError as exc:
            said = self._in_page_words(exc)
            if said is exc:
                raise
            raise said from None

    def _in_page_words(self, exc: CompanionError) -> CompanionError:
        """``exc`` naming this page's control where it names the command line's option (``--size``: *W x H
        mm* or *Size*); itself otherwise. What *Make PDF* and the estimate say."""
        from ..printing.geometry import PrintError
        from ..printing.render import PLAIN_BACK_CHOICE, PLAIN_BACK_CHOICE_PAGE

        labels = {"--size": "W x H mm" if self.size.value == "custom" else self.size.description,
                  "--paper": "Paper", "--bleed": self.bleed.description,
                  "--offset": "Offset X/Y mm", "--backs": self.backs.description}
        if not isinstance(exc, PrintError):
            return exc
        if exc.suggestion and PLAIN_BACK_CHOICE in exc.suggestion:  # (a missing back image: the checkbox)
            return exc.relabel(suggestion=exc.suggestion.replace(PLAIN_BACK_CHOICE, PLAIN_BACK_CHOICE_PAGE))
        if exc.where not in labels:
            return exc
        return exc.relabel(where=labels[exc.where])

    def _make(self) -> bytes:
        from ..printing.boards import find_board, find_sheet, overlap_words, print_board, print_calibration
        from ..printing.geometry import is_landscape, sheet_words
        from ..printing.render import RunSize, print_cards
        from ..printing.text import SMALL_TEXT_PT

        self._clear()
        missing = self._unavailable()
        if missing is not None:  # (the button is off: a notebook's call of make() is told the same)
            raise CompanionError(missing)
        buf = io.BytesIO()
        game, what, paper = self.game.value, self.what.value, self.paper.value
        warnings: list[str] = []
        problems: list[str] = []  # what the warnings are about, for the status line
        if what == "cards":
            # a card file of yours that does not load is left out (named above, and counted under the
            # button), as the command leaves it out (the page gives no art folder: print_cards reads no
            # card data)
            skipped = self._read_cards()[1]  # (read again if a card file of yours changed)
            self._show_left_out(skipped)
            left_out = _left_out_words(skipped)
            if left_out:
                warnings.append(f"{left_out} (named above, under Game): the PDF holds the other cards")
                problems.append(left_out)
            copies, title, readings = self._card_copies()
            opts = self._card_options()
            self.progress.max = max(len(copies), 1)
            self.progress.value = 0
            self.progress.layout.display = ""

            def moved(done: int, total: int) -> None:
                self.progress.max, self.progress.value = total, done

            try:
                res = print_cards(copies, buf, opts, game=game, title=title, on_page=moved)
            finally:
                self.progress.layout.display = "none"
            deck = slug(title.split(': ', 1)[-1], default='cards', limit=40)
            # (a deck named after its game, village-demo-legal, is not named twice: cards-village-demo-...)
            name = f"cards-{deck if deck.startswith(f'{game}-') else f'{game}-{deck}'}-{paper}.pdf"
            per = sheet_words(res.grid.paper) + (" (more cards fit that way)" if is_landscape(res.grid.paper)
                                                 else "")
            left = self._not_printed()
            # (pages and sheets of paper, as the count above the button and the command's summary say them)
            sheets = RunSize(res.copies, res.grid.per_page, len(res.pages), opts.backs != "none").words()
            summary = [f"{plural(res.copies, 'card')} ({res.distinct} different), "
                       f"{res.grid.cols} across x {res.grid.rows} down per {per}, "
                       f"{sheets}", *([left] if left else []),
                       f"card {res.grid.card[0]:g} x {res.grid.card[1]:g} mm"]
            if readings:  # a name several cards carry: which printing was printed
                warnings.extend(readings)
                problems.append("a name in the list was read as one of several cards")
            plain = res.plain_back_note()
            if plain:  # (asked for with the checkbox, but which backs differ must be said)
                warnings.append(plain)
                problems.append("a back image is missing: the plain back is printed for it")
            if res.art_notes:  # what Pillow warned reading a card's art or back (damaged EXIF data)
                warnings.extend(res.art_notes)
                problems.append("an image gave a warning")
            small = f"some text is smaller than {SMALL_TEXT_PT:g} pt"
            for note, what_went_wrong in ((res.corrected_note(), "some values are your corrections"),
                                          (res.truncation_note(), "some text did not fit"),
                                          (res.small_text_note(), small),
                                          (res.turn_note(page=True), "the offset was turned for this sheet"),
                                          (res.glyph_note(), "some characters print as ■"),
                                          (res.offset_note(), "the offset pushes backs past the margin")):
                if note:
                    warnings.append(note)
                    problems.append(what_went_wrong)
        elif what == "board":
            info = print_board(find_board(game), buf, paper=paper)
            name = f"board-{game}-{paper}.pdf"
            bands = overlap_words(info["overlap_mm"], info["overlap_across_mm"], info["overlap_down_mm"])
            tiled = f"; overlap {bands}, then cut and glue as the printed steps say" if info["sheets"] > 1 \
                else ""
            summary = [f"{plural(info['sheets'], 'sheet')} ({info['cols']} across x {info['rows']} down)"
                       + tiled]
        elif what == "sheet":
            info = print_board(find_sheet(self.sheet.value), buf, paper=paper)
            name = f"sheet-{self.sheet.value}-{paper}.pdf"
            summary = [plural(info['sheets'], 'sheet')]
        else:
            flip = "short" if self.backs.value == "duplex-short" else "long"
            landscape = self.orientation.value == "landscape"
            print_calibration(buf, paper=paper, offset=self._offset(), flip=flip, landscape=landscape)
            name = ("calibration-" + ("short-edge-" if flip == "short" else "")
                    + ("landscape-" if landscape else "") + f"{paper}.pdf")
            summary = [f"print double-sided ({flip}-edge flip) at 100 %, then read the offset on the "
                       "back grid" + (" and enter it with Calibration page: Landscape" if landscape else "")]
        pdf, folder = buf.getvalue(), user_data_dir() / "printables"
        try:
            path, kept = self._save(folder, name, pdf)
        except (OSError, CompanionError) as exc:  # a folder we may not write: the PDF is still made
            reason = os_reason(exc) if isinstance(exc, OSError) else getattr(exc, "reason", exc.message)
            path, kept = None, []
            warnings.append(f"it could not be saved in {folder} ({reason}): download it from the link "
                            "below, or make the folder writable and press Make PDF again")
            problems.append("it is not saved")
        self.pdf, self.filename = pdf, name if path is None else path.name
        name = self.filename
        pages = _page_count(self.pdf)
        self.page.max = max(pages, 1)
        self.page.value = 1
        self.page_of.value = f"of {max(pages, 1)}"
        self.page_row.layout.display = None
        self._show_page()
        data = base64.b64encode(self.pdf).decode("ascii")
        self.download.value = (f"<a class='cmp-print-download-link' download='{html.escape(name)}' "
                               f"href='data:application/pdf;base64,{data}' "
                               "style='font-size:16px;padding:8px'>"
                               f"⬇ Download {html.escape(name)} ({len(self.pdf) / 1024:.0f} KB)</a>")
        lines = [*summary, *([] if path is None else [f"saved as {path}"]), "Print at 100 % / actual size."]
        if kept:  # the names taken by something else: said, so no one looks for this PDF there
            one = len(kept) == 1
            names = ", ".join(kept) if len(kept) <= 3 else f"{kept[0]} and {len(kept) - 1} numbered ones"
            lines.insert(len(summary), f"{names} already {'holds' if one else 'hold'} something else (made "
                         f"with other settings, or changed since): {'it is' if one else 'they are'} kept, "
                         f"not replaced, and this PDF is {name}")
        if warnings:
            self._say("warn", f"Made {name}, but {' and '.join(problems)}", [*warnings, *lines])
        else:
            self._say("ok", f"Made {name}", lines)
        return self.pdf

    def _offset(self) -> tuple[float, float]:
        """*Offset X/Y mm* as the command line reads ``--offset X,Y``: a value past the range is refused with
        its message, quoting what was typed (``offset '25,0' out of range``; a value with a unit as typed,
        with the mm it came to: ``offset '1in,0' ... found 25.4,0 mm``), never cut to the limit."""
        from ..printing.geometry import checked_offset, has_unit, typed

        x, y = self.off_x.mm(), self.off_y.mm()
        shown = ",".join(box.value.strip() if has_unit(box.value) else typed(mm)  # (20,5: 20.5, no comma)
                         for box, mm in ((self.off_x, x), (self.off_y, y)))
        return checked_offset(x, y, shown)

    def _bleed(self) -> float:
        """*Bleed mm*, refused past the range as ``--bleed`` is (``bleed 12 mm out of range``)."""
        from ..printing.geometry import check_bleed

        return check_bleed(self.bleed.mm())

    def _save(self, folder: Path, name: str, pdf: bytes) -> tuple[Path, list[str]]:
        """Write ``pdf`` as ``name`` in ``folder``, whole or not at all; the file written and the
        names of the files passed over.

        A file of that name is replaced only when nothing is lost: it holds these very bytes, or
        this page wrote it with the same settings and it is unchanged since. Otherwise it stays,
        and the next free numbered name (``name-2.pdf``, ``name-3.pdf``, ...) is taken the same way;
        a free name is claimed before it is written, so another window's PDF is never replaced.
        """
        from ..deck.saved import digest

        settings = tuple(control.value for control in self._shaping)
        made = digest(pdf)
        folder.mkdir(parents=True, exist_ok=True)
        for path, (made_with, _digest) in list(self._made.items()):  # this page's own file for these
            if made_with == settings and self._replaceable(path, pdf, settings):  # settings first
                write_bytes_atomic(path, pdf)
                self._made[path] = (settings, made)
                return path, []
        kept: list[str] = []
        for n in itertools.count(1):
            path = folder / numbered_name(name, n)
            if self._replaceable(path, pdf, settings):
                write_bytes_atomic(path, pdf)
            else:
                try:
                    write_new(path, pdf)
                except FileExistsError:  # another PDF (or anything else) has the name: keep it
                    kept.append(path.name)
                    continue
            self._made[path] = (settings, made)
            return path, kept
        raise AssertionError("unreachable")  # pragma: no cover - itertools.count never ends

    def _replaceable(self, path: Path, pdf: bytes, settings: tuple[Any, ...]) -> bool:
        """Whether writing ``pdf`` over ``path`` loses nothing (see :meth:`_save`)."""
        made = self._made.get(path)
        try:
            if not path.is_file() or path.is_symlink():
                return False
            if made is None and path.stat().st_size != len(pdf):
                return False
            old = path.read_bytes()
        except OSError:
            return False
        if old == pdf:
            return True
        from ..deck.saved import digest

        return made is not None and made[0] == settings and made[1] == digest(old)

    def _show_page(self) -> None:
        if not self.pdf:
            return
        from ..printing.preview import page_png

        self.preview.value = page_png(self.pdf, self.page.value - 1, dpi=50)
        self.preview.layout.display = ""


def _left_out_words(skipped: Mapping[str, Sequence[str]]) -> str | None:
    """How many card files (and corrections) of yours card sheets left out (``skipped``: as
    :func:`~companion.cards.load_what_loads` gives them), for the message under *Make PDF*: ``1 card file
    of yours was left out``; ``None`` when none was (the bundled cards failing is an error of its own)."""
    files, records = left_out_counts(skipped)
    if not files + records:
        return None
    parts = [*([plural(files, "card file")] if files else []), *([plural(records, "correction")] if records
                                                                  else [])]
    return f"{' and '.join(parts)} of yours {'was' if files + records == 1 else 'were'} left out"


def _refusal_html(exc: CompanionError, lines: int = 4) -> str:
    """Why the settings cannot be printed, in place of the count above *Make PDF*: the error as *Make PDF*
    says it, its first ``lines`` lines (a list with many bad lines: *Make PDF* lists them all)."""
    said = exc.render().splitlines()
    if len(said) > lines:
        said = [*said[:lines], f"... and {plural(len(said) - lines, 'more line')}: Make PDF lists them all"]
    style = f"color:{ui.COLOURS['warn']};white-space:pre-line"
    return f"<div class='cmp-print-estimate-refusal' style='{style}'>{html.escape(chr(10).join(said))}</div>"


def _first_reason(exc: CompanionError) -> str:
    """*Make PDF*'s tooltip while the settings are refused: the refusal's first line, with its first listed
    line when it introduces a list (``the decklist has 1 line that cannot be read:``), and where the rest
    is."""
    said = [line.strip() for line in exc.render().splitlines() if line.strip()]
    first = said[0] + (f" {said[1]}" if said[0].endswith(":") and len(said) > 1 else "")
    more = len(said) > (2 if said[0].endswith(":") else 1)
    return f"{first}{' ...' if more else ''} (said above Make PDF)"


def _page_count(pdf: bytes) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return len(doc)
    finally:
        doc.close()

