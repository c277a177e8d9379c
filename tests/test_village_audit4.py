"""Village event-log audit 4: a seeded coin flip logs what the coin gave (``seeded``), so a line lost or
changed earlier in the log never turns a later flip over; the page and ``village replay`` agree; the
page's "turn player" Magic card is read and written under the log's lock."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import CompanionError, LogError
from companion.eventlog import EventLog
from companion.views.village import VillageCompanion
from companion.village.game import VillageTracker, seeded_flip
from tests.helpers import run_cli as run

from .helpers import meanwhile

AS_PLAYED = ['{"event":"start","seed":4,"first":0}', '{"event":"draw"}',
             '{"event":"flip","card":"F1"}', '{"event":"flip","card":"F2"}', '{"event":"flip","card":"F3"}']




def played(capsys: pytest.CaptureFixture[str], log: Path, *events: str) -> list[str]:
    """The events done with ``village do``; what each coin flip said."""
    code, out, err = run(capsys, "village", "do", str(log), *events)
    assert code == 0, err
    return [line for line in out.splitlines() if line.startswith("coin flip for")]


def without_line(log: Path, number: int, to: Path) -> Path:
    """``log`` with its line ``number`` (1-based) lost, written to ``to``."""
    lines = log.read_text(encoding="utf-8").splitlines(True)
    del lines[number - 1]
    to.write_text("".join(lines), encoding="utf-8")
    return to


def test_a_seeded_flip_logs_what_the_coin_gave(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    assert played(capsys, log, *AS_PLAYED) == ["coin flip for F1: heads", "coin flip for F2: heads",
                                               "coin flip for F3: tails"]
    flips = [json.loads(line) for line in log.read_text().splitlines()[3:]]
    assert [f.get("seeded") for f in flips] == ["heads", "heads", "tails"]
    assert all("result" not in f for f in flips)  # (a typed result stays the table's own)


def test_a_lost_line_never_turns_a_later_flip_over(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    played(capsys, log, *AS_PLAYED)
    cut = without_line(log, 5, tmp_path / "cut.jsonl")  # the line of flip F2 is lost
    code, out, err = run(capsys, "village", "replay", "--json", str(cut))
    doc = json.loads(out)
    assert code == 0 and err == ""  # (as the Mouse Card's replay: the table's cards, and a note)
    assert doc["last"][0] == "coin flip for F3: tails"
    assert "the seed now gives heads, so this line or one before it was lost or changed" in doc["last"][1]
    assert doc["notes"] == ["turn 1, coin flip for F3: tails as logged at the table; the seed now gives "
                            "heads, so its line or one before it was lost or changed"]
    code, out, _err = run(capsys, "village", "replay", str(cut))
    assert code == 0 and f"note: {doc['notes'][0]}" in out.splitlines()
    # the page on the same log: the same flip, and the same note on opening
    page = VillageCompanion(cut)
    assert page.state.t.flips[-1] == ("F3", 1, "tails") and list(page.state.last) == doc["last"]
    assert "lost or changed" in page.message.value and "coin flip for F3: tails" in page.message.value


def test_no_single_lost_line_changes_any_other_flip(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    events = ['{"event":"start","seed":"table 7","first":0}', '{"event":"draw"}',
              *(f'{{"event":"flip","card":"A{k}"}}' for k in range(4)), '{"event":"end_turn"}',
              '{"event":"draw"}', *(f'{{"event":"flip","card":"B{k}"}}' for k in range(4))]
    said = played(capsys, log, *events)
    seen = dict(line.removeprefix("coin flip for ").split(": ") for line in said)
    assert set(seen.values()) == {"heads", "tails"}  # (both sides come up: the check means something)
    lines = log.read_text().splitlines(True)

    def results(path: Path) -> dict[str, str]:
        """Each flip's result as a replay of ``path`` up to that flip's line says it."""
        out: dict[str, str] = {}
        text = path.read_text().splitlines(True)
        for k, line in enumerate(text, start=1):
            if '"flip"' not in line:
                continue
            part = path.with_suffix(".part.jsonl")
            part.write_text("".join(text[:k]))
            last = VillageTracker(EventLog(part, read_only=True)).state.last[0]
            card, result = last.removeprefix("coin flip for ").split(": ")
            out[card] = result
        return out

    assert results(log) == seen
    for lost in range(3, len(lines) + 1):  # each line but the log's first and the start
        kept = results(without_line(log, lost, tmp_path / f"cut{lost}.jsonl"))
        assert kept == {card: r for card, r in seen.items() if card in kept}, lost


def test_an_older_flip_without_a_logged_result_is_drawn_from_the_seed(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    log.write_text('{"event": "start", "seed": 4, "first": 0}\n{"event": "draw"}\n'
                   '{"event": "flip", "card": "F1"}\n{"event": "flip", "card": "F3"}\n')
    t = VillageTracker(EventLog(log, read_only=True))
    assert t.state.last == ("coin flip for F3: heads",) and t.state.notes == () and not t.problems
    fresh = VillageTracker(None)
    fresh.do({"event": "start", "seed": 4, "first": 0})
    fresh.do({"event": "draw"})
    assert seeded_flip(fresh.state) == "heads"


def test_a_typed_result_logs_no_seeded_side_and_a_bad_logged_one_is_a_problem(tmp_path: Path) -> None:
    t = VillageTracker(None)
    t.do({"event": "start", "seed": 4, "first": 0})
    t.do({"event": "flip", "card": "Lucky Coin", "result": "tails"})
    assert t.history[-1] == {"event": "flip", "card": "Lucky Coin", "result": "tails"}
    log = tmp_path / "bad.jsonl"
    log.write_text('{"event": "start", "seed": 4, "first": 0}\n{"event": "flip", "seeded": "edge"}\n')
    bad = VillageTracker(EventLog(log, read_only=True))
    assert [p.line for p in bad.problems] == [2] and "heads or tails, not 'edge'" in bad.problems[0].message


def test_the_page_logs_a_seeded_flip_and_an_undo_takes_its_note_back(tmp_path: Path) -> None:
    log = tmp_path / "v.jsonl"
    page = VillageCompanion(log)
    page.names[0].value, page.names[1].value = "Ann", "Bob"
    page.new_game()
    page.flip_card.value = "Lucky Coin"
    page.flip(None)
    logged = page.tracker.history[-1]
    assert logged["seeded"] in ("heads", "tails") and page.state.t.flips[-1][2] == logged["seeded"]
    # a logged line whose side the seed no longer gives (the seed gives heads here: F1 above)
    old = tmp_path / "old.jsonl"
    old.write_text('{"event": "log", "tracker": "village"}\n{"event": "start", "seed": 4, "first": 0}\n'
                   '{"event": "flip", "card": "F", "seeded": "tails"}\n')
    t = VillageTracker(EventLog(old))
    assert t.state.notes and t.state.t.flips[-1][2] == "tails"
    t.undo()
    assert t.state.notes == ()


@pytest.mark.parametrize("typed", ["heads", "tails", None])
def test_a_live_flip_refuses_a_typed_seeded_side_and_writes_nothing(typed: str | None,
                                                                    tmp_path: Path) -> None:
    t = VillageTracker(EventLog(tmp_path / "v.jsonl"))
    t.do({"event": "start", "seed": 4, "first": 0})
    before = (tmp_path / "v.jsonl").read_text()
    with pytest.raises(LogError, match="seeded is logged by the tracker"):
        t.do({"event": "flip", "card": "X", "seeded": typed})
    assert (tmp_path / "v.jsonl").read_text() == before and t.state.notes == ()


def test_a_logged_flip_with_a_null_seeded_side_is_drawn_from_the_seed(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    log.write_text('{"event": "start", "seed": 4, "first": 0}\n{"event": "draw"}\n'
                   '{"event": "flip", "card": "F1", "seeded": null}\n')
    t = VillageTracker(EventLog(log, read_only=True))
    assert t.state.t.flips[-1] == ("F1", 1, "heads") and t.state.notes == () and not t.problems


def test_a_turn_players_magic_card_is_refused_when_another_window_ends_the_turn_meanwhile(
        tmp_path: Path) -> None:
    a = VillageCompanion(tmp_path / "v.jsonl")
    a.names[0].value, a.names[1].value = "Ann", "Bob"
    a.first.value = 0
    a.new_game()
    a.act({"event": "draw"})
    b = VillageCompanion(tmp_path / "v.jsonl")
    a.magic_kind.value, a.magic_player.value, a.card_name.value = "instant", "turn", "Quick Trick"
    with meanwhile(a, lambda: b.act({"event": "end_turn"})), \
            pytest.raises(CompanionError, match="changed in another window"):  # B ends Ann's turn meanwhile
        a.play_magic()
    # checked under the log's lock: the page showed Ann's turn, so nothing is played for Bob
    assert a.state.current == 1 and a.tracker.history[-1] == {"event": "end_turn"}


def test_a_flip_for_no_card_is_said_as_a_coin_flip() -> None:
    from companion.village.game import VillageTracker

    t = VillageTracker(None)
    t.do({"event": "start", "players": ["Ann", "Bob"], "seed": 4, "first": 0})
    t.do({"event": "flip", "result": "heads"})
    assert t.state.last[0] == "coin flip: heads"  # (it had said "coin flip for coin flip: heads")
