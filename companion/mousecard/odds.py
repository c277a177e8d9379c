"""Exact odds of a Mouse Card task check, by dynamic programming over the deck's composition.

The rules (mouse-card-system.txt, Task checks, How to draw cards, special effects, Fate
Chips; rules README, The Mouse Card system):

- draw up to *skill* cards; each card at or above the target rank is one success;
- Bad cards depend on the situation (see :mod:`.situations`); a bad card never negates
  successes. Drawing cautiously (one at a time) stops at the first bad card; going for
  broke (all at once) every bad card takes effect and successes still count;
- a joker reshuffles the deck (every drawn card goes back) each time it is drawn;
- a king lets the player draw one more card;
- an ace is a success and adds one more success or cancels one bad card; a fate chip
  does the same.

House interpretations (all reported with each result; the choices are parameters, as
the rules README asks of a house interpretation):

1. ``bad_succeeds`` (default on): a bad card that also reaches the target still counts as
   its success (off: a bad card is never a success).
2. ``cancel_draws_on`` (default on): a cancelled bad card has no effect at all, so in
   cautious mode drawing may go on (off: a bad card ends a cautious draw even when
   cancelled; the aces and chips are then spent at the end, as going for broke).
3. Going for broke draws the *skill* cards as one hand (without replacement); a joker in
   the hand reshuffles the deck after the hand is resolved, so it only affects the
   kings' extra cards. Kings' extra cards come after the hand, one at a time (a joker
   among them reshuffles at once); a bad extra card takes effect too. None is drawn
   after a bad card, in the hand or among them: the book's "no more cards this round"
   (Task checks; bonuses are spent at the end, so the bad card is still in effect).
4. ``stop_when_sure`` (default on): a player who is already sure to succeed (counting
   unspent aces and the fate chips they are willing to spend) draws no further card.
5. An empty deck is reshuffled before the next draw; a deck smaller than a broke hand
   is reshuffled before the hand.

Policies (``kings``, ``bonus``) default to the choice that maximises the chance of
success. ``bonus="best"`` is exactly optimal and myopic: stopping at a bad card settles
the check (success iff successes + bonuses >= need, a bad ace's own extra success
included), so cancelling is better iff stopping would fail, and a cancel that still
leaves the check certain is always taken (fewer bad cards in effect for the same
chance). The choices see the player's state only, never the deck: ``kings="best"`` takes
a king's card while the player is not yet sure (even where no card left could make the
need), and a player whose stop succeeds stops even where cancelling and drawing on would
also be certain (which only the deck could tell).

Computation: dynamic programming over the state (deck composition by category, draws
left, successes, unspent ace bonuses, chips left, bad cards). Categories are
(ace/king/joker/plain, succeeds?, bad?), so a deck is at most 8 counts. A broke hand is a
multivariate hypergeometric (products of binomials). The player's moves depend on the
player's state only (never on the deck), so they are tabulated once per player state and
shared by every deck composition. Probabilities are exact rationals
kept as integer numerators over ``L**e`` (L = lcm(1..54), so each draw's c/m is exact),
which makes merging states one integer addition; they become
:class:`~fractions.Fraction` at the end, and results are memoised (``lru_cache``).
Orderings are never enumerated and nothing is sampled.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .. import cite, interrupt
from ..errors import CompanionError
from ..probability import share
from ..verdict import plural
from .deck import ACE, FULL_DECK, JACK, JOKER, KING, RANK_LABELS, PlayingCard, parse_rank
from .situations import RED_BAD_LABELS, BadRule, parse_situation

MODES: tuple[str, ...] = ("cautious", "broke")
KING_POLICIES: tuple[str, ...] = ("best", "always", "never")
BONUS_POLICIES: tuple[str, ...] = ("best", "success", "cancel")
MAX_SKILL = 20
MAX_NEED = 20
MAX_CHIPS = 20

CITES: tuple[str, ...] = (
    cite("mousecard", "Task checks"),
    cite("mousecard", "How to draw cards"),
    cite("mousecard", "How to draw cards, special effects (Jokers, Kings, Aces)"),
    cite("mousecard", "Fate Chips"),
)
#: Where the book works out its one number, "J, Q, K, A -> 16:38": one card of the full deck succeeding
#: "face cards or better" (:attr:`CheckOdds.book_odds`; the rules README, The Mouse Card system).
BOOK_ODDS = "16:38"
BOOK_ODDS_CITE = cite("mousecard", f"opening paragraph (J, Q, K, A -> {BOOK_ODDS})")
HOUSE_NOTES: dict[str, str] = {
    "bad-success": "house interpretation (bad_succeeds): a bad card at or above the target still counts "
                   "as a success",
    "bad-no-success": "house interpretation (bad_succeeds off): a bad card never counts as a success",
    "cancel": "house interpretation (cancel_draws_on): a cancelled bad card has no effect; in cautious "
              "mode drawing goes on",
    "cancel-ends": "house interpretation (cancel_draws_on off): a bad card ends a cautious draw even "
                   "when cancelled; aces and chips are spent at the end",
    "broke-joker": "house interpretation: going for broke, the skill cards are one hand; a joker in it "
                   "reshuffles after the hand, before any king's extra card",
    "broke-kings": "house interpretation: a king's extra card is drawn after the hand, one at a time; "
                   "none follows a bad card (the book: no more cards this round)",
    "broke-cancel": "going for broke, aces and fate chips are spent after the hand, so a bad card ends "
                    "it even when cancelled (no king's card follows it): cancel_draws_on has no effect "
                    "here",
    "no-bad": "bad_succeeds and cancel_draws_on have no effect here: no card is bad in this situation",
    "empty": "house interpretation: a deck that runs out during the check is reshuffled before the next "
             "card (one smaller than a broke hand, before the hand)",
}
#: The player's choices (the book leaves them open), stated with every result.
POLICY_NOTES: dict[tuple[str, str | bool], str] = {
    ("kings", "best"): "policy: a king's extra card is taken while the player is not yet sure to succeed",
    ("kings", "always"): "policy: every king's extra card is taken",
    ("kings", "always-sure"): "policy: every king's extra card is taken, which is the same as 'best' here: a "
                              "player sure to succeed stops drawing (see draw_all)",
    ("kings", "never"): "policy: no king's extra card is taken",
    ("bonus", "best"): "policy: aces and fate chips go where they most raise the chance of success; "
                       "those it does not need cancel bad cards, even when success is already sure (a bad "
                       "card takes effect on a success too, so 'expected fate chips used' counts them), and "
                       "the rest add successes",
    ("bonus", "cancel"): "policy: aces and fate chips cancel bad cards first, then make up a missing success",
    ("bonus", "success"): "policy: aces and fate chips only add successes, never cancel a bad card",
    ("stop_when_sure", True): "policy: a player already sure to succeed (aces and chips counted) draws no "
                              "more cards",
    ("stop_when_sure", False): "policy: the player draws every card, even when already sure to succeed",
}
#: Each choice of a check's options that take one (``mode``, the policies, the house reading
#: ``red_bad``) in a few words, in the order a menu offers them: the page's controls say these, so a
#: new choice is labelled here, beside its option, or nowhere.
CHOICE_LABELS: dict[str, dict[str, str]] = {
    "mode": {"cautious": "Cautious (one at a time)", "broke": "Go for broke (all at once)"},
    "kings": {"best": "while not yet sure (best)", "always": "always", "never": "never"},
    "bonus": {"best": "where they help most (best)", "cancel": "cancel bad cards first",
              "success": "successes only"},
    "red_bad": RED_BAD_LABELS,
}
#: A check's yes/no options (the player's choice ``stop_when_sure`` and the two house readings) as a
#: box to tick says them.
OPTION_LABELS: dict[str, str] = {
    "stop_when_sure": "Stop drawing once sure to succeed",
    "bad_succeeds": "A bad card can still be a success",
    "cancel_draws_on": "A cancelled bad card lets the draw go on",
}

#: The highest skill whose odds of drawing anyway (:func:`drawing_anyway`) are worked out: up to it
#: every such check is quick (measured: at most 0.12 s at skill 10, over 8,512 checks with bad cards
#: whose fate chips alone make the need, every target, need, mode, kings and bonus policy, full and
#: partial decks); above it one can take seconds (2.2 s at skill 16, 16.7 s at skill 20), so none is
#: given there.
ANYWAY_MAX_SKILL = 10
#: What P(a bad card) says beside :func:`drawing_anyway`'s odds (the fate chips alone make the need).
NO_CARD_DRAWN = "no card is drawn: the fate chips alone succeed"
#: What the odds of drawing anyway are, as the text odds and the page say it.
DRAWN_ANYWAY = "a player who draws the cards even so: the same check drawing on when sure"
#: What the text odds and the page say of drawing anyway above :data:`ANYWAY_MAX_SKILL`
#: (:func:`anyway_untold`).
ANYWAY_UNTOLD = (f"not worked out above skill {ANYWAY_MAX_SKILL} (it can take many seconds): the same check "
                 "drawing on when sure gives them")

#: Use the compiled engine (:mod:`.passes`) for large checks; the plain one is the reference.
VECTORISED = True
#: States the plain engine may expand (a cautious check, or a broke hand's extra cards) before
#: the compiled engine takes over (about 5 µs each: a few ms; measured crossover in
#: benchmarks/bench_mousecard.py).
PLAIN_BUDGET = 400

_L = math.lcm(*range(1, len(FULL_DECK) + 1))  # every deck size divides it

Category = tuple[str, bool, bool]  # (kind, succeeds, bad); kind in ace/king/joker/plain


def _check_int(name: str, value: object, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        # (the range and the value are in the sentence: no "(expected ...; found ...)" to say them again)
        raise CompanionError(f"{name} must be a whole number from {lo} to {hi}, not {value!r}", where=name)
    return value


def _check_choice(name: str, value: object, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise CompanionError(f"unknown {name} {value!r}", where=name, expected=" or ".join(choices))
    return str(value)


@dataclass(frozen=True, slots=True)
class TaskCheck:
    """One task check as the game master calls it. ``target`` accepts ``"J"`` or 11."""

    skill: int
    target: int | str
    need: int = 1
    situation: str = "calm"
    aged: int = 0
    disadvantage: int = 0
    mode: str = "cautious"
    fate_chips: int = 0
    kings: str = "best"
    bonus: str = "best"
    red_bad: str = "joker"
    stop_when_sure: bool = True
    bad_succeeds: bool = True
    cancel_draws_on: bool = True

    def __post_init__(self) -> None:
        _check_int("skill", self.skill, 1, MAX_SKILL)
        target = self.target if isinstance(self.target, int) and not isinstance(self.target, bool) \
            else parse_rank(self.target)
        if not 2 <= target <= ACE:
            raise CompanionError(f"not a rank: {self.target!r}", where="target",
                                 expected="one of 2, 3, ..., 10, J, Q, K, A")
        object.__setattr__(self, "target", target)
        _check_int("need", self.need, 1, MAX_NEED)
        object.__setattr__(self, "situation", parse_situation(self.situation))
        _check_int("fate_chips", self.fate_chips, 0, MAX_CHIPS)
        _check_choice("mode", self.mode, MODES)
        _check_choice("kings", self.kings, KING_POLICIES)
        _check_choice("bonus", self.bonus, BONUS_POLICIES)
        for name in ("stop_when_sure", "bad_succeeds", "cancel_draws_on"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise CompanionError(f"{name} must be true or false, not {value!r}", where=name,
                                     expected="True or False")
        self.bad_rule()  # validates aged, disadvantage, red_bad

    def bad_rule(self) -> BadRule:
        return BadRule(self.situation, self.aged, self.disadvantage, self.red_bad)

    @property
    def target_label(self) -> str:
        return RANK_LABELS[int(self.target)]

    def category(self, card: PlayingCard, rule: BadRule | None = None) -> Category:
        rule = rule or self.bad_rule()
        kind = {ACE: "ace", KING: "king", JOKER: "joker"}.get(card.rank, "plain")
        bad = rule.is_bad(card)
        return (kind, card.rank >= int(self.target) and (self.bad_succeeds or not bad), bad)

    #: The player's choices and chips (what a live draw's check leaves to the table).
    POLICY_FIELDS = ("fate_chips", "kings", "bonus", "stop_when_sure")

    def to_json(self, *, policies: bool = True) -> dict[str, Any]:
        """The check as ``odds --json`` gives it (``policies`` off: without :data:`POLICY_FIELDS`)."""
        out = {"skill": self.skill, "target": self.target_label, "need": self.need,
               "situation": self.situation, "aged": self.aged, "disadvantage": self.disadvantage,
               "mode": self.mode, "fate_chips": self.fate_chips, "kings": self.kings, "bonus": self.bonus,
               "red_bad": self.red_bad, "stop_when_sure": self.stop_when_sure,
               "bad_succeeds": self.bad_succeeds, "cancel_draws_on": self.cancel_draws_on}
        return out if policies else {k: v for k, v in out.items() if k not in self.POLICY_FIELDS}

    def describe(self) -> str:
        parts = [f"skill {self.skill}", f"{self.target_label} or better"]
        if self.need > 1:
            parts.append(f"{self.need} successes")
        parts += [self.situation, self.mode]
        if self.aged:
            parts.append(f"Aged {self.aged}")
        if self.disadvantage:
            parts.append(f"disadvantage {self.disadvantage}")
        if self.fate_chips:
            parts.append(plural(self.fate_chips, "fate chip"))
        # the choices, where not the default
        parts += [x for x in (f"kings {self.kings}" if self.kings != "best" else "",
                              f"bonus {self.bonus}" if self.bonus != "best" else "",
                              "all red cards bad" if self.red_bad == "all" and self.situation == "red-bad"
                              else "",
                              "" if self.stop_when_sure else "draws on when sure") if x]
        if not self.bad_succeeds:
            parts.append("a bad card is no success")
        if not self.cancel_draws_on and self.mode == "cautious":  # (a broke hand: see its note)
            parts.append("a cancelled bad card ends the draw")
        return ", ".join(parts)


def _fmt(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


@dataclass(frozen=True)
class CheckOdds:
    """Exact outcome of a task check. Probabilities are Fractions; distributions are (value, P)."""

    check: TaskCheck
    p_success: Fraction
    successes: tuple[tuple[int, Fraction], ...]
    bad: tuple[tuple[int, Fraction], ...]
    expected_cards: Fraction
    expected_chips: Fraction
    expected_cancelled: Fraction
    deck_size: int
    succeeding_cards: int
    bad_cards: tuple[str, ...]
    notes: tuple[str, ...] = ()
    cites: tuple[str, ...] = field(default=CITES)
    #: P(success) of the same check with no fate chips, given when the chips alone make the need
    #: (then the player draws no card, and the draw's own chance would not show otherwise)
    p_cards_alone: Fraction | None = None

    @property
    def p_bad(self) -> Fraction:
        """P(one or more bad cards in effect, i.e. not cancelled)."""
        return sum((p for n, p in self.bad if n >= 1), Fraction(0))

    @property
    def p_several_bad(self) -> Fraction:
        """P(two or more bad cards in effect at once: the book's magnified result)."""
        return sum((p for n, p in self.bad if n >= 2), Fraction(0))

    @property
    def single_card_odds(self) -> str:
        """Succeeding cards : the rest, in the deck the first card comes from (the book's "16:38"
        for J or better; an empty deck, or one smaller than a broke hand, is reshuffled first)."""
        return f"{self.succeeding_cards}:{self.deck_size - self.succeeding_cards}"

    @property
    def book_odds(self) -> bool:
        """Whether :attr:`single_card_odds` is the book's own worked number, "J, Q, K, A -> 16:38": a
        target of J and a first card from the full 54-card deck (:data:`BOOK_ODDS_CITE`)."""
        return (int(self.check.target) == JACK and self.deck_size == len(FULL_DECK)
                and self.single_card_odds == BOOK_ODDS)

    @property
    def cited(self) -> tuple[str, ...]:
        """The rule-book sections this result cites: :attr:`cites`, after the book's opening paragraph
        where the single card odds are its worked "16:38" (:attr:`book_odds`)."""
        return (BOOK_ODDS_CITE, *self.cites) if self.book_odds else self.cites

    @property
    def said_notes(self) -> tuple[str, ...]:
        """The notes a result says (:attr:`notes`, its house readings and policies), then, where the check
        needs more successes than its skill draws cards, that one draw makes them only by aces, kings and
        fate chips, and that the book lets such a task take several turns (Task checks): these odds are
        of one draw."""
        c = self.check
        if c.need <= c.skill:
            return self.notes
        return (*self.notes,
                f"{plural(c.need, 'success', 'successes')} needed from a skill of {c.skill}: one draw makes "
                "them only with aces' extra successes, kings' extra cards or fate chips; the book lets such "
                "a task be attempted over several turns, each drawing up to the skill (Task checks), and "
                "these are the odds of one draw")

    @property
    def single_card_text(self) -> str:
        """The single card odds as the text odds and the page say them: "16:38 in a 54-card deck", then
        ", as the book gives it" where they are the book's worked number (:attr:`book_odds`)."""
        return (f"{self.single_card_odds} in a {self.deck_size}-card deck"
                + (", as the book gives it" if self.book_odds else ""))

    def to_json(self) -> dict[str, Any]:
        return {
            "check": self.check.to_json(),
            "p_success": float(self.p_success),
            "p_success_exact": _fmt(self.p_success),
            **({} if self.p_cards_alone is None else
               {"p_success_cards_alone": float(self.p_cards_alone),
                "p_success_cards_alone_exact": _fmt(self.p_cards_alone)}),
            "p_bad": float(self.p_bad),
            "p_bad_exact": _fmt(self.p_bad),
            "p_several_bad": float(self.p_several_bad),
            "p_several_bad_exact": _fmt(self.p_several_bad),
            "successes": {str(n): {"p": float(p), "exact": _fmt(p)} for n, p in self.successes},
            "bad_in_effect": {str(n): {"p": float(p), "exact": _fmt(p)} for n, p in self.bad},
            "expected_cards": float(self.expected_cards),
            "expected_cards_exact": _fmt(self.expected_cards),
            "expected_chips_spent": float(self.expected_chips),
            "expected_chips_spent_exact": _fmt(self.expected_chips),
            "expected_bad_cancelled": float(self.expected_cancelled),
            "expected_bad_cancelled_exact": _fmt(self.expected_cancelled),
            "deck_size": self.deck_size,
            "single_card_odds": self.single_card_odds,
            "bad_cards": list(self.bad_cards),
            "notes": list(self.said_notes),
            "cites": list(self.cited),
        }

    def _shown_successes(self) -> tuple[list[tuple[int, Fraction]], Fraction]:
        """The counts of successes :meth:`successes_text` lists one by one, and the chance of the tail
        it folds into one entry (under 0.05% in all)."""
        shown = list(self.successes)
        tail: Fraction = Fraction(0)
        while len(shown) > 1 and tail + shown[-1][1] < Fraction(1, 2000):
            tail += shown.pop()[1]
        return shown, tail

    def successes_text(self, sep: str = "  ") -> str:
        """The distribution of successes; a long tail too small to show (under 0.05% in all)
        is one entry, "n+", so that drawing on past the need does not print twenty 0.0%."""
        shown, tail = self._shown_successes()
        parts = [f"{n}: {share(p)}" for n, p in shown]
        if tail:
            parts.append(f"{self.successes[len(shown)][0]}+: <0.1%")
        return sep.join(parts)

    def successes_counted(self) -> str:
        """What the successes count besides the cards' own, as the page and the text odds say it after
        them: those aces add (Aces), and fate chips when the check has some to spend; and a
        count no outcome ends on, which the list skips ("exactly 2 never happens": a chip spent to make
        the need jumps over it), so that the skip reads as meant."""
        shown, _tail = self._shown_successes()
        counts = {n for n, _p in shown}
        skipped = [str(n) for n in range(min(counts), max(counts)) if n not in counts]
        spent = "aces" + (" and fate chips" if self.check.fate_chips else "")
        which = " or ".join(filter(None, (", ".join(skipped[:-1]), *skipped[-1:])))
        return f"counting the successes {spent} add" + (f": exactly {which} never happens" if skipped else "")

    def risk_text(self) -> str:
        """The check's risk in one line: "P(a bad card) 23.0%, P(several bad) 5.6%, expected cards
        3.00" (what :meth:`lines` and the page say of a player who draws anyway, :func:`drawing_anyway`)."""
        return (f"P(a bad card) {share(self.p_bad)}, P(several bad) {share(self.p_several_bad)}, "
                f"expected cards {float(self.expected_cards):.2f}")

    def lines(self, anyway: CheckOdds | None = None) -> list[str]:
        """Plain-text report for the CLI and the notebook. ``anyway``: the odds of a player who draws
        although the fate chips alone make the need (:func:`drawing_anyway`), said after P(a bad card)."""
        untold = anyway is None and anyway_untold(self.check)  # (above skill 10: said, not worked out)
        drawn = anyway is None and not untold  # (cards drawn: else the fate chips alone succeed)
        bad_said = f"(in effect: not cancelled{'' if drawn else f'; {NO_CARD_DRAWN}'})"
        out = [f"Task check: {self.check.describe()}",
               _row("P(success)", f"{share(self.p_success)}  (exact {_fmt(self.p_success)})"),
               *([] if self.p_cards_alone is None else
                 [_row("from the cards", f"{share(self.p_cards_alone)}  (the draw's own chance: "
                                         "the same check with no fate chips)")]),
               _row("one card succeeds", self.single_card_text),
               _row("P(a bad card)", f"{share(self.p_bad)}  {bad_said}"),
               *([_row("if drawn anyway", ANYWAY_UNTOLD)] if untold
                 else [] if anyway is None
                 else [_row("if drawn anyway", f"{anyway.risk_text()}  ({DRAWN_ANYWAY})")]),
               _row("P(several bad)", share(self.p_several_bad)),
               *([_row("bad cards cancelled", f"{float(self.expected_cancelled):.2f} expected")]
                 if self.expected_cancelled else []),
               _row("expected cards", f"{float(self.expected_cards):.2f}"),
               _row("successes", f"{self.successes_text()}  ({self.successes_counted()})"),
               _row("bad cards", ", ".join(self.bad_cards) or "none")]
        if self.check.fate_chips:
            out.append(_row("expected fate chips used", f"{float(self.expected_chips):.2f}"))
        out += [f"  note: {n}" for n in self.said_notes]
        out += [f"  ({c})" for c in self.cited]
        return out


#: The labels of the rows of :meth:`CheckOdds.lines` (the words the page and the policy note use too): the
#: column they stand in is as wide as the longest, so that every row's value lines up.
TEXT_LABELS = ("P(success)", "from the cards", "one card succeeds", "P(a bad card)", "if drawn anyway",
               "P(several bad)", "bad cards cancelled", "expected cards", "successes", "bad cards",
               "expected fate chips used")
LABEL_WIDTH = max(map(len, TEXT_LABELS))


def _row(label: str, value: str) -> str:
    """A row of the text odds: ``label`` (one of :data:`TEXT_LABELS`) in its column, then ``value``."""
    return f"  {label:<{LABEL_WIDTH}} {value}"


# -- the engine ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Setup:
    need: int
    chips: int
    bonus: str
    kings: str
    stop: bool
    cancel_draws_on: bool  # a cancelled bad card lets a cautious draw go on (as TaskCheck)
    info: tuple[Category, ...]
    full: tuple[int, ...]
    king_idx: tuple[int, ...]

    @property
    def full_kings(self) -> int:
        """The kings in the full deck (each one taken gives its draw back)."""
        return sum(self.full[k] for k in self.king_idx)


@lru_cache(maxsize=4096)
def _finalize(need: int, chips: int, bonus: str, s: int, ab: int, ch: int, bad: int, lone_ace: bool
              ) -> tuple[tuple[int, int, int], int]:
    """Spend what is left at the end of a check.

    ``lone_ace``: the only ace is also the only bad card; an ace cancels *another* card
    (mouse-card-system.txt, How to draw cards, special effects: Aces), so it cannot cancel itself.
    Returns ((successes, bad in effect, chips spent in the whole check), bad cards cancelled now).
    """
    spent, canc = chips - ch, 0

    def cancel(bad: int, ab: int, ch: int, spent: int, canc: int) -> tuple[int, int, int, int, int]:
        k = 0 if lone_ace else min(bad, ab)  # aces first: they cost nothing
        bad, ab, canc = bad - k, ab - k, canc + k
        k = min(bad, ch)
        return bad - k, ab, ch - k, spent + k, canc + k

    if bonus == "best":
        gap = max(0, need - s)
        if ab + ch >= gap:  # reach the need first (aces before chips), then cancel, then extra successes
            use_ab = min(ab, gap)
            s, ab, ch, spent = s + gap, ab - use_ab, ch - (gap - use_ab), spent + gap - use_ab
        bad, ab, ch, spent, canc = cancel(bad, ab, ch, spent, canc)
        s += ab
    elif bonus == "cancel":
        bad, ab, ch, spent, canc = cancel(bad, ab, ch, spent, canc)
        s += ab
        gap = need - s
        if 0 < gap <= ch:
            s, spent = s + gap, spent + gap
    else:  # "success": never cancel; chips only when they make the check succeed
        s += ab
        gap = need - s
        if 0 < gap <= ch:
            s, spent = s + gap, spent + gap
    return (s, bad, spent), canc


def _take_king(st: _Setup, s: int, ab: int, ch: int) -> bool:
    if st.kings == "never":
        return False
    return st.kings == "always" or s + ab + ch < st.need


#: (deck, draws left, successes, ace bonuses, chips, bad cards, bad aces)
State = tuple[tuple[int, ...], int, int, int, int, int, int]
Mass = list[int]  # [numerator, e]: the probability numerator / (base * L**e)

_POWS: dict[int, list[int]] = {}  # L -> [1, L, L**2, ...]


def _pow(e: int, per_draw: int = _L) -> int:
    pw = _POWS.get(per_draw)
    if pw is None:
        pw = _POWS[per_draw] = [1]
    while len(pw) <= e:
        pw.append(pw[-1] * per_draw)
    return pw[e]


def _add(d: dict[Any, Mass], key: Any, w: int, e: int, per_draw: int = _L) -> None:
    """Add w / L**e to d[key], keeping one exponent per entry (the larger one)."""
    cur = d.get(key)
    if cur is None:
        d[key] = [w, e]
    elif cur[1] == e:
        cur[0] += w
    elif cur[1] < e:
        cur[0] = cur[0] * _pow(e - cur[1], per_draw) + w
        cur[1] = e
    else:
        cur[0] += w * _pow(cur[1] - e, per_draw)


class _WiderBase(Exception):
    """A deck size met does not divide the per-draw denominator chosen (see :func:`_per_draw`)."""


def _per_draw(first: int, reach: int) -> int:
    """The per-draw denominator L: the lcm of every deck size a card can be drawn from one at a time.

    ``first``: the size of the deck the first card comes from; ``reach``: the most cards
    drawn between two reshuffles. A full-deck check of skill 10 only draws from 41 to 54
    cards, so L = lcm(41..54) (57 bits) instead of lcm(1..54) (75 bits): shorter integers.
    """
    full = len(FULL_DECK)
    lo = min(first, full) - reach + 1
    return math.lcm(*range(lo, full + 1)) if lo >= 2 else _L


@dataclass
class _Acc:
    """Exact outcome masses: integer numerators over ``base * L**e`` (see :func:`_sequential`).

    Only what a result reports is kept: the distribution of successes, the distribution of
    bad cards in effect, and linear totals. The joint outcome is never needed, and keeping
    the two distributions apart lets the compiled engine sum far fewer products.
    """

    per_draw: int = _L  # L: a multiple of every deck size a card is drawn from (see :func:`_per_draw`)
    successes: dict[int, Mass] = field(default_factory=dict)  # successes at the end -> mass
    bad: dict[int, Mass] = field(default_factory=dict)  # bad cards in effect at the end -> mass
    sums: dict[str, Mass] = field(default_factory=dict)  # "cards", "cancelled", "chips": linear totals

    def end(self, st: _Setup, w: int, e: int, s: int, ab: int, ch: int, bad: int, bace: int = 0) -> None:
        lone_ace = ab == bad == bace == 1
        (fs, fbad, spent), canc = _finalize(st.need, st.chips, st.bonus, s, ab, ch, bad, lone_ace)
        self.outcome(w, e, fs, fbad, spent, canc)

    def outcome(self, w: int, e: int, s: int, bad: int, spent: int, cancelled: int) -> None:
        """Add mass w / (base * L**e) that ends with s successes, ``bad`` bad cards in effect,
        ``spent`` chips spent and ``cancelled`` bad cards cancelled at the end."""
        _add(self.successes, s, w, e, self.per_draw)
        _add(self.bad, bad, w, e, self.per_draw)
        if spent:
            _add(self.sums, "chips", w * spent, e, self.per_draw)
        if cancelled:
            _add(self.sums, "cancelled", w * cancelled, e, self.per_draw)

    def end_code(self, st: _Setup, w: int, e: int, code: int) -> None:
        """:meth:`end` for an end packed as in :func:`_moves` (successes, aces, chips, bad, bad aces)."""
        m = (1 << _B) - 1
        self.end(st, w, e, (code >> 4 * _B) & m, (code >> 3 * _B) & m, (code >> 2 * _B) & m,
                 (code >> _B) & m, code & m)

    def reset(self, per_draw: int) -> None:
        """Forget every outcome (an engine gave up part way) and use ``per_draw`` again."""
        self.successes.clear()
        self.bad.clear()
        self.sums.clear()
        self.per_draw = per_draw


def _phi(st: _Setup, comp: tuple[int, ...], left: int) -> int:
    """A potential every draw lowers (a king keeps ``left`` but leaves the deck; a joker costs a draw)."""
    return 5 * left + sum(comp[i] for i in st.king_idx)


_B = 8  # bits per small field of a packed state key (every field stays below 256)
_CB = 6  # bits per category count in a packed deck (a count is at most 54)
_EB = 16  # bits for the exponent in a packed end key

#: One player state's moves, one entry per kind of outcome (see :func:`_moves`): (ends by one
#: category: ((end code << _EB, category), ...), ends by several: ((end code << _EB, categories),
#: ...), draws on: ((category, key delta, potential drop), ...), jokers: ((category, new key with a
#: full deck, new potential), ...), categories that cancel a bad card)
Moves = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, tuple[int, ...]], ...],
              tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...], tuple[int, ...]]


def _moves(st: _Setup, pl: int, broke: bool) -> Moves:
    """What drawing each category does to the player part ``pl`` of a packed state.

    The player's choices (cancel or not, take a king's card or not, stop when sure) depend
    only on draws left, successes, ace bonuses, chips and bad cards, never on the deck, so
    they are worked out once per player state and shared by every deck composition.
    """
    fmask = (1 << _B) - 1
    left, s, ab = (pl >> 5 * _B) & fmask, (pl >> 4 * _B) & fmask, (pl >> 3 * _B) & fmask
    ch, bad0, bace0 = (pl >> 2 * _B) & fmask, (pl >> _B) & fmask, pl & fmask
    need, bonus = st.need, st.bonus
    take_always, take_never = st.kings == "always", st.kings == "never"
    full_kings = st.full_kings
    small = 6 * _B
    ends: dict[int, list[int]] = {}
    conts: list[tuple[int, int, int]] = []
    jokers: list[tuple[int, int, int]] = []
    canc: list[int] = []
    for i, (kind, succeeds, isbad) in enumerate(st.info):
        succ, is_ace = int(succeeds), int(kind == "ace")
        ns, nab, nch, nbad, nbace, nleft = s + succ, ab + is_ace, ch, bad0, bace0, left - 1
        ended = False
        if isbad:
            if broke:
                # a king's extra card that is bad takes effect (bonuses are spent at the end),
                # and no card follows it (mouse-card-system.txt, Task checks: after a bad card
                # the player may not draw any more cards this round)
                nbad += 1
                nbace += is_ace
                ended = True
            else:
                own = nab - is_ace  # an ace cannot cancel itself...
                b = own + nch
                total = nab + nch  # ...but its extra success still counts (special effects: Aces)
                if bonus == "success" or not st.cancel_draws_on:
                    cancel = False  # (a bad card ends the draw anyway: bonuses are spent at the end)
                elif bonus == "cancel":
                    cancel = b > 0
                elif b > 0 and ns + total - 1 >= need:
                    cancel = True   # still certain after cancelling
                elif ns + total >= need:
                    cancel = False  # stopping here succeeds for sure
                else:
                    cancel = b > 0  # stopping would fail: cancel and draw on
                if not cancel:
                    ended, nbad, nbace = True, 1, is_ace
                else:
                    if own:
                        nab -= 1
                    else:
                        nch -= 1
                    canc.append(i)
        if not ended:
            if kind == "king" and not take_never and (take_always or ns + nab + nch < need):
                nleft += 1
            ended = nleft == 0 or (st.stop and ns + nab + nch >= need)
        if ended:
            code = (ns << 4 * _B) | (nab << 3 * _B) | (nch << 2 * _B) | (nbad << _B) | nbace
            ends.setdefault(code, []).append(i)
            continue
        if max(nleft, ns, nab, nch, nbad, nbace) > fmask:  # pragma: no cover - inputs are capped
            raise CompanionError("check too large to compute")
        npl = (nleft << 5 * _B) | (ns << 4 * _B) | (nab << 3 * _B) | (nch << 2 * _B) | (nbad << _B) | nbace
        if kind == "joker":
            jokers.append((i, (sum(c << (_CB * j) for j, c in enumerate(st.full)) << small) | npl,
                           5 * nleft + full_kings))
        else:
            conts.append((i, npl - pl - (1 << (_CB * i + small)), 5 * (left - nleft) + (kind == "king")))
    return (tuple((code << _EB, idx[0]) for code, idx in ends.items() if len(idx) == 1),
            tuple((code << _EB, tuple(idx)) for code, idx in ends.items() if len(idx) > 1),
            tuple(conts), tuple(jokers), tuple(canc))


class _OverBudget(Exception):
    """The plain engine met more states than it was allowed (see :func:`_cautious`)."""


def _sequential(st: _Setup, init: dict[State, Mass], acc: _Acc, broke: bool, budget: int = 0) -> None:
    """Draw one card at a time from every state until each check ends.

    ``budget``: give up (:class:`_OverBudget`) after expanding that many states (0: never;
    a negative budget gives up at once, which the tests use to reach the compiled engine).

    A draw of one of c cards from a deck of m multiplies the mass by c * (L // m) and
    the denominator by L (L = lcm(1..54), so this is exact in integers). States are
    expanded in decreasing :func:`_phi`, so a state reached by different paths (e.g.
    the same reshuffle after 3 or after 5 cards) is merged and expanded once: this is
    the dynamic programme over the deck's composition. For speed a state is packed into
    one integer: the deck's counts (6 bits each) then draws left, successes, ace
    bonuses, chips, bad cards and bad aces (8 bits each); the player's moves for each
    player part (:func:`_moves`) and the counts and L // m for each deck are worked out
    once and looked up. Exits are summed per outcome and exponent, with the categories
    that lead to the same outcome added up before the one big multiplication.
    """
    ncat = len(st.info)
    shifts = [_CB * i for i in range(ncat)]
    cmask = (1 << _CB) - 1
    small = 6 * _B
    pmask = (1 << small) - 1
    full_key = sum(c << sh for c, sh in zip(st.full, shifts, strict=True)) << small
    full_kings = st.full_kings
    emask = (1 << _EB) - 1
    per_draw = acc.per_draw

    buckets: dict[int, dict[int, Mass]] = {}
    heap: list[int] = []  # potentials still to expand, negated (the largest first)
    for (comp, left, s0, ab0, ch0, bad0, bace0), (mass, e0) in init.items():
        if max(left, s0, ab0, ch0, bad0, bace0) > (1 << _B) - 1:  # pragma: no cover - inputs are capped
            raise CompanionError("check too large to compute")
        ph = _phi(st, comp, left)
        if ph not in buckets:
            buckets[ph] = {}
            heapq.heappush(heap, -ph)
        code = sum(c << sh for c, sh in zip(comp, shifts, strict=True))
        pl = (left << 5 * _B) | (s0 << 4 * _B) | (ab0 << 3 * _B) | (ch0 << 2 * _B) | (bad0 << _B) | bace0
        _add(buckets[ph], (code << small) | pl, mass, e0, per_draw)

    ends: dict[int, int] = defaultdict(int)  # (end code << _EB) | e -> numerator over L**e
    drawn: dict[int, int] = defaultdict(int)
    cancelled: dict[int, int] = defaultdict(int)
    decks: dict[int, tuple[tuple[int, ...], int, int]] = {}  # deck code -> (counts, L // m, m)
    rows: dict[int, Moves] = {}
    _pow(1, per_draw)
    pw = _POWS[per_draw]
    push = heapq.heappush
    expanded = 0
    while heap:
        ph = -heapq.heappop(heap)
        states = buckets.pop(ph)
        expanded += len(states)
        if budget and expanded > budget:
            raise _OverBudget
        interrupt.check()  # a page that no longer wants the result stops it here
        for key, (mass, e0) in states.items():
            code = key >> small
            deck = decks.get(code)
            if deck is None:
                counts = tuple([(code >> sh) & cmask for sh in shifts])
                q, rest = divmod(per_draw, sum(counts))
                if rest:  # a deck size _per_draw did not foresee: start again with lcm(1..54)
                    raise _WiderBase
                deck = decks[code] = (counts, q, sum(counts))
            counts, q, m = deck
            pl = key & pmask
            row = rows.get(pl)
            if row is None:
                row = rows[pl] = _moves(st, pl, broke)
            r_ends1, r_ends, r_conts, r_jokers, r_canc = row
            drawn[e0] += mass  # this state draws exactly one card
            e = e0 + 1
            qm = mass * q
            for endshift, i in r_ends1:
                c = counts[i]
                if c:
                    ends[endshift | e] += qm * c
            for endshift, idx in r_ends:
                c = 0
                for i in idx:
                    c += counts[i]
                if c:
                    ends[endshift | e] += qm * c
            if r_canc:
                c = 0
                for i in r_canc:
                    c += counts[i]
                if c:
                    cancelled[e] += qm * c
            moves: list[tuple[int, int, int]] | tuple[tuple[int, int, int], ...]
            if m == 1:  # the last card: an empty deck is reshuffled before the next draw
                moves = [(i, full_key | ((key + delta) & pmask),
                          5 * (((key + delta) >> 5 * _B) & ((1 << _B) - 1)) + full_kings)
                         for i, delta, _drop in r_conts]
                moves += r_jokers
            else:
                moves = r_jokers
                for i, delta, drop in r_conts:
                    c = counts[i]
                    if not c:
                        continue
                    w = qm * c
                    nkey = key + delta
                    nph = ph - drop
                    bucket = buckets.get(nph)
                    if bucket is None:
                        bucket = buckets[nph] = {}
                        push(heap, -nph)
                    cur = bucket.get(nkey)
                    if cur is None:
                        bucket[nkey] = [w, e]
                    elif cur[1] == e:
                        cur[0] += w
                    elif cur[1] < e:  # keep the larger exponent (see :func:`_add`)
                        d = e - cur[1]
                        cur[0] = cur[0] * (pw[d] if d < len(pw) else _pow(d, per_draw)) + w
                        cur[1] = e
                    else:
                        d = cur[1] - e
                        cur[0] += w * (pw[d] if d < len(pw) else _pow(d, per_draw))
            for i, nkey, nph in moves:  # jokers (and the cards of a one-card deck): a full deck again
                # The same accumulation as the loop above, inlined on purpose: this is the hot
                # loop (one pass per DP state) and a call per state costs measurably;
                # :func:`_add` is the readable form of it.
                c = counts[i]
                if not c:
                    continue
                w = qm * c
                bucket = buckets.get(nph)
                if bucket is None:
                    bucket = buckets[nph] = {}
                    push(heap, -nph)
                cur = bucket.get(nkey)
                if cur is None:
                    bucket[nkey] = [w, e]
                elif cur[1] == e:
                    cur[0] += w
                elif cur[1] < e:
                    d = e - cur[1]
                    cur[0] = cur[0] * (pw[d] if d < len(pw) else _pow(d, per_draw)) + w
                    cur[1] = e
                else:
                    d = cur[1] - e
                    cur[0] += w * (pw[d] if d < len(pw) else _pow(d, per_draw))
    for k, w in ends.items():
        acc.end_code(st, w, k & emask, k >> _EB)
    for e, w in drawn.items():
        _add(acc.sums, "cards", w, e, per_draw)
    for e, w in cancelled.items():
        _add(acc.sums, "cancelled", w, e, per_draw)


def _sure_before_drawing(st: _Setup, acc: _Acc) -> bool:
    """A player whose chips already make the need draws nothing when stopping once sure (in
    either mode): the chips are spent and the check ends."""
    if st.stop and st.chips >= st.need:
        acc.end(st, 1, 0, 0, 0, st.chips, 0)
        return True
    return False


def _cautious(st: _Setup, start: tuple[int, ...], skill: int, acc: _Acc) -> int:
    """One card at a time, stopping at a bad card that is not cancelled. Returns the base denominator."""
    if _sure_before_drawing(st, acc):
        return 1
    comp = start if any(start) else st.full
    init: dict[State, Mass] = {(comp, skill, 0, 0, st.chips, 0, 0): [1, 0]}
    # From skill 7 or more, a need of 4 or more, or a policy that keeps drawing, is large (4 in
    # 5 of those were over the plain engine's budget in a sample of 1,500 checks, and trying
    # it first costs the slowest checks 2-4 ms).
    large = skill >= 7 and (st.need >= 4 or not st.stop or st.kings == "always")
    return _engines(st, acc, lambda: init, False, large,
                    lambda passes: passes.cautious(st, start, skill, acc))


def _engines(st: _Setup, acc: _Acc, init: Callable[[], dict[State, Mass]], broke: bool, large: bool,
             compiled: Callable[[Any], int]) -> int:
    """Run the states ``init()`` to their ends with the engine that suits them; returns the
    factor the outcomes' masses are over (1 for the plain engine).

    A small computation is quickest in plain Python (:func:`_sequential`; the compiled
    engine's per-call cost dominates); a large one is many times quicker compiled
    (``compiled(passes)``, :mod:`.passes`). The plain engine gets a small budget of states
    first unless the caller knows the computation is ``large``; a computation the compiled
    engine declines (:class:`.passes.Unsupported`) runs in plain Python in full.
    """
    per_draw = acc.per_draw
    if VECTORISED:
        if not large:
            try:
                _sequential(st, init(), acc, broke=broke, budget=PLAIN_BUDGET)
                return 1
            except _OverBudget:
                acc.reset(per_draw)
        from . import passes

        try:
            return compiled(passes)
        except passes.Unsupported:
            acc.reset(per_draw)
    _sequential(st, init(), acc, broke=broke)
    return 1


def _broke(st: _Setup, start: tuple[int, ...], skill: int, acc: _Acc) -> int:
    """The skill cards as one hand, then kings' extra cards one by one. Returns the base denominator.

    The hand is a multivariate hypergeometric draw: every composition of the hand by
    category (at most C(skill + 7, 7), 19,448 for skill 10), with its ways, a product of
    binomials over C(m, skill), worked out for all of them at once in numpy. A hand that
    no king's extra card can follow (no king, or already sure) ends there, merged with the
    others of the same outcome; the others keep their exact composition, because the rest
    of the deck is what the extra cards come from.
    """
    import numpy as np

    if _sure_before_drawing(st, acc):
        return 1
    full, info = st.full, st.info
    comp = start if sum(start) >= skill else full  # a deck too small for the hand is reshuffled
    n = len(info)
    hands = np.zeros((1, 0), dtype=np.int64)
    room = np.array([skill], dtype=np.int64)
    for i, c in enumerate(comp):  # every composition: category by category, what room is left
        if i == n - 1:
            fits = room <= c
            hands, v, room = hands[fits], room[fits], room[fits] * 0
        else:
            options = np.minimum(c, room) + 1
            row = np.repeat(np.arange(len(hands)), options)
            v = np.arange(len(row)) - np.repeat(np.cumsum(options) - options, options)
            hands, room = hands[row], room[row] - v
        hands = np.column_stack([hands, v])
    binom = [np.array([math.comb(c, v) for v in range(c + 1)], dtype=np.int64) for c in comp]
    ways = np.ones(len(hands), dtype=np.int64)  # every partial product is at most C(54, skill) < 2**51
    for i in range(n):
        ways *= binom[i][hands[:, i]]

    def count(pick: Iterable[bool]) -> Any:
        return hands @ np.array([int(p) for p in pick], dtype=np.int64)

    s, ab = count(i[1] for i in info), count(i[0] == "ace" for i in info)
    bad, bace = count(i[2] for i in info), count(i[2] and i[0] == "ace" for i in info)
    kings, joker = count(i[0] == "king" for i in info), count(i[0] == "joker" for i in info) > 0
    # a king's extra card may follow: not after a bad card (mouse-card-system.txt, Task checks:
    # no more cards this round), and not once sure (see :func:`_take_king`)
    follows = (kings > 0) & (bad == 0)
    if st.kings == "never":
        follows &= False
    elif st.stop or st.kings == "best":
        follows &= s + ab + st.chips < st.need
    done: list[tuple[int, int, int, int, int]] = []  # hands no extra card follows, by outcome
    if not follows.all():
        ends = ((s << 3 * _B) | (ab << 2 * _B) | (bad << _B) | bace)[~follows]
        keys, where = np.unique(ends, return_inverse=True)
        totals = np.zeros(len(keys), dtype=np.int64)
        np.add.at(totals, where.ravel(), ways[~follows])  # at most C(54, skill) < 2**51: exact in int64
        m = (1 << _B) - 1
        done = [(w, k >> 3 * _B, (k >> 2 * _B) & m, (k >> _B) & m, k & m)
                for w, k in zip(totals.tolist(), keys.tolist(), strict=True)]
    den = math.comb(sum(comp), skill)
    # the kings' extra cards: over den * factor (see :func:`.passes.broke`)
    extra = _Hands(comp, hands[follows], ways[follows], kings[follows], s[follows], ab[follows],
                   bad[follows], bace[follows], joker[follows])
    factor = _extra_cards(st, extra, acc) if len(extra.ways) else 1
    for w, hs, hab, hbad, hbace in done:
        acc.end(st, w * factor, 0, hs, hab, st.chips, hbad, hbace)
    _add(acc.sums, "cards", den * factor * skill, 0, acc.per_draw)  # the hand itself
    return den * factor


@dataclass(frozen=True)
class _Hands:
    """Broke hands that a king's extra card may follow, one row each (numpy arrays): the cards
    drawn per category from ``deck``, their ways over C(deck, skill), then the player after
    the hand: kings (the extra cards to draw), successes, ace bonuses, bad cards, bad aces,
    and whether a joker was among them (the extra cards then come from the full deck)."""

    deck: tuple[int, ...]
    drawn: Any
    ways: Any
    kings: Any
    s: Any
    ab: Any
    bad: Any
    bace: Any
    joker: Any

    def states(self, st: _Setup, per_draw: int) -> dict[State, Mass]:
        """The states after the hands, as :func:`_sequential` starts from them."""
        init: dict[State, Mass] = {}
        full, deck = st.full, self.deck
        for h, w, k, s, ab, bad, bace, joker in zip(
                self.drawn.tolist(), self.ways.tolist(), self.kings.tolist(), self.s.tolist(),
                self.ab.tolist(), self.bad.tolist(), self.bace.tolist(), self.joker.tolist(), strict=True):
            rest = full if joker else tuple([a - b for a, b in zip(deck, h, strict=True)])
            _add(init, (rest if any(rest) else full, k, s, ab, st.chips, bad, bace), w, 0, per_draw)
        return init


def _extra_cards(st: _Setup, hands: _Hands, acc: _Acc) -> int:
    """The kings' extra cards after broke ``hands``; returns the factor their masses are over,
    besides the hand's ways (over C(deck, skill)). Every hand is expanded, so more hands
    than the plain engine's budget is large."""
    return _engines(st, acc, lambda: hands.states(st, acc.per_draw), True, len(hands.ways) > PLAIN_BUDGET,
                    lambda passes: passes.broke(st, hands, acc))


def _composition(check: TaskCheck, cards: Iterable[PlayingCard],
                 keys: list[Category], rule: BadRule) -> tuple[int, ...]:
    counts = Counter(check.category(c, rule) for c in cards)
    return tuple(counts[k] for k in keys)


def _normalise_deck(deck: Iterable[PlayingCard | str] | None) -> frozenset[PlayingCard] | None:
    if deck is None:
        return None
    from .deck import parse_card, parse_cards

    if isinstance(deck, str):  # "QH, 10S, red joker": the cards, not the letters
        deck = parse_cards(deck)
    cards: list[PlayingCard] = [c if isinstance(c, PlayingCard) else parse_card(c) for c in deck]
    dupes = sorted({c.short for c in cards if cards.count(c) > 1})
    if dupes:
        raise CompanionError("a deck holds each card once", where="deck",
                             found=f"repeated: {', '.join(dupes)}")
    return frozenset(cards)


def exact_odds(check: TaskCheck, deck: Iterable[PlayingCard | str] | None = None) -> CheckOdds:
    """The exact odds of ``check`` drawn from ``deck`` (the remaining cards; ``None`` = the full deck).

    A reshuffle (a joker, an empty deck) always brings back the full 54-card deck.
    """
    return _exact_odds(check, _normalise_deck(deck))


def may_run_out(check: TaskCheck, deck: Collection[PlayingCard]) -> bool:
    """Whether ``deck`` could run out during ``check``: it holds fewer cards than the most the check
    can draw from it (the skill, plus one per king in it when a king's extra card may be taken), so
    the house interpretation "empty" (reshuffled before the next card) may apply: an empty deck, or one
    smaller than a broke hand, always does."""
    kings = 0 if check.kings == "never" else sum(c.rank == KING for c in deck)
    return len(deck) < check.skill + kings


def check_notes(check: TaskCheck, *, deck: Collection[PlayingCard] = FULL_DECK) -> list[str]:
    """What a result says of ``check``'s rules, house readings and policies (``deck``: the cards it
    starts from, the live deck's remaining ones; the "empty" reading only when it could run out,
    :func:`may_run_out`), without computing it: a live draw names the options that change nothing
    from these (:func:`.live.ignored_options`)."""
    rule = check.bad_rule()
    notes = list(rule.notes())
    if any(c.rank >= int(check.target) for c in rule.bad_cards()):
        notes.append(HOUSE_NOTES["bad-success" if check.bad_succeeds else "bad-no-success"])
    if rule.colours:
        notes.append(HOUSE_NOTES["broke-cancel" if check.mode == "broke" else
                                 "cancel" if check.cancel_draws_on else "cancel-ends"])
    elif not check.bad_succeeds or not check.cancel_draws_on:
        notes.append(HOUSE_NOTES["no-bad"])
    if check.mode == "broke":
        notes += [HOUSE_NOTES["broke-joker"], HOUSE_NOTES["broke-kings"]]
    elif rule.colours:
        notes.append("drawing cautiously, a bad card ends the draw: several bad cards at once "
                     "only happen when going for broke")
    kings = "always-sure" if check.kings == "always" and check.stop_when_sure else check.kings
    notes += [POLICY_NOTES["kings", kings], POLICY_NOTES["bonus", check.bonus],
              POLICY_NOTES["stop_when_sure", check.stop_when_sure]]
    if may_run_out(check, deck):
        notes.append(HOUSE_NOTES["empty"])
    if check.red_bad == "all" and check.situation != "red-bad":
        notes.append("red_bad 'all' has no effect here: it only applies to the red-bad situation")
    return notes


@lru_cache(maxsize=512)
def _exact_odds(check: TaskCheck, deck: frozenset[PlayingCard] | None) -> CheckOdds:
    rule = check.bad_rule()
    keys = sorted({check.category(c, rule) for c in FULL_DECK})
    full = _composition(check, FULL_DECK, keys, rule)
    start_cards = FULL_DECK if deck is None else tuple(c for c in FULL_DECK if c in deck)
    start = _composition(check, start_cards, keys, rule)
    # the deck the first card comes from: an empty one, or one smaller than a broke hand, is
    # reshuffled first (house interpretation "empty")
    reshuffled = not start_cards or (check.mode == "broke" and len(start_cards) < check.skill)
    first_cards = FULL_DECK if reshuffled else start_cards
    st = _Setup(check.need, check.fate_chips, check.bonus, check.kings, check.stop_when_sure,
                check.cancel_draws_on,
                tuple(keys), full, tuple(i for i, k in enumerate(keys) if k[0] == "king"))
    run = _cautious if check.mode == "cautious" else _broke
    if check.mode == "cautious":
        first = sum(start) or len(FULL_DECK)
    else:  # a broke hand's extra cards come after it (a deck smaller than the hand is reshuffled first)
        first = (sum(start) if sum(start) >= check.skill else len(FULL_DECK)) - check.skill or len(FULL_DECK)
    # between reshuffles: the draws left (the skill, or a broke hand's kings) plus up to 4 kings
    acc = _Acc(per_draw=_per_draw(first, check.skill + 4))
    try:
        base = run(st, start, check.skill, acc)
    except _WiderBase:  # the bound is conservative, but the full L always works
        acc = _Acc()
        base = run(st, start, check.skill, acc)

    def frac(m: Mass | None) -> Fraction:
        return Fraction(0) if m is None else Fraction(m[0], base * _pow(m[1], acc.per_draw))

    succ = {s: frac(m) for s, m in acc.successes.items()}
    bad = {b: frac(m) for b, m in acc.bad.items()}
    p_success = sum((p for s, p in succ.items() if s >= check.need), Fraction(0))
    e_cards, e_canc = frac(acc.sums.get("cards")), frac(acc.sums.get("cancelled"))
    e_chips = frac(acc.sums.get("chips"))
    assert sum(succ.values()) == 1 == sum(bad.values()), "probabilities must add up to 1"
    notes = check_notes(check, deck=start_cards)
    if check.stop_when_sure and check.fate_chips >= check.need:
        one = check.fate_chips == 1
        notes.append(f"the {plural(check.fate_chips, 'fate chip')} alone {'makes' if one else 'make'} the "
                     f"{plural(check.need, 'success', 'successes')} needed, "
                     f"so a player sure to succeed draws no card and spends {'it' if one else 'them'} (the "
                     "policy above); "
                     "'from the cards' is the chance of the draw itself, with no fate chips")
        cards_alone: Fraction | None = _exact_odds(replace(check, fate_chips=0), deck).p_success
    else:
        cards_alone = None
    return CheckOdds(
        check=check, p_success=p_success,
        successes=tuple(sorted(succ.items())), bad=tuple(sorted(bad.items())),
        expected_cards=e_cards, expected_chips=e_chips, expected_cancelled=e_canc,
        deck_size=len(first_cards),
        # (as the check counts a success: with bad_succeeds off, a bad card at or above the target is none)
        succeeding_cards=sum(1 for c in first_cards if check.category(c, rule)[1]),
        bad_cards=tuple(c.short for c in rule.bad_cards()), notes=tuple(notes), p_cards_alone=cards_alone)


def odds(skill: int, target: int | str, **kwargs: Any) -> CheckOdds:
    """Shorthand: ``odds(3, "J", situation="combat")`` with the full deck (or ``deck=...``)."""
    deck = kwargs.pop("deck", None)
    return exact_odds(TaskCheck(skill, target, **kwargs), deck)


def same_chance_stopping(check: TaskCheck) -> TaskCheck | None:
    """The check with the stop rule, when that has exactly the same chance of success (and is
    far smaller to compute); None when it may not.

    Drawing on when sure never changes the chance of success unless bonuses go to cancelling
    first (``bonus="cancel"``): a sure player's successes, aces and chips only grow, and the
    "best" bonuses cancel a bad card only while the check stays certain. Only the spread of
    successes and bad cards, and the cards drawn, differ (the tests check the equality).
    """
    if check.stop_when_sure or check.bonus == "cancel":
        return None
    return replace(check, stop_when_sure=True)


def drawing_anyway(check: TaskCheck, deck: Iterable[PlayingCard | str] | None = None) -> CheckOdds | None:
    """The odds of a player who draws the cards although the fate chips alone make the need: the
    same check drawing on when sure (its risk of a bad card, and the cards drawn), from ``deck`` (as
    :func:`exact_odds`). Given only where it is cheap and says something: the check stops once sure
    and its fate chips alone make the need (so its own odds draw no card: P(a bad card) 0), the
    situation has bad cards (in calm the risk is 0 either way), and the skill is at most
    :data:`ANYWAY_MAX_SKILL` (above it this can take many seconds); None otherwise."""
    if not _anyway_says(check) or check.skill > ANYWAY_MAX_SKILL:
        return None
    return exact_odds(replace(check, stop_when_sure=False), deck)


def _anyway_says(check: TaskCheck) -> bool:
    """Whether the odds of drawing anyway would say something: the check stops once sure, its fate chips
    alone make the need, and the situation has bad cards."""
    return check.stop_when_sure and check.fate_chips >= check.need and bool(check.bad_rule().bad_cards())


def anyway_untold(check: TaskCheck) -> bool:
    """Whether :func:`drawing_anyway` leaves out odds that would say something, the check being above
    :data:`ANYWAY_MAX_SKILL`: the text and the page say so (:data:`ANYWAY_UNTOLD`) rather than leave a
    gap that reads as "no risk"."""
    return check.skill > ANYWAY_MAX_SKILL and _anyway_says(check)


def success_curve(targets: Iterable[int | str], skills: Iterable[int], **kwargs: Any
                  ) -> dict[str, list[tuple[int, Fraction]]]:
    """P(success) against skill for each target (the notebook's plot), exact; a curve that
    draws on when sure is computed with the stop rule where that has the same chance of
    success (:func:`same_chance_stopping`)."""
    skills = list(skills)
    deck = kwargs.pop("deck", None)
    curves: dict[str, list[tuple[int, Fraction]]] = {}
    for t in targets:
        points = curves[RANK_LABELS[parse_rank(t) if isinstance(t, str) else t]] = []
        for k in skills:
            interrupt.check()
            check = TaskCheck(k, t, **kwargs)
            points.append((k, exact_odds(same_chance_stopping(check) or check, deck).p_success))
    return curves
