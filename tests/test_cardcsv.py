"""The spreadsheet round trip is lossless; import errors name row and column."""

from __future__ import annotations

import json
from pathlib import Path
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
    assert cols[-3:] == ["set", "set_source", "set_notes"]  # the file's own fields last
    assert columns("tmnt", file_fields=False)[-1] == "set"


@pytest.mark.parametrize("path", [p for g in GAMES for p in game_files(g)], ids=lambda p: p.name)
def test_every_bundled_file_round_trips(path: Any) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    text = export_csv(doc["game"], doc["cards"], doc["set"], [doc] * len(doc["cards"]))
    # the bundled cards' own ids clash with themselves once loaded: the round trip is checked alone
    back = import_csv(doc["game"], text.encode("utf-8"), file="x.csv", check_loaded=False)
    assert back["cards"] == doc["cards"]
    assert back["set"] == doc["set"]
    # the file's own source (a demo file says so there too) and notes come back as well
    assert {k: back.get(k) for k in ("source", "notes")} == {k: doc.get(k) for k in ("source", "notes")}


@pytest.mark.parametrize(("value", "kinds", "items", "cell"), [
    (None, {"integer", "null"}, set(), "null"),
    (3, {"integer", "null"}, set(), "3"),
    (True, {"boolean"}, set(), "true"),
    (["play", "flip"], {"array"}, {"string"}, "play; flip"),
    ([1, 2], {"array"}, {"integer"}, "1; 2"),
    ([], {"array"}, {"string"}, "[]"),
    (["a;b"], {"array"}, {"string"}, '["a;b"]'),
    ("null", {"string"}, set(), "null"),            # a text field: the word null is text
    ("null", {"string", "null"}, set(), '"null"'),  # a field that may be null: null's text as JSON
    (None, {"string", "null"}, set(), "null"),
    ("", {"string"}, set(), '""'),
    ("  ", {"string"}, set(), '"  "'),
    ("[x]", {"string"}, set(), "[x]"),
    ("[F] forceful", {"string"}, set(), "[F] forceful"),
    ('"Hi," said Filch', {"string"}, set(), '"Hi," said Filch'),
    ('"Hi"', {"string"}, set(), '"\\"Hi\\""'),
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
    assert any(p.startswith("row 3, column F 'abilities': a cell starting with '[' must be JSON (Expecting "
                            "value); this column is written as JSON, like ") for p in problems)
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
        "row 1, column D: unknown column 'sauce' (Did you mean 'source'? The column 'source' is required)"]
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
                max_size=20).filter(lambda s: not s.isspace())  # a name, set or source of spaces is blank
# a name with a space at an end or two together round-trips too (validate warns; loading tidies it)
names = texts
ability = st.fixed_dictionaries({"name": names, "fruit_cost": st.integers(0, 3), "text": texts})
mouse = st.fixed_dictionaries(
    {"id": st.from_regex(r"[a-z0-9][a-z0-9-]{0,8}", fullmatch=True), "name": names,
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
    assert "set_source" not in text.splitlines()[0] and "source" not in back  # no file fields: none


@settings(max_examples=60, deadline=None)
@given(st.fixed_dictionaries({}, optional={"source": texts,
                                           "notes": st.text(max_size=30).filter(lambda s: "\x00" not in s)}))
def test_a_card_file_s_own_source_and_notes_round_trip(fields: dict[str, str]) -> None:
    cards = [{"id": "pip", "name": "Pip", "type": "fruit", "source": "me"},
             {"id": "pod", "name": "Pod", "type": "fruit", "source": "me"}]
    text = export_csv("village", cards, "Mine", [fields, fields])
    back = import_csv("village", text.encode("utf-8"), file="x.csv")
    assert {k: back[k] for k in ("source", "notes") if k in back} == fields  # blank notes too


def test_rows_that_give_a_file_two_sources_are_refused_unless_source_is_given() -> None:
    sheet = ("name,type,source,set_source,set_notes\nPip,fruit,me,from my notebook,n\n"
             "Pod,fruit,me,from my sketchbook,\nPea,fruit,me,,n\n")
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", sheet, file="x.csv")
    assert caught.value.problems == [
        "column D 'set_source': gives the card file several source texts (row 2 'from my notebook', "
        "row 3 'from my sketchbook'); a card file has one: make them the same (or give --source)"]
    doc = import_csv("village", sheet, file="x.csv", source="my cards")
    assert (doc["source"], doc["notes"]) == ("my cards", "n")  # blank cells give no other value


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=200).map(lambda s: "name,type,power\n" + s),
       st.sampled_from(list(GAMES)))
def test_hostile_sheets_raise_only_companion_errors(raw: Any, game: str) -> None:
    try:
        import_csv(game, raw, file="x.csv")
    except CompanionError:
        pass


# -- the card-data audit -----------------------------------------------------------------------

FORMULAS = ["=1+1", '=HYPERLINK("http://evil","click")', "@SUM(A1)", "+1", "-2+3", "\tx", "\rx", "'=x"]


def _csv_rows(text: str) -> list[list[str]]:
    import csv
    import io

    return list(csv.reader(io.StringIO(text, newline="")))


@pytest.mark.parametrize("text", FORMULAS)
def test_export_protects_text_a_spreadsheet_would_run(text: str) -> None:
    """F5: a cell starting with = + - @ tab or CR runs as a formula in a spreadsheet; export puts
    an apostrophe before it and import takes it off, so the round trip stays exact."""
    from companion.cardcsv import FORMULA_START

    name = " ".join(text.split())  # (a name has no space, tab or CR at its start)
    cards = [{"id": "e", "name": name, "type": "basic-mouse", "atk": 1, "def": 1, "text": text,
              "notes": text, "source": text}]
    sheet = export_csv("village", cards, text)
    for cell in _csv_rows(sheet)[1]:
        assert not cell.startswith(FORMULA_START), cell
    back = import_csv("village", sheet, file="x.csv")
    assert back["cards"] == cards and back["set"] == text


def test_numbers_are_not_protected_but_a_list_starting_with_minus_is() -> None:
    """F5: -1 in a number column is a number (a spreadsheet reads it so); "-1; 2" is text."""
    assert encode_cell(-3, frozenset({"integer", "null"}), frozenset()) == "-3"
    assert decode_cell("-3", frozenset({"integer", "null"}), frozenset()) == (True, -3)
    cell = encode_cell([-1, 2], frozenset({"array"}), frozenset({"integer"}))
    assert cell == "'-1; 2"
    assert decode_cell(cell, frozenset({"array"}), frozenset({"integer"})) == (True, [-1, 2])


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
       st.sampled_from([frozenset({"string"}), frozenset({"string", "null"})]))
def test_any_text_round_trips_and_never_starts_a_formula(text: str, kinds: frozenset[str]) -> None:
    from companion.cardcsv import FORMULA_START

    cell = encode_cell(text, kinds, frozenset())
    assert decode_cell(cell, kinds, frozenset()) == (True, text)
    assert not cell.startswith(FORMULA_START)


VILLAGE = "id,name,type,atk,def,text,source\n"


def _problems(text: str, game: str = "village", **kw: Any) -> list[str]:
    with pytest.raises(CsvImportError) as info:
        import_csv(game, text, file="s.csv", **kw)
    return info.value.problems


def test_a_formula_in_a_number_column_is_named_a_formula() -> None:
    """F5: "=1+1" in atk was "found text"; it is a formula, and the sheet should hold its value."""
    (problem,) = _problems(VILLAGE + "a,A,basic-mouse,=1+1,1,,me\n")
    assert problem.startswith("row 2, column D 'atk': the cell holds a spreadsheet formula (=1+1)")
    assert "text" not in problem.split("formula")[0]


@pytest.mark.parametrize(("cell", "expected"), [
    ("2.0", "expected a whole number, found the number 2.0 (write 2)"),
    ("1e0", "expected a whole number, found the number 1e0 (write 1)"),
    ("99999999999999999999999999999", "'atk' is out of range (expected at most 999; "
                                      "found 99999999999999999999999999999)"),
])
def test_numbers_a_card_cannot_hold_are_refused_as_numbers_not_text(cell: str, expected: str) -> None:
    """F6: 2.0 and a 29-digit number were "found text"; they are numbers a card does not hold."""
    (problem,) = _problems(VILLAGE + f"a,A,basic-mouse,{cell},1,,me\n")
    assert problem == f"row 2, column D 'atk': {expected}"


@settings(max_examples=150, deadline=None)
@given(st.integers(-5, 10**30) | st.floats(allow_nan=False, allow_infinity=False, max_value=1e30))
def test_validate_and_import_agree_on_numbers(value: float) -> None:
    """F6: a card file validate accepts gives a sheet import accepts (and gives back), and one it
    refuses gives a sheet import refuses."""
    from companion.validation import validate_document

    cards = [{"id": "f1", "name": "F1", "type": "basic-mouse", "atk": value, "def": 1, "source": "me"}]
    valid = not [i for i in validate_document({"game": "village", "set": "F", "cards": cards}, file="f.json")
                 if i.severity == "error"]
    try:
        back = import_csv("village", export_csv("village", cards, "F"), file="f.csv")
    except CsvImportError as exc:
        assert not valid and all("text" not in p for p in exc.problems)
    else:
        assert valid and json.dumps(back["cards"]) == json.dumps(cards)


def test_text_cells_are_text_even_with_brackets_quotes_or_null() -> None:
    """F9: TMNT's "[F] forceful" and a quotation were refused as broken JSON; the name "null" became
    null. In a text field the cell is the text; "null" is null only where a field may be null."""
    doc = import_csv("village", VILLAGE + 'a,null,basic-mouse,null,1,[F] forceful text,"""Hi,"" said Filch"\n'
                                          "b,{B},basic-mouse,1,1,[C] counter,[x] me\n", file="s.csv")
    first, second = doc["cards"]
    assert (first["name"], first["atk"], first["text"], first["source"]) == (
        "null", None, "[F] forceful text", '"Hi," said Filch')
    assert (second["name"], second["text"], second["source"]) == ("{B}", "[C] counter", "[x] me")
    # a list field still takes JSON (and says so when it is not)
    problems = _problems("id,name,type,atk,def,abilities,source\na,A,basic-mouse,1,1,[oops,me\n")
    (problem,) = problems  # (and how to write the column, from a bundled card: test_session6_deck)
    assert problem.startswith("row 2, column F 'abilities': a cell starting with '[' must be JSON "
                              "(Expecting value); this column is written as JSON, like Acorn Scout's: [{")


def test_a_cell_of_only_spaces_is_empty() -> None:
    """F8: a source cell of spaces is no source."""
    (problem,) = _problems(VILLAGE + "a,A,basic-mouse,1,1,,   \n")
    assert problem.startswith("row 2, column G 'source': the field 'source' is missing")


def test_every_problem_of_a_sheet_in_one_run() -> None:
    """F10: a header problem hid the rest, and cell problems hid the schema's and the ids'."""
    sheet = ("id,name,type,atk,def,text,source,powr\n"
             "pip,Pip,basic-mouse,=1+1,1,,me,1\n"
             "fig,Fig,fruit,,,,me,\n"
             "acorn-scout,Acorn Scout,basic-mouse,1,1,,me,\n"
             "pip,Pip2,basic-mouse,1.0,TRUE,,,\n"
             "Bad Id,Nm,basic-mouse,1,1,[F] forceful text,me,\n")
    problems = _problems(sheet)
    expected = ["row 1, column H: unknown column 'powr'",
                "row 2, column D 'atk': the cell holds a spreadsheet",
                "row 4, column A 'id': duplicate id 'acorn-scout'",
                "row 5, column D 'atk': expected a whole",
                "row 5, column E 'def': 'def' has the wrong type",
                "row 5, column G 'source': the field 'source'",
                "row 5, column A 'id': duplicate id 'pip' (first on row 2)",
                "row 6, column A 'id': 'id' is not"]
    assert len(problems) == len(expected)
    for want in expected:
        assert any(p.startswith(want) for p in problems), want
    assert [int(p.split()[1].rstrip(",:")) for p in problems] == sorted(
        int(p.split()[1].rstrip(",:")) for p in problems)  # in the sheet's order


def test_a_sheet_whose_ids_clash_with_loaded_cards_is_refused(_isolated_user_data: Path) -> None:
    """F4: import wrote files that validate and every reader refuse; it now checks the ids against
    the game's loaded cards and suggests the replaces column."""
    (problem,) = _problems(VILLAGE + "acorn-scout,Acorn Scout,basic-mouse,9,9,,me\n")
    assert problem.startswith("row 2, column A 'id': duplicate id 'acorn-scout': already used at")
    assert '"replaces": "acorn-scout"' in problem and "replaces column" in problem
    doc = import_csv("village", "id,name,type,atk,def,replaces,source\n"
                     "acorn-scout,Acorn Scout,basic-mouse,9,9,acorn-scout,me\n", file="s.csv")
    assert doc["cards"][0]["replaces"] == "acorn-scout"
    # the user's own file, imported again in its place, does not clash with itself
    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir(parents=True)
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "pip", "name": "Pip", "type": "fruit", "source": "me"}]}), encoding="utf-8")
    sheet = "id,name,type,source\npip,Pip,fruit,me\n"
    assert import_csv("village", sheet, file="s.csv", out=mine)["cards"][0]["id"] == "pip"
    assert "duplicate id 'pip'" in _problems(sheet, out=Path("elsewhere.json"))[0]


def test_excel_sep_line_json_given_as_a_sheet_and_null_in_a_number_column() -> None:
    """F11: Excel's "sep=;" line states the separator; a JSON file is not a sheet; "found null"."""
    doc = import_csv("village", "sep=;\nid;name;type;atk;def;source\npip;Pip;basic-mouse;2;1;me\n",
                     file="s.csv")
    assert doc["cards"][0] == {"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 2, "def": 1,
                               "source": "me"}
    (problem,) = _problems('{"game": "village", "set": "S", "cards": []}')
    assert "not a CSV sheet" in problem and "cards export village --cards s.csv" in problem
    (problem,) = _problems("id,name,type,qty,source\na,A,fruit,null,me\n")
    assert problem.endswith("(expected a whole number; found null)")


@pytest.mark.parametrize("n", [0, 1, 999, 1000, 1001, 2500])
def test_card_file_text_is_json_dumps_made_in_pieces(n: int) -> None:
    from companion.cardcsv import card_file_text

    doc = {"game": "village", "set": "S", "source": "me", "cards": [
        {"id": f"c{i}", "name": f"C “{i}”\n", "type": "fruit", "source": "me", "unknown": []}
        for i in range(n)]}
    assert card_file_text(doc) == json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def test_a_large_card_file_is_written_without_a_copy_per_token() -> None:
    """F13: the indenting JSON encoder holds a string per token of the whole file before joining
    them (most of a 400,000-card import's 830 MB); the file is now made a thousand cards at a time."""
    import tracemalloc

    from companion.cardcsv import card_file_text

    doc = {"game": "village", "set": "S", "cards": [
        {"id": f"c{i}", "name": f"C{i}", "type": "basic-mouse", "atk": 1, "def": 1, "source": "me"}
        for i in range(20000)]}
    tracemalloc.start()
    try:
        text = card_file_text(doc)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * len(text), (peak, len(text))  # the text, its pieces and one chunk's tokens


_HEAD = "id,name,type,atk,def,source\n"


@pytest.mark.parametrize("end", ["\n", "", "\r\n"], ids=["newline", "no-newline", "crlf"])
def test_a_quote_never_closed_is_named_with_its_line(end: str) -> None:
    """QA3-5: `pip,"Pip,basic-mouse,2,1,me` reported only "'source' is missing" and "'type' is missing":
    the quote that took in the rest of the row was never mentioned."""
    sheet = _HEAD.replace("\n", end or "\n") + 'pip,"Pip,basic-mouse,2,1,me' + end
    with pytest.raises(CsvImportError) as info:
        import_csv("village", sheet, file="q.csv")
    (problem,) = info.value.problems
    assert problem.startswith("row 2, column B 'name': a quote opened on line 2 is never closed")
    assert '"Pip,basic-mouse,2,1,me' in problem and "missing" not in problem


@pytest.mark.parametrize(("rows", "said"), [
    # never closed: the rows after it are taken into the cell
    ("cat,Cat,fruit,,,me\n" + 'pip,"Pip,basic-mouse,2,1,me\n' + "dog,Dog,fruit,,,me\n",
     "row 3, column B 'name': a quote opened on line 3 is never closed, so the rest of the sheet "
     "(lines 3-4) was read into this one cell"),
    # closed only on a later line: that line is named
    ('pip,"Pip,basic-mouse,2,1,me\n' + 'bob,"Bob",fruit,,,me\n',
     "row 2, column B 'name': a quote opened on line 2 is not closed on that line but on line 3"),
])
def test_a_quote_left_open_on_its_line_is_named_with_where_it_ends(rows: str, said: str) -> None:
    with pytest.raises(CsvImportError) as info:
        import_csv("village", _HEAD + rows, file="q.csv")
    (problem,) = info.value.problems
    assert problem.startswith(said)


def test_an_unclosed_quote_s_line_counts_a_sep_line_and_cells_of_several_lines() -> None:
    sheet = "sep=,\n" + _HEAD + 'pip,Pip,basic-mouse,2,1,"me\nmyself"\n' + 'cat,Cat,fruit,,,"me\n'
    with pytest.raises(CsvImportError) as info:
        import_csv("village", sheet, file="q.csv")
    (problem,) = info.value.problems
    assert problem.startswith("row 3, column F 'source': a quote opened on line 5 is never closed")


def test_quoted_cells_with_separators_and_line_breaks_still_import() -> None:
    sheet = _HEAD + 'pip,"Pip, the Brave",basic-mouse,2,1,"me,\n""myself"""\n' + 'cat,Cat,fruit,,,"me\n"'
    doc = import_csv("village", sheet, file="ok.csv")
    assert [c["name"] for c in doc["cards"]] == ["Pip, the Brave", "Cat"]
    assert [c["source"] for c in doc["cards"]] == ['me,\n"myself"', "me\n"]


def test_an_unclosed_quote_in_a_large_sheet_is_hinted_at() -> None:
    sheet = _HEAD + 'pip,Pip,basic-mouse,2,1,"me\n' + "x" * 200_000 + "\n"
    with pytest.raises(CsvImportError) as info:
        import_csv("village", sheet, file="q.csv")
    (problem,) = info.value.problems
    assert "field larger than field limit" in problem and "a quote opened on line 2" in problem


def test_a_sheet_with_no_card_rows_is_refused_and_writes_nothing() -> None:
    # a header alone had made a card file of nothing, replacing the one named by --out
    for sheet in (_HEAD, _HEAD + "\n,,,,,\n\n"):
        with pytest.raises(CsvImportError) as info:
            import_csv("village", sheet, file="h.csv")
        assert info.value.problems == ["the sheet has no card rows (a header alone, or blank rows): "
                                       "nothing to import"]


def test_sheet_details_a_spreadsheet_brings() -> None:
    # a separator line quoted or padded by a spreadsheet that saved the sheet again
    for first in ('"sep=;"', "sep=;;;", '"sep=;";;'):
        doc = import_csv("village", f"{first}\nname;type;source\nPip;fruit;me\n", file="x.csv")
        assert [c["name"] for c in doc["cards"]] == ["Pip"]
    # ids from names with accents keep their letters
    doc = import_csv("village", "name,type,source\nCafé Mouse,fruit,me\nÜber,fruit,me\n", file="x.csv")
    assert [c["id"] for c in doc["cards"]] == ["cafe-mouse", "uber"]
    # a row in none of a sheet's several sets is named, never dropped unsaid
    sheet = "name,type,source,set\nPip,fruit,me,One\nPod,fruit,me,\nPea,fruit,me,Two\n"
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", sheet, file="x.csv", set_name="One")
    assert caught.value.problems == ["row 3, column D 'set': no set named, and the sheet names several: "
                                     "fill in the row's set"]
    # set names that differ only in a space show it
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", "name,type,source,set\nPip,fruit,me,Mine\nPod,fruit,me,Mine \n", file="x.csv")
    assert "several sets ('Mine', 'Mine ')" in caught.value.problems[0]
    # two long file sources that differ at the end never look the same
    long = "demo: made-up cards; the rule book holds no card list nor any number of its cards"
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", f"name,type,source,set_source\nPip,fruit,me,{long}\nPod,fruit,me,{long} \n",
                   file="x.csv")
    said = caught.value.problems[0]
    assert f"row 2 {long[:40] + ' … ' + long[-15:]!r}, row 3 {long[:40] + ' … ' + long[-14:] + ' '!r}" in said
