"""The Mice and Mystics dashboard as an event log: one :class:`MysticsTracker`, its state a fold.

Every table action is one JSON line; undo/redo, autosave and crash recovery come from
:mod:`companion.eventlog`. Shuffles, boss-card choices and ambush rolls are drawn from
the seed the ``start`` event records (``event_rng(seed, step, purpose)``), or typed in
from the table as event data (``order``, ``boss_cards``, ``rolls``). Die rolls and boss cards
drawn from the seed depend on the card data (the die's movement numbers, a boss's cards),
which a correction may change later: a live action records them in its event as ``rolls``
and ``boss_cards`` (:meth:`MysticsTracker.complete`), so a replay does not draw them again.
A log written before they were recorded draws them from the seed.

The card data values the fold needs (a mouse's life, classes, abilities and starting equipment; a
minion type's life, cards, boss and Aggressive; the chapter's Defeat and special surges; a search card's
kind and requirements; an ability card's classes) are read by the first line of the chapter that needs
them and recorded in it (``card_data``, :data:`CARD_DATA`); the chapter keeps them to its end
(:attr:`MysticsState.read`) and a replay reads them from the line. So a correction of the data
(``companion cards correct``) made during a chapter never changes its past: its new values apply from
the next chapter (a card no line has read yet is read as the data is then; a life can be set now with
``set_stats``), and the page and ``mystics replay`` say which values changed (:func:`data_notes`). A
line logged before values were recorded reads today's data, and says so (:attr:`MysticsState.today`).
Only the tracker writes ``card_data``: one typed into a live action is refused. A logged line's values
are checked as the card data's are, their numbers against :mod:`companion.mystics.limits` (a life of -5
makes the line a log problem, never a figure's life). A search card is recorded by its id (one card,
one record, however it is typed), an ability card by its name as typed.

Typed ``rolls`` are numbers on the action die (1-3, Mouse Movement) and are all used, one per card
that rolls; an ``order`` names cards by id or name. Mice and minion types may be named by id
or name, in any case, singular or plural (:mod:`companion.mystics.names`).

Events (fields in brackets are optional):

- ``{"event": "start", "chapter_end": 6, "mice": ["collin", {"id": "lily", "life": 4}],
  "minions": {"rat_warriors": 3}, "seed": 3, [chapter, order, overflow, abilities]}``:
  a chapter begins; hourglass on page 1; initiative shuffled (Determining Initiative Order).
  ``abilities`` maps a mouse of the party to its ability card, which must fit its class
  (Game setup); with ``chapter``, mice the chapter's Party Setup excludes are refused.
  ``overflow``: ``"discard"`` (book) or ``"carry"`` (house variant). A mouse or minion
  type missing from the card data may be typed in as an object with its stats (a mouse's:
  :data:`MOUSE_FIELDS`). A start rolls no die: its cards are shuffled, and nothing ambushes. A start
  whose party size, chapter end page or minions differ from the chapter's setup says so in a note.
- ``{"event": "encounter", "card": "E7", "minions": {...}, [ambush, surge, surge_text,
  mousetraps, order, rolls, boss_cards]}``: new minions arrive and the card becomes the face-up
  encounter card (the old one is discarded). ``surge`` is the card's surge minions (their
  types are checked now), ``surge_text`` its surge in words when it is no minion list.
- ``{"event": "add_minions", "minions": {...}, [ambush, order, rolls, boss_cards]}``:
  minions placed by a chapter rule.
- ``{"event": "room", "name": "Courtyard", [tile, special_surge, special_surge_text]}``:
  the mice are in this room; its special surge replaces the encounter card's. With no surge typed, the
  chapter's data gives it (by ``tile``, or a tile of the chapter named so): a live action logs the
  ``tile`` and, when its text is a list of minions ("2 rat warriors"), those as its ``special_surge``,
  which the surge then places (Surges, step 2); a surge the data marks ``uncertain`` is kept as its text,
  never placed by itself (its minions are placed by hand if it is the room's). The message names the surge
  the room took.
- ``{"event": "minion_cheese", "count": 2, [order, rolls, boss_cards]}``: cheese on the minion wheel
  (surge at 6); ``order``, ``rolls`` and ``boss_cards`` place the minions of the surge it triggers, as
  do those of ``greedy_steal`` and ``end_turn`` (Time is Short!).
- ``{"event": "wound_minion", "minion": "spider", "count": 2, [figure, card, by]}``;
  ``{"event": "defeat_minion", "minion": "spider", [count, figure, by]}`` (figures leave). A boss's
  ``card`` is named by its id or its name as the track shows it; ``by``: the mouse that defeated the
  figure (default: the mouse whose turn it is), for Pilfer.
- ``{"event": "end_turn"}``: the card whose turn it is finishes; the pointer moves on
  (Aggressive swap, charmed marker, Time is Short!, rescue of a captured mouse: being rescued takes its
  whole turn, which ends at once; a live action logs ``rescue_ends_turn``).
- ``{"event": "wound", "mouse": "filch", "count": 1, [poison]}``, ``{"event": "heal", ...}``,
  ``{"event": "capture", "mouse": "filch"}``, ``{"event": "rescue", "mouse": "filch", [force]}`` (on the
  mouse's own turn: the rescue takes that turn, which ends).
- ``{"event": "mouse_cheese", "mouse": "filch", "count": 1}`` (negative spends),
  ``{"event": "pilfer", "mouse": "filch", [from]}`` (1 cheese for a figure Filch defeated this turn: on
  his turn, or a defeat logged with ``"by": "filch"``; from the wheel for a Rat, else the supply; Pilfer),
  ``{"event": "greedy_steal", "mouse": "nez"}`` (a greedy roach moves a cheese to the wheel; roaches must be
  on the board),
  ``{"event": "level_up", "mouse": "tilda", "ability": "First Aid", [classes]}``. Share, equip (or
  unequip) and level up are free actions: only in the turn of the mouse on the track (a share: the turn of
  one of its two mice), not charmed (Charmed: its turn is a minion's), once each
  (:func:`free_action_refusal`, :func:`share_refusal`). Before play begins (from the start until the first
  end_turn or action of play: :func:`in_setup`), any mouse equips, unequips and shares, not counted as a
  free action (Game setup, step 4: the starting equipment).
- ``{"event": "condition", "mouse": "nez", "condition": "webbed", [on]}``.
- ``{"event": "gain", "mouse": "nez", "card": "Grape", [trick, discard]}``,
  ``{"event": "discard", "mouse": ..., "card": ...}``, ``{"event": "equip", "mouse": ...,
  "card": ..., "slot": "paw"|"armor"|"accessory"|"tail", [paws]}``, ``{"event": "unequip", "mouse": ...,
  "card": ..., [slot, discard]}`` (``slot``: the slot of the copy unequipped, of a card equipped twice, or
  ``equipped``, the default: the first equipped copy),
  ``{"event": "share", "from": ..., "to": ..., [cheese, card, slot, discard]}`` (``slot``: where the copy
  given of a card held twice is, ``pack``, ``equipped`` or its slot, default the pack's; ``discard``: the card
  the receiver discards when its pack is full). A card a mouse holds is named by its name or id, in any
  case (starting equipment is recorded by id); an equip checks the card's other requirements
  (a class, or a named mouse: Search Cards).
- ``{"event": "achievement", "name": "cheesemaster", [mouse, move_end]}`` (a story achievement of the
  chapter's data with no ``move_end`` moves the marker as its chapter says, and a live action logs it; the
  party earns it once; Scaper and Poisonmaster need their condition as logged: :func:`achievement_unmet`;
  names are compared by :func:`companion.mystics.names.achievement_key`, and a name close to a known one
  is noted),
  ``{"event": "chapter_end", "move": 1}``, ``{"event": "hourglass", "move": 1}``,
  ``{"event": "victory"}``, ``{"event": "defeat", [reason]}``.
- ``{"event": "set_order", "order": [...]}``, ``{"event": "set_turn", "card": "collin"}``,
  ``{"event": "set_stats", "mouse": "collin", "life": 5}``: corrections to match the table (a mouse whose
  wounds reach the life set is captured, a minion figure defeated, by no mouse, so no Pilfer: a live action
  logs ``defeats``).
- ``{"event": "note", "text": "..."}``; ``{"event": "undo"}`` and ``{"event": "redo"}``
  (handled by :class:`companion.eventlog.Tracker`).

:data:`EVENT_FIELDS` lists what each kind takes (``companion mystics events``). Fields that exclude
each other (``move`` and ``page``, ``mouse`` and ``minion``, a ``count`` other than 1 and ``figure``,
...) are refused together, never one silently left out; an event logged before such a check is
kept as it was played, with a note (:func:`_kept`).

A captured mouse is off the board (Captured Mouse): it takes no marker, cheese or wound, is not
healed, and gains, discards, equips and unequips no search card (it skips its turn: Rescuing a Mouse);
a new action doing so is refused, in one wording (:func:`captured_error`). A no-op (a life set
to the life it has, a condition it has already, a room left when there is none) is refused rather than
logged. With a chapter whose data says every mouse captured at the same time is a defeat (chapter 1's
Defeat), that capture loses the chapter (:attr:`companion.mystics.data.Chapter.all_captured_defeat`).
Once the chapter is lost, the chapter end marker stays where it was lost, so the defeat's reason stays
true of the board.

Numbers are bounded where they enter (:mod:`companion.mystics.limits`: pages of the chapter
track, figures of a minion type, life, counts per event): a new event beyond a limit is refused,
naming the field, the value and the range. A logged ``start`` beyond one is kept with a note
(refusing it would lose the chapter), with at most the limit of figures placed; the screens
draw at most a few pages of a huge chapter track it may hold.

Only a minion whose data says ``"boss": true`` is a boss (Boss initiative cards: two of its cards
on the track, the first ambushes). Brodie is no boss: his two cards (Brodie) are placed on the next
available slots like any new minion cards (Determining Initiative Order).
"""

from __future__ import annotations

import functools
import os
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from .. import cite, possessive
from ..cards import KeptCards
from ..errors import CompanionError, LogError, RuleError, UnknownCardError, closest, did_you_mean, shown
from ..eventlog import SEED_WORDS, Event, EventFields, EventLog, Tracker, event_rng, good_seed
from ..verdict import and_list, plural
from . import chapter as ch
from . import initiative as ini
from . import limits as lim
from . import names
from . import party as pt
from .chapter import Board, Encounter, Room, Surge, figure_words
from .data import GAME, MOVEMENT_RANGE, Chapter, Named, TileRule
from .initiative import InitCard
from .party import HeroInfo, MinionGroup, MinionInfo, Mouse

MESSAGES_KEPT = 40
#: The longest note a new ``note`` event takes, in characters (a note says more than a name, whose
#: fields take 120 at most); a note already logged is read as it was, shown cut at this length.
NOTE_MAX = 500
#: How the tracker begins its note on a logged action its rules refuse today, kept as played.
KEPT = "Kept as logged, though the rules refuse it now"
#: Where the book is silent, the tracker follows these readings (shown to users with the state).
HOUSE_READINGS = (
    "Ambush: minion cards roll one at a time from the top of the track down.",
    "After a full re-shuffle of the track mid-round, the next turn is the top card's.",
    "A card removed on its own turn ends that turn; the card that moves up into its slot goes next, "
    "in the same round.",
    "Wound markers on a shared minion card belong to the figure that took them.",
    "Brodie's two initiative cards share his figure: its wounds are the figure's, and both cards leave "
    "the track when he is defeated.",
    "Born to Lead is checked every time cards are placed on the track.",
    "A corrected initiative order keeps the turn with the card taking it; cards moved across it miss "
    "this round's turn or take a second one (the message names them; Set turn corrects).",
    "Cheese beyond the 6th is removed with the rest after a surge (book); 'carry' is a house variant.",
    "Free actions are counted for the mouse whose turn it is on the track: share, equip (or unequip) and "
    "level up once each in its turn. Share lines between the same two mice with nothing logged between them "
    "are one share (cards one by one, cheese once each way); equip and unequip lines in a row are one equip.",
    "Pilfer takes a minion figure defeated since the turn on the track began, the latest first.",
)
#: Reminders shown when a mouse with a marker starts its turn (Negative Effects; Recover).
TURN_REMINDERS = {
    "stunned": "it can move, but its only action is a recover action",
    "webbed": "it cannot move or scurry until a recover action removes the web (a check symbol)",
    "knocked_down": "it must spend its entire move to get back up",
    "charmed": "it moves and attacks like a melee minion this turn, using only its initiative card",
}
DEFEAT = ("Defeat: the hourglass reached the chapter end marker "
          "(mice-and-mystics.txt, Story Control Board)")


def c(section: str) -> str:
    return cite("mystics", section)


@dataclass(frozen=True)
class FreeActions:
    """The free actions (Free Mouse Actions: share, equip, level up) the mouse whose turn it is has taken
    this turn. ``open``: the one the latest action took or went on with (``"equip"``, ``"share:filch"``,
    with the other mouse), which the next action of the same kind continues; ``cheese_from``: the mice
    that gave cheese in that share (each way once: one share gives its cheese at once)."""

    mouse: str | None = None
    used: tuple[str, ...] = ()
    open: str | None = None
    cheese_from: tuple[str, ...] = ()
    at: int = -1  # the step of the action that took or went on with ``open``


@dataclass(frozen=True)
class MysticsState:
    """The whole dashboard: track, pointer, board, party and minions."""

    started: bool = False
    seed: int | str | None = None
    chapter: int | None = None
    board: Board = field(default_factory=Board)
    track: ini.Track = ()
    # index of the card taking its turn; -1: the next turn is the top card's (a new round).
    # With ``acting`` None and ``turn`` >= 0, the card whose turn it was has left the track
    # mid-turn and ``turn`` is the card that moved up into its slot: its turn is next.
    turn: int = -1
    acting: str | None = None  # id of the card taking its turn
    round: int = 0
    #: the setup window: from the start until the first end of a turn or the first action of play (Game
    #: setup, step 4: the mice equip their starting cards before play; a campaign's kept card too): any mouse
    #: equips, unequips and shares then, not counted as a free action of the turn (:func:`in_setup`)
    setup: bool = False
    mice: tuple[Mouse, ...] = ()
    minions: tuple[MinionGroup, ...] = ()
    roster: tuple[tuple[str, MinionInfo], ...] = ()  # minion types typed in by events
    messages: tuple[str, ...] = ()
    # messages said since the start, the cut-off ones too: an action added the last (after - before)
    said: int = 0
    alert: str | None = None  # the surge the latest action triggered, for the dashboard's alert
    step: int = 0
    # minion figures defeated since the turn began and not yet pilfered, oldest first: (name, a Rat, the
    # mouse that defeated it: the event's "by", else the mouse whose turn it was; None on a minion's turn)
    unpilfered: tuple[tuple[str, bool, str | None], ...] = ()
    #: the mice captured since the turn began: a mouse captured on its own turn is rescued on its NEXT turn,
    #: not on this one (Rescuing a Mouse: "automatically rescued on its next turn"; :func:`rescue_too_soon`)
    captured_this_turn: tuple[str, ...] = ()
    #: the mice captured with at least 1 unhealed poison wound this chapter, once per such capture, oldest
    #: first: the condition of Poisonmaster (Individual Achievements; :func:`achievement_unmet`)
    poison_captures: tuple[str, ...] = ()
    free: FreeActions = field(default_factory=lambda: FreeActions())
    #: the hero card each mouse started the chapter with (the card data's as the start read it, with the
    #: values typed into the start over it): Born to Lead and Pilfer read it, never today's data
    heroes: tuple[tuple[str, HeroInfo], ...] = ()
    #: the card data values the chapter's lines read, by (kind, key) of :data:`CARD_DATA`: (the value as
    #: logged, the event kind that first read it); kept for the rest of the chapter (see :func:`data_notes`)
    read: Mapping[tuple[str, str], tuple[Any, str]] = field(default_factory=dict)
    #: what lines logged before the values were recorded read from today's card data, in words
    today: tuple[str, ...] = ()

    # -- derived ----------------------------------------------------------------------
    @property
    def minions_on_board(self) -> int:
        return sum(len(g.figures) for g in self.minions)

    @property
    def current_index(self) -> int:
        """The slot of the card taking its turn; -1 when none is (between turns)."""
        return self.turn if self.acting is not None and 0 <= self.turn < len(self.track) else -1

    @property
    def current(self) -> InitCard | None:
        """The card taking its turn, if any."""
        i = self.current_index
        return self.track[i] if i >= 0 else None

    @property
    def turn_mouse(self) -> str | None:
        """The id of the mouse taking its turn on the track; ``None`` on a minion's (or a boss's) turn, or
        between turns."""
        cur = self.current
        return cur.id if cur is not None and cur.kind == ini.MOUSE else None

    @property
    def next_card(self) -> InitCard | None:
        """The card whose turn comes after the current one (or after the gap a removed card left)."""
        if not self.track:
            return None
        if self.acting is None and 0 <= self.turn < len(self.track):
            return self.track[self.turn]
        i = self.current_index
        return self.track[i + 1] if 0 <= i < len(self.track) - 1 else self.track[0]

    @property
    def surge_alert(self) -> bool:
        """True right after the latest action triggered a surge (for the dashboard)."""
        return self.alert is not None

    def mouse(self, mid: str) -> Mouse:
        return pt.find(self.mice, mid)

    def to_json(self, card_name: Callable[[str], str] = str,
                card_id: Callable[[str], str | None] | None = None) -> dict[str, Any]:
        """The chapter as ``--json`` gives it; ``card_name`` and ``card_id``: a search card's name and id in
        the card data (:meth:`MysticsTracker.card_name`, :meth:`MysticsTracker.data_card_id`), for each
        mouse's ``gear`` (:meth:`~companion.mystics.party.Mouse.to_json`)."""
        b = self.board
        groups = {g.id: g for g in self.minions}
        track = []
        for i, card in enumerate(self.track):
            entry: dict[str, Any] = {"slot": i + 1, "id": card.id, "kind": card.kind, "name": card.name,
                                     "current": i == self.current_index}
            if card.kind == ini.BOSS:
                entry.update(life=card.life, wounds=card.wounds)
            elif card.kind == ini.MINION and (card.minion or card.id) in groups:
                g = groups[card.minion or card.id]  # Brodie's two cards share his figure
                entry.update(figures=len(g.figures), wounds=list(g.figures), life=g.life)
            elif card.kind == ini.MOUSE:
                m = pt.find(self.mice, card.id)
                entry.update(captured=m.captured, conditions=list(m.conditions))
            track.append(entry)
        return {
            "chapter": self.chapter, "hourglass": b.hourglass, "chapter_end": b.chapter_end,
            "pages_left": b.pages_left, "wheel": b.wheel, "overflow": b.overflow,
            "surges": [s.to_json() for s in b.surges], "defeated": b.defeated,
            "defeat_reason": b.defeat_reason, "victory": b.victory,
            "encounter": None if b.encounter is None else {
                "name": b.encounter.name, "surge": dict(b.encounter.surge),
                "surge_text": b.encounter.surge_text},
            "room": None if b.room is None else {
                "name": b.room.name, "special_surge": dict(b.room.special_surge),
                "special_surge_text": b.room.special_surge_text},
            "achievements": [{"name": n, "mouse": m} for n, m in b.achievements],
            "round": self.round, "turn": None if self.current is None else self.current.id,
            "next": None if self.next_card is None else self.next_card.id,
            "initiative": track, "mice": [m.to_json(card_name, card_id) for m in self.mice],
            "minions": [g.to_json() for g in self.minions], "minions_on_board": self.minions_on_board,
            "seed": self.seed, "messages": list(self.messages), "surge_alert": self.alert,
        }


# -- event field helpers ---------------------------------------------------------------------

def _int(event: Event, key: str, default: int | None = None, *, minimum: int | None = None,
         maximum: int | None = None, why: str = "") -> int:
    """A whole-number field; with ``maximum``, one out of ``minimum``..``maximum`` is refused naming
    the field, the value and the range (``why``: the game's reason, see :mod:`.limits`)."""
    value = event.get(key, default)
    if value is None:
        raise LogError(f"{event['event']!r} event needs a {key!r} field", expected="a whole number")
    if not isinstance(value, int) or isinstance(value, bool):
        raise LogError(f"{event['event']!r} event: bad {key} {repr(value)[:40]}", expected="a whole number")
    if maximum is not None:
        low = -maximum if minimum is None else minimum
        if not low <= value <= maximum:
            raise LogError(f"{event['event']!r} event: {key} {lim.show(value)} is out of range",
                           expected=f"{low} to {maximum}: {why}")
    elif minimum is not None and value < minimum:
        raise LogError(f"{event['event']!r} event: bad {key} {lim.show(value)}",
                       expected=f"{minimum} or more")
    return value


def _str(event: Event, key: str) -> str:
    value = event.get(key)
    if not isinstance(value, str) or not value:
        raise LogError(f"{event['event']!r} event needs a {key!r} field", expected="a name",
                       found=repr(value))
    return value


def _flag(event: Event, key: str) -> bool:
    """A yes/no field: true or false, as JSON writes them (a "no" read as true had recorded a
    poison wound nobody meant); absent is false."""
    value = event.get(key, False)
    if not isinstance(value, bool):
        raise LogError(f"{event['event']!r} event: bad {key} {repr(value)[:40]}", expected="true or false")
    return value


def _list(event: Event, key: str) -> list[Any] | None:
    value = event.get(key)
    if value is None:
        return None
    if not isinstance(value, list):
        raise LogError(f"{event['event']!r} event: {key} must be a list", found=repr(value)[:60])
    return value


def _opt_str(event: Event, key: str) -> str | None:
    value = event.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not value:
        raise LogError(f"{event['event']!r} event: bad {key} {value!r}", expected="a name")
    return value


def _str_list(event: Event, key: str) -> list[str] | None:
    value = _list(event, key)
    if value is not None and not all(isinstance(x, str) for x in value):
        raise LogError(f"{event['event']!r} event: {key} must list names", found=repr(value)[:60])
    return value


def _not_both(event: Event, a: str, b: str, why: str) -> CompanionError | None:
    """The refusal of an event given both ``a`` and ``b``, which exclude each other (``why``: what
    each one does), or ``None``; one of them is never silently left out."""
    if a in event and b in event:
        return LogError(f"{event['event']!r} event: give {a} or {b}, not both", expected=why,
                        found=f"{a} {repr(event[a])[:20]}, {b} {repr(event[b])[:20]}")
    return None


class MysticsTracker(Tracker[MysticsState]):
    """The dashboard tracker. ``die``, ``heroes`` and ``minions`` default to the card data.

    ``die``: action-die faces (their movement numbers draw seeded ambush rolls; without
    them ambush rolls must be typed in). ``heroes``/``minions``: id -> info, for tests and
    for users whose cards are not in the data. ``chapters``: number -> chapter record
    (its Party Setup's excluded mice are checked at the start). ``card_names``: search card
    id -> name, for the words shown (:meth:`card_name`); default the search card data.
    ``search_cards``: the search cards (:class:`companion.mystics.data.SearchCard`), whose requirements
    an equip is checked against; default the card data.
    """

    KIND = "mystics"

    def new_start(self, log: str | os.PathLike[str] | None = None) -> str:
        """How to start anew (:meth:`~companion.eventlog.Tracker.new_start`): ``mystics new`` takes no log
        that holds lines (an undone start, one that cannot be used), so a start event is logged into it
        with ``do``, or a new log is begun."""
        if self.is_new:
            return super().new_start(log)
        import json
        import shlex

        from ..logstarts import LOG_STARTS, for_log

        start = json.dumps({"event": "start", "mice": ["collin", "filch"], "chapter_end": 6})
        where = shlex.quote(self._log_words(log))
        mine = LOG_STARTS["mystics"]
        do = f"companion mystics do {where} {shlex.quote(start)}"
        return (f"start a new {mine.thing}. Start one with: {do} (or {mine.page}); on a new log: "
                f"{for_log(mine.command, 'NEWLOG')}.")

    def action_words(self, before: MysticsState, after: MysticsState) -> list[str]:
        """What an action said: the messages it added (:func:`added_messages`)."""
        return list(added_messages(before, after))

    #: Whether a card file of yours that does not load is left out of the card data (the page's tracker),
    #: not raised (:class:`companion.cards.KeptCards`).
    LEAVES_OUT = False

    def __init__(self, log: EventLog | str | Any | None = None, *, die: Sequence[Any] | None = None,
                 heroes: Mapping[str, HeroInfo] | None = None,
                 minions: Mapping[str, MinionInfo] | None = None,
                 abilities: Mapping[str, tuple[str, ...]] | None = None,
                 special_surge: Callable[[int, int], str | None] | None = None,
                 chapters: Mapping[int, Any] | None = None,
                 card_names: Mapping[str, str] | None = None,
                 search_cards: Sequence[Any] | None = None) -> None:
        self._die = tuple(die) if die is not None else None
        self._search = {x.id: x for x in search_cards} if search_cards is not None else None
        self._search_keys: dict[str, Any] | None = None  # id and name, casefolded -> card (search_card)
        self._card_names = dict(card_names) if card_names is not None else None
        self._chapters = dict(chapters) if chapters is not None else None
        self._data_errors: dict[str, CompanionError] = {}
        # the card files, read once for every kind of data below (again only when a file of yours changes)
        self._cards = KeptCards(GAME, leave_out=self.LEAVES_OUT)
        self._heroes = dict(heroes) if heroes is not None else None
        self._minions = dict(minions) if minions is not None else None
        # ability card -> classes: by name as the cards say it (the choices), and the lookup by name or id
        self._abilities = (dict(abilities), dict(abilities)) if abilities is not None else None
        self._special_surge = special_surge
        self._draws: Draws | None = None  # set while :meth:`complete` records a live action's draws
        # while an event is applied: the card data its line recorded, and what it read (:meth:`_data`)
        self._recorded: Mapping[str, Any] | None = None
        self._reads: list[tuple[str, str, Any, bool]] | None = None
        super().__init__(log)

    # -- data (lazy, so a tracker with explicit rosters never touches the card files) ------
    # A card file that cannot be loaded raises its own error (file, JSON pointer, why) each
    # time the data is needed: it is never taken for "no such card".
    def _load(self, kind: str, loader: Callable[[], Any]) -> Any:
        if kind in self._data_errors:
            raise self._data_errors[kind]
        try:
            return loader()
        except CompanionError as exc:
            self._data_errors[kind] = exc
            raise

    @property
    def die(self) -> tuple[Any, ...]:
        if self._die is None:
            from .data import action_die
            self._die = self._load("die", lambda: action_die(self._cards()))
        return self._die

    def hero_roster(self) -> dict[str, HeroInfo]:
        if self._heroes is None:
            from .data import heroes
            self._heroes = self._load("heroes",
                                      lambda: {h.id: HeroInfo.from_record(h) for h in heroes(self._cards())})
        return self._heroes

    def minion_roster(self) -> dict[str, MinionInfo]:
        if self._minions is None:
            from .data import minions
            self._minions = self._load(
                "minions", lambda: {m.id: MinionInfo.from_record(m) for m in minions(self._cards())})
        return self._minions

    def _ability_data(self) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
        """The ability cards' classes, loaded once: by name as the cards say it (in the data's order),
        and by lower-case name and by id (what an event may name)."""
        if self._abilities is None:
            from .data import ability_cards

            def load() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
                cards = ability_cards(self._cards())
                keys: dict[str, tuple[str, ...]] = {}
                for a in cards:
                    keys[a.name.lower()] = a.classes
                    keys[a.id] = a.classes
                return {a.name: a.classes for a in cards}, keys

            self._abilities = self._load("abilities", load)
        return self._abilities

    def ability_choices(self, classes: Sequence[str] = ()) -> tuple[str, ...]:
        """The ability cards a mouse of ``classes`` may choose (Game setup, step 3; Level Up): those of one
        of its classes and those of any class; every card when its classes are unknown. Raises the card
        data's own error when it cannot be loaded."""
        mine = {x.lower() for x in classes}
        out = []
        for name, need in self._ability_data()[0].items():
            need_set = {x.lower() for x in need}
            if not mine or not need_set or "any" in need_set or mine & need_set:
                out.append(name)
        return tuple(out)

    def card_name(self, card: str) -> str:
        """A search card as the table reads it: its name for an id of the card data (a hero's starting
        equipment is recorded by id: ``tildas-mace`` is Tilda's Mace), else as it was typed. Only for
        words shown: a card data that cannot be loaded leaves the id (the pages say why elsewhere)."""
        if self._card_names is None:
            try:
                self._card_names = {x.id: x.name for x in self.search_card_data().values()}
            except CompanionError:
                return card
        return self._card_names.get(card, card)

    def card_id(self, card: str) -> str:
        """The id of the search card ``card`` names (by id or name, any case), else ``card``."""
        found = self.search_card(card)
        return found.id if found is not None else card

    def data_card_id(self, card: str) -> str | None:
        """The id of the search card ``card`` names (by id or name, any case); ``None``: the card data holds
        no such card (one of the table's own), or cannot be loaded."""
        found = self.search_card(card)
        return None if found is None else str(found.id)

    def search_card_data(self) -> dict[str, Any]:
        """The search cards by id (:class:`companion.mystics.data.SearchCard`); raises the card data's
        own error when it cannot be loaded."""
        if self._search is None:
            from .data import search_cards

            self._search = self._load("search", lambda: {x.id: x for x in search_cards(self._cards())})
        return self._search

    def search_card(self, card: str) -> Any | None:
        """The search card of the data ``card`` names (its id or name, any case), or ``None`` (a card
        typed in that the data does not hold, or data that cannot be loaded)."""
        try:
            data = self.search_card_data()
        except CompanionError:
            return None
        if card in data:
            return data[card]
        if self._search_keys is None:  # (the first card of the data an id or a name is, as a scan finds it)
            self._search_keys = {}
            for x in data.values():
                self._search_keys.setdefault(x.id.casefold(), x)
                self._search_keys.setdefault(x.name.casefold(), x)
        return self._search_keys.get(card.casefold().strip())

    def chapter_info(self, number: int | None) -> Any | None:
        """The chapter's record (:class:`companion.mystics.data.Chapter`), ``None`` if the data has none."""
        if number is None:
            return None
        if self._chapters is None:
            from .data import chapters
            self._chapters = self._load("chapters", lambda: {c.number: c for c in chapters(self._cards())})
        return self._chapters.get(number)

    def room_surge_text(self, state: MysticsState, tile: int) -> str | None:
        """The special surge of room tile ``tile`` in the chapter's data, as the chapter read it."""
        if self._special_surge is not None:
            return self._special_surge(state.chapter or 0, tile)
        rule = self.room_surge(state, tile)
        return None if rule is None else f"{rule.name}: {rule.text}"

    def room_surge(self, state: MysticsState, tile: int) -> TileRule | None:
        """The special surge rule of room tile ``tile`` in the chapter's data, as the chapter read it, with
        its ``uncertain`` flag (the data's reading of a messy text may be wrong: chapter 1's tiles are read
        from the text's interleaved columns). A chapter recorded before the flag was has none: today's
        data says it, for the same rule. ``None``: no chapter, or no special surge for that tile (or the
        surge is given by the ``special_surge`` hook: :meth:`room_surge_text`)."""
        if self._special_surge is not None:
            return None
        info = self.chapter_data(state)
        rule = None if info is None else info.surge_for(tile)
        if rule is None or rule.uncertain:
            return rule
        raw = self._logged(state, CHAPTERS, str(state.chapter))
        recorded = raw.get("special_surges") if isinstance(raw, Mapping) else None
        if isinstance(recorded, list) and any(isinstance(x, Mapping) and "uncertain" in x for x in recorded):
            return rule  # (recorded with its flag)
        try:
            today = self.chapter_info(state.chapter)
        except CompanionError:
            return rule
        now = None if today is None else today.surge_for(tile)
        same = now is not None and (now.name, now.text) == (rule.name, rule.text)
        return replace(rule, uncertain=True) if same and now is not None and now.uncertain else rule

    # -- the card data a line reads (recorded in it: see :data:`CARD_DATA`) ----------------------
    def _logged(self, state: MysticsState, kind: str, key: str) -> Any:
        """The value of ``kind``/``key`` as the chapter read it already, else as this line recorded it;
        :data:`_ABSENT` when neither has it."""
        if (kind, key) in state.read:
            return state.read[(kind, key)][0]
        rec = self._recorded
        if rec is not None:
            values = rec.get(kind)
            if isinstance(values, Mapping) and key in values:
                value = values[key]
                _limits(kind, key, value, logged=True)  # (a bad number is the line's problem, never taken)
                if self._reads is not None:
                    self._reads.append((kind, key, value, False))
                return value
        return _ABSENT

    def _data(self, state: MysticsState, kind: str, key: str, today: Callable[[], Any]) -> Any:
        """The card data value ``kind``/``key`` (as JSON; ``None``: not in the card data): as the chapter
        read it already (kept for the chapter), else as this line recorded it, else ``today()``, read from
        the card data now: a live action records it in its line (:meth:`complete`); a logged line that
        did not record it (written before values were recorded) notes it as today's
        (:attr:`MysticsState.today`)."""
        value = self._logged(state, kind, key)
        if value is not _ABSENT:
            return value
        value = today()
        if self._draws is not None:  # (recorded: a number its replay would refuse is refused now)
            _limits(kind, key, value, logged=False)
            self._draws.card_data.setdefault(kind, {})[key] = value
        if self._reads is not None:
            self._reads.append((kind, key, value, self.replaying and self._draws is None))
        return value

    def chapter_data(self, state: MysticsState) -> Chapter | None:
        """The chapter's record (:class:`companion.mystics.data.Chapter`) as the chapter's start read it;
        ``None`` without a chapter number or when the data had no such chapter."""
        if state.chapter is None:
            return None
        value = self._data(state, CHAPTERS, str(state.chapter),
                           lambda: _chapter_json(self.chapter_info(state.chapter)))
        return None if value is None else _chapter_of(str(state.chapter), value)

    def hero_info(self, state: MysticsState, mid: str) -> HeroInfo | None:
        """The hero card mouse ``mid`` started the chapter with; the card data's for a state without it."""
        info = dict(state.heroes).get(mid)
        return info if info is not None or state.heroes else self.hero_roster().get(mid)

    def chapter_minions(self, state: MysticsState) -> dict[str, MinionInfo]:
        """The minion types the chapter read from the card data, by id, as it read them."""
        out: dict[str, MinionInfo] = {}
        for (kind, key), (value, _by) in state.read.items():
            if kind == MINIONS and value is not None:
                info = _minion_of(key, value)
                out.setdefault(info.id, info)
        return out

    def initial(self) -> MysticsState:
        return MysticsState()

    def apply(self, state: MysticsState, event: Event) -> MysticsState:
        kind = event.get("event")
        handler = _HANDLERS.get(kind)  # type: ignore[arg-type]
        if handler is None:
            kinds = sorted(_HANDLERS)
            hint = closest(str(kind), kinds)
            raise LogError(f"unknown event {kind!r}", expected="one of " + ", ".join(kinds),
                           suggestion=f"Did you mean {hint[0]!r}?" if hint else None)
        if kind != "start" and not state.started:  # (a new action: Tracker.do says an undone start's redo)
            raise RuleError(f"{kind!r} before the chapter started", suggestion='Log a "start" event first.')
        ended = None if self.replaying else end_refusal(state, str(kind))
        if ended is not None:
            raise ended
        recorded, reads = self._recorded, self._reads
        self._recorded, self._reads = _card_data(event), []
        try:
            new = handler(self, replace(state, alert=None), event)
            new = _remember(new, self._reads, str(kind))
        finally:
            self._recorded, self._reads = recorded, reads
        if new.free.open is not None and new.free.at != state.step:  # any other action ends a share or equip
            new = replace(new, free=replace(new.free, open=None, cheese_from=()))
        if new.setup and kind not in SETUP_KINDS:  # (play has begun: the setup window closes)
            new = replace(new, setup=False)
        return replace(new, step=state.step + 1)

    def complete(self, state: MysticsState, event: Event) -> Event:
        """A live action with what it draws from the seed filled in: the die rolls (``rolls``) and
        the boss cards (``boss_cards``), drawn from the die and minion data as they are now, and the
        card data values it read (``card_data``: a mouse's life, a minion type's, a search card's
        kind...). A replay uses them as logged, so a later correction of the data never changes a
        past turn. A ``card_data`` typed into a live action is refused: the tracker writes it, from the
        card data as it is (typed in, it would stand for the data, unchecked)."""
        if CARD_DATA in event:
            raise LogError(f"{str(event.get('event'))[:40]!r} event: card_data is logged by a live action, "
                           "not typed in: the tracker records the card data values the action reads",
                           found=repr(event[CARD_DATA])[:60],
                           suggestion="leave card_data out; a value the card data lacks (a minion type's "
                                      "life...) is typed into the event's own fields, or set with set_stats")
        draws = Draws()
        self._draws = draws
        try:
            self.apply(state, event)  # a refused action raises here, before anything is written
        finally:
            self._draws = None
        if not (draws.rolls or draws.boss_cards or draws.order or draws.decided or draws.card_data):
            return event
        out = {**event, **draws.decided}
        if draws.card_data:
            out[CARD_DATA] = draws.card_data
        if draws.order:  # the order dealt, so a line lost earlier never re-deals it (as the rolls)
            out["order"] = draws.order
        if draws.rolls:
            out["rolls"] = draws.rolls
        if draws.boss_cards:
            out["boss_cards"] = {**(event.get("boss_cards") or {}), **draws.boss_cards}
        return out

    # -- helpers used by the handlers ------------------------------------------------------
    def rng(self, state: MysticsState, purpose: str) -> random.Random:
        return event_rng(state.seed if state.seed is not None else 0, state.step, purpose)

    def minion_info(self, state: MysticsState, mid: str, spec: Any) -> MinionInfo:
        """Minion type ``mid`` (an id or a name) as the chapter has it: typed in by an event (or its life
        set), as the chapter read it from the card data, else read now (:meth:`_data`)."""
        typed = dict(state.roster)
        chapter = self.chapter_minions(state)
        if isinstance(spec, Mapping) and any(k in spec for k in ("life", "cards", "name", "boss")):
            given = pt.minion_from_event(mid, spec)
            known = typed.get(mid) or chapter.get(mid)
            if known is None:
                value = self._data(state, MINIONS, mid, lambda: _minion_json(self.minion_roster().get(mid)))
                known = None if value is None else _minion_of(mid, value)
            if known is None:
                return given
            # a type the card data knows, with some values typed in (a life its text lacks): those
            # values replace the data's, the rest stays (Rat Warriors keep Aggressive)
            return replace(known, **{f: getattr(given, f) for f in MINION_OBJECT_FIELDS
                                     if f != "count" and f in spec})
        if mid in typed:
            return typed[mid]
        if mid in chapter:
            return chapter[mid]
        value = self._logged(state, MINIONS, mid)
        if value is _ABSENT:
            roster = self.minion_roster()
            pool = {**roster, **chapter, **typed}
            options = [(k, (m.name,)) for k, m in pool.items()]
            hits = names.matches(mid, options)
            if len(hits) != 1:
                raise UnknownCardError(mid, "mystics", hits or names.suggestions(mid, options) or list(pool),
                                       where="minion type")
            hit = hits[0]
            if hit in typed or hit in chapter:
                return typed.get(hit) or chapter[hit]
            value = self._data(state, MINIONS, mid, lambda: _minion_json(roster[hit]))
        if value is None:
            raise UnknownCardError(mid, "mystics", [], where="minion type (its line records it as not in "
                                                              "the card data)")
        info = _minion_of(mid, value)
        return typed.get(info.id) or chapter.get(info.id) or info

    def roll_die(self, state: MysticsState, purpose: str, n: int, cards: Sequence[str] = ()) -> list[int]:
        """``n`` rolls of the action die drawn from the seed (``cards``: the cards they are for, named
        when the die data cannot draw them). A trial (:meth:`rolls_trial`) notes what they are for instead."""
        if self._draws is not None and self._draws.trial:  # (any number moves a card: the count is the same)
            self._draws.rolled.append((purpose, tuple(cards)))
            return [MOVEMENT_RANGE[0]] * n
        if not self.draws_rolls():
            raise RollsNeeded(purpose, n, cards)
        faces = self.die
        rng = self.rng(state, purpose)
        rolls = [int(rng.choice(faces).movement) for _ in range(n)]
        if self._draws is not None:
            self._draws.rolls.extend(rolls)
        elif self.replaying and self._reads is not None:  # a line logged before its rolls were recorded
            self._reads.append((DIE, "movement", None, True))
        return rolls

    def draws_rolls(self) -> bool:
        """Whether the action die data can draw an ambush's rolls from the seed: every face has its movement
        number. ``False`` (the bundled die): the rolls come from the table, typed in."""
        faces = self.die
        return bool(faces) and all(getattr(f, "movement", None) is not None for f in faces)

    def rolls_trial(self, state: MysticsState, event: Event) -> Draws:
        """A trial of ``event``, written nowhere: what its die rolls are for (``rolled``, as
        :func:`place_minions` asks for them, in the order they roll: each ambush's purpose
        (:data:`BOSS_AMBUSH`: a boss's first card's; ``"ambush"``) and the cards that roll, one roll each:
        Ambushes; Boss initiative cards) and whether it reads the rolls typed in it (``typed_read``: cheese
        that brings no surge reads none), their count never refused (a roll moves a card, never changes how
        many roll), so one trial answers both (:func:`rolls_refusal`). Raises the event's own refusal when it
        has one."""
        trial = Draws(trial=True)
        draws, self._draws = self._draws, trial
        try:
            self.apply(state, event)
        finally:
            self._draws = draws
        return trial

    def choose_boss_cards(self, state: MysticsState, boss: str, cards: Sequence[InitCard],
                          chosen: Sequence[str] | None) -> tuple[InitCard, ...]:
        """The boss's cards for the track: ``chosen`` (typed in or logged), else drawn from the seed."""
        picks = ini.choose_boss_cards(cards, self.rng(state, f"boss:{boss}"), chosen)
        if chosen is None and len(cards) > len(picks) and self._draws is not None:
            self._draws.boss_cards[boss] = [x.id for x in picks]
        return picks


class RollsNeeded(RuleError):
    """Die rolls to type in: the action die data has no movement numbers to draw them from. The
    command line says to add them to the event; a page points to its own Rolls box. ``cards``: the
    initiative cards the rolls are for, in the order they roll (the track's, as shuffled)."""

    def __init__(self, purpose: str, n: int, cards: Sequence[str] = ()) -> None:
        self.purpose, self.n, self.cards = purpose, n, tuple(cards)
        super().__init__(f"{purpose}: the action die data has no movement numbers, so the rolls must be "
                         f"typed in from the table{rolls_for(self.cards)} ({c('Ambushes')})",
                         suggestion='add "rolls": [...] to the event')


def rolls_for(cards: Sequence[str]) -> str:
    """The cards die rolls are for, in the order they roll: ``"; 2 rolls, for Spider then Roaches"``."""
    if not cards:
        return ""
    return (f"; {plural(len(cards), 'roll')}, for " + " then ".join(cards)
            + " (top first, as the track is now)")


#: The purpose of the roll of a boss's first initiative card, which ambushes (Boss initiative cards).
BOSS_AMBUSH = "boss ambush"


class TypedRollsError(RuleError):
    """A refusal of the die rolls typed in (``rolls``): a number the action die does not show, or more or
    fewer than the cards that roll. The command line names the event's field; a page, its Rolls box."""


def typed_rolls_refusal(rolls: Sequence[Any] | None) -> TypedRollsError | None:
    """The refusal of the first roll typed that is no number the action die shows (each face shows a
    movement number: Mouse Movement), or ``None``; every number is checked before any is used."""
    for r in rolls or ():
        if not isinstance(r, int) or isinstance(r, bool) or r not in MOVEMENT_RANGE:
            return TypedRollsError(f"die roll {r!r} is not a number the action die shows: each of its faces "
                                   "shows a movement number of 1, 2 or 3", expected="1, 2 or 3 for each roll",
                                   found=repr(rolls)[:60], cite=c("Mouse Movement") + "; " + c("Ambushes"))
    return None


def rolls_refusal(t: MysticsTracker, state: MysticsState, event: Event) -> TypedRollsError | None:
    """The refusal of ``event``'s die rolls before it is done (``None``: none): a roll typed that the die
    does not show, more or fewer typed than it takes (:meth:`MysticsTracker.rolls_trial`: one per minion
    initiative card on the track for an ambush, one for a boss's ambush), or none typed where it takes some
    the die data cannot draw (no movement numbers: they come from the table). Raises the event's own
    refusal when it has one (said as the action is done)."""
    rolls = _list(event, "rolls")
    bad = typed_rolls_refusal(rolls)
    if bad is not None:
        return bad
    trial = t.rolls_trial(state, event)  # (one trial: what it takes, and whether it reads the rolls typed)
    rolled = trial.rolled
    need = sum(len(cards) for _purpose, cards in rolled)
    boss = any(purpose == BOSS_AMBUSH for purpose, _cards in rolled)
    cites = c("Ambushes") + ("; " + c("Boss initiative cards") if boss else "")
    if rolls is None:
        if not need or t.draws_rolls():
            return None
        return TypedRollsError(f"no die rolls typed in, {need} needed: the action die data has no movement "
                               "numbers, so the rolls come from the table", expected=rolls_words(rolled),
                               cite=cites)
    if len(rolls) == need or not trial.typed_read:  # (rolls it never reads: cheese that brings no surge)
        return None
    return TypedRollsError(f"{plural(len(rolls), 'die roll')} typed in, {need} needed",  # (the count in all)
                           expected=rolls_words(rolled), found=repr(rolls)[:60], cite=cites)


def turn_words(name: str) -> str:
    """How a turn is said as it begins (``Tilda's turn``): the line an end of turn logs, and a page's title
    of whose turn it is."""
    return f"{possessive(name)} turn"


def rolls_words(rolled: Sequence[tuple[str, Sequence[str]]]) -> str:
    """What the rolls a trial found (:meth:`MysticsTracker.rolls_trial`) are for, in the order they roll."""
    need = sum(len(cards) for _purpose, cards in rolled)
    if not need:
        return "no rolls: nothing ambushes (no ambush, or no minion initiative card on the track to roll)"
    return f"{plural(need, 'roll')}: " + ", then ".join(
        f"1 for {cards[0]}, a boss's first initiative card, which ambushes as it is placed, ambush or not"
        if purpose == BOSS_AMBUSH else
        f"{len(cards)} for the ambush, one per minion initiative card on the track, top first"
        for purpose, cards in rolled if cards)


@dataclass
class Draws:
    """What one live action drew from the seed, in order (see :meth:`MysticsTracker.complete`)."""

    rolls: list[int] = field(default_factory=list)
    boss_cards: dict[str, list[str]] = field(default_factory=dict)
    #: the initiative order a shuffle dealt (``None``: none; ``[]``: more than one, so none is logged)
    order: list[str] | None = None
    #: fields saying what a new action decided, so a replay tells its line from an older one's (a
    #: pilfer's ``from``, a rescue's ``ends_turn``)
    decided: dict[str, Any] = field(default_factory=dict)
    #: the card data values the action read, by kind and key (:data:`CARD_DATA`)
    card_data: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: a trial (:meth:`MysticsTracker.rolls_trial`): no roll is drawn, each ambush's purpose and cards are
    #: noted in ``rolled``, and ``typed_read`` notes whether the event's typed rolls are read (minions placed)
    trial: bool = False
    rolled: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    typed_read: bool = False

    def shuffled(self, ids: list[str]) -> None:
        """Note one shuffle's result (of two cards or more: one card is no draw); an action that
        shuffles twice logs neither (its seed stands)."""
        if len(ids) > 1:
            self.order = list(ids) if self.order is None else []


# -- the card data a line read -----------------------------------------------------------------

#: The field a live action records the card data values it read in (:meth:`MysticsTracker.complete`):
#: ``{"heroes": {"collin": {"id": "collin", "life": null, ...}}, "minions": {...}, "chapters": {"1": ...},
#: "search_cards": {...}, "ability_cards": {"First Aid": ["healer"]}}``, each keyed as the line names it;
#: ``null``: not in the card data. A replay reads them from the line, never from today's data.
CARD_DATA = "card_data"
HEROES, MINIONS, CHAPTERS, SEARCH_CARDS, ABILITY_CARDS = (
    "heroes", "minions", "chapters", "search_cards", "ability_cards")
DATA_KINDS = (HEROES, MINIONS, CHAPTERS, SEARCH_CARDS, ABILITY_CARDS)
DIE = "die"  # (noted as read from today's data for a line that drew its rolls before they were recorded)
_ABSENT = object()

#: What a recorded value of each kind holds (a field left out is unknown, or empty).
_VALUES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "text": (lambda v: isinstance(v, str), "text"),
    "text?": (lambda v: v is None or isinstance(v, str), "text or null"),
    "number": (lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool)),
               "a whole number, or null (unknown)"),
    "names": (lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of names"),
    "flag": (lambda v: isinstance(v, bool), "true or false"),
}


@dataclass(frozen=True)
class _Bounded:
    """A recorded whole number (or null: unknown) in ``low``..``high`` (``None``: no upper limit), ``why``
    the game's reason (:mod:`.limits`)."""

    low: int
    high: int | None
    why: str

    def refuses(self, value: int) -> bool:
        return value < self.low or (self.high is not None and value > self.high)

    @property
    def expected(self) -> str:
        span = f"{self.low} or more" if self.high is None else f"{self.low} to {self.high}"
        return f"{span}: {self.why}"


_LIFE = _Bounded(1, lim.MAX_LIFE, lim.LIFE_WHY)
_STAT = _Bounded(0, lim.MAX_STAT, lim.STAT_WHY)
_HERO = {"id": "text", "name": "text", "life": _LIFE, "classes": "names", "battle": _STAT,
         "defense": _STAT, "lore": _STAT, "move": _STAT, "starting_equipment": "names",
         "abilities": "names"}
_MINION = {"id": "text", "name": "text", "life": _LIFE, "battle": _STAT, "defense": _STAT,
           "boss": "flag", "aggressive": "flag", "counterpart": "text?",
           "cards": {"id": "text", "name": "text", "life": _LIFE}}
_CHAPTER = {"number": _Bounded(1, lim.MAX_CHAPTER, lim.CHAPTER_WHY), "name": "text?", "victory": "text?",
            "defeat": "text?", "chapter_end": _Bounded(2, lim.MAX_PAGE, lim.PAGE_WHY),
            "party_size": _Bounded(1, lim.MAX_PARTY, lim.PARTY_WHY), "excluded_mice": "names",
            "special_surges": {"tile": _Bounded(1, None, f"tiles are numbered from 1 ({c('Room Tiles')})"),
                               "name": "text?", "text": "text?", "uncertain": "flag"},
            # (recorded since the chapter's setup minions, tiles and story achievements were read: a chapter
            # recorded before has none of them; :func:`chapter_part` reads them from today's data then, and
            # :func:`data_changes` does not compare what was not recorded)
            "tiles": {"number": "number", "name": "text"},
            "setup_minions": {"minion": "text", "count": "number", "tile": "number"},
            "achievements": {"name": "text", "text": "text"}}
_SEARCH = {"id": "text", "name": "text", "subtype": "text?"}
_REQUIREMENT = {"none": "flag", "classes": "names", "mouse": "text?", "text": "text?"}
#: The recorded values holding numbers, by kind: their limits are checked (:func:`_limits`).
_NUMBERED = {HEROES: _HERO, MINIONS: _MINION, CHAPTERS: _CHAPTER}


def _card_data(event: Event) -> Mapping[str, Any] | None:
    """The card data values an event's line recorded (:data:`CARD_DATA`), their kinds checked."""
    value = event.get(CARD_DATA)
    if value is None:
        return None
    if not isinstance(value, Mapping) or not all(
            k in DATA_KINDS and isinstance(v, Mapping) for k, v in value.items()):
        raise LogError(f"{event['event']!r} event: bad card_data {repr(value)[:60]}",
                       expected="{kind: {key: value}}, kind one of " + ", ".join(DATA_KINDS))
    return value


def _check(kind: str, key: str, value: Any, shape: Mapping[str, Any], where: str = "") -> Mapping[str, Any]:
    """A recorded value of ``kind`` checked against ``shape``: a wrong type is refused, never taken for
    unknown."""
    if not isinstance(value, Mapping):
        raise LogError(f"card_data: {kind} {key[:40]!r}{where} must be an object", found=repr(value)[:60])
    for name, what in shape.items():
        if name not in value:
            continue
        v = value[name]
        if isinstance(what, Mapping):  # a list of objects
            if not isinstance(v, list):
                raise LogError(f"card_data: {kind} {key[:40]!r}: bad {name} {repr(v)[:40]}",
                               expected="a list")
            for i, item in enumerate(v):
                _check(kind, key, item, what, f"{where}.{name}[{i}]")
            continue
        ok, expected = _VALUES["number" if isinstance(what, _Bounded) else what]
        if not ok(v):
            raise LogError(f"card_data: {kind} {key[:40]!r}{where}: bad {name} {repr(v)[:40]}",
                           expected=expected)
    return value


def _numbers(value: Any, shape: Mapping[str, Any], where: str = "") -> list[tuple[str, int, _Bounded]]:
    """The whole numbers of a recorded value with their limits, as (field, number, limits); a field of
    another type is left to :func:`_check`."""
    out: list[tuple[str, int, _Bounded]] = []
    if not isinstance(value, Mapping):
        return out
    for name, what in shape.items():
        v = value.get(name)
        if isinstance(what, Mapping) and isinstance(v, list):
            for i, item in enumerate(v):
                out += _numbers(item, what, f"{where}{name}[{i}].")
        elif isinstance(what, _Bounded) and isinstance(v, int) and not isinstance(v, bool):
            out.append((f"{where}{name}", v, what))
    return out


def _limits(kind: str, key: str, value: Any, *, logged: bool) -> None:
    """A card data value's numbers (a life, a card's dice, a chapter's pages...) checked against
    :mod:`.limits`. One out of range in a line's ``card_data`` (``logged``: a hand-edited line) is
    refused, so the line is a log problem, never taken; one in today's card data, which a live action would
    record, refuses the action, saying to correct the data."""
    shape = _NUMBERED.get(kind)
    if shape is None:
        return
    for name, v, bound in _numbers(value, shape):
        if not bound.refuses(v):
            continue
        if logged:
            raise LogError(f"card_data: {kind} {key[:40]!r}: {name} {lim.show(v)} is out of range",
                           expected=bound.expected)
        card = value.get("id") if isinstance(value.get("id"), str) else key
        raise RuleError(f"{_label(kind, key, value)} in the card data: {name} {lim.show(v)} is out of range",
                        expected=bound.expected,
                        suggestion=f"correct it: companion cards correct mystics {card[:40]} "
                                   f"{name.split('[')[0]}=...")


def _hero_json(h: HeroInfo | None) -> dict[str, Any] | None:
    if h is None:
        return None
    return {"id": h.id, "name": h.name, "life": h.life, "classes": list(h.classes), "battle": h.battle,
            "defense": h.defense, "lore": h.lore, "move": h.move,
            "starting_equipment": list(h.starting_equipment), "abilities": list(h.abilities)}


def _hero_of(key: str, value: Any) -> HeroInfo:
    v = _check(HEROES, key, value, _HERO)
    return HeroInfo(id=v.get("id") or key, name=v.get("name") or key, life=v.get("life"),
                    classes=tuple(x.lower() for x in v.get("classes") or ()), battle=v.get("battle"),
                    defense=v.get("defense"), lore=v.get("lore"), move=v.get("move"),
                    starting_equipment=tuple(v.get("starting_equipment") or ()),
                    abilities=tuple(v.get("abilities") or ()))


def _minion_json(m: MinionInfo | None) -> dict[str, Any] | None:
    if m is None:
        return None
    return {"id": m.id, "name": m.name, "life": m.life, "battle": m.battle, "defense": m.defense,
            "boss": m.boss, "aggressive": m.aggressive, "counterpart": m.counterpart,
            "cards": [{"id": x.id, "name": x.name, "life": x.life} for x in m.cards]}


def _minion_of(key: str, value: Any) -> MinionInfo:
    v = _check(MINIONS, key, value, _MINION)
    cards = tuple(pt.CardInfo(x.get("id") or f"{key}:{i + 1}", x.get("name") or "", x.get("life"))
                  for i, x in enumerate(v.get("cards") or ()))
    return MinionInfo(id=v.get("id") or key, name=v.get("name") or key, life=v.get("life"),
                      battle=v.get("battle"), defense=v.get("defense"), boss=v.get("boss", False),
                      aggressive=v.get("aggressive", False), cards=cards, counterpart=v.get("counterpart"))


def _chapter_json(info: Any | None) -> dict[str, Any] | None:
    if info is None:
        return None
    return {"number": info.number, "name": getattr(info, "name", ""), "victory": getattr(info, "victory", ""),
            "defeat": getattr(info, "defeat", ""), "chapter_end": getattr(info, "chapter_end", None),
            "party_size": getattr(info, "party_size", None),
            "excluded_mice": list(getattr(info, "excluded_mice", ())),
            "special_surges": [{"tile": r.tile, "name": r.name, "text": r.text,
                                "uncertain": bool(getattr(r, "uncertain", False))}
                               for r in getattr(info, "special_surges", ())],
            "tiles": [{"number": x.number, "name": x.name} for x in getattr(info, "tiles", ())],
            "setup_minions": [{"minion": x.minion, "count": x.count, "tile": x.tile}
                              for x in getattr(info, "setup_minions", ())],
            "achievements": [{"name": x.name, "text": x.text} for x in getattr(info, "achievements", ())]}


def _chapter_of(key: str, value: Any) -> Chapter:
    from .data import Placement, Tile

    v = _check(CHAPTERS, key, value, _CHAPTER)
    number = v.get("number")
    return Chapter(id=f"chapter-{key}", number=number if number is not None else int(key) if key.isdigit()
                   else 0, name=v.get("name") or "", objective="", victory=v.get("victory") or "",
                   defeat=v.get("defeat") or "", chapter_end=v.get("chapter_end"), source="",
                   party_size=v.get("party_size"), excluded_mice=tuple(v.get("excluded_mice") or ()),
                   special_surges=tuple(TileRule(r.get("tile"), r.get("name") or "", r.get("text") or "",
                                                 uncertain=bool(r.get("uncertain", False)))
                                        for r in v.get("special_surges") or ()),
                   tiles=tuple(Tile(r.get("number") or 0, r.get("name") or "") for r in v.get("tiles") or ()),
                   setup_minions=tuple(Placement(r.get("minion") or "", r.get("count") or 0, r.get("tile"))
                                       for r in v.get("setup_minions") or ()),
                   achievements=tuple(Named(r.get("name") or "", r.get("text") or "")
                                      for r in v.get("achievements") or ()))


def _search_json(x: Any | None) -> dict[str, Any] | None:
    if x is None:
        return None
    req = x.requirements
    return {"id": x.id, "name": x.name, "subtype": x.subtype, "requirements": None if req is None else {
        "none": req.none, "classes": list(req.classes), "mouse": req.mouse, "text": req.text}}


def _search_of(key: str, value: Any) -> Any:
    from .data import Requirement, SearchCard

    v = _check(SEARCH_CARDS, key, value, _SEARCH)
    req = v.get("requirements")
    if req is not None:
        r = _check(SEARCH_CARDS, key, req, _REQUIREMENT, ".requirements")
        req = Requirement(none=r.get("none", False), classes=tuple(r.get("classes") or ()),
                          mouse=r.get("mouse"), text=r.get("text") or "")
    return SearchCard(id=v.get("id") or key, name=v.get("name") or key, subtype=v.get("subtype"), source="",
                      requirements=req)


def _ability_json(t: MysticsTracker, key: str) -> list[str] | None:
    """Ability card ``key``'s classes in today's card data (by name, any case, or id); ``None``: the data
    does not hold it. Raises the card data's own error when it cannot be loaded."""
    keys = t._ability_data()[1]
    found = keys.get(key.lower(), keys.get(key))
    return None if found is None else list(found)


def _ability_classes(t: MysticsTracker, state: MysticsState, ability: str) -> tuple[str, ...] | None:
    """Ability card ``ability``'s classes as the chapter read them (:meth:`MysticsTracker._data`, keyed by its
    name as typed, spaces tidied); ``None``: not in the card data."""
    key = " ".join(ability.split())
    value = t._data(state, ABILITY_CARDS, key, lambda: _ability_json(t, key))
    return None if value is None else _classes_of(key, value)


def _classes_of(key: str, value: Any) -> tuple[str, ...]:
    ok, expected = _VALUES["names"]
    if not ok(value):
        raise LogError(f"card_data: {ABILITY_CARDS} {key[:40]!r}: bad classes {repr(value)[:40]}",
                       expected=expected)
    return tuple(value)


def _label(kind: str, key: str, value: Any) -> str:
    """A card the data holds, in words: "Collin's hero card", "the Spider minion card", "chapter 1"."""
    name: Any = value.get("name") if isinstance(value, Mapping) and value.get("name") else key
    words = {HEROES: f"{possessive(name)} hero card", MINIONS: f"the {name} minion card",
             CHAPTERS: f"chapter {key}", SEARCH_CARDS: f"search card {name!r}",
             ABILITY_CARDS: f"ability card {key!r}", DIE: "the action die (rolls drawn from the seed)"}[kind]
    return words + (" (not in the card data)" if value is None and kind != DIE else "")


def _remember(state: MysticsState, reads: Sequence[tuple[str, str, Any, bool]] | None,
              by: str) -> MysticsState:
    """The card data values an action (of kind ``by``) read, kept in the state for the rest of the chapter;
    those a logged line read from today's data (it recorded none), noted in words."""
    if not reads:
        return state
    read, today = dict(state.read), list(state.today)
    for kind, key, value, fresh in reads:
        if kind != DIE:
            read.setdefault((kind, key), (value, by))
        if fresh and _label(kind, key, value) not in today:
            today.append(_label(kind, key, value))
    return replace(state, read=read, today=tuple(today))


def _search_key(t: MysticsTracker, state: MysticsState, card: str) -> tuple[str, Any | None]:
    """The key search card ``card`` is read and recorded by, so one card is one record however it is typed:
    that of a record the chapter (or this line) holds already, named by its key, id or name in any case;
    else the id of the card of today's data it names; else the name as typed, casefolded. With what today's
    data holds for the key when it was looked up for it (``None``: not in the data; :data:`_ABSENT`: a key
    held, not looked up), so it is not looked up again."""
    want = card.casefold().strip()
    held: list[tuple[str, Any]] = [(key, value) for (kind, key), (value, _by) in state.read.items()
                                   if kind == SEARCH_CARDS]
    values = t._recorded.get(SEARCH_CARDS) if t._recorded is not None else None
    if isinstance(values, Mapping):
        held += [(key, value) for key, value in values.items() if isinstance(key, str)]
    for key, _value in held:
        if key == card:
            return key, _ABSENT
    for key, value in held:
        names = [key, *(value.get(f) for f in ("id", "name") if isinstance(value, Mapping))]
        if any(isinstance(x, str) and x.casefold().strip() == want for x in names):
            return key, _ABSENT
    found = t.search_card(card)
    return (found.id if found is not None else want), found


def _search(t: MysticsTracker, state: MysticsState, card: str) -> Any | None:
    """Search card ``card`` (by id or name, any case) as the chapter read it (:meth:`MysticsTracker._data`,
    keyed by :func:`_search_key`); ``None``: not in the card data, or card data that cannot be loaded (a card
    typed in is taken as typed)."""
    key, found = _search_key(t, state, card)

    def today() -> Any:
        t.search_card_data()  # (data that cannot be loaded is no "not in the data": nothing is recorded)
        return _search_json(t.search_card(key) if found is _ABSENT else found)

    try:
        value = t._data(state, SEARCH_CARDS, key, today)
    except CompanionError:
        return None
    return None if value is None else _search_of(key, value)


def _today_value(t: MysticsTracker, kind: str, key: str) -> Any:
    """What the card data holds today for a value the chapter read (``kind``/``key``), as JSON."""
    if kind == HEROES or kind == MINIONS:
        roster: Mapping[str, Any] = t.hero_roster() if kind == HEROES else t.minion_roster()
        hits = names.matches(key, [(k, (x.name,)) for k, x in roster.items()])
        found = roster[hits[0]] if len(hits) == 1 else None
        return _hero_json(found) if kind == HEROES else _minion_json(found)
    if kind == CHAPTERS:
        return _chapter_json(t.chapter_info(int(key))) if key.isdigit() else None
    if kind == SEARCH_CARDS:
        t.search_card_data()
        return _search_json(t.search_card(key))
    return _ability_json(t, key)


def _shown(value: Any) -> str:
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(x) for x in value) if all(isinstance(x, str) for x in value) else "changed"
    text = str(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


@dataclass(frozen=True)
class DataChange:
    """A card data value the chapter read that the card data holds otherwise today (a correction since)."""

    label: str  # the card in words: "Collin's hero card"
    by: str  # the kind of the event that read it ("start")
    fields: tuple[tuple[str, Any, Any], ...]  # (field, as read, today); field "": the whole record

    @property
    def words(self) -> str:
        parts = []
        for name, old, new in self.fields:
            if not name:
                parts.append("no longer in the card data" if new is None
                             else "in the card data now (not when read)")
            elif isinstance(old, list) and isinstance(new, list) and "changed" in (_shown(old), _shown(new)):
                parts.append(f"{name} changed")
            else:
                parts.append(f"{name} {_shown(old)} → {_shown(new)}")
        return f"{self.label}: " + "; ".join(parts) + f" (the {self.by} event read it)"


def _life_in_play(state: MysticsState, kind: str, value: Any) -> int | None:
    """The life the chapter uses now for the mouse or minion type a value read names (set since, maybe)."""
    if not isinstance(value, Mapping):
        return None
    mid = value.get("id")
    if kind == HEROES:
        return next((m.life for m in state.mice if m.id == mid), None)
    if kind == MINIONS:
        typed = dict(state.roster).get(str(mid))
        group = next((g for g in state.minions if g.id == mid), None)
        return typed.life if typed is not None else group.life if group is not None else None
    return None


def data_changes(t: MysticsTracker, state: MysticsState) -> list[DataChange]:
    """The card data values the chapter read (recorded in its lines) that the card data holds otherwise
    today, the card data as this tracker reads it; one that cannot be read today is not compared, and a
    new life the chapter has set already (set_stats) is no change left to make."""
    out = []
    for (kind, key), (value, by) in state.read.items():
        try:
            now = _today_value(t, kind, key)
        except (CompanionError, ValueError):
            continue
        if kind == CHAPTERS:
            now = _as_recorded(value, now)
        if now == value:
            continue
        if value is None or now is None:
            fields: tuple[tuple[str, Any, Any], ...] = (("", value, now),)
        elif isinstance(value, Mapping) and isinstance(now, Mapping):
            # (a field the chapter's line did not record, recorded only since, is not compared: its line
            # was logged before the tracker read it, and the chapter does not use it)
            fields = tuple((k, value.get(k), now.get(k)) for k in dict.fromkeys([*value, *now])
                           if value.get(k) != now.get(k) and (k in value or kind != CHAPTERS)
                           and not (k == "life" and _life_in_play(state, kind, value) == now.get(k)))
            if not fields:
                continue
        else:
            fields = (("classes", value, now),)
        out.append(DataChange(_label(kind, key, value if value is not None else now), by, fields))
    return out


def _as_recorded(value: Any, now: Any) -> Any:
    """Today's chapter record ``now`` as the chapter's line recorded it (``value``): in a list of objects
    (its special surges), a field none of the recorded objects has was recorded only since (a special
    surge's ``uncertain``) and is not compared, as a part not recorded at all is not
    (:func:`data_changes`)."""
    if not isinstance(value, Mapping) or not isinstance(now, Mapping):
        return now
    out = dict(now)
    for name, old in value.items():
        new = now.get(name)
        if not (isinstance(old, list) and old and isinstance(new, list)
                and all(isinstance(x, Mapping) for x in (*old, *new))):
            continue
        fields = {k for x in old for k in x}
        out[name] = [{k: v for k, v in x.items() if k in fields} for x in new]
    return out


#: How a life is set now, in the log's words (:func:`data_notes`; the page says it in its own).
SET_LIFE = '{"event": "set_stats", "mouse": ID, "life": N} (or "minion": ID)'


def data_notes(t: MysticsTracker, state: MysticsState, *, set_life: str = SET_LIFE) -> list[str]:
    """What the page and ``mystics replay`` say of the card data the chapter uses: the values corrected
    since the chapter read them (the chapter keeps what its lines recorded; the new values apply from the
    next chapter), then what lines logged before values were recorded read from today's data. Each is one
    line; none when there is nothing to say. ``set_life``: how a life is set now, in the reader's words."""
    lines = []
    changes = data_changes(t, state)
    if changes:
        lives = any(name == "life" for x in changes for name, _old, _new in x.fields)
        lines.append("The card data changed since this chapter read it: the chapter keeps the values its "
                     "lines recorded, so its past never changes; the new values apply from the next chapter "
                     "(a card no line of this chapter has read yet is read as the data is then)"
                     + (f". To use a new life in this chapter now, set it: {set_life}" if lives else ""))
        lines += [x.words for x in changes]
    if state.today:
        lines.append("Read from today's card data, since the lines that needed them were logged before the "
                     "tracker recorded the values they were played with: " + ", ".join(state.today))
    return lines


# -- placement and removal -------------------------------------------------------------------

def _say(state: MysticsState, *lines: str) -> MysticsState:
    return replace(state, messages=(*state.messages, *lines)[-MESSAGES_KEPT:], said=state.said + len(lines))


def added_messages(before: MysticsState, after: MysticsState) -> tuple[str, ...]:
    """The messages an action added (``before`` -> ``after``), counted by the state's running
    total: a message like an older one is still new, and the oldest are cut off when there
    are more than the tracker keeps (:data:`MESSAGES_KEPT`)."""
    new = min(after.said - before.said, len(after.messages))
    return after.messages[len(after.messages) - new:] if new > 0 else ()


#: What a captured mouse cannot do, by the event kind refused, and the rule that says so besides
#: Captured Mouse (:func:`captured_error`).
CAPTURED_CANNOT: dict[str, tuple[str, str | None]] = {
    "wound": ("be wounded", None),
    "heal": ("be healed", None),
    "mouse_cheese": ("gain or spend cheese", None),
    "greedy_steal": ("lose cheese to a greedy roach", c("Greedy Roaches")),
    "pilfer": ("pilfer: it defeats no minion", f"{c('Mouse Hero Cards')}, Filch: Pilfer"),
    "level_up": ("level up", c("Level Up")),
    "condition": ("take or lose a marker", c("Negative Effects")),
    "share": ("share with a mouse on the same or an adjacent space", c("Share")),
    # search cards: a captured mouse skips its turn (Rescuing a Mouse), and a mouse equips, searches and
    # discards during its own turn; the capture itself discards its equipped cards, its pack is safe
    "equip": ("equip a search card: it skips its turn, and a mouse equips during its turn",
              f"{c('Rescuing a Mouse')}; {c('Free Mouse Actions')}; {c('Equip')}"),
    "unequip": ("unequip a search card: it skips its turn, and a mouse equips during its turn",
                f"{c('Rescuing a Mouse')}; {c('Free Mouse Actions')}; {c('Equip')}"),
    "gain": ("gain a search card: it skips its turn, so it searches nothing",
             f"{c('Rescuing a Mouse')}; {c('Search')}"),
    "discard": ("discard a search card: it skips its turn, and the cards it kept (its starting equipment "
                "and its pack) are safe", f"{c('Rescuing a Mouse')}; {c('Equip')}"),
}


def captured_error(m: Mouse, kind: str | None = None) -> RuleError:
    """The one refusal of an action of ``kind`` for a captured mouse (the tracker's and the page's):
    its figure is off the board, its cheese and markers gone (Captured Mouse), until it is rescued.
    ``kind`` ``None``: the same words for every action the capture stops, said once (the page's line
    over a captured mouse's buttons that are off)."""
    doing, rule = CAPTURED_CANNOT[kind] if kind is not None else (None, None)
    where = c("Captured Mouse") + (f"; {rule}" if rule else "")
    stops = f", so it cannot {doing}" if doing else ""
    return RuleError(f"{m.name} is captured: its figure is off the board and its cheese, wounds and markers "
                     f"were removed{stops} ({where})",
                     suggestion=f"Rescue {m.name} first ({c('Rescuing a Mouse')}).")


#: The free actions (Free Mouse Actions) by the event kinds that take them, in the book's words.
FREE_ACTIONS = {"share": "share", "equip": "equip", "unequip": "equip", "level_up": "level up"}
#: Event kinds that may go on with the free action the previous action took (one share of several cards,
#: one equip of several cards, :class:`FreeActions`): any other action ends it (:meth:`MysticsTracker.apply`).
_GOES_ON = frozenset({"share", "equip", "unequip"})
FREE = c("Free Mouse Actions")


def _free_key(action: str, partner: str | None) -> str:
    return action if partner is None else f"{action}:{partner}"


def _free_of(state: MysticsState, mouse: str) -> FreeActions | None:
    """The free actions ``mouse`` has taken this turn, when it is the mouse whose turn it is on the track
    (the chapter not yet won: what follows a victory is a correction, not a turn); ``None`` otherwise, so
    nothing is counted (another mouse's free action is refused before: :func:`not_its_turn`)."""
    turn = state.turn_mouse
    if turn is None or turn != mouse or state.board.victory:
        return None
    return state.free if state.free.mouse == mouse else FreeActions(mouse)


#: What any mouse may do in the setup window (:func:`in_setup`): equip its starting cards, unequip, share.
SETUP_ACTIONS = frozenset({"share", "equip", "unequip"})
#: The event kinds that leave the setup window open (setting the table up, or correcting it); any other
#: (a wound, cheese, an encounter, a defeated minion, Next turn...) is play: the first turn has begun.
SETUP_KINDS = frozenset({"start", "equip", "unequip", "share", "gain", "discard", "note", "set_stats",
                         "set_order", "set_turn", "room", "add_minions", "chapter_end"})
#: How an action of the setup window is said (a reading: the book puts the starting equipment on the mice
#: before play, and says nothing of when the first turn begins).
SETUP_WORDS = (f"setup: until play begins (the first Next turn, or a wound, cheese, an encounter...), any "
               f"mouse equips, unequips and shares, not counted as a free action of the turn "
               f"({c('Game setup')}, step 4: starting equipment is equipped before play; "
               f"{c('Playing Mice and Mystics as a Campaign')}, step 2; reading: the book does not say when "
               "the first turn begins)")


def in_setup(state: MysticsState, kind: str) -> bool:
    """Whether an action of ``kind`` falls in the setup window: after the start, before the first end of a
    turn and before any play (:attr:`MysticsState.setup`, :data:`SETUP_KINDS`), equip, unequip and share are
    setup, for any mouse (Game setup, step 4: "Find the search cards that are indicated on each mouse's
    starting setup and equip them to that mouse"; Playing Mice and Mystics as a Campaign, step 2: the card a
    mouse keeps). The book does not say when the first turn begins (a reading): they are not counted as free
    actions of the turn, even the first mouse's."""
    return state.setup and kind in SETUP_ACTIONS


class TurnError(RuleError):
    """A free action refused because it is not the mouse's turn (:func:`not_its_turn`). Its suggestion is
    for the table now (undo a Next turn pressed too soon, or correct the turn): a logged line kept as played
    is noted without it (:func:`_kept`)."""


def not_its_turn(state: MysticsState, mice: Sequence[str], kind: str) -> RuleError | None:
    """Why a free action of an event of ``kind`` (share, equip, unequip, level_up) cannot be taken now by
    ``mice`` (a share: either of its two mice, the one whose turn it is sharing with the other): a mouse
    takes its free actions "at any time during its turn" (Free Mouse Actions), so one of ``mice`` must be
    the mouse whose turn it is on the track, and not charmed: a charmed mouse's turn is taken "as if it were
    a minion" (Charmed), with no free action. ``None``: it may, or it is the setup window
    (:func:`in_setup`), or the chapter is won (what follows a victory is a correction, not a turn)."""
    cur = state.current
    if state.board.victory or in_setup(state, kind):
        return None
    action = FREE_ACTIONS[kind]
    own = {"share": "Share", "level up": "Level Up", "equip": "Equip"}[action]
    turn = state.turn_mouse
    if turn is not None and turn in mice:
        m = state.mouse(turn)
        if "charmed" not in m.conditions:
            return None
        return TurnError(f"{m.name} is charmed: its turn is taken as if it were a minion's, using only its "
                         f"initiative card, so it takes no free action (share, equip, level up) this turn "
                         f"({c('Charmed')}; {FREE}; {own})",
                         suggestion="If the charmed marker is off at the table, take it off first (Charmed).")
    who = [state.mouse(x).name for x in mice]
    nxt = state.next_card
    now = (f"it is {possessive(cur.name)} turn" if cur is not None
           else "no card is taking its turn (the next turn is "
                + (f"{possessive(nxt.name)})" if nxt is not None else "the top card's)"))
    if kind == "share" and len(who) > 1:
        words = (f"a share is the free action of the mouse whose turn it is, with a mouse on the same or an "
                 f"adjacent space; {now}, neither {possessive(who[0])} nor {possessive(who[-1])}")
        fix = f"{possessive(who[0])} or {possessive(who[-1])}"
    elif kind == "share":
        words = (f"{who[0]} can share only during its own turn, or during the turn of the mouse it shares "
                 f"with (that mouse's share: a share exchanges cards and cheese both ways); {now}")
        fix = f"{possessive(who[0])} (or the other mouse's)"
    else:
        words = f"{who[0]} can {action} only during its own turn; {now}"
        fix = possessive(who[0])
    if cur is not None:
        fixes = (f"If it is still {fix} turn at the table, Next turn was pressed too soon: undo it (undo), "
                 "or correct the turn (set_turn).")
    elif nxt is not None and nxt.id not in mice:  # (a surge reshuffled the track mid-turn: not Next turn)
        fixes = (f"If it is {fix} turn at the table, correct the turn (set_turn): Next turn (end_turn) would "
                 f"begin {possessive(nxt.name)} turn.")
    else:
        fixes = (f"If it is {fix} turn at the table, press Next turn (end_turn) to begin the next turn, or "
                 "correct the turn (set_turn).")
    return TurnError(f"{words}: a mouse takes its free actions (share, equip, level up) at any time during "
                     f"its turn ({FREE}; {own})", suggestion=fixes)


def free_action_refusal(state: MysticsState, mouse: str, kind: str, partner: str | None = None,
                        cheese_from: str | None = None) -> RuleError | None:
    """Why ``mouse`` cannot take the free action of an event of ``kind`` (share, equip, unequip,
    level_up) now: only during its own turn (:func:`not_its_turn`), and each free action only once
    during that turn (Free Mouse Actions). A share with ``partner`` (the other mouse), or an equip, goes
    on while nothing else is logged between (several cards; ``cheese_from``: the mouse giving cheese,
    once each way). In the setup window (:func:`in_setup`) an equip, unequip or share is no free action:
    never refused for its turn. ``None``: it may."""
    off = not_its_turn(state, [mouse], kind)
    if off is not None:
        return off
    if in_setup(state, kind):
        return None
    f = _free_of(state, mouse)
    action = FREE_ACTIONS[kind]
    if f is None or action not in f.used:
        return None
    name = state.mouse(mouse).name
    if kind in _GOES_ON and f.open == _free_key(action, partner):
        if cheese_from is None or cheese_from not in f.cheese_from:
            return None
        giver = state.mouse(cheese_from).name
        other = state.mouse(partner if cheese_from == mouse else mouse).name if partner else "the other mouse"
        return RuleError(f"{giver} gave {other} cheese already in this share: a share gives its cheese at "
                         f"once ({c('Share')}; Free Mouse Actions)",
                         suggestion="Undo that gift and give all the cheese in one share.")
    how = {"share": "Give and take every card and all the cheese in one share, one line after another",
           "equip": "Equip and unequip every card in one go, one line after another"}.get(action, "")
    return RuleError(f"{name} has taken the {action} free action already this turn: each free action only "
                     f"once during a mouse's turn ({FREE})",
                     suggestion=(f"{how}. " if how else "") + f"If {possessive(name)} turn is over at the "
                                "table, press Next turn (end_turn) first.")


def _took_free(state: MysticsState, mouse: str, kind: str, partner: str | None = None,
               cheese_from: str | None = None) -> MysticsState:
    """``mouse`` took (or went on with) the free action of an event of ``kind`` this turn (in the setup
    window an equip or a share is setup, not counted: :func:`in_setup`)."""
    f = _free_of(state, mouse)
    if f is None or in_setup(state, kind):
        return state
    action = FREE_ACTIONS[kind]
    key = _free_key(action, partner)
    given = f.cheese_from if f.open == key else ()
    if cheese_from is not None:
        given = (*given, cheese_from)
    return replace(state, free=FreeActions(mouse, tuple(dict.fromkeys((*f.used, action))), key, given,
                                           state.step))


def held_card(t: MysticsTracker, m: Mouse, typed: str) -> str:
    """The card of ``m`` that ``typed`` names, as it is recorded: by its recorded name or id, or by the
    name the table reads (starting equipment is recorded by id: ``Dagger`` is ``dagger``), in any case.
    ``typed`` as it is when the mouse holds no such card (the caller says so, or takes a new card)."""
    recorded = [g.name for g in m.gear]
    if typed in recorded:
        return typed
    keys = _card_keys(t, typed)
    hits = [r for r in dict.fromkeys(recorded) if _card_keys(t, r) & keys]
    return hits[0] if len(hits) == 1 else typed


def _card_keys(t: MysticsTracker, card: str) -> set[str]:
    """The ways ``card`` may be named: as recorded, by its name, by its id (in any case)."""
    return {card.casefold(), t.card_name(card).casefold(), t.card_id(card).casefold()}


def card_at(t: MysticsTracker, m: Mouse, typed: str, place: str | None) -> str:
    """The card of ``m`` a share gives or an unequip moves for ``typed``, as recorded (:func:`held_card`);
    with a ``place`` (:data:`~companion.mystics.party.SHARE_PLACES`, :data:`~companion.mystics.party.
    UNEQUIP_PLACES`), the copy there among the mouse's copies of that card, however each is recorded
    (starting equipment by id: Filch's starting ``dagger`` in his paw, a ``Dagger`` found in his pack or his
    tail; Share, Equip)."""
    card = held_card(t, m, typed)
    if place is None:
        return card
    keys = _card_keys(t, typed)
    return next((g.name for g in m.gear if (g.name == card or _card_keys(t, g.name) & keys)
                 and pt.at_place(g, place)), card)


class PackCard:
    """A search card typed for one of mouse ``mouse``'s pack actions (To pack, Equip, Unequip, Discard) in
    ``state``, worked out once for all of them: a page gates the four buttons at each keystroke and acts on
    one, and each would find the mouse's card and read the chapter's record of it again. Each part is
    worked out when first asked for (the card data itself is read once per tracker:
    :meth:`MysticsTracker.search_card`); a new state, mouse or text needs a new one."""

    def __init__(self, t: MysticsTracker, state: MysticsState, mouse: str, typed: str) -> None:
        self.t, self.state, self.m, self.typed = t, state, state.mouse(mouse), typed

    @property
    def today(self) -> Any | None:
        """The card of today's data the text typed names (by id or name, any case), or ``None``."""
        return self.t.search_card(self.typed)

    @functools.cached_property
    def held(self) -> str:
        """The mouse's card the text names, as recorded (:func:`held_card`); as typed when it holds none."""
        return held_card(self.t, self.m, self.typed)

    @functools.cached_property
    def info(self) -> Any | None:
        """The card typed as the chapter reads it (:func:`_search`): what a card put in the pack is."""
        return _search(self.t, self.state, self.typed)

    @functools.cached_property
    def held_info(self) -> Any | None:
        """The mouse's card (:attr:`held`) as the chapter reads it: what an equip requires."""
        return self.info if self.held == self.typed else _search(self.t, self.state, self.held)


def pack_card(t: MysticsTracker, state: MysticsState, mouse: str, card: str | PackCard) -> PackCard:
    """``card`` as a :class:`PackCard` of ``mouse`` in ``state`` (one looked up already is passed along)."""
    return card if isinstance(card, PackCard) else PackCard(t, state, mouse, card)


def _kept(t: MysticsTracker, state: MysticsState, error: CompanionError | None) -> MysticsState:
    """A check added after logs were written: a new action failing it is refused with ``error``; a
    logged one is kept as it was played, with a note (refusing it would drop it from the replay,
    and the table built on it). ``None``: the check passed."""
    if error is None:
        return state
    if not t.replaying:
        raise error
    if isinstance(error, TurnError):  # (its suggestion is for the table now, not for a line played then)
        return _say(state, f"{KEPT}: {RuleError(error.message, where=error.where, cite=error.cite).render()}")
    return _say(state, f"{KEPT}: {error.render()}")


def _refocus(state: MysticsState, track: ini.Track) -> MysticsState:
    """A new order of the same round: the pointer stays on the card taking its turn (or, between
    turns, on the card whose turn is next)."""
    turn = state.turn
    anchor = state.acting
    if anchor is None and 0 <= state.turn < len(state.track):
        anchor = state.track[state.turn].id
    if anchor is not None and state.turn >= 0:
        try:
            turn = ini.index_of(track, anchor)
        except RuleError:
            turn = min(state.turn, len(track) - 1)
    return replace(state, track=track, turn=turn)


#: The field a live action placing cards logs: the captured mice Born to Lead gave no cheese (a line
#: without it was logged before that rule, and is kept as it was played: :func:`_born_to_lead`).
NO_LEAD_CHEESE = "no_lead_cheese"


#: Born to Lead's words when cards join the track without a new order (added at the bottom, an ambush):
#: the book says "when placing cards on the initiative track", so reading it then too is the house's.
LEAD_HOUSE = "house interpretation: Born to Lead is checked every time cards are placed on the track"


def _born_to_lead(t: MysticsTracker, state: MysticsState, event: Event, *,
                  house: bool = False) -> MysticsState:
    """Born to Lead: Collin not in the first initiative spot takes 1 cheese, unless he is captured: his
    figure is off the board and his cheese was discarded (Captured Mouse), so he takes none. A live action
    logs the mice it gave none (:data:`NO_LEAD_CHEESE`); a line logged before this rule, which gave a
    captured Collin his cheese, is kept as it was played, with a note. ``house``: cards were added
    without a new order, where giving the cheese is a house reading (:data:`LEAD_HOUSE`), said so."""
    said = f"; {LEAD_HOUSE}" if house else ""
    for i, card in enumerate(state.track):
        if card.kind != ini.MOUSE or i == 0:
            continue
        info = t.hero_info(state, card.id)
        if (info.born_to_lead if info is not None else card.id == "collin"):
            m = state.mouse(card.id)
            if m.captured:
                skipped = event.get(NO_LEAD_CHEESE)
                older = t.replaying and not (isinstance(skipped, list) and m.id in skipped)
                if older:  # a line logged before this rule: the cheese it gave, as it was played
                    state = _kept(t, state, RuleError(
                        f"Born to Lead gave captured {m.name} 1 cheese: a captured mouse's figure is off the "
                        "board and its cheese discarded", cite=c("Captured Mouse")))
                else:
                    if t._draws is not None and m.id not in t._draws.decided.setdefault(NO_LEAD_CHEESE, []):
                        t._draws.decided[NO_LEAD_CHEESE].append(m.id)
                    state = _say(state, f"Born to Lead: {m.name} is not in the first initiative spot, but is "
                                        "captured: the figure is off the board and its cheese was discarded, "
                                        f"so no cheese ({c('Mouse Hero Cards')}, Collin; Captured Mouse)")
                    continue
            m = pt.change_cheese(m, 1)
            state = _say(replace(state, mice=pt.put(state.mice, m)),
                         f"Born to Lead: {m.name} is not in the first initiative spot: +1 cheese "
                         f"({c('Mouse Hero Cards')}, Collin{said})")
    return state


def place_minions(t: MysticsTracker, state: MysticsState, counts: Sequence[tuple[str, int]],
                  specs: Mapping[str, Any], event: Event, *, ambush: bool = False,
                  start: bool = False, surge: bool = False) -> MysticsState:
    """Minions arrive: figures on the board, initiative cards placed (Determining Initiative Order).

    At most :data:`~.limits.MAX_FIGURES` figures of a type are on the board: more are refused,
    but a surge (and a logged start) places as many as fit and ignores the rest (Surges).
    """
    had_minion_cards = ini.has_minion_cards(state.track)
    groups = list(state.minions)
    roster = dict(state.roster)
    new_cards: list[InitCard] = []
    joined: list[str] = []  # figures of types whose card is on the track already, in words
    boss_new: list[InitCard] = []
    several: list[str] = []  # no boss, several cards: Brodie
    boss_choice = event.get("boss_cards") or {}
    if not isinstance(boss_choice, Mapping):
        raise LogError("boss_cards must be an object: boss -> list of card ids", found=repr(boss_choice)[:60])
    for mid, n in counts:
        spec = specs.get(mid)  # (read even for none of the type: a count of 0 was understood)
        if n == 0:
            continue
        info = t.minion_info(state, mid, spec)
        if isinstance(spec, Mapping):
            roster[info.id] = info
        existing = next((g for g in groups if g.id == info.id), None)
        room = figure_room(groups, info.id)
        if n > room:
            if not (surge or (start and t.replaying)):
                more = (f"0 to {room} more" if room
                        else f"no more, with {lim.MAX_FIGURES} on the board already")
                raise RuleError(f"{n} more {info.name} would make {lim.MAX_FIGURES - room + n} on the board; "
                                f"at most {lim.MAX_FIGURES}", expected=f"{more}: {lim.FIGURES_WHY}")
            state = _say(state, f"Only {room} more {info.name} fit on the board (at most {lim.MAX_FIGURES}): "
                                f"{n - room} are ignored ({c('Surges')}: place as many as possible)")
            n = room
            if n == 0:
                continue
        if existing is not None:
            groups = [replace(g, figures=g.figures + (0,) * n) if g.id == info.id else g for g in groups]
            joined.append(figure_words(n, existing.name))
            continue
        life = info.life
        if info.boss and len(info.cards) > 1:
            all_cards = [InitCard(ci.id, ini.BOSS, ci.name, minion=info.id, life=ci.life)
                         for ci in info.cards]
            chosen_ids = boss_choice.get(info.id)
            if chosen_ids is not None and (not isinstance(chosen_ids, list)
                                           or not all(isinstance(x, str) for x in chosen_ids)):
                raise LogError(f"boss_cards for {info.id!r} must list card ids", found=repr(chosen_ids)[:60])
            chosen = t.choose_boss_cards(state, info.id, all_cards, chosen_ids)
            cards = list(chosen)
            boss_new.extend(cards)
        elif len(info.cards) > 1:
            # Brodie: no boss, but 2 initiative cards, one turn for each (Brodie); placed on the next
            # available slots like any new minion card, no ambush (Determining Initiative Order).
            # His wounds are the figure's (Wounds on non-boss minions): the life both cards show.
            cards = [InitCard(ci.id, ini.MINION, ci.name, minion=info.id, life=ci.life) for ci in info.cards]
            lives = {ci.life for ci in info.cards}
            if life is None and len(lives) == 1:
                life = lives.pop()
            several.append(f"{info.name} is no boss: {len(cards)} initiative cards, a turn for each, placed "
                           f"as usual with no boss ambush ({c('Brodie')}; {c('Boss initiative cards')})")
        else:
            cards = [InitCard(info.id, ini.MINION, info.name, minion=info.id, life=info.life)]
        new_cards.extend(cards)
        groups.append(MinionGroup(info.id, info.name, life, (0,) * n, boss=info.boss,
                                  aggressive=info.aggressive, battle=info.battle, defense=info.defense,
                                  card_ids=tuple(x.id for x in cards), rat=info.rat))
    state = replace(state, minions=tuple(groups), roster=tuple(roster.items()))
    bosses = cast("set[str]", {b.minion for b in boss_new})  # (a boss card names its minion)
    for boss in [k for k in boss_choice if k not in bosses]:  # a typo of the boss's id, or no boss
        state = _kept(t, state, RuleError(
            f"boss_cards names {str(boss)[:40]!r}, but no boss with several initiative cards is placed here",
            expected="boss_cards of " + ", ".join(sorted(bosses)) if bosses else "no boss_cards",
            cite=c("Boss initiative cards")))
    rolls = _list(event, "rolls")
    bad = typed_rolls_refusal(rolls)  # every number typed checked first: a 9 is named as no number of the die
    if bad is not None:
        raise bad
    trial = t._draws if t._draws is not None and t._draws.trial else None
    if trial is not None and rolls is not None:  # (a trial notes they are read, and counts what it takes)
        trial.typed_read, rolls = True, None
    used = 0

    def next_rolls(purpose: str, cards: Sequence[str]) -> list[int]:
        """Rolls for ``cards`` (their names, in the order they roll): typed in, else from the seed."""
        nonlocal used
        n = len(cards)
        if rolls is None:
            return t.roll_die(state, purpose, n, cards)
        got = rolls[used:used + n]
        if len(got) != n:
            need = used + n
            raise TypedRollsError(f"{purpose}: not enough die rolls typed in: {need} needed, {len(rolls)} "
                                  f"typed{rolls_for(cards)}",
                                  expected=f"{plural(need - len(rolls), 'more number')}: one per minion "
                                           "initiative card that rolls", found=repr(rolls)[:60],
                                  cite=c("Ambushes"))
        used += n
        return list(got)

    placed = bool(new_cards) or start
    if joined:
        have = "its type has" if len(joined) == 1 else "their types have"
        state = _say(state, f"{and_list(joined)} placed: {have} an initiative card on the track already, no "
                            "card added "
                            f"({c('Determining Initiative Order')})")
    if not had_minion_cards and placed:
        mice_cards = [x for x in state.track if x.kind == ini.MOUSE]
        order = _str_list(event, "order")
        track = ini.full_order(mice_cards, new_cards, t.rng(state, "initiative"), order)
        if order is None and t._draws is not None:
            t._draws.shuffled([x.id for x in track])
        state = replace(state, track=track, turn=0 if start else -1, round=1 if start else state.round)
        state = _say(state, ("Starting" if start else "New") + " initiative order: "
                     + ", ".join(x.name for x in track) + f" ({c('Determining Initiative Order')})"
                     + ("" if start else "; the next turn is the top card's (house reading)"))
    elif placed:
        order = _str_list(event, "order")  # (read only where used: see the command line's warnings)
        track = ini.add_at_bottom(state.track, new_cards, t.rng(state, "initiative"), order)
        if order is None and t._draws is not None:
            t._draws.shuffled([x.id for x in track[len(state.track):]])
        placed_now = track[len(state.track):]  # as shuffled onto the track, top first
        state = _say(_refocus(state, track), "New initiative cards at the bottom: "
                     + ", ".join(x.name for x in placed_now) + f" ({c('Determining Initiative Order')})")
        if boss_new:  # the first of the boss's cards ambushes (Boss initiative cards)
            first = next(x for x in state.track if x.id in {b.id for b in boss_new})
            (r,) = next_rolls(BOSS_AMBUSH, [first.name])
            track = ini.ambush(state.track, [r], [first.id])
            state = _say(_refocus(state, track), f"{first.name} ambushes: rolled {r}, moves up {r} "
                                                 f"({c('Boss initiative cards')})")
    if placed and several:
        state = _say(state, *several)
    if ambush:
        who = [x.id for x in state.track if x.is_minion_card]
        if who:
            rs = next_rolls("ambush", [_card_words(state, x) for x in who])
            track = ini.ambush(state.track, rs, who)
            state = _say(_refocus(state, track), "Ambush! " + ", ".join(
                f"{_card_words(state, x)} rolled {r}" for x, r in zip(who, rs, strict=True))
                + f" ({c('Ambushes')}; house reading: cards roll top to bottom)")
        else:
            state = _say(state, "Ambush, but no minion cards are on the track: nothing rolls "
                                f"({c('Ambushes')})")
    if rolls is not None and used != len(rolls):
        raise TypedRollsError(f"{plural(len(rolls), 'die roll')} typed in, {used} used", found=repr(rolls),
                              expected=("one roll per minion initiative card on the track for an ambush"
                                        if ambush else f"{used}, for the boss's ambush" if used
                                        else "no rolls: nothing ambushes (is it an ambush?)"),
                              cite=c("Ambushes"))
    if len(state.track) > ini.TRACK_SLOTS:
        state = _say(state, f"{len(state.track)} cards: the track extends past its {ini.TRACK_SLOTS} slots "
                            f"({c('Determining Initiative Order')}, Note)")
    new_order = placed and not had_minion_cards  # (a full order determined: the book's own case)
    return _born_to_lead(t, state, event, house=not new_order) if placed or ambush else state


def figure_room(minions: Sequence[MinionGroup], mid: str) -> int:
    """How many more figures of minion type ``mid`` fit on the board beside ``minions`` (a state's, or those
    an action has placed so far): at most :data:`~.limits.MAX_FIGURES` of a type (Placing Minions on the
    Board); more are refused (a surge places as many as fit)."""
    existing = next((g for g in minions if g.id == mid), None)
    return lim.MAX_FIGURES - (len(existing.figures) if existing is not None else 0)


def _card_words(state: MysticsState, card_id: str) -> str:
    """An initiative card in words: its minion type's name, with the card's own when it differs
    ("Brodie (Brodie Pounces)")."""
    card = next((x for x in state.track if x.id == card_id), None)
    if card is None:
        return card_id
    group = next((g for g in state.minions if g.id == (card.minion or card.id)), None)
    if group is None or group.name == card.name:
        return card.name
    return f"{group.name} ({card.name})"


def remove_card(state: MysticsState, card_id: str) -> MysticsState:
    """Take a card off the track and close the gap; the pointer keeps its place in the round.

    When the card whose turn it is leaves (roaches eating the grape on their own turn), its
    turn is over and no card is acting: the next turn is the card that moved up into its
    slot, in the same round, or, if it was the last card, the top card's in a new round.
    """
    try:
        r = ini.index_of(state.track, card_id)
    except RuleError:
        return state
    track = ini.remove(state.track, card_id)
    turn, acting = state.turn, state.acting
    if r < turn:
        turn -= 1
    elif r == turn:
        acting = None
        if r >= len(track):
            turn = -1
    return replace(state, track=track, turn=turn, acting=acting)


def _group(state: MysticsState, mid: str) -> MinionGroup:
    """The minions of a type on the board; "rat_warriors", "Rat Warriors", "rat-warriors" are one type."""
    options = [(g.id, (g.name,)) for g in state.minions]
    hits = names.matches(mid, options)
    if len(hits) == 1:
        return next(g for g in state.minions if g.id == hits[0])
    ids = [g.id for g in state.minions]
    raise RuleError(f"no {mid!r} on the board", expected="one of " + ", ".join(ids) if ids else
                    "minions on the board", suggestion=did_you_mean(hits or names.suggestions(mid, options)))


def remove_figures(state: MysticsState, mid: str, figures: Sequence[int]) -> MysticsState:
    """Figures leave the board; with the last one the type's card(s) leave the track (Game round)."""
    g = _group(state, mid)
    keep = tuple(w for i, w in enumerate(g.figures) if i not in set(figures))
    if keep:
        return replace(state, minions=tuple(replace(x, figures=keep) if x.id == mid else x
                                            for x in state.minions))
    state = replace(state, minions=tuple(x for x in state.minions if x.id != mid))
    on_track = [x.name for x in state.track if x.id in g.card_ids]
    for cid in g.card_ids:
        state = remove_card(state, cid)
    # (Brodie's two cards, a boss's cards: every one of them leaves, and is said)
    cards = (f"its initiative cards ({and_list(on_track)}) are removed" if len(on_track) > 1
             else "its initiative card is removed")
    return _say(state, f"The last {g.name} left the board: {cards} and the track closes up "
                       f"({c('Game round')})")


#: Fields of an event that may fill the wheel (minion_cheese, greedy_steal, end_turn) that place the
#: minions of the surge it triggers.
SURGE_FIELDS = ("order", "rolls", "boss_cards")


def _resolve_surge(t: MysticsTracker, state: MysticsState, surge: Surge | None,
                   event: Event | None = None) -> MysticsState:
    if surge is None:
        return state
    words = surge.describe(lambda mid: _minion_name(t, state, mid))
    state = _say(replace(state, alert=words), words)
    if surge.discarded:
        state = _say(state, f"{surge.discarded} cheese beyond the 6th removed with the rest "
                            f"({c('Surges')}, step 5)")
    if surge.text and not surge.minions:
        state = _say(state, "The surge is given in words, not as minions the tracker places: place any "
                            f"minions it names by hand (add_minions) ({c('Surges')}, steps 2 and 3)")
    if surge.minions:
        # typed-in "order"/"rolls"/"boss_cards" of the triggering event place the surge minions
        # (read one by one: the command line notes which fields the rules used)
        carry = {k: event[k] for k in (*SURGE_FIELDS, NO_LEAD_CHEESE) if event is not None and k in event}
        known: list[tuple[str, int]] = []
        for mid, n in surge.minions:
            try:
                t.minion_info(state, mid, None)
            except UnknownCardError as exc:  # e.g. a card file of the user's was removed since
                state = _say(state, f"Surge: {exc.render()}; place {n} {mid} by hand (add_minions with its "
                                    f"stats) ({c('Surges')})")
            else:
                known.append((mid, n))
        if known:
            state = place_minions(t, state, known, {}, {"event": "surge", **carry}, surge=True)
    if state.board.defeated:
        state = _say(state, DEFEAT)
    return state


def _minion_name(t: MysticsTracker, state: MysticsState, mid: str) -> str:
    """A minion type's name for the words shown; its id if the card data no longer knows it."""
    try:
        return t.minion_info(state, mid, None).name
    except CompanionError:
        return mid


def _wheel(t: MysticsTracker, state: MysticsState, count: int, event: Event | None = None) -> MysticsState:
    board, surge = ch.add_cheese(state.board, count)
    return _resolve_surge(t, replace(state, board=board), surge, event)


# -- handlers ---------------------------------------------------------------------------------

def _start(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    if state.started:
        raise RuleError("the chapter has already started", cite=c("Game setup"),
                        suggestion="undo, or start a new log")
    kept: list[str] = []  # checks a replayed start fails: noted, not refused (see _start_check)
    end = _int(e, "chapter_end", minimum=2)
    _start_limit(t, kept, end, "chapter_end", 2, lim.MAX_PAGE, lim.PAGE_WHY)
    overflow = e.get("overflow", "discard")
    if overflow not in ch.OVERFLOW_MODES:
        raise LogError(f"bad overflow {overflow!r}", expected=" or ".join(ch.OVERFLOW_MODES))
    mice_spec = _list(e, "mice")
    if not mice_spec:
        raise LogError('"start" needs a non-empty "mice" list')
    seed = e.get("seed", 0)
    if not good_seed(seed, logged=t.replaying):
        raise LogError(f"bad seed {shown(seed, 40)}", expected=SEED_WORDS)
    chapter = e.get("chapter")
    if chapter is not None and (not isinstance(chapter, int) or isinstance(chapter, bool)):
        raise LogError(f"bad chapter {repr(chapter)[:40]}", expected="a chapter number")
    if chapter is not None:
        _start_limit(t, kept, chapter, "chapter", 1, lim.MAX_CHAPTER, lim.CHAPTER_WHY)
    abilities = e.get("abilities") or {}
    if not isinstance(abilities, Mapping) or not all(isinstance(v, str) for v in abilities.values()):
        raise LogError("start: abilities must map a mouse to an ability card name",
                       found=repr(abilities)[:60])
    infos: list[HeroInfo] = []
    for k, spec in enumerate(mice_spec):
        if isinstance(spec, Mapping):
            info = _typed_mouse(t, state, kept, spec, f"start: mice[{k}]")
        else:
            mid = str(spec)
            # (mypy cannot infer a lambda with a default: mid is bound for ruff's B023)
            value = t._data(state, HEROES, mid,
                            lambda mid=mid: _hero_json(_hero_named(t, mid)))  # type: ignore[misc]
            if value is None:
                raise UnknownCardError(mid, "mystics", [],
                                       where="mouse (its line records it as not in the card data)")
            info = _hero_of(mid, value)
        if any(h.id == info.id for h in infos):
            raise RuleError(f"mouse {info.id!r} is listed twice: each hero once in the party",
                            cite=c("Game setup"))
        if info.life is not None:
            _start_limit(t, kept, info.life, f"{possessive(info.name)} life", 1, lim.MAX_LIFE, lim.LIFE_WHY)
        infos.append(info)
    mice = [pt.new_mouse(info) for info in infos]
    state = replace(state, chapter=chapter, heroes=tuple((x.id, x) for x in infos))
    info_ch = t.chapter_data(state)
    excluded = party_setup_refusal(info_ch, chapter, [(m.id, m.name) for m in mice])
    if excluded is not None:
        _start_check(t, kept, excluded)
    # Game setup, step 3: one ability card per mouse, matching the mouse's class
    party_options = [(m.id, (m.name,)) for m in mice]
    for who in list(abilities):
        ability = abilities[who]  # (read by key: the command line notes which fields the rules used)
        hits = names.matches(str(who), party_options)
        if len(hits) != 1:
            _start_check(t, kept, UnknownCardError(
                str(who), "mystics", hits or names.suggestions(str(who), party_options),
                where="start: abilities (a mouse of the party)"))
            continue
        i = next(k for k, m in enumerate(mice) if m.id == hits[0])
        if mice[i].abilities:
            _start_check(t, kept, RuleError(f"start: two ability cards for {mice[i].name}",
                                            cite=c("Game setup"), expected="one ability card per mouse"))
            continue
        classes = _ability_classes(t, state, ability)  # (as the line recorded them: never today's data)
        if classes is None:  # (a card the data lacks is a typo: named with the closest ones)
            _start_check(t, kept, _unknown_ability(t, ability))
        refused = pt.ability_class_refusal(mice[i], ability, classes or (), "Game setup")
        if refused is not None:
            _start_check(t, kept, refused)
        mice[i] = replace(mice[i], abilities=(ability,))
    rolls = _list(e, "rolls")
    if rolls:  # (an empty list, as a tool may write it, rolls nothing)
        raise RuleError(f"start: {plural(len(rolls), 'die roll')} typed in, but a chapter's start rolls no "
                        "die: its initiative cards are shuffled, and no minion cards are on the track for a "
                        "boss to ambush", cite=c("Determining Initiative Order"), found=repr(rolls)[:60],
                        expected="no rolls (they are for an ambush, in an encounter or add_minions event)")
    specs = e.get("minions") or {}
    counts = []
    for mid, n in ch.minion_counts(specs, "start", limit=None):  # a logged start places as many as fit
        if not _start_limit(t, kept, n, f"number of {mid[:40]!r} figures", 0, lim.MAX_FIGURES,
                            lim.FIGURES_WHY):
            kept[-1] += f"; {lim.MAX_FIGURES} placed"
            n = lim.MAX_FIGURES
        counts.append((mid, n))
    for err in _typed_minion_limits(specs, "start"):
        _start_check(t, kept, err)
    board = Board(chapter_end=end, overflow=overflow)
    state = replace(state, started=True, seed=seed, chapter=chapter, board=board, mice=tuple(mice),
                    track=tuple(InitCard(m.id, ini.MOUSE, m.name) for m in mice))
    state = _say(state, f"Chapter {chapter or ''} starts: hourglass on page 1, chapter end marker on page "
                        f"{lim.show(end)} ({c('Game setup')})".replace("Chapter  ", "Chapter "))
    for note in kept:
        state = _say(state, f"{KEPT}: {note}")
    if overflow == "carry":
        state = _say(state, "House variant: cheese beyond the 6th stays on the wheel after a surge "
                            "(the book removes all cheese)")
    state = place_minions(t, state, counts, specs if isinstance(specs, Mapping) else {}, e, start=True)
    if info_ch is not None and info_ch.party_size and len(mice) != info_ch.party_size:
        state = _say(state, f"Note: chapter {chapter}'s Party Setup has {info_ch.party_size} mice in the "
                            f"party, here {len(mice)} ({c('Game setup')}, step 1)")
    if info_ch is not None and info_ch.chapter_end and end != info_ch.chapter_end:
        state = _say(state, f"Note: chapter {chapter}'s setup puts the chapter end marker on page "
                            f"{info_ch.chapter_end}, here page {lim.show(end)} ({c('Game setup')})")
    if info_ch is not None and info_ch.setup_minions:
        state = _setup_minions_note(t, state, info_ch)
    first = state.track[state.turn] if 0 <= state.turn < len(state.track) else None
    return replace(state, acting=first.id if first else None, setup=True)


def party_setup_refusal(info: Chapter | None, chapter: int | None,
                        mice: Sequence[tuple[str, str]]) -> RuleError | None:
    """Why a party of ``mice`` (id, name) cannot start chapter ``chapter`` (``info``: its data; ``None``:
    none, nothing to check): its Party Setup excludes some of them (Chapter setup). ``None``: it can."""
    excluded = [name for mid, name in mice if info is not None and mid in info.excluded_mice]
    if info is None or not excluded:
        return None
    return RuleError(f"chapter {chapter}'s Party Setup excludes " + ", ".join(excluded) + " from the party",
                     cite=c("Chapter setup"), expected="mice other than " + ", ".join(info.excluded_mice),
                     suggestion="choose another mouse (the story book's Party Setup section)")


def _setup_minions_note(t: MysticsTracker, state: MysticsState, info: Chapter) -> MysticsState:
    """A note when the minions a start places differ from the chapter's setup (Room Tile Setup: chapter 1
    places 3 rat warriors on the Guard Room; Game setup, step 6), as the start notes another party size or
    chapter end page: the start places what it is given (the table's), the note says what the chapter
    places. The chapter's setup is read as its start recorded it (one recorded before has none: no note)."""
    want = info.setup_counts
    tiles: dict[str, list[int]] = {}
    for p in info.setup_minions:
        if p.tile is not None:
            tiles.setdefault(p.minion, []).append(p.tile)
    groups = [(g.id, (g.name,)) for g in state.minions]
    have = {g.id: len(g.figures) for g in state.minions}
    matched: set[str] = set()
    try:
        roster = {k: m.name for k, m in t.minion_roster().items()}
    except CompanionError:  # (the names only: the ids stand for them)
        roster = {}
    tile_names = {x.number: x.name for x in info.tiles}
    parts, here = [], []
    for mid, n in want.items():
        hits = names.matches(mid, groups)
        got = have.get(hits[0], 0) if len(hits) == 1 else 0
        matched.update(hits[:1])
        name = next((g.name for g in state.minions if hits and g.id == hits[0]), None) or roster.get(mid, mid)
        where = ", ".join(f"tile {x}" + (f" ({tile_names[x]})" if x in tile_names else "")
                          for x in tiles.get(mid, ()))
        parts.append(figure_words(n, name) + (f" on {where}" if where else ""))
        here.append((name, n, got))
    extra = [g for g in state.minions if g.id not in matched]
    if all(n == got for _name, n, got in here) and not extra:
        return state
    placed = [figure_words(got, name) for name, _n, got in here if got] + [
        figure_words(len(g.figures), g.name) for g in extra]
    value = ",".join(f"{mid}={n}" for mid, n in want.items())
    return _say(state, f"Note: chapter {state.chapter}'s setup places {and_list(parts)}, here "
                       f"{and_list(placed) if placed else 'no minions'} ({c('Chapter setup')}; "
                       f"{c('Game setup')}, step 6): if the table has the chapter's, start again with them "
                       f"(--minions {value}): their initiative cards are shuffled in with the mice's at the "
                       f"start ({c('Game setup')}, step 7), which minions added later are not (they go to "
                       "the bottom of the track)")


def _unknown_ability(t: MysticsTracker, ability: str) -> CompanionError:
    """The refusal of an ability card the card data does not hold, with the closest names of the data now
    (none when it cannot be read)."""
    try:
        cards = list(t.ability_choices())
    except CompanionError:
        cards = []
    return UnknownCardError(ability, "mystics ability", closest(ability, cards),
                            where="start: abilities", cite=c("Game setup"))


def _start_check(t: MysticsTracker, kept: list[str], error: CompanionError) -> None:
    """A new start breaking a party rule or a limit is refused; a start already in the log is kept,
    with a note.

    Earlier versions did not check the party or the limits, so refusing a logged start would lose
    the whole chapter. Its numbers stay as logged (the screens draw at most a few pages of a huge
    chapter track), but for its figures, of which at most the limit is placed.
    """
    if not t.replaying:
        raise error
    kept.append(error.render())


def _start_limit(t: MysticsTracker, kept: list[str], value: int, field: str, low: int, high: int,
                 why: str) -> bool:
    """Whether a number of the start is in ``low``..``high`` (see :func:`_start_check` if not)."""
    try:
        lim.check(value, field, low, high, where="start", why=why)
    except RuleError as exc:
        _start_check(t, kept, exc)
        return False
    return True


def _refuse_typed_minion_limits(specs: Any, where: str) -> None:
    """A new event's typed-in minion life out of range is refused (see :func:`_typed_minion_limits`)."""
    errors = _typed_minion_limits(specs, where)
    if errors:
        raise errors[0]


def _typed_minion_limits(specs: Any, where: str) -> list[RuleError]:
    """A life typed in for a minion type or one of its cards (``{"moth": {"life": 2}}``) out of range."""
    out: list[RuleError] = []
    if not isinstance(specs, Mapping):
        return out
    for mid, spec in specs.items():
        if not isinstance(spec, Mapping):
            continue
        cards: Any = spec.get("cards") if isinstance(spec.get("cards"), list) else []
        lives = [("life", spec.get("life"))] + [(f"card {i + 1} life", card.get("life"))
                                                for i, card in enumerate(cards) if isinstance(card, Mapping)]
        for name, value in lives:
            if isinstance(value, int) and not isinstance(value, bool):
                try:
                    lim.check(value, f"{str(mid)[:40]!r} {name}", 1, lim.MAX_LIFE, where=where,
                              why=lim.LIFE_WHY)
                except RuleError as exc:
                    out.append(exc)
    return out


#: What a mouse typed into the start as an object takes (its hero card as far as the tracker keeps it:
#: a mouse's battle, defense, lore and move are not tracked). Only ``id`` is needed; for a mouse of
#: the card data, the fields given replace the card's.
MOUSE_FIELDS = ("id", "name", "life", "classes", "abilities", "starting_equipment")


def _typed_mouse(t: MysticsTracker, state: MysticsState, kept: list[str], spec: Mapping[str, Any],
                 where: str) -> HeroInfo:
    """A mouse typed in as an object (:data:`MOUSE_FIELDS`), its fields checked: a wrong type (a life
    of ``"3"``, classes as one text) is refused, never dropped for the card's value or for none."""
    typed = {k: spec[k] for k in MOUSE_FIELDS if k in spec}  # (by key: the command line notes them)
    mid = typed.get("id")
    if not isinstance(mid, str) or not mid.strip():
        _start_check(t, kept, LogError(f"{where}: a mouse object needs an id", found=repr(mid)[:40],
                                       expected='a name, e.g. {"id": "pip", "name": "Pip", "life": 3, '
                                                '"classes": ["scamp"]}'))
        mid = "" if mid is None else str(mid)
    abilities = typed.get("abilities", [])
    if isinstance(abilities, list):  # an ability as its name, or as {"name": ...} (the card data's form)
        abilities = [a.get("name") if isinstance(a, Mapping) else a for a in abilities]
    life = typed.get("life", 1)
    checks = (("name", isinstance(typed.get("name", "x"), str) and bool(typed.get("name", "x")), "a name"),
              ("life", isinstance(life, int) and not isinstance(life, bool), "a whole number"),
              ("classes", _names(typed.get("classes", [])), "a list of class names"),
              ("starting_equipment", _names(typed.get("starting_equipment", [])), "a list of card names"),
              ("abilities", _names(abilities), "a list of ability card names"))
    for key, ok, expected in checks:
        if not ok:
            _start_check(t, kept, LogError(f"{where}: bad {key} {repr(typed[key])[:40]}", expected=expected))
    value = t._data(state, HEROES, mid, lambda: _hero_json(t.hero_roster().get(mid)))  # (the card's, if any)
    base = None if value is None else _hero_of(mid, value)
    return pt.hero_from_event(mid, {**(_hero_dict(base) if base else {}), **typed})


def _hero_named(t: MysticsTracker, mid: str) -> HeroInfo:
    """The hero of the card data ``mid`` names (by id or name), else refused with the closest ones."""
    roster = t.hero_roster()
    options = [(k, (h.name,)) for k, h in roster.items()]
    hits = names.matches(mid, options)
    if len(hits) != 1:
        raise UnknownCardError(mid, "mystics", hits or names.suggestions(mid, options) or list(roster),
                               where="mouse")
    return roster[hits[0]]


def _names(value: Any) -> bool:
    """Whether ``value`` is a list of names (text)."""
    return isinstance(value, list) and all(isinstance(x, str) and x.strip() for x in value)


def _hero_dict(h: HeroInfo) -> dict[str, Any]:
    return {"name": h.name, "life": h.life, "classes": list(h.classes), "battle": h.battle,
            "defense": h.defense, "lore": h.lore, "move": h.move,
            "starting_equipment": list(h.starting_equipment), "abilities": [{"name": a} for a in h.abilities]}


def _surge_minions(t: MysticsTracker, state: MysticsState, e: Event, key: str,
                   where: str) -> tuple[MysticsState, tuple[tuple[str, int], ...]]:
    """A typed surge's minions, each type checked now (not when the surge comes) and stored by its id.

    A type typed in with its stats (``{"moth": {"count": 1, "life": 2}}``) joins the roster.
    """
    value = e.get(key)
    counts = ch.minion_counts(value, where)
    _refuse_typed_minion_limits(value, where)
    out: list[tuple[str, int]] = []
    roster = dict(state.roster)
    for mid, n in counts:
        spec = value.get(mid) if isinstance(value, Mapping) else None
        info = t.minion_info(state, mid, spec)
        if isinstance(spec, Mapping) and info.id not in roster:
            roster[info.id] = info
        out.append((info.id, n))
    return replace(state, roster=tuple(roster.items())), tuple(out)


def _surge_text(e: Event, key: str) -> str:
    value = e.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise LogError(f"{e['event']!r} event: {key} must be text", found=repr(value)[:60])
    return value.strip()


def _encounter(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    name = _str(e, "card")
    specs = e.get("minions") or {}
    counts = ch.minion_counts(specs, "encounter")
    _refuse_typed_minion_limits(specs, "encounter")
    state, surge = _surge_minions(t, state, e, "surge", "encounter surge")
    text = _surge_text(e, "surge_text")
    state = place_minions(t, state, counts, specs if isinstance(specs, Mapping) else {}, e,
                          ambush=_flag(e, "ambush"))
    old = state.board.encounter
    board = replace(state.board, encounter=Encounter(name, surge, text))
    state = replace(state, board=board)
    msg = f"Encounter card {name!r} is face up: it decides the next surge ({c('Encounters')})"
    if old is not None:
        msg += f"; the old card {old.name!r} is discarded"
    try:
        traps = _flag(e, "mousetraps")
    except LogError as exc:  # an older log's "no" was read as yes: kept as it was played
        state, traps = _kept(t, state, exc), bool(e.get("mousetraps"))
    if traps:
        msg += f"; place mousetraps on every red X of this tile ({c('Mousetraps')})"
    return _say(state, msg)


def _add_minions(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    specs = e.get("minions") or {}
    counts = ch.minion_counts(specs, "add_minions")
    if not counts:
        raise LogError('"add_minions" needs a "minions" object')
    _refuse_typed_minion_limits(specs, "add_minions")
    return place_minions(t, state, counts, specs if isinstance(specs, Mapping) else {}, e,
                         ambush=_flag(e, "ambush"))


def _room(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    name = e.get("name")
    if name is None:
        given = [k for k in ("tile", "special_surge", "special_surge_text") if k in e]
        if given:
            state = _kept(t, state, LogError(
                f"'room' event without a name leaves the room, so its {' and '.join(given)} would be lost",
                expected="the room's name with them; to leave the room, no name and nothing else"))
        left = state.board.room
        state = replace(state, board=replace(state.board, room=None))
        if left is None:
            state = _kept(t, state, RuleError("the mice are in no room: there is none to leave",
                                              expected="a room's name, to enter it"))
            return _say(state, "The mice are in no room")
        return _say(state, f"The mice leave {left.name}" + (
            f"; its special surge no longer replaces the encounter card's ({c('Surges')})"
            if left.has_special_surge else ""))
    if not isinstance(name, str):
        raise LogError(f"bad room name {repr(name)[:40]}", expected="the room's name")
    if not name.strip():
        state = _kept(t, state, LogError("'room' event: the room's name is blank",
                                         expected="the room's name; to leave the room, no name and nothing "
                                                  "else"))
    state, surge = _surge_minions(t, state, e, "special_surge", "room special surge")
    text = _surge_text(e, "special_surge_text")
    try:
        tile = _int(e, "tile", minimum=1) if "tile" in e else None
    except LogError as exc:  # an older log's "3" was left out: kept as it was played
        state, tile = _kept(t, state, exc), None
    draws = t._draws  # (a live action: what it reads from the chapter's data, its line records)
    if tile is None and draws is not None and not surge and not text:
        tile = _tile_named(t, state, name)
        if tile is not None:
            draws.decided["tile"] = tile
    unsure = None  # the chapter's special surge its data marks uncertain: kept as text, never placed
    if tile is not None and not surge and not text:
        rule = t.room_surge(state, tile)
        text = t.room_surge_text(state, tile) or ""
        unsure = rule if rule is not None and rule.uncertain else None
        placed = _surge_list(t, state, text) if text and draws is not None and unsure is None else None
        if placed and draws is not None:  # the chapter's special surge's minions (Surges, step 2), as typed
            surge, text = placed, ""
            draws.decided["special_surge"] = dict(placed)
    room = Room(name, surge, text)
    state = replace(state, board=replace(state.board, room=room))
    if not room.has_special_surge:
        return _say(state, f"The mice are in {name}")
    what = ", ".join(figure_words(n, _minion_name(t, state, mid)) for mid, n in surge) or repr(text)
    words = f"The mice are in {name}; its special surge replaces the encounter card's: {what}"
    if unsure is not None:
        words += (f". Chapter {state.chapter}'s data gives this special surge for tile {tile} but marks it "
                  "uncertain (its reading of the rule book's text may be wrong), so it is kept as its text "
                  "and not placed automatically: when a surge comes, place its minions by hand if this is "
                  "the room's surge (add_minions)")
    return _say(state, f"{words} ({c('Surges')})")


_SURGE_PART = re.compile(r"(\d+)\s+([^\W\d][\w' -]*)")


def _surge_list(t: MysticsTracker, state: MysticsState, text: str) -> tuple[tuple[str, int], ...] | None:
    """A special surge's text in the chapter's data as the minions it places, by type id (``"Special Surge:
    2 rat warriors."`` -> rat warriors 2), when every part of it is a number and a minion type; ``None``
    when it says anything else (its text is shown when the surge comes)."""
    body = text.rsplit(":", 1)[-1].strip().rstrip(".").strip()
    out: dict[str, int] = {}
    for part in re.split(r"\s*(?:,|;|\band\b)\s*", body):
        found = _SURGE_PART.fullmatch(part.strip())
        if found is None:
            return None
        try:
            info = t.minion_info(state, found.group(2).strip(), None)
        except UnknownCardError:
            return None
        out[info.id] = out.get(info.id, 0) + int(found.group(1))
    return tuple(out.items()) or None


def _tile_named(t: MysticsTracker, state: MysticsState, name: str) -> int | None:
    """The number of the chapter's room tile named ``name`` (``The Courtyard``, ``courtyard``), for its
    special surge; ``None``: no chapter, or none of its tiles is named so."""
    try:
        info = chapter_part(t, state, "tiles")
    except CompanionError:
        return None
    tiles = list(getattr(info, "tiles", ()) or ())
    hits = names.matches(name, [(str(x.number), (x.name,)) for x in tiles])
    return int(hits[0]) if len(hits) == 1 and hits[0].isdecimal() else None


def _minion_cheese(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    n = _int(e, "count", 1, maximum=lim.MAX_COUNT, why=lim.COUNT_WHY)
    state = _zero(t, state, "minion_cheese", n, "1 or more (added), -1 or less (taken off)")
    state = _say(state, f"{n:+d} cheese on the minion wheel ({c('Surges')})")
    return _wheel(t, state, n, e)


def has_pilfer(t: MysticsTracker, m: Mouse, state: MysticsState | None = None) -> bool:
    """Whether mouse ``m`` has Pilfer: Filch's (or a hero card's whose abilities name it: the card the
    chapter started with, in ``state``), or learned (Mouse Hero Cards, Filch: Pilfer)."""
    info = t.hero_info(state, m.id) if state is not None else t.hero_roster().get(m.id)
    return "pilfer" in map(str.lower, m.abilities) or (info.pilfer if info is not None else m.id == "filch")


#: Where Pilfer's cheese may come from (Mouse Hero Cards, Filch: Pilfer).
PILFER_FROM = ("wheel", "supply")
PILFER = f"{c('Mouse Hero Cards')}, Filch: Pilfer"


def pilfer_refusal(t: MysticsTracker, state: MysticsState, m: Mouse) -> RuleError | None:
    """Why ``m`` cannot pilfer now (``None``: it can), in the tracker's words and the page's: Pilfer
    gives 1 cheese "after Filch defeats a minion figure" (Mouse Hero Cards, Filch: Pilfer), so a figure
    ``m`` defeated this turn (on its turn, or logged ``"by"`` it) must be left to pilfer."""
    if not has_pilfer(t, m, state):
        return RuleError(f"{m.name} has no Pilfer: it is Filch's ability", cite=PILFER)
    if m.captured:
        return captured_error(m, "pilfer")
    if _pilfered(state, m.id) is None:
        others = sorted({by for _n, _r, by in state.unpilfered if by != m.id}, key=str)
        if others:
            who = [f"by {state.mouse(x).name}" for x in others if x]
            who += ["on a minion's turn or by a correction"] if None in others else []
            one = len(state.unpilfered) == 1  # (none of them is by m)
            why = (f"the {'minion figure' if one else 'minion figures'} defeated this turn "
                   f"{'was' if one else 'were'} defeated {' and '.join(who)}, not by "
                   f"{m.name}: Pilfer gives 1 cheese only after {m.name} defeats a minion figure ({PILFER})")
            it, defeat = ("it", "that defeat") if one else ("them", "those defeats")
            fix = (f"If {m.name} defeated {it}, undo {defeat} and log {it} again by {m.name} "
                   f'("by": "{m.id}"), or log {it} on {possessive(m.name)} turn; then pilfer.')
        else:
            why = (f"no minion figure defeated this turn is left for {m.name} to pilfer: Pilfer gives 1 "
                   f"cheese per minion figure {m.name} defeats ({PILFER})")
            fix = (f"Remove the figure {m.name} defeated first (defeat_minion, or the wound that defeats it; "
                   f'on another turn, by {m.name}: "by": "{m.id}"), then pilfer.')
        return RuleError(why, suggestion=fix)
    return None


def _pilfered(state: MysticsState, mouse: str) -> int | None:
    """The place in :attr:`MysticsState.unpilfered` of the latest figure ``mouse`` defeated this turn and
    has not pilfered yet; ``None``: there is none."""
    return next((i for i in range(len(state.unpilfered) - 1, -1, -1) if state.unpilfered[i][2] == mouse),
                None)


def _to_pilfer(state: MysticsState, mouse: str) -> int:
    """The place in :attr:`MysticsState.unpilfered` of the figure a pilfer by ``mouse`` takes: the latest it
    defeated this turn (:func:`_pilfered`), else (a logged line kept as played) the latest defeated this
    turn."""
    i = _pilfered(state, mouse)
    return len(state.unpilfered) - 1 if i is None else i


def _taken(state: MysticsState, i: int) -> MysticsState:
    return replace(state, unpilfered=(*state.unpilfered[:i], *state.unpilfered[i + 1:]))


def _pilfer(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    """Pilfer: after Filch defeats a minion figure, 1 cheese to his stash; if it was a Rat he may take it
    from the minion wheel, when there is cheese there; otherwise it comes from the supply (Mouse Hero
    Cards, Filch: Pilfer). Each pilfer takes one figure defeated since the turn on the track began, not
    yet pilfered that Filch defeated (on his turn, or logged ``"by"`` him), the latest first (house
    reading); ``from`` (``wheel`` or ``supply``) says where the cheese came from, and a live action logs
    it. A captured Filch's figure is off the board (Captured Mouse): he defeats no minion. A line logged
    before a defeat was tied to the mouse that defeated it is kept as played (the latest figure defeated
    this turn), with a note.

    A line logged before Pilfer was tied to a defeat has no ``from``: it took its cheese from the wheel,
    and is kept as it was played, with a note where the rules say otherwise today (:func:`_old_pilfer`)."""
    m = state.mouse(_str(e, "mouse"))
    source = _opt_str(e, "from")
    if source is not None and source not in PILFER_FROM:
        raise LogError(f"'pilfer' event: bad from {source[:20]!r}", expected=" or ".join(PILFER_FROM))
    old = t.replaying and source is None
    refused = pilfer_refusal(t, state, m)
    # (a logged line may have taken a figure another mouse defeated: kept, with a note; never one of none)
    if refused is not None and (not t.replaying or m.captured or not has_pilfer(t, m, state)
                                or (not old and not state.unpilfered)):
        raise refused
    if old:
        return _old_pilfer(t, state, m, refused)
    state = _kept(t, state, refused)  # (a line logged before a defeat was tied to its mouse)
    i = _to_pilfer(state, m.id)
    name, rat, _by = state.unpilfered[i]
    if source == "wheel" and not (rat and state.board.wheel >= 1):
        why = f"{name} is no Rat" if not rat else "the minion cheese wheel is empty"
        raise RuleError(f"{m.name} cannot take this cheese from the minion wheel: {why}, so it comes from "
                        f"the supply ({PILFER})", suggestion='leave "from" out, or give "from": "supply"')
    source = source or ("wheel" if rat and state.board.wheel >= 1 else "supply")
    if t._draws is not None and "from" not in e:
        t._draws.decided["from"] = source
    board = replace(state.board, wheel=state.board.wheel - 1) if source == "wheel" else state.board
    state = replace(_taken(state, i), board=board, mice=pt.put(state.mice, pt.change_cheese(m, 1)))
    if source == "wheel":
        return _say(state, f"Pilfer: {m.name} defeated a figure of {name}, a Rat: 1 cheese from the minion "
                           f"wheel to {possessive(m.name)} stash ({PILFER})")
    why = (f" ({name} is no Rat: only a Rat's cheese comes from the minion wheel)" if not rat
           else " (the minion wheel is empty)" if board.wheel < 1 else "")
    return _say(state, f"Pilfer: {m.name} defeated a figure of {name}: 1 cheese from the supply to "
                       f"{possessive(m.name)} stash{why} ({PILFER})")


def _old_pilfer(t: MysticsTracker, state: MysticsState, m: Mouse, refused: RuleError | None) -> MysticsState:
    """A pilfer line logged before Pilfer was tied to a defeat: 1 cheese from the minion wheel, as it was
    played (it was refused on an empty wheel then, and still is), with a note where the rules say
    otherwise today: no figure defeated this turn left to pilfer, or a figure that was no Rat."""
    if state.board.wheel < 1:
        raise RuleError("the minion cheese wheel is empty: nothing to take", cite=PILFER)
    state = _kept(t, state, refused)
    if state.unpilfered:
        i = _to_pilfer(state, m.id)
        (name, rat, _by), state = state.unpilfered[i], _taken(state, i)
        if not rat:
            state = _kept(t, state, RuleError(f"{m.name} took this cheese from the minion wheel, but {name} "
                                              "is no Rat: today it comes from the supply", cite=PILFER))
    state = replace(state, board=replace(state.board, wheel=state.board.wheel - 1),
                    mice=pt.put(state.mice, pt.change_cheese(m, 1)))
    return _say(state, f"{m.name} takes 1 cheese from the minion wheel ({PILFER})")


def _defeated(state: MysticsState, g: MinionGroup, n: int = 1, by: str | None = None, *,
              credited: bool = True) -> MysticsState:
    """``n`` figures of ``g`` defeated this turn by mouse ``by`` (``None``: the mouse whose turn it is, if
    any): each may be pilfered by the mouse that defeated it (Mouse Hero Cards, Filch: Pilfer). Not
    ``credited`` (a correction of a life: no mouse defeated them then), they are no mouse's to pilfer."""
    if by is None and credited:
        by = state.turn_mouse
    return replace(state, unpilfered=(*state.unpilfered, *((g.name, g.rat, by),) * n))


def _by(t: MysticsTracker, state: MysticsState, e: Event) -> str | None:
    """The mouse a defeat is logged ``"by"`` (its id), for Pilfer; ``None``: not given (the mouse whose turn
    it is). A captured mouse's figure is off the board: it defeats no minion."""
    typed = _opt_str(e, "by")
    if typed is None:
        return None
    m = state.mouse(typed)
    if m.captured:
        raise RuleError(f"{m.name} is captured: its figure is off the board, so it defeats no minion "
                        f"({c('Captured Mouse')})", suggestion='leave "by" out, or name the mouse that did')
    return m.id


def greedy_refusal(state: MysticsState, m: Mouse) -> RuleError | None:
    """Why a greedy roach cannot steal a cheese of ``m``'s now (``None``: it can), in the tracker's words and
    the page's: only a greedy roach steals, so roaches must be on the board (Greedy Roaches); a captured
    mouse's cheese was discarded (Captured Mouse); a mouse with no cheese has none to steal (a roach
    steals: not the hero card's "cannot spend")."""
    if m.captured:
        return captured_error(m, "greedy_steal")
    if m.cheese < 1:
        return RuleError(f"{m.name} has no cheese for a greedy roach to steal ({c('Greedy Roaches')})")
    if not any(pt.is_roach(g.id, g.name) for g in state.minions):
        return RuleError("no roaches on the board: only a greedy roach steals cheese "
                         f"({c('Greedy Roaches')})", suggestion="Place the encounter's greedy roaches first.")
    return None


def _greedy_steal(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    m = state.mouse(_str(e, "mouse"))
    refused = greedy_refusal(state, m)
    if refused is not None and (m.captured or m.cheese < 1):  # (refused, a logged line too)
        raise refused
    state = _kept(t, state, refused)  # (no roaches: a line logged before the check is kept, with a note)
    state = replace(state, mice=pt.put(state.mice, pt.change_cheese(m, -1)))
    state = _say(state, f"A greedy roach steals 1 cheese from {m.name}: it goes on the minion wheel "
                        f"({c('Greedy Roaches')})")
    return _wheel(t, state, 1, e)


def _figure(e: Event, g: MinionGroup) -> int:
    """The figure an event names: ``"figure"`` counts from 0 in the log (0 is the first figure);
    messages count from 1, as the table does and the notebook's Figure box."""
    i = _int(e, "figure", 0, minimum=0)
    if i >= len(g.figures):
        n = len(g.figures)
        raise RuleError(f"{g.name} has {plural(n, 'figure')} on the board; there is no figure {i + 1} "
                        f'("figure": {i} counts from 0)',
                        expected=f"figure 1 to {n} (\"figure\": 0 to {n - 1})")
    return i


def boss_cards_on_track(state: MysticsState, g: MinionGroup) -> list[InitCard]:
    """The boss initiative cards of ``g`` on the track, top first: its wounds go on them and its life is on
    each (Wounds on boss minions). None for a minion that is no boss, or for a boss the card data gives at
    most one card: that one is on the track as a minion card, so its life and wounds are its figure's, as
    any minion's (set_stats sets that life)."""
    return [x for x in state.track if x.id in g.card_ids and x.kind == ini.BOSS] if g.boss else []


def figure_wounds(g: MinionGroup) -> str:
    """The section a wound on a figure of ``g`` follows: a boss with no boss cards on the track has one
    initiative card, on the track as a minion card (:func:`boss_cards_on_track`), and is still a boss."""
    return c("Wounds on boss minions" if g.boss else "Wounds on non-boss minions")


def boss_card(state: MysticsState, g: MinionGroup, typed: str) -> InitCard | None:
    """The initiative card of boss ``g`` on the track that ``typed`` names: by its id, or by its name as the
    track shows it (any case, spaces tidied); ``None``: no such card of ``g`` is on the track."""
    on_track = [x for x in state.track if x.id in g.card_ids]
    hit = next((x for x in on_track if x.id == typed), None)
    if hit is not None:
        return hit
    key = " ".join(typed.split()).casefold()
    hits = [x for x in on_track if x.id.casefold() == key or " ".join(x.name.split()).casefold() == key]
    return hits[0] if len(hits) == 1 else None


def _zero(t: MysticsTracker, state: MysticsState, kind: str, n: int, expected: str, what: str = "count"
          ) -> MysticsState:
    """A ``what`` (a count, a move) of 0 changes nothing: a new action is refused (as ``mouse_cheese``
    refuses it); a logged one is kept, with a note."""
    if n:
        return state
    return _kept(t, state, LogError(f"'{kind}' event: a {what} of 0 changes nothing", expected=expected))


def _wound_minion(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    g = _group(state, _str(e, "minion"))
    n = _int(e, "count", 1, minimum=0, maximum=lim.MAX_COUNT, why=lim.COUNT_WHY)
    by = _by(t, state, e)
    state = _zero(t, state, "wound_minion", n, "1 or more wounds")
    if boss_cards_on_track(state, g):
        if "figure" in e:
            state = _kept(t, state, LogError(
                f"'wound_minion' event: {g.name} is a boss: its wounds go on one of its initiative cards "
                f"(card), not on a figure ({c('Wounds on boss minions')})",
                expected="card, not figure", found=f"figure {repr(e['figure'])[:20]}"))
        on_track = [x for x in state.track if x.id in g.card_ids]
        cid = _opt_str(e, "card")
        if cid is None:
            if len(on_track) > 1:
                raise RuleError(f"{g.name} has {len(on_track)} initiative cards: choose the card "
                                "for the wound",
                                expected="a card by its name or id: " + ", ".join(f"{x.name} ({x.id})"
                                                                                   for x in on_track),
                                suggestion=f"add \"card\" ({c('Wounds on boss minions')})")
            cid = on_track[0].id
        card = boss_card(state, g, cid)
        if card is None:
            raise RuleError(f"no card {cid!r} of {g.name} on the track ({c('Wounds on boss minions')})",
                            expected="a card by its name or id: " + ", ".join(f"{x.name} ({x.id})"
                                                                               for x in on_track))
        card = replace(card, wounds=card.wounds + n)
        state = replace(state, track=ini.replace_card(state.track, card))
        state = _say(state, f"{plural(n, 'wound')} on {card.name} ({c('Wounds on boss minions')})")
        if card.life is not None and card.wounds >= card.life:
            state = _say(remove_card(state, card.id), f"{card.name} is removed from the track "
                                                      f"({c('Wounds on boss minions')})")
            left = [x for x in state.track if x.id in g.card_ids]
            if not left:
                state = _defeated(replace(state, minions=tuple(x for x in state.minions if x.id != g.id)), g,
                                  by=by)
                state = _say(state, f"{g.name} is defeated: the figure leaves the board "
                                    f"({c('Wounds on boss minions')})")
        return state
    if "card" in e:
        state = _kept(t, state, LogError(
            f"'wound_minion' event: {g.name} has no boss initiative cards to wound: its wounds go on a "
            f"figure (figure, 0 is the first) ({figure_wounds(g)})",
            expected="figure, not card", found=f"card {repr(e['card'])[:40]}"))
    i = _figure(e, g)
    wounds = g.figures[i] + n
    where = figure_wounds(g)
    state = replace(state, minions=tuple(
        replace(x, figures=(*x.figures[:i], wounds, *x.figures[i + 1:])) if x.id == g.id else x
        for x in state.minions))
    if g.life is not None and wounds >= g.life:
        state = _say(_defeated(state, g, by=by), f"{g.name} figure {i + 1} takes {plural(n, 'wound')} and is "
                                                 f"defeated ({where})")
        return remove_figures(state, g.id, [i])
    if g.life is None:
        return _say(state, f"{g.name} figure {i + 1}: {plural(wounds, 'wound')}; life unknown in the data: "
                           "set the life from its initiative card (set_stats), or log defeat_minion when it "
                           f"falls ({where})")
    return _say(state, f"{g.name} figure {i + 1}: {wounds} of {g.life} wounds ({where})")


def _defeat_minion(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    """Figures of a minion type leave the board, defeated: cited as a wound that defeats them would be,
    a boss's by the book's section for bosses (:func:`figure_wounds`)."""
    g = _group(state, _str(e, "minion"))
    where = figure_wounds(g)
    by = _by(t, state, e)
    if "figure" in e:
        n = _int(e, "count", 1, minimum=1)
        if n != 1:  # (count 1 says what figure says)
            state = _kept(t, state, LogError(
                f"'defeat_minion' event: figure names one figure, but count is {lim.show(n)}",
                expected="figure alone (that one figure leaves), or count alone (that many leave)",
                suggestion="log one defeat_minion event per figure, or give count without figure"))
        figs = [_figure(e, g)]
    else:
        n = _int(e, "count", 1, minimum=1)
        if n > len(g.figures):
            raise RuleError(f"only {len(g.figures)} {g.name} on the board, cannot remove {n} ({where})")
        figs = list(range(n))
    verb = "leaves" if len(figs) == 1 else "leave"
    state = _say(_defeated(state, g, len(figs), by), f"{figure_words(len(figs), g.name)} {verb} the board "
                                                 f"({where})")
    return remove_figures(state, g.id, figs)


def _last_mouse_index(track: ini.Track) -> int:
    return max((i for i, x in enumerate(track) if x.kind == ini.MOUSE), default=-1)


def _end_turn(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    if not state.track:
        raise RuleError(f"the initiative track is empty: no card takes a turn ({c('Game round')})")
    if state.acting is None and 0 <= state.turn < len(state.track):
        # the card whose turn it was left the track mid-turn: the card that moved up is next
        return _begin_turn(t, state, state.turn, state.round, e)
    i = state.turn
    card = next((x for x in state.track if x.id == state.acting), None) if state.acting else None
    if card is not None and state.turn >= 0:
        i = ini.index_of(state.track, card.id)
        groups = {g.id: g for g in state.minions}
        group = groups.get(card.minion or card.id)
        if card.kind == ini.MINION and group is not None and group.aggressive and i > 0:
            above = state.track[i - 1]
            state = _say(replace(state, track=ini.swap_with_above(state.track, i)),
                         f"Aggressive: {card.name} switches with {above.name} above it "
                         f"({c('Initiative Cards')}, Rat Warriors)")
        if card.kind == ini.MOUSE:
            m = state.mouse(card.id)
            if "charmed" in m.conditions:
                state = _say(replace(state, mice=pt.put(state.mice, pt.drop_condition(m, "charmed"))),
                             f"{possessive(m.name)} charmed marker is removed after its turn "
                             f"({c('Charmed')})")
            if i == _last_mouse_index(state.track) and state.minions_on_board == 0:
                state = _say(state, f"Time is Short! No minions on the board after the last mouse's turn: "
                                    f"1 cheese on the minion wheel ({c('Game round')})")
                before = state.track
                state = _wheel(t, state, 1, e)
                if state.track is not before and state.turn == -1:
                    i = -1
    # advance the pointer
    if state.turn == -1 or i == -1:
        nxt, rnd = 0, state.round + 1
    else:
        nxt, rnd = i + 1, state.round
        if nxt >= len(state.track):
            nxt, rnd = 0, state.round + 1
    if not state.track:
        return _new_turn(state, turn=-1, acting=None)
    return _begin_turn(t, state, nxt, rnd, e)


def _new_turn(state: MysticsState, **changes: Any) -> MysticsState:
    """``state`` with ``changes`` (whose turn it is) and what a new turn starts without: no figure
    defeated in it yet (``unpilfered``), no free action taken, no mouse captured in it."""
    return replace(state, unpilfered=(), free=FreeActions(), captured_this_turn=(), **changes)


#: The field a live action that begins a turn logs when a captured mouse is rescued at its start and the
#: rescue takes that turn, which ends (a line without it was logged before: :func:`_begin_turn`).
RESCUE_ENDS_TURN = "rescue_ends_turn"


def _begin_turn(t: MysticsTracker, state: MysticsState, nxt: int, rnd: int, e: Event) -> MysticsState:
    """The card in slot ``nxt`` starts its turn in round ``rnd``: reminders, rescue.

    A captured mouse is rescued automatically at the start of its turn once no minions are on the board,
    and "being rescued takes up that mouse's whole turn" (Rescuing a Mouse): its turn ends at once, the
    pointer moves on (with what an end of turn does: Time is Short!). A live action logs
    ``"rescue_ends_turn": true``; a line logged before has none, and is kept as it was played (the
    rescued mouse kept the turn)."""
    if rnd != state.round:
        state = _say(state, f"Round {rnd} begins ({c('Game round')})")
    nxt_card = state.track[nxt]
    # a new turn: no figure is defeated in it yet, no mouse captured in it, and its mouse has taken no free
    # action (so a captured mouse whose turn begins was captured before it: this is its next turn)
    state = _new_turn(state, turn=nxt, acting=nxt_card.id, round=rnd)
    state = _say(state, turn_words(nxt_card.name))
    if nxt_card.kind != ini.MOUSE:
        last = _last_mouse_index(state.track)
        if last >= 0:
            state = _say(state, f"The player of {state.track[last].name} (lowest mouse on the track) moves "
                                f"and battles for the minions ({c('Taking a Turn with a Minion')})")
    if nxt_card.kind == ini.MOUSE:
        m = state.mouse(nxt_card.id)
        if m.captured:
            if state.minions_on_board == 0:
                state = replace(state, mice=pt.put(state.mice, pt.rescue(m)))
                if not t.replaying or _flag(e, RESCUE_ENDS_TURN):
                    if t._draws is not None:
                        t._draws.decided[RESCUE_ENDS_TURN] = True
                    state = _say(state, f"{m.name} is rescued: no minions on the board; being rescued takes "
                                        f"{possessive(m.name)} whole turn: its turn ends "
                                        f"({c('Rescuing a Mouse')})")
                    return _end_turn(t, state, e)
                state = _say(state, f"{m.name} is rescued: no minions on the board; rescue takes the whole "
                                    f"turn ({c('Rescuing a Mouse')})")
                state = _kept(t, state, RuleError(f"{m.name} kept the turn it was rescued on: today being "
                                                  "rescued takes that whole turn, which ends "
                                                  f"({c('Rescuing a Mouse')})"))
            else:
                state = _say(state, f"{m.name} is captured and minions are on the board: skip this turn "
                                    f"({c('Rescuing a Mouse')})")
        for cond, reminder in TURN_REMINDERS.items():
            if cond in m.conditions and not m.captured:
                state = _say(state, f"{m.name} is {cond.replace('_', ' ')}: {reminder} "
                                    f"({c('Negative Effects')})")
    return state


def wounds_taken(m: Mouse, n: int, poison: bool) -> str:
    """``n`` wounds just taken by ``m`` (as it is now), said so that the count is never read as life left:
    "+1 wound (4 wounds; life 5)", "+1 poison wound (2 wounds, 1 poison; life unknown)"."""
    held = plural(m.total_wounds, "wound") + (f", {m.poison} poison" if m.poison else "")
    return (f"+{plural(n, 'poison wound' if poison else 'wound')} "
            f"({held}; life {m.life if m.life is not None else 'unknown'})")


def _wound(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    m = state.mouse(_str(e, "mouse"))
    n = _int(e, "count", 1, minimum=0, maximum=lim.MAX_COUNT, why=lim.COUNT_WHY)
    poison = _flag(e, "poison")
    if m.captured:
        raise captured_error(m, "wound")
    state = _zero(t, state, "wound", n, "1 or more wounds")
    if poison and ("poisonmaster", m.id) in state.board.achievements:
        poison = False
        state = _say(state, f"{m.name} is the Poisonmaster: the poison wound is a normal wound")
    m2 = pt.wound(m, n, poison)
    state = _say(replace(state, mice=pt.put(state.mice, m2)),
                 f"{m.name}: {wounds_taken(m2, n, poison)} "
                 f"({c('Poisoned') if poison else c('Captured Mouse')})")
    if pt.is_beaten(m2):
        state = _capture(t, state, {"event": "capture", "mouse": m.id, **_scaper_field(e)})
    return state


def _heal(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    m = state.mouse(_str(e, "mouse"))
    n = _int(e, "count", 1, minimum=0, maximum=lim.MAX_COUNT, why=lim.COUNT_WHY)
    poison = _flag(e, "poison")
    if m.captured:
        state = _kept(t, state, captured_error(m, "heal"))
    state = _zero(t, state, "heal", n, "1 or more wounds removed")
    return _say(replace(state, mice=pt.put(state.mice, pt.heal(m, n, poison))),
                f"{m.name}: {plural(n, 'poison wound' if poison else 'wound')} removed "
                f"({c('Poisoned') + ': an antidote or cure' if poison else c('Mouse Hero Cards')})")


#: The field a live capture (or the wound or life correction that captures) logs when the Scaper is captured
#: a fourth time or more: only its third capture rescues it at once. A line without it was logged when every
#: capture from the third on did, and is kept as it was played (:func:`_capture`).
SCAPER_THIRD_ONLY = "scaper_third_only"


def _scaper_field(e: Event) -> dict[str, bool]:
    """:data:`SCAPER_THIRD_ONLY` as ``e`` logged it, for the capture it makes (none when it has none)."""
    return {SCAPER_THIRD_ONLY: True} if _flag(e, SCAPER_THIRD_ONLY) else {}


def _capture(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    """``e``'s mouse is captured (Captured Mouse), in the turn being taken: it is rescued on a later turn of
    its own (Rescuing a Mouse: :attr:`MysticsState.captured_this_turn`). The Scaper captured a third time is
    rescued at once and keeps its equipped cards (Individual Achievements, Scaper: "If the Scaper is captured
    a third time"): the third capture only, a fourth is a capture like any other. A live action logs
    :data:`SCAPER_THIRD_ONLY` with such a later capture; a line without it was played when every capture from
    the third on rescued the Scaper, and is kept as it was played, with a note (a saved game replays as it
    was). A capture with a poison wound is recorded (:attr:`MysticsState.poison_captures`: Poisonmaster's
    condition)."""
    m = state.mouse(_str(e, "mouse"))
    had_poison = m.poison > 0
    is_scaper = ("scaper", m.id) in state.board.achievements
    later = is_scaper and m.captures + 1 > SCAPER_RESCUED  # a capture after the third
    as_played = later and t.replaying and not _flag(e, SCAPER_THIRD_ONLY)  # an older line: rescued at once
    if later and not as_played and t._draws is not None:
        t._draws.decided[SCAPER_THIRD_ONLY] = True
    scaper = is_scaper and (m.captures + 1 == SCAPER_RESCUED or as_played)
    m2 = pt.capture(m, keep_equipment=scaper)
    state = replace(state, mice=pt.put(state.mice, m2),
                    captured_this_turn=(*state.captured_this_turn, m.id))
    if had_poison:
        state = replace(state, poison_captures=(*state.poison_captures, m.id))
    state = _say(state, f"{m.name} is captured: cheese, equipped search cards (not starting equipment), "
                        f"wounds and markers removed; the card stays on the track; hourglass +1 page "
                        f"({c('Captured Mouse')})")
    if scaper:
        state = replace(state, mice=pt.put(state.mice, pt.rescue(m2)))
        state = _say(state, f"{m.name} is the Scaper: "
                            + ("rescued at once and keeps equipped cards, as logged " if as_played else
                               "captured a third time, rescued at once and keeps equipped cards ")
                            + f"({c('Achievements')}, Individual Achievements)")
        if as_played:
            state = _kept(t, state, RuleError(
                f"{m.name}, the Scaper, was rescued at once on its capture number {m2.captures}: today only "
                f"its third capture is ({c('Individual Achievements')}, Scaper)"))
    elif later:
        state = _say(state, f"{m.name} is the Scaper, but this is its capture number {m2.captures}: only "
                            f"the third capture is rescued at once, so it stays captured "
                            f"({c('Individual Achievements')}, Scaper)")
    if had_poison and not any(n == "poisonmaster" for n, _ in state.board.achievements):
        state = _say(state, f"{m.name} was captured with a poison wound: with individual achievements "
                            f"it earns Poisonmaster ({c('Achievements')}, Individual Achievements)")
    board = ch.move_hourglass(state.board, 1)
    state = replace(state, board=board)
    if board.defeated:
        state = _say(state, DEFEAT)
    if all(x.captured for x in state.mice):
        info = t.chapter_data(state)
        if info is None or not info.all_captured_defeat:
            return _say(state, "Every mouse is captured at the same time: in many chapters this is a defeat "
                               "(see the chapter's Defeat section)")
        if not state.board.defeated:  # (the hourglass may have lost it with this very capture)
            why = (f"every mouse is captured at the same time: chapter {state.chapter}'s Defeat "
                   f"(\"{info.defeat.strip()}\")")
            state = replace(state, board=replace(state.board, defeated=True, lost_by=why))
            state = _say(state, f"Defeat: {state.board.defeat_reason}")
    return state


def rescue_too_soon(state: MysticsState, m: Mouse) -> RuleError | None:
    """The refusal of a rescue of captured ``m`` on the very turn of its own it was captured in (``None``:
    it was not): "a captured mouse is automatically rescued on its NEXT turn as soon as there are no
    longer minions on the board" (Rescuing a Mouse), so the turn it is captured on is not that turn."""
    cur = state.current
    if not m.captured or cur is None or cur.id != m.id or m.id not in state.captured_this_turn:
        return None
    return RuleError(f"{m.name} was captured on this turn of its own: a captured mouse is rescued on its "
                     f"next turn, once no minions are left on the board ({c('Rescuing a Mouse')})",
                     suggestion=f"{m.name} is rescued when its next turn begins with no minions on the board "
                                '(Next turn); add "force": true for a chapter rule')


def rescue_refusal(state: MysticsState, m: Mouse, force: bool = False) -> RuleError | None:
    """Why captured ``m`` cannot be rescued now (``None``: it can), in the tracker's words and the page's:
    a captured mouse is rescued on its next turn, once no minions are left on the board (Rescuing a
    Mouse): on its own turn, and not the turn it was captured on (:func:`rescue_too_soon`). ``force``: a
    chapter rule rescues it, whatever the board and the turn."""
    if not m.captured:
        return RuleError(f"{m.name} is not captured: there is no one to rescue ({c('Rescuing a Mouse')})")
    if force:
        return None
    if state.minions_on_board:
        return RuleError(f"{m.name} cannot be rescued while {plural(state.minions_on_board, 'minion')} "
                         f"{'is' if state.minions_on_board == 1 else 'are'} "
                         "on the board: a captured mouse is rescued on its turn once none are left "
                         f"({c('Rescuing a Mouse')})", suggestion='add "force": true for a chapter rule')
    cur = state.current
    if cur is None or cur.id != m.id:
        now = f"it is {possessive(cur.name)} turn" if cur is not None else "no card is taking its turn"
        return RuleError(f"{m.name} is rescued on its own turn, and being rescued takes that whole turn; "
                         f"{now} ({c('Rescuing a Mouse')})",
                         suggestion=f"Rescue {m.name} when its turn comes (Next turn; Set turn corrects the "
                                    "track).")
    return rescue_too_soon(state, m)


def _rescue(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    """A captured mouse is rescued on its next turn, once no minions are on the board, and the rescue takes
    that whole turn (Rescuing a Mouse): its turn ends, the pointer moves on (with what an end of turn
    does: Time is Short! and the surge it may trigger, placed by the event's ``order``, ``rolls`` and
    ``boss_cards``). ``force``: a chapter rule rescues it, whatever the board and the turn (its turn ends
    only if it is its turn).

    A live rescue that ends the turn logs ``"ends_turn": true``; a line logged before the rescue took the
    turn has none, and is kept as it was played (the turn goes on), with a note if it was not the
    mouse's turn. A rescue on the turn the mouse was captured on (:func:`rescue_too_soon`) is refused
    since; a line logged before, with ``ends_turn`` or not, is kept as it was played, with a note."""
    m = state.mouse(_str(e, "mouse"))
    force = _flag(e, "force")  # (the flags read whatever the board)
    ends = _flag(e, "ends_turn")
    refused = rescue_refusal(state, m, force)
    soon = None if force else rescue_too_soon(state, m)
    if refused is not None and (not t.replaying or not m.captured or (state.minions_on_board and not force)
                                or ("ends_turn" in e and soon is None)):
        raise refused
    state = _kept(t, state, refused)  # (an older line on another card's turn, or on the turn of the capture)
    state = _say(replace(state, mice=pt.put(state.mice, pt.rescue(m))),
                 f"{m.name} is rescued ({c('Rescuing a Mouse')})")
    own = state.current is not None and state.current.id == m.id
    if not (ends if t.replaying else own):
        return state
    if t._draws is not None:
        t._draws.decided["ends_turn"] = True
    state = _say(state, f"Being rescued takes {possessive(m.name)} whole turn: its turn ends "
                        f"({c('Rescuing a Mouse')})")
    return _end_turn(t, state, e)


def _mouse_cheese(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    m = state.mouse(_str(e, "mouse"))
    n = _int(e, "count", 1, maximum=lim.MAX_COUNT, why=lim.COUNT_WHY)
    if m.captured:
        state = _kept(t, state, captured_error(m, "mouse_cheese"))
    if n == 0:
        state = _kept(t, state, LogError("'mouse_cheese' event: a count of 0 changes nothing",
                                         expected="1 or more (gained), -1 or less (spent)"))
    return _say(replace(state, mice=pt.put(state.mice, pt.change_cheese(m, n))),
                f"{m.name}: {n:+d} cheese ({c('Battle')})")


def _level_up(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    m = state.mouse(_str(e, "mouse"))
    ability = _str(e, "ability")
    if m.captured:
        raise captured_error(m, "level_up")
    classes = _str_list(e, "classes")
    if classes is None:  # (the card's classes as the data has them, recorded in the line: why_not_level_up)
        classes = list(_ability_classes(t, state, ability) or ())
    m2 = pt.level_up(m, ability, classes)  # (its cheese and class first: no turn makes them fit)
    state = _kept(t, state, free_action_refusal(state, m.id, "level_up"))
    return _say(_took_free(replace(state, mice=pt.put(state.mice, m2)), m.id, "level_up"),
                f"{m.name} levels up: {pt.LEVEL_UP_COST} cheese for {ability!r} ({c('Level Up')})")


def _condition(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    m = state.mouse(_str(e, "mouse"))
    cond = _str(e, "condition").lower().replace(" ", "_")
    on = e.get("on", True)
    if not isinstance(on, bool):
        raise LogError(f"'condition' event: bad on {on!r}", expected="true or false", found=repr(on)[:40])
    if cond not in pt.CONDITIONS:  # (the unknown condition first, in the words of party)
        pt.add_condition(m, cond)
    label = cond.replace("_", " ")
    if m.captured:
        state = _kept(t, state, captured_error(m, "condition"))
    elif cond == "poisoned" and on != (m.poison > 0):
        # Poisoned: a mouse is poisoned by its poison wounds, which only an antidote or cure removes
        state = _kept(t, state, RuleError(
            f"{m.name} has {plural(m.poison, 'poison wound')}: poisoned follows "
            f"{'it' if m.poison == 1 else 'them'}, it is not set alone "
            f"({c('Poisoned')})", suggestion=("A poison wound makes the mouse poisoned." if on else
                                              "Cure the poison wounds (an antidote or cure): the last one "
                                              "cured ends poisoned.")))
    elif (cond in m.conditions) == on:
        state = _kept(t, state, RuleError(f"{m.name} is {'already' if on else 'not'} {label}: nothing "
                                          f"changes ({c('Negative Effects')})"))
    m2 = pt.add_condition(m, cond) if on else pt.drop_condition(m, cond)
    return _say(replace(state, mice=pt.put(state.mice, m2)),
                f"{m.name} is {'now' if on else 'no longer'} {cond.replace('_', ' ')} "
                f"({c('Negative Effects')})")


def _gain(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    """A search card to a mouse. What the card is comes from the card data when it holds the card: a
    trick (Tricks) or a party item (Party items; Party Items) takes no room in the pack, whatever
    ``trick`` says; a card the data does not hold is a trick only when ``trick`` says so."""
    m = state.mouse(_str(e, "mouse"))
    card = _str(e, "card")
    discard = _opt_str(e, "discard")
    discard = None if discard is None else held_card(t, m, discard)
    trick = _flag(e, "trick")  # (every field read before a rule refuses: 'do' names the unread)
    state = _kept(t, state, _captured_cards(m, "gain"))
    info = _search(t, state, card)
    state = _kept(t, state, trick_refusal(t, info, card, trick))  # (a line logged before: as played)
    trick, party = _gained_kind(info, trick)
    state = _room_discard(t, state, m, card, discard, trick=trick, party=party)
    m2 = pt.gain(m, card, trick, discard, strict=False, show=t.card_name, party=party)
    if party:
        words = (f"{m.name} receives {t.card_name(card)!r}, a party item: its card goes near the story "
                 f"control board, shared by the whole party, and takes no room in any pack "
                 f"({c('Party Items')})")
    else:
        words = f"{m.name} puts {t.card_name(card)!r} in the pack ({c('Equip')})"
    return _discarded(t, _say(replace(state, mice=pt.put(state.mice, m2)), words), m, discard)


def _gained_kind(info: Any | None, trick: bool) -> tuple[bool, bool]:
    """(trick, party item) for a card going into a pack, ``info`` as the chapter reads it (:func:`_search`):
    as the card data has it when it holds the card (Tricks; Party Items), else a trick only as ``trick``
    says; a party item is no trick. (A ``trick`` the data contradicts is refused for a new action,
    :func:`trick_refusal`; a line logged before that check keeps the trick it made.)"""
    kind = None if info is None else info.subtype
    party = kind == "party-item"
    return (trick or kind == "trick") and not party, party


#: How a search card's kind is said in a refusal of the trick box ("a scroll", "an item", "a party item").
_KIND_WORDS = {"party-item": "a party item", "item": "an item", "accessory": "an accessory",
               "armor": "armor", "event": "an event"}


def trick_refusal(t: MysticsTracker, info: Any | None, card: str, trick: bool) -> RuleError | None:
    """Why ``card`` cannot go into a pack as a trick (``trick``), ``info`` the card as the chapter reads it
    (:func:`_search`): the card data knows its type, and it is another (Search Cards: a trick is a search
    card type of its own, which takes no room in the pack, Tricks; an item, a scroll, a weapon takes room,
    Equip). The data decides, so a scroll ticked as a trick never slips past the pack limit. ``None``: no
    trick asked for, a trick in the data, or a card whose type the data does not know (the box decides)."""
    kind = None if info is None else info.subtype
    if not trick or kind is None or kind == "trick":
        return None
    what = _KIND_WORDS.get(kind, f"a {kind}")
    room = (f"takes no room in any pack, shared by the party ({c('Party Items')})" if kind == "party-item"
            else f"takes room in the pack ({c('Equip')})")
    cid = getattr(info, "id", None) or card
    return RuleError(f"{t.card_name(card)!r} is {what} in the card data, not a trick: it {room}; a trick is "
                     f"a search card type of its own ({c('Tricks')})",
                     suggestion=f"untick “trick”: the card data says what a search card is (if your card is "
                                f"a trick, correct the data: companion cards correct mystics {cid[:40]} "
                                "subtype=trick)")


def why_not_gain(t: MysticsTracker, state: MysticsState, mouse: str, card: str | PackCard,
                 trick: bool = False) -> RuleError | None:
    """Why ``card`` cannot go into ``mouse``'s pack now, with no discard (``None``: it can): the
    tracker's refusal of a new ``gain`` event, which the page's “To pack” is off for (Equip; Captured
    Mouse). ``card``: as typed, or looked up already (:class:`PackCard`), as for each ``why_not_``."""
    m = state.mouse(mouse)
    refused = _captured_cards(m, "gain")
    if refused is not None:
        return refused
    named = pack_card(t, state, mouse, card)
    refused = trick_refusal(t, named.info, named.typed, trick)
    if refused is not None:
        return refused
    trick, party = _gained_kind(named.info, trick)
    return pt.gain_refusal(m, named.typed, trick, strict=False, show=t.card_name, party=party)


def why_not_discard(t: MysticsTracker, state: MysticsState, mouse: str,
                    card: str | PackCard) -> RuleError | None:
    """Why ``mouse`` cannot discard ``card`` now (``None``: it can): captured, or it has no such card (the
    tracker's refusal of a new ``discard`` event, in its order; Equip)."""
    m = state.mouse(mouse)
    refused = _captured_cards(m, "discard")
    return refused or pt.missing_card(m, pack_card(t, state, mouse, card).held, t.card_name)


def why_not_equip(t: MysticsTracker, state: MysticsState, mouse: str, card: str | PackCard, slot: str,
                  paws: int = 1) -> RuleError | None:
    """Why ``mouse`` cannot equip ``card`` in ``slot`` now for what the card and the mouse are (``None``:
    it can): captured, a trick, a slot it lacks or that is taken, too few paws, a class or mouse the card
    requires (Equip; Tricks; Search Cards). The tracker's refusal of a new ``equip`` event before the
    turn's (:func:`free_action_refusal`), which the page says first."""
    m = state.mouse(mouse)
    refused = _captured_cards(m, "equip")
    if refused is not None:
        return refused
    named = pack_card(t, state, mouse, card)
    return (pt.equip_refusal(m, named.held, slot, paws, show=t.card_name)
            or _requirement_check(t, state, m, named.held_info)[1])


def why_not_unequip(t: MysticsTracker, state: MysticsState, mouse: str,
                    card: str | PackCard, slot: str | None = None) -> RuleError | None:
    """Why ``mouse`` cannot put ``card`` from its slot (``slot``: the one chosen, of a card equipped twice)
    into its pack now, with no discard (``None``: it can): no such card, none in that slot (naming where it
    is), in the pack already, a full pack (Equip), or captured. The tracker's refusal of a new ``unequip``
    event before the turn's (:func:`free_action_refusal`)."""
    m = state.mouse(mouse)
    refused = _captured_cards(m, "unequip")
    if refused is not None:
        return refused
    named = pack_card(t, state, mouse, card)
    held = named.held if slot is None else card_at(t, m, named.typed, slot)
    return pt.unequip_refusal(m, held, None, t.card_name, strict=False, place=slot)


def why_not_level_up(t: MysticsTracker, state: MysticsState, mouse: str, ability: str) -> RuleError | None:
    """Why ``mouse`` cannot level up for ``ability`` now (``None``: it can): captured, short of cheese, an
    ability card of another class or one it has (Level Up). The tracker's refusal of a new ``level_up``
    event before the turn's (:func:`free_action_refusal`)."""
    m = state.mouse(mouse)
    if m.captured:
        return captured_error(m, "level_up")
    return pt.level_up_refusal(m, ability, _ability_classes(t, state, ability) or ())


def _discarded(t: MysticsTracker, state: MysticsState, m: Mouse, discard: str | None) -> MysticsState:
    """The card ``m`` discarded to make room in its pack, said (Equip)."""
    if discard is None:
        return state
    return _say(state, f"{m.name} discards {t.card_name(discard)!r} to make room: at most {pt.PACK_LIMIT} "
                       f"non-trick cards in a pack ({c('Equip')})")


def _room_discard(t: MysticsTracker, state: MysticsState, m: Mouse, card: str, discard: str | None, *,
                  trick: bool, party: bool) -> MysticsState:
    """A discard made for ``card``'s room in ``m``'s pack that makes none (Equip:
    :func:`companion.mystics.party.room_discard_refusal`) is refused for a new action; a logged line that
    made one is kept as it was played, with a note (:func:`_kept`)."""
    if discard is None:
        return state
    refused = pt.room_discard_refusal(m, card, discard, trick=trick, party=party, show=t.card_name)
    return _kept(t, state, refused)


def _captured_cards(m: Mouse, kind: str) -> RuleError | None:
    """Why captured ``m`` cannot take the search-card action of an event of ``kind`` (gain, discard, equip,
    unequip): its figure is off the board (Captured Mouse) and it skips its turn until it is rescued
    (Rescuing a Mouse), and a mouse equips, searches and discards during its own turn (Free Mouse Actions).
    What moves its cards without it (the capture discarding its equipped cards, the Scaper keeping them)
    is no such action. ``None``: it is not captured. Added after logs were written: a logged line is kept
    as played (:func:`_kept`)."""
    return captured_error(m, kind) if m.captured else None


def _discard(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    m = state.mouse(_str(e, "mouse"))
    card = held_card(t, m, _str(e, "card"))
    state = _kept(t, state, _captured_cards(m, "discard"))
    return _say(replace(state, mice=pt.put(state.mice, pt.drop(m, card, t.card_name))),
                f"{m.name} discards {t.card_name(card)!r} ({c('Equip')})")


def _equip(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    m = state.mouse(_str(e, "mouse"))
    named = PackCard(t, state, m.id, _str(e, "card"))  # (the card and the mouse's looked up once)
    card = named.held
    slot = _str(e, "slot")
    paws = _int(e, "paws", 1, minimum=1, maximum=pt.PAW_SLOTS,
                why=f"a mouse has {pt.PAW_SLOTS} paw slots ({c('Equip')})")
    state = _kept(t, state, _captured_cards(m, "equip"))
    # (a logged line is kept as played)
    m2 = pt.equip(m, card, slot, paws, strict=not t.replaying, show=t.card_name)
    state = _requirements(t, state, m, named.held_info)  # (what the card needs first: no turn makes it fit)
    state = _kept(t, state, free_action_refusal(state, m.id, "equip"))
    return _say(_took_free(replace(state, mice=pt.put(state.mice, m2)), m.id, "equip"),
                f"{m.name} equips {t.card_name(card)!r} ({slot}) ({c('Equip')})"
                + _setup_said(state, "equip", m.id))


def _setup_said(state: MysticsState, kind: str, *mice: str) -> str:
    """What an equip, unequip or share of ``mice`` in the setup window adds to its message when none of them
    is the mouse whose turn it is (:func:`in_setup`: allowed then, and only then)."""
    if not in_setup(state, kind) or not_its_turn(replace(state, setup=False), mice, kind) is None:
        return ""
    return f"; {SETUP_WORDS}"


def _hero_words(t: MysticsTracker, state: MysticsState, mid: str) -> str:
    """A mouse named by its id, in words: its name (a mouse of the party, else of the card data)."""
    info = dict(state.heroes).get(mid)
    if info is None:
        try:
            info = t.hero_roster().get(mid)
        except CompanionError:
            info = None
    return info.name if info is not None else mid


@dataclass(frozen=True)
class _Who:
    """A mouse as :meth:`companion.mystics.data.Requirement.allows` reads a hero: its id and classes
    (``None``: not known)."""

    id: str
    classes: tuple[str, ...] | None


def _requirements(t: MysticsTracker, state: MysticsState, m: Mouse, info: Any | None) -> MysticsState:
    """A search card's other requirements (a class, or a named mouse: Search Cards, "Other requirements:
    any class or stat required to use this weapon"), ``info`` the card as the chapter reads it
    (:func:`_search`): a new equip of a card whose requirement the mouse does not meet is refused (one
    logged before the check is kept as played); one that cannot be checked (the mouse's classes, or the
    requirement, not known) is allowed, with a note saying so. A card the data does not hold is not
    checked (:func:`_requirement_check`)."""
    note, refused = _requirement_check(t, state, m, info)
    return _kept(t, _say(state, note) if note else state, refused)


def _requirement_check(t: MysticsTracker, state: MysticsState, m: Mouse,
                       info: Any | None) -> tuple[str | None, RuleError | None]:
    """(a note, the refusal) of ``m`` equipping the card ``info`` (as the chapter reads it: :func:`_search`)
    for the card's other requirements (Search Cards): the note when it could not be checked, the refusal
    when ``m`` does not meet it; ``(None, None)``: met, or nothing to check (``info`` ``None``)."""
    req = None if info is None else info.requirements
    if req is None or req.none:
        return None, None
    assert info is not None  # (a requirement is the card's)
    where = f"{c('Search Cards')}: other requirements"
    need = " or ".join([*(f"class {x}" for x in req.classes),
                        *([f"{_hero_words(t, state, req.mouse)} (the card is that mouse's)"]
                          if req.mouse else [])])
    if not need:
        return (f"Note: {info.name!r} has a requirement the card data does not spell out "
                f"({req.text or 'none given'}): it was not checked ({where})"), None
    allowed = req.allows(_Who(m.id, m.classes or None))
    if allowed is None:
        return (f"Note: {info.name!r} requires {need}; {possessive(m.name)} classes are not "
                f"known, so it could not be checked ({where})"), None
    if allowed:
        return None, None
    return None, RuleError(
        f"{m.name} cannot equip {info.name!r}: it requires {need}; {m.name} is "
        + (" and ".join(m.classes) if m.classes else "of no class the data knows") + f" ({where})",
        suggestion="Give it to a mouse that meets the requirement (Share), or keep it in the pack.")


def _unequip(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    m = state.mouse(_str(e, "mouse"))
    place = _opt_str(e, "slot")  # (the slot of the copy moved: a card equipped twice, the player's choice)
    card = card_at(t, m, _str(e, "card"), place)
    discard = _opt_str(e, "discard")
    discard = None if discard is None else held_card(t, m, discard)
    state = _kept(t, state, _captured_cards(m, "unequip"))
    try:
        g: pt.Gear | None = pt.unequipped_copy(m, card, t.card_name, place)
    except RuleError:
        g = None  # (a card not held, or none in that slot: unequip says so)
    if g is not None and g.slot is not None:  # (already in the pack: unequip says so)
        state = _room_discard(t, state, m, card, discard, trick=g.trick, party=g.party)
    m2 = pt.unequip(m, card, discard, t.card_name, strict=False, place=place)
    state = _kept(t, state, free_action_refusal(state, m.id, "unequip"))
    which = pt.which_equipped(m, card, place, t.card_name)  # (a card equipped twice: the copy moved, said)
    state = _say(_took_free(replace(state, mice=pt.put(state.mice, m2)), m.id, "unequip"),
                 f"{m.name} puts {t.card_name(card)!r}{f' {which}' if which else ''} in the pack "
                 f"({c('Equip')})" + _setup_said(state, "unequip", m.id))
    return _discarded(t, state, m, discard)


def _share(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    """Share: cheese and/or a search card to another mouse on the same or an adjacent space. A captured
    mouse's figure is off the board (Captured Mouse): it has no space to share from or to. A card into
    a full pack: the receiver discards one non-trick card of its pack (``discard``; Equip).

    The book puts Share among the free actions a mouse takes "at any time during its turn" (Free
    Mouse Actions; Share): a share is the free action of the mouse whose turn it is on the track, which
    exchanges cards and cheese with another mouse (giving or taking), so a new share between two mice
    neither of which is taking its turn is refused (:func:`share_refusal`; the turn pointer is
    corrected with Next turn or set_turn; a line logged before the check is kept as played, with a
    note). That mouse shares once during its turn (:func:`free_action_refusal`), as one exchange with
    one mouse. Several share lines between the two with nothing logged between are that one exchange
    (a card a line, cheese once each way); a second share later in the turn is refused."""
    a, b = state.mouse(_str(e, "from")), state.mouse(_str(e, "to"))
    n = _int(e, "cheese", 0, minimum=0, maximum=lim.MAX_COUNT, why=lim.COUNT_WHY)
    card = _opt_str(e, "card")
    discard = _opt_str(e, "discard")  # (every field read before a rule refuses: 'do' names the unread)
    place = _opt_str(e, "slot")  # (where the copy given is: a card held twice, the player's choice)
    if a.id == b.id:
        raise RuleError(f"{a.name} cannot share with itself", cite=c("Share"),
                        expected="another mouse on the same or an adjacent space")
    for m in (a, b):
        if m.captured:
            raise captured_error(m, "share")
    if n > a.cheese:
        raise RuleError(f"{a.name} has {a.cheese} cheese, cannot give {n}", cite=c("Share"))
    a2, b2 = pt.change_cheese(a, -n), pt.change_cheese(b, n)
    if not n and card is None:
        state = _kept(t, state, LogError(f"'share' event: {a.name} gives {b.name} nothing",
                                         cite=c("Share"), expected="cheese (1 or more), a card, or both"))
    if discard is not None and card is None:
        state = _kept(t, state, LogError(f"'share' event: {b.name} discards a card only to make room for "
                                         "the card given", cite=c("Equip"),
                                         expected="a card with the discard"))
        discard = None
    if place is not None and card is None:
        state = _kept(t, state, LogError(f"'share' event: a slot says where the card given is, and {a.name} "
                                         "gives no card", cite=c("Share"), expected="a card with the slot"))
        place = None
    if card is not None:
        card = card_at(t, a, card, place)
        # (the copy at the place chosen, else its pack's copy of a card held twice: Share; Equip)
        a2, g = pt.give(a2, card, t.card_name, place)
        discard = None if discard is None else held_card(t, b2, discard)
        state = _room_discard(t, state, b2, card, discard, trick=g.trick, party=g.party)
        b2 = pt.gain(b2, card, g.trick, discard, strict=False, show=t.card_name, party=g.party)
    # (what the cards and the packs allow first: no turn makes them fit)
    sharer, refused = _share_check(state, a.id, b.id, bool(n))
    state = _kept(t, state, refused)
    if sharer is not None:
        partner = b.id if sharer == a.id else a.id
        state = _took_free(state, sharer, "share", partner, a.id if n else None)
    state = replace(state, mice=pt.put(pt.put(state.mice, a2), b2))
    gifts = [f"{n} cheese"] if n else []
    if card is not None:
        which = pt.which_copy(a, card, place, t.card_name)  # (a card held twice: the copy given, said)
        gifts.append(t.card_name(card) + (f" {which}" if which else ""))
    what = " and ".join(gifts) or "nothing"
    state = _say(state, f"{a.name} gives {b.name} {what} ({c('Share')})"
                 + _setup_said(state, "share", a.id, b.id))
    return _discarded(t, state, b, discard)


def share_turn(state: MysticsState, giver: str, receiver: str) -> str | None:
    """The mouse whose share a share between ``giver`` and ``receiver`` is: the one of them whose turn it
    is on the track; ``None`` when it is neither's (:func:`share_refusal` refuses it)."""
    turn = state.turn_mouse
    return turn if turn is not None and turn in (giver, receiver) else None


def share_refusal(state: MysticsState, giver: str, receiver: str, cheese: bool) -> RuleError | None:
    """Why ``giver`` cannot give ``receiver`` (cheese, with ``cheese``) in a share now, in the tracker's
    words and the page's: a share is the free action of the mouse whose turn it is (giving or taking: it
    exchanges cards and cheese with the other mouse), once during its turn (Free Mouse Actions; Share); in
    the setup window any two mice share (:func:`in_setup`). ``None``: it may."""
    return _share_check(state, giver, receiver, cheese)[1]


def _share_check(state: MysticsState, giver: str, receiver: str,
                 cheese: bool) -> tuple[str | None, RuleError | None]:
    """The mouse whose share it is (:func:`share_turn`; ``None``: neither's turn) and the refusal of the
    share (:func:`share_refusal`), found once."""
    sharer = share_turn(state, giver, receiver)
    if sharer is None:
        return None, not_its_turn(state, [giver, receiver], "share")
    partner = receiver if sharer == giver else giver
    return sharer, free_action_refusal(state, sharer, "share", partner, giver if cheese else None)


def _achievement(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    """An achievement earned: an individual one (rule book back cover) moves the chapter end marker as the
    book says, once per chapter and by the first mouse; a story achievement of the chapter's data as its
    chapter says, once (:func:`achievement_refusal`). Every name is compared and stored by
    :func:`companion.mystics.names.achievement_key` (``Miz Maggie's Ally`` is ``Miz Maggie Ally``); a name
    neither knows but close to one of them is noted, with the name it may mean."""
    name = _str(e, "name")
    key = names.achievement_key(name)
    mouse = e.get("mouse")
    if mouse is not None:
        mouse = state.mouse(str(mouse)).id
    if key in ch.INDIVIDUAL_ACHIEVEMENTS:
        name = achievement_name(key)
        refused = _taken_refusal(state, key)
        if refused is not None:
            raise refused
        state = _kept(t, state, achievement_unmet(state, key, mouse))  # (checked since: an older line kept)
        move = ch.INDIVIDUAL_ACHIEVEMENTS[key]
        given = _int(e, "move_end", move, maximum=lim.MAX_PAGE, why=lim.PAGE_WHY)
        if given != move:  # (the book's number again says what the book says)
            state = _kept(t, state, LogError(
                f"'achievement' event: {name!r} is an individual achievement: it moves the chapter end "
                f"marker {plural(move, 'page')} by the book, not move_end {lim.show(given)}",
                cite=c("Individual Achievements"), expected=f"no move_end (or {move})"))
    else:
        info = _achievements_part(t, state)  # (the chapter's record, read once for what follows)
        story = None if info is None else info.achievement(name)
        state = _kept(t, state, _story_refusal(t, state, key, story))  # (a story achievement held already)
        state, move = _story_move(t, state, e, name, None if info is None else info.achievement_move(name))
        state = _close_name(state, name, move, info, story)
    _check_move(end_marker_move_refusal(state, move))
    before = state.board
    board = replace(before, achievements=(*before.achievements, (key, mouse)))
    board = ch.move_chapter_end(board, move) if move else board
    state = replace(state, board=board)
    moved = (f": chapter end marker {signed_pages(move)}, now page {lim.show(board.chapter_end)}" if move
             else "")
    moved += _cut_move(before.chapter_end, move, board.chapter_end, f"the chapter track begins at page 1 "
                                                                    f"({c('Story Control Board')})")
    who = f" ({state.mouse(mouse).name})" if mouse else ""
    state = _say(state, f"Achievement {name!r}{who}{moved} ({c('Achievements')})")
    return _lost_now(state, before)


def _achievements_part(t: MysticsTracker, state: MysticsState) -> Chapter | None:
    """The chapter's record for its story achievements (:func:`chapter_part`); ``None``: no chapter data,
    or the card data cannot be loaded."""
    try:
        return chapter_part(t, state, "achievements")
    except CompanionError:
        return None


def story_achievement(t: MysticsTracker, state: MysticsState, name: str) -> Named | None:
    """The chapter's story achievement ``name`` names (:func:`companion.mystics.names.achievement_key`), as
    the chapter's data has it (:func:`chapter_part`); ``None``: none, or no chapter data."""
    info = _achievements_part(t, state)
    return None if info is None else info.achievement(name)


def achievement_refusal(t: MysticsTracker, state: MysticsState, name: str,
                        mouse: str | None = None) -> RuleError | None:
    """Why achievement ``name`` cannot be earned now (by ``mouse``, an id or name; ``None``: by no mouse
    named), in the tracker's words and the page's (``None``: it can): an individual achievement is the
    first mouse's only, and only once its condition is met as far as the tracker's record shows
    (Individual Achievements; :func:`achievement_unmet`); a story achievement of the chapter's data that the
    party holds already is not earned again (chapter 1: "Once the party has Miz Maggie's token, do not roll
    to gain any longer"; elsewhere a reading: a story achievement is the party's, once), so its effect (the
    chapter end marker's move) comes once."""
    key = names.achievement_key(name)
    if key in ch.INDIVIDUAL_ACHIEVEMENTS:
        who = None if mouse is None else state.mouse(mouse).id
        return _taken_refusal(state, key) or achievement_unmet(state, key, who)
    return _story_refusal(t, state, key, story_achievement(t, state, name))


def _taken_refusal(state: MysticsState, key: str) -> RuleError | None:
    """Why individual achievement ``key`` cannot be earned: another mouse took it first (Individual
    Achievements: "The first mouse that..."); ``None``: nobody has it."""
    taken = taken_by(state, key)
    if taken is None:
        return None
    return RuleError(f"{achievement_name(key)!r} is already taken{taken}: only the first mouse earns an "
                     f"individual achievement ({c('Individual Achievements')})")


#: The capture of the Scaper that rescues it at once (Individual Achievements, Scaper: "If the Scaper is
#: captured a third time, it is immediately rescued").
SCAPER_RESCUED = 3


def _captures(state: MysticsState, m: Mouse) -> int:
    """How many times ``m`` was captured this chapter (Scaper's condition)."""
    return m.captures


def _poison_captures(state: MysticsState, m: Mouse) -> int:
    """How many times ``m`` was captured this chapter with at least 1 unhealed poison wound (Poisonmaster's
    condition: :attr:`MysticsState.poison_captures`)."""
    return state.poison_captures.count(m.id)


#: The individual achievements whose condition the tracker's own record shows, by key: (the condition in
#: the book's words, the count of the record it needs, at least, what is counted, how the count is read
#: from the state, what to log first when the table met it). Scaper: "The first mouse that is captured
#: twice in a chapter"; Poisonmaster: "The first mouse that is captured with at least 1 unhealed poison
#: wound" (Individual Achievements). The others are not checked: no line records them (Cheesemaster: a
#: roll of 3 or more cheese, rolls of battle are not logged; Roachmaster: 4 roaches defeated by the mouse
#: in a single encounter, and Cat Tamer: Brodie defeated by the mouse, while the tracker keeps who defeated
#: a figure for the turn only, for Pilfer).
ACHIEVEMENT_CONDITIONS: dict[str, tuple[str, int, str, Callable[[MysticsState, Mouse], int], str]] = {
    "scaper": ("the first mouse that is captured twice in a chapter", 2, "captured", _captures,
               "the capture first (capture; or the wound that captured it)"),
    "poisonmaster": ("the first mouse that is captured with at least 1 unhealed poison wound", 1,
                     "captured with an unhealed poison wound", _poison_captures,
                     'the poison wound and the capture first (wound with "poison": true; then capture, if '
                     "the wound did not capture it)"),
}


def achievement_unmet(state: MysticsState, key: str, mouse: str | None) -> RuleError | None:
    """Why individual achievement ``key`` is not earned by ``mouse`` (its id; ``None``: no mouse named, so by
    no mouse of the party) by the tracker's own record of the chapter: its condition
    (:data:`ACHIEVEMENT_CONDITIONS`) is not met. ``None``: it is met, or the tracker does not record it."""
    if key not in ACHIEVEMENT_CONDITIONS:
        return None
    condition, need, counted, count, first = ACHIEVEMENT_CONDITIONS[key]
    mice = [state.mouse(mouse)] if mouse is not None else list(state.mice)
    counts = [(m, count(state, m)) for m in mice]
    if any(n >= need for _m, n in counts):
        return None
    name = achievement_name(key)
    where = f"{c('Individual Achievements')}, {name}"
    if mouse is not None:
        m, n = counts[0]
        return RuleError(f"{m.name} has not earned {name!r}: it goes to {condition}, and {m.name} was "
                         f"{counted} {_times(n)} this chapter, as logged ({where})",
                         suggestion=f"If it was so at the table, log {first}, then the achievement.")
    each = ", ".join(f"{m.name} {_times(n)}" for m, n in counts)
    return RuleError(f"no mouse has earned {name!r}: it goes to {condition}, and as logged no mouse was "
                     f"this chapter ({counted}: {each}) ({where})",
                     suggestion=f"If one was at the table, log {first}, then the achievement with "
                                "that mouse.")


def _times(n: int) -> str:
    """A count of times in words: "0 times", "once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _story_refusal(t: MysticsTracker, state: MysticsState, key: str, story: Named | None) -> RuleError | None:
    """Why the chapter's story achievement ``story`` (``None``: the name is none of them), whose
    :func:`companion.mystics.names.achievement_key` is ``key``, cannot be earned now
    (:func:`achievement_refusal`)."""
    if story is None or taken_by(state, key) is None:
        return None
    said = _held_rule(t, state, story.name)
    why = (f"chapter {state.chapter}'s {said}" if said else
           "reading: a story achievement is the party's, earned once; the chapters describe its effects "
           f"({c('Achievements')})")
    return RuleError(f"the party holds {story.name!r} already: a story achievement is earned once, and "
                     f"its effect (the chapter end marker's move) comes with it once ({why}; "
                     f"{c('Achievements')})",
                     suggestion="If the first was logged by mistake, undo it.")


def _held_rule(t: MysticsTracker, state: MysticsState, name: str) -> str | None:
    """The chapter's special rule that says the party gains story achievement ``name`` once ("Once the party
    has Miz Maggie's token, do not roll to gain any longer"), as "special rule NAME: 'sentence'"; ``None``:
    the chapter's data says no such thing (the special rules are read from today's data: words only)."""
    try:
        info = t.chapter_info(state.chapter)
    except CompanionError:
        return None
    words = names.achievement_key(name).split("_")[:2]
    for rule in getattr(info, "special_rules", ()) or ():
        for sentence in re.split(r"(?<=\.)\s+", str(rule.text)):
            said = names.slug(sentence).split("_")
            if said[:4] == ["once", "the", "party", "has"] and all(w in said for w in words):
                return f"special rule {rule.name}: {sentence.strip()!r}"
    return None


def _close_name(state: MysticsState, name: str, move: int, info: Chapter | None,
                story: Named | None) -> MysticsState:
    """A note when ``name`` is no individual achievement and none of the chapter's story achievements, but
    close to one of them ("Miz Maggies Ally"): the name it may mean, and what the one typed did. ``info``:
    the chapter's record (:func:`_achievements_part`); ``story``: its story achievement ``name`` names."""
    if story is not None:
        return state
    hint = _close_hint(name, info)
    if hint is None:
        return state
    return _say(state, f"Note: {name!r} is none of the individual achievements"
                       + (f" nor a story achievement of chapter {state.chapter}'s data" if info is not None
                          else "")
                       + (f", so it moved the chapter end marker {signed_pages(move)} as typed" if move else
                          ", so it did not move the chapter end marker") + f". {hint} ({c('Achievements')})")


def _close_hint(name: str, info: Chapter | None) -> str | None:
    """"Did you mean 'Cheesemaster'?" when ``name`` is close to an individual achievement or a story
    achievement of the chapter's record ``info``; ``None``: close to none."""
    known = [*(achievement_name(k) for k in ch.INDIVIDUAL_ACHIEVEMENTS),
             *(a.name for a in getattr(info, "achievements", ()) or ())]
    return did_you_mean(closest(name, known, n=1))


def achievement_typo(t: MysticsTracker, state: MysticsState, name: str) -> RuleError | None:
    """Why the page does not record achievement ``name`` as typed: it is none of the individual
    achievements nor the chapter's story achievements, but close to one ("Cheesmaster": Did you mean
    'Cheesemaster'?), so it is refused before it is recorded (a log's line is kept with a note:
    :func:`_close_name`). ``None``: a known name, or one close to none (recorded as typed)."""
    key = names.achievement_key(name)
    info = _achievements_part(t, state)
    if key in ch.INDIVIDUAL_ACHIEVEMENTS or (info is not None and info.achievement(name) is not None):
        return None
    hint = _close_hint(name, info)
    if hint is None:
        return None
    return RuleError(f"{name!r} is none of the achievements the chapter knows ({c('Achievements')})",
                     suggestion=hint)


def chapter_part(t: MysticsTracker, state: MysticsState, part: str) -> Chapter | None:
    """The chapter's record (:class:`companion.mystics.data.Chapter`) for its ``part`` (``"tiles"``,
    ``"setup_minions"``, ``"achievements"``): as the chapter's start recorded it, or, for a chapter recorded
    before the tracker recorded that part, the card data's today (a line that uses it records what it
    decided: a ``move_end``, a ``tile``). ``None``: no chapter, or the data has none."""
    info = t.chapter_data(state)
    if info is None:
        return None
    raw = t._logged(state, CHAPTERS, str(state.chapter))
    if isinstance(raw, Mapping) and part not in raw:
        try:
            return t.chapter_info(state.chapter)
        except CompanionError:
            return None
    return info


def story_move(t: MysticsTracker, state: MysticsState, name: str) -> int | None:
    """The pages the chapter's story achievement ``name`` moves the chapter end marker, as the chapter's data
    says it (chapter 1's Miz Maggie Ally: 1, Special chapter rules); ``None``: the chapter's data names no
    such achievement, or no move. The page fills its "end +" box with it."""
    info = _achievements_part(t, state)
    return None if info is None else info.achievement_move(name)


def _story_move(t: MysticsTracker, state: MysticsState, e: Event, name: str,
                book: int | None) -> tuple[MysticsState, int]:
    """How far a story achievement (not an individual one) moves the chapter end marker: ``move_end`` as
    typed, else as the chapter's data says (``book``: :func:`story_move`), which a live action logs as its
    ``move_end``; 0 when neither says. A ``move_end`` other than the chapter's is taken, with a note; a line
    logged before the chapter's move was read has none and moved the marker 0 pages: kept as played."""
    where = f"chapter {state.chapter}'s data"
    if "move_end" in e:
        move = _int(e, "move_end", 0, maximum=lim.MAX_PAGE, why=lim.PAGE_WHY)
        if book is not None and move != book:
            state = _say(state, f"Note: {where} says {name!r} moves the chapter end marker "
                                f"{signed_pages(book)}; moved {move:+d} as typed ({c('Achievements')})")
        return state, move
    if t.replaying:
        if book:
            state = _kept(t, state, RuleError(f"{name!r} moved the chapter end marker 0 pages: {where} says "
                                              f"{book:+d} ({c('Achievements')})"))
        return state, 0
    if book is None:
        return state, 0
    if t._draws is not None:
        t._draws.decided["move_end"] = book
    return state, book


def achievement_name(key: str) -> str:
    """An individual achievement's name as the book prints it: ``cat_tamer`` -> ``Cat Tamer``."""
    return key.replace("_", " ").title()


def taken_by(state: MysticsState, key: str) -> str | None:
    """Whether an individual achievement (``key``, its slug) is taken: ``None`` if not, else words
    naming the mouse that took it (" by Maginos"), or "" when none was named."""
    for n, m in state.board.achievements:
        if n == key:
            return f" by {state.mouse(m).name}" if m else ""
    return None


def _check_move(refused: RuleError | None) -> None:
    """A move refused (:func:`_move_refusal`: forward, past the chapter track's last page) is raised; moves
    back are always allowed."""
    if refused is not None:
        raise refused


#: How the chapter end marker is put on a page, in the log's words (the page says its own button).
PUT_END_MARKER = 'correct the chapter end marker with {"event": "chapter_end", "page": N}'


def _move_refusal(page: int, move: int, what: str) -> RuleError | None:
    """Why a move of ``move`` pages that takes ``what`` to ``page`` is refused: forward, past the chapter
    track's last page (:data:`~.limits.MAX_PAGE`; Story Control Board). ``None``: it is not."""
    if move > 0 and page > lim.MAX_PAGE:
        return RuleError(f"{what} would move to page {lim.show(page)}; the chapter track ends on page "
                         f"{lim.MAX_PAGE}", expected=f"pages 1 to {lim.MAX_PAGE}: {lim.PAGE_WHY}",
                         suggestion=PUT_END_MARKER)
    return None


def end_marker_move_refusal(state: MysticsState, move: int) -> RuleError | None:
    """Why the chapter end marker cannot move ``move`` pages now (a ``chapter_end`` move or an achievement's
    move): past the chapter track's last page (Story Control Board). ``None``: it can."""
    return _move_refusal(ch.move_chapter_end(state.board, move).chapter_end, move, "the chapter end marker")


def _unmoved(t: MysticsTracker, state: MysticsState, kind: str, move: int, start: int, page: int,
             why: str) -> MysticsState:
    """A move that leaves its marker where it was changes nothing: a new action is refused (so Undo never
    takes back an action nobody saw), a logged one is kept as it was played, with a note."""
    if move and page != start:
        return state
    if not move:
        return _zero(t, state, kind, move, "1 or more (forward), -1 or less (back)", what="move")
    return _kept(t, state, RuleError(f"'{kind}' event: the marker stays on page {lim.show(start)}, so the "
                                     f"move changes nothing: {why} ({c('Story Control Board')})"))


def signed_pages(move: int) -> str:
    """A move of the chapter end marker with its sign, in pages: ``"+1 page"``, ``"-2 pages"``."""
    return f"{move:+d} {'page' if abs(move) == 1 else 'pages'}"


def _cut_move(start: int, move: int, page: int, why: str) -> str:
    """A move from page ``start`` by ``move`` pages that ended on ``page``: "" when it went the whole
    way, else the words for how far it went (``why`` it stopped short), to follow where it is."""
    moved = page - start
    if moved == move:
        return ""
    way = "forward" if move > 0 else "back"
    return f"; it moved {way} {plural(abs(moved), 'page')}, not {abs(move)}: {why}"


def _lost_now(state: MysticsState, before: Board) -> MysticsState:
    """The defeat said, in words for what happened, when the action just lost the chapter."""
    if state.board.defeated and not before.defeated:
        return _say(state, f"Defeat: {state.board.defeat_reason}")
    return state


def _chapter_end(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    state = _kept(t, state, _not_both(e, "move", "page", "move: pages to move the marker; page: the page "
                                                       "to put it on"))
    before = state.board
    cut = ""
    if "page" in e:
        page = _int(e, "page", minimum=1, maximum=lim.MAX_PAGE, why=lim.PAGE_WHY)
        board = ch.put_chapter_end(before, page)
    else:
        move = _int(e, "move", 1, maximum=lim.MAX_PAGE, why=lim.PAGE_WHY)
        _check_move(end_marker_move_refusal(state, move))
        board = ch.move_chapter_end(before, move)
        state = _unmoved(t, state, "chapter_end", move, before.chapter_end, board.chapter_end,
                         "the chapter track begins at page 1")
        cut = _cut_move(before.chapter_end, move, board.chapter_end, "the chapter track begins at page 1")
    state = _say(replace(state, board=board), f"Chapter end marker on page {lim.show(board.chapter_end)}"
                                              f"{cut} ({c('Story Control Board')})")
    return _lost_now(state, before)


def _hourglass(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    move = _int(e, "move", 1, maximum=lim.MAX_PAGE, why=lim.PAGE_WHY)
    before = state.board
    board = ch.move_hourglass(before, move)
    _check_move(_move_refusal(board.hourglass, move, "the hourglass"))
    why = "it stops on the chapter end marker" if move > 0 else "the chapter track begins at page 1"
    state = _unmoved(t, state, "hourglass", move, before.hourglass, board.hourglass, why)
    cut = _cut_move(before.hourglass, move, board.hourglass, why)
    state = _say(replace(state, board=board),
                 f"Hourglass on page {board.hourglass}{cut} ({c('Story Control Board')})")
    if board.defeated and not before.defeated:
        state = _say(state, DEFEAT)
    return state


def _lost_error(board: Board) -> RuleError:
    """Victory refused: the chapter is lost already (by the hourglass, or a defeat event)."""
    lost = (f"was lost by the defeat event: {board.defeat_reason}" if board.lost_by
            else f"is already lost: {board.defeat_reason}")
    return RuleError(f"the chapter {lost}", cite=c("Defeat"),
                     suggestion="Undo the action that lost it, if the chapter was won first.")


def victory_warning(t: MysticsTracker, state: MysticsState) -> str | None:
    """A word of caution before a victory, or ``None``: the chapter's Victory clears a tile of minions
    (chapter 1's: "Clear the courtyard tile of minions ...") and minions are still on the board. The
    tracker does not know which tile each figure is on, so it is said, never refused."""
    try:
        info = t.chapter_data(state)
    except CompanionError:  # (the card data cannot be loaded: nothing to say about the chapter)
        return None
    if info is None or not info.victory_clears_minions or not state.minions_on_board:
        return None
    on = ", ".join(f"{figure_words(len(g.figures), g.name)}" for g in state.minions if g.figures)
    return (f"chapter {state.chapter}'s Victory needs minions cleared (\"{info.victory.strip()}\"), and "
            f"{on} {'is' if state.minions_on_board == 1 else 'are'} still on the board: check that none is "
            f"where the chapter says ({c('Victory')})")


def _victory(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    if state.board.defeated:
        raise _lost_error(state.board)
    warning = victory_warning(t, state)
    state = _say(replace(state, board=replace(state.board, victory=True)),
                 f"Victory! The chapter's victory conditions are met ({c('Victory')}; Winning and Losing)")
    return _say(state, f"Note: {warning}") if warning else state


def _defeat(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    reason = e.get("reason", "a chapter defeat condition")
    if not isinstance(reason, str) or not reason.strip():
        state = _kept(t, state, LogError(f"'defeat' event: bad reason {repr(reason)[:40]}",
                                         expected="the chapter's defeat condition in words"))
        reason = str(reason).strip() or "a chapter defeat condition"
    board = state.board if state.board.defeated else replace(state.board, defeated=True, lost_by=reason)
    return _say(replace(state, board=board), f"Defeat: {reason} ({c('Defeat')})")


def _set_order(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    """A corrected order (a slip at the table). The turn stays with the card taking it (house
    reading): the figure in the player's hand is the same whatever the cards around it. Cards moved
    from below it to above it miss this round's turn, cards moved from above it to below it take a
    second one; the message names them, and whose turn is next (Set turn corrects the turn)."""
    order = _str_list(e, "order")
    if order is None:
        raise LogError('"set_order" needs an "order" list')
    new = _refocus(state, ini.reorder(state.track, order))
    if state.board.defeated:  # (no turn is taken once the chapter is lost: none to name, nor Set turn)
        return _say(new, f"Initiative order corrected to match the table; the chapter is lost, so no turn "
                         f"is taken ({c('Defeat')})")
    return _say(new, "Initiative order corrected to match the table: " + _turn_after_reorder(state, new))


def _card_list(cards: Sequence[str], track: ini.Track) -> str:
    by_id = {x.id: x.name for x in track}
    return and_list([by_id.get(x, x) for x in cards])


def _turn_after_reorder(before: MysticsState, after: MysticsState) -> str:
    """Whose turn goes on and whose is next after a corrected order, and which cards it moved across
    the turn (they miss this round's turn, or take a second one)."""
    cur, nxt = after.current, after.next_card
    if cur is None and (after.turn == -1 or nxt is None):
        top = after.track[0].name if after.track else "the top card"
        return f"next: {possessive(top)} turn, the top card's (a new round)"
    anchor = cur if cur is not None else nxt
    assert anchor is not None  # (no current card: the next one, else returned above)
    if cur is not None:
        words = f"{possessive(cur.name)} turn goes on (the turn stays with the card taking it)"
        if nxt is not None:
            last = after.current_index == len(after.track) - 1
            words += f"; next: {possessive(nxt.name)} turn" + (" (a new round)" if last else "")
    else:  # (the card whose turn it was left the track: the one that moved up into its slot is next)
        words = f"next: {possessive(anchor.name)} turn"

    def above(track: ini.Track) -> list[str]:
        ids = ini.ids(track)
        return ids[:ids.index(anchor.id)] if anchor.id in ids else []

    old, new = above(before.track), above(after.track)
    up = [x for x in new if x not in old]
    down = [x for x in old if x not in new]
    if up:
        words += (f". {_card_list(up, after.track)} now {'stand' if len(up) > 1 else 'stands'} above "
                  f"{anchor.name}: {'they miss' if len(up) > 1 else 'it misses'} this round's turn (Set turn "
                  f"if {'one of them plays' if len(up) > 1 else 'it plays'} now)")
    if down:
        words += (f". {_card_list(down, after.track)} now {'stand' if len(down) > 1 else 'stands'} below "
                  f"{anchor.name}: {'they take' if len(down) > 1 else 'it takes'} a second turn this round")
    return words


def _set_turn(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    i = ini.find(state.track, _str(e, "card"))
    card = state.track[i]
    if card.id == state.acting and i == state.turn:  # the same turn goes on: what it did stands
        return _say(state, f"Turn pointer set to {card.name}")
    return _say(_new_turn(state, turn=i, acting=card.id), f"Turn pointer set to {card.name}")


def _set_stats(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    state = _kept(t, state, _not_both(e, "mouse", "minion", "the mouse or the minion type whose life is "
                                                          "corrected"))
    if "mouse" not in e and "minion" not in e:
        raise LogError("'set_stats' event needs a 'mouse' or a 'minion' field (whose life is corrected)",
                       expected='e.g. {"event": "set_stats", "mouse": "collin", "life": 5}')
    if "mouse" in e:
        m = state.mouse(_str(e, "mouse"))
        life = _int(e, "life", minimum=1, maximum=lim.MAX_LIFE, why=lim.LIFE_WHY)
        if life == m.life:
            state = _kept(t, state, RuleError(f"{possessive(m.name)} life is {life} already: nothing to "
                                              "correct"))
        state = replace(state, mice=pt.put(state.mice, replace(m, life=life)))
        state = _say(state, f"{possessive(m.name)} life set to {life}")
        m2 = state.mouse(m.id)
        if pt.is_beaten(m2) and not m2.captured:
            state = _capture(t, state, {"event": "capture", "mouse": m.id, **_scaper_field(e)})
        return state
    g = _group(state, _str(e, "minion"))
    life = _int(e, "life", minimum=1, maximum=lim.MAX_LIFE, why=lim.LIFE_WHY)
    if life == g.life:
        state = _kept(t, state, RuleError(f"{possessive(g.name)} life is {life} already: nothing to correct"))
    state = replace(state, minions=tuple(replace(x, life=life) if x.id == g.id else x for x in state.minions))
    roster = dict(state.roster)  # the corrected life holds for the chapter: figures placed later too
    info = roster.get(g.id) or t.chapter_minions(state).get(g.id)
    if info is not None:
        roster[g.id] = replace(info, life=life)
        state = replace(state, roster=tuple(roster.items()))
    state = _say(state, f"{possessive(g.name)} life set to {life}")
    return _beaten_figures(t, state, g.id, life, e)


#: The field a live ``set_stats`` of a minion type's life logs when figures already had as many wounds as
#: the new life: they were defeated (a line without it was logged before that rule: :func:`_beaten_figures`).
DEFEATS = "defeats"


def _beaten_figures(t: MysticsTracker, state: MysticsState, mid: str, life: int, e: Event) -> MysticsState:
    """The figures of minion type ``mid`` whose wounds reach its corrected ``life`` are defeated: "When a
    multiple life figure has a number of wounds on its initiative card equal to or greater than its life
    value, that figure is defeated" (Wounds on non-boss minions), as a mouse whose wounds reach its
    corrected life is captured. A live correction logs ``"defeats": true``; a line logged before this rule
    has none, and is kept as it was played (the figures stay), with a note."""
    g = _group(state, mid)
    beaten = [i for i, w in enumerate(g.figures) if w >= life]
    if not beaten:
        return state
    if t.replaying and not _flag(e, DEFEATS):
        return _kept(t, state, RuleError(
            f"{figure_words(len(beaten), g.name)} with {life} or more wounds stayed on the board: today "
            f"{'they are' if len(beaten) > 1 else 'it is'} defeated ({figure_wounds(g)})"))
    if t._draws is not None:
        t._draws.decided[DEFEATS] = True
    words = ", ".join(f"figure {i + 1} ({g.figures[i]} wounds)" for i in beaten)
    state = _say(_defeated(state, g, len(beaten), credited=False),  # (a correction: no mouse's defeat)
                 f"{g.name} {words}: wounds equal to or greater than the life {life}, so "
                 f"{'they are' if len(beaten) > 1 else 'that figure is'} defeated ({figure_wounds(g)})")
    return remove_figures(state, g.id, beaten)


def _note(t: MysticsTracker, state: MysticsState, e: Event) -> MysticsState:
    """A note in the journal: a new one of at most :data:`NOTE_MAX` characters (its spaces and line
    breaks shown as one space); one already logged is read as it was, shown as
    :func:`~companion.textio.logged_text` shows a logged line."""
    from ..textio import logged_text

    text = e.get("text")
    if not isinstance(text, str) or not text.strip():
        state = _kept(t, state, LogError("'note' event needs its text", expected="a text field, e.g. "
                                         '{"event": "note", "text": "the crow took Filch"}',
                                         found=repr(text)[:40]))
        return _say(state, str(text if text is not None else ""))
    tidy = " ".join(text.split())
    if len(tidy) > NOTE_MAX and not t.replaying:
        raise RuleError(f"the note is {len(tidy)} characters long", where="text",
                        expected=f"a note of at most {NOTE_MAX} characters",
                        found=repr(tidy[:40] + "…"), suggestion="Shorten it, or write it as several notes.")
    return _say(state, logged_text(text, NOTE_MAX))


_HANDLERS: dict[str, Callable[[MysticsTracker, MysticsState, Event], MysticsState]] = {
    "start": _start, "encounter": _encounter, "add_minions": _add_minions, "room": _room,
    "minion_cheese": _minion_cheese, "pilfer": _pilfer, "greedy_steal": _greedy_steal,
    "wound_minion": _wound_minion,
    "defeat_minion": _defeat_minion, "end_turn": _end_turn, "wound": _wound, "heal": _heal,
    "capture": _capture, "rescue": _rescue, "mouse_cheese": _mouse_cheese, "level_up": _level_up,
    "condition": _condition, "gain": _gain, "discard": _discard, "equip": _equip, "unequip": _unequip,
    "share": _share, "achievement": _achievement, "chapter_end": _chapter_end, "hourglass": _hourglass,
    "victory": _victory, "defeat": _defeat, "set_order": _set_order, "set_turn": _set_turn,
    "set_stats": _set_stats, "note": _note,
}

#: What may still be logged once the chapter is lost: a note and a correction of the counts or of the
#: track's order. Play does not go on (Defeat: the mice are "immediately defeated"): no turn is taken, so
#: none is corrected either (set_turn, like Next turn, is refused; its pointer would name a turn nobody
#: takes); a second defeat would change nothing and victory is refused (:func:`end_refusal` says why); the
#: chapter end marker stays where the chapter was lost, so that the reason the defeat gives (the marker
#: moved onto the hourglass, on page 4) stays true of the board.
#: What may still be logged after a victory: notes and corrections (the chapter's figures as the
#: table has them, e.g. for the campaign), never another turn, surge or hourglass move.
_AFTER_VICTORY = frozenset({"note", "set_stats", "set_order", "set_turn", "level_up", "mouse_cheese",
                            "achievement", "gain", "discard", "equip", "unequip", "share"})
_AFTER_DEFEAT = frozenset({"note", "set_stats", "set_order"})


def end_refusal(state: MysticsState, kind: str) -> RuleError | None:
    """Why a new action of ``kind`` is refused because the chapter is over (won or lost); ``None`` when
    it may still be logged. The pages turn off the controls it refuses, with its words."""
    b = state.board
    if b.defeated:
        if kind == "victory":
            return _lost_error(b)
        if kind == "defeat":
            return RuleError(f"the chapter is already lost: {b.defeat_reason}", cite=c("Defeat"),
                             suggestion="A second defeat changes nothing; undo the first to record another.")
        if kind not in _AFTER_DEFEAT:
            return RuleError(f"{kind!r}: the chapter is lost, play does not go on ({c('Defeat')})",
                             suggestion="Undo the action that lost it, or start the next chapter.")
    elif b.victory and kind not in _AFTER_VICTORY:
        return RuleError(f"{kind!r}: the chapter is won, play does not go on ({c('Victory')})",
                         suggestion="Undo the victory if the chapter goes on, or start the next chapter.")
    return None


EVENTS: tuple[str, ...] = (*sorted(_HANDLERS), "undo", "redo")

#: What a minion type typed in as an object takes (``{"moth": {"count": 2, "life": 1}}``).
MINION_OBJECT_FIELDS = ("count", "name", "life", "battle", "defense", "boss", "aggressive", "cards")
#: What a card in such an object's ``cards`` takes: its id is the tracker's (``moth:1``, ``moth:2``...), and
#: the card is named on the track, in a wound_minion's ``card`` and in an order by that id or by its name.
CARD_OBJECT_FIELDS = ("name", "life")
#: The fields of an event that hold minion types typed in as objects (:data:`MINION_OBJECT_FIELDS`).
MINION_OBJECT_KEYS = ("minions", "surge", "special_surge")
_MINIONS = ("minions", "{type: count}; a type not in the card data as {type: {count, life, ...}}")
_ORDER = ("order", "the new cards by id or name, top first; default: shuffled")
_ROLLS = ("rolls", "die numbers 1-3 for an ambush or a boss's ambush, top card first; default: from the seed")
_BOSS_CARDS = ("boss_cards", "{boss: [its 2 card ids]}; default: drawn")
_COUNT = ("count", "default 1")
_BY = ("by", "the mouse that defeated the figure (default: the mouse whose turn it is), for Pilfer")
_SCAPER_THIRD = (SCAPER_THIRD_ONLY, "logged by a live action capturing the Scaper after its third capture "
                                    "(only the third rescues it at once)")
_RESCUE_ENDS = (RESCUE_ENDS_TURN, "logged by a live action when a mouse rescued at the start of its turn "
                                  "lost that turn to the rescue")
_CARD_DATA = (CARD_DATA, "logged by a live action (refused when typed): the card data values it read (a "
                         "mouse's life, a minion type's...), which a replay reads instead of today's data")


def _by_surge(what: str) -> str:
    return f"order, rolls and boss_cards place the minions of the surge {what}, as in encounter"

#: What each kind of :data:`EVENTS` takes and does, for ``companion mystics events`` (mice and minion
#: types by id or name, in any case). A test checks that every kind has its entry, so a new event
#: cannot go unlisted.
EVENT_FIELDS: dict[str, EventFields] = {
    "start": EventFields(
        "a chapter begins; hourglass on page 1, initiative shuffled", ("chapter_end", "mice"),
        optional=("minions", "seed", "chapter", "order", "overflow", "abilities", "boss_cards", CARD_DATA),
        notes=(("mice", "ids or names, or objects {" + ", ".join(MOUSE_FIELDS) + "} with only id needed: "
                        "a hero card's battle, defense, lore and move are not tracked"), _MINIONS,
               ("seed", "a number or a word ('companion mystics do' draws a fresh one when it is not "
                        "given; a line logged without one shuffled with 0)"),
               ("order", "the starting order, by id or name"),
               ("overflow", "discard, or carry: a house variant"), ("abilities", "{mouse: ability card}"),
               _BOSS_CARDS, _CARD_DATA),
        objects=(("mice", MOUSE_FIELDS), ("minions", MINION_OBJECT_FIELDS)),
        rule="no rolls: a start shuffles its cards and nothing ambushes"),
    "encounter": EventFields(
        "new minions arrive and the card becomes the face-up encounter card", ("card",),
        optional=("minions", "ambush", "surge", "surge_text", "mousetraps", "order", "rolls", "boss_cards",
                  CARD_DATA),
        notes=(_MINIONS, ("ambush", "true: every minion card rolls to move up"),
               ("surge", "{type: count}: the card's surge minions"), ("surge_text", "its surge in words"),
               ("mousetraps", "true: place mousetraps"), _ORDER, _ROLLS, _BOSS_CARDS, _CARD_DATA),
        objects=(("minions", MINION_OBJECT_FIELDS), ("surge", MINION_OBJECT_FIELDS))),
    "add_minions": EventFields(
        "minions placed by a chapter rule", ("minions",),
        optional=("ambush", "order", "rolls", "boss_cards", CARD_DATA),
        notes=(_MINIONS, ("ambush", "true: every minion card rolls to move up"), _ORDER, _ROLLS, _BOSS_CARDS,
               _CARD_DATA),
        objects=(("minions", MINION_OBJECT_FIELDS),)),
    "room": EventFields(
        "the mice are in this room; its special surge replaces the encounter card's",
        optional=("name", "tile", "special_surge", "special_surge_text", CARD_DATA),
        notes=(("name", "none: the mice leave the room"),
               ("tile", "its number: the special surge from the chapter data, when none is typed"),
               ("special_surge", "{type: count}"), _CARD_DATA),
        objects=(("special_surge", MINION_OBJECT_FIELDS),),
        rule="tile and the special surge need the name"),
    "minion_cheese": EventFields(
        "cheese on the minion wheel; a full wheel surges", optional=("count", *SURGE_FIELDS, CARD_DATA),
        notes=(("count", "default 1; negative takes cheese off"), _CARD_DATA),
        rule=_by_surge("a full wheel triggers")),
    "pilfer": EventFields(
        "Filch's Pilfer: 1 cheese for a minion figure he defeated this turn (on his turn, or logged by him), "
        "from the minion wheel for a Rat",
        ("mouse",), optional=("from",),
        notes=(("from", "wheel (a Rat's cheese, when the wheel has some; the default then) or supply; "
                        "logged by a live action"),),
        rule="one pilfer per figure defeated since the turn began"),
    "greedy_steal": EventFields(
        "a greedy roach moves 1 of the mouse's cheese to the minion wheel", ("mouse",),
        optional=(*SURGE_FIELDS, CARD_DATA), notes=(_CARD_DATA,), rule=_by_surge("a full wheel triggers")),
    "wound_minion": EventFields(
        "wounds on a minion", ("minion",), optional=("count", "figure", "card", "by"),
        notes=(_COUNT, ("figure", "0 is the first"),
               ("card", "a boss's initiative card, by its name as the track shows it or its id"), _BY),
        rule="a boss's wounds go on a card, any other minion's on a figure"),
    "defeat_minion": EventFields(
        "figures leave the board", ("minion",), optional=("count", "figure", "by"),
        notes=(_COUNT, ("figure", "0 is the first"), _BY),
        rule="figure: that one figure leaves; count: that many; not both (but count 1)"),
    "end_turn": EventFields(
        "the card whose turn it is finishes; the pointer moves on",
        optional=(*SURGE_FIELDS, RESCUE_ENDS_TURN, CARD_DATA), notes=(_RESCUE_ENDS, _CARD_DATA),
        rule=_by_surge("Time is Short! may trigger")),
    "wound": EventFields(
        "wounds on a mouse; it is captured when they reach its life", ("mouse",),
        optional=("count", "poison", SCAPER_THIRD_ONLY),
        notes=(_COUNT, ("poison", "true: poison wounds"), _SCAPER_THIRD)),
    "heal": EventFields(
        "wounds (or poison wounds) removed", ("mouse",), optional=("count", "poison"),
        notes=(_COUNT, ("poison", "true: poison wounds"))),
    "capture": EventFields("the mouse is captured; hourglass +1 page", ("mouse",),
                           optional=(SCAPER_THIRD_ONLY,), notes=(_SCAPER_THIRD,)),
    "rescue": EventFields(
        "a captured mouse is rescued on its own turn, and its turn ends", ("mouse",),
        optional=("force", "ends_turn", *SURGE_FIELDS, RESCUE_ENDS_TURN, CARD_DATA),
        notes=(("force", "true: a chapter rule rescues it, whatever the board and the turn"),
               ("ends_turn", "logged by a live rescue that ended the turn"), _RESCUE_ENDS, _CARD_DATA),
        rule=_by_surge("Time is Short! may trigger as the turn ends")),
    "mouse_cheese": EventFields(
        "cheese in the mouse's stash", ("mouse",), optional=("count",),
        notes=(("count", "default 1; negative spends"),)),
    "level_up": EventFields(
        "6 cheese for an ability card of the mouse's class", ("mouse", "ability"),
        optional=("classes", CARD_DATA),
        notes=(("classes", "the card's classes, if not in the data"), _CARD_DATA)),
    "condition": EventFields(
        "a condition on a mouse, e.g. webbed", ("mouse", "condition"), optional=("on",),
        notes=(("on", "false: it ends"),)),
    "gain": EventFields(
        "a search card into the pack", ("mouse", "card"), optional=("trick", "discard", CARD_DATA),
        notes=(("trick", "true: a trick, for a card the data does not know the type of (a card of the "
                          "data is what the data says: a trick it knows as another type is refused; a "
                          "party item takes no room in any pack)"),
               ("discard", "a card to make room"), _CARD_DATA)),
    "discard": EventFields("the mouse discards a card", ("mouse", "card")),
    "equip": EventFields(
        "equip a card", ("mouse", "card", "slot"), optional=("paws", CARD_DATA),
        notes=(("slot", "paw, armor, accessory or tail"), ("paws", "paw slots it takes, default 1"),
               _CARD_DATA)),
    "unequip": EventFields(
        "an equipped card back into the pack", ("mouse", "card"), optional=("slot", "discard"),
        notes=(("slot", "the slot of the copy unequipped, for a card equipped twice (paw, armor, accessory, "
                        "tail; or equipped); default the first copy equipped"),
               ("discard", "a card to make room"),)),
    "share": EventFields(
        "one mouse gives cheese or a card to another", ("from", "to"),
        optional=("cheese", "card", "slot", "discard"),
        notes=(("card", "by its name or id"),
               ("slot", "where the card given is, for a card held twice: pack, equipped, or its slot (paw, "
                        "armor, accessory, tail); default the copy in the pack when there is one"),
               ("discard", "a card of the receiver's pack it discards to make room (a full pack: Equip)")),
        rule="cheese, a card, or both"),
    "achievement": EventFields(
        "an achievement is earned", ("name",), optional=("mouse", "move_end"),
        notes=(("mouse", "the mouse that earns it; Scaper and Poisonmaster are earned once the log shows "
                         "their condition (captured twice; captured with a poison wound), by this mouse or, "
                         "with none named, by a mouse of the party"),
               ("move_end", "pages the chapter end marker moves; an individual achievement moves it as "
                            "the book says, a story achievement as the chapter's data says when not "
                            "given (once: the party holds it), any other name 0 pages"))),
    "chapter_end": EventFields(
        "move the chapter end marker, or put it on a page", optional=("move", "page"),
        notes=(("move", "pages, default 1"), ("page", "the page to put it on")),
        rule="move or page, not both"),
    "hourglass": EventFields("move the hourglass", optional=("move",), notes=(("move", "pages, default 1"),)),
    "victory": EventFields("the chapter's victory conditions are met"),
    "defeat": EventFields("the chapter is lost", optional=("reason",)),
    "set_order": EventFields("correct the initiative order to match the table", ("order",),
                             notes=(("order", "cards by id or name"),)),
    "set_turn": EventFields("correct whose turn it is", ("card",)),
    "set_stats": EventFields("correct a life value", ("life",), one_of=("mouse", "minion"),
                             optional=(DEFEATS, SCAPER_THIRD_ONLY),
                             notes=((DEFEATS, "logged by a live correction of a minion type's life that "
                                              "defeated figures with as many wounds"), _SCAPER_THIRD)),
    "note": EventFields("a note in the journal", ("text",),
                        notes=(("text", f"at most {NOTE_MAX} characters"),)),
    "undo": EventFields("take back the latest action in force"),
    "redo": EventFields("bring back the latest action undone"),
}
MysticsTracker.EVENT_KINDS = frozenset(_HANDLERS)
MysticsTracker.START_FIELDS = frozenset({"chapter_end", "overflow", "mice", "seed", "chapter", "abilities",
                                          "minions", "boss_cards", "rolls", "order", CARD_DATA})
