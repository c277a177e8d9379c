"""Serving the notebooks: JupyterLab at the start page, or Voila as an app (localhost only).

Used by ``companion app`` (and so by ``python3 run.py``) and by the browser tests,
which start Voila on a free port of 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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


#: The folder of the companion's ``voila.json``: the settings that have no current command-line
#: form. Its ``tornado_settings`` send every response with ``Cache-Control: no-store``; a nested
#: dict, which traitlets reads from the command line only in its deprecated ``{...}`` form.
VOILA_CONFIG = Path(__file__).resolve().parent / "voila_config"


def _voila_config_paths() -> list[str]:
    """Where Voila looks for ``voila.json``, highest priority first: its own default places (the
    current folder, then Jupyter's config folders), so a user's own Voila config still counts,
    and last the companion's (:data:`VOILA_CONFIG`)."""
    try:
        from jupyter_core.paths import jupyter_config_path
    except ImportError:  # no Jupyter here, so no Voila either: the launch says so
        return [os.getcwd(), str(VOILA_CONFIG)]
    return [os.getcwd(), *jupyter_config_path(), str(VOILA_CONFIG)]


def voila_command(port: int, *, open_browser: bool = False) -> list[str]:
    """Voila over the notebooks folder, so the start page's links to the other tools work.

    Options use traitlets' current forms (a list or dict option given item by item, never as a
    ``[...]`` or ``{...}`` literal, which prints a DeprecationWarning at every start)."""
    return [_tool("voila"), str(NOTEBOOKS), "--Voila.ip=127.0.0.1", f"--port={port}",
            "--no-browser", "--theme=light",
            # Serve only notebooks and their images, never the folder's other files.
            "--VoilaConfiguration.file_allowlist=.*\\.(png|jpg|jpeg|svg|pdf)",
            *(f"--Voila.config_file_paths={path}" for path in _voila_config_paths())]


def start_url(port: int, notebook: str = START) -> str:
    """The Voila app's page of ``notebook`` (the start page by default)."""
    return f"http://127.0.0.1:{port}/voila/render/{notebook}"


def lab_url(port: int, token: str = "", notebook: str = START, base_url: str = "/") -> str:
    """JupyterLab's page of ``notebook`` (the start page by default), with the token that opens it."""
    base = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"
    query = f"?{urllib.parse.urlencode({'token': token})}" if token else ""
    return f"http://127.0.0.1:{port}{base}lab/tree/{urllib.parse.quote(notebook)}{query}"


def wait_until_up(url: str, timeout: float = 60.0, proc: subprocess.Popen[bytes] | None = None) -> None:
    """Poll the server of ``url`` (its root) until it answers, whatever it answers (the server is
    up), or ``timeout`` seconds pass; a ``proc`` that ends first is a :class:`RuntimeError`."""
    parts = urllib.parse.urlsplit(url)
    root = f"{parts.scheme}://{parts.netloc}/"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        code = None if proc is None else proc.poll()
        if code is not None:
            raise RuntimeError(f"the server exited early with code {code}")
        try:
            with urllib.request.urlopen(root, timeout=2):
                return
        except urllib.error.HTTPError:  # an answer all the same (a login page, a 404 under a base URL)
            return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"no answer from {root} after {timeout:.0f} s")


def _port_taken(port: int) -> bool:
    """Whether something on this machine already listens on ``port`` (or it may not be used)."""
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


#: Signals that stop ``companion app --voila`` as Ctrl+C does: a service manager's or ``kill``'s
#: stop, and a closed terminal (SIGHUP, where the system has it).
STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                                                 if hasattr(signal, name))

#: Seconds a stopped server has to end on its own (Voila shuts its kernels down) before it is killed.
STOP_GRACE = 10.0


class ServerStopped(KeyboardInterrupt):
    """A stop signal (:data:`STOP_SIGNALS`) received while serving: handled as Ctrl+C is, so the
    server child is stopped too instead of being left running on its own."""


def _raise_stopped(signum: int, frame: object) -> None:
    raise ServerStopped(signal.Signals(signum).name)


@contextlib.contextmanager
def _signals_to(signals: tuple[signal.Signals, ...], handler: Any) -> Iterator[None]:
    """Inside the block, ``signals`` go to ``handler``; the old handlers come back after it. A signal
    this process ignores stays ignored (``nohup`` keeps the server up when the terminal closes), and
    outside the main thread, where Python cannot handle signals, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.getsignal(s) for s in signals}
    for s, before in old.items():
        if before is not signal.SIG_IGN:
            signal.signal(s, handler)
    try:
        yield
    finally:
        for s, before in old.items():
            signal.signal(s, signal.SIG_DFL if before is None else before)  # (None: set outside Python)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server child and wait for it: SIGTERM, then SIGKILL if it is still running after
    :data:`STOP_GRACE` seconds. Ctrl+C and the stop signals are ignored meanwhile, so a second one
    cannot leave the child running."""
    if proc.poll() is not None:
        return
    with _signals_to((signal.SIGINT, *STOP_SIGNALS), signal.SIG_IGN):
        proc.terminate()
        try:
            proc.wait(timeout=STOP_GRACE)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _usable_port(port: int | None, option: str = "--port") -> int:
    """``port`` when it is free (a port in use is the user's error, said before any server starts),
    else a free one."""
    from .errors import CompanionError

    if port is not None and _port_taken(port):
        raise CompanionError(f"port {port} is already in use (or not open to this user)", where=option,
                             suggestion="Leave it out to use a free one, or pick another.")
    return port or free_port()


def _announce(server: str, url: str, port: int, *, open_browser: bool,
              timeout: float = 60.0) -> Callable[[subprocess.Popen[bytes]], None]:
    """What both servers do once started: wait until ``server`` answers, then say in one line where
    the companion is (``The companion is at URL (Ctrl+C to stop)``) and open the browser there when
    ``open_browser``. A server that stops before it answers is the user's error (its own messages
    say why), unless it ended cleanly (its ``--help``, say): then there is nothing to announce."""
    from .errors import CompanionError

    def started(proc: subprocess.Popen[bytes]) -> None:
        try:
            wait_until_up(url, timeout=timeout, proc=proc)
        except (RuntimeError, TimeoutError) as exc:
            if proc.poll() == 0:
                return
            raise CompanionError(f"{server} did not start on port {port}: {exc}",
                                 suggestion="Its own messages are above; check the options passed "
                                            "on to it.") from None
        print(f"The companion is at {url} (Ctrl+C to stop)", flush=True)
        if open_browser and not os.environ.get("CI"):
            import webbrowser

            webbrowser.open(url)

    return started


def run_voila(port: int | None = None, *, open_browser: bool = True, extra: list[str] | None = None) -> int:
    """Serve the app until interrupted; opens the browser at the start page. A port in use, or a
    server that stops before it answers, is the user's error (a clear message), not a crash.

    Ctrl+C, SIGTERM and SIGHUP end it with exit code 0, and every way out of it stops Voila first
    (:func:`stop_server`): Voila is never left running without the companion."""
    port = _usable_port(port)
    return _serve([*voila_command(port), *(extra or [])],
                  started=_announce("Voila", start_url(port), port, open_browser=open_browser))


def _serve(cmd: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None,
           started: Callable[[subprocess.Popen[bytes]], None] | None = None) -> int:
    """Run a server child until it ends or is stopped: ``started(proc)`` first, if given (it may
    raise). Ctrl+C, SIGTERM and SIGHUP end it with exit code 0, and every way out stops the child
    (:func:`stop_server`): a server is never left running without the companion."""
    with _signals_to(STOP_SIGNALS, _raise_stopped):  # before the start: a stop while it starts counts
        proc = subprocess.Popen(cmd, cwd=cwd, env=server_env() if env is None else env)
        try:
            if started is not None:
                started(proc)
            return proc.wait()
        except KeyboardInterrupt:  # Ctrl+C, or a stop signal (ServerStopped)
            return 0
        finally:
            stop_server(proc)


#: The options that set JupyterLab's port, token and base URL (the first of each given counts).
_LAB_PORT = ("--ServerApp.port", "--port")
_LAB_TOKEN = ("--IdentityProvider.token", "--ServerApp.token", "--NotebookApp.token")
_LAB_BASE = ("--ServerApp.base_url", "--NotebookApp.base_url")


def _passed(extra: list[str], names: tuple[str, ...]) -> str | None:
    """The value of the first option of ``names`` in ``extra`` (``--name=value`` or ``--name value``)."""
    for i, arg in enumerate(extra):
        name, eq, value = arg.partition("=")
        if name in names:
            if eq:
                return value
            if i + 1 < len(extra):
                return extra[i + 1]
    return None


def run_lab(extra: list[str] | None = None) -> int:
    """JupyterLab on localhost, opened at the start page; Ctrl+C, SIGTERM and SIGHUP stop it too.

    ``extra`` goes on to JupyterLab (``--no-browser``, ``--ServerApp.port=8899``...). Once it
    answers, the start page's address is said in the same line as Voila's (``The companion is at
    http://127.0.0.1:PORT/lab/tree/start.ipynb?token=...``): the port is the one given, else a free
    one, and the token the one given (an option, or ``$JUPYTER_TOKEN``), else a new random one,
    handed to JupyterLab in its environment (never on a command line other users can see).
    JupyterLab itself opens the browser at that page (unless ``--no-browser``)."""
    from .errors import CompanionError

    options = list(extra or [])
    env = server_env()
    given = _passed(options, _LAB_PORT)
    if given is None:
        port = _usable_port(None)
        options.append(f"--ServerApp.port={port}")
    else:
        if not given.strip().isdecimal() or not 1 <= int(given) <= 65535:
            raise CompanionError(f"not a port number: {given!r}", where="--ServerApp.port",
                                 expected="1-65535, or leave it out for a free one")
        port = _usable_port(int(given))
    token = _passed(options, _LAB_TOKEN)
    if token is None:
        token = env.get("JUPYTER_TOKEN") or secrets.token_hex(24)
        env["JUPYTER_TOKEN"] = token
    url = lab_url(port, token, base_url=_passed(options, _LAB_BASE) or "/")
    cmd = [_tool("jupyter"), "lab", "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
           f"--ServerApp.root_dir={NOTEBOOKS}", START, *options]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # containers and lab machines often run as root
    return _serve(cmd, cwd=NOTEBOOKS, env=env,
                  started=_announce("JupyterLab", url, port, open_browser=False, timeout=120.0))
