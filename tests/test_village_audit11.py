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
