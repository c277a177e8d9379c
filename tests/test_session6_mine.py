"""Mends of the sixth session not in a helper's area: a value typed in quotes in a card file, a type two
types hold alike, a deck saved under its own name offered by the deck builder."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.cards import DATA_DIR
from companion.validation import validate_document


def _village(card: dict[str, object]) -> dict[str, object]:
    base = {"id": "a", "name": "A", "type": "basic-mouse", "atk": 1, "def": 1, "source": "demo"}
    return {"game": "village", "set": "mine", "cards": [{**base, **card}]}


def _issues(card: dict[str, object]) -> list[str]:
    return [i.render() for i in validate_document(_village(card), file="mine.json")]


def test_a_number_in_quotes_is_told_to_lose_them() -> None:
    (atk,) = _issues({"atk": "+3"})
    assert "'atk' has the wrong type" in atk
    assert atk.endswith("Write it without quotes: 3")
    (defence,) = _issues({"def": " 2 "})
    assert defence.endswith("Write it without quotes: 2")


def test_null_in_quotes_is_told_what_null_means() -> None:
    (atk,) = _issues({"atk": "null"})
    assert atk.endswith("Write null without quotes (it means unknown)")


def test_no_advice_where_quotes_are_not_the_slip() -> None:
    for value in ("three", "3a", "1e3", "", "1234567890"):  # (ten digits: no card's number, no advice)
        (issue,) = _issues({"atk": value})
        assert "wrong type" in issue and "Write it without quotes" not in issue, value
    (issue,) = _issues({"atk": "true"})  # a whole number or null: true is no better without quotes
    assert "Write" not in issue
    assert _issues({}) == []  # (the base card itself is clean)


def test_a_type_two_types_hold_is_not_guessed_as_one() -> None:
    from companion.errors import closest_tied

    assert closest_tied("Mouse", ["basic-mouse", "mega-mouse", "fruit"]) == ["basic-mouse", "mega-mouse"]
    assert closest_tied("megamouse", ["basic-mouse", "mega-mouse", "fruit"]) == ["mega-mouse"]
    assert closest_tied("frut", ["basic-mouse", "mega-mouse", "fruit"]) == ["fruit"]
    assert closest_tied("zzz", ["basic-mouse", "fruit"]) == []
    (kind,) = _issues({"type": "Mouse"})
    assert kind.endswith("Did you mean 'basic-mouse' or 'mega-mouse'?")
    card = {"id": "a", "name": "A", "type": "mouse", "atk": 1, "source": "demo"}
    doc = {"game": "village", "set": "m", "cards": [card]}
    issues = [i.render() for i in validate_document(doc, file="m")]
    assert any("expected a basic-mouse or mega-mouse card to have 'def'" in i for i in issues), issues


def test_the_deck_builder_offers_a_deck_saved_under_its_own_name_for_its_game(
        _isolated_user_data: Path) -> None:
    """A list put in the decks folder by hand (named after no game) is offered by the deck builder's Open
    for the game its cards are, as the Printables page offers it (deck.saved.saved_decks, one list)."""
    from companion.deck.draft import draft_path
    from companion.deck.saved import saved_decks
    from companion.views.deck import DeckBuilderView

    decks = _isolated_user_data / "decks"
    decks.mkdir(parents=True, exist_ok=True)
    shutil.copy(DATA_DIR / "decks" / "village-demo-legal.txt", decks / "my deck.txt")
    shutil.copy(DATA_DIR / "decks" / "tmnt-demo-legal.txt", decks / "turtles.txt")
    (decks / "notes.txt").write_text("buy more sleeves\n", encoding="utf-8")
    untold: list[str] = []
    assert [d.path.name for d in saved_decks("village", untold=untold)] == ["my deck.txt"]
    assert len(untold) == 1 and untold[0].startswith("'notes.txt' is offered for no game")
    draft_path().unlink(missing_ok=True)
    view = DeckBuilderView("village")
    offered = dict(view.load.options)
    assert str(decks / "my deck.txt") in offered.values()
    assert str(decks / "turtles.txt") not in offered.values()
    view.load.value = str(decks / "my deck.txt")
    assert "Acorn Scout" in view.input.value


def test_the_deck_and_print_number_options_suggest_only_numbers_they_take(
        capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    deck = str(DATA_DIR / "decks" / "village-demo-legal.txt")
    assert main(["deck", "odds", "village", deck, "--kind", "type=fruit", "--at-least", "-0.5"]) == 2
    err = capsys.readouterr().err
    assert "argument --at-least: expected a whole number, found '-0.5': did you mean 0?\n" in err
    assert main(["print", "cards", "village", "--max-pages", "0.5", "--out", "x.pdf"]) == 2
    err = capsys.readouterr().err
    assert "argument --max-pages: expected a whole number, found '0.5': did you mean 1?\n" in err


def _with_a_stray_field(log: Path, field: str) -> None:
    """The log's last line given a field its event does not take, as a hand edit leaves it."""
    lines = log.read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    last[field] = 1
    log.write_text("\n".join([*lines[:-1], json.dumps(last)]) + "\n", encoding="utf-8")


@pytest.mark.parametrize("game", ["village", "tmnt", "mystics", "mousecard"])
def test_a_page_opened_on_a_log_says_the_fields_its_replay_ignored(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The replay commands warn of a field a line's event does not take (tracker.stray_fields); a page
    opened on the log says it too, in its resume notice, with the field it may mean."""
    from companion.cli import main

    log = tmp_path / f"{game}.jsonl"
    if game == "village":
        assert main(["village", "do", str(log), '{"event": "start", "first": 0, "seed": 1}',
                     '{"event": "draw"}']) == 0
        from companion.views.village import VillageCompanion

        def panel() -> str:
            return VillageCompanion(log).message.value
        typo = "plyer"
    elif game == "tmnt":
        assert main(["tmnt", "do", str(log), '{"event": "start", "first": 0, "seed": 1}',
                     '{"event": "next"}']) == 0
        from companion.views.tmnt import GameTracker

        def panel() -> str:
            return GameTracker(log).status.value
        typo = "nxet"
    elif game == "mystics":
        assert main(["mystics", "new", str(log), "--mice", "collin,filch", "--seed", "3"]) == 0
        cheese = '{"event": "mouse_cheese", "mouse": "collin", "count": 1}'
        assert main(["mystics", "do", str(log), cheese]) == 0
        from companion.views.mystics import MysticsDashboard

        def panel() -> str:
            return MysticsDashboard(log).status.value
        typo = "mose"
    else:
        assert main(["mousecard", "new", str(log)]) == 0
        assert main(["mousecard", "award", str(log), "Pip"]) == 0
        from companion.views.mousecard import MouseCardPage

        def panel() -> str:
            return MouseCardPage(log, plot=False, settle=None).notice.value
        typo = "reasn"
    _with_a_stray_field(log, typo)
    capsys.readouterr()
    assert main([game, "replay", str(log)]) == 0
    (warned,) = capsys.readouterr().err.splitlines()
    line = warned.removeprefix("companion: warning: ")
    assert f"{typo!r} is not a field it takes, so the replay ignored it" in line
    said = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", panel())).split())
    assert "Resumed: some fields of the saved log were not read" in said and line in said


def test_a_figures_wounds_follow_the_boss_section_for_a_boss() -> None:
    """The section a wound on a figure follows, which the tracker and the page's life hint both cite
    (tracker.figure_wounds): a boss with one initiative card is still a boss."""
    from companion.mystics.tracker import figure_wounds

    boss = SimpleNamespace(boss=True)
    common = SimpleNamespace(boss=False)
    assert "Wounds on boss minions" in figure_wounds(boss)  # type: ignore[arg-type]
    assert "Wounds on non-boss minions" in figure_wounds(common)  # type: ignore[arg-type]
