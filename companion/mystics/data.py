"""Typed, read-only views of the Mice and Mystics card data (``data/mystics/*.json``).

Every record comes from the rule book text (mice-and-mystics.txt) and names its
section in ``source``. A number the text does not show legibly is ``None`` and its
field is listed in ``unknown``; a value read from the text whose reading is not sure
is listed in ``uncertain``. The tools show both as such and let the user correct them.

Accessors take a loaded :class:`companion.cards.CardDB`; without one they load the
bundled data (plus the user's own card files) with :func:`companion.cards.game_cards` (inside a
command's :func:`~companion.cards.leaving_out` block, the cards it read already).
Nothing here prints or keeps state: frozen dataclasses and tuples only.

The action die's symbol vocabulary (mice-and-mystics.txt, Action Dice; Battle):

- ``sword``: a hit in a melee attack;
- ``sword-shield``: a hit in a melee attack, and a block when defending;
- ``bow``: a hit in a ranged attack;
- ``cheese``: one cheese to the mouse that rolled it, or to the minion cheese wheel;
- ``star``: the check symbol used for searches, mousetraps, water and webs (its glyph
  is missing from the text; community references write it ``*``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .. import cite
from ..cards import DATA_DIR, Card, CardDB, corrected_fields, game_cards
from ..errors import CompanionError, UnknownCardError
from .names import achievement_key  # (one normalisation of an achievement's name: the tracker's too)

GAME = "mystics"

SWORD = "sword"
SWORD_SHIELD = "sword-shield"
BOW = "bow"
CHEESE = "cheese"
STAR = "star"
#: Every symbol an action-die face can show.
SYMBOLS: tuple[str, ...] = (SWORD, SWORD_SHIELD, BOW, CHEESE, STAR)
#: Symbols that are hits in a melee attack / in a ranged attack, and blocks on defense
#: (mice-and-mystics.txt, Melee attack; Ranged attack; Inflicting wounds).
MELEE_HITS: frozenset[str] = frozenset({SWORD, SWORD_SHIELD})
RANGED_HITS: frozenset[str] = frozenset({BOW})
BLOCKS: frozenset[str] = frozenset({SWORD_SHIELD})
#: The book: "each die face has a number printed on it ranging from 1-3" (Mouse Movement).
MOVEMENT_RANGE: tuple[int, ...] = (1, 2, 3)

CLASSES: tuple[str, ...] = ("archer", "healer", "leader", "mystic", "scamp", "tinkerer", "warrior")

#: Every section the rule book's index names (mice-and-mystics.txt, Index), plus the
#: story-book chapter the book reproduces. Every record's ``source`` cites from these.
BOOK_SECTIONS: frozenset[str] = frozenset({
    "Ability Cards", "Accessories", "Achievements", "Action Dice", "Adjacent Spaces", "Ambushes", "Armor",
    "Battle", "Battling with a Minion", "Black Areas and Walls", "Board Features", "Boss initiative cards",
    "Boss Minions", "Brodie", "Brodie Chases", "Brodie Pounces", "Captured Mouse", "Chapter objective",
    "Chapter setup", "Charmed", "Defeat", "Determining Initiative Order", "Dinner Fork", "Disguises",
    "Encounter Cards", "Encounters", "Equip", "Events", "Exit areas", "Exploring a Flip Space",
    "Exploring an Exit Area", "Fishhook & Thread", "Flip space", "Free Mouse Actions", "Game round",
    "Game setup", "Grape", "Grape as a Weapon", "Grape as Roach Bait", "Greedy Roaches", "Inflicting wounds",
    "Initiative Cards", "Items", "Knocked Down", "Level Up", "Melee attack", "Minion tokens",
    "Mouse Ability Cards", "Mouse Actions", "Mouse Hero Cards", "Mouse Movement", "Mousetraps",
    "Mousetrap spaces", "Moving across mousetraps", "Moving a Minion", "Moving in Water",
    "Moving Melee Minions", "Moving Ranged Minions", "Negative Effects", "Object of the Game",
    "Orientation arrow", "Other Markers", "Party items", "Party Items", "Placing Minions on the Board",
    "Playing Mice and Mystics as a Campaign", "Poisoned", "Ranged attack", "Recover", "Recovering From Stun",
    "Recovering From Webbed", "Red lines", "Rescuing a Mouse", "Room tile rules", "Room Tiles", "Scurry",
    "Search", "Search Cards", "Seeing the target", "Share", "Sharing Spaces", "Special Areas Spaces",
    "Special chapter rules", "Story Book", "Story Control Board", "Story text", "Stunned", "Surges",
    "Taking a Turn with a Minion", "Taking a Turn with a Mouse Hero", "The story continues", "Tricks",
    "Victory", "Weapons", "Webbed", "Wounds on boss minions", "Wounds on non-boss minions", "Yellow Lines",
})


def source_sections(source: str) -> tuple[str, ...]:
    """The book sections a ``source`` cites: ``"mice-and-mystics.txt, A; B (detail)"`` -> ``("A", "B")``.

    Empty when the source does not cite the Mice and Mystics rule book.
    """
    book = "mice-and-mystics.txt, "
    if not source.startswith(book):
        return ()
    parts = (p.split("(", 1)[0].strip() for p in source[len(book):].split(";"))
    return tuple(p for p in parts if p)


def _db(db: CardDB | None) -> CardDB:
    return db if db is not None else game_cards(GAME)


def _strs(value: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in value) if value else ()


def _opt_tuple(value: Any) -> tuple[str, ...] | None:
    return None if value is None else _strs(value)


@dataclass(frozen=True, slots=True)
class Named:
    """A named rule on a card: a hero's or minion's ability, a chapter's special rule."""

    name: str
    text: str


def _named(value: Any) -> tuple[Named, ...] | None:
    if value is None:
        return None
    return tuple(Named(str(v["name"]), str(v["text"])) for v in value)


@dataclass(frozen=True, slots=True)
class DieFace:
    """One face of the action die: its symbols and movement number (``None`` = unknown).

    ``certain`` is False when the face is not confirmed by the rule book text. ``own_file`` names
    the user's file the face comes from (a ``companion cards correct`` correction or a die of
    their own; empty for the bundled data) and ``corrected`` the fields holding the user's values,
    so that odds built on them say so (a user's value is never the book's).
    """

    id: str
    symbols: tuple[str, ...]
    movement: int | None
    source: str
    certain: bool
    name: str = ""
    notes: str = ""
    own_file: str = ""
    corrected: tuple[str, ...] = ()

    @property
    def book_certain(self) -> bool:
        """Confirmed by the rule book: certain in the bundled data, not by a user's own value."""
        return self.certain and not (self.own_file and (not self.corrected or "certain" in self.corrected))

    @property
    def melee_hit(self) -> bool:
        return any(s in MELEE_HITS for s in self.symbols)

    @property
    def ranged_hit(self) -> bool:
        return any(s in RANGED_HITS for s in self.symbols)

    @property
    def block(self) -> bool:
        return any(s in BLOCKS for s in self.symbols)

    @property
    def cheese(self) -> bool:
        return CHEESE in self.symbols

    @property
    def check(self) -> bool:
        """Shows the check symbol (search, mousetrap, water, web rolls succeed)."""
        return STAR in self.symbols


def die_face(card: Card) -> DieFace:
    """A :class:`DieFace` from a ``die-face`` record."""
    _expect(card, "die-face")
    mv = card.get("movement")
    own = "" if _bundled(card) else str(card.file)
    return DieFace(id=card.id, symbols=_strs(card.get("symbols")), movement=None if mv is None else int(mv),
                   source=card.source, certain=bool(card.get("certain", False)), name=card.name,
                   notes=str(card.get("notes", "")), own_file=own,
                   corrected=tuple(sorted(corrected_fields(card))) if own else ())


def die_notes(faces: Iterable[DieFace]) -> list[str]:
    """What odds built on ``faces`` must say about their data: the faces holding the user's own
    values (which file, which fields) and the faces not confirmed by the rule book, a face the
    user marked certain included ("certain by your correction", not by the book)."""
    faces = tuple(faces)
    notes: list[str] = []
    by_file: dict[str, list[str]] = {}
    for f in faces:
        if f.own_file:
            what = f" ({', '.join(f.corrected)})" if f.corrected else ""
            by_file.setdefault(f.own_file, []).append(f"{f.id}{what}")
    for file, ids in by_file.items():
        notes.append(f"Die faces with your own values, not the rule book's: {', '.join(ids)} (from {file})")
    unsure = [f.id if not f.certain else f"{f.id} (certain by your correction only)"
              for f in faces if not f.book_certain]
    if unsure:
        notes.append(f"Die faces not confirmed by the rule book: {', '.join(unsure)} "
                     "(correct them in the data)")
    return notes


def _bundled(card: Card) -> bool:
    if card.file is None:
        return True
    try:
        return Path(card.file).resolve().is_relative_to(DATA_DIR.resolve())
    except OSError:
        return True


def _bundled_face_ids() -> frozenset[str]:
    """Ids (lower case) of the die faces in the bundled card files."""
    from ..cards import game_files, load_file

    return frozenset(c.id.lower() for f in game_files(GAME) for c in load_file(f, GAME, validate=False)
                     if c.type == "die-face")


def _corrects_bundled(card: Card, bundled_ids: frozenset[str]) -> bool:
    target = card.get("replaces")
    return isinstance(target, str) and target.lower() in bundled_ids


def action_die(db: CardDB | None = None) -> tuple[DieFace, ...]:
    """The action die's faces in file order (mice-and-mystics.txt, Action Dice).

    A user's correction of one face (a record with ``"replaces": "<face id>"``, as
    ``companion cards correct`` writes) takes that face's place among the bundled faces.
    A user's card file of ``die-face`` records of their own (new ids; the user data folder
    or ``--cards``) is a whole die: the faces of the last such file replace the bundled die,
    so players can record their own dice without editing the bundled data.
    """
    faces = _db(db).of_type("die-face")
    own = [c for c in faces if not _bundled(c)]
    if own:
        bundled_ids = _bundled_face_ids()
        own = [c for c in own if not _corrects_bundled(c, bundled_ids)]
    if own:
        last = own[-1].file
        faces = tuple(c for c in own if c.file == last)
    return tuple(die_face(c) for c in faces)


def with_movement(faces: Iterable[DieFace], movement: Mapping[str, int]) -> tuple[DieFace, ...]:
    """The faces with movement numbers filled in or corrected by the user (face id -> 1..3).

    Raises :class:`CompanionError` for an unknown face id or a number outside 1-3.
    """
    faces = tuple(faces)
    ids = {f.id for f in faces}
    for fid, n in movement.items():
        if fid not in ids:
            raise UnknownCardError(fid, GAME, sorted(ids))
        if isinstance(n, bool) or not isinstance(n, int) or n not in MOVEMENT_RANGE:
            raise CompanionError(f"illegal movement number {n!r} for die face {fid!r}",
                                 expected="1, 2 or 3", found=repr(n),
                                 cite=cite(GAME, "Mouse Movement"))
    return tuple(replace(f, movement=movement[f.id]) if f.id in movement else f for f in faces)


def movement_known(faces: Iterable[DieFace]) -> bool:
    """True when every face has a movement number."""
    return all(f.movement is not None for f in faces)


@dataclass(frozen=True, slots=True)
class Hero:
    """A mouse hero (mice-and-mystics.txt, Mouse Hero Cards). ``None`` = unknown."""

    id: str
    name: str
    classes: tuple[str, ...] | None
    battle: int | None
    defense: int | None
    lore: int | None
    move: int | None
    life: int | None
    abilities: tuple[Named, ...] | None
    starting_equipment: tuple[str, ...] | None
    source: str
    unknown: tuple[str, ...] = ()
    uncertain: tuple[str, ...] = ()
    initiative_numbers: tuple[int, ...] = ()
    quote: str = ""
    notes: str = ""

    def has_class(self, cls: str) -> bool | None:
        """Whether the hero has this class; ``None`` when its classes are unknown."""
        return None if self.classes is None else cls in self.classes


def hero(card: Card) -> Hero:
    _expect(card, "hero")
    return Hero(id=card.id, name=card.name, classes=_opt_tuple(card.get("classes")),
                battle=card.get("battle"), defense=card.get("defense"), lore=card.get("lore"),
                move=card.get("move"), life=card.get("life"), abilities=_named(card.get("abilities")),
                starting_equipment=_opt_tuple(card.get("starting_equipment")), source=card.source,
                unknown=_strs(card.get("unknown")), uncertain=_strs(card.get("uncertain")),
                initiative_numbers=tuple(int(n) for n in card.get("initiative_numbers", ())),
                quote=str(card.get("quote", "")), notes=str(card.get("notes", "")))


def heroes(db: CardDB | None = None) -> tuple[Hero, ...]:
    """Every mouse hero the data holds."""
    return tuple(hero(c) for c in _db(db).of_type("hero"))


@dataclass(frozen=True, slots=True)
class InitiativeCard:
    """One of several initiative cards of a boss or of Brodie."""

    name: str
    battle: int | None = None
    defense: int | None = None
    life: int | None = None
    text: str = ""
    unknown: tuple[str, ...] = ()
    uncertain: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Minion:
    """A minion type as its initiative card shows it (mice-and-mystics.txt, Initiative Cards)."""

    id: str
    name: str
    battle: int | None
    defense: int | None
    life: int | None
    ability: Named | None
    size: str | None
    attack: str | None
    boss: bool
    source: str
    counterpart: str | None = None
    initiative_cards: tuple[InitiativeCard, ...] = ()
    unknown: tuple[str, ...] = ()
    uncertain: tuple[str, ...] = ()
    initiative_numbers: tuple[int, ...] = ()
    notes: str = ""

    @property
    def is_large(self) -> bool | None:
        return None if self.size is None else self.size == "large"


def minion(card: Card) -> Minion:
    _expect(card, "minion")
    ab = card.get("ability")
    ability = None if ab is None else Named(str(ab["name"]), str(ab["text"]))
    cards = tuple(InitiativeCard(name=str(c["name"]), battle=c.get("battle"), defense=c.get("defense"),
                                 life=c.get("life"), text=str(c.get("text", "")),
                                 unknown=_strs(c.get("unknown")), uncertain=_strs(c.get("uncertain")))
                  for c in card.get("initiative_cards", ()))
    return Minion(id=card.id, name=card.name, battle=card.get("battle"), defense=card.get("defense"),
                  life=card.get("life"), ability=ability,
                  size=card.get("size"), attack=card.get("attack"), boss=bool(card.get("boss", False)),
                  source=card.source, counterpart=card.get("counterpart"), initiative_cards=cards,
                  unknown=_strs(card.get("unknown")), uncertain=_strs(card.get("uncertain")),
                  initiative_numbers=tuple(int(n) for n in card.get("initiative_numbers", ())),
                  notes=str(card.get("notes", "")))


def minions(db: CardDB | None = None, *, boss: bool | None = None) -> tuple[Minion, ...]:
    """Every minion type; ``boss=True``/``False`` keeps only bosses / common minions."""
    out = tuple(minion(c) for c in _db(db).of_type("minion"))
    return out if boss is None else tuple(m for m in out if m.boss == boss)


@dataclass(frozen=True, slots=True)
class Requirement:
    """Who may use a card: any of ``classes``, or the named ``mouse``; ``none`` = No Requirements."""

    none: bool = False
    classes: tuple[str, ...] = ()
    mouse: str | None = None
    text: str = ""

    def allows(self, h: Hero) -> bool | None:
        """Whether hero ``h`` meets it; ``None`` when the hero's classes are unknown."""
        if self.none:
            return True
        if self.mouse is not None and h.id == self.mouse:
            return True
        if self.classes:
            if h.classes is None:
                return None
            return any(c in h.classes for c in self.classes)
        return False


@dataclass(frozen=True, slots=True)
class SearchCard:
    """A search card (mice-and-mystics.txt, Search Cards). ``None`` = unknown."""

    id: str
    name: str
    subtype: str | None
    source: str
    text: str = ""
    range: str | None = None
    bonus: int | None = None
    bonus_to: str | None = None
    attack_type: str | None = None
    paws: int | None = None
    slot: str | None = None
    requirements: Requirement | None = None
    unknown: tuple[str, ...] = ()
    uncertain: tuple[str, ...] = ()
    quote: str = ""
    notes: str = ""

    @property
    def takes_pack_space(self) -> bool:
        """Tricks and party items do not count toward the pack limit of 3 (Equip; Items)."""
        return self.subtype not in ("trick", "party-item")


def search_card(card: Card) -> SearchCard:
    _expect(card, "search")
    req = card.get("requirements")
    requirement = None if req is None else Requirement(
        none=bool(req.get("none", False)), classes=_strs(req.get("classes")), mouse=req.get("mouse"),
        text=str(req.get("text", "")))
    return SearchCard(id=card.id, name=card.name, subtype=card.get("subtype"), source=card.source,
                      text=str(card.get("text", "")), range=card.get("range"), bonus=card.get("bonus"),
                      bonus_to=card.get("bonus_to"), attack_type=card.get("attack_type"),
                      paws=card.get("paws"), slot=card.get("slot"), requirements=requirement,
                      unknown=_strs(card.get("unknown")), uncertain=_strs(card.get("uncertain")),
                      quote=str(card.get("quote", "")), notes=str(card.get("notes", "")))


def search_cards(db: CardDB | None = None, *, subtype: str | None = None) -> tuple[SearchCard, ...]:
    """Every search card, or only those of one subtype (``weapon``, ``armor``, ``party-item``...)."""
    out = tuple(search_card(c) for c in _db(db).of_type("search"))
    return out if subtype is None else tuple(s for s in out if s.subtype == subtype)


@dataclass(frozen=True, slots=True)
class AbilityCard:
    """A mouse ability card (mice-and-mystics.txt, Ability Cards): class and cheese cost."""

    id: str
    name: str
    classes: tuple[str, ...]
    cost: int | None
    text: str
    source: str
    unknown: tuple[str, ...] = ()
    uncertain: tuple[str, ...] = ()

    def usable_by(self, h: Hero) -> bool | None:
        """Whether hero ``h`` meets the class requirement; ``None`` if its classes are unknown."""
        if "any" in self.classes:
            return True
        if h.classes is None:
            return None
        return any(c in h.classes for c in self.classes)


def ability_card(card: Card) -> AbilityCard:
    _expect(card, "ability")
    return AbilityCard(id=card.id, name=card.name, classes=_strs(card.get("classes")), cost=card.get("cost"),
                       text=str(card.get("text", "")), source=card.source,
                       unknown=_strs(card.get("unknown")), uncertain=_strs(card.get("uncertain")))


def ability_cards(db: CardDB | None = None, *, cls: str | None = None) -> tuple[AbilityCard, ...]:
    """Every ability card, or those a mouse of class ``cls`` may take (``any`` cards included)."""
    out = tuple(ability_card(c) for c in _db(db).of_type("ability"))
    return out if cls is None else tuple(a for a in out if cls in a.classes or "any" in a.classes)


@dataclass(frozen=True, slots=True)
class TileRule:
    """A chapter rule tied to a room tile: special rule, special search or special surge."""

    tile: int | None
    name: str
    text: str
    card: str | None = None
    uncertain: bool = False


@dataclass(frozen=True, slots=True)
class Tile:
    number: int
    name: str


@dataclass(frozen=True, slots=True)
class Placement:
    """Minions placed at the start of a chapter: ``count`` figures of ``minion`` on ``tile``."""

    minion: str
    count: int
    tile: int | None = None


#: A chapter's Defeat naming every mouse captured ("all mice are captured at the same time", "all of
#: the mice are captured", "every mouse is captured").
_ALL_CAPTURED = re.compile(r"\b(?:all(?: of)?(?: the)? mice (?:are|were|is|being|get|become)|every mouse "
                           r"(?:is|was|gets|becomes)) captured\b")


#: A chapter's Victory that clears minions away ("Clear the courtyard tile of minions", "defeat all the
#: minions", "no minions are left").
_CLEARS_MINIONS = re.compile(r"\bclear\b[^.]*\bminions?\b|\b(?:defeat|remove)(?: all)?(?: of)?(?: the)? "
                             r"minions\b|\bno minions (?:are )?(?:left|remain)")


#: How a chapter's story achievement moves the chapter end marker, in its text ("the chapter end marker
#: advances 1 page", "Advance the chapter end marker 1 page", "move the chapter end marker one page further",
#: "... one page back").
_MARKER_MOVE = re.compile(r"chapter end marker (?:advances |moves |is moved |goes )?"
                          r"(?P<n>\d+|one|two|three|four|five) pages?"
                          r"(?: (?P<way>further|forward|back|backward|closer))?")
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def marker_move(text: str) -> int | None:
    """The pages a story achievement's ``text`` moves the chapter end marker (forward unless it says back
    or closer); ``None`` when the text says no such move."""
    found = _MARKER_MOVE.search(" ".join(text.lower().split()))
    if found is None:
        return None
    n = found.group("n")
    pages = int(n) if n.isdecimal() else _NUMBER_WORDS[n]
    return -pages if found.group("way") in ("back", "backward", "closer") else pages


@dataclass(frozen=True, slots=True)
class Chapter:
    """A story-book chapter as far as the rule book shows it (mice-and-mystics.txt, Story Book)."""

    id: str
    number: int
    name: str
    objective: str
    victory: str
    defeat: str
    chapter_end: int | None
    source: str
    story_book: str = ""
    party_size: int | None = None
    excluded_mice: tuple[str, ...] = ()
    encounter_deck: str = ""
    tiles: tuple[Tile, ...] = ()
    setup_tiles: tuple[int, ...] = ()
    setup_minions: tuple[Placement, ...] = ()
    minions: tuple[str, ...] = ()
    special_rules: tuple[TileRule, ...] = ()
    special_searches: tuple[TileRule, ...] = ()
    special_surges: tuple[TileRule, ...] = ()
    achievements: tuple[Named, ...] = ()
    unknown: tuple[str, ...] = ()
    notes: str = ""

    @property
    def all_captured_defeat(self) -> bool:
        """Whether the chapter's Defeat names every mouse captured at the same time (chapter 1's: "... or
        all mice are captured at the same time"; mice-and-mystics.txt, Defeat: the conditions that, if
        met, mean the mice are immediately defeated). Read from the chapter data's own words, so a
        chapter of the user's says it the same way."""
        text = " ".join(self.defeat.lower().split())
        return bool(_ALL_CAPTURED.search(text))

    @property
    def victory_clears_minions(self) -> bool:
        """Whether the chapter's Victory needs minions cleared away (chapter 1's: "Clear the courtyard tile
        of minions and ..."; mice-and-mystics.txt, Victory), read from the chapter data's own words."""
        return bool(_CLEARS_MINIONS.search(" ".join(self.victory.lower().split())))

    @property
    def setup_counts(self) -> dict[str, int]:
        """The figures of each minion type the chapter's setup places (Room Tile Setup; Game setup, step 6:
        chapter 1's 3 rat warriors), by minion id in the order the setup first names them, a type placed on
        several tiles counted once with all its figures."""
        counts: dict[str, int] = {}
        for p in self.setup_minions:
            counts[p.minion] = counts.get(p.minion, 0) + p.count
        return counts

    def surge_for(self, tile: int) -> TileRule | None:
        """The room's special surge, which replaces the encounter card's surge (Surges, step 2)."""
        return next((s for s in self.special_surges if s.tile == tile), None)

    def achievement(self, name: str) -> Named | None:
        """The chapter's story achievement ``name`` names (case, spaces and a possessive's "'s" aside)."""
        key = achievement_key(name)
        return next((a for a in self.achievements if achievement_key(a.name) == key), None)

    def achievement_move(self, name: str) -> int | None:
        """The pages the chapter's story achievement ``name`` moves the chapter end marker, read from its
        text (chapter 1's Miz Maggie Ally: 1); ``None`` when the chapter has no such achievement or its
        text says no move (Achievements: "These achievements and their effects are described in the
        chapters in which they are earned")."""
        found = self.achievement(name)
        return None if found is None else marker_move(found.text)


def _rules(value: Any) -> tuple[TileRule, ...]:
    return tuple(TileRule(tile=r.get("tile"), name=str(r["name"]), text=str(r["text"]), card=r.get("card"),
                          uncertain=bool(r.get("uncertain", False))) for r in value or ())


def chapter_of(card: Card) -> Chapter:
    _expect(card, "chapter")
    return Chapter(id=card.id, number=int(card["number"]), name=card.name, objective=str(card["objective"]),
                   victory=str(card["victory"]), defeat=str(card["defeat"]),
                   chapter_end=card.get("chapter_end"), source=card.source,
                   story_book=str(card.get("story_book", "")), party_size=card.get("party_size"),
                   excluded_mice=_strs(card.get("excluded_mice")),
                   encounter_deck=str(card.get("encounter_deck", "")),
                   tiles=tuple(Tile(int(t["number"]), str(t["name"])) for t in card.get("tiles", ())),
                   setup_tiles=tuple(int(n) for n in card.get("setup_tiles", ())),
                   setup_minions=tuple(Placement(str(m["minion"]), int(m["count"]), m.get("tile"))
                                       for m in card.get("setup_minions", ())),
                   minions=_strs(card.get("minions")), special_rules=_rules(card.get("special_rules")),
                   special_searches=_rules(card.get("special_searches")),
                   special_surges=_rules(card.get("special_surges")),
                   achievements=_named(card.get("achievements")) or (),
                   unknown=_strs(card.get("unknown")), notes=str(card.get("notes", "")))


def chapters(db: CardDB | None = None) -> tuple[Chapter, ...]:
    """Every chapter record, by number."""
    return tuple(sorted((chapter_of(c) for c in _db(db).of_type("chapter")), key=lambda ch: ch.number))


def chapter(number: int, db: CardDB | None = None) -> Chapter:
    """Chapter ``number``; raises :class:`CompanionError` naming the chapters the data holds."""
    found = chapters(db)
    for ch in found:
        if ch.number == number:
            return ch
    have = ", ".join(str(ch.number) for ch in found) or "none"
    raise CompanionError(f"no data for chapter {number!r}", expected=f"one of the chapters: {have}",
                         found=repr(number), cite=cite(GAME, "Story Book"),
                         suggestion="Add the chapter as a card file of your own (type 'chapter').")


@dataclass(frozen=True, slots=True)
class Unknowns:
    """A record's fields that are unknown (null) or uncertain, for "fill it in" prompts."""

    id: str
    name: str
    type: str
    unknown: tuple[str, ...]
    uncertain: tuple[str, ...] = field(default=())


def unknowns(db: CardDB | None = None) -> tuple[Unknowns, ...]:
    """Every record with an unknown or uncertain field (die faces that are not certain included)."""
    out = []
    for c in _db(db):
        unk = _strs(c.get("unknown"))
        unc = _strs(c.get("uncertain"))
        if c.type == "die-face" and not c.get("certain", False) and "symbols" not in unc:
            unc = (*unc, "symbols")
        if unk or unc:
            out.append(Unknowns(c.id, c.name, c.type, unk, unc))
    return tuple(out)


def _expect(card: Card, kind: str) -> None:
    if card.type != kind:
        raise CompanionError(f"card {card.id!r} is a {card.type!r} record, not a {kind!r} record",
                             expected=kind, found=card.type)
