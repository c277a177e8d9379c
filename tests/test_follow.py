"""A tracker page follows its log (:meth:`companion.ui.TrackerPage.follow_once`): what another window
or a command wrote shows, and gates the buttons, without a click; the watcher runs only on a running
event loop (a kernel's), and nothing it meets escapes it."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from companion import ui
from companion.mousecard.live import LiveDeckTracker
from companion.views.mousecard import MouseCardPage, default_log_path


def page(**kwargs: Any) -> MouseCardPage:
    """A Mouse Card page on the log in the test's own user data folder."""
    return MouseCardPage(plot=False, settle=None, **kwargs)


def award(player: str) -> None:
    """Another window (here the tracker alone, as the command line uses it) awards ``player`` a chip."""
    LiveDeckTracker(default_log_path()).do({"event": "award", "player": player, "chips": 1})


def test_a_chip_awarded_elsewhere_turns_spend_on_without_a_click() -> None:
    here, there = page(), page()
    here.player.value = "Ann"
    assert here.spend_button.disabled  # Ann holds no chip yet
    there.player.value = "Ann"
    there.award_button.click()  # the other window, through its own button
    assert here.spend_button.disabled  # (not followed yet)
    assert here.follow_once() is True
    assert not here.spend_button.disabled
    assert "Ann" in here.chips_table.value


def test_nothing_written_nothing_redrawn(monkeypatch: pytest.MonkeyPatch) -> None:
    here = page()
    redraws: list[int] = []
    monkeypatch.setattr(here, "refresh", lambda: redraws.append(1))
    assert here.follow_once() is False
    assert here.follow_once() is False
    assert redraws == []
    award("Bo")  # (the command line's write is followed too)
    assert here.follow_once() is True
    assert here.follow_once() is False  # once only
    assert redraws == [1]


def test_a_redraw_keeps_what_the_user_is_typing() -> None:
    here = page()
    here.character.value, here.task.value, here.cards.value = "Pip", "climb the wall", "QH"
    here.player.value = "Ann"
    award("Ann")
    assert here.follow_once() is True
    assert (here.character.value, here.task.value, here.cards.value, here.player.value) == (
        "Pip", "climb the wall", "QH", "Ann")


def test_a_log_that_became_another_games_is_said_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    here = page()
    log = default_log_path()
    kept = log.read_bytes()
    log.write_text(json.dumps({"event": "log", "tracker": "village"}) + "\n", encoding="utf-8")
    assert here.follow_once() is False  # no exception out of the tick
    said = here.message.value
    assert "did not work" in said and "village" in said
    reads: list[int] = []
    real = here.tracker.log.reload
    monkeypatch.setattr(here.tracker.log, "reload", lambda: (reads.append(1), real())[1])
    assert here.follow_once() is False
    assert reads == []  # the file did not change again: not read again
    log.write_bytes(kept + b'{"event": "award", "player": "Cy", "chips": 1}\n')  # the session, back
    assert here.follow_once() is True
    assert reads == [1]
    assert "Cy" in here.chips_table.value
    assert "did not work" not in here.message.value  # the error no longer holds: what changed is said
    assert "Another window changed the log" in here.message.value and "Cy receives 1" in here.message.value


@pytest.mark.parametrize("text", ["hello, not a log\n", "\udcff"])
def test_a_log_that_cannot_be_read_is_said_and_read_once(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    here = page()
    log = default_log_path()
    log.write_bytes(text.encode("utf-8", "surrogateescape"))
    assert here.follow_once() is False
    assert "did not work" in here.message.value
    reads: list[int] = []
    monkeypatch.setattr(here.tracker.log, "reload", lambda: reads.append(1))
    assert here.follow_once() is False
    assert here.follow_once() is False
    assert reads == []  # a file that did not change is not read every tick


def in_a_kernel(table: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``table`` on an event loop of its own, as a kernel's (:func:`companion.ui.in_kernel` made
    true): in a thread, as another library's loop may be running in this one (a browser driver's, in a
    whole test run), which is no page's."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(table())
        except BaseException as exc:  # (the thread's failure is the test's)
            failed.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)
    assert not thread.is_alive()
    if failed:
        raise failed[0]


def test_no_loop_no_watcher() -> None:
    here = page()
    assert here._following is None  # plain Python, the command line, a unit test: nothing started


def test_no_kernel_no_watcher_even_on_a_running_loop() -> None:
    async def table() -> None:  # (another library's loop, a browser driver's: no kernel, so no page's)
        assert page()._following is None

    in_a_kernel(table)


def test_the_watcher_runs_on_a_running_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ui.TrackerPage, "FOLLOW_SECONDS", 0.02)
    monkeypatch.setattr(ui, "in_kernel", lambda: True)

    async def table() -> None:
        here = page()
        watcher = here._following
        assert watcher is not None and not watcher.done()
        here.open_tracker(LiveDeckTracker, default_log_path())  # another log opened later: no second one
        assert here._following is watcher
        here.player.value = "Ann"
        assert here.spend_button.disabled
        award("Ann")
        for _ in range(200):  # (at most 4 s)
            await asyncio.sleep(0.02)
            if not here.spend_button.disabled:
                break
        assert not here.spend_button.disabled  # followed, with no click
        default_log_path().write_text("not a log\n", encoding="utf-8")
        await asyncio.sleep(0.1)
        assert not watcher.done()  # an unreadable log ends nothing
        assert "did not work" in here.message.value
        watcher.cancel()

    in_a_kernel(table)


def test_a_page_opened_again_on_the_same_log_takes_over_the_following(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ui, "in_kernel", lambda: True)

    async def table() -> None:
        first = page()
        second = page()  # the notebook cell run again: the page on show follows, the older one stops
        await asyncio.sleep(0)  # (a cancelled task ends at its next step)
        assert first._following is not None and first._following.cancelled()
        assert second._following is not None and not second._following.done()
        second._following.cancel()

    in_a_kernel(table)
