"""`companion app` passes JupyterLab/Voila options on; other commands still refuse unknown options."""

from __future__ import annotations

import pytest

import companion.app as app
from companion.cli import main


def test_app_passes_server_options_on(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}
    monkeypatch.setattr(app, "run_lab", lambda extra=None: seen.setdefault("lab", extra) and 0)
    monkeypatch.setattr(app, "run_voila", lambda port=None, **kw: seen.setdefault("voila", (port, kw)) and 0)
    assert main(["app", "--no-browser", "--ServerApp.port=8899"]) == 0
    assert seen["lab"] == ["--no-browser", "--ServerApp.port=8899"]
    assert main(["app", "--voila", "--port", "9000", "--no-browser", "--Voila.x=1"]) == 0
    assert seen["voila"] == (9000, {"open_browser": False, "extra": ["--Voila.x=1"]})
    seen.clear()
    assert main(["app", "--port", "8901", "--no-browser"]) == 0  # JupyterLab's port too (it was ignored)
    assert seen["lab"] == ["--no-browser", "--ServerApp.port=8901"]


def test_other_commands_refuse_unknown_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "check", "village", "deck.txt", "--bogus"]) == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_voila_serves_only_localhost() -> None:
    cmd = app.voila_command(8123)
    assert "--Voila.ip=127.0.0.1" in cmd and "--port=8123" in cmd and "--no-browser" in cmd


def test_the_servers_find_this_environments_companion_command(monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import sys
    from pathlib import Path

    monkeypatch.setenv("PATH", "/usr/bin")
    seen: dict[str, object] = {}
    monkeypatch.setattr(app.subprocess, "call",
                        lambda cmd, cwd=None, env=None: seen.setdefault("env", env) and 0)
    app.run_lab()
    path = str(seen["env"]["PATH"])  # type: ignore[index]
    assert path.split(os.pathsep)[0] == str(Path(sys.executable).parent) and path.endswith("/usr/bin")


@pytest.mark.parametrize("port", ["-1", "0", "65536", "70000", "abc"])
def test_a_port_out_of_range_is_refused_before_any_server_starts(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], port: str) -> None:
    # 70000 had wrapped round to port 4464 (while the link printed said 70000); -1 crashed
    monkeypatch.setattr(app.subprocess, "Popen", lambda *a, **k: pytest.fail("a server was started"))
    assert main(["app", "--voila", "--port", port, "--no-browser"]) == 2
    assert "1-65535" in capsys.readouterr().err


def test_a_port_in_use_is_a_clear_error_not_a_crash(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    monkeypatch.setattr(app.subprocess, "Popen", lambda *a, **k: pytest.fail("a server was started"))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["app", "--voila", "--port", str(port), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert f"port {port} is already in use" in err and "Traceback" not in err


def test_a_server_that_stops_before_it_answers_is_a_clear_error(monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    class Stopped:
        returncode = 1

        def poll(self) -> int:
            return 1

        def terminate(self) -> None:
            pass

    monkeypatch.setattr(app.subprocess, "Popen", lambda *a, **k: Stopped())
    assert main(["app", "--voila", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "Voila did not start" in err and "internal error" not in err
