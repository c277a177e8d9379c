"""No folder is made for a log given by path (a mistyped folder is said, not quietly made); the one
folder the companion makes for a log by itself is its default logs folder in the user data folder."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.errors import CompanionError, LogError
from companion.eventlog import EventLog, MissingFolderError, missing_folder
from companion.village.game import VillageTracker


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def _everything(root: Path) -> list[Path]:
    return sorted(root.rglob("*"))


# -- the event log core -------------------------------------------------------------------------------

def test_a_write_into_a_folder_that_does_not_exist_is_refused_naming_it(tmp_path: Path) -> None:
    log = tmp_path / "typo_dir" / "sub" / "v.jsonl"
    tracker = VillageTracker(log)
    with pytest.raises(MissingFolderError) as caught:
        tracker.do({"event": "start", "players": ["Ann", "Bob"]})
    said = caught.value.render()
    assert isinstance(caught.value, LogError)
    assert f"its folder {str(log.parent)!r} does not exist" in said
    assert f"Create the folder first (mkdir -p {log.parent})" in said and "the action was not saved" in said
    assert _everything(tmp_path) == []  # no folder made, no file
    log.parent.mkdir(parents=True)  # once made, the same tracker writes
    tracker.do({"event": "start", "players": ["Ann", "Bob"]})
    assert log.exists()


def test_the_folder_lock_makes_no_folder(tmp_path: Path) -> None:
    log = EventLog(tmp_path / "nope" / "g.jsonl")
    with log.locked():
        pass
    assert _everything(tmp_path) == []


def test_missing_folder_says_only_a_folder_that_does_not_exist(tmp_path: Path) -> None:
    assert missing_folder(None) is None and missing_folder(tmp_path / "x.jsonl") is None
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert missing_folder(tmp_path / "file" / "x.jsonl") is None  # (the write says "is a file, not a folder")
    refused = missing_folder(tmp_path / "a" / "b" / "x.jsonl")
    assert refused is not None and f"{str(tmp_path / 'a' / 'b')!r} does not exist" in refused.render()


# -- each tracker page, on a log in a folder that does not exist ---------------------------------------

def _mousecard(path: Path | None) -> Any:
    from companion.views.mousecard import MouseCardPage

    return MouseCardPage(path, plot=False, settle=None)


def _village(path: Path | None) -> Any:
    from companion.views.village import VillageCompanion

    return VillageCompanion(path)


def _tmnt(path: Path | None) -> Any:
    from companion.views.tmnt import GameTracker

    return GameTracker(path, [])


def _mystics(path: Path | None) -> Any:
    from companion.views.mystics import MysticsDashboard

    return MysticsDashboard(path)


#: each page, how it is opened, and the panel it says a log it cannot use in
PAGES: dict[str, tuple[Callable[[Path | None], Any], str]] = {
    "mousecard": (_mousecard, "notice"), "village": (_village, "message"),
    "tmnt": (_tmnt, "status"), "mystics": (_mystics, "status")}


@pytest.mark.parametrize("game", sorted(PAGES))
def test_a_page_on_a_log_in_a_missing_folder_says_so_and_makes_nothing(
        game: str, tmp_path: Path, _isolated_user_data: Path) -> None:
    opened, panel = PAGES[game]
    log = tmp_path / "typo_dir" / "sub" / f"{game}.jsonl"
    page = opened(log)  # (no traceback)
    said = _text(getattr(page, panel).value)
    assert "This log's folder does not exist" in said, said
    assert f"its folder {str(log.parent)!r} does not exist" in said and "Create the folder first" in said
    assert page.tracker.history == []  # (the Mouse Card page started no session)
    with pytest.raises(CompanionError, match="does not exist"):  # every action says why
        page.tracker.do({"event": "start", "seed": 1})
    assert _everything(tmp_path) == []  # nothing written, no folder made
    assert _everything(_isolated_user_data) == []  # and nothing in the user data folder either


def test_the_village_and_tmnt_pages_new_game_write_nothing_there(tmp_path: Path) -> None:
    v = _village(tmp_path / "nope" / "village.jsonl")
    v.names[0].value, v.names[1].value = "Ann", "Bob"
    with pytest.raises(MissingFolderError):
        v.new_game()
    g = _tmnt(tmp_path / "nope" / "tmnt.jsonl")
    g.first.value = 0
    g.new_game.click()  # (a button's refusal is said on the page)
    assert not g.state.started
    assert _everything(tmp_path) == []


# -- the default log: its folder is made -------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(PAGES))
def test_the_default_log_works_in_an_empty_user_data_folder(game: str, _isolated_user_data: Path) -> None:
    assert _everything(_isolated_user_data) == []
    opened, panel = PAGES[game]
    page = opened(None)
    assert page.unusable is None, _text(getattr(page, panel).value)
    assert (_isolated_user_data / "logs").is_dir()
    if game == "mousecard":  # (it starts its session on opening)
        assert (_isolated_user_data / "logs" / "mousecard.jsonl").exists() and page.start_failed is None


def test_the_default_log_makes_a_user_data_folder_that_does_not_exist_yet(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_USER_DATA", str(tmp_path / "fresh"))  # (a new user: no ~/.companion)
    page = _mousecard(None)
    assert page.unusable is None and (tmp_path / "fresh" / "logs" / "mousecard.jsonl").exists()


# -- the command line: the log's own check, in the log's own words ---------------------------------------

def test_the_command_line_says_a_missing_folder_as_the_log_does(tmp_path: Path) -> None:
    from companion.cli import log_folder
    from companion.eventlog import folder_refusal

    log = tmp_path / "typo_dir" / "v.jsonl"
    with pytest.raises(LogError) as caught:
        log_folder(log, error=LogError)
    refused = missing_folder(log)
    assert refused is not None and folder_refusal(log) is not None
    assert caught.value.render() == refused.render()  # one sentence, the page's and the command's
    assert "no folder is made for a log" in caught.value.render()
    with pytest.raises(CompanionError) as plain:  # (the default class: the error as it was)
        log_folder(str(log))
    assert type(plain.value) is CompanionError and plain.value.render() == refused.render()
    assert _everything(tmp_path) == []
    assert log_folder(tmp_path / "v.jsonl") == tmp_path / "v.jsonl"


def test_the_command_line_names_the_file_in_a_log_folders_way(tmp_path: Path) -> None:
    from companion.cli import log_folder

    (tmp_path / "notes").write_text("x", encoding="utf-8")
    for log in (tmp_path / "notes" / "v.jsonl", tmp_path / "notes" / "sub" / "v.jsonl"):
        with pytest.raises(LogError) as caught:
            log_folder(log, error=LogError)
        said = caught.value.render()
        assert f"{tmp_path / 'notes'} is a file, not a folder" in said, said
        assert "does not exist" not in said and "mkdir" not in said and "nothing was written" in said
    assert [p.name for p in _everything(tmp_path)] == ["notes"]
