"""Users fill in what the rule book does not show: corrections replace bundled records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import load_game, user_game_files
from companion.cli import main
from companion.corrections import (
    MARK,
    correct_card,
    correction_entries,
    correction_source,
    corrections_path,
    parse_assignment,
)
from companion.errors import CompanionError


def test_filling_in_an_unknown_stat(_isolated_user_data: Path) -> None:
    before = load_game("mystics").find("brodie")
    assert before.get("life") is None and "life" in before.get("unknown", ())
    correct_card("mystics", "Brodie", {"life": 5}, note="read off my copy")
    db = load_game("mystics")
    brodie = db.find("brodie")
    assert brodie["life"] == 5
    assert "life" not in brodie.get("unknown", ())
    assert "user correction: life (read off my copy)" in brodie.source
    assert [c.id for c in db].count("brodie") == 1  # replaced, not duplicated
    assert ("brodie", "life") not in db.unknown_cells()
    # A second correction updates the same record.
    correct_card("mystics", "brodie", {"battle": 3})
    doc = json.loads(corrections_path("mystics").read_text())
    assert len(doc["cards"]) == 1 and doc["cards"][0]["replaces"] == "brodie"
    assert load_game("mystics").find("brodie")["life"] == 5


def test_a_bad_value_writes_nothing(_isolated_user_data: Path) -> None:
    correct_card("mystics", "brodie", {"life": 5})
    saved = corrections_path("mystics").read_text()
    with pytest.raises(CompanionError):
        correct_card("mystics", "brodie", {"life": "lots"})
    with pytest.raises(CompanionError, match=r"no field 'lief'.*Did you mean 'life'"):
        correct_card("mystics", "brodie", {"lief": 4})
    assert corrections_path("mystics").read_text() == saved


def test_unknown_card_gets_a_suggestion() -> None:
    with pytest.raises(CompanionError, match="Did you mean 'Brodie'"):
        correct_card("mystics", "Brody", {"life": 5})


def test_replacing_a_card_that_is_not_there_is_an_error(tmp_path: Path) -> None:
    f = tmp_path / "mine.json"
    f.write_text(json.dumps({"game": "tmnt", "set": "Mine", "cards": [
        {"id": "ghost", "name": "Ghost", "type": "event", "timing": "play", "source": "mine",
         "replaces": "no-such-card"}]}))
    with pytest.raises(CompanionError, match="replaces 'no-such-card'"):
        load_game("tmnt", extra=[f])


@pytest.mark.parametrize(("text", "expected"), [
    ("life=5", ("life", 5)), ("name=Big Cat", ("name", "Big Cat")), ("battle=null", ("battle", None)),
    ("classes=[\"warrior\"]", ("classes", ["warrior"])),
])
def test_assignments(text: str, expected: tuple[str, object]) -> None:
    assert parse_assignment(text) == expected


def test_cli_correct(capsys: pytest.CaptureFixture[str], _isolated_user_data: Path) -> None:
    assert main(["cards", "correct", "mystics", "brodie", "life=5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["life"] == 5
    assert main(["cards", "correct", "mystics", "brodie", "life"]) == 2
    assert "FIELD=VALUE" in capsys.readouterr().err
    assert main(["validate"]) == 0  # the corrections file validates with the bundled data


def test_a_correction_to_null_lists_the_field_as_unknown(_isolated_user_data: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    from companion.validation import validate_paths

    assert load_game("mystics").find("collin")["move"] == 2
    record = correct_card("mystics", "collin", {"move": None}, note="not sure after all")
    assert record["move"] is None and record["unknown"].count("move") == 1
    collin = load_game("mystics").find("collin")
    assert collin["move"] is None and "move" in collin["unknown"]
    assert ("collin", "move") in load_game("mystics").unknown_cells()
    report = validate_paths([corrections_path("mystics")])
    assert report.ok and not report.warnings, report.lines()
    assert main(["cards", "correct", "mystics", "collin", "move=2"]) == 0  # and back to a value
    capsys.readouterr()
    collin = load_game("mystics").find("collin")
    assert collin["move"] == 2 and "move" not in collin["unknown"]
    assert "life" in collin["unknown"]  # the other unknown fields stay listed
    assert main(["validate"]) == 0 and "warning" not in capsys.readouterr().out


def test_a_null_that_is_not_unknown_stays_off_the_list(_isolated_user_data: Path) -> None:
    from companion.validation import _null_only_fields

    joker = next(c for c in load_game("mousecard") if c.get("suit", "x") is None)
    assert "suit" in _null_only_fields("mousecard", joker.type)
    record = correct_card("mousecard", joker.id, {"suit": None})
    assert "suit" not in record.get("unknown", [])


def test_a_correction_that_breaks_the_game_s_cards_is_refused(_isolated_user_data: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The whole game's checks run with the correction in place: a red 2 of spades, and a second
    2 of spades, are refused and nothing is written."""
    assert main(["cards", "correct", "mousecard", "2-hearts", "suit=spades"]) == 2
    err = capsys.readouterr().err
    assert "not saved" in err and "spades are black" in err
    assert "the 2 of spades appears more than once" in err
    assert not corrections_path("mousecard").exists()
    assert main(["validate"]) == 0
    capsys.readouterr()
    # a correction already saved stays as it was when a later one is refused
    correct_card("mousecard", "2-hearts", {"value": 2}, note="checked")
    saved = corrections_path("mousecard").read_text()
    with pytest.raises(CompanionError, match="appears more than once"):
        correct_card("mousecard", "2-hearts", {"suit": "diamonds"})
    assert corrections_path("mousecard").read_text() == saved
    # a correction that keeps the deck whole is saved
    correct_card("mousecard", "2-hearts", {"colour": "red"})
    assert load_game("mousecard").find("2-hearts")["colour"] == "red"
    assert main(["validate"]) == 0


def test_the_source_is_kept_and_appended_to_never_replaced(_isolated_user_data: Path) -> None:
    """F2: `source=...` overwrote the book's citation and the earlier corrections' notes. The source
    is the record's provenance: each correction adds its fields and note, and it is not correctable."""
    book = load_game("mystics").find("spider").source
    correct_card("mystics", "spider", {"life": 2}, note="note A")
    correct_card("mystics", "spider", {"battle": 3}, note="note B")
    saved = corrections_path("mystics").read_text()
    with pytest.raises(CompanionError, match="'source' cannot be corrected") as info:
        correct_card("mystics", "spider", {"source": "a blog"}, note="x")
    assert "--note" in str(info.value)
    assert corrections_path("mystics").read_text() == saved
    source = load_game("mystics").find("spider").source
    assert source == f"{book} | user correction: life (note A); battle (note B)"


def test_a_name_two_printings_share_asks_for_the_id(_isolated_user_data: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """F2: 'Clover Forager' silently corrected the first of two printings."""
    with pytest.raises(CompanionError, match="names 2 Village TCG cards") as info:
        correct_card("village", "Clover Forager", {"atk": 2})
    assert info.value.found == "clover-forager, clover-forager-alt"
    assert not corrections_path("village").exists()
    assert main(["cards", "correct", "village", "clover-forager-alt", "atk=2"]) == 0
    assert capsys.readouterr().out.startswith("Clover Forager (clover-forager-alt): atk=2")
    assert load_game("village").find("clover-forager-alt")["atk"] == 2
    doc = json.loads(corrections_path("village").read_text())
    assert [c["replaces"] for c in doc["cards"]] == ["clover-forager-alt"]  # the other printing untouched


def test_a_list_field_given_as_text_hints_the_syntax(capsys: pytest.CaptureFixture[str]) -> None:
    """F11: `classes=healer` got "expected a list" with no hint of how to write one."""
    assert main(["cards", "correct", "mystics", "tilda", "classes=healer; warrior"]) == 2
    err = capsys.readouterr().err
    assert "'classes' is a list" in err and """classes='["healer", "warrior"]'""" in err
    assert not corrections_path("mystics").exists()
    assert main(["cards", "correct", "mystics", "tilda", 'classes=["healer"]']) == 0


def test_a_bad_value_is_blamed_on_the_command_line_not_the_file(
        _isolated_user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA3-3: `life=1e3` blamed ".../corrections.json /cards/0/life ... found 1000.0" and sent the user
    to validate that file, which is fine. The value as typed is named, with every problem at once."""
    assert main(["cards", "correct", "mystics", "brodie", "battle=2"]) == 0  # a file that exists and is fine
    capsys.readouterr()
    saved = corrections_path("mystics").read_text()
    assert main(["cards", "correct", "mystics", "brodie", "life=1e3"]) == 2
    err = capsys.readouterr().err
    assert "life=1e3: 'life' is a whole number: write it with digits only" in err
    assert "found 1e3" in err and "at most 999" in err and "1000.0" not in err
    assert "such as 1000" not in err  # a value it would then refuse is never suggested
    assert "corrections.json" not in err and "companion validate" not in err
    assert "Write life=1000" not in err  # 1000 would not do either
    assert corrections_path("mystics").read_text() == saved
    assert main(["validate", str(corrections_path("mystics"))]) == 0
    capsys.readouterr()


@pytest.mark.parametrize(("arg", "says"), [
    ("life=2.0", "life=2.0: 'life' is a whole number: write it with digits only (expected a whole number "
                 "such as 2; found 2.0). Write life=2. Nothing was saved."),
    ("life=5e0", "found 5e0). Write life=5"),
    ("life=2.5", "life=2.5: 'life' has the wrong type (expected a whole number or null (unknown); "
                 "found 2.5)"),
    ("life=-1", "life=-1: 'life' is out of range (expected at least 0; found -1)"),
    ("life=NaN", 'life=NaN: \'life\' has the wrong type (expected a whole number or null (unknown); '
                 'found text "NaN")'),
])
def test_values_that_are_not_whole_numbers_in_range_are_refused(
        arg: str, says: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A number written with a point or an exponent is refused as card files and sheets refuse it."""
    assert main(["cards", "correct", "mystics", "brodie", arg]) == 2
    assert says in capsys.readouterr().err
    assert not corrections_path("mystics").exists()


def test_every_problem_of_the_values_is_reported_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "correct", "mystics", "tilda", "classes=healer", "life=-1", "battle=x"]) == 2
    err = capsys.readouterr().err
    assert "3 problems" in err and "classes=healer: 'classes' is a list" in err
    assert "life=-1: 'life' is out of range" in err and "battle=x: 'battle' has the wrong type" in err
    assert main(["cards", "correct", "mystics", "brodie", "lief=4", "source=x", "--json"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert [i["file"] for i in out["issues"]] == ["lief=4", "source=x"]
    assert "Did you mean 'life'?" in out["error"] and "cannot be corrected" in out["error"]
    assert not corrections_path("mystics").exists()


def test_parse_assignment_keeps_nan_and_infinity_as_text() -> None:
    assert parse_assignment("life=NaN") == ("life", "NaN")
    assert parse_assignment("life=-Infinity") == ("life", "-Infinity")
    assert parse_assignment("life=1e3") == ("life", 1000.0)


def test_correcting_a_field_again_does_not_repeat_it_in_the_source(_isolated_user_data: Path) -> None:
    """QA3-4: four corrections of life made the source "... life; life; life; life"."""
    book = load_game("mystics").find("brodie").source
    for life in (1, 2, 3, 4):
        correct_card("mystics", "brodie", {"life": life})
    assert load_game("mystics").find("brodie").source == f"{book} | user correction: life"
    correct_card("mystics", "brodie", {"battle": 2, "life": 5}, note="read off; my copy (2nd ed.)")
    correct_card("mystics", "brodie", {"life": 6}, note="errata")
    correct_card("mystics", "brodie", {"life": 6}, note="errata")
    brodie = load_game("mystics").find("brodie")
    assert brodie.source == f"{book} | user correction: battle (read off; my copy (2nd ed.)); life (errata)"
    assert brodie["life"] == 6 and brodie["battle"] == 2


def test_a_value_that_clashes_with_the_card_s_other_fields_names_the_card(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert load_game("village").find("quicksand")["continuous"] is True
    assert main(["cards", "correct", "village", "quicksand", "instant=true"]) == 2
    err = capsys.readouterr().err
    assert "quicksand with this correction: a Magic card is either instant or continuous, not both" in err
    assert "/cards/0" not in err and "corrections.json" not in err
    assert not corrections_path("village").exists()


@pytest.mark.parametrize("file_name", ["a-mine.json", "z-mine.json"])  # before or after "corrections"
def test_a_card_of_your_own_can_be_corrected_whatever_its_file_is_called(
        _isolated_user_data: Path, file_name: str) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    (folder / file_name).write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "def": 1, "source": "my design"}]}),
        encoding="utf-8")
    correct_card("village", "pip", {"atk": 2})
    pip = load_game("village").find("pip")
    assert pip["atk"] == 2 and "user correction: atk" in pip.source
    assert [f.name for f in user_game_files("village")] == [file_name, "corrections.json"]


def test_a_field_of_another_card_type_is_named_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["cards", "correct", "village", "fruit-apple", "atk=3", "atc=2"])
    err = capsys.readouterr().err
    assert code == 2  # as every bad value of cards correct
    assert ("atk=3: 'fruit-apple' is a fruit card, which has no field 'atk'. 'atk' belongs to basic-mouse "
            "and mega-mouse cards, not fruit cards; atc=2:") in err
    assert "Did you mean 'art'? Nothing was saved." in err  # no "?." where the sentences meet


_BOOKS = ("Rule book p. 12", "Rule book (Brodie's page); errata", "")
_FIELDS = ("life", "battle", "defense", "lore")


@given(book=st.sampled_from(_BOOKS),
       steps=st.lists(st.tuples(st.sets(st.sampled_from(_FIELDS), min_size=1),
                                st.one_of(st.text(), st.sampled_from(
                                    ["hard to read :(", ")", "a) (b", "x; y", "\\", "\\(", MARK,
                                     "(x; life (y)", "; battle (z"]))),
                      min_size=1, max_size=6))
def test_any_note_reads_back_and_keeps_the_other_fields_entries(
        book: str, steps: list[tuple[set[str], str]]) -> None:
    """Audit 6: a note with a bracket that did not close ("hard to read :(") swallowed the entries
    after it, so the next correction of its field deleted the other fields' entries."""
    source, model = book, []
    for fields, note in steps:
        source = correction_source(source, fields, note)
        model = [(kept, n) for kept, n in ((f - fields, n) for f, n in model) if kept]
        model.append((set(fields), note or None))
        assert source.startswith(book + MARK)
        assert [(set(f), n) for f, n in correction_entries(source)] == model


def test_a_note_with_a_bracket_that_does_not_close_keeps_the_other_entries(
        capsys: pytest.CaptureFixture[str]) -> None:
    book = load_game("mystics").find("brodie").source
    assert main(["cards", "correct", "mystics", "brodie", "life=5", "--note", "hard to read :("]) == 0
    assert main(["cards", "correct", "mystics", "brodie", "battle=2", "--note", "from the card"]) == 0
    assert main(["cards", "correct", "mystics", "brodie", "life=6", "--note", "re-read"]) == 0
    brodie = load_game("mystics").find("brodie")
    assert brodie.source == f"{book} | user correction: battle (from the card); life (re-read)"
    assert brodie["battle"] == 2 and brodie["life"] == 6
    assert main(["cards", "correct", "mystics", "brodie", "life=7", "--note", "a \\ b :("]) == 0
    source = load_game("mystics").find("brodie").source
    assert correction_entries(source) == [(["battle"], "from the card"), (["life"], "a \\ b :(")]


def test_a_source_written_before_notes_were_escaped_keeps_its_entries() -> None:
    old = "Book | user correction: life (hard to read :(); battle (from the card)"
    assert correction_source(old, ["life"], "re-read") == (
        "Book | user correction: battle (from the card); life (re-read)")


def test_a_card_your_file_replaced_is_corrected_by_its_old_id(leo_replaced: Path) -> None:
    """Audit 8: `cards correct tmnt leonardo-1` once a file of yours replaced it with leo-new."""
    record = correct_card("tmnt", "leonardo-1", {"power": 4})
    assert (record["id"], record["replaces"]) == ("leo-new", "leo-new")
    assert load_game("tmnt").find("leonardo-1")["power"] == 4
