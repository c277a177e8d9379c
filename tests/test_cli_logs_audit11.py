"""Event logs from the command line, exploratory test 11: a hand-edited log no tool fits is owned by the tool
that knows the most of its events (the Mouse Card tool once claimed a Village log and wrote into it);
``--json`` stays JSON where standard output cannot encode its text; Ctrl+C before a command runs says so
in one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

# a Village log with no first line, its start's 'players' misspelt: no tool's start fits it
OLD_VILLAGE = ('{"event": "start", "playres": ["A", "B"], "seed": 1}\n{"event": "draw"}\n'
               '{"event": "mp", "player": 0, "delta": -3}\n')


def test_a_hand_edited_village_log_is_not_claimed_or_written_by_the_mouse_card_tool(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "old.jsonl"
    log.write_text(OLD_VILLAGE, encoding="utf-8")
    assert main(["mousecard", "award", str(log), "Pip"]) == 2
    err = capsys.readouterr().err
    assert "this is a village log, not a mousecard one" in err and "companion village" in err
    assert log.read_text(encoding="utf-8") == OLD_VILLAGE  # nothing appended
    assert main(["mousecard", "replay", str(log)]) == 2
    assert main(["village", "replay", str(log)]) == 0  # its own tool reads it
    assert "27 MP" in capsys.readouterr().out


def _run(args: list[str], tmp_path: Path, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "COMPANION_USER_DATA": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-m", "companion", *args], env=env, capture_output=True,
                          cwd=tmp_path, timeout=120, check=False)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_json_stays_json_where_standard_output_cannot_encode_the_names(tmp_path: Path, encoding: str) -> None:
    start = json.dumps({"event": "start", "players": ["\U0001f469 Ann", "Zo\u00eb"], "seed": 1})
    assert _run(["village", "do", "g.jsonl", start], tmp_path, "utf-8").returncode == 0
    done = _run(["village", "replay", "--json", "g.jsonl"], tmp_path, encoding)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout.decode(encoding))  # Python's \U0001f469 or \xeb escapes are no JSON
    assert [p["name"] for p in doc["players"]] == ["\U0001f469 Ann", "Zo\u00eb"]
    utf8 = _run(["village", "replay", "--json", "g.jsonl"], tmp_path, "utf-8")
    assert "Zo\u00eb" in utf8.stdout.decode("utf-8")  # where it can: the characters as they are


def test_ctrl_c_before_the_command_runs_is_said_in_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import companion.cli as cli

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    assert main(["village", "replay", "x.jsonl"]) == 130
    assert capsys.readouterr().err == "companion: interrupted\n"


def test_mouse_card_actions_json_begins_with_the_keys_every_tracker_begins_with(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "m.jsonl")
    for args in (["new", log, "--seed", "7"], ["award", log, "Pip"],
                 ["draw", log, "--character", "Pip", "--skill", "2", "--target", "5"], ["undo", log]):
        assert main(["mousecard", *args, "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert list(doc)[:7] == ["game", "log", "actions", "can_undo", "can_redo", "problems", "warnings"]
        assert doc["game"] == "mousecard" and doc["line"]


@pytest.mark.parametrize(("game", "lines", "said"), [
    ("village", ['{"event": "start", "players": ["A", "B"], "seed": 1, "dekc": 40}'], "Did you mean 'deck'?"),
    ("tmnt", ['{"event": "start", "players": ["A", "B"], "seed": 1, "dekc": 20}'], "Did you mean 'deck'?"),
    ("mystics", ['{"event": "start", "mice": ["collin"], "chapter_end": 6, "chaptr": 3}'],
     "Did you mean 'chapter'?"),
])
def test_a_replay_says_a_field_a_hand_edit_misspelt_which_it_ignored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, lines: list[str], said: str) -> None:
    log = tmp_path / "g.jsonl"
    header = json.dumps({"event": "log", "tracker": game})
    log.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
    before = log.read_bytes()
    assert main([game, "replay", str(log)]) == 0  # read as before: the default stands in for the typo
    err = capsys.readouterr().err
    assert "companion: warning: line 2 (start): " in err
    assert "is not a field it takes, so the replay ignored it" in err
    assert said in err
    assert main([game, "replay", "--json", str(log)]) == 0
    warnings = json.loads(capsys.readouterr().out)["warnings"]
    assert any(said in w and w.startswith("line 2 (start): ") for w in warnings)
    assert log.read_bytes() == before


def test_a_replay_of_the_logs_the_tools_wrote_warns_of_no_field(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.test_golden_logs import LOGS

    for log in sorted(LOGS.glob("*.jsonl")):
        game = log.stem.split("-")[0]
        if game in ("village", "tmnt", "mystics"):
            main([game, "replay", "--json", str(log)])
            assert not [w for w in json.loads(capsys.readouterr().out)["warnings"] if "not a field" in w], log


def test_mystics_says_a_way_to_start_anew_that_works_on_a_log_whose_start_was_undone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "m.jsonl")
    assert main(["mystics", "new", log, "--mice", "collin,filch", "--seed", "2"]) == 0
    assert main(["mystics", "do", log, "undo"]) == 0
    capsys.readouterr()
    assert main(["mystics", "replay", log]) == 0
    said = capsys.readouterr().out
    assert "its start was undone" in said and "companion mystics new" not in said.split("on a new log")[0]
    assert f"companion mystics do {log} " in said  # (the hint's command, run: it starts a chapter)
    start = said.rsplit(f"companion mystics do {log} ", 1)[1].split(" (or Start chapter")[0].strip("'")
    assert main(["mystics", "new", log, "--mice", "collin,filch"]) == 2  # (new takes no log that holds lines)
    capsys.readouterr()
    assert main(["mystics", "do", log, "redo"]) == 0  # (a redo too: both ways work)
    assert main(["mystics", "do", log, "undo"]) == 0
    capsys.readouterr()
    assert main(["mystics", "do", log, '{"event": "hourglass"}']) == 2  # a new action: why, and the way on
    err = capsys.readouterr().err
    assert "'hourglass' before the chapter started (its start was undone)" in err
    assert "Redo the undone start" in err
    assert main(["mystics", "do", log, start]) == 0
    assert "Chapter starts" in capsys.readouterr().out


@pytest.mark.parametrize("game", ["village", "tmnt"])
@pytest.mark.parametrize(("name", "code"), [("\u200b", "U+200B ZERO WIDTH SPACE"),
                                            ("\u202eBob", "U+202E RIGHT-TO-LEFT OVERRIDE"),
                                            ("A\u00adnn", "U+00AD SOFT HYPHEN")])
def test_a_player_name_holding_an_invisible_format_character_is_refused_as_the_mouse_card_refuses_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, name: str, code: str) -> None:
    log = tmp_path / "g.jsonl"
    start = json.dumps({"event": "start", "players": [name, "Ann"], "seed": 1})
    assert main([game, "do", str(log), start]) == 2
    err = capsys.readouterr().err
    assert f"player 1's name holds an invisible format character ({code})" in err and not log.exists()
    joined = "\u0645\u06cc\u200c\u0631\u0648\u0645"  # a Persian name with a zero-width non-joiner: allowed
    start = json.dumps({"event": "start", "players": [joined, "Zo\u00eb"], "seed": 1})
    assert main([game, "do", str(log), start]) == 0
    capsys.readouterr()
    assert main([game, "replay", "--json", str(log)]) == 0
    doc = json.loads(capsys.readouterr().out)
    players = doc["players"] if game == "village" else doc["state"]["players"]
    assert [p["name"] for p in players] == [joined, "Zo\u00eb"]


def test_a_village_coin_flips_card_must_be_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "v.jsonl"
    assert main(["village", "do", str(log), '{"event": "start", "players": ["A", "B"], "seed": 1}']) == 0
    lines = log.read_text(encoding="utf-8")
    for card in ("7", '{"x": [1, 2]}', "[\"Quicksand\"]"):
        assert main(["village", "do", str(log), f'{{"event": "flip", "card": {card}}}']) == 2
        assert "card must be text (the card the coin is flipped for)" in capsys.readouterr().err
    assert log.read_text(encoding="utf-8") == lines
    assert main(["village", "do", str(log), '{"event": "flip", "card": "Quicksand"}']) == 0
    assert "coin flip for Quicksand" in capsys.readouterr().out


@pytest.mark.parametrize("seed", ["s" * 101, "a\nb"])
@pytest.mark.parametrize("command", [["mousecard", "new", "{log}"],
                                     ["mystics", "new", "{log}", "--mice", "collin,filch"]])
def test_every_trackers_seed_is_a_word_on_one_line_of_at_most_100_characters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str, command: list[str]) -> None:
    log = tmp_path / "g.jsonl"
    assert main([c.replace("{log}", str(log)) for c in command] + ["--seed", seed]) == 2
    assert "a seed is a number or a word on one line of at most 100 characters" in capsys.readouterr().err
    assert not log.exists()
    assert main([c.replace("{log}", str(log)) for c in command] + ["--seed", "s" * 100]) == 0


def test_a_mouse_card_refusal_names_the_log_as_every_trackers_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "session-2.jsonl"
    assert main(["mousecard", "new", str(log), "--seed", "1"]) == 0
    assert main(["mousecard", "undo", str(log)]) == 0
    capsys.readouterr()
    assert main(["mousecard", "undo", str(log)]) == 2
    assert capsys.readouterr().err == f"companion: {log}: nothing to undo\n"
    assert main(["mousecard", "redo", str(log)]) == 0
    capsys.readouterr()
    assert main(["mousecard", "redo", str(log), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"] == f"{log}: nothing to redo"


@pytest.mark.parametrize(("game", "start", "action", "refusal"), [
    ("village", '{"event": "start", "players": ["A", "B"], "seed": 1}', '{"event": "draw"}',
     "draw not allowed: the game has not started (its start was undone)"),
    ("tmnt", '{"event": "start", "players": ["A", "B"], "seed": 1}', '{"event": "next"}',
     "next: no game yet (its start was undone)"),
])
def test_an_action_after_the_start_was_undone_says_so_and_offers_the_redo(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, start: str, action: str,
        refusal: str) -> None:
    log = tmp_path / "g.jsonl"
    assert main([game, "do", str(log), start]) == 0
    assert main([game, "do", str(log), "undo"]) == 0
    lines = log.read_bytes()
    capsys.readouterr()
    assert main([game, "do", str(log), action]) == 2
    err = capsys.readouterr().err
    assert refusal in err and "Redo the undone start to go on with the game" in err
    assert log.read_bytes() == lines
    empty = tmp_path / "e.jsonl"  # nothing ever started there: the rule's own words, no redo offered
    assert main([game, "do", str(empty), action]) == 2
    assert "Redo" not in capsys.readouterr().err
