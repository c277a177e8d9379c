"""Ninth audit, second part: a card sheet without a ``type`` column whose other problems (ATK ``x``)
waited for the type, ``--kind`` with a field no card has refused by :func:`parse_kind` itself (for
the command and the deck builder alike), and a CSV decklist's extra column said on the deck builder
page as the deck commands say it. Each test failed before its fix."""

from __future__ import annotations

import pytest

from companion.cardcsv import CsvImportError, import_csv
from companion.cards import load_game
from companion.deck.fields import parse_kind
from companion.errors import CompanionError
from companion.validation import validate_document
from companion.views.deck import DeckBuilderView

# -- 1. a sheet without a type column -------------------------------------------------------------


def test_a_sheet_without_a_type_column_reports_a_bad_atk_in_the_same_run() -> None:
    with pytest.raises(CsvImportError) as err:
        import_csv("village", "name,source,atk,def\nPip,me,x,1\n", file="s.csv")
    problems = err.value.problems
    assert any("the column 'type' is missing" in p for p in problems)
    assert any("column C 'atk'" in p and "'atk' has the wrong type" in p for p in problems), problems


def test_a_card_without_a_type_is_checked_as_each_type_its_fields_fit() -> None:
    doc = {"game": "village", "set": "s",
           "cards": [{"id": "pip", "name": "Pip", "source": "me", "atk": -1}]}
    said = {(i.pointer, i.message, i.expected) for i in validate_document(doc, file="f.json")}
    assert ("/cards/0/atk", "'atk' is out of range", "at least 0") in said
    # a Basic and a Mega Mouse both need a DEF: said once, naming both
    assert ("/cards/0/def", "the field 'def' is missing",
            "a basic-mouse or mega-mouse card to have 'def'") in said


def test_a_card_without_a_type_that_fits_no_type_keeps_the_shared_checks_only() -> None:
    doc = {"game": "village", "set": "s",
           "cards": [{"id": "pip", "name": "Pip", "source": "me", "atk": -1, "instant": True}]}
    pointers = {i.pointer for i in validate_document(doc, file="f.json")}
    assert "/cards/0/type" in pointers and "/cards/0/atk" not in pointers  # (a mouse, or a Magic card?)


# -- 2. --kind with a field no card has --------------------------------------------------------------


def test_parse_kind_refuses_an_unknown_field_with_the_fields_and_the_closest() -> None:
    cards = load_game("village").cards
    with pytest.raises(CompanionError, match="no card has the field 'colour'") as err:
        parse_kind(["colour=red"], cards)
    assert (err.value.expected or "").startswith("one of the fields abilities, atk")
    assert err.value.expected.endswith("(or ability, cost, fruit_cost, title)")
    with pytest.raises(CompanionError) as err:
        parse_kind(["tipe=fruit"], cards)
    assert (err.value.suggestion or "").startswith("Did you mean 'type'")
    with pytest.raises(CompanionError, match="no card has the field 'colour'"):  # every field before values
        parse_kind(["type=nothing", "colour=red"], cards)


def test_the_deck_builder_refuses_an_unknown_kind_as_deck_odds_does() -> None:
    view = DeckBuilderView("village")
    view.input.value = "4 Needle Sword\n56 Apple\n"
    view.kind.options = [*view.kind.options, ("colour: red", "colour=red")]
    view.kind.value = "colour=red"
    assert "no card has the field &#x27;colour&#x27;" in view.odds_html.value
    assert "expected one of the fields abilities, atk" in view.odds_html.value
    assert "Basic Mouse" in view.odds_html.value  # the opening odds still show
    view.input.value = "4 Needle Sword\n55 Apple\n"  # and the list is still checked
    assert "59 cards" in view.summary.value


# -- 3. a CSV decklist's extra column on the deck builder page ---------------------------------------


def test_the_deck_builder_shows_a_csv_lists_warnings() -> None:
    view = DeckBuilderView("village")
    view.input.value = "count,card,set\n4,Needle Sword,mine\n56,Apple,mine\n"
    assert view.deck is not None and view.deck.card_count == 60
    assert "The list reads, with 1 warning" in view.status.value
    assert "the column &#x27;set&#x27; is not read" in view.status.value
    view.input.value = "count,card\n4,Needle Sword\n56,Apple\n"
    assert view.status.value == ""
