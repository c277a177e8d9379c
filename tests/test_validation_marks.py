"""The fast path walks every card once (:func:`companion.validation._marks`) for what three checks look
for (a lone surrogate, a name with stray spaces, a whole number written as a float), and each check then
walks only the cards marked for it: the marks must be exactly what each check's own walk finds, or a
problem would go unsaid (a mark missed) or a card walked for nothing."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import validation as v

leaves = st.one_of(st.none(), st.booleans(), st.integers(-2**60, 2**60),
                   st.floats(allow_nan=True, allow_infinity=True),
                   st.text(st.characters(), max_size=8), st.sampled_from([" Pip", "Pip  Pod", "\ud800", "2"]))
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.sampled_from(["name", "text", "atk", "x", "abilities"]), inner, max_size=4)),
    max_leaves=20)
cards = st.lists(st.one_of(st.dictionaries(st.sampled_from(["name", "id", "atk", "abilities", "unknown"]),
                                           values, max_size=5), values), max_size=4)


@settings(max_examples=300, deadline=None)
@given(cards)
def test_the_marks_are_what_each_check_finds(deck: list[Any]) -> None:
    marks = v._marks({"cards": deck})
    assert marks is not None and len(marks) == len(deck)
    for card, mark in zip(deck, marks, strict=True):
        if type(card) is not dict:  # (no check reads a card that is no object: the schema refuses it)
            continue
        assert bool(mark & v._LONE) == (v._surrogate_path(card) is not None)
        assert bool(mark & v._UNTIDY) == bool(list(v._untidy_names(card, "/cards/0")))
        assert bool(mark & v._WHOLE) == (v._whole_float(card) is not None)


def test_a_marked_problem_is_still_reported_by_the_fast_path() -> None:
    doc = {"game": "village", "set": "Mine", "cards": [
        {"id": "zz-fig", "name": "ZZ  Fig", "type": "fruit", "source": "me"},
        {"id": "zz-pip", "name": "Pip", "type": "fruit", "source": "me \ud800"},
        {"id": "zz-pod", "name": "Pod", "type": "fruit", "source": "me"}]}
    said = [(i.pointer, i.severity) for i in v.validate_document(doc, file="mine.json")]
    assert ("/cards/0/name", "warning") in said and ("/cards/1/source", "error") in said
    assert not [p for p, _s in said if p.startswith("/cards/2")]
