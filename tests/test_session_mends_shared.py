"""Mends from the read of the whole change: the Mouse Card page names the box a mistyped card was
typed in; one keeper of the cards a page read (:class:`companion.cards.CardsAsRead`); the Printables
page's estimate reads no deck again for a change of layout."""

from __future__ import annotations

import datetime
import html
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

import companion.printing.jobs as jobs_module
from companion.cards import DATA_DIR, CardsAsRead
from companion.views.mousecard import MouseCardPage
from companion.views.printing import PrintView


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


@pytest.mark.parametrize("typed", ["red jokr", "QH, queen of hartes"])
def test_a_mistyped_card_is_refused_as_of_the_cards_typed_in_box(tmp_path: Path, typed: str) -> None:
    page = MouseCardPage(tmp_path / "session.jsonl", plot=False, settle=None)
    page.character.value = "Pip"
    page.cards.value = typed
    page.draw_button.click()
    said = _text(page.draw_msg.value)
    assert "Cards typed in: not a card of the Mouse Card deck" in said and "Did you mean" in said
    assert page.cards.value == typed  # (kept to be put right)
    assert not page.tracker.state.draws


def _mine(user: Path, name: str) -> Path:
    mine = user / "village" / "mine.json"
    mine.parent.mkdir(parents=True, exist_ok=True)
    card = json.loads((DATA_DIR / "village" / "demo.json").read_text(encoding="utf-8"))["cards"][0]
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [{**card, "id": "mine",
                                                                                 "name": name}]}),
                    encoding="utf-8")
    return mine


def _touched(path: Path) -> None:
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


def test_cards_as_read_reads_again_only_when_asked_to(_isolated_user_data: Path) -> None:
    mine = _mine(_isolated_user_data, "My Scout")
    kept = CardsAsRead()
    assert not kept.changed("village")  # (never read)
    db, skipped = kept.last("village")
    assert db.find("My Scout") is not None and skipped == {}
    assert kept.current("village")[0] is db and kept.last("village")[0] is db
    _mine(_isolated_user_data, "My Other Scout")
    _touched(mine)
    assert kept.changed("village")
    assert kept.last("village")[0] is db  # (the deck builder's: kept until Reload card data)
    again = kept.current("village")[0]  # (the Printables page's: read again)
    assert again is not db and again.find("My Other Scout") is not None and not kept.changed("village")
    mine.write_text("{", encoding="utf-8")
    assert "mine.json" in " ".join(kept.read("village")[1])  # (left out, with its errors)


def test_the_estimate_reads_the_deck_again_only_when_it_changed(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    reads: list[Any] = []
    select = jobs_module.select_cards

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(kwargs.get("deck"))
        return select(*args, **kwargs)

    monkeypatch.setattr(jobs_module, "select_cards", counted)
    deck = tmp_path / "mine.txt"
    deck.write_text((DATA_DIR / "decks" / "village-demo-legal.txt").read_text(encoding="utf-8"),
                    encoding="utf-8")
    page = PrintView("village")
    page.deck.options = [*page.deck.options, ("mine", str(deck))]
    reads.clear()  # (the whole game, counted when the page opened)
    page.deck.value = str(deck)
    assert "This makes" in page.estimate.value and reads == [str(deck)]
    for control, value in ((page.paper, "letter"), (page.bleed, not page.bleed.value),
                           (page.crop, not page.crop.value)):
        control.value = value
    assert len(reads) == 1 and "This makes" in page.estimate.value  # a change of layout: the count kept
    deck.write_text("3 Acorn Scout\n", encoding="utf-8")
    _touched(deck)
    page.paper.value = "a4"
    assert len(reads) == 2 and "This makes 2 pages (1 sheet of paper, duplex)" in _text(page.estimate.value)
    page.deck.value = ""  # the whole game: a count of its own
    assert len(reads) == 3


@pytest.mark.parametrize("game", ["village", "tmnt", "mystics"])
def test_every_tracker_tells_a_start_line_that_cannot_be_used_as_the_mouse_card_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> None:
    """One :meth:`companion.eventlog.Tracker.no_start` for every tracker: a start line that cannot be used
    is named by its line, with what to do (it was "no start in force" for all but the Mouse Card)."""
    from companion.cli import main

    log = tmp_path / "g.jsonl"
    begin = ([game, "new", str(log), "--mice", "collin", "--seed", "1"] if game == "mystics"
             else [game, "do", str(log), '{"event": "start", "seed": 1}'])
    assert main(begin) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    start = json.loads(lines[1])
    start["mice" if game == "mystics" else "players"] = 5  # (no list of names: the start is refused)
    log.write_text("\n".join([lines[0], json.dumps(start), *lines[2:]]) + "\n", encoding="utf-8")
    capsys.readouterr()
    main([game, "replay", str(log)])
    thing = "chapter" if game == "mystics" else "game"
    out = capsys.readouterr().out
    said = (f"No {thing} under way in this log: its start (line 2) cannot be used. Mend line 2 in the file "
            f"(from a copy of the log), or start a new {thing}. Start one with: ")
    assert out.startswith(said), out


def test_the_deck_builders_upload_button_says_the_list_taken_never_a_count() -> None:
    """The deck builder's upload is :func:`companion.ui.upload_button`, as the Cards page's: it reads its
    tooltip, so it never shows ipywidgets' "(0)" once the list is taken, and names the file taken."""
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")
    assert "companion-upload" in view.upload._dom_classes and view.upload.tooltip == "Upload list"
    view.upload.value = ({"name": "pears.txt", "type": "text/plain", "size": 14,
                          "content": memoryview(b"3 Acorn Scout\n"),
                          "last_modified": datetime.datetime(2026, 11, 24, tzinfo=datetime.UTC)},)
    assert view.upload.value == () and view.upload.tooltip == "Upload another list (last: pears.txt)"
    assert "Acorn Scout" in view.input.value


def test_the_open_menu_says_a_renamed_deck_is_saved_as_a_new_one() -> None:
    """A saved deck opened, then renamed in the Name box: Save writes a new deck (the old file stays), and
    the Open menu says so, not "editing: night-deck (unsaved)"."""
    from companion.views.deck import DeckBuilderView, decks_dir

    view = DeckBuilderView("village")
    view.name.value = "Night Deck"
    view.save_list()
    assert view.editing() == "— editing: night-deck (saved)"
    view.name.value = "Reload test"
    assert view.editing() == "— editing: a new list 'Reload test' (unsaved; from night-deck)"
    path = view.save_list()
    assert path.name == "village-reload-test.txt" and (decks_dir() / "village-night-deck.txt").exists()
    assert view.editing() == "— editing: reload-test (saved)"  # (the new deck, as the menu lists it)


def test_settings_that_make_no_pdf_are_not_said_to_want_make_pdf() -> None:
    """A PDF made, then a game with no board chosen: Make PDF is off, and the message says why rather than
    "press Make PDF"."""
    page = PrintView("village")
    page.what.value = "board"
    page.make_button.click()
    assert page.pdf.startswith(b"%PDF")
    page.game.value = "mousecard"
    said = _text(page.status.value)
    assert page.make_button.disabled and "press Make PDF" not in said
    assert "The settings changed: no PDF is made with them (" in said and "Mouse Card" in said
    page.game.value = "village"
    page.make_button.click()
    page.paper.value = "letter"
    assert "The settings changed: press Make PDF for a new PDF" in _text(page.status.value)
