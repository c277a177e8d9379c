"""Card audit 2: the card browser's fields that do not apply (and pandas' ``<NA>``), a key given
twice in a card file, a trailing comma in JSON, and card names with stray spaces."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pandas as pd
import pytest

from companion import GAMES
from companion.views.cards import CardBrowserView, tile_html

# -- 1. the card browser: a field a card's type does not have is not "unknown" ---------------


def _tiles(view: CardBrowserView, search: str) -> str:
    """The tiles' lines under their names (type and numbers) of the cards a search finds."""
    view.search.value = search
    return " | ".join(part.split("</div>", 1)[0] for part in view.tiles.value.split("<div class='s'>")[1:])


def test_a_fruit_an_item_and_an_event_have_no_stats_to_call_unknown() -> None:
    """pandas 3's ``to_dict`` gives None for an empty cell: a Fruit card read "ATK unknown"."""
    view = CardBrowserView("village")
    for search, kind in (("apple", "Fruit"), ("needle", "Item")):  # (the type as the game names it)
        tiles = _tiles(view, search)
        assert tiles.startswith(kind) and "ATK" not in tiles and "DEF" not in tiles and "unknown" not in tiles
    mouse = _tiles(view, "acorn scout")
    assert "ATK 1" in mouse and "DEF 1" in mouse
    view.game_buttons.value = "tmnt"
    pizza = _tiles(view, "pizza")
    assert pizza.startswith("Event") and "Power" not in pizza and "unknown" not in pizza
    assert "Power " in _tiles(view, "leonardo")  # a Character card has Power


def test_the_table_never_shows_pandas_missing_value() -> None:
    view = CardBrowserView("village")
    for game in GAMES:
        view.game_buttons.value = game
        assert "&lt;NA&gt;" not in view.table.value and "<NA>" not in view.table.value, game
        assert ">nan<" not in view.table.value.replace(" ", ""), game
    view.game_buttons.value = "village"
    row = view.table.value.split("data-card='fruit-apple'>", 1)[1].split("</tr>", 1)[0]
    assert "unknown" not in row and "NA" not in row


def test_a_null_value_of_a_field_that_applies_stays_unknown(_isolated_user_data: Path) -> None:
    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir()
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "mystery-mouse", "name": "Mystery Mouse", "type": "basic-mouse", "atk": None, "def": 2,
         "unknown": ["atk"], "source": "me"}]}), encoding="utf-8")
    view = CardBrowserView("village")
    tile = _tiles(view, "mystery")
    assert "ATK unknown" in tile and "DEF 2" in tile
    assert "<td>unknown</td>" in view.table.value
    view.game_buttons.value = "mystics"
    assert "Life unknown" in _tiles(view, "brodie")  # an unknown official value of the bundled data


@pytest.mark.parametrize("empty", [None, pd.NA, math.nan], ids=["None", "NA", "NaN"])
def test_a_tile_reads_every_kind_of_empty_cell_the_same(empty: object) -> None:
    """pandas 2 gives ``NA`` for an empty integer cell, pandas 3 None; a float column NaN."""
    fruit = {"id": "f", "name": "Fig", "type": "fruit", "atk": empty, "def": empty, "source": "me"}
    assert "ATK" not in tile_html(fruit, "village") and "unknown" not in tile_html(fruit, "village")
    mouse = {"id": "m", "name": "Mo", "type": "basic-mouse", "atk": empty, "def": 3, "source": "me"}
    assert "ATK unknown · DEF 3" in tile_html(mouse, "village")
    assert "ATK — · DEF 3" in tile_html(mouse, "village", not_applicable={"atk"})
    event = {"id": "e", "name": "Ev", "type": "event", "power": empty, "text": empty, "source": "me"}
    assert "Power" not in tile_html(event, "tmnt") and "nan" not in tile_html(event, "tmnt")


def test_table_cells_blank_every_kind_of_empty_cell() -> None:
    from companion.views.cards import table_cells

    frame = pd.DataFrame({"id": ["a", "b", "c"], "atk": pd.array([1, None, None], dtype="Int64"),
                          "text": ["x", math.nan, None], "source": ["s", "s", "s"]})
    shown = table_cells(frame, unknown={("b", "atk")})
    assert shown["atk"].tolist() == [1, "unknown", ""] and shown["text"].tolist() == ["x", "", ""]
    assert "source" not in shown and "NA" not in shown.to_html()


# -- 2. a key given twice in a card file ----------------------------------------------------

TWICE = """{
  "game": "village",
  "set": "S",
  "cards": [
    {"id": "m2", "name": "M2", "type": "basic-mouse", "atk": 1, "def": 1,
     "abilities": [{"name": "Nibble", "fruit_cost": "1", "text": "x"}],
     "name": "M2b", "source": "me"},
    {"id": "f1", "name": "F", "type": "fruit", "source": "me"}
  ]
}
"""


def test_a_key_given_twice_has_its_pointer_and_line_and_hides_no_other_error(tmp_path: Path) -> None:
    from companion.validation import validate_bytes, validate_paths

    f = tmp_path / "n.json"
    f.write_text(TWICE, encoding="utf-8")
    for report in (validate_paths([f]), validate_bytes(TWICE.encode(), file=str(f))):
        twice, cost = report.errors
        assert (twice.pointer, twice.line, twice.card_id) == ("/cards/0/name", 7, "m2")
        assert twice.render() == (f"{f}:7 /cards/0/name (card 'm2'): the key 'name' is given twice in this "
                                  "card: only the last value (\"M2b\") would count. Give it once (keep the "
                                  "right value).")
        assert twice.to_json()["pointer"] == "/cards/0/name"
        assert cost.pointer == "/cards/0/abilities/0/fruit_cost" and cost.line == 6
        assert report.cards == 2 and report.summary() == "invalid: 1 file, 2 cards, 2 errors"


def test_a_loader_still_refuses_a_key_given_twice_saying_where(tmp_path: Path) -> None:
    from companion.cards import CardFileError, load_file
    from companion.validation import parse_document

    f = tmp_path / "n.json"
    f.write_text(TWICE, encoding="utf-8")
    with pytest.raises(CardFileError, match=r"n\.json:7 /cards/0/name \(card 'm2'\): the key 'name'"):
        load_file(f)
    doc, issue = parse_document(TWICE, file="n.json")
    assert doc is None and issue is not None and issue.pointer == "/cards/0/name"


def test_every_key_given_twice_is_found_by_its_pointer_and_only_those() -> None:
    from companion.validation import loads_noting_twice

    text = ('{"a/b": 1, "a/b": 2, "k": [{"x": 1}, {"x": {"y": 1, "y": 2}, "x": {"z": 1, "z": 0}}],'
            ' "c": {"q": 1}, "c": {"q": 2}, "c": 3}')
    doc, twice = loads_noting_twice(text)
    assert doc == {"a/b": 2, "k": [{"x": 1}, {"x": {"z": 0}}], "c": 3}
    # the first "x" (with its own "y" twice) is lost, as JSON loses it: the "x" twice is what is said
    assert twice == ["/a~1b", "/c", "/k/1/x", "/k/1/x/z"]
    assert loads_noting_twice('{"a": {"x": 1}, "b": {"x": 2}}') == ({"a": {"x": 1}, "b": {"x": 2}}, [])
    assert type(doc) is dict and type(doc["k"][1]) is dict  # plain objects: the validators test type()


# -- 3. a comma after the last item -----------------------------------------------------------

@pytest.mark.parametrize(("text", "at", "closing"), [
    ('{"game": "village", "set": "S", "cards": [\n  {"id": "a"},\n]}\n', "line 2, column 14", "]"),
    ('{"game": "village",\n "set": "S",\n}', "line 2, column 12", "}"),
    ('[1, 2 ,\t\r\n  ]', "line 1, column 7", "]"),
])
def test_a_comma_after_the_last_item_is_named(text: str, at: str, closing: str) -> None:
    from companion.validation import parse_document

    _, issue = parse_document(text, file="t.json")
    assert issue is not None and issue.message.startswith("is not valid JSON")
    assert issue.suggestion == (f"Remove the comma after the last item ({at}): JSON allows no comma before a "
                                f"closing '{closing}'.")


def test_other_syntax_errors_get_no_comma_hint(tmp_path: Path) -> None:
    from companion.validation import parse_document, validate_paths

    for text in ('{"a": 1 "b": 2}', '{"a": }', '[1, 2', '{"a": [1,, 2]}'):
        assert parse_document(text, file="t.json")[1].suggestion is None, text  # type: ignore[union-attr]
    f = tmp_path / "t.json"
    f.write_text('{"game": "village",\n "cards": [],\n}', encoding="utf-8")
    assert validate_paths([f]).issues[0].render() == (
        f"{f}:3:1: is not valid JSON: Expecting property name enclosed in double quotes. Remove the comma "
        "after the last item (line 2, column 13): JSON allows no comma before a closing '}'.")


# -- 4. names with spaces at an end or doubled: tidied on load, a warning in validate ----------------

@pytest.mark.parametrize(("name", "tidy"), [
    ("Leonardo  ", "Leonardo"), (" Leonardo", "Leonardo"), ("Raph  the Red", "Raph the Red"),
    ("Tab\there", "Tab here"), ("Line\nbreak ", "Line break"),
])
def test_a_name_with_stray_spaces_is_a_warning_naming_the_tidy_name(name: str, tidy: str) -> None:
    from companion.validation import validate_document

    doc = {"game": "tmnt", "set": "Mine", "cards": [
        {"id": "leo", "name": name, "type": "character", "attribute": "wind", "power": 3, "source": "me"}]}
    (issue,) = validate_document(doc, file="mine.json")
    assert issue.pointer == "/cards/0/name" and issue.severity == "warning" and issue.card_id == "leo"
    assert issue.message == ("'name' has spaces at an end, or more than one between words: it is read as "
                             f"{json.dumps(tidy)}")
    assert issue.suggestion == f"Write {json.dumps(tidy)}."
    doc["cards"][0]["name"] = tidy
    assert validate_document(doc, file="mine.json") == []


def test_one_stray_space_keeps_the_whole_file_and_the_card_is_found_by_its_tidy_name(
        _isolated_user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Review: "ZZ  Fig" in a file of yours left the file out, and its other cards with it."""
    from companion.cards import load_game, load_what_loads
    from companion.cli import main

    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir(parents=True)
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "zz-fig", "name": "ZZ  Fig ", "type": "fruit", "source": "me"},
        {"id": "zz-pear", "name": "ZZ Pear", "type": "fruit", "source": "me"}]}), encoding="utf-8")
    db, skipped = load_what_loads("village")
    assert skipped == {} and db.by_id("zz-fig").name == "ZZ Fig" and db.by_id("zz-pear")
    assert [c.id for c in db.named("ZZ Fig")] == ["zz-fig"] and db.by_id("zz-fig")["name"] == "ZZ Fig"
    assert load_game("village").lookup("zz fig").id == "zz-fig"  # type: ignore[union-attr]
    assert main(["validate", str(mine)]) == 0  # a warning: the file is valid
    out = capsys.readouterr().out
    assert "warning: 'name' has spaces at an end" in out and 'Write "ZZ Fig".' in out


def test_stray_spaces_in_an_ability_name_and_in_a_sheet_are_warned_of(tmp_path: Path) -> None:
    from companion.cardcsv import import_csv
    from companion.cards import card_from_record
    from companion.validation import validate_document

    record = {"id": "m", "name": "Mo", "type": "basic-mouse", "atk": 1, "def": 1, "source": "me",
              "abilities": [{"name": "Nibble ", "fruit_cost": 1, "text": "x"}]}
    (issue,) = validate_document({"game": "village", "set": "Mine", "cards": [record]}, file="mine.json")
    assert issue.pointer == "/cards/0/abilities/0/name" and issue.suggestion == 'Write "Nibble".'
    assert issue.severity == "warning"
    assert card_from_record("village", "Mine", record)["abilities"][0]["name"] == "Nibble"  # tidied on load
    doc = import_csv("tmnt", "id,name,type,attribute,power,source\nleo,Leonardo ,character,wind,3,me\n",
                     file="s.csv")  # a sheet imports (the file keeps what was typed; loading tidies it)
    assert doc["cards"][0]["name"] == "Leonardo "


def test_a_blank_name_is_still_said_to_be_blank_and_the_bundled_data_is_valid() -> None:
    from companion.validation import validate_document, validate_paths

    doc = {"game": "tmnt", "set": "Mine", "cards": [
        {"id": "b", "name": "   ", "type": "character", "attribute": "wind", "power": 3, "source": "me"}]}
    (issue,) = validate_document(doc, file="mine.json")
    assert issue.message == "'name' is blank" and issue.suggestion is None
    assert validate_paths().ok
