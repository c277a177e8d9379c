"""Deck-building speed, measured in one process and printed as ratios.

1. Exact opening-hand odds (hypergeometric, Fractions) against a Monte Carlo estimate
   with 100,000 shuffles (about +-0.3% at 95%): the exact answer should be far cheaper.
2. What the deck builder does on every edit of a 60-card list (parse, legality with
   every group, composition, odds) against the composition plot it redraws only when
   the composition changed: the plot dominates, so the view skips it when it can.
3. A large list: 2,000 distinct cards in the database, a 600-line decklist.

    .venv/bin/python benchmarks/bench_deck.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _timing import per_call

from companion.cards import CardDB, card_from_record
from companion.deck import check_deck, composition, load_format, opening_odds, parse
from companion.deck.stats import composition_figure
from companion.probability import at_least


def database(n: int) -> CardDB:
    rnd = random.Random(3)
    types = ["basic-mouse", "mega-mouse", "fruit", "item", "magic"]
    recs = []
    for i in range(n):
        kind = types[i % 5]
        rec = {"id": f"b-{i}", "name": f"Bench Card {i}", "type": kind, "source": "demo: benchmark"}
        if kind.endswith("mouse"):
            rec |= {"atk": rnd.randint(0, 6), "def": rnd.randint(0, 6),
                    "abilities": [{"name": f"Ability {rnd.randint(0, n // 4)}",
                                   "fruit_cost": rnd.randint(0, 3), "text": "..."}]}
        recs.append(rec)
    return CardDB("village", [card_from_record("village", "Bench", r) for r in recs])


def monte_carlo(n: int, k: int, draws: int, trials: int, seed: int = 1) -> float:
    rnd = random.Random(seed)
    hits = sum(1 for _ in range(trials) if min(rnd.sample(range(n), draws)) < k)
    return hits / trials


def main() -> None:
    exact = per_call(lambda: at_least(60, 4, 7, 1), 2000)
    mc = per_call(lambda: monte_carlo(60, 4, 7, 100_000), 1)
    p = float(at_least(60, 4, 7, 1))
    print(f"1. at least 1 of 4 in 60, 7 drawn = {p:.5f}")
    print(f"   exact {exact * 1e6:8.1f} us   Monte Carlo (100k) {mc * 1e3:8.1f} ms   "
          f"exact is {mc / exact:,.0f}x faster")

    db = database(200)
    fmt = load_format("village")
    text = "\n".join(f"{1 + i % 3} Bench Card {i}" for i in range(0, 60, 2)) + "\n"
    deck = parse(text, db)

    def edit() -> None:
        d = parse(text, db)
        check_deck(d, fmt)
        composition(d)
        opening_odds(d)

    per_edit = per_call(edit, 200)
    plot = per_call(lambda: composition_figure(deck).savefig(__import__("io").BytesIO(), format="png"), 3)
    print(f"2. one edit of a {deck.card_count}-card list: {per_edit * 1e3:6.2f} ms; "
          f"plot redraw {plot * 1e3:6.1f} ms ({plot / per_edit:,.0f}x an edit)")

    big = database(2000)
    big_text = "\n".join(f"{1 + i % 4} Bench Card {i}" for i in range(0, 1800, 3)) + "\n"
    big_parse = per_call(lambda: parse(big_text, big), 5)
    big_deck = parse(big_text, big)
    big_check = per_call(lambda: check_deck(big_deck, fmt), 5)
    print(f"3. {len(big_text.splitlines())}-line list, 2,000-card database: parse {big_parse * 1e3:6.1f} ms, "
          f"legality {big_check * 1e3:6.1f} ms ({big_deck.card_count} cards, "
          f"{len(check_deck(big_deck, fmt).problems)} problems)")


if __name__ == "__main__":
    main()
