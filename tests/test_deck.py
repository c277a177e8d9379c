"""Deck legality and formats, each rule at its boundaries, on in-memory cards (no demo data)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cards import CardDB, card_from_record
from companion.deck import Decklist, check_deck, load_format
from companion.deck.decklist import DeckEntry
from companion.deck.formats import (
    SCHEMA_PATH,
    FormatError,
    available_formats,
    format_from_doc,
    read_format,
    validate_format,
)
from companion.deck.legality import measure
from companion.errors import CompanionError

ROOT = Path(__file__).resolve().parents[1]
SRC = "demo: test card"


def _mouse(cid: str, name: str, kind: str, abilities: list[tuple[str, int]] = (), atk: int | None = 1,
           **extra: Any) -> dict[str, Any]:
    rec = {"id": cid, "name": name, "type": kind, "source": SRC, "atk": atk, "def": 1, **extra}
    if abilities:
        rec["abilities"] = [{"name": n, "fruit_cost": c, "text": "..."} for n, c in abilities]
    return rec


def village_db() -> CardDB:
    """Test cards: two mice sharing Nibble, one mouse with two abilities, one name with two printings."""
    recs: list[Mapping[str, Any]] = [
        _mouse("acorn-scout", "Acorn Scout", "basic-mouse", [("Nibble", 1)]),
        _mouse("barley-runner", "Barley Runner", "basic-mouse", [("Nibble", 1)]),
        _mouse("oat-nibbler", "Oat Nibbler", "basic-mouse", [("nibble ", 1)]),  # case and space differ
        _mouse("twin-tail", "Twin Tail", "mega-mouse", [("Nibble", 1), ("Double Strike", 3)], atk=4),
        _mouse("pebble-pup", "Pebble Pup", "basic-mouse", atk=None),
        _mouse("pebble-pup-alt", "Pebble Pup", "basic-mouse"),
        {"id": "apple", "name": "Apple", "type": "fruit", "source": SRC},
        {"id": "pear", "name": "Pear", "type": "fruit", "source": SRC},
        {"id": "needle-sword", "name": "Needle Sword", "type": "item", "source": SRC},
        {"id": "quicksand", "name": "Quicksand", "type": "magic", "source": SRC},
    ]
    recs += [{"id": f"gadget-{i:02d}", "name": f"Gadget {i:02d}", "type": "item", "source": SRC}
             for i in range(1, 21)]
    return CardDB("village", [card_from_record("village", "Test Set", r) for r in recs])


def tmnt_db() -> CardDB:
    recs: list[dict[str, Any]] = [
        {"id": "leo-1", "name": "Leonardo", "type": "character", "attribute": "wind", "power": 3},
        {"id": "leo-2", "name": "Leonardo", "type": "character", "attribute": "wind", "power": 4},
        {"id": "raph", "name": "Raphael", "type": "character", "attribute": "fire", "power": 4},
        {"id": "gust", "name": "Gust", "type": "attack", "attribute": "wind", "power": 2,
         "attack_kind": "normal"},
        {"id": "flame", "name": "Flame", "type": "attack", "attribute": "fire", "power": 3,
         "attack_kind": "normal"},
        {"id": "rock", "name": "Rock Drop", "type": "attack", "attribute": "mountain", "power": 4,
         "attack_kind": "forceful"},
        {"id": "pizza", "name": "Pizza", "type": "event", "timing": "play"},
    ]
    recs += [{"id": f"foot-{i:02d}", "name": f"Foot Soldier {i:02d}", "type": "character",
              "attribute": "wind", "power": 1} for i in range(1, 16)]
    return CardDB("tmnt", [card_from_record("tmnt", "Test Set", {**r, "source": SRC}) for r in recs])


def make(db: CardDB, counts: Mapping[str, int], name: str = "") -> Decklist:
    return Decklist(db.game, tuple(DeckEntry(db.by_id(i), n) for i, n in counts.items() if n), name)


def village_fill(n: int, **counts: int) -> dict[str, int]:
    """``counts`` plus Fruit (exempt) up to ``n`` cards."""
    used = sum(counts.values())
    return {**{k.replace("_", "-"): v for k, v in counts.items()}, "apple": n - used}


def tmnt_fill(n: int, **counts: int) -> dict[str, int]:
    """``counts`` plus Foot Soldiers, 3 of each title, up to ``n`` cards."""
    out = {k.replace("_", "-"): v for k, v in counts.items()}
    left, i = n - sum(counts.values()), 1
    while left > 0:
        out[f"foot-{i:02d}"] = min(3, left)
        left -= min(3, left)
        i += 1
    return out


@pytest.fixture(scope="module")
def vdb() -> CardDB:
    return village_db()


@pytest.fixture(scope="module")
def tdb() -> CardDB:
    return tmnt_db()


@pytest.fixture(scope="module")
def vfmt():  # type: ignore[no-untyped-def]
    return load_format("village")


@pytest.fixture(scope="module")
def tfmt():  # type: ignore[no-untyped-def]
    return load_format("tmnt")


def rules(verdict) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.rule for p in verdict.problems]


# --- deck size -------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "legal"), [(59, False), (60, True), (61, True), (200, True)])
def test_village_deck_size(vdb: CardDB, vfmt, n: int, legal: bool) -> None:  # type: ignore[no-untyped-def]
    v = check_deck(make(vdb, village_fill(n)), vfmt)
    assert v.is_legal is legal
    assert v.extra["card_count"] == n
    if not legal:
        (p,) = v.problems
        assert p.rule == "deck-size"
        assert p.message == ("The deck has 59 cards; a Village TCG deck has at least 60 cards "
                             "(1 card short).")
        assert p.cite == "village-tcg.txt, Deck Mix"


@pytest.mark.parametrize(("n", "legal", "gap"), [(39, False, "1 card short"), (40, True, ""),
                                                 (41, False, "1 card too many")])
def test_tmnt_deck_size(tdb: CardDB, tfmt, n: int, legal: bool, gap: str) -> None:  # type: ignore[no-untyped-def]
    v = check_deck(make(tdb, tmnt_fill(n)), tfmt)
    assert v.is_legal is legal
    if not legal:
        (p,) = v.problems
        assert (p.rule, p.cite) == ("deck-size", "tmnt-tcg.txt, How to Build Your Own Deck (1)")
        assert f"The deck has {n} cards" in p.message and "exactly 40" in p.message and gap in p.message


def test_empty_deck(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    v = check_deck(Decklist("village"), vfmt)
    assert rules(v) == ["deck-size"]
    assert "0 cards" in v.problems[0].message


# --- copy limit ------------------------------------------------------------------------------

@pytest.mark.parametrize(("copies", "legal"), [(3, True), (4, False)])
def test_village_copy_limit(vdb: CardDB, vfmt, copies: int, legal: bool) -> None:  # type: ignore[no-untyped-def]
    v = check_deck(make(vdb, village_fill(60, needle_sword=copies)), vfmt)
    assert v.is_legal is legal
    if not legal:
        (p,) = v.problems
        assert p.rule == "copy-limit"
        assert p.message == "4 copies of Needle Sword; the limit is 3."
        assert p.cards == ("Needle Sword",)
        assert p.cite == "village-tcg.txt, Deck Mix"


def test_fruit_is_exempt_beyond_three(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    v = check_deck(make(vdb, {"apple": 40, "pear": 20}), vfmt)
    assert v.is_legal, v.lines()


def test_shared_ability_counts_together(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    v = check_deck(make(vdb, village_fill(60, acorn_scout=2, barley_runner=2)), vfmt)
    (p,) = v.problems
    assert p.rule == "copy-limit"
    assert p.message == "4 cards share the ability Nibble: 2 Acorn Scout, 2 Barley Runner; the limit is 3."
    assert p.cards == ("Acorn Scout", "Barley Runner")
    assert check_deck(make(vdb, village_fill(60, acorn_scout=2, barley_runner=1)), vfmt).is_legal


def test_ability_names_match_case_insensitively(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    v = check_deck(make(vdb, village_fill(60, acorn_scout=2, oat_nibbler=2)), vfmt)
    assert rules(v) == ["copy-limit"]
    assert "2 Acorn Scout, 2 Oat Nibbler" in v.problems[0].message


def test_card_with_two_abilities_is_in_both_groups(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    # Twin Tail has Nibble and Double Strike: 1 + 1 + 2 = 4 Nibble; Double Strike only 2
    v = check_deck(make(vdb, village_fill(60, acorn_scout=1, barley_runner=1, twin_tail=2)), vfmt)
    (p,) = v.problems
    assert "share the ability Nibble" in p.message and "2 Twin Tail" in p.message
    assert "Double Strike" not in p.message


def test_one_card_over_the_limit_is_reported_once(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    # 4 Twin Tail is over by name, by Nibble and by Double Strike: the same cards, one problem
    v = check_deck(make(vdb, village_fill(60, twin_tail=4)), vfmt)
    assert [p.message for p in v.problems] == ["4 copies of Twin Tail; the limit is 3."]


def test_village_two_printings_of_one_name(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    v = check_deck(make(vdb, village_fill(60, pebble_pup=2, pebble_pup_alt=2)), vfmt)
    (p,) = v.problems
    assert p.message == ("4 cards named Pebble Pup: 2 Pebble Pup (pebble-pup), 2 Pebble Pup "
                         "(pebble-pup-alt); the limit is 3.")
    assert p.cards == ("Pebble Pup",)


@pytest.mark.parametrize(("first", "second", "legal"), [(2, 1, True), (2, 2, False), (3, 1, False)])
def test_tmnt_one_title_over_two_printings(tdb: CardDB, tfmt, first: int, second: int,  # type: ignore[no-untyped-def]
                                           legal: bool) -> None:
    v = check_deck(make(tdb, tmnt_fill(40, leo_1=first, leo_2=second)), tfmt)
    assert v.is_legal is legal
    if not legal:
        (p,) = v.problems
        assert p.rule == "copy-limit"
        assert p.message == (f"4 cards have the title Leonardo: {first} Leonardo (leo-1), {second} Leonardo "
                             "(leo-2); the limit is 3, whatever the printing.")
        assert p.cite == "tmnt-tcg.txt, How to Build Your Own Deck (2)"


def test_tmnt_four_copies_of_one_printing(tdb: CardDB, tfmt) -> None:  # type: ignore[no-untyped-def]
    v = check_deck(make(tdb, tmnt_fill(40, raph=4)), tfmt)
    assert [p.message for p in v.problems] == ["4 copies of Raphael; the limit is 3."]


def test_several_problems_at_once(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    deck = make(vdb, {"acorn-scout": 2, "barley-runner": 2, "needle-sword": 5, "pebble-pup": 2,
                      "pebble-pup-alt": 2, "apple": 10})
    v = check_deck(deck, vfmt)
    assert rules(v) == ["deck-size", "copy-limit", "copy-limit", "copy-limit"]
    text = " | ".join(p.message for p in v.problems)
    assert "23 cards" in text and "Nibble" in text and "5 copies of Needle Sword" in text
    assert "Pebble Pup" in text
    assert all(p.cite for p in v.problems)
    assert not v.is_legal
    data = v.to_json()
    assert set(data) >= {"legal", "game", "card_count", "problems", "notes"}
    assert set(data["problems"][0]) == {"rule", "message", "cards", "card_ids", "cite"}


# --- advice (notes, never problems) -----------------------------------------------------------

def test_village_mix_is_a_note_not_a_problem(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    v = check_deck(make(vdb, village_fill(60)), vfmt)
    assert v.is_legal
    (note,) = v.notes
    assert note.rule == "recommended-mix" and note.cite == "village-tcg.txt, Deck Mix"
    assert "10 Basic Mice, 10 Mega Mice, 20 Fruit, 20 Item/Magic" in note.message
    assert "this deck has 0 Basic Mice, 0 Mega Mice, 60 Fruit, 0 Item/Magic" in note.message
    assert "differs in Basic Mice, Mega Mice, Fruit, Item/Magic" in note.message


def test_village_mix_followed(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    deck = make(vdb, {"acorn-scout": 2, "pebble-pup": 3, "barley-runner": 1, "apple": 20,
                      **{f"gadget-{i:02d}": 2 for i in range(1, 11)}})
    v = check_deck(deck, vfmt)
    assert "this deck has 6 Basic Mice, 0 Mega Mice, 20 Fruit, 20 Item/Magic" in v.notes[0].message
    assert "differs in Basic Mice, Mega Mice." in v.notes[0].message


def test_tmnt_tips_are_notes(tdb: CardDB, tfmt) -> None:  # type: ignore[no-untyped-def]
    deck = make(tdb, tmnt_fill(40, leo_1=2, raph=3, gust=3, flame=3, rock=3))
    v = check_deck(deck, tfmt)
    assert v.is_legal
    by_rule = {n.rule: n for n in v.notes}
    assert set(by_rule) == {"tip-characters", "tip-attacks", "tip-forceful"}
    # characters: 2 Leonardo + Foot Soldiers (wind) 40 - 14 = 26 -> 28 wind; 3 fire
    assert "this deck has 28 (Wind): outside the advice" in by_rule["tip-characters"].message
    # attacks not Forceful whose Attribute no Character has: none (wind and fire both present)
    assert "this deck has 0: outside the advice" in by_rule["tip-attacks"].message
    assert "this deck has 3: it follows the advice" in by_rule["tip-forceful"].message
    assert all(n.cite == "tmnt-tcg.txt, How to Make a New Deck" for n in v.notes)


def test_measure_outside(tdb: CardDB, tfmt) -> None:  # type: ignore[no-untyped-def]
    item = tfmt.advice[1].items[0]
    deck = make(tdb, {"leo-1": 3, "gust": 2, "flame": 3})
    assert measure(deck, item) == (3, "")  # Flame is fire, no Character is fire
    deck = make(tdb, {"leo-1": 3, "raph": 1, "gust": 2, "flame": 3})
    assert measure(deck, item) == (0, "")


# --- formats as data ---------------------------------------------------------------------------

def test_bundled_formats_fit_the_schema() -> None:
    files = sorted((ROOT / "data" / "formats").glob("*.json"))
    assert {f.stem for f in files} >= {"village-standard", "tmnt-standard", "village-casual-50"}
    for f in files:
        doc = json.loads(f.read_text())
        assert validate_format(doc) == [], f.name
        assert doc["id"] == f.stem
    assert json.loads(SCHEMA_PATH.read_text())["$id"].endswith("format.schema.json")


def test_house_variant_is_a_file(vdb: CardDB) -> None:
    fmt = load_format("village", "casual-50")
    assert (fmt.size_min, fmt.size_max, fmt.limit) == (50, None, 3)
    deck = make(vdb, village_fill(50))
    assert check_deck(deck, fmt).is_legal
    v = check_deck(make(vdb, village_fill(49)), fmt)
    assert rules(v) == ["deck-size"]
    assert v.problems[0].cite.startswith("house format Village TCG casual (50 cards): ")
    assert "village-tcg.txt, Deck Mix" in v.problems[0].cite
    assert any(n.rule == "house-format" for n in v.notes)
    assert not check_deck(deck, load_format("village")).is_legal


def _doc(**changes: Any) -> dict[str, Any]:
    doc = json.loads((ROOT / "data" / "formats" / "village-standard.json").read_text())
    doc.update(changes)
    return doc


def test_custom_format_file_with_max_and_bans(tmp_path: Path, vdb: CardDB) -> None:
    doc = _doc(id="village-tight", house="a test format", banned=["Quicksand"],
               deck_size={"min": 10, "max": 12, "section": "Deck Mix"})
    doc["copy_limit"]["limit"] = 2
    path = tmp_path / "village-tight.json"
    path.write_text(json.dumps(doc))
    fmt = load_format("village", str(path))
    v = check_deck(make(vdb, {"needle-sword": 3, "quicksand": 1, "apple": 9}), fmt)
    assert rules(v) == ["deck-size", "copy-limit", "banned"]
    assert "1 card too many" in v.problems[0].message and "from 10 to 12" in v.problems[0].message
    assert "3 copies of Needle Sword; the limit is 2." == v.problems[1].message
    assert v.problems[2].message == "Quicksand is banned in Village TCG (the deck has 1 copy)."


def test_user_formats_folder_is_read(vdb: CardDB) -> None:
    import os

    folder = Path(os.environ["COMPANION_USER_DATA"]) / "formats"
    folder.mkdir(parents=True)
    (folder / "village-mine.json").write_text(json.dumps(_doc(id="village-mine", house="mine")))
    assert "village-mine" in [f.id for f in available_formats("village")]
    assert load_format("village", "mine").id == "village-mine"


def test_a_user_format_is_found_by_its_id_whatever_its_file_is_called() -> None:
    import os

    folder = Path(os.environ["COMPANION_USER_DATA"]) / "formats"
    folder.mkdir(parents=True)
    (folder / "my-house.json").write_text(json.dumps(_doc(id="village-house-40", house="40 cards",
                                                          deck_size={"min": 40, "section": "Deck Mix"})))
    assert "village-house-40" in [f.id for f in available_formats("village")]
    fmt = load_format("village", "village-house-40")
    assert fmt.id == "village-house-40" and fmt.size_min == 40 and fmt.path == str(folder / "my-house.json")
    assert load_format("village", "HOUSE-40").id == "village-house-40"  # the short name, any case
    with pytest.raises(FormatError, match="unknown deck format 'my-house'") as err:
        load_format("village", "my-house")  # the file's name is not its id: said, with the id to use
    assert "my-house.json holds the format 'village-house-40'" in str(err.value)
    assert "village-house-40" in str(err.value.expected)


def test_a_user_format_may_not_reuse_a_bundled_id_and_duplicates_are_refused(tmp_path: Path) -> None:
    import os

    folder = Path(os.environ["COMPANION_USER_DATA"]) / "formats"
    folder.mkdir(parents=True)
    strict = folder / "strict.json"
    strict.write_text(json.dumps(_doc(id="village-standard", house="mine",
                                      deck_size={"exact": 30, "section": "Deck Mix"})))
    for name in (None, "standard", "village-standard"):  # never the user's file instead: skipped, said
        skipped: list[FormatError] = []
        fmt = load_format("village", name, skipped=skipped)
        assert fmt.bundled and fmt.size_min == 60 and [e.where for e in skipped] == [str(strict)]
        assert "has the id 'village-standard', which is a bundled" in str(skipped[0])
        assert "village-standard-mine" in str(skipped[0])
    copy = tmp_path / "copy.json"  # named by path, the same rule
    copy.write_text(strict.read_text())
    with pytest.raises(FormatError, match="which is a bundled format's"):
        load_format("village", str(copy))
    errors: list[FormatError] = []
    listed = available_formats("village", errors=errors)
    assert [f.id for f in listed].count("village-standard") == 1 and listed[0].bundled
    assert listed[0].size_min == 60 and [e.where for e in errors] == [str(strict)]
    with pytest.raises(FormatError, match="which is a bundled format's"):
        available_formats("village")
    assert load_format("village", "casual-50").id == "village-casual-50"  # other ids are unaffected
    strict.unlink()
    assert load_format("village").size_min == 60 and load_format("village").bundled
    (folder / "a.json").write_text(json.dumps(_doc(id="village-house")))
    (folder / "b.json").write_text(json.dumps(_doc(id="village-house")))
    with pytest.raises(FormatError, match="2 format files have the id 'village-house'") as err2:
        load_format("village", "house")
    assert "a.json" in str(err2.value) and "b.json" in str(err2.value)
    (folder / "village-broken.json").write_text("{nope")  # named like the id asked for: its own error
    with pytest.raises(FormatError, match="not valid JSON"):
        load_format("village", "broken")
    assert load_format("village", "casual-50").id == "village-casual-50"  # other files still read


def test_a_user_formats_rules_cite_its_file_not_the_rule_book(tmp_path: Path, vdb: CardDB) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(_doc(id="village-mine", deck_size={"min": 40, "section": "Deck Mix"})))
    fmt = load_format("village", str(path))
    assert not fmt.bundled and fmt.cite("Deck Mix") == "your format file mine.json, Deck Mix"
    v = check_deck(make(vdb, {"apple": 3}), fmt)
    assert [p.cite for p in v.problems] == ["your format file mine.json, Deck Mix"]
    assert all("village-tcg.txt" not in n.cite for n in v.notes)
    house = tmp_path / "house.json"
    house.write_text(json.dumps(_doc(id="village-h", house="40 cards")))
    assert load_format("village", str(house)).cite("Deck Mix") == (
        "house format Village TCG: 40 cards; your format file house.json, Deck Mix")
    bundled = load_format("village", str(ROOT / "data" / "formats" / "village-casual-50.json"))
    assert bundled.bundled and bundled.cite("Deck Mix").endswith("based on village-tcg.txt, Deck Mix")
    assert load_format("village").cite("Deck Mix") == "village-tcg.txt, Deck Mix"


@pytest.mark.parametrize("change", [
    {"deck_size": {"min": 0, "section": "x"}},
    {"deck_size": {"section": "Deck Mix"}},
    {"deck_size": {"min": 60, "exact": 40, "section": "x"}},
    {"deck_size": {"min": 61, "max": 60, "section": "x"}},
    {"copy_limit": {"limit": 3, "groups": [], "section": "x"}},
    {"copy_limit": {"limit": 3, "groups": [{"key": "Bad Path!", "label": "x"}], "section": "x"}},
    {"game": "chess"},
    {"colour": "red"},
])
def test_bad_format_documents_are_refused(change: dict[str, Any]) -> None:
    with pytest.raises(FormatError) as err:
        format_from_doc(_doc(**change), where="bad.json")
    assert "bad.json" in str(err.value)


def test_format_errors(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="unknown deck format 'casual-5'") as err:
        load_format("village", "casual-5")
    assert "casual-50" in str(err.value)
    with pytest.raises(FormatError, match="is for 'tmnt', not 'village'"):
        load_format("village", "tmnt-standard")
    bad = tmp_path / "broken.json"
    bad.write_text("{nope")
    with pytest.raises(FormatError, match="not valid JSON"):
        read_format(bad)
    with pytest.raises(CompanionError):
        check_deck(Decklist("tmnt"), load_format("village"))


# --- property: the engine agrees with a plain brute-force reading of the Village rules ---------

_VDB = village_db()
_VFMT = load_format("village")


@given(st.dictionaries(st.sampled_from([c.id for c in _VDB if c.id != "pear"]), st.integers(1, 6),
                       max_size=10), st.integers(0, 70))
@settings(max_examples=150, deadline=None)
def test_village_legality_matches_brute_force(counts: dict[str, int], pears: int) -> None:
    deck = make(_VDB, {**counts, "pear": pears})
    groups: dict[str, int] = {}
    for e in deck.entries:
        if e.card.type == "fruit":
            continue
        keys = {"name:" + e.card.name.lower()}
        keys |= {"ability:" + a["name"].strip().lower() for a in e.card.get("abilities", ())}
        for k in keys:
            groups[k] = groups.get(k, 0) + e.count
    over = {k for k, n in groups.items() if n > 3}
    v = check_deck(deck, _VFMT)
    assert v.is_legal == (deck.card_count >= 60 and not over)
    assert ("deck-size" in rules(v)) == (deck.card_count < 60)
    assert (len([p for p in v.problems if p.rule == "copy-limit"]) > 0) == bool(over)
    assert len([p for p in v.problems if p.rule == "copy-limit"]) <= len(over)


# --- titles and abilities compare as printed, not byte for byte (How to Build Your Own Deck (2)) ---------

def _with(db: CardDB, *recs: dict[str, Any]) -> CardDB:
    """``db`` plus user cards (a printing of a title typed with other punctuation, say)."""
    extra = [card_from_record(db.game, "My cards", {**r, "source": SRC}) for r in recs]
    return CardDB(db.game, [*db.cards, *extra])


@pytest.mark.parametrize(("plain", "typed"), [
    ("April O'Neil", "April O\u2019Neil"),       # curly apostrophe
    ("April O'Neil", "April O\u02bcNeil"),       # modifier-letter apostrophe
    ("April O'Neil", "  april  o'neil "),         # case and repeated spaces
    ("Shell-Shock", "Shell\u2013Shock"),          # en dash
    ("Shell-Shock", "Shell\u2011Shock"),          # non-breaking hyphen
    ('The "Shredder"', "The \u201cShredder\u201d"),  # curly quotes
    ("Ninja Turtle", "Ninja\u00a0Turtle"),        # no-break space (NFKC)
    ("Ninja Turtle", "\uff2einja Turtle"),        # fullwidth letter (NFKC)
])
def test_norm_treats_typographic_lookalikes_as_the_same_text(plain: str, typed: str) -> None:
    from companion.deck.fields import norm

    assert norm(typed) == norm(plain)
    assert norm("April O'Neil") != norm("April ONeil")  # a missing apostrophe is another title


@pytest.mark.parametrize(("plain", "curly", "legal"), [(3, 1, False), (2, 1, True), (1, 2, True)])
def test_tmnt_title_with_a_curly_apostrophe_counts_with_the_plain_one(
        tdb: CardDB, tfmt, plain: int, curly: int, legal: bool) -> None:  # type: ignore[no-untyped-def]
    db = _with(tdb, {"id": "april", "name": "April O'Neil", "type": "character", "attribute": "wind",
                     "power": 2},
               {"id": "april-promo", "name": "April O\u2019Neil", "type": "character", "attribute": "wind",
                "power": 3})
    v = check_deck(make(db, tmnt_fill(40, april=plain, april_promo=curly)), tfmt)
    assert v.is_legal is legal
    if not legal:
        (p,) = v.problems
        assert p.rule == "copy-limit" and p.cite == "tmnt-tcg.txt, How to Build Your Own Deck (2)"
        assert p.message.startswith("4 cards have the title April O'Neil: 3 April O'Neil (april), "
                                    "1 April O\u2019Neil (april-promo)")


def test_village_shared_ability_with_a_curly_apostrophe_counts_together(vdb: CardDB, vfmt) -> None:  # type: ignore[no-untyped-def]
    # the same fix applies to Village's "same ability" groups
    db = _with(vdb, _mouse("rat-a", "Rat A", "basic-mouse", [("Cat's Eye", 1)]),
               _mouse("rat-b", "Rat B", "basic-mouse", [("Cat\u2019s  Eye", 1)]))
    assert check_deck(make(db, village_fill(60, rat_a=2, rat_b=1)), vfmt).is_legal
    v = check_deck(make(db, village_fill(60, rat_a=2, rat_b=2)), vfmt)
    assert rules(v) == ["copy-limit"] and "2 Rat A, 2 Rat B" in v.problems[0].message


def test_a_ban_matches_the_title_however_it_is_punctuated(tmp_path: Path, vdb: CardDB) -> None:
    db = _with(vdb, {"id": "cats-cradle", "name": "Cat\u2019s Cradle", "type": "magic"})
    path = tmp_path / "village-bans.json"
    path.write_text(json.dumps(_doc(id="village-bans", house="a test format", banned=["Cat's Cradle"])))
    v = check_deck(make(db, village_fill(60, cats_cradle=1)), load_format("village", str(path)))
    assert rules(v) == ["banned"]
