"""``companion validate`` and ``companion cards ...``: exit codes and no tracebacks."""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import cards as cards_module
from companion.cli import main
from tests.helpers import run_cli as run


def test_validate_bundled_data(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate")
    assert code == 0 and out.startswith("valid: ")


def test_validate_reports_every_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads((cards_module.DATA_DIR / "tmnt" / "demo.json").read_text(encoding="utf-8"))
    for card in doc["cards"]:
        card["id"] = "mine-" + card["id"]
    doc["cards"][5]["power"] = "x"
    doc["cards"][6]["powr"] = 1
    bad = tmp_path / "mine.json"
    bad.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1
    line = bad.read_text(encoding="utf-8").splitlines().index('      "power": "x",') + 1
    assert f"{bad}:{line} /cards/5/power (card 'mine-splinter'): 'power' has the wrong type" in out
    assert "/cards/6/powr" in out and "Did you mean 'power'?" in out
    assert out.rstrip().endswith("invalid: 1 file, 36 cards, 2 errors")
    code, out, _ = run(capsys, "validate", "--json", str(bad))
    report = json.loads(out)
    assert code == 1 and not report["ok"] and len(report["issues"]) == 2
    assert report["issues"][0]["pointer"] == "/cards/5/power"


@pytest.mark.parametrize(("content", "code"), [
    (b"", 1), (b"{", 1), (b"\xff\xfe\x00\x00", 2), (b"\x00\x01\x02", 2), (b"[]", 1), (b"null", 1),
    ("{\"game\": \"tmnt\", \"set\": \"é\", \"cards\": []}".encode("latin-1"), 2),
])
def test_validate_hostile_files(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                content: bytes, code: int) -> None:
    f = tmp_path / "x.json"
    f.write_bytes(content)
    got, out, err = run(capsys, "validate", str(f))
    assert got == code
    assert "Traceback" not in out + err and "internal error" not in err


def test_validate_malformed_json_line_and_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "x.json"
    f.write_text('{\n  "game": "tmnt",\n  "set": "x"\n  "cards": []\n}', encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(f))
    assert code == 1 and f"{f}:4:3: is not valid JSON: Expecting ',' delimiter" in out


def test_validate_paths_that_are_not_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate", str(tmp_path / "nope.json"))[0] == 2
    assert run(capsys, "validate", str(tmp_path))[0] == 2  # an empty folder
    code, out, _ = run(capsys, "validate", str(cards_module.DATA_DIR / "village"))
    assert code == 0 and "valid: 1 file" in out


def test_cards_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "list", "tmnt", "--type", "event")
    lines = out.splitlines()
    assert code == 0 and lines[0].split() == ["id", "name", "type", "timing"]
    assert any(line.startswith("training-montage") and "play-and-flip" in line for line in lines)
    assert lines[-1] == "5 cards (5 demo)"
    code, out, _ = run(capsys, "cards", "list", "mousecard", "--json")
    assert code == 0 and len(json.loads(out)) == 54
    code, _, err = run(capsys, "cards", "list", "village", "--type", "mega")
    assert code == 2 and "unknown Village TCG card type 'mega'" in err and "mega-mouse" in err


def own_copy(tmp_path: Path, game: str = "village") -> Path:
    """The bundled demo set as a user's own file: the same cards under ids of their own."""
    doc = json.loads((cards_module.DATA_DIR / game / "demo.json").read_text(encoding="utf-8"))
    for card in doc["cards"]:
        card["id"] = "my-" + card["id"]
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(doc), encoding="utf-8")
    return mine


def test_cards_import_export_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet, out = tmp_path / "v.csv", tmp_path / "v.json"
    src = own_copy(tmp_path)
    code, _, _ = run(capsys, "cards", "export", "village", "--cards", str(src), "--out", str(sheet))
    assert code == 0 and sheet.read_bytes().startswith(b"\xef\xbb\xbfid,name,type,")
    code, stdout, _ = run(capsys, "cards", "import", "village", str(sheet), "--out", str(out))
    assert code == 0 and "wrote 36 cards of set 'Village TCG Demo Set'" in stdout
    original = json.loads(src.read_text(encoding="utf-8"))
    back = json.loads(out.read_text(encoding="utf-8"))
    assert back["cards"] == original["cards"]
    assert back["source"] == original["source"] and "demo" in back["source"]  # the file's own source too
    original["notes"] = "printed on card stock"
    src.write_text(json.dumps(original), encoding="utf-8")
    run(capsys, "cards", "export", "village", "--cards", str(src), "--out", str(sheet))
    code, _, _ = run(capsys, "cards", "import", "village", str(sheet), "--out", str(out), "--notes", "mine")
    assert code == 0 and json.loads(out.read_text(encoding="utf-8"))["notes"] == "mine"  # --notes wins
    out.unlink()
    run(capsys, "cards", "import", "village", str(sheet), "--out", str(out))
    assert json.loads(out.read_text(encoding="utf-8"))["notes"] == "printed on card stock"
    code, text, _ = run(capsys, "cards", "export", "monarchs")
    assert code == 0 and text.splitlines()[0].startswith("id,name,type,color")


def test_cards_import_and_export_json_summaries(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet, out = tmp_path / "v.csv", tmp_path / "v.json"
    src = own_copy(tmp_path)
    code, stdout, _ = run(capsys, "cards", "export", "village", "--cards", str(src), "--out", str(sheet),
                          "--json")
    assert code == 0 and json.loads(stdout) == {"game": "village", "wrote": str(sheet), "cards": 36}
    assert sheet.read_bytes().startswith(b"\xef\xbb\xbfid,name,type,")
    code, stdout, _ = run(capsys, "cards", "import", "village", str(sheet), "--out", str(out), "--json")
    assert code == 0 and json.loads(stdout) == {"game": "village", "wrote": str(out), "cards": 36,
                                                "set": "Village TCG Demo Set", "warnings": []}
    assert len(json.loads(out.read_text(encoding="utf-8"))["cards"]) == 36
    # without --out the sheet itself is the output: --json is refused (as JSON), nothing else printed
    code, stdout, err = run(capsys, "cards", "export", "village", "--json")
    assert code == 2 and err == ""
    assert json.loads(stdout) == {"game": "village", "error": "cards export: --json needs --out FILE.csv. "
                                  "Without --out (or with -o -) the CSV sheet itself goes to standard output"}


def test_cards_import_json_lists_the_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet, out = tmp_path / "mine.csv", tmp_path / "mine.json"
    sheet.write_text("name,type,atk,def\nPip the Brave,basic-mouse,2,1\n", encoding="utf-8")
    code, stdout, err = run(capsys, "cards", "import", "village", str(sheet), "--out", str(out),
                            "--source", "my design", "--json")
    doc = json.loads(stdout)
    assert code == 1 and err == "" and not out.exists()
    assert doc["wrote"] is None and doc["file"] == str(sheet)
    assert doc["problems"] == [{"row": 1, "column": None, "field": None, "suggestions": [],
                                "problem": "the column 'source' is missing (every card needs its own source)",
                                "message": "row 1: the column 'source' is missing (every card needs its own "
                                           "source)"}]


def test_the_readme_example_card_file_validates_and_round_trips(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The README's minimal card file (each card with its own source) passes the CSV round trip."""
    import re

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```json\n(.*?)```", readme, re.S)
    assert example is not None and '"source"' in example.group(1)
    mine, sheet = tmp_path / "my-village.json", tmp_path / "village.csv"
    mine.write_text(example.group(1), encoding="utf-8")
    assert run(capsys, "validate", str(mine))[:2] == (0, "valid: 1 file, 2 cards\n")
    assert run(capsys, "cards", "export", "village", "--cards", str(mine), "--out", str(sheet))[0] == 0
    assert run(capsys, "cards", "import", "village", str(sheet), "--out", str(mine))[0] == 0
    assert run(capsys, "validate", str(mine))[:2] == (0, "valid: 1 file, 2 cards\n")
    doc = json.loads(mine.read_text(encoding="utf-8"))
    for card in doc["cards"]:
        del card["source"]
    mine.write_text(json.dumps(doc), encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(mine))
    assert code == 1 and out.count("the field 'source' is missing") == 2


def test_cards_import_errors_never_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet, out = tmp_path / "t.csv", tmp_path / "t.json"
    out.write_text("keep me", encoding="utf-8")
    sheet.write_text("name,type,attribute,power,source\nMy Turtle,character,fyre,x,me\n", encoding="utf-8")
    code, _, err = run(capsys, "cards", "import", "tmnt", str(sheet), "--out", str(out))
    assert code == 1
    assert "row 2, column C 'attribute'" in err and "Did you mean 'fire'?" in err
    assert "row 2, column D 'power'" in err
    assert out.read_text(encoding="utf-8") == "keep me"
    code, _, err = run(capsys, "cards", "import", "tmnt", str(tmp_path), "--out", str(out))
    assert code == 2 and err == f"companion: {tmp_path}: is a directory, not a CSV sheet\n"
    code, _, err = run(capsys, "cards", "import", "tmnt", str(tmp_path / "none.csv"), "--out", str(out))
    assert code == 2 and "none.csv: no such file (expected a CSV sheet)" in err
    assert out.read_text(encoding="utf-8") == "keep me"


def test_special_files_are_refused_not_read(capsys: pytest.CaptureFixture[str]) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    code, out, _ = run(capsys, "validate", "/dev/zero")
    assert code == 2 and "is not a regular file" in out
    code, _, err = run(capsys, "cards", "import", "tmnt", "/dev/zero", "--out", "never.json")
    assert code == 2 and "is not a regular file" in err and not Path("never.json").exists()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=120) | st.text(max_size=80).map(str.encode))
def test_validate_any_bytes_without_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              raw: bytes) -> None:
    f = tmp_path / "any.json"
    f.write_bytes(raw)
    code, out, err = run(capsys, "validate", str(f))
    assert code in (1, 2) and "internal error" not in err and "Traceback" not in out + err


@pytest.mark.parametrize("command", [["validate"], ["cards", "list", "village", "--cards"],
                                     ["cards", "export", "village", "--cards"]])
def test_a_lone_surrogate_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           command: list[str]) -> None:
    bad = tmp_path / "s.json"
    bad.write_text('{"game": "village", "set": "x", "cards": [{"id": "a", "name": "A\\ud800", '
                   '"type": "fruit", "source": "s"}]}', encoding="utf-8")
    code, out, err = run(capsys, *command, str(bad))
    assert code == (1 if command == ["validate"] else 2)
    text = out + err
    assert "/cards/0/name" in text and "lone surrogate (U+D800)" in text and "internal error" not in text


def test_a_lone_surrogate_in_a_wrong_value_is_printed_escaped_by_the_real_command(tmp_path: Path) -> None:
    # The real stdout encodes UTF-8 strictly (capsys does not): the value must not crash it.
    import subprocess
    import sys

    bad = tmp_path / "s.json"
    bad.write_text('{"game": "village", "set": "x", "cards": [{"id": "a", "name": "A", '
                   '"type": "basic-mouse", "atk": "\\ud800", "def": 1, "source": "s"}]}', encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "companion", "validate", str(bad)], capture_output=True,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"}, check=False)
    out = done.stdout.decode("utf-8") + done.stderr.decode("utf-8")
    assert done.returncode == 1 and "/cards/0/atk" in out and "\\ud800" in out and "internal error" not in out


def test_import_and_export_refuse_to_overwrite_their_input_or_write_the_wrong_format(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine, sheet = tmp_path / "my.json", tmp_path / "s.csv"
    src = cards_module.DATA_DIR / "village" / "demo.json"
    mine.write_bytes(src.read_bytes())
    assert run(capsys, "cards", "export", "village", "--cards", str(mine), "--out", str(sheet))[0] == 0
    card_file, sheet_text = mine.read_bytes(), sheet.read_bytes()
    code, _, err = run(capsys, "cards", "import", "village", str(sheet), "--out", str(sheet))
    assert code == 2 and "does not end in .json" in err and "Traceback" not in err
    code, _, err = run(capsys, "cards", "export", "village", "--cards", str(mine), "--out", str(mine))
    assert code == 2 and "does not end in .csv" in err
    code, _, err = run(capsys, "cards", "export", "village", "--out", str(tmp_path / "sheet.json"))
    assert code == 2 and "does not end in .csv" in err and not (tmp_path / "sheet.json").exists()
    # the right suffix, but the very file being read (another spelling of its path)
    odd_sheet = tmp_path / "sheet.json"
    odd_sheet.write_bytes(sheet_text)
    code, _, err = run(capsys, "cards", "import", "village", str(odd_sheet),
                       "--out", str(tmp_path / "." / "sheet.json"))
    assert code == 2 and "is the file being read" in err
    assert odd_sheet.read_bytes() == sheet_text
    odd_cards = tmp_path / "cards.csv"
    odd_cards.write_bytes(card_file)
    code, _, err = run(capsys, "cards", "export", "village", "--cards", str(odd_cards),
                       "--out", str(odd_cards))
    assert code == 2 and "is the file being read" in err
    assert odd_cards.read_bytes() == card_file
    assert mine.read_bytes() == card_file and sheet.read_bytes() == sheet_text  # nothing lost
    code, stdout, _ = run(capsys, "cards", "import", "village", str(sheet), "--out", str(sheet), "--json")
    assert code == 2 and "does not end in .json" in json.loads(stdout)["error"]


def test_set_picks_one_set_of_a_sheet_of_several(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """README: a sheet of several sets imports one set at a time (--set NAME takes its rows)."""
    sheet, out = tmp_path / "mixed.csv", tmp_path / "two.json"
    sheet.write_text("name,type,timing,source,set\nA,event,play,me,One\nB,event,play,me,Two\n"
                     "C,event,flip,me,Two\nD,event,zzz,me,One\n", encoding="utf-8")
    code, _, err = run(capsys, "cards", "import", "tmnt", str(sheet), "--out", str(out))
    assert code == 1 and "several sets ('One', 'Two')" in err and "--set" in err and not out.exists()
    code, _, err = run(capsys, "cards", "import", "tmnt", str(sheet), "--out", str(out), "--set", "Two")
    assert code == 0, err  # row 5's bad timing belongs to set One: not this import's problem
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["set"] == "Two" and [c["name"] for c in doc["cards"]] == ["B", "C"]
    code, _, err = run(capsys, "cards", "import", "tmnt", str(sheet), "--out", str(tmp_path / "x.json"),
                       "--set", "two")
    assert code == 1 and "--set 'two' is not one of the sheet's sets" in err and "Did you mean 'Two'?" in err
    code, _, err = run(capsys, "cards", "import", "tmnt", str(sheet), "--out", str(tmp_path / "one.json"),
                       "--set", "One")
    assert code == 1 and "row 5, column C 'timing'" in err  # rows keep their numbers
    one = tmp_path / "single.csv"  # a sheet of one set: --set names it
    one.write_text("name,type,timing,source,set\nA,event,play,me,One\n", encoding="utf-8")
    assert run(capsys, "cards", "import", "tmnt", str(one), "--out", str(out), "--set", "Renamed")[0] == 0
    assert json.loads(out.read_text(encoding="utf-8"))["set"] == "Renamed"


def test_a_jokers_suit_does_not_apply_and_is_not_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "list", "mousecard")
    jokers = [line for line in out.splitlines() if line.startswith("joker-")]
    assert code == 0 and len(jokers) == 2
    assert all("—" in line.split() and "unknown" not in line for line in jokers)
    code, out, _ = run(capsys, "cards", "list", "mystics", "--type", "hero")
    assert "unknown" in out  # a real unknown official value still reads unknown


def test_export_and_import_take_o_as_out_and_deck_export_takes_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "v.csv"
    code, _, err = run(capsys, "cards", "export", "village", "-o", str(sheet))
    assert code == 0 and sheet.read_text(encoding="utf-8-sig").startswith("id,name"), err
    listed = tmp_path / "d.txt"
    deck = cards_module.DATA_DIR / "decks" / "village-demo-legal.txt"
    code, _, err = run(capsys, "deck", "export", "village", str(deck), "--out", str(listed))
    assert code == 0 and "Acorn Scout" in listed.read_text(encoding="utf-8"), err


def test_importing_a_sheet_of_the_bundled_cards_is_refused(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """F4: such a sheet was written (exit 0) though validate and every reader refuse the file."""
    sheet, out = tmp_path / "v.csv", tmp_path / "v.json"
    assert run(capsys, "cards", "export", "village", "--out", str(sheet))[0] == 0
    code, _, err = run(capsys, "cards", "import", "village", str(sheet), "--out", str(out))
    assert code == 1 and not out.exists()
    assert "row 2, column A 'id': duplicate id 'acorn-scout'" in err and "the replaces column" in err
    assert "36 problems" in err


def test_cards_list_marks_uncertain_values(capsys: pytest.CaptureFixture[str]) -> None:
    """F12: Tilda's class is read from the book but not surely: "healer?", as printed cards mark it."""
    code, out, _ = run(capsys, "cards", "list", "mystics", "--type", "hero")
    tilda = next(line for line in out.splitlines() if line.startswith("tilda "))
    collin = next(line for line in out.splitlines() if line.startswith("collin "))
    assert code == 0 and "healer?" in tilda.split() and "?" not in collin
    assert out.rstrip().endswith("value? = reading uncertain (listed in the record's 'uncertain')")
    code, out, _ = run(capsys, "cards", "list", "village")
    assert "uncertain" not in out


def test_a_sheet_and_a_card_file_given_to_the_wrong_command(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """F11: each points to the other command."""
    sheet = tmp_path / "x.csv"
    sheet.write_text("id,name,type,source\npip,Pip,fruit,me\n", encoding="utf-8")
    code, _, err = run(capsys, "cards", "list", "village", "--cards", str(sheet))
    assert code == 2 and f"`companion cards import village {shlex.quote(str(sheet))} --out x.json`" in err
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps({"game": "village", "set": "S", "cards": []}), encoding="utf-8")
    code, _, err = run(capsys, "cards", "import", "village", str(mine), "--out", str(tmp_path / "o.json"))
    assert code == 1 and "not a CSV sheet" in err and "companion validate mine.json" in err


def test_bare_validate_reports_a_misplaced_user_file(capsys: pytest.CaptureFixture[str]) -> None:
    """F3: `validate` said valid while every TMNT command refused the file."""
    folder = cards_module.user_data_dir() / "tmnt"
    folder.mkdir(parents=True)
    (folder / "misplaced.json").write_text((cards_module.DATA_DIR / "village" / "demo.json").read_text(
        encoding="utf-8"), encoding="utf-8")
    code, out, _ = run(capsys, "validate")
    assert code == 1 and 'misplaced.json:2 /game: holds cards of another game (expected "tmnt"; ' \
                         'found "village")' in out
    code, out, err = run(capsys, "cards", "list", "tmnt")  # the file is left out, the rest listed
    assert code == 0 and "misplaced.json does not load and is left out" in err and "splinter" in out


def test_validate_lists_a_misspelt_type_with_the_card_s_other_errors(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """QA3-1: `validate` showed only the type error; the other three came once it was fixed."""
    f = tmp_path / "mv8.json"
    f.write_text(json.dumps({"game": "village", "set": "x", "cards": [
        {"id": "Pip The Brave", "name": "", "type": "basic-mous", "atk": -2, "def": 2, "source": "x"}]}),
        encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(f))
    assert code == 1 and out.rstrip().endswith("4 errors")
    for pointer in ("/cards/0/type", "/cards/0/id", "/cards/0/name", "/cards/0/atk"):
        assert pointer in out
    assert "Did you mean 'basic-mouse'?" in out


def test_cards_list_counts_the_problems_validate_lists(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """QA3-2: `cards list --cards F` said "(and 3 more problems" and `validate F` listed 5 more."""
    import re

    f = tmp_path / "mv2.json"
    f.write_text(json.dumps({"game": "village", "set": "x", "cards": [
        {"id": "Pip The Brave", "name": "", "type": "basic-mouse", "atk": -2, "def": 2.0, "source": ""},
        {"id": "acorn-scout", "name": "A", "type": "fruit", "source": "x", "bogus": 1},
        {"id": "b", "name": "B", "type": "mouse", "source": "x"}]}), encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(f))
    errors = int(re.search(r"(\d+) errors$", out.rstrip()).group(1))  # type: ignore[union-attr]
    assert code == 1 and errors >= 7
    assert len([line for line in out.splitlines() if line.startswith(str(f))]) == errors
    code, _, err = run(capsys, "cards", "list", "village", "--cards", str(f))
    assert code == 2 and f"(and {errors - 1} more errors; run `companion validate {f}`" in err


@pytest.mark.parametrize("command", [["export", "village"], ["import", "village", "SHEET"]])
def test_an_out_in_a_missing_folder_is_refused_and_no_folder_is_made(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """QA3-6: `-o /nonexistdir/out.csv` made /nonexistdir. A missing folder is named, nothing is made."""
    sheet = tmp_path / "s.csv"  # a sheet of a card of one's own, which imports
    sheet.write_text("id,name,type,source\nwild-fig,Wild Fig,fruit,my design\n", encoding="utf-8")
    argv = [str(sheet) if a == "SHEET" else a for a in command]
    suffix = ".csv" if command[0] == "export" else ".json"
    missing = tmp_path / "no-such" / "deeper"
    code, _, err = run(capsys, "cards", *argv, "-o", str(missing / f"out{suffix}"))
    assert code == 2 and f"the folder {str(missing)!r} does not exist" in err and "Create the folder" in err
    assert not (tmp_path / "no-such").exists()
    code, _, err = run(capsys, "cards", *argv, "-o", str(sheet / f"out{suffix}"))  # a file as folder
    assert code == 2 and "is a file, not a folder" in err and "Traceback" not in err
    code, _, _ = run(capsys, "cards", *argv, "-o", str(tmp_path / f"fine{suffix}"))
    assert code == 0 and (tmp_path / f"fine{suffix}").is_file()


def test_export_to_dash_writes_the_sheet_to_standard_output(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:

    assert main(["cards", "export", "village", "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].lstrip("\ufeff").startswith("id,") and not (tmp_path / "-").exists()
    assert main(["cards", "export", "village"]) == 0 and capsys.readouterr().out == out


def test_import_never_writes_the_bundled_data_or_another_games_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], _isolated_user_data: Path) -> None:
    sheet = tmp_path / "v.csv"
    run(capsys, "cards", "export", "village", "-o", str(sheet))  # the bundled cards, unchanged
    bundled = cards_module.DATA_DIR / "village" / "demo.json"
    before = bundled.read_bytes()
    code, _, err = run(capsys, "cards", "import", "village", str(sheet), "-o", str(bundled))
    assert code != 0 and "is in the bundled data folder, which is never changed" in err
    assert bundled.read_bytes() == before
    mine = tmp_path / "p.csv"
    mine.write_text("name,type,source\nPip,fruit,me\n", encoding="utf-8")
    (_isolated_user_data / "tmnt").mkdir(parents=True)
    out = _isolated_user_data / "tmnt" / "mine.json"
    code, _, err = run(capsys, "cards", "import", "village", str(mine), "-o", str(out))
    assert code != 0 and "is in the folder of tmnt cards" in err and not out.exists()
    code, _, _ = run(capsys, "cards", "list", "tmnt")
    assert code == 0  # TMNT still loads


def test_import_refuses_a_file_that_would_strand_a_correction(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], _isolated_user_data: Path) -> None:
    folder = _isolated_user_data / "village"
    folder.mkdir(parents=True)
    mine = folder / "mine.json"
    mine.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "def": 1, "source": "m"},
        {"id": "pop", "name": "Pop", "type": "fruit", "source": "m"}]}), encoding="utf-8")
    assert run(capsys, "cards", "correct", "village", "pip", "atk=3")[0] == 0
    sheet = tmp_path / "m.csv"
    run(capsys, "cards", "export", "village", "--cards", str(mine), "-o", str(sheet))
    lines = sheet.read_text(encoding="utf-8-sig").splitlines(keepends=True)
    sheet.write_text("".join(line for line in lines if not line.startswith("pip,")), encoding="utf-8")
    before = mine.read_bytes()
    code, _, err = run(capsys, "cards", "import", "village", str(sheet), "-o", str(mine))
    assert code == 1 and mine.read_bytes() == before
    assert f"writing {mine} would break {folder / 'corrections.json'} /cards/0/replaces (card 'pip')" in err
    assert run(capsys, "cards", "list", "village")[0] == 0  # the game still loads
