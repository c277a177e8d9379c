"""Mice and Mystics (session 7): a share chooses which copy of a card held twice it gives (its ``slot``:
the pack, equipped, or the slot it is in), in the rules, the command line and the page."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion.errors import CompanionError, LogError, RuleError
from companion.eventlog import EventLog
from companion.mystics.party import Gear, held_places, share_choice, shared_copy, which_copy
from companion.mystics.tracker import MysticsTracker
from tests.helpers import run_cli
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, dash, start, started, tracker


def _gear(t: MysticsTracker, mouse: str) -> list[tuple[str, str | None, bool]]:
    return [(g.name, g.slot, g.starting) for g in t.state.mouse(mouse).gear]


def _filch_with_two_daggers(t: MysticsTracker, *, tail: bool = False) -> None:
    """Filch's starting Dagger in his paw and a Dagger found in a search (in his pack, or in his tail)."""
    t.do(start(mice=["collin", "filch"]))
    t.do({"event": "gain", "mouse": "filch", "card": "Dagger"})
    t.do({"event": "set_turn", "card": "filch"})
    if tail:
        t.do({"event": "equip", "mouse": "filch", "card": "Dagger", "slot": "tail"})
        t.do({"event": "end_turn"})
        t.do({"event": "set_turn", "card": "filch"})  # (a new free action: the share)


# -- the rules: the copy at the place chosen ----------------------------------------------------------

@pytest.mark.parametrize(("slot", "kept", "words"), [
    ("paw", ("Dagger", None, False), "Dagger from the paw slot"),
    ("equipped", ("Dagger", None, False), "Dagger from the paw slot"),
    ("pack", ("Dagger", "paw", True), "Dagger from the pack, not the equipped one"),
])
def test_a_share_gives_the_copy_at_the_place_chosen(slot: str, kept: tuple[str, str | None, bool],
                                                    words: str) -> None:
    t = tracker()
    _filch_with_two_daggers(t)
    t.do({"event": "share", "from": "filch", "to": "collin", "card": "Dagger", "slot": slot})
    assert _gear(t, "filch") == [kept]
    assert ("Dagger", None, False) in _gear(t, "collin")  # (into Collin's pack, whichever copy it was)
    assert t.state.messages[-1] == f"Filch gives Collin {words} (mice-and-mystics.txt, Share)"


def test_without_a_slot_the_share_gives_the_pack_copy_as_before() -> None:
    t = tracker()
    _filch_with_two_daggers(t)
    t.do({"event": "share", "from": "filch", "to": "collin", "card": "Dagger"})
    assert _gear(t, "filch") == [("Dagger", "paw", True)]


def test_the_tail_dagger_or_the_paw_one_is_given_as_chosen() -> None:
    t = tracker()
    _filch_with_two_daggers(t, tail=True)
    t.do({"event": "share", "from": "filch", "to": "collin", "card": "Dagger", "slot": "tail"})
    assert _gear(t, "filch") == [("Dagger", "paw", True)]
    assert t.state.messages[-1].startswith("Filch gives Collin Dagger from the tail slot")


@pytest.mark.parametrize(("slot", "words"), [
    ("tail", "Filch has no 'Dagger' in the tail slot: it holds it in the paw slot and in the pack"),
    ("armor", "Filch has no 'Dagger' in the armor slot"),
    ("hand", "no place 'hand' to give a card from"),
])
def test_a_place_without_that_card_is_refused_saying_where_it_is(slot: str, words: str) -> None:
    t = tracker()
    _filch_with_two_daggers(t)
    before = t.state
    with pytest.raises(RuleError) as exc:
        t.do({"event": "share", "from": "filch", "to": "collin", "card": "Dagger", "slot": slot})
    assert words in exc.value.render() and "Share" in exc.value.render()
    assert t.state == before


def test_a_slot_without_a_card_is_refused() -> None:
    t = tracker()
    _filch_with_two_daggers(t)
    t.do({"event": "mouse_cheese", "mouse": "filch", "count": 1})
    with pytest.raises(LogError, match="a slot says where the card given is, and Filch gives no card"):
        t.do({"event": "share", "from": "filch", "to": "collin", "cheese": 1, "slot": "paw"})


def test_the_copy_chosen_is_undone_redone_and_read_back_from_the_log(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    t = tracker(EventLog(path))
    _filch_with_two_daggers(t)
    t.do({"event": "share", "from": "filch", "to": "collin", "card": "Dagger", "slot": "paw"})
    after = _gear(t, "filch")
    t.undo()
    assert sorted(_gear(t, "filch"), key=str) == sorted([("Dagger", "paw", True), ("Dagger", None, False)],
                                                       key=str)
    t.redo()
    assert _gear(t, "filch") == after == [("Dagger", None, False)]
    resumed = tracker(EventLog(path))  # (a page reopened, a replay)
    assert _gear(resumed, "filch") == after and not resumed.log.problems


def test_copies_recorded_apart_are_told_apart_by_their_place() -> None:
    """Starting equipment is recorded by id (the bundled data's Filch holds 'dagger'), a Dagger found by its
    name: a share of 'Dagger' from the paw gives the starting one all the same."""
    heroes = {**HEROES, "filch": replace(HEROES["filch"], starting_equipment=("dagger",))}
    t = MysticsTracker(None, die=DIE, heroes=heroes, minions=MINIONS, card_names={"dagger": "Dagger"})
    _filch_with_two_daggers(t)
    assert sorted(held_places(t.state.mouse("filch"), "Dagger", t.card_name)) == ["pack", "paw"]
    t.do({"event": "share", "from": "filch", "to": "collin", "card": "Dagger", "slot": "paw"})
    assert _gear(t, "filch") == [("Dagger", None, False)]
    assert t.state.messages[-1] == "Filch gives Collin Dagger from the paw slot (mice-and-mystics.txt, Share)"


def test_the_party_words_for_each_copy() -> None:
    t = tracker()
    _filch_with_two_daggers(t)
    m = t.state.mouse("filch")
    assert held_places(m, "Dagger") == ["paw", "pack"]
    assert shared_copy(m, "Dagger", place="paw") == Gear("Dagger", slot="paw", starting=True)
    assert which_copy(m, "Dagger", "paw") == "from the paw slot"
    assert share_choice(m, "Dagger", place="pack") == "Dagger (from the pack, not the equipped one)"
    with pytest.raises(CompanionError, match="Filch has no card 'Bow'"):
        shared_copy(m, "Bow", place="pack")


# -- the command line: the field, listed and taken ----------------------------------------------------

def test_the_command_lists_the_slot_and_takes_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "mystics", "events", "--json")
    assert code == 0, err
    assert "slot" in json.loads(out)["share"]["optional"]
    path = tmp_path / "m.jsonl"
    assert run_cli(capsys, "mystics", "new", str(path), "--mice", "collin,filch", "--seed", "1")[0] == 0
    code, out, err = run_cli(capsys, "mystics", "do", str(path), '{"event": "gain", "mouse": "filch", '
                             '"card": "Dagger"}', '{"event": "share", "from": "filch", "to": "collin", '
                             '"card": "Dagger", "slot": "paw"}', "--json")
    assert code == 0, err
    doc = json.loads(out)
    filch = next(m for m in doc["mice"] if m["id"] == "filch")
    assert filch["equipped"] == {} and filch["pack"] == ["Dagger"]
    assert "Filch gives Collin Dagger from the paw slot" in out
    code, out, err = run_cli(capsys, "mystics", "do", str(path), '{"event": "share", "from": "filch", "to": '
                             '"collin", "card": "Dagger", "slot": "tail"}')
    assert code == 2 and "Filch has no 'Dagger' in the tail slot: it holds it in the pack" in err


# -- the page: each copy offered, the one chosen given ------------------------------------------------

def test_the_page_offers_each_copy_and_gives_the_one_chosen(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    _filch_with_two_daggers(d.tracker)
    d.refresh()
    box = d._mouse_boxes["filch"]
    assert ("Dagger (from the pack, not the equipped one)", "Dagger") in box.share_card.options
    assert ("Dagger (from the paw slot)", ("Dagger", "paw")) in box.share_card.options
    box.share_to.value, box.share_card.value = "collin", ("Dagger", "paw")
    assert not box.share.disabled, box.share.tooltip
    box.share.click()
    assert _gear(d.tracker, "filch") == [("Dagger", None, False)], d.status.value
    last = json.loads((tmp_path / "m.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert (last["card"], last["slot"]) == ("Dagger", "paw")


def test_the_page_asks_for_a_discard_when_the_copy_chosen_takes_room(tmp_path: Path) -> None:
    """Tilda's Smoke Bomb equipped (a card that takes room) and another, a trick, in her pack: giving the
    equipped one into Collin's full pack asks what he discards (Equip); giving the trick does not."""
    d = started(tmp_path / "m.jsonl", ("collin", "tilda"))
    t = d.tracker
    for card in ("Bow", "Fork", "Shield"):
        t.do({"event": "gain", "mouse": "collin", "card": card})
    t.do({"event": "gain", "mouse": "tilda", "card": "Smoke Bomb"})
    t.do({"event": "set_turn", "card": "tilda"})
    t.do({"event": "equip", "mouse": "tilda", "card": "Smoke Bomb", "slot": "accessory"})
    t.do({"event": "gain", "mouse": "tilda", "card": "Smoke Bomb", "trick": True})
    d.refresh()
    box = d._mouse_boxes["tilda"]
    box.share_to.value, box.share_card.value = "collin", ("Smoke Bomb", "accessory")
    assert box.share_discard.layout.display == ""
    assert box.share.disabled and "choose the card it discards" in box.share.tooltip
    box.share_discard.value = "Bow"
    box.share.click()
    assert [(g.name, g.trick) for g in d.state.mouse("tilda").gear] == [("Smoke Bomb", True)], d.status.value
    assert [g.name for g in d.state.mouse("collin").pack] == ["Fork", "Shield", "Smoke Bomb"]



def test_two_copies_in_one_place_recorded_apart_are_offered_once(tmp_path: Path) -> None:
    """Found exploring: Filch's starting Dagger is recorded by id ('dagger'); a Dagger put in his pack by its
    id and another by its name were two "Dagger (from the pack...)" choices. Each place is offered once."""
    heroes = {**HEROES, "filch": replace(HEROES["filch"], starting_equipment=("dagger",))}
    d = dash(tmp_path / "m.jsonl", heroes=heroes, card_names={"dagger": "Dagger"})
    t = d.tracker
    t.do(start(mice=["collin", "filch"]))
    t.do({"event": "gain", "mouse": "filch", "card": "dagger"})
    t.do({"event": "gain", "mouse": "filch", "card": "Dagger"})
    t.do({"event": "set_turn", "card": "filch"})
    d.refresh()
    box = d._mouse_boxes["filch"]
    labels = [label for label, _v in box.share_card.options]
    assert labels == ["(no card)", "Dagger (from the paw slot)",
                      "Dagger (from the pack, not the equipped one)"]
    box.share_to.value, box.share_card.value = "collin", box.share_card.options[1][1]
    box.share.click()
    assert [g.slot for g in d.state.mouse("filch").gear] == [None, None], d.status.value
