"""Mice and Mystics page and tracker, repeated work mended (the review's findings): a Rolls box's gate runs
its event as a trial once per state, event and box text; a gear card typed is worked out once for the four
pack buttons and their click, and the card data is not read again; the status and the surge alert are drawn
once per click; Level up's refusal reads flat."""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion import possessive, ui
from companion.mystics import data as md
from companion.mystics import party as pt
from companion.mystics import tracker as mt
from companion.mystics.party import HeroInfo
from companion.mystics.tracker import (
    MysticsState,
    MysticsTracker,
    PackCard,
    TypedRollsError,
    rolls_refusal,
    why_not_discard,
    why_not_equip,
    why_not_gain,
    why_not_unequip,
)
from companion.views.mystics import MysticsDashboard
from tests.test_mystics_helpers import DIE, start, started, tracker

#: As the bundled die: no movement numbers, so even a blank Rolls box is checked by a trial.
NO_NUMBERS = tuple(replace(f, movement=None) for f in DIE)


@pytest.fixture
def trials(monkeypatch: pytest.MonkeyPatch) -> list[tuple[MysticsState, str]]:
    """Every trial run (:meth:`MysticsTracker.rolls_trial`): the state (kept, so no id is reused) and the
    event, its rolls (the box's text) in it."""
    runs: list[tuple[MysticsState, str]] = []
    trial = MysticsTracker.rolls_trial

    def counted(self: MysticsTracker, state: MysticsState, event: dict[str, Any]) -> Any:
        runs.append((state, repr(sorted(event.items()))))
        return trial(self, state, event)

    monkeypatch.setattr(MysticsTracker, "rolls_trial", counted)
    return runs


def repeated(runs: list[tuple[MysticsState, str]]) -> list[str]:
    """The trials run more than once for one state and event."""
    counts = Counter((id(state), event) for state, event in runs)
    return [event for (_state, event), n in counts.items() if n > 1]


# -- 1. the Rolls boxes' gate: one trial per state, event and box text -----------------------------------

def test_a_count_refused_is_found_by_one_trial() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}))
    event = {"event": "add_minions", "minions": {"spider": 1}, "ambush": True, "rolls": [1]}
    runs = 0
    trial = t.rolls_trial

    def counted(state: MysticsState, e: dict[str, Any]) -> Any:
        nonlocal runs
        runs += 1
        return trial(state, e)

    t.rolls_trial = counted  # type: ignore[method-assign]
    refused = rolls_refusal(t, t.state, event)
    assert isinstance(refused, TypedRollsError) and refused.message == "1 die roll typed in, 2 needed"
    assert runs == 1
    runs = 0  # (cheese that brings no surge reads no rolls: none refused, one trial)
    assert rolls_refusal(t, t.state, {"event": "minion_cheese", "count": 1, "rolls": [1, 2]}) is None
    assert runs == 1


def test_a_trial_notes_whether_the_rolls_typed_are_read_and_counts_what_it_takes() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}))
    state = t.state
    placed = t.rolls_trial(state, {"event": "add_minions", "minions": {"spider": 1}, "rolls": [1, 2, 3]})
    assert placed.typed_read and placed.rolled == []  # (no ambush: every roll typed is one too many)
    ambush = t.rolls_trial(state, {"event": "add_minions", "minions": {"spider": 1}, "ambush": True,
                                   "rolls": [1]})
    assert ambush.typed_read and sum(len(cards) for _p, cards in ambush.rolled) == 2
    unread = t.rolls_trial(state, {"event": "minion_cheese", "count": 1, "rolls": [1]})
    assert not unread.typed_read and unread.rolled == []
    assert t.state is state and t._draws is None  # (written nowhere)


@pytest.mark.parametrize("die", [DIE, NO_NUMBERS], ids=["movement-numbers", "no-movement-numbers"])
def test_the_page_runs_each_trial_once_per_state_event_and_box_text(
        tmp_path: Path, die: Any, trials: list[tuple[MysticsState, str]]) -> None:
    d = started(tmp_path / "m.jsonl", die=die)
    d.add_type.value = "spider"
    d.add_ambush.value = True
    trials.clear()
    d.add_rolls.value = "1"  # (a count refused: the gate's trial, once)
    assert d.add_btn.disabled and len(trials) == 1, trials
    d.add_rolls.value = "1 2"
    assert not d.add_btn.disabled, d.add_btn.tooltip
    d.add_btn.click()
    d.cheese_rolls.value = "2"  # (the wheel's box: the cheese buttons and each greedy roach's steal)
    d.add2.click()
    d.enc_ambush.value = True
    d.enc_rolls.value = "3"
    d.next_btn.click()
    assert trials and repeated(trials) == []


# -- 2. a gear card typed: worked out once for the four pack buttons and their click ---------------------

@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The work a card typed takes, by kind and text: the mouse's card it names (``held:``
    :func:`~companion.mystics.tracker.held_card`), the chapter's record of a card (``search:``
    :func:`~companion.mystics.tracker._search`), and each reading of the search card data (``data``)."""
    seen: Counter[str] = Counter()
    held, search, read = mt.held_card, mt._search, md.search_cards

    def held_counted(t: MysticsTracker, m: Any, typed: str) -> str:
        seen[f"held:{typed}"] += 1
        return held(t, m, typed)

    def search_counted(t: MysticsTracker, state: MysticsState, card: str) -> Any:
        seen[f"search:{card}"] += 1
        return search(t, state, card)

    def read_counted(*args: Any, **kwargs: Any) -> Any:
        seen["data"] += 1
        return read(*args, **kwargs)

    monkeypatch.setattr(mt, "held_card", held_counted)
    monkeypatch.setattr(mt, "_search", search_counted)
    monkeypatch.setattr(md, "search_cards", read_counted)
    return seen


def collins_turn(path: Path) -> MysticsDashboard:
    d = started(path)
    d.tracker.do({"event": "set_turn", "card": "collin"})
    d.refresh()
    return d


def test_a_card_typed_is_worked_out_once_for_the_four_pack_buttons(tmp_path: Path,
                                                                     lookups: Counter[str]) -> None:
    d = collins_turn(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    lookups.clear()
    box.card.value = "Dagger"
    assert lookups == Counter({"held:Dagger": 1, "search:Dagger": 1}), lookups  # (no data read again)
    assert not box.gear_buttons["gain"].disabled, box.gear_buttons["gain"].tooltip
    assert "Collin has no card 'Dagger'" in html.unescape(box.gear_buttons["discard"].tooltip)


@pytest.mark.parametrize("button", ["gain", "equip"])
def test_a_pack_click_uses_the_card_its_gate_worked_out_and_its_action_works_it_out_once(
        tmp_path: Path, lookups: Counter[str], button: str) -> None:
    d = collins_turn(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    if button == "equip":
        d.tracker.do({"event": "gain", "mouse": "collin", "card": "Dagger"})
        d.refresh()
        box.slot.value = "paw"
    box.card.value = "dagger"  # (the gate looks it up: the data spells it Dagger)
    before: list[Counter[str]] = []
    during: list[Counter[str]] = []
    runs = 0  # (the event applied: checked, then applied to the state it makes: Tracker.do)
    do, apply = d.tracker.do, d.tracker.apply

    def counted(event: dict[str, Any]) -> Any:
        before.append(Counter(lookups))
        lookups.clear()
        try:
            return do(event)
        finally:
            during.append(Counter(lookups))

    def applied(state: MysticsState, event: dict[str, Any]) -> MysticsState:
        nonlocal runs
        runs += 1
        return apply(state, event)

    d.tracker.do, d.tracker.apply = counted, applied  # type: ignore[method-assign]
    lookups.clear()
    box.gear_buttons[button].click()
    assert "Dagger" in [g.name for g in d.state.mouse("collin").gear], html.unescape(box.extra_msg.value)
    assert before == [Counter()]  # (the click takes the card its gate worked out)
    assert during[0] and max(during[0].values()) <= runs, (during, runs)  # (each card once per run)
    assert "data" not in during[0]  # (the card data is read once per tracker, not per click)


def test_a_card_looked_up_already_gives_the_answers_of_a_card_typed(tmp_path: Path,
                                                                     lookups: Counter[str]) -> None:
    d = collins_turn(tmp_path / "m.jsonl")
    t, s = d.tracker, d.state
    for card in ("Dagger", "Collin's Sword", "collins-sword", "Grape", "Chain Mail"):
        lookups.clear()
        named = PackCard(t, s, "collin", card)
        answers = [why_not_gain(t, s, "collin", named), why_not_equip(t, s, "collin", named, "paw"),
                   why_not_unequip(t, s, "collin", named), why_not_discard(t, s, "collin", named)]
        assert "data" not in lookups and max(lookups.values()) == 1, (card, lookups)  # (once for all four)
        typed = [why_not_gain(t, s, "collin", card), why_not_equip(t, s, "collin", card, "paw"),
                 why_not_unequip(t, s, "collin", card), why_not_discard(t, s, "collin", card)]
        assert [None if x is None else x.render() for x in answers] == \
            [None if x is None else x.render() for x in typed], card


# -- 3. Level up's refusal -------------------------------------------------------------------------------

def mouse(classes: tuple[str, ...] = ("scamp",), **kw: Any) -> pt.Mouse:
    return replace(pt.new_mouse(HeroInfo("filch", "Filch", life=3, classes=classes)), **kw)


def test_an_ability_of_another_class_is_refused_without_raising() -> None:
    refused = pt.ability_class_refusal(mouse(), "Inspire", ("leader",), "Level Up")
    assert refused is not None and refused.message == "ability 'Inspire' needs class leader; Filch is scamp"
    assert pt.ability_class_refusal(mouse(), "First Aid", ("any",), "Level Up") is None
    unknown = mouse(classes=())  # (a mouse whose classes are not known: not checked)
    assert pt.ability_class_refusal(unknown, "Inspire", ("leader",), "Level Up") is None


@pytest.mark.parametrize("kw, ability, classes, words", [
    ({"captured": True, "cheese": 6}, "Inspire", ("scamp",), "Filch is captured"),
    ({"cheese": 5}, "Inspire", ("scamp",), "Filch has 5 cheese; leveling up costs 6"),
    ({"cheese": 6}, "Inspire", ("leader",), "ability 'Inspire' needs class leader; Filch is scamp"),
    ({"cheese": 6, "abilities": ("Inspire",)}, "inspire", ("scamp",), "Filch already has ability 'Inspire'"),
    ({"cheese": 6}, "Inspire", ("scamp",), None),
])
def test_level_up_refusal_says_each_reason_in_its_order(kw: dict[str, Any], ability: str,
                                                        classes: tuple[str, ...], words: str | None) -> None:
    refused = pt.level_up_refusal(mouse(**kw), ability, classes)
    assert (refused is None) == (words is None)
    if refused is not None:
        assert words is not None and refused.message.startswith(words)


# -- 4. the status: drawn once per click -----------------------------------------------------------------

@pytest.fixture
def status_draws(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, str]]:
    """Every panel drawn (:func:`companion.ui.show`): the panel and its title."""
    drawn: list[tuple[Any, str]] = []
    show = ui.show

    def counted(target: Any, kind: str, title: str, lines: Any = ()) -> None:
        drawn.append((target, title))
        show(target, kind, title, lines)

    monkeypatch.setattr(ui, "show", counted)
    return drawn


def drawn_in(d: MysticsDashboard, drawn: list[tuple[Any, str]]) -> list[str]:
    """The titles drawn in the page's status, then forgotten."""
    titles = [title for target, title in drawn if target is d.status]
    drawn.clear()
    return titles


def test_the_status_is_drawn_once_per_click(tmp_path: Path, status_draws: list[tuple[Any, str]]) -> None:
    d = started(tmp_path / "m.jsonl")
    status_draws.clear()
    d.next_btn.click()
    assert drawn_in(d, status_draws) == [f"{possessive(d.state.current.name)} turn · round 1"]  # type: ignore[union-attr]
    for button in (d.add1, d.undo_btn, d.redo_btn, d._mouse_boxes["tilda"].wound):
        button.click()
        assert len(drawn_in(d, status_draws)) == 1, button.description
    d.start_btn.click()  # (a new chapter: the old log kept, named in the status)
    titles = drawn_in(d, status_draws)
    assert len(titles) == 1 and "kept" in html.unescape(d.status.value), d.status.value


def test_the_surge_alert_is_worked_out_once_per_click(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    d = started(tmp_path / "m.jsonl")
    d.enc_name.value = "Spiders"
    d.enc_surge.value = "spider=1"
    d.enc_btn.click()
    works: list[str] = []
    alert = MysticsDashboard._surge_alert

    def counted(self: MysticsDashboard) -> str:
        works.append(alert(self))
        return works[-1]

    monkeypatch.setattr(MysticsDashboard, "_surge_alert", counted)
    for button in (d.add2, d.add2, d.add2, d.undo_btn, d.redo_btn):  # (the third surges, and is redone)
        works.clear()
        button.click()
        assert len(works) == 1, (button.description, len(works))
        assert d.surge_alert.value == works[0]
    assert "Surge" in d.surge_alert.value, d.surge_alert.value


def test_a_refused_click_draws_the_status_once_and_its_refusal_under_its_button(
        tmp_path: Path, status_draws: list[tuple[Any, str]]) -> None:
    d = started(tmp_path / "m.jsonl")
    status_draws.clear()
    d.sub1.disabled = False  # (a click that got through anyway: the wheel is empty)
    d.sub1.click()
    assert "That did not work" in d.wheel_msg.value
    assert drawn_in(d, status_draws) == ["Rat Warriors' turn · round 1"]


def test_a_refusal_shown_in_the_status_is_all_it_draws(tmp_path: Path,
                                                       status_draws: list[tuple[Any, str]]) -> None:
    d = started(tmp_path / "m.jsonl")
    status_draws.clear()
    d.redo_btn.disabled = False  # (nothing to redo)
    d.redo_btn.click()
    assert drawn_in(d, status_draws) == ["That did not work"]
    assert "nothing to redo" in d.status.value
