"""Session 6, deck building explored as a deck builder: a TMNT list of mostly Characters (as a deck is while
its Characters go in first) gets its opening odds, on the page and from 'deck odds', instead of an error; the
page never leaves an older list's verdict beside a new one; and a save refused because another page saved a
deck of that name offers that deck in the Open menu, as its message says."""

from __future__ import annotations

import html
import itertools
import re
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from companion.cards import CardDB, card_from_record
from companion.deck import opening_odds, parse
from companion.deck.draft import draft_path
from companion.errors import CompanionError
from companion.views import deck as deck_view
from companion.views.deck import DeckBuilderView, DeckSaveError
from tests.helpers import run_cli

CHARACTERS_FIRST = "3 Karai\n3 Raphael\n3 Hun\n"  # 9 cards, all Characters: the start of a TMNT deck


def text_of(panel: str) -> str:
    """A panel's text as the player reads it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", panel)).split())


def _fresh_page(game: str = "tmnt") -> DeckBuilderView:
    draft_path().unlink(missing_ok=True)
    return DeckBuilderView(game)


# --- 1. TMNT opening odds of a list of mostly Characters -------------------------------------------------

def test_tmnt_odds_of_a_list_of_mostly_characters_match_every_deal() -> None:
    # 10 cards, 8 Characters: a hand of 5 always holds at least 3 (only 2 cards are not Characters)
    recs = [{"id": f"c{i}", "name": f"C{i}", "type": "character", "attribute": "wind", "power": 1}
            for i in range(8)] + [{"id": f"e{i}", "name": f"E{i}", "type": "event", "timing": "play"}
                                  for i in range(2)]
    db = CardDB("tmnt", [card_from_record("tmnt", "T", {**r, "source": "demo: t"}) for r in recs])
    deck = parse("".join(f"1 {c.id}\n" for c in db), db)
    got = {o.label: o.probability for o in opening_odds(deck)}
    sets = list(itertools.combinations(range(10), 8))  # the Characters' places, all equally likely
    both = sum(any(p < 5 for p in pos) and any(5 <= p < 9 for p in pos) for pos in sets)
    assert got["a Character both in hand and in the Block Zones"] == Fraction(both, comb(10, 8)) == 1
    assert got["no Character in hand nor in the Block Zones"] == 0


def test_deck_odds_tmnt_of_nine_characters_answers(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    deck = tmp_path / "chars.txt"
    deck.write_text(CHARACTERS_FIRST, encoding="utf-8")
    code, out, err = run_cli(capsys, "deck", "odds", "tmnt", str(deck))
    assert code == 0, err
    assert "100.000%  a Character both in hand and in the Block Zones  (1/1)" in out
    assert "cannot hold" not in err


def test_the_page_checks_a_list_of_characters_with_its_odds() -> None:
    view = _fresh_page()
    view.input.value = CHARACTERS_FIRST
    assert text_of(view.summary.value) == "Not legal · 9 cards · 1 problem: see Legality"
    assert text_of(view.status.value) == ""  # no "That did not work"
    assert "100.000% a Character both in hand and in the Block Zones" in text_of(view.odds_html.value)


# --- 2. never an older list's verdict beside a new one ---------------------------------------------------

def test_odds_that_cannot_be_worked_out_leave_no_older_verdict_or_odds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = _fresh_page()
    assert text_of(view.summary.value) == "Legal · 40 cards"  # the demo list

    def broken(*_args: object, **_kw: object) -> None:
        raise CompanionError("the odds broke")

    monkeypatch.setattr(deck_view, "opening_odds", broken)
    view.input.value = "3 Karai\n4 Sai\n"
    assert text_of(view.summary.value) == "Not legal · 7 cards · 2 problems: see Legality"
    verdict = text_of(view.verdict.value)
    assert "The deck has 7 cards" in verdict and "4 copies of Sai" in verdict
    odds = text_of(view.odds_html.value)
    assert "The opening odds cannot be worked out" in odds and "the odds broke" in odds
    assert "40 cards" not in odds  # (the demo list's odds are gone)


# --- 3. a deck another page saved is offered where the refusal says -------------------------------------

def test_a_save_refused_over_another_pages_deck_offers_that_deck_to_open() -> None:
    first, second = _fresh_page("village"), _fresh_page("village")
    first.input.value = "Name: Mice\n2 Acorn Scout\n2 Twin Tail Duelist\n25 Apple\n"
    saved = first.save_list()
    second.input.value = "Name: Mice\n3 Acorn Scout\n"
    with pytest.raises(DeckSaveError, match="open 'saved: mice' first"):
        second.save_list()
    assert ("saved: mice", str(saved)) in second.load.options  # what the message says to open
    assert second.input.value == "Name: Mice\n3 Acorn Scout\n"  # nothing typed is lost
    second.load.value = str(saved)  # opening it asks first: the edits are not saved
    assert second.incoming is not None and second.input.value == "Name: Mice\n3 Acorn Scout\n"
    second.take_incoming()
    assert "2 Twin Tail Duelist" in second.input.value
