"""The Mouse Card system page: exact task-check odds and the game master's live deck.

Build with ``MouseCardPage()`` (or :func:`mousecard_page`) and display ``.widget``. The
check controls at the top are shared: the **Odds** tab computes the exact odds of that
check (optionally from the live deck's remaining cards), under the player's choices
the book leaves open (kings' cards, aces and fate chips, stopping once sure), and plots
success against skill for each target; the **Live deck** tab draws the same check for a
named character and task. The live deck is a :class:`~companion.mousecard.live.LiveDeckTracker` whose log
autosaves under ``user_data_dir()/logs/mousecard.jsonl`` and is resumed on the next start.

CSS classes for browser tests:
``cmp-mousecard-page``, ``cmp-mousecard-message``, ``cmp-mousecard-notice`` (what resuming the
saved session set aside), ``cmp-mousecard-skill``, ``cmp-mousecard-target``,
``cmp-mousecard-need``, ``cmp-mousecard-range-note`` (a number entered past its box's limits, said),
``cmp-mousecard-situation``, ``cmp-mousecard-aged``,
``cmp-mousecard-disadvantage``, ``cmp-mousecard-mode``, ``cmp-mousecard-chips-to-spend``,
``cmp-mousecard-red-bad``, ``cmp-mousecard-use-live``, ``cmp-mousecard-kings``,
``cmp-mousecard-bonus-policy``, ``cmp-mousecard-stop`` (the player's choices),
``cmp-mousecard-bad-succeeds``, ``cmp-mousecard-cancel-draws-on`` (the house readings),
``cmp-mousecard-odds`` (the result), ``cmp-mousecard-halt`` (stop a long computation),
``cmp-mousecard-plot-button``, ``cmp-mousecard-plot``, ``cmp-mousecard-character``,
``cmp-mousecard-task``, ``cmp-mousecard-cards`` (typed-in cards), ``cmp-mousecard-draw``,
``cmp-mousecard-draw-on`` (go on after a cancelled bad card),
``cmp-mousecard-last`` (the last draw, cards marked), ``cmp-mousecard-bonus`` (each ace/chip button),
``cmp-mousecard-player``, ``cmp-mousecard-award``, ``cmp-mousecard-spend``, ``cmp-mousecard-chips``
(the chips table), ``cmp-mousecard-reshuffle`` (within the chapter), ``cmp-mousecard-chapter``,
``cmp-mousecard-undo``, ``cmp-mousecard-redo``,
``cmp-mousecard-deck`` (deck status), ``cmp-mousecard-history`` (every line in a box that scrolls,
``cmp-mousecard-history-lines``).
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Iterable
from dataclasses import fields, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets as w
from traitlets import TraitError

from .. import ui
from ..errors import CompanionError, LogError, RuleError, cut, os_reason
from ..eventlog import NoStart, new_seed
from ..mousecard.deck import RANK_LABELS
from ..mousecard.live import (
    BONUS_LABELS,
    DEFAULT_TASK,
    EVENTS,
    MISMATCH_KIND,
    DrawRecord,
    LiveDeck,
    LiveDeckTracker,
    cites_text,
    doubt_note,
    draw_cites,
    draw_event,
    from_live_deck,
    ignored_options,
    session_cites,
    shown_name,
    tidy_name,
)
from ..mousecard.odds import (
    ANYWAY_UNTOLD,
    CHOICE_LABELS,
    DRAWN_ANYWAY,
    MAX_CHIPS,
    MAX_NEED,
    MAX_SKILL,
    NO_CARD_DRAWN,
    OPTION_LABELS,
    CheckOdds,
    TaskCheck,
    anyway_untold,
    drawing_anyway,
    exact_odds,
    same_chance_stopping,
    success_curve,
)
from ..mousecard.passes import warm_in_background
from ..mousecard.situations import MAX_LEVELS, SITUATION_HELP
from ..probability import share
from ..verdict import plural

MARK_COLOUR = {"success": ui.COLOURS["ok"], "bad": ui.COLOURS["error"],
               "bad success": "#8e24aa", "joker": "#8e24aa", "miss": ui.COLOURS["muted"],
               "cancelled": ui.COLOURS["info"], "cancelled success": ui.COLOURS["ok"]}
#: The Draw on button's tooltip when nothing stands in its way.
DRAW_ON_TIP = ("After a cautious draw's bad card is cancelled, the same draw goes on with the cards it "
               "has left")
#: What the app says to bring back a session whose start was undone (its Redo does; see
#: :meth:`MouseCardPage._no_session_hint`).
PRESS_REDO = "Press Redo to bring the session back."
#: Why Draw on is off after a draw that cannot go on (then why that draw cannot:
#: :meth:`~companion.mousecard.live.DrawRecord.draw_on_refusal`).
DRAW_ON_OFF = "only after a cautious draw stopped by a bad card that was then cancelled"
#: The Reshuffle button's label, and how the page names it where a reshuffle mends the deck in doubt
#: (within the chapter, as ``mousecard reshuffle`` without ``--chapter``: no new chapter needed).
RESHUFFLE_LABEL = "Reshuffle"
RESHUFFLE_HINT = f"the {RESHUFFLE_LABEL} button: every card back, the chapter goes on"
#: The box that takes the odds from the live deck's remaining cards.
LIVE_BOX = "Draw from the live deck's remaining cards"
#: The boxes of the player's choice to stop once sure, and of the two house readings: the words a
#: player reads, and what the notes of a result call them (:func:`plain`).
STOP_BOX = OPTION_LABELS["stop_when_sure"]
BAD_SUCCEEDS_BOX = OPTION_LABELS["bad_succeeds"]
CANCEL_BOX = OPTION_LABELS["cancel_draws_on"]
#: The rules' names of the choices (in :mod:`companion.mousecard.odds`' notes, the CLI's options and
#: the log) in the words of the page's controls, longest first: a player never reads ``cancel_draws_on``.
PLAIN_WORDS: tuple[tuple[str, str], ...] = (
    ("house interpretation (red_bad='joker')", "house reading (red-bad: the red joker)"),
    ("house interpretation (red_bad='all')", f"house reading ({CHOICE_LABELS['red_bad']['all']})"),
    ("red_bad 'all'", f"The house reading “{CHOICE_LABELS['red_bad']['all']}”"),
    ("(bad_succeeds off)", f"(“{BAD_SUCCEEDS_BOX}” unticked)"),
    ("(cancel_draws_on off)", f"(“{CANCEL_BOX}” unticked)"),
    ("house reading cancel_draws_on off", f"“{CANCEL_BOX}” unticked"),
    (" (see draw_all)", f" (untick “{STOP_BOX}” to draw on)"),
    ("see red_bad", "see House reading"),
    ("bad_succeeds", f"“{BAD_SUCCEEDS_BOX}”"),
    ("cancel_draws_on", f"“{CANCEL_BOX}”"),
    ("stop_when_sure", f"“{STOP_BOX}”"),
    ("red_bad", "the house reading"),
)


def plain(text: str) -> str:
    """``text`` (a note of the odds, a line of the session) with the rules' names of the choices
    said as the page's controls say them (:data:`PLAIN_WORDS`)."""
    for name, words in PLAIN_WORDS:
        text = text.replace(name, words)
    return text


def menu_options(option: str) -> list[tuple[str, str]]:
    """A menu's options for the check's ``option`` (``"kings"``): each choice with its label, as
    :data:`~companion.mousecard.odds.CHOICE_LABELS` says and orders them."""
    return [(label, choice) for choice, label in CHOICE_LABELS[option].items()]


def situation_label(situation: str) -> str:
    """The Situation menu's text for ``situation``: its name, then which cards are bad."""
    return f"{situation} — {plain(SITUATION_HELP[situation])}"



#: "How to use this page" (collapsed under the title): for everyone, then for a notebook only.
HELP = (
    "<b>The check</b> (top): skill (cards to draw), the target (the lowest rank that succeeds: <i>J</i> "
    "means “face cards or better”, one card in 16:38), successes needed, the situation (which cards are "
    "bad), levels of Aged and of a disadvantage, cautious or going for broke, and the fate chips the "
    "player will spend.",
    "<b>Odds</b>: the exact chance of success (a fraction, never a simulation), the chance of a bad card "
    f"and of several at once, the successes to expect and the cards drawn. Tick <i>{LIVE_BOX}</i> to use "
    "the deck on the table. <b>Plot</b> shows success against skill for each target. The house readings "
    "(where the book is silent) and the player's choices are listed under each result.",
    "<b>Live deck</b>: name the character and task and press <b>Draw</b> (or type in the cards drawn "
    "from a physical deck). Cards are marked success / bad / joker; a joker reshuffles every drawn card "
    "back. Spend an ace or a fate chip on the latest draw, award and spend fate chips, reshuffle "
    "(<b>Reshuffle</b> within the chapter, <b>End of chapter</b> to begin the next). Every action is "
    "saved at once: <b>Undo</b>, <b>Redo</b>, and opening this page again resumes the session.",
)
HELP_NOTEBOOK = (
    "On the command line: <code>companion odds mousecard --skill 3 --target J --situation combat "
    "--json</code> gives the same exact odds; <code>companion mousecard replay LOG.jsonl</code> prints "
    "a saved session.",
)
PLOT_TARGETS = ("6", "8", "10", "J", "Q", "K", "A")
PLOT_SKILLS = range(1, 11)


def default_log_path() -> Path:
    """The page's log when it is given none: in the user data folder's logs folder, which is made
    if missing (:func:`~companion.ui.default_log`)."""
    return ui.default_log("mousecard.jsonl")


#: The longest exact fraction (its digits and slash) said on its line; a longer one is folded away.
SHORT_FRACTION = 40


def exact_html(p: Fraction, why: str = "") -> str:
    """``p`` exactly, as the odds panels say it small after the percentage: "(exactly 8941216/13561587)"
    and ``why`` (HTML). A fraction longer than :data:`SHORT_FRACTION` (a large check's runs to a hundred
    digits, which nobody reads at the table) is folded: its size is said (beside the disclosure
    triangle), and a click shows its digits, which break where the line ends (a fraction of hundreds of
    digits wraps inside its panel, never widening it past the page)."""
    digits = f"{p.numerator}/{p.denominator}"
    if len(digits) <= SHORT_FRACTION:
        return f"<small style='overflow-wrap:anywhere'>(exactly {digits}{why})</small>"
    size = f"{len(str(p.numerator))} and {len(str(p.denominator))} digits"
    return (f"<details class='companion-exact' style='display:inline-block'><summary title='Click to show or "
            f"hide its digits'><small>(exactly: a fraction of {size}{why})</small></summary>"
            f"<small style='overflow-wrap:anywhere'>{digits}</small></details>")


def odds_html(result: CheckOdds, anyway: CheckOdds | None = None, *, live: int | None = None) -> str:
    """The result of a check as a panel body: big percentage, then the details. ``anyway``: the odds
    of a player who draws although the fate chips alone make the need
    (:func:`~companion.mousecard.odds.drawing_anyway`), said beside "A bad card" as the text odds say it.
    ``live``: the live deck's remaining cards the odds were worked out from, said first as the command
    line says it (:func:`~companion.mousecard.live.from_live_deck`); ``None``: a full deck."""
    pct = html.escape(share(result.p_success))
    untold = anyway is None and anyway_untold(result.check)  # (above skill 10: said, not worked out)
    rows = [
        ("Chance of success", f"<b style='font-size:26px'>{pct}</b> {exact_html(result.p_success)}"),
        *([] if result.p_cards_alone is None else
          [("From the cards alone", f"{html.escape(share(result.p_cards_alone))} <small>(the draw's own "
                                    "chance, no fate chips spent)</small>")]),
        ("One card succeeds", html.escape(result.single_card_text)),
        ("A bad card", html.escape(share(result.p_bad))
         + ("" if anyway is None and not untold else f" <small>({html.escape(NO_CARD_DRAWN)})</small>")),
        *([("If drawn anyway", f"<small>{html.escape(ANYWAY_UNTOLD)}: untick “Stop drawing once sure” "
                               "for them</small>")]
          if untold else [] if anyway is None else
          [("If drawn anyway", f"{html.escape(anyway.risk_text())} <small>({html.escape(DRAWN_ANYWAY)}: "
                               "untick “Stop drawing once sure” for its full odds)</small>")]),
        ("Several bad cards at once", html.escape(share(result.p_several_bad))),
        # (as the command line's "bad cards cancelled 0.28 expected": only when an ace or a chip cancels one)
        *([] if not result.expected_cancelled else
          [("Expected bad cards cancelled", f"{float(result.expected_cancelled):.2f} <small>(by aces"
                                            + (" and fate chips" if result.check.fate_chips else "")
                                            + ")</small>")]),
        ("Expected cards drawn", f"{float(result.expected_cards):.2f}"),
        ("Successes", f"{html.escape(result.successes_text(' · '))} "
                      f"<small>({html.escape(result.successes_counted())})</small>"),
        ("Bad cards here", html.escape(", ".join(result.bad_cards) or "none")),
    ]
    if result.check.fate_chips:
        rows.append(("Expected fate chips used", f"{float(result.expected_chips):.2f}"))
    # (a label stays on one line: the values beside it wrap, never "A bad / card")
    table = "".join(f"<tr><td style='padding-right:12px;color:{ui.COLOURS['muted']};white-space:nowrap;"
                    f"vertical-align:top'>{k}</td><td>{v}</td></tr>" for k, v in rows)
    notes = "".join(f"<li>{html.escape(plain(n))}</li>" for n in result.said_notes)
    cites = "; ".join(html.escape(c) for c in result.cited)
    deck = "" if live is None else f"<div><b>{html.escape(from_live_deck(live))}</b></div>"
    return (f"<div class='companion-panel' style='border-color:{ui.COLOURS['info']}'>{deck}"
            f"<div>{html.escape(result.check.describe())}</div><table>{table}</table>"
            + (f"<ul style='margin:4px 0'>{notes}</ul>" if notes else "")
            + f"<small><i>{cites}</i></small></div>")


#: What an unspent ace may still do (:attr:`~companion.mousecard.live.DrawRecord.ace_uses`), as the
#: draw panel says it.
ACE_USE_WORDS = {"success": "add a success", "cancel": "cancel a bad card"}


def draw_html(rec: DrawRecord, chips: int = 0) -> str:
    """A draw with each card marked: green success, red bad, blue a bad card cancelled, purple joker,
    grey miss; ``chips``: the character's fate chips (a draw with nothing left to spend has failed,
    one whose aces and chips fall short of the need cannot reach it); then the notes of the check's
    options that change nothing (:func:`~companion.mousecard.live.ignored_options`). Its rule-book
    sections are :func:`~companion.mousecard.live.draw_cites`', as the CLI prints them."""
    tiles = []
    for card, mark in rec.marks():
        colour = MARK_COLOUR[mark]
        tiles.append(f"<span style='display:inline-block;border:2px solid {colour};border-radius:8px;"
                     f"padding:8px 10px;margin:3px;font-size:22px;min-width:44px;text-align:center;"
                     f"color:{'#b3261e' if card.colour == 'red' else '#202124'}'>"
                     f"{html.escape(card.short)}<div style='font-size:12px;color:{colour}'>"
                     f"{html.escape(mark)}</div></span>")
    said = rec.verdict(chips)
    verdict = {"success": "Success", "failed": "Failed", "not yet": "Not yet a success"}.get(
        said, said[:1].upper() + said[1:])
    colour = (ui.COLOURS["ok"] if rec.succeeded or rec.sure else
              ui.COLOURS["error"] if said == "failed" or said.startswith("cannot") else ui.COLOURS["warn"])
    stopped = rec.stopped_said()
    lines = [f"{plural(rec.total_successes, 'success', 'successes')} of {rec.check.need} needed; "
             f"stopped: {stopped}"]
    if rec.bad_in_effect:
        lines.append(f"{plural(rec.bad_in_effect, 'bad card')} in effect"
                     + (" — several at once: a magnified result" if rec.bad_in_effect > 1 else ""))
    if rec.reshuffles - rec.empty_reshuffles:
        lines.append(f"a joker: the deck was reshuffled ({rec.reshuffles - rec.empty_reshuffles}×)")
    if rec.empty_reshuffles:
        lines.append(f"the deck ran out (or was smaller than the hand): reshuffled first "
                     f"({rec.empty_reshuffles}×)")
    if rec.can_draw_on:
        lines.append(f"the bad card is cancelled: the draw may go on ({plural(rec.draws_left, 'card')} left)")
    uses = rec.ace_uses
    if uses:
        lines.append(f"{plural(rec.aces_unspent, 'ace')} unspent: "
                     + " or ".join(ACE_USE_WORDS[use] for use in uses)
                     + (" (an ace cannot cancel itself)" if rec.lone_bad_ace and rec.bad_in_effect else ""))
    if said == "failed":
        lines.append(f"nothing left to spend: no unspent ace, and {rec.who} has no fate chip")
    if rec.cancelled:
        lines.append(f"{plural(rec.cancelled, 'bad card')} cancelled: no effect")
    # the check's options that change nothing here (Aged in calm adds no bad card), as the Odds tab and
    # the command line's draw say them: a card the reader expected to be bad reads as meant
    lines += [f"note: {plain(note)}" for note in ignored_options(rec.check)]
    items = "".join(f"<li>{html.escape(x)}</li>" for x in lines)
    cites = html.escape(cites_text(draw_cites(rec)))
    return (f"<div class='companion-panel' style='border-color:{colour}'>"
            f"<b style='color:{colour}'>#{rec.number} {html.escape(rec.who)} — "
            f"{html.escape(rec.task)}: {html.escape(verdict)}</b><div>{''.join(tiles)}</div>"
            f"<ul style='margin:4px 0'>{items}</ul><small><i>{cites}</i></small></div>")


#: The height of the session history's box, past which it scrolls (every line stays in it).
HISTORY_HEIGHT = "360px"


def history_html(st: LiveDeck) -> str:
    """The session history, latest first: every journal line with its own number (the session's start
    is 1.), in a box that scrolls past :data:`HISTORY_HEIGHT`, so a long night keeps its first draws and
    the numbers the game master calls them by; then the rule-book sections of the draws, once, as
    replay cites them."""
    n = len(st.journal)
    items = "".join(f"<li>{html.escape(plain(x))}</li>" for x in reversed(st.journal))
    cites = session_cites(st)
    return (f"<b>Session history</b> ({plural(n, 'line')}, latest first)"
            f"<div class='cmp-mousecard-history-lines' style='max-height:{HISTORY_HEIGHT};overflow-y:auto'>"
            f"<ol reversed start='{n}' style='margin:4px 0'>{items}</ol></div>"
            + (f"<small>Draws resolved by {html.escape(cites_text(cites))}</small>" if cites else ""))


def said_under_row(panel: w.HTML, exc: BaseException) -> None:
    """A live-deck refusal, in the panel under the row of the button pressed: that button names the
    action, so the log's name of its event ("spend:", "draw_on:"), which no control shows, is left
    out; a field the page has a box for is named as the box is labelled (the log's "cards:" is the
    "Cards typed in" box), as it says where to look; and the rules' names of the choices are said as
    the page's boxes say them (:func:`plain`: Draw on pressed while off says "“A cancelled bad card
    lets the draw go on” unticked", as the button's off reason does, never ``cancel_draws_on``)."""
    if isinstance(exc, CompanionError):
        message, suggestion = plain(exc.message), exc.suggestion and plain(exc.suggestion)
        if (message, suggestion) != (exc.message, exc.suggestion):
            exc = exc.relabel(message=message, suggestion=suggestion)
        if exc.where in EVENTS or exc.where in BOX_LABELS:
            exc = exc.relabel(where=BOX_LABELS.get(exc.where or ""), cls=CompanionError)
    ui.show_error(panel, exc)


#: The page's box for each live-deck field a refusal may name (``where``), by its label (a name too
#: long is said of the Character box, not of the log's "character" field).
BOX_LABELS = {"cards": "Cards typed in", "character": "Character", "player": "Player", "task": "Task"}
#: Why the live-deck buttons are off when the session's log cannot be written (said in the notice already).
LOG_UNWRITABLE = "the session's log cannot be written (see the message above)"
#: Reasons the captions under the live-deck buttons leave out: the notice above says them.
SAID_ABOVE = (ui.UNUSABLE, LOG_UNWRITABLE)


class MouseCardPage(ui.TrackerPage):
    """The notebook page: shared check controls, the odds explorer and the live deck."""

    def __init__(self, log_path: str | Path | None = None, *, plot: bool = True,
                 settle: float | None = 0.3) -> None:
        """``settle``: seconds to wait for a result before showing "computing" and letting it
        arrive from the background (None: always wait, as a script or a test wants)."""
        self.log_path = Path(log_path) if log_path is not None else default_log_path()
        # Odds and the plot are worked out off the notebook's thread: a large check (drawing on
        # when sure, many fate chips, skill above 10) takes seconds, and a changed control
        # cancels the computation it makes stale instead of queueing behind it.
        self.odds_worker = ui.Latest(settle)
        self.plot_worker = ui.Latest(settle)
        # the quick chance shown while a drawing-on check computes (see :meth:`_odds_pending`):
        # in the background too, as it can itself take a second
        self.twin_worker = ui.Latest(0.0)
        self._show_lock = threading.Lock()  # a result and a late preview never cross
        self._plotted: TaskCheck | None = None  # the check the plot was drawn for
        self._plotted_deck: tuple[Any, ...] | None = None  # and the live deck's cards, if from them
        self._pending: TaskCheck | None = None  # the check whose odds are being worked out
        self.odds: CheckOdds | None = None  # the result on show
        #: and the odds of drawing anyway shown with it (:func:`~companion.mousecard.odds.drawing_anyway`)
        self.odds_anyway: CheckOdds | None = None
        self.plot_title = ""  # the plot's title, once drawn (what it shows, in words)
        self._waiting: set[str] = set()  # "odds" and/or "plot" while they show "Computing…"
        #: the live deck's actions: said right under the row of the button pressed, the latest click's
        #: only (a panel under each row; :attr:`message` is the one of the row pressed last)
        self.section_messages = ui.SectionMessages(show=said_under_row)
        #: the check controls: a combination the rules refuse, said under them
        self.check_message = ui.panel()
        self.check_message.add_class("cmp-mousecard-check-message")
        #: the plot's refusals, under the Plot button
        self.plot_message = ui.panel()
        self.plot_message.add_class("cmp-mousecard-plot-message")
        self.notice = ui.panel()  # what resuming the saved session set aside
        self.notice.add_class("cmp-mousecard-notice")
        self.tracker = self.open_tracker(LiveDeckTracker, self.log_path)
        #: why the session's start could not be written on opening (a folder it cannot write, a full
        #: disk): the page still opens, says so, and keeps the live deck off; the odds work as ever
        self.start_failed: CompanionError | None = None
        if self.tracker.is_new and self.unusable is None:  # a new log (never one whose start was undone)
            try:
                self.tracker.do({"event": "start", "seed": new_seed(),
                                 "title": "Mouse Card session"})
            except RuleError:
                pass  # another page on the same log started it a moment ago: do() read it first
            except (CompanionError, OSError) as exc:  # (nothing was written: a short write is undone)
                failed = exc if isinstance(exc, CompanionError) else LogError(
                    f"cannot be used ({os_reason(exc)}); the session was not started",
                    where=str(self.log_path))
                self.start_failed = self.unusable = failed
                self.tracker.refuse_writes(failed)  # every action says why, never "no session"
        self._restoring = False  # while the controls are set from the saved session: no odds yet
        #: the tracker's reads of its log the Player box last followed (:meth:`_follow_player`)
        self._player_reloads = self.tracker.reloads
        self._build()
        self._restore_controls()
        if not self.show_unusable(self.notice):  # kept on show, apart from the odds' messages
            self._show_resumed()  # (until the next action)
        self.refresh()
        self.compute()
        if plot:
            self.plot()
        # the compiled engine of large checks loads while the user reads the page, not on their first
        # large check (about half a second)
        warm_in_background()

    def show_unusable(self, panel: w.HTML) -> bool:
        """Say in ``panel`` why the live deck is off: its log cannot be used
        (:meth:`~companion.ui.TrackerPage.show_unusable`), or the session's start could not be
        written there (:attr:`start_failed`), with what to do; whether it is off."""
        if self.start_failed is None:
            return super().show_unusable(panel)
        if self.tracker.log.not_utf8:  # (a folder to make writable is not what helps)
            ui.show(panel, "error", "The live deck is off: its log is not all UTF-8 text", [
                self.start_failed.render(),
                f"The session could not be started in {self.log_path}, so nothing can be drawn, awarded or "
                "saved until the file is saved as UTF-8; then run this cell again.",
                "The odds work as ever, from a full deck."])
            return True
        ui.show(panel, "error", "The live deck is off: its log cannot be written", [
            self.start_failed.render(),
            f"The session could not be started in {self.log_path}, so nothing can be drawn, awarded or "
            "saved. Make that folder writable or free some disk space (or set COMPANION_USER_DATA to a "
            "folder that can be written, or open the page on a log elsewhere: "
            "MouseCardPage('other/folder/mousecard.jsonl')), then run this cell again.",
            "The odds work as ever, from a full deck."])
        return True

    def _show_resumed(self) -> None:
        """Say in the notice what resuming the saved session set aside, and the draws whose logged
        cards the shuffle no longer deals (their line or one before it was lost or changed:
        :meth:`~companion.mousecard.live.LiveDeckTracker.mismatches`)."""
        lost = [str(p) for p in self.tracker.mismatches()][:3]
        if lost and self.tracker.doubt_refusal() is not None:
            lost.append(f"a draw from the shuffled deck waits for a reshuffle ({RESHUFFLE_HINT}); cards "
                        "typed in from the physical deck do not")
        if self._show_set_aside(self.notice, lost) or not lost:
            return
        ui.show(self.notice, "warn", "Resumed: a line of the saved log was lost or changed", lost)

    def _lock_if_unusable(self, buttons: Iterable[Any]) -> None:
        """Turn ``buttons`` off while the live deck is off (see :meth:`show_unusable`), saying why."""
        buttons = list(buttons)
        super()._lock_if_unusable(buttons)
        if self.start_failed is not None:
            for button in buttons:
                button.tooltip = LOG_UNWRITABLE

    # -- layout ------------------------------------------------------------------------------
    def _build(self) -> None:
        g = ui.guarded(self.check_message)
        wide = {"description_width": "initial"}
        # the numbers keep what was typed past their limits, so that it is said, never changed unseen
        # (:meth:`_keep_in_range`)
        self.skill = ui.stepper("Skill (cards)", 3, min=1, max=MAX_SKILL, bounded=False)
        self.skill.add_class("cmp-mousecard-skill")
        self.target = w.Dropdown(options=[RANK_LABELS[r] for r in range(2, 15)], value="J",
                                 description="Target (or better)", style=wide,
                                 layout=w.Layout(width="220px"))
        self.target.add_class("cmp-mousecard-target")
        self.need = ui.stepper("Successes needed", 1, min=1, max=MAX_NEED, bounded=False)
        self.need.add_class("cmp-mousecard-need")
        self.situation = w.Dropdown(options=[(situation_label(k), k) for k in SITUATION_HELP],
                                    value="calm", description="Situation", style=wide,
                                    layout=w.Layout(width="560px", max_width="100%"))
        self.situation.add_class("cmp-mousecard-situation")
        self.aged = ui.stepper("Aged", 0, min=0, max=MAX_LEVELS, bounded=False)
        self.aged.add_class("cmp-mousecard-aged")
        self.disadvantage = ui.stepper("Disadvantage", 0, min=0, max=MAX_LEVELS, bounded=False)
        self.disadvantage.add_class("cmp-mousecard-disadvantage")
        self.mode = w.ToggleButtons(options=menu_options("mode"), value="cautious",
                                    style={"button_width": "auto"})
        self.mode.add_class("cmp-mousecard-mode")
        self.chips = ui.stepper("Fate chips to spend", 0, min=0, max=MAX_CHIPS, bounded=False)
        self.chips.add_class("cmp-mousecard-chips-to-spend")
        self._clamping = False  # while a number is set back within its limits (:meth:`_keep_in_range`)
        self.range_note = w.HTML()
        self.range_note.add_class("cmp-mousecard-range-note")
        for number in self.numbers:  # (first: the odds are worked out for the number kept)
            number.observe(lambda ch, number=number: self._keep_in_range(number, ch["new"]), names="value")
        self.red_bad = w.Dropdown(options=menu_options("red_bad"), value="joker",
                                  description="House reading", style=wide,
                                  layout=w.Layout(width="420px", max_width="100%"))
        self.red_bad.add_class("cmp-mousecard-red-bad")
        box = {"indent": False, "layout": w.Layout(width="auto", margin="2px 24px 2px 0")}
        self.use_live = w.Checkbox(value=False, description=LIVE_BOX, **box)
        self.use_live.add_class("cmp-mousecard-use-live")
        # the player's choices the book leaves open (each result states the ones it assumed)
        self.kings = w.Dropdown(options=menu_options("kings"), value="best",
                                description="King's extra card", style=wide,
                                layout=w.Layout(width="340px", max_width="100%"))
        self.kings.add_class("cmp-mousecard-kings")
        self.bonus = w.Dropdown(options=menu_options("bonus"), value="best",
                                description="Aces and fate chips", style=wide,
                                layout=w.Layout(width="380px", max_width="100%"))
        self.bonus.add_class("cmp-mousecard-bonus-policy")
        self.stop = w.Checkbox(value=True, description=STOP_BOX, **box)
        self.stop.add_class("cmp-mousecard-stop")
        # the house readings (rules README: a house interpretation is a parameter)
        self.bad_succeeds = w.Checkbox(value=True, description=BAD_SUCCEEDS_BOX, **box)
        self.bad_succeeds.add_class("cmp-mousecard-bad-succeeds")
        self.cancel_draws_on = w.Checkbox(value=True, description=CANCEL_BOX, **box)
        self.cancel_draws_on.add_class("cmp-mousecard-cancel-draws-on")
        controls = w.VBox([
            ui.row(self.skill.box, self.need.box, self.target),
            ui.row(self.situation),
            ui.row(self.aged.box, self.disadvantage.box),
            self.mode, ui.row(self.chips.box, self.red_bad),
            self.range_note, self.check_message,
        ])
        for widget in (self.skill, self.target, self.need, self.situation, self.aged,
                       self.disadvantage, self.mode, self.chips, self.red_bad, self.use_live,
                       self.kings, self.bonus, self.stop, self.bad_succeeds, self.cancel_draws_on):
            widget.observe(g(lambda _ch: self.compute()), names="value")
            widget.observe(lambda _ch: self._plot_stale(), names="value")

        # odds tab
        self.result = w.HTML()
        self.result.add_class("cmp-mousecard-odds")
        self.plot_button = ui.big_button("Plot success against skill", style="info", icon="line-chart")
        self.plot_button.add_class("cmp-mousecard-plot-button")
        self.plot_button.on_click(ui.guarded(self.plot_message)(lambda _b: self._plot_clicked()))
        self.plot_off = w.HTML()  # why the Plot button is off, in words (:meth:`_gate_plot`)
        self.plot_off.add_class("cmp-mousecard-off")
        self.plot_box = w.Box()
        self.plot_box.add_class("cmp-mousecard-plot")
        self.plot_note = w.HTML()  # says when the plot no longer matches the controls
        self.plot_note.add_class("cmp-mousecard-plot-note")
        # shown while a computation takes long: stops it (changing a control also does)
        self.halt_button = ui.big_button("Stop computing", style="warning", icon="stop")
        self.halt_button.add_class("cmp-mousecard-halt")
        self.halt_button.layout.display = "none"
        self.halt_button.on_click(g(lambda _b: self.halt()))
        def caption(title: str, why: str) -> str:
            return (f"<div style='margin-top:6px'><b>{title}</b> "
                    f"<small style='color:{ui.COLOURS['muted']}'>{why}</small></div>")

        odds_tab = w.VBox([
            self.use_live,
            w.HTML(caption("The player's choices", "(the book leaves them open)")),
            ui.row(self.kings, self.bonus, self.stop),
            w.HTML(caption("House readings", "(where the book is silent)")),
            ui.row(self.bad_succeeds, self.cancel_draws_on), self.result,
            self.halt_button, self.plot_button, self.plot_message, self.plot_off, self.plot_note,
            self.plot_box])

        # live deck tab
        self.character = w.Text(description="Character", placeholder="e.g. Pip", style=wide,
                                layout=w.Layout(width="300px", height=ui.BUTTON_HEIGHT))
        self.character.add_class("cmp-mousecard-character")
        self.task = w.Text(description="Task", placeholder="e.g. climb the wall", style=wide,
                           layout=w.Layout(width="360px", height=ui.BUTTON_HEIGHT))
        self.task.add_class("cmp-mousecard-task")
        self.cards = w.Text(description="Cards typed in", placeholder="optional: QH, 3S, red joker",
                            style=wide, layout=w.Layout(width="420px", height=ui.BUTTON_HEIGHT))
        self.cards.add_class("cmp-mousecard-cards")
        self.draw_button = ui.big_button("Draw", style="primary", icon="hand-paper-o")
        self.draw_button.add_class("cmp-mousecard-draw")
        self.draw_on_button = ui.big_button("Draw on", icon="forward", tooltip=DRAW_ON_TIP)
        self.draw_on_button.add_class("cmp-mousecard-draw-on")
        #: the character whose draw left the Task box as it is, and that task (:meth:`_task_follows`)
        self._task_drawn: tuple[str, str] | None = None
        #: while the Player box, just emptied, is followed (:meth:`_names_edited`)
        self._emptying_player = False
        self.character.observe(lambda _c: self._task_follows(), names="value")
        # (the log read again first, if another window or a command wrote it: :meth:`_names_edited`)
        self.character.observe(
            lambda _c: self._names_edited(lambda: self._refresh_last(self._no_session_why())), names="value")
        # typed cards may be drawn while the shuffled deck is in doubt: the Draw buttons follow the box
        self.cards.observe(lambda _c: self._refresh_last(self._no_session_why()), names="value")
        self.last = w.HTML()
        self.last.add_class("cmp-mousecard-last")
        self.bonus_buttons = []
        for (_source, use), label in BONUS_LABELS.items():
            b = ui.big_button(label, style="info" if use == "success" else "warning")
            b.add_class("cmp-mousecard-bonus")
            self.bonus_buttons.append(b)
        self.player = w.Text(description="Player", placeholder="name", style=wide,
                             layout=w.Layout(width="260px", height=ui.BUTTON_HEIGHT))
        self.player.add_class("cmp-mousecard-player")
        # whose chips Award and Spend move: only they follow the box
        self.player.observe(lambda _c: self._names_edited(lambda: self._gate_chips(self._no_session_why()),
                                                          player=True), names="value")
        self.award_button = ui.big_button("Award a fate chip", style="primary", icon="plus")
        self.award_button.add_class("cmp-mousecard-award")
        self.spend_button = ui.big_button("Spend a fate chip", icon="minus")
        self.spend_button.add_class("cmp-mousecard-spend")
        self.chips_table = w.HTML()
        self.chips_table.add_class("cmp-mousecard-chips")
        self.reshuffle_button = ui.big_button(RESHUFFLE_LABEL, icon="random",
                                              tooltip="Every drawn card back into the deck, shuffled; the "
                                                      "chapter goes on")
        self.reshuffle_button.add_class("cmp-mousecard-reshuffle")
        self.chapter_button = ui.big_button("End of chapter: reshuffle", style="warning", icon="random")
        self.chapter_button.add_class("cmp-mousecard-chapter")
        self.undo_button = ui.big_button("Undo", icon="undo", repeatable=True)
        self.undo_button.add_class("cmp-mousecard-undo")
        self.redo_button = ui.big_button("Redo", icon="repeat", repeatable=True)
        self.redo_button.add_class("cmp-mousecard-redo")
        self.deck_status = w.HTML()
        self.deck_status.add_class("cmp-mousecard-deck")
        self.history = w.HTML()
        self.history.add_class("cmp-mousecard-history")
        # under each group of buttons that may be off: why, in words (a touch screen shows no tooltip)
        self.draw_off, self.bonus_off, self.chips_off, self.session_off = (w.HTML() for _ in range(4))
        for off in (self.draw_off, self.bonus_off, self.chips_off, self.session_off):
            off.add_class("cmp-mousecard-off")
        # each row of buttons has its message panel right under it (above the reasons its buttons are off)
        said = self.section_messages
        self.draw_msg, self.bonus_msg, self.chips_msg, self.session_msg = (
            said.panel("cmp-mousecard-message") for _ in range(4))
        draw_at, bonus_at, chips_at, session_at = (
            said.guard(panel) for panel in (self.draw_msg, self.bonus_msg, self.chips_msg, self.session_msg))
        draw_row = ui.row(self.cards, self.draw_button, self.draw_on_button)
        bonus_row = ui.row(*self.bonus_buttons)
        chips_row = ui.row(self.player, self.award_button, self.spend_button)
        session_row = ui.row(self.reshuffle_button, self.chapter_button, self.undo_button, self.redo_button)
        self.live_tab = w.VBox([
            self.deck_status, ui.row(self.character, self.task),
            draw_row, self.draw_msg, self.draw_off, self.last, bonus_row, self.bonus_msg, self.bonus_off,
            chips_row, self.chips_msg, self.chips_off, self.chips_table,
            session_row, self.session_msg, self.session_off, self.history,
        ])
        self.draw_button.on_click(draw_at(lambda _b: self.draw()))
        self.draw_on_button.on_click(draw_at(lambda _b: self.draw_on()))
        for b, (source, use) in zip(self.bonus_buttons, BONUS_LABELS, strict=True):
            b.on_click(bonus_at(lambda _b, source=source, use=use: self.spend_bonus(source, use)))
        self.award_button.on_click(chips_at(lambda _b: self.chip("award")))
        self.spend_button.on_click(chips_at(lambda _b: self.chip("spend")))
        self.reshuffle_button.on_click(session_at(lambda _b: self.reshuffle()))
        self.chapter_button.on_click(session_at(lambda _b: self.end_chapter()))
        self.undo_button.on_click(session_at(lambda _b: self._undo_redo(True)))
        self.redo_button.on_click(session_at(lambda _b: self._undo_redo(False)))
        self.tabs = w.Tab(children=[odds_tab, self.live_tab])
        self.tabs.set_title(0, "Odds")
        self.tabs.set_title(1, "Live deck")
        self.widget = w.VBox([
            ui.header("The Mouse Card system", "Task checks: exact odds and the live deck",
                      game="mousecard"),
            ui.help_box(HELP, HELP_NOTEBOOK),
            controls, self.notice, self.tabs,
        ])
        self.widget.add_class("cmp-mousecard-page")

    @property
    def numbers(self) -> tuple[Any, ...]:
        """The check's numbers: skill, successes needed, Aged, disadvantage and fate chips to spend."""
        return (self.skill, self.need, self.aged, self.disadvantage, self.chips)

    def _keep_in_range(self, number: Any, value: int) -> None:
        """A number entered past what its box takes (Skill 25, Successes needed 0, Aged 10 with
        Disadvantage 3) is set to the nearest it takes, and that is said under the controls, quoting
        what was entered ("Skill (cards) is at most 20: 25 was entered, so 20 is used"): the number
        used shows in the box, and the note goes once a number is entered that its box takes. Aged and
        a disadvantage add up to at most MAX_LEVELS levels (situations): each stops where the other
        leaves off (its ``max``), so the controls never describe a check the rules refuse."""
        if self._clamping:  # (the number kept, set below: the note stays)
            return
        lo, hi = number.min, number.max
        note = ""
        # the box whose levels add up with this one's, if any
        other = (self.disadvantage if number is self.aged else
                 self.aged if number is self.disadvantage else None)
        if not lo <= value <= hi:
            kept = hi if value > hi else lo
            why = (f" (while {other.caption} is {other.value}: {MAX_LEVELS} levels in all)"
                   if other is not None and value > hi and hi < MAX_LEVELS else "")
            note = (f"{number.caption} is {'at most' if value > hi else 'at least'} {kept}{why}: "
                    f"{cut(str(value), 24)} was entered, so {kept} is used")
            self._clamping = True
            try:
                number.value = kept
            finally:
                self._clamping = False
        if other is not None:
            self.disadvantage.max = MAX_LEVELS - self.aged.value
            self.aged.max = MAX_LEVELS - self.disadvantage.value
        self.range_note.value = ui.panel_html("warn", note) if note else ""

    @property
    def message(self) -> w.HTML:
        """The live deck's message panel of the row whose button was pressed last (the Draw row's before
        any): where what the latest action says shows."""
        return self.section_messages.current

    def _plot_clicked(self) -> None:
        """The Plot button: a new plot clears the last refusal said under it."""
        self.plot_message.value = ""
        self.plot()

    def _restore_controls(self) -> None:
        """A resumed session comes back as it was left: the check controls, the Character box and
        the Task box are those of the latest draw (a restart mid-chapter does not reset them to
        the defaults, and the last-draw panel shows the draw it showed: the draw last acted on,
        a bonus or a draw-on included, see :meth:`_last_worked_on`). The player's choices
        (kings, aces and chips, stopping when sure), the fate chips to spend and "draw from the
        live deck" are not part of a draw (the table makes them as it goes), so they start as
        ever. The Player box is that of the latest award or spend (:meth:`_follow_player`)."""
        self._follow_player()
        rec = self._last_worked_on()
        if rec is None:
            return
        c = rec.check
        self._restoring = True
        try:
            # Aged and disadvantage bound each other's maximum: lower both first
            self.aged.value = self.disadvantage.value = 0
            for widget, value in ((self.skill, c.skill), (self.target, c.target_label), (self.need, c.need),
                                  (self.situation, c.situation), (self.aged, c.aged),
                                  (self.disadvantage, c.disadvantage), (self.mode, c.mode),
                                  (self.red_bad, c.red_bad), (self.bad_succeeds, c.bad_succeeds),
                                  (self.cancel_draws_on, c.cancel_draws_on)):
                widget.value = value
            self.character.value = rec.character
            self.task.value = "" if rec.task == DEFAULT_TASK else rec.task
            self._task_drawn = (_same(rec.character), self.task.value)
        except TraitError:  # pragma: no cover - a logged check is one the controls can show
            pass
        finally:
            self._restoring = False

    def _task_follows(self) -> None:
        """The Character box changed: a Task box still holding the task of the latest draw made (or shown on
        resuming) is cleared when the box now names another character, so that Tilly's draw is never
        logged with the task Pip drew for ("climb the wall"): each check is its own task, and a draw left
        blank is logged as the default task, not as another's. A task typed since that draw is kept: the
        game master typed it for the draw to come, whoever is named. (Cleared rather than set to the
        character's own last task: that task is done, and their last draw, shown in the panel below,
        says it.)"""
        drawn = self._task_drawn
        if drawn is not None and self.task.value == drawn[1] and _same(self.character.value) != drawn[0]:
            self.task.value = ""

    def _last_worked_on(self) -> DrawRecord | None:
        """The draw the latest draw, draw-on or bonus in force acted on (a bonus spent on Pip's
        draw after Ann drew is Pip's), or None when there is none: each acts on its character's
        latest draw (the number a bonus or draw-on carries only confirms it)."""
        for event in reversed(self.tracker.history):
            if event.get("event") in ("draw", "draw_on", "bonus"):
                return self.tracker.state.last_draw(str(event.get("character", "")))
        return None

    def _last_chip_player(self) -> str:
        """The player the latest award or spend in force named, as the session spells them ("" when
        none is in force: nothing awarded, or every award undone)."""
        for event in reversed(self.tracker.history):
            if event.get("event") in ("award", "spend"):
                return self.tracker.state.name_of(str(event.get("player", "")))
        return ""

    def _follow_player(self) -> None:
        """Fill an empty Player box with :meth:`_last_chip_player`, so that Spend comes back with the
        session (on opening, and when the page follows another window's write); a name being typed
        is never overwritten. Remembers the tracker's reads, so a redraw of the page's own action
        leaves the box alone."""
        self._player_reloads = self.tracker.reloads
        if not self.player.value.strip() and not self._emptying_player:
            self.player.value = self._last_chip_player()

    def _names_edited(self, regate: Callable[[], None], *, player: bool = False) -> None:
        """The Character or the Player box (``player``) was edited: the buttons that follow it are gated
        again by ``regate``, after the log is read again if another window or a command wrote it since
        (:meth:`~companion.ui.TrackerPage.follow_once`: one ``stat`` when nothing changed; it then redraws
        the whole page and says what the other window did), so what the buttons and their reasons say is of
        the log as it is now: chips awarded on the command line turn Spend on as the name is typed, and
        the last-draw panel shows the character's latest draw, wherever it was made. A Player box being
        emptied is never filled again meanwhile (:meth:`_follow_player`: a name is about to be typed)."""
        self._emptying_player = player and not self.player.value.strip()
        reloads = self.tracker.reloads
        try:
            redrew = self.follow_once()  # (a log it cannot read is said in the message panel, never raised)
        finally:
            self._emptying_player = False
        aside = self.tracker.set_aside() if self.tracker.reloads != reloads else []
        if aside:  # (a line cut by a crash, set aside: said in the notice, as a click's read says it)
            self._say_read_again(aside)
        if not redrew:
            regate()

    # -- actions -----------------------------------------------------------------------------
    def check(self, *, fate_chips: bool = True) -> TaskCheck:
        """The check the controls describe (a CompanionError for a bad combination)."""
        return TaskCheck(skill=self.skill.value, target=self.target.value, need=self.need.value,
                         situation=self.situation.value, aged=self.aged.value,
                         disadvantage=self.disadvantage.value, mode=self.mode.value,
                         fate_chips=self.chips.value if fate_chips else 0, red_bad=self.red_bad.value,
                         kings=self.kings.value, bonus=self.bonus.value, stop_when_sure=self.stop.value,
                         bad_succeeds=self.bad_succeeds.value, cancel_draws_on=self.cancel_draws_on.value)

    def compute(self) -> None:
        """Work out the odds of the check the controls describe (see :class:`~companion.ui.Latest`)."""
        if self._restoring:  # once, when every control is set
            return
        try:
            check = self.check()
        except Exception as exc:
            self.odds_worker.cancel()  # a result for the controls as they were is stale
            self.twin_worker.cancel()
            self.odds = self.odds_anyway = None
            self.result.value = ui.panel_html("error", "No odds: the controls describe no check (see the "
                                              "message under them, above)")
            self._gate_plot("the controls describe no check (see the message under them, above)")
            self._failed("odds", exc)
            return
        if self.use_live.value and self._sync():  # another window drew meanwhile: refresh()
            return  # computed again, from the deck as it is now
        none = self.tracker.no_session() if self.use_live.value else None
        if self.use_live.value and (none is not None or self.tracker.deck_in_doubt()):
            # never odds from a deck it does not know (nor from none: as 'odds --deck-log' refuses)
            self.odds_worker.cancel()
            self.twin_worker.cancel()
            self.odds = self.odds_anyway = None
            self._waiting_for("odds", False)
            unknown = "its remaining cards are not known" if none is None else none.said
            self._gate_plot(f"no plot from the live deck: {unknown} (untick “{LIVE_BOX}” for a full "
                            "deck's plot)")
            self.result.value = (
                ui.panel_html("warn", "No odds from the live deck: its remaining cards are not known",
                              self._doubt_lines()) if none is None else
                ui.panel_html("warn", f"No odds from the live deck: {none.said}",
                              [self._no_session_hint(none), f"Untick “{LIVE_BOX}” for a full deck's odds"]))
            return
        self._gate_plot(None)
        deck = self.tracker.state.remaining if self.use_live.value else None
        self._pending = check
        # (with the odds of drawing anyway where the fate chips alone make the need: quick, skill <= 10;
        # and the live deck's cards, said with them)
        live = None if deck is None else len(deck)
        self.odds_worker.submit(lambda: (exact_odds(check, deck), drawing_anyway(check, deck), live),
                                self._show_odds, lambda exc: self._failed("odds", exc),
                                lambda: self._odds_pending(check, deck))

    def _gate_plot(self, why: str | None) -> None:
        """The Plot button on, or off saying ``why`` (its tooltip, and in words under it): off while the
        odds of the controls cannot be worked out either (:meth:`compute`: a check the rules refuse, or a
        live deck with no session or cards not known), as a click would refuse it (:meth:`plot`)."""
        ui.gate(self.plot_button, why)
        self.plot_off.value = ui.off_reasons([self.plot_button])

    def _doubt_lines(self) -> list[str]:
        """Why the live deck's remaining cards are not known (the log lines that leave it in doubt:
        :meth:`~companion.mousecard.live.LiveDeckTracker.deck_in_doubt`), and what helps."""
        lines = self.tracker.deck_in_doubt()
        lost = any(p.kind == MISMATCH_KIND for p in lines)
        return [*(str(p) for p in lines[:3]),
                "such a line may have moved cards" + (" (a seeded draw's line, or one before it, lost or "
                                                      "changed may have left a card on the table in the "
                                                      "deck)" if lost else "")
                + ", and the deck has not been reshuffled since",
                f"Untick “{LIVE_BOX}” for a full deck's odds, reshuffle ({RESHUFFLE_HINT}), or mend "
                "the line in the log file"]

    def _odds_pending(self, check: TaskCheck, deck: Any) -> None:
        # drawing on, the chance of success is often that of stopping once sure, which is
        # quicker: it shows when known, and the rest of the result follows. It is worked out in
        # the background too (it can take a second, and the page must stay usable meanwhile)
        self._computing(self.result, check)
        self._waiting_for("odds", True)
        twin = same_chance_stopping(check)
        if twin is not None:
            self.twin_worker.submit(lambda: exact_odds(twin, deck).p_success,
                                    lambda chance: self._show_chance(check, chance), lambda _exc: None)

    def _show_chance(self, check: TaskCheck, chance: Any) -> None:
        with self._show_lock:  # only while that check's result is still being worked out
            if "odds" in self._waiting and self._pending == check:
                self._computing(self.result, check, chance=chance)

    def _show_odds(self, found: tuple[CheckOdds, CheckOdds | None, int | None]) -> None:
        result, anyway, live = found
        with self._show_lock:
            self.twin_worker.cancel()
            self.odds, self.odds_anyway = result, anyway
            self.result.value = odds_html(result, anyway, live=live)
            self.check_message.value = ""
            self._waiting_for("odds", False)

    def _failed(self, what: str, exc: BaseException) -> None:
        """The odds or the plot (``what``) could not be worked out: the error shows (under the check
        controls, or under the Plot button), nothing waits."""
        ui.show_error(self.check_message if what == "odds" else self.plot_message, exc)
        self._waiting_for(what, False)

    def _waiting_for(self, what: str, waiting: bool) -> None:
        (self._waiting.add if waiting else self._waiting.discard)(what)
        self.halt_button.layout.display = None if self._waiting else "none"

    def halt(self) -> None:
        """Stop the computations under way (the "Stop computing" button); their results are
        never shown. Changing a control starts a new one."""
        if "odds" in self._waiting:
            self.odds_worker.cancel()
            self.twin_worker.cancel()
            self.result.value = ui.panel_html("warn", "Stopped: change a control to compute the odds again")
        if "plot" in self._waiting:
            self.plot_worker.cancel()
            self.plot_box.children = []
        self._waiting_for("odds", False)
        self._waiting_for("plot", False)

    @staticmethod
    def _computing(target: w.HTML, check: TaskCheck, what: str = "the exact odds",
                   chance: Any = None) -> None:
        known = ""
        if chance is not None:
            known = (f"<div>Chance of success <b style='font-size:26px'>{html.escape(share(chance))}</b> "
                     + exact_html(chance, ": drawing on does not change it with these choices, so it is "
                                          "the chance when stopping once sure") + "</div>")
        target.value = (
            f"<div class='companion-panel' style='border-color:{ui.COLOURS['muted']}'>"
            f"<b>Computing {what}…</b><div>{html.escape(check.describe())}</div>{known}<small>A large "
            "check (drawing on when sure, many fate chips, a skill above 10) can take seconds; "
            "“Stop computing” or changing a control cancels it.</small></div>")

    def wait(self) -> None:
        """Block until the odds and the plot under way have been worked out and shown."""
        self.odds_worker.wait()
        self.plot_worker.wait()

    def plot(self) -> None:
        """Plot success against skill for each target, under the controls' choices (in the background)."""
        c = self.check()
        none = self.tracker.no_session() if self.use_live.value else None
        if none is not None:
            raise CompanionError(f"no plot from the live deck: {none.said}", where="Plot",
                                 suggestion=f"{self._no_session_hint(none)} Or untick “{LIVE_BOX}” for "
                                            "a full deck's plot.")
        if self.use_live.value and self.tracker.deck_in_doubt():
            raise CompanionError("no plot from the live deck: its remaining cards are not known",
                                 where="Plot", suggestion=" ".join(self._doubt_lines()[-2:]) + ".")
        # every choice of the check but its skill and target, which the plot varies
        rest = {f.name: getattr(c, f.name) for f in fields(c) if f.name not in ("skill", "target")}
        deck = self.tracker.state.remaining if self.use_live.value else None
        self.plot_worker.submit(
            lambda: success_curve(PLOT_TARGETS, PLOT_SKILLS, deck=deck, **rest),
            lambda curves: self._show_plot(c, curves),
            lambda exc: self._failed("plot", exc), lambda: self._plot_pending(c))

    def _plot_pending(self, c: TaskCheck) -> None:
        holder = w.HTML()
        self._computing(holder, c, "the plot")
        self.plot_box.children = [holder]
        self._waiting_for("plot", True)

    def _show_plot(self, c: TaskCheck, curves: dict[str, list[tuple[int, Any]]]) -> None:
        from matplotlib.figure import Figure  # not pyplot: this may run in the worker thread

        fig = Figure(figsize=(7, 3.8))
        ax = fig.subplots()
        for label, points in curves.items():
            ax.plot([k for k, _ in points], [float(p) for _, p in points], marker="o", label=f"{label}+")
        ax.set_xlabel("skill (cards drawn)")
        ax.set_ylabel("P(success)")
        ax.set_ylim(0, 1)
        ax.set_xticks(list(PLOT_SKILLS))
        ax.grid(alpha=0.3)
        # the check without its skill and target (the axes), and the deck when it is the live one
        self.plot_title = (", ".join(c.describe().split(", ")[2:])
                           + (f" (live deck, {len(self.tracker.state.remaining)} cards)"
                              if self.use_live.value else ""))
        ax.set_title(self.plot_title, fontsize=9, wrap=True)
        ax.legend(title="target", ncol=2, fontsize=8)
        self.plot_box.children = [ui.figure_widget(fig)]
        self._plotted = c
        self._plotted_deck = self.tracker.state.remaining if self.use_live.value else None
        self.plot_note.value = ""
        self.plot_message.value = ""
        self._waiting_for("plot", False)

    def _plot_stale(self) -> None:
        """Say when the plot no longer shows the controls' check (it is drawn on request only:
        a plot computes a check per skill and target)."""
        try:
            now = self.check()
        except Exception:
            now = None
        shown = self._plotted
        deck = self.tracker.state.remaining if self.use_live.value else None
        same = (shown is not None and now is not None and deck == self._plotted_deck
                and replace(now, skill=shown.skill, target=shown.target) == shown)
        self.plot_note.value = "" if same or shown is None else ui.panel_html(
            "warn", "The plot shows the controls (and the deck) as they were when it was drawn: press "
                    "Plot to draw it for these")

    def _act(self, event: dict[str, Any], *, refuse_stale: bool = False) -> None:
        self._acting(lambda: self.tracker.do(event), refuse_stale=refuse_stale)

    def _act_named(self, event: dict[str, Any], name: str) -> str | None:
        """:meth:`_act` for a draw, an award or a spend naming ``name``, and the word on a new name close to
        a known one (:meth:`~companion.mousecard.live.LiveDeck.new_name_hint`), of the log as it is just
        before the action: read again first, should another window have named them meanwhile."""
        hint: str | None = None

        def act() -> None:
            nonlocal hint
            self.tracker.sync()  # (do reads it again too: this is for the hint)
            hint = self.tracker.state.new_name_hint(name)
            self.tracker.do(event)

        self._acting(act)
        return hint

    def _undo_redo(self, undo: bool) -> None:
        """Undo (or redo) the latest action the history on show holds, never another window's (refused
        on a page another window made stale), and say under the row what it took back (or brought
        back) in the live deck's own words, its journal lines, as every page says it ("Undone: Tansy
        receives 1 fate chip (Tansy back to 0 fate chips).": :meth:`.LiveDeckTracker.undo_words`); with
        the start undone, how to get the session back. The last-draw panel follows the draw in force
        (:meth:`_follow_draw`)."""
        before, done = self.tracker.state, self.tracker.history
        self._acting(self.tracker.undo if undo else self.tracker.redo, refuse_stale=True)
        after = self.tracker.state
        # (the action an undo took back: the latest in force, the page not being stale)
        undone = done[-1] if undo and done and self.tracker.history == done[:-1] else None
        words = (self.tracker.undo_words if undo else self.tracker.redo_words)(before, after)
        said = [plain(x) for x in words]
        none = self.tracker.no_session()
        if none is not None:
            said.append(f"No session under way now: {none.why}. {self._no_session_hint(none)}")
        if before.draws != after.draws:
            self._follow_draw(undone)
        ui.show(self.message, "info", said[0], said[1:])

    def _follow_draw(self, undone: dict[str, Any] | None = None) -> None:
        """After an undo or a redo that changed a draw, the Character box names the character of the draw
        in force the latest action worked on (:meth:`_last_worked_on`: the draw a redo brought back, or
        the one before the draw an undo took back), so the last-draw panel and the ace, chip and draw-on
        buttons act on it, never on a draw another character made earlier. An undone ace, fate chip or
        draw-on (``undone``: the event an undo took back) leaves its draw in force: that draw is shown,
        as it is back to, for the ace or chip meant to be spent on it."""
        kind, name = (undone or {}).get("event"), (undone or {}).get("character")
        on_draw = self.tracker.state.last_draw(name) if kind in ("bonus", "draw_on") and isinstance(
            name, str) else None
        rec = on_draw or self._last_worked_on()
        if rec is not None:
            self.character.value = rec.character

    @staticmethod
    def _no_session_hint(none: NoStart) -> str:
        """What to do when no session is under way (``none``: why): in the app, whose Redo brings back a
        start just undone, "Press Redo" (the app shows no command line and no log path); elsewhere the
        live deck's own hint, as the command line gives it."""
        return PRESS_REDO if none.reason == "undone" and ui.in_app() else none.hint

    def _acting(self, action: Any, *, refuse_stale: bool = False) -> None:
        """Run a tracker action; say so if the saved session was changed elsewhere first (the
        tracker then read it again, and the action applies to what it holds now). ``refuse_stale``:
        an action chosen from what the page shows (an ace or a chip spent on the draw on show, drawing
        on with it, undo and redo, the end of the chapter on show) is refused instead, under the log's
        lock, when another window wrote the log since the page was drawn
        (:meth:`~companion.ui.TrackerPage._run_locked`): the page is drawn again as the log holds it,
        for the player to look and press again. A draw, an award or a spend says all it does (who,
        what, how many), so it goes ahead on the log as it now holds."""
        reloads = self.tracker.reloads
        stale = False  # refused as stale: said once, under the button pressed (not in the notice too)
        try:
            if refuse_stale:
                self._run_locked(action, refuse_stale=True)
            else:
                self._run(action)  # a refusal propagates to the button's error panel, after the finally
            self.message.value = ""
        except ui.StaleRefusal:
            stale = True
            raise
        finally:
            reread = self.tracker.reloads != reloads
            aside = self.tracker.set_aside() if reread else []
            if reread and (aside or not stale):  # (lines set aside are always said)
                self._say_read_again(aside)
            elif not self.show_unusable(self.notice):  # a log that cannot be used stays said
                self.notice.value = ""

    def _say_read_again(self, aside: list[str]) -> None:
        """Say in the notice that another window (or a command) wrote the session's log, which the page
        read again and shows as it is now, with the first of the lines that read set ``aside`` (a line
        cut by a crash): a warning when there are some. Said so whether a click or an edited name box
        read it (:meth:`_acting`, :meth:`_names_edited`)."""
        ui.show(self.notice, "warn" if aside else "info", "The saved session was changed in another window",
                ["it was read again: the page shows it as it is now", *aside[:5]])

    def draw(self) -> None:
        character = self.drawer()
        cards = self._typed_cards()
        hint = self._act_named(draw_event(character, self.task.value.strip() or DEFAULT_TASK,
                                          self.check(fate_chips=False), cards), character)
        self._task_drawn = (_same(character), self.task.value)  # (done: another character's draw clears it)
        self.cards.value = ""
        self._new_name(hint)

    def _typed_cards(self) -> list[str] | None:
        """The cards of the "Cards typed in" box, by id (``None``: the box is empty, the shuffled deck
        draws); a card mistyped is refused as of that box, as the log's refusals of typed cards are."""
        from ..mousecard.deck import parse_cards

        typed = self.cards.value.strip()
        try:
            return [c.id for c in parse_cards(typed)] if typed else None
        except CompanionError as exc:
            raise exc.relabel(where="cards") from None

    def drawer(self) -> str:
        """Who draws: the Character box's name; raises while the box is empty (Draw is off then:
        :meth:`_unnamed`)."""
        character = tidy_name(self.character.value)
        if not character:
            raise CompanionError("name the character who draws", where="Character")
        # (too long, an invisible character: as a draw is; a name the session keeps is taken whole)
        refused = self.tracker.state.name_refusal("character", character)
        if refused is not None:
            raise refused.relabel(where="Character")
        return character

    def _no_session_why(self) -> str | None:
        """Why no action can be taken: no session is under way in the log (its start undone, say:
        :meth:`~companion.mousecard.live.LiveDeckTracker.no_session`, the words the tracker refuses
        with); ``None``: one is. Draw, Award, Spend and End of chapter are off with it."""
        none = self.tracker.no_session()
        return None if none is None else none.said

    @staticmethod
    def _unnamed(name: Callable[[], str]) -> str | None:
        """Why a button that needs a name is off: ``name`` (:meth:`drawer`, :meth:`chip_holder`)
        refused, naming its empty box, or the name in it the live deck refuses (a RuleError: too long,
        an invisible character); ``None``: a name is given that an action takes."""
        try:
            name()
        except RuleError as refused:
            return f"the {refused.where} box: {refused.message}"
        except CompanionError as refused:
            return f"the {refused.where} box is empty: {refused.message}"
        return None

    def _new_name(self, hint: str | None) -> None:
        """Once an action is done, a word when it used a new name close to a known one (a typo
        starts a new player with no chips and no draws of their own)."""
        if hint:
            ui.show(self.message, "info", "A new name", [hint])

    def latest_draw(self) -> DrawRecord | None:
        """The latest draw of the character named in the Character box (None when they have not
        drawn yet), or with no name, the latest of all, whatever its chapter."""
        st = self.tracker.state
        name = tidy_name(self.character.value)
        if name:
            return st.last_draw(name)
        return st.draws[-1] if st.draws else None

    def shown_draw(self) -> DrawRecord | None:
        """The draw the last-draw panel shows, which the bonus and draw-on buttons act on:
        :meth:`latest_draw` while it belongs to the chapter under way. None once that chapter has
        ended: its cards went back into the deck at the reshuffle, and the next chapter's checks are
        new ones (Jokers: the deck is reshuffled at the end of every chapter)."""
        return self._shown_of(self.latest_draw())

    def _shown_of(self, latest: DrawRecord | None) -> DrawRecord | None:
        """:meth:`shown_draw` of the draw :meth:`latest_draw` found (``latest``): it, unless its chapter
        has ended (:meth:`~companion.mousecard.live.LiveDeck.ended_chapter`)."""
        return latest if latest is not None and self.tracker.state.ended_chapter(latest) is None else None

    def _no_draw_why(self, latest: DrawRecord | None) -> str:
        """Why no draw is on show (:meth:`shown_draw` is None; ``latest``: what :meth:`latest_draw`
        found): none yet, or the latest belongs to a chapter that has ended. The bonus and draw-on
        buttons say it when off, as a click refuses."""
        ended = None if latest is None else self.tracker.state.ended_chapter(latest)
        if ended is not None:
            return ended
        name = tidy_name(self.character.value)
        hint = self.tracker.state.new_name_hint(name) if name else None  # (a misspelt name: the one meant)
        if not name:
            return "no draw yet"
        return f"{shown_name(name)} has not drawn yet" + (f" ({hint})" if hint else "")

    def _shown_or_refuse(self, where: str) -> DrawRecord:
        """:meth:`shown_draw`, or why there is none."""
        latest = self.latest_draw()
        rec = self._shown_of(latest)
        if rec is None:
            raise CompanionError(self._no_draw_why(latest), where=where,
                                 suggestion="Draw first, or name a character who has drawn.")
        return rec

    def draw_on(self) -> None:
        """Go on with the draw shown (:meth:`shown_draw`) once its bad card is cancelled (typed
        cards from the "Cards typed in" field, or the shuffled deck's). The draw is found on the log as it
        holds at the click (:meth:`_on_shown_draw`)."""
        def draw_on(rec: DrawRecord) -> None:
            event: dict[str, Any] = {"event": "draw_on", "character": rec.character, **self._naming(rec)}
            if (cards := self._typed_cards()) is not None:
                event["cards"] = cards
            self.tracker.do(event)

        self._on_shown_draw("draw_on", draw_on)
        self.cards.value = ""

    def spend_bonus(self, source: str, use: str) -> None:
        """Spend an ace of the draw shown (:meth:`shown_draw`), or one of its character's fate chips,
        on it. Refused when another window wrote the log since the page was drawn (:meth:`_acting`);
        and the event names the draw by its number and its log line (:meth:`_naming`), so a draw
        changed meanwhile (one undone and another drawn under the same number) is refused, never the
        wrong one given the bonus. (``self.bonus`` is the bonus policy's control.)"""
        self._on_shown_draw("bonus", lambda rec: self.tracker.do({
            "event": "bonus", "character": rec.character, "source": source, "use": use, **self._naming(rec)}))

    def _on_shown_draw(self, where: str, action: Callable[[DrawRecord], Any]) -> None:
        """``action`` on the draw on show (:meth:`_shown_or_refuse`), found under the log's lock once the
        log is read again (:meth:`_acting`, refusing a page another window made stale): a refusal ("Pip has
        not drawn yet") is of the log as it is now, never of a page drawn before another window drew."""
        self._acting(lambda: action(self._shown_or_refuse(where)), refuse_stale=True)

    def _naming(self, rec: DrawRecord) -> dict[str, int]:
        """What a bonus or a draw-on says of the draw on show: its number (``"draw"``) and the log
        line its draw was written on (``"draw_line"``, never another draw's: a number is, once a draw
        is undone and another made; see :meth:`~companion.mousecard.live.LiveDeckTracker._meant`)."""
        line = self.tracker.line_of_draw(rec.number)
        return {"draw": rec.number, **({"draw_line": line} if line is not None else {})}

    def chip_player(self) -> str:
        """Whose fate chips Award and Spend move: the Player box's name, else the Character box's."""
        return tidy_name(self.player.value) or tidy_name(self.character.value)

    def chip_holder(self) -> str:
        """:meth:`chip_player`, raising while both boxes are empty (Award and Spend are off then:
        :meth:`_unnamed`), or while the name is one an award or a spend refuses (:meth:`~companion.
        mousecard.live.LiveDeck.name_refusal`, said of the box it came from)."""
        player = self.chip_player()
        if not player:
            raise CompanionError("name the player", where="Player")
        refused = self.tracker.state.name_refusal("player", player)
        if refused is not None:
            raise refused.relabel(where="Player" if tidy_name(self.player.value) else "Character")
        return player

    def chip(self, verb: str) -> None:
        """Award or spend (``verb``) one fate chip of :meth:`chip_player`'s; a refusal of the name is said
        of the box it came from (the Character box's while the Player box is empty). Said under the row
        (:meth:`_say_chip`)."""
        player = self.chip_holder()
        try:
            hint = self._act_named({"event": verb, "player": player, "chips": 1}, player)
        except CompanionError as exc:
            if exc.where == "player" and not tidy_name(self.player.value):
                raise exc.relabel(where="character") from None
            raise
        self._say_chip(verb, player, hint if verb == "award" else None)

    def _say_chip(self, verb: str, player: str, hint: str | None) -> None:
        """Say under the chips row what an award or a spend did: "Pip: +1 fate chip (now 2)", whose name it
        took (the Character box's, the Player box being empty: only the chips table would show it
        otherwise), what it changed of the player's latest draw (the history's words after the count, as
        the live deck keeps them: :attr:`.ChipLine.changed`) and a word on a new name close to a known one
        (``hint``)."""
        st = self.tracker.state
        name = st.name_of(player)
        now = st.chips_of(name)
        chip = st.chip_line(-1)  # (the award's or spend's own line: the latest)
        changed = chip.changed if chip is not None and chip.player == name else ""
        lines = [*([] if tidy_name(self.player.value) else
                   [f"the Character box's name ({shown_name(name)}): the Player box is empty"]),
                 *([plain(changed.strip())] if changed.strip() else []), *([hint] if hint else [])]
        sign = "+" if verb == "award" else "−"
        ui.show(self.message, "ok", f"{shown_name(name)}: {sign}1 fate chip (now {now})", lines)

    def reshuffle(self) -> None:
        """Reshuffle within the chapter (the game master's call, as ``mousecard reshuffle`` without
        ``--chapter``): every card back into the deck, which makes a deck in doubt whole again without
        ending the chapter (its draws stay open to aces and chips). Said under its row as the history
        words it, with the deck's cards; refused when another window wrote the log since the page was
        drawn (the deck on show is the one reshuffled)."""
        self._act({"event": "reshuffle", "reason": "gm"}, refuse_stale=True)
        st = self.tracker.state
        ui.show(self.message, "ok", st.journal[-1], [f"{len(st.order)} cards in the deck"])

    def end_chapter(self) -> None:
        """End of chapter: every card back into the deck, and the next chapter begins (Jokers). Said
        under its row, as the session's history words it, with the deck's cards; refused when another
        window wrote the log since the page was drawn (the chapter on show is the one ended)."""
        self._act({"event": "reshuffle", "reason": "chapter"}, refuse_stale=True)
        st = self.tracker.state
        ui.show(self.message, "ok", st.journal[-1], [f"{len(st.order)} cards in the deck"])

    # -- display -----------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.tracker.reloads != self._player_reloads:  # another window wrote the log: read again
            self._follow_player()
        st = self.tracker.state
        none = self.tracker.no_session()
        if none is not None:  # no start in force: no deck, whatever the lines say
            self.deck_status.value = (
                f"<div style='font-size:17px'><b>No session under way</b>: {html.escape(none.why)}</div>"
                f"<small>{html.escape(self._no_session_hint(none))}</small>")
        else:
            # while the deck is in doubt the count is the log's: the cards left are not known
            doubt = html.escape(doubt_note(self.tracker.deck_in_doubt()))
            self.deck_status.value = (
                f"<div style='font-size:17px'><b>{len(st.order)}</b> cards in the deck{doubt} · "
                f"{len(st.discards)} drawn since the last reshuffle · chapter {st.chapter}</div>")
        rows = "".join(f"<tr><td style='padding-right:16px'>{html.escape(shown_name(p))}</td>"
                       f"<td><b>{n}</b> {'●' * min(n, 10)}</td></tr>" for p, n in st.chips)
        self.chips_table.value = (f"<table><tr><th align='left'>Player</th><th align='left'>Fate chips"
                                  f"</th></tr>{rows}</table>" if rows else
                                  "<i>No fate chips awarded yet.</i>")
        self.history.value = history_html(st)
        no_session = None if none is None else none.said  # (as _no_session_why says it)
        ui.gate(self.undo_button, None if self.tracker.can_undo else "nothing to undo")
        ui.gate(self.redo_button, None if self.tracker.can_redo else "nothing to redo")
        ui.gate(self.chapter_button, no_session)
        # (in words of its own: with no session there is no deck, and End of chapter's line says its reason)
        ui.gate(self.reshuffle_button, None if no_session is None else f"no deck to reshuffle: {no_session}")
        # (after undo and redo are set; _refresh_last locks the others and says why each is off)
        self._lock_if_unusable([self.reshuffle_button, self.chapter_button, self.undo_button,
                                self.redo_button])
        self._refresh_last(no_session)
        if self.use_live.value:
            self.compute()
        self._plot_stale()  # a draw changes the live deck a plot may have been drawn from


    def _refresh_last(self, no_session: str | None) -> None:
        """The draw the bonus and draw-on buttons act on (:meth:`shown_draw`), and those buttons:
        each is on only when the draw shown allows it (an ace cannot cancel itself; a chip
        cancels only a bad card in effect, and only while its character holds one). Draw, Award and
        Spend follow the names too: Draw is on once a character is named, Award and Spend as
        :meth:`_gate_chips` says; none is on while no session is under way (``no_session``: why, as
        :meth:`_no_session_why` says it; ``None``: one is)."""
        st = self.tracker.state
        latest = self.latest_draw()  # (each read once: this runs on every keystroke in the boxes)
        rec = self._shown_of(latest)
        no_draw = None if rec is not None else self._no_draw_why(latest)
        name = self.character.value.strip()
        if rec is not None:
            self.last.value = draw_html(rec, st.chips_of(rec.character))
        elif latest is not None:  # the latest belongs to a chapter that has ended
            self.last.value = ui.panel_html(
                "info", f"Chapter {st.chapter}: no draw yet" + (f" for {name}" if name else ""),
                [f"{no_draw}: the ace, chip and draw-on buttons act on a draw of this chapter"])
        elif name:
            self.last.value = ui.panel_html("info", f"{no_draw}: the ace, chip and draw-on "
                                                    "buttons act on the latest draw of the character named")
        else:
            self.last.value = ""
        chips = st.chips_of(rec.character) if rec is not None else 0
        for button, (source, use) in zip(self.bonus_buttons, BONUS_LABELS, strict=True):
            why = (no_draw if rec is None else
                   refused[0] if (refused := rec.bonus_refusal(source, use, chips)) else None)
            ui.gate(button, plain(why) if why else None)
        self._gate_chips(no_session)
        # a draw from the shuffled deck waits while the deck is in doubt; typed-in cards do not
        doubt = None if self.cards.value.strip() else self.tracker.doubt_refusal()
        said = doubt.render(where=False) if doubt is not None else None
        ui.gate(self.draw_button, no_session or self._unnamed(self.drawer) or said)
        ui.gate(self.draw_on_button,
                no_draw if rec is None else
                plain(f"{DRAW_ON_OFF}: #{rec.number} cannot, {why}") if (why := rec.draw_on_refusal())
                else said)
        self._lock_if_unusable([self.draw_button, self.draw_on_button, *self.bonus_buttons])
        self._say_off(no_draw)

    def _gate_chips(self, no_session: str | None) -> None:
        """Award and Spend, and why they are off under them: Award is on once a player is named
        (:meth:`chip_holder`), Spend only while the player named holds a chip; neither while no session
        is under way (``no_session``: why; ``None``: one is). The Player box changes only these."""
        st = self.tracker.state
        unnamed = no_session or self._unnamed(self.chip_holder)
        player = self.chip_player()
        ui.gate(self.award_button, unnamed)
        ui.gate(self.spend_button, unnamed if unnamed or st.can_spend(player) else
                f"{shown_name(st.name_of(player))} has no fate chip to spend")
        self._lock_if_unusable([self.award_button, self.spend_button])
        # a name with no chip that is close to a known one is likely misspelt: the one meant is said under it
        hint = None if unnamed or st.can_spend(player) else st.new_name_hint(player)
        self.chips_off.value = ui.off_reasons([self.award_button, self.spend_button], skip=SAID_ABOVE) + (
            ui.off_note(hint) if hint and self.spend_button.disabled else "")

    def _say_off(self, no_draw: str | None) -> None:
        """Under the draw, bonus and session buttons, why those that are off are off (their tooltips,
        which a touch screen never shows; Award and Spend's: :meth:`_gate_chips`); a log that cannot be
        used is said in the notice already, and why no draw is on show (``no_draw``, ``None`` while one
        is) in the last-draw panel, between those buttons."""
        skip = [*SAID_ABOVE, *([no_draw] if no_draw is not None and self.last.value else [])]
        for off, group in ((self.draw_off, [self.draw_button, self.draw_on_button]),
                           (self.bonus_off, self.bonus_buttons),
                           (self.session_off, [self.reshuffle_button, self.chapter_button, self.undo_button,
                                               self.redo_button])):
            off.value = ui.off_reasons(group, skip=skip)


def _same(name: str) -> str:
    """``name`` as the session matches names (tidied, ignoring case): "pip " and "Pip" are one character."""
    return tidy_name(name).casefold()


def mousecard_page(log_path: str | Path | None = None) -> w.VBox:
    """Build the page and return the widget to display."""
    return MouseCardPage(log_path).widget
