"""Long computations off the notebook's thread: cancellation (companion.interrupt) and the
latest-request-wins worker the pages use (companion.ui.Latest)."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from companion import interrupt
from companion.mousecard import odds as mc
from companion.mousecard.odds import TaskCheck, exact_odds, success_curve
from companion.ui import Latest


def _recorder() -> tuple[list[Any], Any, Any, Any]:
    seen: list[Any] = []
    return seen, lambda r: seen.append(("done", r)), lambda e: seen.append(("failed", e)), \
        lambda: seen.append(("pending",))


def _blocking(release: threading.Event, value: Any) -> Any:
    """Work that waits for ``release``, checking for cancellation as the engines do."""
    def work() -> Any:
        while not release.wait(0.005):
            interrupt.check()
        interrupt.check()
        return value
    return work


def test_a_quick_result_is_delivered_before_submit_returns() -> None:
    seen, done, failed, pending = _recorder()
    Latest(settle=5).submit(lambda: 42, done, failed, pending)
    assert seen == [("done", 42)]


def test_a_slow_result_shows_pending_first_and_arrives_from_the_worker() -> None:
    seen, done, failed, pending = _recorder()
    worker, release = Latest(settle=0.01), threading.Event()
    worker.submit(_blocking(release, "odds"), done, failed, pending)
    assert seen == [("pending",)] and worker.busy
    release.set()
    worker.wait(5)
    assert seen == [("pending",), ("done", "odds")] and not worker.busy


def test_a_newer_request_cancels_the_older_and_only_the_newer_is_shown() -> None:
    seen, done, failed, pending = _recorder()
    worker, never = Latest(settle=0.01), threading.Event()
    worker.submit(_blocking(never, "stale"), done, failed, pending)
    old = worker._thread
    worker.submit(lambda: "fresh", done, failed, pending)
    old.join(5)
    assert not old.is_alive()  # it stopped at its next check, without being released
    assert ("done", "fresh") in seen and ("done", "stale") not in seen


def test_cancel_drops_a_result_and_errors_go_to_failed() -> None:
    seen, done, failed, pending = _recorder()
    worker, release = Latest(settle=0.01), threading.Event()
    worker.submit(_blocking(release, "dropped"), done, failed, pending)
    worker.cancel()
    release.set()
    worker.wait(5)
    assert seen == [("pending",)]
    worker.submit(lambda: 1 // 0, done, failed, pending)
    assert seen[-1][0] == "failed" and isinstance(seen[-1][1], ZeroDivisionError)


def test_a_done_callback_that_raises_is_reported_as_failed() -> None:
    seen, _done, failed, pending = _recorder()

    def done(_r: Any) -> None:
        raise ValueError("bad widget value")

    Latest(settle=5).submit(lambda: 1, done, failed, pending)
    assert seen[0][0] == "failed" and "bad widget value" in str(seen[0][1])


@pytest.mark.parametrize("check", [
    TaskCheck(3, "J", need=2, situation="combat", fate_chips=1),  # the plain engine
    TaskCheck(10, 7, need=6, situation="combat", aged=3, fate_chips=2),  # the compiled engine
], ids=["plain", "compiled"])
def test_a_cancelled_check_stops_and_leaves_nothing_cached(check: TaskCheck) -> None:
    mc._exact_odds.cache_clear()
    token = interrupt.Token()
    token.cancel()
    with interrupt.cancellable(token), pytest.raises(interrupt.Cancelled):
        exact_odds(check)
    assert mc._exact_odds.cache_info().currsize == 0
    fresh = exact_odds(check)  # outside the token: computed in full, as always
    assert sum(p for _n, p in fresh.successes) == 1


def test_a_plot_stops_between_checks_when_cancelled() -> None:
    token = interrupt.Token()
    token.cancel()
    with interrupt.cancellable(token), pytest.raises(interrupt.Cancelled):
        success_curve(["J"], range(1, 4))
    assert success_curve(["J"], [1])["J"][0][1] == mc.Fraction(8, 27)


def test_check_never_raises_outside_a_cancellable_computation() -> None:
    interrupt.check()
    token = interrupt.Token()
    with interrupt.cancellable(token):
        interrupt.check()
    token.cancel()
    interrupt.check()  # the token is no longer bound here


def test_a_path_the_system_refuses_on_a_page_is_shown_as_the_users_to_fix() -> None:
    """A page's error panel says what the CLI says: the path, the reason, a hint; not "a bug"."""
    import ipywidgets as w

    from companion import ui

    panel = w.HTML()
    ui.show_error(panel, PermissionError(13, "Permission denied", "/games/night.jsonl"))
    assert "That did not work" in panel.value and "this is a bug" not in panel.value
    assert "/games/night.jsonl: cannot be used (permission denied)" in panel.value
    ui.show_error(panel, KeyError("x"))  # anything else is still a bug, said plainly
    assert "this is a bug" in panel.value
