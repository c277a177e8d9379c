"""A sheet whose id a broken card file of yours holds says that file is left out and to fix it first (not
the ``replaces`` advice, which would change a card that does not load), on the Cards page and with ``cards
import``; a CSV decklist's extra column is said to be kept in the file, as the deck builder's − and + and a
save keep it. Each test failed before its change, but the two that pin the ``replaces`` advice where it is
still right (an id a card that loads holds)."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cardcsv import CsvImportError, import_csv
from companion.cards import load_game
from companion.deck.decklist import parse
from companion.deck.listtext import bump_csv, file_text
from companion.views.cards import CardBrowserView
from tests.helpers import run_cli as run

SHEET = "name,type,atk,def,source\nBrave Mouse,basic-mouse,3,2,mine\n"
#: a card file of yours holding the sheet's id, with a field no card has: it does not load
BROKEN = {"game": "village", "set": "Old", "cards": [
    {"id": "brave-mouse", "name": "Brave Mouse", "type": "basic-mouse", "atk": 3, "def": 2, "source": "me",
     "bogus": 1}]}
GOOD = {"game": "village", "set": "Old", "cards": [
    {"id": "brave-mouse", "name": "Brave Mouse", "type": "basic-mouse", "atk": 3, "def": 2, "source": "me"}]}


def _text(value: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", value))).strip()


def _mine(folder: Path, doc: dict[str, object], name: str = "old.json") -> Path:
    path = folder / "village" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


# -- 1. an id held by a broken card file of yours ------------------------------------------------------


def test_an_id_held_by_a_broken_file_of_yours_names_that_file_not_the_replaces_advice(
        _isolated_user_data: Path) -> None:
    broken = _mine(_isolated_user_data, BROKEN)
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", SHEET, file="mine.csv")
    (problem,) = caught.value.problems
    assert problem.startswith("row 2, field 'id' (no such column): duplicate id 'brave-mouse': held by "
                              f"{broken} /cards/0, a card file of yours that does not load and is left out "
                              "(its cards are not shown)")
    assert (f"Fix old.json first (`companion validate {broken}` lists its problems), or give this card "
            "another id.") in problem
    assert "replaces" not in problem


def test_an_id_held_by_a_file_of_yours_that_loads_still_advises_replaces(_isolated_user_data: Path) -> None:
    _mine(_isolated_user_data, GOOD)
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", SHEET, file="mine.csv")
    (problem,) = caught.value.problems
    assert "already used at" in problem and 'give this record "replaces": "brave-mouse"' in problem
    assert "left out" not in problem


def test_an_id_a_card_that_loads_holds_too_keeps_the_replaces_advice(_isolated_user_data: Path) -> None:
    _mine(_isolated_user_data, BROKEN, "a-old.json")  # (first: the id's first card is the broken file's)
    _mine(_isolated_user_data, GOOD, "b-good.json")
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", SHEET, file="mine.csv")
    (problem,) = caught.value.problems
    assert "left out" not in problem and "replaces" in problem


def test_cards_import_says_the_broken_file_holds_the_id(_isolated_user_data: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    _mine(_isolated_user_data, BROKEN)
    sheet, out = tmp_path / "mine.csv", tmp_path / "out.json"
    sheet.write_text(SHEET, encoding="utf-8")
    code, _, err = run(capsys, "cards", "import", "village", str(sheet), "-o", str(out))
    assert code == 1 and not out.exists()
    assert "old.json /cards/0, a card file of yours that does not load and is left out" in err
    assert "Fix old.json first" in err and "replaces" not in err


def test_the_cards_page_says_the_broken_file_holds_the_id(_isolated_user_data: Path) -> None:
    _mine(_isolated_user_data, BROKEN)
    view = CardBrowserView("village")
    raw = SHEET.encode()
    view.upload.value = ({"name": "mine.csv", "type": "text/csv", "size": len(raw),
                          "content": memoryview(raw), "last_modified": datetime(2026, 1, 1, tzinfo=UTC)},)
    said = _text(view.report.value)
    assert "a card file of yours that does not load and is left out" in said and "Fix old.json first" in said
    assert "replaces" not in said and view.add_button.layout.display == "none"


# -- 2. a CSV decklist's extra column is kept in the file ---------------------------------------------

LIST = "qty,name,note\n3,Apple,fav\n2,Acorn Scout,\n"


def test_a_csv_decklists_extra_column_is_said_to_stay_in_the_file(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    db = load_game("village")
    deck = parse(LIST, db)
    assert [(e.card.name, e.count) for e in deck.entries] == [("Apple", 3), ("Acorn Scout", 2)]  # as ever
    said = ("line 1: the column 'note' is not read (a decklist takes a count and a card): its cells are no "
            "part of the deck, and stay in the file as they are")
    assert deck.warnings == (said,)
    # what it says is so: − and + and a save keep the cell
    bumped = bump_csv(LIST, db, db.find("Apple"), 1)
    assert "4,Apple,fav" in bumped
    assert file_text(bumped, parse(bumped, db), "", "mine.csv", db) == bumped
    f = tmp_path / "d.csv"
    f.write_text(LIST, encoding="utf-8")
    _code, out, err = run(capsys, "deck", "check", "village", str(f), "--json")
    assert json.loads(out)["warnings"] == [f"{f} {said}"] and "ignored" not in err
