"""Deck composition and opening-hand odds, against hand-computed values and brute force."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from math import comb

import pytest

from companion.cards import CardDB, card_from_record
from companion.deck import chance, composition, opening_odds
from companion.deck.fields import describe, matches, parse_kind, resolve_path, values
from companion.deck.stats import composition_figure, composition_frame
from companion.errors import CompanionError

from .test_deck import make, tmnt_db, tmnt_fill, village_db

VDB = village_db()
TDB = tmnt_db()


def test_composition_by_type_atk_and_fruit_cost() -> None:
    deck = make(VDB, {"acorn-scout": 2, "twin-tail": 1, "pebble-pup": 3, "apple": 4, "quicksand": 1})
    comp = composition(deck)
    assert comp["Type"] == {"basic-mouse": 5, "mega-mouse": 1, "fruit": 4, "magic": 1}
    assert list(comp["Type"]) == ["basic-mouse", "mega-mouse", "fruit", "magic"]
    # Pebble Pup's ATK is unknown (null): shown as unknown, last; Fruit has no ATK at all
    assert comp["ATK"] == {"1": 2, "4": 1, "unknown": 3}
    # Twin Tail has two abilities: costs 1 and 3
    assert comp["Fruit cost"] == {"1": 3, "3": 1}
    assert "Food" not in comp  # no card of this deck has a Food symbol


def test_composition_tmnt_and_frame() -> None:
    deck = make(TDB, {"leo-1": 2, "raph": 1, "flame": 3, "rock": 1, "pizza": 2})
    comp = composition(deck)
    assert comp["Attribute"] == {"fire": 4, "mountain": 1, "wind": 2}
    assert comp["Power"] == {"3": 5, "4": 2}
    assert comp["Attack kind"] == {"forceful": 1, "normal": 3}
    frame = composition_frame(deck)
    assert list(frame.columns) == ["facet", "value", "count", "share"]
    row = frame[(frame.facet == "Type") & (frame.value == "attack")].iloc[0]
    assert (row["count"], row["share"]) == (4, 44.4)


def test_figure_has_one_panel_per_facet() -> None:
    deck = make(TDB, {"leo-1": 2, "flame": 3})
    fig = composition_figure(deck)
    assert len(fig.axes) == len(composition(deck)) == 4
    empty = composition_figure(make(TDB, {}))
    assert len(empty.axes) == 1


def test_fields_and_kinds() -> None:
    twin = VDB.find("Twin Tail")
    assert values(twin, "abilities[].name") == ["Nibble", "Double Strike"]
    assert values(twin, "nothing[].here") == []
    assert parse_kind(["type=item,magic", "ability=nibble"]) == {
        "type": ["item", "magic"], "abilities[].name": ["nibble"]}
    assert matches(twin, parse_kind(["ability=NIBBLE", "atk=4"]))
    assert not matches(twin, parse_kind(["ability=Nibble", "atk=3"]))
    assert describe({"abilities[].name": ["Nibble"]}) == "ability Nibble"
    assert resolve_path("cost") == "abilities[].fruit_cost"
    for bad in (["type"], ["type="], ["Bad Field!=x"]):
        with pytest.raises(CompanionError):
            parse_kind(bad)


def test_chance_four_copies_in_sixty() -> None:
    deck = make(VDB, {"needle-sword": 4, "apple": 56})
    o = chance(deck, {"name": ["Needle Sword"]}, 1, 7)
    assert o.percent == "39.950%"
    assert o.probability == 1 - Fraction(comb(56, 7), comb(60, 7))
    data = o.to_json()
    assert data["p_exact"] == f"{o.probability.numerator}/{o.probability.denominator}"
    assert data["percent"] == "39.950%"
    too_big = chance(deck, {"name": ["Needle Sword"]}, 1, 61)
    assert too_big.probability is None and too_big.percent == "n/a"


def test_village_no_basic_mouse_and_redraw() -> None:
    deck = make(VDB, {"acorn-scout": 3, "pebble-pup": 3, "pebble-pup-alt": 3, "barley-runner": 0,
                      "apple": 51})
    odds = {o.label: o for o in opening_odds(deck)}
    p = Fraction(comb(51, 7), comb(60, 7))
    assert odds["no Basic Mouse in the opening 7"].probability == p
    assert odds["a Basic Mouse in the opening 7"].probability == 1 - p
    # REDRAW RULE: the whole hand goes back and 7 new cards come from the full deck: independent
    redraw = odds["still no Basic Mouse after the redraw"]
    assert redraw.probability == p * p
    assert redraw.cite == "village-tcg.txt, Redraw Rule"
    assert odds["a Basic Mouse to start with, using the redraw if needed"].probability == 1 - p * p


def test_redraw_independence_cross_checked_by_simulation() -> None:
    rng = random.Random(7)
    trials = 20000
    twice = 0
    for _ in range(trials):  # cards 0-8 are the 9 Basic Mice of 60
        if min(rng.sample(range(60), 7)) >= 9:
            # hand shuffled back: the next 7 come from the whole deck again
            twice += min(rng.sample(range(60), 7)) >= 9
    p = float(Fraction(comb(51, 7), comb(60, 7)) ** 2)
    assert abs(twice / trials - p) < 0.008


def test_tmnt_character_in_hand_and_block_zones_brute_force() -> None:
    # 12 cards, 4 Characters: enumerate every set of Character positions (all equally likely)
    recs = [{"id": f"c{i}", "name": f"C{i}", "type": "character", "attribute": "wind", "power": 1}
            for i in range(4)] + [{"id": f"e{i}", "name": f"E{i}", "type": "event", "timing": "play"}
                                  for i in range(8)]
    db = CardDB("tmnt", [card_from_record("tmnt", "T", {**r, "source": "demo: t"}) for r in recs])
    deck = make(db, {c.id: 1 for c in db})
    got = {o.label: o.probability for o in opening_odds(deck)}
    n_sets = comb(12, 4)
    hand = blocks = both = first = none = 0
    for pos in itertools.combinations(range(12), 4):
        h = any(p < 5 for p in pos)
        b = any(5 <= p < 9 for p in pos)
        hand += h
        blocks += b
        both += h and b
        first += 5 in pos
        none += not (h or b)
    assert got["a Character in the opening 5-card hand"] == Fraction(hand, n_sets)
    assert got["a Character in the four Block Zones (dealt next from the top)"] == Fraction(blocks, n_sets)
    assert got["a Character both in hand and in the Block Zones"] == Fraction(both, n_sets)
    assert got["a Character on the 1st Block Zone (flipped in your first Flip Phase)"] == Fraction(4, 12)
    assert got["no Character in hand nor in the Block Zones"] == Fraction(none, n_sets)


def test_tmnt_by_hand_and_small_decks() -> None:
    deck = make(TDB, tmnt_fill(40, leo_1=2, leo_2=1, raph=3, gust=3, flame=3, rock=3, pizza=3))
    assert deck.card_count == 40
    chars = 2 + 1 + 3 + (40 - 18)  # Foot Soldiers fill the rest
    got = {o.label: o for o in opening_odds(deck)}
    assert got["a Character in the opening 5-card hand"].probability == 1 - Fraction(
        comb(40 - chars, 5), comb(40, 5))
    assert got["a Character in the opening 5-card hand"].cite == "tmnt-tcg.txt, Getting Started (3)"
    small = opening_odds(make(TDB, {"leo-1": 3, "raph": 3, "pizza": 2}))
    # 8 cards: the hand and the 1st Block Zone are worked out, the lines of all 4 Block Zones need 9
    assert [o.probability is None for o in small] == [False, True, False, True, True]
    assert opening_odds(make(VDB, {"apple": 6}))[0].probability is None


def test_kinds_checked_against_the_card_data() -> None:
    cards = VDB.cards
    assert parse_kind(["type=Basic-Mouse", "ability=nibble", "atk=4"], cards) == {
        "type": ["Basic-Mouse"], "abilities[].name": ["nibble"], "atk": ["4"]}
    with pytest.raises(CompanionError, match="no card has type 'basic-mose'") as err:
        parse_kind(["type=basic-mose"], cards)
    assert "Did you mean 'basic-mouse'" in str(err.value)
    with pytest.raises(CompanionError, match="no card has the field 'tipe'") as err:
        parse_kind(["tipe=basic-mouse"], cards)
    assert "Did you mean 'type'" in str(err.value)
    with pytest.raises(CompanionError, match="no card has type 'bogus'") as err:
        parse_kind(["type=magic,bogus"], cards)  # every value of a list is checked
    assert "expected one of basic-mouse, fruit, item, magic, mega-mouse" in str(err.value)
    with pytest.raises(CompanionError, match="no card has ability 'nible'") as err:
        parse_kind(["ability=nible"], cards)
    assert "Did you mean 'Nibble'" in str(err.value)
    assert parse_kind(["type=basic-mose"]) == {"type": ["basic-mose"]}  # no card data: not checked
