"""Village TCG battle resolver: attackers against the defenders the defending player chose.

village-tcg.txt, Attack / Defense Structure: each attacking Mouse attacks once and each
defending Mouse defends one attack; attack against defense: higher attack destroys the
defender, higher defense blocks and destroys the attacker, equal destroys both. With no
defender the attack goes to the opponent's Mouse Points; the amount is not printed, so
the house reading (rules README) is the attacker's ATK, a parameter here. The player
who goes first cannot attack on the first turn (village-tcg.txt, First Turn).

Pure: :func:`resolve_battle` takes the two fields and the assignments and returns a
:class:`BattleResult` with every outcome, its citation, and a :class:`Verdict` listing
every illegal assignment (nothing is resolved when there is one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from .. import cite
from ..errors import RuleError, closest, did_you_mean
from ..verdict import Note, Problem, Verdict

CITE_BATTLE = cite("village", "Attack / Defense Structure")
CITE_FIRST_TURN = cite("village", "First Turn")
CITE_ABILITY_FAQ = cite("village", "Ability FAQ's")
CITE_WIN = cite("village", "You Win If")
CITE_EFFECTS = cite("village", "Card Descriptions")
#: How an attack's Mouse Points line begins, and whom it names when the defending player's name is not
#: known (``village battle``).
MP_DAMAGE = "Mouse Points damage"
DEFENDING_PLAYER = "the defending player"
#: Said after the Mouse Points an attack leaves when it leaves none (You Win If).
ATTACKER_WINS = f": the attacker wins the game ({CITE_WIN})"
HOUSE_DIRECT = ("house interpretation: an undefended attack hits the opponent's Mouse Points for "
                "the attacker's ATK (the rule book does not give the amount)")


@dataclass(frozen=True, slots=True)
class Fighter:
    """A mouse on the field: a label unique on its side, ATK and DEF (``None`` = unknown)."""

    label: str
    atk: int | None
    defense: int | None
    kind: str = "basic"

    @classmethod
    def from_card(cls, card: Any, label: str | None = None) -> Fighter:
        kind = "mega" if card.type == "mega-mouse" else "basic"
        return cls(label or card.name, card.get("atk"), card.get("def"), kind)


@dataclass(frozen=True, slots=True)
class Attack:
    """One assignment: ``attacker`` (label) against ``defender`` (label) or ``None`` (undefended)."""

    attacker: str
    defender: str | None = None


@dataclass(frozen=True, slots=True)
class Outcome:
    attacker: str
    defender: str | None
    atk: int
    defense: int | None
    result: str  # attacker-wins | blocked | both-destroyed | direct
    destroyed: tuple[str, ...]
    mp_damage: int
    message: str
    cite: str

    def to_json(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "defender": self.defender, "atk": self.atk,
                "def": self.defense, "result": self.result, "destroyed": list(self.destroyed),
                "mp_damage": self.mp_damage, "message": self.message, "cite": self.cite}


@dataclass(frozen=True, slots=True)
class BattleResult:
    outcomes: tuple[Outcome, ...]
    verdict: Verdict
    attackers_destroyed: tuple[str, ...] = ()
    defenders_destroyed: tuple[str, ...] = ()
    mp_damage: int = 0
    mp_after: int | None = None
    mp_before: int | None = None
    opponent: str = ""

    @property
    def is_legal(self) -> bool:
        return self.verdict.is_legal

    def to_json(self) -> dict[str, Any]:
        return {"legal": self.is_legal, "outcomes": [o.to_json() for o in self.outcomes],
                "attackers_destroyed": list(self.attackers_destroyed),
                "defenders_destroyed": list(self.defenders_destroyed),
                "mp_damage": self.mp_damage, "mp_after": self.mp_after,
                "problems": [p.to_json() for p in self.verdict.problems],
                "notes": [n.to_json() for n in self.verdict.notes]}

    def lines(self) -> list[str]:
        """What the battle does, then each note (the tracker's message and the page's panel); an
        illegal one: its verdict."""
        if not self.is_legal:
            return self.verdict.lines()
        return [*self._outcome_lines(),
                *(f"note: {n.message}" + (f" ({n.cite})" if n.cite else "") for n in self.verdict.notes)]

    def verdict_lines(self) -> list[str]:
        """The battle as every verdict on the command line says it (``tmnt attack`` too): what it
        does, then ``LEGAL`` (or ``NOT LEGAL`` and every problem) and each note with its rule id and
        citation."""
        return [*(self._outcome_lines() if self.is_legal else []), *self.verdict.lines()]

    def _outcome_lines(self) -> list[str]:
        """Each attack's outcome with its citation, then the Mouse Points it takes."""
        out = [o.message + f" ({o.cite})" for o in self.outcomes]
        if not self.outcomes:
            out.append("No attacks declared.")
        out.append(mp_damage_line(self.mp_damage, self.opponent, self.mp_before, self.mp_after))
        return out


def mp_damage_line(damage: int, opponent: str, before: int | None, after: int | None) -> str:
    """The Mouse Points an attack takes, in one wording (the page, its preview, ``village battle``):
    the damage, then whose Mouse Points go from what to what ("Mouse Points damage 4: Bob 17 → 13 MP"),
    never read as "from 4 to 13"."""
    if before is None or after is None:
        return f"{MP_DAMAGE} {damage}"
    return (f"{MP_DAMAGE} {damage}: {opponent or DEFENDING_PLAYER} {before} → {after} MP"
            + (ATTACKER_WINS if after == 0 else ""))


def stats_typed(card: Any, atk: int | None, defense: int | None) -> str | None:
    """What to say of a mouse's ATK or DEF typed other than its card's (``card``: card data), or ``None``
    (as printed, or not typed): "Acorn Scout: ATK 5 typed; the card says 1, ...", its section
    (:data:`CITE_EFFECTS`) left to the caller. Never refused: a card effect
    (an Item, a Magic card, an ability) may change them (Card Descriptions), but a slip at the table
    should not pass as one."""
    said = [f"{label} {typed} typed; the card says {printed}"
            for label, typed, printed in (("ATK", atk, card.get("atk")), ("DEF", defense, card.get("def")))
            if typed is not None and printed is not None and typed != printed]
    if not said:
        return None
    return f"{card.name}: {'; '.join(said)}, used as typed (a card effect that changes it?)"


def duel(atk: int, defense: int) -> str:
    """The book's three outcomes of one attack against one defender."""
    if atk > defense:
        return "attacker-wins"
    if defense > atk:
        return "blocked"
    return "both-destroyed"


def _lookup(label: str, side: dict[str, Fighter], role: str, problems: list[Problem],
            other: Collection[str] = ()) -> Fighter | None:
    """The fighter ``label`` names on its ``side``; else a problem: a mouse of the other side (``other``)
    is named as such (the turn player's mice attack, the opponent's defend), any other with the closest."""
    if label in side:
        return side[label]
    if label in other:
        mine = role == "defending"  # (a defender named from the attacking side: the turn player's own)
        problems.append(Problem(
            f"unknown-{role}", f"{label!r} is {'the turn player' if mine else 'the opponent'}'s mouse, so it "
            f"cannot be the {role} one: the turn player's mice attack, the opponent's defend", (label,),
            CITE_BATTLE))
        return None
    hint = did_you_mean(closest(label, list(side)))
    problems.append(Problem(
        f"unknown-{role}", f"no {role} mouse {label!r} on the field" + (f". {hint}" if hint else ""),
        (label,), CITE_BATTLE))
    return None


def resolve_battle(attackers: Sequence[Fighter], defenders: Sequence[Fighter], attacks: Sequence[Attack],
                   *, first_turn: bool = False, direct_damage: int | None = None,
                   opponent_mp: int | None = None, twice: Collection[str] = (),
                   opponent: str = "") -> BattleResult:
    """Resolve a declared attack; the attacks are resolved in the order given.

    ``first_turn``: this is the first turn of the game (the first player cannot attack).
    ``direct_damage``: MP lost per undefended attack; ``None`` = the attacker's ATK (house
    interpretation, see module docstring). ``opponent_mp``: to report MP left (floored at 0);
    ``opponent``: whose they are (their name).
    ``twice``: attackers a card allows to attack twice this turn (Twin Tail Duelist's "Double
    Strike"): a card effect over "each attacking Mouse may only attack once"; the second attack
    comes only if the first left the attacker on the field.
    """
    if direct_damage is not None and (isinstance(direct_damage, bool) or not isinstance(direct_damage, int)
                                      or direct_damage < 0):
        raise RuleError(f"direct damage must be a whole number 0 or more, not {direct_damage!r}")
    problems: list[Problem] = []
    notes: list[Note] = []
    att_side: dict[str, Fighter] = {}
    def_side: dict[str, Fighter] = {}
    for side, fighters, role in ((att_side, attackers, "attacking"), (def_side, defenders, "defending")):
        for f in fighters:
            if f.label in side:
                problems.append(Problem("duplicate-label", f"two {role} mice are labelled {f.label!r}; "
                                        "give each mouse on the field its own label", (f.label,),
                                        CITE_BATTLE))
            side[f.label] = f
    if opponent_mp == 0 and attacks:  # (the game ended when the Mouse Points reached 0)
        problems.append(Problem("game-over", f"{opponent or DEFENDING_PLAYER} has 0 Mouse Points: the game "
                                "is already over, so no attack is made", tuple(a.attacker for a in attacks),
                                CITE_WIN))
    if first_turn and attacks:
        problems.append(Problem("no-first-turn-attack", "the player who moves first cannot attack on the "
                                "first turn of the game", tuple(a.attacker for a in attacks),
                                CITE_FIRST_TURN))
    for label, n in Counter(a.attacker for a in attacks).items():
        if label in twice and n > 2:
            problems.append(Problem("attacks-twice", f"{label!r} is assigned {n} attacks; a card lets it "
                                    "attack twice, not more", (label,), CITE_BATTLE))
        elif label in twice and n == 2:
            notes.append(Note("card-allows-twice", f"{label} attacks twice: a card effect allows it (twice), "
                              "over 'each attacking Mouse may only attack once'",
                              CITE_BATTLE))
        elif n > 1:
            problems.append(Problem("attacks-once", f"{label!r} is assigned {n} attacks; each attacking "
                                    "Mouse may only attack once", (label,), CITE_BATTLE))
    for label, n in Counter(a.defender for a in attacks if a.defender is not None).items():
        if n > 1:
            problems.append(Problem("defends-once", f"{label!r} is chosen to defend {n} attacks; each "
                                    "defending Mouse may only defend one Mouse attack", (label,),
                                    CITE_BATTLE))
    pairs: list[tuple[Fighter, Fighter | None]] = []
    for a in attacks:
        att = _lookup(a.attacker, att_side, "attacking", problems, def_side)
        dfd = (_lookup(a.defender, def_side, "defending", problems, att_side) if a.defender is not None
               else None)
        if att is not None and att.atk is None:
            problems.append(Problem("unknown-atk", f"the ATK of {att.label!r} is unknown; type it in",
                                    (att.label,), CITE_BATTLE))
        if dfd is not None and dfd.defense is None:
            problems.append(Problem("unknown-def", f"the DEF of {dfd.label!r} is unknown; type it in",
                                    (dfd.label,), CITE_BATTLE))
        if att is not None:
            pairs.append((att, dfd))
    if any(d is None for _a, d in pairs) or any(a.defender is None for a in attacks):
        notes.append(Note("direct-damage", HOUSE_DIRECT if direct_damage is None else
                          f"undefended attacks hit Mouse Points for {direct_damage} each (chosen amount)",
                          CITE_BATTLE))
    notes.append(Note("no-abilities", "no Mouse abilities may be used after declaring an attack",
                      cite("village", "Order of Turn, Step 4")))
    if problems:
        return BattleResult((), Verdict(tuple(problems), tuple(notes)))
    outcomes: list[Outcome] = []
    lost_att: list[str] = []
    lost_def: list[str] = []
    mp = 0
    for att, dfd in pairs:
        if att.label in lost_att:  # (only an attacker a card lets attack twice comes here again)
            problem = Problem("destroyed-before-second-attack", f"{att.label!r} is destroyed by its first "
                              "attack, so it cannot make its second: declare the first attack alone",
                              (att.label,), CITE_BATTLE)
            return BattleResult((), Verdict((problem,), tuple(notes)))
        atk = int(att.atk)  # type: ignore[arg-type]  # checked above
        if dfd is None:
            dmg = atk if direct_damage is None else direct_damage
            mp += dmg
            outcomes.append(Outcome(att.label, None, atk, None, "direct", (), dmg,
                                    f"{att.label} (ATK {atk}) is undefended: {dmg} damage to Mouse Points",
                                    CITE_BATTLE))
            continue
        d = int(dfd.defense)  # type: ignore[arg-type]
        result = duel(atk, d)
        if result == "attacker-wins":
            destroyed: tuple[str, ...] = (dfd.label,)
            msg = f"{att.label} (ATK {atk}) beats {dfd.label} (DEF {d}): {dfd.label} destroyed"
            lost_def.append(dfd.label)
        elif result == "blocked":
            destroyed, msg = (att.label,), (f"{dfd.label} (DEF {d}) blocks {att.label} (ATK {atk}): "
                                           f"{att.label} destroyed")
            lost_att.append(att.label)
        else:
            destroyed, msg = (att.label, dfd.label), (f"{att.label} (ATK {atk}) ties {dfd.label} (DEF {d}): "
                                                     "both destroyed")
            lost_att.append(att.label)
            lost_def.append(dfd.label)
        outcomes.append(Outcome(att.label, dfd.label, atk, d, result, destroyed, 0, msg, CITE_BATTLE))
    after = None if opponent_mp is None else max(0, opponent_mp - mp)
    return BattleResult(tuple(outcomes), Verdict((), tuple(notes)), tuple(lost_att), tuple(lost_def),
                        mp, after, opponent_mp, opponent)


def coin_flip_order(cards: Sequence[tuple[str, int]]) -> list[str]:
    """The order to flip coins for cards in play: single-function cards first.

    village-tcg.txt, Coin Flips: with two flips at once (Quicksand and Super Confused),
    the card with one function goes first; the second flip decides the other. Stable
    for cards with the same number of functions. Input: ``(name, functions)`` pairs.
    """
    for name, n in cards:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise RuleError(f"{name!r}: the number of functions must be 1 or more, not {n!r}")
    return [name for name, _n in sorted(cards, key=lambda c: 0 if c[1] == 1 else 1)]
