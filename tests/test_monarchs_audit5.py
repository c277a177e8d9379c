"""Of Mice and Monarchs, fifth audit: two high-score saves at once both kept, a score file's need of
card data read from its parsed JSON, the solo dice's JSON naming what each row loses, the solo end's
JSON citing Solo Mode, and a score file's bad colour or crowns pointed at the field."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import companion.highscores as hs
from companion.monarchs.flow import HighScore
from companion.monarchs.scoring import ScoreFile, ScoreInputError, parse_score_input
from tests.helpers import run_cli as run

# -- 1. saves at once ---------------------------------------------------------------------------------

def _slow_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table read takes a while, so saves at once overlap between their read and their write."""
    load = hs.load_high_scores

    def slow(path: object = None) -> object:
        table = load(path)  # type: ignore[arg-type]
        time.sleep(0.05)
        return table

    monkeypatch.setattr(hs, "load_high_scores", slow)


def test_saves_at_once_keep_every_score(monkeypatch: pytest.MonkeyPatch) -> None:
    _slow_reads(monkeypatch)
    threads = [threading.Thread(target=hs.record_high_score, args=(HighScore(n, f"p{n}"),))
               for n in range(1, 7)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(e.score for e in hs.load_high_scores().entries) == [1, 2, 3, 4, 5, 6]


def test_a_removal_and_saves_at_once_lose_nothing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "hs.json"
    hs.record_high_score(HighScore(90, "gone"), path)
    _slow_reads(monkeypatch)
    jobs = [threading.Thread(target=hs.remove_high_score, args=(1, path))]
    jobs += [threading.Thread(target=hs.record_high_score, args=(HighScore(n), path)) for n in (10, 20, 30)]
    for t in jobs:
        t.start()
    for t in jobs:
        t.join()
    # (90 is at place 1 whenever the removal comes: it is the one taken back)
    assert sorted(e.score for e in hs.load_high_scores(path).entries) == [10, 20, 30]
    assert not list(path.parent.glob("*.lock"))  # the lock is the folder's: no file is left behind


def test_commands_saving_at_once_keep_every_score(tmp_path: Path) -> None:
    env = {**os.environ, "COMPANION_USER_DATA": str(tmp_path)}
    procs = [subprocess.Popen([sys.executable, "-m", "companion", "monarchs", "highscores", "--add", str(n),
                               "--name", f"n{n}"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for n in range(1, 9)]
    for p in procs:
        _out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    doc = json.loads((tmp_path / "highscores" / "monarchs-solo.json").read_text(encoding="utf-8"))
    assert sorted(e["score"] for e in doc["solo_high_scores"]) == list(range(1, 9))


# -- 2. card data needed: from the parsed JSON ------------------------------------------------------

def needs_card_data(text: str) -> bool:
    return ScoreFile(text).needs_card_data()


def test_the_players_name_needs_no_card_data() -> None:
    assert not needs_card_data('{"name": "Ann", "cards": [{"color": "red", "crowns": 2}]}')
    assert not needs_card_data('{"cards": [{"color": "red", "crowns": 2}], "notes": "\\"name\\""}')
    assert needs_card_data('{"cards": [{"card": "Sun King"}]}')
    assert needs_card_data("Sun King\n")  # a decklist


def test_a_key_written_with_escapes_is_the_key_it_spells() -> None:
    text = '{"cards": [{"\\u006eame": "Sun King"}]}'
    assert needs_card_data(text)


def test_a_score_file_with_an_escaped_name_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "esc.json"
    path.write_text('{"cards": [{"\\u0063ard": "Sun King"}]}', encoding="utf-8")
    code, out, err = run(capsys, "score", "monarchs", str(path), "--json")
    assert code == 0, err
    assert json.loads(out)["total"] > 0


# -- 3. the solo dice's JSON says what was removed --------------------------------------------------

def test_solo_json_names_the_card_removed_and_an_empty_spot(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("monarchs", "solo", "--white", "3", "--black", "2", "--front", "1", "2", "Sun King/golden baron",
            "--back", "1", "-")
    code, text, _ = run(capsys, *argv)
    assert code == 0 and "back 2 was typed as an empty spot" in text
    code, out, _ = run(capsys, *argv, "--json")
    doc = json.loads(out)
    assert doc["removed"] == {"front": {"position": 3, "card": "Golden Baron"}, "back": None}
    assert doc["front"] == 3 and doc["back"] == 2  # (the positions the dice point at, as before)


def test_solo_json_without_a_court_and_on_a_choice(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "solo", "--white", "6", "--black", "4", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["removed"] == {"front": {"position": None, "card": None},
                                            "back": {"position": 4, "card": None}}


# -- 4. the solo end cites Solo Mode ----------------------------------------------------------------

def test_the_solo_end_json_cites_solo_mode(capsys: pytest.CaptureFixture[str]) -> None:
    end = ("monarchs", "end", "--seat", "1", "--court-deck", "0", "--json")
    code, out, _ = run(capsys, *end, "--players", "1")
    doc = json.loads(out)
    assert code == 0 and doc["cite"] == "of-mice-and-monarchs.md, Solo Mode" and "Solo Mode" in doc["message"]
    code, out, _ = run(capsys, *end, "--players", "2")
    assert json.loads(out)["cite"] == "of-mice-and-monarchs.md, Game End and Scoring"


# -- 5. a bad field is pointed at ---------------------------------------------------------------------

def test_bad_crowns_point_at_the_crowns() -> None:
    with pytest.raises(ScoreInputError) as err:
        parse_score_input('{"cards": [{"color": "red", "crowns": -1}]}', source="f.json")
    assert err.value.where == "f.json /cards/0/crowns"


def test_a_bad_colour_points_at_the_colour_with_the_closest(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text('{"cards": [{"color": "orang", "crowns": 0}]}', encoding="utf-8")
    code, _, err = run(capsys, "score", "monarchs", str(path))
    assert code == 2 and "/cards/0/color" in err and "Did you mean 'orange'?" in err
    assert "Traceback" not in err
