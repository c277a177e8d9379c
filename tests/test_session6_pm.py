"""Session 6, print and the Mouse Card page: ``print cards --plain-back-if-missing`` without backs warns
that it changes nothing there (as an offset without backs does), the page's checkbox showing with backs
only; Draw on pressed while it would be refused says why in the page's words, as its off reason does."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.views.mousecard import CANCEL_BOX, MouseCardPage
from companion.views.printing import PrintView
from tests.helpers import run_cli

CARDS = Path(__file__).resolve().parent / "data" / "print_cards.json"
#: The rules' names of the Mouse Card choices: never in what a player reads.
IDENTIFIERS = re.compile(r"cancel_draws_on|bad_succeeds|red_bad|stop_when_sure|draw_all")


def text(widget_html: str) -> str:
    """A panel's words, its tags and entities gone."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", widget_html))).strip()


# -- 1. --plain-back-if-missing without backs ----------------------------------------------------------

def test_plain_back_if_missing_without_backs_warns_it_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "c.pdf"
    code, out, err = run_cli(capsys, "print", "cards", "village", "--cards", str(CARDS),
                             "--plain-back-if-missing", "--json", "--out", str(pdf))
    assert code == 0 and pdf.read_bytes().startswith(b"%PDF")
    said = ("warning: --plain-back-if-missing prints the game's plain back for a card whose back image is "
            "missing, and there are no backs: add --backs duplex (or duplex-short)")
    assert said in " ".join(err.split())
    assert any("--plain-back-if-missing" in n for n in json.loads(out)["warnings"])
    for backs in ("duplex", "duplex-short"):  # with backs it does its work: nothing to warn of
        code, _out, err = run_cli(capsys, "print", "cards", "village", "--cards", str(CARDS),
                                  "--backs", backs, "--plain-back-if-missing", "--out", str(pdf))
        assert code == 0 and "--plain-back-if-missing" not in err


def test_the_help_says_plain_back_if_missing_matters_with_backs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run_cli(capsys, "print", "cards", "--help")
    said = " ".join(out.split())
    assert code == 0 and "with --backs duplex or duplex-short (without backs it changes nothing" in said


def test_the_pages_plain_back_box_shows_with_duplex_backs_only(_isolated_user_data: Path) -> None:
    view = PrintView("village")
    shown = {}
    for backs in ("none", "duplex", "duplex-short", "none"):
        view.backs.value = backs
        shown[backs] = view.plain_back.layout.display != "none"
    assert shown == {"none": False, "duplex": True, "duplex-short": True}


# -- 2. Draw on pressed while it would be refused ----------------------------------------------------

def test_draw_on_pressed_while_off_says_why_in_the_pages_words(tmp_path: Path) -> None:
    page = MouseCardPage(tmp_path / "mc.jsonl", plot=False, settle=None)
    page.mode.value, page.cancel_draws_on.value = "cautious", False
    page.character.value, page.cards.value = "Pip", "KC, 7H, 3C"
    page.draw_button.click()
    assert page.message.value == ""
    assert page.draw_on_button.disabled  # off, saying why in the page's words ...
    off = text(page.draw_off.value)
    assert f"(“{CANCEL_BOX}” unticked)" in off and not IDENTIFIERS.search(off)
    page.draw_on_button.click()  # ... and pressed anyway (a driver, a stale click): refused, the same words
    said = text(page.message.value)
    assert "Pip's draw #1 cannot go on: a cancelled bad card ends the draw" in said
    assert f"(“{CANCEL_BOX}” unticked)" in said and not IDENTIFIERS.search(said)
    assert len(page.tracker.state.draws[-1].cards) == 3  # (nothing drawn)
