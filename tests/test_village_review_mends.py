"""The Village page and rules after a review: a keystroke in a box regates only the buttons whose rule reads
that box (each gate's card lookups are not done again at every keystroke); the undo of an attack is worked
out from the states before and after it, never read back out of its own words; every ``why_not`` of the
rules is a ``RuleError`` (its sentence, its rule-book section) or ``None``; ``village do`` refuses an Item or
Magic card whose name is close to a card of the data, before anything is written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import cite
from companion.errors import RuleError
from companion.eventlog import EventLog
from companion.views import village as view
from companion.views.village import GATES, GATES_READING, VillageCompanion
from companion.village.game import (
    CITE_FIRST,
    CITE_MAGIC,
    VillageTracker,
    why_no_ability,
    why_no_mega,
    why_not,
    why_not_card_type,
    why_not_deck,
    why_not_flip,
    why_not_magic_kind,
    why_not_on,
)
from tests.helpers import logged_events
from tests.helpers import run_cli as run


class CountingCards:
    """The bundled card data, with every name looked up in it kept (``looked``)."""

    def __init__(self, db: Any) -> None:
        self._db = db
        self.looked: list[str] = []

    def lookup(self, name: str) -> Any:
        self.looked.append(name)
        return self._db.lookup(name)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)

    def __len__(self) -> int:
        return len(self._db)


def turn_three(tmp_path: Path) -> tuple[VillageCompanion, CountingCards]:
    """Ann's turn 3, drawn: her Acorn Scout (turn 1) and Bob's Pebble Pup (turn 2) on the field, Ann's
    selected; the page's card data counts its lookups."""
    cards = CountingCards(VillageCompanion(tmp_path / "plain.jsonl").db())
    page = VillageCompanion(tmp_path / "v.jsonl", db=cards)
    for event in ({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0}, {"event": "draw"},
                  {"event": "play_basic", "name": "Acorn Scout"}, {"event": "end_turn"}, {"event": "draw"},
                  {"event": "play_basic", "name": "Pebble Pup"}, {"event": "end_turn"}, {"event": "draw"}):
        page.act(event)
    return page, cards


def gated(page: VillageCompanion) -> list[tuple[bool, str, str]]:
    """Every gated button's state (on or off, its reason) and each group's "off for now" caption."""
    buttons = [*page.buttons.values(), page.resolve_button, *page.flip_buttons, *page.deck_minus]
    return ([(b.disabled, b.tooltip, b.description) for b in buttons]
            + [(False, caption.value, "") for _widgets, caption in page._groups])


def typed(box: Any, text: str) -> list[str]:
    """``text`` typed into ``box`` one key at a time; each value the box held."""
    values = [text[:k] for k in range(1, len(text) + 1)]
    for value in values:
        box.value = value
    return values


# -- 1. a keystroke regates only the buttons whose rule reads its box ------------------------------------

def test_typing_a_card_name_does_not_look_up_the_mouse_boxes_or_gate_the_flips(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page, cards = turn_three(tmp_path)
    page.mouse_name.value = "Harvest Giant"  # the mouse boxes name a card (the mouse gates look it up)
    flips: list[int] = []
    mice: list[str] = []

    def counted_flip(*args: Any, **kwargs: Any) -> Any:
        flips.append(1)
        return why_not_flip(*args, **kwargs)

    def counted_mouse(kind: str) -> Any:
        mice.append(kind)
        return VillageCompanion._mouse_to_play(page, kind)

    monkeypatch.setattr(view, "why_not_flip", counted_flip)
    monkeypatch.setattr(page, "_mouse_to_play", counted_mouse)
    cards.looked.clear()
    values = typed(page.card_name, "Walnut Shield")
    assert flips == [] and mice == []  # (the flip and mouse gates read no card name box)
    assert "Harvest Giant" not in cards.looked and "Acorn Scout" not in cards.looked  # (nor the selected)
    assert set(cards.looked) <= {*values, *(v.strip() for v in values)}
    assert not page.buttons["item"].disabled  # (the Item named: on)
    cards.looked.clear()
    typed(page.flip_card, "Lucky Clover")
    assert cards.looked == [] and mice == [] and len(flips) == len("Lucky Clover")  # no card looked up
    cards.looked.clear()
    typed(page.mouse_atk, "12")
    assert set(cards.looked) == {"Harvest Giant"} and set(mice) == {"basic-mouse", "mega-mouse"}


def test_every_box_change_leaves_every_button_as_a_full_regate_would(tmp_path: Path) -> None:
    page, _cards = turn_three(tmp_path)
    bob = page.state.players[1].field[0].uid
    twin = {"event": "flip", "card": "Twin Coin", "functions": 2, "result": "heads"}
    changes: list[tuple[str, Any]] = [  # (each box, as it changes what its gates say; "act": a click between)
        ("mouse_name", "Harvest Giant"), ("mouse_name", "Pebble Pp"), ("mouse_atk", "3"), ("mouse_def", "x"),
        ("mouse_def", "2"), ("mouse_name", "Big Pip"), ("sacrifice_allowed", True), ("cost", 9),
        ("cost", 0), ("card_name", "Walnut Sheild"), ("card_name", "Quicksand"), ("magic_player", "other"),
        ("magic_kind", "instant"), ("card_name", "Walnut Shield"), ("target", bob), ("item_opponent", True),
        ("item_extra", True), ("flip_card", "Twin Coin"), ("flip_functions", 2), ("act", twin),
        ("flip_functions", 1), ("flip_attack", True), ("target", page.state.players[0].field[0].uid),
        ("magic_player", "turn")]
    assert {name for name, _value in changes} >= set(GATES_READING) - {"ability", "item_off", "magic_off"}
    for name, value in changes:
        if name == "act":
            page.act(value)
            continue
        getattr(page, name).value = value
        after_keystroke = gated(page)
        page._refresh_buttons(mouse=page._selected_mouse())  # every gate, as a redraw gates them
        assert gated(page) == after_keystroke, name


def test_a_mouse_picked_is_looked_up_once_and_its_gates_regated(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    page, _cards = turn_three(tmp_path)
    looked: list[Any] = []
    lookup = VillageCompanion._selected_mouse

    def counted(self: VillageCompanion) -> Any:
        looked.append(lookup(self))
        return looked[-1]

    monkeypatch.setattr(VillageCompanion, "_selected_mouse", counted)
    page.target.value = page.state.players[1].field[0].uid  # Bob's Pebble Pup
    assert len(looked) == 1 and looked[0] is not None
    after_pick = gated(page)
    page._refresh_buttons(mouse=page._selected_mouse())
    assert gated(page) == after_pick


def test_the_table_of_boxes_names_boxes_of_the_page_and_its_gates() -> None:
    assert all(set(gates) <= set(GATES) for gates in GATES_READING.values())
    page = VillageCompanion(None)  # (no game: the boxes are built all the same)
    assert all(hasattr(getattr(page, box), "value") for box in GATES_READING)
    assert set(GATES) == {*page.buttons, "attack", "flip", "deck"}  # (every button's gate, once)


# -- 2. the undo of an attack, from the states ------------------------------------------------------------

def attacked(log: Path | None, attacker: str = "Pip", defender: bool = False) -> tuple[VillageTracker, Any]:
    """Ann's ``attacker`` (ATK 4) attacks on turn 3: Bob's Bo (DEF 3, destroyed) when ``defender``, else
    undefended; Bob had 17 MP. The tracker after it, and the state before it."""
    t = VillageTracker(None if log is None else EventLog(log))
    for event in ({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0, "mp": 17},
                  {"event": "draw"}, {"event": "play_basic", "name": attacker, "atk": 4, "def": 3},
                  {"event": "end_turn"}, {"event": "draw"},
                  {"event": "play_basic", "name": "Bo", "atk": 1, "def": 3}, {"event": "end_turn"},
                  {"event": "draw"}):
        t.do(event)
    before = t.state
    t.do({"event": "attack", "attacks": [{"attacker": f"{attacker} #1",
                                          "defender": "Bo #2" if defender else None}]})
    return t, before


def test_the_undo_of_an_attack_is_said_from_the_states_not_from_its_words() -> None:
    # a mouse named with "destroyed" in it, attacking undefended: no mouse was destroyed
    t, before = attacked(None, attacker="Never destroyed")
    after = t.state
    assert any(" destroyed" in line for line in after.last)  # (its words name it)
    t.undo()
    assert t.undo_words(after, t.state) == ["Undone: the attack on Bob (Bob back to 17 MP)"]
    t, before = attacked(None, defender=True)
    after = t.state
    t.undo()
    assert t.state == before
    assert t.undo_words(after, before) == [
        "Undone: the attack on Bob (Bob back to 17 MP; the mice it destroyed back on the field)"]
    words_alone = t.undone_words(list(after.last))  # (no states: each line as said)
    assert words_alone[0].startswith("Undone: Pip #1 (ATK 4) beats Bo #2")


def test_another_window_and_village_do_say_the_undo_of_an_attack_in_the_same_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "v.jsonl"
    there, _before = attacked(log, defender=True)
    here = VillageCompanion(log)
    there.undo()  # another window takes the attack back
    assert here.follow_once() is True
    said = "Undone: the attack on Bob (Bob back to 17 MP; the mice it destroyed back on the field)"
    assert f"Another window: {said}" in here.message.value
    there.redo()
    code, out, _err = run(capsys, "village", "do", str(log), "undo")
    assert code == 0 and out.splitlines()[0] == said


def test_the_pages_undo_of_an_attack_says_it_from_the_states(tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    attacked(log, attacker="Never destroyed")
    page = VillageCompanion(log)
    page.undo_button.click()
    assert "Undone: the attack on Bob (Bob back to 17 MP)" in page.message.value
    assert "mice it destroyed" not in page.message.value


# -- 3. every why_not is a RuleError with its sentence and rule-book section --------------------------------

def test_every_why_not_is_a_rule_error_with_its_section_apart_from_its_sentence(tmp_path: Path) -> None:
    page, _cards = turn_three(tmp_path)
    db = page.db()
    t = VillageTracker(None)
    t.do({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    t.do({"event": "draw"})
    t.do({"event": "flip", "card": "Twin Coin", "functions": 2, "result": "heads"})
    pip = page.state.players[0].field[0].uid
    bob = page.state.players[1].field[0].uid
    refusals = {
        "why_not": why_not(t.state, "attack"),
        "why_not_flip": why_not_flip(t.state, 1, "Lucky Clover"),
        "why_not_deck": why_not_deck(t.state, 0, -999),
        "why_no_mega": why_no_mega(t.state),
        "why_not_on": why_not_on(page.state, "fruit", bob),
        "why_no_ability": why_no_ability(db.lookup("Pebble Pup")),  # (its card prints none)
        "why_not_card_type": why_not_card_type(db.lookup("Quicksand"), "item"),
        "why_not_magic_kind": why_not_magic_kind(db.lookup("Quicksand"), None, False, page=True),
    }
    for name, refused in refusals.items():
        assert isinstance(refused, RuleError), name
        assert refused.cite and refused.cite.startswith("village-tcg.txt, "), name
        assert refused.cite not in refused.message, name  # (said once, after the sentence)
        assert refused.render().endswith(f"({refused.cite})") or refused.suggestion, name
    assert refusals["why_not"].cite == CITE_FIRST  # type: ignore[union-attr]
    assert refusals["why_not_magic_kind"].cite == CITE_MAGIC  # type: ignore[union-attr]
    assert why_not(page.state, "draw") is not None and why_not_on(page.state, "fruit", pip) is None
    t.do({"event": "end_turn"})  # (the first turn has no Attack Phase: First Turn)
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Acorn Scout", "atk": 1, "def": 1})  # (a mouse to attack with)
    t.do({"event": "attack", "attacks": []})  # (no attack declared: the turn's Attack Phase is over)
    with pytest.raises(RuleError) as refused:  # the tracker raises the rule's own refusal, its section kept
        t.do({"event": "attack", "attacks": []})
    assert refused.value.message.startswith("attack not allowed: ")
    assert refused.value.cite == cite("village", "Order of Turn, Step 6")


# -- 4. village do refuses a misspelt Item or Magic card before writing -----------------------------------

@pytest.mark.parametrize(("event", "meant"), [
    ({"event": "item", "mouse": "Acorn Scout #1", "name": "Walnut Sheild"}, "Walnut Shield"),
    ({"event": "magic", "name": "Quiksand"}, "Quicksand")])
def test_village_do_refuses_a_misspelt_item_or_magic_card_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], event: dict[str, Any], meant: str) -> None:
    log = tmp_path / "g.jsonl"
    code, _out, _err = run(capsys, "village", "do", str(log), '{"event": "start", "seed": 1, "first": 0}',
                           '{"event": "draw"}', '{"event": "play_basic", "name": "Acorn Scout"}')
    assert code == 0
    written = log.read_text(encoding="utf-8")
    code, out, err = run(capsys, "village", "do", str(log), json.dumps(event))
    assert code == 2 and out == ""
    assert f"did you mean '{meant}'?" in err and "give it a name no card of the data has" in err
    assert log.read_text(encoding="utf-8") == written  # nothing written


def test_village_do_records_a_card_of_ones_own_close_to_no_card_with_its_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    run(capsys, "village", "do", str(log), '{"event": "start", "seed": 1, "first": 0}', '{"event": "draw"}')
    code, out, err = run(capsys, "village", "do", str(log), '{"event": "magic", "name": "Pebble Storm"}')
    assert code == 0 and "Player 1 plays Pebble Storm" in out
    assert "'Pebble Storm' is not a Village card in the card data; it was recorded as typed" in err
    assert logged_events(log)[-1]["name"] == "Pebble Storm"


def test_the_page_refuses_a_misspelt_item_by_the_trackers_words(tmp_path: Path) -> None:
    page, _cards = turn_three(tmp_path)
    page.card_name.value = "Walnut Sheild"
    with pytest.raises(RuleError) as refused:
        page.tracker.do({"event": "item", "mouse": page.target.value, "name": "Walnut Sheild"})
    assert page.buttons["item"].tooltip == refused.value.render()
    assert page.state.players[0].field[0].items == ()
