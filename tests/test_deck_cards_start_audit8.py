"""Audit 8 of the deck builder, the card browser and the start page, driven through their widgets.

1. a typo is one error panel, and the card table keeps the counts of the lines that read;
2. the start page's deck builder links carry the game, and the deck builder starts on it;
3. the cards notebook shows no DataFrame of one game in the app;
4. the card table: plain titles left-aligned, no ids, the set once, a sentence when nothing matches;
5. a tile's text is cut at a word with "…", the whole text on its tooltip;
6. upload buttons size to their words;
7. the deck builder's columns share the width, no box past its edge;
8. the verdict in plain words: no rule ids;
9. chances as `deck odds` gives them (three decimals, with the exact fraction; session 6, was one);
10. short leads, the rest in a collapsed help, the command line only outside the app.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from companion import ui
from companion.views import start
from companion.views.cards import CardBrowserView, shorten, table_html, tile_html
from companion.views.deck import UNREADABLE, DeckBuilderView, readable_part, requested_game, verdict_html

ROOT = Path(__file__).resolve().parents[1]
VOILA_KEYS = ("VOILA_BASE_URL", "VOILA_PREHEAT", "VOILA_REQUEST_URL", "SERVER_SOFTWARE", "QUERY_STRING")


def text_of(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", markup)).strip())


def columns(view: DeckBuilderView) -> tuple[Any, ...]:
    """The deck builder's two columns: the list (editor) and the cards."""
    return next(x for x in view.widget.children if isinstance(x, w.HBox) and view.input in walk(x)).children


def walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


@pytest.fixture(autouse=True)
def _not_in_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in JupyterLab (or a test run): no Voila variables, no query string."""
    for key in VOILA_KEYS:
        monkeypatch.delenv(key, raising=False)


# --- 1. a typo: one error panel, the readable lines still counted -------------------------------------

def test_a_typo_is_one_error_panel_under_the_list_and_the_table_keeps_the_readable_counts() -> None:
    view = DeckBuilderView("village")
    view.input.value = "3 Acorn Scot\n2 Barley Runner\n"
    panels = [p for p in (view.status, view.summary, view.verdict, view.stats_table, view.odds_html)
              if "companion-error" in p.value]
    assert panels == [view.status]  # one red panel, not three
    said = text_of(view.status.value)
    assert "1 line cannot be read" in said and "line 1" in said and "Did you mean 'Acorn Scout'" in said
    assert "unknown Village TCG card 'Acorn Scot'" in said  # what was found, and the closest names
    assert view.summary.value == "" and "message under the list" in text_of(view.verdict.value)
    assert view.status in columns(view)[0].children[0].children  # the message is in the Decklist column
    rows = dict(zip(view._row_order, view.table.children, strict=False))
    assert ">2<" in rows["barley-runner"].children[1].value  # the line that reads keeps its count
    assert "color:#aaa'>0<" in rows["acorn-scout"].children[1].value
    assert view._row_order[0] == "barley-runner"  # (cards in the list first, as for a list that reads)


def test_while_the_list_cannot_be_read_the_tables_buttons_are_off_saying_why() -> None:
    view = DeckBuilderView("village")
    view.input.value = "3 Acorn Scot\n2 Barley Runner\n"
    minus, _count, plus, _label = view.table.children[0].children
    assert minus.disabled and plus.disabled and plus.tooltip == UNREADABLE
    assert UNREADABLE in text_of(view.table_off.value) and "−, +" in text_of(view.table_off.value)
    view.input.value = "3 Acorn Scout\n2 Barley Runner\n"
    minus, _count, plus, _label = view.table.children[0].children
    assert not minus.disabled and not plus.disabled and plus.tooltip.startswith("one ")
    assert view.table_off.value == ""


def test_readable_part_leaves_the_bad_lines_out_and_gives_up_on_json() -> None:
    from companion.deck.decklist import DecklistError, parse

    db = DeckBuilderView("village").db
    text = "# mine\n3 Acorn Scot\n2 Barley Runner\nx Pear\n4 Apple\n"
    with pytest.raises(DecklistError) as caught:
        parse(text, db)
    part = readable_part(text, caught.value, db)
    assert part is not None and {e.card.id: e.count for e in part.entries} == {"barley-runner": 2,
                                                                               "fruit-apple": 4}
    bad_json = '{"game": "village", "cards": [{"card": "Acorn Scot", "count": 3}]}'
    with pytest.raises(DecklistError) as caught:
        parse(bad_json, db)
    assert readable_part(bad_json, caught.value, db) is None


# --- 2. the start page's links carry the game --------------------------------------------------------

def test_the_start_pages_deck_builder_links_carry_their_game() -> None:
    links = re.findall(r"href='([^']+)'", start.start_page().children[1].value)
    assert "deck_builder.ipynb?game=village" in links and "deck_builder.ipynb?game=tmnt" in links
    assert "tmnt.ipynb" in links and "cards.ipynb" in links  # a notebook of one game: no query
    assert not any("?" in link for link in links if not link.startswith("deck_builder"))


@pytest.mark.parametrize(("query", "game"), [("game=tmnt", "tmnt"), ("?game=TMNT", "tmnt"),
                                             ("game=village", "village"), ("game=mystics", "village"),
                                             ("", "village"), ("x=1&game=tmnt", "tmnt"),
                                             ("game=", "village"), ("game=%20tmnt%20", "tmnt")])
def test_requested_game_reads_the_query(query: str, game: str) -> None:
    assert requested_game(query=query) == game


def test_the_deck_builder_notebook_starts_on_the_game_of_its_address(monkeypatch: pytest.MonkeyPatch) -> None:
    cells = json.loads((ROOT / "notebooks" / "deck_builder.ipynb").read_text(encoding="utf-8"))["cells"]
    source = next("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    monkeypatch.setenv("QUERY_STRING", "game=tmnt")  # as Voila gives it to the page's kernel
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # the project's own notebook
    assert namespace["builder"].game.value == "tmnt"
    monkeypatch.delenv("QUERY_STRING")  # JupyterLab: the page's own choice, Village first
    namespace = {}
    exec(source, namespace)
    assert namespace["builder"].game.value == "village"


# --- 3. the cards notebook: no DataFrame of one game in the app ---------------------------------------

def test_the_cards_notebook_shows_no_stale_dataframe_and_the_frame_follows_the_game() -> None:
    cells = json.loads((ROOT / "notebooks" / "cards.ipynb").read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, Any] = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), namespace)
    assert [c["cell_type"] for c in cells] == ["markdown", "code"]
    browser = namespace["browser"]
    browser.game_buttons.value = "tmnt"
    assert "leonardo-1" in set(browser.frame["id"])  # the frame a notebook user reads follows the page


# --- 4. the card table --------------------------------------------------------------------------------

def test_the_card_table_has_plain_left_aligned_titles_no_ids_and_the_set_once() -> None:
    view = CardBrowserView("village")
    table = view.table.value
    assert "max-height:480px" not in table  # no small scroll box cutting rows mid-line
    assert ".cmp-cards-df th{text-align:left" in table and "text-align: right" not in table
    titles = re.findall(r"<th>([^<]*)</th>", table)
    assert titles[:4] == ["Name", "Type", "ATK", "DEF"] and "Id" not in titles and "Set" not in titles
    assert "Abilities" in titles and "Fruit cost" not in titles
    assert table.count("Village TCG Demo Set") == 1  # once, above the table
    assert "fruit_cost" not in table and "Nibble (fruit cost 1)" in table
    assert "<td>acorn-scout</td>" not in table and "data-card='acorn-scout'" in table
    scout = table.split("data-card='acorn-scout'>", 1)[1].split("</tr>", 1)[0]
    assert "title='acorn-scout'" in scout and "id:" not in scout  # the id on the tooltip only
    forager = table.split("data-card='clover-forager-alt'>", 1)[1].split("</tr>", 1)[0]
    assert "id: clover-forager-alt" in forager  # two cards of one name: the id tells them apart
    assert "demo cards are made up" in view.count.value


def test_the_card_table_leaves_out_columns_empty_for_every_card_shown() -> None:
    view = CardBrowserView("mystics")
    view.search.value = "inspire"
    titles = re.findall(r"<th>([^<]*)</th>", view.table.value)
    assert "Name" in titles and "Text" in titles
    assert not {"Story book", "Chapter end", "Party size", "Unknown", "Uncertain"} & set(titles)


def test_no_match_says_so_in_the_table_and_the_tiles() -> None:
    view = CardBrowserView("mystics")
    view.search.value = "zzzznothing"
    for panel in (view.table, view.tiles):
        assert "No card matches these filters" in text_of(panel.value)
        assert "<th>" not in panel.value
    assert view.count.value.startswith("<b>0</b>")


def test_a_table_of_two_sets_keeps_its_set_column() -> None:
    import pandas as pd

    rows = pd.DataFrame([{"id": "a", "name": "A", "type": "x", "set": "One"},
                         {"id": "b", "name": "B", "type": "x", "set": "Two"}])
    markup = table_html(rows, {})
    assert "<th>Set</th>" in markup and "Set: <b>" not in markup


# --- 5. tiles: cut at a word, with "…", the whole text on the tooltip --------------------------------

def test_shorten_cuts_at_a_word_with_an_ellipsis() -> None:
    text = "When attacking with this mace, add 1 to Tilda's battle for that attack for each wounded mouse"
    cut = shorten(text, 40)
    assert cut.endswith("…") and len(cut) <= 40 and text.startswith(cut[:-1])
    assert text[len(cut) - 1] == " "  # the cut falls between words
    assert shorten("short", 40) == "short"
    assert shorten("x" * 100, 40) == "x" * 39 + "…"  # one long word: cut inside it, still said


def test_a_long_tile_keeps_its_whole_text_on_the_tooltip() -> None:
    body = "word " * 60 + "end."
    tile = tile_html({"name": "Long", "type": "ability", "text": body}, "mystics")
    assert f"title='{body}'" in tile and "end.</div>" not in tile and "…</div>" in tile
    short = tile_html({"name": "Short", "type": "ability", "text": "Brief."}, "mystics")
    assert "title=" not in short and "Brief.</div>" in short
    view = CardBrowserView("mystics")
    assert "…" in view.tiles.value and "(at most 1 this way)." in view.tiles.value  # (in Inspire's tooltip)


def test_tiles_read_ability_costs_in_words() -> None:
    view = CardBrowserView("village")
    assert "fruit_cost" not in view.tiles.value and "Nibble (fruit cost 1)" in view.tiles.value


# --- 6 and 7. nothing cut at 1024 px --------------------------------------------------------------------

def test_upload_buttons_and_checkboxes_size_to_their_words() -> None:
    deck, cards = DeckBuilderView("village"), CardBrowserView("village")
    assert deck.upload.layout.width == "auto" and cards.upload.layout.width == "auto"
    assert deck.overwrite.layout.width == "auto" and deck.overwrite.indent is False
    assert deck.reload.layout.width == "auto" and deck.game.style.button_width == "auto"
    for widget in (deck.format, deck.name, deck.load, deck.kind, cards.path, cards.type_menu, cards.search):
        assert widget.style.description_width == "initial", widget.description


def test_the_deck_builders_columns_share_the_width_and_no_box_is_wider_than_its_column() -> None:
    view = DeckBuilderView("village")
    both = columns(view)
    assert [c.layout.flex for c in both] == ["1 1 0", "1 1 0"] and both[0].layout.min_width == "0"
    assert both[0].layout.margin  # a gap between the list and the card column
    assert view.input.layout.width == "auto" and view.search.layout.width == "auto"
    assert all("%" not in (x.layout.width or "") for x in walk(view.widget) if hasattr(x, "layout"))
    rows = [x for x in walk(view.widget) if isinstance(x, w.HBox) and view.save in x.children]
    assert rows and rows[0].layout.flex_flow == "row wrap"  # Name, Save, Overwrite wrap, never clip


def test_button_styles_follow_the_conventions() -> None:
    view = DeckBuilderView("village")
    assert view.save.button_style == "primary"  # no game starts here: no 'success'
    assert view.keep_edits.button_style != "success" and view.save_new.button_style != "success"
    assert view.replace_edits.button_style == "danger"  # the edits are lost
    assert view.save_over.button_style == "danger"


# --- 8. the verdict in plain words ------------------------------------------------------------------------

def test_the_verdict_shows_sentences_and_sections_not_rule_ids() -> None:
    view = DeckBuilderView("village")
    view.input.value = "2 Acorn Scout\n2 Barley Runner\n4 Needle Sword\n"
    said = text_of(view.verdict.value)
    assert "deck-size" not in said and "copy-limit" not in said and "ability-limit" not in said
    assert "The deck has 8 cards" in said and "4 copies of Needle Sword; the limit is 3" in said
    assert said.count("village-tcg.txt, Deck Mix") >= 3  # each problem cites its section
    from companion.deck.legality import check_deck

    verdict = check_deck(view.deck, view.fmt)  # type: ignore[arg-type]
    assert {p.rule for p in verdict.problems} >= {"deck-size", "copy-limit"}  # the data keeps them
    assert verdict_html(verdict) == view.verdict.value


# --- 9. chances as deck odds gives them ---------------------------------------------------------------------

def test_the_odds_show_deck_odds_figures_and_the_exact_fraction() -> None:
    # (session 6: the page says what ``deck odds`` says, three places, no longer one: one figure for both)
    view = DeckBuilderView("village")
    view.input.value = "4 Needle Sword\n56 Apple\n"
    view.kind.value = "type=item"
    view.at_least.value, view.draws.value = 1, 7
    said = text_of(view.odds_html.value)
    assert re.findall(r"\d+\.\d{3}%", said) and not re.findall(r"\d+\.(\d{1,2}|\d{4,})%", said)  # 3, always
    assert "39.950%" in said and "exactly 38962/97527" in said
    from companion.probability import percent

    assert percent(Fraction(38962, 97527)) == "39.950%"  # the project's rounding, from the fraction


# --- 10. leads and collapsed help --------------------------------------------------------------------------

def test_the_start_notebook_puts_nothing_above_the_title_and_no_jupyter_steps_in_the_app() -> None:
    cells = json.loads((ROOT / "notebooks" / "start.ipynb").read_text(encoding="utf-8"))["cells"]
    assert [c["cell_type"] for c in cells] == ["code"]  # the page's own header is the first thing shown
    assert "Run All Cells" in "".join(cells[0]["source"])  # (a comment: JupyterLab shows it, the app not)
    header = start.start_page().children[0].value
    assert "Game-night companion" in header and "picks up where you left off" in header
    assert "All tools" not in header  # the start page is where that link leads (ui.header's home=False)


@pytest.mark.parametrize("make", [lambda: CardBrowserView("village"), lambda: DeckBuilderView("village")])
def test_the_pages_help_is_collapsed_and_leaves_the_command_line_out_of_the_app(
        make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    page = make()
    assert isinstance(page.help, w.Accordion) and page.help.selected_index is None
    assert page.help.get_title(0) == "How to use this page" and page.widget.children[1] is page.help
    assert "companion " in page.help.children[0].value  # JupyterLab: the command line is there
    monkeypatch.setenv("VOILA_BASE_URL", "/")  # the app
    assert ui.in_app()
    assert "companion " not in make().help.children[0].value
    assert "Check a card file" in make().help.children[0].value or "Legality" in make().help.children[0].value


def test_the_cards_page_names_its_check_once() -> None:
    view = CardBrowserView("village")
    said = "".join(x.value for x in walk(view.widget)
                   if isinstance(x, w.HTML) and x is not view.help.children[0])
    assert said.count("Check your own card file") == 0 and said.count("Check a card file of your own") == 1
    assert view.report.value == ""  # the report panel waits for a check


def test_a_table_of_several_sets_names_each_without_the_games_name() -> None:
    view = CardBrowserView("monarchs")
    cells = set(re.findall(r"<td>([^<]*)</td>", view.table.value))
    assert {"Demo Court", "Starting cards"} <= cells and "Of Mice and Monarchs Demo Court" not in cells
