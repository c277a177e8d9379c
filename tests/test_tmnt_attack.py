"""TMNT attacks: every Attack Step rule at its edges, the Counter Step, the Forward Step arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cards import DATA_DIR, load_game
from companion.errors import CompanionError
from companion.tmnt.attack import (
    BattleCard,
    forward_step,
    from_card,
    from_json,
    looks_like_spec,
    parse_attribute,
    parse_kind,
    parse_spec,
    resolve_attack,
)


def ch(attr: str = "wind", power: int = 3) -> BattleCard:
    return BattleCard("character", attr, power)


def at(attr: str, power: int = 1, kind: str = "normal") -> BattleCard:
    return BattleCard("attack", attr, power, kind)


def rules(verdict) -> list[str]:
    return [p.rule for p in verdict.problems]


# -- reading cards -----------------------------------------------------------------------------

def test_spec_reading_attribute_power_and_kind() -> None:
    assert parse_spec("Fire:3") == at("fire", 3)
    assert parse_spec("fire:3:forceful") == at("fire", 3, "forceful")
    assert parse_spec("nature:0:FC") == at("nature", 0, "forceful-counter")
    assert parse_spec("2:4:c") == at("nature", 4, "counter")  # the book numbers Attributes 1-4
    assert parse_spec("wind:3", card_type="character") == ch("wind", 3)
    assert parse_spec("wind:3:attack", card_type="character") == BattleCard("attack", "wind", 3)
    assert parse_spec("fire:2", default_kind="counter").kind == "counter"


@pytest.mark.parametrize("text", ["fire", "fire:", "fire:-1", "fire:x", "lava:3", "fire:3:huge",
                                  "fire:3:f:x", ":3", "fire:1.5"])
def test_bad_specs_name_the_offending_text(text: str) -> None:
    with pytest.raises(CompanionError) as info:
        parse_spec(text)
    assert info.value.render()


def test_misspelt_attribute_and_kind_get_suggestions() -> None:
    with pytest.raises(CompanionError, match="Did you mean 'mountain'"):
        parse_attribute("mountian")
    with pytest.raises(CompanionError, match="Did you mean 'forceful'"):
        parse_kind("forcefull")


def test_spec_or_name() -> None:
    assert looks_like_spec("fire:3") and looks_like_spec("3:2")
    assert not looks_like_spec("Leonardo") and not looks_like_spec("Splinter: Master")


@given(st.text(max_size=30))
def test_hostile_specs_raise_only_companion_errors(text: str) -> None:
    try:
        card = parse_spec(text)
    except CompanionError:
        return
    assert card.attribute in ("wind", "nature", "fire", "mountain") and card.power >= 0


@given(st.one_of(st.none(), st.integers(), st.text(max_size=10),
                 st.dictionaries(st.sampled_from(["type", "attribute", "power", "kind", "name"]),
                                 st.one_of(st.none(), st.integers(-3, 9), st.text(max_size=8),
                                           st.booleans()), max_size=5)))
def test_hostile_log_cards_raise_only_companion_errors(obj: object) -> None:
    try:
        from_json(obj)
    except CompanionError:
        pass


# -- Attack Step (tmnt-tcg.txt, Attack Phase (1) Attack Step) ---------------------------------------

def test_no_attack_cards_is_legal_and_the_character_alone_deals_damage() -> None:
    v = resolve_attack(ch("wind", 3))
    assert v.is_legal and v.extra["total_power"] == 3 and v.extra["damage"] == 3


def test_three_attacks_of_three_other_attributes_forceful_last_is_legal() -> None:
    v = resolve_attack(ch("wind", 3), [at("fire", 2), at("nature", 1), at("mountain", 4, "forceful")])
    assert v.is_legal and v.extra["total_power"] == 10


@pytest.mark.parametrize("position", [1, 2])
def test_forceful_only_as_the_third(position: int) -> None:
    attacks = [at("fire"), at("nature"), at("mountain")]
    attacks[position - 1] = BattleCard("attack", attacks[position - 1].attribute, 1, "forceful")
    v = resolve_attack(ch(), attacks)
    assert rules(v) == ["forceful-position"]
    assert f"Attack {position}" in v.problems[0].message


def test_a_lone_forceful_is_refused_because_it_is_not_the_third() -> None:
    assert rules(resolve_attack(ch(), [at("fire", 5, "forceful")])) == ["forceful-position"]
    assert rules(resolve_attack(ch(), [at("fire"), at("nature", 3, "forceful")])) == ["forceful-position"]


@pytest.mark.parametrize("position", [1, 2, 3])
def test_forceful_counter_never_when_attacking(position: int) -> None:
    attacks = [at("fire"), at("nature"), at("mountain")]
    attacks[position - 1] = BattleCard("attack", attacks[position - 1].attribute, 4, "forceful-counter")
    v = resolve_attack(ch(), attacks)
    assert rules(v) == ["forceful-counter"]
    assert v.extra["damage"] is None


def test_counter_cards_may_be_used_as_normal_attacks() -> None:
    assert resolve_attack(ch(), [at("fire", 2, "counter"), at("nature", 1, "counter")]).is_legal


def test_attack_of_the_characters_attribute_is_refused_each_time() -> None:
    v = resolve_attack(ch("fire"), [at("fire"), at("nature"), at("fire")])
    assert rules(v) == ["attack-attribute", "attack-attribute", "attack-attribute-repeat"]
    assert [p.cards[0] for p in v.problems] == ["fire 1", "fire 1", "fire 1"]
    assert "Attack 1" in v.problems[0].message and "Attack 3" in v.problems[1].message


def test_repeated_attribute_flags_the_later_card_only() -> None:
    v = resolve_attack(ch("wind"), [at("fire", 1), at("fire", 2)])
    assert rules(v) == ["attack-attribute-repeat"]
    assert "Attack 2" in v.problems[0].message and "Attack 1" in v.problems[0].message


def test_four_attacks_are_too_many_and_every_reason_is_given() -> None:
    v = resolve_attack(ch("wind"), [at("fire"), at("nature"), at("mountain"), at("wind", 1, "forceful")])
    assert set(rules(v)) == {"too-many-attacks", "attack-attribute", "forceful-position"}
    too_many = next(p for p in v.problems if p.rule == "too-many-attacks")
    assert too_many.cards == ("wind 1 forceful",)


def test_every_problem_is_reported_with_a_citation() -> None:
    v = resolve_attack(ch("wind"), [at("wind", 2, "forceful"), at("fire"), at("fire", 3, "forceful-counter"),
                                    at("nature")], at("fire", 2, "normal"))
    assert set(rules(v)) == {"too-many-attacks", "forceful-position", "attack-attribute",
                             "forceful-counter", "attack-attribute-repeat", "counter-kind"}
    assert all(p.cite.startswith("tmnt-tcg.txt, Attack Phase") for p in v.problems)
    assert not v.is_legal and v.extra["damage"] is None


def test_an_attack_card_on_the_first_block_zone_skips_the_attack_step() -> None:
    first = BattleCard("attack", "fire", 4)
    assert resolve_attack(first).extra["damage"] == 4
    v = resolve_attack(first, [at("wind")])
    assert rules(v) == ["attack-step-skipped"]
    assert rules(resolve_attack(first, counter=at("wind", 1, "counter"))) == ["counter-step-skipped"]


@pytest.mark.parametrize("kind", ["item", "event"])
def test_only_characters_and_attacks_attack(kind: str) -> None:
    v = resolve_attack(BattleCard(kind, None, None))
    assert rules(v) == ["no-attacker"] and "Attack Phase" in v.problems[0].cite


def test_a_non_attack_card_among_the_attacks_is_refused() -> None:
    assert rules(resolve_attack(ch(), [BattleCard("item", "fire", None)])) == ["not-an-attack"]


# -- Counter Step --------------------------------------------------------------------------------

@pytest.mark.parametrize("kind,ok", [("counter", True), ("forceful-counter", True),
                                     ("normal", False), ("forceful", False)])
def test_only_c_or_fc_cards_counter(kind: str, ok: bool) -> None:
    v = resolve_attack(ch(), [at("fire", 2)], at("nature", 1, kind))
    assert v.is_legal is ok
    if not ok:
        assert rules(v) == ["counter-kind"] and v.problems[0].cite.endswith("(2) Counter Step")


def test_no_counter_without_attack_cards() -> None:
    v = resolve_attack(ch(), [], at("fire", 1, "counter"))
    assert rules(v) == ["counter-step-skipped"]


def test_counter_may_share_an_attribute_with_anything() -> None:
    assert resolve_attack(ch("wind"), [at("fire", 2)], at("fire", 1, "counter")).is_legal


# -- Forward Step (tmnt-tcg.txt, Attack Phase (3) Forward Step) -------------------------------------

def test_damage_is_total_minus_counter() -> None:
    v = resolve_attack(ch("wind", 3), [at("fire", 2), at("nature", 1)], at("fire", 2, "counter"))
    assert (v.extra["total_power"], v.extra["counter_power"], v.extra["damage"]) == (6, 2, 4)
    assert v.extra["blocks_flipped"] == 4 and v.extra["defender_trashed"] == 0


def test_damage_equal_to_the_block_cards_flips_them_all_and_trashes_nothing() -> None:
    r = forward_step(4, 0, 4)
    assert (r.blocks_flipped, r.defender_trashed, r.newly_face_up) == (4, 0, (1, 2, 3, 4))


def test_one_more_than_the_block_cards_sends_one_from_the_deck() -> None:
    r = forward_step(5, 0, 4)
    assert (r.blocks_flipped, r.defender_trashed) == (4, 1)


def test_flipping_starts_at_the_first_block_card() -> None:
    r = forward_step(2, 0, 4)
    assert r.blocks_flipped == 2 and r.newly_face_up == (1, 2)


def test_a_face_up_block_card_still_counts_as_one() -> None:
    # The book: "If there is a card which is already face-up, it still counts as 1 card."
    r = forward_step(2, 0, 4, face_up=[1])
    assert r.blocks_flipped == 2 and r.newly_face_up == (2,)
    r = forward_step(5, 0, 3, face_up=[1, 3])
    assert (r.blocks_flipped, r.newly_face_up_blocks, r.defender_trashed) == (3, (2,), 2)
    assert r.newly_face_up is None  # (3 Block cards: which Zone is empty is not known)
    assert forward_step(5, 0, 3, face_up=[1, 3], zones=[2, 3, 4]).newly_face_up == (3,)


def test_no_block_cards_all_damage_goes_to_the_deck() -> None:
    assert forward_step(3, 0, 0).defender_trashed == 3


def test_counter_equal_to_the_total_is_no_damage_and_no_trash() -> None:
    r = forward_step(5, 5)
    assert (r.damage, r.blocks_flipped, r.attacker_trashed, r.defender_trashed) == (0, 0, 0, 0)


def test_counter_bigger_than_the_total_sends_the_difference_from_the_attackers_deck() -> None:
    v = resolve_attack(ch("wind", 2), [at("fire", 1)], at("mountain", 5, "forceful-counter"))
    assert v.extra["damage"] == 0 and v.extra["attacker_trashed"] == 2
    assert v.extra["attacker_may_keep_character"] is False
    assert v.extra["defender_may_keep_character"] is True


def test_result_step_no_character_kept_after_sending_from_the_deck() -> None:
    r = forward_step(6, 0, 4)
    assert not r.defender_may_keep_character and r.attacker_may_keep_character
    assert forward_step(4, 0, 4).defender_may_keep_character


@pytest.mark.parametrize("blocks,face_up", [(-1, ()), (5, ()), (2, (3,)), (4, (0,))])
def test_bad_forward_inputs(blocks: int, face_up: tuple[int, ...]) -> None:
    with pytest.raises(CompanionError):
        forward_step(3, 0, blocks, face_up)


def test_deck_running_out_ends_the_game() -> None:
    v = resolve_attack(ch("wind", 9), defender_deck=5)
    assert v.extra["defender_trashed"] == 5 and v.extra["game_over"] and v.extra["loser"] == "defender"
    v = resolve_attack(ch("wind", 9), defender_deck=6)
    assert "game_over" not in v.extra
    v = resolve_attack(ch("wind", 1), [at("fire", 1)], at("nature", 5, "counter"), attacker_deck=3)
    assert v.extra["loser"] == "attacker"


def test_unknown_power_gives_no_damage_but_a_note() -> None:
    v = resolve_attack(ch("wind", 3), [BattleCard("attack", "fire", None, name="Mystery")])
    assert v.is_legal and v.extra["damage"] is None
    assert any(n.rule == "unknown-power" and "Mystery" in n.message for n in v.notes)


def test_unknown_attribute_is_a_note_not_a_refusal() -> None:
    v = resolve_attack(ch("wind", 3), [BattleCard("attack", None, 2, name="Mystery")])
    assert v.is_legal and any(n.rule == "unknown-attribute" for n in v.notes)


# -- with the bundled demo cards -----------------------------------------------------------------

demo = pytest.mark.skipif(not (DATA_DIR / "tmnt" / "demo.json").exists(), reason="no demo TMNT cards")


@demo
def test_demo_cards_build_a_legal_attack() -> None:
    db = load_game("tmnt")
    attacks = [db.find(c) for c in ("Flame Fist", "Vine Sweep", "Avalanche Drop")]
    first = from_card(db.find("Leonardo"))
    assert first.type == "character" and first.attribute == "wind"
    kinds = [from_card(c).kind for c in attacks]
    assert kinds == ["normal", "normal", "forceful"]
    v = resolve_attack(first, [from_card(c) for c in attacks], from_card(db.find("Ember Counter")))
    assert v.is_legal
    assert v.extra["total_power"] == first.power + sum(c["power"] for c in attacks)
    assert v.extra["damage"] == v.extra["total_power"] - db.find("Ember Counter")["power"]


@demo
def test_demo_forceful_counter_is_refused_as_an_attack() -> None:
    db = load_game("tmnt")
    v = resolve_attack(from_card(db.find("Raphael")), [from_card(db.find("Storm Wall"))])
    assert rules(v) == ["forceful-counter"]
    item = from_card(db.find("Katana"))
    assert rules(resolve_attack(from_card(db.find("Raphael")), [item])) == ["not-an-attack"]
    as_attacker = resolve_attack(item, [])  # an Item has no Power: none is asked for
    assert rules(as_attacker) == ["no-attacker"] and "Katana (wind item)" in as_attacker.problems[0].message
    assert not any(n.rule == "unknown-power" for n in as_attacker.notes)


def test_play_texts_and_the_house_reading_are_noted() -> None:
    v = resolve_attack(ch(), [BattleCard("attack", "fire", 1, play=True, name="Zap")],
                       BattleCard("attack", "nature", 1, "counter", name="Parry", play=True))
    rules_noted = [n.rule for n in v.notes]
    assert rules_noted.count("play-text") == 2 and "Zap" in v.notes[0].message
    v = resolve_attack(BattleCard("attack", "fire", 4))
    assert any(n.rule == "house-reading" and "house reading" in n.message for n in v.notes)
    assert v.extra["damage"] == 4


def test_the_lone_attack_card_reading_is_a_parameter() -> None:
    lone = BattleCard("attack", "fire", 4)  # alone: no Attack cards may join it
    assert resolve_attack(lone).extra["damage"] == 4
    v = resolve_attack(lone, attack_card_power=False)
    assert v.is_legal and v.extra["total_power"] == 0 and v.extra["damage"] == 0
    assert any("leave it out of" in n.message for n in v.notes)
    # A Character always counts: the reading only concerns an Attack card on the 1st Block Zone.
    assert resolve_attack(ch(), [BattleCard("attack", "fire", 2)],
                          attack_card_power=False).extra["total_power"] == 5


@demo
def test_play_keyword_is_read_from_card_data() -> None:
    db = load_game("tmnt")
    plays = [c for c in db.of_type("attack") if "play" in (c.get("keywords") or ())]
    assert plays and all(from_card(c).play for c in plays)
    assert not from_card(db.find("Flame Fist")).play


# -- wording and bad numbers ---------------------------------------------------------------------

@pytest.mark.parametrize(("first", "said"), [
    (BattleCard("item", None, None, name="Sai"), ") is an item card: only"),
    (BattleCard("event", None, None, name="Pizza"), ") is an event card: only"),
])
def test_refusals_use_a_or_an(first: BattleCard, said: str) -> None:
    assert said in resolve_attack(first).problems[0].message


def test_attack_and_counter_refusals_use_a_or_an() -> None:
    v = resolve_attack(ch(), [BattleCard("item", "fire", 1)], BattleCard("event", None, 1))
    text = " | ".join(p.message for p in v.problems)
    assert "is an item card, not an Attack card" in text and "is an event card" in text
    v = resolve_attack(ch(), [at("fire", 2)], at("nature", 1, "normal"))
    assert "is a normal Attack card" in v.problems[0].message


@pytest.mark.parametrize("text", ["fire:-2", "fire:2.5", "fire:+1"])
def test_a_power_below_zero_or_not_whole_says_so(text: str) -> None:
    with pytest.raises(CompanionError, match="whole number 0 or more"):
        parse_spec(text)
    with pytest.raises(CompanionError, match="whole number 0 or more"):
        from_json({"attribute": "fire", "power": -2})


@pytest.mark.parametrize("deck", [{"defender_deck": -1}, {"attacker_deck": -3}, {"defender_deck": True},
                                  {"attacker_deck": 2.0}])
def test_negative_or_non_whole_deck_sizes_are_refused(deck: dict) -> None:
    with pytest.raises(CompanionError, match="0 or more cards") as info:
        resolve_attack(ch(), [at("fire", 2)], **deck)
    assert info.value.where == next(iter(deck))


def test_a_deck_of_zero_is_a_real_size() -> None:
    # (a Deck already empty: the game is over, so no attack is made: tmnt-tcg.txt, Game Over)
    v = resolve_attack(ch(), [at("fire", 2)], defender_deck=0, attacker_deck=0)
    assert not v.is_legal and [p.rule for p in v.problems] == ["game-over"]
    assert "draw" in v.problems[0].message


@pytest.mark.parametrize("text", ["9999999", "1000000", "  12345678  "])
def test_a_power_above_six_digits_says_the_limit(text: str) -> None:
    with pytest.raises(CompanionError, match=r"Power must be at most 999999 \(6 digits\), not") as info:
        parse_spec(f"fire:{text}")
    assert "whole number 0 or more" not in str(info.value)


def test_a_power_of_six_digits_or_with_leading_zeros_is_read() -> None:
    assert parse_spec("fire:999999").power == 999999
    assert parse_spec("fire:0000003").power == 3


def test_a_power_of_thousands_of_digits_is_refused_briefly() -> None:
    with pytest.raises(CompanionError, match="a number of 5000 digits") as info:
        parse_spec("fire:" + "9" * 5000)
    assert len(info.value.message) < 100


def test_a_deck_smaller_than_the_cards_due_sends_what_it_holds_and_says_so(
        capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    v = resolve_attack(ch("wind", 12), defender_deck=1)  # 8 due past the 4 Block cards
    assert v.extra["defender_trashed"] == 1 and v.extra["defender_due"] == 8  # sent, and due
    assert v.extra["due"] == 8 and v.extra["sent"] == 1
    said = next(n.message for n in v.notes if n.rule == "game-over")
    assert "must send 8 cards from Deck to Trash but its Deck holds 1" in said
    trash = next(n.message for n in v.notes if n.rule == "defender-trash")
    assert "the defender is due to send 8 cards" in trash
    assert main(["tmnt", "attack", "--character", "wind:12", "--defender-deck", "1"]) == 0
    assert "defender sends 1 (its whole Deck; 8 due)" in capsys.readouterr().out
    last = resolve_attack(ch("wind", 12), defender_deck=8)  # exactly the Deck: its last cards
    assert "the defender sends its last 8 cards from Deck to Trash: its Deck runs out" in next(
        n.message for n in last.notes if n.rule == "game-over")
