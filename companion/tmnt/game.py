"""The TMNT TCG table tracker: Block Zones, hand and Deck counts, phases, the end of the game.

State is a fold of events (:class:`companion.eventlog.Tracker`). The tracker keeps counts,
not card identities: the players hold the real cards and tell it what was revealed.

Game flow (tmnt-tcg.txt, Game Flow):

- Getting Started: 5 cards to hand, then 4 cards face-down on the Block Zones.
- A turn is the Adjust, Set, Event, Item, Flip and Attack Phases (the Attack Phase with
  its Attack, Counter, Forward and Result Steps). The first player skips the Adjust Phase
  on the first turn.
- Adjust Phase: first bring the hand to 5 (draw up, or discard down), then draw 1 plus 1
  per empty Block Zone. The book and our ruling agree; the issue's "1 plus 1 per empty
  Block Zone" is the second part only (the book's example: 3 empty zones, draw 4).
- Set Phase: Block cards slide toward the 1st Block Zone to close gaps (face-up ones stay
  face-up), then every empty zone gets a face-down card from the hand.
- Game Over: the game ends the moment a player's Deck has no cards; that player loses.
  Only then: a correction that leaves both Decks with cards takes the game up again.

Events (one JSON object a line): ``start``, ``next``, ``flip``, ``play_event``,
``play_item``, ``attack``, ``result``, ``correct`` (see :meth:`TmntTracker.apply`; what each
takes: :data:`EVENT_FIELDS`, which ``companion tmnt events`` prints).

``start`` may carry ``"attack_card_power": "count"`` (the default) or ``"ignore"``: the
house reading (the book is silent) of whether an Attack card flipped onto the 1st Block
Zone adds its own Power to the total. It holds for the whole game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import cite
from ..errors import CompanionError, LogError, RuleError, closest, did_you_mean
from ..eventlog import NEW_GAME_HERE, SEED_TEXT_MAX, Event, EventFields, Tracker, event_rng, good_seed
from ..eventlog import redone_said as _redone
from ..eventlog import undone_said as _undone
from ..textio import PLAYER_NAME_MAX, line_problem, logged_text, player_names
from ..verdict import plural
from .attack import (
    BLOCK_ZONES,
    CARD_NAME_MAX,
    CARD_TYPES,
    HAND_SIZE,
    KINDS,
    POWER_MAX,
    SEC_ATTACK,
    SEC_COUNTER,
    SEC_FORWARD,
    SEC_PHASE,
    SEC_RESULT,
    BattleCard,
    ForwardResult,
    a_an,
    bare_counter,
    bare_power,
    check_power_bonus,
    forward_step,
    from_json,
    resolve_attack,
    shown,
)

FACES: tuple[str, ...] = ("down", "up", "empty")
PHASES: tuple[str, ...] = ("adjust", "set", "event", "item", "flip", "attack", "result")
PHASE_LABELS: dict[str, str] = {
    "adjust": "1 Adjust Phase", "set": "2 Set Phase", "event": "3 Event Phase",
    "item": "4 Item Phase", "flip": "5 Flip Phase",
    "attack": "6 Attack Phase: Attack, Counter, Forward Steps",
    "result": "6 Attack Phase: Result Step",
}
PHASE_SECTIONS: dict[str, str] = {
    "adjust": "Adjust Phase", "set": "Set Phase", "event": "Event Phase", "item": "Item Phase",
    "flip": "Flip Phase", "attack": "Attack Phase", "result": SEC_RESULT,
}
DECK_SIZE = 40
START_HAND = 5
EVENTS: tuple[str, ...] = ("start", "next", "flip", "play_event", "play_item", "attack", "result", "correct")
#: The house reading for an Attack card on the 1st Block Zone: its Power counts, or not.
ATTACK_CARD_POWER: dict[str, bool] = {"count": True, "ignore": False}


@dataclass(frozen=True, slots=True)
class Zone:
    """One Block Zone: ``face`` is down, up or empty; ``kind`` the card type once known."""

    face: str = "down"
    kind: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"face": self.face, "kind": self.kind}


EMPTY = Zone("empty")
DOWN = Zone("down")


def zone_words(zone: Zone) -> str:
    """A Block Zone as the table says it: ``face-down``, ``empty``, ``face-up`` or, once the flip said
    what the card is, ``face-up Character`` (the page's tiles and a correction's message)."""
    if zone.face == "up":
        return f"face-up {zone.kind.title()}" if zone.kind else "face-up"
    return "face-down" if zone.face == "down" else zone.face


@dataclass(frozen=True, slots=True)
class Player:
    """A player's counts and Block Zones. ``first_card``: the card face-up on the 1st Block Zone as
    the log names it (an attack's ``character``, kept there by a Result Step), while it stays there;
    ``None``: the tracker does not know which card it is (just flipped, or never named)."""

    name: str
    zones: tuple[Zone, ...] = (DOWN,) * BLOCK_ZONES
    hand: int = START_HAND
    deck: int = DECK_SIZE - START_HAND - BLOCK_ZONES
    trash: int = 0
    items: int = 0
    first_card: BattleCard | None = None

    @property
    def empty_zones(self) -> int:
        return sum(z.face == "empty" for z in self.zones)

    @property
    def block_cards(self) -> int:
        return BLOCK_ZONES - self.empty_zones

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "zones": [z.to_json() for z in self.zones], "hand": self.hand,
                "deck": self.deck, "trash": self.trash, "items": self.items,
                "first_card": self.first_card.to_json() if self.first_card else None}


@dataclass(frozen=True, slots=True)
class Adjust:
    """The Adjust Phase for a hand, a Deck and a number of empty Block Zones."""

    discard: int      # step 1: cards discarded down to 5
    refill: int       # step 1: cards drawn up to 5
    draw: int         # step 2: 1 + 1 per empty Block Zone
    drawn: int        # cards actually drawn (refill + draw, limited by the Deck)
    hand_after: int
    deck_after: int

    @property
    def deck_ran_out(self) -> bool:
        return self.deck_after == 0


def deck_runs_out(adj: Adjust, player: str, opponent: str) -> str | None:
    """What an Adjust Phase that empties ``player``'s Deck leads to, said before it is drawn (the page's
    preview of the next turn); ``None`` when cards are left (tmnt-tcg.txt, Game Over)."""
    if not adj.deck_ran_out:
        return None
    wanted = adj.refill + adj.draw
    return (f"Game Over: {player}'s Deck holds {plural(adj.drawn, 'card')} and this Adjust Phase draws "
            f"{wanted}: the Deck runs out, so {player} loses and {opponent} wins "
            f"({cite('tmnt', 'Game Over')}).")


def adjust_phase(hand: int, deck: int, empty_zones: int) -> Adjust:
    """tmnt-tcg.txt, Adjust Phase: (1) hand to 5, then (2) draw 1 + 1 per empty Block Zone."""
    if not 0 <= empty_zones <= BLOCK_ZONES:
        raise CompanionError(f"empty Block Zones must be 0 to {BLOCK_ZONES}, not {empty_zones!r}")
    if hand < 0 or deck < 0:
        raise CompanionError(f"hand and Deck counts cannot be negative (hand {hand}, Deck {deck})")
    discard = max(0, hand - HAND_SIZE)
    refill = max(0, HAND_SIZE - hand)
    draw = 1 + empty_zones
    drawn = min(deck, refill + draw)
    return Adjust(discard, refill, draw, drawn, hand - discard + drawn, deck - drawn)


@dataclass(frozen=True, slots=True)
class Game:
    """The whole table. ``active`` and ``first`` are player indexes 0/1; ``turn`` counts from 1."""

    players: tuple[Player, ...] = ()
    first: int = 0
    active: int = 0
    turn: int = 0
    phase: str = "set"
    seed: int | str | None = None
    event_played: bool = False
    item_played: bool = False
    #: this turn's Forward Step numbers, once attacked (:meth:`ForwardResult.to_json`, the keys of
    #: ``tmnt attack --json``): ``newly_face_up``, the defender's Block Zones (1-4) whose cards the
    #: attack turned face-up; ``defender_trashed``, the cards sent from Deck to Trash; ``defender_due``,
    #: the cards due
    attack: Mapping[str, Any] | None = None
    resolved: bool = False                    # Result Step done
    adjusted: Mapping[str, int] | None = None  # this turn's Adjust Phase: discard, refill, draw, drawn
    winner: int | None = None
    over: bool = False
    message: str = "Start a game."
    attack_card_power: bool = True            # house reading, set at the start (see the module doc)

    @property
    def started(self) -> bool:
        return bool(self.players)

    @property
    def defending(self) -> int:
        return 1 - self.active

    @property
    def awaits_flip(self) -> bool:
        """Whether play waits for the table's flip: the Flip Phase, the 1st Block card of the player to
        play still face-down (Turn Sequence, Flip Phase). Next waits for it; a page asks what it is."""
        return (self.started and not self.over and self.phase == "flip"
                and self.players[self.active].zones[0].face == "down")

    @property
    def adjust_skipped(self) -> bool:
        """The first player skips the Adjust Phase on the first turn."""
        return self.turn == 1

    def to_json(self) -> dict[str, Any]:
        return {"players": [p.to_json() for p in self.players], "first": self.first,
                "active": self.active, "turn": self.turn, "phase": self.phase, "seed": self.seed,
                "event_played": self.event_played, "item_played": self.item_played,
                "attack": dict(self.attack) if self.attack else None, "resolved": self.resolved,
                "adjusted": dict(self.adjusted) if self.adjusted else None,
                "over": self.over, "winner": self.winner, "message": self.message,
                "attack_card_power": "count" if self.attack_card_power else "ignore"}


def _cite(phase: str) -> str:
    return cite("tmnt", PHASE_SECTIONS.get(phase, phase))


#: The largest count of cards a correction takes, and the smallest and largest Deck a game starts
#: with (the smallest leaves a card in the Deck after the hand and the Block cards are dealt).
COUNT_MAX = 10_000
START_DECK_MIN = START_HAND + BLOCK_ZONES + 1
START_DECK_MAX = 1000

#: The longest ``reason`` a correction keeps (one line), as the Mice and Mystics page limits a defeat reason.
REASON_MAX = 200
#: The fields of a card in an attack event given as an object, not as "ATTR:POWER[:KIND]".
CARD_FIELDS: tuple[str, ...] = ("type", "attribute", "power", "kind", "name")
_CARD = "{" + ", ".join(CARD_FIELDS) + "}"
_KEEPS = "a Block Zone 1-4 holding a face-up Character to leave on the field; default: none"

#: What each event takes and does, with its rule-book section (``companion tmnt events``, and the
#: warnings of ``companion tmnt do`` for a field the event does not take). Players are 0 and 1.
EVENT_FIELDS: dict[str, EventFields] = {
    "start": EventFields(
        f"a new game: {START_HAND} cards to each hand, {BLOCK_ZONES} face-down on the Block Zones "
        f"({cite('tmnt', 'Getting Started')})",
        optional=("players", "deck", "first", "seed", "attack_card_power"),
        notes=(("players", "two names; default Player 1, Player 2"),
               ("deck", f"cards in each Deck, {START_DECK_MIN} to {START_DECK_MAX}; default {DECK_SIZE}"),
               ("first", "0 (Player 1) or 1 (Player 2) goes first"),
               ("seed", f"a whole number or a word (at most {SEED_TEXT_MAX} characters): a coin toss chooses "
                        "who goes first when 'first' is not given"),
               ("attack_card_power", "count (default) or ignore: whether an Attack card on the 1st Block "
                                     "Zone adds its own Power, a house reading for the whole game")),
        rule="give first or seed ('companion tmnt do' draws a fresh seed when neither is given); the "
             "first player skips the Adjust Phase on the first turn"),
    "next": EventFields(
        "ends the phase: Set Phase (empty Block Zones filled from the hand), Event, Item, Flip and "
        "Attack Phases; after the Attack Phase (or its Result Step) the other player's turn begins with "
        f"the Adjust Phase ({cite('tmnt', 'Game Flow')})"),
    "flip": EventFields(
        f"the 1st Block card is turned face-up in the Flip Phase ({cite('tmnt', 'Flip Phase')})", ("card",),
        notes=(("card", f"what it is: {', '.join(CARD_TYPES)}; an Item or Event card goes to the Trash"),)),
    "play_event": EventFields(
        f"1 Event card from the hand, then to the Trash ({cite('tmnt', 'Event Phase')})"),
    "play_item": EventFields(
        f"1 Item card from the hand, discarding 1 card of its Attribute ({cite('tmnt', 'Item Phase')})"),
    "attack": EventFields(
        f"the Attack, Counter and Forward Steps, checked and resolved ({cite('tmnt', SEC_PHASE)})",
        ("character",), optional=("attacks", "counter", "power_bonus"),
        notes=(("character", 'the face-up 1st Block card: ATTR:POWER such as "wind:3" ("wind:3:attack" for '
                             f"an Attack card), {_CARD} or a card's name ('companion tmnt do' reads it from "
                             "the card data)"),
               ("attacks", "up to 3 Attack cards from the hand, in the order placed, each ATTR:POWER[:KIND] "
                           f"(KIND: {', '.join(KINDS)}), {_CARD} or a card's name; default none"),
               ("counter", "the defender's Counter card from the hand, written as an Attack card (a counter "
                           "unless KIND says otherwise; as an object, its attribute may be left out), or its "
                           'Power alone ("2": a Counter card of that Power, as '
                           "'companion tmnt attack --counter 2' reads it), or null"),
               ("power_bonus", f"Power that Items or card texts add to the total, 0 to {POWER_MAX} "
                               "('companion tmnt attack --power-bonus'); default 0 (the tracker does not "
                               f"read card texts: {cite('tmnt', 'Item Cards')})")),
        objects=(("character", CARD_FIELDS), ("attacks", CARD_FIELDS), ("counter", CARD_FIELDS)),
        rule="a Character or Attack card given as an object needs its attribute (tmnt-tcg.txt, Card "
             f"Attributes), the Counter's aside; a card's name is one line of at most {CARD_NAME_MAX} "
             "characters; a Character left on the 1st Block Zone by a Result Step is the card an earlier "
             "attack named: another name or Attribute is refused, another Power is said "
             f"({cite('tmnt', SEC_ATTACK)})"),
    "result": EventFields(
        "the Result Step: face-up Block cards and the Attack Zone go to the Trash "
        f"({cite('tmnt', SEC_RESULT)})",
        optional=("attacker_keeps", "defender_keeps"),
        notes=(("attacker_keeps", _KEEPS), ("defender_keeps", _KEEPS))),
    "correct": EventFields(
        "set a player's counts or Block Zones by hand (card texts the tracker does not model)", ("player",),
        optional=("hand", "deck", "trash", "items", "zones", "reason"),
        notes=(("player", "0 (Player 1) or 1 (Player 2)"),
               ("zones", f"{BLOCK_ZONES} Block Zones from the 1st: down, up or empty, or {{face, kind}}; "
                         "another face or kind on the 1st forgets the card an attack named there"),
               ("reason", f"words kept with the correction: one line of at most {REASON_MAX} characters")),
        objects=(("zones", ("face", "kind")),),
        rule=f"give at least one of hand, deck, trash, items, zones (counts 0 to {COUNT_MAX}); a Deck "
             f"left empty ends the game ({cite('tmnt', 'Game Over')})"),
}


def _count(event: Event, key: str, *, low: int = 0, high: int = COUNT_MAX, default: int | None = None) -> int:
    value = event.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise LogError(f"{event.get('event')}: {key!r} must be a whole number {low} to {high}, "
                       f"not {shown(value, 30)}")
    return value


def _player_index(event: Event, key: str = "player") -> int:
    value = event.get(key)
    if value not in (0, 1) or isinstance(value, bool):
        raise LogError(f"{event.get('event')}: {key!r} must be 0 (Player 1) or 1 (Player 2), "
                       f"not {shown(value, 30)}")
    return int(value)


def undone_line(message: str | None) -> str:
    """What an undo says (``companion tmnt do`` and the page): ``Undone:`` and the message of the action
    it took back (``None``: not known, another window wrote the log meanwhile)."""
    return _undone([message] if message else [])[0]


def redone_line(message: str) -> str:
    """What a redo says (``companion tmnt do`` and the page): ``Redone:`` and the message of the action
    it brought back."""
    return _redone([message])[0]


def unknown_event(kind: object) -> LogError:
    """The refusal of an event kind the tracker does not know, with the closest one."""
    return LogError(f"unknown TMNT event {shown(kind, 40)}", expected=", ".join(EVENTS),
                    suggestion=did_you_mean(closest(str(kind), EVENTS)))


def _set_player(state: Game, index: int, player: Player) -> Game:
    card, first = player.first_card, player.zones[0]
    if card is not None and (first.face != "up" or first.kind not in (None, card.type)):
        player = replace(player, first_card=None)  # the named card left the 1st Block Zone
    players = list(state.players)
    players[index] = player
    return replace(state, players=tuple(players))


def check_over(state: Game) -> Game:
    """tmnt-tcg.txt, Game Over: a Deck with no cards ends the game; its owner loses."""
    if state.over or not state.players:
        return state
    out = [i for i, p in enumerate(state.players) if p.deck == 0]
    if not out:
        return state
    winner = None if len(out) == 2 else 1 - out[0]
    who = ("both Decks ran out: a draw" if winner is None
           else f"{state.players[out[0]].name}'s Deck ran out: {state.players[winner].name} wins")
    return replace(state, over=True, winner=winner,
                   message=f"Game over: {who} ({cite('tmnt', 'Game Over')}).")


def _closed(state: Game, kind: str) -> RuleError | None:
    """Why no ``kind`` event can be played on ``state`` (a start always can): no game yet, or the game is
    over, when only a correction still is (it may give an empty Deck cards again); ``None``: it can."""
    if not state.started:
        return RuleError(f"{kind}: no game yet", suggestion="Start a game first.")
    if state.over and kind != "correct":
        return RuleError(f"{kind}: the game is over", cite=cite("tmnt", "Game Over"),
                         suggestion="Undo, correct a Deck count, or start a new game.")
    return None


def why_not_correct(state: Game) -> RuleError | None:
    """Why no correction (counts, Block Zones) can be made now: no game yet (a game over can still be
    corrected: a Deck given cards again takes the game up again); ``None``: it can. The tracker raises
    it; the page turns its Block Zone tiles and Apply correction off with it."""
    return _closed(state, "correct")


def why_not_next(state: Game) -> RuleError | None:
    """Why ``next`` cannot end the phase now, with its rule-book section and what to do first (in the
    Adjust Phase: a hand too small to fill the Block Zones, :func:`why_not_fill`); ``None``: it can. The
    tracker raises it; the page says it under its Next button, which it turns off."""
    refused = _closed(state, "next")
    if refused is not None:
        return refused
    me = state.players[state.active]
    if state.awaits_flip:
        return RuleError("the 1st Block card is still face-down", cite=_cite("flip"),
                         suggestion="Turn over the 1st Block card first and say what it is.")
    if state.phase == "attack" and state.attack is None and can_attack(me):
        card = (me.zones[0].kind or "Character or Attack").title()  # (the book's "Character card")
        return RuleError(f"{me.name}'s 1st Block Zone holds a face-up {card} card, so the attack must be "
                         "made", cite=_cite("attack"),
                         suggestion="Record it first; an attack with no Attack cards may be recorded.")
    if state.phase == "result" and not state.resolved:
        return RuleError("Result Step not done", cite=cite("tmnt", SEC_RESULT),
                         suggestion="Choose which Character (if any) each player keeps, then apply it.")
    if state.phase == "adjust":  # Next enters the Set Phase, which fills every Block Zone from the hand
        return why_not_fill(me)
    if state.phase == "item" and me.zones[0].face == "empty":  # (only after a correction)
        return RuleError("the 1st Block Zone is empty, so the Flip Phase has no card to turn over (the Set "
                         "Phase fills every Block Zone)", cite=_cite("set"),
                         suggestion="Correct the Block Zones if a card is there.")
    return None


def why_not_flip(state: Game) -> RuleError | None:
    """Why the 1st Block card cannot be flipped now: not the Flip Phase, or no face-down card on the 1st
    Block Zone (face-up already, or empty after a correction); ``None``: it can (tmnt-tcg.txt, Flip
    Phase)."""
    if state.phase != "flip":
        return RuleError(f"flip: the 1st Block card is flipped in the Flip Phase (now: "
                         f"{PHASE_LABELS[state.phase]})", cite=_cite("flip"))
    zone = state.players[state.active].zones[0]
    if zone.face == "up":
        return RuleError("the 1st Block card is already face-up", cite=_cite("flip"),
                         suggestion="Press Next: there is nothing to turn over.")
    if zone.face == "empty":
        return RuleError("the 1st Block Zone is empty, so there is no card to turn over", cite=_cite("flip"),
                         suggestion="Press Next, or correct the 1st Block Zone if a card is there.")
    return None


def flip_phase_now(state: Game) -> str | None:
    """What the player to play can do in the Flip Phase when there is no face-down card on the 1st Block
    Zone to turn over (a correction emptied it or turned it face-up): no flip, Next goes on to the Attack
    Phase, skipped unless a Character or Attack card is face-up there; ``None`` outside the Flip Phase or
    while the flip is awaited (tmnt-tcg.txt, Flip Phase)."""
    if not state.started or state.over or state.phase != "flip" or state.awaits_flip:
        return None
    me = state.players[state.active]
    refused = why_not_flip(state)
    now = "the 1st Block card is already face-up, so there is nothing to turn over" if refused is None or \
        me.zones[0].face == "up" else refused.message
    then = ("Next goes on to the Attack Phase" if can_attack(me) else
            "Next goes on to the Attack Phase, which is skipped (no Character or Attack card is face-up on "
            f"{me.name}'s 1st Block Zone)")
    return f"Flip Phase: {now}; {then} ({_cite('flip')})."


def why_not_card(state: Game, kind: str) -> RuleError | None:
    """Why the player to play cannot place an Event card (``kind="event"``) or an Item card (``"item"``)
    now, with its rule-book section; ``None``: they can. The tracker raises it; the page turns the card's
    button off with it."""
    event, section = f"play_{kind}", _cite(kind)
    refused = _closed(state, event)
    if refused is not None:
        return refused
    if state.phase != kind:
        return RuleError(f"{event}: {kind.title()} cards are placed in the {PHASE_SECTIONS[kind]} (now: "
                         f"{PHASE_LABELS[state.phase]})", cite=section)
    me = state.players[state.active]
    if kind == "event":
        if state.event_played:
            return RuleError("only 1 Event card per turn: one was placed", cite=section)
        return RuleError(f"{me.name} has no cards in hand", cite=section) if me.hand < 1 else None
    if state.item_played:
        return RuleError("only 1 Item card per turn: one was placed", cite=section)
    if me.hand < 2:
        return RuleError(f"placing an Item card needs 2 cards in hand (the Item and 1 card of the same "
                         f"Attribute to discard); {me.name} has {me.hand}", cite=section)
    return None


def why_not_fill(player: Player) -> RuleError | None:
    """Why the Set Phase cannot fill ``player``'s empty Block Zones: too few cards in hand (every Block
    Zone must be filled); ``None``: it can. :func:`slide_and_fill` raises it, :func:`why_not_next` says it
    before the Next that would enter the Set Phase."""
    need = player.empty_zones
    if need <= player.hand:
        return None
    return RuleError(f"{plural(need, 'empty Block Zone')} but only {plural(player.hand, 'card')} in "
                     f"{player.name}'s hand; the Block Zones must all be filled",
                     cite=_cite("set"), suggestion="Correct the hand count first.")


def slide_and_fill(player: Player) -> tuple[Player, int]:
    """tmnt-tcg.txt, Set Phase: close the gaps toward the 1st Block Zone, then fill from the hand."""
    refused = why_not_fill(player)
    if refused is not None:
        raise refused
    kept = [z for z in player.zones if z.face != "empty"]
    need = BLOCK_ZONES - len(kept)
    return replace(player, zones=tuple(kept) + (DOWN,) * need, hand=player.hand - need), need


class TmntTracker(Tracker[Game]):
    """Two players' Block Zones and counts through the phases; undo/redo/resume from the log."""

    KIND = "tmnt"
    EVENT_KINDS = frozenset(EVENTS)

    def action_words(self, before: Game, after: Game) -> list[str]:
        """What an action said: the message the page and ``tmnt do`` show."""
        return [after.message] if after.message else []

    START_FIELDS = frozenset({"players", "deck", "first", "seed", "attack_card_power"})
    #: A new start is refused only where ``companion tmnt do`` (without ``--new-game``) turns
    #: :attr:`~companion.eventlog.Tracker.one_game` on: the notebook's "New game" starts one in the same
    #: log (undo brings the last back).

    def initial(self) -> Game:
        return Game()

    @property
    def game_line(self) -> int | None:
        """The log line of the start of the game in force (``None``: no game): it tells one game from
        another in the same log (a new game started in another window, or undone), where the turn
        number alone does not; the page keys what it remembers of a turn by it."""
        return next((le.line for le in reversed(self._done) if le.event.get("event") == "start"), None)

    # -- the fold ---------------------------------------------------------------------------
    def apply(self, state: Game, event: Event) -> Game:
        kind = event.get("event")
        if kind not in EVENTS:  # before "no game yet" / "the game is over": those are about known kinds
            raise unknown_event(kind)
        if kind == "start":
            if self.restart_refused(state.started):
                who = state.players[state.active].name
                now = "it is over" if state.over else f"turn {state.turn}, {who}: {PHASE_LABELS[state.phase]}"
                raise RuleError(f"start: the game has already started in this log ({now}); start a new log "
                                "for a new game", suggestion=NEW_GAME_HERE)
            return self._start(event)
        refused = _closed(state, str(kind))  # (a correction's: why_not_correct)
        if refused is not None:
            raise refused
        if kind == "correct":
            return self._corrected(state, self._correct(state, event))
        handler = {"next": self._next, "flip": self._flip, "play_event": self._play_event,
                   "play_item": self._play_item, "attack": self._attack,
                   "result": self._result}[str(kind)]
        done = handler(state, event)
        ended = check_over(done)
        if ended.over and not done.over:  # what the action did (the Adjust Phase's draw), then Game Over
            return replace(ended, message=f"{done.message} {ended.message}")
        return ended

    @staticmethod
    def _corrected(before: Game, after: Game) -> Game:
        """Game Over again on corrected counts: the game ends only while a Deck is empty. A correction that
        ends the game, or leaves it over, still says what it set (``Corrected Ann: Deck 0 (was 12)``) before
        the Game Over: its undo then names the correction, not the Game Over."""
        again = check_over(after if not before.over else replace(after, over=False, winner=None))
        if again.over:
            return replace(again, message=f"{after.message}. {again.message}")
        if not before.over:
            return again
        return replace(again, message=f"{after.message}. Both Decks hold cards again, so the game goes "
                                      f"on ({cite('tmnt', 'Game Over')}).")

    def _start(self, event: Event) -> Game:
        names = event.get("players", ["Player 1", "Player 2"])
        if (not isinstance(names, list) or len(names) != 2
                or not all(isinstance(n, str) and n.strip() for n in names)):
            raise LogError(f"start: 'players' must be two names, not {shown(names)}",
                           expected=f"two names, each on one line of at most {PLAYER_NAME_MAX} characters, "
                                    'e.g. ["Ann", "Bob"]')
        names = player_names(names, logged=self.replaying, error=LogError, where="start")
        deck = _count(event, "deck", low=START_DECK_MIN, high=START_DECK_MAX, default=DECK_SIZE)
        seed = event.get("seed")
        if "seed" in event and not good_seed(seed, logged=self.replaying) \
                and not (self.replaying and "first" in event):  # (an older line is read as it was)
            raise LogError(f"start: 'seed' must be a whole number or a word, not {shown(seed, 40)}",
                           expected=f"a seed such as 1234 or \"table 2\" (a word of at most {SEED_TEXT_MAX} "
                                    "characters) for the coin toss",
                           suggestion="Or leave 'seed' out and give 'first' (0 or 1): who goes first.")
        if "first" in event:
            first = _player_index(event, "first")
            how = "chosen"
        elif "seed" in event:
            assert seed is not None  # (a seed good_seed refused was raised above)
            first = event_rng(seed, "coin").randrange(2)
            how = "coin toss"
        else:
            raise LogError("start: give 'first' (0 or 1) or a 'seed' for the coin toss")
        reading = event.get("attack_card_power", "count")
        if reading not in ATTACK_CARD_POWER:
            raise LogError(f"start: 'attack_card_power' must be {' or '.join(ATTACK_CARD_POWER)}, "
                           f"not {shown(reading, 40)}",
                           suggestion=did_you_mean(closest(str(reading), ATTACK_CARD_POWER))
                           if isinstance(reading, str) else None)
        rest = deck - START_HAND - BLOCK_ZONES
        players = tuple(Player(n, deck=rest) for n in names)
        house = ("" if reading == "count" else
                 " House reading for this game: an Attack card on the 1st Block Zone adds no Power of "
                 f"its own ({cite('tmnt', SEC_FORWARD)}; the book is silent).")
        return Game(players=players, first=first, active=first, turn=1, phase="set", seed=seed,
                    attack_card_power=ATTACK_CARD_POWER[reading],
                    message=f"{players[first].name} goes first ({how}) and skips the Adjust Phase "
                            f"on this turn ({_cite('adjust')}).{house}")

    def _next(self, state: Game, event: Event) -> Game:
        refused = why_not_next(state)
        if refused is not None:
            raise refused
        i = PHASES.index(state.phase)
        me = state.players[state.active]
        if state.phase in ("attack", "result"):
            return self._new_turn(state)
        nxt = PHASES[i + 1]
        if nxt == "set":
            player, filled = slide_and_fill(me)
            msg = (f"Set Phase: {me.name} fills {plural(filled, 'empty Block Zone')} from the hand"
                   if filled else "Set Phase: every Block Zone is filled already")
            msg += f" ({_cite('set')})."
            return replace(_set_player(state, state.active, player), phase="set", message=msg)
        msg = {"event": "Event Phase: you may place 1 <Play> Event card",
               "item": "Item Phase: you may place 1 Item card (discard 1 card of its Attribute)",
               "flip": "Flip Phase: turn over the 1st Block card and say what it is",
               "attack": "Attack Phase: place up to 3 Attack cards, then the Counter and Forward Steps"
               }[nxt]
        if nxt == "flip" and me.zones[0].face == "up":  # a Character kept from the last turn
            msg = "Flip Phase: the 1st Block card is face-up already (kept last turn): nothing to flip"
        msg += f" ({_cite(nxt)})."
        if nxt == "attack" and not can_attack(me):  # (its own message, cited)
            msg = (f"Attack Phase skipped: no Character or Attack card face-up on {me.name}'s 1st "
                   f"Block Zone ({_cite('attack')}). Next ends the turn.")
        return replace(state, phase=nxt, message=msg)

    def _new_turn(self, state: Game) -> Game:
        active = state.defending
        player = state.players[active]
        adj = adjust_phase(player.hand, player.deck, player.empty_zones)
        player = replace(player, hand=adj.hand_after, deck=adj.deck_after,
                         trash=player.trash + adj.discard)
        parts = []
        if adj.discard:
            parts.append(f"discard {adj.discard} down to 5")
        if adj.refill:
            parts.append(f"draw {adj.refill} up to 5")
        parts.append(f"draw 1 + {player.empty_zones} for empty Block Zones = {adj.draw}")
        short = "" if adj.drawn == adj.refill + adj.draw else f" (only {adj.drawn} left to draw)"
        state = replace(_set_player(state, active, player), active=active, turn=state.turn + 1,
                        phase="adjust", event_played=False, item_played=False, attack=None,
                        resolved=False, adjusted={"discard": adj.discard, "refill": adj.refill,
                                                  "draw": adj.draw, "drawn": adj.drawn},
                        message=f"Turn {state.turn + 1}, {player.name}. Adjust Phase: "
                                f"{', then '.join(parts)}{short} ({_cite('adjust')}).")
        return state

    def _flip(self, state: Game, event: Event) -> Game:
        card = event.get("card")
        refused = why_not_flip(state)
        if card not in CARD_TYPES:  # a mistyped card is said with a refusal of the flip itself: both
            typo = did_you_mean(closest(card, CARD_TYPES)) if isinstance(card, str) else None
            bad = f"'card' must be one of {', '.join(CARD_TYPES)}, not {shown(card, 40)}"
            if refused is None:
                raise LogError(f"flip: {bad}", suggestion=typo)
            said = refused.message if refused.message.startswith("flip:") else f"flip: {refused.message}"
            raise RuleError(f"{said}; and {bad}", cite=refused.cite,
                            suggestion=" ".join(x for x in (refused.suggestion, typo) if x) or None)
        if refused is not None:
            raise refused
        me = state.players[state.active]
        if card in ("character", "attack"):
            zone = Zone("up", card)
            msg = (f"{me.name} flips {a_an(card.title())} card: resolve any <Flip> text; it stays on "
                   f"the 1st Block Zone ({_cite('flip')}).")
            trash = me.trash
        else:
            zone, msg = EMPTY, (f"{me.name} flips {a_an(card.title())} card: resolve any <Flip> text, "
                                f"then it goes to the Trash; no attack this turn ({_cite('flip')}).")
            trash = me.trash + 1
        me = replace(me, zones=(zone, *me.zones[1:]), trash=trash)
        return replace(_set_player(state, state.active, me), message=msg)

    def _play_event(self, state: Game, event: Event) -> Game:
        refused = why_not_card(state, "event")
        if refused is not None:
            raise refused
        me = state.players[state.active]
        me = replace(me, hand=me.hand - 1, trash=me.trash + 1)
        return replace(_set_player(state, state.active, me), event_played=True,
                       message=f"{me.name} places an Event card; after its text it goes to the Trash "
                               f"({_cite('event')}).")

    def _play_item(self, state: Game, event: Event) -> Game:
        refused = why_not_card(state, "item")
        if refused is not None:
            raise refused
        me = state.players[state.active]
        me = replace(me, hand=me.hand - 2, trash=me.trash + 1, items=me.items + 1)
        return replace(_set_player(state, state.active, me), item_played=True,
                       message=f"{me.name} places an Item card and discards 1 card of its Attribute "
                               f"({_cite('item')}).")

    def _attack(self, state: Game, event: Event) -> Game:
        if state.phase != "attack" and state.attack is None:
            raise RuleError(f"attack: attacks are made in the Attack Phase (now: "
                            f"{PHASE_LABELS[state.phase]})", cite=_cite("attack"))
        if state.attack is not None:
            raise RuleError("this turn's attack is already recorded", cite=_cite("attack"),
                            suggestion="Undo it to change it.")
        me, them = state.players[state.active], state.players[state.defending]
        if not can_attack(me):
            raise RuleError(f"{me.name} has no Character or Attack card face-up on the 1st Block Zone: "
                            "the Attack Phase is skipped", cite=_cite("attack"))
        logged = self.replaying
        first = _attacker(event.get("character"), me.zones[0].kind, logged=logged)
        refused, mismatch = check_first_card(me, first, logged=logged)
        if refused is not None:
            raise refused
        # the card the log now names on the 1st Block Zone (a name it had stays when none is given)
        named = (replace(first, name=me.first_card.name)
                 if me.first_card is not None and not first.name and not (mismatch and mismatch.other_card)
                 else first)
        raw_attacks = event.get("attacks", [])
        if not isinstance(raw_attacks, list):
            raise LogError(f"attack: 'attacks' must be a list, not {shown(raw_attacks)}",
                           expected='up to 3 Attack cards, e.g. ["fire:2", "nature:1"], or []')
        attacks = tuple(from_json(a, where=f"attack.attacks[{k}]", logged=logged)
                        for k, a in enumerate(raw_attacks))
        raw_counter = event.get("counter")
        counter = (None if raw_counter is None
                   else bare_counter(raw_counter, where="attack.counter") if bare_power(raw_counter)
                   else from_json(raw_counter, where="attack.counter", default_kind="counter", logged=logged))
        bonus = check_power_bonus(event.get("power_bonus", 0), where="attack.power_bonus")
        verdict = resolve_attack(first, attacks, counter, blocks=them.block_cards,
                                 attack_card_power=state.attack_card_power, power_bonus=bonus)
        if not verdict.is_legal:
            sections = list(dict.fromkeys(p.cite for p in verdict.problems))
            if len(sections) == 1:
                raise RuleError("illegal attack: " + "; ".join(p.message for p in verdict.problems),
                                cite=sections[0])
            # reasons from several Steps: each with its own section
            reasons = "; ".join(f"{p.message} ({p.cite})" for p in verdict.problems)
            raise RuleError("illegal attack: " + reasons, cite=cite("tmnt", SEC_PHASE))
        if verdict.extra.get("damage") is None:
            raise RuleError("the attack needs every Power as a number", cite=cite("tmnt", SEC_FORWARD),
                            suggestion="Type in the Power of each card.")
        refused = why_not_from_hand(state, len(attacks), counter=counter is not None)
        if refused is not None:
            raise refused
        face_up = [k for k, z in enumerate((z for z in them.zones if z.face != "empty"), start=1)
                   if z.face == "up"]
        # the Forward Step counts Block cards from the 1st; the log says which Block Zones they are on
        # (Zone 1 may be empty: the Block card there went to the Trash in an earlier Result Step); the
        # cards a Deck sends are the cards it holds, at most (then it has run out: Game Over)
        zone_of = [k for k, z in enumerate(them.zones, start=1) if z.face != "empty"]
        fwd = forward_step(verdict.extra["total_power"], verdict.extra["counter_power"] or 0,
                           them.block_cards, face_up, zones=zone_of, defender_deck=them.deck,
                           attacker_deck=me.deck)
        them = _take_damage(replace(them, hand=them.hand - int(counter is not None)), fwd)
        me = replace(me, hand=me.hand - len(attacks), deck=me.deck - fwd.attacker_trashed,
                     trash=me.trash + fwd.attacker_trashed, first_card=named)
        state = _set_player(_set_player(state, state.active, me), state.defending, them)
        record = {**fwd.to_json(), "attacks": len(attacks), "counter": counter is not None,
                  "power_bonus": bonus}
        notes = [f"damage {fwd.damage}" + (f" (+{bonus} Power from Items/card text)" if bonus else "")]
        if mismatch is not None:  # a Power a card text changed (or an older line's other card): said
            notes.append(mismatch.message)
        if first.type == "attack":
            notes.append("house reading: the Attack card's own Power is "
                         + ("counted" if state.attack_card_power else "left out")
                         + f" ({cite('tmnt', SEC_FORWARD)}; set for this game)")
        if fwd.blocks_flipped:
            notes.append(f"{them.name} flips {plural(fwd.blocks_flipped, 'Block card')} from the 1st")
        for name, due, sent in ((them.name, fwd.defender_due, fwd.defender_trashed),
                                (me.name, fwd.attacker_due, fwd.attacker_trashed)):
            if due and sent < due:
                notes.append(f"{name} sends the last {plural(sent, 'card')} of the Deck to the Trash "
                             f"({due} due)")
            elif due:
                notes.append(f"{name} sends {due} from Deck to Trash")
        forward = "Forward Step: " + "; ".join(notes) + f" ({cite('tmnt', SEC_FORWARD)})."
        state = check_over(replace(state, attack=record, phase="result", message=forward))
        if state.over:  # what the attack did, then how the game ended
            return replace(state, message=f"{forward} {state.message}")
        return replace(state, message=f"{forward} Now the Result Step.")

    def _result(self, state: Game, event: Event) -> Game:
        if state.phase != "result" or state.attack is None:
            raise RuleError("result: the Result Step comes after the attack",
                            cite=cite("tmnt", SEC_RESULT))
        if state.resolved:
            raise RuleError("the Result Step is already done", cite=cite("tmnt", SEC_RESULT),
                            suggestion="Press Next to end the turn.")
        keeps = {state.active: event.get("attacker_keeps"), state.defending: event.get("defender_keeps")}
        may = {state.active: bool(state.attack["attacker_may_keep_character"]),
               state.defending: bool(state.attack["defender_may_keep_character"])}
        fields = {state.active: "attacker_keeps", state.defending: "defender_keeps"}
        for idx, keep in keeps.items():
            p = state.players[idx]
            if keep is None:
                continue
            if not isinstance(keep, int) or isinstance(keep, bool) or not 1 <= keep <= BLOCK_ZONES:
                raise LogError(f"result: {fields[idx]!r} ({p.name}'s kept Character) must be a Block Zone "
                               f"1 to {BLOCK_ZONES} or null, not {shown(keep, 30)}",
                               expected="the Block Zone holding the face-up Character to leave on the field, "
                                        "or null (none)")
            if not may[idx]:
                raise RuleError(f"{p.name} sent cards from Deck to Trash in the Forward Step and cannot "
                                "leave a Character on the field", cite=cite("tmnt", SEC_RESULT))
            zone = p.zones[keep - 1]
            if zone.face != "up" or zone.kind not in (None, "character"):
                raise RuleError(f"{p.name}'s Block Zone {keep} holds no face-up Character "
                                f"({zone.face}{', ' + zone.kind if zone.kind else ''})",
                                cite=cite("tmnt", SEC_RESULT))
        for idx, keep in keeps.items():
            p = state.players[idx]
            zones, sent = [], 0
            for k, z in enumerate(p.zones, start=1):
                if z.face == "up" and k != keep:
                    zones.append(EMPTY)
                    sent += 1
                else:
                    zones.append(Zone("up", "character") if k == keep else z)
            attack_zone = state.attack["attacks"] if idx == state.active else int(state.attack["counter"])
            state = _set_player(state, idx, replace(p, zones=tuple(zones),
                                                    trash=p.trash + sent + attack_zone))
        return replace(state, resolved=True,
                       message="Result Step done: face-up Block cards and the Attack Zone go to the "
                               f"Trash ({cite('tmnt', SEC_RESULT)}). Next ends the turn.")

    def _correct(self, state: Game, event: Event) -> Game:
        """Set counts or Block Zones by hand (card texts the tracker does not model)."""
        idx = _player_index(event)
        p = state.players[idx]
        changes: dict[str, Any] = {}
        for key in ("hand", "deck", "trash", "items"):
            if key in event:
                changes[key] = _count(event, key)
        if "zones" in event:
            zones = event["zones"]
            if not isinstance(zones, list) or len(zones) != BLOCK_ZONES:
                raise LogError(f"correct: 'zones' must list {BLOCK_ZONES} Block Zones, not {shown(zones)}")
            parsed = []
            for z in zones:
                face, kind = (z, None) if isinstance(z, str) else (
                    (z.get("face"), z.get("kind")) if isinstance(z, Mapping) else (None, None))
                if face not in FACES or (kind is not None and kind not in CARD_TYPES) \
                        or (face != "up" and kind is not None):
                    raise LogError(f"correct: a Block Zone is down, up or empty (with an optional card "
                                   f"type when up), not {shown(z)}",
                                   suggestion=did_you_mean(closest(face, FACES)) if isinstance(face, str)
                                   and face not in FACES else None)
                parsed.append(Zone(face, kind))
            changes["zones"] = tuple(parsed)
            if parsed[0] != p.zones[0]:  # another card (or none) on the 1st Block Zone: not the one named
                changes["first_card"] = None
        if not changes:
            raise LogError("correct: nothing to change (give hand, deck, trash, items or zones)")
        reason = self._reason(event.get("reason"))
        why = f"; reason: {reason}" if reason else ""
        said = [_change(key, getattr(p, key), value) for key, value in changes.items()
                if key in _CHANGE_LABELS]  # (not the card named on the 1st Block Zone: the Zone says it)
        after = replace(p, **changes)
        warning = _set_phase_gaps(state, idx, after)
        corrected = _set_player(state, idx, after)
        # the Flip Phase's card to turn over gone (emptied or turned face-up): what the player can do now
        now = flip_phase_now(corrected) if state.awaits_flip else None
        return replace(corrected, message=f"Corrected {p.name}: {', '.join(said)}{why}{warning}"
                                          + (f". {now}" if now else ""))

    def _reason(self, reason: Any) -> str:
        """A correction's ``reason``: one line of text, at most :data:`REASON_MAX` characters (``null``
        or blank: none). A line already in a log is read as it was, shown on one line and cut short."""
        if reason is None:
            return ""
        if self.replaying:
            return logged_text(reason if isinstance(reason, str) else shown(reason, 10**6), REASON_MAX)
        refused = why_not_reason(reason)
        if refused is not None:
            raise refused
        return str(reason).strip()


def why_not_reason(reason: object, what: str = "correct: 'reason'") -> LogError | None:
    """Why a new correction's ``reason`` (the words kept with it; ``what``: how the refusal names them) is
    refused, or ``None``: it is text on one line of at most :data:`REASON_MAX` characters, spaces at its
    ends aside, without an invisible format character (:func:`~companion.textio.line_problem`, the check
    of a name too: it shows on the board's line as a name does). The tracker refuses the correction with
    it, and the page turns Apply correction off with it while its Reason box holds such words; a line
    already logged is read as it was."""
    if not isinstance(reason, str):
        return LogError(f"{what} must be text, not {shown(reason, 40)}",
                        expected=f"a reason on one line, at most {REASON_MAX} characters",
                        suggestion='Write it in quotes, e.g. "reason": "Splinter\'s text".')
    return line_problem(reason, what, REASON_MAX, error=LogError, noun="reason", over=True)


def _attacker(raw: Any, zone_kind: str | None, *, logged: bool = True) -> BattleCard:
    """The attack event's ``character``: the face-up card on the 1st Block Zone, whose kind the flip
    said (``zone_kind``). Written as ``companion tmnt attack --character`` takes it: "wind:3" is the
    card flipped (an Attack card on a Zone that holds one), "wind:3:attack" an Attack card and
    "wind:3:character" a Character, whatever the Zone holds (a mismatch is then refused by name); or
    an object, whose type is the Zone's unless it says one (``logged``: see :func:`from_json`)."""
    where = "attack.character"
    if isinstance(raw, str):
        plain = raw.count(":") == 1  # ATTR:POWER, no kind: the card the Zone holds
        return from_json(raw, card_type="attack" if plain and zone_kind == "attack" else "character",
                         where=where, logged=logged)
    return from_json(raw, card_type=zone_kind or "character", where=where, logged=logged)


#: How a correction names each thing it sets (``Corrected Ann: Deck 12 (was 31)``).
_CHANGE_LABELS = {"hand": "hand", "deck": "Deck", "trash": "Trash", "items": "Items", "zones": "Block Zones"}


def _set_phase_gaps(state: Game, idx: int, player: Player) -> str:
    """The warning a correction in the Set Phase gets when it leaves the turn player's Block Zones
    empty (tmnt-tcg.txt, Set Phase: "The Block Zones must not be empty at the end of this Phase");
    ``""`` otherwise."""
    empty = [k for k, z in enumerate(player.zones, start=1) if z.face == "empty"]
    if state.phase != "set" or idx != state.active or not empty:
        return ""
    zones = "Block Zone" if len(empty) == 1 else "Block Zones"
    return (f". Warning: {zones} {', '.join(map(str, empty))} left empty; the Block Zones must not be "
            f"empty at the end of the Set Phase ({_cite('set')})")


def _change(key: str, before: Any, after: Any) -> str:
    """One thing a correction set, with its value before: ``Deck 12 (was 31)``; Block Zones in words,
    those it turned only: ``Block Zone 1 face-up (was face-down)``."""
    if key == "zones":
        turned = [f"Block Zone {k} {zone_words(now)} (was {zone_words(was)})"
                  for k, (was, now) in enumerate(zip(before, after, strict=True), 1) if now != was]
        return ", ".join(turned) or f"{_CHANGE_LABELS[key]} unchanged"
    said = "unchanged" if before == after else f"was {before}"
    return f"{_CHANGE_LABELS[key]} {after} ({said})"


@dataclass(frozen=True, slots=True)
class Mismatch:
    """How an attack's card differs from the card the log names on the attacker's 1st Block Zone."""

    known: BattleCard
    chosen: BattleCard
    other_card: bool  # another name or Attribute: not the card on the Zone (refused); else its Power only
    message: str
    suggestion: str


def first_card_mismatch(player: Player, chosen: BattleCard) -> Mismatch | None:
    """Whether ``chosen``, the card an attack names, contradicts the card the log names on ``player``'s
    1st Block Zone (:attr:`Player.first_card`; a value not known on either side contradicts nothing).
    Another name or Attribute is another card (tmnt-tcg.txt, Attack Phase (1) Attack Step: the Attack
    cards are checked against the Character on the 1st Block Zone); another Power alone may be a card
    text's doing, and is said."""
    known = player.first_card
    if known is None:
        return None

    def differ(a: Any, b: Any) -> bool:
        return a is not None and b is not None and a != b

    other = (known.type != chosen.type or differ(known.attribute, chosen.attribute)
             or differ(known.name.strip().casefold() or None, chosen.name.strip().casefold() or None))
    if other:
        return Mismatch(known, chosen, True,
                        f"{player.name}'s 1st Block Zone holds {known.label}, named by an earlier attack and "
                        f"left there face-up; this attack names {chosen.label}",
                        f"Record the attack with {known.label}; if a card text put another card there, "
                        "correct the 1st Block Zone first.")
    if differ(known.power, chosen.power):
        return Mismatch(known, chosen, False,
                        f"{known.label} on {player.name}'s 1st Block Zone was recorded with Power "
                        f"{known.power}; this attack gives it Power {chosen.power} (a card text?)",
                        f"Give it Power {known.power} unless a card text changed it.")
    return None


def check_first_card(player: Player, chosen: BattleCard, *,
                     logged: bool = False) -> tuple[RuleError | None, Mismatch | None]:
    """Why an attack cannot be recorded with ``chosen`` as the card on ``player``'s 1st Block Zone (not the
    type of card flipped there, or another card than the one the log names there), and how ``chosen``
    differs from the card the log names (:func:`first_card_mismatch`; another Power alone is said, not
    refused): worked out once for both, the refusal ``None`` when it can be recorded. The tracker raises
    the refusal and says the difference in the Forward Step; the page turns Record attack off with the
    one and warns of the other. ``logged``: an older line is read as it was (the name it gives is not
    checked, its difference said)."""
    mismatch = first_card_mismatch(player, chosen)
    flipped = player.zones[0].kind
    if flipped and chosen.type != flipped:
        return RuleError(f"the 1st Block card is {a_an(flipped)} card, not {a_an(chosen.type)} card",
                         cite=cite("tmnt", SEC_PHASE),
                         suggestion=f"Record the attack with the {flipped} card flipped."), mismatch
    if mismatch is not None and mismatch.other_card and not logged:
        return RuleError(mismatch.message, cite=cite("tmnt", SEC_ATTACK), suggestion=mismatch.suggestion), \
            mismatch
    return None, mismatch


def why_not_from_hand(state: Game, attacks: int, *, counter: bool) -> RuleError | None:
    """Why an attack with ``attacks`` Attack cards (and a Counter, if ``counter``) cannot be recorded on
    ``state``: the attacker holds fewer cards than the Attack cards placed, or the defender counters from
    an empty hand (Attack and Counter cards are placed from the hand); ``None``: it can. The tracker
    raises it; the page turns Record attack off with it."""
    refused = _closed(state, "attack")
    if refused is not None:
        return refused
    me, them = state.players[state.active], state.players[state.defending]
    if attacks > me.hand:
        return RuleError(f"{me.name} places {attacks} Attack cards but holds {me.hand}; they are placed "
                         "from the hand", cite=cite("tmnt", SEC_ATTACK),
                         suggestion="Correct the hand count if it is wrong.")
    if counter and them.hand < 1:
        return RuleError(f"{them.name} has no cards in hand to Counter with; a Counter is placed from the "
                         "hand", cite=cite("tmnt", SEC_COUNTER),
                         suggestion="Correct the hand count if it is wrong.")
    return None


def can_attack(p: Player) -> bool:
    z = p.zones[0]
    return z.face == "up" and z.kind in (None, "character", "attack")


def _take_damage(p: Player, fwd: ForwardResult) -> Player:
    """Flip the first ``blocks_flipped`` Block cards (empty zones hold none) and trash from the Deck the
    cards ``fwd`` sends (worked out from this Deck: at most the cards it holds)."""
    zones, left = [], fwd.blocks_flipped
    for z in p.zones:
        if z.face != "empty" and left:
            left -= 1
            zones.append(z if z.face == "up" else Zone("up"))
        else:
            zones.append(z)
    return replace(p, zones=tuple(zones), deck=p.deck - fwd.defender_trashed,
                   trash=p.trash + fwd.defender_trashed)


def describe(state: Game) -> list[str]:
    """Plain lines for the CLI replay and the view's status: turn, phase, both boards."""
    if not state.started:
        return ["No game started."]
    out = [f"Turn {state.turn}: {state.players[state.active].name} — {PHASE_LABELS[state.phase]}"
           + (" (game over)" if state.over else "")]
    for i, p in enumerate(state.players):
        named = f" {p.first_card.label}" if p.first_card is not None else ""  # (the 1st Zone's card)
        zones = " ".join(f"[{k}:{z.face}{'/' + z.kind if z.kind else ''}{named if k == 1 else ''}]"
                         for k, z in enumerate(p.zones, start=1))
        mark = "*" if i == state.active else " "
        out.append(f"{mark} {p.name}: {zones}  hand {p.hand}, Deck {p.deck}, Trash {p.trash}, "
                   f"Items {p.items}")
    if state.over:
        out.append("Winner: " + ("none (draw)" if state.winner is None else state.players[state.winner].name))
    if not state.attack_card_power:
        out.append("House reading for this game: an Attack card on the 1st Block Zone adds no Power of its "
                   f"own ({cite('tmnt', SEC_FORWARD)}).")
    out.append(state.message)
    return out


def attack_event(first: BattleCard, attacks: list[BattleCard],
                 counter: BattleCard | None, power_bonus: int = 0) -> dict[str, Any]:
    """The ``attack`` event for the log, from cards the attack builder holds (``power_bonus``: Power from
    Items or card texts, written only when there is some)."""
    event: dict[str, Any] = {"event": "attack", "character": first.to_json(),
                             "attacks": [a.to_json() for a in attacks],
                             "counter": counter.to_json() if counter else None}
    if power_bonus:
        event["power_bonus"] = power_bonus
    return event
