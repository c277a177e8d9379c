"""TMNT, session 7: ``tmnt attack`` and the card names of ``tmnt do``'s attack events are read by one
method, ``_Resolver.card`` (a card of the data, or a card written out, or an unknown name with the closest
of the type the option or field takes, and the note on which printing a title's name chose): the attack
command's decision tree is no longer copied, and a card of your own named like an Attribute ("Fire") is
read as that card by both, where ``do`` took it for an Attribute without its Power."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli.tmnt import _Resolver
from companion.errors import UnknownCardError

from .helpers import run_cli

START = '{"event": "start", "players": ["Ann", "Bob"], "first": 0, "deck": 12}'
NEXT = '{"event": "next"}'
IN_ATTACK_PHASE = (START, NEXT, NEXT, NEXT, '{"event": "flip", "card": "character"}', NEXT)


@pytest.fixture
def fire_card(_isolated_user_data: Path) -> Path:
    """A card file of yours holding an Attack card named "Fire" (the name of an Attribute)."""
    path = _isolated_user_data / "tmnt" / "mine.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"game": "tmnt", "set": "Mine", "cards": [
        {"id": "fire-card", "name": "Fire", "type": "attack", "attribute": "fire", "power": 2,
         "attack_kind": "normal", "source": "mine"}]}), encoding="utf-8")
    return path


def in_attack_phase(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    log = tmp_path / "game.jsonl"
    assert run_cli(capsys, "tmnt", "do", str(log), *IN_ATTACK_PHASE)[0] == 0
    return log


def test_card_reads_a_name_a_card_written_out_or_an_unknown_name() -> None:
    resolve = _Resolver([])
    assert resolve.card("Raphael", card_type="character", where="--character").name == "Raphael"
    assert resolve.card("raphael", card_type="character", where="--character").id == "raphael"
    for written in ("fire:3", "wind:2:forceful", "", "  ", "fire", "Mountain", "x:y"):
        assert resolve.card(written, card_type="attack", where="--attack") is None, written
    assert resolve.card("2", card_type="attack", where="--counter", counter=True) is None
    with pytest.raises(UnknownCardError) as unknown:
        resolve.card("Rafael", card_type="character", where="--character")
    assert unknown.value.where == "--character" and "Raphael" in unknown.value.suggestions
    with pytest.raises(UnknownCardError):  # an object's name is a name, never a card written out
        resolve.card("fire", card_type="attack", where="attack.attacks[0]", name_only=True)
    assert resolve.notes == []
    assert resolve.card("Leonardo", card_type="character", where="--character").id == "leonardo-1"
    resolve.card("leonardo", card_type="character", where="--character")
    assert len(resolve.notes) == 1 and "2 printings" in resolve.notes[0].message  # said once per title


def test_tmnt_attack_and_tmnt_do_read_their_card_names_through_card(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    log = in_attack_phase(tmp_path, capsys)
    asked: list[str] = []
    real = _Resolver.card

    def spy(self: _Resolver, text: str, **kwargs: Any) -> Any:
        asked.append(text)
        return real(self, text, **kwargs)

    monkeypatch.setattr(_Resolver, "card", spy)
    code, out, err = run_cli(capsys, "tmnt", "attack", "--character", "Leonardo", "--attack", "Flame Fist",
                             "--counter", "2")
    assert code == 0 and "house reading" in out and asked == ["Leonardo", "Flame Fist", "2"]
    asked.clear()
    code, out, err = run_cli(capsys, "tmnt", "do", str(log), json.dumps(
        {"event": "attack", "character": "Leonardo", "attacks": ["Flame Fist"], "counter": "2"}))
    assert code == 0 and "house reading" in err and asked == ["Leonardo", "Flame Fist", "2"]
    assert "Forward Step: damage" in out


def test_a_card_of_yours_named_like_an_attribute_is_read_as_that_card_by_both(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], fire_card: Path) -> None:
    code, out, _err = run_cli(capsys, "tmnt", "attack", "--character", "wind:3", "--attack", "Fire")
    assert code == 0 and "Fire (fire 2)" in out and "total Power 5" in out
    log = in_attack_phase(tmp_path, capsys)
    code, out, err = run_cli(capsys, "tmnt", "do", str(log),
                             '{"event": "attack", "character": "wind:3", "attacks": ["Fire"]}')
    assert code == 0, err
    assert "damage 5" in out
    attack = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    assert attack["attacks"] == [{"type": "attack", "attribute": "fire", "power": 2, "kind": "normal",
                                  "name": "Fire"}]


def test_an_attribute_alone_or_a_mistyped_attr_power_is_still_said_as_such(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run_cli(capsys, "tmnt", "attack", "--character", "wind:3", "--attack", "fire")
    assert code == 2 and "--attack 'fire' is an Attribute without a power" in err
    code, _out, err = run_cli(capsys, "tmnt", "attack", "--character", "wind:3", "--attack", "fire:x")
    assert code == 2 and "Power must be a whole number 0 or more, not 'x'" in err
    log = in_attack_phase(tmp_path, capsys)
    code, _out, err = run_cli(capsys, "tmnt", "do", str(log),
                              '{"event": "attack", "character": "wind:3", "attacks": ["fire"]}')
    assert code == 2 and "'fire' is an Attribute without its Power" in err
    code, _out, err = run_cli(capsys, "tmnt", "do", str(log),
                              '{"event": "attack", "character": "wind:3", "attacks": ["Gale Kik"]}')
    assert code == 2 and "unknown TMNT TCG card 'Gale Kik'" in err and "Did you mean 'Gale Kick'?" in err
    code, _out, err = run_cli(capsys, "tmnt", "do", str(log),
                              '{"event": "attack", "character": "wind:3", "attacks": [{"name": "Gale Kik"}]}')
    assert code == 2 and "unknown TMNT TCG card 'Gale Kik'" in err


# -- exploratory test findings ----------------------------------------------------------------------------

def started_page(tmp_path: Path) -> Any:
    from companion.views.tmnt import GameTracker

    page = GameTracker(tmp_path / "t.jsonl")
    page.names[0].value, page.names[1].value = "Ann", "Bob"
    page.first.value = 0
    page.new_game.click()
    return page


@pytest.mark.parametrize(("typed", "said"), [
    ("Splinter's text\nand more", "the Reason must be one line (no line break, tab or other control "
                                  "character): write the reason on one line"),
    ("x" * 201, "the Reason is 201 characters long, 1 too many: shorten it"),
])
def test_apply_correction_is_off_while_the_reason_typed_is_one_the_tracker_refuses(
        tmp_path: Path, typed: str, said: str) -> None:
    page = started_page(tmp_path)
    page.fix_hand.value = 3
    assert not page.fix_apply.disabled
    page.fix_reason.value = typed  # (it was on, and the click refused: "correct: 'reason' is ...")
    assert page.fix_apply.disabled and page.fix_apply.tooltip == said and said in page.fix_off.value
    page.fix_reason.value = "  Splinter's text  "
    assert not page.fix_apply.disabled and page.fix_off.value == ""
    page.fix_apply.click()
    assert page.state.players[0].hand == 3 and "reason: Splinter&#x27;s text" in page.fix_msg.value
    assert page.fix_reason.value == ""  # (the next correction's reason is its own)


def test_the_tracker_refuses_such_a_reason_in_its_own_words_by_the_same_rule(tmp_path: Path) -> None:
    from companion.errors import LogError
    from companion.eventlog import EventLog
    from companion.tmnt.game import REASON_MAX, TmntTracker, why_not_reason

    t = TmntTracker(EventLog(tmp_path / "t.jsonl"))
    t.do({"event": "start", "players": ["Ann", "Bob"], "first": 0})
    for reason, said in (("a\nb", "correct: 'reason' must be one line"),
                         ("y" * (REASON_MAX + 1), f"correct: 'reason' is {REASON_MAX + 1} characters long"),
                         (3, "correct: 'reason' must be text, not 3")):
        refused = why_not_reason(reason)
        assert refused is not None and refused.message.startswith(said)
        with pytest.raises(LogError) as raised:
            t.do({"event": "correct", "player": 0, "hand": 3, "reason": reason})
        assert raised.value.render() == refused.render()
    assert why_not_reason(" fine ") is None and why_not_reason("x" * REASON_MAX) is None
