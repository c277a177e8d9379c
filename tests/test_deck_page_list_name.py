"""The deck builder page: a list's own name typed or pasted into the editor goes into the Name box, so Save
files the list under the name it gives itself (it once kept the name of the list the editor held before:
on a page just opened, the example's). Driven through the widgets, as a player would."""

from __future__ import annotations

import json

from companion.deck.draft import draft_path
from companion.views.deck import DeckBuilderView, decks_dir

CARDS = "3 Cherry\n3 Apple\n"


def _fresh_page(game: str = "village") -> DeckBuilderView:
    draft_path().unlink(missing_ok=True)
    return DeckBuilderView(game)


def test_a_pasted_lists_name_line_replaces_the_examples_name_and_save_uses_it() -> None:
    view = _fresh_page()
    before = view.name.value
    assert before  # the page opens on the demo list, its name in the box
    view.input.value = "Name: Orchard Rush\n" + CARDS
    assert view.name.value == "Orchard Rush"
    path = view.save_list()
    assert path.parent == decks_dir() and "orchard" in path.name.lower()
    assert "Name: Orchard Rush" in path.read_text(encoding="utf-8")
    assert before not in path.read_text(encoding="utf-8")


def test_a_pasted_json_list_and_a_csv_title_row_name_the_list_too() -> None:
    view = _fresh_page()
    view.input.value = json.dumps({"name": "Jar of Plums", "cards": [{"name": "Cherry", "count": 3}]})
    assert view.name.value == "Jar of Plums"
    view.input.value = "Name: Cellar Mice\nCount,Card\n3,Cherry\n"
    assert view.name.value == "Cellar Mice"


def test_the_box_stays_the_players_while_the_lists_own_name_is_unchanged() -> None:
    view = _fresh_page()
    view.input.value = "Name: Orchard Rush\n" + CARDS
    view.name.value = "Tuesday deck"  # the player renames it in the box
    view.input.value = "Name: Orchard Rush\n" + CARDS + "2 Pear\n"  # an edit that leaves the Name line
    assert view.name.value == "Tuesday deck"
    view.input.value = CARDS  # the Name line deleted: nothing new to follow
    assert view.name.value == "Tuesday deck"
    view.input.value = "Name: Plum Cellar\n" + CARDS  # a new name typed in the list: the box follows
    assert view.name.value == "Plum Cellar"


def test_a_list_of_no_name_leaves_the_box_and_switching_games_keeps_each_games_name() -> None:
    view = _fresh_page()
    view.name.value = "Mine"
    view.input.value = CARDS
    assert view.name.value == "Mine"
    view.input.value = "Name: Orchard Rush\n" + CARDS
    view.name.value = "Renamed"
    view.game.value = "tmnt"
    view.game.value = "village"  # the list comes back with its Name line: the box keeps the player's name
    assert view.name.value == "Renamed"
