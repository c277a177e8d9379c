"""Print: a saved deck named after no game, a corrected Mice and Mystics value, the DEMO tag at the mini
sizes, a card's missing back image, and what the Printables page's status shows."""

from __future__ import annotations

import html
import io
import json
import re
import shutil
from pathlib import Path

import pytest

from companion.cards import DATA_DIR, load_game
from companion.cli import main
from companion.printing.geometry import PrintError
from companion.printing.render import CardOptions, print_cards
from companion.views.printing import PrintView


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


# ---------------------------------------------------------------- 1. a saved deck named after no game


def _decks(user: Path) -> Path:
    folder = user / "decks"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_deck_saved_under_its_own_name_is_offered_for_its_game_by_its_cards(
        _isolated_user_data: Path) -> None:
    decks = _decks(_isolated_user_data)
    shutil.copy(DATA_DIR / "decks" / "village-demo-legal.txt", decks / "my deck.txt")
    shutil.copy(DATA_DIR / "decks" / "tmnt-demo-legal.txt", decks / "turtles.txt")
    view = PrintView("village")
    offered = dict((label, value) for label, value in view.deck.options)
    assert "my deck (your decks)" in offered and "turtles (your decks)" not in offered
    view.deck.value = offered["my deck (your decks)"]
    view.make_button.click()
    assert "Made" in view.status.value and "60 cards" in view.status.value
    view.game.value = "tmnt"
    labels = [label for label, _value in view.deck.options]
    assert "turtles (your decks)" in labels and "my deck (your decks)" not in labels


def test_a_json_deck_is_offered_for_the_game_it_names(_isolated_user_data: Path) -> None:
    decks = _decks(_isolated_user_data)
    (decks / "mine.json").write_text(json.dumps({"game": "village", "cards": [
        {"card": "Acorn Scout", "count": 2}]}), encoding="utf-8")
    labels = [label for label, _value in PrintView("village").deck.options]
    assert "mine (your decks)" in labels
    assert "mine (your decks)" not in [label for label, _value in PrintView("tmnt").deck.options]


def test_a_deck_whose_game_cannot_be_told_is_said_on_refresh(_isolated_user_data: Path) -> None:
    decks = _decks(_isolated_user_data)
    (decks / "notes.txt").write_text("buy milk\n", encoding="utf-8")
    view = PrintView("village")
    assert not any("notes" in label for label, _value in view.deck.options)
    view.refresh_decks()
    said = _text(view.status.value)
    assert "'notes.txt' is offered for no game" in said and "names a card of any game" in said
    assert "village-notes.txt" in said


def test_a_broken_deck_named_after_no_game_says_how_to_fix_it_not_the_deck_builders_open(
        _isolated_user_data: Path) -> None:
    decks = _decks(_isolated_user_data)
    (decks / "my deck.txt").write_text("3 Acorn Scout\n2 Barley Runner\n1 Acorn Scoot\n", encoding="utf-8")
    view = PrintView("village")
    view.deck.value = str(decks / "my deck.txt")
    view.make_button.click()
    said = _text(view.status.value)
    assert "did not work" in said and "Acorn Scoot" in said
    assert "Fix it in a text editor" in said and "Open: 'saved:" not in said


# ---------------------------------------------------------------- 2. a corrected Mice and Mystics value


def test_a_corrected_mystics_value_is_marked_on_the_card_and_in_the_runs_warnings(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from companion.corrections import correct_card
    from companion.printing.faces import CORRECTED_LEGEND, UNCERTAIN_LEGEND, mystics_face

    correct_card("mystics", "collin", {"life": 6}, note="read off my copy")
    collin = load_game("mystics").find("collin")
    face = mystics_face(collin)
    assert ("Life", "6*") in face.stats and face.legend == CORRECTED_LEGEND
    assert UNCERTAIN_LEGEND not in face.legend
    assert main(["print", "cards", "mystics", "--out", str(tmp_path / "m.pdf"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["corrected"] == [{"id": "collin", "name": "Collin", "fields": ["life"]}]
    warned = [w for w in out["warnings"] if "you corrected yourself" in w]
    assert len(warned) == 1 and "Collin (collin): life" in warned[0] and "marked *" in warned[0]


def test_an_uncorrected_run_has_no_correction_warning(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    assert main(["print", "cards", "mystics", "--out", str(tmp_path / "m.pdf"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["corrected"] == [] and not any("corrected" in w for w in out["warnings"])


def test_the_page_names_the_corrected_card_under_make_pdf() -> None:
    from companion.corrections import correct_card

    correct_card("mystics", "collin", {"life": 6})
    view = PrintView("mystics")
    view.make_button.click()
    said = _text(view.status.value)
    assert "some values are your corrections" in said and "Collin (collin): life" in said


# ---------------------------------------------------------------- 3. the DEMO tag at the mini sizes


@pytest.mark.parametrize("size", ["mini-american", "mini-euro"])
def test_the_demo_tag_is_never_small_text_at_the_mini_sizes(size: str) -> None:
    cards = [c for c in load_game("village", include_user=False).cards if c.is_demo]
    res = print_cards(cards, io.BytesIO(), CardOptions(size=size), game="village")
    assert not [cid for cid, _name, sizes in res.small_text if "tags" in sizes]


# ---------------------------------------------------------------- 4. a missing back image


def _card_with_back(folder: Path, back: str) -> Path:
    path = folder / "mine.json"
    path.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "my-mouse", "name": "My Mouse", "type": "basic-mouse", "atk": 1, "def": 1, "source": "mine",
         "back": back}]}), encoding="utf-8")
    return path


def test_a_missing_back_image_is_refused_before_anything_is_drawn_and_nothing_is_replaced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.printing import render

    cards = _card_with_back(tmp_path, "backs/missing.png")
    out = tmp_path / "out.pdf"
    out.write_bytes(b"my earlier PDF")
    drawn: list[object] = []
    monkeypatch.setattr(render._Faces, "face", lambda self, card: drawn.append(card))
    code = main(["print", "cards", "village", "--cards", str(cards), "--backs", "duplex", "--out", str(out)])
    said = capsys.readouterr().err
    assert code == 2 and drawn == []  # refused before the first front was drawn
    assert "missing.png" in said and "cannot be read" in said and "/cards/0/back" in said
    assert "print with no backs" in said and "Nothing was written" in said and "Traceback" not in said
    assert out.read_bytes() == b"my earlier PDF"


def test_a_back_that_is_not_an_image_is_refused_before_drawing(tmp_path: Path) -> None:
    from companion.cards import load_file
    from companion.printing.render import check_card_images

    (tmp_path / "back.png").write_text("not an image", encoding="utf-8")
    cards = load_file(_card_with_back(tmp_path, "back.png"), "village")
    with pytest.raises(PrintError, match="not an image Pillow can read"):
        check_card_images(cards, CardOptions(backs="duplex"))
    check_card_images(cards, CardOptions(backs="none"))  # no backs printed: the back is not read


# ---------------------------------------------------------------- 5. what the status shows


def test_the_status_says_what_it_shows() -> None:
    view = PrintView("village")
    assert view.status_shows == ""
    view.deck.value = "-"
    view.pasted.value = "2 Nope Card"
    view.make_button.click()
    assert view.status_shows == "error" and "companion-error" in view.status.value
    view.pasted.value = "2 Acorn Scout"  # the list reads now: the refusal goes
    assert view.status_shows == "" and view.status.value == ""
    view.make_button.click()
    assert view.status_shows == "" and "Made" in view.status.value
    view.bleed.value = "1"
    assert view.status_shows == "changed" and "The settings changed" in view.status.value
    view.bleed.value = "2"  # still the message about the PDF made before
    assert view.status_shows == "changed" and "The settings changed" in view.status.value
