"""The event logs' third audit: a new game or chapter whose start fails goes back to the old log only when
that log really is back (else the page stays on the new one and says where the old one is), the keeping
aside is the event log's (:func:`companion.eventlog.old_log_kept`), a Mice and Mystics chapter another
window started is never set aside unseen, a batch is refused whole when another writer slips in (no
lock), the batch says whether it was written, and problems are told apart by their kind."""

from __future__ import annotations

import contextlib
import errno
import html
import json
import os
import re
import signal
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import companion.eventlog as evlog
from companion.cli import main
from companion.errors import CompanionError, LogError
from companion.eventlog import EventLog, LogProblem, old_log_kept
from companion.village.game import VillageTracker

from .helpers import meanwhile, village_page
from .test_mystics_helpers import dash, started

START = {"event": "start", "seed": 1, "first": 0}
DECK = {"event": "deck", "player": 0, "delta": 1}


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def text(value: str) -> str:
    """A panel's words, without its HTML."""
    return html.unescape(re.sub("<[^>]+>", " ", value))


@contextlib.contextmanager
def ctrl_c_in_writes() -> Iterator[None]:
    """Every write of a log in the block gets a Ctrl+C as it begins (held off until the write is whole,
    then raised)."""
    real = EventLog._write_raw

    def ctrl_c(self: EventLog, data: bytes) -> None:
        os.kill(os.getpid(), signal.SIGINT)
        real(self, data)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(EventLog, "_write_raw", ctrl_c)
        yield


# -- 1. the page goes back to the old game only when its log is back -------------------------------------

def test_a_new_game_interrupted_once_its_start_is_written_stays_on_the_new_game(tmp_path: Path) -> None:
    page = village_page(tmp_path)
    path = tmp_path / "v.jsonl"
    old = path.read_bytes()
    with ctrl_c_in_writes(), pytest.raises(KeyboardInterrupt):
        page.new_game()  # Ctrl+C as the new game's start is written
    assert (tmp_path / "v-1.jsonl").read_bytes() == old  # the old game, kept aside
    on_disk = VillageTracker(path)
    assert on_disk.state.started and [p.mp for p in on_disk.state.players] == [30, 30]
    assert page.state == on_disk.state and "23 MP" not in page.mp_labels[1].value  # the page shows it
    shown = text(page.message.value)
    assert "could not start the new game: interrupted (Ctrl+C)" in shown
    assert f"the old log stays under the name it was given, {tmp_path / 'v-1.jsonl'}" in shown
    assert "could not be put back (v.jsonl holds a new game now)" in shown
    page.act({"event": "draw"})  # the page's next action is the new game's, as the file's is
    assert [p.mp for p in VillageTracker(path).state.players] == [30, 30]
    assert (tmp_path / "v-1.jsonl").read_bytes() == old


def test_a_new_game_whose_old_log_cannot_come_back_leaves_the_page_on_the_new_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = village_page(tmp_path)
    old = (tmp_path / "v.jsonl").read_bytes()

    def no_space(_fd: int, _data: Any) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def cannot(*_args: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "write", no_space)
    monkeypatch.setattr(os, "replace", cannot)
    page.new_game_button.click()
    shown = text(page.message.value)
    assert str(tmp_path / "v-1.jsonl") in shown and "could not be put back (permission denied)" in shown
    assert (tmp_path / "v-1.jsonl").read_bytes() == old and not (tmp_path / "v.jsonl").exists()
    assert not page.state.started and page.tracker.log.path == tmp_path / "v.jsonl"  # the file as it is


def test_a_chapter_interrupted_once_its_start_is_written_stays_on_the_new_chapter(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    page = started(path)
    page.do({"event": "wound", "mouse": "filch", "count": 2})
    old = path.read_bytes()
    with ctrl_c_in_writes(), pytest.raises(KeyboardInterrupt):
        page.start_chapter()
    kept = list(tmp_path.glob("m-*.jsonl"))
    assert len(kept) == 1 and kept[0].read_bytes() == old
    assert page.state.started and page.state.mouse("filch").wounds == 0  # the new chapter, as on disk
    assert page.odds.tracker is page.tracker and page.tracker.log.path == path
    status = text(page.setup_msg.value)  # (under Start chapter)
    assert "could not start the chapter: interrupted (Ctrl+C)" in status and kept[0].name in status


# -- 2. the keeping aside is the event log's --------------------------------------------------------------

def numbered(path: Path) -> Path:
    return path.with_name(f"{path.stem}-1{path.suffix}")


def test_a_finished_log_is_kept_aside_and_a_log_holding_no_game_stays(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    t = VillageTracker(path)
    t.do(START)
    old = path.read_bytes()
    with old_log_kept(t, numbered, "start the new game") as kept:
        assert kept == tmp_path / "v-1.jsonl" and not path.exists()
        VillageTracker(path).do(START)
    assert kept.read_bytes() == old and len(lines(path)) == 2
    header_only = tmp_path / "h.jsonl"
    header_only.write_text('{"event": "log", "tracker": "village"}\n', encoding="utf-8")
    with old_log_kept(VillageTracker(header_only), numbered, "start the new game") as kept:
        assert kept is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["h.jsonl", "v-1.jsonl", "v.jsonl"]


def test_a_failed_start_puts_the_old_log_back_and_only_then_goes_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v.jsonl"
    t = VillageTracker(path)
    t.do(START)
    old = path.read_bytes()
    calls: list[str] = []

    real_fsync = os.fsync

    def sync_fails(fd: int) -> None:  # the name is back; only the folder's sync fails
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", sync_fails)
    with pytest.raises(LogError) as refused, old_log_kept(
            t, numbered, "start the new game", back=lambda: calls.append("back"),
            stay=lambda _e: calls.append("stay")):
        raise LogError("could not be saved (no space left on device)", where=str(path))
    assert calls == ["back"] and path.read_bytes() == old and not numbered(path).exists()
    assert "nothing was changed: the old log is back under its name" in refused.value.render()


def test_a_start_that_wrote_a_game_stays_and_says_where_the_old_log_is(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    t = VillageTracker(path)
    t.do(START)
    said: list[LogError] = []
    with pytest.raises(KeyboardInterrupt), old_log_kept(t, numbered, "start the new game",
                                                        back=lambda: said.clear(), stay=said.append):
        VillageTracker(path).do(START)
        raise KeyboardInterrupt
    assert len(said) == 1 and "v.jsonl holds a new game now" in said[0].render()
    assert numbered(path).exists() and len(lines(path)) == 2


# -- 3. a chapter another window started is never set aside unseen ------------------------------------------

def test_a_chapter_started_in_another_window_meanwhile_is_not_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    a = started(path)
    b = dash(path)
    b.mice_pick.value = ("collin", "filch")
    a.mice_pick.value = ("tilda", "maginos")

    with meanwhile(a, b.start_chapter), pytest.raises(CompanionError, match="changed in another window"):
        a.start_chapter()  # B starts its chapter between A's look at the log and A's lock
    assert len(list(tmp_path.glob("m-*.jsonl"))) == 1  # only the chapter B set aside
    assert [m.id for m in b.tracker.__class__(path, **b._tk).state.mice] == ["collin", "filch"]
    assert [m.id for m in a.state.mice] == ["collin", "filch"]  # A now shows B's chapter


# -- 4. a foreign write during a batch, where no lock can be had ------------------------------------------

def test_a_write_by_another_during_a_batch_refuses_the_batch_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evlog, "fcntl", None)  # a file system without locks
    path = tmp_path / "v.jsonl"
    t = VillageTracker(path)
    t.do(START)
    other = VillageTracker(path)
    with pytest.raises(LogError) as refused, t.log.locked(), t.batch() as batch:
        t.do(DECK)
        other.do({"event": "mp", "player": 1, "delta": -2})  # another window, unlocked
        t.do(DECK)
    assert "wrote to this log during this batch" in refused.value.render() and not batch.written
    assert [e["event"] for e in lines(path)] == ["log", "start", "mp"]  # none of the batch
    assert t.sync() and t.state == VillageTracker(path).state


def test_a_do_batch_with_a_write_by_another_meanwhile_writes_nothing_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.cli.batch import write_all

    monkeypatch.setattr(evlog, "fcntl", None)
    path = tmp_path / "v.jsonl"
    t = VillageTracker(path)
    t.do(START)
    other = VillageTracker(path)

    def say(tracker: VillageTracker, event: dict[str, Any]) -> list[str]:
        tracker.act(event)
        if len(lines(path)) == 2:
            other.do({"event": "mp", "player": 1, "delta": -2})
        return []

    with pytest.raises(CompanionError) as refused:
        write_all(t, [dict(DECK), dict(DECK), dict(DECK)], str(path), say=say)
    said = refused.value.render()
    assert "during this batch" in said and said.endswith("Nothing was written")
    assert [e["event"] for e in lines(path)] == ["log", "start", "mp"]


# -- 5. the batch says whether it was written ---------------------------------------------------------------

def test_a_batch_says_whether_it_was_written(tmp_path: Path) -> None:
    log = EventLog(tmp_path / "e.jsonl")
    # a Ctrl+C during the write: held off until it is whole, so the batch was written
    with ctrl_c_in_writes(), pytest.raises(KeyboardInterrupt), log.batch() as batch:
        log.append({"event": "a"})
        log.append({"event": "b"})
        assert not batch.written
    assert batch.written and len(lines(tmp_path / "e.jsonl")) == 2
    with pytest.raises(ValueError), log.batch() as failed:  # an error before the write: none of it
        log.append({"event": "c"})
        raise ValueError
    assert not failed.written and len(lines(tmp_path / "e.jsonl")) == 2
    with log.batch() as outer, log.batch() as inner:  # (nested: the outer one's)
        assert inner is outer
    assert outer.written


# -- 6. problems told apart by kind ----------------------------------------------------------------------

def test_a_problem_is_unusable_unless_it_says_otherwise() -> None:
    assert LogProblem(3, "x").kind == evlog.UNUSABLE
    assert str(LogProblem(3, "x", "mismatch")) == "line 3: x"


def test_the_deck_in_doubt_tells_a_mismatch_by_its_kind_not_its_words() -> None:
    from companion.mousecard.live import MISMATCH, MISMATCH_KIND, LiveDeckTracker

    t = LiveDeckTracker(None)
    t.deck_in_doubt = lambda: [LogProblem(3, MISMATCH)]  # type: ignore[method-assign]
    said = str(t.doubt_refusal())
    assert "line 3 of the log cannot be used" in said and "no longer deals" not in said
    t.deck_in_doubt = lambda: [LogProblem(5, "other words", MISMATCH_KIND)]  # type: ignore[method-assign]
    said = str(t.doubt_refusal())
    assert "at line 5 of the log the shuffle no longer deals" in said and "cannot be used" not in said


def test_odds_from_a_live_deck_tell_a_mismatch_by_its_kind_not_its_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.mousecard.live import MISMATCH, LiveDeckTracker

    log = tmp_path / "mc.jsonl"
    LiveDeckTracker(log).do({"event": "start", "seed": 1})
    odds = ["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", str(log)]
    monkeypatch.setattr(LiveDeckTracker, "deck_in_doubt", lambda _self: [LogProblem(3, MISMATCH)])
    assert main(odds) == 2
    err = capsys.readouterr().err
    assert "line 3 of the live deck log cannot be used" in err and "no longer deals" not in err
