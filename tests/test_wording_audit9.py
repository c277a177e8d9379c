"""Findings of a new user's audit of the command line's wording: one quoting in decklist messages,
one sentence ending for ``cards correct``, the rule books' citations in the house form and a plain
Counter line for ``tmnt attack``."""

from __future__ import annotations

import pytest

from companion import cite
from companion.cli import main
from companion.deck import DecklistError
from companion.deck.decklist import parse_json, parse_text, short_json
from companion.printing.boards import find_sheet

from .test_deck import village_db


def _text_problems(text: str) -> list[str]:
    with pytest.raises(DecklistError) as err:
        parse_text(text, village_db())
    return [issue.problem for issue in err.value.issues]


def test_a_text_lists_bad_counts_are_quoted_alike() -> None:
    """`bad count "1000"` beside `bad count '-2'`: a count a line gave is quoted as text always is."""
    long = "9" * 25
    problems = _text_problems(f"1000 Apple\n-2 Apple\n{long} Apple\n-{long} Apple\nx Apple\n")
    assert problems[0].startswith("bad count '1000': at most 999 copies in one line")
    assert problems[1].startswith("bad count '-2': a count is at least 1")
    assert problems[2].startswith(f"bad count '{'9' * 19}…': at most 999")  # cut inside its quotes
    assert problems[3].startswith(f"bad count '-{'9' * 18}…': a count is at least 1")
    assert problems[4].startswith("bad count 'x':")
    assert not any('"' in p.split(":")[0] for p in problems)


def test_a_cut_json_text_closes_its_quote() -> None:
    """A JSON count given as long text: `bad count "999…` had no closing quote."""
    assert short_json("9" * 50, 20) == '"' + "9" * 17 + '…"'
    assert len(short_json("9" * 50, 20)) == 20
    assert short_json("99", 20) == '"99"' and short_json(10**50, 20) == str(10**50)[:19] + "…"
    with pytest.raises(DecklistError) as err:
        parse_json({"cards": [{"card": "Apple", "count": "9" * 60}]}, village_db())
    (issue,) = err.value.issues
    assert issue.problem.startswith('bad count "') and '…": a count is a whole number' in issue.problem


def test_cards_correct_ends_with_one_sentence_after_a_question(capsys: pytest.CaptureFixture[str]) -> None:
    """`Did you mean 'life'?; nothing was saved.`: the refusal ends as every other one does."""
    assert main(["cards", "correct", "mystics", "collin", "lief=3"]) == 2
    err = capsys.readouterr().err
    assert "Did you mean 'life'? Nothing was saved." in err and "?;" not in err.split("Did you mean")[-1]
    assert main(["cards", "correct", "mystics", "collin", "life=2.0"]) == 2
    assert "Write life=2. Nothing was saved." in capsys.readouterr().err


def test_the_mouse_points_sheet_cites_as_the_command_line_does() -> None:
    """The village-mp sheet cited "GAMEPLAY" where the CLI says "Gameplay" (companion.cite's form)."""
    assert find_sheet("village-mp")["cite"] == cite("village", "Gameplay")


def test_tmnt_attack_names_a_counter_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    """`Counter: Power 10 counter` said "counter" twice; a Forceful Counter keeps its mark."""
    assert main(["tmnt", "attack", "--character", "fire:5", "--attack", "wind:3", "--counter", "10"]) == 0
    out = capsys.readouterr().out
    assert "Counter: Power 10\n" in out and "the Counter Power 10 is bigger" in out
    main(["tmnt", "attack", "--character", "fire:5", "--attack", "wind:3", "--counter", "mountain:2"])
    assert "Counter: mountain 2\n" in capsys.readouterr().out
    main(["tmnt", "attack", "--character", "fire:5", "--attack", "wind:3", "--counter", "mountain:2:fc"])
    assert "Counter: mountain 2 forceful-counter\n" in capsys.readouterr().out


def test_a_high_score_entry_is_shown_as_json() -> None:
    """A solo high-score table's bad entry is said as JSON writes it, not as Python's repr."""
    from companion.errors import CompanionError
    from companion.monarchs.flow import HighScores

    with pytest.raises(CompanionError) as exc:
        HighScores.from_json({"solo_high_scores": [{"score": "x"}]})
    assert '{"score": "x"}' in str(exc.value) and "{'score'" not in str(exc.value)
