"""Card audit 3: the card checks run beside the schema's errors (every problem in one run, in
``validate`` and ``cards import``); an upload named as a card file of yours is checked in its place;
blank file notes survive a sheet's round trip; a card of yours named as a bundled card is warned of;
a corrected value is marked in ``cards list`` and on the cards page's tiles."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.validation import (
    MAX_ISSUES_PER_FILE,
    ValidationIssue,
    _card_checks,
    validate_bytes,
    validate_document,
    validate_paths,
)
from tests.helpers import run_cli as run


def _mouse(cid: str, **fields: Any) -> dict[str, Any]:
    return {"id": cid, "name": cid.upper(), "type": "basic-mouse", "atk": 1, "def": 1, "source": "me",
            **fields}


def _doc(*cards: Any, **top: Any) -> dict[str, Any]:
    return {"game": "village", "set": "U", **top, "cards": list(cards)}


def _once_each(issues: list[ValidationIssue]) -> None:
    """No problem said twice: one issue per place and message."""
    twice = [k for k, n in Counter((i.pointer, i.message) for i in issues).items() if n > 1]
    assert not twice, twice


# -- 1. the card checks are not hidden by the schema's errors ----------------------------------


def test_an_unknown_naming_no_field_is_reported_beside_a_schema_error() -> None:
    """/tmp/audit_cd/files/unk3.json: 'deff' was said only once u-0's wrong ATK was fixed."""
    doc = _doc(_mouse("u-0", atk="x"), _mouse("u-1", atk=None, unknown=["atk", "deff"]))
    issues = validate_document(doc, file="unk3.json")
    assert [(i.pointer, i.severity) for i in issues] == [("/cards/0/atk", "error"),
                                                           ("/cards/1/unknown/1", "error")]
    assert "'unknown' names 'deff'" in issues[1].message and issues[1].suggestion == "Did you mean 'def'?"


def test_every_card_check_runs_beside_the_schema_and_says_each_problem_once(tmp_path: Path) -> None:
    doc = _doc(
        {"id": "s1", "name": "S1", "type": "fruit", "source": "me", "text": "bad \ud800 text"},
        {"id": "s2", "name": " S2 ", "type": "fruitt", "source": "me", "text": "\udc00"},  # no such type
        _mouse("s3", atk=None, def_=1),  # 'def_' is no field: a schema error of this card
        _mouse("s4", atk=None, unknown="atk"),  # 'unknown' not a list: the schema says so, once
        _mouse("s5", unknown=[["a"], None, 5, "atk"]),
        _mouse("s6", atk=None),  # a null not in 'unknown', in a card the schema finds nothing in
        notes="n \ud800")
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    issues = validate_document(doc, file=str(path))
    _once_each(issues)
    said = {(i.pointer, i.message.split(" (")[0][:30]) for i in issues}
    assert ("/notes", "'notes' holds a lone surrogate") in said
    assert ("/cards/0/text", "'text' holds a lone surrogate") in said
    assert ("/cards/1/text", "'text' holds a lone surrogate") in said  # a card of no known type too
    assert ("/cards/1/name", "'name' has spaces at an end, o") in said
    assert any(p == "/cards/2/atk" and "not listed in 'unknown'" in m for p, m in
               ((i.pointer, i.message) for i in issues))
    assert any(i.pointer == "/cards/5/atk" and "not listed in 'unknown'" in i.message for i in issues)
    # what the schema said is not said again by the card checks: 'unknown' of s4, the items of s5
    assert [i.pointer for i in issues if i.pointer.startswith("/cards/3/")] == ["/cards/3/unknown"]
    assert sorted(i.pointer for i in issues if i.pointer.startswith("/cards/4/")) == [
        "/cards/4/unknown/0", "/cards/4/unknown/1", "/cards/4/unknown/2", "/cards/4/unknown/3"]
    assert any(i.pointer == "/cards/4/unknown/3" and i.severity == "warning" for i in issues)
    report = validate_paths([path])  # the same, with lines, through the command's path
    _once_each(report.issues)
    assert {(i.pointer, i.message) for i in report.issues} == {(i.pointer, i.message) for i in issues}


WEIRD: list[Any] = [None, 0, 1.5, True, "x", " x  y ", "\ud800", [], [None], [[1]], ["atk", "atk"],
                    {"a": None}, {"name": " n "}, [{"name": "\udc00"}], {"x": [{"y": "\ud800"}]}]


@pytest.mark.parametrize("value", WEIRD, ids=repr)
def test_the_card_checks_take_any_json_value(value: Any) -> None:
    """Run beside the schema, the card checks meet cards the schema refused: never an exception."""
    docs = [_doc(value), _doc(_mouse("a", unknown=value)), _doc(_mouse("a", type=value)),
            _doc(_mouse("a", name=value, unknown=["atk"])), _doc(_mouse("a", atk=value, unknown=value)),
            _doc(_mouse("a", abilities=value)), _doc(_mouse("a"), notes=value, source=value),
            {"game": "village", "set": value, "cards": [_mouse("a", **{"x": value})]}]
    for doc in docs:
        for warnings in (True, False):
            assert all(isinstance(i, ValidationIssue) for i in _card_checks(doc, "x.json", "village",
                                                                          warnings=warnings))
        issues = validate_document(doc, file="x.json")
        assert all(isinstance(i, ValidationIssue) for i in issues)
        _once_each(issues)


def test_the_card_checks_keep_within_the_issues_kept_per_file() -> None:
    many = [_mouse(f"c{i}", unknown=["zz"]) for i in range(MAX_ISSUES_PER_FILE + 50)]
    issues = validate_document(_doc(_mouse("bad", atk="x"), *many), file="x.json")
    assert len(issues) == MAX_ISSUES_PER_FILE + 1
    assert [i.message for i in issues].count(f"stopped after {MAX_ISSUES_PER_FILE} problems") == 1
    assert "/cards/0/atk" in [i.pointer for i in issues]
    # the schema's own problems reach the limit: the card checks add nothing after it
    worse = [_mouse(f"c{i}", atk="x", unknown=["zz"]) for i in range(MAX_ISSUES_PER_FILE + 50)]
    issues = validate_document(_doc(*worse), file="x.json")
    assert len(issues) == MAX_ISSUES_PER_FILE + 1 and not any("unknown" in i.pointer for i in issues)


def test_a_sheet_reports_an_unknown_naming_no_field_beside_another_row_s_cell_problems() -> None:
    """/tmp/audit_cd/unk.csv: row 3's 'deff' was said only once row 2 was fixed."""
    from companion.cardcsv import CsvImportError, import_csv

    sheet = ("id,name,type,atk,def,source,unknown\nq1,Q1,basic-mouse,unknown,?,me,\n"
             "q2,Q2,basic-mouse,null,1,me,atk; deff\n")
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", sheet, file="unk.csv")
    problems = caught.value.problems
    assert len(problems) == 3
    assert problems[0].startswith("row 2, column D 'atk'") and problems[1].startswith("row 2, column E 'def'")
    assert problems[2] == ("row 3, column G 'unknown': 'unknown' names 'deff', not a field of a basic-mouse "
                           "card. Did you mean 'def'?")


# -- 2. an upload named as a card file of yours stands in for it --------------------------------


def _my_cards(folder: Path) -> Path:
    mine = folder / "village" / "my-cards.json"
    mine.parent.mkdir(parents=True, exist_ok=True)
    mine.write_text(json.dumps(_doc({"id": "zoe-fig", "name": "Zoë Fig", "type": "fruit", "source": "me"},
                                    _mouse("my-scout"), set="Mine"), indent=2), encoding="utf-8")
    return mine


def test_an_upload_of_a_card_file_of_yours_is_not_its_own_duplicate(_isolated_user_data: Path) -> None:
    mine = _my_cards(_isolated_user_data)
    raw = mine.read_bytes()
    assert validate_paths([mine]).ok
    report = validate_bytes(raw, file="my-cards.json")
    assert report.ok and not report.issues, report.lines()
    new = validate_bytes(raw, file="other.json")  # a new file of yours: beside my-cards.json, clashing
    assert [i.kind for i in new.errors] == ["duplicate-id", "duplicate-id"]
    assert f"already used at {mine} /cards/0" in new.errors[0].message


def test_an_upload_stands_in_the_place_of_its_file_among_your_corrections(_isolated_user_data: Path) -> None:
    """A correction of one of your cards (corrections.json, loaded after it) still finds it."""
    from companion.corrections import correct_card

    mine = _my_cards(_isolated_user_data)
    correct_card("village", "my-scout", {"def": 2}, note="typo")
    assert validate_paths([mine]).ok
    report = validate_bytes(mine.read_bytes(), file="my-cards.json")
    assert report.ok and not report.errors, report.lines()
    fixes = (_isolated_user_data / "village" / "corrections.json").read_bytes()
    assert validate_bytes(fixes, file="corrections.json").ok


def test_the_cards_page_checks_an_upload_of_your_file_as_the_path_box_does(_isolated_user_data: Path) -> None:
    from companion.views.cards import CardBrowserView

    mine = _my_cards(_isolated_user_data)
    view = CardBrowserView("village")
    view.check_bytes(mine.read_bytes(), "my-cards.json")
    upload = view.report.value
    view.path.value = str(mine)
    view.check_path()
    assert "duplicate id" not in upload and "valid: 1 file, 2 cards" in upload
    assert "valid: 1 file, 2 cards" in view.report.value


# -- 3. a sheet's round trip keeps blank file notes ---------------------------------------------


@pytest.mark.parametrize("notes", ["", "   ", "x", " x ", '"q"', "null"])
def test_file_notes_round_trip_even_blank(notes: str) -> None:
    from companion.cardcsv import export_csv, import_csv

    cards = [{"id": "pip", "name": "Pip", "type": "fruit", "source": "me"},
             {"id": "pod", "name": "Pod", "type": "fruit", "source": "me"}]
    top = {"notes": notes, "source": "my notebook"}
    back = import_csv("village", export_csv("village", cards, "Mine", [top, top]), file="x.csv")
    assert (back["notes"], back["source"]) == (notes, "my notebook")


def test_an_empty_notes_cell_is_still_no_notes() -> None:
    from companion.cardcsv import import_csv

    doc = import_csv("village", "name,type,source,set_notes\nPip,fruit,me,\nPod,fruit,me,  \n", file="x.csv")
    assert "notes" not in doc


def test_cards_export_then_import_keeps_blank_notes(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "n.json"
    src.write_text(json.dumps({"$schema": "../schemas/village.schema.json", **_doc(
        {"id": "zz-pip", "name": "ZZ Pip", "type": "fruit", "source": "me"}, notes="  ")}), encoding="utf-8")
    sheet, back = tmp_path / "n.csv", tmp_path / "back.json"
    assert run(capsys, "cards", "export", "village", "--cards", str(src), "-o", str(sheet))[0] == 0
    assert run(capsys, "cards", "import", "village", str(sheet), "-o", str(back))[0] == 0
    doc = json.loads(back.read_text(encoding="utf-8"))
    assert doc["notes"] == "  "
    assert "$schema" not in doc  # not carried, by design (cardcsv.FILE_COLUMNS says why)


# -- 4. a card of yours named as a bundled card -------------------------------------------------


def _named_as_bundled(folder: Path, **extra: Any) -> Path:
    mine = folder / "village" / "my-cards.json"
    mine.parent.mkdir(parents=True, exist_ok=True)
    mine.write_text(json.dumps(_doc(_mouse("my-acorn-scout", name="Acorn Scout", **extra),
                                    {"id": "zoe-fig", "name": "Zoë Fig", "type": "fruit", "source": "me"},
                                    set="Mine"), indent=2), encoding="utf-8")
    return mine


def test_a_card_named_as_a_bundled_card_is_warned_of(_isolated_user_data: Path) -> None:
    mine = _named_as_bundled(_isolated_user_data)
    for report in (validate_paths([mine]), validate_paths(),
                   validate_bytes(mine.read_bytes(), file="my-cards.json")):
        assert report.ok and len(report.warnings) == 1, report.lines()
        warning = report.warnings[0]
        assert (warning.pointer, warning.card_id, warning.kind) == ("/cards/0/name", "my-acorn-scout", "data")
        assert "the bundled card 'acorn-scout'" in warning.message
        assert "a decklist naming 'Acorn Scout' gets 'acorn-scout'" in warning.message
        assert "write its id in the list ('3 my-acorn-scout')" in str(warning.suggestion)
        assert '"replaces": "acorn-scout"' in str(warning.suggestion)


def test_no_warning_for_a_card_that_replaces_the_bundled_one_or_has_a_name_of_its_own(
        _isolated_user_data: Path) -> None:
    mine = _named_as_bundled(_isolated_user_data, replaces="acorn-scout")
    assert not validate_paths([mine]).issues
    mine = _named_as_bundled(_isolated_user_data)
    doc = json.loads(mine.read_text(encoding="utf-8"))
    doc["cards"][0]["name"] = "My Acorn Scout"
    mine.write_text(json.dumps(doc), encoding="utf-8")
    assert not validate_paths([mine]).issues
    assert not validate_paths().issues  # the bundled data's own printings of one name: no warning
    from companion.cards import DATA_DIR

    bundled = json.loads((DATA_DIR / "village" / "demo.json").read_text(encoding="utf-8"))["cards"]
    copy = {**next(c for c in bundled if c["id"] == "acorn-scout"), "id": "my-acorn-scout", "source": "me"}
    mine.write_text(json.dumps(_doc(copy)), encoding="utf-8")
    assert not validate_paths([mine]).issues  # a copy of that printing: the same card in play


def test_a_correction_of_the_bundled_card_or_of_yours_adds_no_second_warning(
        _isolated_user_data: Path) -> None:
    from companion.corrections import correct_card

    mine = _named_as_bundled(_isolated_user_data)
    correct_card("village", "acorn-scout", {"atk": 3}, note="house")
    correct_card("village", "my-acorn-scout", {"def": 2}, note="typo")
    report = validate_paths()
    assert report.ok and [(i.file, i.pointer) for i in report.warnings] == [(str(mine), "/cards/0/name")]
    assert "corrected at" in report.warnings[0].message  # the bundled card in force is the correction


def test_cards_import_warns_of_a_name_a_bundled_card_has(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "a.csv"
    sheet.write_text("id,name,type,atk,def,source\nmy-acorn-scout,Acorn Scout,basic-mouse,3,3,me\n",
                     encoding="utf-8")
    out = tmp_path / "a.json"
    code, _out, err = run(capsys, "cards", "import", "village", str(sheet), "-o", str(out))
    assert code == 0 and out.exists()
    assert "warning: the bundled card 'acorn-scout'" in err and "'3 my-acorn-scout'" in err
    code, text, _ = run(capsys, "cards", "import", "village", str(sheet), "-o", str(out), "--json")
    assert code == 0 and any("the bundled card 'acorn-scout'" in w for w in json.loads(text)["warnings"])


# -- 5. a corrected value is marked -------------------------------------------------------------


def test_cards_list_marks_a_corrected_value(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli.cards import CORRECTED_NOTE
    from companion.corrections import correct_card

    code, before, _ = run(capsys, "cards", "list", "village")
    assert code == 0 and "*" not in before and CORRECTED_NOTE not in before
    correct_card("village", "acorn-scout", {"atk": 3}, note="house")
    code, out, _ = run(capsys, "cards", "list", "village")
    row = next(line for line in out.splitlines() if line.startswith("acorn-scout "))
    assert row.split()[3:5] == ["basic-mouse", "3*"] and " 1 " in row  # DEF, not corrected, unmarked
    assert out.rstrip().endswith(CORRECTED_NOTE)
    code, text, _ = run(capsys, "cards", "list", "village", "--json")
    record = next(c for c in json.loads(text) if c["id"] == "acorn-scout")
    assert record["atk"] == 3 and record["def"] == 1  # --json: the values, no mark


def test_the_cards_page_tile_marks_a_corrected_value() -> None:
    from companion.corrections import correct_card
    from companion.views.cards import CORRECTED_LEGEND, CardBrowserView

    view = CardBrowserView("village")
    view.search.value = "acorn scout"
    assert "*" not in view.tiles.value and "cmp-cards-legend" not in view.tiles.value
    correct_card("village", "acorn-scout", {"atk": 3, "food": "lunch"}, note="house")
    view = CardBrowserView("village")
    view.search.value = "acorn scout"
    assert "Basic Mouse · lunch* · ATK 3* · DEF 1 · demo" in view.tiles.value
    assert "cmp-cards-legend" in view.tiles.value and CORRECTED_LEGEND.split(" (")[0] in view.tiles.value
    view.search.value = "thistle"  # no corrected card shown: no legend
    assert "cmp-cards-legend" not in view.tiles.value
