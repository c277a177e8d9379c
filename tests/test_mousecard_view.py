"""The Mouse Card notebook page: controls drive the odds; buttons drive the live deck log."""

from __future__ import annotations

import html
import threading
from dataclasses import replace
from pathlib import Path

from companion import interrupt
from companion.errors import CompanionError
from companion.mousecard.odds import TaskCheck, exact_odds
from companion.views import mousecard as page_module
from companion.views.mousecard import MouseCardPage, draw_html


def test_page_computes_odds_draws_and_resumes(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    assert "29.6%" not in page.result.value  # skill 3 by default
    page.skill.value = 1
    assert "29.6%" in page.result.value and "16:38" in page.result.value
    page.skill.value = 1
    page.character.value, page.task.value = "Pip", "climb"
    page.cards.value = "QH, 3S"  # two cards for skill 1 (no king): refused
    page.draw_button.click()
    assert "too many" in page.message.value and not page.tracker.state.draws
    # named as the page labels the box, not by the log's field ("cards:")
    assert "Cards typed in:" in html.unescape(page.message.value) and "cards:" not in page.message.value
    page.skill.value = 2
    page.draw_button.click()
    assert "Q♥" in page.last.value and "success" in page.last.value and page.message.value == ""
    assert "53" not in page.deck_status.value and "52" in page.deck_status.value
    page.use_live.value = True
    assert "in a 52-card deck" in page.result.value
    page.cards.value = "QH"
    page.draw_button.click()  # already drawn: an error panel, nothing logged
    assert "already drawn" in page.message.value
    page.player.value = "Pip"
    page.award_button.click()
    assert "Pip" in page.chips_table.value
    page.undo_button.click()
    assert "No fate chips" in page.chips_table.value and not page.redo_button.disabled
    again = MouseCardPage(log, plot=False, settle=None)
    assert again.tracker.state == page.tracker.state and again.tracker.can_redo


def test_the_players_choices_drive_the_odds_and_are_stated(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.situation.value = "combat"
    assert "while the player is not yet sure" in page.result.value
    assert "draws no more cards" in page.result.value
    before = page.result.value
    page.kings.value = "always"
    page.stop.value = False
    assert page.result.value != before
    assert "every king&#x27;s extra card is taken" in page.result.value
    assert "draws every card" in page.result.value
    page.bonus.value = "success"
    assert "never cancel a bad card" in page.result.value and page.message.value == ""


def test_the_ace_and_chip_buttons_spend_on_the_latest_draw_and_a_draw_goes_on(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.skill.value, page.need.value, page.situation.value = 3, 2, "combat"
    page.character.value = "Pip"
    page.cards.value = "AS, red joker"  # an ace, then the bad joker stops the cautious draw
    page.draw_button.click()
    assert page.draw_on_button.disabled  # the bad card is still in effect
    ace_success, ace_cancel, _chip_success, chip_cancel = page.bonus_buttons
    chip_cancel.click()  # no chip yet
    assert "no fate chip" in page.message.value
    page.player.value = "Pip"
    page.award_button.click()
    chip_cancel.click()
    rec = page.tracker.state.draws[-1]
    assert page.message.value == "" and rec.cancelled == 1 and rec.chips_spent == 1
    assert not page.draw_on_button.disabled and "may go on" in page.last.value
    page.cards.value = "3S"
    page.draw_on_button.click()
    rec = page.tracker.state.draws[-1]
    assert len(page.tracker.state.draws) == 1 and len(rec.cards) == 3 and page.message.value == ""
    ace_success.click()  # the ace's extra success makes two
    assert page.tracker.state.draws[-1].succeeded and "Success" in page.last.value
    ace_cancel.click()
    assert "no unspent ace" in page.message.value


def test_a_line_cut_by_a_crash_is_reported_and_stays_on_show(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    page.character.value, page.cards.value = "Pip", "QH"
    page.draw_button.click()
    with log.open("a", encoding="utf-8") as fh:
        fh.write('{"event": "award", "player": "Pi')  # the machine died mid-write
    again = MouseCardPage(log, plot=False, settle=None)
    assert "cut off by a crash" in again.notice.value and "mc.jsonl.damaged" in again.notice.value
    again.skill.value = 1  # the odds are computed again: the notice stays
    assert "cut off by a crash" in again.notice.value
    again.player.value = "Pip"
    again.award_button.click()  # the next action clears it
    assert again.notice.value == ""


def test_two_windows_on_one_session_stay_in_step(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    one = MouseCardPage(log, plot=False, settle=None)
    two = MouseCardPage(log, plot=False, settle=None)
    one.player.value = two.player.value = "Pip"
    one.award_button.click()
    two.spend_button.click()  # two reads the log again first: Pip has the chip one awarded
    # (what the spend did is said under its row, the chips as the log now holds them: session 6, item 5)
    assert "Pip: −1 fate chip (now 0)" in two.message.value and "another window" in two.notice.value
    assert two.tracker.state.chips_of("Pip") == 0
    one.spend_button.click()  # and one sees that it is spent
    assert "has 0 fate chip" in one.message.value and "0" in one.chips_table.value


def test_opening_a_session_whose_start_was_undone_keeps_it_redoable(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    page.character.value, page.cards.value = "Pip", "QH"
    page.draw_button.click()
    seed = page.tracker.state.seed
    page.undo_button.click()
    page.undo_button.click()  # the start too
    lines = log.read_text()
    again = MouseCardPage(log, plot=False, settle=None)
    assert log.read_text() == lines and not again.redo_button.disabled  # nothing written over it
    again.redo_button.click()
    again.redo_button.click()
    assert again.tracker.state.seed == seed and len(again.tracker.state.draws) == 1


def test_the_plot_follows_the_live_deck_and_names_every_choice(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.character.value, page.cards.value = "Pip", "AS, AH, AD, AC, KS, KH, KD, KC, QS, QH, QD"
    page.skill.value = 10
    page.draw_button.click()  # the live deck has lost 11 of its 16 cards at Q or better
    page.kings.value, page.stop.value = "always", False
    page.use_live.value = True
    page.plot_button.click()
    assert page.message.value == "" and len(page.plot_box.children) == 1
    assert "kings always" in page.plot_title and "draws on when sure" in page.plot_title
    assert "live deck, 43 cards" in page.plot_title


def test_two_pages_opening_a_new_log_at_once_share_one_session(tmp_path: Path, monkeypatch) -> None:
    from companion.mousecard.live import LiveDeckTracker
    from companion.views import mousecard as view

    log = tmp_path / "mc.jsonl"

    def opened_as_another_page_starts(path: Path) -> LiveDeckTracker:
        tracker = LiveDeckTracker(path)  # reads the empty log...
        LiveDeckTracker(path).do({"event": "start", "seed": 42})  # ...as another page starts it
        return tracker

    monkeypatch.setattr(view, "LiveDeckTracker", opened_as_another_page_starts)
    page = MouseCardPage(log, plot=False, settle=None)  # its own start is refused: it reads the log
    assert page.tracker.state.seed == 42 and len(log.read_text().splitlines()) == 2  # its tracker, the start


def test_the_odds_from_the_live_deck_follow_a_draw_in_another_window(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    page.use_live.value = True
    other = MouseCardPage(log, plot=False, settle=None)
    other.character.value, other.cards.value = "Pip", "QH, QS"
    other.skill.value = 2
    other.draw_button.click()
    page.need.value = 2  # any change computes again: from the deck as it is now
    assert page.odds is not None and page.odds.deck_size == 52


def test_the_house_readings_are_controls_too(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.skill.value, page.need.value, page.chips.value = 3, 2, 1
    page.situation.value, page.red_bad.value = "red-bad", "all"
    before = page.odds
    page.bad_succeeds.value = False
    assert page.odds is not None and page.odds.p_success < before.p_success
    assert "“A bad card can still be a success” unticked" in page.result.value  # (the box's words)
    assert not page.odds.check.bad_succeeds
    page.cancel_draws_on.value = False
    assert "“A cancelled bad card lets the draw go on” unticked" in page.result.value
    assert not page.odds.check.cancel_draws_on


def test_plot_and_bad_input_show_in_the_page(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.plot_button.click()
    assert len(page.plot_box.children) == 1
    page.need.value = 1
    page.character.value = ""
    page.draw_button.click()
    assert "name the character" in page.message.value
    for cls in ("cmp-mousecard-page", "cmp-mousecard-draw", "cmp-mousecard-odds"):
        assert any(cls in getattr(wd, "_dom_classes", ()) for wd in _walk(page.widget))


def _walk(widget: object) -> list[object]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _walk(child)
    return out


def _slow_odds(monkeypatch, slow_if) -> tuple[threading.Event, list[TaskCheck]]:
    """Make the page's exact odds a long computation for the checks ``slow_if`` picks: it waits
    for the returned event, checking for cancellation as the engines do; every check asked
    for is recorded."""
    from companion.views import mousecard as view

    release, started = threading.Event(), []

    def slow(check, deck=None):
        started.append(check)
        while slow_if(check) and not release.wait(0.005):
            interrupt.check()
        return exact_odds(check, deck)

    monkeypatch.setattr(view, "exact_odds", slow)
    return release, started


def test_a_slow_check_computes_in_the_background_and_a_change_cancels_it(tmp_path: Path, monkeypatch) -> None:
    """A large check shows "Computing…" at once (the page stays usable) and its result when
    ready; a control changed meanwhile cancels it, so a stale result never shows."""
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.odds_worker.settle = 0.01
    release, started = _slow_odds(monkeypatch, lambda check: check.skill == 9)
    page.skill.value = 9
    assert "Computing the exact odds" in page.result.value and "skill 9" in page.result.value
    page.skill.value = 4  # the skill-9 computation is stale: cancelled, never shown
    page.wait()
    assert "skill 4" in page.result.value and page.odds is not None and page.odds.check.skill == 4
    release.set()
    page.wait()
    assert "skill 4" in page.result.value and [c.skill for c in started] == [9, 4]
    page.skill.value = 9
    release.set()
    page.wait()
    assert "skill 9" in page.result.value and "Computing" not in page.result.value


def test_the_plot_is_computed_in_the_background_too(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.plot_worker.settle = 0.0
    page.plot_button.click()
    page.wait()
    (image,) = page.plot_box.children
    assert image.value[:4] == b"\x89PNG"


def test_stop_computing_cancels_a_long_check_and_its_result_never_shows(tmp_path: Path, monkeypatch) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    assert page.halt_button.layout.display == "none"  # nothing to stop
    page.odds_worker.settle = 0.01
    release, _started = _slow_odds(monkeypatch, lambda _check: True)
    page.need.value = 2
    assert "Computing" in page.result.value and page.halt_button.layout.display is None
    page.halt_button.click()
    assert "Stopped" in page.result.value and page.halt_button.layout.display == "none"
    release.set()
    page.wait()
    assert "Stopped" in page.result.value  # the cancelled computation's result is dropped
    page.need.value = 1  # a change computes again
    page.wait()
    assert "Chance of success" in page.result.value and page.odds is not None and page.odds.check.need == 1


def test_drawing_on_the_chance_of_success_shows_while_the_rest_is_computed(
        tmp_path: Path, monkeypatch) -> None:
    # drawing on with the "best" bonuses the chance of success is that of stopping once sure
    # (quick): the panel shows it at once, and the full result (spread of successes...) follows
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.skill.value, page.need.value, page.kings.value = 6, 2, "always"
    page.odds_worker.settle = 0.01
    release, _started = _slow_odds(monkeypatch, lambda check: not check.stop_when_sure)  # only drawing on
    stopping = exact_odds(page.check()).p_success
    threads: list[str] = []
    real = page_module.exact_odds

    def spy(check: TaskCheck, deck: object = None) -> object:
        threads.append(threading.current_thread().name)
        return real(check, deck)

    monkeypatch.setattr(page_module, "exact_odds", spy)
    page.stop.value = False
    assert "Computing the exact odds" in page.result.value
    page.twin_worker.wait()  # the quick chance is worked out in the background too
    assert f"exactly {stopping.numerator}/{stopping.denominator}" in page.result.value
    assert threads and threading.main_thread().name not in threads  # never on the notebook's thread
    release.set()
    page.wait()
    assert page.odds is not None and not page.odds.check.stop_when_sure
    assert page.odds.p_success == stopping and "Computing" not in page.result.value
    release.clear()
    page.bonus.value = "cancel"  # bonuses cancel first: drawing on may change the chance
    assert "Computing" in page.result.value and "Chance of success" not in page.result.value
    release.set()
    page.wait()


def test_controls_that_describe_no_check_clear_the_odds_and_the_steppers_keep_the_levels_legal(
        tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    assert "Chance of success" in page.result.value
    page.aged.value = 12
    assert page.disadvantage.max == 0 and page.disadvantage.value == 0
    page.aged.value = 5
    page.disadvantage.value = 12  # clamped by the stepper: 5 + 7 = 12 levels at most
    assert page.disadvantage.value == 7 and page.aged.max == 5
    assert "Chance of success" in page.result.value  # 12 levels: a check

    def refused() -> TaskCheck:  # whatever a control may still let through that the core refuses
        raise CompanionError("too many levels of Aged and disadvantage: 24", where="aged + disadvantage")

    page.check = refused  # type: ignore[method-assign]
    page.compute()
    assert "No odds" in page.result.value and "Chance of success" not in page.result.value
    assert page.odds is None and "too many levels" in page.check_message.value  # (said under the controls)


def test_the_plot_says_when_it_no_longer_matches_the_controls(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=True, settle=None)
    page.wait()
    assert page.plot_note.value == ""
    page.skill.value = 5  # the plot varies skill and target: still the same plot
    page.target.value = "Q"
    assert page.plot_note.value == ""
    page.need.value = 2
    assert "press Plot" in page.plot_note.value
    page.plot()
    page.wait()
    assert page.plot_note.value == "" and "2 successes" in page.plot_title


def test_a_card_typed_twice_is_named_as_such(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.character.value, page.cards.value = "Pip", "QH, QH, 2S"
    page.draw_button.click()
    assert "Q♥ is typed twice" in page.message.value and "reshuffle first" not in page.message.value
    assert not page.tracker.state.draws


def test_the_odds_panel_shows_a_rare_bad_card_as_under_a_tenth_of_a_percent_escaped() -> None:
    result = exact_odds(TaskCheck(6, 6, need=5, situation="red-bad", red_bad="all", fate_chips=9,
                                  stop_when_sure=False))
    panel = page_module.odds_html(result)
    assert "<td>&lt;0.1%</td>" in panel  # not 0.0%, and not a stray tag
    assert "<0.1%" not in panel


def test_the_page_on_another_games_log_shows_why_and_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "v.jsonl"
    path.write_text('{"event": "log", "tracker": "village"}\n{"event": "start", "seed": 1}\n')
    before = path.read_bytes()
    page = MouseCardPage(path, plot=False, settle=None)  # it had raised in the notebook cell
    assert "This log cannot be used" in page.notice.value and "not a mousecard one" in page.notice.value
    assert page.tracker.history == [] and path.read_bytes() == before  # no session was started in it
    assert page.draw_button.disabled and page.award_button.disabled and page.chapter_button.disabled
    page.character.value = "Pip"  # the buttons stay off as the Character box changes
    assert page.draw_button.disabled and all(b.disabled for b in page.bonus_buttons)
    try:
        page.tracker.do({"event": "start", "seed": 1})
    except CompanionError as exc:
        assert "village log" in str(exc)
    else:
        raise AssertionError("the page's tracker took an action it cannot save")
    assert path.read_bytes() == before


def test_a_plot_of_the_live_deck_is_said_to_be_stale_once_a_card_is_drawn(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.use_live.value = True
    page.plot()
    page.wait()
    assert "live deck, 54 cards" in page.plot_title and page.plot_note.value == ""
    page.character.value, page.cards.value = "Pip", "QH"
    page.draw_button.click()  # the deck behind the plot changed
    assert "press Plot to draw it for these" in page.plot_note.value
    page.plot()
    page.wait()
    assert "live deck, 53 cards" in page.plot_title and page.plot_note.value == ""
    page.use_live.value = False  # the full deck now: not what the plot shows either
    assert "press Plot" in page.plot_note.value


def test_the_last_draw_panel_shows_the_draw_the_bonus_buttons_act_on(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.skill.value = 1
    page.character.value, page.cards.value = "Pip", "3S"
    page.draw_button.click()
    page.character.value, page.cards.value = "Moss", "4S"
    page.draw_button.click()
    assert "Moss" in page.last.value
    page.character.value = "Pip"  # the bonus buttons now act on Pip's draw: the panel shows it
    assert "Pip" in page.last.value and "Moss" not in page.last.value
    page.player.value = "Pip"
    page.award_button.click()
    page.bonus_buttons[2].click()  # Chip: +1 success
    assert "#1 Pip — task: Success" in page.last.value


def test_a_log_that_cannot_be_used_stays_said_after_a_refused_action(tmp_path: Path) -> None:
    log = tmp_path / "village.jsonl"
    log.write_text('{"event": "log", "tracker": "village"}\n')
    page = MouseCardPage(log, plot=False, settle=None)
    assert "This log cannot be used" in page.notice.value
    page.character.value, page.cards.value = "Pip", "QH"
    page.draw_button.click()  # refused, the reason in the message panel
    assert "This log cannot be used" in page.notice.value and page.message.value
    assert log.read_text() == '{"event": "log", "tracker": "village"}\n'


def test_an_award_says_what_it_changed_from_the_live_decks_data_not_its_line(tmp_path: Path) -> None:
    # (a name that reads like the count once had the line cut there: "receives 1 fate chip (now 1)."
    # was said as what the award changed of a draw)
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.player.value = "Pip (now 1)."
    page.award_button.click()
    said = html.unescape(page.chips_msg.value)
    assert "Pip (now 1).: +1 fate chip (now 1)" in said and "receives" not in said


def test_the_page_points_out_a_new_name_close_to_a_known_one(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.player.value = "Pip"
    page.award_button.click()  # (said under its row, with no word of a new name: session 6, item 5)
    assert "Pip: +1 fate chip (now 1)" in page.message.value and "Did you mean" not in page.message.value
    page.player.value = "Ppi"
    page.award_button.click()
    assert "Ppi" in page.message.value and "Did you mean" in page.message.value
    page.character.value, page.cards.value = "Pipp", "QH"
    page.draw_button.click()
    assert "Pipp" in page.message.value and "Did you mean" in page.message.value


def test_the_last_draw_panel_and_the_bonus_buttons_always_mean_the_same_draw(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    page.skill.value, page.need.value = 1, 2
    page.character.value, page.cards.value = "Pip", "AS"
    page.draw_button.click()
    ace_success = page.bonus_buttons[0]
    assert "#1 Pip" in page.last.value and not ace_success.disabled
    page.character.value = "Brom"  # no draw yet: the panel says so, and no button is on
    assert "Brom has not drawn yet" in page.last.value and "Pip" not in page.last.value
    assert all(b.disabled for b in page.bonus_buttons) and page.draw_on_button.disabled
    ace_success.click()  # (were it clicked) refused for Brom, nothing given to Pip
    assert "Brom has not drawn yet" in page.message.value
    assert page.tracker.state.draws[-1].aces_spent == 0
    page.character.value = ""  # no name: the latest draw of all, which the buttons then act on
    assert "#1 Pip" in page.last.value
    ace_success.click()
    assert page.message.value == "" and page.tracker.state.draws[-1].succeeded
    # another window draws for Pip meanwhile: the draw on show is no longer Pip's latest
    page.character.value, page.cards.value = "Pip", "AD"
    page.draw_button.click()
    other = MouseCardPage(log, plot=False, settle=None)
    other.character.value, other.skill.value, other.cards.value = "Pip", 1, "3S"
    other.draw_button.click()
    ace_success.click()  # refused: the log changed since the page was drawn (it is drawn again)
    assert "the log changed in another window since this page was drawn" in page.message.value
    assert page.tracker.state.draws[1].aces_spent == 0 and "#3 Pip" in page.last.value


def test_the_last_draw_panel_says_sure_failed_and_only_what_an_ace_may_do(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.skill.value, page.need.value, page.mode.value = 2, 2, "broke"
    page.character.value, page.cards.value = "Pip", "2S, 3S"
    page.draw_button.click()  # 0/2, nothing left to spend
    assert "Failed" in page.last.value and "Not (yet)" not in page.last.value
    assert all(b.disabled for b in page.bonus_buttons[:2])
    page.player.value = "Pip"
    page.award_button.click()  # a chip to spend, but one chip cannot make two successes
    assert "Cannot reach 2: at most 1 with 1 fate chip" in page.last.value
    page.award_button.click()  # two chips: not over yet
    assert "Not yet a success" in page.last.value
    page.red_bad.value, page.situation.value, page.skill.value = "all", "red-bad", 1
    page.character.value, page.cards.value = "Ann", "AH"
    page.draw_button.click()  # a lone ace, and the only bad card: it cannot cancel itself
    ace_success, ace_cancel, _chip_success, chip_cancel = page.bonus_buttons
    assert "add a success or cancel" not in page.last.value and "cannot cancel itself" in page.last.value
    assert not ace_success.disabled and ace_cancel.disabled
    assert chip_cancel.disabled and chip_cancel.tooltip == "Ann has no fate chip to spend"
    page.player.value = "Ann"
    page.award_button.click()
    assert not chip_cancel.disabled  # a chip cancels the ace that is the bad card
    assert "Sure: spend 1 ace" in page.last.value


def test_a_seeded_draw_stopped_by_an_unspent_ace_reads_sure_on_the_page(tmp_path: Path) -> None:
    from companion.mousecard.deck import ACE
    from companion.mousecard.live import LiveDeckTracker

    seed = next(n for n in range(500) if _first_card_rank(n) == ACE)
    log = tmp_path / "mc.jsonl"
    LiveDeckTracker(log).do({"event": "start", "seed": seed})
    page = MouseCardPage(log, plot=False, settle=None)
    page.skill.value, page.need.value = 5, 2
    page.character.value = "Pip"
    page.draw_button.click()
    assert page.tracker.state.draws[-1].stopped == "task done"
    assert "Sure: spend 1 ace as a success" in page.last.value
    assert "Not (yet)" not in page.last.value and "stopped: task done" not in page.last.value


def _first_card_rank(seed: int) -> int:
    from companion.mousecard.live import LiveDeckTracker

    t = LiveDeckTracker()
    t.do({"event": "start", "seed": seed})
    return t.state.order[0].rank


def test_the_page_refuses_a_task_of_more_than_one_short_line(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.character.value, page.cards.value = "Pip", "QH"
    page.task.value = "x" * 121
    page.draw_button.click()
    assert "at most 120 characters" in page.message.value and not page.tracker.state.draws
    page.task.value = "climb\nthe wall"
    page.draw_button.click()
    assert "line break" in page.message.value and not page.tracker.state.draws
    page.task.value = "   "
    page.draw_button.click()
    assert page.tracker.state.draws[-1].task == "task"


def test_a_resumed_session_comes_back_with_the_controls_of_its_latest_draw(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    fresh = MouseCardPage(tmp_path / "other.jsonl", plot=False, settle=None)
    assert fresh.skill.value == 3 and fresh.character.value == ""  # no draw: the defaults
    page.skill.value, page.target.value, page.need.value = 5, "Q", 2
    page.situation.value, page.disadvantage.value, page.aged.value = "red-bad", 9, 3
    page.mode.value, page.red_bad.value, page.kings.value = "broke", "all", "never"
    page.bonus.value, page.stop.value = "cancel", False
    page.bad_succeeds.value = page.cancel_draws_on.value = False
    page.character.value, page.task.value = "Pip", "climb the wall"
    page.draw_button.click()
    page.character.value, page.task.value = "Brom", "lift the gate"
    page.skill.value = 4
    page.draw_button.click()
    page.character.value, page.task.value, page.skill.value = "", "", 1  # typed, not drawn: not kept
    again = MouseCardPage(log, plot=False, settle=None)
    # the player's choices are the table's as it goes (a draw does not log them): the defaults
    assert again.check() == replace(page.check(), skill=4, kings="best", bonus="best", stop_when_sure=True)
    assert (again.character.value, again.task.value) == ("Brom", "lift the gate")
    assert (again.aged.max, again.disadvantage.max) == (3, 9)  # the levels' bounds follow
    assert again.last.value == draw_html(page.tracker.state.draws[-1], 0) and "Brom" in again.last.value
    assert again.odds is not None and again.odds.check == again.check()  # the odds computed once, for it


def test_a_resumed_session_shows_the_draw_last_acted_on_and_a_blank_task_stays_blank(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    page.skill.value, page.need.value = 2, 2  # (the ace's extra success is the second one needed)
    page.character.value, page.task.value = "Pip", ""
    page.cards.value = "AH, 3S"
    page.draw_button.click()
    page.skill.value = 3
    page.character.value, page.task.value = "Ann", "pick the lock"
    page.cards.value = "4S, 5S, 6S"
    page.draw_button.click()
    page.character.value = "Pip"
    # a bonus on Pip's draw, after Ann drew
    next(b for b in page.bonus_buttons if b.description == "Ace: +1 success").click()
    assert page.message.value == "" and page.tracker.state.draws[0].aces_spent == 1
    again = MouseCardPage(log, plot=False, settle=None)
    assert (again.character.value, again.task.value, again.skill.value) == ("Pip", "", 2)
    page.undo_button.click()  # the bonus taken back: Ann's draw is the latest acted on
    assert MouseCardPage(log, plot=False, settle=None).character.value == "Ann"


def test_a_line_cut_by_a_crash_in_another_window_is_said_when_the_page_reads_the_log_again(
        tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    with log.open("a") as f:  # another program crashed mid-write
        f.write('{"event": "award", "player": "Pi')
    page.player.value = "Pip"  # read again as the name is typed: the half line is set aside, and said
    assert "another window" in page.notice.value and "cut mid-write" in page.notice.value
    page.award_button.click()
    assert page.tracker.state.chips_of("Pip") == 1
    assert (tmp_path / "mc.jsonl.damaged").read_text().startswith('{"event": "award"')


def test_spend_a_fate_chip_is_off_while_the_player_named_holds_none(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    assert page.spend_button.disabled  # no name yet: off, saying which box to fill
    assert page.spend_button.tooltip == "the Player box is empty: name the player"
    page.character.value = "Pip"  # the Character box names the player when the Player box is blank
    assert page.spend_button.disabled and page.spend_button.tooltip == "Pip has no fate chip to spend"
    assert "Spend a fate chip</b>: Pip has no fate chip to spend" in page.chips_off.value
    page.award_button.click()
    assert not page.spend_button.disabled and page.chips_off.value == ""
    page.player.value = "ann"  # the Player box's name comes first
    assert page.spend_button.tooltip == "ann has no fate chip to spend"
    page.player.value = "pip"  # as the session spells it
    assert not page.spend_button.disabled
    other = MouseCardPage(log, plot=False, settle=None)
    other.player.value = "Pip"
    other.spend_button.click()  # another window spends the chip first
    page.spend_button.click()  # refused in words: never the log's event name ("spend:")
    assert "Pip has 0 fate chips, cannot spend 1" in page.message.value
    assert "spend:" not in page.message.value
    assert page.spend_button.disabled  # drawn again as the log holds it


def test_the_end_of_a_chapter_is_said_and_its_draws_take_no_more_bonus(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.skill.value, page.need.value = 1, 2
    page.character.value, page.cards.value = "Pip", "AS"
    page.draw_button.click()
    assert "#1 Pip" in page.last.value and not page.bonus_buttons[0].disabled
    page.chapter_button.click()
    said = page.session_msg.value
    assert page.message is page.session_msg and "chapter 2 begins" in said and "54 cards in the deck" in said
    assert "#1 Pip" not in page.last.value and "Chapter 2: no draw yet for Pip" in page.last.value
    why = "Pip's draw #1 belongs to chapter 1, which has ended"
    shown = html.escape(why)
    assert shown in page.last.value
    assert all(b.disabled and b.tooltip == why for b in [*page.bonus_buttons, page.draw_on_button])
    assert page.bonus_off.value == page.draw_off.value == ""  # said once, in the panel between them
    page.character.value = ""  # no name: the latest draw of all, which belongs to chapter 1 too
    assert "Chapter 2: no draw yet" in page.last.value and shown in page.last.value
    page.bonus_buttons[0].click()  # (were it clicked) refused, nothing spent on the last chapter's draw
    assert shown in page.message.value and page.tracker.state.draws[-1].aces_spent == 0
    page.undo_button.click()  # chapter 1 again: its draw is on show and takes its ace
    assert "#1 Pip" in page.last.value and not page.bonus_buttons[0].disabled


def test_a_draw_panel_says_real_plurals() -> None:
    from companion.mousecard.deck import ACE
    from companion.mousecard.live import LiveDeckTracker, draw_event

    def started(seed: int) -> LiveDeckTracker:
        t = LiveDeckTracker()
        t.do({"event": "start", "seed": seed})
        return t

    # a seeded draw stops once its unspent aces make it sure: "1 ace is" / "2 aces are"
    for aces, need, said in ((1, 2, "once 1 ace is spent"), (2, 4, "once 2 aces are spent")):
        seed = next(n for n in range(5000)
                    if [c.rank == ACE for c in started(n).state.order[:aces + 1]] == [True] * aces + [False])
        t = started(seed)
        t.do(draw_event("Pip", "leap", TaskCheck(5, "J", need=need)))
        rec = t.state.draws[-1]
        assert rec.stopped == "task done" and rec.aces_unspent == aces, seed
        text = html.unescape(draw_html(rec))
        count = "1 success" if aces == 1 else "2 successes"
        assert f"{count} of {need} needed; stopped: sure to succeed {said}" in text
        assert f"{aces} {'ace' if aces == 1 else 'aces'} unspent" in text and "(s)" not in text
    # a going-for-broke draw stopped by its one bad card: "bad card", not "bad card(s)"
    t = started(3)
    t.do(draw_event("Pip", "task", TaskCheck(3, "J", situation="combat", aged=1, mode="broke"),
                    ["4S", "QS", "2H"]))
    text = html.unescape(draw_html(t.state.draws[-1]))
    assert "1 success of 1 needed; stopped: bad card<" in text and "1 bad card in effect" in text
    assert "(s)" not in text and "(es)" not in text
