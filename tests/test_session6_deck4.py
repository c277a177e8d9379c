"""Session 6, deck building explored again: a TMNT list of 5 to 8 cards gets the odds of its opening hand
(and of its 1st Block Zone from 6 cards), only the lines of all four Block Zones needing 9 cards (5 in hand,
then 4 Block Zones: tmnt-tcg.txt, Getting Started (3) and (4)); the Deck builder's Open menu offers a deck
another page or a file manager saved into the decks folder, at the next refresh; the page and 'deck odds'
give one figure for a chance (three decimal places, and the exact fraction)."""

from __future__ import annotations

import html
import itertools
import re
from fractions import Fraction
from pathlib import Path

import pytest

from companion.cards import CardDB, card_from_record
from companion.deck import opening_odds, parse
from companion.deck.saved import decks_dir, decks_listing
from companion.views import deck as deck_view
from companion.views.deck import DeckBuilderView
from tests.helpers import run_cli
from tests.test_session6_deck import _fresh_page, text_of

HAND = "a Character in the opening 5-card hand"
BLOCKS = "a Character in the four Block Zones (dealt next from the top)"
FIRST = "a Character on the 1st Block Zone (flipped in your first Flip Phase)"
BOTH = "a Character both in hand and in the Block Zones"
NONE = "no Character in hand nor in the Block Zones"


def _tmnt_db(characters: int, events: int) -> CardDB:
    recs = [{"id": f"c{i}", "name": f"C{i}", "type": "character", "attribute": "wind", "power": 1}
            for i in range(characters)] + [{"id": f"e{i}", "name": f"E{i}", "type": "event", "timing": "play"}
                                           for i in range(events)]
    return CardDB("tmnt", [card_from_record("tmnt", "T", {**r, "source": "demo: t"}) for r in recs])


# --- 1. a TMNT list of 5 to 8 cards: the odds each line can have ----------------------------------------

@pytest.mark.parametrize("n", [4, 5, 6, 7, 8, 9])
def test_tmnt_small_lists_get_each_lines_odds_and_na_only_where_too_small(n: int) -> None:
    k = 2  # 2 Characters, the rest Events: every deal of their places is as likely
    db = _tmnt_db(k, n - k)
    got = {o.label: o for o in opening_odds(parse("".join(f"1 {c.id}\n" for c in db), db))}
    assert list(got) == [HAND, BLOCKS, FIRST, BOTH, NONE]  # every line, always, in the same order
    places = list(itertools.combinations(range(n), k))
    hand = got[HAND]
    if n >= 5:
        assert hand.probability == Fraction(sum(any(p < 5 for p in pos) for pos in places), len(places))
    else:
        assert hand.probability is None and "needs at least 5 (the 5-card hand)" in hand.detail
    first = got[FIRST]
    if n >= 6:
        assert first.probability == Fraction(sum(5 in pos for pos in places), len(places)) == Fraction(k, n)
    else:
        assert first.probability is None and "needs at least 6 (5 in hand, then the 1st Block Zone)" in \
            first.detail
    for label in (BLOCKS, BOTH, NONE):  # the lines of all four Block Zones: cards 6 to 9
        if n >= 9:
            assert got[label].probability is not None
        else:
            assert got[label].probability is None
            assert got[label].detail == (f"the deck has {n} cards; this needs at least 9 "
                                         "(5 in hand, then the 4 Block Zones)")


def test_deck_odds_tmnt_of_six_cards_answers_the_hand(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    deck = tmp_path / "six.txt"
    deck.write_text("3 Karai\n3 Raphael\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "deck", "odds", "tmnt", str(deck))
    assert code == 0, err
    assert f"100.000%  {HAND}  (1/1)" in out and f"100.000%  {FIRST}  (1/1)" in out
    assert f"n/a  {BLOCKS}" in out and "this needs at least 9 (5 in hand, then the 4 Block Zones)" in out
    assert "n/a  a Character in the opening" not in out


def test_the_page_gives_a_six_card_tmnt_list_its_hand_odds() -> None:
    view = _fresh_page("tmnt")
    view.input.value = "3 Karai\n3 Raphael\n"
    said = text_of(view.odds_html.value)
    assert f"100.000% {HAND}" in said and "exactly 1/1" in said
    assert f"n/a {BLOCKS}" in said and "needs at least 9 (5 in hand, then the 4 Block Zones)" in said


# --- 2. the Open menu offers what the decks folder holds now ---------------------------------------------

def _saved_entries(view: DeckBuilderView) -> dict[str, str]:
    return {label: value for label, value in view.load.options if label.startswith("saved: ")}


def test_a_deck_another_page_saved_is_offered_at_the_next_refresh() -> None:
    view = _fresh_page("tmnt")
    assert _saved_entries(view) == {}
    decks_dir().mkdir(parents=True, exist_ok=True)
    other = decks_dir() / "tmnt-night.txt"
    other.write_text("3 Karai\n", encoding="utf-8")  # saved by another page, the print page or by hand
    view.input.value += "1 Karai\n"  # an edit refreshes the page
    assert _saved_entries(view) == {"saved: night": str(other)}
    loose = decks_dir() / "mine.txt"  # a list named after no game: its cards tell it is TMNT's
    loose.write_text("2 Raphael\n", encoding="utf-8")
    view.name.value = "Elsewhere"  # the Name box: the menu follows too
    assert _saved_entries(view) == {"saved: night": str(other), "saved: mine": str(loose)}
    other.unlink()  # removed by a file manager: no longer offered
    view.search.value = "Kar"
    assert _saved_entries(view) == {"saved: mine": str(loose)}


def test_the_entry_shown_stays_and_nothing_opens_when_the_menu_is_listed_again() -> None:
    decks_dir().mkdir(parents=True, exist_ok=True)
    mine = decks_dir() / "tmnt-mine.txt"
    mine.write_text("3 Karai\n", encoding="utf-8")
    view = _fresh_page("tmnt")
    view.load.value = str(mine)  # opened from the menu
    assert view.input.value == "3 Karai\n" and view.load.value == str(mine)
    (decks_dir() / "tmnt-later.txt").write_text("3 Hun\n", encoding="utf-8")
    view.search.value = "Hun"
    assert "saved: later" in _saved_entries(view)
    assert view.load.value == str(mine) and view.input.value == "3 Karai\n"  # shown still; nothing opened


def test_an_unchanged_folder_lists_no_saved_deck_again(monkeypatch: pytest.MonkeyPatch) -> None:
    decks_dir().mkdir(parents=True, exist_ok=True)
    (decks_dir() / "loose.txt").write_text("3 Karai\n", encoding="utf-8")
    view = _fresh_page("tmnt")
    calls: list[str] = []
    real = deck_view.saved_decks
    monkeypatch.setattr(deck_view, "saved_decks", lambda game, *a, **kw: calls.append(game) or real(game))
    for typed in ("1 Karai\n", "1 Karai\n1 Hun\n", "2 Karai\n"):  # keystrokes: one listing each, no read
        view.input.value = typed
    assert calls == []
    (decks_dir() / "loose.txt").write_text("3 Karai\n3 Hun\n", encoding="utf-8")  # its cards may change game
    view.input.value = "3 Karai\n"
    assert calls == ["tmnt"]


def test_decks_listing_names_the_list_files_and_times_the_loose_ones() -> None:
    assert decks_listing() is None  # no folder yet
    decks_dir().mkdir(parents=True)
    (decks_dir() / "tmnt-a.txt").write_text("1 Karai\n", encoding="utf-8")
    (decks_dir() / "notes.md").write_text("x", encoding="utf-8")  # not a list
    (decks_dir() / "b.json").mkdir()  # a folder of a list's name: not a list
    assert decks_listing() == (("tmnt-a.txt", 0, 0),)
    (decks_dir() / "loose.csv").write_text("count,name\n1,Karai\n", encoding="utf-8")
    listing = decks_listing()
    assert listing is not None and [name for name, *_ in listing] == ["loose.csv", "tmnt-a.txt"]
    assert listing[0][2] == len("count,name\n1,Karai\n")


# --- 3. one figure for a chance: the page says what 'deck odds' says -------------------------------------

def _cli_rows(out: str) -> list[tuple[str, str, str]]:
    rows = []
    for line in out.splitlines():
        m = re.match(r"^\s*(\S+%|n/a)  (.*?)(?:  \((\d+/\d+)\))?$", line)
        if m:
            rows.append((m[1], m[2], m[3] or ""))
    return rows


def _page_rows(view: DeckBuilderView) -> list[tuple[str, str, str]]:
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", view.odds_html.value):
        figure, label = re.findall(r"<b>(.*?)</b></td><td>(.*?)<br>", row)[0]
        exact = re.search(r"exactly (\d+/\d+)", row)
        rows.append((html.unescape(figure), html.unescape(label), exact[1] if exact else ""))
    return rows


@pytest.mark.parametrize(("game", "text"), [
    ("village", None),  # the demo list: the redraw's fractions of 11 digits, shown on both
    ("tmnt", "3 Karai\n3 Raphael\n"),  # lines of n/a
    ("tmnt", None),  # the demo list
])
def test_the_page_and_deck_odds_give_the_same_figures(game: str, text: str | None,
                                                       capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    view = _fresh_page(game)
    if text is not None:
        view.input.value = text
    deck = tmp_path / "deck.txt"
    deck.write_text(view.input.value, encoding="utf-8")
    code, out, err = run_cli(capsys, "deck", "odds", game, str(deck))
    assert code == 0, err
    cli = _cli_rows(out)
    assert len(cli) >= 4
    assert _page_rows(view)[:len(cli)] == cli  # the page's own question comes after the opening odds
    assert all(re.fullmatch(r"n/a|<?\d+\.\d{3}%|>99\.999%", figure) for figure, _, _ in cli)
