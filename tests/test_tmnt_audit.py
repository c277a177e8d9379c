"""An audit of ``companion tmnt do`` and the TMNT page: values said as JSON writes them, the wording
of refusals, names on one line, the Adjust Phase said before Game over, ``redo`` said once, the Block
Zones an attack turned face-up, the page's choices kept per game, an Attribute on every attacking
card, and no folder made for a mistyped log path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.tmnt.game import TmntTracker
from tests.test_tmnt_cli_do import NEXT, START, run

TO_FLIP = [START, NEXT, NEXT, NEXT]  # set -> event -> item -> flip
TO_ATTACK = [*TO_FLIP, '{"event": "flip", "card": "character"}', NEXT]


def game(tmp_path: Path, capsys: pytest.CaptureFixture[str], *events: str) -> Path:
    log = tmp_path / "game.jsonl"
    assert run(capsys, "do", str(log), *events)[0] == 0
    return log


# -- 1. values as JSON writes them ------------------------------------------------------------------

@pytest.mark.parametrize(("counter", "said"), [
    ("2.5", "not 2.5 "), ("1e400", "not a number too large to read"), ("-2", "not -2 "),
    ("2e9", "at most 999999"), ('"2.5"', "not '2.5'")])  # (text stays quoted: it was typed as text)
def test_a_counter_power_is_said_as_it_was_given(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                 counter: str, said: str) -> None:
    log = game(tmp_path, capsys, *TO_ATTACK)
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3", "attacks": '
                       f'["fire:1"], "counter": {counter}}}')
    assert code == 2 and said in err and "'inf'" not in err and log.read_bytes() == before
    if counter != '"2.5"':
        assert "'2.5'" not in err


def test_an_event_kind_that_is_not_text_is_said_as_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    log = tmp_path / "t.jsonl"
    for raw, found in (('{"event": null}', "found null"), ('{"event": {"id": 0}}', 'found {"id": 0}'),
                       ('{"event": true}', "found true")):
        code, _, err = run(capsys, "do", str(log), raw)
        assert code == 2 and found in err and "None" not in err and "True" not in err
        assert "Nothing was written" in err and not log.exists()


# -- 2. wording -------------------------------------------------------------------------------------

def test_a_phase_is_named_once_in_a_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = game(tmp_path, capsys, *TO_FLIP)
    code, _, err = run(capsys, "do", str(log), NEXT)  # the 1st Block card is still face-down
    assert code == 2 and "the 1st Block card is still face-down (tmnt-tcg.txt, Flip Phase)" in err
    assert err.count("Flip Phase") == 1
    run(capsys, "do", str(log), '{"event": "flip", "card": "character"}', NEXT)
    code, _, err = run(capsys, "do", str(log), NEXT)  # the attack must be made
    assert code == 2 and "(next): Ann's 1st Block Zone holds a face-up Character card" in err
    assert "so the attack must be made (tmnt-tcg.txt, Attack Phase)" in err and err.count("Attack Phase") == 1


def test_a_log_line_cut_inside_a_string_is_said_without_a_doubled_word(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "t.jsonl"
    log.write_text('{"event": "start", "first": 0}\n{"event": "flip", "card": "x}\n')
    code, _, err = run(capsys, "replay", str(log))  # (a log's problems are said on standard error)
    assert code == 1 and "not valid JSON (Unterminated string starting at column 27)" in err
    assert "at at" not in err


def test_a_log_of_a_tool_this_companion_does_not_know_is_not_sent_to_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "c.jsonl"
    log.write_text('{"event": "log", "tracker": "chess"}\n')
    for argv in (["tmnt", "do", str(log), NEXT], ["village", "do", str(log), '{"event": "draw"}']):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "from a tool this companion does not know ('chess')" in err
        assert "companion chess" not in err and "left untouched" in err
    assert log.read_text() == '{"event": "log", "tracker": "chess"}\n'


# -- 4. names on one line, at most 40 characters; a card's name too ---------------------------------

@pytest.mark.parametrize(("names", "said"), [
    ('["Ann\\nBob", "Cy"]', "player 1's name must be one line"),
    ('["Ann", "Bob\\u2028Cy"]', "player 2's name must be one line"),
    ('["Ann", "Bob\\tCy"]', "player 2's name must be one line"),
    (json.dumps(["x" * 300, "Bob"]), "player 1's name is 300 characters long")])
def test_a_new_start_takes_player_names_as_the_page_does(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         names: str, said: str) -> None:
    log = tmp_path / "t.jsonl"
    code, _, err = run(capsys, "do", str(log), f'{{"event": "start", "first": 0, "players": {names}}}')
    assert code == 2 and said in err and "at most 40 characters" in err and not log.exists()


def test_names_are_collapsed_as_the_page_collapses_them_and_old_lines_are_shown_on_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "t.jsonl"
    code, out, _ = run(capsys, "do", str(log), '{"event": "start", "first": 0, "players": ["  Ann   Lee ", '
                       f'"{"b" * 40}"]}}', "--json")
    assert code == 0 and [p["name"] for p in json.loads(out)["state"]["players"]] == ["Ann Lee", "b" * 40]
    old = tmp_path / "old.jsonl"  # written before names were checked: read, shown on one line, cut
    old.write_text(json.dumps({"event": "start", "first": 0, "players": ["Ann\nBob", "c" * 300]}) + "\n")
    code, out, _ = run(capsys, "replay", str(old))
    assert code == 0 and "* Ann Bob: [1:down]" in out and f"  {'c' * 39}…: [1:down]" in out


@pytest.mark.parametrize(("name", "said"), [
    ('"Kick\\nSlam"', "a card's name must be one line"), (json.dumps("k" * 121), "121 characters long"),
    ("5", "a card's name is text, not 5")])
def test_an_attack_cards_name_is_one_line_of_at_most_120_characters(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, said: str) -> None:
    log = game(tmp_path, capsys, *TO_ATTACK)
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3", "attacks": '
                       f'[{{"attribute": "fire", "power": 1, "name": {name}}}]}}')
    assert code == 2 and said in err and "attack.attacks[0]" in err and log.read_bytes() == before
    code, _, _ = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3", "attacks": '
                     f'[{{"attribute": "fire", "power": 1, "name": {json.dumps("k" * 120)}}}]}}')
    assert code == 0


def test_an_old_attack_line_with_a_long_card_name_is_read(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    lines = [{"event": "start", "first": 0, "deck": 12}, *([{"event": "next"}] * 3),
             {"event": "flip", "card": "character"}, {"event": "next"},
             {"event": "attack", "character": {"attribute": "wind", "power": 3, "name": "A\nB" * 100}}]
    log.write_text("".join(json.dumps(e) + "\n" for e in lines))
    t = TmntTracker(log)
    assert t.problems == [] and t.state.phase == "result"


# -- 5. the Adjust Phase before Game over; redo said once --------------------------------------------

def test_the_adjust_phase_that_empties_a_deck_is_said_before_game_over(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = game(tmp_path, capsys, *TO_ATTACK, '{"event": "attack", "character": "wind:3", "attacks": '
               '["fire:2"], "counter": "nature:1"}', '{"event": "result", "attacker_keeps": 1}')
    code, out, _ = run(capsys, "do", str(log), NEXT)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("Turn 2, Bob. Adjust Phase: draw 1 up to 5, then draw 1 + 4 for "
                                             "empty Block Zones = 5 (only 3 left to draw)")
    assert lines[0].endswith("Game over: Bob's Deck ran out: Ann wins (tmnt-tcg.txt, Game Over).")
    assert out.count("Game over: Bob's Deck ran out") == 1 and "Winner: Ann" in out


def test_redo_says_what_it_brought_back_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = game(tmp_path, capsys, *TO_FLIP, '{"event": "flip", "card": "character"}')
    flipped = ("Ann flips a Character card: resolve any <Flip> text; it stays on the 1st Block Zone "
               "(tmnt-tcg.txt, Flip Phase).")
    code, out, _ = run(capsys, "do", str(log), "undo")
    assert code == 0 and out.count(flipped) == 1
    code, out, _ = run(capsys, "do", str(log), "redo")
    assert code == 0 and out.splitlines()[0] == f"Redone: {flipped}" and out.count(flipped) == 1


# -- 6. the Block Zones an attack turned face-up ----------------------------------------------------

def test_the_zones_turned_face_up_are_block_zone_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    log = game(tmp_path, capsys, *TO_ATTACK,
               '{"event": "correct", "player": 1, "zones": ["empty", "down", "up", "down"]}')
    code, out, _ = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3"}', "--json")
    attack = json.loads(out)["state"]["attack"]
    assert code == 0 and attack["blocks_flipped"] == 3 and attack["newly_face_up"] == [2, 4]
    code, out, _ = run(capsys, "replay", str(log), "--json")
    assert json.loads(out)["state"]["attack"]["newly_face_up"] == [2, 4]
    assert [z["face"] for z in json.loads(out)["state"]["players"][1]["zones"]] == ["empty", "up", "up", "up"]


def test_the_page_names_the_block_zones_the_attack_reaches(tmp_path: Path) -> None:
    from companion.views.tmnt import GameTracker
    from tests.test_tmnt_views import CARDS, at_first_attack

    g = at_first_attack(tmp_path)
    g.tracker.do({"event": "correct", "player": 1, "zones": ["empty", "empty", "down", "down"]})
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    assert g.builder.zone_numbers == [3, 4]
    g.builder.character.pick.value = "hero"  # the card flipped
    assert "Block Zone 3" in g.builder.result.value and "Block Zone 1" not in g.builder.result.value


# -- 7. the page's choices belong to one game --------------------------------------------------------

def test_a_new_game_from_another_window_clears_the_pages_attack_and_keep_choices(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.test_tmnt_views import at_first_attack

    g = at_first_attack(tmp_path)
    log = tmp_path / "t.jsonl"
    g.builder.attacks[0].pick.value = "kick"
    g.builder.counter.pick.value = "parry"
    # another window starts a new game and plays to its first Attack Phase
    assert run(capsys, "do", str(log), "--new-game", *TO_ATTACK)[0] == 0
    lines = log.read_text()
    g.record.click()  # the builder held the old game's cards: refused, and cleared
    assert log.read_text() == lines and "another window changed the game" in g.action_msg.value
    picked = [s.pick.value for s in (*g.builder.attacks, g.builder.counter)]
    assert picked == ["none"] * 4 and g.state.turn == 1 and g.state.players[0].name == "Ann"
    g.builder.character.pick.value = "hero"  # the card flipped, named for this game
    g.builder.attacks[0].pick.value = "kick"
    g.record.click()  # chosen for this game: recorded
    assert g.tracker.history[-1]["attacks"][0]["name"] == "Kick"
    g.keep[0].value = 1  # Ann would leave her Character; another window starts a game again
    assert run(capsys, "do", str(log), "--new-game", *TO_ATTACK,
               '{"event": "attack", "character": "wind:3", "attacks": ["fire:2"]}')[0] == 0
    lines = log.read_text()
    g.result_step.click()
    assert log.read_text() == lines and g.keep[0].value == 0


# -- 8. an Attribute on every attacking card ---------------------------------------------------------

@pytest.mark.parametrize(("event", "where"), [
    ('{"event": "attack", "character": {"power": 2}}', "attack.character"),
    ('{"event": "attack", "character": "wind:3", "attacks": [{"power": 1}]}', "attack.attacks[0]"),
    ('{"event": "attack", "character": "wind:3", "attacks": [{"attribute": null, "power": 1}]}',
     "attack.attacks[0]")])
def test_a_card_given_as_an_object_needs_its_attribute(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                       event: str, where: str) -> None:
    log = game(tmp_path, capsys, *TO_ATTACK)
    before = log.read_bytes()
    code, _, err = run(capsys, "do", str(log), event)
    assert code == 2 and f"{where}: a" in err and "needs its 'attribute'" in err
    assert "Card Attributes" in err and log.read_bytes() == before


def test_a_counter_may_leave_its_attribute_out_as_its_power_alone_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = game(tmp_path, capsys, *TO_ATTACK)
    code, out, _ = run(capsys, "do", str(log), '{"event": "attack", "character": "wind:3", "attacks": '
                       '["fire:1"], "counter": {"power": 1}}', "--json")
    assert code == 0 and json.loads(out)["state"]["attack"]["damage"] == 3


def test_an_old_line_without_an_attribute_is_still_read(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    lines = [{"event": "start", "first": 0, "deck": 12}, *([{"event": "next"}] * 3),
             {"event": "flip", "card": "character"}, {"event": "next"},
             {"event": "attack", "character": {"power": 2}}]
    log.write_text("".join(json.dumps(e) + "\n" for e in lines))
    t = TmntTracker(log)
    assert t.problems == [] and t.state.attack is not None and t.state.attack["damage"] == 2


# -- 9. no folder made for a mistyped path -----------------------------------------------------------

def test_a_log_in_a_folder_that_does_not_exist_is_refused(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    for events in ([START], [NEXT], ["undo"]):
        code, _, err = run(capsys, "do", str(tmp_path / "nodir" / "x.jsonl"), *events)
        assert code == 2 and f"its folder {str(tmp_path / 'nodir')!r} does not exist" in err
        assert "Create the folder first (mkdir -p" in err and "nothing was written" in err
    (tmp_path / "file").write_text("")
    code, out, _ = run(capsys, "do", str(tmp_path / "file" / "x.jsonl"), START, "--json")
    assert code == 2 and "is a file, not a folder" in json.loads(out)["error"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]
    (tmp_path / "dir").mkdir()
    assert run(capsys, "do", str(tmp_path / "dir" / "x.jsonl"), START)[0] == 0


def test_the_page_still_makes_its_own_log_folder(_isolated_user_data: Path) -> None:
    from companion.views.tmnt import GameTracker

    g = GameTracker(None, [])  # (its default log, in the user data folder's logs folder, made for it)
    g.first.value = 0
    g.new_game.click()
    assert g.state.started and (_isolated_user_data / "logs" / "tmnt.jsonl").exists()
