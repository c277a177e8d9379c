"""Small tidy-ups: an error's rule-book citation said after its sentence (its place before it), and the
Mouse Card page's words for the check's choices and the bonuses taken from beside those choices."""

from __future__ import annotations

import itertools
from dataclasses import fields
from pathlib import Path

import pytest

from companion import cite
from companion.errors import CompanionError, LogError, RuleError
from companion.mousecard import odds
from companion.mousecard.live import BONUS_LABELS, LiveDeckTracker, draw_event
from companion.mousecard.situations import RED_BAD_CHOICES
from companion.views import mousecard as page_module
from companion.views.mousecard import MouseCardPage

# -- 1. a citation follows the sentence; a place precedes it -----------------------------------------


def test_a_citation_is_said_after_the_sentence_in_brackets() -> None:
    err = RuleError("the Result Step is already done", cite=cite("tmnt", "Result Step"),
                    suggestion="Undo it first.")
    assert err.render() == "the Result Step is already done (tmnt-tcg.txt, Result Step). Undo it first."
    assert str(err) == err.render() and err.where is None and err.cite == "tmnt-tcg.txt, Result Step"


def test_a_place_goes_before_the_sentence_and_the_citation_after_the_details() -> None:
    err = CompanionError("the die shows 1-6", where="event 3", expected="1 to 6", found="7",
                         cite=cite("monarchs", "Solo Mode"), suggestion="Roll again")
    assert err.render() == ("event 3: the die shows 1-6 (expected 1 to 6; found 7) "
                            "(of-mice-and-monarchs.md, Solo Mode). Roll again")
    # a caller that names the place itself drops it, never the citation (it belongs to the sentence)
    assert err.render(where=False) == ("the die shows 1-6 (expected 1 to 6; found 7) "
                                       "(of-mice-and-monarchs.md, Solo Mode). Roll again")


def test_an_error_with_no_citation_reads_as_before() -> None:
    err = CompanionError("must be a whole number", where="skill", found="'x'")
    assert err.render() == "skill: must be a whole number (found 'x')" and err.cite is None
    assert LogError("bad line", where="log.jsonl:3").render() == "log.jsonl:3: bad line"


# -- 2. the page's words for the check's choices and the bonuses ---------------------------------------


def test_every_choice_of_a_check_has_a_label_and_nothing_else_has_one() -> None:
    assert set(odds.CHOICE_LABELS["mode"]) == set(odds.MODES)
    assert set(odds.CHOICE_LABELS["kings"]) == set(odds.KING_POLICIES)
    assert set(odds.CHOICE_LABELS["bonus"]) == set(odds.BONUS_POLICIES)
    assert set(odds.CHOICE_LABELS["red_bad"]) == set(RED_BAD_CHOICES)
    yes_no = {f.name for f in fields(odds.TaskCheck) if f.type in (bool, "bool")}
    assert set(odds.OPTION_LABELS) == yes_no


def test_the_tracker_takes_exactly_the_labelled_bonuses(tmp_path: Path) -> None:
    t = LiveDeckTracker(tmp_path / "mc.jsonl")
    t.do({"event": "start", "seed": 3})
    t.do({"event": "award", "player": "Pip", "chips": 5})
    t.do(draw_event("Pip", "climb", odds.TaskCheck(2, "J", situation="combat"), ["AS", "3H"]))
    for source, use in itertools.product(("ace", "chip", "king"), ("success", "cancel", "reroll")):
        event = {"event": "bonus", "character": "Pip", "source": source, "use": use}
        try:
            t.do(event)
            taken = True
        except LogError:  # not a bonus there is
            taken = False
        except RuleError:  # a bonus there is, refused for this draw
            taken = True
        assert taken == ((source, use) in BONUS_LABELS), (source, use)


def test_the_page_says_the_labels_given_beside_the_choices(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    for menu, option in ((page.mode, "mode"), (page.kings, "kings"), (page.bonus, "bonus"),
                         (page.red_bad, "red_bad")):
        assert list(menu.options) == [(label, c) for c, label in odds.CHOICE_LABELS[option].items()]
    assert page.kings.options[0] == ("while not yet sure (best)", "best")  # the words stay as they were
    assert page.bonus.options[1] == ("cancel bad cards first", "cancel")
    assert page.red_bad.options[1] == ("red-bad: every red card", "all")
    for box, option in ((page.stop, "stop_when_sure"), (page.bad_succeeds, "bad_succeeds"),
                        (page.cancel_draws_on, "cancel_draws_on")):
        assert box.description == odds.OPTION_LABELS[option]
    assert [b.description for b in page.bonus_buttons] == list(BONUS_LABELS.values())
    assert page.bonus_buttons[3].description == "Chip: cancel bad"


def test_a_new_choice_labelled_beside_its_option_reaches_the_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kings = {**odds.CHOICE_LABELS["kings"], "first": "only the first king's"}
    monkeypatch.setitem(page_module.CHOICE_LABELS, "kings", kings)
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    assert ("only the first king's", "first") in page.kings.options


# -- 3. each game's refusals: the sentence, then its rule-book section in brackets ---------------------


def test_a_tmnt_refusal_says_its_section_after_the_sentence() -> None:
    from companion.tmnt.game import TmntTracker

    t = TmntTracker(None)
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0})
    with pytest.raises(RuleError) as caught:
        t.do({"event": "flip", "card": "character"})  # the Set Phase: no flip yet
    assert caught.value.where is None and caught.value.cite == "tmnt-tcg.txt, Flip Phase"
    assert caught.value.render() == ("flip: the 1st Block card is flipped in the Flip Phase (now: 2 Set "
                                     "Phase) (tmnt-tcg.txt, Flip Phase)")


def test_a_mystics_refusal_says_its_section_after_the_sentence() -> None:
    from tests.test_mystics_helpers import start, tracker

    t = tracker()
    t.do(start())
    with pytest.raises(RuleError) as caught:
        t.do({"event": "share", "from": "collin", "to": "collin", "cheese": 1})
    text = caught.value.render()
    assert caught.value.where is None and caught.value.cite == "mice-and-mystics.txt, Share"
    assert text == ("Collin cannot share with itself (expected another mouse on the same or an adjacent "
                    "space) (mice-and-mystics.txt, Share)")


def test_a_monarchs_refusal_says_its_section_after_the_sentence() -> None:
    from companion.monarchs.court import Court
    from companion.monarchs.flow import solo_removal

    with pytest.raises(RuleError) as caught:
        solo_removal(7, 2)
    assert caught.value.where is None
    assert caught.value.render() == "the white die shows 1-6, not 7 (of-mice-and-monarchs.md, Solo Mode)"
    with pytest.raises(RuleError) as caught:
        Court.of([None] * 5)
    assert caught.value.render() == ("the front Court row has 4 positions, not 5 "
                                     "(of-mice-and-monarchs.md, Game Play)")


def test_an_error_copied_for_its_caller_keeps_its_citation() -> None:
    from companion.cli import as_typed
    from companion.cli.mousecard import _OPTIONS

    said = CompanionError("skill must be 1 to 20", where="skill", cite=cite("mousecard", "Task checks"))
    assert as_typed(said, _OPTIONS).render() == "--skill must be 1 to 20 (mouse-card-system.txt, Task checks)"


# -- 4. the choices and bonuses are named once ----------------------------------------------------------


def test_the_red_bad_labels_are_beside_the_red_bad_choices() -> None:
    from companion.mousecard.situations import RED_BAD_LABELS

    assert odds.CHOICE_LABELS["red_bad"] is RED_BAD_LABELS and tuple(RED_BAD_LABELS) == RED_BAD_CHOICES


def test_the_command_line_offers_the_checks_own_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.cli import build_parser
    from companion.cli import mousecard as cli_mousecard

    monkeypatch.setattr(cli_mousecard, "MODES", (*odds.MODES, "slow"))
    monkeypatch.setattr(cli_mousecard, "RED_BAD_CHOICES", (*RED_BAD_CHOICES, "half"))
    args = build_parser().parse_args(["odds", "mousecard", "--skill", "2", "--target", "J", "--mode", "slow",
                                      "--red-bad", "half"])
    assert (args.mode, args.red_bad) == ("slow", "half")


def test_a_bonus_that_is_none_is_refused_in_the_same_words(tmp_path: Path) -> None:
    t = LiveDeckTracker(tmp_path / "mc.jsonl")
    t.do({"event": "start", "seed": 3})
    t.do(draw_event("Pip", "climb", odds.TaskCheck(2, "J"), ["AS", "3H"]))
    for source, use in (("king", "success"), (["ace"], "cancel"), ("ace", {"use": "x"})):
        with pytest.raises(LogError) as caught:
            t.do({"event": "bonus", "character": "Pip", "source": source, "use": use})
        assert caught.value.message == "a bonus needs 'source' ace|chip and 'use' success|cancel"
