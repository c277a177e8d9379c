"""A third audit of the Mice and Mystics tracker (game night), one section per finding: Pilfer is tied
to a figure defeated; party items take no room in a pack; a captured Collin gets no Born to Lead cheese;
a rescue comes on the mouse's own turn and takes it; each free action once in a mouse's turn; the
arrival message follows the track; refusals cite the rule book; the page sets a minion's life; starting
abilities; the rolls asked for name their cards; a greedy-roach button; cursed; a victory with minions
left says so. Older logs still replay: a line the rules refuse today is kept as played, with a note."""

from __future__ import annotations

import html
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.errors import RuleError
from companion.eventlog import EventLog
from companion.mystics import party as pt
from companion.mystics.party import MinionInfo
from companion.mystics.tracker import KEPT, MysticsTracker
from companion.views.mystics import MysticsDashboard
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, dash, start, started, tracker

from .helpers import logged_events

ABILITIES = {"inspire": ("leader",), "first aid": ("any",), "chain lightning": ("mystic",)}


def shown(d: MysticsDashboard) -> str:
    """The status and the sections' message panels (a refusal shows next to its control)."""
    return html.unescape(d.status.value + "".join(p.value for p in d.message_panels()))


def last_line(path: Path) -> dict[str, Any]:
    return logged_events(path)[-1]


def old_log(path: Path, *events: dict[str, Any]) -> MysticsTracker:
    """A log written line by line (as an older version wrote it), read back with the test card data."""
    path.write_text("".join(json.dumps(e) + "\n" for e in ({"event": "log", "tracker": "mystics"}, *events)))
    return tracker(EventLog(path))


def kept(t: MysticsTracker) -> list[str]:
    return [m for m in t.state.messages if m.startswith(KEPT)]


def filch_first(**extra: Any) -> dict[str, Any]:
    """Filch and Collin with a roach and rat warriors, Filch's turn first, Collin last."""
    return start(mice=["collin", "filch"], minions={"roach": 1, "rat_warriors": 2},
                 order=["filch", "roach", "rat_warriors", "collin"], **extra)


# -- 1: Pilfer: 1 cheese per minion figure Filch defeats, from the wheel only for a Rat ---------------------

def test_the_audits_three_pilfers_after_one_roach_take_one_cheese_from_the_supply() -> None:
    t = tracker()
    t.do(filch_first())
    t.do({"event": "minion_cheese", "count": 3})
    t.do({"event": "defeat_minion", "minion": "roach"})
    t.do({"event": "pilfer", "mouse": "filch"})
    assert t.state.mouse("filch").cheese == 1 and t.state.board.wheel == 3  # a Roach: from the supply
    assert "from the supply" in t.state.messages[-1] and "Filch: Pilfer" in t.state.messages[-1]
    for _ in range(2):
        with pytest.raises(RuleError, match="no minion figure defeated this turn is left") as caught:
            t.do({"event": "pilfer", "mouse": "filch"})
        assert "mice-and-mystics.txt, Mouse Hero Cards, Filch: Pilfer" in caught.value.render()
    assert t.state.mouse("filch").cheese == 1 and t.state.board.wheel == 3


def test_a_rat_pilfered_takes_the_wheels_cheese_and_an_empty_wheel_the_supplys() -> None:
    t = tracker()
    t.do(filch_first())
    t.do({"event": "defeat_minion", "minion": "rat_warriors"})
    t.do({"event": "pilfer", "mouse": "filch"})  # the wheel is empty: the cheese still comes
    assert t.state.mouse("filch").cheese == 1 and t.state.board.wheel == 0
    assert t.history[-1] == {"event": "pilfer", "mouse": "filch", "from": "supply"}
    t.do({"event": "minion_cheese", "count": 2})
    t.do({"event": "wound_minion", "minion": "rat_warriors", "figure": 0})  # life 1: defeated
    t.do({"event": "pilfer", "mouse": "filch"})
    assert t.state.mouse("filch").cheese == 2 and t.state.board.wheel == 1
    assert t.history[-1]["from"] == "wheel"
    assert "a Rat: 1 cheese from the minion wheel" in t.state.messages[-1]


def test_pilfer_refuses_the_wheel_for_no_rat_and_lasts_only_the_turn() -> None:
    t = tracker()
    t.do(filch_first())
    t.do({"event": "minion_cheese", "count": 2})
    t.do({"event": "defeat_minion", "minion": "roach"})
    with pytest.raises(RuleError, match="Roach is no Rat"):
        t.do({"event": "pilfer", "mouse": "filch", "from": "wheel"})
    t.do({"event": "end_turn"})
    with pytest.raises(RuleError, match="no minion figure defeated this turn"):
        t.do({"event": "pilfer", "mouse": "filch"})


def test_a_boss_on_a_rat_figure_is_no_rat_and_the_bundled_rats_are() -> None:
    assert pt.is_rat("rat_warriors", "Rat Warriors") and pt.is_rat("elite-rat-warriors", "Elite Rat Warriors")
    assert not pt.is_rat("captain-vurst", "Captain Vurst", boss=True, counterpart="rat-warriors")
    roster = MysticsTracker(None).minion_roster()
    assert {k for k, m in roster.items() if m.rat} == {"rat-warriors", "elite-rat-warriors"}


def test_an_older_logs_pilfers_are_kept_as_played_with_a_note(tmp_path: Path) -> None:
    t = old_log(tmp_path / "m.jsonl", filch_first(), {"event": "minion_cheese", "count": 3},
                {"event": "defeat_minion", "minion": "roach"}, *[{"event": "pilfer", "mouse": "filch"}] * 3)
    assert not t.problems and t.state.mouse("filch").cheese == 3 and t.state.board.wheel == 0
    notes = kept(t)
    assert len(notes) == 3 and "Roach is no Rat" in notes[0] and "no minion figure defeated" in notes[1]


def test_the_pages_pilfer_follows_a_figure_defeated(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = dash(path)
    d.do(filch_first())
    filch = d._mouse_boxes["filch"]
    d.add1.click()
    assert filch.pilfer.disabled and "no minion figure defeated this turn" in filch.pilfer.tooltip
    assert "“Remove figure”" in filch.pilfer.tooltip and "defeat_minion" not in filch.pilfer.tooltip
    d.minion_pick.value = "roach"
    d.defeat_minion.click()
    assert not filch.pilfer.disabled
    filch.pilfer.click()
    assert last_line(path) == {"event": "pilfer", "mouse": "filch", "from": "supply"}
    assert filch.pilfer.disabled and d.state.board.wheel == 1


# -- 2: party items take no room in any pack (Party items; Party Items) -------------------------------------

def test_party_items_do_not_fill_a_pack() -> None:
    t = tracker()
    t.do(start())
    for card in ("Grape", "Dinner Fork", "Disguises", "Levitate Scroll"):
        t.do({"event": "gain", "mouse": "maginos", "card": card})
    m = t.state.mouse("maginos")
    assert m.pack_load == 1 and len(m.pack) == 4
    assert [m for m in t.state.messages if "a party item" in m and "Party Items" in m][:1]
    for card in ("Rope", "Apple"):  # two more cards: the pack holds 3 non-trick cards, party items aside
        t.do({"event": "gain", "mouse": "maginos", "card": card})
    with pytest.raises(RuleError, match="pack would hold 4 non-trick cards"):
        t.do({"event": "gain", "mouse": "maginos", "card": "Lantern"})


def test_a_party_item_shared_into_a_full_pack_needs_no_discard() -> None:
    t = tracker()
    t.do(start())
    for card in ("Rope", "Apple", "Lantern"):
        t.do({"event": "gain", "mouse": "collin", "card": card})
    t.do({"event": "gain", "mouse": "tilda", "card": "Grape"})
    t.do({"event": "set_turn", "card": "tilda"})  # (her share: in her turn)
    t.do({"event": "share", "from": "tilda", "to": "collin", "card": "Grape"})
    collin = t.state.mouse("collin")
    assert collin.pack_load == 3 and "Grape" in [g.name for g in collin.pack]


# -- 3: a captured Collin gets no Born to Lead cheese ------------------------------------------------------

def test_a_captured_collin_gets_no_born_to_lead_cheese() -> None:
    t = tracker()
    t.do(start(mice=["filch", "collin"], order=["filch", "collin"]))
    t.do({"event": "capture", "mouse": "collin"})
    t.do({"event": "add_minions", "minions": {"roach": 1}})
    assert t.state.mouse("collin").cheese == 0
    said = [m for m in t.state.messages if m.startswith("Born to Lead")]
    assert said and "captured" in said[-1] and "no cheese" in said[-1] and "Captured Mouse" in said[-1]
    assert t.history[-1]["no_lead_cheese"] == ["collin"]  # (so a replay tells it from an older line)


def test_an_older_lines_born_to_lead_cheese_for_a_captured_collin_is_kept(tmp_path: Path) -> None:
    t = old_log(tmp_path / "m.jsonl", start(mice=["filch", "collin"], order=["filch", "collin"]),
                {"event": "capture", "mouse": "collin"}, {"event": "add_minions", "minions": {"roach": 1}},
                {"event": "defeat_minion", "minion": "roach"},
                {"event": "rescue", "mouse": "collin", "force": True},
                {"event": "greedy_steal", "mouse": "collin"})  # (it spends the cheese Born to Lead gave)
    assert not t.problems and t.state.board.wheel == 1
    assert any("Born to Lead gave captured Collin 1 cheese" in m for m in kept(t))


# -- 4: a rescue comes on the mouse's own turn, and takes that whole turn ----------------------------------

def test_a_rescue_on_another_cards_turn_is_refused_and_on_its_own_turn_ends_it() -> None:
    t = tracker()
    t.do(filch_first())
    t.do({"event": "capture", "mouse": "collin"})
    t.do({"event": "defeat_minion", "minion": "roach"})
    t.do({"event": "defeat_minion", "minion": "rat_warriors", "count": 2})
    with pytest.raises(RuleError, match="rescued on its own turn") as caught:
        t.do({"event": "rescue", "mouse": "collin"})  # Filch's turn
    assert "Rescuing a Mouse" in caught.value.render() and t.state.mouse("collin").captured
    t.do({"event": "set_turn", "card": "collin"})
    t.do({"event": "rescue", "mouse": "collin"})
    s = t.state
    assert not s.mouse("collin").captured and s.current.id == "filch" and s.round == 2
    assert any("takes Collin's whole turn" in m for m in s.messages)
    assert t.history[-1]["ends_turn"] is True


def test_an_older_rescue_on_another_turn_is_kept_and_leaves_the_turn(tmp_path: Path) -> None:
    t = old_log(tmp_path / "m.jsonl", filch_first(), {"event": "capture", "mouse": "collin"},
                {"event": "defeat_minion", "minion": "roach"},
                {"event": "defeat_minion", "minion": "rat_warriors", "count": 2},
                {"event": "rescue", "mouse": "collin"}, {"event": "end_turn"})
    assert not t.problems and not t.state.mouse("collin").captured
    assert t.state.current.id == "collin"  # the old rescue did not end Filch's turn: end_turn did
    assert any("rescued on its own turn" in m for m in kept(t))


def test_the_pages_rescue_is_on_only_on_the_mouses_turn(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    d.do(filch_first())
    box = d._mouse_boxes["collin"]
    box.capture.click()
    d.do({"event": "defeat_minion", "minion": "roach"})
    d.do({"event": "defeat_minion", "minion": "rat_warriors", "count": 2})
    assert box.rescue.disabled and "its own turn" in box.rescue.tooltip
    assert "Filch's turn" in box.rescue.tooltip
    d.do({"event": "set_turn", "card": "collin"})
    assert not box.rescue.disabled
    box.rescue.click()
    assert not d.state.mouse("collin").captured and d.state.current.id == "filch"


# -- 5: each free action once during a mouse's turn ---------------------------------------------------------

def collins_turn(t: MysticsTracker) -> None:
    t.do(start(mice=["collin", "filch", "tilda"], order=["collin", "filch", "tilda"]))
    t.do({"event": "mouse_cheese", "mouse": "collin", "count": 12})


def test_the_audits_second_share_of_cheese_in_one_turn_is_refused() -> None:
    t = tracker()
    collins_turn(t)
    t.do({"event": "share", "from": "collin", "to": "filch", "cheese": 2})
    with pytest.raises(RuleError, match="Collin gave Filch cheese already in this share") as caught:
        t.do({"event": "share", "from": "collin", "to": "filch", "cheese": 1})
    assert "Free Mouse Actions" in caught.value.render()
    t.do({"event": "share", "from": "filch", "to": "collin", "card": "Dagger"})  # the exchange's way back
    t.do({"event": "note", "text": "Collin moves"})
    with pytest.raises(RuleError, match="Collin has taken the share free action already this turn"):
        t.do({"event": "share", "from": "collin", "to": "tilda", "cheese": 1})
    # neither Filch's turn nor Tilda's: no share of theirs (Free Mouse Actions: at any time during its turn)
    with pytest.raises(RuleError, match="it is Collin's turn, neither Filch's nor Tilda's"):
        t.do({"event": "share", "from": "filch", "to": "tilda", "cheese": 1})
    t.do({"event": "end_turn"})  # Filch's turn: his own share
    t.do({"event": "share", "from": "collin", "to": "filch", "cheese": 1})
    assert t.state.mouse("filch").cheese == 3 and t.state.mouse("tilda").cheese == 0


def test_a_share_is_one_exchange_any_other_action_ends_it() -> None:
    t = tracker()
    collins_turn(t)
    t.do({"event": "mouse_cheese", "mouse": "filch", "count": 2})
    t.do({"event": "share", "from": "collin", "to": "filch", "cheese": 2})
    t.do({"event": "share", "from": "filch", "to": "collin", "cheese": 1})  # each way once: one exchange
    t.do({"event": "gain", "mouse": "tilda", "card": "Rope"})  # another mouse's action, logged between
    with pytest.raises(RuleError, match="share free action already this turn"):
        t.do({"event": "share", "from": "filch", "to": "collin", "card": "Dagger"})


def test_level_up_and_equip_once_in_a_turn() -> None:
    t = tracker()
    collins_turn(t)
    t.do({"event": "level_up", "mouse": "collin", "ability": "Inspire"})
    with pytest.raises(RuleError, match="level up free action already this turn"):
        t.do({"event": "level_up", "mouse": "collin", "ability": "First Aid"})
    for card in ("Ring", "Knife"):
        t.do({"event": "gain", "mouse": "collin", "card": card})
    t.do({"event": "equip", "mouse": "collin", "card": "Ring", "slot": "accessory"})
    t.do({"event": "equip", "mouse": "collin", "card": "Knife", "slot": "paw"})  # the same equip, in a row
    t.do({"event": "mouse_cheese", "mouse": "collin", "count": 1})
    with pytest.raises(RuleError, match="equip free action already this turn"):
        t.do({"event": "unequip", "mouse": "collin", "card": "Knife"})
    t.do({"event": "end_turn"})
    t.do({"event": "set_turn", "card": "collin"})  # a new turn of Collin's: both again
    t.do({"event": "unequip", "mouse": "collin", "card": "Knife"})
    t.do({"event": "level_up", "mouse": "collin", "ability": "First Aid"})


def test_an_older_logs_second_level_up_is_kept(tmp_path: Path) -> None:
    t = old_log(tmp_path / "m.jsonl", start(mice=["collin", "filch"], order=["collin", "filch"]),
                {"event": "mouse_cheese", "mouse": "collin", "count": 12},
                {"event": "level_up", "mouse": "collin", "ability": "Inspire"},
                {"event": "level_up", "mouse": "collin", "ability": "First Aid"})
    assert not t.problems and t.state.mouse("collin").abilities == ("Inspire", "First Aid")
    assert any("level up free action already this turn" in m for m in kept(t))


def test_the_pages_free_actions_are_off_once_taken(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl", abilities=ABILITIES)
    d.do(start(mice=["collin", "filch"], order=["collin", "filch"]))
    d.do({"event": "mouse_cheese", "mouse": "collin", "count": 14})
    box = d._mouse_boxes["collin"]
    box.ability.value = "Inspire"
    box.level.click()
    box.ability.value = "First Aid"
    assert box.level.disabled and "level up free action already this turn" in box.level.tooltip
    box.share_to.value, box.share_cheese.value = "filch", 2
    box.share.click()
    box.share_cheese.value = 1
    assert box.share.disabled and "cheese already in this share" in box.share.tooltip
    assert d.state.mouse("filch").cheese == 2


# -- 6: the arrival message follows the track's order -------------------------------------------------------

def test_new_cards_are_named_in_the_tracks_order() -> None:
    t = tracker()
    t.do(start(mice=["filch"], minions={"rat_warriors": 1}, order=["rat_warriors", "filch"]))
    t.do({"event": "add_minions", "minions": {"roach": 1, "spider": 1, "centipede": 1},
          "order": ["centipede", "spider", "roach"]})
    assert [c.name for c in t.state.track][-3:] == ["Cave Centipede", "Spider", "Roach"]
    assert "at the bottom: Cave Centipede, Spider, Roach (" in t.state.messages[-1]


def test_a_bosss_cards_are_named_in_the_tracks_order_before_the_first_ambushes() -> None:
    t = tracker()
    t.do(start(mice=["filch"], minions={"rat_warriors": 1}, order=["rat_warriors", "filch"]))
    t.do({"event": "add_minions", "minions": {"vurst": 1}, "boss_cards": {"vurst": ["vurst:3", "vurst:2"]},
          "order": ["vurst:2", "vurst:3"], "rolls": [1]})
    said = [m for m in t.state.messages if "at the bottom" in m or "ambushes" in m]
    assert said[-2].startswith("New initiative cards at the bottom: Vurst II, Vurst III (")
    assert said[-1].startswith("Vurst II ambushes")


# -- 7: every refusal cites its rule-book file and section --------------------------------------------------

@pytest.mark.parametrize("events,section", [
    ([{"event": "level_up", "mouse": "collin", "ability": "Inspire"}], "Level Up"),
    ([{"event": "gain", "mouse": "collin", "card": c} for c in ("A", "B", "C", "D")], "Equip"),
    ([{"event": "equip", "mouse": "collin", "card": "Mail", "slot": "armor"}], "Equip"),
    ([{"event": "equip", "mouse": "collin", "card": "Dagger", "slot": "tail"}],
     "Mouse Hero Cards, Filch: Prehensile Tail"),
    ([{"event": "heal", "mouse": "collin", "count": 1}], "Mouse Hero Cards"),
    ([{"event": "condition", "mouse": "collin", "condition": "sleepy"}], "Negative Effects"),
])
def test_refusals_cite_the_rule_book(events: list[dict[str, Any]], section: str) -> None:
    t = tracker()
    t.do(start())
    with pytest.raises(RuleError) as caught:
        for event in events:
            t.do(event)
    assert f"mice-and-mystics.txt, {section}" in caught.value.render(), caught.value.render()


# -- 8: the page sets a minion type's life (and asks for it when unknown) -----------------------------------

def test_the_page_sets_a_minions_unknown_life_and_a_wound_then_defeats(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = dash(path, minions={**MINIONS, "ghost": MinionInfo("ghost", "Ghost")})
    d.do(start(mice=["collin", "filch"], minions={"ghost": 2}))
    d.minion_pick.value = "ghost"
    assert "life is unknown" in d.minion_life_hint.value and d.minion_life.value == ""
    assert d.set_minion_life.disabled
    d.minion_life.value = "2"
    d.set_minion_life.click()
    assert last_line(path) == {"event": "set_stats", "minion": "ghost", "life": 2}
    assert d.minion_life_hint.value == "" and d.set_minion_life.disabled  # (2 already)
    d.wound_minion.click()
    d.wound_minion.click()
    assert len(d.state.minions[0].figures) == 1, shown(d)


def test_a_mouse_of_unknown_life_is_asked_for_it(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl", heroes={**HEROES, "filch": replace(HEROES["filch"], life=None)})
    d.do(start(mice=["collin", "filch"]))
    assert "Life unknown in the card data for Filch:" in d.party_note.value  # (once, above the party)


# -- 9: a starting ability card per mouse (Game setup, step 3) ---------------------------------------------

def test_the_page_chooses_a_starting_ability_per_mouse(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = dash(path, abilities=ABILITIES)
    d.mice_pick.value = ("collin", "maginos")
    collin = d._ability_pickers["collin"]
    assert [v for _n, v in collin.options] == ["", "inspire", "first aid"]  # his classes' cards, and any
    assert "chain lightning" in [v for _n, v in d._ability_pickers["maginos"].options]
    collin.value = "inspire"
    d.seed.value = "3"
    d.start_btn.click()
    assert d.state.mouse("collin").abilities == ("inspire",) and d.state.mouse("maginos").abilities == ()
    assert json.loads(path.read_text().splitlines()[1])["abilities"] == {"collin": "inspire"}


def test_mystics_new_takes_an_ability_per_mouse(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    assert main(["mystics", "new", str(path), "--mice", "collin,filch", "--ability", "Collin=Inspire",
                 "--ability", "filch=Knife Strike", "--json"]) == 0
    mice = {m["id"]: m["abilities"] for m in json.loads(capsys.readouterr().out)["mice"]}
    assert mice == {"collin": ["Inspire"], "filch": ["Knife Strike"]}
    other = tmp_path / "n.jsonl"
    assert main(["mystics", "new", str(other), "--mice", "collin,filch", "--ability", "filch=Inspire"]) == 2
    assert "needs class leader" in capsys.readouterr().err and not other.exists()
    assert main(["mystics", "new", str(other), "--mice", "collin,filch", "--ability", "collin=inspre"]) == 2
    err = capsys.readouterr().err  # a typo is no ability card: named with the closest, nothing written
    assert ("--ability: unknown Mice and Mystics ability card 'inspre' (mice-and-mystics.txt, Game setup). "
            "Did you mean 'Inspire'?") in err and not other.exists()
    other.write_text('{"event": "log", "tracker": "mystics"}\n{"event": "start", "chapter_end": 6, "mice": '
                     '["collin"], "minions": {}, "seed": 1, "abilities": {"collin": "inspre"}}\n')
    assert main(["mystics", "replay", str(other)]) == 0  # a start already logged is kept as played
    assert "unknown Mice and Mystics ability card 'inspre'" in capsys.readouterr().out


# -- 10: the rolls asked for name their cards; greedy roaches; cursed; victory with minions left ------------

def test_the_rolls_asked_for_name_the_cards_in_the_shuffled_order(tmp_path: Path) -> None:
    no_numbers = tuple(replace(f, movement=None) for f in DIE)
    d = dash(tmp_path / "m.jsonl", die=no_numbers)
    d.do(start(mice=["filch"], minions={"rat_warriors": 1}, order=["rat_warriors", "filch"]))
    d.add_type.value, d.add_ambush.value = "spider", True
    d.add_btn.click()
    assert "2 rolls, for Rat Warriors then Spider (top first" in shown(d), shown(d)
    t = tracker()
    t.do(start(mice=["filch"], minions={"rat_warriors": 1}, order=["rat_warriors", "filch"]))
    with pytest.raises(RuleError, match="for Rat Warriors then Cave Centipede then Roach"):
        t.do({"event": "add_minions", "minions": {"roach": 1, "centipede": 1}, "ambush": True,
              "order": ["centipede", "roach"], "rolls": [1]})


def test_the_page_has_a_greedy_roach_button(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = started(path)
    filch = d._mouse_boxes["filch"]
    d.do({"event": "mouse_cheese", "mouse": "filch", "count": 1})
    assert filch.greedy.disabled and "no roaches on the board" in filch.greedy.tooltip
    d.do({"event": "add_minions", "minions": {"roach": 1}})
    assert not filch.greedy.disabled
    filch.greedy.click()
    assert last_line(path)["event"] == "greedy_steal" and d.state.board.wheel == 1
    assert d.state.mouse("filch").cheese == 0 and filch.greedy.disabled


def test_cursed_is_a_marker_as_tildas_card_names_it(tmp_path: Path) -> None:
    t = tracker()
    t.do(start())
    t.do({"event": "condition", "mouse": "filch", "condition": "cursed"})
    assert "cursed" in t.state.mouse("filch").conditions
    t.do({"event": "capture", "mouse": "filch"})  # a negative marker: removed with the capture
    assert t.state.mouse("filch").conditions == ()
    d = started(tmp_path / "m.jsonl")
    d._mouse_boxes["collin"].conditions["cursed"].value = True
    assert "cursed" in d.state.mouse("collin").conditions


def test_a_victory_with_minions_left_says_so_when_the_chapter_clears_them(tmp_path: Path) -> None:
    t = tracker()
    t.do(start(chapter=1, minions={"rat_warriors": 2}))
    t.do({"event": "victory"})
    assert t.state.board.victory
    assert "2 Rat Warriors are still on the board" in t.state.messages[-1]
    assert "Clear the courtyard tile of minions" in t.state.messages[-1]
    d = started(tmp_path / "m.jsonl")
    assert "still on the board" in d.victory_note.value
    d.do({"event": "defeat_minion", "minion": "rat_warriors", "count": 2})
    assert d.victory_note.value == ""
    d.victory_btn.click()
    assert not any("still on the board" in m for m in d.state.messages)
