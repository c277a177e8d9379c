"""A tester's findings on the Mouse Card tools, mended: the page reads the log again when a name is typed
(chips awarded or a draw made on the command line show at once) and before a click on the draw on show
explains itself; the odds panel says the bad cards cancelled, and the fate-chip line's label is one wording
on the page, in the note and on the command line; the too-many-cards errors read as sentences; an award's
journal line says what it changed of a draw in plain words; a full-width name gets the new-name hint; a
hand-edited name past the limit is shortened on replay as a title is; the last-draw panel says why a draw
stopped in a player's words."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.mousecard.live import MAX_NAME, LiveDeckTracker, draw_event, open_live_deck
from companion.mousecard.odds import POLICY_NOTES, TaskCheck, exact_odds
from companion.views.mousecard import MouseCardPage, draw_html, odds_html
from tests.helpers import run_cli


def text(widget_html: str) -> str:
    """A panel's words, its tags and entities gone."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def _page(log: Path) -> MouseCardPage:
    return MouseCardPage(log, plot=False, settle=None)


# -- 1. the page reads the log again when a name is typed, and before a click explains itself ----------


def test_chips_awarded_on_the_command_line_show_as_the_players_name_is_typed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "m.jsonl"
    page = _page(log)
    assert run_cli(capsys, "mousecard", "award", str(log), "Bo", "--chips", "2")[0] == 0  # another writer
    page.player.value = "Bo"
    assert not page.spend_button.disabled
    assert "no fate chip" not in text(page.chips_off.value)
    assert "Bo" in page.chips_table.value and "<b>2</b>" in page.chips_table.value
    assert "Another window" in text(page.message.value)  # (what changed is said, as the watcher says it)


def test_a_draw_made_elsewhere_shows_as_the_characters_name_is_typed(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    page = _page(log)
    page.skill.value, page.need.value = 1, 2
    page.character.value, page.cards.value = "Pip", "3S"
    page.draw_button.click()  # draw #1: no ace
    page.character.value = "Ann"
    other = LiveDeckTracker(log)
    other.do(draw_event("Pip", "leap", TaskCheck(skill=1, target="J", need=2), ["AS"]))  # draw #2: an ace
    page.character.value = "Pip"
    assert "#2 Pip" in text(page.last.value) and "leap" in text(page.last.value)
    ace_success = page.bonus_buttons[0]
    assert not ace_success.disabled  # the gate is of the latest draw, #2, not #1 (no ace)


def test_the_player_box_being_emptied_is_not_filled_again_by_the_read(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    page = _page(log)
    page.player.value = "Ann"
    LiveDeckTracker(log).do({"event": "award", "player": "Pip", "chips": 1})
    page.player.value = ""  # emptied to type another name: the read leaves it empty
    assert page.player.value == "" and "Pip" in page.chips_table.value


def test_a_bonus_pressed_on_a_draw_the_page_has_not_seen_is_refused_as_stale_not_as_no_draw(
        tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    page = _page(log)
    page.character.value = "Bo"  # no draw yet for Bo on show
    LiveDeckTracker(log).do(draw_event("Bo", "climb", TaskCheck(skill=1, target="J", need=2), ["AS"]))
    ace_success = page.bonus_buttons[0]
    ace_success.click()  # (were it clicked: the page drawn before showed no draw of Bo's)
    said = text(page.message.value)
    assert "has not drawn yet" not in said and "the log changed in another window" in said
    assert "#1 Bo" in text(page.last.value)  # drawn again as the log holds it
    assert not ace_success.disabled
    ace_success.click()  # pressed again, on the draw now on show
    assert page.tracker.state.draws[-1].aces_spent == 1


def test_a_new_name_hint_is_of_the_log_as_it_is_at_the_click(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    page = _page(log)
    page.player.value = "Pipp"
    LiveDeckTracker(log).do({"event": "award", "player": "Pip", "chips": 1})
    page.chip("award")  # (the box was typed before the other award: the click reads the log again)
    assert "Did you mean 'Pip'?" in text(page.message.value)


# -- 2. the odds panel's bad cards cancelled, and one wording for the fate chips used --------------------


BROKE = TaskCheck(skill=4, target="Q", need=2, situation="combat-unknown", aged=1, mode="broke", fate_chips=1)


def test_the_odds_panel_says_the_bad_cards_cancelled_as_the_command_line_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    result = exact_odds(BROKE)
    said = text(odds_html(result))
    assert "Expected bad cards cancelled 0.28 (by aces and fate chips)" in said
    code, out, _err = run_cli(capsys, "odds", "mousecard", "--skill", "4", "--target", "Q", "--need", "2",
                              "--situation", "combat-unknown", "--aged", "1", "--mode", "broke",
                              "--fate-chips", "1")
    assert code == 0 and "bad cards cancelled      0.28 expected" in out
    # the chip line: one wording on the page, in the policy's note and on the command line
    assert "Expected fate chips used 0.54" in said and "expected fate chips used 0.54" in out
    note = POLICY_NOTES[("bonus", "best")]
    assert "'expected fate chips used'" in note and "'expected fate chips used'" in html.unescape(
        odds_html(result))
    calm = text(odds_html(exact_odds(TaskCheck(skill=3, target="J"))))  # nothing cancelled: no line
    assert "bad cards cancelled" not in calm.lower()


# -- 3. the too-many-cards errors read as sentences ------------------------------------------------------


def test_too_many_cards_read_as_a_sentence_with_their_citation(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "L.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "1")[0] == 0
    code, _out, err = run_cli(capsys, "mousecard", "draw", log, "--character", "Pip", "--skill", "3",
                              "--target", "10", "--aged", "2", "--situation", "unknown",
                              "--cards", "KH, 2S, AD")
    assert code == 2 and err.strip() == (
        "companion: --cards: 1 card too many: A♦ — a cautious draw stops at the first bad card, here 2♠ "
        "(mouse-card-system.txt, How to draw cards)")
    code, _out, err = run_cli(capsys, "mousecard", "draw", log, "--character", "Pip", "--target", "J",
                              "--mode", "broke", "--situation", "combat", "--skill", "2",
                              "--cards", "KH,RJ,5S")
    assert code == 2 and err.strip() == (
        "companion: --cards: 1 card too many: 5♠ — no card follows a bad card, here red joker: no more cards "
        "this round (mouse-card-system.txt, Task checks; How to draw cards)")
    assert "(expected" not in err


# -- 4. what an award or a spend changed of a draw, in plain words -----------------------------------------


def test_every_change_of_a_draws_standing_reads_naturally() -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})

    def chips(kind: str, player: str, n: int = 1) -> str:
        t.do({"event": kind, "player": player, "chips": n})
        return t.state.journal[-1]

    t.do(draw_event("Pip", "climb the wall", TaskCheck(skill=2, target="Q"), ["3S", "4S"]))
    assert chips("award", "Pip").endswith(
        "Pip's draw #1 (climb the wall) can now still succeed (it had failed).")
    assert chips("spend", "Pip").endswith(
        "Pip's draw #1 (climb the wall) has now failed (it could still succeed).")
    t.do(draw_event("Ann", "hide", TaskCheck(skill=2, target="Q", need=3), ["5S", "6S"]))
    assert chips("award", "Ann").endswith(
        "Ann's draw #2 (hide) still cannot reach 3: at most 1 with 1 fate chip (it had failed).")
    assert chips("award", "Ann") == "Ann receives 1 fate chip (now 2)."  # (the same kind: nothing said)
    assert chips("award", "Ann").endswith(
        "Ann's draw #2 (hide) can now still succeed (it could not reach 3).")
    assert chips("spend", "Ann").endswith(
        "Ann's draw #2 (hide) now cannot reach 3: at most 2 with 2 fate chips (it could still succeed).")
    assert chips("spend", "Ann", 2).endswith("Ann's draw #2 (hide) has now failed (it could not reach 3).")
    assert not any("is now" in line or "it was" in line for line in t.state.journal)


# -- 5. a full-width name gets the new-name hint ---------------------------------------------------------


def test_a_full_width_name_is_a_new_name_with_a_hint_never_merged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    t.do({"event": "award", "player": "Pip", "chips": 1})
    assert t.state.new_name_hint("Ｐｉｐ") == "'Ｐｉｐ' is a new name in this session. Did you mean 'Pip'?"
    assert t.state.new_name_hint("ＰＩＰ") == "'ＰＩＰ' is a new name in this session. Did you mean 'Pip'?"
    assert t.state.new_name_hint("Pipp") == "'Pipp' is a new name in this session. Did you mean 'Pip'?"
    t.do({"event": "award", "player": "Ｐｉｐ", "chips": 1})
    assert t.state.chips_of("Pip") == 1 and t.state.chips_of("Ｐｉｐ") == 1  # two players, as typed
    log = str(tmp_path / "L.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "1")[0] == 0
    assert run_cli(capsys, "mousecard", "award", log, "Pip")[0] == 0
    code, _out, err = run_cli(capsys, "mousecard", "draw", log, "--character", "Ｐｉｐ", "--skill", "1",
                              "--target", "J", "--cards", "QH")
    assert code == 0 and "'Ｐｉｐ' is a new name in this session. Did you mean 'Pip'?" in err


# -- 6. a name past the limit in a hand-edited log is shown shortened on replay, as a title is ----------


def test_a_hand_edited_name_past_the_limit_replays_shortened(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "L.jsonl"
    assert run_cli(capsys, "mousecard", "new", str(log), "--seed", "3")[0] == 0
    long_name = "P" * 10_000
    with log.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"event": "award", "player": long_name, "chips": 1}) + "\n")
        drawn = {"event": "draw", "character": long_name + " ", "skill": 1, "cards": ["QH"]}
        f.write(json.dumps(drawn) + "\n")
    tracker = open_live_deck(str(log), read_only=True)
    shortened = "P" * (MAX_NAME - 1) + "…"
    assert tracker.problems == [] and tracker.state.chips_of(long_name) == 1  # read, never refused
    assert tracker.state.draws[-1].character == long_name  # the same player: the draw and the chip
    assert tracker.state.chips_of(shortened) == 0  # (kept whole: only shown shortened)
    code, out, _err = run_cli(capsys, "mousecard", "replay", str(log))
    assert code == 0 and long_name not in out and shortened in out
    assert max(len(line) for line in out.splitlines()) < 200
    code, out, _err = run_cli(capsys, "mousecard", "replay", "--json", str(log))
    doc = json.loads(out)
    assert code == 0 and list(doc["fate_chips"]) == [long_name] and doc["draws"][0]["character"] == long_name
    assert doc["problems"] == []  # (as a long title: shortened where shown, no problem made of it)


# -- 7. the last-draw panel says why a draw stopped in a player's words ----------------------------------


def test_the_last_draw_panel_says_why_a_draw_stopped_in_a_players_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    t.do(draw_event("Pip", "climb", TaskCheck(skill=3, target="A", need=3), ["3S", "4S", "5S"]))
    all_drawn = t.state.draws[-1]
    t.do(draw_event("Ann", "hide", TaskCheck(skill=3, target="A", need=3), ["6S"]))
    stopped = t.state.draws[-1]
    assert (all_drawn.stopped, stopped.stopped) == ("skill", "player stopped")  # (the JSON's, unchanged)
    assert "stopped: all 3 cards drawn" in text(draw_html(all_drawn))
    assert "stopped: the player stopped drawing" in text(draw_html(stopped))
    t.do(draw_event("Tam", "run", TaskCheck(skill=1, target="A", need=2), ["KS", "7S"]))
    assert "stopped: all 2 cards drawn" in text(draw_html(t.state.draws[-1]))  # (the king's card too)
    t.do(draw_event("Bo", "run", TaskCheck(skill=1, target="A", need=2), ["8S"]))
    assert "stopped: its only card drawn" in text(draw_html(t.state.draws[-1]))
    log = str(tmp_path / "L.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "1")[0] == 0
    assert run_cli(capsys, "mousecard", "draw", log, "--character", "Pip", "--skill", "3", "--target", "A",
                   "--cards", "6S")[0] == 0
    doc = json.loads(run_cli(capsys, "mousecard", "replay", "--json", log)[1])
    assert doc["draws"][0]["stopped"] == "player stopped"
