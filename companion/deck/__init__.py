"""Deck building: decklists, format-driven legality, statistics and exact opening-hand odds.

>>> from companion.cards import load_game
>>> from companion.deck import parse, check_deck, load_format
>>> db = load_game("village")                                        # doctest: +SKIP
>>> deck = parse("3 Acorn Scout\\n20 Apple", db)                     # doctest: +SKIP
>>> check_deck(deck, load_format("village")).lines()                  # doctest: +SKIP

Modules: :mod:`.decklist` (text and JSON forms), :mod:`.listtext` (editing a list's text as the
player wrote it: counts, name, comments kept), :mod:`.formats` (format files), :mod:`.legality`
(:func:`check_deck`), :mod:`.stats` (composition), :mod:`.odds`, :mod:`.saved` (the decks you
saved, as every page lists them).
"""

from .decklist import DeckEntry, Decklist, DecklistError, LineIssue, parse, read_decklist, to_json, to_text
from .formats import DeckFormat, FormatError, available_formats, load_format
from .legality import check_deck
from .odds import Odds, chance, opening_odds
from .stats import composition

__all__ = [
    "DeckEntry",
    "DeckFormat",
    "Decklist",
    "DecklistError",
    "FormatError",
    "LineIssue",
    "Odds",
    "available_formats",
    "chance",
    "check_deck",
    "composition",
    "load_format",
    "opening_odds",
    "parse",
    "read_decklist",
    "to_json",
    "to_text",
]
