"""Deck builder (session 7, second part): a save never drops what the player wrote. A text list with
comments (or labels) saved into a JSON deck is refused as a CSV list with an extra column is (nothing
written, the editor's text kept, and how to keep them said); a list with nothing of the kind saves as
before."""

from __future__ import annotations

import html
import json
import re

import pytest

from companion.cards import CardDB, load_game
from companion.deck import parse
from companion.deck.decklist import group_label
from companion.deck.listtext import ListFormError, file_text, save_loses
from companion.deck.saved import decks_dir
from tests.test_session6_deck import _fresh_page

VDB = load_game("village")
TDB = load_game("tmnt")
COMMENTED = "Name: Orchard\n# keep the fig for later\n3 Apple  # early\n2 Acorn Scout\n"
PLAIN = "Name: Orchard\n3 Apple\n2 Acorn Scout\n"


def text_of(panel: str) -> str:
    """A panel's text as the player reads it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", panel)).split())


def _save(text: str, file_name: str, db: CardDB = VDB) -> str:
    """What a save of ``text`` named "Orchard" writes into ``file_name``."""
    return file_text(text, parse(text, db), "Orchard", file_name, db)


# --- the rules: what each file's form cannot keep ---------------------------------------------------------

def test_a_text_list_with_comments_is_never_written_as_json() -> None:
    with pytest.raises(ListFormError) as err:
        _save(COMMENTED, "village-orchard.json")
    said = err.value.render()
    assert ("village-orchard.json is a JSON file, and a JSON list cannot keep the text list's comments "
            "'# keep the fig for later' and '# early': they would be lost") in said
    assert "Save it under another name (a new deck keeps such a list as a .txt file)" in said


def test_a_text_list_without_comments_is_written_as_json_as_before() -> None:
    written = json.loads(_save(PLAIN, "village-orchard.json"))
    assert written["name"] == "Orchard"
    assert [(c["card"], c["count"]) for c in written["cards"]] == [("fruit-apple", 3), ("acorn-scout", 2)]


def test_the_name_beside_an_id_is_no_comment_of_the_player() -> None:
    """A line by id with the card's name as its comment (``card_line`` writes it for a second printing) says
    nothing the JSON entry does not: it saves; a comment of the player's beside it does not."""
    by_id = "1 leonardo-2  # Leonardo\n"
    assert json.loads(_save(by_id, "tmnt-leo.json", TDB))["cards"][0]["card"] == "leonardo-2"
    with pytest.raises(ListFormError, match="comment '# blue one'"):
        _save("1 leonardo-2  # blue one\n", "tmnt-leo.json", TDB)


def test_labels_are_the_players_words_too() -> None:
    text = "[Mice]\n2 Acorn Scout\nFruit:\n3 Apple\n"
    assert group_label("[Mice]", VDB) == "label" and group_label("Fruit:", VDB) == "label"
    assert group_label("[Sideboard]", VDB) == "side" and group_label("3 Apple", VDB) is None
    with pytest.raises(ListFormError, match="cannot keep the text list's labels '\\[Mice\\]' and 'Fruit:'"):
        _save(text, "village-orchard.json")
    assert _save(text, "village-orchard.txt").endswith(text)  # (a text file keeps every line)


def test_a_csv_file_keeps_comment_lines_but_not_comments_after_a_card() -> None:
    kept = "Name: Orchard\n# keep the fig\n3 Apple\n"
    assert _save(kept, "village-orchard.csv") == "# keep the fig\nName: Orchard\ncount,card\n3,Apple\n"
    with pytest.raises(ListFormError) as err:
        _save(COMMENTED, "village-orchard.csv")
    assert ("village-orchard.csv is a CSV file, and a CSV list cannot keep the text list's comment "
            "'# early': it would be lost") in err.value.render()


def test_a_csv_lists_comment_lines_are_refused_for_json_and_kept_in_text() -> None:
    sheet = "# from the club night\ncount,card\n3,Apple\n"
    with pytest.raises(ListFormError, match="cannot keep the CSV list's comment '# from the club night'") \
            as err:
        _save(sheet, "village-orchard.json")
    assert "as a .txt file" in (err.value.suggestion or "")  # (a new deck of it is a text list: kept)
    assert "# from the club night" in _save(sheet, "village-orchard.txt")


def test_a_column_and_comments_are_said_together() -> None:
    sheet = "# mine\ncount,card,note\n3,Apple,fav\n"
    assert save_loses(sheet, parse(sheet, VDB), "json", VDB) == {"column": ["note"], "comment": ["# mine"]}
    with pytest.raises(ListFormError) as err:
        _save(sheet, "village-orchard.json")
    assert "the CSV list's column 'note', and comment '# mine': they would be lost" in err.value.render()
    assert "as a .csv file" in (err.value.suggestion or "")


def test_many_comments_are_counted_and_a_long_one_cut() -> None:
    text = "".join(f"# note {i}\n" for i in range(5)) + "3 Apple  # " + "x" * 80 + "\n"
    with pytest.raises(ListFormError) as err:
        _save(text, "village-orchard.json")
    said = err.value.render()
    assert "6 comments ('# note 0', '# note 1', '# note 2', …)" in said


def test_nothing_is_lost_in_a_lists_own_form_or_from_json() -> None:
    assert save_loses(COMMENTED, parse(COMMENTED, VDB), "text", VDB) == {}
    doc = '{"name": "Orchard", "cards": [{"card": "Apple", "count": 3}]}'
    assert save_loses(doc, parse(doc, VDB), "text", VDB) == {}
    assert save_loses(COMMENTED, None, "json", VDB) == {}  # (a list that does not read: refused elsewhere)


# --- the page: Save refuses, the file and the editor stay -------------------------------------------------

def test_saving_a_commented_text_list_over_a_json_deck_leaves_the_file_and_the_editor() -> None:
    folder = decks_dir()
    folder.mkdir(parents=True)
    saved = folder / "village-orchard.json"
    before = '{"name": "orchard", "cards": [{"card": "Apple", "count": 3}]}\n'
    saved.write_text(before, encoding="utf-8")
    view = _fresh_page()
    view.load.value = str(saved)
    typed = "# keep the fig for later\n3 Apple  # early\n2 Acorn Scout\n"
    view.input.value = typed
    view.save.click()
    said = text_of(view.status.value)
    assert ("village-orchard.json is a JSON file, and a JSON list cannot keep the text list's comments "
            "'# keep the fig for later' and '# early'") in said
    assert "nothing was saved" in said and "Save it under another name" in said
    assert saved.read_text(encoding="utf-8") == before  # the file as it was
    assert view.input.value == typed and view.unsaved()  # the list as typed
    view.name.value = "Orchard notes"  # another name: a new deck, a text file with every comment
    view.save.click()
    notes = folder / "village-orchard-notes.txt"
    assert notes.read_text(encoding="utf-8") == "Name: Orchard notes\n" + typed
    assert saved.read_text(encoding="utf-8") == before


def test_a_text_list_without_comments_still_saves_into_the_json_deck() -> None:
    folder = decks_dir()
    folder.mkdir(parents=True)
    saved = folder / "village-orchard.json"
    saved.write_text('{"name": "orchard", "cards": [{"card": "Apple", "count": 3}]}\n', encoding="utf-8")
    view = _fresh_page()
    view.load.value = str(saved)
    view.input.value = "3 Apple\n2 Acorn Scout\n"
    view.save.click()
    assert "Saved" in text_of(view.status.value), text_of(view.status.value)
    written = json.loads(saved.read_text(encoding="utf-8"))
    assert [(c["card"], c["count"]) for c in written["cards"]] == [("fruit-apple", 3), ("acorn-scout", 2)]


@pytest.mark.parametrize("sheet", [
    "count,id,name\n2,leonardo-2,Leonardo\n1,,Leonardo\n",  # each name is its row's card's (or names it)
    "count,name,id\n2,leonardo,leonardo-2\n",  # any column order, any case
])
def test_a_sheets_name_column_that_only_names_its_ids_cards_saves_into_json(sheet: str) -> None:
    assert save_loses(sheet, parse(sheet, TDB), "json", TDB) == {}
    written = json.loads(_save(sheet, "tmnt-leo.json", TDB))
    assert (written["cards"][0]["card"], written["cards"][0]["count"]) == ("leonardo-2", 2)


def test_a_sheets_name_column_with_words_of_the_players_own_is_still_kept_from_json() -> None:
    sheet = "count,id,name\n2,leonardo-2,Leo the blue one\n"
    assert save_loses(sheet, parse(sheet, TDB), "json", TDB) == {"column": ["name"]}
    with pytest.raises(ListFormError, match="column 'name'"):
        _save(sheet, "tmnt-leo.json", TDB)
