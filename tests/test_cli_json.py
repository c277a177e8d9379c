"""``--json`` means JSON on stdout, for errors too: a script never has to parse a message."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from companion.cli import main


@pytest.mark.parametrize(("argv", "game"), [
    (["odds", "mousecard", "--skill", "3", "--target", "Z"], "mousecard"),
    (["mousecard", "replay", "{missing}"], "mousecard"),
    (["tmnt", "replay", "{missing}"], "tmnt"),
    (["tmnt", "do", "{missing}", "undo"], "tmnt"),
    (["mystics", "replay", "{missing}"], "mystics"),
    (["tmnt", "attack", "--character", "fire"], "tmnt"),
    (["score", "monarchs", "{missing}"], "monarchs"),
    (["deck", "check", "village", "{missing}"], "village"),
    (["village", "battle", "--attack", "A:3>B:2>C:1"], "village"),
    (["cards", "list", "village", "--cards", "{missing}"], "village"),
    (["print", "cards", "village", "--deck", "{missing}", "--out", "{tmp}/x.pdf"], "village"),
])
def test_an_error_with_json_is_json(argv: list[str], game: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    args = [a.format(missing=tmp_path / "nothere.txt", tmp=tmp_path) for a in argv]
    assert main([*args, "--json"]) == 2
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["game"] == game and doc["error"] and err == ""


def test_usage_errors_name_the_command_suggest_the_option_and_are_json_with_json(
        capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    assert main(["deck", "check", "village", "x.txt", "--formt", "casual-50"]) == 2
    err = capsys.readouterr().err
    assert "usage: companion deck check" in err and "Did you mean '--format'?" in err
    assert main(["odds", "mousecard", "--skill", "x", "--target", "J", "--json"]) == 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["game"] == "mousecard" and "expected a whole number, found 'x'" in doc["error"]
    assert doc["usage"].startswith("usage: companion odds mousecard")
    assert main(["odds", "mousecard", "--skill", "3", "--target", "J", "--mode", "brok"]) == 2
    assert "Did you mean 'broke'?" in capsys.readouterr().err
    assert main(["dekc"]) == 2 and "Did you mean 'deck'?" in capsys.readouterr().err


def test_usage_hints_only_for_the_unknown_option_and_for_unquoted_choices(
        capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from companion.cli import UsageError, _usage_error, build_parser

    assert main(["deck", "check", "village", "x.txt", "--format=casual-50", "--bogus"]) == 2
    assert "Did you mean" not in capsys.readouterr().err  # nothing close to --bogus; --format was right
    parser = build_parser()
    message = "argument COMMAND: invalid choice: 'dekc' (choose from odds, print, deck)"  # Python 3.12.8+
    assert _usage_error(parser, ["dekc"], UsageError(parser, message)) == 2
    assert "Did you mean 'deck'?" in capsys.readouterr().err
    assert main(["odds", "mousecard", "--skill", "x", "--target", "J", "--js"]) == 2
    assert json.loads(capsys.readouterr().out)["game"] == "mousecard"  # --js is --json to argparse
    assert isinstance(parser, argparse.ArgumentParser)


@pytest.mark.parametrize("json_out", [False, True])
def test_a_path_the_system_refuses_anywhere_is_the_users_error_not_a_bug(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], json_out: bool) -> None:
    # a name too long for the file system, met by a check outside any file-reading helper
    # (here the log's existence): one plain message, exit 2, never "internal error"
    log = tmp_path / ("x" * 300 + ".jsonl")
    code = main(["mousecard", "new", str(log), *(["--json"] if json_out else [])])
    out, err = capsys.readouterr()
    text = json.loads(out)["error"] if json_out else err
    assert code == 2 and "internal error" not in text
    assert "cannot be used (file name too long)" in text and "Use a shorter name" in text
    assert str(log) in text


@pytest.mark.parametrize(("typed", "skill", "blocks"), [
    ("1.5", ": did you mean 1 or 2?", ": did you mean 1 or 2?"),
    ("3.0", ": did you mean 3?", ": did you mean 3?"),
    ("-0.5", " (it takes 1 to 20)", ": did you mean 0?"),  # (only a number the option takes is offered)
    ("1e1", ": did you mean 10?", " (10 is out of range: it takes 0 to 4)"),
    ("three", " (it takes 1 to 20)", " (it takes 0 to 4)"),
    ("nan", " (it takes 1 to 20)", " (it takes 0 to 4)"),
    ("1e30", " (it takes 1 to 20)", " (it takes 0 to 4)"),
])
def test_a_number_option_refuses_what_is_not_whole_in_plain_words(
        typed: str, skill: str, blocks: str, capsys: pytest.CaptureFixture[str]) -> None:
    said = f"expected a whole number, found {typed!r}"
    assert main(["odds", "mousecard", "--skill", typed, "--target", "J"]) == 2
    err = capsys.readouterr().err
    assert f"argument --skill: {said}{skill}\n" in err and "invalid int" not in err
    assert main(["tmnt", "attack", "--blocks", typed]) == 2  # every whole-number option of every command
    assert f"argument --blocks: {said}{blocks}\n" in capsys.readouterr().err


def test_a_number_option_without_a_range_still_suggests_either_side() -> None:
    from companion.cli import whole_in

    with pytest.raises(argparse.ArgumentTypeError, match=r"found '-0.5': did you mean -1 or 0\?$"):
        whole_in()("-0.5")
    with pytest.raises(argparse.ArgumentTypeError, match=r"found 'x'$"):
        whole_in()("x")
    with pytest.raises(argparse.ArgumentTypeError, match=r"\(it takes 2 or more\)$"):
        whole_in(2)("0.5")
    assert whole_in(0, 4)("7") == 7  # (a whole number out of range is the command's to refuse)


def test_mystics_replay_text_shows_each_mouses_equipment_pack_and_the_party_items(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "m.jsonl")
    assert main(["mystics", "new", log, "--mice", "collin,filch,nez", "--seed", "3"]) == 0
    assert main(["mystics", "do", log, '{"event": "gain", "mouse": "nez", "card": "Rope"}',
                 '{"event": "gain", "mouse": "nez", "card": "Grape"}',
                 '{"event": "equip", "mouse": "filch", "card": "Dagger", "slot": "paw"}']) == 0
    capsys.readouterr()
    assert main(["mystics", "replay", log]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = {line.split(":")[0].strip(): i for i, line in enumerate(lines) if line.startswith("  ")}
    # starting equipment is recorded by id, shown by its name (as the page shows it)
    assert lines[at["Collin"] + 1] == "    equipped: Collin's Sword (paw), Leather Breastplate (armor)"
    assert lines[at["Filch"] + 1] == "    equipped: Dagger (paw)"
    assert lines[at["Nez"] + 1] == "    pack: Rope"  # a party item is in no pack: said once, below the party
    assert "pack 1/3" in lines[at["Nez"]]
    assert any(line.startswith("Party items, by the story control board, shared (mice-and-mystics.txt, "
                               "Party Items): Grape (drawn by Nez)") for line in lines)
