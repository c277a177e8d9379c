"""Session 6, the Mouse Card tools at the table (a game master's session), part 3: the Task box never
lends one character's task to another's draw; a draw sure by its unspent ace ends a success, and the
history says what a later fate chip changed; a reshuffle within the chapter on the page (which the
deck-in-doubt hint names); ``--chips`` and a blank name refused as typed; Award and Spend say what they
did under their row."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.mousecard.live import LiveDeckTracker, draw_event, open_live_deck
from companion.mousecard.odds import TaskCheck
from companion.views.mousecard import RESHUFFLE_LABEL, MouseCardPage
from tests.helpers import run_cli


def text(widget_html: str) -> str:
    """A panel's words, its tags and entities gone."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def _page(tmp_path: Path) -> MouseCardPage:
    return MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)


def _draw(page: MouseCardPage, character: str, cards: str, task: str | None = None) -> None:
    page.character.value, page.cards.value = character, cards
    if task is not None:
        page.task.value = task
    page.draw_button.click()
    assert page.message.value == "" or "A new name" in page.message.value, text(page.message.value)


# -- 1. the Task box and a change of character ----------------------------------------------------

def test_a_new_characters_draw_does_not_inherit_the_task_another_drew_for(tmp_path: Path) -> None:
    page = _page(tmp_path)
    _draw(page, "Pip", "QH", task="climb the wall")
    assert page.task.value == "climb the wall"  # (Pip's task stays beside Pip's draw)
    page.character.value = "Tilly"
    assert page.task.value == ""  # Pip's task is done: not Tilly's
    _draw(page, "Tilly", "KH")
    assert [d.task for d in page.tracker.state.draws] == ["climb the wall", "task"]


def test_a_task_typed_for_the_coming_draw_stays_whoever_is_named(tmp_path: Path) -> None:
    page = _page(tmp_path)
    _draw(page, "Pip", "QH", task="climb the wall")
    page.task.value = "hide from the owl"  # typed for the next draw, before naming who draws
    page.character.value = "Tilly"
    assert page.task.value == "hide from the owl"
    page.character.value = " pip "  # (the same character, as the session matches names: kept)
    _draw(page, "Tilly", "KH")
    assert page.tracker.state.draws[-1].task == "hide from the owl"


def test_a_resumed_task_is_cleared_too_once_another_character_is_named(tmp_path: Path) -> None:
    page = _page(tmp_path)
    _draw(page, "Pip", "QH", task="climb the wall")
    again = _page(tmp_path)
    assert (again.character.value, again.task.value) == ("Pip", "climb the wall")
    again.character.value = "PIP"  # the same character: kept
    assert again.task.value == "climb the wall"
    again.character.value = "Tilly"
    assert again.task.value == ""


def test_an_undo_that_names_another_character_clears_the_task_of_the_draw_undone(tmp_path: Path) -> None:
    page = _page(tmp_path)
    _draw(page, "Pip", "QH", task="climb the wall")
    _draw(page, "Tilly", "KH", task="hide from the owl")
    page.undo_button.click()  # Tilly's draw taken back: the page shows Pip's draw
    assert page.character.value == "Pip" and page.task.value == ""


# -- 2. a draw's final verdict, and what a later chip changed -------------------------------------

def _verdicts(capsys: pytest.CaptureFixture[str], log: str) -> list[str]:
    code, out, _err = run_cli(capsys, "mousecard", "replay", log, "--json")
    assert code == 0
    return [d["verdict"] for d in json.loads(out)["draws"]]


@pytest.mark.parametrize("closing", [["reshuffle", "--chapter"],
                                     ["draw", "--character", "Pip", "--skill", "1", "--target", "K",
                                      "--cards", "3S"]])
def test_a_draw_sure_by_an_unspent_ace_is_a_success_once_closed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], closing: list[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    assert run_cli(capsys, "mousecard", "draw", log, "--character", "Pip", "--skill", "2", "--target", "K",
                   "--need", "2", "--cards", "AH, 2S")[0] == 0
    assert _verdicts(capsys, log) == ["sure: spend 1 ace as a success"]
    assert run_cli(capsys, "mousecard", closing[0], log, *closing[1:])[0] == 0
    assert _verdicts(capsys, log)[0] == "success"


def test_a_closed_draw_short_of_its_need_still_fails() -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 3})
    t.do(draw_event("Pip", "task", TaskCheck(skill=1, target="J", need=3), ["AS"]))  # 2 at most: not sure
    t.do({"event": "reshuffle", "reason": "chapter"})
    assert t.state.verdict_of(t.state.draws[0]) == "failed"


def test_the_history_says_what_a_chip_awarded_later_changed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    _code, out, _err = run_cli(capsys, "mousecard", "draw", log, "--character", "Tilly", "--task", "hide",
                               "--skill", "1", "--target", "K", "--cards", "3S")
    assert "0 successes of 1 needed, failed" in out
    _code, out, _err = run_cli(capsys, "mousecard", "award", log, "Tilly")
    assert out.strip() == ("Tilly receives 1 fate chip (now 1). Tilly's draw #1 (hide) can now still "
                           "succeed (it had failed).")
    assert run_cli(capsys, "mousecard", "bonus", log, "Tilly", "--source", "chip", "--use", "success")[0] == 0
    code, out, _err = run_cli(capsys, "mousecard", "undo", log)  # (the bonus)
    code, out, _err = run_cli(capsys, "mousecard", "undo", log)  # the award: neither count nor note holds
    assert code == 0 and out.strip() == "Undone: Tilly receives 1 fate chip (Tilly back to 0 fate chips)."
    # a chip awarded to one whose latest draw no action can change any more says nothing of it
    assert run_cli(capsys, "mousecard", "reshuffle", log, "--chapter")[0] == 0
    _code, out, _err = run_cli(capsys, "mousecard", "award", log, "Tilly")
    assert out.strip() == "Tilly receives 1 fate chip (now 1)."


def test_a_spend_that_leaves_a_draw_nothing_says_so() -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 3})
    t.do({"event": "award", "player": "Pip", "chips": 1})
    t.do(draw_event("Pip", "leap", TaskCheck(skill=1, target="K"), ["3S"]))
    t.do({"event": "spend", "player": "Pip", "chips": 1})
    assert t.state.journal[-1] == ("Pip spends 1 fate chip (now 0). Pip's draw #1 (leap) has now failed (it "
                                   "could still succeed).")


# -- 3. a reshuffle within the chapter on the page --------------------------------------------------

def test_the_page_reshuffles_within_the_chapter_as_the_command_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = _page(tmp_path)
    _draw(page, "Pip", "QH, 3S, 4S", task="climb")
    assert page.reshuffle_button.description == RESHUFFLE_LABEL and not page.reshuffle_button.disabled
    page.reshuffle_button.click()
    st = page.tracker.state
    assert (st.chapter, len(st.order), st.journal[-1]) == (1, 54, "Deck reshuffled by the game master.")
    assert "Deck reshuffled by the game master." in text(page.message.value)
    assert "54 cards in the deck" in text(page.message.value)
    # the same event the command writes, and the draw stays open (its chapter goes on)
    last = json.loads((tmp_path / "mc.jsonl").read_text().splitlines()[-1])
    assert {k: last[k] for k in ("event", "reason")} == {"event": "reshuffle", "reason": "gm"}
    assert st.closed(st.draws[0]) is None
    page.undo_button.click()
    assert "Undone: Deck reshuffled by the game master." in text(page.message.value)


def test_the_reshuffle_button_is_off_with_no_session(tmp_path: Path) -> None:
    page = _page(tmp_path)
    page.undo_button.click()  # the start undone
    assert page.reshuffle_button.disabled and page.chapter_button.disabled
    said = f"<b>{RESHUFFLE_LABEL}</b>: no deck to reshuffle: no session is under way"
    assert said in page.session_off.value


def test_a_deck_in_doubt_names_the_reshuffle_button_and_it_mends_the_deck(tmp_path: Path) -> None:
    log = tmp_path / "mc.jsonl"
    t = open_live_deck(str(log))
    t.do({"event": "start", "seed": 5})
    t.do(draw_event("Pip", "task", TaskCheck(skill=1, target="J")))
    with log.open("a", encoding="utf-8") as fh:
        fh.write('{"event": "draw", "character": "Pip", "skill": "two"}\n')  # a line that cannot be used
    page = MouseCardPage(log, plot=False, settle=None)
    page.use_live.value = True
    said = text(page.result.value)
    assert "reshuffle (the Reshuffle button: every card back, the chapter goes on)" in said
    assert "End of chapter" not in said
    assert page.draw_button.disabled and not page.reshuffle_button.disabled
    page.reshuffle_button.click()
    assert page.tracker.deck_in_doubt() == [] and page.tracker.state.chapter == 1
    page.character.value = "Pip"
    assert not page.draw_button.disabled and "Chance of success" in page.result.value


# -- 4. the command line's refusals name what was typed ---------------------------------------------

@pytest.mark.parametrize("verb", ["award", "spend"])
def test_too_many_chips_is_refused_naming_the_option(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], verb: str) -> None:
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    code, _out, err = run_cli(capsys, "mousecard", verb, log, "Pip", "--chips", "100")
    assert code == 2 and err.startswith("companion: --chips must be 1 to 99 at a time, not 100")
    assert f"{verb}:" not in err and "at most 99 at once" in err


@pytest.mark.parametrize("typed", [["   "], ["--character", "  "]])
def test_a_blank_name_is_shown_as_typed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], typed: list[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    code, _out, err = run_cli(capsys, "mousecard", "award", log, *typed)
    blank = repr(typed[-1])
    assert code == 2 and f"(found {blank}, a blank name)" in err and "found ''" not in err
    assert "Type the player's name." in err


# -- 5. Award and Spend say what they did -----------------------------------------------------------

def test_award_and_spend_say_what_they_did_under_their_row(tmp_path: Path) -> None:
    page = _page(tmp_path)
    page.character.value = "Pip"  # the Player box empty: the chip is the Character box's name's
    page.award_button.click()
    said = text(page.chips_msg.value)
    assert said.startswith("Pip: +1 fate chip (now 1)") and "the Player box is empty" in said
    page.player.value = "Pip"
    page.award_button.click()
    assert text(page.chips_msg.value) == "Pip: +1 fate chip (now 2)"
    page.spend_button.click()
    assert text(page.chips_msg.value) == "Pip: −1 fate chip (now 1)"
    assert page.draw_msg.value == "" and page.session_msg.value == ""


def test_an_award_says_what_it_changed_of_the_players_draw(tmp_path: Path) -> None:
    page = _page(tmp_path)
    page.skill.value, page.target.value = 1, "K"
    _draw(page, "Tilly", "3S", task="hide")
    page.player.value = "Tilly"
    page.award_button.click()
    assert "Tilly's draw #1 (hide) can now still succeed (it had failed)." in text(page.chips_msg.value)
