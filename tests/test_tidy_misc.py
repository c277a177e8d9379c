"""Small tidy-ups: several options with a value typed before their command get the same hint as one,
and the helpers given one home (a list file's form from its name, the blank ``--art`` refusal); a tile's
tooltip is a parameter (no HTML surgery), the cards page says "no card matches" from one place, a load
tidies no name for a warning it drops, a solo die's position is read from the die, and a Monarchs score
file's JSON is read once."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from companion import ui
from companion import validation as v
from companion.cli import main
from companion.monarchs import scoring
from companion.monarchs.flow import SoloRemoval, solo_removal
from companion.views import cards as cards_view
from tests.helpers import run_cli as run


def test_two_options_with_a_value_before_the_command_are_said_to_go_after_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--format", "standard", "--cards", "c.json",
                       "deck", "check", "village", "x.txt")
    assert code == 2 and "usage: companion deck check" in err
    assert ("--format --cards go after the command: companion deck check village x.txt --format standard "
            "--cards c.json") in err
    assert "invalid choice" not in err
    code, out, _ = run(capsys, "--json", "--skill", "3", "--target", "J", "odds", "mousecard")
    doc = json.loads(out)
    assert code == 2 and doc["error"].endswith(
        "--skill --target go after the command: companion odds mousecard --json --skill 3 --target J")
    # one option still says "goes"; a word no option takes is not said to move
    code, _, err = run(capsys, "--skill", "3", "odds", "mousecard", "--target", "J")
    assert code == 2
    assert "--skill goes after the command: companion odds mousecard --target J --skill 3" in err
    code, _, err = run(capsys, "--format", "standard", "stray", "deck", "check", "village", "x.txt")
    assert code == 2 and "invalid choice: 'standard'" in err and "goes after" not in err
    code, _, err = run(capsys, "--format", "standard", "--bogus", "x", "deck", "check", "village", "x.txt")
    assert code == 2 and "invalid choice: 'standard'" in err and "go after" not in err


@pytest.mark.parametrize(("name", "form"), [("a.json", "json"), ("a.JSON", "json"), ("d/a.csv", "csv"),
                                            ("a.Csv", "csv"), ("a.txt", "text"), ("a", "text"),
                                            ("a.json.txt", "text")])
def test_a_list_files_form_is_the_one_its_name_says(name: str, form: str) -> None:
    from companion.deck.listtext import file_form

    assert file_form(name) == form


def test_a_blank_art_folder_is_refused_in_one_place() -> None:
    from companion.printing.geometry import PrintError
    from companion.printing.render import art_folder, refuse_blank_art

    refuse_blank_art(None)
    assert art_folder(None) is None
    for blank in ("", "  "):
        for check in (refuse_blank_art, art_folder):
            with pytest.raises(PrintError) as info:
                check(blank)
            assert info.value.message == "no art folder given" and info.value.where == "--art"
            assert info.value.suggestion == "Leave out --art for no art."


def test_no_hint_moves_words_past_a_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--format", "standard", "--cards", "c.json", "--", "deck", "check", "village",
                       "x.txt")
    assert code == 2 and "go after the command" not in err and "goes after the command" not in err


def test_an_option_without_its_value_is_not_given_the_next_option_as_one(capsys: pytest.CaptureFixture[str]
                                                                         ) -> None:
    code, _, err = run(capsys, "--format", "standard", "--cards", "deck", "check", "village", "x.txt")
    assert code == 2 and "--format goes after the command" in err
    assert "--cards --format standard" in err  # (--cards still wants its value: argparse will say so)


def test_a_page_interrupted_after_reading_the_log_is_drawn_again() -> None:
    """An action stopped by an interrupt after the tracker read another window's lines still redraws
    the page, so a later click is never taken against a table the page does not show."""
    from types import SimpleNamespace

    from companion.ui import TrackerPage

    drawn: list[int] = []

    class Page(TrackerPage):
        def refresh(self) -> None:
            drawn.append(self.tracker.reloads)

    page = Page.__new__(Page)
    page.tracker = SimpleNamespace(reloads=0)

    def interrupted() -> None:
        page.tracker.reloads += 1  # (the log read again: another window wrote it)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        page._run(interrupted)
    assert drawn == [1]


def test_a_tile_s_tooltip_is_escaped_on_its_own_div_and_left_out_when_not_given() -> None:
    tile = ui.card_tile("Fig", "fruit", "short", tooltip="Bob's <b>whole</b> text")
    assert tile.startswith("<div class='companion-tile' title='Bob&#x27;s &lt;b&gt;whole&lt;/b&gt; text' ")
    assert "title=" not in ui.card_tile("Fig", "fruit", "short")


def test_a_long_card_text_is_cut_on_the_tile_and_whole_on_its_tooltip() -> None:
    body = "word " * (cards_view.TILE_TEXT // 2)
    tile = cards_view.tile_html({"name": "Fig", "type": "fruit", "text": body}, "village", demo=False)
    assert not tile.startswith("<span") and f"title='{body}'" in tile
    short = cards_view.tile_html({"name": "Fig", "type": "fruit", "text": "short"}, "village", demo=False)
    assert "title=" not in short


def test_the_table_of_no_card_says_so_in_the_page_s_one_wording() -> None:
    empty = pd.DataFrame({"id": [], "name": []})
    assert cards_view.table_html(empty, {}) == cards_view.NO_MATCH_HTML
    assert "No card matches these filters" in cards_view.NO_MATCH_HTML


def test_a_load_tidies_no_name(monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.cards

    doc = {"game": "village", "set": "Mine", "cards": [
        {"id": "zz-fig", "name": "ZZ  Fig", "type": "fruit", "source": "me"}]}
    calls: list[str] = []
    real = companion.cards.tidy_name
    monkeypatch.setattr(companion.cards, "tidy_name", lambda text: calls.append(text) or real(text))
    assert v.validate_document(doc, file="mine.json", warnings=False) == []
    assert calls == []
    said = v.validate_document(doc, file="mine.json")  # warnings on: the name is looked at and warned of
    assert [i.pointer for i in said] == ["/cards/0/name"] and calls
    assert v._marks(doc, names=False) == [0] and v._marks(doc) == [v._UNTIDY]


def test_a_solo_die_s_position_is_read_from_the_die_alone() -> None:
    assert {f.name for f in dataclasses.fields(SoloRemoval)} == {"white", "black", "lines", "removed"}
    r = solo_removal(4, 5)
    assert (r.white, r.black, r.front, r.back) == (4, 5, 4, None)
    assert SoloRemoval(6, 1, ()).front is None and SoloRemoval(6, 1, ()).back == 1


def test_the_score_command_reads_the_file_s_json_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "s.json"
    f.write_text(json.dumps({"cards": [{"color": "red", "crowns": 2, "count": 2}], "notes": "mine"}),
                 encoding="utf-8")
    reads: list[str] = []
    real = json.loads

    def counted(text: Any, *args: Any, **kwargs: Any) -> Any:
        reads.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(scoring.json, "loads", counted)
    assert main(["score", "monarchs", str(f), "--json"]) == 0
    out = real(capsys.readouterr().out)
    assert out["total"] == 8 and out["file_notes"] == "mine"
    assert len(reads) == 1


def test_a_score_file_says_what_it_needs_and_its_notes() -> None:
    # (needs card data, notes) per file: a named card needs the data, JSON that cannot be read needs none
    # and has no notes, a decklist always needs it, a byte-order mark hides no notes, blank notes are none
    expected = {'{"cards": [{"card": "Sun King"}]}': (True, None), '{"cards": [}': (False, None),
                "Sun King\n": (True, None), "[]": (False, None),
                '\ufeff{"cards": [], "notes": "n"}': (False, "n"),
                '{"cards": [], "notes": " "}': (False, None)}
    for text, (needs, notes) in expected.items():
        file = scoring.ScoreFile(text)
        assert (file.needs_card_data(), file.notes()) == (needs, notes), text
    with pytest.raises(scoring.ScoreInputError, match="is not valid JSON"):
        scoring.ScoreFile('{"cards": [}', "f.json").cards()
