"""The command line's words (new-user audit 9, leftovers): a card ``--cards`` names that the reader
cannot read is refused naming ``--cards``, as the live deck's other refusals name the option typed;
``mystics do --json`` lists a card file of yours left out in its ``warnings``, as ``village do --json``
does; ``village do`` and ``tmnt do`` say a replaced game in the same words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import NEW_GAME_REPLACES, main
from tests.helpers import run_cli as run

#: A card file whose last card is followed by a comma, which JSON does not allow.
BROKEN = '{"game": "%s", "set": "Mine", "cards": [\n  {"id": "mine", "name": "Mine", "type": "x"},\n]}\n'




@pytest.fixture
def session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A new Mouse Card log with no draw yet."""
    log = str(tmp_path / "s.jsonl")
    assert main(["mousecard", "new", log, "--seed", "1"]) == 0
    capsys.readouterr()
    return log


# -- 1. a card that cannot be read names --cards ---------------------------------------------------

@pytest.mark.parametrize("cards", ["ZZ", "QH, zz", "QH ZZ"])
def test_draw_refuses_an_unreadable_card_naming_cards(session: str, cards: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    before = Path(session).read_text(encoding="utf-8")
    code, out, err = run(capsys, "mousecard", "draw", session, "--character", "Pip", "--skill", "2",
                         "--target", "5", "--cards", cards)
    assert code == 2 and out == ""
    assert err.startswith("companion: --cards: not a card of the Mouse Card deck: "), err
    assert Path(session).read_text(encoding="utf-8") == before  # nothing written


def test_draw_on_refuses_an_unreadable_card_naming_cards(session: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "mousecard", "draw", session, "--character", "Pip", "--skill", "1",
               "--target", "2", "--cards", "2H")[0] == 0
    code, out, _err = run(capsys, "mousecard", "draw-on", session, "--character", "Pip", "--cards", "ZZ",
                         "--json")
    assert code == 2
    doc = json.loads(out)
    assert doc["error"].startswith("--cards: not a card of the Mouse Card deck: 'ZZ'"), doc


def test_readable_cards_are_drawn_as_typed(session: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "mousecard", "draw", session, "--character", "Pip", "--skill", "2",
                          "--target", "2", "--cards", "QH 3S", "--json")
    assert code == 0
    (draw,) = json.loads(out)["draws"]
    assert draw["cards"] == ["Q♥", "3♠"]


# -- 2. mystics do --json lists a card file left out -----------------------------------------------

def _break_mystics_folder(user_data: Path) -> None:
    """A card file of the user's Mice and Mystics folder that does not load (a trailing comma)."""
    folder = user_data / "mystics"
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text(BROKEN % "mystics", encoding="utf-8")


def test_mystics_do_json_warns_of_a_card_file_left_out(_isolated_user_data: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    _break_mystics_folder(_isolated_user_data)
    log = str(tmp_path / "chapter.jsonl")
    assert run(capsys, "mystics", "new", "--mice", "collin,filch", "--seed", "1", log)[0] == 0
    code, out, err = run(capsys, "mystics", "do", log, '{"event": "wound", "mouse": "filch"}', "--json")
    assert code == 0
    (said,) = [x for x in err.splitlines() if "broken.json" in x]  # said once on standard error
    warnings = json.loads(out)["warnings"]
    left_out = [w for w in warnings if "broken.json" in w]
    assert left_out == [said.removeprefix("companion: warning: ")]
    assert "does not load and is left out" in left_out[0]


def test_mystics_do_json_has_no_such_warning_when_every_file_loads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "chapter.jsonl")
    assert run(capsys, "mystics", "new", "--mice", "collin,filch", "--seed", "1", log)[0] == 0
    code, out, _err = run(capsys, "mystics", "do", log, '{"event": "wound", "mouse": "filch"}', "--json")
    assert code == 0
    assert not [w for w in json.loads(out)["warnings"] if "left out" in w]


def test_mystics_new_and_replay_json_warn_of_a_card_file_left_out(_isolated_user_data: Path, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    _break_mystics_folder(_isolated_user_data)
    log = str(tmp_path / "chapter.jsonl")
    for argv in (["mystics", "new", "--mice", "collin,filch", "--seed", "1", log, "--json"],
                 ["mystics", "replay", log, "--json"]):
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        (said,) = [x for x in err.splitlines() if "broken.json" in x]
        assert json.loads(out)["warnings"] == [said.removeprefix("companion: warning: ")], argv[1]

# -- 3. a replaced game said in the same words -----------------------------------------------------

def test_village_and_tmnt_say_a_replaced_game_alike(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    start = '{"event": "start", "players": ["Ann", "Bob"], "seed": 1}'
    for game in ("village", "tmnt"):
        log = str(tmp_path / f"{game}.jsonl")
        assert run(capsys, game, "do", log, start)[0] == 0
        code, out, err = run(capsys, game, "do", log, start, "--new-game", "--json")
        assert code == 0, err
        assert NEW_GAME_REPLACES in json.loads(out)["said"], game
