"""``companion tmnt do LOG EVENT...`` and ``companion tmnt events``: a game recorded from the command
line, all or nothing, every refusal naming the event and what was expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.tmnt.game import EVENT_FIELDS, EVENTS

from .helpers import logged_events

START = '{"event": "start", "players": ["Ann", "Bob"], "first": 0, "deck": 12}'
NEXT = '{"event": "next"}'


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["tmnt", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def logged(log: Path) -> list[dict]:
    return logged_events(log)


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
        "Event Phase: you may place 1 <Play> Event card (tmnt-tcg.txt, Event Phase).",
        "Ann places an Event card; after its text it goes to the Trash (tmnt-tcg.txt, Event Phase)."]
    assert "Turn 1: Ann — 5 Flip Phase" in out and "hand 2, Deck 3, Trash 2, Items 1" in out
    # a flip taken back and done again, then the attack and its Result Step
    code, out, _ = run(capsys, "do", str(log), '{"event": "flip", "card": "character"}', "undo", "REDO", NEXT)
    assert code == 0 and "Undone: Ann flips a Character card" in out and "Redone: Ann flips" in out
    code, out, _ = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3", "attacks": '
                       '["fire:2"], "counter": "nature:1"}', '{"event": "result", "attacker_keeps": 1}')
    assert code == 0 and "Forward Step: damage 4; Bob flips 4 Block cards from the 1st" in out
    # Bob's Adjust Phase draws his Deck's last cards: the game is over, Ann wins
    code, out, _ = run(capsys, "do", str(log), NEXT, "--json")
    done = json.loads(out)
    over = "Game over: Bob's Deck ran out: Ann wins (tmnt-tcg.txt, Game Over)."
    adjusted = ("Turn 2, Bob. Adjust Phase: draw 1 up to 5, then draw 1 + 4 for empty Block Zones = 5 "
                "(only 3 left to draw) (tmnt-tcg.txt, Adjust Phase).")
    assert code == 0 and done["said"] == [f"{adjusted} {over}"]  # what the Adjust Phase did, then Game over
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
    assert code == 0 and replayed == {k: done[k] for k in ("game", "log", "actions", "state", "events",
                                                             "problems", "can_undo", "can_redo", "warnings")}
    assert main(["tmnt", "replay", str(log)]) == 0
    assert "Winner: Ann" in capsys.readouterr().out
    code, _, err = run(capsys, "do", str(log), NEXT)  # and play does not go on
    assert code == 2 and "event 1 of 1 (next): next: the game is over (tmnt-tcg.txt, Game Over)" in err


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
     ["game.jsonl, event 2 of 2 (flip): flip: the 1st Block card is flipped in the Flip Phase (now: 3 "
      "Event Phase) (tmnt-tcg.txt, Flip Phase)", "Nothing was written"]),
    ([NEXT, '{"event": "play_event"}', '{"event": "play_event"}'],
     ["event 3 of 3 (play_event): only 1 Event card per turn: one was placed (tmnt-tcg.txt, Event Phase)"]),
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
        assert "A new log begins with a start event. Start one with: companion tmnt do " in err
        assert "'{\"event\": \"start\"" in err and "(or New game on the TMNT TCG notebook page)" in err
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


# -- the audit of 'tmnt do' -------------------------------------------------------------------------

ATTACK_PHASE = (NEXT, NEXT, NEXT)  # Set -> Event -> Item -> Flip Phase


def in_attack_phase(tmp_path: Path, capsys: pytest.CaptureFixture[str], card: str = "character") -> Path:
    """Ann's 1st Block card flipped (``card``), in her Attack Phase."""
    return started(tmp_path, capsys, *ATTACK_PHASE, json.dumps({"event": "flip", "card": card}), NEXT)


@pytest.mark.parametrize("character", ["wind:3:attack", "wind:3", {"attribute": "wind", "power": 3},
                                       {"type": "attack", "attribute": "wind", "power": 3}])
def test_an_attack_card_on_the_1st_block_zone_is_written_as_the_events_table_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], character: object) -> None:
    log = in_attack_phase(tmp_path, capsys, "attack")
    code, out, err = run(capsys, "do", str(log), json.dumps({"event": "attack", "character": character}))
    assert code == 0 and err == "" and "Forward Step: damage 3" in out
    assert '"wind:3:attack" for an Attack card' in EVENT_FIELDS["attack"].note("character")


def test_a_character_written_on_an_attack_card_is_refused_by_name(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    log = in_attack_phase(tmp_path, capsys, "attack")
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3:character"}')
    assert code == 2 and "the 1st Block card is an attack card, not a character card" in err
    assert log.read_bytes() == before
    (tmp_path / "b").mkdir()
    log = in_attack_phase(tmp_path / "b", capsys)  # a Character flipped
    code, _, err = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3:attack"}')
    assert code == 2 and "the 1st Block card is a character card, not an attack card" in err


@pytest.mark.parametrize(("event", "said"), [
    ({"event": "attack", "charcter": "wind:3"},
     "'charcter' is not a field the 'attack' event takes, and it needs a 'character' field"),
    ({"event": "attack"}, "'attack' event needs a 'character' field"),
    ({"event": "correct", "playr": 0, "hand": 3},
     "'playr' is not a field the 'correct' event takes, and it needs a 'player' field"),
    ({"event": "correct", "hand": 3}, "'correct' event needs a 'player' field"),
])
def test_a_needed_field_left_out_or_misspelt_is_named_before_any_rule(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], event: dict, said: str) -> None:
    log = in_attack_phase(tmp_path, capsys)
    before = log.read_bytes()
    code, out, err = run(capsys, "do", str(log), NEXT, json.dumps(event))  # (the rules would refuse 'next')
    assert code == 2 and out == "" and f"event 2 of 2 ({event['event']}): {said}" in err, err
    assert ("Did you mean" in err) == ("is not a field" in said)  # a typo of a field it needs
    assert "None" not in err and "every Power as a number" not in err and "Traceback" not in err
    assert "Nothing was written" in err and log.read_bytes() == before


def test_a_flip_without_its_card_or_with_a_mistyped_one_gets_the_closest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = started(tmp_path, capsys, *ATTACK_PHASE)
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), '{"event": "flip", "crd": "character"}')
    assert code == 2 and "'crd' is not a field the 'flip' event takes, and it needs a 'card' field" in err
    assert "Did you mean 'card'?" in err and "None" not in err
    code, _, err = run(capsys, "do", str(log), '{"event": "flip", "card": "charcter"}')
    assert code == 2 and "not 'charcter'. Did you mean 'character'?" in err
    code, _, err = run(capsys, "do", str(log), '{"event": "flip", "card": null}')
    assert code == 2 and "not null" in err and "None" not in err
    assert log.read_bytes() == before


@pytest.mark.parametrize("argv", [
    ["village", "do", "{LOG}", '{"event": "mp", "playr": 0, "delta": -3}'],
    ["mystics", "do", "{LOG}", '{"event": "wound", "mose": "collin"}'],
])
def test_every_do_names_a_needed_field_misspelt_before_its_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    log = tmp_path / "g.jsonl"
    if argv[0] == "village":
        assert main(["village", "do", str(log), '{"event": "start", "seed": 1}']) == 0
    else:
        assert main(["mystics", "new", str(log), "--mice", "collin,filch", "--seed", "1"]) == 0
    capsys.readouterr()
    before = log.read_bytes()
    assert main([a.replace("{LOG}", str(log)) for a in argv]) == 2
    err = capsys.readouterr().err
    field = "player" if argv[0] == "village" else "mouse"
    assert f"needs a '{field}' field" in err and f"Did you mean '{field}'?" in err and "None" not in err
    assert "Nothing was written" in err and log.read_bytes() == before


@pytest.mark.parametrize(("seed", "found"), [(1.5, "1.5"), (None, "null"), (True, "true"), ("", "''")])
def test_a_bad_seed_is_named_with_what_a_seed_may_be(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     seed: object, found: str) -> None:
    log = tmp_path / "new.jsonl"
    code, _, err = run(capsys, "do", str(log), json.dumps({"event": "start", "seed": seed}))
    assert code == 2 and f"start: 'seed' must be a whole number or a word, not {found}" in err
    assert "a seed such as 1234" in err and "give 'first' (0 or 1) or a 'seed'" not in err
    assert not log.exists()


def test_a_mistyped_start_on_a_missing_log_is_named_as_an_unknown_event(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "new.jsonl"
    code, _, err = run(capsys, "do", str(log), '{"event": "strt"}')
    assert code == 2 and "unknown TMNT event 'strt'" in err and "Did you mean 'start'?" in err
    assert "no such log file" not in err and not log.exists()
    code, _, err = run(capsys, "do", str(log), NEXT, '{"event": "nxt"}')  # any event of the batch
    assert code == 2 and "event 2 of 2 (nxt): unknown TMNT event 'nxt'" in err and not log.exists()


def test_an_object_power_is_capped_as_a_typed_one_and_a_deck_sends_only_what_it_holds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = in_attack_phase(tmp_path, capsys)  # 12-card Decks: 3 left in each after the deal
    before = log.read_bytes()
    huge = '{"event": "attack", "character": {"attribute": "wind", "power": 1000000000000}}'
    code, _, err = run(capsys, "do", str(log), huge)
    assert code == 2 and "Power must be at most 999999 (6 digits), not 1000000000000" in err
    assert log.read_bytes() == before
    code, out, _ = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3", '
                       '"attacks": ["fire:999999"]}', "--json")
    doc = json.loads(out)
    attack = doc["state"]["attack"]
    assert code == 0 and attack["defender_trashed"] == 3 and attack["defender_due"] == 999998
    bob = doc["state"]["players"][1]
    assert (bob["deck"], bob["trash"]) == (0, 3)
    # 10: the Forward Step is said, and then the end of the game
    (said,) = doc["said"]
    assert said.startswith("Forward Step: damage 1000002; Bob flips 4 Block cards from the 1st; Bob sends "
                           "the last 3 cards of the Deck to the Trash (999998 due) (tmnt-tcg.txt, Attack "
                           "Phase (3) Forward Step).")
    assert said.endswith("Game over: Bob's Deck ran out: Ann wins (tmnt-tcg.txt, Game Over).")


@pytest.mark.parametrize(("reason", "said"), [
    ({"a": 1}, "'reason' must be text, not {\"a\": 1}"),
    ("two\nlines", "'reason' must be one line"),
    ("a\ttab", "'reason' must be one line (no line break, tab or other control character)"),
    ("bell\u0007", "'reason' must be one line"),
    ("x" * 201, "'reason' is 201 characters long, 1 too many (expected a reason on one line, at most 200 "
                "characters; found …'xxxxxxxxxxxxxxxxxxxxxxxx', then past character 200: 'x')"),
])
def test_a_correction_s_reason_is_one_line_of_text(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   reason: object, said: str) -> None:
    log = started(tmp_path, capsys)
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), json.dumps({"event": "correct", "player": 0, "deck": 2,
                                                          "reason": reason}))
    assert code == 2 and said in err and log.read_bytes() == before
    code, out, _ = run(capsys, "do", str(log), json.dumps({"event": "correct", "player": 0, "deck": 2,
                                                          "reason": "x" * 200}))
    assert code == 0 and f"reason: {'x' * 200}" in out


@pytest.mark.parametrize("counter", ['"5"', "5"])
def test_a_counter_given_as_its_power_alone_is_a_counter_card_as_tmnt_attack_reads_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], counter: str) -> None:
    log = in_attack_phase(tmp_path, capsys)
    code, out, err = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3", "attacks": '
                         f'["fire:2"], "counter": {counter}}}', "--json")
    doc = json.loads(out)
    assert code == 0 and err == "" and doc["state"]["attack"]["counter_power"] == 5
    assert doc["state"]["attack"]["counter"] is True and doc["state"]["players"][1]["hand"] == 4
    assert main(["tmnt", "attack", "--character", "wind:3", "--attack", "fire:2", "--counter", "5",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counter"]["kind"] == "counter"
    run(capsys, "do", str(log), "undo")
    code, _, err = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3", "attacks": '
                       '["fire:2"], "counter": "-5"}')
    assert code == 2 and "attack.counter: Power must be a whole number 0 or more, not '-5'" in err


def test_a_correction_says_each_new_value_and_the_old_one(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    log = started(tmp_path, capsys)
    code, out, _ = run(capsys, "do", str(log), '{"event": "correct", "player": 0, "deck": 2, "hand": 5, '
                       '"zones": ["up", "down", "empty", "down"], "reason": "Splinter"}')
    assert code == 0
    assert out.splitlines()[0] == ("Corrected Ann: hand 5 (unchanged), Deck 2 (was 3), Block Zone 1 face-up "
                                   "(was face-down), Block Zone 3 empty (was face-down); reason: Splinter. "
                                   "Warning: Block Zone 3 left empty; the Block Zones must not be empty "
                                   "at the end of the Set Phase (tmnt-tcg.txt, Set Phase)")


def test_a_bad_kept_block_zone_names_its_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = in_attack_phase(tmp_path, capsys)
    assert run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3"}')[0] == 0
    for field in ("attacker_keeps", "defender_keeps"):
        code, _, err = run(capsys, "do", str(log), json.dumps({"event": "result", field: 7}))
        assert code == 2 and f"result: '{field}' (" in err
        assert "must be a Block Zone 1 to 4 or null, not 7" in err
    code, _, err = run(capsys, "do", str(log), '{"event": "result", "defender_keeps": true}')
    assert code == 2 and "not true" in err and "True" not in err


def test_a_start_on_a_log_that_holds_a_game_is_refused_as_village_refuses_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = started(tmp_path, capsys, NEXT)
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), '{"event": "start", "first": 1}')
    assert code == 2 and "start: the game has already started in this log (turn 1, Ann: 3 Event Phase)" in err
    assert "start a new log for a new game" in err and "--new-game" in err and log.read_bytes() == before
    village = tmp_path / "village.jsonl"  # (the same words as village do's)
    assert main(["village", "do", str(village), '{"event": "start", "seed": 1}']) == 0
    assert main(["village", "do", str(village), '{"event": "start", "seed": 2}']) == 2
    assert "the game has already started; start a new log for a new game" in capsys.readouterr().err
    code, out, _ = run(capsys, "do", str(log), '{"event": "start", "first": 1}', "--new-game")
    assert code == 0 and "This new game replaces the game the log held; undo brings that game back." in out
    code, out, _ = run(capsys, "do", str(log), "undo", "--json")
    assert code == 0 and json.loads(out)["state"]["phase"] == "event"  # Ann's game is back
    fresh = tmp_path / "fresh.jsonl"
    code, out, _ = run(capsys, "do", str(fresh), START, "--new-game")
    assert code == 0 and "replaces" not in out
