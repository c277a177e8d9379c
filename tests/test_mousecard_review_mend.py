"""A reviewer's findings on the Mouse Card live deck, mended: a hand-edited name past the limit is kept
whole as the player's identity (two long names that begin alike stay two players) and shortened only where
shown; a too-many-cards error's citation comes with its sentence; why a draw stopped is the draw's to say,
with as many aces as the successes it lacks; the page's "read again" notice is said in one way; the text
odds' values line up in one column."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from companion.errors import RuleError
from companion.mousecard.live import (
    DRAW_CITES,
    LIVE_CITES,
    MAX_NAME,
    LiveDeckTracker,
    cites_text,
    draw_event,
    open_live_deck,
)
from companion.mousecard.odds import TaskCheck, exact_odds
from companion.views.mousecard import MouseCardPage, draw_html
from tests.helpers import run_cli


def text(widget_html: str) -> str:
    """A panel's words, its tags and entities gone."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


# -- 1. two long names that share their first 59 characters stay two players ---------------------------

PREFIX = "Sir Reginald Whiskerton the Third of the Old Mill by the River"[:MAX_NAME - 1]
ANN, BO = PREFIX + " Ann the Bold", PREFIX + " Bo the Quiet"


def _long_named_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    log = tmp_path / "L.jsonl"
    assert run_cli(capsys, "mousecard", "new", str(log), "--seed", "3")[0] == 0
    with log.open("a", encoding="utf-8") as f:  # (hand-edited: a new action refuses names this long)
        for line in ({"event": "award", "player": ANN, "chips": 2},
                     {"event": "award", "player": BO, "chips": 1},
                     {"event": "draw", "character": ANN, "task": "climb", "skill": 1, "cards": ["QH"]},
                     {"event": "draw", "character": BO, "task": "hide", "skill": 1, "cards": ["3S"]}):
            f.write(json.dumps(line) + "\n")
    return log


def test_two_long_names_sharing_their_first_59_characters_stay_two_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert len(PREFIX) == MAX_NAME - 1 and len(ANN) > MAX_NAME and len(BO) > MAX_NAME
    log = _long_named_log(tmp_path, capsys)
    st = open_live_deck(str(log), read_only=True).state
    assert (st.chips_of(ANN), st.chips_of(BO)) == (2, 1)  # each their own chips, never 3 for one
    assert st.names == (ANN, BO) and dict(st.chips) == {ANN: 2, BO: 1}
    ann, bo = st.last_draw(ANN), st.last_draw(BO)
    assert ann is not None and bo is not None and (ann.number, bo.number) == (1, 2)  # two draws, two players
    assert (ann.task, bo.task) == ("climb", "hide")
    # shown shortened where shown: the journal, the page's panel, replay's text
    assert PREFIX + "…" in st.journal[-1] and ANN not in "".join(st.journal)
    assert f"#1 {PREFIX}… — climb" in text(draw_html(ann))
    code, out, _err = run_cli(capsys, "mousecard", "replay", str(log))
    assert code == 0 and ANN not in out and BO not in out and f"{PREFIX}…: 2, {PREFIX}…: 1" in out
    # kept whole in the JSON
    doc = json.loads(run_cli(capsys, "mousecard", "replay", "--json", str(log))[1])
    assert doc["fate_chips"] == {ANN: 2, BO: 1}
    assert [d["character"] for d in doc["draws"]] == [ANN, BO]


def test_a_new_action_on_a_long_name_the_session_keeps_goes_to_that_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _long_named_log(tmp_path, capsys)
    t = LiveDeckTracker(log)
    t.do({"event": "spend", "player": BO.lower(), "chips": 1})  # (known: taken whole, matched ignoring case)
    assert (t.state.chips_of(ANN), t.state.chips_of(BO)) == (2, 0)
    with pytest.raises(RuleError, match="characters"):  # a new name this long is still refused
        t.do({"event": "award", "player": PREFIX + " Cy", "chips": 1})
    page = MouseCardPage(log, plot=False, settle=None)
    assert page.character.value == BO  # the latest draw's character, whole
    page.player.value = ANN
    assert not page.award_button.disabled and not page.spend_button.disabled
    page.spend_button.click()
    assert (page.tracker.state.chips_of(ANN), page.tracker.state.chips_of(BO)) == (1, 0)
    assert f"{PREFIX}…: −1 fate chip (now 1)" in text(page.message.value)


# -- 2. a too-many-cards error cites the section its sentence comes with ---------------------------------


def test_a_too_many_cards_error_cites_the_section_of_its_rule() -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    broke = TaskCheck(skill=2, target="J", situation="combat", aged=1, mode="broke")
    with pytest.raises(RuleError) as after_bad:  # a king in the hand, but no card follows its bad card
        t.do(draw_event("Pip", "run", broke, ["KS", "2H", "QS"]))
    assert "no card follows a bad card" in after_bad.value.message
    assert after_bad.value.cite == cites_text(DRAW_CITES)
    with pytest.raises(RuleError) as past_skill:
        t.do(draw_event("Pip", "run", TaskCheck(skill=1, target="J"), ["3S", "4S"]))
    assert "skill 1 allows at most 1 card" in past_skill.value.message
    assert past_skill.value.cite == LIVE_CITES["draw"]


# -- 3. why a draw stopped: the draw says it, with the aces it lacks --------------------------------------


def test_a_draw_sure_by_its_aces_says_as_many_aces_as_successes_it_lacks() -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 1})
    t.do(draw_event("Pip", "leap", TaskCheck(skill=5, target="J", need=4), ["QS", "AS", "AD"]))
    rec = replace(t.state.draws[-1], stopped="task done")  # (as a seeded draw sure by its aces stops)
    assert (rec.total_successes, rec.aces_unspent, rec.check.need) == (3, 2, 4)
    assert rec.verdict() == "sure: spend 1 ace as a success"
    assert rec.stopped_said() == "sure to succeed once 1 ace is spent"  # not "once the aces are spent"
    assert "stopped: sure to succeed once 1 ace is spent" in text(draw_html(rec))
    two_short = replace(rec, check=replace(rec.check, need=5))
    assert two_short.stopped_said() == "sure to succeed once 2 aces are spent"


# -- 4. the notice of a log read again is said one way ---------------------------------------------------


def test_the_read_again_notice_says_one_thing(tmp_path: Path) -> None:
    log = tmp_path / "m.jsonl"
    page = MouseCardPage(log, plot=False, settle=None)
    LiveDeckTracker(log).do({"event": "award", "player": "Ann", "chips": 1})  # another window
    page.player.value = "Bo"  # (read on the name's edit: said by the watcher, no line set aside)
    LiveDeckTracker(log).do({"event": "award", "player": "Cy", "chips": 1})
    page.chip("award")  # the click reads it again first
    said = text(page.notice.value)
    assert "The saved session was changed in another window" in said
    assert "it was read again: the page shows it as it is now" in said


# -- 5. the text odds' values line up ----------------------------------------------------------------------


def test_every_row_of_the_text_odds_has_its_value_in_one_column() -> None:
    broke = TaskCheck(skill=4, target="Q", need=2, situation="combat-unknown", aged=1, mode="broke",
                      fate_chips=1)
    lines = exact_odds(broke).lines()
    rows = [line for line in lines[1:] if not line.startswith(("  note:", "  ("))]
    labels = ("P(success)", "from the cards", "one card succeeds", "P(a bad card)", "P(several bad)",
              "bad cards cancelled", "expected cards", "successes", "bad cards", "expected fate chips used")
    found = [next(x for x in labels if row[2:].startswith(x + " ")) for row in rows]
    assert {"bad cards cancelled", "expected fate chips used", "P(success)"} <= set(found)
    starts = {next(i for i in range(len(label) + 2, len(row)) if row[i] != " ")
              for row, label in zip(rows, found, strict=True)}
    assert len(starts) == 1  # one column for every value
    assert "  expected fate chips used 0.54" in lines
