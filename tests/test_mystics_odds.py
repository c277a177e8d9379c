"""Exact action-die odds, checked against brute-force enumeration of every roll."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.mystics import odds
from tests.test_mystics_helpers import DIE, face


def brute_attack(die, n_att: int, n_def: int, ranged: bool = False) -> dict[int, Fraction]:
    """Every roll of attack and defense dice, counted (the defence rolls only after a hit)."""
    hit_syms = {"bow"} if ranged else {"sword", "sword-shield"}
    out: dict[int, Fraction] = {}
    total = Fraction(1, len(die) ** (n_att + n_def))
    for att in itertools.product(die, repeat=n_att):
        hits = sum(1 for f in att for s in f.symbols if s in hit_syms)
        for dfn in itertools.product(die, repeat=n_def):
            blocks = sum(1 for f in dfn for s in f.symbols if s == "sword-shield")
            w = max(hits - blocks, 0) if hits else 0
            out[w] = out.get(w, Fraction(0)) + total
    return out


def test_one_die_melee_against_one_die() -> None:
    a = odds.attack_odds(DIE, 1, 1)
    # a hit on 4 faces (a, b, c, f); a block on 2 (b, c)
    assert a.hits == {0: Fraction(1, 3), 1: Fraction(2, 3)}
    assert a.wounds[1] == Fraction(2, 3) * Fraction(4, 6)
    assert sum(a.wounds.values()) == 1


@pytest.mark.parametrize("n_att,n_def,ranged", [(2, 1, False), (3, 2, False), (2, 2, True), (0, 2, False)])
def test_attack_matches_brute_force(n_att: int, n_def: int, ranged: bool) -> None:
    assert odds.attack_odds(DIE, n_att, n_def, ranged=ranged).wounds == {
        k: v for k, v in sorted(brute_attack(DIE, n_att, n_def, ranged).items())}


def test_bonuses_add_dice_and_modifiers_remove_them() -> None:
    a = odds.attack_odds(DIE, 2, 2, battle_bonus=1, defense_bonus=1, defense_dice_modifier=-2)
    assert a.attack_dice == 3 and a.defense_dice == 1
    assert a.wounds == odds.attack_odds(DIE, 3, 1).wounds


def test_accurate_bow_counts_bows_twice() -> None:
    a = odds.attack_odds(DIE, 1, 0, ranged=True, hit_weights={"bow": 2})
    assert a.hits == {0: Fraction(5, 6), 2: Fraction(1, 6)}


def test_cheese_directions_and_the_defender_rolls_only_after_a_hit() -> None:
    mouse = odds.attack_odds(DIE, 1, 1, attacker="mouse")
    # the minion's defence cheese goes to the wheel, and only when the mouse hit (2/3)
    assert mouse.wheel_cheese == {0: 1 - Fraction(2, 3) * Fraction(1, 6), 1: Fraction(2, 3) * Fraction(1, 6)}
    assert mouse.mouse_cheese == {0: Fraction(5, 6), 1: Fraction(1, 6)}
    minion = odds.attack_odds(DIE, 1, 1, attacker="minion")
    assert minion.wheel_cheese == {0: Fraction(5, 6), 1: Fraction(1, 6)}
    brodie = odds.attack_odds(DIE, 1, 1, attacker="minion", brodie=True)
    assert brodie.wheel_cheese == {0: Fraction(1)}


def test_surge_chance_and_defeat_chance() -> None:
    a = odds.attack_odds(DIE, 2, 1, attacker="minion")
    assert odds.surge_chance(a, 5) == 1 - Fraction(5, 6) ** 2
    assert odds.surge_chance(a, 3) == 0
    assert a.p_defeat(1) == a.p_wounds_at_least(1)


def test_mousetrap_search_and_checks() -> None:
    p_star = Fraction(2, 6)
    assert odds.search_odds(DIE) == p_star
    assert odds.mousetrap_odds(DIE, 2) == 1 - (1 - p_star) ** 2
    assert odds.mousetrap_odds(DIE, 1, lore=3) == 1 - (1 - p_star) ** 3  # a tinkerer may roll lore
    assert odds.check_odds(DIE, 0) == 0


def test_movement_and_brodie_chase() -> None:
    assert odds.mouse_move(DIE, 2) == {3: Fraction(1, 3), 4: Fraction(1, 3), 5: Fraction(1, 3)}
    assert odds.minion_move(DIE) == {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}
    chase = odds.brodie_chase(DIE)
    assert chase[2] == Fraction(1, 9) and chase[4] == Fraction(3, 9) and sum(chase.values()) == 1


def test_unknown_movement_is_an_error_not_a_guess() -> None:
    blank = (face("x", ("sword",), None),)
    with pytest.raises(CompanionError, match="no movement number"):
        odds.mouse_move(blank, 2)


def test_bad_input_is_a_companion_error() -> None:
    with pytest.raises(CompanionError):
        odds.attack_odds(DIE, -1, 1)
    with pytest.raises(CompanionError):
        odds.attack_odds(DIE, 1, 1, attacker="cat")
    with pytest.raises(CompanionError):
        odds.check_odds((), 1)


def test_symbol_aliases() -> None:
    assert odds.normalize_symbol("Sword/Shield") == odds.SWORD_SHIELD
    assert odds.normalize_symbol("star") == odds.CHECK


SYMS = st.lists(st.sampled_from(["sword", "sword-shield", "bow", "cheese", "star"]), max_size=2)


@settings(max_examples=30, deadline=None)
@given(st.lists(SYMS, min_size=1, max_size=4), st.integers(0, 3), st.integers(0, 2), st.booleans())
def test_any_die_sums_to_one_and_matches_brute_force(faces: list[list[str]], n_att: int, n_def: int,
                                                     ranged: bool) -> None:
    die = tuple(face(str(i), tuple(s), 1) for i, s in enumerate(faces))
    a = odds.attack_odds(die, n_att, n_def, ranged=ranged)
    assert sum(a.wounds.values()) == 1 and sum(a.wheel_cheese.values()) == 1
    assert a.wounds == {k: v for k, v in sorted(brute_attack(die, n_att, n_def, ranged).items())}


def test_life_left_and_wheel_are_checked() -> None:
    a = odds.attack_odds(DIE, 2, 1)
    for bad in (0, -1):
        with pytest.raises(CompanionError, match="1 or more"):
            a.p_defeat(bad)
    assert a.p_defeat(1) == a.p_wounds_at_least(1)
    assert a.p_defeat(3) == 0  # 2 dice cannot inflict 3 wounds
    for bad in (6, 7, -1, -2):
        with pytest.raises(CompanionError, match="0 to 5"):
            odds.surge_chance(a, bad)
    assert odds.surge_chance(a, 0) == 0  # 2 dice show at most 2 cheese
    assert odds.surge_chance(a, 5) > 0


def test_missing_movement_numbers_are_named() -> None:
    die = (face("a", ("sword",), 1), face("b", ("bow",), None), face("c", ("cheese",), None))
    for call in (lambda: odds.mouse_move(die, 2), lambda: odds.minion_move(die),
                 lambda: odds.brodie_chase(die)):
        with pytest.raises(CompanionError, match="2 of the 3 action die faces have no movement number: b, c"):
            call()


def test_dice_are_capped_so_answers_stay_fast() -> None:
    import time

    assert odds.MAX_DICE == 50
    start = time.perf_counter()
    a = odds.attack_odds(DIE, odds.MAX_DICE, odds.MAX_DICE)
    assert sum(a.wounds.values()) == 1 and time.perf_counter() - start < 10
    with pytest.raises(CompanionError, match="from 0 to 50"):
        odds.attack_odds(DIE, 51, 1)
    with pytest.raises(CompanionError, match="from 0 to 50"):
        odds.attack_odds(DIE, 50, 1, battle_bonus=1)
    with pytest.raises(CompanionError, match="from 0 to 50"):
        odds.attack_odds(DIE, 1, 200)
    with pytest.raises(CompanionError, match="from 1 to 50"):
        odds.brodie_chase(DIE, 0)
    with pytest.raises(CompanionError, match="from 0 to 50"):
        odds.check_odds(DIE, 10**6)
