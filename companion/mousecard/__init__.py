"""The Mouse Card system (mouse-card-system.txt): the deck, bad cards, exact task-check odds, the live deck.

Pure rules only: plain functions and frozen dataclasses (no widgets, files or printing).

- :mod:`.deck`        the 54 cards, ranks joker < 2 < ... < A, card-name parser
- :mod:`.situations`  which cards are Bad (situation, Aged, disadvantage)
- :mod:`.odds`        exact odds of a task check (:func:`exact_odds`, :func:`odds`)
- :mod:`.live`        the live deck and fate chips as an event-log tracker
"""

from __future__ import annotations

from .deck import FULL_DECK, PlayingCard, parse_card, parse_cards, parse_rank
from .odds import CheckOdds, TaskCheck, exact_odds, success_curve
from .situations import SITUATIONS, BadRule, parse_situation

__all__ = ["FULL_DECK", "SITUATIONS", "BadRule", "CheckOdds", "PlayingCard", "TaskCheck",
           "exact_odds", "parse_card", "parse_cards", "parse_rank", "parse_situation",
           "success_curve"]
