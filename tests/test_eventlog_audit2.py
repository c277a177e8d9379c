"""The event logs' second audit: a batch written whole or not at all (Ctrl+C, a full disk), a new game
or chapter that cannot be written puts the old log back, no line or log larger than what is read back,
another log's first line inside a log is said, and a ``.damaged`` side file is durable before the cut."""

from __future__ import annotations

import errno
import html
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import companion.eventlog as evlog
from companion.cli import main
from companion.errors import LogError
from companion.eventlog import EventLog
from companion.village.game import VillageTracker

from .helpers import village_page

START = '{"event": "start", "seed": 1, "first": 0}'
DECK = '{"event": "deck", "player": 0, "delta": 1}'


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def village_log(tmp_path: Path) -> Path:
    path = tmp_path / "v.jsonl"
    assert main(["village", "do", str(path), START]) == 0
    return path


@pytest.fixture
def disk_full(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Call it to fill the disk: from then on every write of a log fails as a full disk does (the real
    write, with ``os.write`` refusing, so the file is truncated and a file it made removed)."""
    real = EventLog._write_raw

    def full(self: EventLog, data: bytes) -> None:
        def no_space(_fd: int, _data: Any) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        with pytest.MonkeyPatch.context() as m:
            m.setattr(os, "write", no_space)
            real(self, data)

    return lambda: monkeypatch.setattr(EventLog, "_write_raw", full)


# -- 1. a batch: one append, all of it or none ------------------------------------------------------------

def test_a_batch_is_written_in_one_append(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = village_log(tmp_path)
    real = EventLog._write_raw
    writes: list[int] = []

    def counted(self: EventLog, data: bytes) -> None:
        writes.append(data.count(b"\n"))
        real(self, data)

    monkeypatch.setattr(EventLog, "_write_raw", counted)
    assert main(["village", "do", str(path), *[DECK] * 30]) == 0
    assert writes == [30] and len(lines(path)) == 32


def test_ctrl_c_before_the_write_writes_nothing_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = village_log(tmp_path)
    before = path.read_bytes()
    capsys.readouterr()
    real = EventLog.append
    done: list[int] = []

    def interrupted_at_20(self: EventLog, event: dict[str, Any]) -> Any:
        if self.path is not None:
            done.append(1)
            if len(done) == 20:
                raise KeyboardInterrupt
        return real(self, event)

    monkeypatch.setattr(EventLog, "append", interrupted_at_20)
    assert main(["village", "do", str(path), *[DECK] * 800]) == 130
    assert path.read_bytes() == before
    assert capsys.readouterr().err.strip() == f"companion: interrupted; nothing was written to {path}"


def test_ctrl_c_during_the_write_waits_for_the_whole_batch_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = village_log(tmp_path)
    capsys.readouterr()
    real = EventLog._write_raw

    def ctrl_c_meanwhile(self: EventLog, data: bytes) -> None:
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl+C as the write begins
        time.sleep(0.01)
        real(self, data)

    monkeypatch.setattr(EventLog, "_write_raw", ctrl_c_meanwhile)
    assert main(["village", "do", str(path), *[DECK] * 30]) == 130
    assert len(lines(path)) == 32  # the first line, the start, the whole batch
    assert capsys.readouterr().err.strip() == f"companion: interrupted; all 30 events were written to {path}"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Ctrl+C works again


#: The command as run from a terminal, but saying (by making the file it is given) when its batch begins.
BATCH_BEGINS = """
import sys
from pathlib import Path

import companion.eventlog as ev

real, mark = ev.EventLog.batch, Path(sys.argv.pop(1))

def batch(self):
    if self.path is not None and self._pending is None:  # (the batch on the file, not the trial's)
        mark.touch()
    return real(self)

ev.EventLog.batch = batch
from companion.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("delay", [0.0, 0.01, 0.025, 0.04])
def test_ctrl_c_at_any_time_in_a_batch_leaves_all_of_it_or_none_and_says_which(
        tmp_path: Path, delay: float) -> None:
    path = village_log(tmp_path)
    mark = tmp_path / "batch-begins"
    run = subprocess.Popen([sys.executable, "-c", BATCH_BEGINS, str(mark), "village", "do", str(path),
                            *[DECK] * 400], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    waited = time.monotonic()
    while not mark.exists():
        assert run.poll() is None and time.monotonic() - waited < 60, run.communicate()
        time.sleep(0.001)
    time.sleep(delay)
    run.send_signal(signal.SIGINT)  # Ctrl+C, some time after the batch began
    out, err = run.communicate(timeout=60)
    added = len(lines(path)) - 2
    assert added in (0, 400), err  # all of the batch or none
    if run.returncode in (0, -signal.SIGINT):  # the command was done before the Ctrl+C came (or as it exited)
        assert added == 400 and out.count("cards in deck\n") == 400, err
        return
    assert run.returncode == 130, err
    which = "all 400 events were written" if added else "nothing was written"
    said = [f"companion: interrupted; {which} to {path}"]  # within the batch: it says which
    if added:  # (once the batch was done and written, a Ctrl+C while the lines are printed)
        said.append("companion: interrupted")
    assert err.strip() in said, (added, err)


def test_a_batch_the_disk_cannot_hold_writes_nothing_and_says_so(
        tmp_path: Path, disk_full: Callable[[], None], capsys: pytest.CaptureFixture[str]) -> None:
    path = village_log(tmp_path)
    before = path.read_bytes()
    capsys.readouterr()
    disk_full()
    assert main(["village", "do", str(path), *[DECK] * 5]) == 2
    err = capsys.readouterr().err
    assert "no space left on device" in err and err.strip().endswith("Nothing was written")
    assert path.read_bytes() == before


def test_a_batch_refused_by_a_write_after_the_trial_writes_none_of_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = village_log(tmp_path)
    before = path.read_bytes()
    capsys.readouterr()
    real = EventLog.append
    calls: list[int] = []

    def refused_second(self: EventLog, event: dict[str, Any]) -> Any:
        if self.path is not None:
            calls.append(1)
            if len(calls) == 2:
                raise LogError("cannot be written (permission denied); the action was not saved",
                               where=str(path))
        return real(self, event)

    monkeypatch.setattr(EventLog, "append", refused_second)
    assert main(["village", "do", str(path), DECK, DECK, DECK]) == 2
    err = capsys.readouterr().err
    assert "event 2 of 3" in err and "Nothing was written" in err and "Only events" not in err
    assert path.read_bytes() == before


def test_a_tracker_batch_that_fails_keeps_the_tracker_as_the_log_is(tmp_path: Path) -> None:
    t = VillageTracker(tmp_path / "v.jsonl")
    t.do({"event": "start", "seed": 1, "first": 0})
    with pytest.raises(KeyboardInterrupt), t.batch():
        t.do({"event": "deck", "player": 0, "delta": 1})
        raise KeyboardInterrupt
    assert len(t.log.events) == 2 and len(t.history) == 1 and len(lines(tmp_path / "v.jsonl")) == 2
    t.do({"event": "deck", "player": 0, "delta": 1})  # and it goes on as before
    assert [e["event"] for e in lines(tmp_path / "v.jsonl")] == ["log", "start", "deck"]


# -- 2. a new game or chapter that cannot be written ------------------------------------------------------

def test_a_new_game_the_disk_cannot_hold_puts_the_old_game_back(
        tmp_path: Path, disk_full: Callable[[], None]) -> None:
    from companion.views.village import VillageCompanion

    page = village_page(tmp_path)
    path = tmp_path / "v.jsonl"
    before = path.read_bytes()
    disk_full()
    with pytest.raises(LogError) as refused:
        page.new_game()
    said = refused.value.render()
    assert "no space left on device" in said and "nothing was changed: the old log is back" in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["v.jsonl"] and path.read_bytes() == before
    assert page.state.started and [p.mp for p in page.state.players] == [30, 23]
    assert "23 MP" in page.mp_labels[1].value
    assert [p.mp for p in VillageCompanion(path).state.players] == [30, 23]


def test_a_new_game_whose_old_log_cannot_come_back_says_where_it_is(
        tmp_path: Path, disk_full: Callable[[], None], monkeypatch: pytest.MonkeyPatch) -> None:
    page = village_page(tmp_path)
    before = (tmp_path / "v.jsonl").read_bytes()
    disk_full()

    def cannot(*_args: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", cannot)
    with pytest.raises(LogError) as refused:
        page.new_game()
    said = refused.value.render()
    assert str(tmp_path / "v-1.jsonl") in said and "could not be put back (permission denied)" in said
    assert (tmp_path / "v-1.jsonl").read_bytes() == before


def test_a_new_game_on_a_page_shows_the_restore_in_its_panel(
        tmp_path: Path, disk_full: Callable[[], None]) -> None:
    page = village_page(tmp_path)
    disk_full()
    page.new_game_button.click()
    shown = html.unescape(re.sub("<[^>]+>", " ", page.message.value))
    assert "nothing was changed: the old log is back" in shown and page.state.started


def test_a_chapter_the_disk_cannot_hold_puts_the_old_chapter_back(
        tmp_path: Path, disk_full: Callable[[], None]) -> None:
    from companion.views.mystics import MysticsDashboard

    path = tmp_path / "m.jsonl"
    page = MysticsDashboard(path)
    page.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "seed": 1})
    page.do({"event": "wound", "mouse": "filch", "count": 2})
    before = path.read_bytes()
    disk_full()
    page.mice_pick.value = ("collin", "filch")
    page.start_btn.click()
    status = html.unescape(page.setup_msg.value)  # (under Start chapter)
    assert "could not start the chapter" in status and "nothing was changed: the old log is back" in status
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.jsonl"] and path.read_bytes() == before
    assert page.state.started and page.state.mouse("filch").wounds == 2
    assert page.odds.tracker is page.tracker


@pytest.mark.parametrize("command", [
    ["mystics", "new", "{log}", "--mice", "collin,filch"],
    ["village", "do", "{log}", START],
    ["tmnt", "do", "{log}", '{"event": "start", "first": 0}'],
])
def test_a_new_log_the_disk_cannot_hold_leaves_no_file(
        tmp_path: Path, disk_full: Callable[[], None], capsys: pytest.CaptureFixture[str],
        command: list[str]) -> None:
    log = tmp_path / "new.jsonl"
    disk_full()
    assert main([part.replace("{log}", str(log)) for part in command]) == 2
    assert "no space left on device" in capsys.readouterr().err
    assert not log.exists()  # (neither an empty file nor a lone first line)


def test_a_new_log_begins_with_its_first_line_and_start_in_one_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = EventLog._write_raw
    writes: list[bytes] = []

    def counted(self: EventLog, data: bytes) -> None:
        writes.append(data)
        real(self, data)

    monkeypatch.setattr(EventLog, "_write_raw", counted)
    assert main(["mystics", "new", str(tmp_path / "m.jsonl"), "--mice", "collin,filch"]) == 0
    assert len(writes) == 1 and writes[0].count(b"\n") == 2


# -- 3. nothing written that cannot be read back ----------------------------------------------------------

def test_a_log_written_up_to_the_limit_reads_back_and_nothing_past_it_is_written(tmp_path: Path) -> None:
    path = village_log(tmp_path)
    def filler(note: int) -> str:
        return json.dumps({"event": "deck", "player": 0, "delta": 1, "note": "x" * note}) + "\n"

    size, bare_filler = path.stat().st_size, len(filler(0))
    with path.open("a", encoding="utf-8") as fh:  # the log, grown to half a MB below the limit
        while (left := evlog.MAX_LOG_BYTES - 2**19 - size) > 0:  # (lines of about 1 MB, the last to fit)
            if left >= 2**21:
                line = filler(2**20 - 100)
            else:
                line = filler((left // 2 if left > 2**20 - 100 else left) - bare_filler)
            fh.write(line)
            size += len(line)
    assert size == evlog.MAX_LOG_BYTES - 2**19
    t = VillageTracker(path)

    def mp(note: int) -> dict[str, Any]:
        return {"event": "mp", "player": 0, "delta": -1, "note": "x" * note}

    seq = len(path.read_bytes().splitlines()) + 1  # the number the next line carries: its line here
    bare = len(json.dumps({**mp(0), "seq": seq}, separators=(", ", ": ")).encode()) + 1  # with no note
    room = evlog.MAX_LOG_BYTES - size - bare
    with pytest.raises(LogError, match="would grow past"):
        t.do(mp(room + 1))  # a byte past the limit: refused, nothing written
    assert path.stat().st_size == size
    t.do(mp(room))  # up to the limit exactly
    assert path.stat().st_size == evlog.MAX_LOG_BYTES
    again = VillageTracker(path)  # and it reads back whole (the limit is what is read)
    assert again.state == t.state and again.problems == [] and again.history[-1] == mp(room)
    with pytest.raises(LogError, match="would grow past"):
        again.do({"event": "draw"})


def test_an_action_above_one_mb_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    t = VillageTracker(path)
    t.do({"event": "start", "seed": 1, "first": 0})
    before = path.read_bytes()
    with pytest.raises(LogError) as refused:
        t.do({"event": "mp", "player": 0, "delta": -1, "note": "x" * 2_000_000})
    said = refused.value.render()
    assert "too large to log" in said and "at most 1 MB per action" in said and "found 2 MB" in said
    assert path.read_bytes() == before and t.state.players[0].mp == 30
    t.do({"event": "mp", "player": 0, "delta": -1, "note": "x" * 1000})  # a sane one still goes in
    assert t.state.players[0].mp == 29


def test_a_batch_holding_a_huge_action_is_refused_whole(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli.batch import write_all
    from companion.cli.table import _said

    path = village_log(tmp_path)
    before = path.read_bytes()
    t = VillageTracker(path)
    events = [{"event": "deck", "player": 0, "delta": 1}, {"event": "mp", "player": 0, "delta": -1,
                                                             "note": "x" * 1_100_000}]
    with pytest.raises(LogError) as refused:
        write_all(t, events, str(path), say=_said, error=LogError)
    said = refused.value.render()
    assert "event 2 of 2" in said and "at most 1 MB per action" in said and "Nothing was written" in said
    assert path.read_bytes() == before


def test_an_append_past_what_is_read_back_is_refused_with_what_to_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = village_log(tmp_path)
    monkeypatch.setattr(evlog, "MAX_LOG_BYTES", path.stat().st_size + 150)
    t = VillageTracker(path)
    t.do({"event": "deck", "player": 0, "delta": 1})  # fits
    before = path.read_bytes()
    with pytest.raises(LogError) as refused:
        t.do({"event": "mp", "player": 0, "delta": -1, "note": "x" * 200})
    said = refused.value.render()
    assert "would grow past" in said and "the most a log is read back" in said
    assert "start a new game in a new log" in said and "stays readable" in said
    assert path.read_bytes() == before
    assert VillageTracker(path).state == t.state  # it still opens
    capsys.readouterr()
    assert main(["village", "do", str(path), *[DECK] * 5]) == 2  # a batch: none of it
    assert "would grow past" in capsys.readouterr().err and path.read_bytes() == before


# -- 4. another log's first line inside a log --------------------------------------------------------------

def test_another_games_first_line_inside_a_log_is_a_log_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = village_log(tmp_path)
    with path.open("a") as fh:
        fh.write('{"event": "log", "tracker": "tmnt"}\n' + DECK + "\n")
    t = VillageTracker(path)
    assert [p.line for p in t.problems] == [3]
    assert "another game's first line (a tmnt log's) inside this log" in t.problems[0].message
    assert len(t.history) == 1  # the start: the line after the other game's first line is that game's
    assert "it and the 1 line after it (to line 4) are set aside" in t.problems[0].message
    capsys.readouterr()
    assert main(["village", "replay", str(path)]) == 1
    assert "line 3: another game's first line" in capsys.readouterr().err
    lines = path.read_bytes()
    assert main(["village", "do", str(path), '{"event": "draw"}']) == 2  # (after that game's lines)
    assert "is joined to this one from line 3: nothing is written" in capsys.readouterr().err
    assert path.read_bytes() == lines


def test_a_second_first_line_of_the_same_game_is_said_too(tmp_path: Path) -> None:
    path = village_log(tmp_path)
    with path.open("a") as fh:
        fh.write('{"event": "log", "tracker": "village"}\n')
    problems = VillageTracker(path).problems
    assert len(problems) == 1 and "a second first line of a village log" in problems[0].message


def test_the_first_line_itself_is_no_problem(tmp_path: Path) -> None:
    path = village_log(tmp_path)
    assert VillageTracker(path).problems == []


# -- 5. the .damaged side file is durable before the log is cut ---------------------------------------------

def test_the_damaged_side_file_and_its_folder_are_synced_before_the_cut(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = village_log(tmp_path)
    whole = path.stat().st_size
    with path.open("ab") as fh:
        fh.write(b'{"event": "deck", "pla')  # a crash mid-write
    real = os.fsync
    synced: list[tuple[str, int]] = []  # (what was synced, the log's size then)

    def watched(fd: int) -> None:
        synced.append((os.readlink(f"/proc/self/fd/{fd}"), path.stat().st_size))
        real(fd)

    monkeypatch.setattr(os, "fsync", watched)
    t = VillageTracker(path)
    assert t.log.recovered is not None and path.stat().st_size == whole
    damaged = str(tmp_path / "v.jsonl.damaged")
    cut_at = whole + len(b'{"event": "deck", "pla')
    assert (damaged, cut_at) in synced  # the side file, while the log still held the bytes
    assert (str(tmp_path), cut_at) in synced  # and its folder (the new name)
    assert (tmp_path / "v.jsonl.damaged").read_bytes() == b'{"event": "deck", "pla\n'


def test_ctrl_c_during_one_action_leaves_the_tracker_as_the_log_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    t = VillageTracker(tmp_path / "v.jsonl")
    t.do({"event": "start", "seed": 1, "first": 0})
    real = EventLog._write_raw

    def ctrl_c_meanwhile(self: EventLog, data: bytes) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        real(self, data)

    monkeypatch.setattr(EventLog, "_write_raw", ctrl_c_meanwhile)
    with pytest.raises(KeyboardInterrupt):
        t.do({"event": "deck", "player": 0, "delta": 1})
    assert len(lines(tmp_path / "v.jsonl")) == 3  # written whole, then the interrupt
    assert t.state == VillageTracker(tmp_path / "v.jsonl").state and len(t.history) == 2


def test_a_file_where_the_logs_folder_should_be_is_named_not_a_raw_os_error(tmp_path: Path) -> None:
    (tmp_path / "notdir").write_text("x", encoding="utf-8")
    tracker = VillageTracker(tmp_path / "notdir" / "v.jsonl")  # (a stat before each action met NotADirectory)
    with pytest.raises(LogError, match="notdir is a file, not a folder"):
        tracker.do({"event": "start", "players": ["Ann", "Bob"]})
    assert (tmp_path / "notdir").read_text(encoding="utf-8") == "x"
