"""Session 6, deck builder and card data findings: another game's list goes along when that game is chosen,
section headers ('Mice:') are headers, an unknown name is never blamed on an unrelated broken card file,
'deck check --json' lists the cards with their counts, 'cards import' shows how to write the abilities
column, and the CSV decklist reader and the decks-folder refusal are tidied (behaviour kept)."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, CardDB, load_game
from companion.deck.decklist import DecklistError, csv_name, looks_like_csv, parse, parse_csv
from companion.deck.draft import draft_path
from companion.views.deck import DeckBuilderView
from tests.helpers import run_cli

TURTLES = "Name: Turtles\n3 Karai\n3 April O'Neil\n2 Vine Sweep\n3 Flame Fist\n"


def text_of(panel: str) -> str:
    """A panel's text as the player reads it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", panel)).split())


def _fresh_page(game: str = "village") -> DeckBuilderView:
    draft_path().unlink(missing_ok=True)
    return DeckBuilderView(game)


def _upload(view: DeckBuilderView, name: str, data: bytes) -> None:
    view.upload.value = ({"name": name, "type": "text/plain", "size": len(data), "content": memoryview(data),
                          "last_modified": datetime(2026, 1, 1, tzinfo=UTC)},)


# --- 1. another game's list -----------------------------------------------------------------------------

def test_a_tmnt_list_pasted_on_the_village_editor_names_its_cards_and_goes_along_with_the_game() -> None:
    view = _fresh_page()
    demo = view.input.value  # the Village example, as the page opened it
    view.input.value = TURTLES
    status = text_of(view.status.value)
    assert "These look like TMNT TCG cards (4 of the 4 unknown names are): Karai, April O'Neil, Vine Sweep " \
           "and 1 more; choose TMNT TCG above" in status
    view.game.value = "tmnt"  # the list goes along, with its name
    assert view.input.value == TURTLES and view.name.value == "Turtles"
    assert view.deck is not None and view.deck.card_count == 11
    assert view.unsaved()  # typed, not kept in a file: an edit in this editor too
    assert view.load.options[0] == ("— editing: a new list (unsaved)", "")
    view.game.value = "village"  # the Village editor holds the list it was opened with again
    assert view.input.value == demo and view.deck is not None and view.deck.card_count == 60
    assert not view.unsaved()
    kept = json.loads(draft_path().read_text(encoding="utf-8"))["games"]  # the draft keeps both editors
    assert kept["tmnt"]["text"] == TURTLES and kept["village"]["text"] == demo


def test_a_moved_list_asks_before_replacing_unsaved_edits_and_stays_where_it_was_when_kept() -> None:
    view = _fresh_page()
    view.game.value = "tmnt"
    view.input.value = "3 Karai\n"  # the TMNT editor's own unsaved edits
    view.game.value = "village"
    view.input.value = TURTLES
    view.game.value = "tmnt"
    ask = text_of(view.ask.value)
    assert "your Village TCG list is not opened yet" in ask and "(it stays in the Village TCG editor)" in ask
    assert view.input.value == "3 Karai\n"
    view.keep_edits.click()  # neither list is lost
    assert view.input.value == "3 Karai\n"
    view.game.value = "village"
    assert view.input.value == TURTLES
    view.game.value = "tmnt"  # asked again; this time the list is opened, and leaves the Village editor
    view.replace_edits.click()
    assert view.input.value == TURTLES and view.unsaved()
    view.game.value = "village"
    assert "Acorn Scout" in view.input.value and "Karai" not in view.input.value


def test_an_uploaded_tmnt_list_is_said_to_be_one_before_it_is_opened_and_its_file_goes_along() -> None:
    view = _fresh_page()
    view.input.value = "3 Apple\n"  # unsaved: the upload asks first, and says whose list it is
    _upload(view, "turtles.txt", b"3 Karai\n3 April O'Neil\n2 Vine Sweep\n")
    ask = text_of(view.ask.value)
    assert "These look like TMNT TCG cards" in ask and "Karai, April O'Neil and Vine Sweep" in ask
    view.replace_edits.click()
    view.game.value = "tmnt"
    assert view.input.value.startswith("3 Karai") and view.load.options[0] == ("— editing: turtles.txt", "")
    view.game.value = "village"  # the upload's file keeps it: the editor it left is empty
    assert view.input.value == "" and view.name.value == ""


def test_a_village_list_with_a_typo_stays_in_its_editor_when_the_game_changes() -> None:
    view = _fresh_page()
    view.input.value = "3 Acorn Scot\n20 Apple\n"
    view.game.value = "tmnt"
    assert "Acorn Scot" not in view.input.value
    view.game.value = "village"
    assert view.input.value == "3 Acorn Scot\n20 Apple\n"


# --- 2. section headers ---------------------------------------------------------------------------------

def test_section_headers_are_headers_never_told_to_take_a_count(village_db: CardDB) -> None:
    deck = parse("Mice:\n3 Acorn Scout\nFruit (20):\n20 Apple\nItems & Magic:\n", village_db)
    assert deck.card_count == 23
    with pytest.raises(DecklistError) as caught:
        parse("Mice:\n3 Acorn Scout\nAcorn Scout:\nSideboard:\n", village_db)
    said = caught.value.render()
    assert "'1 Mice:'" not in said and "line 1" not in said
    assert "line 3: 'Acorn Scout:': the count is missing" in said and "like '1 Acorn Scout'" in said
    assert "line 4: 'Sideboard:': not a card: a sideboard" in said


def test_deck_check_reads_a_list_with_section_headers(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "t.txt"
    deck.write_text("Characters (3):\n3 Karai\nAttacks:\n3 Vine Sweep\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "deck", "check", "tmnt", str(deck))
    assert code == 1 and "write '1" not in err and "6 cards" in out


@pytest.fixture
def village_db() -> CardDB:
    return load_game("village")


# --- 3. an unknown name and a broken card file -----------------------------------------------------------

def test_an_unknown_name_is_blamed_only_on_the_broken_card_file_that_holds_it(
        _isolated_user_data: Path) -> None:
    mine = _isolated_user_data / "village"
    mine.mkdir(parents=True)
    (mine / "broken.json").write_text(json.dumps({"game": "village", "set": "x", "cards": [
        {"id": 3, "name": "ZZ Owl"}, {"id": "zz-bat", "name": "ZZ Bat", "type": "basic-mouse"}]}),
        encoding="utf-8")
    view = DeckBuilderView("village", "3 Acorn Scot\n20 Apple\n")
    status = text_of(view.status.value)
    assert "unknown Village TCG card 'Acorn Scot'" in status and "Did you mean 'Acorn Scout'" in status
    assert "broken.json" not in status  # left out, but no card of it is named: never the reason
    assert "broken.json" in text_of(view.load_problems.value)  # (said where files left out are said)
    view.input.value = "3 Acorn Scot\n2 ZZ Bat\n"
    status = text_of(view.status.value)
    assert f"'ZZ Bat' is a card of {mine / 'broken.json'}, which is left out" in status
    assert "'Acorn Scot' is a card" not in status
    (mine / "cut.json").write_text('{"game": "village", "set"', encoding="utf-8")  # cannot be told: a note
    view.reload_cards()
    view.input.value = "3 Acorn Scot\n"
    status = text_of(view.status.value)
    assert f"A card of {mine / 'cut.json'} reads as unknown while that file is left out (see above): if " \
           "'Acorn Scot' is one of its cards, fix that file" in status
    assert status.index("unknown Village TCG card 'Acorn Scot'") < status.index("A card of")  # a note after
    assert "broken.json" not in status


# --- 4. deck check --json -------------------------------------------------------------------------------

def test_deck_check_json_lists_the_cards_with_their_counts(capsys: pytest.CaptureFixture[str]) -> None:
    legal = str(DATA_DIR / "decks" / "tmnt-demo-legal.txt")
    code, out, _err = run_cli(capsys, "deck", "check", "tmnt", legal, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["card_count"] == 40 and doc["unique_cards"] == len(doc["cards"])
    assert {"card": "leonardo-1", "name": "Leonardo", "type": "character", "count": 2} in doc["cards"]
    assert sum(c["count"] for c in doc["cards"]) == 40


# --- 5. cards import: the abilities column -------------------------------------------------------------

def test_cards_import_shows_how_to_write_the_abilities_column(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "mine.csv"
    sheet.write_text("id,name,type,atk,def,abilities,source\n"
                     'zz-a,ZZ A,basic-mouse,1,1,"Nibble (1 fruit): look",me\n'
                     'zz-b,ZZ B,basic-mouse,1,1,"[{""name"": ""Nibble""}]",me\n'
                     "zz-c,ZZ C,basic-mouse,1,x,,me\n", encoding="utf-8")
    code, out, _err = run_cli(capsys, "cards", "import", "village", str(sheet), "-o",
                              str(tmp_path / "o.json"), "--json")
    problems = json.loads(out)["problems"]
    example = 'like Acorn Scout\'s: [{"name": "Nibble", "fruit_cost": 1, "text": '
    abilities = [p for p in problems if p["field"] == "abilities"]
    assert code == 1 and {p["row"] for p in abilities} == {2, 3}
    assert all(example in p["problem"] for p in abilities if p["row"] == 2)
    assert sum(example in p["problem"] for p in abilities if p["row"] == 3) == 1  # once a row
    assert not any(example in p["problem"] for p in problems if p["field"] != "abilities")


# --- 6. the CSV decklist reader (behaviour unchanged) --------------------------------------------------

@pytest.mark.parametrize("text, name, count", [
    ("sep=;\nName: Mine;\ncount;card\n3;Acorn Scout\n", "Mine", 3),
    ("sep=;\n3;Acorn Scout\n2;Apple\n", "", 5),
    ("My deck,,\nqty,name\n3,Acorn Scout\n", "My deck", 3),
    ("3,Acorn Scout\n2,Apple\n", "", 5),
    ("Acorn Scout\t3\nApple\t2\n", "", 5),
])
def test_a_csv_list_reads_as_before(village_db: CardDB, text: str, name: str, count: int) -> None:
    assert looks_like_csv(text) and csv_name(text) == name
    deck = parse_csv(text, village_db)
    assert deck.card_count == count and deck.name == name


def test_csv_start_reads_its_rows_once_and_the_sep_line_once(monkeypatch: pytest.MonkeyPatch,
                                                            village_db: CardDB) -> None:
    import companion.deck.decklist as decklist

    calls = {"rows": 0, "sep": 0}
    rows, sep = decklist._rows, decklist.csv_separator

    def counted_rows(text: str) -> list[tuple[int, str]]:
        calls["rows"] += 1
        return rows(text)

    def counted_sep(*args: object, **kw: object) -> tuple[str | None, bool]:
        calls["sep"] += 1
        return sep(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(decklist, "_rows", counted_rows)
    monkeypatch.setattr(decklist, "csv_separator", counted_sep)
    assert parse_csv("sep=;\n3;Acorn Scout\n", village_db).card_count == 3
    assert calls == {"rows": 1, "sep": 1}


# --- 7. the decks folder: the one wording -------------------------------------------------------------

def test_cards_export_and_deck_export_refuse_the_decks_folder_in_the_same_words(
        _isolated_user_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    decks = _isolated_user_data / "decks"
    decks.mkdir()
    code, _out, err = run_cli(capsys, "cards", "export", "village", "-o", str(decks / "village-new.csv"))
    assert code == 2 and "expected a path outside your decks folder" in err
    assert "would offer a CSV sheet there as a decklist" in err and "Choose another --out" in err
    logs = _isolated_user_data / "logs"
    logs.mkdir()
    code, _out, err_cards = run_cli(capsys, "cards", "export", "village", "-o", str(logs / "x.csv"))
    legal = str(DATA_DIR / "decks" / "village-demo-legal.txt")
    code2, _out, err_deck = run_cli(capsys, "deck", "export", "village", legal, "-o", str(logs / "x.csv"))
    assert code == code2 == 2
    deck_words = err_deck.split("-o:", 1)[1].replace("another -o", "another --out")
    assert err_cards.split("--out:", 1)[1] == deck_words
