"""Of Mice and Monarchs end-game scoring: the standard rule and the family variant.

Standard (of-mice-and-monarchs.md, Game End and Scoring): for each of the six Court
colours, crowns on cards of that colour x cards of that colour; the VP are the sum.
Gray (starting) cards never score. Family variant (of-mice-and-monarchs.md, Family
Scoring Variant): in each colour discard 2 cards (all of them if 2 or fewer) and count
the crowns left; the best choice is always to discard the two lowest-crown cards.

Input is a list of :class:`ScoreCard` (colour and crowns), built directly, from card
database records (:func:`score_card_from_card`), from a decklist text or from the
JSON form ``{"cards": [{"color": "orange", "crowns": 1}, ...]}`` (:func:`parse_score_input`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import cite
from ..errors import CompanionError, UnknownCardError, closest, did_you_mean

#: The six Court colours, in the order the book's scoring example lists them on the score pad.
COURT_COLOURS: tuple[str, ...] = ("purple", "yellow", "green", "blue", "red", "orange")
GRAY = "gray"
COLOURS: tuple[str, ...] = (*COURT_COLOURS, GRAY)
VARIANTS: tuple[str, ...] = ("standard", "family")

CITE_SCORING = cite("monarchs", "Game End and Scoring")
CITE_FAMILY = cite("monarchs", "Family Scoring Variant")

#: Largest count accepted from user files (guards against typos such as ``30000 Card``).
MAX_COUNT = 999
#: Most crowns one card may show (:func:`make_card`); the demo cards show 0 to 3.
MAX_CROWNS = 999


class ScoreInputError(CompanionError):
    """A score file or score entry that cannot be read (line or JSON pointer in ``where``)."""


def normalise_colour(value: object, *, where: str | None = None) -> str:
    """``"Orange"`` -> ``"orange"``; ``"grey"`` -> ``"gray"``; anything else is an error."""
    if not isinstance(value, str):
        raise ScoreInputError(f"colour must be a word, not {value!r}", where=where,
                              expected=" / ".join(COLOURS))
    c = value.strip().lower()
    if c == "grey":
        c = GRAY
    if c not in COLOURS:
        hits = closest(c, COLOURS, n=1)
        raise ScoreInputError(f"unknown colour {value!r}", where=where,
                              expected=" / ".join(COLOURS),
                              suggestion=f"Did you mean {hits[0]!r}?" if hits else None)
    return c


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """One card as scoring sees it: its colour and its crowns (slash-crowns included)."""

    color: str
    crowns: int
    name: str = ""

    def label(self) -> str:
        crowns = f"{self.crowns} crown" + ("" if self.crowns == 1 else "s")
        return f"{self.name} ({crowns})" if self.name else f"{self.color} card, {crowns}"


def make_card(color: object, crowns: object, name: str = "", *, where: str | None = None) -> ScoreCard:
    """A validated :class:`ScoreCard`; gray cards must have no crowns (the book: they have none)."""
    c = normalise_colour(color, where=where)
    if isinstance(crowns, bool) or not isinstance(crowns, int) or crowns < 0 or crowns > MAX_CROWNS:
        raise ScoreInputError(f"crowns must be a whole number 0..{MAX_CROWNS}, not {crowns!r}",
                              where=where)
    return ScoreCard(c, crowns, name)


def card_crowns(card: Any) -> int | None:
    """Crowns a card database record scores with (``None`` when the official value is unknown).

    The card files count a slash-crown ("+1 influence / crown", of-mice-and-monarchs.md,
    Game Play) in ``crowns`` already and flag it with ``crown_slash``; it is not added twice.
    """
    crowns = card.get("crowns")
    return None if crowns is None else int(crowns)


def score_card_from_card(card: Any) -> ScoreCard:
    """A :class:`ScoreCard` from a card database record (``color`` and ``crowns`` fields)."""
    colour = card.get("color") or (GRAY if card.type == "starting" else None)
    crowns = card_crowns(card)
    if crowns is None and (colour == GRAY or card.type == "starting"):
        crowns = 0
    if crowns is None:
        raise ScoreInputError(f"the crowns of {card.name!r} are unknown in the card data",
                              suggestion="Give this card by colour and crowns instead")
    return make_card(colour, crowns, card.name, where=f"card {card.name!r}")


# -- scoring ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ColourScore:
    """One row of the score pad: cards x crowns = VP (standard) or crowns kept (family)."""

    color: str
    cards: int
    crowns: int
    vp: int
    discarded: tuple[ScoreCard, ...] = ()
    kept: tuple[ScoreCard, ...] = ()

    def to_json(self, variant: str) -> dict[str, Any]:
        out: dict[str, Any] = {"cards": self.cards, "crowns": self.crowns, "vp": self.vp}
        if variant == "family":
            out["discard"] = [c.crowns for c in self.discarded]
            out["discard_cards"] = [c.label() for c in self.discarded]
            out["kept_crowns"] = sum(c.crowns for c in self.kept)
        return out


@dataclass(frozen=True, slots=True)
class Score:
    """The whole score sheet: a row per Court colour, gray cards counted apart, the total."""

    variant: str
    rows: tuple[ColourScore, ...]
    gray_cards: int
    total: int
    notes: tuple[str, ...] = field(default=())

    @property
    def by_color(self) -> dict[str, ColourScore]:
        return {r.color: r for r in self.rows}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "variant": self.variant, "total": self.total,
            "by_color": {r.color: r.to_json(self.variant) for r in self.rows},
            "gray_cards": self.gray_cards,
        }
        if self.variant == "family":
            out["discards"] = {r.color: [c.label() for c in r.discarded] for r in self.rows
                               if r.discarded}
        out["notes"] = list(self.notes)
        out["cite"] = CITE_FAMILY if self.variant == "family" else CITE_SCORING
        return out

    def lines(self) -> list[str]:
        """The score pad as text, one line per colour, then the total."""
        out = []
        for r in self.rows:
            if self.variant == "standard":
                out.append(f"{r.color:<7} {r.cards:>3} cards x {r.crowns:>3} crowns = {r.vp:>4} VP")
            else:
                gone = ", ".join(c.label() for c in r.discarded) or "nothing"
                out.append(f"{r.color:<7} {r.cards:>3} cards: discard {gone}; "
                           f"{r.vp} crown(s) left = {r.vp} VP")
        if self.gray_cards:
            out.append(f"gray    {self.gray_cards:>3} cards never score")
        out.append(f"Total: {' + '.join(str(r.vp) for r in self.rows)} = {self.total} VP")
        out += [f"note: {n}" for n in self.notes]
        out.append(f"({CITE_FAMILY if self.variant == 'family' else CITE_SCORING})")
        return out


def family_discards(cards: Sequence[ScoreCard]) -> tuple[tuple[ScoreCard, ...], tuple[ScoreCard, ...]]:
    """(discarded, kept) for one colour: the two lowest-crown cards go (all if two or fewer).

    Discarding the lowest is optimal: the kept crowns are the total minus the discarded,
    which is largest when the discarded two are the smallest.
    """
    ordered = sorted(cards, key=lambda c: (c.crowns, c.name))
    if len(ordered) <= 2:
        return tuple(ordered), ()
    return tuple(ordered[:2]), tuple(ordered[2:])


def score(cards: Iterable[ScoreCard], variant: str = "standard") -> Score:
    """Score a player's cards. ``variant`` is ``standard`` or ``family``."""
    if variant not in VARIANTS:
        raise ScoreInputError(f"unknown scoring variant {variant!r}", expected=" or ".join(VARIANTS))
    by: dict[str, list[ScoreCard]] = {c: [] for c in COLOURS}
    for card in cards:
        by[normalise_colour(card.color)].append(card)
    rows = []
    notes: list[str] = []
    for colour in COURT_COLOURS:
        group = by[colour]
        crowns = sum(c.crowns for c in group)
        if variant == "standard":
            rows.append(ColourScore(colour, len(group), crowns, crowns * len(group)))
        else:
            gone, kept = family_discards(group)
            rows.append(ColourScore(colour, len(group), crowns, sum(c.crowns for c in kept),
                                    gone, kept))
    gray = by[GRAY]
    if any(c.crowns for c in gray):
        notes.append("gray cards never score: their crowns were ignored")
    total = sum(r.vp for r in rows)
    return Score(variant, tuple(rows), len(gray), total, tuple(notes))


def cards_from_table(table: Mapping[str, tuple[int, int]]) -> list[ScoreCard]:
    """Cards from a score-pad table ``{colour: (cards, crowns)}``: the crowns spread over the cards.

    The standard score only needs the two totals per colour; for the family variant use
    real cards, since which card carries which crowns matters there.
    """
    out: list[ScoreCard] = []
    for colour, (n, crowns) in table.items():
        c = normalise_colour(colour)
        if n < 0 or crowns < 0:
            raise ScoreInputError(f"{c}: counts cannot be negative ({n} cards, {crowns} crowns)")
        if n == 0 and crowns:
            raise ScoreInputError(f"{c}: {crowns} crowns but no cards")
        for i in range(n):
            out.append(ScoreCard(c, crowns if i == 0 else 0))
    return out


def score_table(table: Mapping[str, tuple[int, int]]) -> Score:
    """Standard score straight from the score pad's ``{colour: (cards, crowns)}``."""
    return score(cards_from_table(table), "standard")


# -- reading score files ---------------------------------------------------------------------

def parse_decklist(text: str, db: Any, *, source: str = "decklist") -> list[ScoreCard]:
    """``3 Card Name`` lines (``3x``, ``#``/``//`` comments; a bare name counts once).

    The deck builder's parser reads the list, so every bad line is reported at once,
    each with close card names.
    """
    from ..deck.decklist import parse_text

    deck = parse_text(text, db, where=source, bare_count=1)
    out: list[ScoreCard] = []
    for entry in deck.entries:
        try:
            sc = score_card_from_card(entry.card)
        except ScoreInputError as exc:
            raise ScoreInputError(exc.message, where=f"{source}: {entry.card.name}",
                                  suggestion=exc.suggestion) from None
        out.extend([sc] * entry.count)
    return out


#: The fields of a JSON score file and of each of its cards: another is a mistake to say (a
#: "colour" for "color"), never a field silently passed over.
FILE_KEYS = ("cards", "game", "name", "source", "notes", "$schema")
CARD_KEYS = ("color", "crowns", "count", "name")


def _unknown_key(obj: Mapping[str, Any], known: Sequence[str], where: str) -> None:
    for key in obj:
        if key not in known:
            hint = closest(str(key), list(known), n=1)
            raise ScoreInputError(f"unknown field {str(key)[:40]!r}", where=f"{where}/{str(key)[:40]}",
                                  expected=None if hint else "one of " + ", ".join(known),
                                  suggestion=did_you_mean(hint) if hint else None)


def parse_json_cards(doc: Any, db: Any = None, *, source: str = "json") -> list[ScoreCard]:
    """``{"cards": [{"color": ..., "crowns": ..., "count"?: n} | {"name": ..., "count"?: n}]}``."""
    if not isinstance(doc, dict) or "cards" not in doc:
        raise ScoreInputError('expected an object with a "cards" list', where=f"{source}: /",
                              found=type(doc).__name__ if not isinstance(doc, dict)
                              else f"keys {sorted(doc)!r}")
    _unknown_key(doc, FILE_KEYS, f"{source}: ")
    if not isinstance(doc["cards"], list):
        raise ScoreInputError('"cards" must be a list of cards', where=f"{source}: /cards",
                              found=f"{type(doc['cards']).__name__} {doc['cards']!r}"[:60])
    out: list[ScoreCard] = []
    for i, entry in enumerate(doc["cards"]):
        where = f"{source}: /cards/{i}"
        if not isinstance(entry, dict):
            raise ScoreInputError("each card must be an object", where=where, found=repr(entry)[:60])
        _unknown_key(entry, CARD_KEYS, where)
        count = entry.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
            raise ScoreInputError(f"count must be 1..{MAX_COUNT}, not {count!r}", where=f"{where}/count")
        if "color" in entry or "crowns" in entry:
            if "color" not in entry:
                raise ScoreInputError('missing "color"', where=where)
            if "crowns" not in entry:
                raise ScoreInputError('missing "crowns"', where=where)
            sc = make_card(entry["color"], entry["crowns"], str(entry.get("name", "")),
                           where=f"{where}")
        elif "name" in entry:
            if db is None:
                raise ScoreInputError("card names need the card database", where=where)
            name = entry["name"]
            if not isinstance(name, str):
                raise ScoreInputError(f"name must be text, not {name!r}", where=f"{where}/name")
            try:
                sc = score_card_from_card(db.find(name))
            except UnknownCardError as exc:
                raise UnknownCardError(name, "monarchs", exc.suggestions, where=where) from None
        else:
            raise ScoreInputError('each card needs "color" and "crowns" (or a "name")', where=where,
                                  found=f"keys {sorted(entry)!r}")
        out.extend([sc] * count)
    return out


def file_notes(text: str) -> str | None:
    """The ``notes`` of a JSON score file (what the file says of its own figures), if any."""
    try:
        doc = json.loads(text.lstrip("\ufeff").strip())
    except (ValueError, RecursionError):
        return None
    notes = doc.get("notes") if isinstance(doc, dict) else None
    return notes if isinstance(notes, str) and notes.strip() else None


def parse_score_input(text: str, db: Any = None, *, source: str = "input") -> list[ScoreCard]:
    """A score file: JSON when it starts with ``{``, else a decklist of card names."""
    stripped = text.lstrip("\ufeff").strip()
    if not stripped:
        raise ScoreInputError("is empty", where=source, expected="a decklist or JSON")
    if stripped.startswith("{") or stripped.startswith("["):
        try:
            doc = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise ScoreInputError(f"is not valid JSON: {exc.msg}",
                                  where=f"{source}:{exc.lineno}:{exc.colno}") from None
        except RecursionError:
            raise ScoreInputError("is nested too deeply", where=source) from None
        return parse_json_cards(doc, db, source=source)
    if db is None:
        raise ScoreInputError("a decklist needs the card database", where=source)
    return parse_decklist(text, db, source=source)
