"""Validation of card files against the JSON Schemas in ``data/schemas/``.

PLACEHOLDER: issue 2 replaces this with the real validator (compiled fast path with
fastjsonschema, detailed errors from jsonschema, cross-record checks). The two
functions below are the API the loader calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .cards import Card


def ensure_valid(doc: Any, *, file: str, game: str | None = None) -> None:
    """Raise :class:`companion.cards.CardFileError` if ``doc`` does not fit its schema."""


def ensure_unique(cards: Sequence[Card]) -> None:
    """Raise :class:`companion.cards.CardFileError` on duplicate ids within a game."""
