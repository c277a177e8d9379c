"""Project-wide checks: ruff and mypy clean, a fast --help, no machine paths, clean notebooks."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed")
    result = subprocess.run([ruff, "check", "--output-format", "concise", "companion", "tests",
                             "benchmarks", "run.py"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    """`mypy companion` with the settings in pyproject.toml ([tool.mypy]) finds no errors."""
    pytest.importorskip("mypy", reason="mypy is not installed (it comes with the dev extra: "
                                       "pip install -e '.[dev]')", exc_type=ImportError)
    result = subprocess.run([sys.executable, "-m", "mypy", "companion"], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, f"mypy found errors:\n{result.stdout}{result.stderr}"


def test_help_does_not_import_heavy_libraries() -> None:
    """`companion --help` must start fast: pandas, reportlab and matplotlib load lazily."""
    code = ("import sys, contextlib, io\n"
            "from companion.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    main(['--help'])\n"
            "heavy = [m for m in ('pandas', 'reportlab', 'matplotlib', 'ipywidgets', 'jsonschema', 'PIL')"
            " if m in sys.modules]\n"
            "print(','.join(heavy))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("argv", [
    ["validate"],
    ["deck", "check", "village", "data/decks/village-demo-legal.txt"],
    ["cards", "list", "tmnt"],
    ["odds", "mystics", "attack", "--life", "2", "--wheel", "3"],
])
def test_commands_on_valid_data_do_not_import_jsonschema(argv: list[str], tmp_path: Path) -> None:
    """Valid data passes the compiled fast path; jsonschema (about a second to import, with its format
    checkers) is only for explaining invalid data, so a script of ten commands does not pay it ten times."""
    code = ("import sys, contextlib, io\n"
            "from companion.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    code = main({argv!r})\n"
            "print(code, 'jsonschema' in sys.modules)\n")
    env = {**os.environ, "COMPANION_USER_DATA": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0", "False"], out.stdout + out.stderr


def test_notebooks_are_saved_without_outputs_or_errors() -> None:
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text())
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                checked = "NBVAL_CHECK_OUTPUT" in "".join(cell["source"])
                assert cell.get("outputs", []) == [] or checked, path.name
        assert nb["metadata"]["kernelspec"]["name"] == "python3", path.name


def test_every_listed_tool_has_its_notebook() -> None:
    from companion.views.start import COMMON_TOOLS, TOOLS

    names = {t[0] for tools in TOOLS.values() for t in tools} | {t[0] for t in COMMON_TOOLS}
    missing = sorted(n for n in names if not (ROOT / "notebooks" / n).exists())
    assert not missing, f"start page links to missing notebooks: {missing}"


def test_no_machine_paths_in_tracked_text() -> None:
    """The repo must not name where it happens to be checked out (this checkout's parent)."""
    machine = str(ROOT.parent) + "/"
    bad = []
    for path in ROOT.rglob("*"):
        if any(part in {".venv", ".git", "test-artifacts", "__pycache__", ".hypothesis", ".mypy_cache"}
               for part in path.parts) or not path.is_file() or path.suffix in {".pdf", ".png"}:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if machine in text or str(Path.home()) + "/" in text:
            bad.append(str(path.relative_to(ROOT)))
    assert not bad, bad


def _leaf_parsers() -> list[tuple[str, argparse.ArgumentParser]]:
    """Every parser of the ``companion`` command with its command words, the top one included."""
    from companion.cli import build_parser

    found: list[tuple[str, argparse.ArgumentParser]] = []

    def walk(parser: argparse.ArgumentParser, words: str) -> None:
        found.append((words, parser))
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    walk(child, f"{words} {name}")

    walk(build_parser(), "companion")
    return found


def test_every_argument_has_help_text() -> None:
    """The README promises that `companion COMMAND --help` documents every option."""
    own = (argparse._HelpAction, argparse._VersionAction)
    missing = []
    for words, parser in _leaf_parsers():
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):  # its commands: each one's help line
                missing += [f"{words} {c.dest}" for c in action._choices_actions
                            if not (c.help or "").strip()]
            elif not isinstance(action, own) and not (action.help or "").strip():
                missing.append(f"{words} {'/'.join(action.option_strings) or action.dest}")
    assert not missing, f"arguments without help text: {missing}"


def test_every_subcommand_has_a_help_line_and_a_description() -> None:
    """`companion X --help` lists each subcommand with its one-line help, and `companion X Y --help`
    starts with what Y does (its description): several subcommands had only the usage."""
    missing = []
    for words, parser in _leaf_parsers():
        for action in parser._actions:
            if not isinstance(action, argparse._SubParsersAction):
                continue
            helps = {c.dest: c.help for c in action._choices_actions}
            for name, child in action.choices.items():
                if not (helps.get(name) or "").strip():
                    missing.append(f"{words} {name}: help")
                if not (child.description or "").strip():
                    missing.append(f"{words} {name}: description")
    assert not missing, f"subcommands without a help line or a description: {missing}"


def test_every_command_but_app_has_json() -> None:
    """The README: `--json` prints machine-readable output from every command but `companion app`."""
    leaves = [(words, parser) for words, parser in _leaf_parsers()
              if not any(isinstance(a, argparse._SubParsersAction) for a in parser._actions)]
    assert len(leaves) > 30
    without = [words for words, parser in leaves
               if not any("--json" in a.option_strings for a in parser._actions)]
    assert without == ["companion app"]


def test_village_do_help_names_every_event_kind() -> None:
    from companion.cli.table import VILLAGE_EVENTS
    from companion.village.game import EVENTS

    assert VILLAGE_EVENTS == tuple(EVENTS)
