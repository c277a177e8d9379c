"""A fourth audit of the Mice and Mystics tracker: a correction of the card data made during a chapter
(``companion cards correct``) rewrote the chapter's past on replay. Two mice wounded 4 while their Life
was unknown were captured once Life 3 was corrected, the hourglass moved, Collin's cheese went; nothing
said so. Now a live action records the card data values it read (``card_data``), a replay reads them
from its line, the chapter keeps them to its end, and the page and ``mystics replay`` say what changed
since and from when the new values apply (the next chapter; a life can be set now)."""

from __future__ import annotations

import html
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.errors import CompanionError, LogError
from companion.eventlog import EventLog
from companion.mystics.data import chapters
from companion.mystics.limits import MAX_LIFE, MAX_PAGE
from companion.mystics.party import HeroInfo, MinionInfo
from companion.mystics.tracker import MysticsTracker, data_changes, data_notes
from companion.views.mystics import card_data_html
from tests.test_mystics_helpers import DIE, HEROES, MINIONS, dash, start

ABILITIES = {"inspire": ("leader",), "first aid": ("any",)}
UNKNOWN = {**HEROES, **{k: replace(HEROES[k], life=None) for k in ("collin", "filch")}}
CORRECTED = {**HEROES, **{k: replace(HEROES[k], life=3) for k in ("collin", "filch")}}


def tracker(log: EventLog | None = None, **data: Any) -> MysticsTracker:
    """A tracker with the test card data (``data``: other card data, as after a correction)."""
    return MysticsTracker(log if log is not None else EventLog(None),
                          **{"die": DIE, "heroes": HEROES, "minions": MINIONS, "abilities": ABILITIES,
                             **data})


def replayed(t: MysticsTracker, **data: Any) -> MysticsTracker:
    """``t``'s log folded again by a tracker with other card data (as after ``cards correct``)."""
    log = EventLog(None)
    log.events = list(t.log.events)
    return tracker(log, **data)


def wounded(**data: Any) -> MysticsTracker:
    """The audit's chapter: Collin and Filch, Life unknown, each wounded 4."""
    t = tracker(heroes=UNKNOWN, **data)
    t.do(start(mice=["collin", "filch"], minions={"rat_warriors": 1},
               order=["collin", "rat_warriors", "filch"]))
    t.do({"event": "wound", "mouse": "filch", "count": 4})
    t.do({"event": "wound", "mouse": "collin", "count": 4})
    return t


# -- the audit's script, from the command line with the bundled data -----------------------------------

def test_the_audits_correction_leaves_the_chapters_past_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "my.jsonl")
    assert main(["mystics", "new", log, "--mice", "collin,filch", "--seed", "3"]) == 0
    assert main(["mystics", "do", log, '{"event":"wound","mouse":"filch","count":4}',
                 '{"event":"wound","mouse":"collin","count":4}']) == 0
    capsys.readouterr()
    assert main(["mystics", "replay", log, "--json"]) == 0
    before = json.loads(capsys.readouterr().out)
    started = json.loads(Path(log).read_text().splitlines()[1])
    assert started["card_data"]["heroes"]["collin"]["life"] is None  # the start recorded what it read
    for mouse in ("filch", "collin"):
        assert main(["cards", "correct", "mystics", mouse, "life=3", "--note", "my copy"]) == 0
    capsys.readouterr()
    assert main(["mystics", "replay", log, "--json"]) == 0
    after = json.loads(capsys.readouterr().out)
    for key in ("hourglass", "mice", "initiative", "defeated"):
        assert after[key] == before[key], key
    assert [m["captured"] for m in after["mice"]] == [False, False] and after["hourglass"] == 1
    assert "Collin's hero card: life unknown → 3 (the start event read it)" in after["card_data"]
    assert main(["mystics", "replay", log]) == 0
    out = capsys.readouterr().out
    assert "Hourglass page 1" in out and "CAPTURED" not in out
    assert "note: The card data changed since this chapter read it" in out
    assert "the new values apply from the next chapter" in out and '"set_stats"' in out
    assert "note: Filch's hero card: life unknown → 3" in out


def test_the_corrected_life_applies_from_the_next_chapter_and_now_only_when_set(tmp_path: Path,
                                                                               capsys: Any) -> None:
    log = str(tmp_path / "my.jsonl")
    assert main(["mystics", "new", log, "--mice", "collin,filch", "--seed", "3"]) == 0
    assert main(["mystics", "do", log, '{"event":"wound","mouse":"collin","count":4}']) == 0
    assert main(["cards", "correct", "mystics", "collin", "life=3"]) == 0
    assert main(["mystics", "do", log, '{"event":"end_turn"}']) == 0  # the next action: no capture
    capsys.readouterr()
    assert main(["mystics", "replay", log, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    collin = next(m for m in doc["mice"] if m["id"] == "collin")
    assert collin["life"] is None and not collin["captured"] and collin["wounds"] == 4
    assert main(["mystics", "do", log, '{"event":"set_stats","mouse":"collin","life":3}']) == 0
    capsys.readouterr()
    assert main(["mystics", "replay", log, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert next(m for m in doc["mice"] if m["id"] == "collin")["captured"] and doc["hourglass"] == 2
    assert not any("Collin" in line for line in doc["card_data"])  # the chapter uses the new life now
    new = str(tmp_path / "next.jsonl")
    assert main(["mystics", "new", new, "--mice", "collin,filch", "--seed", "3", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert next(m for m in doc["mice"] if m["id"] == "collin")["life"] == 3  # the next chapter reads it


# -- every value the fold reads from the card data is the line's --------------------------------------

def test_a_replay_with_corrected_lives_keeps_the_wounds_and_says_what_changed() -> None:
    t = wounded()
    again = replayed(t, heroes=CORRECTED)
    assert again.state == t.state and not again.problems and not again.state.today
    assert not any(m.captured for m in again.state.mice) and again.state.board.hourglass == 1
    assert [c.words for c in data_changes(again, again.state)] == [
        "Collin's hero card: life unknown → 3 (the start event read it)",
        "Filch's hero card: life unknown → 3 (the start event read it)"]
    assert not data_changes(t, t.state)  # (nothing changed for the tracker that played it)


def test_a_mouse_the_card_data_no_longer_holds_still_replays() -> None:
    t = wounded()
    again = replayed(t, heroes={k: v for k, v in UNKNOWN.items() if k != "filch"})
    assert again.state == t.state and not again.problems
    assert "Filch's hero card: no longer in the card data" in data_changes(again, again.state)[0].words


def test_born_to_lead_and_pilfer_come_from_the_card_the_chapter_started_with() -> None:
    heroes = {**HEROES, "pip": HeroInfo("pip", "Pip", life=3, abilities=("Pilfer", "Born to Lead"))}
    t = tracker(heroes=heroes)
    t.do(start(mice=["collin", "pip"], minions={"roach": 1}, order=["collin", "roach", "pip"]))
    assert t.state.mouse("pip").cheese == 1  # Born to Lead: not in the first spot
    t.do({"event": "defeat_minion", "minion": "roach", "by": "pip"})  # (Pip defeats it: Pilfer is his)
    t.do({"event": "pilfer", "mouse": "pip"})
    plain = {**heroes, "pip": replace(heroes["pip"], abilities=())}
    again = replayed(t, heroes=plain)
    assert again.state == t.state and not again.problems and again.state.mouse("pip").cheese == 2


def test_a_minion_types_life_is_the_one_the_chapter_read_even_for_figures_placed_later() -> None:
    minions = {**MINIONS, "spider": replace(MINIONS["spider"], life=None)}
    t = tracker(minions=minions)
    t.do(start(minions={"spider": 1}, order=["collin", "filch", "tilda", "maginos", "spider"]))
    t.do({"event": "wound_minion", "minion": "spider", "count": 3})
    fixed = {**MINIONS, "spider": replace(MINIONS["spider"], life=2)}
    again = replayed(t, minions=fixed)
    assert again.state == t.state and len(again.state.minions[0].figures) == 1  # not defeated after the fact
    again.do({"event": "add_minions", "minions": {"spider": 1}})  # a type in play keeps what it read
    assert again.state.minions[0].life is None and len(again.state.minions[0].figures) == 2
    assert "the Spider minion card: life unknown → 2" in data_changes(again, again.state)[0].words
    again.do({"event": "add_minions", "minions": {"roach": 1}})  # a type no line read yet: as it is now
    assert "card_data" in again.history[-1] and "spider" not in again.history[-1]["card_data"]["minions"]
    notes = data_notes(again, again.state)
    assert notes[0].startswith("The card data changed") and "set it:" in notes[0]


def test_a_chapters_defeat_is_the_one_its_start_read() -> None:
    one = next(c for c in chapters() if c.number == 1)
    assert one.all_captured_defeat
    t = tracker(chapters={1: one})
    t.do(start(mice=["collin", "filch", "tilda"], chapter=1))
    for mouse in ("collin", "filch", "tilda"):
        t.do({"event": "capture", "mouse": mouse})
    assert t.state.board.defeated
    other = replace(one, defeat="The hourglass reaches the chapter end marker.")
    again = replayed(t, chapters={1: other})
    assert again.state == t.state and again.state.board.defeated and not again.problems
    assert data_changes(again, again.state)[0].words.startswith("chapter 1: defeat ")


def test_a_search_cards_kind_and_an_ability_cards_classes_are_the_lines() -> None:
    from companion.mystics.data import SearchCard

    grape = SearchCard("grape", "Grape", "trick", "test")
    t = tracker(search_cards=[grape], abilities={"first aid": ("any",)})
    t.do(start(mice=["collin", "filch"]))
    for card in ("Grape", "A", "B", "C"):
        t.do({"event": "gain", "mouse": "collin", "card": card})
    t.do({"event": "mouse_cheese", "mouse": "filch", "count": 6})
    t.do({"event": "level_up", "mouse": "filch", "ability": "First Aid"})
    assert t.history[-1]["card_data"] == {"ability_cards": {"First Aid": ["any"]}}
    again = replayed(t, search_cards=[replace(grape, subtype="weapon")], abilities={"first aid": ("mystic",)})
    assert again.state == t.state and not again.problems  # no fourth card in the pack, no refused level up
    words = [c.words for c in data_changes(again, again.state)]
    assert any(w.startswith("search card 'Grape': subtype trick → weapon") for w in words)
    assert any(w.startswith("ability card 'First Aid': classes any → mystic") for w in words)


def test_a_room_tiles_special_surge_is_the_one_the_start_read() -> None:
    from companion.mystics.data import Chapter, TileRule

    ch = Chapter("c9", 9, "Test", "", "", "", 6, "test",
                 special_surges=(TileRule(3, "The Crow", "1 roach"),))
    t = tracker(chapters={9: ch})
    t.do(start(chapter=9, minions={"rat_warriors": 1}))
    t.do({"event": "encounter", "card": "E1", "minions": {}, "surge": {"spider": 1}})
    t.do({"event": "room", "name": "Hall", "tile": 3})
    t.do({"event": "minion_cheese", "count": 6})  # the room's surge, not the encounter card's
    again = replayed(t, chapters={9: replace(ch, special_surges=())})
    assert again.state == t.state and again.state.board.encounter is not None


# -- a log written before the values were recorded reads today's data, and says so -----------------------

def test_an_older_log_reads_todays_data_and_says_which(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.jsonl"
    lines = [{"event": "log", "tracker": "mystics"}, start(mice=["collin", "filch"]),
             {"event": "wound", "mouse": "collin", "count": 1}]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    t = tracker(EventLog(path))
    assert t.state.today == ("Collin's hero card", "Filch's hero card") and not t.problems
    notes = data_notes(t, t.state)
    assert notes == ["Read from today's card data, since the lines that needed them were logged before "
                     "the tracker recorded the values they were played with: Collin's hero card, Filch's "
                     "hero card"]
    assert main(["mystics", "replay", str(path)]) == 0  # (the bundled data, this time)
    assert "note: Read from today's card data" in capsys.readouterr().out


# -- the page says what the command line says --------------------------------------------------------------

def test_the_page_and_replay_agree_on_the_board_and_the_card_data(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    d = dash(path, heroes=UNKNOWN)
    d.mice_pick.value = ("collin", "filch")
    d.seed.value = "3"
    d.start_btn.click()
    d.do({"event": "wound", "mouse": "collin", "count": 4})
    assert d.card_data.value == ""
    page = dash(path, heroes=CORRECTED)  # reopened after the correction
    text = html.unescape(page.card_data.value)
    assert "Collin's hero card: life unknown → 3 (the start event read it)" in text
    assert "the new values apply from the next chapter" in text and "Set life" in text
    assert not page.state.mouse("collin").captured and page.state.board.hourglass == 1
    cli = MysticsTracker(EventLog(path, read_only=True), die=DIE, heroes=CORRECTED, minions=MINIONS)
    assert cli.state == page.state
    cli_lines = data_notes(cli, cli.state)
    assert len(cli_lines) == 3 and all(f"<li>{html.escape(x)}</li>" in page.card_data.value
                                       for x in cli_lines[1:])  # (the first says how to set a life its way)
    assert card_data_html(page.tracker, page.state) == page.card_data.value


# -- card data typed into an event is checked ----------------------------------------------------------------

def logged(path: Path, *events: dict[str, Any]) -> MysticsTracker:
    """A tracker reading ``events`` as lines of the log ``path`` (hand-edited: never done as live actions)."""
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return tracker(EventLog(path))


def test_card_data_typed_into_a_live_action_is_refused_and_nothing_is_written() -> None:
    t = tracker()
    typed = {"heroes": {"collin": {"id": "collin", "name": "Collin", "life": 7}}}
    with pytest.raises(LogError, match="card_data is logged by a live action, not typed in"):
        t.do(start(mice=["collin"], card_data=typed))
    assert not t.state.started and not t.history


@pytest.mark.parametrize(("bad", "said"), [
    ({"heros": {}}, "bad card_data"), ({"heroes": ["collin"]}, "bad card_data"),
    ({"heroes": {"collin": {"life": "3"}}}, "bad life '3'"), ({"heroes": {"collin": 3}}, "must be an object"),
    ({"minions": {"rat_warriors": {"cards": [{"life": "x"}]}}}, "bad life 'x'"),
    ({"heroes": {"collin": {"life": 21}}}, "collin': life 21 is out of range (expected 1 to 20"),
    ({"heroes": {"collin": {"life": 0}}}, "life 0 is out of range"),
    ({"heroes": {"collin": {"lore": -1}}}, "lore -1 is out of range (expected 0 to 50"),
    ({"minions": {"rat_warriors": {"life": 10**20}}}, "life 100000000000... (a number of 21 digits) is out"),
    ({"minions": {"rat_warriors": {"cards": [{"life": -5}]}}}, "cards[0].life -5 is out of range"),
    ({"chapters": {"1": {"chapter_end": 10**6}}}, "chapter_end 1000000 is out of range (expected 2 to 30"),
])
def test_a_logged_line_of_card_data_of_the_wrong_shape_or_out_of_range_is_a_log_problem(
        tmp_path: Path, bad: dict[str, Any], said: str) -> None:
    t = logged(tmp_path / "m.jsonl", start(mice=["collin"], minions={"rat_warriors": 1}, chapter=1,
                                           card_data=bad))
    assert not t.state.started and len(t.problems) == 1 and said in str(t.problems[0])


def test_a_logged_line_of_card_data_in_range_is_read_as_it_was(tmp_path: Path) -> None:
    typed = {"heroes": {"collin": {"id": "collin", "name": "Collin", "life": 7}}}
    t = logged(tmp_path / "m.jsonl", start(mice=["collin"], card_data=typed))
    assert t.state.mouse("collin").life == 7 and not t.problems  # (the card data it was played with)


def test_mystics_events_lists_card_data_as_logged_by_a_live_action(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mystics", "events", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert "card_data" in doc["start"]["optional"] and "logged by a live action" in doc["start"]["notes"][
        "card_data"]
    assert "card_data" not in doc["wound"]["optional"]


MUTATIONS = st.fixed_dictionaries({
    "life": st.sampled_from([None, 1, 2, 5]), "aggressive": st.booleans(),
    "classes": st.sampled_from([(), ("mystic",), ("scamp",)])})


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([
    {"event": "wound", "mouse": "collin", "count": 2}, {"event": "wound", "mouse": "filch"},
    {"event": "end_turn"}, {"event": "minion_cheese", "count": 3},
    {"event": "encounter", "card": "E1", "minions": {"spider": 1}, "surge": {"roach": 2}},
    {"event": "add_minions", "minions": {"rat_warriors": 1}},
    {"event": "defeat_minion", "minion": "rat_warriors"},
    {"event": "wound_minion", "minion": "spider", "count": 1}, {"event": "pilfer", "mouse": "filch"},
    {"event": "undo"}, {"event": "redo"}]), max_size=12), MUTATIONS)
def test_a_game_replays_exactly_after_any_correction_of_heroes_and_minions(events: list[dict],
                                                                           change: dict) -> None:
    t = tracker(heroes=UNKNOWN)
    t.do(start(mice=["collin", "filch"], minions={"rat_warriors": 1}))
    for ev in events:
        try:
            t.act(ev)
        except CompanionError:
            continue
    heroes = {k: replace(v, life=change["life"], classes=change["classes"]) for k, v in HEROES.items()}
    minions = {k: replace(v, life=change["life"], aggressive=change["aggressive"])
               for k, v in MINIONS.items()}
    again = replayed(t, heroes=heroes, minions=minions)
    assert again.state == t.state and not again.problems


def test_minion_info_of_a_type_typed_in_keeps_the_values_the_chapter_read() -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}))
    t.do({"event": "add_minions", "minions": {"rat_warriors": {"count": 1, "life": 4}}})
    nine = MinionInfo("rat_warriors", "Rat Warriors", life=9)
    again = replayed(t, minions={**MINIONS, "rat_warriors": nine})
    assert again.state == t.state and again.state.minions[0].aggressive


LEAVES = (st.none() | st.booleans() | st.integers(-3, 9) | st.sampled_from([21, 10**20, -10**20])
          | st.sampled_from(["", "x", "scamp", "trick"]))
FIELDS = st.sampled_from(["id", "name", "life", "classes", "cards", "boss", "aggressive", "requirements",
                          "subtype", "special_surges", "tile", "text", "none", "abilities", "number"])
JUNK = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(FIELDS, inner, max_size=4), max_leaves=10)
KEYS = st.sampled_from(["collin", "filch", "rat_warriors", "spider", "1", "Grape", "Inspire"])
KINDS = st.sampled_from(["heroes", "minions", "chapters", "search_cards", "ability_cards"])
CARD_DATA = st.dictionaries(KINDS, st.dictionaries(KEYS, JUNK, max_size=3) | JUNK, max_size=3)


@settings(max_examples=150, deadline=None)
@given(CARD_DATA, st.sampled_from([
    start(mice=["collin", "filch"], minions={"rat_warriors": 1}, chapter=1),
    {"event": "gain", "mouse": "collin", "card": "Grape"},
    {"event": "level_up", "mouse": "collin", "ability": "Inspire"},
    {"event": "add_minions", "minions": {"rat_warriors": 1, "spider": 1}}]))
def test_hostile_card_data_is_refused_live_and_a_line_of_it_never_yields_a_life_out_of_range(
        card_data: dict, event: dict) -> None:
    t = tracker()
    if event["event"] != "start":
        t.do(start(mice=["collin", "filch"]))
    if event["event"] == "level_up":
        t.do({"event": "mouse_cheese", "mouse": "collin", "count": 6})
    lines = len(t.history)
    with pytest.raises(LogError, match="card_data is logged by a live action"):
        t.do({**event, "card_data": card_data})
    assert len(t.history) == lines
    try:  # the same event as a logged line (apply: no live action's checks)
        state = t.apply(t.state, {**event, "card_data": card_data})
    except CompanionError:
        return
    lives = [m.life for m in state.mice] + [g.life for g in state.minions] + [x.life for x in state.track]
    assert all(life is None or 1 <= life <= MAX_LIFE for life in lives), lives
    chapter = t.chapter_data(state)
    assert chapter is None or chapter.chapter_end is None or 2 <= chapter.chapter_end <= MAX_PAGE


NUMBERS = st.integers(-2, 22) | st.integers(-10**25, 10**25)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["hero", "minion", "boss"]), NUMBERS, NUMBERS)
def test_a_lines_card_data_never_yields_a_life_out_of_range(who: str, life: int, card_life: int) -> None:
    t = tracker()
    if who == "hero":
        event = start(mice=["collin", "filch"], card_data={"heroes": {"collin": {
            "id": "collin", "name": "Collin", "life": life, "classes": ["leader"]}}})
    else:
        t.do(start(mice=["collin", "filch"]))
        mid = "spider" if who == "minion" else "vurst"
        cards = [{"id": f"{mid}:{k}", "name": f"{mid} {k}", "life": card_life} for k in (1, 2)]
        event = {"event": "add_minions", "minions": {mid: 1}, "card_data": {"minions": {mid: {
            "id": mid, "name": mid.title(), "life": life, "boss": who == "boss", "cards": cards}}}}
    in_range = all(1 <= n <= MAX_LIFE for n in (life, card_life))
    try:
        state = t.apply(t.state, event)  # (a logged line: a live action's card_data is refused)
    except LogError as exc:
        assert not in_range and "is out of range" in str(exc)
        return
    lives = [m.life for m in state.mice] + [g.life for g in state.minions] + [x.life for x in state.track]
    assert all(n is None or 1 <= n <= MAX_LIFE for n in lives), lives
    assert in_range or (who == "hero" and 1 <= life <= MAX_LIFE)  # (a hero has no cards)
