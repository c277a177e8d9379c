"""The TMNT notebook views, driven through their widgets as a player would."""

from __future__ import annotations

import json
from pathlib import Path

import ipywidgets as w
import pytest

from companion.cards import card_from_record
from companion.views.tmnt import CUSTOM, NONE, PICK, AttackBuilder, GameTracker, tmnt_page

CARDS = [card_from_record("tmnt", "Test demo", rec) for rec in (
    {"id": "hero", "name": "Hero", "type": "character", "attribute": "wind", "power": 3, "source": "demo"},
    {"id": "kick", "name": "Kick", "type": "attack", "attribute": "fire", "power": 2,
     "attack_kind": "normal", "source": "demo"},
    {"id": "slam", "name": "Slam", "type": "attack", "attribute": "mountain", "power": 4,
     "attack_kind": "forceful", "source": "demo"},
    {"id": "parry", "name": "Parry", "type": "attack", "attribute": "nature", "power": 1,
     "attack_kind": "counter", "source": "demo"},
    {"id": "wall", "name": "Wall", "type": "attack", "attribute": "fire", "power": 5,
     "attack_kind": "forceful-counter", "source": "demo"},
)]


def classes(widget: w.Widget) -> set[str]:
    found = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        found |= classes(child)
    return found


def test_builder_shows_verdict_and_damage_as_cards_are_picked() -> None:
    b = AttackBuilder(CARDS)
    assert b.character.pick.value == "hero" and "Damage 3" in b.result.value
    b.attacks[0].pick.value = "kick"
    b.attacks[1].pick.value = "slam"  # Forceful as the 2nd: refused with its reason
    assert not b.verdict.is_legal and "is Forceful [F]" in b.result.value
    b.attacks[1].pick.value = "none"
    b.attacks[2].pick.value = "slam"  # the 3rd place (the empty 2nd is skipped: still the 2nd card)
    assert [p.rule for p in b.verdict.problems] == ["forceful-position"]
    b.attacks[1].pick.value = "custom"
    b.attacks[1].attr.value = "Nature"
    b.attacks[1].power.value = 1
    b.counter.pick.value = "parry"
    assert b.verdict.is_legal and b.verdict.extra["damage"] == 3 + 2 + 1 + 4 - 1
    assert "Damage 9" in b.result.value
    b.blocks.value = 2
    b.face_up[0].value = True
    assert b.verdict.extra["defender_trashed"] == 7 and b.verdict.extra["newly_face_up_blocks"] == [2]
    assert b.face_up[3].disabled
    assert {"cmp-tmnt-character", "cmp-tmnt-attack-1", "cmp-tmnt-attack-3", "cmp-tmnt-counter",
            "cmp-tmnt-resolve", "cmp-tmnt-result", "cmp-tmnt-blocks"} <= classes(b.widget)


def test_builder_counter_menu_offers_only_counters_and_custom_attackers() -> None:
    b = AttackBuilder(CARDS)
    values = [v for _label, v in b.counter.pick.options]
    assert values == ["none", "custom", "parry", "wall"]
    b.character.pick.value = "custom"
    b.character.kind.value = "attack"
    b.attacks[0].pick.value = "kick"
    assert [p.rule for p in b.verdict.problems] == ["attack-step-skipped"]


def test_builder_without_cards_still_works() -> None:
    b = AttackBuilder([])
    assert b.character.pick.value == "custom" and "Damage 3" in b.result.value


def play_to_attack(g: GameTracker, revealed: str = "character") -> None:
    while g.state.phase != "flip":
        g.next.click()
    {"character": g.flip_buttons[0], "attack": g.flip_buttons[1], "item": g.flip_buttons[2],
     "event": g.flip_buttons[3]}[revealed].click()
    g.next.click()
    if g.state.phase == "attack" and g.builder.character.pick.value == PICK:  # the table names the card
        g.builder.character.pick.value = "hero" if revealed == "character" else CUSTOM  # (Wind 3)


def at_first_attack(tmp_path: Path) -> GameTracker:
    """A new game (Player 1 first) at its first Attack Phase."""
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 0
    g.new_game.click()
    play_to_attack(g)
    return g


def test_tracker_plays_a_turn_with_clicks_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "tmnt.jsonl"
    g = GameTracker(path, CARDS)
    assert not g.state.started and g.next.disabled
    g.names[0].value, g.names[1].value = "Ann", "Bob"
    g.first.value = 0
    g.new_game.click()
    assert g.state.started and g.state.players[0].name == "Ann" and "Ann" in g.phase.value
    play_to_attack(g)
    assert g.record in g.actions.children
    g.builder.attacks[0].pick.value = "kick"
    g.record.click()
    assert g.state.phase == "result" and g.state.attack["damage"] == 5
    assert [b.description for b in g.zones[1]] == (
        ["1st: face-up", "2nd: face-up", "3rd: face-up", "4th: face-up"])
    assert g.keep[1].disabled  # Bob sent a card from Deck to Trash: keeps no Character
    g.keep[0].value = 1
    g.result_step.click()
    assert g.state.resolved and "Adjust Phase" in g.adjust.value and "= <b>5</b>" in g.adjust.value
    g.next.click()
    assert g.state.active == 1 and g.state.players[1].hand == 10
    g.undo.click()
    assert g.state.phase == "result" and g.redo.disabled is False
    resumed = GameTracker(path, CARDS)
    assert resumed.state == g.state and resumed.tracker.can_redo
    assert {"cmp-tmnt-tracker", "cmp-tmnt-next", "cmp-tmnt-undo", "cmp-tmnt-redo", "cmp-tmnt-zone-1-1",
            "cmp-tmnt-zone-2-4", "cmp-tmnt-status", "cmp-tmnt-phase", "cmp-tmnt-adjust",
            "cmp-tmnt-new-game"} <= classes(resumed.widget)


def test_a_new_attack_starts_with_none_of_the_last_ones_cards(tmp_path: Path) -> None:
    # turn 1's Attack and Counter cards must not be recorded again for turn 2 (its Counter was
    # the other player's): a click on "Record attack" would play cards nobody played
    g = at_first_attack(tmp_path)
    g.builder.attacks[0].pick.value = "kick"
    g.builder.counter.pick.value = "parry"
    g.record.click()
    assert g.state.attack["counter"] is not None
    g.result_step.click()
    g.next.click()  # turn 2: the other player
    play_to_attack(g)
    assert g.state.turn == 2 and g.record in g.actions.children
    picked = [s.pick.value for s in (*g.builder.attacks, g.builder.counter)]
    assert picked == [NONE] * 4
    g.builder.attacks[0].pick.value = "slam"
    g.undo.click()
    g.redo.click()  # the same attack's page again: the choices made for it stay
    assert g.builder.attacks[0].pick.value == "slam"


def test_tracker_shows_errors_instead_of_raising(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.zones[0][0].click()  # before a game: an error panel, not an exception
    assert "start a game first" in g.zone_msg.value
    g.first.value = -1
    g.new_game.click()
    assert isinstance(g.state.seed, int) and "coin toss" in g.state.message
    play_to_attack(g)
    g.builder.attacks[0].pick.value = "custom"  # wind, like the Character: refused
    g.builder.attacks[0].attr.value = "Wind"
    g.record.click()
    assert "same Attribute" in g.action_msg.value and g.state.attack is None


def test_tracker_zone_tiles_and_corrections(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 1
    g.new_game.click()
    g.zones[0][2].click()
    g.zones[0][2].click()
    assert g.state.players[0].zones[2].face == "empty" and g.zones[0][2].description == "3rd: empty"
    g.fix_player.value = 0
    g.fix_deck.value = 12
    g.fix_apply.click()
    assert g.state.players[0].deck == 12 and "Deck <b>12</b>" in g.counts[0].value


def _game_over(tmp_path: Path) -> GameTracker:
    """A new game whose second player's Deck is corrected to 0: the game is over."""
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 0
    g.new_game.click()
    g.fix_player.value = 1
    g.fix_deck.value = 0
    g.fix_apply.click()
    return g


def test_tracker_game_over_is_shown(tmp_path: Path) -> None:
    g = _game_over(tmp_path)
    assert g.state.over and g.next.disabled and "Game over" in g.status.value
    assert "tmnt-tcg.txt, Game Over" in g.status.value and "Adjust Phase" not in g.status.value
    assert "winner" in g.headers[0].value


def test_page_has_both_tabs(tmp_path: Path) -> None:
    page = tmnt_page(tmp_path / "t.jsonl")
    assert isinstance(page, w.Tab) and len(page.children) == 2
    assert "cmp-tmnt-tracker" in classes(page) and "cmp-tmnt-resolve" in classes(page)


def test_tracker_builder_follows_an_attack_card_on_the_first_zone(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 0
    g.new_game.click()
    play_to_attack(g, "attack")
    assert g.builder.character.card().type == "attack"
    g.record.click()
    assert g.state.attack["damage"] == 3 and g.state.phase == "result"


def test_tracker_reports_a_half_written_last_line_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "tmnt.jsonl"
    path.write_text('{"event": "start", "players": ["Ann", "Bob"], "first": 0}\n{"event": "next", "x')
    g = GameTracker(path, CARDS)
    assert (tmp_path / "tmnt.jsonl.damaged").exists()
    assert "half-written line was set aside" in g.status.value and "tmnt.jsonl.damaged" in g.status.value
    assert g.state.started and g.state.phase == "set"
    clean = GameTracker(path, CARDS)  # the file is whole again: nothing more to report
    assert "set aside" not in clean.status.value


def test_builder_attack_card_power_is_a_house_reading_control() -> None:
    b = AttackBuilder(CARDS)
    assert b.power_reading.layout.display == "none"  # a Character attacks: the reading does not apply
    b.character.pick.value = "custom"
    b.character.kind.value = "attack"
    b.character.attr.value = "Fire"
    b.character.power.value = 4
    assert b.power_reading.layout.display == "flex" and b.attack_card_power.value == "count"
    assert b.verdict.extra["damage"] == 4 and "house reading" in b.result.value
    b.attack_card_power.value = "ignore"
    assert b.verdict.extra["total_power"] == 0 and b.verdict.extra["damage"] == 0
    assert "leave it out of" in b.result.value
    assert "cmp-tmnt-attack-card-power" in classes(b.widget)


@pytest.mark.parametrize(("reading", "damage"), [("count", 3), ("ignore", 0)])
def test_tracker_attack_card_power_is_chosen_at_new_game_and_logged(tmp_path: Path, reading: str,
                                                                   damage: int) -> None:
    path = tmp_path / "t.jsonl"
    g = GameTracker(path, CARDS)
    assert "cmp-tmnt-new-attack-card-power" in classes(g.widget)
    g.first.value = 0
    g.power_rule.value = reading
    g.new_game.click()
    assert json.loads(path.read_text().splitlines()[1])["attack_card_power"] == reading  # after its tracker
    play_to_attack(g, "attack")
    assert g.builder.attack_card_power.value == reading and g.builder.attack_card_power.disabled
    assert g.builder.verdict.extra["damage"] == damage  # the preview agrees with what will be recorded
    g.record.click()
    assert g.state.attack["damage"] == damage
    assert GameTracker(path, CARDS).state.attack["damage"] == damage


def test_builder_shows_a_face_up_block_card_beyond_the_damage_as_face_up() -> None:
    b = AttackBuilder(CARDS)  # Hero, wind 3: damage 3
    b.face_up[3].value = True
    assert b.verdict.extra["blocks_flipped"] == 3
    tiles = b.result.value
    assert "face-up, not reached" in tiles and "untouched" not in tiles
    b.face_up[3].value = False
    assert "untouched" in b.result.value


def test_tracker_game_over_is_lifted_by_a_correction(tmp_path: Path) -> None:
    g = _game_over(tmp_path)
    assert g.state.over and g.next.disabled
    g.fix_player.value = 1
    g.fix_deck.value = 25
    g.fix_apply.click()
    assert not g.state.over and not g.next.disabled and "game goes on" in g.fix_msg.value
    assert "game goes on" not in g.status.value  # (said once, under the correction's button)
    assert "winner" not in g.headers[0].value
    g.next.click()
    assert g.state.phase == "event"


# -- two windows on one log: an action built from the page's state uses the log as it is now -----------

def two_windows_at_the_flip(tmp_path: Path) -> tuple[GameTracker, GameTracker]:
    """Window A at Player 1's Flip Phase, then window B on the same log."""
    a = GameTracker(tmp_path / "t.jsonl", CARDS)
    a.first.value = 0
    a.new_game.click()
    for _ in range(3):  # set -> event -> item -> flip
        a.next.click()
    assert a.state.phase == "flip"
    return a, GameTracker(tmp_path / "t.jsonl", CARDS)


def test_tapping_a_block_zone_keeps_a_change_made_in_another_window(tmp_path: Path) -> None:
    a, b = two_windows_at_the_flip(tmp_path)
    b.flip_buttons[0].click()  # B: the 1st Block card is a Character
    a.zones[0][3].click()  # A, not refreshed, marks the 4th zone face-up
    zones = GameTracker(tmp_path / "t.jsonl", CARDS).state.players[0].zones
    assert (zones[0].face, zones[0].kind) == ("up", "character") and zones[3].face == "up"
    assert a.zones[0][0].description == "1st: face-up Character"
    assert a.zones[0][3].description == "4th: face-up"


def test_a_tap_sets_the_face_after_the_one_on_show(tmp_path: Path) -> None:
    a, b = two_windows_at_the_flip(tmp_path)
    b.zones[0][3].click()  # B: the 4th zone face-up
    a.zones[0][3].click()  # A still shows it face-down: the tap means face-up, not empty
    assert a.state.players[0].zones[3].face == "up"


def test_a_count_correction_keeps_counts_changed_in_another_window(tmp_path: Path) -> None:
    a, b = two_windows_at_the_flip(tmp_path)
    b.fix_hand.value = 2
    b.fix_apply.click()
    a.fix_deck.value = 12  # A's boxes were filled before B's correction
    a.fix_apply.click()
    p = GameTracker(tmp_path / "t.jsonl", CARDS).state.players[0]
    assert (p.hand, p.deck) == (2, 12)
    assert (a.fix_hand.value, a.fix_deck.value) == (2, 12)


def test_applying_unchanged_counts_says_there_is_nothing_to_correct(tmp_path: Path) -> None:
    a, _b = two_windows_at_the_flip(tmp_path)
    lines = (tmp_path / "t.jsonl").read_text()
    a.fix_apply.click()
    assert "nothing to correct" in a.fix_msg.value and (tmp_path / "t.jsonl").read_text() == lines


def test_an_action_refused_after_another_window_wrote_shows_the_game_as_it_is(tmp_path: Path) -> None:
    a, b = two_windows_at_the_flip(tmp_path)
    b.flip_buttons[0].click()
    a.flip_buttons[1].click()  # A still shows a face-down 1st Block card: refused, and redrawn
    assert "another window changed the game" in a.action_msg.value and '"attack"' not in a.path.read_text()
    assert a.zones[0][0].description == "1st: face-up Character"


# -- count corrections send only what was changed; boxes take every count the tracker does -----------

def test_count_boxes_take_every_count_the_tracker_accepts(tmp_path: Path) -> None:
    from companion.errors import CompanionError
    from companion.tmnt.game import TmntTracker
    from companion.views.tmnt import COUNT_MAX, START_DECK_MAX, START_DECK_MIN

    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    assert (g.deck_size.min, g.deck_size.max) == (START_DECK_MIN, START_DECK_MAX)
    assert all(box.max == COUNT_MAX for box in (g.fix_hand, g.fix_deck, g.fix_trash))
    t = TmntTracker(None)  # the limits are the tracker's own
    for deck in (START_DECK_MIN - 1, START_DECK_MAX + 1):
        with pytest.raises(CompanionError):
            t.do({"event": "start", "players": ["A", "B"], "first": 0, "deck": deck})
    t.do({"event": "start", "players": ["A", "B"], "first": 0, "deck": START_DECK_MAX})
    with pytest.raises(CompanionError):
        t.do({"event": "correct", "player": 0, "deck": COUNT_MAX + 1})
    t.do({"event": "correct", "player": 0, "deck": COUNT_MAX})


def test_correcting_the_hand_leaves_a_deck_above_200_alone(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"event": "log", "tracker": "tmnt"}\n'
                    '{"event":"start","players":["A","B"],"first":0,"deck":500}\n')
    g = GameTracker(path, CARDS)
    assert g.fix_deck.value == 491  # 500 less the hand of 5 and the 4 Block cards
    g.fix_hand.value = 6
    g.fix_apply.click()
    assert g.tracker.history[-1] == {"event": "correct", "player": 0, "hand": 6, "reason": "set by hand"}
    assert (g.state.players[0].hand, g.state.players[0].deck) == (6, 491)


def test_a_count_a_box_cannot_show_is_never_sent(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"event": "log", "tracker": "tmnt"}\n'
                    '{"event":"start","players":["A","B"],"first":0,"deck":500}\n')
    g = GameTracker(path, CARDS)
    g.fix_deck.max = 200  # were a box ever narrower than the count, it clamps what it shows
    g.fix_player.value = 1
    g.fix_player.value = 0
    assert g.fix_deck.value == 200
    g.fix_trash.value = 3
    g.fix_apply.click()
    assert g.tracker.history[-1] == {"event": "correct", "player": 0, "trash": 3, "reason": "set by hand"}
    assert g.state.players[0].deck == 491


def test_a_result_step_choice_survives_a_correction(tmp_path: Path) -> None:
    g = at_first_attack(tmp_path)
    g.builder.attacks[0].pick.value = "kick"
    g.record.click()
    g.keep[0].value = 1  # Ann leaves the Character on her 1st Block Zone
    g.fix_player.value = 1
    g.fix_trash.value = g.fix_trash.value + 1  # a card text the tracker does not know
    g.fix_apply.click()
    assert g.keep[0].value == 1
    g.result_step.click()
    assert g.tracker.history[-1]["attacker_keeps"] == 1


def test_the_page_on_another_games_log_shows_why_and_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    path.write_text('{"event": "log", "tracker": "village"}\n{"event": "start", "seed": 1}\n')
    before = path.read_bytes()
    g = GameTracker(path, CARDS)  # it had raised in the notebook cell (a traceback)
    assert "This log cannot be used" in g.status.value and "village log, not a tmnt one" in g.status.value
    g.new_game.click()
    assert "That did not work" in g.setup_msg.value and "village log" in g.setup_msg.value
    assert not g.tracker.state.started and path.read_bytes() == before


def test_a_log_of_another_game_leaves_every_action_off(tmp_path: Path) -> None:
    from companion.village.game import VillageTracker, new_game

    log = tmp_path / "village.jsonl"
    new_game(VillageTracker(log))  # a Village game's log
    before = log.read_bytes()
    t = GameTracker(log)
    assert t.unusable is not None
    assert all(b.disabled for b in (t.new_game, t.undo, t.redo, t.next))  # New game too: it would fail
    assert log.read_bytes() == before


# -- the visual audit: each click's words under its buttons, said once, in words ------------------------

def text(html_value: str) -> str:
    import re

    return re.sub(r"<[^>]+>", " ", html_value)


def test_a_correction_and_a_zone_tap_say_what_they_did_under_their_buttons(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 0
    g.new_game.click()
    g.fix_hand.value = 0
    g.fix_apply.click()  # the status at the top may be off the screen: said under Apply correction
    assert "Corrected Player 1: hand 0 (was 5)" in g.fix_msg.value and "companion-ok" in g.fix_msg.value
    g.zones[1][0].click()
    said = text(g.zone_msg.value)
    assert "Corrected Player 2: Block Zone 1 face-up (was face-down)" in said and g.fix_msg.value == ""
    assert "[" not in said and "set up" not in said  # words, not the log's notation
    assert g.zones[1][0].description == "1st: face-up" and g.zones[1][1].description == "2nd: face-down"


def test_an_illegal_attack_turns_record_off_and_is_said_once(tmp_path: Path) -> None:
    from companion.views.tmnt import RECORD_NOT_LEGAL

    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 0
    g.new_game.click()
    while g.state.phase != "flip":  # an Event and an Item card placed: their buttons are off for the turn
        if g.state.phase in ("event", "item"):
            (g.play_event if g.state.phase == "event" else g.play_item).click()
        g.next.click()
    g.flip_buttons[0].click()
    g.next.click()
    assert g.record.disabled and g.actions_off.value == ""  # the builder's panel says to choose the card
    g.builder.character.pick.value = "hero"
    g.builder.attacks[0].pick.value = CUSTOM  # Wind, as the Character: not legal
    assert "same Attribute" in g.builder.result.value
    assert g.record.disabled and g.record.tooltip == RECORD_NOT_LEGAL
    assert g.actions_off.value == ""  # not Record (said above it), nor the Event and Item cards (not on show)
    g.builder.attacks[0].attr.value = "Fire"
    assert not g.record.disabled
    g.record.click()
    assert g.state.attack is not None


def test_each_message_shows_above_its_off_caption(tmp_path: Path) -> None:
    g = at_first_attack(tmp_path)
    kids = list(g.actions.children)
    assert kids.index(g.record) < kids.index(g.action_msg) < kids.index(g.actions_off)
    page = list(g.widget.children)
    assert page.index(g.status) < page.index(g.next_off)


def test_the_status_gives_its_rule_book_section_beside_the_phase(tmp_path: Path) -> None:
    g = at_first_attack(tmp_path)
    said = " ".join(text(g.status.value).split())
    assert g.status.value.count("<li>") == 1  # the message; the section is not a line of its own
    assert said.startswith("6 Attack Phase: Attack, Counter, Forward Steps (tmnt-tcg.txt, Attack Phase)")
    g.fix_hand.value = 0
    g.fix_apply.click()  # a correction's message is not cited as if the phase's section said it
    assert "reason: set by hand (" not in text(g.status.value)
