"""What ``companion mystics do`` and ``mystics replay`` print as text: the messages the events added
(a surge and its text, cheese, rolls) before the board, and the notes on logged actions kept as played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.mystics.tracker import added_messages


def new_log(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mystics", "new", str(path), "--mice", "collin,filch", "--minions", "rat-warriors=2",
                 "--seed", "1"]) == 0
    capsys.readouterr()


def test_do_prints_the_surge_and_its_text_before_the_board(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    new_log(path, capsys)
    assert main(["mystics", "do", str(path),
                 '{"event": "encounter", "card": "E4", "surge_text": "1 spider and mousetraps"}',
                 '{"event": "minion_cheese", "count": 6}']) == 0
    out = capsys.readouterr().out
    board = out.index("Minion cheese wheel")
    assert "Surge" in out[:board] and "1 spider and mousetraps" in out[:board], out


def test_do_prints_only_the_messages_of_this_batch(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    new_log(path, capsys)
    key = '{"event": "achievement", "name": "Found the key", "move_end": 1}'
    assert main(["mystics", "do", str(path), key]) == 0
    first = capsys.readouterr().out
    assert "Achievement 'Found the key'" in first
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 1}']) == 0
    second = capsys.readouterr().out
    assert "Found the key" not in second
    assert main(["mystics", "do", str(path), "undo"]) == 0
    undone = capsys.readouterr().out  # an undo says what it took back, only that, then the board
    assert undone.startswith("Undone: +1 cheese on the minion wheel") and "Found the key" not in undone


def test_do_json_is_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    new_log(path, capsys)
    assert main(["mystics", "do", str(path), '{"event": "minion_cheese", "count": 1}', "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["added"] == 1


def test_replay_prints_the_notes_on_actions_kept_as_logged(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    new_log(path, capsys)
    with path.open("a") as f:  # written before the check: the book moves Poisonmaster's marker 0 pages
        f.write(json.dumps({"event": "achievement", "name": "Poisonmaster", "move_end": 1}) + "\n")
        for _ in range(45):  # more messages than the tracker keeps: the note is still said
            f.write(json.dumps({"event": "note", "text": "x"}) + "\n")
    assert main(["mystics", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    notes = [line for line in out.splitlines() if "Kept as logged, though the rules refuse it now" in line]
    # two refusals since: no mouse captured with a poison wound (Poisonmaster's condition), and move_end
    assert len(notes) == 2 and all("Poisonmaster" in n for n in notes), out
    assert "captured with at least 1 unhealed poison wound" in notes[0] and "not move_end 1" in notes[1]
    assert main(["mystics", "replay", str(path), "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["kept"]) == 2


def test_added_messages_past_the_limit() -> None:
    from companion.mystics.tracker import MESSAGES_KEPT, MysticsState

    a = MysticsState(messages=("a", "b"), said=2)
    assert added_messages(a, MysticsState(messages=("a", "b", "c"), said=3)) == ("c",)
    b = MysticsState(messages=("a", "b", "c"), said=7)
    assert added_messages(b, MysticsState(messages=("b", "c", "d"), said=8)) == ("d",)  # the oldest cut off
    assert added_messages(a, a) == ()
    # the same message again, with the list full: still one new message (it was none)
    full = MysticsState(messages=("x",) * MESSAGES_KEPT, said=50)
    assert added_messages(full, MysticsState(messages=("x",) * MESSAGES_KEPT, said=51)) == ("x",)


def test_do_says_a_repeated_message_past_the_limit(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """45 identical notes: the one added by the last `do` is still printed."""
    path = tmp_path / "m.jsonl"
    new_log(path, capsys)
    note = '{"event": "note", "text": "the door creaks"}'
    assert main(["mystics", "do", str(path), *[note] * 45]) == 0
    capsys.readouterr()
    assert main(["mystics", "do", str(path), note]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if "the door creaks" in line]
    assert len(said) == 1, said
