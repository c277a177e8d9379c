"""Session 6, Village TCG (exploratory test findings): "Back to the previous game" on a page opened anew,
an attack made twice only with the ability that allows it, Redo of an attack on a page opened after the
undo, an ATK or DEF typed other than the card's said, and one place for the losing conditions."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from pathlib import Path

import pytest

from companion.cards import CardDB, card_from_record
from companion.errors import RuleError
from companion.views.village import UNDEFENDED, VillageCompanion
from companion.village.game import (
    FieldMouse,
    Player,
    VillageState,
    VillageTracker,
    _check_winner,
    _losing,
    _recheck_winner,
    new_game,
    why_not_twice,
)

from .helpers import run_cli

DEMO = {"source": "demo"}


def db() -> CardDB:
    """A Basic Mouse with an ability of another kind, one with none, and Twin Tail Duelist (Double Strike)."""
    recs = [{"id": "acorn", "name": "Acorn Scout", "type": "basic-mouse", "atk": 1, "def": 1,
             "abilities": [{"name": "Nibble", "fruit_cost": 0, "text": "Look at your deck's top card."}]},
            {"id": "pup", "name": "Pebble Pup", "type": "basic-mouse", "atk": 1, "def": 1},
            {"id": "twin", "name": "Twin Tail Duelist", "type": "mega-mouse", "atk": 4, "def": 4,
             "abilities": [{"name": "Nibble", "fruit_cost": 0, "text": "Look at the top card of your deck."},
                           {"name": "Double Strike", "fruit_cost": 0,
                            "text": "This Mouse may attack twice this turn."}]}]
    return CardDB("village", [card_from_record("village", "demo", {**DEMO, **r}) for r in recs])


def text(widget_html: str) -> str:
    """A panel's words, as the page shows them."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def page(path: Path) -> VillageCompanion:
    return VillageCompanion(path, db=db())


def started(path: Path) -> VillageCompanion:
    """A page on a game of Ann (first) and Bob, Ann has drawn on turn 1."""
    v = page(path)
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    v.first.value = 0
    v.new_game()
    v.act({"event": "draw"})
    return v


def to_turn_three(t: VillageTracker) -> tuple[str, str]:
    """Ann plays Acorn Scout (turn 1), Bob Pebble Pup (turn 2); Ann draws on turn 3 and sacrifices the
    Acorn Scout for a Twin Tail Duelist. The ids of the Twin Tail Duelist and the Pebble Pup."""
    for event in ({"event": "draw"}, {"event": "play_basic", "name": "Acorn Scout"}, {"event": "end_turn"},
                  {"event": "draw"}, {"event": "play_basic", "name": "Pebble Pup"}, {"event": "end_turn"},
                  {"event": "draw"}):
        t.do(event)
    acorn = t.state.players[0].field[0].uid
    t.do({"event": "summon_mega", "name": "Twin Tail Duelist", "sacrifice": acorn})
    return t.state.players[0].field[0].uid, t.state.players[1].field[0].uid


def game_with_cards() -> VillageTracker:
    t = VillageTracker()
    t.cards = db()
    new_game(t, ("Ann", "Bob"), seed=1)
    return t


# -- 1. "Back to the previous game" on a page opened anew ------------------------------------------------

def test_a_page_opened_anew_offers_the_way_back_to_the_game_new_game_kept(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    a = started(path)
    old = path.read_bytes()
    a.new_game()
    new = path.read_bytes()
    b = page(path)  # the page closed and opened again
    assert b.previous_button.layout.display is None and not b.previous_button.disabled
    b.previous_button.click()
    assert path.read_bytes() == old and (tmp_path / "v-2.jsonl").read_bytes() == new
    c = page(path)  # the old game back on show, opened again: the way back to the new one is offered
    assert c.previous_button.layout.display is None and not c.previous_button.disabled
    c.previous_button.click()
    assert path.read_bytes() == new and (tmp_path / "v-1.jsonl").read_bytes() == old


def test_a_page_opened_anew_offers_the_game_kept_last_and_no_unlinked_log(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    a = started(path)
    a.new_game()  # game 2 (game 1 in v-1)
    a.new_game()  # game 3 (game 2 in v-2)
    second = (tmp_path / "v-2.jsonl").read_bytes()
    (tmp_path / "v-7.jsonl").write_text("not a log\n")  # neither a game of this one nor readable
    b = page(path)
    b.previous_button.click()
    assert path.read_bytes() == second  # the game before the one on show, not the first game
    lone = tmp_path / "other" / "v.jsonl"
    lone.parent.mkdir()
    VillageTracker(lone).do({"event": "start", "seed": 5, "first": 0})
    (lone.parent / "v-1.jsonl").write_bytes((tmp_path / "v-1.jsonl").read_bytes())  # a game of another
    assert page(lone).previous_button.disabled  # no game of its own kept aside: not offered


def test_the_start_refuses_a_previous_that_is_no_seed() -> None:
    with pytest.raises(RuleError, match="previous"):
        VillageTracker().do({"event": "start", "first": 0, "seed": 1, "previous": [1]})


# -- 2. an attack made twice only with the ability that allows it -----------------------------------------

def test_twice_is_refused_without_the_ability_used_this_turn() -> None:
    t = game_with_cards()
    twin, pup = to_turn_three(t)
    twice = {"event": "attack", "twice": [twin],
             "attacks": [{"attacker": twin, "defender": pup}, {"attacker": twin, "defender": None}]}
    with pytest.raises(RuleError, match="has not used 'Double Strike' this turn") as info:
        t.do(twice)
    said = info.value.render()
    assert "Attack / Defense Structure" in said and "Order of Turn, Step 4" in said
    assert not t.state.t.declared  # refused: the Attack Phase is still to come
    t.do({"event": "ability", "mouse": twin, "name": "Double Strike"})
    t.do(twice)
    assert t.state.players[1].field == () and t.state.players[1].mp == 26


def test_twice_is_refused_after_another_ability_and_for_a_card_without_one() -> None:
    t = game_with_cards()
    twin, _pup = to_turn_three(t)
    t.do({"event": "ability", "mouse": twin, "name": "Nibble"})
    with pytest.raises(RuleError, match="used 'Nibble' this turn, not 'Double Strike'"):
        t.do({"event": "attack", "twice": [twin], "attacks": [{"attacker": twin, "defender": None}] * 2})
    refused = why_not_twice(with_acorn(t.state), "Acorn Scout #9", db().lookup("Acorn Scout"))
    assert refused is not None and "no ability that lets it attack twice" in refused.render()


def with_acorn(state: VillageState) -> VillageState:
    """``state`` with an Acorn Scout #9 of the turn player's that used its Nibble this turn."""
    me = state.players[state.current]
    m = FieldMouse("Acorn Scout #9", "Acorn Scout", "basic", 1, 1, 1)
    players = list(state.players)
    players[state.current] = replace(me, field=(*me.field, m))
    return replace(state, players=(players[0], players[1]),
                   t=replace(state.t, abilities=("Acorn Scout #9",), ability_names=("Nibble",)))


def test_twice_without_card_data_needs_an_ability_used_and_an_older_log_replays(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    t = VillageTracker(path)
    new_game(t, ("Ann", "Bob"), seed=1)
    for event in ({"event": "draw"}, {"event": "play_basic", "name": "Twin", "atk": 4, "def": 4},
                  {"event": "end_turn"}, {"event": "draw"}, {"event": "end_turn"}, {"event": "draw"}):
        t.do(event)
    twin = t.state.players[0].field[0].uid
    twice = {"event": "attack", "twice": [twin], "attacks": [{"attacker": twin, "defender": None}] * 2}
    with pytest.raises(RuleError, match="has not used an ability that lets it attack twice"):
        t.do(twice)
    # an older log's line, written before the rule: read as it was played
    with path.open("a", encoding="utf-8") as f:
        f.write('{"event": "attack", "twice": ["Twin #1"], "attacks": [{"attacker": "Twin #1", '
                '"defender": null}, {"attacker": "Twin #1", "defender": null}]}\n')
    assert VillageTracker(path).state.players[1].mp == 22


def test_the_page_offers_to_attack_twice_only_the_mouse_that_used_the_ability(tmp_path: Path) -> None:
    v = page(tmp_path / "v.jsonl")
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    v.new_game()
    twin, _pup = to_turn_three(v.tracker)
    v.refresh()
    assert [value for _label, value in v.twice.options] == [""]
    assert v.twice.disabled and "has not used 'Double Strike'" in v.twice.tooltip
    v.act({"event": "ability", "mouse": twin, "name": "Double Strike"})
    assert twin in [value for _label, value in v.twice.options] and not v.twice.disabled
    v.twice.value = twin
    assert v.assign2 is not None
    v.assign[twin].value = UNDEFENDED
    v.assign2.value = UNDEFENDED
    v.resolve_button.click()
    assert v.tracker.history[-1]["twice"] == [twin] and v.state.players[1].mp == 22


# -- 3. Redo of an attack on a page opened after the undo ------------------------------------------------

def test_redo_of_an_attack_on_a_page_opened_after_the_undo_shows_its_battle(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    v = page(path)
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    v.new_game()
    twin, pup = to_turn_three(v.tracker)
    v.refresh()
    v.assign[twin].value = pup
    v.resolve_button.click()
    same_page = text(v.battle_result.value)
    assert "Attack resolved" in same_page and "beats Pebble Pup" in same_page
    v.undo_button.click()
    assert v.battle_result.value == ""
    again = page(path)  # closed and opened again after the undo
    assert again.battle_result.value == ""
    again.redo_button.click()
    assert text(again.battle_result.value) == same_page
    again.undo_button.click()  # and an undo there takes it off again
    assert again.battle_result.value == ""


# -- 5. an ATK or DEF typed other than the card's is said, not refused ------------------------------------

def test_a_mouse_played_with_stats_other_than_its_card_says_so() -> None:
    t = game_with_cards()
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Acorn Scout", "atk": 5})
    m = t.state.players[0].field[0]
    assert (m.atk, m.defense) == (5, 1)  # used as typed (the DEF from the card)
    assert any("ATK 5 typed; the card says 1" in line and "Card Descriptions" in line
               for line in t.state.last)
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Pebble Pup", "atk": 1, "def": 1})  # as printed: nothing said
    assert not any("typed" in line for line in t.state.last)


def test_the_battle_command_says_an_atk_or_def_typed_other_than_the_card(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run_cli(capsys, "village", "battle", "--attack", "Acorn Scout:5>Pebble Pup:3")
    assert code == 0 and "beats Pebble Pup" in out
    assert "Acorn Scout: ATK 5 typed; the card says 1" in out
    assert "Pebble Pup: DEF 3 typed; the card says 1" in out
    code, out, _err = run_cli(capsys, "village", "battle", "--attack", "Acorn Scout:1>Pebble Pup:1",
                              "--attack", "Mine:3")
    assert code == 0 and "typed" not in out


# -- 6. one place for the losing conditions ---------------------------------------------------------------

def test_the_win_reasons_read_the_losing_conditions() -> None:
    t = VillageTracker()
    new_game(t, ("Ann", "Bob"), seed=1, decks=(60, 8))
    base = t.state
    bob_at_0 = Player("Bob", mp=0, deck=5)
    s = _check_winner(replace(base, players=(base.players[0], bob_at_0)))
    assert s.winner == 0 and s.win_reason == "Bob has 0 Mouse Points: Ann wins (village-tcg.txt, You Win If)"
    ann_empty = replace(base.players[0], deck=0)
    s = _check_winner(replace(base, players=(ann_empty, base.players[1])))
    assert s.win_reason == "Ann's deck has no cards: Bob wins (village-tcg.txt, You Win If)"
    assert _losing(ann_empty) == ("has no cards in the deck", "Ann's deck has no cards")
    both = _recheck_winner(replace(s, players=(ann_empty, replace(base.players[1], mp=0))))
    assert "Bob has 0 Mouse Points too, but Ann lost first" in both.last[-1]
