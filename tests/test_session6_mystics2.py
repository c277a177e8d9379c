"""Mice and Mystics: findings of an exploratory play of the dashboard (second round): Share gives the pack's
copy of a card held twice, the odds panel takes the command line's options, no turn is set after a defeat,
dice, Brodie's cards and a boss's life in words, and the card data says what a trick is."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.eventlog import EventLog
from companion.mystics.tracker import MysticsTracker, why_not_gain
from companion.views.mystics import MysticsDashboard
from tests.helpers import run_cli
from tests.test_mystics_helpers import dash, start, started, tracker


def _gear(t: MysticsTracker, mouse: str) -> list[tuple[str, str | None, bool]]:
    return [(g.name, g.slot, g.starting) for g in t.state.mouse(mouse).gear]


def _filch_with_two_daggers(t: MysticsTracker) -> None:
    """Filch's starting Dagger in his paw and a Dagger found in a search in his pack, on his turn."""
    t.do(start(mice=["collin", "filch"]))
    t.do({"event": "gain", "mouse": "filch", "card": "Dagger"})
    t.do({"event": "set_turn", "card": "filch"})


# -- 1: Share gives the pack's copy of a card held twice (Share; Equip) --------------------------------------

def test_share_gives_the_dagger_in_the_pack_and_filch_keeps_his_equipped_one() -> None:
    """It gave the first Dagger held, his starting one from his paw, leaving the found one in his pack."""
    t = tracker()
    _filch_with_two_daggers(t)
    t.do({"event": "share", "from": "filch", "to": "collin", "card": "Dagger"})
    assert _gear(t, "filch") == [("Dagger", "paw", True)]
    assert ("Dagger", None, False) in _gear(t, "collin")
    assert t.state.messages[-1] == ("Filch gives Collin Dagger from the pack, not the equipped one "
                                    "(mice-and-mystics.txt, Share)")


def test_a_card_held_once_is_shared_in_the_same_words_as_before() -> None:
    t = tracker()
    t.do(start(mice=["collin", "filch"]))
    t.do({"event": "set_turn", "card": "filch"})
    t.do({"event": "share", "from": "filch", "to": "collin", "card": "Dagger"})
    assert t.state.messages[-1] == "Filch gives Collin Dagger (mice-and-mystics.txt, Share)"


def test_the_share_picker_says_which_dagger_and_the_share_gives_that_one(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    _filch_with_two_daggers(d.tracker)
    d.refresh()
    box = d._mouse_boxes["filch"]
    assert ("Dagger (from the pack, not the equipped one)", "Dagger") in box.share_card.options
    box.share_to.value, box.share_card.value = "collin", "Dagger"
    box.share.click()
    assert _gear(d.tracker, "filch") == [("Dagger", "paw", True)], d.status.value


def test_a_full_pack_is_asked_for_a_discard_only_when_the_copy_given_takes_room(tmp_path: Path) -> None:
    """Tilda's Smoke Bomb equipped and another, a trick, in her pack: the share gives the trick, which takes
    no room in Collin's full pack: no discard is asked for (the page judged the equipped copy, and asked)."""
    d = started(tmp_path / "m.jsonl", ("collin", "tilda"))
    t = d.tracker
    for card in ("Bow", "Fork", "Shield"):
        t.do({"event": "gain", "mouse": "collin", "card": card})
    t.do({"event": "gain", "mouse": "tilda", "card": "Smoke Bomb"})
    t.do({"event": "set_turn", "card": "tilda"})
    t.do({"event": "equip", "mouse": "tilda", "card": "Smoke Bomb", "slot": "accessory"})
    t.do({"event": "gain", "mouse": "tilda", "card": "Smoke Bomb", "trick": True})
    d.refresh()
    box = d._mouse_boxes["tilda"]
    box.share_to.value, box.share_card.value = "collin", "Smoke Bomb"
    assert box.share_discard.layout.display == "none"
    assert not box.share.disabled, box.share.tooltip
    box.share.click()
    given = d.state.mouse("collin").pack[-1]
    assert (given.name, given.trick) == ("Smoke Bomb", True), d.status.value
    assert [(g.name, g.slot) for g in d.state.mouse("tilda").gear] == [("Smoke Bomb", "accessory")]


# -- 2: the odds panel takes the defense dice modifier and Brodie, as 'odds mystics' does -------------------

@pytest.mark.parametrize(("attacker", "modifier", "brodie"), [("mouse", -1, False), ("minion", 0, True),
                                                              ("mouse", -2, True)])
def test_the_odds_panel_matches_odds_mystics_for_the_same_inputs(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], attacker: str, modifier: int,
        brodie: bool) -> None:
    code, out, err = run_cli(capsys, "odds", "mystics", "attack", "--battle", "3", "--defense", "2",
                             "--defense-dice", str(modifier), "--attacker", attacker, "--life", "2",
                             "--wheel", "5", "--json", *(["--brodie"] if brodie else []))
    assert code == 0, err
    cli = json.loads(out)
    d = MysticsDashboard(tmp_path / "m.jsonl")  # (the die as the command reads it)
    panel = d.odds
    panel.attacker.value = attacker
    panel.battle.value, panel.defense.value, panel.life.value, panel.wheel.value = 3, 2, 2, 5
    panel.ddice.value = modifier
    panel.brodie.value = brodie
    a = panel.attack_odds()
    assert a.defense_dice == cli["defense_dice"] == 2 + modifier
    for key in ("wounds", "wheel_cheese", "hits", "blocks"):
        assert a.to_json()[key] == cli[key], key
    assert list(a.notes) == cli["notes"][:len(a.notes)]  # (then the die's notes, which the panel says too)
    from companion.mystics.odds import surge_chance
    from companion.probability import share

    said = html.unescape(panel.result.value).replace("<b>", "").replace("</b>", "")
    surge = surge_chance(a, 5)
    for name, p in (("p_defeat", a.p_defeat(2)), ("p_surge", surge),
                    ("p_at_least_one_wound", a.p_wounds_at_least(1))):
        assert f"{p.numerator}/{p.denominator}" == cli[f"{name}_exact"], name
    assert f"P(defeat/capture) {share(a.p_defeat(2))}" in said
    assert f"P(surge from this roll) {share(surge)}" in said
    if brodie:  # (his cheese never fills the wheel: no surge from his roll)
        assert surge == 0 and "Brodie's cheese is not added to the minion wheel" in said


# -- 3: no turn is set once the chapter is lost (Defeat) -----------------------------------------------------

def test_set_turn_is_refused_after_a_defeat_as_next_turn_is() -> None:
    t = tracker()
    t.do(start(mice=["collin", "filch"]))
    t.do({"event": "defeat", "reason": "the hourglass ran out"})
    for event in ({"event": "set_turn", "card": "filch"}, {"event": "end_turn"}):
        with pytest.raises(RuleError, match="the chapter is lost, play does not go on"):
            t.do(event)
    t.do({"event": "set_order", "order": [c.id for c in reversed(t.state.track)]})  # (a correction: kept)
    said = t.state.messages[-1]
    assert "the chapter is lost, so no turn is taken" in said and "Set turn" not in said


def test_the_set_turn_button_is_off_after_a_defeat_and_an_old_log_replays(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    d.defeat_reason.value = "Lily was captured"
    d.defeat_btn.click()
    assert d.set_turn_btn.disabled and "the chapter is lost: play does not go on" in d.set_turn_btn.tooltip
    with open(path, "a") as fh:  # a line an older version wrote: kept as played
        fh.write(json.dumps({"event": "set_turn", "card": "filch"}) + "\n")
    again = tracker(EventLog(path))
    assert not again.problems and again.history[-1]["event"] == "set_turn"


# -- 4: words ------------------------------------------------------------------------------------------------

def test_one_die_is_a_die_on_the_panel_and_the_command_line(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    d = MysticsDashboard(tmp_path / "m.jsonl")
    d.odds.battle.value, d.odds.defense.value = 1, 1
    assert "1 die vs 1 die</b>" in d.odds.result.value
    d.odds.battle.value = 3
    assert "3 dice vs 1 die</b>" in d.odds.result.value
    code, out, _err = run_cli(capsys, "odds", "mystics", "attack", "--battle", "1", "--defense", "1")
    assert code == 0 and out.startswith("mouse attack, 1 die vs 1 defense die (melee)")
    code, out, _err = run_cli(capsys, "odds", "mystics", "attack", "--battle", "2", "--defense", "3")
    assert out.startswith("mouse attack, 2 dice vs 3 defense dice (melee)")


def test_brodie_defeated_says_both_his_initiative_cards_leave_the_track() -> None:
    t = tracker()
    t.do(start(mice=["collin", "filch"], minions={"brodie": 1}))
    t.do({"event": "defeat_minion", "minion": "brodie"})
    assert not any(c.id.startswith("brodie") for c in t.state.track)
    said = t.state.messages[-1]
    assert "its initiative cards (Brodie Chases and Brodie Pounces) are removed" in said \
        or "its initiative cards (Brodie Pounces and Brodie Chases) are removed" in said, said
    one = tracker()
    one.do(start(mice=["collin"], minions={"spider": 1}))
    one.do({"event": "defeat_minion", "minion": "spider"})
    assert "its initiative card is removed" in one.state.messages[-1]


def test_a_boss_minion_line_says_his_life_is_on_his_boss_cards(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    d.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "minions": {"vurst": 1},
          "seed": 1, "boss_cards": {"vurst": ["vurst:1", "vurst:2"]}})
    d.do({"event": "wound_minion", "minion": "vurst", "card": "vurst:1"})
    line = html.unescape(d.minions.value)
    assert "life unknown" not in line
    assert "Captain Vurst</b>: 1 figure, life on its boss initiative cards (wounds/life): " in line
    assert "Vurst I 1/2" in line and "Vurst II 0/2" in line and "Wounds on boss minions" in line


# -- 5: the card data says what a trick is (Search Cards; Tricks; Equip) ------------------------------------

def test_a_scroll_of_the_data_ticked_as_a_trick_is_refused_not_slipped_past_the_pack_limit() -> None:
    t = tracker()
    t.do(start(mice=["maginos", "collin"]))
    for card in ("Staff", "Chain Mail", "Fork"):
        t.do({"event": "gain", "mouse": "maginos", "card": card})
    with pytest.raises(RuleError) as err:
        t.do({"event": "gain", "mouse": "maginos", "card": "Levitate Scroll", "trick": True})
    words = err.value.render()
    assert "'Levitate Scroll' is a scroll in the card data, not a trick: it takes room in the pack" in words
    assert "mice-and-mystics.txt, Tricks" in words and "untick “trick”" in words
    assert [g.name for g in t.state.mouse("maginos").pack] == ["Staff", "Chain Mail", "Fork"]
    with pytest.raises(RuleError, match="is a party item in the card data, not a trick"):
        t.do({"event": "gain", "mouse": "collin", "card": "Grape", "trick": True})
    t.do({"event": "gain", "mouse": "maginos", "card": "Smoke Bomb", "trick": True})  # (not in the data)
    assert t.state.mouse("maginos").pack[-1].trick


def test_to_pack_is_off_for_a_data_card_ticked_as_a_trick(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["maginos"]
    box.card.value = "Levitate Scroll"
    box.trick.value = True
    button = box.gear_buttons["gain"]
    refused = why_not_gain(d.tracker, d.state, "maginos", "Levitate Scroll", True)
    assert refused is not None and "is a scroll in the card data, not a trick" in refused.message
    assert button.disabled and "not a trick" in button.tooltip
    box.trick.value = False
    assert not button.disabled, button.tooltip


def test_an_older_line_that_made_a_scroll_a_trick_is_kept_as_played(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    t = tracker(EventLog(path))
    t.do(start(mice=["maginos", "collin"]))
    with open(path, "a") as fh:
        fh.write(json.dumps({"event": "gain", "mouse": "maginos", "card": "Levitate Scroll",
                             "trick": True}) + "\n")
    again = tracker(EventLog(path))
    assert not again.problems
    assert again.state.mouse("maginos").pack[-1].trick
    assert any("not a trick" in m for m in again.state.messages)


def test_a_refused_trick_is_a_clear_error_on_the_command_line(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "m.jsonl"
    code, _out, err = run_cli(capsys, "mystics", "new", str(log), "--mice", "maginos,collin")
    assert code == 0, err
    code, _out, err = run_cli(capsys, "mystics", "do", str(log), json.dumps(
        {"event": "gain", "mouse": "maginos", "card": "Levitate Scroll", "trick": True}))
    assert code == 2 and "not a trick" in err and "Traceback" not in err
