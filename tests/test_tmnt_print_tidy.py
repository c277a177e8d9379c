"""Tidy-ups of the TMNT and Printables pages that keep behaviour: one predicate for the wait for the flip,
one helper keeping a dropdown's choice while its options change, the status drawn once per correction, one
count of the card files left out, and the estimate reading a bad list once, not at every keystroke."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from companion import ui
from companion.cards import BUNDLED
from companion.deck import decklist
from companion.views.cards import left_out_counts
from companion.views.printing import PrintView, _left_out_words
from companion.views.tmnt import GameTracker
from tests.test_tmnt_audit6 import CARDS, text


def test_keep_choice_keeps_the_choice_offered_else_the_fallback() -> None:
    pick = w.Dropdown(options=[("A", "a"), ("B", "b"), ("C", "c")], value="b")
    ui.keep_choice(pick, [("C", "c"), ("B", "b")], "c")
    assert pick.value == "b" and [v for _l, v in pick.options] == ["c", "b"]
    ui.keep_choice(pick, [("A", "a"), ("C", "c")], "c")  # b is gone: the fallback, not the first
    assert pick.value == "c"
    ui.keep_choice(pick, [("A", "a"), ("C", "c")], "c", chosen="a")  # a choice given, offered
    assert pick.value == "a"
    plain = w.Dropdown(options=["x", "y"], value="y")
    ui.keep_choice(plain, ["y", "z"], "z")
    assert plain.value == "y"


def test_keep_choice_sets_the_same_options_not_again() -> None:
    pick = w.Dropdown(options=[("A", "a"), ("B", "b")], value="b")
    seen: list[Any] = []
    pick.observe(lambda c: seen.append(c["new"]), "value")
    ui.keep_choice(pick, [("A", "a"), ("B", "b")], "a")
    assert seen == [] and pick.value == "b"


def tracker_at_the_flip(tmp_path: Path) -> GameTracker:
    return tracker_at(tmp_path, "flip")


def tracker_at(tmp_path: Path, phase: str) -> GameTracker:
    """A new game's tracker page (Player 1 first), moved on to ``phase`` with Next."""
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 0
    g.new_game.click()
    while g.state.phase != phase:
        g.next.click()
    return g


def test_the_page_waits_for_the_flip_only_while_the_1st_block_card_is_face_down(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    assert not g.state.awaits_flip  # no game yet
    g = tracker_at_the_flip(tmp_path)
    assert g.state.awaits_flip and "turn over the 1st Block card" in text(g.actions.children[0].value)
    assert "Flip Phase:" not in text(g.status.value)  # the prompt asks, not the status
    g.flip_buttons[0].click()
    assert not g.state.awaits_flip and g.state.phase == "flip"


def test_a_correction_draws_the_status_once_without_its_message(tmp_path: Path) -> None:
    g = tracker_at_the_flip(tmp_path)
    drawn: list[str] = []
    g.status.observe(lambda c: drawn.append(c["new"]), "value")
    g.zones[1][3].click()  # Bob's 4th Block Zone: face-down -> face-up
    said = text(g.zone_msg.value)
    assert "4th Block Zone" in said or "Block Zone 4" in said
    assert len(drawn) <= 1 and g.state.message not in text(g.status.value)
    drawn.clear()
    g.fix_player.value = 1
    g.fix_hand.value = 2
    g.fix_apply.click()
    assert len(drawn) <= 1 and g.state.message in text(g.fix_msg.value)
    assert g.state.message not in text(g.status.value)


def test_the_files_left_out_are_counted_once_for_both_pages() -> None:
    skipped = {BUNDLED: ["broken"], "/u/a.json": ["x"], "/u/b.json": ["y"],
               "/u/fix.json /cards/0 (card 'hero')": ["z"]}
    assert left_out_counts(skipped) == (2, 1)
    assert _left_out_words(skipped) == "2 card files and 1 correction of yours were left out"
    assert _left_out_words({"/u/a.json": ["x"]}) == "1 card file of yours was left out"
    assert _left_out_words({BUNDLED: ["broken"]}) is None


def test_the_estimate_reads_a_bad_list_once_not_at_every_keystroke_elsewhere(
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = PrintView("village")
    page.deck.value = "-"
    reads: list[str] = []
    parse = decklist.parse

    def counted(text: str, *args: Any, **kwargs: Any) -> Any:
        reads.append(text)
        return parse(text, *args, **kwargs)

    monkeypatch.setattr(decklist, "parse", counted)
    page.pasted.value = "2 Acorn Scout\n1 Leonardo\n1 Raphael"  # TMNT names: the hint says so
    refused = html.unescape(page.estimate.value)
    assert "These look like TMNT TCG cards" in refused and len(reads) == 1
    for bleed in ("1", "2", "0"):  # keystrokes in another box: the list is not read again
        page.bleed.value = bleed
    assert len(reads) == 1 and html.unescape(page.estimate.value) == refused
    page.pasted.value = "2 Acorn Scout"  # the list changed: read again
    assert len(reads) == 2 and "This makes" in page.estimate.value
