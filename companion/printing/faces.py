"""Card faces and backs, one face builder per game, drawn from the card's data.

A builder turns a card record into a :class:`FaceSpec` (title, corner badge, type line,
stats, symbols, body text) reading every field with ``card.get`` so missing data never
breaks a print run: a missing or unknown (null) stat prints as ``?``. One drawing
routine lays every spec out proportionally to the card size, so all sizes work. The
Mouse Card deck (playing cards) has its own drawing, with a small reminder of a king's,
ace's or joker's special effect from the card's ``text``.

A Mice and Mystics value whose reading of the rule book is not sure (listed in the record's
``uncertain``) prints with a trailing ``?`` (``Melee?``, ``Paws 1?``; text and abilities end in
``(?)``), and a legend line above the footer explains the mark (:data:`UNCERTAIN_LEGEND`). A value the user
corrected (``companion cards correct``: :func:`companion.cards.corrected_fields`) prints with a trailing
``*`` (``Life 5*``; text ends in ``(*)``), as the card list marks it, and the legend says it is theirs, not
the book's (:data:`CORRECTED_LEGEND`).

Symbols follow the rule books' legends: Village's Instant, Food (%) and continuous (∞)
(village-tcg.txt, LEGEND); TMNT's Forceful [F] and Counter [C] marks (tmnt-tcg.txt,
Card Types); Monarchs' crowns, Move and Cover and the player letter
(of-mice-and-monarchs.md, Starting Cards / Court Mice Cards). An icon never stands alone:
the type line says its meaning in the book's words too ("Magic · Instant", "Forceful
Counter Attack", "Move and Cover"), so a player who does not know the icon, or a greyscale
print that loses its colour, still reads it.

Text on a coloured fill (the title band, stat cells, tags) is near-black or white, whichever
contrasts more with the fill (:func:`text_on`, WCAG relative luminance). A face may carry tags,
small labelled pills above its stats: ``DEMO`` on every card labelled demo
(:attr:`companion.cards.Card.is_demo`), a Monarchs card's colour by name (scoring depends on
it, and a greyscale print turns four of the colours into one grey), a Mice and Mystics boss.
"""

from __future__ import annotations

import functools
import hashlib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, HexColor, white

from .. import GAMES
from ..cards import corrected_fields, type_name
from .text import SMALL_TEXT_PT, _width1, fit_line, fit_text_checked, printable

MM = 72.0 / 25.4
INK = HexColor("#202124")
MUTED = HexColor("#5f6368")
PAPER = HexColor("#fffdf7")

#: Frame colours per game (type colours override where a game has them).
GAME_COLOURS = {"village": "#5b8c2a", "mousecard": "#37474f", "monarchs": "#8d6e63",
                "tmnt": "#2e7d32", "mystics": "#6d4c41"}
VILLAGE_TYPES = {"basic-mouse": ("Basic Mouse", "#8d6e63"), "mega-mouse": ("Mega Mouse", "#6a1b9a"),
                 "fruit": ("Fruit", "#e65100"), "item": ("Item", "#1565c0"),
                 "magic": ("Magic", "#00838f")}
#: The Court colours (of-mice-and-monarchs.md, Court Mice Cards), the one palette of Monarchs cards.
MONARCHS_COLOURS = {"purple": "#7b3fa0", "yellow": "#c9a300", "green": "#2e8b3a", "blue": "#2f6fce",
                    "red": "#c8322b", "orange": "#ee7f1a", "gray": "#808080", "grey": "#808080"}
#: TMNT's four Attributes (tmnt-tcg.txt, Card Attributes: Wind, Nature, Fire, Mountain), a colour each
#: that fits its name: sky blue, leaf green, flame red, rock brown.
TMNT_ATTRIBUTES = {"wind": "#0277bd", "nature": "#558b2f", "fire": "#c62828", "mountain": "#6d4c41"}
#: Mice and Mystics record types (mice-and-mystics.txt): heroes blue, minions (the enemy) red, search
#: cards (equipment) brown, ability cards purple, the action die slate, chapters green.
MYSTICS_TYPES = {"hero": "#1565c0", "minion": "#b71c1c", "boss": "#b71c1c", "search": "#795548",
                 "ability": "#6a1b9a", "die-face": "#455a64", "chapter": "#2e7d32"}
#: Colours for a value no palette above names (a user's own Attribute or type): see :func:`colour_for`.
PALETTE = ["#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#4e342e", "#ad1457"]
#: The fill of a face's ``DEMO`` tag (white text on it: 6.5:1).
DEMO_FILL = "#b71c1c"


def tint(colour: Color, amount: float, towards: float = 1.0) -> Color:
    """``amount`` of ``colour`` mixed into white (or black with ``towards=0``): no transparency needed."""
    mix = lambda v: v * amount + towards * (1 - amount)  # noqa: E731
    return Color(mix(colour.red), mix(colour.green), mix(colour.blue))


def _hash_colour(text: str) -> str:
    """A stable palette colour for a value with no colour of its own (a user's own TMNT Attribute)."""
    return PALETTE[hashlib.md5(text.lower().encode()).digest()[0] % len(PALETTE)]


def colour_for(name: str, palette: dict[str, str]) -> str:
    """The colour ``palette`` gives ``name`` (any case); a name it lacks gets a stable hashed one."""
    return palette.get(name.lower()) or _hash_colour(name)


def _as_colour(colour: Color | str) -> Color:
    return HexColor(colour) if isinstance(colour, str) else colour


def luminance(colour: Color | str) -> float:
    """WCAG 2 relative luminance of an sRGB colour: 0 for black, 1 for white."""
    c = _as_colour(colour)

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)


def contrast(a: Color | str, b: Color | str) -> float:
    """WCAG 2 contrast ratio of two colours, 1 (none) to 21 (black on white)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_on(fill: Color | str) -> Color:
    """The colour for text on ``fill``: near-black (:data:`INK`) or white, whichever contrasts more.

    White on every frame made a yellow (#c9a300) title 2.4:1 and an orange one 2.7:1; chosen by
    the fill's luminance, no text on a fill is below 4.0:1 (a mid grey, the worst case, has 4.1:1
    with near-black).
    """
    return INK if contrast(INK, fill) > contrast(white, fill) else white


def watermark(colour: Color | str) -> Color:
    """The lightest tint of ``colour`` that still reads on the paper: 3:1, WCAG's least for large text.

    The word in an empty art area had been a 20% tint, about 1.3:1 and lost in print."""
    c = _as_colour(colour)
    for k in range(3, 11):
        shade = tint(c, k / 10)
        if contrast(shade, PAPER) >= 3.0:
            return shade
    return MUTED  # a fill too light to read on paper even at full strength


def stat(value: Any) -> str:
    """A printed stat: the value, or ``?`` when missing or unknown."""
    if value is None or value == "":
        return "?"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@dataclass
class FaceSpec:
    """What one card face shows; built from data by a game's builder."""

    title: str
    colour: str
    type_line: str = ""
    corner: str | None = None  # badge in the top-right (cost, Power, player letter)
    stats: list[tuple[str, str]] = field(default_factory=list)
    symbols: list[str] = field(default_factory=list)  # instant food continuous forceful counter move crown
    crowns: int = 0
    body: str = ""
    setup: str = ""  # a paragraph after the body: what the card starts with (a Mystics hero's equipment)
    footer: str = ""
    legend: str = ""  # a line above the footer explaining a mark on this face (uncertain values)
    big: str | None = None  # a large word in the art area when there is no art
    # labelled pills above the stats, right to left after DEMO: (word, fill colour as #rrggbb)
    tags: list[tuple[str, str]] = field(default_factory=list)
    demo: bool = False  # the card is labelled demo (Card.is_demo): a DEMO tag first among the tags
    # a labelled row of small numbered boxes above the stats ("Initiative card" [2][1][2][2])
    numbers: tuple[str, list[str]] | None = None

    def printable(self) -> FaceSpec:
        """The face with every text as the font draws it (:func:`printable`): a name a Mac pasted
        decomposed ("Cafe" and a combining accent) prints "Café", never "Cafe■"; a soft hyphen prints
        nothing mid-line. The builders fill a face in steps, so the print run asks for this once built."""
        names = ("title", "type_line", "corner", "body", "setup", "footer", "legend", "big")
        texts: dict[str, Any] = {name: printable(value) for name in names
                                 if isinstance(value := getattr(self, name), str)}
        numbers = (None if self.numbers is None
                   else (printable(self.numbers[0]), [printable(n) for n in self.numbers[1]]))
        return replace(self, **texts, stats=[(printable(k), printable(v)) for k, v in self.stats],
                       tags=[(printable(word), fill) for word, fill in self.tags], numbers=numbers)

    def all_tags(self) -> list[tuple[str, str]]:
        """The tags drawn, right to left: ``DEMO`` first on a demo card, then :attr:`tags`."""
        return [("DEMO", DEMO_FILL), *self.tags] if self.demo else list(self.tags)


def face_texts(spec: FaceSpec) -> list[str]:
    """Every text :func:`draw_face` may draw for ``spec`` (to find characters the font lacks)."""
    stats = [f"{label} {value}" for label, value in spec.stats]
    numbers = [spec.numbers[0], *spec.numbers[1]] if spec.numbers else []
    return [spec.title, spec.type_line, spec.corner or "", *stats, spec.body, spec.setup, spec.footer,
            spec.legend, spec.big or "", *(word for word, _fill in spec.all_tags()), *numbers]


def playing_card_texts(card: Any) -> tuple[str, str, str, str]:
    """Every text :func:`draw_playing_card` draws for a Mouse Card deck card, as the font draws it
    (:func:`printable`, as :meth:`FaceSpec.printable` gives a face's), what it draws them from: the corner
    index (``JKR`` on a joker), the reminder (:func:`reminder`), the footer and the tag (``DEMO`` or "")."""
    rank = "JKR" if _joker(card) else printable(str(card.get("rank") or "?")).upper()[:3]
    return rank, printable(reminder(card)), _footer(card), "DEMO" if _demo(card) else ""


def _demo(card: Any) -> bool:
    """Whether the card is labelled demo (its set or ``source``: :attr:`companion.cards.Card.is_demo`)."""
    return bool(getattr(card, "is_demo", False))


def _footer(card: Any) -> str:
    """A Mouse Card deck card's footer: its set (a name of the user's), as drawn (:func:`printable`)."""
    s = printable(str(getattr(card, "set", "") or ""))
    return f"{s} · DEMO card" if _demo(card) and "demo" not in s.lower() else s


def _text_of(card: Any) -> str:
    t = card.get("text")
    return str(t) if t else ""


def village_face(card: Any) -> FaceSpec:
    """Village TCG: ATK/DEF, abilities with fruit costs, Instant, Food, continuous.

    Symbols from village-tcg.txt, LEGEND, each named in the type line as the book names it:
    "Magic · Instant", "Magic · Continuous", "Food (Breakfast)" (the % symbol "represents a
    Food Card ... (i.e. Breakfast, Lunch, Dinner, and Dessert)").
    """
    ctype = str(card.get("type") or "")
    colour = VILLAGE_TYPES.get(ctype, ("", GAME_COLOURS["village"]))[1]
    label = type_name(ctype) or "?"
    spec = FaceSpec(title=str(card.get("name") or "?"), colour=colour, type_line=label,
                    footer=_footer(card), demo=_demo(card))
    if ctype in ("basic-mouse", "mega-mouse") or "atk" in card.data or "def" in card.data:
        spec.stats = [("ATK", stat(card.get("atk"))), ("DEF", stat(card.get("def")))]
    if card.get("instant"):
        spec.symbols.append("instant")
        spec.type_line += " · Instant"
    if card.get("continuous"):
        spec.symbols.append("continuous")
        spec.type_line += " · Continuous"
    food = card.get("food")
    if food:
        spec.symbols.insert(0, "food")  # drawn rightmost, as before
        spec.type_line += f" · Food ({str(food).title()})" if isinstance(food, str) else " · Food"
    parts = []
    for ab in card.get("abilities") or ():
        if not hasattr(ab, "get"):
            continue
        cost = ab.get("fruit_cost")
        head = str(ab.get("name") or "Ability")
        head += f" [{stat(cost)} fruit]" if "fruit_cost" in ab else ""
        parts.append(f"{head}: {ab.get('text') or ''}".strip())
    if _text_of(card):
        parts.append(_text_of(card))
    spec.body = "\n".join(parts)
    spec.big = label
    return spec


#: Event timings as the book prints them (tmnt-tcg.txt, Event Cards: <Play>, <Flip>, <Play & Flip>).
TMNT_TIMINGS = {"play": "<Play>", "flip": "<Flip>", "play-and-flip": "<Play & Flip>"}


def _timing_label(timing: Any) -> str:
    """``play-and-flip`` -> ``<Play & Flip>``; an unlisted value is shown as written, in brackets."""
    key = str(timing).strip().strip("<>").strip().lower()
    label = TMNT_TIMINGS.get(key) or TMNT_TIMINGS.get(key.replace(" & ", "-and-").replace(" ", "-"))
    return label or f"<{str(timing).strip().strip('<>')}>"


def tmnt_face(card: Any) -> FaceSpec:
    """TMNT: Attribute, Power, Forceful [F] and Counter [C] marks, timing (tmnt-tcg.txt, Card Types).

    A marked Attack Card is named in its type line as the book names it ("Forceful Counter
    Attack · wind"), beside the [F] [C] badges. Event cards have no Attribute ("All cards
    except Event Cards belong to one of the 4 different Attributes", Card Attributes), so
    their type line names none. An Attribute's colour is its own (:data:`TMNT_ATTRIBUTES`).
    """
    ctype = str(card.get("type") or "?")
    attr = card.get("attribute")
    colour = colour_for(str(attr), TMNT_ATTRIBUTES) if attr else GAME_COLOURS["tmnt"]
    kind = str(card.get("attack_kind") or "").lower()
    forceful = "forceful" in kind or kind in ("f", "fc")
    counter = "counter" in kind or kind in ("c", "fc")
    # the book's names for the marked Attack Cards: Forceful [F], Counter [C], Forceful Counter [F] [C]
    marks = " ".join(w for w, on in (("Forceful", forceful), ("Counter", counter)) if on)
    type_line = type_name(ctype)
    if marks:
        type_line = f"{marks} {type_line}" if ctype == "attack" else f"{type_line} · {marks}"
    if ctype != "event":
        type_line += f" · {stat(attr)}"
    spec = FaceSpec(title=str(card.get("name") or "?"), colour=colour, type_line=type_line,
                    corner=stat(card.get("power")) if ("power" in card.data or ctype in (
                        "character", "attack")) else None, footer=_footer(card), demo=_demo(card))
    if forceful:
        spec.symbols.append("forceful")
    if counter:
        spec.symbols.append("counter")
    spec.stats = [("Power", stat(card.get("power")))] if spec.corner is not None else []
    timing = card.get("timing")
    body = []
    text = _text_of(card)
    if timing:
        labels = [_timing_label(t) for t in ((timing,) if isinstance(timing, str) else timing)]
        head = " ".join(labels)
        if not text.lstrip().lower().startswith(head.lower()):  # the text often opens with it
            body.append(head)
    if text:
        body.append(text)
    spec.body = "\n".join(body)
    spec.big = str(attr) if attr else ctype.title()
    return spec


#: Move and Cover icons drawn on one card at most (the type line holds them beside its words).
MAX_MOVE_ICONS = 4


def monarchs_face(card: Any) -> FaceSpec:
    """Monarchs: colour, cost or player letter, influence, crowns, Move and Cover.

    From of-mice-and-monarchs.md, Starting Cards and Court Mice Cards. A Court card's colour,
    which scoring depends on, is printed by name in a tag on the colour itself ("YELLOW"), so a
    greyscale print, where purple, green, blue and red are one grey, still tells them apart (the
    type line, which had named it in small italics, leaves it to the tag); the type line names
    what its icons mean ("Court · Move and Cover", "Court · scores as a crown"; a card with both
    leaves "Court" out, to keep the line legible). A Starting card (a peasant, gray) has no
    Court colour: no colour tag, and no word in its empty art area.
    """
    ctype = str(card.get("type") or "?")
    colour_name = str(card.get("color") or card.get("colour") or ("gray" if ctype == "starting" else ""))
    colour = MONARCHS_COLOURS.get(colour_name.lower(), GAME_COLOURS["monarchs"])
    if ctype == "starting":
        corner = stat(card.get("player") or card.get("player_letter") or card.get("letter"))
        tl = "Starting card (peasant)"
    else:
        corner = stat(card.get("cost"))
        tl = "Court" if colour_name else "Court · ?"  # the colour's name is in its tag (an unknown: here)
    spec = FaceSpec(title=str(card.get("name") or "?"), colour=colour, type_line=tl, corner=corner,
                    footer=_footer(card), demo=_demo(card))
    if ctype != "starting" and colour_name:
        spec.tags.append((colour_name.upper(), colour))
    infl = card.get("influence")
    spec.stats = [("Influence", ("+" + str(infl)) if isinstance(infl, int) and infl > 0 else stat(infl))]
    slash = bool(card.get("crown_slash"))
    if slash:  # "+1 / crown", "Move and Cover / crown": played for its left effect, scores as a crown;
        # its crown is drawn once, by the type line right of its left effect (symbols go right to left)
        spec.symbols.append("crown")
    mc = card.get("move_cover")
    said = []  # what the type line's icons mean, in their order left to right
    if isinstance(mc, int) and not isinstance(mc, bool) and mc > 0:  # one icon per Move and Cover
        spec.symbols += ["move"] * min(mc, MAX_MOVE_ICONS)
        said.append("Move and Cover" + (f" ×{mc}" if mc > 1 else ""))
    elif mc:
        spec.symbols.append("move")
        said.append("Move and Cover")
    if slash:
        said.append("scores as a crown")
    if ctype == "starting" or len(said) < 2:
        spec.type_line = " · ".join([spec.type_line, *said])
    else:  # two meanings and two icons: "Court" (its cost badge and colour tag say it) would shrink
        spec.type_line = " · ".join(said)  # the line to under 6 pt on a poker card; without it, 7 pt
    crowns = card.get("crowns")
    if isinstance(crowns, int) and crowns > 0:
        # the card data counts the slash crown in "crowns" already (of-mice-and-monarchs.md, Game
        # Play): the row shows the others, so a player counting crown icons counts each crown once
        spec.crowns = min(crowns - (1 if slash else 0), 6)
    spec.stats.append(("Crowns", stat(crowns)))
    spec.body = _text_of(card)
    return spec


_MYSTICS_STATS = ("life", "battle", "defense", "defence", "lore", "move", "wounds", "cheese",
                  "level", "value", "initiative", "cost")


#: The legend line (above the footer) of a Mice and Mystics card that prints an uncertain value.
UNCERTAIN_LEGEND = "value? = reading uncertain"


def _uncertain(card: Any) -> frozenset[str]:
    """The fields the record lists in ``uncertain`` (read from the book, reading not sure)."""
    flagged = card.get("uncertain")
    return frozenset(f for f in flagged if isinstance(f, str)) if isinstance(flagged, tuple | list) \
        else frozenset()


#: The legend line's words for a Mice and Mystics card that prints a value the user corrected.
CORRECTED_LEGEND = "value* = your correction, not the book's"


#: A stat cell: label, printed value, whether the value is known, the mark it carries ("?": its reading is
#: uncertain, "*": the user's correction, "": none).
Cell = tuple[str, str, bool, str]


def _cell(label: str, value: str, field_: str, unsure: frozenset[str], mine: frozenset[str] = frozenset()
          ) -> Cell:
    """A known value's cell, marked with a trailing ``*`` if ``field_`` is the user's correction, else a
    trailing ``?`` if its reading is uncertain."""
    mark = "*" if field_ in mine else "?" if field_ in unsure else ""
    return (label, value + mark, True, mark)


def _known_first(cells: list[Cell]) -> list[tuple[str, str]]:
    """Stat cells with the known ones first, each group in its order, as ``(label, value)``."""
    return [(c[0], c[1]) for c in sorted(cells, key=lambda c: not c[2])]


def _title(value: Any) -> str:
    return str(value).replace("-", " ").title()



def _plus(value: Any) -> str:
    """A bonus as printed beside its symbol: ``+1`` (anything but a number of 0 or more as written)."""
    plus = isinstance(value, int) and not isinstance(value, bool) and value >= 0
    return f"+{value}" if plus else str(value)


def _requirements(req: Any) -> str:
    """A search card's 'Other requirements' as the book prints them ('Requires WARRIOR')."""
    if req is None:
        return "Requires ?"
    if not hasattr(req, "get"):
        return f"Requires {req}"
    if req.get("none"):
        return "No requirements"
    who = [str(c).upper() for c in req.get("classes") or ()]
    if req.get("mouse"):
        who.append(_title(req["mouse"]))
    parts = [f"Requires {' or '.join(who)}"] if who else []
    if req.get("text"):
        parts.append(str(req["text"]))
    return ". ".join(parts) or "Requires ?"


def _mystics_cells(card: Any, ctype: str) -> list[Cell]:
    """Every value a Mice and Mystics card prints in its stat row: ``(label, value, known, uncertain)``.

    Search cards (Search Cards; Weapons): the bonus, range or melee, attack type, paws
    required; armor and accessories their bonus, what it adds to and the slot. Others:
    the numbers the card has (a hero's life, battle, defense, lore and move; an ability's
    cost). A field the card has but whose value is null prints as ``?``; a value listed in
    ``uncertain`` prints with a trailing ``?`` (``Paws 1?``), one the user corrected with ``*``.
    """
    data = card.data
    unsure, mine = _uncertain(card), corrected_fields(card)
    cells: list[Cell] = []

    def add(key: str, label: str, show: Callable[[Any], str] = str, *, bare: bool = False) -> None:
        """The cell of ``key`` if the card has it; ``bare``: a known value is printed without its label."""
        if key in data:
            v = data[key]
            cells.append((label, "?", False, "") if v is None else
                         _cell("" if bare else label, show(v), key, unsure, mine))

    if ctype == "search":
        add("bonus", "Bonus", _plus, bare=True)  # printed beside the symbol, "+1"
        add("bonus_to", "Bonus to", _title)
        add("range", "Range", _title, bare=True)  # the range or melee symbol: the word alone when known
        add("attack_type", "Type", lambda v: str(v).upper(), bare=True)  # in capitals: "+1 SHARP"
        add("paws", "Paws")
        add("slot", "Slot", _title)
    else:
        for key in _MYSTICS_STATS:
            add(key, key.title(), stat)
    return cells


#: The fill of a Mice and Mystics boss's ``BOSS`` tag.
BOSS_FILL = "#212121"


@functools.lru_cache(maxsize=64)
def _names_in(path: str | None, _stamp: int = 0) -> dict[str, str]:
    """Card id (lower case) -> name in one Mice and Mystics card file, or (``path`` None) in the bundled
    ones; ``_stamp`` (the file's modification time) makes an edited file read anew. A file that does
    not read gives no names: the print run goes on (``companion validate`` names its problems)."""
    from ..cards import game_files, load_file
    from ..errors import CompanionError

    out: dict[str, str] = {}
    for f in game_files("mystics") if path is None else [path]:
        try:
            for c in load_file(f, "mystics", validate=False):
                out.setdefault(c.id.lower(), c.name)
        except (CompanionError, OSError, LookupError, TypeError, ValueError):
            continue
    return out


def _card_name(card_id: str, card: Any) -> str:
    """The name of the Mice and Mystics card ``card_id`` names (a hero's starting equipment): from the
    card's own file, else the bundled files, else the id in words ("collins-sword": "Collins Sword")."""
    own: dict[str, str] = {}
    if getattr(card, "file", None):
        try:
            own = _names_in(str(card.file), Path(card.file).stat().st_mtime_ns)
        except OSError:
            own = {}
    key = card_id.lower()
    return own.get(key) or _names_in(None).get(key) or _title(card_id)


def mystics_face(card: Any) -> FaceSpec:
    """Mice and Mystics: heroes and minions as initiative cards, search cards, ability cards, die faces.

    Every value the data knows is printed and every unknown one as ``?``, known values
    first (mice-and-mystics.txt, Mouse Hero Cards, Search Cards, Ability Cards). A value
    whose reading is uncertain (the record's ``uncertain``) is marked with a trailing ``?``
    (``(?)`` after text), one the user corrected with ``*`` (``(*)`` after text), and a legend line above
    the footer then says what each mark on the card means.
    An initiative card's numbers (``initiative_numbers``: the book shows them without saying
    which stat each is) print as a row of boxes labelled "Initiative card"; a hero's starting
    equipment as "Starts with: …", by the search cards' names (Game setup, 4. Gather
    equipment); a boss gets a ``BOSS`` tag.
    """
    ctype = str(card.get("type") or "?")
    unsure, mine = _uncertain(card), corrected_fields(card)
    marked: set[str] = set()  # the marks this face prints: "?" (uncertain), "*" (the user's correction)

    def mark(text: str, key: str, end: str = "?") -> str:
        if key in mine:  # (a correction takes the field off 'uncertain': the value is the user's now)
            marked.add("*")
            return f"{text}{end.replace('?', '*')}"
        if key in unsure:
            marked.add("?")
            return f"{text}{end}"
        return text

    spec = FaceSpec(title=str(card.get("name") or "?"), colour=colour_for(ctype, MYSTICS_TYPES),
                    type_line=type_name(ctype), footer=_footer(card), demo=_demo(card))
    if ctype in ("hero", "minion", "boss"):
        spec.type_line = f"Initiative card · {spec.type_line}"
    elif "search" in ctype:
        spec.type_line = "Search card"
    cells = _mystics_cells(card, ctype)
    marked.update(c[3] for c in cells if c[3])
    spec.stats = _known_first(cells)
    if "subtype" in card.data:
        sub = card.get("subtype")
        spec.type_line += f" · {mark(_title(sub), 'subtype') if sub else '?'}"
    if "classes" in card.data and ctype in ("hero", "ability"):
        classes = card.get("classes")
        names = ", ".join("Any class" if c == "any" else _title(c) for c in classes or ())
        spec.type_line += f" · {mark(names, 'classes') if names else '?'}"
    if ctype == "minion":
        for key, unknown in (("size", "Size ?"), ("attack", "Melee/Ranged ?")):
            if key in card.data:
                v = card.get(key)
                spec.type_line += f" · {mark(_title(v), key) if v else unknown}"
    if card.get("boss"):  # a tag of its own: at the end of a long type line it shrank out of sight
        spec.tags.append(("BOSS", BOSS_FILL))
    if "initiative_numbers" in card.data:  # the numbers the initiative card shows, which stat each is
        # not being stated (mice-and-mystics.txt, Initiative Cards: "a quick summary of their stats")
        nums = card.get("initiative_numbers")
        values = [mark(str(n), "initiative_numbers") for n in nums] if nums else ["?"]
        spec.numbers = ("Initiative card", values)
    parts = []
    if "requirements" in card.data:
        parts.append(mark(_requirements(card.get("requirements")), "requirements", " (?)")
                     if card.get("requirements") is not None else _requirements(None))
    for key in ("ability", "abilities", "text"):
        v = card.get(key)
        if v is None and key in card.data and key != "text":  # unknown, not absent
            parts.append(f"{key.title()}: ?")
            continue
        items = v if isinstance(v, tuple) else (v,)
        for item in items:
            if hasattr(item, "get"):
                head, text = item.get("name"), item.get("text")
                line = f"{head}: {text or ''}" if head else str(text or "")
            elif item:
                line = str(item)
            else:
                continue
            parts.append(mark(line.rstrip(), key, " (?)") if line.strip() else line)
    # A minion with initiative cards of its own (Brodie Pounces, Brodie Chases): each card's
    # name, battle value and text, as the tracker places them (mice-and-mystics.txt, Brodie)
    for sub in card.get("initiative_cards") or ():
        if not hasattr(sub, "get"):
            continue
        battle = sub.get("battle")
        shown = "?" if battle is None else str(battle)
        if battle is not None and "battle" in (sub.get("uncertain") or ()) and "initiative_cards" not in mine:
            shown += "?"
            marked.add("?")
        line = f"{sub.get('name') or '?'} (Battle {shown}): {sub.get('text') or ''}".rstrip()
        if "initiative_cards" in mine:  # the user's cards, each marked
            line += " (*)"
            marked.add("*")
        parts.append(line)
    if "starting_equipment" in card.data:  # the search cards a hero starts with (Game setup, 4.)
        kit = card.get("starting_equipment")
        if kit is None:
            spec.setup = "Starts with: ?"
        else:
            names = ", ".join(_card_name(str(k), card) for k in kit) or "nothing"
            spec.setup = mark(f"Starts with: {names}", "starting_equipment", " (?)")
    spec.body = "\n".join(p for p in parts if p)
    spec.big = ctype.title()
    spec.legend = " · ".join(legend for sign, legend in (("?", UNCERTAIN_LEGEND), ("*", CORRECTED_LEGEND))
                             if sign in marked)
    return spec


def generic_face(card: Any) -> FaceSpec:
    """A game with no builder of its own: name, type and text."""
    return FaceSpec(title=str(card.get("name") or "?"), colour=GAME_COLOURS.get(card.game, "#555555"),
                    type_line=str(card.get("type") or ""), body=_text_of(card), footer=_footer(card),
                    demo=_demo(card))


BUILDERS: dict[str, Callable[[Any], FaceSpec]] = {
    "village": village_face, "tmnt": tmnt_face, "monarchs": monarchs_face, "mystics": mystics_face,
}


# --------------------------------------------------------------------------- symbols

#: The Instant bolt's colour: a dark amber, 5.3:1 on the paper (the pale #f9a825 was 1.9:1, lost in print).
BOLT = "#9a5b00"


def _instant(c: Any, x: float, y: float, s: float) -> None:
    """A lightning bolt (Instant)."""
    p = c.beginPath()
    pts = [(0.55, 1), (0.15, 0.45), (0.45, 0.45), (0.3, 0), (0.85, 0.6), (0.55, 0.6), (0.75, 1)]
    p.moveTo(x + pts[0][0] * s, y + pts[0][1] * s)
    for px, py in pts[1:]:
        p.lineTo(x + px * s, y + py * s)
    p.close()
    c.setFillColor(HexColor(BOLT))
    c.drawPath(p, stroke=0, fill=1)


def _continuous(c: Any, x: float, y: float, s: float) -> None:
    """∞ drawn as two loops (continuous Magic)."""
    c.setLineWidth(s * 0.1)
    c.setStrokeColor(INK)
    c.ellipse(x + 0.02 * s, y + 0.3 * s, x + 0.5 * s, y + 0.7 * s, stroke=1, fill=0)
    c.ellipse(x + 0.5 * s, y + 0.3 * s, x + 0.98 * s, y + 0.7 * s, stroke=1, fill=0)


def _letter_badge(c: Any, x: float, y: float, s: float, text: str, colour: str) -> None:
    c.setFillColor(HexColor(colour))
    c.roundRect(x, y + 0.1 * s, s, 0.8 * s, 0.15 * s, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont("Helvetica-Bold", 0.55 * s)
    c.drawCentredString(x + s / 2, y + 0.3 * s, text)


def _crown(c: Any, x: float, y: float, s: float) -> None:
    p = c.beginPath()
    p.moveTo(x, y + 0.2 * s)
    for px, py in [(0, 0.8), (0.25, 0.5), (0.5, 0.9), (0.75, 0.5), (1, 0.8), (1, 0.2)]:
        p.lineTo(x + px * s, y + py * s)
    p.close()
    c.setFillColor(HexColor("#f2b705"))
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    c.drawPath(p, stroke=1, fill=1)


def _move(c: Any, x: float, y: float, s: float) -> None:
    """Move and Cover: an arrow onto a card."""
    c.setStrokeColor(INK)
    c.setFillColor(white)
    c.setLineWidth(0.5)
    c.rect(x + 0.45 * s, y + 0.1 * s, 0.45 * s, 0.6 * s, stroke=1, fill=1)
    c.setLineWidth(s * 0.09)
    c.line(x + 0.05 * s, y + 0.85 * s, x + 0.6 * s, y + 0.45 * s)
    c.line(x + 0.6 * s, y + 0.45 * s, x + 0.42 * s, y + 0.47 * s)
    c.line(x + 0.6 * s, y + 0.45 * s, x + 0.55 * s, y + 0.63 * s)


def draw_symbol(c: Any, name: str, x: float, y: float, s: float) -> None:
    if name == "instant":
        _instant(c, x, y, s)
    elif name == "continuous":
        _continuous(c, x, y, s)
    elif name == "food":
        _letter_badge(c, x, y, s, "%", "#6d4c41")
    elif name == "forceful":
        _letter_badge(c, x, y, s, "F", "#b71c1c")
    elif name == "counter":
        _letter_badge(c, x, y, s, "C", "#0d47a1")
    elif name == "move":
        _move(c, x, y, s)
    elif name == "crown":
        _crown(c, x, y, s)


# --------------------------------------------------------------------------- faces

@dataclass(frozen=True)
class Art:
    """A placed image: the form's name and the image's aspect ratio (w / h)."""

    form: str
    aspect: float


_K = 0.5523  # Bézier handle length for a quarter circle


class Pen:
    """Writes PDF operators straight into the canvas's current stream (a form while a face is drawn).

    Card faces are the hot path of a print run; ReportLab's ``setFillColor``,
    ``roundRect`` and ``drawString`` each cost tens of microseconds in bookkeeping. Every
    text this pen writes sets its own font, so ReportLab calls after it stay correct as
    long as they set a font first (they do: ``setFont``/``beginText``).
    """

    def __init__(self, c: Any) -> None:
        from reportlab.pdfbase.pdfmetrics import getFont

        self.c = c
        self.code: list[str] = []  # joined into one stream entry by flush(): far fewer encode calls
        self._fonts: dict[str, tuple[Any, list[Any]]] = {}
        self._get_font = getFont

    def fill(self, colour: Color) -> None:
        self.code.append(f"{colour.red:.3f} {colour.green:.3f} {colour.blue:.3f} rg")

    def rect(self, x: float, y: float, w: float, h: float) -> None:
        self.code.append(f"{x:.2f} {y:.2f} {w:.2f} {h:.2f} re f")

    def rrect(self, x: float, y: float, w: float, h: float, r: float) -> None:
        """A filled rounded rectangle."""
        r = min(r, w / 2, h / 2)
        k = r * _K
        x2, y2 = x + w, y + h
        self.code.append(
            f"{x + r:.2f} {y:.2f} m {x2 - r:.2f} {y:.2f} l "
            f"{x2 - r + k:.2f} {y:.2f} {x2:.2f} {y + r - k:.2f} {x2:.2f} {y + r:.2f} c "
            f"{x2:.2f} {y2 - r:.2f} l "
            f"{x2:.2f} {y2 - r + k:.2f} {x2 - r + k:.2f} {y2:.2f} {x2 - r:.2f} {y2:.2f} c "
            f"{x + r:.2f} {y2:.2f} l "
            f"{x + r - k:.2f} {y2:.2f} {x:.2f} {y2 - r + k:.2f} {x:.2f} {y2 - r:.2f} c "
            f"{x:.2f} {y + r:.2f} l {x:.2f} {y + r - k:.2f} {x + r - k:.2f} {y:.2f} {x + r:.2f} {y:.2f} c f")

    def text(self, font: str, size: float, x: float, y: float, text: str, *, centre: bool = False) -> None:
        """One line of text at (x, y); ``centre`` centres it on x."""
        if not text:
            return
        from reportlab.lib.rl_accel import escapePDF
        from reportlab.pdfbase.pdfmetrics import unicode2T1

        if centre:
            x -= _width1(text, font) * size / 2
        entry = self._fonts.get(font)
        if entry is None:
            f = self._get_font(font)
            entry = self._fonts[font] = (f, [f, *f.substitutionFonts])
        doc = self.c._doc
        parts = [f"BT 1 0 0 1 {x:.2f} {y:.2f} Tm"]
        for f, chunk in unicode2T1(text, entry[1]):
            parts.append(f"{doc.getInternalFontName(f.fontName)} {size:.2f} Tf ({escapePDF(chunk)}) Tj")
        parts.append("ET")
        self.code.append(" ".join(parts))

    def raw(self, op: str) -> None:
        self.code.append(op)

    def flush(self) -> None:
        """Hand the buffered operators to the canvas (before any ReportLab drawing call)."""
        if self.code:
            self.c._code.append("\n".join(self.code))
            self.code = []


def reference_card() -> tuple[float, float]:
    """The card text is sized for, in mm: the default size of ``data/print/geometry.json`` (poker)."""
    from .geometry import load_geometry

    return load_geometry().card_size(None)


def text_height(w: float, h: float) -> float:
    """The height text on a ``w`` x ``h`` card is sized by: ``h`` scaled by the smaller of the width and
    height ratios to a poker card (:func:`reference_card`; so ``h`` itself for a poker card, or one
    wider in proportion).

    Text sized by the height alone grew faster than the room across a card taller than a
    poker card, so a tarot card cut off a type line a poker card held. Sized by the smaller
    ratio, text and the width it has grow together. Whether a line is cut off is decided by
    its smallest size, which :func:`least_height` reckons.
    """
    rw, rh = reference_card()
    if h * rw <= w * rh * (1 + 1e-9):  # as wide as a poker card in proportion, or wider (exact for poker)
        return h
    return w * rh / rw


def down_pad(w: float, h: float) -> float:
    """The frame's inset at the top and bottom of a ``w`` x ``h`` face (pt), and the gaps between its bands:
    the side inset (0.045 ``w``) of a card ``h`` high of a poker card's proportion (the side inset
    itself on a poker card).

    Reckoned by the width, the inset took more of a wider card's height, so a card wider
    than another of the same height could cut off the last line of a text the narrower one
    held. Reckoned by the height, the text's room down depends on the height alone and its
    room across on the width alone. The price, on a card taller than a poker card in
    proportion: the insets take 0.117 (``h`` x 63.5 / 88.9 - ``w``) more of its height than
    they did (a 40 x 88.9 mm card holds 37 one-word lines, as a poker card does, where it held
    39). It cannot be had both ways: the poker card's own layout is fixed, and it holds 37.
    """
    rw, rh = reference_card()
    if abs(h * rw - w * rh) <= w * rh * 1e-9:  # a poker card's proportion: exactly the side inset
        return 0.045 * w
    return 0.045 * h * rw / rh


def least_height(w: float, h: float) -> float:
    """The height the smallest size of a line (the name, type line, stats, legend, footer; a Mouse Card
    card's rank and footer) is reckoned by, below which the line is cut off with '…':
    :func:`text_height`, but never more than a poker card's height.

    Reckoned by :func:`text_height` alone, a line on a card taller than a poker card in
    proportion could shrink no further, in proportion to the room across it, than on a poker
    card, and a card wider than 63.5 mm and taller than that proportion grew its smallest size
    with its width: so a 100 x 140 mm card cut off a name a 90 x 90 mm card held. Capped at a
    poker card's, the smallest size on a card of a poker card's proportion or taller grows with
    the room across the card up to a poker card's width, and stays put beyond it.

    Never above :func:`text_height`: no line holds less than it did when the smallest size was
    reckoned by it (a card wider than a poker card in proportion and at most 88.9 mm tall keeps
    exactly those smallest sizes).
    """
    _rw, rh = reference_card()
    return min(text_height(w, h), rh * MM)


def _noted(sizes: dict[str, float] | None, part: str, size: float, text: str) -> None:
    """Keep the smallest font size (pt) a drawn ``part`` of a card had, in ``sizes`` (when given)."""
    if sizes is not None and text.strip():
        sizes[part] = min(size, sizes.get(part, size))


@functools.lru_cache(maxsize=4096)
def _two_lines(text: str, font: str) -> tuple[str, str] | None:
    """``text`` broken at the space that makes its longer line the shortest; ``None`` for one word."""
    words = text.split()
    best: tuple[float, str, str] | None = None
    for k in range(1, len(words)):
        a, b = " ".join(words[:k]), " ".join(words[k:])
        wide = max(_width1(a, font), _width1(b, font))
        if best is None or wide < best[0] - 1e-9:
            best = (wide, a, b)
    return None if best is None else (best[1], best[2])


def fit_title(text: str, font: str, most: float, wrap_below: float, most_two: float, least: float,
              width: float) -> tuple[float, list[str], bool]:
    """A card's name in ``width``: ``(size, lines, cut)``.

    One line, shrunk as far as ``wrap_below``; a name that would need smaller goes on two lines
    (broken where the longer line is shortest) at up to ``most_two``, unless one line is as large.
    Only a name that two lines do not hold at ``least`` is cut: its first line filled, the rest
    ending in '…'. A long name ("Sir Bartholomew Whiskerington the Third of ...") had shrunk to
    7 pt on one line and was still cut off. Whether a name is cut depends on its widths at
    ``least`` against ``width`` alone, as a one-line name's did, so a larger card still holds
    every name a smaller one holds.
    """
    size, line = fit_line(text, font, most, least, width)
    if line == text and size >= wrap_below:
        return size, [text], False
    two = _two_lines(text, font)
    if two is None:
        return size, [line], line != text
    wrapped = min(most_two, width / max(_width1(t, font) for t in two))
    if wrapped >= least:
        return (size, [text], False) if line == text and size >= wrapped else (wrapped, list(two), False)
    words, first = text.split(), ""
    for k, word in enumerate(words):  # the first line as full as it goes at the least size
        more = f"{first} {word}".strip()
        if _width1(more, font) * least > width:
            if not first:
                return least, [line], True  # a first word too long for a line: cut on one line
            _s, rest = fit_line(" ".join(words[k:]), font, least, least, width)
            return least, [first, rest], True
        first = more
    return least, [line], True  # (not reached: the whole name would have fitted one line)


def _number_row(pen: Pen, numbers: tuple[str, list[str]], frame: Color, ink: Color, x: float,
                width: float, bottom: float, row_h: float, t: float, lt: float, pad: float, cut: list[str],
                sizes: dict[str, float] | None) -> float:
    """A labelled row of numbered boxes (a Mice and Mystics initiative card's numbers) from ``bottom``
    up, ``row_h`` high, its type sized by ``t`` (least by ``lt``); returns the row's top.

    The boxes follow the label and take at most two thirds of the width (smaller if more are
    needed); the label the rest, shrunk and at last cut (``numbers`` in ``cut``)."""
    label, values = numbers
    box = t * 0.8
    ns = box * 0.6
    bw = max(box, max(_width1(v, "Helvetica-Bold") for v in values) * ns + box * 0.35)
    gap = box * 0.18
    used = len(values) * bw + (len(values) - 1) * gap
    if used > width * 2 / 3:
        k = width * 2 / 3 / used
        box, ns, bw, gap, used = box * k, ns * k, bw * k, gap * k, used * k
    ls, ltxt = fit_line(label, "Helvetica-Bold", t * 0.48, lt * 0.3, width - used - pad * 0.5)
    if ltxt != label:
        cut.append("numbers")
    _noted(sizes, "numbers", min(ls, ns), ltxt)
    mid = bottom + row_h * 0.45
    pen.fill(MUTED)
    pen.text("Helvetica-Bold", ls, x, mid - ls * 0.35, ltxt)
    bx = x + _width1(ltxt, "Helvetica-Bold") * ls + pad * 0.5  # the boxes right after their label
    for v in values:
        pen.fill(frame)
        pen.rrect(bx, mid - box / 2, bw, box, box * 0.2)
        pen.fill(ink)
        pen.text("Helvetica-Bold", ns, bx + bw / 2, mid - ns * 0.35, v, centre=True)
        bx += bw + gap
    return bottom + row_h


def _tag_row(pen: Pen, tags: list[tuple[str, str]], right: float, width: float, bottom: float,
             row_h: float, t: float, sizes: dict[str, float] | None) -> float:
    """Tags as pills from ``right`` leftwards, in a row ``row_h`` high from ``bottom``, their type sized by
    ``t``; returns the row's top. Each pill's text is near-black or white on its fill
    (:func:`text_on`). The words are short (DEMO, a colour, BOSS) and never cut: a row too wide for
    ``width`` is drawn smaller as a whole. Their type is never drawn below :data:`SMALL_TEXT_PT` where the
    row has the room (a DEMO tag must be read: at the mini sizes ``t`` alone made it 4.9 pt, and the run
    warned of small text on every demo card); only a card too small for it gets a smaller one."""
    ts = max(t * 0.5, min(SMALL_TEXT_PT, row_h * 0.9 / 1.5))  # (a pill is 1.5 times its type high)
    widths = [_width1(word, "Helvetica-Bold") * ts + ts * 0.9 for word, _fill in tags]
    gap = ts * 0.45
    used = sum(widths) + gap * (len(tags) - 1)
    k = min(1.0, width / used)
    ts, gap = ts * k, gap * k
    ph = ts * 1.5
    y = bottom + (row_h - ph) / 2
    x = right
    for (word, fill), wide in zip(tags, widths, strict=True):
        wide *= k
        x -= wide
        pen.fill(HexColor(fill))
        pen.rrect(x, y, wide, ph, ph / 2)
        pen.fill(text_on(fill))
        pen.text("Helvetica-Bold", ts, x + wide / 2, y + ph / 2 - ts * 0.35, word, centre=True)
        _noted(sizes, "tags", ts, word)
        x -= gap
    return bottom + row_h


def draw_face(c: Any, spec: FaceSpec, w: float, h: float, bleed: float, *, art: Art | None = None,
              corners: float = 0.0, sizes: dict[str, float] | None = None) -> list[str]:
    """Draw a face in the current form: trim box (0, 0, w, h) in pt, background over the bleed.

    Bands take their share of the card's height, and the frame's top and bottom and the gaps
    between bands are reckoned by the height too (:func:`down_pad`); the text in them and the
    symbols are sized by :func:`text_height`, so they never outgrow the card's width. A line
    shrinks to fit down to its smallest size (:func:`least_height`), the text down to 4 pt.

    What is promised, for a card A and a card B at least as wide and at least as tall:

    * if A is of a poker card's proportion or taller (h / w >= 88.9 / 63.5), B holds every line
      (name, type line, stats, legend, footer) A holds, whatever B's proportion;
    * B holds the text A holds when A's text can shrink to 4 pt (:func:`text_height` at least
      80 pt, about 28.2 mm), whatever their proportions;
    * no line is cut off that was held before the smallest sizes were capped (they never exceed
      what :func:`text_height` gave, and the room across is as it was).

    Nothing is promised for the lines of a card wider than a poker card in proportion: their
    smallest size grows with the height (up to a poker card's), the room across them does not,
    so a 150 x 120 mm card cuts off a footer a 150 x 50 mm card holds (as it always did). For the
    second promise the text's room down is reckoned by the height alone (:func:`down_pad`, the
    crowns row), so on a card taller than a poker card in proportion it is a little less than
    it was.

    A name goes on two lines before it would shrink below about 9 pt on a poker card
    (:func:`fit_title`); the stat cells are drawn at one size, the smallest any of them needs;
    text on the frame's colour is near-black or white by the colour's luminance (:func:`text_on`).
    Above the stats come, when the face has them, its numbered boxes (:attr:`FaceSpec.numbers`)
    and its tags (:meth:`FaceSpec.all_tags`), each a band of the card's height as the others are.

    Returns the parts that did not fit even at the smallest font and were cut off with an
    ellipsis (``name``, ``type line``, ``stats``, ``numbers``, ``text``, ``legend``, ``footer``;
    empty when all fit). ``sizes``, when given, gets the smallest font size (pt) each part was
    drawn at.
    """
    cut: list[str] = []
    th = text_height(w, h)
    lt = least_height(w, h)  # the smallest sizes (see least_height)
    pen = Pen(c)
    frame = HexColor(spec.colour)
    pen.fill(frame)
    pen.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed)
    pad = 0.045 * w  # across: the frame's sides and the insets of every line
    pv = down_pad(w, h)  # down: the frame's top and bottom, the gaps between the bands
    rim = min(pad, pv)  # the frame drawn: as thick all round
    pen.fill(PAPER)
    pen.rrect(rim, rim, w - 2 * rim, h - 2 * rim, 0.03 * w)
    ix, iw = pad * 1.8, w - 3.6 * pad
    # title band (up to the frame: over the paper a thicker top inset leaves)
    band_h = 0.105 * h
    top = h - pv
    pen.fill(frame)
    pen.rect(rim, top - band_h, w - 2 * rim, band_h + (pv - rim))
    band_t = 0.105 * th  # the band's height for its text and badge
    badge = band_t * 0.86 if spec.corner is not None else 0.0
    title_w = iw - (badge + pad * 0.5 if badge else 0)
    # one line down to about 9 pt on a poker card (0.34 of the band), then two lines (up to 0.4 of the
    # band each, which keeps both inside it), and only then smaller, down to the least size, and cut
    size, titles, title_cut = fit_title(spec.title, "Helvetica-Bold", band_t * 0.5, band_t * 0.34,
                                        band_t * 0.4, (0.105 * lt) * 0.26, title_w)
    if title_cut:
        cut.append("name")
    _noted(sizes, "name", size, " ".join(titles))
    ink = text_on(frame)  # (the stats' ink too)
    pen.fill(ink)
    lead = size * 1.1
    first = top - band_h / 2 - size * 0.35 + lead / 2 * (len(titles) - 1)  # the lines centred in the band
    for k, line in enumerate(titles):
        pen.text("Helvetica-Bold", size, ix, first - k * lead, line)
    if badge:
        cx, cy = w - pad - badge * 0.62, top - band_h / 2
        pen.fill(white)
        pen.rrect(cx - badge / 2, cy - badge / 2, badge, badge, badge / 2)
        bs, btxt = fit_line(spec.corner or "?", "Helvetica-Bold", badge * 0.6, badge * 0.25, badge * 0.8)
        _noted(sizes, "corner", bs, btxt)
        pen.fill(INK)
        pen.text("Helvetica-Bold", bs, cx, cy - bs * 0.35, btxt, centre=True)
    # type line
    tl_h = 0.06 * h
    tl_t = 0.06 * th
    y = top - band_h - tl_h
    sym = tl_t * 0.95
    nsym = len(spec.symbols)
    # the words stop a third of an icon short of the first icon: never touching it
    ts, ttxt = fit_line(spec.type_line, "Helvetica-Oblique", tl_t * 0.62, (0.06 * lt) * 0.35,
                        iw - nsym * (sym + 1) - (sym / 3 if nsym else 0))
    if ttxt != spec.type_line:
        cut.append("type line")
    _noted(sizes, "type line", ts, ttxt)
    pen.fill(MUTED)
    pen.text("Helvetica-Oblique", ts, ix, y + tl_h * 0.3, ttxt)
    # bottom: footer and stats
    foot_h = 0.04 * h
    foot_t = 0.04 * th
    # up to 4 stats in one row; more in two rows (a Mice and Mystics hero has 5)
    stat_rows = [spec.stats] if len(spec.stats) <= 4 else [
        spec.stats[:math.ceil(len(spec.stats) / 2)], spec.stats[math.ceil(len(spec.stats) / 2):]]
    stats_share = 0.085 if len(stat_rows) == 1 else 0.068
    stats_h = stats_share * h if spec.stats else 0.0
    bottom = pv + foot_h
    foot_least = (0.04 * lt) * 0.4
    fs, ftxt = fit_line(spec.footer, "Helvetica", foot_t * 0.62, foot_least, iw)
    if ftxt != spec.footer:
        cut.append("footer")
    _noted(sizes, "footer", fs, ftxt)
    pen.text("Helvetica", fs, ix, pv + foot_h * 0.3, ftxt)
    if spec.legend:
        ls, ltxt = fit_line(spec.legend, "Helvetica-Oblique", foot_t * 0.62, foot_least, iw)
        if ltxt != spec.legend:
            cut.append("legend")
        _noted(sizes, "legend", ls, ltxt)
        pen.text("Helvetica-Oblique", ls, ix, bottom + foot_h * 0.3, ltxt)
        bottom += foot_h
    if spec.stats:
        gap = pad * 0.5
        # every cell fitted first, then all drawn at the smallest of their sizes: one size for the stats
        # ("Defense ?" had come out smaller than "Life ?" beside it); a cell that fits at its own size
        # fits at a smaller one, and one cut off was fitted at the least size, the smallest there is
        fitted: list[list[tuple[float, float, str]]] = []  # per row: (x, cell width, text) of each cell
        ss = stats_share * th * 0.5
        for row in stat_rows:
            n = len(row)
            cell = (iw - gap * (n - 1)) / n
            cells = []
            for k, (label, value) in enumerate(row):
                full = f"{label} {value}" if label else value
                size_k, stxt = fit_line(full, "Helvetica-Bold", stats_share * th * 0.5,
                                        stats_share * lt * 0.25, cell * 0.92)
                if stxt != full and "stats" not in cut:
                    cut.append("stats")
                ss = min(ss, size_k)
                cells.append((ix + k * (cell + gap), cell, stxt))
            fitted.append(cells)
        for cells in reversed(fitted):  # the first row on top
            for x, cell, stxt in cells:
                pen.fill(frame)
                pen.rrect(x, bottom, cell, stats_h * 0.9, stats_h * 0.2)
                _noted(sizes, "stats", ss, stxt)
                pen.fill(ink)
                pen.text("Helvetica-Bold", ss, x + cell / 2, bottom + stats_h * 0.45 - ss * 0.35, stxt,
                         centre=True)
            bottom += stats_h
    if spec.numbers:
        bottom = _number_row(pen, spec.numbers, frame, ink, ix, iw, bottom, 0.06 * h, 0.06 * th, 0.06 * lt,
                             pad, cut, sizes)
    tags = spec.all_tags()
    if tags:
        bottom = _tag_row(pen, tags, ix + iw, iw, bottom, 0.06 * h, 0.06 * th, sizes)
    # art (if any) then the body text
    area_top = y - pv * 0.3
    cs = crowns_at = 0.0
    if spec.crowns:
        cs = min(0.07 * th, iw / 7)
        crowns_at = bottom + 0.1 * cs
        bottom += (0.07 * h) * 1.15  # the row's room by the height alone (cs is at most 0.07 h)
    area_h = area_top - bottom - pv * 0.3
    body = "\n".join(t for t in (spec.body, spec.setup) if t)
    if art is not None and area_h > 0:
        art_h = area_h * (0.55 if body else 1.0)
        aw, ah = iw, art_h
        if aw / ah > art.aspect:
            aw = ah * art.aspect
        else:
            ah = aw / art.aspect
        pen.raw(f"q {aw:.4f} 0 0 {ah:.4f} {ix + (iw - aw) / 2:.4f} "
                f"{area_top - art_h + (art_h - ah) / 2:.4f} cm /{c._doc.getXObjectName(art.form)} Do Q")
        c._formsinuse.append(art.form)
        area_top -= art_h + pv * 0.3
        area_h = area_top - bottom - pv * 0.3
    if body and area_h <= 4:
        cut.append("text")  # no room at all: the art and stats took it
    if body and area_h > 4:
        bs, lines, body_cut = fit_text_checked(body, "Helvetica", min(0.05 * th, 11.0), 4.0, iw, area_h)
        if body_cut:
            cut.append("text")
        _noted(sizes, "text", bs, body)
        pen.fill(INK)
        lead = bs * 1.18
        yy = area_top - bs
        for line in lines:
            pen.text("Helvetica", bs, ix, yy, line)
            yy -= lead
    elif art is None and spec.big and area_h > 12:
        bs, big = fit_line(spec.big, "Helvetica-Bold", min(0.09 * th, 22.0), 5.0, iw * 0.9)
        pen.fill(watermark(frame))
        pen.text("Helvetica-Bold", bs, w / 2, bottom + area_h / 2 - bs * 0.35, big, centre=True)
    pen.flush()
    # symbols and crowns use ReportLab's path API (rare, a few per card)
    for k, name in enumerate(spec.symbols):
        draw_symbol(c, name, w - ix - (k + 1) * (sym + 1) + 1, y + tl_h * 0.02, sym)
    if spec.crowns:
        for k in range(spec.crowns):
            _crown(c, ix + k * (cs * 1.1), crowns_at, cs)
    if corners:
        corner_guide(c, w, h, corners)
    return cut


def corner_guide(c: Any, w: float, h: float, radius: float) -> None:
    """A thin rounded-corner cutting guide on the trim line."""
    c.setStrokeColor(HexColor("#9e9e9e"))
    c.setLineWidth(0.3)
    c.setDash(1.5, 1.5)
    c.roundRect(0, 0, w, h, radius, stroke=1, fill=0)
    c.setDash()


# --------------------------------------------------------------------------- the Mouse Card deck

SUIT_NAMES = {"spades": "spade", "spade": "spade", "s": "spade", "♠": "spade",
              "hearts": "heart", "heart": "heart", "h": "heart", "♥": "heart",
              "diamonds": "diamond", "diamond": "diamond", "d": "diamond", "♦": "diamond",
              "clubs": "club", "club": "club", "c": "club", "♣": "club"}
RED = HexColor("#c62828")


def _heart(c: Any, cx: float, cy: float, s: float, flip: bool = False) -> None:
    """A heart ``s`` high and about as wide, centred on (cx, cy), of Bézier curves: two round lobes
    running smoothly into the point (``flip``: point up, for a spade). The pip had been two circles
    over a triangle whose corners stuck out below the lobes."""
    sign = -1.0 if flip else 1.0

    def pt(x: float, y: float) -> tuple[float, float]:
        return cx + x * s, cy + sign * y * s

    p = c.beginPath()
    p.moveTo(*pt(0.0, -0.5))  # the point
    p.curveTo(*pt(-0.08, -0.36), *pt(-0.48, -0.12), *pt(-0.48, 0.17))  # up the left side
    p.curveTo(*pt(-0.48, 0.39), *pt(-0.34, 0.5), *pt(-0.23, 0.5))  # over the left lobe
    p.curveTo(*pt(-0.1, 0.5), *pt(0.0, 0.41), *pt(0.0, 0.3))  # down into the cleft
    p.curveTo(*pt(0.0, 0.41), *pt(0.1, 0.5), *pt(0.23, 0.5))
    p.curveTo(*pt(0.34, 0.5), *pt(0.48, 0.39), *pt(0.48, 0.17))
    p.curveTo(*pt(0.48, -0.12), *pt(0.08, -0.36), *pt(0.0, -0.5))
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def _stem(c: Any, cx: float, top: float, bottom: float, s: float) -> None:
    """A spade's or club's stem: from ``top`` down to a foot ``0.28 s`` wide at ``bottom``, its sides
    curving in."""
    p = c.beginPath()
    p.moveTo(cx - s * 0.03, top)
    p.curveTo(cx - s * 0.04, bottom + s * 0.12, cx - s * 0.08, bottom + s * 0.02, cx - s * 0.14, bottom)
    p.lineTo(cx + s * 0.14, bottom)
    p.curveTo(cx + s * 0.08, bottom + s * 0.02, cx + s * 0.04, bottom + s * 0.12, cx + s * 0.03, top)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_suit(c: Any, suit: str, cx: float, cy: float, s: float) -> None:
    """A suit pip of height ``s`` centred on (cx, cy), drawn as vector shapes."""
    if suit == "diamond":
        p = c.beginPath()
        p.moveTo(cx, cy + s / 2)
        p.lineTo(cx + s * 0.36, cy)
        p.lineTo(cx, cy - s / 2)
        p.lineTo(cx - s * 0.36, cy)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif suit == "heart":
        _heart(c, cx, cy, s)
    elif suit == "spade":  # a heart upside down over a stem: from the top (cy + s/2) to the foot
        _heart(c, cx, cy + s * 0.1, s * 0.8, flip=True)
        _stem(c, cx, cy - s * 0.05, cy - s * 0.5, s)
    elif suit == "club":
        r = s * 0.2
        c.circle(cx, cy + s * 0.27, r, stroke=0, fill=1)
        c.circle(cx - r * 1.15, cy + s * 0.02, r, stroke=0, fill=1)
        c.circle(cx + r * 1.15, cy + s * 0.02, r, stroke=0, fill=1)
        _stem(c, cx, cy + s * 0.1, cy - s * 0.5, s)


#: A citation in a card's text, "(mouse-card-system.txt, special effects: Kings)": left off the face.
_CITATION = re.compile(r"\s*\([^()]*\.(?:txt|md)\b[^()]*\)")


def reminder(card: Any) -> str:
    """The reminder a Mouse Card deck card prints of its special effect: its ``text`` without the rule
    book citation ("Draw one more card."); a joker's names its colour, as the two jokers differ
    only in what they are bad for ("Red joker: Reshuffles the deck when drawn. Bad in combat.").
    A joker with no text keeps the old line ("red joker: reshuffle"); another card with none, none."""
    text = " ".join(_CITATION.sub("", str(card.get("text") or "")).split())
    if not _joker(card):
        return text
    colour = str(card.get("colour") or card.get("color") or "").lower()
    return f"{(colour or '?').title()} joker: {text}" if text else f"{colour or '?'} joker: reshuffle"


def _joker(card: Any) -> bool:
    return str(card.get("rank") or "").lower() == "joker" or "joker" in str(card.get("type") or "").lower()


#: The width (pt) of the light cut line a Mouse Card face has on its trim when no corner guide marks it:
#: the card is white on white paper, and its only line had been the border 0.05 w inside the trim, along
#: which cards came out about 57 x 82.5 mm instead of 63.5 x 88.9.
TRIM_LINE = 0.3


def draw_playing_card(c: Any, card: Any, w: float, h: float, bleed: float, *, corners: float = 0.0,
                      art: Art | None = None, sizes: dict[str, float] | None = None) -> list[str]:
    """A Mouse Card deck card: rank and suit in two corners and a large centre pip (or JOKER), below it
    a small reminder of the card's special effect (:func:`reminder`: kings, aces, the jokers), and
    the set's name (the footer) at the bottom between the corners; a card labelled demo has a
    ``DEMO`` tag at the top between the corners. The face is white, so a thin light line
    (:data:`TRIM_LINE`) is drawn on the trim to cut along, unless ``corners`` draws a corner guide there.

    Returns the parts that did not fit even at the smallest font and were cut off with an
    ellipsis (``rank``, ``text``, ``footer``; empty when all fit), as :func:`draw_face` does; its
    first promise holds for the rank and footer (a card at least as large both ways as one of a
    poker card's proportion or taller holds the rank and footer it holds).
    ``sizes``, when given, gets the smallest font size (pt) each part was drawn at."""
    cut: list[str] = []
    c.setFillColor(white)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    pad = 0.05 * w
    c.setStrokeColor(HexColor("#b0bec5"))
    if not corners:  # a white card on white paper: a cut line on the trim (a corner guide is one already),
        c.setLineWidth(TRIM_LINE)  # all of it inside the trim, which clips the face without bleed
        c.rect(TRIM_LINE / 2, TRIM_LINE / 2, w - TRIM_LINE, h - TRIM_LINE, stroke=1, fill=0)
    c.setLineWidth(0.6)  # the border: a design element 0.05 w inside the trim, never the line to cut on
    c.roundRect(pad, pad, w - 2 * pad, h - 2 * pad, 0.04 * w, stroke=1, fill=0)
    suit = SUIT_NAMES.get(str(card.get("suit") or "").lower())
    colour = str(card.get("colour") or card.get("color") or "").lower()
    red = colour == "red" or suit in ("heart", "diamond")
    ink = RED if red else INK
    c.setFillColor(ink)
    joker = _joker(card)
    label, note, footer, tag = playing_card_texts(card)
    th = text_height(w, h)  # text and pips never outgrow the card's width (see draw_face)
    lt = least_height(w, h)  # the smallest sizes (see least_height)
    s = 0.11 * th
    fs, lab = fit_line(label, "Helvetica-Bold", s * 0.9, (0.11 * lt) * 0.4, w * 0.22)
    if lab != label:
        cut.append("rank")
    _noted(sizes, "rank", fs, lab)
    for rot in (0, 180):
        c.saveState()
        if rot:
            c.translate(w, h)
            c.rotate(180)
        c.setFont("Helvetica-Bold", fs)
        c.drawCentredString(pad * 2 + w * 0.08, h - pad * 1.5 - fs * 0.8, lab)
        if suit:
            draw_suit(c, suit, pad * 2 + w * 0.08, h - pad * 2 - fs * 1.35, s * 0.5)
        c.restoreState()
    middle = h / 2  # how far down the centre's drawing reaches
    if art is not None:
        aw, ah = w * 0.6, h * 0.5
        if aw / ah > art.aspect:
            aw = ah * art.aspect
        else:
            ah = aw / art.aspect
        c.saveState()
        c.translate((w - aw) / 2, (h - ah) / 2)
        c.scale(aw, ah)
        c.doForm(art.form)
        c.restoreState()
        middle = (h - ah) / 2
    elif joker:
        c.setFont("Helvetica-Bold", 0.09 * th)
        c.drawCentredString(w / 2, h / 2 + 0.02 * h, "JOKER")
        middle = h / 2
    elif suit:
        draw_suit(c, suit, w / 2, h / 2, 0.28 * th)
        middle = h / 2 - 0.14 * th
    # the footer, the reminder and the DEMO tag run between the corner indices (each reaches at most
    # 0.29 w in from its side, and reaches down as far as the footer's top): half a pad clear of each
    across = w * 0.42 - pad
    most = 0.025 * th
    ffs, ftxt = fit_line(footer, "Helvetica", most, (0.025 * lt) * 0.65, across)
    if ftxt != footer:
        cut.append("footer")
    c.setFillColor(MUTED)
    c.setFont("Helvetica", ffs)
    c.drawCentredString(w / 2, pad * 1.4, ftxt)
    _noted(sizes, "footer", ffs, ftxt)
    # below the centre: across the card above the corner indices' tops when it fits there at 0.8 of
    # its size, else between the indices, down to the footer
    below = middle - 0.025 * h
    room = below - (pad * 1.4 + ffs + 0.02 * h)
    top_size = 0.03 * th
    if note and room >= min(4.0, top_size) * 1.18:  # a line at the least size at least
        wide_room = below - (pad * 2 + fs * 1.35 + s * 0.25 + 0.02 * h)
        note_cut = True
        if wide_room >= top_size * 0.8 * 1.18:  # a line at least
            rs, lines, note_cut = fit_text_checked(note, "Helvetica", top_size, top_size * 0.8, w - 5 * pad,
                                                   wide_room)
        if note_cut:
            rs, lines, note_cut = fit_text_checked(note, "Helvetica", top_size, min(4.0, top_size), across,
                                                   room)
        if note_cut:
            cut.append("text")
        _noted(sizes, "text", rs, note)
        c.setFillColor(ink)
        c.setFont("Helvetica", rs)
        for k, line in enumerate(lines):
            c.drawCentredString(w / 2, below - rs * (0.8 + 1.18 * k), line)
    elif note:
        cut.append("text")  # no room for a line: left off, and said
    if tag:
        ts = 0.03 * th
        tw = min(across, _width1(tag, "Helvetica-Bold") * ts + ts * 0.9)
        ts = min(ts, (tw - ts * 0.9) / _width1(tag, "Helvetica-Bold"))
        ph = ts * 1.5
        y = h - pad * 1.6 - ph
        c.setFillColor(HexColor(DEMO_FILL))
        c.roundRect(w / 2 - tw / 2, y, tw, ph, ph / 2, stroke=0, fill=1)
        c.setFillColor(text_on(DEMO_FILL))
        c.setFont("Helvetica-Bold", ts)
        c.drawCentredString(w / 2, y + ph / 2 - ts * 0.35, tag)
        _noted(sizes, "tags", ts, tag)
    if corners:
        corner_guide(c, w, h, corners)
    return cut


# --------------------------------------------------------------------------- backs

#: A back's name where it is not the game's (:data:`companion.GAMES`): the Mouse Card deck's backs name
#: the deck, as the footer of its faces does (the bundled set, "The Mouse Card deck"); they had said
#: "The Mouse Card system", the name of the rules, while the faces said "deck".
BACK_NAMES = {"mousecard": "The Mouse Card deck"}


def back_name(game: str, label: str | None = None) -> str:
    """The name a card back prints in its disc, as the font draws it (:func:`printable`): the card's own
    back name ``label`` (a name of the user's), else the game's (:data:`BACK_NAMES`, :data:`GAMES`)."""
    return printable(label or BACK_NAMES.get(game) or GAMES.get(game, game))


def draw_back(c: Any, game: str, w: float, h: float, bleed: float, *, label: str | None = None,
              art: Art | None = None, corners: float = 0.0, sizes: dict[str, float] | None = None) -> bool:
    """A card back: the game's colour to the bleed's edge, and in the middle a disc ringed with dots and
    the game's name (:data:`BACK_NAMES` where a game's backs name something else; or the card's own
    back name/image).

    The design is centred, so a back lands the same way after either flip, and keeps clear of
    the trim (no frame along the edges; the dots are over a sixth of the card's width inside
    it): a duplex shift of a couple of millimetres moves the middle a little off centre, but
    shows no frame running askew or white at an edge. The ring is turned by half a step, so
    no dot stands on the name's line, and the name keeps inside the disc, on two lines where
    it needs them (:func:`fit_title`). Returns whether
    the name did not fit and was cut off with an ellipsis; ``sizes``, when given, gets its
    font size (pt) as ``back``.
    """
    colour = HexColor(GAME_COLOURS.get(game, "#455a64"))
    c.setFillColor(colour)
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    cut = False
    if art is not None:  # as large as fits in the bleed box, centred, its proportions kept (as front art)
        bw, bh = w + 2 * bleed, h + 2 * bleed
        aw, ah = (bh * art.aspect, bh) if bw / bh > art.aspect else (bw, bw / art.aspect)
        c.saveState()
        c.translate(-bleed + (bw - aw) / 2, -bleed + (bh - ah) / 2)
        c.scale(aw, ah)
        c.doForm(art.form)
        c.restoreState()
    else:
        disc = tint(colour, 0.75, towards=0.0)
        c.setFillColor(disc)
        r = min(w, h) * 0.28
        c.circle(w / 2, h / 2, r, stroke=0, fill=1)
        text = back_name(game, label)
        c.setFillColor(text_on(disc))
        # the name keeps inside the disc: 1.7 r wide at most ("Of Mice and Monarchs" had been allowed
        # 2.24 r and hung off it), on two lines where one would shrink below 0.6 of its size, and never
        # below 0.3 of it (5.4 pt on a poker card) nor 4 pt: a name two lines do not hold then is cut.
        # One line at most 0.36 r high; two at most 0.3 r each reach 0.33 r from the middle, where the
        # disc is still 1.88 r wide; the ring's dots nearest the lines are 1.15 r out, clear of them
        top = min(0.1 * w, 0.36 * r)
        fs, lines, cut = fit_title(text, "Helvetica-Bold", top, top * 0.6, min(top, 0.3 * r),
                                   min(top, max(4.0, 0.3 * top)), 1.7 * r)
        _noted(sizes, "back", fs, " ".join(lines))
        c.setFont("Helvetica-Bold", fs)
        lead = fs * 1.1
        for k, line in enumerate(lines):
            c.drawCentredString(w / 2, h / 2 - fs * 0.35 + lead / 2 * (len(lines) - 1) - k * lead, line)
        for k in range(8):  # a ring of dots half a step off the name's line, symmetric under a half turn
            a = math.pi * (2 * k + 1) / 8
            c.circle(w / 2 + math.cos(a) * r * 1.25, h / 2 + math.sin(a) * r * 1.25, r * 0.06,
                     stroke=0, fill=1)
    if corners:
        corner_guide(c, w, h, corners)
    return cut
