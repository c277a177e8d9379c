"""Serving the notebooks: JupyterLab at the start page, or Voila as an app (localhost only).

Used by ``companion app`` (and so by ``python3 run.py``) and by the browser tests,
which start Voila on a free port of 127.0.0.1.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
START = "start.ipynb"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tool(name: str) -> str:
    """A console script of this environment (``voila``, ``jupyter``)."""
    here = Path(sys.executable).parent / name
    return str(here) if here.exists() else (shutil.which(name) or name)


def server_env() -> dict[str, str]:
    """The servers' environment: this environment's scripts first on PATH, so ``companion``
    works as typed in JupyterLab's terminal (and the notebooks' kernels find the same tools)."""
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    return env


def voila_command(port: int, *, open_browser: bool = False) -> list[str]:
    """Voila over the notebooks folder, so the start page's links to the other tools work."""
    return [_tool("voila"), str(NOTEBOOKS), "--Voila.ip=127.0.0.1", f"--port={port}",
            "--no-browser", "--theme=light",
            # Serve only notebooks and their images, never the folder's other files.
            "--VoilaConfiguration.file_allowlist=['.*\\.(png|jpg|jpeg|svg|pdf)']",
            "--Voila.tornado_settings={'headers': {'Cache-Control': 'no-store'}}"]


def start_url(port: int, notebook: str = START) -> str:
    return f"http://127.0.0.1:{port}/voila/render/{notebook}"


def wait_until_up(url: str, timeout: float = 60.0, proc: subprocess.Popen[bytes] | None = None) -> None:
    """Poll ``url`` until it answers (the server is up) or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited early with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url.rsplit("/voila/", 1)[0] + "/", timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"no answer from {url} after {timeout:.0f} s")


def _port_taken(port: int) -> bool:
    """Whether something on this machine already listens on ``port`` (or it may not be used)."""
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def run_voila(port: int | None = None, *, open_browser: bool = True, extra: list[str] | None = None) -> int:
    """Serve the app until interrupted; opens the browser at the start page. A port in use, or a
    server that stops before it answers, is the user's error (a clear message), not a crash."""
    from .errors import CompanionError

    if port is not None and _port_taken(port):
        raise CompanionError(f"port {port} is already in use (or not open to this user)", where="--port",
                             suggestion="Leave --port out to use a free one, or pick another.")
    port = port or free_port()
    proc = subprocess.Popen([*voila_command(port), *(extra or [])], env=server_env())
    try:
        try:
            wait_until_up(start_url(port), proc=proc)
        except (RuntimeError, TimeoutError) as exc:
            proc.terminate()
            raise CompanionError(f"Voila did not start on port {port}: {exc}",
                                 suggestion="Its own messages are above; check the options passed on "
                                            "to it.") from None
        print(f"The companion is at {start_url(port)} (Ctrl+C to stop)", flush=True)
        if open_browser and not os.environ.get("CI"):
            import webbrowser

            webbrowser.open(start_url(port))
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        return 0


def run_lab(extra: list[str] | None = None) -> int:
    """JupyterLab on localhost, opened at the start page."""
    cmd = [_tool("jupyter"), "lab", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.root_dir={NOTEBOOKS}", START, *(extra or [])]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and lab machines often run as root
    try:
        return subprocess.call(cmd, cwd=NOTEBOOKS, env=server_env())
    except KeyboardInterrupt:
        return 0
