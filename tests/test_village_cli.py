"""``companion village battle|replay|do``: output, JSON and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cards import DATA_DIR
from companion.cli import main
from tests.helpers import run_cli as run

from .helpers import logged_events

HAS_DATA = (DATA_DIR / "village" / "demo.json").exists()




def test_battle_json_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "battle", "--attack", "Acorn:3>Berry:2", "--attack", "Bee:2>Wasp:2",
                       "--attack", "Ant:1>Oak:4", "--attack", "Fly:2", "--mp", "10", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["legal"]
    assert [o["result"] for o in doc["outcomes"]] == ["attacker-wins", "both-destroyed", "blocked", "direct"]
    assert doc["mp_damage"] == 2 and doc["mp_after"] == 8
    assert any("house interpretation" in n["message"] for n in doc["notes"])
    code, out, _ = run(capsys, "village", "battle", "--attack", "Fly:2", "--mp", "2")
    assert code == 0 and ("Mouse Points damage 2: the defending player 2 → 0 MP: the attacker wins the game "
                          "(village-tcg.txt, You Win If)") in out
    code, out, _ = run(capsys, "village", "battle", "--attack", "Fly:2", "--mp", "3")
    assert "Mouse Points damage 2: the defending player 3 → 1 MP\n" in out and "wins" not in out


def test_battle_illegal_exit_1_with_every_problem(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "battle", "--attack", "A:3>B:2", "--attack", "A:3>B:2",
                       "--first-turn", "--json")
    doc = json.loads(out)
    assert code == 1 and not doc["legal"]
    assert {p["rule"] for p in doc["problems"]} == {"no-first-turn-attack", "attacks-once", "defends-once"}


def test_battle_direct_damage_parameter_and_bad_specs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "battle", "--attack", "A:5", "--direct-damage", "1", "--json")
    assert code == 0 and json.loads(out)["mp_damage"] == 1
    code, _, err = run(capsys, "village", "battle", "--attack", "A:3", "--attack", "A:4")
    assert code == 2 and "different numbers" in err
    code, _, err = run(capsys, "village", "battle", "--attack", ":3")
    assert code == 2 and "--attack 1" in err


@pytest.mark.skipif(not HAS_DATA, reason="bundled village card data not present")
def test_battle_with_card_names_from_bundled_data(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "battle", "--attack", "Cheddar Knight>Thistle Guard", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["outcomes"][0]["atk"] == 5 and doc["outcomes"][0]["def"] == 2
    code, _, err = run(capsys, "village", "battle", "--attack", "Cheddar Knigt")
    assert code == 2 and "Cheddar Knight" in err
    code, _, err = run(capsys, "village", "battle", "--attack", "Apple")
    assert code == 2 and "not a mouse" in err


def test_do_and_replay_a_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    code, out, _ = run(capsys, "village", "do", str(log),
                       '{"event": "start", "players": ["Ann", "Bob"], "first": 0}',
                       '{"event": "draw"}', '{"event": "play_basic", "name": "Acorn", "atk": 1, "def": 1}')
    assert code == 0 and "Ann plays Acorn #1" in out
    code, _, err = run(capsys, "village", "do", str(log),
                       '{"event": "attack", "attacks": [{"attacker": "Acorn #1", "defender": null}]}')
    assert code == 2 and "first turn" in err
    code, out, _ = run(capsys, "village", "do", str(log), "undo")
    assert code == 0 and "Undone: Ann plays Acorn #1" in out  # what it took back, as the page says
    code, out, _ = run(capsys, "village", "replay", str(log), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["players"][0]["deck"] == 52 and doc["players"][0]["field"] == []
    assert doc["problems"] == [] and doc["checklist"][5]["status"] == "unavailable"
    with log.open("a") as fh:
        fh.write("{oops\n")
    code, out, err = run(capsys, "village", "replay", str(log))
    assert code == 1 and "line" in err and "Ann: 30 MP" in out


def test_replay_and_do_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "village", "replay", str(tmp_path / "none.jsonl"))
    assert code == 2 and "no such log" in err
    code, _, err = run(capsys, "village", "do", str(tmp_path / "g.jsonl"), "{not json")
    assert code == 2 and "not valid JSON" in err
    code, _, err = run(capsys, "village", "do", str(tmp_path / "g.jsonl"), '"draw"')
    assert code == 2 and "JSON object" in err
    code, _, err = run(capsys, "village", "do", str(tmp_path / "g.jsonl"), '{"event": "draw"}')
    assert code == 2 and "no such log file" in err and "A new log begins with a start event" in err


def test_do_is_all_or_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    start, draw = '{"event": "start", "seed": 5}', '{"event": "draw"}'
    code, _, err = run(capsys, "village", "do", str(log), start, draw,
                       '{"event": "attack", "attacks": [{"attacker": "A #1", "defender": null}]}')
    assert code == 2 and "event 3 of 3" in err and "first turn" in err and "Nothing was written" in err
    assert not log.exists()
    assert run(capsys, "village", "do", str(log), start, draw)[0] == 0
    before = log.read_text()
    code, _, err = run(capsys, "village", "do", str(log), '{"event": "mp", "player": 0, "delta": -1}',
                       '{"event": "draw"}')
    assert code == 2 and "event 2 of 2" in err and "already drawn" in err
    assert log.read_text() == before
    code, _, err = run(capsys, "village", "do", str(log), "undo", "undo", "undo")  # past the start
    assert code == 2 and "event 3 of 3: nothing to undo" in err and log.read_text() == before
    code, out, _ = run(capsys, "village", "do", str(log), "undo", "redo", '{"event": "step", "to": 3}')
    assert code == 0 and "Undone: " in out and "Redone: " in out and "Step 3" in out
    assert log.read_text().count("\n") == before.count("\n") + 3


def test_do_start_records_a_fresh_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seeds = []
    for n in range(3):
        log = tmp_path / f"g{n}.jsonl"
        code, out, _ = run(capsys, "village", "do", str(log), '{"event": "start"}')
        seed = json.loads(log.read_text().splitlines()[1])["seed"]  # (line 1 names the tracker)
        assert code == 0 and isinstance(seed, int) and f"seed {seed}" in out
        seeds.append(seed)
    assert len(set(seeds)) == 3
    log = tmp_path / "typed.jsonl"
    run(capsys, "village", "do", str(log), '{"event": "start", "seed": 42}')
    assert json.loads(log.read_text().splitlines()[1])["seed"] == 42


def test_do_warns_when_the_draw_is_forfeited(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    code, out, _ = run(capsys, "village", "do", str(log), '{"event": "start"}',
                       '{"event": "play_basic", "name": "A", "atk": 1, "def": 1}')
    assert code == 0 and "draw is forfeited" in out and "Order of Turn, Step 1" in out


def test_do_reports_a_line_cut_by_a_crash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    run(capsys, "village", "do", str(log), '{"event": "start", "first": 0}')
    with log.open("a") as fh:
        fh.write('{"event": "dr')
    code, out, err = run(capsys, "village", "do", str(log), '{"event": "draw"}', "--json")
    doc = json.loads(out)
    assert code == 0 and "game.jsonl.damaged" in err and "cut mid-write" in err
    assert any("game.jsonl.damaged" in w for w in doc["warnings"]) and doc["players"][0]["deck"] == 52
    assert (tmp_path / "game.jsonl.damaged").read_text().startswith('{"event": "dr')
    code, out, err = run(capsys, "village", "do", str(log), '{"event": "step", "to": 2}', "--json")
    assert code == 0 and err == "" and json.loads(out)["warnings"] == []
    with log.open("a") as fh:
        fh.write('{"event": "en')
    code, _, err = run(capsys, "village", "do", str(log), '{"event": "draw"}')  # refused: still reported
    assert code == 2 and "already drawn" in err and "cut mid-write" in err


def test_battle_refuses_two_defenders_and_negative_mp(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "village", "battle", "--attack", "A:3>B:2>C:1")
    assert code == 2 and out == "" and "--attack 1" in err and "'A:3>B:2>C:1'" in err
    code, _, err = run(capsys, "village", "battle", "--attack", "A:3", "--mp", "-5")
    assert code == 2 and "--mp" in err and "-5" in err
    code, _, err = run(capsys, "village", "battle", "--attack", "A:3", "--direct-damage", "-1")
    assert code == 2 and "--direct-damage" in err
    code, out, _ = run(capsys, "village", "battle", "--attack", "A:3", "--mp", "0", "--json")
    # (0 MP: the game is over already, so the attack is refused: village-tcg.txt, You Win If)
    assert code == 1 and [p["rule"] for p in json.loads(out)["problems"]] == ["game-over"]


def test_battle_errors_are_json_with_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "village", "battle", "--attack", "A:3>B:2>C:1", "--json")
    doc = json.loads(out)
    assert code == 2 and err == "" and doc["game"] == "village" and "--attack 1" in doc["error"]
    code, out, _ = run(capsys, "village", "replay", str(tmp_path / "none.jsonl"), "--json")
    assert code == 2 and "no such log" in json.loads(out)["error"]
    code, out, _ = run(capsys, "village", "do", str(tmp_path / "g.jsonl"), '{"event": "draw"}', "--json")
    assert code == 2 and "no such log file" in json.loads(out)["error"]
    assert not (tmp_path / "g.jsonl").exists()


CARDS = {"game": "village", "set": "CLI battle test", "cards": [
    {"id": "t-scout", "name": "T Scout", "type": "basic-mouse", "atk": 2, "def": 1, "source": "demo: test"},
    {"id": "t-wall", "name": "T Wall", "type": "basic-mouse", "atk": 0, "def": 3, "source": "demo: test"}]}


def test_battle_labels_two_copies_of_one_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(CARDS))
    code, out, _ = run(capsys, "village", "battle", "--cards", str(cards), "--attack", "T Scout",
                       "--attack", "T Scout")
    assert code == 1 and "assigned 2 attacks" in out and "'T Scout#1' and 'T Scout#2'" in out
    code, out, _ = run(capsys, "village", "battle", "--cards", str(cards), "--attack", "T Scout#1>T Wall",
                       "--attack", "T Scout #2", "--mp", "10", "--json")
    doc = json.loads(out)
    assert code == 0 and [o["attacker"] for o in doc["outcomes"]] == ["T Scout#1", "T Scout#2"]
    assert [o["result"] for o in doc["outcomes"]] == ["blocked", "direct"] and doc["mp_after"] == 8
    code, _, err = run(capsys, "village", "battle", "--cards", str(cards), "--attack", "T Scot#2")
    assert code == 2 and "Did you mean 'T Scout'" in err


def test_do_warns_of_a_field_the_rules_never_read_and_of_a_card_name_the_data_does_not_know(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    run(capsys, "village", "do", str(log), '{"event": "start", "seed": 1}', '{"event": "draw"}')
    code, out, err = run(capsys, "village", "do", str(log),
                         '{"event": "play_basic", "nmae": "Acorn Scout", "name": "Acorn Scot", "atk": 1, '
                         '"def": 1}', "--json")
    warnings = json.loads(out)["warnings"]
    assert code == 0 and len(warnings) == 2 and all(w in err for w in warnings)
    # a second spelling of a field given too: a warning (the field given stands), never a refusal
    assert "'nmae' is not a field it takes (it looks like 'name', which is given too)" in warnings[0]
    assert "'Acorn Scot' is not a Village card" in warnings[1] and "'Acorn Scout'" in warnings[1]
    run(capsys, "village", "do", str(log), "undo")
    code, out, err = run(capsys, "village", "do", str(log),
                         '{"event": "play_basic", "name": "acorn scout", "atk": 1, "def": 1}', "--json")
    assert code == 0 and json.loads(out)["warnings"] == [] and "warning" not in err


def test_events_lists_every_event_with_its_fields_and_says_how_players_are_numbered(
        capsys: pytest.CaptureFixture[str]) -> None:
    from companion.village.game import EVENTS

    code, out, _ = run(capsys, "village", "events")
    assert code == 0 and all(line.split()[0] in EVENTS for line in out.splitlines()[:-1])
    assert "0 (Player 1) and 1 (Player 2)" in out
    code, out, _ = run(capsys, "village", "events", "--json")
    assert code == 0 and set(json.loads(out)) == set(EVENTS)


def test_a_player_number_out_of_range_says_how_players_are_numbered(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "g.jsonl")
    code, _, err = run(capsys, "village", "do", log, '{"event": "start", "seed": 1}',
                       '{"event": "mp", "player": 2, "delta": 1}')
    assert code == 2 and "0 (Player 1) or 1 (Player 2)" in err


def test_do_checks_fields_inside_attacks_skips_fields_not_needed_and_survives_a_broken_card_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    log = str(tmp_path / "g.jsonl")
    setup = ['{"event": "start", "seed": 1}', '{"event": "draw"}',
             '{"event": "play_basic", "name": "Acorn Scout", "atk": 1, "def": 1}', '{"event": "end_turn"}',
             '{"event": "draw"}', '{"event": "play_basic", "name": "Acorn Scout", "atk": 1, "def": 1}']
    code, out, _ = run(capsys, "village", "do", log, *setup, "--json")
    assert code == 0 and json.loads(out)["warnings"] == []
    code, out, err = run(capsys, "village", "do", log, '{"event": "fruit", "mouse": "Acorn Scout #2"}',
                         '{"event": "item", "mouse": "Acorn Scout #2", "name": "Acorn Cap", "extra": false}',
                         "--json")
    # 'extra' is a field item takes: not refused, only said to be unused here
    others = [w for w in json.loads(out)["warnings"] if "'extra' was not used" not in w]
    assert code == 0 and others == [], err
    code, out, err = run(capsys, "village", "do", log, '{"event": "step", "to": 6}',
                         '{"event": "attack", "attacks": [{"attacker": "Acorn Scout #2", '
                         '"defendr": "Acorn Scout #1"}]}', "--json")
    # a misspelt defender would make an undefended attack: refused, as every game's do refuses it
    error = json.loads(out)["error"]
    assert code == 2 and "attacks[0].'defendr'" in error and "Did you mean 'defender'?" in error
    mine = tmp_path / "user" / "village"
    mine.mkdir(parents=True)
    (mine / "broken.json").write_text('{"cards": [ {"id": 1')
    monkeypatch.setenv("COMPANION_USER_DATA", str(tmp_path / "user"))
    before = len(Path(log).read_text().splitlines())
    code, out, err = run(capsys, "village", "do", log, '{"event": "end_turn"}', '{"event": "draw"}',
                         '{"event": "play_basic", "name": "Acorn Scout", "atk": 1, "def": 1}', "--json")
    doc = json.loads(out)
    # the broken file of yours is left out (the bundled cards stay in use), as the deck commands do
    assert code == 0 and any("broken.json does not load and is left out" in w for w in doc["warnings"]), out
    assert len(Path(log).read_text().splitlines()) == before + 3  # written once, and said so


@pytest.mark.skipif(not HAS_DATA, reason="bundled Village demo cards missing")
def test_do_takes_what_an_event_leaves_out_from_the_card_and_refuses_the_wrong_kind_of_mouse(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "g.jsonl")
    run(capsys, "village", "do", log, '{"event": "start", "seed": 1}', '{"event": "draw"}')
    code, _out, err = run(capsys, "village", "do", log, '{"event": "play_basic", "name": "Cheddar Knight"}')
    assert code == 2 and "'Cheddar Knight' is a Mega Mouse" in err and "Summoning MegaMice" in err
    code, out, err = run(capsys, "village", "do", log, '{"event": "play_basic", "name": "dewdrop sentry"}',
                         "--json")
    (mouse,) = json.loads(out)["players"][0]["field"]
    assert code == 0 and mouse == {"id": "Dewdrop Sentry #1", "kind": "basic", "atk": 2, "def": 1,
                                   "fruit": 0, "items": []}, err
    code, _out, err = run(capsys, "village", "do", log,  # Early Warning costs 3 Fruit on its card
                          '{"event": "ability", "mouse": "Dewdrop Sentry #1"}')
    assert code == 2 and "has 0 Fruit equipped but 'Early Warning' costs 3" in err
    code, _out, err = run(capsys, "village", "do", log, '{"event": "ability", "mouse": "Dewdrop Sentry #1", '
                          '"name": "Early Warnin"}')
    assert code == 2 and "has no ability 'Early Warnin'" in err and "'Early Warning' (3 Fruit)" in err
    code, out, err = run(capsys, "village", "do", log,  # a cost typed in stands (a card may change it)
                         '{"event": "ability", "mouse": "Dewdrop Sentry #1", "cost": 0}')
    assert code == 0 and "uses Early Warning (0 Fruit needed" in out, err
    last = logged_events(Path(log))[-1]
    assert last == {"event": "ability", "mouse": "Dewdrop Sentry #1", "cost": 0, "name": "Early Warning"}


def test_do_and_battle_refuse_numbers_of_thousands_of_digits(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    big = "9" * 5000
    code, _out, err = run(capsys, "village", "battle", "--attack", f"A:{big}")
    assert code == 2 and "a number from 0 to 999" in err and "internal" not in err and len(err) < 300
    log = str(tmp_path / "g.jsonl")
    run(capsys, "village", "do", log, '{"event": "start", "seed": 1}')
    before = Path(log).read_bytes()
    code, _out, err = run(capsys, "village", "do", log, f'{{"event": "mp", "player": 1, "delta": {big}}}')
    assert code == 2 and "cannot be read" in err and "internal" not in err
    assert Path(log).read_bytes() == before


def test_do_leaves_another_programs_jsonl_file_untouched(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "analytics.jsonl"
    other.write_text('{"event": "pageview", "url": "/x"}\n' * 3)
    before = other.read_bytes()
    code, _out, err = run(capsys, "village", "do", str(other), '{"event": "start", "seed": 1}')
    assert code == 2 and "not a companion log" in err and "'pageview'" in err
    assert other.read_bytes() == before
    typo = tmp_path / "typo.jsonl"  # a typo among known events is still this tool's log
    typo.write_text('{"event": "log", "tracker": "village"}\n{"event": "start", "seed": 1}\n'
                    '{"event": "drwa"}\n')
    code, _out, err = run(capsys, "village", "do", str(typo), '{"event": "draw"}')
    assert code == 0 and "unknown Village TCG event 'drwa'" in err


@pytest.mark.skipif(not HAS_DATA, reason="bundled Village demo cards missing")
def test_do_takes_magic_cards_as_their_data_says_and_refuses_a_card_of_another_type(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "g.jsonl")
    run(capsys, "village", "do", log, '{"event": "start", "seed": 1}', '{"event": "draw"}',
        '{"event": "play_basic", "name": "Acorn Scout"}')
    code, out, err = run(capsys, "village", "do", log, '{"event": "magic", "name": "Quicksand"}')
    assert code == 0 and "plays Quicksand; it stays on the field" in out, err  # continuous in the data
    code, out, err = run(capsys, "village", "do", log,  # the opponent's instant, as its card says
                         '{"event": "magic", "player": 1, "name": "Super Confused"}')
    assert code == 0 and "Super Confused" in out, err
    code, _, err = run(capsys, "village", "do", log, '{"event": "item", "mouse": "Acorn Scout #1", '
                       '"name": "Quicksand"}')
    assert code == 2 and "'Quicksand' is a Magic card, not an Item card (village-tcg.txt" in err
    code, _, err = run(capsys, "village", "do", log, '{"event": "magic", "player": 1, "name": "Acorn Scout", '
                       '"instant": true}')
    assert code == 2 and "'Acorn Scout' is a Basic Mouse, not a Magic card" in err
    code, _, err = run(capsys, "village", "do", log,  # a kind the card data contradicts is refused
                       '{"event": "magic", "player": 1, "name": "Super Confused", "instant": false}')
    assert code == 2 and "Super Confused is instant by the card data" in err and "Magic Cards" in err


@pytest.mark.parametrize("content", [None, b"\x7fELF\x02\x01\x01\x00\xd0\xff", b'{"cards": [ {"id": 1'])
def test_battle_reads_a_given_card_file_even_when_no_name_needs_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None) -> None:
    cards = tmp_path / "cards.json"
    if content is not None:
        cards.write_bytes(content)
    code, out, err = run(capsys, "village", "battle", "--attack", "A:3", "--cards", str(cards))
    assert code == 2 and out == "" and str(cards) in err


@pytest.mark.parametrize("spec", ["Acorn:3>", "Acorn:3> ", "Acorn:3>\t"])
def test_battle_refuses_an_empty_defender(capsys: pytest.CaptureFixture[str], spec: str) -> None:
    code, out, err = run(capsys, "village", "battle", "--attack", "B:1>C:1", "--attack", spec)
    assert code == 2 and out == ""
    assert "--attack 2" in err and "defending Mouse is missing" in err and "Traceback" not in err
    code, out, _ = run(capsys, "village", "battle", "--attack", "Acorn:3>-", "--json")  # '-': undefended
    assert code == 0 and json.loads(out)["outcomes"][0]["result"] == "direct"


def test_do_says_how_to_write_an_event_typed_without_json(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    code, _, err = run(capsys, "village", "do", str(log), "draw")
    assert code == 2 and """Write it as JSON: '{"event": "draw"}'""" in err and not log.exists()
    code, _, err = run(capsys, "village", "do", str(log), "drow")
    assert code == 2 and "Did you mean 'draw'" in err and "?." not in err
    code, _, err = run(capsys, "village", "do", str(log), "{}")
    assert code == 2 and "the event has no 'event' field" in err and "None" not in err
    code, _, err = run(capsys, "village", "do", str(log), '{"event": 5}')
    assert code == 2 and "'event' field names the event kind" in err and not log.exists()


def test_do_takes_undo_and_redo_in_any_case_and_has_no_stray_full_stop(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    run(capsys, "village", "do", str(log), '{"event": "start", "players": ["Ann", "Bob"], "seed": 1}',
        '{"event": "draw"}')
    code, out, _ = run(capsys, "village", "do", str(log), "UNDO")
    assert code == 0 and "Undone: Ann draws" in out
    code, out, _ = run(capsys, "village", "do", str(log), " Redo ")
    assert code == 0 and "Redone: Ann draws" in out
    before = log.read_bytes()
    for events in (['{"event": "drow"}'], ['{"event": "mp", "player": 1, "delta": -1}', '{"event": "drow"}']):
        code, _, err = run(capsys, "village", "do", str(log), *events)
        assert code == 2 and "Did you mean 'draw' or 'redraw'? Nothing was written" in err and "?." not in err
    assert log.read_bytes() == before


@pytest.mark.parametrize(("event", "said"), [
    ('{"event": "play_basic", "name": "Acorn", "atk": 99999, "def": 1}',
     "atk must be 999 or less, not 99999"),
    ('{"event": "play_basic", "name": "Acorn", "atk": 1, "def": 1000}', "def must be 999 or less"),
    ('{"event": "mp", "player": 1, "delta": 999999999999}', "delta must be 999 or less"),
    ('{"event": "mp", "player": 1, "delta": -1000}', "delta must be -999 or more"),
    ('{"event": "deck", "player": 0, "delta": 5000}', "delta must be 999 or less"),
])
def test_do_caps_typed_numbers_at_999_as_card_numbers_are(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], event: str, said: str) -> None:
    log = tmp_path / "g.jsonl"
    run(capsys, "village", "do", str(log), '{"event": "start", "players": ["Ann", "Bob"], "seed": 1}',
        '{"event": "draw"}')
    before = log.read_bytes()
    code, _, err = run(capsys, "village", "do", str(log), event)
    assert code == 2 and said in err and ("from -999 to 999" in err or "from 0 to 999" in err)
    assert log.read_bytes() == before
    code, out, _ = run(capsys, "village", "do", str(log), '{"event": "play_basic", "name": "A", "atk": 999, '
                       '"def": 0}', '{"event": "mp", "player": 1, "delta": -999}')
    assert code == 0 and "Bob: 30 → 0 MP" in out


def test_a_number_an_older_version_logged_above_the_cap_still_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "old.jsonl"
    log.write_text('{"event": "log", "tracker": "village"}\n{"event": "start", "seed": 1, "mp": 5000}\n'
                   '{"event": "draw"}\n{"event": "play_basic", "name": "A", "atk": 99999, "def": 1}\n')
    code, out, _ = run(capsys, "village", "replay", str(log), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["problems"] == [] and doc["players"][0]["field"][0]["atk"] == 99999


def test_a_deck_change_below_zero_is_refused_not_a_lost_game(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    log.write_text("")
    assert main(["village", "do", str(log), '{"event": "start"}']) == 0
    capsys.readouterr()
    code = main(["village", "do", str(log), '{"event": "deck", "player": 0, "delta": -100}'])
    err = capsys.readouterr().err
    assert code == 2 and "deck has 53 cards: -100 would go below 0" in err  # (60 less the opening 7)
    assert "give delta -53 if that is what happened. Nothing was written" in err
    assert main(["village", "do", str(log), '{"event": "deck", "player": 0, "delta": -53}']) == 0


@pytest.mark.parametrize(("event", "said"), [
    ('{"event": "mp", "delta": -3}', "'mp' event needs a 'player' field (expected player: 0 (Player 1) or 1 "
                                     "(Player 2))"),
    ('{"event": "mp", "playr": 0, "delta": -3}', "'playr' is not a field the 'mp' event takes, and it needs "
                                                 "a 'player' field"),
    ('{"event": "deck", "player": 1}', "'deck' event needs a 'delta' field"),
    ('{"event": "fruit", "mous": "Acorn Scout #1"}', "Did you mean 'mouse'?"),
])
def test_do_names_a_needed_field_left_out_before_the_rules_see_its_default(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], event: str, said: str) -> None:
    """A needed field left out was refused for the value it defaulted to ("player must be 0 (Player 1) or
    1 (Player 2), not None"); the step order is not checked first either."""
    log = tmp_path / "game.jsonl"
    assert run(capsys, "village", "do", str(log), '{"event": "start", "seed": 5}')[0] == 0
    before = log.read_bytes()
    code, out, err = run(capsys, "village", "do", str(log), event)
    assert code == 2 and out == "" and said in err and "None" not in err and "Nothing was written" in err
    assert log.read_bytes() == before


def test_every_village_event_has_its_fields_table() -> None:
    from companion.village.game import EVENT_FIELDS, EVENTS

    assert list(EVENT_FIELDS) == list(EVENTS)
    assert all(set(dict(spec.notes)) <= set(spec.names) for spec in EVENT_FIELDS.values())


@pytest.mark.skipif(not HAS_DATA, reason="bundled Village demo cards missing")
def test_do_refuses_a_misspelt_mouse_card_without_stats_as_the_page_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    run(capsys, "village", "do", str(log), '{"event": "start", "seed": 1, "first": 0}', '{"event": "draw"}')
    before = log.read_bytes()
    code, out, err = run(capsys, "village", "do", str(log), '{"event": "play_basic", "name": "Acorn Scot"}',
                         "--json")
    error = json.loads(out)["error"]
    assert code == 2 and "'Acorn Scot' is not a card in the data: did you mean 'Acorn Scout'?" in error
    assert "give its ATK and DEF" in error and "Nothing was written" in error and log.read_bytes() == before
    # a mouse of one's own, its ATK and DEF given, stays allowed (with a warning of the card it looks like)
    code, out, err = run(capsys, "village", "do", str(log),
                         '{"event": "play_basic", "name": "Acorn Scot", "atk": 2, "def": 1}', "--json")
    (mouse,) = json.loads(out)["players"][0]["field"]
    assert code == 0 and (mouse["atk"], mouse["def"]) == (2, 1) and "'Acorn Scout'" in err
    run(capsys, "village", "do", str(log), "undo")
    # a name close to no card is a mouse of one's own: without its ATK and DEF it could not battle, so it is
    # refused as the page refuses it (it was once taken, its stats to be typed in later)
    code, _out, err = run(capsys, "village", "do", str(log), '{"event": "play_basic", "name": "A"}')
    assert code == 2 and "'A' is not a card in the data. For a mouse of your own" in err, err
    code, _out, _err = run(capsys, "village", "do", str(log),
                           '{"event": "play_basic", "name": "A", "atk": 1, "def": 1}')
    assert code == 0


def test_battle_says_a_legal_battle_as_a_verdict_with_rule_ids_and_citations(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "village", "battle", "--attack", "Acorn:3>Berry:2", "--attack", "Bee:2")
    lines = out.splitlines()
    assert code == 0 and lines[:3] == [
        "Acorn (ATK 3) beats Berry (DEF 2): Berry destroyed (village-tcg.txt, Attack / Defense Structure)",
        "Bee (ATK 2) is undefended: 2 damage to Mouse Points (village-tcg.txt, Attack / Defense Structure)",
        "Mouse Points damage 2"]
    assert lines[3] == "LEGAL" and not any(line.startswith("note:") for line in lines)
    assert ("  note [no-abilities] no Mouse abilities may be used after declaring an attack "
            "(village-tcg.txt, Order of Turn, Step 4)") in lines
    assert any(line.startswith("  note [direct-damage] house interpretation") for line in lines)
    code, out, _ = run(capsys, "village", "battle", "--attack", "Acorn:3>Berry:2", "--attack", "Bee:2",
                       "--json")
    doc = json.loads(out)
    assert code == 0 and doc["legal"] is True and doc["problems"] == []
    assert {n["rule"] for n in doc["notes"]} == {"direct-damage", "no-abilities"}
    assert all(n["cite"].startswith("village-tcg.txt, ") for n in doc["notes"])


@pytest.mark.skipif(not HAS_DATA, reason="bundled Village demo cards missing")
def test_battle_names_every_unknown_card_with_its_closest(capsys: pytest.CaptureFixture[str]) -> None:
    for extra in ((), ("--json",)):
        code, out, err = run(capsys, "village", "battle", "--attack", "Chedar Knight>Moonlit Sag", *extra)
        said = json.loads(out)["error"] if extra else err
        assert code == 2 and "'Chedar Knight'. Did you mean 'Cheddar Knight'?" in said
        assert "'Moonlit Sag'. Did you mean 'Moonlit Sage'?" in said


def test_replay_and_do_json_say_the_event_count_undo_redo_the_log_and_the_events_added(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "g.jsonl")
    code, out, _ = run(capsys, "village", "do", log, '{"event": "start", "seed": 1}', '{"event": "draw"}',
                       "--json")
    doc = json.loads(out)
    assert code == 0 and (doc["log"], doc["added"], doc["events"]) == (log, 2, 2)
    assert (doc["can_undo"], doc["can_redo"], doc["problems"]) == (True, False, [])
    assert doc["players"][0]["name"] == "Player 1" and len(doc["said"]) == 3  # (the flat fields stay)
    run(capsys, "village", "do", log, "undo")
    code, out, _ = run(capsys, "village", "replay", log, "--json")
    doc = json.loads(out)
    assert code == 0 and (doc["events"], doc["can_undo"], doc["can_redo"]) == (1, True, True)
    assert doc["started"] is True and doc["problems"] == []


def test_do_new_game_replaces_the_game_in_the_log_and_undo_brings_it_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "g.jsonl"
    run(capsys, "village", "do", str(log), '{"event": "start", "seed": 1, "players": ["Ann", "Bob"]}',
        '{"event": "draw"}')
    before = log.read_bytes()
    new = '{"event": "start", "seed": 2, "players": ["Cy", "Di"]}'
    code, _out, err = run(capsys, "village", "do", str(log), new)
    assert code == 2 and "the game has already started" in err and "--new-game" in err
    assert log.read_bytes() == before
    code, out, _err = run(capsys, "village", "do", str(log), new, "--new-game")
    assert code == 0 and "This new game replaces the game the log held; undo brings that game back." in out
    code, out, err = run(capsys, "village", "replay", str(log), "--json")
    doc = json.loads(out)  # the log with both games replays, on the new one, without a problem
    assert code == 0 and err == "" and [p["name"] for p in doc["players"]] == ["Cy", "Di"]
    assert doc["step"] == 1 and doc["players"][0]["deck"] == doc["players"][1]["deck"] == 53
    code, out, _err = run(capsys, "village", "do", str(log), "undo", "--json")
    doc = json.loads(out)
    assert code == 0 and [p["name"] for p in doc["players"]] == ["Ann", "Bob"] and doc["can_redo"]
    assert sum(p["deck"] for p in doc["players"]) == 52 + 53  # the old game as it stood: its draw done
