"""Village TCG, session 7: a new name's check is one (textio.line_problem, for a player's name and a card's
alike, in the same words as before); one play of a mouse looks its card up once in the tracker (complete
hands the card on to the fold: its checks and notes take it) and once on the page (its boxes' card passed
on to the checks), on the page, on the command line and on replay alike."""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import textio
from companion.cards import CardDB, card_from_record
from companion.errors import CompanionError, RuleError
from companion.eventlog import EventLog
from companion.textio import PLAYER_NAME_MAX, line_problem, player_name
from companion.views.village import VillageCompanion
from companion.village import game
from companion.village.game import CARD_NAME_MAX, VillageTracker, why_not_card_text

from .helpers import run_cli


def db() -> CardDB:
    recs = [{"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "def": 2, "source": "demo"},
            {"id": "big", "name": "Big Pip", "type": "mega-mouse", "atk": 5, "def": 4, "source": "demo",
             "abilities": [{"name": "Stomp", "fruit_cost": 1, "text": "."}]}]
    return CardDB("village", [card_from_record("village", "demo", r) for r in recs])


# -- 1. one check of a new name ----------------------------------------------------------------------

#: (a player 2's name typed, the refusal as it was worded before the check was shared)
PLAYER_REFUSALS = [
    ("Ann\nBob", "start: player 2's name must be one line (no line break, tab or other control character) "
                 "(expected a name on one line, at most 40 characters; found 'Ann\\nBob'). Write the name on "
                 "one line."),
    ("  An\tn  ", "start: player 2's name must be one line (no line break, tab or other control character) "
                  "(expected a name on one line, at most 40 characters; found '  An\\tn  '). Write the name "
                  "on one line."),
    ("A" * 41, "start: player 2's name is 41 characters long (expected a name on one line, at most 40 "
               "characters; found 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…'). Shorten it."),
    ("An\u200bn", "start: player 2's name holds an invisible format character (U+200B ZERO WIDTH SPACE) "
                  "(expected a name on one line, at most 40 characters; found 'An\\u200bn'). Type the name "
                  "again without it."),
]

#: (a mouse's name typed, the refusal as it was worded before the check was shared)
CARD_REFUSALS = [
    ("Pip\nPip", "the mouse's name must be one line (no line break, tab or other control character) "
                 "(expected a name on one line, at most 60 characters; found 'Pip\\nPip'). Write the name on "
                 "one line."),
    ("  Pi\tp  ", "the mouse's name must be one line (no line break, tab or other control character) "
                  "(expected a name on one line, at most 60 characters; found 'Pi\\tp'). Write the name on "
                  "one line."),
    ("P" * 61, "the mouse's name is 61 characters long (expected a name on one line, at most 60 characters; "
               f"found '{'P' * 57}…'). Shorten it."),
    ("Pip" + " " * 50 + "Popx", "the mouse's name is 60 characters long"),  # (spaces count: no refusal)
    ("Pip" + " " * 50 + "Popxxxxx", "the mouse's name is 61 characters long (expected a name on one line, at "
                                    "most 60 characters; found 'Pip" + " " * 50 + "Popx…'). Shorten it."),
    ("Pi\u200bp", "the mouse's name holds an invisible format character (U+200B ZERO WIDTH SPACE) (expected "
                  "a name on one line, at most 60 characters; found 'Pi\\u200bp'). Type the name again "
                  "without it."),
]


@pytest.mark.parametrize(("name", "said"), PLAYER_REFUSALS)
def test_a_players_name_is_refused_by_the_shared_check_in_the_same_words(name: str, said: str) -> None:
    with pytest.raises(RuleError) as refused:
        player_name(name, 2, error=RuleError, where="start")
    assert refused.value.render() == said
    shared = line_problem(name, "player 2's name", PLAYER_NAME_MAX, error=RuleError, collapse=True,
                          where="start")
    assert isinstance(shared, RuleError) and shared.render() == said


@pytest.mark.parametrize(("name", "said"), CARD_REFUSALS)
def test_a_cards_name_is_refused_by_the_shared_check_in_the_same_words(name: str, said: str) -> None:
    refused = why_not_card_text(name, "the mouse's name")
    shared = line_problem(name, "the mouse's name", CARD_NAME_MAX, error=RuleError)
    if said.endswith("60 characters long"):  # 60 characters: taken
        assert refused is None and shared is None
        return
    assert isinstance(refused, RuleError) and refused.render() == said
    assert isinstance(shared, RuleError) and shared.render() == said


def test_names_that_pass_pass_both_and_a_players_is_kept_collapsed() -> None:
    assert player_name("  Ann   Bob ", 1) == "Ann Bob"
    assert line_problem("  Ann   Bob ", "player 1's name", PLAYER_NAME_MAX, error=CompanionError,
                        collapse=True) is None
    assert why_not_card_text(" Pip ") is None
    assert why_not_card_text("Pi\u200dp") is None  # (a joiner: allowed)
    assert why_not_card_text(3) is None  # not text: the event's own check says so
    # a player's name counts its spaces collapsed (it is kept so), a card's as typed
    spaced = "Ann" + " " * 40 + "Bob"
    assert player_name(spaced, 1) == "Ann Bob"
    assert why_not_card_text("Pip" + " " * 60 + "Pop") is not None


def test_the_tracker_and_the_village_card_check_go_through_the_one_checker(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: list[str] = []
    real = textio.line_problem

    def spy(name: str, what: str, *args: object, **kwargs: object) -> object:
        seen.append(what)
        return real(name, what, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(textio, "line_problem", spy)
    monkeypatch.setattr(game, "line_problem", spy)
    t = VillageTracker(EventLog(tmp_path / "v.jsonl"))
    t.do({"event": "start", "players": ["Ann", "Bob"], "seed": 1, "first": 0})
    t.do({"event": "draw"})
    with pytest.raises(CompanionError, match="the mouse's name must be one line"):
        t.do({"event": "play_basic", "name": "Pip\nPop", "atk": 1, "def": 1})
    assert seen == ["player 1's name", "player 2's name", "the mouse's name"]


# -- 2. one play, one look-up -------------------------------------------------------------------------

@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every look-up of a card by name, each as the name looked up; none made while a page is drawn (its
    boxes and buttons look up the selected mouse: another matter than playing one)."""
    seen: list[str] = []
    real = CardDB.lookup

    def counted(self: CardDB, key: str) -> object:
        if not any(frame.name in ("_draw", "refresh") for frame in traceback.extract_stack()):
            seen.append(key)
        return real(self, key)

    monkeypatch.setattr(CardDB, "lookup", counted)
    yield seen


def on_turn_three(tmp_path: Path) -> VillageTracker:
    """A tracker with the card data: Ann has Pip #1 (a full turn on the field), her turn 3, drawn."""
    t = VillageTracker(EventLog(tmp_path / "v.jsonl"))
    t.cards = db()
    for event in ({"event": "start", "players": ["Ann", "Bob"], "seed": 1, "first": 0}, {"event": "draw"},
                  {"event": "play_basic", "name": "Pip"}, {"event": "end_turn"}, {"event": "draw"},
                  {"event": "end_turn"}, {"event": "draw"}):
        t.do(event)
    return t


def test_the_tracker_looks_a_new_mouse_up_once_to_check_it_and_once_to_play_it(tmp_path: Path,
                                                                                 lookups: list[str]) -> None:
    t = VillageTracker(EventLog(tmp_path / "v.jsonl"))
    t.cards = db()
    t.do({"event": "start", "players": ["Ann", "Bob"], "seed": 1, "first": 0})
    t.do({"event": "draw"})
    lookups.clear()
    t.do({"event": "play_basic", "name": "pip"})  # (any case: the card's name is logged)
    assert lookups == ["pip", "Pip"]  # the new event checked (any case), then folded (the card's name)
    assert t.state.last == ("Ann plays Pip #1",) and t.history[-1]["name"] == "Pip"
    assert (t.state.players[0].field[0].atk, t.state.players[0].field[0].defense) == (1, 2)


def test_a_mega_mouse_is_looked_up_once_per_step_and_its_stats_note_and_ability_read_that_card(
        tmp_path: Path, lookups: list[str]) -> None:
    t = on_turn_three(tmp_path)
    lookups.clear()
    t.do({"event": "summon_mega", "name": "Big Pip", "sacrifice": "Pip #1", "atk": 6})
    assert lookups == ["Big Pip", "Big Pip"]
    said = t.state.last[0]
    assert said.startswith("Ann sacrifices Pip #1") and "it may use its ability and attack this turn" in said
    assert t.state.last[1].startswith("Big Pip: ATK 6 typed; the card says 5")  # typed other than its card


def test_a_mouse_of_ones_own_is_looked_up_once_per_step_too(tmp_path: Path, lookups: list[str]) -> None:
    t = VillageTracker(EventLog(tmp_path / "v.jsonl"))
    t.cards = db()
    t.do({"event": "start", "players": ["Ann", "Bob"], "seed": 1, "first": 0})
    t.do({"event": "draw"})
    lookups.clear()
    t.do({"event": "play_basic", "name": "Gus", "atk": 2, "def": 2})
    assert lookups == ["Gus", "Gus"] and t.state.last == ("Ann plays Gus #1",)
    lookups.clear()
    t.undo()
    with pytest.raises(RuleError, match=r"'Gus' is not a card in the data\. For a mouse of your own"):
        t.do({"event": "play_basic", "name": "Gus"})  # its stats left out: refused, in the same words
    assert lookups == ["Gus", "Gus"]


def test_a_line_read_again_looks_its_mouse_up_once_and_says_what_it_said(tmp_path: Path,
                                                                          lookups: list[str]) -> None:
    t = on_turn_three(tmp_path)
    t.do({"event": "summon_mega", "name": "Big Pip", "sacrifice": "Pip #1", "atk": 6})
    said = t.state.last
    lookups.clear()
    again = VillageTracker(EventLog(tmp_path / "v.jsonl"))
    again.cards = db()
    again._rebuild()  # (read again with the card data: each mouse played is looked up once)
    assert again.state.last == said
    assert lookups.count("Big Pip") == 1 and lookups.count("Pip") == 1


def test_the_pages_play_button_looks_the_mouse_up_once_and_the_tracker_once_per_step(
        tmp_path: Path, lookups: list[str]) -> None:
    page = VillageCompanion(tmp_path / "v.jsonl", db=db())
    page.names[0].value, page.names[1].value = "Ann", "Bob"
    page.new_game()
    page.act({"event": "draw"})
    page.mouse_name.value = "Pip"
    lookups.clear()
    page.buttons["play_basic"].click()
    assert "Ann plays Pip #1" in page.message.value
    assert lookups == ["Pip"] * 3  # the page's boxes, then the tracker's check and fold
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})
    page.mouse_name.value, page.mouse_atk.value, page.mouse_def.value = "Gus", "3", "1"
    lookups.clear()
    page.buttons["play_basic"].click()
    assert "Bob plays Gus #2" in page.message.value and lookups == ["Gus"] * 3


def test_village_do_looks_a_mouse_up_once_per_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      lookups: list[str]) -> None:
    log = tmp_path / "g.jsonl"
    code, _out, _err = run_cli(capsys, "village", "do", str(log),
                               '{"event": "start", "players": ["Ann", "Bob"], "seed": 1, "first": 0}',
                               '{"event": "draw"}')
    assert code == 0
    lookups.clear()
    code, out, _err = run_cli(capsys, "village", "do", str(log),
                              '{"event": "play_basic", "name": "Acorn Scout"}')
    assert code == 0 and "Ann plays Acorn Scout #1" in out
    # the trial in memory (checked, folded), the unknown-name check, the write (checked, folded): it was seven
    assert lookups == ["Acorn Scout"] * 5


def test_a_misspelt_mouse_is_still_refused_with_the_closest_card(tmp_path: Path) -> None:
    t = VillageTracker(EventLog(tmp_path / "v.jsonl"))
    t.cards = db()
    t.do({"event": "start", "players": ["Ann", "Bob"], "seed": 1, "first": 0})
    t.do({"event": "draw"})
    with pytest.raises(RuleError, match="'Pipp' is not a card in the data: did you mean 'Pip'"):
        t.do({"event": "play_basic", "name": "Pipp"})
    with pytest.raises(RuleError, match="'Big Pip' is a Mega Mouse: it is summoned by sacrificing"):
        t.do({"event": "play_basic", "name": "Big Pip"})
    assert t.state.players[0].field == () and len(t.history) == 2  # nothing was played
