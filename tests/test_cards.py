"""The bundled card data and the loader: honest demo sets that exercise every rule."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from companion import GAMES
from companion.cards import load_game
from companion.errors import CompanionError, UnknownCardError


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_loads(game: str) -> None:
    db = load_game(game)
    assert len(db) > 0
    assert len({c.id for c in db}) == len(db)
    frame = db.frame()
    assert list(frame.columns[:3]) == ["id", "name", "type"] and len(frame) == len(db)


@pytest.mark.parametrize("game", ["village", "tmnt", "monarchs"])
def test_demo_sets_are_labelled_demo(game: str) -> None:
    db = load_game(game)
    demo = [c for c in db if "demo" in c.set.lower()]
    assert demo
    for card in demo:
        assert card.source.startswith("demo:") and card.is_demo


def test_village_demo_exercises_every_rule() -> None:
    db = load_game("village")
    assert len(db) >= 30
    assert {c.type for c in db} == {"basic-mouse", "mega-mouse", "fruit", "item", "magic"}
    assert {c.get("food") for c in db} >= {"breakfast", "lunch", "dinner", "dessert"}
    magic = db.of_type("magic")
    assert any(c.get("instant") for c in magic) and any(c.get("continuous") for c in magic)
    assert any(not c.get("instant") and not c.get("continuous") for c in magic)
    costs = {a["fruit_cost"] for c in db for a in c.get("abilities", ())}
    assert costs >= {0, 1, 2, 3}
    # village-tcg.txt, Deck Mix: cards sharing an ability count together
    scout, runner = db.find("Acorn Scout"), db.find("barley runner")
    assert scout.type == runner.type == "basic-mouse"
    assert {a["name"] for a in scout["abilities"]} & {a["name"] for a in runner["abilities"]} == {"Nibble"}
    # village-tcg.txt, Card Descriptions 1: similar powers, different illustrations
    assert len(db.named("Clover Forager")) == 2
    # most basic mice start at 1 ATK / 1 DEF
    basics = db.of_type("basic-mouse")
    assert sum(c["atk"] == 1 and c["def"] == 1 for c in basics) > len(basics) / 2


def test_tmnt_demo_exercises_every_rule() -> None:
    db = load_game("tmnt")
    assert len(db) >= 30
    assert {c.type for c in db} == {"character", "attack", "item", "event"}
    assert {c.get("attribute") for c in db if c.type != "event"} == {"wind", "nature", "fire", "mountain"}
    assert all("attribute" not in c.data for c in db.of_type("event"))
    assert {c["attack_kind"] for c in db.of_type("attack")} == {"normal", "forceful", "counter",
                                                                  "forceful-counter"}
    assert {c["timing"] for c in db.of_type("event")} == {"play", "flip", "play-and-flip"}
    leo = db.named("leonardo")
    assert len(leo) == 2 and len({c.id for c in leo}) == 2
    for attr in ("wind", "nature", "fire", "mountain"):
        assert any(c["attribute"] == attr for c in db.of_type("attack"))


def test_monarchs_starting_cards_follow_the_rule_book() -> None:
    db = load_game("monarchs")
    for player in "ABCD":
        mine = [c for c in db.of_type("starting") if c["player"] == player]
        counts = Counter()
        for c in mine:
            counts[c["influence"]] += c.get("qty", 1)
        assert counts == {1: 7, 0: 3}
        assert all(c["color"] == "gray" and c["crowns"] == 0 for c in mine)
        assert all(c.set == "Starting cards" and c.source.startswith("of-mice-and-monarchs.md") for c in mine)


def test_monarchs_demo_court_covers_colours_crowns_and_slashes() -> None:
    court = load_game("monarchs").of_type("court")
    assert {c["color"] for c in court} == {"purple", "yellow", "green", "blue", "red", "orange"}
    assert {c["crowns"] for c in court} == {0, 1, 2, 3}
    assert any(c["move_cover"] > 0 for c in court)
    slash = [c for c in court if c.get("crown_slash")]
    assert any(c["influence"] > 0 for c in slash) and any(c["move_cover"] > 0 for c in slash)
    assert any(c.get("qty", 1) > 1 for c in court)


def test_mousecard_deck_is_the_54_card_deck() -> None:
    db = load_game("mousecard")
    assert len(db) == 54
    jokers = db.of_type("joker")
    assert sorted(c["colour"] for c in jokers) == ["black", "red"]
    assert all(c["suit"] is None and c["value"] == 1 for c in jokers)
    assert not any(c.is_demo for c in db)
    faces = [c for c in db if c["rank"] in ("J", "Q", "K", "A")]
    assert len(faces) == 16  # the text's "16:38"
    assert db.find("Queen of Hearts")["colour"] == "red"
    assert sorted({c["value"] for c in db}) == list(range(1, 15)[:1]) + list(range(2, 15))


def test_lookup_by_id_and_name_with_suggestions() -> None:
    db = load_game("tmnt")
    assert db.find("LEONARDO-2").id == "leonardo-2"
    assert db.find("  raphael ").name == "Raphael"
    with pytest.raises(UnknownCardError) as info:
        db.find("Raphel")
    assert "Raphael" in info.value.suggestions
    assert "Did you mean 'Raphael'" in str(info.value)


def test_a_name_typed_with_curly_apostrophes_dashes_or_extra_spaces_is_the_same_card() -> None:
    db = load_game("tmnt")
    april = db.find("April O'Neil")
    for typed in ("April O\u2019Neil", "april  o\u2019neil", " APRIL O\u02bcNEIL ", "april-o\u2010neil"):
        assert db.lookup(typed) is april, typed
        assert typed in db
    assert db.named("April O\u2019Neil") == (april,)
    assert db.lookup("April O\u2019Neill") is None and db.lookup("\u2019") is None


def test_a_title_spelt_two_ways_in_one_file_is_one_title_however_it_is_typed() -> None:
    from companion.cards import Card, CardDB

    def card(cid: str, name: str) -> Card:
        return Card(game="tmnt", id=cid, name=name, type="character", set="Mine", source="me", data={})

    a1, a2 = card("a1", "April O'Neil"), card("a2", "April O\u2019Neil")
    db = CardDB("tmnt", [a1, a2, card("b", "Bebop")])
    for typed in ("April O'Neil", "April O\u2019Neil", "april o\u02bcneil"):
        assert db.named(typed) == (a1, a2), typed
    assert db.lookup("April O\u2019Neil") is a2  # the exact spelling first


def test_unknown_game() -> None:
    with pytest.raises(CompanionError, match="unknown game 'tmtn'"):
        load_game("tmtn")


def test_frame_keeps_whole_numbers_and_reads_abilities_as_text() -> None:
    frame = load_game("village").frame()
    assert str(frame["atk"].dtype) == "Int64"
    scout = frame[frame["id"] == "acorn-scout"].iloc[0]
    assert scout["atk"] == 1 and not isinstance(scout["atk"], float)
    assert scout["abilities"].startswith("Nibble (fruit_cost 1): ")


def test_unknown_official_values_are_known_as_unknown() -> None:
    db = load_game("mystics")
    unknown = db.unknown_cells()
    assert ("brodie", "life") in unknown
    assert all(db.by_id(cid).get(field) is None for cid, field in unknown)


def test_a_file_that_is_already_loaded_is_read_once(tmp_path: Path, _isolated_user_data: Path) -> None:
    from companion.cards import DATA_DIR

    n = len(load_game("village"))
    bundled = DATA_DIR / "village" / "demo.json"
    again = tmp_path / "link" / ".." / "demo.json"  # the same file by another spelling
    (tmp_path / "link").mkdir()
    (tmp_path / "demo.json").symlink_to(bundled)
    assert len(load_game("village", extra=[bundled, str(bundled), again])) == n
    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir(parents=True)
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "mine-1", "name": "Mine One", "type": "fruit", "source": "mine"}]}), encoding="utf-8")
    db = load_game("village", extra=[mine])
    assert len(db) == n + 1 and [c.id for c in db].count("mine-1") == 1
    other = tmp_path / "other.json"
    other.write_text(mine.read_text(encoding="utf-8"), encoding="utf-8")  # a different file, same id
    with pytest.raises(CompanionError, match="duplicate village card id 'mine-1'"):
        load_game("village", extra=[other])


def test_a_null_the_schema_requires_is_not_applicable_not_unknown() -> None:
    from companion.cards import not_applicable

    db = load_game("mousecard")
    joker = db.by_id("joker-red")
    assert joker.get("suit", "x") is None and not_applicable(joker, "suit")
    assert ("joker-red", "suit") not in db.unknown_cells()
    assert db.not_applicable_cells() == {("joker-red", "suit"), ("joker-black", "suit")}
    assert not not_applicable(load_game("mystics").by_id("brodie"), "life")


def test_a_replaced_id_is_read_as_the_card_in_its_place(tmp_path: Path) -> None:
    """Audit 8: once a file of yours replaced leonardo-1 with a card of another id, decklists and
    `cards correct` naming leonardo-1 said it was unknown ("Did you mean 'Leonardo'?")."""
    from companion.cards import DATA_DIR

    demo = json.loads((DATA_DIR / "tmnt" / "demo.json").read_text(encoding="utf-8"))
    leo = next(c for c in demo["cards"] if c["id"] == "leonardo-1")
    mine, later = tmp_path / "mine.json", tmp_path / "later.json"
    mine.write_text(json.dumps({"game": "tmnt", "set": "Mine", "cards": [
        {**leo, "id": "leo-new", "replaces": "leonardo-1", "source": "mine"}]}))
    later.write_text(json.dumps({"game": "tmnt", "set": "Mine", "cards": [
        {**leo, "id": "leo-newer", "replaces": "leo-new", "source": "mine"}]}))
    db = load_game("tmnt", [mine])
    assert "leonardo-1" not in [c.id for c in db]
    replacement = db.replacement_of("LEONARDO-1 ")
    assert db.find("leonardo-1").id == "leo-new" and replacement is not None and replacement.id == "leo-new"
    assert db.find("leonardo-2").id == "leonardo-2" and db.replacement_of("leonardo-2") is None
    chained = load_game("tmnt", [mine, later])  # replaced, and its replacement replaced in turn
    assert chained.find("leonardo-1").id == chained.find("leo-new").id == "leo-newer"


@pytest.mark.parametrize(("set_name", "source", "demo"), [
    ("Demon Hunters", "my design", False),           # "demo" inside another word of the set
    ("My cards", "demolition set", False),           # ... or of the source
    ("My cards", "not a demo", False),               # the word, denied, and not the source's start
    ("Not a demo", "my design", False),
    ("Village TCG Demo Set", "demo: made-up cards", True),   # the bundled label
    ("My cards", "Demo: playtest", True),            # a source that starts with the word
    ("Of Mice and Monarchs Demo Court", "x", True),  # a set named demo (validate warns of its source)
    ("Dem0", "demos of mine", False),
])
def test_demo_is_the_bundled_label_as_a_word_not_a_substring(set_name: str, source: str,
                                                             demo: bool) -> None:
    """Audit 6: a set "Demon Hunters" or a source "demolition set"/"not a demo" labelled a user's own
    cards demo (a substring test)."""
    from companion.cards import card_from_record
    from companion.views.cards import tile_html

    record = {"id": "x", "name": "X", "type": "fruit", "source": source}
    card = card_from_record("village", set_name, record)
    assert card.is_demo is demo
    assert tile_html({"name": "X", "type": "fruit", "set": set_name, "source": source},
                     "village").count("demo</div>") == demo


def test_a_demon_set_draws_no_demo_warning_from_validate(tmp_path: Path) -> None:
    from companion.validation import validate_paths

    f = tmp_path / "mine.json"
    f.write_text(json.dumps({"game": "village", "set": "Demon Hunters", "cards": [
        {"id": "x", "name": "X", "type": "fruit", "source": "my design"}]}), encoding="utf-8")
    assert not [i for i in validate_paths([f]).issues if "demo" in i.message]
