"""The files this process has written (a log's new lines, a file saved whole), for a command whose
output then fails: it says what is already done, so that the user does not run it again (a second
award, a second draw with new cards). Kept in memory only, the latest few."""

from __future__ import annotations

import os
from collections import deque

_LATEST: deque[tuple[int, str]] = deque(maxlen=32)  # (write number, path), the latest writes
_count = 0


def note(path: str | os.PathLike[str]) -> None:
    """Record that ``path`` was written (called once the write is durable)."""
    global _count
    _count += 1
    _LATEST.append((_count, os.fspath(path)))


def mark() -> int:
    """How many writes so far: :func:`since` that mark lists the writes after it."""
    return _count


def since(mark: int) -> list[str]:
    """The paths written after ``mark`` (each once, in the order first written)."""
    return list(dict.fromkeys(path for n, path in list(_LATEST) if n > mark))
