"""Mouse Card audit 8 (an exploratory user test of the live deck's command line):

- ``replay --json`` says where a draw stands *now*: one no ace, fate chip or draw-on may change any
  more (its character drew again, or its chapter ended) is "success" or "failed", never "not yet",
  and offers no ace use and no draw-on, as ``bonus`` and ``draw-on`` refuse them;
- ``ace_uses`` offers no extra success on a draw that already has what it needs (``bonus`` refuses it),
  and ``replay --help`` lists it;
- names are read in Unicode's composed form (NFC), so one name typed two ways is one player, and a
  new name holding an invisible format character (a zero-width space) is refused; old logs replay;
- ``--cards ''`` is refused in the command line's words; the page keeps its own;
- a log line lacking fields names every one missing, and a line of NUL bytes is called so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import RuleError
from companion.eventlog import parse_lines
from companion.mousecard.live import LiveDeckTracker, draw_event, open_live_deck, tidy_name
from companion.mousecard.odds import TaskCheck
from companion.views.mousecard import draw_html

NFD, NFC = "Pi\u0301p", "P\u00edp"  # "Píp" with a separate accent (as macOS pastes it), and as one character


def _run(capsys: pytest.CaptureFixture[str], *args: str, code: int = 0) -> tuple[str, str]:
    assert main(list(args)) == code
    out, err = capsys.readouterr()
    return out, err


def _draws(capsys: pytest.CaptureFixture[str], log: str) -> list[dict[str, object]]:
    out, _err = _run(capsys, "mousecard", "replay", log, "--json")
    return list(json.loads(out)["draws"])


def _new(tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str = "1") -> str:
    log = str(tmp_path / "s.jsonl")
    _run(capsys, "mousecard", "new", log, "--seed", seed)
    return log


def _draw(capsys: pytest.CaptureFixture[str], log: str, cards: str, *options: str, code: int = 0) -> str:
    out, err = _run(capsys, "mousecard", "draw", log, "--character", "Pip", "--cards", cards, *options,
                    code=code)
    return out + err


def _typed(t: LiveDeckTracker, character: str, cards: str, **check: object) -> None:
    c = TaskCheck(**{"skill": 1, "target": "J", **check})  # type: ignore[arg-type]
    t.do(draw_event(character, "task", c, [x.strip() for x in cards.split(",")]))


# -- finding 2: a draw no action can change any more is over, not "not yet" -------------------------


def test_replay_json_says_failed_once_no_action_can_change_a_draw(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _new(tmp_path, capsys)
    assert "failed" in _draw(capsys, log, "5C", "--skill", "1", "--target", "A", "--task", "first")
    _run(capsys, "mousecard", "award", log, "Pip")
    # Pip's latest draw, a chip to spend on it: not over yet (a bonus would be taken)
    assert _draws(capsys, log)[0]["verdict"] == "not yet"
    assert "not yet" in _draw(capsys, log, "6C", "--skill", "1", "--target", "A", "--task", "second")
    first, second = _draws(capsys, log)
    assert first["verdict"] == "failed" and second["verdict"] == "not yet"  # #1 replaced by #2
    _run(capsys, "mousecard", "reshuffle", log, "--chapter")
    assert [d["verdict"] for d in _draws(capsys, log)] == ["failed", "failed"]  # #2's chapter ended
    _out, err = _run(capsys, "mousecard", "bonus", log, "Pip", "--source", "chip", "--use", "success", code=2)
    assert "belongs to chapter 1, which has ended" in err  # what the verdict now agrees with


def test_a_closed_draw_offers_no_ace_and_no_draw_on(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    log = _new(tmp_path, capsys)
    _run(capsys, "mousecard", "award", log, "Pip")
    # a cautious draw stopped by a bad card (2H in combat at Aged 1), an ace beside it, two draws left
    _draw(capsys, log, "AS, 2H", "--skill", "4", "--target", "K", "--need", "3", "--situation", "combat",
          "--aged", "1")
    _run(capsys, "mousecard", "bonus", log, "Pip", "--source", "chip", "--use", "cancel")
    (draw,) = _draws(capsys, log)
    assert draw["can_draw_on"] is True and draw["ace_uses"] == ["success"] and draw["verdict"] == "not yet"
    _run(capsys, "mousecard", "reshuffle", log, "--chapter")
    (draw,) = _draws(capsys, log)
    assert (draw["can_draw_on"], draw["ace_uses"], draw["verdict"]) == (False, [], "failed")
    _out, err = _run(capsys, "mousecard", "draw-on", log, "--character", "Pip", code=2)
    assert "which has ended" in err


def test_a_draw_sure_by_its_ace_but_replaced_unspent_has_succeeded() -> None:
    # (session 6, item 2: a draw sure to succeed by an unspent ace is a success once closed, never
    # "failed": the ace is a success the player may count, and a seeded draw stops once sure)
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 3})
    _typed(t, "Pip", "AS", need=2)  # one success, one unspent ace: sure once it is spent
    rec = t.state.draws[-1]
    assert t.state.closed(rec) is None and t.state.verdict_of(rec).startswith("sure: spend 1 ace")
    _typed(t, "Pip", "3S")
    st = t.state
    assert st.closed(st.draws[0]) == "Pip's draw #1 is no longer their latest: #2 is"
    assert st.verdict_of(st.draws[0]) == "success"
    with pytest.raises(RuleError):  # the ace is no longer Pip's to spend on #1: #2 has none
        t.do({"event": "bonus", "character": "Pip", "source": "ace", "use": "success"})


# -- finding 4: ace_uses as bonus allows it -----------------------------------------------------------


def test_ace_uses_offers_no_success_a_bonus_would_refuse(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    log = _new(tmp_path, capsys, "9")
    _draw(capsys, log, "7S, AS, 8D", "--skill", "3", "--target", "K", "--mode", "broke")
    (draw,) = _draws(capsys, log)
    assert (draw["succeeded"], draw["aces_unspent"], draw["ace_uses"]) == (True, 1, [])
    _out, err = _run(capsys, "mousecard", "bonus", log, "Pip", "--source", "ace", "--use", "success", code=2)
    assert "already has the 1 success it needs" in err


def test_a_succeeded_draw_with_a_bad_card_in_effect_offers_its_ace_to_cancel_it() -> None:
    t = LiveDeckTracker()
    t.do({"event": "start", "seed": 3})
    _typed(t, "Pip", "AS, QS, 2H", skill=3, situation="combat", aged=1, mode="broke")
    rec = t.state.draws[-1]
    assert rec.succeeded and rec.bad_in_effect == 1 and rec.ace_uses == ("cancel",)
    assert "1 ace unspent: cancel a bad card<" in draw_html(rec)  # the page offers what may be done


def test_replay_help_lists_ace_uses(capsys: pytest.CaptureFixture[str]) -> None:
    out, _err = _run(capsys, "mousecard", "replay", "--help")
    assert "ace_uses" in " ".join(out.split())


# -- finding 3: names in Unicode's composed form; no invisible format characters ----------------------


def test_a_name_typed_composed_or_decomposed_is_one_player(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    log = _new(tmp_path, capsys)
    _run(capsys, "mousecard", "award", log, NFD)
    _out, err = _run(capsys, "mousecard", "award", log, NFC)
    assert "new name" not in err
    out, _err = _run(capsys, "mousecard", "replay", log, "--json")
    assert json.loads(out)["fate_chips"] == {NFC: 2}
    _run(capsys, "mousecard", "award", log, NFC, "--player", NFD)  # the same name twice: one player
    assert tidy_name(f"  {NFD}  ") == NFC


# a zero-width space, a soft hyphen
@pytest.mark.parametrize("action", [("award", "Pip\u200b"), ("award", "Pi\u00adp"),
                                    ("draw", "--character", "Pip\u200b", "--skill", "1", "--target", "J")])
def test_a_new_name_with_an_invisible_format_character_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], action: tuple[str, ...]) -> None:
    log = _new(tmp_path, capsys)
    before = Path(log).read_bytes()
    _out, err = _run(capsys, "mousecard", action[0], log, *action[1:], code=2)
    assert "holds an invisible format character (U+" in err
    assert Path(log).read_bytes() == before


def test_an_old_log_s_names_are_read_through_the_same_tidying(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    lines = [{"event": "start", "seed": 1}, {"event": "award", "player": NFD, "chips": 1},
             {"event": "award", "player": f" {NFC} ", "chips": 2},
             {"event": "award", "player": "Pip\u200b", "chips": 1}]  # (read as it was, never refused)
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    t = open_live_deck(str(path), read_only=True)
    assert not t.problems and dict(t.state.chips) == {NFC: 3, "Pip\u200b": 1}


# -- finding 5: --cards '' in the command line's words ------------------------------------------------


@pytest.mark.parametrize("cards", ["", " , "])
def test_empty_cards_option_is_refused_in_the_command_line_s_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], cards: str) -> None:
    log = _new(tmp_path, capsys)
    said = _draw(capsys, log, cards, "--skill", "2", "--target", "J", code=2)
    assert "no cards typed in" in said and "leave --cards out" in said and "field" not in said
    t = LiveDeckTracker()  # the page's refusal keeps the page's words
    t.do({"event": "start", "seed": 1})
    with pytest.raises(RuleError, match="leave the field empty"):
        t.do({**draw_event("Pip", "task", TaskCheck(1, "J")), "cards": []})


# -- finding 6: a log line's problem says what was found ---------------------------------------------


def _replay_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: bytes) -> str:
    log = tmp_path / "p.jsonl"
    log.write_bytes(b'{"event": "start", "seed": 1}\n' + b"".join(extra))
    _out, err = _run(capsys, "mousecard", "replay", str(log), code=1)
    return err


def test_a_line_missing_fields_names_every_one_missing(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    err = _replay_problems(tmp_path, capsys, b'{"event": "draw", "character": "Pip"}\n',
                           b'{"event": "draw"}\n', b'{"event": "bonus"}\n')
    assert "line 2: the 'draw' event is missing 'skill'" in err and "found None" not in err
    assert "line 3: the 'draw' event is missing 'character' and 'skill'" in err
    assert "line 4: the 'bonus' event is missing 'character', 'source' and 'use'" in err


def test_a_line_of_nul_bytes_is_called_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _replay_problems(tmp_path, capsys, b"\0" * 7 + b"\n")
    assert "line 2: a line of 7 NUL bytes, as a crash can leave" in err and "not valid JSON" not in err
    _events, problems = parse_lines('{"event": "start"}\n\0\0\r\n{"event": "x"}\n')  # every game's reader
    assert [(p.line, p.message) for p in problems] == [(2, "a line of 2 NUL bytes, as a crash can leave, "
                                                           "not an event")]


def test_a_name_may_hold_the_joiners_persian_and_indic_names_need() -> None:
    from companion.textio import format_character  # (the check every new name goes through)

    assert format_character("\u0645\u06cc\u200c\u0631\u0648\u0645") is None  # a Persian name with a ZWNJ
    assert format_character("\u0915\u094d\u200d\u0937") is None  # Devanagari with a ZWJ
    assert format_character("Pip\u200b") == "U+200B ZERO WIDTH SPACE"


def test_too_many_levels_says_the_count_once() -> None:
    from companion.errors import CompanionError
    from companion.mousecard.odds import TaskCheck

    with pytest.raises(CompanionError) as err:
        TaskCheck(3, "J", aged=7, disadvantage=6)
    assert err.value.render().count("13") == 1, err.value.render()
