"""'mousecard award' and 'spend' name the player as PLAYER or, as 'draw' names a character, --character."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.mousecard.live import open_live_deck
from tests.helpers import run_cli as _cli


@pytest.fixture
def log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "s.jsonl")
    assert _cli(capsys, "mousecard", "new", path, "--seed", "3")[0] == 0
    return path


def _chips(log: str) -> dict[str, int]:
    return {k.casefold(): v for k, v in open_live_deck(log).state.chips}


@pytest.mark.parametrize("who", [["Pip"], ["--character", "Pip"], ["--player", "Pip"],
                                 ["pip", "--character", "PIP"]])
def test_award_then_spend_name_the_player_either_way(log: str, who: list[str],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(capsys, "mousecard", "award", log, *who, "--chips", "3", "--json")
    assert code == 0 and "3 fate chips" in json.loads(out)["line"]
    assert _cli(capsys, "mousecard", "spend", log, *who, "--chips", "2")[0] == 0
    assert _chips(log) == {"pip": 1}


def test_no_player_is_a_usage_error_with_an_example(log: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = Path(log).read_text()
    code, _, err = _cli(capsys, "mousecard", "award", log, "--chips", "2")
    assert code == 2
    assert "needs the player's name" in err and f"companion mousecard award {log} Pip --chips 2" in err
    assert Path(log).read_text() == before  # nothing written


def test_two_different_players_are_refused(log: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = Path(log).read_text()
    code, _, err = _cli(capsys, "mousecard", "spend", log, "Pip", "--player", "Bob")
    assert code == 2 and "two players named: 'Pip' (PLAYER) and 'Bob'" in err
    assert Path(log).read_text() == before
