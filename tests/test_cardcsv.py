"""The spreadsheet round trip is lossless; import errors name row and column."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import GAMES
from companion.cardcsv import (
    CsvImportError,
    column_letter,
    columns,
    decode_cell,
    encode_cell,
    export_csv,
    import_csv,
)
from companion.cards import game_files
from companion.errors import CompanionError


def test_column_letters() -> None:
    assert [column_letter(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]


def test_columns_are_the_schema_fields() -> None:
    cols = columns("tmnt")
    assert cols[:3] == ["id", "name", "type"]
    assert {"attribute", "power", "attack_kind", "timing", "keywords", "qty", "source"} <= set(cols)
    assert cols[-1] == "set"


@pytest.mark.parametrize("path", [p for g in GAMES for p in game_files(g)], ids=lambda p: p.name)
def test_every_bundled_file_round_trips(path: Any) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    text = export_csv(doc["game"], doc["cards"], doc["set"])
    back = import_csv(doc["game"], text.encode("utf-8"), file="x.csv")
    assert back["cards"] == doc["cards"]
    assert back["set"] == doc["set"]


@pytest.mark.parametrize(("value", "kinds", "items", "cell"), [
    (None, {"integer", "null"}, set(), "null"),
    (3, {"integer", "null"}, set(), "3"),
    (True, {"boolean"}, set(), "true"),
    (["play", "flip"], {"array"}, {"string"}, "play; flip"),
    ([1, 2], {"array"}, {"integer"}, "1; 2"),
    ([], {"array"}, {"string"}, "[]"),
    (["a;b"], {"array"}, {"string"}, '["a;b"]'),
    ("null", {"string"}, set(), '"null"'),
    ("", {"string"}, set(), '""'),
    ("[x]", {"string"}, set(), '"[x]"'),
    ("12", {"string", "integer"}, set(), '"12"'),
    ("plain text, with comma", {"string"}, set(), "plain text, with comma"),
    ([{"name": "Nibble", "fruit_cost": 1, "text": "t"}], {"array"}, {"object"},
     '[{"name": "Nibble", "fruit_cost": 1, "text": "t"}]'),
])
def test_cells(value: Any, kinds: set[str], items: set[str], cell: str) -> None:
    assert encode_cell(value, frozenset(kinds), frozenset(items)) == cell
    assert decode_cell(cell, frozenset(kinds), frozenset(items)) == (True, value)


def test_empty_cell_means_absent() -> None:
    assert decode_cell("", frozenset({"string"}), frozenset()) == (False, None)


SHEET = "id,name,type,atk,def,abilities,food,text,source\n"


def test_import_a_hand_written_sheet() -> None:
    text = SHEET + ('pip,Pip,basic-mouse,1,1,"[{""name"": ""Hop"", ""fruit_cost"": 0, ""text"": ""Hop.""}]",'
                    "lunch,A mouse.,my design\n\n"
                    ",Apple Slice,fruit,,,,dessert,,my design\n")
    doc = import_csv("village", text, file="mine.csv", set_name="My set")
    assert doc["set"] == "My set"
    assert doc["cards"][0] == {"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "def": 1,
                               "abilities": [{"name": "Hop", "fruit_cost": 0, "text": "Hop."}],
                               "food": "lunch", "text": "A mouse.", "source": "my design"}
    assert doc["cards"][1]["id"] == "apple-slice"  # made from the name when the id cell is empty


def test_semicolon_separated_sheets_and_qty() -> None:
    text = "name;type;attribute;power;keywords;qty;source\nMy Turtle;character;fire;3;\"play; flip\";2;me\n"
    doc = import_csv("tmnt", text, file="mine.csv")
    assert doc["cards"][0]["keywords"] == ["play", "flip"] and doc["cards"][0]["qty"] == 2
    assert doc["set"] == "mine"


def test_import_errors_name_row_and_column() -> None:
    text = SHEET + "a,A,basic-mouse,x,1,,lunch,,me\nb,B,basic-mouse,1,1,[oops,brunch,,me\na,C,fruit,,,,,,me\n"
    with pytest.raises(CsvImportError) as info:
        import_csv("village", text, file="mine.csv")
    problems = info.value.problems
    assert "row 3, column F 'abilities': a cell starting with '[' must be JSON (Expecting value)" in problems
    text = SHEET + "a,A,basic-mouse,x,1,,brunch,,me\na,C,fruit,,,,,,me\n"
    with pytest.raises(CsvImportError) as info:
        import_csv("village", text, file="mine.csv")
    problems = info.value.problems
    assert "row 3, column A 'id': duplicate id 'a' (first on row 2)" in problems
    assert any(p.startswith("row 2, column D 'atk': 'atk' has the wrong type") for p in problems)
    assert any(p.startswith("row 2, column G 'food'") and "Did you mean 'lunch'?" in p for p in problems)


def test_import_header_problems() -> None:
    with pytest.raises(CsvImportError) as info:
        import_csv("tmnt", "name,type,powr,sauce\n", file="m.csv")
    assert info.value.problems == [
        "row 1, column C: unknown column 'powr' (Did you mean 'power'?)",
        "row 1, column D: unknown column 'sauce' (Did you mean 'source'?)"]
    with pytest.raises(CsvImportError, match="the column 'type' is missing"):
        import_csv("tmnt", "name,power\nX,1\n", file="m.csv")
    with pytest.raises(CsvImportError, match="the sheet is empty"):
        import_csv("tmnt", b"", file="m.csv")
    with pytest.raises(CompanionError, match="is not UTF-8"):
        import_csv("tmnt", "name,type\nÉ,event\n".encode("latin-1"), file="m.csv")
    with pytest.raises(CsvImportError, match="several sets"):
        import_csv("tmnt", "name,type,timing,source,set\nA,event,play,me,One\nB,event,play,me,Two\n",
                   file="m.csv")


# -- property tests ----------------------------------------------------------------------

texts = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1,
                max_size=20)
ability = st.fixed_dictionaries({"name": texts, "fruit_cost": st.integers(0, 3), "text": texts})
mouse = st.fixed_dictionaries(
    {"id": st.from_regex(r"[a-z0-9][a-z0-9-]{0,8}", fullmatch=True), "name": texts,
     "type": st.sampled_from(["basic-mouse", "mega-mouse"]),
     "atk": st.none() | st.integers(0, 9), "def": st.none() | st.integers(0, 9), "source": texts},
    optional={"abilities": st.lists(ability, max_size=2),
              "food": st.sampled_from(["breakfast", "lunch", "dinner", "dessert"]),
              "text": st.text(max_size=30).filter(lambda s: "\x00" not in s), "notes": texts,
              "qty": st.integers(1, 9), "unknown": st.lists(st.sampled_from(["atk", "def"]), max_size=2)})


@settings(max_examples=120, deadline=None)
@given(st.lists(mouse, min_size=1, max_size=4, unique_by=lambda c: c["id"]), texts)
def test_round_trip_is_lossless(cards: list[dict[str, Any]], set_name: str) -> None:
    text = export_csv("village", cards, set_name)
    back = import_csv("village", text.encode("utf-8"), file="x.csv")
    assert json.dumps(back["cards"], sort_keys=True) == json.dumps(cards, sort_keys=True)
    assert back["set"] == set_name


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=200).map(lambda s: "name,type,power\n" + s),
       st.sampled_from(list(GAMES)))
def test_hostile_sheets_raise_only_companion_errors(raw: Any, game: str) -> None:
    try:
        import_csv(game, raw, file="x.csv")
    except CompanionError:
        pass
