"""A Jupyter-first rules companion and card-data toolkit for five small games.

The games, by the ids used everywhere (data folders, CLI, schemas):

- ``village``   Village TCG
- ``mousecard`` the Mouse Card system (RPG task resolution with a 54-card deck)
- ``monarchs``  Of Mice and Monarchs
- ``tmnt``      Teenage Mutant Ninja Turtles TCG (Yin Yang)
- ``mystics``   Mice and Mystics

This module stays import-light on purpose: ``companion --help`` must start fast,
so pandas, reportlab and friends are imported lazily where they are used.
"""

from __future__ import annotations

__version__ = "0.1.0"

#: Game id -> display name, in the order the start page lists them.
GAMES: dict[str, str] = {
    "village": "Village TCG",
    "mousecard": "The Mouse Card system",
    "monarchs": "Of Mice and Monarchs",
    "tmnt": "TMNT TCG",
    "mystics": "Mice and Mystics",
}

#: Game id -> rule book file name (in the shared rules folder), for citations.
RULE_BOOKS: dict[str, str] = {
    "village": "village-tcg.txt",
    "mousecard": "mouse-card-system.txt",
    "monarchs": "of-mice-and-monarchs.md",
    "tmnt": "tmnt-tcg.txt",
    "mystics": "mice-and-mystics.txt",
}


def cite(game: str, section: str) -> str:
    """A rule-book citation in the house style: ``"tmnt-tcg.txt, Attack Step"``."""
    return f"{RULE_BOOKS[game]}, {section}"


def possessive(name: str) -> str:
    """``"Collin"`` -> ``"Collin's"``, ``"Rat Warriors"`` -> ``"Rat Warriors'"``: a minion group's
    name is plural."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
