"""A missing tracker log: every command says so the same way, through one helper (cli.existing_log),
each with its own hint, and creates nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import existing_log, main
from companion.errors import CompanionError, LogError

ROOT = Path(__file__).resolve().parents[1]

MYSTICS_HINT = "Start one with 'companion mystics new LOG --mice collin,filch'"
MOUSECARD_HINT = ". Start one with 'companion mousecard new LOG --seed N'."


@pytest.mark.parametrize(("argv", "after"), [
    (["village", "replay", "{log}"], ""),
    (["tmnt", "replay", "{log}"], " (expected a TMNT tracker log (JSONL))"),
    (["mousecard", "replay", "{log}"], MOUSECARD_HINT),
    (["mousecard", "undo", "{log}"], MOUSECARD_HINT),
    (["odds", "mousecard", "--skill", "3", "--target", "2", "--deck-log", "{log}"], MOUSECARD_HINT),
    (["mystics", "replay", "{log}"], f". {MYSTICS_HINT} (or from the Mice and Mystics notebook)."),
    (["mystics", "do", "{log}", "undo"], f". {MYSTICS_HINT}."),
])
def test_a_missing_log_is_one_clear_message_and_nothing_is_created(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], after: str) -> None:
    log = tmp_path / "missing.jsonl"
    assert main([a.replace("{log}", str(log)) for a in argv]) == 2
    assert capsys.readouterr().err == f"companion: {log}: no such log file{after}\n"
    assert list(tmp_path.iterdir()) == []


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
