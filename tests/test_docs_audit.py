"""What the README says, held to: every choice of words takes any case (a sheet, a board, a card type,
as the options' listed choices do); an empty Mouse Card log is said in the same words by replay, its
JSON and the odds from it (the page starts a session on an empty log); the notebooks name the controls
as the pages title them."""

from __future__ import annotations

import json
from pathlib import Path

import ipywidgets as w
import pytest

from companion.cli import main
from companion.printing.boards import find_board, find_sheet

ROOT = Path(__file__).resolve().parent.parent


def test_a_sheet_and_a_board_are_found_in_any_case() -> None:
    assert find_sheet("Village-MP") is find_sheet("village-mp")
    assert find_board("TMNT") is find_board("tmnt")


def test_cards_list_takes_a_card_type_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "list", "tmnt", "--type", "Attack", "--json"]) == 0
    upper = json.loads(capsys.readouterr().out)
    assert main(["cards", "list", "tmnt", "--type", "attack", "--json"]) == 0
    assert upper == json.loads(capsys.readouterr().out) and upper
    assert main(["cards", "list", "tmnt", "--type", "Atack"]) == 2  # a typo is still refused
    assert "Did you mean 'attack'?" in capsys.readouterr().err


def test_an_empty_live_deck_log_is_said_in_the_same_words_everywhere(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "e.jsonl"
    log.write_text("")
    assert main(["mousecard", "replay", str(log), "--json"]) == 0
    why = json.loads(capsys.readouterr().out)["no_session"]["why"]
    assert main(["mousecard", "replay", str(log)]) == 0
    assert f"No session under way in this log: {why}." in capsys.readouterr().out
    assert main(["odds", "mousecard", "--skill", "1", "--target", "J", "--deck-log", str(log)]) == 2
    assert why in capsys.readouterr().err


@pytest.mark.parametrize(("notebook", "words"), [("deck_builder", "the **Odds** tab"),
                                                 ("printables", "**Cards**")])
def test_the_notebooks_name_the_controls_as_the_pages_title_them(notebook: str, words: str) -> None:
    cells = json.loads((ROOT / "notebooks" / f"{notebook}.ipynb").read_text(encoding="utf-8"))["cells"]
    assert words in "".join(cells[0]["source"])


def test_the_pages_have_the_controls_the_notebooks_name(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_USER_DATA", str(tmp_path))
    from companion.views.deck import DeckBuilderView
    from companion.views.printing import PrintView

    def tabs(widget: w.Widget) -> list[str]:
        tab = isinstance(widget, w.Tab)
        found = [widget.get_title(i) for i in range(len(widget.children))] if tab else []
        return found + [t for child in getattr(widget, "children", ()) for t in tabs(child)]

    assert "Odds" in tabs(DeckBuilderView().widget)
    assert PrintView().deck.description == "Cards"
