"""Second audit of deck building: outputs that would replace what the tool reads, a broken card file
of the user's on the deck builder page, card data read again, counts above 999, CSV decklists, a list
for the other game, and smaller findings. Each test failed before its fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cards import DATA_DIR

from .test_deck_cli import run


def text_of(html_text: str) -> str:
    """A panel's text as the player reads it (entities such as &#x27; made characters again)."""
    import html

    return html.unescape(html_text)

ROOT = Path(__file__).resolve().parents[1]
LEGAL = str(ROOT / "data" / "decks" / "village-demo-legal.txt")
MINE = {"game": "village", "set": "My Village cards", "cards": [
    {"id": "pip-the-brave", "name": "Pip the Brave", "type": "basic-mouse", "atk": 2, "def": 1,
     "source": "my design"},
    {"id": "wild-fig", "name": "Wild Fig", "type": "fruit", "source": "my design"}]}


@pytest.fixture
def my_village(_isolated_user_data: Path) -> Path:
    path = _isolated_user_data / "village" / "my-village.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(MINE), encoding="utf-8")
    return path


@pytest.fixture
def my_format(_isolated_user_data: Path) -> Path:
    doc = json.loads((DATA_DIR / "formats" / "village-casual-50.json").read_text(encoding="utf-8"))
    doc["id"] = "my-fifty"
    path = _isolated_user_data / "formats" / "my.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


# --- 1. no output replaces (or joins) a file the tool loads ---------------------------------------

def test_export_never_writes_over_a_card_file_corrections_or_a_format_of_yours(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], my_village: Path, my_format: Path,
        _isolated_user_data: Path) -> None:
    corrections = _isolated_user_data / "village" / "corrections.json"
    assert run(capsys, "cards", "correct", "village", "acorn-scout", "atk=3")[0] == 0
    for target, says in [(my_village, "is your village card file"),
                         (corrections, "is your village corrections file"),
                         (my_format, "is your format file"),
                         (_isolated_user_data / "village" / "new.json", "in your village card folder"),
                         (_isolated_user_data / "tmnt" / "new.json", "in your tmnt card folder"),
                         (_isolated_user_data / "formats" / "new.json", "in your formats folder")]:
        target.parent.mkdir(parents=True, exist_ok=True)
        before = target.read_bytes() if target.exists() else None
        for form in ("json", "text"):
            code, _, err = run(capsys, "deck", "export", "village", LEGAL, "--to", form, "-o", str(target))
            assert code == 2 and says in err and "nothing was written" in err, (target, err)
            assert (target.read_bytes() if target.exists() else None) == before
    bundled = DATA_DIR / "decks" / "village-new.txt"
    code, _, err = run(capsys, "deck", "export", "village", LEGAL, "-o", str(bundled))
    assert code == 2 and "bundled data folder" in err
    assert run(capsys, "deck", "check", "village", LEGAL)[0] == 0  # every Village command still works
    assert run(capsys, "deck", "check", "village", LEGAL, "--format", "my-fifty")[0] in (0, 1)
    decks = _isolated_user_data / "decks"  # the deck builder's folder is a fine place for a list
    decks.mkdir()
    assert run(capsys, "deck", "export", "village", LEGAL, "-o", str(decks / "village-x.txt"))[0] == 0


def test_export_names_a_format_file_given_with_format_as_read(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from companion.cli.deck import refuse_read_file
    from companion.errors import CompanionError

    fmt = tmp_path / "f.json"
    fmt.write_text("{}", encoding="utf-8")
    args = argparse.Namespace(deckfile=LEGAL, cards=[], format=str(fmt))
    with pytest.raises(CompanionError, match=r"the file being read \(the --format file\)"):
        refuse_read_file(str(fmt), "-o", args)


def test_stats_plot_never_writes_over_the_decklist_it_reads(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "p2.svg"
    text = Path(LEGAL).read_text(encoding="utf-8")
    deck.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "deck", "stats", "village", str(deck), "--plot", str(deck))
    assert code == 2 and "is the file being read (the decklist)" in err and "nothing was written" in err
    assert deck.read_text(encoding="utf-8") == text and out == ""


def test_cards_import_never_writes_over_a_format_or_your_corrections(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], my_format: Path, my_village: Path,
        _isolated_user_data: Path) -> None:
    sheet = tmp_path / "sheet.csv"
    sheet.write_text("id,name,type,source\nwild-pear,Wild Pear,fruit,me\n", encoding="utf-8")
    assert run(capsys, "cards", "correct", "village", "acorn-scout", "atk=3")[0] == 0
    corrections = _isolated_user_data / "village" / "corrections.json"
    for target, says in [(my_format, "is your format file"),
                         (_isolated_user_data / "formats" / "new.json", "in your formats folder"),
                         (corrections, "is your village corrections file")]:
        before = target.read_bytes() if target.exists() else None
        code, _, err = run(capsys, "cards", "import", "village", str(sheet), "-o", str(target))
        assert code == 2 and says in err and "nothing was written" in err, err
        assert (target.read_bytes() if target.exists() else None) == before
    assert run(capsys, "deck", "formats", "village")[0] == 0
    # a card file of this game's folder may still be imported again in its place (checked as it loads)
    assert run(capsys, "cards", "import", "village", str(sheet), "-o", str(my_village))[0] == 0


# --- 2. a broken card file of yours on the deck builder page ---------------------------------------

def test_the_deck_builder_leaves_a_broken_card_file_out_and_keeps_working(
        _isolated_user_data: Path) -> None:
    from companion.views.deck import DeckBuilderView

    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    (folder / "mine.json").write_text(json.dumps(MINE), encoding="utf-8")
    broken = folder / "broken.json"
    broken.write_text('{"game": "village", "set": "x", "cards": [{"id": "Bad"}]}', encoding="utf-8")
    view = DeckBuilderView("village")
    problems = view.load_problems.value
    assert "broken.json: left out" in problems and "/cards/0" in problems  # blamed on the card file
    assert "mine.json" not in problems  # the good file of yours loads
    assert view.deck is not None and "Legal · 60 cards" in view.summary.value  # the list is fine
    assert "cannot be read" not in text_of(view.status.value) and "Fix the list" not in view.verdict.value
    view.search.value = "wild fig"  # the card table works, with your good file's cards
    assert [c.id for c in view.matching_cards()] == ["wild-fig"] and len(view.table.children) == 1
    view.input.value = "3 Acorn Scout\n2 Wild Fig\n"
    assert view.deck is not None and view.deck.card_count == 5
    view.input.value = "3 Acorn Scout\n2 Bad Card\n"  # a card of the file left out: said why
    assert "unknown Village TCG card 'Bad Card'" in text_of(view.status.value)
    assert f"A card of {broken} reads as unknown while that file is left out" in text_of(view.status.value)


# --- 3. card data read again while the page is open -------------------------------------------------

def test_the_deck_builder_reads_card_data_again_when_your_card_files_change(
        _isolated_user_data: Path) -> None:
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")
    view.input.value = "2 Wild Fig\n"
    assert view.deck is None and "unknown Village TCG card 'Wild Fig'" in text_of(view.status.value)
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    (folder / "my-village.json").write_text(json.dumps(MINE), encoding="utf-8")  # imported meanwhile
    view.input.value = "2 Wild Fig\n1 Acorn Scout\n"  # the next check reads the new file
    assert view.deck is not None and view.deck.card_count == 3, view.status.value
    assert "card files changed: card data read again" in text_of(view.load_problems.value)
    view.search.value = "pip"
    assert [c.id for c in view.matching_cards()] == ["pip-the-brave"]
    # a correction made meanwhile (cards correct) shows in the table's row at the next check
    from companion.corrections import correct_card

    correct_card("village", "acorn-scout", {"atk": 7})
    view.input.value = "2 Wild Fig\n2 Acorn Scout\n"
    view.search.value = "acorn scout"
    label = view.table.children[0].children[3].value
    assert "ATK 7" in label


def test_reload_card_data_button(_isolated_user_data: Path) -> None:
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")
    assert "cmp-deck-reload" in view.reload._dom_classes
    view.input.value = "2 Wild Fig\n"
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    (folder / "my-village.json").write_text(json.dumps(MINE), encoding="utf-8")
    view.reload.click()
    assert view.deck is not None and view.deck.card_count == 2
    assert "Card data read again" in text_of(view.load_problems.value)


def test_deck_commands_leave_a_broken_card_file_of_yours_out_with_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], _isolated_user_data: Path) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    (folder / "mine.json").write_text(json.dumps(MINE), encoding="utf-8")
    (folder / "broken.json").write_text("[]", encoding="utf-8")
    code, out, err = run(capsys, "deck", "check", "village", LEGAL)
    assert code == 0 and "LEGAL" in out
    assert "warning: your village card file broken.json does not load and is left out" in err
    assert f"companion validate {folder / 'broken.json'}" in err
    code, out, err = run(capsys, "deck", "check", "village", LEGAL, "--json")
    assert code == 0 and any("broken.json" in w for w in json.loads(out)["warnings"])
    for verb in ("stats", "odds"):
        code, out, err = run(capsys, "deck", verb, "village", LEGAL, "--json")
        assert code == 0 and any("broken.json" in w for w in json.loads(out)["warnings"]), verb
    deck = tmp_path / "d.txt"
    deck.write_text("2 Wild Fig\n", encoding="utf-8")  # your good file's cards still load
    code, out, _ = run(capsys, "deck", "export", "village", str(deck))
    assert code == 0 and out == "Name: d\n2 Wild Fig\n"
    bad = tmp_path / "bad.json"  # a file named with --cards is no file of the folder: an error
    bad.write_text("[]", encoding="utf-8")
    code, out, err = run(capsys, "deck", "check", "village", LEGAL, "--cards", str(bad))
    assert code == 2 and "bad.json" in err and out == ""


# --- 4. totals above 999 are written as lines that read back; + and − never lose a copy ------------

@pytest.mark.parametrize("form", ["json", "text"])
def test_export_writes_a_total_above_999_as_lines_that_read_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], form: str) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("999 Apple\n999 Apple\n3 Acorn Scout\n", encoding="utf-8")
    out = tmp_path / f"d.{form}"
    assert run(capsys, "deck", "export", "village", str(deck), "--to", form, "-o", str(out))[0] == 0
    if form == "text":
        assert out.read_text(encoding="utf-8") == "Name: d\n999 Apple\n999 Apple\n3 Acorn Scout\n"
    else:
        assert [e["count"] for e in json.loads(out.read_text(encoding="utf-8"))["cards"]] == [999, 999, 3]
    code, output, err = run(capsys, "deck", "stats", "village", str(out), "--json")
    assert code == 0, err
    assert json.loads(output)["card_count"] == 2001


def test_a_count_above_999_is_written_over_lines() -> None:
    from companion.cards import load_game
    from companion.deck.decklist import parse_text, to_text

    db = load_game("village")
    apple = db.find("Apple")
    text = "# fruit\n999 Apple\n2 Acorn Scout\n999 Apple\n"
    for n in (0, 1, 998, 999, 1000, 1998, 2997, 3000):
        deck = parse_text(text, db).with_count(apple, n)
        assert parse_text(to_text(deck, db), db).count_of(apple) == n


def test_plus_on_a_card_of_two_full_lines_never_loses_copies() -> None:
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")
    view.input.value = "999 Apple\n999 Apple\n"
    view.search.value = "apple"
    minus, _count, plus = view.table.children[0].children[:3]
    plus.click()
    assert view.deck is not None and view.deck.card_count == 1999, text_of(view.status.value)
    assert view.input.value == "999 Apple\n999 Apple\n1 Apple\n"
    minus.click()
    minus.click()
    assert view.deck.card_count == 1997 and view.input.value == "999 Apple\n998 Apple\n"
    view.input.value = '{"cards": [{"card": "apple", "count": 999}, {"card": "apple", "count": 999}]}'
    view.search.value = "apple"
    view.table.children[0].children[2].click()
    assert view.deck.card_count == 1999 and view.input.value == "999 Apple\n999 Apple\n1 Apple\n"


# --- 5. CSV decklists; one problem a line -----------------------------------------------------------

@pytest.mark.parametrize("text", [
    "count,card\n3,Acorn Scout\n2,Apple\n",
    "card,count\nAcorn Scout,3\nApple,2\n",
    "Qty;Name\n3;Acorn Scout\n2;Apple\n",
    "3,Acorn Scout\n2,Apple\n",
    "Acorn Scout,3\n\"Apple\",2\n",
    "# from my sheet\ncount\tcard\n3\tacorn-scout\n2\tApple\n",
])
def test_a_csv_decklist_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    deck = tmp_path / "deck.csv"
    deck.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "deck", "stats", "village", str(deck), "--json")
    assert code == 0, err
    assert json.loads(out)["card_count"] == 5
    code, out, err = run(capsys, "deck", "export", "village", str(deck))
    assert code == 0 and out == "Name: deck\n3 Acorn Scout\n2 Apple\n"


def test_a_csv_decklist_reports_one_problem_a_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.csv"
    deck.write_text('count,card,set\n3,Acorn Scot\nx,Apple\n2,"Apple, Red",more\n,Apple\n', encoding="utf-8")
    code, _, err = run(capsys, "deck", "check", "village", str(deck))
    assert code == 2
    lines = [line.strip() for line in err.splitlines()[1:]]
    # (the header's 'set' column is not a decklist's: its cells are ignored, not a problem)
    assert [line.split(":")[0] for line in lines] == ["line 2", "line 3", "line 4", "line 5"]
    assert "unknown Village TCG card 'Acorn Scot'. Did you mean 'Acorn Scout'" in lines[0]
    assert "bad count 'x'" in lines[1] and "unknown Village TCG card 'Apple, Red'" in lines[2]
    assert "no count in this row" in lines[3]


def test_a_text_list_with_a_csv_row_says_so_once_and_every_line_has_one_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("3 Acorn Scout\n3,Acorn Scout\n2,Apple\nx3 Bogus\n", encoding="utf-8")
    code, _, err = run(capsys, "deck", "check", "village", str(deck))
    assert code == 2
    lines = [line.strip() for line in err.splitlines()[1:]]
    assert len(lines) == 3, err  # never two problems for one line
    assert lines[0].startswith("line 2:") and "this looks like CSV; write '3 Acorn Scout'" in lines[0]
    assert lines[1].startswith("line 3:") and "write '2 Apple'" in lines[1]
    assert lines[2].startswith("line 4:") and "bad count 'x3'" in lines[2] and "'Bogus'" in lines[2]


def test_the_deck_builder_reads_a_csv_list_and_its_buttons_change_its_count_cells() -> None:
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")
    assert ".csv" in view.upload.accept
    view.input.value = "count,card\n3,Acorn Scout\n2,Apple\n"
    assert view.deck is not None and view.deck.card_count == 5
    view.search.value = "apple"
    view.table.children[0].children[2].click()
    assert view.input.value == "count,card\n3,Acorn Scout\n3,Apple\n" and view.deck.card_count == 6


# --- 7. a list of the other game's cards says so, once ----------------------------------------------

def test_a_list_of_the_other_games_cards_says_which_game_once(capsys: pytest.CaptureFixture[str]) -> None:
    tmnt_list = str(ROOT / "data" / "decks" / "tmnt-demo-legal.txt")
    code, _, err = run(capsys, "deck", "check", "village", tmnt_list)
    assert code == 2 and err.count("These look like TMNT TCG cards") == 1
    assert err.splitlines()[0].endswith("(18 of the 18 unknown names are): use `companion deck check tmnt`.")
    code, _, err = run(capsys, "deck", "stats", "tmnt", LEGAL)
    assert code == 2 and "These look like Village TCG cards" in err
    assert "`companion deck stats village`" in err
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")
    view.input.value = Path(tmnt_list).read_text(encoding="utf-8")
    status = text_of(view.status.value)
    assert status.count("These look like TMNT TCG cards") == 1 and "choose TMNT TCG above" in status


def test_a_few_typos_get_no_word_on_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("3 Acorn Scot\n2 Leonardo\n2 Aple\n", encoding="utf-8")  # 1 of 3 a TMNT card
    code, _, err = run(capsys, "deck", "check", "village", str(deck))
    assert code == 2 and "look like" not in err


# --- 8. smaller findings -----------------------------------------------------------------------------

def test_the_name_read_as_note_cites_its_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("2 Leonardo\n", encoding="utf-8")
    code, out, _ = run(capsys, "deck", "check", "tmnt", str(deck), "--json")
    (note,) = [n for n in json.loads(out)["notes"] if n["rule"] == "name-read-as"]
    assert code == 1 and note["cite"].startswith("house reading:")
    assert "tmnt-tcg.txt, How to Build Your Own Deck" in note["cite"]


def test_json_problems_name_each_printing_by_id(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("2 clover-forager\n2 clover-forager-alt\n", encoding="utf-8")
    code, out, _ = run(capsys, "deck", "check", "village", str(deck), "--json")
    (limit,) = [p for p in json.loads(out)["problems"] if p["rule"] == "copy-limit"]
    assert code == 1 and limit["cards"] == ["Clover Forager"]
    assert limit["card_ids"] == ["clover-forager", "clover-forager-alt"]


def test_stats_says_1_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "one.txt"
    deck.write_text("1 Apple\n", encoding="utf-8")
    code, out, _ = run(capsys, "deck", "stats", "village", str(deck))
    assert code == 0 and out.splitlines()[0] == "one: 1 card"
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")
    view.input.value = "1 Apple\n"
    assert "Not legal · 1 card · 1 problem:" in text_of(view.summary.value)


@pytest.mark.parametrize(("doc", "says"), [
    ('{"cards": [{"card": "apple", "count": 1e400}]}', "bad count 1e400:"),
    ('{"cards": [{"card": "apple", "count": 2.5E3}]}', "bad count 2.5E3:"),
    ('{"cards": [{"card": "apple", "count": 2, "count": 3}]}',
     "/cards/0/count: '{\"card\": \"apple\", \"count\": 3}': the key 'count' is given twice in this entry"),
    ('{"cards": [], "cards": [{"card": "apple", "count": 3}]}', "/cards: "),
    ('{"cards": [{"card": "fruit-apple", "count": 3, "name": "Pear"}]}',
     '/cards/0/name: \'{"card": "fruit-apple", "count": 3, "name": "Pear"}\': "name" says "Pear", but "card" '
     "\"fruit-apple\" is 'Apple' (fruit-apple)"),
    ('{"cards": [{"card": "fruit-apple", "count": 3, "name": 7}]}', '"name" says 7'),
])
def test_json_lists_say_what_json_alone_would_hide(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   doc: str, says: str) -> None:
    deck = tmp_path / "d.json"
    deck.write_text(doc, encoding="utf-8")
    code, _, err = run(capsys, "deck", "check", "village", str(deck))
    assert code == 2 and says in err, err
    assert "Infinity" not in err


def test_a_json_entry_whose_name_agrees_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.json"  # what export writes (the name as a reminder), any case or apostrophe
    deck.write_text('{"cards": [{"card": "fruit-apple", "count": 3, "name": "APPLE"}]}', encoding="utf-8")
    code, out, err = run(capsys, "deck", "stats", "village", str(deck), "--json")
    assert code == 0 and json.loads(out)["card_count"] == 3, err


def test_a_text_list_with_bracketed_labels_is_read_as_text(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("[Mice]\n3 Acorn Scout\n[Fruit]\n2 Apple\n", encoding="utf-8")
    code, out, err = run(capsys, "deck", "export", "village", str(deck))
    assert code == 0 and out == "Name: d\n3 Acorn Scout\n2 Apple\n", err
    deck.write_text("[Mice]\n3 Acorn Scout\n[Sideboard]\n2 Apple\n", encoding="utf-8")
    code, out, err = run(capsys, "deck", "export", "village", str(deck))
    assert code == 2 and "line 3: '[Sideboard]': not a card: a sideboard" in err
    deck.write_text('{"cards": [}', encoding="utf-8")
    code, out, err = run(capsys, "deck", "export", "village", str(deck))
    assert code == 2 and "a list that starts with '{' is read as JSON" in err


def test_a_byte_order_mark_pasted_into_the_editor_is_no_part_of_the_list() -> None:
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")
    view.input.value = "\ufeff3 Apple\n"
    assert view.deck is not None and view.deck.card_count == 3, text_of(view.status.value)


def test_the_page_says_entries_for_a_json_list() -> None:
    from companion.views.deck import DeckBuilderView

    view = DeckBuilderView("village")
    view.input.value = '{"cards": [{"card": "nope", "count": 1}, {"card": "nada", "count": 2}]}'
    status = text_of(view.status.value)
    assert "2 entries cannot be read" in status and "line(s)" not in status
    view.input.value = "3 Nope\n"
    assert "1 line cannot be read" in text_of(view.status.value)


def test_a_link_to_your_card_file_is_refused_as_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         my_village: Path) -> None:
    link = tmp_path / "link.json"
    link.symlink_to(my_village)
    before = my_village.read_bytes()
    code, _, err = run(capsys, "deck", "export", "village", LEGAL, "--to", "json", "-o", str(link))
    assert code == 2 and "is your village card file" in err and my_village.read_bytes() == before
