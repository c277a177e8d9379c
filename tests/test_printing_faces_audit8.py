"""Print and play, eighth audit: card faces.

Mice and Mystics initiative numbers and starting equipment printed; Mouse Card deck reminders,
a Bézier heart and one name on faces and backs; text on a coloured fill chosen by luminance, the
Monarchs colour named in a tag, no "Gray" on Starting cards and readable watermarks; icons named
in words and a bolt dark enough to print; a DEMO tag on demo cards only; the back's name inside
its disc; long names on two lines; one size for a row of stats and a BOSS tag; fixed colours for
TMNT Attributes and Mice and Mystics types.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from companion.cards import card_from_record, load_game
from companion.printing import faces
from companion.printing.faces import BUILDERS, INK, PAPER, FaceSpec, draw_back, draw_face, draw_playing_card
from companion.printing.render import CardOptions, print_cards
from tests.test_printing import run

MM = 72.0 / 25.4
POKER = (63.5 * MM, 88.9 * MM)


def _db(game: str) -> Any:
    return load_game(game, include_user=False)


def _pdf_text(cards: list[Any], game: str, **options: Any) -> list[str]:
    """Each page's text, whitespace made single spaces, of ``cards`` printed as ``print cards`` does."""
    buf = io.BytesIO()
    print_cards(cards, buf, CardOptions(**options), game=game)
    return [" ".join(page.extract_text().split()) for page in PdfReader(buf).pages]


def _record_texts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, float, float, float, str, bool, str]]:
    """Record every text the face pen draws: (font, size, x, y, text, centred, fill colour as set)."""
    texts: list[tuple[str, float, float, float, str, bool, str]] = []
    fill = {"now": ""}
    real_text, real_fill = faces.Pen.text, faces.Pen.fill

    def rec_fill(self: Any, colour: Any) -> None:
        fill["now"] = f"{colour.red:.3f} {colour.green:.3f} {colour.blue:.3f}"
        real_fill(self, colour)

    def rec_text(self: Any, font: str, size: float, x: float, y: float, t: str, *,
                 centre: bool = False) -> None:
        texts.append((font, size, x, y, t, centre, fill["now"]))
        real_text(self, font, size, x, y, t, centre=centre)

    monkeypatch.setattr(faces.Pen, "text", rec_text)
    monkeypatch.setattr(faces.Pen, "fill", rec_fill)
    return texts


def _rgb(colour: Any) -> str:
    return f"{colour.red:.3f} {colour.green:.3f} {colour.blue:.3f}"


# --------------------------------------------------------------------------- 1. Mice and Mystics

def test_initiative_numbers_and_starting_equipment_are_printed() -> None:
    """Collin's initiative card shows 2, 1, 2, 2 and he starts with Collin's Sword and a Leather
    Breastplate: neither was on his face. The numbers print as boxes labelled "Initiative card" (the
    book does not say which stat each is), the equipment by the search cards' names."""
    db = _db("mystics")
    face = BUILDERS["mystics"]
    collin = face(db.find("collin"))
    assert collin.numbers == ("Initiative card", ["2", "1", "2", "2"])
    assert collin.setup == "Starts with: Collin's Sword, Leather Breastplate"
    assert face(db.find("rat-warriors")).numbers == ("Initiative card", ["2", "2"])
    maginos = face(db.find("maginos"))  # his numbers' reading is uncertain: each marked, the legend says so
    assert maginos.numbers == ("Initiative card", ["1?", "1?", "3?", "2?"]) and maginos.legend
    assert face(db.find("filch")).setup == "Starts with: Dagger (?)"  # uncertain equipment
    assert face(db.find("nez")).setup == "Starts with: ?"  # unknown (null) equipment
    assert face(db.find("spider")).numbers is None  # no numbers in the data: no row
    pages = _pdf_text([db.find("collin"), db.find("maginos"), db.find("rat-warriors"), db.find("nez")],
                      "mystics")
    text = pages[0]
    assert "Initiative card 2 1 2 2" in text
    assert "Initiative card 1? 1? 3? 2?" in text and "Initiative card 2 2" in text
    assert "Starts with: Collin's Sword, Leather Breastplate" in text
    assert "Starts with: Maginos' Staff" in text and "Starts with: ?" in text
    assert "collins-sword" not in text  # names, not ids


def test_starting_equipment_is_named_from_the_cards_own_file(tmp_path: Path) -> None:
    """A hero of yours starting with a search card of your own file prints that card's name."""
    f = tmp_path / "mine.json"
    f.write_text(json.dumps({"game": "mystics", "set": "Mine", "cards": [
        {"id": "my-hero", "name": "Hazel", "type": "hero", "classes": ["warrior"], "battle": 2, "defense": 2,
         "lore": 1, "move": 2, "life": 6, "abilities": [], "starting_equipment": ["my-pin", "no-such-card"],
         "source": "mine"},
        {"id": "my-pin", "name": "Hat Pin of Doom", "type": "search", "subtype": "weapon",
         "source": "mine"}]}),
        encoding="utf-8")
    from companion.cards import load_file

    hero = load_file(f, "mystics", validate=False)[0]
    assert BUILDERS["mystics"](hero).setup == "Starts with: Hat Pin of Doom, No Such Card"


# --------------------------------------------------------------------------- 2. the Mouse Card deck

def test_kings_aces_and_jokers_print_a_reminder_of_their_effect() -> None:
    db = _db("mousecard")
    cards = [db.find(i) for i in ("k-hearts", "a-spades", "joker-red", "joker-black", "2-hearts")]
    assert faces.reminder(cards[0]) == "Draw one more card."
    assert faces.reminder(cards[2]) == "Red joker: Reshuffles the deck when drawn. Bad in combat."
    assert faces.reminder(cards[3]) == "Black joker: Reshuffles the deck when drawn. Bad in the unknown."
    assert faces.reminder(cards[4]) == ""
    text = _pdf_text(cards, "mousecard")[0]
    assert "Draw one more card." in text
    assert "A success; may add one more success or cancel one bad card." in text
    assert "Bad in combat." in text and "Bad in the unknown." in text
    assert "mouse-card-system.txt" not in text  # the citation stays in the data


def test_the_reminder_stays_inside_the_card_on_every_size() -> None:
    """The reminder keeps inside the frame, below the centre, above the footer, and clear of the corner
    indices: where it runs wider than the room between them, it ends above the lower index's top."""
    db = _db("mousecard")
    for w_mm, h_mm in [(63.5, 88.9), (41.275, 63.5), (88.9, 63.5), (44, 68), (70, 120), (120, 70)]:
        w, h = w_mm * MM, h_mm * MM
        pad = 0.05 * w
        for cid in ("a-hearts", "joker-red", "k-clubs"):
            card = db.find(cid)
            c = _StringRecorder(io.BytesIO())
            cut = draw_playing_card(c, card, w, h, 0.0)
            assert "text" not in cut, (w_mm, h_mm, cid)
            rank_size = c.strings[0][1]  # the corner index's rank, drawn first
            index_top = pad * 2 + rank_size * 1.35 + 0.11 * faces.text_height(w, h) * 0.25
            footer_top = max(s[3] + s[1] * 0.72 for s in c.strings if s[4] == card.set)
            rank = c.strings[0][4]
            lines = [s for s in c.strings
                     if s[4] and s[4] in faces.reminder(card) and s[4] not in (rank, "JOKER")]
            assert " ".join(s[4] for s in lines) == faces.reminder(card)
            for font, size, x, y, text in lines:
                half = stringWidth(text, font, size) / 2
                assert pad <= x - half and x + half <= w - pad, (w_mm, h_mm, cid, text)
                assert footer_top <= y - 0.21 * size and y + 0.72 * size <= h / 2, (w_mm, h_mm, cid, text)
                if x + half > 0.71 * w - pad / 2 + 1e-6:  # wider than the room between the indices
                    assert y - 0.21 * size >= index_top, (w_mm, h_mm, cid, text)


class _StringRecorder(Canvas):
    """A canvas that records centred strings: (font, size, x, y, text)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.strings: list[tuple[str, float, float, float, str]] = []

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kw: Any) -> None:
        self.strings.append((self._fontname, self._fontsize, x, y, text))
        super().drawCentredString(x, y, text, *args, **kw)


def test_the_heart_is_one_curved_outline() -> None:
    """The heart pip was two circles over a triangle whose corners stuck out below the lobes: now one
    outline of Bézier curves (no straight edge), within its box."""
    c = Canvas(io.BytesIO())
    start = len(c._code)
    faces.draw_suit(c, "heart", 100.0, 100.0, 40.0)
    ops = " ".join(c._code[start:]).split()
    assert ops.count("f") + ops.count("f*") + ops.count("B") == 1  # one filled shape
    assert "c" in ops and "l" not in ops  # curves only
    nums = [float(t) for t in ops if t.replace(".", "", 1).replace("-", "", 1).isdigit()]
    xs, ys = nums[0::2], nums[1::2]
    assert min(xs) >= 80 - 1e-6 and max(xs) <= 120 + 1e-6 and min(ys) >= 80 - 1e-6 and max(ys) <= 120 + 1e-6


def test_the_deck_has_one_name_on_its_faces_and_backs() -> None:
    """The faces said "The Mouse Card deck", the backs "The Mouse Card system"."""
    db = _db("mousecard")
    front, back = _pdf_text([db.find("2-hearts")], "mousecard", backs="duplex")
    assert "The Mouse Card deck" in front and "The Mouse Card deck" in back
    assert back.count("Mouse Card system") <= 1  # (the page footer names the game, as every sheet does)
    assert "Mouse Card system" not in back.split("sheet")[-1].split("edge", 1)[-1]


# --------------------------------------------------------------------------- 3. colours by luminance

def test_text_on_a_fill_is_near_black_or_white_by_its_luminance() -> None:
    """White on Yellow (#c9a300) was 2.4:1 and on Orange 2.7:1."""
    assert faces.luminance("#ffffff") == pytest.approx(1.0) and faces.luminance("#000000") == 0.0
    assert faces.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert _rgb(faces.text_on("#c9a300")) == _rgb(INK) and _rgb(faces.text_on("#ee7f1a")) == _rgb(INK)
    assert _rgb(faces.text_on("#7b3fa0")) == "1.000 1.000 1.000"
    palettes = [faces.MONARCHS_COLOURS, faces.TMNT_ATTRIBUTES, faces.MYSTICS_TYPES, faces.GAME_COLOURS,
                {k: v for k, (_l, v) in faces.VILLAGE_TYPES.items()}]
    for palette in palettes:
        for name, fill in palette.items():
            assert faces.contrast(faces.text_on(fill), fill) >= 4.0, (name, fill)


def test_a_yellow_cards_title_and_stats_are_drawn_dark(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _record_texts(monkeypatch)
    card = _db("monarchs").find("Golden Baron")
    spec = BUILDERS["monarchs"](card)
    draw_face(Canvas(io.BytesIO()), spec, *POKER, 0.0)
    drawn = {t[4]: t[6] for t in texts}
    assert drawn["Golden Baron"] == _rgb(INK) and drawn["Influence 0"] == _rgb(INK)


def test_the_monarchs_colour_is_named_on_the_card_and_starting_cards_have_no_gray() -> None:
    """In greyscale four colours were one grey, the colour only in a small italic type line; Starting
    cards showed a meaningless "Gray" watermark."""
    db = _db("monarchs")
    for card in db:
        spec = BUILDERS["monarchs"](card)
        words = [word for word, _fill in spec.all_tags()]
        if card.type == "court":
            assert str(card.get("color")).upper() in words, card.name
        else:
            assert not any(w in ("GRAY", "GREY") for w in words) and spec.big is None, card.name
    text = _pdf_text([db.find("Golden Baron"), db.find("Forest Warden"), *db.of_type("starting")[:1]],
                     "monarchs")[0]
    assert "YELLOW" in text and "GREEN" in text
    assert "Gray" not in text and "GRAY" not in text


def test_watermarks_read_on_the_paper() -> None:
    """The word in an empty art area was a 20% tint (about 1.3:1): now 3:1 at least."""
    for palette in (faces.TMNT_ATTRIBUTES, faces.MYSTICS_TYPES, faces.GAME_COLOURS, faces.MONARCHS_COLOURS):
        for fill in palette.values():
            assert faces.contrast(faces.watermark(fill), PAPER) >= 3.0, fill
    assert faces.contrast(faces.watermark("#fff59d"), PAPER) >= 3.0  # too light a colour: a grey


# --------------------------------------------------------------------------- 4. icons named

def test_icons_are_named_in_the_type_line() -> None:
    village, tmnt, monarchs = _db("village"), _db("tmnt"), _db("monarchs")
    v = BUILDERS["village"]
    assert v(village.find("super-confused")).type_line == "Magic · Instant"
    assert v(village.find("harvest-moon")).type_line == "Magic · Continuous"
    assert v(village.find("acorn-scout")).type_line == "Basic Mouse · Food (Breakfast)"
    assert v(village.find("cheese-festival")).type_line == "Magic · Continuous · Food (Dinner)"
    t = BUILDERS["tmnt"]
    assert t(tmnt.find("tornado-strike")).type_line == "Forceful Attack · wind"
    assert t(tmnt.find("gale-kick")).type_line == "Counter Attack · wind"
    assert t(tmnt.find("storm-wall")).type_line == "Forceful Counter Attack · wind"
    assert t(tmnt.find("whirlwind-slash")).type_line == "Attack · wind"
    m = BUILDERS["monarchs"]
    assert m(monarchs.find("Court Jester")).type_line == "Court · Move and Cover"
    assert m(monarchs.find("Tangerine Trickster")).type_line == "Court · Move and Cover ×2"
    assert m(monarchs.find("Harvest Scout")).type_line == "Move and Cover · scores as a crown"
    text = _pdf_text([village.find("super-confused"), village.find("harvest-moon")], "village")[0]
    assert "Magic · Instant" in text and "Magic · Continuous" in text


def test_the_instant_bolt_is_dark_enough_to_print() -> None:
    """The bolt was #f9a825, 1.9:1 on the paper."""
    c = Canvas(io.BytesIO())
    start = len(c._code)
    faces.draw_symbol(c, "instant", 0.0, 0.0, 20.0)
    ops = " ".join(c._code[start:]).split()
    k = ops.index("rg")
    r, g, b = (float(v) for v in ops[k - 3:k])
    from reportlab.lib.colors import Color

    assert faces.contrast(Color(r, g, b), PAPER) >= 4.5


# --------------------------------------------------------------------------- 5. DEMO

def test_every_demo_card_has_a_demo_tag_and_no_other_card_has_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The only mark had been the set's name in a 6.25 pt grey footer."""
    for game in ("village", "tmnt", "monarchs", "mystics"):
        for card in _db(game):
            tagged = ("DEMO", faces.DEMO_FILL) in BUILDERS[game](card).all_tags()
            assert tagged == card.is_demo, (game, card.id)
    assert any(c.is_demo for c in _db("village")) and not any(c.is_demo for c in _db("mystics"))
    text = _pdf_text([_db("village").find("acorn-scout")], "village")[0]
    assert "DEMO" in text  # (its footer says "Village TCG Demo Set")
    f = tmp_path / "mine.json"
    f.write_text(json.dumps({"game": "village", "set": "Kitchen Table Homebrew", "cards": [
        {"id": "mine-1", "name": "Demolition Mouse", "type": "basic-mouse", "atk": 1, "def": 1,
         "source": "my homebrew, not a demo"}]}), encoding="utf-8")
    pdf = tmp_path / "m.pdf"
    code, _out, err = run(capsys, "cards", "village", "--cards", str(f), "--out", str(pdf))
    assert code == 0, err
    mine = [" ".join(p.extract_text().split()) for p in PdfReader(pdf).pages]
    page = next(p for p in mine if "Demolition Mouse" in p)
    assert "DEMO" not in page.replace("Demolition", "")


def test_a_demo_playing_card_is_tagged() -> None:
    seven = {"type": "standard", "rank": "7", "suit": "clubs", "colour": "black"}
    demo = card_from_record("mousecard", "House deck", {"id": "x", "name": "X", **seven, "source": "demo: x"})
    plain = card_from_record("mousecard", "House deck", {"id": "y", "name": "Y", **seven, "source": "mine"})
    for card, want in ((demo, True), (plain, False)):
        c = _StringRecorder(io.BytesIO())
        draw_playing_card(c, card, *POKER, 0.0)
        assert ("DEMO" in [s[4] for s in c.strings]) is want


# --------------------------------------------------------------------------- 6. the back's name

@pytest.mark.parametrize("game", ["monarchs", "mousecard", "village", "mystics", "tmnt"])
@pytest.mark.parametrize("size", [(63.5, 88.9), (88.9, 63.5), (41.275, 63.5), (70, 120)])
def test_the_back_name_keeps_inside_its_disc(game: str, size: tuple[float, float]) -> None:
    """The name was allowed 1.12 times the disc's diameter: "Of Mice and Monarchs" hung off the disc."""
    w, h = size[0] * MM, size[1] * MM
    c = _StringRecorder(io.BytesIO())
    assert draw_back(c, game, w, h, 0.0) is False
    r = min(w, h) * 0.28
    assert 1 <= len(c.strings) <= 2
    for font, fs, x, y, text in c.strings:
        half = stringWidth(text, font, fs) / 2
        assert half <= 0.85 * r + 1e-6 and abs(x - w / 2) < 1e-6, (game, size, text)
        for dy in (y - h / 2 - 0.21 * fs, y - h / 2 + 0.72 * fs):  # the line's lowest and highest ink
            dx = half
            assert dx * dx + dy * dy <= r * r, (game, size, text)


def test_a_long_game_name_goes_on_two_lines_on_the_back() -> None:
    c = _StringRecorder(io.BytesIO())
    draw_back(c, "monarchs", *POKER, 0.0)
    assert [s[4] for s in c.strings] == ["Of Mice and", "Monarchs"]


# --------------------------------------------------------------------------- 7. long names

LONG = "Sir Bartholomew Whiskerington the Third of Lower Bramblewood"


def test_a_long_name_goes_on_two_lines_before_shrinking(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """It shrank to about 7 pt on one line and was still cut off."""
    f = tmp_path / "mine.json"
    f.write_text(json.dumps({"game": "village", "set": "Kitchen Table Homebrew", "cards": [
        {"id": "sir", "name": LONG, "type": "mega-mouse", "atk": 7, "def": 6, "source": "my homebrew"}]}),
        encoding="utf-8")
    pdf = tmp_path / "s.pdf"
    code, out, err = run(capsys, "cards", "village", "--cards", str(f), "--json", "--out", str(pdf))
    assert code == 0, err
    assert json.loads(out)["truncated"] == [] and "cut off" not in err
    assert LONG in " ".join(PdfReader(pdf).pages[0].extract_text().split())
    texts = _record_texts(monkeypatch)
    spec = BUILDERS["village"](load_game("village", extra=[f], include_user=False).find("sir"))
    draw_face(Canvas(io.BytesIO()), spec, *POKER, 0.0)
    lines = [t for t in texts if t[0] == "Helvetica-Bold" and t[4] in LONG and len(t[4]) > 10]
    assert " ".join(t[4] for t in lines[:2]) == LONG
    assert all(t[1] >= 9.0 for t in lines[:2])
    assert lines[0][3] > lines[1][3]  # one above the other


def test_a_short_name_stays_on_one_line_and_a_hopeless_one_is_still_cut_and_warned() -> None:
    size, lines, cut = faces.fit_title("Acorn Scout", "Helvetica-Bold", 13.2, 9.0, 10.6, 6.9, 150.0)
    assert (size, lines, cut) == (13.2, ["Acorn Scout"], False)
    word = "Whisker" * 30
    size, lines, cut = faces.fit_title(f"{word} {word}", "Helvetica-Bold", 13.2, 9.0, 10.6, 6.9, 150.0)
    assert cut and lines[-1].endswith("…") and len(lines) <= 2
    spec = FaceSpec(title=" ".join(["Bartholomew"] * 30), colour="#6a1b9a")
    assert "name" in draw_face(Canvas(io.BytesIO()), spec, *POKER, 0.0)


# --------------------------------------------------------------------------- 8. stats and Boss

def test_a_row_of_stats_has_one_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Defense ?" came out smaller than "Life ?" beside it."""
    texts = _record_texts(monkeypatch)
    db = _db("mystics")
    for cid in ("roaches", "collin"):
        texts.clear()
        spec = BUILDERS["mystics"](db.find(cid))
        draw_face(Canvas(io.BytesIO()), spec, *POKER, 0.0)
        shown = {f"{label} {value}".strip() for label, value in spec.stats}
        sizes = {round(t[1], 3) for t in texts if t[4] in shown}
        assert len(sizes) == 1, (cid, sizes)


def test_a_boss_has_a_boss_tag_not_a_last_word_in_its_type_line() -> None:
    db = _db("mystics")
    vurst = BUILDERS["mystics"](db.find("captain-vurst"))
    assert "Boss" not in vurst.type_line and ("BOSS", faces.BOSS_FILL) in vurst.all_tags()
    assert ("BOSS", faces.BOSS_FILL) not in BUILDERS["mystics"](db.find("roaches")).all_tags()
    assert "BOSS" in _pdf_text([db.find("captain-vurst")], "mystics")[0]


# --------------------------------------------------------------------------- 9. fixed colours

def _hue(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def test_tmnt_attributes_and_mystics_types_have_fitting_colours() -> None:
    """From a hash of the name, wind was dark brown, nature blue, mountain orange."""
    face = BUILDERS["tmnt"]
    tmnt = _db("tmnt")
    colour = {c.get("attribute"): face(c).colour for c in tmnt if c.get("attribute")}
    r, g, b = _hue(colour["wind"])
    assert b > r and b > g  # sky blue
    r, g, b = _hue(colour["nature"])
    assert g > r and g > b  # green
    r, g, b = _hue(colour["fire"])
    assert r > 2 * g and r > 2 * b  # red
    r, g, b = _hue(colour["mountain"])
    assert r > g > b  # brown
    assert len(set(colour.values())) == 4
    mine = card_from_record("tmnt", "Mine", {"id": "m", "name": "M", "type": "character",
                                            "attribute": "cosmic", "power": 1, "source": "mine"})
    assert face(mine).colour in faces.PALETTE  # a name not in the palette: the stable fallback
    m = BUILDERS["mystics"]
    db = _db("mystics")
    hero, minion = m(db.find("collin")).colour, m(db.find("roaches")).colour
    assert _hue(hero)[2] > _hue(hero)[0] and _hue(minion)[0] > 2 * _hue(minion)[2]  # heroes blue, minions red


# --------------------------------------------------------------------------- nothing overflows

@pytest.mark.parametrize("size", [(63.5, 88.9), (41.275, 63.5), (88.9, 63.5), (70, 120)])
def test_every_bundled_face_keeps_its_text_inside_the_card(monkeypatch: pytest.MonkeyPatch,
                                                           size: tuple[float, float]) -> None:
    """Every line of every bundled card (names on two lines, tags, the initiative row) starts and ends
    inside the frame's paper and within the card's height."""
    texts = _record_texts(monkeypatch)
    w, h = size[0] * MM, size[1] * MM
    rim = min(0.045 * w, faces.down_pad(w, h))
    for game in ("village", "tmnt", "monarchs", "mystics"):
        for card in _db(game):
            texts.clear()
            draw_face(Canvas(io.BytesIO()), BUILDERS[game](card), w, h, 0.0)
            for font, fs, x, y, text, centre, _fill in texts:
                wide = stringWidth(text, font, fs)
                left = x - wide / 2 if centre else x
                assert rim - 1e-6 <= left and left + wide <= w - rim + 1e-6, (game, card.id, size, text)
                assert rim - 1e-6 <= y - 0.21 * fs and y + 0.72 * fs <= h - rim + 1e-6, (game, card.id, text)
