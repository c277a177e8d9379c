"""One legality verdict renderer for every page, and the TMNT page's refusals are the tracker's own
(written once in companion.tmnt.game), said once per redraw."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import ui
from companion.errors import RuleError
from companion.tmnt.game import Game, TmntTracker, why_not_card, why_not_next
from companion.verdict import LEGAL_COLOUR, NOT_LEGAL_COLOUR, Note, Problem, Verdict, verdict_html
from companion.views.tmnt import AttackBuilder, GameTracker
from tests.test_tmnt_views import CARDS, at_first_attack

BAD = Verdict(problems=(Problem("copy-limit", "4 copies of <Sword>", cite="Deck Mix"),
                        Problem("deck-size", "8 cards")),
              notes=(Note("mix", "more mice"),))


def test_one_renderer_with_or_without_the_rule_ids() -> None:
    page, notebook = verdict_html(BAD), BAD._repr_html_()
    assert notebook == verdict_html(BAD, rule_ids=True)
    assert "copy-limit" not in page and "<b>copy-limit</b>: 4 copies of &lt;Sword&gt;" in notebook
    assert "Not legal: 2 problems" in page and f"solid {NOT_LEGAL_COLOUR}" in page
    assert "8 cards</li>" in page  # a problem without a section: no empty line under it
    legal = verdict_html(Verdict(notes=(Note("mix", "more mice"),)))
    assert f"solid {LEGAL_COLOUR}" in legal and "<ul></ul>" not in legal and "<li>more mice</li>" in legal


def test_the_attack_builder_shows_the_shared_verdict() -> None:
    b = AttackBuilder(CARDS)
    assert b.verdict.is_legal and b.result.value.endswith(verdict_html(b.verdict))
    assert "<ul></ul>" not in b.result.value
    b.attacks[0].pick.value = "kick"
    b.attacks[1].pick.value = "slam"  # Forceful as the 2nd: refused
    assert not b.verdict.is_legal and b.result.value.endswith(verdict_html(b.verdict))
    assert "forceful-position" not in b.result.value


def _refuses_as_said(t: TmntTracker, event: dict[str, object], said: RuleError | None) -> None:
    """The tracker refuses ``event`` with the predicate's refusal ``said``, word for word."""
    assert said is not None
    with pytest.raises(RuleError) as caught:
        t.do(event)
    assert caught.value.render() == said.render()


def _to(t: TmntTracker, phase: str) -> Game:
    while t.state.phase != phase:
        t.do({"event": "next"})
    return t.state


def test_the_tracker_refuses_with_the_predicates_words() -> None:
    t = TmntTracker(None)
    _refuses_as_said(t, {"event": "next"}, why_not_next(t.state))
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0})
    _refuses_as_said(t, {"event": "play_event"}, why_not_card(t.state, "event"))  # the Set Phase
    _to(t, "event")
    assert why_not_card(t.state, "event") is None
    t.do({"event": "play_event"})
    _refuses_as_said(t, {"event": "play_event"}, why_not_card(t.state, "event"))
    _to(t, "item")
    t.do({"event": "correct", "player": 0, "hand": 1})
    refused = why_not_card(t.state, "item")
    assert refused is not None and "Ann has 1" in refused.message
    _refuses_as_said(t, {"event": "play_item"}, refused)
    _to(t, "flip")
    _refuses_as_said(t, {"event": "next"}, why_not_next(t.state))
    t.do({"event": "flip", "card": "character"})
    assert why_not_next(t.state) is None
    t.do({"event": "next"})
    refused = why_not_next(t.state)
    assert refused is not None and "the attack must be made" in refused.message
    _refuses_as_said(t, {"event": "next"}, refused)
    t.do({"event": "correct", "player": 0, "deck": 0})  # Game Over: only a correction
    _refuses_as_said(t, {"event": "next"}, why_not_next(t.state))


def test_the_page_says_the_trackers_refusal_under_next(tmp_path: Path) -> None:
    g = at_first_attack(tmp_path)
    refused = why_not_next(g.state)
    assert refused is not None and refused.cite
    assert g.next.disabled and g.next.tooltip.startswith(refused.message) and refused.cite in g.next.tooltip
    assert "record it first" in g.next.tooltip


def test_a_redraw_says_why_controls_are_off_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    g = at_first_attack(tmp_path)
    calls: list[int] = []
    said = ui.off_reasons
    monkeypatch.setattr(ui, "off_reasons", lambda *a, **k: calls.append(1) or said(*a, **k))
    g.refresh()
    assert len(calls) == 3  # Next's, the phase's controls', then Apply correction's: each once
    g.builder.character.pick.value = "custom"  # outside a redraw, Record's change is said at once
    assert len(calls) == 5


def test_the_page_keeps_its_own_words_for_no_game_and_game_over(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    assert g.next.disabled and g.next.tooltip == "no game yet: open “New game”" and g.next_off.value == ""


def test_next_into_the_set_phase_is_refused_before_the_click_when_the_hand_cannot_fill(
        tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    t = TmntTracker(path)
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0})
    _to(t, "flip")
    t.do({"event": "flip", "card": "event"})  # no attack this turn: Next, Next is Bob's Adjust Phase
    t.do({"event": "next"})
    t.do({"event": "next"})
    assert t.state.phase == "adjust" and t.state.active == 1
    t.do({"event": "correct", "player": 1, "zones": ["empty", "empty", "down", "down"], "hand": 1})
    refused = why_not_next(t.state)
    assert refused is not None and refused.cite == "tmnt-tcg.txt, Set Phase"
    assert refused.message == ("2 empty Block Zones but only 1 card in Bob's hand; the Block Zones "
                               "must all be filled")
    _refuses_as_said(t, {"event": "next"}, refused)
    g = GameTracker(path, CARDS)  # the page turns Next off with that reason, before any click
    assert g.next.disabled and g.next.tooltip.startswith(refused.message) and "Set Phase" in g.next.tooltip
    assert "correct the hand count first" in g.next.tooltip
    t.do({"event": "correct", "player": 1, "hand": 2})  # enough cards: Next fills both Block Zones
    assert why_not_next(t.state) is None
    t.do({"event": "next"})
    assert t.state.phase == "set" and t.state.players[1].hand == 0 and t.state.players[1].empty_zones == 0
