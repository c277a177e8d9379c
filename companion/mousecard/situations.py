"""Which cards are Bad: the situation, levels of Aged and of a disadvantage.

mouse-card-system.txt, Task checks: red jokers are Bad in combat, black jokers in the
unknown, both in combat in the unknown. Each level of Aged (physical tasks) or of a
disadvantage such as Leader (tasks it hinders) adds the next rank (2, then 3, ...) "of
the appropriate colors" (rules README: the colour(s) already bad in that situation).

House interpretations (each is reported with a result and, where it is a choice, is a
parameter):

- ``calm``: no colour is bad, so nothing is bad and Aged/disadvantage levels add no bad
  cards (there is no "appropriate colour" to extend).
- ``red-bad`` (alias ``ground``): the book's bird of prey on the ground, "their red cards
  are Bad ... instead". With ``red_bad="joker"`` (default) red is the bad colour exactly
  as in combat: the red joker, and levels add red 2s, 3s, ... With ``red_bad="all"``
  every red card (26 and the red joker) is bad; levels then add nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import cite
from ..errors import CompanionError, closest
from .deck import FULL_DECK, JOKER, KING, RANK_LABELS, PlayingCard, typed_text

#: Situation -> colours whose cards are bad in it.
SITUATIONS: dict[str, tuple[str, ...]] = {
    "calm": (),
    "combat": ("red",),
    "unknown": ("black",),
    "combat-unknown": ("red", "black"),
    "red-bad": ("red",),
}
SITUATION_HELP: dict[str, str] = {
    "calm": "nothing is bad",
    "combat": "red joker bad (a mouse in combat)",
    "unknown": "black joker bad (a mouse in the unknown)",
    "combat-unknown": "both jokers bad (combat in the unknown)",
    "red-bad": "red cards bad (e.g. a bird of prey on the ground; see red_bad)",
}
ALIASES: dict[str, str] = {"ground": "red-bad", "combat in the unknown": "combat-unknown",
                           "unknown-combat": "combat-unknown", "both": "combat-unknown"}
RED_BAD_CHOICES: tuple[str, ...] = ("joker", "all")
#: Each ``red_bad`` reading in a few words, as a menu offers them (the page's words, beside the choices).
RED_BAD_LABELS: dict[str, str] = {"joker": "red-bad: the red joker (+ Aged ranks)",
                                  "all": "red-bad: every red card"}
#: Levels are capped so that bad ranks stay within 2..K (13 levels would make the whole deck bad).
MAX_LEVELS = 12

BAD_CITE = cite("mousecard", "Task checks (Bad cards, Aged, Leader)")


def parse_situation(text: object) -> str:
    """A situation id from user text; unknown text is a CompanionError with suggestions."""
    word = " ".join(typed_text(str(text)).strip().lower().replace("_", "-").split())
    word = ALIASES.get(word, ALIASES.get(word.replace(" ", "-"), word.replace(" ", "-")))
    if word not in SITUATIONS:
        hints = closest(word, list(SITUATIONS) + list(ALIASES))
        raise CompanionError(f"unknown situation {text!r}", where="situation",
                             expected=", ".join(SITUATIONS) + " (or " + ", ".join(ALIASES) + ")",
                             suggestion=(f"Did you mean {hints[0]!r}?" if hints else None))
    return word


@dataclass(frozen=True, slots=True)
class BadRule:
    """The bad cards of one check: situation plus levels (Aged + disadvantage)."""

    situation: str = "calm"
    aged: int = 0
    disadvantage: int = 0
    red_bad: str = "joker"

    def __post_init__(self) -> None:
        object.__setattr__(self, "situation", parse_situation(self.situation))
        for name in ("aged", "disadvantage"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise CompanionError(f"{name} must be a whole number of levels, 0 or more, "
                                     f"not {v!r}", where=name)
        if self.levels > MAX_LEVELS:
            raise CompanionError(f"too many levels of Aged and disadvantage: {self.levels}",
                                 where="aged + disadvantage", expected=f"at most {MAX_LEVELS} "
                                 "(bad ranks 2..K)")  # (the sentence says the levels found)
        if self.red_bad not in RED_BAD_CHOICES:
            raise CompanionError(f"unknown red_bad reading {self.red_bad!r}", where="red_bad",
                                 expected=" or ".join(RED_BAD_CHOICES))

    @property
    def levels(self) -> int:
        return self.aged + self.disadvantage

    @property
    def colours(self) -> tuple[str, ...]:
        return SITUATIONS[self.situation]

    def is_bad(self, card: PlayingCard) -> bool:
        if card.colour not in self.colours:
            return False
        if self.situation == "red-bad" and self.red_bad == "all":
            return True
        return card.rank == JOKER or 2 <= card.rank <= 1 + self.levels

    def bad_cards(self) -> tuple[PlayingCard, ...]:
        return tuple(c for c in FULL_DECK if self.is_bad(c))

    def describe(self) -> str:
        """``"red joker; red 2s and 3s (Aged/disadvantage 2)"`` or ``"nothing is bad"``."""
        if not self.colours:
            return "nothing is bad"
        if self.situation == "red-bad" and self.red_bad == "all":
            return "every red card (26 and the red joker)"
        cols = " and ".join(self.colours)
        text = f"{cols} joker" + ("s" if len(self.colours) > 1 else "")
        if self.levels:
            ranks = [RANK_LABELS[r] + "s" for r in range(2, 2 + self.levels) if r <= KING]
            text += f"; {cols} " + ", ".join(ranks)
        return text

    def notes(self) -> tuple[str, ...]:
        """House interpretations that affect this rule, in plain words."""
        out: list[str] = []
        if not self.colours and self.levels:
            out.append("house interpretation: in a calm situation no colour is bad, so Aged and "
                       "disadvantage levels add no bad cards")
        if self.situation == "red-bad":
            out.append("house interpretation (red_bad="
                       + repr(self.red_bad) + "): "
                       + ("red is the bad colour as in combat: the red joker, and levels add red "
                          "2s, 3s, ..." if self.red_bad == "joker" else
                          "every red card is bad; levels add nothing more"))
        return tuple(out)
