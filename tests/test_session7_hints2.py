"""Session 7, the hints of c495dae tidied: the "`companion cards list <game>` lists its cards" helpers live
beside ``raise_unknown`` in the shared CLI module (``cards correct`` uses them too); a Monarchs Court card
or hand the card data does not hold stays an unknown card (name and close names kept) when the rules core
says it at its place, and a JSON score file's keeps its name, so no hint looks at ``__context__``; a CSV
sheet given where a card file belongs gets an import command that runs as written."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

import companion
import companion.cli.deck
from companion.cards import load_game, user_data_dir
from companion.cli import hint_if_unlisted, hint_unlisted, hint_unlisted_lines, list_cards_hint
from companion.errors import RuleError, UnknownCardError
from companion.monarchs.court import parse_court, read_hand
from companion.validation import parse_document, sheet_games, sheet_import_command, validate_bytes

from .helpers import run_cli

FAR = "Zzqxwv Blorp"  # close to no card's name
LISTS = "`companion cards list {game}` lists its cards, with their ids."
HELPERS = (list_cards_hint, hint_if_unlisted, hint_unlisted, hint_unlisted_lines)


# -- 1. one place for the hint: companion.cli ---------------------------------------------------------

def test_the_hint_helpers_live_in_the_shared_cli_module_only() -> None:
    assert list_cards_hint("tmnt") == LISTS.format(game="tmnt")
    assert not hasattr(companion.cli.deck, "unknown_card") and not hasattr(companion.cli, "unknown_card")
    package = Path(companion.__file__).parent
    for said in ("lists its cards, with their ids", *(f"def {f.__name__}(" for f in HELPERS)):
        writers = [p.relative_to(package).as_posix() for p in package.rglob("*.py")
                   if said in p.read_text(encoding="utf-8")]
        assert writers == ["cli/__init__.py"], said


def test_cards_correct_says_the_shared_hint(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "cards", "correct", "village", FAR, "atk=3")
    assert code == 2 and err.rstrip().endswith(f"card {FAR!r}. {list_cards_hint('village')}")


def test_the_helpers_add_the_hint_only_where_no_close_name_is_offered() -> None:
    far, near = UnknownCardError(FAR, "village"), UnknownCardError("Acron", "village", ["Acorn Scout"])
    assert hint_if_unlisted(far, "village").suggestion == LISTS.format(game="village")
    assert hint_if_unlisted(near, "village") is near
    assert hint_unlisted([near], "village") == [near]
    assert [e.suggestion for e in hint_unlisted([far, near], "village")] == [
        None, f"Did you mean 'Acorn Scout'? {LISTS.format(game='village')}"]


def test_an_error_that_merely_follows_an_unknown_card_gets_no_hint() -> None:
    """Only an unknown card is one: an error raised while another was handled is not (no ``__context__``
    sniffing)."""
    try:
        try:
            raise UnknownCardError(FAR, "monarchs")
        except UnknownCardError:
            raise RuleError("the hand's influence adds up to 9999") from None
    except RuleError as exc:
        assert hint_if_unlisted(exc, "monarchs") is exc


# -- 2. the Monarchs rules core keeps the unknown card ------------------------------------------------

@pytest.mark.parametrize("read", [lambda db: parse_court([FAR], [], db),
                                  lambda db: read_hand(["1", FAR], db, where="--hand")])
def test_an_unknown_court_card_or_hand_card_stays_an_unknown_card(read: object) -> None:
    with pytest.raises(RuleError) as caught:
        read(load_game("monarchs"))  # type: ignore[operator]
    exc = caught.value
    assert isinstance(exc, UnknownCardError)
    assert (exc.name, exc.game, exc.suggestions) == (FAR, "monarchs", ())
    assert exc.where in ("front 1", "--hand 2")
    assert exc.message == f"unknown Of Mice and Monarchs card {FAR!r}"
    assert exc.suggestion is None


def test_a_close_court_card_keeps_its_close_names_and_words() -> None:
    with pytest.raises(UnknownCardError) as caught:
        parse_court(["2", "Sun Kng"], [], load_game("monarchs"))
    assert caught.value.suggestions == ("Sun King",)
    assert caught.value.render() == ("front 2: unknown Of Mice and Monarchs card 'Sun Kng'. "
                                     "Did you mean 'Sun King'?")


def test_a_card_that_cannot_be_bought_is_a_rule_error_not_an_unknown_card() -> None:
    with pytest.raises(RuleError, match="only Court cards can be bought") as caught:
        parse_court(["Peasant Mouse (A, 0)"], [], load_game("monarchs"))
    assert not isinstance(caught.value, UnknownCardError)


def _score_file(tmp_path: Path, *names: str) -> Path:
    path = tmp_path / "ann.json"
    path.write_text(json.dumps({"cards": [{"card": n} for n in names]}), encoding="utf-8")
    return path


def test_a_json_score_files_unknown_card_keeps_its_name(tmp_path: Path) -> None:
    from companion.monarchs.scoring import ScoreFile, ScoreFileError

    path = _score_file(tmp_path, FAR, "Sun Kng")
    with pytest.raises(ScoreFileError) as caught:
        ScoreFile(path.read_text(encoding="utf-8"), str(path)).cards(load_game("monarchs"))
    assert [(i.unknown, i.suggestions) for i in caught.value.issues] == [
        (FAR, ()), ("Sun Kng", ("Sun King",))]
    said = hint_unlisted_lines(caught.value, "monarchs")
    assert said.suggestion == LISTS.format(game="monarchs") and said.message == caught.value.message


@pytest.mark.parametrize("names", [(FAR,), (FAR, "Qqqqx Wwwww")])
def test_score_monarchs_gives_a_json_files_unknown_card_the_list_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], names: tuple[str, ...]) -> None:
    code, _, err = run_cli(capsys, "score", "monarchs", str(_score_file(tmp_path, *names)))
    assert code == 2 and err.count("cards list") == 1
    assert err.rstrip().endswith(f"card {names[-1]!r}. {LISTS.format(game='monarchs')}")


def test_score_monarchs_gives_a_close_name_no_list_command(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run_cli(capsys, "score", "monarchs", str(_score_file(tmp_path, "Sun Kng")))
    assert code == 2 and "Did you mean 'Sun King'?" in err and "cards list" not in err


# -- 3. a sheet where a card file belongs: an import command that runs as written ---------------------

VILLAGE_SHEET = "id,name,type,atk,def,source\nzz-pip,Pip,basic-mouse,1,1,me\n"
TMNT_SHEET = ("id,name,type,attribute,power,keywords,attack_kind,qty,source\n"
              "t-a,Mikey Jr,character,nature,3,flip,,3,me\n")


def _command(hint: str | None) -> list[str]:
    commands = re.findall(r"`(companion cards import [^`]+)`", hint or "")
    assert len(commands) == 1, hint
    return shlex.split(commands[0])


@pytest.mark.parametrize(("text", "game"), [
    (VILLAGE_SHEET, "village"), (TMNT_SHEET, "tmnt"),
    ("sep=;\nId;Name;Type;Source\nzz-pip;Pip;fruit;me\n", "village"),  # (its columns any game's: its type)
    ("id,name,type,color,influence,move_cover,crowns,cost,source\nzz-a,A,court,orange,1,0,1,3,me\n",
     "monarchs"),
])
def test_validate_gives_a_sheet_the_import_command_of_its_game_and_it_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        text: str, game: str) -> None:
    monkeypatch.chdir(tmp_path)
    sheet = tmp_path / "my sheets" / "mine.csv"
    sheet.parent.mkdir()
    sheet.write_text(text, encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate", str(sheet))
    command = _command(out)
    assert code == 1 and command == ["companion", "cards", "import", game, str(sheet), "--out", "mine.json"]
    code, _, err = run_cli(capsys, *command[1:])
    assert code == 0, err
    assert json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))["game"] == game


def test_a_sheet_named_json_is_imported_to_a_file_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.json").write_text(VILLAGE_SHEET, encoding="utf-8")
    _, issue = parse_document(VILLAGE_SHEET, file="mine.json")
    assert issue is not None
    command = _command(issue.suggestion)
    assert command[3:] == ["village", "mine.json", "--out", "mine-cards.json"]
    code, _, err = run_cli(capsys, *command[1:])
    assert code == 0 and (tmp_path / "mine-cards.json").exists(), err


def test_the_command_writes_into_the_games_folder_of_yours_when_there_is_one() -> None:
    mine = user_data_dir() / "tmnt"
    mine.mkdir(parents=True)
    (issue,) = validate_bytes(TMNT_SHEET.encode(), file="t.csv").issues
    assert _command(issue.suggestion)[3:] == ["tmnt", "t.csv", "--out", str(mine / "t.json")]


def test_a_sheet_that_does_not_tell_its_game_gets_the_command_of_each_it_may_be() -> None:
    (issue,) = validate_bytes(b"name,type,cost\nA,zzz,3\n", file="c.csv").issues
    assert issue.suggestion == (
        "A CSV sheet is not a card file: make one of it with the command of its game: `companion cards "
        "import monarchs c.csv --out c.json` (Of Mice and Monarchs) or `companion cards import mystics c.csv "
        "--out c.json` (Mice and Mystics).")


def test_a_sheet_in_a_games_folder_is_that_games() -> None:
    folder = user_data_dir() / "monarchs"
    folder.mkdir(parents=True)
    assert len(sheet_games("id,name,type\n")) > 1
    assert sheet_games("id,name,type\n", str(folder / "mine.json")) == ["monarchs"]
    assert sheet_games(TMNT_SHEET, str(folder / "mine.json")) == ["tmnt"]  # (its columns tell first)


def test_a_sheet_given_as_text_is_named_sheet_csv() -> None:
    assert sheet_import_command("village", "<input>") == ("companion cards import village SHEET.csv "
                                                          "--out SHEET.json")


def test_no_sheet_hint_has_a_placeholder_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "x.csv"
    sheet.write_text("id,name,type,source\npip,Pip,fruit,me\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "cards", "list", "village", "--cards", str(sheet))
    assert code == 2 and "GAME" not in err and " -o " not in err
    assert f"`companion cards import village {shlex.quote(str(sheet))} --out x.json`" in err


def test_a_bad_sheet_is_still_a_problem_not_a_crash() -> None:
    for text in ('name,type\n"open quote,fruit\n', "name,type\n", "\ufeffname;type\nPip;fruit\n"):
        (issue,) = validate_bytes(text.encode(), file="s.csv").issues
        assert "companion cards import" in (issue.suggestion or "")


def test_another_games_sheet_gets_the_shared_command() -> None:
    """``cards import`` of another game's sheet says the command :func:`sheet_import_command` makes: a
    sheet named .json is imported to a file apart, never to itself."""
    from companion.cardcsv import CsvImportError, import_csv

    with pytest.raises(CsvImportError) as caught:
        import_csv("village", TMNT_SHEET, file="t2.json")
    assert any(f"(`{sheet_import_command('tmnt', 't2.json')}`)" in p for p in caught.value.problems)
    assert sheet_import_command("tmnt", "t2.json").endswith("--out t2-cards.json")
