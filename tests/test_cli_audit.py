"""The command line as a scripting tool: standard output that cannot be written, the user data
folder, where problems are said, usage errors and exit codes, one JSON convention for
probabilities, limits in help texts and errors, seeds and a print warning's precision."""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from companion.cli import main
from tests.helpers import run_cli as run

ROOT = Path(__file__).resolve().parent.parent
COMPANION = [sys.executable, "-m", "companion"]




class FullDisk(io.StringIO):
    """A standard output on a full disk (``> /dev/full``): every write is refused."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def _village_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    log = tmp_path / "village.jsonl"
    assert main(["village", "do", str(log), '{"event": "start", "players": ["Ann", "Bob"], "seed": 1}']) == 0
    capsys.readouterr()
    return log


# -- 1. standard output that cannot be written ----------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["validate", "--json"],
    ["odds", "mousecard", "--skill", "3", "--target", "J", "--json"],
    ["cards", "list", "village", "--json"],
    ["village", "replay", "{log}", "--json"],
    ["tmnt", "events", "--json"],
    ["cards", "list", "village"],  # (text mode said it already: kept)
])
def test_a_full_standard_output_is_said_on_standard_error_in_json_mode_too(
        argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    log = _village_log(tmp_path, capsys)
    monkeypatch.setattr(sys, "stdout", FullDisk())
    code = main([a.format(log=log) for a in argv])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.startswith("companion: cannot write to standard output (no space left on device)"), err
    assert "Traceback" not in err and "internal error" not in err


@pytest.mark.parametrize("argv", [["cards", "list", "village", "--json"], ["cards", "list", "village"],
                                  ["odds", "mousecard", "--skill", "3", "--target", "J"]])
def test_a_closed_standard_output_is_a_clean_error(argv: list[str], capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)  # what Python makes of `>&-`
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and "standard output is closed" in err and "internal error" not in err


@pytest.mark.skipif(not os.path.exists("/dev/full") or shutil.which("sh") is None, reason="Linux devices")
def test_full_and_closed_standard_output_in_a_real_process(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # (buffered, as users run it)
    env["COMPANION_USER_DATA"] = str(tmp_path)
    for argv in (["validate", "--json"], ["odds", "mousecard", "--skill", "3", "--target", "J"]):
        with open("/dev/full", "w") as full:
            done = subprocess.run([*COMPANION, *argv], stdout=full, stderr=subprocess.PIPE, text=True,
                                  cwd=ROOT, env=env)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith("companion: cannot write to standard output"), done.stderr
        assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    closed = ["sh", "-c", 'exec "$@" >&-', "sh", *COMPANION, "cards", "list", "village", "--json"]
    done = subprocess.run(closed, capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.returncode == 2 and "standard output is closed" in done.stderr, done.stderr


# -- 2. an empty COMPANION_USER_DATA ------------------------------------------------------------------

@pytest.mark.parametrize("value", ["", "  ", "\t"])
def test_an_empty_user_data_variable_is_unset(value: str, monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    from companion.cards import user_data_dir

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("COMPANION_USER_DATA", value)
    assert user_data_dir() == Path.home() / ".companion" != Path(".")
    monkeypatch.setenv("COMPANION_USER_DATA", str(tmp_path / "mine"))
    assert user_data_dir() == tmp_path / "mine"


def test_the_user_data_variable_is_read_in_one_place() -> None:
    """The variable's name as a value of its own (``"COMPANION_USER_DATA"``: what any read of it, by
    ``os.environ``, ``os.getenv`` or a name kept for later, must give) is only in ``user_data_dir``;
    help texts and messages that mention it inside a sentence read nothing."""
    import ast

    places = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)]
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value == "COMPANION_USER_DATA":
                inside = [f.name for f in functions
                          if f.lineno <= node.lineno <= (f.end_lineno or f.lineno)]
                places.append((path.relative_to(ROOT).as_posix(), inside[-1] if inside else None))
    assert places == [("companion/cards.py", "user_data_dir")]


# -- 3. problems of a replayed log -----------------------------------------------------------------

def _with_bad_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> Path:
    log = tmp_path / f"{game}.jsonl"
    begin = '{"event": "start", "players": ["Ann", "Bob"], "seed": 1}'
    start = {"village": ["village", "do", str(log), begin], "tmnt": ["tmnt", "do", str(log), begin],
             "mystics": ["mystics", "new", str(log), "--mice", "collin,filch", "--seed", "1"],
             "mousecard": ["mousecard", "new", str(log), "--seed", "1"]}[game]
    assert main(start) == 0
    capsys.readouterr()
    with log.open("a", encoding="utf-8") as f:
        f.write("this is not JSON\n")
    return log


@pytest.mark.parametrize("game", ["village", "tmnt", "mystics", "mousecard"])
def test_every_replay_says_its_problems_on_standard_error_alike(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _with_bad_line(tmp_path, capsys, game)
    code, out, err = run(capsys, game, "replay", str(log))
    assert code == 1
    assert "log problem: " in err and "line 3" in err and "problem" not in out
    code, out, err = run(capsys, game, "replay", str(log), "--json")
    assert code == 1 and len(json.loads(out)["problems"]) == 1 and "log problem" not in err


@pytest.mark.parametrize(("game", "action"), [
    ("village", ["village", "do", "{log}", '{"event": "mp", "player": 0, "delta": -5}']),
    ("tmnt", ["tmnt", "do", "{log}", '{"event": "next"}']),
    ("mystics", ["mystics", "do", "{log}", '{"event": "mouse_cheese", "mouse": "collin", "count": 2}']),
    ("mousecard", ["mousecard", "award", "{log}", "Pip", "--chips", "2"]),
])
def test_a_line_copied_into_a_log_counts_once_in_every_tracker(
        game: str, action: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A sync conflict or a hand edit that repeats a line: the copy is set aside and said, never applied
    twice (an award, a wound or an undo counted twice would change the table unseen)."""
    log = _with_bad_line(tmp_path, capsys, game)
    lines = log.read_text().splitlines()
    log.write_text("".join(x + "\n" for x in lines[:-1]))  # (without the bad line)
    assert main([a.replace("{log}", str(log)) for a in action]) == 0
    capsys.readouterr()
    code, once, _ = run(capsys, game, "replay", str(log), "--json")
    assert code == 0
    last = log.read_text().splitlines()[-1]
    with log.open("a", encoding="utf-8") as f:
        f.write(last + "\n")
    code, out, _ = run(capsys, game, "replay", str(log), "--json")
    doc, before = json.loads(out), json.loads(once)
    assert code == 1 and len(doc["problems"]) == 1 and "a copy of line 3" in json.dumps(doc["problems"])
    doc.pop("problems"), before.pop("problems", None)
    assert doc == before  # the table as it was with the action once


# -- 4. an option of the command typed before it ----------------------------------------------------

def test_an_option_before_its_command_is_said_to_go_after_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--json", "validate")
    doc = json.loads(out)
    assert code == 2 and "--json goes after the command: companion validate --json" in doc["error"]
    assert "Did you mean" not in doc["error"]
    code, _, err = run(capsys, "--no-warnings", "deck", "formats", "village")
    assert code == 2
    assert "--no-warnings goes after the command" not in err  # (not an option of deck formats)
    code, _, err = run(capsys, "--no-warnings", "validate", "x.json")
    assert code == 2
    assert "--no-warnings goes after the command: companion validate x.json --no-warnings" in err


def test_an_option_with_a_value_before_its_command_is_said_to_go_after_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    """argparse reads the value as the command (invalid choice: 'standard'); the message says where the
    option goes, with the command's usage, and moves the command's other early options too."""
    code, _, err = run(capsys, "--format", "standard", "deck", "check", "village", "x.txt")
    assert code == 2 and "usage: companion deck check" in err
    assert "--format goes after the command: companion deck check village x.txt --format standard" in err
    assert "invalid choice" not in err
    code, out, _ = run(capsys, "--json", "--plot", "p.png", "deck", "stats", "village", "x.txt")
    doc = json.loads(out)
    assert code == 2 and doc["error"].endswith(
        "--plot goes after the command: companion deck stats village x.txt --json --plot p.png")
    code, _, err = run(capsys, "--format", "standard", "validate")  # (validate has no --format)
    assert code == 2 and "invalid choice: 'standard'" in err and "goes after" not in err
    code, _, err = run(capsys, "--bogus", "standard", "deck", "check", "village", "x.txt")
    assert code == 2 and "invalid choice: 'standard'" in err
    code, _, err = run(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--mode", "brok")
    assert code == 2 and "Did you mean 'broke'?" in err and "goes after" not in err  # (typed after it)


# -- 5. help and exit codes -------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "usage"), [([], "usage: companion [-h]"),
                                             (["deck"], "usage: companion deck"),
                                             (["mousecard"], "usage: companion mousecard")])
def test_a_missing_command_is_a_usage_error(argv: list[str], usage: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith(usage) and "error: the following arguments are required" in err


def test_the_top_level_help_states_exit_codes_and_the_user_data_folder(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    text = " ".join(out.split())
    assert code == 0
    assert "0 ok; 1 problems found" in text and "2 a usage error" in text
    assert "COMPANION_USER_DATA" in text and "~/.companion" in text


# -- 6. probabilities in JSON ----------------------------------------------------------------------

def _exact_pairs(doc: dict[str, object], names: list[str]) -> None:
    for name in names:
        assert isinstance(doc[name], float), name
        assert isinstance(doc[f"{name}_exact"], str), name
        assert float(Fraction(str(doc[f"{name}_exact"]))) == pytest.approx(doc[name])


def test_mystics_odds_json_gives_floats_and_exact_fractions_as_mousecard_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "mystics", "attack", "--json", "--life", "2", "--wheel", "3")
    doc = json.loads(out)
    assert code == 0
    _exact_pairs(doc, ["p_defeat", "p_surge", "p_at_least_one_wound", "expected_wounds"])
    assert doc["p_defeat_exact"] == "1/6" and doc["expected_wounds_exact"] == "3/4"
    assert "note" not in doc and isinstance(doc["notes"], list)
    assert any("Die faces not confirmed" in n for n in doc["notes"])
    for kind in ("mousetrap", "search", "check"):
        code, out, _ = run(capsys, "odds", "mystics", kind, "--json")
        doc = json.loads(out)
        _exact_pairs(doc, ["p"])
        assert "p_float" not in doc and "note" not in doc and isinstance(doc["notes"], list)
    code, out, _ = run(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--json")
    _exact_pairs(json.loads(out), ["p_success", "p_bad", "expected_cards"])  # the convention followed


# -- 7. limits in help texts, options named as typed ----------------------------------------------------

def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "--help"]) == 0
    return " ".join(capsys.readouterr().out.split())


def test_help_texts_state_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import mousecard as cli
    from companion.monarchs.flow import MAX_COURT_DECK, MAX_PLAYERS
    from companion.mousecard.odds import MAX_CHIPS, MAX_NEED, MAX_SKILL
    from companion.mousecard.situations import MAX_LEVELS

    assert (cli.MAX_SKILL, cli.MAX_NEED, cli.MAX_CHIPS, cli.MAX_LEVELS) == (MAX_SKILL, MAX_NEED, MAX_CHIPS,
                                                                          MAX_LEVELS)
    text = _help(capsys, "odds", "mousecard")
    assert f"skill level), 1 to {MAX_SKILL}" in text and f"successes needed, 1 to {MAX_NEED}" in text
    assert f"will spend, 0 to {MAX_CHIPS}" in text and f"--aged + --disadvantage at most {MAX_LEVELS}" in text
    text = _help(capsys, "monarchs", "end")
    assert f"number of players, 1 to {MAX_PLAYERS}" in text and f"Court deck, 0 to {MAX_COURT_DECK}" in text


@pytest.mark.parametrize(("option", "value", "said"), [
    ("--fate-chips", "25", "--fate-chips must be a whole number from 0 to 20, not 25"),
    ("--skill", "30", "--skill must be a whole number from 1 to 20, not 30"),
    ("--aged", "13", "--aged + --disadvantage: too many levels"),
])
def test_mousecard_errors_name_the_option_as_typed(option: str, value: str, said: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    skill = [] if option == "--skill" else ["--skill", "3"]  # (an option is given once)
    argv = ["odds", "mousecard", *skill, "--target", "J", option, value]
    code, _, err = run(capsys, *argv)
    assert code == 2 and said in err and "fate_chips" not in err


# -- 8. upper limits -----------------------------------------------------------------------------------

HUGE = "99999999999999999999999"


@pytest.mark.parametrize(("argv", "said"), [
    (["tmnt", "adjust", "--hand", HUGE], "--hand 999999999999... (a number of 23 digits) is out of range "
                                         "(expected 0 to 10000"),
    (["tmnt", "adjust", "--hand", "3", "--deck", HUGE], "--deck 999999999999... (a number of 23 digits)"),
    (["tmnt", "attack", "--character", "wind:3", "--defender-deck", HUGE], "(expected 0 to 10000"),
    (["village", "battle", "--attack", "A:3", "--mp", HUGE], "--mp 999999999999... (a number of 23 digits) "
                                                             "is out of range (expected 0 to 999"),
    (["village", "battle", "--attack", "A:3", "--direct-damage", "1000"], "(expected 0 to 999"),
    (["odds", "mystics", "attack", "--life", HUGE], "(expected 1 to 20"),
    (["odds", "mystics", "attack", "--bonus", f"-{HUGE}"], "(expected -50 to 50"),
])
def test_huge_numbers_are_refused_with_their_bound(argv: list[str], said: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and said in err


def test_a_mystics_note_is_at_most_500_characters_and_a_logged_one_is_read_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.mystics.tracker import NOTE_MAX

    assert NOTE_MAX == 500
    log = _with_bad_line(tmp_path, capsys, "mystics")
    log.write_text(log.read_text(encoding="utf-8").replace("this is not JSON\n", ""), encoding="utf-8")
    before = log.read_text(encoding="utf-8")
    code, _, err = run(capsys, "mystics", "do", str(log), json.dumps({"event": "note", "text": "x" * 501}))
    assert code == 2 and "501 characters long" in err and "at most 500 characters" in err
    assert log.read_text(encoding="utf-8") == before  # nothing written
    assert main(["mystics", "do", str(log), json.dumps({"event": "note", "text": "y" * 500})]) == 0
    capsys.readouterr()
    with log.open("a", encoding="utf-8") as f:  # an older log's long note
        f.write(json.dumps({"event": "note", "text": "z" * 100_000}) + "\n")
    code, out, err = run(capsys, "mystics", "replay", str(log), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["problems"] == []
    assert doc["messages"][-1] == "z" * (NOTE_MAX - 1) + "…"  # shown cut, as a logged line is
    code, out, _ = run(capsys, "mystics", "events")
    assert "text (at most 500 characters)" in out


# -- 9. seeds ----------------------------------------------------------------------------------------

def _drawn(log: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["mousecard", "draw", str(log), "--character", "pip", "--skill", "5", "--target", "A",
                 "--mode", "broke", "--json"]) == 0
    return list(json.loads(capsys.readouterr().out)["draws"][-1]["cards"])


def test_mousecard_takes_a_word_as_its_seed_and_integer_seeds_deal_as_before(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for log in (a, b):
        assert main(["mousecard", "new", str(log), "--seed", "table two"]) == 0
    capsys.readouterr()
    assert json.loads(a.read_text(encoding="utf-8").splitlines()[1])["seed"] == "table two"
    assert _drawn(a, capsys) == _drawn(b, capsys)  # the word is the seed: the same cards
    old = tmp_path / "old.jsonl"  # a log an earlier version began with --seed 7
    old.write_text('{"event": "start", "seed": 7, "title": ""}\n', encoding="utf-8")
    new = tmp_path / "new.jsonl"
    assert main(["mousecard", "new", str(new), "--seed", "7"]) == 0
    capsys.readouterr()
    assert json.loads(new.read_text(encoding="utf-8").splitlines()[1])["seed"] == 7  # logged as a number
    assert _drawn(old, capsys) == _drawn(new, capsys)


# -- 10. the small-text warning's precision ---------------------------------------------------------------

def test_a_size_said_to_be_below_3_pt_is_shown_below_it(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from companion.printing.render import below

    shown = [below(v, 3.0) for v in (2.95, 2.4, 1.97, 2.998, 2.9999)]
    assert shown == ["2.95", "2.4", "1.97", "2.998", "2.999"]
    argv = ["print", "cards", "village", "--size", "20x28", "--out", str(tmp_path / "p.pdf")]
    code, out, err = run(capsys, *argv)
    assert code == 0 and "type line 2.95 pt" in err and "3.0 pt" not in err
    code, out, _ = run(capsys, *argv, "--json")
    sizes = [pt for s in json.loads(out)["small_text"] for pt in s["parts"].values()]
    assert sizes and all(pt < 5 for pt in sizes)  # (the warning's threshold: render.SMALL_TEXT_PT)


def test_a_standard_output_whose_write_returns_none_still_works(monkeypatch: pytest.MonkeyPatch) -> None:
    """Some streams (a notebook kernel's in a child process, a simple wrapper) return None from
    write: the command's output must go through, not end in an internal error."""
    import io
    import sys

    class NoneWriter(io.StringIO):
        def write(self, text: str) -> None:  # type: ignore[override]
            super().write(text)

    out = NoneWriter()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["odds", "mousecard", "--skill", "2", "--target", "J"]) == 0
    assert "P(success)" in out.getvalue()


def test_mystics_do_start_without_a_seed_draws_a_fresh_one_and_logs_it(tmp_path: Path) -> None:
    """As 'village do' and 'tmnt do': a start typed without a seed does not always shuffle with 0."""
    seeds = []
    for k in range(3):
        log = tmp_path / f"m{k}.jsonl"
        log.touch()  # (mystics do writes into a log that exists)
        assert main(["mystics", "do", str(log),
                     '{"event": "start", "mice": ["collin", "filch"], "chapter_end": 6}']) == 0
        start = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()][-1]
        seeds.append(start["seed"])
    assert len(set(seeds)) == 3


def test_a_message_that_opens_with_its_option_does_not_name_it_twice() -> None:
    from companion.errors import CompanionError

    said = CompanionError("--blocks 4 but --empty-zones leaves 3", where="--blocks").render()
    assert said == "--blocks 4 but --empty-zones leaves 3"
    assert CompanionError("is out of range", where="--blocks").render() == "--blocks: is out of range"
    assert CompanionError("--blocksy 4", where="--blocks").render() == "--blocks: --blocksy 4"
