"""Huge numbers: refused where they enter the tracker and the CLI, cut short where an older log shows them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.cli.mystics import render_state
from companion.errors import CompanionError, LogError, RuleError
from companion.eventlog import seed_from_text
from companion.mystics import limits as lim
from companion.mystics.tracker import MysticsState
from companion.views.mystics import chapter_html, mouse_html, parse_counts, track_html
from tests.test_mystics_helpers import start, tracker

HUGE = 100_000_000_000
#: A number of 4,001 digits: JSON reads it, but a careless str()/int() round trip would not.
LONG = 10**4000


def started(**extra: Any) -> Any:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2, "spider": 1}, **extra))
    return t


# -- the fold refuses them, naming the field, the value and the range ----------------------------

@pytest.mark.parametrize("event,field,allowed", [
    ({"event": "chapter_end", "move": HUGE}, "move", "-30 to 30"),
    ({"event": "chapter_end", "page": HUGE}, "page", "1 to 30"),
    ({"event": "hourglass", "move": HUGE}, "move", "-30 to 30"),
    ({"event": "hourglass", "move": -HUGE}, "move", "-30 to 30"),
    ({"event": "achievement", "name": "Ally", "move_end": HUGE}, "move_end", "-30 to 30"),
    ({"event": "minion_cheese", "count": HUGE}, "count", "-50 to 50"),
    ({"event": "mouse_cheese", "mouse": "filch", "count": HUGE}, "count", "-50 to 50"),
    ({"event": "wound", "mouse": "filch", "count": HUGE}, "count", "0 to 50"),
    ({"event": "heal", "mouse": "filch", "count": HUGE}, "count", "0 to 50"),
    ({"event": "wound_minion", "minion": "spider", "count": HUGE}, "count", "0 to 50"),
    ({"event": "share", "from": "filch", "to": "collin", "cheese": HUGE}, "cheese", "0 to 50"),
    ({"event": "equip", "mouse": "filch", "card": "Bow", "slot": "paw", "paws": HUGE}, "paws", "1 to 2"),
    ({"event": "set_stats", "mouse": "filch", "life": HUGE}, "life", "1 to 20"),
    ({"event": "set_stats", "minion": "spider", "life": HUGE}, "life", "1 to 20"),
])
def test_huge_event_numbers_are_refused_naming_field_value_and_range(event: dict, field: str,
                                                                     allowed: str) -> None:
    t = started()
    before = t.state
    with pytest.raises(LogError) as exc:
        t.do(event)
    text = exc.value.render()
    assert f"{field} {HUGE if event.get(field, 0) > 0 else -HUGE} is out of range" in text
    assert f"expected {allowed}: " in text and "mice-and-mystics.txt" in text
    assert t.state == before and len(t.history) == 1  # nothing written


@pytest.mark.parametrize("minions_event", [
    {"event": "add_minions", "minions": {"rat_warriors": 100_000_000}},
    {"event": "encounter", "card": "E1", "minions": {"roach": 100_000_000}},
    {"event": "encounter", "card": "E1", "minions": {}, "surge": {"roach": 100_000_000}},
    {"event": "room", "name": "Hall", "special_surge": {"roach": {"count": 100_000_000}}},
])
def test_huge_minion_counts_are_refused(minions_event: dict) -> None:
    t = started()
    with pytest.raises(RuleError, match=r"figures 100000000 is out of range \(expected 0 to 20: "):
        t.do(minions_event)
    assert len(t.history) == 1


def test_a_start_with_huge_numbers_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "n.jsonl"
    starts = [({"chapter_end": HUGE}, r"chapter_end 100000000000 is out of range \(expected 2 to 30:"),
              ({"minions": {"rat_warriors": 100_000_000}}, "figures 100000000 is out of range"),
              ({"chapter": HUGE}, r"chapter 100000000000 is out of range \(expected 1 to 99"),
              ({"mice": ["collin", {"id": "lily", "life": HUGE}]}, "lily's life 100000000000"),
              ({"minions": {"moth": {"count": 1, "life": HUGE}}}, "'moth' life 100000000000"),
              ({"minions": {"moth": {"count": 1, "cards": [{"life": HUGE}]}}}, "card 1 life")]
    for bad, match in starts:
        t = tracker(str(path))
        with pytest.raises(RuleError, match=match):
            t.do({**start(), **bad})
        assert not t.state.started
    assert not path.exists() or "start" not in path.read_text()


def test_figures_of_a_type_are_capped_on_the_board_and_a_surge_places_as_many_as_fit() -> None:
    t = tracker()
    t.do(start(minions={"roach": 19}))
    with pytest.raises(RuleError, match="at most 20"):
        t.do({"event": "add_minions", "minions": {"roach": 2}})
    t.do({"event": "encounter", "card": "E1", "minions": {}, "surge": {"roach": 3}})
    t.do({"event": "minion_cheese", "count": 6})  # the book: place as many as possible, ignore the rest
    assert t.state.minions_on_board == 20
    assert any("Only 1 more Roach fit" in m and "Surges" in m for m in t.state.messages)


def test_pages_past_the_chapter_track_are_refused_but_moves_back_are_not() -> None:
    t = tracker()
    t.do(start(chapter_end=29))
    t.do({"event": "chapter_end", "move": 1})
    with pytest.raises(RuleError, match="would move to page 31; the chapter track ends on page 30"):
        t.do({"event": "chapter_end", "move": 1})
    with pytest.raises(RuleError, match="page 31"):
        t.do({"event": "achievement", "name": "Cheesemaster"})  # moves the marker one page further
    t.do({"event": "chapter_end", "move": -2})
    assert t.state.board.chapter_end == 28


def test_numbers_of_thousands_of_digits_give_a_short_clean_error() -> None:
    t = started()
    for event in ({"event": "hourglass", "move": LONG}, {"event": "wound", "mouse": "filch", "count": LONG},
                  {"event": "add_minions", "minions": {"roach": LONG}}):
        with pytest.raises(CompanionError) as exc:
            t.do(event)
        assert "a number of 4001 digits" in exc.value.render() and len(exc.value.render()) < 400
    with pytest.raises(CompanionError, match="bad minion count"):
        parse_counts("rat_warriors=" + "9" * 5000)  # more digits than int() reads
    with pytest.raises(CompanionError, match="at most 100 characters"):  # (no seed is thousands of digits)
        seed_from_text("1" * 5000)
    assert seed_from_text("1" * 100) == int("1" * 100)
    assert seed_from_text("42") == 42


# -- the command line ------------------------------------------------------------------------------

@pytest.mark.parametrize("args,message", [
    (["--chapter-end", str(HUGE)], "--chapter-end 100000000000 is out of range (expected 2 to 30: "),
    (["--chapter", "1000"], "--chapter 1000 is out of range (expected 1 to 99: "),
    (["--minions", "rat-warriors=100000000"], "--minions: minion count rat-warriors=100000000 is out of"),
    (["--minions", "rat-warriors=" + "9" * 5000], "bad minion count 'rat-warriors=9999999999999999999999"),
])
def test_cli_new_refuses_huge_options_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         args: list[str], message: str) -> None:
    log = tmp_path / "n6.jsonl"
    assert main(["mystics", "new", str(log), "--mice", "collin", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "internal error" not in err and len(err) < 600
    assert not log.exists()


def test_cli_new_with_a_seed_of_thousands_of_digits(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    assert main(["mystics", "new", str(log), "--mice", "collin", "--seed", "7" * 5000]) == 2  # (at most 100)
    err = capsys.readouterr().err
    assert "internal error" not in err and "at most 100 characters" in err and not log.exists()


def test_cli_do_refuses_a_huge_move_and_writes_nothing(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "h.jsonl"
    assert main(["mystics", "new", str(log), "--mice", "collin", "--seed", "1"]) == 0
    before = log.read_bytes()
    for event in ('{"event":"chapter_end","move":100000000000}', '{"event":"hourglass","move":100000000000}',
                  '{"event":"add_minions","minions":{"rat-warriors":100000000}}'):
        capsys.readouterr()
        assert main(["mystics", "do", str(log), event]) == 2
        err = capsys.readouterr().err
        assert "is out of range" in err and "Nothing was written" in err
    assert log.read_bytes() == before


# -- an older log holding such values still shows, drawn short -------------------------------------

OLD_START = {"event": "start", "chapter_end": 100_000, "mice": ["collin", "filch"],
             "minions": {"rat_warriors": 1000}, "seed": 3}


def old_log(tmp_path: Path) -> Path:
    path = tmp_path / "old.jsonl"
    events = [OLD_START, {"event": "minion_cheese", "count": 2}]
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def test_a_logged_start_with_huge_numbers_is_kept_and_its_figures_capped(tmp_path: Path) -> None:
    t = tracker(str(old_log(tmp_path)))
    assert t.state.started and t.state.board.wheel == 2 and t.problems == []  # the chapter is not lost
    assert t.state.board.chapter_end == 100_000  # kept as logged: the screens draw it short
    assert t.state.minions_on_board == lim.MAX_FIGURES  # one entry per figure: at most the limit
    notes = [m for m in t.state.messages if m.startswith("Kept as logged")]
    assert len(notes) == 2 and "chapter_end 100000" in notes[0] and "20 placed" in notes[1]
    with pytest.raises(RuleError, match="chapter_end 100000 is out of range"):  # a new one is refused
        tracker().do(OLD_START)
    t.do({"event": "chapter_end", "page": 6})  # the way back to a real chapter track
    assert t.state.board.chapter_end == 6


def test_cli_replay_of_an_old_log_with_huge_numbers_is_short(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mystics", "replay", str(old_log(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "chapter end page 100000 (99999 left)  H" in out and "…E (100000 pages)" in out and len(out) < 6000


def huge_state(pages: int = HUGE, figures: int = 1000, life: int = 10**6) -> MysticsState:
    t = tracker()
    t.do(start(minions={"rat_warriors": 1}, mice=["collin", {"id": "lily", "life": 3}]))
    s = t.state
    groups = tuple(replace(g, figures=(1,) * figures) for g in s.minions)
    mice = tuple(replace(m, life=life, wounds=life // 2, poison=life // 4) for m in s.mice)
    return replace(s, board=replace(s.board, chapter_end=pages, hourglass=pages // 2, wheel=10**9),
                   minions=groups, mice=mice)


def test_text_render_draws_at_most_a_few_pages_and_figures() -> None:
    lines = render_state(huge_state())
    assert sum(map(len, lines)) < 3000
    track = next(x for x in lines if x.startswith("Hourglass"))
    assert track.count("·") == lim.DRAWN_PAGES and track.endswith("·…HE (100000000000 pages)")
    assert "(1000 figures)]" in "\n".join(lines)


def test_notebook_render_draws_at_most_a_few_pages_figures_and_pips() -> None:
    s = huge_state()
    page = chapter_html(s)
    assert len(page) < 20_000 and "… (100000000000 pages)" in page
    cell = "display:inline-block;vertical-align:top;min-width:46px"
    assert page.count(cell) == lim.DRAWN_PAGES + 2  # and the 2 markers' pages
    assert len(track_html(s)) < 5000 and "1000 figures" in track_html(s)
    assert len(mouse_html(s, "lily")) < 20_000


def test_notebook_dashboard_opens_an_old_log_with_huge_numbers(tmp_path: Path) -> None:
    from companion.views.mystics import MysticsDashboard
    from tests.test_mystics_helpers import DIE, HEROES, MINIONS

    d = MysticsDashboard(old_log(tmp_path), tracker_kwargs={"die": DIE, "heroes": HEROES, "minions": MINIONS})
    assert d.state.started and "… (100000 pages)" in d.hourglass.value and len(d.hourglass.value) < 20_000


@pytest.mark.parametrize(("minions", "message"), [
    ("rat_warriors", "minion count 'rat_warriors' has no number (expected name=number"),
    ("rat_warriors=", "has no number"),
    ("=3", "minion count '=3' has no name"),
    ("rat_warrior=1,rat-warriors=2", "minion type 'rat-warriors' is given twice"),
])
def test_cli_new_refuses_a_minion_without_its_count(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    minions: str, message: str) -> None:
    log = tmp_path / "m.jsonl"
    assert main(["mystics", "new", str(log), "--mice", "collin", "--minions", minions]) == 2
    err = capsys.readouterr().err
    assert message in err and "--minions" in err and "Traceback" not in err
    assert not log.exists()


def test_cli_new_says_which_minion_type_a_near_name_was_read_as(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "m.jsonl"
    assert main(["mystics", "new", str(log), "--mice", "Collin", "--minions", "rat_warrior=1,Roaches=2",
                 "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "note: --minions 'rat_warrior' was read as rat-warriors (Rat Warriors)" in out
    assert "Roaches" not in out.split("Chapter")[0] and "'Collin'" not in out  # the same words: no note
    start = json.loads(log.read_text().splitlines()[-1])
    assert start["minions"] == {"rat-warriors": 1, "roaches": 2} and start["mice"] == ["collin"]
    log2 = tmp_path / "m2.jsonl"
    assert main(["mystics", "new", str(log2), "--mice", "collin", "--minions", "roach=1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"] == ["--minions 'roach' was read as roaches (Roaches)"]


@pytest.mark.parametrize(("argv", "message"), [
    (["move", "--movement", "garbage"], "die-face movement 'garbage' has no number (expected name=number"),
    (["move", "--movement", "die-swrd=1"], "unknown die face 'die-swrd'"),
    (["check", "--dice", "100000"], "bad --dice 100000 (expected a whole number from 1 to 50"),
    (["check", "--dice", "0"], "bad --dice 0 (expected a whole number from 1 to 50"),
    (["chase", "--dice", "51"], "from 1 to 50"),
])
def test_cli_odds_say_what_they_accept(capsys: pytest.CaptureFixture[str], argv: list[str],
                                       message: str) -> None:
    assert main(["odds", "mystics", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "mystics card" not in err and "0 to 50" not in err
    assert main(["odds", "mystics", "check", "--dice", "50", "--json"]) == 0
