"""The Mice and Mystics and TMNT pages after the eighth visual audit: a refusal shows next to the control
that caused it, a control that is off says why in words, the party is picked with one tap per mouse, a
surge is said once (red only when there is something to resolve), the chapter track's cells sit level,
labels and buttons are never cut and say what they do, and the notebooks keep a one-line lead."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
import traitlets

from companion.views.mystics import NO_CHAPTER, MysticsDashboard, chapter_html
from companion.views.tmnt import AttackBuilder, GameTracker, tmnt_page
from tests.test_mystics_helpers import HEROES, dash, spider_surge, started
from tests.test_tmnt_views import CARDS, at_first_attack

ROOT = Path(__file__).resolve().parent.parent


def text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def walk(widget: Any) -> list[Any]:
    """``widget`` and every widget under it."""
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += walk(child)
    return found


def parent_of(root: Any, child: Any) -> Any:
    return next(x for x in walk(root) if child in getattr(x, "children", ()))


def after(box: Any, first: Any, then: Any) -> bool:
    """Whether ``then`` comes after ``first`` among ``box``'s children (or under them)."""
    kids = list(box.children)
    where = [next(i for i, k in enumerate(kids) if x in walk(k)) for x in (first, then)]
    return where[0] < where[1]


# -- 1: a refusal shows next to the control that caused it ----------------------------------------------

def test_a_bad_encounter_minion_list_is_said_in_the_encounter_section(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.enc_name.value = "Spiders"
    d.enc_minions.value = "dragons=banana"
    d.enc_btn.click()
    said = text(d.encounter_msg.value)
    assert "That did not work" in said and "bad minion count 'dragons=banana'" in said
    assert "did not work" not in text(d.status.value)  # (the top of the page stays the table's state)
    section = parent_of(d.widget, d.enc_btn)
    section = parent_of(d.widget, section)  # the Encounter and room section
    assert d.encounter_msg in section.children and after(section, d.enc_btn, d.encounter_msg)
    d.enc_minions.value = ""
    d.add1.click()  # another control's click: the old refusal does not stay beside Reveal
    assert d.encounter_msg.value == ""


def test_a_mouse_refusal_is_said_in_its_own_box(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    box.cure.click()  # (a click that got through: Collin has no poison wound)
    assert "That did not work" in box.msg.value and "did not work" not in d.status.value
    assert after(box.box, box.level, box.msg) and after(box.box, box.msg, box.box.children[-1])
    box.life.value = "lots"
    box.set_life.click()  # (a click that got through: no life typed)
    assert "bad life 'lots'" in text(box.extra_msg.value) and box.msg.value == ""


def test_each_section_of_the_mystics_page_has_its_panel_under_its_buttons(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    for button, panel in ((d.next_btn, d.turn_msg), (d.sub1, d.wheel_msg), (d.glass_btn, d.track_msg),
                          (d.wound_minion, d.minions_msg), (d.add_btn, d.add_msg),
                          (d.end_move_btn, d.chapter_msg), (d.set_turn_btn, d.corrections_msg),
                          (d.start_btn, d.setup_msg)):
        column = next(x for x in walk(d.widget) if isinstance(x, w.VBox) and panel in x.children)
        assert after(column, button, panel), button.description
    d.sub1.click()  # the wheel is empty
    assert "cannot take" in d.wheel_msg.value and "cannot take" not in d.status.value


def test_a_refused_tmnt_correction_is_said_under_apply_correction(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    g.first.value = 0
    g.new_game.click()
    g.fix_apply.click()  # nothing changed in the boxes
    assert "nothing to correct" in g.fix_msg.value and "did not work" not in g.status.value
    box = parent_of(g.widget, g.fix_apply)
    assert list(box.children).index(g.fix_msg) == list(box.children).index(g.fix_apply) + 1
    g.fix_hand.value = 4
    g.fix_apply.click()
    assert "Corrected Player 1: hand 4 (was 5)" in g.fix_msg.value and g.state.players[0].hand == 4


def test_a_refused_tmnt_phase_action_is_said_under_the_phase_controls(tmp_path: Path) -> None:
    g = at_first_attack(tmp_path)
    g.builder.attacks[0].pick.value = "custom"  # Wind, as the Character: refused
    g.builder.attacks[0].attr.value = "Wind"
    g.record.click()
    assert "same Attribute" in g.action_msg.value and "did not work" not in g.status.value
    kids = list(g.actions.children)
    assert kids.index(g.record) < kids.index(g.action_msg)
    g.zones[1][3].click()  # another section's click clears it
    assert g.action_msg.value == "" and "Block Zone 4 face-up" in g.zone_msg.value


# -- 2: a control that is off says why in words ----------------------------------------------------------

def test_the_mystics_captions_say_why_buttons_are_off(tmp_path: Path) -> None:
    fresh = dash(tmp_path / "fresh.jsonl")
    for caption in (fresh.next_off, fresh.wheel_off, fresh.track_off, fresh.chapter_off):
        assert caption.value == ""  # before a chapter: the status says so, once
    assert NO_CHAPTER not in "".join(c.value for c in (fresh.encounter_off, fresh.minions_off))
    d = started(tmp_path / "m.jsonl")
    assert "−1 cheese" in text(d.wheel_off.value) and "wheel is empty" in text(d.wheel_off.value)
    assert "Record achievement" in text(d.track_off.value)
    d.achievement.value = "Cheesemaster"  # the caption follows what is typed
    assert "End marker moves" in text(d.track_off.value)
    box = d._mouse_boxes["collin"]
    said = text(box.off.value)
    assert "Level up (6 cheese)" in said and "leveling up costs 6" in said
    assert "Pilfer" not in said  # (hidden for a mouse without it)
    assert "Poisoned" not in said and "Poisoned marker is not a button" in text(d.party_note.value)
    assert "Set life" in text(box.extra_off.value)
    box.life.value = "5"
    assert "Set life" not in text(box.extra_off.value)


def test_the_mystics_captions_skip_the_end_of_the_chapter_the_status_says(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.victory_btn.click()
    assert d.state.board.victory and d.next_btn.disabled
    assert d.next_off.value == "" and "play does not go on" not in d.wheel_off.value
    assert "Chapter won" in d.status.value


def test_tmnt_next_is_off_during_the_flip_and_says_why(tmp_path: Path) -> None:
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    assert g.next.disabled and g.next_off.value == ""  # no game yet: the phase line says so
    g.first.value = 0
    g.new_game.click()
    for _ in range(3):
        g.next.click()
    assert g.state.phase == "flip" and g.next.disabled
    assert "turn over the 1st Block card first" in g.next.tooltip
    assert g.next_off.value == ""  # (the large prompt says why, once)
    prompt = next(x for x in g.actions.children if "cmp-tmnt-flip-prompt" in getattr(x, "value", ""))
    assert "font-size:20px" in prompt.value and "What is it?" in prompt.value
    assert "Next phase waits for it" in prompt.value and "tmnt-tcg.txt, Flip Phase" in prompt.value
    g.flip_buttons[0].click()
    assert not g.next.disabled and g.next_off.value == ""
    g.next.click()  # the attack must be made: off again, with why
    assert g.state.phase == "attack" and g.next.disabled and "record it first" in g.next_off.value
    assert g.record.disabled and "Choose the card on the 1st Block Zone" in g.builder.result.value
    assert "Record attack" not in text(g.actions_off.value)  # (the builder's panel right above says why)


# -- 3: the party, one tap per mouse ------------------------------------------------------------------------

def test_the_party_is_picked_with_one_toggle_per_mouse(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    pick = d.mice_pick
    assert set(pick.toggles) == set(HEROES) and pick.value == ("collin", "filch", "tilda", "maginos")
    assert [t.button_style for t in pick.toggles.values()] == ["info"] * 4 + [""]
    assert pick.toggles["collin"].icon == "check" and pick.toggles["nez"].icon == ""
    pick.toggles["nez"].value = True  # one tap adds Nez and keeps the four
    assert pick.value == ("collin", "filch", "tilda", "maginos", "nez")
    assert "5 mice" in pick.chosen.value and set(d._ability_pickers) == set(pick.value)
    pick.toggles["filch"].value = False  # one tap leaves Filch out
    assert pick.value == ("collin", "tilda", "maginos", "nez") and pick.toggles["filch"].button_style == ""
    pick.value = ("tilda",)  # set in code, as the list was: the toggles follow
    assert [m for m, t in pick.toggles.items() if t.value] == ["tilda"]
    with pytest.raises(traitlets.TraitError):
        pick.value = ("nobody",)
    d.start_btn.click()
    assert [m.id for m in d.state.mice] == ["tilda"]


def test_no_mouse_chosen_is_refused_under_start(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl")
    d.mice_pick.value = ()
    d.start_btn.click()
    assert "choose the mice of the party first" in d.setup_msg.value and not d.state.started


# -- 4: a surge is said once ---------------------------------------------------------------------------------

def test_a_surge_with_nothing_to_place_is_a_calm_line_said_once(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    for _ in range(3):
        d.add2.click()
    alert = text(d.surge_alert.value)
    assert "Surge: hourglass moved to page 2" in alert and "SURGE" not in alert
    assert "companion-warn" in d.surge_alert.value and "Resolve it" not in alert
    assert "Surge!" not in text(d.status.value)  # (said once: in the surge line)


def test_a_surge_that_places_minions_is_the_red_panel(tmp_path: Path) -> None:
    d = spider_surge(tmp_path / "m.jsonl")
    alert = text(d.surge_alert.value)
    assert "SURGE! Resolve it before play goes on" in alert and "companion-error" in d.surge_alert.value
    # the surge's sentence is said once, under the button that caused it; the red panel heads it
    assert "Surge!" not in alert and "Surge!" not in text(d.status.value)
    assert text(d.wheel_msg.value).count("Surge!") == 1


# -- 5: the chapter track ----------------------------------------------------------------------------------

def test_the_chapter_tracks_cells_sit_level_and_say_hourglass(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    track = chapter_html(d.state)
    cells = re.findall(r"<span style='display:inline-block[^']*'", track)
    assert cells and all("vertical-align:top" in c for c in cells)
    assert "<small>hourglass</small>" in track and "<small>glass</small>" not in track


# -- 6 and 9: labels, widths and styles ------------------------------------------------------------------

def test_the_mystics_labels_say_what_they_do(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    d.add1.click()  # (on: its own tooltip, not why it is off)
    assert d.sub1.description == "−1 cheese" and "off the minion cheese wheel" in d.sub1.tooltip
    assert (d.achievement.description, d.ach_mouse.description, d.ach_move.description,
            d.ach_btn.description) == ("Achievement", "Earned by", "End marker moves", "Record achievement")
    assert d.ach_mouse.options[0] == ("(not named)", "")
    for box in (d.enc_ambush, d.add_ambush, d._mouse_boxes["collin"].trick):
        assert box.indent is False and box.layout.width == "auto"


def test_the_life_unknown_note_is_said_once(tmp_path: Path) -> None:
    d = dash(tmp_path / "m.jsonl", heroes={k: replace(h, life=None) for k, h in HEROES.items()})
    d.do({"event": "start", "chapter_end": 6, "mice": ["collin", "filch"], "seed": 1})
    page = text(d.party_note.value) + "".join(text(b.info.value) for b in d._mouse_boxes.values())
    assert page.count("Life unknown") == 1 and "for Collin, Filch:" in page


def test_no_button_of_either_page_has_a_fixed_width_or_a_cut_label(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    tab = tmnt_page(tmp_path / "t.jsonl")
    fixed = ("48px",)  # (the steppers' − and + are square on purpose)
    for page in (d.widget, tab):
        for x in walk(page):
            if isinstance(x, w.Button | w.ToggleButton) and x.layout.width not in fixed:
                assert x.layout.width in ("auto", "fit-content"), (x.description, x.layout.width)
            if isinstance(x, w.ToggleButtons):
                assert x.style.button_width == "auto", x.options
            if isinstance(x, w.Text | w.Dropdown | w.Combobox | w.BoundedIntText) and x.description \
                    and page is d.widget:
                assert x.style.description_width in ("initial", ""), x.description


def test_button_styles_follow_the_convention(tmp_path: Path) -> None:
    d = started(tmp_path / "m.jsonl")
    box = d._mouse_boxes["collin"]
    routine = [d.enc_btn, d.add_btn, d.wound_minion, d.victory_btn, d.defeat_btn, box.wound, box.capture,
               box.greedy, box.heal, box.rescue]
    assert all(b.button_style not in ("danger", "success") for b in routine)
    assert d.start_btn.button_style == "success" and d.start_btn.icon == "play"
    assert (d.undo_btn.icon, d.redo_btn.icon) == ("undo", "repeat")
    styles = {b.description: b.button_style for b in walk(d.widget) if isinstance(b, w.Button)}
    assert [k for k, v in styles.items() if v == "success"] == ["Start chapter"]
    g = GameTracker(tmp_path / "t.jsonl", CARDS)
    assert g.record.button_style == "primary" and g.new_game.button_style == "success"


# -- 8: no internal ids -------------------------------------------------------------------------------------

def test_the_attack_verdict_shows_no_rule_ids() -> None:
    b = AttackBuilder(CARDS)
    b.character.pick.value = "hero"
    b.attacks[0].pick.value = "custom"  # Wind, as the Character
    b.attacks[0].attr.value = "Wind"
    b.attacks[1].pick.value = "slam"  # Forceful, not 3rd
    shown = b.result.value
    assert "same Attribute" in shown and "is Forceful [F]" in shown
    for rule in ("attack-attribute", "forceful-position"):
        assert rule not in shown


# -- 9: the notebooks' leads and the pages' help ---------------------------------------------------------

@pytest.mark.parametrize("notebook", ["mystics", "tmnt"])
def test_the_notebook_keeps_a_short_lead_and_the_page_its_help(notebook: str, tmp_path: Path) -> None:
    cells = json.loads((ROOT / "notebooks" / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    markdown = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    assert len(markdown) == 1 and not markdown[0].startswith("#")  # (the page's header is the title)
    assert len(re.findall(r"[.!?](\s|$)", markdown[0])) <= 2 and "companion " not in markdown[0]
    page: Any = (MysticsDashboard(tmp_path / "m.jsonl").widget if notebook == "mystics"
                 else tmnt_page(tmp_path / "t.jsonl"))
    helps = [x for x in walk(page) if isinstance(x, w.Accordion) and x.get_title(0) == "How to use this page"]
    assert helps and all(x.selected_index is None for x in helps)
