"""The event log behind every tracker: autosave, undo/redo, crash recovery, exact replay."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from companion.errors import LogError, RuleError
from companion.eventlog import EventLog, Tracker, event_rng, parse_lines


@dataclass(frozen=True)
class Counter:
    total: int = 0
    seed: int | None = None
    rolls: tuple[int, ...] = ()


class CounterTracker(Tracker[Counter]):
    """A toy tracker: add points (never below zero) and roll a seeded die."""

    def initial(self) -> Counter:
        return Counter()

    def apply(self, state: Counter, event: dict) -> Counter:
        kind = event["event"]
        if kind == "start":
            return Counter(seed=event["seed"])
        if kind == "add":
            if state.total + event["n"] < 0:
                raise RuleError("total cannot go below zero")
            return replace(state, total=state.total + event["n"])
        if kind == "roll":
            roll = event_rng(state.seed, len(state.rolls)).randint(1, 6)
            return replace(state, rolls=(*state.rolls, roll))
        raise LogError(f"unknown event {kind!r}")


def test_actions_are_written_before_the_state_changes(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    t.do({"event": "add", "n": 3})
    t.do({"event": "add", "n": 2})
    assert t.state.total == 5
    lines = path.read_text().splitlines()
    # each line carries its number in the log (its line number, in a log nobody edited)
    assert [json.loads(x) for x in lines] == [{"event": "add", "n": 3, "seq": 1},
                                              {"event": "add", "n": 2, "seq": 2}]


def test_an_illegal_action_is_refused_and_not_logged(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    t.do({"event": "add", "n": 1})
    with pytest.raises(RuleError):
        t.do({"event": "add", "n": -2})
    assert t.state.total == 1
    assert len(path.read_text().splitlines()) == 1


def test_undo_redo_and_resume_after_restart(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    for n in (1, 10, 100):
        t.do({"event": "add", "n": n})
    t.undo()
    t.undo()
    assert t.state.total == 1 and t.can_redo
    t.redo()
    assert t.state.total == 11
    resumed = CounterTracker(path)  # a restart: the same state, redo still possible
    assert resumed.state.total == 11 and resumed.can_redo
    resumed.redo()
    assert resumed.state.total == 111 and not resumed.can_redo


def test_a_new_action_clears_redo() -> None:
    t = CounterTracker()
    t.do({"event": "add", "n": 1})
    t.undo()
    t.do({"event": "add", "n": 5})
    assert not t.can_redo and t.state.total == 5
    with pytest.raises(LogError):
        t.redo()


def test_undo_with_nothing_to_undo_is_an_error_not_a_crash() -> None:
    with pytest.raises(LogError, match="nothing to undo"):
        CounterTracker().undo()


def test_a_line_cut_mid_write_is_kept_aside_and_play_resumes(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text('{"event": "add", "n": 4}\n{"event": "add", "n"')
    t = CounterTracker(path)
    assert t.state.total == 4
    assert t.log.recovered == '{"event": "add", "n"'
    assert (tmp_path / "game.jsonl.damaged").read_text() == '{"event": "add", "n"\n'
    t.do({"event": "add", "n": 1})
    assert CounterTracker(path).state.total == 5


def test_a_complete_last_line_without_newline_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text('{"event": "add", "n": 4}')
    t = CounterTracker(path)
    t.do({"event": "add", "n": 1})
    assert CounterTracker(path).state.total == 5


def test_bad_lines_are_reported_with_their_numbers_and_left_in_place(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    text = '{"event": "add", "n": 1}\nnot json\n[1]\n{"event": "fly"}\n{"event": "add", "n": 2}\n'
    path.write_text(text)
    t = CounterTracker(path)
    assert t.state.total == 3
    assert [p.line for p in t.problems] == [2, 3, 4]
    assert "unknown event 'fly'" in str(t.problems[2])
    assert path.read_text() == text  # nothing lost
    t.do({"event": "add", "n": 1})
    assert t.log.events[-1].line == 6


def test_seeded_rolls_replay_exactly(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    t.do({"event": "start", "seed": 3})
    for _ in range(5):
        t.do({"event": "roll"})
    again = CounterTracker(path)
    assert again.state.rolls == t.state.rolls
    assert all(1 <= r <= 6 for r in t.state.rolls)
    assert len(set(CounterTracker(path).state.rolls)) > 1


def test_undo_and_redo_lines_resolve_in_order(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in (
        {"event": "add", "n": 1}, {"event": "add", "n": 2}, {"event": "undo"}, {"event": "undo"},
        {"event": "redo"}, {"event": "undo"}, {"event": "undo"})))  # the last undo has nothing left
    t = CounterTracker(path)
    assert t.state.total == 0 and t.history == [] and not t.problems
    t.redo()
    t.redo()
    assert t.state.total == 3 and not t.can_redo


def test_an_undo_takes_back_the_latest_action_never_a_rejected_line(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text('{"event": "add", "n": 5}\n{"event": "add", "n": -9}\n{"event": "undo"}\n')
    t = CounterTracker(path)
    # line 2 would take the total below zero: reported, and no action, so the undo takes back line 1
    assert [p.line for p in t.problems] == [2]
    assert t.state.total == 0 and t.history == [] and t.can_redo
    t.redo()
    assert t.state.total == 5


def test_undo_far_back_folds_from_the_kept_states(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    for n in range(1, 41):  # more actions than two checkpoints
        t.do({"event": "add", "n": n})
    for k in range(40, 0, -1):
        t.undo()
        assert t.state.total == sum(range(1, k))
    for k in range(1, 41):
        t.redo()
        assert t.state.total == sum(range(1, k + 1))
    again = CounterTracker(path)
    assert again.state == t.state and again.history == t.history


def test_two_windows_on_one_log_never_act_on_a_stale_state(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    a = CounterTracker(path)
    a.do({"event": "add", "n": 3})
    b = CounterTracker(path)
    b.do({"event": "add", "n": -3})  # b takes the total to 0 behind a's back
    with pytest.raises(RuleError, match="below zero"):
        a.do({"event": "add", "n": -1})  # a reads the log again first: 0 - 1 is refused
    assert a.reloads == 1 and a.state.total == 0
    a.undo()  # takes back b's action, the latest in the log
    assert a.state.total == 3
    assert CounterTracker(path).state.total == 3 and not CounterTracker(path).problems


def test_a_directory_is_not_a_log(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="directory"):
        EventLog(tmp_path)


def test_a_cut_line_in_a_log_that_cannot_be_written_leaves_no_copy_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "nothing was changed" must hold: no .damaged copy (each retry had added another)
    import builtins

    path = tmp_path / "game.jsonl"
    text = '{"event": "add", "n": 4}\n{"event": "add", "n"'
    path.write_text(text)
    real_open = builtins.open

    def read_only(file: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        if Path(str(file)) == path and mode != "rb":
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", read_only)
    for _ in range(2):
        with pytest.raises(LogError, match=r"cannot be set aside \(permission denied\); nothing was changed"):
            CounterTracker(path)
    monkeypatch.undo()
    assert path.read_text() == text and not (tmp_path / "game.jsonl.damaged").exists()


def test_a_read_only_replay_reports_a_cut_line_and_leaves_the_file_alone(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    text = '{"event": "add", "n": 4}\n{"event": "add", "n"'
    path.write_text(text)
    t = CounterTracker(EventLog(path, read_only=True))
    assert t.state.total == 4
    assert [p.line for p in t.problems] == [2] and "cut mid-write" in t.problems[0].message
    assert path.read_text() == text and not (tmp_path / "game.jsonl.damaged").exists()
    with pytest.raises(LogError, match="read-only"):
        t.do({"event": "add", "n": 1})
    assert path.read_text() == text


def test_a_line_that_is_not_utf8_is_a_line_problem_and_a_file_of_them_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(b'{"event": "add", "n": 1}\n\xff\xfe\n{"event": "add", "n": 2}\n')
    t = CounterTracker(path)  # one bad line no longer blocks the whole log
    assert t.state.total == 3 and [(p.line, "not UTF-8" in p.message) for p in t.problems] == [(2, True)]
    path.write_bytes(b"\xff\xfe\n\x80\n")
    with pytest.raises(LogError, match="not UTF-8"):
        EventLog(path)


@pytest.mark.parametrize("content", [b"3 Acorn Scout\n2 Berry Guard\n1 Bee Rider", b"hello", b"# notes\n\n"])
def test_a_file_that_is_not_a_log_is_refused_untouched(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "deck.txt"
    path.write_bytes(content)
    with pytest.raises(LogError, match="not an event log"):
        CounterTracker(path)
    assert path.read_bytes() == content and not (tmp_path / "deck.txt.damaged").exists()


def test_a_first_write_cut_by_a_crash_is_still_a_log(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(b'{"event": "add", "n"')
    t = CounterTracker(path)
    assert t.state.total == 0 and t.log.recovered is not None and path.read_bytes() == b""


def test_text_with_unicode_line_separators_stays_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    t.do({"event": "add", "n": 4, "why": "saved the\u2028baker\u2029and\x85more"})
    again = CounterTracker(path)
    assert again.state.total == 4 and not again.problems and again.history == t.history


def test_a_write_cut_short_by_a_full_disk_is_undone_and_said(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.eventlog as ev

    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    t.do({"event": "add", "n": 1})
    real_write = ev.os.write

    def half_then_full(fd: int, data: bytes) -> int:
        if len(data) > 4:
            return real_write(fd, bytes(data[:4]))  # a short write...
        raise OSError(28, "No space left on device")  # ...then the disk is full

    monkeypatch.setattr(ev.os, "write", half_then_full)
    with pytest.raises(LogError, match=r"no space left.*not recorded"):
        t.do({"event": "add", "n": 2})
    monkeypatch.undo()
    assert t.state.total == 1 and path.read_text() == '{"event": "add", "n": 1, "seq": 1}\n'
    t.do({"event": "add", "n": 5})
    assert CounterTracker(path).state.total == 6


def test_an_undo_reapplies_logged_lines_as_a_replay(tmp_path: Path) -> None:
    class Strict(CounterTracker):
        """Refuses odd additions now, but keeps logged ones (as a tracker whose rules changed)."""

        def apply(self, state: Counter, event: dict) -> Counter:
            if event["event"] == "add" and event["n"] % 2 and not self.replaying:
                raise RuleError("odd additions are refused now")
            return super().apply(state, event)

    path = tmp_path / "game.jsonl"
    path.write_text('{"event": "add", "n": 3}\n{"event": "add", "n": 2}\n')
    t = Strict(path)
    assert t.state.total == 5 and not t.problems
    t.undo()  # folds again from the start: line 1 is re-applied as logged, not refused
    assert t.state.total == 3
    t.undo()
    t.redo()
    assert t.state.total == 3 and Strict(path).state.total == 3


def test_a_line_cut_inside_a_character_is_a_crash_not_an_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    cut = '{"event": "add", "n": 2}\n{"event": "note", "text": "é'.encode()[:-1]
    path.write_bytes(cut)
    t = CounterTracker(path)
    assert t.state.total == 2 and t.log.recovered is not None
    assert path.read_bytes() == b'{"event": "add", "n": 2}\n'


@pytest.mark.parametrize(("line", "why"), [
    ("[" * 100_000, "nested too deeply"),  # the JSON parser gives up (RecursionError)
    ("[" * 200 + "]" * 200, "nested more than 64 levels"),  # parses, but no event nests like that
    ('{"event": "add", "n": ' + "7" * 5000 + "}", "digits"),  # more digits than Python converts
])
def test_hand_corrupted_lines_are_line_problems_not_crashes(tmp_path: Path, line: str, why: str) -> None:
    path = tmp_path / "game.jsonl"
    text = '{"event": "add", "n": 1}\n' + line + '\n{"event": "add", "n": 2}\n'
    path.write_text(text)
    for log in (EventLog(path), EventLog(path, read_only=True)):
        t = CounterTracker(log)
        assert t.state.total == 3
        assert [p.line for p in t.problems] == [2] and why in t.problems[0].message
    assert path.read_text() == text


def test_parse_lines_keeps_a_deep_but_sane_event() -> None:
    nested: object = 1
    for _ in range(63):
        nested = [nested]
    events, problems = parse_lines(json.dumps({"event": "note", "x": nested}))  # 64 levels with the object
    assert len(events) == 1 and problems == []
    events, problems = parse_lines(json.dumps({"event": "note", "x": [nested]}))
    assert events == [] and len(problems) == 1


def test_an_unterminated_last_line_with_an_overlong_number_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text('{"event": "add", "n": 1}\n{"event": "add", "n": ' + "7" * 5000 + "}")
    t = CounterTracker(path)
    assert t.state.total == 1 and t.log.recovered is not None
    assert (tmp_path / "game.jsonl.damaged").exists()


class RecordingTracker(CounterTracker):
    """Records each live roll in its event (``complete``); a logged roll is used as it is."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.completed = 0
        super().__init__(*args, **kwargs)

    def complete(self, state: Counter, event: dict) -> dict:
        self.completed += 1
        if event["event"] == "roll" and "roll" not in event:
            return {**event, "roll": event_rng(state.seed, len(state.rolls)).randint(1, 6)}
        if event["event"] == "add" and event.get("all"):
            return {"event": "add", "n": -state.total - 1}  # completed into an action the rules refuse
        return event

    def apply(self, state: Counter, event: dict) -> Counter:
        if event["event"] == "roll" and "roll" in event:
            return replace(state, rolls=(*state.rolls, event["roll"]))
        return super().apply(state, event)


def test_complete_records_what_a_live_action_decided_and_replay_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = RecordingTracker(path)
    t.do({"event": "start", "seed": 5})
    asked = {"event": "roll"}
    t.do(asked)
    assert asked == {"event": "roll"}  # the caller's event is not changed
    logged = json.loads(path.read_text().splitlines()[-1])
    assert logged == {"event": "roll", "roll": t.state.rolls[0], "seq": 2}
    with open(path, "a") as fh:  # a roll typed in (or logged) is used as it is
        fh.write('{"event": "roll", "roll": 6}\n')
    again = RecordingTracker(path)
    assert again.state.rolls == (t.state.rolls[0], 6)
    again.undo()
    again.redo()
    assert again.completed == 0  # never called on replay, undo or redo
    assert CounterTracker().complete(Counter(), asked) is asked  # the default: the event as it is


def test_the_completed_event_is_what_is_checked_before_writing(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = RecordingTracker(path)
    t.do({"event": "add", "n": 2})
    with pytest.raises(RuleError, match="below zero"):
        t.do({"event": "add", "n": 0, "all": True})
    assert t.state.total == 2 and len(path.read_text().splitlines()) == 1


def test_a_folder_that_cannot_be_locked_still_takes_actions(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.eventlog as ev

    if ev.fcntl is None:  # pragma: no cover - no locks where there is no fcntl
        pytest.skip("no fcntl here")

    def no_locks(fd: int, op: int) -> None:
        raise OSError(37, "No locks available")  # as on some network file systems

    monkeypatch.setattr(ev.fcntl, "flock", no_locks)
    t = CounterTracker(tmp_path / "game.jsonl")
    t.do({"event": "add", "n": 2})
    t.undo()
    t.redo()
    assert CounterTracker(tmp_path / "game.jsonl").state.total == 2


def test_first_refused_tries_a_batch_in_memory_and_act_takes_undo_and_redo(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    t.do({"event": "add", "n": 3})
    batch = [{"event": "add", "n": 2}, {"event": "undo"}, {"event": "undo"}, {"event": "add", "n": -1}]
    refused = t.first_refused(batch)
    assert refused is not None and refused[0] == 4 and "below zero" in refused[1].message
    assert t.state.total == 3 and len(path.read_text().splitlines()) == 1  # nothing written
    assert t.first_refused(batch[:3]) is None and t.state.total == 3
    for event in batch[:3]:
        t.act(event)
    assert t.state.total == 0 and t.can_redo
    t.act({"event": "redo"})
    assert CounterTracker(path).state.total == 3


# --------------------------------------------------------------------- whose log it is
def test_a_new_log_names_its_tracker_and_another_tool_refuses_it_untouched(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main
    from companion.mousecard.live import LiveDeckTracker
    from companion.village.game import VillageTracker

    log = tmp_path / "v.jsonl"
    assert main(["village", "do", str(log), '{"event": "start", "seed": 1}']) == 0
    assert json.loads(log.read_text().splitlines()[0]) == {"event": "log", "tracker": "village", "seq": 1}
    before = log.read_bytes()
    capsys.readouterr()
    assert main(["mousecard", "draw", str(log), "--character", "a", "--skill", "2", "--target", "J"]) == 2
    err = capsys.readouterr().err
    assert "is a village log, not a mousecard one" in err and "companion village" in err
    assert log.read_bytes() == before
    with pytest.raises(LogError, match="village log"):
        LiveDeckTracker(log)
    village = VillageTracker(log)  # its own tool reads it, the first line no action
    assert village.state.started and len(village.history) == 1 and not village.problems
    village.undo()
    assert not village.state.started and not village.is_new


def test_an_older_log_without_that_line_is_known_by_its_events_and_a_typo_is_no_other_tool(
        tmp_path: Path) -> None:
    from companion.mousecard.live import LiveDeckTracker
    from companion.village.game import VillageTracker

    old = tmp_path / "old-village.jsonl"
    old.write_text('{"event": "start", "seed": 1}\n{"event": "mp", "player": 1, "delta": -5}\n'
                   '{"event": "mp", "player": 0, "delta": -2}\n')
    with pytest.raises(LogError, match="is a village log, not a mousecard one"):
        LiveDeckTracker(old)
    assert VillageTracker(old).state.players[1].mp == 25
    typo = tmp_path / "old-deck.jsonl"
    typo.write_text('{"event": "start", "seed": 5}\n{"event": "drwa", "character": "Pip"}\n')
    deck = LiveDeckTracker(typo)  # one line nobody knows: reported, the log still the deck's
    assert deck.state.started and [p.line for p in deck.problems] == [2]
    with pytest.raises(LogError, match="fit more than one"):  # a start with a seed: any tool's
        deck.do({"event": "award", "player": "Pip"})


def test_a_log_holding_only_its_first_line_is_new(tmp_path: Path) -> None:
    from companion.mousecard.live import LiveDeckTracker

    log = tmp_path / "s.jsonl"
    log.write_text('{"event": "log", "tracker": "mousecard"}\n')
    deck = LiveDeckTracker(log)
    assert deck.is_new and not deck.problems and not deck.history
    deck.do({"event": "start", "seed": 3})
    assert [json.loads(line)["event"] for line in log.read_text().splitlines()] == ["log", "start"]


def test_an_older_log_is_known_in_a_fresh_process_and_an_open_tracker_rechecks_after_a_reload(
        tmp_path: Path) -> None:
    import subprocess
    import sys

    from companion.mousecard.live import LiveDeckTracker
    from companion.village.game import VillageTracker

    old = tmp_path / "old.jsonl"  # a Village log from before the first line, opened by the Mouse Card tool
    old.write_text('{"event": "start", "seed": 1}\n{"event": "mp", "player": 1, "delta": -5}\n'
                   '{"event": "mp", "player": 0, "delta": -2}\n')
    before = old.read_bytes()
    command = [sys.executable, "-m", "companion", "mousecard", "draw", str(old), "--character", "a",
               "--skill", "2", "--target", "J"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and "is a village log" in done.stderr and old.read_bytes() == before
    shared = tmp_path / "b.jsonl"
    village = VillageTracker(shared)  # opened before the file exists...
    LiveDeckTracker(shared).do({"event": "start", "seed": 3})  # ...which another tool then starts
    with pytest.raises(LogError, match="is a mousecard log, not a village one"):
        village.do({"event": "start", "seed": 1})
    assert len(shared.read_text().splitlines()) == 2


def test_mystics_new_takes_a_log_holding_only_its_first_line(tmp_path: Path) -> None:
    from companion.cli import main

    log = tmp_path / "m.jsonl"
    log.write_text('{"event": "log", "tracker": "mystics"}\n')
    assert main(["mystics", "new", str(log), "--mice", "collin", "--seed", "1"]) == 0
    assert [json.loads(line)["event"] for line in log.read_text().splitlines()] == ["log", "start"]


def test_an_older_log_with_only_a_start_is_known_by_the_start_fields(tmp_path: Path) -> None:
    from companion.mousecard.live import LiveDeckTracker
    from companion.mystics.tracker import MysticsTracker
    from companion.village.game import VillageTracker

    mystics = tmp_path / "m.jsonl"  # no first line; "start" is a kind of every tool
    mystics.write_text('{"event": "start", "chapter_end": 6, "mice": ["collin"], "seed": 1}\n')
    before = mystics.read_bytes()
    for tool in (LiveDeckTracker, VillageTracker):
        with pytest.raises(LogError, match="this is a mystics log"):
            tool(mystics)
    assert mystics.read_bytes() == before and MysticsTracker(mystics).state.started
    typo = tmp_path / "typo.jsonl"  # a start no tool could have written: counted by kinds, as before
    typo.write_text('{"event": "start", "seed": 3, "titel": "x"}\n{"event": "award", "player": "P"}\n')
    assert LiveDeckTracker(typo).state.started


def test_mending_a_cut_line_never_cuts_what_another_window_saved_meanwhile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.eventlog as el

    path = tmp_path / "g.jsonl"
    path.write_bytes(b'{"event": "a"}\n{"event": "b", "x')  # the last line cut by a crash
    real = el.read_bytes
    first = [True]

    def racing(p: Path, **kw: object) -> bytes:
        data = real(p, **kw)  # type: ignore[arg-type]
        if first[0]:  # between this read and the cut, another opener mends and a window saves
            first[0] = False
            with open(path, "r+b") as fh:
                fh.truncate(len(b'{"event": "a"}\n'))
            with open(path, "ab") as fh:
                fh.write(b'{"event": "c"}\n')
        return data

    monkeypatch.setattr(el, "read_bytes", racing)
    log = EventLog(path)
    assert [le.event["event"] for le in log.events] == ["a", "c"]
    assert path.read_bytes() == b'{"event": "a"}\n{"event": "c"}\n'
    assert not path.with_name("g.jsonl.damaged").exists()  # the other opener set it aside, once


def test_a_cut_line_that_cannot_be_set_aside_is_a_clear_error_and_nothing_changes(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    data = b'{"event": "a"}\n{"event": "b", "x'
    path.write_bytes(data)
    path.with_name("g.jsonl.damaged").mkdir()  # the side file cannot be written
    with pytest.raises(LogError, match="cannot be set aside") as refused:
        EventLog(path)
    assert "nothing was changed" in str(refused.value) and path.read_bytes() == data


def test_a_log_replaced_by_another_tools_log_is_refused_at_every_action(tmp_path: Path) -> None:
    from companion.village.game import VillageTracker

    path = tmp_path / "v.jsonl"
    t = VillageTracker(path)
    t.do({"event": "start", "seed": 1})
    path.write_text('{"event": "log", "tracker": "mousecard"}\n{"event": "start", "seed": 3}\n')
    before = path.read_bytes()
    for _ in range(2):  # the second action had gone through, into the other tool's log
        with pytest.raises(LogError, match="mousecard log, not a village one"):
            t.do({"event": "draw"})
    assert path.read_bytes() == before


def test_a_log_reached_by_a_link_is_locked_in_its_real_folder(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)
    opened: list[str] = []
    os_open = os.open

    def spy(p: object, *a: object, **kw: object) -> int:
        opened.append(str(p))
        return os_open(p, *a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", spy)
    log = EventLog(tmp_path / "link" / "g.jsonl")
    with log.locked():
        pass
    assert str(real) in opened and str(tmp_path / "link") not in opened


def test_an_edit_that_keeps_the_size_is_still_seen(tmp_path: Path) -> None:
    import os

    from companion.village.game import VillageTracker

    path = tmp_path / "v.jsonl"
    t = VillageTracker(path)
    t.do({"event": "start", "seed": 1})
    t.do({"event": "mp", "player": 1, "delta": -3})
    text = path.read_text()
    edited = text.replace('"delta": -3', '"delta": -4')
    assert len(edited) == len(text)
    path.write_text(edited)
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))  # a later time, as a real edit has
    assert t.log.changed_on_disk() and t.sync() and t.state.players[1].mp == 26


def test_an_older_log_more_than_one_tool_could_have_written_is_read_not_written(tmp_path: Path) -> None:
    # A Village game just started, in a log from before first lines: a Mouse Card award had
    # gone in, and from then on Village refused its own log
    from companion.cli import main
    from companion.mousecard.live import LiveDeckTracker
    from companion.village.game import VillageTracker

    path = tmp_path / "v.jsonl"
    path.write_text('{"event": "start", "seed": 3}\n')
    before = path.read_bytes()
    assert main(["mousecard", "award", str(path), "pip"]) == 2
    for tool in (LiveDeckTracker, VillageTracker):
        t = tool(path)  # read, as before
        with pytest.raises(LogError, match="fit more than one") as refused:
            t.do({"event": "draw"})
        assert '{"event": "log", "tracker": "' + tool.KIND + '"}' in str(refused.value)
        with pytest.raises(LogError, match="fit more than one"):
            t.undo()
    assert path.read_bytes() == before and main(["village", "replay", str(path)]) == 0
    path.write_text('{"event": "log", "tracker": "village"}\n' + before.decode())  # as the message says
    VillageTracker(path).do({"event": "draw"})


def test_undo_and_redo_are_said_alike_in_every_tracker() -> None:
    """One wording (eventlog.undone_said / redone_said) for Village, TMNT, Mouse Card and Mice and Mystics:
    every line prefixed, so a line of an action taken back never reads as news."""
    from companion.eventlog import redone_said, undone_said
    from companion.tmnt.game import redone_line as tmnt_redone
    from companion.tmnt.game import undone_line as tmnt_undone
    from companion.village.game import FORFEIT_NOTE, undone_lines

    assert undone_said(["Ambush! 2 rats", "", "Encounter card E1 is face up"]) == [
        "Undone: Ambush! 2 rats", "Undone: Encounter card E1 is face up"]
    assert undone_said([]) == ["Undone: the latest action"]
    assert redone_said(["Ann draws"]) == ["Redone: Ann draws"]
    assert redone_said([]) == ["Redone: the action undone"]
    assert undone_lines(["Ann ends the turn", FORFEIT_NOTE]) == ["Undone: Ann ends the turn"]
    assert undone_lines([FORFEIT_NOTE]) == ["Undone: the latest action"]
    assert tmnt_undone(None) == "Undone: the latest action" and tmnt_redone("Next") == "Redone: Next"


# -- each line's number: a copied line counts once ---------------------------------------------------


def _lines(path: Path) -> list[str]:
    return path.read_text().splitlines()


def _write(path: Path, lines: list[str]) -> None:
    path.write_text("".join(line + "\n" for line in lines))


def test_a_duplicated_line_is_set_aside_and_the_action_counts_once(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    for n in (1, 10, 100):
        t.do({"event": "add", "n": n})
    lines = _lines(path)
    _write(path, [*lines, lines[1]])  # a sync conflict or a hand edit copied line 2 at the end
    again = CounterTracker(path)
    assert again.state.total == 111
    assert [(p.line, p.message) for p in again.problems] == [
        (4, 'a copy of line 2 (the same action, and both carry "seq": 2): set aside, so that the action '
            'counts once; to apply it as an action of its own, delete its "seq" field')]
    again.do({"event": "add", "n": 1000})  # goes on: the next line carries the next number
    assert json.loads(_lines(path)[-1])["seq"] == 5 and CounterTracker(path).state.total == 1111
    _write(path, [*_lines(path), '{"event": "add", "n": 10}'])  # the copy made on purpose: no number
    assert CounterTracker(path).state.total == 1121


def test_a_duplicated_undo_undoes_once(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    t.do({"event": "add", "n": 1})
    t.do({"event": "add", "n": 2})
    t.undo()
    _write(path, [*_lines(path), _lines(path)[-1]])
    again = CounterTracker(path)
    assert again.state.total == 1 and [p.line for p in again.problems] == [4]


def test_only_a_word_for_word_copy_is_set_aside(tmp_path: Path) -> None:
    """Lines moved, numbered wrong, deleted, or two actions with one number (two windows writing at once
    where no lock can be had) are folded where they stand, as a log without numbers is: one line out of
    place never sets aside the actions after it."""
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    for n in (1, 2, 4, 8):
        t.do({"event": "add", "n": n})
    one, two, three, four = _lines(path)
    _write(path, [one, four, two, three])  # the last line moved up
    moved = CounterTracker(path)
    assert moved.state.total == 15 and moved.problems == []
    _write(path, [one, two, four])  # a line deleted by hand: a gap, read as it is
    gap = CounterTracker(path)
    assert gap.state.total == 11 and gap.problems == []
    gap.do({"event": "add", "n": 16})  # the next number is above every one in the file, not the line's
    assert json.loads(_lines(path)[-1])["seq"] == 5 and CounterTracker(path).problems == []
    race = two.replace('"n": 2', '"n": 32')  # another window's action written with the same number
    _write(path, [one, two, race])
    assert CounterTracker(path).state.total == 35 and CounterTracker(path).problems == []
    for bad in ('"5"', "0", "true", "2.5"):
        _write(path, [one, two, f'{{"event": "add", "n": 32, "seq": {bad}}}'])
        odd = CounterTracker(path)
        assert odd.state.total == 35 and odd.problems == [], bad


def test_a_batch_not_written_gives_its_numbers_back(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    t.do({"event": "add", "n": 1})
    with pytest.raises(RuntimeError), t.batch():
        t.do({"event": "add", "n": 2})
        raise RuntimeError
    t.do({"event": "add", "n": 4})
    assert [json.loads(x)["seq"] for x in _lines(path)] == [1, 2] and CounterTracker(path).state.total == 5


def test_the_number_is_never_the_trackers_to_see(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    t.do({"event": "add", "n": 1, "seq": 99})  # (a number typed in is not the log's: replaced)
    assert json.loads(_lines(path)[0])["seq"] == 1
    assert t.history == [{"event": "add", "n": 1}] == CounterTracker(path).history


def test_a_set_aside_copy_keeps_its_event_and_the_line_it_repeats(tmp_path: Path) -> None:
    """A tracker may look at what was set aside (the Mouse Card deck: a copy leaves the deck known)."""
    path = tmp_path / "game.jsonl"
    t = CounterTracker(path)
    t.do({"event": "add", "n": 1})
    t.do({"event": "add", "n": 2})
    one, two = _lines(path)
    _write(path, [one, two, two, two.replace('"n": 2', '"n": 7')])
    again = CounterTracker(path)
    assert [(p.line, p.copy_of, p.event) for p in again.problems] == [(3, 2, {"event": "add", "n": 2})]
    assert again.state.total == 10  # (the changed one is another action: folded)


def test_two_logs_joined_are_reported_as_such_not_as_copies(tmp_path: Path) -> None:
    """Each log's first line begins its numbering: the second log's lines are no copies of the first's."""
    from companion.cli import main

    a, b, joined = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "j.jsonl"
    for log in (a, b):
        assert main(["village", "do", str(log), '{"event": "start", "seed": 1, "first": 0}',
                     '{"event": "mp", "player": 0, "delta": -1}']) == 0
    joined.write_text(a.read_text() + b.read_text())
    from companion.village.game import VillageTracker

    problems = VillageTracker(joined).problems
    assert problems and all("copy of line" not in p.message for p in problems)
    assert any(p.line == 4 and "first line" in p.message for p in problems), problems
