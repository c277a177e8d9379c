"""What a new user ran into on a first read of the README: a choice typed in another case, a deck
export that said nothing, a missing score file called only "a file", a range said twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import run_cli as _cli

ROOT = Path(__file__).resolve().parent.parent
LEGAL = str(ROOT / "data" / "decks" / "village-demo-legal.txt")




@pytest.mark.parametrize("typed", ["Broke", "BROKE", " broke "])
def test_a_choice_takes_any_case(typed: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--mode", typed,
                        "--json")
    assert code == 0 and json.loads(out)["check"]["mode"] == "broke"


def test_a_choice_not_offered_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--mode", "Reckless")
    assert code == 2 and "invalid choice: 'reckless'" in err


def test_paper_in_capitals_prints(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_pdf = tmp_path / "x.pdf"
    code, _out, _ = _cli(capsys, "print", "sheet", "monarchs-score", "--paper", "LETTER",
                         "--out", str(out_pdf))
    assert code == 0 and out_pdf.read_bytes().startswith(b"%PDF")


def test_deck_export_to_a_file_says_what_it_wrote(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "d.json"
    code, out, _ = _cli(capsys, "deck", "export", "village", LEGAL, "-o", str(target))
    assert code == 0 and out == f"wrote 60 cards to {target} (as json)\n"
    assert json.loads(target.read_text())["game"] == "village"


def test_a_missing_score_file_is_called_a_score_file(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(capsys, "score", "monarchs", str(tmp_path / "nosuch.json"))
    assert code == 2 and "no such file (expected a score file)" in err


def test_an_out_of_range_skill_is_said_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _cli(capsys, "odds", "mousecard", "--skill", "-1", "--target", "J")
    assert code == 2 and err.strip() == "companion: --skill must be a whole number from 1 to 20, not -1"
