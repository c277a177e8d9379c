"""Village TCG at the table: the battle resolver, the tracker and its turn guide."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError, LogError, RuleError
from companion.village.battle import Attack, Fighter, coin_flip_order, duel, resolve_battle
from companion.village.game import (
    FORFEIT_NOTE,
    FRUIT_READINGS,
    VillageTracker,
    checklist,
    new_game,
    new_seed,
    why_not,
)

# -- battle resolver ---------------------------------------------------------------------------


def test_the_three_outcomes_at_their_boundaries() -> None:
    assert duel(3, 2) == "attacker-wins"
    assert duel(2, 3) == "blocked"
    assert duel(2, 2) == "both-destroyed"
    assert duel(0, 0) == "both-destroyed"


def test_resolve_every_outcome_with_citations() -> None:
    att = [Fighter("A", 3, 1), Fighter("B", 1, 1), Fighter("C", 2, 2), Fighter("D", 4, 1)]
    dfd = [Fighter("x", 1, 2), Fighter("y", 1, 3), Fighter("z", 0, 2)]
    r = resolve_battle(att, dfd, [Attack("A", "x"), Attack("B", "y"), Attack("C", "z"), Attack("D")],
                       opponent_mp=30)
    assert r.is_legal
    assert [o.result for o in r.outcomes] == ["attacker-wins", "blocked", "both-destroyed", "direct"]
    assert r.defenders_destroyed == ("x", "z") and r.attackers_destroyed == ("B", "C")
    assert r.mp_damage == 4 and r.mp_after == 26
    assert all("village-tcg.txt" in o.cite for o in r.outcomes)
    assert any("house interpretation" in n.message for n in r.verdict.notes)


def test_direct_damage_amount_is_a_parameter_and_mp_floors_at_zero() -> None:
    r = resolve_battle([Fighter("A", 9, 1)], [], [Attack("A")], direct_damage=1, opponent_mp=5)
    assert r.mp_damage == 1 and r.mp_after == 4
    assert not any("house interpretation" in n.message for n in r.verdict.notes)
    r = resolve_battle([Fighter("A", 9, 1)], [], [Attack("A")], opponent_mp=5)
    assert r.mp_after == 0
    with pytest.raises(RuleError):
        resolve_battle([], [], [], direct_damage=-1)


def test_illegal_assignments_are_all_reported_and_nothing_resolves() -> None:
    att = [Fighter("A", 3, 1), Fighter("B", 1, 1)]
    dfd = [Fighter("x", 1, 2)]
    r = resolve_battle(att, dfd, [Attack("A", "x"), Attack("A", "x"), Attack("B", "x"), Attack("Q")],
                       first_turn=True)
    rules = {p.rule for p in r.verdict.problems}
    assert rules == {"no-first-turn-attack", "attacks-once", "defends-once", "unknown-attacking"}
    assert r.outcomes == () and not r.is_legal
    assert all(p.cite for p in r.verdict.problems)


def test_unknown_stats_and_labels_are_problems_with_suggestions() -> None:
    r = resolve_battle([Fighter("Acorn", None, 1)], [Fighter("Berry", 1, None)],
                       [Attack("Acorn", "Berry"), Attack("Acorm", "Bery")])
    rules = [p.rule for p in r.verdict.problems]
    assert "unknown-atk" in rules and "unknown-def" in rules
    assert any("Did you mean 'Acorn'" in p.message for p in r.verdict.problems)


def test_first_turn_without_attacks_is_fine() -> None:
    assert resolve_battle([Fighter("A", 1, 1)], [], [], first_turn=True).is_legal


def test_coin_flip_order_single_function_first() -> None:
    assert coin_flip_order([("Super Confused", 2), ("Quicksand", 1)]) == ["Quicksand", "Super Confused"]
    assert coin_flip_order([("a", 1), ("b", 1)]) == ["a", "b"]
    with pytest.raises(RuleError):
        coin_flip_order([("x", 0)])


# -- tracker -----------------------------------------------------------------------------------

def game(**kw: object) -> VillageTracker:
    t = VillageTracker()
    new_game(t, ("Ann", "Bob"), **kw)  # type: ignore[arg-type]
    return t


def mouse(t: VillageTracker, player: int, n: int = -1) -> str:
    return t.state.players[player].field[n].uid


def through_turn_one(t: VillageTracker) -> str:
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Acorn Scout", "atk": 1, "def": 1})
    uid = mouse(t, 0)
    t.do({"event": "end_turn"})
    return uid


def test_start_state_mp_decks_and_turn() -> None:
    t = game()
    s = t.state
    assert s.players[0].mp == 30 and s.players[1].mp == 30
    assert s.players[0].deck == 53  # 60 minus the 7 drawn
    assert s.turn == 1 and s.current == 0
    t.do({"event": "draw"})
    assert t.state.players[0].deck == 52
    with pytest.raises(RuleError, match="already drawn"):
        t.do({"event": "draw"})
    with pytest.raises(RuleError, match="more than 7"):
        new_game(VillageTracker(), decks=(7, 60))


def test_second_player_first_and_turn_passing() -> None:
    t = game(first=1)
    assert t.state.current == 1
    t.do({"event": "end_turn"})
    assert t.state.current == 0 and t.state.turn == 2


def test_winner_at_zero_mp_and_empty_deck() -> None:
    t = game()
    t.do({"event": "mp", "player": 1, "delta": -29})
    assert t.state.winner is None
    t.do({"event": "mp", "player": 1, "delta": -5})
    assert t.state.players[1].mp == 0 and t.state.winner == 0
    with pytest.raises(RuleError, match="game is over"):
        t.do({"event": "draw"})
    t.undo()
    assert t.state.winner is None
    t = game(decks=(9, 60))  # 2 cards left after the opening 7
    t.do({"event": "draw"})
    assert t.state.winner is None
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    assert t.state.winner == 1 and "deck has no cards" in t.state.win_reason


def test_no_attack_on_the_first_turn_then_allowed() -> None:
    t = game()
    a = through_turn_one(t)
    assert t.state.turn == 2
    t2 = game()
    t2.do({"event": "draw"})
    with pytest.raises(RuleError, match="first turn"):
        t2.do({"event": "attack", "attacks": [{"attacker": "A #1", "defender": None}]})
    with pytest.raises(RuleError, match="first turn"):  # nor declaring none: the turn has no Attack Phase
        t2.do({"event": "attack", "attacks": []})
    assert not t2.state.t.attacked and not t2.state.t.declared
    # turn 2: Bob may attack Ann's mouse
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Berry Guard", "atk": 2, "def": 2})
    b = mouse(t, 1)
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "attack", "attacks": [{"attacker": a, "defender": b}]})
    assert t.state.players[0].field == ()  # Acorn 1 vs DEF 2: blocked, attacker destroyed
    assert t.state.players[0].discard == 1
    with pytest.raises(RuleError, match="already declared"):
        t.do({"event": "attack", "attacks": []})


def test_undefended_attack_hits_mp_and_double_assignment_is_refused() -> None:
    t = game()
    a = through_turn_one(t)
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    with pytest.raises(RuleError, match="only attack once"):
        t.do({"event": "attack", "attacks": [{"attacker": a}, {"attacker": a}]})
    t.do({"event": "attack", "attacks": [{"attacker": a, "defender": None}]})
    assert t.state.players[1].mp == 29
    assert any("house interpretation" in line for line in t.state.last)


def test_direct_damage_parameter_from_start_event() -> None:
    t = game(direct_damage=5)
    a = through_turn_one(t)
    t.do({"event": "end_turn"})
    t.do({"event": "attack", "attacks": [{"attacker": a}]})
    assert t.state.players[1].mp == 25


def test_one_basic_mouse_per_turn() -> None:
    t = game()
    t.do({"event": "play_basic", "name": "A"})
    with pytest.raises(RuleError, match="one Basic Mouse or one Mega Mouse per turn"):
        t.do({"event": "play_basic", "name": "B"})


def test_mega_mouse_needs_a_full_turn_on_the_field() -> None:
    t = game()
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "A"})
    a = mouse(t, 0)
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})  # Bob's turn passes: A has had a full turn on the field
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Fresh"})
    fresh = mouse(t, 0)
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})
    t.do({"event": "summon_mega", "sacrifice": a, "name": "Mega A", "atk": 5, "def": 5})
    names = [m.name for m in t.state.players[0].field]
    assert names == ["Fresh", "Mega A"]
    assert fresh  # played a turn later, also eligible now, but only one summon per turn:
    with pytest.raises(RuleError, match="per turn"):
        t.do({"event": "summon_mega", "sacrifice": fresh, "name": "Mega B"})


def test_mega_mouse_refused_for_a_mouse_played_this_turn() -> None:
    from dataclasses import replace

    from companion.village.game import TurnState

    t = game(strict_order=False)
    t.do({"event": "play_basic", "name": "A"})
    a = mouse(t, 0)
    fresh_turn = replace(t.state, t=TurnState())  # Step 2 unused, same turn number
    with pytest.raises(RuleError, match="full turn"):
        t.apply(fresh_turn, {"event": "summon_mega", "sacrifice": a, "name": "M"})
    t.do({"event": "end_turn"})  # on the opponent's turn it is not Ann's mouse to sacrifice
    with pytest.raises(RuleError, match=r"belongs to Ann, not to Bob whose turn it is \(village-tcg.txt"):
        t.do({"event": "summon_mega", "sacrifice": a, "name": "M"})


def test_mega_cannot_be_sacrificed() -> None:
    t = game()
    t.do({"event": "play_basic", "name": "A"})
    a = mouse(t, 0)
    for _ in range(2):
        t.do({"event": "end_turn"})
    t.do({"event": "summon_mega", "sacrifice": a, "name": "M"})
    m = mouse(t, 0)
    for _ in range(2):
        t.do({"event": "end_turn"})
    with pytest.raises(RuleError, match="Mega Mice cannot be sacrificed"):
        t.do({"event": "summon_mega", "sacrifice": m, "name": "M2"})
    for not_said in (False, "yes", 1):
        with pytest.raises(RuleError, match="sacrifice_allowed"):
            t.do({"event": "summon_mega", "sacrifice": m, "name": "M2", "sacrifice_allowed": not_said})


def test_a_mega_mouse_whose_card_says_so_can_be_sacrificed() -> None:
    t = game()
    t.do({"event": "play_basic", "name": "A"})
    a = mouse(t, 0)
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})
    t.do({"event": "summon_mega", "sacrifice": a, "name": "Storm Whisker", "atk": 5, "def": 3})
    storm = mouse(t, 0)
    t.do({"event": "fruit", "mouse": storm})
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})
    t.do({"event": "summon_mega", "sacrifice": storm, "name": "Cheddar Knight", "sacrifice_allowed": True})
    field = t.state.players[0].field
    assert [m.name for m in field] == ["Cheddar Knight"] and field[0].kind == "mega"
    assert t.state.players[0].discard == 1 + 2  # A; then Storm Whisker with its Fruit
    assert "Summoning MegaMice" in t.state.last[0]


def test_fruit_ability_item_limits() -> None:
    t = game()
    t.do({"event": "play_basic", "name": "A"})
    a = mouse(t, 0)
    t.do({"event": "fruit", "mouse": a})
    with pytest.raises(RuleError, match="one Fruit per turn"):
        t.do({"event": "fruit", "mouse": a})
    with pytest.raises(RuleError, match="costs 2"):
        t.do({"event": "ability", "mouse": a, "cost": 2})
    with pytest.raises(RuleError, match=r"'Early Warning' costs 3 .*Abilities.*Step 4"):
        t.do({"event": "ability", "mouse": a, "cost": 3, "name": "Early Warning"})
    with pytest.raises(RuleError, match="name"):
        t.do({"event": "ability", "mouse": a, "cost": 1, "name": 7})
    t.do({"event": "ability", "mouse": a, "cost": 1, "name": "Nibble"})
    assert t.state.last == ("A #1 uses Nibble (1 Fruit needed, 1 equipped)", FRUIT_READINGS["equipped"])
    with pytest.raises(RuleError, match="once per turn"):
        t.do({"event": "ability", "mouse": a, "cost": 0})
    t.do({"event": "item", "mouse": a, "name": "Twig Sword"})
    with pytest.raises(RuleError, match="once per turn"):
        t.do({"event": "item", "mouse": a, "name": "Shield"})
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})
    with pytest.raises(RuleError, match="one equipped Item per Mouse"):
        t.do({"event": "item", "mouse": a, "name": "Shield"})
    t.do({"event": "item", "mouse": a, "name": "Shield", "extra": True})
    assert t.state.players[0].field[0].items == ("Twig Sword", "Shield")


def test_steps_in_order_and_abilities_never_after_attack() -> None:
    t = game()
    a = through_turn_one(t)
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "item", "mouse": a, "name": "Hat"})  # Step 5
    with pytest.raises(RuleError, match="comes before"):
        t.do({"event": "fruit", "mouse": a})
    t.do({"event": "attack", "attacks": []})
    with pytest.raises(RuleError, match="comes before"):  # strict order: Step 6 is after Step 4
        t.do({"event": "ability", "mouse": a})
    with pytest.raises(RuleError, match="one Attack Phase"):  # no attack declared: the phase is over
        t.do({"event": "attack", "attacks": [{"attacker": a, "defender": None}]})
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})
    t.do({"event": "attack", "attacks": [{"attacker": a, "defender": None}]})
    with pytest.raises(RuleError, match="no abilities after declaring an attack"):
        t.do({"event": "ability", "mouse": a})
    loose = game(strict_order=False)
    b = through_turn_one(loose)
    loose.do({"event": "end_turn"})
    loose.do({"event": "item", "mouse": b, "name": "Hat"})
    loose.do({"event": "fruit", "mouse": b})  # allowed when the order is not enforced
    loose.do({"event": "attack", "attacks": []})  # declaring no attack is not declaring an attack
    assert "declares no attack" in loose.state.last[0] and not loose.state.t.attacked
    loose.do({"event": "ability", "mouse": b, "cost": 1})
    loose.do({"event": "end_turn"})
    loose.do({"event": "end_turn"})
    loose.do({"event": "attack", "attacks": [{"attacker": b, "defender": None}]})
    with pytest.raises(RuleError, match="no abilities after"):
        loose.do({"event": "ability", "mouse": b})


def test_draw_is_forfeited_when_moving_on() -> None:
    t = game()
    t.do({"event": "step", "to": 2})
    assert t.state.last[-1] == FORFEIT_NOTE and "Step 1" in FORFEIT_NOTE and "Order of Turn" in FORFEIT_NOTE
    with pytest.raises(RuleError, match="forfeited"):
        t.do({"event": "draw"})
    assert checklist(t.state)[0].detail == "forfeited"


@pytest.mark.parametrize("event", [
    {"event": "play_basic", "name": "A"},
    {"event": "magic", "name": "Rain"},
    {"event": "end_turn"},
])
def test_any_action_past_step_one_without_drawing_warns(event: dict) -> None:
    t = game()
    t.do(event)
    assert FORFEIT_NOTE in t.state.last
    drawn = game()
    drawn.do({"event": "draw"})
    drawn.do(event)
    assert FORFEIT_NOTE not in drawn.state.last


def test_actions_that_stay_at_step_one_do_not_warn() -> None:
    t = game()
    for event in ({"event": "mp", "player": 1, "delta": -1},
                  {"event": "magic", "name": "Quick", "player": 1, "instant": True},  # the opponent's instant
                  {"event": "step", "to": 1}):
        t.do(event)
        assert FORFEIT_NOTE not in t.state.last, event
    t.do({"event": "draw"})  # still allowed: nothing moved the turn on
    assert t.state.t.drew


def test_magic_once_per_turn_and_instants_on_the_opponents_turn() -> None:
    t = game()
    t.do({"event": "magic", "name": "Rain"})
    with pytest.raises(RuleError, match="once per turn"):
        t.do({"event": "magic", "name": "Sun", "instant": True})
    with pytest.raises(RuleError, match="not instant"):
        t.do({"event": "magic", "name": "Fog", "player": 1})
    refused = why_not(t.state, "magic", 1)
    assert refused is not None and "not instant" in refused.message and refused.cite
    assert why_not(t.state, "magic", 1, instant=True) is None
    t.do({"event": "magic", "name": "Quick", "player": 1, "instant": True})
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "step", "to": 6})
    t.do({"event": "magic", "name": "Snap", "player": 0, "instant": True})  # Ann, on Bob's turn, Step 6
    with pytest.raises(RuleError, match="comes before"):
        t.do({"event": "magic", "name": "Wall", "continuous": True})  # Bob's own Step 5 is past
    assert (t.state.players[0].discard, t.state.players[1].discard) == (2, 1)  # Rain+Snap; Quick


def test_continuous_magic_stays_until_destroyed() -> None:
    t = game()
    t.do({"event": "magic", "name": "Wall", "continuous": True})
    assert t.state.players[0].magic == ("Wall",)
    t.do({"event": "destroy_magic", "player": 0, "name": "Wall"})
    assert t.state.players[0].magic == () and t.state.players[0].discard == 1
    with pytest.raises(RuleError):
        t.do({"event": "destroy_magic", "player": 0, "name": "Wall"})


def test_redraw_rule_once_only_at_the_start_only_without_basic() -> None:
    t = game()
    with pytest.raises(RuleError, match="no Basic Mouse"):
        t.do({"event": "redraw", "player": 0, "basic_in_hand": True})
    t.do({"event": "redraw", "player": 0, "basic_in_hand": False})
    t.do({"event": "redraw", "player": 1, "basic_in_hand": False})
    with pytest.raises(RuleError, match="only once"):
        t.do({"event": "redraw", "player": 0, "basic_in_hand": False})
    t2 = game()
    t2.do({"event": "draw"})
    with pytest.raises(RuleError, match="very start"):
        t2.do({"event": "redraw", "player": 1, "basic_in_hand": False})


def test_each_new_game_gets_a_fresh_seed_recorded_in_its_start_event() -> None:
    seeds = set()
    for _ in range(5):
        t = VillageTracker()
        new_game(t)
        seed = t.history[0]["seed"]
        assert isinstance(seed, int) and t.state.seed == seed
        seeds.add(seed)
    assert len(seeds) == 5
    assert isinstance(new_seed(), int) and 0 <= new_seed() < 2**31


def test_start_without_a_seed_replays_as_seed_0_and_bad_seeds_are_refused() -> None:
    t = VillageTracker()
    t.do({"event": "start"})  # logs written before seeds were recorded
    assert t.state.seed == 0
    for bad in (True, [1], {"a": 1}, 1.5):
        with pytest.raises(RuleError, match="seed"):
            VillageTracker().do({"event": "start", "seed": bad})
    assert VillageTracker().do({"event": "start", "seed": "table-3"}).seed == "table-3"


def test_coin_flip_seeded_results_differ_between_seeds() -> None:
    results = set()
    for seed in range(12):
        t = game(seed=seed)
        for _ in range(4):
            t.do({"event": "flip", "card": "Super Confused", "functions": 2})
        results.add(tuple(f[2] for f in t.state.t.flips))
    assert len(results) > 1


def test_no_attack_negating_coin_flip_on_the_first_turn() -> None:
    # it would open an Attack Phase there is none of, skipping Steps 2-5 and the draw
    t = game()
    with pytest.raises(RuleError, match="no attack on the first turn") as err:
        t.do({"event": "flip", "card": "Super Confused", "functions": 2, "result": "tails", "attack": True})
    assert "First Turn" in str(err.value) and "Coin Flips" in str(err.value)
    assert t.state.t.step == 1 and not t.state.t.flips
    t.do({"event": "flip", "card": "Super Confused", "functions": 2, "result": "tails"})  # any other flip
    assert t.state.t.step == 1 and len(t.state.t.flips) == 1


def test_no_coin_flip_after_the_attack_is_resolved() -> None:
    t = game()
    a = through_turn_one(t)
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "B", "atk": 0, "def": 3})
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "flip", "card": "Super Confused", "functions": 2, "result": "tails", "attack": True})
    assert t.state.t.step == 6  # an attack-negating flip opens the Attack Phase
    t.do({"event": "attack", "attacks": [{"attacker": a, "defender": None}]})
    with pytest.raises(RuleError, match="beginning of the Attack Phase") as err:
        t.do({"event": "flip", "card": "Super Confused", "functions": 2, "result": "heads", "attack": True})
    assert "Coin Flips" in str(err.value)
    assert len(t.state.t.flips) == 1
    t.do({"event": "magic", "player": 0, "name": "Lucky Coin", "instant": True})  # the defender's instant
    t.do({"event": "flip", "card": "Lucky Coin", "result": "heads"})  # its flip: any time
    assert len(t.state.t.flips) == 2


def test_a_flip_moves_no_step_and_the_order_rule_is_for_flips_in_play_at_once() -> None:
    t = game()
    t.do({"event": "magic", "player": 1, "name": "Coin Spell", "instant": True})  # before the draw
    t.do({"event": "flip", "card": "Coin Spell", "functions": 2, "result": "heads"})
    assert t.state.t.step == 1 and FORFEIT_NOTE not in t.state.last
    t.do({"event": "draw"})  # the draw is still the turn player's
    t.do({"event": "play_basic", "name": "A", "atk": 1, "def": 1})
    t.do({"event": "flip", "card": "Quicksand", "functions": 1, "result": "tails"})  # another moment
    assert t.state.t.step == 2


def test_coin_flips_in_the_books_order_and_seeded() -> None:
    t = game(seed=7)
    t.do({"event": "flip", "card": "Super Confused", "functions": 2, "result": "heads"})
    with pytest.raises(RuleError, match="goes before"):
        t.do({"event": "flip", "card": "Quicksand", "functions": 1})
    t = game(seed=7)
    t.do({"event": "flip", "card": "Quicksand", "functions": 1})
    t.do({"event": "flip", "card": "Super Confused", "functions": 2})
    first = t.state.t.flips
    again = game(seed=7)
    for e in t.history[1:]:  # (as live actions: without what the tracker logged of the seed)
        again.do({k: v for k, v in e.items() if k != "seeded"})
    assert again.state.t.flips == first  # exact replay


def test_stats_destroy_and_deck_events() -> None:
    t = game()
    t.do({"event": "play_basic", "name": "A", "atk": 1, "def": 1})
    a = mouse(t, 0)
    t.do({"event": "stats", "mouse": a, "atk": 4})
    assert t.state.players[0].field[0].atk == 4 and t.state.players[0].field[0].defense == 1
    t.do({"event": "deck", "player": 1, "delta": -3})
    assert t.state.players[1].deck == 50
    t.do({"event": "destroy", "mouse": a})
    assert t.state.players[0].field == ()
    with pytest.raises(RuleError, match="no mouse"):
        t.do({"event": "destroy", "mouse": a})


def test_unknown_events_and_bad_fields_are_clear_errors() -> None:
    t = game()
    with pytest.raises(LogError, match="unknown Village TCG event"):
        t.do({"event": "draww"})
    with pytest.raises(RuleError):
        t.do({"event": "mp", "player": 3, "delta": 1})
    with pytest.raises(RuleError):
        t.do({"event": "attack", "attacks": "all"})
    with pytest.raises(RuleError, match="not started"):
        VillageTracker().do({"event": "draw"})


def test_checklist_statuses() -> None:
    t = game()
    items = checklist(t.state)
    assert [i.step for i in items] == list(range(1, 8))
    assert items[0].status == "current" and items[5].status == "unavailable"
    t.do({"event": "draw"})
    t.do({"event": "step", "to": 3})
    items = checklist(t.state)
    assert items[0].status == "done" and items[1].status == "skipped" and items[2].status == "current"
    assert why_not(t.state, "attack") is not None


def test_autosave_undo_redo_and_resume(tmp_path: Path) -> None:
    path = tmp_path / "village.jsonl"
    t = VillageTracker(path)
    new_game(t, ("Ann", "Bob"))
    t.do({"event": "draw"})
    t.do({"event": "mp", "player": 1, "delta": -4})
    t.undo()
    assert t.state.players[1].mp == 30
    t.redo()
    resumed = VillageTracker(path)
    assert resumed.state == t.state and resumed.state.players[1].mp == 26
    assert [json.loads(line)["event"] for line in path.read_text().splitlines()[:2]] == ["log", "start"]


def test_checklist_names_the_mice_that_may_be_sacrificed() -> None:
    from companion.village.game import sacrificable

    t = game()
    t.do({"event": "play_basic", "name": "A"})
    assert sacrificable(t.state) == []
    assert "no Basic Mouse has had a full turn" in checklist(game().state)[1].detail
    a = mouse(t, 0)
    t.do({"event": "end_turn"})
    assert sacrificable(t.state) == []  # Bob's turn: Bob has no mice
    t.do({"event": "end_turn"})
    assert sacrificable(t.state) == [a]
    assert a in checklist(t.state)[1].detail


EVENT_KINDS = st.sampled_from(["start", "redraw", "draw", "step", "play_basic", "summon_mega", "fruit",
                               "ability", "item", "magic", "flip", "attack", "stats", "destroy",
                               "destroy_magic", "mp", "deck", "end_turn", "bogus"])
JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-5, 70) | st.text(max_size=8),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8),
                                                                                    inner, max_size=3),
                       max_leaves=6)
FIELDS = st.dictionaries(st.sampled_from(["player", "delta", "name", "atk", "def", "mouse", "sacrifice",
                                          "cost", "to", "attacks", "instant", "continuous", "result",
                                          "functions", "basic_in_hand", "players", "decks", "first"]),
                         JSONISH, max_size=4)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(EVENT_KINDS, FIELDS), max_size=12))
def test_hostile_events_only_raise_companion_errors(events: list) -> None:
    t = game()
    t.do({"event": "play_basic", "name": "Pip", "atk": 1, "def": 1})
    for kind, fields in events:
        try:
            t.do({**fields, "event": kind})
        except CompanionError:
            pass
    assert 0 <= t.state.players[0].mp and 0 <= t.state.players[1].mp


def test_a_line_lost_from_the_log_never_renumbers_the_mice_after_it(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    t = VillageTracker(log)
    new_game(t, ("Ann", "Bob"))
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Thistle", "atk": 2, "def": 2})
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Pup", "atk": 1, "def": 1})
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Pup", "atk": 1, "def": 1})
    assert [m.uid for m in t.state.players[1].field] == ["Pup #2", "Pup #3"]
    lines = log.read_text(encoding="utf-8").splitlines()
    first_play = next(i for i, line in enumerate(lines) if '"Thistle"' in line)
    lines[first_play] = '{"event": "play_basic", "name": 7}'  # damaged by hand (or a disk error)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    again = VillageTracker(log)
    assert [m.uid for m in again.state.players[1].field] == ["Pup #2", "Pup #3"]  # (had become #1, #2)
    again.do({"event": "end_turn"})
    again.do({"event": "draw"})
    again.do({"event": "play_basic", "name": "Pup", "atk": 1, "def": 1})
    assert again.state.players[0].field[-1].uid == "Pup #4"  # numbers go on after the highest
