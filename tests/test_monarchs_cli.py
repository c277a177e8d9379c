"""``companion score monarchs`` and ``companion monarchs ...``: output, JSON and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cards import DATA_DIR
from companion.cli import main
from tests.helpers import run_cli as run

BOOK_JSON = {"cards": [
    {"color": "orange", "crowns": 2}, {"color": "orange", "crowns": 0, "count": 2},
    {"color": "green", "crowns": 3}, {"color": "green", "crowns": 0, "count": 3},
    {"color": "blue", "crowns": 1}, {"color": "blue", "crowns": 0},
    {"color": "red", "crowns": 0, "count": 2}, {"color": "purple", "crowns": 2},
    {"color": "yellow", "crowns": 3}, {"color": "yellow", "crowns": 0},
    {"color": "gray", "crowns": 0, "count": 10}]}

HAS_DATA = (DATA_DIR / "monarchs" / "demo.json").exists()




def test_score_json_book_example_is_28(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "score.json"
    f.write_text(json.dumps(BOOK_JSON))
    code, out, _ = run(capsys, "score", "monarchs", str(f), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["total"] == 28
    assert doc["by_color"]["green"] == {"cards": 4, "crowns": 3, "vp": 12}
    assert doc["gray_cards"] == 10
    code, out, _ = run(capsys, "score", "monarchs", str(f))
    assert code == 0 and "= 28 VP" in out


def test_score_family_json_has_discards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "score.json"
    f.write_text(json.dumps({"cards": [{"color": "green", "crowns": c} for c in (3, 0, 2, 1)]}))
    code, out, _ = run(capsys, "score", "monarchs", str(f), "--variant", "family", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["total"] == 5
    assert doc["by_color"]["green"]["discard"] == [0, 1]
    assert "green" in doc["discards"]


@pytest.mark.parametrize("content, needle", [
    ('{"cards": [{"color": "pink", "crowns": 1}]}', "/cards/0"),
    ('{"cards": [{"color": "red"}]}', "crowns"),
    ('{"cards": [', ":1:"),
    ("", "empty"),
])
def test_score_bad_input_exit_2_with_pointer(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             content: str, needle: str) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content)
    code, out, err = run(capsys, "score", "monarchs", str(f))
    assert code == 2 and out == "" and needle in err and "Traceback" not in err


def test_score_says_what_is_wrong_with_cards_and_opens_extra_card_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.json"
    f.write_text('{"cards": 5}')
    code, _, err = run(capsys, "score", "monarchs", str(f))
    assert code == 2 and '/cards: "cards" must be a list' in err and "int 5" in err
    f.write_text(json.dumps(BOOK_JSON))
    code, _, err = run(capsys, "score", "monarchs", str(f), "--cards", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json" in err


def test_score_missing_file_and_bad_variant(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "score", "monarchs", "no-such-file.txt")
    assert code == 2 and "no such file" in err
    code, _, _ = run(capsys, "score", "monarchs", "x", "--variant", "odd")
    assert code == 2


def test_score_decklist_from_user_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "mine.json"
    cards.write_text(json.dumps({"game": "monarchs", "set": "Test demo", "cards": [
        {"id": "t-duke", "name": "Test Duke", "type": "court", "color": "red", "cost": 4,
         "influence": 0, "move_cover": 0, "crowns": 2, "source": "demo: test"}]}))
    deck = tmp_path / "deck.txt"
    deck.write_text("# end of game\n3 Test Duke\n")
    code, out, _ = run(capsys, "score", "monarchs", str(deck), "--cards", str(cards), "--json")
    assert code == 0 and json.loads(out)["by_color"]["red"]["vp"] == 3 * 6
    deck.write_text("3 Test Duke\n2 Test Dukke\n")
    code, _, err = run(capsys, "score", "monarchs", str(deck), "--cards", str(cards))
    assert code == 2 and "deck.txt" in err and "line 2: '2 Test Dukke'" in err and "Test Duke" in err


@pytest.mark.skipif(not HAS_DATA, reason="bundled monarchs card data not present")
def test_score_decklist_against_bundled_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("2 Sun King\n1 Purple Page\n7 Peasant Mouse (A, +1)\n3 Peasant Mouse (A, 0)\n")
    code, out, _ = run(capsys, "score", "monarchs", str(deck), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["by_color"]["yellow"]["vp"] == 2 * 6 and doc["by_color"]["purple"]["vp"] == 1
    assert doc["gray_cards"] == 10 and doc["total"] == 13


def test_buy_the_books_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "buy", "--influence", "6", "--front", "2:1", "3:1", "2:1",
                       "--json", "--all", "--top", "0")
    doc = json.loads(out)
    sets = [sorted(c["price"] for c in p["cards"]) for p in doc["purchases"]]
    assert code == 0 and [2, 3] in sets and [2, 2, 3] not in sets
    assert all(p["spent"] <= 6 for p in doc["purchases"])


def test_buy_back_row_and_bad_specs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "buy", "--influence", "4", "--front", "-", "--back", "3:2",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and doc["purchases"] == [] and any("Court deck" in n for n in doc["notes"])
    code, _, err = run(capsys, "monarchs", "buy", "--influence", "4", "--front", "3:x")
    assert code == 2 and "front 1" in err
    code, _, err = run(capsys, "monarchs", "buy", "--influence", "4", "--front", "1", "2", "3", "4", "5")
    assert code == 2 and "4 positions" in err
    code, _, err = run(capsys, "monarchs", "buy", "--front", "1")
    assert code == 2 and "--influence" in err


@pytest.mark.parametrize(("argv", "needle"), [
    (["--influence", "5", "--front", "2", "--top", "-1"], "--top"),
    (["--influence", "5", "--hand", "1", "1", "--front", "2"], "not both"),
    (["--hand", "1", "-1", "--front", "2"], "--hand 2: a card's influence is 0 to 999"),
    (["--influence", "-3", "--front", "2"], "--influence"),
    (["--influence", "5"], "give the Court's cards with --front"),
    (["--hand", "²", "--front", "2"], "unknown Of Mice and Monarchs card"),  # a digit int() cannot read
])
def test_buy_refuses_what_it_cannot_use(capsys: pytest.CaptureFixture[str], argv: list[str],
                                        needle: str) -> None:
    code, out, err = run(capsys, "monarchs", "buy", *argv)
    assert code == 2 and out == "" and needle in err and "internal error" not in err


def test_buy_and_solo_cite_the_book(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "buy", "--influence", "6", "--front", "2", "3", "2")
    assert code == 0 and out.rstrip().endswith("(of-mice-and-monarchs.md, Game Play)")
    code, out, _ = run(capsys, "monarchs", "solo", "--white", "3", "--black", "5")
    assert code == 0 and "(of-mice-and-monarchs.md, Solo Mode)" in out
    code, out, _ = run(capsys, "monarchs", "solo", "--white", "3", "--black", "5", "--json")
    assert json.loads(out)["cite"] == "of-mice-and-monarchs.md, Solo Mode"


def test_hand_influence_from_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "buy", "--hand", "1", "1", "1", "0", "1", "--front", "4:1",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and doc["influence"] == 4 and len(doc["purchases"]) == 1


def test_end_and_solo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "end", "--players", "3", "--seat", "1", "--court-deck", "0",
                       "--json")
    assert code == 0 and json.loads(out)["seats_left"] == [2, 3]
    code, out, _ = run(capsys, "monarchs", "solo", "--white", "2", "--black", "5", "--front", "1", "3:1",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and doc["front"] == 2 and doc["back"] is None
    code, _, err = run(capsys, "monarchs", "solo", "--white", "7", "--black", "1")
    assert code == 2 and "--white: a die shows 1-6, not 7" in err


def test_highscores_name_needs_a_score(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "monarchs", "highscores", "--name", "Ann")
    assert code == 2 and "--add" in err


def test_highscores_kept_between_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "highscores", "--json")
    assert code == 0 and json.loads(out)["solo_high_scores"] == []
    run(capsys, "monarchs", "highscores", "--add", "20", "--name", "Ann")
    code, out, _ = run(capsys, "monarchs", "highscores", "--add", "25", "--json")
    doc = json.loads(out)
    assert doc["rank"] == 1 and [e["score"] for e in doc["solo_high_scores"]] == [25, 20]


def test_a_tied_high_score_is_listed_at_the_shared_rank(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "monarchs", "highscores", "--add", "31", "--name", "Ann")
    code, out, _ = run(capsys, "monarchs", "highscores", "--add", "31", "--name", "Bob")
    assert code == 0 and "rank 1" in out and "  1.   31 VP  Ann" in out and "  1.   31 VP  Bob" in out


def test_a_mistyped_high_score_can_be_taken_back(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "monarchs", "highscores", "--add", "28", "--name", "Ann")
    run(capsys, "monarchs", "highscores", "--add", "999", "--name", "Oops")
    code, out, _ = run(capsys, "monarchs", "highscores", "--remove", "1")
    assert code == 0 and "Removed: 999 VP  Oops" in out and "1.   28 VP  Ann" in out
    code, _, err = run(capsys, "monarchs", "highscores", "--remove", "2")
    assert code == 2 and "no high score at place 2 (expected a place the table shows: 1)" in err
    code, _, err = run(capsys, "monarchs", "highscores", "--add", "5", "--remove", "1")
    assert code == 2 and "one at a time" in err
    code, out, _ = run(capsys, "monarchs", "highscores", "--json")
    assert [e["score"] for e in json.loads(out)["solo_high_scores"]] == [28]


def test_a_tied_place_is_taken_back_only_with_the_name_shown(capsys: pytest.CaptureFixture[str]) -> None:
    for score, name in ((30, "Cy"), (28, "Ann"), (28, "Bob"), (20, "Dee")):
        run(capsys, "monarchs", "highscores", "--add", str(score), "--name", name)
    code, _, err = run(capsys, "monarchs", "highscores", "--remove", "2")  # Ann and Bob share place 2
    assert code == 2 and "place 2 is shared by 2 tied scores (28 VP Ann, 28 VP Bob)" in err
    assert "Add --name NAME" in err
    code, out, _ = run(capsys, "monarchs", "highscores", "--remove", "2", "--name", "bob")
    assert code == 0 and "Removed: 28 VP  Bob" in out and "  2.   28 VP  Ann" in out
    code, out, _ = run(capsys, "monarchs", "highscores", "--remove", "3")  # Dee, now listed at 3
    assert code == 0 and "Removed: 20 VP  Dee" in out
    code, _, err = run(capsys, "monarchs", "highscores", "--remove", "2", "--name", "Zed")
    assert code == 2 and "no score of 'Zed' at place 2 (expected 'Ann')" in err


def test_highscores_refuse_an_absurd_score(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "monarchs", "highscores", "--add", "20")
    for bad in ("99999999999999999999999999", "1000", "-5"):
        code, _, err = run(capsys, "monarchs", "highscores", "--add", bad)
        assert code == 2 and "a solo score is 0..999 VP" in err and "Traceback" not in err
    code, out, _ = run(capsys, "monarchs", "highscores", "--json")
    assert [e["score"] for e in json.loads(out)["solo_high_scores"]] == [20]  # nothing was added
    code, out, _ = run(capsys, "monarchs", "highscores", "--add", "999", "--json")
    assert code == 0 and json.loads(out)["rank"] == 1
    code, out, _ = run(capsys, "monarchs", "highscores", "--help")
    assert "0 to 999" in " ".join(out.split())


def test_highscores_refuse_an_absurd_score_in_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.highscores import high_score_path

    path = high_score_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"game": "monarchs", "solo_high_scores": [{"score": -5, "name": "x"}]}))
    code, _, err = run(capsys, "monarchs", "highscores")
    assert code == 2 and "/solo_high_scores/0/score" in err and "0..999 VP" in err and "-5" in err


def test_the_readme_example_hand_is_the_books_and_scores_28(capsys: pytest.CaptureFixture[str]) -> None:
    hand = DATA_DIR / "decks" / "monarchs-book-example.json"
    doc = json.loads(hand.read_text(encoding="utf-8"))
    assert "Game End and Scoring" in doc["source"] and "assumed" in doc["notes"]
    by_colour: dict[str, list[int]] = {}
    for card in doc["cards"]:  # the book's counts and crown totals per colour, no card more
        by_colour.setdefault(card["color"], []).append(card["crowns"])
    assert {c: (len(v), sum(v)) for c, v in by_colour.items()} == {
        "orange": (3, 2), "green": (4, 3), "blue": (2, 1), "red": (2, 0), "purple": (1, 2), "yellow": (2, 3)}
    code, out, _ = run(capsys, "score", "monarchs", str(hand), "--json")
    assert code == 0 and json.loads(out)["total"] == 28


def test_solo_dice_never_say_to_skip_a_spot_that_was_not_typed_in(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "solo", "--white", "2", "--black", "3",
                       "--front", "2", "3", "4", "5")
    assert code == 0 and "white 2: remove cost 3" in out
    assert "black 3: remove the top card at back 3 (no card was typed in there)" in out
    assert "nothing" not in out


def test_end_caps_the_players_and_buy_says_what_the_plan_leaves_out(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "monarchs", "end", "--players", "100000000", "--seat", "1",
                       "--court-deck", "0")
    assert code == 2 and "players must be 1 to 6" in err and "internal" not in err
    code, out, _ = run(capsys, "monarchs", "buy", "--hand", "Court Jester", "1", "1", "1", "0",
                       "--front", "5", "5", "5", "5", "--back", "3", "5", "5", "5")
    assert code == 0 and "1 Move and Cover icon" in out and "a hand is 5 cards" not in out
    code, out, _ = run(capsys, "monarchs", "buy", "--hand", *["1"] * 7, "--front", "3", "--json")
    notes = json.loads(out)["notes"]
    assert code == 0 and "a hand is 5 cards; 7 were given (of-mice-and-monarchs.md, Game Play)" in notes
    code, _, err = run(capsys, "monarchs", "buy", "--hand", "9" * 5000, "--front", "3")
    assert code == 2 and "0 to 999" in err and len(err) < 300
    code, _, err = run(capsys, "monarchs", "buy", "--influence", "5", "--front", "x" * 100_000)
    assert code == 2 and len(err) < 400
    code, _, err = run(capsys, "monarchs", "buy", "--influence", "5", "--front", "-3")
    assert code == 2 and "whole numbers from 0" in err


def test_a_damaged_high_score_file_is_named_not_a_crash(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.highscores import high_score_path

    path = high_score_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for text in ("[" * 100_000, '{"solo_high_scores": [{"score": ' + "9" * 5000 + "}]}"):
        path.write_text(text)
        code, _, err = run(capsys, "monarchs", "highscores")
        assert code == 2 and "the high-score table cannot be read" in err and "internal" not in err
        assert path.read_text() == text  # left for the user to move aside


@pytest.mark.parametrize("argv", [["buy", "--influence", "5", "--front", "2", "3"],
                                  ["solo", "--white", "1", "--black", "1"],
                                  ["solo", "--white", "1", "--black", "1", "--front", "2", "3"]])
@pytest.mark.parametrize("content", [None, b"\x7fELF\x02\x01\x01\x00\xd0\xff"])
def test_a_given_card_file_is_read_even_when_no_name_needs_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], content: bytes | None) -> None:
    cards = tmp_path / "cards.json"
    if content is not None:
        cards.write_bytes(content)
    code, out, err = run(capsys, "monarchs", *argv, "--cards", str(cards))
    assert code == 2 and out == "" and str(cards) in err and "Traceback" not in err


@pytest.mark.parametrize(("name", "message"), [
    ("a\nb", "cannot hold a control character"),
    ("a\tb", "cannot hold a control character"),
    ("\x1b[31mred", "cannot hold a control character"),
    ("a\u2028b", "cannot hold a control character"),
    ("x" * 41, "at most 40 characters, not 41"),
])
def test_highscores_refuse_a_name_that_would_break_the_table(capsys: pytest.CaptureFixture[str],
                                                             name: str, message: str) -> None:
    from companion.highscores import high_score_path

    run(capsys, "monarchs", "highscores", "--add", "20", "--name", "Ann")
    before = high_score_path().read_bytes()
    code, out, err = run(capsys, "monarchs", "highscores", "--add", "25", "--name", name)
    assert code == 2 and out == "" and "--name" in err and message in err
    assert high_score_path().read_bytes() == before


def test_highscores_keep_a_40_character_name_without_its_outer_spaces(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "highscores", "--add", "25", "--name", "  " + "é" * 40 + " ",
                       "--json")
    assert code == 0 and json.loads(out)["solo_high_scores"][0]["name"] == "é" * 40


def test_a_name_an_older_version_kept_with_a_new_line_shows_on_one_row(
        capsys: pytest.CaptureFixture[str]) -> None:
    from companion.highscores import high_score_path

    path = high_score_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"game": "monarchs", "solo_high_scores": [
        {"score": 30, "name": "a\nb", "date": "2024-01-01"}]}))
    code, out, _ = run(capsys, "monarchs", "highscores")
    assert code == 0 and out.splitlines() == ["Standard scoring:", "  1.   30 VP  a b  2024-01-01"]


def test_solo_dice_on_a_spot_typed_empty_say_it_is_empty(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "solo", "--white", "1", "--black", "2", "--front", "-", "-", "-",
                       "-", "--back", "3", "-", "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["lines"][0] == "white 1: front 1 was typed as an empty spot, so no card is removed there"
    assert doc["lines"][1].startswith("black 2: back 2 was typed as an empty spot")
    assert not any("no card was typed in there" in line for line in doc["lines"])


def test_end_refuses_zero_players_without_naming_a_page(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "monarchs", "end", "--players", "0", "--seat", "1", "--court-deck", "0")
    assert code == 2 and "players must be 1 to 6, not 0" in err
    assert "page" not in err and "box" not in err and "notebook" not in err


def test_buy_inputs_a_player_types_twice_or_too_tall(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "buy", "--influence", "9", "--front", "1", "2", "--front", "3",
                       "4", "--json")
    seen = sorted({(c["position"], c["price"]) for p in json.loads(out)["purchases"] for c in p["cards"]})
    assert code == 0 and seen == [(1, 1), (2, 2), (3, 3), (4, 4)]  # the second --front goes on: 3 and 4
    code, _, err = run(capsys, "monarchs", "buy", "--influence", "9", "--front", "1", "2", "--front", "3",
                       "4", "5")
    assert code == 2 and "has 4 positions, not 5" in err
    code, _, err = run(capsys, "monarchs", "buy", "--influence", "0", "--front", "/".join(["0"] * 5000))
    assert code == 2 and "front 1: a stack of 5000 cards (expected at most 99 cards" in err


def test_a_score_file_s_unknown_fields_and_its_own_notes(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.json"
    f.write_text('{"cards": [{"colour": "red", "crowns": 1}]}', encoding="utf-8")
    code, _, err = run(capsys, "score", "monarchs", str(f))
    assert code == 2 and "/cards/0/colour: unknown field 'colour'. Did you mean 'color'?" in err
    f.write_text('{"cards": [{"color": "red", "crowns": 1}], "note": "x"}', encoding="utf-8")
    code, _, err = run(capsys, "score", "monarchs", str(f))
    assert code == 2 and "unknown field 'note'. Did you mean 'notes'?" in err
    book = Path(__file__).resolve().parent.parent / "data" / "decks" / "monarchs-book-example.json"
    code, out, _ = run(capsys, "score", "monarchs", str(book), "--variant", "family")
    assert code == 0 and f"note (from {book}): The book gives each colour's card count" in out
    code, out, _ = run(capsys, "score", "monarchs", str(book), "--json")
    assert json.loads(out)["file_notes"].startswith("The book gives each colour's card count")


def test_odd_high_score_files_are_named_not_misread(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.highscores import high_score_path

    path = high_score_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    for text, said in (
            ('{"game": "monarchs", "solo_high_scores": [{"score": 5, "name": null, "date": 3}]}',
             "/solo_high_scores/0/date: the date of a score is text (found 3)"),
            ('{"game": "village", "solo_high_scores": []}', "/game: is another game's table"),
            ('{"solo_high_scores": [{"score": ' + "9" * 5000 + "}]}",
             "monarchs-solo.json:1:33: the high-score table cannot be read (is not usable JSON: it holds a "
             "number of thousands of digits (5000))"),
            ('{"solo_high_scores": [\n', "monarchs-solo.json:2:1: the high-score table cannot be read "
             "(is not valid JSON: Expecting value)")):
        path.write_text(text, encoding="utf-8")
        code, _, err = run(capsys, "monarchs", "highscores")
        assert code == 2 and said in err and "Exceeds" not in err
    path.write_text('{"game": "monarchs", "solo_high_scores": [{"score": 5, "name": null}]}',
                    encoding="utf-8")
    code, out, _ = run(capsys, "monarchs", "highscores")
    assert code == 0 and "None" not in out  # a null name is no name, never the text "None"
    path.write_text(json.dumps({"game": "monarchs", "solo_high_scores": [
        {"score": 20 - i, "name": f"p{i}"} for i in range(10)]}), encoding="utf-8")
    code, out, _ = run(capsys, "monarchs", "highscores", "--add", "11")
    assert code == 0 and "Score 11: ties the 10th score, which keeps its place" in out


def test_the_end_check_cites_its_section_when_play_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "end", "--players", "3", "--seat", "1", "--court-deck", "4",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and doc["cite"] == "of-mice-and-monarchs.md, Game End and Scoring"
    assert doc["message"] == "4 cards left in the Court deck: play on (of-mice-and-monarchs.md, Game End " \
                             "and Scoring)."


def test_score_reads_a_csv_list_as_every_decklist_reader_does(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "s.csv"
    sheet.write_text("count,card\n2,Harvest Scout\n", encoding="utf-8")
    assert main(["score", "monarchs", str(sheet), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["total"] == 4 and doc["by_color"]["yellow"] == {"cards": 2, "crowns": 2, "vp": 4}
