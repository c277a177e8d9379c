"""The Mouse Card live deck: seeded and typed-in draws, reshuffles, fate chips, replay, undo, CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.errors import CompanionError, LogError, RuleError
from companion.mousecard.deck import ACE, FULL_DECK, KING, parse_card
from companion.mousecard.live import LiveDeckTracker, draw_event, open_live_deck
from companion.mousecard.odds import TaskCheck, exact_odds


def typed(t: LiveDeckTracker, character: str, cards: str, **check: object) -> None:
    c = TaskCheck(**{"skill": 3, "target": "J", **check})  # type: ignore[arg-type]
    t.do(draw_event(character, "task", c, [x.strip() for x in cards.split(",")]))


def started(path: Path | None = None, seed: int = 11) -> LiveDeckTracker:
    t = LiveDeckTracker(path)
    t.do({"event": "start", "seed": seed})
    return t


def test_a_seeded_session_replays_exactly_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "session.jsonl"
    t = started(path)
    for i in range(6):
        t.do(draw_event("Pip", "climb", TaskCheck(4, "J", situation="combat",
                                                  mode="broke" if i % 2 else "cautious")))
    again = open_live_deck(str(path))
    assert again.state == t.state
    assert len(t.state.order) + len(t.state.discards) == 54
    assert set(t.state.order).isdisjoint(t.state.discards)


def test_a_seeded_draw_logs_its_cards_and_keeps_them_when_a_line_before_it_is_lost(tmp_path: Path) -> None:
    # the cards come from the seed, but the table saw them: a damaged line earlier in the log
    # (the shuffle then deals otherwise) must not re-deal every later draw
    path = tmp_path / "session.jsonl"
    t = started(path)
    t.do(draw_event("Pip", "climb", TaskCheck(3, "J")))
    t.do({"event": "award", "player": "Pip", "chips": 2})
    t.do(draw_event("Moss", "sneak", TaskCheck(3, "J")))
    moss = t.state.draws[-1].cards
    logged = [json.loads(line) for line in path.read_text().splitlines()]
    assert logged[-1]["drawn"] == [c.short for c in moss]  # the draw's cards, as dealt
    assert logged[2]["drawn"] == [c.short for c in t.state.draws[0].cards]
    assert open_live_deck(str(path)).state == t.state  # a clean replay: the same, no note
    lines = path.read_text().splitlines()
    lines[2] = '{"event": "draw", "charac'  # Pip's draw is lost
    path.write_text("\n".join(lines) + "\n")
    again = open_live_deck(str(path), read_only=True)
    (rec,) = again.state.draws
    assert rec.character == "Moss" and rec.cards == moss  # not Pip's cards, re-dealt
    assert "this line or one before it was lost or changed" in again.state.journal[-1]
    assert [p.line for p in again.problems] == [3]


def test_a_seeded_draw_on_logs_only_its_new_cards() -> None:
    t = started(seed=3)
    t.do({"event": "award", "player": "Pip", "chips": 3})
    for _ in range(40):  # deal until a cautious draw stops at a bad card it can cancel and go on
        t.do(draw_event("Pip", "climb", TaskCheck(6, "K", need=3, situation="combat")))
        rec = t.state.draws[-1]
        if rec.stopped == "bad card" and rec.draws_left:
            break
    else:  # pragma: no cover - seed 3 gets there
        pytest.fail("no draw stopped at a bad card")
    t.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "cancel"})
    before = len(t.state.draws[-1].cards)
    t.do({"event": "draw_on", "character": "Pip"})
    logged = t.history[-1]
    assert logged["drawn"] == [c.short for c in t.state.draws[-1].cards[before:]] and logged["drawn"]


def test_typed_cards_are_marked_and_leave_the_deck() -> None:
    t = started()
    typed(t, "Pip", "QH, 3S, 2H", skill=3, situation="combat", aged=1)
    rec = t.state.draws[-1]
    # combat with Aged 1: 2♥ is bad, so the cautious draw stops there
    assert [m for _c, m in rec.marks()] == ["success", "miss", "bad"]
    assert rec.successes == 1 and rec.bad_in_effect == 1 and rec.stopped == "bad card"
    assert parse_card("QH") not in t.state.order and len(t.state.order) == 51


def test_a_cautious_draw_cannot_go_on_after_a_bad_card() -> None:
    t = started()
    with pytest.raises(RuleError, match="too many"):
        typed(t, "Pip", "red joker, QH", skill=3, situation="combat")
    assert not t.state.draws  # refused before anything was logged


def test_going_for_broke_draws_past_bad_cards() -> None:
    t = started()
    typed(t, "Pip", "red joker, QH, 2S", skill=3, situation="combat", mode="broke")
    rec = t.state.draws[-1]
    assert rec.successes == 1 and rec.bad_in_effect == 1 and rec.succeeded
    assert rec.reshuffles == 1 and len(t.state.order) == 54  # the joker sent every card back


def test_a_joker_reshuffles_mid_draw_so_a_card_can_come_again() -> None:
    t = started()
    typed(t, "Pip", "QH, black joker, QH", skill=3, need=3)
    rec = t.state.draws[-1]
    assert rec.reshuffles == 1 and rec.successes == 2
    assert len(t.state.order) == 53


def test_a_card_already_drawn_is_refused() -> None:
    t = started()
    typed(t, "Pip", "QH", skill=1)
    with pytest.raises(RuleError, match="already drawn"):
        typed(t, "Tam", "QH", skill=1)


def test_a_king_allows_one_more_card_but_not_two() -> None:
    t = started()
    typed(t, "Pip", "KS, 3S", skill=1, target="A")
    assert len(t.state.draws[-1].cards) == 2
    with pytest.raises(RuleError, match="too many"):
        typed(t, "Pip", "KH, 4S, 5S", skill=1, target="A")


def test_aces_and_fate_chips_add_a_success_or_cancel_a_bad_card() -> None:
    t = started()
    t.do({"event": "award", "player": "Pip", "chips": 2})
    typed(t, "Pip", "AS, 2H", skill=2, need=3, situation="combat", aged=1)
    rec = t.state.draws[-1]
    assert rec.total_successes == 1 and rec.aces_unspent == 1 and rec.bad_in_effect == 1
    t.do({"event": "bonus", "character": "Pip", "source": "ace", "use": "success"})
    t.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "cancel"})
    t.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "success"})
    rec = t.state.draws[-1]
    assert (rec.total_successes, rec.bad_in_effect, rec.succeeded) == (3, 0, True)
    assert t.state.chips_of("Pip") == 0
    with pytest.raises(RuleError, match="no unspent ace"):
        t.do({"event": "bonus", "character": "Pip", "source": "ace", "use": "success"})
    with pytest.raises(RuleError, match="no fate chip"):
        t.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "success"})


def test_going_for_broke_no_kings_card_follows_a_bad_card() -> None:
    # mouse-card-system.txt, Task checks: after a bad card no more cards this round
    t = started()
    with pytest.raises(RuleError, match="no card follows a bad card"):
        typed(t, "Pip", "KS, red joker, QH", skill=2, situation="combat", mode="broke")
    typed(t, "Pip", "KS, red joker", skill=2, situation="combat", mode="broke")
    assert len(t.state.draws[-1].cards) == 2
    typed(t, "Tam", "KH, 3S, QH", skill=2, mode="broke", need=2)  # no bad card: the king's card comes
    assert t.state.draws[-1].total_successes == 2
    for seed in range(40):  # seeded: never an extra card after a bad one
        s = started(seed=seed)
        s.do(draw_event("Pip", "t", TaskCheck(6, "A", need=4, situation="red-bad", red_bad="all",
                                              mode="broke")))
        rec = s.state.draws[-1]
        hand_bad = any(rec.check.category(c)[2] for c in rec.cards[:6])
        assert not (hand_bad and len(rec.cards) > 6)
        assert all(not rec.check.category(c)[2] for c in rec.cards[6:-1])  # extras end at a bad one


def test_a_seeded_draw_stops_once_an_unspent_ace_makes_it_sure() -> None:
    seed = next(n for n in range(500) if started(seed=n).state.order[0].rank == ACE)
    t = started(seed=seed)
    t.do(draw_event("Pip", "leap", TaskCheck(5, "J", need=2)))
    rec = t.state.draws[-1]
    # the ace is one success and one more to spend: the player is sure and stops
    assert len(rec.cards) == 1 and rec.stopped == "task done" and rec.sure and not rec.succeeded
    assert rec.summary().endswith("1 success of 2 needed, sure: spend 1 ace as a success")
    t.do({"event": "bonus", "character": "Pip", "source": "ace", "use": "success"})
    assert t.state.draws[-1].succeeded


def test_a_cautious_draw_goes_on_after_its_bad_card_is_cancelled() -> None:
    t = started()
    t.do({"event": "award", "player": "Pip"})
    typed(t, "Pip", "QH, red joker", skill=3, need=2, situation="combat")
    with pytest.raises(RuleError, match="cancel it with an ace or a fate chip first"):
        t.do({"event": "draw_on", "character": "Pip", "cards": ["KS"]})
    t.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "cancel"})
    assert t.state.draws[-1].can_draw_on and t.state.draws[-1].draws_left == 1
    with pytest.raises(RuleError, match="too many"):
        t.do({"event": "draw_on", "character": "Pip", "cards": ["3S", "4S"]})
    t.do({"event": "draw_on", "character": "Pip", "cards": ["KS"]})  # a success, and a king's card
    rec = t.state.draws[-1]
    assert len(t.state.draws) == 1 and len(rec.cards) == 3
    assert (rec.total_successes, rec.succeeded, rec.cancelled, rec.chips_spent) == (2, True, 1, 1)
    assert "draws on" in t.state.journal[-1]
    with pytest.raises(RuleError, match="has succeeded"):
        t.do({"event": "draw_on", "character": "Pip"})
    t.undo()
    assert len(t.state.draws[-1].cards) == 2 and t.state.draws[-1].can_draw_on


def test_the_house_readings_travel_with_a_draw() -> None:
    t = started()
    t.do({"event": "award", "player": "Pip"})
    check = TaskCheck(3, "J", need=2, situation="red-bad", red_bad="all", bad_succeeds=False,
                      cancel_draws_on=False)
    t.do(draw_event("Pip", "climb", check, ["QH"]))  # bad, and (this reading) no success
    rec = t.state.draws[-1]
    assert rec.successes == 0 and [m for _c, m in rec.marks()] == ["bad"]
    t.do({"event": "bonus", "character": "Pip", "source": "chip", "use": "cancel"})
    with pytest.raises(RuleError, match="cancel_draws_on off"):
        t.do({"event": "draw_on", "character": "Pip", "cards": ["KS"]})
    ev = draw_event("Pip", "climb", check)  # the event carries the readings: a replay marks alike
    assert ev["bad_succeeds"] is False and ev["cancel_draws_on"] is False
    assert "bad_succeeds" not in draw_event("Pip", "climb", TaskCheck(3, "J"))


def test_an_ace_never_cancels_itself() -> None:
    # mouse-card-system.txt, How to draw cards, special effects: an ace cancels *another* card
    t = started()
    typed(t, "Pip", "AH, 5S", skill=2, situation="red-bad", red_bad="all", mode="broke")
    with pytest.raises(RuleError, match="not itself"):
        t.do({"event": "bonus", "character": "Pip", "source": "ace", "use": "cancel"})
    typed(t, "Tam", "AS, AD", skill=2, situation="red-bad", red_bad="all", mode="broke")
    t.do({"event": "bonus", "character": "Tam", "source": "ace", "use": "cancel"})  # the other ace
    assert t.state.draws[-1].bad_in_effect == 0


def test_an_empty_list_of_typed_cards_is_refused() -> None:
    t = started()
    with pytest.raises(RuleError, match="no cards typed in"):
        t.do({"event": "draw", "character": "Pip", "skill": 2, "target": "J", "cards": []})
    assert not t.state.draws


def test_names_match_ignoring_case() -> None:
    t = started()
    t.do({"event": "award", "player": "Pip"})
    typed(t, "pip", "3S", skill=1)
    t.do({"event": "bonus", "character": "PIP", "source": "chip", "use": "success"})
    assert t.state.chips == (("Pip", 0),) and t.state.draws[-1].character == "Pip"


def test_a_reshuffle_for_an_empty_deck_is_not_a_joker() -> None:
    t = started()
    rest = [c for c in FULL_DECK if not c.is_joker and c.rank != KING]
    for i in range(0, 40, 10):  # 40 plain cards out by typed hands: 14 left, both jokers among them
        typed(t, "Pip", ", ".join(c.id for c in rest[i:i + 10]), skill=10, mode="broke")
    leftover = [c for c in rest[40:]]
    typed(t, "Pip", ", ".join(c.id for c in leftover), skill=len(leftover), mode="broke")
    assert len(t.state.order) == 6  # 2 jokers and 4 kings
    t.do(draw_event("Tam", "t", TaskCheck(8, "2", mode="broke")))  # 8 > 6 cards: reshuffled first
    rec = t.state.draws[-1]
    assert rec.empty_reshuffles == 1
    assert rec.reshuffles - rec.empty_reshuffles == (1 if rec.jokers_drawn else 0)


def test_fate_chips_per_player_award_and_spend() -> None:
    t = started()
    t.do({"event": "award", "player": "Pip", "chips": 2, "reason": "great role-play"})
    t.do({"event": "award", "player": "Tam"})
    t.do({"event": "spend", "player": "Pip", "reason": "deus ex machina"})
    assert dict(t.state.chips) == {"Pip": 1, "Tam": 1}
    with pytest.raises(RuleError, match="cannot spend 2"):
        t.do({"event": "spend", "player": "Tam", "chips": 2})
    assert "great role-play" in t.state.journal[1]


def test_end_of_chapter_reshuffles_and_undo_redo_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    t = started(path)
    typed(t, "Pip", "QH, 3S", skill=2)
    t.do({"event": "reshuffle", "reason": "chapter"})
    assert t.state.chapter == 2 and len(t.state.order) == 54
    t.undo()
    assert t.state.chapter == 1 and len(t.state.order) == 52
    resumed = open_live_deck(str(path))
    assert resumed.state == t.state and resumed.can_redo
    resumed.redo()
    assert resumed.state.chapter == 2
    resumed.undo()
    resumed.undo()
    assert resumed.state.draws == () and len(resumed.state.order) == 54


def test_every_action_needs_a_session_but_an_older_logs_lines_still_replay(tmp_path: Path) -> None:
    t = LiveDeckTracker()
    for event in (draw_event("Pip", "x", TaskCheck(2, "J")),
                  draw_event("Pip", "x", TaskCheck(1, "J"), ["QH"]),
                  {"event": "award", "player": "Pip"}, {"event": "reshuffle"}):
        with pytest.raises(RuleError, match="no session is under way"):
            t.do(event)
    assert not t.history
    log = tmp_path / "old.jsonl"  # written by a version that allowed typed draws without a start
    log.write_text('{"event": "draw", "character": "Pip", "skill": 1, "target": "J", "cards": ["QH"]}\n'
                   '{"event": "award", "player": "Pip"}\n')
    old = open_live_deck(str(log))
    assert not old.problems and old.state.draws[-1].succeeded and old.state.chips_of("Pip") == 1
    with pytest.raises(RuleError, match="no session"):
        old.do({"event": "award", "player": "Pip"})


def _start_undone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A log begun with 'mousecard new' whose start was then undone (output read off)."""
    log = str(tmp_path / "s.jsonl")
    assert main(["mousecard", "new", log, "--seed", "1"]) == 0
    assert main(["mousecard", "undo", log]) == 0
    capsys.readouterr()
    return log


def test_a_replay_after_the_start_is_undone_says_there_is_no_session(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _start_undone(tmp_path, capsys)
    assert main(["mousecard", "replay", log]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No session under way in this log") and "cards in the deck" not in out


def test_bad_lines_in_a_log_are_reported_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text('{"event": "start", "seed": 1}\n{"event": "fly"}\n'
                    '{"event": "draw", "character": "Pip", "skill": 0, "target": "J"}\n'
                    '{"event": "award", "player": "Pip"}\n')
    t = open_live_deck(str(path))
    assert [p.line for p in t.problems] == [2, 3]
    assert t.state.chips_of("Pip") == 1


def test_unknown_events_and_malformed_fields_are_log_errors() -> None:
    t = started()
    with pytest.raises(LogError):
        t.do({"event": "teleport"})
    with pytest.raises(LogError):
        t.do({"event": "draw", "character": "Pip", "skill": "three", "target": "J"})
    with pytest.raises(CompanionError):
        t.do({"event": "draw", "character": "Pip", "skill": 2, "target": "J", "cards": ["ZZ"]})


def test_the_odds_can_use_the_live_decks_remaining_cards() -> None:
    t = started()
    typed(t, "Pip", "QH, QS, QD, QC", skill=4, need=4)
    live = exact_odds(TaskCheck(1, "Q"), t.state.remaining)
    # 50 cards left; Q or better: 4 K + 4 A = 8
    assert live.single_card_odds == "8:42"
    assert live.p_success == pytest.approx(8 / 50)


# -- CLI ------------------------------------------------------------------------------------------

def test_cli_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mousecard", "--skill", "1", "--target", "J", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["p_success_exact"] == "8/27" and out["p_success"] == pytest.approx(8 / 27)
    assert out["single_card_odds"] == "16:38"
    assert {"p_bad", "p_several_bad", "successes", "expected_cards"} <= set(out)


def test_cli_odds_house_readings_are_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["odds", "mousecard", "--skill", "3", "--target", "J", "--need", "2", "--situation", "red-bad",
            "--red-bad", "all", "--fate-chips", "1", "--json"]
    assert main(argv) == 0
    default = json.loads(capsys.readouterr().out)
    assert main([*argv, "--bad-not-success", "--cancel-ends-draw"]) == 0
    house = json.loads(capsys.readouterr().out)
    assert house["check"]["bad_succeeds"] is False and house["check"]["cancel_draws_on"] is False
    assert default["check"]["bad_succeeds"] is True and house["p_success"] < default["p_success"]
    assert any("cancel_draws_on off" in n for n in house["notes"])


def test_cli_odds_text_names_the_rule_book(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mousecard", "--skill", "3", "--target", "Q", "--situation", "combat",
                 "--aged", "1", "--mode", "broke", "--fate-chips", "1"]) == 0
    out = capsys.readouterr().out
    assert "P(success)" in out and "mouse-card-system.txt" in out


@pytest.mark.parametrize("argv", [
    ["--skill", "0", "--target", "J"], ["--skill", "2", "--target", "1"],
    ["--skill", "2", "--target", "J", "--situation", "war"], ["--skill", "x", "--target", "J"],
    ["--skill", "2", "--target", "J", "--aged", "13"], ["--skill", "2", "--target", "J", "--need", "0"],
    ["--skill", "2", "--target", "J", "--mode", "reckless"],
    ["--skill", "2", "--target", "J", "--deck-log", ""],  # never taken for the full deck
])
def test_cli_bad_input_exits_2_with_a_message(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "mousecard", *argv]) == 2
    err = capsys.readouterr().err
    assert err.strip() and "Traceback" not in err


def test_cli_live_deck_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert main(["mousecard", "new", log, "--seed", "5"]) == 0
    assert main(["mousecard", "draw", log, "--character", "Pip", "--task", "climb", "--skill", "3",
                 "--target", "J", "--situation", "combat"]) == 0
    assert main(["mousecard", "draw", log, "--character", "Tam", "--skill", "2", "--target", "Q",
                 "--cards", "QH 3s"]) == 0
    assert main(["mousecard", "award", log, "Pip", "--chips", "2"]) == 0
    assert main(["mousecard", "undo", log]) == 0
    assert main(["mousecard", "reshuffle", log, "--chapter"]) == 0
    capsys.readouterr()
    assert main(["mousecard", "replay", log, "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["chapter"] == 2 and state["fate_chips"] == {}
    assert [d["character"] for d in state["draws"]] == ["Pip", "Tam"]
    assert state["draws"][1]["cards"] == ["Q♥", "3♠"]
    assert main(["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", log, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deck_size"] == 54
    assert main(["mousecard", "spend", log, "Nobody"]) == 2
    assert main(["mousecard", "replay", str(tmp_path / "missing.jsonl")]) == 2


def test_cli_draw_on_undo_says_what_it_undid_and_a_cut_line_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    assert main(["mousecard", "new", str(log)]) == 0  # a random seed, recorded
    seed = json.loads(log.read_text().splitlines()[1])["seed"]  # (line 1 names the tracker)
    assert isinstance(seed, int)
    assert main(["mousecard", "award", str(log), "Pip"]) == 0
    assert main(["mousecard", "draw", str(log), "--character", "Pip", "--skill", "3", "--target", "J",
                 "--need", "2", "--situation", "combat", "--cards", "QH, red joker"]) == 0
    assert main(["mousecard", "draw-on", str(log), "--character", "Pip", "--cards", "KS"]) == 2
    assert main(["mousecard", "bonus", str(log), "Pip", "--source", "chip", "--use", "cancel"]) == 0
    capsys.readouterr()
    assert main(["mousecard", "draw-on", str(log), "--character", "Pip", "--cards", "KS"]) == 0
    assert "draws on" in capsys.readouterr().out
    assert main(["mousecard", "undo", str(log)]) == 0
    assert capsys.readouterr().out.startswith("Undone: Pip draws on")
    assert main(["mousecard", "redo", str(log)]) == 0
    assert capsys.readouterr().out.startswith("Redone: Pip draws on")
    with log.open("a", encoding="utf-8") as fh:
        fh.write('{"event": "award", "pla')
    assert main(["mousecard", "award", str(log), "Tam"]) == 0
    err = capsys.readouterr().err
    assert "cut off by a crash" in err and "s.jsonl.damaged" in err


_CANCEL = ["bonus", "Pip", "--source", "chip", "--use", "cancel"]


@pytest.mark.parametrize(("prep", "argv", "line"), [
    ([], ["new", "--seed", "8", "--title", "Night"], "Session started (seed 8)."),
    ([], ["draw", "--character", "Tam", "--skill", "1", "--target", "J", "--cards", "QS"], "#2 Tam"),
    ([_CANCEL], ["draw-on", "--character", "Pip", "--cards", "KS"], "Pip draws on:"),
    ([], ["award", "Tam", "--chips", "2", "--reason", "a fine song"],
     "Tam receives 2 fate chips — a fine song (now 2)."),
    ([], ["spend", "Pip"], "Pip spends 1 fate chip (now 0)."),
    ([], _CANCEL, "Pip spends a fate chip on draw #1: cancels a bad card"),
    ([], ["reshuffle", "--chapter"], "End of chapter: deck reshuffled; chapter 2 begins."),
    ([_CANCEL], ["undo"], "Undone: Pip spends a fate chip on draw #1"),
    ([_CANCEL, ["undo"]], ["redo"], "Redone: Pip spends a fate chip on draw #1"),
])
def test_cli_live_deck_actions_print_the_state_as_json(prep: list[list[str]], argv: list[str], line: str,
                                                       tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Each action's --json is the state 'replay --json' prints after it, plus its journal line."""
    log = str(tmp_path / "s.jsonl")
    if argv[0] != "new":
        assert main(["mousecard", "new", log, "--seed", "8"]) == 0
        assert main(["mousecard", "award", log, "Pip"]) == 0
        assert main(["mousecard", "draw", log, "--character", "Pip", "--skill", "3", "--target", "J",
                     "--need", "2", "--situation", "combat", "--cards", "QH, red joker"]) == 0
    for words in prep:
        assert main(["mousecard", words[0], log, *words[1:]]) == 0
    capsys.readouterr()
    assert main(["mousecard", argv[0], log, *argv[1:], "--json"]) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    said = doc.pop("line")
    assert said.startswith(line) and doc["log"] == log and doc["warnings"] == [] and err == ""
    if argv[0] not in ("undo", "redo"):
        assert said == doc["history"][-1]
    assert main(["mousecard", "replay", log, "--json"]) == 0
    assert doc == json.loads(capsys.readouterr().out)  # (the replay names its log and warnings too)


def test_cli_live_deck_action_json_shows_the_result_and_errors_as_json(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    assert main(["mousecard", "new", str(log), "--seed", "3"]) == 0
    capsys.readouterr()
    assert main(["mousecard", "draw", str(log), "--character", "Pip", "--skill", "2", "--target", "Q",
                 "--cards", "QH 3s", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["line"] == doc["history"][-1] and doc["cards_remaining"] == 52
    assert doc["draws"] == [{**doc["draws"][0], "character": "Pip", "cards": ["Q♥", "3♠"],
                             "marks": ["success", "miss"], "successes": 1, "succeeded": True}]
    assert main(["mousecard", "spend", str(log), "Pip", "--json"]) == 2
    assert json.loads(capsys.readouterr().out) == {
        "game": "mousecard", "error": "spend: Pip has 0 fate chips, cannot spend 1 "
                                      "(mouse-card-system.txt, Fate Chips)"}
    with log.open("a", encoding="utf-8") as fh:
        fh.write('{"event": "award", "pla')
    assert main(["mousecard", "award", str(log), "Pip", "--json"]) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["fate_chips"] == {"Pip": 1} and "cut off by a crash" in doc["warnings"][0]
    assert "cut off by a crash" in err


def test_cli_odds_refuse_a_deck_log_that_does_not_describe_a_deck(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "other.jsonl"
    bad.write_text('{"event": "wound", "mouse": "collin"}\nnot json\n')
    assert main(["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", str(bad)]) == 2
    assert "is a mystics log, not a mousecard one" in capsys.readouterr().err
    bad.write_text('{"event": "bogus"}\nnot json\n')
    assert main(["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", str(bad)]) == 2
    assert "not a companion log" in capsys.readouterr().err
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", str(empty)]) == 2
    assert "no Mouse Card session" in capsys.readouterr().err
    good = tmp_path / "s.jsonl"
    main(["mousecard", "new", str(good), "--seed", "3"])
    main(["mousecard", "draw", str(good), "--character", "Pip", "--skill", "1", "--target", "J",
          "--cards", "QH"])
    capsys.readouterr()
    assert main(["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", str(good)]) == 0
    assert "53 cards remaining" in capsys.readouterr().out


def test_full_deck_is_what_a_fresh_session_holds() -> None:
    assert sorted(started().state.order) == sorted(FULL_DECK)


_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 30), st.text(max_size=8),
                    st.lists(st.text(max_size=4), max_size=3), st.sampled_from(["J", "QH", "combat", "ace"]))
_events = st.fixed_dictionaries(
    {"event": st.sampled_from(["start", "draw", "draw_on", "bonus", "award", "spend", "reshuffle", "x"])},
    optional={k: _values for k in ("seed", "character", "task", "skill", "target", "need", "situation",
                                   "aged", "mode", "cards", "source", "use", "player", "chips", "reason")})


@given(st.lists(_events, max_size=6))
@settings(max_examples=200, deadline=None)
def test_hostile_log_lines_never_raise_anything_but_companion_error(events: list[dict]) -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    for ev in events:
        try:
            t.do(ev)
        except CompanionError:
            pass


def test_a_typed_broke_hand_is_the_whole_skill_and_a_short_deck_is_reshuffled_first() -> None:
    t = LiveDeckTracker(None)
    t.do({"event": "start", "seed": 5})
    with pytest.raises(RuleError, match="going for broke draws 3 cards at once, but 1 was typed"):
        typed(t, "Mo", "AH", skill=3, mode="broke")
    suits = ("S", "H", "D", "C")
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for s in suits:  # 52 cards drawn: two left (the jokers), fewer than the hand
        typed(t, "Mo", ", ".join(f"{r}{s}" for r in ranks[:10]), skill=10, mode="broke", target="A")
        typed(t, "Mo", ", ".join(f"{r}{s}" for r in ranks[10:]), skill=3, mode="broke", target="2")
    assert len(t.state.order) == 2
    typed(t, "Pip", "QH, 2S, 3S", skill=3, mode="broke")  # Q♥ drawn before: back after the reshuffle
    rec = t.state.draws[-1]
    assert (rec.reshuffles, rec.empty_reshuffles, rec.successes) == (1, 1, 1)
    assert len(t.state.order) == 51


def test_fate_chips_move_1_to_99_at_a_time() -> None:
    t = started()
    t.do({"event": "award", "player": "Pip", "chips": 99})
    for n in (0, 100, 10**23):
        with pytest.raises(RuleError, match=f"chips must be 1 to 99 at a time, not {n}"):
            t.do({"event": "award", "player": "Pip", "chips": n})
    assert t.state.chips_of("Pip") == 99


def test_cards_typed_with_spaces_may_include_jokers_and_words() -> None:
    from companion.mousecard.deck import parse_cards

    assert [c.short for c in parse_cards("2H 3H red joker")] == ["2♥", "3♥", "red joker"]
    assert [c.short for c in parse_cards("10 of spades QH black joker")] == ["10♠", "Q♥", "black joker"]
    with pytest.raises(CompanionError, match=r"'3X' \(in '2H 3X'\)"):
        parse_cards("2H 3X")


def test_the_mouse_card_tools_refuse_an_older_log_of_another_game_that_shares_event_kinds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    village = tmp_path / "village.jsonl"  # no first line; start and draw are Mouse Card kinds too
    village.write_text('{"event":"start","players":["A","B"],"first":0,"seed":1}\n{"event":"draw"}\n'
                       '{"event":"end_turn"}\n{"event":"draw"}\n')
    only_start = tmp_path / "v1.jsonl"
    only_start.write_text('{"event":"start","players":["A","B"],"first":0,"seed":1}\n')
    for log, whose in ((village, "a village log"), (only_start, "a tmnt or village log")):
        before = log.read_bytes()  # (a lone start with players and first would fit TMNT's too)
        assert main(["mousecard", "award", str(log), "Pip"]) == 2
        err = capsys.readouterr().err
        assert f"this is {whose}, not a mousecard one" in err and "'companion village'" in err
        assert log.read_bytes() == before
    mine = tmp_path / "mine.jsonl"  # an older Mouse Card log is still this tool's
    mine.write_text('{"event":"start","seed":3,"title":""}\n{"event":"award","player":"Pip","chips":1}\n')
    assert main(["mousecard", "award", str(mine), "Pip"]) == 0 and "(now 2)" in capsys.readouterr().out
    assert main(["village", "replay", str(mine)]) == 2
    assert "this is a mousecard log, not a village one" in capsys.readouterr().err


def test_replay_lists_problems_in_the_files_order(tmp_path: Path) -> None:
    log = tmp_path / "s.jsonl"
    log.write_text('{"event":"start","seed":3}\n{"event":"award","player":"Pip","chips":0}\n'
                   'not json\n{"event":"award","player":"Pip","chips":-1}\n')
    t = LiveDeckTracker(log)
    assert [p.line for p in t.problems] == [2, 3, 4]


def test_too_many_cards_after_a_cancelled_bad_card_names_the_skill_not_the_bad_card() -> None:
    t = started()
    t.do({"event": "award", "player": "Ann"})
    typed(t, "Ann", "red joker", skill=3, target="Q", situation="combat")
    t.do({"event": "bonus", "character": "Ann", "source": "chip", "use": "cancel"})
    before = t.state
    with pytest.raises(RuleError) as info:
        t.do({"event": "draw_on", "character": "Ann", "cards": ["2S", "3S", "4S"]})
    text = str(info.value)
    assert "1 card too many: 4♠ — " in text and "bad card" in text and "no card follows" not in text
    assert ("skill 3 allows 3 cards in this draw and 1 was drawn before the bad card was cancelled: at most "
            "2 cards more") in text and "(expected" not in text
    with pytest.raises(RuleError, match="skill 3 plus 1 king allows 4 cards in this draw and 1 was drawn "
                                        "before the bad card was cancelled: at most 3 cards more"):
        t.do({"event": "draw_on", "character": "Ann", "cards": ["2S", "KS", "3S", "4S"]})
    assert t.state == before
    t.do({"event": "draw_on", "character": "Ann", "cards": ["2S", "3S"]})  # the two it has left: allowed
    assert len(t.state.draws[-1].cards) == 3


def test_too_many_cards_in_a_fresh_draw_says_the_skills_limit() -> None:
    t = started()
    with pytest.raises(RuleError, match="1 card too many: 4♠ — skill 2 allows at most 2 cards in this draw"):
        typed(t, "Pip", "2S, 3S, 4S", skill=2)
    with pytest.raises(RuleError, match="1 card too many: 3♠ — a cautious draw stops at the first bad card, "
                                        "here red joker"):
        typed(t, "Pip", "red joker, 3S", skill=2, situation="combat")


def test_cli_the_session_start_undone_leaves_only_redo(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    assert main(["mousecard", "new", str(log), "--seed", "1"]) == 0
    assert main(["mousecard", "new", str(log), "--seed", "2"]) == 2  # a new or empty file only
    assert "already holds a session" in capsys.readouterr().err
    assert main(["mousecard", "undo", str(log)]) == 0
    assert "holds no session" in capsys.readouterr().out
    before = log.read_bytes()
    for argv in (["award", str(log), "ann"], ["reshuffle", str(log)], ["new", str(log), "--seed", "3"],
                 ["draw", str(log), "--character", "a", "--skill", "1", "--target", "J", "--cards", "QH"]):
        assert main(["mousecard", *argv]) == 2
        err = capsys.readouterr().err
        assert ("no session is under way" in err or "start was undone" in err) and "redo" in err.lower()
        assert log.read_bytes() == before
    assert main(["mousecard", "redo", str(log)]) == 0
    assert main(["mousecard", "award", str(log), "ann", "--json"]) == 0
    assert "ann receives 1" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["Pip\nEvil", "x" * 61, "Tab\there"])
def test_a_new_actions_name_is_one_short_line(name: str) -> None:
    t = started()
    said = "is 61 characters long, 1 too many" if len(name) > 60 else "must be one line"
    with pytest.raises(RuleError, match=said) as refused:
        t.do(draw_event(name, "climb", TaskCheck(2, "J")))
    assert refused.value.expected == "a name on one line, at most 60 characters"
    with pytest.raises(RuleError, match=said):
        t.do({"event": "award", "player": name})
    t.do({"event": "award", "player": "x" * 60})  # the longest name taken
    assert t.state.chips_of("x" * 60) == 1


def test_a_new_name_close_to_a_known_one_is_pointed_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = started()
    t.do({"event": "award", "player": "Pip"})
    assert t.state.new_name_hint("Ppi") == "'Ppi' is a new name in this session. Did you mean 'Pip'?"
    assert t.state.new_name_hint("pip") is None and t.state.new_name_hint("Moss") is None
    log = str(tmp_path / "s.jsonl")
    assert main(["mousecard", "new", log, "--seed", "1"]) == 0
    assert main(["mousecard", "award", log, "Pip"]) == 0
    capsys.readouterr()
    assert main(["mousecard", "award", log, "Ppi"]) == 0  # done (a new player is allowed), and said
    assert "note: 'Ppi' is a new name in this session. Did you mean 'Pip'?" in capsys.readouterr().err


def test_cli_odds_on_a_log_whose_start_was_undone_says_redo_brings_it_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _start_undone(tmp_path, capsys)
    assert main(["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", log]) == 2
    err = capsys.readouterr().err
    assert "its start was undone" in err and f"'companion mousecard redo {log}'" in err
    assert "mousecard new LOG'" not in err  # ('new' refuses this file: the hint must not send the user there)
    assert main(["mousecard", "new", log]) == 2 and "redo" in capsys.readouterr().err
    assert main(["mousecard", "redo", log]) == 0
    assert main(["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", log]) == 0


def test_cli_odds_read_past_log_lines_that_move_no_card(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    assert main(["mousecard", "new", str(log), "--seed", "3"]) == 0
    assert main(["mousecard", "draw", str(log), "--character", "Pip", "--skill", "1", "--target", "J",
                 "--cards", "QH"]) == 0
    with log.open("a", encoding="utf-8") as fh:  # refused lines that move no card
        fh.write('{"event": "award", "player": "Pip", "chips": 1000}\n'
                 '{"event": "bonus", "character": "Tam", "source": "chip", "use": "success"}\n')
    capsys.readouterr()
    odds = ["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", str(log)]
    assert main([*odds, "--json"]) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)
    assert doc["deck_size"] == 53 and len(doc["deck_log_warnings"]) == 2
    assert "line 4 cannot be used, but moves no card" in err and "chips must be 1 to 99" in err
    with log.open("a", encoding="utf-8") as fh:
        fh.write('{"event": "draw", "character": "Pi')  # a crash mid-write
    before = log.read_bytes()
    assert open_live_deck(str(log), read_only=True).log.cut_line == 6
    assert main(odds) == 0
    out, err = capsys.readouterr()
    assert "53 cards remaining" in out and "line 6, the last, was cut mid-write" in err
    assert "the next 'companion mousecard' action" in err and "s.jsonl.damaged" in err
    assert log.read_bytes() == before  # read-only: the line stays until an action sets it aside
    assert main(["mousecard", "award", str(log), "Pip"]) == 0
    assert (tmp_path / "s.jsonl.damaged").exists()
    capsys.readouterr()
    assert main(odds) == 0 and "cut mid-write" not in capsys.readouterr().err


def test_cli_odds_refuse_a_line_that_may_move_cards_and_say_what_helps(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "s.jsonl"
    assert main(["mousecard", "new", str(log), "--seed", "3"]) == 0
    with log.open("a", encoding="utf-8") as fh:
        fh.write('{"event": "draw", "character": "Pip", "skill": 1, "target": "J", "cards": ["ZZ"]}\n')
    capsys.readouterr()
    assert main(["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", str(log)]) == 2
    err = capsys.readouterr().err
    assert "line 3 of the live deck log cannot be used and may change which cards remain" in err
    assert "correct it in the file" in err


@pytest.mark.parametrize(("key", "event"), [
    ("task", lambda text: draw_event("Pip", text, TaskCheck(1, "J"))),
    ("reason", lambda text: {"event": "award", "player": "Pip", "reason": text}),
    ("reason", lambda text: {"event": "spend", "player": "Pip", "reason": text}),
])
def test_a_new_actions_task_and_reason_are_one_short_line(key: str, event: object) -> None:
    t = started()
    t.do({"event": "award", "player": "Pip", "chips": 5})
    for bad, why in (("climb\nthe wall", "line break"), ("a\u2028b", "line break"),
                     ("x" * 121, "121 characters")):
        with pytest.raises(RuleError, match=why) as caught:
            t.do(event(bad))  # type: ignore[operator]
        assert caught.value.where == key and "at most 120 characters" in caught.value.render()
    t.do(event("y" * 120))  # type: ignore[operator]
    assert "y" * 120 in t.state.journal[-1]
    t.do(event("   "))  # type: ignore[operator]  # blank: the default
    assert "—  " not in t.state.journal[-1] and " — :" not in t.state.journal[-1]


def test_a_blank_task_is_the_default_and_an_older_logs_long_task_is_read_as_it_is(tmp_path: Path,
                                                                                   capsys) -> None:
    log = tmp_path / "s.jsonl"
    assert main(["mousecard", "new", str(log), "--seed", "3"]) == 0
    capsys.readouterr()
    assert main(["mousecard", "draw", str(log), "--character", "Pip", "--task", "", "--skill", "1",
                 "--target", "J", "--cards", "QH"]) == 0
    assert capsys.readouterr().out.startswith("#1 Pip — task: Q♥")
    assert main(["mousecard", "draw", str(log), "--character", "Pip", "--task", "climb\nthe wall",
                 "--skill", "1", "--target", "J", "--cards", "QS"]) == 2
    assert "line break" in capsys.readouterr().err
    assert main(["mousecard", "award", str(log), "Pip", "--reason", "z" * 5000]) == 2
    assert "5000 characters long" in capsys.readouterr().err
    with log.open("a", encoding="utf-8") as fh:  # written by an older version: kept as it is
        fh.write(json.dumps(draw_event("Tam", "w" * 200, TaskCheck(1, "J"), ["QS"])) + "\n")
    old = open_live_deck(str(log), read_only=True)
    assert not old.problems and old.state.draws[-1].task == "w" * 200


def test_a_finished_failed_draw_says_it_failed() -> None:
    t = started()
    typed(t, "Pip", "2S, 3S", skill=2, need=2, mode="broke")
    assert t.state.journal[-1].endswith("0 successes of 2 needed, failed")
    assert t.state.draws[-1].verdict(0) == "failed" and t.state.draws[-1].verdict(2) == "not yet"
    # one chip cannot make two successes: said so, not "not yet"
    assert t.state.draws[-1].verdict(1) == "cannot reach 2: at most 1 with 1 fate chip"
    t.do({"event": "award", "player": "Tam"})
    typed(t, "Tam", "2D, 3D", skill=2, need=1, mode="broke")  # a chip left: not over yet
    assert t.state.journal[-1].endswith("0 successes of 1 needed, not yet")
    typed(t, "Moss", "AS, 3C", skill=2, need=3, mode="broke")  # an ace left to spend, one short of 3
    assert t.state.journal[-1].endswith("1 success of 3 needed, cannot reach 3: at most 2 with 1 unspent ace")
    t.do({"event": "bonus", "character": "Moss", "source": "ace", "use": "success"})
    assert t.state.journal[-1].endswith("2/3, failed.")


def test_an_ace_is_offered_only_for_what_it_may_do() -> None:
    t = started()
    typed(t, "Pip", "AH", skill=1, need=2, situation="red-bad", red_bad="all")
    rec = t.state.draws[-1]
    assert rec.lone_bad_ace and rec.ace_uses == ("success",)
    typed(t, "Tam", "AS, 2H", skill=2, need=3, situation="combat", aged=1, mode="broke")
    assert t.state.draws[-1].ace_uses == ("success", "cancel")
    typed(t, "Moss", "AC", skill=1, need=2)
    assert t.state.draws[-1].ace_uses == ("success",)  # no bad card to cancel


def test_a_bonus_naming_a_draw_that_is_no_longer_the_latest_is_refused() -> None:
    t = started()
    typed(t, "Pip", "AS", skill=1, need=2)
    typed(t, "Pip", "3S", skill=1)  # (another window drew meanwhile)
    with pytest.raises(RuleError, match="draw #1 is no longer Pip's latest: #2 is"):
        t.do({"event": "bonus", "character": "Pip", "source": "ace", "use": "success", "draw": 1})
    with pytest.raises(RuleError, match="draw #1 is no longer"):
        t.do({"event": "draw_on", "character": "Pip", "draw": 1})
    assert t.state.draws[0].aces_spent == 0
    with pytest.raises(LogError, match="'draw' must be a draw's number"):
        t.do({"event": "bonus", "character": "Pip", "source": "ace", "use": "success", "draw": "1"})


def test_cli_replay_json_draws_carry_their_check_and_what_is_left_to_spend(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "s.jsonl")
    assert main(["mousecard", "new", log, "--seed", "3"]) == 0
    assert main(["mousecard", "draw", log, "--character", "Pip", "--skill", "2", "--target", "Q",
                 "--need", "2", "--situation", "red-bad", "--red-bad", "all", "--mode", "broke",
                 "--cards", "AH 3S"]) == 0
    capsys.readouterr()
    assert main(["mousecard", "replay", log, "--json"]) == 0
    draw = json.loads(capsys.readouterr().out)["draws"][0]
    assert draw["check"] == {"skill": 2, "target": "Q", "need": 2, "situation": "red-bad", "aged": 0,
                             "disadvantage": 0, "mode": "broke", "red_bad": "all", "bad_succeeds": True,
                             "cancel_draws_on": True}
    assert (draw["aces"], draw["aces_unspent"], draw["ace_uses"]) == (1, 1, ["success"])
    assert draw["verdict"] == "sure: spend 1 ace as a success" and draw["chips_spent"] == 0


def test_an_ended_chapters_draw_takes_no_more_aces_chips_or_draws(tmp_path: Path) -> None:
    """A chapter's end reshuffles every card back (mouse-card-system.txt, Jokers): its draws are over. The
    tracker refuses a new bonus or draw-on on them (the command line's too, not only the page), and a log
    that holds one from before still replays."""
    log = tmp_path / "s.jsonl"
    t = started(log)
    t.do({"event": "award", "player": "Pip", "chips": 1})
    typed(t, "Pip", "2S, 3S", skill=2, situation="combat")
    t.do({"event": "reshuffle", "reason": "chapter"})
    for event in ({"event": "bonus", "character": "Pip", "source": "chip", "use": "success"},
                  {"event": "draw_on", "character": "Pip"}):
        with pytest.raises(RuleError, match="draw #1 belongs to chapter 1, which has ended") as exc:
            t.do(event)
        assert exc.value.cite is not None and "Jokers" in exc.value.cite
    assert t.state.chips_of("Pip") == 1
    # a log written before the rule (a chip spent after the chapter's end) replays as it was done
    with log.open("a", encoding="utf-8") as f:
        f.write('{"event": "bonus", "character": "Pip", "source": "chip", "use": "success", "seq": 6}\n')
    again = LiveDeckTracker(log)
    assert again.state.chips_of("Pip") == 0 and again.state.draws[-1].chips_spent == 1


def test_an_awards_line_is_kept_in_its_parts_and_an_undo_says_it_from_them() -> None:
    # the count and what the chips changed of a draw are data, never cut from the line's text: a reason
    # that reads like a count stays whole when the undo leaves the count out (it was cut at "(now 1).")
    t = started()
    typed(t, "Tilly", "3S", skill=1, target="K")
    t.do({"event": "award", "player": "Tilly", "chips": 1, "reason": "bravery (now 1)."})
    chip = t.state.chip_line(-1)
    assert chip is not None and (chip.player, chip.chips) == ("Tilly", 1)
    assert chip.changed == " Tilly's draw #1 (task) can now still succeed (it had failed)."
    assert t.state.journal[-1] == chip.text == (
        "Tilly receives 1 fate chip — bravery (now 1). (now 1)." + chip.changed)
    assert t.state.chip_line(-2) is None and t.state.chip_line(5) is None  # (a draw's line; none there)
    awarded = t.state
    t.undo()
    assert t.undo_words(awarded, t.state) == [
        "Undone: Tilly receives 1 fate chip — bravery (now 1) (Tilly back to 0 fate chips)."]
    t.do({"event": "award", "player": "Pip (now 1).", "chips": 1})
    awarded = t.state
    t.undo()
    assert t.undo_words(awarded, t.state) == [
        "Undone: Pip (now 1). receives 1 fate chip (Pip (now 1). back to 0 fate chips)."]


def test_the_journal_line_and_the_sure_verdict_say_real_plurals() -> None:
    # "1 success", "2 successes", never "success(es)"; the count reads "N of M needed"
    t = started()
    typed(t, "Pip", "3S, 7C, 4C", need=1, mode="broke")
    assert t.state.journal[-1] == "#1 Pip — task: 3♠ 7♣ 4♣ → 0 successes of 1 needed, failed"
    typed(t, "Pip", "QS, 7S, 2S", need=1, mode="broke")
    assert t.state.journal[-1] == "#2 Pip — task: Q♠ 7♠ 2♠ → 1 success of 1 needed, success"
    typed(t, "Pip", "QC, KS, 5S, 6S", need=2, mode="broke")
    assert t.state.journal[-1] == "#3 Pip — task: Q♣ K♠ 5♠ 6♠ → 2 successes of 2 needed, success"
    # the aces left to spend: "1 ace as a success", "2 aces as successes"
    typed(t, "Moss", "AD, 8C, 9C", need=2, mode="broke")
    assert t.state.draws[-1].verdict() == "sure: spend 1 ace as a success"
    assert t.state.journal[-1].endswith("→ 1 success of 2 needed, sure: spend 1 ace as a success")
    typed(t, "Tam", "AC, AS, 10C", need=4, mode="broke")
    assert t.state.draws[-1].verdict() == "sure: spend 2 aces as successes"
    assert t.state.journal[-1].endswith("→ 2 successes of 4 needed, sure: spend 2 aces as successes")
    assert "(s)" not in "\n".join(t.state.journal) and "(es)" not in "\n".join(t.state.journal)
