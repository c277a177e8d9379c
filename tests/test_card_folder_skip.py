"""A card file of yours with a JSON syntax error (a trailing comma) is left out by every command that
reads the cards, with one warning naming the file and its problem, as the deck commands do; the
command goes on with the bundled cards. A broken file named with ``--cards`` stays an error. Each
command here exited 2 before (``village do`` went on without any card data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cards import CardFileError, leaving_out, load_game
from tests.helpers import run_cli as run

#: A card file whose last card is followed by a comma, which JSON does not allow.
BROKEN = '{"game": "%s", "set": "Mine", "cards": [\n  {"id": "mine", "name": "Mine", "type": "x"},\n]}\n'


@pytest.fixture
def broken(_isolated_user_data: Path) -> Path:
    """A broken card file in each game's card folder of yours; returns the user data folder."""
    for game in ("village", "tmnt", "monarchs", "mystics"):
        folder = _isolated_user_data / game
        folder.mkdir(parents=True)
        (folder / "broken.json").write_text(BROKEN % game, encoding="utf-8")
    return _isolated_user_data




def one_warning(err: str, game: str, folder: Path) -> str:
    """The one warning of ``err`` about ``game``'s broken file: it names the file, the line of the
    problem, what to fix and the command that lists every problem."""
    (line,) = [x for x in err.splitlines() if "broken.json" in x]
    path = folder / game / "broken.json"
    assert line.startswith(f"companion: warning: your {game} card file broken.json does not load and is "
                           f"left out: {path}:3:1: is not valid JSON")
    assert "Remove the comma after the last item" in line and f"run `companion validate {path}`" in line
    return line


COMMANDS = [
    ("village", ["village", "battle", "--attack", "Acorn Scout"], 0),
    ("tmnt", ["tmnt", "attack", "--character", "Leonardo"], 0),
    ("monarchs", ["score", "monarchs", "{tmp}/hand.txt"], 0),
    ("monarchs", ["monarchs", "buy", "--hand", "Sun King", "1", "--front", "Green Knight", "2"], 0),
    ("monarchs", ["monarchs", "solo", "--white", "1", "--black", "1", "--front", "Sun King",
                  "--back", "Green Knight"], 0),
    ("mystics", ["mystics", "new", "--mice", "collin,filch", "--seed", "1", "{tmp}/chapter.jsonl"], 0),
    ("mystics", ["odds", "mystics", "attack"], 0),
    ("village", ["print", "cards", "village", "--out", "{tmp}/cards.pdf"], 0),
    ("village", ["cards", "export", "village"], 0),
    ("village", ["cards", "correct", "village", "Acorn Scout", "def=2"], 0),
    ("village", ["cards", "list", "village"], 0),
]


@pytest.mark.parametrize(("game", "argv", "status"), COMMANDS, ids=[" ".join(c[1][:2]) for c in COMMANDS])
def test_a_broken_file_of_yours_is_left_out_with_one_warning(
        broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, argv: list[str],
        status: int) -> None:
    (tmp_path / "hand.txt").write_text("2 Sun King\n3 Green Knight\n", encoding="utf-8")
    code, out, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in argv))
    assert code == status, err
    one_warning(err, game, broken)
    assert out.strip()  # the command did its work


def test_village_do_keeps_the_bundled_cards(broken: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "village.jsonl"
    code, out, err = run(capsys, "village", "do", str(log), '{"event": "start", "seed": 1}',
                         '{"event": "play_basic", "name": "Acorn Scout"}')
    assert code == 0, err
    assert "Acorn Scout #1 (basic, ATK 1 / DEF 1" in out  # the bundled card's stats, not "unknown"
    assert "card data not used" not in err
    one_warning(err, "village", broken)
    code, out, err = run(capsys, "village", "do", str(log), "--json",
                         '{"event": "mp", "player": 1, "delta": -3}')
    said = one_warning(err, "village", broken).removeprefix("companion: warning: ")
    assert code == 0 and said in json.loads(out)["warnings"]  # (--json lists it with the others)


def test_mystics_replay_and_do_read_the_cards_that_load(broken: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "chapter.jsonl"
    assert run(capsys, "mystics", "new", "--mice", "collin,filch", "--seed", "1", str(log))[0] == 0
    code, _out, err = run(capsys, "mystics", "do", str(log), '{"event": "wound", "mouse": "filch"}')
    assert code == 0, err
    one_warning(err, "mystics", broken)
    code, _out, err = run(capsys, "mystics", "replay", str(log))
    assert code == 0, err
    one_warning(err, "mystics", broken)


@pytest.mark.parametrize("argv", [["village", "battle", "--attack", "Acorn Scout"],
                                  ["tmnt", "attack", "--character", "Leonardo"],
                                  ["print", "cards", "village", "--out", "{tmp}/cards.pdf"]])
def test_a_broken_file_named_with_cards_is_still_an_error(broken: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str],
                                                          argv: list[str]) -> None:
    named = tmp_path / "named.json"
    named.write_text(BROKEN % argv[0 if argv[0] != "print" else 2], encoding="utf-8")
    code, out, err = run(capsys, *(a.replace("{tmp}", str(tmp_path)) for a in argv), "--cards", str(named))
    assert code == 2 and out == ""
    assert f"companion: {named}:3:1: is not valid JSON" in err
    assert not (tmp_path / "cards.pdf").exists()


def test_load_game_leaves_out_only_inside_leaving_out(broken: Path) -> None:
    with pytest.raises(CardFileError, match=r"broken\.json"):
        load_game("village")
    with leaving_out("village") as (db, skipped):
        assert list(skipped) == [str(broken / "village" / "broken.json")]
        assert "acorn-scout" in load_game("village") and "mine" not in db
        with leaving_out("village") as (_db, again):  # said once: nothing more is left out
            assert again == {} and load_game("village").lookup("Acorn Scout") is not None
    with pytest.raises(CardFileError, match=r"broken\.json"):
        load_game("village")
