"""Game flow for Of Mice and Monarchs: the end-of-game trigger, turns left, solo mode.

- End (of-mice-and-monarchs.md, Game End and Scoring): placing the final Court-deck card
  into the Court rows triggers the end; play continues until the player to the right of
  the Start player (the last seat in clockwise order) finishes, so all play equally.
- Solo (of-mice-and-monarchs.md, Solo Mode): after each turn roll a white and a black
  die; the white removes the top card at that front-row position, the black at that
  back-row position; a 5 or 6 lets the player choose. The game ends when the Court deck
  is exhausted. Beat your high score: :class:`HighScores` (a value; :mod:`companion.highscores`
keeps it in the user data folder, so this module touches no file).
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from .. import cite
from ..errors import CompanionError, RuleError, shown
from ..verdict import plural
from .court import Court, short_repr

CITE_END = cite("monarchs", "Game End and Scoring")
CITE_SOLO = cite("monarchs", "Solo Mode")


@dataclass(frozen=True, slots=True)
class EndStatus:
    """Where the game stands: triggered?, the seats still to play, and a sentence."""

    triggered: bool
    seats_left: tuple[int, ...]
    message: str
    #: the book section the verdict follows (Solo Mode for a solo game's end)
    cite: str = CITE_END

    @property
    def turns_left(self) -> int:
        return len(self.seats_left)


#: Players at one table: the book sets no number; the page's Players box stops here, and a
#: typing slip of 100,000,000 seats would otherwise list every one of them.
MAX_PLAYERS = 6
#: Cards left in the Court deck at most: the book sets no number (the demo Court has 38 cards);
#: a typing slip of 99999999999999999999 is refused rather than told to play on.
MAX_COURT_DECK = 200


def end_status(players: int, seat: int, court_deck_left: int) -> EndStatus:
    """After seat ``seat``'s turn (1 = Start player, clockwise), with this many Court-deck cards left.

    The end is triggered once the final Court-deck card has been placed in the rows
    (``court_deck_left == 0``); the seats after ``seat`` up to the last one still play.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS:
        raise RuleError(f"players must be 1 to {MAX_PLAYERS}, not {short_repr(players)}",
                        suggestion=f"1 is a solo game; the book sets no largest table, and the companion "
                                   f"follows up to {MAX_PLAYERS} players")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= players:
        raise RuleError(f"seat must be 1..{players} (1 = Start player), not {short_repr(seat)}")
    if isinstance(court_deck_left, bool) or not isinstance(court_deck_left, int) \
            or not 0 <= court_deck_left <= MAX_COURT_DECK:
        raise RuleError(f"Court deck cards left must be 0 to {MAX_COURT_DECK}, not "
                        f"{short_repr(court_deck_left)}",
                        suggestion=f"The book sets no size of the Court deck; the companion follows up to "
                                   f"{MAX_COURT_DECK} cards")
    if court_deck_left > 0:  # (solo ends when the Court deck is exhausted: Solo Mode)
        where = CITE_SOLO if players == 1 else CITE_END
        return EndStatus(False, (), f"{plural(court_deck_left, 'card')} left in the Court deck: play on "
                                    f"({where}).", where)
    if players == 1:
        return EndStatus(True, (), "Solo: the Court deck is exhausted, the game ends. "
                                   f"Score now ({CITE_SOLO}).", CITE_SOLO)
    left = tuple(range(seat + 1, players + 1))
    if not left:
        msg = (f"End of the game: seat {seat} sits to the right of the Start player, "
               f"so the game ends now: score it ({CITE_END}).")
    else:
        who = ", ".join(f"seat {s}" for s in left)
        msg = (f"End of the game triggered: {plural(len(left), 'more turn')} ({who}) so everyone plays "
               f"equally; the game ends after seat {players} ({CITE_END}).")
    return EndStatus(True, left, msg)


@dataclass(frozen=True, slots=True)
class SoloTake:
    """The card one solo die removes from its row: the position (``None``: the player chooses, on a 5
    or 6) and the card's name (``None``: not known, the Court not typed in there)."""

    position: int | None
    card: str | None

    def to_json(self) -> dict[str, Any]:
        return {"position": self.position, "card": self.card}


@dataclass(frozen=True, slots=True)
class SoloRemoval:
    """What the solo dice remove: the dice (``white`` for the front row, ``black`` for the back), the
    position 1-4 each points at (``front``, ``back``, read from the dice; ``None`` when the player
    chooses), and what is removed there (``removed``: per row, a :class:`SoloTake`, or ``None`` when
    nothing is, the spot typed as empty), as ``lines`` say."""

    white: int
    black: int
    lines: tuple[str, ...]
    removed: tuple[tuple[str, SoloTake | None], ...] = ()

    @property
    def front(self) -> int | None:
        """The front-row position the white die points at (``None``: a 5 or 6, the player chooses)."""
        return _die_position(self.white)

    @property
    def back(self) -> int | None:
        """The back-row position the black die points at (``None``: a 5 or 6, the player chooses)."""
        return _die_position(self.black)

    def removed_json(self) -> dict[str, Any]:
        """``{"front": {"position": 3, "card": "Golden Baron"}, "back": None}``: what each row loses."""
        return {row: take.to_json() if take is not None else None for row, take in self.removed}


def _die(value: object, colour: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise RuleError(f"the {colour} die shows 1-6, not {short_repr(value)}", cite=CITE_SOLO)
    return value


def why_not_dice(white: object, black: object) -> RuleError | None:
    """Why the solo dice cannot be read (a die past 1-6, as :func:`solo_removal` refuses it); ``None``:
    they can. The page turns Read these dice off with it, before the click."""
    try:
        _die(white, "white")
        _die(black, "black")
    except RuleError as refused:
        return refused
    return None


def _die_position(die: int) -> int | None:
    """The Court position 1-4 a solo die points at; ``None`` on a 5 or 6 (the player chooses)."""
    return die if die <= 4 else None


def solo_removal(white: int, black: int, court: Court | None = None, *,
                 typed: Mapping[str, int] | None = None) -> SoloRemoval:
    """Read the two solo dice; with a ``court``, name the top cards they remove. ``typed``: how many
    positions of each row (``"front"``, ``"back"``) the player typed in, so that a spot typed
    empty (``-``) is said to be empty rather than not typed in."""
    w, b = _die(white, "white"), _die(black, "black")
    lines = []
    removed: list[tuple[str, SoloTake | None]] = []
    for die, colour, row in ((w, "white", "front"), (b, "black", "back")):
        if _die_position(die) is None:
            lines.append(f"{colour} {die}: you choose which {row}-row card to remove")
            removed.append((row, SoloTake(None, None)))
            continue
        what = f"the top card at {row} {die}"
        if court is not None:
            top = court.top(row, die)
            # the Court is kept full (Game Play: cards in all eight spots), so an empty spot is one
            # the player did not type in, never a spot to skip
            if top is None and typed is not None and die <= typed.get(row, 0):
                lines.append(f"{colour} {die}: {row} {die} was typed as an empty spot, so no card is "
                             "removed there")
                removed.append((row, None))
                continue
            stack = court.stack(row, die)
            what = (f"{top.name} ({row} {die}" + (", top of its stack)" if len(stack) > 1 else ")") if top
                    else f"the top card at {row} {die} (no card was typed in there)")
            removed.append((row, SoloTake(die, top.name if top else None)))
        else:
            removed.append((row, SoloTake(die, None)))
        lines.append(f"{colour} {die}: remove {what} from the game")
    lines.append(f"Then slide cards down and refill the Court as usual ({CITE_SOLO}).")
    demo = court.demo_note() if court is not None else None
    if demo:
        lines.append(f"note: {demo}")
    return SoloRemoval(w, b, tuple(lines), tuple(removed))


# -- high scores ---------------------------------------------------------------------------------

MAX_ENTRIES = 10
#: Highest solo score kept. A game scores cards x crowns per colour: taking every card of the demo
#: Court scores 160, so 999 (the page's score box goes no higher either) leaves room for a bigger
#: real Court and still refuses typing slips such as 99999999999.
MAX_SCORE = 999
#: Longest player name kept with a score (a table row, not a page of text).
MAX_NAME = 40


def check_score(value: object, *, where: str | None = None) -> int:
    """``value`` if it is a whole number 0..:data:`MAX_SCORE`; else a :class:`RuleError` saying so."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SCORE:
        raise RuleError(f"a solo score is a whole number 0..{MAX_SCORE} VP, not {short_repr(value)}",
                        where=where)
    return value


def check_name(value: object, *, where: str | None = None) -> str:
    """``value`` without its outer spaces, if it is text of at most :data:`MAX_NAME` characters with
    no control character (a new line, a tab, a terminal escape would break the table's rows); else
    a :class:`RuleError` saying so."""
    if not isinstance(value, str):
        raise RuleError(f"a player's name is text, not {short_repr(value)}", where=where)
    name = value.strip()
    bad = next((ch for ch in name if unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs")), None)
    if bad is not None:
        raise RuleError("a player's name cannot hold a control character (a new line, a tab...)",
                        where=where, found=f"{bad!r} in {short_repr(name, 44)}",
                        suggestion="Type the name on one line, letters, digits, spaces and punctuation")
    if len(name) > MAX_NAME:
        raise RuleError(f"a player's name is at most {MAX_NAME} characters, not {len(name)}", where=where,
                        found=short_repr(name, 44), suggestion="Shorten the name")
    return name


def why_not_high_score(score: object, name: object = "", *,
                       boxes: tuple[str | None, str | None] = (None, None)) -> RuleError | None:
    """Why ``score`` made by ``name`` cannot be kept in the high scores (:func:`check_score`,
    :func:`check_name`); ``None``: it can. ``boxes``: where the score and the name were given (the
    refusal's ``where``). The table refuses by the same checks, in this order (:meth:`HighScores.add`);
    the page turns Save score off with it, before the click."""
    try:
        check_score(score, where=boxes[0])
        check_name(name, where=boxes[1])
    except RuleError as refused:
        return refused
    return None


def shown_name(name: str) -> str:
    """A name as a table row shows it: control characters (in a table an older version kept) as
    spaces, and cut to :data:`MAX_NAME` characters."""
    flat = "".join(" " if unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs") else ch for ch in name)
    return flat if len(flat) <= MAX_NAME else flat[:MAX_NAME - 1] + "…"


#: The scoring a solo score was made with (of-mice-and-monarchs.md, Game End and Scoring; Family
#: Scoring Variant); ``""``: not recorded (a score kept by an older version).
SCORE_VARIANTS = ("standard", "family")


def check_variant(value: object, *, where: str | None = None) -> str:
    """``value`` if it names a scoring (:data:`SCORE_VARIANTS`, or ``""`` for one not recorded)."""
    if value not in ("", *SCORE_VARIANTS):
        raise RuleError("a score's scoring is standard or family", where=where,
                        expected=" or ".join(SCORE_VARIANTS), found=short_repr(value))
    return str(value)


@dataclass(frozen=True, slots=True)
class HighScore:
    """One solo score (0..:data:`MAX_SCORE` VP, else :class:`RuleError`), who made it, when, and with
    which scoring (``variant``: standard or family; ``""`` when not recorded). ``extra``: the keys of
    its file entry the companion does not use (a note typed in by hand), written back as they were."""

    score: int
    name: str = ""
    date: str = ""
    variant: str = "standard"
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def __post_init__(self) -> None:
        check_score(self.score)
        check_variant(self.variant)

    def label(self) -> str:
        """``28 VP  Ann  2024-01-01  (family)``: the entry as a table row shows it."""
        return "  ".join(x for x in (f"{self.score} VP", shown_name(self.name), self.date,
                                     f"({self.variant})" if self.variant else "") if x)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"score": self.score, "name": self.name, "date": self.date}
        if self.variant:
            out["variant"] = self.variant
        return {**out, **{k: v for k, v in self.extra.items() if k not in ENTRY_KEYS}}


#: The keys of a high-score entry the companion reads; any other is kept as it is (``HighScore.extra``).
ENTRY_KEYS = ("score", "name", "date", "variant")
#: The keys of a high-score file the companion reads; any other is kept as it is (``HighScores.extra``).
TABLE_KEYS = ("game", "solo_high_scores")


#: What a high-score file holds, for its errors.
TABLE_SHAPE = '{"game": "monarchs", "solo_high_scores": [{"score": 28, "name": "...", "date": "YYYY-MM-DD"}]}'
_FIX_ENTRY = "Correct or remove that entry (or move the file aside to start a new table)"
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _valid_date(text: str) -> bool:
    if not _DATE.fullmatch(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def scoring_of(entry: HighScore) -> str:
    """The scoring whose table ``entry`` is ranked in: its ``variant``; a score kept before the scoring
    was recorded (``""``) is ranked with the standard scores, the book's solo scoring (Solo Mode:
    "Score normally")."""
    return entry.variant or "standard"


#: How each scoring's table is headed.
SCORING_TITLES = {v: f"{v.capitalize()} scoring" for v in SCORE_VARIANTS}  # ("Family scoring")


@dataclass(frozen=True, slots=True)
class HighScores:
    """The best solo scores, highest first (ties keep the earlier one first). Each scoring has its own
    table (:func:`scoring_of`): a family score is ranked among family scores, a standard one among
    standard scores, each table keeping its best :data:`MAX_ENTRIES` (the book's "Score normally.
    Beat your high score", Solo Mode: a family score is no score of the standard game, nor the
    other way round). ``entries`` holds both, highest first.

    A file merged by hand may hold more than :data:`MAX_ENTRIES` scores of a scoring: those past its
    top ones are ``beyond`` (neither listed nor ranked, written back as they are: :meth:`why_not_add`),
    and the file's keys the companion does not use are ``extra``, written back too: a save never loses
    what the user typed in."""

    entries: tuple[HighScore, ...] = ()
    beyond: tuple[HighScore, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def of(self, variant: str) -> tuple[HighScore, ...]:
        """The entries of one scoring's table (``standard`` includes those kept without a scoring)."""
        return tuple(e for e in self.entries if scoring_of(e) == variant)

    def add(self, entry: HighScore, *, where: str | None = None) -> tuple[HighScores, int | None]:
        """The table with ``entry`` added, and its 1-based rank among the scores of its scoring
        (``None`` if it did not make that scoring's top :data:`MAX_ENTRIES`); the entry's name is
        checked (:func:`check_name`) and kept without its outer spaces. A tie shares the rank of the
        equal score before it (listed after it: the earlier stays first). A table holding scores of
        ``entry``'s scoring past its top ones is refused first (:meth:`why_not_add`), here, so that no
        caller adds without the check; ``where``: that refusal's place (the table's file, for one read
        from a file; default: the scoring's table)."""
        refused = self.why_not_add(scoring_of(entry))
        if refused is not None:
            raise refused if where is None else refused.relabel(where=where)
        check_score(entry.score)  # (the checks, in their order, that why_not_high_score makes)
        entry = replace(entry, name=check_name(entry.name))
        variant = scoring_of(entry)
        same = self.of(variant)
        ahead = sum(1 for e in same if e.score >= entry.score)
        at = sum(1 for e in self.entries if e.score >= entry.score)
        entries = list(self.entries)
        entries.insert(at, entry)
        rank = 1 + sum(1 for e in same if e.score > entry.score)
        return replace(self, entries=_kept(entries)), (rank if ahead < MAX_ENTRIES else None)

    def why_not_add(self, variant: str) -> CompanionError | None:
        """Why a score of ``variant``'s scoring cannot be added (``None``: it can): the table holds
        scores of it past its top :data:`MAX_ENTRIES` (a file merged by hand), and adding one would
        decide which of them to drop. The file is kept as it is until they are moved out."""
        past = [e for e in self.beyond if scoring_of(e) == variant]
        if not past:
            return None
        listed = ", ".join(e.label() for e in past[:3]) + (", …" if len(past) > 3 else "")
        return CompanionError(f"the high-score table holds {len(self.of(variant)) + len(past)} {variant} "
                              f"scores, {len(past)} past the top {MAX_ENTRIES} it keeps ({listed}): a new "
                              "score would have to drop some, so nothing is saved",
                              where=f"high scores, {variant} scoring",
                              suggestion=f"Move the scores past the {MAX_ENTRIES}th out of the file (to a "
                                         "file of their own), or delete those not to keep, then save again")

    def beyond_note(self) -> str | None:
        """A note on the scores kept past the top :data:`MAX_ENTRIES` (``None``: there are none)."""
        if not self.beyond:
            return None
        counts = {v: sum(1 for e in self.beyond if scoring_of(e) == v) for v in SCORE_VARIANTS}
        said = " and ".join(plural(n, f"{v} score") for v, n in counts.items() if n)
        they = "it is" if len(self.beyond) == 1 else "they are"
        return (f"the file also holds {said} past the top {MAX_ENTRIES} (merged by hand?): kept "
                f"in the file, not listed; a score of that scoring is saved once {they} moved out")

    def remove(self, place: int, name: str | None = None, *, entry: HighScore | None = None,
               variant: str | None = None) -> tuple[HighScores, HighScore]:
        """The table without its entry at ``place`` as the table shows it (:meth:`ranks`: a tie
        shares its place; each scoring has its places), and that entry. ``variant``: the scoring's
        table the place is in (``entry``'s when it is given); left out, a place that both tables show
        is refused, asking which. A place that several tied scores share needs ``name`` too, to say
        which (``""``: the score without a name): a mistyped score is taken back, never another
        player's. ``entry``: the very entry meant, when two at the place share the name too (the
        page's list names one row)."""
        if variant is None and entry is not None:
            variant = scoring_of(entry)
        if variant is not None:
            check_variant(variant)
        ranks = self.ranks()
        mine = [i for i, e in enumerate(self.entries) if variant is None or scoring_of(e) == variant]
        at = [i for i in mine if ranks[i] == place]
        where = f"high scores, {variant} scoring" if variant else "high scores"
        if not mine:  # (said as empty: "expected a score in the table" read as a slip of the place)
            empty = (f"the {variant} scoring's table is empty" if variant
                     else "the high-score tables are empty (standard and family scoring)")
            others = [v for v in SCORE_VARIANTS if v != variant and self.of(v)] if variant else []
            raise CompanionError(f"no high score at place {place}: {empty}", where=where,
                                 suggestion=(f"The {others[0]} scoring's table lists "
                                             f"{plural(len(self.of(others[0])), 'score')}: add --variant "
                                             f"{others[0]}." if others else
                                             "Nothing to take back: record a score with --add SCORE."))
        if not at:
            shown = ", ".join(str(r) for r in dict.fromkeys(ranks[i] for i in mine))
            raise CompanionError(f"no high score at place {place}", where=where,
                                 expected=f"a place the table shows: {shown}")

        def same_name(i: int) -> bool:
            return name is not None and self.entries[i].name.strip().casefold() == name.strip().casefold()

        scorings = {scoring_of(self.entries[i]) for i in at}
        named_in = {scoring_of(self.entries[i]) for i in at if same_name(i)}
        if len(scorings) > 1 and len(named_in) == 1:  # the name says which table
            at = [i for i in at if scoring_of(self.entries[i]) in named_in]
        elif len(scorings) > 1:
            raise CompanionError(f"place {place} is in both tables (standard and family scoring)",
                                 where="high scores", expected="the scoring of the one to take back too",
                                 suggestion="Add --variant standard or --variant family.")
        if name is None and len({self.entries[i].name.strip().casefold() for i in at}) == 1:
            name = self.entries[at[0]].name  # (tied scores of one name: --name could not tell them apart)
        if name is not None:
            named = [i for i in at if same_name(i)]
            if not named:
                who = f"score of {name.strip()[:40]!r}" if name.strip() else "score without a name"
                raise CompanionError(f"no {who} at place {place}", where=where,
                                     expected=" or ".join(repr(self.entries[i].name) if self.entries[i].name
                                                          else "'' (no name)" for i in at))
            exact = [i for i in named if self.entries[i] == entry]
            at = (exact or named)[:1]  # (the same name twice at one place: the same score, either one)
        elif len(at) > 1:
            who = ", ".join(f"{self.entries[i].score} VP {self.entries[i].name or '(no name)'}" for i in at)
            raise CompanionError(f"place {place} is shared by {len(at)} tied scores ({who})",
                                 where=where, expected="the name of the one to take back too",
                                 suggestion="Add --name NAME (--name '' for the score without a name).")
        entries = list(self.entries)
        gone = entries.pop(at[0])
        # a score kept past the top ones (a file merged by hand) moves up into the place made
        kept, beyond = _split(_by_score([*entries, *self.beyond]))
        return replace(self, entries=kept, beyond=beyond), gone

    def ranks(self) -> list[int]:
        """Each entry's rank among the scores of its scoring (:func:`scoring_of`), a tie sharing the
        rank of the first equal score (28, 28, 20: 1, 1, 3)."""
        return [1 + sum(1 for x in self.of(scoring_of(e)) if x.score > e.score) for e in self.entries]

    def tables(self) -> list[tuple[str, list[tuple[int, int, HighScore]]]]:
        """Each scoring's table, standard first: (its scoring, its rows as (rank, the row's index in
        ``entries``, the entry)), highest first."""
        ranks = self.ranks()
        return [(variant, [(ranks[i], i, e) for i, e in enumerate(self.entries) if scoring_of(e) == variant])
                for variant in SCORE_VARIANTS]

    def best_of(self, variant: str) -> int | None:
        """The high score of one scoring (``None``: none yet)."""
        same = self.of(variant)
        return same[0].score if same else None

    @property
    def best(self) -> int | None:
        """The standard scoring's high score (the book's solo scoring: "Score normally")."""
        return self.best_of("standard")

    def to_json(self) -> dict[str, Any]:
        """The file's document: the scores past the top ones and the keys the companion does not use
        written back as they were read."""
        return {"game": "monarchs", "solo_high_scores": [e.to_json() for e in _by_score([*self.entries,
                                                                                        *self.beyond])],
                **{k: v for k, v in self.extra.items() if k not in TABLE_KEYS}}

    @classmethod
    def from_json(cls, doc: Any, *, where: str = "high scores") -> HighScores:
        if not isinstance(doc, dict) or not isinstance(doc.get("solo_high_scores"), list):
            found = (f"an object without a \"solo_high_scores\" list (keys: "
                     f"{short_repr(sorted(map(str, doc)), 60)})" if isinstance(doc, dict)
                     else _json_kind(doc))
            raise CompanionError('is not a high-score table', where=where, expected=TABLE_SHAPE, found=found,
                                 suggestion="Move the file aside to start a new table")
        if doc.get("game", "monarchs") != "monarchs":
            raise CompanionError("is another game's table", where=f"{where} /game", expected="'monarchs'",
                                 found=short_repr(doc.get("game")),
                                 suggestion="Move the file aside to start a new table")
        out = []
        for i, e in enumerate(doc["solo_high_scores"]):
            here = f"{where} /solo_high_scores/{i}"
            score = e.get("score") if isinstance(e, dict) else None
            if isinstance(score, bool) or not isinstance(score, int):
                raise CompanionError("each entry needs a whole-number score", where=here,
                                     expected='{"score": 28, ...}', found=shown(e, 60), suggestion=_FIX_ENTRY)
            if not 0 <= score <= MAX_SCORE:
                raise CompanionError(f"a solo score is 0..{MAX_SCORE} VP", where=f"{here}/score",
                                     found=short_repr(score), suggestion=_FIX_ENTRY)
            for key in ("name", "date"):  # (a null written back as the text "None" had been kept)
                if e.get(key) is not None and not isinstance(e.get(key), str):
                    raise CompanionError(f"the {key} of a score is text", where=f"{here}/{key}",
                                         found=short_repr(e.get(key)), suggestion=_FIX_ENTRY)
            date = e.get("date") or ""
            if date and not _valid_date(date):
                raise CompanionError("the date of a score is a day of the calendar", where=f"{here}/date",
                                     expected="YYYY-MM-DD", found=short_repr(date), suggestion=_FIX_ENTRY)
            variant = e.get("variant")  # (none: kept before the scoring was recorded)
            if isinstance(variant, str) and variant.strip().casefold() in SCORE_VARIANTS:
                variant = variant.strip().casefold()  # (any case, as the command line's --variant FAMILY)
            if variant is not None and variant not in SCORE_VARIANTS:
                raise CompanionError("a score's scoring is standard or family", where=f"{here}/variant",
                                     expected=" or ".join(repr(v) for v in SCORE_VARIANTS),
                                     found=short_repr(variant), suggestion=_FIX_ENTRY)
            extra = MappingProxyType({k: v for k, v in e.items() if k not in ENTRY_KEYS})
            out.append(HighScore(score, e.get("name") or "", date, variant or "", extra))
        kept, beyond = _split(_by_score(out))
        return cls(kept, beyond, MappingProxyType({k: v for k, v in doc.items() if k not in TABLE_KEYS}))


def _kept(entries: list[HighScore]) -> tuple[HighScore, ...]:
    """``entries`` (highest first) without those past the top :data:`MAX_ENTRIES` of their scoring."""
    return _split(entries)[0]


def _split(entries: list[HighScore]) -> tuple[tuple[HighScore, ...], tuple[HighScore, ...]]:
    """``entries`` (highest first) parted into the top :data:`MAX_ENTRIES` of each scoring and the rest."""
    seen: dict[str, int] = {}
    kept: list[HighScore] = []
    past: list[HighScore] = []
    for e in entries:
        variant = scoring_of(e)
        seen[variant] = seen.get(variant, 0) + 1
        (kept if seen[variant] <= MAX_ENTRIES else past).append(e)
    return tuple(kept), tuple(past)


def _by_score(entries: list[HighScore]) -> list[HighScore]:
    """``entries`` highest first, ties in the order given (the earlier one first)."""
    return sorted(entries, key=lambda h: -h.score)


def not_kept_words(table: HighScores, score: int, variant: str) -> str:
    """Why a score added to ``table`` (the table after it) made no rank: ``not in the top 10``, or that it
    ties the 10th score, which keeps its place (a tie keeps the earlier one first)."""
    same = table.of(variant)
    top = f"not in the top {MAX_ENTRIES}"
    if len(same) >= MAX_ENTRIES and same[MAX_ENTRIES - 1].score == score:
        return f"ties the {MAX_ENTRIES}th score, which keeps its place (the earlier one stays): {top}"
    return top


def _json_kind(doc: Any) -> str:
    """``a list``, ``a number``: what a JSON document is, for an error's "found"."""
    kinds = ((dict, "an object"), (list, "a list"), (str, "text"), (bool, "true or false"),
             (int, "a number"), (float, "a number"))
    if isinstance(doc, list) and not doc:
        return "an empty list"
    kind = next((k for t, k in kinds if isinstance(doc, t)), "null" if doc is None else type(doc).__name__)
    return kind if doc is None else f"{kind} {short_repr(doc, 40)}"
