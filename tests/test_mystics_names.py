"""Matching typed names to ids: one set of aliases for minion types, mice and initiative cards."""

from __future__ import annotations

import pytest

from companion.mystics import names

OPTIONS = [("rat-warriors", ("Rat Warriors",)), ("elite-rat-warriors", ("Elite Rat Warriors",)),
           ("roaches", ("Roaches",)), ("cave-centipede", ("Cave Centipede",)), ("spider", ("Spider",))]


@pytest.mark.parametrize(("text", "found"), [
    ("rat-warriors", ["rat-warriors"]),
    ("rat_warriors", ["rat-warriors"]),
    ("Rat Warriors", ["rat-warriors"]),
    ("RAT-WARRIORS", ["rat-warriors"]),
    ("rat warrior", ["rat-warriors"]),  # singular
    ("roach", ["roaches"]),
    ("spiders", ["spider"]),  # plural
    ("centipede", ["cave-centipede"]),  # the last word of one name
    ("warriors", ["rat-warriors", "elite-rat-warriors"]),  # ambiguous: both end so
    ("rat", []),
    ("", []),
    ("2 rat warriors", []),
])
def test_matches(text: str, found: list[str]) -> None:
    assert names.matches(text, OPTIONS) == found


def test_an_exact_id_wins_over_every_other_rule() -> None:
    assert names.matches("roach", [("roach", ("Roach",)), ("roaches", ("Roaches",))]) == ["roach"]


def test_suggestions_name_ids() -> None:
    assert names.suggestions("spidr", OPTIONS)[0] == "spider"
    assert names.suggestions("zzzz", OPTIONS) == []
