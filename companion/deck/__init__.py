"""Deck building: decklists, format-driven legality, statistics and exact opening-hand odds."""
