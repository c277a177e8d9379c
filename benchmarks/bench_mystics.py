"""Mice and Mystics speed, measured in one process and printed as ratios.

1. Exact attack odds by dynamic programming against brute-force enumeration of every
   roll (3 attack dice vs 3 defense dice: 6^6 outcomes), and the DP for a big roll.
2. Replaying a long chapter log (2,000 events) against the baseline of only parsing
   the JSON lines: the fold should cost a small multiple of reading the file.
3. Undo on a long log (a full re-fold) against one action (a single apply).

    .venv/bin/python benchmarks/bench_mystics.py
"""

from __future__ import annotations

import itertools
import json
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import per_call

from companion.eventlog import EventLog, parse_lines
from companion.mystics import odds
from companion.mystics.data import DieFace
from companion.mystics.party import HeroInfo, MinionInfo
from companion.mystics.tracker import MysticsTracker

DIE = tuple(DieFace(str(i), s, m, "bench", True) for i, (s, m) in enumerate([
    (("sword",), 1), (("sword-shield",), 2), (("sword-shield", "star"), 3),
    (("bow",), 1), (("cheese",), 2), (("sword", "star"), 3)]))
HEROES = {h: HeroInfo(h, h.title(), life=4) for h in ("collin", "filch", "tilda", "maginos")}
MINIONS = {"rat_warriors": MinionInfo("rat_warriors", "Rat Warriors", life=1, aggressive=True),
           "roach": MinionInfo("roach", "Roach", life=1)}


def brute(n_att: int, n_def: int) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    p = Fraction(1, 6 ** (n_att + n_def))
    for att in itertools.product(DIE, repeat=n_att):
        hits = sum(odds.face_count(f, "sword") + odds.face_count(f, "sword_shield") for f in att)
        for dfn in itertools.product(DIE, repeat=n_def):
            blocks = sum(odds.face_count(f, "sword_shield") for f in dfn)
            w = max(hits - blocks, 0) if hits else 0
            out[w] = out.get(w, Fraction(0)) + p
    return out


def game(n: int) -> list[dict]:
    """A long chapter within the tracker's limits (companion.mystics.limits): every 6 cheese on the
    wheel surge and move the hourglass a page, which the cycle moves back; a roach comes and goes."""
    events: list[dict] = [{"event": "start", "chapter_end": 30, "mice": list(HEROES),
                           "minions": {"rat_warriors": 2}, "seed": 1}]
    turn = [{"event": "end_turn"}, {"event": "minion_cheese", "count": 1},
            {"event": "wound", "mouse": "filch", "count": 1},
            {"event": "heal", "mouse": "filch", "count": 1},
            {"event": "encounter", "card": "E", "minions": {"roach": 1}},
            {"event": "defeat_minion", "minion": "roach"}]
    cycle = [*turn * 6, {"event": "hourglass", "move": -1}]
    while len(events) < n:
        events.extend(cycle)
    return events[:n]


def main() -> None:
    dp = per_call(lambda: odds.attack_odds(DIE, 3, 3), 200)
    bf = per_call(lambda: brute(3, 3), 1)
    assert odds.attack_odds(DIE, 3, 3).wounds == dict(sorted(brute(3, 3).items()))
    big = per_call(lambda: odds.attack_odds(DIE, 10, 10), 5)
    print(f"attack odds 3v3: DP {dp * 1e3:.2f} ms, brute force {bf * 1e3:.0f} ms "
          f"-> brute/DP = {bf / dp:.0f}x")
    print(f"attack odds 10v10 (6^20 rolls by enumeration, out of reach): DP {big * 1e3:.1f} ms")

    events = game(2000)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "chapter.jsonl"
        path.write_text("".join(json.dumps(e) + "\n" for e in events))
        text = path.read_text()
        parse = per_call(lambda: parse_lines(text), 3)
        fold = per_call(lambda: MysticsTracker(EventLog(path), die=DIE, heroes=HEROES, minions=MINIONS), 1)
        print(f"replay 2,000 events: {fold * 1e3:.0f} ms; parse only {parse * 1e3:.1f} ms "
              f"-> fold/parse = {fold / parse:.0f}x ({fold / len(events) * 1e6:.0f} us/event)")
        t = MysticsTracker(EventLog(None), die=DIE, heroes=HEROES, minions=MINIONS)
        for e in events:
            t.do(e)
        one = per_call(lambda: t.apply(t.state, {"event": "minion_cheese", "count": 1}), 200)
        undo = per_call(lambda: t._rebuild(), 1)
        print(f"one action {one * 1e6:.0f} us; undo (re-fold of 2,000) {undo * 1e3:.0f} ms "
              f"-> undo/action = {undo / one:.0f}x")


if __name__ == "__main__":
    main()
