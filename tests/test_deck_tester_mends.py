"""A tester's findings on deck building: a card with its count after it ("Sticky Honey x 3", "Harvest
Moon (3)") is told the line that reads; "in the first card"; "1 Basic Mouse" in the recommended mix;
the page words and cites its own question as ``deck odds --kind`` does; ``deck odds`` refuses a
--draws or --at-least it would take minutes over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, load_game
from companion.deck import DecklistError, check_deck, load_format
from companion.deck.decklist import parse_text
from companion.views.deck import DeckBuilderView

from .test_deck_cli import run
from .test_deck_page_audit import text_of

DEMO = DATA_DIR / "decks" / "village-demo-legal.txt"
FOUR = "1 Acorn Scout\n1 Cheddar Knight\n1 Apple\n1 Acorn Cap\n"


# --- 1. a count after the card: the example given is a line that reads ------------------------------

@pytest.mark.parametrize(("line", "example"), [
    ("Sticky Honey x 3", "3 Sticky Honey"), ("Harvest Moon (3)", "3 Harvest Moon"),
    ("Needle Sword x3", "3 Needle Sword"), ("Cheese Festival ×3", "3 Cheese Festival"),
    ("Cheese Festival × 3", "3 Cheese Festival"), ("Cheese Festival X 3", "3 Cheese Festival"),
    ("Cheese Festival (x3)", "3 Cheese Festival"), ("Cheese Festival(3)", "3 Cheese Festival"),
    ("Cheese Festival [3]", "3 Cheese Festival"), ("Cheese Festival - 3", "3 Cheese Festival"),
    ("Cheese Festival * 3", "3 Cheese Festival"), ("Cheese Festival 3×", "3 Cheese Festival"),
    ("Sticky Honey x 0", "1 Sticky Honey")])
def test_a_count_after_the_card_is_told_a_line_that_reads(line: str, example: str) -> None:
    db = load_game("village")
    with pytest.raises(DecklistError) as caught:
        parse_text(line + "\n", db)
    (issue,) = caught.value.issues
    assert issue.problem.endswith(f"like '{example}'"), issue.problem
    deck = parse_text(example + "\n", db)  # pasted back, it reads
    assert deck.card_count == int(example.split()[0])


def test_an_unknown_card_with_its_count_after_it_is_told_the_count_first() -> None:
    with pytest.raises(DecklistError) as caught:
        parse_text("Stiky Honey x 3\n", load_game("village"))
    (issue,) = caught.value.issues
    assert issue.problem.endswith("like '3 Stiky Honey'") and issue.suggestions[0] == "Sticky Honey"


def test_the_times_sign_reads_before_the_card_as_x_does() -> None:
    db = load_game("village")
    for line in ("3× Super Confused", "3x Super Confused", "3 × Super Confused", "3 x Super Confused"):
        assert parse_text(line + "\n", db).card_count == 3, line


# --- 2. in the first card ---------------------------------------------------------------------------

def test_one_draw_is_the_first_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deck", "odds", "village", str(DEMO), "--kind", "name=Apple", "--draws", "1")
    assert code == 0 and "at least 1 card with name Apple in the first card " in out
    assert "first 1 cards" not in out
    view = DeckBuilderView("village")
    view.input.value = DEMO.read_text(encoding="utf-8")
    view.kind.value = "type=fruit"  # (the page offers types, abilities and foods)
    view.draws.value = 1
    said = text_of(view.odds_html.value)
    assert "at least 1 card with type fruit in the first card " in said and "first 1 cards" not in said


# --- 3. 1 Basic Mouse ----------------------------------------------------------------------------------

def test_the_recommended_mix_says_one_mouse_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    db = load_game("village")
    for fmt in ("village-standard", "village-casual-50"):
        notes = [n.message for n in check_deck(parse_text(FOUR, db), load_format("village", fmt)).notes]
        mix = next(m for m in notes if m.startswith("Recommended mix"))
        assert "has 1 Basic Mouse, 1 Mega Mouse, 1 Fruit, 1 Item/Magic:" in mix, mix
        assert "1 Basic Mice" not in mix and "it differs in Basic Mice, Mega Mice" in mix
    two = [n.message for n in
           check_deck(parse_text("2 Acorn Scout\n" + FOUR, db), load_format("village")).notes]
    assert "has 3 Basic Mice, 1 Mega Mouse" in two[0]
    view = DeckBuilderView("village")
    view.input.value = FOUR
    assert "1 Basic Mouse, 1 Mega Mouse" in text_of(view.verdict.value)


def test_a_label_counts_in_its_number() -> None:
    from companion.verdict import counted

    assert [counted(n, "Mega Mouse", "Mega Mice") for n in ("1", "at least 1", "0", "2", "1-2", "10")] == [
        "1 Mega Mouse", "at least 1 Mega Mouse", "0 Mega Mice", "2 Mega Mice", "1-2 Mega Mice",
        "10 Mega Mice"]


def test_a_one_card_detail_is_singular() -> None:
    from companion.deck import opening_odds

    said = [o.detail for o in opening_odds(parse_text("1 Acorn Scout\n59 Apple\n", load_game("village")))]
    assert said[0] == "1 Basic Mouse in 60 cards"


# --- 4. the page's question is the command's ----------------------------------------------------------

def _page_row(view: DeckBuilderView) -> str:
    return text_of(view.odds_html.value.split("<tr>")[-1])


def test_the_page_words_and_cites_its_question_as_deck_odds(capsys: pytest.CaptureFixture[str]) -> None:
    view = DeckBuilderView("village")
    view.input.value = DEMO.read_text(encoding="utf-8")
    view.kind.value = "type=basic-mouse"
    for draws, cited in ((7, True), (8, False)):
        view.draws.value = draws
        extra = [] if draws == 7 else ["--draws", str(draws)]
        code, out, _ = run(capsys, "deck", "odds", "village", str(DEMO), "--kind", "type=basic-mouse", *extra,
                           "--json")
        (line,) = json.loads(out)["odds"]
        said = _page_row(view)
        assert code == 0
        assert line["label"] == f"at least 1 card with type basic-mouse in the first {draws} cards"
        assert said.startswith(f"{line['percent']} {line['label']} ")
        assert ("village-tcg.txt, Gameplay" in said) is cited
        assert (line["cite"] == "village-tcg.txt, Gameplay") is cited
        assert "×" not in said.split("·")[0]
    code, out, _ = run(capsys, "deck", "odds", "village", str(DEMO), "--kind", "type=basic-mouse",
                       "--draws", "7", "--json")
    assert json.loads(out)["odds"][0]["cite"] == "village-tcg.txt, Gameplay"  # the opening hand, as given


# --- 5. a --draws past what can be worked out at once -------------------------------------------------

def test_draws_and_at_least_past_the_limit_are_refused(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from companion.deck.odds import MAX_DRAWS

    big = tmp_path / "big.txt"  # 216 lines of 999: 215,784 cards
    names = ["Apple", "Acorn Scout", "Cheddar Knight", "Acorn Cap", "Sticky Honey", "Harvest Moon"]
    big.write_text("".join(f"999 {n}\n" for n in names) * 36, encoding="utf-8")
    for option, value in (("--draws", "100000"), ("--at-least", "1000")):
        code, out, err = run(capsys, "deck", "odds", "village", str(big), "--kind", "name=Apple",
                             option, value, *(["--at-least", "50000"] if option == "--draws" else []))
        assert code == 2 and out == ""
        assert f"{option} {value} is more than {MAX_DRAWS}" in err and "from 0 to 999" in err
    code, out, _ = run(capsys, "deck", "odds", "village", str(big), "--kind", "name=Apple",
                       "--draws", "999", "--at-least", "999")
    assert code == 0 and "in the first 999 cards" in out
    for option in ("--draws", "--at-least"):  # past the deck's size: answered (the deck too small; 0%)
        assert run(capsys, "deck", "odds", "village", str(DEMO), "--kind", "name=Apple", option, "61")[0] == 0
    code, out, _ = run(capsys, "deck", "odds", "--help")
    assert code == 0 and " ".join(out.split()).count("at most 999") == 2
