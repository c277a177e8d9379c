#!/usr/bin/env python3
"""Set up and run the companion with nothing but Python 3.11+.

    python3 run.py          set up, then open the companion in JupyterLab at the start page
    python3 run.py app      set up, then serve the start page as an app with Voila
    python3 run.py test     set up, then run the whole test suite (unit tests + notebooks)
    python3 run.py setup    set up only (for the command line), and say where the command is
    python3 run.py cli ...  set up, then run the ``companion`` command with the rest, e.g.
                            python3 run.py cli odds mousecard --skill 5 --target J

Setting up means: create ``.venv`` inside this folder (or reuse it) and install the
project into it when ``pyproject.toml`` changed. Nothing is installed globally,
except Debian's Chromium for the browser tests, which ``test`` installs with
apt-get when it is missing and this machine allows it (root or CI).
Everything after the verb is passed on (to pytest, JupyterLab, Voila or ``companion``).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".companion-installed"
VERBS = ("start", "app", "test", "setup", "cli")


def say(msg: str) -> None:
    print(f"[run.py] {msg}", flush=True)


def ensure_venv() -> None:
    """Create the virtual environment and (re)install the project when needed."""
    if sys.version_info < (3, 11):
        sys.exit(f"Python 3.11 or newer is needed; this is {sys.version.split()[0]}")
    if not PY.exists():
        say(f"creating the virtual environment in {VENV.name}/")
        venv.EnvBuilder(with_pip=True, clear=VENV.exists()).create(VENV)
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text().strip() == want:
        return
    say("installing the companion and what it needs (first run takes a few minutes)")
    pip = [str(PY), "-m", "pip", "--disable-pip-version-check", "install", "-q"]
    subprocess.run([*pip, "-U", "pip"], check=True)
    subprocess.run([*pip, "-e", ".[dev]"], check=True, cwd=ROOT)
    say("compiling the Mouse Card odds kernel (once, about 10 s)")
    warm = "from companion.mousecard.passes import warm; warm()"
    subprocess.run([str(PY), "-c", warm], check=True, cwd=ROOT)
    STAMP.write_text(want)


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def ensure_chromium() -> None:
    """Debian's Chromium for the browser tests (Playwright cannot download its own here)."""
    if chromium_path() or os.environ.get("COMPANION_SKIP_BROWSER"):
        return
    apt = shutil.which("apt-get")
    is_root = hasattr(os, "geteuid") and os.geteuid() == 0
    if not apt or not is_root:
        say("Chromium is missing and cannot be installed here; browser tests will be skipped")
        return
    say("installing Debian's Chromium for the browser tests")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([apt, "-q", "update"], check=False, env=env, stdout=subprocess.DEVNULL)
    subprocess.run([apt, "-q", "install", "-y", "--no-install-recommends", "chromium"],
                   check=False, env=env, stdout=subprocess.DEVNULL)


def main(argv: list[str]) -> int:
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["start", *argv]  # options alone: start with them
    verb, rest = argv[0], argv[1:]
    if verb in ("-h", "--help", "help"):
        print(__doc__)
        return 0
    if verb not in VERBS:
        choices = f"{', '.join(VERBS[:-1])} or {VERBS[-1]}"
        print(f"unknown verb {verb!r}; use {choices}\n{__doc__}", file=sys.stderr)
        return 2
    ensure_venv()
    companion = str(BIN / "companion")
    if verb == "setup":
        here = os.path.relpath(companion)  # (as the caller types it, from where it is)
        say(f"ready: the command line is {here} (try: {here} --help)")
        return 0
    if verb == "cli":  # in the caller's folder: the paths it types are its own
        return subprocess.call([companion, *rest])
    os.chdir(ROOT)
    if verb == "test":
        ensure_chromium()
        return subprocess.call([str(PY), "-m", "pytest", *rest])
    cmd = [companion, "app", "--voila", *rest] if verb == "app" else [companion, "app", *rest]
    if os.name == "posix":  # become the companion: a stop signal sent to this process reaches it
        sys.stdout.flush()
        os.execv(companion, cmd)
    return subprocess.call(cmd)


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except subprocess.CalledProcessError as exc:
        sys.exit(f"[run.py] setup step failed ({exc.cmd[2:5]}...): exit {exc.returncode}")
    except KeyboardInterrupt:
        sys.exit(130)
