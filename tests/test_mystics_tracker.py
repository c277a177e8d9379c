"""The dashboard's event log: replay, undo/redo, crash recovery, problems with line numbers, the CLI."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from companion.cli import main
from companion.errors import LogError, RuleError, UnknownCardError
from companion.eventlog import EventLog
from companion.mystics.tracker import EVENTS, MysticsTracker
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, break_user_die, order, start, tracker

GAME = [
    start(minions={"rat_warriors": 2}),
    {"event": "minion_cheese", "count": 2},
    {"event": "end_turn"},
    {"event": "wound", "mouse": "filch", "count": 1},
    {"event": "encounter", "card": "E1", "minions": {"spider": 1}, "surge": {"roach": 2}},
    {"event": "minion_cheese", "count": 4},
    {"event": "capture", "mouse": "filch"},
]


def write(path: Path, events: list[dict], tail: str = "") -> None:
    path.write_text("".join(json.dumps(e) + "\n" for e in events) + tail)


def test_issue_example_events() -> None:
    t = tracker()
    t.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {}, "seed": 3})
    t.do({"event": "minion_cheese", "count": 2})
    t.do({"event": "capture", "mouse": "filch"})
    assert t.state.board.hourglass == 2 and t.state.board.wheel == 2
    t.undo()
    assert t.state.board.hourglass == 1
    t.redo()
    assert t.state.board.hourglass == 2


def test_replay_is_exact(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = tracker(str(path))
    for e in GAME:
        t.do(e)
    again = tracker(str(path))
    assert again.state == t.state
    assert again.state.board.hourglass == 3 and len(again.state.board.surges) == 1


def test_undo_redo_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = tracker(str(path))
    for e in GAME:
        t.do(e)
    t.undo()
    t.undo()
    assert t.state.board.wheel == 2 and t.state.board.hourglass == 1
    t2 = tracker(str(path))
    assert t2.state == t.state and t2.can_redo
    t2.redo()
    assert t2.state.board.hourglass == 2


def test_an_illegal_action_is_refused_and_not_logged(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = tracker(str(path))
    t.do(start())
    with pytest.raises(RuleError):
        t.do({"event": "heal", "mouse": "filch", "count": 1})
    assert len(path.read_text().splitlines()) == 2  # its tracker and the start only


def test_crash_mid_line_is_recovered(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    t = tracker(str(path))
    for e in GAME[:4]:
        t.do(e)
    expected = t.state
    with open(path, "a") as fh:
        fh.write('{"event": "minion_ch')  # the power went out here
    resumed = tracker(str(path))
    assert resumed.state == expected
    assert (tmp_path / "game.jsonl.damaged").read_text().startswith('{"event": "minion_ch')
    resumed.do({"event": "minion_cheese", "count": 1})
    assert tracker(str(path)).state.board.wheel == 3


def test_unknown_and_malformed_events_are_reported_with_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps(start()) + "\n" + "{not json\n"
                    + json.dumps({"event": "minion_chese", "count": 1}) + "\n"
                    + json.dumps({"event": "minion_cheese", "count": 2}) + "\n"
                    + json.dumps({"event": "wound", "mouse": "nobody"}) + "\n")
    t = tracker(str(path))
    lines = {p.line: p.message for p in t.problems}
    assert set(lines) == {2, 3, 5}
    assert "minion_cheese" in lines[3]  # did you mean
    assert t.state.board.wheel == 2  # the good lines still count
    assert path.read_text().count("\n") == 5  # nothing is lost


def test_event_before_start_is_refused() -> None:
    t = tracker()
    with pytest.raises(RuleError, match="before the chapter started"):
        t.do({"event": "minion_cheese", "count": 1})
    with pytest.raises(LogError, match="unknown event"):
        t.do({"event": "explode"})


def test_start_twice_is_refused() -> None:
    t = tracker()
    t.do(start())
    with pytest.raises(RuleError, match="already started"):
        t.do(start())


def test_state_json_has_the_dashboard_keys() -> None:
    t = tracker()
    for e in GAME:
        t.do(e)
    out = t.state.to_json()
    for key in ("hourglass", "chapter_end", "wheel", "surges", "defeated", "initiative", "mice"):
        assert key in out
    assert json.loads(json.dumps(out)) == out
    assert [c["id"] for c in out["initiative"]] == order(t)
    assert sum(1 for c in out["initiative"] if c["current"]) == 1


def test_events_are_documented_in_the_module_docstring() -> None:
    import companion.mystics.tracker as mod

    for name in EVENTS:
        assert f'"{name}"' in mod.__doc__, name


def test_default_rosters_come_from_the_card_data() -> None:
    t = MysticsTracker(None)
    t.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {}, "seed": 1})
    assert t.state.mouse("collin").name == "Collin"


# -- CLI ------------------------------------------------------------------------------------

def test_cli_replay_ok_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    t = MysticsTracker(str(path), die=DIE, heroes=HEROES, minions=MINIONS)
    t.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {}, "seed": 3})
    t.do({"event": "minion_cheese", "count": 2})
    t.do({"event": "capture", "mouse": "filch"})
    capsys.readouterr()
    assert main(["mystics", "replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Hourglass page 2" in text and "House readings" in text
    assert main(["mystics", "replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hourglass"] == 2 and out["wheel"] == 2 and out["chapter_end"] == 6
    assert out["defeated"] is False and out["surges"] == []
    assert {m["id"] for m in out["mice"]} == {"collin", "filch"}
    assert out["problems"] == []


def test_cli_replay_problems_exit_1_and_cut_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    write(path, [{"event": "start", "chapter_end": 6, "mice": ["collin"], "minions": {}, "seed": 3},
                 {"event": "bogus"}], tail='{"event": "minion_che')
    before = path.read_bytes()
    assert main(["mystics", "replay", str(path), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert any(p.startswith("line 2:") for p in out["problems"])
    assert any(p.startswith("line 3:") and "cut" in p for p in out["problems"])
    assert path.read_bytes() == before  # replay never changes the file


def test_cli_replay_unreadable_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mystics", "replay", str(tmp_path / "missing.jsonl")]) == 2
    assert main(["mystics", "replay", str(tmp_path)]) == 2
    bad = tmp_path / "bin.jsonl"
    bad.write_bytes(b"\xff\xfe\x00")
    assert main(["mystics", "replay", str(bad)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def new_cli_log(tmp_path: Path) -> Path:
    """A chapter begun with the command line (Collin and Filch, seed 2): its log's path."""
    path = tmp_path / "g.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin,filch", "--seed", "2"]) == 0
    return path


def test_cli_new_and_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_cli_log(tmp_path)
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 3}',
                 '{"event": "undo"}', '{"event": "redo"}']) == 0
    assert main(["mystics", "do", str(path), "{bad"]) == 2
    assert main(["mystics", "new", str(path), "--mice", "collin"]) == 2
    capsys.readouterr()
    assert main(["mystics", "replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wheel"] == 3


def test_cli_events_lists_every_event_do_takes_with_its_fields(capsys: pytest.CaptureFixture[str]) -> None:
    """'mystics events' lists the kinds of the tracker's own table (there was no list of them), each
    with its fields, and 'mystics do --help' points to it."""
    from companion.mystics.tracker import EVENT_FIELDS

    assert main(["mystics", "events"]) == 0
    lines = capsys.readouterr().out.splitlines()
    listed = [line.split()[0] for line in lines[:-1]]
    assert listed == list(EVENTS)
    wound = next(line for line in lines if line.startswith("wound "))
    assert "mouse, [count" in wound and "poison" in wound
    assert main(["mystics", "events", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert list(doc) == list(EVENTS)
    assert doc["rescue"] == {"kind": "rescue", "fields": ["mouse"], "one_of": [],
                             "optional": ["force", "ends_turn", "order", "rolls", "boss_cards",
                                          "rescue_ends_turn", "card_data"],
                             "notes": dict(EVENT_FIELDS["rescue"].notes), "objects": {},
                             "rule": EVENT_FIELDS["rescue"].rule,
                             "does": "a captured mouse is rescued on its own turn, and its turn ends",
                             "text": EVENT_FIELDS["rescue"].text}
    assert doc["set_stats"]["one_of"] == ["mouse", "minion"] and doc["set_stats"]["fields"] == ["life"]
    assert doc["start"]["objects"]["mice"] == ["id", "name", "life", "classes", "abilities",
                                               "starting_equipment"]
    assert main(["mystics", "do", "--help"]) == 0
    assert "companion mystics events" in " ".join(capsys.readouterr().out.split())


def test_every_event_kind_has_its_fields_in_words() -> None:
    """A new event cannot go unlisted: each kind 'mystics do' takes has its line for 'mystics events'."""
    from companion.mystics.tracker import EVENT_FIELDS

    assert set(EVENT_FIELDS) == set(EVENTS)
    assert all(spec.text.strip() and spec.does.strip() for spec in EVENT_FIELDS.values())
    assert all(set(dict(spec.notes)) <= set(spec.names) for spec in EVENT_FIELDS.values())  # no stray note
    assert set(EVENTS) - {"undo", "redo"} == set(MysticsTracker.EVENT_KINDS)


def test_cli_do_that_cannot_write_says_so_once_and_what_was_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    path = new_cli_log(tmp_path)
    capsys.readouterr()
    real_append = EventLog.append
    calls: list[int] = []

    def full_after_one(self: EventLog, event: dict[str, Any]) -> Any:
        if self.path is None:  # the trial in memory (see Tracker.first_refused)
            return real_append(self, event)
        calls.append(1)
        if len(calls) > 1:  # the trial passed; the second write fails
            raise LogError("cannot be written (permission denied); the action was not saved", where=str(path))
        return real_append(self, event)

    monkeypatch.setattr(EventLog, "append", full_after_one)
    cheese = '{"event": "minion_cheese", "count": 1}'
    assert main(["mystics", "do", str(path), cheese, cheese]) == 2
    err = capsys.readouterr().err
    assert err.count(str(path)) == 1 and "event 2 of 2" in err
    # (a batch is written in one append: a refused write leaves none of it)
    assert "Nothing was written" in err and "Only events" not in err
    calls.clear()
    calls.append(1)  # the next write fails at once
    assert main(["mystics", "do", str(path), cheese]) == 2
    assert "was not saved. Nothing was written" in capsys.readouterr().err


def test_cli_after_the_start_is_undone_shows_no_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin", "--seed", "2"]) == 0
    assert main(["mystics", "do", str(path), "undo"]) == 0
    capsys.readouterr()
    assert main(["mystics", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No chapter under way in this log") and "Hourglass" not in out


def test_cli_odds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mystics", "attack", "--battle", "3", "--defense", "2", "--life", "2",
                 "--wheel", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert 0 <= out["p_defeat"] <= 1 and "wounds" in out and "p_surge" in out
    assert main(["odds", "mystics", "mousetrap", "--move", "2"]) == 0
    assert "P(pass a mousetrap" in capsys.readouterr().out
    assert main(["odds", "mystics", "search", "--json"]) == 0
    capsys.readouterr()
    from companion.mystics.data import action_die, movement_known

    if not movement_known(action_die()):  # unknown movement numbers: an error, not a guess ...
        code = main(["odds", "mystics", "chase"])
        err = capsys.readouterr().err
        assert code == 2 and "movement" in err
    # ... unless the user types them in
    faces = "die-sword=1,die-sword-shield=2,die-sword-shield-star=3,die-bow=1,die-bow-star=2,die-cheese=3"
    assert main(["odds", "mystics", "chase", "--movement", faces, "--json"]) == 0
    dist = json.loads(capsys.readouterr().out)["distribution"]
    assert set(dist) == {"2", "3", "4", "5", "6"}


# -- hostile input ------------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from companion.errors import CompanionError  # noqa: E402

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(
        ["collin", "filch", "spider", "rat_warriors", "vurst", "brodie:chases", "paw", "webbed", "", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["rat_warriors", "spider", "count", "life", "id", "vurst"]), inner, max_size=3),
    max_leaves=8)
FIELDS = st.sampled_from(["mouse", "count", "minion", "minions", "card", "figure", "order", "rolls", "ambush",
                          "surge", "name", "poison", "condition", "slot", "paws", "mice", "chapter_end",
                          "seed", "boss_cards", "from", "to", "cheese", "move", "page", "life", "on",
                          "discard", "trick", "abilities", "special_surge", "tile", "classes", "ability"])
EVENT = st.builds(lambda kind, fields: {"event": kind, **fields}, st.sampled_from(EVENTS),
                  st.dictionaries(FIELDS, VALUES, max_size=5))


@settings(max_examples=120, deadline=None)
@given(st.lists(EVENT, max_size=6))
def test_hostile_events_only_raise_companion_errors(events: list[dict]) -> None:
    t = tracker()
    state = t.apply(t.initial(), start(minions={"rat_warriors": 2, "vurst": 1}))
    for ev in events:
        if ev["event"] in ("undo", "redo"):
            continue
        try:
            state = t.apply(state, ev)
        except CompanionError:
            pass
    assert state.board.hourglass >= 1


@settings(max_examples=120, deadline=None)
@given(st.dictionaries(FIELDS, VALUES, max_size=6), st.lists(EVENT, max_size=3))
def test_hostile_start_events_only_raise_companion_errors(fields: dict, events: list[dict]) -> None:
    t = tracker()
    state = t.initial()
    for ev in [{"event": "start", **fields}, start(mice=["collin", {"id": "x", "life": 2}]), *events]:
        if ev["event"] in ("undo", "redo"):
            continue
        try:
            state = t.apply(state, ev)
        except CompanionError:
            pass
    assert state.started


MICE = ["collin", "filch", "tilda", "maginos"]
KINDS = ["rat_warriors", "spider", "roach", "vurst", "brodie"]
VALID = st.one_of(
    st.builds(lambda n: {"event": "minion_cheese", "count": n}, st.integers(1, 4)),
    st.just({"event": "end_turn"}),
    st.builds(lambda m, n, p: {"event": "wound", "mouse": m, "count": n, "poison": p},
              st.sampled_from(MICE), st.integers(1, 2), st.booleans()),
    st.builds(lambda m: {"event": "capture", "mouse": m}, st.sampled_from(MICE)),
    st.builds(lambda m: {"event": "rescue", "mouse": m, "force": True}, st.sampled_from(MICE)),
    # rolls drawn from the seed, or typed in (refused unless exactly one per minion card on the track)
    st.builds(lambda k, n, a, r: {"event": "encounter", "card": "E", "minions": {k: n}, "ambush": a,
                                  "surge": {"roach": 1}, **({"rolls": r} if r else {})},
              st.sampled_from(KINDS), st.integers(1, 2), st.booleans(),
              st.lists(st.integers(1, 3), max_size=3)),
    st.builds(lambda k, f, n: {"event": "wound_minion", "minion": k, "figure": f, "count": n},
              st.sampled_from(KINDS), st.integers(0, 1), st.integers(1, 3)),
    st.builds(lambda k: {"event": "defeat_minion", "minion": k}, st.sampled_from(KINDS)),
    st.builds(lambda m, c: {"event": "condition", "mouse": m, "condition": c}, st.sampled_from(MICE),
              st.sampled_from(["charmed", "stunned", "webbed"])),
    st.builds(lambda r: {"event": "room", "name": "R", "special_surge": r},
              st.sampled_from([{}, {"spider": 1}, {"vurst": 1}])),
)


@settings(max_examples=50, deadline=None)
@given(st.lists(VALID, max_size=20))
def test_invariants_hold_through_any_game(events: list[dict]) -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}))
    for ev in events:
        try:
            t.do(ev)
        except CompanionError:
            continue
        s = t.state
        ids = [c.id for c in s.track]
        assert len(ids) == len(set(ids))
        assert set(MICE) <= set(ids)  # mice keep their cards, captured or not
        for g in s.minions:
            assert g.figures and any(cid in ids for cid in g.card_ids)
        for c in s.track:
            if c.kind != "mouse":
                assert any(c.id in g.card_ids for g in s.minions)
        assert -1 <= s.turn < len(ids) and 0 <= s.board.wheel < 6
        assert s.current is None or s.current.id == s.acting  # the card shown is the one acting
        assert s.next_card is not None and s.next_card.id in ids
        assert s.board.hourglass >= 1
        json.dumps(s.to_json())


#: The test die after a correction: every face moves a different number than before.
SHIFTED = tuple(replace(f, movement=f.movement % 3 + 1) for f in DIE)


def replayed(t: MysticsTracker, **data: Any) -> MysticsTracker:
    """``t``'s log folded again by a tracker with other card data (``die``, ``minions``)."""
    log = EventLog(None)
    log.events = list(t.log.events)
    return MysticsTracker(log, **{"die": DIE, "heroes": HEROES, "minions": MINIONS, **data})


@settings(max_examples=50, deadline=None)
@given(st.lists(VALID | st.sampled_from([{"event": "undo"}, {"event": "redo"}]), max_size=14))
def test_a_game_replays_exactly_after_the_die_data_is_corrected(events: list[dict]) -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}))
    for ev in events:
        try:
            t.act(ev)
        except CompanionError:
            continue
    again = replayed(t, die=SHIFTED)
    assert again.state == t.state and not again.problems


# -- surges typed in: names checked when typed, free text kept as text (Surges) ----------------------

def test_encounter_surge_names_are_checked_when_typed() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}))
    before = t.state
    with pytest.raises(UnknownCardError, match=r"'2_rat_warriors'.*Did you mean 'rat_warriors'"):
        t.do({"event": "encounter", "card": "E1", "minions": {}, "surge": {"2_rat_warriors": 1}})
    with pytest.raises(UnknownCardError, match="Did you mean 'spider'"):
        t.do({"event": "room", "name": "Hall", "special_surge": {"spidr": 2}})
    assert t.state == before


def test_a_surge_typed_by_name_places_its_minions_at_6_cheese() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}))
    t.do({"event": "encounter", "card": "E1", "minions": {}, "surge": {"Cave Centipede": 1}})
    assert t.state.board.encounter.surge == (("centipede", 1),)  # stored by id
    t.do({"event": "minion_cheese", "count": 6})
    b = t.state.board
    assert b.wheel == 0 and b.hourglass == 2 and len(b.surges) == 1 and b.encounter is None
    assert any(g.id == "centipede" for g in t.state.minions)


def test_a_surge_of_free_text_still_surges() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}))
    text = "Tinkerer's Treasure: look through the search deck"
    t.do({"event": "room", "name": "The Courtyard", "special_surge_text": text})
    t.do({"event": "minion_cheese", "count": 5})
    assert t.state.board.wheel == 5 and t.state.board.hourglass == 1
    t.do({"event": "minion_cheese", "count": 1})
    b = t.state.board
    assert b.wheel == 0 and b.hourglass == 2 and b.surges[-1].text == text
    assert text in t.state.alert and "Surges" in t.state.alert
    with pytest.raises(LogError, match="must be text"):
        t.do({"event": "room", "name": "Hall", "special_surge_text": {"spider": 1}})


def test_a_surge_minion_typed_with_its_stats_is_placed_with_them() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}))
    t.do({"event": "encounter", "card": "E1", "minions": {}, "surge": {"moth": {"count": 2, "life": 2}}})
    t.do({"event": "minion_cheese", "count": 6})
    moths = next(g for g in t.state.minions if g.id == "moth")
    assert len(moths.figures) == 2 and moths.life == 2


def test_a_surge_type_the_data_no_longer_knows_does_not_block_the_surge() -> None:
    """The encounter read the surge's types (recorded in its line): the chapter keeps them, so a type
    the card data lost since (a card file of the user's removed) is placed as the encounter read it."""
    class Shrinking(MysticsTracker):
        gone: ClassVar[set[str]] = set()

        def minion_roster(self) -> dict:
            return {k: v for k, v in super().minion_roster().items() if k not in self.gone}

    t = Shrinking(None, die=DIE, heroes=HEROES, minions=MINIONS)
    t.do(start(minions={"rat_warriors": 1}))
    t.do({"event": "encounter", "card": "E1", "minions": {}, "surge": {"centipede": 1, "spider": 1}})
    Shrinking.gone = {"centipede"}
    try:
        t.do({"event": "minion_cheese", "count": 6})
    finally:
        Shrinking.gone = set()
    assert t.state.board.hourglass == 2 and t.state.board.wheel == 0
    assert {g.id for g in t.state.minions} == {"rat_warriors", "spider", "centipede"}
    assert not any("by hand" in m for m in t.state.messages)


# -- a broken card file shows its own error, never "unknown card" ------------------------------------

def test_a_broken_user_card_file_shows_its_real_error(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    break_user_die()
    t = MysticsTracker(None)
    with pytest.raises(CompanionError, match="duplicate mystics card id 'die-sword'") as exc:
        t.do({"event": "start", "chapter_end": 6, "mice": ["collin"], "minions": {}, "seed": 1})
    assert "unknown" not in str(exc.value) and "/cards/0" in str(exc.value)
    with pytest.raises(CompanionError, match="duplicate"):
        _ = t.die
    # the command line leaves the broken file of yours out, saying its real error, and goes on with the rest
    assert main(["mystics", "new", str(tmp_path / "g.jsonl"), "--mice", "collin"]) == 0
    err = capsys.readouterr().err
    assert "action-die.json does not load and is left out" in err and "duplicate id 'die-sword'" in err
    assert "unknown Mice and Mystics card" not in err and (tmp_path / "g.jsonl").exists()


# -- the CLI: a random recorded seed, all-or-nothing do, reports, --json -----------------------------

def test_cli_new_draws_a_random_seed_and_records_it(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    seeds = []
    for name in ("a", "b"):
        path = tmp_path / f"{name}.jsonl"
        assert main(["mystics", "new", str(path), "--mice", "collin,filch", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        logged = json.loads(path.read_text().splitlines()[1])["seed"]  # (line 1 names the tracker)
        assert isinstance(logged, int) and out["seed"] == logged
        seeds.append(logged)
    assert seeds[0] != seeds[1]
    assert main(["mystics", "new", str(tmp_path / "c.jsonl"), "--mice", "collin", "--seed", "moon"]) == 0
    assert "Seed 'moon'" in capsys.readouterr().out
    assert json.loads((tmp_path / "c.jsonl").read_text().splitlines()[1])["seed"] == "moon"
    assert main(["mystics", "new", str(tmp_path / "d.jsonl"), "--mice", "collin", "--seed", "7"]) == 0
    assert json.loads((tmp_path / "d.jsonl").read_text().splitlines()[1])["seed"] == 7


def test_cli_new_help_explains_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mystics", "new", "--help"]) == 0
    assert "random" in capsys.readouterr().out


def test_cli_do_is_all_or_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_cli_log(tmp_path)
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 1}',
                 '{"event": "wound", "mouse": "filsh"}']) == 2
    err = capsys.readouterr().err
    assert "event 2 of 2 (wound)" in err and "Did you mean 'filch'" in err and "Nothing was written" in err
    assert path.read_bytes() == before
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 1}', "[1]"]) == 2
    err = capsys.readouterr().err
    assert "event 2: an event is a JSON object" in err and "Nothing was written" in err
    assert path.read_bytes() == before
    undo = '{"event": "undo"}'
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 1}', undo, undo,
                 undo]) == 2  # the third undo has nothing left to undo
    assert "event 4 of 4 (undo)" in capsys.readouterr().err
    assert path.read_bytes() == before
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 1}',
                 '{"event": "minion_cheese", "count": 2}', "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["wheel"] == 3 and out["added"] == 2 and out["warnings"] == []
    assert main(["mystics", "do", str(tmp_path / "missing.jsonl"), '{"event": "note"}']) == 2


def test_cli_do_reports_what_it_set_aside_and_could_not_use(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = new_cli_log(tmp_path)
    with open(path, "a") as fh:
        fh.write("{not json\n")
        fh.write('{"event": "minion_ch')
    capsys.readouterr()
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 1}', "--json"]) == 0
    captured = capsys.readouterr()
    assert "g.jsonl.damaged" in captured.err and "line 3: not valid JSON" in captured.err  # (tracker, start)
    out = json.loads(captured.out)
    assert len(out["warnings"]) == 2 and out["wheel"] == 1
    assert (tmp_path / "g.jsonl.damaged").read_text().startswith('{"event": "minion_ch')


@pytest.mark.parametrize(("argv", "needle"), [
    (["check", "--dice", "0"], "bad --dice 0"),
    (["chase", "--dice", "0"], "bad --dice 0"),
    (["attack", "--wheel", "6"], "0 to 5"),
    (["attack", "--wheel", "-2"], "0 to 5"),
    (["attack", "--life", "0"], "--life 0 is out of range"),
    (["move", "--movement", "die-sword=one"], "bad die-face movement 'die-sword=one'"),
    (["move", "--movement", "die-sword=1"], "die-sword-shield, die-sword-shield-star, die-bow, die-bow-star, "
                                            "die-cheese"),
    (["attack", "--battle", "200", "--defense", "200"], "from 0 to 50"),
])
def test_cli_odds_options_are_checked(argv: list[str], needle: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mystics", *argv]) == 2
    err = capsys.readouterr().err
    assert needle in err and "minion count" not in err and "internal error" not in err


def test_cli_odds_boundaries_that_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mystics", "check", "--dice", "1"]) == 0
    assert "on 1 die)" in capsys.readouterr().out
    assert main(["odds", "mystics", "check", "--dice", "3", "--json"]) == 0
    p3 = json.loads(capsys.readouterr().out)["p"]
    assert main(["odds", "mystics", "check", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["p"] < p3
    assert main(["odds", "mystics", "attack", "--wheel", "0", "--life", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["p_surge"] == 0 and 0 < out["p_defeat"] < 1
    faces = "die-sword=1,die-sword-shield=2,die-sword-shield-star=3,die-bow=1,die-bow-star=2,die-cheese=3"
    assert main(["odds", "mystics", "chase", "--dice", "1", "--movement", faces, "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["distribution"]) == {"1", "2", "3"}


# -- what a live action draws from the seed is logged (a later data correction changes no past turn) --

def test_seeded_ambush_rolls_are_logged_and_replayed_as_drawn(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    t = tracker(EventLog(path))
    t.do(start(minions={"rat_warriors": 1}))
    ev = {"event": "encounter", "card": "E3", "minions": {"spider": 1}, "ambush": True}
    t.do(ev)
    assert "rolls" not in ev  # the caller's event is left as it was
    rolls = json.loads(path.read_text().splitlines()[-1])["rolls"]
    assert len(rolls) == 2 and set(rolls) <= {1, 2, 3}
    assert f"Rat Warriors rolled {rolls[0]}, Spider rolled {rolls[1]}" in "".join(t.state.messages)
    again = MysticsTracker(EventLog(path), die=SHIFTED, heroes=HEROES, minions=MINIONS)
    assert again.state == t.state and not again.problems


def test_typed_rolls_are_logged_as_typed() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}))
    ev = {"event": "add_minions", "minions": {"spider": 1}, "ambush": True, "rolls": [3, 1]}
    t.do(ev)
    assert {k: v for k, v in t.history[-1].items() if k != "card_data"} == ev  # (+ the spider's card data)


def test_an_old_log_without_logged_rolls_still_draws_them_from_the_seed(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    events = [start(minions={"rat_warriors": 1}),
              {"event": "encounter", "card": "E3", "minions": {"spider": 1}, "ambush": True}]
    write(path, events)
    before = path.read_bytes()
    old = tracker(EventLog(path))
    live = tracker()
    for ev in events:
        live.do(ev)
    assert replace(old.state, today=()) == live.state and not old.problems
    assert "Ambush!" in "".join(old.state.messages)
    assert "rolls" in live.history[-1] and "rolls" not in old.history[-1]
    assert "the action die (rolls drawn from the seed)" in old.state.today and not live.state.today
    assert path.read_bytes() == before  # read as it is, never rewritten


def test_a_boss_ambush_in_a_surge_logs_its_roll() -> None:
    """Captain Vurst: a boss in the card data ("boss": true), here with 3 cards (Boss initiative cards)."""
    t = tracker()
    t.do(start(minions={"roach": 1}, order=["collin", "filch", "tilda", "maginos", "roach"]))
    t.do({"event": "room", "name": "Hall", "special_surge": {"vurst": 1}})
    t.do({"event": "minion_cheese", "count": 6})
    assert len(t.history[-1]["boss_cards"]["vurst"]) == 2
    (roll,) = t.history[-1]["rolls"]
    assert f"rolled {roll}" in "".join(t.state.messages)
    assert replayed(t, die=SHIFTED).state == t.state


def test_boss_cards_drawn_from_the_seed_are_logged_and_replayed_as_drawn() -> None:
    t = tracker()
    t.do(start(minions={"vurst": 1}))
    chosen = [c.id for c in t.state.track if c.kind == "boss"]
    assert sorted(t.history[0]["boss_cards"]["vurst"]) == sorted(chosen)
    # the boss's cards corrected in the data: listed in another order, one more card
    vurst = MINIONS["vurst"]
    fourth = replace(vurst.cards[0], id="vurst:4", name="Vurst IV")
    more = replace(vurst, cards=(*reversed(vurst.cards), fourth))
    again = replayed(t, minions={**MINIONS, "vurst": more})
    assert again.state == t.state and not again.problems
    typed = tracker()
    typed.do(start(minions={"vurst": 1}, boss_cards={"vurst": ["vurst:3", "vurst:1"]}))
    assert typed.history[0]["boss_cards"] == {"vurst": ["vurst:3", "vurst:1"]}


def test_cli_replay_is_exact_after_the_die_faces_are_corrected(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from companion.mystics.data import action_die

    faces = [f.id for f in action_die()]

    def correct(movement: int) -> None:
        for face in faces:
            assert main(["cards", "correct", "mystics", face, f"movement={movement}"]) == 0

    def replay() -> dict:
        capsys.readouterr()
        assert main(["mystics", "replay", str(log), "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        return {"track": [c["id"] for c in out["initiative"]], "messages": out["messages"]}

    log = tmp_path / "amb.jsonl"
    correct(1)
    assert main(["mystics", "new", str(log), "--mice", "collin,tilda,filch", "--minions", "rat_warriors=2",
                 "--chapter-end", "8", "--seed", "4"]) == 0
    assert main(["mystics", "do", str(log), json.dumps(
        {"event": "encounter", "card": "E1", "minions": {"roaches": 2, "spiders": 1}, "ambush": True})]) == 0
    played = replay()
    assert any("Rat Warriors rolled 1" in m for m in played["messages"])
    correct(3)
    assert replay() == played


# -- Brodie is no boss (mice-and-mystics.txt, Brodie; Boss initiative cards) ----------------------

def test_the_card_data_makes_brodie_no_boss_and_captain_vurst_a_boss() -> None:
    from companion.mystics.data import minions
    from companion.mystics.party import MinionInfo

    info = {m.id: MinionInfo.from_record(m) for m in minions()}
    assert not info["brodie"].boss and len(info["brodie"].cards) == 2
    assert info["captain-vurst"].boss
    assert not any(i.boss for k, i in info.items() if k != "captain-vurst")


def test_cli_brodie_joins_a_chapter_without_a_boss_ambush(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The audit's steps with the bundled data, whose die has no movement numbers: Brodie's two cards
    are placed on the next available slots, and no ambush roll is asked for."""
    log = tmp_path / "b.jsonl"
    assert main(["mystics", "new", str(log), "--mice", "collin,filch,tilda", "--minions", "rat-warriors=2",
                 "--seed", "1"]) == 0
    capsys.readouterr()
    assert main(["mystics", "do", str(log), '{"event":"add_minions","minions":{"brodie":1}}', "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    track = [c["id"] for c in out["initiative"]]
    assert sorted(track[-2:]) == ["brodie:brodie-chases", "brodie:brodie-pounces"]
    assert [c["kind"] for c in out["initiative"][-2:]] == ["minion", "minion"]
    assert all(c["figures"] == 1 for c in out["initiative"][-2:])
    assert not any("ambushes:" in m or "Ambush!" in m for m in out["messages"])
    assert any(m.startswith("Brodie is no boss") for m in out["messages"])
    assert main(["mystics", "replay", str(log)]) == 0
    text = capsys.readouterr().out
    assert "Brodie Pounces ×1" in text and "Brodie Chases ×1" in text


def test_cli_do_takes_bare_undo_and_redo_as_village_do_does(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = new_cli_log(tmp_path)
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 1}']) == 0
    capsys.readouterr()
    assert main(["mystics", "do", str(path), "undo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wheel"] == 0
    assert MysticsTracker(path).state.board.wheel == 0
    assert main(["mystics", "do", str(path), "REDO"]) == 0
    assert MysticsTracker(path).state.board.wheel == 1


def test_cli_do_explains_an_event_without_json_or_without_its_kind(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_cli_log(tmp_path)
    before = path.read_bytes()
    capsys.readouterr()
    assert main(["mystics", "do", str(path), "note"]) == 2
    assert """Write it as JSON: '{"event": "note"}'""" in capsys.readouterr().err
    assert main(["mystics", "do", str(path), "{}"]) == 2
    assert "the event has no 'event' field" in capsys.readouterr().err
    assert main(["mystics", "do", str(path), '{"event": "minion_chese"}']) == 2
    err = capsys.readouterr().err
    assert "Did you mean 'minion_cheese'? Nothing was written" in err and "?." not in err
    assert path.read_bytes() == before


def test_cli_do_refuses_a_misspelt_field_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a typo's value would be left out and the default used: 'cuont' 5 had added 1 cheese
    path = new_cli_log(tmp_path)
    before = path.read_text()
    capsys.readouterr()
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 1}',
                 '{"event": "minion_cheese", "cuont": 5}']) == 2
    err = capsys.readouterr().err
    assert "event 2 of 2 (minion_cheese): 'cuont' is not a field it takes. Did you mean 'count'?" in err
    assert "Nothing was written" in err and path.read_text() == before
    assert main(["mystics", "do", str(path), '{"event": "end_turn", "extra": "x"}']) == 0  # far from any:
    assert "warning: event 1 of 1 (end_turn): 'extra' is not a field it takes, so it was ignored" in \
        capsys.readouterr().err  # done, and said


def test_a_line_lost_earlier_never_re_deals_the_initiative_order(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    t = tracker(EventLog(path))
    t.do(start(minions={}))
    t.do({"event": "note", "text": "the line that will be lost"})
    t.do({"event": "add_minions", "minions": {"roach": 1, "spider": 1}})
    dealt = order(t)
    assert "order" in t.history[-1]  # the order the seed dealt, logged with the event
    lines = path.read_text(encoding="utf-8").splitlines()
    kept = [line for line in lines if "the line that will be lost" not in line]
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    assert order(tracker(EventLog(path))) == dealt  # (the shuffle had depended on the events before it)
