"""Mice and Mystics (session 7, second part): ``--json`` lists every equipped copy (``gear``: two Daggers
in Filch's paw and tail are two entries, where ``equipped``, keyed by card name, has one), and an unequip
chooses which copy of a card equipped twice it moves (its ``slot``), in the rules, the command line and the
page, refusing a slot without that card by naming where the card is."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.eventlog import EventLog
from companion.mystics.party import Gear, Mouse, unequip, unequip_refusal, unequipped_copy, which_equipped
from companion.mystics.tracker import MysticsTracker
from tests.helpers import run_cli
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, dash, start, tracker


def _gear(t: MysticsTracker, mouse: str) -> list[tuple[str, str | None]]:
    return [(g.name, g.slot) for g in t.state.mouse(mouse).gear]


def _filch_paw_and_tail(t: MysticsTracker) -> None:
    """Filch's starting Dagger in his paw and a Dagger found in a search in his tail; then his next turn (a
    new free action: the unequip)."""
    t.do(start(mice=["collin", "filch"]))
    t.do({"event": "gain", "mouse": "filch", "card": "Dagger"})
    t.do({"event": "set_turn", "card": "filch"})
    t.do({"event": "equip", "mouse": "filch", "card": "Dagger", "slot": "tail"})
    t.do({"event": "end_turn"})
    t.do({"event": "set_turn", "card": "filch"})


# -- 1. --json: every equipped copy -------------------------------------------------------------------

def test_gear_lists_both_equipped_copies_where_equipped_has_one_key() -> None:
    t = tracker()
    _filch_paw_and_tail(t)
    filch = next(m for m in t.state.to_json()["mice"] if m["id"] == "filch")
    assert filch["equipped"] == {"Dagger": "tail"}  # (as before: one key a name, the last copy's slot)
    assert filch["gear"] == [{"slot": "paw", "card": "Dagger", "id": None, "paws": 1},
                             {"slot": "tail", "card": "Dagger", "id": None, "paws": 1}]


def test_the_command_gives_each_copy_its_name_and_card_data_id(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The bundled Filch's starting Dagger is recorded by id ('dagger'), one found by its name: both are the
    card Dagger, id 'dagger', one in the paw and one in the tail; a two-paw card says its paws."""
    path = tmp_path / "m.jsonl"
    assert run_cli(capsys, "mystics", "new", str(path), "--mice", "collin,filch", "--seed", "1")[0] == 0
    code, out, err = run_cli(capsys, "mystics", "do", str(path),
                             '{"event": "gain", "mouse": "filch", "card": "Dagger"}',
                             '{"event": "set_turn", "card": "filch"}',
                             '{"event": "equip", "mouse": "filch", "card": "Dagger", "slot": "tail"}',
                             "--json")
    assert code == 0, err
    doc = json.loads(out)
    filch = next(m for m in doc["mice"] if m["id"] == "filch")
    assert filch["gear"] == [{"slot": "paw", "card": "Dagger", "id": "dagger", "paws": 1},
                             {"slot": "tail", "card": "Dagger", "id": "dagger", "paws": 1}]
    collin = next(m for m in doc["mice"] if m["id"] == "collin")
    assert [(g["card"], g["id"]) for g in collin["gear"]] == [("Collin's Sword", "collins-sword"),
                                                              ("Leather Breastplate", "leather-breastplate")]
    code, out, err = run_cli(capsys, "mystics", "replay", str(path), "--json")
    assert code == 0, err
    assert next(m for m in json.loads(out)["mice"] if m["id"] == "filch")["gear"] == filch["gear"]


def test_a_card_the_data_does_not_hold_has_no_id_and_two_paws_are_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    assert run_cli(capsys, "mystics", "new", str(path), "--mice", "collin,filch", "--seed", "1")[0] == 0
    code, out, err = run_cli(capsys, "mystics", "do", str(path),
                             '{"event": "unequip", "mouse": "collin", "card": "collins-sword"}',
                             '{"event": "gain", "mouse": "collin", "card": "Great Pike of Mine"}',
                             '{"event": "equip", "mouse": "collin", "card": "Great Pike of Mine", '
                             '"slot": "paw", "paws": 2}', "--json")
    assert code == 0, err
    collin = next(m for m in json.loads(out)["mice"] if m["id"] == "collin")
    assert {"slot": "paw", "card": "Great Pike of Mine", "id": None, "paws": 2} in collin["gear"]


# -- 2. unequip: the copy in the slot chosen ----------------------------------------------------------

@pytest.mark.parametrize(("slot", "left"), [("tail", ("Dagger", "paw")), ("paw", ("Dagger", "tail"))])
def test_an_unequip_moves_the_copy_in_the_slot_chosen(slot: str, left: tuple[str, str]) -> None:
    t = tracker()
    _filch_paw_and_tail(t)
    t.do({"event": "unequip", "mouse": "filch", "card": "Dagger", "slot": slot})
    assert _gear(t, "filch") == [left, ("Dagger", None)]
    assert t.state.messages[-1] == (f"Filch puts 'Dagger' from the {slot} slot in the pack "
                                    "(mice-and-mystics.txt, Equip)")


def test_without_a_slot_the_unequip_moves_the_first_equipped_copy_as_before() -> None:
    t = tracker()
    _filch_paw_and_tail(t)
    t.do({"event": "unequip", "mouse": "filch", "card": "Dagger"})
    assert _gear(t, "filch") == [("Dagger", "tail"), ("Dagger", None)]
    assert "from the paw slot" in t.state.messages[-1]  # (which copy it was, said)


def test_a_card_equipped_once_is_unequipped_in_the_same_words_as_before() -> None:
    t = tracker()
    t.do(start(mice=["collin", "filch"]))
    t.do({"event": "unequip", "mouse": "filch", "card": "Dagger", "slot": "paw"})
    assert t.state.messages[-1].startswith("Filch puts 'Dagger' in the pack (mice-and-mystics.txt, Equip)")


@pytest.mark.parametrize(("slot", "words"), [
    ("armor", "Filch has no 'Dagger' in the armor slot: it holds it in the paw slot and in the tail slot "
              "(mice-and-mystics.txt, Equip)"),
    ("tial", "no slot 'tial' to unequip a card from (mice-and-mystics.txt, Equip)"),
    ("pack", "no slot 'pack' to unequip a card from"),
])
def test_a_slot_without_that_card_is_refused_saying_where_it_is(slot: str, words: str) -> None:
    t = tracker()
    _filch_paw_and_tail(t)
    before = t.state
    with pytest.raises(RuleError) as exc:
        t.do({"event": "unequip", "mouse": "filch", "card": "Dagger", "slot": slot})
    assert words in exc.value.render()
    if slot == "tial":
        assert "Did you mean 'tail'?" in exc.value.render()
    assert t.state == before


def test_a_copy_in_the_pack_is_not_unequipped_from_a_slot() -> None:
    """After the tail Dagger went into the pack, a second unequip from the tail names where the Daggers
    are now (the paw and the pack)."""
    t = tracker()
    _filch_paw_and_tail(t)
    t.do({"event": "unequip", "mouse": "filch", "card": "Dagger", "slot": "tail"})
    t.do({"event": "end_turn"})
    t.do({"event": "set_turn", "card": "filch"})
    with pytest.raises(RuleError, match="Filch has no 'Dagger' in the tail slot: it holds it in the paw slot "
                                        "and in the pack"):
        t.do({"event": "unequip", "mouse": "filch", "card": "Dagger", "slot": "tail"})


def test_the_rules_core_words_and_choices() -> None:
    m = Mouse(id="filch", name="Filch", life=5, tail=True,
              gear=(Gear("Dagger", slot="paw", starting=True), Gear("Dagger", slot="tail")))
    assert unequipped_copy(m, "Dagger", place="tail") == Gear("Dagger", slot="tail")
    assert unequipped_copy(m, "Dagger") == Gear("Dagger", slot="paw", starting=True)
    assert which_equipped(m, "Dagger", "tail") == "from the tail slot"
    assert which_equipped(m, "Dagger", "equipped") == "from the paw slot"
    assert [(g.name, g.slot) for g in unequip(m, "Dagger", place="tail").gear] == [("Dagger", "paw"),
                                                                                  ("Dagger", None)]
    refused = unequip_refusal(m, "Dagger", place="accessory")
    assert refused is not None and "it holds it in the paw slot and in the tail slot" in refused.message
    assert unequip_refusal(m, "Dagger", place="tail") is None


def test_copies_recorded_apart_are_told_apart_by_their_slot() -> None:
    """Starting equipment is recorded by id ('dagger'), a Dagger found by its name: an unequip of 'Dagger'
    from the paw moves the starting one all the same."""
    heroes = {**HEROES, "filch": replace(HEROES["filch"], starting_equipment=("dagger",))}
    t = MysticsTracker(None, die=DIE, heroes=heroes, minions=MINIONS, card_names={"dagger": "Dagger"})
    _filch_paw_and_tail(t)
    assert _gear(t, "filch") == [("dagger", "paw"), ("Dagger", "tail")]
    t.do({"event": "unequip", "mouse": "filch", "card": "Dagger", "slot": "paw"})
    assert _gear(t, "filch") == [("Dagger", "tail"), ("dagger", None)]
    assert t.state.messages[-1].startswith("Filch puts 'Dagger' from the paw slot in the pack")


def test_the_copy_chosen_is_undone_redone_and_read_back_from_the_log(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    t = tracker(EventLog(path))
    _filch_paw_and_tail(t)
    t.do({"event": "unequip", "mouse": "filch", "card": "Dagger", "slot": "tail"})
    after = _gear(t, "filch")
    t.undo()
    assert _gear(t, "filch") == [("Dagger", "paw"), ("Dagger", "tail")]
    t.redo()
    assert _gear(t, "filch") == after == [("Dagger", "paw"), ("Dagger", None)]
    resumed = tracker(EventLog(path))  # (a page reopened, a replay)
    assert _gear(resumed, "filch") == after and not resumed.log.problems


def test_the_command_lists_the_slot_and_refuses_one_without_the_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "mystics", "events", "--json")
    assert code == 0, err
    assert "slot" in json.loads(out)["unequip"]["optional"]
    path = tmp_path / "m.jsonl"
    assert run_cli(capsys, "mystics", "new", str(path), "--mice", "collin,filch", "--seed", "1")[0] == 0
    assert run_cli(capsys, "mystics", "do", str(path),
                   '{"event": "gain", "mouse": "filch", "card": "Dagger"}',
                   '{"event": "set_turn", "card": "filch"}',
                   '{"event": "equip", "mouse": "filch", "card": "Dagger", "slot": "tail"}',
                   '{"event": "end_turn"}', '{"event": "set_turn", "card": "filch"}')[0] == 0
    before = path.read_bytes()
    code, out, err = run_cli(capsys, "mystics", "do", str(path),
                             '{"event": "unequip", "mouse": "filch", "card": "Dagger", "slot": "armor"}')
    assert code == 2 and "Filch has no 'Dagger' in the armor slot: it holds it in the paw slot and in the " \
                         "tail slot" in err
    assert path.read_bytes() == before
    code, out, err = run_cli(capsys, "mystics", "do", str(path),
                             '{"event": "unequip", "mouse": "filch", "card": "Dagger", "slot": "tail"}',
                             "--json")
    assert code == 0, err
    filch = next(m for m in json.loads(out)["mice"] if m["id"] == "filch")
    assert filch["gear"] == [{"slot": "paw", "card": "Dagger", "id": "dagger", "paws": 1}]
    assert filch["pack"] == ["Dagger"]


# -- 2. the page: the Slot box chooses the copy of a card equipped twice ----------------------------

def test_the_page_unequips_the_copy_in_the_slot_box_slot(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    _filch_paw_and_tail(d.tracker)
    d.refresh()
    box = d._mouse_boxes["filch"]
    box.card.value, box.slot.value = "Dagger", "tail"
    button = box.gear_buttons["unequip"]
    assert not button.disabled, button.tooltip
    button.click()
    assert _gear(d.tracker, "filch") == [("Dagger", "paw"), ("Dagger", None)], d.status.value
    last = json.loads((tmp_path / "m.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert (last["event"], last["card"], last["slot"]) == ("unequip", "Dagger", "tail")


def test_the_page_refuses_a_slot_box_slot_without_the_card_saying_where_it_is(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    _filch_paw_and_tail(d.tracker)
    d.refresh()
    box = d._mouse_boxes["filch"]
    box.card.value, box.slot.value = "Dagger", "armor"
    button = box.gear_buttons["unequip"]
    assert button.disabled
    assert "Filch has no 'Dagger' in the armor slot: it holds it in the paw slot and in the tail slot" \
        in button.tooltip
    assert "choose the slot it is in, in the Slot box" in button.tooltip
    assert "leave the slot out" not in button.tooltip


def test_the_page_sends_no_slot_for_a_card_equipped_once(tmp_path: Path) -> None:
    """A card equipped once is unequipped whatever the Slot box shows (it was left on "paw" for Collin's
    armor): the choice is asked for only between two copies."""
    d = dash(tmp_path / "m.jsonl")
    d.tracker.do(start(mice=["collin", "filch"]))
    d.tracker.do({"event": "set_turn", "card": "collin"})
    d.refresh()
    box = d._mouse_boxes["collin"]
    armor = next(g.name for g in d.state.mouse("collin").gear if g.slot == "armor")
    box.card.value, box.slot.value = armor, "paw"
    button = box.gear_buttons["unequip"]
    assert not button.disabled, button.tooltip
    button.click()
    last = json.loads((tmp_path / "m.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert last["event"] == "unequip" and "slot" not in last
