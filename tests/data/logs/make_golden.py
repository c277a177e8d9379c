"""Write the GOLDEN LOG fixtures that ``tests/test_golden_logs.py`` replays.

A golden log stands for a game a user saved with the version of today: every future version must
load it and show the same table. A fixture's log is never written again (the script refuses to
write a log that exists). Its expected output is written again only for an intended change of what
a replay shows (a message reworded, a field added to the JSON), from the committed log, with::

    .venv/bin/python tests/data/logs/make_golden.py --expectations village

and the commit says why the old log now shows differently. Never to make a failing test pass
without knowing why it failed: that hides the very drift the fixtures are there to catch.

To add a fixture (a new event kind, a new field, a format change that is intended), add an entry to
:data:`FIXTURES` under a NEW name (``<game>-<what>``, e.g. ``village-twice``) and run::

    .venv/bin/python tests/data/logs/make_golden.py village-twice

(with no names, it writes every fixture of :data:`FIXTURES` that does not exist yet, and says which
ones it left alone). Each fixture is three files next to this script:

- ``<name>.jsonl``: the log, written through the command line (``companion.cli.main`` in-process),
  each action as a user would type it; seeds are fixed, so the content is the same on every run;
- ``<name>.replay.txt``: the standard output of ``companion <game> replay <name>.jsonl``;
- ``<name>.replay.json``: the standard output of ``companion <game> replay --json <name>.jsonl``,
  exactly as printed.

Nothing machine-specific gets into them: the log is written and replayed in a temporary folder that
is the current directory, under the relative name ``<name>.jsonl`` (the only path a replay prints,
the Mice and Mystics dashboard's ``see `companion mystics replay <name>.jsonl --house-readings```
hint), and ``COMPANION_USER_DATA`` names an empty temporary folder, so neither the user's own cards
nor their folder are read. The test replays the same relative name from its own temporary folder.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: Village TCG: a seeded coin toss at the start, the turn's steps over four turns (draw, Basic and
#: Mega Mouse, Fruit, ability, Item, Magic both continuous and instant, a seeded and a typed coin
#: flip, no attack and an attack), card effects (stats, mp, deck, destroy_item, destroy_magic),
#: a step skip, undo and redo.
VILLAGE = [
    ["village", "do", "{log}", '{"event": "start", "players": ["Ann", "Bob"], "seed": 7}'],
    ["village", "do", "{log}", '{"event": "redraw", "player": 0, "basic_in_hand": false}'],
    # turn 1: Bob (the coin toss of seed 7)
    ["village", "do", "{log}", '{"event": "draw"}'],
    ["village", "do", "{log}", '{"event": "play_basic", "name": "Acorn Scout"}'],
    ["village", "do", "{log}", '{"event": "fruit", "mouse": "Acorn Scout #1"}'],
    ["village", "do", "{log}", '{"event": "ability", "mouse": "Acorn Scout #1"}'],
    ["village", "do", "{log}", '{"event": "magic", "name": "Quicksand"}'],
    ["village", "do", "{log}", '{"event": "flip", "card": "Quicksand"}'],  # seeded: the log keeps it
    ["village", "do", "{log}", '{"event": "end_turn"}'],
    # turn 2: Ann
    ["village", "do", "{log}", '{"event": "draw"}'],
    ["village", "do", "{log}", '{"event": "play_basic", "name": "Thistle Guard"}'],
    ["village", "do", "{log}", '{"event": "fruit", "mouse": "Thistle Guard #2"}'],
    ["village", "do", "{log}", '{"event": "item", "mouse": "Thistle Guard #2", "name": "Walnut Shield"}'],
    ["village", "do", "{log}", '{"event": "magic", "name": "Super Confused", "player": 1, "instant": true}'],
    ["village", "do", "{log}", '{"event": "flip", "card": "Super Confused", "result": "tails"}'],  # typed
    ["village", "do", "{log}", '{"event": "attack", "attacks": []}'],
    ["village", "do", "{log}", '{"event": "end_turn"}'],
    # turn 3: Bob
    ["village", "do", "{log}", '{"event": "draw"}'],
    ["village", "do", "{log}",
     '{"event": "summon_mega", "sacrifice": "Acorn Scout #1", "name": "Mega Acorn Captain"}'],
    ["village", "do", "{log}", '{"event": "step", "to": 5}'],
    ["village", "do", "{log}", "undo"],
    ["village", "do", "{log}", "redo"],
    ["village", "do", "{log}", '{"event": "stats", "mouse": "Mega Acorn Captain #3", "atk": 5}'],
    ["village", "do", "{log}", '{"event": "destroy_item", "mouse": "Thistle Guard #2", "to": "hand"}'],
    ["village", "do", "{log}",
     '{"event": "attack", "attacks": [{"attacker": "Mega Acorn Captain #3", '
     '"defender": "Thistle Guard #2"}]}'],
    ["village", "do", "{log}", '{"event": "mp", "player": 0, "delta": -2}'],
    ["village", "do", "{log}", '{"event": "deck", "player": 1, "delta": -1}'],
    ["village", "do", "{log}", '{"event": "destroy_magic", "player": 1, "name": "Quicksand"}'],
    ["village", "do", "{log}", '{"event": "end_turn"}'],
    # turn 4: Ann
    ["village", "do", "{log}", '{"event": "draw"}'],
    ["village", "do", "{log}", '{"event": "mp", "player": 1, "delta": -3}'],
    ["village", "do", "{log}", "undo"],
    ["village", "do", "{log}", '{"event": "end_turn"}'],
]

#: TMNT TCG: a seeded coin toss at the start, every phase of three turns (Adjust, Set, Event, Item,
#: Flip, Attack), Event and Item cards played, flips (a Character and, taken back, an Attack card),
#: an attack with Attack cards and a Counter, another without, Result Steps (one keeping its
#: Character), a correction, undo and redo.
TMNT = [
    ["tmnt", "do", "{log}", '{"event": "start", "players": ["April", "Casey"], "seed": 11}'],
    # turn 1: Casey (the coin toss of seed 11), no Adjust Phase
    ["tmnt", "do", "{log}", '{"event": "next"}'],
    ["tmnt", "do", "{log}", '{"event": "play_event"}'],
    ["tmnt", "do", "{log}", '{"event": "next"}'],
    ["tmnt", "do", "{log}", '{"event": "play_item"}'],
    ["tmnt", "do", "{log}", '{"event": "next"}'],
    ["tmnt", "do", "{log}", '{"event": "flip", "card": "character"}'],
    ["tmnt", "do", "{log}", '{"event": "next"}'],
    ["tmnt", "do", "{log}",
     '{"event": "attack", "character": "wind:3", "attacks": ["fire:2", "nature:1"], "counter": "2"}'],
    ["tmnt", "do", "{log}", '{"event": "result"}'],
    ["tmnt", "do", "{log}", '{"event": "next"}'],
    # turn 2: April
    ["tmnt", "do", "{log}", '{"event": "next"}', '{"event": "next"}'],  # Adjust, then Set Phase
    ["tmnt", "do", "{log}", '{"event": "next"}'],
    ["tmnt", "do", "{log}", '{"event": "next"}'],
    ["tmnt", "do", "{log}", '{"event": "flip", "card": "attack"}'],
    ["tmnt", "do", "{log}", "undo"],
    ["tmnt", "do", "{log}", '{"event": "flip", "card": "character"}'],
    ["tmnt", "do", "{log}", "undo"],
    ["tmnt", "do", "{log}", "redo"],
    ["tmnt", "do", "{log}", '{"event": "correct", "player": 1, "hand": 3, "reason": "card text: draw 3"}'],
    ["tmnt", "do", "{log}", '{"event": "next"}'],
    ["tmnt", "do", "{log}", '{"event": "attack", "character": "fire:4", "counter": null}'],
    ["tmnt", "do", "{log}", '{"event": "result", "attacker_keeps": 1}'],
    ["tmnt", "do", "{log}", '{"event": "next"}'],
    # turn 3: Casey
    ["tmnt", "do", "{log}", '{"event": "next"}'],
]

#: The Mouse Card live deck: a seeded session with a title, seeded draws (cautious and broke; calm,
#: combat, unknown; Aged and a disadvantage) and typed ones (--cards), fate chips awarded, spent and
#: put on a draw, an ace spent as a success, a bad card cancelled and the draw gone on (draw-on),
#: a reshuffle by the game master and at the end of a chapter, undo and redo.
MOUSECARD = [
    ["mousecard", "new", "{log}", "--seed", "2024", "--title", "Golden session"],
    ["mousecard", "draw", "{log}", "--character", "Pip", "--task", "climb the shelf", "--skill", "3",
     "--target", "8"],
    ["mousecard", "award", "{log}", "Pip", "--chips", "2", "--reason", "good plan"],
    ["mousecard", "award", "{log}", "Bramble", "--reason", "brave"],
    ["mousecard", "draw", "{log}", "--character", "Pip", "--task", "spot the cat", "--skill", "2",
     "--target", "9", "--cards", "4S, 6C"],
    ["mousecard", "bonus", "{log}", "Pip", "--source", "chip", "--use", "success"],
    ["mousecard", "draw", "{log}", "--character", "Bramble", "--task", "dodge the claw", "--skill", "3",
     "--target", "7", "--situation", "combat", "--aged", "1", "--cards", "2D"],
    ["mousecard", "bonus", "{log}", "Bramble", "--source", "chip", "--use", "cancel"],
    ["mousecard", "draw-on", "{log}", "--character", "Bramble", "--cards", "9D"],
    ["mousecard", "draw", "{log}", "--character", "Pip", "--task", "lift the lid", "--skill", "2",
     "--need", "2", "--target", "10", "--cards", "AH, 4D"],
    ["mousecard", "bonus", "{log}", "Pip", "--source", "ace", "--use", "success"],
    ["mousecard", "undo", "{log}"],
    ["mousecard", "redo", "{log}"],
    ["mousecard", "draw", "{log}", "--character", "Bramble", "--task", "run", "--skill", "3", "--target", "6",
     "--mode", "broke", "--situation", "unknown"],
    ["mousecard", "spend", "{log}", "Pip", "--chips", "1", "--reason", "reroll"],
    ["mousecard", "undo", "{log}"],
    ["mousecard", "undo", "{log}"],
    ["mousecard", "redo", "{log}"],
    ["mousecard", "reshuffle", "{log}"],
    ["mousecard", "draw", "{log}", "--character", "Pip", "--task", "sneak", "--skill", "2", "--target", "J"],
    ["mousecard", "reshuffle", "{log}", "--chapter"],
    ["mousecard", "draw", "{log}", "--character", "Bramble", "--task", "swim", "--skill", "4",
     "--target", "8", "--situation", "combat", "--disadvantage", "1", "--bad-not-success"],
]

#: Mice and Mystics: a seeded chapter 1 start (party, starting ability card, minions, the initiative
#: shuffle), corrected lives, a room, wounds on mice (poison too) and on a minion figure, defeats and
#: Filch's Pilfer, a condition, a heal, mouse and minion cheese up to a full wheel that surges, an
#: encounter whose new cards the seed shuffles (the log keeps the order) and an ambush with the order
#: and the die rolls typed in, a capture and a forced rescue, search cards gained, shared and
#: discarded, an unequip, a level up, an achievement moving the chapter end marker, a note, two
#: rounds of turns (the hourglass moving), undo and redo.
MYSTICS = [
    ["mystics", "new", "{log}", "--mice", "collin,filch,tilda,maginos", "--minions", "rat-warriors=3",
     "--chapter", "1", "--chapter-end", "6", "--seed", "5", "--ability", "collin=Inspire"],
    ["mystics", "do", "{log}", '{"event": "set_stats", "mouse": "collin", "life": 6}',
     '{"event": "set_stats", "mouse": "filch", "life": 5}',
     '{"event": "set_stats", "minion": "rat-warriors", "life": 2}'],
    ["mystics", "do", "{log}", '{"event": "room", "name": "Kitchen Tunnels", "tile": 4}'],
    # Collin's turn
    ["mystics", "do", "{log}",
     '{"event": "wound_minion", "minion": "rat-warriors", "count": 2, "figure": 0}'],
    ["mystics", "do", "{log}", '{"event": "mouse_cheese", "mouse": "collin", "count": 5}'],
    ["mystics", "do", "{log}", '{"event": "end_turn"}'],
    # the rat warriors' turn
    ["mystics", "do", "{log}", '{"event": "wound", "mouse": "filch", "count": 2}'],
    ["mystics", "do", "{log}", '{"event": "minion_cheese", "count": 2}'],
    ["mystics", "do", "{log}", '{"event": "end_turn"}'],
    # Filch's turn
    ["mystics", "do", "{log}", '{"event": "defeat_minion", "minion": "rat-warriors"}'],
    ["mystics", "do", "{log}", '{"event": "pilfer", "mouse": "filch"}'],
    ["mystics", "do", "{log}", '{"event": "gain", "mouse": "filch", "card": "Grape"}'],
    ["mystics", "do", "{log}", '{"event": "end_turn"}'],
    # Tilda's turn
    ["mystics", "do", "{log}", '{"event": "condition", "mouse": "tilda", "condition": "webbed"}'],
    ["mystics", "do", "{log}", '{"event": "heal", "mouse": "filch", "count": 1}'],
    ["mystics", "do", "{log}", "undo"],
    ["mystics", "do", "{log}", "redo"],
    ["mystics", "do", "{log}", '{"event": "end_turn"}'],
    # Maginos' turn
    ["mystics", "do", "{log}",  # the new cards' order shuffled from the seed (and logged)
     '{"event": "encounter", "card": "Roach Attack", "minions": {"roaches": 2, "spider": 1}, '
     '"surge": {"roaches": 1}, "surge_text": "1 roach"}'],
    ["mystics", "do", "{log}", '{"event": "wound", "mouse": "maginos", "count": 1, "poison": true}'],
    ["mystics", "do", "{log}",
     '{"event": "share", "from": "maginos", "to": "filch", "card": "Maginos\' Staff"}'],
    ["mystics", "do", "{log}", '{"event": "end_turn"}'],
    # the spider's turn: a full wheel surges
    ["mystics", "do", "{log}", '{"event": "minion_cheese", "count": 5}'],
    ["mystics", "do", "{log}", '{"event": "capture", "mouse": "tilda"}'],
    ["mystics", "do", "{log}", '{"event": "end_turn"}'],
    ["mystics", "do", "{log}", '{"event": "end_turn"}'],  # the roaches' turn; round 2
    ["mystics", "do", "{log}", '{"event": "end_turn"}'],  # the rat warriors' turn
    # Collin's turn
    ["mystics", "do", "{log}", '{"event": "level_up", "mouse": "collin", "ability": "First Aid"}'],
    ["mystics", "do", "{log}", '{"event": "unequip", "mouse": "collin", "card": "Leather Breastplate"}'],
    ["mystics", "do", "{log}", '{"event": "achievement", "name": "Miz Maggie Ally", "move_end": 1}'],
    ["mystics", "do", "{log}", '{"event": "end_turn"}'],
    # Filch's turn
    ["mystics", "do", "{log}", '{"event": "discard", "mouse": "filch", "card": "Maginos\' Staff"}'],
    ["mystics", "do", "{log}", '{"event": "end_turn"}'],
    # Tilda's turn: a chapter rule rescues her, which ends it
    ["mystics", "do", "{log}", '{"event": "rescue", "mouse": "tilda", "force": true}'],
    # Maginos' turn: an ambush, the order and the rolls typed in from the table
    ["mystics", "do", "{log}",
     '{"event": "encounter", "card": "Rat Ambush", "minions": {"rat-warriors": 1, "cave-centipede": 1}, '
     '"ambush": true, "order": ["cave-centipede"], "rolls": [1, 3, 2, 2]}'],
    ["mystics", "do", "{log}", '{"event": "note", "text": "Maginos holds the door"}'],
]

#: Every fixture: its name (the files' stem) and the command lines that write its log, ``{log}``
#: standing for the log's relative name. Add new ones; never change or remove one that has files.
FIXTURES: dict[str, list[list[str]]] = {
    "village": VILLAGE,
    "tmnt": TMNT,
    "mousecard": MOUSECARD,
    "mystics": MYSTICS,
    # the same games, written once each line carried its number in the log ("seq")
    "village-seq": VILLAGE,
    "tmnt-seq": TMNT,
    "mousecard-seq": MOUSECARD,
    "mystics-seq": MYSTICS,
}


def game_of(name: str) -> str:
    """The game (the tracker and its command) of a fixture: its name up to the first '-'."""
    return name.split("-", 1)[0]


def _run(argv: list[str]) -> tuple[int, str, str]:
    """``companion ARGV`` in-process: its exit code, standard output and standard error."""
    from companion.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@contextlib.contextmanager
def _scratch() -> Iterator[str]:
    """A temporary folder as the current directory, with ``COMPANION_USER_DATA`` an empty folder in it."""
    home = Path.cwd()
    saved_env = os.environ.get("COMPANION_USER_DATA")
    with tempfile.TemporaryDirectory(prefix="golden-") as tmp:
        user_data = Path(tmp) / "user-data"
        user_data.mkdir()
        os.environ["COMPANION_USER_DATA"] = str(user_data)
        os.chdir(tmp)
        try:
            yield tmp
        finally:
            os.chdir(home)
            if saved_env is None:
                os.environ.pop("COMPANION_USER_DATA", None)
            else:
                os.environ["COMPANION_USER_DATA"] = saved_env


def _replays(name: str, log_name: str) -> tuple[str, str]:
    """The text and JSON replays of ``log_name`` (in the current folder), each refused unless clean."""
    game = game_of(name)
    code, text, err = _run([game, "replay", log_name])
    if code != 0 or err:
        raise SystemExit(f"{name}: the text replay exited {code}:\n{err}")
    code, as_json, err = _run([game, "replay", "--json", log_name])
    if code != 0 or err:
        raise SystemExit(f"{name}: the JSON replay exited {code}:\n{err}")
    json.loads(as_json)  # (it must be JSON)
    return text, as_json


def _check_clean(name: str, tmp: str, parts: list[tuple[str, str]]) -> None:
    for leak in (tmp, str(Path.home())):
        for label, content in parts:
            if leak in content:
                raise SystemExit(f"{name}: the {label} holds the machine-specific path {leak!r}")


def generate(name: str, actions: list[list[str]]) -> None:
    """Write ``name``'s log and its expected replays next to this script; refuse to overwrite."""
    log_name = f"{name}.jsonl"
    targets = [HERE / log_name, HERE / f"{name}.replay.txt", HERE / f"{name}.replay.json"]
    existing = [t.name for t in targets if t.exists()]
    if existing:
        raise SystemExit(f"{name}: {', '.join(existing)} already exist(s): a golden fixture is never "
                         "regenerated; add a fixture under a new name instead")
    game = game_of(name)
    with _scratch() as tmp:
        for argv in actions:
            args = [log_name if a == "{log}" else a for a in argv]
            code, _out, err = _run(args)
            if code != 0:
                raise SystemExit(f"{name}: companion {' '.join(args)} exited {code}:\n{err}")
            if err:  # (warnings: the action was written)
                print(f"{name}: companion {' '.join(args)}:\n{err}", end="", file=sys.stderr)
        text, as_json = _replays(name, log_name)
        log = Path(log_name).read_bytes()
        _check_clean(name, tmp, [("log", log.decode("utf-8")), ("text replay", text),
                                 ("JSON replay", as_json)])
    lines = log.decode("utf-8").splitlines()
    header = json.loads(lines[0])
    header.pop("seq", None)  # (each line's number in the log, written since the first fixtures)
    if header != {"event": "log", "tracker": game}:
        raise SystemExit(f"{name}: the log does not begin with the {game} header line")
    targets[0].write_bytes(log)
    targets[1].write_bytes(text.encode("utf-8"))
    targets[2].write_bytes(as_json.encode("utf-8"))
    print(f"{name}: wrote {log_name} ({len(lines)} lines), {targets[1].name}, {targets[2].name}")


def expectations(name: str) -> None:
    """Write ``name``'s expected replays again from its committed log, which stays as it is: only for
    an intended change of what a replay shows (a message reworded, a field added), said in the commit."""
    log_name = f"{name}.jsonl"
    log = (HERE / log_name).read_bytes()
    with _scratch() as tmp:
        Path(log_name).write_bytes(log)
        text, as_json = _replays(name, log_name)
        _check_clean(name, tmp, [("text replay", text), ("JSON replay", as_json)])
    (HERE / f"{name}.replay.txt").write_bytes(text.encode("utf-8"))
    (HERE / f"{name}.replay.json").write_bytes(as_json.encode("utf-8"))
    print(f"{name}: wrote {name}.replay.txt and {name}.replay.json from the committed {log_name}")


def main(names: list[str]) -> int:
    sys.path.insert(0, str(HERE.parents[2]))  # the project's root, for ``companion``
    again = names[:1] == ["--expectations"]
    names = names[1:] if again else names
    unknown = [n for n in names if n not in FIXTURES and not (again and (HERE / f"{n}.jsonl").exists())]
    if unknown or (again and not names):
        raise SystemExit(f"no fixture named {', '.join(unknown) or '(none given)'} "
                         f"(known: {', '.join(FIXTURES)})")
    for name in names or list(FIXTURES):
        if again:
            expectations(name)
        elif not names and (HERE / f"{name}.jsonl").exists():
            print(f"{name}: exists, left alone")
        else:
            generate(name, FIXTURES[name])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
