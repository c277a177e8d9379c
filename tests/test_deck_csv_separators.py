"""One CSV separator sniffer for card sheets and decklists (:func:`companion.textio.csv_separator`):
Excel's ``sep=`` line is honoured by both, a decklist still needs its header's column names (or rows
of a count and a card), a sheet takes the first separator its header holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cardcsv import import_csv
from companion.cards import load_game
from companion.deck.decklist import DecklistError, looks_like_csv, parse

from .test_deck_cli import run


@pytest.mark.parametrize("text", [
    "sep=;\ncount;card\n3;Acorn Scout\n2;Apple\n",
    "sep=;\n3;Acorn Scout\nApple;2\n",
    '"sep=;";\r\nQty;Name\r\n3;Acorn Scout\r\n2;"Apple"\r\n',
    "# saved by Excel\nSEP=;;\ncard;count\nAcorn Scout;3\nApple;2\n",
])
def test_a_decklist_with_a_sep_line_is_read_as_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   text: str) -> None:
    deck = tmp_path / "deck.csv"
    deck.write_bytes(text.encode("utf-8"))
    code, out, err = run(capsys, "deck", "stats", "village", str(deck), "--json")
    assert code == 0, err
    assert json.loads(out)["card_count"] == 5
    code, out, err = run(capsys, "deck", "export", "village", str(deck))
    assert (code, out) == (0, "Name: deck\n3 Acorn Scout\n2 Apple\n"), err


def test_a_sep_line_s_rows_keep_their_line_numbers() -> None:
    db = load_game("village")
    with pytest.raises(DecklistError) as caught:
        parse("sep=;\ncount;card\n3;Acorn Scot\n", db, where="deck.csv")
    (issue,) = caught.value.issues
    assert issue.line == 3 and "Did you mean 'Acorn Scout'" in caught.value.render()


@pytest.mark.parametrize("text", ["sep=\t\ncount\tcard\n3\tAcorn Scout\n2\tApple\n",
                                  "sep=\t\n3\tAcorn Scout\nApple\t2\n",
                                  "3\tAcorn Scout\n2\tApple\n", "count\tcard\n3\tAcorn Scout\n2\tApple\n"])
def test_a_tab_separated_decklist_is_read(text: str) -> None:
    deck = parse(text, load_game("village"))
    assert [(e.card.name, e.count) for e in deck.entries] == [("Acorn Scout", 3), ("Apple", 2)]


def test_a_decklist_needs_its_columns_named_or_rows_of_a_count_and_a_card() -> None:
    assert looks_like_csv("name;notes\nAcorn Scout;mine\n")  # a header without a count column: said so
    assert not looks_like_csv("3 Acorn Scout\n2 Apple\n")
    assert looks_like_csv("name;qty\nAcorn Scout;3\n")


def test_the_sniffer() -> None:
    from companion.textio import csv_separator

    assert csv_separator(["sep=|"]) == ("|", True)
    assert csv_separator(['"sep=\t"\r\n']) == ("\t", True)
    assert csv_separator(["id;name,type"]) == (",", False)  # a sheet: the first its header holds
    assert csv_separator(["id\tname;type"]) == ("\t", False)
    assert csv_separator(["id name"]) == (None, False) and csv_separator([]) == (None, False)
    header = {"a", "b"}.issubset
    assert csv_separator(["x,y;a;b", "1"], header=lambda cells: header(set(cells))) == (";", False)
    assert csv_separator(["x;y", "1;2"], header=lambda _cells: False) == (";", False)
    assert csv_separator(["x;y", "1;2"], header=lambda _cells: False, row=lambda line: "x" in line) \
        == (None, False)


def test_a_card_sheet_still_honours_a_sep_line_and_its_header_s_separator() -> None:
    for sheet in ("sep=;\nname;type;source\nPip;fruit;me\n", "name\ttype\tsource\nPip;Pop\tfruit\tme\n"):
        doc = import_csv("village", sheet, file="x.csv")
        assert [c["type"] for c in doc["cards"]] == ["fruit"]
