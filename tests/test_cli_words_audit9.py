"""The command line's words (new-user audit 9): a citation follows its sentence, in brackets; an error
names the option typed, not the rules core's field; a list of another game names the command to run;
the odds' "empty deck" reading only where the deck could run out; the first printing said as a house
reading; the help texts say what a command does and what it needs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.mousecard.deck import FULL_DECK, KING, parse_card
from companion.mousecard.odds import HOUSE_NOTES, TaskCheck, check_notes, may_run_out
from tests.helpers import run_cli as run

EMPTY = HOUSE_NOTES["empty"]




def _help(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str) -> str:
    """A command's help on one wide line (no wrapping inside a citation)."""
    monkeypatch.setenv("COLUMNS", "1000")
    code, out, _ = run(capsys, *argv, "--help")
    assert code == 0
    return out


def _session(tmp_path: Path, capsys: pytest.CaptureFixture[str], *draws: str, name: str = "s") -> str:
    """A Mouse Card log with these typed draws (each all successes at target 2: nothing bad, no king)."""
    log = str(tmp_path / f"{name}.jsonl")
    assert main(["mousecard", "new", log, "--seed", "1"]) == 0
    for cards in draws:
        n = str(len(cards.split()))
        assert main(["mousecard", "draw", log, "--character", "Pip", "--skill", n, "--need", n,
                     "--target", "2", "--cards", cards]) == 0
    capsys.readouterr()
    return log


# -- 1. the citation after the sentence, in brackets -----------------------------------------------

def test_a_live_deck_refusal_cites_its_section_in_brackets_not_as_a_see(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _session(tmp_path, capsys)
    code, _, err = run(capsys, "mousecard", "spend", log, "Pip", "--chips", "3")
    assert code == 2 and err.strip() == ("companion: spend: Pip has 0 fate chips, cannot spend 3 "
                                         "(mouse-card-system.txt, Fate Chips)")
    code, _, err = run(capsys, "mousecard", "bonus", log, "Tam", "--source", "ace", "--use", "cancel")
    assert code == 2 and "See " not in err
    assert err.strip() == ("companion: bonus: Tam has not drawn yet (mouse-card-system.txt, How to draw "
                           "cards, special effects (Aces)). Draw first: an ace or a fate chip is spent on a "
                           "draw.")


def test_the_buy_plan_cites_the_hand_size_after_its_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "monarchs", "buy", "--hand", "1", "1", "1", "Royal Herald",
                       "--front", "2", "3", "Sun King", "4", "--back", "5")
    assert code == 0
    assert "note: a hand is 5 cards; 4 were given (of-mice-and-monarchs.md, Game Play)\n" in out


def test_tmnt_adjust_help_says_what_it_does_then_the_section(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    out = _help(capsys, monkeypatch, "tmnt", "adjust")
    description = out.split("\n\n")[1]
    assert description.startswith("The Adjust Phase")
    assert description.endswith("(tmnt-tcg.txt, Adjust Phase).")


# -- 2. the option typed, not the field -------------------------------------------------------------

def test_mystics_new_names_the_mice_and_ability_options(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "m.jsonl")
    code, _, err = run(capsys, "mystics", "new", log, "--mice", "colin")
    assert code == 2 and err.startswith("companion: --mice: unknown Mice and Mystics card 'colin'")
    assert "Did you mean 'collin'?" in err  # (the suggestion stays)
    code, _, err = run(capsys, "mystics", "new", log, "--mice", "")
    assert code == 2 and err.startswith("companion: --mice '' names no mouse") and '"mice"' not in err
    assert "(mice-and-mystics.txt, Game setup)" in err
    code, _, err = run(capsys, "mystics", "new", log, "--mice", "collin", "--ability", "collin=Foo")
    assert code == 2 and err.strip() == ("companion: --ability: unknown Mice and Mystics ability card 'Foo' "
                                         "(mice-and-mystics.txt, Game setup)")
    assert not Path(log).exists()


def test_mousecard_actions_name_the_option_typed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _session(tmp_path, capsys)
    code, _, err = run(capsys, "mousecard", "draw", log, "--character", "", "--skill", "2", "--target", "J")
    assert code == 2 and err.strip() == "companion: --character must be a non-empty text (found '')"
    code, _, err = run(capsys, "mousecard", "draw", log, "--character", "x" * 70, "--skill", "2",
                       "--target", "J")
    assert code == 2 and err.startswith("companion: --character: a character's name is 70 characters long, "
                                        "10 too many")
    code, _, err = run(capsys, "mousecard", "bonus", log, " ", "--source", "ace", "--use", "cancel")
    assert code == 2 and err.startswith("companion: CHARACTER must be a non-empty text")
    code, _, err = run(capsys, "mousecard", "award", log, "")
    assert code == 2 and err.startswith("companion: PLAYER must be a non-empty text")
    code, _, err = run(capsys, "mousecard", "draw", log, "--character", "Pip", "--skill", "2",
                       "--target", "J", "--cards", "2S 3S 4S")
    assert code == 2 and err.startswith("companion: --cards: 1 card too many")
    assert err.rstrip().endswith("(mouse-card-system.txt, How to draw cards)")  # (the citation stays)


# -- 3. another game's list: the command to run -----------------------------------------------------

def test_print_cards_names_the_command_for_another_games_list(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "t40.txt"
    deck.write_text("3 Karai\n3 Sai\n3 Nunchaku\n", encoding="utf-8")
    code, _, err = run(capsys, "print", "cards", "village", "--deck", str(deck),
                       "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and f"use `companion print cards tmnt --deck {deck}`." in err
    assert "read the list as" not in err and not (tmp_path / "x.pdf").exists()


# -- 4. the "empty deck" reading only where the deck could run out -----------------------------------

def test_the_empty_deck_reading_only_when_the_deck_could_run_out() -> None:
    check = TaskCheck(2, "J")
    assert EMPTY not in check_notes(check)  # the full deck
    assert EMPTY not in check_notes(check, deck=FULL_DECK[5:])  # 49 cards for 2 (plus kings)
    assert EMPTY in check_notes(check, deck=())  # an empty deck
    kings = tuple(c for c in FULL_DECK if c.rank == KING)
    assert may_run_out(check, kings[:3])  # 3 cards: the skill 2 plus a king's card each
    assert not may_run_out(TaskCheck(2, "J", kings="never"), kings[:3])
    assert may_run_out(TaskCheck(3, "J", mode="broke"), (parse_card("QH"), parse_card("2S")))


def test_odds_from_a_deck_log_say_the_empty_deck_reading_only_when_it_applies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _session(tmp_path, capsys, "2S 3S")
    code, out, _ = run(capsys, "odds", "mousecard", "--deck-log", log, "--skill", "2", "--target", "J",
                       "--json")
    assert code == 0 and EMPTY not in json.loads(out)["notes"]  # 52 cards left: it cannot run out
    plain = " ".join(f"{r}{s}" for r in (2, 3, 4, 5, 6, 7, 8, 9, 10, "J") for s in "SHDC")
    log = _session(tmp_path, capsys, *(" ".join(plain.split()[i:i + 20]) for i in (0, 20)), name="b")
    for skill, kings, said in (("10", "best", False), ("11", "best", True), ("11", "never", False)):
        code, out, _ = run(capsys, "odds", "mousecard", "--deck-log", log, "--skill", skill, "--target", "J",
                           "--kings", kings, "--json")
        doc = json.loads(out)  # 14 cards left, 4 of them kings
        assert code == 0 and doc["deck_size"] == 14 and (EMPTY in doc["notes"]) is said


# -- 5. the first printing is a house reading -------------------------------------------------------

def test_the_first_printing_of_a_character_is_said_as_a_house_reading(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tmnt", "attack", "--character", "Leonardo", "--json")
    (note,) = [n for n in json.loads(out)["notes"] if n["rule"] == "printings"]
    assert code == 0 and note["message"].startswith("house reading: ")
    assert "leonardo-1, leonardo-2" in note["message"] and "the first, leonardo-1" in note["message"]
    assert note["cite"] == "tmnt-tcg.txt, How to Build Your Own Deck (2)"


# -- 6. small words -----------------------------------------------------------------------------------

def test_deck_stats_plot_says_wrote(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = Path(__file__).resolve().parents[1] / "data" / "decks"
    lists = sorted(deck.glob("village*.txt"))
    assert lists
    plot = tmp_path / "p.png"
    code, out, _ = run(capsys, "deck", "stats", "village", str(lists[0]), "--plot", str(plot))
    assert code == 0 and out.rstrip().endswith(f"\nwrote {plot}") and "plot written" not in out


def test_deck_export_and_odds_mystics_help(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    out = _help(capsys, monkeypatch, "deck", "export")
    assert "or as CSV (a count,card sheet)." in out
    out = _help(capsys, monkeypatch, "deck")
    assert "write the list back as text, JSON or CSV" in out
    out = _help(capsys, monkeypatch, "odds", "mystics")
    assert ("move, minion-move and chase need the die faces' movement numbers: give them with "
            "--movement") in out
