"""Typed playing cards: every accepted spelling still names its card, and a misspelt card of one
or more words ("red jokr", "queen of hartes") is refused by the whole item typed, with the closest
card written the way it was typed ("red joker", "queen of hearts")."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.mousecard.deck import (
    ACE,
    FULL_DECK,
    JACK,
    JOKER,
    KING,
    QUEEN,
    PlayingCard,
    parse_card,
    parse_cards,
)

# The spellings a game master may type, written out here (not taken from the parser's own tables).
RANK_SPELLINGS: dict[int, tuple[str, ...]] = {
    2: ("2", "two", "deuce"), 3: ("3", "three"), 4: ("4", "four"), 5: ("5", "five"), 6: ("6", "six"),
    7: ("7", "seven"), 8: ("8", "eight"), 9: ("9", "nine"), 10: ("10", "ten", "t"),
    JACK: ("j", "jack"), QUEEN: ("q", "queen"), KING: ("k", "king"), ACE: ("a", "ace"),
}
SUIT_SPELLINGS: dict[str, tuple[str, ...]] = {
    "spades": ("s", "spade", "spades", "♠", "♤"), "hearts": ("h", "heart", "hearts", "♥", "♡"),
    "diamonds": ("d", "diamond", "diamonds", "♦", "♢"), "clubs": ("c", "club", "clubs", "♣", "♧"),
}
JOINERS = ("", " ", " of ", "  of  ", "-", "_", " - ")
JOKER_SPELLINGS: dict[str, tuple[str, ...]] = {
    colour: (f"{colour[0]}j", f"{colour} joker", f"joker {colour}", f"joker {colour[0]}", f"joker-{colour}",
             f"{colour}-joker", f"{colour}_joker", f"{colour.capitalize()} Joker")
    for colour in ("red", "black")
}


def _spellings(card: PlayingCard) -> st.SearchStrategy[str]:
    """Every way the card may be typed, in any case, with spaces around."""
    if card.is_joker:
        base = st.sampled_from(JOKER_SPELLINGS[card.colour])
    else:
        base = st.builds(lambda r, j, s: f"{r}{j}{s}", st.sampled_from(RANK_SPELLINGS[card.rank]),
                         st.sampled_from(JOINERS), st.sampled_from(SUIT_SPELLINGS[str(card.suit)]))
        base = st.one_of(base, st.just(card.name), st.just(card.id))
    return st.builds(lambda text, upper, pad: (text.upper() if upper else text).center(len(text) + pad),
                     base, st.booleans(), st.integers(0, 2))


typed_card = st.sampled_from(FULL_DECK).flatmap(lambda c: st.tuples(st.just(c), _spellings(c)))


@given(typed_card)
@settings(max_examples=500, deadline=None)
def test_every_accepted_spelling_of_every_card_names_that_card(pair: tuple[PlayingCard, str]) -> None:
    card, text = pair
    assert parse_card(text) == card
    assert parse_cards(text) == (card,)


@given(st.lists(typed_card, min_size=1, max_size=5), st.sampled_from([", ", ",", "; ", " "]))
@settings(max_examples=300, deadline=None)
def test_several_cards_typed_together_read_as_those_cards(pairs: list[tuple[PlayingCard, str]],
                                                          sep: str) -> None:
    assert parse_cards(sep.join(text.strip() for _, text in pairs)) == tuple(card for card, _ in pairs)


def test_each_card_has_its_spellings() -> None:
    assert len(FULL_DECK) == 54 and {c.rank for c in FULL_DECK} == {JOKER, *RANK_SPELLINGS}


@pytest.mark.parametrize(("typed", "item", "meant"), [
    ("10 of spades, red jokr", "'red jokr'", "'red joker'"),
    ("red jokr", "'red jokr'", "'red joker'"),
    ("blak joker", "'blak joker'", "'black joker'"),
    ("black jocker", "'black jocker'", "'black joker'"),
    ("queen of hartes", "'queen of hartes'", "'queen of hearts'"),
    ("Queen of Hartes, QH", "'Queen of Hartes'", "'queen of hearts'"),
    ("10 of spaeds", "'10 of spaeds'", "'10 of spades'"),
    ("jak of clubs", "'jak of clubs'", "'jack of clubs'"),
    ("jack of clbs", "'jack of clbs'", "'jack of clubs'"),
    ("QH, jakc of clubs", "'jakc of clubs'", "'jack of clubs'"),
    ("queen hartes", "'queen hartes'", "'queen of hearts'"),
    ("jokr", "'jokr'", "'red joker' or 'black joker'"),
    ("red", "'red'", "'red joker'"),
])
def test_a_misspelt_card_is_named_whole_with_the_closest_card_as_typed(typed: str, item: str,
                                                                        meant: str) -> None:
    with pytest.raises(CompanionError) as caught:
        parse_cards(typed)
    assert caught.value.message == f"not a card of the Mouse Card deck: {item}"
    assert caught.value.suggestion == f"Did you mean {meant}?"


@pytest.mark.parametrize(("typed", "item", "meant"), [
    ("QH red jokr", "'red jokr' (in 'QH red jokr')", "'red joker'"),
    ("red jokr QH", "'red jokr' (in 'red jokr QH')", "'red joker'"),
    ("10 of spaeds 2H", "'10 of spaeds' (in '10 of spaeds 2H')", "'10 of spades'"),
    ("red jokr qx", "'red jokr' (in 'red jokr qx')", "'red joker'"),
    ("2H 3X", "'3X' (in '2H 3X')", "'3S', '3H', '3D' or '3C'"),
])
def test_a_misspelt_card_among_others_is_named_within_the_words_typed(typed: str, item: str,
                                                                      meant: str) -> None:
    with pytest.raises(CompanionError) as caught:
        parse_cards(typed)
    assert caught.value.message == f"not a card of the Mouse Card deck: {item}"
    assert caught.value.suggestion == f"Did you mean {meant}?"


def _one_typo(word: str, data: st.DataObject) -> str:
    """``word`` with one letter left out, added, changed, or two swapped."""
    i = data.draw(st.integers(0, len(word) - 1))
    letter = data.draw(st.sampled_from("abcdefghijklmnopqrstuvwxyz"))
    kind = data.draw(st.sampled_from(["out", "added", "changed", "swapped"]))
    if kind == "out":
        return word[:i] + word[i + 1:]
    if kind == "added":
        return word[:i] + letter + word[i:]
    if kind == "changed":
        return word[:i] + letter + word[i + 1:]
    return word[:i] + word[i + 1:i + 2] + word[i] + word[i + 2:] if i + 1 < len(word) else word[:-1]


def _is_a_card(text: str) -> bool:
    try:
        parse_card(text)
    except CompanionError:
        return False
    return True


@given(st.sampled_from([c for c in FULL_DECK if c.rank >= JACK or c.is_joker]), st.data())
@settings(max_examples=400, deadline=None)
def test_one_typo_in_a_card_in_words_suggests_that_card_in_words(card: PlayingCard,
                                                                  data: st.DataObject) -> None:
    words = card.name.lower().split()  # "queen of hearts", "red joker": each a word of 4 letters or more
    at = data.draw(st.sampled_from([i for i, w in enumerate(words) if len(w) >= 4]))
    words[at] = _one_typo(words[at], data)
    typed = " ".join(words)
    assume(typed != card.name.lower() and "  " not in typed and not typed.endswith(" "))
    assume(not any(_is_a_card(w) for w in words))  # ("ace of aspades": "aspades" is the ace of spades)
    try:
        parse_cards(f"2H, {typed}")
    except CompanionError as caught:
        assert caught.message == f"not a card of the Mouse Card deck: {typed!r}"
        assert f"{card.name.lower()!r}" in str(caught.suggestion)
    else:  # the typo spells another accepted word ("queen of heart"): then it names that card
        assert parse_card(typed) == card


vocabulary = st.sampled_from(["red", "black", "joker", "jokr", "of", "queen", "qeen", "10", "1", "11", "ten",
                              "spades", "spaeds", "hartes", "h", "s", "x", "qh", "QX", "-", "♥", ",", ";",
                              " ", "j", "rj", "jr", "kng", "cups", "ace"])


@given(st.lists(st.one_of(vocabulary, st.text(max_size=6)), max_size=8).map(" ".join))
@settings(max_examples=600, deadline=None)
def test_no_typed_text_raises_anything_but_a_refusal_whose_hints_are_cards(text: str) -> None:
    try:
        parse_cards(text)
    except CompanionError as caught:
        for hint in re.findall(r"'([^']*)'", str(caught.suggestion or "")):
            parse_card(hint)  # every card suggested is one the parser takes as typed
