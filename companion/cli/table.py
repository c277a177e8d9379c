"""At-the-table commands for Village TCG and Of Mice and Monarchs.

- ``companion score monarchs FILE... [--variant standard|family] [--json]`` (several files: every player)
- ``companion monarchs buy --influence N --front SPEC... --back SPEC... [--by crowns|influence|spent]``
- ``companion monarchs end --players N --seat S --court-deck K``
- ``companion monarchs solo --white W --black B [--front SPEC...] [--back SPEC...]``
- ``companion monarchs highscores [--add SCORE [--name NAME] [--variant standard|family] | --remove PLACE
  [--name NAME] [--variant standard|family]]``
- ``companion village battle --attack 'ATTACKER:ATK[>DEFENDER:DEF]'... [--first-turn]``
- ``companion village replay LOG [--json]`` and ``companion village do LOG EVENT...`` (all or nothing)

Heavy imports stay inside the handlers so ``companion --help`` starts fast.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..errors import CompanionError
from ..monarchs.court import MAX_INFLUENCE
from ..monarchs.flow import MAX_COURT_DECK, MAX_ENTRIES, MAX_PLAYERS, MAX_SCORE
from ..textio import read_text
from ..verdict import plural
from . import (
    NEW_GAME_REPLACES,
    TRACKER_JSON_HELP,
    existing_log,
    hint_if_unlisted,
    hint_unlisted_lines,
    raise_unknown,
    say_problems,
    warn_set_aside,
    whole_in,
)


class CliInputError(CompanionError):
    """A command-line value that cannot be read."""


def _print_json(obj: Any) -> None:
    from . import print_json

    print_json(obj)


def _read_text(path: str, what: str) -> str:
    return read_text(path, what=what, error=CliInputError, allow_stdin=True)


def _db(game: str, extra: list[str] | None = None) -> Any:
    """The game's cards, a broken card file of yours left out with a warning (as by the deck
    commands); a broken ``--cards`` file (``extra``) is refused."""
    from .cards import load_cards

    return load_cards(game, extra or ())[0]


# -- Of Mice and Monarchs ----------------------------------------------------------------------

def _score_monarchs(args: argparse.Namespace) -> int:
    from ..monarchs.scoring import score

    if len(args.file) > 1:
        return _score_monarchs_players(args)
    cards, file, _db_read = _score_file(args.file[0], args)
    result = score(cards, args.variant)
    said = file.notes()  # what the file says of its figures
    if args.json:
        _print_json({**result.to_json(), **({"file_notes": said} if said else {})})
    else:
        print("\n".join(result.lines()))
        if said:
            print(f"note (from {args.file[0]}): {said}")
    return 0


def _score_file(path: str, args: argparse.Namespace, db: Any = None) -> tuple[list[Any], Any, Any]:
    """The cards of one player's score file, the file (:class:`~companion.monarchs.scoring.ScoreFile`) and
    the card data read for it (``None``: none needed); a file of no cards is refused, as the page refuses
    it. ``db``: the card data read already (a card file of yours left out is said once)."""
    from ..deck.decklist import DecklistError
    from ..monarchs.scoring import ScoreFile, ScoreFileError

    file = ScoreFile(_read_text(path, "score file"), path)  # its JSON read once, for all it is asked
    # a JSON list of colours and crowns needs no card data, unless extra card files are named
    db = db or (_db("monarchs", args.cards) if file.needs_card_data() or args.cards else None)
    try:
        cards = file.cards(db)
    except (DecklistError, ScoreFileError) as exc:  # (a name close to no card's: how to list them)
        raise hint_unlisted_lines(exc, "monarchs") from None
    empty = file.why_empty(cards)  # (comments or headings alone, "cards": []: refused, as the page does)
    if empty is not None:
        raise CliInputError(empty.message, where=empty.where,
                            suggestion="List the player's cards: '3 Card Name' lines, or JSON "
                                       '{"cards": [{"color": "orange", "crowns": 1}]}')
    return cards, file, db


def _score_monarchs_players(args: argparse.Namespace) -> int:
    """Several players' files scored at once: the final scores and who wins (a tie shared: the rule book
    gives no tie-break). Each player is named by the file's ``"name"`` (JSON), else the file's name."""
    from ..monarchs.scoring import score_players

    players = []
    db = None
    for i, path in enumerate(args.file, 1):
        cards, file, db = _score_file(path, args, db)
        players.append((file.player() or (Path(path).stem if path != "-" else f"player {i}"), cards, file))
    result = score_players([(name, cards) for name, cards, _f in players], args.variant, sources=args.file)
    said = {name: notes for name, _c, f in players if (notes := f.notes())}
    if args.json:
        doc = result.to_json()
        for p in doc["players"]:
            if p["name"] in said:
                p["file_notes"] = said[p["name"]]
        _print_json(doc)
        return 0
    print("\n".join(result.lines()))
    for name, note in said.items():
        print(f"note (from {name}'s file): {note}")
    return 0


def _monarchs_number(n: int) -> str:
    """A number typed on the command line, for a message: cut after 24 digits."""
    text = str(n)
    return text if len(text) <= 24 else text[:24] + "…"


def _court(front: list[str], back: list[str], cards: list[str] | None, db: Any = None) -> Any:
    from ..monarchs.court import needs_db, parse_court

    for option, specs in (("--front", front), ("--back", back)):
        if len(specs) > 4:
            raise CliInputError(f"the {option[2:]} Court row has 4 positions, not {len(specs)}",
                                where=option, expected="at most 4 SPECs (one per position, '-' for an "
                                                       "empty one)", found=" ".join(specs)[:60])
    # a --cards file is read (and refused when missing or broken) even when no card name needs it
    # (``db``: the cards the hand loaded already, so a card file of yours left out is said once)
    db = db or (_db("monarchs", cards) if cards or needs_db([*front, *back]) else None)
    try:
        return parse_court(front, back, db)
    except CompanionError as exc:  # (a name close to no card's: how to list them)
        raise hint_if_unlisted(exc, "monarchs") from None


def _hand(args: argparse.Namespace) -> tuple[int, Any, Any]:
    """The hand's influence, the hand as read (:class:`~companion.monarchs.court.Hand`: the card records it
    names, for their Move and Cover icons; ``None``: ``--influence`` given) and the cards loaded to read it
    (``None``: the hand named none)."""
    from ..monarchs.court import hand_needs_db, read_hand

    if args.influence is not None and args.hand is not None:
        raise CliInputError("give --influence N or --hand CARD..., not both", where="monarchs buy")
    if args.influence is not None:
        if not 0 <= args.influence <= MAX_INFLUENCE:
            raise CliInputError(f"influence is 0 to {MAX_INFLUENCE}, not {_monarchs_number(args.influence)}",
                                where="--influence",
                                suggestion=f"A hand is five cards: the companion plans up to {MAX_INFLUENCE} "
                                           "influence (five cards of 999)")
        return int(args.influence), None, None
    if not args.hand:
        raise CliInputError("give --influence N or --hand CARD...", where="monarchs buy")
    db = _db("monarchs", args.cards) if hand_needs_db(args.hand) else None
    try:  # (the rules' reading of a hand, as the page's; each value named as typed: --hand 2)
        hand = read_hand(args.hand, db, where="--hand")
    except CompanionError as exc:
        said = hint_if_unlisted(exc, "monarchs")  # (a name close to no card's: how to list them)
        raise CliInputError(exc.message, where=exc.where, expected=exc.expected, found=exc.found,
                            suggestion=said.suggestion, cite=exc.cite) from None
    return hand.influence, hand, db


def _monarchs_buy(args: argparse.Namespace) -> int:
    from ..monarchs.court import CITE_BUY, plan_purchases

    if args.top < 0:
        raise CliInputError(f"a count: 0 (all) or more, not {args.top}", where="--top")
    influence, hand, db = _hand(args)
    if not args.front and not args.back:
        raise CliInputError("give the Court's cards with --front (and --back)", where="monarchs buy",
                            suggestion="e.g. --front 2 3 'Sun King' 4 --back 5")
    court = _court(args.front, args.back, args.cards, db)
    plan = plan_purchases(influence, court, by=args.by, maximal_only=not args.all)
    shown = plan.purchases[: args.top] if args.top else plan.purchases
    notes = list(plan.notes)
    if hand is not None:  # (a hand of other than five cards; its Move and Cover icons: Game Play)
        notes += hand.notes()
    if args.json:
        doc = plan.to_json()
        doc["purchases"] = [p.to_json() for p in shown]
        doc["count"] = len(plan.purchases)
        doc["notes"] = notes
        _print_json(doc)
        return 0
    print(f"Influence: {influence}. {plural(len(plan.purchases), 'purchase')}, best by {args.by} first:")
    for i, p in enumerate(shown, 1):
        print(f"{i:>3}. {p.label()}")
    for note in notes:
        print(f"note: {note}")
    print(f"({CITE_BUY})")
    return 0


def _monarchs_end(args: argparse.Namespace) -> int:
    from ..monarchs.flow import end_status

    if not 0 <= args.court_deck <= MAX_COURT_DECK:
        raise CliInputError(f"cards left in the Court deck are 0 to {MAX_COURT_DECK}, not "
                            f"{_monarchs_number(args.court_deck)}", where="--court-deck",
                            suggestion=f"The book sets no size of the Court deck; the companion follows up "
                                       f"to {MAX_COURT_DECK} cards")
    try:
        s = end_status(args.players, args.seat, args.court_deck)
    except CompanionError as exc:  # (--players and --seat are read within 1 to 6: a seat past the players)
        if exc.where or args.seat <= args.players:
            raise
        raise CliInputError(exc.message, where="--seat", suggestion=exc.suggestion, cite=exc.cite) from None
    if args.json:  # (the cite: the section the verdict follows, Solo Mode for a solo game)
        _print_json({"triggered": s.triggered, "turns_left": s.turns_left, "seats_left": list(s.seats_left),
                     "message": s.message, "cite": s.cite})
    else:
        print(s.message)
    return 0


def _monarchs_solo(args: argparse.Namespace) -> int:
    from ..monarchs.flow import CITE_SOLO, solo_removal

    for die in ("white", "black"):
        if not 1 <= getattr(args, die) <= 6:
            raise CliInputError(f"a die shows 1-6, not {getattr(args, die)}", where=f"--{die}")
    if args.cards and not (args.front or args.back):
        _db("monarchs", args.cards)  # a --cards file is read (and refused when bad) even without a Court
    court = _court(args.front, args.back, args.cards) if (args.front or args.back) else None
    r = solo_removal(args.white, args.black, court, typed={"front": len(args.front), "back": len(args.back)})
    if args.json:
        # front, back: the position each die points at; removed: what each row loses there, as the lines
        # say (null: nothing, the spot typed empty)
        _print_json({"white": r.white, "black": r.black, "front": r.front, "back": r.back,
                     "removed": r.removed_json(), "lines": list(r.lines), "cite": CITE_SOLO})
    else:
        print("\n".join(r.lines))
    return 0


def _monarchs_highscores(args: argparse.Namespace) -> int:
    import datetime

    from ..highscores import load_high_scores, record_high_score, remove_high_score
    from ..monarchs.flow import SCORING_TITLES, HighScore, check_name, not_kept_words

    rank = None
    if args.name is not None and args.add is None and args.remove is None:
        raise CliInputError("a name goes with --add SCORE (or --remove PLACE)", where="--name")
    if args.variant is not None and args.add is None and args.remove is None:
        raise CliInputError("the scoring goes with --add SCORE (or --remove PLACE)", where="--variant")
    if args.remove is not None and args.add is not None:
        raise CliInputError("--add and --remove are two commands: one at a time", where="--remove")
    removed = None
    variant = args.variant or "standard"
    if args.remove is not None:
        # (no --name: none given; --name '': the score without a name, as the table lists it; no
        # --variant: the place must be in one scoring's table only)
        table, removed = remove_high_score(args.remove, name=args.name, variant=args.variant)
    elif args.add is not None:
        if not 0 <= args.add <= MAX_SCORE:
            raise CliInputError(f"a solo score is 0..{MAX_SCORE} VP, not {_monarchs_number(args.add)}",
                                where="--add")
        try:
            name = check_name(args.name or "")
        except CompanionError as exc:
            raise CliInputError(exc.message, where="--name", found=exc.found,
                                suggestion=exc.suggestion, cite=exc.cite) from None
        table, rank = record_high_score(HighScore(args.add, name, datetime.date.today().isoformat(), variant))
    else:
        table = load_high_scores()
    if args.json:
        doc = {k: v for k, v in table.to_json().items() if k not in table.extra}  # (the table, not notes)
        doc["tables"] = {v: [{"rank": r, **{k: x for k, x in e.to_json().items() if k != "rank"}}
                             for r, _i, e in rows] for v, rows in table.tables()}
        if table.beyond:
            doc["beyond_top"] = [e.to_json() for e in table.beyond]
        if args.add is not None:
            doc["rank"] = rank
            doc["variant"] = variant
        if removed is not None:
            doc["removed"] = removed.to_json()
        _print_json(doc)
        return 0
    if args.add is not None:
        print(f"Score {args.add}: " + (f"rank {rank}" if rank else not_kept_words(table, args.add, variant))
              + f" ({variant} scoring, ranked among the {variant} scores)")
    if removed is not None:
        print(f"Removed: {_monarchs_score_row(removed)}")
    if not table.entries:
        print("No solo high scores yet.")
        return 0
    for v, rows in table.tables():  # each scoring ranked on its own (Solo Mode: "Score normally")
        if not rows:
            continue
        print(f"{SCORING_TITLES[v]}:")
        for r, _i, e in rows:  # a tie shares its rank
            print(f"{r:>3}. {e.score:>4} VP  {_monarchs_score_row(e, score=False)}".rstrip())
    note = table.beyond_note()
    if note:
        print(f"note: {note}")
    return 0


def _monarchs_score_row(e: Any, *, score: bool = True) -> str:
    """``28 VP  Ann  2024-01-01  (family)``: a kept score as the table lists it (the scoring in
    brackets; a score kept before the scoring was recorded shows none)."""
    from ..monarchs.flow import shown_name

    parts = [f"{e.score} VP"] if score else []
    parts += [shown_name(e.name), e.date, f"({e.variant})" if e.variant else ""]
    return "  ".join(x for x in parts if x)  # (an empty name or date leaves no gap: HighScore.label)


# -- Village TCG -----------------------------------------------------------------------------

def _card_label(spec: str, db: Any) -> tuple[Any, str | None]:
    """A card name with an optional copy label (``Acorn Scout#2``): the card and the label."""
    name, sep, tag = spec.rpartition("#")
    if sep and tag.strip().isdecimal() and name.strip() and db.lookup(spec) is None:
        return db.find(name.strip()), f"{name.strip()}#{tag.strip()}"
    return db.find(spec), None


_MAX_STAT = 999  # an ATK or DEF typed as NAME:NUMBER: no card's number is higher (village.game.MAX_NUMBER)


def _fighter(spec: str, db: Any, where: str, attacking: bool, unknown: list[CompanionError]) -> Any:
    """``LABEL:N`` (ATK for an attacker, DEF for a defender) or a card name (stats from the cards);
    a card name may carry a copy label, ``Acorn Scout#2``, to tell two copies apart. A name that is no
    card is kept in ``unknown`` (``None`` is returned), so that every one is said at once."""
    from ..errors import UnknownCardError
    from ..village.battle import Fighter

    label, sep, num = spec.rpartition(":")
    if sep and num.strip().lstrip("-").isdecimal():
        n = int(num) if len(num.strip()) <= 5 else _MAX_STAT + 1  # never int() a 5,000-digit number
        if n < 0 or n > _MAX_STAT or not label.strip():
            raise CliInputError(f"expected NAME:NUMBER with a name and a number from 0 to {_MAX_STAT}",
                                where=where, found=repr(spec[:60]))
        return Fighter(label.strip(), n if attacking else None, None if attacking else n)
    name = spec.strip()  # (never empty: _village_battle refuses a missing Mouse first)
    if db is None:
        raise CliInputError("give NAME:NUMBER, or a card name from the Village card data", where=where,
                            found=repr(spec))
    try:
        card, copy_label = _card_label(name, db)
    except CompanionError as exc:
        error = CliInputError(exc.message, where=where, suggestion=exc.suggestion, cite=exc.cite)
        if not isinstance(exc, UnknownCardError):
            raise error from None
        unknown.append(error)
        return None
    if card.type not in ("basic-mouse", "mega-mouse"):
        raise CliInputError(f"{card.name!r} is a {card.type} card, not a mouse", where=where)
    return Fighter.from_card(card, copy_label)


def _typed_notes(fighters: list[tuple[str, Any, bool]], db: Any) -> list[Any]:
    """A note for each ``NAME:NUMBER`` (``spec``, its fighter, whether it attacks) whose name is a mouse
    card of ``db`` that prints another ATK (an attacker) or DEF (a defender): said, never refused (a card
    effect may change them: :func:`~companion.village.battle.stats_typed`)."""
    from ..verdict import Note
    from ..village.battle import CITE_EFFECTS, stats_typed

    notes: list[Any] = []
    for spec, f, attacking in fighters:
        label, sep, _num = spec.rpartition(":")
        if db is None or f is None or not sep:
            continue
        name = label.strip()
        card = db.lookup(name)
        if card is None and "#" in name:  # a copy label: 'Acorn Scout#2:5'
            card = db.lookup(name.rpartition("#")[0].strip())
        if card is None or card.type not in ("basic-mouse", "mega-mouse"):
            continue
        said = stats_typed(card, f.atk if attacking else None, None if attacking else f.defense)
        if said and all(n.message != said for n in notes):
            notes.append(Note("stats-typed", said, CITE_EFFECTS))
    return notes


def _village_battle(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from ..verdict import Verdict
    from ..village.battle import Attack, resolve_battle
    from . import bounded

    # (as the tracker takes Mouse Points: a start's mp is at most 999, village.game.MAX_NUMBER)
    bounded("--mp", args.mp, 0, _MAX_STAT, "a player's Mouse Points, as the Village tracker takes them")
    bounded("--direct-damage", args.direct_damage, 0, _MAX_STAT,
            f"MP per undefended attack; no card prints a number above {_MAX_STAT}")
    for i, spec in enumerate(args.attack, 1):
        if spec.count(">") > 1:
            raise CliInputError("one attacking Mouse against at most one defending Mouse "
                                "(village-tcg.txt, Attack / Defense Structure)", where=f"--attack {i}",
                                expected="ATTACKER:ATK or ATTACKER:ATK>DEFENDER:DEF", found=repr(spec),
                                suggestion="Give each attack its own --attack")
        left, sep, right = spec.partition(">")
        if not left.strip():
            raise CliInputError("nothing before '>': the attacking Mouse is missing" if sep else
                                "the attacking Mouse is missing", where=f"--attack {i}",
                                expected="ATTACKER:ATK>DEFENDER:DEF, or ATTACKER:ATK alone for an "
                                         "undefended attack", found=repr(spec[:60]),
                                suggestion="Type the attacker (and its ATK) first")
        if sep and not right.strip():
            raise CliInputError("nothing after '>': the defending Mouse is missing", where=f"--attack {i}",
                                expected="ATTACKER:ATK>DEFENDER:DEF, or ATTACKER:ATK alone for an "
                                         "undefended attack", found=repr(spec[:60]),
                                suggestion="Type the defender after '>', or leave out '>' for an "
                                           "undefended attack")
    # a --cards file is read (and refused when missing or broken) even when no card name needs it; the
    # cards are read for NAME:NUMBER too: a number typed other than the card's is said (_typed_notes)
    db = _db("village", args.cards)
    attackers: dict[str, Any] = {}
    defenders: dict[str, Any] = {}
    attacks = []
    plain_cards: set[str] = set()  # attackers named by a bare card name (no copy label)
    unknown: list[CompanionError] = []  # every name that is no card, each with its closest cards
    fought = []
    typed: list[tuple[str, Any, bool]] = []  # each side of each --attack: (its spec, fighter, attacking)
    for i, spec in enumerate(args.attack, 1):
        left, sep, right = spec.partition(">")
        a = _fighter(left, db, f"--attack {i}", True, unknown)
        d = (_fighter(right, db, f"--attack {i}", False, unknown) if sep and right.strip() not in ("", "-")
             else None)
        fought.append((left, a, d))
        typed.extend([(left, a, True), (right, d, False)])
    raise_unknown("village", unknown, error=CliInputError)
    for i, (left, a, d) in enumerate(fought, 1):
        where = f"--attack {i}"
        for side, f in ((attackers, a), (defenders, d)):
            if f is None:
                continue
            old = side.get(f.label)
            if old is not None and old != f:
                raise CliInputError(f"{f.label!r} is given different numbers in two --attack options",
                                    where=where)
            side[f.label] = f
        if ":" not in left and "#" not in left:
            plain_cards.add(a.label)
        attacks.append(Attack(a.label, d.label if d else None))
    for i, label in enumerate(args.twice, 1):
        if label not in attackers:
            from ..errors import closest, did_you_mean

            raise CliInputError(f"{label!r} is not an attacker of an --attack", where=f"--twice {i}",
                                suggestion=did_you_mean(closest(label, list(attackers))))
    result = resolve_battle(list(attackers.values()), list(defenders.values()), attacks,
                            first_turn=args.first_turn, direct_damage=args.direct_damage,
                            opponent_mp=args.mp, twice=tuple(args.twice))
    said = _typed_notes(typed, db)
    if said:  # (first: what was typed is read before the notes on the battle)
        result = replace(result, verdict=Verdict(result.verdict.problems, (*said, *result.verdict.notes)))
    hints = [f"two copies of {p.cards[0]!r}? label them {p.cards[0] + '#1'!r} and {p.cards[0] + '#2'!r}"
             for p in result.verdict.problems if p.rule == "attacks-once" and p.cards[0] in plain_cards]
    if args.json:
        doc = result.to_json()
        if hints:
            doc["hints"] = hints
        _print_json(doc)
    else:
        print("\n".join([*result.verdict_lines(), *(f"hint: {h}" for h in hints)]))
    return 0 if result.is_legal else 1


def _state_json(state: Any) -> dict[str, Any]:
    from ..village.game import checklist

    return {
        "started": state.started, "turn": state.turn, "current": state.current, "first": state.first,
        "step": state.t.step, "winner": state.winner, "win_reason": state.win_reason,
        "fruit_cost": state.fruit_reading,
        "players": [{"name": p.name, "mp": p.mp, "deck": p.deck, "discard": p.discard,
                     "field": [{"id": m.uid, "kind": m.kind, "atk": m.atk, "def": m.defense,
                                "fruit": m.fruit, "items": list(m.items)} for m in p.field],
                     "magic": list(p.magic), "redrawn": p.redrawn} for p in state.players],
        "checklist": [{"step": c.step, "title": c.title, "status": c.status, "detail": c.detail}
                      for c in checklist(state)],
        "last": list(state.last),
        "notes": list(state.notes),
    }


def _state_lines(t: Any, log: str) -> list[str]:
    """The table of tracker ``t``'s game as ``village replay`` shows it (``log``: the log, as typed)."""
    from ..village.game import checklist
    from . import no_game_line

    state = t.state
    if not state.started:
        return [no_game_line(t, log)]
    out = []
    for i, p in enumerate(state.players):
        mark = "*" if i == state.current and not state.over else " "
        n = len(p.field)
        out.append(f"{mark} {p.name}: {p.mp} MP, {plural(p.deck, 'card')} in deck, "
                   f"{p.discard} in the discard pile, {n} {'mouse' if n == 1 else 'mice'} on the field")
        for m in p.field:
            stats = f"ATK {m.atk if m.atk is not None else 'unknown'} / DEF " \
                    f"{m.defense if m.defense is not None else 'unknown'}"
            out.append(f"    {m.uid} ({m.kind}, {stats}, {m.fruit} Fruit"
                       + (f", items: {', '.join(m.items)}" if m.items else "") + ")")
        if p.magic:
            out.append(f"    continuous Magic on the field: {', '.join(p.magic)}")
    if state.over:
        out.append(f"Game over: {state.win_reason}")
    else:
        out.append(f"Turn {state.turn}: {state.players[state.current].name}, Step {state.t.step}")
        for c in checklist(state):
            out.append(f"  [{c.status:^11}] {c.step}. {c.title}" + (f" — {c.detail}" if c.detail else ""))
    out += [f"note: {note}" for note in state.notes]  # a seeded flip kept as logged (a line lost before it)
    return out


def _open_log(path: str, must_exist: bool) -> Any:
    """``must_exist`` is a replay: the log is read without touching the file."""
    from ..eventlog import EventLog
    from ..village.game import VillageTracker

    p = existing_log(path, error=CliInputError, game="village") if must_exist else Path(path)
    return VillageTracker(EventLog(p, read_only=must_exist))


def _log_json(t: Any, log: str, warnings: list[str] | None = None) -> dict[str, Any]:
    """The log's table as ``village replay --json`` prints it (``village do --json`` adds to it): the
    keys every tracker's has (:func:`~companion.cli.tracker_json`), then the table, and the number of
    actions in force as ``events`` too (its older name)."""
    from . import tracker_json

    return {**tracker_json("village", t, log, warnings=warnings or ()), **_state_json(t.state),
            "events": len(t.history)}


def _village_replay(args: argparse.Namespace) -> int:
    from .batch import say_stray_fields

    t = _open_log(args.log, True)
    problems = [str(p) for p in t.problems]
    strays = say_stray_fields(t, quiet=args.json)  # (said first)
    if args.json:
        _print_json(_log_json(t, args.log, strays))
    else:
        print("\n".join(_state_lines(t, args.log)))
        say_problems(problems)
    return 1 if problems else 0


def _parse_events(raws: list[str]) -> list[Any]:
    """Each command-line EVENT as ``"undo"``, ``"redo"`` (any case) or a JSON object
    (:func:`read_event`); a start event without a seed gets a fresh one, recorded in the log (so
    its coin flips differ from game to game)."""
    from ..village.game import EVENTS
    from .batch import read_event, seeded

    return [seeded(read_event(raw, i, EVENTS, error=CliInputError, written="Nothing was written"))
            for i, raw in enumerate(raws, 1)]


def _apply(t: Any, event: Any) -> list[str]:
    """Do one parsed event on tracker ``t``; what it did, for the screen."""
    kind, before = event["event"], t.state
    t.act(event)
    if kind == "undo":  # (what it took back, said as the page says it)
        return t.undo_words(before, t.state)
    if kind == "redo":
        return t.redo_words(before, t.state)
    return list(t.state.last)


def _unknown_cards(events: list[Any], db: Any) -> list[str]:
    """Warnings for card names the Village data does not know, with the closest ones: the rules
    take any name (a card of your own, its ATK and DEF typed in), but a typo should not pass
    unseen. A name close to a card of the data (a misspelt mouse, Item or Magic card) is refused by
    the trial, before anything is written (the tracker's :meth:`~companion.village.game.VillageTracker.
    complete`); any other is said here, after the trial, with the fields the rules never read (a
    misspelt field is refused there, as every game's ``do`` refuses it:
    :func:`~companion.cli.batch.write_all`). ``db``: the card data, or ``None`` when it could not be
    read (names are not checked)."""
    from ..village.game import unknown_card_note
    from .batch import Watched

    warnings = []
    for i, event in enumerate(events, 1):
        if not isinstance(event, Watched) or event.get("event") in ("undo", "redo"):
            continue
        note = unknown_card_note(db, event)
        if note:
            warnings.append(f"event {i} of {len(events)} ({event.get('event')}): {note}")
    return warnings


def _said(t: Any, event: Any) -> list[str]:
    """Do one event of a batch (:func:`~companion.cli.batch.write_all`); what it did, with the seed a
    start's coin flips use."""
    start = isinstance(event, dict) and event.get("event") == "start"
    replaced = start and t.state.started
    said = _apply(t, event)
    if start:
        said.append(f"coin flips use seed {t.state.seed!r}, recorded in the log")
    if replaced:  # (--new-game; as 'tmnt do' says it)
        said.append(NEW_GAME_REPLACES)
    return said


def _village_do(args: argparse.Namespace) -> int:
    from ..village.game import EVENT_FIELDS, EVENTS, unknown_event
    from .batch import check_before_log, warn, watched, write_all
    from .cards import load_cards

    events = [watched(e) for e in _parse_events(args.event)]
    check_before_log(events, Path(args.log), EVENTS, unknown=unknown_event, game="Village", tool="village",
                     table=EVENT_FIELDS, error=CliInputError, short=True)
    t = _open_log(args.log, False)
    t.one_game = not args.new_game  # a start on a game is refused, unless it is to replace it
    warnings = warn_set_aside(t)  # said first: the batch may still be refused
    try:  # the card data fills in what an event leaves out: ATK, DEF, an ability's Fruit cost
        t.cards, left_out = load_cards("village")  # a broken card file of yours left out, said
        warnings += left_out
    except CompanionError as exc:  # even the bundled cards do not load: say so, and go on without them
        warn(f"card data not used: the Village card data could not be read ({exc.render()})", warnings)

    def check(events: list[Any]) -> None:  # (the events were read by the trial)
        for line in _unknown_cards(events, t.cards):
            warn(line, warnings)

    said = write_all(t, events, args.log, say=_said, check=check, error=CliInputError, short=True,
                     unknown=unknown_event, warnings=warnings)
    if args.json:
        _print_json({**_log_json(t, args.log, warnings), "added": len(events), "said": said})
    else:
        print("\n".join([*said, *_state_lines(t, args.log)]))
    return 0


def _village_events(args: argparse.Namespace) -> int:
    from ..village.game import EVENT_FIELDS, EVENTS
    from .batch import print_events

    print_events(EVENT_FIELDS, EVENTS, as_json=args.json,
                 footer="Fields in brackets are optional; players are 0 (Player 1) and 1 (Player 2); undo "
                        "and redo take back an action and bring it back. Example: companion village do "
                        "game.jsonl '{\"event\": \"mp\", \"player\": 1, \"delta\": -3}'")
    return 0


# -- registration ----------------------------------------------------------------------------

#: The event kinds of ``companion.village.game.EVENTS``, named here so that --help stays light.
VILLAGE_EVENTS = ("start", "redraw", "draw", "step", "play_basic", "summon_mega", "fruit", "ability", "item",
                  "magic", "flip", "attack", "stats", "destroy", "destroy_item", "destroy_magic", "mp",
                  "deck", "end_turn")

def _add_court_options(p: argparse.ArgumentParser) -> None:
    # (action "extend": a repeated --front goes on with the next positions, never replaces the first)
    p.add_argument("--front", nargs="*", action="extend", default=[], metavar="SPEC",
                   help="front row positions 1-4: COST[:CROWNS[:INFLUENCE]], a card name, '-' for empty, "
                        "or a stack A/B (top last)")
    p.add_argument("--back", nargs="*", action="extend", default=[], metavar="SPEC",
                   help="back row positions 1-4 (cost +2), same forms as --front")
    p.add_argument("--cards", action="append", default=[], metavar="FILE", help="extra card file")


def register(sub: Any, groups: dict[str, Any]) -> None:
    s = groups["score"].add_parser(
        "monarchs", help="Of Mice and Monarchs end-game score (standard or family variant)",
        description="Score a player's cards: a decklist ('3 Card Name' lines, names from the card "
                    'data) or JSON {"cards": [{"color": "orange", "crowns": 1}, ...]}; a file per player '
                    "scores the whole table and says who wins (the most VP; the rule book gives no "
                    "tie-break, so a tie is shared). (of-mice-and-monarchs.md, Game End and Scoring; Family "
                    "Scoring Variant)")
    s.add_argument("file", nargs="+", help="decklist or JSON file ('-' for standard input); several files: "
                                           "every player's final score at once, and who wins (each player "
                                           'named by the JSON\'s "name", else the file\'s name)')
    s.add_argument("--variant", choices=("standard", "family"), default="standard",
                   help="standard (default): crowns x cards per colour; family: in each colour the two "
                        "lowest-crown cards are discarded and the crowns left count")
    s.add_argument("--json", action="store_true", help="print total and by_color as JSON")
    s.add_argument("--cards", action="append", default=[], metavar="FILE", help="extra card file")
    s.set_defaults(handler=_score_monarchs)

    m = sub.add_parser("monarchs", help="Of Mice and Monarchs: buy planner, game end, solo dice, high scores",
                       description="Of Mice and Monarchs table helpers (of-mice-and-monarchs.md).")
    ms = m.add_subparsers(dest="monarchs_command", metavar="WHAT")
    m.set_defaults(_group_parser=m)

    b = ms.add_parser("buy", help="affordable purchases from the Court, best first",
                      description="Every affordable purchase (back row costs 2 more; only the top of a "
                                  "stack). (of-mice-and-monarchs.md, Game Play)")
    b.add_argument("--influence", type=whole_in(0, MAX_INFLUENCE),
                   help=f"the hand's influence (0 to {MAX_INFLUENCE})")
    b.add_argument("--hand", nargs="*", metavar="CARD", help="or the hand: influence numbers or card names")
    b.add_argument("--by", choices=("crowns", "influence", "spent"), default="crowns",
                   help="best first by: crowns gained (default), influence of the cards bought, or "
                        "influence spent (most first); ties go to more influence on the cards bought or "
                        "more crowns, then to spending more (unused influence is wasted)")
    b.add_argument("--all", action="store_true", help="also list purchases that leave a buyable card")
    b.add_argument("--top", type=whole_in(0), default=10, help="show the best N (0 = all; default 10)")
    b.add_argument("--json", action="store_true", help="the purchases as JSON")
    _add_court_options(b)
    b.set_defaults(handler=_monarchs_buy)

    e = ms.add_parser("end", help="is the end triggered, and how many turns are left",
                      description="Whether the end is triggered (the last Court card is placed in the "
                                  "Court rows) and how many turns are left, so that every seat plays as "
                                  "many turns (of-mice-and-monarchs.md, Game End and Scoring).")
    e.add_argument("--players", type=whole_in(1, MAX_PLAYERS), required=True,
                   help=f"number of players, 1 to {MAX_PLAYERS} (1 = solo)")
    e.add_argument("--seat", type=whole_in(1, MAX_PLAYERS), required=True,
                   help="seat whose turn just ended, 1 to --players (1 = Start player)")
    e.add_argument("--court-deck", type=whole_in(0, MAX_COURT_DECK), required=True,
                   help=f"cards left in the Court deck, 0 to {MAX_COURT_DECK}")
    e.add_argument("--json", action="store_true", help="triggered, turns_left, seats_left as JSON")
    e.set_defaults(handler=_monarchs_end)

    so = ms.add_parser("solo", help="read the solo dice: which Court cards leave the game",
                       description="Read the two solo dice after your turn: the white die names a spot "
                                   "of the front Court row, the black die one of the back row, and the "
                                   "(top) card there leaves the game; on a 5 or 6 you pick the card "
                                   "(of-mice-and-monarchs.md, Solo Mode).")
    so.add_argument("--white", type=whole_in(1, 6), required=True, help="white die: front row, 1 to 6")
    so.add_argument("--black", type=whole_in(1, 6), required=True, help="black die: back row, 1 to 6")
    so.add_argument("--json", action="store_true", help="the dice and the cards removed as JSON")
    _add_court_options(so)
    so.set_defaults(handler=_monarchs_solo)

    h = ms.add_parser("highscores", help="the kept solo high-score tables (standard and family scoring)",
                      description="Solo high scores, kept in the user data folder: standard and family "
                                  "scores are ranked apart, each scoring keeping its top 10 (a score kept "
                                  "before the scoring was recorded counts as standard, the book's 'Score "
                                  "normally'; of-mice-and-monarchs.md, Solo Mode).")
    h.add_argument("--add", type=whole_in(0, MAX_SCORE), metavar="SCORE",
                   help=f"record a solo score (victory points, 0 to {MAX_SCORE}) with today's date; says its "
                        "rank")
    h.add_argument("--name", default=None,
                   help="the player's name for the score --add records (optional; one line, at most 40 "
                        "characters); with --remove, which of several tied scores to take back (--name '' "
                        "for the one listed without a name)")
    h.add_argument("--variant", choices=("standard", "family"), default=None,
                   help="with --add: the scoring the game was scored with (standard, the default, or "
                        "family), kept with the score; it is ranked among the scores of that scoring. With "
                        "--remove: the scoring's table the place is in (needed when both list it)")
    h.add_argument("--remove", type=whole_in(1, MAX_ENTRIES), metavar="PLACE",
                   help="take back the score at this place of its scoring's table, as listed (a mistyped "
                        "one; a place both tables list needs --variant, one tied scores share --name too)")
    h.add_argument("--json", action="store_true", help="the table (and the new score's rank) as JSON")
    h.set_defaults(handler=_monarchs_highscores)

    v = sub.add_parser("village", help="Village TCG: battle resolver, game log replay and actions",
                       description="Village TCG table helpers (village-tcg.txt).")
    vs = v.add_subparsers(dest="village_command", metavar="WHAT")
    v.set_defaults(_group_parser=v)

    bt = vs.add_parser("battle", help="resolve attackers against defenders",
                       description="Each --attack is ATTACKER:ATK>DEFENDER:DEF, or ATTACKER:ATK alone for an "
                                   "undefended attack; card names from the Village cards work instead of "
                                   "NAME:NUMBER. Two copies of one card get labels: 'Acorn Scout#1', "
                                   "'Acorn Scout#2'. Exit 0 legal, 1 not allowed, 2 unreadable input "
                                   "(with --json, {\"game\", \"error\"}). "
                                   "(village-tcg.txt, Attack / Defense Structure)")
    bt.add_argument("--attack", action="append", default=[], metavar="SPEC", required=True,
                    help="ATTACKER[:ATK][>DEFENDER[:DEF]]: NAME:NUMBER, or a card name with an optional "
                         "copy label such as 'Acorn Scout#2'; one defender per attack")
    bt.add_argument("--first-turn", action="store_true", help="the first turn of the game (no attacks)")
    bt.add_argument("--twice", action="append", default=[], metavar="ATTACKER",
                    help="an attacker (its label) that a card lets attack twice this turn, such as Twin Tail "
                         "Duelist's Double Strike: give its two attacks as two --attack, in order")
    bt.add_argument("--direct-damage", type=whole_in(0, _MAX_STAT), default=None,
                    help="MP per undefended attack, 0 to 999 (default: the attacker's ATK, a house "
                         "interpretation)")
    bt.add_argument("--mp", type=whole_in(0, _MAX_STAT), default=None,
                    help=f"the defending player's Mouse Points, 0 to {_MAX_STAT}")
    bt.add_argument("--json", action="store_true", help="the battle's result as JSON")
    bt.add_argument("--cards", action="append", default=[], metavar="FILE", help="extra card file")
    bt.set_defaults(handler=_village_battle)

    r = vs.add_parser("replay", help="fold a Village game log and show the table",
                      description="Read a tracker log (JSONL) and show Mouse Points, decks, the field "
                                  "and the turn guide. Exit 1 if the log has bad lines (each said on "
                                  "standard error: 'log problem: ...'). A seeded coin flip keeps the "
                                  "result logged at the table; when the seed now gives the other side "
                                  "(a line before it was lost or changed), a 'note: ...' line says so.")
    r.add_argument("log", metavar="LOG",
                   help="the tracker log (JSONL; the notebook's is logs/village.jsonl in the user data "
                        "folder); read, never changed")
    r.add_argument("--json", action="store_true",
                   help="the table's state and notes as JSON, with the number of actions in force as events "
                        f"(and {TRACKER_JSON_HELP})")
    r.set_defaults(handler=_village_replay)

    d = vs.add_parser("do", help="append events to a Village game log (checked against the rules)",
                      description='Each EVENT is a JSON object such as \'{"event": "draw"}\', or undo/redo. '
                                  "All or nothing: the events are checked together first, and nothing is "
                                  "written unless every one is allowed; then they are written in one append "
                                  "(Ctrl+C or a full disk leaves all of them or none; a crash or kill -9 "
                                  "during that write may leave only the first of them). A start event "
                                  "without a seed gets a fresh random one, recorded in the log; only a "
                                  "start begins a missing log, "
                                  "in a folder that exists, and a start on a log that holds a game is "
                                  "refused unless --new-game is given. Exit 0 written (warnings on "
                                  "standard error), 2 refused or unreadable: nothing written (with "
                                  "--json, {\"game\", \"error\"}).")
    d.add_argument("log", metavar="LOG",
                   help="the tracker log (JSONL) to append to; a missing file is created when the first "
                        "EVENT is a start, in a folder that exists (none is made; the notebook's log is "
                        "logs/village.jsonl in the user data folder)")
    d.add_argument("event", nargs="+", metavar="EVENT",
                   help="undo, redo, or a JSON object {\"event\": KIND, ...}; KIND is one of "
                        + ", ".join(VILLAGE_EVENTS) + " (each one's fields: 'companion village events'; "
                        "players are 0 for Player 1 and 1 for Player 2)")
    d.add_argument("--new-game", action="store_true",
                   help="let a start begin a new game in a log that holds one: it replaces that game, and "
                        "undo brings it back")
    d.add_argument("--json", action="store_true",
                   help="the table's state after the events as 'village replay --json' gives it, with the "
                        "log, the number of events added, what they did (said) and the warnings")
    d.set_defaults(handler=_village_do)
    ev = vs.add_parser("events", help="every event 'village do' takes, with its fields and turn step",
                       description="Every event 'companion village do' takes, with its fields (in brackets: "
                                   "optional), when it comes (its step of Order of Turn, village-tcg.txt, "
                                   "or any time) and what it records. Players are 0 (Player 1) and "
                                   "1 (Player 2).")
    ev.add_argument("--json", action="store_true",
                    help="the events as JSON: {kind: {kind, fields (needed), one_of, optional, notes, "
                         "objects (the fields of an object a field holds), rule, does, text}}")
    ev.set_defaults(handler=_village_events)
