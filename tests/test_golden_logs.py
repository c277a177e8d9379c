"""Golden logs: a log a user saved with an older version must replay exactly as it did then.

``tests/data/logs/`` holds, for each tracker (Village, TMNT, the Mouse Card live deck, Mice and
Mystics), a representative log written through the command line by ``make_golden.py``, with the
standard output its text replay and its ``--json`` replay gave when it was written.

A FAILING TEST HERE MEANS AN OLD LOG NO LONGER REPLAYS AS IT DID: a user's saved game would now
show another table, or not load at all. Fix the code, so that the old log replays as before. If the
change is intended (a message reworded, a field added to the JSON), write that fixture's expected
output again from its committed log (``make_golden.py --expectations NAME``) and say in the commit
why the old log now shows differently; a fixture's log itself is never rewritten. A new event kind
or field gets a NEW fixture (a new entry in ``make_golden.py``'s ``FIXTURES``, under a new name).

Paths: each log is copied to the test's own temporary folder and replayed there under the same
relative name it was written under (``<name>.jsonl``, the current directory being that folder), so
the one path a replay prints (the Mice and Mystics dashboard names its log in a hint) is the same
as when the expectations were written, and nothing is ever written next to the fixtures.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.cli import main

LOGS = Path(__file__).resolve().parent / "data" / "logs"
#: The four trackers, each of which must have its golden log (the fixture named after the game).
GAMES = ("village", "tmnt", "mousecard", "mystics")
#: Every fixture: ``<name>.jsonl`` next to its ``<name>.replay.txt`` and ``<name>.replay.json``;
#: a fixture's game is its name up to the first '-' (``village``, ``village-twice``).
FIXTURES = sorted(p.name.removesuffix(".jsonl") for p in LOGS.glob("*.jsonl"))


def _game(name: str) -> str:
    return name.split("-", 1)[0]


def _replay(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
            capsys: pytest.CaptureFixture[str], *options: str) -> str:
    """Replay a copy of the fixture ``name`` from ``tmp_path`` (the current directory) under its
    relative name; check that it exits 0, that nothing was written or changed, and return its
    standard output."""
    fixture = LOGS / f"{name}.jsonl"
    before = fixture.read_bytes()
    log = tmp_path / fixture.name
    shutil.copyfile(fixture, log)
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()  # (nothing before the replay)
    code = main([_game(name), "replay", *options, fixture.name])
    out, err = capsys.readouterr()
    assert code == 0, f"companion {_game(name)} replay {' '.join(options)} {fixture.name}: exit {code}\n{err}"
    assert fixture.read_bytes() == before, "the committed fixture changed"
    assert log.read_bytes() == before, "a replay changed the log it read"
    assert sorted(p.name for p in tmp_path.iterdir()) == [fixture.name], "a replay wrote a file"
    return out


def test_every_game_has_a_golden_log() -> None:
    for game in GAMES:
        for suffix in (".jsonl", ".replay.txt", ".replay.json"):
            assert (LOGS / f"{game}{suffix}").is_file(), f"{game}{suffix} is missing"
    assert {_game(name) for name in FIXTURES} <= set(GAMES), FIXTURES


@pytest.mark.parametrize("name", FIXTURES)
def test_golden_log_begins_with_its_header(name: str) -> None:
    first = json.loads((LOGS / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()[0])
    first.pop("seq", None)  # (each line's number in the log, in the fixtures written since it was)
    assert first == {"event": "log", "tracker": _game(name)}


@pytest.mark.parametrize("name", FIXTURES)
def test_golden_log_replays_as_text(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    expected = (LOGS / f"{name}.replay.txt").read_bytes().decode("utf-8")
    assert _replay(name, tmp_path, monkeypatch, capsys) == expected


@pytest.mark.parametrize("name", FIXTURES)
def test_golden_log_replays_as_json(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    expected = json.loads((LOGS / f"{name}.replay.json").read_bytes().decode("utf-8"))
    assert json.loads(_replay(name, tmp_path, monkeypatch, capsys, "--json")) == expected
