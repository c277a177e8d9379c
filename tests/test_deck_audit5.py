"""Deck review 5: a kind's value that holds a comma (read whole, on the page as on the command line),
the custom question's *in the first* following the format's opening hand, and composition shares
that the page and ``deck stats`` give alike."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, load_game
from companion.deck.fields import matches, parse_kind, split_values
from companion.deck.stats import share_text
from companion.errors import CompanionError
from companion.views.deck import DeckBuilderView, composition_html

from .test_deck_cli import run
from .test_deck_page_audit import text_of

HIDE = "Hide, Then Seek"


@pytest.fixture
def hide_mouse(_isolated_user_data: Path) -> Path:
    """A card file of the user's own: one Basic Mouse whose ability's name holds a comma."""
    mine = _isolated_user_data / "village" / "mine.json"
    mine.parent.mkdir(parents=True)
    mine.write_text(json.dumps({"game": "village", "set": "audit", "source": "audit test", "cards": [
        {"id": "hide-mouse", "name": "Hide Mouse", "type": "basic-mouse", "atk": 1, "def": 1,
         "abilities": [{"name": HIDE, "fruit_cost": 1, "text": "Test."}], "source": "audit test"}]}),
        encoding="utf-8")
    return mine


@pytest.fixture
def village_five(_isolated_user_data: Path) -> Path:
    """A format of the user's own: the rule book's, with a 5-card opening hand."""
    fmt = json.loads((DATA_DIR / "formats" / "village-standard.json").read_text(encoding="utf-8"))
    fmt.update(id="village-five", hand_size=5)
    path = _isolated_user_data / "formats" / "five.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(fmt), encoding="utf-8")
    return path


def _last_odds(view: DeckBuilderView) -> str:
    return text_of(view.odds_html.value.split("<tr>")[-1])


# --- 1. a value holding a comma ---------------------------------------------------------------------

HIDE_ODDS = 1 - Fraction(comb(57, 7), comb(60, 7))


def test_the_expected_figure() -> None:
    assert HIDE_ODDS == Fraction(5397, 17110)


def test_a_cards_value_holding_a_comma_is_read_whole(hide_mouse: Path) -> None:
    cards = load_game("village").cards
    assert parse_kind([f"ability={HIDE}"], cards) == {"abilities[].name": [HIDE]}
    two = parse_kind([f"ability={HIDE.lower()},Nibble"], cards)
    assert two == {"abilities[].name": [HIDE.lower(), "Nibble"]}
    assert parse_kind(["type=item,magic"], cards) == {"type": ["item", "magic"]}  # several values, as before
    with pytest.raises(CompanionError, match="no card has ability 'Hide'"):
        parse_kind(["ability=Hide"], cards)


def test_split_values_prefers_the_longest_known_value() -> None:
    assert split_values("a, b,c") == ["a", "b", "c"]  # nothing known: commas split
    assert split_values("a, b,c", {"a, b"}) == ["a, b", "c"]
    assert split_values("x,a, b", {"a, b", "a"}) == ["x", "a, b"]
    assert split_values(" , ,") == []


def test_the_cli_answers_for_a_value_holding_a_comma(hide_mouse: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "hide.txt"
    deck.write_text("3 Hide Mouse\n57 Apple\n", encoding="utf-8")
    code, out, err = run(capsys, "deck", "odds", "village", str(deck), "--kind", f"ability={HIDE}")
    assert code == 0, err
    assert "31.543%" in out and "(5397/17110)" in out and "3 of 60 cards match" in out


def test_the_page_answers_for_every_value_it_offers(hide_mouse: Path) -> None:
    view = DeckBuilderView("village")
    view.input.value = "3 Hide Mouse\n57 Apple\n"
    assert f"ability={HIDE}" in {v for _, v in view.kind.options}
    view.kind.value = f"ability={HIDE}"
    view.at_least.value, view.draws.value = 1, 7
    said = _last_odds(view)
    assert "31.543%" in said and "5397/17110" in said and "3 of 60 cards match" in said  # (as deck odds)
    for _, value in view.kind.options:  # every value it offers reads as some card's, and that card's
        flt = parse_kind([value], view.db.cards)
        assert any(matches(c, flt) for c in view.db), value
        view.input.value = f"60 {next(c for c in view.db if matches(c, flt)).id}\n"
        view.kind.value = value
        assert "60 of 60 cards match" in _last_odds(view), value


# --- 2. *in the first* follows the format ------------------------------------------------------------

def test_a_format_change_sets_in_the_first_to_its_hand(village_five: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    demo = DATA_DIR / "decks" / "village-demo-legal.txt"
    view = DeckBuilderView("village")
    view.input.value = demo.read_text(encoding="utf-8")
    assert view.draws.value == 7
    view.format.value = "village-five"
    assert view.draws.value == 5
    said = _last_odds(view)
    assert "in the first 5 cards" in said and "61.206%" in said and "59692/97527" in said
    code, out, _ = run(capsys, "deck", "odds", "village", str(demo), "--format", "village-five",
                       "--kind", "type=basic-mouse")
    assert code == 0 and "61.206%" in out and "(59692/97527)" in out  # the same answer (exact fraction)
    view.format.value = "village-standard"
    assert view.draws.value == 7


def test_a_format_change_keeps_a_number_the_player_set(village_five: Path) -> None:
    view = DeckBuilderView("village")
    view.draws.value = 9
    view.format.value = "village-five"
    assert view.draws.value == 9 and "in the first 9 cards" in _last_odds(view)
    view.draws.value = 5  # the chosen format's hand: the default again, which follows the format
    view.format.value = "village-standard"
    assert view.draws.value == 7
    view.draws.value = 8
    view.format.value = "village-five"
    assert view.draws.value == 8


# --- 3. shares: one figure on the page and on the command line --------------------------------------

def test_share_text_rounds_half_up_exactly() -> None:
    assert [share_text(1, 8), share_text(7, 40), share_text(1, 16), share_text(0, 0)] == [
        "12.5%", "17.5%", "6.3%", "0.0%"]


def test_the_page_shows_the_clis_shares(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "d.txt"
    deck.write_text("7 Acorn Scout\n33 Apple\n", encoding="utf-8")
    view = DeckBuilderView("village")
    view.input.value = deck.read_text(encoding="utf-8")
    page = text_of(view.stats_table.value)
    code, out, _ = run(capsys, "deck", "stats", "village", str(deck))
    assert code == 0
    for figure in ("17.5%", "82.5%"):
        assert figure in page and figure in out
    assert "12.5%" in text_of(composition_html({"Type": {"item": 1, "fruit": 7}}, 8))


def test_the_composition_frame_rounds_shares_as_deck_stats_does() -> None:
    """The pandas table's share is the figure 'deck stats' and the page print (half up: 6.3 for 1 of 16,
    where round() on the float gives 6.2), as a number."""
    from companion.deck.stats import composition_frame, share_text
    from tests.test_deck import make, village_db

    deck = make(village_db(), {"apple": 1, "acorn-scout": 15})
    frame = composition_frame(deck, [("Type", "type")])
    shares = dict(zip(frame["value"], frame["share"], strict=True))
    assert shares["fruit"] == 6.3 and shares["basic-mouse"] == 93.8
    assert all(f"{v:.1f}%" == share_text(c, 16) for v, c in zip(frame["share"], frame["count"], strict=True))
