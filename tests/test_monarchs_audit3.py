"""Of Mice and Monarchs, third user audit: the page's high scores (Remove, a double-clicked Save),
the family pad keeping what was typed, other games' files, tie-breaks, limits and wording."""

from __future__ import annotations

import datetime
import html
import json
import re
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, CardDB, card_from_record, load_game
from companion.errors import CompanionError
from companion.highscores import high_score_path, load_high_scores, record_high_score
from companion.monarchs.court import Court, CourtCard, parse_court, plan_purchases
from companion.monarchs.flow import HighScore, HighScores, solo_removal
from companion.monarchs.scoring import ScoreCard, parse_score_input, score
from companion.views.monarchs import DOUBLE_SAVE_SECONDS, MonarchsCompanion
from tests.helpers import run_cli as run


def text(widget_html: str) -> str:
    """A panel's words, as the page shows them."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def db() -> CardDB:
    recs = [{"id": "duke", "name": "Duke", "type": "court", "color": "red", "cost": 4, "influence": 0,
             "move_cover": 0, "crowns": 2, "source": "demo"}]
    return CardDB("monarchs", [card_from_record("monarchs", "demo", r) for r in recs])


def plus(box) -> None:  # type: ignore[no-untyped-def]
    """Press the + button of a number box."""
    box.plus.click()


def minus(box) -> None:  # type: ignore[no-untyped-def]
    box.minus.click()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# -- 1. the page's high scores --------------------------------------------------------------------

def test_a_double_clicked_save_saves_the_score_once_and_says_so() -> None:
    v = MonarchsCompanion(db())
    v.clock = clock = Clock()
    v.hs_score.value, v.hs_name.value = 31, "Ann"
    v.save_button.click()
    clock.now += 0.3
    v.save_button.click()  # the second click of a double click: same boxes, a moment later
    assert [(e.score, e.name) for e in load_high_scores().entries] == [(31, "Ann")]
    assert "Not saved twice" in text(v.hs_message.value)
    assert text(v.highscores.value).count("31 VP") == 1
    clock.now += DOUBLE_SAVE_SECONDS + 1  # another game with the same score, later: saved
    v.save_button.click()
    assert [e.score for e in load_high_scores().entries] == [31, 31]
    v.hs_name.value = "Bo"  # a box changed: another score, saved at once
    v.save_button.click()
    assert [e.name for e in load_high_scores().entries] == ["Ann", "Ann", "Bo"]


def test_the_page_takes_a_listed_score_back() -> None:
    v = MonarchsCompanion(db())
    for points, name in ((31, "Ann"), (20, "Bo"), (20, "")):
        v.hs_score.value, v.hs_name.value = points, name
        v.save_score()
    labels = [label for label, value in v.hs_pick.options if value is not None]
    assert labels[0].startswith("1. 31 VP  Ann") and labels[2].startswith("2. 20 VP  ")
    v.hs_pick.value = 2  # the unnamed 20, tied at place 2 with Bo's
    v.remove_button.click()
    assert [(e.score, e.name) for e in load_high_scores().entries] == [(31, "Ann"), (20, "Bo")]
    assert "Removed: 20 VP" in text(v.hs_message.value) and "place 2" in text(v.hs_message.value)
    assert len([o for o in v.hs_pick.options if o[1] is not None]) == 2 and v.hs_pick.value is None
    v.remove_button.click()  # nothing chosen: said, nothing removed
    assert "choose the score to take back" in text(v.hs_message.value)
    assert len(load_high_scores().entries) == 2


def test_the_page_never_takes_back_another_score_when_the_table_changed_since() -> None:
    v = MonarchsCompanion(db())
    v.hs_score.value, v.hs_name.value = 31, "Ann"
    v.save_score()
    record_high_score(HighScore(40, "Cy"))  # from the command line, say: Ann is now at place 2
    v.hs_pick.value = 0  # "1. 31 VP Ann", as listed
    v.remove_button.click()
    assert [e.name for e in load_high_scores().entries] == ["Cy", "Ann"]  # nothing taken back
    assert "no score of 'Ann' at place 1" in text(v.hs_message.value)
    assert "Cy" in text(v.highscores.value)  # listed again as it is now


# -- 2. and 7. the family pad keeps what was typed and shows every colour's problem ----------------

def test_plus_on_a_colours_cards_keeps_the_crowns_typed_per_card() -> None:
    v = MonarchsCompanion(db())
    v.variant.value = "family"
    v.cards["blue"].value, v.crowns["blue"].value = 3, 2  # blue's crowns per card still to type
    v.family["green"].value = "3 1 0 2"
    plus(v.cards["green"])
    assert v.family["green"].value == "3 1 0 2 0" and v.cards["green"].value == 5
    shown = text(v.message.value)
    assert "green: 1 card with 0 crowns added" in shown  # said, beside blue's warning, not behind it
    assert "type the crowns on each card for: blue" in shown
    v.family["blue"].value = "2 0 0"
    assert "Total: 8 VP" in text(v.total.value)  # green keeps 3 + 1 + 2, blue keeps 2
    minus(v.cards["green"])  # one card fewer: − undoes +, the last card of 0 crowns goes
    assert v.family["green"].value == "3 1 0 2" and "Total: 7 VP" in text(v.total.value)
    assert "green: 1 card with 0 crowns taken off the crowns typed per card" in text(v.message.value)


def test_a_comma_list_grows_in_its_own_style() -> None:
    v = MonarchsCompanion(db())
    v.variant.value = "family"
    v.family["red"].value = "2, 1, 1"
    plus(v.cards["red"])
    assert v.family["red"].value == "2, 1, 1, 0"


def test_every_colours_problem_is_shown() -> None:
    v = MonarchsCompanion(db())
    v.variant.value = "family"
    v.cards["blue"].value, v.crowns["blue"].value = 3, 2
    v.family["red"].value = "1 x"
    v.family["orange"].value = "1 " * 150
    shown = text(v.message.value)
    assert "type the crowns on each card for: blue" in shown
    assert "red: crowns on each card are whole numbers" in shown
    assert "orange: 150 cards" in shown
    assert "Total: — VP" in text(v.total.value)


# -- 3. and 5. score files -------------------------------------------------------------------------

def test_another_games_score_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "g.json"
    f.write_text('{"game": "village", "cards": [{"color": "orange", "crowns": 1}]}')
    code, out, err = run(capsys, "score", "monarchs", str(f))
    assert code == 2 and out == "" and "/game: holds cards of another game" in err and '"village"' in err
    v = MonarchsCompanion(db())
    v.list_text.value = f.read_text()
    v.score_list_button.click()
    assert "holds cards of another game" in text(v.list_message.value)
    assert v.cards["orange"].value == 0 and v.list_text.value == f.read_text()  # nothing lost


def test_a_decklist_shaped_score_file_scores_as_print_cards_reads_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "dl.json"
    f.write_text('{"game": "monarchs", "cards": [{"card": "Sun King", "count": 3}]}')
    code, out, err = run(capsys, "score", "monarchs", str(f), "--json")
    assert code == 0 and json.loads(out)["by_color"]["yellow"] == {"cards": 3, "crowns": 9, "vp": 27}
    code, out, err = run(capsys, "print", "cards", "monarchs", "--deck", str(f), "--out",
                         str(tmp_path / "c.pdf"))
    assert code == 0  # the same file, read by both
    f.write_text('{"cards": [{"card": "Sun Kng"}]}')
    code, out, err = run(capsys, "score", "monarchs", str(f))
    assert code == 2 and "/cards/0/card" in err and "Did you mean 'Sun King'" in err


def test_a_number_of_thousands_of_digits_in_a_score_file_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "big.json"
    f.write_text('{"cards": [{"color": "red", "crowns": 1, "count": ' + "9" * 5000 + "}]}")
    code, _, err = run(capsys, "score", "monarchs", str(f))
    assert code == 2 and "holds a number of thousands of digits" in err and "internal error" not in err


def test_a_named_card_typed_with_another_colour_or_crowns_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "mix.json"
    f.write_text('{"cards": [{"name": "Sun King", "color": "orange", "crowns": 0}]}')
    code, out, err = run(capsys, "score", "monarchs", str(f))
    assert code == 2 and out == ""
    assert "'Sun King' is yellow with 3 crowns in the card data, not orange with 0 crowns" in err
    cards = load_game("monarchs")
    ok = parse_score_input('{"cards": [{"name": "Sun King", "color": "yellow", "crowns": 3}, '
                           '{"name": "My promo", "color": "red", "crowns": 2}]}', cards)
    assert [(c.color, c.crowns) for c in ok] == [("yellow", 3), ("red", 2)]  # agreeing, or a label


# -- 4. the unnamed one of tied scores -------------------------------------------------------------

def test_an_empty_name_takes_back_the_unnamed_tied_score(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "monarchs", "highscores", "--add", "20", "--name", "Ann")
    run(capsys, "monarchs", "highscores", "--add", "20")
    code, out, err = run(capsys, "monarchs", "highscores", "--remove", "1")
    assert code == 2 and "--name ''" in err
    code, out, err = run(capsys, "monarchs", "highscores", "--remove", "1", "--name", "")
    assert code == 0 and [e.name for e in load_high_scores().entries] == ["Ann"]
    code, out, err = run(capsys, "monarchs", "highscores", "--remove", "1", "--name", "")
    assert code == 2 and "no score without a name at place 1" in err
    code, out, _ = run(capsys, "monarchs", "highscores", "--help")
    assert "--name ''" in " ".join(out.split())


# -- 8. the buy planner's tie-break -----------------------------------------------------------------

def test_a_tie_in_crowns_goes_to_the_purchase_spending_more() -> None:
    court = parse_court(["2:1", "3", "Sun King", "4"], ["1", "5/2:1", "-", "3"], load_game("monarchs"))
    plan = plan_purchases(6, court)
    for a, b in zip(plan.purchases, plan.purchases[1:], strict=False):
        if (a.crowns, a.influence) == (b.crowns, b.influence):
            assert a.spent >= b.spent, (a.label(), b.label())
    one = [p.spent for p in plan.purchases if p.crowns == 1]
    assert one == sorted(one, reverse=True) and one[0] == 6
    assert any("ties in crowns go to more influence on the cards bought, then to spending more" in n
               for n in plan.notes)


# -- 9. numbers past their limits -------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "said"), [
    (["buy", "--influence", "99999999999999999999", "--front", "2"], "--influence: influence is 0 to"),
    (["buy", "--hand", "999", "999", "999", "999", "999", "999", "--front", "2"], "--hand:"),
    (["end", "--players", "2", "--seat", "1", "--court-deck", "99999999999999999999"],
     "--court-deck: cards left in the Court deck are 0 to 200, not 99999999999999999999"),
])
def test_huge_numbers_on_the_command_line_are_refused(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                      said: str) -> None:
    code, out, err = run(capsys, "monarchs", *argv)
    assert code == 2 and out == "" and said in err and "Traceback" not in err


def test_a_number_past_a_page_box_is_refused_quoting_what_was_typed() -> None:
    v = MonarchsCompanion(db())
    v.crowns["red"].value = 10**9
    assert v.crowns["red"].value == 10**9  # kept as typed, never cut to 98901
    assert "red crowns: 1000000000 is past what the box takes" in text(v.message.value)
    assert "Total: — VP" in text(v.total.value)
    v.cards["red"].value = -3
    assert v.cards["red"].value == -3 and "red cards: -3" in text(v.message.value)
    v.influence.value = 500
    v.plan()
    assert v.influence.value == 500 and "500 influence" in text(v.purchases.value)
    v.influence.value = 10**6
    plan = next(b for b in v.buy_tab.children if getattr(b, "description", "") == "Plan purchases")
    plan.click()
    assert "not 1000000" in text(v.buy_message.value) and v.purchases.value == ""
    v.court_deck.value = 10**20
    assert "not 100000000000000000000" in text(v.end_out.value)
    v.white.value = 9
    assert v.white.value == 9


# -- 10. the high-score file ------------------------------------------------------------------------

@pytest.mark.parametrize(("doc", "said"), [
    ([], ["is not a high-score table", "expected {", "found an empty list", "Move the file aside"]),
    ({"game": "monarchs", "solo_high_scores": [{"score": 3, "variant": ["x"]}]},
     ["/solo_high_scores/0/variant", "standard or family", "found ['x']"]),
    ({"game": "monarchs", "solo_high_scores": [{"score": 3, "date": "2020-13-45"}]},
     ["/solo_high_scores/0/date", "YYYY-MM-DD", "'2020-13-45'"]),
])
def test_odd_high_score_entries_are_named(capsys: pytest.CaptureFixture[str], doc: object,
                                          said: list[str]) -> None:
    path = high_score_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run(capsys, "monarchs", "highscores")
    assert code == 2 and all(s in err for s in said), err
    assert path.read_text(encoding="utf-8") == json.dumps(doc)


def test_a_score_records_its_scoring(capsys: pytest.CaptureFixture[str]) -> None:
    path = high_score_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"game": "monarchs", "solo_high_scores": [
        {"score": 12, "name": "Old", "date": "2024-01-01"}]}), encoding="utf-8")  # kept before: still valid
    code, out, _ = run(capsys, "monarchs", "highscores", "--add", "20", "--variant", "family")
    # each scoring ranks on its own: the older score (no scoring kept) counts as standard
    assert code == 0 and out.splitlines()[1:] == ["Standard scoring:", "  1.   12 VP  Old  2024-01-01",
                                                   "Family scoring:", out.splitlines()[4]]
    assert out.splitlines()[4].startswith("  1.   20 VP  20") and out.splitlines()[4].endswith("(family)")
    assert [e.variant for e in load_high_scores().entries] == ["family", ""]
    v = MonarchsCompanion(db())
    v.variant.value = "family"  # the pad's scoring is the one saved, unless set apart
    v.hs_score.value = 15
    v.save_score()
    assert load_high_scores().entries[1].variant == "family"
    today = datetime.date.today().isoformat()  # (its scoring said once, in the heading)
    assert text(v.highscores.value).endswith(f"Family scoring 20 VP {today} 15 VP {today}")
    v.hs_variant.value = "standard"
    v.hs_score.value = 14
    v.save_score()
    assert load_high_scores().entries[2].variant == "standard"
    with pytest.raises(CompanionError):
        HighScores.from_json({"solo_high_scores": [{"score": 1, "variant": "odd"}]})


# -- 11. wording ------------------------------------------------------------------------------------

def test_family_discards_of_cards_given_by_colour_read_one_card_per_comma() -> None:
    result = score([ScoreCard("yellow", 0), ScoreCard("yellow", 3), ScoreCard("yellow", 1)], "family")
    assert "discard yellow card (0 crowns), yellow card (1 crown);" in "\n".join(result.lines())


def test_one_card_and_one_crown_are_singular() -> None:
    lines = score([ScoreCard("purple", 1)]).lines()
    assert lines[0] == "purple    1 card  x   1 crown  =    1 VP"
    family = score([ScoreCard("red", 1), ScoreCard("red", 0), ScoreCard("red", 0), ScoreCard("red", 1)],
                   "family").lines()
    assert "red       4 cards: discard red card (0 crowns), red card (0 crowns); 2 crowns left" in family[4]
    assert score([ScoreCard("gray", 0)]).lines()[-3] == "gray      1 card never scores"
    plan = plan_purchases(3, Court.of([CourtCard("A", 3, 1)]))
    assert "+1 crown, +0 influence" in plan.purchases[0].label()
    v = MonarchsCompanion(db())
    v.list_text.value = '{"cards": [{"card": "Duke"}]}'  # (a decklist's "card", on the page too)
    v.score_list()
    assert "Scored 1 card from the list" in text(v.list_message.value) and v.cards["red"].value == 1


def test_the_solo_dice_say_top_of_its_stack_only_for_a_stack() -> None:
    court = Court.of([CourtCard("A", 2)], [None, [CourtCard("B", 2), CourtCard("C", 3)]])
    lines = solo_removal(1, 2, court).lines
    assert lines[0] == "white 1: remove A (front 1) from the game"
    assert lines[1] == "black 2: remove C (back 2, top of its stack) from the game"


def test_a_village_deck_is_said_once_to_be_a_village_deck(capsys: pytest.CaptureFixture[str]) -> None:
    deck = DATA_DIR / "decks" / "village-demo-legal.txt"
    code, _, err = run(capsys, "score", "monarchs", str(deck))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "Village TCG deck" in err and "companion deck check village" in err


def test_a_bare_peasant_mouse_suggests_player_a_first() -> None:
    with pytest.raises(CompanionError) as info:
        parse_score_input("1 Peasant Mouse", load_game("monarchs"), source="list")
    assert "Did you mean 'Peasant Mouse (A, +1)', 'Peasant Mouse (A, 0)'" in str(info.value)


def test_too_many_court_positions_name_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "monarchs", "buy", "--influence", "5", "--front", "2", "3", "4", "5", "6")
    assert code == 2 and "--front: the front Court row has 4 positions, not 5" in err
