"""Session 6, Village TCG (a third exploratory test, a tester's full games): no Attack Phase on the first
turn, even one declaring no attack; a mouse of unknown stats refused by ``village do`` as the page refuses it;
"Back to the previous game" saying its latest coin flip again; undo and redo saying what they take back or
bring back, once; the turn guide's Step 2 true to the state."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, CardDB, card_from_record
from companion.errors import RuleError
from companion.views.village import UNDEFENDED, VillageCompanion
from companion.village.game import (
    CITE_FIRST,
    OWN_MOUSE_HINT,
    VillageTracker,
    checklist,
    new_game,
    why_not,
)

from .helpers import run_cli

DEMO = {"source": "demo"}
HAS_DATA = (DATA_DIR / "village" / "demo.json").exists()


def db() -> CardDB:
    """Acorn Scout and Pebble Pup (Basic Mice, ATK 1 / DEF 1) and Harvest Giant (a Mega Mouse)."""
    recs = [{"id": "acorn", "name": "Acorn Scout", "type": "basic-mouse", "atk": 1, "def": 1},
            {"id": "pup", "name": "Pebble Pup", "type": "basic-mouse", "atk": 1, "def": 1},
            {"id": "giant", "name": "Harvest Giant", "type": "mega-mouse", "atk": 4, "def": 3}]
    return CardDB("village", [card_from_record("village", "demo", {**DEMO, **r}) for r in recs])


def text(widget_html: str) -> str:
    """A panel's words, as the page shows them."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def tracker(**kw: object) -> VillageTracker:
    """A game of Ann (first) and Bob with the card data of :func:`db`; Ann has drawn on turn 1."""
    t = VillageTracker(None)
    t.cards = db()
    new_game(t, ("Ann", "Bob"), seed=1, **kw)  # type: ignore[arg-type]
    t.do({"event": "draw"})
    return t


def to_turn_three(t: VillageTracker) -> None:
    """Ann plays Acorn Scout (turn 1), Bob Pebble Pup (turn 2); Ann draws on turn 3."""
    for event in ({"event": "play_basic", "name": "Acorn Scout"}, {"event": "end_turn"}, {"event": "draw"},
                  {"event": "play_basic", "name": "Pebble Pup"}, {"event": "end_turn"}, {"event": "draw"}):
        t.do(event)


def started(path: Path) -> VillageCompanion:
    """A page on a new game of Ann (first) and Bob."""
    v = VillageCompanion(path, db=db())
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    v.first.value = 0
    v.new_game()
    return v


# -- 1. no Attack Phase on the first turn, not even one declaring no attack ----------------------------------

def test_the_first_turn_refuses_declaring_no_attack_as_the_page_does(tmp_path: Path) -> None:
    t = tracker()
    with pytest.raises(RuleError) as refused:
        t.do({"event": "attack", "attacks": []})
    assert "cannot attack on the first turn" in refused.value.message
    assert refused.value.cite is not None and CITE_FIRST in refused.value.cite
    assert "end_turn" in (refused.value.suggestion or "")
    assert t.state.t.step == 1 and not t.state.t.declared  # (Steps 2-5 not skipped)
    page = started(tmp_path / "v.jsonl")
    page.act({"event": "draw"})
    assert page.resolve_button.disabled and why_not(page.state, "attack") is not None  # the page: off
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Acorn Scout", "atk": 1, "def": 1})  # (a mouse to attack with)
    t.do({"event": "attack", "attacks": []})  # turn 2: declaring none ends the Attack Phase, as before
    assert t.state.t.declared and "declares no attack" in t.state.last[0]


def test_an_older_log_declaring_no_attack_on_the_first_turn_still_replays(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    lines = [{"event": "log", "tracker": "village"},
             {"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 1},
             {"event": "draw"}, {"event": "attack", "attacks": []}, {"event": "end_turn"}]
    log.write_text("".join(json.dumps(e) + "\n" for e in lines))
    again = VillageTracker(log)
    assert not again.problems and again.state.turn == 2


def _refused_by_do(capsys: pytest.CaptureFixture[str], tmp_path: Path, event: str) -> str:
    """What ``village do`` says refusing ``event`` on the first turn of a new game (after its draw); the
    log is checked to be untouched."""
    log = str(tmp_path / "g.jsonl")
    run_cli(capsys, "village", "do", log, '{"event": "start", "seed": 1, "first": 0}', '{"event": "draw"}')
    before = Path(log).read_bytes()
    code, _out, err = run_cli(capsys, "village", "do", log, event)
    assert code == 2 and "Nothing was written" in err and Path(log).read_bytes() == before
    return err


def test_village_do_refuses_declaring_no_attack_on_the_first_turn(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused_by_do(capsys, tmp_path, '{"event": "attack", "attacks": []}')
    assert "cannot attack on the first turn" in err and "First Turn" in err


# -- 2. a mouse of unknown stats: refused by the tracker as by the page --------------------------------------

def test_a_mouse_that_is_no_card_without_its_stats_is_refused_in_the_page_s_words(tmp_path: Path) -> None:
    t = tracker()
    with pytest.raises(RuleError) as refused:
        t.do({"event": "play_basic", "name": "Zzqx Thing"})
    assert refused.value.message == f"'Zzqx Thing' is not a card in the data. {OWN_MOUSE_HINT}."
    with pytest.raises(RuleError, match="not a card in the data"):  # (half of them is not enough either)
        t.do({"event": "play_basic", "name": "Zzqx Thing", "atk": 2})
    assert t.state.players[0].field == ()
    page = started(tmp_path / "v.jsonl")
    page.act({"event": "draw"})
    page.mouse_name.value = "Zzqx Thing"
    page.refresh()
    assert page.buttons["play_basic"].disabled
    assert refused.value.message in html.unescape(page.buttons["play_basic"].tooltip)  # the same words
    t.do({"event": "play_basic", "name": "Zzqx Thing", "atk": 2, "def": 1})  # a mouse of one's own
    assert (t.state.players[0].field[0].atk, t.state.players[0].field[0].defense) == (2, 1)


def test_a_logged_mouse_of_unknown_stats_still_replays(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    lines = [{"event": "log", "tracker": "village"},
             {"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 1},
             {"event": "draw"}, {"event": "play_basic", "name": "Zzqx Thing", "number": 1}]
    log.write_text("".join(json.dumps(e) + "\n" for e in lines))
    again = VillageTracker(log)
    again.cards = db()
    assert not again.problems and again.state.players[0].field[0].atk is None


@pytest.mark.skipif(not HAS_DATA, reason="bundled Village demo cards missing")
def test_village_do_refuses_a_mouse_of_unknown_stats_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused_by_do(capsys, tmp_path, '{"event": "play_basic", "name": "Zzqx Thing"}')
    assert "'Zzqx Thing' is not a card in the data" in err and OWN_MOUSE_HINT in err


# -- 3. Back to the previous game says its latest coin flip, as a page opened on it does ---------------------

def test_back_to_the_previous_game_says_its_latest_coin_flip_again(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    v = started(path)
    v.flip_card.value = "Quicksand"
    v.flip_buttons[2].click()  # the seeded coin
    said = v.flip_msg.value
    assert "coin flip for Quicksand: " in text(said)
    assert VillageCompanion(path, db=db()).flip_msg.value == said  # a page opened on it
    v.new_game()
    assert v.flip_msg.value == ""
    v.previous_button.click()
    assert v.flip_msg.value == said
    assert "Back to the previous game" in text(v.message.value)  # (said too, in its own panel)


# -- 4. undo and redo say what they take back or bring back, once --------------------------------------------

def test_redo_of_an_attack_says_redone_once_without_its_notes(tmp_path: Path) -> None:
    t = tracker()
    to_turn_three(t)
    t.do({"event": "attack", "attacks": [{"attacker": "Acorn Scout #1", "defender": "Pebble Pup #2"}]})
    attacked = t.state
    t.undo()
    undone = t.state
    t.redo()
    redone = t.redo_words(undone, t.state)
    assert redone[0] == ("Redone: the attack on Bob (Bob still at 30 MP; Acorn Scout #1, Pebble Pup #2 "
                         "destroyed)")
    assert sum(line.startswith("Redone:") for line in redone) == 1
    assert not any("note:" in line or "Mouse Points damage" in line for line in redone), redone
    assert any("Pebble Pup #2" in line and "(village-tcg.txt" in line for line in redone[1:])  # its outcome
    assert t.state == attacked


def test_redo_of_an_undefended_attack_that_wins_says_the_win(tmp_path: Path) -> None:
    t = tracker(mp=1)
    to_turn_three(t)
    t.do({"event": "attack", "attacks": [{"attacker": "Acorn Scout #1", "defender": None}]})
    t.undo()
    undone = t.state
    t.redo()
    (first, *rest) = t.redo_words(undone, t.state)
    assert first.startswith("Redone: the attack on Bob (Bob 1 → 0 MP); Bob has 0 Mouse Points: Ann wins")
    assert len(rest) == 1 and "undefended" in rest[0]


def test_undo_of_a_change_of_mouse_points_says_what_it_took_back_and_the_game_s_end(tmp_path: Path) -> None:
    t = tracker()
    t.do({"event": "mp", "player": 1, "delta": -30})
    assert t.state.over
    ended = t.state
    t.do({"event": "mp", "player": 1, "delta": 5})  # a correction: the game goes on
    corrected = t.state
    assert not corrected.over
    t.undo()
    assert t.undo_words(corrected, t.state) == [
        "Undone: the change of Bob's Mouse Points (Bob back to 0 MP)",
        f"the game is over again: {ended.win_reason}"]
    t.redo()
    redone = t.redo_words(ended, t.state)
    assert redone[0] == "Redone: Bob: 0 → 5 MP" and len(redone) == 2
    assert not redone[1].startswith("Redone:") and "the game goes on" in redone[1]
    t.undo()
    t.undo()
    assert t.undo_words(ended, t.state)[-1].startswith("the game goes on again (it had ended: Bob has 0")
    t.do({"event": "deck", "player": 0, "delta": -2})
    decked = t.state
    t.undo()
    said = t.undo_words(decked, t.state)
    assert said == ["Undone: the change of Ann's deck (Ann back to 52 cards in deck)"]


def test_undo_says_the_action_once_without_what_it_brought_with_it() -> None:
    t = tracker()
    t.do({"event": "end_turn"})
    t.do({"event": "flip", "card": "Lucky Coin", "result": "heads"})  # Bob: no draw, no step moved
    t.do({"event": "play_basic", "name": "Pebble Pup"})  # moves past Step 1: the draw is forfeited
    played = t.state
    assert len(played.last) == 2 and "forfeited" in played.last[1]
    t.undo()
    assert t.undo_words(played, t.state) == ["Undone: Bob plays Pebble Pup #1"]
    t.redo()
    redone = t.redo_words(t.state_after(len(t.history) - 1), t.state)
    assert redone == ["Redone: Bob plays Pebble Pup #1", played.last[1]]  # (the draw forfeited again)


# -- 5. the turn guide's Step 2, true to the state -----------------------------------------------------------

def test_step_two_says_it_was_skipped_and_names_a_field_of_mega_mice_only() -> None:
    t = tracker()
    t.do({"event": "step", "to": 3})
    step2 = checklist(t.state)[1]
    assert step2.status == "skipped" and step2.detail == "no mouse played this turn"
    t = tracker()
    to_turn_three(t)
    t.do({"event": "summon_mega", "name": "Harvest Giant", "sacrifice": "Acorn Scout #1"})
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})  # Ann again: only her Mega Mouse on the field
    step2 = checklist(t.state)[1]
    assert step2.status == "todo"
    assert step2.detail == "no Basic Mouse on the field to sacrifice for a Mega Mouse, only Mega Mice"
    assert "full turn" not in step2.detail
    loose = tracker(strict_order=False)
    loose.do({"event": "step", "to": 3})  # (the order not enforced: Step 2 may still be taken)
    assert checklist(loose.state)[1].detail == "no Basic Mouse has had a full turn on the field yet"


def test_the_attack_preview_and_panel_are_unchanged_by_the_redo_words(tmp_path: Path) -> None:
    """The page's redo shows the attack's one line, its outcomes under it, and the battle panel again."""
    v = started(tmp_path / "v.jsonl")
    for name in ("Acorn Scout", "Pebble Pup"):
        v.act({"event": "draw"})
        v.mouse_name.value = name
        v.play_basic()
        v.act({"event": "end_turn"})
    v.act({"event": "draw"})
    v.refresh()
    v.assign["Acorn Scout #1"].value = UNDEFENDED
    v.resolve_button.click()
    resolved = v.battle_result.value
    v.undo_button.click()
    v.redo_button.click()
    said = text(v.message.value)
    assert v.battle_result.value == resolved
    assert said.startswith("Redone: the attack on Bob (Bob 30 → 29 MP)") and said.count("Redone:") == 1
    assert "note:" not in said and "Mouse Points damage" not in said
