"""Village TCG table tracker: Mouse Points, turns, decks, the field and the turn guide, in one log.

Everything that happens at the table is one event of a :class:`VillageTracker` (an
:class:`~companion.eventlog.Tracker`): autosave, undo/redo and resume come with it.
The fold enforces the rule book:

- Gameplay / You Win If (village-tcg.txt): a coin toss from the seed decides who goes first unless
  ``first`` is given (a toss is logged as ``first`` with ``toss``; an older start without either had
  Player 1 go first); 30 Mouse Points and 7 cards each; a player loses at 0 MP or when their deck
  has no cards (rules README). After the end, ``mp`` and ``deck`` still correct the counts
  (:data:`CORRECTIONS`) and the winner is worked out again: the game goes on when both players
  have Mouse Points and cards again.
- Order of Turn (village-tcg.txt): the seven steps as a checklist. Step 1 draw (moving on
  without drawing forfeits it); Step 2 one Basic Mouse, or a Mega Mouse by sacrificing a
  Basic Mouse that has been on the field a full turn (Summoning MegaMice); Step 3 one
  Fruit; Step 4 abilities, once per mouse, with enough Fruit, never after an attack (whether
  the Fruit stays equipped or is paid is a house reading, ``fruit_cost``: :data:`FRUIT_READINGS`);
  Step 5 Items (one per turn, one per mouse) and one Magic card; Step 6 one Attack Phase, its
  attacks declared together (never on the first turn of the game; a mouse attacks once unless its
  ability, used this turn in Step 4, lets it attack twice, ``twice``: :func:`why_not_twice`); Step 7 end
  turn. By default the steps must be taken in
  order (``strict_order``); instant Magic may be played at any time by either player.
- Redraw Rule: once per player, only at the very start, only without a Basic Mouse.
- Coin Flips: a card's flip may come whenever its ability or effect does (an Instant Magic
  card's at any time) and moves no step; a flip that can negate an attack (``attack``, as
  Super Confused) goes at the beginning of the Attack Phase: it begins the Attack Phase (Steps
  2-5 are over, and the action says so) and never comes after the attack is resolved; of two
  flips in play at once (flips logged one after another), the single-function card's goes first.
- Card effects (Card Descriptions): ``stats`` (a mouse's ATK and DEF as a card made them: the
  tracker never reads card texts), ``destroy`` (a mouse, with its Fruit and Items),
  ``destroy_item`` (an Item off a mouse, destroyed or back to hand; Item Cards) and
  ``destroy_magic`` (a continuous Magic card leaves the field).
- Randomness: a coin flip without a typed-in result is drawn from the seed the start
  event records (:func:`new_seed` gives each new game a fresh one), so a replay is exact; what the
  coin gave is logged with it (``seeded``, :meth:`VillageTracker.complete`), so that a line lost or
  changed earlier in the log never turns a later flip over: a replay keeps the logged result, and
  says so (:attr:`VillageState.notes`) when the seed now gives the other side. Who goes first by the
  coin toss is logged as ``first`` (with ``toss``). An older flip without ``seeded`` (or with a null
  one) is drawn again. Only the tracker writes ``seeded``: a live flip that types it is refused.

Events (JSON objects, ``"event"`` plus fields) are listed in :data:`EVENT_FIELDS`, their steps
in :data:`EVENTS`.
"""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .. import cite
from ..errors import LogError, RuleError, closest, did_you_mean, shown
from ..eventlog import (
    NEW_GAME_HERE,
    SEED_WORDS,
    Event,
    EventFields,
    Tracker,
    event_rng,
    good_seed,
    new_seed,
    redone_said,
    undone_said,
)
from ..textio import PLAYER_NAME_MAX, line_problem, player_names
from ..verdict import plural
from .battle import MP_DAMAGE, Attack, BattleResult, Fighter, resolve_battle, stats_typed

START_MP = 30
HAND = 7
DEFAULT_DECK = 60
#: The largest ``number`` a new mouse may be given (its # in its id): far more mice than a game plays.
MOUSE_NUMBER_MAX = 999
#: The largest number an event may type in (ATK, DEF, Mouse Points, a change of them, a deck): card
#: numbers are 0 to 999 (data/schemas/defs.schema.json, "stat" and "count"), so a bigger one is a typo.
MAX_NUMBER = 999

CITE_TURN = cite("village", "Order of Turn")
CITE_WIN = cite("village", "You Win If")
CITE_REDRAW = cite("village", "Redraw Rule")
CITE_MEGA = cite("village", "Summoning MegaMice")
CITE_ITEM = cite("village", "Card Descriptions 4 Item Cards")
CITE_MAGIC = cite("village", "Card Descriptions 5 Magic Cards")
CITE_ABILITY = cite("village", "Card Descriptions 6 Abilities")
CITE_FLIPS = cite("village", "Coin Flips")
CITE_FIRST = cite("village", "First Turn")
CITE_GAMEPLAY = cite("village", "Gameplay")
CITE_LEGEND = cite("village", "Legend")
CITE_FIELD = cite("village", "How Your Village TCG Playing Field Should Look")
CITE_EFFECTS = cite("village", "Card Descriptions")
CITE_BATTLE = cite("village", "Attack / Defense Structure")

#: An attack's ``direct_damage`` that makes its undefended attacks take the attacker's ATK, whatever the
#: game's (the start's ``direct_damage``) is: the amount is a house interpretation (the rules README on
#: Attack / Defense Structure), so one attack may be played by another reading.
DIRECT_ATK = "atk"


def direct_damage_said(direct: int | None) -> str:
    """What an undefended attack takes, in words: ``the attacker's ATK`` or ``2 MP``."""
    return "the attacker's ATK" if direct is None else f"{direct} MP"


#: The events a table may log after the game has ended, to correct a count: they may change who
#: won, so the winner is worked out again (as TMNT's ``correct`` does: a correction after Game Over).
CORRECTIONS = ("mp", "deck")

#: How an ability's Fruit cost is met: the Order of Turn, Step 4 says "if you have the proper number of
#: Fruit equipped" (the Fruit stays), Card Descriptions 6 says "if you can pay the correct Fruit cost"
#: (it may be spent). The rulings do not settle it: a house reading, chosen at the start.
FRUIT_READINGS = {
    "equipped": ("house interpretation: an ability needs its Fruit cost equipped and the Fruit stays on the "
                 f"mouse ({CITE_TURN}, Step 4: 'have the proper number of Fruit equipped'; "
                 f"{CITE_ABILITY} says 'pay', which the book does not explain)"),
    "pay": ("house interpretation: an ability pays its Fruit cost, and the Fruit paid goes from the mouse "
            f"to the discard pile ({CITE_ABILITY}: 'pay the correct Fruit cost'; {CITE_TURN}, Step 4 only "
            "says 'equipped')"),
}

#: The seven steps of "Order of Turn" (village-tcg.txt), paraphrased.
STEPS: tuple[tuple[int, str], ...] = (
    (1, "Draw a card"),
    (2, "Play a Basic Mouse, or sacrifice one for a Mega Mouse"),
    (3, "Add a Fruit to a Mouse (1 per turn)"),
    (4, "Use Mouse abilities (enough Fruit; not after an attack)"),
    (5, "Add an Item or a Magic card"),
    (6, "Declare an attack"),
    (7, "End turn"),
)

#: Event kind -> the step of Order of Turn it belongs to, or None for any time (what each takes and
#: does: :data:`EVENT_FIELDS`).
EVENTS: dict[str, int | None] = {
    "start": None, "redraw": None, "draw": 1, "step": None, "play_basic": 2, "summon_mega": 2, "fruit": 3,
    "ability": 4, "item": 5, "magic": 5, "flip": None, "attack": 6, "stats": None, "destroy": None,
    "destroy_item": None, "destroy_magic": None, "mp": None, "deck": None, "end_turn": 7,
}

_PLAYER = ("player", "0 (Player 1) or 1 (Player 2)")
_MOUSE = ("mouse", "a mouse id on the field, e.g. \"Acorn Scout #1\"")
_DELTA = ("delta", "a whole number: + adds, - takes away")

_NAME = ("name", "the card's name; the card data fills in what the event leaves out")
_NUMBER = ("number", f"the mouse's # in its id, a whole number 1 to {MOUSE_NUMBER_MAX} no mouse of this game "
                     "had; default: the next free one")


#: What each kind of :data:`EVENTS` needs (``fields``) and may take (``optional``), what it does and
#: when (its step of Order of Turn, or any time), for ``companion village events`` and ``companion
#: village do``, which names a needed field left out (or misspelt) before any rule is tried.
EVENT_FIELDS: dict[str, EventFields] = {
    "start": EventFields(
        f"a new game: each player draws {HAND} cards and has {START_MP} Mouse Points "
        f"({cite('village', 'Gameplay')})",
        optional=("players", "first", "decks", "deck", "mp", "seed", "strict_order", "direct_damage",
                  "fruit_cost", "toss", "previous"),
        notes=(("players", f"two names, each on one line of at most {PLAYER_NAME_MAX} characters; default "
                           "Player 1, Player 2"),
               ("first", "0 (Player 1) or 1 (Player 2) goes first; left out: a coin toss from the seed "
                         f"({CITE_GAMEPLAY}: 'Flip coin ... to see who goes first')"),
               ("decks", f"each player's cards, the {HAND} drawn included: two counts; default "
                         f"{DEFAULT_DECK}"),
               ("deck", "one count for both decks, when 'decks' is not given"),
               ("mp", f"Mouse Points each; default {START_MP}"),
               ("seed", "a whole number or text for the coin flips ('companion village do' draws a fresh one "
                        "when it is not given)"),
               ("strict_order", "true (default): the steps of the turn are taken in order"),
               ("direct_damage", "MP an undefended attack takes; default: the attacker's ATK (house "
                                 "interpretation)"),
               ("fruit_cost", "how an ability's Fruit cost is met (house interpretation): 'equipped' "
                              "(default: the Fruit stays on the mouse) or 'pay' (the Fruit paid is "
                              "discarded)"),
               ("toss", "true: 'first' was chosen by the coin toss (recorded with it)"),
               ("previous", "the seed of the game kept aside when this one began (the page's New game "
                            "records it, so that a page opened again offers 'Back to the previous game')"))),
    "redraw": EventFields(f"at the very start of the match, before any turn action: the Redraw Rule "
                          f"({CITE_REDRAW})", ("player", "basic_in_hand"),
                          notes=(_PLAYER, ("basic_in_hand", "false: the opening 7 cards hold no Basic "
                                                            "Mouse, the only hand the rule lets a player "
                                                            "redraw"))),
    "draw": EventFields(f"Step 1: the turn player draws their card ({CITE_TURN})"),
    "step": EventFields("any time: move the turn's checklist on to a step, skipping the ones between "
                        f"({CITE_TURN})", ("to",),
                        notes=(("to", "the step to move on to, 1 to 6; to end the turn use the end_turn "
                                      "event"),)),
    "play_basic": EventFields(f"Step 2: play a Basic Mouse ({CITE_TURN}, Step 2)",
                              optional=("name", "atk", "def", "number"),
                              notes=(_NAME, ("atk", "its ATK"), ("def", "its DEF"), _NUMBER)),
    "summon_mega": EventFields(f"Step 2: sacrifice a Basic Mouse for a Mega Mouse ({CITE_MEGA})",
                               ("sacrifice",),
                               optional=("name", "atk", "def", "sacrifice_allowed", "number"),
                               notes=(("sacrifice", "the id of the mouse sacrificed"), _NAME,
                                      ("atk", "its ATK"), ("def", "its DEF"),
                                      ("sacrifice_allowed", "true: the sacrificed Mega Mouse's card says it "
                                                            "may be sacrificed"), _NUMBER)),
    "fruit": EventFields(f"Step 3: equip a Fruit to a mouse ({CITE_TURN}, Step 3)", ("mouse",),
                         notes=(_MOUSE,)),
    "ability": EventFields(f"Step 4: a mouse uses its ability ({CITE_ABILITY})", ("mouse",),
                           optional=("cost", "name"),
                           notes=(_MOUSE, ("cost", "the Fruit it needs; default: the card data's, else 0"),
                                  ("name", "the ability's name, for a card with several"))),
    "item": EventFields(f"Step 5: equip an Item card to a mouse ({CITE_ITEM})", ("mouse",),
                        optional=("name", "extra", "opponent_allowed"),
                        notes=(_MOUSE, _NAME, ("extra", "true: a card allows a 2nd Item on the mouse"),
                               ("opponent_allowed", "true: the card says to equip an opponent's Mouse"))),
    "magic": EventFields(f"Step 5 (an instant one any time): play a Magic card ({CITE_MAGIC})",
                         optional=("name", "player", "instant", "continuous"),
                         notes=(_NAME, ("player", "who plays it, 0 or 1; default: the turn player"),
                                ("instant", "true: playable at any time by either player"),
                                ("continuous", "true: it stays on the field"))),
    "flip": EventFields(f"any time: a coin flip ({CITE_FLIPS})",
                        optional=("card", "functions", "result", "attack", "seeded"),
                        notes=(("card", "the card whose flip it is"),
                               ("functions", "how many functions the card has; default 1"),
                               ("result", "heads or tails; left out: the seeded coin"),
                               ("seeded", "logged by a live flip that has no result: what the seeded "
                                          "coin gave (heads or tails), which a replay keeps, even should a "
                                          "line before it be lost; refused when typed"),
                               ("attack", "true: the flip can negate an attack, so it goes at the beginning "
                                          "of the Attack Phase: the turn moves on to Step 6 (Steps 2-5 "
                                          "end)"))),
    "attack": EventFields(f"Step 6: declare and resolve the turn's attack, once per turn ({CITE_TURN}, "
                          "Step 6)", ("attacks",), optional=("direct_damage", "twice"),
                          notes=(("attacks", "[{attacker, defender|null}] in the order they are made, or [] "
                                             "for no attack this turn (the first turn of the game has no "
                                             "Attack Phase, nor a turn whose player has no mouse on the "
                                             "field: end it)"),
                                 ("direct_damage", "MP an undefended attack takes, for this attack, or "
                                                   "\"atk\": the attacker's ATK; default: the game's "
                                                   "(the start's direct_damage, else the attacker's ATK; "
                                                   "a house interpretation)"),
                                 ("twice", "[mouse id, ...]: mice whose ability, used this turn in Step 4 "
                                           "(an ability event before the attack), lets them attack twice, as "
                                           "Twin Tail Duelist's Double Strike (a card effect over "
                                           f"{CITE_BATTLE})")),
                          objects=(("attacks", ("attacker", "defender")),)),
    "stats": EventFields(f"any time: a card effect changes a mouse's ATK or DEF ({CITE_EFFECTS})", ("mouse",),
                         optional=("atk", "def"),
                         notes=(_MOUSE, ("atk", "its ATK now"), ("def", "its DEF now"))),
    "destroy": EventFields(f"any time: a card effect destroys a mouse; its Fruit and Items go with it "
                           f"({CITE_ITEM})", ("mouse",), notes=(_MOUSE,)),
    "destroy_item": EventFields(f"any time: a card effect takes an Item card off a mouse ({CITE_ITEM})",
                                ("mouse",), optional=("name", "to"),
                                notes=(_MOUSE, ("name", "the Item's name; may be left out when the mouse has "
                                                        "one Item"),
                                       ("to", "'discard' (default: the Item is destroyed) or 'hand' "
                                              "(returned to its owner's hand)"))),
    "destroy_magic": EventFields(f"any time: a continuous Magic card leaves the field ({CITE_MAGIC})",
                                 ("player", "name"), notes=(_PLAYER, ("name", "the Magic card's name"))),
    "mp": EventFields(f"any time, after the end too: change Mouse Points (card effects, a correction; "
                      f"{CITE_WIN})", ("player", "delta"), notes=(_PLAYER, _DELTA)),
    "deck": EventFields(f"any time, after the end too: change a deck's count (searches, card effects, a "
                        f"correction; {CITE_WIN})", ("player", "delta"), notes=(_PLAYER, _DELTA)),
    "end_turn": EventFields(f"Step 7: end the turn; the other player's turn begins ({CITE_TURN})"),
}

#: Added to what an action did when it moved the turn past Step 1 without the draw.
FORFEIT_NOTE = (f"warning: the turn moved on without drawing, so this round's draw is forfeited "
                f"({CITE_TURN}, Step 1)")
#: Added to what a coin flip that can negate an attack did when it began the Attack Phase before Step 6.
ATTACK_PHASE_NOTE = (f"warning: a flip that can negate an attack goes at the beginning of the Attack Phase "
                     f"({CITE_FLIPS}), so the turn is now at Step 6: Steps 2-5 are over for this turn")


@dataclass(frozen=True, slots=True)
class FieldMouse:
    """A mouse in a Mouse Zone. ``uid`` is unique in the game (``"Acorn Scout #3"``)."""

    uid: str
    name: str
    kind: str  # basic | mega
    atk: int | None
    defense: int | None
    since_turn: int
    fruit: int = 0
    items: tuple[str, ...] = ()
    #: the Items among :attr:`items` that the other player played on this mouse: theirs, so they go to
    #: that player's discard pile (Item Cards: the card's owner; a mouse's own Items go to its owner's)
    foreign: tuple[str, ...] = ()

    @property
    def own_cards(self) -> int:
        """The cards that go to this mouse's player's discard pile with it: itself, its Fruit and its own
        Items (not :attr:`foreign`)."""
        return 1 + self.fruit + len(self.items) - len(self.foreign)


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    mp: int = START_MP
    deck: int = DEFAULT_DECK - HAND
    redrawn: bool = False
    field: tuple[FieldMouse, ...] = ()
    magic: tuple[str, ...] = ()  # continuous Magic cards on the field
    discard: int = 0


@dataclass(frozen=True, slots=True)
class TurnState:
    """What has happened in the current turn (reset by ``end_turn``)."""

    step: int = 1
    drew: bool = False
    mouse_played: str = ""  # "basic" or "mega" once Step 2 is used
    fruit: bool = False
    abilities: tuple[str, ...] = ()
    ability_names: tuple[str, ...] = ()  # the ability each of ``abilities`` used, by its name ("": not named)
    items: int = 0
    magic: tuple[int, ...] = ()  # players who played a Magic card this turn
    attacked: bool = False
    declared: bool = False  # the turn's Attack Phase has been declared (an attack event, even with none)
    flips: tuple[tuple[str, int, str], ...] = ()
    flips_from: int = 0  # flips[flips_from:] are in play at once: logged one after another


@dataclass(frozen=True, slots=True)
class VillageState:
    started: bool = False
    players: tuple[Player, Player] = (Player("Player 1"), Player("Player 2"))
    first: int = 0
    turn: int = 0  # 1 = the first player's first turn
    current: int = 0
    t: TurnState = field(default_factory=TurnState)
    opened: bool = False  # any turn action yet (closes the Redraw Rule)
    winner: int | None = None
    win_reason: str = ""
    seed: int | str = 0
    strict_order: bool = True
    direct_damage: int | None = None
    next_uid: int = 1
    last: tuple[str, ...] = ()  # what the latest action did, for the screen
    uids: tuple[str, ...] = ()  # every mouse id given in this game, on the field or gone from it
    fruit_reading: str = "equipped"  # how an ability's Fruit cost is met (FRUIT_READINGS)
    #: what the log says of itself, for a replay and the page: a seeded flip whose logged result the
    #: seed no longer gives (a line before it was lost or changed), kept as it was logged
    notes: tuple[str, ...] = ()
    #: the seed of the game a page's New game kept aside when this one began (the start's ``previous``):
    #: how a page opened again finds that game, to offer "Back to the previous game"
    previous: int | str | None = None

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def first_turn(self) -> bool:
        """The first turn of the game: the player who moves first cannot attack."""
        return self.turn == 1

    def mouse(self, uid: str) -> tuple[int, FieldMouse]:
        for p, pl in enumerate(self.players):
            for m in pl.field:
                if m.uid == uid:
                    return p, m
        ids = [m.uid for pl in self.players for m in pl.field]
        hint = did_you_mean(closest(str(uid), ids))
        raise RuleError(f"no mouse {shown(uid, 80)} on the field (the Mouse Zones: {CITE_FIELD})",
                        suggestion=hint)


def _int(event: Event, key: str, default: Any = ..., *, minimum: int | None = None,
         maximum: int | None = None) -> Any:
    """The whole number ``event[key]`` (``default`` when absent; ``...``: required), within
    ``minimum``..``maximum`` when they are given."""
    value = event.get(key, default)
    if value is ...:
        raise LogError(f"event {event.get('event')!r} needs {key!r}")
    if value is None and default is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{key} must be a whole number, not {shown(value, 40)}")
    span = (f"a whole number from {minimum} to {maximum}: no card prints a number above {MAX_NUMBER}"
            if minimum is not None and maximum is not None else None)
    if minimum is not None and value < minimum:
        raise RuleError(f"{key} must be {minimum} or more, not {_shown(value)}", expected=span)
    if maximum is not None and value > maximum:
        raise RuleError(f"{key} must be {maximum} or less, not {_shown(value)}", expected=span)
    return value


def _stat(value: int | None) -> str:
    """An ATK or DEF as the table shows it (``unknown`` when it was never typed in)."""
    return "unknown" if value is None else str(value)


def _shown(value: int) -> str:
    """A number as typed, cut short when it is long (a typo of hundreds of digits)."""
    text = str(value)
    return text if len(text) <= 24 else text[:24] + "…"


def _player(state: VillageState, event: Event, default: int | None = None) -> int:
    p = event.get("player", default)
    if p not in (0, 1) or isinstance(p, bool):
        raise RuleError(f"player must be 0 (Player 1) or 1 (Player 2), not {shown(p, 40)}")
    return int(p)



def _one_taken(cards: tuple[str, ...], name: Any, refusal: str) -> tuple[str, ...]:
    """``cards`` with one copy of ``name`` taken off; ``refusal`` (with the closest name) when it has none."""
    if name not in cards:
        raise RuleError(refusal, suggestion=did_you_mean(closest(str(name), cards)))
    left = list(cards)
    left.remove(name)
    return tuple(left)

def _set_player(state: VillageState, p: int, pl: Player) -> VillageState:
    ps = list(state.players)
    ps[p] = pl
    return replace(state, players=(ps[0], ps[1]))


def _losing(pl: Player) -> tuple[str, str] | None:
    """How player ``pl`` meets a losing condition (You Win If), or ``None``: in words after its name
    ("has 0 Mouse Points") and as the win reason says it ("Bob's deck has no cards"). The one place the
    two conditions are written: :func:`_check_winner` and :func:`_recheck_winner` read them here."""
    if pl.mp <= 0:
        return "has 0 Mouse Points", f"{pl.name} has 0 Mouse Points"
    if pl.deck <= 0:
        return "has no cards in the deck", f"{pl.name}'s deck has no cards"
    return None


def _check_winner(state: VillageState) -> VillageState:
    """The winner, once a player has 0 MP or an empty deck (You Win If, :func:`_losing`); kept once
    decided."""
    if state.winner is not None:
        return state
    for p, pl in enumerate(state.players):
        lost = _losing(pl)
        if lost is not None:
            return replace(state, winner=1 - p,
                           win_reason=f"{lost[1]}: {state.players[1 - p].name} wins ({CITE_WIN})")
    return state


def _recheck_winner(state: VillageState) -> VillageState:
    """Who won, worked out again after a correction (:data:`CORRECTIONS`) of an ended game: it may
    change the winner, or give both players Mouse Points and cards again, and the game goes on. While
    the player who lost still meets a losing condition the result stands, even when a correction
    brings the winner to one too: the first to lose lost (house reading: the book names no winner when
    both players would lose), never a win handed to a player at 0."""
    if state.winner is not None:
        winner, loser = state.players[state.winner], state.players[1 - state.winner]
        too = _losing(winner)
        if too is not None and _losing(loser) is not None:
            said = (f"{winner.name} {too[0]} too, but {loser.name} lost first: the result stands "
                    f"({CITE_WIN}; house reading: the book names no winner when both players would lose)")
            return replace(state, last=(*state.last, said))
    # (the loser alone losing: the same winner, its reason worked out again: it may be another now)
    again = _check_winner(replace(state, winner=None, win_reason=""))
    if again.winner is None:
        return replace(again, last=(*again.last, f"both players have Mouse Points and cards in their decks "
                                                 f"again, so the game goes on ({CITE_WIN})"))
    if (again.winner, again.win_reason) != (state.winner, state.win_reason):
        return replace(again, last=(*again.last, f"the game is still over, now: {again.win_reason}"))
    return again


def undone_lines(taken: Sequence[str]) -> list[str]:
    """What an undo says: ``Undone:`` and what the action had said first (``taken``), once: the lines
    after it (a forfeited draw, a note of a cost or of stats typed, a flip's Attack Phase) were what the
    action brought with it, which the undo takes back too, so said again after ``Undone:`` they would read
    as if they happened again; nor is the game's house reading an ability restates (:func:`not_said_again`)
    or the forfeited-draw warning alone said. An attack and a change of Mouse Points or of a deck are said
    otherwise, from the states (:func:`attack_undone`, :func:`change_undone`)."""
    return undone_said([line for line in not_said_again(taken) if line != FORFEIT_NOTE][:1])


def not_said_again(lines: Sequence[str]) -> list[str]:
    """What an action said (``lines``) as its undo or redo says it again: without the game's house reading
    of the Fruit cost (:data:`FRUIT_READINGS`), which an ability restates; after ``Undone:`` or ``Redone:``
    it would read as if the reading itself were taken back or made again."""
    return [line for line in lines if line not in FRUIT_READINGS.values()]


def redone_lines(said: Sequence[str]) -> list[str]:
    """What a redo says: ``Redone:`` and what the action said first, once, then what else it said (``said``,
    without the house reading :func:`not_said_again` leaves out), as it said it: a warning or a note is
    true again of the action done again, but it is no action brought back. An attack is said otherwise
    (:func:`attack_redone`)."""
    lines = not_said_again(said)
    return [*redone_said(lines[:1]), *lines[1:]]


def attack_undone(before: VillageState, after: VillageState) -> str | None:
    """What the undo of the action that took the game from ``before`` to ``after`` says when that action
    resolved the turn's attack ("Undone: the attack on Bob (Bob back to 17 MP; the mice it destroyed back
    on the field)"), from the two states: whose Mouse Points, as they were before it, and whether it
    destroyed mice; ``None`` for any other action (a declaration of no attack too)."""
    if not after.t.attacked or before.t.attacked or before.turn != after.turn:
        return None
    them = 1 - before.current
    who, mp = before.players[them].name, before.players[them].mp
    on_field = {m.uid for pl in after.players for m in pl.field}
    destroyed = any(m.uid not in on_field for pl in before.players for m in pl.field)
    mice = "; the mice it destroyed back on the field" if destroyed else ""
    return f"Undone: the attack on {who} ({who} back to {mp} MP{mice})"


def attack_redone(before: VillageState, after: VillageState) -> list[str] | None:
    """What the redo that took the game from ``before`` to ``after`` says when it resolved the turn's attack
    again: "Redone: the attack on Bob (Bob 17 → 14 MP; Bo #2 destroyed)", from the two states, once, then
    each attack's outcome as the attack said it; not its notes (the house reading of an undefended attack,
    no abilities after it: said when it was declared) nor its Mouse Points line, which the first line
    says. ``None`` for any other action (:func:`attack_undone`'s counterpart)."""
    if not after.t.attacked or before.t.attacked or before.turn != after.turn:
        return None
    them = 1 - before.current
    who, was, now = before.players[them].name, before.players[them].mp, after.players[them].mp
    mp = f"{who} {was} → {now} MP" if now != was else f"{who} still at {was} MP"
    on_field = {m.uid for pl in after.players for m in pl.field}
    gone = [m.uid for pl in before.players for m in pl.field if m.uid not in on_field]
    mice = f"; {', '.join(gone)} destroyed" if gone else ""
    won = f"; {after.win_reason}" if after.over and not before.over else ""
    outcomes = [line for line in after.last if not line.startswith(("note: ", MP_DAMAGE))]
    return [f"Redone: the attack on {who} ({mp}{mice}){won}", *outcomes]


def change_undone(before: VillageState, after: VillageState) -> str | None:
    """What the undo of the action that took the game from ``before`` to ``after`` says when that action
    changed one player's Mouse Points or deck and nothing else of the game (``mp``, ``deck``): "Undone:
    the change of Bob's Mouse Points (Bob back to 0 MP)", from the states, as the Mouse Points are again;
    its own line ("Bob: 0 → 5 MP") after ``Undone:`` would read as if it happened again. ``None`` for any
    other action."""
    if before.turn != after.turn or replace(before.t, flips_from=0) != replace(after.t, flips_from=0):
        return None
    changed = [p for p in (0, 1) if before.players[p] != after.players[p]]
    if len(changed) != 1:
        return None
    was, now = before.players[changed[0]], after.players[changed[0]]
    if now.mp != was.mp and replace(now, mp=was.mp) == was:
        return f"Undone: the change of {was.name}'s Mouse Points ({was.name} back to {was.mp} MP)"
    if now.deck != was.deck and replace(now, deck=was.deck) == was:
        return (f"Undone: the change of {was.name}'s deck ({was.name} back to {plural(was.deck, 'card')} in "
                "deck)")
    return None


def end_undone(before: VillageState, after: VillageState) -> str | None:
    """What an undo of the action that took the game from ``before`` to ``after`` says of the game's end,
    from the states, when the undo changes it (``None``: it does not): an action that ended the game
    taken back, the game goes on; a correction that had the game go on taken back, it is over again."""
    if after.over and not before.over:
        return f"the game goes on again (it had ended: {after.win_reason})"
    if before.over and not after.over:
        return f"the game is over again: {before.win_reason}"
    if before.over and after.win_reason != before.win_reason:
        return f"the game is still over, as before: {before.win_reason}"
    return None


def step_title(step: int) -> str:
    return dict(STEPS)[step]


def why_not(state: VillageState, kind: str, player: int | None = None, *,
            instant: bool = False, attack_flip: bool = False, no_attack: bool = False,
            logged: bool = False) -> RuleError | None:
    """Why an action is not allowed now (its sentence and rule-book section), or ``None`` if it is.

    Covers the turn-level limits; :meth:`VillageTracker.apply` checks the details
    (which mouse, how much Fruit) on top. ``instant``: an Instant Magic card, playable
    at any time during either player's turn (village-tcg.txt, Legend); ``attack_flip``: a
    coin flip that can negate an attack (Coin Flips); ``no_attack``: an attack event that
    declares none (Step 6: attack or end the turn), refused on the first turn as an attack is (First
    Turn: the player who moves first cannot attack, so the turn has no Attack Phase, as the page's
    button says), and while the turn player has no mouse on the field (an attack is made "with any
    active mice on their side of the field", Attack / Defense Structure: with none there is no choice
    to attack or not, the turn moves on to Step 7, End turn; the page's button is off for it too);
    ``logged``: a line already in the log, read again (a check added later, one Attack Phase per turn,
    none on the first turn, none without a mouse, is not applied: an older log replays).
    """
    if kind == "start":
        return None
    if not state.started:
        return RuleError("the game has not started")
    if state.over and kind not in CORRECTIONS:
        return RuleError(f"the game is over: {state.win_reason}")
    t = state.t
    if kind == "redraw":
        if state.opened:
            return RuleError("the redraw is only allowed at the very start of the match", cite=CITE_REDRAW)
        return None
    step = EVENTS.get(kind)
    if kind == "ability" and t.attacked:
        return RuleError("no abilities after declaring an attack", cite=f"{CITE_TURN}, Step 4")
    if kind == "draw":
        if t.drew:
            return RuleError("the turn's card is already drawn; you may only draw at the start of your turn",
                             cite=CITE_TURN)
        if t.step > 1:
            return RuleError(f"this turn's draw was forfeited by moving on to Step {t.step}",
                             cite=f"{CITE_TURN}, Step 1")
    if step is not None and state.strict_order and step < t.step and kind != "draw" and not instant:
        return RuleError(f"Step {step} ({step_title(step)}) comes before the current Step {t.step} "
                         f"({step_title(t.step)}); undo to go back", cite=CITE_TURN)
    if kind in ("play_basic", "summon_mega") and t.mouse_played:
        return RuleError(f"one Basic Mouse or one Mega Mouse per turn: a {t.mouse_played} mouse was already "
                         "played this turn", cite=f"{CITE_TURN}, Step 2")
    if kind == "fruit" and t.fruit:
        return RuleError("one Fruit per turn, already equipped this turn", cite=f"{CITE_TURN}, Step 3")
    if kind == "item" and t.items >= 1:
        return RuleError("Item cards are played once per turn", cite=CITE_ITEM)
    if kind == "magic":
        p = state.current if player is None else player
        if p != state.current and not instant:
            return RuleError("a Magic card that is not instant: on the opponent's turn only Instant Magic "
                             "Cards may be played", cite=CITE_MAGIC)
        if p in t.magic:
            return RuleError(f"Magic cards are playable once per turn; {state.players[p].name} already "
                             "played one", cite=CITE_MAGIC)
    if kind == "attack":
        if state.first_turn and no_attack and not logged:  # (an older log's line took it: it replays)
            return RuleError("the player who moves first cannot attack on the first turn, so the turn has no "
                             "Attack Phase to declare no attack in", suggestion="End the turn instead "
                             "(end_turn, Step 7).", cite=f"{CITE_FIRST}; {CITE_TURN}, Step 6")
        if state.first_turn and not no_attack:
            return RuleError("the player who moves first cannot attack on the first turn", cite=CITE_FIRST)
        if t.attacked:
            return RuleError("the attack for this turn is already declared", cite=f"{CITE_TURN}, Step 6")
        if t.declared and not logged:
            return RuleError("this turn's Attack Phase is over: no attack was declared, and a turn has one "
                             "Attack Phase", cite=f"{CITE_TURN}, Step 6")
        if not state.players[state.current].field and not logged:  # (an older log's line replays)
            return RuleError(f"{state.players[state.current].name} has no mouse on the field to attack with, "
                             "so there is no attack to declare or decline, and the turn moves on to Step 7, "
                             "End turn", suggestion="End the turn instead (end_turn, Step 7).",
                             cite=f"{CITE_BATTLE}; {CITE_TURN}, Steps 6-7")
    if kind == "flip" and attack_flip and state.first_turn:  # (it would skip Steps 2-5 for nothing)
        return RuleError("a coin flip that can negate an attack goes at the beginning of the Attack Phase, "
                         "and the player who moves first has no attack on the first turn",
                         cite=f"{CITE_FIRST}; {CITE_FLIPS}")
    if kind == "flip" and attack_flip and not logged and not t.drew and t.step <= 1:  # (it would forfeit
        # the draw and Steps 2-5 for an attack that comes at Step 6)
        return RuleError("a coin flip that can negate an attack goes at the beginning of the Attack Phase: "
                         "draw this turn's card first", cite=f"{CITE_FLIPS}; {CITE_TURN}, Step 1")
    if kind == "flip" and attack_flip and not logged and not state.players[state.current].field:
        return RuleError("a coin flip that can negate an attack goes at the beginning of the Attack Phase, "
                         f"and {state.players[state.current].name} has no mouse on the field to attack with",
                         cite=CITE_FLIPS)
    if kind == "flip" and attack_flip and t.attacked:
        return RuleError("a coin flip that can negate an attack goes at the beginning of the Attack Phase, "
                         "and this turn's attack is already resolved", cite=CITE_FLIPS)
    return None


def why_not_flip(state: VillageState, functions: int, card: str = "coin flip", *,
                 page: bool = False) -> RuleError | None:
    """Why a flip of ``card``, a card with ``functions`` functions, cannot go now (its sentence and
    rule-book section), or ``None``: of the flips in play at once (logged one after another), the
    single-function card's goes first (Coin Flips). On top of the turn-level limits of :func:`why_not`;
    the tracker refuses a flip with it and the page turns the flip buttons off with it (``page``: with
    what to do there)."""
    if functions != 1:
        return None
    before = next((f for f in state.t.flips[state.t.flips_from:] if f[1] > 1), None)
    if before is None:
        return None
    if page:
        return RuleError(f"{card!r} has one function, so its flip goes before those of cards with more "
                         f"functions, and the flip of {before[0]!r} (two or more functions) is already in "
                         f"play: undo back to before it to flip {card!r} first", cite=CITE_FLIPS)
    return RuleError(f"{card!r} has one function, so of the flips in play at once its flip goes before those "
                     "of cards with more functions", cite=CITE_FLIPS)


def why_not_deck(state: VillageState, player: int, delta: int) -> RuleError | None:
    """Why ``player``'s deck cannot change by ``delta`` now, or ``None``: a deck never goes below 0 cards
    (a typo would empty it, and an empty deck loses the game: You Win If). The tracker refuses a new
    ``deck`` event with it (what it expects and suggests are the command line's) and the page turns
    "deck −1" off with its sentence and rule-book section."""
    pl = state.players[player]
    if pl.deck + delta >= 0:
        return None
    if pl.deck == 0:
        return RuleError(f"{pl.name}'s deck has 0 cards: {delta} would go below 0", cite=CITE_WIN,
                         expected="a delta of 0 or more",
                         suggestion="The deck is already empty, which loses the game.")
    return RuleError(f"{pl.name}'s deck has {plural(pl.deck, 'card')}: {delta} would go below 0",
                     cite=CITE_WIN,
                     expected=f"a delta of -{pl.deck} or more",
                     suggestion=f"An empty deck loses the game: give delta -{pl.deck} if that is what "
                                "happened.")


def sacrificable(state: VillageState) -> list[str]:
    """The turn player's Basic Mice that may be sacrificed for a Mega Mouse now.

    A Basic Mouse must have been on the field for at least one full turn (village-tcg.txt,
    Summoning MegaMice): it came onto the field in an earlier turn than this one.
    """
    if not state.started:
        return []
    return [m.uid for m in state.players[state.current].field
            if m.kind == "basic" and m.since_turn < state.turn]


def why_no_mega(state: VillageState, sacrifice_allowed: bool = False) -> RuleError | None:
    """Why no Mega Mouse can be summoned now (its sentence and rule-book section), or ``None``: the
    turn-level limits (:func:`why_not`), then whether the turn player has a mouse to sacrifice: a
    Basic Mouse that has had a full turn on the field, or (``sacrifice_allowed``: its card says so) a
    Mega Mouse (Summoning MegaMice). On the first turn of the game there is none (First Turn)."""
    refused = why_not(state, "summon_mega")
    if refused is not None:
        return refused
    if sacrificable(state):
        return None
    if sacrifice_allowed and any(m.kind == "mega" for m in state.players[state.current].field):
        return None
    if state.first_turn:
        return RuleError("on the first turn a player can play one Basic Mouse; a Mega Mouse needs a Basic "
                         "Mouse that has been on the field for a full turn",
                         cite=f"{CITE_FIRST}; {CITE_MEGA}")
    return RuleError(f"no Basic Mouse of {state.players[state.current].name} has been on the field for a "
                     "full turn yet, so none can be sacrificed for a Mega Mouse", cite=CITE_MEGA)


#: The actions that take only one of the turn player's own mice: a sacrifice, a Fruit, an ability (Order
#: of Turn, Steps 2-4) and a card's second attack (``attack``'s ``twice``). An Item takes an opponent's
#: Mouse when its card says so (:func:`why_not_on`).
OWN_MOUSE_ONLY = ("summon_mega", "fruit", "ability", "attack")


def why_not_on(state: VillageState, kind: str, uid: str, *, opponent_allowed: bool = False,
               extra: bool = False, sacrifice_allowed: bool = False, cost: int = 0,
               ability: str | None = None, allowed_by: Mapping[str, str] | None = None) -> RuleError | None:
    """Why the action ``kind`` cannot act on the mouse ``uid`` (its sentence and rule-book section), or
    ``None``: which mouse it may be, on top of the turn-level limits of :func:`why_not`. The tracker
    refuses an event with it and the page turns a button off with it before the click, so the rule
    is written once. A mouse not on the field is refused (:meth:`VillageState.mouse`).

    Whose mouse (:data:`OWN_MOUSE_ONLY`; an Item on an opponent's Mouse needs ``opponent_allowed``:
    its card says so); a second Item needs ``extra`` (Card Descriptions 4); a Mega Mouse is
    sacrificed only with ``sacrifice_allowed``, a Basic Mouse only after a full turn on the field
    (Summoning MegaMice); an ability once per turn, with ``cost`` Fruit equipped (``ability``: its
    name, said in the sentence; Card Descriptions 6).

    ``allowed_by``: how the user says that a card allows it, by the event's field (``opponent_allowed``,
    ``extra``, ``sacrifice_allowed``), in the reason's brackets: a page names its tick box; a field left
    out is named as the command line's event gives it."""
    def how(field_name: str) -> str:
        return (allowed_by or {}).get(field_name, field_name)

    p, m = state.mouse(uid)
    theirs = p != state.current
    if theirs and kind in OWN_MOUSE_ONLY:
        return RuleError(f"{uid!r} belongs to {state.players[p].name}, not to "
                         f"{state.players[state.current].name} whose turn it is", cite=CITE_TURN)
    if kind == "item":
        if theirs and not opponent_allowed:
            return RuleError(f"{uid!r} is an opponent's mouse: equip an Item to an opponent's Mouse only "
                             f"when the card says so ({how('opponent_allowed')})", cite=CITE_ITEM)
        if m.items and not extra:
            return RuleError(f"{uid!r} already has an Item ({m.items[0]}): one equipped Item per Mouse "
                             f"unless a card's ability says otherwise ({how('extra')})", cite=CITE_ITEM)
    if kind == "summon_mega":
        if m.kind != "basic" and not sacrifice_allowed:
            return RuleError(f"{uid!r} is a Mega Mouse: Mega Mice cannot be sacrificed unless a card says so "
                             f"({how('sacrifice_allowed')})", cite=CITE_MEGA)
        if m.kind == "basic" and m.since_turn >= state.turn:
            return RuleError(f"{uid!r} came onto the field this turn: a Basic Mouse must be on the field for "
                             "at least one full turn before it can be sacrificed", cite=CITE_MEGA)
    if kind == "ability":
        if uid in state.t.abilities:
            return RuleError(f"{uid!r} already used its ability this turn: once per turn", cite=CITE_ABILITY)
        if m.fruit < cost:
            what = repr(ability) if ability else "the ability"
            return RuleError(f"{uid!r} has {m.fruit} Fruit equipped but {what} costs {cost}",
                             cite=f"{CITE_ABILITY}; {CITE_TURN}, Step 4")
    return None


def why_no_ability(card: Any) -> RuleError | None:
    """Why the mouse ``card`` (card data) has no ability to use, or ``None``: its card prints none
    (Card Descriptions 6 Abilities)."""
    if any(isinstance(a, Mapping) for a in card.get("abilities") or ()):
        return None
    return RuleError(f"{card.name!r} has no ability on its card", cite=CITE_ABILITY)


#: An ability's text that lets its mouse attack twice (Twin Tail Duelist's Double Strike: "This Mouse may
#: attack twice this turn").
ATTACKS_TWICE = re.compile(r"\battack\w*\b.*\btwice\b", re.IGNORECASE | re.DOTALL)


def twice_abilities(card: Any) -> list[str]:
    """The names of the abilities of the mouse ``card`` (card data) that may let it attack twice: those
    whose text says so, or that have no text in the data (it cannot say they do not)."""
    return [str(a.get("name") or "ability") for a in card.get("abilities") or ()
            if isinstance(a, Mapping) and (not a.get("text") or ATTACKS_TWICE.search(str(a.get("text"))))]


def why_not_twice(state: VillageState, uid: str, card: Any = None) -> RuleError | None:
    """Why the turn player's mouse ``uid`` may not attack twice this turn (an attack's ``twice``), or
    ``None``. Each attacking Mouse may only attack once (Attack / Defense Structure): a second attack
    is a Mouse's ability (Twin Tail Duelist's Double Strike), and an ability is used in Step 4, before
    the attack is declared, once per turn and with its Fruit cost (Order of Turn, Step 4; Card
    Descriptions 6): so the mouse has used it this turn. ``card``: its card data (``None``: not known):
    then the ability used is one that lets it attack twice (:func:`twice_abilities`), and a card with
    none is refused. The tracker refuses an attack with it, and the page offers only the mice it allows."""
    once = f"{CITE_BATTLE}: each attacking Mouse may only attack once"
    names = twice_abilities(card) if card is not None else None
    if names == []:
        return RuleError(f"{uid!r} attacks once: its card ({card.name}) has no ability that lets it attack "
                         "twice", cite=f"{once}; {CITE_ABILITY}")
    which = " or ".join(map(repr, names)) if names else "an ability that lets it attack twice"
    used = dict(zip(state.t.abilities, state.t.ability_names, strict=True))
    if uid not in used:
        return RuleError(f"{uid!r} has not used {which} this turn: a second attack comes from a Mouse's "
                         "ability, used in Step 4 (its Fruit cost paid) before the attack is declared",
                         cite=f"{once}; {CITE_TURN}, Step 4; {CITE_ABILITY}")
    if names and used[uid] and used[uid] not in names:
        return RuleError(f"{uid!r} used {used[uid]!r} this turn, not {which}: a Mouse uses its ability once "
                         "per turn", cite=f"{once}; {CITE_ABILITY}")
    return None


@dataclass(frozen=True, slots=True)
class CheckItem:
    step: int
    title: str
    status: str  # done | current | todo | skipped | unavailable
    detail: str = ""


def checklist(state: VillageState) -> list[CheckItem]:
    """The turn guide: the seven steps with what is done, current, skipped or not possible."""
    t = state.t
    out = []
    for step, title in STEPS:
        detail = ""
        if step == 1:
            done = t.drew
            detail = "drawn" if t.drew else ("forfeited" if t.step > 1 else "draw your card first")
        elif step == 2:
            done = bool(t.mouse_played)
            detail = f"{t.mouse_played} mouse played" if done else _step_two_detail(state)
        elif step == 3:
            done = t.fruit
        elif step == 4:
            done = bool(t.abilities)
            detail = ", ".join(t.abilities)
        elif step == 5:
            done = t.items > 0 or state.current in t.magic
        elif step == 6:
            done = t.attacked or t.declared
            if t.declared and not t.attacked:
                detail = "no attack this turn"
            elif state.first_turn:
                detail = "no attack on the first turn of the game"
        else:
            done = False
        refused = why_not(state, "attack") if step == 6 else None
        reason = refused.render() if refused is not None else None
        if done:
            status = "done"
        elif step == t.step:
            status = "current"
        elif step < t.step:
            status = "skipped"
        elif reason:
            status = "unavailable"
        else:
            status = "todo"
        if status == "unavailable" and not detail:
            detail = reason or ""
        out.append(CheckItem(step, title, status, detail))
    return out


def _step_two_detail(state: VillageState) -> str:
    """What the turn guide says of Step 2 while no mouse is played this turn, true to the state: skipped (in
    strict order: the turn is past it), or which of the turn player's Basic Mice may be sacrificed for a
    Mega Mouse (Summoning MegaMice), or why none may: only Mega Mice on the field, or no Basic Mouse has
    had a full turn there yet."""
    if state.strict_order and state.t.step > 2:
        return "no mouse played this turn"
    ready = sacrificable(state)
    if ready:
        return f"may be sacrificed for a Mega Mouse: {', '.join(ready)}"
    field_ = state.players[state.current].field if state.started else ()
    if field_ and not any(m.kind == "basic" for m in field_):
        return "no Basic Mouse on the field to sacrifice for a Mega Mouse, only Mega Mice"
    return "no Basic Mouse has had a full turn on the field yet"


#: The card ``type`` each event that names a card plays it as.
CARD_TYPES = {"play_basic": "basic-mouse", "summon_mega": "mega-mouse", "magic": "magic", "item": "item"}
MOUSE_TYPES = {kind: t for kind, t in CARD_TYPES.items() if t.endswith("-mouse")}
#: How a refusal names each card type, and the section that says how it is played.
_KIND_OF = {"basic-mouse": ("a Basic Mouse", f"{CITE_TURN}, Step 2"),
            "mega-mouse": ("a Mega Mouse", CITE_MEGA),
            "magic": ("a Magic card", CITE_MAGIC), "item": ("an Item card", CITE_ITEM),
            "fruit": ("a Fruit card", f"{CITE_TURN}, Step 3")}


#: Event fields that name a Village card (checked against the card data, for a typo).
CARD_NAME_FIELDS = {"play_basic": "name", "summon_mega": "name", "item": "name", "magic": "name"}

#: The longest card name a new action takes (a mouse, an Item or Magic card, an ability, the card a coin is
#: flipped for): a mouse's name is its id on the field ("Acorn Scout #3"), in every board line and message.
CARD_NAME_MAX = 60
#: The events that name a card anew, by the field that names it and how a refusal says it.
NEW_NAME_FIELDS = {"play_basic": ("name", "the mouse's name"), "summon_mega": ("name", "the mouse's name"),
                   "item": ("name", "the Item's name"), "magic": ("name", "the Magic card's name"),
                   "ability": ("name", "the ability's name"),
                   "flip": ("card", "the name of the card flipped for")}


def why_not_card_text(name: object, what: str = "the card's name") -> RuleError | None:
    """Why ``name``, a card named by a new action (``what``: which name, in words), is refused, or ``None``:
    it is one line of at most :data:`CARD_NAME_MAX` characters without an invisible format character, as a
    player's name is (one check: :func:`~companion.textio.line_problem`): a pasted paragraph or a line break
    would become a mouse id and break every line that shows it. Not text: ``None`` (the event's own check
    says so). The tracker refuses a new event with it (:meth:`VillageTracker.complete`) and the page turns
    the button off with it; a line already logged is read as it was."""
    if not isinstance(name, str):
        return None
    return line_problem(name, what, CARD_NAME_MAX, error=RuleError)


def unknown_event(kind: object) -> LogError:
    """The refusal of an event kind the tracker does not know, with the closest one."""
    return LogError(f"unknown Village TCG event {shown(kind, 40)}", expected=", ".join(EVENTS),
                    suggestion=did_you_mean(closest(str(kind), EVENTS)))


#: What a mouse of one's own needs: its ATK and DEF given (no card gives them); the tracker and the page
#: say it in these words.
OWN_MOUSE_HINT = "For a mouse of your own, give its ATK and DEF with its name"


def mouse_names(db: Any) -> list[str]:
    """The names of the mouse cards (Basic and Mega) in the card data ``db``, sorted: what a misspelt
    mouse is matched against, and the page's mouse name box offers."""
    return card_names(db, *MOUSE_TYPES.values())


def card_names(db: Any, *types: str) -> list[str]:
    """The names of the cards of ``types`` in the card data ``db``, sorted."""
    return sorted({c.name for c in db.of_type(*types)})


#: A card argument left out: the function looks the card up itself (a caller that has looked it up passes it
#: on, ``None`` for a name that is no card of the data, so that one play looks its card up once).
LOOK_UP: Any = object()


def _card_of(db: Any, name: object, card: Any) -> Any:
    """``card`` as passed on (:data:`LOOK_UP`: the card ``name`` names in ``db``, looked up now)."""
    if card is not LOOK_UP:
        return card
    return db.lookup(name) if isinstance(name, str) and name.strip() else None


def check_mouse_name(db: Any, name: object, atk: object, dfn: object, *, card: Any = LOOK_UP) -> None:
    """Refuse a mouse played under a name the card data ``db`` does not know but is close to one of
    its mice, with its ATK or DEF not given: a misspelt card (it would play with unknown stats, and
    its attack be refused later), named with the closest mice. A mouse of one's own plays with its
    ATK and DEF given; a name close to no card (only a part of one: "A"), or no data, is left to
    :func:`unknown_card_note`. ``card``: the card the name names, when the caller has looked it up."""
    if atk is not None and dfn is not None:
        return
    check_card_name(db, name, tuple(MOUSE_TYPES.values()), f"{OWN_MOUSE_HINT}.", card=card)


def why_not_unknown_stats(db: Any, name: object, atk: object, dfn: object, *,
                          card: Any = LOOK_UP) -> RuleError | None:
    """Why a new mouse named ``name`` cannot be played with the ATK ``atk`` and DEF ``dfn`` it has (``None``:
    not given, and no card gives it), or ``None``: a mouse whose ATK or DEF is unknown cannot battle (its
    attack, or an attack on it, is refused: Attack / Defense Structure), so a mouse that is no card of the
    data ``db`` plays as a mouse of one's own, with both typed (:data:`OWN_MOUSE_HINT`). The tracker refuses
    a new mouse with it and the page turns Play Basic Mouse and Summon Mega Mouse off with it, in the same
    words; a line already logged is read as it was. Without card data (``None``) a name cannot be told
    from a card's, so it passes: its ATK and DEF may be given later (``stats``). ``card``: the card the
    name names, when the caller has looked it up (:data:`LOOK_UP`)."""
    if db is None or (atk is not None and dfn is not None):
        return None
    text = name.strip() if isinstance(name, str) else ""
    if not text:
        return RuleError("type the mouse's name (its card fills in ATK and DEF), or ATK and DEF for a mouse "
                         "of your own")
    card = _card_of(db, text, card)
    if card is None:
        return RuleError(f"{text!r} is not a card in the data. {OWN_MOUSE_HINT}.")
    missing = " and ".join(stat for stat, value in (("ATK", atk), ("DEF", dfn)) if value is None)
    return RuleError(f"the card data does not give the {missing} of {card.name!r}: a mouse whose ATK or DEF "
                     f"is unknown cannot battle; give its {missing} as printed on the card", cite=CITE_BATTLE)


def check_card_name(db: Any, name: object, types: tuple[str, ...], hint: str | None = None, *,
                    card: Any = LOOK_UP) -> None:
    """Refuse a card named ``name``, not in the card data ``db`` but close to one of its cards of
    ``types``: a misspelt card ("Walnut Sheild"), named with the closest cards ("did you mean 'Walnut
    Shield'?"), ``hint`` saying what else to do. One rule for a mouse (:func:`check_mouse_name`), an
    Item and a Magic card; a name close to no card (only a part of one: "A"), or no data, passes, a card
    of one's own (:func:`unknown_card_note`). ``card``: the card the name names, when the caller has
    looked it up (:data:`LOOK_UP`)."""
    if db is None or not isinstance(name, str) or not name.strip() or _card_of(db, name, card) is not None:
        return
    typed = name.strip().lower()
    meant = [m for m in closest(typed, card_names(db, *types))
             if difflib.SequenceMatcher(None, typed, m.lower()).ratio() >= 0.6]  # (closest's own cutoff)
    if meant:
        raise RuleError(f"{name!r} is not a card in the data: did you mean {' or '.join(map(repr, meant))}?",
                        suggestion=hint)


#: What to do instead when a card of one's own (an Item or a Magic card) is named close to a card of the data.
OWN_CARD_HINT = "For a card of your own, give it a name no card of the data has."


def check_item_or_magic_name(db: Any, kind: str, name: object, *, card: Any = LOOK_UP) -> None:
    """Refuse the Item or Magic card named ``name`` (``kind``: the event, ``item`` or ``magic``) when it
    is not in the card data ``db`` but close to one of its cards of that type (:func:`check_card_name`,
    with what to do for a card of one's own): the tracker refuses a new event with it (``village do``
    before anything is written) and the page turns the button off with it. ``card``: the card the name
    names, when the caller has looked it up."""
    check_card_name(db, name, (CARD_TYPES[kind],), OWN_CARD_HINT, card=card)


def unknown_card_note(db: Any, event: Mapping[str, Any]) -> str | None:
    """What to say of an event naming a card the card data ``db`` does not know (``None``: it knows
    it, or there is no data): the rules take any name (a card of one's own, its ATK and DEF typed
    in), but a typo should not pass unseen, so the note gives the closest names (a name close to a card
    of the data is refused before this: :func:`check_card_name`)."""
    field_ = CARD_NAME_FIELDS.get(str(event.get("event")))
    name = event.get(field_) if field_ else None
    if db is None or not isinstance(name, str) or not name.strip() or db.lookup(name) is not None:
        return None
    hint = did_you_mean(db.suggest(name))
    return f"{name!r} is not a Village card in the card data; it was recorded as typed" + (
        f". {hint}" if hint else "")


def _mouse_id(uid: object, example: str = "") -> str:
    """The mouse an event names: a mouse id (``Acorn Scout #1``); none or another value is refused."""
    if uid is None:
        raise RuleError("no mouse chosen: play a mouse first, or choose one on the field")
    if not isinstance(uid, str):
        raise RuleError(f"mouse must be a mouse id{example}, not {shown(uid, 40)}")
    return uid


def why_not_card_type(card: Any, kind: str, plays_it: Mapping[str, str] | None = None) -> RuleError | None:
    """Why ``card`` (card data; ``None``: a card of one's own) cannot be played as ``kind`` (its sentence
    and rule-book section), or ``None``: ``kind`` is ``basic-mouse`` (Order of Turn, Step 2), ``mega-mouse``
    (Summoning MegaMice), ``magic`` or ``item`` (Card Descriptions 4-5); a Mega Mouse is never played as a
    Basic Mouse, and a Fruit card is no mouse at all. The tracker refuses an event with it
    (:func:`check_card_type`) and the page turns the button off with it before the click.

    ``plays_it``: how the user plays a card of each type instead, by its type (a page names its
    button): the sentence then says so in place of what the card is not."""
    if card is None or card.type == kind:
        return None
    kind_of, own = _KIND_OF.get(card.type, (f"a {card.type} card", CITE_EFFECTS))
    if plays_it and card.type in plays_it:
        return RuleError(f"{card.name!r} is {kind_of}: {plays_it[card.type]}", cite=own)
    if kind == "basic-mouse" and card.type == "mega-mouse":
        return RuleError(f"{card.name!r} is a Mega Mouse: it is summoned by sacrificing a Basic Mouse",
                         cite=CITE_MEGA)
    what, source = _KIND_OF[kind]
    return RuleError(f"{card.name!r} is {kind_of}, not {what}", cite=source)


def check_card_type(card: Any, kind: str) -> None:
    """Refuse a card played as a type it is not, for the reason :func:`why_not_card_type` gives."""
    refused = why_not_card_type(card, kind)
    if refused is not None:
        raise refused


def why_not_magic_kind(card: Any, instant: object, continuous: object, *,
                       page: bool = False) -> RuleError | None:
    """Why the Magic card ``card`` (card data) cannot be played as ``instant`` / ``continuous`` say
    (``None``: not said, the card data gives it), or ``None``: whether a known card is instant or
    continuous is its card data's (Legend; Card Descriptions 5). The tracker refuses an event with it and
    the page, whose toggle follows the card, turns Play Magic card off with it (``page``: in words
    without the event's fields)."""
    for flag, said in (("instant", instant), ("continuous", continuous)):
        printed = card.get(flag)
        if printed is None or said is None or bool(said) == bool(printed):
            continue
        if page:
            return RuleError(f"{card.name} is {'' if printed else 'not '}{flag} by its card data",
                             cite=CITE_MAGIC)
        return RuleError(f"{card.name} is {'' if printed else 'not '}{flag} by the card data, not as the "
                         f"event says ({flag}: {shown(bool(said))})", cite=CITE_MAGIC,
                         suggestion=f"Leave '{flag}' out: the card data gives it.")
    return None


def card_ability(card: Any, name: object) -> tuple[str, int | None]:
    """The ability of a mouse ``card`` named ``name`` (any spelling of it; ``None``: the card's only
    one), as (its name, its Fruit cost or ``None`` when the data does not know it). A card with
    no ability, or without one of that name, is refused (Card Descriptions 6 Abilities)."""
    from ..cards import norm_text

    none = why_no_ability(card)
    if none is not None:
        raise none
    abilities = [a for a in card.get("abilities") or () if isinstance(a, Mapping)]
    names = [str(a.get("name") or "ability") for a in abilities]
    costs = [a.get("fruit_cost") for a in abilities]
    listed = ", ".join(f"{n!r} ({'unknown' if c is None else c} Fruit)"
                       for n, c in zip(names, costs, strict=True))
    if name is None:
        if len(abilities) > 1:
            raise RuleError(f"{card.name!r} has {len(abilities)} abilities: name the one used "
                            f'("name": ...): {listed}')
        return names[0], costs[0]
    for n, c in zip(names, costs, strict=True):
        if isinstance(name, str) and norm_text(n) == norm_text(name):
            return n, c
    raise RuleError(f"{card.name!r} has no ability {name!r}: its card has {listed}",
                    suggestion=did_you_mean(closest(str(name), names)))


class VillageTracker(Tracker[VillageState]):
    """Two players' Mouse Points, decks, field and turn guide as an event log.

    ``cards``: the Village card data (a :class:`~companion.cards.CardDB`), or ``None``. With it,
    a new action names a card and the data fills in what the event leaves out, as the
    notebook's boxes do (:meth:`complete`): a mouse's ATK and DEF, an ability's Fruit cost,
    whether a Magic card is instant or continuous; and a card played as the wrong kind of
    mouse, or as a Magic or Item card it is not, is refused, and so is a name that is no card of
    the data but close to one (a misspelt card, :func:`check_card_name`). The log records the
    filled-in event, so a replay never needs the data.
    """

    KIND = "village"
    EVENT_KINDS = frozenset(EVENTS)
    START_FIELDS = frozenset({"players", "first", "decks", "deck", "mp", "seed", "strict_order",
                              "direct_damage", "fruit_cost", "toss", "previous"})
    cards: Any = None
    #: Refuse a new start while the log holds a game (:meth:`~companion.eventlog.Tracker.restart_refused`;
    #: the page's New game begins a new log).
    one_game = True

    def action_words(self, before: VillageState, after: VillageState) -> list[str]:
        """What an action said: the lines the page and ``village do`` show (``last``)."""
        return [line for line in after.last if line]

    def undone_words(self, taken: Sequence[str]) -> list[str]:
        """What an undo says, without the forfeited-draw warning (:func:`undone_lines`)."""
        return undone_lines(taken)

    def redo_words(self, before: VillageState, after: VillageState) -> list[str]:
        """What a redo says: ``Redone:`` once, with what was brought back (an attack from the states:
        :func:`attack_redone`; any other action: :func:`redone_lines`)."""
        attack = attack_redone(before, after)
        return attack if attack is not None else redone_lines(self.action_words(before, after))

    def undo_words(self, before: VillageState, after: VillageState) -> list[str]:
        """What the undo from ``before`` back to ``after`` says: an attack, or a change of Mouse Points or
        of a deck, in one line from the states, with the counts as they now are (their own lines are no
        longer true: :func:`attack_undone`, :func:`change_undone`); any other action as
        :meth:`undone_words` says it; then the game's end, when the undo changes it (:func:`end_undone`)."""
        undone = attack_undone(after, before) or change_undone(after, before)
        said = [undone] if undone is not None else super().undo_words(before, after)
        end = end_undone(after, before)
        return [*said, end] if end is not None else said

    def initial(self) -> VillageState:
        return VillageState()

    @property
    def _cap(self) -> int | None:
        """:data:`MAX_NUMBER` for a new action; ``None`` while the log is read again, so a line an
        older version wrote with a bigger number is kept as it was."""
        return None if self.replaying else MAX_NUMBER

    def complete(self, state: VillageState, event: Event) -> Event:
        """``event`` with what its card gives filled in (see the class); unchanged without card
        data, for a name that is no card (a card of one's own: ATK and DEF typed in), or for a
        mouse the fold will refuse anyway."""
        kind = event.get("event")
        named = NEW_NAME_FIELDS.get(str(kind))
        if named is not None:  # (a new action's card name: one line, not too long)
            refused = why_not_card_text(event.get(named[0]), named[1])
            if refused is not None:
                raise refused
        if kind == "start" and "first" not in event:  # who goes first: the coin toss, logged (Gameplay)
            event = copy.copy(event)
            event["first"], event["toss"] = coin_toss(event.get("seed", 0)), True
            return event
        if kind == "flip" and "seeded" in event:  # (the coin's side is the seed's, never the player's)
            raise LogError("'flip' event: seeded is logged by the tracker (what the seeded coin gave), not "
                           "typed in", found=shown(event["seeded"], 40),
                           suggestion='leave seeded out for the seeded coin, or give "result" for the '
                                      "table's own flip")
        if kind == "flip" and _coin_side(event.get("result")) != event.get("result"):  # "Heads": heads
            event = copy.copy(event)
            event["result"] = _coin_side(event["result"])
            return event
        if kind == "flip" and event.get("result") is None and state.started:
            # what the seeded coin gives is logged with the flip, so a line lost or changed earlier in
            # the log never turns it over on replay (the key of the draw would then be another flip's)
            event = copy.copy(event)
            event["seeded"] = seeded_flip(state)
            return event
        if kind in MOUSE_TYPES and event.get("number") is None:
            # the mouse's number (Acorn Scout #3) is logged with it, so a line lost earlier in the
            # log never renumbers the mice after it (their attacks and items name them)
            event = copy.copy(event)
            event["number"] = state.next_uid
        db = self.cards
        if db is None or (kind not in CARD_TYPES and kind != "ability"):
            return event
        out = copy.copy(event)  # (a copy of the same type: the CLI's events note what was read)
        if kind in CARD_TYPES:
            name = event.get("name")
            card = _card_of(db, name, LOOK_UP)  # (looked up once, and passed on)
            if card is None:  # a misspelt card is no card of one's own
                if kind in MOUSE_TYPES:
                    check_mouse_name(db, name, event.get("atk"), event.get("def"), card=None)
                else:
                    check_item_or_magic_name(db, kind, name, card=None)
                return event
            check_card_type(card, CARD_TYPES[kind])
            out["name"] = card.name
            if kind in MOUSE_TYPES:  # its ATK and DEF
                for stat in ("atk", "def"):
                    if event.get(stat) is None:
                        out[stat] = card.get(stat)
            elif kind == "magic":  # whether it stays or goes (Card Descriptions 5)
                clash = why_not_magic_kind(card, event.get("instant"), event.get("continuous"))
                if clash is not None:
                    raise clash
                for flag in ("instant", "continuous"):
                    if card.get(flag) is not None:
                        out[flag] = bool(card.get(flag))
            return out
        try:
            _p, mouse = state.mouse(event.get("mouse"))  # type: ignore[arg-type]
        except (RuleError, TypeError):
            return event
        card = db.lookup(mouse.name)
        if card is None or card.type not in MOUSE_TYPES.values():
            return event
        ability, cost = card_ability(card, event.get("name"))
        out["name"] = ability
        if event.get("cost") is None:
            if cost is None:
                raise RuleError(f"the card data does not give the Fruit cost of {ability!r} "
                                f'({card.name}): add "cost": N as printed on the card')
            out["cost"] = cost
        return out

    # -- helpers ---------------------------------------------------------------------------
    def _refuse(self, state: VillageState, kind: str, event: Event) -> None:
        if kind == "attack":  # (its value's shape first: a typo is said as typed, not as a rule)
            self._attacks_of(event)
        player = event.get("player") if kind == "magic" else None
        refused = why_not(state, kind, player if player in (0, 1) else None,
                          instant=kind == "magic" and bool(event.get("instant")),
                          attack_flip=kind == "flip" and event.get("attack") is True,
                          no_attack=kind == "attack" and event.get("attacks") == [], logged=self.replaying)
        if refused is not None:
            raise refused.relabel(message=f"{kind.replace('_', ' ')} not allowed: {refused.message}")

    def _advance(self, state: VillageState, kind: str) -> VillageState:
        step = EVENTS[kind]
        if step is None or step <= state.t.step:
            return replace(state, opened=True)
        return replace(state, t=replace(state.t, step=step), opened=True)

    def _mouse_for(self, state: VillageState, kind: str, uid: object, **checks: Any) -> FieldMouse:
        """The mouse ``uid`` an event of ``kind`` acts on, refused for the reason :func:`why_not_on`
        gives (``checks``: what the event says, passed on to it)."""
        uid = _mouse_id(uid, " such as 'Acorn Scout #1'")
        refused = why_not_on(state, kind, uid, **checks)
        if refused is not None:
            raise refused
        return state.mouse(uid)[1]

    def _replace_mouse(self, state: VillageState, new: FieldMouse) -> VillageState:
        p, _old = state.mouse(new.uid)
        pl = state.players[p]
        fld = tuple(new if m.uid == new.uid else m for m in pl.field)
        return _set_player(state, p, replace(pl, field=fld))

    def _remove_mouse(self, state: VillageState, uid: str) -> VillageState:
        p, m = state.mouse(uid)
        pl = state.players[p]
        state = _set_player(state, p, replace(pl, field=tuple(x for x in pl.field if x.uid != uid),
                                              discard=pl.discard + m.own_cards))
        if m.foreign:  # the other player's Items on it go to that player's discard pile
            other = state.players[1 - p]
            state = _set_player(state, 1 - p, replace(other, discard=other.discard + len(m.foreign)))
        return state

    @staticmethod
    def _gone_words(state: VillageState, m: FieldMouse, p: int) -> str:
        """``3 cards to the discard pile``, and the other player's Items on the mouse to theirs."""
        theirs = f", {len(m.foreign)} to {state.players[1 - p].name}'s (their Item)" if m.foreign else ""
        return f"{plural(m.own_cards, 'card')} to the discard pile{theirs}"

    def _new_mouse(self, state: VillageState, event: Event,
                   kind: str) -> tuple[VillageState, FieldMouse, Any]:
        """``state`` with the mouse ``event`` plays numbered, the mouse, and its card (looked up once here,
        for the fold's checks and notes; :meth:`complete` looked it up once for the new event's)."""
        name = event.get("name") or ("Mega Mouse" if kind == "mega" else "Basic Mouse")
        if not isinstance(name, str):
            raise RuleError(f"name must be text, not {shown(name, 40)}")
        atk = _int(event, "atk", None, minimum=0, maximum=self._cap)
        dfn = _int(event, "def", None, minimum=0, maximum=self._cap)
        card = self.mouse_card_named(name)
        unknown = None if self.replaying else why_not_unknown_stats(self.cards, event.get("name"), atk, dfn,
                                                                    card=card)
        if unknown is not None:  # (an older log's mouse of unknown stats is kept as it was played)
            raise unknown
        number = state.next_uid
        logged = event.get("number")  # (see complete(); an older log's events have none)
        if self.replaying:  # a line already in the log: its number if it can be, else the next one
            if isinstance(logged, int) and not isinstance(logged, bool) and 1 <= logged <= 10**6 and not any(
                    m.uid.endswith(f" #{logged}") for p in state.players for m in p.field):
                number = logged
        elif logged is not None:
            number = self._mouse_number(state, logged)
        m = FieldMouse(f"{name} #{number}", name, kind, atk, dfn, state.turn)
        return replace(state, next_uid=max(state.next_uid, number + 1), uids=(*state.uids, m.uid)), m, card

    @staticmethod
    def _stats_note(m: FieldMouse, card: Any) -> tuple[str, ...]:
        """An ATK or DEF typed other than the mouse's card's (``card``: its card data, or ``None``), said
        beside its play (never refused: :func:`~companion.village.battle.stats_typed`)."""
        said = stats_typed(card, m.atk, m.defense) if card is not None else None
        return (f"{said} ({CITE_EFFECTS})",) if said else ()

    @staticmethod
    def _mouse_number(state: VillageState, number: object) -> int:
        """A new mouse's ``number``, its ``#`` in its id (``Acorn Scout #3``): the rule book numbers no
        mice; the number is the tracker's, and every later event names the mouse by its id, so it
        is a whole number from 1 to :data:`MOUSE_NUMBER_MAX` that no mouse of this game had, on
        either field or gone from it (a second ``Acorn Scout #1`` would be taken for the first)."""
        free = f"Leave 'number' out: the tracker gives the next free one, #{state.next_uid}."
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MOUSE_NUMBER_MAX:
            raise RuleError(f"number (the mouse's # in its id) must be a whole number from 1 to "
                            f"{MOUSE_NUMBER_MAX}, not {shown(number, 30)}", suggestion=free)
        held = next((uid for uid in state.uids if uid.endswith(f" #{number}")), None)
        if held is not None:
            where = ("is on the field" if any(m.uid == held for pl in state.players for m in pl.field)
                     else "has left the field")
            raise RuleError(f"number {number} was already given to {held!r}, which {where}: each mouse of a "
                            "game has its own number, so that every event names one mouse", suggestion=free)
        return number

    # -- the fold --------------------------------------------------------------------------
    def apply(self, state: VillageState, event: Event) -> VillageState:
        kind = event.get("event")
        if kind not in EVENTS:
            raise unknown_event(kind)
        state = replace(state, last=())
        handler = getattr(self, f"_on_{kind}")
        if kind != "start":
            self._refuse(state, kind, event)
        new = handler(state, event)
        if kind != "flip":  # the next flips are of another moment (Coin Flips: "in play at once")
            new = replace(new, t=replace(new.t, flips_from=len(new.t.flips)))
        if kind == "start":  # a new game: nothing of a game it replaces (its turn, its end) is said
            return new
        t = state.t
        if state.started and not t.drew and t.step == 1 and (new.turn != state.turn or new.t.step > 1):
            new = replace(new, last=(*new.last, FORFEIT_NOTE))
        if state.over:  # (only a correction gets here: why_not)
            return _recheck_winner(new)
        return _check_winner(new)

    def _on_start(self, state: VillageState, e: Event) -> VillageState:
        if self.restart_refused(state.started):
            raise RuleError("the game has already started; start a new log for a new game",
                            suggestion=NEW_GAME_HERE)
        names = e.get("players", ["Player 1", "Player 2"])
        if (not isinstance(names, list | tuple) or len(names) != 2
                or not all(isinstance(n, str) and n.strip() for n in names)):
            raise RuleError(f"players must be two names, not {shown(names)}",
                            expected=f"two names, each on one line of at most {PLAYER_NAME_MAX} characters, "
                                     'e.g. ["Ann", "Bob"]')
        # (deck is read only when decks is not given: given with it, it is said to be unused)
        decks = e["decks"] if "decks" in e else [e.get("deck", DEFAULT_DECK)] * 2
        if not isinstance(decks, list | tuple) or len(decks) != 2:
            raise RuleError(f"decks must be two card counts, not {shown(decks)}")
        for d in decks:
            if isinstance(d, bool) or not isinstance(d, int) or d <= HAND:
                raise RuleError(f"a deck needs more than {HAND} cards to start (7 are drawn), not "
                                f"{shown(d, 30)}")
            if self._cap is not None and d > self._cap:
                raise RuleError(f"a deck holds at most {self._cap} cards, not {_shown(d)}")
        seed = e.get("seed", 0)  # logs written before seeds were recorded flipped with seed 0
        if not good_seed(seed, logged=self.replaying):
            raise RuleError(f"seed must be {SEED_WORDS}, not {shown(seed, 40)}")
        # an older log's start without 'first' had Player 1 go first; a new one tosses (complete())
        first = e.get("first", 0 if self.replaying else coin_toss(seed))
        if first not in (0, 1) or isinstance(first, bool):
            raise RuleError(f"first must be 0 (Player 1) or 1 (Player 2), not {shown(first, 40)}")
        tossed = e.get("toss") is True or ("first" not in e and not self.replaying)
        reading = e.get("fruit_cost", "equipped")
        if reading not in FRUIT_READINGS:
            raise RuleError(f"fruit_cost must be {' or '.join(map(repr, FRUIT_READINGS))} (a house "
                            f"interpretation of {CITE_ABILITY}), not {shown(reading, 40)}")
        mp = _int(e, "mp", START_MP, minimum=1, maximum=self._cap)
        direct = _int(e, "direct_damage", None, minimum=0, maximum=self._cap)
        names = player_names(names, logged=self.replaying, error=RuleError)
        previous = e.get("previous")
        if previous is not None and not good_seed(previous, logged=self.replaying):
            raise RuleError(f"previous (the seed of the game kept aside) must be {SEED_WORDS}, not "
                            f"{shown(previous, 40)}")
        players = (Player(names[0], mp, decks[0] - HAND), Player(names[1], mp, decks[1] - HAND))
        how = f" (coin toss from seed {seed!r})" if tossed else ""
        last: tuple[str, ...] = (f"{players[first].name} goes first{how}; each player draws 7 cards and has "
                                 f"{mp} Mouse Points ({CITE_GAMEPLAY})",)
        if reading != "equipped":
            last = (*last, f"for this game: {FRUIT_READINGS[reading]}")
        return VillageState(True, players, first, 1, first, TurnState(), False, None, "",
                            seed, bool(e.get("strict_order", True)), direct, last=last, fruit_reading=reading,
                            previous=previous)

    def _on_redraw(self, state: VillageState, e: Event) -> VillageState:
        p = _player(state, e)
        pl = state.players[p]
        if pl.redrawn:
            raise RuleError(f"redraw not allowed: {pl.name} already redrew; only once per game, per player "
                            f"({CITE_REDRAW})")
        if "basic_in_hand" not in e:  # (the rule's condition, said by the player: never assumed)
            raise RuleError(f"redraw not allowed without \"basic_in_hand\": false, which says that the "
                            f"opening 7 cards hold no Basic Mouse (reveal the hand to your opponent): only "
                            f"such a hand may be redrawn ({CITE_REDRAW})",
                            suggestion='Add "basic_in_hand": false to the redraw event.')
        if e.get("basic_in_hand") is not False:
            raise RuleError(f"redraw not allowed: only when the opening 7 cards hold no Basic Mouse "
                            f"(reveal the hand to your opponent) ({CITE_REDRAW})")
        return replace(_set_player(state, p, replace(pl, redrawn=True)),
                       last=(f"{pl.name} reveals a hand without a Basic Mouse, shuffles it in and draws 7 "
                             "new cards",))

    def _on_draw(self, state: VillageState, e: Event) -> VillageState:
        pl = state.players[state.current]
        state = _set_player(state, state.current, replace(pl, deck=pl.deck - 1))
        state = replace(state, t=replace(state.t, drew=True))
        return replace(self._advance(state, "draw"), last=(f"{pl.name} draws ({pl.deck - 1} left in deck)",))

    def _on_step(self, state: VillageState, e: Event) -> VillageState:
        to = _int(e, "to", minimum=1)
        if to > 7:
            raise RuleError(f"there are 7 steps, not {_shown(to)} ({CITE_TURN})")
        if to < state.t.step:
            raise RuleError(f"the turn is already at Step {state.t.step}; undo to go back ({CITE_TURN})")
        if to == 7:
            raise RuleError(f"use end_turn to end the turn ({CITE_TURN}, Step 7)")
        return replace(state, t=replace(state.t, step=to), opened=True,
                       last=(f"Step {to}: {step_title(to)}",))

    def _on_play_basic(self, state: VillageState, e: Event) -> VillageState:
        state, m, card = self._new_mouse(state, e, "basic")
        pl = state.players[state.current]
        state = _set_player(state, state.current, replace(pl, field=(*pl.field, m)))
        state = replace(state, t=replace(state.t, mouse_played="basic"))
        return replace(self._advance(state, "play_basic"),
                       last=(f"{pl.name} plays {m.uid}", *self._stats_note(m, card)))

    def _on_summon_mega(self, state: VillageState, e: Event) -> VillageState:
        sac = self._mouse_for(state, "summon_mega", e.get("sacrifice"),
                              sacrifice_allowed=e.get("sacrifice_allowed") is True)
        gone = self._gone_words(state, sac, state.mouse(sac.uid)[0])
        state = self._remove_mouse(state, sac.uid)
        state, m, card = self._new_mouse(state, e, "mega")
        pl = state.players[state.current]
        state = _set_player(state, state.current, replace(pl, field=(*pl.field, m)))
        state = replace(state, t=replace(state.t, mouse_played="mega"))
        return replace(self._advance(state, "summon_mega"),
                       last=(f"{pl.name} sacrifices {sac.uid} ({gone}) and plays "
                             f"{m.uid}; {self._mega_may(state, card)}", *self._stats_note(m, card)))

    @staticmethod
    def _mega_may(state: VillageState, card: Any) -> str:
        """What a Mega Mouse just summoned may still do this turn (Mega Mice may use their ability and
        attack the turn they come: Card Descriptions), as far as the turn allows: no ability once the
        attack is declared (Step 4 comes before it), no attack on the first turn or once declared, and no
        ability for a card the card data gives none (``card``: its card data, ``None`` for a mouse not in
        it). The turn's limits are :func:`why_not`'s, as the ability and the attack themselves meet them."""
        has_ability = card is None or why_no_ability(card) is None  # (a mouse not in the data: it may)
        no_attack = why_not(state, "attack")
        may = [*(["use its ability"] if has_ability and why_not(state, "ability") is None else []),
               *(["attack"] if no_attack is None else [])]
        if not may and no_attack is not None:
            return f"{no_attack.message}, so it does nothing more this turn ({CITE_MEGA})"
        return f"it may {' and '.join(may)} this turn ({CITE_MEGA})"

    def _on_fruit(self, state: VillageState, e: Event) -> VillageState:
        m = self._mouse_for(state, "fruit", e.get("mouse"))
        state = self._replace_mouse(state, replace(m, fruit=m.fruit + 1))
        state = replace(state, t=replace(state.t, fruit=True))
        return replace(self._advance(state, "fruit"), last=(f"{m.uid} now has {m.fruit + 1} Fruit",))

    def _on_ability(self, state: VillageState, e: Event) -> VillageState:
        cost = _int(e, "cost", 0, minimum=0, maximum=self._cap)
        ability = e.get("name")
        if ability is not None and not (isinstance(ability, str) and ability.strip()):
            raise RuleError(f"name (the ability's) must be text, not {shown(ability, 40)}")
        m = self._mouse_for(state, "ability", e.get("mouse"), cost=cost,
                            ability=ability.strip() if ability else None)
        named = ability.strip() if ability else ""
        state = replace(state, t=replace(state.t, abilities=(*state.t.abilities, m.uid),
                                         ability_names=(*state.t.ability_names, named)))
        used = f"uses {ability.strip()}" if ability else "uses its ability"
        if state.fruit_reading == "pay" and cost:
            state = self._replace_mouse(state, replace(m, fruit=m.fruit - cost))
            p, _m = state.mouse(m.uid)
            pl = state.players[p]
            state = _set_player(state, p, replace(pl, discard=pl.discard + cost))
            said = f"{m.uid} {used}: it pays {cost} Fruit, {m.fruit - cost} left equipped"
        else:
            said = f"{m.uid} {used} ({cost} Fruit needed, {m.fruit} equipped)"
        return replace(self._advance(state, "ability"), last=(said, *self._cost_note(m, ability, cost),
                                                               FRUIT_READINGS[state.fruit_reading]))

    def _cost_note(self, m: FieldMouse, ability: str | None, cost: int) -> tuple[str, ...]:
        """A cost typed other than the card's (the card data's, when it knows the mouse and the cost),
        said beside the ability: a card effect may change it, a slip at the table should not pass as one."""
        card = self.cards.lookup(m.name) if self.cards is not None else None
        if card is None:
            return ()
        try:
            name, printed = card_ability(card, ability)
        except RuleError:  # (refused before this, as the card's own words say it)
            return ()
        if printed is None or printed == cost:
            return ()
        return (f"{name} costs {printed} Fruit on its card; {cost} was used (a card effect that changes "
                f"the cost?) ({CITE_ABILITY})",)

    def _on_item(self, state: VillageState, e: Event) -> VillageState:
        m = self._mouse_for(state, "item", e.get("mouse"), opponent_allowed=bool(e.get("opponent_allowed")),
                            extra=bool(e.get("extra")))
        name = str(e.get("name") or "Item")
        owner = state.mouse(m.uid)[0]
        foreign = (*m.foreign, name) if owner != state.current else m.foreign  # (played on the opponent's)
        state = self._replace_mouse(state, replace(m, items=(*m.items, name), foreign=foreign))
        state = replace(state, t=replace(state.t, items=state.t.items + 1))
        whose = f" ({state.players[state.current].name}'s Item)" if owner != state.current else ""
        return replace(self._advance(state, "item"), last=(f"{m.uid} equips {name}{whose}",))

    def _on_magic(self, state: VillageState, e: Event) -> VillageState:
        p = _player(state, e, state.current)
        instant = bool(e.get("instant"))
        continuous = bool(e.get("continuous"))
        if instant and continuous:
            raise RuleError(f"a Magic card is either instant or continuous, not both ({CITE_LEGEND}; "
                            f"{CITE_MAGIC})")
        name = str(e.get("name") or "Magic card")
        pl = state.players[p]
        if continuous:
            state = _set_player(state, p, replace(pl, magic=(*pl.magic, name)))
        else:
            state = _set_player(state, p, replace(pl, discard=pl.discard + 1))
        state = replace(state, t=replace(state.t, magic=(*state.t.magic, p)))
        if not instant:
            state = self._advance(state, "magic")
        stays = "stays on the field" if continuous else "goes to the discard pile once used"
        return replace(state, opened=True, last=(f"{pl.name} plays {name}; it {stays}",))

    def _on_flip(self, state: VillageState, e: Event) -> VillageState:
        if not self.replaying and e.get("card") is not None and not isinstance(e.get("card"), str):
            raise RuleError("card must be text (the card the coin is flipped for), not "
                            f"{shown(e.get('card'), 40)}", expected='a card\'s name, e.g. "Quicksand"')
            # (a logged line is read as it was)
        card = str(e.get("card") or "coin flip")
        what = f"coin flip for {card}" if e.get("card") else "coin flip"  # (never "coin flip for coin flip")
        functions = _int(e, "functions", 1, minimum=1, maximum=self._cap)
        out_of_order = why_not_flip(state, functions, card)
        if out_of_order is not None:
            raise out_of_order
        result = _coin_side(e.get("result"))
        said: tuple[str, ...] = ()
        if result is None:
            result = now = seeded_flip(state)
            # (see complete(); an older log's flips have none, or null: drawn again)
            logged = e.get("seeded")
            if logged is not None:
                if logged not in ("heads", "tails"):
                    raise RuleError(f"seeded (what the seeded coin gave, logged with the flip) is heads or "
                                    f"tails, not {shown(logged, 40)}")
                result = logged
            if result != now:  # the seed no longer gives it: this line or one before it was lost or changed
                said = (f"{result} as logged at the table: the seed now gives {now}, so this line or one "
                        "before it was lost or changed",)
                note = (f"turn {state.turn}, {what}: {result} as logged at the table; the seed "
                        f"now gives {now}, so its line or one before it was lost or changed")
                state = replace(state, notes=(*state.notes, note))
        if result not in ("heads", "tails"):
            raise RuleError(f"a coin shows heads or tails, not {shown(result, 40)}")
        state = replace(state, t=replace(state.t, flips=(*state.t.flips, (card, functions, result))))
        if e.get("attack") is not True:  # a card's flip moves no step (Coin Flips)
            return replace(self._advance(state, "flip"), last=(f"{what}: {result}", *said))
        # a flip that can negate an attack goes at the beginning of the Attack Phase: it opens it
        before = state.t.step
        state = self._advance(state, "attack")
        if before < 6:
            return replace(state, last=(f"{what}: {result}", *said, ATTACK_PHASE_NOTE))
        return replace(state, last=(f"{what}: {result}, at the beginning of the Attack Phase "
                                    f"({CITE_FLIPS})", *said))

    def battle(self, state: VillageState, attacks: list[Attack],
               direct_damage: int | str | None = None, twice: tuple[str, ...] = ()) -> BattleResult:
        """Resolve ``attacks`` on ``state``'s field without logging anything (a preview); ``twice``:
        the mice a card lets attack twice this turn. ``direct_damage``: MP an undefended attack takes
        (:data:`DIRECT_ATK`: the attacker's ATK; ``None``: the game's, :attr:`VillageState.direct_damage`)."""
        me, them = state.players[state.current], state.players[1 - state.current]
        direct: int | None
        if direct_damage is None:
            direct = state.direct_damage
        elif isinstance(direct_damage, str):  # (DIRECT_ATK)
            direct = None
        else:
            direct = direct_damage
        return resolve_battle([Fighter(m.uid, m.atk, m.defense, m.kind) for m in me.field],
                              [Fighter(m.uid, m.atk, m.defense, m.kind) for m in them.field],
                              attacks, first_turn=state.first_turn, direct_damage=direct,
                              opponent_mp=them.mp, twice=twice, opponent=them.name)

    def _twice(self, state: VillageState, e: Event) -> tuple[str, ...]:
        """The attack event's ``twice``: the turn player's mice a card lets attack twice this turn."""
        raw = e.get("twice", [])
        if not isinstance(raw, list) or not all(isinstance(uid, str) for uid in raw):
            raise RuleError(f"twice must be a list of mouse ids, not {shown(raw)}",
                            expected='e.g. ["Twin Tail Duelist #3"]')
        for uid in raw:
            m = self._mouse_for(state, "attack", uid)
            refused = None if self.replaying else why_not_twice(state, uid, self.mouse_card(m))
            if refused is not None:  # (an older log's line is kept as it was played)
                raise refused
        return tuple(raw)

    def mouse_card(self, m: FieldMouse) -> Any:
        """The card data of the mouse ``m`` (``None``: no data, or not a mouse card of it)."""
        return self.mouse_card_named(m.name)

    def mouse_card_named(self, name: str) -> Any:
        """The mouse card named ``name`` in the card data (``None``: no data, or no mouse card of it)."""
        card = self.cards.lookup(name) if self.cards is not None else None
        return card if card is not None and card.type in MOUSE_TYPES.values() else None

    @staticmethod
    def _attacks_of(e: Event) -> list[Attack]:
        """An attack event's ``attacks`` as typed, each an attacker and a defender (or none), or the
        value refused as it was written: checked before the turn's rules (:meth:`_refuse`), so a value
        of the wrong shape is said as such, whatever the turn allows."""
        raw = e.get("attacks")
        if not isinstance(raw, list):
            raise RuleError(f"attacks must be a list of {{attacker, defender}}, not {shown(raw)}")
        attacks = []
        for i, a in enumerate(raw):
            if not isinstance(a, dict) or not isinstance(a.get("attacker"), str) or not (
                    a.get("defender") is None or isinstance(a.get("defender"), str)):
                raise RuleError(f"attack {i + 1} must name an attacker (and a defender or null), not "
                                f"{shown(a)}")
            attacks.append(Attack(a["attacker"], a.get("defender")))
        return attacks

    def _on_attack(self, state: VillageState, e: Event) -> VillageState:
        attacks = self._attacks_of(e)
        amount = e.get("direct_damage")
        if isinstance(amount, str):  # this attack: the attacker's ATK, whatever the game's amount
            if amount.strip().lower() != DIRECT_ATK:
                raise RuleError(f"direct_damage must be a whole number of MP or \"atk\" (the attacker's "
                                f"ATK), not {shown(amount, 40)} ({CITE_BATTLE}, a house interpretation)")
            direct: int | str | None = DIRECT_ATK
        else:
            direct = _int(e, "direct_damage", None, minimum=0, maximum=self._cap)
        twice = self._twice(state, e)
        state = replace(state, t=replace(state.t, declared=True))  # the turn's one Attack Phase
        if not attacks:  # declaring no attack is not declaring an attack (no strict order: abilities stay)
            return replace(self._advance(state, "attack"),
                           last=(f"{state.players[state.current].name} declares no attack this turn",))
        result = self.battle(state, attacks, direct, twice)
        if not result.is_legal:
            raise RuleError("illegal attack: " + "; ".join(f"{p.message} ({p.cite})"
                                                            for p in result.verdict.problems))
        for uid in (*result.attackers_destroyed, *result.defenders_destroyed):
            state = self._remove_mouse(state, uid)
        opp = state.players[1 - state.current]
        state = _set_player(state, 1 - state.current, replace(opp, mp=max(0, opp.mp - result.mp_damage)))
        state = replace(state, t=replace(state.t, attacked=True))
        return replace(self._advance(state, "attack"), last=tuple(result.lines()))

    def _on_stats(self, state: VillageState, e: Event) -> VillageState:
        uid = _mouse_id(e.get("mouse"))
        _p, m = state.mouse(uid)
        atk = _int(e, "atk", m.atk, minimum=0, maximum=self._cap) if "atk" in e else m.atk
        dfn = _int(e, "def", m.defense, minimum=0, maximum=self._cap) if "def" in e else m.defense
        was = f"was ATK {_stat(m.atk)} / DEF {_stat(m.defense)}"
        return replace(self._replace_mouse(state, replace(m, atk=atk, defense=dfn)),
                       last=(f"{uid}: ATK {_stat(atk)}, DEF {_stat(dfn)} ({was}; a card effect: "
                             f"{CITE_EFFECTS})",))

    def _on_destroy(self, state: VillageState, e: Event) -> VillageState:
        uid = _mouse_id(e.get("mouse"))
        p, m = state.mouse(uid)
        gone = self._gone_words(state, m, p)
        return replace(self._remove_mouse(state, uid),
                       last=(f"{uid} is destroyed by a card effect: {gone}, the mouse with its Fruit and "
                             f"Items ({CITE_ITEM})",))

    def _on_destroy_item(self, state: VillageState, e: Event) -> VillageState:
        uid = _mouse_id(e.get("mouse"))
        p, m = state.mouse(uid)
        name = e.get("name")
        to = e.get("to", "discard")
        if to not in ("discard", "hand"):
            raise RuleError(f"to must be 'discard' (the Item is destroyed) or 'hand' (returned to its "
                            f"owner's hand), not {shown(to, 40)}")
        if not m.items:
            raise RuleError(f"{uid!r} has no Item equipped ({CITE_ITEM})")
        if name is None:
            if len(set(m.items)) > 1:
                raise RuleError(f"{uid!r} has {len(m.items)} Items: name the one taken off ("
                                f"{', '.join(map(repr, m.items))}) ({CITE_ITEM})")
            name = m.items[0]
        items = _one_taken(m.items, name, f"{uid!r} has no Item {shown(name, 80)} equipped: it has "
                                          f"{', '.join(map(repr, m.items))} ({CITE_ITEM})")
        theirs = name in m.foreign  # (the other player's Item: to that player's pile, or hand)
        foreign = _one_taken(m.foreign, name, "") if theirs else m.foreign
        state = self._replace_mouse(state, replace(m, items=items, foreign=foreign))
        if to == "discard":
            p = 1 - p if theirs else p
            pl = state.players[p]
            state = _set_player(state, p, replace(pl, discard=pl.discard + 1))
            went = "is destroyed by a card effect and goes to the discard pile"
        else:
            went = "returns to its owner's hand (a card effect)"
        return replace(state, last=(f"{name} on {uid} {went} ({CITE_ITEM}); the mouse may take another "
                                    "Item; a change of ATK or DEF it gave is not undone by itself: record it "
                                    "(stats)",))

    def _on_destroy_magic(self, state: VillageState, e: Event) -> VillageState:
        p = _player(state, e)
        pl = state.players[p]
        name = e.get("name")
        left = _one_taken(pl.magic, name, f"{pl.name} has no continuous Magic card {shown(name, 80)} on "
                                          f"the field ({CITE_MAGIC})")
        return replace(_set_player(state, p, replace(pl, magic=left, discard=pl.discard + 1)),
                       last=(f"{pl.name}'s {name} is destroyed and goes to the discard pile ({CITE_MAGIC})",))

    def _on_mp(self, state: VillageState, e: Event) -> VillageState:
        p = _player(state, e)
        delta = _int(e, "delta", minimum=None if self._cap is None else -self._cap, maximum=self._cap)
        pl = state.players[p]
        mp = max(0, pl.mp + delta)
        return replace(_set_player(state, p, replace(pl, mp=mp)), last=(f"{pl.name}: {pl.mp} → {mp} MP",))

    def _on_deck(self, state: VillageState, e: Event) -> VillageState:
        p = _player(state, e)
        delta = _int(e, "delta", minimum=None if self._cap is None else -self._cap, maximum=self._cap)
        pl = state.players[p]
        below = None if self.replaying else why_not_deck(state, p, delta)
        if below is not None:
            raise below
        deck = max(0, pl.deck + delta)  # (an older log's line is kept as it was played)
        return replace(_set_player(state, p, replace(pl, deck=deck)),
                       last=(f"{pl.name}: {pl.deck} → {deck} card{'s' * (deck != 1)} in deck",))

    def _on_end_turn(self, state: VillageState, e: Event) -> VillageState:
        ended = state.players[state.current].name
        nxt = 1 - state.current
        return replace(state, current=nxt, turn=state.turn + 1, t=TurnState(), opened=True,
                       last=(f"{ended} ends the turn; turn {state.turn + 1}: {state.players[nxt].name} "
                             "draws a card (Step 1)",))


def _coin_side(result: Any) -> Any:
    """A flip's ``result`` as the log keeps it: "Heads" or " TAILS" read as ``heads`` or ``tails`` (option
    words take any case); anything else as it was (refused by the flip)."""
    if isinstance(result, str) and result.strip().lower() in ("heads", "tails"):
        return result.strip().lower()
    return result


def seeded_flip(state: VillageState) -> str:
    """What the seeded coin gives for the next flip of ``state`` (its turn, and the flips of the turn
    so far): ``heads`` or ``tails``. A new flip logs it (``seeded``), and a replay keeps that."""
    coin = event_rng(state.seed, "flip", state.turn, len(state.t.flips))
    return "heads" if coin.random() < 0.5 else "tails"


def coin_toss(seed: object) -> int:
    """Who goes first by the coin toss the book asks for (Gameplay: "Flip coin ... to see who goes
    first"): 0 or 1, drawn from the game's seed, so a replay is exact."""
    return event_rng(seed if isinstance(seed, int | str) and not isinstance(seed, bool) else 0,
                     "first").randrange(2)


def new_game(tracker: VillageTracker, players: tuple[str, str] = ("Player 1", "Player 2"), *,
             first: int | None = 0, decks: tuple[int, int] = (DEFAULT_DECK, DEFAULT_DECK), mp: int = START_MP,
             seed: int | str | None = None, strict_order: bool = True,
             direct_damage: int | None = None, fruit_cost: str = "equipped") -> VillageState:
    """Log the start event of a game (convenience for views and tests).

    ``first``: who goes first, or ``None`` for the coin toss from the seed. ``seed``: for the coin
    flips; ``None`` draws a fresh one (:func:`new_seed`), recorded in the log. ``fruit_cost``: how an
    ability's Fruit cost is met (:data:`FRUIT_READINGS`, a house interpretation).
    """
    if seed is None:
        seed = new_seed()
    event: dict[str, Any] = {"event": "start", "players": list(players), "decks": list(decks), "mp": mp,
                             "seed": seed, "strict_order": strict_order, "direct_damage": direct_damage}
    if first is not None:
        event["first"] = first
    if fruit_cost != "equipped":
        event["fruit_cost"] = fruit_cost
    return tracker.do(event)
