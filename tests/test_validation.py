"""Schemas and the validator: bundled data passes, each kind of bad record is explained."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion import GAMES, cards, validation
from companion.cards import CardFileError, game_files, load_file, load_game
from companion.errors import CompanionError
from companion.validation import (
    ValidationIssue,
    card_fields,
    check_collection,
    detailed_validator,
    fast_validator,
    parse_document,
    pointer_lines,
    validate_bytes,
    validate_document,
    validate_paths,
)


def bundled(game: str) -> dict[str, Any]:
    """The first bundled card file of a game, as a fresh document."""
    return json.loads(game_files(game)[0].read_text(encoding="utf-8"))


def doc_of(game: str, file_name: str) -> dict[str, Any]:
    return json.loads((cards.DATA_DIR / game / file_name).read_text(encoding="utf-8"))


def errors(doc: Any, game: str | None = None) -> list[ValidationIssue]:
    return [i for i in validate_document(doc, file="t.json", game=game) if i.severity == "error"]


def index_of(doc: dict[str, Any], card_id: str) -> int:
    return next(i for i, c in enumerate(doc["cards"]) if c["id"] == card_id)


# -- bundled data ------------------------------------------------------------------------

@pytest.mark.parametrize("game", list(GAMES))
def test_every_schema_accepts_the_bundled_data(game: str) -> None:
    files = game_files(game)
    assert files, f"no bundled data for {game}"
    for f in files:
        doc = json.loads(f.read_text(encoding="utf-8"))
        assert errors(doc) == [], f
        assert list(detailed_validator(game).iter_errors(doc)) == []


def test_all_bundled_data_is_valid_with_cross_checks() -> None:
    report = validate_paths()
    assert report.ok, report.lines()
    assert report.exit_code == 0
    assert report.cards >= 160


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_a_compiled_fast_path(game: str) -> None:
    assert fast_validator(game) is not None


def test_schemas_have_ids_and_refer_to_the_shared_definitions() -> None:
    folder = cards.DATA_DIR / "schemas"
    for game in ("village", "tmnt", "monarchs", "mousecard"):
        schema = json.loads((folder / f"{game}.schema.json").read_text(encoding="utf-8"))
        assert schema["$id"] == f"https://companion.local/schemas/{game}.schema.json"
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert "defs.schema.json" in json.dumps(schema)
    defs = json.loads((folder / "defs.schema.json").read_text(encoding="utf-8"))
    for name in ("id", "name", "text", "source", "stat", "qty", "art", "back", "unknown",
                 "cardBase", "cardFile"):
        assert name in defs["$defs"]


def test_card_fields_follow_the_schema() -> None:
    village = card_fields("village")
    assert set(village) == {"basic-mouse", "mega-mouse", "fruit", "item", "magic"}
    assert village["basic-mouse"][:5] == ["id", "name", "type", "atk", "def"]
    assert "instant" in village["magic"] and "instant" not in village["fruit"]
    assert "attack_kind" in card_fields("tmnt")["attack"]
    assert "timing" in card_fields("tmnt")["event"] and "attribute" not in card_fields("tmnt")["event"]
    assert "crown_slash" in card_fields("monarchs")["court"]


# -- hand-made bad records, one of each kind ----------------------------------------------

def test_unknown_field_names_the_closest_field() -> None:
    doc = bundled("tmnt")
    doc["cards"][0]["powr"] = 3
    (issue,) = errors(doc)
    assert issue.kind == "unknown-field"
    assert issue.pointer == "/cards/0/powr"
    assert issue.card_id == doc["cards"][0]["id"]
    assert "unknown field 'powr'" in issue.message
    assert issue.suggestion == "Did you mean 'power'?"


def test_unknown_field_at_file_level() -> None:
    doc = bundled("village")
    doc["crads"] = []
    (issue,) = errors(doc)
    assert issue.pointer == "/crads" and "Did you mean 'cards'?" in issue.render()


def test_wrong_type_says_expected_and_found() -> None:
    doc = doc_of("tmnt", "demo.json")
    i = index_of(doc, "raphael")
    doc["cards"][i]["power"] = "high"
    (issue,) = errors(doc)
    assert issue.pointer == f"/cards/{i}/power"
    assert issue.render() == (f"t.json /cards/{i}/power (card 'raphael'): 'power' has the wrong type "
                              '(expected a whole number or null (unknown); found text "high")')


def test_enum_value_suggests_the_closest() -> None:
    doc = doc_of("tmnt", "demo.json")
    i = index_of(doc, "raphael")
    doc["cards"][i]["attribute"] = "fyre"
    (issue,) = errors(doc)
    assert "'attribute' is not an allowed value" in issue.message
    assert 'expected one of "wind", "nature", "fire", "mountain"' in issue.render()
    assert issue.found == '"fyre"' and issue.suggestion == "Did you mean 'fire'?"


def test_missing_required_field_points_where_it_belongs() -> None:
    doc = doc_of("village", "demo.json")
    i = index_of(doc, "acorn-scout")
    del doc["cards"][i]["atk"]
    (issue,) = errors(doc)
    assert issue.pointer == f"/cards/{i}/atk"
    assert issue.message == "the field 'atk' is missing"
    assert issue.expected == "a basic-mouse card to have 'atk'"


def test_unknown_card_type() -> None:
    doc = doc_of("village", "demo.json")
    doc["cards"][0]["type"] = "basic-mice"
    (issue,) = errors(doc)
    assert issue.pointer == "/cards/0/type" and issue.suggestion == "Did you mean 'basic-mouse'?"


def test_bad_id_form() -> None:
    doc = bundled("monarchs")
    doc["cards"][0]["id"] = "Bad Id"
    (issue,) = errors(doc)
    assert issue.message == "'id' is not in the required form"
    assert "lower-case id" in (issue.expected or "")


def test_ability_fruit_cost_range_and_unknown_ability_field() -> None:
    doc = doc_of("village", "demo.json")
    i = index_of(doc, "acorn-scout")
    doc["cards"][i]["abilities"][0]["fruit_cost"] = -1
    doc["cards"][i]["abilities"][0]["cost"] = 1
    found = {e.pointer: e for e in errors(doc)}
    assert found[f"/cards/{i}/abilities/0/fruit_cost"].expected == "at least 0"
    assert found[f"/cards/{i}/abilities/0/cost"].suggestion == "Did you mean 'fruit_cost'?"


def test_magic_cannot_be_instant_and_continuous() -> None:
    doc = doc_of("village", "demo.json")
    i = index_of(doc, "super-confused")
    doc["cards"][i]["continuous"] = True
    (issue,) = errors(doc)
    assert issue.message == "a Magic card is either instant or continuous, not both"
    assert issue.pointer == f"/cards/{i}"


def test_magic_fields_only_on_magic_cards() -> None:
    doc = doc_of("village", "demo.json")
    i = index_of(doc, "thimble-helmet")
    doc["cards"][i]["instant"] = True
    (issue,) = errors(doc)
    assert issue.kind == "unknown-field" and issue.pointer == f"/cards/{i}/instant"


def test_event_has_no_attribute_and_needs_a_timing() -> None:
    doc = doc_of("tmnt", "demo.json")
    i = index_of(doc, "pizza-party")
    doc["cards"][i]["attribute"] = "fire"
    del doc["cards"][i]["timing"]
    messages = sorted(e.message for e in errors(doc))
    assert messages == ["an event card has no field 'attribute'", "the field 'timing' is missing"]


def test_attack_kind_typo() -> None:
    doc = doc_of("tmnt", "demo.json")
    i = index_of(doc, "storm-wall")
    doc["cards"][i]["attack_kind"] = "forcefull-counter"
    (issue,) = errors(doc)
    assert issue.suggestion == "Did you mean 'forceful-counter'?"


def test_slash_crown_needs_a_crown_and_a_left_effect() -> None:
    doc = doc_of("monarchs", "demo.json")
    i = index_of(doc, "purple-page")
    doc["cards"][i]["influence"] = 0
    found = errors(doc)
    assert [e.message for e in found] == [
        "a slash-crown card needs at least 1 crown and a left effect (influence or move and cover)"]
    doc["cards"][i]["influence"] = 1
    doc["cards"][i]["crowns"] = 0
    (issue,) = errors(doc)
    assert issue.pointer == f"/cards/{i}/crowns" and issue.expected == "at least 1"


def test_starting_cards_are_gray_without_crowns() -> None:
    doc = doc_of("monarchs", "starting.json")
    doc["cards"][0]["crowns"] = 1
    doc["cards"][1]["color"] = "red"
    found = errors(doc)
    assert [(e.pointer, e.expected) for e in found] == [("/cards/0/crowns", "0"),
                                                        ("/cards/1/color", '"gray"')]


def test_court_colour_and_player_letter() -> None:
    doc = doc_of("monarchs", "demo.json")
    doc["cards"][0]["color"] = "pink"
    start = doc_of("monarchs", "starting.json")
    start["cards"][0]["player"] = "a"
    assert errors(doc)[0].pointer == "/cards/0/color"
    assert errors(start)[0].pointer == "/cards/0/player"


def test_mousecard_joker_has_no_suit_and_value_one() -> None:
    doc = bundled("mousecard")
    i = index_of(doc, "joker-red")
    doc["cards"][i]["suit"] = "hearts"
    doc["cards"][i]["value"] = 0
    assert {e.pointer for e in errors(doc)} == {f"/cards/{i}/suit", f"/cards/{i}/value"}


def test_every_error_is_reported_not_only_the_first() -> None:
    doc = doc_of("tmnt", "demo.json")
    for card in doc["cards"][:10]:
        card["extra"] = 1
    assert len(errors(doc)) == 10


def test_file_of_another_game_and_unknown_game() -> None:
    doc = bundled("tmnt")
    (issue,) = errors(doc, game="village")
    assert issue.message == "holds cards of another game"
    doc["game"] = "tmtn"
    (issue,) = errors(doc)
    assert issue.suggestion == "Did you mean 'tmnt'?"
    assert errors([1, 2])[0].message == "is not a card file"


def test_unknown_flags_must_name_fields_and_nulls_should_be_flagged() -> None:
    doc = doc_of("tmnt", "demo.json")
    i = index_of(doc, "raphael")
    doc["cards"][i]["power"] = None
    issues = validate_document(doc, file="t.json")
    assert [(x.severity, x.pointer) for x in issues] == [("warning", f"/cards/{i}/power")]
    doc["cards"][i]["unknown"] = ["powr"]
    issues = validate_document(doc, file="t.json")
    assert any(x.severity == "error" and x.suggestion == "Did you mean 'power'?" for x in issues)
    doc["cards"][i]["unknown"] = ["power"]
    assert validate_document(doc, file="t.json") == []


def test_demo_set_cards_must_say_demo() -> None:
    doc = doc_of("village", "demo.json")
    doc["cards"][0]["source"] = "village-tcg.txt"
    (issue,) = validate_document(doc, file="t.json")
    assert issue.severity == "warning" and issue.pointer == "/cards/0/source"


# -- checks across records ---------------------------------------------------------------

def records(doc: dict[str, Any], file: str = "t.json") -> list[validation.Record]:
    return [validation.Record(file, i, c) for i, c in enumerate(doc["cards"])]


def test_duplicate_ids_across_files() -> None:
    doc = doc_of("tmnt", "demo.json")
    issues = [i for i in check_collection("tmnt", records(doc, "a.json") + records(doc, "b.json")[:2])
              if i.severity == "error"]  # (a.json's two Leonardo printings: a warning, test_cards_audit4)
    assert [i.kind for i in issues] == ["duplicate-id", "duplicate-id"]
    assert issues[0].file == "b.json" and "already used at a.json /cards/0" in issues[0].message


def test_a_replaces_id_that_no_card_holds_suggests_the_closest_ids(tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "my-scout", "name": "My Scout", "type": "basic-mouse", "atk": 2, "def": 2, "source": "me",
         "replaces": "acorn-scot"}]}), encoding="utf-8")
    (issue,) = validate_paths([mine]).errors
    assert issue.kind == "reference" and issue.suggestion and "'acorn-scout'" in issue.suggestion
    with pytest.raises(cards.CardFileError, match="Did you mean 'acorn-scout'"):
        cards.load_game("village", [mine])


def test_duplicate_id_against_bundled_cards(tmp_path: Path) -> None:
    mine = tmp_path / "mine.json"
    doc = doc_of("tmnt", "demo.json")
    doc["cards"] = doc["cards"][:1]
    mine.write_text(json.dumps(doc), encoding="utf-8")
    report = validate_paths([mine])
    assert report.exit_code == 1
    (issue,) = report.errors
    assert issue.kind == "duplicate-id" and issue.file == str(mine)
    assert validate_paths([mine], context=False).ok


def test_mousecard_deck_counts() -> None:
    doc = bundled("mousecard")
    assert check_collection("mousecard", records(doc)) == []
    no_joker = [c for c in doc["cards"] if c["id"] != "joker-black"]
    found = check_collection("mousecard", records({"cards": no_joker}))
    assert {i.message for i in found} == {"the Mouse Card deck has the wrong number of cards",
                                          "the Mouse Card deck needs two jokers, one red and one black"}
    assert found[0].found == "53 cards"
    twice = copy.deepcopy(doc["cards"])
    twice[1]["rank"] = "2"
    twice[1]["value"] = 2
    found = check_collection("mousecard", records({"cards": twice}))
    assert any("appears more than once" in i.message for i in found)


def test_monarchs_starting_counts() -> None:
    doc = doc_of("monarchs", "starting.json")
    assert check_collection("monarchs", records(doc)) == []
    doc["cards"][0]["qty"] = 6
    (issue,) = check_collection("monarchs", records(doc))
    assert issue.kind == "count" and issue.found == "6 with +1 and 3 with 0"


@pytest.fixture
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of data/ whose schemas a test may change."""
    target = tmp_path / "data"
    shutil.copytree(cards.DATA_DIR, target)
    monkeypatch.setattr(cards, "DATA_DIR", target)
    return target


def test_references_declared_in_the_schema_must_resolve(data_copy: Path) -> None:
    schema_file = data_copy / "schemas" / "tmnt.schema.json"
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    schema["$defs"]["character"]["properties"]["partner"] = {"type": "string", "x-refers-to": ["item"]}
    schema_file.write_text(json.dumps(schema), encoding="utf-8")
    assert validation.reference_fields("tmnt") == {"partner": ("item",)}
    doc = json.loads((data_copy / "tmnt" / "demo.json").read_text(encoding="utf-8"))
    doc["cards"][0]["partner"] = "Katana"
    doc["cards"][2]["partner"] = "Katanna"
    doc["cards"][3]["partner"] = "Raphael"  # a character, not an item
    (data_copy / "tmnt" / "demo.json").write_text(json.dumps(doc), encoding="utf-8")
    report = validate_paths()
    assert [(i.pointer, i.kind) for i in report.errors] == [("/cards/2/partner", "reference"),
                                                            ("/cards/3/partner", "reference")]
    assert report.errors[0].suggestion == "Did you mean 'Katana'?"


def test_a_schema_without_fast_path_support_still_validates(data_copy: Path) -> None:
    schema_file = data_copy / "schemas" / "tmnt.schema.json"
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    schema["$defs"]["item"]["patternProperties"] = {"^x-": {}}
    schema_file.write_text(json.dumps(schema), encoding="utf-8")
    assert fast_validator("tmnt") is None  # jsonschema alone gives the same answers
    doc = json.loads((data_copy / "tmnt" / "demo.json").read_text(encoding="utf-8"))
    assert errors(doc) == []
    doc["cards"][0]["powr"] = 1
    assert errors(doc)[0].suggestion == "Did you mean 'power'?"


# -- unreadable and malformed files -------------------------------------------------------

def test_malformed_json_gives_line_and_column() -> None:
    _, issue = parse_document(b'{"game": "tmnt",\n  "set": }', file="bad.json")
    assert issue is not None and (issue.line, issue.column) == (2, 10)
    assert issue.render() == "bad.json:2:10: is not valid JSON: Expecting value"


@pytest.mark.parametrize(("raw", "kind", "message"), [
    (b"", "json", "is empty"),
    (b"  \n ", "json", "is empty"),
    (b"\xff\xfe{}", "unreadable", "is not UTF-8 text"),
    (b"{\x00}", "unreadable", "is binary data, not JSON text"),
    (b"[" * 100_000, "json", "is nested too deeply to be read"),
    (b'{"n": ' + b"9" * 5000 + b"}", "json", "is not usable JSON: it holds a number of thousands of digits "
                                             "(5000)"),
])
def test_hostile_files_become_issues(raw: bytes, kind: str, message: str) -> None:
    doc, issue = parse_document(raw, file="x.json")
    assert doc is None and issue is not None
    assert issue.kind == kind and issue.message.startswith(message)
    assert "sys." not in issue.render() and "card file" not in issue.message  # (any JSON file reads it)


def test_a_number_too_long_is_found_by_line_and_column() -> None:
    _, issue = parse_document('{"cards": [\n  {"atk": ' + "7" * 4400 + "}]}", file="big.json")
    assert issue is not None and (issue.line, issue.column) == (2, 11)
    assert issue.render().startswith("big.json:2:11: is not usable JSON: it holds a number of thousands")


def test_paths_that_cannot_be_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert validate_paths([tmp_path / "missing.json"]).exit_code == 2
    assert validate_paths([tmp_path]).exit_code == 2  # a folder without card files
    big = tmp_path / "big.json"
    big.write_text("{}", encoding="utf-8")
    monkeypatch.setattr(validation, "MAX_FILE_BYTES", 1)
    report = validate_paths([big])
    assert report.exit_code == 2 and "too large" in report.issues[0].message
    long_name = validate_paths([tmp_path / ("x" * 300 + ".json")])  # the system's reason, in words
    assert long_name.exit_code == 2 and long_name.issues[0].message == "cannot be read (file name too long)"


def test_a_folder_validates_its_json_files(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text("{", encoding="utf-8")
    empty = {"game": "tmnt", "set": "Mine", "cards": []}
    (tmp_path / "b.json").write_text(json.dumps(empty), encoding="utf-8")
    report = validate_paths([tmp_path])
    assert len(report.files) == 2 and report.exit_code == 1
    assert validate_paths([cards.DATA_DIR]).ok


def test_loader_refuses_an_invalid_user_file(tmp_path: Path) -> None:
    from companion.cards import user_data_dir

    folder = user_data_dir() / "tmnt"
    folder.mkdir(parents=True)
    doc = {"game": "tmnt", "set": "Mine", "cards": [
        {"id": "my-turtle", "name": "My Turtle", "type": "character", "attribute": "fire", "powr": 2,
         "source": "my own"}]}
    (folder / "mine.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        load_game("tmnt")
    assert "unknown field 'powr'. Did you mean 'power'? ('power' is required)" in str(info.value)
    doc["cards"][0]["power"] = doc["cards"][0].pop("powr")
    (folder / "mine.json").write_text(json.dumps(doc), encoding="utf-8")
    assert load_game("tmnt").find("my turtle").get("power") == 2
    # the same file named again (--cards) is read once; a copy elsewhere is a duplicate
    assert len(load_game("tmnt", extra=[folder / "mine.json"])) == len(load_game("tmnt"))
    (tmp_path / "copy.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CardFileError, match="duplicate tmnt card id 'my-turtle'"):
        load_game("tmnt", extra=[tmp_path / "copy.json"])
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff")
    with pytest.raises(CardFileError, match="is not UTF-8 text"):
        load_file(bad)


# -- hypothesis: hostile inputs, and the fast path agrees with jsonschema ---------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_raise(raw: bytes) -> None:
    report = validate_bytes(raw, file="x.json", context=False)
    assert report.exit_code in (1, 2)


@settings(max_examples=150, deadline=None)
@given(json_values, st.sampled_from(list(GAMES)))
def test_random_documents_never_raise(value: Any, game: str) -> None:
    for doc in (value, {"game": game, "set": "x", "cards": [value]}, {"game": game, "cards": value}):
        try:
            validate_document(doc, file="x.json")
        except CompanionError:
            pass


FIELDS = st.sampled_from(["id", "name", "type", "atk", "def", "power", "attribute", "attack_kind", "timing",
                          "food", "instant", "cost", "crowns", "crown_slash", "color", "player", "rank",
                          "suit", "colour", "value", "qty", "abilities", "keywords", "source", "zzz"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["village", "tmnt", "monarchs", "mousecard", "mystics"]), st.integers(0, 400),
       FIELDS, json_values | st.sampled_from(["fire", "court", "event", "joker", "red", "gray", "A"]))
def test_fast_path_agrees_with_jsonschema(game: str, n: int, field: str, value: Any) -> None:
    files = game_files(game)
    doc = json.loads(files[n % len(files)].read_text(encoding="utf-8"))
    card = doc["cards"][n % len(doc["cards"])]
    card[field] = value
    slow_ok = not list(detailed_validator(game).iter_errors(doc))
    fast = fast_validator(game)
    assert fast is not None
    try:
        fast(doc)
        fast_ok = True
    except Exception:
        fast_ok = False
    assert fast_ok == slow_ok


@pytest.mark.parametrize(("file_name", "field", "value"), [
    ("monarchs/starting.json", "move_cover", False),   # const 0: false is not 0
    ("monarchs/starting.json", "influence", True),     # an integer, not a boolean
    ("mousecard/deck.json", "value", 1.5),
    ("tmnt/demo.json", "keywords", ["flip", "flip"]),  # uniqueItems
    ("tmnt/demo.json", "power", -1),
    ("village/demo.json", "abilities", [{"name": "X", "fruit_cost": True, "text": ""}]),
])
def test_fast_path_rejects_what_jsonschema_rejects(file_name: str, field: str, value: Any) -> None:
    game = file_name.split("/")[0]
    doc = json.loads((cards.DATA_DIR / file_name).read_text(encoding="utf-8"))
    doc["cards"][0][field] = value
    assert list(detailed_validator(game).iter_errors(doc))
    fast = fast_validator(game)
    assert fast is not None
    with pytest.raises(Exception):  # noqa: B017 - fastjsonschema's own exception type
        fast(doc)
    assert errors(doc)


def test_pointer_lines() -> None:
    text = '{\n  "game": "tmnt",\n  "cards": [\n    {"id": "a"},\n    {\n      "id": "b\\"/~",\n' \
           '      "a/b": [1, 2.5e3, null]\n    }\n  ]\n}'
    assert json.loads(text)["cards"][1]["a/b"] == [1, 2500.0, None]
    found = pointer_lines(text, ["/cards/1/id", "/cards/1/a~1b/2", "/cards/0/id"])
    assert found == {"": 1, "/cards": 3, "/cards/0": 4, "/cards/0/id": 4, "/cards/1": 5,
                     "/cards/1/id": 6, "/cards/1/a~1b": 7, "/cards/1/a~1b/2": 7}
    assert pointer_lines("{oops", ["/x"]) == {"": 1}


def test_issues_carry_the_line_of_their_value(tmp_path: Path) -> None:
    doc = doc_of("village", "demo.json")
    for card in doc["cards"]:
        card["id"] = "mine-" + card["id"]
    del doc["cards"][2]["atk"]
    f = tmp_path / "mine.json"
    f.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    (issue,) = validate_paths([f]).errors
    lines = f.read_text(encoding="utf-8").splitlines()
    assert lines[issue.line - 1].strip() == "{" and '"id": "mine-clover-forager"' in lines[issue.line]
    assert issue.render().startswith(f"{f}:{issue.line} /cards/2/atk (card 'mine-clover-forager'): ")


# -- deck-format files ------------------------------------------------------------------------

FORMAT_DIR = cards.DATA_DIR / "formats"


def test_validate_without_paths_checks_the_formats_too() -> None:
    from companion.cards import user_data_dir

    report = validate_paths()
    assert {str(f) for f in FORMAT_DIR.glob("*.json")} <= set(report.files) and report.ok
    folder = user_data_dir() / "formats"
    folder.mkdir(parents=True)
    (folder / "village-x.json").write_text('{"id": "village-x",\n "game": "village"}\n', encoding="utf-8")
    report = validate_paths()
    bad = [i for i in report.issues if i.file.endswith("village-x.json")]
    assert report.exit_code == 1 and {i.pointer for i in bad} == {"/name", "/deck_size", "/copy_limit"}
    assert all(i.line == 1 and "is missing" in i.message for i in bad)


def test_a_format_file_is_checked_against_the_format_schema(tmp_path: Path) -> None:
    assert validate_paths([FORMAT_DIR]).ok and validate_paths([FORMAT_DIR]).cards == 0
    doc = json.loads((FORMAT_DIR / "village-standard.json").read_text(encoding="utf-8"))
    doc["copy_limit"]["limt"] = doc["copy_limit"].pop("limit")
    doc["deck_size"] = {"min": 61, "max": 60, "section": "Deck Mix"}
    path = tmp_path / "mine.json"  # not in a formats folder: known by its fields
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    report = validate_paths([path])
    [issue] = report.issues
    assert issue.pointer == "/copy_limit/limt" and "Did you mean 'limit'" in (issue.suggestion or "")
    assert issue.line is not None and "limt" in path.read_text().splitlines()[issue.line - 1]
    doc["copy_limit"]["limit"] = doc["copy_limit"].pop("limt")
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    [issue] = validate_paths([path]).issues
    assert issue.pointer == "/deck_size" and "min 61 is more than max 60" in issue.message
    assert not any("card" in i.message for i in validate_paths([path]).issues)


def test_a_folder_with_a_formats_subfolder(tmp_path: Path) -> None:
    (tmp_path / "formats").mkdir()
    (tmp_path / "formats" / "village-x.json").write_text('{"id": "village-x", "game": "village"}')
    report = validate_paths([tmp_path])
    assert report.files == [str(tmp_path / "formats" / "village-x.json")] and report.exit_code == 1
    assert {i.pointer for i in report.issues} == {"/name", "/deck_size", "/copy_limit"}


def test_validate_format_document_directly() -> None:
    from companion.validation import is_format_document, validate_format_document

    assert not is_format_document({"game": "village", "set": "x", "cards": []}, "formats/x.json")
    assert is_format_document({"id": "x"}, "formats/x.json")
    assert is_format_document({"deck_size": {}}, "a.json")
    assert not is_format_document({"id": "x"}, "a.json")
    [issue] = validate_format_document([1], file="f.json")
    assert "is not a deck format" in issue.message and issue.found == "a list"
    doc = json.loads((FORMAT_DIR / "tmnt-standard.json").read_text(encoding="utf-8"))
    assert validate_format_document(doc, file="f.json") == []
    doc["deck_size"] = {"exact": 40, "min": 40, "section": "x"}
    [issue] = validate_format_document(doc, file="f.json")
    assert "either exact or min/max" in issue.message


# -- the 'unknown' list agrees with the data; text is whole characters (print review) ---------

def _one_card(game: str, card: dict[str, Any]) -> dict[str, Any]:
    return {"game": game, "set": "Mine", "cards": [{"source": "mine", **card}]}


def test_unknown_must_not_list_a_known_value_or_a_field_twice() -> None:
    doc = _one_card("village", {"id": "u1", "name": "U1", "type": "basic-mouse", "atk": 3, "def": None,
                                "unknown": ["atk", "def", "def"]})
    issues = validate_document(doc, file="u.json")
    assert [(i.pointer, i.severity) for i in issues] == [("/cards/0/unknown/0", "warning"),
                                                         ("/cards/0/unknown/2", "warning")]
    assert "gives its value" in issues[0].message and issues[0].found == "3"
    assert "twice" in issues[1].message
    doc["cards"][0]["unknown"] = ["def"]
    assert validate_document(doc, file="u.json") == []


def test_lone_surrogates_are_errors_with_their_pointer() -> None:
    doc = _one_card("village", {"id": "s1", "name": "S1", "type": "basic-mouse", "atk": 1, "def": 1,
                                "abilities": [{"name": "Ok", "fruit_cost": 1, "text": "fine"},
                                              {"name": "Bad", "fruit_cost": 1, "text": "x\udc00y"}]})
    [issue] = validate_document(doc, file="s.json")
    assert issue.severity == "error" and issue.pointer == "/cards/0/abilities/1/text"
    assert "U+DC00" in issue.message and issue.card_id == "s1"
    issue.render().encode("utf-8")  # the message itself can be printed
    doc["cards"][0]["abilities"][1]["text"] = "x\U0001f600y"  # a whole character beyond U+FFFF is fine
    doc["set"] = "Mine \u00e9"
    assert validate_document(doc, file="s.json") == []
    doc["set"] = "Mine \ud800"
    assert [i.pointer for i in validate_document(doc, file="s.json")] == ["/set"]
    with pytest.raises(CardFileError, match="lone surrogate"):
        validation.ensure_valid(doc, file="s.json")


# -- malformed records never reach the cross-record checks as a crash ------------------------

def _bundled_records() -> dict[str, list[dict[str, Any]]]:
    """Every bundled card of each game, by game."""
    out: dict[str, list[dict[str, Any]]] = {}
    for game in GAMES:
        for f in game_files(game):
            out.setdefault(game, []).extend(json.loads(f.read_text(encoding="utf-8"))["cards"])
    return out


BUNDLED_RECORDS = _bundled_records()
ODD_VALUES = json_values | st.sampled_from([3, "3", 2.5, 1e308, ["A"], {"a": 1}, [{"number": 1}], [[1]]])


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into a JSON value (not the empty one)."""
    out: list[tuple[Any, ...]] = [prefix] if prefix else []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, sub in items:
        out += _paths(sub, (*prefix, key))
    return out


def _malformed(game: str, which: int, where: int, value: Any) -> dict[str, Any]:
    """A one-card file of ``game``: a bundled card (picked by type first, so rare types such as a
    chapter come up) with one value anywhere inside it replaced by ``value``."""
    pool = BUNDLED_RECORDS[game]
    types = sorted({c["type"] for c in pool})
    of_type = [c for c in pool if c["type"] == types[which % len(types)]]
    card = copy.deepcopy(of_type[(which // len(types)) % len(of_type)])
    card["id"] = "zz-" + card["id"]
    card.pop("replaces", None)
    paths = _paths(card)
    path = paths[where % len(paths)]
    parent: Any = card
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return {"game": game, "set": "Mine", "cards": [card]}


def _all_issues(report: validation.Report) -> bool:
    return all(isinstance(i, ValidationIssue) for i in report.issues)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(st.sampled_from(list(GAMES)), st.integers(0, 10**4), st.integers(0, 10**4), ODD_VALUES)
@example("mystics", 1, 29, 3)           # a chapter's setup_tiles a number, not a list
@example("mystics", 1, 15, {"a": 1})    # a tile's number an object
@example("mystics", 1, 62, 2.5)         # special_searches not a list
@example("mousecard", 0, 3, ["A"])      # a rank that is a list
def test_malformed_records_of_every_game_give_issues_not_exceptions(
        tmp_path: Path, game: str, which: int, where: int, value: Any) -> None:
    doc = _malformed(game, which, where, value)
    assert all(isinstance(i, ValidationIssue) for i in validate_document(doc, file="x.json"))
    path = tmp_path / f"{game}-mine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    report = validate_paths([path])  # with the bundled cards as context: the collection checks run
    assert _all_issues(report) and report.exit_code in (0, 1)
    assert _all_issues(validate_bytes(json.dumps(doc), file="x.json"))


@pytest.mark.parametrize(("game", "card"), [
    ("mystics", {"id": "my-chapter", "name": "My Chapter", "type": "chapter", "source": "me",
                 "tiles": [{"number": 3}], "setup_tiles": 3}),
    ("mystics", {"id": "my-chapter", "name": "My Chapter", "type": "chapter", "source": "me",
                 "tiles": [{"number": {"a": 1}}], "setup_minions": 2.5, "special_searches": 1}),
    ("mousecard", {"id": "x-ace", "name": "Ace of spades", "type": "standard", "rank": ["A"],
                   "suit": "spades", "colour": "black", "value": 14, "source": "me"}),
])
def test_a_broken_record_in_the_user_folder_is_reported_by_bare_validate(
        game: str, card: dict[str, Any]) -> None:
    from companion.cards import user_data_dir

    folder = user_data_dir() / game
    folder.mkdir(parents=True)
    mine = folder / "mine.json"
    mine.write_text(json.dumps({"game": game, "set": "S", "cards": [card]}), encoding="utf-8")
    for report in (validate_paths(), validate_paths([mine]),
                   validate_bytes(mine.read_text(encoding="utf-8"), file="up.json")):
        assert report.exit_code == 1 and _all_issues(report)
        assert any(i.kind == "schema" for i in report.errors)
    # no count issue about the whole deck while one of its cards fails the schema
    assert not any(i.kind == "count" for i in validate_paths().issues)


def test_cross_record_checks_see_only_schema_valid_records() -> None:
    doc = bundled("mousecard")
    recs = records(doc)
    broken = [validation.Record(r.file, r.index, {**r.data, "rank": ["A"]}, valid=False) if r.index == 5
              else r for r in recs]
    assert check_collection("mousecard", broken) == []  # no crash, and no count over a partial deck
    twice = [validation.Record(r.file, r.index, {**r.data, "suit": "spades", "colour": "red"})
             if r.id == "2-hearts" else r for r in recs]
    assert {i.message for i in check_collection("mousecard", twice)} >= {
        "spades are black", "the 2 of spades appears more than once"}


# -- the card-data audit: whole-value patterns, blank text, whole numbers, every problem -----

def test_an_id_with_a_trailing_newline_is_not_an_id() -> None:
    """F7: JSON Schema's ``$`` is the end of the value; Python's also matches before a final
    newline, so "x\\n" passed the id pattern (and Monarchs' player letter "A\\n" its own)."""
    doc = {"game": "village", "set": "I", "cards": [
        {"id": "x\n", "name": "G", "type": "fruit", "source": "me"},
        {"id": "x", "name": "G2", "type": "fruit", "source": "me"}]}
    (issue,) = errors(doc)
    assert issue.pointer == "/cards/0/id" and issue.message == "'id' is not in the required form"
    monarchs = doc_of("monarchs", "starting.json")
    monarchs["cards"][0]["player"] += "\n"
    (issue,) = errors(monarchs)
    assert issue.pointer == "/cards/0/player"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab-0\n\r \t$", max_size=6))
def test_the_id_pattern_matches_the_whole_value(text: str) -> None:
    import re

    doc = {"game": "village", "set": "I", "cards": [{"id": text, "name": "G", "type": "fruit",
                                                     "source": "me"}]}
    accepted = not any(i.pointer == "/cards/0/id" for i in errors(doc))
    assert accepted == bool(re.fullmatch(r"[a-z0-9][a-z0-9-]*", text))


def test_whole_value_regex_changes_only_a_pattern_s_end_anchors() -> None:
    wv = validation.whole_value_regex
    assert wv(r"^[A-Z]$").search("A") and not wv(r"^[A-Z]$").search("A\n")
    assert wv(r"^a[$]b$").search("a$b") and wv(r"^\$x$").search("$x")  # a literal $ stays literal


@pytest.mark.parametrize("field", ["name", "source"])
def test_a_name_or_source_of_only_spaces_is_blank(field: str) -> None:
    """F8: "   " is no more a name or a source than "" is."""
    doc = {"game": "village", "set": "S", "cards": [{"id": "ws", "name": "N", "type": "fruit",
                                                     "source": "me"}]}
    doc["cards"][0][field] = " \t "
    (issue,) = errors(doc)
    assert issue.pointer == f"/cards/0/{field}" and issue.message == f"'{field}' is blank"
    assert issue.expected == "some text, not only spaces"
    doc["cards"][0][field] = ""
    (issue,) = errors(doc)  # the empty text is reported once, as empty
    assert issue.message == f"'{field}' is empty"
    doc["cards"][0][field] = "x"
    doc["set"] = "  "
    (issue,) = errors(doc)
    assert issue.pointer == "/set" and issue.message == "'set' is blank"


@pytest.mark.parametrize(("field", "value", "pointer"), [
    ("atk", 2.0, "/cards/0/atk"), ("qty", 3.0, "/cards/0/qty"), ("def", 1e0, "/cards/0/def"),
    ("abilities", [{"name": "N", "fruit_cost": 1.0, "text": "t"}], "/cards/0/abilities/0/fruit_cost"),
])
def test_a_whole_number_written_with_a_decimal_part_is_refused(field: str, value: Any, pointer: str) -> None:
    """F6: JSON Schema's integer takes 2.0, but a card's numbers are whole numbers (and a sheet
    cell 2.0 is refused on import: validate and import agree)."""
    card = {"id": "f1", "name": "F1", "type": "basic-mouse", "atk": 2, "def": 1, "source": "me"}
    card[field] = value
    (issue,) = errors({"game": "village", "set": "F", "cards": [card]})
    assert issue.pointer == pointer and "whole number written with a decimal part" in issue.message
    assert issue.found is not None and "." in issue.found and "text" not in issue.render()


@pytest.mark.parametrize(("value", "ok"), [(999, True), (1000, False), (10**29, False), (0, True)])
def test_card_numbers_are_bounded(value: int, ok: bool) -> None:
    """F6: a stat holds at most 999 (the schemas had no upper bound: ATK 10**29 was valid)."""
    doc = {"game": "village", "set": "S", "cards": [
        {"id": "a", "name": "A", "type": "basic-mouse", "atk": value, "def": 1, "source": "x"}]}
    found = errors(doc)
    assert (found == []) == ok
    if not ok:
        assert found[0].message == "'atk' is out of range" and found[0].expected == "at most 999"


def test_a_card_missing_type_name_and_source_gets_all_three() -> None:
    """F10: every card needs id, name, type and source, whatever its type (or none)."""
    doc = {"game": "village", "set": "S", "cards": [{"id": "x"}, {"type": "fruit"}]}
    missing = {(i.pointer, i.message) for i in errors(doc)}
    assert missing == {
        ("/cards/0/type", "the field 'type' is missing"), ("/cards/0/name", "the field 'name' is missing"),
        ("/cards/0/source", "the field 'source' is missing"),
        ("/cards/1/id", "the field 'id' is missing"), ("/cards/1/name", "the field 'name' is missing"),
        ("/cards/1/source", "the field 'source' is missing")}
    assert any(i.expected == "every card to have 'type'" for i in errors(doc))


def test_null_is_found_null_not_null_null() -> None:
    """F11: "found null null" read like a stutter."""
    doc = {"game": "village", "set": "S", "cards": [None, {
        "id": "a", "name": "A", "type": "basic-mouse", "atk": 1, "def": 1, "source": "x",
        "abilities": [{"name": "N", "fruit_cost": None, "text": "t"}]}]}
    rendered = [i.render() for i in errors(doc)]
    assert rendered and all("null null" not in r for r in rendered)
    assert any(r.endswith("(expected an object; found null)") for r in rendered)


def _replacing(tmp_path: Path, name: str, *cards_: dict[str, Any]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"game": "village", "set": name, "cards": list(cards_)}), encoding="utf-8")
    return path


def test_replacing_a_card_twice_or_before_it_is_loaded_says_so(tmp_path: Path) -> None:
    """F11: the second file replacing a bundled card was told no card held it; a card defined in
    a later file got "Did you mean" the very id typed."""
    r1 = _replacing(tmp_path, "r1.json", {"id": "acorn-x", "replaces": "acorn-scout", "name": "A",
                                          "type": "fruit", "source": "me"})
    r2 = _replacing(tmp_path, "r2.json", {"id": "acorn-y", "replaces": "acorn-scout", "name": "B",
                                          "type": "fruit", "source": "me"},
                    {"id": "chain", "replaces": "acorn-x", "name": "C", "type": "fruit", "source": "me"})
    (issue,) = validate_paths([r1, r2]).errors
    assert issue.pointer == "/cards/0/replaces" and issue.file == str(r2)
    assert f"which {r1} /cards/0 (card 'acorn-x') already replaces" in issue.message
    assert issue.suggestion and "Replace 'acorn-x'" in issue.suggestion
    later = [i for i in validate_paths([r2, r1]).errors if i.card_id == "chain"]
    assert len(later) == 1 and "a card loaded only after this record" in later[0].message
    assert "Did you mean 'acorn-x'" not in later[0].render()
    with pytest.raises(CardFileError, match="already replaces"):
        load_game("village", [r1, r2])
    typo = _replacing(tmp_path, "t.json", {"id": "acorn-scot", "replaces": "acorn-scot", "name": "T",
                                           "type": "fruit", "source": "me"})
    (issue,) = validate_paths([typo]).errors
    assert issue.suggestion and "'acorn-scout'" in issue.suggestion and "'acorn-scot'" not in issue.suggestion


def test_a_clash_with_a_bundled_id_suggests_replaces(tmp_path: Path) -> None:
    """F4: validate (and the loader) say how to change the bundled card instead."""
    clash = _replacing(tmp_path, "clash.json", {"id": "acorn-scout", "name": "Acorn Scout",
                                                "type": "basic-mouse", "atk": 9, "def": 9, "source": "me"})
    (issue,) = validate_paths([clash]).errors
    assert issue.kind == "duplicate-id" and '"replaces": "acorn-scout"' in (issue.suggestion or "")
    with pytest.raises(CardFileError, match='"replaces": "acorn-scout"'):
        load_game("village", [clash])


def test_a_file_of_another_game_in_a_game_folder_is_reported_by_bare_validate() -> None:
    """F3: every TMNT command refuses a Village file in the user's tmnt folder, so validate
    must not call it valid."""
    from companion.cards import user_data_dir

    folder = user_data_dir() / "tmnt"
    folder.mkdir(parents=True)
    misplaced = folder / "misplaced.json"
    misplaced.write_text(json.dumps({"game": "village", "set": "S", "cards": [
        {"id": "pip", "name": "Pip", "type": "fruit", "source": "me"}]}), encoding="utf-8")
    for report in (validate_paths(), validate_paths([misplaced]), validate_paths([user_data_dir()])):
        (issue,) = report.errors
        assert report.exit_code == 1 and issue.file == str(misplaced) and issue.pointer == "/game"
        assert (issue.message, issue.expected, issue.found) == (
            "holds cards of another game", '"tmnt"', '"village"')
    with pytest.raises(CardFileError, match="another game"):
        load_game("tmnt")


def test_a_utf16_card_file_is_named_utf16_and_a_sheet_points_to_import(tmp_path: Path) -> None:
    """F11: UTF-16 (Notepad's "Unicode") was reported as "byte 0xff"; a CSV sheet given where a
    card file belongs says how to make one."""
    text = json.dumps({"game": "village", "set": "S", "cards": []})
    _, issue = parse_document(text.encode("utf-16"), file="u16.json")
    assert issue is not None and issue.kind == "unreadable" and "UTF-16" in issue.render()
    _, issue = parse_document(b"id,name,type\n", file="mine.csv")
    assert issue is not None
    assert ("`companion cards import village mine.csv --out mine.json` (Village TCG), `companion cards "
            "import mousecard mine.csv --out mine.json` (The Mouse Card system)") in (issue.suggestion or "")
    with pytest.raises(CardFileError, match="cards import"):
        load_file(_sheet(tmp_path), "village")


def _sheet(tmp_path: Path) -> Path:
    sheet = tmp_path / "x.csv"
    sheet.write_text("sep=;\nid;name;type;source\npip;Pip;fruit;me\n", encoding="utf-8")
    return sheet


# -- an unknown type hides no other error of its card -------------------------------------

def test_an_unknown_type_hides_none_of_the_card_s_other_errors() -> None:
    """QA3-1: a misspelt type reported alone; a bad id, an empty name and a negative ATK came only
    after the type was fixed. The card is checked as the type the type error suggests."""
    doc = {"game": "village", "set": "x", "cards": [
        {"id": "Pip The Brave", "name": "", "type": "basic-mous", "atk": -2, "def": 2, "source": "x"}]}
    issues = validate_document(doc, file="mv8.json")
    assert sorted(i.pointer for i in issues) == ["/cards/0/atk", "/cards/0/id", "/cards/0/name",
                                                 "/cards/0/type"]
    assert all(i.severity == "error" for i in issues)
    (typo,) = [i for i in issues if i.pointer == "/cards/0/type"]
    assert typo.suggestion == "Did you mean 'basic-mouse'?"
    doc["cards"][0]["type"] = "basic-mouse"  # fixing the type brings no error that was not listed
    assert sorted(i.pointer for i in validate_document(doc, file="mv8.json")) == [
        "/cards/0/atk", "/cards/0/id", "/cards/0/name"]


def test_a_card_checked_as_the_closest_type_says_which_type_it_lacks_a_field_for() -> None:
    doc = {"game": "village", "set": "x", "cards": [
        {"id": "pip", "name": "Pip", "type": "basic-mous", "atk": 2, "source": "x"}]}
    missing = [i for i in validate_document(doc, file="m.json") if i.pointer == "/cards/0/def"]
    assert [(i.message, i.expected) for i in missing] == [("the field 'def' is missing",
                                                           "a basic-mouse card to have 'def'")]


# One bundled card per game: a type misspelt (close to one), and a type like none of the game's.
_TYPOS = {"village": "fruits", "tmnt": "atack", "monarchs": "cort", "mousecard": "standart",
          "mystics": "minon"}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("close", [True, False], ids=["misspelt", "unlike-any"])
def test_every_game_reports_a_bad_type_with_the_card_s_other_errors(game: str, close: bool) -> None:
    doc = bundled(game)
    card = doc["cards"][0]
    typo = _TYPOS[game] if close else "zzzz-qqqq"
    if close:
        assert validation.closest(typo, card_fields(game), n=1), typo  # the test's own premise
        card["type"] = typo
        real = validation.closest(typo, card_fields(game), n=1)[0]
        doc["cards"][0] = card = {**{k: v for k, v in card.items() if k in card_fields(game)[real]},
                                  "type": typo}
    else:
        card["type"] = typo
    card["id"] = "Not An Id"
    card["name"] = " "
    card["qty"] = 0
    pointers = {i.pointer for i in validate_document(doc, file="t.json") if i.severity == "error"}
    assert {"/cards/0/type", "/cards/0/id", "/cards/0/name", "/cards/0/qty"} <= pointers, pointers
    assert not any(p.startswith("/cards/1") for p in pointers)


def test_a_missing_or_mistyped_type_hides_no_shared_field_error() -> None:
    doc = {"game": "tmnt", "set": "x", "cards": [{"id": "Bad Id", "name": "", "source": "x"},
                                                 {"id": "ok", "name": "Ok", "type": 7, "source": ""}]}
    issues = validate_document(doc, file="t.json")
    assert {(i.pointer, i.message) for i in issues} >= {
        ("/cards/0/type", "the field 'type' is missing"), ("/cards/0/id", "'id' is not in the required form"),
        ("/cards/0/name", "'name' is empty"), ("/cards/1/source", "'source' is empty")}
    (missing,) = [i for i in issues if i.pointer == "/cards/0/type"]
    assert missing.expected == "every card to have 'type'"  # not "a None card"


def test_the_loader_s_count_of_more_problems_is_what_validate_lists(tmp_path: Path) -> None:
    """QA3-2: the loader said "(and 3 more problems" where `validate FILE` listed 5 more: it counted
    neither the checks across the game's cards (an id a bundled card holds) nor what the type hid."""
    f = tmp_path / "mv2.json"
    f.write_text(json.dumps({"game": "village", "set": "x", "cards": [
        {"id": "Pip The Brave", "name": "", "type": "basic-mouse", "atk": -2, "def": 2.0, "source": ""},
        {"id": "acorn-scout", "name": "A", "type": "fruit", "source": "x", "bogus": 1},
        {"id": "b", "name": "B", "type": "mouse", "source": "x"}]}), encoding="utf-8")
    report = validate_paths([f])
    assert len(report.errors) >= 7 and any(i.kind == "duplicate-id" for i in report.errors)
    with pytest.raises(CardFileError) as info:
        load_game("village", extra=[f])
    assert f"(and {len(report.errors) - 1} more errors; run `companion validate {f}`" in str(info.value)
    one = tmp_path / "one.json"  # a single problem: nothing more to count
    one.write_text(json.dumps({"game": "village", "set": "x", "cards": [
        {"id": "c", "name": "C", "type": "fruit", "source": ""}]}), encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        load_file(one, "village")
    assert "more" not in str(info.value) and "'source' is empty" in str(info.value)


def test_a_users_format_with_a_bundled_id_is_reported_as_the_deck_tools_refuse_it(tmp_path: Path) -> None:
    from companion.cards import DATA_DIR

    doc = json.loads((DATA_DIR / "formats" / "village-standard.json").read_text(encoding="utf-8"))
    mine = tmp_path / "formats" / "mine.json"
    mine.parent.mkdir()
    mine.write_text(json.dumps(doc), encoding="utf-8")
    issues = validation.validate_paths([mine]).issues
    assert [i.pointer for i in issues] == ["/id"] and "bundled format's" in issues[0].message
    assert not validation.validate_paths([DATA_DIR / "formats" / "village-standard.json"]).issues
    doc["id"] = "village-standard-mine"
    mine.write_text(json.dumps(doc), encoding="utf-8")
    assert not validation.validate_paths([mine]).issues


def test_a_key_twice_in_one_object_is_an_error_not_a_silent_loss() -> None:
    from companion.validation import parse_document

    doc, issue = parse_document('{"game": "village", "set": "S", "cards": [{"id": "dk", "name": "A", '
                                '"name": "B", "type": "fruit", "source": "me"}]}', file="dup.json")
    assert doc is None and issue is not None
    assert issue.message == ("the key 'name' is given twice in this card: only the last value (\"B\") "
                             "would count")
    assert (issue.pointer, issue.card_id, issue.line) == ("/cards/0/name", "dk", 1)
    assert parse_document('{"a": {"x": 1}, "b": {"x": 2}}', file="ok.json")[1] is None  # one per object


def test_a_field_of_another_card_type_is_named_as_such_not_as_a_typo() -> None:
    doc = {"game": "village", "set": "Mine", "cards": [
        {"id": "f1", "name": "F1", "type": "fruit", "atk": 2, "source": "me"},
        {"id": "i1", "name": "I1", "type": "item", "txet": "x", "source": "me"}]}
    atk, typo = validate_document(doc, file="mine.json")
    assert atk.message == "a fruit card has no field 'atk'" and atk.pointer == "/cards/0/atk"
    assert atk.suggestion == ("'atk' belongs to basic-mouse and mega-mouse cards: remove it, or check the "
                              "card's type")
    assert typo.message == "unknown field 'txet'" and typo.suggestion == "Did you mean 'text'?"
    tmnt = {"game": "tmnt", "set": "Mine",
            "cards": [{"id": "a", "name": "A", "type": "attack", "source": "me"}]}
    first = validate_document(tmnt, file="t.json")[0].render()
    assert "(expected an attack card to have 'attack_kind')" in first


def _png(path: Path) -> Path:
    from PIL import Image

    Image.new("RGB", (4, 6), "red").save(path)
    return path


def test_validate_warns_of_art_printing_could_not_read(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    _png(tmp_path / "art" / "pip.png")
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    cards = [{"id": "pip", "art": "art/pip.png", "back": "Mouse Back"},  # both fine: no warning
             {"id": "pod", "art": "art/gone.png", "back": "backs/b.png"},
             {"id": "pea", "art": "notes.txt"}, {"id": "bud", "art": "art"},
             {"id": "nut", "art": str(tmp_path / "art" / "pip.png")}]  # an absolute path
    doc = {"game": "village", "set": "Mine",
           "cards": [{**c, "name": c["id"], "type": "fruit", "source": "me"} for c in cards]}
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    report = validate_paths([mine])
    assert report.ok and not report.errors
    assert [(w.pointer, w.message) for w in report.warnings] == [
        ("/cards/1/art", "art image 'art/gone.png' is not there"),
        ("/cards/1/back", "back image 'backs/b.png' is not there"),
        ("/cards/2/art", "art image 'notes.txt' is not an image Pillow can read"),
        ("/cards/3/art", "art image 'art' is a folder, not an image")]
    assert report.warnings[0].line is not None  # the line of the file, as every issue has
    # an upload has no folder to read images from: nothing to say of them
    assert not validate_bytes(mine.read_bytes(), file="mine.json").warnings


def test_validating_your_own_files_orders_them_as_the_cards_load(_isolated_user_data: Path) -> None:
    """Audit 4: once a card of your own was corrected, `validate` of your folder (or of the card's
    file alone) put corrections.json before the card it corrects: "a card loaded only after this
    record" and "duplicate id ... give this record replaces", though `validate` and the loader
    found nothing wrong."""
    from companion.corrections import correct_card

    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    for name, cid in (("mine.json", "pip"), ("z-mine.json", "zip")):
        (folder / name).write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
            {"id": cid, "name": cid.title(), "type": "basic-mouse", "atk": 1, "def": 1, "source": "me"}]}),
            encoding="utf-8")
        correct_card("village", cid, {"atk": 3})
    fixes = folder / "corrections.json"
    assert load_game("village").find("zip")["atk"] == 3 and validate_paths().ok
    for paths in ([_isolated_user_data], [folder], [folder / "mine.json"], [folder / "z-mine.json"], [fixes],
                  [fixes, folder / "mine.json"], [folder / "z-mine.json", fixes]):
        report = validate_paths(paths)
        assert report.ok and not report.issues, (paths, report.lines())
    for paths in ([_isolated_user_data], [folder]):  # every card there: no context needed
        assert validate_paths(paths, context=False).ok, paths
    # a replaces that names no card loaded before it: the card may be one of yours as well
    (folder / "z-mine.json").unlink()
    (issue,) = validate_paths([fixes]).errors
    assert issue.card_id == "zip" and issue.expected == (
        "the id of a card loaded before it (bundled, or in one of your files)")


def test_validate_reads_art_and_backs_as_printing_does(tmp_path: Path) -> None:
    """Audit 7: validate found nothing wrong with art that is a text file, art of spaces, a back
    with a space after its file name (printing takes the space off and looks for the file) or a
    back image that is a text file; printing stopped at each."""
    from companion.printing.geometry import PrintError
    from companion.printing.render import CardOptions, print_cards

    (tmp_path / "fake.png").write_text("not a picture", encoding="utf-8")
    _png(tmp_path / "real.png")
    (tmp_path / "cut.png").write_bytes((tmp_path / "real.png").read_bytes()[:40])  # a truncated image
    cards_ = [{"id": "a", "art": "fake.png"}, {"id": "b", "art": "   "},
              {"id": "c", "back": "missing.png "}, {"id": "d", "back": "fake.png"},
              {"id": "e", "art": "cut.png"}, {"id": "f", "back": "notes.svg"},
              {"id": "g", "art": "real.png", "back": " real.png "}, {"id": "h", "back": "Mouse Back"}]
    doc = {"game": "village", "set": "Mine",
           "cards": [{**c, "name": c["id"], "type": "fruit", "source": "me"} for c in cards_]}
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    report = validate_paths([mine])
    assert report.ok
    assert [(w.card_id, w.message) for w in report.warnings] == [
        ("a", "art image 'fake.png' is not an image Pillow can read"),
        ("b", "art image '   ' is only spaces: printing looks for a file of that name, which is not there"),
        ("c", "back image 'missing.png ' is not there"),
        ("d", "back image 'fake.png' is not an image Pillow can read"),
        ("e", report.warnings[4].message),
        ("f", "back image 'notes.svg' names a file that is not an image printing can read")]
    assert report.warnings[4].message.startswith("art image 'cut.png' is not an image Pillow can read")
    # each warned card stops printing; the others print
    db = load_game("village", [mine])
    for cid in "abcdef":
        with pytest.raises(PrintError):
            print_cards([db.find(cid)], tmp_path / "out.pdf", CardOptions(backs="duplex"))
    print_cards([db.find("g"), db.find("h")], tmp_path / "out.pdf", CardOptions(backs="duplex"))
