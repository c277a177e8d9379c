"""Card import and correction, each thing done once (review mends): ``cards correct`` of a card in a card
file of yours left out reads your card files once, and names that file in the words import uses; one test
says whether a row is a card sheet's header."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion import cards
from companion.cardcsv import CsvImportError, import_csv
from companion.validation import _is_sheet_header, _looks_like_sheet, sheet_games
from tests.helpers import run_cli as run


def _broken_file(folder: Path) -> Path:
    """A card file of yours that does not load (one card twice), holding the card 'Pip'."""
    broken = folder / "village" / "broken.json"
    broken.parent.mkdir(parents=True)
    card = {"id": "pip", "name": "Pip", "type": "fruit", "source": "me"}
    broken.write_text(json.dumps({"game": "village", "set": "x", "cards": [card, card]}), encoding="utf-8")
    return broken


def test_cards_correct_of_a_card_left_out_reads_your_card_files_once(
        _isolated_user_data: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    broken = _broken_file(_isolated_user_data)
    reads: list[str] = []
    real = cards._what_loads

    def counted(game: str, extra: Any) -> Any:
        reads.append(game)
        return real(game, extra)

    monkeypatch.setattr(cards, "_what_loads", counted)
    code, _, err = run(capsys, "cards", "correct", "village", "Pip", "text=hello")
    assert code == 2 and reads == ["village"]  # (the error path names the file from that one read)
    assert (f"It is a card of broken.json, a card file of yours that does not load and is left out: fix that "
            f"file first (`companion validate {broken}` lists its problems).") in " ".join(err.split())


def test_the_file_left_out_is_said_alike_by_cards_correct_and_by_import(
        _isolated_user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = _broken_file(_isolated_user_data)
    what, how = cards.left_out_file_words(str(broken))
    _code, _, err = run(capsys, "cards", "correct", "village", "Pip", "text=hello")
    assert f"{what}: fix that file first ({how})." in " ".join(err.split())
    with pytest.raises(CsvImportError) as refused:
        import_csv("village", "id,name,type,source\npip,Pip,fruit,me\n", file="mine.csv")
    (problem,) = refused.value.problems
    assert f"{what} (its cards are not shown)" in problem
    assert f"({how}), or give this card another id" in problem


@pytest.mark.parametrize("cells", [[" Name ", "TYPE\t", "atk"], ["name", "type"], ["\u00a0name", " type"]])
def test_a_header_with_spaces_around_its_names_is_a_header(cells: list[str]) -> None:
    assert _is_sheet_header(cells)


@pytest.mark.parametrize("text", [" name , type ,atk,def,source\nPip,basic-mouse,1,1,me\n",
                                  '" Name ";" Type ";atk\nPip;basic-mouse;1\n',
                                  "sep=;\n name ; type \nPip;basic-mouse\n"])
def test_a_spaced_header_is_a_sheet_to_both_readers(text: str) -> None:
    """(Both read the header's cells through the one test: a sheet saved as .json is told to be a sheet,
    and its game is told from the same header.)"""
    assert _looks_like_sheet(text) and sheet_games(text) == ["village"]


def test_a_row_without_name_and_type_is_no_header() -> None:
    assert not _is_sheet_header(["name", "kind"]) and not _is_sheet_header([])
    assert not _looks_like_sheet("name,kind\nPip,fruit\n")
