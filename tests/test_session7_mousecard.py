"""Session 7, the Mouse Card tools on game night (an exploratory test by a game master): the book's own
"16:38" is cited where the odds give it; a need above the skill says what one draw can do; a refused ace
or chip suggests only what may be done; a refused number of chips says what to do for too few; the
command line names its own options and action (``--seed``, ``--deck-log``, ``draw-on``); cards, targets
and situations typed on a tablet (``Q♥️``) or full width (``Ｊ``) read; the Plot button is off, saying
why, when the live deck cannot be plotted."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.mousecard.live import LiveDeckTracker, draw_event
from companion.mousecard.odds import BOOK_ODDS_CITE, TaskCheck, drawing_anyway, exact_odds
from companion.views.mousecard import MouseCardPage
from tests.helpers import run_cli

#: The book's opening paragraph, where it works out "J, Q, K, A -> 16:38".
OPENING = "mouse-card-system.txt, opening paragraph (J, Q, K, A -> 16:38)"


def text(widget_html: str) -> str:
    """A panel's words, its tags and entities gone."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def _tracker(tmp_path: Path) -> LiveDeckTracker:
    tracker = LiveDeckTracker(tmp_path / "mc.jsonl")
    tracker.do({"event": "start", "seed": 7, "title": "t"})
    return tracker


def _draw(tracker: LiveDeckTracker, who: str, cards: list[str], **check: object) -> None:
    tracker.do({"event": "draw", "character": who, "task": "t", "skill": 3, "target": "J", "cards": cards,
                **check})


# -- 1. the book's 16:38, cited ------------------------------------------------------------------------

def test_the_books_16_38_is_said_and_cited_in_the_text_the_json_and_the_page(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert BOOK_ODDS_CITE == OPENING
    code, out, _err = run_cli(capsys, "odds", "mousecard", "--skill", "1", "--target", "J or better")
    assert code == 0 and "P(success)               29.6%  (exact 8/27)" in out
    assert "one card succeeds        16:38 in a 54-card deck, as the book gives it" in out
    assert f"  ({OPENING})" in out
    code, out, _err = run_cli(capsys, "odds", "mousecard", "--skill", "1", "--target", "J", "--json")
    doc = json.loads(out)
    assert doc["single_card_odds"] == "16:38" and doc["p_success_exact"] == "8/27"
    assert doc["cites"][0] == OPENING and "mouse-card-system.txt, Task checks" in doc["cites"]
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.skill.value = 1
    assert "16:38 in a 54-card deck, as the book gives it" in text(page.result.value)
    assert OPENING in text(page.result.value)


@pytest.mark.parametrize("check, deck", [
    (TaskCheck(1, "Q"), None),  # another target: 12:42, no figure of the book's
    (TaskCheck(1, "J", situation="red-bad", red_bad="all", bad_succeeds=False), None),  # 8:46
    (TaskCheck(1, "J"), ["QH", "2S", "3S"]),  # a live deck of three cards: 1:2
])
def test_other_single_card_odds_are_not_said_to_be_the_books(check: TaskCheck,
                                                             deck: list[str] | None) -> None:
    result = exact_odds(check, deck)
    assert not result.book_odds and OPENING not in result.cited and OPENING not in result.to_json()["cites"]
    assert "as the book gives it" not in "\n".join(result.lines())


# -- 2. more successes needed than the skill draws ----------------------------------------------------

def test_a_need_above_the_skill_says_one_draw_makes_it_only_by_aces_kings_and_chips(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    said = "5 successes needed from a skill of 3: one draw makes them only with aces' extra successes"
    code, out, _err = run_cli(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--need", "5")
    assert code == 0 and said in out and "several turns" in out and "(Task checks)" in out
    code, out, _err = run_cli(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--need", "5",
                              "--json")
    assert any(n.startswith(said) for n in json.loads(out)["notes"])
    code, out, _err = run_cli(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--need", "3")
    assert "needed from a skill" not in out  # (the skill's cards can make it)
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.skill.value, page.need.value = 3, 5
    assert said in text(page.result.value)


# -- 3. a refused ace or chip suggests only what may be done --------------------------------------------

def test_a_chip_refused_for_want_of_one_suggests_neither_keeping_it_nor_cancelling(tmp_path: Path) -> None:
    tracker = _tracker(tmp_path)
    _draw(tracker, "Pip", ["QH"])  # a success: Pip holds no chip
    with pytest.raises(RuleError, match="Pip has no fate chip to spend") as refused:
        tracker.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "success"})
    assert refused.value.suggestion is None  # (was: "Keep the chip: it may be held for another draw.")
    tracker.do({"event": "award", "player": "Pip", "chips": 1})
    with pytest.raises(RuleError, match="already has the 1 success") as refused:
        tracker.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "success"})
    assert refused.value.suggestion == "Keep the chip: it may be held for another draw."


def test_an_extra_success_refused_suggests_cancelling_only_where_a_cancel_is_taken(tmp_path: Path) -> None:
    tracker = _tracker(tmp_path)
    # going for broke in combat: a success and the red joker in effect; Tilly holds no chip
    _draw(tracker, "Tilly", ["QS", "red joker", "4C"], situation="combat", mode="broke")
    with pytest.raises(RuleError, match="Tilly has no fate chip to spend") as refused:
        tracker.do({"event": "bonus", "character": "Tilly", "source": "chip", "use": "success"})
    assert refused.value.suggestion is None  # (was: "Spend it to cancel the bad card in effect instead.")
    tracker.do({"event": "award", "player": "Tilly", "chips": 1})
    with pytest.raises(RuleError, match="already has") as refused:
        tracker.do({"event": "bonus", "character": "Tilly", "source": "chip", "use": "success"})
    assert refused.value.suggestion == "Spend it to cancel the bad card in effect instead."
    # every red card bad: Ann's ace of hearts is her success and her only bad card, and cannot cancel itself
    _draw(tracker, "Ann", ["AH"], situation="red-bad", red_bad="all")
    with pytest.raises(RuleError, match="already has") as refused:
        tracker.do({"event": "bonus", "character": "Ann", "source": "ace", "use": "success"})
    assert refused.value.suggestion is None
    with pytest.raises(RuleError, match="an ace cancels another card, not itself"):
        tracker.do({"event": "bonus", "character": "Ann", "source": "ace", "use": "cancel"})


def test_the_command_line_gives_the_same_suggestions(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    assert run_cli(capsys, "mousecard", "draw", log, "--character", "Pip", "--skill", "3", "--target", "J",
                   "--cards", "QH")[0] == 0
    code, _out, err = run_cli(capsys, "mousecard", "bonus", log, "Pip", "--source", "chip", "--use",
                              "success")
    assert code == 2 and "Pip has no fate chip to spend" in err and "Keep the chip" not in err


# -- 4. too few chips at once --------------------------------------------------------------------------

@pytest.mark.parametrize("verb, n, hint", [
    ("award", "-1", "Award 1 or more; to take fate chips away, spend them (or undo the award)."),
    ("award", "0", "Award 1 or more; to take fate chips away, spend them (or undo the award)."),
    ("spend", "0", "Spend 1 or more; to give fate chips, award them."),
    ("award", "100", "Award at most 99 at once (more is likely a typo)."),
])
def test_a_number_of_chips_refused_says_what_to_do_once(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          verb: str, n: str, hint: str) -> None:
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    code, _out, err = run_cli(capsys, "mousecard", verb, log, "Pip", "--chips", n)
    assert code == 2 and f"--chips must be 1 to 99 at a time, not {n}" in err and hint in err
    assert "expected" not in err and "found" not in err  # (the range and the number are in the sentence)
    if n != "100":
        assert "typo" not in err


# -- 5. the command line names what was typed -----------------------------------------------------------

def test_the_command_line_names_draw_on_seed_and_deck_log_as_typed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    code, _out, err = run_cli(capsys, "mousecard", "draw-on", log, "--character", "Nobody")
    assert code == 2 and "companion: draw-on: Nobody has not drawn yet" in err and "draw_on" not in err
    code, _out, err = run_cli(capsys, "mousecard", "new", str(tmp_path / "t.jsonl"), "--seed", "a\nb")
    assert code == 2 and "companion: --seed: a seed is a number or a word" in err
    assert not (tmp_path / "t.jsonl").exists()
    code, _out, err = run_cli(capsys, "odds", "mousecard", "--skill", "3", "--target", "J", "--deck-log", "")
    assert code == 2 and "companion: --deck-log: no log file named" in err and "found ''" in err
    code, _out, err = run_cli(capsys, "mousecard", "replay", "")
    assert code == 2 and "companion: LOG: no log file named" in err


# -- 6. typed on a tablet, or full width ---------------------------------------------------------------

def test_cards_targets_and_situations_typed_with_emoji_suits_or_full_width_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    # a tablet's emoji keyboard puts U+FE0F after a suit: "Q♥️" is "Q♥"
    code, out, err = run_cli(capsys, "mousecard", "draw", log, "--character", "Pip", "--skill", "3",
                             "--target", "\uff2a", "--situation", "\uff23\uff2f\uff2d\uff22\uff21\uff34",
                             "--cards", "5\u2663\ufe0f, Q\u2665\ufe0f")
    assert code == 0, err
    assert "#1 Pip — task: 5♣ Q♥ → 1 success of 1 needed, success" in out
    rec = LiveDeckTracker(Path(log)).state.draws[-1]
    assert rec.check.target == 11 and rec.check.situation == "combat"
    code, out, _err = run_cli(capsys, "odds", "mousecard", "--skill", "1", "--target", "ｊ or better")
    assert code == 0 and "(exact 8/27)" in out
    page = MouseCardPage(tmp_path / "page.jsonl", plot=False, settle=None)
    page.character.value, page.skill.value, page.cards.value = "Ann", 2, "\uff2b\uff33, 3\u2660\ufe0f"
    page.draw_button.click()
    assert page.message.value == "" and [c.short for c in page.tracker.state.draws[-1].cards] == ["K♠", "3♠"]


# -- 7. the Plot button is off, saying why, while the live deck cannot be plotted -------------------------

def test_the_plot_button_is_off_saying_why_while_the_live_deck_has_no_session(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    assert not page.plot_button.disabled and page.plot_off.value == ""
    page.undo_button.click()  # the session's start undone: no deck
    page.use_live.value = True
    assert "No odds from the live deck" in text(page.result.value)
    assert page.plot_button.disabled and "no plot from the live deck: no session" in page.plot_button.tooltip
    assert "Plot success against skill" in text(page.plot_off.value)
    assert "no plot from the live deck" in text(page.plot_off.value)
    page.redo_button.click()  # the session back: the live deck plots
    assert not page.plot_button.disabled and page.plot_off.value == ""
    page.undo_button.click()
    assert page.plot_button.disabled
    page.use_live.value = False  # a full deck always plots
    assert not page.plot_button.disabled and page.plot_off.value == ""
    odds_tab = page.tabs.children[0]
    assert odds_tab.children.index(page.plot_off) == odds_tab.children.index(page.plot_message) + 1



# -- the coordinator's mends: a typed broke hand's count, and --seed named as typed ------------------------

@pytest.mark.parametrize(("cards", "said"), [(["AH"], "but 1 was typed"), (["AH", "2C"], "but 2 were typed")])
def test_a_short_typed_broke_hand_says_its_count_in_good_grammar(cards: list[str], said: str) -> None:
    t = LiveDeckTracker(None)
    t.do({"event": "start", "seed": 5})
    with pytest.raises(RuleError, match=f"going for broke draws 3 cards at once, {said}"):
        t.do(draw_event("Mo", "task", TaskCheck(3, "J", mode="broke"), cards))


def test_mystics_new_names_a_bad_seed_as_the_option_typed(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    log = tmp_path / "c.jsonl"
    code, _out, err = run_cli(capsys, "mystics", "new", str(log), "--mice", "Filch,Nez", "--seed", "a\nb")
    assert code == 2 and "--seed: a seed is a number or a word on one line" in err and not log.exists()


@pytest.mark.parametrize(("skill", "situation", "said"), [
    (12, "combat", "not worked out above skill 10 (it can take many seconds)"),  # said, not left a gap
    (10, "combat", "P(several bad)"),  # worked out: its figures
    (12, "calm", None),  # no bad card: nothing to say
])
def test_above_skill_10_the_risk_of_drawing_anyway_is_said_to_be_left_out(
        skill: int, situation: str, said: str | None) -> None:
    lines = exact_odds(TaskCheck(skill, "J", situation=situation, fate_chips=2)).lines(
        anyway=drawing_anyway(TaskCheck(skill, "J", situation=situation, fate_chips=2)))
    anyway = [line for line in lines if line.startswith("  if drawn anyway")]
    if said is None:
        assert anyway == [] and "no card is drawn" not in "\n".join(lines)
    else:
        assert len(anyway) == 1 and said in anyway[0]
        assert "no card is drawn: the fate chips alone succeed" in "\n".join(lines)
