"""TMNT exploratory test findings: card names in 'tmnt do', every problem of a flip, an attack on an empty
Deck, the Flip Phase with no card to turn over, and the book's words (Character card, face-up)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import CompanionError, RuleError
from companion.eventlog import EventLog
from companion.tmnt.attack import BattleCard, from_json, resolve_attack
from companion.tmnt.game import TmntTracker, why_not_next
from companion.views.tmnt import GameTracker

START = '{"event": "start", "players": ["Ann", "Bob"], "first": 0}'
NEXT = '{"event": "next"}'
FLIP = '{"event": "flip", "card": "character"}'


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["tmnt", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def in_attack_phase(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A log at Ann's Attack Phase, a Character flipped onto her 1st Block Zone."""
    log = tmp_path / "game.jsonl"
    assert run(capsys, "do", str(log), START, NEXT, NEXT, NEXT, FLIP, NEXT)[0] == 0
    return log


def last_event(log: Path) -> dict:
    return json.loads(log.read_text().splitlines()[-1])


# -- 1. a card name in 'tmnt do' -------------------------------------------------------------------

def test_do_takes_a_card_name_from_the_card_data_as_tmnt_attack_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = in_attack_phase(tmp_path, capsys)
    code, out, _ = run(capsys, "do", str(log), '{"event": "attack", "character": "Raphael", '
                       '"attacks": ["Whirlwind Slash"], "counter": "Leaf Dodge"}')
    assert code == 0 and "Raphael (fire 4)" in out
    event = last_event(log)  # the log keeps the card's values: a replay needs no card data
    assert event["character"] == {"type": "character", "attribute": "fire", "power": 4, "kind": "normal",
                                  "name": "Raphael"}
    assert event["attacks"][0]["name"] == "Whirlwind Slash" and event["counter"]["kind"] == "counter"
    assert "damage 5" in out  # 4 + 2 - 1


def test_do_fills_a_name_only_object_from_the_card_data(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    log = in_attack_phase(tmp_path, capsys)
    code, _, _ = run(capsys, "do", str(log), '{"event": "attack", "character": {"name": "Raphael"}}')
    assert code == 0 and last_event(log)["character"]["attribute"] == "fire"


def test_do_refuses_an_unknown_name_with_the_forms_it_takes_and_the_closest_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = in_attack_phase(tmp_path, capsys)
    before = log.read_text()
    code, _, err = run(capsys, "do", str(log), '{"event": "attack", "character": "Rafael"}')
    assert code == 2 and log.read_text() == before
    assert "attack.character: unknown TMNT TCG card 'Rafael'" in err and "Did you mean 'Raphael'?" in err
    assert "ATTR:POWER[:KIND]" in err and '{"name": "Raphael", "attribute": "fire", "power": 4}' in err


def test_the_tracker_names_every_form_a_card_takes_for_a_word_it_cannot_read() -> None:
    with pytest.raises(CompanionError) as info:
        from_json("Raphael", card_type="character", where="attack.character")
    said = str(info.value)
    assert "cannot read 'Raphael' as a card" in said and '{"name": "Raphael"' in said
    with pytest.raises(CompanionError, match="an Attribute without its Power"):
        from_json("fire", card_type="character")


# -- 2. a misspelt card in a flip in the wrong phase -----------------------------------------------

def test_a_flip_in_the_wrong_phase_with_a_typo_says_both(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    assert run(capsys, "do", str(log), START)[0] == 0
    code, _, err = run(capsys, "do", str(log), '{"event": "flip", "card": "charcter"}')
    assert code == 2 and "flipped in the Flip Phase (now: 2 Set Phase)" in err
    assert "not 'charcter'" in err and "Did you mean 'character'?" in err


# -- 3. an attack on a Deck already empty ----------------------------------------------------------

def test_an_attack_on_an_empty_deck_says_the_game_is_already_over(
        capsys: pytest.CaptureFixture[str]) -> None:
    v = resolve_attack(BattleCard("character", "wind", 3), [BattleCard("attack", "fire", 2)], defender_deck=0)
    assert not v.is_legal and [p.rule for p in v.problems] == ["game-over"]
    assert "already over" in v.problems[0].message and v.problems[0].cite == "tmnt-tcg.txt, Game Over"
    code, out, _ = run(capsys, "attack", "--character", "wind:3", "--attack", "fire:2",
                       "--defender-deck", "0")
    assert code == 1 and "the defender's Deck holds no cards: the game is already over" in out
    assert "Damage" not in out


# -- 4. the Flip Phase with no card to turn over ---------------------------------------------------

def test_the_page_says_what_to_do_when_a_correction_empties_the_1st_block_zone(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    t = TmntTracker(EventLog(path))
    for e in ({"event": "start", "first": 0, "players": ["Ann", "Bob"]}, {"event": "next"},
              {"event": "next"}, {"event": "next"}):
        t.do(e)
    g = GameTracker(path, cards=[])
    g.zones[0][0].click()  # face-down -> face-up
    g.zones[0][0].click()  # face-up -> empty
    status = " ".join(re.sub("<[^>]+>", " ", g.status.value).split())
    assert "the 1st Block Zone is empty, so there is no card to turn over" in status
    assert "Next goes on to the Attack Phase, which is skipped" in status
    assert "turn over the 1st Block card" not in status and not g.next.disabled


def test_a_correction_that_takes_the_flip_away_says_what_to_do_now(tmp_path: Path) -> None:
    t = TmntTracker(EventLog(tmp_path / "t.jsonl"))
    for e in ({"event": "start", "first": 0, "players": ["Ann", "Bob"]}, {"event": "next"},
              {"event": "next"}, {"event": "next"}):
        t.do(e)
    t.do({"event": "correct", "player": 0, "zones": ["empty", "down", "down", "down"]})
    assert "no card to turn over; Next goes on to the Attack Phase" in t.state.message
    with pytest.raises(RuleError, match="1st Block Zone is empty"):
        t.do({"event": "flip", "card": "character"})


# -- 5. the book's words ---------------------------------------------------------------------------

def test_the_book_words_character_card_and_face_up(tmp_path: Path) -> None:
    t = TmntTracker(EventLog(tmp_path / "t.jsonl"))
    for e in ({"event": "start", "first": 0, "players": ["Ann", "Bob"]}, {"event": "next"},
              {"event": "next"}, {"event": "next"}, {"event": "flip", "card": "character"}):
        t.do(e)
    with pytest.raises(RuleError, match="the 1st Block card is already face-up"):
        t.do({"event": "flip", "card": "character"})
    t.do({"event": "next"})
    refused = why_not_next(t.state)
    assert refused is not None and "holds a face-up Character card" in refused.message
