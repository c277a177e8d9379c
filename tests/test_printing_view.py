"""The print-and-play view: every kind of printable made from widgets, errors shown in a panel."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from companion.views.printing import PrintView


@pytest.fixture(scope="module")
def view() -> PrintView:
    return PrintView("village")


def test_cards_from_a_pasted_list_preview_and_download(view: PrintView) -> None:
    view.game.value = "village"
    view.what.value = "cards"
    view.deck.value = "-"
    view.pasted.value = "3 Acorn Scout\n2 Barley Runner\n"
    view.size.value = "custom"
    view.custom.value = "50x70"
    view.backs.value = "duplex"
    assert view.preview.layout.display == "none"  # no broken image before the first sheet
    view.make_button.click()
    assert "Made" in view.status.value and "5 cards (2 different)" in view.status.value
    assert view.progress.value == view.progress.max == 2  # moved page by page, front and back
    assert view.progress.layout.display == "none" and view.preview.layout.display == ""
    assert view.pdf.startswith(b"%PDF") and view.page.max == 2
    assert view.preview.value[:8] == b"\x89PNG\r\n\x1a\n"
    href = view.download.value.split("base64,", 1)[1].split("'", 1)[0]
    assert base64.b64decode(href) == view.pdf
    assert "cmp-print-make" in view.make_button._dom_classes
    view.page.value = 2  # the back page previews too
    assert view.preview.value[:4] == b"\x89PNG"
    view.bleed.value = 3  # another setting: the PDF saved stays, and a new one will not replace it
    said = view.status.value
    assert "stays in" in said and "never replaces it" in said and "copy it elsewhere" not in said


def test_bad_list_and_missing_board_are_shown_not_raised(view: PrintView) -> None:
    view.game.value = "village"
    view.what.value = "cards"
    view.deck.value = "-"
    view.pasted.value = "2 Nope Card"
    view.make_button.click()
    assert "did not work" in view.status.value and "Nope Card" in view.status.value
    view.game.value = "mousecard"
    view.what.value = "board"
    assert view.make_button.disabled  # (off: a click from code is told the same, in the page's words)
    view.make_button.click()
    said = view.status.value
    assert "No board for The Mouse Card system" in said
    assert "companion print" not in said and "mousecard" not in said


@pytest.mark.parametrize(("what", "game"),
                         [("board", "tmnt"), ("sheet", "village"), ("calibration", "village")])
def test_boards_sheets_and_calibration(view: PrintView, what: str, game: str) -> None:
    view.game.value = game
    view.what.value = what
    view.make_button.click()
    assert "Made" in view.status.value and view.filename.startswith(what if what != "sheet" else "sheet-")


def test_calibration_uses_the_chosen_flip(view: PrintView) -> None:
    import io

    from pypdf import PdfReader

    view.game.value = "village"
    view.what.value = "calibration"
    assert view.backs in view.options.children  # the flip is chosen where the page is made
    view.backs.value = "duplex-short"
    view.make_button.click()
    assert "Made" in view.status.value and "short-edge" in view.status.value
    prefs = PdfReader(io.BytesIO(view.pdf)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipShortEdge"
    view.backs.value = "duplex"
    view.make_button.click()
    prefs = PdfReader(io.BytesIO(view.pdf)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"


def test_cut_off_text_is_named_in_the_message(view: PrintView, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.cards import card_from_record

    long = card_from_record("village", "Mine", {"id": "long-one", "name": "Long One", "type": "magic",
                                                "source": "mine", "text": "Every mouse draws a card. " * 60})
    monkeypatch.setattr(PrintView, "_card_copies", lambda self: ([long], "Village TCG: mine", ()))
    view.what.value = "cards"
    view.size.value = "mini-american"
    view.make_button.click()
    assert "Made" in view.status.value and "did not fit" in view.status.value
    assert "Long One (long-one): text" in view.status.value and "companion-warn" in view.status.value
    view.size.value = "tarot"
    view.make_button.click()
    assert "did not fit" not in view.status.value and "companion-ok" in view.status.value


def test_a_failed_make_does_not_keep_offering_the_previous_pdf() -> None:
    view = PrintView("village")
    view.deck.value = "-"
    view.pasted.value = "3 Acorn Scout\n2 Barley Runner\n"
    view.make_button.click()
    assert view.pdf and "Download" in view.download.value and view.preview.layout.display == ""
    view.size.value = "custom"
    view.custom.value = "abc"
    view.make_button.click()
    assert "did not work" in view.status.value
    assert view.pdf == b"" and view.filename == "" and view.download.value == ""
    assert view.preview.layout.display == "none" and view.page.max == 1
    view.custom.value = "50x70"  # and a good run offers its own PDF again
    view.make_button.click()
    assert view.pdf.startswith(b"%PDF") and view.filename in view.download.value


def test_characters_the_font_cannot_draw_are_named_in_the_message(view: PrintView,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.cards import card_from_record

    odd = card_from_record("village", "Mine", {"id": "mouse-1", "name": "Mäuschen 🐭 ネズミ", "type": "fruit",
                                               "source": "mine"})
    monkeypatch.setattr(PrintView, "_card_copies", lambda self: ([odd], "Village TCG: mine", ()))
    view.game.value = "village"
    view.what.value = "cards"
    view.size.value = "poker"
    view.make_button.click()
    assert "Made" in view.status.value and "companion-warn" in view.status.value
    assert "some characters print as ■" in view.status.value and "did not fit" not in view.status.value
    assert "Mäuschen 🐭 ネズミ (mouse-1): 🐭 ネ ズ ミ" in view.status.value
    assert view.pdf.startswith(b"%PDF")


def test_an_offset_past_the_margin_is_named_in_the_message() -> None:
    """The notebook says what the command line says when the offset pushes backs off the page."""
    view = PrintView("monarchs")
    view.what.value = "cards"
    view.size.value = "poker"
    view.backs.value = "duplex"
    view.bleed.value = 3.0
    view.crop.value = False  # the run the command-line test warns about
    view.off_x.value, view.off_y.value = 20.0, 20.0
    view.make_button.click()
    assert "Made" in view.status.value and "companion-warn" in view.status.value
    assert "the offset pushes backs past the margin" in view.status.value
    assert "at the right, the cards reach 8 mm into it" in view.status.value
    assert view.pdf.startswith(b"%PDF")
    view.off_x.value, view.off_y.value = 0.0, 12.0  # room is made for it: no warning of the margin
    view.make_button.click()
    assert "Made" in view.status.value and "safe margin" not in view.status.value
    assert "the offset was turned for this sheet" in view.status.value  # (landscape: said, as the CLI does)


def test_errors_name_the_pages_controls_and_each_deck_name_its_own_file() -> None:
    v = PrintView("village")
    v.size.value = "custom"
    v.custom.value = "5x5"
    v.make_button.click()
    assert "W x H mm: card size" in v.status.value and "--size" not in v.status.value
    v.size.value = "poker"
    v.deck.value = "-"
    names = []
    for title, card in (("Дракон", "Acorn Scout"), ("Кошка", "Barley Runner")):
        v.pasted.value = f"Name: {title}\n3 {card}\n"
        v.make_button.click()
        names.append(v.filename)
    assert names == ["cards-village-дракон-a4.pdf", "cards-village-кошка-a4.pdf"]


@pytest.mark.parametrize(("control", "value"),
                         [("game", "tmnt"), ("what", "board"), ("paper", "letter"), ("size", "tarot"),
                          ("bleed", 1.0), ("crop", False), ("backs", "none"), ("off_x", 1.0),
                          ("pasted", "1 Acorn Scout\n")])
def test_changing_a_control_takes_the_previous_pdf_off_the_page(control: str, value: object) -> None:
    view = PrintView("village")
    view.deck.value = "-"
    view.pasted.value = "3 Acorn Scout\n2 Barley Runner\n"
    view.make_button.click()
    made = view.filename
    assert made and "Download" in view.download.value and view.preview.layout.display == ""
    getattr(view, control).value = value
    assert view.pdf == b"" and view.filename == "" and view.download.value == ""
    assert view.preview.layout.display == "none"
    assert "Made" not in view.status.value and "press Make PDF" in view.status.value
    assert made in view.status.value  # the saved file is not forgotten, only no longer offered as current


def test_a_failed_run_keeps_its_message_when_a_control_changes() -> None:
    view = PrintView("village")
    view.size.value = "custom"
    view.custom.value = "abc"
    view.make_button.click()
    assert "did not work" in view.status.value
    view.paper.value = "letter"
    assert "did not work" in view.status.value


@pytest.mark.parametrize("typed", ["", "   ", "63x"])
def test_a_blank_or_half_custom_size_is_refused(typed: str) -> None:
    view = PrintView("village")
    view.size.value = "custom"
    view.custom.value = typed
    view.make_button.click()
    assert "did not work" in view.status.value and "W x H mm" in view.status.value
    assert view.pdf == b"" and view.download.value == ""


def test_a_pdf_made_with_other_settings_never_replaces_the_earlier_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.cards import card_from_record, user_data_dir

    folder = user_data_dir() / "printables"
    view = PrintView("village")
    view.deck.value = "-"
    view.pasted.value = "3 Acorn Scout\n2 Barley Runner\n"
    view.make_button.click()
    first = view.filename
    stem = first.removesuffix(".pdf")
    kept = (folder / first).read_bytes()
    assert kept == view.pdf
    view.bleed.value = 3.0  # another setting: the new PDF goes beside the earlier one
    view.make_button.click()
    assert view.filename == f"{stem}-2.pdf" and (folder / first).read_bytes() == kept
    assert (folder / f"{stem}-2.pdf").read_bytes() == view.pdf != kept
    said = view.status.value
    assert f"Made {stem}-2.pdf" in said and f"saved as {folder / f'{stem}-2.pdf'}" in said
    assert f"{first} already holds something else (made with other settings" in said
    assert "kept, not replaced" in said
    assert f"download='{stem}-2.pdf'" in view.download.value
    view.make_button.click()  # the same settings again: its own file, no third one
    assert view.filename == f"{stem}-2.pdf" and not (folder / f"{stem}-3.pdf").exists()
    view.bleed.value = 0.0  # back to the first settings: the first file (the same bytes)
    view.make_button.click()
    assert view.filename == first and "kept" not in view.status.value
    view.bleed.value = 1.0  # a third setting: the next free number
    view.make_button.click()
    assert view.filename == f"{stem}-3.pdf" and (folder / first).read_bytes() == kept
    assert f"{first}, {stem}-2.pdf already hold something else" in view.status.value
    (folder / f"{stem}-3.pdf").write_bytes(b"%PDF changed since, by someone else")
    view.make_button.click()  # its own name and settings, but the file changed: kept too
    assert view.filename == f"{stem}-4.pdf"
    assert (folder / f"{stem}-3.pdf").read_bytes() == b"%PDF changed since, by someone else"
    assert f"{first}, {stem}-2.pdf, {stem}-3.pdf already hold" in view.status.value
    view.bleed.value = 2.0  # many kept: the first is named, the others counted
    view.make_button.click()
    assert view.filename == f"{stem}-5.pdf"
    assert f"{first} and 3 numbered ones already hold" in view.status.value
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [first, *(f"{stem}-{n}.pdf" for n in (2, 3, 4, 5))])
    (folder / first).unlink()  # the first file deleted by hand: these settings still use their own
    view.make_button.click()
    assert view.filename == f"{stem}-5.pdf" and not (folder / first).exists()  # (no second copy)

    # a file of that name from before the page (another session, another program): kept
    (folder / "board-tmnt-a4.pdf").write_bytes(b"%PDF mine")
    view.game.value, view.what.value = "tmnt", "board"
    view.make_button.click()
    assert view.filename == "board-tmnt-a4-2.pdf"
    assert (folder / "board-tmnt-a4.pdf").read_bytes() == b"%PDF mine"

    # the same settings with other cards (a card file edited meanwhile): its own file is replaced
    def card(name: str) -> Any:
        return card_from_record("village", "Mine", {"id": "one", "name": name, "type": "fruit",
                                                    "source": "m"})

    cards = [card("One")]
    monkeypatch.setattr(PrintView, "_card_copies", lambda self: (list(cards), "Village TCG: mine", ()))
    view.game.value, view.what.value = "village", "cards"
    view.make_button.click()
    mine, before = view.filename, view.pdf
    cards[0] = card("Two")
    view.make_button.click()
    assert view.pdf != before and view.filename == mine and (folder / mine).read_bytes() == view.pdf


def test_a_numbered_pdf_that_cannot_be_written_leaves_no_empty_file(monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.textio as textio
    import companion.views.printing as printing
    from companion.cards import user_data_dir

    folder = user_data_dir() / "printables"
    folder.mkdir(parents=True)
    (folder / "calibration-a4.pdf").write_bytes(b"%PDF mine")

    def full(path: object, data: bytes) -> None:
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(printing, "write_bytes_atomic", full)
    monkeypatch.setattr(textio, "write_bytes_atomic", full)  # (write_new's, for the numbered name)
    view = PrintView("village")
    view.what.value = "calibration"
    view.make_button.click()
    assert "it is not saved" in view.status.value and "(no space left on device)" in view.status.value
    assert view.pdf.startswith(b"%PDF") and "download=" in view.download.value  # offered all the same
    assert [p.name for p in folder.iterdir()] == ["calibration-a4.pdf"]  # the name claimed is given back
    assert (folder / "calibration-a4.pdf").read_bytes() == b"%PDF mine"


def test_a_folder_that_cannot_be_written_still_offers_the_pdf(monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.views.printing as printing
    from companion.cards import user_data_dir
    from companion.errors import PathError

    def refused(path: object, data: bytes) -> None:  # as write_bytes_atomic words a refusal
        raise PathError(PermissionError(13, "Permission denied", f"{path}.1234.tmp"))

    monkeypatch.setattr(printing, "write_bytes_atomic", refused)
    monkeypatch.setattr(printing, "write_new", refused)
    view = PrintView("village")
    view.what.value = "calibration"
    view.make_button.click()
    said = view.status.value
    assert "Made calibration-a4.pdf, but it is not saved" in said
    assert f"it could not be saved in {user_data_dir() / 'printables'} (permission denied)" in said
    assert ".tmp" not in said and "saved as" not in said
    assert view.pdf.startswith(b"%PDF") and "download='calibration-a4.pdf'" in view.download.value
