"""Print and play, tidy: the crop marks' room is worked out once (geometry), and every board note is
drawn and noted by one helper.

The room a sheet keeps for its shortest crop marks (their offset and minimum length) sizes the grid,
limits how far the grid moves for a duplex offset and keeps the front's footer clear of the marks;
each side's share (none on a grid's ``bare`` sides) comes from :func:`grid_reserve`. A note under a
track, on a marker strip or under a score table is wrapped, drawn muted and noted as text, so a tiled
board's cut lines keep off it.
"""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from companion.printing.boards import _Board, find_sheet
from companion.printing.geometry import (
    SIDES,
    crop_mark_reserve,
    grid_reserve,
    load_geometry,
    sheet_grid,
)


def test_crop_mark_reserve_is_the_shortest_marks_with_their_offset() -> None:
    s = load_geometry().sheet
    assert crop_mark_reserve() == s["crop_mark_offset"] + s["crop_mark_min_length"] > 0


def test_grid_reserve_keeps_room_only_on_the_sides_with_marks() -> None:
    g = load_geometry()
    poker, letter = g.card_size(None), g.paper("letter")
    # corner guides on Letter: 9 poker cards, the marks left out above and below them
    bare = sheet_grid(letter, poker, crop_marks=True, corner_guides=True)
    assert bare.bare == ("bottom", "top")
    kept = crop_mark_reserve()
    assert dict(zip(SIDES, grid_reserve(bare), strict=True)) == {
        "left": kept, "right": kept, "bottom": 0.0, "top": 0.0}
    assert grid_reserve(sheet_grid(letter, poker, crop_marks=True)) == (kept,) * 4
    assert grid_reserve(sheet_grid(letter, poker)) == (0.0,) * 4  # no crop marks: no room kept


def test_a_score_table_note_is_noted_as_text() -> None:
    spec = find_sheet("monarchs-score")
    table = next(e for e in spec["elements"] if e["kind"] == "table" and e.get("note"))
    board = _Board(Canvas(io.BytesIO()), spec)
    board.draw()
    # the note's lines sit in the table's last 10 mm (board mm, y up), above its bottom edge
    x0 = board.L(table, "x")
    bottom = board.bh - board.L(table, "y") - board.L(table, "h")
    noted = [w for w in board.words if abs(w.x - x0) < 1e-6 and bottom < w.y < bottom + 10]
    assert noted, "the table's note was drawn but not noted as text"
