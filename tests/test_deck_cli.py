"""``companion deck``: exit codes, JSON output, --cards, --format; plus the shipped example lists."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from tests.helpers import run_cli as run

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
        assert set(p) == {"rule", "message", "cards", "card_ids", "cite"}
        assert p["cite"] == "village-tcg.txt, Deck Mix"
    assert data["problems"][2]["message"] == ("4 cards share the ability T Nibble: 2 T Acorn, 2 T Barley; "
                                              "the limit is 3.")
    assert data["problems"][2]["cards"] == ["T Acorn", "T Barley"]
    assert data["problems"][2]["card_ids"] == ["t-acorn", "t-barley"]
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
    assert code == 0 and png.read_bytes()[:4] == b"\x89PNG" and "Basic Mouse" in out


def test_odds(tmp_path: Path, cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "3 T Acorn\n1 T Barley\n56 T Fig\n")
    code, data = run_json(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                          "--kind", "type=basic-mouse", "--at-least", "1", "--draws", "7")
    assert code == 0
    (o,) = data["odds"]
    assert (o["percent"], o["p_exact"]) == ("39.950%", "38962/97527")
    code, data = run_json(capsys, "deck", "odds", "village", deck, "--cards", str(cards))
    labels = [o["label"] for o in data["odds"]]
    assert "still no Basic Mouse after the redraw" in labels
    code, out, _ = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                       "--kind", "ability=t nibble")
    assert code == 0 and "39.950%" in out
    code, _, err = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards), "--kind", "typo")
    assert code == 2 and "FIELD=VALUE" in err
    code, out, _ = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                       "--kind", "name=Barley Runner", "--at-least", "1", "--draws", "1")
    assert code == 0 and "with name Barley Runner" in out and "title" not in out  # the book's word


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


def test_export_json_summary_needs_an_output_file(tmp_path: Path, cards: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "Name: Mine\n2x t-acorn\n1 T FIG\n")
    target = tmp_path / "out.txt"
    code, data = run_json(capsys, "deck", "export", "village", deck, "--cards", str(cards), "-o", str(target))
    assert code == 0 and data == {"game": "village", "wrote": str(target), "to": "text", "name": "Mine",
                                  "card_count": 3, "warnings": []}
    assert target.read_text() == "Name: Mine\n2 T Acorn\n1 T Fig\n"
    code, data = run_json(capsys, "deck", "export", "village", deck, "--cards", str(cards))
    assert code == 2 and data["game"] == "village" and "--json needs -o FILE" in data["error"]
    code, data = run_json(capsys, "deck", "export", "village", str(tmp_path / "none.txt"), "-o", str(target))
    assert code == 2 and data["game"] == "village" and "error" in data


def test_formats_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "deck", "formats", "village")
    assert code == 0
    assert [f["id"] for f in data][:2] == ["village-standard", "village-casual-50"]
    code, out, _ = run(capsys, "deck", "formats")
    assert "tmnt-standard" in out and "exactly 40" in out


def test_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "deck", "check", "chess", "x.txt")[0] == 2
    code, _, err = run(capsys, "deck")  # a usage error: the help goes to standard error
    assert code == 2 and "check" in err and "odds" in err  # the deck verbs are listed


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


TMNT_CARDS = {"game": "tmnt", "set": "CLI Test Set", "cards": [
    {"id": "zz-ohara", "name": "Zz O'Hara", "type": "character", "attribute": "wind", "power": 2,
     "source": "demo: test"},
    {"id": "zz-ohara-promo", "name": "Zz O\u2019Hara", "type": "character", "attribute": "wind", "power": 3,
     "source": "demo: test"},
]}


def test_check_counts_a_title_typed_with_a_curly_apostrophe_with_the_plain_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "tmnt-mine.json"
    mine.write_text(json.dumps(TMNT_CARDS, ensure_ascii=False))
    deck = deckfile(tmp_path, "3 Zz O'Hara\n2 zz-ohara-promo\n")
    code, data = run_json(capsys, "deck", "check", "tmnt", deck, "--cards", str(mine))
    assert code == 1 and not data["legal"]
    (limit,) = [p for p in data["problems"] if p["rule"] == "copy-limit"]
    assert limit["message"].startswith("5 cards have the title Zz O'Hara")
    assert limit["cite"] == "tmnt-tcg.txt, How to Build Your Own Deck (2)"


def test_check_json_decklist_errors_give_json_pointers(tmp_path: Path, cards: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"game": "Village", "cards": [{"card": "T Acorn", "count": 3},
                                                             {"card": "T Acorm", "count": 2}]}, indent=2))
    code, data = run_json(capsys, "deck", "check", "village", str(path), "--cards", str(cards))
    assert code == 2
    assert [(i["pointer"], i["line"]) for i in data["issues"]] == [("/cards/1/card", 9)]  # (its line too)
    code, _, err = run(capsys, "deck", "check", "village", str(path), "--cards", str(cards))
    assert code == 2 and "line 9 /cards/1/card: " in err and "Traceback" not in err
    path.write_text(json.dumps([{"card": "T Acorn", "count": 3}]))
    code, _, err = run(capsys, "deck", "check", "village", str(path), "--cards", str(cards))
    assert code == 2 and "found an array" in err and "no count" not in err


def test_plot_file_errors_and_the_real_file_name(tmp_path: Path, cards: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "3 T Acorn\n5 T Fig\n")
    missing = tmp_path / "no-such-folder" / "x.png"
    code, out, err = run(capsys, "deck", "stats", "village", deck, "--cards", str(cards),
                         "--plot", str(missing))
    assert code == 2 and str(missing) in err and "does not exist" in err and "internal" not in err
    assert not missing.parent.exists()
    (tmp_path / "a-file").write_text("not a folder")
    code, _, err = run(capsys, "deck", "stats", "village", deck, "--cards", str(cards),
                       "--plot", str(tmp_path / "a-file" / "x.png"))
    assert code == 2 and "is a file, not a folder" in err and "does not exist" not in err
    code, _, err = run(capsys, "deck", "stats", "village", deck, "--cards", str(cards),
                       "--plot", str(tmp_path / "x.foo"))
    assert code == 2 and "x.foo" in err and ".png" in err and "'.foo'" in err
    code, out, _ = run(capsys, "deck", "stats", "village", deck, "--cards", str(cards), "--json",
                       "--plot", str(tmp_path))
    assert code == 2 and "is a folder" in json.loads(out)["error"]
    code, out, _ = run(capsys, "deck", "stats", "village", deck, "--cards", str(cards),
                       "--plot", str(tmp_path / "myplot"))
    real = tmp_path / "myplot.png"
    assert code == 0 and out.rstrip().endswith(f"\nwrote {real}")
    assert real.read_bytes()[:4] == b"\x89PNG" and not (tmp_path / "myplot").exists()
    code, data = run_json(capsys, "deck", "stats", "village", deck, "--cards", str(cards),
                          "--plot", str(tmp_path / "p.svg"))
    assert code == 0 and data["plot"] == str(tmp_path / "p.svg") and (tmp_path / "p.svg").exists()


def test_odds_unknown_kind_is_refused_with_the_closest_name(tmp_path: Path, cards: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "3 T Acorn\n1 T Barley\n56 T Fig\n")
    code, out, err = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                         "--kind", "type=basic-mose")
    assert code == 2 and out == "" and "no card has type 'basic-mose'" in err and "'basic-mouse'" in err
    code, _, err = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                       "--kind", "tipe=basic-mouse")
    assert code == 2 and "no card has the field 'tipe'" in err and "Did you mean 'type'" in err
    code, data = run_json(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                          "--kind", "type=magic")  # a type the deck lacks but the cards have: 0%, no error
    assert code == 0 and data["odds"][0]["percent"] == "0.000%"


def test_odds_draws_and_at_least_need_a_kind(tmp_path: Path, cards: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    deck = deckfile(tmp_path, "3 T Acorn\n1 T Barley\n56 T Fig\n")
    for extra in (["--draws", "8"], ["--at-least", "2"], ["--draws", "8", "--at-least", "2"]):
        code, out, err = run(capsys, "deck", "odds", "village", deck, "--cards", str(cards), *extra)
        assert code == 2 and out == "" and "--kind" in err and extra[0] in err
    code, data = run_json(capsys, "deck", "odds", "village", deck, "--cards", str(cards),
                          "--kind", "type=basic-mouse", "--draws", "8", "--at-least", "2")
    assert code == 0
    assert data["odds"][0]["label"] == "at least 2 cards with type basic-mouse in the first 8 cards"


def test_formats_skips_and_reports_a_broken_user_format(capsys: pytest.CaptureFixture[str]) -> None:
    import os

    folder = Path(os.environ["COMPANION_USER_DATA"]) / "formats"
    folder.mkdir(parents=True)
    bad = folder / "village-x.json"
    bad.write_text('{"id": "village-x",\n "game": "village"}\n')
    code, out, err = run(capsys, "deck", "formats", "village")
    assert code == 1 and "village-standard" in out and "village-casual-50" in out
    assert str(bad) in err and "line 1" in err and "'deck_size' is missing" in err
    code, out, _ = run(capsys, "deck", "formats", "--json")
    assert code == 1 and "tmnt-standard" in [f["id"] for f in json.loads(out)]


def test_check_with_a_user_format_named_by_its_id(tmp_path: Path, cards: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import os

    folder = Path(os.environ["COMPANION_USER_DATA"]) / "formats"
    folder.mkdir(parents=True)
    doc = json.loads((ROOT / "data" / "formats" / "village-standard.json").read_text())
    doc.update(id="village-house-40", name="House 40", house="40 cards",
               deck_size={"min": 40, "section": "Deck Mix"})
    (folder / "my-house.json").write_text(json.dumps(doc))
    code, data = run_json(capsys, "deck", "formats", "village")
    assert "village-house-40" in [f["id"] for f in data]
    deck = deckfile(tmp_path, "3 T Acorn\n40 T Fig\n")
    code, data = run_json(capsys, "deck", "check", "village", deck, "--cards", str(cards),
                          "--format", "village-house-40")
    assert code == 0 and data["format"] == "village-house-40" and data["legal"]
    code, _, err = run(capsys, "deck", "check", "village", deck, "--cards", str(cards),
                       "--format", "my-house")
    assert code == 2 and "use --format village-house-40" in err


def test_export_refuses_to_write_over_the_list_or_a_card_file_it_reads(
        tmp_path: Path, cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "# my notes\nName: Mine\n2x t-acorn  # the best\n1 T FIG\n"
    deck = deckfile(tmp_path, text)
    for target in (deck, str(cards)):
        before = Path(target).read_bytes()
        code, _out, err = run(capsys, "deck", "export", "village", deck, "--cards", str(cards), "-o", target)
        assert code == 2 and "is the file being read" in err and "nothing was written" in err
        assert Path(target).read_bytes() == before
    other = tmp_path / "copy.txt"
    assert run(capsys, "deck", "export", "village", deck, "--cards", str(cards), "-o", str(other))[0] == 0
    assert other.read_text() == "Name: Mine\n2 T Acorn\n1 T Fig\n" and Path(deck).read_text() == text


@pytest.mark.parametrize(("raw", "says"), [
    ("\ufeff3 T Acorn\r\n57 T Fig\r\n".encode(), None),  # a BOM and CRLF, as from a file
    ("3 T Acorn\n57 Äpple\n".encode("latin-1"), "is not UTF-8 text"),
    ("3 T Acorn\n57 T Fig\n".encode("utf-16-le"), "looks like UTF-16"),
    ("3 T Acorn\n57 T Fig\n".encode("utf-16"), "looks like UTF-16"),
])
def test_a_list_on_standard_input_is_read_as_a_file_is(tmp_path: Path, cards: Path, raw: bytes,
                                                        says: str | None, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "list.txt"
    path.write_bytes(raw)
    for source in (str(path), "-"):
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw)))
        code, out, err = run(capsys, "deck", "check", "village", source, "--cards", str(cards))
        if says is None:
            assert code == 0 and "LEGAL" in out, err
        else:
            assert code == 2 and says in err and "unknown" not in err, err


def test_hostile_counts_and_floods_get_short_answers(tmp_path: Path, cards: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    big = "9" * 5000
    code, _out, err = run(capsys, "deck", "check", "village", deckfile(tmp_path, f"{big} T Fig\n"),
                          "--cards", str(cards))
    assert code == 2 and "at most 999 copies" in err and len(err) < 500 and "internal" not in err
    code, _out, err = run(capsys, "deck", "check", "village",
                          deckfile(tmp_path, f'{{"cards": [{{"card": "T Fig", "count": {big}}}]}}'))
    assert code == 2 and "thousands of digits" in err and len(err) < 500
    code, _out, err = run(capsys, "deck", "check", "village", deckfile(tmp_path, "1 Nope\n" * 300),
                          "--cards", str(cards))
    assert code == 2 and "... and 250 more" in err and err.count("Nope") == 2 * 50
    code, data = run_json(capsys, "deck", "check", "village", deckfile(tmp_path, "1 Nope\n" * 300))
    assert len(data["issues"]) == 300  # the JSON form keeps every one
    code, out, _ = run(capsys, "deck", "stats", "village", deckfile(tmp_path, "3 T Acorn\n997 T Fig\n"),
                       "--cards", str(cards))
    bars = [line.rsplit(None, 1)[-1] for line in out.splitlines() if line.endswith("#")]
    assert code == 0 and max(map(len, bars)) == 40 and "#" in bars  # 3 of 1000 still shows


def test_a_count_written_after_the_name_is_moved_to_the_front_in_the_advice(
        tmp_path: Path, cards: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "deck", "check", "village", deckfile(tmp_path, "T Acorn x3\nT Fig 20\n"),
                          "--cards", str(cards))
    assert code == 2 and "like '3 T Acorn'" in err and "like '20 T Fig'" in err
    code, _out, err = run(capsys, "deck", "check", "village", deckfile(tmp_path, "Nothing 3\n"),
                          "--cards", str(cards))
    assert "like '1 Nothing 3'" in err  # no card by that name: the line as written


def test_stats_odds_and_export_say_how_a_shared_name_was_read(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "t.txt"
    deck.write_text("3 Leonardo\n3 Raphael\n", encoding="utf-8")
    said = "companion: note: line 1: 'Leonardo' names 2 TMNT TCG cards; read as leonardo-1"
    for verb in ("stats", "odds", "export"):
        assert main(["deck", verb, "tmnt", str(deck), *(["--json"] if verb != "export" else [])]) == 0
        out, err = capsys.readouterr()
        assert err.startswith(said) and "note" not in out  # standard output stays the figures alone
    assert main(["deck", "check", "tmnt", str(deck)]) == 1
    out, err = capsys.readouterr()
    assert err == "" and "note [name-read-as] line 1: 'Leonardo' names 2 TMNT TCG cards" in out
