"""Every print command that can write many pages says how many before it draws them, as ``print cards``
does: the estimate (``run_size``, ``board_size``, ``CALIBRATION_SIZE``, ``RunSize.total`` for ``print
all``) is the page count of the PDF written, ``--max-pages`` refuses one page more than allowed with
nothing written, and the Printables page shows the count of whatever it will print."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.cli import main
from companion.printing.boards import (
    CALIBRATION_SIZE,
    board_games,
    board_size,
    boards,
    print_board,
    print_calibration,
    sheets,
)
from companion.printing.jobs import bundled_printables, make_all
from companion.printing.render import BIG_RUN_PAGES, CardOptions, RunSize, run_size
from companion.views.printing import PrintView

PAPERS = ("a4", "letter")


def pages_of(pdf: Path | bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf).pages)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["print", *args])
    out, err = capsys.readouterr()
    return code, out, err


# --------------------------------------------------------------------------- the estimate is the PDF's count

@pytest.mark.parametrize("paper", PAPERS)
def test_a_board_or_score_sheet_makes_the_pages_its_size_says(paper: str) -> None:
    specs = [*(boards()[g] for g in board_games()), *sheets().values()]
    for spec in specs:
        buf = io.BytesIO()
        print_board(spec, buf, paper=paper)
        assert board_size(spec, paper).pages == pages_of(buf.getvalue()), spec["title"]
    assert any(board_size(spec, paper).pages > 1 for spec in specs)  # (a tiled board is among them)


@pytest.mark.parametrize("landscape", [False, True])
@pytest.mark.parametrize("paper", PAPERS)
def test_the_calibration_page_makes_the_pages_its_size_says(paper: str, landscape: bool) -> None:
    buf = io.BytesIO()
    print_calibration(buf, paper=paper, flip="short", landscape=landscape)
    assert pages_of(buf.getvalue()) == CALIBRATION_SIZE.pages == 2 and CALIBRATION_SIZE.sheets == 1


def test_a_small_card_run_writes_the_pages_its_size_says(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("11 Acorn Scout\n", encoding="utf-8")
    out = tmp_path / "cards.pdf"
    code, said, _err = run(capsys, "cards", "village", "--deck", str(deck), "--backs", "duplex",
                           "--out", str(out), "--json")
    assert code == 0 and pages_of(out) == run_size(11, CardOptions(backs="duplex")).pages == 4
    assert json.loads(said)["pages"] == 4


def test_print_all_writes_the_pages_its_size_says(tmp_path: Path) -> None:
    told: list[RunSize] = []
    made = make_all(tmp_path, before=told.append)
    [size] = told
    written = {m["file"]: pages_of(tmp_path / m["file"]) for m in made}
    assert size.pages == sum(written.values())
    assert {p.file: p.size.pages for p in bundled_printables()} == written  # each file, as well as the sum
    assert size.sheets == sum(p.size.sheets for p in bundled_printables()) < size.pages


def test_the_size_of_several_files_adds_their_pages_and_sheets() -> None:
    cards, board = RunSize(20, 9, 6, duplex=True), RunSize.of_pages(3)
    both = RunSize.total([cards, board])
    assert (both.pages, both.sheets, both.copies) == (9, 6, 20)
    assert both.words() == "9 pages (6 sheets of paper, partly duplex)"
    assert RunSize.total([cards, cards]).words() == "12 pages (6 sheets of paper, duplex)"
    big = RunSize.total([RunSize.of_pages(BIG_RUN_PAGES), board])
    assert big.big_note() == (f"this run makes {BIG_RUN_PAGES + 3} pages ({BIG_RUN_PAGES + 3} sheets of "
                              f"paper), more than {BIG_RUN_PAGES} pages (2 PDFs): check the counts before "
                              "printing")


# --------------------------------------------------------------------------- --max-pages at the boundary

def refused(code: int, err: str, pages: int, limit: int) -> bool:
    """``print cards``'s refusal: exit 2, the run's pages over the limit, nothing written."""
    return (code == 2 and f"this run makes {pages} page" in err and f"more than --max-pages {limit}" in err
            and "Nothing was written" in err)


@pytest.mark.parametrize(("kind", "name"), [("board", "tmnt"), ("board", "mystics"),
                                            ("sheet", "village-mp"), ("sheet", "monarchs-score")])
def test_max_pages_for_a_board_or_sheet_at_the_boundary(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        kind: str, name: str) -> None:
    spec = boards()[name] if kind == "board" else sheets()[name]
    pages = board_size(spec, "letter").pages
    out = tmp_path / "b.pdf"
    if pages > 1:
        code, _said, err = run(capsys, kind, name, "--paper", "letter", "--max-pages", str(pages - 1),
                               "--out", str(out))
        assert refused(code, err, pages, pages - 1) and not out.exists()
    code, said, err = run(capsys, kind, name, "--paper", "letter", "--max-pages", str(pages),
                          "--out", str(out))
    assert code == 0 and pages_of(out) == pages and "warning" not in err
    assert f"{pages} sheet{'s' * (pages != 1)}" in said and "(s)" not in said
    code, _said, err = run(capsys, kind, name, "--max-pages", "0", "--out", str(tmp_path / "c.pdf"))
    assert code == 2 and "--max-pages 0 is out of range" in err and not (tmp_path / "c.pdf").exists()


def test_max_pages_for_print_all_at_the_boundary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pages = RunSize.total(p.size for p in bundled_printables()).pages
    assert pages > BIG_RUN_PAGES  # (the bundled sets together: more pages than a big run's)
    refused_dir, made_dir = tmp_path / "refused", tmp_path / "made"
    refused_dir.mkdir()
    made_dir.mkdir()
    code, _said, err = run(capsys, "all", "--out", str(refused_dir), "--max-pages", str(pages - 1))
    assert refused(code, err, pages, pages - 1) and list(refused_dir.iterdir()) == []
    code, said, err = run(capsys, "all", "--out", str(made_dir), "--max-pages", str(pages), "--json")
    summary = json.loads(said)
    assert code == 0
    assert summary["pages"] == pages == sum(pages_of(made_dir / f["file"]) for f in summary["files"])
    # a folder of PDFs is no one print job: no big-run warning for the total (each file is small)
    assert "this run makes" not in err and summary["warnings"] == []
    assert all(not p.size.big for p in bundled_printables())


def test_the_commands_say_max_pages_in_their_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("board", "sheet", "all"):
        assert main(["print", command, "--help"]) == 0
        said = " ".join(capsys.readouterr().out.split())
        assert "--max-pages N refuse a run of more than N pages" in said, command
        assert f"a run of more than {BIG_RUN_PAGES} pages is made with a warning" in said, command
    assert main(["print", "calibration", "--help"]) == 0  # always two pages: no limit to set
    assert "--max-pages" not in capsys.readouterr().out


# --------------------------------------------------------------------------- the Printables page

@pytest.mark.parametrize(("what", "game", "sheet"), [("board", "tmnt", None), ("board", "mystics", None),
                                                     ("sheet", "monarchs", "monarchs-score"),
                                                     ("calibration", "village", None)])
def test_the_page_counts_what_it_will_print(what: str, game: str, sheet: str | None) -> None:
    page = PrintView(game)
    page.what.value = what
    if sheet is not None:
        page.sheet.value = sheet
    page.paper.value = "letter"
    shown = html.unescape(page.estimate.value)
    pages = pages_of(page.make())
    assert f"This makes {pages} page{'s' * (pages != 1)} (" in shown
    if what == "calibration":
        assert "(1 sheet of paper, duplex)" in shown


def test_the_page_shows_no_count_for_a_game_without_a_board() -> None:
    page = PrintView("mousecard")
    page.what.value = "board"
    assert page.estimate.value == "" and page.make_button.disabled
    page.what.value = "sheet"  # no score sheet of the game (another game's is not offered): none counted
    assert page.estimate.value == "" and page.make_button.disabled
