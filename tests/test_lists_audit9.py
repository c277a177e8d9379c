"""Ninth audit, of the files a new user hands in: a Monarchs score file's repeated keys and its
problems one at a time, a card sheet's misspelt header hiding its rows' problems and ``cards import
--json``'s plain-text problems, a CSV decklist's misnamed columns, a decklist's JSON syntax error
without the card files' hint, and ``deck odds --kind`` without its citation. Each test failed before
its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cardcsv import CsvImportError, import_csv
from companion.cards import load_game
from companion.deck.decklist import DecklistError, parse
from companion.monarchs.scoring import ScoreInputError, parse_score_input

from .test_deck_cli import run

ROOT = Path(__file__).resolve().parents[1]
LEGAL = {"village": str(ROOT / "data" / "decks" / "village-demo-legal.txt"),
         "tmnt": str(ROOT / "data" / "decks" / "tmnt-demo-legal.txt")}


# -- 1. a score file's key given twice ---------------------------------------------------------


def test_a_score_file_that_gives_a_key_twice_is_refused_as_a_decklist_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.json"
    f.write_text('{"cards":[{"color":"red","crowns":1}],"cards":[]}', encoding="utf-8")
    code, out, err = run(capsys, "score", "monarchs", str(f))
    assert code == 2 and out == ""  # (it scored 0 VP)
    assert "/cards: the key 'cards' is given twice in the score file: only the last value ([]) would count" \
        in err
    with pytest.raises(ScoreInputError, match=r"/cards/0/crowns: the key 'crowns' is given twice in this"):
        parse_score_input('{"cards": [{"color": "red", "crowns": 1, "crowns": 2}]}')


# -- 2. every problem of a score file in one run ------------------------------------------------

BAD_SCORES = ('{"cards":[{"color":"orange","crowns":-1},{"color":"orang","crowns":1},'
              '{"color":"red","crowns":1,"count":"2"},{"color":"red","crowns":1e9},{"color":"gray","crowns":1}]}')


def test_a_score_file_lists_every_problem_each_with_its_pointer(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ScoreInputError) as caught:
        parse_score_input(BAD_SCORES, source="s.json")
    text = caught.value.render()
    assert text.startswith("s.json: the score file has 4 problems:")
    for pointer, said in [("/cards/0/crowns", "not -1"), ("/cards/1/color", "Did you mean 'orange'?"),
                          ("/cards/2/count", 'not "2"'), ("/cards/3/crowns", "not 1e9")]:
        assert any(line.strip().startswith(pointer) and said in line for line in text.splitlines()), pointer
    assert "1000000000" not in text  # (1e9 as typed)
    f = tmp_path / "s.json"
    f.write_text(BAD_SCORES, encoding="utf-8")
    code, out, _ = run(capsys, "score", "monarchs", str(f), "--json")
    doc = json.loads(out)
    assert code == 2 and [i["pointer"] for i in doc["issues"]] == [
        "/cards/0/crowns", "/cards/1/color", "/cards/2/count", "/cards/3/crowns"]


def test_a_colour_and_crowns_both_wrong_in_one_card_are_two_problems() -> None:
    with pytest.raises(ScoreInputError) as caught:
        parse_score_input('{"cards": [{"color": "orang", "crowns": -1}]}', source="s.json")
    assert [i.pointer for i in caught.value.issues] == ["/cards/0/color", "/cards/0/crowns"]  # type: ignore


def test_one_problem_of_a_score_file_reads_as_before_with_its_issue_for_json() -> None:
    with pytest.raises(ScoreInputError) as caught:
        parse_score_input('{"cards": [{"color": "red", "crowns": 1.5}]}', source="f.json")
    assert caught.value.where == "f.json /cards/0/crowns"
    assert caught.value.message == "crowns must be a whole number 0..999, not 1.5"
    assert [i.pointer for i in caught.value.issues] == ["/cards/0/crowns"]  # type: ignore


# -- 3. a card sheet's misspelt header and its rows, in one run; --json's structured problems ----

SHEET = "id,name,typ,atk,def,source\nmy-pip3,My Pip3,basic-mouse,x,-1,me\n"


def test_a_misspelt_required_column_still_lets_the_rows_be_checked() -> None:
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", SHEET, file="s.csv")
    problems = caught.value.problems
    assert problems[0] == ("row 1, column C: unknown column 'typ' (Did you mean 'type'? The column 'type' is "
                           "required)")
    assert any(p.startswith("row 2, column D 'atk': 'atk' has the wrong type") for p in problems)
    assert any(p.startswith("row 2, column E 'def': 'def' is out of range") for p in problems)
    # a column close to none that is missing: its cells are ignored, and the rows are checked as ever
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", "id,name,type,atk,def,source,powr\nmy-pip,My Pip,basic-mouse,x,1,me,zz\n",
                   file="s.csv")
    assert [p.split(":")[0] for p in caught.value.problems] == ["row 1, column G", "row 2, column D 'atk'"]


def test_cards_import_json_gives_structured_problems_with_their_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "s.csv"
    sheet.write_text(SHEET, encoding="utf-8")
    code, out, _ = run(capsys, "cards", "import", "village", str(sheet), "-o", str(tmp_path / "o.json"),
                       "--json")
    problems = json.loads(out)["problems"]
    assert code == 1 and problems[0] == {
        "row": 1, "column": "C", "field": None, "suggestions": ["type"],
        "problem": "unknown column 'typ' (Did you mean 'type'? The column 'type' is required)",
        "message": "row 1, column C: unknown column 'typ' (Did you mean 'type'? The column 'type' is "
                   "required)"}
    atk = next(p for p in problems if p["field"] == "atk")
    assert (atk["row"], atk["column"]) == (2, "D") and atk["message"].startswith("row 2, column D 'atk': ")


# -- 4. a CSV decklist's header ---------------------------------------------------------------


@pytest.mark.parametrize(("text", "lacking", "hint"), [("count,nom\n3,Apple\n", "card", "name"),
                                                        ("name,foo\nApple,3\n", "count", None),
                                                        ("cnt;card\n3;Apple\n", "count", "count")])
def test_a_csv_header_without_a_card_or_count_column_is_said_as_such(text: str, lacking: str,
                                                                     hint: str | None) -> None:
    with pytest.raises(DecklistError) as caught:
        parse(text, load_game("village"))
    (issue,) = caught.value.issues
    assert issue.line == 1 and issue.problem.startswith(f"the header has no {lacking} column (expected "
                                                        "count,card or qty,name")
    assert issue.suggestions == ((hint,) if hint else ())


def test_an_extra_column_of_a_csv_decklist_is_not_read_and_said_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = parse("qty,name,extra\n3,Apple,x\n2,Acorn Scout,\n", load_game("village"))
    assert [(e.card.name, e.count) for e in deck.entries] == [("Apple", 3), ("Acorn Scout", 2)]
    assert deck.warnings == ("line 1: the column 'extra' is not read (a decklist takes a count and a card): "
                             "its cells are no part of the deck, and stay in the file as they are",)
    f = tmp_path / "d.csv"
    f.write_text("qty,name,extra\n3,Apple,x\n", encoding="utf-8")
    code, out, err = run(capsys, "deck", "check", "village", str(f), "--json")
    assert code == 1 and json.loads(out)["warnings"] == [
        f"{f} line 1: the column 'extra' is not read (a decklist takes a count and a card): its cells are no "
        "part of the deck, and stay in the file as they are"]
    assert "warning:" in err and "'extra' is not read" in err


# -- 5. a decklist's JSON syntax error -------------------------------------------------------


def test_a_decklist_s_trailing_comma_gets_the_card_files_hint_without_the_whole_line() -> None:
    text = '{"name": "x", "cards": [{"card": "Apple", "count": 3}, ' + " " * 200 + "]}"
    with pytest.raises(DecklistError) as caught:
        parse(text, load_game("village"))
    (issue,) = caught.value.issues
    assert "Remove the comma after the last item (line 1, column 54)" in issue.problem
    assert issue.text.startswith("…") and '"name"' not in issue.text  # (not the whole of a long line)


# -- 6. deck odds --kind: the opening hand's citation; an unknown field ----------------------------


@pytest.mark.parametrize(("game", "kind", "cite"), [("village", "atk=5", "village-tcg.txt, Gameplay"),
                                                    ("tmnt", "type=character",
                                                     "tmnt-tcg.txt, Getting Started (3)")])
def test_odds_of_a_kind_in_the_opening_hand_cite_the_hand(game: str, kind: str, cite: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deck", "odds", game, LEGAL[game], "--kind", kind, "--json")
    assert code == 0 and json.loads(out)["odds"][0]["cite"] == cite
    code, out, _ = run(capsys, "deck", "odds", game, LEGAL[game], "--kind", kind)
    assert code == 0 and cite in out
    code, out, _ = run(capsys, "deck", "odds", game, LEGAL[game], "--kind", kind, "--draws", "9", "--json")
    assert json.loads(out)["odds"][0]["cite"] == ""  # (9 is the user's, not the book's)


def test_odds_of_a_kind_with_an_unknown_field_list_the_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "deck", "odds", "village", LEGAL["village"], "--kind", "colour=red")
    assert code == 2 and "no card has the field 'colour'" in err
    assert "expected one of the fields abilities, atk, continuous, def, food" in err and "type" in err
