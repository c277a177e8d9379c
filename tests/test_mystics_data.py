"""Mice and Mystics card data: schema, honesty flags, references, and the typed accessors."""

from __future__ import annotations

import copy
import dataclasses
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from companion.cards import CardDB, card_from_record, load_game
from companion.errors import CompanionError
from companion.mystics import data as d

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "data" / "schemas"
FILES = sorted((ROOT / "data" / "mystics").glob("*.json"))


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    registry: Registry = Registry()
    for path in SCHEMAS.glob("*.json"):
        schema = json.loads(path.read_text(encoding="utf-8"))
        registry = registry.with_resource(schema["$id"], Resource.from_contents(schema))
    schema = json.loads((SCHEMAS / "mystics.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=registry)


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for path in FILES:
        out += json.loads(path.read_text(encoding="utf-8"))["cards"]
    return out


@pytest.fixture(scope="module")
def db() -> CardDB:
    return load_game("mystics", include_user=False)


def errors(validator: Draft202012Validator, doc: Any) -> list[tuple[str, str]]:
    return [("/" + "/".join(str(p) for p in e.absolute_path), e.message) for e in validator.iter_errors(doc)]


def one_card(record: dict[str, Any]) -> dict[str, Any]:
    return {"game": "mystics", "set": "test", "cards": [record]}


def bundled(records: list[dict[str, Any]], card_id: str) -> dict[str, Any]:
    return copy.deepcopy(next(r for r in records if r["id"] == card_id))


# --- the schema accepts the bundled data -------------------------------------------------

def test_bundled_files_exist_for_every_kind(records: list[dict[str, Any]]) -> None:
    kinds = {r["type"] for r in records}
    assert kinds == {"hero", "minion", "search", "ability", "die-face", "chapter"}
    assert {p.name for p in FILES} >= {"action-die.json", "heroes.json", "minions.json",
                                        "search-cards.json", "abilities.json", "chapter-1.json"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_schema_accepts_bundled_file(validator: Draft202012Validator, path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert errors(validator, doc) == []
    assert doc["game"] == "mystics"


def test_project_validator_accepts_bundled_data_without_warnings() -> None:
    from companion.validation import validate_paths

    report = validate_paths([str(p) for p in FILES])
    assert [i.render() for i in report.issues] == []
    assert report.cards == sum(len(json.loads(p.read_text(encoding="utf-8"))["cards"]) for p in FILES)


# --- and rejects a hand-made bad record of each kind -------------------------------------

BAD: list[tuple[str, str, Any, str, str]] = [
    # (bundled id, field, bad value, expected pointer suffix, words in the message)
    ("collin", "battle", "two", "/cards/0/battle", "is not of type"),
    ("collin", "classes", ["wizard"], "/cards/0/classes/0", "is not one of"),
    ("collin", "starting_equipment", ["Collin's Sword"], "/cards/0/starting_equipment/0", "does not match"),
    ("rat-warriors", "size", "huge", "/cards/0/size", "is not one of"),
    ("rat-warriors", "life", -1, "/cards/0/life", "less than the minimum"),
    ("accurate-bow", "paws", 3, "/cards/0/paws", "is not one of"),
    ("accurate-bow", "attack_type", "pointy", "/cards/0/attack_type", "is not one of"),
    ("leather-breastplate", "paws", 1, "/cards/0", "should not be valid"),
    ("grape", "slot", "body", "/cards/0", "should not be valid"),
    ("disguises", "requirements", {"classes": []}, "/cards/0/requirements", ""),
    ("inspire", "cost", 1.5, "/cards/0/cost", "is not of type"),
    ("inspire", "classes", [], "/cards/0/classes", "should be non-empty"),
    ("die-bow", "symbols", ["shield"], "/cards/0/symbols/0", "is not one of"),
    ("die-bow", "movement", 4, "/cards/0/movement", ""),
    ("die-bow", "certain", "no", "/cards/0/certain", "is not of type"),
    ("chapter-1", "chapter_end", "six", "/cards/0/chapter_end", "is not of type"),
    ("chapter-1", "tiles", [{"number": 0, "name": "Nowhere"}], "/cards/0/tiles/0/number", "less than"),
]


@pytest.mark.parametrize("card_id,field,value,pointer,words", BAD, ids=[f"{b[0]}.{b[1]}" for b in BAD])
def test_schema_rejects_bad_value(validator: Draft202012Validator, records: list[dict[str, Any]],
                                  card_id: str, field: str, value: Any, pointer: str, words: str) -> None:
    rec = bundled(records, card_id)
    rec[field] = value
    found = errors(validator, one_card(rec))
    assert found, f"{card_id}.{field} = {value!r} was accepted"
    assert any(p == pointer and words in m for p, m in found), found


@pytest.mark.parametrize("card_id", ["collin", "rat-warriors", "accurate-bow", "inspire", "die-bow",
                                     "chapter-1"])
def test_schema_rejects_unknown_field_and_missing_required(
        validator: Draft202012Validator, records: list[dict[str, Any]], card_id: str) -> None:
    rec = bundled(records, card_id)
    rec["atk"] = 3
    assert ("/cards/0", "Unevaluated properties are not allowed ('atk' was unexpected)") in errors(
        validator, one_card(rec))
    rec = bundled(records, card_id)
    del rec["source"]
    assert ("/cards/0", "'source' is a required property") in errors(validator, one_card(rec))


@pytest.mark.parametrize("card_id,field", [("collin", "starting_equipment"), ("rat-warriors", "boss"),
                                           ("accurate-bow", "paws"), ("inspire", "cost"),
                                           ("die-bow", "certain"), ("chapter-1", "chapter_end")])
def test_schema_requires_the_kind_fields(validator: Draft202012Validator, records: list[dict[str, Any]],
                                         card_id: str, field: str) -> None:
    rec = bundled(records, card_id)
    del rec[field]
    assert ("/cards/0", f"'{field}' is a required property") in errors(validator, one_card(rec))


def test_schema_rejects_unknown_type_and_other_game(validator: Draft202012Validator,
                                                    records: list[dict[str, Any]]) -> None:
    rec = bundled(records, "collin")
    rec["type"] = "villain"
    assert any(p == "/cards/0/type" for p, _ in errors(validator, one_card(rec)))
    doc = one_card(bundled(records, "collin"))
    doc["game"] = "tmnt"
    assert ("/game", "'mystics' was expected") in errors(validator, doc)


def test_project_validator_explains_a_bad_record(tmp_path: Path, records: list[dict[str, Any]]) -> None:
    from companion.validation import validate_paths

    rec = bundled(records, "die-cheese")
    rec["movement"] = 7
    rec["symbol"] = ["cheese"]
    path = tmp_path / "die.json"
    path.write_text(json.dumps(one_card(rec)), encoding="utf-8")
    report = validate_paths([str(path)])
    text = "\n".join(i.render() for i in report.issues)
    assert "/cards/0/movement" in text and "die-cheese" in text
    assert "symbol" in text and "symbols" in text  # the unknown field, with the closest known name


# --- references, ids, sources, honesty flags ---------------------------------------------

def test_ids_are_unique_and_well_formed(records: list[dict[str, Any]]) -> None:
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids))
    assert all(i == i.lower() and " " not in i for i in ids)


def test_starting_equipment_resolves_to_search_cards(records: list[dict[str, Any]]) -> None:
    search = {r["id"] for r in records if r["type"] == "search"}
    heroes = [r for r in records if r["type"] == "hero"]
    resolved = [eq for h in heroes for eq in (h["starting_equipment"] or [])]
    assert resolved and set(resolved) <= search
    assert set(bundled(records, "collin")["starting_equipment"]) == {"collins-sword", "leather-breastplate"}


def test_other_references_resolve(records: list[dict[str, Any]]) -> None:
    by_type: dict[str, set[str]] = {}
    for r in records:
        by_type.setdefault(r["type"], set()).add(r["id"])
    for r in records:
        if r["type"] == "minion" and "counterpart" in r:
            assert r["counterpart"] in by_type["minion"]
        if r["type"] == "search" and (r.get("requirements") or {}).get("mouse"):
            assert r["requirements"]["mouse"] in by_type["hero"]
        if r["type"] == "chapter":
            assert set(r["minions"]) <= by_type["minion"]
            assert set(r["excluded_mice"]) <= by_type["hero"]
            assert {m["minion"] for m in r["setup_minions"]} <= by_type["minion"]
            assert {s["card"] for s in r["special_searches"]} <= by_type["search"]
            tiles = {t["number"] for t in r["tiles"]}
            assert set(r["setup_tiles"]) <= tiles


@pytest.mark.parametrize("mutate,pointer", [
    (lambda recs: recs[0].update(starting_equipment=["excalibur"]), "/cards/0/starting_equipment/0"),
    (lambda recs: recs[1]["requirements"].update(mouse="tildy"), "/cards/1/requirements/mouse"),
    (lambda recs: recs[2]["setup_minions"][0].update(minion="dragon"), "/cards/2/setup_minions/0/minion"),
    (lambda recs: recs[2]["special_searches"][0].update(card="sword-of-ages"),
     "/cards/2/special_searches/0/card"),
    (lambda recs: recs[2].update(setup_tiles=[5, 9]), "/cards/2/setup_tiles/1"),
])
def test_cross_record_checks_catch_dangling_references(tmp_path: Path, records: list[dict[str, Any]],
                                                       mutate: Any, pointer: str) -> None:
    from companion.validation import validate_paths

    recs = [bundled(records, i) for i in ("collin", "tildas-mace", "chapter-1")]
    for r in recs:
        r["id"] = "test-" + r["id"]  # no clash with the bundled cards the check also sees
    recs[1]["requirements"]["mouse"] = "tilda"
    mutate(recs)
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"game": "mystics", "set": "test", "cards": recs}), encoding="utf-8")
    issues = [i for i in validate_paths([str(path)]).issues if i.kind == "reference"]
    assert [i.pointer for i in issues] == [pointer], [i.render() for i in issues]


def test_every_source_names_sections_of_the_book(records: list[dict[str, Any]]) -> None:
    for r in records:
        assert r["source"].startswith("mice-and-mystics.txt, "), r["id"]
        sections = d.source_sections(r["source"])
        assert sections, r["id"]
        assert set(sections) <= d.BOOK_SECTIONS, (r["id"], set(sections) - d.BOOK_SECTIONS)


def test_source_sections_parsing() -> None:
    assert d.source_sections("mice-and-mystics.txt, Battle (melee attack); Surges") == ("Battle", "Surges")
    assert d.source_sections("tmnt-tcg.txt, Attack Step") == ()


def _flag_check(rec: dict[str, Any], where: str) -> None:
    flagged = rec.get("unknown", [])
    for name in flagged:
        assert name in rec and rec[name] is None, f"{where}: {name} flagged unknown but not null"
    for key, value in rec.items():
        if value is None:
            assert key in flagged, f"{where}: {key} is null but not flagged unknown"
    for name in rec.get("uncertain", []):
        assert name in rec and rec[name] is not None, f"{where}: uncertain {name} has no value"


def test_unknown_fields_are_null_and_flagged(records: list[dict[str, Any]]) -> None:
    for r in records:
        _flag_check(r, r["id"])
        for card in r.get("initiative_cards", []):
            _flag_check(card, f"{r['id']} / {card['name']}")


def test_values_the_book_states_are_recorded(db: CardDB) -> None:
    collin = d.hero(db.find("collin"))
    assert collin.move == 2 and collin.classes == ("leader", "warrior")  # Mouse Movement example
    ch = d.chapter(1, db)
    assert (ch.chapter_end, ch.party_size, ch.excluded_mice) == (6, 4, ("lily",))
    assert ch.setup_tiles == (5, 4, 2) and ch.setup_minions == (d.Placement("rat-warriors", 3, 5),)
    assert {m.id for m in d.minions(db) if m.size == "large"} == {"spider", "cave-centipede"}


# --- the action die ----------------------------------------------------------------------

def test_action_die_faces(db: CardDB) -> None:
    faces = d.action_die(db)
    assert len(faces) == 6
    assert all(isinstance(f, d.DieFace) and set(f.symbols) <= set(d.SYMBOLS) for f in faces)
    assert all(f.source.startswith("mice-and-mystics.txt, Action Dice") for f in faces)
    # The book does not show the faces: nothing may claim to be certain, and every
    # unconfirmed face says why; movement numbers are unknown, never guessed.
    assert not any(f.certain for f in faces)
    assert all("not the book" in f.notes for f in faces)
    assert all(f.movement is None for f in faces) and not d.movement_known(faces)
    share = {name: Fraction(sum(getattr(f, name) for f in faces), 6)
             for name in ("melee_hit", "ranged_hit", "block", "cheese", "check")}
    assert share == {"melee_hit": Fraction(1, 2), "ranged_hit": Fraction(1, 3), "block": Fraction(1, 3),
                     "cheese": Fraction(1, 6), "check": Fraction(1, 2)}


def test_die_faces_are_frozen(db: CardDB) -> None:
    face = d.action_die(db)[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        face.movement = 2  # type: ignore[misc]
    assert d.action_die(db) == d.action_die(db)


def test_with_movement_fills_in_and_checks(db: CardDB) -> None:
    faces = d.action_die(db)
    filled = d.with_movement(faces, {f.id: 1 + i % 3 for i, f in enumerate(faces)})
    assert [f.movement for f in filled] == [1, 2, 3, 1, 2, 3] and d.movement_known(filled)
    assert faces[0].movement is None  # the original is untouched
    with pytest.raises(CompanionError, match="illegal movement number 4"):
        d.with_movement(faces, {"die-bow": 4})
    with pytest.raises(CompanionError, match="die-bw"):
        d.with_movement(faces, {"die-bw": 1})


_FACES = d.action_die(load_game("mystics", include_user=False, validate=False))


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.text(max_size=12), st.one_of(st.integers(), st.text(), st.none(), st.booleans()),
                       max_size=4))
def test_with_movement_hostile_input_raises_only_companion_error(movement: dict[str, Any]) -> None:
    faces = _FACES
    try:
        out = d.with_movement(faces, movement)
    except CompanionError:
        return
    assert all(f.movement in (None, 1, 2, 3) for f in out)


# --- typed accessors ---------------------------------------------------------------------

def test_accessors_return_typed_records(db: CardDB) -> None:
    assert {h.id for h in d.heroes(db)} == {"collin", "maginos", "tilda", "filch", "nez", "lily"}
    assert [m.id for m in d.minions(db, boss=True)] == ["captain-vurst"]
    brodie = d.minion(db.find("Brodie"))
    assert [(c.name, c.battle) for c in brodie.initiative_cards] == [("Brodie Pounces", 3),
                                                                      ("Brodie Chases", 3)]
    party = d.search_cards(db, subtype="party-item")
    assert {s.id for s in party} == {"disguises", "fishhook-and-thread", "dinner-fork", "grape"}
    assert not any(s.takes_pack_space for s in party)
    assert {a.id for a in d.ability_cards(db, cls="scamp")} == {"knife-strike", "first-aid"}
    assert d.chapters(db)[0].number == 1


def test_requirements_and_classes(db: CardDB) -> None:
    heroes = {h.id: h for h in d.heroes(db)}
    cards = {s.id: s for s in d.search_cards(db)}
    assert cards["collins-sword"].requirements.allows(heroes["collin"]) is True
    assert cards["collins-sword"].requirements.allows(heroes["maginos"]) is False
    assert cards["collins-sword"].requirements.allows(heroes["nez"]) is None  # Nez's classes unknown
    assert cards["tildas-mace"].requirements.allows(heroes["tilda"]) is True
    assert cards["tildas-mace"].requirements.allows(heroes["collin"]) is False
    assert cards["dagger"].requirements.allows(heroes["nez"]) is True
    first_aid = d.ability_card(db.find("first-aid"))
    assert first_aid.usable_by(heroes["nez"]) is True
    assert d.ability_card(db.find("Chain Lightning")).usable_by(heroes["maginos"]) is True
    assert d.ability_card(db.find("Chain Lightning")).usable_by(heroes["filch"]) is False
    assert heroes["nez"].has_class("warrior") is None


def test_chapter_lookups(db: CardDB) -> None:
    ch = d.chapter(1, db)
    assert ch.name == "Flight to Barksburg" and ch.story_book == "Sorrow and Remembrance"
    assert ch.surge_for(1) is not None and ch.surge_for(1).uncertain
    assert ch.surge_for(5) is None
    with pytest.raises(CompanionError, match="no data for chapter 2"):
        d.chapter(2, db)


def test_wrong_kind_of_record_is_a_companion_error(db: CardDB) -> None:
    with pytest.raises(CompanionError, match="'collin' is a 'hero' record"):
        d.die_face(db.find("collin"))


def test_unknowns_lists_what_users_should_fill_in(db: CardDB) -> None:
    found = {u.id: u for u in d.unknowns(db)}
    assert "battle" in found["collin"].unknown and "move" not in found["collin"].unknown
    assert found["die-bow"].unknown == ("movement",) and "symbols" in found["die-bow"].uncertain
    assert "disguises" not in found


def test_user_file_can_add_a_hero(tmp_path: Path) -> None:
    rec = {"id": "my-mouse", "name": "My Mouse", "type": "hero", "classes": ["archer"], "battle": 2,
           "defense": 1, "lore": 1, "move": 2, "life": 5, "abilities": [],
           "starting_equipment": ["accurate-bow"],
           "source": "mice-and-mystics.txt, Mouse Hero Cards (my own card)"}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(one_card(rec)), encoding="utf-8")
    db = load_game("mystics", extra=[path], include_user=False)
    mine = d.hero(db.find("My Mouse"))
    assert mine.life == 5 and mine.starting_equipment == ("accurate-bow",)
    assert d.hero(card_from_record("mystics", "x", rec)).classes == ("archer",)


@pytest.mark.parametrize("card_id,field,value,pointer,words", BAD, ids=[f"{b[0]}.{b[1]}" for b in BAD])
def test_compiled_fast_path_agrees(records: list[dict[str, Any]], card_id: str, field: str, value: Any,
                                   pointer: str, words: str) -> None:
    """The project's compiled validator (if it compiles this schema) rejects the same records."""
    from companion.validation import fast_validator

    fast = fast_validator("mystics")
    if fast is None:
        pytest.skip("no compiled fast path for the mystics schema")
    for path in FILES:
        fast(json.loads(path.read_text(encoding="utf-8")))
    rec = bundled(records, card_id)
    rec[field] = value
    with pytest.raises(Exception):  # noqa: B017 - fastjsonschema's own exception type
        fast(one_card(rec))


def test_users_own_die_file_replaces_the_bundled_die(tmp_path: Path, db: CardDB) -> None:
    mine = []
    for i, face in enumerate(d.action_die(db)):
        mine.append({"id": "my-" + face.id, "name": face.name, "type": "die-face",
                     "symbols": list(face.symbols), "movement": 1 + i % 3, "certain": True,
                     "source": "mice-and-mystics.txt, Action Dice (checked against my own dice)"})
    path = tmp_path / "my-die.json"
    path.write_text(json.dumps({"game": "mystics", "set": "my dice", "cards": mine}), encoding="utf-8")
    faces = d.action_die(load_game("mystics", extra=[path], include_user=False))
    assert [f.id for f in faces] == [m["id"] for m in mine]
    assert d.movement_known(faces) and all(f.certain for f in faces)
    assert d.action_die(db)[0].id == "die-sword"  # bundled data alone: the bundled die


def test_a_corrected_face_is_merged_into_the_bundled_die() -> None:
    from companion.corrections import correct_card
    from companion.mystics import odds

    before = d.action_die()
    correct_card("mystics", "die-sword", {"movement": 2, "certain": True})
    faces = d.action_die()  # the user data folder now holds the correction
    assert [f.id for f in faces] == [f.id for f in before] and len(faces) == 6
    assert faces[0].movement == 2 and faces[0].certain
    assert faces[1:] == before[1:]  # the other five faces are the bundled ones
    # the odds use all six faces: 3 dice against 2 cannot be sure of 3 wounds
    assert odds.attack_odds(faces, 3, 2).wounds == odds.attack_odds(before, 3, 2).wounds
    assert odds.attack_odds(faces, 3, 2).wounds[3] < 1


def test_a_correction_does_not_stop_a_die_of_ones_own(tmp_path: Path) -> None:
    from companion.corrections import correct_card

    correct_card("mystics", "die-bow", {"movement": 1})
    mine = [{"id": f"my-{i}", "name": f"Face {i}", "type": "die-face", "symbols": ["sword"], "movement": 1,
             "certain": True, "source": "mice-and-mystics.txt, Action Dice (my dice)"} for i in range(3)]
    path = tmp_path / "my-die.json"
    path.write_text(json.dumps({"game": "mystics", "set": "my dice", "cards": mine}), encoding="utf-8")
    assert [f.id for f in d.action_die(load_game("mystics", extra=[path]))] == ["my-0", "my-1", "my-2"]
    assert len(d.action_die(load_game("mystics"))) == 6  # without the file: bundled die, corrected


def test_tracker_rolls_with_the_merged_die() -> None:
    from companion.corrections import correct_card
    from companion.mystics.tracker import MysticsTracker

    correct_card("mystics", "die-sword", {"movement": 2})
    assert len(MysticsTracker(None).die) == 6
