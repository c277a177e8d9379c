"""An eighth audit of the Mice and Mystics tracker, one section per finding: a mouse captured on its own turn
was rescued on that same turn (the book rescues it on its NEXT turn); a boss with no boss cards on the track
(Captain Vurst in the bundled card data) could never be defeated by wounds, its Set life being off on the
page; a full pack's advice for "To pack" and "Unequip" named a discard choice those rows do not have.
Older logs still replay as they were played: a rescue the rules refuse today is kept, with a note."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import RuleError
from companion.eventlog import EventLog
from companion.mystics.party import MinionInfo
from companion.mystics.tracker import KEPT, MysticsTracker, rescue_refusal, rescue_too_soon
from companion.views.mystics import MysticsDashboard
from tests.test_mystics_helpers import MINIONS, dash, start, started, tracker

RESCUE = "mice-and-mystics.txt, Rescuing a Mouse"


def old_log(path: Path, *events: dict[str, Any]) -> MysticsTracker:
    """A log written line by line (as an older version wrote it), read back with the test card data."""
    path.write_text("".join(json.dumps(e) + "\n" for e in ({"event": "log", "tracker": "mystics"}, *events)))
    return tracker(EventLog(path))


def kept(t: MysticsTracker) -> list[str]:
    return [m for m in t.state.messages if m.startswith(KEPT)]


def status(d: MysticsDashboard) -> str:
    """The status and the sections' message panels (a refusal shows next to its control)."""
    return html.unescape(d.status.value + "".join(p.value for p in d.message_panels()))


# -- 1: a mouse captured on its own turn is rescued on its NEXT turn (Rescuing a Mouse) ---------------------

def collin_captured_on_his_turn() -> MysticsTracker:
    """No minions on the board; Collin captured during his own turn."""
    t = tracker()
    t.do(start())
    t.do({"event": "set_turn", "card": "collin"})
    t.do({"event": "capture", "mouse": "collin"})
    return t


def test_a_mouse_captured_on_its_turn_is_not_rescued_on_that_turn() -> None:
    t = collin_captured_on_his_turn()
    before = t.state
    collin = t.state.mouse("collin")
    refused, soon = rescue_refusal(t.state, collin), rescue_too_soon(t.state, collin)
    assert refused is not None and soon is not None and refused.render() == soon.render()
    assert "next turn" in refused.message and RESCUE in refused.message
    with pytest.raises(RuleError, match="captured on this turn of its own"):
        t.do({"event": "rescue", "mouse": "collin"})
    assert t.state == before
    t.do({"event": "set_turn", "card": "collin"})  # (the same turn goes on: still the turn of the capture)
    with pytest.raises(RuleError, match="captured on this turn of its own"):
        t.do({"event": "rescue", "mouse": "collin"})


def test_it_is_rescued_automatically_when_its_next_turn_begins() -> None:
    t = collin_captured_on_his_turn()
    said: list[str] = []
    while t.state.mouse("collin").captured:
        t.do({"event": "end_turn"})
        said += t.state.messages[-6:]
        assert t.state.round <= 3  # (Collin is last on the track: the rescue ends the round)
    assert any("Collin is rescued: no minions on the board" in m for m in said)
    assert t.state.current is not None and t.state.current.id != "collin"  # (the rescue took that turn)


def test_on_its_next_turn_a_rescue_is_allowed_again() -> None:
    t = collin_captured_on_his_turn()
    t.do({"event": "add_minions", "minions": {"roach": 1}})  # (minions on the board: it skips its turn)
    while True:
        t.do({"event": "end_turn"})
        if t.state.current is not None and t.state.current.id == "collin":
            break
    assert t.state.mouse("collin").captured
    t.do({"event": "defeat_minion", "minion": "roach"})
    assert rescue_refusal(t.state, t.state.mouse("collin")) is None
    t.do({"event": "rescue", "mouse": "collin"})
    assert not t.state.mouse("collin").captured


def test_a_chapter_rule_still_rescues_it_at_once() -> None:
    t = collin_captured_on_his_turn()
    assert rescue_refusal(t.state, t.state.mouse("collin"), force=True) is None
    t.do({"event": "rescue", "mouse": "collin", "force": True})
    assert not t.state.mouse("collin").captured


def test_a_mouse_captured_on_another_cards_turn_is_rescued_on_its_own() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "set_turn", "card": "filch"})
    t.do({"event": "capture", "mouse": "collin"})
    t.do({"event": "set_turn", "card": "collin"})
    assert rescue_too_soon(t.state, t.state.mouse("collin")) is None
    t.do({"event": "rescue", "mouse": "collin"})
    assert not t.state.mouse("collin").captured


@pytest.mark.parametrize("ends_turn", [True, False], ids=["ends_turn", "older"])
def test_an_older_rescue_on_the_turn_of_the_capture_is_kept(tmp_path: Path, ends_turn: bool) -> None:
    rescue: dict[str, Any] = {"event": "rescue", "mouse": "collin"}
    if ends_turn:
        rescue["ends_turn"] = True
    t = old_log(tmp_path / "m.jsonl", start(), {"event": "set_turn", "card": "collin"},
                {"event": "capture", "mouse": "collin"}, rescue)
    assert not t.state.mouse("collin").captured  # read as it was played
    assert (t.state.current is not None and t.state.current.id == "collin") is not ends_turn
    assert len(kept(t)) == 1 and "captured on this turn of its own" in kept(t)[0]


def test_the_page_turns_rescue_off_on_the_turn_of_the_capture(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    d.seed.value = "5"
    d.start_minions.value = ""
    d.start_btn.click()
    assert d.state.started and d.state.current is not None, status(d)
    mid = d.state.current.id
    box = d._mouse_boxes[mid]
    box.capture.click()
    assert d.state.mouse(mid).captured
    assert box.rescue.disabled and "next turn" in box.rescue.tooltip and "force" not in box.rescue.tooltip
    box.rescue.click()
    assert d.state.mouse(mid).captured and "That did not work" in status(d)


# -- 2: a boss with no boss cards on the track has its life set as any minion's ----------------------------

#: Captain Vurst as the bundled card data has him: a boss, no initiative cards of his own, life unknown.
VURST = MinionInfo("captain_vurst", "Captain Vurst", boss=True, counterpart="rat_warriors")


def vurst_page(path: Path) -> MysticsDashboard:
    d = started(path, minions={**MINIONS, "captain_vurst": VURST})
    d.enc_minions.value = "captain vurst=1"
    d.enc_btn.click()
    d.minion_pick.value = "captain_vurst"
    assert d.minion_card.options == (("—", ""),), status(d)
    return d


def test_a_boss_without_boss_cards_is_defeated_once_its_life_is_set(tmp_path: Path) -> None:
    d = vurst_page(tmp_path / "m.jsonl")
    assert "Set life" in html.unescape(d.minion_life_hint.value)  # (the life is asked for)
    for _ in range(4):
        d.wound_minion.click()
    said = status(d)
    assert "4 wounds" in said and "“Set life”" in said and "Wounds on boss minions" in said
    d.minion_life.value = "3"
    assert not d.set_minion_life.disabled, d.set_minion_life.tooltip
    d.set_minion_life.click()
    assert "captain_vurst" not in {g.id for g in d.state.minions}, status(d)
    assert "Captain Vurst figure 1 (4 wounds)" in status(d) and "defeated" in status(d)


def test_a_boss_with_its_boss_cards_on_the_track_keeps_its_life_on_each_card(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    d.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {"vurst": 1},
          "seed": 1, "boss_cards": {"vurst": ["vurst:1", "vurst:2"]}})
    d.minion_pick.value = "vurst"
    d.minion_life.value = "3"
    d.refresh()
    assert d.set_minion_life.disabled
    assert "life is on each of its initiative cards" in d.set_minion_life.tooltip
    assert d.minion_life_hint.value == ""


# -- 3: a full pack's advice on the page is a step the page has ---------------------------------------------

def full_pack(path: Path) -> MysticsDashboard:
    """Collin's turn, his pack full (3 non-trick cards: Equip)."""
    d = started(path)
    d.do({"event": "set_turn", "card": "collin"})
    box = d._mouse_boxes["collin"]
    for card in ("Bow", "Fork", "Shield"):
        box.card.value = card
        box.gear_buttons["gain"].click()
    assert d.state.mouse("collin").pack_load == 3, status(d)
    return d


@pytest.mark.parametrize(("kind", "card"), [("gain", "Helm"), ("unequip", "Collin's Sword")])
def test_a_full_pack_says_to_press_discard_first(tmp_path: Path, kind: str, card: str) -> None:
    d = full_pack(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    box.card.value = card
    box.gear_buttons[kind].click()
    said = status(d)
    assert "That did not work" in said and "press Discard first" in said and "(Bow, Fork, Shield)" in said
    assert "choose a card" not in said and "name a card to discard" not in said
    box.card.value = "Fork"  # the advice, followed
    box.gear_buttons["discard"].click()
    box.card.value = card
    box.gear_buttons[kind].click()
    assert card in [g.name for g in d.state.mouse("collin").pack], status(d)


def test_the_log_keeps_its_own_words_for_a_full_pack() -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "set_turn", "card": "collin"})
    for card in ("Bow", "Fork", "Shield"):
        t.do({"event": "gain", "mouse": "collin", "card": card})
    with pytest.raises(RuleError, match=r"Collin discards to make room \(pack: Bow, Fork, Shield\)"):
        t.do({"event": "unequip", "mouse": "collin", "card": "Collin's Sword"})
    t.do({"event": "unequip", "mouse": "collin", "card": "Collin's Sword", "discard": "Fork"})
    assert [g.name for g in t.state.mouse("collin").pack] == ["Bow", "Shield", "Collin's Sword"]


# -- review: unequip checks its discard as gain does --------------------------------------------------------

def _filch_with_bow() -> MysticsTracker:
    t = tracker()
    t.do(start())
    t.do({"event": "gain", "mouse": "filch", "card": "Short Bow"})
    t.do({"event": "equip", "mouse": "filch", "card": "Short Bow", "slot": "paw"})
    return t


def test_unequip_refuses_a_discard_that_makes_no_room() -> None:
    """Equip: the card discarded for room is a pack card, and only when the pack is full (unequip had taken
    an equipped card, and a discard with room to spare, and said it made room)."""
    t = _filch_with_bow()
    with pytest.raises(RuleError, match=r"is equipped .* not in Filch's pack"):
        t.do({"event": "unequip", "mouse": "filch", "card": "Dagger", "discard": "Short Bow"})
    t.do({"event": "gain", "mouse": "filch", "card": "Grape"})
    with pytest.raises(RuleError, match="pack has room for 'Dagger': no card need be discarded"):
        t.do({"event": "unequip", "mouse": "filch", "card": "Dagger", "discard": "Grape"})
    assert [g.name for g in t.state.mouse("filch").pack] == ["Grape"]


def test_an_older_unequip_line_with_such_a_discard_is_read_as_played(tmp_path: Path) -> None:
    t = old_log(tmp_path / "m.jsonl", start(), {"event": "gain", "mouse": "filch", "card": "Grape"},
                {"event": "unequip", "mouse": "filch", "card": "Dagger", "discard": "Grape"})
    m = t.state.mouse("filch")
    assert [g.name for g in m.pack] == ["Dagger"] and not t.problems
    assert len(kept(t)) == 1 and "pack has room for 'Dagger'" in kept(t)[0]  # kept as played, with a note


def test_an_older_gain_line_with_a_discard_that_made_no_room_is_kept_with_a_note(tmp_path: Path) -> None:
    t = old_log(tmp_path / "m.jsonl", start(), {"event": "gain", "mouse": "filch", "card": "Grape"},
                {"event": "gain", "mouse": "filch", "card": "Short Bow", "discard": "Grape"})
    assert [g.name for g in t.state.mouse("filch").pack] == ["Short Bow"] and not t.problems
    assert len(kept(t)) == 1 and "pack has room for 'Short Bow'" in kept(t)[0]
