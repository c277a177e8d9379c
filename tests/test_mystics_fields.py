"""What each event takes: the fields 'mystics events' lists, the fields 'mystics do' warns of (never
one the rules used), and fields that exclude each other (refused, never one silently left out)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.errors import CompanionError, LogError, RuleError
from companion.eventlog import EventLog
from companion.mystics.tracker import EVENT_FIELDS, MysticsTracker
from tests.test_mystics_helpers import start, tracker

START = {"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "seed": 2}
#: A boss of three cards typed into an encounter's surge (the card data's Vurst has none listed).
VURST = {"boss": True, "cards": [{"name": "Vurst I", "life": 2}, {"name": "Vurst II", "life": 2},
                                 {"name": "Vurst III", "life": 2}]}


def cli_log(tmp_path: Path, *events: dict[str, Any]) -> Path:
    """A log begun with 'mystics do' on an empty file (the card data's mice), ``events`` done."""
    path = tmp_path / "g.jsonl"
    path.write_text("")
    assert main(["mystics", "do", str(path), *(json.dumps(e) for e in events)]) == 0
    return path


def do(path: Path, *events: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict, str]:
    """'mystics do --json' with ``events``: exit code, the JSON printed, standard error."""
    capsys.readouterr()
    code = main(["mystics", "do", str(path), *(json.dumps(e) for e in events), "--json"])
    out = capsys.readouterr()
    return code, json.loads(out.out), out.err


# -- M1: the fields that place a surge's minions ---------------------------------------------------

def test_a_surge_placed_with_the_typed_order_warns_of_nothing(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """'order' and 'rolls' of a minion_cheese that fills the wheel place the surge's minions: they
    were said to be 'not a field it takes, so it was ignored' while used."""
    path = cli_log(tmp_path, START, {"event": "encounter", "card": "E1", "minions": {"rat-warriors": 1},
                                     "surge": {"roaches": 1}}, {"event": "minion_cheese", "count": 5})
    code, out, err = do(path, {"event": "minion_cheese", "order": ["roaches"], "rolls": []}, capsys=capsys)
    assert code == 0 and err == ""
    assert [c["id"] for c in out["initiative"]][-1] == "roaches" and out["warnings"] == []


def test_a_boss_of_a_surge_takes_the_typed_cards_and_roll_without_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = cli_log(tmp_path, START, {"event": "encounter", "card": "E1", "minions": {"rat-warriors": 1,
                                                                                   "roaches": 1},
                                     "surge": {"vurst": VURST}}, {"event": "minion_cheese", "count": 5},
                   {"event": "mouse_cheese", "mouse": "collin", "count": 1})
    code, out, err = do(path, {"event": "greedy_steal", "mouse": "collin", "rolls": [3],
                               "boss_cards": {"vurst": ["vurst:1", "vurst:3"]}}, capsys=capsys)
    assert code == 0 and err == ""
    ids = [c["id"] for c in out["initiative"]]
    assert "vurst:2" not in ids and {"vurst:1", "vurst:3"} <= set(ids)
    assert any("rolled 3" in m for m in out["messages"])


def test_end_turn_places_the_time_is_short_surge_in_the_typed_order(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = cli_log(tmp_path, START, {"event": "encounter", "card": "E1", "surge": {"roaches": 2}},
                   {"event": "minion_cheese", "count": 5})
    state = MysticsTracker(path).state
    while state.current is None or state.current.id != state.track[-1].id:  # to the last mouse's turn
        assert main(["mystics", "do", str(path), '{"event": "end_turn"}']) == 0
        state = MysticsTracker(path).state
    code, out, err = do(path, {"event": "end_turn", "order": ["collin", "roaches", "filch"]}, capsys=capsys)
    assert code == 0 and err == ""
    assert [c["id"] for c in out["initiative"]] == ["collin", "roaches", "filch"]


def test_a_surge_field_unused_is_said_to_be_unused_never_not_taken(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = cli_log(tmp_path, START)
    code, out, err = do(path, {"event": "minion_cheese", "rolls": [2]}, capsys=capsys)  # no surge comes
    assert code == 0 and out["wheel"] == 1
    (warning,) = out["warnings"]
    assert "'rolls' was not used this time (order, rolls and boss_cards place the minions of the surge " \
           "a full wheel triggers" in warning
    assert "not a field it takes" not in err
    code, out, err = do(path, {"event": "minion_cheese", "rols": [2]}, capsys=capsys)  # a typo of one
    assert code == 2 and "'rols' is not a field it takes. Did you mean 'rolls'?" in out["error"]


def test_an_order_for_types_already_on_the_track_is_said_to_be_unused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = cli_log(tmp_path, START, {"event": "add_minions", "minions": {"rat-warriors": 1}})
    code, out, _err = do(path, {"event": "add_minions", "minions": {"rat-warriors": 1},
                                "order": ["rat-warriors"]}, capsys=capsys)
    assert code == 0 and ["'order' was not used this time" in w for w in out["warnings"]] == [True]


def test_boss_cards_naming_no_boss_placed_are_refused() -> None:
    t = tracker()
    t.do(start(minions={"spider": 1}))
    with pytest.raises(RuleError, match="boss_cards names 'vurst', but no boss with several initiative "
                                        "cards is placed here"):
        t.do({"event": "add_minions", "minions": {"roach": 1}, "boss_cards": {"vurst": ["vurst:1"]}})
    t.do({"event": "add_minions", "minions": {"vurst": 1}, "boss_cards": {"vurst": ["vurst:1", "vurst:2"]}})
    assert {"vurst:1", "vurst:2"} <= {c.id for c in t.state.track}


# -- M2: a mouse typed in as an object ------------------------------------------------------------

def test_a_typed_mouse_warns_only_of_the_fields_not_read(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Every field of a mouse object was said to be ignored (the used life and classes with the typo),
    and the abilities map too, though Collin got Inspire."""
    path = tmp_path / "g.jsonl"
    path.write_text("")
    code, out, err = do(path, {**START, "mice": [{"id": "pip", "name": "Pip", "life": 3, "classes": ["scamp"],
                                                  "battle": 2, "banana": 1}, "collin"],
                               "abilities": {"collin": "Inspire"}}, capsys=capsys)
    assert code == 0
    pip, collin = out["mice"]
    assert (pip["name"], pip["life"], pip["classes"]) == ("Pip", 3, ["scamp"])
    assert collin["abilities"] == ["Inspire"]
    warned = sorted(w.split("'")[1] for w in out["warnings"])
    assert warned == ["banana", "battle"]  # (a hero's battle is not tracked: the listing says so)
    assert "an object in mice takes id, name, life, classes, abilities, starting_equipment" in err


def test_a_typo_in_a_typed_mouse_is_refused_with_the_field_meant(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text("")
    code, out, _err = do(path, {**START, "mice": [{"id": "pip", "lief": 3}]}, capsys=capsys)
    assert code == 2 and "mice[0].'lief' is not a field it takes. Did you mean 'life'?" in out["error"]
    assert path.read_text() == ""


@pytest.mark.parametrize(("mouse", "said"), [
    ({"id": "pip", "life": "3"}, "bad life '3'"),
    ({"id": "pip", "classes": "scamp"}, "bad classes 'scamp'"),
    ({"id": "pip", "name": 7}, "bad name 7"),
    ({"life": 3}, "a mouse object needs an id"),
])
def test_a_typed_mouse_of_the_wrong_type_is_refused_not_dropped(mouse: dict[str, Any], said: str) -> None:
    t = tracker()
    with pytest.raises(LogError, match=said):
        t.do(start(mice=[mouse, "collin"]))
    assert not t.state.started


def test_a_logged_start_with_a_mistyped_mouse_is_kept_with_a_note(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text(json.dumps(start(mice=[{"id": "pip", "life": "3"}, "collin"])) + "\n")
    t = tracker(EventLog(path))
    assert t.state.started and not t.problems
    assert any(m.startswith("Kept as logged") and "bad life '3'" in m for m in t.state.messages)


# -- M3: a start rolls no die ----------------------------------------------------------------------

def test_a_start_takes_no_rolls_and_says_why() -> None:
    with pytest.raises(RuleError, match="a chapter's start rolls no die: its initiative cards are shuffled"):
        tracker().do(start(minions={"vurst": 1}, rolls=[2]))
    assert "rolls" not in EVENT_FIELDS["start"].names and "no rolls" in EVENT_FIELDS["start"].text
    t = tracker()
    t.do(start(minions={"vurst": 1}, boss_cards={"vurst": ["vurst:2", "vurst:3"]}))  # boss cards: taken
    assert {c.id for c in t.state.track} >= {"vurst:2", "vurst:3"}


# -- M4: fields that exclude each other ------------------------------------------------------------

@pytest.mark.parametrize(("event", "said"), [
    ({"event": "chapter_end", "move": 1, "page": 8}, "give move or page, not both"),
    ({"event": "set_stats", "mouse": "collin", "minion": "spider", "life": 2},
     "give mouse or minion, not both"),
    ({"event": "achievement", "name": "cheesemaster", "move_end": 3},
     "is an individual achievement: it moves the chapter end marker 1 page"),
    ({"event": "wound_minion", "minion": "spider", "card": "spider"}, "Spider has no boss initiative cards"),
    ({"event": "wound_minion", "minion": "vurst", "card": "vurst:1", "figure": 0}, "Captain Vurst is a boss: "
                                                                                   "its wounds go on one of"),
    ({"event": "room", "tile": 3}, "'room' event without a name leaves the room, so its tile would be lost"),
    ({"event": "defeat_minion", "minion": "spider", "count": 3, "figure": 1}, "figure names one figure, but "
                                                                              "count is 3"),
])
def test_fields_that_exclude_each_other_are_refused(event: dict[str, Any], said: str) -> None:
    t = tracker()
    t.do(start(minions={"spider": 3, "vurst": 1}, boss_cards={"vurst": ["vurst:1", "vurst:2"]}))
    before = t.state
    with pytest.raises(CompanionError, match=said):
        t.do(event)
    assert t.state == before


def test_a_room_tile_that_is_no_number_is_refused_not_left_out() -> None:
    t = tracker(special_surge=lambda chapter, tile: "The Crow: 1 roach" if tile == 3 else None)
    t.do(start())
    with pytest.raises(LogError, match="bad tile '3'"):
        t.do({"event": "room", "name": "Courtyard", "tile": "3"})
    t.do({"event": "room", "name": "Courtyard", "tile": 3})
    # (the chapter's special surge names minions: they are its surge, logged with the room)
    assert t.state.board.room is not None and t.state.board.room.special_surge == (("roach", 1),)
    assert t.history[-1]["special_surge"] == {"roach": 1}


def test_defeat_minion_with_figure_removes_that_figure_and_count_1_agrees() -> None:
    """'count': 3 with 'figure': 1 removed one figure: refused now; count 1 says what figure says."""
    t = tracker()
    t.do(start(minions={"spider": 3}))
    t.do({"event": "wound_minion", "minion": "spider", "figure": 2})
    t.do({"event": "defeat_minion", "minion": "spider", "count": 1, "figure": 0})
    assert t.state.minions[0].figures == (0, 1)  # the first left; the wounded third stays
    t.do({"event": "defeat_minion", "minion": "spider", "count": 2})
    assert not t.state.minions


def test_the_book_s_move_for_an_individual_achievement_is_accepted() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "achievement", "name": "cheesemaster", "mouse": "filch", "move_end": 1})
    assert t.state.board.chapter_end == 7


def test_an_older_log_s_conflicting_event_is_kept_as_it_was_played(tmp_path: Path) -> None:
    """Refusing it on replay would drop it (and the table built on it): it is kept, with a note."""
    path = tmp_path / "g.jsonl"
    events = [start(minions={"spider": 3}),
              {"event": "defeat_minion", "minion": "spider", "count": 3, "figure": 1},
              {"event": "chapter_end", "move": 1, "page": 9}, {"event": "note"}]
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    t = tracker(EventLog(path))
    assert not t.problems
    assert t.state.minions[0].figures == (0, 0) and t.state.board.chapter_end == 9  # as it was played
    assert sum(m.startswith("Kept as logged, though the rules refuse it now") for m in t.state.messages) == 3


# -- M5 ---------------------------------------------------------------------------------------------

def test_a_note_needs_its_text() -> None:
    t = tracker()
    t.do(start())
    for event in ({"event": "note"}, {"event": "note", "text": " "}, {"event": "note", "text": 5}):
        with pytest.raises(LogError, match="'note' event needs its text"):
            t.do(event)
    t.do({"event": "note", "text": "the crow took Filch"})
    assert t.state.messages[-1] == "the crow took Filch"


def test_victory_after_a_defeat_event_names_that_defeat_and_its_reason() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "defeat", "reason": "Lily was captured"})
    with pytest.raises(RuleError) as info:
        t.do({"event": "victory"})
    said = info.value.render()
    assert "lost by the defeat event: Lily was captured (mice-and-mystics.txt, Defeat)" in said
    assert "hourglass" not in said and "Lily was captured" in t.state.board.defeat_reason


def test_the_dashboard_says_why_the_chapter_was_lost(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = cli_log(tmp_path, START, {"event": "defeat", "reason": "the crow ate the cheese"})
    capsys.readouterr()
    assert main(["mystics", "replay", str(path)]) == 0
    assert "DEFEAT: the crow ate the cheese (mice-and-mystics.txt, Defeat)" in capsys.readouterr().out


def test_set_stats_without_mouse_or_minion_says_both_and_share_of_nothing_is_refused() -> None:
    t = tracker()
    t.do(start())
    with pytest.raises(LogError, match="needs a 'mouse' or a 'minion' field"):
        t.do({"event": "set_stats", "life": 4})
    for event in ({"event": "share", "from": "collin", "to": "filch"},
                  {"event": "share", "from": "collin", "to": "filch", "cheese": 0}):
        with pytest.raises(LogError, match="Collin gives Filch nothing"):
            t.do(event)


def test_events_json_is_structured_and_the_text_listing_keeps_its_lines(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mystics", "events", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["wound"]["fields"] == ["mouse"]
    assert doc["wound"]["optional"] == ["count", "poison", "scaper_third_only"]  # (logged by a live capture)
    assert doc["chapter_end"]["rule"] == "move or page, not both" and doc["chapter_end"]["fields"] == []
    assert doc["minion_cheese"]["optional"] == ["count", "order", "rolls", "boss_cards", "card_data"]
    assert all(isinstance(v["does"], str) and v["does"] for v in doc.values())
    assert main(["mystics", "events"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert next(x for x in lines if x.startswith("set_stats ")).split(None, 1)[1] == \
        ("mouse or minion, life, [defeats (logged by a live correction of a minion type's life that defeated "
         "figures with as many wounds), scaper_third_only (logged by a live action capturing the Scaper "
         "after its third capture (only the third rescues it at once))]: correct a life value")


def test_do_and_replay_help_say_what_they_do_their_exit_codes_and_their_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mystics", "do", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Record actions in a chapter's log" in text and "LOG.jsonl" not in text
    assert "Exit 0 written (warnings on standard error), 2 refused or unreadable: nothing written" in text
    assert "--json the chapter's state after the events" in text and "the warnings" in text
    assert main(["mystics", "replay", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "Replay a chapter's log" in text and "Fold" not in text


@pytest.mark.parametrize("key", ["boss", "aggressive"])
def test_a_typed_minion_s_yes_no_fields_take_true_or_false_only(tmp_path: Path, key: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = cli_log(tmp_path, START)
    capsys.readouterr()
    code = main(["mystics", "do", str(path), json.dumps(
        {"event": "add_minions", "minions": {"glowmoth": {"count": 1, "life": 2, key: "no"}}})])
    err = capsys.readouterr().err
    assert code == 2 and f"bad {key} 'no'" in err and "expected true or false" in err


def test_a_life_typed_for_a_known_minion_keeps_the_rest_of_its_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = cli_log(tmp_path, {"event": "start", "chapter_end": 6, "mice": ["collin", "filch"],
                              "minions": {"rat-warriors": {"count": 2, "life": 2}},
                              "order": ["filch", "rat-warriors", "collin"]},
                   {"event": "end_turn"}, {"event": "end_turn"})
    capsys.readouterr()
    code, doc, _ = do(path, {"event": "note", "text": "x"}, capsys=capsys)
    said = " ".join(doc["messages"])
    assert code == 0 and "Aggressive: Rat Warriors switches with Filch" in said  # (had been lost)
    rats = next(m for m in doc["minions"] if m["id"] == "rat-warriors")
    assert rats["name"] == "Rat Warriors" and rats["life"] == 2


def test_a_corrected_minion_life_holds_for_figures_placed_later(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = cli_log(tmp_path, {"event": "start", "chapter_end": 6, "mice": ["collin", "filch"],
                              "minions": {"rat-warriors": 1}, "seed": 1})
    code, doc, _ = do(path, {"event": "set_stats", "minion": "rat-warriors", "life": 2},
                      {"event": "defeat_minion", "minion": "rat-warriors"},
                      {"event": "encounter", "card": "E1", "minions": {"rat-warriors": 2},
                       "order": ["rat-warriors", "collin", "filch"]},
                      {"event": "wound_minion", "minion": "rat-warriors", "count": 2}, capsys=capsys)
    said = " ".join(doc["messages"])
    assert code == 0 and "Rat Warriors figure 1 takes 2 wounds and is defeated" in said  # (life had gone)


def test_play_stops_at_a_victory_as_at_a_defeat() -> None:
    from tests.test_mystics_helpers import start, tracker

    t = tracker()
    t.do(start(minions={"roach": 1}))
    t.do({"event": "victory"})
    for event in ({"event": "end_turn"}, {"event": "minion_cheese", "count": 6}, {"event": "hourglass"}):
        with pytest.raises(RuleError, match="the chapter is won, play does not go on"):
            t.do(event)
    t.do({"event": "note", "text": "the party rests"})  # notes and the mice's own business go on
    t.do({"event": "mouse_cheese", "mouse": "collin", "count": 1})
    t.undo()
    t.undo()
    t.undo()  # the victory taken back: play goes on
    t.do({"event": "end_turn"})
