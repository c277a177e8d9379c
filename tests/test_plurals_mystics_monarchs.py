"""Mice and Mystics and Of Mice and Monarchs say a count with its real singular or plural ("1 wound",
"3 wounds"), and the verb agrees with it ("1 gray card never scores", "2 gray cards never score"), never
"wound(s)" where the number is known."""

from __future__ import annotations

import pytest

from companion.errors import RuleError
from companion.monarchs.scoring import make_card, score
from companion.mystics.tracker import TypedRollsError, rolls_refusal
from companion.views.monarchs import MonarchsCompanion, score_table_html
from tests.test_monarchs_views import db
from tests.test_mystics_helpers import start, tracker


@pytest.mark.parametrize(("minion", "count", "said"), [
    ("rat_warriors", 1, "Rat Warriors figure 1 takes 1 wound and is defeated"),
    ("centipede", 3, "Cave Centipede figure 1 takes 3 wounds and is defeated"),
])
def test_wounds_on_a_figure_are_counted_in_words(minion: str, count: int, said: str) -> None:
    t = tracker()
    t.do(start(minions={minion: 1}))
    t.do({"event": "wound_minion", "minion": minion, "figure": 0, "count": count})
    assert any(said in m for m in t.state.messages), t.state.messages[-3:]
    assert not any("(s)" in m for m in t.state.messages)


@pytest.mark.parametrize(("rolls", "said"), [([1], "1 die roll typed in, 2 needed"),
                                             ([1, 2, 3], "3 die rolls typed in, 2 needed")])
def test_die_rolls_typed_in_are_counted_in_words(rolls: list[int], said: str) -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": 2}))
    event = {"event": "add_minions", "minions": {"spider": 1}, "ambush": True, "rolls": rolls}
    refused = rolls_refusal(t, t.state, event)
    assert isinstance(refused, TypedRollsError) and refused.message == said


@pytest.mark.parametrize(("rats", "said"), [(1, "while 1 minion is on the board"),
                                            (2, "while 2 minions are on the board")])
def test_a_rescue_refused_counts_the_minions_left(rats: int, said: str) -> None:
    t = tracker()
    t.do(start(minions={"rat_warriors": rats}))
    t.do({"event": "capture", "mouse": "filch"})
    with pytest.raises(RuleError, match=said):
        t.do({"event": "rescue", "mouse": "filch"})


@pytest.mark.parametrize(("gray", "said"), [(1, "1 gray card never scores."),
                                            (2, "2 gray cards never score.")])
def test_gray_cards_that_never_score_agree_with_their_count(gray: int, said: str) -> None:
    cards = [make_card("red", 2), *(make_card("gray", 1) for _ in range(gray))]
    shown = score_table_html(score(cards))
    assert f"<div>{said}</div>" in shown and "(s)" not in shown


@pytest.mark.parametrize(("gray", "said"), [(1, "1 gray card never scores; its crowns were ignored"),
                                            (2, "2 gray cards never score; their crowns were ignored")])
def test_a_pasted_lists_gray_cards_agree_with_their_count(gray: int, said: str) -> None:
    v = MonarchsCompanion(db())
    v.list_text.value = ('{"cards": [{"color": "red", "crowns": 2, "count": 3}, '
                         f'{{"color": "gray", "crowns": 1, "count": {gray}}}]}}')
    v.score_list()
    assert said in v.list_message.value and "(s)" not in v.list_message.value
