"""Of Mice and Monarchs end-game scoring: the standard rule and the family variant.

Standard (of-mice-and-monarchs.md, Game End and Scoring): for each of the six Court
colours, crowns on cards of that colour x cards of that colour; the VP are the sum.
Gray (starting) cards never score. Family variant (of-mice-and-monarchs.md, Family
Scoring Variant): in each colour discard 2 cards (all of them if 2 or fewer) and count
the crowns left; the best choice is always to discard the two lowest-crown cards.

Input is a list of :class:`ScoreCard` (colour and crowns), built directly, from card
database records (:func:`score_card_from_card`), from a decklist text or from the
JSON form ``{"cards": [{"color": "orange", "crowns": 1}, {"card": "Sun King", "count": 2}, ...]}``
(:func:`parse_score_input`). A JSON file is read as a JSON decklist is: every problem listed at once
with its JSON pointer (:class:`ScoreFileError`), a key given twice refused, a number shown as typed.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .. import cite
from ..errors import CompanionError, UnknownCardError, closest, closest_tied, did_you_mean
from ..verdict import and_list, plural

if TYPE_CHECKING:
    from ..deck.decklist import LineIssue

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
    #: read from a demo card of the card data (made up, not official: :func:`data_notes` says so)
    demo: bool = field(default=False, compare=False)
    #: copies of the card in its set (``qty``), when the card data gives it
    qty: int | None = field(default=None, compare=False)

    def label(self) -> str:
        """``Sun King (3 crowns)``, or ``yellow card (0 crowns)`` for a card given by colour alone
        (in brackets: a list of labels, ``a, b``, reads one card per comma)."""
        return f"{self.name or self.color + ' card'} ({plural(self.crowns, 'crown')})"


def check_crowns(crowns: object, *, where: str | None = None) -> int:
    """The crowns a card shows: a whole number 0..:data:`MAX_CROWNS`, else a :class:`ScoreInputError`
    showing the value as typed (``1e9``, never ``1000000000.0``)."""
    if isinstance(crowns, bool) or not isinstance(crowns, int) or crowns < 0 or crowns > MAX_CROWNS:
        raise ScoreInputError(f"crowns must be a whole number 0..{MAX_CROWNS}, not {_short(crowns)}",
                              where=where)
    return crowns


def make_card(color: object, crowns: object, name: str = "", *, where: str | None = None) -> ScoreCard:
    """A validated :class:`ScoreCard` (gray cards score nothing, whatever their crowns: :func:`score`)."""
    return ScoreCard(normalise_colour(color, where=where), check_crowns(crowns, where=where), name)


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
    return of_data(make_card(colour, crowns, card.name, where=f"card {card.name!r}"), card)


def of_data(sc: ScoreCard, card: Any) -> ScoreCard:
    """``sc`` marked with what the card data's record ``card`` says of it: demo or not, its ``qty``."""
    qty = card.get("qty")
    return replace(sc, demo=bool(getattr(card, "is_demo", False)),
                   qty=qty if isinstance(qty, int) and not isinstance(qty, bool) else None)


def demo_note(names: Iterable[str]) -> str | None:
    """The note a result built from demo cards carries (``None`` without any): the card data's
    demo cards are made up to exercise the tools, never official (README, Card data)."""
    shown_names = sorted(set(names))
    if not shown_names:
        return None
    return (f"demo cards (made up, not official ones; the rule book holds no card list): "
            f"{', '.join(shown_names)}")


def data_notes(cards: Sequence[ScoreCard]) -> list[str]:
    """What a score must say of the card data it read: the demo cards among ``cards`` and each card
    counted more times than its set holds (a typo in a count)."""
    notes: list[str] = []
    said = demo_note(c.name for c in cards if c.demo)
    if said:
        notes.append(said)
    counts = Counter(c.name for c in cards if c.qty is not None)
    qty = {c.name: c.qty for c in cards if c.qty is not None}
    for name, n in counts.items():
        if n > (qty[name] or 0):
            notes.append(f"{n} {name}, but the set holds {qty[name]}: check the count")
    return notes


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
            cards = f"{r.cards:>3} card" + ("s" if r.cards != 1 else " ")
            if self.variant == "standard":
                crowns = f"{r.crowns:>3} crown" + ("s" if r.crowns != 1 else " ")
                out.append(f"{r.color:<7} {cards} x {crowns} = {r.vp:>4} VP")
            else:
                gone = ", ".join(c.label() for c in r.discarded) or "nothing"
                out.append(f"{r.color:<7} {cards.rstrip()}: discard {gone}; "
                           f"{plural(r.vp, 'crown')} left = {r.vp} VP")
        if self.gray_cards:
            n = self.gray_cards
            out.append(f"gray    {n:>3} card{'s never score' if n != 1 else ' never scores'}")
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
    cards = list(cards)
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
    notes += data_notes(cards)
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


# -- every player at once: the winner ------------------------------------------------------------

#: What a tie for the most VP means: the rule book names the winner ("The player with the most VP wins",
#: Game End and Scoring; "High score wins", Family Scoring Variant) and gives no tie-break, so the players
#: tied on the most VP share the win (never a tie-break the book does not give).
TIE_WORDS = "the rule book gives no tie-break, so they share the win"


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's row of the game's final scores: the name, the score sheet and the place (``rank``: 1 is
    the most VP; tied totals share the place of the first of them: 28, 28, 20 are 1, 1, 3)."""

    name: str
    score: Score
    rank: int

    @property
    def total(self) -> int:
        return self.score.total

    def to_json(self) -> dict[str, Any]:
        doc = {"name": self.name, "rank": self.rank, **self.score.to_json()}
        del doc["cite"]  # (the table's, said once)
        return doc


@dataclass(frozen=True, slots=True)
class GameScores:
    """Every player's final score, scored with one ``variant``, most VP first (tied players in the order
    given), and who wins: the most VP, a tie shared (:data:`TIE_WORDS`)."""

    variant: str
    players: tuple[PlayerScore, ...]

    @property
    def cite(self) -> str:
        return CITE_FAMILY if self.variant == "family" else CITE_SCORING

    @property
    def winners(self) -> tuple[PlayerScore, ...]:
        """The players with the most VP: one, or several tied, who share the win."""
        return tuple(p for p in self.players if p.rank == 1)

    def verdict(self) -> str:
        """Who wins, in one sentence with its section: ``Ann wins with 28 VP, 4 more than Bob (24 VP)``; a
        tie for the most VP is shared (:data:`TIE_WORDS`)."""
        top = self.winners
        best = top[0].total
        if len(self.players) == 1:
            return (f"{top[0].name} scores {best} VP: one player, no one else to beat ({self.cite}; a solo "
                    "game beats its high score: of-mice-and-monarchs.md, Solo Mode)")
        if len(top) > 1:
            everyone = " (every player)" if len(top) == len(self.players) else ""
            return (f"{and_list([p.name for p in top])} tie for the win with {best} VP{everyone}: "
                    f"{TIE_WORDS} ({self.cite})")
        second = self.players[1]
        return (f"{top[0].name} wins with {best} VP, {best - second.total} more than {second.name} "
                f"({second.total} VP) ({self.cite})")

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "players": [p.to_json() for p in self.players],
                "winners": [p.name for p in self.winners], "tie": len(self.winners) > 1,
                "verdict": self.verdict(), "cite": self.cite}

    def lines(self) -> list[str]:
        """The final scores as text: a row per player (place, name, each colour's VP, total), then who wins
        and each player's notes."""
        width = max(6, *(len(p.name) for p in self.players))
        head = (f"{'place':<6}{'player':<{width}}  " + "".join(f"{c:>7}" for c in COURT_COLOURS)
                + f"{'total':>7}")
        out = [f"{self.variant.capitalize()} scoring, VP by colour:", head]
        for p in self.players:
            out.append(f"{str(p.rank) + '.':<6}{p.name:<{width}}  "
                       + "".join(f"{r.vp:>7}" for r in p.score.rows) + f"{p.total:>7}")
        out.append(self.verdict())
        out += [f"note ({p.name}): {n}" for p in self.players for n in p.score.notes]
        return out


def score_players(players: Sequence[tuple[str, Iterable[ScoreCard]]], variant: str = "standard", *,
                  sources: Sequence[str] = ()) -> GameScores:
    """Score every player's cards with one ``variant`` and rank them: ``players`` is ``(name, cards)`` per
    player, 1 to :data:`~companion.monarchs.flow.MAX_PLAYERS` of them, each named (one short line, no two
    alike in any case). Most VP first; the most VP wins, a tie shared (:data:`TIE_WORDS`). ``sources``: where
    each player was read from (a file), for a refusal's ``where`` (else ``player 2``)."""
    from .flow import MAX_PLAYERS, check_name

    if not players:
        raise ScoreInputError("no players to score", expected="each player's name and cards")
    if len(players) > MAX_PLAYERS:
        raise ScoreInputError(f"{len(players)} players; the companion scores a table of up to {MAX_PLAYERS}",
                              cite=CITE_SCORING)
    seen: dict[str, str] = {}
    scored: list[tuple[str, Score]] = []
    for i, (name, cards) in enumerate(players, 1):
        where = sources[i - 1] if i <= len(sources) else f"player {i}"
        shown_name = check_name(name, where=where)
        if not shown_name:
            raise ScoreInputError("each player needs a name", where=where)
        key = shown_name.casefold()
        if key in seen:
            raise ScoreInputError(f"two players named {shown_name!r}", where=where,
                                  suggestion=f"Give each player a name of their own ({seen[key]!r} is "
                                             "listed already)")
        seen[key] = shown_name
        scored.append((shown_name, score(cards, variant)))
    totals = [s.total for _n, s in scored]
    ranked = [PlayerScore(n, s, 1 + sum(1 for t in totals if t > s.total)) for n, s in scored]
    ranked.sort(key=lambda p: p.rank)  # (stable: tied players in the order given)
    return GameScores(variant, tuple(ranked))


# -- reading score files ---------------------------------------------------------------------

def find_card(db: Any, key: str, *, where: str | None = None) -> Any:
    """The card named (or with the id) ``key``; else :class:`UnknownCardError` with close names:
    every card whose name starts with ``key`` first ("Peasant Mouse": A's before B's), in the
    order of the card data."""
    card = db.lookup(key)
    if card is None:
        raise UnknownCardError(key.strip(), "monarchs", name_suggestions(db, key), where=where)
    return card


#: Close names offered for an unknown card name, at most.
MAX_SUGGESTIONS = 4


def name_suggestions(db: Any, key: str) -> list[str]:
    """Card names close to ``key``: those starting with its words (whole words, brackets and commas
    aside: "Peasant Mouse A" is "Peasant Mouse (A, 0)" and "(A, +1)"), in the card data's order, else
    the card data's closest names, only the closest of them (:func:`~companion.errors.closest_tied`:
    a third name, further off, would only mislead)."""
    k = _words(key)
    if k:
        starting = [c.name for c in db if _words(c.name)[:len(k)] == k]
        if starting:
            return list(dict.fromkeys(starting))[:MAX_SUGGESTIONS]
    hits = list(db.suggest(key))
    return closest_tied(key, hits) or hits


def _words(text: str) -> list[str]:
    """``text``'s words, without case or punctuation: ``Peasant Mouse (A, +1)`` is peasant mouse a 1."""
    return re.findall(r"\w+", text.casefold())


def parse_decklist(text: str, db: Any, *, source: str = "decklist") -> list[ScoreCard]:
    """``3 Card Name`` lines (``3x``, ``#``/``//`` comments; a bare name counts once), or CSV.

    The deck builder's parser reads the list, so every bad line is reported at once,
    each with close card names; a list whose unknown names are mostly another game's cards
    (a Village deck) is said to be that game's, once.
    """
    from .. import GAMES
    from ..deck.decklist import (
        DecklistError,
        looks_like,
        looks_like_csv,
        other_game_of,
        parse_csv,
        parse_text,
    )

    try:  # (a list kept in a spreadsheet too, as every decklist reader takes it)
        deck = (parse_csv(text, db, where=source) if looks_like_csv(text)
                else parse_text(text, db, where=source, bare_count=1))
    except DecklistError as exc:
        found = other_game_of(exc.issues, "monarchs")
        if found is not None:
            other, k, n = found
            raise ScoreInputError(f"{looks_like(other, k, n)}: this is a {GAMES[other]} deck, not a "
                                  "player's Of Mice and Monarchs cards", where=source,
                                  suggestion=f"Check it as a {GAMES[other]} deck (companion deck check "
                                             f"{other} FILE, or the deck builder page)") from None
        issues = [replace(i, suggestions=tuple(name_suggestions(db, i.unknown)))
                  if i.unknown and i.suggestions else i for i in exc.issues]
        raise DecklistError(issues, where=exc.where, hint=exc.hint) from None
    out: list[ScoreCard] = []
    for entry in deck.entries:
        try:
            sc = score_card_from_card(entry.card)
        except ScoreInputError as exc:
            raise ScoreInputError(exc.message, where=f"{source}: {entry.card.name}",
                                  suggestion=exc.suggestion, cite=exc.cite) from None
        out.extend([sc] * entry.count)
    return out


#: The fields of a JSON score file and of each of its cards: another is a mistake to say (a
#: "colour" for "color"), never a field silently passed over. A card's ``card`` is its name or
#: id, as in a JSON decklist (``{"card": "Sun King", "count": 3}``); ``name`` is its name too, or,
#: with ``color`` and ``crowns``, a label for a card the card data does not hold.
FILE_KEYS = ("cards", "game", "name", "source", "notes", "$schema")
CARD_KEYS = ("card", "color", "crowns", "count", "name")
GAME = "monarchs"


def _short(value: Any, limit: int = 40) -> str:
    """A value of a score file as JSON text, a number as it was typed (``1e9``), cut to ``limit``."""
    from ..deck.decklist import short_json

    return short_json(value, limit)


def _unknown_keys(obj: Mapping[str, Any], known: Sequence[str], where: str) -> list[ScoreInputError]:
    """A problem for each field of ``obj`` not in ``known`` (at ``where``), with the closest known one."""
    out = []
    for key in obj:
        if key not in known:
            hint = closest(str(key), list(known), n=1)
            out.append(ScoreInputError(f"unknown field {str(key)[:40]!r}", where=f"{where}/{str(key)[:40]}",
                                       expected=None if hint else "one of " + ", ".join(known),
                                       suggestion=did_you_mean(hint) if hint else None))
    return out


def _named_card(entry: Mapping[str, Any], db: Any, where: str) -> Any:
    """The card data's record ``entry`` names by ``card`` (its name or id) or ``name``; ``None``
    when it names none it must (a ``name`` beside ``color`` and ``crowns`` may label a card of
    one's own)."""
    for key in ("card", "name"):
        if key in entry and not isinstance(entry[key], str):
            raise ScoreInputError(f"{key} must be text, not {_short(entry[key])}", where=f"{where}/{key}")
    given = "color" in entry or "crowns" in entry
    if "card" in entry:
        if db is None:
            raise ScoreInputError("card names need the card database", where=where)
        card = find_card(db, entry["card"], where=f"{where}/card")
        if "name" in entry and db.lookup(entry["name"]) is not card:
            raise ScoreInputError(f'"name" says {_short(entry["name"])}, but "card" {_short(entry["card"])} '
                                  f"is {card.name!r}", where=f"{where}/name",
                                  suggestion='Make them agree, or leave "name" out (the card is read from '
                                             '"card")')
        return card
    if "name" not in entry:
        return None
    if given:  # a label, checked against the card data when it names a card there
        return db.lookup(entry["name"]) if db is not None else None
    if db is None:
        raise ScoreInputError("card names need the card database", where=where)
    return find_card(db, entry["name"], where=f"{where}/name")


def _data_colour_crowns(card: Any) -> tuple[str | None, int | None]:
    """A card data record's colour and crowns as scoring reads them (``None``: the data does not say)."""
    colour = card.get("color") or (GRAY if card.type == "starting" else None)
    colour = normalise_colour(colour, where=f"card {card.name!r}") if colour else None
    crowns = card_crowns(card)
    if crowns is None and colour == GRAY:
        crowns = 0
    return colour, crowns


def _check_against_data(card: Any, sc: ScoreCard, where: str) -> None:
    """Refuse a colour or crowns typed for a named card that its card data contradicts (a Sun
    King typed orange with 0 crowns would score as a card it is not)."""
    colour, crowns = _data_colour_crowns(card)
    wrong = [(key, want, got)
             for key, want, got in (("color", colour, sc.color), ("crowns", crowns, sc.crowns))
             if want is not None and want != got]
    if not wrong:
        return
    keys = {k for k, _, _ in wrong}

    def said(c: str | None, n: int | None) -> str:
        return " with ".join(x for x in ((c if "color" in keys else None),
                                         (plural(n, "crown") if "crowns" in keys and n is not None else None))
                             if x)

    verb = "is" if "color" in keys else "has"
    raise ScoreInputError(f"{card.name!r} {verb} {said(colour, crowns)} in the card data, not "
                          f"{said(sc.color, sc.crowns)}",
                          where=f"{where}/{wrong[0][0]}",
                          expected=", ".join(f'"{k}": {json.dumps(want)}' for k, want, _ in wrong),
                          found=", ".join(f'"{k}": {json.dumps(got)}' for k, _, got in wrong),
                          suggestion='Leave "color" and "crowns" out (the card data gives them); a card of '
                                     "your own takes a name of its own")


class ScoreFileError(ScoreInputError):
    """Every problem of a JSON score file at once, as a decklist's are listed (``issues``: each with
    its JSON pointer and the entry it is in, for ``--json``). One problem reads as it always did:
    the file and the pointer in ``where``."""

    def __init__(self, problems: Sequence[tuple[CompanionError, Any]], *, source: str) -> None:
        from ..deck.decklist import listed_issues

        self.issues = tuple(_issue(exc, value, source) for exc, value in problems)
        if len(problems) == 1:
            one = problems[0][0]
            super().__init__(one.message, where=one.where, expected=one.expected, found=one.found,
                             suggestion=one.suggestion, cite=one.cite)
            return
        body = "".join(f"\n  {line}" for line in listed_issues(self.issues))
        super().__init__(f"the score file has {len(problems)} problems:{body}", where=source)


def _issue(exc: CompanionError, value: Any, source: str) -> LineIssue:
    """A problem of a score file as a decklist's :class:`~companion.deck.decklist.LineIssue`: its JSON
    pointer (from ``where``: ``f.json /cards/0/crowns``), the entry ``value`` it is in, what is wrong
    and, of an unknown card, its name and close names."""
    from ..deck.decklist import LineIssue

    unknown = exc if isinstance(exc, UnknownCardError) else None  # (its name kept, close names or none)
    suggestions = unknown.suggestions if unknown is not None else ()
    problem = CompanionError(exc.message, expected=exc.expected, found=exc.found, cite=exc.cite,
                             suggestion=None if suggestions else exc.suggestion).render()
    where = exc.where or ""
    pointer = where[len(source) + 1:] if where.startswith(f"{source} /") else ""
    if not pointer and where:  # (a problem of the card data, "card 'Sun King'": said with it)
        problem = f"{where}: {problem}"
    return LineIssue(None, _short(value, 80), problem, suggestions, pointer,
                     unknown=unknown.name if unknown is not None else None)


def parse_json_cards(doc: Any, db: Any = None, *, source: str = "json",
                     twice: Sequence[str] = ()) -> list[ScoreCard]:
    """``{"cards": [{"color": ..., "crowns": ..., "count"?: n} | {"name" or "card": ..., "count"?: n}]}``;
    a ``"game"`` other than Monarchs is refused, as a card file of another game is. Every problem is
    found in one run and raised together (:class:`ScoreFileError`); ``twice``: the pointers of the keys
    the text gave twice (:func:`~companion.deck.decklist.read_json`), refused as a decklist refuses them."""
    from ..deck.decklist import twice_issues

    if not isinstance(doc, dict) or "cards" not in doc:
        raise ScoreInputError('expected an object with a "cards" list', where=f"{source} /",
                              found=type(doc).__name__ if not isinstance(doc, dict)
                              else f"keys {sorted(doc)!r}")
    game = doc.get("game", GAME)
    if not isinstance(game, str) or game.strip().casefold() != GAME:
        raise ScoreInputError("holds cards of another game", where=f"{source} /game",
                              expected=json.dumps(GAME), found=_short(game),
                              suggestion='Score Of Mice and Monarchs cards here: a score file says "game": '
                                         '"monarchs", or leaves "game" out')
    problems: list[tuple[CompanionError, Any]] = []

    def refuse(obj: Mapping[str, Any], known: Sequence[str], here: str) -> bool:
        """The unknown fields of ``obj`` (at pointer ``here``) and its keys given twice, as problems;
        whether it has an unknown field (a "colour": what it says is read once the name is right)."""
        unknown = _unknown_keys(obj, known, f"{source} {here}")
        problems.extend((exc, obj) for exc in unknown)
        problems.extend((ScoreInputError(i.problem, where=f"{source} {i.pointer}"), obj)
                        for i in twice_issues(obj, here, twice, whole="the score file"))
        return bool(unknown)

    refuse(doc, FILE_KEYS, "")
    if not isinstance(doc["cards"], list):
        problems.append((ScoreInputError('"cards" must be a list of cards', where=f"{source} /cards",
                                         found=f"{type(doc['cards']).__name__} {doc['cards']!r}"[:60]), doc))
        raise ScoreFileError(problems, source=source)
    out: list[ScoreCard] = []
    for i, entry in enumerate(doc["cards"]):
        if not isinstance(entry, dict):
            problems.append((ScoreInputError("each card must be an object", where=f"{source} /cards/{i}",
                                             found=repr(entry)[:60]), entry))
            continue
        if refuse(entry, CARD_KEYS, f"/cards/{i}"):
            continue
        out.extend(_json_entry(entry, db, f"{source} /cards/{i}", problems))
    if problems:
        raise ScoreFileError(problems, source=source)
    return out


def _json_entry(entry: Mapping[str, Any], db: Any, where: str,
                problems: list[tuple[CompanionError, Any]]) -> list[ScoreCard]:
    """The cards one entry of a score file's ``cards`` stands for (``count`` copies; none when it has
    a problem); each problem found is added to ``problems`` (with the entry), not only the first."""
    def fail(exc: CompanionError) -> list[ScoreCard]:
        problems.append((exc, entry))
        return []

    count = entry.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        fail(ScoreInputError(f"count must be 1..{MAX_COUNT}, not {_short(count)}", where=f"{where}/count"))
        count = 0
    try:
        card = _named_card(entry, db, where)
    except CompanionError as exc:
        return fail(exc)
    if "color" in entry or "crowns" in entry:
        # a card of the card data gives what is not typed (typed, it must agree: below)
        known = _data_colour_crowns(card) if card is not None else (None, None)
        typed = {}
        for key, data in zip(("color", "crowns"), known, strict=True):
            if key in entry:
                typed[key] = entry[key]
            elif data is not None:
                typed[key] = data
            elif card is not None:
                return fail(ScoreInputError(f'missing "{key}": the card data does not give the {key} of '
                                            f"{card.name!r}", where=where,
                                            suggestion=f'Add "{key}" as printed on the card'))
            else:
                return fail(ScoreInputError(f'missing "{key}"', where=where,
                                            suggestion='A card of the card data takes "card": its name; a '
                                                       'card of your own needs "color" and "crowns"'))
        label = card.name if card is not None else str(entry.get("name", ""))
        # (a typed field is pointed at itself: /cards/0/crowns; one from the card data, at the card;
        # a bad colour and bad crowns are two problems)
        colour = crowns = None
        try:
            colour = normalise_colour(typed["color"], where=f"{where}/color" if "color" in entry else where)
        except CompanionError as exc:
            fail(exc)
        try:
            crowns = check_crowns(typed["crowns"], where=f"{where}/crowns" if "crowns" in entry else where)
        except CompanionError as exc:
            fail(exc)
        if colour is None or crowns is None:
            return []
        sc = ScoreCard(colour, crowns, label)
        if card is not None:
            sc = of_data(sc, card)
            try:
                _check_against_data(card, sc, where)
            except CompanionError as exc:
                return fail(exc)
    elif card is not None:
        try:
            sc = score_card_from_card(card)
        except CompanionError as exc:
            return fail(exc)
    else:
        return fail(ScoreInputError('each card needs a "card" (its name) or "color" and "crowns"',
                                    where=where, found=f"keys {sorted(entry)!r}"))
    return [sc] * count


def parse_score_input(text: str, db: Any = None, *, source: str = "input") -> list[ScoreCard]:
    """A score file: JSON when it starts with ``{`` or ``[``, else a decklist of card names."""
    return ScoreFile(text, source).cards(db)


@dataclass(frozen=True)
class ScoreFile:
    """A score file's text (``source``: where it came from, for messages), its JSON read at most once
    for all that is asked of it: whether it needs the card data, its cards, its notes."""

    text: str
    source: str = "input"

    @cached_property
    def stripped(self) -> str:
        """The text without a byte-order mark or spaces around it."""
        return self.text.lstrip("\ufeff").strip()

    @cached_property
    def is_json(self) -> bool:
        """Whether the file is JSON (an object or a list), not a decklist: read as a decklist is
        (:func:`~companion.deck.decklist.list_form`), so a list sorted by colour under ``[Purple]``
        headings is a decklist, not JSON that cannot be read; text starting with ``[`` whose first line
        is no such heading (``[{"color": ...``) is JSON, its syntax error said as JSON's."""
        from ..deck.decklist import list_form

        first = self.stripped.splitlines()[0].rstrip() if self.stripped else ""
        return list_form(self.stripped) == "json" or (first.startswith("[") and not first.endswith("]"))

    @property
    def doc(self) -> Any:
        """The parsed JSON; a :class:`ScoreInputError` saying where it cannot be read."""
        return self._read[0]

    @property
    def _read(self) -> tuple[Any, list[str]]:
        """The parsed JSON as a decklist's is read (a number as typed), and the pointers of the keys
        it gives twice; a :class:`ScoreInputError` saying where it cannot be read, with the card
        files' fix where there is a likely one (a comma before a closing bracket). Read once, a
        failure too (:attr:`_parsed`)."""
        got = self._parsed
        if isinstance(got, ScoreInputError):
            raise got.with_traceback(None) from None
        return got

    @cached_property
    def _parsed(self) -> tuple[Any, list[str]] | ScoreInputError:
        """What :attr:`_read` gives or raises, kept: JSON that cannot be read is not read again for
        each thing asked of it (whether it needs the card data, then its cards)."""
        from ..deck.decklist import read_json
        from ..validation import json_syntax_hint

        try:
            return read_json(self.stripped)
        except json.JSONDecodeError as exc:
            return ScoreInputError(f"is not valid JSON: {exc.msg}",
                                   where=f"{self.source}:{exc.lineno}:{exc.colno}",
                                   suggestion=json_syntax_hint(exc))
        except RecursionError:
            return ScoreInputError("is nested too deeply", where=self.source)
        except ValueError:  # (Python reads no whole number of over 4,300 digits)
            return ScoreInputError("holds a number of thousands of digits", where=self.source,
                                   expected=f"counts of 1..{MAX_COUNT}, crowns of 0..{MAX_CROWNS}")

    def _readable(self) -> Any:
        """The parsed JSON, or ``None`` where it cannot be read (:meth:`cards` says why)."""
        try:
            return self.doc
        except ScoreInputError:
            return None

    def needs_card_data(self) -> bool:
        """Whether the file names cards, so the card data is needed: any decklist does; a JSON file only
        when an entry of its ``cards`` has a ``name`` or ``card``. Read from the parsed JSON, not the
        text: the file's own ``"name"`` (the player's) names no card, and a key written with escapes
        (``"\\u006eame"``) is the key it spells. JSON that cannot be read needs none (:meth:`cards`
        then says what is wrong with it)."""
        if not self.is_json:
            return True
        doc = self._readable()
        cards = doc.get("cards") if isinstance(doc, dict) else None
        return isinstance(cards, list) and any(isinstance(c, dict) and ("name" in c or "card" in c)
                                               for c in cards)

    def notes(self) -> str | None:
        """The ``notes`` of a JSON file (what it says of its own figures), if any."""
        doc = self._readable() if self.is_json else None
        notes = doc.get("notes") if isinstance(doc, dict) else None
        return notes if isinstance(notes, str) and notes.strip() else None

    def player(self) -> str | None:
        """The player's name a JSON file gives (its ``"name"``), if any: what the final scores of several
        files call that player."""
        doc = self._readable() if self.is_json else None
        name = doc.get("name") if isinstance(doc, dict) else None
        return name.strip() if isinstance(name, str) and name.strip() else None

    def _blank(self) -> ScoreInputError | None:
        """The refusal of a file of no text but spaces (:meth:`cards` refuses with it)."""
        if self.stripped:
            return None
        return ScoreInputError("is empty", where=self.source, expected="a decklist or JSON")

    def why_empty(self, cards: Sequence[ScoreCard] | None = None) -> ScoreInputError | None:
        """Why the file has nothing to score, read without the card data: no text but spaces, a decklist
        of comments only (``#``, ``//``), JSON whose ``"cards"`` list is empty; given ``cards``, what it
        was read as, also when that is none (a list of headings alone). The page turns Score this list
        off with it, and refuses a click with it, so a list of nothing never empties the score pad.
        ``None``: there is something to read (a problem of it is :meth:`cards`'s to name)."""
        blank = self._blank()
        if blank is not None:
            return blank
        if self.is_json:
            doc = self._readable()
            if isinstance(doc, dict) and doc.get("cards") == []:
                return ScoreInputError('lists no cards ("cards" is empty), nothing to score',
                                       where=self.source)
        elif all(line.strip().startswith(("#", "//")) for line in self.stripped.splitlines() if line.strip()):
            return ScoreInputError("holds only comments, nothing to score", where=self.source)
        if cards is not None and not cards:
            return ScoreInputError("lists no cards, nothing to score", where=self.source)
        return None

    def cards(self, db: Any = None) -> list[ScoreCard]:
        """The cards the file lists (``db``: the card data, needed where it names cards); a file of no
        text is refused (one of comments only reads as no cards: :meth:`why_empty` says so)."""
        blank = self._blank()
        if blank is not None:
            raise blank
        if self.is_json:
            return parse_json_cards(self.doc, db, source=self.source, twice=self._read[1])
        if db is None:
            raise ScoreInputError("a decklist needs the card database", where=self.source)
        return parse_decklist(self.text, db, source=self.source)
