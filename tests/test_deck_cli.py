"""``companion deck``: exit codes, JSON output, --cards, --format; plus the shipped example lists."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "data" / "decks"

#: Our own cards (ids that no bundled file uses), added with --cards: tests don't depend on demo data.
CARDS = {
    "game": "village", "set": "CLI Test Set",
    "cards": [
        {"id": "t-acorn", "name": "T Acorn", "type": "basic-mouse", "source": "demo: test", "atk": 1,
         "def": 1, "abilities": [{"name": "T Nibble", "fruit_cost": 1, "text": "..."}]},
        {"id": "t-barley", "name": "T Barley", "type": "basic-mouse", "source": "demo: test", "atk": 1,
         "def": 1, "abilities": [{"name": "T Nibble", "fruit_cost": 1, "text": "..."}]},
        {"id": "t-fig", "name": "T Fig", "type": "fruit", "source": "demo: test"},
        {"id": "t-spoon", "name": "T Spoon", "type": "item", "source": "demo: test"},
    ],
}


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(CARDS))
    return path


def deckfile(tmp_path: Path, text: str) -> str:
    path = tmp_path / "deck.txt"
    path.write_text(text)
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    code, out, _ = run(capsys, *argv, "--json")
    return code, json.loads(out)


def test_check_legal_exit_0(tmp_path: Path, cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "Deck\n3 T Acorn\n57 T Fig\n")
    code, out, _ = run(capsys, "deck", "check", "village", deck, "--cards", str(cards))
    assert code == 0
    assert "LEGAL" in out and "60 cards" in out


def test_check_illegal_exit_1_json(tmp_path: Path, cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "2 T Acorn\n2 t-barley\n4 T Spoon\n50 T Fig\n")
    code, data = run_json(capsys, "deck", "check", "village", deck, "--cards", str(cards))
    assert code == 1
    assert {"game", "legal", "card_count", "problems", "notes"} <= set(data)
    assert (data["game"], data["legal"], data["card_count"]) == ("village", False, 58)
    assert [p["rule"] for p in data["problems"]] == ["deck-size", "copy-limit", "copy-limit"]
    for p in data["problems"]:
        assert set(p) == {"rule", "message", "cards", "cite"}
        assert p["cite"] == "village-tcg.txt, Deck Mix"
    assert data["problems"][2]["message"] == ("4 cards share the ability T Nibble: 2 T Acorn, 2 T Barley; "
                                              "the limit is 3.")
    assert data["problems"][2]["cards"] == ["T Acorn", "T Barley"]
    assert data["notes"][0]["rule"] == "recommended-mix"


def test_check_unreadable_exit_2(tmp_path: Path, cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "3 T Acorm\n0 T Fig\n")
    code, out, err = run(capsys, "deck", "check", "village", deck, "--cards", str(cards))
    assert code == 2 and out == ""
    assert "line 1: '3 T Acorm'" in err and "Did you mean 'T Acorn'" in err and "line 2" in err
    assert "Traceback" not in err
    code, data = run_json(capsys, "deck", "check", "village", deck, "--cards", str(cards))
    assert code == 2
    assert [i["line"] for i in data["issues"]] == [1, 2]
    assert data["issues"][0]["suggestions"][0] == "T Acorn"
    code, _, err = run(capsys, "deck", "check", "village", str(tmp_path / "missing.txt"))
    assert code == 2 and "no such file" in err
    code, _, err = run(capsys, "deck", "check", "village", deck, "--format", "nope")
    assert code == 2


def test_format_option(tmp_path: Path, cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "3 T Acorn\n52 T Fig\n")
    assert run(capsys, "deck", "check", "village", deck, "--cards", str(cards))[0] == 1
    code, data = run_json(capsys, "deck", "check", "village", deck, "--cards", str(cards),
                          "--format", "casual-50")
    assert code == 0 and data["format"] == "village-casual-50"
    path = ROOT / "data" / "formats" / "village-casual-50.json"
    assert run(capsys, "deck", "check", "village", deck, "--cards", str(cards), "--format", str(path))[0] == 0


def test_stats_and_plot(tmp_path: Path, cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "3 T Acorn\n5 T Fig\n")
    code, data = run_json(capsys, "deck", "stats", "village", deck, "--cards", str(cards))
    assert code == 0
    assert data["composition"]["Type"] == {"basic-mouse": 3, "fruit": 5}
    assert data["composition"]["Fruit cost"] == {"1": 3}
    png = tmp_path / "plot.png"
    code, out, _ = run(capsys, "deck", "stats", "village", deck, "--cards", str(cards), "--plot", str(png))
    assert code == 0 and png.read_bytes()[:4] == b"\x89PNG" and "basic-mouse" in out


def test_odds(tmp_path: Path, cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "3 T Acorn\n1 T Barley\n56 T Fig\n")
    code, data = run_json(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                          "--kind", "type=basic-mouse", "--at-least", "1", "--draws", "7")
    assert code == 0
    (o,) = data["odds"]
    assert (o["percent"], o["fraction"]) == ("39.950%", "38962/97527")
    code, data = run_json(capsys, "deck", "odds", "village", deck, "--cards", str(cards))
    labels = [o["label"] for o in data["odds"]]
    assert "still no Basic Mouse after the redraw" in labels
    code, out, _ = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                       "--kind", "ability=t nibble")
    assert code == 0 and "39.950%" in out
    code, _, err = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards), "--kind", "typo")
    assert code == 2 and "FIELD=VALUE" in err


def test_export_and_stdin(tmp_path: Path, cards: Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    deck = deckfile(tmp_path, "# comment\n2x t-acorn\n1 T FIG\n1 t fig\n")
    code, out, _ = run(capsys, "deck", "export", "village", deck, "--cards", str(cards))
    assert (code, out) == (0, "Name: deck\n2 T Acorn\n2 T Fig\n")
    target = tmp_path / "out.json"
    assert run(capsys, "deck", "export", "village", deck, "--cards", str(cards), "--to", "json",
               "-o", str(target))[0] == 0
    assert json.loads(target.read_text())["cards"][0] == {"card": "t-acorn", "count": 2, "name": "T Acorn"}
    monkeypatch.setattr("sys.stdin", io.StringIO(target.read_text()))
    code, data = run_json(capsys, "deck", "stats", "village", "-", "--cards", str(cards))
    assert code == 0 and data["card_count"] == 4


def test_formats_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "deck", "formats", "village")
    assert code == 0
    assert [f["id"] for f in data][:2] == ["village-standard", "village-casual-50"]
    code, out, _ = run(capsys, "deck", "formats")
    assert "tmnt-standard" in out and "exactly 40" in out


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "deck", "check", "chess", "x.txt")[0] == 2
    code, out, _ = run(capsys, "deck")
    assert code == 2 and "check" in out and "odds" in out  # the deck verbs are listed


# --- the shipped example decklists work against the bundled demo cards -------------------------

@pytest.mark.parametrize(("game", "name", "code"), [
    ("village", "village-demo-legal", 0), ("village", "village-demo-illegal", 1),
    ("tmnt", "tmnt-demo-legal", 0), ("tmnt", "tmnt-demo-illegal", 1),
])
def test_example_decklists(capsys: pytest.CaptureFixture[str], game: str, name: str, code: int) -> None:
    got, data = run_json(capsys, "deck", "check", game, str(DECKS / f"{name}.txt"))
    assert got == code, data
    assert data["card_count"] == (60 if name == "village-demo-legal" else 59 if game == "village" else
                                  40 if name == "tmnt-demo-legal" else 41)


def test_demo_illegal_village_names_nibble(capsys: pytest.CaptureFixture[str]) -> None:
    _, data = run_json(capsys, "deck", "check", "village", str(DECKS / "village-demo-illegal.txt"))
    messages = [p["message"] for p in data["problems"]]
    assert "4 cards share the ability Nibble: 2 Acorn Scout, 2 Barley Runner; the limit is 3." in messages
    assert [p["rule"] for p in data["problems"]].count("copy-limit") == 3


def test_demo_tmnt_title_over_two_printings(capsys: pytest.CaptureFixture[str]) -> None:
    _, data = run_json(capsys, "deck", "check", "tmnt", str(DECKS / "tmnt-demo-illegal.txt"))
    assert any("title Leonardo" in p["message"] for p in data["problems"])
