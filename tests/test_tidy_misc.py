"""Small tidy-ups: several options with a value typed before their command get the same hint as one,
and the helpers given one home (a list file's form from its name, the blank ``--art`` refusal)."""

from __future__ import annotations

import json

import pytest

from companion.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_two_options_with_a_value_before_the_command_are_said_to_go_after_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--format", "standard", "--cards", "c.json",
                       "deck", "check", "village", "x.txt")
    assert code == 2 and "usage: companion deck check" in err
    assert ("--format --cards go after the command: companion deck check village x.txt --format standard "
            "--cards c.json") in err
    assert "invalid choice" not in err
    code, out, _ = run(capsys, "--json", "--skill", "3", "--target", "J", "odds", "mousecard")
    doc = json.loads(out)
    assert code == 2 and doc["error"].endswith(
        "--skill --target go after the command: companion odds mousecard --json --skill 3 --target J")
    # one option still says "goes"; a word no option takes is not said to move
    code, _, err = run(capsys, "--skill", "3", "odds", "mousecard", "--target", "J")
    assert code == 2
    assert "--skill goes after the command: companion odds mousecard --target J --skill 3" in err
    code, _, err = run(capsys, "--format", "standard", "stray", "deck", "check", "village", "x.txt")
    assert code == 2 and "invalid choice: 'standard'" in err and "goes after" not in err
    code, _, err = run(capsys, "--format", "standard", "--bogus", "x", "deck", "check", "village", "x.txt")
    assert code == 2 and "invalid choice: 'standard'" in err and "go after" not in err


@pytest.mark.parametrize(("name", "form"), [("a.json", "json"), ("a.JSON", "json"), ("d/a.csv", "csv"),
                                            ("a.Csv", "csv"), ("a.txt", "text"), ("a", "text"),
                                            ("a.json.txt", "text")])
def test_a_list_files_form_is_the_one_its_name_says(name: str, form: str) -> None:
    from companion.deck.listtext import file_form

    assert file_form(name) == form


def test_a_blank_art_folder_is_refused_in_one_place() -> None:
    from companion.printing.geometry import PrintError
    from companion.printing.render import art_folder, refuse_blank_art

    refuse_blank_art(None)
    assert art_folder(None) is None
    for blank in ("", "  "):
        for check in (refuse_blank_art, art_folder):
            with pytest.raises(PrintError) as info:
                check(blank)
            assert info.value.message == "no art folder given" and info.value.where == "--art"
            assert info.value.suggestion == "Leave out --art for no art."


def test_no_hint_moves_words_past_a_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--format", "standard", "--cards", "c.json", "--", "deck", "check", "village",
                       "x.txt")
    assert code == 2 and "go after the command" not in err and "goes after the command" not in err


def test_an_option_without_its_value_is_not_given_the_next_option_as_one(capsys: pytest.CaptureFixture[str]
                                                                         ) -> None:
    code, _, err = run(capsys, "--format", "standard", "--cards", "deck", "check", "village", "x.txt")
    assert code == 2 and "--format goes after the command" in err
    assert "--cards --format standard" in err  # (--cards still wants its value: argparse will say so)


def test_a_page_interrupted_after_reading_the_log_is_drawn_again() -> None:
    """An action stopped by an interrupt after the tracker read another window's lines still redraws
    the page, so a later click is never taken against a table the page does not show."""
    from types import SimpleNamespace

    from companion.ui import TrackerPage

    drawn: list[int] = []

    class Page(TrackerPage):
        def refresh(self) -> None:
            drawn.append(self.tracker.reloads)

    page = Page.__new__(Page)
    page.tracker = SimpleNamespace(reloads=0)

    def interrupted() -> None:
        page.tracker.reloads += 1  # (the log read again: another window wrote it)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        page._run(interrupted)
    assert drawn == [1]
