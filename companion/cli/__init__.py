"""The ``companion`` command line: a thin layer over the library.

Each area registers its own subcommands from a module of this package, so that
``companion --help`` only imports argparse and the small modules below; heavy
libraries are imported inside the command handlers.

A handler returns an exit code. Any :class:`~companion.errors.CompanionError` is
printed as one readable message (exit 2); no input ever shows a traceback. Standard output that
cannot be written (closed, a full disk) is said on standard error, exit 2, in JSON mode too.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO, TypeVar

from .. import GAMES, __version__, written
from ..errors import (
    CompanionError,
    PathError,
    UnknownCardError,
    closest,
    did_you_mean,
    game_words,
    os_reason,
)

_E = TypeVar("_E", bound=CompanionError)

#: Modules that add subcommands; each defines ``register(sub, groups)``.
#: ``sub`` adds top-level commands, ``groups[name]`` adds to a shared group
#: (``odds``, ``print``, ``score``) so two areas can share one verb.
MODULES: tuple[str, ...] = (
    "cards",      # validate, cards list/import/export            (issue 2)
    "deck",       # deck check/stats/odds                          (issue 3)
    "mousecard",  # odds mousecard, mousecard deck                 (issue 4)
    "table",      # score monarchs, village tracker/battle        (issue 5)
    "tmnt",       # tmnt attack, tmnt tracker                      (issue 5)
    "mystics",    # mystics replay, odds mystics                   (issue 6)
    "printing",   # print cards/board/sheet/calibration            (issue 7)
    "app",        # companion app (start the notebooks)            (issue 8)
)

GROUPS = {
    "odds": "exact odds (mousecard task checks, mystics dice)",
    "print": "print-and-play PDFs (cards, boards, score sheets, calibration)",
    "score": "score calculators",
}

Handler = Callable[[argparse.Namespace], int]

#: The top-level help's epilog: the exit codes every command keeps, and the user data folder.
EPILOG = ("Exit codes, for every command: 0 ok; 1 problems found (invalid card data, an illegal deck, "
          "attack or battle, a log with lines that cannot be used); 2 a usage error, input that cannot "
          "be read, or an action refused (nothing is written), and standard output that cannot be "
          "written; 3 an internal error (a bug: please report it); 130 interrupted. "
          "Your own cards, decks, formats, logs and high scores are kept in the user data folder: "
          "~/.companion, or the folder the environment variable COMPANION_USER_DATA names (when set "
          "and not empty). 'companion COMMAND --help' documents each command; --json goes after the "
          "command (companion validate --json).")


class OutputError(Exception):
    """Standard output refused a write (a full disk, a closed descriptor): said on standard error,
    never written to standard output again. Not a :class:`CompanionError`, so that no handler
    takes it for a user's error of its own."""

    def __init__(self, exc: OSError) -> None:
        super().__init__(str(exc))
        hint = PathError(exc).suggestion
        self.error = CompanionError(f"cannot write to standard output ({os_reason(exc)})",
                                    suggestion=hint)


#: Said when standard output is closed (``companion ... >&-``): nothing is done.
STDOUT_CLOSED = CompanionError("standard output is closed, so the output would be lost; nothing was done",
                               suggestion="Run the command with standard output open: a terminal, a "
                                          "file or a pipe.")


class _Output:
    """Standard output while a command runs: a write or flush the system refuses raises
    :class:`OutputError` (a reader that closed a pipe stays a :class:`BrokenPipeError`); the rest
    is the stream's own."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> Any:
        try:
            return self._stream.write(text)  # (as the stream says: some streams give None)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class UsageError(Exception):
    """An argparse usage error, raised instead of printed, so that :func:`main` can say it as
    JSON with ``--json`` and suggest the closest option of the command that was typed."""

    def __init__(self, parser: argparse.ArgumentParser, message: str) -> None:
        super().__init__(message)
        self.parser, self.message = parser, message


def _folded(text: str) -> str:
    """A word typed for a lower-case choice, in lower case (``--paper A4`` is ``a4``)."""
    return text.strip().lower()


#: Where :class:`_StoreOnce` keeps the options given so far in one parse (taken off before a command runs).
_GIVEN = "_options_given"


class _StoreOnce(argparse._StoreAction):
    """An option that takes one value (``--counter X``), refused when given twice with different values:
    argparse would keep the last one without a word (``--counter X --counter Y`` used Y only, though the
    book allows one Counter card). The same value twice is harmless and kept."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        given: dict[str, Any] = namespace.__dict__.setdefault(_GIVEN, {})
        if self.dest in given and given[self.dest] != values:
            raise argparse.ArgumentError(self, f"given twice ({given[self.dest]!r}, then {values!r}): "
                                               "give it once")
        given[self.dest] = values
        super().__call__(parser, namespace, values, option_string)


def whole_in(lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
    """The ``type`` of a whole-number option that takes ``lo`` to ``hi`` (``None``: not said): text that
    is not a whole number is refused in plain words (argparse's own "invalid int value: '1.5'" names a
    Python type, not what the option wants), a number typed in another form told only the whole numbers
    it could mean that the option takes (:func:`~companion.textio.not_whole_said`: '--fate-chips 1e3' is
    told the range, never "did you mean 1000?"). A whole number out of range is read, and refused by
    the command in its own words."""
    from ..textio import not_whole_said

    def whole(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(not_whole_said(text, lo, hi)) from None

    return whole


_whole = whole_in()  # every ``type=int`` option's (see :meth:`_Parser.add_argument`)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(self, message)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """As argparse's; an option whose choices are lower-case words (and that has no type of its
        own) takes them in any case: ``--paper A4``, ``--mode Broke``; a whole number is read by
        :func:`_whole`."""
        choices = kwargs.get("choices")
        if (choices is not None and "type" not in kwargs
                and all(isinstance(c, str) and c == c.lower() for c in choices)):
            kwargs["type"] = _folded
        if kwargs.get("type") is int:
            kwargs["type"] = _whole  # (its refusal in plain words)
        if kwargs.get("action", "store") == "store" and args and str(args[0]).startswith("-"):
            kwargs["action"] = _StoreOnce  # (an option of one value: given twice is refused)
        return super().add_argument(*args, **kwargs)

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        """As argparse's, but an option given ``--`` as its value with ``=`` (``--title=--``) gets the
        text ``--``, as any other value: the argparse of older Pythons (3.11) drops that ``--`` as if it
        ended the options, and gives the option an empty list, which no command expects."""
        if action.option_strings and action.nargs in (None, argparse.OPTIONAL) and arg_strings == ["--"]:
            value = self._get_value(action, "--")
            self._check_value(action, value)
            return value
        return super()._get_values(action, arg_strings)


def _command_parser(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.ArgumentParser:
    """The (sub)parser of the command typed in ``argv`` (``companion deck check`` -> its parser)."""
    current = parser
    for token in argv:
        subs = [a for a in current._actions if isinstance(a, argparse._SubParsersAction)]
        if subs and token in subs[0].choices:
            current = subs[0].choices[token]
        elif subs and not token.startswith("-"):
            break  # not one of its commands: the usage of the command typed so far
    return current


def _wants_json(argv: Sequence[str]) -> bool:
    """Whether ``--json`` (or an abbreviation argparse accepts, from ``--js``) was given as an
    option (not after ``--``)."""
    for token in argv:
        if token == "--":
            return False
        if len(token) >= 4 and "--json".startswith(token):
            return True
    return False


def _usage_error(parser: argparse.ArgumentParser, argv: Sequence[str], exc: UsageError) -> int:
    """Say a usage error (exit 2) with the usage of the command that was typed and, for an
    unknown option or choice, the closest ones it has; as JSON with ``--json``."""
    target = exc.parser if exc.parser is not parser else _command_parser(parser, argv)
    message = exc.message
    if message.startswith("unrecognized arguments: "):
        options = [o for a in target._actions for o in a.option_strings]
        typed = [t.split("=", 1)[0] for t in message.split(": ", 1)[1].split() if t.startswith("-")]
        early = _before_command(parser, argv, target, options)
        if early:  # (companion --json validate): the option is the command's, typed before it
            moved = [t for t in argv if t not in early] + early
            message = (f"{' '.join(dict.fromkeys(t.split('=', 1)[0] for t in early))} "
                       f"{'goes' if len(early) == 1 else 'go'} after the command: "
                       f"{shlex.join(['companion', *moved])}")
        else:
            hints = [h for t in typed for h in closest(t, options, n=1)]
            hint = did_you_mean(dict.fromkeys(hints))
            message += f". {hint}" if hint else ""
    # 'invalid choice: 'dekc' (choose from 'odds', 'deck')' (newer Pythons leave the choices unquoted)
    choice = re.search(r"invalid choice: '?([^'(]*?)'? \(choose from (.*)\)", message)
    relocated = _option_before_command(parser, argv, choice[1]) if choice else None
    if relocated:  # (companion --format standard deck check): the value was read as the command
        message, target = relocated
    elif choice:
        choices = [c.strip().strip("'") for c in choice[2].split(",")]
        hint = did_you_mean(closest(choice[1], choices, n=1))
        message += f". {hint}" if hint else ""
    if _wants_json(argv):
        game = next((a for a in argv if a in GAMES), None)
        print_json({"game": game, "error": f"{target.prog}: {message}",
                    "usage": target.format_usage().strip()})
    else:
        sys.stderr.write(target.format_usage())
        sys.stderr.write(f"{target.prog}: error: {message}\n")
    return 2


def _before_command(parser: argparse.ArgumentParser, argv: Sequence[str], target: argparse.ArgumentParser,
                    options: list[str]) -> list[str]:
    """The tokens of ``argv`` that are options of the command ``target`` (its flags, or ``--opt=value``)
    typed before the command's last word, where the command cannot see them (``companion --json
    validate``)."""
    last = -1  # where the command's words end in argv
    current = parser
    for i, token in enumerate(argv):
        subs = [a for a in current._actions if isinstance(a, argparse._SubParsersAction)]
        if subs and token in subs[0].choices:
            current, last = subs[0].choices[token], i
            if current is target:
                break
    return [t for t in argv[:max(last, 0)] if t.startswith("--") and t.split("=", 1)[0] in options]


def _option_before_command(parser: argparse.ArgumentParser, argv: Sequence[str], word: str
                           ) -> tuple[str, argparse.ArgumentParser] | None:
    """Where argparse took ``word`` for a command, and the token before it is an option that the
    command typed after it takes, with ``word`` its value (``companion --format standard deck check``):
    the message that the option goes after the command, with the command as it should be typed
    (the command's other options typed before it moved too, those with a value as well:
    ``companion --format standard --cards c.json deck check``), and the command's parser."""
    argv = list(argv)
    if "--" in argv:  # (words after it are no options: moving them would change what they are)
        return None
    at = next((i for i, t in enumerate(argv) if t == word), -1)
    if at < 1 or not argv[at - 1].startswith("--") or "=" in argv[at - 1]:
        return None
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    if any(t in commands for t in argv[:at]):  # typed after the command: a value of its own option
        return None
    start = next((i for i in range(at + 1, len(argv)) if argv[i] in commands), len(argv))
    target = _command_parser(parser, argv[start:])
    if target is parser:
        return None
    takes = {o: a.nargs != 0 for a in target._actions for o in a.option_strings}
    rest: list[str] = []  # argv without the options typed before the command with their values
    pairs: list[str] = []  # those options with their values, in the order typed
    i = 0
    while i < start:
        token = argv[i]
        if (token.startswith("--") and "=" not in token and takes.get(token) and i + 1 < start
                and not argv[i + 1].startswith("-")):  # (an option's value, not the next option)
            pairs += argv[i:i + 2]
            i += 2
            continue
        if not token.startswith("-"):  # a word no option of the command takes: not said to move
            return None
        rest.append(token)
        i += 1
    rest += argv[start:]
    early = _before_command(parser, rest, target, list(takes))
    typed = [t for t in rest if t not in early] + early + pairs
    named = list(dict.fromkeys(pairs[::2]))
    return (f"{' '.join(named)} {'goes' if len(named) == 1 else 'go'} after the command: "
            f"{shlex.join(['companion', *typed])}", target)


def bounded(option: str, value: int | None, low: int, high: int, why: str = "") -> None:
    """Refuse an integer ``option`` outside ``low``..``high`` before anything is done, naming the
    option as typed, the value (cut short when it has many digits) and the range with ``why``, its
    reason. ``None`` (an option left out) passes."""
    from ..textio import number_text

    if value is not None and not low <= value <= high:
        raise CompanionError(f"{option} {number_text(value)} is out of range",
                             expected=f"{low} to {high}" + (f": {why}" if why else ""))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="companion",
        description="Rules companion and card-data toolkit for Village TCG, the Mouse Card "
                    "system, Of Mice and Monarchs, the TMNT TCG and Mice and Mystics.",
        epilog=EPILOG,
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    groups: dict[str, Any] = {}
    for name, help_text in GROUPS.items():
        gp = sub.add_parser(name, help=help_text, description=help_text)
        groups[name] = gp.add_subparsers(dest=f"{name}_command", metavar="WHAT")
        gp.set_defaults(_group_parser=gp)
    for mod in MODULES:
        try:
            module = importlib.import_module(f"{__name__}.{mod}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{mod}":
                continue  # an area not built yet
            raise
        module.register(sub, groups)
    return parser


def as_typed(exc: CompanionError, options: dict[str, str]) -> CompanionError:
    """An error naming a field of a check, an action or a start (``fate_chips``, ``'character'``,
    ``mouse``) as the command line names it (``--fate-chips``, ``--character``, ``--mice``; ``options``:
    field to option): where it is, and in the message where the message begins with it. Its citation
    and suggestion stay; an error naming no such field is ``exc`` itself."""
    field = exc.where or ""
    message = exc.message
    where: str | None = options.get(field)
    if where is None:  # (an event's field named in its sentence: "'character' must be a non-empty text")
        field = next((f"{f!r}" for f in options if message.startswith(f"{f!r} ")), "")
        if not field:
            return exc
        where = exc.where
        message = options[field[1:-1]] + message[len(field):]
    elif message.startswith(f"{field} "):  # (it names the option already: not twice)
        message, where = where + message[len(field):], None
    return exc.relabel(message=message, where=where)


def raise_unknown(game: str, unknown: Sequence[CompanionError], *,
                  error: type[CompanionError] = CompanionError) -> None:
    """Refuse the unknown cards a command was given, every one at once (``unknown cards: ...; ...``, as
    ``error``), or the one as it is, with the command that lists the game's cards when one offers no close
    name (:func:`hint_unlisted`); nothing when there is none."""
    unknown = hint_unlisted(unknown, game)
    if len(unknown) > 1:
        raise error(f"unknown {game_words(game)} cards: " + "; ".join(e.render() for e in unknown))
    if unknown:
        raise unknown[0]


def list_cards_hint(game: str) -> str:
    """What a command says of a card name close to none of ``game``'s (no "Did you mean"): the command
    that lists them."""
    return f"`companion cards list {game}` lists its cards, with their ids."


def hint_if_unlisted(exc: _E, game: str) -> _E:
    """``exc``, with :func:`list_cards_hint` when it is an :class:`~companion.errors.UnknownCardError`
    (a Monarchs Court card or hand is one too, said at its place) that offers no close name; else ``exc``
    itself."""
    if exc.suggestion or not isinstance(exc, UnknownCardError):
        return exc
    return exc.relabel(suggestion=list_cards_hint(game))


def hint_unlisted(errors: Sequence[_E], game: str) -> list[_E]:
    """``errors``, the unknown cards a command was given (said together, in this order:
    :func:`raise_unknown`), with :func:`list_cards_hint` once, at the end (after the last one's own close
    names), when one of them offers no close name; unchanged when every one offers one."""
    out = list(errors)
    if out and any(not e.suggestion for e in out):
        last = out[-1]
        out[-1] = last.relabel(suggestion=" ".join(filter(None, [last.suggestion, list_cards_hint(game)])))
    return out


def hint_unlisted_lines(exc: CompanionError, game: str) -> CompanionError:
    """A list whose lines cannot be read (a :class:`~companion.deck.decklist.DecklistError`, or a JSON
    score file's :class:`~companion.monarchs.scoring.ScoreFileError`: their ``issues``), with
    :func:`list_cards_hint` when one of its unknown cards offers no close name and it has no hint of its
    own (another game's list says the command to run instead); else ``exc`` itself."""
    from ..deck.decklist import DecklistError

    if not any(i.unknown is not None and not i.suggestions for i in getattr(exc, "issues", ())):
        return exc
    if isinstance(exc, DecklistError):
        return exc if exc.hint is not None else exc.with_hint(list_cards_hint(game))
    return exc if exc.suggestion else exc.relabel(suggestion=list_cards_hint(game))


def print_json(obj: Any) -> None:
    """The one way commands print ``--json`` output: indented, UTF-8, stable key order."""
    sys.stdout.write(json_text(obj, indent=2) + "\n")


def json_text(obj: Any, *, indent: int) -> str:
    """``obj`` as JSON for standard output: its characters as they are where the output can encode
    them (UTF-8), else ``\\u`` escapes (a Windows code page, an ASCII pipe): the streams' own
    fallback (:func:`_tolerant_streams`) writes Python's ``\\x``/``\\U`` escapes, which no JSON
    reader takes."""
    text = json.dumps(obj, indent=indent, ensure_ascii=False)
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return json.dumps(obj, indent=indent, ensure_ascii=True)
    return text


def existing_log(path: str | Path, *, error: type[CompanionError] = CompanionError,
                 expected: str | None = None, suggestion: str | None = None, game: str | None = None) -> Path:
    """``path`` as a :class:`~pathlib.Path` when something is there (what it holds is the tracker's to
    judge); otherwise the tracker commands' one "no such log file" error, before any log is opened:
    of class ``error``, naming ``path`` as given, with the command's ``expected`` and ``suggestion``
    (by default, with ``game``, how to start a log of that tracker:
    :func:`~companion.logstarts.start_hint`)."""
    found = Path(path)
    if not found.exists():
        if suggestion is None and game is not None:
            from ..logstarts import start_hint

            suggestion = start_hint(game, path)
        raise error("no such log file", where=str(path), expected=expected, suggestion=suggestion)
    return found


#: Said by ``village do --new-game`` and ``tmnt do --new-game`` when a start replaces the game a log holds:
#: the old game is not lost, an undo brings it back.
NEW_GAME_REPLACES = "This new game replaces the game the log held; undo brings that game back."

def no_game_line(tracker: Any, log: str | Path) -> str:
    """What a ``replay`` (or a ``do`` that leaves none) says of a log with no game under way
    (:meth:`~companion.eventlog.Tracker.no_start`, the Mouse Card's words too): "No game under way in this
    log: WHY. WHAT TO DO". It is empty, its start was undone (a redo brings it back), or its start is
    missing (a start line that cannot be used, or one that was lost)."""
    none = tracker.no_start(log)
    return none.line if none is not None else ""


#: The keys of :func:`tracker_json`, as each tracker's ``--json`` help names them.
TRACKER_JSON_HELP = ("game, log, actions (the number in force), can_undo, can_redo, problems and warnings, "
                     "as every tracker's --json has them")


def tracker_json(game: str, tracker: Any, log: str | Path, *, problems: Sequence[Any] | None = None,
                 warnings: Sequence[str] = ()) -> dict[str, Any]:
    """The keys every tracker command's ``--json`` has (``replay``, ``do``, ``new`` and the Mouse Card
    actions), one shape for the four trackers: ``game``, ``log`` (as given), ``actions`` (the number
    in force), ``can_undo``, ``can_redo``, ``problems`` (the log's lines that cannot be used, in words,
    or the game's own list) and ``warnings`` (what the command warned of). Each game adds its own keys
    to these; a key of its own by one of these names keeps its value (scripts read it)."""
    return {"game": game, "log": str(log), "actions": len(tracker.history),
            "can_undo": tracker.can_undo, "can_redo": tracker.can_redo,
            "problems": [str(p) for p in tracker.problems] if problems is None else list(problems),
            "warnings": list(warnings)}


def log_folder(path: str | Path, *, error: type[CompanionError] = CompanionError) -> Path:
    """``path`` as a :class:`~pathlib.Path` when the folder it is in exists: a command that starts a log
    never makes a folder (a mistyped folder would silently begin a new game somewhere else); otherwise
    the log's own refusal (:func:`companion.eventlog.folder_refusal`: the folder that does not exist,
    or the file in its way) as an error of class ``error``. The notebook pages make their own default
    log folder (:func:`companion.ui.default_log`); no log makes one."""
    from ..eventlog import folder_refusal

    if (refused := folder_refusal(path)) is not None:
        raise refused.relabel(cls=error, where=str(path))  # (the path as typed)
    return Path(path)


#: How every ``replay`` says a line of the log that cannot be used, on standard error.
LOG_PROBLEM = "log problem: "


def say_problems(problems: Sequence[object]) -> None:
    """Say each problem of a log a ``replay`` read, on standard error (standard output keeps the
    table), as every game's ``replay`` says them; ``--json`` lists them in ``problems`` instead."""
    for problem in problems:
        print(f"{LOG_PROBLEM}{problem}", file=sys.stderr)


def warn_set_aside(tracker: Any) -> list[str]:
    """Say on stderr what opening a tracker's log set aside (:meth:`Tracker.set_aside`), before
    the action (which may still be refused); the same lines are returned, for ``--json``."""
    lines = tracker.set_aside()
    for line in lines:
        print(f"companion: warning: {line}", file=sys.stderr)
    return lines


def _json_error(args: argparse.Namespace, argv: Sequence[str], exc: CompanionError) -> None:
    """With ``--json``, an error is JSON too: ``{"game", "error"}`` (and the decklist ``issues``
    an error carries), so a script reading stdout always gets JSON."""
    game = getattr(args, "game", None) or next((a for a in argv if a in GAMES), None)
    out: dict[str, Any] = {"game": game, "error": exc.render()}
    issues = getattr(exc, "issues", None)
    if issues is not None:
        out["issues"] = [i.to_json() for i in issues]
    print_json(out)


def _tolerant_streams() -> None:
    """Text from a user's file may hold what the terminal cannot encode (a lone surrogate from
    JSON's "\\ud800", or any non-ASCII on a C locale): print it escaped, never crash on it."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # pytest's capture has none
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def _user_error(args: argparse.Namespace, argv: Sequence[str], exc: CompanionError) -> int:
    """Report an error the user can fix: one line on standard error, or a JSON document."""
    if getattr(args, "json", False):
        _json_error(args, argv, exc)
    else:
        print(f"companion: {exc.render()}", file=sys.stderr)
    return exc.exit_code


def main(argv: Sequence[str] | None = None) -> int:
    _tolerant_streams()
    stdout = sys.stdout
    if stdout is None:  # closed (companion ... >&-): Python has no standard output at all
        print(f"companion: {STDOUT_CLOSED.render()}", file=sys.stderr)
        return 2
    sys.stdout = _Output(stdout)
    before = written.mark()
    try:
        code = _main(argv)
        sys.stdout.flush()  # (what is still buffered: a full disk is said here, not lost at exit)
        return code
    except OutputError as exc:  # said on standard error, never on the standard output that failed
        _discard(stdout)
        print(f"companion: {_done_anyway(exc.error, written.since(before)).render()}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader closed the pipe early (| head): not an error
        _discard(stdout)
        return 0
    except KeyboardInterrupt:  # before any command ran (the parser, its imports): nothing was done
        print("companion: interrupted", file=sys.stderr)
        return 130
    finally:
        sys.stdout = stdout


def _done_anyway(error: CompanionError, paths: list[str]) -> CompanionError:
    """``error`` (standard output failed), saying what the command wrote before it failed: an action
    already in its log must not be done again (a second award; a second draw deals new cards)."""
    if not paths:
        return error
    files = ", ".join(paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
    return CompanionError(f"{error.message}, but what the command did is saved: it wrote {files}",
                          suggestion="Do not run it again (it would be done twice); the log's replay "
                                     "command, or the file itself, shows what it did.")


def _discard(stream: TextIO) -> None:
    """Point the process's standard output at the null device, so that what is still buffered for
    a stream that failed is not written again (and reported again) when Python exits."""
    if stream is not sys.__stdout__:  # (a test's or a notebook's stream: nothing is left at exit)
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, stream.fileno())
        finally:
            os.close(null)
    except (OSError, ValueError):  # pragma: no cover - nothing more can be done
        pass


def _missing_command(gp: argparse.ArgumentParser) -> int:
    """A group typed without its command (``companion``, ``companion deck``): a usage error, as argparse
    says one, on standard error with the group's help, exit 2."""
    subs = [a for a in gp._actions if isinstance(a, argparse._SubParsersAction)]
    what = (subs[0].metavar or "COMMAND") if subs else "COMMAND"
    gp.print_help(sys.stderr)
    sys.stderr.write(f"{gp.prog}: error: the following arguments are required: {what}\n")
    return 2


def _nul_argument(token: str, k: int) -> CompanionError:
    """The refusal of command-line word ``k`` (1-based) that holds a NUL character: no path, name or
    event can hold one (the system refuses such a path wherever it would be used), so it is said
    before the command runs, with the word as typed (the NUL as ``\\0``)."""
    said = token.replace("\0", "\\0")
    if len(said) > 60:  # (cut short around the first NUL, which is what is said)
        at = max(0, token.index("\0") - 40)  # (the first NUL is where it was: none before it was escaped)
        said = ("…" if at else "") + said[at:at + 59] + ("…" if at + 59 < len(said) else "")
    return CompanionError("holds a NUL character, which no path, name or event can hold",
                          where=f"argument {k}", expected="a word without NUL characters", found=f"'{said}'",
                          suggestion="Nothing was done.")


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    argv = list(argv) if argv is not None else sys.argv[1:]
    try:
        args, extra = parser.parse_known_args(argv)
        if extra and not getattr(args, "passes_on_options", False):
            parser.parse_args(argv)  # the usual "unrecognized arguments" error, exit 2
        args.extra_args = extra  # for commands that pass options on (companion app)
        vars(args).pop(_GIVEN, None)
    except UsageError as exc:
        return _usage_error(parser, argv, exc)
    except SystemExit as exc:  # --help and --version (0)
        return int(exc.code or 0)
    handler: Handler | None = getattr(args, "handler", None)
    if handler is None:
        return _missing_command(getattr(args, "_group_parser", None) or parser)
    nul = next((k for k, token in enumerate(argv) if "\0" in token), None)
    if nul is not None:  # (only main(argv) can pass one: no command line carries a NUL character)
        return _user_error(args, argv, _nul_argument(argv[nul], nul + 1))
    try:
        return handler(args)
    except (OutputError, BrokenPipeError):
        raise
    except CompanionError as exc:
        return _user_error(args, argv, exc)
    except KeyboardInterrupt as exc:  # (a batch's write_all says what it wrote: all or nothing)
        said = str(exc)
        print("companion: interrupted" + (f"; {said[:1].lower()}{said[1:]}" if said else ""), file=sys.stderr)
        return 130
    except OSError as exc:  # a path the system refused wherever it was first touched (too long,
        return _user_error(args, argv, PathError(exc))  # a folder we may not enter): the user's to fix
    except Exception as exc:  # a bug: still no traceback for the user, but say so plainly
        print(f"companion: internal error: {type(exc).__name__}: {exc} "
              "(this is a bug; please report it with the command you ran)", file=sys.stderr)
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
