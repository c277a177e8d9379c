"""The live deck at the table: draws for a character and task, reshuffles, fate chips.

An event log (see :mod:`companion.eventlog`): each action is one JSON line, the state
is a pure fold, so the game master's screen autosaves after every action, undoes and
redoes, and resumes after a restart exactly as it was. Cards come from a shuffle
seeded by the ``start`` event (``event_rng(seed, "shuffle", n)``) or are typed in from
the physical deck (``"cards": ["QH", "3S"]``).

Events (``"event"`` field):

- ``start`` ``{"seed": 7, "title": "..."}`` shuffles the deck (once, first); every other event
  needs it: once the start is undone, only a redo (or a new log) goes on. A new title is one line
  of at most :data:`MAX_TEXT` characters; one already logged is shown collapsed onto one line and
  cut short;
- ``draw`` ``{"character", "task", "skill", "target", "need", "situation", "aged",
  "disadvantage", "mode", "red_bad", "cards"?}`` resolves one task check by the rules
  (mouse-card-system.txt, Task checks; How to draw cards; special effects): cautious
  draws stop at the first bad card; going for broke draws the skill cards as one hand
  and every bad card takes effect; a king gives one more card, but no card follows a bad
  one (Task checks: no more cards this round); a joker reshuffles every drawn card back.
  Seeded draws stop once the player is sure to succeed, counting the unspent aces' extra
  successes (the player draws *up to* the skill; the odds engine's default), and take a
  king's extra card only while the player is not yet sure. A seeded draw is logged with the
  cards it dealt (``"drawn"``): should its line or one before it be lost or changed, so that the
  shuffle deals otherwise on replay, the draw keeps the cards the table saw, and says so. While
  a line that cannot be used, or such a draw (the lost line's cards may still be in the shuffled
  deck), leaves the deck in doubt (:meth:`LiveDeckTracker.deck_in_doubt`: no reshuffle has made the
  deck whole since), a new seeded draw or draw_on is refused (it could deal a card already on the
  table); typed cards and a reshuffle are not;
- ``bonus`` ``{"character", "source": "ace"|"chip", "use": "success"|"cancel", "draw"?, "draw_line"?}``
  spends an unspent ace of the character's latest draw, or one of their fate chips, on it
  (mouse-card-system.txt, How to draw cards, special effects: Aces; Fate Chips). An ace cancels another
  card, never itself. A cancelled bad card has no effect. ``"draw"``: the number of the draw meant
  (the page's, which shows it), and ``"draw_line"``: the log line its draw event was written on (a
  number is used again once a draw is undone and another made; its line is not): a new action is
  refused when that draw is no longer the character's latest;
- ``draw_on`` ``{"character", "cards"?, "draw"?, "draw_line"?}``: after a cautious draw's bad card was
  cancelled, the same draw goes on with the draws it has left (house interpretation, as the odds: a
  cancelled bad card has no effect, so drawing may go on);
- ``award`` / ``spend`` ``{"player", "chips": n, "reason"?}``: fate chips (chips belong to
  the name the draws use); the history says what they changed of the player's latest draw (a draw
  it called failed that a chip may now help);
- ``reshuffle`` ``{"reason": "chapter"|"gm"}``: every card back; a chapter end also
  starts the next chapter (mouse-card-system.txt, How to draw cards, special effects: Jokers).
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import cite
from ..cards import tidy_name as tidy_spaces
from ..errors import CompanionError, LogError, RuleError, as_listed, shown
from ..eventlog import (
    SEED_WORDS,
    Event,
    EventFields,
    EventLog,
    LoggedEvent,
    LogProblem,
    NoStart,
    Tracker,
    event_rng,
    good_seed,
)
from ..textio import line_problem, logged_text, one_line, shown_over
from ..verdict import and_list, plural
from .deck import ACE, FULL_DECK, KING, PlayingCard, parse_card
from .odds import HOUSE_NOTES, TaskCheck, check_notes

LIVE_CITES = {
    "draw": cite("mousecard", "How to draw cards"),
    "joker": cite("mousecard", "How to draw cards, special effects (Jokers)"),
    "king": cite("mousecard", "How to draw cards, special effects (Kings)"),
    "ace": cite("mousecard", "How to draw cards, special effects (Aces)"),
    "chip": cite("mousecard", "Fate Chips"),
}
EVENTS = ("start", "draw", "draw_on", "bonus", "award", "spend", "reshuffle")
#: Every ``bonus`` a draw can be given (its ``source`` and ``use``) in a few words, in the order the
#: page's buttons show them: a new kind of bonus is labelled here, or has no button.
BONUS_LABELS: dict[tuple[str, str], str] = {
    ("ace", "success"): "Ace: +1 success",
    ("ace", "cancel"): "Ace: cancel bad",
    ("chip", "success"): "Chip: +1 success",
    ("chip", "cancel"): "Chip: cancel bad",
}
#: How every hint of a log with no session names a new one (``NEWLOG``: a file of the user's choosing).
NEW_SESSION = "a new session ('companion mousecard new NEWLOG', or the notebook page on a new log)"
#: Every draw's rule-book sections (the page, the CLI's journal lines and ``replay --json`` cite them,
#: with :func:`draw_cites`' special effects).
DRAW_CITES = (cite("mousecard", "Task checks"), LIVE_CITES["draw"])
#: The longest new character or player name an action takes (see :meth:`LiveDeckTracker.complete`; a
#: longer one a hand-edited log holds is kept whole, and shown cut: :func:`session_name`, :func:`shown_name`).
MAX_NAME = 60
#: Fate chips one award or spend may move (a typo of 10**23 chips would otherwise stay in the log).
MAX_CHIPS_AT_ONCE = 99
#: The longest task (of a draw) or reason (of an award or spend) a new action takes: one journal line.
MAX_TEXT = 120
#: The task a draw is for when none is given (or a blank one).
DEFAULT_TASK = "task"
#: The events that move no card (fate chips; a bonus marks a draw): a line of them that cannot be
#: used leaves the deck's remaining cards as they are (see :meth:`LiveDeckTracker.deck_doubts`).
CARDLESS_EVENTS = frozenset({"award", "spend", "bonus"})
#: What is said of a seeded draw whose logged cards the shuffle no longer deals (see
#: :meth:`LiveDeckTracker.mismatches`).
MISMATCH = ("the cards logged at the table are not what the shuffle deals now: this line or one before it "
            "was lost or changed, so a card already on the table may still be in the shuffled deck")
#: What a seeded draw kept as logged says in the journal (see :func:`_as_recorded`).
KEPT_AS_LOGGED = (" (the cards logged at the table: the shuffle now deals others, so this line or one before "
                  "it was lost or changed)")
#: The :attr:`~companion.eventlog.LogProblem.kind` of such a draw's problem (every other is unusable).
MISMATCH_KIND = "mismatch"
#: The fields each event needs, having no default (:func:`_missing`): a line without them is named
#: with every one it lacks.
REQUIRED_FIELDS: dict[str, tuple[str, ...]] = {
    "start": ("seed",), "draw": ("character", "skill"), "draw_on": ("character",),
    "bonus": ("character", "source", "use"), "award": ("player",), "spend": ("player",)}


#: What each event takes (:class:`~companion.eventlog.EventFields`): a replay warns of a field a line's
#: event does not take (a hand edit's "situaton" would quietly leave the check calm).
EVENT_FIELDS: dict[str, EventFields] = {
    "start": EventFields("a new session: the deck shuffled from the seed", fields=("seed",),
                         optional=("title",)),
    "draw": EventFields("a task check drawn for a character", fields=("character", "skill"),
                        optional=("task", "target", "need", "situation", "aged", "disadvantage", "mode",
                                  "red_bad", "bad_succeeds", "cancel_draws_on", "cards", "drawn")),
    "draw_on": EventFields("a cautious draw drawing on after a cancelled bad card", fields=("character",),
                           optional=("cards", "drawn", "draw", "draw_line")),
    "bonus": EventFields("an ace or a fate chip spent on a draw", fields=("character", "source", "use"),
                         optional=("draw", "draw_line")),
    "award": EventFields("fate chips given to a player", fields=("player",), optional=("chips", "reason")),
    "spend": EventFields("fate chips a player spends", fields=("player",), optional=("chips", "reason")),
    "reshuffle": EventFields("every card back into the deck, shuffled", optional=("reason",)),
}


def tidy_name(name: str) -> str:
    """A character's or player's name as the session keeps and matches it (a new action's, and a logged
    line's alike): spaces tidied (``"  Pip "`` is ``"Pip"``) and in Unicode's composed form (NFC), so
    that "Píp" typed with a separate accent (as macOS and some keyboards give it) is the "Píp" typed
    as one character, not a second player who looks the same."""
    return unicodedata.normalize("NFC", tidy_spaces(name))


def session_name(name: str) -> str:
    """A name as the session keeps and matches it (:meth:`LiveDeck.name_of`): tidied (:func:`tidy_name`),
    and one an older or hand-edited log holds over several lines collapsed onto one line as a logged
    title is (:func:`~companion.textio.logged_text`), but never cut: a logged name past :data:`MAX_NAME`
    characters is kept whole (its chips, its draws, the JSON), so two long names that begin alike stay
    two players. It is shortened only where it is shown (:func:`shown_name`). A logged line is read as
    it was, never refused for its name."""
    name = tidy_name(name)
    return logged_text(name, len(name))  # (collapsing never lengthens it: nothing is cut)


def shown_name(name: str) -> str:
    """A name as the journal, the page's panels and replay show it: one a hand-edited log holds past
    :data:`MAX_NAME` characters cut with "…" (:func:`~companion.textio.logged_text`), as a logged title
    is. Only shown so: the session keeps and matches the whole name (:func:`session_name`)."""
    return logged_text(name, MAX_NAME)


def folded(name: str) -> str:
    """``name`` as :meth:`LiveDeck.new_name_hint` compares it with the names a session knows: in
    Unicode's compatibility form (NFKC: full-width "Ｐｉｐ" is "Pip", the ligature "ﬁ" is "fi") and
    casefolded. Only the hint compares so: the session keeps such a name as a name of its own."""
    return unicodedata.normalize("NFKC", name).casefold()


def name_refusal(key: str, name: str) -> RuleError | None:
    """Why a new action's ``key`` (``"character"`` or ``"player"``) may not be ``name``, in the words of
    every new name (:func:`~companion.textio.line_problem`): it is more than one line, longer than
    :data:`MAX_NAME` once tidied (:func:`tidy_name`: said with how many characters are too many, and
    where it goes over), or holds an invisible format character; None when it may. The tracker refuses
    such an action with it, and the page keeps its Draw, Award and Spend buttons off with it (a name
    typed there is refused alike)."""
    return line_problem(unicodedata.normalize("NFC", name), f"a {key}'s name", MAX_NAME, error=RuleError,
                        collapse=True, over=True, where=key)


@dataclass(frozen=True, slots=True)
class DrawRecord:
    """One resolved task check at the table."""

    number: int
    chapter: int
    character: str
    task: str
    check: TaskCheck
    cards: tuple[PlayingCard, ...]
    successes: int
    bad: tuple[PlayingCard, ...]
    reshuffles: int
    stopped: str
    typed: bool
    aces: int
    empty_reshuffles: int = 0  # of ``reshuffles``: the deck ran out or was smaller than the hand
    aces_spent: int = 0
    bonus_successes: int = 0
    cancelled: int = 0
    chips_spent: int = 0

    @property
    def who(self) -> str:
        """The character as the journal and the page show them (:func:`shown_name`)."""
        return shown_name(self.character)

    @property
    def total_successes(self) -> int:
        return self.successes + self.bonus_successes

    @property
    def succeeded(self) -> bool:
        return self.total_successes >= self.check.need

    @property
    def bad_in_effect(self) -> int:
        return len(self.bad) - self.cancelled

    @property
    def aces_unspent(self) -> int:
        return self.aces - self.aces_spent

    @property
    def jokers_drawn(self) -> int:
        return sum(c.is_joker for c in self.cards)

    @property
    def draws_left(self) -> int:
        """Cards a cautious draw may still take: the skill, one more per king, less those drawn."""
        kings = sum(c.rank == KING for c in self.cards)
        return max(0, self.check.skill + kings - len(self.cards))

    @property
    def can_draw_on(self) -> bool:
        """A cautious draw stopped by a bad card that has since been cancelled, with draws left."""
        return self.may_draw_more and self.bad_in_effect == 0

    def draw_on_refusal(self) -> str | None:
        """Why this draw cannot go on (``draw_on``): "it has no draws left", as the command line refuses
        it ("Pip's draw #1 cannot go on: ...") and the page's Draw on button says when off (a cancelled
        bad card is not always enough: the house reading, the draws left); None when it can
        (:attr:`can_draw_on`)."""
        if self.can_draw_on:
            return None
        return ("it is not a cautious draw" if self.check.mode != "cautious" else
               "a cancelled bad card ends the draw (house reading cancel_draws_on off)"
               if not self.check.cancel_draws_on else
               "it has succeeded" if self.succeeded else
               "it did not stop at a bad card" if self.stopped != "bad card" else
               "its bad card is still in effect: cancel it with an ace or a fate chip first"
               if self.bad_in_effect else "it has no draws left")

    def stopped_said(self) -> str:
        """Why this draw stopped, in a player's words (the page's last-draw panel says it after
        "stopped:"; the JSON keeps :attr:`stopped`): "all 3 cards drawn" (``skill``: every card the skill
        and its kings allow), "the player stopped drawing" (``player stopped``: fewer cards typed in),
        "sure to succeed once 1 ace is spent" (``task done`` short of the need: as many aces as the
        successes it lacks, as :meth:`verdict` says "spend 1 ace as a success"), and a going-for-broke
        draw's ``bad card(s)`` by the bad cards drawn. A going-for-broke draw that left a king's card
        untaken was sure to succeed without it when seeded (a seeded draw takes a king's card only while
        the player is not yet sure); typed in, the player did not draw it."""
        if self.stopped == "task done" and not self.succeeded:
            short = self.check.need - self.total_successes
            return f"sure to succeed once {plural(short, 'ace')} {'is' if short == 1 else 'are'} spent"
        if self.stopped == "bad card(s)":
            return "bad card" if len(self.bad) == 1 else "bad cards"
        if self.stopped == "player stopped":
            return "the player stopped drawing"
        if self.stopped == "skill":
            if self.draws_left == 0:  # (the skill's cards and one per king)
                return (f"all {plural(len(self.cards), 'card')} drawn" if len(self.cards) > 1 else
                        "its only card drawn")
            return ("the player stopped drawing" if self.typed else
                    "sure to succeed, so the king's card was not taken" if self.draws_left == 1 else
                    "sure to succeed, so the kings' cards were not taken")
        return self.stopped

    @property
    def sure(self) -> bool:
        """Sure to succeed once the unspent aces' extra successes are added."""
        return self.total_successes + self.aces_unspent >= self.check.need

    @property
    def ace_uses(self) -> tuple[str, ...]:
        """What an unspent ace may still do, as :meth:`bonus_refusal` allows it: ``"success"`` until
        the draw has the successes it needs (one more would change nothing), and ``"cancel"`` while a
        bad card is in effect that is not the ace itself (a lone ace that is the only bad card cannot
        cancel it)."""
        return tuple(use for use in ("success", "cancel") if self.bonus_refusal("ace", use, 0) is None)

    @property
    def lone_bad_ace(self) -> bool:
        """The draw's only ace is its only bad card (every red card bad, ``AH``): it cannot cancel
        itself."""
        return self.aces == 1 and [c.rank for c in self.bad] == [ACE]

    @property
    def may_draw_more(self) -> bool:
        """Whether this draw may still take cards: a cautious draw stopped by a bad card with draws
        left, where a cancelled bad card lets it go on (once the bad card is cancelled, if it is not
        yet: :attr:`can_draw_on`)."""
        return (self.check.mode == "cautious" and self.check.cancel_draws_on and self.stopped == "bad card"
                and self.draws_left > 0 and not self.succeeded)

    def reach(self, chips: int = 0) -> int:
        """The most successes this draw can still come to without drawing: each unspent ace and
        each of the character's ``chips`` adds one at most (Aces; Fate Chips)."""
        return self.total_successes + self.aces_unspent + max(0, chips)

    def cannot_reach(self, chips: int = 0) -> bool:
        """Whether nothing left can make the need: no drawing on, and :meth:`reach` with the character's
        ``chips`` falls short (its verdict says "cannot reach N"; a chip spent as a success is refused)."""
        return not self.may_draw_more and self.reach(chips) < self.check.need

    def verdict(self, chips: int = 0, *, closed: bool = False) -> str:
        """``success``; ``sure: spend 1 ace as a success`` (``2 aces as successes``); ``failed`` when
        nothing is left to change it (no unspent ace, none of the character's ``chips``, no drawing on);
        ``cannot reach N: ...`` when what is left (the unspent aces and the ``chips``, no drawing on) falls
        short of the need; else ``not yet``. Once no action may change it any more (``closed``:
        :meth:`LiveDeck.closed`) it is ``success`` or ``failed`` as it stood at its end: a draw :attr:`sure`
        to succeed by its unspent aces is a success (each ace is a success the player may count, Aces; a
        seeded draw stops drawing once sure, so an ace left unspent never makes it a failure)."""
        if self.succeeded:
            return "success"
        if closed:
            return "success" if self.sure else "failed"
        if self.sure:
            short = self.check.need - self.total_successes
            return (f"sure: spend {plural(short, 'ace')} as "
                    + ("a success" if short == 1 else "successes"))
        if not self.aces_unspent and chips < 1 and not self.can_draw_on:
            return "failed"
        if self.cannot_reach(chips):
            left = [x for x in (plural(self.aces_unspent, "unspent ace") if self.aces_unspent else "",
                                plural(chips, "fate chip") if chips > 0 else "") if x]
            return (f"cannot reach {self.check.need}: at most {self.reach(chips)} with "
                    + " and ".join(left))
        return "not yet"

    def marks(self) -> tuple[tuple[PlayingCard, str], ...]:
        """Each card with its mark: ``success``, ``bad``, ``bad success``, ``joker`` or ``miss``; a
        bad card whose effect a bonus cancelled is ``cancelled`` (``cancelled success`` when it is a
        success too). The log counts the cancelled cards, not which: they are the first bad cards
        drawn, those that are no ace first (an ace never cancels itself)."""
        rule = self.check.bad_rule()
        categories = [self.check.category(c, rule) for c in self.cards]
        bad_at = [i for i, (_k, _s, bad) in enumerate(categories) if bad]
        cancelled = set(sorted(bad_at, key=lambda i: self.cards[i].rank == ACE)[:self.cancelled])
        out = []
        for i, (c, (_kind, succ, bad)) in enumerate(zip(self.cards, categories, strict=True)):
            if i in cancelled:
                mark = "cancelled success" if succ else "cancelled"
            else:
                mark = "bad success" if succ and bad else "success" if succ else "bad" if bad else (
                    "joker" if c.is_joker else "miss")
            out.append((c, mark))
        return tuple(out)

    def bonus_refusal(self, source: str, use: str, chips: int, *,
                      logged: bool = False) -> tuple[str, str] | None:
        """Why a ``source`` (``ace``/``chip``) may not be spent on this draw as ``use``
        (``success``/``cancel``), with the key of its :data:`LIVE_CITES` section; None when it may.
        ``chips``: the character's fate chips. An extra success on a draw that already has what it
        needs would change nothing, nor would a chip's on a draw that cannot reach it (a chip would be
        lost for nothing): refused, but a line already ``logged`` so is read as it was."""
        who = f"{self.who}'s draw #{self.number}"
        if source == "ace" and self.aces_unspent < 1:
            return f"{who} has no unspent ace", "ace"
        if source == "chip" and chips < 1:
            return f"{self.who} has no fate chip to spend", "chip"
        if use == "cancel" and self.bad_in_effect < 1:
            return f"{who} has no bad card left to cancel", source
        if source == "ace" and use == "cancel" and self.lone_bad_ace:
            return (f"{self.who}'s only ace is the bad card: an ace cancels another card, not itself",
                    "ace")
        if use == "success" and self.succeeded and not logged:
            lost = ("the fate chip would be lost for nothing" if source == "chip" else
                    "an ace's extra success changes nothing")
            return (f"{who} already has the {plural(self.check.need, 'success', 'successes')} it needs: "
                    f"{lost}", source)
        if use == "success" and source == "chip" and not logged and self.cannot_reach(chips):
            return (f"{who} cannot reach the {plural(self.check.need, 'success', 'successes')} it needs "
                    f"(at most {self.reach(chips)}, every unspent ace and fate chip counted): the fate chip "
                    "would be lost for nothing", "chip")
        return None

    def summary(self, chips: int = 0) -> str:
        """The journal line; ``chips``: the character's fate chips now (see :meth:`verdict`)."""
        cards = " ".join(c.short for c in self.cards) or "no cards"
        verdict = self.verdict(chips)
        extra = []
        if self.bad_in_effect:
            extra.append(f"{plural(self.bad_in_effect, 'bad card')} in effect")
        if self.cancelled:
            extra.append(f"{self.cancelled} cancelled")
        if self.aces_unspent and not self.succeeded and not self.sure and not verdict.startswith("cannot"):
            extra.append(f"{plural(self.aces_unspent, 'ace')} unspent")
        if self.reshuffles:
            extra.append(plural(self.reshuffles, "reshuffle"))
        tail = f" ({'; '.join(extra)})" if extra else ""
        return (f"#{self.number} {self.who} — {self.task}: {cards} → "
                f"{plural(self.total_successes, 'success', 'successes')} of {self.check.need} needed, "
                f"{verdict}{tail}")


@dataclass(frozen=True, slots=True)
class ChipLine:
    """An award's or a spend's journal line in its parts, as the fold keeps them: the page says what the
    chips changed (:attr:`changed`) and an undo says what it took back (:attr:`undone`) from these,
    never by cutting the line's text (a reason or a name may hold words that look like its count)."""

    at: int  # its index in :attr:`LiveDeck.journal`
    player: str
    said: str  # what it did: "Pip receives 2 fate chips — bravery"
    chips: int  # the player's fate chips after it
    #: what it changed of the player's latest draw's standing (:func:`_standing_changed`), "" for nothing
    changed: str = ""

    @property
    def text(self) -> str:
        """The journal line, as in "Pip receives 2 fate chips (now 3). Pip's draw #2 (hide) can now ..."."""
        return self.said + now_said(self.chips) + self.changed

    @property
    def undone(self) -> str:
        """The line as an undo says it: without the count and what the chips changed of a draw (taken
        back, neither holds any more), as in "Pip receives 2 fate chips — bravery."""
        return self.said + "."


@dataclass(frozen=True, slots=True)
class LiveDeck:
    """The table's deck and fate chips. ``order`` is the remaining deck, top card first."""

    seed: int | str | None = None
    title: str = ""
    order: tuple[PlayingCard, ...] = FULL_DECK
    discards: tuple[PlayingCard, ...] = ()
    shuffles: int = 0
    chapter: int = 1
    chips: tuple[tuple[str, int], ...] = ()
    draws: tuple[DrawRecord, ...] = ()
    journal: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # every player and character named so far, as first spelled
    #: seeded draws (and draw_ons) kept as logged although the shuffle now deals otherwise: a line
    #: or one before it was lost or changed (see :meth:`LiveDeckTracker.mismatches`)
    kept_as_logged: int = 0
    #: the parts of every award's and spend's journal line, in the journal's order (:meth:`chip_line`)
    chip_lines: tuple[ChipLine, ...] = ()

    @property
    def started(self) -> bool:
        return self.seed is not None

    def chip_line(self, at: int) -> ChipLine | None:
        """The parts of journal line ``at`` (negative: from the end, ``-1`` the latest) when an award or
        a spend wrote it; None for any other line, or none there."""
        if not -len(self.journal) <= at < len(self.journal):
            return None
        at %= len(self.journal)
        return next((c for c in reversed(self.chip_lines) if c.at == at), None)

    @property
    def remaining(self) -> tuple[PlayingCard, ...]:
        """The cards still in the deck (what the odds panel draws from)."""
        return self.order

    def chips_of(self, player: str) -> int:
        return dict(self.chips).get(self.name_of(player), 0)

    def can_spend(self, player: str, n: int = 1) -> bool:
        """Whether ``player`` holds the ``n`` fate chips a spend gives up (Fate Chips): a spend of more
        is refused, and the page's Spend button is off until they do."""
        return n <= self.chips_of(player)

    def name_of(self, name: str) -> str:
        """The spelling this session already uses for ``name`` (as it keeps names, :func:`session_name`:
        tidied and whole, a logged name past :data:`MAX_NAME` characters too; names match ignoring case),
        so "pip", "  Pip " and "Pip" share their fate chips and draws."""
        return as_listed(session_name(name), self.names)  # (kept tidied)

    def knows(self, name: str) -> bool:
        """Whether ``name`` (tidied, :func:`tidy_name`) is a name this session already keeps, in any case."""
        return as_listed(tidy_name(name), self.names) in self.names

    def name_refusal(self, key: str, name: str) -> RuleError | None:
        """Why a new action may not name ``name`` (:func:`name_refusal`); None for a name this session
        already keeps (:meth:`knows`): a hand-edited log's name past :data:`MAX_NAME` characters is acted
        on whole, as its chips and draws are kept (a fate chip awarded to it, a bonus on its draw). The
        tracker refuses a new action so, and the page's buttons are off so."""
        return None if self.knows(name) else name_refusal(key, name)

    def new_name_hint(self, name: str) -> str | None:
        """A word of warning when ``name`` (tidied) is new to this session but close to a name it
        knows (a typo would otherwise start a new player with no chips and no draws): None otherwise. A
        spend, bonus or draw-on refused for such a name suggests it too (not "Draw first", which would
        start that new player)."""
        from ..errors import closest, did_you_mean

        name = tidy_name(name)
        if not name or self.name_of(name) in self.names:
            return None
        # compared folded (:func:`folded`): "Ｐｉｐ" typed full-width is a new name, never merged with
        # "Pip" unseen, but the one meant is said
        key = folded(name)
        same = [known for known in self.names if folded(known) == key]
        if same:
            hint = did_you_mean(same)
        else:
            by_fold: dict[str, str] = {}
            for known in self.names:
                by_fold.setdefault(folded(known), known)
            hint = did_you_mean(by_fold[hit] for hit in closest(key, by_fold))
        return f"{name!r} is a new name in this session. {hint}" if hint else None

    def naming(self, name: str) -> LiveDeck:
        """The state with ``name`` known (see :meth:`name_of`)."""
        name = self.name_of(name)
        return self if name in self.names else replace(self, names=(*self.names, name))

    def ended_chapter(self, rec: DrawRecord) -> str | None:
        """Why no ace, fate chip or drawing on may act on the draw ``rec`` any more (its chapter has
        ended: its cards went back at the reshuffle, and the next chapter's checks are new ones), or
        ``None``. The tracker refuses a new such action with it and the page says it on the buttons."""
        if rec.chapter == self.chapter:
            return None
        return f"{rec.who}'s draw #{rec.number} belongs to chapter {rec.chapter}, which has ended"

    def closed(self, rec: DrawRecord) -> str | None:
        """Why no ace, fate chip or drawing on may change the draw ``rec`` any more, as a new action is
        refused: its chapter has ended (:meth:`ended_chapter`), or its character has drawn since (a
        bonus and a draw-on act on the character's latest draw only); ``None`` while one may."""
        ended = self.ended_chapter(rec)
        if ended is not None:
            return ended
        latest = self.last_draw(rec.character)
        if latest is not None and latest.number != rec.number:
            return f"{rec.who}'s draw #{rec.number} is no longer their latest: #{latest.number} is"
        return None

    def verdict_of(self, rec: DrawRecord) -> str:
        """Where the draw ``rec`` stands now (:meth:`DrawRecord.verdict`): with its character's fate
        chips while an action may still change it, ``success`` or ``failed`` once none may
        (:meth:`closed`), as ``bonus`` and ``draw_on`` then refuse (a draw sure by its unspent aces
        then counts them: a success)."""
        return rec.verdict(self.chips_of(rec.character), closed=self.closed(rec) is not None)

    def last_draw(self, character: str) -> DrawRecord | None:
        character = self.name_of(character)
        for d in reversed(self.draws):
            if d.character == character:
                return d
        return None


# -- helpers -----------------------------------------------------------------------------------


def shown_title(title: str) -> str:
    """A session title as the journal and replay show it: collapsed onto one line, cut at
    :data:`MAX_TEXT` characters with "…" (a title an older log holds may be any length)."""
    return logged_text(title, MAX_TEXT)


def draw_cites(rec: DrawRecord) -> tuple[str, ...]:
    """The rule-book sections a draw was resolved by: :data:`DRAW_CITES`, then each special effect
    it met (a joker, a king, an ace drawn or a fate chip spent), as the page, the CLI's journal
    lines and ``replay --json`` cite them."""
    effects = [("joker", rec.jokers_drawn > 0), ("king", any(c.rank == KING for c in rec.cards)),
               ("ace", rec.aces > 0), ("chip", rec.chips_spent > 0)]
    return (*DRAW_CITES, *(LIVE_CITES[k] for k, met in effects if met))


def event_cites(state: LiveDeck, event: Mapping[str, Any]) -> tuple[str, ...]:
    """The rule-book sections of the draw a ``draw``, ``draw_on`` or ``bonus`` event resolved or
    changed, as ``state`` holds that draw (its character's latest); none for any other event. An
    undo or a redo says them with its line, as the action itself did."""
    name = event.get("character")
    if event.get("event") not in ("draw", "draw_on", "bonus") or not isinstance(name, str):
        return ()
    rec = state.last_draw(name)
    return draw_cites(rec) if rec is not None else ()


def session_cites(state: LiveDeck) -> tuple[str, ...]:
    """The rule-book sections the session's draws were resolved by, each once, in the order
    :func:`draw_cites` gives them: what a history of those draws cites (none with no draw)."""
    met = {c for d in state.draws for c in draw_cites(d)}
    return tuple(c for c in dict.fromkeys((*DRAW_CITES, *LIVE_CITES.values())) if c in met)


def cites_text(cites: Iterable[str]) -> str:
    """Citations as one line, the rule book named once: "mouse-card-system.txt, Task checks; How to
    draw cards" (the page's draw panel and the CLI's journal lines show a draw's so)."""
    book = cite("mousecard", "")
    return book + "; ".join(c.removeprefix(book) for c in cites)


def ignored_options(check: TaskCheck) -> tuple[str, ...]:
    """What the odds say of the options of ``check`` that change nothing in its situation
    (``red_bad`` all outside red-bad, Aged or a disadvantage in calm, a house reading where no
    card is bad, ``cancel_draws_on`` going for broke), in the odds' own words: a draw warns of them
    as ``odds mousecard`` does. Only options set away from their default are named."""
    rule = check.bad_rule()
    out = []
    for note in check_notes(check):
        if note == HOUSE_NOTES["broke-cancel"]:  # said of every broke check: ignored only when asked for
            ignored = not check.cancel_draws_on
        elif note in rule.notes():  # in calm, the levels' note (another situation's: a reading in use)
            ignored = not rule.colours
        else:  # no card is bad, so the house readings change nothing; red_bad 'all' outside red-bad
            ignored = note == HOUSE_NOTES["no-bad"] or (
                "no effect" in note and note not in HOUSE_NOTES.values())
        if ignored:
            out.append(note)
    return tuple(out)


def _text(event: Event, key: str, *, required: bool = True, default: str = "") -> str:
    value = event.get(key, None)
    if value is None:
        if required:
            raise LogError(f"{event.get('event')!r} event needs a {key!r}", found=repr(event)[:80])
        return default
    if not isinstance(value, str) or (required and not value.strip()):
        raise LogError(f"{key!r} must be a non-empty text", found=repr(value))
    return value.strip() or default


def _missing(event: Event) -> None:
    """Refuse a line that lacks fields its event needs (:data:`REQUIRED_FIELDS`), naming every one
    missing (a field there but null or of the wrong kind is said by the reader of that field)."""
    kind = str(event.get("event"))
    needed = REQUIRED_FIELDS.get(kind, ())
    missing = [key for key in needed if key not in event]
    if missing:
        raise LogError(f"the {kind!r} event is missing {_and(missing)}",
                       expected=f"every field a {kind!r} event needs: {_and(list(needed))}")


def _and(keys: list[str]) -> str:
    """``'a'``, ``'a' and 'b'``, ``'a', 'b' and 'c'``: fields as a message names them."""
    return and_list([repr(k) for k in keys])


def _check_short(event: Event, key: str, limit: int, what: str) -> None:
    """Refuse a new action's text ``key`` that is not one line of at most ``limit`` characters."""
    text = event.get(key)
    if not isinstance(text, str):
        return  # (not a text: the fold says so)
    text = text.strip()
    if len(text) <= limit and one_line(text):
        return
    why = (f"is {len(text)} characters long" if len(text) > limit
           else "holds a line break or another control character")
    raise RuleError(f"{what} {why}", where=key, expected=f"one line of at most {limit} characters",
                    found=shown_over(text, limit), suggestion="Shorten it to one line" + (
                        f" (left blank, the task is '{DEFAULT_TASK}')." if key == "task" else
                        ", or leave it out."))


def _int(event: Event, key: str, default: int | None = None) -> int:
    value = event.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise LogError(f"{key!r} must be a whole number", found=repr(value))
    return value


def _reshuffle(state: LiveDeck) -> LiveDeck:
    """Every card back, shuffled by the seed and the number of shuffles so far (replays exactly)."""
    if state.seed is None:
        order = FULL_DECK  # typed-in play only: the order is the physical deck's, not ours
    else:
        cards = list(FULL_DECK)
        event_rng(state.seed, "shuffle", state.shuffles).shuffle(cards)
        order = tuple(cards)
    return replace(state, order=order, discards=(), shuffles=state.shuffles + 1)


def _set_chips(state: LiveDeck, player: str, n: int) -> LiveDeck:
    state = state.naming(player)
    chips = dict(state.chips)
    chips[state.name_of(player)] = n
    return replace(state, chips=tuple(sorted(chips.items())))


def _check_from(event: Event) -> TaskCheck:
    try:
        return TaskCheck(
            skill=_int(event, "skill"), target=event.get("target", "J"),
            need=_int(event, "need", 1), situation=str(event.get("situation", "calm")),
            aged=_int(event, "aged", 0), disadvantage=_int(event, "disadvantage", 0),
            mode=str(event.get("mode", "cautious")), red_bad=str(event.get("red_bad", "joker")),
            bad_succeeds=event.get("bad_succeeds", True), cancel_draws_on=event.get("cancel_draws_on", True))
    except LogError:
        raise
    except CompanionError as exc:
        raise exc.relabel(cls=RuleError) from None


def _resolve(state: LiveDeck, check: TaskCheck, typed: list[PlayingCard] | None,
             before: DrawRecord | None = None) -> tuple[LiveDeck, dict[str, Any]]:
    """Draw by the rules; ``typed`` cards replace the seeded deck's top cards. ``before``: a
    cautious draw that goes on (see :attr:`DrawRecord.can_draw_on`), its cards kept."""
    rule = check.bad_rule()
    cards: list[PlayingCard] = list(before.cards) if before else []
    bad: list[PlayingCard] = list(before.bad) if before else []
    s = before.successes if before else 0
    aces = before.aces if before else 0
    reshuffles = before.reshuffles if before else 0
    empty = before.empty_reshuffles if before else 0
    # what counts towards being sure besides the cards' successes: bonuses already spent as
    # successes, less aces already spent (each unspent ace is one more success to come)
    offset = (before.bonus_successes - before.aces_spent) if before else 0
    queue = list(typed) if typed is not None else None
    seen: set[PlayingCard] = set()
    for each in queue or ():  # the same card twice with no joker between: a typo, not "already drawn"
        if each in seen:
            raise RuleError(f"{each.short} is typed twice with no joker between (a deck holds each card "
                            "once)", where="cards", suggestion="Type each card as drawn, once.")
        seen = set() if each.is_joker else seen | {each}

    def sure() -> bool:
        return s + aces + offset >= check.need

    def take() -> PlayingCard | None:
        nonlocal state, reshuffles, empty
        if queue is not None:
            if not queue:
                return None
            card = queue.pop(0)
            if card not in state.order:
                raise RuleError(f"{card.short} was already drawn since the last reshuffle",
                                where="cards", suggestion="Check the card, or reshuffle first.",
                                cite=LIVE_CITES["joker"])
            order = tuple(c for c in state.order if c != card)
        else:
            if not state.order:
                state = _reshuffle(state)
                reshuffles, empty = reshuffles + 1, empty + 1
            card, order = state.order[0], state.order[1:]
        state = replace(state, order=order, discards=(*state.discards, card))
        cards.append(card)
        return card

    def score(card: PlayingCard) -> tuple[bool, bool]:
        nonlocal s, aces
        kind, succ, isbad = check.category(card, rule)
        s += succ
        aces += kind == "ace"
        if isbad:
            bad.append(card)
        return kind == "king", isbad

    stopped = "skill"
    if check.mode == "cautious":
        budget = before.draws_left if before else check.skill
        while budget > 0:
            if queue is None and sure():
                stopped = "task done"
                break
            card = take()
            if card is None:
                stopped = "player stopped"
                break
            budget -= 1
            is_king, isbad = score(card)
            if is_king:
                budget += 1
            if card.is_joker:
                state = _reshuffle(state)
                reshuffles += 1
            if isbad:
                stopped = "bad card"
                break
    else:
        if queue is not None and len(queue) < check.skill:
            raise RuleError(f"going for broke draws {check.skill} cards at once, but "
                            f"{plural(len(queue), 'was', 'were')} typed", where="cards",
                            expected=f"the {check.skill} cards of the hand (then any king's card)",
                            cite=LIVE_CITES["draw"])
        if len(state.order) < check.skill:  # a deck smaller than the hand is reshuffled first (as the odds)
            state = _reshuffle(state)
            reshuffles, empty = reshuffles + 1, empty + 1
        hand = [c for c in (take() for _ in range(check.skill)) if c is not None]
        extras = sum(score(c)[0] for c in hand)
        if any(c.is_joker for c in hand):
            state = _reshuffle(state)
            reshuffles += 1
        # a king's extra card comes after the hand, one at a time, and never after a bad card
        # (mouse-card-system.txt, Task checks: no more cards this round)
        while extras > 0 and not bad and (queue is not None or not sure()):
            card = take()
            if card is None:
                break
            extras -= 1
            extras += score(card)[0]
            if card.is_joker:
                state = _reshuffle(state)
                reshuffles += 1
        stopped = "bad card(s)" if bad else "skill"
    if queue:
        why, section = _too_many_why(check, stopped, cards, bad, before.cancelled if before else 0,
                                     len(before.cards) if before else 0)
        raise RuleError(f"{plural(len(queue), 'card')} too many: {', '.join(c.short for c in queue)} — {why}",
                        where="cards", cite=section)
    return state, {"cards": tuple(cards), "successes": s, "bad": tuple(bad), "aces": aces,
                   "reshuffles": reshuffles, "empty_reshuffles": empty, "stopped": stopped}


def _too_many_why(check: TaskCheck, stopped: str, cards: list[PlayingCard], bad: list[PlayingCard],
                  cancelled: int, drawn_before: int) -> tuple[str, str]:
    """Why typed cards were left over, as a clause that follows "1 card too many: A♦ — ", with the
    rule-book section that says it: the rule that ended the draw, naming the card it ended at (a bad card
    in effect; no card after a going-for-broke hand's bad card is the book's Task checks, cited with the
    way cards are drawn), or the skill plus one card per king (How to draw cards). ``bad``: the draw's
    bad cards, of which the first ``cancelled`` were cancelled before it went on; ``drawn_before``: the
    cards of a draw that goes on (``draw_on``) drawn before its bad card was cancelled; a cancelled bad
    card does not count."""
    drawn = LIVE_CITES["draw"]
    if stopped == "bad card":  # (a cautious draw: the card it stopped at is the last one drawn)
        return f"a cautious draw stops at the first bad card, here {cards[-1].short}", drawn
    if len(bad) > cancelled:  # (going for broke: no king's card after the hand's bad card)
        shown = and_list([c.short for c in bad[cancelled:]])
        return f"no card follows a bad card, here {shown}: no more cards this round", cites_text(DRAW_CITES)
    kings = sum(c.rank == KING for c in cards)
    limit = check.skill + kings
    allows = f"skill {check.skill}" + (f" plus {plural(kings, 'king')}" if kings else "") + " allows"
    if not drawn_before:
        return f"{allows} at most {plural(limit, 'card')} in this draw", drawn
    more = limit - drawn_before
    return (f"{allows} {plural(limit, 'card')} in this draw and {drawn_before} "
            f"{'was' if drawn_before == 1 else 'were'} drawn before the bad card was cancelled: at most "
            f"{plural(more, 'card')} more", drawn)


#: How :func:`_standing_changed` says a draw's verdict (:meth:`DrawRecord.verdict`) as it stands now, and
#: as it stood before the chips moved: "Pip's draw #1 (climb) can now still succeed (it had failed)." A
#: verdict of another kind ("cannot reach 3: ...", "sure: ...") is said in its own words
#: (:func:`_standing_words`).
STANDING_NOW = {"not yet": "can now still succeed", "failed": "has now failed",
                "success": "has now succeeded"}
STANDING_WAS = {"not yet": "it could still succeed", "failed": "it had failed",
                "success": "it had succeeded"}


def _standing_words(now: str, was: str) -> tuple[str, str]:
    """What :func:`_standing_changed` says of a draw whose verdict was ``was`` and is now ``now``: "can now
    still succeed" and "it had failed"; "still cannot reach 3: at most 2 with 1 fate chip" (a draw that had
    failed and a chip cannot save) or "now cannot reach 3: ..." and "it could not reach 3"; "is now sure:
    spend 1 ace as a success" and "it was sure to succeed"."""
    if now in STANDING_NOW:
        said_now = STANDING_NOW[now]
    elif now.startswith("cannot reach"):
        said_now = ("still " if was == "failed" else "now ") + now
    else:
        said_now = f"is now {now}"
    if was in STANDING_WAS:
        said_was = STANDING_WAS[was]
    elif was.startswith("cannot reach"):
        said_was = "it could not" + was.split(":")[0].removeprefix("cannot")
    else:
        said_was = "it was sure to succeed" if was.startswith("sure") else f"it was {was}"
    return said_now, said_was


def _standing_changed(before: LiveDeck, after: LiveDeck, player: str) -> str:
    """What an award or a spend of ``player``'s fate chips changed of their latest draw's standing, as
    the history says it after the chips' line: " Pip's draw #2 (hide) can now still succeed (it had
    failed)." (a chip may now be spent on it), " ... has now failed (it could still succeed)." (its last
    chip spent elsewhere; :func:`_standing_words`); "" when the draw's verdict is of the kind it was, or no
    action may change the draw (:meth:`LiveDeck.closed`). Each draw's line keeps the verdict of its
    moment: this says why a later line spends a chip on a draw the history called failed."""
    rec = after.last_draw(player)
    if rec is None or after.closed(rec) is not None:
        return ""
    was, now = before.verdict_of(rec), after.verdict_of(rec)
    if was.split(":")[0] == now.split(":")[0]:  # (the same kind: "cannot reach 3" by one chip more or less)
        return ""
    said_now, said_was = _standing_words(now, was)
    return f" {rec.who}'s draw #{rec.number} ({rec.task}) {said_now} ({said_was})."


def now_said(chips: int) -> str:
    """The fate chips an award or a spend ends its journal line with: `` (now 3).`` (:attr:`ChipLine.text`;
    an undo leaves them out: :attr:`ChipLine.undone`)."""
    return f" (now {chips})."


class LiveDeckTracker(Tracker[LiveDeck]):
    """The game master's deck: ``do({"event": "draw", ...})``, ``undo()``, ``redo()``."""

    KIND = "mousecard"
    EVENT_KINDS = frozenset(EVENTS)
    START_FIELDS = frozenset({"seed", "title"})

    def action_words(self, before: LiveDeck, after: LiveDeck) -> list[str]:
        """What an action said: the journal lines it added (the session history's)."""
        return list(after.journal[len(before.journal):])

    def undo_words(self, before: LiveDeck, after: LiveDeck) -> list[str]:
        """What an undo says (:meth:`~companion.eventlog.Tracker.undo_words`): the action's own lines,
        an award's or a spend's without the count of fate chips it made nor what that changed of a draw
        (:attr:`ChipLine.undone`: taken back, neither holds), then the counts as they are back to ("Pip
        back to 1 fate chip")."""
        names = sorted({p for p, _n in (*before.chips, *after.chips)})
        moved = [p for p in names if before.chips_of(p) != after.chips_of(p)]
        taken = []
        for at in range(len(after.journal), len(before.journal)):  # (the undone action's lines)
            chip = before.chip_line(at)
            taken.append(chip.undone if chip is not None else before.journal[at])
        words = self.undone_words(taken)
        back = [f"{shown_name(p)} back to {plural(after.chips_of(p), 'fate chip')}" for p in moved]
        if back:  # (an undo always says something: undone_said)
            words[-1] = words[-1].rstrip(".") + f" ({'; '.join(back)})."
        return words

    def initial(self) -> LiveDeck:
        return LiveDeck()

    def complete(self, state: LiveDeck, event: Event) -> Event:
        """A draw from the seeded deck is logged with the cards it dealt (``"drawn"``), so that
        a replay keeps the cards the table saw even if its line or one before it is lost or changed
        (the shuffle would then deal otherwise). A new action's names are one short line each
        (a pasted paragraph or a line break would garble the journal), and one holding an invisible
        format character is refused (:func:`name_refusal`), unless the session already keeps the name
        (:meth:`LiveDeck.name_refusal`: a hand-edited log's long name is acted on whole); an older log's
        are read as they are; each is tidied (:func:`tidy_name`), as the state matches it. A new
        session's title is one line too. A seeded draw or draw_on is refused while the deck is in doubt
        (:meth:`deck_in_doubt`); a line already logged is read as it was."""
        kind = event.get("event")
        if kind in EVENTS and kind != "start" and not state.started and self.is_new and not self.problems:
            raise self.no_session_refusal(str(kind))  # (an empty log: said before its names are checked)
        for key in ("character", "player"):
            name = event.get(key)
            if not isinstance(name, str):
                continue
            if name and not name.strip():  # (tidied it would read '': said as typed)
                raise LogError(f"{key!r} must be a non-empty text", found=f"{name!r}, a blank name",
                               suggestion=f"Type the {key}'s name.")
            refused = state.name_refusal(key, name)
            if refused is not None:
                raise refused
            event = {**event, key: tidy_name(name)}
        if kind == "start":
            _check_short(event, "title", MAX_TEXT, "a session's title")
        if kind == "draw":  # (a reshuffle's "reason" is its kind, checked by apply)
            _check_short(event, "task", MAX_TEXT, "a draw's task")
        if kind in ("award", "spend"):
            what = "an award's reason" if kind == "award" else "a spend's reason"
            _check_short(event, "reason", MAX_TEXT, what)
        if kind not in ("draw", "draw_on") or "cards" in event:
            return event
        try:
            after = self.apply(state, event)
        except CompanionError:
            return event  # refused: :meth:`do` says why
        doubt = self.doubt_refusal(str(kind))
        if doubt is not None:
            raise doubt
        if "drawn" in event:  # (the cards a caller says were dealt: read as a logged line reads them)
            return event
        before = state.last_draw(state.name_of(str(event.get("character", ""))))
        rec = after.draws[-1] if event["event"] == "draw" else after.last_draw(after.name_of(
            str(event.get("character", ""))))
        if rec is None:  # pragma: no cover - a draw that was not refused has a record
            return event
        kept = len(before.cards) if event["event"] == "draw_on" and before is not None else 0
        return {**event, "drawn": [c.short for c in rec.cards[kept:]]}

    def apply(self, state: LiveDeck, event: Event) -> LiveDeck:
        kind = event.get("event")
        _missing(event)
        if kind == "start":
            if state.started:
                raise RuleError("the session has already started", where="start",
                                suggestion="Use a reshuffle, or a new log for a new session.")
            seed = event.get("seed")
            if not good_seed(seed, logged=self.replaying):
                raise LogError("'seed' must be a number or a word", expected=SEED_WORDS,
                               found=shown(seed, 40))
            state = replace(state, seed=seed, title=shown_title(str(event.get("title", ""))), shuffles=0)
            state = _reshuffle(state)
            return replace(state, journal=(*state.journal, f"Session started (seed {seed})."))
        if kind in EVENTS and not state.started and not self.replaying:
            # the start was undone (or is missing): nothing may happen outside a session; a
            # line an older version logged so is kept on replay
            raise self.no_session_refusal(str(kind))
        if kind == "draw":
            return self._draw(state, event)
        if kind == "draw_on":
            return self._draw_on(state, event)
        if kind == "bonus":
            return self._bonus(state, event)
        if kind in ("award", "spend"):
            player = state.name_of(_text(event, "player"))
            n = _int(event, "chips", 1)
            if not 1 <= n <= MAX_CHIPS_AT_ONCE:
                # (the range and the number are in the sentence: no "(expected ...; found ...)" to say them
                # again); too few is no typo of too many: a chip taken away is spent, one given is awarded
                verb = "Award" if kind == "award" else "Spend"
                hint = (f"{verb} at most {MAX_CHIPS_AT_ONCE} at once (more is likely a typo)."
                        if n > MAX_CHIPS_AT_ONCE else
                        f"{verb} 1 or more; to take fate chips away, spend them (or undo the award)."
                        if kind == "award" else f"{verb} 1 or more; to give fate chips, award them.")
                raise RuleError(f"chips must be 1 to {MAX_CHIPS_AT_ONCE} at a time, not {n}", where="chips",
                                suggestion=hint, cite=LIVE_CITES["chip"])
            have = state.chips_of(player)
            if kind == "spend" and not state.can_spend(player, n):
                raise RuleError(f"{shown_name(player)} has {plural(have, 'fate chip')}, cannot spend {n}",
                                where="spend", suggestion=state.new_name_hint(player),
                                cite=LIVE_CITES["chip"])
            new = have + n if kind == "award" else have - n
            reason = _text(event, "reason", required=False)
            said = (f"{shown_name(player)} {'receives' if kind == 'award' else 'spends'} "
                    f"{plural(n, 'fate chip')}" + (f" — {reason}" if reason else ""))
            after = _set_chips(state, player, new)
            chip = ChipLine(len(after.journal), player, said, new, _standing_changed(state, after, player))
            return replace(after, journal=(*after.journal, chip.text), chip_lines=(*after.chip_lines, chip))
        if kind == "reshuffle":
            reason = str(event.get("reason", "gm"))
            if reason not in ("chapter", "gm"):
                raise LogError("'reason' must be 'chapter' or 'gm'", found=repr(reason))
            state = _reshuffle(state)
            if reason == "chapter":
                state = replace(state, chapter=state.chapter + 1)
                line = f"End of chapter: deck reshuffled; chapter {state.chapter} begins."
            else:
                line = "Deck reshuffled by the game master."
            return replace(state, journal=(*state.journal, line))
        raise LogError(f"unknown event {kind!r}", expected=", ".join(EVENTS))

    def _draw(self, state: LiveDeck, event: Event) -> LiveDeck:
        character = state.name_of(_text(event, "character"))
        task = _text(event, "task", required=False, default=DEFAULT_TASK)
        check = _check_from(event)
        typed = _typed(state, event)
        start = state
        state, r = _resolve(state, check, typed)
        state, r, note = _as_recorded(start, state, r, event, lambda cards: _resolve(start, check, cards))
        record = DrawRecord(number=len(state.draws) + 1, chapter=state.chapter, character=character,
                            task=task, check=check, typed=typed is not None, **r)
        if note:
            state = replace(state, kept_as_logged=state.kept_as_logged + 1)
        return replace(state.naming(character), draws=(*state.draws, record),
                       journal=(*state.journal, record.summary(state.chips_of(character)) + note))

    def _draw_on(self, state: LiveDeck, event: Event) -> LiveDeck:
        character = state.name_of(_text(event, "character"))
        rec = state.last_draw(character)
        if rec is None:
            raise RuleError(f"{shown_name(character)} has not drawn yet", where="draw_on",
                            suggestion=state.new_name_hint(character) or "Draw first.",
                            cite=LIVE_CITES["draw"])
        self._meant(event, rec, "draw_on")
        self._in_chapter(state, rec, "draw_on")
        why = rec.draw_on_refusal()
        if why is not None:
            raise RuleError(f"{rec.who}'s draw #{rec.number} cannot go on: {why}", where="draw_on",
                            cite=LIVE_CITES["draw"])
        typed = _typed(state, event)
        start = state
        state, r = _resolve(state, rec.check, typed, rec)
        state, r, note = _as_recorded(start, state, r, event, kept=len(rec.cards),
                                      again=lambda cards: _resolve(start, rec.check, cards, rec))
        new = replace(rec, typed=rec.typed or typed is not None, **r)
        line = f"{rec.who} draws on: " + new.summary(state.chips_of(character)) + note
        if note:
            state = replace(state, kept_as_logged=state.kept_as_logged + 1)
        return replace(state, draws=tuple(new if d is rec else d for d in state.draws),
                       journal=(*state.journal, line))

    def _bonus(self, state: LiveDeck, event: Event) -> LiveDeck:
        character = state.name_of(_text(event, "character"))
        source, use = event.get("source"), event.get("use")
        if not isinstance(source, str) or not isinstance(use, str) or (source, use) not in BONUS_LABELS:
            sources, uses = ("|".join(dict.fromkeys(pair[k] for pair in BONUS_LABELS)) for k in (0, 1))
            raise LogError(f"a bonus needs 'source' {sources} and 'use' {uses}",
                           found=repr({"source": source, "use": use}))
        rec = state.last_draw(character)
        if rec is None:
            raise RuleError(f"{shown_name(character)} has not drawn yet", where="bonus",
                            suggestion=state.new_name_hint(character)
                            or "Draw first: an ace or a fate chip is spent on a draw.",
                            cite=LIVE_CITES["chip" if source == "chip" else "ace"])
        self._meant(event, rec, "bonus")
        self._in_chapter(state, rec, "bonus")
        chips = state.chips_of(character)
        refused = rec.bonus_refusal(str(source), str(use), chips, logged=self.replaying)
        if refused is not None:
            why, section = refused
            hint = None
            # an extra success refused on a draw that has what it needs: what the ace or chip may do instead,
            # only when there is one to spend (a cancel this draw would take, or a chip to keep)
            if use == "success" and rec.succeeded:
                hint = ("Spend it to cancel the bad card in effect instead."
                        if rec.bonus_refusal(str(source), "cancel", chips) is None else
                        "Keep the chip: it may be held for another draw." if source == "chip" and chips > 0
                        else None)
            raise RuleError(why, where="bonus", suggestion=hint, cite=LIVE_CITES[section])
        new = replace(rec, aces_spent=rec.aces_spent + (source == "ace"),
                      chips_spent=rec.chips_spent + (source == "chip"),
                      bonus_successes=rec.bonus_successes + (use == "success"),
                      cancelled=rec.cancelled + (use == "cancel"))
        draws = tuple(new if d is rec else d for d in state.draws)
        if source == "chip":
            state = _set_chips(state, character, state.chips_of(character) - 1)
        what = "adds a success" if use == "success" else "cancels a bad card"
        line = (f"{rec.who} spends {'an ace' if source == 'ace' else 'a fate chip'} on draw "
                f"#{rec.number}: {what} → {new.total_successes}/{rec.check.need}, "
                f"{new.verdict(state.chips_of(character))}.")
        return replace(state, draws=draws, journal=(*state.journal, line))

    def _in_chapter(self, state: LiveDeck, rec: DrawRecord, where: str) -> None:
        """A new action on a draw of a chapter that has ended is refused (:meth:`LiveDeck.ended_chapter`);
        a logged one is kept as it was done."""
        why = None if self.replaying else state.ended_chapter(rec)
        if why is not None:
            raise RuleError(why, where=where, suggestion=f"Draw again for {rec.who} in this chapter.",
                            cite=LIVE_CITES["joker"])

    def _meant(self, event: Event, rec: DrawRecord, where: str) -> None:
        """A new action naming the draw it means is refused when that is no longer the character's
        latest (another window drew, or undid it and drew again, meanwhile); a logged line is kept as
        it was done (a lost line before it may have moved the numbers). ``"draw"``: the draw's number
        (the page's, which shows it); ``"draw_line"``: the log line its ``draw`` event was written on
        (:meth:`line_of_draw`), which no later draw reuses: numbers are, once a draw is undone.
        ``"draw_line"`` guards actions sent through the API or written by hand: the page sends it, but
        also refuses an action on a page another window made stale (:meth:`~companion.views.mousecard.
        MouseCardPage._acting`), and the CLI's bonus and draw-on never send it (each acts on the
        character's latest draw). A line that is not that draw's is said to be undone only when it
        holds a draw of the character's that was undone; any other (an older draw still in force,
        another action, another character's draw) is named as not the draw's line."""
        meant, line = event.get("draw"), event.get("draw_line")
        for key, value in (("draw", meant), ("draw_line", line)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise LogError(f"{key!r} must be a draw's {'number' if key == 'draw' else 'log line'}",
                               found=repr(value)[:80])
        if self.replaying:
            return
        again = f"Look at {rec.who}'s draw #{rec.number} and try again."
        if meant is not None and meant != rec.number:
            raise RuleError(f"draw #{meant} is no longer {rec.who}'s latest: #{rec.number} is (the "
                            "session changed meanwhile, in another window?)", where=where, suggestion=again)
        at = self.line_of_draw(rec.number)
        if line is None or line == at:
            return
        if self._undone_draw_of(line, rec.character):
            cards = " ".join(c.short for c in rec.cards) or "no cards"
            now = "was drawn in its place" if at is not None and at > line else f"is {rec.who}'s latest"
            raise RuleError(f"the draw meant{f' (#{meant})' if meant is not None else ''} is no longer "
                            f"{rec.who}'s latest: it was undone, and #{rec.number} ({rec.task}: "
                            f"{cards}) {now} (the session changed meanwhile, in another window?)",
                            where=where, suggestion=again)
        raise RuleError(f"line {line} is not draw #{rec.number}'s line (#{rec.number} is on line {at}): "
                        f"#{rec.number} is {rec.who}'s latest draw, the one a {where} acts on",
                        where=where, suggestion=again)

    def _undone_draw_of(self, line: int, character: str) -> bool:
        """Whether log line ``line`` holds a draw of ``character``'s that was read and then undone (it
        is not in force, and not a line that could not be used)."""
        if any(le.line == line for le in self._done) or any(p.line == line for p in self.problems):
            return False
        logged = next((le.event for le in self.log.events if le.line == line), None)
        if logged is None or logged.get("event") != "draw" or not isinstance(logged.get("character"), str):
            return False
        return session_name(logged["character"]).casefold() == character.casefold()

    def line_of_draw(self, number: int) -> int | None:
        """The log line of the ``draw`` event in force that made draw #``number`` (``None``: there is
        none). Each draw event in force adds one draw, in order, so the n-th is #n's. Unlike the
        number, no other draw is ever written on that line: a draw undone and another made leaves
        the number to the new one, on a line of its own (an action naming the line, ``"draw_line"``,
        is refused on the new draw: :meth:`_meant`)."""
        seen = 0
        for le in self._done:
            if le.event.get("event") == "draw":
                seen += 1
                if seen == number:
                    return le.line
        return None

    #: (a lost first line: :meth:`~companion.eventlog.Tracker.missing_start`)
    FIRST_ACTION = "its first action, whose seed shuffles the deck"

    def new_start(self, log: str | os.PathLike[str] | None = None) -> str:
        """How to start anew (:meth:`~companion.eventlog.Tracker.new_start`): on a new log, as a log that
        holds a session (or its undone start) refuses a new one."""
        return f"start {NEW_SESSION}."

    def no_session(self) -> NoStart | None:
        """Why no session is under way in this log (:meth:`~companion.eventlog.Tracker.no_start`; None: one
        is). Typed-in draws an older version logged without a start do not make one: with no start in
        force there is no shuffled deck, and no new action is taken."""
        return self.no_start()

    def no_session_refusal(self, where: str, none: NoStart | None = None) -> RuleError:
        """Why an action (or odds from the deck) is refused in a log with no session under way
        (:meth:`no_session`; ``none``: what it said, when the caller asked already), with what to do."""
        if none is None:  # (asked with one under way: its start is missing)
            none = self.no_session() or NoStart("missing", *self.missing_start(), "session")
        return RuleError(none.said, where=where, suggestion=none.hint)

    def deck_doubts(self) -> tuple[list[LogProblem], list[LogProblem]]:
        """The log's problems in two lists: those that may change the deck's remaining cards (a
        line that is no event, or a refused start, draw, draw_on, reshuffle or unknown event), and
        those that cannot: a refused award, spend or bonus (they move fate chips or mark a draw,
        never a card; a draw_on after a refused bonus is refused too, and seeded draws keep the
        cards logged at the table), a word-for-word copy of a line read before it, which the log set
        aside (:attr:`~companion.eventlog.LogProblem.copy_of`: a sync conflict; the action counted
        once, so the deck is as the log says), and a last line cut by a crash, which was never in force
        (a read-only open leaves it in the file; the next action sets it aside). A problem is judged by
        the event the log read on its line, never by another: a doubt is kept rather than missed. A line
        that is not UTF-8 text (:attr:`~companion.eventlog.EventLog.not_utf8`) is judged by the event its
        readable bytes spell (its problem's :attr:`~companion.eventlog.LogProblem.event`): an award of
        chips to "Zoë" saved in Windows-1252 moves no card, whatever the name."""
        kinds = {le.line: le.event.get("event") for le in self.log.events}
        not_utf8 = set(self.log.not_utf8)
        moving: list[LogProblem] = []
        cardless: list[LogProblem] = []
        for problem in self.problems:
            read = problem.event if problem.line in not_utf8 and problem.event is not None else {}
            kind = kinds.get(problem.line, read.get("event"))
            harmless = (problem.line == self.log.cut_line or problem.copy_of is not None
                        or kind in CARDLESS_EVENTS)
            (cardless if harmless else moving).append(problem)
        return moving, cardless

    def deck_in_doubt(self) -> list[LogProblem]:
        """The lines that leave the deck's remaining cards unknown now, in the file's order: those of
        :meth:`deck_doubts` that may move cards, and the draws whose logged cards the shuffle no
        longer deals (:meth:`mismatches`: their line or one before it was lost or changed, and a card
        already on the table may still be in the shuffled deck), less the ones a reshuffle in force has
        followed since (every card back: the deck is whole again, whatever the line did). A reshuffle
        counts by the line it was written on (a redo brings one back at its own line): a doubt is kept
        rather than missed."""
        moving, _cardless = self.deck_doubts()
        doubts = moving + self.mismatches()
        if not doubts:
            return []
        whole = self._last_whole_line()
        return sorted((p for p in doubts if p.line > whole), key=lambda p: p.line)

    def mismatches(self) -> list[LogProblem]:
        """The seeded draws (and draw_ons) whose logged cards (``"drawn"``) are not what the shuffle
        deals on replay: its line or one before it was lost or changed (a changed card in the draw's
        own line shows as much as a lost line before it). Each keeps the cards the table saw,
        and the journal says so; the lost line's cards may still be in the shuffled deck, so each is a
        doubt (:meth:`deck_in_doubt`) until a reshuffle, and a problem ``replay`` reports (exit 1)
        whatever followed. One undone since counts too: the lost line's cards are still unaccounted."""
        return [LogProblem(line, MISMATCH, MISMATCH_KIND) for line in sorted(self._kept_lines)]

    def _rebuild(self) -> None:
        self._kept_lines: set[int] = set()  # the lines of the draws kept as logged (see :meth:`mismatches`)
        super()._rebuild()

    def _push(self, le: LoggedEvent, state: LiveDeck) -> None:
        if state.kept_as_logged > self._state.kept_as_logged:  # (every action comes in force here)
            self._kept_lines.add(le.line or 0)
        super()._push(le, state)

    def _last_whole_line(self) -> int:
        """The log line of the latest action in force that reshuffled the deck (a start, a reshuffle,
        a draw that met a joker or ran the deck out); 0 when none. Worked out once per state: the page
        asks on every keystroke and every odds update, and the answer is a fold of the whole log."""
        known = getattr(self, "_whole_line", None)
        if known is not None and known[0] is self._state and known[1] == len(self._done):
            return int(known[2])
        state, last = self.initial(), 0
        with self._replaying():
            for le in self._done:
                after = self.apply(state, le.event)  # (in force: it held on this very state)
                if after.shuffles > state.shuffles:
                    last = max(last, le.line or 0)
                state = after
        self._whole_line = (self._state, len(self._done), last)  # (the state kept: its id is not reused)
        return last

    def doubt_refusal(self, where: str = "draw") -> RuleError | None:
        """Why a draw from the seeded deck is refused now (:meth:`deck_in_doubt`), with what helps;
        None when the deck is known. The page shows it on its Draw buttons too."""
        lines = self.deck_in_doubt()
        if not lines:
            return None
        lost = [p for p in lines if p.kind == MISMATCH_KIND]
        bad = [p for p in lines if p.kind != MISMATCH_KIND]
        parts, mends = [], []
        if bad:
            parts.append(f"{_named(bad)} of the log cannot be used and may have moved cards")
            mends.append(f"mend line {bad[0].line} in the file (or delete it if that action never happened)")
        if lost:
            parts.append(f"at {_named(lost)} of the log the shuffle no longer deals the cards logged at the "
                         f"table ({_this_or_before(lost)} was lost or changed: a card already on the table "
                         "may still be in the deck)")
            # (a reshuffle since may hide the earliest; every mismatch in doubt is one of them)
            first = min((p.line for p in self.mismatches()), default=lost[0].line)
            mends.append(f"put back as it was the line lost or changed at or before line {first}, the first "
                         "draw the shuffle no longer deals (from a copy of the log)"
                         if first < lost[0].line else
                         f"put back line {lost[0].line} as it was, or the line lost or changed before it "
                         "(from a copy of the log)")
        return RuleError(
            f"the deck is in doubt: {'; and '.join(parts)}, so the cards left in the shuffled deck are not "
            "known (a draw from it could deal a card already on the table)", where=where,
            suggestion="Type in the cards drawn from the physical deck (--cards, or the page's 'Cards "
                       "typed in'), reshuffle (every card back: the deck is whole again), or "
                       f"{', or '.join(mends)}.", cite=LIVE_CITES["joker"])


def doubt_note(doubts: list[LogProblem]) -> str:
    """What follows a count of the deck's cards while the deck is in doubt (``doubts``: the lines of
    :meth:`LiveDeckTracker.deck_in_doubt`): " by the log (in doubt: see line 9)"; "" when it is known.
    The count is the log's, but the cards left in the shuffled deck are not known (replay, the
    page's deck status)."""
    return f" by the log (in doubt: see {_named(doubts)})" if doubts else ""


def from_live_deck(remaining: int, log: str | None = None) -> str:
    """What odds from the live deck's ``remaining`` cards say first, so that they never read as a full
    deck's: "From the live deck: 46 cards remaining" (``log``: the log's path, as the command line
    names it; the page names none). ``odds mousecard --deck-log`` and the page's Odds tab say it."""
    return f"From the live deck{f' ({log})' if log else ''}: {remaining} cards remaining"


def _this_or_before(problems: list[LogProblem]) -> str:
    """Whose loss or change a mismatch shows: the draw's own line (its logged cards edited) or one
    before it (the shuffle then deals otherwise), as :data:`MISMATCH` says."""
    return "that line or one before it" if len(problems) == 1 else "each such line or one before it"


def _named(problems: list[LogProblem]) -> str:
    """``line 4``, or ``lines 4, 6, 9, …`` (the first five)."""
    if len(problems) == 1:
        return f"line {problems[0].line}"
    return ("lines " + ", ".join(str(p.line) for p in problems[:5]) + (", …" if len(problems) > 5 else ""))


def _as_recorded(start: LiveDeck, state: LiveDeck, r: dict[str, Any], event: Event,
                 again: Any, kept: int = 0) -> tuple[LiveDeck, dict[str, Any], str]:
    """A seeded draw whose logged cards (``"drawn"``, see :meth:`LiveDeckTracker.complete`)
    are not what the shuffle deals now: its line or one before it was lost or changed. The cards the
    table saw are kept (drawn as if typed in, by ``again``), and the journal says so."""
    drawn = event.get("drawn")
    if drawn is None or "cards" in event:
        return state, r, ""
    if not isinstance(drawn, list) or not all(isinstance(x, str) for x in drawn):
        raise LogError("'drawn' must be a list of card names", found=repr(drawn)[:80])
    recorded = [parse_card(x) for x in drawn]
    if [c.short for c in r["cards"][kept:]] == [c.short for c in recorded]:
        return state, r, ""
    state, r = again(recorded)
    return state, r, KEPT_AS_LOGGED


def _typed(state: LiveDeck, event: Event) -> list[PlayingCard] | None:
    """The cards typed in from the physical deck (``None``: draw from the seeded deck)."""
    raw = event.get("cards")
    if raw is None:
        if not state.started:
            # (a new action is refused before, :meth:`LiveDeckTracker.no_session_refusal`: a logged line)
            raise RuleError("no shuffled deck: no start is in force before this line (the session's start "
                            "is missing, undone or cannot be used), so its cards cannot be dealt",
                            where=str(event.get("event")))
        return None
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise LogError("'cards' must be a list of card names", found=repr(raw)[:80])
    if not raw:
        raise RuleError("no cards typed in", where="cards",
                        suggestion="Type the cards drawn, e.g. 'QH, 3S', or leave the field empty "
                                   "to draw from the shuffled deck.")
    return [parse_card(x) for x in raw]


def open_live_deck(path: str | None = None, *, read_only: bool = False) -> LiveDeckTracker:
    """A live deck backed by a log file (``None``: in memory); ``read_only`` for a replay."""
    return LiveDeckTracker(EventLog(path, read_only=read_only) if path is not None else None)


def draw_event(character: str, task: str, check: TaskCheck,
               cards: Iterable[str] | None = None) -> Event:
    """The ``draw`` event for a check (what the panel and the CLI log)."""
    ev: Event = {"event": "draw", "character": character, "task": task, "skill": check.skill,
                 "target": check.target_label, "need": check.need, "situation": check.situation,
                 "aged": check.aged, "disadvantage": check.disadvantage, "mode": check.mode,
                 "red_bad": check.red_bad}
    for reading in ("bad_succeeds", "cancel_draws_on"):  # the house readings, when not the default
        if not getattr(check, reading):
            ev[reading] = False
    if cards is not None:
        ev["cards"] = list(cards)
    return ev
