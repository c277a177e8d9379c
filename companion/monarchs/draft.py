"""The Of Mice and Monarchs page's draft: its score pad and buy planner as they were left, kept on every
change, so that a reload of the page (or a browser closed by mistake) brings them back.

One small JSON file, ``<user data>/drafts/monarchs-page.json`` (:func:`draft_path`): outside the
``monarchs/`` card folder, where every ``.json`` file loads as a card file. It holds the pad (the
scoring, each colour's cards, crowns and crowns per card, as typed; the players added to the final scores)
and the planner (the influence, the hand typed card by card, the eight Court positions, what is listed
first). This module is the file side only: the page puts the
values in its boxes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..drafts import REQUIRED, DraftError, draft_text, flag_field, read_draft_doc, text_field
from ..drafts import draft_path as _page_draft_path
from ..errors import CompanionError
from .court import HAND_SIZE, SORTS
from .scoring import COURT_COLOURS, VARIANTS, ScoreCard, check_crowns, normalise_colour, score_players

#: The page's name in its draft file (:mod:`companion.drafts`).
PAGE = "monarchs-page"
#: The influence a new page's buy planner starts with.
START_INFLUENCE = 5
#: The positions of one Court row.
ROW = 4


@dataclass(frozen=True)
class ColourPad:
    """One colour's line of the score pad, as typed (a number past the box's limits too: the pad says so)."""

    cards: int = 0
    crowns: int = 0
    per_card: str = ""  #: the crowns typed on each card


@dataclass(frozen=True)
class TablePlayer:
    """One player added to the page's final scores: the name, and the cards the pad held for them."""

    name: str
    cards: tuple[ScoreCard, ...] = ()


#: The fields of :class:`PageDraft` that are the score pad (and the players' final scores it fills); the
#: others are the buy planner.
PAD_FIELDS = frozenset({"variant", "colours", "players", "players_variant"})


@dataclass(frozen=True)
class PageDraft:
    """The score pad and the buy planner, as the page left them (the defaults: a page just opened)."""

    variant: str = "standard"
    colours: Mapping[str, ColourPad] = field(default_factory=lambda: {c: ColourPad() for c in COURT_COLOURS})
    influence: int = START_INFLUENCE
    front: tuple[str, ...] = ("",) * ROW
    back: tuple[str, ...] = ("",) * ROW
    best_first: str = SORTS[0]
    show_all: bool = False
    #: the hand typed card by card (each a card's influence or name; blank: no card)
    hand: tuple[str, ...] = ("",) * HAND_SIZE
    #: the players added to the final scores, and the scoring they were read with
    players: tuple[TablePlayer, ...] = ()
    players_variant: str = VARIANTS[0]

    def is_fresh(self) -> bool:
        """Whether nothing was typed: the draft of a page just opened (nothing to bring back)."""
        return self == PageDraft()

    def typed_in(self) -> tuple[bool, bool]:
        """Whether the score pad, and whether the buy planner, differ from a page just opened (what a
        page brought back says it brought back)."""
        fresh = PageDraft()
        changed = {f.name for f in fields(self) if getattr(self, f.name) != getattr(fresh, f.name)}
        return bool(changed & PAD_FIELDS), bool(changed - PAD_FIELDS)

    def to_text(self) -> str:
        """The draft file's text. ``ValueError`` for a number of thousands of digits (only a program sets
        one: a browser's box holds none), which no file keeps."""
        return draft_text(PAGE, {
            "pad": {"variant": self.variant,
                    "colours": {c: {"cards": p.cards, "crowns": p.crowns, "per_card": p.per_card}
                                for c, p in self.colours.items()},
                    "players_variant": self.players_variant,
                    "players": [{"name": p.name,
                                 "cards": [{"color": c.color, "crowns": c.crowns, "name": c.name}
                                           for c in p.cards]} for p in self.players]},
            "planner": {"influence": self.influence, "front": list(self.front), "back": list(self.back),
                        "best_first": self.best_first, "show_all": self.show_all, "hand": list(self.hand)}})


def draft_path() -> Path:
    """Where the page keeps its draft: ``<user data>/drafts/monarchs-page.json``."""
    return _page_draft_path(PAGE)


def read_draft(path: Path | None = None) -> PageDraft | None:
    """The draft at ``path`` (default :func:`draft_path`); ``None`` when there is none. :class:`DraftError`
    when it cannot be read or is not a draft this page wrote: it is never changed here."""
    path = draft_path() if path is None else path
    doc = read_draft_doc(path, PAGE, "Of Mice and Monarchs page")
    if doc is None:
        return None
    try:
        return _page_draft(doc)
    except (TypeError, ValueError) as exc:
        raise DraftError(f"holds a pad or planner this page cannot read ({exc})", where=str(path)) from None


def _page_draft(doc: Mapping[str, Any]) -> PageDraft:
    """The draft from its JSON (a part left out: as a page just opened has it); ``TypeError`` or
    ``ValueError`` saying what is not as the page writes it."""
    fresh = PageDraft()
    pad, planner = _part(doc, "pad"), _part(doc, "planner")
    colours = dict(fresh.colours)
    for colour, line in _part(pad, "colours").items():
        if colour not in colours:
            raise ValueError(f"{colour!r} is not a Court colour")
        if not isinstance(line, dict):
            raise TypeError(f"{colour!r} is not a JSON object")
        colours[colour] = ColourPad(_number(line, "cards", 0), _number(line, "crowns", 0),
                                    text_field(line, "per_card"))
    return PageDraft(variant=_choice(pad, "variant", VARIANTS), colours=colours,
                     influence=_number(planner, "influence", START_INFLUENCE),
                     front=_row(planner, "front"), back=_row(planner, "back"),
                     best_first=_choice(planner, "best_first", SORTS),
                     show_all=flag_field(planner, "show_all"), hand=_row(planner, "hand", HAND_SIZE),
                     players=_players(pad), players_variant=_choice(pad, "players_variant", VARIANTS))


def _players(pad: Mapping[str, Any]) -> tuple[TablePlayer, ...]:
    """The players of the final scores a draft keeps (none in a draft of before they were kept)."""
    value = pad.get("players", [])
    if not isinstance(value, list):
        raise TypeError("'players' is not a list")
    out = []
    for i, p in enumerate(value):
        if not isinstance(p, dict) or not isinstance(p.get("cards", []), list):
            raise TypeError(f"player {i + 1} is not a name and a list of cards")
        cards = []
        for c in p.get("cards", []):
            if not isinstance(c, dict):
                raise TypeError(f"a card of player {i + 1} is not a JSON object")
            try:
                cards.append(ScoreCard(normalise_colour(c.get("color")), check_crowns(c.get("crowns")),
                                       text_field(c, "name")))
            except CompanionError as exc:
                raise ValueError(f"a card of player {i + 1}: {exc.message}") from None
        out.append(TablePlayer(text_field(p, "name", REQUIRED), tuple(cards)))
    if out:  # (names the page would refuse, edited in by hand: said, never a page that does not open)
        try:
            score_players([(p.name, p.cards) for p in out])
        except CompanionError as exc:
            raise ValueError(f"the final scores: {exc.render()}") from None
    return tuple(out)


def _part(doc: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = doc.get(key, {})
    if not isinstance(value, dict):
        raise TypeError(f"{key!r} is not a JSON object")
    return value


def _number(doc: Mapping[str, Any], key: str, default: int) -> int:
    value = doc.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{key!r} is not a whole number")
    return value


def _choice(doc: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = doc.get(key, choices[0])
    if value not in choices:
        raise ValueError(f"{key!r} is none of {', '.join(choices)}")
    return str(value)


def _row(doc: Mapping[str, Any], key: str, n: int = ROW) -> tuple[str, ...]:
    value = doc.get(key, [""] * n)
    if not (isinstance(value, list) and len(value) == n and all(isinstance(v, str) for v in value)):
        raise TypeError(f"{key!r} is not {n} texts")
    return tuple(value)
