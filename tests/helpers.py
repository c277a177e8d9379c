"""Helpers shared by several test files (fixtures live in ``conftest.py``)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any


@contextlib.contextmanager
def meanwhile(page: Any, other: Callable[[], object]) -> Iterator[None]:
    """``other`` (another window's action) runs when ``page`` (a tracker page) next goes for its log's
    lock, before it has it: the write of another window in the gap between a read of the page's and
    its lock. The block must take that lock."""
    log = page.tracker.log
    real = log.locked
    fired: list[bool] = []

    @contextlib.contextmanager
    def locked() -> Iterator[None]:
        if not fired and not log._held:
            fired.append(True)
            other()
        with real():
            yield

    log.locked = locked
    try:
        yield
    finally:
        del log.locked
    assert fired


def village_page(tmp_path: Path) -> Any:
    """A Village page on ``tmp_path / "v.jsonl"`` with a game under way (a start, a draw, an MP change)."""
    from companion.views.village import VillageCompanion

    page = VillageCompanion(tmp_path / "v.jsonl")
    for event in ({"event": "start", "seed": 3, "first": 0}, {"event": "draw"},
                  {"event": "mp", "player": 1, "delta": -7}):
        page.act(event)
    return page


def logged_events(log: Path) -> list[dict[str, Any]]:
    """The events a log file holds, line by line, as written but for the number each line carries
    (``"seq"``, see :data:`companion.eventlog.SEQ_FIELD`), which the trackers never see."""
    from companion.eventlog import SEQ_FIELD

    out = []
    for line in log.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        event.pop(SEQ_FIELD, None)
        out.append(event)
    return out


def run_cli(capsys: Any, *argv: str) -> tuple[int, str, str]:
    """Run ``companion ARGV`` in-process: its exit code, standard output and standard error."""
    from companion.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
