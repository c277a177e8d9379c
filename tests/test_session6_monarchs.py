"""Of Mice and Monarchs at the table (session 6): a list sorted under colour headings, a score file of
no cards, buttons off before a refusal, and whole-number options that suggest only what they take."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cards import CardDB, card_from_record
from companion.monarchs.scoring import ScoreFile
from companion.views.monarchs import MonarchsCompanion
from tests.helpers import run_cli as run


def db() -> CardDB:
    recs = [{"id": "duke", "name": "Duke", "type": "court", "color": "red", "cost": 4, "influence": 0,
             "move_cover": 0, "crowns": 2, "source": "demo"},
            {"id": "page", "name": "Page", "type": "court", "color": "purple", "cost": 2, "influence": 1,
             "move_cover": 0, "crowns": 1, "source": "demo"}]
    return CardDB("monarchs", [card_from_record("monarchs", "demo", r) for r in recs])


# -- a decklist sorted by colour under [Colour] headings (Game End and Scoring: "sort them by color") ----

SORTED = "[Red]\n3 Duke\n[Purple]\n2 Page\n"


def test_a_list_under_colour_headings_is_a_decklist_not_broken_json() -> None:
    cards = ScoreFile(SORTED, "pasted list").cards(db())
    assert sorted(c.name for c in cards) == ["Duke"] * 3 + ["Page"] * 2


def test_the_page_scores_a_list_under_colour_headings() -> None:
    v = MonarchsCompanion(db())
    v.list_text.value = SORTED
    v.score_list_button.click()
    assert "Total: 22 VP" in v.total.value  # red 3 x 6 = 18, purple 2 x 2 = 4
    assert "not valid JSON" not in v.list_message.value


def test_a_broken_json_list_is_still_said_as_json() -> None:
    with pytest.raises(Exception, match="not valid JSON"):
        ScoreFile('[{"color": "red", "crowns": 1}', "f.json").cards(db())


def test_the_command_scores_a_list_under_colour_headings(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "sorted.txt"
    f.write_text("[Yellow]\n2 Sun King\n", encoding="utf-8")
    code, out, err = run(capsys, "score", "monarchs", str(f))
    assert code == 0, err
    assert "yellow    2 cards x   6 crowns =   12 VP" in out


# -- a score file of no cards: refused by the command, as the page refuses it ------------------------------

@pytest.mark.parametrize(("text", "said"), [
    ("# Ann's cards\n// to do\n", "holds only comments, nothing to score"),
    ('{"cards": []}', 'lists no cards ("cards" is empty), nothing to score'),
    ("[Purple]\n", "lists no cards, nothing to score"),
])
def test_the_command_refuses_a_file_of_no_cards(text: str, said: str, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "ann.txt"
    f.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "score", "monarchs", str(f))
    assert code == 2 and out == ""  # never "Total: 0 VP", which reads as a real score
    assert said in err and "ann.txt" in err
    assert ScoreFile(text).why_empty(ScoreFile(text).cards(db())) is not None  # the page's own refusal


# -- buttons off (and why, in words) before a click would be refused ---------------------------------------

def test_plan_purchases_is_off_with_an_influence_past_the_planner() -> None:
    v = MonarchsCompanion(db())
    assert not v.plan_button.disabled and v.plan_off.value == ""
    v.influence.value = 99999
    assert v.plan_button.disabled
    assert "influence must be a whole number 0 to 4995, not 99999" in v.plan_off.value
    v.influence.value = 10 ** 5000  # (a number Python will not write out: said, never a traceback)
    assert v.plan_button.disabled and "thousands of digits" in v.plan_off.value
    v.influence.value = 6
    assert not v.plan_button.disabled and v.plan_off.value == ""


def test_read_these_dice_is_off_with_a_die_past_six() -> None:
    v = MonarchsCompanion(db())
    assert not v.read_button.disabled
    v.white.value = 7
    assert v.read_button.disabled and "the white die shows 1-6, not 7" in v.read_off.value
    v.white.value, v.black.value = 2, 0
    assert v.read_button.disabled and "the black die shows 1-6, not 0" in v.read_off.value
    v.black.value = 5
    assert not v.read_button.disabled and v.read_off.value == ""


# -- whole-number options: a number typed in another form is told only what the option takes ---------------

@pytest.mark.parametrize(("argv", "said"), [
    (["monarchs", "end", "--players", "1e1", "--seat", "1", "--court-deck", "0"], "it takes 1 to 6"),
    (["monarchs", "end", "--players", "4", "--seat", "1", "--court-deck", "1e3"], "it takes 0 to 200"),
    (["monarchs", "solo", "--white", "1e1", "--black", "1"], "it takes 1 to 6"),
    (["monarchs", "highscores", "--add", "1e3"], "it takes 0 to 999"),
    (["monarchs", "highscores", "--remove", "1e2"], "it takes 1 to 10"),
    (["monarchs", "buy", "--influence", "1e4", "--front", "2"], "it takes 0 to 4995"),
    (["village", "battle", "--attack", "a:1", "--mp", "1e3"], "it takes 0 to 999"),
    (["village", "battle", "--attack", "a:1", "--direct-damage", "1e3"], "it takes 0 to 999"),
])
def test_a_number_out_of_the_options_range_is_never_suggested(argv: list[str], said: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, *argv)
    assert code == 2 and said in err and "did you mean" not in err


def test_a_number_the_option_takes_is_still_suggested(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "monarchs", "solo", "--white", "6.5", "--black", "1")
    assert code == 2 and "did you mean 6?" in err  # (7 is no die face: not offered)
