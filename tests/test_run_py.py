"""run.py's verbs: set up only, the command line through it, and an unknown verb named with the choices."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run_py() -> Any:
    spec = importlib.util.spec_from_file_location("run_py", ROOT / "run.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def run_py(monkeypatch: pytest.MonkeyPatch) -> Any:
    module = _run_py()
    calls: list[list[str]] = []
    monkeypatch.setattr(module, "ensure_venv", lambda: calls.append(["ensure_venv"]))
    monkeypatch.setattr(module.subprocess, "call", lambda cmd, **kw: calls.append(list(cmd)) or 0)
    module.calls = calls
    return module


def test_setup_only_installs_and_names_the_command(run_py: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_py.main(["setup"]) == 0
    assert run_py.calls == [["ensure_venv"]]  # nothing is started
    out = capsys.readouterr().out
    assert "ready: the command line is" in out and "companion" in out


def test_cli_passes_the_rest_to_companion_in_the_callers_folder(run_py: Any, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert run_py.main(["cli", "odds", "mousecard", "--skill", "5", "--target", "J"]) == 0
    assert run_py.calls[0] == ["ensure_venv"]
    cmd = run_py.calls[1]
    assert Path(cmd[0]).name.startswith("companion")
    assert cmd[1:] == ["odds", "mousecard", "--skill", "5", "--target", "J"]
    assert Path.cwd() == tmp_path  # a path the user typed stays theirs


def test_an_unknown_verb_lists_every_verb(run_py: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_py.main(["setpu"]) == 2
    assert run_py.calls == []  # nothing installed for a typo
    assert "use start, app, test, setup or cli" in capsys.readouterr().err


def test_the_cli_verb_really_runs_the_command() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "cli", "--version"], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0 and done.stdout.startswith("companion ")
