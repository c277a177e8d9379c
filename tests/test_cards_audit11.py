"""Card files, exploratory test 11: a Mouse Card file that ``companion validate`` rejects for a check beyond
the schema (a Queen of Hearts coloured black and valued 5; a deck of 55 cards) does not load either: every
command leaves it out with one warning naming it, as it does a file that fails the schema (README, Your
own cards). It once loaded, silently, into ``cards list`` and ``print cards``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main


def _write(folder: Path, cards: list[dict[str, object]]) -> Path:
    path = folder / "mousecard" / "mine.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"game": "mousecard", "set": "Mine", "cards": cards}), encoding="utf-8")
    return path


QUEEN = {"id": "q-hearts-fix", "name": "Queen of Hearts (mine)", "type": "standard", "rank": "Q",
         "suit": "hearts", "source": "me", "replaces": "q-hearts"}


@pytest.mark.parametrize(("fields", "said"), [
    ({"colour": "black", "value": 12}, "hearts are red"),
    ({"colour": "red", "value": 5}, "the value of rank Q must be 12"),
])
def test_a_card_validate_rejects_is_left_out_with_a_warning(
        _isolated_user_data: Path, capsys: pytest.CaptureFixture[str], fields: dict[str, object],
        said: str) -> None:
    path = _write(_isolated_user_data, [{**QUEEN, **fields}])
    assert main(["validate"]) == 1 and said in capsys.readouterr().out
    assert main(["cards", "list", "mousecard", "--json"]) == 0
    out, err = capsys.readouterr()
    ids = {c["id"] for c in json.loads(out)}
    assert "q-hearts-fix" not in ids and "q-hearts" in ids and len(ids) == 54
    assert f"your mousecard card file {path.name} does not load and is left out" in err and said in err
    assert main(["cards", "list", "mousecard", "--cards", str(path)]) == 2  # named: refused, saying why
    assert said in capsys.readouterr().err


def test_a_card_that_passes_every_check_loads_in_place_of_the_one_it_replaces(
        _isolated_user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write(_isolated_user_data, [{**QUEEN, "colour": "red", "value": 12}])
    assert main(["validate"]) == 0 and "valid" in capsys.readouterr().out
    assert main(["cards", "list", "mousecard", "--json"]) == 0
    out, err = capsys.readouterr()
    ids = {c["id"] for c in json.loads(out)}
    assert "q-hearts-fix" in ids and "q-hearts" not in ids and len(ids) == 54 and "warning" not in err


def test_a_55th_card_is_left_out_as_the_deck_is_54(
        _isolated_user_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    extra = {**QUEEN, "id": "q-hearts-2", "colour": "red", "value": 12}
    del extra["replaces"]
    _write(_isolated_user_data, [extra])
    assert main(["cards", "list", "mousecard", "--json"]) == 0
    out, err = capsys.readouterr()
    assert len(json.loads(out)) == 54 and "the Mouse Card deck has the wrong number of cards" in err


def test_a_sheets_number_is_ascii_digits_as_json_and_cards_correct_take(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "n.csv"
    out = tmp_path / "n.json"
    for cell in ("\u0663", "\uff15"):  # an Arabic-Indic 3, a full-width 5: text a spreadsheet shows as such
        sheet.write_text(f"id,name,type,atk,def,source\nzz-f,ZZ F,basic-mouse,{cell},2,me\n",
                         encoding="utf-8")
        assert main(["cards", "import", "village", str(sheet), "-o", str(out)]) == 1
        err = capsys.readouterr().err
        assert "column D 'atk'" in err and f'found text "{cell}"' in err and not out.exists()
    sheet.write_text("id,name,type,atk,def,source\nzz-f,ZZ F,basic-mouse,+3, 0007 ,me\n", encoding="utf-8")
    assert main(["cards", "import", "village", str(sheet), "-o", str(out)]) == 0
    card = json.loads(out.read_text(encoding="utf-8"))["cards"][0]
    assert (card["atk"], card["def"]) == (3, 7)


def test_correcting_another_games_card_suggests_a_command_that_can_work(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "correct", "mystics", "leonardo", "life=4", "--note", "test"]) == 2
    err = capsys.readouterr().err
    assert "use `companion cards correct tmnt ID life=4 --note test`" in err  # two printings: an id
    assert "'leonardo' names 2 TMNT TCG cards, give one's id: leonardo-1, leonardo-2" in err
    assert "a TMNT TCG character card has no 'life'" in err
    assert main(["cards", "correct", "village", "leonardo-1", "power=4"]) == 2
    err = capsys.readouterr().err
    assert "use `companion cards correct tmnt leonardo-1 power=4`." in err and "has no" not in err
