"""Print and play, session 7: the three readers of a number with a unit (the print data's ``to_mm``, a typed
``typed_length``, a card size typed ``W x H``) keep, on one regex and one unit table, every input each
takes and refuses and every message; the Printables page works out its estimate once on a refresh; a Mouse
Card face draws its texts composed, and a back's name is checked for glyphs as drawn; the page's offset
refusal quotes a value with a unit as typed."""

from __future__ import annotations

import html
import io
import json
import math
import re
import shutil
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from companion.cards import DATA_DIR
from companion.cli import main
from companion.printing.geometry import PrintError, custom_card_size, load_geometry, to_mm, typed_length
from companion.views.printing import PrintView


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


# ---------------------------------------------------------------- 1. the number-with-unit readers, pinned

DATA_EXPECTED = '(expected a number with a unit: mm, cm, in or pt (e.g. "63mm"))'


@pytest.mark.parametrize(("text", "mm"), [
    ("63mm", 63.0), ("63", 63.0), (" 63 mm ", 63.0), ("6.3cm", 63.0), ("8.5in", 8.5 * 25.4), ("9pt", 3.175),
    ("1pt", 25.4 / 72), ("-1.5mm", -1.5), ("0", 0.0), ("0.3in", 0.3 * 25.4), ("63in ", 63 * 25.4),
    (63, 63.0), (2.5, 2.5),
])
def test_a_print_data_length_reads_mm_cm_in_and_pt_as_written(text: str | float, mm: float) -> None:
    assert to_mm(text, where="w") == mm  # (unrounded: as the data has always been read)


@pytest.mark.parametrize("text", [
    "63MM", "2.5In", "63 inch", '63"', "63,5mm", "+3mm", "3.", ".5", "63ft", "", "mm", "1e1", "nan",
    "63mmx", "6 3",
])
def test_a_print_data_length_refuses_what_the_data_never_writes(text: str) -> None:
    with pytest.raises(PrintError) as err:
        to_mm(text, where="w")
    assert err.value.render() == f"w: not a length: {text!r} {DATA_EXPECTED}"


@pytest.mark.parametrize(("value", "said"), [
    (math.nan, "w: not a finite length: nan"), (math.inf, "w: not a finite length: inf"),
    (True, 'w: not a length: True (expected a length like "63mm")'),
])
def test_a_print_data_length_refuses_a_number_that_is_no_length(value: float, said: str) -> None:
    with pytest.raises(PrintError) as err:
        to_mm(value, where="w")
    assert err.value.render() == said


def test_a_named_size_says_its_inches_as_the_data_writes_them() -> None:
    g = load_geometry()
    assert g.size_label("poker") == "63.5x88.9 mm = 2.5x3.5 in"
    assert g.size_label("mini-euro") == "44x68 mm"
    assert g.card_size("poker") == (63.5, 3.5 * 25.4)


TYPED_EXPECTED = "(expected a number of mm such as 3, or with a unit: 3mm, 0.3cm, 0.12in)"


@pytest.mark.parametrize(("text", "mm"), [
    ("3", 3.0), ("3mm", 3.0), ("3 mm", 3.0), (" 3,5 ", 3.5), ("0.3cm", 3.0), ("0.12in", 3.048),
    ("0.3in", 7.62), ("1inch", 25.4), ("2 inches", 50.8), ('0.1"', 2.54), ("3MM", 3.0), ("0.3CM", 3.0),
    ("-3", -3.0),
    ("+3", 3.0), ("3.", 3.0), ("3,", 3.0), (".5", 0.5), (",5", 0.5), ("1e1", 10.0), ("1_0", 10.0),
])
def test_a_typed_length_takes_a_comma_any_case_and_the_units_a_size_takes(text: str, mm: float) -> None:
    assert typed_length(text, where="--bleed", name="bleed") == mm  # (0.3in: 7.62, rounded)


@pytest.mark.parametrize(("text", "said"), [
    ("3pt", "unknown unit 'pt' in bleed '3pt'"), ("3 pt", "unknown unit 'pt' in bleed '3 pt'"),
    ("3ft", "unknown unit 'ft' in bleed '3ft'"), ("1e", "unknown unit 'e' in bleed '1e'"),
    ("nan", "not a length: 'nan'"), ("inf", "not a length: 'inf'"), ("-inf", "not a length: '-inf'"),
    ("", "not a length: ''"), ("  ", "not a length: '  '"), (",", "not a length: ','"),
    (".", "not a length: '.'"), ("abc", "not a length: 'abc'"), ("3 4", "not a length: '3 4'"),
    ("3mm mm", "not a length: '3mm mm'"),
])
def test_a_typed_length_refuses_naming_an_unknown_unit_or_that_it_is_no_length(text: str, said: str) -> None:
    with pytest.raises(PrintError) as err:
        typed_length(text, where="--bleed", name="bleed")
    assert err.value.render() == f"--bleed: {said} {TYPED_EXPECTED}"


def test_a_typed_length_says_its_noun_and_unnamed_quotes_the_text_alone() -> None:
    for text, said in (("3pt", "W: unknown unit 'pt' in '3pt' (expected E)"),
                       ("abc", "W: not a number: 'abc' (expected E)")):
        with pytest.raises(PrintError) as err:
            typed_length(text, where="W", noun="number", expected="E")
        assert err.value.render() == said


@pytest.mark.parametrize(("text", "size"), [
    ("63x88", (63.0, 88.0)), ("63 x 88", (63.0, 88.0)), ("63X88", (63.0, 88.0)), ("63×88", (63.0, 88.0)),
    ("63*88", (63.0, 88.0)), ("63,5 x 88", (63.5, 88.0)), ("63.5x88.9", (63.5, 88.9)),
    ("2.5x3.5in", (63.5, 88.9)), ('2.5" x 3.5"', (63.5, 88.9)), ("6.3cm x 8.8cm", (63.0, 88.0)),
    ("6.3x8.8cm", (63.0, 88.0)), ("2.5in x 88mm", (63.5, 88.0)), ("63mm x 3.5in", (63.0, 88.9)),
    ("2.5INx3.5IN", (63.5, 88.9)), ("2.5 inch x 3.5 inches", (63.5, 88.9)), ("10x10", (10.0, 10.0)),
    ("400x400", (400.0, 400.0)), ("63x88 mm", (63.0, 88.0)), ("63 mm x 88 mm", (63.0, 88.0)),
])
def test_a_typed_card_size_takes_a_unit_on_either_side(text: str, size: tuple[float, float]) -> None:
    assert custom_card_size(text) == size
    assert load_geometry().card_size(text) == size


SIZE_UNITS = "(expected a size in mm, cm or in, e.g. 63x88, 6.3x8.8cm or 2.5x3.5in)"
SIZE_FORM = "(expected width x height in mm, e.g. 63x88 (or with a unit: 2.5x3.5in, 6.3x8.8cm))"
SIZE_RANGE = "(expected each side between 10 and 400 mm)"


@pytest.mark.parametrize(("text", "said"), [
    ("63x88ft", f"unknown unit 'ft' in card size '63x88ft' {SIZE_UNITS}"),
    ("63ftx88", f"unknown unit 'ft' in card size '63ftx88' {SIZE_UNITS}"),
    ("63x88pt", f"unknown unit 'pt' in card size '63x88pt' {SIZE_UNITS}"),
    ("63xx88", f"unknown unit 'x' in card size '63xx88' {SIZE_UNITS}"),
    ("20x20in", f"card size '20x20in' out of range {SIZE_RANGE}"),
    ("9x88", f"card size '9x88' out of range {SIZE_RANGE}"),
    ("401x88", f"card size '401x88' out of range {SIZE_RANGE}"),
    *((text, f"unknown card size {text!r} {SIZE_FORM}") for text in
      ("-63x88", "+63x88", "63.x88", ".5x88", "63x", "x88", "63 88", "", "poker", "63,5,5x88")),
])
def test_a_typed_card_size_refuses_naming_the_unit_the_range_or_the_form(text: str, said: str) -> None:
    with pytest.raises(PrintError) as err:
        custom_card_size(text)
    assert err.value.render() == f"--size: {said}"


def test_the_size_menu_refuses_a_signed_size_with_its_names_and_a_unit_as_the_box_does() -> None:
    g = load_geometry()
    with pytest.raises(PrintError, match=r"unknown card size '-63x88' \(expected poker or bridge"):
        g.card_size("-63x88")
    with pytest.raises(PrintError, match="unknown unit 'ft' in card size '63x88ft'"):
        g.card_size("63x88ft")


# ---------------------------------------------------------------- 3. the Printables page's estimate, once


def test_a_refresh_that_reads_new_cards_and_loses_the_deck_chosen_works_out_the_estimate_once(
        _isolated_user_data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    decks = _isolated_user_data / "decks"
    decks.mkdir()
    mine = decks / "mine.txt"
    shutil.copy(DATA_DIR / "decks" / "village-demo-legal.txt", mine)
    page = PrintView("village")
    page.deck.value = str(mine)
    counted: list[str] = []
    run_size = page._run_size

    def counting() -> Any:
        counted.append(page.deck.value)
        return run_size()

    monkeypatch.setattr(page, "_run_size", counting)
    cards = _isolated_user_data / "village" / "mine.json"  # a card file of yours, new since the page read
    cards.parent.mkdir()
    cards.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "my-mouse", "name": "My Mouse", "type": "basic-mouse", "atk": 1, "def": 1,
         "source": "my design"}]}), encoding="utf-8")
    mine.unlink()  # and the deck chosen gone
    page.refresh_decks()
    assert page.deck.value == "" and counted == [""]  # (it had been worked out twice)
    assert "This makes" in page.estimate.value and not page.make_button.disabled
    assert "no longer in" in _text(page.status.value)


# ---------------------------------------------------------------- 4. a face's texts, as drawn


def test_a_mouse_card_faces_reminder_prints_composed_and_is_checked_as_drawn() -> None:
    from companion.cards import Card
    from companion.printing.faces import playing_card_texts
    from companion.printing.render import CardOptions, print_cards

    nfd = unicodedata.normalize("NFD", "Draw one more crème card") + " extra\u00adordinary"
    data = {"rank": "k", "suit": "hearts", "colour": "red", "text": nfd}
    card = Card("mousecard", "k-x", "King X", "standard", unicodedata.normalize("NFD", "Crème deck"),
                "my design", data)
    assert list(playing_card_texts(card)) == ["K", "Draw one more cr\u00e8me card extraordinary",
                                              "Cr\u00e8me deck", ""]
    joker = Card("mousecard", "j", "Joker", "joker", "Mine", "demo: made up", {"rank": "joker"})
    assert list(playing_card_texts(joker)) == ["JKR", "? joker: reshuffle", "Mine · DEMO card", "DEMO"]
    out = io.BytesIO()
    result = print_cards([card], out, CardOptions())
    assert result.missing_glyphs == []  # (the reminder had been checked and drawn decomposed: 'cre■me')
    text = unicodedata.normalize("NFC", PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text())
    assert "cr\u00e8me card" in text and "extraordinary" in text and "\u00ad" not in text


def test_a_back_name_typed_decomposed_is_no_missing_glyph(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "b.json"
    cards.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "nfd-back", "name": "Back Mouse", "type": "basic-mouse", "atk": 2, "def": 1,
         "source": "my design", "back": unicodedata.normalize("NFD", "Crème back")}]}, ensure_ascii=True),
        encoding="utf-8")
    pdf = tmp_path / "b.pdf"
    assert main(["print", "cards", "village", "--cards", str(cards), "--backs", "duplex", "--json",
                 "--out", str(pdf)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["missing_glyphs"] == [] and out["warnings"] == []  # (it had warned of U+0300, drawn composed)
    assert "Cr\u00e8me back" in unicodedata.normalize("NFC", PdfReader(str(pdf)).pages[1].extract_text())


# ---------------------------------------------------------------- 5. exploratory findings


@pytest.mark.parametrize(("x", "said"), [
    ("1in", "offset '1in,0' out of range (expected each value within ±20 mm; found 25.4,0 mm)"),
    ("25", "offset '25,0' out of range (expected each value within ±20 mm)"),
    ("20,5", "offset '20.5,0' out of range (expected each value within ±20 mm)"),  # (no comma: X,Y's own)
])
def test_the_pages_offset_refusal_quotes_a_value_with_a_unit_as_typed_as_the_command_does(
        x: str, said: str) -> None:
    view = PrintView("village")
    view.backs.value = "duplex"
    view.off_x.value = x
    assert view.make_button.disabled and f"Offset X/Y mm: {said}" in _text(view.estimate.value)
    # (it had said "offset '25.4,0' out of range" of a 1in typed: a number the user never typed, no unit)
