"""Session 6, assorted findings: a boss's defeat cites the book's section for bosses (Wounds on boss
minions), ``mousecard replay --json`` says when a draw's success comes from its unspent aces
(``sure_by_aces``), and the TMNT page's Record attack is off while a Power in the builder is out of range,
on again once it is corrected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import CompanionError, RuleError
from companion.eventlog import EventLog
from companion.mystics.party import MinionInfo
from companion.mystics.tracker import MysticsTracker
from tests.helpers import run_cli
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, start, tracker
from tests.test_tmnt_audit6 import at_the_attack, text

BOSS = "mice-and-mystics.txt, Wounds on boss minions"
NON_BOSS = "mice-and-mystics.txt, Wounds on non-boss minions"

# -- 1: a boss's defeat cites Wounds on boss minions ---------------------------------------------------------


def _vurst_on_the_board() -> MysticsTracker:
    """Captain Vurst (a boss, two of his three cards on the track) and a spider."""
    t = tracker()
    t.do(start(mice=["collin", "filch"], minions={"vurst": 1, "spider": 1},
               boss_cards={"vurst": ["vurst:1", "vurst:2"]}))
    return t


def test_a_boss_defeated_cites_the_section_for_bosses() -> None:
    t = _vurst_on_the_board()
    t.do({"event": "defeat_minion", "minion": "vurst"})
    said = [m for m in t.state.messages if "leaves the board" in m]
    assert said and BOSS in said[-1] and NON_BOSS not in said[-1], said
    assert not any(c.id.startswith("vurst") for c in t.state.track)


def test_a_common_minion_defeated_still_cites_the_section_for_non_bosses() -> None:
    t = _vurst_on_the_board()
    t.do({"event": "defeat_minion", "minion": "spider"})
    said = [m for m in t.state.messages if "leaves the board" in m]
    assert said and NON_BOSS in said[-1], said


def test_removing_more_of_a_boss_than_is_on_the_board_cites_the_section_for_bosses() -> None:
    t = _vurst_on_the_board()
    with pytest.raises(RuleError) as err:
        t.do({"event": "defeat_minion", "minion": "vurst", "count": 2})
    words = err.value.render()
    assert "only 1 Captain Vurst on the board, cannot remove 2" in words
    assert BOSS in words and NON_BOSS not in words


def _one_card_boss() -> MysticsTracker:
    """A boss with no initiative cards of his own in the data: on the track as a minion card."""
    boss = MinionInfo("captain_vurst", "Captain Vurst", life=3, boss=True, counterpart="rat_warriors")
    t = MysticsTracker(EventLog(None), die=DIE, heroes=HEROES, minions={**MINIONS, "captain_vurst": boss})
    t.do(start(mice=["collin", "filch"], minions={"captain_vurst": 1}))
    return t


def test_a_boss_with_one_card_wounded_on_a_card_is_told_the_section_for_bosses() -> None:
    t = _one_card_boss()
    with pytest.raises(CompanionError) as err:
        t.do({"event": "wound_minion", "minion": "captain_vurst", "card": "x"})
    words = err.value.render()
    assert "has no boss initiative cards to wound" in words and BOSS in words and NON_BOSS not in words


def test_a_boss_with_one_card_defeated_cites_the_section_for_bosses() -> None:
    t = _one_card_boss()
    t.do({"event": "wound_minion", "minion": "captain_vurst", "count": 1})
    assert BOSS in t.state.messages[-1]
    t.do({"event": "defeat_minion", "minion": "captain_vurst"})
    said = [m for m in t.state.messages if "leaves the board" in m]
    assert said and BOSS in said[-1] and NON_BOSS not in said[-1], said


# -- 2: replay --json says when a success comes from the unspent aces ---------------------------------------


def _draws(capsys: pytest.CaptureFixture[str], log: str) -> list[dict[str, object]]:
    code, out, _err = run_cli(capsys, "mousecard", "replay", log, "--json")
    assert code == 0
    draws: list[dict[str, object]] = json.loads(out)["draws"]
    return draws


def test_replay_json_says_a_closed_draw_succeeded_by_its_unspent_aces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    assert run_cli(capsys, "mousecard", "draw", log, "--character", "Pip", "--skill", "2", "--target", "K",
                   "--need", "2", "--cards", "AH, 2S")[0] == 0
    (draw,) = _draws(capsys, log)
    assert (draw["succeeded"], draw["sure_by_aces"]) == (False, True)
    assert str(draw["verdict"]).startswith("sure: spend 1 ace")
    assert run_cli(capsys, "mousecard", "reshuffle", log, "--chapter")[0] == 0  # (the draw is closed)
    (draw,) = _draws(capsys, log)
    # succeeded keeps its meaning (the successes counted reach the need); sure_by_aces says why the
    # verdict is a success all the same
    assert (draw["verdict"], draw["succeeded"], draw["sure_by_aces"]) == ("success", False, True)


def test_replay_json_a_draw_that_reached_its_need_or_failed_is_not_sure_by_aces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert run_cli(capsys, "mousecard", "new", log, "--seed", "7")[0] == 0
    assert run_cli(capsys, "mousecard", "draw", log, "--character", "Pip", "--skill", "1", "--target", "K",
                   "--cards", "AS")[0] == 0  # (an ace is a success: need 1 reached)
    assert run_cli(capsys, "mousecard", "draw", log, "--character", "Tilly", "--skill", "1",
                   "--target", "K", "--cards", "3S")[0] == 0
    pip, tilly = _draws(capsys, log)
    assert (pip["succeeded"], pip["sure_by_aces"], pip["verdict"]) == (True, False, "success")
    assert (tilly["succeeded"], tilly["sure_by_aces"], tilly["verdict"]) == (False, False, "failed")


def test_replay_help_says_what_succeeded_sure_by_aces_and_verdict_mean(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run_cli(capsys, "mousecard", "replay", "--help")
    out = " ".join(out.split())
    assert code == 0
    assert "succeeded (true when successes reach need)" in out
    assert "sure_by_aces (true when successes fall short of need and the unspent aces make up the rest" in out
    assert "with succeeded false" in out and "verdict (where the draw stands now, the final word" in out


# -- 3: Record attack is off while a Power in the builder is out of range, on once corrected ---------------


@pytest.mark.parametrize("where", ["first", "attack", "bonus"])
def test_record_is_off_while_a_power_is_out_of_range_and_on_once_corrected(tmp_path: Path,
                                                                           where: str) -> None:
    from companion.views.tmnt import CUSTOM, RECORD_NOT_READ

    g = at_the_attack(tmp_path)
    b = g.builder
    b.character.pick.value = "hero"
    assert not g.record.disabled, g.record.tooltip
    if where == "first":
        b.character.pick.value = CUSTOM
        box, bad, good = b.character.power, -1, 3
    elif where == "attack":
        b.attacks[0].pick.value = CUSTOM
        b.attacks[0].attr.value = "Fire"  # (not the Hero's Wind)
        box, bad, good = b.attacks[0].power, 10 ** 9, 2
    else:
        box, bad, good = b.power_bonus, 10 ** 7, 1
    box.value = bad
    assert g.record.disabled and g.record.tooltip == RECORD_NOT_READ
    assert "0 to 999999" in text(b.result.value)  # (the red error right above says which and why)
    assert RECORD_NOT_READ not in text(g.actions_off.value)  # (not said twice)
    lines = g.path.read_text()
    box.value = good
    assert not g.record.disabled, g.record.tooltip
    assert g.path.read_text() == lines
    g.record.click()
    assert g.state.attack is not None and g.state.attack["damage"] is not None, g.status.value


def test_record_comes_back_on_when_the_bad_power_is_put_away(tmp_path: Path) -> None:
    """Not only a corrected value: a card place emptied or another card picked takes the error away."""
    from companion.views.tmnt import CUSTOM, RECORD_NOT_READ

    g = at_the_attack(tmp_path)
    b = g.builder
    b.character.pick.value = "hero"
    b.attacks[0].pick.value = CUSTOM
    b.attacks[0].power.value = 10 ** 9
    assert g.record.tooltip == RECORD_NOT_READ
    b.attacks[0].pick.value = "kick"
    assert not g.record.disabled, g.record.tooltip
