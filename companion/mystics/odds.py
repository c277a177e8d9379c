"""Exact odds for the Mice and Mystics action die, as :class:`fractions.Fraction`.

The die is data (see :func:`companion.mystics.data.action_die`), passed in as a
parameter so that a user who reads their physical die differently can correct it:
anything with ``symbols`` (a sequence of symbol names) and ``movement`` (an int) is
a face. Everything is computed exactly by dynamic programming over the dice rolled
(a convolution per die), never by simulation.

Rules (mice-and-mystics.txt): "Battle", "Melee attack", "Ranged attack" (swords and
sword/shields hit in melee, bows at range; only sword/shields block; each cheese
rolled goes to the mouse's stash, or for a minion to the minion cheese wheel; the
defender rolls only if at least one hit was inflicted), "Moving across mousetraps",
"Search", "Recovering From Webbed", "Moving in Water", "Mouse Movement",
"Moving Melee Minions", "Brodie Chases", "Brodie" (his cheese never goes to the wheel).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from .. import cite
from ..errors import CompanionError
from ..verdict import plural

__all__ = [
    "BOW",
    "CHECK",
    "CHEESE",
    "SWORD",
    "SWORD_SHIELD",
    "AttackOdds",
    "Dist",
    "at_least",
    "attack_odds",
    "brodie_chase",
    "check_odds",
    "dice_words",
    "expected",
    "face_count",
    "minion_move",
    "mouse_move",
    "mousetrap_odds",
    "normalize_symbol",
    "search_odds",
    "surge_chance",
]

SWORD = "sword"
SWORD_SHIELD = "sword_shield"
BOW = "bow"
CHEESE = "cheese"
#: The symbol that checks success at an obstacle (mousetraps, searching, webs, water).
#: The extraction drops the glyph itself ("If at least 1 [symbol] is rolled"); the die data
#: names it, and any of the aliases below is read as this symbol.
CHECK = "check"

_ALIASES: dict[str, str] = {
    "sword": SWORD, "swords": SWORD, "melee": SWORD, "attack": SWORD,
    "sword_shield": SWORD_SHIELD, "sword/shield": SWORD_SHIELD, "swordshield": SWORD_SHIELD,
    "sword-shield": SWORD_SHIELD, "sword_and_shield": SWORD_SHIELD, "shield": SWORD_SHIELD,
    "defense": SWORD_SHIELD, "block": SWORD_SHIELD,
    "bow": BOW, "bows": BOW, "ranged": BOW, "arrow": BOW,
    "cheese": CHEESE,
    "check": CHECK, "star": CHECK, "lore": CHECK, "mystic": CHECK, "success": CHECK,
    "mouse": CHECK, "mouse_head": CHECK, "skill": CHECK, "wit": CHECK, "gear": CHECK,
}

Dist = dict[int, Fraction]

#: The most action dice one roll may use here. No value in the game comes close (battle and
#: defense values are single digits); the cap keeps every answer under a second.
MAX_DICE = 50


class Face(Protocol):
    """What the odds need from a die face (``DieFace`` in the data module fits)."""

    @property
    def symbols(self) -> Sequence[str]: ...

    @property
    def movement(self) -> int | None: ...


def normalize_symbol(symbol: str) -> str:
    """The house name of a die symbol (``"Sword/Shield"`` -> ``"sword_shield"``)."""
    key = str(symbol).strip().lower().replace(" ", "_")
    return _ALIASES.get(key, key)


def face_count(face: Face, symbol: str) -> int:
    """How many of ``symbol`` one face shows."""
    want = normalize_symbol(symbol)
    return sum(1 for s in face.symbols if normalize_symbol(s) == want)


def _check_die(die: Sequence[Face]) -> None:
    if not die:
        raise CompanionError("the action die has no faces", expected="at least one face")


def _count(name: str, value: Any, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not minimum <= value <= MAX_DICE:
        raise CompanionError(f"bad {name} {value!r}", expected=f"a whole number from {minimum} to {MAX_DICE}",
                             found=repr(value))
    return value


def _convolve(a: Dist, b: Dist) -> Dist:
    out: Dist = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


def _one_die(die: Sequence[Face], value: Callable[[Face], Any]) -> dict[Any, Fraction]:
    p = Fraction(1, len(die))
    out: dict[Any, Fraction] = {}
    for face in die:
        v = value(face)
        out[v] = out.get(v, Fraction(0)) + p
    return out


def _roll(die: Sequence[Face], n: int, value: Callable[[Face], int]) -> Dist:
    """Distribution of the sum of ``value`` over ``n`` dice (DP, one convolution per die)."""
    _check_die(die)
    single = _one_die(die, value)
    dist: Dist = {0: Fraction(1)}
    for _ in range(n):
        dist = _convolve(dist, single)
    return dict(sorted(dist.items()))


def _roll_pair(die: Sequence[Face], n: int,
               value: Callable[[Face], tuple[int, int]]) -> dict[tuple[int, int], Fraction]:
    """Joint distribution of two sums from the same ``n`` dice (hits and cheese together)."""
    _check_die(die)
    single = _one_die(die, value)
    dist: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for _ in range(n):
        nxt: dict[tuple[int, int], Fraction] = {}
        for (a, b), p in dist.items():
            for (x, y), q in single.items():
                key = (a + x, b + y)
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        dist = nxt
    return dist


def dice_words(n: int, kind: str = "") -> str:
    """``n`` action dice in words, as every odds line says them: "1 die", "3 dice", "1 defense die"."""
    words = f"{kind} " if kind else ""
    return plural(n, f"{words}die", f"{words}dice")


def at_least(dist: Mapping[int, Fraction], k: int) -> Fraction:
    """P(value >= k) of a distribution."""
    return sum((p for v, p in dist.items() if v >= k), Fraction(0))


def expected(dist: Mapping[int, Fraction]) -> Fraction:
    """The mean of a distribution, exactly."""
    return sum((v * p for v, p in dist.items()), Fraction(0))


@dataclass(frozen=True)
class AttackOdds:
    """Exact odds of one attack: hits rolled, blocks rolled, wounds and cheese.

    ``attacker`` is ``"mouse"`` or ``"minion"``; cheese a minion (not Brodie) rolls goes
    to the minion cheese wheel (``wheel_cheese``), cheese a mouse rolls to its stash.
    """

    attacker: str
    ranged: bool
    attack_dice: int
    defense_dice: int
    hits: Dist
    blocks: Dist
    wounds: Dist
    attacker_cheese: Dist
    defender_cheese: Dist
    wheel_cheese: Dist
    mouse_cheese: Dist
    notes: tuple[str, ...] = field(default=())

    def p_wounds_at_least(self, k: int) -> Fraction:
        return at_least(self.wounds, k)

    def p_defeat(self, life_left: int) -> Fraction:
        """P(the defender is defeated/captured: at least ``life_left`` wounds); ``life_left`` >= 1."""
        if not isinstance(life_left, int) or isinstance(life_left, bool) or life_left < 1:
            raise CompanionError(f"bad life left {life_left!r}", expected="1 or more (a figure with no life "
                                 "left is already defeated or captured)", found=repr(life_left),
                                 cite=cite("mystics", "Captured Mouse"))
        return at_least(self.wounds, life_left)

    @property
    def expected_wounds(self) -> Fraction:
        return expected(self.wounds)

    def to_json(self) -> dict[str, Any]:
        def d(x: Dist) -> dict[str, str]:
            return {str(k): str(v) for k, v in sorted(x.items())}

        return {"attacker": self.attacker, "ranged": self.ranged, "attack_dice": self.attack_dice,
                "defense_dice": self.defense_dice, "hits": d(self.hits), "blocks": d(self.blocks),
                "wounds": d(self.wounds), "expected_wounds": float(self.expected_wounds),
                "p_at_least_one_wound": float(self.p_wounds_at_least(1)),
                "attacker_cheese": d(self.attacker_cheese), "defender_cheese": d(self.defender_cheese),
                "wheel_cheese": d(self.wheel_cheese), "notes": list(self.notes)}


def attack_odds(die: Sequence[Face], battle: int, defense: int, *, ranged: bool = False,
                attacker: str = "mouse", battle_bonus: int = 0, defense_bonus: int = 0,
                defense_dice_modifier: int = 0, hit_weights: Mapping[str, int] | None = None,
                brodie: bool = False) -> AttackOdds:
    """Exact odds of one attack with ``battle`` (+ bonus) dice against ``defense`` (+ bonus) dice.

    ``hit_weights`` overrides how many hits a symbol counts for (Accurate Bow: bows count
    2); ``defense_dice_modifier`` adds or removes defense dice (Filch's dagger: -1).
    The defender rolls only when at least one hit was rolled (book: "If a mouse inflicted
    one or more hits, ... rolls defense"), so defender cheese only comes with hits.
    """
    if attacker not in ("mouse", "minion"):
        raise CompanionError(f"bad attacker {attacker!r}", expected="'mouse' or 'minion'")
    n_att = _count("battle value", battle) + battle_bonus
    n_def = _count("defense value", defense) + defense_bonus + defense_dice_modifier
    n_att, n_def = max(n_att, 0), max(n_def, 0)
    _count("attack dice (battle + bonus)", n_att)
    _count("defense dice (defense + bonus + modifier)", n_def)
    weights = {SWORD: 1, SWORD_SHIELD: 1} if not ranged else {BOW: 1}
    if hit_weights:
        weights.update({normalize_symbol(k): int(v) for k, v in hit_weights.items()})

    def hit_value(face: Face) -> tuple[int, int]:
        hits = sum(w * face_count(face, s) for s, w in weights.items())
        return hits, face_count(face, CHEESE)

    joint_att = _roll_pair(die, n_att, hit_value)
    joint_def = _roll_pair(die, n_def, lambda f: (face_count(f, SWORD_SHIELD), face_count(f, CHEESE)))
    hits: Dist = {}
    att_cheese: Dist = {}
    for (h, c), p in joint_att.items():
        hits[h] = hits.get(h, Fraction(0)) + p
        att_cheese[c] = att_cheese.get(c, Fraction(0)) + p
    blocks: Dist = {}
    def_cheese_if_rolled: Dist = {}
    for (b, c), p in joint_def.items():
        blocks[b] = blocks.get(b, Fraction(0)) + p
        def_cheese_if_rolled[c] = def_cheese_if_rolled.get(c, Fraction(0)) + p
    p_hit = at_least(hits, 1)
    wounds: Dist = {}
    for h, ph in hits.items():
        if h == 0:
            wounds[0] = wounds.get(0, Fraction(0)) + ph
            continue
        for b, pb in blocks.items():
            w = max(h - b, 0)
            wounds[w] = wounds.get(w, Fraction(0)) + ph * pb
    def_cheese: Dist = {0: 1 - p_hit}
    for c, p in def_cheese_if_rolled.items():
        def_cheese[c] = def_cheese.get(c, Fraction(0)) + p * p_hit
    # cheese for each side: the attacker's roll and the defender's roll are independent
    # given that the defence is rolled; the wheel gets the minion side.
    wheel: Dist
    if attacker == "minion":
        wheel = {0: Fraction(1)} if brodie else dict(att_cheese)
        mouse = dict(def_cheese)
    else:
        mouse = dict(att_cheese)
        wheel = {0: Fraction(1)} if brodie else dict(def_cheese)
    notes = [cite("mystics", "Ranged attack" if ranged else "Melee attack")]
    if brodie:
        notes.append("Brodie's cheese is not added to the minion wheel (" + cite("mystics", "Brodie") + ")")
    return AttackOdds(attacker, ranged, n_att, n_def, dict(sorted(hits.items())),
                      dict(sorted(blocks.items())), dict(sorted(wounds.items())),
                      dict(sorted(att_cheese.items())), dict(sorted(def_cheese.items())),
                      dict(sorted(wheel.items())), dict(sorted(mouse.items())), tuple(notes))


def surge_chance(odds: AttackOdds, wheel: int, surge_at: int = 6) -> Fraction:
    """P(this attack fills the minion cheese wheel from ``wheel`` cheese to ``surge_at``).

    The wheel holds 0 to ``surge_at - 1`` cheese: at ``surge_at`` it surges and is emptied (Surges).
    """
    if not isinstance(wheel, int) or isinstance(wheel, bool) or not 0 <= wheel < surge_at:
        raise CompanionError(f"bad number of cheese on the minion wheel {wheel!r}",
                             expected=f"0 to {surge_at - 1} (it surges at {surge_at} and is emptied)",
                             found=repr(wheel), cite=cite("mystics", "Surges"))
    return at_least(odds.wheel_cheese, surge_at - wheel)


def check_odds(die: Sequence[Face], dice: int, symbol: str = CHECK, k: int = 1) -> Fraction:
    """P(at least ``k`` of ``symbol`` among ``dice`` action dice (no dice: no symbol)."""
    dist = _roll(die, _count("number of dice", dice), lambda f: face_count(f, symbol))
    return at_least(dist, k)


def mousetrap_odds(die: Sequence[Face], move: int, *, lore: int | None = None,
                   symbol: str = CHECK) -> Fraction:
    """P(a mouse passes a mousetrap: at least one check symbol on ``move`` dice).

    A tinkerer may roll its ``lore`` instead; pass ``lore`` and the better is used
    (mice-and-mystics.txt, Moving across mousetraps).
    """
    dice = _count("move value", move)
    if lore is not None:
        dice = max(dice, _count("lore value", lore))
    return check_odds(die, dice, symbol)


def search_odds(die: Sequence[Face], symbol: str = CHECK) -> Fraction:
    """P(a search action finds a card: one die shows the check symbol (Search))."""
    return check_odds(die, 1, symbol)


def _movement(face: Face) -> int:
    if face.movement is None:
        raise CompanionError("a die face has no movement number", expected="1, 2 or 3",
                             suggestion="correct the action die data")
    return int(face.movement)


def _check_movement(die: Sequence[Face]) -> None:
    """Every face needs its movement number (Mouse Movement: 1-3); name the faces without one."""
    _check_die(die)
    missing = [str(getattr(f, "id", f"face {i + 1}")) for i, f in enumerate(die) if f.movement is None]
    if missing:
        raise CompanionError(
            f"{len(missing)} of the {len(die)} action die faces have no movement number: "
            + ", ".join(missing),
            expected="1, 2 or 3 on every face", cite=cite("mystics", "Mouse Movement"),
            suggestion="Give them from your own dice (companion cards correct mystics FACE movement=N, "
                       "or FACE=N for each of them in --movement)")


def mouse_move(die: Sequence[Face], move_value: int) -> Dist:
    """Spaces a mouse may move: move value + the die's number (Mouse Movement)."""
    base = _count("move value", move_value)
    _check_movement(die)
    return {base + k: p for k, p in _roll(die, 1, _movement).items()}


def minion_move(die: Sequence[Face]) -> Dist:
    """Spaces a melee minion may move: the die's number, 1-3 (Moving Melee Minions)."""
    _check_movement(die)
    return _roll(die, 1, _movement)


def brodie_chase(die: Sequence[Face], dice: int = 2) -> Dist:
    """Spaces Brodie chases: the total of 2 action dice (Brodie Chases)."""
    n = _count("number of dice", dice, 1)
    _check_movement(die)
    return _roll(die, n, _movement)


def describe(dist: Mapping[int, Fraction]) -> list[str]:
    """Readable lines ``"3: 5/36 (13.9%)"`` for a distribution."""
    return [f"{k}: {p} ({float(p):.1%})" for k, p in sorted(dist.items())]


def table(dist: Mapping[int, Fraction], cumulative: bool = True) -> list[tuple[int, Fraction, Fraction]]:
    """Rows (value, P(exactly), P(at least)) of a distribution."""
    return [(k, p, at_least(dist, k) if cumulative else p) for k, p in sorted(dist.items())]


def faces_summary(die: Iterable[Face]) -> list[str]:
    """One line per face: symbols and movement, to show users what die the odds assume."""
    out = []
    for face in die:
        syms = "+".join(normalize_symbol(s) for s in face.symbols) or "blank"
        out.append(f"{getattr(face, 'id', '?')}: {syms}, move {face.movement}")
    return out
