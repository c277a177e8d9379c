"""Of Mice and Monarchs table companion: score pad, family variant, buy planner, solo helper.

Build with ``MonarchsCompanion()`` and display ``.widget``. All rules come from
:mod:`companion.monarchs`; this module only reads and writes widget values.

CSS classes for browser tests:
``cmp-monarchs-page`` (the whole page), ``cmp-monarchs-input`` (each score-pad stepper),
``cmp-monarchs-total`` (the live total), ``cmp-monarchs-variant`` (standard/family toggle),
``cmp-monarchs-family`` (per-colour crowns-per-card inputs), ``cmp-monarchs-colour`` (one colour's
counters and crowns per card, in one box), ``cmp-monarchs-draft`` (what was brought back from before a
reload, above the tabs) and ``cmp-monarchs-afresh`` (its Start afresh), ``cmp-monarchs-list`` (paste a
decklist or JSON), ``cmp-monarchs-score-list`` (its button), ``cmp-monarchs-table`` (the score
table), ``cmp-monarchs-influence``, ``cmp-monarchs-court`` (the eight position inputs),
``cmp-monarchs-plan`` (plan button), ``cmp-monarchs-purchases`` (the result), ``cmp-monarchs-hand`` (the
five boxes of the hand, card by card) and ``cmp-monarchs-hand-sum`` (its influence, or why it cannot be
read), ``cmp-monarchs-player-name``, ``cmp-monarchs-add-player`` (Add to the final scores) and
``cmp-monarchs-add-player-off`` (why it is off), ``cmp-monarchs-players`` (every player's final score and who
wins), ``cmp-monarchs-players-message``, ``cmp-monarchs-player-pick``, ``cmp-monarchs-remove-player`` and
``cmp-monarchs-clear-players``, ``cmp-monarchs-roll``,
``cmp-monarchs-solo`` (dice result), ``cmp-monarchs-highscores``, ``cmp-monarchs-hs-variant`` (the
scoring a saved score is kept with), ``cmp-monarchs-hs-pick`` and ``cmp-monarchs-hs-remove`` (take a
listed score back), ``cmp-monarchs-end``,
``cmp-monarchs-message`` (the score pad's problems and notes, under the total),
``cmp-monarchs-list-message`` (what scoring a pasted list did, under its buttons),
``cmp-monarchs-buy-message`` (under Plan purchases), ``cmp-monarchs-solo-message`` (under the dice
buttons), ``cmp-monarchs-hs-message`` (what Save score or Remove did, under them),
``cmp-monarchs-score-list-off``, ``cmp-monarchs-save-off``, ``cmp-monarchs-hs-remove-off``,
``cmp-monarchs-plan-off``, ``cmp-monarchs-read-off`` (why Score this list, Save score, Remove, Plan
purchases, Read these dice are off, in words under them),
``cmp-monarchs-load-problems`` (card files of yours left out, above the tabs). Each result or
refusal shows next to the button that caused it, on its own tab.

A card file of yours that does not load is left out, as every command leaves it out: the page uses the
bundled cards and your other files, and says above the tabs which file was left out and why.

The score pad (with the players added to the final scores) and the buy planner are kept in a draft on every
change (:mod:`companion.monarchs.draft`), so a reload brings them back; the page says so above the tabs.
"""

from __future__ import annotations

import datetime
import html
import random
import time
from typing import Any

import ipywidgets as w

from .. import ui
from ..drafts import DraftKeeper, Kept
from ..errors import CompanionError
from ..highscores import load_high_scores, record_high_score, remove_high_score
from ..monarchs.court import (
    CITE_BUY,
    HAND_SIZE,
    MAX_INFLUENCE,
    Hand,
    check_influence,
    parse_court,
    plan_purchases,
    read_hand,
)
from ..monarchs.draft import START_INFLUENCE, ColourPad, PageDraft, TablePlayer, draft_path, read_draft
from ..monarchs.flow import (
    MAX_COURT_DECK,
    MAX_PLAYERS,
    MAX_SCORE,
    SCORING_TITLES,
    HighScore,
    HighScores,
    check_name,
    end_status,
    not_kept_words,
    solo_removal,
    why_not_dice,
    why_not_high_score,
)
from ..monarchs.scoring import (
    CITE_FAMILY,
    CITE_SCORING,
    COURT_COLOURS,
    MAX_CROWNS,
    GameScores,
    Score,
    ScoreCard,
    ScoreFile,
    ScoreInputError,
    score,
    score_players,
)
from ..verdict import plural
from .cards import page_cards

#: Most cards of one colour the score pad counts (its cards counter); a colour's crowns counter
#: goes up to this many cards of :data:`~companion.monarchs.scoring.MAX_CROWNS` crowns each.
MAX_PAD_CARDS = 99

#: The page's own style: a pad box holding what is no whole number (``2.5`` pasted) is marked and says so,
#: for the browser keeps such text on screen while the box counts its whole part.
_INVALID = ".cmp-monarchs-page .companion-stepper:has(.cmp-monarchs-input input:invalid)"
PAGE_CSS = (f"<style>{_INVALID} input {{border-color: {ui.COLOURS['error']}; background: #fdecea}} "
            f"{_INVALID} {{position: relative}} "
            f"{_INVALID} .companion-stepper-label {{color: {ui.COLOURS['error']}}} "
            f"{_INVALID}::after {{content: 'a whole number'; position: absolute; left: 0; bottom: 0; "
            f"white-space: nowrap; font-size: 11px; line-height: 1.1; color: {ui.COLOURS['error']}}}</style>")
# (the words under the label, within the stepper's height: the row keeps its place, nothing is cut off)

#: What the buy planner and the solo dice show once their inputs change after a result.
STALE_PLAN = ("<div class='cmp-monarchs-stale'><i>The influence or the Court changed: press "
              "<b>Plan purchases</b> for the plan.</i></div>")
STALE_SOLO = ("<div class='cmp-monarchs-stale'><i>The dice or the Court changed: press <b>Read these "
              "dice</b> (or roll) for what they remove.</i></div>")

#: "How to use this page" (collapsed under the title): for everyone, then for a notebook only.
HELP = (
    "<b>Score pad</b>: at the end of the game sort your cards by colour and tap in the <b>cards</b> and "
    "<b>crowns</b> of each colour: the total updates as you go (the rule book's example gives 28 VP: try "
    "<i>Book example</i>). For the <b>family variant</b>, switch to <i>Family</i> and type the crowns on "
    "each card of a colour; the two lowest go (+ and − on its cards add and take off a card of 0 crowns "
    "there). You can also paste a decklist (<code>3 Card Name</code> lines or CSV) or JSON. The pad and the "
    "buy planner are kept as you type: a reload of the page brings them back.",
    "<b>Buy planner</b>: what your hand can buy: type its cards (each card's influence or name) or its "
    "influence (back row costs 2 more; only the top of a stack).",
    "<b>Solo</b>: reads the white and black dice, and keeps your high scores (Save score takes the score "
    "pad's total), standard and family scores ranked apart.",
    "<b>Final scores</b> (on the Score pad): add each player's pad under their name; every player is scored "
    "at once, the winner said (the most VP wins; the rule book gives no tie-break, so a tie is shared).",
    "<b>End of game</b>: when the game ends and how many turns are left, so everyone plays equally (the "
    "player with the most VP wins; the rule book gives no tie-break).",
    "Rules: <i>of-mice-and-monarchs.md</i> (Game Play, Game End and Scoring, Solo Mode, Family Scoring "
    "Variant).",
)
HELP_NOTEBOOK = (
    "From the command line: <code>companion score monarchs FILE [--variant family] [--json]</code>, "
    "<code>companion monarchs buy|end|solo|highscores</code>.",
)

#: A short hint on a tab: small text, lines spaced as text (not as a row of controls).
SMALL = "<small style='display:block;line-height:1.4'>"

#: The first row of the Take back list: no score chosen yet.
PICK_NONE = "choose a listed score…"
#: Why Remove is off (and refused, were it clicked): no row of the Take back list chosen, or none listed.
REMOVE_PICK_FIRST = "choose the score to take back in the Take back list first"
REMOVE_NONE_LISTED = "no score is listed to take back"
#: What to do about a high-score file that cannot be read (Save score is off, saying it).
UNREADABLE_FIX = "why is said with the high scores, below; move the file aside to start a new table"

SWATCH = {"purple": "#7e57c2", "yellow": "#f9a825", "green": "#2e7d32", "blue": "#1565c0",
          "red": "#c62828", "orange": "#ef6c00", "gray": "#9e9e9e"}


#: Seconds in which a second press of Save score, with its boxes unchanged, is taken for a double
#: click and not saved again (no solo game is played in less).
DOUBLE_SAVE_SECONDS = 60


def _short(text: str, limit: int = 24) -> str:
    """``text`` for a message: quoted, cut to ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _number_text(value: int, limit: int = 24) -> str:
    """A typed number for a message, as typed (cut when it runs to hundreds of digits)."""
    try:
        text = str(value)
    except ValueError:  # (Python writes out no int of thousands of digits)
        return "a number of thousands of digits"
    return text if len(text) <= limit else text[:limit] + "…"


def box_value(box: w.IntText, what: str) -> int:
    """``box``'s number if within its limits; else a :class:`ScoreInputError` quoting what was typed."""
    lo, hi = box.limits
    if not lo <= box.value <= hi:
        raise ScoreInputError(f"{what}: {_number_text(box.value)} is past what the box takes ({lo} to {hi})")
    return int(box.value)


def _past_box(box: w.IntText) -> bool:
    """Whether ``box`` holds a number past its limits (:func:`box_value` refuses it)."""
    try:
        box_value(box, box.caption)
    except ScoreInputError:
        return True
    return False


#: The first row of the final scores' Take off list: no player chosen yet.
PICK_PLAYER = "choose a player…"


def game_scores_html(result: GameScores) -> str:
    """Every player's final score as an HTML table (place, player, VP by colour, total; the winners in bold),
    then who wins, each player's notes and the section."""
    head = ("<tr><th>place</th><th>player</th>"
            + "".join(f"<th><span style='color:{SWATCH[c]}'>■</span> {c}</th>" for c in COURT_COLOURS)
            + "<th>total</th></tr>")
    rows = []
    for p in result.players:
        bold = " style='font-weight:bold'" if p.rank == 1 else ""
        rows.append(f"<tr{bold}><td>{p.rank}</td><td>{html.escape(p.name)}</td>"
                    + "".join(f"<td>{r.vp}</td>" for r in p.score.rows) + f"<td>{p.total}</td></tr>")
    notes = "".join(f"<div><small>{html.escape(p.name)}: {html.escape(n)}</small></div>"
                    for p in result.players for n in p.score.notes)
    verdict = f"<div style='font-size:18px;color:{ui.COLOURS['ok']}'>{html.escape(result.verdict())}</div>"
    return (f"<div>{html.escape(result.variant.capitalize())} scoring, VP by colour:</div>"
            "<div style='overflow-x:auto'><table style='font-size:17px;border-collapse:collapse' "
            f"cellpadding=5>{head}{''.join(rows)}</table></div>{verdict}{notes}")  # (scrolls when narrow)


def gray_never_scores(n: int, *, crowns: bool = False) -> str:
    """``1 gray card never scores``, ``2 gray cards never score`` (Scoring), the verb agreeing with ``n``;
    with ``crowns``, then ``; its crowns were ignored`` (``their`` for several)."""
    said = f"{plural(n, 'gray card')} never {'scores' if n == 1 else 'score'}"
    return f"{said}; {'its' if n == 1 else 'their'} crowns were ignored" if crowns else said


def score_table_html(result: Score) -> str:
    """The book's score pad as an HTML table: colour, cards x crowns = VP (or family discards)."""
    rows = []
    for r in result.rows:
        sw = f"<span style='display:inline-block;width:14px;height:14px;background:{SWATCH[r.color]};" \
             "border-radius:3px;margin-right:6px'></span>"
        if result.variant == "standard":
            rows.append(f"<tr><td>{sw}{r.color}</td><td>{r.cards}</td><td>×</td><td>{r.crowns}</td>"
                        f"<td>=</td><td><b>{r.vp}</b></td></tr>")
        else:
            gone = ", ".join(str(c.crowns) for c in r.discarded) or "—"
            rows.append(f"<tr><td>{sw}{r.color}</td><td>{r.cards}</td><td colspan=2>discard crowns: "
                        f"{html.escape(gone)}</td><td>=</td><td><b>{r.vp}</b></td></tr>")
    head = ("<tr><th>colour</th><th>cards</th><th></th><th>crowns</th><th></th><th>VP</th></tr>"
            if result.variant == "standard" else
            "<tr><th>colour</th><th>cards</th><th colspan=2>best discards</th><th></th><th>VP</th></tr>")
    cite = CITE_SCORING if result.variant == "standard" else CITE_FAMILY
    notes = "".join(f"<div>{html.escape(n)}</div>" for n in result.notes)
    gray = f"<div>{gray_never_scores(result.gray_cards)}.</div>" if result.gray_cards else ""
    return (f"<table style='font-size:18px;border-collapse:collapse' cellpadding=6>{head}{''.join(rows)}"
            f"<tr><td colspan=5><b>Total</b></td><td><b>{result.total}</b></td></tr></table>"
            f"{gray}{notes}<small><i>{html.escape(cite)}</i></small>")


class MonarchsCompanion:
    """The notebook page: four tabs (score pad, buy planner, solo, end of game)."""

    def __init__(self, db: Any = None) -> None:
        """``db``: the card data a Court or a list names cards from (default: the game's, read once here,
        a card file of yours that does not load left out and said in :attr:`load_problems`)."""
        self.load_problems = self._panel("load-problems")
        #: the card data a Court or a list names cards from, read once, at build
        self.db: Any = db if db is not None else page_cards("monarchs", self.load_problems)
        # each tab says what its buttons did right under them (never on another tab)
        self.message = self._panel("message")  # the score pad's problems and notes
        self.list_message = self._panel("list-message")  # scoring a pasted list
        self.buy_message = self._panel("buy-message")
        self.solo_message = self._panel("solo-message")  # reading the dice
        self.hs_message = self._panel("hs-message")  # saving and taking back a high score
        #: the score Save score was last filled in with from the pad's total (see :meth:`_prefill`)
        self._prefilled = 0
        self._syncing = False  # the page sets its own boxes: not read back as typed
        #: the players added to the final scores (each with the cards the pad held), and their scoring
        self._players: tuple[TablePlayer, ...] = ()
        self._players_variant = "standard"
        #: the cards the pad scores now (``None``: it has no total), for Add to the final scores
        self._pad_cards: list[ScoreCard] | None = None
        #: the draft (:mod:`companion.monarchs.draft`) is kept on each change once the page is up (a draft
        #: that could not be read: replaced at the first change)
        self._keeping = False
        self._keeper = DraftKeeper(draft_path())
        self._build_score()
        self._build_buy()
        self._build_solo()
        self._build_end()
        tabs = w.Tab(children=[self.score_tab, self.buy_tab, self.solo_tab, self.end_tab])
        for i, title in enumerate(("Score pad", "Buy planner", "Solo", "End of game")):
            tabs.set_title(i, title)
        # what the page brought back from its draft, or why it could not (one line, above the tabs)
        self.draft_note = self._panel("draft")
        afresh = ui.big_button("Start afresh", icon="eraser")
        afresh.add_class("cmp-monarchs-afresh")
        afresh.on_click(ui.guarded(self.draft_note)(lambda _b: self.start_afresh()))
        self.afresh_button = afresh
        self.draft_row = ui.row(self.draft_note, afresh)
        self.widget = w.VBox([ui.header("Of Mice and Monarchs", "Score pad, buy planner and solo helper",
                                        game="monarchs"), w.HTML(PAGE_CSS), ui.help_box(HELP, HELP_NOTEBOOK),
                              self.load_problems, self.draft_row, tabs])
        self.widget.add_class("cmp-monarchs-page")
        self._restore_draft()
        self.refresh_score()
        self._keeping = True

    # -- the draft: the pad and the planner kept for a reload --------------------------------------
    def _draft(self) -> PageDraft:
        """The score pad and the buy planner as they stand (the boxes as typed)."""
        colours = {c: ColourPad(self.cards[c].value, self.crowns[c].value, self.family[c].value)
                   for c in COURT_COLOURS}
        return PageDraft(variant=self.variant.value, colours=colours,
                         influence=self.influence.value, front=tuple(t.value for t in self.front),
                         back=tuple(t.value for t in self.back), best_first=self.sort_by.value,
                         show_all=self.show_all.value, hand=tuple(t.value for t in self.hand),
                         players=self._players, players_variant=self._players_variant)

    def _put_draft(self, draft: PageDraft) -> None:
        """Set the pad and the planner to ``draft`` (the page's own change: kept once done)."""
        self._syncing = True
        try:
            self.variant.value = draft.variant
            for colour, line in draft.colours.items():
                self.cards[colour].value, self.crowns[colour].value = line.cards, line.crowns
                self.family[colour].value = line.per_card
            self.influence.value = draft.influence
            for box, spec in zip((*self.front, *self.back, *self.hand),
                                 (*draft.front, *draft.back, *draft.hand), strict=True):
                box.value = spec
            self.sort_by.value, self.show_all.value = draft.best_first, draft.show_all
            self._players, self._players_variant = draft.players, draft.players_variant
        finally:
            self._syncing = False
        self._hand_ready()
        self.show_players()

    def _restore_draft(self) -> None:
        """Bring back the pad and the planner the page's draft keeps, saying so in one line; a draft that
        cannot be read is said and left as it is (until the pad or the planner changes)."""
        self.draft_row.layout.display = "none"
        try:
            draft = read_draft()
        except CompanionError as exc:
            ui.show(self.draft_note, "warn", "Your pad from before could not be brought back",
                    [exc.render(), "The file is left as it is until you change the pad or the buy planner, "
                                   "which replaces it: move it aside to keep it."])
            self.afresh_button.layout.display = "none"  # (the page is fresh already)
            self.draft_row.layout.display = None
            return
        self._keeper.kept = (draft or PageDraft()).to_text()
        if draft is None or draft.is_fresh():
            return
        self._put_draft(draft)
        pad, planner = draft.typed_in()
        what = ("Your pad and buy planner from before were brought back" if pad and planner else
                f"Your {'pad' if pad else 'buy planner'} from before was brought back")
        if draft.players:  # (Start afresh clears them too: a new game)
            what += f", with the final scores of {plural(len(draft.players), 'player')}"
        self.draft_note.value = ui.panel_html("info", what, note=" <small>(kept as you type, for a reload: "
                                              "<b>Start afresh</b> empties both)</small>")
        self.draft_row.layout.display = None

    def _keep(self) -> None:
        """Write the pad and the planner to the draft once they changed (not while the page opens or sets
        its own boxes: kept when that is done). A draft that cannot be written is said, the page goes on."""
        if not self._keeping or self._syncing:
            return
        try:
            text = self._draft().to_text()
        except ValueError:
            return  # (a number of thousands of digits, set by a program: the pad says it is past its box)
        kept = self._keeper.keep(text)
        if kept is Kept.FAILED:
            failure, reason = self._keeper.failure, self._keeper.reason
            ui.show(self.draft_note, "warn", "Your pad cannot be kept for a reload",
                    [reason if isinstance(failure, CompanionError) else f"{self._keeper.path}: {reason}"])
            self.afresh_button.layout.display = "none"
            self.draft_row.layout.display = None
        elif kept is Kept.RECOVERED:  # (the draft said unreadable, or unwritten: now written)
            self.draft_row.layout.display = "none"

    def start_afresh(self) -> None:
        """Empty the pad and the planner (as a page just opened has them), the draft too."""
        self._put_draft(PageDraft())
        self.list_message.value = ""
        self.draft_row.layout.display = "none"
        self.refresh_score()

    @staticmethod
    def _panel(name: str) -> w.HTML:
        panel = ui.panel()
        panel.add_class(f"cmp-monarchs-{name}")
        return panel

    # -- score pad ---------------------------------------------------------------------------
    def _build_score(self) -> None:
        self.variant = w.ToggleButtons(options=[("Standard", "standard"), ("Family", "family")],
                                       value="standard", style={"button_width": "auto"})
        self.variant.add_class("cmp-monarchs-variant")
        self.cards: dict[str, w.IntText] = {}
        self.crowns: dict[str, w.IntText] = {}
        self.family: dict[str, w.Text] = {}
        rows = []
        for colour in COURT_COLOURS:
            n = ui.stepper("cards", 0, min=0, max=MAX_PAD_CARDS, bounded=False)
            c = ui.stepper("crowns", 0, min=0, max=MAX_PAD_CARDS * MAX_CROWNS, bounded=False)
            f = w.Text(value="", placeholder="e.g. 2 0 1", description="crowns per card",
                       style={"description_width": "initial"}, layout=w.Layout(width="260px"))
            for widget in (n, c):
                widget.add_class("cmp-monarchs-input")
                widget.add_class(f"cmp-monarchs-{colour}")
                widget.observe(self._on_pad, names="value")
            f.add_class("cmp-monarchs-family")
            f.observe(self._on_family_text, names="value")
            self.cards[colour], self.crowns[colour], self.family[colour] = n, c, f
            label = w.HTML(f"<div style='width:90px;font-size:18px'>"
                           f"<span style='color:{SWATCH[colour]}'>■</span> {colour}</div>")
            # one box per colour, a bar of its colour down its side: where the page is narrow and its
            # crowns per card wrap onto a line of their own, they still read as that colour's
            group = w.Box([ui.row(label, n.box, c.box, f)], layout=w.Layout(
                border_left=f"6px solid {SWATCH[colour]}", border_bottom="1px solid #e0e0e0",
                padding="0 0 2px 8px", margin="0 0 4px 0"))
            group.add_class("cmp-monarchs-colour")
            rows.append(group)
        self.total = w.HTML()
        self.total.add_class("cmp-monarchs-total")
        self.table = w.HTML()
        self.table.add_class("cmp-monarchs-table")
        self.list_text = w.Textarea(placeholder="or paste a decklist ('3 Card Name' lines) or JSON "
                                    '{"cards": [{"color": "orange", "crowns": 1}]}',
                                    layout=w.Layout(width="auto", height="90px"))  # (within its column)
        self.list_text.add_class("cmp-monarchs-list")
        listed = ui.guarded(self.list_message)
        load = ui.big_button("Score this list", style="primary")
        load.add_class("cmp-monarchs-score-list")
        load.on_click(listed(lambda _b: self.score_list()))
        self.score_list_button = load
        #: why Score this list is off, in words under its row
        self.list_off = w.HTML()
        self.list_off.add_class("cmp-monarchs-score-list-off")
        self.list_text.observe(lambda _c: self._list_ready(), names="value")
        example = ui.big_button("Book example (28 VP)")
        example.on_click(listed(lambda _b: self.load_book_example()))
        clear = ui.big_button("Clear")
        clear.on_click(listed(lambda _b: self.clear_pad()))
        self.variant.observe(lambda _c: self.refresh_score(), names="value")
        help_ = w.HTML(f"{SMALL}Standard: for each colour, cards × crowns. Family: type the crowns "
                       "on each card of a colour; the two lowest are discarded (all of them if 2 or "
                       "fewer).</small>")
        self._build_players()
        self.score_tab = w.VBox([ui.labelled("Scoring", self.variant), help_, *rows, self.total,
                                 self.message, self.table, self.list_text,
                                 ui.row(load, example, clear), self.list_off, self.list_message,
                                 self.players_box])
        self._list_ready()

    # -- every player's final score ----------------------------------------------------------------
    def _build_players(self) -> None:
        """The final scores of every player at once: each player's pad added under their name, scored
        together, the winner said (:func:`~companion.monarchs.scoring.score_players`)."""
        self.player_name = w.Text(placeholder="player's name", description="Player",
                                  style={"description_width": "initial"}, layout=w.Layout(width="240px"))
        self.player_name.add_class("cmp-monarchs-player-name")
        add = ui.big_button("Add to the final scores", style="primary", icon="plus")
        add.add_class("cmp-monarchs-add-player")
        self.players_message = self._panel("players-message")  # what adding or taking off did
        add.on_click(ui.guarded(self.players_message)(lambda _b: self.add_player()))
        self.add_player_button = add
        #: why Add to the final scores is off, in words under it
        self.add_player_off = w.HTML()
        self.add_player_off.add_class("cmp-monarchs-add-player-off")
        self.players_out = w.HTML()
        self.players_out.add_class("cmp-monarchs-players")
        self.player_pick = w.Dropdown(options=[(PICK_PLAYER, None)], description="Take off",
                                      style={"description_width": "initial"}, layout=w.Layout(width="300px"))
        self.player_pick.add_class("cmp-monarchs-player-pick")
        remove = ui.big_button("Take off", style="danger")
        remove.add_class("cmp-monarchs-remove-player")
        remove.on_click(ui.guarded(self.players_message)(lambda _b: self.remove_player()))
        self.remove_player_button = remove
        clear = ui.big_button("Clear the final scores")
        clear.add_class("cmp-monarchs-clear-players")
        clear.on_click(ui.guarded(self.players_message)(lambda _b: self.clear_players()))
        self.clear_players_button = clear
        self.player_name.observe(lambda _c: self._add_ready(), names="value")
        self.player_pick.observe(lambda _c: self._add_ready(), names="value")
        self.players_box = w.VBox([
            w.HTML("<b>Final scores, every player</b>"),
            w.HTML(f"{SMALL}Fill in the pad for one player (or paste their list), type their name and add "
                   "them; the pad is then cleared for the next. Every player is scored with one scoring, and "
                   "the most VP wins; the rule book gives no tie-break, so tied players share the win "
                   "(of-mice-and-monarchs.md, Game End and Scoring). Adding a name again replaces that "
                   "player's score.</small>"),
            ui.row(self.player_name, add), self.add_player_off, self.players_message, self.players_out])
        #: Take off and Clear, shown once a player is listed
        self.players_row = ui.row(self.player_pick, remove, clear)
        self.players_box.children = (*self.players_box.children, self.players_row)
        self.show_players()

    def game_scores(self) -> GameScores | None:
        """Every player added, scored together (``None``: none added yet)."""
        if not self._players:
            return None
        return score_players([(p.name, p.cards) for p in self._players], self._players_variant)

    def show_players(self, result: GameScores | None = None) -> GameScores | None:
        """The final scores as a table (a row per player, most VP first: place, VP by colour, total) and who
        wins; the Take off list follows. ``result``: the players as just scored (else scored here);
        returned."""
        result = result if result is not None else self.game_scores()
        self.player_pick.options = [(PICK_PLAYER, None)] + [(p.name, p.name) for p in self._players]
        self.player_pick.index = 0
        if result is None:
            self.players_out.value = "<i>No player added yet.</i>"
        else:
            self.players_out.value = game_scores_html(result)
        self._add_ready()
        return result

    def _add_ready(self) -> None:
        """Add to the final scores is on only with a pad that has a total, a name, and room (or a name listed,
        whose score it replaces) in the scoring of those added; Take off with a player chosen, Clear with any
        added. Why not is said under them."""
        ui.gate(self.add_player_button, self._why_not_add())
        ui.gate(self.remove_player_button, None if self.player_pick.value is not None else
                "choose the player to take off in the Take off list first" if self._players else
                "no player is listed to take off")
        ui.gate(self.clear_players_button, None if self._players else "no player is listed")
        self.players_row.layout.display = None if self._players else "none"
        self.add_player_off.value = ui.off_reasons([self.add_player_button, self.remove_player_button]
                                                   if self._players else [self.add_player_button])

    def _why_not_add(self) -> str | None:
        """Why the pad cannot be added to the final scores now (``None``: it can)."""
        try:
            name = check_name(self.player_name.value, where="Player")
        except CompanionError as exc:
            return f"{exc.where}: {exc.message}"
        if not name:
            return "type the player's name first"
        if self._pad_cards is None:
            return "the score pad has no total: correct it first (said under the total)"
        variant = self.variant.value
        if self._players and variant != self._players_variant:
            return (f"the final scores listed are {self._players_variant} scoring: switch the pad to "
                    f"{self._players_variant.capitalize()}, or clear the final scores")
        listed = [p.name.casefold() for p in self._players]
        if name.casefold() not in listed and len(self._players) >= MAX_PLAYERS:
            return f"{plural(MAX_PLAYERS, 'player')} are listed, the most the companion scores at one table"
        return None

    def add_player(self) -> GameScores:
        """Add the pad's cards under the name typed (a name listed: its score replaced), score every player
        again, and clear the pad (and the name) for the next player."""
        refused = self._why_not_add()
        if refused is not None:
            raise ScoreInputError(refused)
        assert self._pad_cards is not None  # (checked: the pad has a total)
        name = check_name(self.player_name.value)
        player = TablePlayer(name, tuple(self._pad_cards))
        players = list(self._players)
        at = next((i for i, p in enumerate(players) if p.name.casefold() == name.casefold()), None)
        was = None
        if at is None:
            players.append(player)
        else:
            was = score(players[at].cards, self.variant.value).total
            players[at] = player
        # (refused: nothing changes)
        result = score_players([(p.name, p.cards) for p in players], self.variant.value)
        self._players, self._players_variant = tuple(players), self.variant.value
        total = next(p.total for p in result.players if p.name == name)
        self.player_name.value = ""
        self.clear_pad()  # (keeps the draft, players and all)
        self.show_players(result)
        ui.show(self.players_message, "ok", f"{name}: {total} VP " + (
            "added" if was is None else f"replaces {was} VP") + "; the pad is cleared for the next player",
            [result.verdict()])
        return result

    def remove_player(self) -> None:
        """Take the player chosen in the Take off list off the final scores."""
        name = self.player_pick.value
        if name is None:
            raise ScoreInputError("choose the player to take off in the Take off list first")
        self._players = tuple(p for p in self._players if p.name != name)
        result = self.show_players()
        self._keep()
        ui.show(self.players_message, "ok", f"{name} taken off the final scores",
                [result.verdict()] if result is not None else [])

    def clear_players(self) -> None:
        """Take every player off the final scores (a new game)."""
        n = len(self._players)
        self._players = ()
        self.show_players()
        self._keep()
        ui.show(self.players_message, "ok", f"The final scores are cleared ({plural(n, 'player')} taken off)")

    def _colour_of(self, widget: Any) -> str:
        return next(c for c in COURT_COLOURS
                    if widget in (self.cards[c], self.crowns[c], self.family[c]))

    def _on_pad(self, change: Any) -> None:
        if self._syncing:
            return
        self._show_as_counted(change["owner"])
        colour = self._colour_of(change["owner"])
        followed = self._follow_cards(colour) if change["owner"] is self.cards[colour] else ""
        self.refresh_score([followed] if followed else [])

    def _show_as_counted(self, box: w.IntText) -> None:
        """A pad box shows the whole number it counts: a browser keeps ``2.5`` pasted into one on screen
        while the box takes 2 (ipywidgets' number box redraws its text only for another number), so a
        number that came from the browser is sent back to it through another, which redraws it. (A
        ``2.5`` pasted over a 2 changes nothing the page is told of: the page's style marks such a box.)"""
        if "value" not in getattr(box, "_property_lock", {}):  # (set here: by − or +, a list; shown)
            return
        was, self._syncing = self._syncing, True
        try:
            value = box.value
            box.value = value + 1
            box.value = value
        finally:
            self._syncing = was

    def _follow_cards(self, colour: str) -> str:
        """A colour's card count changed (its + or −) while its crowns per card are typed, in step with
        its crowns: the list follows, so that − undoes +. Cards added join it with 0 crowns (what was
        typed is kept); a card taken off is the last with 0 crowns (what + adds, and what a card counted
        once too often most likely shows), else the last typed, the crowns counter losing its crowns.
        Returns a note saying what changed. Any other change leaves the text as typed (the score pad
        then says that it no longer matches the counters)."""
        text = self.family[colour].value
        if not text.strip():
            return ""
        try:
            crowns = self._crowns_list(colour)
        except CompanionError:
            return ""  # unreadable: kept, and its error is shown
        n, had = self.cards[colour].value, self.crowns[colour].value
        if not 0 <= n <= MAX_PAD_CARDS or n == len(crowns) or sum(crowns) != had:
            return ""
        sep = ", " if ", " in text else "," if "," in text else " "
        if n > len(crowns):
            k = n - len(crowns)
            self._set_family(colour, text.rstrip() + (sep + "0") * k)
            return (f"{colour}: {plural(k, 'card')} with 0 crowns added to the crowns typed per card (now "
                    f"{_short(self.family[colour].value, 40)}): type "
                    + ("its crowns there if it has any" if k == 1 else "their crowns there if they have any"))
        typed = text.replace(",", " ").split()
        gone = []
        while len(typed) > n:
            zeros = [i for i, x in enumerate(crowns) if x == 0]
            i = zeros[-1] if zeros else len(typed) - 1
            gone.append(crowns.pop(i))
            del typed[i]
        self._set_family(colour, sep.join(typed), crowns=had - sum(gone))
        now = f"now {_short(self.family[colour].value, 40)}" if typed else "none left"
        taken = f"{colour}: {plural(len(gone), 'card')}"
        if not any(gone):
            return f"{taken} with 0 crowns taken off the crowns typed per card ({now})"
        return (f"{taken} taken off the crowns typed per card, those with 0 crowns first, then the last "
                f"typed (the crowns taken off: {', '.join(map(str, gone))}; {now}); its crowns counter "
                f"follows: {had} → {self.crowns[colour].value}")

    def _set_family(self, colour: str, text: str, *, crowns: int | None = None) -> None:
        """Set a colour's crowns per card (and its crowns counter) as the page's own change: not read back
        as typed."""
        self._syncing = True
        try:
            self.family[colour].value = text
            if crowns is not None:
                self.crowns[colour].value = crowns
        finally:
            self._syncing = False

    def _on_family_text(self, change: Any) -> None:
        """Crowns typed per card set that colour's counters (an unreadable text is kept, and the
        pad says what is wrong with it)."""
        if self._syncing:
            return
        colour = self._colour_of(change["owner"])
        if self.family[colour].value.strip():
            try:
                crowns = self._crowns_list(colour)
            except CompanionError:
                crowns = None
            if crowns is not None:
                self._syncing = True
                try:
                    self.cards[colour].value = len(crowns)
                    self.crowns[colour].value = sum(crowns)
                finally:
                    self._syncing = False
        self.refresh_score()

    def _crowns_list(self, colour: str) -> list[int]:
        """The crowns typed for each card of ``colour``: at most :data:`MAX_PAD_CARDS` cards of
        0..:data:`~companion.monarchs.scoring.MAX_CROWNS` crowns (the limits scoring uses)."""
        raw = self.family[colour].value
        text = raw.replace(",", " ").split()
        if not all(t.isdecimal() for t in text):
            raise ScoreInputError(f"{colour}: crowns on each card are whole numbers separated by spaces",
                                  found=_short(raw))
        if len(text) > MAX_PAD_CARDS:
            raise ScoreInputError(f"{colour}: {len(text)} cards; the score pad counts at most "
                                  f"{MAX_PAD_CARDS} cards of a colour", found=_short(raw))
        out = []
        for t in text:
            digits = t.lstrip("0") or "0"
            # the length first: int() refuses thousands of digits with a ValueError
            if len(digits) > len(str(MAX_CROWNS)) or int(digits) > MAX_CROWNS:
                raise ScoreInputError(f"{colour}: a card shows 0..{MAX_CROWNS} crowns, not {_short(t)}")
            out.append(int(digits))
        return out

    def read_pad(self) -> tuple[list[ScoreCard], list[str], list[str], list[str]]:
        """The pad as cards, with every colour's problem (each colour said, none hiding another):
        ``(cards, problems, missing, notes)``. ``missing``: the colours the family variant needs the
        crowns on each card of; ``notes``: what the total does not show. Per-card crowns, where typed
        and matching the counters, give the cards; else the counters (the crowns on one card)."""
        family = self.variant.value == "family"
        cards: list[ScoreCard] = []
        problems: list[str] = []
        missing: list[str] = []
        notes: list[str] = []
        for colour in COURT_COLOURS:
            bad = []
            for box, what in ((self.cards[colour], "cards"), (self.crowns[colour], "crowns")):
                try:
                    box_value(box, f"{colour} {what}")
                except CompanionError as exc:
                    bad.append(exc.render())
            if bad:
                problems += bad
                continue
            n, c = self.cards[colour].value, self.crowns[colour].value
            text = self.family[colour].value
            if text.strip():
                try:
                    per = self._crowns_list(colour)
                except CompanionError as exc:
                    problems.append(exc.render())
                    continue
                if (len(per), sum(per)) == (n, c):
                    cards += [ScoreCard(colour, x) for x in per]
                    continue
                said = (f"{colour}: the crowns typed per card ({_short(text, 40)}) are "
                        f"{plural(len(per), 'card')} with {plural(sum(per), 'crown')}; the counters say "
                        f"{plural(n, 'card')} with {plural(c, 'crown')}")
                if family:  # which cards are discarded depends on them: no total from either
                    problems.append(f"{said}: correct the crowns per card (or clear them to count by the "
                                    "counters)")
                    continue
                notes.append(f"{said}: the standard score counts the counters (the family variant needs "
                             "the crowns per card corrected)")
            if c and not n:
                problems.append(f"{colour}: {plural(c, 'crown')} but no cards")
                continue
            if family and n > 2 and c:  # which cards the family discards depends on them: no guess
                missing.append(colour)
                continue
            cards += [ScoreCard(colour, x) for x in ([c] + [0] * (n - 1) if n else [])]
        return cards, problems, missing, notes

    def refresh_score(self, notes: list[str] | None = None) -> Score | None:
        """The live total: every colour's problem shown at once (no total then), notes said."""
        self.message.value = ""
        cards, problems, missing, more = self.read_pad()
        said = [*(notes or []), *more]
        if missing:
            problems.append(f"type the crowns on each card for: {', '.join(missing)} (family scoring "
                            f"discards the two lowest of each colour; {CITE_FAMILY})")
        if problems:
            title = ("Family scoring needs the crowns on each card" if missing and len(problems) == 1
                     else f"No total: {plural(len(problems), 'problem')} on the pad")
            ui.show(self.message, "warn" if missing and len(problems) == 1 else "error", title,
                    [*problems, *said])
            self.total.value = ("<div style='font-size:32px;font-weight:bold'>Total: — VP</div>"
                                + ("<small>unknown until the crowns on each card are typed</small>"
                                   if missing else ""))
            self.table.value = ""  # no total for a pad that cannot be read (the last would look current)
            self._pad_cards = None
            self._add_ready()
            self._keep()  # (kept as typed: a reload brings back what is to be corrected)
            return None
        result = score(cards, self.variant.value)
        self._pad_cards = cards
        self._add_ready()
        if said:
            ui.show(self.message, "info", "Score pad", said)
        self.total.value = (f"<div style='font-size:32px;font-weight:bold'>Total: {result.total} VP</div>")
        self.table.value = score_table_html(result)
        self._prefill(result.total)
        self._keep()
        return result

    def _prefill(self, total: int) -> None:
        """Fill the solo tab's Final score in with the pad's ``total`` (what a solo player saves),
        unless a score was typed there by hand since the last fill (that one is kept)."""
        if not hasattr(self, "hs_score") or self.hs_score.value != self._prefilled:
            return
        self._prefilled = total
        self.hs_score.value = total

    def set_cards(self, cards: list[ScoreCard]) -> None:
        """Fill the pad from cards (a pasted list, the book example); a colour with more cards
        than the pad counts is refused before anything changes."""
        for colour in COURT_COLOURS:
            n = sum(1 for c in cards if c.color == colour)
            if n > MAX_PAD_CARDS:
                raise ScoreInputError(f"{colour}: {n} cards; the score pad counts at most {MAX_PAD_CARDS} "
                                      "cards of a colour", suggestion="companion score monarchs FILE "
                                      "scores a list of any length")
        self._syncing = True
        try:
            for colour in COURT_COLOURS:
                mine = [c.crowns for c in cards if c.color == colour]
                self.cards[colour].value = len(mine)
                self.crowns[colour].value = sum(mine)
                self.family[colour].value = " ".join(str(x) for x in mine)
        finally:
            self._syncing = False
        self.refresh_score()

    def _pasted(self) -> ScoreFile:
        """The list box's text as a score file (its JSON read once, for all that is asked of it)."""
        return ScoreFile(self.list_text.value, "pasted list")

    def _list_ready(self) -> None:
        """Score this list is on only with something to score pasted (:meth:`~companion.monarchs.scoring.
        ScoreFile.why_empty`: not a blank box, nor comments alone, nor ``{"cards": []}``); a list that cannot
        be read is still refused at the click, naming its line."""
        empty = self._pasted().why_empty()
        ui.gate(self.score_list_button, None if empty is None else f"the {empty.where} box {empty.message}: "
                "paste a decklist ('3 Card Name' lines) or JSON first")
        self.list_off.value = ui.off_reasons([self.score_list_button])

    def score_list(self) -> None:
        """Fill the pad from the pasted list; a list of no cards is refused and the pad left as it is."""
        pasted = self._pasted()
        cards = pasted.cards(self.db)  # (read only where the list names cards)
        empty = pasted.why_empty(cards)
        if empty is not None:
            raise empty
        self.set_cards(cards)
        gray = sum(1 for c in cards if c.color not in COURT_COLOURS)  # the pad has no gray box
        lines = [f"{gray_never_scores(gray, crowns=True)} ({CITE_SCORING})"] if gray else []
        said = pasted.notes()
        if said:  # what the list says of its own figures (the book example's split of crowns)
            lines.append(f"the list's note: {said}")
        ui.show(self.list_message, "ok", f"Scored {plural(len(cards), 'card')} from the list", lines)

    def load_book_example(self) -> None:
        """The book's Scoring Example (of-mice-and-monarchs.md): 28 VP."""
        self.list_message.value = ""
        table = {"orange": (3, 2), "green": (4, 3), "blue": (2, 1), "red": (2, 0), "purple": (1, 2),
                 "yellow": (2, 3)}
        self._syncing = True
        try:
            for colour in COURT_COLOURS:
                n, c = table[colour]
                self.family[colour].value = ""
                self.cards[colour].value = n
                self.crowns[colour].value = c
        finally:
            self._syncing = False
        self.refresh_score()

    def clear_pad(self) -> None:
        self.list_message.value = ""
        self._syncing = True
        try:
            for colour in COURT_COLOURS:
                self.family[colour].value = ""
                self.cards[colour].value = 0
                self.crowns[colour].value = 0
        finally:
            self._syncing = False
        self.refresh_score()

    # -- buy planner -------------------------------------------------------------------------
    def _build_buy(self) -> None:
        self.influence = ui.stepper("Influence", START_INFLUENCE, min=0, max=MAX_INFLUENCE, bounded=False)
        self.influence.add_class("cmp-monarchs-influence")
        self.front = [w.Text(placeholder="cost:crowns or name", description=f"Front {i}",
                             style={"description_width": "56px"}, layout=w.Layout(width="235px"))
                      for i in range(1, 5)]
        self.back = [w.Text(placeholder="cost:crowns or name", description=f"Back {i}",
                            style={"description_width": "56px"}, layout=w.Layout(width="235px"))
                     for i in range(1, 5)]
        for t in (*self.front, *self.back):
            t.add_class("cmp-monarchs-court")
        # the hand, card by card (as 'monarchs buy --hand' takes it): its influence is the plan's
        self.hand = [w.Text(placeholder="influence or name", description=f"Card {i}",
                            style={"description_width": "48px"}, layout=w.Layout(width="235px"))
                     for i in range(1, HAND_SIZE + 1)]
        for t in self.hand:
            t.add_class("cmp-monarchs-hand")
            t.observe(lambda _c: self._hand_ready(), names="value")
        #: the hand's influence card by card, or why the hand cannot be read
        self.hand_said = w.HTML()
        self.hand_said.add_class("cmp-monarchs-hand-sum")
        self.sort_by = w.ToggleButtons(options=[("Most crowns", "crowns"), ("Most influence", "influence"),
                                                ("Spend most", "spent")], value="crowns",
                                       tooltips=[
                                           "the purchases that gain the most crowns first",
                                           "the purchases that gain the most influence first",
                                           "the purchases that spend the most influence first"],
                                       style={"button_width": "auto"})
        self.sort_by.add_class("cmp-monarchs-sort")
        self.show_all = w.Checkbox(value=False, description="Also list purchases that leave a card you "
                                   "could still afford", indent=False, layout=w.Layout(width="auto"))
        self.show_all.add_class("cmp-monarchs-show-all")
        plan = ui.big_button("Plan purchases", style="primary")
        plan.add_class("cmp-monarchs-plan")
        plan.on_click(ui.guarded(self.buy_message)(lambda _b: self.plan()))
        self.plan_button = plan
        #: why Plan purchases is off, in words under it (a touch screen shows no tooltip)
        self.plan_off = w.HTML()
        self.plan_off.add_class("cmp-monarchs-plan-off")
        self.influence.observe(lambda _c: self._plan_ready(), names="value")
        self.purchases = w.HTML()
        self.purchases.add_class("cmp-monarchs-purchases")
        for control in (self.influence, *self.front, *self.back, *self.hand, self.sort_by, self.show_all):
            control.observe(lambda _c: self._plan_outdated(), names="value")
        help_ = w.HTML(f"{SMALL}Each position: <code>cost:crowns</code> (e.g. <code>3:1</code>), a card "
                       "name, <code>-</code> for empty, or a stack <code>2:0/4:1</code> (top card last). "
                       "Back-row cards cost 2 more (of-mice-and-monarchs.md, Game Play).</small>")
        hand_help = w.HTML(f"{SMALL}<b>Your hand</b> (or type the influence above): each card's influence "
                           "(<code>1</code>) or its name; the influence is their sum "
                           "(of-mice-and-monarchs.md, Game Play).</small>")
        self.buy_tab = w.VBox([self.influence.box, hand_help, ui.row(*self.hand), self.hand_said, help_,
                               w.HTML("<b>Back row (cost +2)</b>"), self._court_row(self.back),
                               w.HTML("<b>Front row</b>"), self._court_row(self.front),
                               ui.labelled("Best first", self.sort_by), self.show_all, plan,
                               self.buy_message, self.plan_off, self.purchases])
        self._plan_ready()

    def _plan_ready(self, read: tuple[Hand | None, CompanionError | None] | None = None) -> None:
        """Plan purchases is on only with a hand that reads (:meth:`hand_read`) or, with no hand typed, an
        influence the planner plans for (:func:`~companion.monarchs.court.check_influence`: 0 to 4995); why
        not is said under the button before the click. ``read``: the hand as :meth:`_hand_ready` has just
        read it (the hand, or why it cannot be read), not read again."""
        try:
            hand, error = (self.hand_read(), None) if read is None else read
            if error is not None:
                raise error
            if hand is None:
                check_influence(self.influence.value)
        except CompanionError as refused:
            where = refused.where or self.influence.caption
            ui.gate(self.plan_button, f"{where}: {refused.message}")
        else:
            ui.gate(self.plan_button, None)
        self.plan_off.value = ui.off_reasons([self.plan_button])

    def hand_read(self) -> Hand | None:
        """The hand typed card by card (:func:`~companion.monarchs.court.read_hand`, as ``monarchs buy
        --hand`` reads it; a box left blank is no card); ``None`` when no card is typed. A hand that cannot
        be read raises why, naming its box (``Card 2``)."""
        if not any(t.value.strip() for t in self.hand):
            return None
        return read_hand([t.value for t in self.hand], self.db, where="Card", skip_blank=True)

    def _hand_ready(self) -> None:
        """A hand typed sets the influence (its box is off while the hand is typed: the one or the other, as
        the command takes ``--influence`` or ``--hand``), said card by card; one that cannot be read is said
        under it, and Plan purchases is off with it."""
        error: CompanionError | None = None
        try:
            hand = self.hand_read()
        except CompanionError as exc:
            hand, error = None, exc
            self.hand_said.value = (f"<small style='color:{ui.COLOURS['error']}'>{html.escape(exc.render())}"
                                    "</small>")
        else:
            self.hand_said.value = "" if hand is None else (
                f"{SMALL}Influence from the hand: {html.escape(hand.sum_words())} (clear the hand to type "
                "the influence instead)</small>")
        typed = hand is not None or error is not None  # (a hand is read, or refused, only when typed)
        for part in (self.influence, self.influence.minus, self.influence.plus):
            part.disabled = typed
        if hand is not None and self.influence.value != hand.influence:
            self.influence.value = hand.influence  # (observed: the plan shown goes out of date, is kept)
        self._plan_ready((hand, error))

    @staticmethod
    def _court_row(boxes: list[w.Text]) -> w.HBox:
        """A Court row's four positions side by side, as the table lays them out; where the page is too
        narrow for four, two and two (never three and one)."""
        return ui.row(w.HBox(boxes[:2]), w.HBox(boxes[2:]))

    def _plan_outdated(self) -> None:
        """An input of the planner changed: the plan shown was for other inputs, so it goes (a
        note says to plan again); the solo dice name the Court's cards, so their reading goes too."""
        if self.purchases.value and STALE_PLAN not in self.purchases.value:
            self.purchases.value = STALE_PLAN
        self._solo_outdated()
        self._keep()

    def _solo_outdated(self) -> None:
        """The dice or the Court changed: the reading shown was for other dice."""
        if getattr(self, "solo_out", None) is not None and self.solo_out.value \
                and STALE_SOLO not in self.solo_out.value:
            self.solo_out.value = STALE_SOLO

    def typed_spots(self) -> dict[str, int]:
        """Per row, how many spots from the 1st on hold something typed ('-' for an empty spot
        counts; a blank box does not), so the solo dice tell a spot typed empty from one left blank."""
        out = {}
        for row, boxes in (("front", self.front), ("back", self.back)):
            n = 0
            while n < len(boxes) and str(boxes[n].value).strip():
                n += 1
            out[row] = n
        return out

    def court(self) -> Any:
        """The Court typed in the buy planner's positions (the card data: for a position naming a card)."""
        return parse_court([t.value for t in self.front], [t.value for t in self.back], self.db)

    def plan(self, limit: int = 12) -> Any:
        """Plan the purchases for the Court typed; a Court that cannot be read clears the old plan
        (the error is raised for the page to show), a new plan clears the old message."""
        try:
            hand = self.hand_read()
            influence = self.influence.value if hand is None else hand.influence
            result = plan_purchases(influence, self.court(), by=self.sort_by.value,
                                    maximal_only=not self.show_all.value)
        except CompanionError:
            self.purchases.value = ""
            raise
        self.buy_message.value = ""
        said = [*result.notes, *(hand.notes() if hand is not None else [])]
        from_hand = f" (the hand: {html.escape(hand.sum_words())})" if hand is not None else ""
        items = [html.escape(p.label()) for p in result.purchases[:limit]]
        more = len(result.purchases) - limit
        if more > 0:
            items.append(f"… and {more} more")
        if not items:
            items.append("Nothing affordable.")
        notes = "".join(f"<div><small>{html.escape(n)}</small></div>" for n in said)
        self.purchases.value = (f"<div style='font-size:17px'><b>{influence} influence{from_hand}: "
                                f"{plural(len(result.purchases), 'purchase')}</b><ol>"
                                + "".join(f"<li>{i}</li>" for i in items) + f"</ol>{notes}"
                                f"<small><i>{html.escape(CITE_BUY)}</i></small></div>")
        return result

    # -- solo ------------------------------------------------------------------------------
    def _build_solo(self) -> None:
        self.white = ui.stepper("White die (front)", 1, min=1, max=6, bounded=False)
        self.black = ui.stepper("Black die (back)", 1, min=1, max=6, bounded=False)
        roll = ui.big_button("Roll both dice", style="primary", icon="random")
        roll.add_class("cmp-monarchs-roll")
        roll.on_click(ui.guarded(self.solo_message)(lambda _b: self.roll()))
        read = ui.big_button("Read these dice")
        read.on_click(ui.guarded(self.solo_message)(lambda _b: self.read_dice()))
        self.read_button = read
        #: why Read these dice is off, in words under it
        self.read_off = w.HTML()
        self.read_off.add_class("cmp-monarchs-read-off")
        self.solo_out = w.HTML()
        self.solo_out.add_class("cmp-monarchs-solo")
        for die in (self.white, self.black):
            die.observe(lambda _c: self._solo_outdated(), names="value")
            die.observe(lambda _c: self._dice_ready(), names="value")
        # a number past the box's limit stays as typed and reaches the table's own check: refused
        # with a message quoting it, never saved as 999
        self.hs_score = ui.stepper("Final score", 0, min=0, max=MAX_SCORE, bounded=False)
        self.hs_name = w.Text(placeholder="optional", description="Name",
                              style={"description_width": "initial"}, layout=w.Layout(width="220px"))
        self.hs_variant = w.ToggleButtons(options=[("Standard", "standard"), ("Family", "family")],
                                          value=self.variant.value, style={"button_width": "auto"})
        self.hs_variant.add_class("cmp-monarchs-hs-variant")
        # the score pad's scoring is the likely one: it follows the pad, and can be set apart
        self.variant.observe(lambda c: setattr(self.hs_variant, "value", c["new"]), names="value")
        save = ui.big_button("Save score", style="primary", icon="save")
        save.add_class("cmp-monarchs-save")
        save.on_click(ui.guarded(self.hs_message)(lambda _b: self.save_score()))
        self.save_button = save
        self._saved_note = ""  # the message the last save left: gone once another input changes
        self._last_save: tuple[tuple[int, str, str], float] | None = None  # what was saved, and when
        self.clock = time.monotonic  # (a test sets its own)
        #: why Save score is off, in words (a touch screen shows no tooltip)
        self.save_off = w.HTML()
        self.save_off.add_class("cmp-monarchs-save-off")
        for box in (self.hs_score, self.hs_name, self.hs_variant):
            box.observe(lambda _c: self._high_score_input_changed(), names="value")
        self.highscores = w.HTML()
        self.highscores.add_class("cmp-monarchs-highscores")
        # take a listed score back (a mistyped one), as 'companion monarchs highscores --remove
        # PLACE --name NAME' does: the row chosen gives both
        self.hs_pick = w.Dropdown(options=[(PICK_NONE, None)], description="Take back",
                                  style={"description_width": "initial"},
                                  layout=w.Layout(width="420px", max_width="100%"))
        self.hs_pick.index = 0  # (value None alone would show a blank menu: the first row is shown)
        self.hs_pick.add_class("cmp-monarchs-hs-pick")
        remove = ui.big_button("Remove", style="danger")
        remove.add_class("cmp-monarchs-hs-remove")
        remove.on_click(ui.guarded(self.hs_message)(lambda _b: self.remove_score()))
        self.remove_button = remove
        #: why Remove is off, in words under it
        self.remove_off = w.HTML()
        self.remove_off.add_class("cmp-monarchs-hs-remove-off")
        self.hs_pick.observe(lambda _c: self._remove_ready(), names="value")
        self._listed: HighScores = HighScores()  # the table as listed (the rows of hs_pick)
        #: why the kept table cannot take a score, as the page last read it (``None``: it can)
        self._unreadable: CompanionError | None = None
        self.solo_tab = w.VBox([
            w.HTML(f"{SMALL}After each turn roll both dice: white removes a front-row card, black a "
                   "back-row card (top of a stack only); 5 or 6: you choose. The Court positions typed "
                   "in the buy planner name the cards (of-mice-and-monarchs.md, Solo Mode).</small>"),
            self.white.box, self.black.box, w.HBox([roll, read]), self.solo_message, self.read_off,
            self.solo_out,
            w.HTML("<b>High scores</b>"),
            ui.row(self.hs_score.box, self.hs_name),
            ui.row(ui.labelled("Scored with", self.hs_variant), save),
            self.hs_message, self.save_off, self.highscores, ui.row(self.hs_pick, remove), self.remove_off])
        self.show_high_scores()
        self._save_ready()
        self._dice_ready()

    def _dice_ready(self) -> None:
        """Read these dice is on only with two dice of 1-6 (:func:`~companion.monarchs.flow.why_not_dice`);
        a die past it is said under the button before the click (Roll both dice stays on: it sets both)."""
        refused = why_not_dice(self.white.value, self.black.value)
        ui.gate(self.read_button, None if refused is None else refused.message)
        self.read_off.value = ui.off_reasons([self.read_button])

    def roll(self, rng: random.Random | None = None) -> None:
        r = rng or random.SystemRandom()
        self.white.value, self.black.value = r.randint(1, 6), r.randint(1, 6)
        self.read_dice()  # the reading of these dice replaces the note the change left

    def read_dice(self) -> Any:
        """What the solo dice remove; with the Court typed in the buy planner, the cards by name
        (a Court that cannot be read is said, and the dice still read by position)."""
        self.solo_message.value = ""
        try:
            court = self.court()
        except CompanionError as exc:
            court = None
            ui.show(self.solo_message, "warn", "The Court in the buy planner cannot be read, so the dice "
                    "name positions only", [exc.render()])
        result = solo_removal(self.white.value, self.black.value, court, typed=self.typed_spots())
        self.solo_out.value = "<ul style='font-size:17px'>" + "".join(
            f"<li>{html.escape(line)}</li>" for line in result.lines) + "</ul>"
        return result

    def show_high_scores(self) -> None:
        """The kept tables; a file that cannot be read is said where they go, and Save score is off."""
        try:
            table = load_high_scores()
        except CompanionError as exc:
            # shown where the table goes: the page's message is cleared by every later input
            # (and on opening); the file is left as it is for the user to move aside
            ui.show_error(self.highscores, exc)
            self._unreadable = exc
            self._list_for_removal(HighScores())
            self._save_ready()
            return
        self._unreadable = None
        self._list_for_removal(table)
        self._save_ready()
        if not table.entries:
            self.highscores.value = "<i>No solo scores yet: beat your high score!</i>"
            return
        parts = []
        for variant, rows in table.tables():  # each scoring ranked on its own (Solo Mode: "Score normally")
            if not rows:
                continue
            title = f"<div style='margin-top:6px'><b>{html.escape(SCORING_TITLES[variant])}</b></div>"
            # a tie shares its rank; each row's scoring is its table's, said once, in the heading
            parts.append(title + "<ol style='font-size:17px'>" + "".join(
                f"<li value='{rank}'><b>{e.score}</b> VP {html.escape(e.name)} <small>{html.escape(e.date)}"
                "</small></li>" for rank, _i, e in rows) + "</ol>")
        note = table.beyond_note()
        if note:  # (a file merged by hand: its scores past the top ten are kept, said)
            parts.append(f"{SMALL}note: {html.escape(note)}</small>")
        self.highscores.value = "".join(parts)

    def _list_for_removal(self, table: HighScores) -> None:
        """The rows of the Take back list: the tables as shown, place and all (a row names its scoring)."""
        self._listed = table
        self.hs_pick.options = [(PICK_NONE, None)] + [
            (f"{rank}. {e.label()}" + ("" if e.variant else f"  ({variant})"), i)
            for variant, rows in table.tables() for rank, i, e in rows]
        self.hs_pick.index = 0  # (value None alone would show a blank menu: the first row is shown)
        self._remove_ready()

    def _chosen_row(self) -> int:
        """The index in :attr:`_listed` of the row chosen in the Take back list; raises why there is
        none (:data:`REMOVE_NONE_LISTED`, :data:`REMOVE_PICK_FIRST`)."""
        i = self.hs_pick.value
        if not self._listed.entries:
            raise ScoreInputError(REMOVE_NONE_LISTED)
        if i is None or not 0 <= i < len(self._listed.entries):
            raise ScoreInputError(REMOVE_PICK_FIRST)
        return int(i)

    def _remove_ready(self) -> None:
        """Remove is on only with a listed score chosen (:meth:`_chosen_row`); why not is said under it."""
        try:
            self._chosen_row()
        except CompanionError as refused:
            ui.gate(self.remove_button, refused.message)
        else:
            ui.gate(self.remove_button, None)
        self.remove_off.value = ui.off_reasons([self.remove_button])

    def _save_ready(self) -> None:
        """Save score is on only with a score the table keeps (:func:`~companion.monarchs.flow.
        why_not_high_score`: 0..999 VP, a name of one short line): a pad total past it (its boxes allow
        more cards and crowns than a real Court holds) is said under it before the click, not refused."""
        refused = why_not_high_score(self.hs_score.value, self.hs_name.value,
                                     boxes=(self.hs_score.caption, str(self.hs_name.description)))
        full = self._listed.why_not_add(self.hs_variant.value)  # (a file merged by hand: past the top ten)
        ui.gate(self.save_button,
                f"the high-score table cannot be read, so a score cannot be added to it ({UNREADABLE_FIX})"
                if self._unreadable is not None else
                f"{full.message} ({full.suggestion})" if full is not None else
                None if refused is None else f"{refused.where}: {refused.message}")
        self.save_off.value = ui.off_reasons([self.save_button])

    def save_score(self) -> int | None:
        """Save the final score (with its name and scoring); a second press with the boxes unchanged
        right after a save is taken for a double click: said, and not saved twice."""
        key = (self.hs_score.value, self.hs_name.value.strip(), self.hs_variant.value)
        now = self.clock()
        if self._last_save is not None and self._last_save[0] == key \
                and now - self._last_save[1] < DOUBLE_SAVE_SECONDS:
            ui.show(self.hs_message, "info", f"Not saved twice: {key[0]} VP was saved just now from these "
                    "same boxes", [f"a second press of Save score within {DOUBLE_SAVE_SECONDS} s with "
                                   "nothing changed is taken for a double click; a wrong score can be taken "
                                   "back with Remove"])
            self._saved_note = self.hs_message.value
            return None
        table, rank = record_high_score(HighScore(self.hs_score.value, self.hs_name.value.strip(),
                                                   datetime.date.today().isoformat(), self.hs_variant.value))
        self._last_save = (key, now)
        self.show_high_scores()
        variant = self.hs_variant.value
        ui.show(self.hs_message, "ok", f"Saved {self.hs_score.value} VP ({variant} scoring): "
                + (f"rank {rank} of the {variant} scores" if rank
                   else f"{not_kept_words(table, key[0], variant)} of the {variant} scores"))
        self._saved_note = self.hs_message.value
        return rank

    def remove_score(self) -> HighScore:
        """Take back the score chosen in the Take back list (a mistyped one), by its place and name
        as listed (:func:`~companion.highscores.remove_high_score`, what ``--remove`` uses): a table
        changed since it was listed never loses another score."""
        i = self._chosen_row()
        entry = self._listed.entries[i]
        place = self._listed.ranks()[i]
        try:
            _table, gone = remove_high_score(place, name=entry.name, entry=entry)
        finally:
            self.show_high_scores()  # (a table changed since: listed as it is now)
        self._last_save = None
        ui.show(self.hs_message, "ok", f"Removed: {gone.label()} (place {place})")
        self._saved_note = self.hs_message.value
        return gone

    def _high_score_input_changed(self) -> None:
        self._last_save = None  # another save of these boxes is another score
        self._clear_saved_note()
        self._save_ready()

    def _clear_saved_note(self) -> None:
        """The high scores' message says what the last save did until one of its boxes changes (it
        would read as being about the new values)."""
        if self._saved_note and self.hs_message.value == self._saved_note:
            self.hs_message.value = ""
        self._saved_note = ""

    # -- end of game -------------------------------------------------------------------------
    def _build_end(self) -> None:
        self.players = ui.stepper("Players", 2, min=1, max=MAX_PLAYERS, bounded=False)
        self.seat = ui.stepper("Seat that just played (1 = Start)", 1, min=1, max=MAX_PLAYERS, bounded=False)
        self.court_deck = ui.stepper("Cards left in the Court deck", 10, min=0, max=MAX_COURT_DECK,
                                     bounded=False)
        self.end_out = w.HTML()
        self.end_out.add_class("cmp-monarchs-end")
        for s in (self.players, self.seat, self.court_deck):
            s.observe(lambda _c: self.refresh_end(), names="value")
        self.end_tab = w.VBox([self.players.box, self.seat.box, self.court_deck.box,
                               self.end_out,
                               w.HTML(f"{SMALL}Once the game ends, score every player at once on the "
                                      "<b>Score pad</b> tab, under <i>Final scores, every player</i>: the "
                                      "winner is said there.</small>")])
        self.refresh_end()

    def refresh_end(self) -> None:
        # (a seat past the players is never changed behind the player's back: the seat may be set before
        # the number of players, and a quietly moved seat gave wrong turns left; Players past its box is
        # said as such below, not as a seat with no place)
        if 1 <= self.players.value <= MAX_PLAYERS and self.seat.value > self.players.value:
            self.end_out.value = (f"<div style='font-size:16px;color:{ui.COLOURS['warn']}'>Seat "
                                  f"{self.seat.value} has no place at a table of {self.players.value}: set "
                                  f"Players, or a seat from 1 to {self.players.value}</div>")
            return
        # a value typed past its box: named from the boxes' own limits, checked first, in the order the
        # rules check them (players, seat, Court deck), with the rules' refusal below it
        box = next((b for b in (self.players, self.seat, self.court_deck) if _past_box(b)), None)
        try:
            s = end_status(self.players.value, self.seat.value, self.court_deck.value)
        except CompanionError as exc:  # (said where the status goes: an old status would look current;
            # no action was taken, so never "That did not work")
            title = f"{box.caption}: {_number_text(box.value)} is out of range" if box is not None \
                else "These numbers cannot be read"
            ui.show(self.end_out, "warn", title, [exc.render()])
            return
        colour = ui.COLOURS["warn"] if s.triggered else ui.COLOURS["ok"]
        self.end_out.value = f"<div style='font-size:18px;color:{colour}'>{html.escape(s.message)}</div>"
