"""Deck review 6: a CSV decklist with a title row (or a ``Name:`` row) above its header, the deck's
name kept by ``deck export --to csv``, one message (and one count) per unreadable JSON entry with its
line, a JSON entry without a count refused, and a ``;`` sheet's row written with ``,``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, CardDB, load_game
from companion.deck.decklist import Decklist, DecklistError, LineIssue, list_form, parse
from companion.deck.listtext import file_text, split_name

from .test_deck_cli import run

TDB = load_game("tmnt")
VDB = load_game("village")
LEGAL = str(DATA_DIR / "decks" / "village-demo-legal.txt")


def counts(deck: Decklist) -> dict[str, int]:
    return {e.card.id: e.count for e in deck.entries}


def problems(text: str, db: CardDB = TDB) -> list[LineIssue]:
    with pytest.raises(DecklistError) as err:
        parse(text, db)
    return list(err.value.issues)


# --- 1. a title row above the header ------------------------------------------------------------------

@pytest.mark.parametrize(("text", "name"), [
    ("My TMNT deck,,\ncount,card,notes\n3,Hun,boss\n2,Sai,\n", "My TMNT deck"),
    ("Name: My CSV deck\ncount,card\n3,Hun\n2,Sai\n", "My CSV deck"),
    ("# kept in a sheet\nsep=;\nName: Mine;;\n\ncount;card\n3;Hun\n2;Sai\n", "Mine"),
    ('"Name: Mice, ""Fruit"""\ncount,card\n3,Hun\n2,Sai\n', 'Mice, "Fruit"'),
])
def test_a_title_row_above_the_header_names_the_csv_list(text: str, name: str) -> None:
    assert list_form(text) == "csv"
    deck = parse(text, TDB, name="file-name")
    assert deck.name == name
    assert sum(counts(deck).values()) == 5
    assert split_name(text, TDB) == (text, name)  # (the page's Name box shows it)


def test_the_finding_s_sheet_with_a_title_row_is_checked(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "dtitle.csv"
    sheet.write_text("My TMNT deck,,\ncount,card,notes\n3,Hun,boss\n2,Sai,\n", encoding="utf-8")
    code, out, err = run(capsys, "deck", "check", "tmnt", str(sheet))
    assert code == 1 and out.startswith("My TMNT deck: 5 cards")  # read (and not legal: 5 cards)
    assert "header row" not in err and "count,card'" not in err


@pytest.mark.parametrize(("text", "line", "says"), [
    ("My deck,,\nmade in 2024,,\ncount,card\n3,Hun\n", 2,
     "above the header row (line 3) only one title row is read"),
    ("deck,2024\ncount,card\n3,Hun\n", 1, "above the header row (line 2) only one title row is read"),
    ("3,Hun\ncount,card\n2,Sai\n", 1, "move this row below the header if it is a card"),
    ("Name: Mice, Fruit\ncount,card\n3,Hun\n", 1, 'put the name in quotes, like "Name: Mice, Fruit"'),
])
def test_anything_else_above_the_header_is_said_plainly(text: str, line: int, says: str) -> None:
    (issue,) = problems(text)
    assert issue.line == line and says in issue.problem
    # never "give the list a header row" (it has one), nor the header made a card line
    assert "header row 'count,card'" not in issue.problem and "1 count,card" not in issue.problem


# --- 2. deck export --to csv keeps the deck's name ----------------------------------------------------

def test_a_csv_export_keeps_the_name_and_reads_back_the_same(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "vl.csv"
    code, out, _ = run(capsys, "deck", "export", "village", LEGAL, "-o", str(sheet), "--json")
    assert code == 0 and json.loads(out)["name"] == "Village demo (legal)"
    assert sheet.read_text(encoding="utf-8").startswith("Name: Village demo (legal)\ncount,card\n")
    before = parse(Path(LEGAL).read_text(encoding="utf-8"), VDB)
    after = parse(sheet.read_text(encoding="utf-8"), VDB, name="vl")
    assert (after.name, after.entries) == (before.name, before.entries)
    code, out, _ = run(capsys, "deck", "check", "village", str(sheet))
    assert code == 0 and out.startswith("Village demo (legal): 60 cards")


def test_a_name_csv_needs_quoted_reads_back_and_a_two_line_name_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.json"
    for name in ('Mice, "Fruit" #1', "  Name: inner; tab\there  "):
        deck.write_text(json.dumps({"name": name, "cards": [{"card": "Apple", "count": 3}]}),
                        encoding="utf-8")
        code, out, _ = run(capsys, "deck", "export", "village", str(deck), "--to", "csv")
        assert code == 0 and parse(out, VDB).name == name.strip(), out
    deck.write_text(json.dumps({"name": "two\nlines", "cards": [{"card": "Apple", "count": 3}]}),
                    encoding="utf-8")
    sheet = tmp_path / "out.csv"
    code, _, err = run(capsys, "deck", "export", "village", str(deck), "-o", str(sheet))
    assert code == 2 and "cannot be kept in a CSV list" in err and "--to json" in err
    assert not sheet.exists()


def test_the_page_writes_a_csv_list_s_name_unless_its_file_name_says_it() -> None:
    deck = parse("3 Apple\n", VDB)
    assert file_text("3 Apple\n", deck, "Mice & Fruit", "village-mice-fruit.csv", VDB) == (
        "Name: Mice & Fruit\ncount,card\n3,Apple\n")
    assert file_text("3 Apple\n", deck, "sheet", "village-sheet.csv", VDB) == "count,card\n3,Apple\n"


# --- 3. and 4. JSON decklists: one message and one count per entry, its line; a count never left out --

def test_a_json_entry_s_problems_are_one_message_and_entries_are_counted() -> None:
    doc = ('{"name": "JSON deck", "cards": [\n'
           '  {"card": "Leonardo", "count": 3},\n'
           '  {"card": "Raphel", "count": "3"},\n'
           '  {"cardd": "Karai", "count": 1},\n'
           '  {"card": 5, "count": 1},\n'
           '  {"card": "Karai"}\n'
           ']}\n')
    with pytest.raises(DecklistError) as err:
        parse(doc, TDB, where="dj1.json")
    issues = err.value.issues
    assert [i.pointer for i in issues] == ["/cards/1", "/cards/2", "/cards/3/card", "/cards/4/count"]
    assert [i.line for i in issues] == [3, 4, 5, 6]
    assert str(err.value).startswith("dj1.json: the decklist has 4 entries that cannot be read:")
    assert err.value.headline() == "4 entries cannot be read"
    raph, cardd, five, karai = issues
    assert raph.problem.startswith('bad count "3"') and "; and unknown TMNT TCG card 'Raphel'" in raph.problem
    assert raph.suggestions == ("Raphael",) and raph.render().endswith("Did you mean 'Raphael'?")
    assert raph.unknown == "Raphel"  # (what tells a list of the other game's cards)
    assert 'found no "card"' in cardd.problem and "; and unknown field 'cardd'" in cardd.problem
    assert 'found the number 5 in "card"' in five.problem
    assert 'no "count": add "count": N' in karai.problem
    assert "line 6 /cards/4/count: " in str(err.value)
    js = err.value.to_json()["issues"]
    assert [i["line"] for i in js] == [3, 4, 5, 6]


def test_the_count_is_of_entries_even_when_an_entry_has_two_problems() -> None:
    two = [LineIssue(None, "{}", "a", pointer="/cards/1/card"),
           LineIssue(None, "{}", "b", pointer="/cards/1/count")]
    assert DecklistError(two).headline() == "1 entry cannot be read"


@pytest.mark.parametrize("doc", [
    {"cards": [{"card": "Karai"}, {"card": "Hun", "count": 1}]},
    {"cards": [{"card": "Karai", "name": "Karai"}]},
])
def test_a_json_entry_without_a_count_is_refused(doc: dict[str, object]) -> None:
    (issue,) = problems(json.dumps(doc))
    assert issue.pointer == "/cards/0/count" and 'no "count"' in issue.problem
    assert 'add "count": N' in issue.problem


def test_a_non_object_entry_says_what_was_found() -> None:
    (issue,) = problems('{"cards": ["3 Hun"]}')
    assert issue.pointer == "/cards/0" and issue.problem.endswith('found the text "3 Hun"')


# --- 7. a ';' sheet's row written with ',' -----------------------------------------------------------

@pytest.mark.parametrize(("text", "says"), [
    ("count;card\n3;Hun\n2,Sai\n", "this row separates its cells with ',', but the sheet separates them "
                                   "with ';' (as its header row, line 1, does): write '2;Sai'"),
    ("sep=;\ncount;card\n3;Hun\nSai,2\n", "(its sep= line says so): write 'Sai;2'"),
    ("count,card\n3,Hun\n2;Sai\n", "separates its cells with ';', but the sheet separates them with ','"),
])
def test_a_row_with_the_other_separator_is_told_so(text: str, says: str) -> None:
    (issue,) = problems(text)
    assert says in issue.problem and "no card in this row" not in issue.problem
