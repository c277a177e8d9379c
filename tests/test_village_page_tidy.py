"""The Village page's act helper: an event built from the state read under the log's lock, one lock and
one read for a Magic card of "the turn player"; the resolved-attack panel kept by one method."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.errors import CompanionError
from companion.views.village import UNDEFENDED, VillageCompanion
from companion.village.game import VillageTracker

from .helpers import meanwhile


def started(tmp_path: Path) -> VillageCompanion:
    page = VillageCompanion(tmp_path / "v.jsonl")
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    page.act({"event": "draw"})
    return page


def count_locks_and_reads(page: VillageCompanion, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often the page goes for its log's lock (not held yet), reads the log again (the tracker's
    own read in ``do`` included) and is drawn."""
    counts = {"locks": 0, "syncs": 0, "draws": 0}
    log, tracker = page.tracker.log, page.tracker
    real_locked, real_sync, real_refresh = log.locked, tracker.sync, page.refresh

    def locked() -> Any:
        if not log._held:
            counts["locks"] += 1
        return real_locked()

    def sync() -> bool:
        counts["syncs"] += 1
        return real_sync()

    def refresh() -> None:
        counts["draws"] += 1
        real_refresh()

    monkeypatch.setattr(log, "locked", locked)
    monkeypatch.setattr(page, "refresh", refresh)
    monkeypatch.setattr(tracker, "sync", sync)
    return counts


def test_a_turn_players_magic_card_takes_the_lock_and_reads_the_log_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = started(tmp_path)
    page.act({"event": "end_turn"})  # Bob's turn, on this page
    counts = count_locks_and_reads(page, monkeypatch)
    page.magic_kind.value, page.card_name.value = "normal", "Sun"
    page.play_magic()
    # one read by the page under the lock and the tracker's own in do (which finds nothing new);
    # drawn once, after the lock is let go
    assert counts == {"locks": 1, "syncs": 2, "draws": 1}
    assert page.tracker.history[-1]["player"] == 1 and "Bob plays Sun" in page.message.value
    assert "Bob" in page.turn.value and page.magic_player.value == "turn"


def test_an_event_built_under_the_lock_sees_a_write_made_just_before_it(tmp_path: Path) -> None:
    page = started(tmp_path)
    other = VillageCompanion(tmp_path / "v.jsonl")
    seen: list[int] = []

    def build() -> dict[str, Any]:
        seen.append(page.state.current)
        return {"event": "magic", "name": "Sun", "player": page.state.current}

    with meanwhile(page, lambda: other.act({"event": "end_turn"})):
        page.act(build, refuse_stale=False)
    assert seen == [1] and page.tracker.history[-1]["player"] == 1


def test_a_stale_page_refuses_a_built_event_without_building_it(tmp_path: Path) -> None:
    page = started(tmp_path)
    path = tmp_path / "v.jsonl"
    VillageTracker(path).do({"event": "end_turn"})
    before = path.read_bytes()
    built: list[bool] = []
    with pytest.raises(CompanionError, match="changed in another window"):
        page.act(lambda: built.append(True) or {"event": "draw"})  # type: ignore[func-returns-value]
    assert built == [] and path.read_bytes() == before and "Bob" in page.turn.value


def test_a_refused_built_event_writes_nothing(tmp_path: Path) -> None:
    page = started(tmp_path)
    path = tmp_path / "v.jsonl"
    before = path.read_bytes()

    def build() -> dict[str, Any]:
        raise CompanionError("no event")

    with pytest.raises(CompanionError, match="no event"):
        page.act(build, refuse_stale=False)
    assert path.read_bytes() == before


def test_a_redraw_keeps_the_resolved_attack_while_in_force_and_clears_it_after(tmp_path: Path) -> None:
    page = started(tmp_path)
    page.mouse_name.value, page.mouse_atk.value, page.mouse_def.value = "Pip", "3", "2"
    page.play_basic()
    page.act({"event": "end_turn"})
    page.act({"event": "end_turn"})
    [uid] = list(page.assign)
    page.assign[uid].value = UNDEFENDED
    page.resolve()
    shown = page.battle_result.value
    assert "Attack resolved" in shown
    page.refresh()
    assert page.battle_result.value == shown
    page.act({"event": "mp", "player": 0, "delta": 1})  # a correction: the attack is still in force
    assert page.battle_result.value == shown
    page.act({"event": "end_turn"})  # its turn is over
    assert page.battle_result.value == ""
    page.undo()
    assert page.battle_result.value == shown
