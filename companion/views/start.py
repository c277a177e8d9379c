"""The start page: the five games and a button for each tool.

Links are relative (``deck_builder.ipynb``), so they open the notebook in JupyterLab
and the rendered app under Voila alike; a notebook that serves several games gets the game in
its link (``deck_builder.ipynb?game=tmnt``: Voila hands the query to the page's kernel, see
:func:`companion.ui.query_value`). CSS classes for browser tests:
``cmp-start-page`` (the page), ``cmp-start-tool`` (each tool link).
"""

from __future__ import annotations

import html
import urllib.parse

import ipywidgets as w

from .. import GAMES, ui

#: (notebook, title, what it does), per game id; one notebook may serve several games.
TOOLS: dict[str, list[tuple[str, str, str]]] = {
    "village": [
        ("village.ipynb", "Table companion", "Mouse Points, turn guide, battle resolver"),
        ("deck_builder.ipynb", "Deck builder",
         "Legality with reasons, statistics, opening-hand odds"),
    ],
    "mousecard": [
        ("mousecard.ipynb", "Task checks and live deck",
         "Exact odds of a task; the GM's deck and fate chips"),
    ],
    "monarchs": [
        ("monarchs.ipynb", "Score pad and Court", "Standard and family scoring, buy planner, solo dice"),
    ],
    "tmnt": [
        ("tmnt.ipynb", "Attack builder and tracker", "Attack legality, damage, Block Zones, phases"),
        ("deck_builder.ipynb", "Deck builder", "40-card legality, statistics, opening-hand odds"),
    ],
    "mystics": [
        ("mystics.ipynb", "Chapter dashboard",
         "Initiative track, cheese wheel, hourglass, the party, battle odds"),
    ],
}

#: Tools that serve every game.
COMMON_TOOLS: list[tuple[str, str, str]] = [
    ("cards.ipynb", "Card database",
     "Browse and filter cards; check your own card files, and add a spreadsheet (CSV) to your cards"),
    ("printables.ipynb", "Print and play", "Card sheets, boards, score sheets, calibration page"),
]

BLURBS = {
    "village": "Two players, 60-card decks, mice armed with fruit; first to empty the other's Mouse Points.",
    "mousecard": "A role-playing game for mice where a deck of 54 playing cards resolves every task.",
    "monarchs": "A deck-building game of buying Court mice with influence and collecting crowns.",
    "tmnt": "A one-on-one fighting card game: break the Blocks and run your opponent's Deck out.",
    "mystics": "A cooperative adventure: the mice race the hourglass through the chapter.",
}

ACCENT = {"village": "#6b8e23", "mousecard": "#8e44ad", "monarchs": "#c0392b",
          "tmnt": "#16a085", "mystics": "#d68910"}


def _href(notebook: str, game: str | None) -> str:
    """The link to ``notebook``, with ``?game=`` when the notebook serves several games (so the deck
    builder opened from the TMNT block starts on TMNT)."""
    shared = sum(any(t[0] == notebook for t in tools) for tools in TOOLS.values()) > 1
    return f"{notebook}?{urllib.parse.urlencode({'game': game})}" if game and shared else notebook


def _link(notebook: str, title: str, what: str, game: str | None = None) -> str:
    return (f"<a class='cmp-start-tool' href='{html.escape(_href(notebook, game))}' target='_self' "
            "style='display:inline-block;margin:4px 8px 4px 0;padding:10px 14px;border-radius:8px;"
            "background:#0b57d0;color:white;text-decoration:none;min-height:24px'>"
            f"{html.escape(title)}</a><span style='color:#5f6368'>{html.escape(what)}</span><br>")


def start_page() -> w.VBox:
    """The whole start page as one widget."""
    blocks = []
    for game, display in GAMES.items():
        links = "".join(_link(*t, game=game) for t in TOOLS[game])
        blocks.append(
            f"<div style='border-left:8px solid {ACCENT[game]};padding:6px 14px;margin:10px 0;"
            f"background:#fffdf7;border-radius:6px'><h3 style='margin:4px 0'>{html.escape(display)}</h3>"
            f"<div style='margin-bottom:6px'>{html.escape(BLURBS[game])}</div>{links}</div>")
    common = "".join(_link(*t) for t in COMMON_TOOLS)
    blocks.append(f"<div style='padding:6px 14px;margin:10px 0'><h3 style='margin:4px 0'>"
                  f"For every game</h3>{common}</div>")
    title, subtitle = "Game-night companion", ("Rules, trackers, exact odds and print-and-play for five "
                                                "small games. Every tracker saves after each action and "
                                                "picks up where you left off.")
    page = w.VBox([ui.header(title, subtitle, home=False), w.HTML("".join(blocks))])  # (it is "All tools")
    page.add_class("cmp-start-page")
    return page
