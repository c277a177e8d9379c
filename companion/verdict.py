"""Verdicts are data: every problem found, each with a rule id, a plain sentence and a citation.

Used by deck legality, attack legality and anything else that judges an action.
A check never stops at the first problem; it returns a :class:`Verdict` listing all.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(1, "card")`` -> ``"1 card"``; ``plural(3, "card")`` -> ``"3 cards"``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"

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
        colour = "#1b7f3b" if self.is_legal else "#b3261e"
        head = "Legal" if self.is_legal else f"Not legal — {plural(len(self.problems), 'problem')}"
        items = "".join(
            f"<li><b>{html.escape(p.rule)}</b>: {html.escape(p.message)}"
            f"<br><small><i>{html.escape(p.cite)}</i></small></li>" for p in self.problems)
        notes = "".join(
            f"<li>{html.escape(n.message)} <small><i>{html.escape(n.cite)}</i></small></li>"
            for n in self.notes)
        return (f"<div class='companion-verdict' style='border-left:6px solid {colour};"
                f"padding:4px 10px'><div style='color:{colour};font-weight:bold'>{head}</div>"
                f"<ul>{items}</ul>" + (f"<div>Notes</div><ul>{notes}</ul>" if notes else "")
                + "</div>")
