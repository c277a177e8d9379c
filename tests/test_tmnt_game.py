"""The TMNT table tracker: setup, the Adjust Phase draw, phases, attacks applied, Result Step, Game Over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError, LogError, RuleError
from companion.tmnt.game import (
    DOWN,
    EMPTY,
    Player,
    TmntTracker,
    Zone,
    adjust_phase,
    describe,
    slide_and_fill,
)


def started(first: int = 0, deck: int = 40, path: Path | None = None) -> TmntTracker:
    t = TmntTracker(path)
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": first, "deck": deck})
    return t


def to_attack(t: TmntTracker, revealed: str = "character") -> None:
    """From the Set Phase of a turn to its Attack Phase."""
    while t.state.phase != "flip":
        t.do({"event": "next"})
    t.do({"event": "flip", "card": revealed})
    t.do({"event": "next"})


def zones(t: TmntTracker, player: int) -> list[str]:
    return [z.face for z in t.state.players[player].zones]


# -- Getting Started and the Adjust Phase ---------------------------------------------------------

def test_getting_started_five_in_hand_four_face_down_blocks() -> None:
    t = started()
    for p in t.state.players:
        assert (p.hand, p.deck, zones(t, 0)) == (5, 31, ["down"] * 4)
    assert t.state.turn == 1 and t.state.phase == "set" and t.state.adjust_skipped
    assert "skips the Adjust Phase" in t.state.message


def test_coin_toss_is_seeded_and_replayable() -> None:
    a, b = TmntTracker(), TmntTracker()
    for t in (a, b):
        t.do({"event": "start", "players": ["Ann", "Bob"], "seed": 1234})
    assert a.state.first == b.state.first == a.state.active
    firsts = set()
    for seed in range(20):
        t = TmntTracker()
        t.do({"event": "start", "players": ["A", "B"], "seed": seed})
        firsts.add(t.state.first)
    assert firsts == {0, 1}
    with pytest.raises(LogError, match="first"):
        TmntTracker().do({"event": "start", "players": ["A", "B"]})


@pytest.mark.parametrize("bad", [{"players": ["A"]}, {"players": ["A", ""]}, {"deck": 9},
                                 {"deck": "40"}, {"first": 2}])
def test_bad_start_events(bad: dict) -> None:
    with pytest.raises(CompanionError):
        TmntTracker().do({"event": "start", "players": ["A", "B"], "first": 0, **bad})


def test_book_example_one_block_card_three_empty_zones_draw_four() -> None:
    # tmnt-tcg.txt, Adjust Phase: "1 Block Zone with a card, and 3 empty ... draw 4 cards".
    a = adjust_phase(hand=5, deck=30, empty_zones=3)
    assert (a.discard, a.refill, a.draw, a.drawn, a.hand_after, a.deck_after) == (0, 0, 4, 4, 9, 26)


@pytest.mark.parametrize("hand,empty,discard,refill,drawn,after", [
    (5, 0, 0, 0, 1, 6),   # full hand, full Block Zones: draw 1
    (4, 0, 0, 1, 2, 6),   # one short of 5: draw up to 5 first
    (0, 4, 0, 5, 10, 10),
    (6, 0, 1, 0, 1, 6),   # one over: discard down to 5 first
    (9, 2, 4, 0, 3, 8),
])
def test_adjust_hand_to_five_then_one_plus_empty_zones(hand: int, empty: int, discard: int, refill: int,
                                                       drawn: int, after: int) -> None:
    a = adjust_phase(hand, 30, empty)
    assert (a.discard, a.refill, a.drawn, a.hand_after) == (discard, refill, drawn, after)


def test_adjust_draws_what_is_left_and_the_deck_runs_out() -> None:
    a = adjust_phase(2, 3, 1)  # wants 3 + 2 = 5, only 3 left
    assert a.drawn == 3 and a.deck_after == 0 and a.deck_ran_out
    assert not adjust_phase(5, 2, 0).deck_ran_out
    with pytest.raises(CompanionError):
        adjust_phase(5, 30, 5)


def test_a_character_kept_face_up_is_not_to_be_flipped_again() -> None:
    t = started(first=0)
    to_attack(t)
    t.do({"event": "attack", "character": "wind:3", "attacks": []})
    t.do({"event": "result", "attacker_keeps": 1})  # Ann keeps her Character face-up
    t.do({"event": "next"})
    to_attack(t)  # Bob's turn
    t.do({"event": "attack", "character": "wind:1", "attacks": []})
    t.do({"event": "result", "defender_keeps": 1})  # and Ann keeps it through Bob's attack
    t.do({"event": "next"})  # Ann again
    while t.state.phase != "flip":
        t.do({"event": "next"})
    assert t.state.players[0].zones[0].face == "up"
    assert "face-up already" in t.state.message and "turn over" not in t.state.message


def test_first_player_skips_adjust_on_the_first_turn_only() -> None:
    t = started(first=1)
    to_attack(t)
    t.do({"event": "attack", "character": "wind:1", "attacks": []})
    t.do({"event": "result", "attacker_keeps": 1})
    t.do({"event": "next"})
    # second player's first turn: Adjust Phase happens (hand 5, Block Zones 1 flipped+trashed -> 1 empty)
    s = t.state
    assert (s.active, s.turn, s.phase) == (0, 2, "adjust")
    assert s.players[0].hand == 5 + 1 + 1 and s.players[0].deck == 31 - 2
    assert "Adjust Phase" in s.message


# -- Set Phase -----------------------------------------------------------------------------------

def test_set_phase_slides_toward_the_first_zone_then_fills_face_down() -> None:
    p = Player("Ann", zones=(EMPTY, Zone("up", "character"), EMPTY, DOWN), hand=7)
    after, filled = slide_and_fill(p)
    assert filled == 2 and after.hand == 5
    assert after.zones == (Zone("up", "character"), DOWN, DOWN, DOWN)


def test_set_phase_needs_enough_cards_in_hand() -> None:
    with pytest.raises(RuleError, match="Block Zones must all be filled"):
        slide_and_fill(Player("Ann", zones=(EMPTY,) * 4, hand=3))


def test_a_whole_round_trip_of_flips_empties_and_refills() -> None:
    t = started()
    to_attack(t, "item")  # Ann's 1st Block card is an Item: Trash, no attack
    assert zones(t, 0) == ["empty", "down", "down", "down"] and t.state.players[0].trash == 1
    assert "skipped" in t.state.message
    t.do({"event": "next"})  # Bob's turn 2: Adjust draws 1
    assert (t.state.active, t.state.players[1].hand) == (1, 6)
    to_attack(t)
    t.do({"event": "attack", "character": "wind:2", "attacks": []})
    # Ann has 3 Block cards (the 1st zone is empty): damage 2 flips zones 2 and 3
    assert zones(t, 0) == ["empty", "up", "up", "down"]
    t.do({"event": "result"})
    assert zones(t, 0) == ["empty", "empty", "empty", "down"] and zones(t, 1)[0] == "empty"
    assert t.state.players[0].trash == 3 and t.state.players[1].trash == 1
    t.do({"event": "next"})  # Ann's turn 3: hand 5, 3 empty zones -> draw 4 (the book's example)
    assert (t.state.turn, t.state.phase, t.state.players[0].hand) == (3, "adjust", 9)
    t.do({"event": "next"})
    assert t.state.phase == "set" and zones(t, 0) == ["down"] * 4 and t.state.players[0].hand == 6


# -- Flip, Event and Item Phases -----------------------------------------------------------------

def test_flip_phase_must_be_done_before_moving_on() -> None:
    t = started()
    for _ in range(3):
        t.do({"event": "next"})
    assert t.state.phase == "flip"
    with pytest.raises(RuleError, match="face-down"):
        t.do({"event": "next"})
    with pytest.raises(LogError):
        t.do({"event": "flip", "card": "dragon"})
    t.do({"event": "flip", "card": "attack"})
    assert t.state.players[0].zones[0] == Zone("up", "attack")
    with pytest.raises(RuleError, match="already face-up"):
        t.do({"event": "flip", "card": "attack"})


def test_one_event_and_one_item_per_turn_in_their_phases() -> None:
    t = started()
    with pytest.raises(RuleError, match="Event Phase"):
        t.do({"event": "play_event"})
    t.do({"event": "next"})
    t.do({"event": "play_event"})
    with pytest.raises(RuleError, match="only 1 Event"):
        t.do({"event": "play_event"})
    t.do({"event": "next"})
    t.do({"event": "play_item"})
    ann = t.state.players[0]
    assert (ann.hand, ann.trash, ann.items) == (5 - 1 - 2, 1 + 1, 1)
    with pytest.raises(RuleError, match="only 1 Item"):
        t.do({"event": "play_item"})


def test_an_item_needs_a_card_of_its_attribute_to_discard() -> None:
    t = started()
    t.do({"event": "correct", "player": 0, "hand": 1})
    t.do({"event": "next"})
    t.do({"event": "next"})
    with pytest.raises(RuleError, match="needs 2 cards"):
        t.do({"event": "play_item"})


# -- Attack Phase --------------------------------------------------------------------------------

def test_the_attack_must_be_made_when_a_character_is_up() -> None:
    t = started()
    to_attack(t)
    with pytest.raises(RuleError, match="must be made"):
        t.do({"event": "next"})


def test_an_attack_is_checked_applied_and_logged() -> None:
    t = started()
    to_attack(t)
    t.do({"event": "attack", "character": "wind:3",
          "attacks": ["fire:2", "nature:1", "mountain:3:forceful"], "counter": "fire:2"})
    ann, bob = t.state.players
    assert ann.hand == 2 and bob.hand == 4
    assert zones(t, 1) == ["up"] * 4 and bob.deck == 31 - 3 and bob.trash == 3
    assert t.state.phase == "result" and t.state.attack["damage"] == 7
    assert "Forward Step" in t.state.message


def test_an_illegal_attack_is_refused_with_its_reasons_and_not_logged(tmp_path: Path) -> None:
    path = tmp_path / "tmnt.jsonl"
    t = started(path=path)
    to_attack(t)
    lines = len(path.read_text().splitlines())
    with pytest.raises(RuleError, match="same Attribute") as info:
        t.do({"event": "attack", "character": "wind:3", "attacks": ["wind:2", "fire:1:forceful"]})
    assert "3rd and last" in str(info.value)
    assert len(path.read_text().splitlines()) == lines and t.state.attack is None


def test_the_attack_must_match_the_revealed_card_and_the_hand() -> None:
    t = started()
    to_attack(t, "attack")
    with pytest.raises(RuleError, match="Attack Step is skipped"):
        t.do({"event": "attack", "character": "fire:3", "attacks": ["wind:1"]})
    with pytest.raises(RuleError, match="not a character"):
        t.do({"event": "attack", "character": {"type": "character", "attribute": "fire", "power": 3}})
    t.do({"event": "attack", "character": "fire:3"})
    assert t.state.attack["damage"] == 3 and zones(t, 1) == ["up", "up", "up", "down"]
    t2 = started()
    t2.do({"event": "correct", "player": 0, "hand": 1})
    to_attack(t2)
    with pytest.raises(RuleError, match="holds 1"):
        t2.do({"event": "attack", "character": "wind:3", "attacks": ["fire:1", "nature:1"]})


def test_a_counter_needs_a_card_in_the_defenders_hand() -> None:
    t = started()
    t.do({"event": "correct", "player": 1, "hand": 0})
    to_attack(t)
    with pytest.raises(RuleError, match="no cards in hand"):
        t.do({"event": "attack", "character": "wind:3", "attacks": ["fire:1"], "counter": "fire:2"})


def test_a_big_counter_trashes_from_the_attackers_deck() -> None:
    t = started()
    to_attack(t)
    t.do({"event": "attack", "character": "wind:1", "attacks": ["fire:1"],
          "counter": {"attribute": "mountain", "power": 5, "kind": "forceful-counter"}})
    assert t.state.players[0].deck == 31 - 3 and zones(t, 1) == ["down"] * 4
    with pytest.raises(RuleError, match="cannot leave a Character"):
        t.do({"event": "result", "attacker_keeps": 1})
    t.do({"event": "result"})
    assert t.state.players[0].trash == 3 + 1 + 1 and t.state.players[1].trash == 1


# -- Result Step ---------------------------------------------------------------------------------

def test_result_step_each_keeps_at_most_one_face_up_character() -> None:
    t = started()
    to_attack(t)
    t.do({"event": "attack", "character": "wind:3", "attacks": []})
    with pytest.raises(RuleError, match="no face-up Character"):
        t.do({"event": "result", "defender_keeps": 4})
    with pytest.raises(LogError):
        t.do({"event": "result", "defender_keeps": 5})
    with pytest.raises(RuleError, match="Result Step not done"):
        t.do({"event": "next"})
    t.do({"event": "result", "attacker_keeps": 1, "defender_keeps": 2})
    assert t.state.players[0].zones[0] == Zone("up", "character")
    assert zones(t, 1) == ["empty", "up", "empty", "down"] and t.state.players[1].trash == 2
    with pytest.raises(RuleError, match="already done"):
        t.do({"event": "result"})


def test_an_attack_card_on_the_first_zone_cannot_be_kept() -> None:
    t = started()
    to_attack(t, "attack")
    t.do({"event": "attack", "character": "fire:1"})
    with pytest.raises(RuleError, match="no face-up Character"):
        t.do({"event": "result", "attacker_keeps": 1})


def test_a_kept_character_attacks_again_without_a_flip() -> None:
    t = started()
    to_attack(t)
    t.do({"event": "attack", "character": "wind:1"})
    t.do({"event": "result", "attacker_keeps": 1})
    t.do({"event": "next"})
    to_attack(t, "item")  # Bob: no attack
    t.do({"event": "next"})  # Ann's turn 3
    for _ in range(4):
        t.do({"event": "next"})
    assert t.state.phase == "flip" and t.state.players[0].zones[0] == Zone("up", "character")
    t.do({"event": "next"})
    assert t.state.phase == "attack"


# -- Game Over, corrections, the log ---------------------------------------------------------------

def ended_by_an_attack() -> TmntTracker:
    """Ann's first attack runs Bob's Deck (corrected to 2) out: 6 damage, 4 Block cards + 2 from Deck."""
    t = started()
    t.do({"event": "correct", "player": 1, "deck": 2})
    to_attack(t)
    t.do({"event": "attack", "character": "wind:5", "attacks": ["fire:1"]})
    return t


def test_the_game_ends_when_a_deck_runs_out() -> None:
    t = ended_by_an_attack()
    s = t.state
    assert s.over and s.winner == 0 and s.players[1].deck == 0 and "Bob's Deck ran out" in s.message
    with pytest.raises(RuleError, match="game is over"):
        t.do({"event": "result"})
    assert describe(s)[-2] == "Winner: Ann"
    t.undo()
    assert not t.state.over


def test_deck_running_out_in_the_adjust_phase_ends_the_game() -> None:
    t = started()
    t.do({"event": "correct", "player": 1, "deck": 1})
    to_attack(t, "event")
    t.do({"event": "next"})
    assert t.state.over and t.state.winner == 0 and t.state.players[1].hand == 6


def test_corrections() -> None:
    t = started()
    t.do({"event": "correct", "player": 1, "zones": ["up", {"face": "up", "kind": "character"}, "empty",
                                                      "down"], "hand": 7, "reason": "Event text"})
    bob = t.state.players[1]
    assert bob.zones == (Zone("up"), Zone("up", "character"), EMPTY, DOWN) and bob.hand == 7
    assert "Event text" in t.state.message
    for bad in ({"player": 2, "hand": 1}, {"player": 0}, {"player": 0, "hand": -1},
                {"player": 0, "zones": ["up"]}, {"player": 0, "zones": ["down/character"] * 4}):
        with pytest.raises(LogError):
            t.do({"event": "correct", **bad})


def test_nothing_before_start_and_unknown_events() -> None:
    with pytest.raises(RuleError, match="no game"):
        TmntTracker().do({"event": "next"})
    with pytest.raises(LogError, match="unknown TMNT event"):
        started().do({"event": "shuffle"})


def test_undo_redo_and_resume_from_the_log(tmp_path: Path) -> None:
    path = tmp_path / "tmnt.jsonl"
    t = started(path=path)
    to_attack(t)
    t.do({"event": "attack", "character": "wind:3", "attacks": ["fire:2"]})
    t.undo()
    assert t.state.phase == "attack" and zones(t, 1) == ["down"] * 4
    t.redo()
    assert t.state.attack["damage"] == 5
    t.undo()
    resumed = TmntTracker(path)
    assert resumed.state == t.state and resumed.can_redo
    resumed.redo()
    assert resumed.state.players[1].deck == 30
    assert all(json.loads(line)["event"] for line in path.read_text().splitlines())


def test_a_new_start_resets_and_can_be_undone() -> None:
    t = started()
    t.do({"event": "next"})
    t.do({"event": "start", "players": ["Cy", "Di"], "first": 1, "deck": 20})
    assert t.state.players[1].name == "Di" and t.state.players[1].deck == 11
    t.undo()
    assert t.state.players[0].name == "Ann" and t.state.phase == "event"


def test_a_damaged_log_line_is_reported_and_skipped(tmp_path: Path) -> None:
    path = tmp_path / "tmnt.jsonl"
    path.write_text('{"event": "start", "players": ["A", "B"], "first": 0}\nnot json\n'
                    '{"event": "flip", "card": "character"}\n{"event": "next"}\n')
    t = TmntTracker(path)
    assert [p.line for p in t.problems] == [2, 3]
    assert t.state.phase == "event"


_values = st.one_of(st.none(), st.booleans(), st.integers(-2, 50), st.text(max_size=6),
                    st.lists(st.one_of(st.integers(-1, 5), st.sampled_from(["up", "down", "empty"])),
                             max_size=5),
                    st.dictionaries(st.sampled_from(["face", "kind", "attribute", "power"]),
                                    st.one_of(st.integers(-1, 5), st.text(max_size=5)), max_size=3))
_events = st.builds(
    lambda kind, fields: {"event": kind, **fields},
    st.sampled_from(["start", "next", "flip", "play_event", "play_item", "attack", "result", "correct",
                     "bogus"]),
    st.dictionaries(st.sampled_from(["players", "first", "seed", "deck", "card", "character", "attacks",
                                     "counter", "attacker_keeps", "defender_keeps", "player", "hand",
                                     "zones"]), _values, max_size=4))


@settings(max_examples=150, deadline=None)
@given(st.lists(_events, max_size=25))
def test_hostile_events_raise_only_companion_errors(events: list[dict]) -> None:
    t = started()
    for event in events:
        try:
            t.apply(t.state, event)
        except CompanionError:
            continue
        t.do(event)
    assert all(p.deck >= 0 and p.hand >= 0 and p.trash >= 0 for p in t.state.players)


# -- review fixes: Game Over after a correction, event-kind order, citations, the house reading ----

def test_a_correction_that_refills_an_empty_deck_takes_the_game_up_again() -> None:
    t = started()
    t.do({"event": "correct", "player": 1, "deck": 0, "reason": "typo"})
    assert t.state.over and t.state.winner == 0
    t.do({"event": "correct", "player": 1, "deck": 25, "reason": "fix typo"})
    s = t.state
    assert not s.over and s.winner is None and s.players[1].deck == 25
    assert "(game over)" not in describe(s)[0] and not any(line.startswith("Winner") for line in describe(s))
    assert "fix typo" in s.message and "the game goes on" in s.message and "Game Over" in s.message
    t.do({"event": "next"})  # play resumes where it stopped
    assert t.state.phase == "event"


@pytest.mark.parametrize(("change", "winner"), [
    ({"player": 0, "hand": 3}, 0),          # another count: Bob's Deck is still empty
    ({"player": 1, "trash": 5}, 0),
    ({"player": 0, "deck": 0}, None),       # now both Decks are empty: a draw
])
def test_a_correction_after_game_over_keeps_it_over_while_a_deck_is_empty(change: dict, winner: int | None
                                                                          ) -> None:
    t = started()
    t.do({"event": "correct", "player": 1, "deck": 0})
    t.do({"event": "correct", **change})
    assert t.state.over and t.state.winner == winner and "Game over" in t.state.message
    with pytest.raises(RuleError, match="game is over") as info:
        t.do({"event": "next"})
    assert info.value.cite == "tmnt-tcg.txt, Game Over"


def test_a_game_ended_by_an_attack_resumes_after_the_deck_is_corrected() -> None:
    t = ended_by_an_attack()
    assert t.state.over
    t.do({"event": "correct", "player": 1, "deck": 4})
    assert not t.state.over and t.state.phase == "result"
    t.do({"event": "result"})
    assert t.state.resolved


@pytest.mark.parametrize("kind", ["bogus", "undo", "Next", "", None, 3])
def test_unknown_event_kinds_are_unknown_before_a_game_during_it_and_after_it(kind: object) -> None:
    with pytest.raises(LogError, match="unknown TMNT event"):
        TmntTracker().do({"event": kind})
    t = started()
    with pytest.raises(LogError, match="unknown TMNT event"):
        t.do({"event": kind})
    t.do({"event": "correct", "player": 1, "deck": 0})
    assert t.state.over
    with pytest.raises(LogError, match="unknown TMNT event") as info:
        t.apply(t.state, {"event": kind})
    assert "game is over" not in str(info.value)


def test_known_kinds_still_say_no_game_yet_and_game_over() -> None:
    with pytest.raises(RuleError, match="next: no game yet"):
        TmntTracker().do({"event": "next"})
    t = started()
    t.do({"event": "correct", "player": 1, "deck": 0})
    with pytest.raises(RuleError, match="flip: the game is over"):
        t.do({"event": "flip", "card": "character"})


def _refusal(t: TmntTracker, event: dict) -> RuleError:
    with pytest.raises(RuleError) as info:
        t.do(event)
    return info.value


def test_tracker_refusals_cite_the_rule_book() -> None:
    t = started()
    assert _refusal(t, {"event": "flip", "card": "character"}).cite == "tmnt-tcg.txt, Flip Phase"
    assert _refusal(t, {"event": "attack", "character": "wind:3"}).cite == "tmnt-tcg.txt, Attack Phase"
    t.do({"event": "correct", "player": 0, "hand": 1})
    t.do({"event": "correct", "player": 1, "hand": 0})
    to_attack(t)
    e = _refusal(t, {"event": "attack", "character": "wind:3", "attacks": ["fire:1", "nature:1"]})
    assert "places 2 Attack cards but holds 1" in e.message
    assert e.cite == "tmnt-tcg.txt, Attack Phase (1) Attack Step"
    e = _refusal(t, {"event": "attack", "character": "wind:3", "attacks": ["fire:1"], "counter": "fire:2"})
    assert "no cards in hand to Counter with" in e.message
    assert e.cite == "tmnt-tcg.txt, Attack Phase (2) Counter Step"
    t2 = started()
    to_attack(t2, "character")
    e = _refusal(t2, {"event": "attack", "character": {"type": "attack", "attribute": "fire", "power": 2}})
    assert e.message == "the 1st Block card is a character card, not an attack card"
    assert e.cite == "tmnt-tcg.txt, Attack Phase"
    t2.do({"event": "attack", "character": "wind:3"})
    e = _refusal(t2, {"event": "attack", "character": "wind:3"})
    assert "already recorded" in e.message and e.cite == "tmnt-tcg.txt, Attack Phase"
    t2.do({"event": "result"})
    assert _refusal(t2, {"event": "result"}).cite == "tmnt-tcg.txt, Attack Phase (4) Result Step"


def test_an_illegal_attack_with_reasons_from_two_steps_cites_each() -> None:
    t = started()
    to_attack(t)
    e = _refusal(t, {"event": "attack", "character": "wind:3", "attacks": ["wind:1"],
                     "counter": "fire:2:normal"})
    assert e.cite == "tmnt-tcg.txt, Attack Phase"
    assert "same Attribute" in e.message and "(tmnt-tcg.txt, Attack Phase (1) Attack Step)" in e.message
    assert "Counter" in e.message and "(tmnt-tcg.txt, Attack Phase (2) Counter Step)" in e.message
    # reasons from one Step only: that Step is the citation, as before
    e = _refusal(t, {"event": "attack", "character": "wind:3", "attacks": ["wind:1"]})
    assert e.cite == "tmnt-tcg.txt, Attack Phase (1) Attack Step" and "(tmnt-tcg.txt" not in e.message


@pytest.mark.parametrize(("card", "said"), [
    ("attack", "flips an Attack card"), ("item", "flips an Item card"), ("event", "flips an Event card"),
    ("character", "flips a Character card")])
def test_flip_messages_use_a_or_an(card: str, said: str) -> None:
    t = started()
    while t.state.phase != "flip":
        t.do({"event": "next"})
    t.do({"event": "flip", "card": card})
    assert said in t.state.message


@pytest.mark.parametrize(("reading", "damage"), [(None, 3), ("count", 3), ("ignore", 0)])
def test_the_attack_card_power_reading_is_a_start_option(reading: str | None, damage: int) -> None:
    t = TmntTracker()
    start = {"event": "start", "players": ["Ann", "Bob"], "first": 0}
    if reading is not None:
        start["attack_card_power"] = reading
    t.do(start)
    assert t.state.attack_card_power is (reading != "ignore")
    assert ("House reading" in t.state.message) is (reading == "ignore")
    to_attack(t, "attack")
    t.do({"event": "attack", "character": "fire:3"})
    assert t.state.attack["damage"] == damage and t.state.attack["total_power"] == damage
    assert "house reading" in t.state.message
    assert t.state.to_json()["attack_card_power"] == (reading or "count")


def test_the_attack_card_power_reading_is_replayed_from_the_log(tmp_path: Path) -> None:
    path = tmp_path / "tmnt.jsonl"
    t = TmntTracker(path)
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0, "attack_card_power": "ignore"})
    to_attack(t, "attack")
    t.do({"event": "attack", "character": "fire:3"})
    assert TmntTracker(path).state == t.state and TmntTracker(path).state.attack["damage"] == 0
    assert any(line.startswith("House reading for this game") for line in describe(t.state))
    assert not any("House reading" in line for line in describe(started().state))


def test_the_attack_card_power_reading_leaves_characters_alone() -> None:
    t = TmntTracker()
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0, "attack_card_power": "ignore"})
    to_attack(t)
    t.do({"event": "attack", "character": "wind:3", "attacks": ["fire:1"]})
    assert t.state.attack["damage"] == 4 and "house reading" not in t.state.message


@pytest.mark.parametrize("bad", ["Count", "no", True, 0, None])
def test_a_bad_attack_card_power_reading_is_refused(bad: object) -> None:
    with pytest.raises(LogError, match="attack_card_power"):
        TmntTracker().do({"event": "start", "players": ["A", "B"], "first": 0, "attack_card_power": bad})
