"""Village audit 7: a page another window (or ``village do``) made stale refuses its actions and is
drawn again; New game names the players on show, says where the old game is kept and can bring it
back; a redraw names the field it needs; the undefended-attack amount and the Fruit reading of the game
are on show; an attack panel follows a correction that revives the game."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import CompanionError, RuleError
from companion.views.village import UNDEFENDED, VillageCompanion
from companion.village.game import VillageTracker

from .helpers import logged_events, meanwhile

STALE = "changed in another window"
DIRECT_ATK, DIRECT_NUMBER = "atk", "number"  # the undefended-attack picker's values (and the event's "atk")


def text(widget_html: str) -> str:
    """A panel's words, as the page shows them."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def two_windows(tmp_path: Path) -> tuple[VillageCompanion, Path]:
    """Window A on a game of Ann and Bob: Ann has drawn on turn 1."""
    path = tmp_path / "v.jsonl"
    a = VillageCompanion(path, db=None)
    a.names[0].value, a.names[1].value = "Ann", "Bob"
    a.first.value = 0
    a.new_game_button.click()
    a.buttons["draw"].click()
    return a, path


# -- 1. a stale page refuses and is drawn again --------------------------------------------------------

def test_end_turn_on_a_page_another_window_made_stale_is_refused_and_redrawn(tmp_path: Path) -> None:
    a, path = two_windows(tmp_path)
    b = VillageCompanion(path)
    b.buttons["end_turn"].click()  # Bob's turn 2, in window B
    assert "Turn 1" in a.turn.value and "Ann" in a.turn.value  # A has not seen it
    before = path.read_bytes()
    a.buttons["end_turn"].click()
    assert STALE in text(a.message.value) and "nothing was done" in text(a.message.value)
    assert path.read_bytes() == before  # Bob's turn was not ended unseen
    assert "Turn 2" in a.turn.value and "Bob" in a.turn.value  # A shows the table as it is
    a.buttons["draw"].click()  # pressed again on the table as it now is: Bob's draw
    assert a.state.turn == 2 and a.state.t.drew and "Bob draws" in text(a.message.value)


def test_a_mouse_played_on_a_stale_page_never_goes_to_the_other_player(tmp_path: Path) -> None:
    a, path = two_windows(tmp_path)
    VillageCompanion(path).buttons["end_turn"].click()
    a.mouse_name.value, a.mouse_atk.value, a.mouse_def.value = "Pip", "3", "2"
    a.buttons["play_basic"].click()
    assert STALE in text(a.message.value)
    assert VillageTracker(path).state.players[1].field == ()
    assert a.state.players[1].field == () and a.state.current == 1


def test_a_write_from_the_command_line_makes_the_page_stale(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    a, path = two_windows(tmp_path)
    assert main(["village", "do", str(path), '{"event": "end_turn"}']) == 0
    capsys.readouterr()
    a.buttons["end_turn"].click()
    assert STALE in text(a.message.value)
    assert [e["event"] for e in logged_events(path)][-2:] == ["draw", "end_turn"]  # one end_turn only


def test_the_stale_check_is_made_under_the_logs_lock(tmp_path: Path) -> None:
    a, path = two_windows(tmp_path)
    b = VillageCompanion(path)
    # B ends Ann's turn in the gap between A's click and A's write
    with meanwhile(a, lambda: b.act({"event": "end_turn"})), pytest.raises(CompanionError, match=STALE):
        a.act({"event": "end_turn"})
    assert VillageTracker(path).state.turn == 2 and "Turn 2" in a.turn.value


def test_every_action_chosen_from_the_page_is_refused_when_stale(tmp_path: Path) -> None:
    a, path = two_windows(tmp_path)
    b = VillageCompanion(path)
    for press in (lambda: a.player_boxes[1].children[1].children[1].click(),  # -1 MP for Bob
                  lambda: a.flip_buttons[0].click(),
                  lambda: a.resolve_button.click()):
        b.act({"event": "mp", "player": 0, "delta": -1})
        size = path.stat().st_size
        press()
        assert STALE in text(a.message.value) and path.stat().st_size == size


def test_undo_on_a_stale_page_is_refused_and_the_turn_players_magic_card_acts_on_the_log_as_it_is(
        tmp_path: Path) -> None:
    a, path = two_windows(tmp_path)
    VillageTracker(path).do({"event": "end_turn"})  # another window
    before = path.read_bytes()
    with pytest.raises(CompanionError, match="changed in another window"):
        a.undo()  # it would take back an action this page never showed (even another game's start)
    assert path.read_bytes() == before and a.state.turn == 2  # nothing done; the page drawn again
    a.undo()  # seen: the other window's end of turn is taken back
    assert a.state.turn == 1 and a.tracker.can_redo
    VillageTracker(path).do({"event": "end_turn"})
    with pytest.raises(CompanionError, match="changed in another window"):
        a.redo()
    assert a.state.turn == 2
    a.magic_kind.value, a.card_name.value = "normal", "Sun"
    a.play_magic()  # "turn player": the turn player of the log now (Bob)
    assert a.tracker.history[-1]["player"] == 1


# -- 3. New game: the players on show, the old game said and brought back --------------------------------

def test_new_game_boxes_take_the_players_and_reading_of_the_game_on_show(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    VillageTracker(path).do({"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 2,
                             "fruit_cost": "pay"})
    page = VillageCompanion(path)
    assert [box.value for box in page.names] == ["Ann", "Bob"] and page.fruit_reading.value == "pay"
    page.names[1].value = "Cy"  # typed for the next game: kept while the game on show is the same
    page.act({"event": "draw"})
    assert page.names[1].value == "Cy"
    page.new_game()
    assert [p.name for p in page.state.players] == ["Ann", "Cy"] and page.state.fruit_reading == "pay"


def test_new_game_says_where_the_old_game_is_kept_and_brings_it_back(tmp_path: Path) -> None:
    a, path = two_windows(tmp_path)
    old = path.read_bytes()
    a.new_game()
    kept = tmp_path / "v-1.jsonl"
    said = text(a.message.value)
    assert f"The game before is kept in {kept}" in said and "Back to the previous game" in said
    assert f"VillageCompanion({str(kept)!r}).widget" in said
    assert a.previous_button.layout.display is None and not a.previous_button.disabled
    a.undo()  # the new game's start taken back: no game on show, and the page says where the old one is
    assert f"kept in {kept}" in text(a.message.value)
    new = path.read_bytes()
    a.previous_button.click()
    assert path.read_bytes() == old and (tmp_path / "v-2.jsonl").read_bytes() == new  # nothing overwritten
    assert not kept.exists() and a.state.started and a.state.t.drew
    assert "is back under v.jsonl" in text(a.message.value) and "v-2.jsonl" in text(a.message.value)
    a.previous_button.click()  # and back again
    assert path.read_bytes() == new and (tmp_path / "v-1.jsonl").read_bytes() == old
    assert sorted(f.name for f in tmp_path.iterdir()) == ["v-1.jsonl", "v.jsonl"]


def test_a_kept_game_the_page_could_not_use_is_never_swapped_in(tmp_path: Path) -> None:
    """Read first, without touching it (review: a kept log turned into another game's had been renamed
    in, leaving the page unusable and the game on show under a name nobody was told)."""
    a, _path = two_windows(tmp_path)
    a.new_game()
    kept = tmp_path / "v-1.jsonl"
    kept.write_text('{"event": "log", "tracker": "tmnt"}\n{"event": "start", "first": 0}\n')
    files = {f.name: f.read_bytes() for f in tmp_path.iterdir()}
    with pytest.raises(CompanionError, match="cannot be used here") as info:
        a.previous_game()
    assert "nothing was changed" in info.value.render()
    assert {f.name: f.read_bytes() for f in tmp_path.iterdir()} == files
    assert a.unusable is None and a.state.started  # the game on show goes on
    a.act({"event": "draw"})


def test_the_previous_game_is_off_until_the_page_keeps_one(tmp_path: Path) -> None:
    a, _path = two_windows(tmp_path)
    assert a.previous_button.disabled and a.previous_button.layout.display == "none"
    with pytest.raises(CompanionError, match="kept no game aside"):
        a.previous_game()


# -- 4. a redraw names the field the rule needs -------------------------------------------------------

def test_a_redraw_without_basic_in_hand_names_the_field(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    t = VillageTracker(None)
    t.do({"event": "start", "first": 0, "seed": 1})
    with pytest.raises(RuleError, match='"basic_in_hand": false') as info:
        t.do({"event": "redraw", "player": 1})
    assert "Redraw Rule" in info.value.render()
    log = tmp_path / "v.jsonl"
    assert main(["village", "do", str(log), '{"event": "start", "first": 0}']) == 0
    capsys.readouterr()
    assert main(["village", "do", str(log), '{"event": "redraw", "player": 1}']) == 2
    assert "needs a 'basic_in_hand' field" in capsys.readouterr().err
    assert main(["village", "events"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("redraw"))
    assert "[" not in line.split(":")[0] and "basic_in_hand" in line  # needed, not in brackets
    assert main(["village", "do", str(log), '{"event": "redraw", "player": 1, "basic_in_hand": false}']) == 0


# -- 6. the undefended-attack amount and the Fruit reading on show -------------------------------------

def turn_three(tmp_path: Path, **start: object) -> tuple[VillageCompanion, str]:
    page = VillageCompanion(tmp_path / "v.jsonl")
    page.act({"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 1, **start})
    for event in ({"event": "draw"}, {"event": "play_basic", "name": "Pip", "atk": 4, "def": 1},
                  {"event": "end_turn"}, {"event": "draw"}, {"event": "end_turn"}, {"event": "draw"}):
        page.act(event)
    return page, page.state.players[0].field[0].uid


def test_the_battle_box_says_the_games_amount_and_takes_atk_or_zero_for_one_attack(tmp_path: Path) -> None:
    page, pip = turn_three(tmp_path, direct_damage=2)
    labels = [label for label, _v in page.direct_mode.options]
    assert labels[0] == "the game's: 2 MP" and page.direct.layout.display == "none"
    assert "an undefended attack takes 2 MP" in text(page.readings.value)
    page.assign[pip].value = UNDEFENDED
    assert "2 damage" in text(page.preview().lines()[0])
    page.direct_mode.value = DIRECT_ATK  # the attacker's ATK, for this attack
    assert "4 damage" in page.preview().lines()[0]
    page.direct.value = 0  # a number typed: it is chosen, 0 included
    assert page.direct_mode.value == DIRECT_NUMBER and page.direct.layout.display is None
    assert "0 damage" in page.preview().lines()[0]
    page.direct_mode.value = DIRECT_ATK
    page.resolve()
    assert page.tracker.history[-1]["direct_damage"] == DIRECT_ATK and page.state.players[1].mp == 26
    assert page.direct_mode.value == ""  # the next attack: the game's amount again
    again = VillageTracker(tmp_path / "v.jsonl")
    assert again.state.players[1].mp == 26


def test_an_attack_event_takes_atk_and_refuses_other_words() -> None:
    t = VillageTracker(None)
    t.do({"event": "start", "first": 0, "seed": 1, "direct_damage": 2})
    for event in ({"event": "draw"}, {"event": "play_basic", "name": "Pip", "atk": 4, "def": 1},
                  {"event": "end_turn"}, {"event": "end_turn"}):
        t.do(event)
    with pytest.raises(RuleError, match='whole number of MP or "atk"'):
        t.do({"event": "attack", "attacks": [{"attacker": "Pip #1"}], "direct_damage": "all"})
    t.do({"event": "attack", "attacks": [{"attacker": "Pip #1"}], "direct_damage": "atk"})
    assert t.state.players[1].mp == 26


def test_the_page_shows_the_games_fruit_reading_from_the_start(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    VillageTracker(path).do({"event": "start", "first": 0, "seed": 2, "fruit_cost": "pay"})
    page = VillageCompanion(path)
    said = text(page.readings.value)
    assert "an ability pays its Fruit cost" in said and "the attacker's ATK" in said
    assert "Card Descriptions 6 Abilities" in said and "Attack / Defense Structure" in said
    labels = [label for label, _v in page.direct_mode.options]
    assert labels == ["the game's: the attacker's ATK", "the MP typed (this attack)"]


# -- 8. the attack panel follows a correction that revives the game ------------------------------------

def test_the_attack_panel_no_longer_says_the_attacker_won_once_a_correction_revives_the_game(
        tmp_path: Path) -> None:
    page, pip = turn_three(tmp_path, mp=4)
    page.assign[pip].value = UNDEFENDED
    page.resolve()
    assert page.state.over and "the attacker wins the game" in text(page.battle_result.value)
    page.act({"event": "mp", "player": 1, "delta": 3})
    shown = text(page.battle_result.value)
    assert not page.state.over and "the attacker wins the game" not in shown
    assert "Attack resolved" in shown and "since corrected: both players have Mouse Points" in shown
    page.undo()  # the correction taken back: the attack won the game again
    assert "the attacker wins the game" in text(page.battle_result.value)
    assert json.loads(json.dumps(page.tracker.history[-1]))["event"] == "attack"
