"""A review of the trackers' event logs: what a live action takes is what the table typed, never what
the tracker logs (a Mice and Mystics ``card_data``, a Village flip's ``seeded``); a logged line's card
data is held to the limits; a start's ability cards and a search card are read as the line recorded
them, one card one record; seeds are made in one place; the CLI's range checks are ``bounded``'s; the
TMNT page redraws after letting go of the log's lock."""

from __future__ import annotations

import inspect
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.errors import CompanionError, RuleError
from companion.eventlog import EventLog, seed_from_text
from companion.mystics.data import SearchCard
from companion.mystics.tracker import SEARCH_CARDS, MysticsTracker, data_notes
from companion.views.tmnt import GameTracker
from companion.village.game import coin_toss
from tests.helpers import run_cli as run
from tests.test_mystics_audit4 import ABILITIES, replayed, tracker
from tests.test_mystics_helpers import MINIONS, start

# -- 1. a live action's card_data is the tracker's; a logged one is held to the limits ---------------------

def test_the_reviews_add_minions_with_typed_card_data_is_refused(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "m.jsonl"
    assert run(capsys, "mystics", "new", str(log), "--mice", "collin,filch", "--seed", "3")[0] == 0
    before = log.read_text()
    for life in (-5, 10**20, 3):
        event = {"event": "add_minions", "minions": {"rat": 1},
                 "card_data": {"minions": {"rat": {"life": life}}}}
        code, _out, err = run(capsys, "mystics", "do", str(log), json.dumps(event))
        assert code == 2 and "card_data is logged by a live action, not typed in" in err
        assert log.read_text() == before


def test_a_hand_edited_line_with_a_life_out_of_range_is_a_log_problem_never_taken(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "m.jsonl"
    assert run(capsys, "mystics", "new", str(log), "--mice", "collin,filch", "--seed", "3")[0] == 0
    line = {"event": "add_minions", "minions": {"rat": 1}, "card_data": {"minions": {"rat": {"life": -5}}}}
    with log.open("a") as fh:
        fh.write(json.dumps(line) + "\n")
    code, out, _err = run(capsys, "mystics", "replay", str(log), "--json")
    doc = json.loads(out)
    assert code == 1 and doc["problems"] == [
        "line 3: card_data: minions 'rat': life -5 is out of range (expected 1 to 20: the wound markers a "
        "card holds before capture or defeat (mice-and-mystics.txt, Captured Mouse))"]
    assert doc["minions"] == [] and doc["card_data"] == []  # (no "no longer in the card data" either)
    code, _out, err = run(capsys, "mystics", "replay", str(log))
    assert code == 1 and "log problem: line 3: card_data: minions 'rat': life -5 is out of range" in err


def test_a_life_of_todays_card_data_out_of_range_refuses_the_live_action_that_would_record_it() -> None:
    t = tracker(minions={**MINIONS, "spider": replace(MINIONS["spider"], life=25)})
    t.do(start(mice=["collin"]))
    with pytest.raises(RuleError, match="the Spider minion card in the card data: life 25 is out of range"):
        t.do({"event": "add_minions", "minions": {"spider": 1}})
    assert len(t.history) == 1 and t.state.minions == ()


# -- 2. a start's ability card is read as its line recorded it ---------------------------------------------

def test_a_starts_ability_card_is_the_one_its_line_recorded() -> None:
    t = tracker()
    t.do(start(mice=["collin", "filch"], abilities={"collin": "Inspire"}))
    assert t.history[-1]["card_data"]["ability_cards"] == {"Inspire": ["leader"]}
    again = replayed(t, abilities={**ABILITIES, "inspire": ("mystic",)})
    assert again.state == t.state and not again.problems
    assert not any("Kept as logged" in m for m in again.state.messages)
    assert "ability card 'Inspire': classes leader → mystic (the start event read it)" in data_notes(
        again, again.state)


def test_a_starts_unknown_ability_card_is_refused_and_recorded_as_not_in_the_data_when_logged(
        tmp_path: Path) -> None:
    t = tracker()
    with pytest.raises(CompanionError, match="Inspyre"):
        t.do(start(mice=["collin"], abilities={"collin": "Inspyre"}))
    path = tmp_path / "m.jsonl"  # a line whose card data says the card was not in the data, kept as played
    path.write_text(json.dumps(start(mice=["collin"], abilities={"collin": "Inspire"},
                                     card_data={"ability_cards": {"Inspire": None}})) + "\n")
    kept = tracker(EventLog(path))
    assert kept.state.started and any("Kept as logged" in m and "Inspire" in m for m in kept.state.messages)



# -- 3. one search card is one record, however it is typed ---------------------------------------------------

def test_a_search_card_typed_two_ways_is_one_record() -> None:
    grape = SearchCard("grape", "Grape", "trick", "test")
    t = tracker(search_cards=[grape])
    t.do(start(mice=["collin", "filch"]))
    t.do({"event": "gain", "mouse": "collin", "card": "Grape"})
    t.do({"event": "gain", "mouse": "filch", "card": "grape"})
    t.do({"event": "gain", "mouse": "filch", "card": " GRAPE "})
    grape_json = {"id": "grape", "name": "Grape", "subtype": "trick", "requirements": None}
    assert t.history[1]["card_data"] == {SEARCH_CARDS: {"grape": grape_json}}  # (keyed by its id)
    assert "card_data" not in t.history[2] and "card_data" not in t.history[3]
    assert [key for kind, key in t.state.read if kind == SEARCH_CARDS] == ["grape"]
    again = replayed(t, search_cards=[replace(grape, subtype="weapon")])
    assert again.state == t.state and not again.problems
    assert [n for n in data_notes(again, again.state) if "search card" in n] == [
        "search card 'Grape': subtype trick → weapon (the gain event read it)"]


def test_a_line_that_recorded_a_search_card_by_its_name_as_typed_is_still_that_cards_record(
        tmp_path: Path) -> None:
    grape = SearchCard("grape", "Grape", "trick", "test")
    path = tmp_path / "m.jsonl"
    lines = [start(mice=["collin", "filch"]),
             {"event": "gain", "mouse": "collin", "card": "Grape",
              "card_data": {SEARCH_CARDS: {"Grape": {"id": "grape", "name": "Grape", "subtype": "trick"}}}},
             {"event": "gain", "mouse": "filch", "card": "grape"}]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    t = tracker(EventLog(path), search_cards=[replace(grape, subtype="weapon")])
    assert not t.problems and not any("search card" in x for x in t.state.today)
    assert [key for kind, key in t.state.read if kind == SEARCH_CARDS] == ["Grape"]
    assert all(not m.pack_load for m in t.state.mice)  # tricks both, as the line recorded


# -- 4. a Village flip's seeded side is the tracker's --------------------------------------------------------

def test_village_do_refuses_a_typed_seeded_side(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "v.jsonl"
    assert run(capsys, "village", "do", str(log), '{"event":"start","seed":4,"first":0}',
               '{"event":"draw"}')[0] == 0
    before = log.read_text()
    for typed in ('"heads"', '"tails"', "null"):
        flip = f'{{"event":"flip","card":"X","seeded":{typed}}}'
        code, _out, err = run(capsys, "village", "do", str(log), flip)
        assert code == 2 and "seeded is logged by the tracker" in err and log.read_text() == before
    assert run(capsys, "village", "do", str(log), '{"event":"flip","card":"X"}')[0] == 0
    assert json.loads(log.read_text().splitlines()[-1])["seeded"] in ("heads", "tails")


# -- 5. seeds: one way to make them; a negative number is a number -------------------------------------------

def test_seed_from_text_reads_a_negative_number_as_a_number() -> None:
    assert seed_from_text("-5") == -5 and seed_from_text(" 12 ") == 12 and seed_from_text("007") == 7
    assert seed_from_text("-") == "-" and seed_from_text("-x") == "-x" and seed_from_text("--5") == "--5"
    assert seed_from_text("table 7") == "table 7" and isinstance(seed_from_text(""), int)


def test_a_negative_seed_deals_as_the_word_it_was_logged_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert coin_toss(-5) == coin_toss("-5") and coin_toss(-8) == coin_toss("-8")
    new, old = tmp_path / "new.jsonl", tmp_path / "old.jsonl"
    assert run(capsys, "mystics", "new", str(new), "--mice", "collin,filch,tilda",
               "--minions", "rat_warriors=2", "--seed", "-5")[0] == 0
    lines = new.read_text().splitlines()
    first = json.loads(lines[1])
    assert first["seed"] == -5
    old.write_text(f"{lines[0]}\n{json.dumps({**first, 'seed': '-5'})}\n")  # as an older log has it
    a, b = (MysticsTracker(EventLog(p, read_only=True)) for p in (new, old))
    assert [c.id for c in a.state.track] == [c.id for c in b.state.track] and a.state.seed == -5
    assert b.state.seed == "-5"  # (an older log replays exactly, its seed as logged)
    mc = tmp_path / "mc.jsonl"
    assert run(capsys, "mousecard", "new", str(mc), "--seed", "-5")[0] == 0
    assert json.loads(mc.read_text().splitlines()[1])["seed"] == -5


def test_the_mouse_card_page_seeds_a_new_session_with_the_event_logs_seed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.views.mousecard as page_module

    monkeypatch.setattr(page_module, "new_seed", lambda: 1234)
    page = page_module.MouseCardPage(tmp_path / "mc.jsonl")
    assert page.tracker.history[0]["seed"] == 1234


# -- 6. one range check, bounded's ---------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "said"), [
    (["odds", "mystics", "attack", "--life", "0"],
     "--life 0 is out of range (expected 1 to 20: the wound markers"),
    (["odds", "mystics", "attack", "--life", "21"], "--life 21 is out of range (expected 1 to 20"),
    (["tmnt", "attack", "--character", "wind:3", "--defender-deck", "-1"],
     "--defender-deck -1 is out of range (expected 0 to 10000: the TMNT tracker counts"),
    (["tmnt", "attack", "--character", "wind:3", "--attacker-deck", "-5"],
     "--attacker-deck -5 is out of range"),
    (["village", "battle", "--attack", "A:3", "--mp", "-5"],
     "--mp -5 is out of range (expected 0 to 999: a player's Mouse Points"),
    (["village", "battle", "--attack", "A:3", "--direct-damage", "-1"],
     "--direct-damage -1 is out of range (expected 0 to 999: MP per undefended attack"),
])
def test_a_number_out_of_range_is_refused_by_bounded(argv: list[str], said: str,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and said in err


# -- 7. the TMNT page redraws after letting go of the lock ---------------------------------------------------

def test_the_tmnt_page_writes_under_the_lock_and_redraws_after_it(tmp_path: Path) -> None:
    from tests.test_tmnt_audit4 import raphael_kept, to_phase

    g = raphael_kept(tmp_path)
    held: list[int] = []
    redraw = g.refresh

    def refresh() -> None:
        held.append(g.tracker.log._held)
        redraw()

    g.refresh = refresh  # type: ignore[method-assign]
    lines = len(g.tracker.history)
    g.builder.attacks[0].pick.value = "gust"
    g.record.click()
    to_phase(g, "result")
    g.result_step.click()
    g.zones[0][3].click()
    g.fix_deck.value = 12
    g.fix_apply.click()
    assert "That did not work" not in g.status.value
    kinds = [e["event"] for e in g.tracker.history[lines:]]
    assert kinds[0] == "attack" and "result" in kinds and kinds[-2:] == ["correct", "correct"]
    assert held and held == [0] * len(held)
    # a refusal after another window wrote the log: redrawn too, after the lock
    other = GameTracker(tmp_path / "t.jsonl")
    other.fix_hand.value = 1
    other.fix_apply.click()
    held.clear()
    g.fix_deck.value = 12  # (as the log has it already: nothing to correct once read again)
    g.fix_apply.click()
    assert "nothing to correct" in g.fix_msg.value and held and held == [0] * len(held)


# -- 8. no stray blank lines ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["_shown_or_refuse", "chip", "plot"])
def test_the_mouse_card_pages_methods_have_no_stray_blank_lines(name: str) -> None:
    from companion.views.mousecard import MouseCardPage

    body = inspect.getsource(getattr(MouseCardPage, name)).splitlines()[1:]
    code: Any = [line for line in body if line.strip()]
    assert len(body) == len(code), name
