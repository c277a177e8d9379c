"""A reviewer's findings on deck building: ``deck odds --kind --draws N`` past the deck's size is
answered as the same question is with ``--draws`` left out and on the page (the deck too small), not
refused; an advice label is said in its number from the format's own words (``label_one``), never
guessed ("Chaos" with a count of 1 stays "1 Chaos", not "1 Chao")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cards import DATA_DIR, load_game
from companion.deck import check_deck, load_format
from companion.deck.decklist import parse_text
from companion.deck.formats import read_format
from companion.views.deck import DeckBuilderView

from .test_deck_cli import run
from .test_deck_page_audit import text_of

FIVE = "1 Acorn Scout\n1 Cheddar Knight\n1 Apple\n1 Acorn Cap\n1 Sticky Honey\n"


# --- 1. --draws past the deck's size: the question's answer, on every path -------------------------

def _cli(capsys: pytest.CaptureFixture[str], deck: Path, *extra: str) -> dict[str, Any]:
    code, out, err = run(capsys, "deck", "odds", "village", str(deck), "--kind", "type=basic-mouse", *extra,
                         "--json")
    assert code == 0, err
    (line,) = json.loads(out)["odds"]
    return dict(line)


def test_draws_past_the_deck_s_size_get_one_answer_on_every_path(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "five.txt"
    deck.write_text(FIVE, encoding="utf-8")
    view = DeckBuilderView("village")
    view.input.value = FIVE
    view.kind.value = "type=basic-mouse"
    for draws in (7, 9):
        view.draws.value = draws
        given = _cli(capsys, deck, "--draws", str(draws))
        page = text_of(view.odds_html.value.split("<tr>")[-1])
        assert given["percent"] == "n/a" and given["p"] is None
        assert given["detail"] == f"the deck has 5 cards; this needs at least {draws}"
        assert page.startswith(f"n/a {given['label']} ") and given["detail"] in page
        if draws == 7:  # the opening hand: --draws left out says the same, cited alike
            assert _cli(capsys, deck) == given
    code, out, _ = run(capsys, "deck", "odds", "village", str(deck), "--kind", "type=basic-mouse",
                       "--draws", "5", "--at-least", "9")
    assert code == 0 and "0.000%  at least 9 cards with type basic-mouse in the first 5 cards" in out
    code, out, err = run(capsys, "deck", "odds", "village", str(deck), "--kind", "type=basic-mouse",
                         "--draws", "1000")
    assert code == 2 and out == "" and "--draws 1000 is more than 999" in err  # still refused: minutes


# --- 2. a label in its number: the format's words, never a guess -------------------------------------

def _my_format(tmp_path: Path, items: list[dict[str, Any]]) -> Path:
    doc = json.loads((DATA_DIR / "formats" / "village-standard.json").read_text(encoding="utf-8"))
    doc.pop("$schema")
    doc["id"], doc["name"] = "village-mine", "Mine"
    doc["advice"] = [{"id": "mix", "intro": "My mix", "section": "Deck Mix", "items": items}]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_label_of_your_own_is_said_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mice = {"type": ["basic-mouse"]}
    path = _my_format(tmp_path, [{"label": "Chaos", "filter": mice, "min": 1, "max": 1},
                                 {"label": "Series", "filter": {"type": ["mega-mouse"]}, "min": 1, "max": 1},
                                 {"label": "Atlas", "filter": {"type": ["fruit"]}, "min": 1, "max": 1}])
    deck = parse_text("1 Acorn Scout\n1 Cheddar Knight\n1 Apple\n", load_game("village"))
    (note,) = [n.message for n in check_deck(deck, read_format(path)).notes]
    assert "My mix (advice, not a rule): 1 Chaos, 1 Series, 1 Atlas; this deck has 1 Chaos, 1 Series, " \
           "1 Atlas: it follows the advice." == note
    listed = tmp_path / "three.txt"
    listed.write_text("1 Acorn Scout\n1 Cheddar Knight\n1 Apple\n", encoding="utf-8")
    code, out, _ = run(capsys, "deck", "check", "village", str(listed), "--format", str(path))
    assert code == 1 and "1 Chaos, 1 Series, 1 Atlas; this deck has 1 Chaos" in " ".join(out.split())
    # a singular the format gives is said for one, the label for more
    path = _my_format(tmp_path, [
        {"label": "Chaos Cards", "label_one": "Chaos Card", "filter": mice, "min": 1},
        {"label": "Chaos", "filter": mice, "min": 2}])
    (note,) = [n.message for n in check_deck(deck, read_format(path)).notes]
    assert "at least 1 Chaos Card, at least 2 Chaos; this deck has 1 Chaos Card, 1 Chaos:" in note


def test_the_bundled_mix_says_one_mouse_from_its_own_words() -> None:
    fmt = load_format("village")
    items = {i.label: i.label_one for a in fmt.advice for i in a.items}
    assert items == {"Basic Mice": "Basic Mouse", "Mega Mice": "Mega Mouse", "Fruit": None,
                     "Item/Magic": None}
    deck = parse_text("1 Acorn Scout\n1 Cheddar Knight\n1 Apple\n1 Acorn Cap\n", load_game("village"))
    (note,) = [n.message for n in check_deck(deck, fmt).notes]
    assert "this deck has 1 Basic Mouse, 1 Mega Mouse, 1 Fruit, 1 Item/Magic:" in note
    casual = load_format("village", "casual-50")
    assert {i.label_one for a in casual.advice for i in a.items} == {"Basic Mouse", "Mega Mouse", None}
