"""`companion app` passes JupyterLab/Voila options on; other commands still refuse unknown options."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
    monkeypatch.setenv("PATH", "/usr/bin")
    seen: dict[str, object] = {}

    class Lab:  # JupyterLab that ends at once
        def __init__(self, cmd: list[str], cwd: object = None, env: object = None) -> None:
            seen["env"] = env

        def wait(self) -> int:
            return 0

        def poll(self) -> int:
            return 0

    monkeypatch.setattr(app.subprocess, "Popen", Lab)
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


# -- stopping: SIGTERM and SIGHUP stop the server child too (it had been left running) --------

#: A stand-in for Voila: writes its pid to argv[2], then answers HTTP on port argv[1]; with argv[3]
#: "stubborn", it ignores SIGTERM (so only a kill stops it).
STAND_IN = ("import http.server, os, signal, sys\n"
            "if sys.argv[3] == 'stubborn':\n"
            "    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
            "open(sys.argv[2] + '.tmp', 'w').write(str(os.getpid()))\n"
            "os.replace(sys.argv[2] + '.tmp', sys.argv[2])\n"
            "http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])),"
            " http.server.SimpleHTTPRequestHandler).serve_forever()\n")

#: `companion app --voila --no-browser` as typed, with the stand-in launched in Voila's place.
COMPANION = ("import signal, sys\n"
             "import companion.app as app\n"
             "from companion.cli import main\n"
             "pidfile, kind, ignore_hup = sys.argv[1], sys.argv[2], sys.argv[3] == 'nohup'\n"
             "if ignore_hup:\n"
             "    signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
             "app.STOP_GRACE = 0.5\n"
             "app.voila_command = lambda port, **kw: [sys.executable, '-c', {stand_in!r}, str(port),"
             " pidfile, kind]\n"
             "sys.exit(main(['app', '--voila', '--no-browser']))\n")


def _alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie, ended but not yet reaped, counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def _line(proc: subprocess.Popen[str], timeout: float) -> str:
    """The next line the process prints, or a failure after ``timeout`` seconds (never a hang)."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    assert ready, f"no output after {timeout} s"
    return proc.stdout.readline()


@contextlib.contextmanager
def _companion(tmp_path: Path, kind: str,
               hup: str = "default") -> Iterator[tuple[subprocess.Popen[str], int]]:
    """The companion serving the stand-in (``kind``; ``hup`` "nohup": SIGHUP ignored, as under
    nohup): yields the companion's process and the stand-in's pid. Both are ended afterwards."""
    pidfile = tmp_path / "server.pid"
    proc = subprocess.Popen([sys.executable, "-c", COMPANION.format(stand_in=STAND_IN), str(pidfile), kind,
                             hup], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=str(tmp_path))
    child = None
    try:
        line = _line(proc, 30)
        assert "The companion is at" in line, line + (proc.stderr.read() if proc.stderr else "")
        child = int(pidfile.read_text())
        assert _alive(child)
        yield proc, child
    finally:
        _end(proc, child)


def _end(proc: subprocess.Popen[Any], child: int | None) -> None:
    """Kill the companion and its server if a test left them running."""
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    if child is not None and _alive(child):
        os.kill(child, signal.SIGKILL)


def _assert_gone(child: int, what: str) -> None:
    """The server ``child`` ends within 5 s (it is stopped, then reaped)."""
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child), f"{what} ({child}) was left running"


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize(("sig", "kind"), [("SIGTERM", "polite"), ("SIGHUP", "polite"),
                                           ("SIGTERM", "stubborn")])
def test_a_stop_signal_stops_the_server_child_too(tmp_path: Path, sig: str, kind: str) -> None:
    """SIGTERM or SIGHUP to the companion stops it as Ctrl+C does, and its server with it (they
    had killed the companion and left Voila running); a server deaf to SIGTERM is killed."""
    with _companion(tmp_path, kind) as (proc, child):
        proc.send_signal(getattr(signal, sig))
        assert proc.wait(timeout=15) == 0  # (it had been killed by the signal: -15, -1)
        _assert_gone(child, "the server child")


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
def test_an_ignored_sighup_stays_ignored(tmp_path: Path) -> None:
    """Under nohup the server outlives the terminal: SIGHUP stops neither the companion nor Voila."""
    with _companion(tmp_path, "polite", "nohup") as (proc, child):
        proc.send_signal(signal.SIGHUP)
        time.sleep(0.5)
        assert proc.poll() is None and _alive(child)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
        assert not _alive(child)


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
def test_a_stop_signal_stops_jupyterlab_too(tmp_path: Path) -> None:
    """`companion app` (JupyterLab) stops its server on SIGTERM as `app --voila` does."""
    pidfile = tmp_path / "lab.pid"
    lab = tmp_path / "lab.py"  # a stand-in for `jupyter lab ...`: notes its pid, then waits
    lab.write_text("import os, sys, time\n"
                   f"open({str(pidfile)!r} + '.tmp', 'w').write(str(os.getpid()))\n"
                   f"os.replace({str(pidfile)!r} + '.tmp', {str(pidfile)!r})\n"
                   "time.sleep(60)\n", encoding="utf-8")
    script = ("import sys\nimport companion.app as app\nfrom companion.cli import main\n"
              "app.STOP_GRACE = 0.5\n"
              f"app._tool = lambda name: {str(lab)!r}\n"
              "sys.exit(main(['app']))\n")
    lab.chmod(0o755)
    lab.write_text(f"#!{sys.executable}\n" + lab.read_text(encoding="utf-8"), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=str(tmp_path),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    child = None
    try:
        deadline = time.monotonic() + 30
        while not pidfile.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        child = int(pidfile.read_text())
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
        _assert_gone(child, "JupyterLab")
    finally:
        _end(proc, child)


# -- Voila's command line: no deprecated option forms (two DeprecationWarnings at every start) ---

def test_voila_reads_the_command_line_without_deprecation_warnings(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Voila's own parser reads the command the app builds, warnings as errors: the list and dict
    options had been given as [...] and {...} literals, which traitlets 5 deprecates. The settings
    still arrive: the allow-list and, from the companion's voila.json, the no-store header."""
    voila_app = pytest.importorskip("voila.app")
    from voila.configuration import VoilaConfiguration

    monkeypatch.setenv("JUPYTER_NO_CONFIG", "1")  # no voila.json of this machine's user
    monkeypatch.chdir(tmp_path)

    cmd = app.voila_command(8123)
    assert not [a for a in cmd if "={" in a or "=[" in a], cmd
    server = voila_app.Voila()
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        server.parse_command_line(cmd[1:])
        server.load_config_file("voila", path=server.config_file_paths)
        allow = VoilaConfiguration(parent=server).file_allowlist
    assert server.ip == "127.0.0.1" and server.port == 8123 and server.extra_args == [str(app.NOTEBOOKS)]
    assert allow == [r".*\.(png|jpg|jpeg|svg|pdf)"]
    assert server.tornado_settings == {"headers": {"Cache-Control": "no-store"}}
    assert server.config_file_paths[-1] == str(app.VOILA_CONFIG)  # a user's own voila.json comes first
