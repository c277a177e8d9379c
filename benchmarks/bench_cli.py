"""Command-line start-up: how long one ``companion`` command takes, as a scripting user pays it.

A game-night script runs a dozen commands, each a new process, so each one's start-up counts.
Heavy libraries are imported lazily, and valid data passes the compiled fast path
(fastjsonschema) without importing jsonschema (about a second of its format checkers).
Each command is timed in a fresh process (wall clock, best of 5) and printed as a ratio
against the baseline of the same machine at the same moment: ``python -c pass`` and
``python -c "import companion.cli"``. A fresh empty user data folder is used.

    .venv/bin/python benchmarks/bench_cli.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("--help",),
    ("validate",),
    ("cards", "list", "village"),
    ("deck", "check", "village", "data/decks/village-demo-legal.txt"),
    ("deck", "odds", "village", "data/decks/village-demo-legal.txt", "--kind", "type=fruit"),
    ("odds", "mousecard", "--skill", "5", "--target", "J"),
    ("odds", "mystics", "attack", "--life", "2", "--wheel", "3"),
    ("score", "monarchs", "data/decks/monarchs-book-example.json"),
)


def best_wall(argv: list[str], env: dict[str, str], runs: int = 5) -> float:
    """Seconds for the fastest of ``runs`` fresh processes running ``argv``."""
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    with tempfile.TemporaryDirectory() as user_data:
        env = {**os.environ, "COMPANION_USER_DATA": user_data}
        python = best_wall([sys.executable, "-c", "pass"], env)
        package = best_wall([sys.executable, "-c", "import companion.cli"], env)
        print(f"baseline: python -c pass {python * 1000:.0f} ms; import companion.cli "
              f"{package * 1000:.0f} ms ({package / python:.1f}x)")
        print(f"{'command':<80} {'ms':>6} {'x python':>9}")
        for args in COMMANDS:
            t = best_wall([sys.executable, "-m", "companion", *args], env)
            print(f"{'companion ' + ' '.join(args):<80} {t * 1000:>6.0f} {t / python:>9.1f}")


if __name__ == "__main__":
    main()
