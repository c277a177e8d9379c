"""Of Mice and Monarchs (session 7): the End of game tab names a box past its limits from the box's own
limits, the buy planner takes the hand card by card as ``monarchs buy --hand`` does, and every player's
final score is scored at once, the winner said (a tie shared: the rule book gives no tie-break)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.cards import CardDB, card_from_record
from companion.errors import CompanionError, RuleError
from companion.monarchs.court import HAND_SIZE, hand_needs_db, read_hand
from companion.monarchs.draft import PageDraft, TablePlayer, draft_path, read_draft
from companion.monarchs.scoring import ScoreCard, cards_from_table, score_players
from companion.views.monarchs import MonarchsCompanion
from tests.helpers import run_cli as run

#: The rule book's Scoring Example (of-mice-and-monarchs.md): 28 VP.
BOOK = {"orange": (3, 2), "green": (4, 3), "blue": (2, 1), "red": (2, 0), "purple": (1, 2), "yellow": (2, 3)}


def db() -> CardDB:
    recs = [{"id": "duke", "name": "Duke", "type": "court", "color": "red", "cost": 4, "influence": 2,
             "move_cover": 1, "crowns": 2, "source": "demo"},
            {"id": "page", "name": "Page", "type": "court", "color": "purple", "cost": 2, "influence": 1,
             "move_cover": 0, "crowns": 1, "source": "demo"},
            {"id": "mystery", "name": "Mystery", "type": "court", "color": "blue", "cost": 3,
             "crowns": 0, "source": "demo"}]
    return CardDB("monarchs", [card_from_record("monarchs", "demo", r) for r in recs])


def text(widget_html: str) -> str:
    """A panel's words, as the page shows them."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


# -- 1. End of game: the box past its limits is named from its limits, whatever the rules' words -------

@pytest.mark.parametrize(("box", "value", "caption"), [("players", 0, "Players"), ("players", 9, "Players"),
                                                       ("court_deck", 10**20, "Cards left in the Court deck"),
                                                       ("seat", 0, "Seat that just played (1 = Start)")])
def test_the_end_tab_names_the_box_past_its_limits_however_the_rule_words_it(
        monkeypatch: pytest.MonkeyPatch, box: str, value: int, caption: str) -> None:
    """The box is found from its limits, not from the start of the refusal's text: a rule reworded (here
    'the number of players...') still names the box, and the rule's own words are said under it."""
    import companion.views.monarchs as page

    def reworded(players: int, seat: int, left: int) -> None:
        raise RuleError("the number of players, the seat or the cards left are out of range (reworded)")

    monkeypatch.setattr(page, "end_status", reworded)
    v = MonarchsCompanion(db())
    getattr(v, box).value = value
    said = text(v.end_out.value)
    assert f"{caption}: {value} is out of range" in said, said
    assert "(reworded)" in said and "These numbers cannot be read" not in said


def test_the_end_tab_still_says_the_rules_refusal_under_the_box() -> None:
    v = MonarchsCompanion(db())
    v.court_deck.value = 201
    said = text(v.end_out.value)
    assert "Cards left in the Court deck: 201 is out of range" in said
    assert "Court deck cards left must be 0 to 200, not 201" in said
    v.court_deck.value = 0
    assert "End of the game triggered: 1 more turn (seat 2)" in text(v.end_out.value)


# -- 2a. the hand, card by card: the rules core, the command and the page read it alike ----------------

def test_a_hand_reads_numbers_and_names_and_adds_their_influence() -> None:
    hand = read_hand(["1", "Duke", " 0 ", "Page", "1"], db())
    assert (hand.influence, hand.values) == (5, (1, 2, 0, 1, 1))
    assert [c.name for c in hand.cards] == ["Duke", "Page"]
    assert hand.sum_words() == "1 + 2 + 0 + 1 + 1 = 5"
    assert hand.notes() == ["the hand has 1 Move and Cover icon: moving a Court card first may bring a "
                            "back-row card to the front (2 influence less) or uncover a card; this plan does "
                            "not move cards, so move them, then type the Court as it is"]
    assert read_hand(["1", "1"]).notes()[0].startswith(f"a hand is {HAND_SIZE} cards; 2 were given")
    assert hand_needs_db(["1", "Duke"]) and not hand_needs_db(["1", " 2 ", ""])


@pytest.mark.parametrize(("entries", "said"), [
    (["1", "-1"], "hand 2: a card's influence is 0 to 999, not -1"),
    (["1", "1000"], "hand 2: a card's influence is 0 to 999, not 1000"),
    (["", "1"], "hand 1: an empty value, not a card"),
    (["Duk"], "hand 1: unknown Of Mice and Monarchs card 'Duk'"),
    (["Mystery"], "hand 1: the influence of 'Mystery' is unknown"),
    (["999"] * 6, "hand: the hand's influence adds up to 5994; the companion plans up to 4995"),
])
def test_a_hand_that_cannot_be_read_names_its_card(entries: list[str], said: str) -> None:
    with pytest.raises(CompanionError) as exc:
        read_hand(entries, db())
    assert said in exc.value.render()


def test_a_blank_box_of_the_page_is_no_card_and_the_places_are_the_boxes() -> None:
    hand = read_hand(["1", "", "Duke", "", ""], db(), where="Card", skip_blank=True)
    assert hand.values == (1, 2)
    with pytest.raises(CompanionError, match="Card 3"):
        read_hand(["1", "", "Duk", "", ""], db(), where="Card", skip_blank=True)


def test_the_page_plans_from_the_hand_typed_as_the_command_does(capsys: pytest.CaptureFixture[str]) -> None:
    v = MonarchsCompanion()  # (the bundled cards, as the command reads them)
    for box, card in zip(v.hand, ["1", "Court Jester", "1", "1", "0"], strict=True):
        box.value = card
    assert v.influence.value == 4 and v.influence.disabled  # (the hand's: its box is off meanwhile)
    assert "Influence from the hand: 1 + 1 + 1 + 1 + 0 = 4" in text(v.hand_said.value)
    v.front[0].value, v.front[1].value, v.back[0].value = "2:1", "Purple Page", "3:2"
    plan = v.plan()
    code, out, err = run(capsys, "monarchs", "buy", "--hand", "1", "Court Jester", "1", "1", "0",
                         "--front", "2:1", "Purple Page", "--back", "3:2", "--top", "0", "--json")
    assert code == 0, err
    cli = json.loads(out)
    assert plan.influence == cli["influence"] == 4
    assert [p.to_json() for p in plan.purchases] == cli["purchases"]
    shown = text(v.purchases.value)
    assert "4 influence (the hand: 1 + 1 + 1 + 1 + 0 = 4)" in shown
    assert "the hand has 1 Move and Cover icon" in shown and "the hand has 1 Move and Cover icon" in \
        " ".join(cli["notes"])


def test_a_hand_of_fewer_cards_is_said_and_clearing_it_gives_the_influence_box_back() -> None:
    v = MonarchsCompanion(db())
    v.hand[0].value, v.hand[2].value = "2", "Page"
    v.front[0].value = "3"
    v.plan()
    assert "a hand is 5 cards; 2 were given" in text(v.purchases.value)
    for box in v.hand:
        box.value = ""
    assert not v.influence.disabled and v.hand_said.value == ""
    v.influence.value = 7
    v.plan()
    assert "7 influence:" in text(v.purchases.value) and "the hand" not in text(v.purchases.value)


def test_a_hand_that_cannot_be_read_turns_plan_off_naming_its_box() -> None:
    v = MonarchsCompanion(db())
    v.hand[1].value = "Duk"
    assert v.plan_button.disabled
    assert "Card 2: unknown Of Mice and Monarchs card 'Duk'" in text(v.plan_off.value)
    assert "Did you mean 'Duke'?" in text(v.hand_said.value)
    v.hand[1].value = "Duke"
    assert not v.plan_button.disabled and v.influence.value == 2


def test_the_hand_is_kept_for_a_reload() -> None:
    v = MonarchsCompanion(db())
    v.hand[0].value, v.hand[1].value = "Duke", "1"
    kept = read_draft()
    assert kept is not None and kept.hand == ("Duke", "1", "", "", "") and kept.influence == 3
    again = MonarchsCompanion(db())
    assert [b.value for b in again.hand] == ["Duke", "1", "", "", ""]
    assert again.influence.value == 3 and again.influence.disabled
    assert "buy planner from before was brought back" in text(again.draft_note.value)


def test_an_older_draft_without_a_hand_or_players_still_reads(tmp_path: Path) -> None:
    doc = json.loads(PageDraft(influence=6).to_text())
    del doc["planner"]["hand"], doc["pad"]["players"], doc["pad"]["players_variant"]
    path = draft_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert read_draft() == PageDraft(influence=6)


# -- 2b. every player's final score at once, the winner said ----------------------------------------

def test_every_player_is_scored_and_the_most_vp_wins() -> None:
    book = cards_from_table(BOOK)
    result = score_players([("Ann", book), ("Bob", [ScoreCard("red", 2)] * 3)])
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Ann", 28, 1), ("Bob", 18, 2)]
    assert result.verdict() == ("Ann wins with 28 VP, 10 more than Bob (18 VP) (of-mice-and-monarchs.md, "
                                "Game End and Scoring)")
    assert result.to_json()["winners"] == ["Ann"] and not result.to_json()["tie"]


def test_a_tie_for_the_most_vp_is_shared_as_the_book_gives_no_tie_break() -> None:
    book = cards_from_table(BOOK)
    result = score_players([("Cy", [ScoreCard("red", 1)]), ("Ann", book), ("Bob", book)])
    assert [(p.name, p.rank) for p in result.players] == [("Ann", 1), ("Bob", 1), ("Cy", 3)]
    assert [p.name for p in result.winners] == ["Ann", "Bob"]
    assert result.verdict() == ("Ann and Bob tie for the win with 28 VP: the rule book gives no tie-break, "
                                "so they share the win (of-mice-and-monarchs.md, Game End and Scoring)")


def test_the_family_variant_scores_every_player_with_its_own_rule() -> None:
    ann = [ScoreCard("red", c) for c in (0, 1, 3)]  # two lowest go: 3 left
    bob = [ScoreCard("red", c) for c in (2, 2)]  # two or fewer: all go
    result = score_players([("Ann", ann), ("Bob", bob)], "family")
    assert [(p.name, p.total) for p in result.players] == [("Ann", 3), ("Bob", 0)]
    assert result.verdict().endswith("(of-mice-and-monarchs.md, Family Scoring Variant)")


@pytest.mark.parametrize(("players", "said"), [
    ([], "no players to score"),
    ([("Ann", []), ("ann", [])], "player 2: two players named 'ann'"),
    ([("", [])], "player 1: each player needs a name"),
    ([("Ann\nBob", [])], "a player's name cannot hold a control character"),
    ([(f"P{i}", []) for i in range(7)], "7 players; the companion scores a table of up to 6"),
])
def test_a_table_that_cannot_be_scored_is_refused(players: list[tuple[str, list[ScoreCard]]],
                                                  said: str) -> None:
    with pytest.raises(CompanionError) as exc:
        score_players(players)
    assert said in exc.value.render()


def _add(v: MonarchsCompanion, name: str, table: dict[str, tuple[int, int]]) -> None:
    for colour in v.cards:
        v.cards[colour].value, v.crowns[colour].value = table.get(colour, (0, 0))
    v.player_name.value = name
    assert not v.add_player_button.disabled, v.add_player_button.tooltip
    v.add_player_button.click()


def test_the_page_scores_every_player_at_once_and_says_who_wins() -> None:
    v = MonarchsCompanion(db())
    assert "type the player's name first" in text(v.add_player_off.value)
    _add(v, "Ann", BOOK)
    assert "Ann: 28 VP added; the pad is cleared for the next player" in text(v.players_message.value)
    assert "Total: 0 VP" in text(v.total.value) and v.player_name.value == ""
    _add(v, "Bob", {"red": (3, 6)})
    shown = text(v.players_out.value)
    assert "1 Ann 2 6 12 2 0 6 28" in shown and "2 Bob 0 0 0 0 18 0 18" in shown
    assert "Ann wins with 28 VP, 10 more than Bob (18 VP)" in shown
    _add(v, "bob", BOOK)  # (the same player again: the score replaced, never a second row)
    assert "bob: 28 VP replaces 18 VP" in text(v.players_message.value)
    assert ("Ann and bob tie for the win with 28 VP (every player): the rule book gives no tie-break, so "
            "they share the win") in text(v.players_out.value)
    v.player_pick.value = "Ann"
    v.remove_player_button.click()
    assert "Ann taken off the final scores" in text(v.players_message.value)
    assert "bob scores 28 VP: one player" in text(v.players_out.value)


def test_the_page_adds_no_player_from_a_pad_without_a_total_nor_of_another_scoring() -> None:
    v = MonarchsCompanion(db())
    v.player_name.value = "Ann"
    v.crowns["red"].value = 2  # crowns but no cards: no total
    assert v.add_player_button.disabled
    assert "the score pad has no total" in text(v.add_player_off.value)
    v.crowns["red"].value = 0
    _add(v, "Ann", BOOK)
    v.variant.value = "family"
    v.player_name.value = "Bob"
    assert v.add_player_button.disabled
    assert "the final scores listed are standard scoring: switch the pad to Standard" in \
        text(v.add_player_off.value)
    v.clear_players_button.click()
    assert not v.add_player_button.disabled and "No player added yet" in text(v.players_out.value)


def test_the_final_scores_are_kept_for_a_reload_and_start_afresh_clears_them() -> None:
    v = MonarchsCompanion(db())
    _add(v, "Ann", BOOK)
    _add(v, "Bob", {"red": (3, 6)})
    kept = read_draft()
    assert kept is not None and [p.name for p in kept.players] == ["Ann", "Bob"]
    assert kept.players[1] == TablePlayer("Bob", (ScoreCard("red", 6), ScoreCard("red", 0),
                                                  ScoreCard("red", 0)))
    again = MonarchsCompanion(db())
    assert "Ann wins with 28 VP" in text(again.players_out.value)
    assert "with the final scores of 2 players" in text(again.draft_note.value)
    again.start_afresh()
    assert "No player added yet" in text(again.players_out.value)
    kept = read_draft()
    assert kept is not None and kept.players == ()


def test_the_command_scores_a_file_per_player_and_says_who_wins(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ann = tmp_path / "ann.json"
    ann.write_text(json.dumps({"name": "Ann", "cards": [{"color": c, "crowns": k, "count": 1}
                                                        for c, (_n, k) in BOOK.items()]
                               + [{"color": c, "crowns": 0, "count": n - 1} for c, (n, _k) in BOOK.items()
                                  if n > 1]}), encoding="utf-8")
    bob = tmp_path / "bob.txt"
    bob.write_text("3 Duke\n", encoding="utf-8")
    code, out, err = run(capsys, "score", "monarchs", str(ann), str(bob), "--cards", str(_db_file(tmp_path)))
    assert code == 0, err
    assert "Ann wins with 28 VP, 10 more than bob (18 VP)" in out
    code, out, err = run(capsys, "score", "monarchs", str(ann), str(bob), "--json",
                         "--cards", str(_db_file(tmp_path)))
    doc = json.loads(out)
    assert code == 0 and doc["winners"] == ["Ann"] and [p["total"] for p in doc["players"]] == [28, 18]
    code, out, err = run(capsys, "score", "monarchs", str(ann), str(ann))
    assert code == 2 and out == "" and "two players named 'Ann'" in err and "ann.json" in err


def _db_file(tmp_path: Path) -> Path:
    """A card file of one court card, Duke (red, 2 crowns), for the command."""
    path = tmp_path / "duke.json"
    path.write_text(json.dumps({"game": "monarchs", "set": "Mine", "cards": [
        {"id": "my-duke", "name": "Duke", "type": "court", "color": "red", "cost": 4, "influence": 0,
         "move_cover": 0, "crowns": 2, "source": "mine"}]}), encoding="utf-8")
    return path


@pytest.mark.parametrize(("players", "said"), [
    ([{"name": "Ann", "cards": []}, {"name": "ann", "cards": []}], "two players named 'ann'"),
    ([{"name": f"P{i}", "cards": []} for i in range(7)], "7 players"),
    ([{"name": "Ann", "cards": [{"color": "pink", "crowns": 1}]}], "unknown colour 'pink'"),
])
def test_final_scores_edited_into_the_draft_by_hand_are_said_and_the_page_opens(
        players: list[dict[str, object]], said: str) -> None:
    """Found exploring: a draft's players the page would refuse (two of one name) made the page fail to
    open."""
    doc = json.loads(PageDraft().to_text())
    doc["pad"]["players"] = players
    path = draft_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    v = MonarchsCompanion(db())
    assert "Your pad from before could not be brought back" in text(v.draft_note.value)
    assert said in text(v.draft_note.value) and "No player added yet" in text(v.players_out.value)
