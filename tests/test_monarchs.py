"""Of Mice and Monarchs: scoring (standard, family), buy planner, game end, solo, high scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import CardDB, card_from_record
from companion.deck.decklist import DecklistError
from companion.errors import CompanionError, RuleError
from companion.highscores import load_high_scores, record_high_score
from companion.monarchs.court import Court, CourtCard, hand_influence, plan_purchases, price
from companion.monarchs.flow import HighScore, HighScores, end_status, solo_removal
from companion.monarchs.scoring import (
    ScoreCard,
    ScoreInputError,
    family_discards,
    parse_score_input,
    score,
    score_table,
)

# The book's scoring example (of-mice-and-monarchs.md, Scoring Example): colour -> (cards, crowns).
BOOK_EXAMPLE = {"orange": (3, 2), "green": (4, 3), "blue": (2, 1), "red": (2, 0),
                "purple": (1, 2), "yellow": (2, 3)}


def cards(colour: str, *crowns: int) -> list[ScoreCard]:
    return [ScoreCard(colour, c) for c in crowns]


def db() -> CardDB:
    recs = [
        {"id": "a-peasant", "name": "Peasant A", "type": "starting", "color": "gray", "player": "A",
         "influence": 1, "crowns": 0, "source": "demo"},
        {"id": "gold-baker", "name": "Gold Baker", "type": "court", "color": "orange", "cost": 3,
         "influence": 1, "move_cover": 0, "crowns": 1, "source": "demo"},
        {"id": "leaf-knight", "name": "Leaf Knight", "type": "court", "color": "green", "cost": 5,
         "influence": 0, "move_cover": 1, "crowns": 2, "crown_slash": True, "source": "demo"},
        {"id": "mystery", "name": "Mystery Mouse", "type": "court", "color": "blue", "cost": 2,
         "influence": 0, "move_cover": 0, "crowns": None, "source": "demo"},
    ]
    return CardDB("monarchs", [card_from_record("monarchs", "demo", r) for r in recs])


# -- standard scoring ------------------------------------------------------------------------

def test_the_books_scoring_example_totals_28() -> None:
    s = score_table(BOOK_EXAMPLE)
    assert s.total == 28
    rows = s.by_color
    assert (rows["orange"].vp, rows["green"].vp, rows["blue"].vp, rows["red"].vp,
            rows["purple"].vp, rows["yellow"].vp) == (6, 12, 2, 0, 2, 6)


def test_example_from_individual_cards_and_gray_never_scores() -> None:
    hand = (cards("orange", 1, 1, 0) + cards("green", 1, 1, 1, 0) + cards("blue", 1, 0)
            + cards("red", 0, 0) + cards("purple", 2) + cards("yellow", 3, 0)
            + cards("gray", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    s = score(hand)
    assert s.total == 28 and s.gray_cards == 10
    assert "gray" not in s.by_color


def test_gray_crowns_are_ignored_with_a_note() -> None:
    s = score([ScoreCard("gray", 3), ScoreCard("red", 1)])
    assert s.total == 1 and s.notes


def test_no_cards_scores_zero_and_one_card_colours() -> None:
    assert score([]).total == 0
    assert score(cards("red", 4)).total == 4  # 1 card x 4 crowns


# -- family variant --------------------------------------------------------------------------

def test_family_discards_the_two_lowest_crowns() -> None:
    gone, kept = family_discards(cards("green", 3, 0, 2, 1))
    assert sorted(c.crowns for c in gone) == [0, 1]
    assert sorted(c.crowns for c in kept) == [2, 3]


@pytest.mark.parametrize("n", [0, 1, 2])
def test_family_two_or_fewer_cards_all_discarded(n: int) -> None:
    s = score(cards("yellow", *([5] * n)), "family")
    assert s.total == 0 and len(s.by_color["yellow"].discarded) == n


def test_family_three_cards_keeps_the_best_one() -> None:
    s = score(cards("blue", 1, 4, 2), "family")
    assert s.total == 4
    assert [c.crowns for c in s.by_color["blue"].discarded] == [1, 2]


def test_family_is_the_best_over_every_choice() -> None:
    from itertools import combinations

    crowns = [0, 3, 1, 1, 2]
    best = max(sum(crowns) - sum(pair) for pair in combinations(crowns, 2))
    assert score(cards("red", *crowns), "family").total == best == 6


def test_unknown_variant_is_a_clear_error() -> None:
    with pytest.raises(CompanionError, match="family"):
        score([], "fancy")


# -- reading score files ---------------------------------------------------------------------

def test_json_cards_with_count_and_bad_entries_point_at_the_entry() -> None:
    doc = json.dumps({"cards": [{"color": "Orange", "crowns": 2, "count": 3}]})
    assert score(parse_score_input(doc)).by_color["orange"].vp == 3 * 6  # 3 cards x 6 crowns
    with pytest.raises(ScoreInputError, match=r"/cards/1") as e:
        parse_score_input('{"cards": [{"color": "red", "crowns": 1}, {"color": "pink", "crowns": 1}]}')
    assert "pink" in str(e.value)
    with pytest.raises(ScoreInputError, match="crowns"):
        parse_score_input('{"cards": [{"color": "red", "crowns": -1}]}')
    with pytest.raises(ScoreInputError, match=":1:"):
        parse_score_input('{"cards": [}')


def test_decklist_by_name_with_slash_crown_and_errors() -> None:
    text = "# my deck\n2 Gold Baker\n1x Leaf Knight\nPeasant A\n"
    s = score(parse_score_input(text, db()))
    assert s.by_color["orange"].vp == 2 * 2 and s.by_color["green"].vp == 2 and s.gray_cards == 1
    with pytest.raises(DecklistError) as e:  # every bad line at once, with close names
        parse_score_input("2 Gold Baker\n1 Gold Bakr\nTwo Leaf Knights\n", db(), source="deck.txt")
    assert [i.line for i in e.value.issues] == [2, 3]
    assert e.value.issues[0].suggestions[0] == "Gold Baker"
    assert str(e.value).startswith("deck.txt: ")
    with pytest.raises(CompanionError, match="unknown"):
        parse_score_input("1 Mystery Mouse", db())
    with pytest.raises(ScoreInputError, match="empty"):
        parse_score_input("  \n", db())


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_hostile_score_input_only_raises_companion_errors(text: str) -> None:
    try:
        parse_score_input(text, db())
    except CompanionError:
        pass


# -- buy planner -----------------------------------------------------------------------------

def c(name: str, cost: int, crowns: int = 0, influence: int = 0) -> CourtCard:
    return CourtCard(name, cost, crowns, influence)


def test_the_books_buying_example_six_influence() -> None:
    court = Court.of([c("two", 2, 1), c("three", 3, 1), c("two-b", 2, 1)])
    plan = plan_purchases(6, court)
    bought = {frozenset(b.card.name for b in p.buys) for p in plan.purchases}
    assert frozenset({"two", "three"}) in bought
    assert frozenset({"two-b", "three"}) in bought
    assert frozenset({"two", "three", "two-b"}) not in bought  # 7 > 6
    assert all(p.spent <= 6 for p in plan.purchases)


def test_back_row_costs_two_more() -> None:
    court = Court.of([None], [c("back", 3, 2)])
    assert price(court.top("back", 1), "back") == 5
    assert plan_purchases(4, court).purchases == ()
    assert "reveal the top card of the Court deck" in " ".join(plan_purchases(4, court).notes)
    [p] = plan_purchases(5, court).purchases
    assert p.spent == 5 and p.left == 0 and p.maximal


def test_only_the_top_of_a_stack_unless_bought_first() -> None:
    court = Court.of([[c("under", 1, 5), c("top", 4, 0)]])
    plan = plan_purchases(4, court)
    assert [[b.card.name for b in p.buys] for p in plan.purchases] == [["top"]]
    plan = plan_purchases(5, court)
    assert [b.card.name for b in plan.purchases[0].buys] == ["top", "under"]
    assert plan_purchases(5, court, dig=False).purchases[0].crowns == 0


def test_sorting_by_crowns_and_by_influence_and_maximal() -> None:
    court = Court.of([c("crowny", 3, 3, 0), c("rich", 3, 0, 2), c("cheap", 1, 0, 0)])
    assert plan_purchases(4, court, by="crowns").purchases[0].crowns == 3
    assert plan_purchases(4, court, by="influence").purchases[0].influence == 2
    maximal = plan_purchases(4, court, maximal_only=True).purchases
    assert all(p.maximal for p in maximal) and len(maximal) == 2  # crowny+cheap, rich+cheap
    with pytest.raises(RuleError):
        plan_purchases(-1, court)
    with pytest.raises(RuleError):
        plan_purchases(3, court, by="colour")


def test_enumeration_is_exact_over_eight_positions() -> None:
    from itertools import combinations

    front = [c(f"f{i}", i) for i in range(1, 5)]
    back = [c(f"b{i}", i) for i in range(1, 5)]
    court = Court.of(front, back)
    prices = [i for i in range(1, 5)] + [i + 2 for i in range(1, 5)]
    expected = sum(1 for k in range(1, 9) for combo in combinations(prices, k) if sum(combo) <= 10)
    assert len(plan_purchases(10, court).purchases) == expected


def test_hand_influence_of_starting_hand() -> None:
    assert hand_influence([1, 1, 1, 0, 1]) == 4
    assert hand_influence([db().find("Gold Baker"), db().find("Peasant A")]) == 2


# -- game end and solo ----------------------------------------------------------------------

def test_end_of_game_turns_left_so_everyone_plays_equally() -> None:
    assert not end_status(4, 2, 3).triggered
    s = end_status(4, 2, 0)
    assert s.triggered and s.seats_left == (3, 4) and s.turns_left == 2
    assert end_status(4, 4, 0).seats_left == ()
    assert end_status(1, 1, 0).triggered and end_status(1, 1, 0).turns_left == 0
    with pytest.raises(RuleError):
        end_status(3, 4, 0)


def test_solo_dice_white_front_black_back_and_choice() -> None:
    court = Court.of([c("f1", 1), c("f2", 2), [c("under", 1), c("f3", 3)]], [c("b1", 1)])
    r = solo_removal(3, 1, court)
    assert r.front == 3 and r.back == 1
    assert "f3" in r.lines[0] and "b1" in r.lines[1]
    r = solo_removal(5, 6)
    assert r.front is None and r.back is None and "choose" in r.lines[0]
    with pytest.raises(RuleError):
        solo_removal(0, 7)


def test_high_scores_are_kept_sorted_and_persisted(tmp_path: Path) -> None:
    table, rank = HighScores().add(HighScore(20))
    table, rank = table.add(HighScore(30))
    assert rank == 1 and table.best == 30
    table, rank = table.add(HighScore(20, "Bob"))  # a tie shares the rank, listed after the earlier
    assert rank == 2 and [e.name for e in table.entries][1:] == ["", "Bob"]
    assert table.ranks() == [1, 2, 2]
    path = tmp_path / "hs.json"
    record_high_score(HighScore(12, "me"), path)
    _t, rank = record_high_score(HighScore(40, "me"), path)
    assert rank == 1 and [e.score for e in load_high_scores(path).entries] == [40, 12]
    assert not list(tmp_path.glob("*.tmp"))  # the atomic write leaves nothing behind
    full = HighScores(tuple(HighScore(100 - i) for i in range(10)))
    assert full.add(HighScore(1))[1] is None
    path.write_text("{broken")
    with pytest.raises(CompanionError, match="cannot be read"):
        load_high_scores(path)


def test_default_high_score_file_lives_in_user_data(tmp_path: Path) -> None:
    record_high_score(HighScore(9))
    assert load_high_scores().best == 9


def test_a_saved_high_score_is_never_read_as_a_card_file() -> None:
    from companion.cards import load_game, user_data_dir
    from companion.validation import validate_paths

    record_high_score(HighScore(20))
    assert not (user_data_dir() / "monarchs").exists()  # not among the user's card files
    assert "Sun King" in load_game("monarchs")
    assert validate_paths().ok


def test_a_table_where_earlier_versions_kept_it_is_read_then_moved() -> None:
    from companion.cards import load_game, user_data_dir

    legacy = user_data_dir() / "monarchs" / "solo-high-scores.json"
    legacy.parent.mkdir(parents=True)
    legacy.write_text('{"game": "monarchs", "solo_high_scores": [{"score": 31}]}')
    assert "Sun King" in load_game("monarchs")  # the loader skips it meanwhile
    assert load_high_scores().best == 31
    table, rank = record_high_score(HighScore(40))
    assert rank == 1 and [e.score for e in table.entries] == [40, 31]
    assert not legacy.exists() and load_high_scores().best == 40


def test_a_high_score_table_that_cannot_be_read_says_why_in_words(tmp_path: Path) -> None:
    with pytest.raises(CompanionError) as err:
        load_high_scores(tmp_path)  # a folder where the table should be
    text = str(err.value)
    assert "cannot be read (is a directory)" in text and "Errno" not in text
    assert text.endswith("Move the file aside to start a new table.")


def test_an_unwritable_high_score_folder_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(CompanionError, match="cannot be saved") as err:
        record_high_score(HighScore(5), blocker / "hs.json")
    assert "a-file" in str(err.value)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet="0123456789:/- abcDuke", max_size=12), max_size=5))
def test_hostile_court_specs_only_raise_companion_errors(specs: list[str]) -> None:
    from companion.monarchs.court import parse_court

    try:
        court = parse_court(specs[:4], specs[4:], db())
    except CompanionError:
        return
    plan = plan_purchases(6, court)
    assert all(p.spent <= 6 for p in plan.purchases)


def test_court_specs_by_cost_name_and_stack() -> None:
    from companion.monarchs.court import parse_court, parse_court_entry

    assert parse_court_entry("3:1:2") == (CourtCard("cost 3, 1 crown", 3, 1, 2),)
    assert [c.cost for c in parse_court_entry("2/4:1")] == [2, 4]  # top card last
    assert parse_court_entry("-") == ()
    assert parse_court_entry("Gold Baker", db())[0].crowns == 1
    with pytest.raises(RuleError, match="only Court cards"):
        parse_court_entry("Peasant A", db())
    with pytest.raises(RuleError, match="card database"):
        parse_court_entry("Gold Baker")
    with pytest.raises(RuleError, match="4 positions"):
        parse_court(["1"] * 5)


def test_very_tall_stacks_fall_back_to_top_cards() -> None:
    tall = [c(f"s{i}-{j}", 0, 1) for i in range(1) for j in range(9)]
    court = Court.of([tall, tall, tall, tall], [tall, tall, tall, tall])
    plan = plan_purchases(99, court)
    assert any("too tall" in n for n in plan.notes)
    assert max(len(p.buys) for p in plan.purchases) == 8  # one top card per position


def test_high_scores_are_bounded_on_add_and_on_load(tmp_path: Path) -> None:
    from companion.monarchs.flow import MAX_SCORE

    assert MAX_SCORE == 999
    table, rank = HighScores().add(HighScore(MAX_SCORE))
    assert rank == 1 and table.best == MAX_SCORE
    for bad in (MAX_SCORE + 1, 10**26, -1, True, 2.5):
        with pytest.raises(RuleError, match=r"0\.\.999 VP"):
            HighScore(bad)  # type: ignore[arg-type]
    path = tmp_path / "hs.json"
    record_high_score(HighScore(45, "bob"), path)
    kept = path.read_text()
    for bad in (10**26, -5, 1000):
        doc = json.loads(kept)
        doc["solo_high_scores"].insert(0, {"score": bad, "name": "", "date": "2026-01-01"})
        path.write_text(json.dumps(doc))
        with pytest.raises(CompanionError) as err:
            load_high_scores(path)
        assert "/solo_high_scores/0/score" in str(err.value) and "0..999 VP" in str(err.value)
        assert len(str(err.value)) < 300  # a huge number is cut short in the message
        with pytest.raises(CompanionError):  # nor is anything added to (or saved over) that table
            record_high_score(HighScore(50), path)
        assert json.loads(path.read_text()) == doc


def test_a_high_score_name_is_one_short_line() -> None:
    from companion.errors import RuleError
    from companion.monarchs.flow import MAX_NAME, HighScore, HighScores, check_name

    assert check_name("  Ann ") == "Ann" and check_name("") == ""
    for bad in ("a\nb", "a\rb", "\x00", "x" * (MAX_NAME + 1)):
        with pytest.raises(RuleError):
            check_name(bad)
    with pytest.raises(RuleError, match="control character"):
        HighScores().add(HighScore(10, "a\nb"))
    table, rank = HighScores().add(HighScore(10, " Pip "))
    assert rank == 1 and table.entries[0].name == "Pip"


def test_solo_removal_tells_a_spot_typed_empty_from_one_not_typed_in() -> None:
    from companion.monarchs.court import parse_court

    court = parse_court(["-", "3"], [])
    r = solo_removal(1, 1, court, typed={"front": 2, "back": 0})
    assert r.lines[0] == "white 1: front 1 was typed as an empty spot, so no card is removed there"
    assert r.lines[1] == "black 1: remove the top card at back 1 (no card was typed in there) from the game"
    assert solo_removal(1, 1, court).lines[0].endswith("(no card was typed in there) from the game")
