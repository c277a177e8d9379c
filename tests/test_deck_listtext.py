"""Editing a decklist's text as typed (companion.deck.listtext): counts, names and comments kept."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import CardDB, card_from_record, load_game
from companion.deck.decklist import (
    Decklist,
    DeckNameError,
    list_form,
    name_line,
    parse_text,
    split_comment,
    to_text,
)
from companion.deck.listtext import (
    bump_text,
    comment_lines,
    csv_text,
    split_name,
    with_name,
)

from .test_deck_lists import TDB, VDB, decks


def _db(game: str, *records: dict[str, object]) -> CardDB:
    """A game's test cards with a few more of one's own."""
    base = VDB if game == "village" else TDB
    mine = [card_from_record(game, "Mine", {**r, "source": "demo: test"}) for r in records]
    return CardDB(game, [*base.cards, *mine])


# --- bump_text: one copy more or fewer, where it is written ------------------------------------------

def test_bump_keeps_comments_order_and_the_way_a_line_is_written() -> None:
    text = "Deck\n# mice\n2x Acorn Scout   # two\n1 Pear\n1 acorn-scout\n"
    scout = VDB.find("Acorn Scout")
    out = bump_text(text, VDB, scout, +1)  # the first line of the card takes it
    assert out == "Deck\n# mice\n3x Acorn Scout   # two\n1 Pear\n1 acorn-scout\n"
    # the last line gives copies back first; a line down to 0 leaves its comment as a comment line
    assert bump_text(out, VDB, scout, -4) == "Deck\n# mice\n# two\n1 Pear\n"
    assert bump_text("1 Pear\n", VDB, VDB.find("Apple"), +2) == "1 Pear\n2 Apple\n"  # new: at the end
    assert bump_text("1 Pear\n", VDB, VDB.find("Apple"), -1) == "1 Pear\n"  # never below zero
    assert bump_text("1 Apple\n", VDB, VDB.find("Apple"), -1) == ""


def test_a_second_printing_is_written_by_id_so_it_reads_back() -> None:
    leo2 = TDB.find("leo-2")
    assert bump_text("", TDB, leo2, +1) == "1 leo-2  # Leonardo\n"
    assert bump_text("2 Leonardo\n", TDB, leo2, +1) == "2 Leonardo\n1 leo-2  # Leonardo\n"


def test_a_count_above_999_is_spread_over_lines() -> None:
    db = load_game("village")
    apple = db.find("Apple")
    text = "# fruit\n999 Apple\n2 Acorn Scout\n999 Apple\n"
    assert bump_text(text, db, apple, +1) == "# fruit\n999 Apple\n2 Acorn Scout\n999 Apple\n1 Apple\n"
    assert bump_text(text, db, apple, -1) == "# fruit\n999 Apple\n2 Acorn Scout\n998 Apple\n"
    assert bump_text("1 Pear\n", db, apple, +1500) == "1 Pear\n999 Apple\n501 Apple\n"
    for n in (0, 1, 998, 999, 1000, 1998, 2997, 3000):
        assert parse_text(bump_text(text, db, apple, n - 1998), db).count_of(apple) == n


def test_a_name_with_a_curly_apostrophe_is_kept_as_typed() -> None:
    db = _db("tmnt", {"id": "april", "name": "April O'Neil", "type": "character", "attribute": "wind",
                      "power": 2})
    assert bump_text("2 April O\u2019Neil\n", db, db.by_id("april"), +1) == "3 April O\u2019Neil\n"


def test_a_card_named_with_a_comment_mark_keeps_its_name_and_the_comment() -> None:
    db = CardDB("village", [card_from_record("village", "Test Set", {**r, "source": "demo: test"}) for r in [
        {"id": "mouse-1", "name": "Mouse #1", "type": "fruit"},
        {"id": "mouse", "name": "Mouse", "type": "fruit"},
    ]])
    text = "2 Mouse #1  # the numbered one\n1 Mouse # 1 is a comment // here\n"
    assert bump_text(text, db, db.by_id("mouse-1"), +2).splitlines()[0] == "4 Mouse #1  # the numbered one"
    assert bump_text(text, db, db.by_id("mouse"), +1).splitlines()[1] == "2 Mouse # 1 is a comment // here"
    assert split_comment("2 Mouse #1  # the numbered one", db) == ("2 Mouse #1", "  # the numbered one")
    assert bump_text(text, db, db.by_id("mouse"), -1).splitlines()[1] == "# 1 is a comment // here"


@given(decks(), st.data())
@settings(max_examples=100)
def test_bump_changes_exactly_that_card(pair: tuple[CardDB, Decklist], data: st.DataObject) -> None:
    db, deck = pair
    card = data.draw(st.sampled_from(list(db)))
    delta = data.draw(st.integers(-9, 9))
    after = parse_text(bump_text(to_text(deck, db), db, card, delta), db)
    assert after.count_of(card) == max(0, deck.count_of(card) + delta)
    assert after.name == deck.name
    assert {e.card.id: e.count for e in after.entries if e.card.id != card.id} == {
        e.card.id: e.count for e in deck.entries if e.card.id != card.id}


# --- the list's form, its name and its comments ----------------------------------------------------

@pytest.mark.parametrize(("text", "form"), [
    ("3 Apple\n", "text"), ("[Mice]\n3 Acorn Scout\n", "text"), ('\ufeff{"cards": []}', "json"),
    ("[]", "json"), ("# sheet\ncount,card\n3,Apple\n", "csv")])
def test_list_form(text: str, form: str) -> None:
    assert list_form(text) == form


def test_the_name_line_goes_to_the_name_box_and_comes_back_in_place() -> None:
    text = "# mine\nName: orchard  # old\n4 Apple\n"
    assert split_name(text, VDB) == ("# mine\n# old\n4 Apple\n", "orchard")
    assert with_name(text, "Orchard", VDB) == "# mine\nName: Orchard  # old\n4 Apple\n"
    assert with_name("3 Apple\n", "Mice & Fruit", VDB) == "Name: Mice & Fruit\n3 Apple\n"
    assert split_name('{"name": " Bushel ", "cards": []}', VDB)[1] == "Bushel"
    assert split_name("count,card\n3,Apple\n", VDB)[1] == ""  # a CSV list keeps no name


def test_a_name_a_text_list_cannot_hold_is_refused() -> None:
    assert name_line("Mice & Fruit", VDB) == "Name: Mice & Fruit"
    for bad in ("Mice #1", "Sword // Shield", "two\nlines"):
        with pytest.raises(DeckNameError) as err:
            name_line(bad, VDB)
        assert "cannot be kept in a text list" in err.value.message and err.value.suggestion


def test_a_csv_list_is_written_with_its_comment_lines() -> None:
    text = "# from my sheet\ncount,card\n3,Acorn Scout\n2,Apple\n"
    comments = comment_lines(text)
    assert comments == ["# from my sheet"]
    deck = parse_text("3 Acorn Scout\n999 Apple\n1 apple\n", VDB)
    assert csv_text(deck, VDB, comments) == (
        "# from my sheet\ncount,card\n3,Acorn Scout\n999,Apple\n1,Apple\n")
