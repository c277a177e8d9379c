"""Mouse Card user audit 3: a deck in doubt, titles, wasted bonuses, names, citations, typos,
ignored options, an empty log, cancelled marks, a need out of reach, the one-card figure, help."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import CompanionError, RuleError
from companion.mousecard.deck import parse_card, parse_rank
from companion.mousecard.live import LiveDeckTracker, draw_event, open_live_deck
from companion.mousecard.odds import TaskCheck, exact_odds
from companion.views.mousecard import MouseCardPage

#: A typed draw whose card name cannot be read: the line moved cards the tracker does not know.
BAD_DRAW = '{"event": "draw", "character": "Tam", "skill": 1, "target": "J", "cards": ["ZZ"]}\n'


def _doubtful_log(tmp_path: Path) -> Path:
    """A seeded session whose line 4 (a typed draw) cannot be used: the deck is in doubt."""
    log = tmp_path / "s.jsonl"
    t = LiveDeckTracker(log)
    t.do({"event": "start", "seed": 3})
    t.do(draw_event("Pip", "climb", TaskCheck(1, "J")))
    with log.open("a", encoding="utf-8") as fh:
        fh.write(BAD_DRAW)
    return log


# -- 1. a seeded draw on a deck in doubt ---------------------------------------------------------


def test_a_seeded_draw_is_refused_while_a_line_that_moved_cards_leaves_the_deck_in_doubt(
        tmp_path: Path) -> None:
    log = _doubtful_log(tmp_path)
    t = open_live_deck(str(log))
    before = log.read_bytes()
    with pytest.raises(RuleError) as refused:  # (it would deal cards the bad line may have taken)
        t.do(draw_event("Pip", "climb", TaskCheck(2, "J")))
    assert [p.line for p in t.deck_in_doubt()] == [4]
    said = refused.value.render()
    assert "the deck is in doubt: line 4 of the log cannot be used" in said
    assert "Type in the cards drawn" in said and "--cards" in said and "reshuffle" in said
    assert "mend line 4" in said and "mouse-card-system.txt" in said
    assert log.read_bytes() == before  # nothing written
    t.do(draw_event("Pip", "climb", TaskCheck(1, "J"), ["QH"]))  # typed cards: allowed
    t.do({"event": "reshuffle", "reason": "gm"})  # allowed, and the deck is whole again
    assert t.deck_in_doubt() == [] and t.doubt_refusal() is None
    t.do(draw_event("Pip", "climb", TaskCheck(2, "J")))  # a seeded draw goes ahead
    assert open_live_deck(str(log), read_only=True).state == t.state


def stopped_then_damaged(log: Path) -> None:
    """A log where Pip's cautious draw stopped at a cancelled joker (a chip spent), then a damaged
    draw line (line 6): the deck is in doubt, and Pip may draw on."""
    t = LiveDeckTracker(log)
    t.do({"event": "start", "seed": 3})
    t.do({"event": "award", "player": "Pip"})
    t.do(draw_event("Pip", "sneak", TaskCheck(3, "J", situation="combat"), ["4S", "red joker"]))
    t.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "cancel"})
    with log.open("a", encoding="utf-8") as fh:
        fh.write(BAD_DRAW)


def test_a_seeded_draw_on_is_refused_too_and_typed_cards_go_on(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    stopped_then_damaged(log)
    t = open_live_deck(str(log))
    with pytest.raises(RuleError, match="draw_on: the deck is in doubt: line 6"):
        t.do({"event": "draw_on", "character": "Pip"})
    t.do({"event": "draw_on", "character": "Pip", "cards": ["KS"]})
    assert t.state.draws[-1].succeeded


def test_a_log_already_holding_a_seeded_draw_after_such_a_line_replays_as_written(tmp_path: Path) -> None:
    log = _doubtful_log(tmp_path)  # an older version went on drawing from the seed: read as it was
    with log.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({**draw_event("Pip", "climb", TaskCheck(1, "J")), "drawn": ["2S"]}) + "\n")
    t = open_live_deck(str(log), read_only=True)
    assert [p.line for p in t.problems] == [4] and [c.short for c in t.state.draws[-1].cards] == ["2♠"]


def test_cli_draw_refuses_a_deck_in_doubt_and_a_reshuffle_clears_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(_doubtful_log(tmp_path))
    draw = ["mousecard", "draw", log, "--character", "Pip", "--skill", "2", "--target", "J"]
    assert main(draw) == 2
    err = capsys.readouterr().err
    assert "the deck is in doubt: line 4" in err and "--cards" in err and "reshuffle" in err
    assert main(["mousecard", "draw-on", log, "--character", "Pip"]) == 2
    assert main([*draw, "--cards", "2S, 3S"]) == 0  # typed in from the physical deck
    odds = ["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", log]
    assert main(odds) == 2
    assert main(["mousecard", "reshuffle", log]) == 0
    capsys.readouterr()
    assert main(draw) == 0
    assert main(odds) == 0  # the deck is whole again: the line is read past, and said
    assert "line 4 cannot be used and may have moved cards, but the deck was reshuffled since" in (
        capsys.readouterr().err)


def test_the_page_turns_draw_off_while_the_deck_is_in_doubt_and_keeps_typed_cards(tmp_path: Path) -> None:
    log = _doubtful_log(tmp_path)
    page = MouseCardPage(log, plot=False, settle=None)
    page.character.value = "Pip"
    assert page.draw_button.disabled and "the deck is in doubt: line 4" in page.draw_button.tooltip
    page.cards.value = "2S"
    assert not page.draw_button.disabled and "in doubt" not in page.draw_button.tooltip
    page.skill.value = 1
    page.draw_button.click()
    assert page.message.value == "" and page.tracker.state.draws[-1].typed
    assert page.draw_button.disabled  # the box is empty again
    page.use_live.value = True  # the live deck's odds: never from cards it does not know
    assert page.odds is None and "No odds from the live deck" in page.result.value
    assert "line 4" in page.result.value
    page.plot_button.click()
    assert "no plot from the live deck" in page.plot_message.value  # (said under the Plot button)
    page.chapter_button.click()  # a reshuffle makes it whole
    assert not page.draw_button.disabled and page.odds is not None
    assert "in a 54-card deck" in page.result.value


def test_the_pages_draw_on_waits_for_typed_cards_while_the_deck_is_in_doubt(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    stopped_then_damaged(log)
    page = MouseCardPage(log, plot=False, settle=None)
    assert page.character.value == "Pip" and page.shown_draw() is not None
    assert page.draw_on_button.disabled and "the deck is in doubt: line 6" in page.draw_on_button.tooltip
    page.cards.value = "KS"
    assert not page.draw_on_button.disabled
    page.draw_on_button.click()
    assert page.message.value == "" and page.tracker.state.draws[-1].succeeded


# -- 2. a session's title ----------------------------------------------------------------------


def test_cli_new_checks_the_title_and_a_logged_one_is_shown_on_one_line_cut_short(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    assert main(["mousecard", "new", str(log), "--title", "Night\none"]) == 2
    assert "a session's title holds a line break" in capsys.readouterr().err and not log.exists()
    assert main(["mousecard", "new", str(log), "--title", "t" * 121]) == 2
    assert "121 characters long" in capsys.readouterr().err and not log.exists()
    assert main(["mousecard", "new", str(log), "--title", "t" * 120, "--seed", "1"]) == 0
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps({"event": "start", "seed": 1, "title": "Night\n\tone " + "x" * 300}) + "\n")
    capsys.readouterr()
    assert main(["mousecard", "replay", str(old)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("Night one xxx") and "… — chapter 1" in first
    title = open_live_deck(str(old), read_only=True).state.title
    assert len(title) == 120 and title.endswith("…")


# -- 3. a bonus success on a draw already won ---------------------------------------------------


def test_a_success_bonus_on_a_draw_that_already_succeeded_is_refused_and_the_chip_kept() -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    t.do({"event": "award", "player": "Pip"})
    t.do(draw_event("Pip", "climb", TaskCheck(1, "J"), ["AS"]))
    with pytest.raises(RuleError) as chip:
        t.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "success"})
    assert "already has the 1 success it needs" in chip.value.render()
    assert "mouse-card-system.txt, Fate Chips" in chip.value.render()
    with pytest.raises(RuleError) as ace:
        t.do({"event": "bonus", "character": "Pip", "source": "ace", "use": "success"})
    assert "an ace's extra success changes nothing" in ace.value.render()
    assert "(Aces)" in ace.value.render()
    assert t.state.chips_of("Pip") == 1 and t.state.draws[-1].aces_spent == 0
    # a bad card on a success still takes effect: cancelling it is no waste
    t.do(draw_event("Pip", "fight", TaskCheck(2, "J", situation="combat", mode="broke"), ["QS", "red joker"]))
    t.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "cancel"})
    assert t.state.draws[-1].cancelled == 1


def test_a_logged_success_bonus_on_a_won_draw_is_read_as_it_was(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    t = LiveDeckTracker(log)
    t.do({"event": "start", "seed": 1})
    t.do({"event": "award", "player": "Pip"})
    t.do(draw_event("Pip", "climb", TaskCheck(1, "J"), ["QS"]))
    with log.open("a", encoding="utf-8") as fh:  # an older version let it through
        fh.write('{"event": "bonus", "character": "Pip", "source": "chip", "use": "success"}\n')
    again = open_live_deck(str(log))
    assert not again.problems and again.state.chips_of("Pip") == 0


def test_the_page_turns_a_wasted_chip_success_off_and_says_why(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.need.value = 2
    page.character.value, page.cards.value = "Pip", "QS, 3S, 4S"
    page.draw_button.click()
    ace_success, _ace_cancel, chip_success, chip_cancel = page.bonus_buttons
    assert chip_success.disabled and chip_success.tooltip == "Pip has no fate chip to spend"
    page.player.value = "Pip"
    page.award_button.click()
    assert not chip_success.disabled and chip_cancel.disabled  # (no bad card to cancel)
    chip_success.click()
    assert page.tracker.state.draws[-1].succeeded and page.tracker.state.chips_of("Pip") == 0
    page.award_button.click()
    assert chip_success.disabled and "already has the 2 successes it needs" in chip_success.tooltip
    assert ace_success.disabled


# -- 4. names ----------------------------------------------------------------------------------


def test_names_are_tidied_once_wherever_they_enter(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert main(["mousecard", "new", log, "--seed", "1"]) == 0
    assert main(["mousecard", "award", log, "Pip"]) == 0
    capsys.readouterr()
    assert main(["mousecard", "award", log, "  pip  "]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Pip receives 1 fate chip (now 2).") and "new name" not in err
    assert main(["mousecard", "award", log, "Pip  the  Brave"]) == 0
    assert main(["mousecard", "award", log, "pip the brave"]) == 0
    out, err = capsys.readouterr()
    assert "Pip the Brave receives 1 fate chip (now 2)." in out and "new name" not in err
    t = open_live_deck(log, read_only=True)
    assert dict(t.state.chips) == {"Pip": 2, "Pip the Brave": 2}
    assert t.state.new_name_hint(" Pip   the Brave ") is None
    assert t.state.new_name_hint("Pip the Brav") == ("'Pip the Brav' is a new name in this session. "
                                                     "Did you mean 'Pip the Brave'?")
    assert main(["mousecard", "draw", log, "--character", " pip  the brave", "--skill", "1", "--target", "J",
                 "--cards", "QS"]) == 0
    assert open_live_deck(log, read_only=True).state.draws[-1].character == "Pip the Brave"


# -- 5. citations ------------------------------------------------------------------------------


def test_cli_journal_lines_and_refusals_cite_the_rule_book_as_the_page_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert main(["mousecard", "new", log, "--seed", "1"]) == 0
    assert main(["mousecard", "award", log, "Pip"]) == 0
    capsys.readouterr()
    assert main(["mousecard", "draw", log, "--character", "Pip", "--skill", "3", "--target", "J",
                 "--need", "2", "--situation", "combat", "--cards", "KS, 4S, red joker"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("  (mouse-card-system.txt, Task checks; How to draw cards")
    from companion.mousecard.live import cites_text, draw_cites
    from companion.views.mousecard import draw_html

    rec = open_live_deck(log, read_only=True).state.draws[-1]
    cited = cites_text(draw_cites(rec))
    assert out[1] == f"  ({cited})" and cited in draw_html(rec, 1)
    assert "Task checks; How to draw cards" in cited and "(Jokers)" in cited and "(Kings)" in cited
    assert main(["mousecard", "bonus", log, "Pip", "--source", "chip", "--use", "cancel"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Pip spends a fate chip") and "Fate Chips" in out[1]
    assert main(["mousecard", "draw-on", log, "--character", "Pip", "--cards", "5S"]) == 0
    assert "mouse-card-system.txt, Task checks" in capsys.readouterr().out.splitlines()[1]
    assert main(["mousecard", "draw", log, "--character", "Tam", "--skill", "1", "--target", "J",
                 "--cards", "QS"]) == 0
    capsys.readouterr()
    assert main(["mousecard", "bonus", log, "Tam", "--source", "ace", "--use", "cancel"]) == 2
    assert "(mouse-card-system.txt, How to draw cards" in capsys.readouterr().err
    assert main(["mousecard", "award", log, "Tam"]) == 0
    assert main(["mousecard", "bonus", log, "Tam", "--source", "chip", "--use", "cancel"]) == 2
    err = capsys.readouterr().err
    assert "has no bad card left to cancel" in err and "(mouse-card-system.txt, Fate Chips)" in err
    assert main(["mousecard", "replay", log, "--json"]) == 0
    draws = json.loads(capsys.readouterr().out)["draws"]
    now = open_live_deck(log, read_only=True).state.draws[0]
    assert draws[0]["cites"] == list(draw_cites(now)) and draws[0]["cites"][0] == (
        "mouse-card-system.txt, Task checks")
    assert "mouse-card-system.txt, Fate Chips" in draws[0]["cites"]


# -- 6. mistyped ranks and cards ---------------------------------------------------------------


@pytest.mark.parametrize(("typed", "meant"), [("quen", "'Q'"), ("Kng", "'K'"), ("Jak", "'J'"),
                                              ("1", "'A' or '10'")])
def test_a_mistyped_target_gets_the_closest_rank(typed: str, meant: str) -> None:
    with pytest.raises(CompanionError) as caught:
        parse_rank(typed)
    assert f"Did you mean {meant}?" in caught.value.render()
    assert "11-14 also mean J, Q, K, A" in caught.value.render()


@pytest.mark.parametrize(("typed", "meant"), [("QX", "'QS', 'QH', 'QD' or 'QC'"), ("1H", "'AH' or '10H'"),
                                              ("11S", "'JS'"), ("queen of cups", "'queen of clubs'"),
                                              ("kng of hearts", "'king of hearts'")])
def test_a_mistyped_card_gets_the_closest_card(typed: str, meant: str) -> None:
    with pytest.raises(CompanionError) as caught:
        parse_card(typed)
    assert caught.value.suggestion == f"Did you mean {meant}?"


def test_cli_says_the_closest_rank_and_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert main(["mousecard", "new", log, "--seed", "1"]) == 0
    draw = ["mousecard", "draw", log, "--character", "Pip", "--skill", "1"]
    assert main([*draw, "--target", "quen"]) == 2
    assert "Did you mean 'Q'?" in capsys.readouterr().err
    assert main([*draw, "--target", "J", "--cards", "1H"]) == 2
    assert "Did you mean 'AH' or '10H'?" in capsys.readouterr().err
    assert main(["odds", "mousecard", "--skill", "1", "--target", "Jak"]) == 2
    assert "Did you mean 'J'?" in capsys.readouterr().err
    assert main([*draw, "--target", "12", "--cards", "QS"]) == 0  # 12 is Q, as the help says
    assert "1 success of 1 needed, success" in capsys.readouterr().out


# -- 7. options that change nothing -------------------------------------------------------------


def test_cli_draw_warns_of_options_that_change_nothing_as_the_odds_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert main(["mousecard", "new", log, "--seed", "1"]) == 0
    capsys.readouterr()
    for options in (["--red-bad", "all", "--situation", "combat"], ["--aged", "2"], ["--bad-not-success"],
                    ["--mode", "broke", "--situation", "combat", "--cancel-ends-draw"]):
        assert main(["odds", "mousecard", "--skill", "1", "--target", "J", *options, "--json"]) == 0
        notes = json.loads(capsys.readouterr().out)["notes"]
        assert main(["mousecard", "draw", log, "--character", "Pip", "--skill", "1", "--target", "J",
                     *options, "--cards", "QS", "--json"]) == 0
        warnings = json.loads(capsys.readouterr().out)["warnings"]
        assert warnings and all(w in notes for w in warnings)  # the odds' own words
        assert main(["mousecard", "reshuffle", log]) == 0
        capsys.readouterr()
    assert main(["mousecard", "draw", log, "--character", "Pip", "--skill", "1", "--target", "J",
                 "--red-bad", "all", "--situation", "combat"]) == 0
    assert "note: red_bad 'all' has no effect here" in capsys.readouterr().err
    assert main(["mousecard", "draw", log, "--character", "Pip", "--skill", "1", "--target", "J",
                 "--situation", "combat"]) == 0
    assert capsys.readouterr().err == ""  # every option in use: nothing to say


# -- 8. an empty log ---------------------------------------------------------------------------


def test_an_empty_log_says_it_is_empty_not_that_a_start_was_undone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text("")
    assert main(["mousecard", "replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No session under way in this log: it is empty (no Mouse Card session was started "
                          "in it, nothing was undone).") and "Redo" not in out
    assert f"Start one with: companion mousecard new {log} (or the Mouse Card notebook page" in out
    assert main(["mousecard", "award", str(log), "Pip"]) == 2
    err = capsys.readouterr().err
    assert "the log is empty" in err and "undone start" not in err.lower()
    with pytest.raises(RuleError, match="it is empty") as refused:
        LiveDeckTracker(log).do({"event": "award", "player": "Pip"})
    assert "Redo" not in refused.value.render()
    assert log.read_text() == ""


# -- 9. what a draw shows ----------------------------------------------------------------------


def test_a_cancelled_bad_card_is_marked_cancelled_on_the_page_and_in_json(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    page.situation.value, page.mode.value, page.skill.value = "combat", "broke", 2
    page.character.value, page.cards.value = "Pip", "QS, red joker"
    page.draw_button.click()
    assert ">bad</div>" in page.last.value
    page.player.value = "Pip"
    page.award_button.click()
    page.bonus_buttons[3].click()  # Chip: cancel bad
    rec = page.tracker.state.draws[-1]
    assert [m for _c, m in rec.marks()] == ["success", "cancelled"]
    assert ">cancelled</div>" in page.last.value and ">bad</div>" not in page.last.value
    assert main(["mousecard", "replay", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["draws"][0]["marks"] == ["success", "cancelled"]


def test_an_ace_never_shows_cancelling_itself() -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    t.do(draw_event("Pip", "x", TaskCheck(2, "Q", need=3, situation="red-bad", red_bad="all", mode="broke"),
                    ["AH", "2H"]))
    t.do({"event": "bonus", "character": "Pip", "source": "ace", "use": "cancel"})
    assert [m for _c, m in t.state.draws[-1].marks()] == ["bad success", "cancelled"]


def test_a_broke_draw_whose_aces_and_chips_fall_short_says_it_cannot_reach_the_need() -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    t.do(draw_event("Moss", "x", TaskCheck(2, "J", need=3, mode="broke"), ["AS", "3C"]))
    rec = t.state.draws[-1]
    assert t.state.journal[-1].endswith("1 success of 3 needed, cannot reach 3: at most 2 with 1 unspent ace")
    assert rec.verdict(1) == "not yet" and rec.verdict(0).startswith("cannot reach 3")
    # a cautious draw stopped by a bad card may still draw on: never "cannot reach"
    t.do(draw_event("Tam", "x", TaskCheck(3, "J", need=3, situation="combat"), ["AD", "red joker"]))
    assert t.state.draws[-1].verdict(1) == "not yet"


def test_one_card_succeeds_follows_the_bad_card_reading(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["odds", "mousecard", "--skill", "1", "--target", "2", "--situation", "combat", "--aged", "1",
            "--bad-not-success"]
    assert main([*argv, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["p_success_exact"] == "25/27" and doc["single_card_odds"] == "50:4"
    assert main(argv) == 0
    assert "one card succeeds        50:4 in a 54-card deck" in capsys.readouterr().out
    assert exact_odds(TaskCheck(1, "2", situation="combat", aged=1)).single_card_odds == "52:2"
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.skill.value, page.target.value, page.situation.value, page.aged.value = 1, "2", "combat", 1
    assert "52:2 in a 54-card deck" in page.result.value
    page.bad_succeeds.value = False
    assert "50:4 in a 54-card deck" in page.result.value


# -- 10. help ----------------------------------------------------------------------------------


def test_the_help_states_defaults_ranges_limits_and_the_user_data_folder(
        capsys: pytest.CaptureFixture[str]) -> None:
    def help_of(*argv: str) -> str:
        try:
            main([*argv, "--help"])
        except SystemExit:  # (argparse's own exit, if main lets it through)
            pass
        return " ".join(capsys.readouterr().out.split())

    draw = help_of("mousecard", "draw")
    assert "(default calm)" in draw and "(default cautious)" in draw and "at most 60 characters" in draw
    assert "11-14 also mean J, Q, K, A" in draw and "COMPANION_USER_DATA" in draw and "~/.companion" in draw
    assert "1 to 99" in help_of("mousecard", "award")
    assert "at most 60 characters" in help_of("mousecard", "spend")
    assert "at most 120 characters" in help_of("mousecard", "new")
    assert "(default calm)" in help_of("odds", "mousecard")
    assert "COMPANION_USER_DATA" in help_of("mousecard")
