"""Session 6, the Mouse Card live deck: a log that is not all UTF-8 (a line an old editor saved in
Windows-1252), and the suggestion for a number typed in another form (``--fate-chips 1e3``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.eventlog import EventLog, LogError
from companion.mousecard.live import LiveDeckTracker, open_live_deck
from tests.helpers import run_cli

HEADER = b'{"event": "log", "tracker": "mousecard"}\n{"event": "start", "seed": 5}\n'
#: "Zo\xeb" is "Zoë" as Windows-1252 saves it: not UTF-8
AWARD_1252 = b'{"event": "award", "player": "Zo\xeb", "chips": 2}\n'


def _log(tmp_path: Path, data: bytes, name: str = "g.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# -- 1. a line that is not UTF-8 ---------------------------------------------------------------------

def test_an_award_not_utf8_leaves_the_deck_known_and_says_how_to_mend_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _log(tmp_path, HEADER + AWARD_1252)
    tracker = open_live_deck(str(log), read_only=True)
    # a fate chip award moves no card, whatever its name reads as: the deck is not in doubt
    assert tracker.deck_in_doubt() == [] and tracker.doubt_refusal() is None
    [problem] = tracker.problems
    assert problem.line == 3 and problem.event == {"event": "award", "player": "Zo\ufffd", "chips": 2}
    assert "not UTF-8 text (byte 0xeb at column 33, 'ë' in Windows-1252)" in problem.message
    assert "save the file again as UTF-8 (an editor's Save As, encoding UTF-8)" in problem.message
    code, out, err = run_cli(capsys, "mousecard", "replay", str(log))
    assert code == 1 and "in doubt" not in out and "line 3: not UTF-8 text" in err
    assert "save the file again as UTF-8" in err


def test_a_draw_not_utf8_still_leaves_the_deck_in_doubt(tmp_path: Path) -> None:
    log = _log(tmp_path, HEADER + b'{"event": "draw", "character": "Zo\xeb", "skill": 2, "target": 8}\n')
    tracker = open_live_deck(str(log), read_only=True)
    assert [p.line for p in tracker.deck_in_doubt()] == [3] and tracker.doubt_refusal() is not None


def test_only_the_log_line_that_is_not_utf8_is_judged_by_its_readable_bytes(tmp_path: Path) -> None:
    # a line whose "event" itself holds the byte is no award: the deck stays in doubt
    log = _log(tmp_path, HEADER + b'{"event": "aw\xebard", "player": "Zoe", "chips": 2}\n')
    assert [p.line for p in open_live_deck(str(log), read_only=True).deck_in_doubt()] == [3]


@pytest.mark.parametrize("action", [
    ["award", "Bob", "--chips", "1"],
    ["draw", "--character", "Ann", "--skill", "2", "--target", "8", "--cards", "3S"],
    ["reshuffle"],
    ["undo"],
])
def test_nothing_is_appended_to_a_log_with_a_line_not_utf8(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], action: list[str]) -> None:
    data = HEADER + AWARD_1252
    log = _log(tmp_path, data)
    code, _out, err = run_cli(capsys, "mousecard", action[0], str(log), *action[1:])
    assert code == 2 and log.read_bytes() == data  # never a UTF-8 line after a Windows-1252 one
    assert "line 3 is not UTF-8 text" in err
    assert "nothing is written to this log until the file is all UTF-8" in err
    assert "Save the file again as UTF-8 (an editor's Save As, encoding UTF-8), then try again" in err
    assert "Traceback" not in err


def test_once_saved_as_utf8_the_log_takes_actions_again(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    log = _log(tmp_path, HEADER + AWARD_1252)
    assert run_cli(capsys, "mousecard", "award", str(log), "Bob")[0] == 2
    log.write_bytes(log.read_bytes().decode("cp1252").encode("utf-8"))  # the editor's Save As
    code, out, _err = run_cli(capsys, "mousecard", "award", str(log), "Bob")
    assert code == 0 and "Bob receives 1 fate chip" in out
    tracker = LiveDeckTracker(log)
    assert tracker.problems == [] and dict(tracker.state.chips) == {"Zoë": 2, "Bob": 1}
    log.read_bytes().decode("utf-8")  # all UTF-8


def test_a_log_mixing_utf8_and_another_encoding_is_told_to_type_the_character_again(tmp_path: Path) -> None:
    # a Save As of the whole file from Windows-1252 would spoil "Renée", which is UTF-8 already
    data = HEADER + AWARD_1252 + '{"event": "award", "player": "Renée", "chips": 1}\n'.encode()
    log = _log(tmp_path, data)
    tracker = LiveDeckTracker(log)
    assert "type again the character at line 3, column 33 (shown as \ufffd)" in tracker.problems[0].message
    with pytest.raises(LogError) as caught:
        tracker.do({"event": "award", "player": "Bob", "chips": 1})
    said = caught.value.render()
    assert "Open the file as UTF-8 (its other lines are), type again the character at line 3" in said
    assert "Save As" not in said and log.read_bytes() == data


def test_a_last_line_not_utf8_without_its_newline_is_no_crash_cut(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # an old editor saved the file without a newline at its end: the line is the user's, never a half
    # write to move to a .damaged file (and a UTF-8 line appended after it)
    data = HEADER + AWARD_1252.rstrip(b"\n")
    log = _log(tmp_path, data)
    code, _out, err = run_cli(capsys, "mousecard", "award", str(log), "Bob")
    assert code == 2 and "line 3 is not UTF-8 text" in err
    assert log.read_bytes() == data and not (tmp_path / "g.jsonl.damaged").exists()
    tracker = open_live_deck(str(log), read_only=True)
    assert [p.line for p in tracker.problems] == [3] and "cut mid-write" not in tracker.problems[0].message
    assert tracker.deck_in_doubt() == []


def test_a_line_cut_by_a_crash_is_still_set_aside(tmp_path: Path) -> None:
    # (a cut inside a character of a UTF-8 line: no whole event, so a cut write as before)
    cut = '{"event": "award", "player": "Zoë", "chips": 2}'.encode()[:32]
    log = _log(tmp_path, HEADER + cut)
    tracker = LiveDeckTracker(log)
    assert log.read_bytes() == HEADER and (tmp_path / "g.jsonl.damaged").read_bytes() == cut + b"\n"
    tracker.do({"event": "award", "player": "Bob", "chips": 1})


def test_a_file_of_lines_not_utf8_alone_says_how_to_save_it(tmp_path: Path) -> None:
    log = _log(tmp_path, AWARD_1252)
    with pytest.raises(LogError) as caught:
        EventLog(log)
    said = caught.value.render()
    assert "is not UTF-8 text" in said and "byte 0xeb at column 33" in said
    assert "Save it again as UTF-8 (an editor's Save As, encoding UTF-8)" in said


def test_a_start_not_utf8_is_named_as_the_start(tmp_path: Path) -> None:
    log = _log(tmp_path, b'{"event": "log", "tracker": "mousecard"}\n'
                         b'{"event": "start", "seed": 5, "title": "Caf\xe9"}\n')
    none = LiveDeckTracker(log).no_session()
    assert none is not None and "its start (line 2) cannot be used" in none.why


@pytest.mark.parametrize(("game", "start"), [
    ("village", ["village", "do", "{LOG}", '{"event": "start", "players": ["Zoe", "Bob"], "seed": 3}']),
    ("tmnt", ["tmnt", "do", "{LOG}", '{"event": "start", "players": ["Zoe", "Bob"], "seed": 3}']),
    ("mystics", ["mystics", "new", "{LOG}", "--mice", "collin,filch,nez", "--seed", "3"]),
])
def test_every_trackers_log_refuses_to_append_after_a_line_not_utf8(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, start: list[str]) -> None:
    log = tmp_path / f"{game}.jsonl"
    assert run_cli(capsys, *(str(log) if a == "{LOG}" else a for a in start))[0] == 0
    # the start's line, as an old editor saves it after "Zoe" was changed to "Zoë"
    text = log.read_text(encoding="utf-8")
    edited = (text.replace("Zoe", "Zoë") if "Zoe" in text
              else text.replace('"seed": 3', '"seed": 3, "note": "Zoë"'))
    log.write_bytes(edited.encode("cp1252"))
    data = log.read_bytes()
    code, _out, err = run_cli(capsys, game, "do", str(log), "undo")
    assert code == 2 and log.read_bytes() == data
    assert re.search(r"line \d is not UTF-8 text", err) and "Save the file again as UTF-8" in err


def test_the_page_says_a_log_not_utf8_cannot_take_the_sessions_start(tmp_path: Path) -> None:
    from companion.views.mousecard import MouseCardPage

    data = b'{"event": "log", "tracker": "mousecard"}\n{"event": "start", "seed": 5, "title": "Caf\xe9"}\n'
    log = _log(tmp_path, data)
    page = MouseCardPage(log, plot=False, settle=None)
    assert page.start_failed is not None and log.read_bytes() == data
    assert "its log is not all UTF-8 text" in page.notice.value and "writable" not in page.notice.value
    assert "Save the file again as UTF-8" in page.notice.value


def test_the_page_refuses_an_award_on_a_log_not_utf8_and_keeps_the_deck_known(tmp_path: Path) -> None:
    from companion.views.mousecard import MouseCardPage

    data = HEADER + AWARD_1252
    log = _log(tmp_path, data)
    page = MouseCardPage(log, plot=False, settle=None)
    assert "save the file again as UTF-8" in page.notice.value and page.tracker.doubt_refusal() is None
    with pytest.raises(LogError, match="line 3 is not UTF-8 text"):
        page._act({"event": "award", "player": "Bob", "chips": 1})
    assert log.read_bytes() == data


# -- 2. a number typed in another form -----------------------------------------------------------------

@pytest.mark.parametrize(("typed", "said"), [
    ("1e3", "expected a whole number, found '1e3' (1000 is out of range: it takes 0 to 20)"),
    ("2.5", "expected a whole number, found '2.5': did you mean 2 or 3?"),
    ("20.5", "expected a whole number, found '20.5': did you mean 20?"),
    ("-0.5", "expected a whole number, found '-0.5': did you mean 0?"),
    ("many", "expected a whole number, found 'many' (it takes 0 to 20)"),
])
def test_fate_chips_typed_in_another_form_suggest_only_a_number_taken(
        typed: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(capsys, "odds", "mousecard", "--skill", "3", "--target", "8",
                              "--fate-chips", typed)
    assert code == 2 and f"argument --fate-chips: {said}" in err


@pytest.mark.parametrize(("argv", "said"), [
    (["odds", "mousecard", "--skill", "1e3", "--target", "8"],
     "argument --skill: expected a whole number, found '1e3' (1000 is out of range: it takes 1 to 20)"),
    (["odds", "mousecard", "--skill", "-0.5", "--target", "8"],
     "argument --skill: expected a whole number, found '-0.5' (it takes 1 to 20)"),
    (["odds", "mousecard", "--skill", "3", "--target", "8", "--need", "2e1"],
     "argument --need: expected a whole number, found '2e1': did you mean 20?"),
    (["odds", "mousecard", "--skill", "3", "--target", "8", "--aged", "1e2"],
     "argument --aged: expected a whole number, found '1e2' (100 is out of range: it takes 0 to 12)"),
    (["odds", "mousecard", "--skill", "3", "--target", "8", "--disadvantage", "-1.5"],
     "argument --disadvantage: expected a whole number, found '-1.5' (it takes 0 to 12)"),
    (["mousecard", "draw", "LOG", "--character", "Ann", "--skill", "3e1", "--target", "8"],
     "argument --skill: expected a whole number, found '3e1' (30 is out of range: it takes 1 to 20)"),
    (["mousecard", "award", "LOG", "Ann", "--chips", "1e2"],
     "argument --chips: expected a whole number, found '1e2' (100 is out of range: it takes 1 to 99)"),
    (["mousecard", "spend", "LOG", "Ann", "--chips", "0.5"],
     "argument --chips: expected a whole number, found '0.5': did you mean 1?"),
])
def test_every_mousecard_number_option_suggests_only_a_number_taken(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(capsys, *argv)
    assert code == 2 and said in err


def test_the_chips_limit_of_the_command_line_is_the_live_decks() -> None:
    from companion.cli import mousecard as cli
    from companion.mousecard.live import MAX_CHIPS_AT_ONCE

    assert cli.MAX_CHIPS_AT_ONCE == MAX_CHIPS_AT_ONCE


def test_not_whole_said_without_a_range_is_as_before_and_with_one_end_says_it() -> None:
    from companion.textio import not_whole_said

    assert not_whole_said("1e3") == "expected a whole number, found '1e3': did you mean 1000?"
    assert not_whole_said("1e30") == "expected a whole number, found '1e30'"
    assert not_whole_said("1e3", hi=20) == ("expected a whole number, found '1e3' (1000 is out of range: it "
                                            "takes at most 20)")
    assert not_whole_said("-2.5", lo=0) == "expected a whole number, found '-2.5' (it takes 0 or more)"
    assert not_whole_said("nan", 0, 20) == "expected a whole number, found 'nan' (it takes 0 to 20)"
