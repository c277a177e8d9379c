"""Printed Of Mice and Monarchs cards and boards: icons as many as the card has, each crown once."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from companion.cards import load_game
from companion.printing import faces
from companion.printing.faces import monarchs_face


def _card(name: str):  # type: ignore[no-untyped-def]
    return load_game("monarchs", include_user=False).find(name)


def test_a_card_with_two_move_and_cover_icons_prints_two() -> None:
    card = _card("Tangerine Trickster")
    assert card.get("move_cover") == 2
    assert monarchs_face(card).symbols.count("move") == 2
    assert monarchs_face(_card("Court Jester")).symbols.count("move") == 1


def test_every_crown_is_printed_once() -> None:
    """A slash crown (of-mice-and-monarchs.md, Game Play: "count as a Crown for end-game scoring")
    is one of the card's crowns: the crown icons on a face add up to the card's crowns, no more."""
    db = load_game("monarchs", include_user=False)
    slashed = 0
    for card in db:
        spec = monarchs_face(card)
        icons = spec.symbols.count("crown") + spec.crowns
        assert icons == (card.get("crowns") or 0), card.name
        slashed += bool(card.get("crown_slash"))
    assert slashed >= 3  # (Purple Page, Harvest Scout, Tide Spy...)
    page = monarchs_face(_card("Purple Page"))
    assert page.symbols == ["crown"] and page.crowns == 0 and "scores as a crown" in page.type_line
    scout = monarchs_face(_card("Harvest Scout"))
    assert scout.symbols == ["crown", "move"]  # drawn right to left: Move and Cover / crown


@pytest.mark.parametrize("name", ["Tide Spy", "Harvest Scout", "Purple Page", "Tangerine Trickster"])
def test_the_type_line_words_never_touch_its_icons(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    calls: list[tuple[str, float, str]] = []
    icons: list[tuple[float, float]] = []
    real_fit = faces.fit_line

    def fit(text: str, font: str, *args: float) -> tuple[float, str]:
        size, shown = real_fit(text, font, *args)
        calls.append((font, size, shown))
        return size, shown

    monkeypatch.setattr(faces, "fit_line", fit)
    monkeypatch.setattr(faces, "draw_symbol", lambda _c, _n, x, _y, s: icons.append((x, s)))
    w, h = 63.5 * mm, 88.9 * mm  # a poker card
    spec = monarchs_face(_card(name))
    faces.draw_face(Canvas(io.BytesIO()), spec, w, h, 0.0)
    font, size, shown = next(c for c in calls if c[0] == "Helvetica-Oblique" and c[2])
    assert shown == spec.type_line  # all of it fits
    words_end = 0.045 * w * 1.8 + stringWidth(shown, font, size)
    first_icon = min(x for x, _s in icons)
    assert first_icon - words_end >= icons[0][1] / 4  # a gap of a quarter icon at least


def test_a_tiled_board_names_its_sheets_as_the_summary_does(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pypdfium2 as pdfium

    from companion.printing.boards import boards, print_board

    out = tmp_path / "board.pdf"
    summary = print_board(boards()["monarchs"], out, paper="a4")
    assert summary["sheets"] == 2
    doc = pdfium.PdfDocument(str(out))
    try:
        text = doc[0].get_textpage().get_text_range()
    finally:
        doc.close()
    assert f"sheet A1 of 2 ({summary['cols']} across x {summary['rows']} down)" in text
    assert "of 1x2" not in text
