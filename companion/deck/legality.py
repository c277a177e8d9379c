"""Deck legality, generic over a :class:`~companion.deck.formats.DeckFormat`.

:func:`check_deck` returns a :class:`~companion.verdict.Verdict` with *every*
problem: ``deck-size`` (village-tcg.txt, Deck Mix; tmnt-tcg.txt, How to Build Your
Own Deck (1)), ``copy-limit`` (one problem per group over the limit: a name, a
shared ability, a title over several printings) and ``banned`` (house formats).
The rule book's advice (Village's 10/10/20/20 mix, the TMNT deck-building tips)
comes back as notes, never as problems.

Grouping follows the format: values compare as :func:`~companion.deck.fields.norm` makes them
(case, Unicode form, curly apostrophes and quotes, dashes and repeated spaces do not matter:
"April O’Neil" and "April O'Neil" are one title). A card belongs to one group per value at each group
key, so a Village mouse with two abilities counts toward both; cards of an exempt
type (Village Fruit) count toward nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..verdict import Note, Problem, Verdict, plural
from .decklist import DeckEntry, Decklist
from .fields import matches, norm, values
from .formats import AdviceItem, DeckFormat
from .stats import book_words

__all__ = ["DeckProblem", "check_deck", "measure", "plural"]


@dataclass(frozen=True, slots=True)
class DeckProblem(Problem):
    """A deck's problem: ``cards`` are the names (as the message shows them), ``card_ids`` each
    printing involved (two printings of one name are told apart only by their ids)."""

    card_ids: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {**Problem.to_json(self), "card_ids": list(self.card_ids)}


def _entry_text(entries: Iterable[DeckEntry]) -> str:
    """``"2 Acorn Scout, 2 Barley Runner"``; printings that share a name also show their id."""
    entries = list(entries)
    names = Counter(norm(e.card.name) for e in entries)
    return ", ".join(f"{e.count} {e.card.name}" + (f" ({e.card.id})" if names[norm(e.card.name)] > 1
                                                   else "") for e in entries)


def _unique_names(entries: Iterable[DeckEntry]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.card.name for e in entries))


def _size_problem(deck: Decklist, fmt: DeckFormat) -> Problem | None:
    n = deck.card_count
    lo, hi = fmt.size_min, fmt.size_max
    if lo is not None and n < lo:
        gap = f"{plural(lo - n, 'card')} short"
    elif hi is not None and n > hi:
        gap = f"{plural(n - hi, 'card')} too many"
    else:
        return None
    return DeckProblem("deck-size", f"The deck has {plural(n, 'card')}; a {fmt.name} deck has "
                       f"{fmt.size_text} cards ({gap}).", (), fmt.cite(fmt.size_section))


def _copy_problems(deck: Decklist, fmt: DeckFormat) -> list[Problem]:
    exempt = {t.casefold() for t in fmt.exempt_types}
    problems: list[Problem] = []
    reported: set[frozenset[tuple[str, int]]] = set()
    for group in fmt.groups:
        buckets: dict[str, tuple[str, list[DeckEntry]]] = {}
        for e in deck.entries:
            if e.card.type.casefold() in exempt:
                continue  # e.g. Village Fruit: no limit at all (village-tcg.txt, Deck Mix)
            seen: set[str] = set()
            for v in values(e.card, group.key):
                if v is None or (isinstance(v, str) and not v.strip()):
                    continue
                k = norm(v)
                if k in seen:
                    continue  # the same ability printed twice on one card counts once
                seen.add(k)
                buckets.setdefault(k, (str(v), []))[1].append(e)
        for shown, entries in buckets.values():
            total = sum(e.count for e in entries)
            if total <= fmt.limit:
                continue
            members = frozenset((e.card.id, e.count) for e in entries)
            if members in reported:
                continue  # the same cards already reported under another group (name vs ability)
            reported.add(members)
            template = group.message_one if len(entries) == 1 else group.message
            text = template.format(total=total, value=shown, cards=_entry_text(entries),
                                   limit=fmt.limit, label=group.label)
            problems.append(DeckProblem("copy-limit", text[:1].upper() + text[1:] + ".",
                                        _unique_names(entries), fmt.cite(fmt.limit_section),
                                        tuple(e.card.id for e in entries)))
    return problems


def _banned_problems(deck: Decklist, fmt: DeckFormat) -> list[Problem]:
    banned = {norm(b) for b in fmt.banned}
    out: list[Problem] = []
    for e in deck.entries:
        if norm(e.card.name) in banned or norm(e.card.id) in banned:
            out.append(DeckProblem("banned", f"{e.card.name} is banned in {fmt.name} "
                                   f"(the deck has {plural(e.count, 'copy', 'copies')}).",
                                   (e.card.name,), fmt.cite(fmt.limit_section), (e.card.id,)))
    return out


def measure(deck: Decklist, item: AdviceItem) -> tuple[int, str]:
    """The deck's figure for one advice item, and what it refers to (an Attribute, say, as the book writes
    it: "Wind")."""
    chosen = [e for e in deck.entries if matches(e.card, item.filter)]
    if item.measure == "largest-group" and item.by:
        tally: Counter[str] = Counter()
        said: dict[str, str] = {}  # each value as the data first writes it, for the note
        for e in chosen:
            for x in values(e.card, item.by):
                said.setdefault(norm(x), str(x))
            for v in set(norm(x) for x in values(e.card, item.by)):
                tally[v] += e.count
        if not tally:
            return 0, ""
        value, n = tally.most_common(1)[0]
        return n, book_words(said.get(value, value))  # "Wind", as the book writes it
    if item.measure == "outside" and item.by and item.of is not None:
        theirs = {norm(v) for e in deck.entries if matches(e.card, item.of)
                  for v in values(e.card, item.by)}
        n = sum(e.count for e in chosen if not {norm(v) for v in values(e.card, item.by)} & theirs)
        return n, ""
    return sum(e.count for e in chosen), ""


def _range(item: AdviceItem) -> str:
    lo, hi = item.min, item.max
    if lo is not None and lo == hi:
        return str(lo)
    if lo is not None and hi is not None:
        return f"{lo}-{hi}"
    return f"at least {lo}" if lo is not None else f"at most {hi}"


def _advice_notes(deck: Decklist, fmt: DeckFormat) -> list[Note]:
    notes = []
    for advice in fmt.advice:
        wanted, have, off = [], [], []
        single = len(advice.items) == 1
        for item in advice.items:
            n, about = measure(deck, item)
            wanted.append(item.counted(_range(item)))
            have.append((f"{n}" if single else item.counted(str(n)))
                        + (f" ({about})" if about else ""))
            if (item.min is not None and n < item.min) or (item.max is not None and n > item.max):
                off.append(item.label)
        verdict = "it follows the advice" if not off else (
            "outside the advice" if single else f"it differs in {', '.join(off)}")
        notes.append(Note(advice.id, f"{advice.intro} (advice, not a rule): {', '.join(wanted)}; this deck "
                          f"has {', '.join(have)}: {verdict}.", fmt.cite(advice.section)))
    if fmt.house:
        notes.append(Note("house-format", f"{fmt.name} is a house format, not the rule book's: {fmt.house}.",
                          fmt.source_cite(fmt.size_section)))  # (the note says the house rule: said once)
    return notes


def _reading_cite(reading: str, fmt: DeckFormat) -> str:
    """Where a reading of the list comes from: the books name no printing for a list's line, so the
    choice is a house reading (said so); the copy limit's section is where printings count."""
    if "is the id of a card that" in reading:  # a replaced card's id (a card file's "replaces")
        return ('house reading: a card file\'s "replaces" puts its card in the place of the card whose id '
                "it names, so a list that names the old id reads the new card")
    return ("house reading: the rule books do not say which printing a list's name means, so it is "
            f"the first; printings of one name: {fmt.cite(fmt.limit_section)}")


def check_deck(deck: Decklist, fmt: DeckFormat) -> Verdict:
    """Every problem of ``deck`` under ``fmt``, plus the advice as notes.

    ``Verdict.extra`` carries ``game``, ``format`` and ``card_count`` for the JSON form.
    """
    if deck.game != fmt.game:
        from ..errors import CompanionError

        raise CompanionError(f"format {fmt.id!r} is for {fmt.game!r}, but the deck is for {deck.game!r}")
    problems: list[Problem] = []
    size = _size_problem(deck, fmt)
    if size:
        problems.append(size)
    problems += _copy_problems(deck, fmt)
    problems += _banned_problems(deck, fmt)
    readings = [Note("name-read-as", r, _reading_cite(r, fmt)) for r in deck.readings]  # how a name was read
    return Verdict(tuple(problems), tuple(readings + _advice_notes(deck, fmt)),
                   {"game": deck.game, "format": fmt.id, "card_count": deck.card_count})
