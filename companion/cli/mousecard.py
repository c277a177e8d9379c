"""``companion odds mousecard`` (exact task-check odds) and ``companion mousecard ...`` (live deck)."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from ..errors import CompanionError, LogError
from ..mousecard.odds import BONUS_POLICIES, KING_POLICIES, MODES
from ..mousecard.situations import RED_BAD_CHOICES
from ..verdict import plural
from . import TRACKER_JSON_HELP, as_typed, existing_log, log_folder, say_problems, warn_set_aside, whole_in

SITUATION_CHOICES = "calm, combat, unknown, combat-unknown, red-bad (alias ground)"
#: Where the notebook keeps its session log, as every help text says it.
_NOTEBOOK_LOG = ("logs/mousecard.jsonl in the user data folder: ~/.companion, or the folder the "
                 "environment variable COMPANION_USER_DATA names when set and not empty")
#: The limits of a check's numbers, as the help says them (``companion.mousecard.odds.MAX_SKILL``,
#: ``MAX_NEED``, ``MAX_CHIPS`` and ``companion.mousecard.situations.MAX_LEVELS``; named here so that
#: --help stays light, and checked against them by the tests).
MAX_SKILL, MAX_NEED, MAX_CHIPS, MAX_LEVELS = 20, 20, 20, 12
#: The fate chips one award or spend may move (``companion.mousecard.live.MAX_CHIPS_AT_ONCE``).
MAX_CHIPS_AT_ONCE = 99
#: A check's fields as the command line names them (an error of the check names the option as typed).
_OPTIONS = {"skill": "--skill", "need": "--need", "fate_chips": "--fate-chips", "aged": "--aged",
            "disadvantage": "--disadvantage", "aged + disadvantage": "--aged + --disadvantage",
            "target": "--target", "situation": "--situation", "mode": "--mode", "red_bad": "--red-bad",
            "kings": "--kings", "bonus": "--bonus"}

#: When a draw from a live deck log's shuffled deck is refused, as the help says it.
_DOUBT_HELP = ("while the deck is in doubt since the last reshuffle: a line of the log that cannot be used, "
               "or a seeded draw's line or one before it lost or changed, may have moved cards")
#: What an action finds missing in an empty log (no start: no session, no deck, no draw).
_NOTHING_YET = {"draw": "no session and no deck to draw from yet",
                "draw_on": "no session and no draw to go on with yet",
                "bonus": "no session and no draw to spend an ace or a fate chip on yet",
                "award": "no session to award fate chips in yet",
                "spend": "no session and no fate chip to spend yet",
                "reshuffle": "no session and no deck to reshuffle yet"}

_LOG_HELP = ("the session log (JSONL), which must exist ('mousecard new' starts one; the notebook's is "
             f"{_NOTEBOOK_LOG}); the action is appended to it")


def _add_json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true",
                   help="print the session's state after the action as JSON (as 'replay --json'), "
                        "with the journal line in 'line'")


def _add_check_args(p: argparse.ArgumentParser, *, odds: bool) -> None:
    p.add_argument("--skill", type=whole_in(1, MAX_SKILL), required=True,
                   help=f"cards to draw (the trait's skill level), 1 to {MAX_SKILL}")
    p.add_argument("--target", required=True,
                   help="lowest rank that succeeds: 2..10, J, Q, K, A (or jack, queen, king, ace; 11-14 also "
                        "mean J, Q, K, A; the book's 'J or better', 'J+' or 'face cards' are J)")
    p.add_argument("--need", type=whole_in(1, MAX_NEED), default=1,
                   help=f"successes needed, 1 to {MAX_NEED} (default 1)")
    p.add_argument("--situation", default="calm", help=f"one of {SITUATION_CHOICES} (default calm)")
    p.add_argument("--aged", type=whole_in(0, MAX_LEVELS), default=0,
                   help=f"levels of Aged (physical tasks); --aged + --disadvantage at most {MAX_LEVELS}")
    p.add_argument("--disadvantage", type=whole_in(0, MAX_LEVELS), default=0,
                   help=f"levels of a disadvantage (e.g. Leader); --aged + --disadvantage at most "
                        f"{MAX_LEVELS}")
    p.add_argument("--mode", default="cautious", choices=MODES,
                   help="cautious: one card at a time; broke: all at once (default cautious)")
    p.add_argument("--red-bad", default="joker", choices=RED_BAD_CHOICES,
                   help="house interpretation for red-bad: the red joker (+ Aged ranks) or every red card")
    if odds:
        p.add_argument("--fate-chips", type=whole_in(0, MAX_CHIPS), default=0,
                       help=f"fate chips the player will spend, 0 to {MAX_CHIPS} (default 0)")
        p.add_argument("--kings", default="best", choices=KING_POLICIES,
                       help="take a king's extra card: best (while not yet sure to succeed), always (differs "
                            "from best only with --draw-all: a player sure to succeed stops drawing), never")
        p.add_argument("--bonus", default="best", choices=BONUS_POLICIES,
                       help="aces and chips: best (maximise success), success, cancel")
        p.add_argument("--draw-all", action="store_true",
                       help="keep drawing after success is sure (default: stop)")
    p.add_argument("--bad-not-success", action="store_true",
                   help="house reading: a bad card never counts as a success (default: a bad card "
                        "at or above the target still does)")
    p.add_argument("--cancel-ends-draw", action="store_true",
                   help="house reading: a bad card ends a cautious draw even when cancelled, aces "
                        "and chips being spent at the end (default: a cancelled bad card has no "
                        "effect, so drawing goes on)")
    if odds:
        p.add_argument("--deck-log", metavar="LOG",
                       help="draw from a live deck log's remaining cards instead of a full deck (refused "
                            f"{_DOUBT_HELP})")


def register(sub: Any, groups: dict[str, Any]) -> None:
    p = groups["odds"].add_parser(
        "mousecard", help="exact odds of a Mouse Card task check",
        description="Exact odds of a task check (mouse-card-system.txt, Task checks; How to draw cards).")
    _add_check_args(p, odds=True)
    p.add_argument("--json", action="store_true",
                   help="machine-readable output: 'check' (the inputs), p_success, p_bad (one or more bad "
                        "cards in effect), p_several_bad, expected_cards, expected_chips_spent, "
                        "expected_bad_cancelled (each a float, with an exact fraction as text in the "
                        "same name + '_exact'), 'successes' and 'bad_in_effect' (count -> {p, exact}), "
                        "deck_size and single_card_odds (the deck the first card comes from), "
                        "bad_cards, notes (house readings and policies used), cites; with --deck-log, "
                        "deck_log and deck_log_warnings (the log's lines that were read past: they "
                        "move no card, or a reshuffle has made the deck whole since)")
    p.set_defaults(handler=_odds)

    mc = sub.add_parser("mousecard", help="the Mouse Card live deck (an event log)",
                        description="The game master's live deck: draws, reshuffles, fate chips. "
                                    "Every action is appended to LOG (JSONL); undo/redo are events. "
                                    f"The notebook's log is {_NOTEBOOK_LOG}. "
                                    "(mouse-card-system.txt, How to draw cards; special effects; Fate Chips)")
    msub = mc.add_subparsers(dest="mousecard_command", metavar="ACTION")
    mc.set_defaults(_group_parser=mc)

    r = msub.add_parser("replay", help="fold a log and show the session",
                        description="Read a session log and show the session: the deck, the fate chips "
                                    "and the journal. Exit 1 if the log has lines that cannot be used, "
                                    "or seeded draws whose logged cards the shuffle no longer deals (their "
                                    "line or one before it was lost or changed) (each said on standard "
                                    "error: 'log problem: ...'). While such a line leaves the deck in "
                                    "doubt (no reshuffle since), its count of cards is said to be the "
                                    "log's, in doubt.")
    r.add_argument("log", metavar="LOG", help="the session log (JSONL) to read; the file is not changed")
    r.add_argument("--json", action="store_true",
                   help="the session's state as JSON: each draw with its check, cards, marks (a bad card a "
                        "bonus cancelled is 'cancelled'), successes (the cards' and the bonuses spent), "
                        "succeeded (true when successes reach need), sure_by_aces (true when successes "
                        "fall short of need and the unspent aces make up the rest: the verdict of such a "
                        "draw is 'sure: spend N aces as successes' ('1 ace as a success' for one) while "
                        "open and 'success' once closed, with "
                        "succeeded false), verdict (where the draw stands now, the final word; a draw no "
                        "ace, fate chip or draw-on may "
                        "change any more, its character having drawn since or its chapter ended, is "
                        "'success' or 'failed': 'success' when its unspent aces made it sure), ace_uses "
                        "(what an unspent ace may still do: 'success' while the draw lacks successes, "
                        "'cancel' while a bad card is in effect; none "
                        "once no action may change the draw), can_draw_on and cites (its rule-book "
                        "sections); "
                        "cards_remaining is the log's count, and deck_in_doubt (true or false) with "
                        "deck_in_doubt_lines says whether the cards left are not known (the lines why); "
                        f"with {TRACKER_JSON_HELP}")
    r.set_defaults(handler=_replay)

    n = msub.add_parser("new", help="start a session log with a shuffle seed",
                        description="Start a session in a new or empty log: the deck is shuffled with "
                                    "the seed, which the log records, so a replay deals the same cards.")
    n.add_argument("log", metavar="LOG", help="the session log (JSONL) to start: a new or empty file")
    n.add_argument("--seed", default=None,
                   help="the shuffle's seed, a number or a word (as 'mystics new' takes it), recorded in the "
                        "log, so a replay deals the same cards (default: a random one)")
    n.add_argument("--title", default="", help="a name for the session, shown by replay: one line of at most "
                                                "120 characters (default: none)")
    _add_json(n)
    n.set_defaults(handler=_act, action="start")

    d = msub.add_parser("draw", help="draw for a character and task",
                        description="Resolve one task check for a character: from the session's shuffled "
                                    "deck, or with --cards as drawn from a physical deck. "
                                    "(mouse-card-system.txt, Task checks; How to draw cards)")
    d.add_argument("log", metavar="LOG", help=_LOG_HELP)
    d.add_argument("--character", required=True,
                   help="who draws: one line of at most 60 characters (names match ignoring case and extra "
                        "spaces; fate chips belong to this name)")
    d.add_argument("--task", default="task",
                   help="what the check is for, shown in the journal: one line of at most 120 "
                        "characters (default, or blank: 'task')")
    _add_check_args(d, odds=False)
    d.add_argument("--cards", help="cards drawn from the physical deck, e.g. 'QH, 3S, red joker' (default: "
                                   f"the session's shuffled deck, refused {_DOUBT_HELP})")
    _add_json(d)
    d.set_defaults(handler=_act, action="draw")

    o = msub.add_parser("draw-on", help="go on with a cautious draw once its bad card is cancelled",
                        description="After a cautious draw stopped at a bad card and the bad card was "
                                    "cancelled (bonus --use cancel), the same draw goes on with the cards "
                                    "it has left (house interpretation: a cancelled bad card has no effect).")
    o.add_argument("log", metavar="LOG", help=_LOG_HELP)
    o.add_argument("--character", required=True, help="the character whose latest draw goes on "
                                                       "(case and extra spaces are ignored)")
    o.add_argument("--cards", help="cards drawn from the physical deck (default: the shuffled deck, refused "
                                   f"{_DOUBT_HELP})")
    _add_json(o)
    o.set_defaults(handler=_act, action="draw_on")

    for verb, what in (("award", "give a player fate chips"), ("spend", "a player spends fate chips")):
        a = msub.add_parser(verb, help=what, description=f"{what[0].upper()}{what[1:]} "
                                                         "(mouse-card-system.txt, Fate Chips).")
        a.add_argument("log", metavar="LOG", help=_LOG_HELP)
        a.add_argument("player", metavar="PLAYER", nargs="?",
                       help="whose chips: the name the character draws under, one line of at most 60 "
                            "characters (case and extra spaces are ignored)")
        a.add_argument("--character", "--player", dest="player_option", metavar="NAME",
                       help="the same as PLAYER, as 'draw' names the character (give one of the two)")
        a.add_argument("--chips", type=whole_in(1, MAX_CHIPS_AT_ONCE), default=1, metavar="N",
                       help=f"how many fate chips, 1 to {MAX_CHIPS_AT_ONCE} (default 1)"
                            + ("; at most as many as the player has" if verb == "spend" else ""))
        a.add_argument("--reason", default="", help="why, shown in the journal: one line of at most 120 "
                                                    "characters (optional)")
        _add_json(a)
        a.set_defaults(handler=_act, action=verb)

    b = msub.add_parser("bonus", help="spend an ace or a fate chip on a character's latest draw",
                        description="Spend an unspent ace of a character's latest draw, or one of their "
                                    "fate chips, on that draw: one more success, or one bad card "
                                    "cancelled. An ace cancels another card, never itself. "
                                    "(mouse-card-system.txt, How to draw cards, special effects: Aces; "
                                    "Fate Chips)")
    b.add_argument("log", metavar="LOG", help=_LOG_HELP)
    b.add_argument("character", metavar="CHARACTER", help="the character whose latest draw gets the bonus "
                                                          "(case and extra spaces are ignored)")
    b.add_argument("--source", choices=("ace", "chip"), required=True,
                   help="ace: an unspent ace drawn in that draw; chip: one of the character's fate chips")
    b.add_argument("--use", choices=("success", "cancel"), required=True,
                   help="success: count one more success (refused on a draw that already succeeded: it would "
                        "change nothing); cancel: a bad card in effect has no effect")
    _add_json(b)
    b.set_defaults(handler=_act, action="bonus")

    s = msub.add_parser("reshuffle", help="reshuffle the deck (--chapter: end of a chapter)",
                        description="Every drawn card goes back and the deck is shuffled "
                                    "(mouse-card-system.txt, How to draw cards, special effects: Jokers).")
    s.add_argument("log", metavar="LOG", help=_LOG_HELP)
    s.add_argument("--chapter", action="store_true",
                   help="the chapter ends: reshuffle and begin the next chapter (default: the game "
                        "master reshuffles within the chapter)")
    _add_json(s)
    s.set_defaults(handler=_act, action="reshuffle")

    for verb in ("undo", "redo"):
        u = msub.add_parser(verb, help=f"{verb} the last action",
                            description="Take back the latest action in force; 'redo' brings it back."
                            if verb == "undo" else "Bring back the latest action undone.")
        u.add_argument("log", metavar="LOG", help=_LOG_HELP)
        _add_json(u)
        u.set_defaults(handler=_act, action=verb)


def _check(args: argparse.Namespace, *, odds: bool) -> Any:
    from ..mousecard.odds import TaskCheck

    extra: dict[str, Any] = {"bad_succeeds": not args.bad_not_success,
                             "cancel_draws_on": not args.cancel_ends_draw}
    if odds:
        extra |= {"fate_chips": args.fate_chips, "kings": args.kings, "bonus": args.bonus,
                  "stop_when_sure": not args.draw_all}
    try:
        return TaskCheck(skill=args.skill, target=args.target, need=args.need, situation=args.situation,
                         aged=args.aged, disadvantage=args.disadvantage, mode=args.mode,
                         red_bad=args.red_bad, **extra)
    except CompanionError as exc:
        raise as_typed(exc, _OPTIONS) from None


def _action_options(args: argparse.Namespace) -> dict[str, str]:
    """The fields of a live deck action's event as its command line names them, so that a refusal names
    the option typed (``--character``), not the log's field (``'character'``)."""
    if args.action in ("award", "spend"):
        player = "PLAYER" if args.player_option is None else "--character/--player"
        return {"player": player, "reason": "--reason", "chips": "--chips"}
    character = "CHARACTER" if args.action == "bonus" else "--character"
    # (a refusal of the action itself names it as the command does: the log's "draw_on" is 'draw-on')
    return {"character": character, "task": "--task", "cards": "--cards", "title": "--title",
            "seed": "--seed", "draw_on": "draw-on"}


def _do(args: argparse.Namespace, tracker: Any, event: dict[str, Any]) -> None:
    """Do a live deck action, its refusal naming the options typed (:func:`_action_options`)."""
    try:
        tracker.do(event)
    except CompanionError as exc:
        typed = as_typed(exc, _action_options(args))
        if typed is exc and not exc.where:  # (no option, no place: the log, as elsewhere)
            typed = exc.relabel(where=str(args.log))
        raise typed from None


def _typed_cards(text: str | None) -> list[str] | None:
    """The cards of ``--cards`` as a live deck event logs them (None: not given, the shuffled deck
    deals). A card the reader cannot read is refused naming ``--cards``, as the action's own
    refusals name it (:func:`_do`)."""
    if text is None:
        return None
    from ..mousecard.deck import parse_cards

    try:
        cards = [c.id for c in parse_cards(text)]
    except CompanionError as exc:
        raise exc.relabel(where="--cards") from None
    if not cards:  # (the page's own words say its field: "leave the field empty")
        raise CompanionError("no cards typed in", where="--cards", found=repr(text),
                             suggestion="Type the cards drawn, e.g. --cards 'QH, 3S', or leave --cards out "
                                        "to draw from the session's shuffled deck.")
    return cards


def _existing_log(path: str, option: str = "LOG") -> Path:
    """The path of a Mouse Card log that is there (an empty path is refused, naming ``option``, the
    argument that gave it: it would be the current folder)."""
    if not path.strip():
        raise CompanionError("no log file named", where=option, expected="the path of a Mouse Card log",
                             found=repr(path))
    return existing_log(path, game="mousecard")


def _odds(args: argparse.Namespace) -> int:
    from ..mousecard.odds import drawing_anyway, exact_odds
    from . import print_json

    check = _check(args, odds=True)
    deck = None
    if args.deck_log is not None:  # (an empty one is refused, never taken for "the full deck")
        from ..mousecard.live import from_live_deck, open_live_deck

        tracker = open_live_deck(str(_existing_log(args.deck_log, "--deck-log")), read_only=True)
        deck, warnings = _live_deck(tracker, args.deck_log)
    result = exact_odds(check, deck)
    if args.json:
        doc = result.to_json()
        if deck is not None:
            doc["deck_log"] = args.deck_log
            doc["deck_log_warnings"] = warnings
        print_json(doc)
    else:
        if deck is not None:
            print(f"{from_live_deck(len(deck), args.deck_log)}.")
        # where the fate chips alone make the need (no card drawn), the risk of a player who draws anyway
        # (none above skill 10, where it could take seconds: odds.ANYWAY_MAX_SKILL); the JSON is left as it
        # is, its fields keeping their meaning
        print("\n".join(result.lines(anyway=drawing_anyway(check, deck))))
    return 0


def _live_deck(tracker: Any, log: str) -> tuple[Any, list[str]]:
    """The remaining cards of a live deck log opened read-only, and what was read past (said on
    stderr too); refused when the log holds no session under way (its start missing, undone or never
    made: :meth:`~companion.mousecard.live.LiveDeckTracker.no_session`, as the page's live odds). A
    line that cannot be used is read past only when it moves no card
    (:meth:`~companion.mousecard.live.LiveDeckTracker.deck_doubts`); odds from a deck the log
    does not describe would mislead the table. A line that may have moved cards is read past once a
    reshuffle has made the deck whole again after it (:meth:`~companion.mousecard.live.LiveDeckTracker.
    deck_in_doubt`)."""
    from ..mousecard.live import MISMATCH_KIND

    st = tracker.state
    none = tracker.no_session()
    if none is not None:  # no start in force: no deck, whatever the lines say
        raise tracker.no_session_refusal(log, none)
    may_move, cardless = tracker.deck_doubts()
    moving = tracker.deck_in_doubt()
    reshuffled = [p for p in [*may_move, *tracker.mismatches()] if p not in moving]
    if moving:
        first = moving[0]
        more = (f" (and {plural(len(moving) - 1, 'more such line', 'more such lines')})"
                if len(moving) > 1 else "")
        if first.kind == MISMATCH_KIND:  # a line lost or changed before a seeded draw
            raise CompanionError(f"at line {first.line} of the live deck log the shuffle no longer deals the "
                                 "cards logged at the table: that line or one before it was lost or changed, "
                                 f"which may change which cards remain, so they are not known{more}",
                                 where=log,
                                 suggestion=f"Put back line {first.line} as it was, or the line lost or "
                                            "changed before it (from a copy of the log), or reshuffle (every "
                                            f"card back); 'companion mousecard replay {log}' lists every "
                                            "problem.")
        raise CompanionError(f"line {first.line} of the live deck log cannot be used and may change which "
                             f"cards remain, so they are not known{more}: {first.message}", where=log,
                             suggestion=f"Check line {first.line} against the table and correct it in the "
                                        "file (or delete it if that action never happened), or "
                                        f"reshuffle (every card back); 'companion mousecard replay {log}' "
                                        "lists every problem.")
    warnings = []
    for problem in cardless:
        if problem.line == tracker.log.cut_line:
            warnings.append(f"{log}: line {problem.line}, the last, was cut mid-write (a crash?) and "
                            "was never in force: the cards remaining are the log's without it; the "
                            f"next 'companion mousecard' action on {log} (or the notebook page opening "
                            f"it) sets it aside in {Path(log).name}.damaged")
        else:
            warnings.append(f"{log}: line {problem.line} cannot be used, but moves no card: the cards "
                            f"remaining are the log's ({problem.message})")
    for problem in sorted(reshuffled, key=lambda p: p.line):
        if problem.kind == MISMATCH_KIND:
            warnings.append(f"{log}: at line {problem.line} the shuffle no longer deals the cards logged at "
                            "the table (that line or one before it was lost or changed), but the deck was "
                            "reshuffled since: the cards remaining are the log's")
        else:
            warnings.append(f"{log}: line {problem.line} cannot be used and may have moved cards, but the "
                            "deck was reshuffled since: the cards remaining are the log's "
                            f"({problem.message})")
    for line in warnings:
        print(f"companion: warning: {line}", file=sys.stderr)
    return st.remaining, warnings


#: "not asked yet" for a ``none`` argument (None is an answer: a session is under way)
_UNASKED: Any = object()


def _state_json(tracker: Any, log: str, none: Any = _UNASKED, warnings: list[str] | None = None
                ) -> dict[str, Any]:
    """The state as ``replay --json`` prints it: the keys every tracker's has (:func:`~companion.cli.
    tracker_json`: ``log`` as typed, ``warnings`` those given), then the session's; ``none``: what
    :meth:`~companion.mousecard.live.LiveDeckTracker.no_session` said, when the caller asked already."""
    from . import tracker_json

    st = tracker.state
    doubts = tracker.deck_in_doubt()
    if none is _UNASKED:
        none = tracker.no_session()
    problems = [str(p) for p in _problems(tracker)]
    return {
        **tracker_json("mousecard", tracker, log, problems=problems, warnings=warnings or ()),
        # no session under way (none: null): its reason ("empty", "undone" or "missing"), why and what to do
        "started": st.started, "no_session": None if none is None else none.to_json(),
        "title": st.title, "seed": st.seed, "chapter": st.chapter, "shuffles": st.shuffles,
        # the log's count; while the deck is in doubt the cards left are not known (the lines why)
        "cards_remaining": len(st.order), "deck_in_doubt": bool(doubts),
        "deck_in_doubt_lines": [p.line for p in doubts], "fate_chips": dict(st.chips),
        "draws": [_draw_json(d, st) for d in st.draws],
        "history": list(st.journal),
    }


def _draw_json(d: Any, st: Any) -> dict[str, Any]:
    """One draw of ``replay --json``: its check (as 'odds --json' gives it), its cards and where it
    stands in the session ``st`` now (``verdict``, ``ace_uses`` and ``can_draw_on`` as ``bonus`` and
    ``draw-on`` would take an action on it: none once the character has drawn since or its chapter
    has ended, :meth:`~companion.mousecard.live.LiveDeck.closed`), and the rule-book sections it was
    resolved by (``cites``, as 'odds --json' has them). ``succeeded`` keeps its meaning (the successes
    counted reach the need); ``sure_by_aces`` says when they fall short and the unspent aces make up the
    rest, so a script reading a closed draw's ``verdict: "success"`` beside ``succeeded: false`` knows why."""
    from ..mousecard.live import draw_cites

    c = d.check
    open_ = st.closed(d) is None
    return {"number": d.number, "chapter": d.chapter, "character": d.character, "task": d.task,
            "check": c.to_json(policies=False),
            "cards": [x.short for x in d.cards], "marks": [m for _c, m in d.marks()],
            "successes": d.total_successes, "need": c.need, "succeeded": d.succeeded,
            "sure_by_aces": d.sure and not d.succeeded,
            "verdict": st.verdict_of(d), "aces": d.aces, "aces_unspent": d.aces_unspent,
            "ace_uses": list(d.ace_uses) if open_ else [], "chips_spent": d.chips_spent,
            "can_draw_on": d.can_draw_on and open_,
            "bad_in_effect": d.bad_in_effect, "cancelled": d.cancelled,
            "reshuffles": d.reshuffles, "stopped": d.stopped, "typed": d.typed,
            "cites": list(draw_cites(d))}


def _print_state(tracker: Any, log: str) -> None:
    from ..mousecard.live import cites_text, doubt_note, session_cites, shown_name

    st = tracker.state
    chips = ", ".join(f"{shown_name(p)}: {n}" for p, n in st.chips) or "none"
    none = tracker.no_session()
    if none is None:
        print(f"{st.title or 'Mouse Card session'} — chapter {st.chapter}, {len(st.order)} cards in the deck"
              + doubt_note(tracker.deck_in_doubt()))
    else:  # empty, its start undone (a redo brings it back) or missing: in the words JSON and the page use
        print(f"No session under way in this log: {none.why}. {none.hint}")
    if none is None or st.chips:  # (an empty log has none to say)
        print(f"fate chips: {chips}")
    for line in st.journal:
        print(f"  {line}")
    cites = session_cites(st)
    if cites:  # the verdicts above cite the rule book once, as the page's history does
        print(f"  (draws resolved by {cites_text(cites)})")
    say_problems(_problems(tracker))


def _replay(args: argparse.Namespace) -> int:
    from ..mousecard.live import open_live_deck
    from . import print_json
    from .batch import say_stray_fields

    tracker = open_live_deck(str(_existing_log(args.log)), read_only=True)
    strays = say_stray_fields(tracker, quiet=args.json)  # (said first)
    if args.json:
        print_json(_state_json(tracker, args.log, warnings=strays))
    else:
        _print_state(tracker, args.log)
    return 1 if _problems(tracker) else 0


def _problems(tracker: Any) -> list[Any]:
    """What ``replay`` reports of a log, in the file's order: its lines that cannot be used, and its
    draws whose logged cards the shuffle no longer deals (their line or one before it was lost or changed:
    :meth:`~companion.mousecard.live.LiveDeckTracker.mismatches`)."""
    return sorted([*tracker.problems, *tracker.mismatches()], key=lambda p: p.line)


def _player(args: argparse.Namespace) -> str:
    """Whose fate chips an award or a spend moves: PLAYER, or --character / --player (as 'draw' names
    the character); one of the two, or both the same (as the session matches names: :func:`~companion.
    mousecard.live.tidy_name`)."""
    from ..mousecard.live import tidy_name

    given = [n for n in (args.player, args.player_option) if n is not None]
    if not given:
        raise CompanionError(f"whose fate chips? 'mousecard {args.action}' needs the player's name",
                             where="PLAYER", expected="a name after LOG, or --character NAME",
                             suggestion=f"e.g. companion mousecard {args.action} {shlex.quote(args.log)} Pip "
                                        f"--chips {args.chips}")
    if len(given) == 2 and tidy_name(given[0]).casefold() != tidy_name(given[1]).casefold():
        raise CompanionError(f"two players named: {given[0]!r} (PLAYER) and {given[1]!r} (--character or "
                             "--player)", where="PLAYER", expected="one player's name, once")
    return given[0]


def _act(args: argparse.Namespace) -> int:
    from ..mousecard.live import cites_text, draw_cites, draw_event, ignored_options, open_live_deck

    if args.action in ("award", "spend"):
        args.player = _player(args)
    if args.action != "start":
        _existing_log(args.log)
    else:
        log_folder(args.log, error=LogError)  # a new session never makes a folder (a mistyped one)
    tracker = open_live_deck(args.log)
    warnings = warn_set_aside(tracker)
    # a name close to one the session knows is likely a typo: said once the action is done
    name = args.character if args.action == "draw" else args.player if args.action == "award" else None
    hint = tracker.state.new_name_hint(name) if name else None
    if args.action not in ("start", "undo", "redo") and tracker.is_new and not tracker.problems:
        raise CompanionError(f"the log is empty: it has no start, so there is {_NOTHING_YET[args.action]}",
                             where=args.log,
                             suggestion=f"Begin with 'companion mousecard new {args.log}' (add --seed N to "
                                        "choose the shuffle), then try again.")
    cites = ""  # the rule-book sections of the draw an action resolved or changed, as the page says them
    if args.action in ("undo", "redo"):
        from ..mousecard.live import event_cites

        earlier, done = tracker.state, tracker.history
        try:
            tracker.undo() if args.action == "undo" else tracker.redo()
        except CompanionError as exc:  # ("m.jsonl: nothing to undo", as elsewhere)
            raise (exc if exc.where else exc.relabel(where=str(args.log))) from None
        # the rule-book sections of a draw the undo took back (as it stood) or the redo brought back
        if args.action == "undo":
            found = event_cites(earlier, done[-1]) if done else ()
        else:
            found = event_cites(tracker.state, tracker.history[-1]) if tracker.history else ()
        cites = cites_text(found) if found else ""
        # the journal line the undo took away (the fate chips as they are back to), or the one the redo
        # brought back, as the page says them (never none: undone_said, redone_said)
        said = tracker.undo_words if args.action == "undo" else tracker.redo_words
        line = said(earlier, tracker.state)[-1]
        none = tracker.no_session()
        if none is not None and none.reason == "undone":
            line += f" The log now holds no session: {none.why}. {none.hint}"
        elif none is not None:  # (no start in force before the undo either: a redo would not help)
            line += f" The log holds no session: {none.why}."
        return _said(args, tracker, line, warnings, cites, none=none)
    if args.action == "start":
        from ..eventlog import seed_from_text

        if not tracker.is_new:  # 'new' never writes a second session into a log that holds one
            undone = tracker.start_undone
            raise CompanionError("the log already holds a session" + (" (its start was undone)" if undone
                                                                      else ""), where=args.log,
                                 expected="a new or empty file",
                                 suggestion=(f"Bring the start back with 'companion mousecard redo "
                                             f"{args.log}', or g" if undone else "G")
                                 + "ive a new file name for a new session.")

        # a number, a word or (none, blank) a random one, as 'mystics new' reads it: a number is
        # logged as a number, so a log begun with --seed 7 deals as it always did
        try:
            seed = seed_from_text(args.seed)
        except CompanionError as exc:  # (named as typed: --seed)
            raise as_typed(exc, _action_options(args)) from None
        _do(args, tracker, {"event": "start", "seed": seed, "title": args.title})
    elif args.action == "draw":
        cards = _typed_cards(args.cards)
        check = _check(args, odds=False)
        _do(args, tracker, draw_event(args.character, args.task, check, cards))
        for note in ignored_options(check):  # as 'odds mousecard' says it: an option that changes nothing
            warnings.append(note)
            if not args.json:
                print(f"companion: note: {note}", file=sys.stderr)
    elif args.action in ("award", "spend"):
        ev: dict[str, Any] = {"event": args.action, "player": args.player, "chips": args.chips}
        if args.reason:
            ev["reason"] = args.reason
        _do(args, tracker, ev)
    elif args.action == "draw_on":
        ev = {"event": "draw_on", "character": args.character}
        if args.cards is not None:
            ev["cards"] = _typed_cards(args.cards)
        _do(args, tracker, ev)
    elif args.action == "bonus":
        _do(args, tracker, {"event": "bonus", "character": args.character, "source": args.source,
                            "use": args.use})
    elif args.action == "reshuffle":
        tracker.do({"event": "reshuffle", "reason": "chapter" if args.chapter else "gm"})
    st = tracker.state
    if args.action in ("draw", "draw_on", "bonus"):
        rec = st.last_draw(args.character)
        cites = cites_text(draw_cites(rec)) if rec is not None else ""
    if hint:
        warnings.append(hint)
        if not args.json:
            print(f"companion: note: {hint}", file=sys.stderr)
    return _said(args, tracker, st.journal[-1] if st.journal else "nothing yet", warnings, cites)


def _said(args: argparse.Namespace, tracker: Any, line: str, warnings: list[str], cites: str = "",
          none: Any = _UNASKED) -> int:
    """Print what an action did: its journal line (then the rule-book sections of a draw it resolved
    or changed, ``cites``, as the page gives them), or with ``--json`` the state after it as
    ``replay --json`` prints it (each draw with its ``cites``), plus ``line``, ``log`` and the
    ``warnings`` reading the log gave (``none``: as :func:`_state_json` takes it)."""
    if args.json:
        from . import print_json

        print_json({**_state_json(tracker, args.log, none, warnings), "line": line})  # (the keys every
        # tracker's --json begins with first: tracker_json)
    else:
        print(line)
        if cites:
            print(f"  ({cites})")
    return 0
