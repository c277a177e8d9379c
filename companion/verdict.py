"""Verdicts are data: every problem found, each with a rule id, a plain sentence and a citation.

Used by deck legality, attack legality and anything else that judges an action.
A check never stops at the first problem; it returns a :class:`Verdict` listing all.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(1, "card")`` -> ``"1 card"``; ``plural(3, "card")`` -> ``"3 cards"``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def counted(said: str, word: str, words: str) -> str:
    """:func:`plural` for a figure said in words (a count or a range: "1", "8-9", "at least 1"):
    ``counted("at least 1", "Mega Mouse", "Mega Mice")`` -> ``"at least 1 Mega Mouse"``, ``counted("0",
    ...)`` -> ``"0 Mega Mice"``. Both forms are given, never guessed (a label of a format of the user's
    own without its singular is passed as both, and said as written)."""
    one = re.fullmatch(r"(at (least|most) )?1", said) is not None
    return f"{said} {word if one else words}"


def and_list(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: several things named in one sentence."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken rule: ``rule`` id (``copy-limit``), a sentence naming cards and counts, a cite."""

    rule: str
    message: str
    cards: tuple[str, ...] = ()
    cite: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "cards": list(self.cards),
                "cite": self.cite}


@dataclass(frozen=True, slots=True)
class Note:
    """Advice that is not a rule (a recommended mix): shown, never makes anything illegal."""

    rule: str
    message: str
    cite: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "cite": self.cite}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of a check: legal iff there are no problems; notes never count against."""

    problems: tuple[Problem, ...] = ()
    notes: tuple[Note, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_legal(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {"legal": self.is_legal, **self.extra,
                "problems": [p.to_json() for p in self.problems],
                "notes": [n.to_json() for n in self.notes]}

    def lines(self) -> list[str]:
        """Plain-text report, one line per problem or note, for the CLI."""
        out = ["LEGAL" if self.is_legal else f"NOT LEGAL: {plural(len(self.problems), 'problem')}"]
        out += [f"  [{p.rule}] {p.message} ({p.cite})" if p.cite else f"  [{p.rule}] {p.message}"
                for p in self.problems]
        out += [f"  note [{n.rule}] {n.message}" + (f" ({n.cite})" if n.cite else "")
                for n in self.notes]
        return out

    def _repr_html_(self) -> str:
        """A notebook's display of a verdict: :func:`verdict_html` with the rule ids, for whoever
        checks a rule in code."""
        return verdict_html(self, rule_ids=True)


#: The colours of a verdict legal and not, and of every page's "ok" and "error" (``companion.ui.COLOURS``
#: takes them from here: ui imports the widgets, and a verdict is plain data the command line shows too).
LEGAL_COLOUR, NOT_LEGAL_COLOUR = "#1b7f3b", "#b3261e"


def verdict_html(verdict: Verdict, *, rule_ids: bool = False) -> str:
    """The verdict as HTML, the one look every page gives it: a head (legal, or how many problems) in
    its colour, each problem's sentence with its rule-book section under it, then the notes (advice).
    ``rule_ids``: each problem opens with its rule id (``copy-limit``), as a notebook shows a
    :class:`Verdict`; the pages leave them out, as words no player needs (they stay in the data and in
    ``--json``)."""
    colour = LEGAL_COLOUR if verdict.is_legal else NOT_LEGAL_COLOUR
    head = "Legal" if verdict.is_legal else f"Not legal: {plural(len(verdict.problems), 'problem')}"
    items = "".join("<li>" + (f"<b>{html.escape(p.rule)}</b>: " if rule_ids else "") + html.escape(p.message)
                    + (f"<br><small><i>{html.escape(p.cite)}</i></small>" if p.cite else "") + "</li>"
                    for p in verdict.problems)
    notes = "".join(f"<li>{html.escape(n.message)}"
                    + (f" <small><i>{html.escape(n.cite)}</i></small>" if n.cite else "") + "</li>"
                    for n in verdict.notes)
    return (f"<div class='companion-verdict' style='border-left:6px solid {colour};padding:4px 10px'>"
            f"<div style='color:{colour};font-weight:bold'>{html.escape(head)}</div>"
            + (f"<ul>{items}</ul>" if items else "")
            + (f"<div>Notes</div><ul>{notes}</ul>" if notes else "") + "</div>")
