"""Of Mice and Monarchs at the table (session 6, second round): a high-score file keeps what was typed
into it by hand, Save score is off when the file cannot be read, the command's rows and refusals say
what they mean, the page explains a tie at 10th place, the End of game tab refuses a value as a field,
and an empty or misspelt card name is told so."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.cards import CardDB, card_from_record
from companion.errors import CompanionError
from companion.highscores import high_score_path, load_high_scores, record_high_score, remove_high_score
from companion.monarchs.flow import HighScore, HighScores
from companion.views.monarchs import MonarchsCompanion
from tests.helpers import run_cli as run


def db() -> CardDB:
    recs = [{"id": "duke", "name": "Duke", "type": "court", "color": "red", "cost": 4, "influence": 0,
             "move_cover": 0, "crowns": 2, "source": "demo"}]
    return CardDB("monarchs", [card_from_record("monarchs", "demo", r) for r in recs])


def text(widget_html: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def table_file(entries: list[dict[str, object]], **top: object) -> Path:
    path = high_score_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"game": "monarchs", **top, "solo_high_scores": entries}, indent=2),
                    encoding="utf-8")
    return path


# -- 1. what was typed into the file by hand is never lost by a save ------------------------------------

def test_a_note_in_an_entry_and_a_key_of_the_file_survive_a_save_and_a_removal(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = table_file([{"score": 30, "name": "Ann", "date": "2024-01-01", "note": "first win"},
                       {"score": 20, "name": "Bo", "date": "2024-02-01", "variant": "family", "by": ["x"]}],
                      comment="merged by hand")
    assert run(capsys, "monarchs", "highscores", "--add", "25", "--name", "Cy")[0] == 0
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["comment"] == "merged by hand"
    rows = {e["name"]: e for e in doc["solo_high_scores"]}
    assert rows["Ann"]["note"] == "first win" and rows["Bo"]["by"] == ["x"] and "note" not in rows["Cy"]
    remove_high_score(1, variant="family")  # (Bo) the others keep their notes
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["comment"] == "merged by hand"
    notes = [(e["name"], e.get("note")) for e in doc["solo_high_scores"]]
    assert notes == [("Ann", "first win"), ("Cy", None)]


def test_the_command_json_lists_the_table_not_the_files_own_keys(capsys: pytest.CaptureFixture[str]) -> None:
    table_file([{"score": 30, "name": "Ann", "rank": 7}], rank=99)
    code, out, _ = run(capsys, "monarchs", "highscores", "--json")
    doc = json.loads(out)
    assert code == 0 and "rank" not in doc and doc["tables"]["standard"][0]["rank"] == 1


def twelve() -> list[dict[str, object]]:
    return [{"score": 50 - i, "name": f"P{i}", "date": "2024-01-01"} for i in range(12)]


def test_a_hand_merged_table_of_twelve_refuses_a_score_and_leaves_the_file_as_it_was(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = table_file(twelve())
    before = path.read_bytes()
    code, out, err = run(capsys, "monarchs", "highscores", "--add", "45")
    assert code == 2 and out == ""
    assert "holds 12 standard scores, 2 past the top 10" in err and "40 VP  P10" in err
    assert "nothing is saved" in err and "Move the scores past the 10th out of the file" in err
    assert path.read_bytes() == before
    with pytest.raises(CompanionError, match="2 past the top 10"):
        record_high_score(HighScore(1))
    assert path.read_bytes() == before


def test_the_table_itself_refuses_a_score_of_a_scoring_it_holds_too_many_of() -> None:
    # (review mend: the refusal is HighScores.add's own, so no caller adds without the check)
    path = table_file(twelve())
    table = load_high_scores()
    with pytest.raises(CompanionError, match="2 past the top 10") as refused:
        table.add(HighScore(45))
    assert refused.value.where == "high scores, standard scoring"
    with pytest.raises(CompanionError, match="2 past the top 10") as refused:
        table.add(HighScore(45), where=str(path))
    assert refused.value.where == str(path)
    with pytest.raises(CompanionError, match="2 past the top 10") as refused:
        record_high_score(HighScore(45))  # the file's refusal names the file
    assert refused.value.where == str(path)
    assert table.add(HighScore(5, variant="family"))[1] == 1  # the other scoring is kept


def test_a_hand_merged_table_is_listed_with_a_note_and_keeps_its_extra_scores(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = table_file(twelve())
    code, out, _ = run(capsys, "monarchs", "highscores")
    assert code == 0 and " 10.   41 VP  P9" in out and "P10" not in out.split("note:")[0]
    assert "note: the file also holds 2 standard scores past the top 10" in out
    # a score of the other scoring is saved, the twelve kept
    assert run(capsys, "monarchs", "highscores", "--add", "5", "--variant", "family")[0] == 0
    assert len(json.loads(path.read_text(encoding="utf-8"))["solo_high_scores"]) == 13
    # taking one back moves the 11th up into the place made: nothing is lost
    table, gone = remove_high_score(1, variant="standard")
    assert gone.name == "P0" and [e.name for e in table.of("standard")][-1] == "P10"
    assert [e.name for e in table.beyond] == ["P11"]
    assert [e["name"] for e in json.loads(path.read_text(encoding="utf-8"))["solo_high_scores"]
            if e.get("variant") != "family"] == [f"P{i}" for i in range(1, 12)]


def test_save_score_is_off_for_the_scoring_a_hand_merged_file_holds_too_many_of() -> None:
    table_file(twelve())
    v = MonarchsCompanion(db())
    v.hs_score.value = 45
    assert v.save_button.disabled and "2 past the top 10" in text(v.save_off.value)
    assert "past the top 10" in text(v.highscores.value)  # the note under the table
    v.hs_variant.value = "family"
    assert not v.save_button.disabled and v.save_off.value == ""


# -- 2. Save score is off when the file cannot be read -------------------------------------------------

def test_save_score_is_off_saying_why_when_the_high_score_file_cannot_be_read() -> None:
    path = high_score_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"solo_high_scores": [ {"score": 50 broken', encoding="utf-8")
    v = MonarchsCompanion(db())
    v.hs_score.value = 40
    assert v.save_button.disabled
    assert "the high-score table cannot be read" in text(v.save_off.value)
    assert "move the file aside" in text(v.save_off.value)
    path.unlink()  # moved aside: the page reads it again after the next save or removal
    v.show_high_scores()
    assert not v.save_button.disabled and v.save_off.value == ""


# -- 3. the command's rows leave no gap for an empty name or date ---------------------------------------

def test_a_row_without_a_name_or_date_has_no_stray_spaces(capsys: pytest.CaptureFixture[str]) -> None:
    table_file([{"score": 54, "name": "", "date": "", "variant": "family"},
                {"score": 30, "name": "Ann", "date": "", "variant": "standard"}])
    code, out, _ = run(capsys, "monarchs", "highscores", "--remove", "1", "--variant", "family")
    assert code == 0 and "Removed: 54 VP  (family)\n" in out
    assert "  1.   30 VP  Ann  (standard)\n" in out


# -- 4. --remove: identical tied rows, an empty table ---------------------------------------------------

def test_remove_takes_back_one_of_two_identical_tied_rows(capsys: pytest.CaptureFixture[str]) -> None:
    table_file([{"score": 30, "name": "Ann", "date": "2024-01-01"},
                {"score": 28, "name": "Bo", "date": "2024-01-02"},
                {"score": 28, "name": "Bo", "date": "2024-01-02"}])
    code, out, err = run(capsys, "monarchs", "highscores", "--remove", "2")
    assert code == 0, err
    assert "Removed: 28 VP  Bo  2024-01-02" in out and "--name" not in out
    assert [(e.score, e.name) for e in load_high_scores().entries] == [(30, "Ann"), (28, "Bo")]


def test_tied_rows_of_two_names_still_ask_for_the_name() -> None:
    table = HighScores((HighScore(28, "Ann"), HighScore(28, "Bo")))
    with pytest.raises(CompanionError, match="shared by 2 tied scores"):
        table.remove(1)


def test_remove_on_an_empty_table_says_it_is_empty(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "monarchs", "highscores", "--remove", "2")
    assert code == 2 and "no high score at place 2: the high-score tables are empty" in err
    assert "expected a score in the table" not in err
    record_high_score(HighScore(30, "Ann"))
    code, _, err = run(capsys, "monarchs", "highscores", "--remove", "1", "--variant", "family")
    assert code == 2 and "the family scoring's table is empty" in err and "--variant standard" in err


# -- 5. the page explains a tie at 10th place as the command does ---------------------------------------

def test_the_page_says_a_score_tying_the_tenth_keeps_out(capsys: pytest.CaptureFixture[str]) -> None:
    table_file([{"score": 50 - i, "name": f"P{i}"} for i in range(10)])
    v = MonarchsCompanion(db())
    v.hs_score.value = 41  # the 10th is 41
    assert v.save_score() is None
    said = text(v.hs_message.value)
    assert "ties the 10th score, which keeps its place (the earlier one stays): not in the top 10" in said
    code, out, _ = run(capsys, "monarchs", "highscores", "--add", "41")
    assert code == 0 and "ties the 10th score, which keeps its place" in out


# -- 6. End of game: a value past its box is the box's refusal ------------------------------------------

@pytest.mark.parametrize("players", [0, 9])
def test_players_out_of_range_is_said_as_the_fields_refusal(players: int) -> None:
    v = MonarchsCompanion(db())
    v.players.value = players
    said = text(v.end_out.value)
    assert "That did not work" not in said
    assert f"Players: {players} is out of range" in said and f"players must be 1 to 6, not {players}" in said
    assert "has no place" not in said  # (0 players: not a seat without a place)


# -- 7. an empty card name, and suggestions kept to the close ones --------------------------------------

def test_an_empty_hand_value_is_said_empty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "monarchs", "buy", "--hand", "", "--front", "2")
    assert code == 2 and out == ""
    assert "--hand 1: an empty value, not a card" in err and "unknown" not in err


@pytest.mark.parametrize("option", [["--hand", "Peasant Mouse A", "--front", "2"],
                                    ["--influence", "3", "--front", "Peasant Mouse A"]])
def test_a_misspelt_name_is_offered_the_close_names_only(option: list[str],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "monarchs", "buy", *option)
    assert code == 2 and "Peasant Mouse (A, 0)" in err and "Peasant Mouse (A, +1)" in err
    assert "(D, 0)" not in err


def test_a_name_a_letter_off_is_still_offered_its_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "monarchs", "buy", "--hand", "Sun Kin", "--front", "2")
    assert code == 2 and "Did you mean 'Sun King'?" in err
