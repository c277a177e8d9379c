"""Mice and Mystics: findings of an exploratory play of a chapter on the dashboard and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.mystics.tracker import MysticsTracker
from tests.test_mystics_helpers import start, started, tracker


def _gear(t: MysticsTracker, mouse: str) -> list[tuple[str, str | None, bool]]:
    return [(g.name, g.slot, g.starting) for g in t.state.mouse(mouse).gear]


# -- Equip takes the card from the pack; Unequip takes the equipped one (Equip) -----------------------------

def test_a_found_dagger_goes_into_filchs_tail_and_his_starting_dagger_stays_in_his_paw() -> None:
    """Prehensile Tail: Filch equips a second dagger in his tail. With his starting Dagger in his paw and a
    Dagger found in a search in his pack, Equip moves the pack's (it moved the paw's, leaving the found one
    in the pack and the paw empty)."""
    t = tracker()
    t.do(start(mice=["collin", "filch"]))
    t.do({"event": "gain", "mouse": "filch", "card": "Dagger"})
    t.do({"event": "equip", "mouse": "filch", "card": "Dagger", "slot": "tail"})
    assert _gear(t, "filch") == [("Dagger", "paw", True), ("Dagger", "tail", False)]
    assert t.state.mouse("filch").pack_load == 0
    # captured: the found dagger (an equipped search card) is discarded, the starting one is safe
    t.do({"event": "capture", "mouse": "filch"})
    assert _gear(t, "filch") == [("Dagger", "paw", True)]


def test_unequip_moves_the_equipped_copy_of_a_card_held_twice() -> None:
    """Two Swords, one in the pack and one in a paw: Unequip puts the equipped one in the pack (it was
    refused: "'Sword' is already in Tilda's pack")."""
    t = tracker()
    t.do(start(mice=["tilda", "collin"]))
    for _ in range(2):
        t.do({"event": "gain", "mouse": "tilda", "card": "Sword"})
    t.do({"event": "equip", "mouse": "tilda", "card": "Sword", "slot": "paw"})
    held = sorted(_gear(t, "tilda"), key=lambda g: g[1] or "")
    assert held == [("Sword", None, False), ("Sword", "paw", False)]
    t.do({"event": "unequip", "mouse": "tilda", "card": "Sword"})
    assert [g.slot for g in t.state.mouse("tilda").gear] == [None, None]


def test_the_page_equips_the_found_dagger_in_the_tail(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl", ("collin", "filch"))
    box = d._mouse_boxes["filch"]
    box.card.value = "Dagger"
    box.gear_buttons["gain"].click()
    box.slot.value = "tail"
    assert not box.gear_buttons["equip"].disabled, box.extra_off.value
    box.gear_buttons["equip"].click()
    assert "equipped: Dagger (paw), Dagger (tail)" in box.info.value
    assert "pack 0/3" in box.info.value


# -- a full board of a minion type says so ------------------------------------------------------------------

def test_a_minion_type_at_its_limit_says_no_more_fit_not_0_to_0() -> None:
    t = tracker()
    t.do(start(minions={"roach": 20}))
    with pytest.raises(RuleError) as err:
        t.do({"event": "add_minions", "minions": {"roach": 1}})
    words = err.value.render()
    assert "no more, with 20 on the board already" in words and "0 to 0" not in words


# -- the command line refuses a minion type given twice, as the page does -----------------------------------

def test_mystics_new_refuses_a_minion_type_given_twice_instead_of_keeping_the_last() -> None:
    """``--minions rat-warriors=3,rat-warriors=2`` started with 2 Rat Warriors, the 3 typed first lost
    without a word; the page's Minions box refuses it ("listed twice"), and so does a second spelling."""
    from companion.cli.mystics import _split_counts
    from companion.errors import CompanionError

    with pytest.raises(CompanionError) as err:
        _split_counts("rat-warriors=3, rat-warriors=2", option="--minions")
    words = err.value.render()
    assert "minion type 'rat-warriors' is given twice" in words and "--minions" in words
    assert "'rat-warriors=3', 'rat-warriors=2'" in words
    with pytest.raises(CompanionError, match="die face 'die-sword' is given twice"):
        _split_counts("die-sword=1,die-sword=2", option="--movement", kind="die face")
    assert _split_counts("rat-warriors=3,spider=1") == {"rat-warriors": 3, "spider": 1}
