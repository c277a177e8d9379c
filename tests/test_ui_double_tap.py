"""Every page's action buttons act once for a double tap (:class:`companion.ui.ActionButton`: the second
front-end click of a double tap is ignored, saying nothing), while a stepper's − and + take quick taps and
``Button.click()`` always acts; an off button looks off whatever its colour (the page CSS); a click refused
on a stale page is a :class:`~companion.ui.StaleRefusal` (said once, under the button); and what another
window wrote to a tracker's log is said when the page follows it (:func:`~companion.ui.followed_words`)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from companion import ui
from companion.errors import CompanionError
from companion.mousecard.live import LiveDeckTracker
from companion.tmnt.game import TmntTracker
from companion.village.game import VillageTracker
from tests.test_mystics_helpers import dash
from tests.test_mystics_helpers import started as mystics_started
from tests.test_tmnt_views import CARDS


class Clock:
    """The kernel's clock, as :class:`~companion.ui.ActionButton` reads it, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(ui, "monotonic", fake)
    return fake


def tap(button: w.Button) -> None:
    """A click as the page sends it (the front end's message), not ``Button.click()``."""
    button._handle_button_msg(button, {"event": "click"}, [])


def counted(button: w.Button, clock: Clock, takes: float = 0.02) -> list[float]:
    """When each click that acted began; handling one takes ``takes`` seconds of the fake clock."""
    began: list[float] = []

    def handle(_b: Any) -> None:
        began.append(clock.now)
        clock.now += takes

    button.on_click(handle)
    return began


# -- 1. a double tap acts once ------------------------------------------------------------------------

def test_a_double_tap_acts_once_and_a_later_press_acts_again(clock: Clock) -> None:
    b = ui.big_button("Draw", style="primary")
    acted = counted(b, clock)
    tap(b)
    clock.now += 0.004  # the second click, queued while the first ran: handled just after it ended
    tap(b)
    assert len(acted) == 1
    clock.now += 0.6  # a person who saw the result and presses again
    tap(b)
    assert len(acted) == 2


def test_a_slow_double_click_on_a_quick_action_acts_once(clock: Clock) -> None:
    b = ui.big_button("Award a fate chip")
    acted = counted(b, clock, takes=0.01)
    tap(b)
    clock.now += ui.DOUBLE_TAP_AFTER_END + 0.05  # past the end's threshold, not past the start's
    tap(b)
    assert len(acted) == 1


def test_a_double_tap_on_a_long_action_is_measured_from_its_end(clock: Clock) -> None:
    b = ui.big_button("Plot")
    acted = counted(b, clock, takes=2.0)
    tap(b)
    clock.now += 0.004  # 2 s after the first began, 4 ms after it ended: the double tap's second click
    tap(b)
    assert len(acted) == 1
    clock.now += ui.DOUBLE_TAP_AFTER_END  # as soon as a person can: it acts
    tap(b)
    assert len(acted) == 2


def test_a_press_at_the_thresholds_acts(clock: Clock) -> None:
    b = ui.big_button("End of chapter: reshuffle")
    acted = counted(b, clock, takes=0.0)
    tap(b)
    clock.now += max(ui.DOUBLE_TAP_AFTER_END, ui.DOUBLE_TAP_AFTER_START)
    tap(b)
    assert len(acted) == 2


def test_each_button_keeps_its_own_time(clock: Clock) -> None:
    one, two = ui.big_button("Undo"), ui.big_button("Redo")
    acted_one, acted_two = counted(one, clock), counted(two, clock)
    tap(one)
    tap(two)  # another button right after: no double tap
    assert (len(acted_one), len(acted_two)) == (1, 1)


def test_button_click_from_python_always_acts(clock: Clock) -> None:
    b = ui.big_button("Draw")
    acted = counted(b, clock)
    b.click()
    b.click()  # a test or a notebook clicking twice means it
    assert len(acted) == 2
    tap(b)  # Python's clicks are no front-end click: the page's next tap acts
    assert len(acted) == 3


def test_a_message_that_is_no_click_does_nothing(clock: Clock) -> None:
    b = ui.big_button("Draw")
    acted = counted(b, clock)
    b._handle_button_msg(b, {"event": "focus"}, [])
    assert acted == []
    tap(b)
    assert len(acted) == 1


def test_a_steppers_buttons_take_quick_taps(clock: Clock) -> None:
    number = ui.stepper("Skill", 3, min=1, max=20)
    assert not isinstance(number.plus, ui.ActionButton) and not isinstance(number.minus, ui.ActionButton)
    tap(number.plus)
    tap(number.plus)  # at once: both count
    assert number.value == 5
    tap(number.minus)
    assert number.value == 4


def test_the_audits_double_clicks_on_the_mouse_card_page_act_once(clock: Clock) -> None:
    from companion.views.mousecard import MouseCardPage

    page = MouseCardPage(plot=False, settle=None)
    page.player.value = "Ann"
    tap(page.award_button)
    tap(page.award_button)  # the second click of a double click: nothing
    assert page.tracker.state.chips_of("Ann") == 1
    page.character.value = "Pip"
    drawn = len(page.tracker.history)
    tap(page.draw_button)
    tap(page.draw_button)
    assert len(page.tracker.history) == drawn + 1


def test_a_double_tap_says_nothing_the_firsts_words_stay(tmp_path: Path, clock: Clock) -> None:
    from companion.views.village import VillageCompanion

    page = VillageCompanion(tmp_path / "v.jsonl")
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    draw = page.buttons["draw"]
    tap(draw)
    said = page.section_messages.current.value
    assert "Ann draws" in said
    tap(draw)
    assert len(page.tracker.history) == 2 and page.section_messages.current.value == said


def _buttons(root: Any) -> Iterator[w.Button]:
    todo = [root]
    while todo:
        widget = todo.pop()
        if isinstance(widget, w.Button):
            yield widget
        todo.extend(getattr(widget, "children", ()))


def _pages(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    from companion.views.cards import CardBrowserView
    from companion.views.deck import DeckBuilderView
    from companion.views.monarchs import MonarchsCompanion
    from companion.views.mousecard import MouseCardPage
    from companion.views.printing import PrintView
    from companion.views.start import start_page
    from companion.views.tmnt import AttackBuilder, GameTracker
    from companion.views.village import VillageCompanion

    village = VillageCompanion(tmp_path / "v.jsonl")
    village.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    tmnt = GameTracker(tmp_path / "t.jsonl", CARDS)
    tmnt.new_game.click()
    deck = DeckBuilderView("village")
    deck.input.value = "3 Wise Mouse"  # (a list, so the builder shows its rows of − and +)
    yield from [("cards", CardBrowserView("village").widget), ("deck", deck.widget),
                ("print", PrintView("village").widget), ("monarchs", MonarchsCompanion().widget),
                ("village", village.widget), ("tmnt", tmnt.widget), ("attack", AttackBuilder(CARDS).widget),
                ("mystics", mystics_started(tmp_path / "m.jsonl").widget),
                ("mousecard", MouseCardPage(plot=False, settle=None).widget), ("start", start_page())]


#: The buttons the table taps again on purpose, by page: a step of one (MP, the deck count, a wound, a
#: cheese) and Undo and Redo, which walk the history a tap at a time (``big_button(repeatable=True)``).
REPEATED_STEPS = {
    "village": {"-5 MP", "-1 MP", "+1 MP", "+5 MP", "deck −1", "deck +1", "Undo", "Redo"},
    "tmnt": {"Undo", "Redo"},
    "mystics": {"Undo", "Redo", "+1 cheese", "+2 cheese", "−1 cheese", "Wound", "Poison", "Heal",
                "Cure poison"},
    "mousecard": {"Undo", "Redo"},
}


def test_every_pages_action_buttons_act_once(tmp_path: Path) -> None:
    """Every button of every page is an action button (the TMNT Block Zones too: a tap is a correction,
    and a double tap moves a zone on once), but the steppers' − and + (a number's, a card's count in the
    deck builder) and the steps the table repeats (:data:`REPEATED_STEPS`), which take quick repeated
    taps."""
    plain = []
    for name, root in _pages(tmp_path):
        for b in _buttons(root):
            repeats = b.description in ("−", "+", *REPEATED_STEPS.get(name, ()))
            if isinstance(b, ui.ActionButton) == repeats:
                plain.append((name, b.description, b._dom_classes))
    assert plain == []


def test_a_repeated_step_takes_every_quick_tap(clock: Clock) -> None:
    b = ui.big_button("-1 MP", style="warning", repeatable=True)
    acted = counted(b, clock)
    for _ in range(3):  # three taps as fast as a finger goes: three steps
        tap(b)
        clock.now += 0.004
    assert len(acted) == 3


# -- 2. an off button looks off --------------------------------------------------------------------------

def test_an_off_button_of_any_colour_is_drawn_as_the_plain_ones() -> None:
    rule = re.search(r"\n([^\n{]*:disabled[^\n{]*)\{([^}]*)\}", ui.CSS)
    assert rule is not None
    selector, body = rule.groups()
    for style in ("primary", "success", "info", "warning", "danger"):
        assert f".mod-{style}" in selector
    assert "background-color: var(--jp-layout-color2" in body and "color: var(--jp-ui-font-color1" in body


# -- 3. a stale click: one refusal, a StaleRefusal -------------------------------------------------------

class BarePage(ui.TrackerPage):
    """A tracker page reduced to its tracker and its redraws."""

    def __init__(self, path: Path) -> None:
        self.tracker = VillageTracker(path)
        self.drawn = 0

    def refresh(self) -> None:
        self.drawn += 1


@pytest.mark.parametrize("own_words", [None, "another window changed the game: the flip was not made"])
def test_a_stale_click_is_refused_as_a_stale_refusal(tmp_path: Path, own_words: str | None) -> None:
    path = tmp_path / "v.jsonl"
    VillageTracker(path).do({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    page = BarePage(path)
    VillageTracker(path).do({"event": "draw"})  # another window, since the page was drawn
    ran: list[bool] = []
    with pytest.raises(ui.StaleRefusal) as refused:
        page._run_locked(lambda: ran.append(True), refuse_stale=True,
                         stale_error=None if own_words is None else CompanionError(own_words))
    assert ran == [] and page.drawn == 1  # nothing done; the page drawn again as the log holds it
    assert str(refused.value).startswith(own_words or "the log changed in another window")
    assert isinstance(refused.value, CompanionError)
    page._run_locked(lambda: ran.append(True), refuse_stale=True)  # drawn as it is: the next press acts
    assert ran == [True]


def test_a_stale_village_undo_says_it_under_undo_only(tmp_path: Path) -> None:
    from companion.views.village import VillageCompanion

    page = VillageCompanion(tmp_path / "v.jsonl")
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    VillageTracker(tmp_path / "v.jsonl").do({"event": "draw"})
    page.undo_button.click()
    said = [p for p in page.section_messages.panels if "changed in another window" in p.value]
    assert said == [page.section_messages.current]


# -- 4. another window's change, said -----------------------------------------------------------------

def text(value: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def test_another_windows_village_action_undo_and_redo_are_said(tmp_path: Path) -> None:
    from companion.views.village import VillageCompanion

    page = VillageCompanion(tmp_path / "v.jsonl")
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    other = VillageTracker(tmp_path / "v.jsonl")
    other.do({"event": "draw"})
    assert page.follow_once() is True
    shown = text(page.section_messages.current.value)
    assert shown.startswith("Another window: Ann draws"), shown
    other.undo()
    assert page.follow_once() is True
    assert text(page.section_messages.current.value).startswith("Another window: Undone: Ann draws")
    other.redo()
    assert page.follow_once() is True
    assert text(page.section_messages.current.value).startswith("Another window: Redone: Ann draws")
    other.do({"event": "mp", "player": 0, "delta": 1})
    other.do({"event": "mp", "player": 1, "delta": -1})
    assert page.follow_once() is True
    assert "Bob: 30 → 29 MP (the latest of 2 changes)" in text(page.section_messages.current.value)


def test_another_windows_undo_of_a_draw_is_said_on_the_mouse_card_page() -> None:
    from companion.views.mousecard import MouseCardPage

    page = MouseCardPage(plot=False, settle=None)
    page.character.value = "Pip"
    page.draw_button.click()
    LiveDeckTracker(page.log_path).undo()  # another window takes back Pip's fresh draw (the audit's case)
    assert page.follow_once() is True
    assert text(page.message.value).startswith("Another window: Undone: #1 Pip")


def test_another_windows_tmnt_action_is_said_above_the_status_it_keeps(tmp_path: Path) -> None:
    from companion.views.tmnt import GameTracker

    page = GameTracker(tmp_path / "t.jsonl", CARDS)
    page.first.value = 0
    page.new_game.click()
    page.next.click()  # the status (the phase stepper's, which the page draws itself) is the panel acted in
    status = text(page.status.value)
    TmntTracker(page.path).undo()
    assert page.follow_once() is True
    shown = text(page.status.value)
    assert shown.startswith("Another window: Undone: ") and shown != status
    assert "Set Phase" in shown  # the status, drawn again as the log holds it, stays under the line


def test_another_windows_mystics_actions_are_said_once_each(tmp_path: Path) -> None:
    page = mystics_started(tmp_path / "m.jsonl")
    other = dash(tmp_path / "m.jsonl").tracker
    other.do({"event": "minion_cheese", "count": 1})
    assert page.follow_once() is True
    first = text(page.section_messages.current.value)
    assert first.startswith("Another window: +1 cheese"), first
    other.undo()
    assert page.follow_once() is True
    shown = text(page.section_messages.current.value)
    assert shown.startswith("Another window: Undone: +1 cheese") and shown.count("Another window") == 1
    assert "round 1" in shown  # (the status the page drew stays under the line)


def test_a_log_replaced_in_another_window_is_said(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    from companion.views.village import VillageCompanion

    page = VillageCompanion(path)
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    path.unlink()  # another window's new game: the old log put aside, a new one in its place
    VillageTracker(path).do({"event": "start", "players": ["Cy", "Di"], "seed": 4, "first": 1})
    assert page.follow_once() is True
    shown = text(page.section_messages.current.value)
    assert shown.startswith("Another window changed the log") and "Di goes first" in shown, shown


def test_a_stale_mouse_card_undo_is_said_under_undo_only(tmp_path: Path) -> None:
    from companion.views.mousecard import MouseCardPage

    page = MouseCardPage(tmp_path / "m.jsonl", plot=False, settle=None)
    page.character.value = "Pip"
    page.draw_button.click()
    LiveDeckTracker(page.log_path).do({"event": "award", "player": "Ann", "count": 1})  # another window
    page.undo_button.click()
    assert "changed in another window since this page was drawn" in page.message.value
    assert page.notice.value == ""  # (the notice above the tabs said it too, 1,100 px away)
    assert len(page.tracker.state.draws) == 1  # nothing undone


def test_a_table_stepping_quickly_through_turns_is_never_dropped(clock: Clock) -> None:
    """Next turn, Next turn...: a press 0.4 s after the last one (its result seen) acts (an audit with a
    0.5 s threshold saw such a press dropped)."""
    b = ui.big_button("Next turn ▸", style="primary")
    acted = counted(b, clock, takes=0.05)
    for _ in range(4):
        tap(b)
        clock.now += 0.35  # 0.4 s from one press to the next
    assert len(acted) == 4
