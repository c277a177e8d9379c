"""Mends from a review of one change: a fix made in one caller reaches every caller, the
same rule lives in one place (each test fails without its mend)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def _companion(args: list[str], tmp_path: Path, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "COMPANION_USER_DATA": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-m", "companion", *args], env=env, capture_output=True,
                          cwd=tmp_path, timeout=120, check=False)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_deck_export_to_json_on_standard_output_stays_json_where_it_cannot_encode_the_name(
        tmp_path: Path, encoding: str) -> None:
    (tmp_path / "l.txt").write_text("Name: Caf\u00e9 \u2603 deck\n3 Acorn Scout\n", encoding="utf-8")
    done = _companion(["deck", "export", "village", "l.txt", "--to", "json"], tmp_path, encoding)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.decode(encoding))["name"] == "Caf\u00e9 \u2603 deck"
    # a file is UTF-8 with the characters as they are
    assert _companion(["deck", "export", "village", "l.txt", "--to", "json", "-o", "out.json"], tmp_path,
                      encoding).returncode == 0
    assert "Caf\u00e9 \u2603 deck" in (tmp_path / "out.json").read_text(encoding="utf-8")


def test_the_tmnt_status_says_the_phase_once_after_any_action_not_only_an_undo(tmp_path: Path) -> None:
    import html
    import re

    from tests.test_tmnt_print_tidy import tracker_at

    g = tracker_at(tmp_path, "item")  # moved to the Item Phase: no undo said
    said = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", g.status.value)).split())
    assert said.count("Item Phase") == 2, said  # the title and its section, then the message alone
    assert "(tmnt-tcg.txt, Item Phase) Item Phase:" not in said and "you may place" in said


def test_the_mystics_odds_panel_names_the_users_corrected_die_faces_as_the_odds_command_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import html

    from companion.views.mystics import MysticsDashboard
    from tests.helpers import run_cli

    for field in ('symbols=["sword"]', "certain=true"):
        assert run_cli(capsys, "cards", "correct", "mystics", "die-sword", field, "--note", "my dice")[0] == 0
    d = MysticsDashboard(tmp_path / "m.jsonl")  # the die as every command reads it: corrections too
    d.odds.battle.value = 3
    said = html.unescape(d.odds.result.value)
    assert "Die faces with your own values, not the rule book's: die-sword" in said
    assert "die-sword (certain by your correction only)" in said


def test_a_mouse_card_list_pasted_on_the_printables_page_takes_the_short_names_as_a_file_does() -> None:
    import html
    import re

    from companion.views.printing import PrintView

    v = PrintView("mousecard")
    v.deck.value = "-"
    v.pasted.value = "1 AH\n2 10H\n1 red joker"
    v.make_button.click()
    said = re.sub(r"<[^>]+>", " ", v.status.value)
    assert "companion-error" not in v.status.value and v.pdf, said
    v.pasted.value = "1 AX"  # no such card: refused as before
    v.make_button.click()
    assert "unknown The Mouse Card system card 'AX'" in html.unescape(re.sub(r"<[^>]+>", " ", v.status.value))


@pytest.mark.parametrize("seed", ["s" * 101, "a\nb", " "])
@pytest.mark.parametrize("game", ["village", "mystics", "mousecard", "tmnt"])
def test_every_trackers_start_event_takes_the_seeds_its_new_command_takes(
        tmp_path: Path, seed: str, game: str) -> None:
    """A start event sent with 'do' (or by a script) met the seed rule only in TMNT: Village echoed a
    10,000-character seed whole in every coin flip's message."""
    from companion.errors import CompanionError
    from companion.mousecard.live import LiveDeckTracker
    from companion.mystics.tracker import MysticsTracker
    from companion.tmnt.game import TmntTracker
    from companion.village.game import VillageTracker

    kind = {"village": VillageTracker, "mystics": MysticsTracker, "mousecard": LiveDeckTracker,
            "tmnt": TmntTracker}[game]
    start: dict[str, object] = {"event": "start", "seed": seed}
    if game == "mystics":
        start.update(chapter_end=6, mice=["collin", "filch"])
    log = tmp_path / "g.jsonl"
    with pytest.raises(CompanionError, match="at most 100 characters"):
        kind(log).do(start)
    assert not log.exists() or not log.read_text(encoding="utf-8").strip()
    start["seed"] = "s" * 100
    assert kind(log).do(start).started


def test_a_long_seed_a_log_already_holds_is_read_as_it_was_written(tmp_path: Path) -> None:
    from companion.village.game import VillageTracker

    log = tmp_path / "old.jsonl"
    log.write_text(json.dumps({"event": "start", "seed": "s" * 500, "first": 0}) + "\n", encoding="utf-8")
    assert VillageTracker(log).state.started


def test_a_village_result_that_stands_says_its_reason_as_it_is_now(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bob lost at 0 MP; a correction empties his deck, another gives him 5 MP back: Ann still wins, now
    because his deck has no cards (the result kept saying he had 0 Mouse Points)."""
    from companion.cli import main

    log = str(tmp_path / "v.jsonl")
    assert main(["village", "do", log, '{"event": "start", "players": ["Ann", "Bob"], "first": 0, "seed": 1}',
                 '{"event": "mp", "player": 1, "delta": -30}']) == 0
    assert "Bob has 0 Mouse Points: Ann wins" in capsys.readouterr().out
    assert main(["village", "do", log, '{"event": "deck", "player": 1, "delta": -53}',
                 '{"event": "mp", "player": 1, "delta": 5}']) == 0
    out = capsys.readouterr().out
    assert "the game is still over, now: Bob's deck has no cards: Ann wins" in out, out
    assert main(["village", "replay", log, "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert "deck has no cards" in json.dumps(state) and "Bob has 0 Mouse Points" not in json.dumps(state)


def _village_at_turn_3(tmp_path: Path, capsys: pytest.CaptureFixture[str], *,
                       strict_order: bool = True) -> str:
    """A Village log at Ann's second turn (turn 3), drawn, with her Acorn Scout #1 on the field."""
    from companion.cli import main

    log = str(tmp_path / "v.jsonl")
    start = json.dumps({"event": "start", "players": ["Ann", "Cleo"], "first": 0, "seed": 1,
                        "strict_order": strict_order})
    play = '{"event": "play_basic", "name": "Acorn Scout"}'
    draw, end = '{"event": "draw"}', '{"event": "end_turn"}'
    assert main(["village", "do", log, start, draw, play, end, draw, end, draw]) == 0
    capsys.readouterr()
    return log


def test_a_village_mouse_sacrificed_alone_sends_1_card_to_the_discard_pile(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    log = _village_at_turn_3(tmp_path, capsys)
    assert main(["village", "do", log,
                 '{"event": "summon_mega", "name": "Harvest Giant", "sacrifice": "Acorn Scout #1"}']) == 0
    out = capsys.readouterr().out
    assert "1 card to the discard pile" in out and "card(s)" not in out
    assert main(["village", "do", log, '{"event": "deck", "player": 1, "delta": -99}']) == 2
    assert "Cleo's deck has 52 cards: -99 would go below 0" in capsys.readouterr().err


def test_a_mega_mouse_summoned_after_no_attack_is_told_what_the_turn_allows_as_the_rules_do(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without the strict order of steps an ability stays allowed after declaring no attack (only an
    attack declared ends abilities, Step 4): the message said the Mega Mouse could do nothing more,
    and the ability was then taken."""
    from companion.cli import main

    log = _village_at_turn_3(tmp_path, capsys, strict_order=False)
    assert main(["village", "do", log, '{"event": "attack", "attacks": []}']) == 0
    capsys.readouterr()
    assert main(["village", "do", log,
                 '{"event": "summon_mega", "name": "Storm Whisker", "sacrifice": "Acorn Scout #1"}']) == 0
    out = capsys.readouterr().out
    assert "it may use its ability this turn" in out and "does nothing more" not in out, out
    assert main(["village", "do", log, '{"event": "ability", "mouse": "Storm Whisker #2"}']) == 0


class _Recorder:
    """A canvas that keeps the strings drawn and takes every other call."""

    def __init__(self) -> None:
        self.drawn: list[str] = []

    def __getattr__(self, name: str) -> object:
        if name.startswith("draw") and name.endswith("String"):
            return lambda *args, **_kw: self.drawn.append(args[2])
        return lambda *args, **_kw: self  # (a path made on it is drawn on it too)


def test_every_text_of_the_users_prints_composed_footers_and_back_labels_too() -> None:
    """The NFC clean-up reached card faces only: a Mouse Card set's name, a back's label and a sheet's
    footer (a decklist's name) still drew a decomposed "Café" as "Cafe" and a box."""
    import unicodedata
    from types import SimpleNamespace

    from companion.printing.faces import draw_back, draw_playing_card, playing_card_texts
    from companion.printing.render import draw_footer

    nfd = unicodedata.normalize("NFD", "Caf\u00e9")
    card = SimpleNamespace(set=f"{nfd} set", is_demo=False, get={"rank": 14, "suit": "hearts"}.get,
                           id="a-hearts", name="Ace of Hearts")
    c = _Recorder()
    draw_playing_card(c, card, 180.0, 252.0, 9.0)
    draw_back(c, "mousecard", 180.0, 252.0, 9.0, label=f"{nfd} back")
    draw_footer(c, (595.0, 842.0), f"{nfd} deck \u00b7 print at 100%")
    assert "Caf\u00e9 set" in c.drawn and "Caf\u00e9 deck \u00b7 print at 100%" in c.drawn, c.drawn
    assert any("Caf\u00e9 back" in s or s == "Caf\u00e9" for s in c.drawn), c.drawn
    assert not any(nfd in s for s in c.drawn) and "Caf\u00e9 set" in playing_card_texts(card)


def test_and_list_names_one_two_or_several_things_as_a_sentence_does() -> None:
    from companion.verdict import and_list

    assert and_list(["a"]) == "a" and and_list(["a", "b"]) == "a and b"
    assert and_list(["a", "b", "c"]) == "a, b and c"


@pytest.mark.parametrize("game", ["village", "tmnt", "mystics"])
def test_an_event_typed_with_a_field_twice_is_refused_not_read_as_its_last_value(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> None:
    """JSON keeps a repeated key's last value without a word: '"delta": 5, "delta": -5' took 5 MP away."""
    from companion.cli import main

    log = tmp_path / "g.jsonl"
    if game == "mystics":  # ('mystics do' takes a log already begun)
        assert main(["mystics", "new", str(log), "--mice", "collin,filch", "--seed", "1"]) == 0
    before = log.read_text(encoding="utf-8") if log.exists() else ""
    twice = '{"event": "start", "seed": 1, "seed": 2}'
    assert main([game, "do", str(log), twice]) == 2
    err = capsys.readouterr().err
    assert "the event gives 'seed' twice" in err and "each field once" in err and "Nothing was written" in err
    assert (log.read_text(encoding="utf-8") if log.exists() else "") == before
    nested = '{"event": "attack", "attacks": [{"attacker": "A", "attacker": "B"}]}'
    assert main([game, "do", str(log), nested]) == 2
    assert "'attacker' (at /attacks/0/attacker) twice" in capsys.readouterr().err


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-16-le"])
def test_a_log_saved_as_utf16_is_named_so_and_left_as_it_is(tmp_path: Path, encoding: str,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli import main

    log = tmp_path / "g.jsonl"
    assert main(["village", "do", str(log), '{"event": "start", "players": ["Ann", "Bob"], "first": 0}']) == 0
    data = log.read_text(encoding="utf-8").encode(encoding)
    log.write_bytes(data)  # an editor saved it as UTF-16
    capsys.readouterr()
    assert main(["village", "do", str(log), '{"event": "draw"}']) == 2
    err = capsys.readouterr().err
    assert "is saved as UTF-16 text, not UTF-8" in err and "Save it again as UTF-8" in err
    assert log.read_bytes() == data


def test_an_undone_award_says_the_chips_as_they_are_back_to_not_the_count_it_had_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'Undone: Pip receives 2 fate chip(s) (now 3).' read as if Pip had 3 after the undo."""
    from companion.cli import main

    log = str(tmp_path / "m.jsonl")
    assert main(["mousecard", "new", log, "--seed", "3"]) == 0
    assert main(["mousecard", "award", log, "Pip"]) == 0
    assert main(["mousecard", "award", log, "Pip", "--chips", "2"]) == 0
    assert "Pip receives 2 fate chips (now 3)." in capsys.readouterr().out
    assert main(["mousecard", "undo", log]) == 0
    out = capsys.readouterr().out
    assert "Undone: Pip receives 2 fate chips (Pip back to 1 fate chip)." in out and "(now 3)" not in out
    assert main(["mousecard", "redo", log]) == 0
    assert "Redone: Pip receives 2 fate chips (now 3)." in capsys.readouterr().out


def test_a_card_size_typed_with_a_decimal_comma_reads_as_with_a_point() -> None:
    from companion.errors import CompanionError
    from companion.printing.geometry import custom_card_size

    assert custom_card_size("63,5 x 88") == (63.5, 88.0) == custom_card_size("63.5x88")
    assert custom_card_size("63,5x88,9 mm") == (63.5, 88.9)
    for bad in ("63,,5x88", "63,x88", ",5x88"):
        with pytest.raises(CompanionError, match="unknown card size"):
            custom_card_size(bad)


def test_two_deck_builder_pages_keep_each_others_unsaved_lists() -> None:
    """A Village page written after a TMNT page erased the TMNT list from the draft: a reload of the
    TMNT page brought back the example, and the list typed there was gone."""
    from companion.views.deck import DeckBuilderView

    village, tmnt = DeckBuilderView("village"), DeckBuilderView("tmnt")
    tmnt.input.value = "Name: B turtles\n3 Karai\n3 Raphael\n"
    village.input.value = "Name: A mice\n3 Acorn Scout\n57 Apple\n"
    assert DeckBuilderView("tmnt").input.value == "Name: B turtles\n3 Karai\n3 Raphael\n"
    assert DeckBuilderView("village").input.value == "Name: A mice\n3 Acorn Scout\n57 Apple\n"
    tmnt.input.value = "Name: B turtles\n3 Karai\n"  # the page that showed it keeps its own list
    assert DeckBuilderView("tmnt").input.value == "Name: B turtles\n3 Karai\n"
    assert DeckBuilderView("village").input.value == "Name: A mice\n3 Acorn Scout\n57 Apple\n"


def test_a_log_line_giving_a_field_twice_is_said_with_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A hand edit's '"chips": 2, "chips": 50' made Pip's 2 chips 50 without a word."""
    from companion.cli import main

    log = tmp_path / "m.jsonl"
    assert main(["mousecard", "new", str(log), "--seed", "3"]) == 0
    assert main(["mousecard", "award", str(log), "Pip", "--chips", "2"]) == 0
    log.write_text(log.read_text(encoding="utf-8").replace('"chips": 2', '"chips": 2, "chips": 50'),
                   encoding="utf-8")
    capsys.readouterr()
    assert main(["mousecard", "replay", str(log), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert any(p.startswith("line 3: 'chips' given twice in one object: the replay reads the last value")
               for p in doc["problems"]), doc["problems"]
    assert main(["mousecard", "draw", str(log), "--character", "Pip", "--skill", "1", "--target", "J"]) == 0


def test_a_mouse_card_replay_warns_of_a_field_its_event_does_not_take(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'situaton' left the check calm (the red joker no longer bad) without a word, as every other
    tracker's replay says it."""
    from companion.cli import main

    log = tmp_path / "k.jsonl"
    assert main(["mousecard", "new", str(log), "--seed", "4"]) == 0
    assert main(["mousecard", "draw", str(log), "--character", "Pip", "--skill", "2", "--target", "J",
                 "--situation", "combat", "--cards", "red joker"]) == 0
    assert main(["mousecard", "award", str(log), "Pip", "--chips", "2", "--reason", "song"]) == 0
    capsys.readouterr()
    assert main(["mousecard", "replay", str(log)]) == 0
    assert "warning" not in capsys.readouterr().err  # every field the tools write is taken
    log.write_text(log.read_text(encoding="utf-8").replace('"situation"', '"situaton"'), encoding="utf-8")
    assert main(["mousecard", "replay", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["warnings"] == [
        "line 3 (draw): 'situaton' is not a field it takes, so the replay ignored it. "
        "Did you mean 'situation'?"]


def test_the_deck_builders_card_search_finds_a_name_typed_with_a_curly_apostrophe() -> None:
    import unicodedata

    from companion.views.deck import DeckBuilderView

    v = DeckBuilderView("tmnt")
    for typed in ("O\u2019Neil", "o'neil", unicodedata.normalize("NFD", "O\u2019NEIL")):
        v.search.value = typed
        assert [c.name for c in v.matching_cards()][:1] == ["April O'Neil"], typed


def test_zero_width_characters_pasted_with_a_list_are_no_part_of_its_names() -> None:
    from companion.cards import load_game
    from companion.deck.decklist import parse

    db = load_game("village")
    dl = parse("3 Pebble Pup\u200b\n3 Acorn\u200d Scout\n\u200b\n\ufeff54 Apple\n", db)
    assert [(e.card.name, e.count) for e in dl.entries] == [("Pebble Pup", 3), ("Acorn Scout", 3),
                                                            ("Apple", 54)]
    assert db.lookup("Pebble\u2060 Pup") is not None


def test_a_list_saved_with_the_name_box_emptied_is_not_filed_under_the_examples_name() -> None:
    from companion.views.deck import DeckBuilderView

    v = DeckBuilderView("village")  # the example, named in the Name box
    v.input.value = "3 Acorn Scout\n57 Apple\n"
    v.name.value = ""
    assert v.save_name() == "deck" and v.save_path().name == "village-deck.txt"
    v.input.value = "Name: Forest\n3 Acorn Scout\n57 Apple\n"
    v.name.value = ""
    assert v.save_name() == "Forest"


def test_a_deck_saved_where_a_folder_stands_says_why_not_that_another_deck_is_there(
        _isolated_user_data: Path) -> None:
    import html

    from companion.views.deck import DeckBuilderView

    (_isolated_user_data / "decks" / "village-dir.txt").mkdir(parents=True)
    v = DeckBuilderView("village")
    v.input.value = "Name: Dir\n3 Acorn Scout\n57 Apple\n"
    v.save.click()
    said = html.unescape(v.status.value)
    assert "village-dir.txt cannot be saved: it cannot be read (" in said, said
    assert "already holds another saved deck" not in said


def test_a_chip_as_a_success_on_a_draw_that_cannot_reach_its_need_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As on a draw that already succeeded: the fate chip would be lost for nothing."""
    from companion.cli import main

    log = str(tmp_path / "b.jsonl")
    assert main(["mousecard", "new", log, "--seed", "3"]) == 0
    assert main(["mousecard", "award", log, "Pip"]) == 0
    draw = ["mousecard", "draw", log, "--character", "Pip", "--skill", "1", "--target", "J"]
    assert main([*draw, "--need", "3", "--cards", "4C"]) == 0
    assert "cannot reach 3: at most 1 with 1 fate chip" in capsys.readouterr().out
    assert main(["mousecard", "bonus", log, "Pip", "--source", "chip", "--use", "success"]) == 2
    assert "cannot reach the 3 successes it needs (at most 1" in capsys.readouterr().err
    assert main([*draw, "--need", "2", "--cards", "JC"]) == 0  # one short: the chip may make the need
    assert main(["mousecard", "bonus", log, "Pip", "--source", "chip", "--use", "success"]) == 0



def test_a_page_on_a_log_that_cannot_be_used_never_calls_it_empty(tmp_path: Path) -> None:
    """The notice said the log was UTF-16; the deck status said it was empty and to start a session in
    it, which the same error then refused."""
    import html
    import re

    from companion.cli import main
    from companion.views.mousecard import MouseCardPage

    log = tmp_path / "m.jsonl"
    assert main(["mousecard", "new", str(log), "--seed", "3"]) == 0
    log.write_bytes(log.read_text(encoding="utf-8").encode("utf-16"))
    page = MouseCardPage(log, plot=False, settle=None)
    said = re.sub(r"<[^>]+>", " ", html.unescape(page.deck_status.value))
    assert "the log cannot be used (is saved as UTF-16 text" in said and "empty" not in said
    assert "mousecard new" not in said


def test_a_deck_in_doubt_names_the_first_draw_the_shuffle_no_longer_deals(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The seed changed on line 2: the refusal said to put back line 5 (the draw after the last
    reshuffle), which is intact; the first draw dealt otherwise is on line 3."""
    from companion.cli import main

    log = tmp_path / "e.jsonl"
    draw = ["mousecard", "draw", str(log), "--character", "Pip", "--skill", "2", "--target", "J"]
    assert main(["mousecard", "new", str(log), "--seed", "5"]) == 0
    assert main(draw) == 0 and main(["mousecard", "reshuffle", str(log), "--chapter"]) == 0
    assert main(draw) == 0
    lines = log.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1].replace('"seed": 5', '"seed": 6')
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(draw) == 2
    assert "put back as it was the line lost or changed at or before line 3" in capsys.readouterr().err
