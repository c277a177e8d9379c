"""The party: wounds, poison, capture, cheese, level up, conditions, pack and equipment; minion wounds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import LogError, RuleError, UnknownCardError
from companion.eventlog import EventLog
from companion.mystics import party as pt
from companion.mystics.party import HeroInfo
from companion.mystics.tracker import MysticsTracker
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, start, tracker


def mouse(**kw: object) -> pt.Mouse:
    base = pt.new_mouse(HeroInfo("filch", "Filch", life=3, classes=("scamp",), starting_equipment=("Dagger",),
                                 abilities=("Prehensile Tail",)))
    return pt.Mouse(**{**base.__dict__, **kw})  # type: ignore[arg-type]


def test_wounds_up_to_life_then_captured() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}))
    t.do({"event": "wound", "mouse": "filch", "count": 2})
    assert not t.state.mouse("filch").captured
    t.do({"event": "wound", "mouse": "filch", "count": 1, "poison": True})  # 2 + 1 poison = life 3
    m = t.state.mouse("filch")
    assert m.captured and m.wounds == 0 and m.poison == 0 and m.conditions == ()
    assert t.state.board.hourglass == 2


def test_poison_wounds_need_a_cure() -> None:
    m = pt.wound(mouse(), 1, poison=True)
    assert "poisoned" in m.conditions and m.total_wounds == 1
    with pytest.raises(RuleError, match="antidote or cure"):
        pt.heal(m, 1)
    m = pt.heal(m, 1, poison=True)
    assert m.poison == 0 and "poisoned" not in m.conditions


def test_poisonmaster_turns_poison_into_normal_wounds() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}))
    # earned as the book says: captured with an unhealed poison wound (Individual Achievements)
    t.do({"event": "wound", "mouse": "tilda", "count": 1, "poison": True})
    t.do({"event": "capture", "mouse": "tilda"})
    t.do({"event": "rescue", "mouse": "tilda", "force": True})
    t.do({"event": "achievement", "name": "poisonmaster", "mouse": "tilda"})
    t.do({"event": "wound", "mouse": "tilda", "count": 1, "poison": True})
    assert t.state.mouse("tilda").poison == 0 and t.state.mouse("tilda").wounds == 1


def test_capture_discards_cheese_and_equipped_cards_but_keeps_starting_equipment_and_pack() -> None:
    m = pt.change_cheese(mouse(), 4)
    m = pt.gain(m, "Grape")
    m = pt.equip(m, "Short Bow", "paw")
    m = pt.add_condition(m, "webbed")
    c = pt.capture(m)
    assert c.cheese == 0 and c.conditions == ()
    assert [g.name for g in c.equipped] == ["Dagger"]
    assert [g.name for g in c.pack] == ["Grape"]
    with pytest.raises(RuleError, match="already captured"):
        pt.capture(c)


def test_scaper_third_capture_is_rescued_at_once_and_keeps_equipment() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, chapter_end=20))
    t.do({"event": "capture", "mouse": "filch"})
    t.do({"event": "rescue", "mouse": "filch", "force": True})
    t.do({"event": "capture", "mouse": "filch"})
    t.do({"event": "achievement", "name": "Scaper", "mouse": "filch"})
    t.do({"event": "rescue", "mouse": "filch", "force": True})
    t.do({"event": "set_turn", "card": "filch"})  # (an equip: in the mouse's own turn)
    t.do({"event": "equip", "mouse": "filch", "card": "Bow", "slot": "paw"})
    t.do({"event": "capture", "mouse": "filch"})
    m = t.state.mouse("filch")
    assert not m.captured and m.captures == 3 and "Bow" in [g.name for g in m.equipped]


def test_rescue_needs_an_empty_board() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}))
    t.do({"event": "capture", "mouse": "filch"})
    t.do({"event": "set_turn", "card": "filch"})  # (a rescue comes on the mouse's own turn)
    with pytest.raises(RuleError, match="cannot be rescued"):
        t.do({"event": "rescue", "mouse": "filch"})
    t.do({"event": "defeat_minion", "minion": "roach"})
    t.do({"event": "rescue", "mouse": "filch"})
    assert not t.state.mouse("filch").captured


def test_level_up_costs_6_cheese_and_needs_the_class() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "mouse_cheese", "mouse": "maginos", "count": 5})
    with pytest.raises(RuleError, match="costs 6"):
        t.do({"event": "level_up", "mouse": "maginos", "ability": "Chain Lightning"})
    t.do({"event": "mouse_cheese", "mouse": "maginos", "count": 1})
    with pytest.raises(RuleError, match="needs class leader"):
        t.do({"event": "level_up", "mouse": "maginos", "ability": "Inspire"})
    t.do({"event": "level_up", "mouse": "maginos", "ability": "Chain Lightning"})
    m = t.state.mouse("maginos")
    assert m.cheese == 0 and m.abilities == ("Chain Lightning",)
    t.do({"event": "mouse_cheese", "mouse": "tilda", "count": 6})
    t.do({"event": "set_turn", "card": "tilda"})  # (a level up: in the mouse's own turn)
    t.do({"event": "level_up", "mouse": "tilda", "ability": "First Aid"})  # class ANY
    t.do({"event": "mouse_cheese", "mouse": "tilda", "count": 6})
    with pytest.raises(RuleError, match="already has ability 'First Aid'"):  # in any case
        t.do({"event": "level_up", "mouse": "tilda", "ability": "first aid"})


def test_cheese_cannot_go_below_zero() -> None:
    with pytest.raises(RuleError, match="cannot spend"):
        pt.change_cheese(mouse(), -1)


def test_conditions() -> None:
    m = mouse()
    for cond in pt.CONDITIONS:
        m = pt.add_condition(m, cond)
    assert set(m.conditions) == set(pt.CONDITIONS)
    m = pt.drop_condition(m, "webbed")
    assert "webbed" not in m.conditions
    with pytest.raises(RuleError, match=r"unknown condition 'webed'.*webbed"):
        pt.add_condition(m, "webed")


def test_pack_holds_three_non_trick_cards_tricks_do_not_count() -> None:
    m = mouse()
    for name in ("A", "B", "C"):
        m = pt.gain(m, name)
    m = pt.gain(m, "Trick", trick=True)
    assert m.pack_load == 3
    with pytest.raises(RuleError, match="limit is 3"):
        pt.gain(m, "D")
    m = pt.gain(m, "D", discard="A")
    assert [g.name for g in m.pack] == ["B", "C", "Trick", "D"]


def test_equipment_slots_two_paws_one_armor_one_accessory() -> None:
    m = mouse()  # Dagger in one paw
    m = pt.equip(m, "Shield", "paw")
    with pytest.raises(RuleError, match="free paw"):
        pt.equip(m, "Spear", "paw")
    m = pt.equip(m, "Leather Breastplate", "armor")
    with pytest.raises(RuleError, match="armor slot"):
        pt.equip(m, "Shifting Cloak", "armor")
    m = pt.equip(m, "Ring of Cat Strength", "accessory")
    with pytest.raises(RuleError, match="accessory slot"):
        pt.equip(m, "Amulet", "accessory")
    two_handed = pt.equip(pt.unequip(pt.unequip(m, "Shield"), "Dagger"), "Longbow", "paw", paws=2)
    assert sum(g.paws for g in two_handed.equipped if g.slot == "paw") == 2


def test_filch_tail_holds_one_dagger() -> None:
    m = pt.gain(mouse(), "Second Dagger")
    m = pt.equip(m, "Second Dagger", "tail")
    assert any(g.slot == "tail" for g in m.equipped)
    with pytest.raises(RuleError, match="only a dagger"):
        pt.equip(mouse(), "Sword", "tail")
    tilda = pt.new_mouse(HeroInfo("tilda", "Tilda", life=4))
    with pytest.raises(RuleError, match="no Prehensile Tail"):
        pt.equip(tilda, "Dagger", "tail")


def test_unequip_respects_the_pack_limit() -> None:
    m = mouse()
    for name in ("A", "B", "C"):
        m = pt.gain(m, name)
    with pytest.raises(RuleError, match="pack is full"):
        pt.unequip(m, "Dagger")
    assert [g.name for g in pt.unequip(m, "Dagger", discard="A").pack] == ["B", "C", "Dagger"]


def test_share_cheese_and_cards() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "mouse_cheese", "mouse": "filch", "count": 2})
    t.do({"event": "gain", "mouse": "filch", "card": "Grape"})
    t.do({"event": "set_turn", "card": "filch"})  # (a share: in the turn of one of its mice)
    t.do({"event": "share", "from": "filch", "to": "tilda", "cheese": 2, "card": "Grape"})
    assert t.state.mouse("tilda").cheese == 2 and [g.name for g in t.state.mouse("tilda").pack] == ["Grape"]


def test_minion_wounds_against_life_per_figure() -> None:
    t = tracker()
    t.do(start(minions={"centipede": 2}))
    t.do({"event": "wound_minion", "minion": "centipede", "count": 2, "figure": 1})
    g = t.state.minions[0]
    assert g.figures == (0, 2)
    t.do({"event": "wound_minion", "minion": "centipede", "count": 1, "figure": 1})
    assert t.state.minions[0].figures == (0,)
    with pytest.raises(RuleError, match=r'no figure 2 \("figure": 1 counts from 0\)') as refused:
        t.do({"event": "wound_minion", "minion": "centipede", "figure": 1})
    assert refused.value.expected == 'figure 1 to 1 ("figure": 0 to 0)'
    t.do({"event": "wound_minion", "minion": "centipede", "count": 1, "figure": 0})
    assert t.state.messages[-1].startswith("Cave Centipede figure 1: 1 of 3")  # counted from 1


def test_unknown_mouse_and_minion_names_suggest() -> None:
    t = tracker()
    with pytest.raises(UnknownCardError, match="colin"):
        t.do(start(mice=["colin"]))
    t.do(start())
    with pytest.raises(UnknownCardError, match="Did you mean 'filch'"):
        t.do({"event": "wound", "mouse": "filsh"})
    with pytest.raises(UnknownCardError, match="spidr"):
        t.do({"event": "encounter", "card": "X", "minions": {"spidr": 1}})


def test_typed_in_mouse_and_minion_stats() -> None:
    t = tracker()
    t.do(start(mice=["collin", {"id": "lily", "name": "Lily", "life": 4, "classes": ["archer"]}],
               minions={"frog": {"count": 2, "life": 2, "name": "Frog"}}))
    assert t.state.mouse("lily").life == 4
    assert next(g for g in t.state.minions if g.id == "frog").life == 2


def test_unknown_life_needs_set_stats_before_automatic_capture() -> None:
    t = tracker()
    t.do(start(mice=["collin", {"id": "lily", "name": "Lily"}]))
    t.do({"event": "wound", "mouse": "lily", "count": 5})
    assert not t.state.mouse("lily").captured
    t.do({"event": "set_stats", "mouse": "lily", "life": 4})
    assert t.state.mouse("lily").captured


def test_malformed_fields_are_log_errors() -> None:
    t = tracker()
    t.do(start())
    with pytest.raises(LogError):
        t.do({"event": "wound", "mouse": "filch", "count": -1})
    with pytest.raises(LogError):
        t.do({"event": "wound"})


def test_names_are_matched_loosely() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}))
    t.do({"event": "defeat_minion", "minion": "Rat Warriors"})
    t.do({"event": "wound", "mouse": "FILCH"})
    assert t.state.minions_on_board == 1 and t.state.mouse("filch").wounds == 1


# -- the start event checks the party (Game setup; the chapter's Party Setup) -------------------------

def test_start_refuses_an_ability_of_another_class() -> None:
    t = tracker()
    with pytest.raises(RuleError, match="needs class leader; Filch is scamp") as exc:
        t.do(start(abilities={"filch": "Inspire"}))
    assert "Game setup" in str(exc.value)
    assert not t.state.started
    t.do(start(abilities={"Collin": "Inspire", "tilda": "First Aid"}))  # names work; class ANY fits all
    assert t.state.mouse("collin").abilities == ("Inspire",)
    assert t.state.mouse("tilda").abilities == ("First Aid",)


def test_start_refuses_abilities_for_mice_not_in_the_party() -> None:
    t = tracker()
    with pytest.raises(UnknownCardError, match="'bob'"):
        t.do(start(abilities={"bob": "First Aid"}))
    with pytest.raises(UnknownCardError, match="Did you mean 'filch'"):
        t.do(start(abilities={"filsh": "First Aid"}))
    with pytest.raises(RuleError, match="two ability cards"):
        t.do(start(abilities={"filch": "First Aid", "Filch": "Knife Strike"}))


def test_start_refuses_mice_the_chapter_excludes() -> None:
    from companion.mystics.data import Chapter

    ch1 = Chapter(id="chapter-1", number=1, name="Flight", objective="", victory="", defeat="", chapter_end=6,
                  source="test", party_size=4, excluded_mice=("lily",))
    heroes = {**HEROES, "lily": HeroInfo("lily", "Lily", life=3, classes=("archer",))}
    t = MysticsTracker(EventLog(None), die=DIE, heroes=heroes, minions=MINIONS, chapters={1: ch1})
    with pytest.raises(RuleError, match="excludes Lily") as exc:
        t.do(start(mice=["collin", "filch", "tilda", "Lily"], chapter=1))
    assert "Chapter setup" in str(exc.value)
    t.do(start(mice=["collin", "filch", "lily"], chapter=2))  # no data for chapter 2: nothing to check
    assert t.state.mouse("lily").name == "Lily"
    t2 = MysticsTracker(EventLog(None), die=DIE, heroes=heroes, minions=MINIONS, chapters={1: ch1})
    t2.do(start(mice=["collin", "filch"], chapter=1))
    assert any("Party Setup has 4 mice" in m for m in t2.state.messages)  # a note, not a refusal
    assert not any("chapter end marker on page 6, here" in m for m in t2.state.messages)
    t3 = MysticsTracker(EventLog(None), die=DIE, heroes=heroes, minions=MINIONS, chapters={1: ch1})
    t3.do(start(mice=["collin", "filch", "tilda", "maginos"], chapter=1, chapter_end=9))
    assert any("setup puts the chapter end marker on page 6, here page 9" in m for m in t3.state.messages)


def test_bundled_chapter_1_excludes_lily() -> None:
    t = MysticsTracker(None)
    with pytest.raises(RuleError, match="excludes Lily"):
        t.do({"event": "start", "chapter": 1, "chapter_end": 6, "mice": ["collin", "filch", "tilda", "lily"],
              "minions": {}, "seed": 1})
    t.do({"event": "start", "chapter": 1, "chapter_end": 6, "mice": ["collin", "filch", "tilda", "nez"],
          "minions": {}, "seed": 1})
    assert t.state.started


# -- share -------------------------------------------------------------------------------------------

def test_a_mouse_cannot_share_with_itself() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "gain", "mouse": "collin", "card": "Grape"})
    t.do({"event": "mouse_cheese", "mouse": "collin", "count": 2})
    before = t.state.mouse("collin")
    for ev in ({"card": "Grape"}, {"cheese": 1}, {}):
        with pytest.raises(RuleError, match="cannot share with itself"):
            t.do({"event": "share", "from": "collin", "to": "Collin", **ev})
    assert t.state.mouse("collin") == before
    assert [g.name for g in before.gear].count("Grape") == 1
    t.do({"event": "set_turn", "card": "collin"})  # (a share: in the turn of one of its mice)
    t.do({"event": "share", "from": "collin", "to": "filch", "card": "Grape", "cheese": 1})
    assert "Grape" in [g.name for g in t.state.mouse("filch").gear]


def test_condition_on_must_be_true_or_false() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "condition", "mouse": "filch", "condition": "stunned"})
    with pytest.raises(LogError, match="true or false"):
        t.do({"event": "condition", "mouse": "filch", "condition": "stunned", "on": "false"})
    t.do({"event": "condition", "mouse": "filch", "condition": "stunned", "on": False})
    assert t.state.mouse("filch").conditions == ()


def test_a_logged_start_from_before_the_party_checks_still_replays(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    old = [start(abilities={"filch": "Inspire", "bob": "First Aid"}), {"event": "minion_cheese", "count": 2}]
    path.write_text("".join(json.dumps(e) + "\n" for e in old))
    t = tracker(str(path))
    assert t.state.started and t.state.board.wheel == 2 and t.problems == []  # the chapter is not lost
    assert t.state.mouse("filch").abilities == ("Inspire",)
    notes = [m for m in t.state.messages if m.startswith("Kept as logged")]
    assert len(notes) == 2 and "needs class leader" in notes[0] and "'bob'" in notes[1]
    with pytest.raises(RuleError, match="needs class leader"):  # a new start is still refused
        tracker().do(start(abilities={"filch": "Inspire"}))


def test_equip_never_makes_a_second_card_of_one_typed_another_way_and_gain_discards_from_the_pack() -> None:
    t = tracker()
    t.do(start(minions={"roach": 1}, chapter_end=20))
    t.do({"event": "set_turn", "card": "collin"})  # (an equip: in the mouse's own turn)
    t.do({"event": "gain", "mouse": "collin", "card": "Elixir"})
    with pytest.raises(RuleError, match="Did you mean 'Elixir'") as caught:
        t.do({"event": "equip", "mouse": "collin", "card": "Elixr", "slot": "accessory"})
    assert "has no card 'Elixr'" in caught.value.message
    t.do({"event": "equip", "mouse": "collin", "card": "elixir", "slot": "accessory"})  # any case: the same
    assert [g.name for g in t.state.mouse("collin").equipped if g.name == "Elixir"] == ["Elixir"]
    with pytest.raises(RuleError, match="is equipped"):  # never an equipped card for room
        t.do({"event": "gain", "mouse": "collin", "card": "E", "discard": "Elixir"})
    t.do({"event": "gain", "mouse": "collin", "card": "Rope"})
    with pytest.raises(RuleError, match="has room for 'E': no card need be discarded"):
        t.do({"event": "gain", "mouse": "collin", "card": "E", "discard": "Rope"})
    for card in ("Lantern", "Apple"):  # (not Grape: a party item takes no room in the pack)
        t.do({"event": "gain", "mouse": "collin", "card": card})
    t.do({"event": "gain", "mouse": "collin", "card": "E", "discard": "Rope"})  # full: one goes
    assert "Rope" not in [g.name for g in t.state.mouse("collin").gear]


def test_a_discard_the_mouse_lacks_is_returned_as_the_refusal_strict_or_not() -> None:
    """gain_refusal and unequip_refusal say a discard the mouse lacks (the page gates on them): strict, they
    raised it from deep in the room check instead; gain and unequip still raise it."""
    pack = tuple(pt.Gear(name=c) for c in ("Dagger", "Rope", "Apple"))
    full = mouse(gear=(*pack, pt.Gear(name="Axe", slot="paw")))
    for strict in (True, False):
        lacks = pt.missing_card(full, "Lantern")
        assert lacks is not None
        refused = pt.gain_refusal(full, "Elixir", discard="Lantern", strict=strict)
        assert refused is not None and refused.render() == lacks.render()
        refused = pt.unequip_refusal(full, "Axe", "Lantern", strict=strict)
        assert refused is not None and refused.render() == lacks.render()
        with pytest.raises(RuleError, match="has no card 'Lantern'"):
            pt.gain(full, "Elixir", discard="Lantern", strict=strict)
        with pytest.raises(RuleError, match="has no card 'Lantern'"):
            pt.unequip(full, "Axe", "Lantern", strict=strict)
