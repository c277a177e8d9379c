"""Card audit 4 (findings of /tmp/h6/decks): a whole number written ``1e3`` is never told "write 1000"
when at most 999 is allowed, and shows as typed; a card file or sheet of another game's cards says so;
``deck odds --kind`` reads a true/false field as card sheets do and says its values as true and false;
two cards of yours sharing a name are warned of."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cardcsv import CsvImportError, import_csv, read_flag
from companion.cards import load_game, user_data_dir
from companion.deck.fields import matches, parse_kind
from companion.errors import CompanionError
from companion.validation import ValidationIssue, other_game_fields, validate_bytes, validate_paths

VILLAGE = "id,name,type,atk,def,qty,source\n"


def _problems(game: str, text: str, file: str = "s.csv") -> list[str]:
    with pytest.raises(CsvImportError) as info:
        import_csv(game, text, file=file)
    return info.value.problems


def _doc(game: str, *cards: dict[str, Any]) -> dict[str, Any]:
    return {"game": game, "set": "Mine", "cards": list(cards)}


# --- Finding 5: 1e3 is 1000, more than 999: the range is said, never "write 1000" ------------------


def test_a_sheet_number_out_of_range_written_1e3_is_given_the_range_not_1000() -> None:
    problems = _problems("village", VILLAGE + "a,A,basic-mouse,2.0,1e3,1e3,me\n")
    assert problems == [
        "row 2, column D 'atk': expected a whole number, found the number 2.0 (write 2)",  # 2 would do
        "row 2, column E 'def': expected a whole number at most 999, found the number 1e3 "
        "(1000 is out of range)",
        "row 2, column F 'qty': expected a whole number at most 999, found the number 1e3 "
        "(1000 is out of range)",
    ]
    low = _problems("village", VILLAGE + "a,A,basic-mouse,1,1,0e0,me\n")  # qty: at least 1
    assert low == ["row 2, column F 'qty': expected a whole number at least 1, found the number 0e0 "
                   "(0 is out of range)"]


def test_a_list_item_out_of_range_is_not_suggested_either() -> None:
    sheet = ("id,name,type,number,objective,victory,defeat,chapter_end,setup_tiles,source\n"
             "c1,C,chapter,1,o,v,d,2,1; 1e4,me\n")
    (problem,) = _problems("mystics", sheet)
    assert "write 10000" not in problem
    assert problem == ("row 2, column I 'setup_tiles': expected a whole number at most 999, found the number "
                       "1e4 (10000 is out of range)")


def _by_pointer(issues: list[ValidationIssue]) -> dict[tuple[str, str], ValidationIssue]:
    return {(i.pointer, i.message.split(" ", 2)[-1]): i for i in issues}


def test_validate_gives_the_range_for_1e3_and_shows_it_as_typed(tmp_path: Path) -> None:
    text = ('{"game": "village", "set": "x", "cards": [\n'
            '{"id": "e-a", "name": "E A", "type": "basic-mouse", "atk": 1e3, "def": 2.0, "source": "x"}]}\n')
    path = tmp_path / "e.json"
    path.write_text(text, encoding="utf-8")
    for report in (validate_paths([path]), validate_bytes(text, file="e.json")):
        said = "\n".join(report.lines())
        assert "1000" not in said and "Write 1000" not in said
        atk = [i for i in report.issues if i.pointer == "/cards/0/atk"]
        assert [i.found for i in atk] == ["1e3"]  # as typed; one problem, its range in it
        (written,) = [i for i in atk if "decimal part" in i.message]
        assert written.expected == "a whole number at most 999"
        assert written.suggestion == "Write a whole number at most 999 (no '.0' or exponent)."
        (two,) = [i for i in report.issues if i.pointer == "/cards/0/def"]
        assert two.suggestion == "Write 2 (no '.0' or exponent)." and two.found == "2.0"  # in range: said


# --- Finding 6: a card file or sheet of another game's cards --------------------------------------


def test_the_fields_of_another_game_are_told_apart_from_stray_ones() -> None:
    assert other_game_fields(["id", "name", "type", "atk", "def", "source"], "tmnt") == ("village",
                                                                                         ["atk", "def"])
    assert other_game_fields(["id", "attribute", "power", "keywords", "set"], "village") == (
        "tmnt", ["attribute", "power", "keywords"])
    assert other_game_fields(["id", "name", "attribute", "power", "atk", "def"], "tmnt") is None  # stray
    assert other_game_fields(["id", "name", "atk", "colour"], "village") is None  # one field is no game
    assert other_game_fields(["id", "name", "atk", "def"], "village") is None


def test_validate_says_a_village_card_file_named_tmnt_has_the_wrong_game() -> None:
    doc = _doc("tmnt", {"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 2, "def": 1,
                        "source": "me"}, {"id": "fig", "name": "Fig", "type": "fruit", "source": "me"})
    report = validate_bytes(json.dumps(doc, indent=1), file="asT.json")
    first = report.issues[0]
    assert first.pointer == "/game" and first.severity == "error"
    assert "are Village TCG's, not TMNT TCG's" in first.message and "'atk' and 'def'" in first.message
    assert first.suggestion == ('Is the file\'s game right? If these are Village TCG cards, write '
                                '"game": "village".')
    assert sum(i.kind == "unknown-field" for i in report.issues) == 2  # each field still said
    assert sum(i.pointer == "/game" for i in report.issues) == 1  # said once for the file


def test_a_tmnt_file_with_a_stray_village_field_gets_no_word_on_the_game() -> None:
    doc = _doc("tmnt", {"id": "t", "name": "T", "type": "character", "attribute": "wind", "power": 3,
                        "atk": 1, "def": 1, "source": "me"})
    issues = validate_bytes(json.dumps(doc), file="t.json").issues
    assert issues and not any(i.pointer == "/game" for i in issues)


def test_import_says_a_tmnt_sheet_is_no_village_sheet(tmp_path: Path) -> None:
    sheet = ("id,name,type,attribute,power,keywords,attack_kind,qty,source\n"
             "t-a,Mikey Jr,character,nature,3,flip,,3,me\n")
    (user_data_dir() / "tmnt").mkdir(parents=True)
    problems = _problems("village", sheet, file=str(tmp_path / "t2.csv"))
    out = user_data_dir() / "tmnt" / "t2.json"  # (the command runs as written: the sheet as given, --out)
    assert problems[0] == ("this sheet's columns ('attribute', 'power', 'keywords', 'attack_kind') are the "
                           "TMNT TCG's, not the Village TCG's: import it as a tmnt sheet "
                           f"(`companion cards import tmnt {tmp_path / 't2.csv'} --out {out}`)")
    assert sum("unknown column" in p for p in problems) == 4  # each column still said
    assert import_csv("tmnt", sheet, file="t2.csv")["cards"][0]["power"] == 3  # (it is a TMNT sheet)


def test_a_sheet_with_one_unknown_column_gets_no_word_on_the_game() -> None:
    problems = _problems("village", "id,name,type,colour,source\na,A,fruit,red,me\n")
    assert len(problems) == 1 and "unknown column 'colour'" in problems[0]


# --- Finding 8: a true/false kind is read as the sheets read it, and said as true and false ------


def test_a_flag_kind_takes_yes_and_no_as_the_sheets_do() -> None:
    cards = load_game("village").cards
    assert read_flag(" Yes ") is True and read_flag("no") is False and read_flag("maybe") is None
    assert parse_kind(["continuous=yes"], cards) == parse_kind(["continuous=true"], cards) == {
        "continuous": ["true"]}
    assert parse_kind(["instant=No,TRUE"], cards) == {"instant": ["false", "true"]}
    yes = parse_kind(["continuous=yes"], cards)
    assert [c.id for c in cards if matches(c, yes)] == [c.id for c in cards if c.get("continuous") is True]


def test_a_flag_kind_lists_its_values_as_json_words() -> None:
    with pytest.raises(CompanionError) as info:
        parse_kind(["continuous=maybe"], load_game("village").cards)
    said = info.value.render()
    assert "expected true or false (yes and no are read as true and false)" in said
    assert "True" not in said and "False" not in said


# --- T3: two cards of yours sharing a name ------------------------------------------------------


def test_two_cards_of_one_file_sharing_a_name_are_warned_of(tmp_path: Path) -> None:
    path = tmp_path / "dupname.json"
    cards = [{"id": cid, "name": name, "type": kind, "source": "x"}
             for cid, name, kind in (("dup-a", "Twin", "fruit"), ("dup-b", "Twin", "fruit"),
                                     ("dup-c", "twin", "item"), ("other", "Other", "item"))]
    path.write_text(json.dumps(_doc("village", *cards), indent=1), encoding="utf-8")
    report = validate_paths([path])
    assert report.ok and [(i.pointer, i.severity) for i in report.issues] == [
        ("/cards/1/name", "warning"), ("/cards/2/name", "warning")]
    b, c = report.issues
    assert b.message == ("your card 'dup-a' (/cards/0) has this name too: a decklist naming 'Twin' gets "
                         "'dup-a' (loaded first), not this card")
    assert b.card_id == "dup-b" and "'3 dup-b'" in str(b.suggestion)
    assert "ignoring case" in c.message and "naming 'twin' gets 'dup-a'" in c.message


def test_a_card_of_yours_named_as_one_in_another_file_of_yours_is_warned_of(
        _isolated_user_data: Path) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    first = folder / "a.json"
    first.write_text(json.dumps(_doc("village", {"id": "twin-1", "name": "Twin", "type": "fruit",
                                                 "source": "x"})), encoding="utf-8")
    later = folder / "b.json"
    later.write_text(json.dumps(_doc("village", {"id": "twin-2", "name": "Twin", "type": "item",
                                                 "source": "x"})), encoding="utf-8")
    (issue,) = validate_paths([later]).issues
    assert issue.severity == "warning" and issue.pointer == "/cards/0/name"
    assert f"'twin-1' ({first} /cards/0)" in issue.message
    assert validate_paths([first]).issues == []  # (the one a decklist gets is fine)


def test_a_correction_of_your_own_card_is_no_second_card_of_its_name(_isolated_user_data: Path) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    twin = {"id": "twin-1", "name": "Twin", "type": "fruit", "source": "x"}
    (folder / "a.json").write_text(json.dumps(_doc("village", twin)), encoding="utf-8")
    fix = folder / "corrections.json"
    fix.write_text(json.dumps(_doc("village", {"id": "twin-1", "name": "Twin", "type": "item", "source": "x",
                                               "replaces": "twin-1"})), encoding="utf-8")
    assert validate_paths([fix]).issues == []
