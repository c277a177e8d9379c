"""The Court and the buy planner: which purchases can this hand afford, best first?

Rules (of-mice-and-monarchs.md, Game Play): the hand's influence is the sum of the
five played cards' influence; Court cards cost the number in their corner, back-row
cards 2 more; several cards may be bought while their total cost fits; only the top
card of a stack can be bought, which reveals the card below (that one can then be
bought too). The planner enumerates every affordable purchase exactly (at most eight
positions, pruned by the remaining influence) and sorts them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import cite
from ..errors import CompanionError, RuleError, UnknownCardError
from ..verdict import plural

CITE_BUY = cite("monarchs", "Game Play")
BACK_ROW_EXTRA = 2  # of-mice-and-monarchs.md, Game Play: "cost an additional 2 influence"
ROWS = ("front", "back")
SORTS = ("crowns", "influence", "spent")
#: Above this many ways of taking cards off the stacks, only the top cards are planned.
MAX_COMBINATIONS = 200_000
#: Cards typed into one Court position at most: far more than a Court deck holds.
MAX_STACK = 99
#: Most influence a hand is planned for: five cards of at most 999 each (a typing slip of
#: 99999999999999999999 is refused, never planned).
MAX_INFLUENCE = 4995
#: How each sort breaks its ties, said with the plan: unused influence is wasted (Game Play),
#: so of two purchases equal on what they bring, the one spending more comes first.
TIE_BREAKS = {
    "crowns": "ties in crowns go to more influence on the cards bought, then to spending more",
    "influence": "ties in influence go to more crowns, then to spending more",
    "spent": "ties in influence spent go to more crowns, then to more influence on the cards bought",
}


class UnknownCardRuleError(UnknownCardError, RuleError):
    """A card name the card data does not hold, typed for a Court position or a hand: the rules'
    refusal (a :class:`RuleError`, said at its place) that is still the :class:`UnknownCardError` it was
    (its name, game and close names), so that a caller can tell it from another refusal."""


def _typed_card_error(exc: CompanionError, where: str) -> RuleError:
    """``exc``, raised finding a typed card in the card data (or reading it), as the rules' refusal at
    ``where``: an unknown card stays one (:class:`UnknownCardRuleError`), in the same words."""
    if isinstance(exc, UnknownCardError):
        return exc.relabel(where=where, cls=UnknownCardRuleError)
    return RuleError(exc.message, where=where, suggestion=exc.suggestion, cite=exc.cite)


@dataclass(frozen=True, slots=True)
class CourtCard:
    """A Court card as the planner sees it."""

    name: str
    cost: int
    crowns: int = 0
    influence: int = 0
    color: str = ""
    move_cover: int = 0
    #: a demo card of the card data (made up, not official): results built on it say so
    demo: bool = field(default=False, compare=False)

    @classmethod
    def from_card(cls, card: Any) -> CourtCard:
        """From a card database record (a ``court`` card of ``data/monarchs``)."""
        cost = card.get("cost")
        if cost is None:
            raise RuleError(f"{card.name!r} has no cost: only Court cards can be bought",
                            suggestion="Pick a Court card (coloured, with a cost)")
        return cls(card.name, int(cost), int(card.get("crowns") or 0),
                   int(card.get("influence") or 0), str(card.get("color") or ""),
                   int(card.get("move_cover") or 0), demo=bool(getattr(card, "is_demo", False)))


Stack = tuple[CourtCard, ...]  # bottom first, top last


@dataclass(frozen=True, slots=True)
class Court:
    """The two Court rows of four positions each; each position is a stack (top last)."""

    front: tuple[Stack, Stack, Stack, Stack] = ((), (), (), ())
    back: tuple[Stack, Stack, Stack, Stack] = ((), (), (), ())

    @classmethod
    def of(cls, front: Sequence[CourtCard | Sequence[CourtCard] | None],
           back: Sequence[CourtCard | Sequence[CourtCard] | None] = ()) -> Court:
        """Build a court from up to 4 entries per row: a card, a stack (top last) or None."""
        def row(entries: Sequence[Any], name: str) -> tuple[Stack, Stack, Stack, Stack]:
            if len(entries) > 4:
                raise RuleError(f"the {name} Court row has 4 positions, not {len(entries)}",
                                cite=CITE_BUY)
            stacks: list[Stack] = []
            for e in entries:
                if e is None:
                    stacks.append(())
                elif isinstance(e, CourtCard):
                    stacks.append((e,))
                else:
                    stacks.append(tuple(e))
            stacks += [()] * (4 - len(stacks))
            return (stacks[0], stacks[1], stacks[2], stacks[3])

        return cls(row(front, "front"), row(back, "back"))

    def stack(self, row: str, position: int) -> Stack:
        if row not in ROWS or not 1 <= position <= 4:
            raise RuleError(f"no Court position {row} {position}", expected="front/back 1-4")
        return (self.front if row == "front" else self.back)[position - 1]

    def positions(self) -> list[tuple[str, int, Stack]]:
        return [(r, i + 1, s) for r in ROWS for i, s in enumerate(self.front if r == "front" else self.back)]

    def top(self, row: str, position: int) -> CourtCard | None:
        s = self.stack(row, position)
        return s[-1] if s else None

    def demo_note(self) -> str | None:
        """The note a result read from this Court carries when it holds demo cards (else ``None``)."""
        from .scoring import demo_note

        return demo_note(c.name for _row, _pos, stack in self.positions() for c in stack if c.demo)


#: Cards in a hand: the turn plays all five (of-mice-and-monarchs.md, Game Play).
HAND_SIZE = 5


def parse_court_entry(spec: str, db: Any = None, *, where: str = "court") -> Stack:
    """One Court position typed by the user: ``-`` or empty, ``COST[:CROWNS[:INFLUENCE]]``,
    a card name (needs ``db``), or a stack ``A/B`` with the top card last."""
    spec = spec.strip()
    if spec in ("", "-"):
        return ()
    parts = spec.split("/")
    if len(parts) > MAX_STACK:  # (no table holds such a stack; planning it would take minutes)
        raise RuleError(f"a stack of {len(parts)} cards", where=where,
                        expected=f"at most {MAX_STACK} cards in one Court position")
    stack: list[CourtCard] = []
    for part in (p.strip() for p in parts):
        bits = part.split(":")
        shown = repr(part) if len(part) <= 40 else repr(part[:39] + "…")
        if bits[0].strip().lstrip("-").isdecimal():
            try:
                nums = [int(b) if len(b.strip()) <= 6 else 10**6 for b in bits]
            except ValueError:
                raise RuleError("a Court card is COST[:CROWNS[:INFLUENCE]] or a card name",
                                where=where, found=shown) from None
            if len(nums) > 3 or any(not 0 <= n < 10**6 for n in nums):
                raise RuleError("expected COST[:CROWNS[:INFLUENCE]], whole numbers from 0 to 999999",
                                where=where, found=shown)
            cost, crowns, infl = [*nums, 0, 0][:3]
            stack.append(CourtCard(f"cost {cost}" + (f", {plural(crowns, 'crown')}" if crowns else ""),
                                   cost, crowns, infl))
        elif not part:
            raise RuleError("empty card in a stack", where=where, found=repr(spec))
        else:
            if db is None:
                raise RuleError("card names need the card database; or type COST[:CROWNS]",
                                where=where, found=shown)
            from .scoring import find_card

            try:
                stack.append(CourtCard.from_card(find_card(db, part)))  # (its close names only)
            except CompanionError as exc:
                raise _typed_card_error(exc, where) from None
    return tuple(stack)


def needs_db(specs: Iterable[str]) -> bool:
    """Whether any typed Court position names a card (so the card database is needed)."""
    return any(part.strip() and not part.strip().split(":")[0].strip().isdecimal() and part.strip() != "-"
               for spec in specs for part in spec.split("/"))


def parse_court(front: Sequence[str], back: Sequence[str] = (), db: Any = None) -> Court:
    """A :class:`Court` from up to 4 typed positions per row (see :func:`parse_court_entry`)."""
    rows = []
    for name, specs in (("front", front), ("back", back)):
        if len(specs) > 4:
            raise RuleError(f"the {name} Court row has 4 positions, not {len(specs)}")
        rows.append([parse_court_entry(s, db, where=f"{name} {i + 1}") for i, s in enumerate(specs)])
    return Court.of(rows[0], rows[1])


def price(card: CourtCard, row: str) -> int:
    """What a card costs where it lies: its cost, plus 2 in the back row."""
    return card.cost + (BACK_ROW_EXTRA if row == "back" else 0)


def hand_influence(cards: Iterable[Any]) -> int:
    """Influence of a played hand: ints, or card records with an ``influence`` field."""
    total = 0
    for c in cards:
        value = c if isinstance(c, int) else (c.get("influence") if hasattr(c, "get") else None)
        if value is None:
            name = getattr(c, "name", repr(c))
            raise RuleError(f"the influence of {name!r} is unknown", suggestion="Type the influence in")
        total += int(value)
    return total


#: The most influence one card of a hand shows, typed as a number.
MAX_CARD_INFLUENCE = 999


def hand_needs_db(entries: Iterable[str]) -> bool:
    """Whether a hand typed card by card (:func:`read_hand`) names a card (so the card data is needed)."""
    return any(e.strip() and not e.strip().lstrip("-").isdecimal() for e in entries)


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand typed card by card: each card's influence (a number typed, or a card's ``influence``), the
    card records it names (their Move and Cover icons) and the total the planner plans for."""

    influence: int
    values: tuple[int, ...]
    cards: tuple[Any, ...]

    def notes(self) -> list[str]:
        """What the plan of this hand must say: a hand of other than five cards, the Move and Cover icons
        of its cards (Game Play: buying and Move and Cover in any order; the plan moves no card)."""
        notes = []
        n = len(self.values)
        if n != HAND_SIZE:
            notes.append(f"a hand is {HAND_SIZE} cards; {n} {'was' if n == 1 else 'were'} given ({CITE_BUY})")
        icons = sum(int(c.get("move_cover") or 0) for c in self.cards)
        if icons:
            notes.append(f"the hand has {plural(icons, 'Move and Cover icon')}: moving a Court card first "
                         "may bring a back-row card to the front (2 influence less) or uncover a card; this "
                         "plan does not move cards, so move them, then type the Court as it is")
        return notes

    def sum_words(self) -> str:
        """``1 + 1 + 0 + 2 + 1 = 5``: the hand's influence, card by card."""
        return " + ".join(map(str, self.values)) + f" = {self.influence}"


def read_hand(entries: Sequence[str], db: Any = None, *, where: str = "hand",
              skip_blank: bool = False) -> Hand:
    """The hand of the cards ``entries`` name, each a card's influence (``0`` to :data:`MAX_CARD_INFLUENCE`)
    or a card's name (needs ``db``, the card data; its close names when unknown). The hand's influence is
    the sum of its cards' (of-mice-and-monarchs.md, Game Play), at most :data:`MAX_INFLUENCE`. A
    :class:`RuleError` names the entry (``where`` and its place, from 1: ``hand 2``). ``skip_blank``: a blank
    entry is no card (a page's box left empty), else it is refused (an empty value on a command line)."""
    values: list[int] = []
    cards: list[Any] = []
    for i, entry in enumerate(entries, 1):
        here = f"{where} {i}"
        text = entry.strip()
        if not text and skip_blank:
            continue
        if not text:  # ('' from an empty shell variable: no card at all)
            raise RuleError("an empty value, not a card", where=here,
                            expected=f"a card name or the card's influence (0 to {MAX_CARD_INFLUENCE})",
                            found=repr(entry), suggestion="Give each card of the hand by its name or its "
                                                          f"influence (0 to {MAX_CARD_INFLUENCE})")
        if text.lstrip("-").isdecimal():
            if text.startswith("-") or len(text) > len(str(MAX_CARD_INFLUENCE)):
                raise RuleError(f"a card's influence is 0 to {MAX_CARD_INFLUENCE}, not "
                                f"{text[:12]}{'…' * (len(text) > 12)}", where=here)
            values.append(int(text))
            continue
        if db is None:
            raise RuleError("card names need the card database; or type the card's influence", where=here,
                            found=short_repr(text))
        from .scoring import find_card

        try:
            card = find_card(db, text)  # (its close names only: 'Peasant Mouse A' is not D's)
        except CompanionError as exc:
            raise _typed_card_error(exc, here) from None
        try:
            values.append(hand_influence([card]))
        except RuleError as exc:
            raise RuleError(exc.message, where=here, suggestion=exc.suggestion) from None
        cards.append(card)
    total = sum(values)
    if total > MAX_INFLUENCE:
        raise RuleError(f"the hand's influence adds up to {total}; the companion plans up to {MAX_INFLUENCE}",
                        where=where, suggestion=f"A hand is {HAND_SIZE} cards ({len(values)} were given)")
    return Hand(total, tuple(values), tuple(cards))


@dataclass(frozen=True, slots=True)
class Buy:
    row: str
    position: int
    card: CourtCard
    price: int

    def label(self) -> str:
        extra = " (+2 back row)" if self.row == "back" else ""
        return f"{self.card.name} from {self.row} {self.position} for {self.price}{extra}"


@dataclass(frozen=True, slots=True)
class Purchase:
    """One affordable set of buys; ``maximal`` when nothing else left could still be bought."""

    buys: tuple[Buy, ...]
    spent: int
    left: int
    crowns: int
    influence: int
    maximal: bool

    def label(self) -> str:
        cards = "; ".join(b.label() for b in self.buys)
        crowns = f"+{self.crowns} crown" + ("" if self.crowns == 1 else "s")
        return f"{cards} -> spend {self.spent}, {self.left} left; {crowns}, +{self.influence} influence"

    def to_json(self) -> dict[str, Any]:
        return {"cards": [{"name": b.card.name, "row": b.row, "position": b.position,
                           "price": b.price, "crowns": b.card.crowns,
                           "influence": b.card.influence} for b in self.buys],
                "spent": self.spent, "left": self.left, "crowns": self.crowns,
                "influence": self.influence, "maximal": self.maximal}


@dataclass(frozen=True, slots=True)
class BuyPlan:
    influence: int
    purchases: tuple[Purchase, ...]
    notes: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"influence": self.influence, "purchases": [p.to_json() for p in self.purchases],
                "notes": list(self.notes), "cite": CITE_BUY}


def short_repr(value: object, limit: int = 24) -> str:
    """``repr(value)`` cut to ``limit`` characters (a mistyped score or influence may have hundreds of
    digits)."""
    try:
        text = repr(value)
    except ValueError:  # an int of thousands of digits, which Python will not write out
        return "a number of thousands of digits"
    return text if len(text) <= limit else text[:limit] + "…"


def check_influence(influence: object) -> int:
    """``influence`` if the planner plans for it (a whole number 0..:data:`MAX_INFLUENCE`); else a
    :class:`RuleError` quoting it (the page turns Plan purchases off with it, before the click)."""
    if isinstance(influence, bool) or not isinstance(influence, int) or not 0 <= influence <= MAX_INFLUENCE:
        raise RuleError(f"influence must be a whole number 0 to {MAX_INFLUENCE}, not {short_repr(influence)}",
                        suggestion=f"A hand is five cards; the companion plans up to {MAX_INFLUENCE} "
                                   "influence (five cards of 999)")
    return influence


def plan_purchases(influence: int, court: Court, *, by: str = "crowns", maximal_only: bool = False,
                   dig: bool = True) -> BuyPlan:
    """Every affordable non-empty purchase, best first by ``crowns``, ``influence`` or ``spent``.

    ``dig``: buying a stack's top reveals the card below, which may then be bought too.
    ``maximal_only`` drops purchases to which another affordable card could be added.
    """
    check_influence(influence)
    if by not in SORTS:
        raise RuleError(f"cannot sort purchases by {by!r}", expected=" / ".join(SORTS))
    positions = court.positions()
    found: list[Purchase] = []
    notes = ["Back-row cards cost 2 more; only the top card of a stack can be bought."]
    demo = court.demo_note()
    if demo:
        notes.append(demo)
    combos = 1
    for _row, _pos, stack in positions:
        combos *= len(stack) + 1
    if dig and combos > MAX_COMBINATIONS:
        dig = False
        notes.append("The stacks are too tall to try every way of digging into them: only the top "
                     "cards are planned (buy a top card, then plan again).")

    def next_price(i: int, depth: int) -> int | None:
        row, _pos, stack = positions[i]
        limit = len(stack) if dig else min(1, len(stack))
        if depth >= limit:
            return None
        return price(stack[len(stack) - 1 - depth], row)

    def walk(i: int, budget: int, chosen: list[Buy], depths: list[int]) -> None:
        if i == len(positions):
            if chosen:
                left = budget
                maximal = all((p := next_price(j, depths[j])) is None or p > left
                              for j in range(len(positions)))
                found.append(Purchase(tuple(chosen), influence - left, left,
                                      sum(b.card.crowns for b in chosen),
                                      sum(b.card.influence for b in chosen), maximal))
            return
        row, pos, stack = positions[i]
        limit = len(stack) if dig else min(1, len(stack))
        taken: list[Buy] = []
        spent = 0
        depths.append(0)
        walk(i + 1, budget, chosen, depths)
        for depth in range(1, limit + 1):
            card = stack[len(stack) - depth]
            spent += price(card, row)
            if spent > budget:
                break
            taken.append(Buy(row, pos, card, price(card, row)))
            depths[-1] = depth
            walk(i + 1, budget - spent, chosen + taken, depths)
        depths.pop()

    walk(0, influence, [], [])
    if maximal_only:
        found = [p for p in found if p.maximal]
    keys = {  # (see TIE_BREAKS: spending more first on a tie, since unused influence is wasted)
        "crowns": lambda p: (-p.crowns, -p.influence, -p.spent, len(p.buys)),
        "influence": lambda p: (-p.influence, -p.crowns, -p.spent, len(p.buys)),
        "spent": lambda p: (-p.spent, -p.crowns, -p.influence, len(p.buys)),
    }
    found.sort(key=keys[by])
    if not found:
        notes.append("Nothing here is affordable: you must reveal the top card of the Court deck, "
                     "then buy it or cover a card in the front row.")
    notes.append(f"Unused influence is wasted. Best by {by} first; {TIE_BREAKS[by]}.")
    return BuyPlan(influence, tuple(found), tuple(notes))
