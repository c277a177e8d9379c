"""What a fuzz of every page's controls found (hostile text typed, every button pressed in random
orders): each case here once ended in "Something went wrong (this is a bug)" or a failed drawing.

Half of a character (a lone UTF-16 surrogate such as U+DCFF) can reach a text box from a copy and
paste; UTF-8 cannot hold it, so no log, deck file or plot can take it. The page says so in its own
panel, keeps what was typed, and writes nothing.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as w
import pytest

from companion import ui
from companion.views.deck import DeckBuilderView, decks_dir
from companion.views.village import VillageCompanion
from tests.test_mystics_helpers import started

from .helpers import village_page

HALF = "\udcff"  # half of a character: a lone surrogate


def said(panel: w.HTML) -> str:
    return html.unescape(panel.value)


def half_said(panel: w.HTML) -> None:
    text = said(panel)
    assert "this is a bug" not in text and "Error" not in text, text
    assert "That did not work" in text and "half of a character" in text, text


def test_show_error_says_a_half_character_in_words() -> None:
    panel = ui.panel()
    try:
        f"Tom{HALF}".encode()
    except UnicodeEncodeError as exc:
        ui.show_error(panel, exc)
    half_said(panel)
    assert "U+DCFF" in said(panel)
    assert ui.half_character("Tom 🐭 Café") is None and ui.half_character("") is None


def test_a_half_character_in_a_player_name_is_refused_and_the_old_game_kept(tmp_path: Path) -> None:
    page = village_page(tmp_path)
    log = tmp_path / "v.jsonl"
    before = log.read_bytes()
    page.names[0].value = f"Al{HALF}ice"
    page.new_game_button.click()
    half_said(page.message)
    assert "player 1's name" in said(page.message) and "nothing was done" in said(page.message)
    assert log.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["v.jsonl"]
    assert page.names[0].value == f"Al{HALF}ice"  # what was typed stays


def test_a_half_character_in_a_logged_text_box_is_said_and_nothing_written(tmp_path: Path) -> None:
    page = village_page(tmp_path)
    log = tmp_path / "v.jsonl"
    before = log.read_bytes()
    page.flip_card.value = f"Lucky{HALF}Clover"
    heads = next(b for b in _buttons(page.widget) if b.description == "Heads")
    heads.click()
    half_said(page.message)
    assert log.read_bytes() == before and page.flip_card.value == f"Lucky{HALF}Clover"
    page.flip_card.value = "Lucky Clover"  # the same box, retyped, works
    heads.click()
    assert log.read_bytes() != before and "did not work" not in said(page.message)


def test_a_half_character_in_a_mystics_card_box_is_said(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    before = (tmp_path / "m.jsonl").read_bytes()
    box.card.value = f"Dag{HALF}ger"
    box.gear_buttons["gain"].click()
    half_said(box.extra_msg)  # (under the pack's buttons)
    assert (tmp_path / "m.jsonl").read_bytes() == before and box.card.value == f"Dag{HALF}ger"


def test_a_deck_named_with_a_half_character_is_not_saved_and_says_why() -> None:
    view = DeckBuilderView("village")
    text = view.input.value
    view.name.value = f"My{HALF}Deck"
    view.save.click()
    half_said(view.status)
    assert view.name.value == f"My{HALF}Deck" and view.input.value == text
    folder = decks_dir()
    assert not folder.exists() or not any(folder.iterdir())


@pytest.mark.parametrize("where", ["name box", "name line"])
def test_a_deck_name_with_a_half_character_still_draws_its_plot(where: str) -> None:
    view = DeckBuilderView("village")
    card = next(iter(view.db)).name
    if where == "name box":
        view.name.value = f"My{HALF}Deck"
        view.input.value = f"4 {card}\n"  # no Name line: the plot is titled by the Name box
    else:
        view.input.value = f"Name: My{HALF}Deck\n4 {card}\n"
    assert "went wrong" not in said(view.status), said(view.status)
    assert view.plot.value and view.plot.layout.display != "none"


def test_a_figure_with_a_half_character_is_drawn_with_a_replacement_mark() -> None:
    from matplotlib.figure import Figure

    fig = Figure()
    fig.suptitle(f"My{HALF}Deck: 60 cards")
    fig.add_subplot().set_title(f"x{HALF}")
    assert ui.figure_widget(fig).value
    assert fig._suptitle.get_text() == "My\ufffdDeck: 60 cards"


def _buttons(root: w.Widget) -> list[w.Button]:
    out: list[w.Button] = []

    def go(x: w.Widget) -> None:
        if isinstance(x, w.Button):
            out.append(x)
        for c in getattr(x, "children", ()) or ():
            go(c)

    go(root)
    return out


def test_a_village_page_opened_on_a_fresh_log_takes_names_with_whole_characters(tmp_path: Path) -> None:
    page = VillageCompanion(tmp_path / "v.jsonl")
    page.names[0].value, page.names[1].value = "Zoë 🐭", "Bob"
    page.new_game_button.click()
    assert page.tracker.state.players[0].name == "Zoë 🐭", said(page.message)
