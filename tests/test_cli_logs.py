"""A missing tracker log: every command says so the same way, through one helper (cli.existing_log),
each with its own hint, and creates nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import existing_log, main
from companion.errors import CompanionError, LogError
from companion.logstarts import start_hint

ROOT = Path(__file__).resolve().parents[1]

#: How each tracker's missing log ends: how to start one, the command and the notebook page.
START = {
    "village": " Start one with: companion village do {log} '{{\"event\": \"start\", \"players\": [\"Ann\", "
               "\"Bob\"]}}' (or New game on the Village TCG notebook page).",
    "tmnt": " Start one with: companion tmnt do {log} '{{\"event\": \"start\", \"players\": [\"Ann\", "
            "\"Bob\"]}}' (or New game on the TMNT TCG notebook page).",
    "mousecard": " Start one with: companion mousecard new {log} (or the Mouse Card notebook page, which "
                 "starts one on a new log).",
    "mystics": " Start one with: companion mystics new {log} --mice collin,filch (or Start chapter on the "
               "Mice and Mystics notebook page).",
}


@pytest.mark.parametrize(("argv", "game"), [
    (["village", "replay", "{log}"], "village"),
    (["tmnt", "replay", "{log}"], "tmnt"),
    (["mousecard", "replay", "{log}"], "mousecard"),
    (["mousecard", "undo", "{log}"], "mousecard"),
    (["odds", "mousecard", "--skill", "3", "--target", "2", "--deck-log", "{log}"], "mousecard"),
    (["mystics", "replay", "{log}"], "mystics"),
    (["mystics", "do", "{log}", "undo"], "mystics"),
])
def test_a_missing_log_is_one_clear_message_and_nothing_is_created(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], game: str) -> None:
    """Every tracker's missing log says how to start one: the command (for that very log) and the page."""
    log = tmp_path / "missing.jsonl"
    assert main([a.replace("{log}", str(log)) for a in argv]) == 2
    after = START[game].format(log=log)
    assert capsys.readouterr().err == f"companion: {log}: no such log file.{after}\n"
    assert list(tmp_path.iterdir()) == []


#: How each tracker's empty log is said (the Mouse Card live deck's words are its tracker's: no_session).
EMPTY = {
    "village": "No game under way in this log: it is empty (no Village TCG game was started in it, nothing "
               "was undone).",
    "tmnt": "No game under way in this log: it is empty (no TMNT TCG game was started in it, nothing was "
            "undone).",
    "mousecard": "No session under way in this log: it is empty (no Mouse Card session was started in it, "
                 "nothing was undone). Start one with: companion mousecard new {log} (or the Mouse Card "
                 "notebook page, which starts one on a new log).",
    "mystics": "No chapter under way in this log: it is empty (no Mice and Mystics chapter was started in "
               "it, nothing was undone).",
}


@pytest.mark.parametrize("game", list(EMPTY))
@pytest.mark.parametrize("header", [False, True], ids=["blank", "header-only"])
def test_an_empty_log_is_said_in_one_sentence_shape_with_how_to_start(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, header: bool) -> None:
    log = tmp_path / "empty.jsonl"
    log.write_text(f'{{"event": "log", "tracker": "{game}"}}\n' if header else "")
    assert main([game, "replay", str(log)]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    said = EMPTY[game].format(log=log)
    assert first == said if game == "mousecard" else first == said + START[game].format(log=log)
    assert " in force" not in out and "No game started" not in out


@pytest.mark.parametrize(("game", "start"), [
    ("village", '{"event": "start", "seed": 1}'),
    ("tmnt", '{"event": "start", "first": 0}'),
    ("mystics", None),
])
def test_a_log_whose_start_was_undone_says_how_to_bring_it_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, start: str | None) -> None:
    log = tmp_path / "g.jsonl"
    begin = ([game, "new", str(log), "--mice", "collin", "--seed", "1"] if start is None
             else [game, "do", str(log), start])
    assert main(begin) == 0
    assert main([game, "do", str(log), "undo"]) == 0
    capsys.readouterr()
    assert main([game, "replay", str(log)]) == 0
    thing = "chapter" if game == "mystics" else "game"
    hint = start_hint(game, log)
    if game == "mystics":  # (mystics new takes no log that holds lines: a start is logged with do)
        start_event = '{"event": "start", "mice": ["collin", "filch"], "chapter_end": 6}'
        hint = (f"Start one with: companion mystics do {log} '{start_event}' (or Start chapter on the Mice "
                "and Mystics notebook page); on a new log: companion mystics new NEWLOG --mice collin,filch.")
    assert capsys.readouterr().out.splitlines()[0] == (
        f"No {thing} under way in this log: its start was undone. Redo the undone start to go on with the "
        f"{thing} ('companion {game} do {log} redo', or the notebook page's Redo), or start a new {thing}. "
        f"{hint}")  # (the Mouse Card's words: one Tracker.no_start)


#: A command that leaves each tracker's log with a game under way, then the commands whose --json is checked.
TRACKER_COMMANDS = {
    "village": (["village", "do", "{log}", '{"event": "start", "seed": 1}'],
                [["village", "replay", "{log}"], ["village", "do", "{log}", '{"event": "draw"}']]),
    "tmnt": (["tmnt", "do", "{log}", '{"event": "start", "first": 0}'],
             [["tmnt", "replay", "{log}"], ["tmnt", "do", "{log}", '{"event": "next"}']]),
    "mousecard": (["mousecard", "new", "{log}", "--seed", "1"],
                  [["mousecard", "replay", "{log}"],
                   ["mousecard", "draw", "{log}", "--character", "Pip", "--skill", "2", "--target", "8"],
                   ["mousecard", "undo", "{log}"]]),
    "mystics": (["mystics", "new", "{log}", "--mice", "collin,filch", "--seed", "1"],
                [["mystics", "replay", "{log}"], ["mystics", "do", "{log}", '{"event": "end_turn"}']]),
}


#: The keys every tracker command's --json has (cli.tracker_json).
COMMON_KEYS = ("game", "log", "actions", "can_undo", "can_redo", "problems", "warnings")


@pytest.mark.parametrize("game", list(TRACKER_COMMANDS))
def test_every_tracker_command_json_has_the_common_keys(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> None:
    """replay, do (the Mouse Card actions) and new: one shape for game, log, actions in force, undo/redo,
    problems and warnings, whatever else each game adds."""
    import json

    log = str(tmp_path / "g.jsonl")
    first, then = TRACKER_COMMANDS[game]
    outputs = []
    for argv in [first, *then]:
        assert main([*(log if a == "{log}" else a for a in argv), "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    for out in outputs:
        common = {k: out[k] for k in COMMON_KEYS}
        assert common["game"] == game and common["log"] == log
        assert isinstance(common["actions"], int) and common["actions"] >= 1
        assert common["can_undo"] is True and isinstance(common["can_redo"], bool)
        assert common["problems"] == [] and isinstance(common["warnings"], list)
    assert [o["actions"] for o in outputs] == ([1, 1, 2, 1] if game == "mousecard" else [1, 1, 2])
    assert outputs[-1]["can_redo"] is (game == "mousecard")  # (its last command is an undo)


def test_the_common_keys_count_actions_and_problems_of_a_log_with_a_bad_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    log = tmp_path / "g.jsonl"
    log.write_text('{"event": "log", "tracker": "village"}\n{"event": "draw"}\n')
    assert main(["village", "replay", "--json", str(log)]) == 1
    out = json.loads(capsys.readouterr().out)
    assert (out["actions"], out["events"], out["can_undo"]) == (0, 0, False)
    assert len(out["problems"]) == 1 and "line 2" in out["problems"][0]
    assert main(["village", "replay", str(log)]) == 1
    assert capsys.readouterr().out.startswith(
        "No game under way in this log: it has no start line (the log lost its first action?). Nothing was "
        "undone, so a redo will not bring it back: put the start line back from a copy of the log, or start "
        "a new game. Start one with: companion village do ")


def test_the_helper_names_the_path_as_given_with_the_commands_own_error_and_hint(tmp_path: Path) -> None:
    there = tmp_path / "game.jsonl"
    there.write_text("")
    assert existing_log(str(there)) == there
    with pytest.raises(LogError) as info:
        existing_log("./nowhere.jsonl", error=LogError, expected="a log", suggestion="Start one.")
    assert (info.value.where, info.value.expected, info.value.suggestion) == ("./nowhere.jsonl", "a log",
                                                                              "Start one.")
    with pytest.raises(CompanionError, match="no such log file"):
        existing_log(tmp_path / "nowhere.jsonl")


def test_no_command_module_says_no_such_log_on_its_own() -> None:
    """The message lives in the shared helper only (each tracker command had its own copy)."""
    own = [p.name for p in sorted((ROOT / "companion" / "cli").glob("*.py"))
           if p.name != "__init__.py" and "no such log file" in p.read_text(encoding="utf-8")]
    assert own == []


@pytest.mark.parametrize("argv", [
    ["mousecard", "new", "{log}", "--seed", "1"],
    ["mystics", "new", "{log}", "--mice", "collin,filch", "--seed", "1"],
    ["tmnt", "do", "{log}", '{"event": "start", "first": 0}'],
    ["village", "do", "{log}", '{"event": "start", "seed": 1}'],
])
def test_a_new_log_in_a_folder_that_does_not_exist_is_refused_and_no_folder_is_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    log = tmp_path / "mistyped" / "game.jsonl"
    assert main([a.replace("{log}", str(log)) for a in argv]) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and "mkdir -p" in err and not log.parent.exists()
    good = tmp_path / "game.jsonl"  # in a folder that exists: begun as ever
    assert main([a.replace("{log}", str(good)) for a in argv]) == 0 and good.exists()


# Village's and TMNT's ``do`` check a batch in one order (cli.batch.check_before_log, write_all).
DO_GAMES = [
    (["village", "do"], '{"event": "start", "seed": 1}', '{"event": "mp", "player": 1}', "'delta'",
     '{"event": "drwa"}', "unknown Village TCG event 'drwa'"),
    (["tmnt", "do"], '{"event": "start", "first": 0}', '{"event": "correct", "deck": 3}', "'player'",
     '{"event": "flp"}', "unknown TMNT event 'flp'"),
]


@pytest.mark.parametrize(("argv", "start", "lacking", "field", "typo", "unknown"), DO_GAMES)
def test_a_new_log_names_a_field_left_out_before_a_missing_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], start: str, lacking: str,
        field: str, typo: str, unknown: str) -> None:
    log = tmp_path / "mistyped" / "game.jsonl"
    assert main([*argv, str(log), start, lacking]) == 2
    err = capsys.readouterr().err
    assert f"needs a {field} field" in err and "mkdir" not in err and not log.parent.exists()
    assert main([*argv, str(log), start, lacking, typo]) == 2  # an unknown kind before either
    assert unknown in capsys.readouterr().err and not log.parent.exists()


@pytest.mark.parametrize(("argv", "start", "lacking", "field", "typo", "unknown"), DO_GAMES)
def test_an_unknown_event_kind_is_named_before_an_earlier_event_the_rules_refuse(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], start: str, lacking: str,
        field: str, typo: str, unknown: str) -> None:
    log = tmp_path / "game.jsonl"
    assert main([*argv, str(log), start]) == 0
    before = log.read_bytes()
    capsys.readouterr()
    assert main([*argv, str(log), start, typo]) == 2  # a second start is refused too, but said later
    err = capsys.readouterr().err
    assert unknown in err and "event 2 of 2" in err and "already" not in err and log.read_bytes() == before
    assert main([*argv, str(log), start]) == 2  # (without the typo, the start is what is refused)
    assert "already" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "start", "seeded"), [
    (["village", "do"], '{"event": "start"}', True),
    (["tmnt", "do"], '{"event": "start"}', True),
    (["tmnt", "do"], '{"event": "start", "first": 1}', False),  # the first player named: no coin toss
    (["mystics", "do"], '{"event": "start", "mice": ["collin", "filch"], "chapter_end": 6}', True),
])
def test_a_do_start_without_a_seed_records_a_fresh_one(tmp_path: Path, argv: list[str], start: str,
                                                         seeded: bool) -> None:
    """One helper (cli.batch.seeded) for the three ``do`` commands: a replay deals as the table saw."""
    import json

    seeds = []
    for name in ("a.jsonl", "b.jsonl"):
        log = tmp_path / name
        if argv[0] == "mystics":  # mystics do starts a chapter in a log that exists (begun by the page)
            log.write_text('{"event": "log", "tracker": "mystics"}\n')
        assert main([*argv, str(log), start]) == 0
        last = json.loads(log.read_text().splitlines()[-1])
        assert last["event"] == "start"
        seeds.append(last.get("seed"))
    if seeded:
        assert all(isinstance(s, int) and 0 <= s < 2**31 for s in seeds)
    else:
        assert seeds == [None, None]
