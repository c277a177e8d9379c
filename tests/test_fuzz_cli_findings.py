"""Regressions for the internal errors (exit 3) a fuzzing run of the command line found with hostile
input: each is now the user's error (exit 2, a message naming where, what was expected and what was
found), or is read as it should be; nothing is written when an action is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import run_cli as run

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "tests" / "data" / "logs"
VILLAGE_DECK = str(ROOT / "data" / "decks" / "village-demo-legal.txt")
TMNT_DECK = str(ROOT / "data" / "decks" / "tmnt-demo-legal.txt")
BIG = "9" * 5000  # more digits than int() reads




def _copy(tmp_path: Path, name: str) -> Path:
    log = tmp_path / f"{name}.jsonl"
    log.write_bytes((LOGS / f"{name}.jsonl").read_bytes())
    return log


# -- a lone surrogate (a JSON "\ud800" without its other half; a command-line word that is not UTF-8) --

@pytest.mark.parametrize(("tracker", "event"), [
    ("village", '{"event": "flip", "card": "Quicksand", "x": {"y": "\\ud800"}}'),
    ("village", '{"event": "mp", "player": 0, "delta": 1, "\\udc80x": 1}'),
    ("tmnt", '{"event": "correct", "player": 0, "hand": 3, "reason": "\\ud800"}'),
    ("mystics", '{"event": "note", "text": "a\\ud800"}'),
])
def test_do_refuses_a_lone_surrogate(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     tracker: str, event: str) -> None:
    log = _copy(tmp_path, tracker)
    before = log.read_bytes()
    code, _out, err = run(capsys, tracker, "do", str(log), event)
    assert code == 2, err
    assert "internal error" not in err
    assert "lone surrogate" in err and "expected text of whole characters" in err
    assert log.read_bytes() == before  # nothing written


def test_do_json_says_a_lone_surrogate_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _copy(tmp_path, "village")
    code, out, _err = run(capsys, "village", "do", str(log), "--json", '{"event": "flip", "card": "\\udfff"}')
    assert code == 2
    doc = json.loads(out)
    assert "/card" in doc["error"] and "lone surrogate" in doc["error"]


@pytest.mark.parametrize("tracker", ["village", "tmnt"])
def test_start_with_a_lone_surrogate_seed_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      tracker: str) -> None:
    log = tmp_path / "new.jsonl"
    code, _out, err = run(capsys, tracker, "do", str(log), '{"event": "start", "seed": "\\ud800"}')
    assert code == 2, err
    assert "/seed" in err and "lone surrogate" in err
    assert not log.exists()


@pytest.mark.parametrize("argv", [
    ["mousecard", "new", "{log}", "--seed", "x\udcff"],
    ["mousecard", "new", "{log}", "--title", "x\udcff"],
    ["mystics", "new", "{log}", "--mice", "collin,filch", "--seed", "x\udcff"],
])
def test_new_with_a_word_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          argv: list[str]) -> None:
    log = tmp_path / "new.jsonl"
    code, _out, err = run(capsys, *[a.replace("{log}", str(log)) for a in argv])
    assert code == 2, err
    assert "lone surrogate" in err
    assert not log.exists()


def test_mousecard_award_a_name_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _copy(tmp_path, "mousecard")
    before = log.read_bytes()
    code, _out, err = run(capsys, "mousecard", "award", str(log), "\udced\udca0\udc80")
    assert code == 2, err
    assert "/player" in err and "lone surrogate" in err
    assert log.read_bytes() == before


@pytest.mark.parametrize(("tracker", "lines"), [
    ("village", ['{"event": "start", "seed": "\\ud800"}', '{"event": "draw"}',
                 '{"event": "flip", "card": "x"}']),
    ("tmnt", ['{"event": "start", "seed": "\\ud800"}']),
    ("mousecard", ['{"event": "start", "seed": "\\ud800"}',
                   '{"event": "draw", "character": "Pip", "skill": 3, "target": "8"}']),
])
def test_replay_of_a_log_with_a_lone_surrogate_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     tracker: str, lines: list[str]) -> None:
    """A hand-made log's seed with half a character still seeds (a replay is exact); it was a crash."""
    log = tmp_path / "hand.jsonl"
    header = json.dumps({"event": "log", "tracker": tracker})
    log.write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
    code, out, err = run(capsys, tracker, "replay", str(log))
    assert code == 0, err
    assert "internal error" not in err
    again = run(capsys, tracker, "replay", str(log))
    assert again[1] == out  # the same draws


def test_event_rng_draws_as_before() -> None:
    """Seeding with the text's UTF-8 bytes gives the draws seeding with the text gave (logs replay alike)."""
    import random

    from companion.eventlog import event_rng

    for seed in (7, "word", "é💥", -5, 2**80):
        old = random.Random(":".join(str(k) for k in (seed, "flip", 1, 0)))
        assert event_rng(seed, "flip", 1, 0).random() == old.random()
    assert 0 <= event_rng("\ud800", "coin").random() < 1


# -- an event nested deeper than a log line is read back --

def test_do_refuses_an_event_nested_too_deeply(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _copy(tmp_path, "village")
    before = log.read_bytes()
    deep = "[" * 80 + "]" * 80
    code, _out, err = run(capsys, "village", "do", str(log),
                         f'{{"event": "mp", "player": 0, "delta": 1, "zz": {deep}}}')
    assert code == 2, err
    assert "nested too deeply" in err and "at most 64 levels" in err
    assert log.read_bytes() == before
    assert run(capsys, "village", "replay", str(log))[0] == 0


# -- an option given "--" as its value (--title=--): argparse gave it an empty list --

@pytest.mark.parametrize(("argv", "said"), [
    (["village", "battle", "--attack=--"], "unknown Village TCG card '--'"),
    (["tmnt", "attack", "--character=--"], "unknown TMNT TCG card '--'"),
    (["print", "cards", "village", "--size=--", "--out", "{tmp}/x.pdf"], "unknown card size '--'"),
    (["mousecard", "award", "{log}", "", "--character=--"], "'--'"),
])
def test_an_option_whose_value_is_two_dashes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             argv: list[str], said: str) -> None:
    log = _copy(tmp_path, "mousecard")
    given = [a.replace("{tmp}", str(tmp_path)).replace("{log}", str(log)) for a in argv]
    code, _out, err = run(capsys, *given)
    assert code == 2, err
    assert "internal error" not in err
    assert said in err


def test_a_title_of_two_dashes_is_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    assert run(capsys, "mousecard", "new", str(log), "--seed", "1", "--title=--")[0] == 0
    assert '"title": "--"' in log.read_text(encoding="utf-8")


# -- numbers of thousands of digits --

def test_odds_target_of_thousands_of_digits(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "odds", "mousecard", "--skill", "3", "--target", BIG)
    assert code == 2, err
    assert "not a rank" in err and "…" in err and len(err) < 400


@pytest.mark.parametrize("option", ["--empty-zones", "--face-up"])
def test_tmnt_zones_of_thousands_of_digits(capsys: pytest.CaptureFixture[str], option: str) -> None:
    code, _out, err = run(capsys, "tmnt", "attack", "--character", "wind:3", option, BIG)
    assert code == 2, err
    assert f"{option}:" in err and "out of range" in err and "5000 digits" in err


def test_validate_a_field_named_by_thousands_of_digits(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "cards.json"
    f.write_text(json.dumps({"game": "village", "set": "x", "source": "x", "cards": [
        {"id": "a", "name": "A", "type": "fruit", "source": "x", BIG: 1, "12": 2}]}), encoding="utf-8")
    code, out, err = run(capsys, "validate", str(f))
    assert code == 1, err
    assert "unknown field '12'" in out and "internal error" not in err


# -- a NUL character in a command-line word (only main(argv) can pass one) --

@pytest.mark.parametrize("argv", [
    ["print", "cards", "village", "--deck", VILLAGE_DECK, "--out", "{tmp}/o.pdf", "--layout-json=\0"],
    ["print", "cards", "village", "--deck", VILLAGE_DECK, "--out", "{tmp}/o\0.pdf"],
    ["cards", "export", "village", "-o", "{tmp}/o\0.csv"],
    ["deck", "stats", "tmnt", TMNT_DECK, "--plot={tmp}/p\0"],
    ["mousecard", "new", "{tmp}/\0"],
    ["mystics", "new", "{tmp}/a\0b", "--mice", "collin,filch"],
])
def test_a_nul_in_a_word_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    argv: list[str]) -> None:
    code, _out, err = run(capsys, *[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert code == 2, err
    assert "NUL character" in err and "\\0" in err
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_nul_in_a_word_with_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "mystics", "new", str(tmp_path / "a\0b"), "--mice", "collin", "--json")
    assert code == 2
    doc = json.loads(out)
    assert doc["game"] == "mystics" and "argument 3" in doc["error"] and "NUL" in doc["error"]


def test_staged_write_refuses_a_nul_path(tmp_path: Path) -> None:
    from companion.errors import CompanionError
    from companion.textio import write_text_atomic

    with pytest.raises(CompanionError, match="NUL character"):
        write_text_atomic(str(tmp_path / "a\0b"), "x")
    assert list(tmp_path.iterdir()) == []
