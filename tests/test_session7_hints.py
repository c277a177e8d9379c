"""Session 7, small findings of the day's exploratory tests: TMNT's command line says real plurals; a page
on a log whose start a crash cut off says the game never began; a ``do`` hint names the log's own file; a
UTF-32 file is named as such; another game's sheet gets a command that runs (or, on the Cards page, the
game to pick); a card name close to none gets the command that lists the cards; thousands of unknown
columns are one problem; a corrections file that is no object says what it holds; NaN and Infinity in a
card file are refused once, at their place."""

from __future__ import annotations

import html
import json
import re
import shlex
from pathlib import Path

import pytest

from companion.cardcsv import CsvImportError, import_csv
from companion.cards import user_data_dir
from companion.errors import CompanionError
from companion.textio import decode_text
from companion.validation import validate_bytes

from .helpers import run_cli

LISTS = "`companion cards list {game}` lists its cards, with their ids."
FAR = "Zzqxwv Blorp"  # close to no card's name


def said(panel: object) -> str:
    """A panel's text, tags and entities aside."""
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(str(getattr(panel, "value", "")))).split())


# -- 1. TMNT's command line: real plurals ------------------------------------------------------------

@pytest.mark.parametrize(("argv", "line"), [
    (["--character", "wind:3", "--blocks", "1"], "Damage 3: 1 Block card flipped, defender sends 2"),
    (["--character", "wind:2", "--empty-zones", "1,2"], "Damage 2: 2 Block cards flipped"),
    (["--character", "wind:2", "--empty-zones", "1,2"], "Turned face-up: Block Zones 3, 4"),
    (["--character", "wind:1", "--empty-zones", "1,2"], "Turned face-up: Block Zone 3"),
    (["--character", "wind:3", "--blocks", "1"], "Turned face-up: Block card 1 counted from the 1st"),
])
def test_tmnt_attack_says_real_plurals(capsys: pytest.CaptureFixture[str], argv: list[str],
                                       line: str) -> None:
    code, out, _ = run_cli(capsys, "tmnt", "attack", *argv)
    assert code == 0 and line in out and "(s)" not in out


@pytest.mark.parametrize(("argv", "words"), [
    (["--blocks", "1", "--face-up", "2"], "the defender has 1 Block card; --face-up"),
    (["--empty-zones", "1,2,3", "--blocks", "2"], "--empty-zones leaves 1 Block card (Zone 4)"),
    (["--empty-zones", "1,2,3,4", "--blocks", "2"], "--empty-zones leaves 0 Block cards (every Zone empty)"),
])
def test_tmnt_attack_refusals_say_real_plurals(capsys: pytest.CaptureFixture[str], argv: list[str],
                                               words: str) -> None:
    code, _, err = run_cli(capsys, "tmnt", "attack", "--character", "wind:3", *argv)
    assert code == 2 and words in err and "(s)" not in err


def test_tmnt_adjust_replay_and_help_say_real_plurals(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    for empty, words in (("1", "+ 1 empty Block Zone = 2"), ("2", "+ 2 empty Block Zones = 3")):
        code, out, _ = run_cli(capsys, "tmnt", "adjust", "--hand", "3", "--empty", empty)
        assert code == 0 and words in out and "(s)" not in out
    log = tmp_path / "t.jsonl"
    run_cli(capsys, "tmnt", "do", str(log), '{"event": "start", "players": ["Ann", "Bob"]}')
    code, out, _ = run_cli(capsys, "tmnt", "replay", str(log))
    assert code == 0 and out.splitlines()[-1] == "1 action in force"
    for command in ("attack", "do"):
        code, out, _ = run_cli(capsys, "tmnt", command, "--help")
        assert code == 0 and "an extra card file for card names" in out and "file(s)" not in out


# -- 2. a page on a log whose start a crash cut off -------------------------------------------------

CUT_START = b'{"event": "start", "players": ["Ann", "B'


def _village(path: Path) -> object:
    from companion.views.village import VillageCompanion

    return VillageCompanion(path)


def _tmnt(path: Path) -> object:
    from companion.views.tmnt import GameTracker

    return GameTracker(path)


def _mystics(path: Path) -> object:
    from companion.views.mystics import MysticsDashboard

    return MysticsDashboard(path)


@pytest.mark.parametrize(("open_page", "panel", "data", "thing"), [
    (_village, "message", CUT_START, "game"),
    (_tmnt, "status", b'{"event": "log", "tracker": "tmnt"}\n' + CUT_START, "game"),
    (_mystics, "status", b'{"event": "log", "tracker": "mystics"}\n{"event": "start", "ch', "chapter"),
])
def test_a_page_on_a_cut_start_says_the_game_never_began(tmp_path: Path, open_page: object, panel: str,
                                                         data: bytes, thing: str) -> None:
    log = tmp_path / "g.jsonl"
    log.write_bytes(data)
    page = open_page(log)  # type: ignore[operator]
    text = said(getattr(page, panel))
    assert text.startswith(f"The {thing} never began: its start was cut off by a crash, and nothing was lost")
    assert f"before any action was logged: the {thing} never began" in text
    assert f"Nothing of the table's state is lost: start the {thing} again here." in text
    assert "g.jsonl.damaged" in text and "Resumed" not in text


@pytest.mark.parametrize("data", [
    b'{"event": "start", "seed": 5, "ti',
    b'{"event": "sta',  # (cut before its kind shows: may have been a start, as the core reads it)
    b'{"ev',
    b'{"event": "log", "tracker": "mouseca',  # (the first line, written with the start)
])
def test_the_mouse_card_page_says_its_new_session_starts_afresh(tmp_path: Path, data: bytes) -> None:
    from companion.views.mousecard import MouseCardPage

    log = tmp_path / "m.jsonl"
    log.write_bytes(data)
    page = MouseCardPage(log, plot=False, settle=None)  # (it starts a session on a log with none)
    text = said(page.notice)
    assert text.startswith("The session never began: its start was cut off by a crash, and nothing was lost")
    assert "the session on show starts afresh, with no action yet" in text and "Resumed" not in text
    assert page.tracker.no_start() is None


def _mousecard(path: Path) -> object:
    from companion.views.mousecard import MouseCardPage

    return MouseCardPage(path, plot=False, settle=None)


@pytest.mark.parametrize(("open_page", "panel", "data", "thing"), [
    (_village, "message", b'{"event": "start", "players": ["Ann", "Bob"], "seed": 1}\n' + CUT_START, "game"),
    (_tmnt, "status", b'{"event": "log", "tracker": "tmnt"}\n{"event": "start", "players": ["Ann", "Bob"], '
                      b'"first": 0}\n' + CUT_START, "game"),
    (_mystics, "status", b'{"event": "log", "tracker": "mystics"}\n{"event": "start", "chapter_end": 6, '
                         b'"mice": ["collin"], "seed": 1}\n{"event": "start", "ch', "chapter"),
    (_mousecard, "notice", b'{"event": "start", "seed": 5, "title": ""}\n{"event": "start", "seed": 6, "ti',
     "session"),
])
def test_a_page_on_a_cut_second_start_says_the_first_one_stands(tmp_path: Path, open_page: object, panel: str,
                                                               data: bytes, thing: str) -> None:
    log = tmp_path / "g.jsonl"
    log.write_bytes(data)
    page = open_page(log)  # type: ignore[operator]
    text = said(getattr(page, panel))
    first = 2 if data.startswith(b'{"event": "log"') else 1
    assert text.startswith("Resumed after a crash") and "never began" not in text
    assert ("the half-written line was another start, cut off before it was logged, so it never took "
            f"effect: the {thing} begun on line {first} stands") in text
    assert page.tracker.no_start() is None  # type: ignore[attr-defined]


def test_the_core_says_a_cut_start_as_the_log_was_opened(tmp_path: Path) -> None:
    from companion.village.game import VillageTracker

    log = tmp_path / "v.jsonl"
    log.write_bytes(CUT_START)
    tracker = VillageTracker(log)
    assert tracker.log.recovered_line == 1 and not tracker.restarted_after_cut()
    tracker.do({"event": "start", "players": ["Ann", "Bob"], "seed": 1})  # (as a page's own start would)
    assert tracker.cut_start() is None and tracker.restarted_after_cut()
    assert (tracker.cut_start(as_opened=True) or "").endswith("before any action was logged: the game never "
                                                                "began")
    assert tracker.cut_second_start() is None
    tracker.do({"event": "draw"})  # (more than the start since: no longer said as never begun)
    assert tracker.cut_start(as_opened=True) is None and not tracker.restarted_after_cut()


def test_a_cut_line_of_no_kind_after_a_start_is_not_said_as_another_start(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    log.write_bytes(b'{"event": "start", "seed": 5, "title": ""}\n{"event": "sta')
    page = _mousecard(log)
    text = said(page.notice)  # type: ignore[attr-defined]
    assert text.startswith("Resumed after a crash") and "never began" not in text
    assert "another start" not in text and page.tracker.cut_second_start() is None  # type: ignore[attr-defined]


def test_a_page_on_a_cut_action_still_says_it_resumed(tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    log.write_bytes(b'{"event": "start", "players": ["Ann", "Bob"], "seed": 1}\n{"event": "dr')
    text = said(_village(log).message)  # type: ignore[attr-defined]
    assert text.startswith("Resumed after a crash") and "never began" not in text


# -- 3. a `do` hint names the log's own file ---------------------------------------------------------

@pytest.mark.parametrize(("game", "data", "event"), [
    ("village", CUT_START, '{"event": "draw"}'),
    ("tmnt", b'{"event": "log", "tracker": "tmnt"}\n' + CUT_START, '{"event": "next"}'),
])
def test_do_on_a_cut_start_names_the_file_in_its_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      game: str, data: bytes, event: str) -> None:
    log = tmp_path / "my game.jsonl"
    log.write_bytes(data)
    code, _, err = run_cli(capsys, game, "do", str(log), event)
    assert code == 2 and " LOG " not in err
    assert f"Start one with: companion {game} do {shlex.quote(str(log))} '" in err


def test_do_after_an_undone_start_names_the_file_in_its_hint(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "v.jsonl"
    run_cli(capsys, "village", "do", str(log), '{"event": "start", "players": ["Ann", "Bob"], "seed": 1}')
    code, _, err = run_cli(capsys, "village", "do", str(log), "undo", '{"event": "draw"}')
    assert code == 2 and "LOG" not in err and f"'companion village do {log} redo'" in err


# -- 4. UTF-32 is named as such ----------------------------------------------------------------------

@pytest.mark.parametrize("encoding", ["utf-32", "utf-32-le", "utf-32-be"])
def test_utf32_text_is_named_as_utf32(encoding: str) -> None:
    with pytest.raises(CompanionError) as caught:
        decode_text("3 Acorn Scout\n57 Zoë\n".encode(encoding), where="d.txt", what="decklist")
    assert caught.value.message == "is not UTF-8 text (it looks like UTF-32)"
    assert caught.value.found == "UTF-32 text" and "UTF-8" in (caught.value.suggestion or "")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_text_is_still_named_as_utf16(encoding: str) -> None:
    with pytest.raises(CompanionError, match="looks like UTF-16"):
        decode_text("3 Acorn Scout\n".encode(encoding), where="d.txt")


def test_deck_check_names_a_utf32_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.txt"
    deck.write_bytes("60 Acorn Scout\n".encode("utf-32"))
    code, _, err = run_cli(capsys, "deck", "check", "village", str(deck))
    assert code == 2 and "looks like UTF-32" in err and "UTF-16" not in err


# -- 5. another game's sheet: a command that runs, or the game to pick on the page -------------------

TMNT_SHEET = ("id,name,type,attribute,power,keywords,attack_kind,qty,source\n"
              "t-a,Mikey Jr,character,nature,3,flip,,3,me\n")


def _other_game_command(problems: list[str]) -> list[str]:
    hint = next(p for p in problems if "import it as a tmnt sheet" in p)
    match = re.search(r"`(companion cards import [^`]+)`", hint)
    assert match is not None
    return shlex.split(match.group(1))


def test_the_other_games_sheet_command_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    sheet = tmp_path / "my sheets" / "t2.csv"
    sheet.parent.mkdir()
    sheet.write_text(TMNT_SHEET, encoding="utf-8")
    (user_data_dir() / "village").mkdir(parents=True)
    out = user_data_dir() / "village" / "t2.json"  # (the village folder: a tmnt file there is refused)
    code, _, err = run_cli(capsys, "cards", "import", "village", str(sheet), "--out", str(out))
    assert code == 1 and "import it as a tmnt sheet" in err
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", sheet.read_bytes(), file=str(sheet), out=out)
    command = _other_game_command(caught.value.problems)
    assert command[:5] == ["companion", "cards", "import", "tmnt", str(sheet)]
    assert command[5:] == ["--out", "t2.json"]  # (no tmnt folder of yours yet: here, none is made)
    code, _, err = run_cli(capsys, *command[1:])
    assert code == 0, err
    assert json.loads((tmp_path / "t2.json").read_text(encoding="utf-8"))["cards"][0]["power"] == 3


def test_the_command_keeps_the_out_asked_for(tmp_path: Path) -> None:
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", TMNT_SHEET, file="t2.csv", out=tmp_path / "mine.json")
    assert _other_game_command(caught.value.problems)[5:] == ["--out", str(tmp_path / "mine.json")]


def test_the_cards_page_says_to_pick_the_game(tmp_path: Path) -> None:
    from companion.views.cards import CardBrowserView

    view = CardBrowserView("village")
    view.check_bytes(TMNT_SHEET.encode(), "t2.csv")
    text = said(view.report)
    assert "pick TMNT TCG in the game menu at the top of this page, then check the sheet again" in text
    assert "companion cards import tmnt" not in text


# -- 6. a card name close to none: the command that lists the cards ----------------------------------

@pytest.mark.parametrize(("argv", "game"), [
    (["village", "battle", "--attack", f"{FAR}>Berry:2"], "village"),
    (["tmnt", "attack", "--character", FAR], "tmnt"),
    (["monarchs", "buy", "--influence", "3", "--front", FAR, "2"], "monarchs"),
    (["monarchs", "buy", "--hand", FAR, "--front", "2"], "monarchs"),
    (["monarchs", "solo", "--white", "1", "--black", "1", "--front", FAR], "monarchs"),
])
def test_an_unknown_card_close_to_none_gets_the_list_command(capsys: pytest.CaptureFixture[str],
                                                             argv: list[str], game: str) -> None:
    code, _, err = run_cli(capsys, *argv)
    assert code == 2 and f"card {FAR!r}. {LISTS.format(game=game)}" in err


@pytest.mark.parametrize(("game", "command"), [("village", "deck"), ("monarchs", "score")])
def test_a_list_naming_a_card_close_to_none_gets_the_list_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, command: str) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text(f"3 {FAR}\n", encoding="utf-8")
    argv = ["deck", "check", game, str(deck)] if command == "deck" else ["score", "monarchs", str(deck)]
    code, _, err = run_cli(capsys, *argv)
    assert code == 2 and f"cannot be read. {LISTS.format(game=game)}" in err


def test_a_close_name_gets_no_list_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "village", "battle", "--attack", "Acron Scout")
    assert code == 2 and "Did you mean 'Acorn Scout'?" in err and "cards list" not in err
    deck = tmp_path / "d.txt"
    deck.write_text("3 Acron Scout\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "deck", "check", "village", str(deck))
    assert code == 2 and "Did you mean" in err and "cards list" not in err


def test_several_unknown_cards_get_the_list_command_once_at_the_end(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "village", "battle", "--attack", f"{FAR}>Qqqqx Zzz", "--attack",
                           "Acron Scout")
    assert code == 2 and err.count("cards list") == 1
    assert err.rstrip().endswith(f"Did you mean 'Acorn Scout'? {LISTS.format(game='village')}")
    code, _, err = run_cli(capsys, "tmnt", "attack", "--character", FAR, "--attack", "Yyyyy Wwwww")
    assert code == 2 and err.count("cards list") == 1 and err.rstrip().endswith(LISTS.format(game="tmnt"))


# -- 7. thousands of unknown columns: one problem -----------------------------------------------------

def test_thousands_of_unknown_columns_are_one_problem() -> None:
    header = ["id", "name", "type", "source", "colour", "nmae", *(f"x{i}" for i in range(3000))]
    row = ["a", "A", "fruit", "me", *["1"] * (len(header) - 4)]
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", ",".join(header) + "\n" + ",".join(row) + "\n", file="big.csv")
    assert len(caught.value.problems) == 1
    assert caught.value.problems[0].startswith(
        "row 1: 3002 unknown columns: 'colour' (column E), 'nmae' (column F: Did you mean 'name'?), 'x0' "
        "(column G), 'x1' (column H), 'x2' (column I) and 2997 more (expected only these: id, name, type,")


def test_a_few_unknown_columns_are_said_one_by_one() -> None:
    with pytest.raises(CsvImportError) as caught:
        import_csv("village", "id,name,type,source,p,q\na,A,fruit,me,1,2\n", file="s.csv")
    assert [p.split(":")[0] for p in caught.value.problems] == ["row 1, column E", "row 1, column F"]


# -- 8. a corrections file that is no object says what it holds ---------------------------------------

@pytest.mark.parametrize(("doc", "found"), [
    ([{"id": "x"}], 'found a list [{"id": "x"}]'),
    ({"game": "village"}, 'found an object with no "cards"'),
    ({"game": "village", "set": "S", "cards": "lots"}, 'found "cards" holding text "lots"'),
])
def test_a_corrections_file_that_is_no_object_says_what_it_holds(capsys: pytest.CaptureFixture[str],
                                                                 doc: object, found: str) -> None:
    path = user_data_dir() / "village" / "corrections.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = run_cli(capsys, "cards", "correct", "village", "acorn-scout", "atk=3")
    assert code == 2 and f"{path}: is not a corrections file (expected an object with a \"cards\" list; " \
                         f"{found}). Nothing was written." in err
    assert json.loads(path.read_text(encoding="utf-8")) == doc


# -- 9. NaN and Infinity in a card file: refused once, at their place ---------------------------------

def test_nan_in_a_card_file_is_refused_once_at_its_place() -> None:
    text = ('{"game": "village", "set": "Mine", "cards": [\n'
            ' {"id": "zz-a", "name": "NaN Cat", "type": "basic-mouse", "atk": 1, "def": 2, "source": "me"},\n'
            ' {"id": "zz-b", "name": "ZZ B", "type": "basic-mouse", "atk": NaN, "def": -Infinity,\n'
            '  "source": "me"}\n]}\n')
    report = validate_bytes(text, file="nan.json")
    assert len(report.issues) == 1
    issue = report.issues[0]
    assert (issue.kind, issue.pointer, issue.line, issue.card_id) == ("json", "/cards/1/atk", 3, "zz-b")
    assert issue.render() == ("nan.json:3 /cards/1/atk (card 'zz-b'): is not valid JSON: NaN is not a number "
                              "JSON allows (and 1 more such value after it). Write a number in its place.")


def test_a_lone_infinity_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "inf.json"
    path.write_text('{"game": "village", "set": "Mine", "cards": [\n {"id": "a", "name": "A", "type": '
                    '"basic-mouse", "atk": Infinity, "def": 1, "source": "me"}]}', encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate", str(path))
    assert code == 1 and ("/cards/0/atk (card 'a'): is not valid JSON: Infinity is not a number JSON "
                          "allows. Write a number in its place.") in out
    assert "wrong type" not in out and "out of range" not in out
