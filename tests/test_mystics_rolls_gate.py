"""The Mice and Mystics page says before the click what its Rolls boxes cannot take: the count of rolls
an ambush takes (one per minion initiative card on the track, top first, and one for a boss's ambush),
a number the action die does not show, no number at all, or none typed where the die data cannot draw
them; a boss's first card ambushes with the Ambush box unticked, and the page says so too."""

from __future__ import annotations

import html
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.errors import CompanionError
from companion.eventlog import EventLog
from companion.mystics.tracker import MysticsTracker, TypedRollsError, rolls_refusal
from companion.verdict import plural
from companion.views.mystics import MysticsDashboard
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, start, started, tracker

#: As the bundled die: no movement numbers, so an ambush's rolls are typed in from the table.
NO_NUMBERS = tuple(replace(f, movement=None) for f in DIE)


def shown(d: MysticsDashboard) -> str:
    return html.unescape(d.status.value + "".join(p.value for p in d.message_panels()))


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def off(button: Any) -> str:
    """The reason ``button`` is off (it must be off)."""
    assert button.disabled, button.tooltip
    return html.unescape(button.tooltip)


def adding_spider(path: Path, **kw: Any) -> MysticsDashboard:
    """A started page (2 rat warriors on the track) adding a spider with an ambush: 2 cards roll."""
    d = started(path, **kw)
    d.add_type.value = "spider"
    d.add_ambush.value = True
    return d


# -- Add minions and the encounter: the count, at its boundary ------------------------------------------

@pytest.mark.parametrize("die", [DIE, NO_NUMBERS], ids=["movement-numbers", "no-movement-numbers"])
def test_add_minions_takes_exactly_one_roll_per_minion_card(tmp_path: Path, die: Any) -> None:
    d = adding_spider(tmp_path / "m.jsonl", die=die)
    d.add_rolls.value = "1 2"
    assert not d.add_btn.disabled, d.add_btn.tooltip
    for typed, n in (("1", 1), ("1 2 3", 3)):
        d.add_rolls.value = typed
        why = off(d.add_btn)
        assert why.startswith(f"Rolls box: {plural(n, 'die roll')} typed in, 2 needed"), why
        assert "one per minion initiative card on the track, top first" in why and "Ambushes" in why
        assert why in html.unescape(d.add_off.value)  # (in words under the button too)
    d.add_rolls.value = "2, 1"
    assert not d.add_btn.disabled
    d.add_btn.click()
    assert lines(tmp_path / "m.jsonl")[-1]["rolls"] == [2, 1] and "Ambush!" in shown(d)


def test_a_blank_rolls_box_is_enabled_when_the_die_data_draws_the_rolls(tmp_path: Path) -> None:
    d = adding_spider(tmp_path / "m.jsonl")
    assert d.add_rolls.value == "" and not d.add_btn.disabled
    d.enc_minions.value, d.enc_ambush.value = "roach=1", True
    assert not d.enc_btn.disabled


def test_a_blank_rolls_box_is_off_when_the_die_data_cannot_draw(tmp_path: Path) -> None:
    d = adding_spider(tmp_path / "m.jsonl", die=NO_NUMBERS)
    why = off(d.add_btn)
    assert why.startswith("Rolls box: no die rolls typed in, 2 needed: the action die data has no movement "
                          "numbers"), why


def test_the_encounters_rolls_box_is_gated_at_its_count(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.enc_minions.value, d.enc_ambush.value = "roach=1", True  # the rats' card and the roach's roll
    d.enc_rolls.value = "3 1"
    assert not d.enc_btn.disabled, d.enc_btn.tooltip
    for typed, n in (("3", 1), ("3 1 1", 3)):
        d.enc_rolls.value = typed
        assert off(d.enc_btn).startswith(f"Rolls box: {plural(n, 'die roll')} typed in, 2 needed"), \
            d.enc_btn.tooltip
    d.enc_ambush.value = False  # no ambush: nothing rolls, so rolls typed are refused
    d.enc_rolls.value = "3"
    assert "1 die roll typed in, 0 needed" in off(d.enc_btn) and "nothing ambushes" in off(d.enc_btn)
    d.enc_rolls.value = ""
    assert not d.enc_btn.disabled


@pytest.mark.parametrize("typed, words", [("1 x", "bad die rolls '1 x'"),
                                          ("1 9", "die roll 9 is not a number"),
                                          ("0 1", "die roll 0 is not a number")])
def test_a_roll_that_is_no_number_of_the_die_is_said_before_the_click(tmp_path: Path, typed: str,
                                                                       words: str) -> None:
    d = adding_spider(tmp_path / "m.jsonl")
    d.add_rolls.value = typed
    assert off(d.add_btn).startswith(f"Rolls box: {words}"), d.add_btn.tooltip


# -- the cheese wheel's Rolls box: read only when the cheese surges -----------------------------------------

def boss_surge_next(path: Path, **kw: Any) -> MysticsDashboard:
    """The wheel at 4, the face-up encounter card's surge bringing Captain Vurst, whose first card
    ambushes (Boss initiative cards): +2 cheese surges, +1 does not."""
    d = started(path, **kw)
    d.enc_surge.value = "vurst=1"
    d.enc_btn.click()
    d.add2.click()
    d.add2.click()
    assert d.state.board.wheel == 4, shown(d)
    return d


def test_the_wheels_rolls_box_gates_the_cheese_that_surges_only(tmp_path: Path) -> None:
    d = boss_surge_next(tmp_path / "m.jsonl")
    assert not d.add1.disabled and not d.add2.disabled  # blank: the die data draws the boss's roll
    d.cheese_rolls.value = "1 2"
    why = off(d.add2)
    assert why.startswith("Rolls box: 2 die rolls typed in, 1 needed") and "Boss initiative cards" in why
    assert why in html.unescape(d.wheel_off.value)
    assert not d.add1.disabled  # (no surge: the rolls wait for it)
    d.cheese_rolls.value = "banana"
    assert off(d.add2).startswith("Rolls box: bad die rolls 'banana'") and not d.add1.disabled
    d.cheese_rolls.value = "3"
    assert not d.add2.disabled
    d.add2.click()
    assert lines(tmp_path / "m.jsonl")[-1]["rolls"] == [3] and d.cheese_rolls.value == ""


def test_the_wheels_blank_rolls_box_is_off_when_the_die_data_cannot_draw(tmp_path: Path) -> None:
    d = boss_surge_next(tmp_path / "m.jsonl", die=NO_NUMBERS)
    assert not d.add1.disabled and "no die rolls typed in, 1 needed" in off(d.add2)
    d.cheese_rolls.value = "2"
    assert not d.add2.disabled


def test_a_greedy_roachs_steal_that_surges_reads_the_wheels_rolls_box(tmp_path: Path) -> None:
    d = boss_surge_next(tmp_path / "m.jsonl")
    d.add1.click()  # 5 on the wheel: the next cheese surges
    d.do({"event": "add_minions", "minions": {"roach": 1}})
    d.do({"event": "mouse_cheese", "mouse": "tilda", "count": 1})
    greedy = d._mouse_boxes["tilda"].greedy
    assert not greedy.disabled, greedy.tooltip
    d.cheese_rolls.value = "1 1"
    assert off(greedy).startswith("Rolls box: 2 die rolls typed in, 1 needed")
    d.cheese_rolls.value = "1"
    assert not greedy.disabled


# -- a boss's ambush, the Ambush box unticked -------------------------------------------------------------

def test_a_boss_ambushes_with_the_ambush_box_unticked_and_the_page_says_so_first(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path, die=NO_NUMBERS)
    d.enc_minions.value = "vurst=1"  # minion cards on the track: the boss's first card ambushes
    assert d.enc_ambush.value is False
    why = off(d.enc_btn)
    assert why.startswith("Rolls box: no die rolls typed in, 1 needed"), why
    assert "a boss's first initiative card, which ambushes as it is placed, ambush or not" in why
    assert "Boss initiative cards" in why and why in html.unescape(d.encounter_off.value)
    d.enc_rolls.value = "2 2"
    assert "2 die rolls typed in, 1 needed" in off(d.enc_btn)
    d.enc_rolls.value = "2"
    assert not d.enc_btn.disabled
    d.enc_btn.click()
    assert lines(path)[-1]["rolls"] == [2] and any("ambushes: rolled 2" in m for m in d.state.messages)


def test_a_boss_and_an_ambush_take_a_roll_each_card_and_one_more(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.add_type.value, d.add_ambush.value = "vurst", True
    d.add_rolls.value = "1 1 1"  # the rats' card and Vurst's two: the boss's own roll is missing
    why = off(d.add_btn)
    assert why.startswith("Rolls box: 3 die rolls typed in, 4 needed") and "then 3 for the ambush" in why
    d.add_rolls.value = "1 1 1 1"
    assert not d.add_btn.disabled


# -- at the click (a click the gate did not stop) -------------------------------------------------------

@pytest.mark.parametrize("typed, words", [("1", "not enough die rolls typed in"),
                                          ("1 2 3", "3 die rolls typed in, 2 used"),
                                          ("1 x", "bad die rolls"), ("1 9", "die roll 9 is not a number")])
def test_the_refusal_at_the_click_names_the_rolls_box(tmp_path: Path, typed: str, words: str) -> None:
    path = tmp_path / "m.jsonl"
    d = adding_spider(path)
    before = path.read_bytes()
    d.add_rolls.value = typed
    d.add_btn.disabled = False  # (a click that got through anyway)
    d.add_btn.click()
    said = html.unescape(d.add_msg.value)
    assert "Rolls box: " in said and words in said, said
    assert path.read_bytes() == before and d.add_rolls.value == typed  # kept for the retry


# -- the count is the tracker's: the gate and the action agree ----------------------------------------------

#: Events after a start with 2 rat warriors (after ``before``), the rolls they take, and whether they read
#: rolls typed in.
EVENTS: list[tuple[list[dict[str, Any]], dict[str, Any], int, bool]] = [
    ([], {"event": "add_minions", "minions": {"spider": 1}, "ambush": True}, 2, True),
    ([], {"event": "add_minions", "minions": {"spider": 1}}, 0, True),
    ([], {"event": "add_minions", "minions": {"vurst": 1}}, 1, True),  # (the boss's first card)
    ([], {"event": "add_minions", "minions": {"vurst": 1}, "ambush": True}, 4, True),  # (1, then 3 cards)
    ([], {"event": "add_minions", "minions": {"brodie": 1}, "ambush": True}, 3, True),  # (no boss: 2 cards)
    ([], {"event": "encounter", "card": "E1", "minions": {}, "ambush": True}, 1, True),
    ([], {"event": "minion_cheese", "count": 2}, 0, False),  # (no surge: rolls typed wait, unread)
    ([{"event": "encounter", "card": "E1", "minions": {}, "surge": {"vurst": 1}}],
     {"event": "minion_cheese", "count": 6}, 1, True),  # (a surge bringing a boss, whose first card ambushes)
]


@pytest.mark.parametrize("before, event, need, reads", EVENTS, ids=lambda x: json.dumps(x)[:50])
def test_the_rolls_refused_before_are_those_the_tracker_refuses(before: list[dict[str, Any]],
                                                                 event: dict[str, Any], need: int,
                                                                 reads: bool) -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}))
    for e in before:
        t.do(e)
    state, history = t.state, list(t.history)
    assert sum(len(cards) for _purpose, cards in t.rolls_trial(state, event).rolled) == need
    assert t.state is state and t.history == history and t._draws is None  # (a trial writes nothing)
    for n in (need - 1, need, need + 1):
        if n < 0:
            continue
        typed = {**event, "rolls": [1] * n}
        refused = rolls_refusal(t, state, typed)
        assert (refused is None) == (n == need or not reads), (n, need, refused)
        if refused is not None:
            assert isinstance(refused, TypedRollsError)
            assert f"{plural(n, 'die roll')} typed in, {need} needed" in refused.message
            with pytest.raises(TypedRollsError):
                t.do(typed)
            assert t.state is state
    t.do({**event, "rolls": [1] * need})
    assert t.history[-1].get("rolls", []) == [1] * need


def test_no_rolls_typed_is_refused_before_only_where_the_die_data_cannot_draw() -> None:
    event = {"event": "add_minions", "minions": {"spider": 1}, "ambush": True}
    for die, refused in ((DIE, False), (NO_NUMBERS, True)):
        t = MysticsTracker(EventLog(None), die=die, heroes=HEROES, minions=MINIONS)
        t.do(start(minions={"rat_warriors": 2}))
        said = rolls_refusal(t, t.state, event)
        assert (said is not None) == refused
        if said is not None:
            assert said.message.startswith("no die rolls typed in, 2 needed")
            with pytest.raises(CompanionError, match="the action die data has no movement numbers"):
                t.do(event)
