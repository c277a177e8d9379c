"""The Mice and Mystics card data is read once per command and once per tracker opening: a
``companion mystics ...`` command read your card files twice (its ``leaving_out`` block, then the
tracker's data), and a tracker read them once per kind of data (heroes, minions, ability cards, search
cards, chapters, the die: seven reads when the page opened). A card file changed meanwhile is still read
anew (the cards are kept on :func:`~companion.cards.card_files_stamp`), and a broken file of yours is
still said once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cards
from companion.cards import DATA_DIR, KeptCards, game_cards, leaving_out
from companion.mystics.tracker import MysticsTracker
from companion.views.mystics import MysticsDashboard, PageTracker
from tests.helpers import run_cli as run
from tests.test_card_folder_skip import BROKEN, one_warning
from tests.test_pages_card_folder import said_once


def write_mine(folder: Path, name: str) -> Path:
    """Your card file ``mine.json``: a hero of your own (the first bundled hero's card) named ``name``."""
    hero = json.loads((DATA_DIR / "mystics" / "heroes.json").read_text(encoding="utf-8"))["cards"][0]
    path = folder / "mystics" / "mine.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"game": "mystics", "set": "Mine", "cards": [
        {**hero, "id": "my-mouse", "name": name}]}), encoding="utf-8")
    return path


@pytest.fixture
def mine(_isolated_user_data: Path) -> Path:
    return write_mine(_isolated_user_data, "My Mouse")


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every read of your card file ``mine.json`` (a call of the loader of one card file on it)."""
    real, seen = cards.load_file, []

    def counted(path: str | Path, *args: object, **kwargs: object) -> list[cards.Card]:
        if Path(path).name == "mine.json":
            seen.append(str(path))
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cards, "load_file", counted)
    return seen


def all_data(tracker: MysticsTracker) -> None:
    """Every kind of card data the tracker reads."""
    assert tracker.die and "my-mouse" in tracker.hero_roster() and tracker.minion_roster()
    assert tracker.ability_choices() and tracker.search_card_data() and tracker.chapter_info(1) is not None


COMMANDS = [["mystics", "new", "--mice", "collin,my-mouse", "--seed", "1", "{new}"],
            ["mystics", "do", "{log}", '{"event": "wound", "mouse": "my-mouse"}'],
            ["mystics", "replay", "{log}"],
            ["odds", "mystics", "attack"]]


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a[:2]) for a in COMMANDS])
def test_a_mystics_command_reads_the_card_files_once(argv: list[str], mine: Path, reads: list[str],
                                                     tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    log = str(tmp_path / "chapter.jsonl")
    assert run(capsys, "mystics", "new", "--mice", "collin,my-mouse", "--seed", "1", log)[0] == 0
    reads.clear()
    new = str(tmp_path / "new.jsonl")
    code, _out, err = run(capsys, *[a.replace("{log}", log).replace("{new}", new) for a in argv])
    assert code == 0, err
    assert reads == [str(mine)]


def test_a_tracker_reads_the_card_files_once_for_every_kind_of_data(mine: Path, reads: list[str]) -> None:
    all_data(MysticsTracker(None))
    assert reads == [str(mine)]
    reads.clear()
    all_data(PageTracker(None))  # (outside the page's opening: it reads in a leaving_out block of its own)
    assert reads == [str(mine)]


def test_the_page_opening_reads_the_card_files_once(mine: Path, reads: list[str], tmp_path: Path) -> None:
    page = MysticsDashboard(tmp_path / "m.jsonl")
    all_data(page.tracker)
    assert reads == [str(mine)]


def test_a_card_file_changed_between_two_openings_is_read_by_the_second(mine: Path, tmp_path: Path) -> None:
    first = MysticsDashboard(tmp_path / "m.jsonl")
    assert first.tracker.hero_roster()["my-mouse"].name == "My Mouse"
    write_mine(mine.parent.parent, "My Mouse Renamed")
    second = MysticsDashboard(tmp_path / "m.jsonl")
    assert second.tracker.hero_roster()["my-mouse"].name == "My Mouse Renamed"
    tracker = MysticsTracker(None)
    assert tracker.hero_roster()["my-mouse"].name == "My Mouse Renamed"


def test_kept_cards_are_read_again_when_a_card_file_changes(mine: Path, reads: list[str]) -> None:
    kept = KeptCards("mystics")
    assert kept() is kept() and kept().find("my-mouse").name == "My Mouse"
    assert len(reads) == 1
    write_mine(mine.parent.parent, "My Mouse Renamed")
    assert kept().find("my-mouse").name == "My Mouse Renamed" and len(reads) == 2
    with leaving_out("mystics") as (db, _skipped):  # a command's block: its cards are taken...
        assert game_cards("mystics") is db and len(reads) == 3
        write_mine(mine.parent.parent, "Renamed In The Block")  # ... until a file changes (a correction)
        assert game_cards("mystics").find("my-mouse").name == "Renamed In The Block"


@pytest.fixture
def broken(mine: Path) -> Path:
    """Beside your good card file, a broken one (a trailing comma); returns the user data folder."""
    (mine.parent / "broken.json").write_text(BROKEN % "mystics", encoding="utf-8")
    return mine.parent.parent


def test_a_broken_card_file_is_still_said_once(broken: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "chapter.jsonl")
    for argv in (["mystics", "new", "--mice", "collin,my-mouse", "--seed", "1", log],
                 ["mystics", "replay", log], ["mystics", "do", log, '{"event": "wound", "mouse": "collin"}'],
                 ["odds", "mystics", "attack"]):
        code, _out, err = run(capsys, *argv)
        assert code == 0, err
        one_warning(err, "mystics", broken)
    page = MysticsDashboard(tmp_path / "m.jsonl")
    all_data(page.tracker)
    said_once(page.widget, page.load_problems, "mystics", broken)
    all_data(PageTracker(None))  # (a tracker of the page opened later leaves the file out too, unsaid)
    said_once(page.widget, page.load_problems, "mystics", broken)
