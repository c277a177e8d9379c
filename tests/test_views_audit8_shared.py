"""The eighth visual audit: the shared pieces (ui.stepper, ui.big_button, ui.header, the CSS) and the
Mouse Card, Monarchs and Printables pages. Each test builds a page and checks what a player sees:
the order of a row's parts, widths, which controls show, where a message lands, the words used."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from companion import ui
from companion.cards import CardDB, card_from_record
from companion.errors import CompanionError
from companion.views.monarchs import PICK_NONE, MonarchsCompanion
from companion.views.mousecard import MouseCardPage, situation_label
from companion.views.printing import PrintView

ROOT = Path(__file__).resolve().parents[1]
#: The rules' names of the Mouse Card choices: never in what a player reads.
IDENTIFIERS = re.compile(r"cancel_draws_on|bad_succeeds|red_bad|stop_when_sure|draw_all")


def text(widget_html: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


def walk(widget: Any) -> list[Any]:
    """``widget`` and every widget inside it (a tab's children included)."""
    return [widget, *(x for child in getattr(widget, "children", ()) for x in walk(child))]


def monarchs_db() -> CardDB:
    recs = [{"id": "duke", "name": "Duke", "type": "court", "color": "red", "cost": 4, "influence": 0,
             "move_cover": 0, "crowns": 2, "source": "demo"}]
    return CardDB("monarchs", [card_from_record("monarchs", "demo", r) for r in recs])


# -- 1. ui.stepper: label first, then − [number] +, centred ----------------------------------------------

def test_a_stepper_row_is_label_then_minus_number_plus_centred() -> None:
    n = ui.stepper("Cards left in the Court deck", 10, min=0, max=99, bounded=False)
    label, minus, number, plus = n.box.children
    assert isinstance(label, w.Label) and label.value == "Cards left in the Court deck"
    assert label.layout.width == "auto"  # a long label takes its own room, never the digits'
    assert (minus.description, plus.description) == ("−", "+") and number is n
    assert n.layout.width == "80px" and n.description == "" and n.caption == label.value
    assert n.box.layout.align_items == "center" and n.box.layout.margin.split()[1] == "24px"
    assert (n.minus, n.plus, n.label) == (minus, plus, label) and n.limits == (0, 99)
    plus.click()
    assert n.value == 11
    n.value = 99
    plus.click()  # + stays within the limits; what is typed past them is kept (bounded=False)
    assert n.value == 99
    minus.click()
    assert n.value == 98


def test_a_bounded_stepper_keeps_its_bounds_and_off_reasons_name_it_by_its_label() -> None:
    n = ui.stepper("Skill (cards)", 3, min=1, max=20)
    assert isinstance(n, w.BoundedIntText) and (n.min, n.max) == (1, 20)
    n.minus.click()
    n.minus.click()
    n.minus.click()
    assert n.value == 1
    ui.gate(n, "no game yet")
    assert "<b>Skill (cards)</b>: no game yet" in ui.off_reasons([n])


# -- 2. ui.big_button: as wide as its text ------------------------------------------------------------

def test_a_big_button_sizes_to_its_text_in_a_row_and_in_a_column() -> None:
    b = ui.big_button("Chip: +1 success")
    assert b.layout.width == "fit-content"  # (auto would stretch it across a column)
    assert b.layout.min_width == "120px" and b.layout.height == ui.BUTTON_HEIGHT


# -- 3. ui.header and the shared CSS ------------------------------------------------------------------

def test_the_header_links_back_to_the_start_page_unless_it_is_the_start_page() -> None:
    shown = ui.header("Print and play").value
    assert "href='start.ipynb'" in shown and "◀ All tools" in shown and "target='_self'" in shown
    assert "All tools" not in ui.header("Game-night companion", home=False).value


def test_the_css_has_one_base_size_and_readable_tabs() -> None:
    css = ui.CSS
    assert f"--jp-widgets-font-size: {ui.BASE_FONT}" in css  # the widgets' text as big as the page's
    assert re.search(r"\.companion-page \{[^}]*font-size: " + ui.BASE_FONT, css)
    assert "16px" not in css.split(".companion-page", 1)[1].split("}", 1)[0]
    tab = re.search(r"\.lm-TabBar \.lm-TabBar-tab \{([^}]*)\}", css)
    assert tab is not None and "color: #202124" in tab.group(1)  # unselected tabs: ink, not grey
    assert ".lm-TabBar-tab.lm-mod-current" in css and ".p-TabBar-tab" in css


# -- 4. the Mouse Card page -------------------------------------------------------------------------

@pytest.fixture
def mc(tmp_path: Path) -> MouseCardPage:
    return MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)


def test_mousecard_checkboxes_and_menus_are_never_cut(mc: MouseCardPage) -> None:
    for box in (mc.use_live, mc.stop, mc.bad_succeeds, mc.cancel_draws_on):
        assert box.indent is False and box.layout.width == "auto", box.description
    for menu, longest in ((mc.kings, "while not yet sure (best)"), (mc.bonus, "where they help most (best)")):
        assert menu.style.description_width == "initial"
        assert int(menu.layout.width.removesuffix("px")) >= 8 * (len(menu.description) + len(longest))
    assert mc.mode.style.button_width == "auto"


def test_mousecard_says_the_choices_in_the_words_of_its_controls(mc: MouseCardPage) -> None:
    assert all(not IDENTIFIERS.search(label) for label, _ in mc.situation.options)
    assert situation_label("red-bad").endswith("see House reading)")
    mc.situation.value, mc.mode.value = "combat", "broke"  # "cancel_draws_on has no effect here"
    said = text(mc.result.value)
    assert "“A cancelled bad card lets the draw go on” has no effect here" in said
    assert not IDENTIFIERS.search(said)
    mc.situation.value, mc.red_bad.value = "calm", "all"  # "red_bad 'all' has no effect here"
    mc.bad_succeeds.value = False
    said = text(mc.result.value)
    assert "“red-bad: every red card” has no effect here" in said and not IDENTIFIERS.search(said)
    mc.situation.value, mc.mode.value = "red-bad", "cautious"
    mc.kings.value, mc.cancel_draws_on.value = "always", False
    said = text(mc.result.value)
    assert "“A cancelled bad card lets the draw go on” unticked" in said and not IDENTIFIERS.search(said)


def test_mousecard_live_messages_show_under_the_row_of_the_button_pressed(mc: MouseCardPage) -> None:
    live = mc.live_tab
    draw_row = next(c for c in live.children if mc.draw_button in getattr(c, "children", ()))
    chips_row = next(c for c in live.children if mc.award_button in getattr(c, "children", ()))
    mc.draw_button.click()  # no character named: refused
    assert "name the character" in mc.message.value
    assert live.children.index(mc.message) == live.children.index(draw_row) + 1
    mc.spend_button.click()  # no player (nor character) named: refused, under the chips' row
    assert "name the player" in mc.message.value
    assert live.children.index(mc.message) == live.children.index(chips_row) + 1
    assert mc.message not in mc.widget.children  # (no longer one panel at the top of the page)


def test_mousecard_check_and_plot_refusals_show_where_they_were_caused(mc: MouseCardPage) -> None:
    def refused() -> Any:  # (the steppers keep the levels legal: a check the rules refuse)
        raise CompanionError("too many levels of Aged and disadvantage: 24", where="aged + disadvantage")

    mc.check = refused  # type: ignore[method-assign]
    mc.compute()
    assert "too many levels" in mc.check_message.value and mc.message.value == ""
    controls = next(c for c in mc.widget.children if mc.check_message in getattr(c, "children", ()))
    assert controls.children[-1] is mc.check_message
    odds_tab = mc.tabs.children[0]
    assert odds_tab.children.index(mc.plot_message) == odds_tab.children.index(mc.plot_button) + 1


def test_mousecard_says_in_words_why_live_buttons_are_off(mc: MouseCardPage) -> None:
    assert "<b>Redo</b>: nothing to redo" in mc.session_off.value
    assert "no draw yet" in mc.bonus_off.value and "Draw on" in mc.draw_off.value
    mc.character.value = "Pip"
    mc.cards.value = "KC, 7H, 3C"
    mc.draw_button.click()
    assert mc.message.value == ""
    said = text(mc.bonus_off.value)
    assert "Ace: +1 success, Ace: cancel bad : Pip's draw #1 has no unspent ace" in said
    assert "only after a cautious draw stopped by a bad card" in text(mc.draw_off.value)
    assert mc.undo_button.icon == "undo" and mc.redo_button.icon == "repeat"
    styles = {b.description: b.button_style for b in walk(mc.widget) if isinstance(b, w.Button)}
    assert "success" not in styles.values()  # (success is for starting a game; none starts here)


# -- 5. the Monarchs page -----------------------------------------------------------------------------

def test_monarchs_save_score_takes_the_pads_total_and_keeps_a_typed_one() -> None:
    v = MonarchsCompanion(monarchs_db())
    v.load_book_example()
    assert v.hs_score.value == 28
    v.save_button.click()
    assert "Saved 28 VP" in text(v.hs_message.value)
    v.hs_score.value = 31  # typed by hand: kept when the pad changes
    v.cards["red"].value = 3
    assert v.hs_score.value == 31


def test_monarchs_take_back_shows_its_first_row_after_a_save() -> None:
    v = MonarchsCompanion(monarchs_db())
    assert v.hs_pick.label == PICK_NONE and v.hs_pick.value is None
    v.hs_score.value = 12
    v.save_score()
    assert v.hs_pick.label == PICK_NONE and v.hs_pick.value is None and len(v.hs_pick.options) == 2


def test_monarchs_messages_stay_on_their_own_tab_under_their_buttons() -> None:
    v = MonarchsCompanion(monarchs_db())
    v.hs_score.value = 12
    v.save_button.click()
    assert "Saved 12 VP" in v.hs_message.value
    for other in (v.message, v.list_message, v.buy_message, v.solo_message):
        assert other.value == ""
    assert all(v.hs_message not in getattr(tab, "children", ()) for tab in (v.score_tab, v.buy_tab,
                                                                              v.end_tab))
    save_row = next(c for c in v.solo_tab.children if v.save_button in walk(c))
    assert v.solo_tab.children.index(v.hs_message) == v.solo_tab.children.index(save_row) + 1
    plan = next(b for b in v.buy_tab.children if getattr(b, "description", "") == "Plan purchases")
    assert v.buy_tab.children.index(v.buy_message) == v.buy_tab.children.index(plan) + 1
    v.front[0].value = "2:1:1:1"
    plan.click()
    assert "COST[:CROWNS[:INFLUENCE]]" in v.buy_message.value and "Saved 12 VP" in v.hs_message.value
    kids = list(v.score_tab.children)  # the pasted list's message right under its buttons (and their note)
    at = next(i for i, c in enumerate(kids)
              if any(getattr(b, "description", "") == "Score this list" for b in walk(c)))
    assert kids[at + 1] is v.list_off and kids[at + 2] is v.list_message
    assert v.message not in v.widget.children  # (no message panel below every tab)


def test_monarchs_buy_planner_labels_its_sort_and_sizes_its_controls() -> None:
    v = MonarchsCompanion(monarchs_db())
    row = next(c for c in v.buy_tab.children if v.sort_by in getattr(c, "children", ()))
    assert isinstance(row.children[0], w.Label) and row.children[0].value == "Best first"
    plan = next(b for b in v.buy_tab.children if getattr(b, "description", "") == "Plan purchases")
    assert plan.layout.width == "fit-content"  # no longer the one full-width button
    assert v.show_all.indent is False and v.show_all.layout.width == "auto"
    assert v.save_button.button_style != "success"


# -- 6. the Printables page ----------------------------------------------------------------------------

def test_printables_shows_only_the_controls_of_the_chosen_printable() -> None:
    view = PrintView("village")
    assert view.pasted.layout.display == "none"  # all cards of the game: no decklist box
    view.deck.value = "-"
    assert view.pasted.layout.display is None
    view.deck.value = ""
    assert view.pasted.layout.display == "none"
    assert view.align_box.layout.display is None and view.orientation_row in view.align_box.children
    view.backs.value = "none"  # no backs: no offset to line them up
    assert view.align_box.layout.display == "none"
    view.what.value = "calibration"
    assert view.align_box in view.options.children and view.align_box.layout.display is None
    view.what.value = "board"
    assert view.align_box not in view.options.children and view.card_box not in view.options.children


def test_printables_labels_everything_and_shows_units() -> None:
    view = PrintView("village")
    for box in (view.off_x, view.off_y, view.bleed, view.custom, view.game, view.deck, view.size):
        assert box.style.description_width == "initial", box.description
    assert view.off_x.description.endswith("mm") and view.off_y.description.endswith("mm")
    assert view.decks_refresh.description and view.decks_refresh.layout.width == "auto"
    for toggle, words in ((view.paper, "Paper"), (view.what, "Print"),
                          (view.orientation, "Calibration page")):
        assert toggle.caption == words and not toggle.description
    assert view.crop.indent is False and view.corners.indent is False


def test_printables_page_box_shows_only_with_a_pdf_and_says_of_how_many() -> None:
    view = PrintView("village")
    assert view.page_row.layout.display == "none"
    view.what.value = "calibration"
    view.make_button.click()
    assert "Made" in view.status.value and view.page_row.layout.display is None
    assert view.page_of.value == f"of {view.page.max}" and view.page.max == 2
    view.what.value = "board"  # the PDF goes with the settings: so does its page box
    assert view.page_row.layout.display == "none"


def test_printables_a_refusal_goes_when_another_printable_is_chosen() -> None:
    view = PrintView("village")
    view.size.value = "custom"
    view.custom.value = "banana"
    view.make_button.click()
    assert "did not work" in view.status.value
    view.what.value = "calibration"
    assert view.status.value == ""


# -- 7. the notebooks: a short lead, one title, the rest in the page's collapsed help ------------------

@pytest.mark.parametrize("notebook", ["mousecard", "monarchs", "printables", "cards", "deck_builder"])
def test_the_notebooks_keep_a_short_lead_and_no_command_line(notebook: str) -> None:
    cells = json.loads((ROOT / "notebooks" / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    markdown = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    assert len(markdown) == 1 and not markdown[0].lstrip().startswith("#")  # the page's header is the title
    assert len(re.findall(r"[.!?](\s|\*?$)", markdown[0])) <= 2 and len(markdown[0]) < 260
    assert "companion " not in markdown[0] and "How to use this page" in markdown[0]


def _help(widget: Any) -> str:
    boxes = [x for x in walk(widget) if isinstance(x, w.Accordion) and "cmp-help" in x._dom_classes]
    assert len(boxes) == 1 and boxes[0].selected_index is None  # collapsed
    return boxes[0].children[0].value


@pytest.mark.parametrize("build", [
    lambda tmp: MouseCardPage(tmp / "mc.jsonl", plot=False, settle=None).widget,
    lambda tmp: MonarchsCompanion(monarchs_db()).widget,
    lambda tmp: PrintView("village").widget])
def test_the_pages_keep_the_command_line_out_of_the_app(build: Any, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    assert "companion " in _help(build(tmp_path))
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    shown = _help(build(tmp_path / "app"))
    assert "companion " not in shown and len(shown) > 200
