"""From a review of the whole change: an error said another way keeps every field
(:meth:`CompanionError.relabel`); a cut text keeps its closing quote (:func:`companion.errors.shown`);
the print page looks at no card file while the list is typed, and counts once per choice."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest

import companion.cards as cards_module
from companion import cite
from companion.cards import DATA_DIR, card_files_stamp
from companion.deck.decklist import DecklistError, LineIssue
from companion.errors import CompanionError, RuleError, UnknownCardError, shown
from companion.views.printing import PrintView


def test_an_error_relabelled_keeps_every_other_field() -> None:
    exc = UnknownCardError("colin", "mystics", ["Collin"], where="mouse", cite=cite("mystics", "Game setup"))
    exc.exit_code = 5  # (one an instance set: kept too)
    out = exc.relabel(where="--mice")
    assert type(out) is UnknownCardError and out is not exc and exc.where == "mouse"
    assert (out.name, out.game, out.suggestions, out.cite, out.exit_code) == ("colin", "mystics", ("Collin",),
                                                                              exc.cite, 5)
    assert out.args == (out.render(),)
    assert out.render().startswith("--mice: unknown Mice and Mystics card 'colin'")
    plain = CompanionError("must be 1 to 20", where="skill", expected="a number", found="0",
                           suggestion="Try 3.", cite=cite("mousecard", "Task checks"))
    ruled = plain.relabel(cls=RuleError, message="skill must be 1 to 20", where=None)
    assert type(ruled) is RuleError and ruled.where is None
    kept = (ruled.expected, ruled.found, ruled.suggestion, ruled.cite)
    assert kept == ("a number", "0", "Try 3.", plain.cite)
    assert str(ruled) == "skill must be 1 to 20 (expected a number; found 0) (mouse-card-system.txt, " \
                         "Task checks). Try 3."


def test_a_decklist_error_relabelled_keeps_its_issues() -> None:
    issue = LineIssue(2, "3 Nope", "unknown Village TCG card 'Nope'", unknown="Nope")
    exc = DecklistError([issue], where="a.txt")
    out = exc.relabel(where="Decklist")
    assert out.issues == exc.issues and out.headline() == exc.headline() and out.where == "Decklist"


def test_a_cut_text_keeps_its_closing_quote() -> None:
    assert shown("x" * 100, 20) == "'" + "x" * 17 + "…'" and len(shown("x" * 100, 20)) == 20
    assert shown("it's" * 30, 20).endswith('…"')  # (Python quotes it with double quotes)
    assert shown("short", 20) == "'short'"
    assert shown(list(range(50)), 20) == json.dumps(list(range(50)))[:19] + "…"  # (no quote to close)


def test_the_print_page_looks_at_no_card_file_while_the_list_is_typed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    looks: list[str] = []

    def counted(game: str) -> Any:
        looks.append(game)
        return card_files_stamp(game)

    monkeypatch.setattr(cards_module, "card_files_stamp", counted)  # (read by the page's CardsAsRead)
    page = PrintView("village")
    assert looks == ["village"]  # the page's first choice reads the cards, once
    page.deck.value = "-"
    for text in ("2 Acorn Scout", "20 Acorn Scout", "21 Acorn Scout"):
        page.pasted.value = text
    assert looks == ["village"] and "This makes" in page.estimate.value
    panel: list[str] = []
    monkeypatch.setattr(page, "_show_left_out", lambda skipped: panel.append("said"))
    page.pasted.value = "22 Acorn Scout"
    assert panel == []  # the panel of card files left out is not written again at each keystroke
    assert page.make().startswith(b"%PDF")
    assert looks == ["village", "village"] and panel == ["said"]  # Make PDF reads again what changed


def test_the_print_page_counts_once_when_the_game_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    page = PrintView("village")
    page.deck.value = str(next(p for p in (DATA_DIR / "decks").iterdir() if p.name.startswith("village")))
    counts: list[str] = []
    shown_before = page._show_estimate

    def counted() -> None:
        counts.append(page.game.value)
        shown_before()

    monkeypatch.setattr(page, "_show_estimate", counted)
    page.game.value = "tmnt"  # (the deck menu is filled anew: the village deck is gone)
    assert counts == ["tmnt"] and page.deck.value == "" and "This makes" in page.estimate.value


def test_the_print_page_counts_again_when_the_deck_chosen_is_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    page = PrintView("village")
    whole = page.estimate.value
    deck = next(v for _, v in page.deck.options if v not in ("", "-"))
    page.deck.value = deck
    assert page.estimate.value != whole
    options = [o for o in page._deck_options() if o[1] != deck]
    monkeypatch.setattr(page, "_deck_options", lambda: options)
    page.refresh_decks()  # the deck is no longer offered: the whole game is chosen, and counted
    assert page.deck.value == "" and page.estimate.value == whole
    assert "no longer in" in html.unescape(page.status.value) and Path(deck).name in html.unescape(
        page.status.value)
