"""The initiative track: starting order, new minions, ambushes, bosses, Aggressive, removal, turns."""

from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.mystics import initiative as ini
from companion.mystics.initiative import InitCard
from tests.test_mystics_helpers import order, start, tracker


def card(cid: str, kind: str = ini.MINION) -> InitCard:
    return InitCard(cid, kind, cid.title(), minion=cid if kind != ini.MOUSE else None)


# -- pure track functions ---------------------------------------------------------------------

def test_ambush_moves_each_minion_card_up_by_its_roll_and_scoots_the_rest_down() -> None:
    track = (card("a", ini.MOUSE), card("b", ini.MOUSE), card("r"), card("s"))
    out = ini.ambush(track, [1, 3], ["r", "s"])
    # r moves from slot 3 to slot 2; then s from slot 4 up 3 to the top
    assert ini.ids(out) == ["s", "a", "r", "b"]


def test_ambush_never_moves_a_card_past_the_top() -> None:
    track = (card("a", ini.MOUSE), card("r"))
    assert ini.ids(ini.ambush(track, [3])) == ["r", "a"]


def test_ambush_needs_one_roll_per_minion_card() -> None:
    track = (card("a", ini.MOUSE), card("r"), card("s"))
    with pytest.raises(RuleError, match="one die roll per minion card"):
        ini.ambush(track, [1])


def test_add_at_bottom_skips_types_already_on_the_track() -> None:
    track = (card("a", ini.MOUSE), card("r"))
    out = ini.add_at_bottom(track, [card("r"), card("s")], None)
    assert ini.ids(out) == ["a", "r", "s"]


def test_swap_with_above_and_at_the_top() -> None:
    track = (card("a", ini.MOUSE), card("r"))
    assert ini.ids(ini.swap_with_above(track, 1)) == ["r", "a"]
    assert ini.swap_with_above(track, 0) == track


def test_typed_in_order_must_list_every_card_once() -> None:
    cards = [card("a", ini.MOUSE), card("r")]
    assert ini.ids(ini.shuffled(cards, None, ["r", "a"])) == ["r", "a"]
    with pytest.raises(RuleError, match="exactly once"):
        ini.shuffled(cards, None, ["r", "r"])


# -- the tracker ------------------------------------------------------------------------------

def test_starting_order_is_a_seeded_shuffle_of_mice_and_minion_cards() -> None:
    a, b = tracker(), tracker()
    a.do(start(minions={"rat_warriors": 3, "spider": 1}))
    b.do(start(minions={"rat_warriors": 3, "spider": 1}))
    assert order(a) == order(b)  # same seed, same order
    assert sorted(order(a)) == sorted(["collin", "filch", "tilda", "maginos", "rat_warriors", "spider"])
    c = tracker()
    c.do({**start(minions={"rat_warriors": 3, "spider": 1}), "seed": 99})
    orders = {tuple(order(c))}
    for seed in range(10):
        d = tracker()
        d.do({**start(minions={"rat_warriors": 3, "spider": 1}), "seed": seed})
        orders.add(tuple(order(d)))
    assert len(orders) > 1  # seeds really shuffle
    assert a.state.turn == 0 and a.state.round == 1


def test_typed_in_starting_order() -> None:
    t = tracker()
    typed = ["rat_warriors", "filch", "collin", "tilda", "maginos"]
    t.do(start(minions={"rat_warriors": 2}, order=typed))
    assert order(t) == typed


def test_born_to_lead_gives_collin_a_cheese_when_he_is_not_first() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}, order=["rat_warriors", "collin", "filch", "tilda", "maginos"]))
    assert t.state.mouse("collin").cheese == 1
    t2 = tracker()
    t2.do(start(minions={"rat_warriors": 2}, order=["collin", "rat_warriors", "filch", "tilda", "maginos"]))
    assert t2.state.mouse("collin").cheese == 0


def test_new_minions_go_to_the_bottom_only_if_their_type_has_no_card() -> None:
    t = tracker()
    first = ["collin", "rat_warriors", "filch", "tilda", "maginos"]
    t.do(start(minions={"rat_warriors": 2}, order=first))
    t.do({"event": "encounter", "card": "E1", "minions": {"rat_warriors": 1, "spider": 1, "roach": 2},
          "order": ["roach", "spider"]})
    assert order(t) == [*first, "roach", "spider"]
    rats = next(g for g in t.state.minions if g.id == "rat_warriors")
    assert len(rats.figures) == 3  # the extra rat joins the card already on the track
    assert t.state.board.encounter.name == "E1"


def test_new_encounter_with_no_minion_cards_reshuffles_everything() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))
    t.do({"event": "end_turn"})  # filch's turn
    t.do({"event": "encounter", "card": "E2", "minions": {"spider": 1},
          "order": ["tilda", "spider", "maginos", "collin", "filch"]})
    assert order(t) == ["tilda", "spider", "maginos", "collin", "filch"]
    assert t.state.turn == -1  # house reading: the next turn is the top card's
    round_before = t.state.round
    t.do({"event": "end_turn"})
    assert t.state.current.id == "tilda" and t.state.round == round_before + 1


def test_ambush_encounter_with_typed_rolls() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, order=["collin", "filch", "tilda", "maginos", "rat_warriors"]))
    t.do({"event": "encounter", "card": "E3", "minions": {"spider": 1}, "ambush": True, "order": ["spider"],
          "rolls": [2, 3]})
    # rat (slot 5) up 2 -> slot 3; then spider (slot 6) up 3 -> slot 3, rat scoots to slot 4
    assert order(t) == ["collin", "filch", "spider", "rat_warriors", "tilda", "maginos"]


def test_ambush_rolls_drawn_from_the_seed_replay_identically() -> None:
    ev = {"event": "encounter", "card": "E3", "minions": {"spider": 1}, "ambush": True}
    a, b = tracker(), tracker()
    for t in (a, b):
        t.do(start(minions={"rat_warriors": 1}))
        t.do(ev)
    assert order(a) == order(b)
    assert any("Ambush!" in m for m in a.state.messages)


def test_ambush_without_movement_numbers_asks_for_typed_rolls() -> None:
    from companion.eventlog import EventLog
    from companion.mystics.party import HeroInfo  # noqa: F401 (roster already set)
    from companion.mystics.tracker import MysticsTracker
    from tests.test_mystics_helpers import DIE, HEROES, MINIONS

    blank = tuple(type(f)(f.id, f.symbols, None, f.source, f.certain) for f in DIE)
    t = MysticsTracker(EventLog(None), die=blank, heroes=HEROES, minions=MINIONS)
    t.do(start(minions={"rat_warriors": 1}))
    with pytest.raises(RuleError, match="typed in"):
        t.do({"event": "encounter", "card": "E3", "minions": {"spider": 1}, "ambush": True})


def test_boss_with_three_cards_puts_two_on_the_track() -> None:
    t = tracker()
    t.do(start(minions={"vurst": 1}))
    boss = [c for c in t.state.track if c.kind == ini.BOSS]
    assert len(boss) == 2 and len({c.id for c in boss}) == 2
    t2 = tracker()
    t2.do(start(minions={"vurst": 1}, boss_cards={"vurst": ["vurst:3", "vurst:1"]}))
    assert {c.id for c in t2.state.track if c.kind == ini.BOSS} == {"vurst:3", "vurst:1"}


def test_boss_added_to_a_track_with_minions_goes_to_the_bottom_and_its_first_card_ambushes() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, order=["collin", "filch", "tilda", "maginos", "rat_warriors"]))
    t.do({"event": "add_minions", "minions": {"vurst": 1}, "boss_cards": {"vurst": ["vurst:3", "vurst:1"]},
          "order": ["vurst:3", "vurst:1"], "rolls": [2]})
    assert order(t) == ["collin", "filch", "tilda", "vurst:3", "maginos", "rat_warriors", "vurst:1"]


def test_boss_takes_wounds_per_card_and_leaves_with_its_last_card() -> None:
    t = tracker()
    t.do(start(minions={"vurst": 1}, boss_cards={"vurst": ["vurst:1", "vurst:2"]},
               order=["collin", "vurst:1", "filch", "tilda", "maginos", "vurst:2"]))
    with pytest.raises(RuleError, match="choose the card"):
        t.do({"event": "wound_minion", "minion": "vurst", "count": 1})
    t.do({"event": "wound_minion", "minion": "vurst", "count": 2, "card": "vurst:1"})
    assert "vurst:1" not in order(t) and "vurst:2" in order(t)
    assert t.state.minions_on_board == 1
    t.do({"event": "wound_minion", "minion": "vurst", "count": 2})
    assert t.state.minions_on_board == 0 and not any(c.kind == ini.BOSS for c in t.state.track)


# -- Brodie: 2 initiative cards, no boss (mice-and-mystics.txt, Brodie) -------------------------

def test_brodie_joins_a_track_with_minions_without_an_ambush() -> None:
    """Only a boss's first card ambushes (Boss initiative cards); Brodie's two cards go on the next
    available slots like any new minion cards (Determining Initiative Order), so nothing is rolled."""
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, order=["collin", "filch", "tilda", "maginos", "rat_warriors"]))
    t.do({"event": "add_minions", "minions": {"brodie": 1}, "order": ["brodie:chases", "brodie:pounces"]})
    assert order(t) == ["collin", "filch", "tilda", "maginos", "rat_warriors", "brodie:chases",
                        "brodie:pounces"]
    assert "rolls" not in t.history[-1] and not any("ambushes:" in m for m in t.state.messages)
    assert "Brodie is no boss: 2 initiative cards, a turn for each, placed as usual with no boss ambush " \
           "(mice-and-mystics.txt, Brodie; mice-and-mystics.txt, Boss initiative cards)" in t.state.messages
    assert [c.kind for c in t.state.track[-2:]] == [ini.MINION, ini.MINION]
    group = next(g for g in t.state.minions if g.id == "brodie")
    assert not group.boss and group.card_ids == ("brodie:pounces", "brodie:chases")
    t.undo()
    with pytest.raises(RuleError, match="nothing ambushes"):  # a roll typed in for him is not used
        t.do({"event": "add_minions", "minions": {"brodie": 1}, "rolls": [2]})


def test_brodie_joins_without_rolls_when_the_die_has_no_movement_numbers() -> None:
    from companion.eventlog import EventLog
    from companion.mystics.tracker import MysticsTracker
    from tests.test_mystics_helpers import DIE, HEROES, MINIONS

    blank = tuple(type(f)(f.id, f.symbols, None, f.source, f.certain) for f in DIE)
    t = MysticsTracker(EventLog(None), die=blank, heroes=HEROES, minions=MINIONS)
    t.do(start(minions={"roach": 1}, order=["collin", "filch", "tilda", "maginos", "roach"]))
    t.do({"event": "add_minions", "minions": {"brodie": 1}})  # was "boss ambush: ... typed in"
    assert set(order(t)[-2:]) == {"brodie:pounces", "brodie:chases"}


def test_brodie_cards_each_roll_in_an_ambush_encounter() -> None:
    """An ambush rolls for each minion initiative card on the track (Ambushes): both of Brodie's."""
    t = tracker()
    t.do(start(minions={"brodie": 1}, order=["collin", "filch", "tilda", "maginos", "brodie:pounces",
                                             "brodie:chases"]))
    with pytest.raises(RuleError, match="2 needed, 1 typed") as caught:
        t.do({"event": "encounter", "card": "E", "minions": {}, "ambush": True, "rolls": [1]})
    assert "expected 1 more number" in caught.value.render()
    t.do({"event": "encounter", "card": "E", "minions": {}, "ambush": True, "rolls": [1, 3]})
    assert order(t) == ["collin", "filch", "brodie:chases", "tilda", "brodie:pounces", "maginos"]


def test_brodie_wounds_are_his_figure_s_and_his_cards_leave_together() -> None:
    """No boss: wounds go on the figure (Wounds on non-boss minions), whose life both cards show."""
    t = tracker()
    t.do(start(minions={"brodie": 1}, order=["collin", "brodie:pounces", "filch", "tilda", "maginos",
                                             "brodie:chases"]))
    t.do({"event": "wound_minion", "minion": "brodie", "count": 2})  # no card to choose
    assert next(g for g in t.state.minions if g.id == "brodie").figures == (2,)
    assert {c["id"]: c.get("wounds") for c in t.state.to_json()["initiative"]}["brodie:chases"] == [2]
    t.do({"event": "wound_minion", "minion": "brodie", "count": 1})
    assert t.state.minions_on_board == 0 and order(t) == ["collin", "filch", "tilda", "maginos"]


def test_a_typed_in_minion_is_a_boss_only_when_it_says_so() -> None:
    cards = [{"name": "Moth I", "life": 2}, {"name": "Moth II", "life": 2}]
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, order=["collin", "filch", "tilda", "maginos", "rat_warriors"]))
    t.do({"event": "add_minions", "minions": {"moth": {"count": 1, "cards": cards}}})
    assert "rolls" not in t.history[-1] and order(t)[-2:] in (["moth:1", "moth:2"], ["moth:2", "moth:1"])
    t.undo()
    t.do({"event": "add_minions", "minions": {"moth": {"count": 1, "cards": cards, "boss": True}},
          "rolls": [1]})
    assert "ambushes" in " ".join(t.state.messages)


def test_rat_warriors_aggressive_swap_after_their_turn() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, order=["collin", "filch", "rat_warriors", "tilda", "maginos"]))
    t.do({"event": "end_turn"})  # filch
    t.do({"event": "end_turn"})  # rats
    assert t.state.current.id == "rat_warriors"
    t.do({"event": "end_turn"})  # rats finish: swap with filch; tilda is next, filch does not go again
    assert order(t) == ["collin", "rat_warriors", "filch", "tilda", "maginos"]
    assert t.state.current.id == "tilda"


def test_aggressive_card_at_the_top_stays() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, order=["rat_warriors", "collin", "filch", "tilda", "maginos"]))
    t.do({"event": "end_turn"})
    assert order(t)[0] == "rat_warriors" and t.state.current.id == "collin"


def test_card_removed_with_its_last_figure_and_the_track_closes_up() -> None:
    t = tracker()
    t.do(start(minions={"spider": 2, "roach": 1}, order=["spider", "collin", "roach", "filch", "tilda",
                                                          "maginos"]))
    t.do({"event": "end_turn"})  # collin's turn (slot 2)
    t.do({"event": "wound_minion", "minion": "spider", "count": 2})  # one spider of two defeated
    assert "spider" in order(t)
    t.do({"event": "defeat_minion", "minion": "spider"})
    assert order(t) == ["collin", "roach", "filch", "tilda", "maginos"]
    assert t.state.current.id == "collin"  # the pointer stays on the card taking its turn
    t.do({"event": "end_turn"})
    assert t.state.current.id == "roach"


def test_removing_the_card_whose_turn_it_is_moves_on_to_the_card_below() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, order=["collin", "roach", "filch", "tilda", "maginos"]))
    t.do({"event": "end_turn"})  # roach's turn
    t.do({"event": "defeat_minion", "minion": "roach"})
    t.do({"event": "end_turn"})
    assert t.state.current.id == "filch"


def test_captured_mouse_keeps_its_card() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}))
    t.do({"event": "capture", "mouse": "filch"})
    assert "filch" in order(t) and t.state.mouse("filch").captured


def test_track_may_grow_past_its_slots() -> None:
    t = tracker()
    t.do(start(mice=["collin", "filch", "tilda", "maginos", "nez"],
               minions={"rat_warriors": 1, "spider": 1, "roach": 1, "centipede": 1}))
    assert len(t.state.track) == 9 > ini.TRACK_SLOTS
    assert any("extends past" in m for m in t.state.messages)


def test_turn_pointer_moves_through_the_round_and_wraps() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, order=["collin", "filch", "roach", "tilda", "maginos"]))
    seen = [t.state.current.id]
    for _ in range(5):
        t.do({"event": "end_turn"})
        seen.append(t.state.current.id)
    assert seen == ["collin", "filch", "roach", "tilda", "maginos", "collin"]
    assert t.state.round == 2


def test_time_is_short_cheese_only_after_the_last_mouse_with_no_minions() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))
    for _ in range(3):
        t.do({"event": "end_turn"})
    assert t.state.board.wheel == 0  # collin, filch, tilda ended: not the last mouse
    t.do({"event": "end_turn"})  # maginos, the last mouse
    assert t.state.board.wheel == 1
    for _ in range(4):
        t.do({"event": "end_turn"})
    assert t.state.board.wheel == 2  # again every time the last mouse ends


def test_time_is_short_not_while_minions_are_on_the_board() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, order=["roach", "collin", "filch", "tilda", "maginos"]))
    for _ in range(5):
        t.do({"event": "end_turn"})
    assert t.state.board.wheel == 0


def test_time_is_short_when_the_last_mouse_is_captured() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))
    t.do({"event": "capture", "mouse": "maginos"})
    for _ in range(3):
        t.do({"event": "end_turn"})
    assert not t.state.mouse("maginos").captured  # rescued at the start of its turn: no minions
    # being rescued takes its whole turn (Rescuing a Mouse): it ends, the last mouse's, so Time is Short!
    assert t.state.current.id == "collin" and t.state.round == 2
    assert t.state.board.wheel == 1 and t.history[-1].get("rescue_ends_turn") is True


def test_captured_mouse_skips_its_turn_while_minions_remain() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, order=["collin", "filch", "roach", "tilda", "maginos"]))
    t.do({"event": "capture", "mouse": "filch"})
    t.do({"event": "end_turn"})
    assert t.state.mouse("filch").captured
    assert "skip this turn" in t.state.messages[-1]


def test_charmed_marker_goes_after_the_mouse_turn() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))
    t.do({"event": "condition", "mouse": "collin", "condition": "charmed"})
    t.do({"event": "end_turn"})
    assert "charmed" not in t.state.mouse("collin").conditions


def test_set_order_corrects_the_track_and_keeps_the_pointer() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))
    t.do({"event": "end_turn"})
    t.do({"event": "set_order", "order": ["maginos", "tilda", "filch", "collin"]})
    assert t.state.current.id == "filch"


def test_turn_start_reminds_of_markers() -> None:
    t = tracker()
    t.do(start(order=["collin", "filch", "tilda", "maginos"]))
    t.do({"event": "condition", "mouse": "filch", "condition": "stunned"})
    t.do({"event": "end_turn"})
    assert "only action is a recover action" in t.state.messages[-1]


def test_surge_placement_uses_typed_in_rolls_for_a_boss_ambush() -> None:
    from companion.eventlog import EventLog
    from companion.mystics.tracker import MysticsTracker
    from tests.test_mystics_helpers import DIE, HEROES, MINIONS

    blank = tuple(type(f)(f.id, f.symbols, None, f.source, f.certain) for f in DIE)
    t = MysticsTracker(EventLog(None), die=blank, heroes=HEROES, minions=MINIONS)
    t.do(start(minions={"roach": 1}, order=["collin", "filch", "tilda", "maginos", "roach"]))
    t.do({"event": "room", "name": "Hall", "special_surge": {"vurst": 1}})
    with pytest.raises(RuleError, match="typed in"):
        t.do({"event": "minion_cheese", "count": 6})
    t.do({"event": "minion_cheese", "count": 6, "rolls": [1], "order": ["vurst:2", "vurst:3"],
          "boss_cards": {"vurst": ["vurst:2", "vurst:3"]}})
    assert order(t) == ["collin", "filch", "tilda", "maginos", "vurst:2", "roach", "vurst:3"]


# -- a card leaving the track on its own turn (roaches eating the grape) -------------------------

def test_card_at_the_top_removed_on_its_own_turn_keeps_the_round() -> None:
    t = tracker()
    t.do(start(minions={"roach": 2}, order=["roach", "collin", "filch", "tilda", "maginos"]))
    assert t.state.current.id == "roach" and t.state.round == 1
    t.do({"event": "defeat_minion", "minion": "roach", "count": 2})
    assert t.state.current is None  # no card is taking its turn: the roaches' turn ended with them
    assert t.state.next_card.id == "collin"
    assert t.state.to_json()["turn"] is None and t.state.to_json()["next"] == "collin"
    assert not any(c["current"] for c in t.state.to_json()["initiative"])
    t.do({"event": "end_turn"})
    assert t.state.current.id == "collin" and t.state.round == 1  # not round 2: nobody else has played
    assert not any("Round 2" in m for m in t.state.messages)


def test_card_lower_down_removed_on_its_own_turn_does_not_make_the_card_above_current() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, order=["collin", "filch", "roach", "tilda", "maginos"]))
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})
    assert t.state.current.id == "roach"
    t.do({"event": "defeat_minion", "minion": "roach"})
    assert t.state.current is None and t.state.next_card.id == "tilda"  # not filch, who has played
    t.do({"event": "end_turn"})
    assert t.state.current.id == "tilda" and t.state.round == 1


def test_last_card_removed_on_its_own_turn_ends_the_round() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, order=["collin", "filch", "tilda", "maginos", "roach"]))
    for _ in range(4):
        t.do({"event": "end_turn"})
    assert t.state.current.id == "roach"
    t.do({"event": "defeat_minion", "minion": "roach"})
    assert t.state.current is None and t.state.next_card.id == "collin"
    t.do({"event": "end_turn"})
    assert t.state.current.id == "collin" and t.state.round == 2


def test_between_turns_new_cards_and_corrections_keep_the_next_card() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1, "spider": 1}, order=["roach", "collin", "spider", "filch", "tilda",
                                                          "maginos"]))
    t.do({"event": "defeat_minion", "minion": "roach"})
    t.do({"event": "set_order", "order": ["spider", "filch", "tilda", "collin", "maginos"]})
    assert t.state.next_card.id == "collin"
    t.do({"event": "set_turn", "card": "Tilda"})  # a name, not only the id
    assert t.state.current.id == "tilda"


# -- ambushes -------------------------------------------------------------------------------------

def test_ambush_rolls_even_when_the_minion_type_already_has_a_card() -> None:
    t = tracker()
    t.do(start(mice=["collin", "filch", "tilda"], minions={"rat_warriors": 1},
               order=["collin", "filch", "tilda", "rat_warriors"]))
    t.do({"event": "encounter", "card": "Ambush!", "minions": {"rat_warriors": 2}, "ambush": True,
          "rolls": [3]})
    assert order(t) == ["rat_warriors", "collin", "filch", "tilda"]
    rats = next(g for g in t.state.minions if g.id == "rat_warriors")
    assert len(rats.figures) == 3
    assert any("Ambush! Rat Warriors rolled 3" in m for m in t.state.messages)


@pytest.mark.parametrize("roll", [0, 4, 9, 22, -1, True, 2.0, "2"])
def test_ambush_rolls_must_be_numbers_on_the_die(roll: object) -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, order=["collin", "filch", "tilda", "maginos", "rat_warriors"]))
    with pytest.raises(RuleError, match="1, 2 or 3"):
        t.do({"event": "encounter", "card": "E", "minions": {"spider": 1}, "ambush": True,
              "rolls": [roll, 1]})
    assert order(t) == ["collin", "filch", "tilda", "maginos", "rat_warriors"]


@pytest.mark.parametrize("roll", [1, 3])
def test_ambush_rolls_at_the_ends_of_the_die(roll: int) -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, order=["collin", "filch", "tilda", "maginos", "rat_warriors"]))
    t.do({"event": "add_minions", "minions": {"spider": 1}, "ambush": True, "order": ["spider"],
          "rolls": [roll, 1]})
    assert order(t).index("rat_warriors") == 4 - roll


def test_typed_rolls_that_nothing_uses_are_refused() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, order=["collin", "filch", "tilda", "maginos", "rat_warriors"]))
    with pytest.raises(RuleError, match="is it an ambush"):
        t.do({"event": "encounter", "card": "E", "minions": {"spider": 1}, "rolls": [2]})
    with pytest.raises(RuleError, match="3 die roll"):  # 2 minion cards, 3 rolls
        t.do({"event": "encounter", "card": "E", "minions": {"spider": 1}, "ambush": True,
              "rolls": [2, 1, 1]})
    with pytest.raises(RuleError, match="not enough"):
        t.do({"event": "encounter", "card": "E", "minions": {"spider": 1}, "ambush": True, "rolls": [2]})


# -- a typed-in order accepts the names used everywhere else ---------------------------------------

@pytest.mark.parametrize("rats", ["rat_warriors", "Rat Warriors", "rat-warriors", "rat warrior"])
def test_typed_order_accepts_names_and_aliases(rats: str) -> None:
    from companion.eventlog import EventLog
    from companion.mystics.party import MinionInfo
    from companion.mystics.tracker import MysticsTracker
    from tests.test_mystics_helpers import DIE, HEROES

    rat = MinionInfo("rat-warriors", "Rat Warriors", life=1, aggressive=True)
    t = MysticsTracker(EventLog(None), die=DIE, heroes=HEROES, minions={"rat-warriors": rat})
    t.do(start(minions={"rat_warriors": 1}, order=["Collin", "filch", rats, "tilda", "maginos"]))
    assert order(t) == ["collin", "filch", "rat-warriors", "tilda", "maginos"]
    t.do({"event": "set_order", "order": [rats, "maginos", "tilda", "filch", "collin"]})
    assert order(t)[0] == "rat-warriors"


def test_typed_order_errors_name_the_problem() -> None:
    cards = [card("collin", ini.MOUSE), card("rat-warriors")]
    with pytest.raises(RuleError, match="Did you mean 'rat-warriors'"):
        ini.shuffled(cards, None, ["collin", "rat-wariors"])
    with pytest.raises(RuleError, match="twice"):
        ini.shuffled(cards, None, ["rat_warriors", "Rat Warriors"])
    with pytest.raises(RuleError, match="leaves out collin"):
        ini.shuffled(cards, None, ["rat_warriors"])
