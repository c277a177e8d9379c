"""Of Mice and Monarchs, fourth user audit: solo high scores ranked per scoring (standard and family
apart, each with its top 10), a named card's colour and crowns taken from the card data when a score
file leaves one out, and the notebook's claim of a tie-break the book does not give."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.cards import load_game
from companion.errors import CompanionError
from companion.highscores import high_score_path, load_high_scores, record_high_score
from companion.monarchs.flow import HighScore, HighScores
from companion.monarchs.scoring import ScoreInputError, parse_score_input, score
from companion.views.monarchs import MonarchsCompanion
from tests.helpers import run_cli as run

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "monarchs.ipynb"




def text(widget_html: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def table_file(entries: list[dict[str, object]]) -> Path:
    path = high_score_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"game": "monarchs", "solo_high_scores": entries}), encoding="utf-8")
    return path


# -- 2. each scoring has its own table --------------------------------------------------------------

def test_a_family_score_is_kept_beside_ten_standard_scores(capsys: pytest.CaptureFixture[str]) -> None:
    for points in range(50, 40, -1):
        assert run(capsys, "monarchs", "highscores", "--add", str(points))[0] == 0
    code, out, _ = run(capsys, "monarchs", "highscores", "--add", "5", "--variant", "family")
    assert code == 0 and out.splitlines()[0].startswith("Score 5: rank 1 (family scoring")
    assert [(e.score, e.variant) for e in load_high_scores().of("family")] == [(5, "family")]
    assert len(load_high_scores().of("standard")) == 10  # the standard table keeps its ten
    lines = out.splitlines()
    assert lines[1] == "Standard scoring:" and lines[12] == "Family scoring:"
    assert lines[2].startswith("  1.   50 VP") and lines[13].startswith("  1.    5 VP")
    code, out, _ = run(capsys, "monarchs", "highscores", "--add", "40")  # an 11th standard score
    assert out.splitlines()[0] == ("Score 40: not in the top 10 (standard scoring, ranked among the standard "
                                   "scores)")
    code, out, _ = run(capsys, "monarchs", "highscores", "--json")
    doc = json.loads(out)
    assert [r["rank"] for r in doc["tables"]["family"]] == [1] and len(doc["tables"]["standard"]) == 10


def test_the_page_ranks_a_family_score_among_family_scores() -> None:
    record_high_score(HighScore(35, "Ann", variant="standard"))
    v = MonarchsCompanion(load_game("monarchs"))
    v.hs_variant.value, v.hs_score.value = "family", 40
    assert v.save_score() == 1
    assert "Saved 40 VP (family scoring): rank 1 of the family scores" in text(v.hs_message.value)
    shown = text(v.highscores.value)
    order = [shown.index(words) for words in ("Standard scoring", "35", "Family scoring", "40")]
    assert order == sorted(order)
    table = load_high_scores()
    assert table.ranks() == [1, 1] and [e.score for e in table.of("standard")] == [35]
    v.hs_variant.value, v.hs_score.value = "standard", 30
    assert v.save_score() == 2  # behind Ann's 35, never behind the family 40


def test_an_older_table_loads_each_scoring_keeping_its_top_ten() -> None:
    # kept by an older version: one list cut at ten; scores without a scoring rank as standard
    table_file([{"score": 60 - i, "name": f"s{i}"} for i in range(12)]
               + [{"score": 70 - i, "name": f"f{i}", "variant": "family"} for i in range(3)])
    table = load_high_scores()
    assert len(table.of("standard")) == 10 and [e.score for e in table.of("family")] == [70, 69, 68]
    assert table.best == 60 and table.best_of("family") == 70
    with pytest.raises(CompanionError, match="2 past the top 10"):  # (the two past them: moved out first)
        table.add(HighScore(55, variant="standard"))
    new, rank = HighScores(table.entries).add(HighScore(55, variant="standard"))
    assert rank == 6 and len(new.of("standard")) == 10 and len(new.of("family")) == 3


def test_a_place_both_tables_list_needs_the_scoring(capsys: pytest.CaptureFixture[str]) -> None:
    table_file([{"score": 30, "name": "Ann", "variant": "standard"},
                {"score": 20, "name": "Bo", "variant": "family"}])
    code, _, err = run(capsys, "monarchs", "highscores", "--remove", "1")
    assert code == 2 and "place 1 is in both tables" in err and "--variant" in err
    assert len(load_high_scores().entries) == 2
    code, out, _ = run(capsys, "monarchs", "highscores", "--remove", "1", "--variant", "family")
    assert code == 0 and "Removed: 20 VP  Bo" in out
    record_high_score(HighScore(20, "Bo", variant="family"))
    code, out, _ = run(capsys, "monarchs", "highscores", "--remove", "1", "--name", "bo")  # the name: which
    assert code == 0 and "Removed: 20 VP  Bo" in out
    assert [(e.score, e.name) for e in load_high_scores().entries] == [(30, "Ann")]
    with pytest.raises(CompanionError, match="no high score at place 2"):
        HighScores((HighScore(30), HighScore(20, variant="family"))).remove(2)


def test_the_page_takes_back_a_family_score_listed_at_a_place_a_standard_one_shares() -> None:
    record_high_score(HighScore(30, "Ann", variant="standard"))
    record_high_score(HighScore(20, "Bo", variant="family"))
    v = MonarchsCompanion(load_game("monarchs"))
    rows = {label: value for label, value in v.hs_pick.options if value is not None}
    bo = next(value for label, value in rows.items() if "Bo" in label)
    assert next(label for label in rows if "Bo" in label).startswith("1. 20 VP  Bo")
    v.hs_pick.value = bo
    v.remove_button.click()
    assert [(e.score, e.name) for e in load_high_scores().entries] == [(30, "Ann")]


# -- 5. a card of the card data gives what a score file leaves out ------------------------------------

def test_a_named_card_takes_its_colour_or_crowns_from_the_card_data(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = load_game("monarchs")
    sun = db.lookup("Sun King")
    colour, crowns = sun.get("color"), sun.get("crowns")
    for entry in ({"card": "Sun King", "crowns": crowns}, {"card": "Sun King", "color": colour},
                  {"name": "Sun King", "crowns": crowns}):
        cards = parse_score_input(json.dumps({"cards": [entry]}), db)
        assert [(c.color, c.crowns, c.name) for c in cards] == [(colour, crowns, "Sun King")], entry
    f = tmp_path / "f.json"
    f.write_text(json.dumps({"cards": [{"card": "Sun King", "crowns": crowns}]}), encoding="utf-8")
    code, out, err = run(capsys, "score", "monarchs", str(f), "--json")
    assert code == 0, err
    assert json.loads(out)["total"] == score(parse_score_input(f.read_text(), db)).total == crowns
    with pytest.raises(ScoreInputError, match="in the card data, not"):  # typed, it must still agree
        parse_score_input(json.dumps({"cards": [{"card": "Sun King", "crowns": crowns + 1}]}), db)
    with pytest.raises(ScoreInputError, match='missing "color"'):  # a card of one's own names its colour
        parse_score_input(json.dumps({"cards": [{"name": "My Own Mouse", "crowns": 2}]}), db)


# -- 7. the notebook claims no tie-break --------------------------------------------------------------

def test_the_notebook_intro_claims_no_tie_break() -> None:
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    intro = "".join(nb["cells"][0]["source"])
    assert "who wins ties" not in intro and "gives no tie-break" in intro
