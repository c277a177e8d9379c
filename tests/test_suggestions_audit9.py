"""Audit 9, suggestions: a mistyped minion type, a joker typed as ``JR``, another game's card in
``cards correct``, and a broken ``--cards`` file named with its line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import CompanionError
from companion.mousecard.deck import parse_card
from companion.mystics import names
from tests.helpers import run_cli as run

# -- 1. --minions: only the closest types, not the whole roster ---------------------------------------


def test_a_minion_type_in_the_plural_suggests_the_types_of_that_word_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "x.jsonl")
    code, _, err = run(capsys, "mystics", "new", log, "--mice", "collin", "--minions", "rats=3")
    assert code == 2
    assert "unknown Mice and Mystics card 'rats'. Did you mean 'rat-warriors' or 'elite-rat-warriors'?" in err
    assert "roaches" not in err and "brodie" not in err
    assert not Path(log).exists() or not Path(log).read_text(encoding="utf-8").strip()


def test_a_word_of_a_name_is_suggested_with_the_fewest_other_words_first() -> None:
    options = [("elite-rat-warriors", ("Elite Rat Warriors",)), ("rat-warriors", ("Rat Warriors",)),
               ("spider", ("Spider",))]
    assert names.suggestions("rats", options) == ["rat-warriors", "elite-rat-warriors"]
    assert names.suggestions("the rat", options) == ["rat-warriors", "elite-rat-warriors"]
    assert names.suggestions("zzzz", options) == []


# -- 2. JR / JB: the jokers first ---------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "joker"), [("JR", "red joker"), ("jb", "black joker"),
                                              ("J R", "red joker"), ("j black", "black joker")])
def test_a_j_and_a_colour_suggests_that_joker_first(typed: str, joker: str) -> None:
    with pytest.raises(CompanionError) as caught:
        parse_card(typed)
    assert (caught.value.suggestion or "").startswith(f"Did you mean {joker!r}")


def test_a_draw_typed_as_jr_suggests_the_red_joker(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert main(["mousecard", "new", log, "--seed", "1"]) == 0
    code, _, err = run(capsys, "mousecard", "draw", log, "--character", "Pip", "--skill", "1",
                       "--target", "2", "--cards", "JR")
    assert code == 2 and "Did you mean 'red joker' or 'JH'?" in err


def test_a_jack_with_a_wrong_suit_still_gets_its_suits_only() -> None:
    with pytest.raises(CompanionError) as caught:
        parse_card("JX")
    assert "joker" not in (caught.value.suggestion or "")


# -- 3. cards correct: another game's card says which game ------------------------------------------


def test_correcting_another_games_card_names_the_game_and_the_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "correct", "village", "leonardo", "life=3", "--note", "my copy")
    assert code == 2
    assert ("unknown Village TCG card 'leonardo'. This looks like a TMNT TCG card (the one unknown name is): "
            "use `companion cards correct tmnt ID life=3 --note 'my copy'` ('leonardo' names 2 TMNT TCG "
            "cards, give one's id: leonardo-1, leonardo-2; a TMNT TCG character card has no 'life').") in err


def test_a_typo_in_cards_correct_keeps_its_suggestions_and_gets_no_game_hint(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "correct", "village", "acorn scot", "atk=3")
    assert code == 2 and "Did you mean 'Acorn Scout'" in err and "looks like" not in err


# -- 4. deck check --cards: the bad value's line, as validate names it --------------------------------


def test_a_broken_cards_file_is_named_with_the_line_of_its_first_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    card = {"id": "x1", "name": "X One", "type": "basic-mouse", "atk": "zz"}
    Path("myv.json").write_text('{"game": "village", "set": "Mine", "cards": [\n'
                                f" {json.dumps(card)}\n]}}\n", encoding="utf-8")
    Path("v.txt").write_text("4 Acorn Scout\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", "myv.json")
    assert code == 1 and "myv.json:2 /cards/0/atk" in out
    code, _, err = run(capsys, "deck", "check", "village", "v.txt", "--cards", "myv.json")
    assert code == 2 and "companion: myv.json:2 /cards/0/atk (card 'x1'): 'atk' has the wrong type" in err
