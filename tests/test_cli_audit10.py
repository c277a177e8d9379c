"""CLI audit 10 (exploratory tests): standard output that fails after a command has written its log
(a full disk, ``> /dev/full``) says the action is saved, so that nobody runs it again and has it done
twice (a retried award gave a second chip, a retried draw dealt new cards); an option of one value
given twice is refused (the last one won without a word)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.mousecard.live import LiveDeckTracker

from .test_cli_audit import FullDisk


def _new_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    log = tmp_path / "deck.jsonl"
    assert main(["mousecard", "new", str(log), "--seed", "1"]) == 0
    capsys.readouterr()
    return log


@pytest.mark.parametrize("argv", [["mousecard", "award", "{log}", "Zed"],
                                  ["mousecard", "draw", "{log}", "--character", "Pip", "--skill", "2",
                                   "--target", "J"],
                                  ["village", "do", "{other}", '{"event": "start", "players": ["A", "B"]}']])
def test_an_action_saved_before_its_output_failed_says_so(argv: list[str], tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    log, other = _new_session(tmp_path, capsys), tmp_path / "village.jsonl"
    lines = log.read_text().count("\n")
    monkeypatch.setattr(sys, "stdout", FullDisk())
    code = main([a.replace("{log}", str(log)).replace("{other}", str(other)) for a in argv])
    err = capsys.readouterr().err
    written = other if "village" in argv else log
    assert code == 2, err
    assert err.startswith("companion: cannot write to standard output (no space left on device), but what "
                          f"the command did is saved: it wrote {written}"), err
    assert "Do not run it again" in err and "try again" not in err
    if written == log:  # the action is in the log, once
        assert log.read_text().count("\n") == lines + 1


def test_a_command_that_wrote_nothing_keeps_the_plain_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    log = _new_session(tmp_path, capsys)
    LiveDeckTracker(log)  # (reading a log writes nothing)
    monkeypatch.setattr(sys, "stdout", FullDisk())
    assert main(["mousecard", "replay", str(log)]) == 2
    err = capsys.readouterr().err
    assert "what the command did is saved" not in err and "try again" in err


@pytest.mark.parametrize("argv", [
    ["tmnt", "attack", "--character", "Mu:3", "--counter", "Mu:1", "--counter", "Mu:2"],
    ["odds", "mousecard", "--skill", "3", "--skill", "4", "--target", "J"],
])
def test_an_option_of_one_value_given_twice_is_refused(argv: list[str],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Exploratory test: the last value won without a word (one Counter card of two was dropped)."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "given twice" in err and "give it once" in err


def test_the_same_value_twice_is_harmless(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mousecard", "--skill", "3", "--skill", "3", "--target", "J", "--json"]) == 0
    assert '"p_success"' in capsys.readouterr().out
