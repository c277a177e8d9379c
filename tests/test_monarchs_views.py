"""The Of Mice and Monarchs notebook view: live score pad, family variant, buy planner, solo."""

from __future__ import annotations

import random
import re

from companion.cards import CardDB, card_from_record
from companion.views.monarchs import MonarchsCompanion


def db() -> CardDB:
    recs = [{"id": "duke", "name": "Duke", "type": "court", "color": "red", "cost": 4, "influence": 0,
             "move_cover": 0, "crowns": 2, "source": "demo"}]
    return CardDB("monarchs", [card_from_record("monarchs", "demo", r) for r in recs])


def test_live_total_and_book_example() -> None:
    v = MonarchsCompanion(db())
    assert "Total: 0 VP" in v.total.value
    v.cards["green"].value = 4
    v.crowns["green"].value = 3
    assert "Total: 12 VP" in v.total.value
    v.load_book_example()
    assert "Total: 28 VP" in v.total.value
    assert v.cards["orange"].value == 3 and v.crowns["yellow"].value == 3


def test_family_variant_from_crowns_per_card() -> None:
    v = MonarchsCompanion(db())
    v.variant.value = "family"
    v.family["blue"].value = "1 4 2"
    assert v.cards["blue"].value == 3 and v.crowns["blue"].value == 7
    assert "Total: 4 VP" in v.total.value and "discard crowns: 1, 2" in v.table.value
    v.family["blue"].value = "1 x"
    assert "whole numbers" in v.message.value


def test_family_total_is_unknown_until_each_cards_crowns_are_typed() -> None:
    # which cards a colour discards depends on the crowns on each: no total from a guessed split
    v = MonarchsCompanion(db())
    v.load_book_example()
    assert "Total: 28 VP" in v.total.value
    v.variant.value = "family"
    assert "Total: — VP" in v.total.value and "unknown until" in v.total.value and v.table.value == ""
    assert "needs the crowns on each card" in v.message.value
    v.variant.value = "standard"
    assert "Total: 28 VP" in v.total.value and v.message.value == ""


def test_counters_set_after_per_card_crowns_count_and_say_so() -> None:
    v = MonarchsCompanion(db())
    v.family["green"].value = "2 0 1"
    assert "Total: 9 VP" in v.total.value  # 3 cards x 3 crowns
    v.cards["green"].value = 5  # two more cards, crowns unchanged: they join the typed crowns with 0, said
    assert v.family["green"].value == "2 0 1 0 0" and "2 cards with 0 crowns added" in v.message.value
    v.crowns["green"].value = 10  # the typed crowns are kept; the standard score counts the counters, said
    assert "Total: 50 VP" in v.total.value and v.family["green"].value == "2 0 1 0 0"
    assert "no longer" not in v.message.value and "the counters say 5 cards with 10 crowns" in v.message.value
    v.family["green"].value = "2 x"  # unreadable per-card crowns are kept, with their error
    assert "Total: — VP" in v.total.value and v.table.value == ""  # no stale total
    v.cards["green"].value = 6
    assert v.family["green"].value == "2 x" and "whole numbers" in v.message.value


def test_paste_a_list_and_bad_list() -> None:
    v = MonarchsCompanion(db())
    v.list_text.value = "3 Duke"
    v.score_list()
    assert "Total: 18 VP" in v.total.value
    v.list_text.value = "3 Dukke"
    button = v.score_list_button
    button.click()
    assert "Did you mean &#x27;Duke&#x27;" in v.list_message.value  # (said under the list's buttons)


def test_buy_planner_books_example() -> None:
    v = MonarchsCompanion(db())
    v.influence.value = 6
    v.front[0].value, v.front[1].value, v.front[2].value = "2:1", "3:1", "2:1"
    plan = v.plan()
    assert "of-mice-and-monarchs.md, Game Play" in v.purchases.value
    assert all(p.spent <= 6 for p in plan.purchases)
    assert {frozenset(b.card.cost for b in p.buys) for p in plan.purchases} >= {frozenset({2, 3})}
    assert not any(len(p.buys) == 3 for p in plan.purchases)
    v.back[0].value = "Duke"
    v.influence.value = 6
    assert any(b.card.name == "Duke" and b.price == 6 for p in v.plan().purchases for b in p.buys)


def test_solo_dice_and_high_scores() -> None:
    v = MonarchsCompanion(db())
    v.front[1].value = "3:1"
    v.white.value, v.black.value = 2, 6
    r = v.read_dice()
    assert r.front == 2 and r.back is None and "cost 3" in v.solo_out.value
    assert "Solo Mode" in v.solo_out.value and v.solo_message.value == ""
    v.front[0].value = "Duk"  # a Court that cannot be read is said; the dice still name positions
    assert v.read_dice().front == 2 and "Did you mean &#x27;Duke&#x27;" in v.solo_message.value
    assert "top card at front 2" in v.solo_out.value
    v.roll(random.Random(1))
    assert 1 <= v.white.value <= 6
    v.hs_score.value = 22
    assert v.save_score() == 1 and "22" in v.highscores.value
    assert "22" in MonarchsCompanion(db()).highscores.value  # kept between sessions


def test_end_of_game_panel() -> None:
    v = MonarchsCompanion(db())
    v.players.value, v.seat.value, v.court_deck.value = 3, 1, 0
    assert "2 more turns" in v.end_out.value
    v.players.value = 2
    v.seat.value = 3  # set before the number of players: the seat is never moved behind one's back
    assert v.seat.value == 3 and "Seat 3 has no place at a table of 2" in v.end_out.value
    v.players.value = 4
    assert "1 more turn (seat 4)" in v.end_out.value  # (a seat moved to 2 had said 2 turns)


def planned(v: MonarchsCompanion) -> bool:
    """Whether the buy planner shows a plan ("8 influence: 3 purchases")."""
    return re.search(r"\d+ purchases?</b>", v.purchases.value) is not None


def test_buy_planner_clears_an_old_error_and_old_purchases() -> None:
    v = MonarchsCompanion(db())
    v.influence.value = 8
    plan_button = next(b for b in v.buy_tab.children if getattr(b, "description", "") == "Plan purchases")
    v.front[0].value = "2:1:1:1"
    plan_button.click()
    assert "COST[:CROWNS[:INFLUENCE]]" in v.buy_message.value and v.purchases.value == ""
    v.front[0].value = ""  # now valid: the plan shows, the old error goes
    plan_button.click()
    assert planned(v) and v.buy_message.value == ""
    v.front[0].value, v.back[0].value = "2:1", "Duke"
    plan_button.click()
    assert "Duke" in v.purchases.value
    v.front[2].value = "Duk"  # an error: the old purchases go
    plan_button.click()
    assert "Did you mean &#x27;Duke&#x27;" in v.buy_message.value and v.purchases.value == ""


def test_per_card_crowns_are_bounded_like_scoring() -> None:
    from companion.monarchs.scoring import MAX_CROWNS
    from companion.views.monarchs import MAX_PAD_CARDS

    v = MonarchsCompanion(db())
    v.family["red"].value = "1" * 5000  # no ValueError from int(): refused with a message
    assert f"red: a card shows 0..{MAX_CROWNS} crowns" in v.message.value
    assert len(v.message.value) < 1000 and (v.cards["red"].value, v.crowns["red"].value) == (0, 0)
    v.family["red"].value = ""
    v.family["purple"].value = " ".join(["5"] * 200)
    assert f"purple: 200 cards; the score pad counts at most {MAX_PAD_CARDS}" in v.message.value
    assert (v.cards["purple"].value, v.crowns["purple"].value) == (0, 0)
    v.family["purple"].value = " ".join(["999"] * MAX_PAD_CARDS)  # the limits themselves: counted exactly
    assert (v.cards["purple"].value, v.crowns["purple"].value) == (MAX_PAD_CARDS, MAX_PAD_CARDS * 999)
    assert f"Total: {MAX_PAD_CARDS * MAX_PAD_CARDS * 999} VP" in v.total.value and v.message.value == ""
    v.family["purple"].value = "0001 1000"
    assert "not &#x27;1000&#x27;" in v.message.value
    v.family["purple"].value = "0001 0999"
    assert (v.cards["purple"].value, v.crowns["purple"].value) == (2, 1000)


def test_a_pasted_list_too_long_for_the_pad_is_refused() -> None:
    v = MonarchsCompanion(db())
    v.list_text.value = "3 Duke"
    v.score_list()
    v.list_text.value = "150 Duke"
    button = v.score_list_button
    button.click()
    assert "red: 150 cards; the score pad counts at most 99" in v.list_message.value
    assert v.cards["red"].value == 3 and v.family["red"].value == "2 2 2"  # the pad is unchanged


def test_a_final_score_past_the_table_is_refused_not_saved_as_999() -> None:
    v = MonarchsCompanion(db())
    v.hs_score.value = 1500
    assert v.hs_score.value == 1500  # the box does not clamp it to 999 unseen
    v.save_button.click()
    assert "a solo score is a whole number 0..999 VP, not 1500" in v.hs_message.value
    assert "1500" not in v.highscores.value and "999" not in v.highscores.value


def test_solo_dice_tell_a_spot_typed_empty_from_a_blank_box() -> None:
    v = MonarchsCompanion(db())
    v.front[0].value, v.front[1].value = "3:1", "-"  # front 2 typed as an empty spot
    v.white.value, v.black.value = 2, 2  # back 2: its box left blank
    v.read_dice()
    assert "front 2 was typed as an empty spot, so no card is removed there" in v.solo_out.value
    assert "the top card at back 2 (no card was typed in there)" in v.solo_out.value
    assert v.typed_spots() == {"front": 2, "back": 0}


def test_a_plan_does_not_stay_after_its_inputs_change() -> None:
    v = MonarchsCompanion(db())
    v.front[0].value, v.front[1].value = "3:1", "2:0"
    v.plan()
    assert planned(v)
    v.front[0].value = "9:9"
    assert not planned(v) and "Plan purchases" in v.purchases.value
    v.plan()
    assert planned(v)
    for change in (lambda: setattr(v.influence, "value", 0), lambda: setattr(v.back[3], "value", "1:1"),
                   lambda: setattr(v.sort_by, "value", "spent"),
                   lambda: setattr(v.show_all, "value", not v.show_all.value)):
        v.plan()
        change()
        assert not planned(v) and "Plan purchases" in v.purchases.value
    v.plan()  # planned again: the plan for the inputs now typed
    assert "0 influence: " in v.purchases.value


def test_a_dice_reading_does_not_stay_after_the_dice_or_the_court_change() -> None:
    v = MonarchsCompanion(db())
    v.white.value = 3
    v.read_dice()
    assert "white 3" in v.solo_out.value
    v.white.value = 6
    assert "white 3" not in v.solo_out.value and "Read these dice" in v.solo_out.value
    v.read_dice()
    assert "white 6" in v.solo_out.value
    v.black.value = 4
    assert "black" not in v.solo_out.value and "Read these dice" in v.solo_out.value
    v.read_dice()
    assert "Read these dice" not in v.solo_out.value
    v.front[0].value = "3:1"  # the reading names the Court's cards: it goes too
    assert "Read these dice" in v.solo_out.value
    v.roll(random.Random(3))  # a roll reads its own dice
    assert "Read these dice" not in v.solo_out.value and v.solo_out.value


def test_an_unreadable_high_score_file_is_said_on_opening_and_kept() -> None:
    from companion.highscores import high_score_path

    path = high_score_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    broken = '{"scores": [ {"score": 50 broken'
    path.write_text(broken, encoding="utf-8")
    try:
        v = MonarchsCompanion(db())
        assert "high-score table cannot be read" in v.highscores.value
        assert "companion-error" in v.highscores.value
        v.cards["red"].value = 1  # later inputs clear the page's message, not the table's error
        assert "high-score table cannot be read" in v.highscores.value
        v.hs_score.value = 40
        v.save_button.click()
        assert "cannot be read" in v.hs_message.value
        assert path.read_text(encoding="utf-8") == broken  # not overwritten
    finally:
        path.unlink()


def test_a_saved_score_message_goes_once_another_input_changes() -> None:
    v = MonarchsCompanion(db())
    v.hs_score.value = 12
    v.save_score()
    assert "Saved 12 VP" in v.hs_message.value
    v.seat.value = 2  # the end-of-game tab: its own tab, so the note about the save stays where it was
    assert "Saved 12 VP" in v.hs_message.value and v.message.value == ""
    v.hs_score.value = 13  # (the same boxes saved again at once would be a double click: not saved)
    assert v.hs_message.value == ""  # a box of the save changed: the note would be about these
    v.save_score()
    assert "Saved 13 VP" in v.hs_message.value
    v.hs_name.value = "Pip"
    assert v.hs_message.value == ""


def test_a_pasted_list_says_what_the_pad_cannot_show() -> None:
    from pathlib import Path

    v = MonarchsCompanion(db())
    v.list_text.value = ('{"cards": [{"color": "red", "crowns": 2, "count": 3}, '
                         '{"color": "gray", "crowns": 1, "count": 7}]}')
    v.score_list()
    assert "Total: 18 VP" in v.total.value  # gray cards never score...
    assert "7 gray cards never score; their crowns were ignored" in v.list_message.value  # ...and said
    book = Path(__file__).resolve().parent.parent / "data" / "decks" / "monarchs-book-example.json"
    v.list_text.value = book.read_text(encoding="utf-8")
    v.score_list()
    assert "Total: 28 VP" in v.total.value
    assert "the list&#x27;s note: The book gives each colour" in v.list_message.value
