"""Session 7, names and words shared: a name typed on a page is checked by the rules core's one check
(``textio.player_name``), as are a TMNT card's name, a TMNT correction's reason and a Mouse Card name
(``textio.line_problem``: one line, a limit, no invisible format character, each in its own words); a log
whose only action, its start, was cut off by a crash says the game never began (nothing is lost) and is
never changed by being looked at; TMNT says "1 Block card", "2 Block cards", never "card(s)"."""

from __future__ import annotations

import html
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion import textio, ui
from companion.errors import CompanionError, LogError, RuleError
from companion.eventlog import EventLog
from companion.mousecard import live
from companion.mousecard.live import LiveDeckTracker, name_refusal
from companion.textio import PLAYER_NAME_MAX, player_name
from companion.tmnt import attack, game
from companion.tmnt.attack import CARD_NAME_MAX, AttackSpecError, block_zones, card_name, forward_step
from companion.tmnt.game import REASON_MAX, TmntTracker, adjust_phase, deck_runs_out, why_not_reason
from companion.village.game import VillageTracker

from .helpers import run_cli

ZWSP = "\u200b"  # a zero-width space: an invisible format character


def boxes(*typed: str) -> list[Any]:
    """Text boxes as a page holds them (only their value is read)."""
    return [SimpleNamespace(value=t) for t in typed]


# -- 1. a page's player names are checked as the rules core checks them -----------------------------

@pytest.mark.parametrize("typed", ["A" * (PLAYER_NAME_MAX + 1), f"An{ZWSP}n", "Ann" + " Lee" * 10])
def test_a_name_typed_on_a_page_is_refused_in_the_rules_cores_words(typed: str) -> None:
    with pytest.raises(CompanionError) as core:
        player_name(typed, 2)
    with pytest.raises(CompanionError) as page:
        ui.player_names(boxes("Ann", typed))
    assert page.value.render() == core.value.render()
    expected = f"(expected a name on one line, at most {PLAYER_NAME_MAX} characters; found '"
    assert expected in page.value.render()


def test_a_page_still_trims_its_boxes_and_names_an_empty_one() -> None:
    assert ui.player_names(boxes("  Ann \t Lee ", "")) == ["Ann Lee", "Player 2"]
    assert ui.player_names(boxes("x" * PLAYER_NAME_MAX, "Bob")) == ["x" * PLAYER_NAME_MAX, "Bob"]


def test_the_tmnt_page_refuses_a_long_name_before_anything_is_written(tmp_path: Path) -> None:
    from companion.views.tmnt import GameTracker

    path = tmp_path / "t.jsonl"
    page = GameTracker(path)
    page.names[0].value, page.names[1].value = "z" * 41, "Bob"
    page.new_game.click()
    shown = html.unescape(page.setup_msg.value)
    assert "player 1's name is 41 characters long (expected a name on one line, at most 40 characters; " \
           "found 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…'). Shorten it." in shown
    assert not page.state.started and not path.exists()


# -- 2. one check of a short text, in each place's words ----------------------------------------------

def test_every_place_checks_its_text_through_the_one_checker(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    real = textio.line_problem

    def spy(text: str, what: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(what)
        return real(text, what, *args, **kwargs)

    for module in (textio, attack, game, live):
        monkeypatch.setattr(module, "line_problem", spy)
    ui.player_names(boxes("Ann", "Bob"))
    card_name("Leonardo")
    why_not_reason("Splinter's text")
    name_refusal("character", "Pip")
    assert seen == ["player 1's name", "player 2's name", "a card's name", "correct: 'reason'",
                    "a character's name"]


@pytest.mark.parametrize(("name", "said"), [
    (f"Leo{ZWSP}nardo", "attack.attacks[0]: a card's name holds an invisible format character (U+200B ZERO "
                        "WIDTH SPACE) (expected a name on one line, at most 120 characters; found "
                        "'Leo\\u200bnardo'). Type the name again without it."),
    ("k" * 121, "attack.attacks[0]: a card's name is 121 characters long, 1 too many (expected a name on one "
                "line, at most 120 characters; found …'kkkkkkkkkkkkkkkkkkkkkkkk', then past character 120: "
                "'k'). Shorten it."),
    ("Kick\nSlam", "attack.attacks[0]: a card's name must be one line (no line break, tab or other control "
                   "character) (expected a name on one line, at most 120 characters; found 'Kick\\nSlam'). "
                   "Write the name on one line."),
])
def test_a_tmnt_cards_name_is_checked_as_every_new_name(name: str, said: str) -> None:
    with pytest.raises(AttackSpecError) as refused:
        card_name(name, where="attack.attacks[0]")
    assert refused.value.render() == said
    assert card_name("  Leo   nardo ") == "Leo nardo"
    assert card_name("k" * CARD_NAME_MAX) == "k" * CARD_NAME_MAX
    assert card_name(f"Leo{ZWSP}", logged=True) == f"Leo{ZWSP}"  # a logged line: read as it was


def test_a_tmnt_card_name_with_a_hidden_character_is_refused_by_the_tracker(tmp_path: Path) -> None:
    t = TmntTracker(EventLog(tmp_path / "t.jsonl"))
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0})
    while t.state.phase != "flip":
        t.do({"event": "next"})
    t.do({"event": "flip", "card": "character"})
    t.do({"event": "next"})
    before = (tmp_path / "t.jsonl").read_bytes()
    with pytest.raises(CompanionError, match="a card's name holds an invisible format character"):
        t.do({"event": "attack", "character": "wind:3",
              "attacks": [{"attribute": "fire", "power": 1, "name": f"Kick{ZWSP}"}]})
    assert (tmp_path / "t.jsonl").read_bytes() == before


@pytest.mark.parametrize(("reason", "said"), [
    (f"Splinter{ZWSP}", "correct: 'reason' holds an invisible format character (U+200B ZERO WIDTH SPACE) "
                        "(expected a reason on one line, at most 200 characters; found 'Splinter\\u200b'). "
                        "Type the reason again without it."),
    ("y" * (REASON_MAX + 1), "correct: 'reason' is 201 characters long, 1 too many (expected a reason on one "
                             "line, at most 200 characters; found …'yyyyyyyyyyyyyyyyyyyyyyyy', then past "
                             "character 200: 'y'). Shorten it."),
    ("a\nb", "correct: 'reason' must be one line (no line break, tab or other control character) (expected "
             "a reason on one line, at most 200 characters; found 'a\\nb'). Write the reason on one line."),
    (3, "correct: 'reason' must be text, not 3 (expected a reason on one line, at most 200 characters). "
        "Write it in quotes, e.g. \"reason\": \"Splinter's text\"."),
])
def test_a_corrections_reason_is_checked_as_a_name_is_in_its_own_words(reason: object, said: str) -> None:
    refused = why_not_reason(reason)
    assert isinstance(refused, LogError) and refused.render() == said
    page = why_not_reason(reason, "the Reason")  # (the page's box, by its name)
    assert page is not None and page.message.startswith("the Reason ")
    assert why_not_reason("  Splinter's text  ") is None and why_not_reason("x" * REASON_MAX) is None


def test_a_mouse_card_name_is_checked_as_every_new_name_with_its_count_over() -> None:
    hidden = name_refusal("player", f"Pip{ZWSP}")
    assert hidden is not None and hidden.render() == (
        "player: a player's name holds an invisible format character (U+200B ZERO WIDTH SPACE) (expected a "
        "name on one line, at most 60 characters; found 'Pip\\u200b'). Type the name again without it.")
    long = name_refusal("character", "x" * 60 + "Z")
    assert long is not None and long.message == "a character's name is 61 characters long, 1 too many"
    assert long.found == "…'xxxxxxxxxxxxxxxxxxxxxxxx', then past character 60: 'Z'"
    # counted as kept: spaces collapsed and in composed form (a separate accent is one character)
    assert name_refusal("player", "e\u0301" * 60) is None and name_refusal("player", "  Pip   Pop ") is None
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    with pytest.raises(RuleError) as refused:
        t.do({"event": "award", "player": f"Pip{ZWSP}"})
    assert refused.value.render() == hidden.render()


def test_the_shared_check_keeps_a_players_and_a_village_cards_words() -> None:
    """(A name is ``line_problem``'s default words: nothing said of a count over.)"""
    long = textio.line_problem("A" * 41, "player 2's name", 40, error=RuleError, collapse=True)
    assert long is not None and long.render() == (
        "player 2's name is 41 characters long (expected a name on one line, at most 40 characters; found "
        "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…'). Shorten it.")
    assert textio.line_problem("Pip", "the name", 3, error=RuleError) is None


# -- 3. a start cut off by a crash: the game never began ---------------------------------------------

CUT_START = b'{"event": "start", "players": ["Ann", "B'


@pytest.mark.parametrize(("game_name", "data", "line"), [
    ("village", CUT_START, 1),
    ("tmnt", b'{"event": "log", "tracker": "tmnt"}\n' + CUT_START, 2),
])
def test_replaying_a_log_whose_start_was_cut_says_the_game_never_began(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game_name: str, data: bytes, line: int) -> None:
    log = tmp_path / "g.jsonl"
    log.write_bytes(data)
    code, out, err = run_cli(capsys, game_name, "replay", str(log))
    assert code == 1 and out.startswith(
        f"No game under way in this log: its start (line {line}) was cut off mid-write by a crash, before "
        "any action was logged: the game never began. Nothing of the table's state is lost: start the game "
        f"again. Start one with: companion {game_name} do ")
    assert "put the start line back" not in out and "cut mid-write" in err
    assert log.read_bytes() == data and list(tmp_path.iterdir()) == [log]  # looked at, never changed


def test_a_tracker_on_such_a_log_says_so_and_a_new_start_begins_the_game(tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    log.write_bytes(CUT_START)
    t = VillageTracker(EventLog(log))  # (a writable open sets the cut line aside, as after any crash)
    assert (tmp_path / "v.jsonl.damaged").read_bytes() == CUT_START + b"\n"
    none = t.no_start()
    assert none is not None and none.reason == "missing"
    assert none.why == ("its start was cut off mid-write by a crash (the half-written line is in "
                        "v.jsonl.damaged), before any action was logged: the game never began")
    assert none.hint.startswith("Nothing of the table's state is lost: start the game again. Start one with:")
    with pytest.raises(RuleError) as refused:
        t.do({"event": "draw"})
    said = refused.value.render()
    assert "the game never began" in said and "start the game again" in said
    assert log.read_bytes() == b""  # nothing started for the table by itself
    t.do({"event": "start", "players": ["Ann", "Bob"], "seed": 1})
    assert t.state.started and t.no_start() is None
    assert (tmp_path / "v.jsonl.damaged").read_bytes() == CUT_START + b"\n"


def test_a_mouse_card_session_says_it_in_its_own_words(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "m.jsonl"
    log.write_bytes(b'{"event": "start", "seed": 5, "ti')
    code, out, _ = run_cli(capsys, "mousecard", "replay", str(log))
    assert code == 1 and "the session never began. Nothing of the table's state is lost: start the session " \
                         f"again. Start one with: companion mousecard new {log}" in out


@pytest.mark.parametrize("data", [
    b'{"event": "start", "players": ["Ann", "Bob"], "seed": 1}\n{"event": "draw", "pl',  # a game under way
    b'{"event": "draw", "pl',  # not a start: the start was lost, as before
])
def test_other_cut_lines_are_said_as_before(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           data: bytes) -> None:
    log = tmp_path / "g.jsonl"
    log.write_bytes(data)
    _code, out, _err = run_cli(capsys, "village", "replay", str(log))
    assert "never began" not in out


# -- 4. real plurals in TMNT's words ------------------------------------------------------------------

def test_tmnt_says_its_counts_with_real_plurals() -> None:
    with pytest.raises(CompanionError) as one:
        forward_step(3, blocks=1, face_up=[2])
    assert one.value.message == "face-up Block cards [2] are not among the 1 Block card"
    with pytest.raises(CompanionError) as zones:
        block_zones(1, [1, 2])
    assert zones.value.message.startswith("the Block Zones of 1 Block card must be 1 Zone 1 to 4 in order")
    with pytest.raises(CompanionError) as zones:
        block_zones(2, [3, 3])
    assert zones.value.message.startswith("the Block Zones of 2 Block cards must be 2 different Zones")
    adj = adjust_phase(hand=5, deck=1, empty_zones=1)
    said = deck_runs_out(adj, "Bob", "Ann")
    assert said is not None and said.startswith("Game Over: Bob's Deck holds 1 card and this Adjust Phase")


def test_the_tmnt_set_phase_says_block_zones_in_words() -> None:
    t = TmntTracker()
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0})
    t.do({"event": "correct", "player": 0, "hand": 1, "zones": ["down", "down", "empty", "down"]})
    assert "Warning: Block Zone 3 left empty;" in t.state.message
    t.do({"event": "correct", "player": 0, "hand": 0, "zones": ["down", "empty", "empty", "down"]})
    assert "Warning: Block Zones 2, 3 left empty;" in t.state.message
    refused = game.why_not_fill(t.state.players[0])
    assert refused is not None and refused.message.startswith("2 empty Block Zones but only 0 cards in Ann's")
    t.do({"event": "correct", "player": 0, "hand": 1, "zones": ["down", "down", "empty", "empty"]})
    refused = game.why_not_fill(t.state.players[0])
    assert refused is not None and refused.message.startswith("2 empty Block Zones but only 1 card in Ann's")


def at_the_attack(bobs_deck: int = 40) -> TmntTracker:
    """Ann's first Attack Phase (her 1st Block card a Character), Bob's Deck of ``bobs_deck`` cards."""
    t = TmntTracker()
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0})
    while t.state.phase != "flip":
        t.do({"event": "next"})
    t.do({"event": "flip", "card": "character"})
    t.do({"event": "next"})
    t.do({"event": "correct", "player": 1, "deck": bobs_deck})
    return t


@pytest.mark.parametrize(("power", "deck", "said"), [
    (0, 40, "Bob flips 1 Block card from the 1st"),
    (1, 40, "Bob flips 2 Block cards from the 1st"),
    (5, 1, "Bob flips 4 Block cards from the 1st; Bob sends the last 1 card of the Deck to the Trash"),
    (6, 2, "Bob flips 4 Block cards from the 1st; Bob sends the last 2 cards of the Deck to the Trash"),
])
def test_the_tmnt_forward_step_says_block_cards_in_words(power: int, deck: int, said: str) -> None:
    t = at_the_attack(deck)
    t.do({"event": "attack", "character": f"wind:{power}", "attacks": ["fire:1"]})
    assert said in t.state.message and "(s)" not in t.state.message


def test_the_tmnt_pages_adjust_preview_says_block_zones_in_words(tmp_path: Path) -> None:
    from companion.views.tmnt import GameTracker

    page = GameTracker(tmp_path / "t.jsonl")
    page.names[0].value, page.names[1].value = "Ann", "Bob"
    page.first.value = 0
    page.new_game.click()
    while page.state.phase != "flip":
        page.next.click()
    page.tracker.do({"event": "correct", "player": 1, "zones": ["down", "down", "empty", "down"]})
    page.flip_buttons[2].click()  # an Item: no attack, Ann's turn ends; Bob's next turn is previewed
    page.next.click()
    assert page.state.phase == "attack" and "Bob, next turn" in page.adjust.value
    assert "draw 1 + 1 empty Block Zone = " in page.adjust.value and "(s)" not in page.adjust.value
