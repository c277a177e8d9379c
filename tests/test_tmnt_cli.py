"""``companion tmnt attack`` and ``companion tmnt replay``: exit codes, JSON, card names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cards import DATA_DIR
from companion.cli import main

KEYS = {"legal", "problems", "total_power", "damage", "blocks_flipped", "defender_trashed",
        "attacker_trashed"}


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict]:
    code = main(["tmnt", *argv, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_legal_attack_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "attack", "--character", "wind:3", "--attack", "fire:2",
                         "--attack", "nature:1", "--attack", "mountain:3:forceful", "--counter", "2")
    assert code == 0 and KEYS <= set(out)
    assert (out["legal"], out["total_power"], out["damage"], out["blocks_flipped"],
            out["defender_trashed"], out["attacker_trashed"]) == (True, 9, 7, 4, 3, 0)
    assert out["problems"] == [] and out["counter"]["kind"] == "counter"


def test_illegal_attack_exit_1_with_every_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "attack", "--character", "wind:3", "--attack", "wind:2:f",
                         "--attack", "fire:1:fc")
    assert code == 1 and out["legal"] is False and out["damage"] is None
    assert {p["rule"] for p in out["problems"]} == {"forceful-position", "attack-attribute",
                                                    "forceful-counter"}
    assert all(p["cite"].startswith("tmnt-tcg.txt") for p in out["problems"])


def test_illegal_attack_text_lists_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tmnt", "attack", "--character", "fire:3", "--attack", "wind:1", "--attack", "wind:1",
                 "--attack", "nature:1", "--attack", "mountain:1"])
    out = capsys.readouterr().out
    assert code == 1 and "NOT LEGAL" in out
    assert "[attack-attribute-repeat]" in out and "[too-many-attacks]" in out


def test_blocks_face_up_and_decks(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "attack", "--character", "wind:4", "--blocks", "2", "--face-up", "1",
                         "--defender-deck", "2")
    assert code == 0 and out["blocks_flipped"] == 2 and out["newly_face_up_blocks"] == [2]
    assert out["newly_face_up"] is None  # (2 Block cards, no --empty-zones: their Zones are not known)
    assert out["defender_trashed"] == 2 and out["game_over"] and out["loser"] == "defender"
    code, out = run_json(capsys, "attack", "--character", "wind:1", "--attack", "fire:1",
                         "--counter", "fire:4:fc", "--blocks", "0")
    assert code == 0 and out["damage"] == 0 and out["attacker_trashed"] == 2


def test_text_output_shows_the_damage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tmnt", "attack", "--character", "wind:3", "--attack", "fire:2", "--counter", "1"]) == 0
    out = capsys.readouterr().out
    assert "total Power 5" in out and "Damage 4" in out and "LEGAL" in out


@pytest.mark.parametrize("argv", [
    ["--character", "wind:x"], ["--character", "lava:3"], ["--character", "wind:3", "--blocks", "5"],
    ["--character", "wind:3", "--face-up", "a"], ["--character", "wind:3", "--face-up", "3",
                                                  "--blocks", "2"],
    ["--character", "wind:3", "--attack", "fire:2:mega"], ["--character", "wind:3", "--blocks", "x"],
    ["--character", ""], [],
])
def test_bad_input_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tmnt", "attack", *argv]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_tmnt_without_subcommand_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tmnt"]) == 2  # a usage error: the help goes to standard error (as argparse's errors)
    assert "attack" in capsys.readouterr().err


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=20))
def test_hostile_attack_text_never_crashes(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tmnt", "attack", "--character", "wind:3", "--attack", text])
    capsys.readouterr()
    assert code in (0, 1, 2)


# -- card names ----------------------------------------------------------------------------------

demo = pytest.mark.skipif(not (DATA_DIR / "tmnt" / "demo.json").exists(), reason="no demo TMNT cards")


@demo
def test_card_names_from_the_demo_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "attack", "--character", "Leonardo", "--attack", "Flame Fist",
                         "--attack", "vine sweep", "--attack", "Avalanche Drop", "--counter", "Ember Counter")
    assert code == 0 and out["character"]["name"] == "Leonardo"
    assert out["total_power"] == 3 + 3 + 1 + 4 and out["damage"] == out["total_power"] - 2


@demo
def test_card_names_mixed_with_specs_and_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "attack", "--character", "Raphael", "--attack", "Blazing Combo",
                         "--attack", "wind:1", "--counter", "Flame Fist")
    assert code == 1
    assert {p["rule"] for p in out["problems"]} == {"attack-attribute", "forceful-position", "counter-kind"}


@demo
def test_unknown_card_names_exit_2_with_suggestions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tmnt", "attack", "--character", "Leonard"]) == 2
    assert "Did you mean 'Leonardo'" in capsys.readouterr().err
    assert main(["tmnt", "attack", "--character", "Rafael", "--attack", "Flame Fst"]) == 2
    err = capsys.readouterr().err
    assert "'Rafael'" in err and "'Flame Fst'" in err and "Flame Fist" in err


def test_extra_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "mine.json"
    f.write_text(json.dumps({"game": "tmnt", "set": "My demo", "source": "demo: test", "cards": [
        {"id": "zz-hero", "name": "Zz Hero", "type": "character", "attribute": "fire", "power": 2,
         "source": "demo: test"},
        {"id": "zz-kick", "name": "Zz Kick", "type": "attack", "attribute": "wind", "power": 1,
         "attack_kind": "normal", "source": "demo: test"},
        {"id": "zz-mystery", "name": "Zz Mystery", "type": "attack", "attribute": "nature", "power": None,
         "attack_kind": "normal", "source": "demo: test"}]}))
    code, out = run_json(capsys, "attack", "--character", "Zz Hero", "--attack", "Zz Kick",
                         "--cards", str(f))
    assert code == 0 and out["damage"] == 3
    code, out = run_json(capsys, "attack", "--character", "Zz Hero", "--attack", "Zz Mystery",
                         "--cards", str(f))
    assert code == 0 and out["damage"] is None and out["notes"][0]["rule"] == "unknown-power"


# -- replay --------------------------------------------------------------------------------------

def test_replay_json_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    events = [{"event": "start", "players": ["Ann", "Bob"], "first": 0}, {"event": "next"},
              {"event": "next"}, {"event": "next"}, {"event": "flip", "card": "character"},
              {"event": "next"}, {"event": "attack", "character": "wind:3", "attacks": ["fire:2"]}]
    log.write_text("".join(json.dumps(e) + "\n" for e in events))
    code, out = run_json(capsys, "replay", str(log))
    assert code == 0 and out["events"] == 7 and out["problems"] == []
    assert out["state"]["phase"] == "result" and out["state"]["attack"]["damage"] == 5
    assert [z["face"] for z in out["state"]["players"][1]["zones"]] == ["up"] * 4
    assert main(["tmnt", "replay", str(log)]) == 0
    text = capsys.readouterr().out
    assert "Bob" in text and "Result Step" in text


def test_replay_reports_bad_lines_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text('{"event": "start", "players": ["A", "B"], "first": 0}\n{oops\n{"event": "attack"}\n')
    code, out = run_json(capsys, "replay", str(log))
    assert code == 1 and [p["line"] for p in out["problems"]] == [2, 3]


def test_replay_missing_log_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tmnt", "replay", str(tmp_path / "none.jsonl")]) == 2
    assert "no such log file" in capsys.readouterr().err
    assert main(["tmnt", "replay", str(tmp_path)]) == 2  # a folder is said to be one, not missing
    assert "is a directory, not an event log" in capsys.readouterr().err


# -- adjust --------------------------------------------------------------------------------------

def test_adjust_book_example(capsys: pytest.CaptureFixture[str]) -> None:
    # tmnt-tcg.txt, Adjust Phase: 1 Block Zone with a card and 3 empty: draw 4.
    code, out = run_json(capsys, "adjust", "--hand", "5", "--empty", "3")
    assert code == 0 and (out["draw"], out["drawn"], out["hand_after"]) == (4, 4, 9)
    assert out["cite"] == "tmnt-tcg.txt, Adjust Phase"


def test_adjust_discards_then_draws_and_the_deck_can_run_out(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "adjust", "--hand", "7", "--deck", "1")
    assert code == 0 and (out["discard"], out["drawn"], out["hand_after"], out["deck_ran_out"]) == \
        (2, 1, 6, True)
    assert main(["tmnt", "adjust", "--hand", "3", "--empty", "1"]) == 0
    out = capsys.readouterr().out
    assert "draw 2; (2) draw 1 + 1 empty Block Zone = 2" in out and "only" not in out
    assert main(["tmnt", "adjust", "--hand", "0", "--empty", "4", "--deck", "3"]) == 0
    out = capsys.readouterr().out  # 10 to draw, 3 left: said, not only implied by the counts
    assert "hand 3, Deck 0 (only 3 of the 10 to draw were left) — the Deck ran out: game over" in out


@pytest.mark.parametrize("argv", [["--hand", "-1"], ["--hand", "5", "--empty", "5"], ["--hand", "x"], []])
def test_adjust_bad_input_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tmnt", "adjust", *argv]) == 2


@demo
def test_a_title_with_several_printings_says_which_was_used(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "attack", "--character", "Leonardo")
    assert code == 0 and out["notes"][0]["rule"] == "printings" and "leonardo-2" in out["notes"][0]["message"]
    code, out = run_json(capsys, "attack", "--character", "leonardo-2")
    assert out["total_power"] == 4 and all(n["rule"] != "printings" for n in out["notes"])


# -- bad numbers and card files are refused with a clear message ----------------------------------

@pytest.mark.parametrize(("argv", "said"), [
    (["--defender-deck", "-1"], "--defender-deck -1 is out of range (expected 0 to 10000"),
    (["--attacker-deck", "-5"], "--attacker-deck -5 is out of range"),
    (["--blocks", "-1"], "--blocks: the defender has 0 to 4 Block cards, not -1"),
    (["--face-up", "\u00b2"], "--face-up: cannot read face-up position '\u00b2'"),
    (["--counter", "-2"], "--counter: Power must be a whole number 0 or more, not '-2'"),
    (["--counter", "2.5"], "--counter: Power must be a whole number 0 or more, not '2.5'"),
    (["--counter", "9999999"], "--counter: Power must be at most 999999 (6 digits), not '9999999'"),
])
def test_bad_numbers_exit_2_with_a_clear_message(argv: list[str], said: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tmnt", "attack", "--character", "wind:3", "--attack", "fire:2", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and said in err
    assert "Traceback" not in err and "internal error" not in err.lower() and "Did you mean" not in err


def test_face_up_positions_in_other_decimal_digits_are_read(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "attack", "--character", "wind:3", "--face-up", "1,\u0662")  # Arabic-Indic 2
    assert code == 0 and out["newly_face_up"] == [3]


def test_deck_sizes_of_zero_are_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run_json(capsys, "attack", "--character", "wind:3", "--attack", "fire:2",
                         "--defender-deck", "0", "--attacker-deck", "0")
    assert code == 1 and [p["rule"] for p in out["problems"]] == ["game-over"]  # the game is already over


@pytest.mark.parametrize("content", [None, "{not json", '{"game": "village", "set": "x", "cards": []}'])
def test_a_named_card_file_is_checked_even_when_no_name_needs_it(
        tmp_path: Path, content: str | None, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.json"
    if content is not None:
        path.write_text(content)
    code = main(["tmnt", "attack", "--character", "wind:3", "--cards", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and str(path) in err and "Traceback" not in err


def test_a_title_used_twice_is_noted_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "mine.json"
    f.write_text(json.dumps({"game": "tmnt", "set": "My demo", "cards": [
        {"id": "zz-parry-1", "name": "Zz Parry", "type": "attack", "attribute": "fire", "power": 1,
         "attack_kind": "counter", "source": "demo: test"},
        {"id": "zz-parry-2", "name": "Zz Parry", "type": "attack", "attribute": "fire", "power": 2,
         "attack_kind": "counter", "source": "demo: test"}]}))
    code, out = run_json(capsys, "attack", "--character", "wind:3", "--attack", "Zz Parry",
                         "--counter", "zz parry", "--cards", str(f))
    assert code == 0
    notes = [n for n in out["notes"] if n["rule"] == "printings"]
    assert len(notes) == 1 and notes[0]["cite"] == "tmnt-tcg.txt, How to Build Your Own Deck (2)"
    assert "zz-parry-1, zz-parry-2" in notes[0]["message"]


def test_a_name_typed_with_a_curly_apostrophe_finds_the_card(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "mine.json"
    f.write_text(json.dumps({"game": "tmnt", "set": "My demo", "cards": [
        {"id": "zz-oneil", "name": "Zz O'Neil", "type": "character", "attribute": "wind", "power": 2,
         "source": "demo: test"}]}))
    code, out = run_json(capsys, "attack", "--character", "Zz O\u2019Neil", "--cards", str(f))
    assert code == 0 and out["character"]["name"] == "Zz O'Neil" and out["damage"] == 2


def test_an_attribute_without_its_power_and_a_misspelt_character_get_plain_hints(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tmnt", "attack", "--character", "wind", "--attack", "fire:2"]) == 2
    err = capsys.readouterr().err
    assert "'wind' is an Attribute without a power" in err and "wind:3" in err
    assert main(["tmnt", "attack", "--character", "Leonardoo", "--attack", "fire:2"]) == 2
    assert "Did you mean 'Leonardo'?" in capsys.readouterr().err  # a Character, for --character
