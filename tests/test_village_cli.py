"""``companion village battle|replay|do``: output, JSON and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cards import DATA_DIR
from companion.cli import main

HAS_DATA = (DATA_DIR / "village" / "demo.json").exists()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_battle_json_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "battle", "--attack", "Acorn:3>Berry:2", "--attack", "Bee:2>Wasp:2",
                       "--attack", "Ant:1>Oak:4", "--attack", "Fly:2", "--mp", "10", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["legal"]
    assert [o["result"] for o in doc["outcomes"]] == ["attacker-wins", "both-destroyed", "blocked", "direct"]
    assert doc["mp_damage"] == 2 and doc["mp_after"] == 8
    assert any("house interpretation" in n["message"] for n in doc["notes"])


def test_battle_illegal_exit_1_with_every_problem(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "battle", "--attack", "A:3>B:2", "--attack", "A:3>B:2",
                       "--first-turn", "--json")
    doc = json.loads(out)
    assert code == 1 and not doc["legal"]
    assert {p["rule"] for p in doc["problems"]} == {"no-first-turn-attack", "attacks-once", "defends-once"}


def test_battle_direct_damage_parameter_and_bad_specs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "battle", "--attack", "A:5", "--direct-damage", "1", "--json")
    assert code == 0 and json.loads(out)["mp_damage"] == 1
    code, _, err = run(capsys, "village", "battle", "--attack", "A:3", "--attack", "A:4")
    assert code == 2 and "different numbers" in err
    code, _, err = run(capsys, "village", "battle", "--attack", ":3")
    assert code == 2 and "--attack 1" in err


@pytest.mark.skipif(not HAS_DATA, reason="bundled village card data not present")
def test_battle_with_card_names_from_bundled_data(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "battle", "--attack", "Cheddar Knight>Thistle Guard", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["outcomes"][0]["atk"] == 5 and doc["outcomes"][0]["def"] == 2
    code, _, err = run(capsys, "village", "battle", "--attack", "Cheddar Knigt")
    assert code == 2 and "Cheddar Knight" in err
    code, _, err = run(capsys, "village", "battle", "--attack", "Apple")
    assert code == 2 and "not a mouse" in err


def test_do_and_replay_a_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    code, out, _ = run(capsys, "village", "do", str(log), '{"event": "start", "players": ["Ann", "Bob"]}',
                       '{"event": "draw"}', '{"event": "play_basic", "name": "Acorn", "atk": 1, "def": 1}')
    assert code == 0 and "Ann plays Acorn #1" in out
    code, _, err = run(capsys, "village", "do", str(log), '{"event": "attack", "attacks": []}')
    assert code == 2 and "first turn" in err
    code, out, _ = run(capsys, "village", "do", str(log), "undo")
    assert code == 0 and "Undo done." in out
    code, out, _ = run(capsys, "village", "replay", str(log), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["players"][0]["deck"] == 52 and doc["players"][0]["field"] == []
    assert doc["problems"] == [] and doc["checklist"][5]["status"] == "unavailable"
    with log.open("a") as fh:
        fh.write("{oops\n")
    code, out, err = run(capsys, "village", "replay", str(log))
    assert code == 1 and "line" in err and "Ann: 30 MP" in out


def test_replay_and_do_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "village", "replay", str(tmp_path / "none.jsonl"))
    assert code == 2 and "no such log" in err
    code, _, err = run(capsys, "village", "do", str(tmp_path / "g.jsonl"), "{not json")
    assert code == 2 and "not valid JSON" in err
    code, _, err = run(capsys, "village", "do", str(tmp_path / "g.jsonl"), '"draw"')
    assert code == 2 and "JSON object" in err
    code, _, err = run(capsys, "village", "do", str(tmp_path / "g.jsonl"), '{"event": "draw"}')
    assert code == 2 and "not started" in err
