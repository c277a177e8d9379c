"""``cards list`` with a broken card file of yours lists the rest (as the deck commands do), and the
cards and deck commands word a path they cannot read alike. Each test failed before its change."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import cards as cards_module
from tests.helpers import run_cli as run

ROOT = Path(__file__).resolve().parents[1]
LEGAL = str(ROOT / "data" / "decks" / "village-demo-legal.txt")
MINE = {"game": "village", "set": "Mine", "cards": [
    {"id": "wild-fig", "name": "Wild Fig", "type": "fruit", "source": "my design"}]}




@pytest.fixture
def folder(_isolated_user_data: Path) -> Path:
    """Your village folder: a good file and one whose card has an unknown field and no type."""
    village = _isolated_user_data / "village"
    village.mkdir(parents=True)
    (village / "mine.json").write_text(json.dumps(MINE), encoding="utf-8")
    (village / "broken.json").write_text('{"game": "village", "set": "x", "cards": [\n'
                                         '  {"id": "bad", "name": "Bad", "source": "me",\n'
                                         '   "bogus": 1}\n]}\n', encoding="utf-8")
    return village


def test_cards_list_lists_the_cards_that_load_and_names_the_broken_file(
        folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "list", "village")
    assert code == 0  # a warning, as for the deck commands
    ids = [line.split()[0] for line in out.splitlines()[2:-1]]
    assert "wild-fig" in ids and "acorn-scout" in ids and "bad" not in ids
    broken = folder / "broken.json"
    (warning,) = [line for line in err.splitlines() if "broken.json" in line]
    assert warning.startswith("companion: warning: your village card file broken.json does not load and "
                              f"is left out: {broken}:3 /cards/0/bogus (card 'bad'): unknown field 'bogus' "
                              "(expected one of")  # the file, its line, the JSON pointer, expected
    assert "(and 1 more problem)" in warning and f"run `companion validate {broken}`" in warning
    assert "mine.json" not in err and "broken.json" not in out
    code, out, _ = run(capsys, "cards", "list", "village", "--type", "fruit")
    assert code == 0 and "wild-fig" in out


def test_cards_list_json_stays_a_list_of_cards_on_stdout(folder: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "list", "village", "--json")
    cards = json.loads(out)  # only the cards on standard output
    assert code == 0 and isinstance(cards, list) and "wild-fig" in {c["id"] for c in cards}
    assert "broken.json does not load and is left out" in err


def test_cards_list_and_the_deck_commands_warn_alike(folder: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    _, _, listed = run(capsys, "cards", "list", "village")
    code, out, checked = run(capsys, "deck", "check", "village", LEGAL, "--json")
    assert code == 0 and listed == checked and listed.startswith("companion: warning: ")
    assert [f"companion: warning: {w}" for w in json.loads(out)["warnings"]] == listed.splitlines()


def test_cards_list_still_refuses_a_cards_file_or_broken_bundled_data(
        folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    named = tmp_path / "named.json"  # named on purpose: an error, as for the deck commands
    named.write_text("[]", encoding="utf-8")
    code, out, err = run(capsys, "cards", "list", "village", "--cards", str(named))
    assert code == 2 and out == "" and "named.json" in err
    data = tmp_path / "data"
    shutil.copytree(cards_module.DATA_DIR / "village", data / "village")
    (data / "village" / "demo.json").write_text("{", encoding="utf-8")
    monkeypatch.setattr(cards_module, "DATA_DIR", data)
    code, out, err = run(capsys, "cards", "list", "village")
    assert code == 2 and out == "" and "demo.json" in err and "left out" not in err


# --- one check of a path read, one wording, for the cards and deck commands ------------------------

def _cards_import(path: Path, tmp_path: Path) -> list[str]:
    return ["cards", "import", "village", str(path), "--out", str(tmp_path / "out.json")]


def _deck_check(path: Path, _tmp_path: Path) -> list[str]:
    return ["deck", "check", "village", str(path)]


@pytest.mark.parametrize(("argv", "what"), [(_cards_import, "a CSV sheet"), (_deck_check, "a decklist")])
def test_a_path_that_cannot_be_read_is_worded_alike(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    argv: Callable[[Path, Path], list[str]],
                                                    what: str) -> None:
    folder = tmp_path / "sheets"
    folder.mkdir()
    code, out, err = run(capsys, *argv(folder, tmp_path))
    assert (code, out, err) == (2, "", f"companion: {folder}: is a directory, not {what}\n")
    missing = tmp_path / "none.csv"
    code, out, err = run(capsys, *argv(missing, tmp_path))
    assert (code, out, err) == (2, "", f"companion: {missing}: no such file (expected {what})\n")
    assert not (tmp_path / "out.json").exists()
