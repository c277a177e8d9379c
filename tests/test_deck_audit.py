"""Findings of a hostile-input audit of ``companion deck``: each test pins the behaviour at its edge."""

from __future__ import annotations

import itertools
import json
import os
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest

from companion.cards import CardDB, card_from_record
from companion.cli import main
from companion.deck import DecklistError, opening_odds, parse
from companion.deck.decklist import parse_json, parse_text
from companion.deck.formats import DeckFormat, format_from_doc
from companion.deck.odds import chance

from .test_deck import make, village_db
from .test_deck_cli import CARDS, deckfile, run, run_json

ROOT = Path(__file__).resolve().parents[1]
VDB = village_db()


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(CARDS))
    return path


def _format_file(path: Path, game: str = "village", **changes: Any) -> Path:
    doc = json.loads((ROOT / "data" / "formats" / f"{game}-standard.json").read_text())
    doc.update(changes)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))
    return path


def _json_issue(count: Any) -> str:
    with pytest.raises(DecklistError) as err:
        parse_json({"cards": [{"card": "Apple", "count": count}]}, VDB)
    (issue,) = err.value.issues
    assert issue.pointer == "/cards/0/count"
    return issue.problem


# --- 1 and 2: a JSON count is a JSON whole number, and an error shows the number given ----------

@pytest.mark.parametrize("count", [1000, 12345, 100000000000])
def test_a_json_count_over_the_limit_shows_the_number_given(count: int) -> None:
    problem = _json_issue(count)
    assert problem == f"bad count {count}: at most 999 copies in one entry"
    assert _json_issue(10**30) == f"bad count {10**30}: at most 999 copies in one entry"
    assert _json_issue(10**50).startswith(f"bad count {str(10**50)[:39]}…: at most 999")  # cut, not lost


def test_json_counts_at_the_edges() -> None:
    assert parse_json({"cards": [{"card": "Apple", "count": 999}]}, VDB).card_count == 999
    assert parse_json({"cards": [{"card": "Apple", "count": 1}]}, VDB).card_count == 1
    assert _json_issue(0).startswith("bad count 0: a count is at least 1")
    assert _json_issue(-12345).startswith("bad count -12345: a count is at least 1")
    assert "a number of about 5000 digits" in _json_issue(10**5000)  # too long for Python to print


@pytest.mark.parametrize(("count", "says"), [
    ("3", 'bad count "3": a count is a JSON number, not text: write 3 without quotes'),
    ("2x", 'bad count "2x": a count is a JSON number, not text: write 2 without quotes'),
    (" 007 ", 'write 7 without quotes'),
    ("5000", 'bad count "5000": a count is a whole number from 1 to 999, written without quotes'),
    ("0", 'bad count "0": a count is a whole number from 1 to 999'),
    ("", 'bad count "": a count is a whole number from 1 to 999'),
])
def test_a_json_count_written_as_text_is_refused_with_the_number_to_write(count: str, says: str) -> None:
    assert says in _json_issue(count)


def test_check_cli_shows_the_json_count_as_given(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dj7.json"
    for count in ("12345", "100000000000"):
        path.write_text(f'{{"cards":[{{"card":"apple","count":{count}}}]}}')
        code, _out, err = run(capsys, "deck", "check", "village", str(path))
        assert code == 2 and f"bad count {count}: at most 999" in err and '"1000"' not in err
    path.write_text('{"cards":[{"card":"apple","count":"3"}]}')
    code, data = run_json(capsys, "deck", "check", "village", str(path))
    assert code == 2 and [i["pointer"] for i in data["issues"]] == ["/cards/0/count"]
    assert "write 3 without quotes" in data["issues"][0]["problem"]


# --- 3: deck odds --format is always read, and its hand size used --------------------------------

def test_odds_refuses_a_bad_format_even_without_kind(tmp_path: Path, cards: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "3 T Acorn\n57 T Fig\n")
    code, _out, err = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                          "--format", str(tmp_path / "nonexist.json"))
    assert code == 2 and "nonexist.json" in err and "does not exist" in err
    code, _out, err = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                          "--format", "bogusformat")
    assert code == 2 and "unknown deck format 'bogusformat'" in err
    big = _format_file(tmp_path / "big.json", id="village-big", hand_size=1000)
    code, _out, err = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                          "--format", str(big))
    assert code == 2 and "/hand_size" in err and "1000" in err


def test_odds_use_the_formats_hand_size(tmp_path: Path, cards: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "3 T Acorn\n57 T Fig\n")
    five = _format_file(tmp_path / "five.json", id="village-five", hand_size=5)
    with_five = ("deck", "odds", "village", deck, "--cards", str(cards), "--format", str(five))
    code, data = run_json(capsys, *with_five)
    odds = {o["label"]: o for o in data["odds"]}
    p = Fraction(comb(57, 5), comb(60, 5))
    assert code == 0 and data["format"] == "village-five" and data["format_file"] == str(five)
    assert odds["no Basic Mouse in the opening 5"]["p_exact"] == f"{p.numerator}/{p.denominator}"
    assert not any("opening 7" in label for label in odds)
    assert odds["a Basic Mouse in the opening 5"]["cite"] == "your format file five.json, Gameplay"
    code, out, _ = run(capsys, *with_five)
    assert code == 0 and "opening 5" in out and "opening 7" not in out and "from your file" in out
    code, data = run_json(capsys, *with_five, "--kind", "type=basic-mouse")
    assert data["odds"][0]["label"].endswith("in the first 5 cards")
    code, data = run_json(capsys, "deck", "odds", "village", deck, "--cards", str(cards))
    assert data["format"] == "village-standard" and data["format_file"] is None
    assert "a Basic Mouse in the opening 7" in [o["label"] for o in data["odds"]]


@pytest.mark.parametrize("hand", [3, 5, 6])
def test_tmnt_block_zones_follow_the_formats_hand(tmp_path: Path, hand: int) -> None:
    # 12 cards, 4 Characters: every set of Character positions, equally likely
    recs = [{"id": f"c{i}", "name": f"C{i}", "type": "character", "attribute": "wind", "power": 1}
            for i in range(4)] + [{"id": f"e{i}", "name": f"E{i}", "type": "event", "timing": "play"}
                                  for i in range(8)]
    db = CardDB("tmnt", [card_from_record("tmnt", "T", {**r, "source": "demo: t"}) for r in recs])
    deck = make(db, {c.id: 1 for c in db})
    doc = json.loads(_format_file(tmp_path / "t.json", "tmnt", id="tmnt-h", hand_size=hand).read_text())
    fmt: DeckFormat = format_from_doc(doc, where=str(tmp_path / "t.json"))
    got = {o.label: o for o in opening_odds(deck, fmt)}
    sets = list(itertools.combinations(range(12), 4))
    in_hand = [any(p < hand for p in pos) for pos in sets]
    in_blocks = [any(hand <= p < hand + 4 for p in pos) for pos in sets]
    assert got[f"a Character in the opening {hand}-card hand"].probability == Fraction(
        sum(in_hand), len(sets))
    assert got["a Character both in hand and in the Block Zones"].probability == Fraction(
        sum(h and b for h, b in zip(in_hand, in_blocks, strict=True)), len(sets))
    assert got["no Character in hand nor in the Block Zones"].probability == Fraction(
        sum(not (h or b) for h, b in zip(in_hand, in_blocks, strict=True)), len(sets))
    assert f"cards {hand + 1} to {hand + 4}" in got[
        "a Character in the four Block Zones (dealt next from the top)"].detail
    small = make(db, {c.id: 1 for c in list(db)[: hand + 3]})
    said = {o.label: o for o in opening_odds(small, fmt)}  # the hand's odds still; the Block Zones' n/a
    too_small = said["a Character in the four Block Zones (dealt next from the top)"]
    assert too_small.probability is None and f"at least {hand + 4}" in too_small.detail
    assert said[f"a Character in the opening {hand}-card hand"].probability is not None


# --- 4: a user format may not take a bundled format's id; listing and citations say whose -------

def test_a_user_format_with_a_standard_id_is_skipped_by_name(tmp_path: Path, cards: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    folder = Path(os.environ["COMPANION_USER_DATA"]) / "formats"
    mine = _format_file(folder / "x.json", id="village-standard", deck_size={"min": 3, "section": "x"})
    deck = deckfile(tmp_path, "3 T Acorn\n")
    code, out, err = run(capsys, "deck", "check", "village", deck, "--cards", str(cards))  # (audit 3)
    assert code == 1 and "at least 60" in out and str(mine) in err and "which is a bundled format's" in err
    code, out, err = run(capsys, "deck", "formats", "village")
    assert code == 1 and out.count("village-standard") == 1 and "yours" not in out
    assert "skipped a format file" in err and str(mine) in err
    code, out, _ = run(capsys, "deck", "formats", "--json")
    assert [f["id"] for f in json.loads(out)].count("village-standard") == 1


def test_a_user_format_is_listed_and_cited_as_the_users(tmp_path: Path, cards: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    folder = Path(os.environ["COMPANION_USER_DATA"]) / "formats"
    mine = _format_file(folder / "mine.json", id="village-mine", deck_size={"min": 40, "section": "x"})
    code, out, _ = run(capsys, "deck", "formats", "village")
    (row,) = [line for line in out.splitlines() if line.startswith("village-mine")]
    assert code == 0 and row.endswith(f"(yours: {mine})")
    assert not any("yours" in line for line in out.splitlines() if not line.startswith("village-mine"))
    code, data = run_json(capsys, "deck", "formats", "village")
    by_id = {f["id"]: f for f in data}
    assert (by_id["village-mine"]["bundled"], by_id["village-mine"]["file"]) == (False, str(mine))
    assert (by_id["village-standard"]["bundled"], by_id["village-standard"]["file"]) == (True, None)
    deck = deckfile(tmp_path, "3 T Acorn\n")
    code, data = run_json(capsys, "deck", "check", "village", deck, "--cards", str(cards), "--format", "mine")
    assert code == 1 and data["format_file"] == str(mine)
    assert data["problems"][0]["cite"] == "your format file mine.json, x"
    code, out, _ = run(capsys, "deck", "check", "village", deck, "--cards", str(cards), "--format", "mine")
    assert f"from your file {mine}" in out.splitlines()[0] and "village-tcg.txt, x" not in out


# --- 5 and 8: deck export -o: '-' is standard output; a missing folder is refused ----------------

def test_export_to_dash_writes_standard_output(tmp_path: Path, cards: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    deck = deckfile(tmp_path, "2x t-acorn\n1 T FIG\n")
    code, out, _ = run(capsys, "deck", "export", "village", deck, "--cards", str(cards), "-o", "-")
    assert (code, out) == (0, "Name: deck\n2 T Acorn\n1 T Fig\n") and not (tmp_path / "-").exists()
    code, out, _ = run(capsys, "deck", "export", "village", deck, "--cards", str(cards), "-o", "-",
                       "--to", "json")
    assert code == 0 and json.loads(out)["cards"][0]["card"] == "t-acorn" and not (tmp_path / "-").exists()
    code, data = run_json(capsys, "deck", "export", "village", deck, "--cards", str(cards), "-o", "-")
    assert code == 2 and "--json needs -o FILE" in data["error"] and not (tmp_path / "-").exists()
    code, out, _ = run(capsys, "deck", "export", "village", deck, "--cards", str(cards), "-o", "./-")
    assert code == 0 and out == "wrote 3 cards to ./- (as text)\n"
    assert (tmp_path / "-").read_text() == "Name: deck\n2 T Acorn\n1 T Fig\n"


def test_export_refuses_a_missing_folder_and_creates_none(tmp_path: Path, cards: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "2x t-acorn\n")
    target = tmp_path / "no" / "such" / "deck.txt"
    code, _out, err = run(capsys, "deck", "export", "village", deck, "--cards", str(cards), "-o", str(target))
    assert code == 2 and f"the folder {str(target.parent)!r} does not exist" in err
    assert "nothing was written" in err and not (tmp_path / "no").exists()
    code, _out, err = run(capsys, "deck", "export", "village", deck, "--cards", str(cards),
                          "-o", str(tmp_path))
    assert code == 2 and "is a folder, not a file name" in err
    code, _out, err = run(capsys, "deck", "stats", "village", deck, "--cards", str(cards),
                          "--plot", str(tmp_path / "no" / "p.png"))
    assert code == 2 and "does not exist" in err and not (tmp_path / "no").exists()
    ok = tmp_path / "out.txt"
    assert run(capsys, "deck", "export", "village", deck, "--cards", str(cards), "-o", str(ok))[0] == 0
    assert ok.read_text() == "Name: deck\n2 T Acorn\n"


# --- 6: decklist hints that say what is wrong; an empty list ------------------------------------

def _problems(text: str) -> dict[int, str]:
    with pytest.raises(DecklistError) as err:
        parse_text(text, VDB)
    return {i.line: i.problem for i in err.value.issues if i.line is not None}


def test_a_header_or_name_line_after_the_cards_is_named_as_such() -> None:
    problems = _problems("3 Apple\nDeck\n")
    assert problems == {2: "not a card: a header line goes before the first card (line 1); "
                           "move it up or leave it out"}
    assert "'1 Deck'" not in problems[2]
    assert "a 'Name:' line goes before the first card (line 1)" in _problems("3 Apple\nName: Mine\n")[2]
    assert "a second header line (the first is line 1)" in _problems("Deck\nMain\n3 Apple\n")[2]
    # a line that failed is still a card line: a header after it is out of place too
    assert "goes before the first card (line 1)" in _problems("3 Appel\nDeck\n3 Apple\n")[2]
    assert "a sideboard" in _problems("3 Apple\nSideboard\n2 Pear\n")[2]
    assert parse_text("Name: Mine\nDeck\n3 Apple\n", VDB).name == "Mine"  # the right order still reads


def test_a_card_line_without_a_count_says_the_count_is_missing() -> None:
    with pytest.raises(DecklistError) as err:
        parse_text("Acorn Scout\nacorn-scout\nAcron Scout\n", VDB)
    first, by_id, typo = err.value.issues
    assert first.problem == ("the count is missing: write the number of copies before the card, "
                             "like '1 Acorn Scout'")
    assert first.suggestions == () and "Did you mean" not in first.render()
    assert by_id.suggestions == () and "'1 Acorn Scout'" in by_id.problem
    assert typo.problem.startswith("no count") and "Acorn Scout" in typo.suggestions  # a real suggestion


def test_an_empty_list_is_checked_and_said_to_hold_no_cards(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert parse("", VDB).card_count == 0  # the deck builder starts from an empty list
    for text in ("", "# only a comment\nDeck\n\n"):
        path = deckfile(tmp_path, text)
        code, out, _ = run(capsys, "deck", "check", "village", path)
        assert code == 1 and f"warning: {path} holds no cards" in out and "[deck-size]" in out
        code, data = run_json(capsys, "deck", "check", "village", path)
        assert code == 1 and data["warnings"] == [f"{path} holds no cards (only blank lines, comments or "
                                                  "a header, if anything)"]
    code, data = run_json(capsys, "deck", "check", "village", deckfile(tmp_path, "3 Apple\n"))
    assert data["warnings"] == []


# --- 7: --kind repeated: what the help says is what happens --------------------------------------

def test_kind_help_says_what_repeating_does_and_it_does(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "odds", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "different fields must all match" in help_text
    assert "the same field they add values, any of which matches" in help_text
    assert "repeat to require several" not in help_text
    deck = deckfile(tmp_path, "3 Acorn Scout\n7 Apple\n50 Pear\n")
    code, data = run_json(capsys, "deck", "odds", "village", deck, "--kind", "type=fruit",
                          "--kind", "type=basic-mouse", "--draws", "1")
    assert code == 0 and data["odds"][0]["p_exact"] == "1/1"  # either: every card is one or the other
    code, data = run_json(capsys, "deck", "odds", "village", deck, "--kind", "type=fruit",
                          "--kind", "name=Apple", "--draws", "1")
    assert data["odds"][0]["p_exact"] == "7/60"  # both: a fruit named Apple
    assert chance(make(VDB, {"apple": 1}), {"type": ["fruit"], "name": ["Pear"]}, 1, 1).probability == 0
