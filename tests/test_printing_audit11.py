"""Print and play, exploratory test 11: an output path in the folders that hold the table's state (the
trackers' logs, the Monarchs high scores, the pages' drafts) is refused, as the card, format and decks
folders are (--layout-json once replaced a game in progress); text a Mac pasted decomposed prints composed
("Café", never "Cafe■"), and a soft hyphen prints nothing mid-line."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.cli import main
from companion.printing.faces import FaceSpec, face_texts, printable


@pytest.mark.parametrize("folder", ["logs", "highscores", "drafts"])
def test_no_output_replaces_a_file_in_the_folders_that_hold_the_tables_state(
        _isolated_user_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], folder: str) -> None:
    kept = _isolated_user_data / folder / "village.jsonl"
    kept.parent.mkdir(parents=True)
    kept.write_text('{"event": "log", "tracker": "village"}\n', encoding="utf-8")
    before = kept.read_bytes()
    deck = tmp_path / "t.txt"
    deck.write_text("3 Leonardo\n", encoding="utf-8")
    for args in (["print", "cards", "tmnt", "--deck", str(deck), "--out", str(tmp_path / "y.pdf"),
                  "--layout-json", str(kept)],
                 ["deck", "export", "tmnt", str(deck), "-o", str(kept)],
                 ["cards", "export", "village", "--out", str(kept.with_suffix(".csv"))]):
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert f"in your {folder} folder" in err and "nothing was written" in err, err
    assert kept.read_bytes() == before
    assert not kept.with_suffix(".csv").exists()


def test_decomposed_accents_print_composed_and_a_soft_hyphen_prints_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = FaceSpec(unicodedata.normalize("NFD", "Café Mouse"), "#336699",
                    stats=[("ATK", unicodedata.normalize("NFD", "é"))])
    spec.body = unicodedata.normalize("NFD", "Crème brûlée") + " extra\u00adordinary"  # (as builders fill it)
    spec = spec.printable()
    assert spec.title == "Caf\u00e9 Mouse" and spec.body == "Cr\u00e8me br\u00fbl\u00e9e extraordinary"
    assert spec.stats == [("ATK", "\u00e9")] and printable("a\u00adb") == "ab"
    assert all(unicodedata.is_normalized("NFC", t) for t in face_texts(spec))
    cards = tmp_path / "nfd.json"
    cards.write_text(json.dumps({"game": "village", "set": "Mine", "cards": [
        {"id": "nfd-cafe", "name": unicodedata.normalize("NFD", "Café Mouse"), "type": "basic-mouse",
         "atk": 2, "def": 1, "source": "my design", "text": unicodedata.normalize("NFD", "Crème brûlée")}]},
        ensure_ascii=True), encoding="utf-8")
    pdf = tmp_path / "nfd.pdf"
    assert main(["print", "cards", "village", "--cards", str(cards), "--json", "--out", str(pdf)]) == 0
    assert json.loads(capsys.readouterr().out)["missing_glyphs"] == []  # nothing the font cannot draw
    text = PdfReader(str(pdf)).pages[0].extract_text()
    assert "Caf\u00e9 Mouse" in unicodedata.normalize("NFC", text)
