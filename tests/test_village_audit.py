"""An audit of ``companion village do`` and ``village events``: values said as JSON writes them, a
missing log begun only by a start (in a folder that exists), the events table as 'tmnt events'
prints it, player names on one line, and a mouse's number checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import RuleError
from companion.village.game import EVENT_FIELDS, EVENTS, VillageTracker

START = '{"event": "start", "players": ["Ann", "Bob"], "seed": 1}'
DRAW, END = '{"event": "draw"}', '{"event": "end_turn"}'


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["village", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def game(tmp_path: Path, capsys: pytest.CaptureFixture[str], *events: str) -> Path:
    log = tmp_path / "g.jsonl"
    code, _, err = run(capsys, "do", str(log), START, *events)
    assert code == 0, err
    return log


# -- 1. values as JSON writes them ------------------------------------------------------------------

@pytest.mark.parametrize(("event", "said"), [
    ('{"event": "mp", "player": {"id": 0}, "delta": 1}', 'not {"id": 0}'),
    ('{"event": "mp", "player": 0, "delta": null}', "delta must be a whole number, not null"),
    ('{"event": "mp", "player": 0, "delta": 2.5}', "not 2.5"),
    ('{"event": "mp", "player": null, "delta": 1}', "not null"),
    ('{"event": "attack", "attacks": {"attacker": "A #1"}}', 'not {"attacker": "A #1"}'),
    ('{"event": "flip", "result": false}', "heads or tails, not false"),
    ('{"event": null}', "found null")])
def test_a_refused_value_is_said_as_json_writes_it(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   event: str, said: str) -> None:
    log = game(tmp_path, capsys, DRAW, END)
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), event)
    assert code == 2 and said in err and "Nothing was written" in err and log.read_bytes() == before
    assert "None" not in err and "{'" not in err and "False" not in err


# -- 3. a missing log is begun only by a start; the events table -----------------------------------

@pytest.mark.parametrize("events", [[DRAW], ["undo"], ["redo"], [DRAW, START]])
def test_a_missing_log_is_begun_only_by_a_start(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                events: list[str]) -> None:
    log = tmp_path / "g.jsonl"
    code, _, err = run(capsys, "do", str(log), *events)
    assert code == 2 and f"{log}: no such log file" in err
    assert "A new log begins with a start event. Start one with: companion village do " in err
    assert "not started" not in err and "nothing to undo" not in err and not log.exists()


def test_a_mistyped_kind_on_a_missing_log_is_named_first(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    code, _, err = run(capsys, "do", str(log), '{"event": "strt", "seed": 1}')
    assert code == 2 and "unknown Village TCG event 'strt'" in err and "Did you mean 'start'" in err
    assert not log.exists()


def test_events_are_listed_as_tmnt_events_lists_them(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "events")
    lines = out.splitlines()
    assert code == 0 and [line.split()[0] for line in lines[:-1]] == list(EVENTS)
    assert lines[0].startswith("start          [players (") and "seed (" in lines[0]
    assert "play_basic     [name (" in out and "number (the mouse's # in its id" in out
    assert "mp             player (0 (Player 1) or 1 (Player 2)), delta (" in out
    assert "Fields in brackets are optional" in lines[-1] and "undo and redo" in lines[-1]
    code, out, _ = run(capsys, "events", "--json")
    doc = json.loads(out)
    assert code == 0 and list(doc) == list(EVENTS)
    assert doc["mp"]["fields"] == ["player", "delta"] and doc["play_basic"]["optional"] == [
        "name", "atk", "def", "number"]
    assert doc["attack"]["objects"] == {"attacks": ["attacker", "defender"]}
    assert doc["draw"]["text"] == EVENT_FIELDS["draw"].text and "Step 1" in doc["draw"]["does"]


# -- 4. player names on one line, at most 40 characters ---------------------------------------------

@pytest.mark.parametrize(("names", "said"), [
    ('["Ann\\nBob", "Cy"]', "player 1's name must be one line"),
    ('["Ann", "Bob\\u2029Cy"]', "player 2's name must be one line"),
    (json.dumps(["Ann", "y" * 300]), "player 2's name is 300 characters long")])
def test_a_new_start_takes_player_names_as_the_page_does(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         names: str, said: str) -> None:
    log = tmp_path / "g.jsonl"
    code, _, err = run(capsys, "do", str(log), f'{{"event": "start", "seed": 1, "players": {names}}}')
    assert code == 2 and said in err and "at most 40 characters" in err and not log.exists()


def test_an_old_start_with_a_long_name_on_two_lines_is_shown_on_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "old.jsonl"
    log.write_text(json.dumps({"event": "start", "seed": 1, "players": ["Ann\nLee", "z" * 300]}) + "\n")
    code, out, _ = run(capsys, "replay", str(log))
    assert code == 0 and "* Ann Lee: 30 MP" in out and f"  {'z' * 39}…: 30 MP" in out
    code, out, _ = run(capsys, "do", str(tmp_path / "new.jsonl"), '{"event": "start", "seed": 1, '
                       '"players": ["  Ann   Lee  ", "Bob"]}', "--json")
    assert code == 0 and json.loads(out)["players"][0]["name"] == "Ann Lee"


# -- 9. no folder made for a mistyped path -----------------------------------------------------------

def test_a_log_in_a_folder_that_does_not_exist_is_refused(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    for events in ([START], [DRAW], ["undo"]):
        code, _, err = run(capsys, "do", str(tmp_path / "nodir" / "x.jsonl"), *events)
        assert code == 2 and f"its folder {str(tmp_path / 'nodir')!r} does not exist" in err
        assert "Create the folder first" in err
    assert list(tmp_path.iterdir()) == []


def test_the_page_still_makes_its_own_log_folder(_isolated_user_data: Path) -> None:
    from companion.views.village import VillageCompanion

    v = VillageCompanion()  # (its default log, in the user data folder's logs folder, made for it)
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    v.new_game()
    assert v.state.started and (_isolated_user_data / "logs" / "village.jsonl").exists()


# -- 10. a mouse's number ----------------------------------------------------------------------------

PLAY = '{{"event": "play_basic", "name": "Pup", "atk": 1, "def": 1, "number": {number}}}'


@pytest.mark.parametrize(("number", "said"), [
    ('"x"', "a whole number from 1 to 999, not 'x'"), ("-1", "not -1"), ("0", "not 0"), ("true", "not true"),
    ("1.5", "not 1.5"), ("1000", "not 1000")])
def test_a_mouse_number_that_is_not_one_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   number: str, said: str) -> None:
    log = game(tmp_path, capsys, DRAW)
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), PLAY.format(number=number))
    assert code == 2 and "number (the mouse's # in its id)" in err and said in err
    assert "Leave 'number' out: the tracker gives the next free one, #1." in err
    assert log.read_bytes() == before


def test_a_number_a_mouse_of_the_game_had_is_refused_on_the_field_or_gone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = game(tmp_path, capsys, DRAW, PLAY.format(number=4), END, DRAW)
    code, _, err = run(capsys, "do", str(log), PLAY.format(number=4))
    assert code == 2 and "number 4 was already given to 'Pup #4', which is on the field" in err
    assert "the next free one, #5" in err
    assert run(capsys, "do", str(log), '{"event": "destroy", "mouse": "Pup #4"}')[0] == 0
    code, _, err = run(capsys, "do", str(log), PLAY.format(number=4))
    assert code == 2 and "number 4 was already given to 'Pup #4', which has left the field" in err
    code, out, _ = run(capsys, "do", str(log), PLAY.format(number=2), "--json")  # never given: free
    assert code == 0 and [m["id"] for m in json.loads(out)["players"][1]["field"]] == ["Pup #2"]
    code, out, _ = run(capsys, "do", str(log), END, DRAW, '{"event": "play_basic", "name": "Pup", "atk": 1, '
                       '"def": 1, "number": null}', "--json")  # null: the tool's number
    assert code == 0 and [m["id"] for m in json.loads(out)["players"][0]["field"]] == ["Pup #5"]


def test_an_old_log_that_gave_a_number_twice_is_still_read(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    lines = [{"event": "start", "seed": 1}, {"event": "draw"},
             {"event": "play_basic", "name": "Pup", "atk": 1, "def": 1, "number": 1},
             {"event": "destroy", "mouse": "Pup #1"}, {"event": "end_turn"}, {"event": "draw"},
             {"event": "play_basic", "name": "Pup", "atk": 1, "def": 1, "number": 1}]
    log.write_text("".join(json.dumps(e) + "\n" for e in lines))
    t = VillageTracker(log)
    assert t.problems == [] and [m.uid for m in t.state.players[1].field] == ["Pup #1"]
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    t.do({"event": "play_basic", "name": "Pup", "atk": 1, "def": 1})
    assert t.state.players[0].field[-1].uid == "Pup #2"
    t.do({"event": "end_turn"})
    t.do({"event": "draw"})
    with pytest.raises(RuleError, match="number 1 was already given to 'Pup #1', which is on the field"):
        t.do({"event": "play_basic", "name": "Pup", "atk": 1, "def": 1, "number": 1})
