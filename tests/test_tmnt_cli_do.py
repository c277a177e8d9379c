"""``companion tmnt do LOG EVENT...`` and ``companion tmnt events``: a game recorded from the command
line, all or nothing, every refusal naming the event and what was expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.tmnt.game import EVENT_FIELDS, EVENTS

START = '{"event": "start", "players": ["Ann", "Bob"], "first": 0, "deck": 12}'
NEXT = '{"event": "next"}'


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["tmnt", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def logged(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def started(tmp_path: Path, capsys: pytest.CaptureFixture[str], *more: str) -> Path:
    """A log holding a start (Ann first, 12-card Decks) and ``more``."""
    log = tmp_path / "game.jsonl"
    assert run(capsys, "do", str(log), START, *more)[0] == 0
    return log


def test_a_whole_game_played_with_do_is_the_game_replay_shows(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    code, out, err = run(capsys, "do", str(log), START, NEXT, '{"event": "play_event"}', NEXT,
                         '{"event": "play_item"}', NEXT)
    assert code == 0 and err == ""
    assert out.splitlines()[:3] == [
        "Ann goes first (chosen) and skips the Adjust Phase on this turn (tmnt-tcg.txt, Adjust Phase).",
        "Event Phase: you may place 1 <Play> Event card.",
        "Ann places an Event card; after its text it goes to the Trash."]
    assert "Turn 1: Ann — 5 Flip Phase" in out and "hand 2, Deck 3, Trash 2, Items 1" in out
    # a flip taken back and done again, then the attack and its Result Step
    code, out, _ = run(capsys, "do", str(log), '{"event": "flip", "card": "character"}', "undo", "REDO", NEXT)
    assert code == 0 and "Undone: Ann flips a Character card" in out and "Redone: Ann flips" in out
    code, out, _ = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3", "attacks": '
                       '["fire:2"], "counter": "nature:1"}', '{"event": "result", "attacker_keeps": 1}')
    assert code == 0 and "Forward Step: damage 4; Bob flips 4 Block card(s) from the 1st" in out
    # Bob's Adjust Phase draws his Deck's last cards: the game is over, Ann wins
    code, out, _ = run(capsys, "do", str(log), NEXT, "--json")
    done = json.loads(out)
    over = "Game over: Bob's Deck ran out: Ann wins (tmnt-tcg.txt, Game Over)."
    assert code == 0 and done["said"] == [over]
    state = done["state"]
    assert (state["over"], state["winner"], state["turn"], state["active"]) == (True, 0, 2, 1)
    assert [(p["hand"], p["deck"], p["trash"], p["items"]) for p in state["players"]] == [(1, 3, 3, 1),
                                                                                         (7, 0, 5, 0)]
    assert state["players"][0]["zones"][0] == {"face": "up", "kind": "character"}
    assert (done["events"], done["added"], done["log"], done["warnings"]) == (11, 1, str(log), [])
    assert [e["event"] for e in logged(log)] == ["log", "start", "next", "play_event", "next", "play_item",
                                                 "next", "flip", "undo", "redo", "next", "attack", "result",
                                                 "next"]
    # the log replays to the very same game
    code = main(["tmnt", "replay", str(log), "--json"])
    replayed = json.loads(capsys.readouterr().out)
    assert code == 0 and replayed == {k: done[k] for k in ("state", "events", "problems", "can_undo",
                                                             "can_redo")}
    assert main(["tmnt", "replay", str(log)]) == 0
    assert "Winner: Ann" in capsys.readouterr().out
    code, _, err = run(capsys, "do", str(log), NEXT)  # and play does not go on
    assert code == 2 and "event 1 of 1 (next): tmnt-tcg.txt, Game Over: next: the game is over" in err


@pytest.mark.parametrize(("events", "said"), [
    (['{"event": "next"'], ["event 1, column 17: event is not valid JSON: Expecting ',' delimiter",
                            "Nothing was written"]),
    ([NEXT, '{"event": "flp"}'], ["game.jsonl, event 2 of 2 (flp): unknown TMNT event 'flp' (expected "
                                  "start, next, flip, play_event", "Did you mean 'flip'? Nothing was "
                                  "written: the events are written only when every one of them is allowed"]),
    (["flp"], ["event 1: 'flp' is not an event", "Did you mean 'flip'?"]),
    (["[1]"], ['event 1: an event is a JSON object such as {"event": "undo"}']),
    (['{"event": "correct", "player": 0, "hand": "five"}'],
     ["event 1 of 1 (correct): correct: 'hand' must be a whole number 0 to 10000, not 'five'"]),
    (['{"event": "correct", "player": 2, "deck": 3}'],
     ["event 1 of 1 (correct): correct: 'player' must be 0 (Player 1) or 1 (Player 2), not 2"]),
    ([NEXT, NEXT, NEXT, '{"event": "flip", "card": 1}'],
     ["event 4 of 4 (flip): flip: 'card' must be one of character, attack, item, event, not 1"]),
    ([NEXT, '{"event": "flip", "card": "character"}'],
     ["game.jsonl, event 2 of 2 (flip): tmnt-tcg.txt, Flip Phase: flip: the 1st Block card is flipped in "
      "the Flip Phase (now: 3 Event Phase)", "Nothing was written"]),
    ([NEXT, '{"event": "play_event"}', '{"event": "play_event"}'],
     ["event 3 of 3 (play_event): tmnt-tcg.txt, Event Phase: only 1 Event card per turn"]),
    (["undo", "undo"], ["event 2 of 2 (undo): nothing to undo"]),
    ([START, '{"event": "shuffle"}'], ["event 2 of 2 (shuffle): unknown TMNT event 'shuffle'"]),
])
def test_bad_input_is_refused_by_event_number_and_nothing_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], events: list[str], said: list[str]) -> None:
    log = started(tmp_path, capsys)
    before = log.read_bytes()
    code, out, err = run(capsys, "do", str(log), *events)
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.startswith("companion: ") and all(s in err for s in said), err
    assert log.read_bytes() == before
    code, out, err = run(capsys, "do", str(log), *events, "--json")  # the same error, as JSON
    doc = json.loads(out)
    assert code == 2 and err == "" and doc["game"] == "tmnt" and all(s in doc["error"] for s in said)
    assert log.read_bytes() == before


def test_a_misspelt_field_is_refused_and_one_the_event_does_not_take_is_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = started(tmp_path, capsys, NEXT, NEXT, NEXT, '{"event": "flip", "card": "character"}', NEXT,
                  '{"event": "attack", "character": {"attribute": "wind", "power": 3}, "attacks": []}')
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), '{"event": "result", "attacker_keep": 1}')
    assert code == 2 and "event 1 of 1 (result): 'attacker_keep' is not a field it takes" in err
    assert "Did you mean 'attacker_keeps'?" in err and "Nothing was written" in err
    assert log.read_bytes() == before
    code, out, err = run(capsys, "do", str(log), '{"event": "result", "attacker_keeps": 1, "note": "gg"}',
                         "--json")
    warning = "event 1 of 1 (result): 'note' is not a field it takes, so it was ignored"
    assert code == 0 and json.loads(out)["warnings"] == [warning] and f"companion: warning: {warning}" in err
    assert json.loads(out)["state"]["resolved"] is True
    run(capsys, "do", str(log), "undo")
    code, _, err = run(capsys, "do", str(log), '{"event": "result", "attacker_keeps": 1}')
    assert code == 0 and err == ""


def test_an_attack_card_field_is_checked_inside_its_object(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    log = started(tmp_path, capsys, NEXT, NEXT, NEXT, '{"event": "flip", "card": "character"}', NEXT)
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), '{"event": "attack", "character": {"attribute": "wind", '
                       '"powr": 3}}')
    assert code == 2 and "Nothing was written" in err and log.read_bytes() == before
    code, _, err = run(capsys, "do", str(log), '{"event": "attack", "character": {"attribute": "wind", '
                       '"power": 3, "typ": "character"}}')
    assert code == 2 and "'character'.'typ'" not in err and "character.'typ' is not a field it takes" in err
    assert "Did you mean 'type'?" in err and log.read_bytes() == before


def test_a_missing_log_is_begun_only_by_a_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "new.jsonl"
    for first in (NEXT, "undo", '{"event": "correct", "player": 0, "hand": 3}'):
        code, _, err = run(capsys, "do", str(log), first, START)
        assert code == 2 and f"{log}: no such log file" in err
        assert "A new log begins with a start event: companion tmnt do LOG '{\"event\": \"start\"" in err
    assert list(tmp_path.iterdir()) == []
    code, out, _ = run(capsys, "do", str(log), '{"event": "start", "players": ["Ann", "Bob"]}')
    seed = logged(log)[1]["seed"]  # (line 1 names the tracker)
    assert code == 0 and isinstance(seed, int)
    assert f"the coin toss used seed {seed}, recorded in the log" in out
    assert logged(log)[0] == {"event": "log", "tracker": "tmnt"}
    chosen = tmp_path / "chosen.jsonl"
    code, out, _ = run(capsys, "do", str(chosen), '{"event": "start", "first": 1}')
    assert code == 0 and "seed" not in logged(chosen)[1] and "coin toss" not in out
    assert "Player 2 goes first (chosen)" in out


def test_another_games_log_is_left_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "village.jsonl"
    assert main(["village", "do", str(log), '{"event": "start", "seed": 1}']) == 0
    capsys.readouterr()
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), START)
    assert code == 2 and "this is a village log, not a tmnt one" in err and log.read_bytes() == before


@pytest.mark.parametrize("argv", [["village", "do"], ["mystics", "do"], ["tmnt", "do"]])
def test_every_do_names_the_log_once_when_it_may_not_write_to_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    # an older log no tool's first line claims, which more than one tool could have written
    log = tmp_path / "old.jsonl"
    log.write_text('{"event": "start", "seed": 3}\n')
    assert main([*argv, str(log), '{"event": "next"}']) == 2
    err = capsys.readouterr().err
    assert "fit more than one" in err and "Nothing was written" in err
    assert f"{log}: {log}" not in err and log.read_text() == '{"event": "start", "seed": 3}\n'


def test_events_lists_every_event_with_its_fields_and_section(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "events")
    lines = out.splitlines()
    assert code == 0 and [line.split()[0] for line in lines[:-1]] == list(EVENTS)
    assert all("tmnt-tcg.txt, " in line for line in lines[:-1] if not line.startswith("correct"))
    assert "flip           card (what it is: character, attack, item, event" in out
    assert "0 (Player 1) and 1 (Player 2)" in lines[-1] and "companion tmnt do" in lines[-1]
    code, out, _ = run(capsys, "events", "--json")
    doc = json.loads(out)
    assert code == 0 and list(doc) == list(EVENTS)
    assert doc["result"]["optional"] == ["attacker_keeps", "defender_keeps"]
    assert doc["attack"]["fields"] == ["character"] and doc["attack"]["text"] == EVENT_FIELDS["attack"].text


def test_the_help_names_every_event_kind() -> None:
    from companion.cli.tmnt import TMNT_EVENTS

    assert TMNT_EVENTS == EVENTS and set(EVENT_FIELDS) == set(EVENTS)
