"""TMNT TCG rules, pure: attack legality and damage (:mod:`.attack`), the table tracker (:mod:`.game`).

Deck legality (40 cards, 3 of a title) lives in :mod:`companion.deck`.
"""

from .attack import BattleCard, ForwardResult, forward_step, parse_spec, resolve_attack
from .game import Game, TmntTracker, adjust_phase

__all__ = ["BattleCard", "ForwardResult", "Game", "TmntTracker", "adjust_phase", "forward_step",
           "parse_spec", "resolve_attack"]
