"""Print and play, an exploratory user test of ``companion print`` (eighth round): the layout JSON refused
where the companion reads files by itself, a cut line on the white Mouse Card faces, the Mice and Mystics
board's house layout said, two Leather Breastplates, ``pages`` from ``print board`` and ``print sheet``,
short card names in a Mouse Card decklist, a clear ``--offset nan``, and the set-name footer left out of
the small-text warning.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from companion.printing.boards import boards
from tests.test_printing import CARDS, ROOT, run

MM = 72 / 25.4


# --------------------------------------------------------------------------- 1. the layout in a read folder

@pytest.mark.parametrize(("folder", "said"), [
    ("village", "is in your village card folder, where every .json file is read as village cards"),
    ("formats", "is in your formats folder, where every .json file is read as a deck format"),
    ("decks", "in your decks folder"),
])
def test_the_layout_is_never_written_where_the_companion_reads_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], _isolated_user_data: Path, folder: str,
        said: str) -> None:
    """``--layout-json ud/village/layout.json`` was written, and every later village command then warned
    that the card file does not load. It is refused as ``deck export -o`` refuses it; nothing is written."""
    (_isolated_user_data / folder).mkdir()
    layout, pdf = _isolated_user_data / folder / "layout.json", tmp_path / "z.pdf"
    code, _out, err = run(capsys, "cards", "village", "--out", str(pdf), "--layout-json", str(layout))
    assert code == 2 and said in err and "nothing was written" in err, err
    assert not layout.exists() and not pdf.exists()
    code, _out, err = run(capsys, "cards", "village", "--out", str(pdf), "--layout-json",
                          str(tmp_path / "layout.json"))
    assert code == 0 and (tmp_path / "layout.json").exists(), err  # elsewhere, as before


def test_the_refusal_is_deck_exports_word_for_word(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], _isolated_user_data: Path) -> None:
    """The same check as ``deck export -o`` (companion.cli.deck.refuse_read_file), in the same words."""
    from companion.cli import main

    (_isolated_user_data / "village").mkdir()
    target = str(_isolated_user_data / "village" / "new.json")
    code = main(["deck", "export", "village", str(ROOT / "data" / "decks" / "village-demo-legal.txt"),
                 "-o", target])
    _out, deck_err = capsys.readouterr()
    code2, _out, print_err = run(capsys, "cards", "village", "--out", str(tmp_path / "z.pdf"),
                                 "--layout-json", target)
    assert code == code2 == 2 and "is in your village card folder" in print_err
    assert print_err == deck_err.replace("companion: -o:", "companion: --layout-json:").replace(
        "Choose another -o;", "Choose another --layout-json;")


# --------------------------------------------------------------------------- 2. a cut line on white faces

def _form_ops(pdf: bytes, page: int = 0) -> dict[str, list[tuple[list[float], bytes]]]:
    """Each card form on ``page``: its drawing operations (operands as numbers where they are)."""
    reader = PdfReader(io.BytesIO(pdf))
    forms = reader.pages[page]["/Resources"]["/XObject"]
    out = {}
    for name, ref in forms.items():
        form = ref.get_object()
        ops = ContentStream(form, reader).operations
        out[name] = [([float(v) for v in operands if isinstance(v, (int, float))], op)
                     for operands, op in ops]
    return out


def _trim_lines(ops: list[tuple[list[float], bytes]], w: float, h: float) -> int:
    """How many stroked rectangles run on the trim (0, 0, w, h in pt, within a line's width)."""
    found = 0
    for k, (nums, op) in enumerate(ops):
        if op == b"re" and len(nums) == 4 and max(abs(nums[0]), abs(nums[1])) < 0.5 \
                and abs(nums[2] - w) < 0.5 and abs(nums[3] - h) < 0.5:
            found += any(o in (b"S", b"s") for _n, o in ops[k + 1:k + 3])
    return found


def test_a_mouse_card_face_has_a_cut_line_on_its_trim(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """White cards on white paper, with no crop marks, gutter or bleed by default: the only line was a
    border 3.2 mm inside the trim, along which users cut 57 x 82.5 mm cards. Every face now has a line on
    its trim; with --corners the corner guide marks it instead (not two lines)."""
    pdf = tmp_path / "m.pdf"
    code, out, err = run(capsys, "cards", "mousecard", "--json", "--out", str(pdf))
    assert code == 0, err
    w, h = (v * MM for v in json.loads(out)["card_mm"])
    forms = _form_ops(pdf.read_bytes())
    assert forms and all(_trim_lines(ops, w, h) == 1 for ops in forms.values())
    code, _out, err = run(capsys, "cards", "mousecard", "--corners", "--out", str(pdf))
    assert code == 0, err
    assert all(_trim_lines(ops, w, h) == 0 for ops in _form_ops(pdf.read_bytes()).values())


def test_the_other_games_faces_are_as_they_were(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The coloured games' frames fill the card to the trim: no line is added to them."""
    pdf = tmp_path / "v.pdf"
    code, out, err = run(capsys, "cards", "village", "--cards", str(CARDS), "--json", "--out", str(pdf))
    assert code == 0, err
    w, h = (v * MM for v in json.loads(out)["card_mm"])
    assert all(_trim_lines(ops, w, h) == 0 for ops in _form_ops(pdf.read_bytes()).values())


# --------------------------------------------------------------------------- 3. the Mice and Mystics board

def test_the_mystics_board_says_what_of_it_is_a_house_layout(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """It printed a 14-page chapter track and 8 initiative slots, numbers the book does not give, citing
    only the book; now its house note says so, and that the board's search deck, encounter deck and party
    stash spaces are left out. It is printed beside the source, as the Village board's is, readable."""
    spec = boards()["mystics"]
    note = spec["house_note"]
    assert note.startswith("House layout")
    for part in ("14 pages", "8 slots", "search deck", "encounter deck", "party stash"):
        assert part in note
    tracks = {e["label"]: e["cells"] for e in spec["elements"] if e["kind"] == "track"}
    assert tracks == {"Chapter track (pages)": 14, "Initiative track": 8}  # (what the note names)
    pdf = tmp_path / "b.pdf"
    code, _out, err = run(capsys, "board", "mystics", "--out", str(pdf))
    assert code == 0, err
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert f"{spec['cite']} · {' '.join(note.split())}" in text  # whole, not cut off with '…'
    sizes = []

    def visit(t: str, _cm: object, tm: list[float], _font: object, size: float) -> None:
        if t.strip() and any(word in t for word in ("House layout", "party stash")):
            sizes.append(size * tm[0])

    PdfReader(pdf).pages[0].extract_text(visitor_text=visit)
    assert sizes and min(sizes) >= 5.0  # (SMALL_TEXT_PT: one line would have been 3 pt)


# --------------------------------------------------------------------------- 4. two Leather Breastplates

def test_every_starting_equipment_card_prints_once_for_each_hero_starting_with_it() -> None:
    """Collin and Tilda each start with a Leather Breastplate (the heroes' starting equipment in the
    rule book); the bundled set printed one, so a party with both could not be equipped."""
    from collections import Counter

    from companion.cards import load_game
    from companion.printing.jobs import select_cards

    db = load_game("mystics", include_user=False)
    wanted = Counter(cid for hero in db.of_type("hero") for cid in hero.get("starting_equipment") or ())
    printed = Counter(c.id for c in select_cards("mystics", include_user=False).copies)
    assert wanted["leather-breastplate"] == 2
    assert all(printed[cid] >= n for cid, n in wanted.items()), (wanted, printed)
    card = db.by_id("leather-breastplate")
    assert card.get("qty") == 2 and "starting equipment" in card.get("source")


# --------------------------------------------------------------------------- 5. pages from board and sheet

@pytest.mark.parametrize(("kind", "name", "paper"), [
    ("board", "village", "a4"), ("board", "mystics", "letter"), ("sheet", "monarchs-score", "a4")])
def test_board_and_sheet_json_give_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str,
                                         name: str, paper: str) -> None:
    """``print cards``, ``calibration`` and ``all`` gave ``pages``; ``board`` and ``sheet`` gave only
    ``sheets``, although the README says their --json gives pages too (one page a sheet)."""
    pdf = tmp_path / "b.pdf"
    code, out, err = run(capsys, kind, name, "--paper", paper, "--json", "--out", str(pdf))
    assert code == 0, err
    summary = json.loads(out)
    assert summary["pages"] == summary["sheets"] == len(PdfReader(pdf).pages)


# --------------------------------------------------------------------------- 6. the footer and small text

@pytest.mark.parametrize("game", ["village", "tmnt", "mousecard"])
def test_a_standard_mini_size_is_not_warned_of_for_its_footer(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path, game: str) -> None:
    """At mini-euro every card was warned of ('36 cards have text smaller than 5 pt'), for the set's
    name in the footer alone; the footer is not counted now, and small text elsewhere still is."""
    code, out, err = run(capsys, "cards", game, "--size", "mini-euro", "--json",
                         "--out", str(tmp_path / "m.pdf"))
    assert code == 0, err
    assert json.loads(out)["small_text"] == [] and "smaller than 5 pt" not in err
    code, out, err = run(capsys, "cards", game, "--size", "mini-american", "--json",
                         "--out", str(tmp_path / "a.pdf"))
    assert code == 0 and all("footer" not in s["parts"] for s in json.loads(out)["small_text"])
    code, out, err = run(capsys, "cards", game, "--size", "20x28", "--json", "--out", str(tmp_path / "s.pdf"))
    assert code == 0 and json.loads(out)["small_text"] and "smaller than 5 pt" in err


# --------------------------------------------------------------------------- 7. short Mouse Card names

def test_a_mouse_card_decklist_takes_the_short_names_odds_takes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``1 AH`` was 'unknown The Mouse Card system card' with no suggestion, though ``odds mousecard
    --cards`` takes AH, 10H and QS; now the list reads them through the same parser."""
    deck = tmp_path / "d.txt"
    deck.write_text("1 AH\n2 10H  # two tens\n1 QS\n1 red joker\n1 Ace of Spades\n", encoding="utf-8")
    code, out, err = run(capsys, "cards", "mousecard", "--deck", str(deck), "--json", "--layout-json",
                         str(tmp_path / "l.json"), "--out", str(tmp_path / "d.pdf"))
    assert code == 0, err
    assert json.loads(out)["cards"] == 6 and json.loads(out)["distinct"] == 5
    layout = json.loads((tmp_path / "l.json").read_text(encoding="utf-8"))
    ids = sorted(c["id"] for page in layout["pages"] for c in page["cards"])
    assert ids == ["10-hearts", "10-hearts", "a-hearts", "a-spades", "joker-red", "q-spades"]
    deck.write_text("1 AX\n", encoding="utf-8")  # not a card: refused as before
    code, _out, err = run(capsys, "cards", "mousecard", "--deck", str(deck), "--out", str(tmp_path / "e.pdf"))
    assert code == 2 and "unknown The Mouse Card system card 'AX'" in err


def test_short_names_are_the_mouse_cards_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("1 AH\n", encoding="utf-8")
    code, _out, err = run(capsys, "cards", "village", "--deck", str(deck), "--out", str(tmp_path / "v.pdf"))
    assert code == 2 and "'AH'" in err


# --------------------------------------------------------------------------- 8. --offset nan

@pytest.mark.parametrize("offset", ["nan,2", "1,inf", "-inf,0", "NaN;1"])
def test_an_offset_that_is_not_a_number_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                offset: str) -> None:
    """``--offset=nan,2`` said 'out of range (expected each value within ±20 mm)'; ``--bleed nan`` says
    it is not a length."""
    for command in (["cards", "village", "--backs", "duplex"], ["calibration"]):
        code, _out, err = run(capsys, *command, f"--offset={offset}", "--out", str(tmp_path / "x.pdf"))
        assert code == 2 and "not a number" in err and "out of range" not in err, err
    code, _out, err = run(capsys, "calibration", "--offset=25,0", "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and "out of range" in err  # (a number past the limit is still out of range)
