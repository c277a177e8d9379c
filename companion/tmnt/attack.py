"""TMNT TCG attacks: the Attack Step checks, the Counter Step and the Forward Step arithmetic.

Pure rules (tmnt-tcg.txt, Attack Phase; rules README, TMNT rulings):

- Attack Step: the face-up card on the attacker's 1st Block Zone attacks. A Character
  may take up to 3 Attack cards, each of an Attribute different from the Character's and
  from each other; a Forceful [F] card only as the 3rd and last; a Forceful Counter
  [F][C] never when attacking. An Attack card on the 1st Block Zone skips this step.
- Counter Step: only if Attack cards were placed, the defender may place 1 Attack card
  marked [C] (Counter) or [F][C] (Forceful Counter).
- Forward Step: damage = total Power - Counter Power. That many Block cards flip from
  the 1st (a face-up one still counts); damage beyond the Block cards sends that many
  cards from the defender's Deck to the Trash; a Counter bigger than the total sends the
  difference from the attacker's Deck to the Trash.
- Result Step: a player who sent cards from Deck to Trash in the Forward Step cannot
  leave a Character on the field.

Every refusal is a :class:`~companion.verdict.Problem` with a rule id and a citation:
``no-attacker``, ``attack-step-skipped``, ``not-an-attack``, ``too-many-attacks``,
``forceful-counter``, ``forceful-position``, ``attack-attribute``,
``attack-attribute-repeat``, ``counter-step-skipped``, ``counter-kind``, ``game-over`` (a Deck
already empty: :func:`already_over`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import cite
from ..errors import CompanionError, did_you_mean, shown
from ..textio import line_problem, logged_text
from ..verdict import Note, Problem, Verdict, plural

ATTRIBUTES: tuple[str, ...] = ("wind", "nature", "fire", "mountain")  # book numbers 1-4
KINDS: tuple[str, ...] = ("normal", "forceful", "counter", "forceful-counter")
CARD_TYPES: tuple[str, ...] = ("character", "attack", "item", "event")
BLOCK_ZONES = 4
MAX_ATTACKS = 3
HAND_SIZE = 5

SEC_ATTACK = "Attack Phase (1) Attack Step"
SEC_COUNTER = "Attack Phase (2) Counter Step"
SEC_FORWARD = "Attack Phase (3) Forward Step"
SEC_RESULT = "Attack Phase (4) Result Step"
SEC_PHASE = "Attack Phase"
SEC_CARDS = "Attack Cards"
RULING = "rules README, our TMNT rulings"

_KIND_ALIASES = {
    "normal": "normal", "n": "normal", "": "normal",
    "forceful": "forceful", "f": "forceful",
    "counter": "counter", "c": "counter",
    "forceful-counter": "forceful-counter", "forcefulcounter": "forceful-counter",
    "forceful_counter": "forceful-counter", "fc": "forceful-counter", "f-c": "forceful-counter",
}
_ATTR_NUMBERS = {str(i): a for i, a in enumerate(ATTRIBUTES, start=1)}
_INT = re.compile(r"^\s*\d+\s*$")
POWER_DIGITS = 6  # a Power typed in has at most this many digits
POWER_MAX = 10**POWER_DIGITS - 1
#: The longest card name an event takes: the card files' own limit (data/schemas/defs.schema.json, name).
CARD_NAME_MAX = 120
#: The ways an event gives a card, as its refusals name them.
CARD_FORMS = ('ATTR:POWER[:KIND] such as "fire:3:forceful", a card name such as "Raphael" (read from the '
              'card data), or an object such as {"name": "Raphael", "attribute": "fire", "power": 4}')
#: A bare number, even a bad one ("-2", "2.5"): a Counter written as its Power alone.
BARE_NUMBER = re.compile(r"^\s*[+-]?[\d.,]*\d[\d.,]*\s*$")


def a_an(word: str) -> str:
    """``"an item"``, ``"a character"``: the word with its indefinite article."""
    return f"{'an' if str(word)[:1].lower() in 'aeiou' else 'a'} {word}"


class AttackSpecError(CompanionError):
    """A written card (``ATTR:POWER[:KIND]``) that cannot be read."""


@dataclass(frozen=True, slots=True)
class BattleCard:
    """A card as the attack rules see it: type, Attribute, Power and Attack kind.

    ``attribute`` or ``power`` may be ``None``: an official value not known (never guessed).
    """

    type: str = "attack"
    attribute: str | None = None
    power: int | None = None
    kind: str = "normal"
    name: str = ""
    play: bool = False  # the card text shows <Play>: resolve it as soon as the card is placed

    @property
    def label(self) -> str:
        """``Leonardo (wind 3)`` or ``fire 2 forceful``: how messages name the card. A plain Counter
        [C] is named by its Attribute and Power alone (``Counter: Power 10``, never ``Power 10
        counter``): its mark matters only in the Counter Step, where the message says "Counter"."""
        if self.type not in ("character", "attack"):  # an Item or Event has no Power to show
            stats = f"{self.attribute} {self.type}"
            return f"{self.name} ({stats})" if self.name else stats
        power = "unknown Power" if self.power is None else str(self.power)
        kind = "" if self.kind in ("normal", "counter") or self.type != "attack" else f" {self.kind}"
        stats = f"{self.attribute} {power}{kind}" if self.attribute else f"Power {power}{kind}"
        return f"{self.name} ({stats})" if self.name else stats

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "attribute": self.attribute, "power": self.power,
                               "kind": self.kind}
        if self.name:
            out["name"] = self.name
        return out


def parse_attribute(text: str, *, where: str = "attribute") -> str:
    """``Fire`` -> ``fire``; also the book's numbers 1-4. Raises AttackSpecError otherwise."""
    t = str(text).strip().lower()
    if t in ATTRIBUTES:
        return t
    if t in _ATTR_NUMBERS:
        return _ATTR_NUMBERS[t]
    from ..errors import closest

    raise AttackSpecError(f"unknown Attribute {shown(text)}", where=where,
                          expected=", ".join(ATTRIBUTES) + " (or 1-4)",
                          suggestion=did_you_mean(closest(t, ATTRIBUTES)))


def parse_kind(text: str, *, where: str = "kind") -> str:
    """``F`` / ``forceful`` / ``fc`` ... -> one of :data:`KINDS`."""
    t = str(text).strip().lower().replace(" ", "-")
    if t in _KIND_ALIASES:
        return _KIND_ALIASES[t]
    from ..errors import closest

    raise AttackSpecError(f"unknown Attack kind {shown(text)}", where=where,
                          expected=", ".join(KINDS),
                          suggestion=did_you_mean(closest(t, KINDS)))


def parse_power(text: str, *, where: str = "power") -> int:
    """``"3"`` -> 3; anything but a whole number 0 to :data:`POWER_MAX` raises :class:`AttackSpecError`."""
    text = str(text)
    if not _INT.match(text):
        raise AttackSpecError(f"Power must be a whole number 0 or more, not {text!r}", where=where,
                              expected=f"0, 1, 2, ... up to {POWER_MAX}")
    digits = text.strip().lstrip("0") or "0"  # leading zeros do not make a Power larger
    if len(digits) > POWER_DIGITS:
        raise _too_big(repr(text) if len(text) <= 20 else None, len(digits), where)
    return int(digits)


def _too_big(shown_as: str | None, digits: int, where: str) -> AttackSpecError:
    """The refusal of a Power above :data:`POWER_MAX`, typed or given as a number: the value as it
    was given (``shown_as``), or its number of digits when it is long or not given (``None``)."""
    found = shown_as if shown_as is not None and digits <= 20 else f"a number of {digits} digits"
    return AttackSpecError(f"Power must be at most {POWER_MAX} ({POWER_DIGITS} digits), not {found}",
                           where=where, expected=f"a whole number 0 to {POWER_MAX}")


def bare_power(value: Any) -> bool:
    """Whether ``value`` is a bare number (``2``, ``"2"``, even a bad one: ``"-2"``, ``2.5``), not a
    card: a Counter given as its Power alone (``companion tmnt attack --counter 2``)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int | float) or (isinstance(value, str) and BARE_NUMBER.match(value) is not None)


def bare_counter(value: Any, *, where: str = "counter") -> BattleCard:
    """A Counter card of the Power ``value`` (a bare number, :func:`bare_power`): an Attack card marked
    [C] whose Attribute is not said, as ``companion tmnt attack --counter 2`` reads it. A JSON number
    that is not a whole one (``2.5``) is said as JSON writes it, not as text."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        whole = isinstance(value, int) or value.is_integer()
        if not whole or value < 0:
            raise AttackSpecError(f"Power must be a whole number 0 or more, not {shown(value)}", where=where,
                                  expected=f"0, 1, 2, ... up to {POWER_MAX}")
        if value > POWER_MAX:
            raise _too_big(shown(value), len(str(int(value))), where)
        return BattleCard("attack", None, int(value), "counter")
    return BattleCard("attack", None, parse_power(str(value), where=where), "counter")


def looks_like_spec(text: str) -> bool:
    """True when ``text`` is written as ``ATTR:POWER...`` rather than a card name."""
    head = str(text).split(":", 1)[0].strip().lower()
    return ":" in str(text) and (head in ATTRIBUTES or head in _ATTR_NUMBERS)


def parse_spec(text: str, *, card_type: str = "attack", where: str = "card",
               default_kind: str = "normal") -> BattleCard:
    """Read ``ATTR:POWER[:KIND]`` (``fire:3:forceful``). For the attacker, ``KIND`` may be
    ``character`` (default) or ``attack`` (an Attack card flipped onto the 1st Block Zone).
    A Counter written without a kind is a ``counter`` (``default_kind``)."""
    parts = str(text).split(":")
    if len(parts) not in (2, 3):
        raise AttackSpecError(f"cannot read {text!r}", where=where,
                              expected="ATTR:POWER or ATTR:POWER:KIND, e.g. fire:3:forceful")
    attribute = parse_attribute(parts[0], where=where)
    power = parse_power(parts[1], where=where)
    kind_text = parts[2].strip().lower() if len(parts) == 3 else ""
    if card_type == "character":
        if kind_text in ("", "character", "ch"):
            return BattleCard("character", attribute, power, "normal")
        if kind_text == "attack":
            return BattleCard("attack", attribute, power, "normal")
        return BattleCard("attack", attribute, power, parse_kind(kind_text, where=where))
    kind = parse_kind(kind_text, where=where) if kind_text else default_kind
    return BattleCard(card_type, attribute, power, kind)


def from_card(card: Any) -> BattleCard:
    """A :class:`companion.cards.Card` (fields type, attribute, power, attack_kind) as a BattleCard."""
    ctype = str(card.type).lower()
    attribute = card.get("attribute")
    power = card.get("power")
    kind = card.get("attack_kind") or "normal"
    keywords = card.get("keywords") or ()
    text = str(card.get("text") or "")
    play = (isinstance(keywords, tuple | list) and "play" in keywords) or "<Play" in text
    return BattleCard(type=ctype, play=bool(play),
                      attribute=str(attribute).lower() if attribute is not None else None,
                      power=power if isinstance(power, int) and not isinstance(power, bool) else None,
                      kind=str(kind).lower() if ctype == "attack" else "normal",
                      name=str(card.name))


def card_name(value: Any, *, where: str = "card", logged: bool = False) -> str:
    """A card's ``name`` given in an event: text on one line of at most :data:`CARD_NAME_MAX`
    characters (``""``: none), which every message and board line shows, without an invisible format
    character (:func:`~companion.textio.line_problem`, as every new name); kept with each run of spaces
    as one. ``logged``: a line already in a log, read as it was, shown on one line and cut short, never
    refused."""
    if value is None:
        return ""
    if logged:
        return logged_text(value if isinstance(value, str) else shown(value, 10**6), CARD_NAME_MAX)
    if not isinstance(value, str):
        raise AttackSpecError(f"a card's name is text, not {shown(value, 40)}", where=where,
                              expected=f"a name on one line, at most {CARD_NAME_MAX} characters",
                              suggestion='Write it in quotes, e.g. "name": "Leonardo".')
    refused = line_problem(value, "a card's name", CARD_NAME_MAX, error=AttackSpecError, collapse=True,
                           over=True, where=where)  # (one line, short, no invisible format character)
    if refused is not None:
        raise refused
    return " ".join(value.split())


def from_json(obj: Any, *, card_type: str = "attack", where: str = "card",
              default_kind: str = "normal", logged: bool = True) -> BattleCard:
    """A card from an event: a spec string or ``{"attribute", "power", "kind", "type", "name"}``.

    A Character or Attack card given as an object needs its Attribute, as ``ATTR:POWER`` does
    (tmnt-tcg.txt, Card Attributes: every card but an Event card has one; the Attack Step checks
    it), unless it is a Counter (``default_kind="counter"``: the Counter Step checks no Attribute,
    and a Counter may be given as its Power alone). ``logged`` (the default): a line already in a
    log, read as it was (no Attribute: unknown; a long name cut short); ``False``: a new action,
    held to those rules."""
    if isinstance(obj, str):
        if obj.strip().lower() in ATTRIBUTES or obj.strip() in _ATTR_NUMBERS:
            raise AttackSpecError(f"{shown(obj)} is an Attribute without its Power", where=where,
                                  expected=CARD_FORMS, suggestion="Add the card's Power after a colon, e.g. "
                                                                  f"{obj.strip().lower()}:3.")
        if ":" not in obj:  # a card's name, or a word: neither is ATTR:POWER (the rules hold no card data)
            raise AttackSpecError(f"cannot read {shown(obj, 40)} as a card", where=where, expected=CARD_FORMS,
                                  suggestion="'companion tmnt do' reads a card's name alone from the card "
                                             "data (as 'companion tmnt attack' does); elsewhere give the "
                                             "card as ATTR:POWER or as an object with its attribute and "
                                             "power.")
        return parse_spec(obj, card_type=card_type, where=where, default_kind=default_kind)
    if not isinstance(obj, Mapping):
        raise AttackSpecError(f"cannot read {shown(obj)}", where=where,
                              expected='"ATTR:POWER[:KIND]" or an object with attribute and power')
    ctype = str(obj.get("type", card_type)).lower()
    if ctype not in CARD_TYPES:
        from ..errors import closest

        raise AttackSpecError(f"unknown card type {shown(obj.get('type'))}", where=where,
                              expected=", ".join(CARD_TYPES),
                              suggestion=did_you_mean(closest(ctype, CARD_TYPES)))
    attr = obj.get("attribute")
    if attr is None and not logged and ctype in ("character", "attack") and default_kind != "counter":
        raise AttackSpecError(f"{a_an(ctype.title())} card needs its 'attribute'", where=where,
                              expected=f"attribute: one of {', '.join(ATTRIBUTES)} (or 1-4), as in "
                                       '"wind:3"; tmnt-tcg.txt, Card Attributes: every card but an Event '
                                       "card has one, and the Attack Step checks it",
                              found=shown(dict(obj), 60),
                              suggestion='Add it, e.g. {"attribute": "wind", "power": 3}.')
    power = obj.get("power")
    if power is not None and (not isinstance(power, int) or isinstance(power, bool) or power < 0):
        raise AttackSpecError(f"Power must be a whole number 0 or more, not {shown(power)}", where=where,
                              expected=f"0, 1, 2, ... up to {POWER_MAX}, or null (unknown)")
    if power is not None and power > POWER_MAX:  # as a Power typed as text (parse_power)
        raise _too_big(str(power), len(str(power)), where)
    return BattleCard(type=ctype,
                      attribute=parse_attribute(attr, where=where) if attr is not None else None,
                      power=power,
                      kind=parse_kind(obj.get("kind", default_kind), where=where),
                      name=card_name(obj.get("name"), where=where, logged=logged))


# -- the Forward Step ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ForwardResult:
    """The Forward Step's numbers (tmnt-tcg.txt, Attack Phase (3) Forward Step).

    ``blocks_flipped`` counts every Block card the damage reaches, face-up ones included
    (the book: "it still counts as 1 card"); ``newly_face_up_blocks`` lists the places (1 = the
    1st Block card) of those that actually turn over, ``newly_face_up`` their Block Zones (1-4)
    when ``zones`` (the Block Zone each Block card is on) is known. ``*_due``: the cards a Deck
    must send to the Trash; ``*_trashed``: the cards it sends (all it holds when it holds fewer,
    when its count is known; else the cards due).
    """

    total_power: int
    counter_power: int
    damage: int
    blocks: int
    blocks_flipped: int
    newly_face_up_blocks: tuple[int, ...]
    defender_due: int
    attacker_due: int
    defender_trashed: int
    attacker_trashed: int
    zones: tuple[int, ...] | None = None

    @property
    def newly_face_up(self) -> tuple[int, ...] | None:
        """The Block Zones (1-4) whose cards turn face-up; ``None`` when the Zones are not known."""
        if self.zones is None:
            return None
        return tuple(self.zones[k - 1] for k in self.newly_face_up_blocks)

    @property
    def attacker_may_keep_character(self) -> bool:
        """Result Step: sending cards from Deck to Trash forbids leaving a Character."""
        return self.attacker_due == 0

    @property
    def defender_may_keep_character(self) -> bool:
        return self.defender_due == 0

    def to_json(self) -> dict[str, Any]:
        """The numbers under the keys ``tmnt attack --json`` and the log's attack record share."""
        zones = self.newly_face_up
        return {"total_power": self.total_power, "counter_power": self.counter_power,
                "damage": self.damage, "blocks": self.blocks,
                "block_zones": list(self.zones) if self.zones is not None else None,
                "blocks_flipped": self.blocks_flipped,
                "newly_face_up": list(zones) if zones is not None else None,
                "newly_face_up_blocks": list(self.newly_face_up_blocks),
                "defender_trashed": self.defender_trashed, "defender_due": self.defender_due,
                "attacker_trashed": self.attacker_trashed, "attacker_due": self.attacker_due,
                "attacker_may_keep_character": self.attacker_may_keep_character,
                "defender_may_keep_character": self.defender_may_keep_character}


def block_zones(blocks: int, zones: Iterable[int] | None = None) -> tuple[int, ...] | None:
    """The Block Zone (1-4) each of ``blocks`` Block cards is on, from the 1st: ``zones`` when given
    (checked), else known only when no Zone or every Zone is empty (``None``: not known)."""
    if zones is None:
        return tuple(range(1, blocks + 1)) if blocks in (0, BLOCK_ZONES) else None
    out = tuple(zones)
    if (len(out) != blocks or any(not isinstance(z, int) or isinstance(z, bool) or not 1 <= z <= BLOCK_ZONES
                                  for z in out) or list(out) != sorted(set(out))):
        zones_words = "1 Zone" if blocks == 1 else f"{blocks} different Zones"
        raise CompanionError(f"the Block Zones of {plural(blocks, 'Block card')} must be {zones_words} 1 to "
                             f"{BLOCK_ZONES} in order, not {list(out)!r}", where="zones")
    return out


def forward_step(total_power: int, counter_power: int = 0, blocks: int = BLOCK_ZONES,
                 face_up: Iterable[int] = (), *, zones: Iterable[int] | None = None,
                 defender_deck: int | None = None, attacker_deck: int | None = None) -> ForwardResult:
    """Damage and its consequences. ``blocks`` is the number of the defender's Block cards
    (empty Block Zones hold none), ``face_up`` the places (1-based, from the 1st Block card) of those
    already face-up, ``zones`` the Block Zone each Block card is on (see :func:`block_zones`), the
    decks the cards each Deck holds (``None``: not known; it is taken to hold the cards due)."""
    for label, value in (("total Power", total_power), ("Counter Power", counter_power)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise CompanionError(f"{label} must be a whole number 0 or more, not {value!r}")
    if not isinstance(blocks, int) or isinstance(blocks, bool) or not 0 <= blocks <= BLOCK_ZONES:
        raise CompanionError(f"the defender has 0 to {BLOCK_ZONES} Block cards, not {blocks!r}",
                             where="blocks")
    up = set(face_up)
    bad = sorted(p for p in up if not isinstance(p, int) or not 1 <= p <= blocks)
    if bad:
        raise CompanionError(f"face-up Block cards {bad} are not among the {plural(blocks, 'Block card')}",
                             where="face-up", expected=f"Block cards 1 to {blocks}, counted from the 1st "
                                                       "Block card, not by Block Zone number")
    damage = max(0, total_power - counter_power)
    flipped = min(damage, blocks)
    due = {"defender": max(0, damage - blocks), "attacker": max(0, counter_power - total_power)}
    decks = {"defender": defender_deck, "attacker": attacker_deck}
    sent = {who: due[who] if decks[who] is None else min(due[who], int(decks[who] or 0)) for who in due}
    return ForwardResult(
        total_power=total_power, counter_power=counter_power, damage=damage, blocks=blocks,
        blocks_flipped=flipped,
        newly_face_up_blocks=tuple(p for p in range(1, flipped + 1) if p not in up),
        defender_due=due["defender"], attacker_due=due["attacker"],
        defender_trashed=sent["defender"], attacker_trashed=sent["attacker"],
        zones=block_zones(blocks, zones))


# -- the Attack and Counter Steps ------------------------------------------------------------


def _p(rule: str, message: str, cards: Iterable[BattleCard], section: str) -> Problem:
    return Problem(rule, message, tuple(c.label for c in cards), cite("tmnt", section))


def check_attack_step(first: BattleCard, attacks: Sequence[BattleCard],
                      slots: Sequence[int] | None = None) -> tuple[list[Problem], list[Note]]:
    """Every Attack Step rule the placed cards break (tmnt-tcg.txt, Attack Phase (1) Attack Step).
    ``slots``: the place (a page's Attack 1-3) each card was given in, which messages name; the rules
    count the cards placed, in order (default: the order given)."""
    slot = dict(enumerate(slots if slots is not None else range(1, len(attacks) + 1), start=1))
    placed = len(attacks)
    problems: list[Problem] = []
    notes: list[Note] = []
    if first.type not in ("character", "attack"):
        problems.append(_p(
            "no-attacker", f"{first.label} is {a_an(first.type)} card: only a face-up Character or Attack "
            "card on the 1st Block Zone attacks; the Attack Phase is skipped", [first], SEC_PHASE))
        return problems, notes
    if first.type == "attack" and attacks:
        problems.append(_p(
            "attack-step-skipped", f"the 1st Block Zone holds an Attack card ({first.label}), so the "
            f"Attack Step is skipped: no Attack cards may be placed ({len(attacks)} given)",
            attacks, SEC_ATTACK))
        return problems, notes
    for i, card in enumerate(attacks, start=1):
        n = slot.get(i, i)  # (the place the player used)
        if card.type != "attack":
            problems.append(_p("not-an-attack", f"Attack {n}: {card.label} is {a_an(card.type)} card, "
                               "not an Attack card", [card], SEC_ATTACK))
    if len(attacks) > MAX_ATTACKS:
        extra = attacks[MAX_ATTACKS:]
        problems.append(_p("too-many-attacks", f"{len(attacks)} Attack cards placed: at most "
                           f"{MAX_ATTACKS} (the 4th and later: {', '.join(c.label for c in extra)})",
                           extra, SEC_ATTACK))
    seen: dict[str, int] = {}
    for i, card in enumerate(attacks, start=1):
        n = slot.get(i, i)  # (the place the player used)
        if card.type != "attack":
            continue
        if card.kind == "forceful-counter":
            problems.append(_p("forceful-counter", f"Attack {n}: {card.label} is a Forceful Counter "
                               "[F][C]: it can only be placed as a Counter, never when attacking",
                               [card], SEC_ATTACK))
        elif card.kind == "forceful" and i != MAX_ATTACKS:
            where = (f"and only {placed} Attack card{'s are' if placed > 1 else ' is'} placed" if i == placed
                     else f"not as the {_nth(i)}")
            gap = (f" (Attack {n} is the {_nth(i)} card placed: an empty place does not count)"
                   if n != i else "")
            problems.append(_p("forceful-position", f"Attack {n}: {card.label} is Forceful [F]: "
                               f"it can only be placed as the 3rd and last Attack card, {where}{gap}",
                               [card], SEC_ATTACK))
        if card.attribute is None:
            notes.append(Note("unknown-attribute", f"Attack {n}: {card.label} has an unknown "
                              "Attribute, so the Attribute rules could not be checked for it",
                              cite("tmnt", SEC_ATTACK)))
            continue
        if card.attribute == first.attribute:
            problems.append(_p("attack-attribute", f"Attack {n}: {card.label} has the same Attribute "
                               f"({card.attribute}) as the Character {first.label}; each Attack card's "
                               "Attribute must differ from the Character's", [card, first], SEC_ATTACK))
        if card.attribute in seen:
            problems.append(_p("attack-attribute-repeat", f"Attack {n}: {card.label} repeats the "
                               f"{card.attribute} Attribute of Attack {seen[card.attribute]}; only 1 "
                               "Attack card of each Attribute may be placed", [card], SEC_ATTACK))
        else:
            seen[card.attribute] = n
    for i, card in enumerate(attacks, start=1):
        n = slot.get(i, i)  # (the place the player used)
        if card.play and card.type == "attack":
            notes.append(Note("play-text", f"Attack {n}: {card.label} shows <Play>: resolve its text "
                              "before placing the next Attack card", cite("tmnt", SEC_ATTACK)))
    if first.attribute is None and attacks:
        notes.append(Note("unknown-attribute", f"{first.label} has an unknown Attribute, so the "
                          "Attacks could not be checked against it", cite("tmnt", SEC_ATTACK)))
    return problems, notes


def check_counter_step(attacks: Sequence[BattleCard], counter: BattleCard | None) -> list[Problem]:
    """The defender's Counter (tmnt-tcg.txt, Attack Phase (2) Counter Step)."""
    if counter is None:
        return []
    problems: list[Problem] = []
    if not attacks:
        problems.append(_p("counter-step-skipped", "no Attack cards were placed in the Attack Zone, so "
                           f"the Counter Step is skipped: {counter.label} cannot be placed",
                           [counter], SEC_COUNTER))
    if counter.type != "attack" or counter.kind not in ("counter", "forceful-counter"):
        what = (f"{a_an(counter.type)} card" if counter.type != "attack"
                else f"{a_an(counter.kind)} Attack card")
        problems.append(_p("counter-kind", f"the Counter {counter.label} is {what}: only an Attack card "
                           "marked [C] (Counter) or [F][C] (Forceful Counter) may be placed",
                           [counter], SEC_COUNTER))
    return problems


def _nth(i: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(i, f"{i}th")


def resolve_attack(first: BattleCard, attacks: Sequence[BattleCard] = (),
                   counter: BattleCard | None = None, *, blocks: int = BLOCK_ZONES,
                   face_up: Iterable[int] = (), defender_deck: int | None = None,
                   attacker_deck: int | None = None, attack_card_power: bool = True,
                   zones: Iterable[int] | None = None, slots: Sequence[int] | None = None,
                   power_bonus: int = 0) -> Verdict:
    """Check the Attack and Counter Steps, then work out the Forward Step.

    ``attack_card_power`` is a house reading (the book is silent): when the card on the
    1st Block Zone is itself an Attack card, its Power counts toward the total (``True``,
    the default) or not (``False``). ``face_up`` counts Block cards from the 1st; ``zones``: the
    Block Zone each Block card is on (:func:`block_zones`); ``slots``: the page's place of each
    Attack card (:func:`check_attack_step`); ``power_bonus``: Power that Items or card texts add to the
    total (0 to :data:`POWER_MAX`; the tracker does not read card texts: the players say it).

    The Verdict's ``extra`` holds ``total_power``, ``counter_power``, ``damage``,
    ``blocks_flipped``, ``newly_face_up`` (Block Zones; ``None`` when not known),
    ``newly_face_up_blocks`` (Block cards from the 1st), ``defender_trashed`` / ``attacker_trashed``
    (cards sent from Deck to Trash) and ``defender_due`` / ``attacker_due`` (cards due) (all
    ``None`` when the attack is illegal or a Power is unknown) and, when deck sizes are
    given, ``game_over`` / ``loser`` / ``due`` / ``sent`` (a Deck that runs out ends the game).
    """
    check_power_bonus(power_bonus)
    for label, deck in (("defender_deck", defender_deck), ("attacker_deck", attacker_deck)):
        if deck is not None and (not isinstance(deck, int) or isinstance(deck, bool) or deck < 0):
            raise CompanionError(f"a Deck holds 0 or more cards, not {deck!r}", where=label,
                                 expected="a whole number 0 or more")
    attacks = tuple(attacks)
    problems, notes = check_attack_step(first, attacks, slots)
    problems += check_counter_step(attacks, counter)
    problems += already_over(first, defender_deck, attacker_deck)
    if counter is not None and counter.play and not problems:
        notes.append(Note("play-text", f"the Counter {counter.label} shows <Play>: resolve its text",
                          cite("tmnt", SEC_COUNTER)))
    if first.type == "attack" and not problems:
        counted = "count it in" if attack_card_power else "leave it out of"
        notes.append(Note("house-reading", "house reading: the book skips the Attack Step for an Attack "
                          f"card on the 1st Block Zone and does not say its Power; we {counted} the "
                          "total Power (a parameter)", cite("tmnt", SEC_FORWARD)))
    lone = first.type == "attack" and not attack_card_power
    powers = [0 if lone else first.power, *(c.power for c in attacks)]
    counter_power = 0 if counter is None else counter.power
    extra: dict[str, Any] = dict.fromkeys(
        ("total_power", "counter_power", "damage", "block_zones", "blocks_flipped", "newly_face_up",
         "newly_face_up_blocks", "defender_trashed", "defender_due", "attacker_trashed", "attacker_due"))
    extra["blocks"] = blocks
    extra["power_bonus"] = power_bonus
    if power_bonus:
        notes.append(Note("power-bonus", f"+{power_bonus} Power from Items/card text, added to the total "
                          "Power", cite("tmnt", SEC_FORWARD)))
    unknown = [c.label for c in (first, *attacks, *((counter,) if counter else ())) if c.power is None]
    if unknown and not problems:  # (a card that cannot attack needs no Power typed in)
        notes.append(Note("unknown-power", f"unknown Power on {', '.join(unknown)}: type it in to get "
                          "the damage", cite("tmnt", SEC_FORWARD)))
    result: ForwardResult | None = None
    if not problems and not unknown:
        result = forward_step(sum(p for p in powers if p is not None) + power_bonus, counter_power or 0,
                              blocks, face_up, zones=zones, defender_deck=defender_deck,
                              attacker_deck=attacker_deck)
        extra.update(result.to_json())
        over = _game_over(result, defender_deck, attacker_deck)
        notes += forward_notes(result, due=None if over is None else over["loser"])
        if over is not None:
            extra.update(over)
            loser = over["loser"]
            due, held = over["due"], over["sent"]
            how = (f"sends its last {plural(held, 'card')} from Deck to Trash" if due == held
                   else f"must send {plural(due, 'card')} from Deck to Trash but its Deck holds {held}")
            notes.append(Note("game-over", f"the {loser} {how}: its Deck runs out, the game is over and "
                              f"the {'attacker' if loser == 'defender' else 'defender'} wins",
                              cite("tmnt", "Game Over")))
    elif not unknown:
        extra["total_power"] = sum(p for p in powers if p is not None) + power_bonus
        extra["counter_power"] = counter_power
    return Verdict(tuple(problems), tuple(notes), extra)


def already_over(first: BattleCard, defender_deck: int | None, attacker_deck: int | None) -> list[Problem]:
    """A Deck that holds no cards already: the game ended when it ran out (tmnt-tcg.txt, Game Over), so no
    attack is made, and none is worked out as if the game went on."""
    empty = [who for who, deck in (("defender", defender_deck), ("attacker", attacker_deck)) if deck == 0]
    if not empty:
        return []
    if len(empty) == 2:
        said = "both Decks hold no cards: the game is already over (a draw)"
    else:
        winner = "attacker" if empty[0] == "defender" else "defender"
        said = (f"the {empty[0]}'s Deck holds no cards: the game is already over (the {winner} won when it "
                "ran out)")
    return [_p("game-over", f"{said}, so no attack is made", [first], "Game Over")]


def check_power_bonus(value: Any, *, where: str = "power_bonus") -> int:
    """Power that Items or card texts add to an attack: a whole number 0 to :data:`POWER_MAX` (a card's
    own Power's bound), else :class:`AttackSpecError` naming the limit."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= POWER_MAX:
        raise AttackSpecError(f"the Power from Items/card text must be a whole number 0 to {POWER_MAX}, "
                              f"not {shown(value, 30)}", where=where,
                              expected=f"0 to {POWER_MAX} (a Power has at most {POWER_DIGITS} digits)")
    return value


def _game_over(result: ForwardResult, defender_deck: int | None,
               attacker_deck: int | None) -> dict[str, Any] | None:
    """Whose Deck the cards due run out (then the game is over), with the cards due and the
    cards the Deck held (all of them are sent)."""
    if defender_deck is not None and result.defender_due and result.defender_due >= defender_deck:
        return {"game_over": True, "loser": "defender", "due": result.defender_due, "sent": defender_deck}
    if attacker_deck is not None and result.attacker_due and result.attacker_due >= attacker_deck:
        return {"game_over": True, "loser": "attacker", "due": result.attacker_due, "sent": attacker_deck}
    return None


def deck_to_trash(x: Mapping[str, Any], who: str) -> str:
    """The cards ``who`` (``"defender"`` or ``"attacker"``) sends from Deck to Trash, as the page and
    ``companion tmnt attack`` say them from an attack's result (``x``: its JSON form): its whole Deck,
    with the cards due, when that runs out (tmnt-tcg.txt, Game Over)."""
    if x.get("loser") == who:
        return f"{x[f'{who}_trashed']} (its whole Deck; {x[f'{who}_due']} due)"
    return str(x[f"{who}_trashed"])


def _already_face_up(r: ForwardResult) -> str:
    """The flipped Block cards that were face-up already, named by Block Zone when the Zones are known
    (else by their place from the 1st Block card), so that a count is never read as a Zone number."""
    places = [p for p in range(1, r.blocks_flipped + 1) if p not in r.newly_face_up_blocks]
    if not places:
        return ""
    where, numbers = (("Zone", [r.zones[p - 1] for p in places]) if r.zones is not None
                      else ("Block card", places))
    named = f"{where}{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}"
    return f"; {len(places)} of them ({named}) already face-up and still counted"


def forward_notes(r: ForwardResult, *, due: str | None = None) -> list[Note]:
    """Plain sentences for the Forward and Result Steps, each with its citation. ``due``: the side
    (``"attacker"`` or ``"defender"``) whose Deck holds fewer cards than it must send: it "is due to
    send" them (the game ends: :func:`resolve_attack` says so)."""
    fwd, res = cite("tmnt", SEC_FORWARD), cite("tmnt", SEC_RESULT)
    if r.total_power < r.counter_power:  # no false sum ("0 = 4 − 5")
        said = (f"damage 0: the Counter Power {r.counter_power} is bigger than the total Power "
                f"{r.total_power} (damage is never below 0)")
    else:
        said = f"damage {r.damage} = total Power {r.total_power} − Counter Power {r.counter_power}"
    out = [Note("damage", said, fwd)]
    if r.blocks_flipped:
        reached = r.zones[:r.blocks_flipped] if r.zones is not None else ()
        zones = "Block Zone" if len(reached) == 1 else "Block Zones"
        on = ("" if tuple(reached) in ((), tuple(range(1, r.blocks_flipped + 1)))
              else f", on {zones} {', '.join(map(str, reached))}")  # (an empty Zone holds none)
        which = "Block card 1" if r.blocks_flipped == 1 else f"Block cards 1–{r.blocks_flipped}"
        out.append(Note("blocks-flipped", f"the defender flips {which} from the "
                        f"1st ({plural(r.blocks_flipped, 'card')}{on}{_already_face_up(r)})", fwd))
    if r.defender_due:
        sends = "is due to send" if due == "defender" else "sends"
        out.append(Note("defender-trash", f"damage beyond the {plural(r.blocks, 'Block card')}: the defender "
                        f"{sends} {plural(r.defender_due, 'card')} from Deck to Trash", fwd))
    if r.attacker_due:
        sends = "is due to send" if due == "attacker" else "sends"
        out.append(Note("attacker-trash", f"the Counter is {r.attacker_due} bigger than the total Power: "
                        f"the attacker {sends} {plural(r.attacker_due, 'card')} from Deck to Trash", fwd))
    if r.blocks_flipped:
        out.append(Note("flip-texts", "then resolve <Flip> texts on the defender's face-up Block cards, "
                        "in order from the 1st", fwd))
    for who, trashed in (("attacker", r.attacker_due), ("defender", r.defender_due)):
        if trashed:
            out.append(Note("no-character-kept", f"Result Step: the {who} sent cards from Deck to Trash "
                            "and cannot leave a Character on the field", res))
    return out
