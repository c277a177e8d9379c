"""The deck builder page, browser audit A: the Open menu names the list really in the editor, a list that
does not read never quietly replaces a saved deck, the save question is said once, a reload brings back
what was not saved, a number typed stays as typed, an empty list gets no verdict, messages name the
games, and the demo list opens as the Open menu opens it. Driven through the widgets, as a player would."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.deck.draft import draft_path
from companion.deck.saved import saved_decks
from companion.errors import UnknownCardError, game_words
from companion.views.deck import EXAMPLES_DIR, DeckBuilderView, SaveQuestion, decks_dir

DEMO = EXAMPLES_DIR / "village-demo-legal.txt"


def text_of(panel: str) -> str:
    """A panel's text as the player reads it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", panel)).split())


def _plus(view: DeckBuilderView, name: str) -> None:
    view.search.value = name.lower()
    row = next(r for r in view.table.children if f"<b>{name}</b>" in r.children[3].value)
    row.children[2].click()


def _saved_night_deck() -> Path:
    """The 60-card demo list saved as ``night-deck`` (by a page of its own, whose draft is then gone)."""
    view = DeckBuilderView("village")
    view.name.value = "night-deck"
    path = view.save_list()
    draft_path().unlink()
    return path


def _fresh_page(game: str = "village") -> DeckBuilderView:
    """A page opened with no draft to bring back."""
    draft_path().unlink(missing_ok=True)
    return DeckBuilderView(game)


# --- 1. the Open menu names the list in the editor ----------------------------------------------------

def test_the_open_menu_names_the_list_in_the_editor_and_says_unsaved_after_an_edit() -> None:
    path = _saved_night_deck()
    view = _fresh_page()
    view.load.value = str(path)
    assert view.load.options[0] == ("— editing: night-deck (saved)", "")
    _plus(view, "Cherry")  # an edit: the menu no longer calls it saved
    assert view.load.value == "" and view.load.options[0] == ("— editing: night-deck (unsaved)", "")
    view.load.value = str(DEMO)  # asks first: the edits are at stake
    assert "the editor holds unsaved edits" in text_of(view.ask.value)
    assert view.load.options[0] == ("— editing: night-deck (unsaved)", "")
    view.replace_edits.click()  # the example is now the list in the editor, and the menu says so
    assert view.load.value == str(DEMO)
    assert view.load.options[0] == ("— editing: example village-demo-legal", "")
    saved = view.save_list()  # an example is saved to a file of its own: the menu names that one
    assert saved.name == "village-demo-legal.txt" and saved.parent == decks_dir()
    assert view.load.options[0] == ("— editing: demo-legal (saved)", "")
    view.input.value = "3 Apple\n"
    assert view.load.options[0] == ("— editing: demo-legal (unsaved)", "")


def test_a_list_typed_afresh_and_an_upload_are_named_as_unsaved_or_by_their_file() -> None:
    view = _fresh_page()
    view.input.value = ""
    assert view.load.options[0] == ("—", "")  # an empty box holds nothing to name
    blank = DeckBuilderView("village", "")  # a page made with a list of its own: no file holds it
    blank.input.value = "3 Apple\n"
    assert blank.load.options[0] == ("— editing: a new list (unsaved)", "")
    data = b"4 Pear\n"
    view.upload.value = ({"name": "pears.txt", "type": "text/plain", "size": len(data),
                          "content": memoryview(data), "last_modified": datetime(2026, 1, 1, tzinfo=UTC)},)
    assert view.input.value == "4 Pear\n" and view.load.options[0] == ("— editing: pears.txt", "")


# --- 2. a list that does not read never quietly replaces a saved deck --------------------------------

def test_a_list_that_does_not_read_asks_before_it_replaces_the_saved_deck_it_was_opened_from() -> None:
    path = _saved_night_deck()
    before = path.read_text(encoding="utf-8")
    view = _fresh_page()
    view.load.value = str(path)
    view.input.value = "3 Apple\n2 Acorn Scoot\n"
    view.save.click()
    assert path.read_text(encoding="utf-8") == before  # the 60-card deck is still there
    assert view.clash.layout.display is None
    ask = text_of(view.clash_ask.value)
    assert "Your list does not read, and village-night-deck.txt holds a saved deck" in ask
    assert "line 2: '2 Acorn Scoot'" in ask
    assert "Save as new deck: your list goes to village-night-deck-2.txt" in ask
    with pytest.raises(SaveQuestion):  # Save again asks again
        view.save_list()
    view.save_new.click()  # the list as typed goes to a new file; the saved deck stays
    assert (decks_dir() / "village-night-deck-2.txt").read_text(encoding="utf-8") == (
        "Name: night-deck 2\n3 Apple\n2 Acorn Scoot\n")
    assert path.read_text(encoding="utf-8") == before
    said = text_of(view.status.value)
    assert "village-night-deck.txt keeps the saved deck" in said and "Not read yet: line 2" in said


def test_save_over_it_replaces_the_saved_deck_only_when_chosen() -> None:
    path = _saved_night_deck()
    view = _fresh_page()
    view.load.value = str(path)
    view.input.value = "3 Apple\n2 Acorn Scoot\n"
    view.save.click()
    assert "Acorn Scoot" not in path.read_text(encoding="utf-8")
    view.save_over.click()
    assert path.read_text(encoding="utf-8") == "Name: night-deck\n3 Apple\n2 Acorn Scoot\n"
    assert view.clash.layout.display == "none" and "Saved" in text_of(view.status.value)
    view.input.value = "3 Apple\n2 Acorn Scout\n"  # a list that reads is saved over its own deck at once
    view.save.click()
    assert path.read_text(encoding="utf-8") == "Name: night-deck\n3 Apple\n2 Acorn Scout\n"
    view.input.value = "# nothing yet\n"  # nor does a list of no card wipe it: Save is off, saying why
    assert view.save.disabled and "the list holds no card" in text_of(view.save_off.value)
    view.save.click()
    assert path.read_text(encoding="utf-8") == "Name: night-deck\n3 Apple\n2 Acorn Scout\n"


# --- 3. the save question is said once, beside its two answers -----------------------------------------

def test_the_save_question_is_said_once_beside_its_answers() -> None:
    path = _saved_night_deck()
    view = _fresh_page()
    view.load.value = str(path)
    view.name.value = "Mice #1"
    view.save.click()  # an earlier refusal under the list...
    assert "That did not work" in text_of(view.status.value)
    view.name.value = "night-deck"
    path.write_text("Name: night-deck\n9 Pear\n", encoding="utf-8")  # another program saved it
    view.input.value = "4 Apple\n"
    view.save.click()
    assert path.read_text(encoding="utf-8") == "Name: night-deck\n9 Pear\n"
    ask = text_of(view.clash_ask.value)
    assert "village-night-deck.txt changed since this page opened or saved it" in ask
    said = text_of(view.status.value)  # ...is gone, and the question is not repeated there
    assert "That did not work" not in said and "changed since" not in said and "below" not in said
    with pytest.raises(SaveQuestion) as asked:
        view.save_list()
    assert "below" not in asked.value.render() and "Save over it" in asked.value.render()


# --- 4. a reload brings back what was not saved -------------------------------------------------------

def test_a_reload_brings_back_each_games_list_name_and_format_and_says_so() -> None:
    view = _fresh_page()
    view.format.value = "village-casual-50"
    view.name.value, view.input.value = "Orchard", "20 Apple\n"
    view.game.value = "tmnt"
    view.input.value = "3 leonardo-1\n"
    again = DeckBuilderView("tmnt")  # the page opened again (a reload)
    assert again.input.value == "3 leonardo-1\n" and again.name.value == "TMNT demo (legal)"
    assert text_of(again.draft_note.value) == "Your unsaved list was brought back (and your Village TCG list)"
    again.game.value = "village"
    assert (again.input.value, again.name.value, again.format.value) == ("20 Apple\n", "Orchard",
                                                                         "village-casual-50")
    assert again.load.options[0] == ("— editing: example village-demo-legal (unsaved)", "")
    assert again.unsaved()  # an upload or a list opened over it still asks first
    assert "Legal · 20 cards" not in again.summary.value and "20 cards" in text_of(again.summary.value)


def test_a_saved_deck_brought_back_is_still_the_deck_save_updates() -> None:
    path = _saved_night_deck()
    view = _fresh_page()
    view.load.value = str(path)
    view.input.value = "4 Apple\n"
    again = DeckBuilderView("village")
    assert again.input.value == "4 Apple\n" and again.name.value == "night-deck"
    assert again.load.options[0] == ("— editing: night-deck (unsaved)", "")
    assert again.save_list() == path and path.read_text(encoding="utf-8") == "Name: night-deck\n4 Apple\n"
    path.write_text("Name: night-deck\n9 Pear\n", encoding="utf-8")  # and another page's save is kept
    third = DeckBuilderView("village")
    third.input.value = "5 Apple\n"
    third.save.click()
    assert path.read_text(encoding="utf-8") == "Name: night-deck\n9 Pear\n"
    assert third.clash.layout.display is None


def test_a_draft_that_cannot_be_read_is_said_and_left_as_it_is() -> None:
    draft = draft_path()
    draft.parent.mkdir(parents=True)
    draft.write_text("{not json", encoding="utf-8")
    view = DeckBuilderView("village")  # no traceback: the page opens on the demo list
    said = text_of(view.draft_note.value)
    assert said.startswith("Your unsaved list could not be brought back") and "is not JSON" in said
    assert view.name.value == "Village demo (legal)"
    view.input.value = "3 Apple\n"
    view.format.value = "village-casual-50"
    assert draft.read_text(encoding="utf-8") == "{not json"  # never replaced
    draft.write_text('{"draft": 1, "page": "deck-builder", "games": {"village": {"text": 3}}}',
                     encoding="utf-8")
    said = text_of(DeckBuilderView("village").draft_note.value)
    assert "holds an editor the deck builder cannot read" in said


def test_a_draft_that_cannot_be_written_is_said_and_the_page_goes_on() -> None:
    draft_path().parent.parent.mkdir(parents=True, exist_ok=True)
    draft_path().parent.write_text("a file where the drafts folder goes", encoding="utf-8")
    view = DeckBuilderView("village")
    view.input.value = "3 Apple\n"
    assert text_of(view.draft_note.value).startswith("Your list is not kept as a draft")
    assert "Not legal · 3 cards" in text_of(view.summary.value)
    draft_path().parent.unlink()  # room again: the next change is kept, and the note goes
    view.input.value = "4 Apple\n"
    assert view.draft_note.value == "" and "4 Apple" in draft_path().read_text(encoding="utf-8")


def test_the_draft_is_no_saved_deck_on_either_page() -> None:
    from companion.views.printing import PrintView

    view = _fresh_page()
    view.input.value = "3 Apple\n"
    assert draft_path().is_file()
    assert saved_decks("village") == [] and not decks_dir().exists()
    assert all("draft" not in value for _label, value in view.load.options)
    printing = PrintView("village")
    assert all("draft" not in value for _label, value in printing.deck.options)


# --- 5. a number typed stays as typed ------------------------------------------------------------------

def test_a_number_past_what_its_box_takes_stays_as_typed_and_is_said() -> None:
    view = _fresh_page()
    view.draws.value = 100
    assert view.draws.value == 100
    odds = text_of(view.odds_html.value)
    assert "in the first: 100 is past what the box takes (0 to 99)" in odds
    assert "needs at least 99" not in odds and "in the first 99 cards" not in odds
    view.draws.value, view.at_least.value = 10, 41
    assert "at least: 41 is past what the box takes (0 to 40)" in text_of(view.odds_html.value)
    view.at_least.value = 1
    odds = text_of(view.odds_html.value)
    assert "past what the box takes" not in odds and "in the first 10 cards" in odds


# --- 6. an empty list gets no verdict ------------------------------------------------------------------

@pytest.mark.parametrize("typed", ["", "# nothing yet\n", "Name: Later\n// a comment\n"])
def test_an_empty_list_asks_for_one_instead_of_a_verdict(typed: str) -> None:
    view = _fresh_page()
    view.input.value = typed
    assert text_of(view.summary.value) == "No cards yet: paste or build a list"
    for panel in (view.verdict, view.stats_table, view.odds_html):
        assert "paste or build a list" in text_of(panel.value)
    assert "Not legal" not in view.verdict.value and "short" not in view.verdict.value
    assert "Recommended mix" not in view.verdict.value and view.plot.layout.display == "none"
    _plus(view, "Apple")  # the table builds it: the verdict comes with the first card
    assert "Not legal · 1 card" in text_of(view.summary.value)


# --- 7. messages name the game, never its id -----------------------------------------------------------

def test_an_unknown_card_is_named_with_the_games_name() -> None:
    view = _fresh_page()
    view.input.value = "2 Acorn Scoot\n"
    said = text_of(view.status.value)
    assert "unknown Village TCG card 'Acorn Scoot'" in said and "village card" not in said
    view.game.value = "tmnt"
    view.input.value = "3 Apple\n"
    assert "unknown TMNT TCG card 'Apple'" in text_of(view.status.value)
    said = str(UnknownCardError("Grean Knight", "monarchs"))
    assert said == "unknown Of Mice and Monarchs card 'Grean Knight'"
    assert game_words("mystics ability") == "Mice and Mystics ability" and game_words("other") == "other"


# --- 8. the demo list opens as the Open menu opens it --------------------------------------------------

@pytest.mark.parametrize("game", ["village", "tmnt"])
def test_the_page_opens_the_demo_list_as_the_open_menu_does(game: str) -> None:
    view = _fresh_page(game)
    opened = (view.input.value, view.name.value)
    assert opened[1] == f"{'Village' if game == 'village' else 'TMNT'} demo (legal)"
    assert "Name:" not in opened[0] and not view.unsaved()
    demo = EXAMPLES_DIR / f"{game}-demo-legal.txt"
    view.load.value = str(demo)
    assert (view.input.value, view.name.value) == opened and view.choice.layout.display == "none"
