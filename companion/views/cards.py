"""The card browser: pick a game, filter its cards, and check a card file of your own.

Filter by type, by text (name, id, type, card text, ability names) and by a range of any number the
cards of the chosen type hold (ATK, Power, cost...); the result shows as a table or as card tiles (a
tile shows the start of the card's text, cut at a word with "…", the whole text on its tooltip).
*Check a card file of your own* validates an uploaded JSON card file (or CSV sheet) or a path on
this computer, and lists every problem with its place in the file, what was expected and what was
found; a CSV sheet that checks clean is added to your card folder for the game with *Add to my
cards* (the conversion ``companion cards import`` makes). Types read as the game names them ("Basic
Mouse", as the printed card says it: :func:`type_name`), never the data's ids (``basic-mouse``).

CSS classes for browser tests:
``cmp-cards-page`` (the whole view), ``cmp-help`` (How to use this page), ``cmp-cards-game`` (game buttons),
``cmp-cards-type`` (type menu), ``cmp-cards-search`` (text search),
``cmp-cards-stat`` (number to filter by), ``cmp-cards-range`` (its range),
``cmp-cards-count`` (how many cards match), ``cmp-cards-table`` (the table: one row per card,
``data-card`` its id), ``cmp-cards-sections`` (a table split by type), ``cmp-cards-section`` (one
type's part of it, a ``<details>`` that opens and closes, ``data-type`` its type),
``cmp-cards-section-title`` (its line: the type and its count), ``cmp-cards-fields`` (a type of one
card: its fields listed down, ``data-card`` its id), ``cmp-cards-empty`` (no card matches),
``cmp-cards-tiles`` (the tiles), ``cmp-cards-legend`` (under the tiles: what ``*``, a value of
your own correction, means), ``cmp-cards-upload`` (file upload),
``cmp-cards-path`` (a path to check), ``cmp-cards-validate`` (check button),
``cmp-cards-report`` (the validation report panel), ``cmp-cards-add`` (*Add to my cards*, shown under it
for a sheet that checks clean), ``cmp-cards-load-problems`` (card files of your own that could not be
loaded, with their errors).

A card file of your own that does not validate never hides the others: the browser shows
every card that loads and lists the broken file's errors above the table.

The table is for players: plain column titles over left-aligned cells, no ids (the name cell
carries the id as a tooltip, and shows it where two cards share a name), the set said once above the
table when every card shown is of one set, and columns that are empty for every card shown left
out. Cards of several types with too many columns between them for one table (Mice and Mystics'
heroes, minions and search cards each have fields of their own) show one table per type, each in
a section that opens and closes under a line with the type and its count, and scrolls sideways on
its own when wider than the page.
``CardBrowserView.frame`` keeps every field (a pandas DataFrame, for a notebook of your own).
"""

from __future__ import annotations

import html
import itertools
import os
import shlex
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from .. import GAMES, ui
from ..cards import (
    BUNDLED,
    DATA_DIR,
    RECORD_KEY,
    Card,
    CardDB,
    corrected_fields,
    load_what_loads,
    type_name,
    user_data_dir,
)

__all__ = ["BUNDLED", "CardBrowserView", "card_row", "column_title", "left_out_counts", "load_what_loads",
           "page_cards", "plain_fields", "shorten", "show_left_out", "show_load_problems", "table_cells",
           "table_html", "tile_html", "typed_path"]
from ..errors import CompanionError
from ..verdict import plural

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

    from ..cardcsv import AddedBefore

MAX_TILES = 60
MAX_TABLE_ROWS = 100  # rows the table shows at once; the filters narrow the rest
TILE_TEXT = 160  # characters of card text a tile shows (cut at a word, with "…"; the tooltip has it all)
ALL = "(all)"
NO_STAT = "(none)"

#: A colour per card kind for the tiles (Monarchs cards use their own colour).
TILE_COLOURS = {
    "wind": "#5aa9e6", "nature": "#3a9d5d", "fire": "#d1495b", "mountain": "#8d6e63",
    "purple": "#7e57c2", "yellow": "#f2c200", "green": "#43a047", "blue": "#1e88e5",
    "red": "#e53935", "orange": "#fb8c00", "gray": "#9e9e9e", "black": "#202124",
}


def numeric_fields(frame: pd.DataFrame) -> list[str]:
    """Columns holding numbers (unknown values allowed), e.g. atk, power, cost."""
    import pandas as pd

    out = []
    for col in frame.columns:
        if col in ("qty",):
            continue
        values = frame[col].dropna()
        if len(values) and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            out.append(col)
        elif len(values) and pd.api.types.is_numeric_dtype(frame[col]) and frame[col].dtype != bool:
            out.append(col)
    return out


def stat_options(frame: pd.DataFrame, card_type: str = ALL) -> list[str]:
    """The Number menu: :data:`NO_STAT`, then the numbers the cards of ``card_type`` hold
    (:func:`numeric_fields` of those cards alone: a Fruit card has no ATK, so Fruit offers none)."""
    if card_type != ALL and "type" in frame:
        frame = frame[frame["type"] == card_type]
    return [NO_STAT, *numeric_fields(frame)]


def filter_frame(frame: pd.DataFrame, *, card_type: str = ALL, text: str = "", stat: str = NO_STAT,
                 low: float | None = None, high: float | None = None) -> pd.DataFrame:
    """The rows matching every filter; a number filter drops cards whose value is unknown. The text
    search reads the card's type too, as the data writes it and as the game names it (``basic mouse``
    finds the Basic Mouse cards)."""
    rows = frame
    if card_type != ALL and "type" in rows:
        rows = rows[rows["type"] == card_type]
    words = text.strip().lower().split()
    if words:
        cols = [c for c in ("id", "name", "type", "text", "abilities", "ability", "notes") if c in rows]
        blobs = [" ".join(str(v) for v in values if not _missing(v)).lower()
                 + (f" {type_name(str(kind)).lower()}" if "type" in rows and not _missing(kind) else "")
                 for values, kind in zip(rows[cols].itertuples(index=False),
                                         rows["type"] if "type" in rows else [None] * len(rows), strict=True)]
        rows = rows[[all(word in blob for word in words) for blob in blobs]]
    if stat != NO_STAT and stat in rows:
        values = rows[stat]
        keep = values.notna()
        if low is not None:
            keep &= values.fillna(low) >= low
        if high is not None:
            keep &= values.fillna(high) <= high
        rows = rows[keep]
    return rows


#: The words (besides the type) and the numbers a tile shows: field -> label.
_TILE_WORDS = ("attribute", "color", "rank", "suit", "food")
_TILE_NUMBERS = {"atk": "ATK", "def": "DEF", "power": "Power", "cost": "Cost", "influence": "Influence",
                 "crowns": "Crowns", "battle": "Battle", "defense": "Defense", "life": "Life"}
#: What the Table and Tiles tabs show when no card passes the filters (not an empty table or grid).
NO_MATCH_HTML = ("<div class='cmp-cards-empty' style='padding:8px 4px'>No card matches these filters: "
                 "clear the search or choose (all) types to see more.</div>")
#: The line under the tiles when some value on them is the user's own correction (HTML: the command in
#: ``<code>``, for a notebook or a script; the page itself corrects nothing).
CORRECTED_LEGEND = ("* a value you corrected yourself, not the book's: it is kept in the corrections file of "
                    "your card folder (written by <code>companion cards correct</code> on the command line)")



def tile_html(row: dict[str, Any], game: str, *, demo: bool | None = None,
              not_applicable: Collection[str] = (), corrected: Collection[str] = ()) -> str:
    """One card tile: name, type and the numbers that matter for the game.

    ``row`` holds the card's own fields: a field the card does not have is left out of it (a table
    row's empty cell for it is not the card's), and a field the card's type does not have (a Fruit
    card's ATK, by the game's schema) is never shown, so neither reads "unknown". A field the card
    has with a null value is an unknown official value ("unknown"), unless ``not_applicable`` names
    it: null because it does not apply to the card's type (a joker's suit, shown as "—").
    ``demo`` is the card's demo status (:attr:`Card.is_demo`; without it, read from the row's
    ``set`` and ``source`` the same way). ``corrected``: the fields holding a value of the user's own
    correction (:func:`companion.cards.corrected_fields`), shown with a ``*`` (``ATK 3*``), as the
    card list marks them (:data:`CORRECTED_LEGEND` says what it means under the tiles).
    """
    mark = {key: "*" for key in corrected}
    bits = [type_name(row.get("type", ""))]
    for key in _TILE_WORDS:
        if _present(row.get(key)):
            bits.append(str(row[key]) + mark.get(key, ""))
    applies = _type_fields(game, row.get("type"))
    for key, label in _TILE_NUMBERS.items():
        if key not in row or (applies is not None and key not in applies):
            continue
        value = row[key]
        shown = (("—" if key in not_applicable else "unknown") if _missing(value)
                 else f"{int(value)}{mark.get(key, '')}")
        bits.append(f"{label} {shown}")
    # a card without text has NaN there in a table's row (pandas), which is truthy: never shown
    body = next((str(row[k]) for k in ("text", "abilities") if _present(row.get(k))), "")
    colour = TILE_COLOURS.get(next((str(row[k]) for k in ("attribute", "color", "colour")
                                    if _present(row.get(k))), ""))
    if demo is None:
        from ..cards import is_demo_label

        demo = is_demo_label(*(str(row[k]) if _present(row.get(k)) else "" for k in ("set", "source")))
    if demo:
        bits.append("demo")
    return ui.card_tile(str(row.get("name", "")), " · ".join(bits), shorten(body, TILE_TEXT), colour=colour,
                        tooltip=body if len(body) > TILE_TEXT else None)  # the whole text, when cut


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters at a word's end, with "…" (never mid-word, never
    without saying it was cut); a text within ``limit`` stays as it is."""
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    space = cut.rfind(" ")
    if space > limit // 2:  # a word's end not too far back (a long word: cut inside it)
        cut = cut[:space]
    return cut.rstrip(" ,;:.-–—") + "…"


def _type_fields(game: str, card_type: Any) -> frozenset[str] | None:
    """The fields the game's schema gives cards of ``card_type`` (``None``: not known, so any)."""
    from ..validation import card_fields

    try:
        fields = card_fields(game).get(str(card_type))
    except CompanionError:
        return None
    return frozenset(fields) if fields is not None else None


def card_row(row: Mapping[str, Any], card: Card | None) -> dict[str, Any]:
    """A table row (one card's cells) as :func:`tile_html` reads it: only the fields the card has
    (and its ``set``), so a column another card type fills is no field of this card."""
    if card is None:
        return dict(row)
    return {k: v for k, v in row.items() if k in card.data or k == "set"}


def table_cells(rows: pd.DataFrame, unknown: Collection[tuple[str, str]] = (),
                inapplicable: Collection[tuple[str, str]] = ()) -> pd.DataFrame:
    """The cells the Table tab shows: an unknown official value (``unknown``: (card id, field)
    pairs) reads "unknown", a null that does not apply to the card's type (``inapplicable``) "—",
    and a field the card does not have is blank. pandas' missing values (``<NA>``, NaN, None: which
    one depends on the pandas version) never show."""
    shown = rows.drop(columns=[c for c in ("source",) if c in rows]).astype(object)
    shown = shown.where(shown.notna(), "")
    if unknown or inapplicable:
        for i, card_id in zip(shown.index, shown["id"], strict=True):
            for col in shown.columns:
                if (card_id, col) in unknown:
                    shown.at[i, col] = "unknown"
                elif (card_id, col) in inapplicable:
                    shown.at[i, col] = "—"
    return shown


#: Columns the table leaves out: the id (the name cell carries it), the lists of which fields are
#: unknown or uncertain (the cells say "unknown"), and where the data came from.
HIDDEN_COLUMNS = ("id", "unknown", "uncertain", "source")
#: Column titles that are not the field's name in plain words.
_TITLES = {"atk": "ATK", "def": "DEF", "qty": "Copies"}
#: Columns of sentences: given room, so the words wrap in a readable width (and any column holding a
#: cell longer than :data:`_LONG` characters).
_LONG = 40
MANY_COLUMNS = 12  # more than this cannot fit a tablet's width (see :func:`table_html`)
_WIDE = ("text", "abilities", "ability", "notes", "special_rules", "objective", "victory", "defeat",
         "quote", "requirements")


def _short_set(name: str, game_name: str) -> str:
    """A set's name without the game's name it starts with (the page says the game)."""
    if not name.lower().startswith(game_name.lower()):
        return name
    rest = name[len(game_name):].lstrip(" :-–—")
    return rest[:1].upper() + rest[1:] if rest else name


def column_title(field: str) -> str:
    """A field's name as a column title: ``atk`` -> ``ATK``, ``fruit_cost`` -> ``Fruit cost``."""
    return _TITLES.get(field, field.replace("_", " ").capitalize())


def _plain(value: Any) -> str:
    """A nested value in plain words: a record reads ``Nibble (fruit cost 1): Look at ...`` (its
    keys without underscores), a list ``a; b``."""
    if isinstance(value, Mapping):
        rest = {k: v for k, v in value.items() if k not in ("name", "text")}
        head = str(value.get("name", ""))
        if rest:
            inner = ", ".join(f"{k.replace('_', ' ')} {'unknown' if v is None else _plain(v)}"
                              for k, v in rest.items())
            head = f"{head} ({inner})" if head else inner
        return f"{head}: {value['text']}" if value.get("text") else head
    if isinstance(value, list | tuple):
        return "; ".join(_plain(v) for v in value)
    return str(value)


def plain_fields(card: Card | None) -> dict[str, str]:
    """The card's nested fields (abilities, lists) in plain words (see :func:`_plain`), for the
    table and the tiles: the card list's DataFrame writes ``fruit_cost 1``."""
    if card is None:
        return {}
    return {k: _plain(v) for k, v in card.data.items() if isinstance(v, Mapping | list | tuple)}


def table_html(rows: pd.DataFrame, cards: Mapping[str, Card], unknown: Collection[tuple[str, str]] = (),
               inapplicable: Collection[tuple[str, str]] = (), *, limit: int = MAX_TABLE_ROWS,
               game: str | None = None) -> str:
    """The Table tab: the cells of :func:`table_cells` for players. Titles left-aligned over their
    cells; no id column (the name's tooltip has it, and the name cell shows it where two cards shown
    share a name); the set said once above the table when every card shown is of one set (else each
    row's, without the game's name it starts with: ``Demo Court``, given ``game``); a column
    empty for every card shown left out; ``yes``/``no`` for a true/false field; at most ``limit``
    rows. No card: a sentence saying so, not an empty header line.

    Cards of several types whose one table would be too wide for a tablet (more than
    :data:`MANY_COLUMNS` columns: Mice and Mystics' heroes, minions and search cards each have fields
    of their own) show one collapsible section per type instead (:func:`_sections_html`)."""
    if rows.empty:
        return NO_MATCH_HTML
    shown = table_cells(rows.head(limit), unknown, inapplicable)
    more = (f"<div>… and {len(rows) - limit} more (narrow the filters)</div>" if len(rows) > limit else "")
    types = sorted({str(t) for t in shown["type"]}) if "type" in shown else []
    if len(types) > 1 and len(_filled_columns(shown)) >= MANY_COLUMNS:  # (with the name: more than that)
        return _sections_html(shown, cards, types, game) + more
    return _one_table(shown, cards, game) + more


#: When a filter leaves this many cards or fewer, every type's section of :func:`_sections_html` is
#: open (a search's finds show at once); with more, only the first is.
FEW_CARDS = 12
#: The least width of a column of sentences in a type's table (:func:`_sections_html`): a Notes
#: column never wraps into a tall narrow strip; a table too wide for the page scrolls sideways.
SECTION_WIDE = "18em"
#: The most of the window's height a card table takes (:func:`_one_table`): a longer one scrolls in its own
#: box, under its header row, which stays on top. A header row sticks only inside the box it scrolls in
#: (ipywidgets' boxes and tabs are such boxes, none of them as high as the window), so that box is the
#: table's own.
TABLE_HEIGHT = "75vh"


def _sections_html(shown: pd.DataFrame, cards: Mapping[str, Card], types: Sequence[str],
                   game: str | None) -> str:
    """The table split by type: a line saying so, then one collapsible section per type
    (``<details class='cmp-cards-section'>``, ``data-type`` its type's id) whose line reads the type
    (:func:`type_name`) and its count (``Hero · 6 cards``); open, it shows a table of only the columns
    that type's cards fill, without the type column, scrolling sideways in its own box when wider than
    the page. A type of a single card shows as a list of its fields (:func:`_field_list`) rather than
    one row of many columns. The first section is open, or every one when few cards are shown
    (:data:`FEW_CARDS`)."""
    parts = {t: shown[shown["type"].astype(str) == t].copy() for t in types}
    sections = []
    for n, (card_type, part) in enumerate(parts.items(), 1):
        title = (f"<summary class='cmp-cards-section-title' style='cursor:pointer;padding:8px 0;"
                 f"font-weight:bold;font-size:15px'>{html.escape(type_name(card_type))}"
                 f" <span style='color:{ui.COLOURS['muted']};font-weight:normal'>· "
                 f"{plural(len(part), 'card')}</span></summary>")
        scope = f"cmp-cards-df-{n}"
        body = (_field_list(part, cards, game, scope=scope, drop=("type",)) if len(part) == 1 else
                _one_table(part, cards, game, scope=scope, drop=("type",), wide=SECTION_WIDE))
        opened = " open" if n == 1 or len(shown) <= FEW_CARDS else ""
        sections.append(f"<details class='cmp-cards-section' data-type='{html.escape(card_type, quote=True)}'"
                        f"{opened} style='margin-bottom:6px;border-bottom:1px solid #eee;padding-bottom:4px'>"
                        f"{title}{body}</details>")
    return (f"<div style='margin:2px 0 6px 0'>{plural(len(types), 'type')}, a table each: tap a type to open "
            f"or close its table (or choose it under Type to see it alone).</div>"
            f"<div class='cmp-cards-sections'>{''.join(sections)}</div>")


def _filled_columns(shown: pd.DataFrame, drop: Collection[str] = ()) -> list[str]:
    """The columns of ``shown`` a table shows besides the name: not hidden, not in ``drop``, and not
    empty for every card shown."""
    return [c for c in shown.columns if c not in HIDDEN_COLUMNS and c != "name" and c not in drop
            and any(str(v) != "" for v in shown[c])]


def _shown_columns(shown: pd.DataFrame, game: str | None, drop: Collection[str]) -> tuple[list[str], str]:
    """The columns a table of ``shown`` has (the name first, see :func:`_filled_columns`), and the line
    above it naming the set when every card shown is of one set (else each row's set loses the game's
    name it starts with: ``shown`` is changed)."""
    head = ""
    sets = [s for s in dict.fromkeys(str(v) for v in shown["set"]) if s] if "set" in shown else []
    columns = _filled_columns(shown, drop)
    if len(sets) == 1 and "set" in columns:
        columns.remove("set")
        head = f"<div style='margin:2px 0 6px 0'>Set: <b>{html.escape(sets[0])}</b></div>"
    elif "set" in columns and game in GAMES:  # "Of Mice and Monarchs Demo Court" on each row: "Demo Court"
        named = GAMES[str(game)]
        shown["set"] = [_short_set(str(v), named) for v in shown["set"]]
    return (["name"] if "name" in shown else []) + columns, head


def _name_cell(card_id: str, name: str, twice: Collection[str]) -> str:
    """A card's name cell: the id on its tooltip, and under the name where two cards shown share it."""
    tag = (f"<br><small style='color:{ui.COLOURS['muted']}'>id: {html.escape(card_id)}</small>"
           if name in twice and card_id else "")
    return f"<td title='{html.escape(card_id, quote=True)}'><b>{html.escape(name)}</b>{tag}</td>"


def _cell(value: Any, plain: str | None, wide: bool) -> str:
    """A field's cell: ``yes``/``no`` for a truth value, the card's nested field in plain words
    (``plain``), a column of sentences (``wide``) in a div its width is set on."""
    if type(value).__name__ in ("bool", "bool_"):  # (a Python or a numpy truth value)
        text = "yes" if value else "no"
    elif isinstance(value, str) and value in ("unknown", "—", ""):
        text = value
    else:
        text = plain if plain is not None else str(value)
    return (f"<td><div class='cmp-wide'>{html.escape(text)}</div></td>" if wide and text
            else f"<td>{html.escape(text)}</td>")


def _one_table(shown: pd.DataFrame, cards: Mapping[str, Card], game: str | None, *,
               scope: str = "cmp-cards-df", drop: Collection[str] = (), wide: str = "9em") -> str:
    """One table of the cells ``shown`` (see :func:`table_html`), without the columns in ``drop``.
    ``scope``: the class its style is written for, one of its own for each table of a page showing
    several (their columns differ, so do their widths); ``wide``: the least width of a column of
    sentences (a table of more than :data:`MANY_COLUMNS` columns gives them more)."""
    ids = [str(i) for i in shown["id"]] if "id" in shown else [""] * len(shown)
    names = [str(n) for n in shown["name"]] if "name" in shown else [""] * len(shown)
    twice = {n for n in names if names.count(n) > 1}
    columns, head = _shown_columns(shown, game, drop)
    longest = {c: max(len(str(v)) for v in shown[c]) for c in columns}
    sentences = {c for c in columns if c != "name" and (c in _WIDE or longest[c] > _LONG)}
    # a column of short words (a type, a colour) never breaks inside one ("basic-" / "mouse")
    short = [i for i, c in enumerate(columns, 1) if c not in sentences and c != "name" and longest[c] <= 24]
    df = f".{scope}"
    # the header row stays on top while the rows scroll under it (:data:`TABLE_HEIGHT`), on the page's
    # background (no row shows through) and with its line under it as a shadow (a collapsed table's borders
    # scroll away with the rows)
    style = (f"<style>{df}{{border-collapse:collapse}} {df} th{{text-align:left;"
             f"vertical-align:bottom;padding:4px 6px;position:sticky;top:0;z-index:1;"
             f"background:var(--jp-layout-color1,#fff);box-shadow:inset 0 -2px 0 #ccc}}"
             f"{df} td{{text-align:left;vertical-align:top;padding:4px 6px;line-height:1.4;"
             f"border-bottom:1px solid #eee}} {df} td:first-child{{min-width:6em}}"
             # (a cell's own min-width is ignored: its text goes in a div); a table of many columns (card
             # types of many fields: pick a type to narrow it) cannot fit the page: it scrolls in its box,
             # its texts given room rather than squeezed into tall narrow columns
             + (f"{df}{{width:max-content}} {df} .cmp-wide{{min-width:16em;max-width:22em}}"
                if len(columns) > MANY_COLUMNS else f"{df} .cmp-wide{{min-width:{wide};max-width:36em}}")
             + "".join(f"{df} td:nth-child({i}){{white-space:nowrap}}" for i in short)
             + "</style>")
    body = []
    for (_i, row), card_id, name in zip(shown.iterrows(), ids, names, strict=True):
        plain = plain_fields(cards.get(card_id))
        if "type" in columns:  # as the game names it ("Basic Mouse"), not its id
            plain["type"] = type_name(row["type"])
        cells = [_name_cell(card_id, name, twice) if col == "name" else
                 _cell(row[col], plain.get(col), col in sentences) for col in columns]
        body.append(f"<tr data-card='{html.escape(card_id, quote=True)}'>{''.join(cells)}</tr>")
    titles = "".join(f"<th>{html.escape(column_title(c))}</th>" for c in columns)
    classes = "cmp-cards-df" if scope == "cmp-cards-df" else f"cmp-cards-df {scope}"
    return (f"{style}{head}" + _sideways(f"<table class='{classes}'><thead><tr>{titles}</tr></thead>"
                                         f"<tbody>{''.join(body)}</tbody></table>", height=TABLE_HEIGHT))


def _field_list(shown: pd.DataFrame, cards: Mapping[str, Card], game: str | None, *, scope: str,
                drop: Collection[str] = ()) -> str:
    """One card's fields as a list, a field's title beside its value on each line
    (``cmp-cards-fields``, ``data-card`` its id): a card of many fields (Mice and Mystics' chapter)
    reads down the page rather than across one row thousands of pixels wide."""
    columns, head = _shown_columns(shown, game, drop)
    row = shown.iloc[0]
    card_id = str(row["id"]) if "id" in shown else ""
    plain = plain_fields(cards.get(card_id))
    df = f".{scope}"
    style = (f"<style>{df}{{border-collapse:collapse}} {df} th, {df} td{{text-align:left;vertical-align:top;"
             f"padding:4px 6px;line-height:1.4;border-bottom:1px solid #eee}} {df} th{{white-space:nowrap;"
             f"padding-right:14px}} {df} .cmp-wide{{max-width:48em}}</style>")
    lines = "".join(f"<tr><th scope='row'>{html.escape(column_title(col))}</th>"
                    + (_name_cell(card_id, str(row[col]), ()) if col == "name"
                       else _cell(row[col], plain.get(col), True)) + "</tr>" for col in columns)
    return (f"{style}{head}" + _sideways(f"<table class='cmp-cards-df {scope} cmp-cards-fields' "
                                         f"data-card='{html.escape(card_id, quote=True)}'>"
                                         f"<tbody>{lines}</tbody></table>"))


def _sideways(table: str, *, height: str | None = None) -> str:
    """``table`` in a box of the page's width that scrolls sideways when the table is wider (width 0,
    at least the page's: a wide table never widens the page); given a ``height``, at most that high, a
    longer table scrolling up and down in it too (its header row stays on top: :func:`_one_table`)."""
    if height is None:
        return f"<div style='overflow-x:auto;width:0;min-width:100%'>{table}</div>"
    box = f"overflow:auto;width:0;min-width:100%;max-height:{height}"
    return f"<div class='cmp-cards-table-box' style='{box}'>{table}</div>"


#: The quotes a pasted path may come in (a file manager's "Copy as path", a shell's, a word processor's).
_QUOTES = {('"', '"'), ("'", "'"), ("\u201c", "\u201d"), ("\u2018", "\u2019")}


def typed_path(text: str) -> str:
    """A path as typed or pasted into the path box: spaces around it and the quotes around a
    pasted path (``"C:\\My cards\\mine.json"``, ``'~/cards.json'``) taken off, ``~`` expanded."""
    path = text.strip()
    while len(path) >= 2 and (path[0], path[-1]) in _QUOTES:
        path = path[1:-1].strip()
    return os.path.expanduser(path) if path.startswith("~") else path


def _missing(value: Any) -> bool:
    """Whether a cell is empty: None, NaN, or pandas' ``NA`` (what a DataFrame gives for an empty
    cell depends on the pandas version: ``to_dict`` gives ``NA`` in pandas 2, None in pandas 3)."""
    if value is None:
        return True
    try:
        return bool(value != value)  # NaN
    except (TypeError, ValueError):  # pandas' NA: "boolean value of NA is ambiguous"
        return type(value).__name__ == "NAType"


def _present(value: Any) -> bool:
    return not _missing(value) and value != ""


def show_load_problems(panel: w.HTML, game: str, skipped: Mapping[str, Sequence[str]],
                       closing: Callable[[int, int], str], *, said: str = "") -> None:
    """Say in ``panel`` which card files of yours (and corrections) were left out, each with its
    errors, or that the game's cards could not be loaded at all: one panel for the card and deck
    pages. ``closing(files, corrections)``: the page's own advice after the count; ``said``: an info
    line when everything loaded (else the panel is emptied)."""
    left = dict(skipped)
    bundled = left.pop(BUNDLED, None)
    lines = [line for path, problems in left.items()
             for line in (f"{path}: left out", *(f"  {p}" for p in problems))]
    name = GAMES[game]
    if bundled is not None:
        ui.show(panel, "error", f"The {name} cards could not be loaded", [*bundled, *lines])
    elif left:
        n_files, n_records = left_out_counts(left)
        parts = []
        if n_files:
            parts.append(f"{n_files} of your {name} card files")
        if n_records:
            parts.append(f"{n_records} of your corrections")
        ui.show(panel, "warn", f"{' and '.join(parts)} could not be loaded and "
                               f"{'are' if len(left) != 1 else 'is'} left out; {closing(n_files, n_records)}",
                lines)
    elif said:
        ui.show(panel, "info", said, [])
    else:
        panel.value = ""


def left_out_counts(skipped: Mapping[str, Sequence[str]]) -> tuple[int, int]:
    """How many card files of yours and how many of your corrections (left out one by one) ``skipped``
    names (as :func:`~companion.cards.load_what_loads` gives them; the bundled cards failing,
    :data:`BUNDLED`, is not one of yours): the count the load problems panel and the print page say."""
    mine = [key for key in skipped if key != BUNDLED]
    records = sum(bool(RECORD_KEY.search(key)) for key in mine)
    return len(mine) - records, records


def show_left_out(panel: w.HTML, game: str, skipped: Mapping[str, Sequence[str]], *,
                  then: str = "open this page again",
                  goes_on: str = "this page uses the other cards") -> None:
    """:func:`show_load_problems` for a page with no *Reload card data* button (a tracker, the
    planners, the print page): it goes on with the other cards (``goes_on`` says how); ``then``: what
    reads the files again once they are fixed."""
    show_load_problems(panel, game, skipped,
                       lambda files, corrections: fix_then(files, corrections, goes_on, then))


def fix_then(files: int, corrections: int, goes_on: str, then: str) -> str:
    """The advice after the count of card files left out: how the page goes on, and what to do, in plain
    words (the panel lists every problem, so it names no command)."""
    them = "them" if files + corrections != 1 else "it"
    return f"{goes_on}. Fix {them} as listed below, then {then}."


def page_cards(game: str, panel: w.HTML) -> CardDB:
    """``game``'s cards for a page that reads them once: a card file of yours that does not load is
    left out, as every command leaves it out (:func:`~companion.cards.load_what_loads`), and said in
    ``panel`` with its errors (:func:`show_left_out`), so the page builds on the bundled cards and your
    other files (empty only when even the bundled cards do not load, which the panel says)."""
    db, skipped = load_what_loads(game)
    show_left_out(panel, game, skipped)
    return db


#: The upload button's words, before a file is taken.
UPLOAD_LABEL = "Upload a file"


def _where_it_goes(raw: bytes) -> list[str]:
    """For a card file that checks clean: where to put it for every tool to read its cards (the card
    folder of the game it names), as a line of the report; the page adds only CSV sheets itself. Empty
    when the file names no game."""
    import json

    try:
        game = json.loads(raw.decode("utf-8-sig")).get("game")
    except (ValueError, AttributeError):
        return []
    if game not in GAMES:
        return []
    return [f"To use its cards, put the file in your {GAMES[game]} card folder, {user_data_dir() / game}: "
            "every tool reads it from there."]


def _card_file_name(sheet: str) -> str:
    """The card file a sheet becomes: its name's stem as a file name, ``.json`` (``My Cards.csv`` ->
    ``my-cards.json``)."""
    from ..textio import slug

    return f"{slug(Path(sheet).stem, default='my-cards')}.json"


#: The page's help (collapsed under "How to use this page"): for everyone, then for a notebook only.
HELP = (
    "Pick a game, then filter its cards by <b>type</b>, by <b>text</b> (name, type, card text, ability "
    "names) and by a <b>range</b> of any number on the cards of that type (ATK, Power, cost, crowns...). "
    "The result shows as a table or as card tiles (a tile's tooltip holds its whole text).",
    "Demo cards (Village TCG, TMNT TCG, the Monarchs Court) are made up to exercise the tools and say so "
    "in their set; the rule books hold no card lists. Mice and Mystics records come from the rule book "
    "text; a value it does not show is <i>unknown</i>.",
    "<b>Check a card file of your own</b>: upload a JSON card file "
    "(<code>{\"game\": ..., \"set\": ..., \"cards\": [...]}</code>) or a CSV sheet for the chosen game, "
    "or type its path, and press <i>Check file</i>. Every problem is listed with its place in the file "
    "(<code>/cards/5/power</code>), what was expected and what was found, and for a misspelt field the "
    "closest known name.",
    "A CSV sheet that checks clean can go straight into your cards: press <i>Add to my cards</i> under the "
    "report, and the page writes it as a card file in your card folder for the game (it never replaces a "
    "file there: a name that is taken gets a number) and says where it went.",
    "Put finished files in your user data folder (<code>~/.companion/&lt;game&gt;/</code>) and every tool "
    "loads them. A file there that does not validate is left out of the browser: the message above the "
    "table names it and lists its errors, and every other card stays browsable.",
)
HELP_NOTEBOOK = (
    "From the command line: <code>companion validate my-cards.json</code> checks a file (<code>companion "
    "validate</code> alone checks all the bundled data, your card folders and your format files); "
    "<code>companion cards import GAME sheet.csv "
    "--out my-cards.json</code> turns a sheet into a card file.",
    "For your own analysis in a notebook: <code>browser.frame</code> holds the chosen game's cards as a "
    "<b>pandas</b> DataFrame, one row per card and one column per field (it follows the game buttons): "
    "<code>browser.frame.describe()</code>, "
    "<code>browser.frame[browser.frame.type == \"basic-mouse\"]</code>.",
)


class CardBrowserView:
    """Browse and filter a game's cards; validate a card file of your own."""

    def __init__(self, game: str = "village") -> None:
        self.game = game
        self.db: CardDB | None = None
        self.frame: pd.DataFrame | None = None
        self._quiet = False
        self.game_buttons = w.ToggleButtons(options=[(name, gid) for gid, name in GAMES.items()],
                                            value=game, style={"button_width": "auto"})
        self.game_buttons.add_class("cmp-cards-game")
        described = {"style": {"description_width": "initial"}}
        self.type_menu = w.Dropdown(description="Type", options=[ALL], value=ALL, **described,
                                    layout=w.Layout(width="260px"))
        self.type_menu.add_class("cmp-cards-type")
        self.search = w.Text(description="Search", placeholder="name, text, ability...",
                             continuous_update=False, **described, layout=w.Layout(width="320px"))
        self.search.add_class("cmp-cards-search")
        self.stat_menu = w.Dropdown(description="Number", options=[NO_STAT], value=NO_STAT, **described,
                                    layout=w.Layout(width="260px"))
        self.stat_menu.add_class("cmp-cards-stat")
        self.range = w.IntRangeSlider(description="Range", value=(0, 10), min=0, max=10, **described,
                                      disabled=True, continuous_update=False, layout=w.Layout(width="320px"))
        self.range.add_class("cmp-cards-range")
        self.count = w.HTML()
        self.count.add_class("cmp-cards-count")
        self.load_problems = w.HTML()
        self.load_problems.add_class("cmp-cards-load-problems")
        #: Card files of your own left out of the browser because they do not load: path -> errors.
        self.skipped: dict[str, list[str]] = {}
        self.table = w.HTML()
        self.table.add_class("cmp-cards-table")
        self.tiles = w.HTML()
        self.tiles.add_class("cmp-cards-tiles")
        self.results = w.Tab(children=[self.table, self.tiles])
        self.results.set_title(0, "Table")
        self.results.set_title(1, "Tiles")
        self.status = ui.panel()

        self.upload = ui.upload_button(UPLOAD_LABEL, ".json,.csv")  # (its label: its tooltip, never "(0)")
        self.upload.add_class("cmp-cards-upload")
        self.path = w.Text(description="or a path", placeholder="my-cards.json",
                           style={"description_width": "initial"}, layout=w.Layout(width="380px"))
        self.path.add_class("cmp-cards-path")
        self.check_button = ui.big_button("Check file", style="primary", icon="check")
        self.check_button.add_class("cmp-cards-validate")
        self.report = ui.panel()  # the check's verdict, right under its controls (empty until a check)
        self.report.add_class("cmp-cards-report")
        self.add_button = ui.big_button("Add to my cards", style="success", icon="plus",
                                        tooltip="Write the sheet as a card file in your card folder")
        self.add_button.add_class("cmp-cards-add")
        self.add_button.layout.display = "none"  # until a sheet checks clean
        #: The sheet that checked clean, which *Add to my cards* writes: (game, its bytes, its name).
        self.sheet: tuple[str, bytes, str] | None = None
        #: The file uploaded last (its bytes and name), which *Check file* checks again while it is newer
        #: than what the path box holds (:meth:`check_file`); ``None``: none, or the path typed since.
        self.uploaded: tuple[bytes, str] | None = None

        self.game_buttons.observe(ui.guarded(self.status)(self._on_game), names="value")
        self.type_menu.observe(ui.guarded(self.status)(self._on_type), names="value")
        for widget in (self.search, self.range):
            widget.observe(ui.guarded(self.status)(self._on_filter), names="value")
        self.stat_menu.observe(ui.guarded(self.status)(self._on_stat), names="value")
        self.upload.observe(ui.guarded(self.report)(self._on_upload), names="value")
        self.path.observe(self._on_path, names="value")
        self.check_button.on_click(ui.guarded(self.report)(lambda _b: self.check_file()))
        self.add_button.on_click(ui.guarded(self.report)(lambda _b: self.add_sheet()))

        self.help = ui.help_box(HELP, HELP_NOTEBOOK)

        self.widget = w.VBox([
            ui.header("Card browser", "Every card of the five games, and your own"),
            self.help,
            self.game_buttons,
            ui.row(self.type_menu, self.search),
            ui.row(self.stat_menu, self.range),
            self.status, self.load_problems, self.count, self.results,
            w.HTML(f"<h3 style='margin-bottom:2px'>Check a card file of your own</h3>"
                   f"<div style='color:{ui.COLOURS['muted']}'>A JSON card file, or a CSV sheet for the "
                   "chosen game: upload it (it is checked at once) or type its path; <b>Check file</b> "
                   "checks the one you gave last (again, once you changed it or your cards).</div>"),
            ui.row(self.upload, self.path, self.check_button),
            self.report,
            self.add_button,
        ])
        self.widget.add_class("cmp-cards-page")
        ui.guarded(self.status)(self.load)(game)
        if self.frame is None:  # nothing loaded at all: the status says why; the frame is empty
            import pandas as pd

            self.frame = pd.DataFrame(columns=["id", "name", "type", "set"])

    # -- data and filters ------------------------------------------------------------

    def load(self, game: str) -> None:
        """Load a game's cards (bundled and your own) and reset the filters.

        A file of your own that does not load is left out and its errors are listed
        (``load_problems``); the other cards stay browsable.
        """
        self.game = game
        self.db, self.skipped = load_what_loads(game)
        self._show_load_problems()
        frame = self.db.frame()
        if frame.empty:
            import pandas as pd

            frame = pd.DataFrame(columns=["id", "name", "type", "set"])
        if "set" not in frame:
            frame.insert(min(3, len(frame.columns)), "set", [c.set for c in self.db])
        self.frame = frame
        types = sorted({c.type for c in self.db})
        self.type_menu.options = [(ALL, ALL), *((type_name(t), t) for t in types)]
        self.type_menu.value = ALL
        self.search.value = ""
        self.stat_menu.options = stat_options(frame)
        self.stat_menu.value = NO_STAT
        self.range.disabled = True
        self.refresh()

    def filtered(self) -> pd.DataFrame:
        assert self.frame is not None
        low, high = (None, None) if self.range.disabled else self.range.value
        return filter_frame(self.frame, card_type=self.type_menu.value, text=self.search.value,
                            stat=self.stat_menu.value, low=low, high=high)

    def refresh(self) -> None:
        rows = self.filtered()
        total = len(self.frame) if self.frame is not None else 0
        demo = {c.id for c in self.db if c.is_demo} if self.db is not None else set()
        # a joker's suit: "—", not unknown
        inapplicable = self.db.not_applicable_cells() if self.db is not None else set()
        self.count.value = (f"<b>{len(rows)}</b> of {total} {html.escape(GAMES[self.game])} cards"
                            + (" · demo cards are made up to exercise the tools" if demo else ""))
        unknown = self.db.unknown_cells() if self.db is not None else set()
        cards = {c.id: c for c in self.db} if self.db is not None else {}
        # "unknown", "—", never pandas' <NA>; plain titles and words, no ids
        self.table.value = table_html(rows, cards, unknown, inapplicable, game=self.game)
        na: dict[str, set[str]] = {}
        for card_id, col in inapplicable:
            na.setdefault(card_id, set()).add(col)
        tiles = []
        marked = False  # some value shown is a correction of yours: the legend says what * means
        for r in rows.head(MAX_TILES).to_dict("records"):
            card = cards.get(str(r.get("id")))
            corrected = corrected_fields(card) if card is not None else frozenset()
            marked = marked or any(card is not None and card.get(f) is not None
                                   for f in corrected & {*_TILE_WORDS, *_TILE_NUMBERS})
            shown = card_row(r, card)
            shown.update((k, v) for k, v in plain_fields(card).items() if k in shown)  # "fruit cost 1"
            tiles.append(tile_html(shown, self.game, demo=r.get("id") in demo,
                                   not_applicable=na.get(str(r.get("id")), ()), corrected=corrected))
        more = f"<div>… and {len(rows) - MAX_TILES} more (narrow the filters)</div>" \
            if len(rows) > MAX_TILES else ""
        legend = f"<div class='cmp-cards-legend'>{CORRECTED_LEGEND}</div>" if marked else ""
        none = "" if tiles else NO_MATCH_HTML
        self.tiles.value = "<div>" + "".join(tiles) + "</div>" + none + more + legend
        self.status.value = ""

    def _on_game(self, change: dict[str, Any]) -> None:
        self.load(change["new"])
        self._offer(None)  # a sheet checked for the game before is not this game's

    def _on_filter(self, _change: dict[str, Any]) -> None:
        if not self._quiet:
            self.refresh()

    def _on_type(self, change: dict[str, Any]) -> None:
        """A type chosen: the Number menu offers only the numbers its cards hold (:func:`stat_options`);
        a number they do not hold is set back to (none), which clears its range."""
        if self._quiet or self.frame is None:
            return
        options = stat_options(self.frame, change["new"])
        if list(self.stat_menu.options) != options:
            stat = self.stat_menu.value
            self._quiet = True
            try:
                self.stat_menu.options = options
                self.stat_menu.value = stat if stat in options else NO_STAT
            finally:
                self._quiet = False
            if stat not in options:
                self.range.disabled = True
        self.refresh()

    def _on_stat(self, change: dict[str, Any]) -> None:
        if self._quiet:  # (the menu's options changing with the type: _on_type keeps its value)
            return
        stat = change["new"]
        if stat == NO_STAT or self.frame is None:
            self.range.disabled = True
        else:
            values = self.frame[stat].dropna()
            lo, hi = (int(values.min()), int(values.max())) if len(values) else (0, 0)
            self._quiet = True
            try:
                self.range.max = max(hi, lo + 1, self.range.max)
                self.range.min = lo
                self.range.max = max(hi, lo + 1)
                self.range.value = (lo, hi)
                self.range.disabled = False
            finally:
                self._quiet = False
        self.refresh()

    def _show_load_problems(self) -> None:
        """Say which card files were left out, and why (empty when everything loaded)."""
        def closing(files: int, _corrections: int) -> str:
            it = "them" if files != 1 else "it"
            return "the other cards are shown." + (f" Fix {it} (or check {it} below)." if files else "")

        show_load_problems(self.load_problems, self.game, self.skipped, closing)

    # -- checking a file of your own -------------------------------------------------

    def check_bytes(self, raw: bytes, name: str, *, on_disk: bool = False) -> None:
        """Validate an uploaded file (JSON card file, or CSV sheet for the chosen game); ``on_disk``:
        ``name`` is the file's path on this computer (typed in the path box), not an upload's name.
        A sheet that checks clean is offered to *Add to my cards* (:meth:`add_sheet`)."""
        from ..validation import validate_bytes

        self._offer(None)
        if name.lower().endswith(".csv"):
            from ..cardcsv import CsvImportError, added_before, import_csv

            try:
                doc = import_csv(self.game, raw, file=name, on_page=True)
            except CsvImportError as exc:
                if (kept := added_before(self.game, exc)) is not None:  # (the sheet as converted)
                    self._say_added_before(name, kept, on_disk=on_disk)
                    return
                ui.show(self.report, "error", f"{name}: {plural(len(exc.problems), 'problem')}", exc.problems)
                return
            sheet = shlex.quote(name) if on_disk else "SHEET.csv"  # (an upload's name is no path)
            out = shlex.quote(str(user_data_dir() / self.game / _card_file_name(name)))
            command = f"companion cards import {self.game} {sheet} --out {out}"
            named = GAMES[self.game]
            self.report.value = ui.panel_html("ok", f"{name}: a valid {named} sheet", [
                f"{plural(len(doc['cards']), 'card')}. Press <b>Add to my cards</b> to keep them: the page "
                f"writes them as a card file in your {html.escape(named)} card folder, where every tool "
                "reads them.",
                f"For a script, the same from the command line: <code>{html.escape(command)}</code>"],
                raw=True)
            self._offer((self.game, raw, name))
            return
        report = validate_bytes(raw, file=name)
        self.show_report(report, more=_where_it_goes(raw) if report.ok else [])

    def _say_added_before(self, name: str, kept: AddedBefore, *, on_disk: bool) -> None:
        """Say that the sheet ``name`` is in the user's cards already (``kept``: the card file holding its
        cards, as it has them), in the words ``cards import`` uses (:meth:`AddedBefore.said`)."""
        head, where, change, command = kept.said(self.game, shlex.quote(name) if on_disk else "SHEET.csv")
        self.report.value = ui.panel_html("info", f"{name}: {head}", [
            html.escape(where),
            f"{html.escape(change)} from the command line: <code>{html.escape(command)}</code>"], raw=True)

    def _offer(self, sheet: tuple[str, bytes, str] | None) -> None:
        """Show *Add to my cards* for ``sheet`` (the game it checked clean for, its bytes and name), or
        hide it (``None``: no sheet, or one that did not check clean, or another game's)."""
        self.sheet = sheet
        self.add_button.layout.display = "none" if sheet is None else ""

    def add_sheet(self) -> Path | None:
        """*Add to my cards*: the sheet that checked clean, written as a card file in the user's card folder
        for its game, as ``companion cards import`` converts it (checked again against the cards loaded
        now: the folder may have changed since); the file written. A file there is never replaced: a taken
        name gets a number (``mine-2.json``), claimed before it is written. The report says where it went,
        and the browser reads the cards again to show them. ``None``: the sheet no longer checks clean
        (the report lists why; nothing is written)."""
        from ..cardcsv import CsvImportError, card_file_text, import_csv
        from ..cards import CORRECTIONS_NAME
        from ..highscores import LEGACY_NAME
        from ..textio import numbered_name, write_new
        from ..validation import validate_paths

        if self.sheet is None:
            raise CompanionError("no sheet to add", expected="a CSV sheet checked clean: check one first")
        game, raw, name = self.sheet
        folder = user_data_dir() / game
        folder.mkdir(parents=True, exist_ok=True)
        taken: list[str] = []
        for n in itertools.count(1):
            path = folder / numbered_name(_card_file_name(name), n)
            if path.name in (CORRECTIONS_NAME, LEGACY_NAME):  # (read otherwise, or not at all)
                continue
            if path.exists():
                taken.append(path.name)
                continue
            try:
                doc = import_csv(game, raw, file=name, out=path, on_page=True)
            except CsvImportError as exc:  # (a card of the sheet is among yours since it was checked)
                self._offer(None)
                ui.show(self.report, "error", f"{name}: {plural(len(exc.problems), 'problem')}; nothing was "
                                              "added", exc.problems)
                return None
            try:
                write_new(path, card_file_text(doc).encode("utf-8"))
            except FileExistsError:  # another window took the name meanwhile: the next one
                taken.append(path.name)
                continue
            break
        self._offer(None)
        warnings = [i.render() for i in validate_paths([path]).warnings]
        kept = (f" ({', '.join(taken)} was already there and is kept)" if len(taken) == 1 else
                f" ({', '.join(taken)} were already there and are kept)" if taken else "")
        ui.show(self.report, "warn" if warnings else "ok",
                f"Added {plural(len(doc['cards']), 'card')} to your {GAMES[game]} cards",
                [f"Saved as {path}{kept}; every tool reads it from there, and the browser above shows "
                 "them now.", *warnings])
        self.load(game)  # (the sheet is the game's shown: another game's is never offered)
        return path

    def check_file(self) -> None:
        """*Check file*: the file uploaded last, while the path box has not been typed in since (a sheet
        is checked against the cards loaded now, which may have changed), else the path typed."""
        if self.uploaded is not None:
            self.check_bytes(*self.uploaded)
        else:
            self.check_path()

    def _on_path(self, _change: dict[str, Any]) -> None:
        """The path typed is the file given last: *Add to my cards* no longer adds the sheet checked
        before (an upload, or another path), which the report says; *Check file* checks the path."""
        self.uploaded = None
        if self.sheet is not None:
            name = self.sheet[2]
            self._offer(None)
            ui.show(self.report, "info", f"{name}: not added", [
                f"{name} checked clean, but the path box changed since, so Add to my cards is hidden: "
                "press Check file to check the path typed, then add what it checks."])

    def check_path(self) -> None:
        """Validate the file or folder typed in the path box."""
        from ..textio import within
        from ..validation import validate_paths

        path = typed_path(self.path.value)
        if not path:
            raise CompanionError("no file given", expected="a card file uploaded, or the path of a card file "
                                                           "or folder typed")
        if path.lower().endswith(".csv"):  # a sheet, checked as an upload of it is
            from ..cardcsv import read_csv_file

            self.check_bytes(read_csv_file(path), path, on_disk=True)
            return
        self._offer(None)
        report = validate_paths([path])
        # (a file in your card folder, or a bundled one, is read already)
        mine = Path(path).is_file() and any(within(Path(path).parent, f) for f in (user_data_dir(), DATA_DIR))
        self.show_report(report, more=_where_it_goes(Path(path).read_bytes())
                         if report.ok and Path(path).is_file() and not mine else [])

    def show_report(self, report: Any, more: Sequence[str] = ()) -> None:
        """The validation report in the report panel, and ``more`` lines after its issues."""
        lines = [*(i.render() for i in report.issues), *more]
        kind = "ok" if report.ok and not report.warnings else ("warn" if report.ok else "error")
        ui.show(self.report, kind, report.summary(), lines)

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        try:
            raw, name = bytes(item["content"]), str(item["name"])
        finally:
            self.upload.value = ()  # emptied, so the same file uploaded again is checked again
        self.upload.tooltip = f"Upload another file (last: {shorten(name, 40)})"  # its label: never "(0)"
        self.uploaded = raw, name
        self.check_bytes(raw, name)
