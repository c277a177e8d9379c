"""Of Mice and Monarchs page, browser audit A: a list of nothing never empties the pad, the family pad's
− undoes its +, each colour one group, a whole-number box shows what it counts, the scoring said once
over the high scores, and the pad and the buy planner kept across a reload."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from companion.errors import CompanionError
from companion.highscores import record_high_score
from companion.monarchs.draft import ColourPad, PageDraft, draft_path, read_draft
from companion.monarchs.flow import HighScore
from companion.monarchs.scoring import ScoreFile
from companion.views.monarchs import MonarchsCompanion
from tests.test_monarchs_audit3 import db, minus, plus, text

# -- 1. a list of comments (or of no cards) turns Score this list off and leaves the pad ------------


@pytest.mark.parametrize(("pasted", "why"), [
    ("// nothing yet", "holds only comments, nothing to score"),
    ("# my game\n\n  // later\n", "holds only comments, nothing to score"),
    ('{"cards": []}', 'lists no cards ("cards" is empty), nothing to score'),
])
def test_a_list_of_nothing_turns_score_this_list_off_and_leaves_the_pad(pasted: str, why: str) -> None:
    v = MonarchsCompanion(db())
    v.load_book_example()
    assert "Total: 28 VP" in text(v.total.value)
    v.list_text.value = pasted
    assert v.score_list_button.disabled  # off, as for a blank box, saying why in the same words' shape
    assert v.score_list_button.tooltip == (f"the pasted list box {why}: paste a decklist ('3 Card Name' "
                                           "lines) or JSON first")
    assert f"Score this list : the pasted list box {why}" in text(v.list_off.value)
    with pytest.raises(CompanionError, match="nothing to score"):  # were it clicked all the same
        v.score_list()
    assert "Total: 28 VP" in text(v.total.value) and v.cards["orange"].value == 3
    v.list_text.value = "3 Duke"  # a card: on again
    assert not v.score_list_button.disabled


def test_a_list_read_as_no_cards_is_refused_at_the_click() -> None:
    v = MonarchsCompanion(db())
    v.load_book_example()
    v.list_text.value = "Name: my game"  # (a header: read, and it lists no card)
    v.score_list_button.click()
    assert "lists no cards, nothing to score" in text(v.list_message.value)
    assert "Total: 28 VP" in text(v.total.value)


def test_a_blank_box_and_a_list_with_a_card_read_as_before() -> None:
    assert ScoreFile("  \n").why_empty() is not None
    assert ScoreFile("# mine\n3 Duke").why_empty() is None
    assert ScoreFile('{"cards": [{"color": "red", "crowns": 1}]}').why_empty() is None
    assert ScoreFile('{"cards": [}').why_empty() is None  # (cards() names what is wrong with it)
    assert ScoreFile("// only a comment", "f.txt").cards(db()) == []  # the command line scores it as before


# -- 2. the family pad: − takes off a card as + adds one ---------------------------------------------

def test_minus_takes_the_last_card_of_no_crowns_off_the_crowns_typed() -> None:
    v = MonarchsCompanion(db())
    v.variant.value = "family"
    v.family["green"].value = "1 1 1 0"
    minus(v.cards["green"])
    assert v.family["green"].value == "1 1 1" and (v.cards["green"].value, v.crowns["green"].value) == (3, 3)
    assert "Total: 1 VP" in text(v.total.value)  # three cards of 1 crown: two discarded
    assert "green: 1 card with 0 crowns taken off the crowns typed per card" in text(v.message.value)
    plus(v.cards["green"])
    minus(v.cards["green"])  # − undoes +
    assert v.family["green"].value == "1 1 1"
    v.family["red"].value = "0, 2, 0, 3"
    minus(v.cards["red"])  # the last with 0 crowns, wherever it is
    assert v.family["red"].value == "0, 2, 3" and v.crowns["red"].value == 5


def test_minus_with_no_card_of_no_crowns_takes_the_last_and_its_crowns() -> None:
    v = MonarchsCompanion(db())
    v.variant.value = "family"
    v.family["green"].value = "2 1 3"
    minus(v.cards["green"])
    assert v.family["green"].value == "2 1" and (v.cards["green"].value, v.crowns["green"].value) == (2, 3)
    shown = text(v.message.value)
    assert "No total" not in shown and "its crowns counter follows: 6 → 3" in shown
    v.cards["green"].value = 0  # down to none: the counters count nothing either
    assert v.family["green"].value == "" and v.crowns["green"].value == 0


def test_minus_leaves_a_list_out_of_step_as_typed() -> None:
    v = MonarchsCompanion(db())
    v.variant.value = "family"
    v.family["green"].value = "1 1 1 0"
    v.crowns["green"].value = 5  # the list no longer matches the counters: not the page's to guess
    minus(v.cards["green"])
    assert v.family["green"].value == "1 1 1 0" and "No total" in text(v.message.value)


# -- 3. layout: a colour is one group; the Court row is four across -----------------------------------

def _within(parent: Any, child: Any) -> bool:
    """Whether ``child`` is ``parent`` or inside it."""
    return parent is child or any(_within(c, child) for c in getattr(parent, "children", ()))


def test_each_colours_counters_and_crowns_per_card_are_one_group() -> None:
    v = MonarchsCompanion(db())
    groups = [c for c in v.score_tab.children if "cmp-monarchs-colour" in c._dom_classes]
    assert len(groups) == 6
    for group, colour in zip(groups, ("purple", "yellow", "green", "blue", "red", "orange"), strict=True):
        assert all(_within(group, x) for x in (v.cards[colour].box, v.crowns[colour].box, v.family[colour]))
        assert group.layout.border_left.endswith(f"{colour_swatch(colour)}")


def colour_swatch(colour: str) -> str:
    from companion.views.monarchs import SWATCH

    return SWATCH[colour]


def test_the_crowns_per_card_hint_fits_its_box() -> None:
    v = MonarchsCompanion(db())
    box = v.family["green"]
    room = int(box.layout.width.removesuffix("px")) - 8 * len(box.description) - 24  # (8 px a letter)
    assert 8 * len(box.placeholder) <= room, box.placeholder


def test_each_court_row_is_one_row_of_four() -> None:
    v = MonarchsCompanion(db())
    for boxes in (v.front, v.back):
        rows = [c for c in v.buy_tab.children if any(_within(c, b) for b in boxes)]
        assert len(rows) == 1 and all(_within(rows[0], b) for b in boxes)  # one row, wrapping two by two
        assert rows[0].layout.flex_flow == "row wrap"


# -- 4. a whole-number box shows the number it counts ---------------------------------------------------

def test_a_number_from_the_browser_is_sent_back_so_the_box_shows_it(monkeypatch: pytest.MonkeyPatch) -> None:
    v = MonarchsCompanion(db())
    box = v.cards["green"]
    box.value = 3
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(box, "_send", lambda msg, buffers=None: sent.append(msg))
    box.set_state({"value": 2})  # what the browser sends for "2.5" typed over 3 (it keeps showing "2.5")
    values = [m["state"]["value"] for m in sent if m["method"] == "update"]
    assert values[-1] == 2 and any(x != 2 for x in values[:-1])  # another number, then 2: redrawn as 2
    assert box.value == 2 and "Total: 0 VP" in text(v.total.value)
    sent.clear()
    plus(box)  # set here, shown as it is: sent once
    assert [m["state"]["value"] for m in sent if m["method"] == "update"] == [3]


def test_the_page_marks_a_box_holding_no_whole_number() -> None:
    v = MonarchsCompanion(db())
    style = next(c.value for c in v.widget.children if isinstance(c, w.HTML) and "<style>" in c.value
                 and "cmp-monarchs" in c.value)
    assert "input:invalid" in style and "a whole number" in style


# -- 5. the high scores say their scoring once, in the heading ------------------------------------------

def test_a_high_score_row_does_not_repeat_its_tables_scoring() -> None:
    for score, variant in ((29, "standard"), (29, "standard"), (14, "family")):
        record_high_score(HighScore(score, "Ann", "2026-01-02", variant))
    v = MonarchsCompanion(db())
    shown = text(v.highscores.value)
    assert shown.count("Standard scoring") == 1 and shown.count("Family scoring") == 1
    assert "(standard)" not in shown and "(family)" not in shown


# -- 6. the pad and the buy planner are kept across a reload -------------------------------------------

def test_a_reload_brings_the_pad_and_the_planner_back() -> None:
    v = MonarchsCompanion(db())
    assert not draft_path().exists() and v.draft_row.layout.display == "none"  # nothing to say
    v.load_book_example()
    v.variant.value = "family"
    v.family["green"].value = "1 1 1 0"
    v.influence.value = 7
    v.back[0].value, v.front[3].value = "3:1", "Duke"
    v.sort_by.value = "spent"
    kept = read_draft()
    assert kept is not None and kept.colours["green"].per_card == "1 1 1 0" and kept.back[0] == "3:1"
    again = MonarchsCompanion(db())  # the browser reloaded
    assert again.variant.value == "family" and again.family["green"].value == "1 1 1 0"
    assert (again.cards["orange"].value, again.crowns["orange"].value) == (3, 2)
    assert (again.influence.value, again.back[0].value, again.front[3].value) == (7, "3:1", "Duke")
    assert again.sort_by.value == "spent"
    assert text(again.total.value) == text(v.total.value)
    assert again.draft_row.layout.display is None
    assert "Your pad and buy planner from before were brought back" in text(again.draft_note.value)
    again.afresh_button.click()  # Start afresh: both empty, and so is the draft
    assert again.cards["orange"].value == 0 and again.back[0].value == "" and again.influence.value == 5
    assert again.draft_row.layout.display == "none"
    fresh = read_draft()
    assert fresh is not None and fresh.is_fresh()
    third = MonarchsCompanion(db())
    assert third.draft_row.layout.display == "none" and third.cards["orange"].value == 0


def test_the_pads_clear_is_kept_too() -> None:
    v = MonarchsCompanion(db())
    v.cards["red"].value, v.crowns["red"].value = 2, 3
    assert "Your pad from before was brought back" in text(MonarchsCompanion(db()).draft_note.value)
    v.clear_pad()
    again = MonarchsCompanion(db())
    assert again.cards["red"].value == 0 and again.draft_row.layout.display == "none"


@pytest.mark.parametrize("content", [b"{not json",
                                     b'{"draft": 1, "page": "monarchs-page", "pad": {"colours": '
                                     b'{"green": {"cards": "three"}}}}', b'{"draft": 9}', b"\xff\xfe"])
def test_a_draft_that_cannot_be_read_is_said_and_kept_until_the_pad_changes(content: bytes) -> None:
    path = draft_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    v = MonarchsCompanion(db())  # no traceback: said above the tabs, the pad as a new page has it
    shown = text(v.draft_note.value)
    assert "Your pad from before could not be brought back" in shown and str(path) in shown
    assert v.draft_row.layout.display is None and v.afresh_button.layout.display == "none"
    assert v.cards["green"].value == 0 and path.read_bytes() == content
    v.variant.value = "family"  # a look at the other scoring changes the pad: now it is kept
    kept = read_draft()
    assert kept is not None and kept.variant == "family" and v.draft_row.layout.display == "none"


def test_a_draft_that_cannot_be_written_is_said_and_the_pad_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.drafts as drafts

    def refuse(path: Path, text: str, **_options: object) -> Path:
        raise PermissionError(13, "Permission denied", str(path))

    with monkeypatch.context() as m:
        m.setattr(drafts, "write_text_atomic", refuse)
        v = MonarchsCompanion(db())
        v.cards["red"].value, v.crowns["red"].value = 2, 3
    assert "Total: 6 VP" in text(v.total.value)
    assert "Your pad cannot be kept for a reload" in text(v.draft_note.value)
    assert "permission denied" in text(v.draft_note.value) and str(draft_path()) in text(v.draft_note.value)
    # writable again: the next change is kept, and the note goes
    v.cards["red"].value = 3
    kept = read_draft()
    assert kept is not None and kept.colours["red"].cards == 3 and v.draft_row.layout.display == "none"


def test_a_draft_reads_back_what_it_wrote_and_refuses_what_it_did_not() -> None:
    draft = PageDraft(variant="family", influence=12, front=("3:1", "", "-", "Duke"))
    path = draft_path()
    path.parent.mkdir(parents=True)
    path.write_text(draft.to_text(), encoding="utf-8")
    assert read_draft() == draft
    doc = json.loads(draft.to_text())
    doc["planner"]["show_all"] = "yes"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CompanionError, match="'show_all' is not true or false"):
        read_draft()
    assert not PageDraft(influence=6).is_fresh() and PageDraft().is_fresh()


@pytest.mark.parametrize(("draft", "parts"), [
    (PageDraft(), (False, False)),
    (PageDraft(variant="family"), (True, False)),
    (PageDraft(colours={**PageDraft().colours, "red": ColourPad(cards=2)}), (True, False)),
    (PageDraft(show_all=True), (False, True)),
    (PageDraft(back=("", "", "Duke", "")), (False, True)),
    (PageDraft(variant="family", influence=7), (True, True)),
])
def test_a_draft_tells_whether_its_pad_and_its_planner_were_typed_in(draft: PageDraft,
                                                                    parts: tuple[bool, bool]) -> None:
    assert draft.typed_in() == parts
