"""Surges, the cheese wheel, the hourglass and the chapter end marker."""

from __future__ import annotations

import pytest

from companion.errors import LogError, RuleError
from companion.mystics import chapter as ch
from companion.mystics.chapter import Board, Encounter, Room
from tests.test_mystics_helpers import order, start, tracker

ORDER = ["collin", "filch", "tilda", "maginos"]


def test_hourglass_starts_on_page_1() -> None:
    t = tracker()
    t.do(start(chapter_end=7))
    assert t.state.board.hourglass == 1 and t.state.board.chapter_end == 7 and t.state.board.wheel == 0


def test_no_surge_at_5_cheese_surge_at_6() -> None:
    board, surge = ch.add_cheese(Board(), 5)
    assert surge is None and board.wheel == 5 and board.hourglass == 1
    board, surge = ch.add_cheese(board, 1)
    assert surge is not None and board.wheel == 0 and board.hourglass == 2
    assert surge.source == "none"  # no room surge and no face-up card: no minions, hourglass still moves


def test_overflow_cheese_is_removed_with_the_rest_by_the_book() -> None:
    board, surge = ch.add_cheese(Board(wheel=5), 3)
    assert board.wheel == 0 and surge is not None and surge.discarded == 2


def test_overflow_carry_is_a_house_variant() -> None:
    board, surge = ch.add_cheese(Board(wheel=5, overflow="carry"), 3)
    assert board.wheel == 2 and surge is not None and surge.discarded == 0


def test_room_special_surge_replaces_the_encounter_card_surge() -> None:
    enc = Encounter("E5", (("spider", 1),))
    board = Board(wheel=5, encounter=enc, room=Room("Courtyard", (("rat_warriors", 2),)))
    board, surge = ch.add_cheese(board, 1)
    assert surge is not None and surge.source == "room" and surge.minions == (("rat_warriors", 2),)
    assert board.encounter == enc  # not used, so not discarded


def test_encounter_card_surge_then_the_card_is_discarded() -> None:
    board = Board(wheel=4, encounter=Encounter("E5", (("spider", 1),)))
    board, surge = ch.add_cheese(board, 2)
    assert surge is not None and surge.source == "encounter" and surge.name == "E5"
    assert board.encounter is None


def test_defeat_when_the_hourglass_reaches_the_chapter_end_marker() -> None:
    board = Board(chapter_end=3, hourglass=1)
    board = ch.move_hourglass(board)
    assert not board.defeated
    board = ch.move_hourglass(board)
    assert board.hourglass == 3 and board.defeated
    assert ch.move_chapter_end(board, 1).defeated  # a defeat already suffered stands


def test_minion_cheese_event_and_surge_places_the_encounter_minions() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, order=["collin", "roach", "filch", "tilda", "maginos"]))
    t.do({"event": "encounter", "card": "E4", "minions": {"roach": 1}, "surge": {"spider": 2},
          "order": []})
    t.do({"event": "minion_cheese", "count": 2})
    assert t.state.board.wheel == 2
    t.do({"event": "minion_cheese", "count": 4})
    s = t.state
    assert s.board.wheel == 0 and s.board.hourglass == 2 and len(s.board.surges) == 1
    assert s.board.encounter is None
    assert order(t)[-1] == "spider"  # surge minions join the bottom of the track
    assert next(g for g in s.minions if g.id == "spider").figures == (0, 0)
    assert s.surge_alert


def test_room_event_with_a_special_surge() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}))
    t.do({"event": "room", "name": "Courtyard", "special_surge": {"rat_warriors": 2}})
    t.do({"event": "minion_cheese", "count": 6})
    assert t.state.board.surges[-1].source == "room"
    assert "rat_warriors" in order(t)


def test_room_special_surge_text_from_the_chapter_data_hook() -> None:
    t = tracker(special_surge=lambda chapter, tile: "Tinkerer's Treasure" if tile == 1 else None)
    t.do(start(chapter=1))
    t.do({"event": "room", "name": "The Courtyard", "tile": 1})
    assert t.state.board.room.special_surge_text == "Tinkerer's Treasure"


def test_capture_moves_the_hourglass_and_can_lose_the_chapter() -> None:
    t = tracker()
    t.do(start(chapter_end=3, minions={"roach": 1}))
    t.do({"event": "capture", "mouse": "filch"})
    assert t.state.board.hourglass == 2 and not t.state.board.defeated
    t.do({"event": "capture", "mouse": "collin"})
    assert t.state.board.hourglass == 3 and t.state.board.defeated
    assert t.state.to_json()["defeated"] is True


def test_achievement_moves_the_chapter_end_marker_once_per_achievement() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "achievement", "name": "Cheesemaster", "mouse": "filch"})
    assert t.state.board.chapter_end == 7
    with pytest.raises(RuleError, match="already taken"):
        t.do({"event": "achievement", "name": "cheesemaster", "mouse": "collin"})
    t.do({"event": "achievement", "name": "Miz Maggie's Ally", "move_end": 1})
    assert t.state.board.chapter_end == 8
    t.do({"event": "wound", "mouse": "tilda", "count": 1, "poison": True})  # Poisonmaster's condition
    t.do({"event": "capture", "mouse": "tilda"})
    t.do({"event": "achievement", "name": "Poisonmaster", "mouse": "tilda"})
    assert t.state.board.chapter_end == 8


def test_surge_on_the_last_page_is_a_defeat() -> None:
    t = tracker()
    t.do(start(chapter_end=2))
    t.do({"event": "minion_cheese", "count": 6})
    assert t.state.board.defeated
    assert any("Defeat" in m for m in t.state.messages)


def test_time_is_short_can_trigger_a_surge() -> None:
    t = tracker()
    t.do(start(order=ORDER))
    t.do({"event": "minion_cheese", "count": 5})
    t.do({"event": "room", "name": "Kitchen", "special_surge": {"roach": 2}})
    for _ in range(4):
        t.do({"event": "end_turn"})
    s = t.state
    assert s.board.hourglass == 2 and s.board.wheel == 0
    assert s.minions_on_board == 2
    assert s.turn == 0 and s.round == 2  # new order from the reshuffle; round 2 starts at the top


def test_pilfer_takes_cheese_from_the_wheel() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}))
    t.do({"event": "set_turn", "card": "filch"})  # (Pilfer: a figure Filch defeats, on his turn)
    t.do({"event": "minion_cheese", "count": 2})
    with pytest.raises(RuleError, match="no minion figure defeated this turn"):  # Pilfer follows a defeat
        t.do({"event": "pilfer", "mouse": "filch"})
    t.do({"event": "defeat_minion", "minion": "rat_warriors"})
    t.do({"event": "pilfer", "mouse": "filch"})
    assert t.state.board.wheel == 1 and t.state.mouse("filch").cheese == 1


def test_wheel_cannot_go_negative_and_counts_must_be_numbers() -> None:
    t = tracker()
    t.do(start())
    with pytest.raises(RuleError):
        t.do({"event": "minion_cheese", "count": -1})
    with pytest.raises(LogError):
        t.do({"event": "minion_cheese", "count": "two"})


def test_victory_and_defeat_events() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "victory"})
    assert t.state.board.victory
    t2 = tracker()
    t2.do(start(chapter_end=2))
    t2.do({"event": "hourglass", "move": 1})
    with pytest.raises(RuleError, match="already lost"):
        t2.do({"event": "victory"})


def test_the_hourglass_stops_on_the_chapter_end_and_play_stops_with_the_defeat() -> None:
    # Story Control Board: reaching the chapter end marker loses the chapter; surges after it
    # had gone on moving the hourglass past the marker and placing minions
    t = tracker()
    t.do(start(chapter_end=3))
    t.do({"event": "hourglass", "move": 5})  # a jump of several pages lands on the marker
    assert t.state.board.hourglass == 3 and t.state.board.defeated
    for event in ({"event": "minion_cheese", "count": 6}, {"event": "hourglass"},
                  {"event": "capture", "mouse": "collin"}, {"event": "end_turn"}):
        with pytest.raises(RuleError, match="the chapter is lost, play does not go on"):
            t.do(event)
    t.do({"event": "note", "text": "we lost"})  # a note still may be logged; undo goes back
    t.undo()
    t.undo()
    assert t.state.board.hourglass == 1 and not t.state.board.defeated


def test_only_a_mouse_with_pilfer_takes_cheese_from_the_wheel() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}))
    t.do({"event": "set_turn", "card": "filch"})  # (Pilfer: a figure Filch defeats, on his turn)
    t.do({"event": "minion_cheese", "count": 2})
    t.do({"event": "defeat_minion", "minion": "rat_warriors"})
    with pytest.raises(RuleError, match="Collin has no Pilfer: it is Filch's ability"):
        t.do({"event": "pilfer", "mouse": "collin"})
    t.do({"event": "pilfer", "mouse": "filch"})
    assert t.state.board.wheel == 1


def test_greedy_roach_steal_goes_to_the_wheel_and_can_surge() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}))  # (only a greedy roach steals: Greedy Roaches)
    t.do({"event": "mouse_cheese", "mouse": "filch", "count": 1})
    t.do({"event": "minion_cheese", "count": 5})
    t.do({"event": "greedy_steal", "mouse": "filch"})
    assert t.state.mouse("filch").cheese == 0 and t.state.board.hourglass == 2
    with pytest.raises(RuleError, match="no cheese for a greedy roach to steal"):
        t.do({"event": "greedy_steal", "mouse": "filch"})


@pytest.mark.parametrize("event", [
    {"event": "wound", "mouse": "filch", "poison": "no"},
    {"event": "gain", "mouse": "filch", "card": "Grape", "trick": 1},
    {"event": "rescue", "mouse": "collin", "force": "yes"},
    {"event": "encounter", "card": "E2", "mousetraps": "no"},  # had been read as yes: place mousetraps
])
def test_a_yes_no_field_is_true_or_false_never_any_truthy_value(event: dict[str, object]) -> None:
    t = tracker()
    t.do(start())
    before = t.state
    with pytest.raises(LogError, match="expected true or false"):
        t.do(event)
    assert t.state == before


def test_an_encounter_surge_never_entered_is_not_said_to_have_no_minions() -> None:
    from companion.mystics.chapter import Surge

    said = Surge(page=2, source="encounter", name="encounter 2").describe()
    assert "none were entered for its surge" in said and "the card is discarded" in said
    assert "none were entered" not in Surge(page=2, source="none", name="").describe()
