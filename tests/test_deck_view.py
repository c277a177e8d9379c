"""The deck builder view: driven through its widgets, as a player would (no browser)."""

from __future__ import annotations

import html
import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.deck.draft import draft_path
from companion.deck.saved import deck_stem, decks_dir, free_name, slug
from companion.errors import CompanionError
from companion.views.deck import DeckBuilderView, DeckSaveError, card_summary

STAMP = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture(scope="module")
def view() -> DeckBuilderView:
    return DeckBuilderView("village")


def test_starts_with_the_example_list_and_a_verdict(view: DeckBuilderView) -> None:
    view.game.value = "village"
    view.input.value = (Path(__file__).resolve().parents[1] / "data" / "decks"
                        / "village-demo-legal.txt").read_text()
    assert "Legal · 60 cards" in view.summary.value
    assert "Recommended mix" in view.verdict.value
    assert "Basic Mouse" in view.stats_table.value
    assert view.plot.value[:4] == b"\x89PNG"
    assert "still no Basic Mouse after the redraw" in view.odds_html.value


def test_css_classes_for_browser_tests(view: DeckBuilderView) -> None:
    for widget, cls in [(view.game, "cmp-deck-game"), (view.input, "cmp-deck-input"),
                        (view.verdict, "cmp-deck-verdict"), (view.stats, "cmp-deck-stats"),
                        (view.odds, "cmp-deck-odds"), (view.save, "cmp-deck-save"),
                        (view.widget, "cmp-deck-page")]:
        assert cls in widget._dom_classes


def test_typing_an_illegal_list_shows_every_problem(view: DeckBuilderView) -> None:
    view.input.value = "2 Acorn Scout\n2 Barley Runner\n4 Needle Sword\n"
    assert "Not legal · 8 cards · 3 problems" in view.summary.value
    assert "share the ability Nibble" in view.verdict.value
    assert "village-tcg.txt, Deck Mix" in view.verdict.value


def test_unreadable_list_lists_bad_lines_without_raising(view: DeckBuilderView) -> None:
    view.input.value = "3 Acorn Scot\nx Pear\n"
    assert view.deck is None
    assert "2 lines cannot be read" in view.status.value
    assert "Acorn Scout" in view.status.value  # the suggestion
    # the table's buttons refuse politely while the list is broken
    view.search.value = "Apple"
    row = view.table.children[0]
    row.children[2].click()
    assert "fix the list first" in view.status.value


def test_plus_and_minus_buttons_edit_the_list(view: DeckBuilderView) -> None:
    view.input.value = "2 Apple\n"
    view.search.value = "apple"
    row = view.table.children[0]
    minus, count, plus = row.children[:3]
    plus.click()
    assert view.deck is not None and view.deck.card_count == 3
    assert "3 Apple" in view.input.value
    assert ">3<" in count.value
    minus.click()
    minus.click()
    minus.click()
    minus.click()  # never below zero
    assert view.deck.card_count == 0


def test_search_matches_abilities_and_lists_deck_cards_first(view: DeckBuilderView) -> None:
    view.input.value = "1 Barley Runner\n"
    view.search.value = "nibble"
    names = [c.name for c in view.matching_cards()]
    assert names[0] == "Barley Runner" and "Acorn Scout" in names


def test_custom_odds(view: DeckBuilderView) -> None:
    view.input.value = "4 Needle Sword\n56 Apple\n"
    view.kind.value = "type=item"
    view.at_least.value = 1
    view.draws.value = 7
    assert "39.950%" in view.odds_html.value and "38962/97527" in view.odds_html.value


def test_format_menu_and_game_switch(view: DeckBuilderView) -> None:
    view.game.value = "village"
    view.input.value = "55 Apple\n"
    assert "Not legal" in view.summary.value
    view.format.value = "village-casual-50"
    assert "Legal · 55 cards" in view.summary.value
    view.game.value = "tmnt"
    assert view.draws.value == 5
    assert view.kind.value == "type=character"
    view.input.value = "3 Leonardo\n"
    assert "exactly 40" in view.verdict.value
    view.game.value = "village"
    assert view.input.value == "55 Apple\n"  # each game keeps its own list
    view.format.value = "village-standard"


def test_save_and_open_again(view: DeckBuilderView) -> None:
    view.game.value = "village"
    view.input.value = "# mine\n3 Apple"
    view.name.value = "My Nibblers!"
    path = view.save_list()
    assert path.name == "village-my-nibblers.txt"
    assert path.parent == Path(os.environ["COMPANION_USER_DATA"]) / "decks"
    assert path.read_text() == "Name: My Nibblers!\n# mine\n3 Apple\n"  # the name is kept in the file
    assert "Saved" in view.status.value
    view.input.value = ""
    view.load.value = str(path)
    assert view.input.value == "# mine\n3 Apple\n" and view.name.value == "My Nibblers!"


def test_upload(view: DeckBuilderView) -> None:
    view.upload.value = ({"name": "upload.txt", "type": "text/plain", "size": 8,
                          "content": memoryview(b"3 Pear\n"), "last_modified": STAMP},)
    assert view.input.value == "3 Pear\n" and view.name.value == "upload"
    view.upload.value = ({"name": "bad.txt", "type": "text/plain", "size": 2,
                          "content": memoryview(b"\xff\xfe\xfa"), "last_modified": STAMP},)
    assert "not UTF-8" in view.status.value


def test_helpers() -> None:
    assert slug("  ") == "deck" and slug("Mice & Fruit") == "mice-fruit"
    view = DeckBuilderView("tmnt")
    leo = view.db.find("leonardo-2")
    assert "Power" in card_summary(leo) and "leonardo-2" in card_summary(leo)


def test_broken_user_files_do_not_break_the_page() -> None:
    folder = Path(os.environ["COMPANION_USER_DATA"])
    (folder / "formats").mkdir(parents=True, exist_ok=True)
    (folder / "formats" / "village-broken.json").write_text("{nope")
    view = DeckBuilderView("village")
    assert "Some format files were skipped" in view.status.value
    assert "village-broken.json" in view.status.value
    (folder / "village").mkdir(exist_ok=True)
    (folder / "village" / "mine.json").write_text("[]")
    view = DeckBuilderView("village")  # the broken card file is left out, not the page (audit 2)
    assert "mine.json: left out" in view.load_problems.value
    assert "Legal · 60 cards" in view.summary.value


EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "decks"


def test_save_keeps_the_edited_list_and_shows_the_saved_deck() -> None:
    view = DeckBuilderView("village")
    view.load.value = str(EXAMPLES / "village-demo-illegal.txt")
    assert view.name.value == "Village demo (illegal)" and "4 Needle Sword" in view.input.value
    assert "Name:" not in view.input.value  # the list's Name: line is in the Name box
    edited = view.input.value.replace("4 Needle Sword", "3 Needle Sword")
    view.input.value = edited
    summary, verdict = view.summary.value, view.verdict.value
    assert "one too many" not in verdict
    view.name.value = "fixed"
    view.save.click()
    path = Path(os.environ["COMPANION_USER_DATA"]) / "decks" / "village-fixed.txt"
    assert path.read_text() == "Name: fixed\n" + edited and "Saved" in view.status.value
    # the editor keeps the user's list and name; the Open menu shows the deck just saved
    assert view.input.value == edited and view.name.value == "fixed"
    assert view.load.options[0] == ("— editing: fixed (saved)", "") and view.load.value == ""
    assert ("saved: fixed", str(path)) in view.load.options
    assert (view.summary.value, view.verdict.value) == (summary, verdict)
    # a saved deck saved under a new name: the same
    view.input.value = edited + "1 Apple\n"
    view.name.value = "fixed two"
    view.save.click()
    two = path.with_name("village-fixed-two.txt")
    assert two.read_text() == "Name: fixed two\n" + edited + "1 Apple\n"
    assert path.read_text() == "Name: fixed\n" + edited
    assert view.input.value == edited + "1 Apple\n" and view.name.value == "fixed two"
    assert view.load.options[0] == ("— editing: fixed-two (saved)", "")
    # picking a list in the Open menu still opens it
    view.load.value = str(path)
    assert view.input.value == edited and view.name.value == "fixed"


def test_a_free_name_keeps_its_number_in_the_file_name() -> None:
    decks_dir().mkdir(parents=True)
    (decks_dir() / "village-mice-2.json").write_text("{}", encoding="utf-8")  # any list suffix counts
    assert free_name("Mice", "village") == "Mice 3" and deck_stem("Mice 3", "village") == "mice-3"
    long = free_name("x" * 200, "village")
    assert long.endswith(" 2") and deck_stem(long, "village").endswith("-2")
    assert deck_stem("village-mine", "village") == "mine" and deck_stem("!!", "tmnt") == "deck"


def test_deck_names_in_any_script_get_their_own_files() -> None:
    assert slug("Дракон") == "дракон" and slug("龍の群れ") == "龍の群れ"
    assert slug("Crème Brûlée") == "crème-brûlée" and slug("  ") == "deck"
    view = DeckBuilderView("village")
    view.name.value, view.input.value = "Дракон", "3 Acorn Scout\n"
    first = view.save_list()
    view.name.value, view.input.value = "龍の群れ", "3 Cheddar Knight\n"
    second = view.save_list()
    assert first != second
    assert first.read_text() == "Name: Дракон\n3 Acorn Scout\n"
    assert second.read_text() == "Name: 龍の群れ\n3 Cheddar Knight\n"
    assert {"saved: дракон", "saved: 龍の群れ"} <= {label for label, _ in view.load.options}


def test_saving_never_replaces_another_deck_unasked() -> None:
    view = DeckBuilderView("village")
    view.name.value, view.input.value = "Mice & Fruit", "3 Apple\n"
    path = view.save_list()
    assert path.name == "village-mice-fruit.txt"
    view.input.value = "4 Apple\n"  # the same name saved again is an update
    assert view.save_list() == path and path.read_text() == "Name: Mice & Fruit\n4 Apple\n"
    view.name.value, view.input.value = "Mice Fruit", "5 Pear\n"  # another deck, the same file name
    view.save.click()
    assert path.read_text() == "Name: Mice & Fruit\n4 Apple\n"
    assert "village-mice-fruit.txt already holds another saved deck" in view.status.value
    assert "Overwrite" in view.status.value
    assert view.input.value == "5 Pear\n" and view.name.value == "Mice Fruit"  # nothing typed is lost
    with pytest.raises(DeckSaveError):
        view.save_list()
    view.overwrite.value = True  # the explicit choice
    view.save.click()
    assert path.read_text() == "Name: Mice Fruit\n5 Pear\n" and "Saved" in view.status.value
    assert view.overwrite.value is False  # asked again next time
    # another page (a new session: no draft brought back) does not hold the file: it asks too, unless
    # the text is the same
    draft_path().unlink()
    other = DeckBuilderView("village")
    other.name.value, other.input.value = "Mice Fruit", "6 Pear\n"
    with pytest.raises(DeckSaveError):
        other.save_list()
    other.input.value = "5 Pear\n"
    assert other.save_list() == path
    # a saved deck opened from the menu is updated under its own name
    other.load.value = str(path)
    other.input.value = "7 Pear\n"
    assert other.name.value == "Mice Fruit" and other.save_list() == path
    assert path.read_text() == "Name: Mice Fruit\n7 Pear\n"
    # an uploaded list is not the saved deck of the same name
    other.upload.value = ({"name": "mice-fruit.txt", "type": "text/plain", "size": 7,
                           "content": memoryview(b"8 Pear\n"), "last_modified": STAMP},)
    other.save.click()
    assert path.read_text() == "Name: Mice Fruit\n7 Pear\n"
    assert "already holds another saved deck" in other.status.value


def _house_format(path: Path, fmt_id: str) -> None:
    doc = json.loads((EXAMPLES.parent / "formats" / "village-standard.json").read_text())
    doc.update(id=fmt_id, name="House 40", house="40 cards", deck_size={"min": 40, "section": "Deck Mix"})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))


def test_a_user_format_whose_file_name_is_not_its_id_can_be_chosen() -> None:
    _house_format(Path(os.environ["COMPANION_USER_DATA"]) / "formats" / "my-house.json", "village-house-40")
    view = DeckBuilderView("village")
    assert "village-house-40" in [v for _, v in view.format.options]
    view.input.value = "3 Acorn Scout\n40 Apple\n"
    assert "Not legal · 43 cards" in view.summary.value
    view.format.value = "village-house-40"
    assert "Legal · 43 cards" in view.summary.value and view.status.value == ""
    verdict = html.unescape(view.verdict.value)
    assert "house format House 40: 40 cards" in verdict and "village-house-40" not in verdict
    assert verdict.count("40 cards") == 2  # (the rule's citation and the house-format note, once each)


def test_a_format_that_fails_leaves_no_stale_verdict() -> None:
    path = Path(os.environ["COMPANION_USER_DATA"]) / "formats" / "village-house-40.json"
    _house_format(path, "village-house-40")
    view = DeckBuilderView("village")
    view.input.value = "3 Acorn Scout\n40 Apple\n"
    view.format.value = "village-house-40"
    assert "Legal · 43 cards" in view.summary.value
    view.format.value = "village-standard"
    path.write_text("{nope")  # the file breaks while the page is open
    view.format.value = "village-house-40"
    assert "not valid JSON" in view.status.value
    assert "Legal" not in view.summary.value and "no verdict" in view.summary.value
    assert "Deck Mix" not in view.verdict.value and "No verdict" in view.verdict.value
    assert view.deck is not None and "Basic Mouse" in view.stats_table.value  # the list still reads
    view.format.value = "village-standard"
    assert "Not legal · 43 cards" in view.summary.value and view.status.value == ""


def test_a_refresh_reads_the_chosen_format_once_even_when_it_cannot_be_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The odds and the verdict share one reading of the format file (a user's file is read
    from disk each time): a broken one too, which fails once, not twice, per keystroke."""
    import companion.views.deck as deck_view

    path = Path(os.environ["COMPANION_USER_DATA"]) / "formats" / "village-house-40.json"
    _house_format(path, "village-house-40")
    view = DeckBuilderView("village")
    view.format.value = "village-house-40"
    reads: list[str] = []
    real = deck_view.load_format
    monkeypatch.setattr(deck_view, "load_format", lambda game, fid: reads.append(fid) or real(game, fid))
    view.input.value = "3 Acorn Scout\n40 Apple\n"
    assert reads == ["village-house-40"] and "Legal · 43 cards" in view.summary.value
    path.write_text("{nope")
    reads.clear()
    view.input.value = "3 Acorn Scout\n41 Apple\n"
    assert reads == ["village-house-40"] and "no verdict" in view.summary.value


def _text(html: str) -> str:
    import re

    return re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", html)).strip()


@pytest.mark.parametrize("bad", ['{"game": "tmnt", "cards": []}', "3 Acorn Scout\n3 Nonexistent Card\n"])
def test_a_list_that_cannot_be_read_leaves_nothing_of_the_last_one_on_show(bad: str) -> None:
    b = DeckBuilderView("village")
    b.input.value = "3 Acorn Scout\n57 Apple\n"
    assert "Legal · 60 cards" in b.summary.value and "74." not in b.odds_html.value
    b.input.value = bad
    for panel in (b.summary, b.verdict, b.stats_table, b.odds_html):
        assert "Legal" not in _text(panel.value) and "60 cards" not in _text(panel.value)
    assert "companion-error" in b.status.value and b.plot.layout.display == "none"  # said under the list
    assert "companion-error" not in b.summary.value + b.verdict.value  # one error panel: the status
    readable = {"acorn-scout": 3} if bad.startswith("3") else {}  # the counts of the lines that read
    for card_id, row in zip(b._row_order, b.table.children, strict=False):
        n = readable.get(card_id)
        assert (f">{n}<" if n else "color:#aaa'>0<") in row.children[1].value, card_id
    b.input.value = "3 Acorn Scout\n57 Apple\n"
    assert "Legal · 60 cards" in b.summary.value and b.plot.layout.display is None


def test_taps_on_minus_keep_the_rows_in_place_so_the_same_card_goes_down() -> None:
    b = DeckBuilderView("village")
    b.input.value = "2 Acorn Scout\n1 Barley Runner\n57 Apple\n"

    def top() -> str:  # the card's name, the label's first line
        return b.table.children[0].children[3].value.split("</b>")[0].removeprefix("<b>")

    first = top()
    for _ in range(4):
        assert top() == first
        b.table.children[0].children[0].click()
    assert b.deck is not None and b.deck.count_of(b.db.lookup(first)) == 0
    assert b.deck.card_count == 60 - {"Acorn Scout": 2, "Barley Runner": 1, "Apple": 57}[first]
    b.search.value = "a"  # a new search sorts again: cards in the deck first
    assert b.deck.count_of(b.db.lookup(top())) > 0


def test_opening_a_saved_list_that_is_not_utf8_says_so_and_the_menu_goes_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_USER_DATA", str(tmp_path))
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "village-notepad.txt").write_bytes("3 Acorn Scout\n".encode("utf-16"))
    b = DeckBuilderView("village")
    before = b.input.value
    b.load.value = str(decks / "village-notepad.txt")
    assert "looks like UTF-16" in b.status.value and "this is a bug" not in b.status.value
    assert b.load.value == "" and b.input.value == before


def test_the_opening_odds_follow_the_formats_hand_and_cite_the_users_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from companion.cards import DATA_DIR

    monkeypatch.setenv("COMPANION_USER_DATA", str(tmp_path))
    (tmp_path / "formats").mkdir()
    fmt = json.loads((DATA_DIR / "formats" / "village-standard.json").read_text(encoding="utf-8"))
    fmt.update(id="village-five", hand_size=5)
    (tmp_path / "formats" / "five.json").write_text(json.dumps(fmt), encoding="utf-8")
    page = DeckBuilderView("village")
    page.format.value = "village-five"
    page.input.value = "8 Acorn Scout\n52 Apple\n"
    assert "a Basic Mouse in the opening 5" in page.odds_html.value
    assert "opening 7" not in page.odds_html.value and "five.json" in page.odds_html.value


def test_the_name_box_belongs_to_each_games_list() -> None:
    from companion.views.deck import decks_dir

    view = DeckBuilderView("village")
    view.name.value = "village-deck"
    view.game.value = "tmnt"  # the Village deck's name does not follow onto the TMNT list: the TMNT demo's
    assert view.name.value == "TMNT demo (legal)"
    path = view.save_list()
    assert path.name.startswith("tmnt-") and "village" not in path.name  # its own name (the list's)
    assert not (decks_dir() / "tmnt-village-deck.txt").exists()
    view.name.value = "Foot Clan"
    view.game.value = "village"
    assert view.name.value == "village-deck"  # back to the Village list: its name with it
    assert view.save_list().name == "village-deck.txt"
    view.game.value = "tmnt"
    assert view.name.value == "Foot Clan"


def test_overwrite_does_not_carry_over_to_the_other_game() -> None:
    view = DeckBuilderView("village")
    view.overwrite.value = True
    view.game.value = "tmnt"
    assert view.overwrite.value is False


def test_switching_back_to_a_game_whose_card_files_are_broken_keeps_its_own_list() -> None:
    # the kinds menu reads the card data; a broken user file had stopped the switch half-way,
    # leaving the other game's list in the editor (and Save filed it under this game's name)
    folder = Path(os.environ["COMPANION_USER_DATA"]) / "village"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bad.json").write_text('{"game": "village", "set": "Mine", "cards": [{"id": "x"}]}')
    view = DeckBuilderView("village")
    view.input.value = "3 Wild Fig\n"
    view.game.value = "tmnt"
    view.game.value = "village"
    assert view.input.value == "3 Wild Fig\n" and view.game.value == "village"
    assert "Legal" not in view.summary.value  # the card data cannot be read: no verdict


def _upload(view: DeckBuilderView, name: str, text: str) -> None:
    view.upload.value = ({"name": name, "type": "text/plain", "size": len(text.encode()),
                          "content": memoryview(text.encode()), "last_modified": STAMP},)


def test_an_upload_never_replaces_unsaved_edits_unasked() -> None:
    view = DeckBuilderView("village")
    _upload(view, "first.txt", "3 Pear\n")  # over the example the page put there: at once
    assert view.input.value == "3 Pear\n" and view.name.value == "first"
    view.input.value = "3 Acorn Scout\n"  # typed, not saved
    _upload(view, "other.txt", "4 Pear\n")
    assert view.input.value == "3 Acorn Scout\n" and view.name.value == "first"  # kept
    assert view.choice.layout.display is None  # the question is on show, with its two answers
    assert "other.txt is not opened yet" in view.ask.value and "unsaved edits" in view.ask.value
    assert {view.replace_edits.description, view.keep_edits.description} == {"Replace my edits",
                                                                               "Keep my edits"}
    assert "cmp-deck-choice" in view.choice._dom_classes and "cmp-deck-keep" in view.keep_edits._dom_classes
    assert "cmp-deck-replace" in view.replace_edits._dom_classes
    view.input.value = "3 Acorn Scout\n1 Apple\n"  # typing on (a re-check clears the status)...
    assert view.choice.layout.display is None and "other.txt" in view.ask.value  # ...the question stays
    view.keep_edits.click()
    assert view.input.value == "3 Acorn Scout\n1 Apple\n" and view.name.value == "first"
    assert view.choice.layout.display == "none" and view.incoming is None
    assert "Your edits are kept" in view.status.value and "other.txt was not opened" in view.status.value
    _upload(view, "other.txt", "4 Pear\n")  # the same file again: asked again, not ignored
    assert view.input.value == "3 Acorn Scout\n1 Apple\n" and view.choice.layout.display is None
    view.replace_edits.click()
    assert view.input.value == "4 Pear\n" and view.name.value == "other"
    assert view.choice.layout.display == "none" and view.ask.value == ""
    _upload(view, "third.txt", "5 Pear\n")  # the uploaded list was not edited: at once
    assert view.input.value == "5 Pear\n" and view.name.value == "third"
    assert view.choice.layout.display == "none" and view.incoming is None
    view.input.value = "6 Pear\n"
    view.save_list()  # saved edits are not lost by an upload: at once
    _upload(view, "fourth.txt", "7 Pear\n")
    assert view.input.value == "7 Pear\n" and view.choice.layout.display == "none"
    view.name.value = "My own name"  # a name typed is an edit too
    _upload(view, "fifth.txt", "8 Pear\n")
    assert view.input.value == "7 Pear\n" and view.name.value == "My own name"
    assert "fifth.txt" in view.ask.value


def test_opening_a_list_over_unsaved_edits_asks_first() -> None:
    view = DeckBuilderView("village")
    legal, illegal = EXAMPLES / "village-demo-legal.txt", EXAMPLES / "village-demo-illegal.txt"
    view.load.value = str(illegal)
    view.input.value = view.input.value.replace("4 Needle Sword", "3 Needle Sword")
    edited = view.input.value
    view.load.value = str(legal)
    assert view.input.value == edited and view.name.value == "Village demo (illegal)"
    assert "example: village-demo-legal is not opened yet" in view.ask.value
    assert view.load.value == ""  # the menu does not show the list as opened
    view.replace_edits.click()
    assert view.input.value == legal.read_text().replace("Name: Village demo (legal)\n", "")
    assert view.name.value == "Village demo (legal)"
    assert view.load.value == str(legal) and view.choice.layout.display == "none"
    # a saved deck opened by the answer is the deck Save updates, as when opened at once
    view.name.value, view.input.value = "mine", "3 Apple\n"
    path = view.save_list()
    view.input.value = "4 Apple\n"
    view.load.value = str(legal)
    view.input.value = "5 Apple\n"
    view.load.value = str(path)
    view.replace_edits.click()
    view.input.value = "6 Apple\n"
    assert view.save_list() == path and path.read_text() == "Name: mine\n6 Apple\n"


def test_a_list_waiting_for_an_answer_waits_in_its_own_games_editor() -> None:
    view = DeckBuilderView("village")
    view.input.value = "3 Acorn Scout\n"
    _upload(view, "village-list.txt", "3 Pear\n")
    assert view.choice.layout.display is None
    view.game.value = "tmnt"  # not opened in the other game's editor, nor asked of there
    assert view.choice.layout.display == "none" and view.incoming is None
    view.replace_edits.click()  # nothing is waiting here: said, and nothing changes
    assert "no list is waiting" in view.status.value
    view.game.value = "village"  # back: the question is asked again, never dropped in silence
    assert view.input.value == "3 Acorn Scout\n" and view.choice.layout.display is None
    assert "village-list.txt is not opened yet" in view.ask.value
    view.replace_edits.click()
    assert view.input.value == "3 Pear\n" and view.choice.layout.display == "none"


def test_an_upload_never_inherits_overwrite_and_the_menu_follows_the_editor() -> None:
    from companion.views.deck import decks_dir

    folder = decks_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "village-mice-fruit.txt").write_text("9 Pear\n", encoding="utf-8")
    view = DeckBuilderView("village")
    view.overwrite.value = True  # ticked earlier, for another save
    _upload(view, "mice-fruit.txt", "1 Apple\n")  # the example is unedited: opens at once
    assert view.input.value == "1 Apple\n" and view.overwrite.value is False
    assert view.load.value == ""  # the upload is none of the saved lists
    with pytest.raises(CompanionError, match="already holds another saved deck"):
        view.save_list()
    assert (folder / "village-mice-fruit.txt").read_text(encoding="utf-8") == "9 Pear\n"


def test_save_writes_the_saved_list_that_was_opened_and_edits_unpick_the_menu() -> None:
    from companion.views.deck import decks_dir

    folder = decks_dir()
    folder.mkdir(parents=True, exist_ok=True)
    mine = folder / "village-My Deck.txt"  # a hand-named file: not the name a save would choose
    mine.write_text("3 Pear\n", encoding="utf-8")
    view = DeckBuilderView("village")
    view._fill_load()
    view.load.value = str(mine)
    assert view.input.value == "3 Pear\n" and view.load.value == str(mine)
    view.input.value = "4 Pear\n"
    assert view.load.value == ""  # edited: the menu no longer shows it as what the editor holds
    view.load.value = str(mine)  # picking it again offers the saved list back, asking first
    assert "is not opened yet" in view.ask.value
    view.keep_edits.click()
    assert view.name.value == "My Deck"  # a list of no name: the file's, as the menu shows it
    assert view.save_list() == mine and mine.read_text(encoding="utf-8") == "Name: My Deck\n4 Pear\n"
    assert sorted(p.name for p in folder.iterdir()) == ["village-My Deck.txt"]  # no second file


def test_the_same_list_again_opens_at_once_and_a_save_updates_the_question() -> None:
    view = DeckBuilderView("village")
    view.name.value, view.input.value = "", "3 Acorn Scout\n"
    _upload(view, "same.txt", "3 Acorn Scout\n")  # what the editor holds already: nothing to lose
    assert view.choice.layout.display == "none" and view.name.value == "same"
    view.input.value = "2 Acorn Scout\n"
    _upload(view, "other.txt", "1 Pear\n")
    view.keep_edits.click()
    assert "Your edits are kept" in view.status.value
    _upload(view, "other.txt", "1 Pear\n")  # asked again: the earlier answer's message goes
    assert "Your edits are kept" not in view.status.value and view.choice.layout.display is None
    saved = view.save_list()  # saved: the question stays, now saying the edits are safe
    assert f"Your edits are saved in {saved.name}" in view.ask.value and "lost" not in view.ask.value
    view.replace_edits.click()
    assert view.input.value == "1 Pear\n"
    assert saved.read_text(encoding="utf-8") == "Name: same\n2 Acorn Scout\n"


def test_an_opened_example_is_saved_to_your_decks_never_over_the_bundled_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    import companion.views.deck as deck_view

    examples = tmp_path / "examples"  # a copy: the bundled folder itself must never be at risk
    shutil.copytree(deck_view.EXAMPLES_DIR, examples)
    monkeypatch.setattr(deck_view, "EXAMPLES_DIR", examples)
    bundled = examples / "village-demo-illegal.txt"
    before = bundled.read_bytes()
    view = DeckBuilderView("village")
    view.load.value = str(bundled)
    view.input.value = view.input.value.replace("4 Needle Sword", "3 Needle Sword")
    path = view.save_list()
    assert bundled.read_bytes() == before
    assert path.parent == deck_view.decks_dir() and path.name == "village-demo-illegal.txt"


def test_the_question_follows_what_is_at_stake_and_the_file_as_it_is_now() -> None:
    view = DeckBuilderView("village")
    view.input.value, view.name.value = "3 Acorn Scout\n", "Scouts"
    _upload(view, "other.txt", "4 Pear\n")
    saved = view.save_list()
    assert "Your edits are saved" in view.ask.value
    view.input.value = "3 Acorn Scout\n3 Cheddar Knight\n"  # edited again: at stake again
    assert "your edits are lost" in view.ask.value and "Your edits are saved" not in view.ask.value
    view.keep_edits.click()
    # a saved list picked while its own newer edits were unsaved, then saved: opened as it is now
    view.load.value = str(saved)
    view.save_list()
    view.replace_edits.click()
    assert view.input.value == "3 Acorn Scout\n3 Cheddar Knight\n" and view.name.value == "Scouts"
    assert saved.read_text(encoding="utf-8") == "Name: Scouts\n" + view.input.value


def test_a_reopened_deck_takes_its_old_name_back_and_a_json_list_stays_json() -> None:
    view = DeckBuilderView("village")
    view.name.value, view.input.value = "Mice & Fruit", "3 Apple\n"
    path = view.save_list()
    other = DeckBuilderView("village")  # another session: the deck opened from its file
    other.load.value = str(path)
    other.name.value, other.input.value = "Mice & Fruit", "4 Apple\n"
    assert other.save_list() == path and path.read_text(encoding="utf-8") == "Name: Mice & Fruit\n4 Apple\n"
    jpath = path.with_name("village-jj.json")
    jpath.write_text('{"game": "village", "cards": [{"card": "Apple", "count": 2}]}', encoding="utf-8")
    other._fill_load()
    other.load.value = str(jpath)
    other.input.value = "3 Apple\n"  # as the + button leaves it: text
    assert other.save_list() == jpath
    written = json.loads(jpath.read_text(encoding="utf-8"))["cards"]
    assert written == [{"card": "fruit-apple", "count": 3, "name": "Apple"}]
    assert not jpath.with_suffix(".txt").exists()


def test_the_open_menu_lists_decklists_only_and_the_examples_read_without_notes() -> None:
    from companion.views.deck import decks_dir

    folder = decks_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("village-a.txt", "village-b.json", "village-a.txt~", "village-pic.png"):
        (folder / name).write_text("3 Apple\n", encoding="utf-8")
    (folder / "village-sub.d").mkdir()
    view = DeckBuilderView("village")
    saved = [label for label, _v in view.load.options if label.startswith("saved:")]
    assert saved == ["saved: a", "saved: b"]  # named as the Print page names them
    for game in ("village", "tmnt"):  # the bundled examples name shared titles by id: no note
        view.game.value = game
        for label, value in view.load.options:
            if label.startswith("example:"):
                view.load.value = value
                assert view.deck is not None and view.deck.readings == (), label
