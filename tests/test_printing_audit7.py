"""Print and play, seventh audit: no card holds fewer characters on a line than before the smallest sizes
were capped (a landscape poker card had lost a third of its name), the promise "a larger card holds
what a smaller one holds" stated exactly and tested, ``--art`` images matched in any Unicode form and
judged against the whole game, with a warning for every file named after a printed card that was not
used, blank ``--art`` and ``--bleed`` refused as ``--size`` is, and Pillow's EXIF troubles said as
print warnings (a MemoryError no longer swallowed).
"""

from __future__ import annotations

import io
import json
import random
import unicodedata
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.printing.geometry import load_geometry
from tests.test_printing import CARDS, run
from tests.test_printing_audit6 import _art_notes, _image, _specs

MM = 72.0 / 25.4
LINES = {"name", "type line", "stats", "legend", "footer"}


# --------------------------------------------------------------------------- 1. lines kept, the promise

def _cut(spec: Any, w_mm: float, h_mm: float, sizes: dict[str, float] | None = None) -> set[str]:
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.faces import draw_face

    return set(draw_face(Canvas(io.BytesIO()), spec, w_mm * MM, h_mm * MM, 0.0, sizes=sizes))


def _text(n: int) -> str:
    """``n`` characters of wide letters, in words (as cmp2.py of the review measured)."""
    return "Mmmm " * (n // 5) + "M" * (n % 5)


def _longest(spec: Any, field: str, part: str, w: float, h: float) -> int:
    """The most characters of :func:`_text` the ``field`` of ``spec`` holds uncut on a ``w`` x ``h`` card."""
    lo, hi = 0, 400
    while lo < hi:
        m = (lo + hi + 1) // 2
        value: Any = [("A", _text(m))] * 4 if field == "stats" else _text(m)
        if part in _cut(replace(spec, **{field: value}), w, h):
            hi = m - 1
        else:
            lo = m
    return lo


def _base() -> Any:
    from companion.printing.faces import FaceSpec

    return FaceSpec(title="T", colour="#123456", corner="3", type_line="t", symbols=["food", "food"],
                    stats=[("ATK", "1"), ("DEF", "2"), ("HP", "3"), ("SPD", "4")], legend="l", footer="f",
                    body="Body.")


FIELDS = [("title", "name"), ("type_line", "type line"), ("footer", "footer"), ("legend", "legend"),
          ("stats", "stats")]

# The longest name, type line, footer, legend and stat (in characters of _text) each size held with
# _base(), computed with the code before the smallest sizes were capped (git show 75958c2:
# companion/printing/faces.py) ...
BEFORE = {
    (88.9, 63.5): [50, 67, 101, 101, 13], (90, 60): [54, 72, 108, 108, 15],
    (150, 50): [113, 155, 217, 217, 31],
    (150, 120): [45, 59, 90, 90, 12], (120, 60): [74, 100, 145, 145, 20], (120, 100): [42, 56, 86, 86, 11],
    (89, 89): [35, 45, 72, 72, 9], (100, 100): [35, 45, 72, 72, 9], (63.5, 88.9): [23, 30, 51, 51, 6],
    (70, 120): [23, 30, 51, 51, 6], (44, 68): [23, 29, 51, 51, 6], (41.275, 63.5): [23, 29, 51, 51, 6],
    (68, 44): [56, 75, 111, 111, 15], (39.1, 33.6): [41, 53, 83, 83, 11], (64.6, 63.4): [35, 46, 73, 73, 9],
    (200, 60): [127, 174, 241, 241, 35],
}
# ... and with the first cap (least_height by the width alone, commit 271121a): what it gained is kept.
CAPPED = {
    (88.9, 63.5): [33, 42, 72, 72, 9], (90, 60): [33, 42, 72, 72, 9], (150, 50): [56, 71, 140, 140, 17],
    (150, 120): [56, 71, 122, 122, 17], (120, 60): [45, 57, 97, 97, 13], (120, 100): [45, 57, 97, 97, 13],
    (89, 89): [33, 42, 72, 72, 9], (100, 100): [37, 47, 81, 81, 10], (63.5, 88.9): [23, 30, 51, 51, 6],
    (70, 120): [26, 32, 56, 56, 7], (44, 68): [23, 29, 51, 51, 6], (41.275, 63.5): [23, 29, 51, 51, 6],
    (68, 44): [26, 36, 72, 72, 7], (39.1, 33.6): [23, 29, 53, 53, 6], (64.6, 63.4): [23, 30, 52, 52, 6],
    (200, 60): [75, 96, 162, 162, 23],
}


def test_no_size_holds_fewer_characters_on_a_line_than_before() -> None:
    """A landscape poker card (88.9 x 63.5) had come to cut a name at 33 characters it held 50 of (the
    smallest size was reckoned by the width alone, at most a poker card's: above it on any card wider
    than a poker card in proportion). Now every line holds at least what it did before, and what the
    first cap gained (a 70 x 120 tarot card: 26 instead of 23)."""
    spec = _base()
    got = {size: [_longest(spec, f, part, *size) for f, part in FIELDS] for size in BEFORE}
    fewer = {size: (BEFORE[size], CAPPED[size], got[size]) for size in BEFORE
             if any(n < max(a, b) for n, a, b in zip(got[size], BEFORE[size], CAPPED[size], strict=True))}
    assert not fewer, fewer


@pytest.mark.parametrize("size,before", [
    ((88.9, 63.5), [56, 71, 101]), ((90, 60), [60, 77, 108]), ((150, 50), [121, 160, 217]),
    ((150, 120), [50, 63, 90]), ((120, 60), [81, 105, 145]), ((89, 89), [40, 49, 72]),
])
def test_the_reviews_village_lines_hold_as_before(size: tuple[float, float], before: list[int]) -> None:
    """The review's cases, with Acorn Scout (name, type line, footer; numbers from 75958c2)."""
    from companion.cards import load_game
    from companion.printing.faces import BUILDERS

    spec = BUILDERS["village"](load_game("village", include_user=False).cards[0])
    got = [_longest(spec, f, part, *size) for f, part in FIELDS[:3]]
    assert all(n >= b for n, b in zip(got, before, strict=True)), (got, before)


def _poker() -> tuple[float, float]:
    return load_geometry().card_size("poker")


def _tall(w: float, h: float) -> bool:
    """Of a poker card's proportion or taller: the smaller card the promise for lines is about."""
    pw, ph = _poker()
    return h * pw >= w * ph * (1 - 1e-9)


def _game_specs() -> list[Any]:
    from companion.cards import load_game
    from companion.printing.faces import BUILDERS

    return [BUILDERS[g](c) for g in ("village", "tmnt", "monarchs", "mystics")
            for c in load_game(g, include_user=False)]


def _pairs(rnd: random.Random, n: int, smaller: Any) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """``n`` pairs of sizes (mm), the second at least as large both ways (often equal one way), the first
    drawn by ``smaller(rnd)``."""
    out = []
    for _ in range(n):
        a = smaller(rnd)
        dw, dh = (rnd.choice([0.0, round(rnd.uniform(0.1, 60), 1)]) for _ in range(2))
        out.append((a, (round(a[0] + dw, 2), round(a[1] + dh, 2))))
    return out


def test_a_larger_card_holds_every_line_a_card_of_poker_proportion_or_taller_holds() -> None:
    """The promise (faces.draw_face): when the smaller card is of a poker card's proportion or taller, a card
    at least as wide and as tall, of any proportion, holds every line it holds, and the text when the
    text can shrink to 4 pt on the smaller card. Random pairs over every game's cards and texts made to
    reach the limits."""
    from companion.printing.faces import text_height

    pw, ph = _poker()

    def tall(rnd: random.Random) -> tuple[float, float]:
        w = round(rnd.uniform(20, 120), 1)
        return w, round(rnd.uniform(w * ph / pw, max(w * ph / pw, 200)) + 0.05, 1)

    rnd = random.Random(7)
    pairs = [
        *_pairs(rnd, 36, tall),
        ((63.5, 88.9), (88.9, 88.9)), ((63.5, 88.9), (150, 100)), ((90, 140), (100, 140)),
        ((63.5, 88.9), (63.5, 120)), ((44, 61.6), (88.9, 63.5)), ((50, 70), (200, 70)),
    ]
    specs = _game_specs() + _specs()
    bad, reached = [], 0
    for a, b in pairs:
        assert _tall(*a), a
        promised = LINES | ({"text"} if text_height(a[0] * MM, a[1] * MM) >= 80 else set())
        for spec in specs:
            ca, cb = _cut(spec, *a), _cut(spec, *b)
            reached += bool(ca & LINES)
            if (cb - ca) & promised:
                bad.append((a, b, spec.title, (cb - ca) & promised))
    assert reached > 100  # the texts test the limits
    assert not bad, bad[:10]


def test_a_larger_card_holds_the_text_a_smaller_one_holds_whatever_their_proportions() -> None:
    """The text (not the lines) is promised for a smaller card of any proportion whose text can shrink to
    4 pt: the text's room down goes by the height alone, across by the width alone."""
    from companion.printing.faces import text_height

    def any_card(rnd: random.Random) -> tuple[float, float]:
        while True:
            w, h = round(rnd.uniform(25, 150), 1), round(rnd.uniform(25, 150), 1)
            if text_height(w * MM, h * MM) >= 80:
                return w, h

    specs = _specs()
    bad, reached = [], 0
    for a, b in _pairs(random.Random(8), 60, any_card):
        for spec in specs:
            ca, cb = _cut(spec, *a), _cut(spec, *b)
            reached += "text" in ca
            if "text" in cb - ca:
                bad.append((a, b, spec.title))
    assert reached > 20
    assert not bad, bad[:10]


def test_a_larger_mouse_card_holds_the_rank_and_footer_a_poker_proportion_one_holds() -> None:
    from reportlab.pdfgen.canvas import Canvas

    from companion.cards import card_from_record
    from companion.printing.faces import draw_playing_card

    pw, ph = _poker()

    def tall(rnd: random.Random) -> tuple[float, float]:
        w = round(rnd.uniform(20, 120), 1)
        return w, round(rnd.uniform(w * ph / pw, max(w * ph / pw, 200)) + 0.05, 1)

    rnd = random.Random(9)
    cards = [card_from_record("mousecard", "Set " + "Mm " * k, {"id": f"c{k}", "name": "C", "type": "card",
                                                                  "rank": rank, "suit": "cheese"})
             for k, rank in zip(range(0, 40, 3), ["10", "Q", "WWW", "7"] * 4, strict=False)]
    bad = []
    for a, b in _pairs(rnd, 40, tall):
        for card in cards:
            ca = set(draw_playing_card(Canvas(io.BytesIO()), card, a[0] * MM, a[1] * MM, 0.0))
            cb = set(draw_playing_card(Canvas(io.BytesIO()), card, b[0] * MM, b[1] * MM, 0.0))
            if cb - ca:
                bad.append((a, b, card.id, cb - ca))
    assert not bad, bad[:10]


def test_what_is_not_promised_is_what_the_docstring_says() -> None:
    """A card wider than a poker card in proportion keeps the smallest sizes it always had, which grow
    with its height while its room across does not: 150 x 120 cuts a footer 150 x 50 holds (as before
    the cap: 217 and 90 characters). The smallest size is never above text_height's, nor a poker card's."""
    from companion.printing.faces import least_height, text_height

    spec = _base()
    assert _longest(spec, "footer", "footer", 150, 50) > _longest(spec, "footer", "footer", 150, 120)
    _pw, ph = _poker()
    for w, h in [(88.9, 63.5), (150, 50), (150, 120), (63.5, 88.9), (100, 140), (30, 200), (89, 89)]:
        lt, th = least_height(w * MM, h * MM), text_height(w * MM, h * MM)
        assert lt == min(th, ph * MM)
    assert least_height(88.9 * MM, 63.5 * MM) == text_height(88.9 * MM, 63.5 * MM) == 63.5 * MM


def _record(monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]],
                                                       list[tuple[Any, ...]]]:
    """Record the texts, rounded rectangles and symbols draw_face draws."""
    from companion.printing import faces

    texts: list[tuple[Any, ...]] = []
    rrects: list[tuple[Any, ...]] = []
    symbols: list[tuple[Any, ...]] = []
    text, rrect, symbol = faces.Pen.text, faces.Pen.rrect, faces.draw_symbol

    def rec_text(self: Any, font: str, size: float, x: float, y: float, t: str, *,
                 centre: bool = False) -> None:
        texts.append((font, size, x, t, centre))
        text(self, font, size, x, y, t, centre=centre)

    def rec_rrect(self: Any, x: float, y: float, w: float, h: float, r: float) -> None:
        rrects.append((x, y, w, h, r))
        rrect(self, x, y, w, h, r)

    def rec_symbol(c: Any, name: str, x: float, y: float, s: float) -> None:
        symbols.append((x, s))
        symbol(c, name, x, y, s)

    monkeypatch.setattr(faces.Pen, "text", rec_text)
    monkeypatch.setattr(faces.Pen, "rrect", rec_rrect)
    monkeypatch.setattr(faces, "draw_symbol", rec_symbol)
    return texts, rrects, symbols


@pytest.mark.parametrize("size", [(120, 60), (89, 89), (63.5, 88.9), (88.9, 63.5), (100, 140)])
def test_the_name_and_type_line_run_up_to_the_badge_and_icons_drawn(monkeypatch: pytest.MonkeyPatch,
                                                                     size: tuple[float, float]) -> None:
    """The room kept for the corner badge and the type line's icons had been a copy of their drawing
    reckoned for a card of poker proportion as wide (0.105 * at * 0.86, 0.06 * at * 0.95): on a wider card
    several mm more than the badge and icons drawn, so a line was cut well short of them. A name that just
    fits now ends half a pad before the badge's room (the badge ``b`` wide is drawn 1.12 ``b`` plus a pad in
    from the edge, the name's room ends 2.3 pads and ``b`` from it: 1.3 pads less 0.12 ``b`` between
    them); a type line a third of an icon and 1 pt before the icons."""
    from companion.printing.text import _width1

    w, h = size
    spec = _base()
    # a name of one word is never wrapped to two lines (faces.fit_title): the longest that holds runs up
    # to the badge on one line
    lo, hi = 0, 400
    while lo < hi:
        m = (lo + hi + 1) // 2
        lo, hi = (m, hi) if "name" not in _cut(replace(spec, title="M" * m), w, h) else (lo, m - 1)
    n_type = _longest(spec, "type_line", "type line", w, h)
    texts, rrects, symbols = _record(monkeypatch)
    _cut(replace(spec, title="M" * lo, type_line=_text(n_type)), w, h)
    pad = 0.045 * w * MM
    (name,) = [t for t in texts if t[3] == "M" * lo]
    badge = [r for r in rrects if abs(r[2] - r[3]) < 1e-9 and abs(r[2] - 2 * r[4]) < 1e-9]
    assert len(badge) == 1
    name_end = name[2] + _width1(name[3], name[0]) * name[1]
    gap, b = badge[0][0] - name_end, badge[0][2]
    one = _width1("M", name[0]) * name[1]
    assert 1.3 * pad - 0.12 * b - 1e-6 <= gap <= 1.3 * pad - 0.12 * b + one, (gap, pad, b, one)
    (line,) = [t for t in texts if t[3] == _text(n_type)]
    line_end = line[2] + _width1(line[3], line[0]) * line[1]
    first_icon, sym = min(symbols)
    gap = first_icon - line_end
    one = _width1("M", line[0]) * line[1]
    assert 1 + sym / 3 - 1e-6 <= gap <= 1 + sym / 3 + one, (gap, sym, one)


# --------------------------------------------------------------------------- 2. the --art folder

def _card_file(tmp_path: Path, cards: list[dict[str, Any]]) -> Path:
    """A village card file of ``cards`` (id, name and any other fields over the first test card)."""
    doc = json.loads(CARDS.read_text(encoding="utf-8"))
    base = doc["cards"][0]
    doc["cards"] = [{**base, **c} for c in cards]
    f = tmp_path / "cards.json"
    f.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return f


def _print(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> tuple[int, dict[str, Any], str]:
    code, out, err = run(capsys, "cards", "village", *args, "--json", "--out", str(tmp_path / "a.pdf"))
    return code, (json.loads(out) if code == 0 else {}), err


def test_an_image_named_in_decomposed_unicode_matches_the_cards_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """macOS and zips made there write 'Crème Brûlée.png' decomposed (e + a combining accent); the card's
    name is composed: it had never matched, without a word."""
    f = _card_file(tmp_path, [{"id": "creme", "name": "Crème Brûlée"}, {"id": "cafe", "name": "Café Noir"}])
    folder = tmp_path / "art"
    folder.mkdir()
    _image(folder / (unicodedata.normalize("NFD", "Crème Brûlée") + ".png"), "red")
    _image(folder / (unicodedata.normalize("NFD", "CAFÉ NOIR") + ".jpg"), "green")
    code, summary, err = _print(capsys, tmp_path, "--cards", str(f), "--art", str(folder))
    assert code == 0, err
    assert summary["images"] == 2 and _art_notes(summary) == []


def test_a_file_named_after_a_printed_card_in_a_format_not_read_is_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``ptest-acorn.heic`` and ``Print Test Spell.HEIC`` (a phone's photos, named after cards printed)
    were passed over without a word; a file named after no card still is."""
    folder = tmp_path / "art"
    folder.mkdir()
    (folder / "ptest-acorn.heic").write_bytes(b"heic")
    (folder / "Print Test Spell.HEIC").write_bytes(b"heic")
    (folder / "ptest-apple.png.txt").write_text("x", encoding="utf-8")
    (folder / "IMG_0001.HEIC").write_bytes(b"heic")
    _image(folder / "ptest-trick.png", "red")
    code, summary, err = _print(capsys, tmp_path, "--cards", str(CARDS), "--art", str(folder))
    assert code == 0, err
    assert summary["images"] == 1
    notes = _art_notes(summary)
    assert len(notes) == 3, notes
    said = {n.split("'")[3]: n for n in notes}
    assert set(said) == {"Print Test Spell.HEIC", "ptest-acorn.heic", "ptest-apple.png.txt"}
    heic, spell, txt = said["ptest-acorn.heic"], said["Print Test Spell.HEIC"], said["ptest-apple.png.txt"]
    assert "named after card 'ptest-acorn'" in heic and "(.heic)" in heic
    assert "named after card 'ptest-spell'" in spell and "(.HEIC)" in spell
    assert "named after card 'ptest-apple'" in txt and "not an image printing reads (.txt)" in txt
    assert all(n in err for n in notes)


def test_which_card_an_image_is_for_does_not_depend_on_the_rest_of_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """clover-forager-alt printed alone took 'Clover Forager.png'; printed with clover-forager, neither did.
    The name is judged against the whole game: two cards have it, so neither takes it, and a warning
    names both, however the run is made."""
    folder = tmp_path / "art"
    folder.mkdir()
    _image(folder / "Clover Forager.png", "red")
    alone, other = ["1 clover-forager-alt"], ["2 clover-forager"]
    for lines in (alone, [*alone, "1 clover-forager"], other):
        deck = tmp_path / "deck.txt"
        deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
        code, summary, err = _print(capsys, tmp_path, "--deck", str(deck), "--art", str(folder))
        assert code == 0, err
        assert summary["images"] == 0, lines
        (note,) = _art_notes(summary)
        assert "'Clover Forager.png' is named after a name 2 cards have" in note
        assert "clover-forager, clover-forager-alt" in note


def test_a_card_named_like_another_cards_id_never_takes_that_cards_image(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A card of one's own named 'acorn-scout' (the id of a bundled Village card) printed without Acorn
    Scout took 'acorn-scout.png': the id check covered only the cards printed."""
    f = _card_file(tmp_path, [{"id": "my-scout", "name": "acorn-scout"}])
    folder = tmp_path / "art"
    folder.mkdir()
    _image(folder / "acorn-scout.png", "red")
    code, summary, err = _print(capsys, tmp_path, "--cards", str(f), "--art", str(folder))
    assert code == 0, err
    assert summary["images"] == 0
    (note,) = _art_notes(summary)
    assert "none of its images is named after a card printed here" in note and "'acorn-scout.png'" in note


def test_an_art_image_that_cannot_be_read_is_a_warning_and_the_card_printed_without_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unreadable file matched by name stopped the whole run (exit 2): the folder is a guess by names,
    so it is a warning naming the file, and the card is printed without art."""
    folder = tmp_path / "art"
    folder.mkdir()
    (folder / "Print Test Acorn.png").write_bytes(b"not an image")
    _image(folder / "ptest-apple.png", "green")
    code, summary, err = _print(capsys, tmp_path, "--cards", str(CARDS), "--art", str(folder))
    assert code == 0, err
    assert summary["images"] == 1
    (note,) = _art_notes(summary)
    assert "'Print Test Acorn.png', for card 'ptest-acorn', cannot be read" in note
    assert "the card is printed without art" in note and note in err


def test_an_unreadable_art_image_gives_way_to_the_cards_next_one(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "art"
    folder.mkdir()
    (folder / "ptest-acorn.png").write_bytes(b"not an image")
    _image(folder / "Print Test Acorn.jpg", "red")
    code, summary, err = _print(capsys, tmp_path, "--cards", str(CARDS), "--art", str(folder))
    assert code == 0, err
    assert summary["images"] == 1
    notes = _art_notes(summary)
    assert any("'ptest-acorn.png', for card 'ptest-acorn', cannot be read" in n
               and "'Print Test Acorn.jpg' was used instead" in n for n in notes), notes


def test_a_cards_own_art_comes_first_and_its_image_in_the_folder_is_said_not_used(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    own = _image(tmp_path / "own.png", "blue")
    f = _card_file(tmp_path, [{"id": "ptest-acorn", "art": own.name}, {"id": "ptest-two", "name": "Two"}])
    folder = tmp_path / "art"
    folder.mkdir()
    _image(folder / "PTEST-ACORN.png", "red")
    _image(folder / "ptest-two.png", "green")
    code, summary, err = _print(capsys, tmp_path, "--cards", str(f), "--art", str(folder))
    assert code == 0, err
    assert summary["images"] == 2
    (note,) = _art_notes(summary)
    assert "'PTEST-ACORN.png' was not used: card 'ptest-acorn' has its own art ('own.png')" in note


def test_the_art_folder_docstring_says_how_a_back_is_matched() -> None:
    """It said names and suffixes match in any case 'as a card's back takes them': a back is read from its
    exact path, only its suffix in any case."""
    from companion.printing.render import ArtFolder

    doc = " ".join((ArtFolder.__doc__ or "").split())
    assert "as a card's ``back`` takes them" not in doc
    assert "read from its exact path, only its suffix in any case" in doc


# --------------------------------------------------------------------------- 3. blank options

@pytest.mark.parametrize("args,said", [
    (["--art", ""], "--art: no art folder given"),
    (["--art", "  "], "--art: no art folder given"),
    (["--bleed", ""], "--bleed: no length given"),
    (["--bleed", "abc"], "--bleed: not a length: 'abc'"),  # (a unit is taken now: 0.3cm; not 'in mm')
    (["--bleed", "nan"], "--bleed: not a length: 'nan'"),
    (["--size", ""], "--size: no card size given"),
])
def test_blank_and_bad_options_are_refused_in_one_style(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        args: list[str], said: str) -> None:
    """``--art ""`` printed without art, exit 0; a blank or bad ``--bleed`` gave argparse's usage text
    while a blank ``--size`` gave one line naming the option: now all give that line."""
    pdf = tmp_path / "v.pdf"
    code, _, err = run(capsys, "cards", "village", *args, "--out", str(pdf))
    assert code == 2 and said in err, err
    assert "usage:" not in err and err.startswith("companion: --") and len(err.strip().splitlines()) == 1
    assert not pdf.exists()


def test_a_blank_art_folder_is_refused_by_the_printing_too() -> None:
    from companion.cards import load_game
    from companion.printing.geometry import PrintError
    from companion.printing.render import CardOptions, print_cards

    cards = list(load_game("village", include_user=False).cards[:1])
    with pytest.raises(PrintError, match="no art folder given"):
        print_cards(cards, io.BytesIO(), CardOptions(art_dir=""), game="village")


def test_a_bleed_left_out_is_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--json", "--layout-json",
                         str(tmp_path / "l.json"), "--out", str(tmp_path / "v.pdf"))
    assert code == 0, err
    assert json.loads((tmp_path / "l.json").read_text(encoding="utf-8"))["bleed_mm"] == 0
    code, _, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--bleed", "3mm", "--layout-json",
                         str(tmp_path / "l.json"), "--out", str(tmp_path / "v.pdf"))
    assert code == 0, err
    assert json.loads((tmp_path / "l.json").read_text(encoding="utf-8"))["bleed_mm"] == 3


# --------------------------------------------------------------------------- 4. EXIF

def _broken_exif_jpeg(path: Path) -> Path:
    """A JPEG whose EXIF block ends short (Pillow: 'Corrupt EXIF data. Expecting to read 12 bytes...')."""
    from PIL import Image

    Image.new("RGB", (40, 20), "red").save(
        path, "JPEG", exif=b"Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x05\x01\x12\x00\x03\xff\xff\xff\xff")
    return path


def test_a_memory_error_reading_exif_is_not_swallowed(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image, ImageOps
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.images import ImageCache

    p = tmp_path / "a.png"
    Image.new("RGB", (30, 20), "red").save(p)

    def out_of_memory(im: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(ImageOps, "exif_transpose", out_of_memory)
    with pytest.raises(MemoryError):
        ImageCache(Canvas(io.BytesIO())).get(p)


def test_an_exif_block_pillow_cannot_read_leaves_the_image_as_stored_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image, ImageOps
    from reportlab.pdfgen.canvas import Canvas

    from companion.printing.images import ImageCache

    p = tmp_path / "a.png"
    Image.new("RGB", (30, 20), "red").save(p)

    def not_tiff(im: Any) -> Any:
        raise SyntaxError("not a TIFF file (header b'' not valid)")

    monkeypatch.setattr(ImageOps, "exif_transpose", not_tiff)
    cache = ImageCache(Canvas(io.BytesIO()))
    assert cache.get(p).aspect == pytest.approx(1.5)
    (note,) = cache.notes
    assert str(p) in note and "EXIF data cannot be read" in note and "placed as stored" in note


def test_pillows_corrupt_exif_warning_is_a_print_warning_naming_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], recwarn: pytest.WarningsRecorder) -> None:
    """Pillow's 'UserWarning: Corrupt EXIF data' came out raw on standard error, naming no file."""
    folder = tmp_path / "art"
    folder.mkdir()
    _broken_exif_jpeg(folder / "ptest-acorn.jpg")
    code, summary, err = _print(capsys, tmp_path, "--cards", str(CARDS), "--art", str(folder))
    assert code == 0, err
    assert summary["images"] == 1
    notes = [w for w in summary["warnings"] if "Corrupt EXIF data" in w]
    assert len(notes) == 1 and "ptest-acorn.jpg" in notes[0] and notes[0] in err
    assert not [w for w in recwarn if issubclass(w.category, UserWarning)]


def test_a_cards_own_art_with_damaged_exif_is_a_warning_of_the_run(tmp_path: Path) -> None:
    from companion.cards import load_file
    from companion.printing.render import CardOptions, print_cards

    _broken_exif_jpeg(tmp_path / "own.jpg")
    f = _card_file(tmp_path, [{"id": "ptest-acorn", "art": "own.jpg"}])
    res = print_cards(list(load_file(f, "village")), io.BytesIO(), CardOptions(), game="village")
    assert [n for n in res.art_notes if "Corrupt EXIF data" in n and "own.jpg" in n]


def test_the_notebook_page_shows_the_image_warnings(_isolated_user_data: Path) -> None:
    """The page had shown none of the run's image warnings: a card of one's own whose art has damaged
    EXIF data is said there as on the command line."""
    from companion.views.printing import PrintView

    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    _broken_exif_jpeg(folder / "own.jpg")
    doc = json.loads(_card_file(folder, [{"id": "my-own", "name": "My Own Mouse", "art": "own.jpg"}])
                     .read_text(encoding="utf-8"))
    (folder / "cards.json").write_text(json.dumps(doc), encoding="utf-8")
    view = PrintView("village")
    view.game.value = "village"
    view.what.value = "cards"
    view.deck.value = "-"
    view.pasted.value = "1 My Own Mouse\n"
    view.make_button.click()
    assert "Made" in view.status.value, view.status.value
    assert "Corrupt EXIF data" in view.status.value and "own.jpg" in view.status.value
