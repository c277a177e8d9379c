"""A tenth audit of Mice and Mystics and Of Mice and Monarchs from the command line: odds on die faces the
user corrected say so; Monarchs results built on demo cards say so, and a count above the set's is noted;
a greedy roach steals (Greedy Roaches); moves that change nothing are refused (older lines are kept);
Born to Lead on cards added at the bottom says it is a house interpretation; a high-score file's variant
is read in any case; a solo game's "play on" cites Solo Mode."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import run_cli as run

MICE = ("--mice", "collin,filch,tilda,maginos", "--minions", "rat-warriors=3", "--seed", "1",
        "--chapter", "1")


def new_log(capsys: pytest.CaptureFixture[str], path: Path, *events: dict[str, Any]) -> None:
    assert run(capsys, "mystics", "new", str(path), *MICE)[0] == 0
    for e in events:
        assert run(capsys, "mystics", "do", str(path), json.dumps(e))[0] == 0, e


# -- 1. odds on corrected die faces ------------------------------------------------------------------

def test_odds_name_the_users_corrected_faces(capsys: pytest.CaptureFixture[str]) -> None:
    for field in ('symbols=["sword"]', "certain=true"):
        assert run(capsys, "cards", "correct", "mystics", "die-sword", field, "--note", "my dice")[0] == 0
    code, out, _ = run(capsys, "odds", "mystics", "search", "--json")
    assert code == 0
    notes = json.loads(out)["notes"]
    own = [n for n in notes if "your own values" in n]
    assert own and "die-sword" in own[0] and "corrections.json" in own[0]
    unsure = next(n for n in notes if "not confirmed by the rule book" in n)
    assert "die-sword (certain by your correction only)" in unsure


def test_odds_on_the_bundled_die_name_no_correction(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "mystics", "search", "--json")
    assert code == 0 and not any("your own values" in n for n in json.loads(out)["notes"])


# -- 2. Monarchs demo cards ------------------------------------------------------------------------

def test_score_from_demo_cards_says_demo_and_notes_counts(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text("3 Green Knight\n2 Sun King\n7 Peasant Mouse (A, +1)\n")
    code, out, _ = run(capsys, "score", "monarchs", str(deck), "--json")
    notes = json.loads(out)["notes"]
    assert code == 0 and any(n.startswith("demo cards") and "Sun King" in n for n in notes)
    assert "3 Green Knight, but the set holds 2: check the count" in notes
    assert "2 Sun King, but the set holds 1: check the count" in notes


def test_score_by_colour_has_no_demo_note(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.json"
    f.write_text(json.dumps({"cards": [{"color": "yellow", "crowns": 3}]}))
    code, out, _ = run(capsys, "score", "monarchs", str(f), "--json")
    assert code == 0 and json.loads(out)["notes"] == []


def test_buy_and_solo_from_demo_cards_say_demo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "buy", "--influence", "7", "--front", "Green Knight")
    assert code == 0 and "demo cards" in out and "Green Knight" in out.split("demo cards")[1]
    code, out, _ = run(capsys, "monarchs", "solo", "--white", "1", "--black", "1", "--front", "Sun King",
                       "--json")
    assert code == 0 and any("demo cards" in line for line in json.loads(out)["lines"])


# -- 3. the greedy roach steals --------------------------------------------------------------------

def test_greedy_roach_refusal_says_steal_and_cites_greedy_roaches(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "l.jsonl"
    new_log(capsys, log)
    code, _, err = run(capsys, "mystics", "do", str(log), '{"event":"greedy_steal","mouse":"filch"}')
    assert code == 2 and "steal" in err and "Greedy Roaches" in err
    assert "spend" not in err and "Mouse Hero Cards" not in err


# -- 4. moves that change nothing ------------------------------------------------------------------

@pytest.mark.parametrize("event", [{"event": "hourglass", "move": -1}, {"event": "hourglass", "move": 0},
                                   {"event": "minion_cheese", "count": 0}])
def test_a_move_that_changes_nothing_is_refused_and_not_written(tmp_path: Path, event: dict[str, Any],
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "n.jsonl"
    new_log(capsys, log)
    before = log.read_text()
    code, _, err = run(capsys, "mystics", "do", str(log), json.dumps(event))
    assert code == 2 and "changes nothing" in err and "Nothing was written" in err
    assert log.read_text() == before


def test_an_older_no_op_line_still_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "o.jsonl"
    new_log(capsys, log)
    with log.open("a") as f:
        f.write(json.dumps({"event": "hourglass", "move": -1, "seq": 3}) + "\n")
        f.write(json.dumps({"event": "minion_cheese", "count": 0, "seq": 4}) + "\n")
    code, out, _ = run(capsys, "mystics", "replay", str(log))
    assert code == 0 and out.count("Kept as logged") == 2


# -- 5. Born to Lead on cards added at the bottom --------------------------------------------------

def test_born_to_lead_at_the_bottom_says_house_interpretation(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    end = {"event": "end_turn"}
    log = tmp_path / "k.jsonl"
    new_log(capsys, log, end, end, end, end, {"event": "defeat_minion", "minion": "rat-warriors", "count": 3},
            end, {"event": "minion_cheese", "count": 4}, end, end, end, end)
    encounter = {"event": "encounter", "card": "R", "minions": {"rat-warriors": 2, "roaches": 3},
                 "surge": {"spider": 1}}
    code, out, _ = run(capsys, "mystics", "do", str(log), json.dumps(encounter))
    first = [line for line in out.splitlines() if "Born to Lead" in line]
    # (a new order: the book's own case)
    assert code == 0 and first and "house interpretation" not in first[0]
    code, out, _ = run(capsys, "mystics", "do", str(log), '{"event":"minion_cheese","count":6}')
    lead = [line for line in out.splitlines() if "Born to Lead" in line]
    assert code == 0 and lead and "house interpretation" in lead[0] and "Mouse Hero Cards, Collin" in lead[0]


# -- 6. the high-score file's variant in any case --------------------------------------------------

def test_high_score_variant_is_read_in_any_case() -> None:
    from companion.monarchs.flow import HighScores

    table = HighScores.from_json({"game": "monarchs", "solo_high_scores": [
        {"score": 28, "name": "Ann", "date": "2024-01-02", "variant": "Family"}]})
    assert table.of("family")[0].score == 28


# -- 7. solo "play on" cites Solo Mode -------------------------------------------------------------

def test_solo_play_on_cites_solo_mode(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "end", "--players", "1", "--seat", "1", "--court-deck", "3",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and "Solo Mode" in doc["message"] and doc["cite"].endswith("Solo Mode")
