"""How big a card run is, said before it is drawn: ``run_size`` from the sheet plan, the command's
warning past BIG_RUN_PAGES pages and its ``--max-pages``, the print page's count above Make PDF; and
the print page reading a game's cards once (again only when a card file of yours changed)."""

from __future__ import annotations

import html
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

import companion.cards as cards_module
from companion.cards import DATA_DIR, load_what_loads
from companion.cli import main
from companion.printing.render import BIG_RUN_PAGES, CardOptions, RunSize, print_cards, run_size
from companion.views.printing import PrintView


@pytest.mark.parametrize("options", [CardOptions(), CardOptions(backs="duplex"),
                                     CardOptions(paper="letter", crop_marks=True, backs="duplex-short"),
                                     CardOptions(size="tarot", bleed=3)])
@pytest.mark.parametrize("copies", [1, 9, 10, 25])
def test_run_size_is_the_page_count_print_cards_makes(options: CardOptions, copies: int) -> None:
    cards = list(load_what_loads("village")[0].cards[:1]) * copies
    made = print_cards(cards, io.BytesIO(), options)
    size = run_size(copies, options)
    assert size.pages == len(made.pages) and size.per_page == made.grid.per_page
    assert size.sheets == (size.pages // 2 if options.backs != "none" else size.pages)


def test_run_size_words_and_the_big_note() -> None:
    assert RunSize(20, 9, 6, duplex=True).words() == "6 pages (3 sheets of paper, duplex)"
    assert RunSize(1, 9, 1, duplex=False).words() == "1 page (1 sheet of paper)"
    assert RunSize(900, 9, BIG_RUN_PAGES, duplex=False).big_note() is None  # at the threshold: no word
    note = RunSize(999, 9, 222, duplex=True).big_note()
    assert note is not None and "222 pages (111 sheets of paper, duplex)" in note and "999 cards" in note


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["print", "cards", "village", *args])
    out, err = capsys.readouterr()
    return code, out, err


def deck(tmp_path: Path, count: int) -> str:
    path = tmp_path / "deck.txt"
    path.write_text(f"{count} Acorn Scout\n", encoding="utf-8")
    return str(path)


def test_the_command_warns_before_a_big_run_and_makes_it(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "big.pdf"
    code, said, err = run(capsys, "--deck", deck(tmp_path, 999), "--backs", "duplex", "--out", str(out),
                          "--json")
    assert code == 0 and out.is_file()
    assert "warning: this run makes 222 pages (111 sheets of paper, duplex)" in err and "--max-pages" in err
    summary = json.loads(said)
    assert summary["pages"] == 222 and summary["sheets"] == 111
    assert any("222 pages" in w for w in summary["warnings"])
    assert err.count("222 pages") == 1  # said once, before drawing, not again with the other notes


def test_a_small_run_gets_no_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, said, err = run(capsys, "--deck", deck(tmp_path, 20), "--out", str(tmp_path / "small.pdf"))
    assert code == 0 and "3 pages" in said and "warning" not in err


def test_max_pages_refuses_a_bigger_run_and_writes_nothing(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "big.pdf"
    code, _said, err = run(capsys, "--deck", deck(tmp_path, 100), "--max-pages", "10", "--out", str(out))
    assert code == 2 and not out.exists()
    assert "12 pages (12 sheets of paper), more than --max-pages 10" in err and "Nothing was written" in err
    code, _said, err = run(capsys, "--deck", deck(tmp_path, 100), "--max-pages", "12", "--out", str(out))
    assert code == 0 and out.is_file() and "warning" not in err
    code, _said, err = run(capsys, "--deck", deck(tmp_path, 1), "--max-pages", "0", "--out", str(out))
    assert code == 2 and "--max-pages 0 is out of range" in err


def test_the_help_says_max_pages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", "cards", "--help"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "--max-pages N refuse a run of more than N pages" in said
    assert f"a run of more than {BIG_RUN_PAGES} pages is made with a warning" in said


def test_the_page_shows_the_count_before_make_pdf() -> None:
    page = PrintView("village")
    page.deck.value = "-"
    page.pasted.value = "20 Acorn Scout"
    page.backs.value = "duplex"
    assert "This makes 6 pages (3 sheets of paper, duplex)" in page.estimate.value
    assert "cmp-print-estimate" in page.estimate._dom_classes and "warn" not in page.estimate.value
    page.backs.value = "none"
    assert "This makes 3 pages (3 sheets of paper)" in page.estimate.value
    page.pasted.value = "999 Acorn Scout"
    said = html.unescape(page.estimate.value)
    assert "companion-warn" in said and "111 pages (111 sheets of paper)" in said
    page.pasted.value = "2 Nope Card"  # a list that does not read: no count, but why, as Make PDF says it
    assert "This makes" not in page.estimate.value and "Nope Card" in html.unescape(page.estimate.value)
    page.pasted.value = "2 Acorn Scout"
    page.what.value = "board"  # (whatever the page prints is counted: see test_print_run_size_all.py)
    assert "This makes 2 pages (2 sheets of paper)" in page.estimate.value
    page.what.value = "cards"  # (Cards back to the whole game)
    assert page.estimate.value.count("This makes") == 1


def test_the_page_reads_each_game_once_until_a_card_file_of_yours_changes(
        monkeypatch: pytest.MonkeyPatch, _isolated_user_data: Path) -> None:
    reads: list[str] = []

    def counted(game: str, *args: Any) -> Any:
        reads.append(game)
        return load_what_loads(game, *args)

    monkeypatch.setattr(cards_module, "load_what_loads", counted)
    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir(parents=True)
    card = json.loads((DATA_DIR / "village" / "demo.json").read_text(encoding="utf-8"))["cards"][0]
    card = {**card, "id": "my-scout", "name": "My Scout"}
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [card]}), encoding="utf-8")
    page = PrintView("village")
    for game, what in (("tmnt", "cards"), ("village", "cards"), ("village", "board"), ("tmnt", "cards"),
                       ("village", "calibration"), ("village", "cards")):
        page.game.value, page.what.value = game, what
    page.deck.value = "-"
    page.pasted.value = "2 Acorn Scout"
    assert page.make().startswith(b"%PDF")
    assert sorted(reads) == ["tmnt", "village"]
    st = mine.stat()
    os.utime(mine, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))  # touched: read again
    page.make()
    assert reads.count("village") == 2
    mine.write_text("{", encoding="utf-8")  # now broken: left out, and said
    page.make()
    assert reads.count("village") == 3 and "mine.json: left out" in html.unescape(page.load_problems.value)
