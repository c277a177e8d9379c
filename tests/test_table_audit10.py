"""Audit 10 of the Village and TMNT table tools (an exploratory user test): every ``tmnt do`` verdict
cites its rule-book section, as ``tmnt attack`` does; ``village do`` keeps the citations ``village
battle`` gives its notes; an attack on a player at 0 MP is refused (the game is over); bad input says
what was expected; the face-up note names Block Zones, not counts; the help suggests no refused value;
a Set Phase correction that leaves Block Zones empty warns; an unused ``deck`` warns; and a coin's
``result`` is read in any case."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.tmnt.game import TmntTracker
from companion.village.battle import Attack, Fighter, resolve_battle

TMNT_START = '{"event": "start", "players": ["Ann", "Bob"], "first": 0}'
NEXT = '{"event": "next"}'
FORWARD = "(tmnt-tcg.txt, Attack Phase (3) Forward Step)"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- 1. citations ------------------------------------------------------------------------------

def test_every_tmnt_do_verdict_cites_its_section(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "t.jsonl")
    code, out, err = run(capsys, "tmnt", "do", log, TMNT_START, NEXT, '{"event": "play_event"}', NEXT,
                         '{"event": "play_item"}', NEXT, '{"event": "flip", "card": "character"}', NEXT,
                         '{"event": "attack", "character": "wind:3", "attacks": ["fire:2"], "counter": 1}',
                         '{"event": "result"}', NEXT, NEXT)
    assert code == 0, err
    said = out.split("\nTurn 2: ")[0].splitlines()
    expected = [
        "(tmnt-tcg.txt, Adjust Phase)",                 # start
        "(tmnt-tcg.txt, Event Phase)", "(tmnt-tcg.txt, Event Phase)",
        "(tmnt-tcg.txt, Item Phase)", "(tmnt-tcg.txt, Item Phase)",
        "(tmnt-tcg.txt, Flip Phase)", "(tmnt-tcg.txt, Flip Phase)",
        "(tmnt-tcg.txt, Attack Phase)", FORWARD,
        "(tmnt-tcg.txt, Attack Phase (4) Result Step)",
        "(tmnt-tcg.txt, Adjust Phase)", "(tmnt-tcg.txt, Set Phase)"]
    assert len(said) == len(expected), said
    for line, section in zip(said, expected, strict=True):
        assert section in line, line
    assert said[8].startswith("Forward Step: damage 4; Bob flips 4 Block cards from the 1st "
                              f"{FORWARD}. Now the Result Step.")
    # the --json said list is the same lines
    code, out, _ = run(capsys, "tmnt", "do", "--json", log, NEXT)
    assert code == 0 and json.loads(out)["said"] == [
        "Event Phase: you may place 1 <Play> Event card (tmnt-tcg.txt, Event Phase)."]


def test_village_do_notes_after_an_attack_keep_the_battle_citations(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "g.jsonl")
    code, out, err = run(capsys, "village", "do", log, '{"event": "start", "first": 0}',
                         '{"event": "play_basic", "atk": 3, "def": 2}', '{"event": "end_turn"}',
                         '{"event": "draw"}', '{"event": "play_basic", "atk": 3, "def": 1}',
                         '{"event": "attack", "attacks": [{"attacker": "Basic Mouse #2", "defender": null}]}')
    assert code == 0, err
    assert ("note: no Mouse abilities may be used after declaring an attack (village-tcg.txt, Order of Turn, "
            "Step 4)") in out
    assert ("the attacker's ATK (the rule book does not give the amount) (village-tcg.txt, Attack / Defense "
            "Structure)") in out


def test_the_twice_note_cites_once() -> None:
    result = resolve_battle([Fighter("A", 3, 1)], [], [Attack("A", None), Attack("A", None)], twice={"A"})
    (line,) = [x for x in result.verdict_lines() if "card-allows-twice" in x]
    assert line.count("(village-tcg.txt, Attack / Defense Structure)") == 1


# -- 2. an attack on a player at 0 MP ------------------------------------------------------------

def test_an_attack_on_a_player_at_0_mp_is_not_a_legal_win(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "battle", "--attack", "A:3", "--mp", "0")
    assert code == 1 and "LEGAL\n" not in out and "attacker wins" not in out
    assert ("[game-over] the defending player has 0 Mouse Points: the game is already over, so no attack is "
            "made (village-tcg.txt, You Win If)") in out
    # one Mouse Point left: the attack may still win the game
    code, out, _ = run(capsys, "village", "battle", "--attack", "A:3", "--mp", "1")
    assert code == 0 and "the attacker wins the game (village-tcg.txt, You Win If)" in out


# -- 3. a missing attacker -----------------------------------------------------------------------

def test_a_missing_attacker_says_what_was_expected_and_found(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "village", "battle", "--attack", ">B:2")
    assert code == 2
    assert "nothing before '>': the attacking Mouse is missing" in err
    assert "expected ATTACKER:ATK>DEFENDER:DEF" in err and "found '>B:2'" in err
    code, _, err = run(capsys, "village", "battle", "--attack", " ")
    assert code == 2 and "the attacking Mouse is missing" in err and "found ' '" in err


# -- 4. the face-up note ---------------------------------------------------------------------------

def test_the_face_up_note_names_zones_not_a_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tmnt", "attack", "--character", "wind:3", "--attack", "fire:2",
                       "--empty-zones", "1,3", "--face-up", "2")
    assert code == 0
    assert ("the defender flips Block cards 1–2 from the 1st (2 cards, on Block Zones 2, 4; 1 of them "
            "(Zone 2) already face-up and still counted)") in out
    code, out, _ = run(capsys, "tmnt", "attack", "--character", "wind:3", "--attack", "fire:2",
                       "--blocks", "3", "--face-up", "1,3")
    assert code == 0 and "(3 cards; 2 of them (Block cards 1, 3) already face-up and still counted)" in out


# -- 5. the step event's help ----------------------------------------------------------------------

def test_the_step_help_suggests_no_refused_value(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "events")
    (line,) = [x for x in out.splitlines() if x.startswith("step ")]
    assert code == 0 and "end_turn ends the turn" not in line
    assert "1 to 6; to end the turn use the end_turn event" in line


# -- 6. a Set Phase correction leaving Block Zones empty ---------------------------------------------

def test_a_set_phase_correction_leaving_zones_empty_warns() -> None:
    t = TmntTracker()
    t.do(json.loads(TMNT_START))
    t.do({"event": "correct", "player": 0, "hand": 1, "zones": ["down", "empty", "empty", "empty"]})
    assert t.state.phase == "set"
    assert t.state.message.endswith("Warning: Block Zones 2, 3, 4 left empty; the Block Zones must not be "
                                    "empty at the end of the Set Phase (tmnt-tcg.txt, Set Phase)")
    # the defender's zones are not the Set Phase's; a full set of zones says nothing
    t.do({"event": "correct", "player": 1, "zones": ["down", "empty", "down", "down"]})
    assert "Warning" not in t.state.message
    t.do({"event": "correct", "player": 0, "zones": ["down", "down", "down", "down"]})
    assert "Warning" not in t.state.message


# -- 7. an unused deck -------------------------------------------------------------------------------

def test_a_village_start_with_decks_and_deck_warns_deck_is_unused(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "g.jsonl")
    code, out, err = run(capsys, "village", "do", log,
                         '{"event": "start", "decks": [60, 59], "deck": 40, "first": 0}')
    assert code == 0 and "53 cards in deck" in out
    assert "warning: event 1 of 1 (start): 'deck' was not used this time" in err
    code, _, err = run(capsys, "village", "do", str(tmp_path / "h.jsonl"),
                       '{"event": "start", "deck": 40, "first": 0}')
    assert code == 0 and "warning" not in err


# -- 8. a coin's result in any case -----------------------------------------------------------------

def test_a_coin_result_is_read_in_any_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    code, out, err = run(capsys, "village", "do", str(log), '{"event": "start", "first": 0}',
                         '{"event": "flip", "result": "Heads"}')
    assert code == 0, err
    assert "coin flip: heads" in out
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[-1])["result"] == "heads"
    code, _, err = run(capsys, "village", "do", str(log), '{"event": "flip", "result": "Hed"}')
    assert code != 0 and "a coin shows heads or tails, not 'Hed'" in err
