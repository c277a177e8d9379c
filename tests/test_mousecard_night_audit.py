"""The Mouse Card page after a game night under the Voila app: a long exact fraction wraps in its
panel; the session history keeps every line with its own number; Undo and Redo say what they took
back or brought back, and the last-draw panel follows the draw in force; an undone start says "press
Redo" in the app; a name too long names the Character box and where it goes over; a number typed past
its box's limits is said, not changed unseen; a live draw notes the options that change nothing
(Aged in calm); odds from the live deck say so; the successes count says what it counts."""

from __future__ import annotations

import html
import re
import threading
from fractions import Fraction
from pathlib import Path

import pytest

from companion.cli import main
from companion.mousecard.live import from_live_deck, ignored_options, open_live_deck
from companion.mousecard.odds import MAX_SKILL, TaskCheck, check_notes, exact_odds, odds
from companion.views import mousecard as page_module
from companion.views.mousecard import SHORT_FRACTION, MouseCardPage, exact_html, odds_html, plain

APP = ("VOILA_BASE_URL", "VOILA_PREHEAT", "VOILA_REQUEST_URL", "SERVER_SOFTWARE")


def text_of(markup: str) -> str:
    """A panel's words as a reader sees them: tags out, entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def _page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, app: bool = False) -> MouseCardPage:
    for key in APP:
        monkeypatch.delenv(key, raising=False)
    if app:
        monkeypatch.setenv("VOILA_BASE_URL", "/")
    return MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)


# -- 2: a long exact fraction wraps inside its panel -------------------------------------------------

def test_a_long_exact_fraction_is_folded_and_its_digits_may_break_anywhere() -> None:
    result = exact_odds(TaskCheck(15, "J", need=6, situation="combat", fate_chips=3))
    p = result.p_success
    assert len(f"{p.numerator}/{p.denominator}") > SHORT_FRACTION  # (wider than an 800-pixel page)
    panel = odds_html(result)
    size = f"{len(str(p.numerator))} and {len(str(p.denominator))} digits"
    assert (f"<summary title='Click to show or hide its digits'><small>(exactly: a fraction of {size})"
            "</small></summary>") in panel
    digits = re.search(r"</summary><small style='([^']*)'>(\d+)/(\d+)</small></details>", panel)
    assert digits is not None and "overflow-wrap:anywhere" in digits[1]
    assert (int(digits[2]), int(digits[3])) == (p.numerator, p.denominator)
    labels = re.findall(r"<td style='([^']*)'>([^<]*)</td>", panel)
    assert labels and all("white-space:nowrap" in style for style, _label in labels)
    assert "A bad card" in [label for _style, label in labels]


@pytest.mark.parametrize(("p", "folded"), [
    (Fraction(10**17, 10**20 + 1), False),  # 18 + 1 + 21 characters: 40, said on its line
    (Fraction(10**18, 10**20 + 1), True),  # 41: folded
    (Fraction(1, 3), False),
])
def test_a_fraction_up_to_40_characters_is_said_on_its_line(p: Fraction, folded: bool) -> None:
    digits = f"{p.numerator}/{p.denominator}"
    said = exact_html(p)
    assert ("<details" in said) is folded
    if not folded:
        assert said == f"<small style='overflow-wrap:anywhere'>(exactly {digits})</small>"
    else:
        assert f"<small style='overflow-wrap:anywhere'>{digits}</small></details>" in said


def test_the_chance_shown_while_computing_may_break_anywhere_too() -> None:
    target = page_module.w.HTML()
    chance = exact_odds(TaskCheck(12, "J", need=5, situation="combat")).p_success
    MouseCardPage._computing(target, TaskCheck(12, "J", need=5), chance=chance)
    assert len(f"{chance.numerator}/{chance.denominator}") > SHORT_FRACTION
    assert "(exactly: a fraction of" in target.value and ": drawing on does not change it" in target.value
    assert f"<small style='overflow-wrap:anywhere'>{chance.numerator}/{chance.denominator}</small>" \
        in target.value


# -- 3: the session history keeps every line, with its own number -----------------------------------

def test_the_history_shows_every_line_numbered_as_the_session_counts_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = _page(tmp_path, monkeypatch)
    page.player.value = "Tansy"
    for _ in range(35):
        page.award_button.click()
    journal = page.tracker.state.journal
    assert len(journal) == 36
    shown = page.history.value
    assert "<ol reversed start='36'" in shown and "36 lines, latest first" in text_of(shown)
    items = re.findall(r"<li>(.*?)</li>", shown)
    assert [html.unescape(x) for x in items] == [plain(x) for x in reversed(journal)]
    assert items[-1].startswith("Session started")  # 1. is the start, as it was
    assert "max-height:" in shown and "overflow-y:auto" in shown  # a long night scrolls in its box


# -- 4 and 5: Undo and Redo say what they did; the draw panel follows --------------------------------

def test_undo_and_redo_say_what_they_took_back_and_brought_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = _page(tmp_path, monkeypatch)
    page.player.value = "Tansy"
    page.award_button.click()
    page.undo_button.click()
    assert text_of(page.message.value) == "Undone: Tansy receives 1 fate chip (Tansy back to 0 fate chips)."
    assert page.message is page.session_msg  # under the row of Undo
    page.redo_button.click()
    assert text_of(page.message.value) == "Redone: Tansy receives 1 fate chip (now 1)."
    assert page.tracker.state.chips_of("Tansy") == 1


def test_the_draw_panel_follows_the_draw_in_force_after_an_undo_or_a_redo(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = _page(tmp_path, monkeypatch)
    page.character.value, page.cards.value = "Pip", "QH"
    page.draw_button.click()
    page.character.value, page.cards.value = "Tansy", "3S"
    page.draw_button.click()
    page.undo_button.click()  # Tansy's #2 taken back: Pip's #1 is the draw in force
    assert text_of(page.message.value).startswith("Undone: #2 Tansy")
    assert page.character.value == "Pip" and "#1 Pip" in page.last.value
    page.redo_button.click()  # brought back: the panel shows it, not Pip's
    assert text_of(page.message.value).startswith("Redone: #2 Tansy")
    assert page.character.value == "Tansy" and "#2 Tansy" in page.last.value
    page.character.value, page.player.value = "Bramble", "Ann"  # about to draw: an award leaves the box
    page.award_button.click()
    page.undo_button.click()
    assert page.character.value == "Bramble"


def test_undoing_the_start_in_the_app_says_press_redo_without_the_command_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = _page(tmp_path, monkeypatch, app=True)
    assert not page.undo_button.disabled  # as Village's and TMNT's start: it can be taken back
    page.undo_button.click()
    said = text_of(page.message.value)
    assert said.startswith("Undone: Session started (seed ")
    assert said.endswith("No session under way now: its start was undone. Press Redo to bring the session "
                         "back.")
    for shown in (page.message.value, page.deck_status.value):
        assert "Press Redo to bring the session back." in text_of(shown)
        assert "companion mousecard" not in shown and str(tmp_path) not in shown and "notebook" not in shown
    assert page.draw_button.disabled and not page.redo_button.disabled
    page.redo_button.click()
    assert text_of(page.message.value).startswith("Redone: Session started")
    assert "No session" not in page.deck_status.value


def test_undoing_the_start_outside_the_app_and_on_the_command_line_keeps_their_words(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    page = _page(tmp_path, monkeypatch)
    page.undo_button.click()
    none = page.tracker.no_session()
    assert none is not None and none.hint in text_of(page.deck_status.value)
    assert "companion mousecard redo" in none.hint
    log = str(tmp_path / "cli.jsonl")
    assert main(["mousecard", "new", log, "--seed", "3"]) == 0
    assert main(["mousecard", "undo", log]) == 0
    out = capsys.readouterr().out
    assert "Undone: Session started (seed 3)." in out and "companion mousecard redo" in out


# -- 9: a name too long names the box and where it goes over ----------------------------------------

def test_a_name_too_long_names_the_character_box_the_count_and_the_limit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = _page(tmp_path, monkeypatch)
    name = "Bartholomew Wigglesworth-Featherstonehaugh the Third of Moss"  # 60: the longest taken
    page.character.value, page.cards.value = name + "y", "QH"
    page.draw_button.click()
    said = text_of(page.message.value)
    assert "Character: a character's name is 61 characters long, 1 too many" in said
    assert "at most 60 characters" in said and "past character 60: 'y'" in said
    assert "character: a" not in said and not page.tracker.state.draws
    page.character.value = name
    page.draw_button.click()
    assert page.tracker.state.draws[-1].character == name


def test_a_player_name_too_long_names_the_box_it_was_typed_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = _page(tmp_path, monkeypatch)
    page.player.value = "p" * 70
    page.award_button.click()
    assert "Player: a player's name is 70 characters long, 10 too many" in text_of(page.message.value)
    page.player.value, page.character.value = "", "c" * 65  # Award then takes the Character box's name
    page.award_button.click()
    assert "Character: a player's name is 65 characters long, 5 too many" in text_of(page.message.value)
    assert page.tracker.state.chips == ()


def test_the_live_deck_refuses_a_name_too_long_showing_where_it_goes_over() -> None:
    t = open_live_deck(None)
    t.do({"event": "start", "seed": 1})
    with pytest.raises(Exception, match=r"is 61 characters long, 1 too many") as refused:
        t.do({"event": "award", "player": "x" * 60 + "Z"})
    assert refused.value.found.endswith("past character 60: 'Z'")  # type: ignore[attr-defined]


# -- 10: a number past its box's limits is said, never changed unseen -------------------------------

def test_a_number_past_its_limits_is_said_and_the_number_used_shows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = _page(tmp_path, monkeypatch)
    page.skill.value = MAX_SKILL  # the highest taken: nothing to say
    assert page.range_note.value == ""
    page.skill.value = 25
    assert page.skill.value == MAX_SKILL and page.check().skill == MAX_SKILL
    assert text_of(page.range_note.value) == "Skill (cards) is at most 20: 25 was entered, so 20 is used"
    page.skill.value = 5  # a number the box takes: the note goes
    assert page.range_note.value == "" and page.check().skill == 5
    page.skill.value = -3
    assert page.skill.value == 1
    assert text_of(page.range_note.value) == "Skill (cards) is at least 1: -3 was entered, so 1 is used"
    page.need.value = 0
    assert page.need.value == 1
    assert text_of(page.range_note.value) == "Successes needed is at least 1: 0 was entered, so 1 is used"
    page.need.value = 2
    assert page.range_note.value == ""
    assert "Chance of success" in page.result.value and page.check_message.value == ""


def test_aged_and_a_disadvantage_share_their_levels_and_say_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = _page(tmp_path, monkeypatch)
    page.disadvantage.value = 3
    page.aged.value = 10
    assert (page.aged.value, page.aged.max, page.disadvantage.max) == (9, 9, 3)
    assert text_of(page.range_note.value) == (
        "Aged is at most 9 (while Disadvantage is 3: 12 levels in all): 10 was entered, so 9 is used")
    page.aged.value = 2
    assert page.range_note.value == "" and page.disadvantage.max == 10


# -- 11: a live draw notes the options that change nothing -----------------------------------------

def test_a_live_draw_notes_that_aged_adds_no_bad_card_in_calm(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = _page(tmp_path, monkeypatch)
    page.aged.value = 1
    page.character.value, page.cards.value = "Pip", "2C, 2D"
    page.draw_button.click()
    check = page.tracker.state.draws[-1].check
    notes = ignored_options(check)
    assert notes and all(note in check_notes(check) for note in notes)  # one source: the odds' notes
    assert "Aged and disadvantage levels add no bad cards" in notes[0]
    assert f"note: {plain(notes[0])}" in text_of(page.last.value)
    page.aged.value = 0  # nothing ignored: no note
    page.cards.value = "3C"
    page.draw_button.click()
    assert "note:" not in text_of(page.last.value)


# -- 12: odds from the live deck say so --------------------------------------------------------------

def test_odds_from_the_live_deck_say_so_as_the_command_line_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    page = _page(tmp_path, monkeypatch)
    assert "live deck" not in text_of(page.result.value)  # a full deck's
    page.character.value = "Pip"
    page.cards.value = "3C, 4D, 5S"  # (the table's cards: a seeded draw ending on a joker leaves 54)
    page.draw_button.click()
    left = len(page.tracker.state.remaining)
    assert left == 51
    page.use_live.value = True
    assert text_of(page.result.value).startswith(from_live_deck(left)) and left < 54
    assert from_live_deck(left) == f"From the live deck: {left} cards remaining"
    log = str(tmp_path / "cli.jsonl")
    assert main(["mousecard", "new", log, "--seed", "3"]) == 0
    assert main(["mousecard", "draw", log, "--character", "Pip", "--skill", "2", "--target", "J",
                 "--cards", "3C"]) == 0
    capsys.readouterr()
    assert main(["odds", "mousecard", "--skill", "2", "--target", "J", "--deck-log", log]) == 0
    assert capsys.readouterr().out.startswith(f"{from_live_deck(53, log)}.\n")


# -- 13: the successes say what they count -----------------------------------------------------------

def test_the_successes_say_they_count_aces_and_fate_chips_and_a_count_skipped() -> None:
    result = odds(10, "Q", need=3, situation="combat", mode="broke", fate_chips=1)
    counts = [n for n, _p in result.successes]
    assert 2 not in counts and 1 in counts and 3 in counts  # the audit's: no 2
    said = "counting the successes aces and fate chips add: exactly 2 never happens"
    assert result.successes_counted() == said
    line = next(x for x in result.lines() if x.strip().startswith("successes"))
    assert line.endswith(f"({said})")
    assert f"({said})" in text_of(odds_html(result))
    plain_check = odds(3, "J")  # no chips, nothing skipped
    assert plain_check.successes_counted() == "counting the successes aces add"


def test_the_command_line_says_the_successes_alike(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mousecard", "--skill", "10", "--target", "Q", "--need", "3", "--situation",
                 "combat", "--mode", "broke", "--fate-chips", "1"]) == 0
    said = "(counting the successes aces and fate chips add: exactly 2 never happens)"
    assert said in capsys.readouterr().out


# -- smoke test: the first large check waited for the compiled engine to load -----------------------

def test_a_page_loads_the_compiled_engine_in_the_background_once(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.mousecard import passes

    threads: list[str] = []
    monkeypatch.setattr(passes, "_WARMING", [])
    monkeypatch.setattr(passes, "warm", lambda: threads.append(threading.current_thread().name))
    first = _page(tmp_path, monkeypatch)
    passes._WARMING[0].join(5)
    assert threads == ["companion-warm"]  # off the notebook's thread
    _page(tmp_path, monkeypatch)  # another page: loaded already
    passes._WARMING[0].join(5)
    assert threads == ["companion-warm"] and first is not None

    def broken() -> None:
        raise RuntimeError("no compiler here")

    raised: list[object] = []
    monkeypatch.setattr(threading, "excepthook", raised.append)
    monkeypatch.setattr(passes, "_WARMING", [])
    monkeypatch.setattr(passes, "warm", broken)
    thread = passes.warm_in_background()  # a failure is never raised (the user's own check says it)
    thread.join(5)
    assert not thread.is_alive() and raised == []
