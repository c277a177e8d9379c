"""Mouse Card rules audit 7: every verdict the live deck shows cites the rule book, not only the
draw just made: an undo or a redo of a draw (or of a bonus on one) says the sections of that draw,
as the action did; replay's history and the page's history cite the sections their draws were
resolved by, once (the draws' own cites stay in ``replay --json``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.mousecard.live import DRAW_CITES, LIVE_CITES, cites_text, open_live_deck, session_cites
from companion.views.mousecard import MouseCardPage

BASE = cites_text(DRAW_CITES)  # every draw: Task checks; How to draw cards


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def _session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A session: a fate chip awarded to Pip, then Pip's draw stopped at a bad card (a typed 2 of
    hearts, bad in combat at Aged 1)."""
    log = str(tmp_path / "s.jsonl")
    _cli(capsys, "mousecard", "new", log, "--seed", "8")
    _cli(capsys, "mousecard", "award", log, "Pip")
    _cli(capsys, "mousecard", "draw", log, "--character", "Pip", "--skill", "3", "--target", "J",
         "--situation", "combat", "--aged", "1", "--cards", "2H")
    return log


def test_undo_and_redo_of_a_draw_or_its_bonus_cite_that_draw(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    log = _session(tmp_path, capsys)
    out = _cli(capsys, "mousecard", "undo", log)  # the draw taken back: its sections, as it stood
    assert out.startswith("Undone: #1 Pip") and out.splitlines()[1] == f"  ({BASE})"
    out = _cli(capsys, "mousecard", "redo", log)
    assert out.startswith("Redone: #1 Pip") and out.splitlines()[1] == f"  ({BASE})"
    _cli(capsys, "mousecard", "bonus", log, "Pip", "--source", "chip", "--use", "cancel")
    with_chip = cites_text((*DRAW_CITES, LIVE_CITES["chip"]))
    out = _cli(capsys, "mousecard", "undo", log)  # the draw as the bonus had left it: a chip spent
    assert out.startswith("Undone: Pip spends a fate chip") and out.splitlines()[1] == f"  ({with_chip})"
    out = _cli(capsys, "mousecard", "redo", log)
    assert out.startswith("Redone: Pip spends a fate chip") and out.splitlines()[1] == f"  ({with_chip})"


def test_undo_and_redo_of_other_actions_cite_nothing(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    log = _session(tmp_path, capsys)
    _cli(capsys, "mousecard", "award", log, "Tam")
    assert _cli(capsys, "mousecard", "undo", log).splitlines() == [
        "Undone: Tam receives 1 fate chip (Tam back to 0 fate chips)."]
    assert len(_cli(capsys, "mousecard", "redo", log).splitlines()) == 1


def test_replay_cites_the_sections_its_draws_were_resolved_by_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "e.jsonl")
    _cli(capsys, "mousecard", "new", log, "--seed", "8")
    assert "resolved by" not in _cli(capsys, "mousecard", "replay", log)  # no draw, nothing to cite
    log = _session(tmp_path, capsys)
    _cli(capsys, "mousecard", "draw", log, "--character", "Tam", "--skill", "2", "--target", "J",
         "--cards", "KS, QS, 3C")  # a king's card: its section too, after the chip's (the book's order)
    _cli(capsys, "mousecard", "bonus", log, "Pip", "--source", "chip", "--use", "cancel")
    lines = _cli(capsys, "mousecard", "replay", log).splitlines()
    expected = cites_text((*DRAW_CITES, LIVE_CITES["king"], LIVE_CITES["chip"]))
    assert lines[-1] == f"  (draws resolved by {expected})"
    assert sum("resolved by" in line for line in lines) == 1
    assert session_cites(open_live_deck(log, read_only=True).state) == (
        *DRAW_CITES, LIVE_CITES["king"], LIVE_CITES["chip"])


def test_the_pages_history_cites_its_draws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _session(tmp_path, capsys)
    page = MouseCardPage(Path(log), plot=False, settle=None)
    assert f"Draws resolved by {BASE}" in page.history.value
    page.undo_button.click()  # the draw taken back: no draw left, nothing cited
    assert "resolved by" not in page.history.value
