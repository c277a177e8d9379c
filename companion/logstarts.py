"""How each tracker's log is begun, in the words every missing or empty log says it: the command, the
notebook page's way, and the command that brings back an undone start. A module of its own, with no
imports beyond the standard library, so the command line's help can name a start without loading the
event log (``companion --help`` starts fast)."""

from __future__ import annotations

import os
import shlex
from typing import NamedTuple

#: How a new two-player game log begins (said when ``do`` is given a missing log and no start event).
START_EXAMPLE = """'{"event": "start", "players": ["Ann", "Bob"]}'"""


class LogStart(NamedTuple):
    """How a tracker's log is begun, as a missing or an empty log says it (``{log}``: the log's path,
    filled in by :func:`for_log`)."""

    thing: str    # what a log holds: a game, a session, a chapter
    title: str    # the game's name, as its notebook page is titled
    command: str  # the command that starts one
    page: str     # how the notebook page starts one
    redo: str     # the command that brings back an undone start


#: Each tracker's :class:`LogStart`, by game id: every "no such log file" and every empty log says it.
LOG_STARTS: dict[str, LogStart] = {
    "village": LogStart("game", "Village TCG", f"companion village do {{log}} {START_EXAMPLE}",
                        "New game on the Village TCG notebook page", "companion village do {log} redo"),
    "tmnt": LogStart("game", "TMNT TCG", f"companion tmnt do {{log}} {START_EXAMPLE}",
                     "New game on the TMNT TCG notebook page", "companion tmnt do {log} redo"),
    "mousecard": LogStart("session", "Mouse Card", "companion mousecard new {log}",
                          "the Mouse Card notebook page, which starts one on a new log",
                          "companion mousecard redo {log}"),
    "mystics": LogStart("chapter", "Mice and Mystics", "companion mystics new {log} --mice collin,filch",
                        "Start chapter on the Mice and Mystics notebook page",
                        "companion mystics do {log} redo"),
}


def start_hint(game: str, log: str | os.PathLike[str]) -> str:
    """How to start a log of ``game`` at ``log``: the command, and the notebook page's way. Every
    tracker's missing log and empty log end with it, so each says what to do in the same words."""
    start = LOG_STARTS[game]
    return f"Start one with: {for_log(start.command, log)} (or {start.page})."


def empty_log(game: str) -> str:
    """Why a log of ``game`` that is empty holds nothing under way, as every tracker says it."""
    start = LOG_STARTS[game]
    return f"it is empty (no {start.title} {start.thing} was started in it, nothing was undone)"


def for_log(command: str, log: str | os.PathLike[str]) -> str:
    """``command`` (of :data:`LOG_STARTS`) for the log at ``log``, quoted for the shell where needed."""
    return command.replace("{log}", shlex.quote(str(log)))  # (not str.format: a start example has braces)
