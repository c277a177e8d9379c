"""The party: each mouse's wounds, cheese, conditions, pack and equipment; the minions' wounds.

Rules (mice-and-mystics.txt): "Mouse Hero Cards" (life: wounds before capture),
"Captured Mouse" (card stays on the track; figure, cheese, equipped search cards other
than starting equipment, wounds, poison wounds and negative markers go; the hourglass
moves one page), "Rescuing a Mouse", "Negative Effects" (stunned, webbed, knocked down,
charmed, poisoned; cursed, which Tilda's card names), "Equip" (at most 3 non-trick cards in
the pack; one card per slot except the two paw slots), "Party Items" (no room in any pack),
"Level Up" (6 cheese for an ability card of the mouse's class), "Wounds on non-boss minions",
"Wounds on boss minions", Filch's Prehensile Tail. Every refusal cites its section.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .. import cite, possessive
from ..errors import CompanionError, RuleError, UnknownCardError, closest
from ..verdict import and_list, plural

#: Markers a mouse may carry (Negative Effects). The book's Negative Effects has no rules of its own for
#: "cursed", but Tilda's hero card names it among the markers a mouse becomes (Mouse Hero Cards, Tilda:
#: Empathetic Power), so a story book's card may place it: a marker with no effect of its own here.
CONDITIONS = ("stunned", "webbed", "knocked_down", "charmed", "poisoned", "cursed")
SLOTS = ("paw", "armor", "accessory", "tail")
PACK_LIMIT = 3
LEVEL_UP_COST = 6
PAW_SLOTS = 2


def _c(section: str) -> str:
    """A citation of the Mice and Mystics rule book: ``mice-and-mystics.txt, Equip``."""
    return cite("mystics", section)


#: Filch's tail rule, cited in full.
TAIL = f"{_c('Mouse Hero Cards')}, Filch: Prehensile Tail"
#: Words of a minion type's id, name or counterpart that make it a Rat.
RAT_WORDS = frozenset({"rat", "rats"})


def is_roach(mid: str, name: str) -> bool:
    """Whether a minion type is roaches (greedy roaches use the roaches' card: Greedy Roaches)."""
    return "roach" in f"{mid} {name}".lower()


def is_rat(mid: str, name: str, boss: bool = False, counterpart: str | None = None) -> bool:
    """Whether a minion type is a Rat (Filch's Pilfer takes a Rat's cheese from the minion wheel): Rat
    Warriors and Elite Rat Warriors, by their id, name or common counterpart; a boss never is, though
    he uses a rat figure ("Captain Vurst is unaffected by any rules or powers that only affect rats",
    Boss Minions)."""
    if boss:
        return False
    words = set(re.split(r"[\W_]+", f"{mid} {name} {counterpart or ''}".lower()))
    return bool(words & RAT_WORDS)


def _get(obj: Any, key: str, default: Any = None) -> Any:
    """Read a field from a dataclass, a mapping or a Card (``.data``)."""
    if isinstance(obj, Mapping):
        return obj.get(key, default)
    if hasattr(obj, key):
        return getattr(obj, key)
    data = getattr(obj, "data", None)
    if isinstance(data, Mapping):
        return data.get(key, default)
    return default


def _seq(value: Any) -> tuple[Any, ...]:
    """A list/tuple field as a tuple; anything else (a typo in a typed-in record) as empty."""
    return tuple(value) if isinstance(value, list | tuple) else ()


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class HeroInfo:
    """What the tracker needs to know about a mouse hero (from the card data or typed in)."""

    id: str
    name: str
    life: int | None = None
    classes: tuple[str, ...] = ()
    battle: int | None = None
    defense: int | None = None
    lore: int | None = None
    move: int | None = None
    starting_equipment: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()

    @property
    def born_to_lead(self) -> bool:
        return any("born to lead" in a.lower() for a in self.abilities) or self.id == "collin"

    @property
    def pilfer(self) -> bool:
        return any(a.lower() == "pilfer" for a in self.abilities) or self.id == "filch"

    @property
    def prehensile_tail(self) -> bool:
        return any("prehensile tail" in a.lower() for a in self.abilities) or self.id == "filch"

    @classmethod
    def from_record(cls, rec: Any) -> HeroInfo:
        abilities = _seq(_get(rec, "abilities"))
        names = tuple(str(_get(a, "name", a)) for a in abilities)
        return cls(id=str(_get(rec, "id")), name=str(_get(rec, "name", _get(rec, "id"))),
                   life=_int_or_none(_get(rec, "life")),
                   classes=tuple(str(c).lower() for c in _seq(_get(rec, "classes"))),
                   battle=_int_or_none(_get(rec, "battle")), defense=_int_or_none(_get(rec, "defense")),
                   lore=_int_or_none(_get(rec, "lore")), move=_int_or_none(_get(rec, "move")),
                   starting_equipment=tuple(str(x) for x in _seq(_get(rec, "starting_equipment"))),
                   abilities=names)


@dataclass(frozen=True)
class CardInfo:
    """One of a boss's several initiative cards."""

    id: str
    name: str
    life: int | None = None


@dataclass(frozen=True)
class MinionInfo:
    """What the tracker needs to know about a minion type (from the card data or typed in).

    ``cards``: its initiative cards when it has several (a boss's; Brodie's, who is no boss).
    """

    id: str
    name: str
    life: int | None = None
    battle: int | None = None
    defense: int | None = None
    boss: bool = False
    aggressive: bool = False
    cards: tuple[CardInfo, ...] = ()
    counterpart: str | None = None  # the common minion whose figure it uses (Minion tokens; Boss Minions)

    @property
    def rat(self) -> bool:
        """Whether it is a Rat, for Filch's Pilfer (:func:`is_rat`)."""
        return is_rat(self.id, self.name, self.boss, self.counterpart)

    @classmethod
    def from_record(cls, rec: Any) -> MinionInfo:
        mid = str(_get(rec, "id"))
        ability = _get(rec, "ability")
        ability_text = " ".join(str(_get(ability, k, "") or "") for k in ("name", "text")) if ability else ""
        cards = []
        for i, c in enumerate(_seq(_get(rec, "initiative_cards"))):
            name = str(_get(c, "name", f"card {i + 1}"))
            slug = "".join(ch if ch.isalnum() else "-" for ch in name.lower()).strip("-")
            cards.append(CardInfo(f"{mid}:{slug or i + 1}", name, _int_or_none(_get(c, "life"))))
        # a boss only when the data says so: Brodie has 2 initiative cards and is no boss (Brodie;
        # Boss initiative cards gives the ambush to a boss minion with more than one card)
        name = str(_get(rec, "name", mid))
        boss = bool(_get(rec, "boss", False))
        counterpart = _get(rec, "counterpart")
        return cls(id=mid, name=name, life=_int_or_none(_get(rec, "life")),
                   battle=_int_or_none(_get(rec, "battle")), defense=_int_or_none(_get(rec, "defense")),
                   boss=boss, aggressive="aggressive" in ability_text.lower(), cards=tuple(cards),
                   counterpart=counterpart if isinstance(counterpart, str) else None)


def hero_from_event(mid: str, spec: Mapping[str, Any]) -> HeroInfo:
    """A hero typed into the start event: ``{"id": "lily", "life": 4, "classes": ["archer"]}``."""
    return HeroInfo.from_record({"id": mid, **spec})


def minion_from_event(mid: str, spec: Mapping[str, Any]) -> MinionInfo:
    """A minion type typed into an event (``{"life": 2, "aggressive": true, "cards": [...]}``).

    It is a boss only with ``"boss": true``: several cards alone do not make one (Brodie).
    """
    cards = tuple(CardInfo(f"{mid}:{i + 1}", str(_get(c, "name", f"{mid} card {i + 1}")),
                           _int_or_none(_get(c, "life")))
                  for i, c in enumerate(_seq(spec.get("cards"))))
    name = str(spec.get("name", mid.replace("_", " ").title()))
    boss = _yes_no(spec, "boss", mid)
    return MinionInfo(id=mid, name=name,
                      life=_int_or_none(spec.get("life")), battle=_int_or_none(spec.get("battle")),
                      defense=_int_or_none(spec.get("defense")),
                      boss=boss, aggressive=_yes_no(spec, "aggressive", mid),
                      cards=cards)


def _yes_no(spec: Mapping[str, Any], key: str, mid: str) -> bool:
    """A typed minion's yes/no field: true or false as JSON writes them (``"no"`` is no false)."""
    value = spec.get(key, False)
    if not isinstance(value, bool):
        raise CompanionError(f"minion {mid[:40]!r}: bad {key} {repr(value)[:40]}", expected="true or false")
    return value


@dataclass(frozen=True)
class Gear:
    """A search card a mouse carries: in its pack, or equipped in a slot."""

    name: str
    trick: bool = False
    slot: str | None = None  # None: in the pack
    paws: int = 1
    starting: bool = False
    party: bool = False  # a party item: by the story control board, in no pack (Party Items)

    @property
    def takes_room(self) -> bool:
        """Whether it counts toward the pack limit: tricks and party items do not (Equip; Party Items)."""
        return not (self.trick or self.party)


@dataclass(frozen=True)
class Mouse:
    id: str
    name: str
    life: int | None
    classes: tuple[str, ...] = ()
    wounds: int = 0
    poison: int = 0
    cheese: int = 0
    captured: bool = False
    captures: int = 0
    conditions: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()
    gear: tuple[Gear, ...] = ()
    tail: bool = False

    @property
    def total_wounds(self) -> int:
        return self.wounds + self.poison

    @property
    def pack(self) -> tuple[Gear, ...]:
        return tuple(g for g in self.gear if g.slot is None)

    @property
    def equipped(self) -> tuple[Gear, ...]:
        return tuple(g for g in self.gear if g.slot is not None)

    @property
    def pack_load(self) -> int:
        return sum(1 for g in self.pack if g.takes_room)

    def to_json(self, card_name: Callable[[str], str] = str,
                card_id: Callable[[str], str | None] | None = None) -> dict[str, Any]:
        """The mouse as ``--json`` gives it. ``equipped`` (each card as recorded: its slot) holds one entry
        a name, so ``gear`` lists every equipped copy, in the order equipped (Filch's two Daggers, in his paw
        and his tail): ``{"slot", "card", "id", "paws"}``, ``card`` the name the table reads (``card_name``:
        starting equipment is recorded by id), ``id`` the card data's id (``card_id``; ``null`` when the data
        holds no such card, or none is given)."""
        return {"id": self.id, "name": self.name, "life": self.life, "wounds": self.wounds,
                "poison": self.poison, "cheese": self.cheese, "captured": self.captured,
                "captures": self.captures, "conditions": list(self.conditions),
                "abilities": list(self.abilities), "classes": list(self.classes),
                "pack": [g.name for g in self.pack],
                "equipped": {g.name: g.slot for g in self.equipped},
                "gear": [{"slot": g.slot, "card": card_name(g.name),
                          "id": None if card_id is None else card_id(g.name),
                          "paws": g.paws} for g in self.equipped]}


#: How the party items are introduced wherever they are listed (Party Items): their cards lie by the story
#: control board, shared by the party, in no mouse's pack.
PARTY_ITEMS_WORDS = "Party items, by the story control board, shared"


def equipped_names(m: Mouse, card_name: Callable[[str], str] = str) -> list[str]:
    """``m``'s equipped cards as the dashboards list them, each with its slot: ``Sword (weapon)``
    (``card_name`` shows a card recorded by id by its name)."""
    return [f"{card_name(g.name)} ({g.slot})" for g in m.equipped]


def pack_names(m: Mouse, card_name: Callable[[str], str] = str) -> list[str]:
    """The cards in ``m``'s pack as the dashboards list them, a trick said (a party item is shared, by
    the story control board: :func:`party_items`, not here)."""
    return [card_name(g.name) + (" (trick)" if g.trick else "") for g in m.pack if not g.party]


def party_items(mice: Iterable[Mouse], card_name: Callable[[str], str] = str) -> list[str]:
    """The party items, each with the mouse that drew it: ``Lantern (drawn by Filch)``."""
    return [f"{card_name(g.name)} (drawn by {m.name})" for m in mice for g in m.gear if g.party]


def new_mouse(info: HeroInfo, ability: str | None = None) -> Mouse:
    armorish = ("breastplate", "armor", "cloak", "mail", "helm", "shield")
    gear = tuple(Gear(name=e, slot="armor" if any(a in e.lower() for a in armorish) else "paw",
                      starting=True) for e in info.starting_equipment)
    return Mouse(id=info.id, name=info.name, life=info.life, classes=info.classes,
                 abilities=(ability,) if ability else (), gear=_fit_starting(gear), tail=info.prehensile_tail)


def _fit_starting(gear: tuple[Gear, ...]) -> tuple[Gear, ...]:
    """Starting equipment is equipped; armor by name, the rest in paws, any overflow in the pack."""
    out: list[Gear] = []
    paws = 0
    for g in gear:
        if g.slot == "armor" and not any(x.slot == "armor" for x in out):
            out.append(g)
        elif paws < PAW_SLOTS:
            out.append(replace(g, slot="paw"))
            paws += 1
        else:
            out.append(replace(g, slot=None))
    return tuple(out)


def _key(name: Any) -> str:
    return "".join(ch for ch in str(name).lower() if ch.isalnum())


def find(mice: tuple[Mouse, ...], mid: Any) -> Mouse:
    for m in mice:
        if m.id == mid:
            return m
    for m in mice:  # "Filch", "filch" and "FILCH" are the same mouse
        if _key(mid) and _key(mid) in (_key(m.id), _key(m.name)):
            return m
    names = [m.id for m in mice]
    raise UnknownCardError(str(mid), "mystics", closest(str(mid), names) or names, where="mouse")


def put(mice: tuple[Mouse, ...], mouse: Mouse) -> tuple[Mouse, ...]:
    return tuple(mouse if m.id == mouse.id else m for m in mice)


def _unknown_condition(condition: str) -> RuleError:
    near = closest(condition, CONDITIONS)
    return RuleError(f"unknown condition {condition!r} ({_c('Negative Effects')})",
                     expected=", ".join(CONDITIONS),
                     suggestion=f"Did you mean {near[0]!r}?" if near else None)


def add_condition(m: Mouse, condition: str) -> Mouse:
    if condition not in CONDITIONS:
        raise _unknown_condition(condition)
    return replace(m, conditions=tuple(sorted({*m.conditions, condition})))


def drop_condition(m: Mouse, condition: str) -> Mouse:
    if condition not in CONDITIONS:
        raise _unknown_condition(condition)
    return replace(m, conditions=tuple(c for c in m.conditions if c != condition))


def wound(m: Mouse, count: int, poison: bool = False) -> Mouse:
    """Add wounds (poison wounds also make the mouse poisoned)."""
    if m.captured:
        raise RuleError(f"{m.name} is captured and cannot be wounded ({_c('Captured Mouse')})",
                        suggestion=f"rescue the mouse first ({_c('Rescuing a Mouse')})")
    if poison:
        return add_condition(replace(m, poison=m.poison + count), "poisoned")
    return replace(m, wounds=m.wounds + count)


def heal(m: Mouse, count: int, poison: bool = False) -> Mouse:
    """Remove wounds; poison wounds only with ``poison=True`` (an antidote or cure: Poisoned)."""
    if poison:
        if count > m.poison:
            raise RuleError(f"{m.name} has {m.poison} poison wounds, cannot cure {count} ({_c('Poisoned')})")
        m = replace(m, poison=m.poison - count)
        return m if m.poison else drop_condition(m, "poisoned")
    if count > m.wounds:
        extra = f"; poison wounds need an antidote or cure ({_c('Poisoned')})" if m.poison else ""
        raise RuleError(f"{m.name} has {m.wounds} normal wounds, cannot heal {count} "
                        f"({_c('Mouse Hero Cards')}){extra}")
    return replace(m, wounds=m.wounds - count)


def is_beaten(m: Mouse) -> bool:
    """Wounds (normal + poison) equal to or greater than life: the mouse becomes captured."""
    return m.life is not None and m.total_wounds >= m.life


def capture(m: Mouse, keep_equipment: bool = False) -> Mouse:
    """Captured Mouse: cheese, equipped non-starting cards, wounds and markers go; the pack stays."""
    if m.captured:
        raise RuleError(f"{m.name} is already captured ({_c('Captured Mouse')})")
    gear = m.gear if keep_equipment else tuple(g for g in m.gear if g.slot is None or g.starting)
    return replace(m, captured=True, captures=m.captures + 1, cheese=0, wounds=0, poison=0,
                   conditions=(), gear=gear)


def rescue(m: Mouse) -> Mouse:
    if not m.captured:
        raise RuleError(f"{m.name} is not captured ({_c('Rescuing a Mouse')})")
    return replace(m, captured=False)


def change_cheese(m: Mouse, count: int) -> Mouse:
    if m.cheese + count < 0:
        raise RuleError(f"{m.name} has {m.cheese} cheese, cannot spend {-count} ({_c('Mouse Hero Cards')})")
    return replace(m, cheese=m.cheese + count)


def level_up(m: Mouse, ability: str, ability_classes: Iterable[str] = (), cost: int = LEVEL_UP_COST) -> Mouse:
    """Level Up: discard 6 cheese for an ability card that matches the mouse's class."""
    refused = level_up_refusal(m, ability, ability_classes, cost)
    if refused is not None:
        raise refused
    return replace(m, cheese=m.cheese - cost, abilities=(*m.abilities, ability))


def level_up_refusal(m: Mouse, ability: str, ability_classes: Iterable[str] = (),
                     cost: int = LEVEL_UP_COST) -> RuleError | None:
    """Why ``m`` cannot level up for ``ability`` (``None``: it can): captured, short of cheese, an ability
    card of another class, or one it has (Level Up). What :func:`level_up` refuses and the page gates."""
    if m.captured:
        return RuleError(f"{m.name} is captured ({_c('Captured Mouse')})")
    if m.cheese < cost:
        return RuleError(f"{m.name} has {m.cheese} cheese; leveling up costs {cost} ({_c('Level Up')})",
                         expected=f"{cost} cheese", found=str(m.cheese))
    refused = ability_class_refusal(m, ability, ability_classes, "Level Up")
    if refused is not None:
        return refused
    held = next((a for a in m.abilities if a.casefold() == ability.casefold()), None)
    if held is not None:  # ("first aid" is the "First Aid" the mouse has)
        return RuleError(f"{m.name} already has ability {held!r}: a new ability card ({_c('Level Up')})")
    return None


def ability_class_refusal(m: Mouse, ability: str, ability_classes: Iterable[str],
                          section: str) -> RuleError | None:
    """Why the ability card does not fit ``m``: it must match the mouse's class (Game setup; Level Up, the
    ``section`` cited); ``any`` cards fit all. ``None``: it fits, or the mouse's or the card's classes are
    not known (not checked)."""
    need = {c.lower() for c in ability_classes} - {"any"}
    if need and m.classes and not need & set(m.classes):
        return RuleError(f"ability {ability!r} needs class {' or '.join(sorted(need))}; "
                         f"{m.name} is {' and '.join(m.classes)}", cite=cite("mystics", section))
    return None


def gain(m: Mouse, card: str, trick: bool = False, discard: str | None = None, *,
         strict: bool = True, show: Callable[[str], str] = str, party: bool = False) -> Mouse:
    """Put a search card into the pack; a 4th non-trick card needs a discard, of a card in the pack
    (Equip: the card discarded for room is one of the pack's, and only when the pack is full).
    ``show``: a card as the words name it (its name, for a card recorded by id). ``party``: a party
    item, which takes no room in any pack (Party items; Party Items), as a trick takes none (Equip)."""
    refused = gain_refusal(m, card, trick, discard, strict=strict, show=show, party=party)
    if refused is not None:
        raise refused
    if discard is not None:
        m = _drop_for_room(m, discard, show)
    return replace(m, gear=(*m.gear, Gear(name=card, trick=trick, party=party)))


def gain_refusal(m: Mouse, card: str, trick: bool = False, discard: str | None = None, *,
                 strict: bool = True, show: Callable[[str], str] = str,
                 party: bool = False) -> RuleError | None:
    """Why ``card`` cannot go into ``m``'s pack (``None``: it can): a discard that makes no room
    (``strict``), a discard of a card it lacks, or a pack over its limit (Equip). What :func:`gain`
    refuses and the page gates."""
    if discard is not None:
        refused = missing_card(m, discard, show)
        if refused is None and strict:  # (not strict: the caller has judged it: see the tracker's _gain)
            refused = room_discard_refusal(m, card, discard, trick=trick, party=party, show=show)
        if refused is not None:
            return refused
        m = _drop_for_room(m, discard, show)
    load = m.pack_load + (0 if trick or party else 1)
    if load > PACK_LIMIT:
        return RuleError(f"{possessive(m.name)} pack would hold {load} non-trick cards; the limit is "
                         f"{PACK_LIMIT} ({_c('Equip')})", suggestion=_make_room(m, show))
    return None


def needs_discard(m: Mouse, *, trick: bool, party: bool) -> bool:
    """Whether a card (a trick, a party item, else one that takes room) goes into ``m``'s pack only with a
    discard: it takes room and the pack is full (Equip; a trick or a party item takes none)."""
    return not (trick or party) and m.pack_load >= PACK_LIMIT


def room_discard_refusal(m: Mouse, card: str, discard: str, *, trick: bool, party: bool,
                         show: Callable[[str], str] = str) -> RuleError | None:
    """Why a discard made for ``card``'s room makes none (``None``: it does): Equip, the card discarded for
    room is one of the pack's, and only when the pack is full; a trick or a party item takes no room. What
    :func:`gain` and :func:`unequip` both check, and the tracker keeps an older line with a note for."""
    g = m.gear[_room_card(m, discard, show)]
    if g.slot is not None:
        return RuleError(f"{show(discard)!r} is equipped ({g.slot}), not in {possessive(m.name)} pack: "
                         f"the card discarded for room comes from the pack ({_c('Equip')})",
                         suggestion="discard a pack card, or discard the equipped card first")
    if not needs_discard(m, trick=trick, party=party):
        why = (f": a party item takes no room in any pack ({_c('Party Items')})" if party
               else f": a trick takes no room in the pack ({_c('Equip')})" if trick
               else f" ({_c('Equip')})")
        return RuleError(f"{possessive(m.name)} pack has room for {show(card)!r}: no card need be "
                         f"discarded{why}", suggestion="discard nothing (or discard a card first)")
    return None


def _make_room(m: Mouse, show: Callable[[str], str]) -> str:
    """What to do when a card does not fit ``m``'s full pack, in the one wording the page rewords (its
    ``PAGE_FIELDS``): discard a pack card, named."""
    return (f"choose a card {m.name} discards to make room (pack: "
            + ", ".join(show(g.name) for g in m.pack if g.takes_room) + ")")


def missing_card(m: Mouse, card: str, show: Callable[[str], str] = str) -> RuleError | None:
    """Why ``m`` has no card ``card`` (``None``: it has it), naming the cards it has (Equip)."""
    if any(g.name == card for g in m.gear):
        return None
    names = list(dict.fromkeys(show(g.name) for g in m.gear))
    near = closest(show(card), names)
    return RuleError(f"{m.name} has no card {show(card)!r} ({_c('Equip')})",
                     expected=("one of " + ", ".join(names)) if names else "a card the mouse has (none)",
                     suggestion=("Did you mean " + " or ".join(repr(x) for x in near) + "?")
                     if near else None)


def _find_gear(m: Mouse, card: str, show: Callable[[str], str] = str) -> int:
    refused = missing_card(m, card, show)
    if refused is not None:
        raise refused
    return next(i for i, g in enumerate(m.gear) if g.name == card)


def copy_index(m: Mouse, card: str, *, in_pack: bool) -> int | None:
    """Where in ``m``'s gear the card ``card`` an equip (``in_pack``) or an unequip moves is: its copy in the
    pack for an equip, an equipped copy for an unequip, when it has one (two cards of one name: Filch's
    starting Dagger in his paw and a Dagger found in a search, which Prehensile Tail holds as well), else its
    first; ``None``: it has none (Equip: an equip moves a card from the pack to a slot, an unequip the other
    way)."""
    copies = [i for i, g in enumerate(m.gear) if g.name == card]
    return next((i for i in copies if (m.gear[i].slot is None) == in_pack), copies[0] if copies else None)


#: Where the copy of a card given in a share is (a share's ``slot``): its pack, any of its equipment slots
#: (``equipped``), or the one slot named. The book lets a share exchange any search card (Share), equipped or
#: not; a mouse holding two of one card (Filch's starting Dagger in his paw and a Dagger found in a search)
#: gives the one the player chooses.
SHARE_PLACES = ("pack", "equipped", *SLOTS)


def place_of(g: Gear) -> str:
    """Where ``g`` is, in a share's words: ``pack`` or its slot."""
    return "pack" if g.slot is None else g.slot


def at_place(g: Gear, place: str) -> bool:
    """Whether ``g`` is at a share's ``place`` (:data:`SHARE_PLACES`: ``equipped`` is any slot)."""
    return place == place_of(g) or (place == "equipped" and g.slot is not None)


def place_words(place: str) -> str:
    """A share's ``place`` in words: "in the pack", "equipped", "in the paw slot"."""
    return {"pack": "in the pack", "equipped": "equipped"}.get(place, f"in the {place} slot")


def held_places(m: Mouse, card: str, show: Callable[[str], str] | None = None) -> list[str]:
    """Where ``m`` holds copies of ``card``, each place once, in the order of its gear (``pack``, ``paw``):
    the copies recorded as ``card``; with ``show`` (a card as the words name it), every copy named alike too
    (starting equipment is recorded by id: Filch's starting ``dagger`` and a ``Dagger`` found are two
    Daggers)."""
    key = None if show is None else show(card).casefold()
    return list(dict.fromkeys(place_of(g) for g in m.gear
                              if g.name == card or (show is not None and show(g.name).casefold() == key)))


def share_place_refusal(m: Mouse, card: str, place: str | None,
                        show: Callable[[str], str] = str) -> RuleError | None:
    """Why ``m`` has no copy of ``card`` at ``place`` to give (:data:`SHARE_PLACES`; ``None`` place: any
    copy), naming where its copies are (``None``: it has one there). A card it lacks is refused naming the
    cards it has (:func:`missing_card`)."""
    return _place_refusal(m, card, place, show, places=SHARE_PLACES, bad="no place {!r} to give a card from",
                          section="Share", suggestion="give a copy it holds, or leave the place out")


#: Where the copy of a card an unequip puts into the pack is (an unequip's ``slot``): any of its equipment
#: slots (``equipped``, the default) or the one slot named: Filch's Dagger in his paw or the one his
#: Prehensile Tail holds, as the player chooses (Equip; Filch: Prehensile Tail).
UNEQUIP_PLACES = ("equipped", *SLOTS)

#: What to do when an unequip's slot holds no copy of its card (the page says it in its own words)
UNEQUIP_SLOT_ADVICE = "unequip a copy it has equipped, or leave the slot out"


def unequip_place_refusal(m: Mouse, card: str, place: str | None,
                          show: Callable[[str], str] = str) -> RuleError | None:
    """Why ``m`` has no equipped copy of ``card`` at ``place`` to put into its pack (:data:`UNEQUIP_PLACES`;
    ``None`` place: any copy), naming where its copies are (``None``: it has one there; a card it lacks:
    :func:`missing_card`)."""
    return _place_refusal(m, card, place, show, places=UNEQUIP_PLACES, bad="no slot {!r} to unequip a card "
                          "from", section="Equip", suggestion=UNEQUIP_SLOT_ADVICE)


def _place_refusal(m: Mouse, card: str, place: str | None, show: Callable[[str], str], *,
                   places: tuple[str, ...], bad: str, section: str, suggestion: str) -> RuleError | None:
    """Why ``m`` has no copy of ``card`` at ``place`` (one of ``places``; ``bad``: the words for a place that
    is none of them), naming where its copies are (:func:`held_places`); ``None``: it has one there, or
    ``place`` is ``None`` and it has the card (a card it lacks: :func:`missing_card`)."""
    missing = missing_card(m, card, show)
    if missing is not None or place is None:
        return missing
    if place not in places:
        near = closest(str(place), places)
        return RuleError(f"{bad.format(str(place)[:40])} ({_c(section)})", expected=", ".join(places),
                         suggestion=f"Did you mean {near[0]!r}?" if near else None)
    if _place_index(m, card, place) is not None:
        return None
    held = and_list([place_words(x) for x in held_places(m, card, show)])
    return RuleError(f"{m.name} has no {show(card)!r} {place_words(place)}: it holds it {held} "
                     f"({_c(section)})", suggestion=suggestion)


def _place_index(m: Mouse, card: str, place: str | None) -> int | None:
    """Where in ``m``'s gear the copy of ``card`` at ``place`` is (:data:`SHARE_PLACES`); ``None`` place: the
    pack's when it has one, else its first (:func:`copy_index`). ``None``: no copy there."""
    if place is None:
        return copy_index(m, card, in_pack=True)
    return next((i for i, g in enumerate(m.gear) if g.name == card and at_place(g, place)), None)


def _shared_index(m: Mouse, card: str, show: Callable[[str], str] = str, place: str | None = None) -> int:
    """Where in ``m``'s gear the copy of ``card`` a share takes is (:func:`shared_copy`)."""
    refused = share_place_refusal(m, card, place, show)
    if refused is not None:
        raise refused
    i = _place_index(m, card, place)
    assert i is not None  # (a copy there: share_place_refusal said so)
    return i


def shared_copy(m: Mouse, card: str, show: Callable[[str], str] = str, place: str | None = None) -> Gear:
    """The copy of ``card`` a share takes from ``m``: the one at ``place`` (:data:`SHARE_PLACES`: the player's
    choice of two cards of one name), else the pack's when it has one (Filch's starting Dagger in his paw
    stays there when he shares the Dagger found in a search; Share, Equip: :func:`copy_index`). Refused when
    ``m`` has no such card, or none there, naming where it has them (:func:`share_place_refusal`)."""
    return m.gear[_shared_index(m, card, show, place)]


def which_copy(m: Mouse, card: str, place: str | None = None,
               show: Callable[[str], str] | None = None) -> str:
    """Which of two cards of one name ``m`` gives in a share (:func:`shared_copy`, at ``place``), in words:
    "from the pack, not the equipped one", "from the tail slot"; "" when it holds one, or all of them in one
    place (the copy given does not matter then). ``show``: copies named alike count too
    (:func:`held_places`)."""
    g = shared_copy(m, card, place=place)
    if len(held_places(m, card, show)) < 2:
        return ""
    return "from the pack, not the equipped one" if g.slot is None else f"from the {g.slot} slot"


def share_choice(m: Mouse, card: str, show: Callable[[str], str] = str, place: str | None = None) -> str:
    """``card`` as the share picker offers it: its name, with "(equipped)" when the copy a share takes is
    equipped, and for a card held in two places which copy it is ("Dagger (from the pack, not the equipped
    one)", "Dagger (from the paw slot)": :func:`which_copy`)."""
    which = which_copy(m, card, place, show)
    if which:
        return f"{show(card)} ({which})"
    return show(card) + (" (equipped)" if shared_copy(m, card, place=place).slot else "")


def give(m: Mouse, card: str, show: Callable[[str], str] = str,
         place: str | None = None) -> tuple[Mouse, Gear]:
    """``m`` without the card it gives in a share, and that card: :func:`shared_copy`'s (Share)."""
    i = _shared_index(m, card, show, place)
    return replace(m, gear=m.gear[:i] + m.gear[i + 1:]), m.gear[i]


def _room_card(m: Mouse, card: str, show: Callable[[str], str] = str) -> int:
    """Where in ``m``'s gear the card ``card`` discarded for room is: its copy in the pack that takes room
    when it has one (two cards of one name, one a party item: the other makes the room), else its first."""
    i = _find_gear(m, card, show)
    return next((k for k, g in enumerate(m.gear) if g.name == card and g.slot is None and g.takes_room), i)


def _drop_for_room(m: Mouse, card: str, show: Callable[[str], str] = str) -> Mouse:
    """``m`` without the card ``card`` it discards to make room (:func:`_room_card`)."""
    i = _room_card(m, card, show)
    return replace(m, gear=m.gear[:i] + m.gear[i + 1:])


def drop(m: Mouse, card: str, show: Callable[[str], str] = str) -> Mouse:
    i = _find_gear(m, card, show)
    return replace(m, gear=m.gear[:i] + m.gear[i + 1:])


def equip(m: Mouse, card: str, slot: str, paws: int = 1, *, strict: bool = True,
          show: Callable[[str], str] = str) -> Mouse:
    """Equip a card from the pack (or a new one) into a slot: two paws, one armor, one accessory.

    ``slot="tail"``: Filch's Prehensile Tail holds one dagger as an extra paw.
    """
    refused = equip_refusal(m, card, slot, paws, strict=strict, show=show)
    if refused is not None:
        raise refused
    i = copy_index(m, card, in_pack=True)
    # (a card new to the mouse is equipped as it comes)
    g, rest = (Gear(name=card), m.gear) if i is None else (m.gear[i], m.gear[:i] + m.gear[i + 1:])
    return replace(m, gear=(*rest, replace(g, slot=slot, paws=paws if slot == "paw" else 1)))


def equip_refusal(m: Mouse, card: str, slot: str, paws: int = 1, *, strict: bool = True,
                  show: Callable[[str], str] = str) -> RuleError | None:
    """Why ``m`` cannot equip ``card`` in ``slot`` (``None``: it can): a trick, a slot it lacks or that is
    taken, too few free paws (Equip; Tricks; Filch: Prehensile Tail), or (``strict``) a card of its typed
    another way. What :func:`equip` refuses and the page gates."""
    if slot not in SLOTS:
        return RuleError(f"unknown equipment slot {slot!r} ({_c('Equip')})", expected=", ".join(SLOTS))
    i = copy_index(m, card, in_pack=True)
    if i is None:
        missing = missing_card(m, card, show)
        if missing is not None and missing.suggestion and strict:  # a card of the mouse's typed another way
            # (never a second card; an older log's line is kept as it was played)
            return RuleError(f"{m.name} has no card {show(card)!r}; to equip a card the mouse has, name it "
                             f"by its name or id ({_c('Equip')})", suggestion=missing.suggestion)
        g, rest = Gear(name=card), m.gear  # a card new to the mouse, equipped as it comes
    else:
        g, rest = m.gear[i], m.gear[:i] + m.gear[i + 1:]
    name = show(card)
    if g.trick:
        return RuleError(f"{name!r} is a trick; tricks are not equipped ({_c('Tricks')})")
    if slot == "tail":
        if not m.tail:
            return RuleError(f"{m.name} has no Prehensile Tail; only Filch can hold a dagger in his tail "
                             f"({TAIL})")
        if "dagger" not in card.lower() and "dagger" not in name.lower():
            return RuleError(f"only a dagger fits Filch's tail, not {name!r} ({TAIL})")
        if any(x.slot == "tail" for x in rest):
            return RuleError(f"{possessive(m.name)} tail already holds a dagger ({TAIL})")
    elif slot == "paw":
        used = sum(x.paws for x in rest if x.slot == "paw")
        if used + paws > PAW_SLOTS:
            return RuleError(f"{m.name} has {plural(PAW_SLOTS - used, 'free paw')}; {name!r} needs {paws} "
                             f"({_c('Equip')})", suggestion="unequip a paw card first")
    elif any(x.slot == slot for x in rest):
        other = next(x.name for x in rest if x.slot == slot)
        return RuleError(f"{m.name} already has {show(other)!r} in the {slot} slot: one card per slot "
                         f"({_c('Equip')})", suggestion="unequip it first")
    return None


def unequip(m: Mouse, card: str, discard: str | None = None, show: Callable[[str], str] = str, *,
            strict: bool = True, place: str | None = None) -> Mouse:
    """Move an equipped card into the pack (the pack limit applies: a full pack needs ``discard``, a card of
    the pack discarded to make room, Equip; ``strict`` off: an older log's line, kept as it was played). The
    copy moved is :func:`unequipped_copy`'s: the one at ``place`` (:data:`UNEQUIP_PLACES`) when given."""
    refused = unequip_refusal(m, card, discard, show, strict=strict, place=place)
    if refused is not None:
        raise refused
    if discard is not None:
        m = _drop_for_room(m, discard, show)
    i = _unequip_index(m, card, show, place)
    return replace(m, gear=(*m.gear[:i], *m.gear[i + 1:], replace(m.gear[i], slot=None)))


def _unequip_index(m: Mouse, card: str, show: Callable[[str], str] = str, place: str | None = None) -> int:
    """Where in ``m``'s gear the copy of ``card`` an unequip moves is: the one at ``place``
    (:data:`UNEQUIP_PLACES`), else an equipped copy when it has one, else its first (Equip:
    :func:`copy_index`). Refused when it has no such card, or none there (:func:`unequip_place_refusal`)."""
    refused = unequip_place_refusal(m, card, place, show)
    if refused is not None:
        raise refused
    i = _place_index(m, card, place) if place is not None else copy_index(m, card, in_pack=False)
    assert i is not None  # (a copy there: unequip_place_refusal said so)
    return i


def unequipped_copy(m: Mouse, card: str, show: Callable[[str], str] = str, place: str | None = None) -> Gear:
    """The copy of ``card`` an unequip puts into ``m``'s pack: the one at ``place`` (:data:`UNEQUIP_PLACES`:
    the player's choice of two cards of one name equipped, Filch's Dagger in his paw or his tail), else its
    first equipped one (:func:`_unequip_index`)."""
    return m.gear[_unequip_index(m, card, show, place)]


def which_equipped(m: Mouse, card: str, place: str | None = None,
                   show: Callable[[str], str] | None = None) -> str:
    """Which of two equipped cards of one name ``m`` unequips (:func:`unequipped_copy`, at ``place``), in
    words: "from the tail slot"; "" when it has one equipped, or all of them in one slot (the copy moved does
    not matter then). ``show``: copies named alike count too (:func:`held_places`)."""
    g = unequipped_copy(m, card, place=place)
    if g.slot is None or len([x for x in held_places(m, card, show) if x in SLOTS]) < 2:
        return ""
    return f"from the {g.slot} slot"


def unequip_refusal(m: Mouse, card: str, discard: str | None = None, show: Callable[[str], str] = str, *,
                    strict: bool = True, place: str | None = None) -> RuleError | None:
    """Why ``m`` cannot put ``card`` from its slot (``place``: the one chosen, :data:`UNEQUIP_PLACES`) into
    its pack (``None``: it can): it has no such card, none at ``place`` (naming where it is), the card is in
    the pack already, a discard that makes no room (``strict``), or a full pack (Equip). What
    :func:`unequip` refuses and the page gates."""
    missing = unequip_place_refusal(m, card, place, show)
    if missing is not None:
        return missing
    g = unequipped_copy(m, card, show, place)  # (the copy unequip moves)
    if g.slot is None:
        return RuleError(f"{show(card)!r} is already in {possessive(m.name)} pack ({_c('Equip')})")
    if discard is not None:
        refused = missing_card(m, discard, show)
        if refused is None and strict:
            refused = room_discard_refusal(m, card, discard, trick=g.trick, party=g.party, show=show)
        if refused is not None:
            return refused
        m = _drop_for_room(m, discard, show)
    if g.takes_room and m.pack_load + 1 > PACK_LIMIT:
        return RuleError(f"{possessive(m.name)} pack is full ({PACK_LIMIT} non-trick cards; {_c('Equip')})",
                         suggestion=_make_room(m, show))
    return None


@dataclass(frozen=True)
class MinionGroup:
    """The figures of one minion type on the board; ``figures`` holds each figure's wounds.

    House reading: wound markers on a shared initiative card belong to the figure that
    took them (the book places them on the card, Wounds on non-boss minions).
    """

    id: str
    name: str
    life: int | None
    figures: tuple[int, ...] = ()
    boss: bool = False
    aggressive: bool = False
    battle: int | None = None
    defense: int | None = None
    card_ids: tuple[str, ...] = field(default=())
    rat: bool = False  # a Rat, for Filch's Pilfer

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "life": self.life, "figures": len(self.figures),
                "wounds": list(self.figures), "boss": self.boss, "cards": list(self.card_ids)}
