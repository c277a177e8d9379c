"""Mends of the sixth session not in a helper's area: a value typed in quotes in a card file."""

from __future__ import annotations

from companion.validation import validate_document


def _village(card: dict[str, object]) -> dict[str, object]:
    base = {"id": "a", "name": "A", "type": "basic-mouse", "atk": 1, "def": 1, "source": "demo"}
    return {"game": "village", "set": "mine", "cards": [{**base, **card}]}


def _issues(card: dict[str, object]) -> list[str]:
    return [i.render() for i in validate_document(_village(card), file="mine.json")]


def test_a_number_in_quotes_is_told_to_lose_them() -> None:
    (atk,) = _issues({"atk": "+3"})
    assert "'atk' has the wrong type" in atk
    assert atk.endswith("Write it without quotes: 3")
    (defence,) = _issues({"def": " 2 "})
    assert defence.endswith("Write it without quotes: 2")


def test_null_in_quotes_is_told_what_null_means() -> None:
    (atk,) = _issues({"atk": "null"})
    assert atk.endswith("Write null without quotes (it means unknown)")


def test_no_advice_where_quotes_are_not_the_slip() -> None:
    for value in ("three", "3a", "1e3", "", "1234567890"):  # (ten digits: no card's number, no advice)
        (issue,) = _issues({"atk": value})
        assert "wrong type" in issue and "Write it without quotes" not in issue, value
    (issue,) = _issues({"atk": "true"})  # a whole number or null: true is no better without quotes
    assert "Write" not in issue
    assert _issues({}) == []  # (the base card itself is clean)


def test_a_type_two_types_hold_is_not_guessed_as_one() -> None:
    from companion.errors import closest_tied

    assert closest_tied("Mouse", ["basic-mouse", "mega-mouse", "fruit"]) == ["basic-mouse", "mega-mouse"]
    assert closest_tied("megamouse", ["basic-mouse", "mega-mouse", "fruit"]) == ["mega-mouse"]
    assert closest_tied("frut", ["basic-mouse", "mega-mouse", "fruit"]) == ["fruit"]
    assert closest_tied("zzz", ["basic-mouse", "fruit"]) == []
    (kind,) = _issues({"type": "Mouse"})
    assert kind.endswith("Did you mean 'basic-mouse' or 'mega-mouse'?")
    card = {"id": "a", "name": "A", "type": "mouse", "atk": 1, "source": "demo"}
    doc = {"game": "village", "set": "m", "cards": [card]}
    issues = [i.render() for i in validate_document(doc, file="m")]
    assert any("expected a basic-mouse or mega-mouse card to have 'def'" in i for i in issues), issues
