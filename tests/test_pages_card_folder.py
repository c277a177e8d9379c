"""A card file of yours that does not load (a trailing comma, an id the bundled cards already use) is
left out by every notebook page, as every command leaves it out: the page builds, uses the bundled
cards and your other files, and says once, at its top, which file was left out and why. Before, the
Village page dropped every card silently, the TMNT pages offered none, and the Monarchs, Mice and
Mystics and print pages refused what needed a card."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from companion import GAMES
from companion.cards import DATA_DIR
from companion.views.cards import CardBrowserView
from companion.views.monarchs import MonarchsCompanion
from companion.views.mousecard import mousecard_page
from companion.views.mystics import MysticsDashboard
from companion.views.printing import PrintView
from companion.views.start import start_page
from companion.views.tmnt import tmnt_page
from companion.views.village import VillageCompanion

#: A card file whose last card is followed by a comma, which JSON does not allow.
BROKEN = '{"game": "%s", "set": "Mine", "cards": [\n  {"id": "mine", "name": "Mine", "type": "x"},\n]}\n'
#: Per game, the bundled file whose first card a good file of yours copies under a new id and name.
BUNDLED_FILE = {"village": "demo", "tmnt": "demo", "monarchs": "demo", "mystics": "heroes"}
GOOD = "Good Mine"


@pytest.fixture
def folder(_isolated_user_data: Path) -> Path:
    """In each game's card folder of yours, a broken file and a good one (a card named :data:`GOOD`);
    returns the user data folder."""
    for game, bundled in BUNDLED_FILE.items():
        own = _isolated_user_data / game
        own.mkdir(parents=True)
        (own / "broken.json").write_text(BROKEN % game, encoding="utf-8")
        card = json.loads((DATA_DIR / game / f"{bundled}.json").read_text(encoding="utf-8"))["cards"][0]
        card = {**card, "id": "good-mine", "name": GOOD}
        (own / "good.json").write_text(json.dumps({"game": game, "set": "Mine", "cards": [card]}),
                                       encoding="utf-8")
    return _isolated_user_data


def texts(widget: Any) -> Iterator[str]:
    """The words of every HTML widget in ``widget``'s tree (a tab's pages too)."""
    if isinstance(widget, w.HTML):
        yield html.unescape(widget.value)
    for child in getattr(widget, "children", ()) or ():
        yield from texts(child)


def said_once(page: Any, panel: w.HTML, game: str, folder: Path, why: str = "is not valid JSON") -> None:
    """``panel`` warns that the broken file of ``game`` is left out, naming it and its problem, and no
    other panel of ``page`` says it again; the good file is not named."""
    text = html.unescape(panel.value)
    assert "companion-warn" in panel.value
    assert f"1 of your {GAMES[game]} card files could not be loaded and is left out" in text
    assert f"{folder / game / 'broken.json'}: left out" in text and why in text
    assert "good.json" not in text
    assert [t for t in texts(page) if "broken.json" in t] == [text]


def test_the_village_page_plays_a_bundled_card_and_says_the_file_left_out(folder: Path,
                                                                          tmp_path: Path) -> None:
    page = VillageCompanion(tmp_path / "v.jsonl")
    said_once(page.widget, page.load_problems, "village", folder)
    assert page.db().lookup(GOOD) is not None
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    page.act({"event": "draw"})
    page.mouse_name.value = "Acorn Scout"
    assert (page.mouse_atk.value, page.mouse_def.value) == ("1", "1")  # the bundled card's stats
    page.buttons["play_basic"].click()
    assert page.tracker.history[-1] == {"event": "play_basic", "name": "Acorn Scout", "atk": 1, "def": 1,
                                        "number": 1}


def test_a_file_of_yours_reusing_a_bundled_id_is_left_out_with_its_reason(_isolated_user_data: Path,
                                                                          tmp_path: Path) -> None:
    own = _isolated_user_data / "village"
    own.mkdir(parents=True)
    (own / "broken.json").write_bytes((DATA_DIR / "village" / "demo.json").read_bytes())
    page = VillageCompanion(tmp_path / "v.jsonl")
    said_once(page.widget, page.load_problems, "village", _isolated_user_data, why="acorn-scout")
    assert page.db().lookup("Acorn Scout") is not None


def test_both_tmnt_tabs_offer_the_bundled_cards_and_say_the_file_left_out(folder: Path,
                                                                          tmp_path: Path) -> None:
    tab = tmnt_page(tmp_path / "t.jsonl")
    said_once(tab.children[0], tab.tracker.load_problems, "tmnt", folder)  # the tracker, at its top
    said_once(tab.children[1], tab.builder.cards_note, "tmnt", folder)
    builder = tab.builder
    offered = {value for _label, value in builder.character.pick.options}
    assert {"leonardo-1", "good-mine"} <= offered
    builder.character.pick.value = "leonardo-1"
    assert builder.verdict.is_legal and "Damage 3" in builder.result.value  # Leonardo's Wind 3


def test_the_monarchs_page_plans_with_a_bundled_card_and_says_the_file_left_out(folder: Path) -> None:
    page = MonarchsCompanion()
    said_once(page.widget, page.load_problems, "monarchs", folder)
    assert page.db.lookup(GOOD) is not None
    page.front[0].value = "Royal Herald"
    assert any(b.card.name == "Royal Herald" for p in page.plan().purchases for b in p.buys)


def test_the_mystics_page_starts_a_chapter_and_says_the_file_left_out(folder: Path, tmp_path: Path) -> None:
    page = MysticsDashboard(tmp_path / "m.jsonl")
    said_once(page.widget, page.load_problems, "mystics", folder)
    assert "good-mine" in {value for _label, value in page.mice_pick.options}
    page.mice_pick.value = ("collin", "filch")
    page.seed.value = "3"
    page.start_btn.click()
    assert page.state.started, page.setup_msg.value
    assert "Collin" in page._mouse_boxes["collin"].info.value  # the bundled hero's card


def test_the_mystics_page_works_out_once_which_card_files_load(folder: Path, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening the page on a chapter finds the files of yours left out once: the warning above the tabs and
    the tracker's data (the log's replay, the heroes, the odds' die) come from that one read. Before, the
    warning read them and the tracker again for each kind of data it loaded (five reads)."""
    import companion.cards as cards

    path = tmp_path / "m.jsonl"
    first = MysticsDashboard(path)
    first.mice_pick.value = ("collin", "good-mine")
    first.start_btn.click()
    assert first.state.started, first.setup_msg.value
    reads: list[str] = []
    real = cards._what_loads  # (every read of what loads: load_what_loads and leaving_out alike)
    monkeypatch.setattr(cards, "_what_loads", lambda game, extra: reads.append(game) or real(game, extra))
    page = MysticsDashboard(path)
    assert reads == ["mystics"]
    said_once(page.widget, page.load_problems, "mystics", folder)
    assert [m.name for m in page.state.mice] == ["Collin", GOOD] and page.odds.tracker.die


def test_the_print_page_prints_a_bundled_card_and_says_the_file_left_out(folder: Path) -> None:
    page = PrintView("village")
    said_once(page.widget, page.load_problems, "village", folder)
    page.deck.value = "-"
    page.pasted.value = f"2 Acorn Scout\n1 {GOOD}"
    assert page.make().startswith(b"%PDF")
    assert "Made cards-village" in page.status.value and "3 cards (2 different)" in page.status.value
    said_once(page.widget, page.load_problems, "village", folder)  # said again, still once
    page.what.value = "board"  # (a board reads no card)
    assert page.load_problems.value == ""
    page.what.value = "cards"
    page.game.value = "tmnt"
    said_once(page.widget, page.load_problems, "tmnt", folder)


def test_the_cards_page_says_the_file_left_out(folder: Path) -> None:
    page = CardBrowserView("village")
    assert "broken.json: left out" in html.unescape(page.load_problems.value)
    assert page.db is not None and page.db.lookup("Acorn Scout") is not None and page.db.lookup(GOOD)


def test_the_pages_without_card_files_build(folder: Path, tmp_path: Path) -> None:
    for widget in (mousecard_page(tmp_path / "mc.jsonl"), start_page()):
        assert not [t for t in texts(widget) if "broken.json" in t]
