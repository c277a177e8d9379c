"""A first-time user's first hour: build a deck and print it, open the app, read the cards page,
start a Mice and Mystics chapter, check the wrong file with the wrong command, type a game's name
as it is spelt. Each test failed before its fix."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any, ClassVar

import pytest

import companion.app as app
from tests.helpers import run_cli as run

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "data" / "decks"
LEGAL = str(DECKS / "village-demo-legal.txt")
TMNT_LIST = str(DECKS / "tmnt-demo-legal.txt")




def text_of(panel: str) -> str:
    """A panel's text as the player reads it."""
    return html.unescape(re.sub(r"<[^>]+>", " ", panel))


# --- 1. the Print page offers the decks you saved in the deck builder ------------------------------

def _save_in_deck_builder(name: str, text: str, game: str = "village") -> Path:
    from companion.views.deck import DeckBuilderView

    builder = DeckBuilderView(game)
    builder.input.value = text
    builder.name.value = name
    return builder.save_list()


def test_a_deck_saved_in_the_deck_builder_can_be_printed() -> None:
    from companion.views.printing import PrintView

    saved = _save_in_deck_builder("My First Deck", "3 Acorn Scout\n2 Barley Runner\n")
    view = PrintView("village")
    offered = dict(view.deck.options)
    assert offered["my-first-deck (your decks)"] == str(saved)
    assert "village-demo-legal" in offered  # the bundled decks stay
    view.deck.value = str(saved)
    view.make_button.click()
    assert "Made" in view.status.value and "5 cards (2 different)" in view.status.value
    assert view.pdf.startswith(b"%PDF") and "my-first-deck" in view.filename


def test_the_saved_decks_are_read_again_on_refresh_and_on_a_change_of_game() -> None:
    from companion.views.printing import PrintView

    view = PrintView("village")
    assert not any("your decks" in label for label, _ in view.deck.options)
    village = _save_in_deck_builder("Later", "3 Acorn Scout\n")
    tmnt = _save_in_deck_builder("Turtles", "3 Leonardo\n", game="tmnt")
    view.decks_refresh.click()  # saved while the page was open
    assert ("later (your decks)", str(village)) in view.deck.options
    assert str(tmnt) not in dict(view.deck.options).values()  # another game's deck is not offered
    assert "1 saved deck of Village TCG" in text_of(view.status.value)
    view.deck.value = str(village)
    view.decks_refresh.click()  # the choice stays
    assert view.deck.value == str(village)
    twin = village.with_suffix(".json")  # one name, two files: the kind tells them apart
    twin.write_text('{"game": "village", "cards": [{"card": "Acorn Scout", "count": 2}]}', encoding="utf-8")
    view.decks_refresh.click()
    labels = [label for label, _ in view.deck.options]
    assert "later (your decks, txt)" in labels and "later (your decks, json)" in labels
    view.game.value = "tmnt"
    assert ("turtles (your decks)", str(tmnt)) in view.deck.options
    assert "cmp-print-decks-refresh" in view.decks_refresh._dom_classes


def test_a_saved_deck_that_cannot_be_read_is_named_in_the_status(_isolated_user_data: Path) -> None:
    from companion.views.printing import PrintView

    folder = _isolated_user_data / "decks"
    folder.mkdir()
    (folder / "village-broken.txt").write_bytes(b"3 Acorn Scout\n\xff\xfe\xfa\n")
    (folder / "village-typo.txt").write_text("3 Acorn Scot\n", encoding="utf-8")
    view = PrintView("village")
    for name in ("broken", "typo"):
        view.deck.value = str(folder / f"village-{name}.txt")
        view.make_button.click()  # no traceback: the page's status says which deck and why
        status = text_of(view.status.value)
        assert f"your saved deck '{name}' cannot be read" in status and "Traceback" not in status
        assert not view.pdf
    assert "Acorn Scout" in status  # the closest card name, as for any list


# --- 2. `companion app` (JupyterLab) says where the start page is, as `app --voila` does ----------------

class _Server:
    """A stand-in for the server child: records its command and environment, ends when waited on."""

    seen: ClassVar[dict[str, Any]] = {}

    def __init__(self, cmd: list[str], cwd: object = None, env: dict[str, str] | None = None) -> None:
        _Server.seen.update(cmd=cmd, env=env)
        self.code: int | None = None

    def poll(self) -> int | None:
        return self.code

    def wait(self, timeout: float | None = None) -> int:
        self.code = 0
        return 0


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    _Server.seen = {}
    monkeypatch.setattr(app.subprocess, "Popen", _Server)
    monkeypatch.setattr(app, "wait_until_up", lambda *a, **k: None)  # it answers at once
    monkeypatch.delenv("JUPYTER_TOKEN", raising=False)
    return _Server.seen


def test_jupyterlab_mode_prints_the_start_pages_address_with_its_token(
        server: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "app", "--no-browser")
    assert code == 0
    cmd, env = server["cmd"], server["env"]
    (port,) = [a.split("=", 1)[1] for a in cmd if a.startswith("--ServerApp.port=")]
    token = env["JUPYTER_TOKEN"]
    assert len(token) >= 32 and not any(token in a for a in cmd)  # (not on a command line others see)
    assert "--no-browser" in cmd
    assert out.splitlines() == [f"The companion is at http://127.0.0.1:{port}/lab/tree/start.ipynb"
                                f"?token={token} (Ctrl+C to stop)"]


def test_jupyterlab_mode_uses_the_port_and_token_given(server: dict[str, Any],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    port = app.free_port()
    code, out, _ = run(capsys, "app", "--no-browser", f"--ServerApp.port={port}",
                       "--IdentityProvider.token=abc123")
    assert code == 0
    assert f"The companion is at http://127.0.0.1:{port}/lab/tree/start.ipynb?token=abc123 " in out
    assert sum(a.startswith("--ServerApp.port=") for a in server["cmd"]) == 1


def test_voila_mode_says_it_the_same_way(server: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "app", "--voila", "--no-browser")
    assert code == 0 and re.fullmatch(r"The companion is at http://127\.0\.0\.1:\d+/voila/render/"
                                      r"start\.ipynb \(Ctrl\+C to stop\)\n", out)


# --- 3. the Cards page says what its table is ---------------------------------------------------------

def test_the_cards_pages_dataframe_is_introduced_in_markdown(monkeypatch: pytest.MonkeyPatch) -> None:
    """(Since audit 8: the DataFrame is out of the app, where it showed one game's cards whatever the page
    showed; the page's help says what it is, outside the app, and the notebook's code comment.)"""
    from companion.views.cards import CardBrowserView

    cells = json.loads((ROOT / "notebooks" / "cards.ipynb").read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    assert not any(src.rstrip().splitlines()[-1].startswith("frame") for src in code)  # no table on show
    for key in ("VOILA_BASE_URL", "VOILA_PREHEAT", "VOILA_REQUEST_URL", "SERVER_SOFTWARE"):
        monkeypatch.delenv(key, raising=False)
    said = CardBrowserView("village").help.children[0].value
    assert "pandas" in said and "analysis" in said


# --- 4. Mice and Mystics: one line on the house readings, the full text on request --------------------

def test_mystics_new_and_replay_mention_the_house_readings_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.mystics.tracker import HOUSE_READINGS

    log = str(tmp_path / "chapter.jsonl")
    for argv in (["mystics", "new", log, "--mice", "collin,filch", "--seed", "3"],
                 ["mystics", "replay", log]):
        code, out, _ = run(capsys, *argv)
        assert code == 0
        (line,) = [x for x in out.splitlines() if "House readings" in x]
        assert line.startswith(f"House readings in use: {len(HOUSE_READINGS)} ")
        assert len(line) - len(log) < 100  # one short line
        assert f"companion mystics replay {log} --house-readings" in line
        assert not any(r in out for r in HOUSE_READINGS)
    code, out, _ = run(capsys, "mystics", "replay", log, "--house-readings")
    assert code == 0 and all(f"  - {r}\n" in out for r in HOUSE_READINGS)  # every one, a line each
    code, out, _ = run(capsys, "mystics", "replay", log, "--json")
    assert json.loads(out)["house_readings"] == list(HOUSE_READINGS)


# --- 5. another game's list: what to do comes first ---------------------------------------------------

def test_the_other_games_hint_comes_before_the_unknown_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "deck", "check", "village", TMNT_LIST)
    first, *rest = err.splitlines()
    assert code == 2 and "These look like TMNT TCG cards" in first and "`companion deck check tmnt`" in first
    assert len(rest) == 18 and all("unknown Village TCG card" in line for line in rest)
    assert err.count("These look like") == 1


# --- 6. a card file given as a decklist -----------------------------------------------------------------

def test_a_card_file_given_as_a_decklist_is_said_once(capsys: pytest.CaptureFixture[str]) -> None:
    cards = str(ROOT / "data" / "village" / "demo.json")
    code, _, err = run(capsys, "deck", "check", "village", cards)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "unknown field" not in err
    assert "is a card file" in err and "not a decklist" in err
    assert f"--cards {cards}" in err and f"companion validate {cards}" in err
    tmnt_cards = str(ROOT / "data" / "tmnt" / "demo.json")
    code, out, _ = run(capsys, "deck", "stats", "village", tmnt_cards, "--json")
    assert code == 2 and "is a card file" in json.loads(out)["error"]  # another game's card file too


# --- 7. a decklist given to `validate` ---------------------------------------------------------------

def test_validate_on_a_decklist_suggests_deck_check(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "my-deck.txt"
    deck.write_text("Name: Mine\n# mice\n3 Acorn Scout\n2x Barley Runner\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(deck))
    assert code == 1 and "not valid JSON" in out and f"`companion deck check GAME {deck}`" in out
    prose = tmp_path / "notes.txt"
    prose.write_text("3 things to buy\nmilk and bread\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(prose))
    assert code == 1 and "deck check" not in out  # not a decklist: no word on decks


# --- 8. game names in any case --------------------------------------------------------------------------

def test_game_names_are_read_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "cards", "list", "Village", "--json")
    assert code == 0 and "acorn-scout" in {c["id"] for c in json.loads(out)}, err
    code, out, err = run(capsys, "deck", "check", "VILLAGE", LEGAL, "--json")
    assert code == 0 and json.loads(out)["game"] == "village", err  # the game's own name, inside
    code, out, err = run(capsys, "deck", "formats", "Tmnt", "--json")
    assert code == 0 and {f["game"] for f in json.loads(out)} == {"tmnt"}, err


def test_a_misspelt_game_is_still_refused_with_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "cards", "list", "Vilage")
    assert code == 2 and "Did you mean 'village'?" in err


def test_print_takes_a_game_name_in_any_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.pdf"
    code, _, err = run(capsys, "print", "board", "Village", "--out", str(out))
    assert code == 0 and out.read_bytes().startswith(b"%PDF"), err
    code, _, err = run(capsys, "print", "cards", "TMNT", "--out", str(tmp_path / "cards.pdf"), "--json")
    assert code == 0, err
