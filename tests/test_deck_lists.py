"""Decklist parsing (text and JSON), every parse error, export round trips, hostile input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.cards import CardDB, card_from_record
from companion.deck.decklist import (
    MAX_COUNT,
    Decklist,
    DecklistError,
    parse,
    parse_json,
    parse_text,
    read_decklist,
    to_json,
    to_text,
)
from companion.errors import CompanionError

from .test_deck import make, tmnt_db, village_db

VDB = village_db()
TDB = tmnt_db()


def counts(deck: Decklist) -> dict[str, int]:
    return {e.card.id: e.count for e in deck.entries}


def test_every_accepted_syntax() -> None:
    text = """Main deck:
# a comment
// another comment

3 Acorn Scout
2x barley runner
1 X Needle Sword
1× Quicksand
NEEDLE-SWORD has no count? no: this line is below
"""
    with pytest.raises(DecklistError):
        parse_text(text, VDB)
    text = text.replace("NEEDLE-SWORD has no count? no: this line is below", "2 NEEDLE-SWORD   # by id")
    deck = parse_text(text, VDB)
    assert counts(deck) == {"acorn-scout": 3, "barley-runner": 2, "needle-sword": 3, "quicksand": 1}
    assert deck.card_count == 9


@pytest.mark.parametrize("header", ["Deck", "Main", "main deck:", "Deck:", "Decklist", "MAIN DECK (60)"])
def test_header_lines(header: str) -> None:
    assert parse_text(f"{header}\n3 Apple\n", VDB).card_count == 3


def test_name_line_and_inline_comments() -> None:
    deck = parse_text("Name: Nibblers\nDeck\n3 Apple // fruit\n2 Pear  # more fruit\n", VDB)
    assert deck.name == "Nibblers"
    assert counts(deck) == {"apple": 3, "pear": 2}


def test_repeated_lines_add_up_in_first_seen_order() -> None:
    deck = parse_text("2 Apple\n1 Pear\n3 apple\n", VDB)
    assert [(e.card.name, e.count) for e in deck.entries] == [("Apple", 5), ("Pear", 1)]


def test_every_bad_line_is_reported_at_once() -> None:
    text = ("3 Acorn Scot\n\n0 Apple\n-2 Pear\nx Quicksand\n3\nApple\n4 Needle Sword\n1000 Apple\n"
            "3x\n2 Zzzzqq\n")
    with pytest.raises(DecklistError) as err:
        parse_text(text, VDB, where="my.txt")
    issues = err.value.issues
    assert [i.line for i in issues] == [1, 3, 4, 5, 6, 7, 9, 10, 11]
    by_line = {i.line: i for i in issues}
    assert by_line[1].problem == "unknown Village TCG card 'Acorn Scot'"
    assert by_line[1].suggestions[0] == "Acorn Scout" and len(by_line[1].suggestions) <= 3
    assert by_line[1].text == "3 Acorn Scot"
    assert "bad count '0'" in by_line[3].problem
    assert "bad count '-2'" in by_line[4].problem
    assert "bad count 'x'" in by_line[5].problem
    assert by_line[6].problem == "no card name after the count"
    assert by_line[7].problem.startswith("the count is missing") and "'1 Apple'" in by_line[7].problem
    assert by_line[7].suggestions == ()  # "Did you mean 'Apple'?" for "Apple" would be no help
    assert f"at most {MAX_COUNT}" in by_line[9].problem
    assert by_line[10].problem == "no card name after the count"
    assert by_line[11].suggestions == ()
    rendered = err.value.render()
    assert rendered.startswith("my.txt: the decklist has 9 lines that cannot be read")
    assert ("line 1: '3 Acorn Scot': unknown Village TCG card 'Acorn Scot'. Did you mean 'Acorn Scout'"
            in rendered)
    assert isinstance(err.value, CompanionError) and err.value.exit_code == 2
    assert err.value.to_json()["issues"][0]["line"] == 1


def test_unknown_card_and_bad_count_on_one_line() -> None:
    with pytest.raises(DecklistError) as err:
        parse_text("0 Acorn Scot\n", VDB)
    (issue,) = err.value.issues  # one problem a line (audit 5), saying both
    assert "bad count '0'" in issue.problem and "unknown Village TCG card 'Acorn Scot'" in issue.problem
    assert "Acorn Scout" in issue.suggestions


def test_by_id_picks_the_printing_and_by_name_the_first() -> None:
    deck = parse_text("2 Leonardo\n1 LEO-2\n", TDB)
    assert counts(deck) == {"leo-1": 2, "leo-2": 1}


def test_json_form() -> None:
    doc = {"game": "village", "name": "J", "cards": [{"card": "Acorn Scout", "count": 3},
                                                     {"card": "pear", "count": 999},
                                                     {"card": "Apple", "count": 1}]}
    deck = parse_json(doc, VDB)
    assert (deck.name, counts(deck)) == ("J", {"acorn-scout": 3, "pear": 999, "apple": 1})
    assert parse(json.dumps(doc), VDB) == deck


@pytest.mark.parametrize(("doc", "problem", "pointer"), [
    ([], "expected an object", ""),
    ({"cards": {}}, 'expected a "cards" list, found an object', "/cards"),
    ({"cards": 5}, 'expected a "cards" list, found the number 5', "/cards"),
    ({"game": "village"}, 'expected a "cards" list, found nothing', "/cards"),
    ({"cards": [3]}, 'expected {"card"', "/cards/0"),
    ({"cards": [{"count": 3}]}, 'expected {"card"', "/cards/0/card"),
    ({"cards": [{"name": "Apple", "count": 3}]}, 'goes in "card"', "/cards/0/card"),
    ({"cards": [{"card": "  ", "count": 3}]}, 'expected {"card"', "/cards/0/card"),
    ({"cards": [{"card": "Apple", "count": 0}]}, "bad count 0: a count is at least 1", "/cards/0/count"),
    ({"cards": [{"card": "Apple", "count": True}]}, "bad count true", "/cards/0/count"),
    ({"cards": [{"card": "Apple", "count": 2.5}]}, "bad count 2.5", "/cards/0/count"),
    ({"cards": [{"card": "Apple", "count": 3.0}]}, "bad count 3.0: a count is a whole", "/cards/0/count"),
    ({"cards": [{"card": "Apple", "count": None}]}, "bad count null", "/cards/0/count"),
    ({"cards": [{"card": "Apple", "count": "many"}]}, 'bad count "many"', "/cards/0/count"),
    ({"cards": [{"card": "Appel", "count": 1}]}, "unknown Village TCG card 'Appel'", "/cards/0/card"),
])
def test_json_errors(doc: object, problem: str, pointer: str) -> None:
    with pytest.raises(DecklistError) as err:
        parse_json(doc, VDB)
    (issue,) = err.value.issues
    assert problem in issue.problem
    assert issue.pointer == pointer and issue.line is None
    assert issue.to_json()["pointer"] == pointer


def test_json_errors_name_the_json_pointer_and_its_line() -> None:
    doc = {"game": "village", "cards": [{"card": "Acorn Scout", "count": 3}, {"card": "Pear", "count": 2},
                                        {"card": "Acorn Scot", "count": 2}, {"card": "Apple", "count": "2"},
                                        {"card": "Apple", "count": -1}]}
    with pytest.raises(DecklistError) as err:
        parse(json.dumps(doc, indent=2), VDB, where="my.json")
    assert [i.pointer for i in err.value.issues] == ["/cards/2/card", "/cards/3/count", "/cards/4/count"]
    rendered = err.value.render()
    assert rendered.startswith("my.json: the decklist has 3 entries that cannot be read:")
    assert "\n  line 13 /cards/2/card: " in rendered and "Did you mean 'Acorn Scout'" in rendered
    assert [i.line for i in err.value.issues] == [13, 18, 22]


def test_a_top_level_json_array_is_read_as_json_and_explained() -> None:
    with pytest.raises(DecklistError) as err:
        parse('[{"card": "Apple", "count": 3}]', VDB)
    (issue,) = err.value.issues
    assert issue.pointer == "" and "found an array" in issue.problem and '"cards": [...]' in issue.problem
    assert "no count" not in err.value.render()
    assert err.value.render().startswith("the decklist cannot be read:\n  line 1, the top level: ")


@pytest.mark.parametrize("game", ["TMNT", "Tmnt", " tmnt "])
def test_json_game_is_matched_case_insensitively(game: str) -> None:
    deck = parse(json.dumps({"game": game, "cards": [{"card": "Raphael", "count": 2}]}), TDB)
    assert deck.game == "tmnt" and counts(deck) == {"raph": 2}


@pytest.mark.parametrize("game", ["village", "tmnt tcg", 5, None])
def test_json_for_another_game_names_the_game_field(game: object) -> None:
    with pytest.raises(CompanionError) as err:
        parse_json({"game": game, "cards": []}, TDB, where="d.json")
    assert err.value.where == "d.json /game" and "not 'tmnt'" in err.value.render()


def test_names_typed_with_curly_apostrophes_or_dashes_find_the_card() -> None:
    mine = [card_from_record("tmnt", "Mine", {**r, "source": "demo: test"}) for r in (
        {"id": "april", "name": "April O'Neil", "type": "character", "attribute": "wind", "power": 2},
        {"id": "shell-shock", "name": "Shell-Shock", "type": "event", "timing": "play"})]
    db = CardDB("tmnt", [*TDB.cards, *mine])
    deck = parse_text("2 April O\u2019Neil\n1 shell\u2013shock\n1 SHELL\u2011SHOCK\n", db)
    assert counts(deck) == {"april": 2, "shell-shock": 2}
    json_deck = parse_json({"game": "tmnt", "cards": [{"card": "April  O\u2019Neil", "count": 3}]}, db)
    assert counts(json_deck) == {"april": 3}
    with pytest.raises(DecklistError):
        parse_text("1 April ONeil\n", db)  # no apostrophe at all is not the same title


def test_json_for_another_game_and_broken_json() -> None:
    with pytest.raises(CompanionError, match="for 'tmnt', not 'village'"):
        parse('{"game": "tmnt", "cards": []}', VDB)
    with pytest.raises(DecklistError) as err:
        parse('{"game": "village",\n "cards": [}', VDB)
    assert err.value.issues[0].line == 2 and "not valid JSON" in err.value.issues[0].problem


def test_export_text_reads_back_and_keeps_printings() -> None:
    deck = make(TDB, {"leo-1": 2, "leo-2": 1, "raph": 3}, name="Turtles")
    text = to_text(deck, TDB)
    # both printings of a shared name by id: each reads back as itself, with no note of a choice
    assert text == "Name: Turtles\n2 leo-1  # Leonardo\n1 leo-2  # Leonardo\n3 Raphael\n"
    assert parse_text(text, TDB).readings == ()
    assert parse_text(text, TDB) == deck
    assert parse(json.dumps(to_json(deck)), TDB) == deck


def test_read_decklist_file_errors(tmp_path: Path) -> None:
    good = tmp_path / "nibble.txt"
    good.write_text("3 Apple\n", encoding="utf-8")
    assert read_decklist(good, VDB).name == "nibble"
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"3 Caf\xe9\n")
    with pytest.raises(CompanionError, match="not UTF-8"):
        read_decklist(bad, VDB)
    with pytest.raises(CompanionError, match="no such file"):
        read_decklist(tmp_path / "missing.txt", VDB)
    with pytest.raises(CompanionError, match="directory"):
        read_decklist(tmp_path, VDB)


def test_with_count_and_add() -> None:
    deck = Decklist("village")
    apple = VDB.find("Apple")
    deck = deck.add(apple).add(apple, 2)
    assert deck.count_of(apple) == 3
    assert deck.add(apple, -5).entries == ()
    with pytest.raises(CompanionError):
        deck.with_count(apple, -1)


ids = [c.id for c in VDB] + [c.id for c in TDB]


@st.composite
def decks(draw: st.DrawFn) -> tuple[CardDB, Decklist]:
    db = draw(st.sampled_from([VDB, TDB]))
    chosen = draw(st.lists(st.sampled_from([c.id for c in db]), unique=True, max_size=12))
    name = draw(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=20)
                .map(str.strip).filter(lambda s: "#" not in s and "//" not in s))
    return db, make(db, {i: draw(st.integers(1, MAX_COUNT)) for i in chosen}, name=name)


@given(decks())
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
def test_round_trip_text_and_json(pair: tuple[CardDB, Decklist]) -> None:
    db, deck = pair
    assert parse_text(to_text(deck, db), db, name=deck.name) == deck
    assert parse(json.dumps(to_json(deck)), db) == deck


hostile = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(["3", "x", "3x", "-1", "0", "#", "//", "Apple", "Deck", "Name:", " ", "\n",
                              "acorn-scout", "{", "}", '"cards"', ":", "[", "]", "1e9", "99999"]),
             max_size=40).map("".join),
    st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                 lambda kids: st.lists(kids, max_size=4)
                 | st.dictionaries(st.sampled_from(["game", "cards", "card", "count", "name"]), kids,
                                   max_size=4), max_leaves=12).map(json.dumps),
)


@given(hostile)
@example("{\n")  # the JSON error points past the last line
@settings(max_examples=300)
def test_hostile_input_only_ever_raises_companion_errors(text: str) -> None:
    try:
        deck = parse(text, VDB)
    except CompanionError:
        return
    assert all(1 <= e.count for e in deck.entries)


def test_a_card_named_with_a_comment_mark_reads_and_is_written_and_comments_still_go() -> None:
    src = "demo: test"
    db = CardDB("village", [card_from_record("village", "Test Set", r) for r in [
        {"id": "sword-shield", "name": "Sword // Shield", "type": "item", "source": src},
        {"id": "mouse-1", "name": "Mouse #1", "type": "fruit", "source": src},
        {"id": "mouse", "name": "Mouse", "type": "fruit", "source": src},
    ]])
    text = "3 Sword // Shield\n2 Mouse #1  # the numbered one\n1 Mouse # 1 is a comment // here\n"
    deck = parse_text(text, db)
    assert counts(deck) == {"sword-shield": 3, "mouse-1": 2, "mouse": 1}
    written = to_text(deck, db, header=False)
    assert "3 sword-shield  # Sword // Shield" in written and parse_text(written, db) == deck


def test_a_huge_unknown_name_is_cut_in_the_message() -> None:
    # a pasted page is no card name: the message names a short piece of it, not 200,000 characters
    from companion.cards import load_game

    with pytest.raises(CompanionError) as err:
        parse("1 " + "x" * 200_000, load_game("village"))
    assert len(str(err.value)) < 1000 and "x…'" in str(err.value)


@pytest.mark.parametrize(("typed", "choices", "first"), [
    ("Apel", ["Grape", "Apple", "Fig"], "Apple"),  # two typos from Apple, three from Grape
    ("Acron Scout", ["Acorn Scout", "Acorn Shield", "Barley Runner"], "Acorn Scout"),  # two letters swapped
    ("leonrado", ["Leonardo", "Leonard", "Raphael"], "Leonardo"),
])
def test_the_closest_name_is_the_fewest_typos_away(typed: str, choices: list[str], first: str) -> None:
    from companion.errors import closest

    assert closest(typed, choices)[0] == first


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=12), st.text(max_size=12))
def test_typos_count_is_a_distance(a: str, b: str) -> None:
    from companion.errors import _typos

    assert _typos(a, b) == _typos(b, a) and (_typos(a, b) == 0) == (a == b)
    assert abs(len(a) - len(b)) <= _typos(a, b) <= max(len(a), len(b))


def test_a_json_decklist_refuses_fields_it_does_not_have() -> None:
    # a "cnt" or a "sideboard" had been dropped in silence, leaving cards out of the count
    from companion.cards import load_game

    doc = {"game": "village", "cards": [{"card": "acorn-scout", "count": 3, "cnt": 1}], "sideboard": []}
    with pytest.raises(DecklistError) as err:
        parse_json(doc, load_game("village"))
    text = str(err.value)
    assert "/cards/0/cnt" in text and "unknown field 'cnt'" in text and "Did you mean 'count'?" in text
    assert "/sideboard" in text
    assert "unknown field 'sideboard' (a decklist takes 'game', 'name', 'cards')" in text
    deck = parse_json({"game": "village", "name": "x", "cards": [{"card": "acorn-scout", "count": 3,
                                                                  "name": "Acorn Scout"}]},
                      load_game("village"))  # what to_json writes reads back
    assert deck.card_count == 3


def test_a_name_two_cards_carry_is_read_as_the_first_and_the_check_says_so() -> None:
    from companion.cards import load_game
    from companion.deck import formats
    from companion.deck.legality import check_deck

    db = load_game("tmnt", include_user=False)
    assert [c.id for c in db.named("Leonardo")] == ["leonardo-1", "leonardo-2"]  # two printings
    deck = parse_text("3 Leonardo\n2 leonardo-2\n1 Raphael\n", db)
    assert counts(deck) == {"leonardo-1": 3, "leonardo-2": 2, "raphael": 1}
    said = ("line 1: 'Leonardo' names 2 TMNT TCG cards; read as leonardo-1, the first (not leonardo-2). "
            "Write the id to choose one.")
    assert deck.readings == (said,)  # by id (line 2) or a name of one card (line 3): nothing to say
    verdict = check_deck(deck, formats.load_format("tmnt"))
    note = verdict.notes[0].to_json()
    assert (note["rule"], note["message"]) == ("name-read-as", said)
    assert note["cite"] == ("house reading: the rule books do not say which printing a list's name means, "
                            "so it is the first; printings of one name: tmnt-tcg.txt, How to Build Your Own "
                            "Deck (2)")
    jdeck = parse_json({"game": "tmnt", "cards": [{"card": "leonardo", "count": 1}]}, db)
    assert jdeck.readings[0].startswith("/cards/0/card: 'leonardo' names 2 TMNT TCG cards; read as "
                                        "leonardo-1")
    # written out, a shared name becomes the id (the name as a comment), so it reads back unasked
    text = to_text(deck, db)
    assert "3 leonardo-1  # Leonardo" in text and "1 Raphael" in text
    again = parse_text(text, db)
    assert counts(again) == counts(deck) and again.readings == ()


def test_a_list_naming_a_card_your_file_replaced_reads_its_replacement(
        leo_replaced: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Audit 8: with a file of yours holding {"id": "leo-new", "replaces": "leonardo-1"}, the demo
    list's "2 leonardo-1" was an unknown card ("Did you mean 'Leonardo'?")."""
    from companion.cards import DATA_DIR, load_game
    from companion.cli import main

    mine = leo_replaced
    deck = parse_text("2 leonardo-1\n1 leonardo-2\n", load_game("tmnt"))
    assert counts(deck) == {"leo-new": 2, "leonardo-2": 1}
    assert deck.readings == (f"line 1: 'leonardo-1' is the id of a card that leo-new replaces (in {mine}); "
                             "read as leo-new.",)
    assert main(["deck", "check", "tmnt", str(DATA_DIR / "decks" / "tmnt-demo-legal.txt")]) == 0
    out = capsys.readouterr().out
    assert "LEGAL" in out and "unknown" not in out and "'leonardo-1' is the id of a card" in out
