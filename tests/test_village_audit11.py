"""Village TCG (and TMNT) from exploratory test 11: a correction bringing the winner to 0 Mouse Points too
keeps the result, the first to lose lost (it handed the win to the player who had lost), and a start whose
two players share a name is refused (every message named neither)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main


def test_a_correction_bringing_the_winner_to_0_mp_too_keeps_the_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "v.jsonl")
    assert main(["village", "do", log, '{"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 1}',
                 '{"event": "mp", "player": 1, "delta": -30}']) == 0
    assert "Bob has 0 Mouse Points: Ann wins" in capsys.readouterr().out
    assert main(["village", "do", log, '{"event": "mp", "player": 0, "delta": -30}']) == 0
    out = capsys.readouterr().out
    assert "Ann has 0 Mouse Points too, but Bob lost first: the result stands" in out
    assert "house reading" in out and "Bob wins" not in out
    assert main(["village", "do", log, '{"event": "mp", "player": 1, "delta": 5}']) == 0  # Bob back above 0
    assert "Ann has 0 Mouse Points: Bob wins" in capsys.readouterr().out  # now Ann alone is at 0


@pytest.mark.parametrize("game", ["village", "tmnt"])
def test_two_players_of_one_name_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> None:
    log = tmp_path / "g.jsonl"
    assert main([game, "do", str(log), '{"event": "start", "players": ["Eve", "eve"], "seed": 1}']) == 2
    assert "both players are named 'Eve'" in capsys.readouterr().err and not log.exists()


def _village(log: str, *events: str) -> int:
    return main(["village", "do", log, *events])


def test_an_attack_flip_waits_for_the_draw_and_a_mouse_to_attack_with(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "v.jsonl")
    flip = '{"event": "flip", "card": "Super Confused", "functions": 2, "attack": true}'
    assert _village(log, '{"event": "start", "players": ["Ann", "Cleo"], "first": 0, "seed": 1}',
                    '{"event": "draw"}', '{"event": "end_turn"}') == 0
    capsys.readouterr()
    assert _village(log, flip) == 2  # Cleo's turn 2, before her draw: it would forfeit the draw
    assert "draw this turn's card first" in capsys.readouterr().err
    assert _village(log, '{"event": "draw"}') == 0
    assert _village(log, flip) == 2
    assert "Cleo has no mouse on the field to attack with" in capsys.readouterr().err
    assert _village(log, '{"event": "play_basic", "name": "Acorn Scout"}', flip) == 0
    assert "at the beginning of the Attack Phase" in capsys.readouterr().out


def test_a_mega_mouse_summoned_is_told_only_what_the_turn_still_allows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "v.jsonl")
    assert _village(log, '{"event": "start", "players": ["Ann", "Cleo"], "first": 0, "seed": 1}',
                    '{"event": "draw"}', '{"event": "play_basic", "name": "Acorn Scout"}',
                    '{"event": "end_turn"}', '{"event": "draw"}', '{"event": "end_turn"}',
                    '{"event": "draw"}') == 0
    capsys.readouterr()
    summon = '{"event": "summon_mega", "name": "Harvest Giant", "sacrifice": "Acorn Scout #1"}'
    assert _village(log, summon) == 0
    out = capsys.readouterr().out
    assert "it may attack this turn" in out and "ability" not in out.split("plays")[1].split("\n")[0]


def test_an_attack_naming_a_mouse_of_the_wrong_side_says_whose_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "v.jsonl")
    assert _village(log, '{"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 1}',
                    '{"event": "draw"}', '{"event": "play_basic", "name": "Acorn Scout"}',
                    '{"event": "end_turn"}', '{"event": "draw"}',
                    '{"event": "play_basic", "name": "Pebble Pup"}') == 0
    capsys.readouterr()
    own = '{"event": "attack", "attacks": [{"attacker": "Pebble Pup #2", "defender": "Pebble Pup #2"}]}'
    assert _village(log, own) == 2
    err = capsys.readouterr().err
    assert "'Pebble Pup #2' is the turn player's mouse, so it cannot be the defending one" in err
    theirs = '{"event": "attack", "attacks": [{"attacker": "Acorn Scout #1", "defender": "Acorn Scout #1"}]}'
    assert _village(log, theirs) == 2
    err = capsys.readouterr().err
    assert "'Acorn Scout #1' is the opponent's mouse, so it cannot be the attacking one" in err


def test_an_ability_cost_typed_other_than_the_cards_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "v.jsonl")
    assert _village(log, '{"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 1}',
                    '{"event": "draw"}', '{"event": "play_basic", "name": "Thistle Guard"}',
                    '{"event": "fruit", "mouse": "Thistle Guard #1"}') == 0
    capsys.readouterr()
    assert _village(log, '{"event": "ability", "mouse": "Thistle Guard #1", "cost": 1}') == 0
    out = capsys.readouterr().out
    assert "Prickly Wall costs 2 Fruit on its card; 1 was used" in out and "Abilities" in out


@pytest.mark.parametrize(("gone", "ann", "bob"), [
    ('{"event": "destroy_item", "mouse": "Acorn Scout #1"}', 0, 1),  # the Item alone: to Bob's pile
    ('{"event": "destroy", "mouse": "Acorn Scout #1"}', 1, 1),  # the mouse to Ann's, Bob's Item to Bob's
])
def test_an_item_played_on_the_opponents_mouse_goes_to_its_owners_discard_pile(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], gone: str, ann: int, bob: int) -> None:
    import json

    log = str(tmp_path / "v.jsonl")
    honey = '{"event": "item", "mouse": "Acorn Scout #1", "name": "Sticky Honey", "opponent_allowed": true}'
    assert _village(log, '{"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 3}',
                    '{"event": "draw"}', '{"event": "play_basic", "name": "Acorn Scout"}',
                    '{"event": "end_turn"}', '{"event": "draw"}',
                    '{"event": "play_basic", "name": "Pebble Pup"}', honey) == 0
    assert "Acorn Scout #1 equips Sticky Honey (Bob's Item)" in capsys.readouterr().out
    assert _village(log, gone) == 0
    capsys.readouterr()
    assert main(["village", "replay", "--json", log]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert [p["discard"] for p in players] == [ann, bob]


def test_the_replay_says_one_card_in_a_deck_of_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "v.jsonl")
    assert _village(log, '{"event": "start", "players": ["Ann", "Bob"], "decks": [9, 60], "first": 0, '
                         '"seed": 1}', '{"event": "draw"}') == 0  # 9 - 7 - 1: one card left in Ann's deck
    capsys.readouterr()
    assert main(["village", "replay", log]) == 0
    out = capsys.readouterr().out
    assert "Ann: 30 MP, 1 card in deck," in out and "1 cards" not in out


def test_the_monarchs_end_of_the_game_asks_to_score_it() -> None:
    from companion.monarchs.flow import end_status

    said = end_status(3, 3, 0).message
    assert "so the game ends now: score it (" in said and "now. Score (" not in said
