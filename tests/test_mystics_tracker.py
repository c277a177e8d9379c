"""The dashboard's event log: replay, undo/redo, crash recovery, problems with line numbers, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import LogError, RuleError
from companion.mystics.tracker import EVENTS, MysticsTracker
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, order, start, tracker

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
    assert len(path.read_text().splitlines()) == 1


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


def test_cli_new_and_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin,filch", "--seed", "2"]) == 0
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 3}',
                 '{"event": "undo"}', '{"event": "redo"}']) == 0
    assert main(["mystics", "do", str(path), "{bad"]) == 2
    assert main(["mystics", "new", str(path), "--mice", "collin"]) == 2
    capsys.readouterr()
    assert main(["mystics", "replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["wheel"] == 3


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
    st.builds(lambda k, n, a, r: {"event": "encounter", "card": "E", "minions": {k: n}, "ambush": a,
                                  "rolls": r, "surge": {"roach": 1}},
              st.sampled_from(KINDS), st.integers(1, 2), st.booleans(),
              st.lists(st.integers(1, 3), min_size=8, max_size=8)),
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
        assert s.board.hourglass >= 1
        json.dumps(s.to_json())
