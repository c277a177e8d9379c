"""Game-night audit 3 of the Village TCG tracker: card effects on the page (ATK and DEF, a mouse
destroyed, a continuous Magic card removed), an Item taken off a mouse, an attack a card allows
twice, the attack-negating coin flip, corrections after a win, one Attack Phase a turn, the first
turn's buttons, the coin toss for who goes first, the Fruit cost's house reading and citations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import RuleError
from companion.views.village import TOSS, VillageCompanion
from companion.village.battle import Attack, Fighter, resolve_battle
from companion.village.game import (
    ATTACK_PHASE_NOTE,
    FORFEIT_NOTE,
    FRUIT_READINGS,
    VillageTracker,
    checklist,
    coin_toss,
    new_game,
)


def game(**kw: object) -> VillageTracker:
    """A game in memory: Ann goes first (unless told otherwise), seed 1."""
    t = VillageTracker()
    new_game(t, ("Ann", "Bob"), **{"seed": 1, **kw})  # type: ignore[arg-type]
    return t


def to_turn_three(t: VillageTracker, mine: dict[str, object], theirs: dict[str, object]) -> tuple[str, str]:
    """Ann plays ``mine`` on turn 1, Bob ``theirs`` on turn 2; Ann has drawn on turn 3. Their ids."""
    t.do({"event": "draw"})
    t.do({"event": "play_basic", **mine})
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "play_basic", **theirs})
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    return t.state.players[0].field[0].uid, t.state.players[1].field[0].uid


def page(tmp_path: Path) -> VillageCompanion:
    """The page on the bundled demo cards, a game of Ann (first) and Bob under way."""
    v = VillageCompanion(tmp_path / "v.jsonl")
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    v.new_game()
    return v


def play(v: VillageCompanion, name: str) -> str:
    """The turn player draws and plays the Basic Mouse ``name`` from the page; its id."""
    v.buttons["draw"].click()
    v.mouse_name.value = name
    v.buttons["play_basic"].click()
    return v.state.players[v.state.current].field[-1].uid


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["village", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# -- 1. the page records card effects: ATK and DEF, a mouse destroyed, a Magic card removed ----------

def test_the_page_sets_atk_and_def_and_its_battle_uses_them(tmp_path: Path) -> None:
    """Acorn Scout with Needle Sword and Harvest Moon is no longer ATK 1 / DEF 1: a 2 vs 2 is a tie."""
    v = page(tmp_path)
    acorn = play(v, "Acorn Scout")
    v.card_name.value = "Needle Sword"
    v.buttons["item"].click()
    assert "+2 ATK" in v.message.value and "Card effects" in v.message.value  # what the stats box is for
    assert (v.effect_atk.value, v.effect_def.value) == ("1", "1")  # the selected mouse's stats now
    v.effect_atk.value, v.effect_def.value = "2", "2"
    v.buttons["stats"].click()
    assert v.tracker.history[-1] == {"event": "stats", "mouse": acorn, "atk": 2, "def": 2}
    assert "Card Descriptions" in v.message.value and "ATK 2 / DEF 2" in v.field_labels[0].value
    v.buttons["end_turn"].click()
    dew = play(v, "Dewdrop Sentry")  # ATK 2
    v.assign[dew].value = acorn
    v.resolve_button.click()
    assert "ties" in v.battle_result.value and "both destroyed" in v.battle_result.value
    assert v.state.players[0].field == () and v.state.players[1].field == ()


def test_the_page_destroys_a_mouse_and_removes_a_continuous_magic_card(tmp_path: Path) -> None:
    v = page(tmp_path)
    acorn = play(v, "Acorn Scout")
    off = v.buttons["destroy_magic"]
    assert off.disabled and "no continuous Magic card" in off.tooltip
    v.card_name.value = "Harvest Moon"
    v.buttons["magic"].click()
    assert v.magic_off.value == (0, "Harvest Moon") and not v.buttons["destroy_magic"].disabled
    v.buttons["destroy_magic"].click()
    assert v.state.players[0].magic == () and v.state.players[0].discard == 1
    assert "Card Descriptions 5 Magic Cards" in v.message.value
    v.target.value = acorn
    v.buttons["destroy"].click()
    assert v.state.players[0].field == () and v.state.players[0].discard == 2
    assert "Card Descriptions 4 Item Cards" in v.message.value
    assert v.buttons["stats"].disabled and v.buttons["destroy"].disabled  # no mouse left to choose


def test_the_page_refuses_a_stats_change_with_nothing_typed(tmp_path: Path) -> None:
    v = page(tmp_path)
    play(v, "Acorn Scout")
    v.effect_atk.value = v.effect_def.value = ""
    v.buttons["stats"].click()
    assert "type the selected mouse&#x27;s new ATK or DEF" in v.message.value
    assert v.tracker.history[-1]["event"] == "play_basic"


# -- 2. an Item taken off a mouse -----------------------------------------------------------------

def test_an_item_destroyed_by_a_card_makes_room_for_the_next() -> None:
    t = game()
    a, _b = to_turn_three(t, {"name": "Acorn Scout", "atk": 1, "def": 1}, {"name": "Pup", "atk": 1, "def": 1})
    t.do({"event": "item", "mouse": a, "name": "Needle Sword"})
    with pytest.raises(RuleError, match=r"no Item 'Shield' equipped.*Item Cards"):
        t.do({"event": "destroy_item", "mouse": a, "name": "Shield"})
    t.do({"event": "destroy_item", "mouse": a})  # Cheddar Knight's Cheese Shield: the one Item
    assert t.state.players[0].field[0].items == () and t.state.players[0].discard == 1
    assert "Card Descriptions 4 Item Cards" in t.state.last[0]
    with pytest.raises(RuleError, match="has no Item equipped"):
        t.do({"event": "destroy_item", "mouse": a})
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})
    t.do({"event": "item", "mouse": a, "name": "Walnut Shield"})  # no longer "already has an Item"
    t.do({"event": "destroy_item", "mouse": a, "name": "Walnut Shield", "to": "hand"})  # Storm Whisker's Gust
    assert t.state.players[0].field[0].items == () and t.state.players[0].discard == 1
    with pytest.raises(RuleError, match=r"'discard'.*or 'hand'"):
        t.do({"event": "destroy_item", "mouse": a, "to": "deck"})


def test_a_mouse_with_two_items_needs_the_one_named() -> None:
    t = game()
    a, _b = to_turn_three(t, {"name": "A", "atk": 1, "def": 1}, {"name": "B", "atk": 1, "def": 1})
    t.do({"event": "item", "mouse": a, "name": "Hat"})
    t.do({"event": "end_turn"})
    t.do({"event": "end_turn"})
    t.do({"event": "item", "mouse": a, "name": "Boot", "extra": True})
    with pytest.raises(RuleError, match="has 2 Items: name the one"):
        t.do({"event": "destroy_item", "mouse": a})
    t.do({"event": "destroy_item", "mouse": a, "name": "Hat"})
    assert t.state.players[0].field[0].items == ("Boot",)


def test_destroy_item_on_the_command_line_and_its_event_listing(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    code, out, err = run(capsys, "do", str(log), '{"event": "start", "first": 0, "seed": 1}',
                         '{"event": "draw"}', '{"event": "play_basic", "name": "Acorn Scout"}',
                         '{"event": "item", "mouse": "Acorn Scout #1", "name": "Needle Sword"}',
                         '{"event": "destroy_item", "mouse": "Acorn Scout #1"}')
    assert code == 0, err
    assert "Needle Sword on Acorn Scout #1 is destroyed by a card effect" in out and "Item Cards" in out
    code, out, _ = run(capsys, "events")
    assert "destroy_item   mouse (" in out and "to ('discard'" in out


def test_the_page_takes_an_item_off_the_selected_mouse(tmp_path: Path) -> None:
    v = page(tmp_path)
    acorn = play(v, "Acorn Scout")
    assert v.buttons["destroy_item"].disabled and "has no Item equipped" in v.buttons["destroy_item"].tooltip
    v.card_name.value = "Needle Sword"
    v.buttons["item"].click()
    assert v.item_off.value == "Needle Sword" and not v.buttons["destroy_item"].disabled
    v.item_off_to.value = "hand"
    v.buttons["destroy_item"].click()
    assert v.tracker.history[-1] == {"event": "destroy_item", "mouse": acorn, "to": "hand",
                                     "name": "Needle Sword"}
    assert v.state.players[0].field[0].items == () and v.item_off_to.value == "discard"


# -- 3. an attack a card allows: twice -------------------------------------------------------------

def test_a_card_lets_a_mouse_attack_twice() -> None:
    t = game()
    a, b = to_turn_three(t, {"name": "Twin", "atk": 4, "def": 4}, {"name": "Pup", "atk": 1, "def": 1})
    t.do({"event": "ability", "mouse": a})  # (its ability, used in Step 4, lets it: test_session6_village)
    twice = [{"attacker": a, "defender": b}, {"attacker": a, "defender": None}]
    with pytest.raises(RuleError, match="may only attack once"):
        t.do({"event": "attack", "attacks": twice})
    t.do({"event": "attack", "attacks": twice, "twice": [a]})
    assert t.state.players[1].field == () and t.state.players[1].mp == 26
    assert any("a card effect allows it (twice)" in line and "Attack / Defense Structure" in line
               for line in t.state.last)


def test_twice_is_at_most_twice_and_a_destroyed_attacker_has_no_second_attack() -> None:
    t = game()
    a, b = to_turn_three(t, {"name": "Twin", "atk": 1, "def": 1}, {"name": "Wall", "atk": 1, "def": 3})
    t.do({"event": "ability", "mouse": a})
    with pytest.raises(RuleError, match="attack twice, not more"):
        t.do({"event": "attack", "attacks": [{"attacker": a, "defender": None}] * 3, "twice": [a]})
    with pytest.raises(RuleError, match="destroyed by its first attack"):
        t.do({"event": "attack", "twice": [a],
              "attacks": [{"attacker": a, "defender": b}, {"attacker": a, "defender": None}]})
    with pytest.raises(RuleError, match="belongs to Bob"):
        t.do({"event": "attack", "attacks": [{"attacker": a, "defender": None}], "twice": [b]})
    with pytest.raises(RuleError, match="twice must be a list of mouse ids"):
        t.do({"event": "attack", "attacks": [{"attacker": a, "defender": None}], "twice": a})
    assert not t.state.t.declared  # every refusal left the Attack Phase to come


def test_the_battle_resolver_takes_twice() -> None:
    r = resolve_battle([Fighter("T", 3, 3)], [Fighter("x", 1, 1), Fighter("y", 1, 2)],
                       [Attack("T", "x"), Attack("T", "y")], twice=("T",))
    assert r.is_legal and r.defenders_destroyed == ("x", "y")


def test_the_page_offers_no_second_attack_to_a_mouse_whose_ability_does_not_give_one(tmp_path: Path) -> None:
    """Acorn Scout's only ability (Nibble) lets it attack once: the page's "attacks twice" picker offers
    it no second attack (the mouse whose ability does: test_session6_village)."""
    v = page(tmp_path)
    acorn = play(v, "Acorn Scout")
    v.buttons["end_turn"].click()
    play(v, "Pebble Pup")
    v.buttons["end_turn"].click()
    v.buttons["draw"].click()
    assert v.assign2 is None and acorn not in [value for _label, value in v.twice.options]
    assert v.twice.disabled


# -- 4. the coin flip that can negate an attack --------------------------------------------------

def test_the_attack_flip_box_is_cleared_and_the_attack_phase_said(tmp_path: Path) -> None:
    v = page(tmp_path)
    v.buttons["draw"].click()
    v.buttons["end_turn"].click()
    v.buttons["draw"].click()
    v.tracker.do({"event": "play_basic", "name": "Acorn Scout"})  # (a mouse to attack with)
    v.flip_card.value, v.flip_functions.value, v.flip_attack.value = "Super Confused", 2, True
    v.flip_buttons[0].click()
    assert v.state.t.step == 6 and ATTACK_PHASE_NOTE in v.state.last
    assert "-5 are over" in v.message.value and "Coin Flips" in v.message.value
    assert v.flip_attack.value is False
    v.buttons["end_turn"].click()
    v.buttons["draw"].click()
    v.flip_card.value, v.flip_functions.value = "Quicksand", 1
    v.flip_buttons[1].click()  # a routine flip: the steps stay open
    assert v.state.t.step == 1 and "Steps 2-5" not in v.message.value


def test_an_attack_flip_in_the_attack_phase_says_so_without_a_warning() -> None:
    t = game()
    to_turn_three(t, {"name": "A", "atk": 1, "def": 1}, {"name": "B", "atk": 1, "def": 1})
    t.do({"event": "step", "to": 6})
    t.do({"event": "flip", "card": "Super Confused", "functions": 2, "result": "tails", "attack": True})
    assert t.state.last == ("coin flip for Super Confused: tails, at the beginning of the Attack Phase "
                            "(village-tcg.txt, Coin Flips)",)


# -- 5. corrections after the end ----------------------------------------------------------------

def test_corrections_after_a_win_are_taken_and_may_change_who_won() -> None:
    t = game()
    t.do({"event": "mp", "player": 1, "delta": -30})
    assert t.state.winner == 0
    t.do({"event": "mp", "player": 1, "delta": 4})  # a mistyped hit: Bob had 4 MP left
    said = t.state.last[-1]
    assert t.state.winner is None and "the game goes on" in said and "You Win If" in said
    t.do({"event": "deck", "player": 0, "delta": -53})
    assert t.state.winner == 1
    t.do({"event": "mp", "player": 1, "delta": -4})  # Bob at 0 too: Ann's empty deck was found first
    assert t.state.winner == 1
    t.do({"event": "deck", "player": 0, "delta": 3})
    assert t.state.winner == 0 and "still over, now: Bob has 0 Mouse Points" in t.state.last[-1]
    with pytest.raises(RuleError, match="game is over"):
        t.do({"event": "draw"})


def test_the_page_keeps_the_corrections_on_after_a_win(tmp_path: Path) -> None:
    v = page(tmp_path)
    v.act({"event": "mp", "player": 1, "delta": -30})
    plus_five = v.player_boxes[1].children[2].children[1]
    assert v.state.over and not plus_five.disabled and v.buttons["draw"].disabled
    plus_five.click()
    assert not v.state.over and v.state.players[1].mp == 5 and not v.buttons["draw"].disabled


# -- 6. one Attack Phase a turn ------------------------------------------------------------------

def test_no_attack_after_declaring_none_this_turn_but_an_older_log_replays(tmp_path: Path) -> None:
    t = game()
    a, _b = to_turn_three(t, {"name": "A", "atk": 1, "def": 1}, {"name": "B", "atk": 1, "def": 1})
    t.do({"event": "attack", "attacks": []})
    attack = {"event": "attack", "attacks": [{"attacker": a, "defender": None}]}
    with pytest.raises(RuleError, match=r"one Attack Phase \(village-tcg.txt, Order of Turn, Step 6\)"):
        t.do(attack)
    with pytest.raises(RuleError, match="one Attack Phase"):
        t.do({"event": "attack", "attacks": []})
    assert checklist(t.state)[5].status == "done" and checklist(t.state)[5].detail == "no attack this turn"
    log = tmp_path / "old.jsonl"  # a log an older version wrote: both attacks were taken then
    log.write_text("".join(json.dumps(e) + "\n" for e in [*t.history, attack]))
    again = VillageTracker(log)
    assert not again.problems and again.state.players[1].mp == 29


def test_the_page_turns_the_attack_off_after_declaring_none(tmp_path: Path) -> None:
    v = page(tmp_path)
    play(v, "Acorn Scout")
    v.buttons["end_turn"].click()
    play(v, "Pebble Pup")
    v.buttons["end_turn"].click()
    v.buttons["draw"].click()
    assert v.resolve_button.description == "Declare no attack (end the Attack Phase)"
    v.resolve_button.click()  # every mouse "does not attack"
    assert v.resolve_button.disabled and "one Attack Phase" in v.resolve_button.tooltip


# -- 7. the first turn's buttons -----------------------------------------------------------------

def test_first_turn_attack_and_mega_mouse_buttons_are_off_with_the_reason(tmp_path: Path) -> None:
    v = page(tmp_path)
    mega = v.buttons["summon_mega"]
    assert mega.disabled and "First Turn" in mega.tooltip and "Summoning MegaMice" in mega.tooltip
    play(v, "Acorn Scout")
    assert v.resolve_button.disabled and "First Turn" in v.resolve_button.tooltip
    v.buttons["end_turn"].click()
    v.buttons["draw"].click()  # Bob's first turn: no Basic Mouse of his has had a full turn
    assert mega.disabled and "no Basic Mouse of Bob" in mega.tooltip
    v.mouse_name.value = "Pebble Pup"
    v.buttons["play_basic"].click()
    v.buttons["end_turn"].click()
    v.buttons["draw"].click()
    v.mouse_name.value = "Harvest Giant"  # (the Mega Mouse to summon named: off without a name)
    assert not mega.disabled and not v.resolve_button.disabled  # Ann's Acorn Scout has had its full turn


# -- 8. undo of a forfeit, the Magic toggle, replay text, the coin toss ----------------------------

def test_undoing_a_forfeiting_step_does_not_warn_again(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    code, out, _ = run(capsys, "do", str(log), '{"event": "start", "seed": 1}', '{"event": "step", "to": 3}',
                       "undo")
    assert code == 0 and out.count("draw is forfeited") == 1 and "Undone: Step 3" in out
    v = page(tmp_path)
    v.act({"event": "step", "to": 3})
    assert FORFEIT_NOTE in v.state.last
    v.undo_button.click()
    assert "Undone: Step 3" in v.message.value and "forfeited" not in v.message.value


def test_the_magic_opponent_toggle_is_reset_after_a_card_is_played(tmp_path: Path) -> None:
    v = page(tmp_path)
    v.card_name.value = "Super Confused"  # instant: the opponent may play it
    v.magic_player.value = "other"
    v.buttons["magic"].click()
    assert v.state.players[1].discard == 1 and v.magic_player.value == "turn"


def test_replay_text_shows_continuous_magic_and_discard_piles(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    assert run(capsys, "do", str(log), '{"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 1}',
               '{"event": "draw"}',
               '{"event": "magic", "name": "Harvest Moon"}',
               '{"event": "magic", "name": "Super Confused", "player": 1}')[0] == 0
    code, out, _ = run(capsys, "replay", str(log))
    assert code == 0 and "continuous Magic on the field: Harvest Moon" in out
    assert "Ann: 30 MP, 52 cards in deck, 0 in the discard pile" in out
    assert "Bob: 30 MP, 53 cards in deck, 1 in the discard pile" in out


def test_a_start_without_first_tosses_a_coin_from_the_seed(tmp_path: Path) -> None:
    seeds = {coin_toss(seed): seed for seed in range(40)}
    assert set(seeds) == {0, 1}  # (both sides come up)
    for first, seed in seeds.items():
        t = VillageTracker(tmp_path / f"{seed}.jsonl")
        t.do({"event": "start", "players": ["Ann", "Bob"], "seed": seed})
        assert t.state.first == t.state.current == first
        assert "coin toss" in t.state.last[0] and "Gameplay" in t.state.last[0]
        logged = t.history[0]
        assert logged["first"] == first and logged["toss"] is True  # the toss is logged: a replay is exact
        assert VillageTracker(tmp_path / f"{seed}.jsonl").state.current == first
    older = tmp_path / "older.jsonl"  # a start an older version wrote without 'first': Player 1 went first
    older.write_text(json.dumps({"event": "start", "seed": seeds[1]}) + "\n")
    assert VillageTracker(older).state.current == 0


def test_the_pages_new_game_offers_the_coin_toss(tmp_path: Path) -> None:
    v = VillageCompanion(tmp_path / "v.jsonl")
    v.first.value = TOSS
    v.new_game()
    start = v.tracker.history[0]
    assert start["toss"] is True and start["first"] == coin_toss(start["seed"]) == v.state.current
    assert "coin toss" in v.message.value


# -- 9. the Fruit cost: a house reading ----------------------------------------------------------

def test_the_fruit_reading_is_said_and_paying_discards_the_fruit() -> None:
    t = game()
    a, _b = to_turn_three(t, {"name": "A", "atk": 1, "def": 1}, {"name": "B", "atk": 1, "def": 1})
    t.do({"event": "fruit", "mouse": a})
    t.do({"event": "ability", "mouse": a, "cost": 1})
    assert t.state.last[-1] == FRUIT_READINGS["equipped"] and "house interpretation" in t.state.last[-1]
    assert t.state.players[0].field[0].fruit == 1
    paid = game(fruit_cost="pay")
    assert "house interpretation: an ability pays its Fruit cost" in paid.state.last[-1]
    a, _b = to_turn_three(paid, {"name": "A", "atk": 1, "def": 1}, {"name": "B", "atk": 1, "def": 1})
    paid.do({"event": "fruit", "mouse": a})
    paid.do({"event": "ability", "mouse": a, "cost": 1})
    assert paid.state.players[0].field[0].fruit == 0 and paid.state.players[0].discard == 1
    assert paid.state.last == (f"{a} uses its ability: it pays 1 Fruit, 0 left equipped",
                               FRUIT_READINGS["pay"])
    with pytest.raises(RuleError, match=r"fruit_cost must be 'equipped' or 'pay' \(a house interpretation"):
        VillageTracker().do({"event": "start", "fruit_cost": "paid"})


def test_the_page_chooses_the_fruit_reading_at_the_start(tmp_path: Path) -> None:
    v = VillageCompanion(tmp_path / "v.jsonl")
    v.fruit_reading.value = "pay"
    v.new_game()
    assert v.tracker.history[0]["fruit_cost"] == "pay" and v.state.fruit_reading == "pay"
    assert "house interpretation" in v.message.value


# -- 10. citations ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("event", "said"), [
    ({"event": "step", "to": 7}, "use end_turn to end the turn (village-tcg.txt, Order of Turn, Step 7)"),
    ({"event": "step", "to": 9}, "there are 7 steps, not 9 (village-tcg.txt, Order of Turn)"),
    ({"event": "magic", "instant": True, "continuous": True},
     "either instant or continuous, not both (village-tcg.txt, Legend; village-tcg.txt, Card Descriptions 5"),
    ({"event": "fruit", "mouse": "Nobody #9"},
     "no mouse 'Nobody #9' on the field (the Mouse Zones: village-tcg.txt, How Your Village TCG Playing "),
])
def test_refusals_cite_their_section(event: dict[str, object], said: str) -> None:
    with pytest.raises(RuleError) as err:
        game().do(event)
    assert said in err.value.message
