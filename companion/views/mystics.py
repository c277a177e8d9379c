"""Mice and Mystics chapter dashboard: initiative track, cheese wheel, chapter track, the party, odds.

One screen for the table, with tablet-sized buttons. Every action is an event in
``<user data>/logs/mystics.jsonl`` (autosave; Undo/Redo; reopening the notebook resumes
the chapter). Starting a new chapter keeps the old log under a dated name. The rules
live in :mod:`companion.mystics` (pure functions); this module only shows and clicks.

Every control that writes is refused on a stale page (another window wrote the log since the page
was drawn: :meth:`MysticsDashboard.act`), before anything is read from what it shows; a control that
cannot work is off, its tooltip saying why. What a control did (every message it added) shows once, under
its section's buttons; the status says the table's state (whose turn, the round; the end of a chapter for as
long as it stands) and what no section says: what an Undo or Redo took back or brought back, what Start
chapter did (its section closes), another window's action. Pickers come back to the player's choice when an
undo brings it back.

CSS classes for browser tests:
``cmp-mystics-dashboard`` (the page), ``cmp-mystics-start`` (start chapter button),
``cmp-mystics-mice`` (hero picker), ``cmp-mystics-start-abilities`` (a starting ability picker per
mouse), ``cmp-mystics-minions-input``, ``cmp-mystics-status``, ``cmp-mystics-card-data`` (card data corrected
since the chapter read it, or read from today's data by an older log),
``cmp-mystics-undo``, ``cmp-mystics-redo``, ``cmp-mystics-initiative`` (the track; the current
card carries ``cmp-mystics-current`` in its HTML), ``cmp-mystics-next-turn``,
``cmp-mystics-wheel`` (the cheese wheel), ``cmp-mystics-add-cheese`` (+1), ``cmp-mystics-add-cheese-2``,
``cmp-mystics-remove-cheese``, ``cmp-mystics-cheese-rolls`` (the rolls of a surge's ambush the cheese
buttons trigger), ``cmp-mystics-surge-alert``, ``cmp-mystics-hourglass`` (the chapter
track), ``cmp-mystics-achievement``, ``cmp-mystics-encounter`` (reveal button),
``cmp-mystics-room``, ``cmp-mystics-party``, ``cmp-mystics-mouse-<id>`` (each mouse's box),
``cmp-mystics-minions`` (minions on the board), ``cmp-mystics-wound-minion``,
``cmp-mystics-defeat-minion``, ``cmp-mystics-minion-life`` and ``cmp-mystics-set-minion-life`` (the
chosen minion type's life, from its initiative card), ``cmp-mystics-minion-life-hint`` (asks for it while
unknown), ``cmp-mystics-add-minion-type`` and ``cmp-mystics-add-minion-count``
(minions a chapter rule places), ``cmp-mystics-add-minions`` (their button), in each mouse's box
``cmp-mystics-pilfer`` (only for a mouse with Pilfer), ``cmp-mystics-greedy`` (a greedy roach steals
a cheese), ``cmp-mystics-share-to``,
``cmp-mystics-share-cheese``, ``cmp-mystics-share-card`` (each copy of a card held in two places offered
apart: Filch's Dagger in his paw, the one in his pack), ``cmp-mystics-share-discard`` (the card a
receiver with a full pack discards, shown only then) and ``cmp-mystics-share`` (its button);
``cmp-mystics-chapter-actions`` (the end of the chapter section): ``cmp-mystics-end-move``,
``cmp-mystics-end-page`` (the chapter end marker's buttons), ``cmp-mystics-victory``,
``cmp-mystics-victory-note`` (minions left on the board when the chapter's Victory clears them),
``cmp-mystics-defeat-reason``, ``cmp-mystics-defeat``; ``cmp-mystics-corrections`` (initiative
corrections): ``cmp-mystics-order`` (the order put together), ``cmp-mystics-order-up``,
``cmp-mystics-order-down``, ``cmp-mystics-order-reset``, ``cmp-mystics-set-order``,
``cmp-mystics-turn-pick``, ``cmp-mystics-set-turn``; ``cmp-mystics-messages``,
``cmp-mystics-odds`` (odds tab), ``cmp-mystics-odds-brodie`` (Brodie's cheese not to the wheel),
``cmp-mystics-odds-result``, ``cmp-mystics-load-problems`` (card files of yours left out, above the tabs).

A card file of yours that does not load is left out, as every command leaves it out: the page reads
the bundled cards and your other files (:class:`PageTracker`), and says which file was left out and why.
"""

from __future__ import annotations

import difflib
import functools
import html
import re
import shlex
import time
from collections.abc import Callable, Collection, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple, cast

import ipywidgets as w
import traitlets

from .. import cite, possessive, ui
from ..cards import BUNDLED, leaving_out
from ..errors import CompanionError, LogError, UnknownCardError, did_you_mean
from ..eventlog import old_log_kept, redone_said, seed_from_text
from ..mystics import limits as lim
from ..mystics import names as nm
from ..mystics import odds as od
from ..mystics.chapter import (
    INDIVIDUAL_ACHIEVEMENTS,
    WHEEL_SIZE,
    figure_words,
    move_chapter_end,
    put_chapter_end,
)
from ..mystics.data import die_notes
from ..mystics.initiative import InitCard
from ..mystics.party import (
    LEVEL_UP_COST,
    PARTY_ITEMS_WORDS,
    SLOTS,
    UNEQUIP_SLOT_ADVICE,
    Gear,
    HeroInfo,
    Mouse,
    equipped_names,
    held_places,
    needs_discard,
    pack_names,
    party_items,
    place_of,
    share_choice,
    shared_copy,
)
from ..mystics.tracker import (
    CAPTURED_CANNOT,
    HOUSE_READINGS,
    PILFER,
    PUT_END_MARKER,
    MysticsState,
    MysticsTracker,
    PackCard,
    RollsNeeded,
    TypedRollsError,
    achievement_name,
    achievement_refusal,
    achievement_typo,
    boss_cards_on_track,
    captured_error,
    chapter_part,
    data_notes,
    end_marker_move_refusal,
    end_refusal,
    figure_room,
    figure_wounds,
    free_action_refusal,
    greedy_refusal,
    has_pilfer,
    not_its_turn,
    party_setup_refusal,
    pilfer_refusal,
    rescue_refusal,
    rolls_for,
    rolls_refusal,
    share_refusal,
    story_move,
    turn_words,
    victory_warning,
    why_not_discard,
    why_not_equip,
    why_not_gain,
    why_not_level_up,
    why_not_unequip,
)
from ..probability import share
from ..verdict import counted, plural
from .cards import show_left_out

ACCENT = "#d68910"
#: The placeholders show input that works: minion types by id or name (see companion.mystics.names).
ENCOUNTER_MINIONS_EXAMPLE = "spider=1, roaches=2"
ENCOUNTER_SURGE_EXAMPLE = "its surge: centipede=1, or its text"
ROOM_SURGE_EXAMPLE = "special surge: 2 rat warriors, or its text"
#: The individual achievements (rule book back cover), as the Achievement box offers them.
INDIVIDUAL_NAMES = tuple(achievement_name(key) for key in INDIVIDUAL_ACHIEVEMENTS)
#: The longest defeat reason the page takes: it shows in the chapter track and the messages.
MAX_REASON = 200
CONDITION_LABELS = {
    "stunned": "Stunned",
    "webbed": "Webbed",
    "knocked_down": "Knocked down",
    "charmed": "Charmed",
    "poisoned": "Poisoned",
    "cursed": "Cursed",
}


#: "How to use this page", collapsed under the title (ui.help_box), for everyone, then for a
#: notebook only (the command line): the notebook keeps a one-line lead.
HELP = (
    "<b>New chapter</b>: choose the mice, the minions on the board at the start "
    "(<code>rat-warriors=3</code>) and the chapter end page. The initiative cards are shuffled (leave "
    "<i>Seed</i> blank for a random shuffle; the seed is saved so the chapter replays exactly). The "
    "hourglass starts on page 1.",
    "<b>Initiative track</b>: the card whose turn it is is highlighted; press <b>Next turn</b>. The "
    "tracker applies the Rat Warriors' <i>Aggressive</i> swap, removes a charmed marker, rescues a "
    "captured mouse when no minions are left, and adds the <i>Time is Short!</i> cheese after the last "
    "mouse's turn when the board is empty.",
    "<b>Cheese wheel</b>: <b>+1 cheese</b> / <b>+2 cheese</b> for every cheese rolled for a minion. At "
    "6 the wheel surges: the hourglass moves one page, and the room's special surge or the face-up "
    "encounter card's surge is placed.",
    "<b>Encounter and room</b>: reveal an encounter (its minions, e.g. <code>spider=1, "
    "roaches=2</code>; <i>Ambush</i> with the rolls from the table, 1 to 3 each; its surge: minions "
    "such as <code>centipede=1</code> or <code>2 rat warriors</code>, checked at once, or the surge's "
    "own text); enter a room with a special surge. Minion types may be typed by id or name.",
    "<b>The party</b>: each mouse's starting ability card (chosen at <i>New chapter</i>), wounds, "
    "poison, cheese, capture and rescue, conditions, level up, the pack and equipment (equip, share, "
    "<i>Pilfer</i>), and <i>Set life</i> for a Life the card data does not know. <b>Battle odds</b>: "
    "exact chances for an attack either way (a defense dice modifier such as Filch's dagger's −1; Brodie, "
    "whose cheese never goes to the wheel), mousetraps and searches.",
    "Every action is saved at once: <b>Undo</b>, <b>Redo</b>, and reopening this page resumes the "
    "chapter. Rules: <i>mice-and-mystics.txt</i> (Determining Initiative Order, Game round, Surges, "
    "Captured Mouse); house readings are named where they are used.",
)
HELP_NOTEBOOK = (
    "On the command line: <code>companion mystics replay LOG.jsonl [--json]</code> prints a saved chapter; "
    "<code>companion odds mystics attack --battle 3 --defense 2 --life 2</code> gives the exact odds of one "
    "attack.",
)


class PageTracker(MysticsTracker):
    """The page's tracker: it reads the card data as every command does, a card file of yours that does
    not load left out (:func:`~companion.cards.leaving_out`; the page says which), so one broken file
    stops none of the chapter. While the page opens inside its own :func:`~companion.cards.leaving_out`,
    the files left out are those it found and its cards are taken (your folder is not read again). The
    card data is read once for all its kinds (:class:`~companion.cards.KeptCards`)."""

    LEAVES_OUT = True


class News(NamedTuple):
    """What one of the page's actions said: the state it left, its lines (every message it added), and the
    click it came from (:meth:`MysticsDashboard.guard` counts them)."""

    state: MysticsState
    lines: list[str]
    click: int


def _pc(p: Fraction | float) -> str:
    """A chance for the page: never 0.0% when it can happen, escaped ("<0.1%")."""
    return html.escape(share(Fraction(p)))


def default_log() -> Path:
    """The page's log when it is given none: in the user data folder's logs folder, which is made
    if missing (:func:`~companion.ui.default_log`)."""
    return ui.default_log("mystics.jsonl")


def archive_name(path: Path) -> Path:
    """A name for a finished chapter's log beside ``path``: dated, and not the name of any file
    already there (two chapters started within a second get ``-2``, ``-3``...)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 1
    while True:
        target = path.with_name(f"{path.stem}-{stamp}{f'-{n}' if n > 1 else ''}{path.suffix}")
        if not target.exists():
            return target
        n += 1


def kept_words(kept: Path) -> str:
    """Where Start chapter kept the previous chapter's log, and how to open it again."""
    return (f"The previous chapter was kept in {kept}: to open it again, run mystics_page({str(kept)!r}) "
            f"in a notebook cell (it goes on from where it was), or read it with: companion mystics replay "
            f"{shlex.quote(str(kept))}")


#: The log's words in tracker messages, and this page's for them (its buttons and boxes).
PAGE_WORDS = (
    ("log defeat_minion", "press “Remove figure”"),
    ("(set_stats)", "(its Life box and “Set life” under Minions on the board)"),
    ("(defeat_minion, or the wound that defeats it",
     "(“Remove figure”, or the “Wound minion” that defeats it"),
    ("press Next turn (end_turn) first", "press Next turn first"),
    ("undo it (undo), or correct the turn (set_turn)",
     "press Undo, or correct it with “Set turn” (Correct the initiative order or turn)"),
    ("press Next turn (end_turn) to begin the next turn, or correct the turn (set_turn)",
     "press Next turn, or correct it with “Set turn” (Correct the initiative order or turn)"),
    ("correct the turn (set_turn): Next turn (end_turn) would",
     "correct it with “Set turn” (Correct the initiative order or turn): Next turn would"),
    ("(add_minions)", "(“Add minions” under Minions on the board)"),
    ("(--minions ", "(the Minions box of “New chapter”: "),
    ('add "force": true for a chapter rule', "only a chapter rule allows it before then"),
    ('add "card"', "choose the card in the Boss card box"),
    (PUT_END_MARKER, "put it on a page with “Put end marker on page” (Chapter end marker, victory, defeat)"),
    # a card equipped twice: Unequip takes the copy in the Slot box's slot (the page never leaves it out then)
    (UNEQUIP_SLOT_ADVICE, "choose the slot it is in, in the Slot box beside its name"),
    # an individual achievement not earned as logged (Individual Achievements: Scaper, Poisonmaster)
    ("(capture; or the wound that captured it)", "(the mouse's “Capture”, or the “Wound” that captured it)"),
    ('(wound with "poison": true; then capture, if the wound did not capture it)',
     "(the mouse's “Poison”, then “Capture” if the wound did not capture it)"),
)


def _discard_first(match: re.Match[str]) -> str:
    """A full pack's advice, in this page's steps: “To pack” and “Unequip” have no discard choice, so the
    card that makes room is discarded first, with the mouse's own Discard (Equip)."""
    name, pack = match.group(1), match.group(2)
    return (f"type a card of {possessive(name)} pack ({pack}) in its search card box and press Discard "
            "first, then try again")


#: The log's fields in tracker messages that name a value, and this page's box for them (or, for the
#: discard that makes room in a full pack, the page's steps: :func:`_discard_first`).
PAGE_FIELDS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r'\("by": "[^"]*"\)'), "(the “Defeated by” box beside “Remove figure”)"),
    (re.compile(r'"by": "[^"]*"'), "the “Defeated by” box beside “Remove figure”"),
    (re.compile(r"choose a card (.+?) discards to make room \(pack: (.*)\)$"), _discard_first),
)


def whose_turn(state: MysticsState) -> str:
    """Whose turn it is, as the status's title says it (the tracker's words as a turn begins), or whose
    card is next."""
    cur, nxt = state.current, state.next_card
    return turn_words(cur.name) if cur else f"Next: {nxt.name}" if nxt else "Next: the top card"


def page_words(message: str) -> str:
    """A tracker message in this page's words: the page's buttons, not the log's event names."""
    for log, page in PAGE_WORDS:
        message = message.replace(log, page)
    for field, box in PAGE_FIELDS:
        message = field.sub(box, message)
    return message


def _btn(label: str, css: str, style: str = "", icon: str = "", *, repeatable: bool = False) -> w.Button:
    """A tablet-sized button as wide as its words (ui.big_button's: never cut to "…" on a narrow screen;
    ``repeatable``: every quick tap counts)."""
    b = ui.big_button(label, style=style, icon=icon, repeatable=repeatable)
    b.add_class(css)
    return b


#: How alike (difflib's ratio) a card name typed must be to a card of the data to be asked about as a typo of
#: it ("Dager": Dagger, 0.91); a shorter name inside a card's ("Bow", "Fork") is a card of the table's own.
TYPO_LIKENESS = 0.8

#: The chapter end marker's buttons; :data:`CONFIRM_LOSS`: either one's label once a tap said that it
#: loses the chapter
END_LABELS = {"move": "Move end marker", "page": "Put end marker on page"}
CONFIRM_LOSS = "Confirm: lose the chapter"

#: A described box's label takes the room its words need (never cut): ``style=`` of a described input.
LABEL = {"description_width": "initial"}


def _typed_box(width: str) -> w.Layout:
    """The layout of a box typed in beside tablet-sized buttons: 40px tall, its label and its input centred
    in that height, so they sit on the buttons' middle line (an input is less tall: at the top of its box,
    it sat above the buttons' middle)."""
    return w.Layout(width=width, height="40px", align_items="center")


def _caption(css: str) -> w.HTML:
    """An empty line under a group of buttons that says why those that are off are off
    (:func:`companion.ui.off_reasons`)."""
    caption = w.HTML()
    caption.add_class(css)
    return caption


#: Why the Poisoned toggle is no control of its own: it follows the poison wounds (Poisoned).
POISONED_FOLLOWS = ("poisoned follows the poison wounds: Poison adds one, Cure poison removes one "
                    f"(an antidote or cure: {cite('mystics', 'Poisoned')})")

#: The box an ambush's die rolls are typed in (the encounter's, Add minions', the wheel's), in refusals.
ROLLS_BOX = "Rolls box"
#: Why the chapter's controls are off before a chapter starts.
NO_CHAPTER = "no chapter yet: start one under “New chapter”"
#: Why every control is off on a log this page cannot use (ui.TrackerPage._lock_if_unusable's words).
UNUSABLE = ui.UNUSABLE


def ended_words(lost: bool) -> str:
    """Why play's controls are off once the chapter is won or lost (the status says it already)."""
    section = "Defeat" if lost else "Victory"
    return (f"the chapter is {'lost' if lost else 'won'}: play does not go on ({cite('mystics', section)}); "
            "Undo takes it back")


#: :func:`ended_words` for a chapter lost (``True``) and won: the same words on every redraw, worked out once.
ENDED = {lost: ended_words(lost) for lost in (True, False)}
#: Why controls are off that the page says already, in its status (no chapter yet, a log it cannot use, the
#: chapter won or lost): not said again under every group of buttons.
SAID_ALREADY = (NO_CHAPTER, UNUSABLE, *ENDED.values())
#: As :data:`SAID_ALREADY`, in a mouse's box: the Poisoned marker's reason is said once, above the party
#: (:func:`party_note_html`).
SAID_ABOVE_MOUSE = (*SAID_ALREADY, POISONED_FOLLOWS)


class _Off(NamedTuple):
    """A control as :func:`companion.ui.off_reasons` reads it (its label, off, why), with the reason a
    mouse's box says for it: a captured mouse's one reason (:func:`mouse_off_html`)."""

    description: str
    tooltip: str
    disabled: bool = True


def mouse_off_html(widgets: list[Any], m: Mouse, stopped: Collection[Any]) -> str:
    """Why the buttons of a mouse's box that are off are off (:func:`companion.ui.off_reasons`), collapsed
    under one line, "Why 4 buttons are off": most say what the mouse's line shows already (no wounds, no
    cheese, not captured), and four boxes of them pushed the party far down the page. The buttons the
    capture of captured ``m`` stops (``stopped``) share one reason, said once (each button's tooltip says
    what it stops); "" when none is off."""
    once = captured_error(m).render() if any(x in stopped for x in widgets) else ""
    said = [_Off(str(x.description), once) if x in stopped else x for x in widgets]
    off = [x for x in said if x.disabled and (x.tooltip or "").strip() not in ("", *SAID_ABOVE_MOUSE)]
    if not off:
        return ""
    listed = ui.off_reasons(off, heading="")
    why = f"Why {len(off)} buttons are off" if len(off) != 1 else "Why 1 button is off"
    return (f"<details class='cmp-mystics-why-off' style='color:{ui.COLOURS['muted']}; font-size:13px'>"
            f"<summary>{why}</summary>{listed}</details>")


_NAME = re.compile(r"[^\W\d][\w -]*")  # a minion type: words (letters first), spaces, _ and -
_COUNT_FIRST = re.compile(r"(\d+)\s+(.+)")  # "2 rat warriors", as the books print it


def _parse_part(part: str) -> tuple[str, int, bool]:
    """One ``name=N``, ``N name`` or ``name`` -> (name, count, whether the count was written)."""
    if "=" in part:
        name, _, n = part.partition("=")
        name, n = name.strip(), n.strip()
        explicit = True
    elif m := _COUNT_FIRST.fullmatch(part):
        n, name = m.group(1), m.group(2).strip()
        explicit = True
    else:
        name, n, explicit = part, "1", False
    bad = CompanionError(
        f"bad minion count {part if len(part) <= 60 else part[:40] + '...'!r}",
        expected="type=number or number type, e.g. rat-warriors=3 or 2 roaches",
    )
    if not n.isdecimal() or not _NAME.fullmatch(name):
        raise bad
    try:
        count = int(n)
    except ValueError:  # thousands of digits: more than int() reads
        raise bad from None
    return "_".join(name.lower().replace("-", " ").split()), count, explicit


def parse_counts(text: str, *, explicit: list[bool] | None = None) -> dict[str, int]:
    """``"rat_warriors=3, 2 roaches, spider"`` -> ``{"rat_warriors": 3, "roaches": 2, "spider": 1}``.

    Raises :class:`CompanionError` for anything else. ``explicit`` (a list) receives, per
    part, whether it wrote its count.
    """
    out: dict[str, int] = {}
    body = text.strip().rstrip(".")
    for part in body.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        name, count, written = _parse_part(part)
        if name in out:
            raise CompanionError(f"minion type {name!r} is listed twice", found=repr(text))
        out[name] = count
        if explicit is not None:
            explicit.append(written)
    return out


def parse_ints(text: str) -> list[int] | None:
    """``"2 1 3"`` -> ``[2, 1, 3]``; empty -> ``None`` (draw from the seed)."""
    parts = text.replace(",", " ").split()
    if not parts:
        return None
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise CompanionError(f"bad die rolls {text!r}", expected="numbers like 2 1 3") from None


def _pips(colour: str, n: int) -> str:
    """``n`` small squares, at most :data:`~companion.mystics.limits.DRAWN_LIFE` of them (then "…")."""
    more = "…" if n > lim.DRAWN_LIFE else ""
    return "".join(
        f"<span style='display:inline-block;width:14px;height:14px;margin:1px;border-radius:3px;"
        f"border:1px solid #999;background:{colour}'></span>"
        for _ in range(min(n, lim.DRAWN_LIFE))
    ) + more


def figures_words(figures: tuple[int, ...], life: int | None, boss_cards: Sequence[InitCard] = ()) -> str:
    """A minion type's figures on the board in words, each wounded one by its number in the Figure box
    ("3 figures, life 2 · figure 1: 1 wound"), never the log's list of wounds ("[1, 0, 0]"); at most
    :data:`~companion.mystics.limits.DRAWN_FIGURES` wounded figures are named (an older log's long list).
    A boss's life and wounds are on its ``boss_cards`` on the track (Wounds on boss minions): said there,
    each card's, not "life unknown" (:func:`~companion.mystics.tracker.boss_cards_on_track`)."""
    if boss_cards:
        each = ", ".join(f"{x.name} {x.wounds}/{x.life if x.life is not None else '?'}" for x in boss_cards)
        return (f"{plural(len(figures), 'figure')}, life on its boss initiative cards (wounds/life): {each} "
                f"({cite('mystics', 'Wounds on boss minions')})")
    wounded = [(i, n) for i, n in enumerate(figures, 1) if n]
    named = [f"figure {i}: {plural(n, 'wound')}" for i, n in wounded[:lim.DRAWN_FIGURES]]
    if len(wounded) > lim.DRAWN_FIGURES:
        named.append(f"… {len(wounded) - lim.DRAWN_FIGURES} more wounded")
    head = f"{plural(len(figures), 'figure')}, life {life if life is not None else 'unknown'}"
    return f"{head} · {', '.join(named)}" if named else f"{head} · none wounded"


def wheel_html(state: MysticsState) -> str:
    """The minion cheese wheel: six slots, filled ones yellow."""
    n = state.board.wheel
    slots = "".join(
        f"<span style='display:inline-block;width:38px;height:38px;border-radius:50%;margin:3px;"
        f"border:2px solid #b7950b;background:{'#f4d03f' if i < n else '#fdfefe'}'></span>"
        for i in range(WHEEL_SIZE)
    )
    return (
        f"<div><b>Minion cheese wheel</b> {n}/{WHEEL_SIZE}<br>{slots}<br><small>"
        f"{plural(len(state.board.surges), 'surge')} so far · "
        f"{html.escape(cite('mystics', 'Surges'))}</small></div>"
    )


def surge_must_be_resolved(state: MysticsState) -> bool:
    """Whether the surge the latest action triggered leaves the table something to do: minions it placed
    (an ambush among them), or a surge given in words or an encounter's with no minions entered, whose
    figures the table places by hand (Surges, steps 2 and 3). A surge with no room surge and no face-up
    encounter card only moved the hourglass."""
    if not state.alert or not state.board.surges:
        return False
    surge = state.board.surges[-1]
    return bool(surge.minions or surge.text or surge.source != "none")


def surge_html(state: MysticsState, said_below: bool = False) -> str:
    """The surge the latest action triggered: a large red panel when the table must resolve it (or it lost
    the chapter), else a calm amber line (the hourglass moved, nothing to place); "" when the latest action
    triggered none. ``said_below``: the panel under the button that caused it says the surge, so this one
    only heads it (a sentence is said once on a screen)."""
    if not state.alert:
        return ""
    below = "<small>(what it does: under the button pressed)</small>"
    if state.board.defeated:
        title = "SURGE! The chapter is lost with it: play does not go on"
    elif surge_must_be_resolved(state):
        title = "SURGE! Resolve it before play goes on"
    else:
        page = state.board.surges[-1].page if state.board.surges else state.board.hourglass
        return (f"<div class='companion-panel companion-warn' style='border-color:{ui.COLOURS['warn']}'>"
                f"<b style='color:{ui.COLOURS['warn']}'>Surge: hourglass moved to page {page}</b> "
                + (below if said_below else
                   "<small>(no room surge and no face-up encounter card: no minions are placed; "
                   f"{html.escape(cite('mystics', 'Surges'))})</small>") + "</div>")
    if said_below:
        return ("<div style='font-size:20px'>" + ui.panel_html("error", title, []) + below + "</div>")
    return "<div style='font-size:20px'>" + ui.panel_html("error", title, [state.alert]) + "</div>"


def party_note_html(state: MysticsState, card_name: Callable[[str], str] = str) -> str:
    """What holds for the whole party, said once above the mice's boxes: the party items (their cards lie by
    the story control board, shared by the party, in no mouse's pack: Party Items), the mice whose life the
    card data does not know (typed in each mouse's Life box, so wounds can capture), and why Poisoned is no
    button. ``card_name`` shows a card recorded by id by its name."""
    unknown = [m.name for m in state.mice if m.life is None]
    lines = []
    items = party_items(state.mice, card_name)
    if items:
        where = html.escape(cite("mystics", "Party Items"))
        lines.append(f"{PARTY_ITEMS_WORDS} ({where}): <b>{html.escape(', '.join(items))}</b>")
    if unknown:
        lines.append(f"<span style='color:{ui.COLOURS['warn']}'>Life unknown in the card data for "
                     f"{html.escape(', '.join(unknown))}: type it from the hero card in the mouse's Life box "
                     "(“Pack, equipment, life, share”), so that wounds can capture.</span>")
    lines.append(f"<span style='color:{ui.COLOURS['muted']}'>The Poisoned marker is not a button: "
                 f"{html.escape(POISONED_FOLLOWS)}.</span>")
    return "<small>" + "<br>".join(lines) + "</small>"


def chapter_html(state: MysticsState) -> str:
    """The chapter track: pages 1..end with the hourglass and the chapter end marker.

    At most :data:`~companion.mystics.limits.DRAWN_PAGES` pages are drawn one by one; a longer track
    (an older log's) shows "…", the markers' pages past it and the number of pages.
    """
    b = state.board
    pages, total = lim.drawn_pages(b.hourglass, b.chapter_end)
    cells = []
    for p in pages:
        if p is None:
            cells.append(f"<span style='display:inline-block;vertical-align:top;margin:2px'>… ({total} pages)"
                         "</span>")
            continue
        here = p == b.hourglass
        end = p == b.chapter_end
        bg = "#c0392b" if here and end else "#f5b041" if here else "#5d6d7e" if end else "#f2f3f4"
        fg = "white" if end else "#202124"
        mark = ("<small>hourglass</small>" if here else "") + (
            "<small>END</small>" if end and not here else "")
        cells.append(  # (top-aligned: a cell with a marker's word under its number sits level with others)
            "<span style='display:inline-block;vertical-align:top;min-width:46px;height:46px;"
            "line-height:20px;padding:0 4px;box-sizing:border-box;text-align:center;margin:2px;"
            f"border-radius:6px;background:{bg};color:{fg}'>{p}<br>{mark}</span>"
        )
    verdict = (  # (a defeat's reason is said once: in the status, or under the button that lost the chapter)
        "<b style='color:#b3261e'>Chapter lost</b>"
        if b.defeated
        else "<b style='color:#1b7f3b'>Victory!</b>"
        if b.victory
        else f"{counted(lim.show(b.pages_left), 'page', 'pages')} before the chapter end marker"
    )
    verdict = (f"Hourglass on page {lim.show(b.hourglass)}, chapter end marker on page "
               f"{lim.show(b.chapter_end)}. " + verdict)
    enc = (
        f"Face-up encounter card: <b>{html.escape(b.encounter.name)}</b>"
        if b.encounter
        else "No face-up encounter card"
    )
    room = (
        (
            f" · Room: <b>{html.escape(b.room.name)}</b>"
            + (" (special surge)" if b.room.has_special_surge else "")
        )
        if b.room
        else ""
    )
    return (f"<div><b>Chapter track</b> {''.join(cells)}<br>{verdict}<br><small>{enc}{room}</small>"
            f"{achievements_html(state)}</div>")


def achievements_html(state: MysticsState) -> str:
    """The achievements the party holds, each with the mouse that holds it ("Roachmaster (Filch)"): an
    individual achievement's effect lasts the whole chapter (Individual Achievements), so the table sees
    it; "" while none is held."""
    held = [achievement_name(key) + (f" ({state.mouse(mid).name})" if mid else "")
            for key, mid in state.board.achievements]
    return f"<br><small>Achievements: <b>{html.escape(', '.join(held))}</b></small>" if held else ""


def track_html(state: MysticsState) -> str:
    """The initiative track, top first, the card whose turn it is highlighted."""
    groups = {g.id: g for g in state.minions}
    tiles = []
    ended = state.board.defeated or state.board.victory  # (no turn is taken once the chapter is over)
    nxt = state.next_card if state.current is None and not ended else None
    for i, card in enumerate(state.track):
        current = i == state.current_index and not ended
        upcoming = nxt is not None and card.id == nxt.id
        if card.kind == "mouse":
            m = state.mouse(card.id)
            sub = (
                "captured" if m.captured else ", ".join(CONDITION_LABELS[c] for c in m.conditions) or "mouse"
            )
            colour = "#2e86c1"
        elif card.kind == "boss":
            sub = f"boss · wounds {card.wounds}/{card.life if card.life is not None else '?'}"
            colour = "#7d3c98"
        else:
            g = groups.get(card.minion or card.id)  # Brodie's two cards share his figure
            n = len(g.figures) if g else 0
            hurt = sum(1 for x in g.figures if x) if g else 0  # (the minions' line names which, in words)
            sub = plural(n, "figure") + (f" · {hurt} wounded" if hurt else "")
            colour = "#922b21"
        border = "4px solid #f39c12" if current else "3px dashed #f39c12" if upcoming else "1px solid #ccc"
        cls = "cmp-mystics-card cmp-mystics-current" if current else "cmp-mystics-card"
        arrow = "▶ " if current else "next: " if upcoming else ""
        tiles.append(
            f"<div class='{cls}' style='display:inline-block;vertical-align:top;min-width:110px;"
            f"margin:3px;padding:6px 8px;border-radius:8px;border:{border};"
            f"border-left:8px solid {colour};background:{'#fef9e7' if current else '#fffdf7'}'>"
            f"<small>{i + 1}</small> <b>{arrow}{html.escape(card.name)}</b><br>"
            f"<small>{html.escape(sub)}</small></div>"
        )
    head = f"<b>Initiative track</b> · round {state.round}" + (
        f" · <i>the chapter is {'lost' if state.board.defeated else 'won'}: play has ended</i>" if ended
        else " · <i>new order: the next turn is the top card's</i>"
        if state.turn == -1 and state.track
        else " · <i>the card whose turn it was has left the track</i>"
        if state.current is None and state.track
        else ""
    )
    return f"<div>{head}<br>{''.join(tiles) or '<i>empty</i>'}</div>"


def mouse_html(state: MysticsState, mid: str, card_name: Callable[[str], str] = str) -> str:
    """A mouse's wounds, cheese, conditions, equipment and pack; ``card_name`` shows a card recorded
    by id (starting equipment) by its name."""
    m = state.mouse(mid)
    life = m.life if m.life is not None else "?"
    hearts = ""
    if m.life is not None:
        hearts = (
            _pips("#c0392b", min(m.wounds, m.life))
            + _pips("#27ae60", min(m.poison, max(m.life - m.wounds, 0)))
            + _pips("#ecf0f1", max(m.life - m.total_wounds, 0))
        )
    conds = ", ".join(CONDITION_LABELS[c] for c in m.conditions)
    equip = ", ".join(equipped_names(m, card_name)) or "nothing"
    # (a party item lies by the story control board, shared: shown above the party, not in a pack)
    pack = ", ".join(pack_names(m, card_name)) or "empty"
    status = "<b style='color:#b3261e'>CAPTURED</b> · " if m.captured else ""
    # (a life the card data does not know, "?", is asked for once above the party: party_note_html)
    return (
        f"<div style='font-size:17px'><b>{html.escape(m.name)}</b> {status}"
        f"wounds {m.wounds} + poison {m.poison} / life {life} {hearts} · cheese <b>{m.cheese}</b></div>"
        f"<small>{html.escape(conds) or 'no conditions'} · equipped: {html.escape(equip)} · pack "
        f"{m.pack_load}/3: {html.escape(pack)} · abilities: "
        f"{html.escape(', '.join(m.abilities)) or 'none'}</small>"
    )


def typed_life(text: str) -> int | None:
    """A life typed in a Life box (a mouse's or a minion type's): ``None`` when blank; a whole number
    from 1 to the limit, else refused quoting what was typed."""
    text = text.strip()
    if not text:
        return None
    if not text.isdecimal() or not 1 <= int(text[:6]) <= lim.MAX_LIFE:
        raise CompanionError(f"bad life {text[:20]!r} in the Life box",
                             expected=f"a whole number from 1 to {lim.MAX_LIFE}: {lim.LIFE_WHY}")
    return int(text)


#: How a life is set now, in this page's words (:func:`card_data_html`).
SET_LIFE_ON_PAGE = ("type it in the mouse's Life box and press Set life (a minion type's: its Life box and "
                    "Set life under Minions on the board)")


def card_data_html(tracker: MysticsTracker, state: MysticsState) -> str:
    """What ``mystics replay`` says of the chapter's card data (:func:`.data_notes`), as a panel:
    values corrected since the chapter read them (it keeps what its lines recorded, the new values apply
    from the next chapter) and values older lines read from today's data; "" when there are none."""
    if not state.started:
        return ""
    try:
        lines = data_notes(tracker, state, set_life=SET_LIFE_ON_PAGE)
    except CompanionError:  # (card data that cannot be loaded: the page says so elsewhere)
        return ""
    return ui.panel_html("warn", "Card data", lines) if lines else ""


class MicePicker(w.VBox):
    """The party of a new chapter: one toggle per hero of the card data, on (ticked, blue) for a mouse in
    the party. One tap adds or leaves out one mouse: a multiple-choice list dropped every other mouse on a
    plain click (Ctrl or Shift kept them) and showed its choice in pale grey. ``value`` is the ids chosen,
    as a tuple, as the list's was (set it to choose them; observe it for changes); a mouse tapped on joins
    at the end. The party's size is the rules' to check when the chapter starts (Game setup)."""

    value = traitlets.Tuple()

    def __init__(self, options: list[tuple[str, str]], value: tuple[str, ...] = ()) -> None:
        self.options = list(options)
        self.toggles: dict[str, w.ToggleButton] = {}
        for name, mid in self.options:
            toggle = w.ToggleButton(description=name, tooltip=f"{name}: tap to add to the party or leave out",
                                    layout=w.Layout(width="auto", min_width="96px", height=ui.BUTTON_HEIGHT))
            toggle.add_class(f"cmp-mystics-pick-{mid}")
            self.toggles[mid] = toggle
        self.chosen = w.HTML()
        self.chosen.add_class("cmp-mystics-party-chosen")
        head = w.HTML("<b>Mice</b> <small>(tap a mouse to add it to the party or leave it out)</small>"
                      if self.options else "<b>Mice</b> <small>(no hero cards in the card data: type the "
                      "mice under Also)</small>")
        super().__init__([head, w.HBox(list(self.toggles.values()), layout=w.Layout(flex_flow="row wrap")),
                          self.chosen])
        self._syncing = False
        for toggle in self.toggles.values():
            toggle.observe(self._tapped, "value")
        self.observe(lambda _c: self._show(), "value")
        self.value = tuple(value)
        self._show()

    @traitlets.validate("value")
    def _known(self, proposal: dict[str, Any]) -> tuple[str, ...]:
        """Only heroes offered, each once (as the list refused any other value)."""
        value = tuple(proposal["value"])
        unknown = [v for v in value if v not in self.toggles]
        if unknown:
            raise traitlets.TraitError(f"not a hero offered: {', '.join(map(str, unknown))}")
        return tuple(dict.fromkeys(value))

    def _tapped(self, _change: dict[str, Any]) -> None:
        if self._syncing:
            return
        kept = [m for m in self.value if self.toggles[m].value]
        self.value = (*kept, *(m for m, t in self.toggles.items() if t.value and m not in kept))

    def _show(self) -> None:
        """Each toggle as the value has it: ticked and blue when in the party; the party in words."""
        self._syncing = True
        try:
            for mid, toggle in self.toggles.items():
                on = mid in self.value
                toggle.value = on
                toggle.button_style = "info" if on else ""
                toggle.icon = "check" if on else ""
        finally:
            self._syncing = False
        names = dict((mid, name) for name, mid in self.options)
        party = [names[m] for m in self.value]
        self.chosen.value = (f"<small>In the party: {html.escape(', '.join(party))} "
                             f"({len(party)} {'mouse' if len(party) == 1 else 'mice'})</small>" if party
                             else "<small>No mouse chosen yet (or type them under Also).</small>")


class MouseBox:
    """One mouse's row: its state and tablet-sized buttons for the common actions."""

    def __init__(self, dash: MysticsDashboard, mid: str) -> None:
        self.mid = mid
        self.dash = dash
        self.info = w.HTML()
        # the box's message panels: under its rows of buttons, and under the pack, life and share controls
        self.msg = dash.section_messages.panel("cmp-mystics-mouse-message")
        self.extra_msg = dash.section_messages.panel("cmp-mystics-mouse-extra-message")
        # why the box's buttons that are off are off, in words under them (ui.off_reasons)
        self.off, self.extra_off = _caption("cmp-mystics-mouse-off"), _caption("cmp-mystics-mouse-extra-off")

        def do(fn: Callable[..., Any]) -> Callable[..., Any]:
            """A control's action (refused on a stale page before anything is read from it), its refusal
            in the box, under its rows of buttons."""
            return dash.act(fn, self.msg)

        def do_extra(fn: Callable[..., Any]) -> Callable[..., Any]:
            """As ``do``, for the pack, life and share controls: the refusal under them."""
            return dash.act(fn, self.extra_msg)
        #: the event kind each control logs: a control is off when the tracker refuses its kind now
        #: (the chapter is over), with the tracker's reason
        self.kinds: dict[Any, str] = {}

        def act(label: str, event: dict[str, Any], style: str = "") -> w.Button:
            # a step of one (a wound, a cheese) is tapped again on purpose: every tap counts
            b = ui.big_button(label, style=style, repeatable=event.get("count") in (1, -1))
            b.layout.min_width = "96px"
            b.on_click(do(lambda _b: dash.do({**event, "mouse": mid})))
            self.kinds[b] = event["event"]
            return b

        self.wound = act("Wound", {"event": "wound", "count": 1}, "warning")
        self.poison = act("Poison", {"event": "wound", "count": 1, "poison": True}, "warning")
        self.heal = act("Heal", {"event": "heal", "count": 1}, "info")
        self.cure = act("Cure poison", {"event": "heal", "count": 1, "poison": True})
        self.cheese_up = act("+1 cheese", {"event": "mouse_cheese", "count": 1})
        self.cheese_down = act("−1 cheese", {"event": "mouse_cheese", "count": -1})
        row1 = [self.wound, self.poison, self.heal, self.cure, self.cheese_up, self.cheese_down]
        # Filch's Pilfer (or a mouse that learned it): shown only for a mouse that has it
        self.pilfer = act("Pilfer: +1 cheese", {"event": "pilfer"}, "warning")
        self.pilfer.add_class("cmp-mystics-pilfer")
        self.pilfer.tooltip = (f"1 cheese for a minion figure {dash.state.mouse(mid).name} defeated this "
                               "turn (on its turn, or chosen in “Defeated by” beside “Remove figure”): from "
                               "the minion wheel if it was a Rat and the wheel has cheese, else from the "
                               f"supply ({PILFER})")
        row1.append(self.pilfer)
        # a greedy roach steals a cheese of this mouse's: it goes on the minion wheel (may surge)
        self.greedy = ui.big_button("Greedy roach steals", style="warning")
        self.greedy.layout.min_width = "96px"
        self.greedy.add_class("cmp-mystics-greedy")
        self.greedy.tooltip = ("a greedy roach steals 1 of this mouse's cheese: it goes on the minion cheese "
                               f"wheel ({cite('mystics', 'Greedy Roaches')})")
        self.greedy.on_click(do(lambda _b: dash.greedy_steal(mid)))
        self.kinds[self.greedy] = "greedy_steal"
        row1.append(self.greedy)
        self.capture = act("Capture", {"event": "capture"}, "warning")
        self.rescue = act("Rescue", {"event": "rescue"}, "info")
        self.conditions: dict[str, w.ToggleButton] = {}
        for cond, label in CONDITION_LABELS.items():
            tb = w.ToggleButton(
                description=label, layout=w.Layout(height=ui.BUTTON_HEIGHT, min_width="110px", width="auto")
            )
            tb.observe(lambda ch, cond=cond: dash.on_condition(mid, cond, ch), "value")
            self.conditions[cond] = tb
            self.kinds[tb] = "condition"
        # Poisoned is no marker of its own: a mouse is poisoned while it has poison wounds (Poisoned)
        self.conditions["poisoned"].tooltip = POISONED_FOLLOWS
        self.ability = w.Text(placeholder="ability card's name", description="Ability", style=LABEL,
                              layout=_typed_box("260px"))
        self.level = ui.big_button(f"Level up ({LEVEL_UP_COST} cheese)")
        self.level.on_click(do(lambda _b: dash.do(self._level_up())))
        self.kinds[self.level] = "level_up"
        # pack, equipment and life (corrections the card data may need)
        self.card = w.Text(placeholder="search card's name", description="Card", style=LABEL,
                           layout=_typed_box("260px"))
        self.slot = w.Dropdown(
            options=[
                ("paw", "paw"),
                ("two paws", "paw2"),
                ("armor", "armor"),
                ("accessory", "accessory"),
                ("tail (Filch)", "tail"),
            ],
            description="Slot", style=LABEL, layout=w.Layout(width="190px", height="40px"),
        )
        self.trick = w.Checkbox(description="trick", indent=False, layout=w.Layout(width="auto"))
        self.gear_buttons: dict[str, w.Button] = {}
        #: a card name close to a card of the data but none of them, asked about by a first tap: (the
        #: button's label, the name, the state it was asked on); a second tap takes it as typed
        #: (:meth:`_typed`)
        self._asked: tuple[str, str, MysticsState] | None = None
        #: the card typed in the Card box, looked up once for the tracker, state and text on show
        #: (:meth:`_pack_card`): the four pack buttons' gates and the click share it
        self._card_seen: PackCard | None = None
        for label, fn, kind in (
            ("To pack", lambda: self._typed(self._gain(), "To pack"), "gain"),
            ("Equip", lambda: self._typed(self._equip(), "Equip"), "equip"),
            ("Unequip", self._unequip, "unequip"),
            ("Discard", self._discard, "discard"),
        ):
            b = ui.big_button(label)
            b.on_click(do_extra(lambda _b, fn=fn: dash.do(fn())))
            self.gear_buttons[kind] = b
            self.kinds[b] = kind
        # the life as the table has it; blank while the card data does not know it (never a guess)
        self.life = w.Text(placeholder="unknown", description="Life", style=LABEL,
                           layout=_typed_box("170px"))
        self._life_seen: int | str | None = "-"  # the life the box was last set to ("-": never)
        self.set_life = ui.big_button("Set life")
        # a bad life typed: said in a line under the box (a touch screen shows no tooltip, and the buttons'
        # reasons are folded away)
        self.life_off = w.HTML()
        self.life_off.add_class("cmp-mystics-life-off")
        self.set_life.on_click(do_extra(lambda _b: dash.do(self._set_life())))
        self.kinds[self.set_life] = "set_stats"
        # share: cheese and/or a search card to another mouse (Share); a captured mouse is off the
        # board (Captured Mouse), so it neither gives nor receives: the choices follow (refresh)
        self.share_to = w.Dropdown(
            options=[(m.name, m.id) for m in dash.state.mice if m.id != mid and not m.captured],
            description="Give to", style=LABEL,
            layout=w.Layout(width="220px", height="40px"),
        )
        self.share_to.add_class("cmp-mystics-share-to")
        self.share_cheese = w.BoundedIntText(
            value=0, min=0, max=lim.MAX_COUNT, description="Cheese", style=LABEL,
            layout=_typed_box("150px"),
        )
        self.share_cheese.add_class("cmp-mystics-share-cheese")
        self.share_card = w.Dropdown(
            options=[("(no card)", "")], description="Card", style=LABEL,
            layout=w.Layout(width="260px", height="40px")
        )
        self.share_card.add_class("cmp-mystics-share-card")
        # a card into a full pack: the receiver discards one non-trick card of its pack (Equip)
        self.share_discard = w.Dropdown(
            options=[], description="They discard", style={"description_width": "initial"},
            layout=w.Layout(width="280px", height="40px", display="none"),
        )
        self.share_discard.add_class("cmp-mystics-share-discard")
        self.share = ui.big_button("Share", tooltip=f"give cheese and/or a search card "
                                                    f"({cite('mystics', 'Share')})")
        self.share.add_class("cmp-mystics-share")
        self.share.on_click(do_extra(lambda _b: self._do_share(dash)))
        self.kinds[self.share] = "share"
        for picker in (self.share_to, self.share_card, self.share_discard):
            dash.remember(picker)
        for widget in (self.share_to, self.share_card, self.share_discard, self.share_cheese, self.life,
                       self.card, self.ability, self.slot, self.trick):
            widget.observe(lambda _c: self._regate(), "value")
        extra = w.Accordion(
            [
                w.VBox(
                    [
                        ui.row(self.card, self.slot, self.trick),
                        w.HBox(list(self.gear_buttons.values()), layout=w.Layout(flex_flow="row wrap")),
                        w.HBox([self.life, self.set_life], layout=w.Layout(align_items="center")),
                        self.life_off,
                        ui.row(self.share_to, self.share_cheese, self.share_card, self.share_discard,
                                self.share),
                        self.extra_off,
                        self.extra_msg,
                    ]
                )
            ],
            titles=("Pack, equipment, life, share",),
            selected_index=None,
        )
        self.box = w.VBox(
            [
                self.info,
                w.HBox(row1, layout=w.Layout(flex_flow="row wrap")),
                w.HBox(
                    [self.capture, self.rescue, *self.conditions.values()],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                w.HBox([self.ability, self.level], layout=w.Layout(align_items="center")),
                self.off,
                self.msg,
                extra,
            ],
            layout=w.Layout(border="1px solid #ddd", padding="6px", margin="4px 0"),
        )
        self.box.add_class(f"cmp-mystics-mouse-{mid}")

    def _name(self) -> str:
        name = self.card.value.strip()
        if not name:
            raise CompanionError("type the search card's name in the box first")
        return name

    def _gain(self) -> dict[str, Any]:
        return {"event": "gain", "mouse": self.mid, "card": self._name(), "trick": bool(self.trick.value)}

    def _equip(self) -> dict[str, Any]:
        slot = str(self.slot.value)
        return {
            "event": "equip",
            "mouse": self.mid,
            "card": self._name(),
            "slot": "paw" if slot == "paw2" else slot,
            "paws": 2 if slot == "paw2" else 1,
        }

    def _typed(self, event: dict[str, Any], label: str) -> dict[str, Any]:
        """``event`` (To pack, Equip) with its card as the card data spells it when the data holds it in any
        case ("dinner fork" is Dinner Fork). A card the mouse holds goes as typed (the tracker finds it). A
        name the data does not hold but close to a card of it ("Dager") is asked about first: the data may
        lack a card of the table's own, so a second tap of ``label``, the name and the table as they were,
        takes it as typed."""
        name, t, state = str(event["card"]), self.dash.tracker, self.dash.state
        if ui.half_character(name) is not None:
            return event  # (the page refuses it with its own words)
        named = self._pack_card(state, name)
        if named.held in [g.name for g in named.m.gear]:
            return event
        found = named.today
        if found is not None:
            return {**event, "card": str(found.name)}
        try:  # (spelt alike only: "Bow" is a card of its own, not Accurate Bow)
            cards = {x.name.casefold(): x.name for x in t.search_card_data().values()}
        except CompanionError:  # (the card data cannot be loaded: the page says so)
            cards = {}
        near = difflib.get_close_matches(name.casefold(), list(cards), n=1, cutoff=TYPO_LIKENESS)
        hint = did_you_mean(cards[x] for x in near)
        if hint is None or self._asked == (label, name, state):
            self._asked = None
            return event
        self._asked = (label, name, state)
        raise CompanionError(f"{name!r} is no search card of the card data. {hint}",
                             suggestion=f"Press “{label}” again to add {name!r} as typed "
                                        "(a card of your own).")

    def _pack_card(self, state: MysticsState, typed: str) -> PackCard:
        """The card ``typed`` for this mouse's pack actions in ``state``, looked up once for the tracker, the
        state and the text (:class:`~companion.mystics.tracker.PackCard`)."""
        seen, t = self._card_seen, self.dash.tracker
        if seen is None or seen.t is not t or seen.state is not state or seen.typed != typed:
            seen = self._card_seen = PackCard(t, state, self.mid, typed)
        return seen

    def _unequip(self) -> dict[str, Any]:
        """The unequip the boxes describe: the card typed, from the Slot box's slot when it is equipped in
        two (:meth:`_unequip_slot`)."""
        event = {"event": "unequip", "mouse": self.mid, "card": self._name()}
        slot = self._unequip_slot(self.dash.state)
        return event if slot is None else {**event, "slot": slot}

    def _unequip_slot(self, state: MysticsState) -> str | None:
        """The slot of the copy Unequip puts into the pack: the Slot box's when the card typed is equipped in
        two slots (Filch's Dagger in his paw and in his tail: the player's choice, Equip); ``None`` when it is
        equipped once or not at all (the copy it moves, or the refusal, needs no choice)."""
        m, t = state.mouse(self.mid), self.dash.tracker
        held = self._pack_card(state, self._name()).held
        if len([x for x in held_places(m, held, t.card_name) if x in SLOTS]) < 2:
            return None
        slot = str(self.slot.value)
        return "paw" if slot == "paw2" else slot

    def _discard(self) -> dict[str, Any]:
        return {"event": "discard", "mouse": self.mid, "card": self._name()}

    def _level_up(self) -> dict[str, Any]:
        """Level up for the ability card typed in the box beside the button (Level Up)."""
        ability = " ".join(self.ability.value.split())
        if not ability:
            raise CompanionError("type the ability card's name in the box beside “Level up” first",
                                 cite=cite("mystics", "Level Up"))
        return {"event": "level_up", "mouse": self.mid, "ability": ability}

    def _typed_life(self) -> int | None:
        """The life typed in the Life box; ``None`` when it is blank."""
        return typed_life(self.life.value)

    def _set_life(self) -> dict[str, Any]:
        life = self._typed_life()
        if life is None:
            raise CompanionError("type the life in the Life box first (it is blank while the card data "
                                 "does not know it)")
        m = self.dash.state.mouse(self.mid)
        if life == m.life:
            raise CompanionError(f"{possessive(m.name)} life is {life} already: nothing to correct")
        return {"event": "set_stats", "mouse": self.mid, "life": life}

    def _needs_discard(self, state: MysticsState) -> Mouse | None:
        """The receiver, when the card chosen goes into its full pack (a non-trick card into a pack of
        3: it discards one, Equip); else ``None``."""
        (card, place), to = self._share_pick(), self.share_to.value
        if not card or not to:
            return None
        giver = state.mouse(self.mid)
        try:
            gear: Gear | None = shared_copy(giver, card, place=place)  # (the copy chosen: Share)
        except CompanionError:
            gear = None  # (a card it no longer holds there: the click says so)
        receiver = next((m for m in state.mice if m.id == to), None)
        if gear is None or receiver is None or not needs_discard(receiver, trick=gear.trick,
                                                                  party=gear.party):
            return None
        return receiver

    def _share_pick(self) -> tuple[str, str | None]:
        """The card chosen to give and where its copy is (``None``: the copy a share takes by default, the
        pack's; a card held in two places offers each: Share), ``("", None)`` for no card."""
        value = self.share_card.value
        if isinstance(value, tuple):
            return str(value[0]), str(value[1])
        return str(value or ""), None

    def _share(self) -> dict[str, Any]:
        """The share event the controls describe: this mouse gives cheese, a card, or both."""
        to = self.share_to.value
        if not to:
            raise CompanionError("no other mouse to share with" if not self.share_to.options
                                 else "choose the mouse to give to")
        n, (card, place) = int(self.share_cheese.value), self._share_pick()
        if n < 0:
            raise CompanionError(f"bad cheese count {n}", expected="0 or more")
        if not n and not card:
            raise CompanionError("choose cheese or a card to give", cite=cite("mystics", "Share"),
                                 expected="cheese (1 or more), a card, or both")
        event: dict[str, Any] = {"event": "share", "from": self.mid, "to": to}
        if n:
            event["cheese"] = n
        if card:
            event["card"] = card
        if place is not None:
            event["slot"] = place
        full = self._needs_discard(self.dash.state)
        if full is not None:
            if not self.share_discard.value:
                raise CompanionError(f"{possessive(full.name)} pack is full: choose the card {full.name} "
                                     "discards to make room (“They discard”)", cite=cite("mystics", "Equip"))
            event["discard"] = self.share_discard.value
        return event

    def _do_share(self, dash: MysticsDashboard) -> None:
        dash.do(self._share())
        self.share_cheese.value = 0  # (the card given has left this mouse's choices)

    def refresh(self, state: MysticsState, dash: MysticsDashboard) -> None:
        m = state.mouse(self.mid)
        if m.life != self._life_seen:  # the box shows the life as it is (blank: unknown), once changed
            self._life_seen = m.life
            self.life.value = "" if m.life is None else str(m.life)
        self.pilfer.layout.display = "" if dash.can_pilfer(m) else "none"
        cards: list[tuple[str, Any]] = [("(no card)", "")]
        named = dash.tracker.card_name
        offered: set[tuple[str, str]] = set()
        for g in m.gear:  # shown by name (starting equipment is recorded by id), given as recorded
            # a card held in two places (Filch's Dagger in his paw and one in his pack) is offered once a
            # place: the copy a share takes by default by its name, another with its place (Share); two
            # copies in one place (one recorded by id, one by name) are offered once
            where = (named(g.name).casefold(), place_of(g))
            if where in offered:
                continue
            offered.add(where)
            if place_of(shared_copy(m, g.name)) == where[1]:
                cards.append((share_choice(m, g.name, named), g.name))
            else:
                cards.append((share_choice(m, g.name, named, where[1]), (g.name, where[1])))
        dash.choices(self.share_card, cards, "")
        others = [x for x in state.mice if x.id != self.mid]
        dash.choices(self.share_to, [(x.name, x.id) for x in others if not x.captured])
        self.share_cheese.max = m.cheese  # (a mouse gives only the cheese it has: Share)
        self.info.value = mouse_html(state, self.mid, dash.tracker.card_name)
        self._regate(state)

    def _regate(self, state: MysticsState | None = None) -> None:
        """Every control of the box on or off as the mouse and the boxes typed in allow, with why."""
        dash = self.dash
        if state is None and dash._drawing:  # (a box typed in by the redraw: it regates once, at its end)
            return
        state = dash.state if state is None else state
        if not state.started or self.mid not in {m.id for m in state.mice}:
            return
        m = state.mouse(self.mid)
        self._share_discard_choices(state)
        stopped: set[Any] = set()  # the buttons off for the capture alone (the chapter goes on)
        for widget, kind in self.kinds.items():
            ended = dash.ended(kind)
            if ended is None and m.captured and kind in CAPTURED_CANNOT:
                stopped.add(widget)
            ui.gate(widget, ended or self._why_off(state, m, widget))
        extra = {*self.gear_buttons.values(), self.set_life, self.share}
        shown = [x for x in self.kinds if x.layout.display != "none"]  # (Pilfer only for a mouse with it)
        self.off.value = mouse_off_html([x for x in shown if x not in extra], m, stopped)
        self.extra_off.value = mouse_off_html([x for x in shown if x in extra], m, stopped)
        self.life_off.value = self._life_line()
        was, dash._syncing = dash._syncing, True
        try:
            for cond, tb in self.conditions.items():
                tb.value = cond in m.conditions
                tb.button_style = "warning" if tb.value else ""
        finally:
            dash._syncing = was

    def _life_line(self) -> str:
        """A red line saying why the life typed in the Life box is refused; "" when it is blank or good."""
        try:
            self._typed_life()
        except CompanionError as exc:
            return f"<small style='color:{ui.COLOURS['error']}'>{html.escape(exc.render())}</small>"
        return ""

    def _share_discard_choices(self, state: MysticsState) -> None:
        """The receiver's pack cards to discard, shown only when the card given needs the room."""
        full = self._needs_discard(state)
        self.share_discard.layout.display = "" if full is not None else "none"
        if full is None:
            return
        names = self.dash.tracker.card_name
        self.share_discard.description = f"{full.name} discards"
        self.dash.choices(self.share_discard, [("(choose)", "")] + [
            (names(g.name), g.name) for g in full.pack if g.takes_room], "")

    def _card_refusal(self, refusal: Callable[[MysticsTracker], CompanionError | None]) -> str | None:
        """The tracker's ``refusal`` of what the boxes describe, in this page's words (``None``: none; the
        card data that cannot be loaded is said by the page, and the click says the rest)."""
        try:
            refused = refusal(self.dash.tracker)
        except CompanionError:
            return None
        return None if refused is None else page_words(refused.render())

    def _gear_refusal(self, t: MysticsTracker, state: MysticsState, m: Mouse,
                      widget: Any) -> CompanionError | None:
        """Why the pack button ``widget`` refuses the card typed, as the tracker would (its predicates), the
        card looked up once for the four buttons (:meth:`_pack_card`)."""
        card = self._pack_card(state, self._name())
        if widget is self.gear_buttons["gain"]:
            return why_not_gain(t, state, m.id, card, bool(self.trick.value))
        if widget is self.gear_buttons["equip"]:
            event = self._equip()
            return why_not_equip(t, state, m.id, card, event["slot"], event["paws"])
        if widget is self.gear_buttons["unequip"]:
            return why_not_unequip(t, state, m.id, card, self._unequip_slot(state))
        return why_not_discard(t, state, m.id, card)

    def _free_refusal(self, state: MysticsState, m: Mouse, kind: str) -> CompanionError | None:
        """The tracker's refusal of this mouse's free action of ``kind`` now (only during the mouse's own
        turn, each once: Free Mouse Actions; any mouse's equip or share in the setup window), for the share
        as the boxes describe it; ``None``: it may."""
        if kind != "share":
            return free_action_refusal(state, m.id, kind)
        to = self.share_to.value
        if not to:
            return not_its_turn(state, [m.id], "share")
        return share_refusal(state, m.id, to, bool(int(self.share_cheese.value)))

    def _turn_off(self, state: MysticsState, m: Mouse, kind: str) -> CompanionError | None:
        """The tracker's refusal of this mouse's free action of ``kind`` for the turn alone (not its turn, or
        a charmed turn: :func:`not_its_turn`), said before what the boxes lack: no box typed in makes it
        the mouse's turn. A share: on its turn or on the turn of the mouse it gives to."""
        to = self.share_to.value if kind == "share" else None
        return not_its_turn(state, [m.id, to] if to else [m.id], kind)

    def _why_off(self, state: MysticsState, m: Mouse, widget: Any) -> str | None:
        """Why ``widget`` cannot work for this mouse now (``None``: it can)."""
        kind = self.kinds.get(widget)
        if m.captured and kind in CAPTURED_CANNOT:  # (the tracker's refusal, word for word)
            return captured_error(m, kind).render()
        free = kind in ("level_up", "equip", "unequip", "share")
        # not its turn: said after what the mouse lacks (cheese, a card) and before what the boxes lack
        turn = self._turn_off(state, m, cast(str, kind)) if free else None  # (free: kind is one of them)
        not_turn = None if turn is None else page_words(turn.render())
        if widget is self.rescue:
            if not m.captured:
                return f"{m.name} is not captured"
            if state.minions_on_board:
                return (f"{figure_words(state.minions_on_board, 'minion')} on the board: a captured mouse is "
                        f"rescued on its turn once none are left ({cite('mystics', 'Rescuing a Mouse')})")
            refused = rescue_refusal(state, m)  # (on its next turn only: the rescue takes that turn)
            return None if refused is None else page_words(refused.render())
        if widget is self.pilfer:
            refused = pilfer_refusal(self.dash.tracker, state, m)
            return None if refused is None else page_words(refused.render())
        if widget is self.greedy:
            refused = greedy_refusal(state, m)  # (the tracker's words)
            if refused is not None:
                return page_words(refused.render())
            return self.dash.cheese_rolls_off({"event": "greedy_steal", "mouse": m.id}, 1)  # (a surge's)
        if widget is self.capture:
            return f"{m.name} is already captured" if m.captured else None
        if widget is self.conditions["poisoned"]:
            return POISONED_FOLLOWS
        if widget is self.heal and not m.wounds:
            return (f"{m.name} has no wounds to heal" if not m.poison else
                    f"{m.name} has only poison wounds: they need an antidote or cure (Cure poison; "
                    f"{cite('mystics', 'Poisoned')})")
        if widget is self.cure and not m.poison:
            return f"{m.name} has no poison wounds to cure"
        if widget is self.cheese_down and not m.cheese:
            return f"{m.name} has no cheese to spend"
        if widget is self.level:
            if m.cheese < LEVEL_UP_COST:
                return (f"{m.name} has {m.cheese} cheese; leveling up costs {LEVEL_UP_COST} "
                        f"({cite('mystics', 'Level Up')})")
            if not_turn is not None:
                return not_turn
            if not self.ability.value.strip():
                return "type the ability card's name in the box first"
            ability = self._level_up()["ability"]
            card_off = self._card_refusal(lambda t: why_not_level_up(t, state, m.id, ability))
            if card_off is not None:
                return card_off
        if widget in self.gear_buttons.values():
            if widget is self.gear_buttons["unequip"] and not m.equipped:
                return f"{m.name} has nothing equipped"
            if widget is self.gear_buttons["discard"] and not m.gear:
                return f"{m.name} has no card to discard"
            if not_turn is not None:
                return not_turn
            if not self.card.value.strip():
                return "type the search card's name in the box first"
            card_off = self._card_refusal(lambda t: self._gear_refusal(t, state, m, widget))
            if card_off is not None:
                return card_off
        if widget is self.set_life:
            try:
                life = self._typed_life()
            except CompanionError as exc:
                return exc.message
            if life is None:
                return "type the life in the box first"
            if life == m.life:
                return f"{possessive(m.name)} life is {life} already"
        if widget is self.share:
            others = [x for x in state.mice if x.id != m.id]
            if not others:
                return "no other mouse in the party to give to"
            if all(x.captured for x in others):
                return ("every other mouse is captured: none can receive "
                        f"({cite('mystics', 'Captured Mouse')})")
            if not m.cheese and not m.gear:
                return f"{m.name} has no cheese and no card to give"
            if not_turn is not None:
                return not_turn
            if not int(self.share_cheese.value) and not self.share_card.value:
                return "choose cheese or a card to give"
            if self._needs_discard(state) is not None and not self.share_discard.value:
                return "the receiver's pack is full: choose the card it discards to make room (Equip)"
        if kind in ("level_up", "equip", "unequip", "share"):  # free actions: in the mouse's turn, once each
            denied = self._free_refusal(state, m, kind)  # (after what the boxes lack, as the tracker checks)
            if denied is not None:
                return page_words(denied.render())
        return None


class MysticsDashboard(ui.TrackerPage):
    """The whole chapter on one screen; ``path=None`` uses the autosave log in the user folder."""

    #: what the Rolls boxes' gates said, by event and box text, for the tracker and state on show
    #: (:meth:`_rolls_off`: a new tracker or state starts a new dict)
    _rolls_seen: tuple[Any, Any, dict[tuple[str, str], str | None]] = (None, None, {})
    #: while a click runs, the status and the surge alert are drawn once, as it ends (:meth:`show_once_said`),
    #: not by each redraw meanwhile; ``_status_due``: a draw of the status was asked for meanwhile
    _status_waits = False
    _status_due = False
    #: the panel the latest click's refusal was shown in (the status then shows only that refusal)
    _refused_in: w.HTML | None = None

    def __init__(
        self, path: str | Path | None = None, *, tracker_kwargs: dict[str, Any] | None = None
    ) -> None:
        # the card files read once for the whole opening: the files of yours said left out above the tabs
        # are those the tracker's data leaves out (the log's replay, the heroes, the odds' die)
        with leaving_out("mystics") as (_cards, left_out):
            self._build(path, tracker_kwargs, left_out)

    def _build(self, path: str | Path | None, tracker_kwargs: dict[str, Any] | None,
               left_out: dict[str, list[str]]) -> None:
        """The page, drawn as the log holds it; ``left_out``: the card files of yours that do not load, and
        why (:func:`~companion.cards.leaving_out`)."""
        self.path = Path(path) if path is not None else default_log()
        self._tk = dict(tracker_kwargs or {})
        # a log this page cannot use (another game's, a cut last line that cannot be set aside):
        # the page still builds, on an empty chapter in memory, says why and refuses every action
        self.tracker = self.open_tracker(self._tracker_on, self.path)
        self._syncing = False
        #: while :meth:`refresh` draws the page: the boxes it sets do not regate the controls one by one, it
        #: gates them and writes each caption once, at its end
        self._drawing = False
        self.status = ui.panel()
        self.status.add_class("cmp-mystics-status")
        #: a message panel per section (and two in each mouse's box), right under the buttons that act
        #: there: a control's refusal shows next to it, the latest click's only (the status, under Undo and
        #: Redo, is theirs and the page's: it is not one of them)
        self.section_messages = ui.SectionMessages(show=self._show_refused)
        said = self.section_messages
        self.setup_msg = said.panel("cmp-mystics-setup-message")
        self.turn_msg = said.panel("cmp-mystics-turn-message")
        self.wheel_msg = said.panel("cmp-mystics-wheel-message")
        self.track_msg = said.panel("cmp-mystics-track-message")
        self.encounter_msg = said.panel("cmp-mystics-encounter-message")
        self.minions_msg = said.panel("cmp-mystics-minions-message")
        self.add_msg = said.panel("cmp-mystics-add-minions-message")
        self.chapter_msg = said.panel("cmp-mystics-chapter-message")
        self.corrections_msg = said.panel("cmp-mystics-corrections-message")
        # why the buttons of each group that are off are off, in words under them (ui.off_reasons)
        self.next_off = _caption("cmp-mystics-next-off")
        self.wheel_off = _caption("cmp-mystics-wheel-off")
        self.track_off = _caption("cmp-mystics-track-off")
        self.encounter_off = _caption("cmp-mystics-encounter-off")
        self.minions_off = _caption("cmp-mystics-minions-off")
        self.add_off = _caption("cmp-mystics-add-minions-off")
        self.chapter_off = _caption("cmp-mystics-chapter-off")
        self.corrections_off = _caption("cmp-mystics-corrections-off")
        #: the card data the chapter uses: values corrected since it read them, values read from today's
        #: data by older lines (as ``mystics replay`` says them: :func:`card_data_html`)
        self.card_data = w.HTML()
        self.card_data.add_class("cmp-mystics-card-data")
        # a control that writes nothing (the order being put together): its refusal in its section's panel
        g = self.guard

        def a(where: w.HTML) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
            """A control that writes: refused on a stale page before anything is read from it, the refusal
            shown in ``where``, the panel of its section."""
            return functools.partial(self.act, where=where)

        #: the controls used on this page so far (:meth:`guard` counts them): what an action said shows only
        #: until another control is used (its words, or its refusal, are the latest then)
        self._clicks = 0
        #: what the page's latest action said: the panel of the section acted in shows it (the status, for
        #: Undo, Redo and Start chapter: :meth:`status_words`)
        self._news: News | None = None
        #: where Start chapter kept the log of the chapter it replaced (the status names it)
        self._kept_log: Path | None = None
        self._latest: tuple[MysticsState, list[str]] | None = None  # the latest action's words, by state

        # -- new chapter ---------------------------------------------------------------------
        self._data_error: CompanionError | None = None
        try:
            heroes = list(self.tracker.hero_roster().values())  # the card data's order
        except CompanionError as exc:
            heroes, self._data_error = [], exc
        self.mice_pick = MicePicker([(h.name, h.id) for h in heroes], tuple(h.id for h in heroes[:4]))
        self.mice_pick.add_class("cmp-mystics-mice")
        self.extra_mice = w.Text(
            placeholder="other mice, e.g. lily", description="Also", style=LABEL,
            layout=w.Layout(width="300px")
        )
        self.chapter_no = w.BoundedIntText(
            value=1, min=0, max=lim.MAX_CHAPTER, description="Chapter", style=LABEL,
            layout=w.Layout(width="160px")
        )
        self.chapter_end = ui.stepper("Chapter end page", 6, min=2, max=lim.MAX_PAGE)
        self.start_minions = w.Text(
            placeholder="rat-warriors=3", description="Minions", style=LABEL, layout=w.Layout(width="300px")
        )
        self.start_minions.add_class("cmp-mystics-minions-input")
        #: the Minions box's text the chapter chosen put there (its setup minions), "" for none: a box still
        #: holding it follows the next chapter chosen, a box typed in stays as typed
        self._minions_prefill = ""
        self.chapter_no.observe(lambda _c: self._prefill_minions(), "value")
        self._prefill_minions()
        self.seed = w.Text(placeholder="blank: random", description="Seed", style=LABEL,
                           layout=w.Layout(width="220px"))
        # one starting ability card per mouse, of its class (Game setup, step 3): a picker per mouse chosen
        self.start_abilities = w.VBox()
        self.start_abilities.add_class("cmp-mystics-start-abilities")
        self._ability_pickers: dict[str, w.Dropdown] = {}
        self.mice_pick.observe(lambda _c: self._ability_choices(), "value")
        self.extra_mice.observe(lambda _c: self._ability_choices(), "value")
        self._ability_choices()
        self.start_btn = _btn("Start chapter", "cmp-mystics-start", "success", "play")
        self.start_btn.on_click(a(self.setup_msg)(lambda _b: self.start_chapter()))
        self.start_off = _caption("cmp-mystics-start-off")
        for box in (self.mice_pick, self.extra_mice, self.chapter_no):
            box.observe(lambda _c: self._gate_start(), "value")
        setup = w.VBox(
            [
                self.mice_pick,
                ui.row(self.extra_mice, self.chapter_no, self.start_minions, self.seed),
                self.chapter_end.box,
                w.HTML("<small>Starting ability card of each mouse, of its class "
                       f"({html.escape(cite('mystics', 'Game setup'))}, step 3):</small>"),
                self.start_abilities,
                self.start_btn,
                self.start_off,
                self.setup_msg,
                w.HTML(
                    "<small>Shuffles mice and minion initiative cards; hourglass on page 1 "
                    f"({html.escape(cite('mystics', 'Game setup'))}). Starting a new chapter "
                    "keeps the old log under a dated name.</small>"
                ),
            ]
        )
        self.setup = w.Accordion(
            [setup], titles=("New chapter",), selected_index=None if self.state.started else 0
        )

        # -- top bar --------------------------------------------------------------------------
        self.undo_btn = _btn("Undo", "cmp-mystics-undo", icon="undo", repeatable=True)
        self.redo_btn = _btn("Redo", "cmp-mystics-redo", icon="repeat", repeatable=True)
        self.undo_btn.on_click(a(self.status)(lambda _b: self.undo()))
        self.redo_btn.on_click(a(self.status)(lambda _b: self.redo()))

        # -- initiative -----------------------------------------------------------------------
        self.track = w.HTML()
        self.track.add_class("cmp-mystics-initiative")
        self.next_btn = _btn("Next turn ▸", "cmp-mystics-next-turn", "primary")
        self.next_btn.on_click(a(self.turn_msg)(lambda _b: self.do({"event": "end_turn"})))

        # -- wheel and chapter track ----------------------------------------------------------
        self.wheel = w.HTML()
        self.wheel.add_class("cmp-mystics-wheel")
        self.add1 = _btn("+1 cheese", "cmp-mystics-add-cheese", "warning", repeatable=True)
        self.add2 = _btn("+2 cheese", "cmp-mystics-add-cheese-2", "warning", repeatable=True)
        self.sub1 = _btn("−1 cheese", "cmp-mystics-remove-cheese", repeatable=True)
        for button, words in ((self.add1, "1 cheese onto"), (self.add2, "2 cheese onto"),
                              (self.sub1, "1 cheese off")):
            button.tooltip = f"{words} the minion cheese wheel"
        self.add1.on_click(a(self.wheel_msg)(lambda _b: self.add_cheese(1)))
        self.add2.on_click(a(self.wheel_msg)(lambda _b: self.add_cheese(2)))
        self.sub1.on_click(a(self.wheel_msg)(lambda _b: self.add_cheese(-1)))
        self.cheese_rolls = w.Text(
            placeholder="surge ambush rolls from the table, e.g. 2 1",
            description="Rolls", style=LABEL,
            layout=w.Layout(width="400px"),
        )
        self.cheese_rolls.add_class("cmp-mystics-cheese-rolls")
        self.surge_alert = w.HTML()
        self.surge_alert.add_class("cmp-mystics-surge-alert")
        self.hourglass = w.HTML()
        self.hourglass.add_class("cmp-mystics-hourglass")
        self.achievement = w.Combobox(
            placeholder="type or choose",
            options=list(INDIVIDUAL_NAMES), description="Achievement", style=LABEL,
            layout=_typed_box("300px"),
        )
        # a story achievement of the chapter's data: the "End marker moves" box takes the pages its text says
        self.achievement.observe(lambda _c: self._achievement_move(), "value")
        self.ach_mouse = w.Dropdown(options=[], description="Earned by", style=LABEL,
                                    layout=w.Layout(width="240px", height="40px"))
        self.ach_mouse.tooltip = ("the mouse that earned it (an individual achievement's condition is that "
                                  "mouse's); not named: the party's")
        self.ach_move = w.BoundedIntText(
            value=1, min=-5, max=5, description="End marker moves", style=LABEL,
            layout=_typed_box("210px")
        )
        self.ach_move.tooltip = ("pages the chapter end marker moves; the individual achievements "
                                 "(Cheesemaster, Poisonmaster, ...) move it as the book says, a story "
                                 "achievement of the chapter's data (Miz Maggie Ally) as its chapter says")
        self.ach_btn = _btn("Record achievement", "cmp-mystics-achievement")
        self.ach_btn.on_click(a(self.track_msg)(lambda _b: self.do(self._achievement_event())))
        self.glass_btn = _btn("Hourglass +1 (chapter rule)", "cmp-mystics-hourglass-move")
        self.glass_btn.on_click(a(self.track_msg)(lambda _b: self.do({"event": "hourglass", "move": 1})))

        # -- encounter and room --------------------------------------------------------------
        self.enc_name = w.Text(
            placeholder="card name", description="Encounter", style=LABEL, layout=w.Layout(width="280px")
        )
        self.enc_minions = w.Text(
            placeholder=ENCOUNTER_MINIONS_EXAMPLE, description="Minions", style=LABEL,
            layout=w.Layout(width="280px")
        )
        self.enc_surge = w.Text(
            placeholder=ENCOUNTER_SURGE_EXAMPLE, description="Surge", style=LABEL,
            layout=w.Layout(width="340px")
        )
        self.enc_ambush = w.Checkbox(description="Ambush", indent=False,
                                     layout=w.Layout(width="auto", margin="0 16px 0 4px"))
        self.enc_rolls = w.Text(
            placeholder="ambush rolls from the table, e.g. 2 1",
            description="Rolls", style=LABEL,
            layout=w.Layout(width="380px"),
        )
        self.enc_btn = _btn("Reveal encounter", "cmp-mystics-encounter", "primary")
        self.enc_btn.on_click(a(self.encounter_msg)(lambda _b: self.reveal_encounter()))
        self.room_name = w.Text(placeholder="room name", description="Room", style=LABEL,
                                layout=w.Layout(width="280px"))
        self.room_surge = w.Text(
            placeholder=ROOM_SURGE_EXAMPLE,
            description="Surge", style=LABEL,
            layout=w.Layout(width="400px"),
        )
        self.room_btn = _btn("Enter room", "cmp-mystics-room")
        self.room_btn.on_click(a(self.encounter_msg)(lambda _b: self.enter_room()))
        encounter = w.VBox(
            [
                ui.row(self.enc_name, self.enc_minions, self.enc_surge),
                ui.row(self.enc_ambush, self.enc_rolls, self.enc_btn),
                ui.row(self.room_name, self.room_surge, self.room_btn),
                self.encounter_off,
                self.encounter_msg,
            ]
        )

        # -- minions on the board ------------------------------------------------------------
        self.minions = w.HTML()
        self.minion_pick = w.Dropdown(
            options=[], description="Minion", style=LABEL, layout=w.Layout(width="260px", height="40px")
        )
        self.minion_fig = w.BoundedIntText(
            value=1,
            min=1,
            max=lim.MAX_FIGURES,
            description="Figure", style=LABEL,
            layout=_typed_box("130px"),
        )
        self.minion_card = w.Dropdown(
            options=[], description="Boss card", style=LABEL, layout=w.Layout(width="260px", height="40px")
        )
        # the life of the type chosen, as its initiative card shows it: blank while the card data does not
        # know it (every bundled minion's), so that a wound can defeat a figure (Wounds on non-boss minions)
        self.minion_life = w.Text(placeholder="unknown", description="Life", style=LABEL,
                                  layout=_typed_box("170px"))
        self.minion_life.add_class("cmp-mystics-minion-life")
        self._minion_life_seen: tuple[str, int | None] | None = None  # (type, life) the box was set to
        self.set_minion_life = _btn("Set life", "cmp-mystics-set-minion-life")
        self.set_minion_life.on_click(a(self.minions_msg)(lambda _b: self.do(self._minion_life_event())))
        self.minion_life_hint = w.HTML()
        self.minion_life_hint.add_class("cmp-mystics-minion-life-hint")
        self.minion_life.observe(lambda _c: self._regate_board(), "value")
        self.wound_minion = _btn("Wound minion", "cmp-mystics-wound-minion", "warning")
        self.defeat_minion = _btn("Remove figure", "cmp-mystics-defeat-minion")
        # the mouse that defeats the figure (Pilfer gives Filch a cheese for a figure he defeated): the mouse
        # whose turn it is unless another is chosen; back to it when the turn changes
        self.minion_by = w.Dropdown(options=[], description="Defeated by",
                                    style={"description_width": "initial"},
                                    layout=w.Layout(width="260px", height="40px"))
        self.minion_by.add_class("cmp-mystics-defeated-by")
        self.minion_by.tooltip = (f"the mouse that defeats the figure, for Pilfer ({PILFER}): the mouse "
                                  "whose turn it is unless another is chosen")
        self._by_seen: tuple[int, int, str | None] | None = None  # the turn the Defeated by box was set for
        minion_act = a(self.minions_msg)
        self.wound_minion.on_click(minion_act(lambda _b: self.do(self._minion_event("wound_minion"))))
        self.defeat_minion.on_click(minion_act(lambda _b: self.do(self._minion_event("defeat_minion"))))
        self.minion_pick.observe(lambda _c: self._minion_chosen(), "value")
        # minions a chapter rule places mid-chapter: a type from the card data (no typing)
        self.add_type = w.Dropdown(
            options=[], description="Arrive", style=LABEL, layout=w.Layout(width="260px", height="40px")
        )
        self.add_type.add_class("cmp-mystics-add-minion-type")
        self.add_count = w.BoundedIntText(
            value=1, min=1, max=lim.MAX_FIGURES, description="Figures", style=LABEL,
            layout=_typed_box("150px"),
        )
        self.add_count.add_class("cmp-mystics-add-minion-count")
        self.add_ambush = w.Checkbox(description="Ambush", indent=False,
                                     layout=w.Layout(width="auto", margin="0 16px 0 4px"))
        self.add_rolls = w.Text(
            placeholder="ambush rolls from the table, e.g. 2 1", description="Rolls", style=LABEL,
            layout=w.Layout(width="380px"),
        )
        self.add_btn = _btn("Add minions", "cmp-mystics-add-minions", "warning")
        self.add_btn.tooltip = (f"minions a chapter rule places; new initiative cards at the bottom "
                                f"({cite('mystics', 'Determining Initiative Order')})")
        self.add_btn.on_click(a(self.add_msg)(lambda _b: self.add_minions()))
        minion_box = w.VBox(
            [
                self.minions,
                ui.row(self.minion_pick, self.minion_fig, self.minion_card),
                ui.row(self.wound_minion, self.defeat_minion, self.minion_by),
                ui.row(self.minion_life, self.set_minion_life, self.minion_life_hint),
                self.minions_off,
                self.minions_msg,
                w.HTML("<small>Minions a chapter rule places now (not an encounter card's):</small>"),
                ui.row(self.add_type, self.add_count, self.add_ambush),
                ui.row(self.add_rolls, self.add_btn),
                self.add_off,
                self.add_msg,
            ]
        )
        minion_box.add_class("cmp-mystics-minions")

        # -- end of the chapter (rarely used) ------------------------------------------------
        self.end_move = w.BoundedIntText(
            value=1, min=-5, max=5, description="Move by", style=LABEL,
            layout=_typed_box("150px")
        )
        self.end_move_btn = _btn(END_LABELS["move"], "cmp-mystics-end-move")
        self.end_move_btn.on_click(a(self.chapter_msg)(lambda _b: self.move_end_marker("move")))
        self.end_page = w.BoundedIntText(
            value=6, min=1, max=lim.MAX_PAGE, description="Page", style=LABEL,
            layout=_typed_box("130px"),
        )
        self.end_page_btn = _btn(END_LABELS["page"], "cmp-mystics-end-page")
        self.end_page_btn.on_click(a(self.chapter_msg)(lambda _b: self.move_end_marker("page")))
        #: a chapter end marker move that loses the chapter, said by a first tap: (how, the state it was said
        #: on); a second tap on that state does it (:meth:`_armed_for`). A box changed (:meth:`_disarm`, even
        #: back to the number tapped), or another action done here or in another window (another state), and
        #: it is no longer confirmed
        self._armed: tuple[str, MysticsState] | None = None
        self.victory_btn = _btn("Victory!", "cmp-mystics-victory", "primary")
        self.victory_btn.on_click(a(self.chapter_msg)(lambda _b: self.do({"event": "victory"})))
        # a chapter whose Victory clears minions, with minions on the board: said before the click
        self.victory_note = w.HTML()
        self.victory_note.add_class("cmp-mystics-victory-note")
        self.defeat_reason = w.Text(
            placeholder="defeat condition, e.g. all mice captured", description="Reason", style=LABEL,
            layout=_typed_box("400px"),
        )
        self.defeat_reason.add_class("cmp-mystics-defeat-reason")
        self.defeat_btn = _btn("Defeat", "cmp-mystics-defeat", "warning")
        self.defeat_btn.on_click(a(self.chapter_msg)(lambda _b: self.do(self._defeat_event())))
        chapter_box = w.VBox(
            [
                ui.row(self.end_move, self.end_move_btn, self.end_page, self.end_page_btn),
                ui.row(self.victory_btn, self.defeat_reason, self.defeat_btn),
                self.victory_note,
                self.chapter_off,
                self.chapter_msg,
                w.HTML(
                    "<small>The chapter end marker moves as a chapter rule says "
                    f"({html.escape(cite('mystics', 'Story Control Board'))}). Victory: the chapter's "
                    f"victory conditions are met ({html.escape(cite('mystics', 'Victory'))}); defeat: one of "
                    f"its defeat conditions ({html.escape(cite('mystics', 'Defeat'))}). Either ends play; "
                    "Undo takes it back.</small>"
                ),
            ]
        )
        chapter_box.add_class("cmp-mystics-chapter-actions")

        # -- corrections to match the table (rarely used) --------------------------------------
        self._end_seen: int | None = None  # the chapter end marker's page the Page box was set to
        self._turn_seen: str | None = None  # the card whose turn it was when the Turn box was set
        self._order: list[str] = []  # the order being put together, card ids top first
        self._order_seen: tuple[str, ...] = ()  # the track it was put together from
        self.order_list = w.Select(options=[], rows=6, description="Order", style=LABEL,
                                   layout=w.Layout(width="300px"))
        self.order_list.add_class("cmp-mystics-order")
        self.order_up = _btn("▲ Up", "cmp-mystics-order-up")
        self.order_down = _btn("▼ Down", "cmp-mystics-order-down")
        self.order_reset = _btn("As on the track", "cmp-mystics-order-reset")
        fix = g(self.corrections_msg)
        self.order_up.on_click(fix(lambda _b: self.move_in_order(-1)))
        self.order_down.on_click(fix(lambda _b: self.move_in_order(1)))
        self.order_reset.on_click(fix(lambda _b: self._reset_order()))
        self.set_order_btn = _btn("Set initiative order", "cmp-mystics-set-order", "primary")
        self.set_order_btn.on_click(a(self.corrections_msg)(lambda _b: self.set_order()))
        self.turn_pick = w.Dropdown(
            options=[], description="Turn of", style=LABEL, layout=w.Layout(width="260px", height="40px")
        )
        self.turn_pick.add_class("cmp-mystics-turn-pick")
        self.set_turn_btn = _btn("Set turn", "cmp-mystics-set-turn", "primary")
        self.set_turn_btn.on_click(a(self.corrections_msg)(lambda _b: self.set_turn()))
        self.order_list.observe(lambda _c: self._gate_corrections(), "value")
        self.turn_pick.observe(lambda _c: self._gate_corrections(), "value")
        for picker in (self.minion_pick, self.minion_card, self.add_type, self.ach_mouse):
            self.remember(picker)
        # the board's buttons follow what is typed: off when it cannot work (the page it is on, a move
        # of 0, an achievement taken or not earned by the mouse chosen, no room to enter or leave, no defeat
        # condition typed, rolls typed that the ambushes cannot take), with why
        for box in (self.end_page, self.end_move):  # (first: the gates below read whether it is still armed)
            box.observe(lambda _c: self._disarm(), "value")
        for box in (self.end_page, self.end_move, self.achievement, self.ach_mouse, self.ach_move,
                    self.room_name, self.room_surge, self.defeat_reason, self.add_type, self.add_ambush,
                    self.add_rolls, self.enc_minions, self.enc_ambush, self.enc_rolls):
            box.observe(lambda _c: self._regate_board(), "value")
        self.cheese_rolls.observe(lambda _c: self._regate_wheel_rolls(), "value")
        corrections = w.VBox(
            [
                w.HBox([self.order_list, w.VBox([self.order_up, self.order_down, self.order_reset])]),
                self.set_order_btn,
                w.HBox([self.turn_pick, self.set_turn_btn], layout=w.Layout(align_items="center")),
                self.corrections_off,
                self.corrections_msg,
                w.HTML(
                    "<small>Corrections when the track on the table and this page differ (a slip): "
                    "choose a card, move it up or down, then set the order; or set whose turn it is "
                    f"({html.escape(cite('mystics', 'Determining Initiative Order'))}).</small>"
                ),
            ]
        )
        corrections.add_class("cmp-mystics-corrections")

        # -- the party -----------------------------------------------------------------------
        self.party = w.VBox()
        self.party.add_class("cmp-mystics-party")
        #: what holds for the whole party, said once rather than in every mouse's box (lives the card data
        #: does not know; the Poisoned marker, which follows the poison wounds)
        self.party_note = w.HTML()
        self.party_note.add_class("cmp-mystics-party-note")
        self._mouse_boxes: dict[str, MouseBox] = {}

        self.messages = w.HTML()
        self.messages.add_class("cmp-mystics-messages")

        # the wheel and the chapter track side by side where the page is wide enough, else one above the
        # other; each column takes the width left on its line, so its message panel is as wide as the
        # others' (sized to its words, a refusal under the wheel read as a note beside it)
        board = w.HBox(
            [
                w.VBox(
                    [self.wheel, w.HBox([self.add1, self.add2, self.sub1]), self.cheese_rolls,
                     self.wheel_off, self.wheel_msg],
                    layout=w.Layout(margin="0 24px 0 0", flex="1 1 auto"),
                ),
                w.VBox(
                    [
                        self.hourglass,
                        ui.row(self.achievement, self.ach_mouse, self.ach_move, self.ach_btn),
                        self.glass_btn,
                        self.track_off,
                        self.track_msg,
                    ],
                    layout=w.Layout(flex="1 1 auto"),
                ),
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        more = w.Accordion(
            [encounter, minion_box, chapter_box, corrections],
            titles=(
                "Encounter and room",
                "Minions on the board",
                "Chapter end marker, victory, defeat",
                "Correct the initiative order or turn",
            ),
            selected_index=None,
        )
        dashboard = w.VBox(
            [
                self.setup,
                w.HBox([self.undo_btn, self.redo_btn]),
                self.status,
                self.card_data,
                self.surge_alert,
                self.track,
                self.next_btn,
                self.next_off,
                self.turn_msg,
                board,
                more,
                w.HTML("<b>The party</b>"),
                self.party_note,
                self.party,
                self.messages,
                w.HTML(
                    "<details><summary>House readings (where the rule book is silent)</summary><ul>"
                    + "".join(f"<li>{html.escape(r)}</li>" for r in HOUSE_READINGS)
                    + "</ul></details>"
                ),
            ]
        )
        self.odds = OddsPanel(self.tracker)
        tabs = w.Tab([dashboard, self.odds.widget], titles=("Dashboard", "Battle odds"))
        self.widget = w.VBox(
            [
                ui.header(
                    "Mice and Mystics",
                    "Initiative, cheese wheel, hourglass and the party. Saved after every action.",
                    game="mystics",
                ),
                ui.help_box(HELP, HELP_NOTEBOOK),
                self._load_problems(left_out),
                tabs,
            ]
        )
        self.widget.add_class("cmp-mystics-dashboard")
        self.refresh()
        if self.show_unusable(self.status):
            return
        if self._data_error is not None:
            ui.show(self.status, "error", "The Mice and Mystics card data cannot be loaded",
                    [self._data_error.render(), "Fix or remove that file, then reopen this page."])
        else:
            self._show_set_aside(self.status)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _tracker_on(self, path: Path | None) -> MysticsTracker:
        """The page's tracker of the log at ``path`` (``None``: in memory), with its ``tracker_kwargs``."""
        return PageTracker(path, **self._tk)

    def _load_problems(self, left_out: dict[str, list[str]]) -> w.HTML:
        """:attr:`load_problems`: the card files of yours the card data leaves out (``left_out``), and why
        (the card data that cannot be loaded at all is said in the status, with what it stops)."""
        self.load_problems = w.HTML()
        self.load_problems.add_class("cmp-mystics-load-problems")
        show_left_out(self.load_problems, "mystics", {k: v for k, v in left_out.items() if k != BUNDLED})
        return self.load_problems

    @property
    def state(self) -> MysticsState:
        return self.tracker.state

    def message_panels(self) -> tuple[w.HTML, ...]:
        """Every section's message panel, the mice's boxes' too (not the status)."""
        return self.section_messages.panels

    def _show_refused(self, target: w.HTML, exc: BaseException) -> None:
        """How a control's error is shown (:class:`~companion.ui.SectionMessages`): after the page is drawn
        again from the state, so no control shows what did not happen (a toggle pressed, a choice made),
        and a refusal in this page's words, not the log's."""
        self._refused_in = target
        try:
            self.refresh()
        except Exception:  # pragma: no cover - the error to show is the first one
            pass
        if isinstance(exc, CompanionError):
            ui.show(target, "error", "That did not work", [page_words(exc.render())])
        else:
            ui.show_error(target, exc)

    def guard(self, where: w.HTML | None = None) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorate a control's callback: its error is shown in ``where``, the message panel of the
        control's section (the status when none is given), a message an earlier click left in another
        section cleared first (:meth:`~companion.ui.SectionMessages.guard`, this page's one error path:
        :meth:`_show_refused`); the click is counted, so that the status no longer shows what an earlier one
        did (:meth:`status_words`), and the status and the surge alert are drawn once, as the click ends
        (:meth:`show_once_said`, after any refusal is shown: it may be shown in the status), however often
        the page is drawn again meanwhile."""

        def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
            shown = self.section_messages.guard(self.status if where is None else where)(fn)

            @functools.wraps(fn)
            def counted(*args: Any, **kwargs: Any) -> Any:
                self._clicks += 1
                self._refused_in = None
                waits, self._status_waits = self._status_waits, True  # (drawn once, at the end)
                try:
                    return shown(*args, **kwargs)
                finally:
                    self._status_waits = waits
                    if not waits:  # (a fault drawing it is shown in the status: never a traceback)
                        ui.guarded(self.status)(self.show_once_said)()

            return counted

        return wrap

    def act(self, fn: Callable[..., Any], where: w.HTML | None = None) -> Callable[..., Any]:
        """A control that writes to the log: on a log this page cannot use, or on a stale page (another
        window wrote since it was drawn), refused before anything is read from what the page shows
        (the page is then drawn again as the log holds it); errors as :meth:`guard` shows them, in
        ``where``."""

        def inner(*args: Any, **kwargs: Any) -> Any:
            self._refuse_if_cannot_act()
            return fn(*args, **kwargs)

        return self.guard(where)(functools.wraps(fn)(inner))

    def remember(self, picker: w.Dropdown) -> None:
        """Keep the choices the player makes in ``picker``: when the choices change and one comes back
        (an undo brings back a mouse, a minion type), :meth:`choices` goes back to it."""
        def chosen(change: dict[str, Any]) -> None:
            if not self._syncing:
                self._keep(picker, change["new"])

        picker.observe(chosen, "value")

    @staticmethod
    def _keep(picker: w.Dropdown, value: Any) -> None:
        """``value`` as the latest of ``picker``'s choices to come back to (the last few are kept)."""
        if value in (None, ""):
            return
        kept = [v for v in picker.__dict__.get("_cmp_wanted", []) if v != value]
        picker.__dict__["_cmp_wanted"] = [*kept, value][-8:]

    def choices(self, picker: w.Dropdown, options: list[tuple[str, Any]], default: Any = None) -> None:
        """Offer ``options`` in ``picker``: the player's latest choice when it is offered (see
        :meth:`remember`), else the choice shown when still offered (a blank one aside), else
        ``default`` when offered ("no card"), else the first."""
        value = self._wanted(picker, options, default)
        if list(picker.options) == options and picker.value == value:
            return
        if picker.value not in [v for _label, v in options]:  # shown, and no longer offered: kept for later
            self._keep(picker, picker.value)
        was, self._syncing = self._syncing, True  # (an observer may set other choices meanwhile)
        try:
            picker.options = options  # (ipywidgets then shows no choice at all)
            picker.value = value
        finally:
            self._syncing = was

    @staticmethod
    def _wanted(picker: w.Dropdown, options: list[tuple[str, Any]], default: Any) -> Any:
        ids = [v for _label, v in options]
        for value in (*reversed(picker.__dict__.get("_cmp_wanted", [])), picker.value, default):
            if value not in (None, "") and value in ids:
                return value
        if default in ids:
            return default
        return ids[0] if ids else None

    def _no_chapter(self) -> str:
        """Why the chapter's controls are off while no chapter is under way."""
        return UNUSABLE if self.unusable is not None else NO_CHAPTER

    def ended(self, kind: str) -> str | None:
        """Why an action of ``kind`` cannot be logged now that the chapter is won or lost (the
        tracker's rule, in this page's words), or ``None``."""
        s = self.state
        refused = end_refusal(s, kind)
        if refused is None:
            return None
        if s.board.defeated and kind in ("victory", "defeat"):
            return refused.message
        return ENDED[s.board.defeated]

    # -- actions ---------------------------------------------------------------------------------
    def _refuse_if_cannot_act(self) -> None:
        """Refuse an action on a log this page cannot use, then on a stale page (another window wrote the
        log since the page was drawn: it is drawn again as the log holds it)."""
        self.refuse_if_unusable()
        self._refuse_if_stale()

    def _write(self, action: Callable[[], MysticsState],
               words: Callable[[MysticsState, MysticsState], list[str]]) -> None:
        """A tracker ``action`` (do, undo, redo) on a log this page can use, run by
        :meth:`~companion.ui.TrackerPage._run_locked` with ``refuse_stale=True``: refused on a stale page,
        checked under the log's lock, so no other window writes between the check and it. The status says
        ``words(before, after)``."""
        self.refuse_if_unusable()
        lost = self.state.board.defeated  # (before: a page another window wrote meanwhile is refused)

        def run() -> MysticsState:
            before = self.state
            after = action()
            return self._said(after, words(before, after))

        self._run_locked(run, refuse_stale=True)
        self._say_in_section(lost_now=self.state.board.defeated and not lost)

    def _say_in_section(self, *, lost_now: bool) -> None:
        """What the action just done said, in the panel of the section acted in, under the button pressed
        (the status, under Undo and Redo, is often off-screen from there): the action's every line, in this
        page's words, the first as the title; red when it lost the chapter (``lost_now``). Under Next turn,
        not whose turn it now is: the status's title, just above the track and the button, says it."""
        where, news = self.section_messages.current, self._news
        if where is self.status or news is None or news.state is not self.state:
            return
        banner = whose_turn(self.state) if where is self.turn_msg else None
        lines = [page_words(m) for m in news.lines if m != banner]
        if lines:
            ui.show(where, "error" if lost_now else "info", lines[0], lines[1:])

    def do(self, event: dict[str, Any]) -> None:
        self._write(lambda: self.tracker.do(event), self.tracker.action_words)

    def undo(self) -> None:
        t = self.tracker
        self._write(t.undo, t.undo_words)

    def redo(self) -> None:
        t = self.tracker
        self._write(t.redo, t.redo_words)

    def _said(self, state: MysticsState, lines: list[str]) -> MysticsState:
        """Keep what the page's action said (every message it added: a surge, the rolls, Time is Short!)
        for the panel of the section acted in, which shows it while the state is the one the action left."""
        self._news = News(state, lines, self._clicks)
        return state

    def latest_words(self) -> list[str]:
        """Every message the latest action added (or, after an Undo/Redo on this page, what it took back or
        brought back), never older ones as if new."""
        s = self.state
        if self._news is not None and self._news.state is s:
            return self._news.lines
        if self._latest is None or self._latest[0] is not s:  # (another window's action, or a reopening)
            before = self.tracker.before_latest()
            self._latest = (s, [] if before is None else self.tracker.action_words(before, s))
        return self._latest[1]

    def _surge_is_news(self) -> bool:
        """Whether the surge the state holds (its alert) is what the latest action, or a Redo of it, said.
        An Undo of a later action brings back the state the surge left, but says only what it took back:
        that surge was resolved already, and its alert again would read as a new surge."""
        said = self._alert_lines()
        return any(line in said for line in self.latest_words())

    def _alert_lines(self) -> tuple[str, ...]:
        """The surge the state holds (its alert) as the latest action, or a Redo of it, says it; () for
        none."""
        alert = self.state.alert
        return () if alert is None else (alert, *redone_said([alert]))

    def said_in_section(self, prefix: str) -> bool:
        """Whether the panel of the section acted in shows a line of the latest action's starting with
        ``prefix`` (:meth:`_say_in_section`: the click that did it is the latest, outside the status), so
        the status and the surge alert only refer to it (a sentence is said once on a screen)."""
        news = self._news
        return (news is not None and news.state is self.state and news.click == self._clicks
                and self.section_messages.current is not self.status
                and any(line.startswith(prefix) for line in news.lines))

    def _surge_alert(self) -> str:
        """The surge alert (:func:`surge_html`) while the surge is news (:meth:`_surge_is_news`); only its
        heading when the panel under the button that caused it says the surge."""
        alert = self.state.alert
        if alert is None or not self._surge_is_news():
            return ""
        return surge_html(self.state, said_below=self.said_in_section(alert))

    def show_once_said(self) -> None:
        """After a click: the status and the surge alert say in full again what the panel of an earlier
        click said (every click clears the sections' panels), or only refer to it. The status is drawn here
        once for the click (:meth:`show_status` waits meanwhile), unless the click's refusal is shown in it
        (it is all the status shows then)."""
        due, self._status_due = self._status_due, False
        if self._drawing:
            return
        if (due or self.state.started) and self._refused_in is not self.status:
            self.show_status()
        if self.state.started:
            self.surge_alert.value = self._surge_alert()

    def status_words(self) -> list[str]:
        """What the status shows of :meth:`latest_words`: what no section says. A click's words show once,
        under the button that caused it (:meth:`_say_in_section`), not in the status too; the status is the
        panel of Undo, Redo and Start chapter (its section closes), so it says theirs, until another control
        is used (a success beside a newer refusal would read as if the refused click had worked). Another
        window's action, or the log's latest on reopening, is said here: no section of this page did it."""
        news = self._news
        if news is not None and news.state is self.state:
            here = news.click == self._clicks and self.section_messages.current is self.status
            return news.lines if here else []
        return self.latest_words()

    def add_cheese(self, n: int) -> None:
        """Cheese on the minion wheel (``n`` < 0: taken off); the Rolls box beside it holds the table's
        rolls for an ambush of the surge it may trigger (blank: drawn from the seed). Cheese that
        triggers no surge leaves the box as it is: its rolls wait for the surge."""
        event = {"event": "minion_cheese", "count": n}
        if self.state.started and not self.surges(n):
            self.do(event)
        else:
            self._do_with_rolls(event, self.cheese_rolls)

    def surges(self, n: int) -> bool:
        """Whether ``n`` cheese onto the minion wheel fill it: a surge follows (Surges), whose ambush reads
        the Rolls box by the wheel; any other cheese leaves the box as it is."""
        return n > 0 and self.state.board.wheel + n >= WHEEL_SIZE

    def _regate_wheel_rolls(self) -> None:
        """The controls that read the Rolls box by the wheel (the cheese that surges, a greedy roach's steal)
        on or off as typed in it."""
        self._regate_board()
        for box in self._mouse_boxes.values():
            box._regate()

    def cheese_rolls_off(self, event: dict[str, Any], n: int) -> str | None:
        """Why ``event``, ``n`` cheese onto the wheel, cannot roll the ambushes of the surge it triggers with
        the Rolls box by the wheel as typed (:meth:`_rolls_off`); ``None`` when no surge follows (the box is
        not read)."""
        return self._rolls_off(lambda: event, self.cheese_rolls) if self.surges(n) else None

    def start_chapter(self) -> None:
        """Start a chapter; a started one's log is kept under a dated name first. The start is
        checked first, and an old log that cannot be renamed (a read-only folder) is refused:
        either way the old chapter and its log stay as they were."""
        self._refuse_if_cannot_act()  # (a chapter another window started is never set aside unseen)
        mice = self._party_typed()
        if not mice:
            raise CompanionError("choose the mice of the party first")
        event = {
            "event": "start",
            "chapter_end": int(self.chapter_end.value),
            "mice": mice,
            "minions": parse_counts(self.start_minions.value),
            "seed": seed_from_text(self.seed.value),
        }
        if self.chapter_no.value:
            event["chapter"] = int(self.chapter_no.value)
        abilities = {mid: str(p.value) for mid, p in self._ability_pickers.items() if p.value and mid in mice}
        if abilities:
            event["abilities"] = abilities
        if self.state.started:  # keep the old chapter's log, start a fresh one
            probe = self._tracker_on(None)  # check the event before moving the old log
            probe.apply(probe.initial(), event)
            old = self.tracker

            def back() -> None:  # the start could not be written: the page stays on the old chapter
                self.tracker = self.odds.tracker = old
                self.refresh()

            def stay(why: LogError) -> None:  # nor could the old log come back: the page shows the new one
                if self.tracker is old:  # (the new log could not even be opened)
                    self.tracker = self.open_tracker(self._tracker_on, self.path)
                self.odds.tracker = self.tracker
                self.refresh()
                ui.show(self.setup_msg, "error", "That did not work", [page_words(why.render())])

            # (the old log is read again and moved under its lock: a chapter another window started
            # meanwhile is never set aside unseen, the page is drawn again and the start refused)
            with old_log_kept(old, archive_name, "start the chapter", changed=self._refuse_changed,
                              back=back, stay=stay) as kept:
                self.tracker = self._tracker_on(self.path)
                self.odds.tracker = self.tracker
                self.do(event)
            if kept is not None:  # the status says where the old chapter went, and how to open it again
                self._kept_log = kept
                if self._news is not None:
                    self._news = self._news._replace(lines=[*self._news.lines, kept_words(kept)])
        else:
            self.do(event)
        self.setup.selected_index = None
        # (New chapter is closed now: what the start said is read in the status, right under it)
        self.section_messages.use(self.status)
        self.show_status()

    def chapter_minions_text(self, number: int) -> str:
        """Chapter ``number``'s setup minions as the Minions box takes them (``rat-warriors=3``), "" when
        the card data has none (or no such chapter, or cannot be loaded)."""
        try:
            info = self.tracker.chapter_info(number) if number else None
        except CompanionError:  # (the card data cannot be loaded: the page says so)
            info = None
        counts = info.setup_counts if info is not None else {}
        return ", ".join(f"{mid}={n}" for mid, n in counts.items())

    def _prefill_minions(self) -> None:
        """The Minions box takes the setup minions of the chapter chosen (Chapter setup; Game setup, step 6:
        chapter 1's 3 rat warriors), so that the start shuffles their initiative cards in with the mice's;
        only when the box is empty or still holds the previous chapter's: what the player typed stays."""
        text = self.chapter_minions_text(int(self.chapter_no.value or 0))
        if self.start_minions.value.strip() in ("", self._minions_prefill):
            self.start_minions.value = text
        self._minions_prefill = text

    def _start_off(self) -> str | None:
        """Why Start chapter cannot work with the New chapter boxes as they are (``None``: it can): no mouse
        chosen, or a mouse the chapter's Party Setup excludes (the tracker's refusal: Chapter setup)."""
        typed = self._party_typed()
        if not typed:
            return "choose the mice of the party first"
        number = int(self.chapter_no.value or 0)
        try:
            heroes = self._typed_heroes()
            info = self.tracker.chapter_info(number) if number else None
        except CompanionError:  # (the card data cannot be loaded: the page says so)
            return None
        party = [(hero.id, hero.name) for _typed, hero in heroes if hero is not None]
        refused = party_setup_refusal(info, number or None, party)
        return None if refused is None else page_words(refused.render())

    def _gate_start(self) -> None:
        """Start chapter on or off as the New chapter boxes allow (:meth:`_start_off`), with why under it."""
        ui.gate(self.start_btn, self._start_off())
        self.start_off.value = ui.off_reasons([self.start_btn])

    def _party_typed(self) -> list[str]:
        """The mice of the New chapter boxes: those picked, then those typed under Also."""
        return list(self.mice_pick.value) + [m.strip() for m in self.extra_mice.value.split(",") if m.strip()]

    def _typed_heroes(self) -> list[tuple[str, HeroInfo | None]]:
        """The mice of the New chapter boxes (:meth:`_party_typed`), each with the hero of the card data it
        names alone, by id or name (``None``: none, or several). Raises :class:`CompanionError` when the
        card data cannot be loaded."""
        roster = self.tracker.hero_roster()
        options = [(k, (h.name,)) for k, h in roster.items()]
        named = [(typed, nm.matches(typed, options)) for typed in self._party_typed()]
        return [(typed, roster[hits[0]] if len(hits) == 1 else None) for typed, hits in named]

    def _ability_choices(self) -> None:
        """A starting ability picker per mouse of the New chapter boxes, offering the ability cards of its
        class (all of them when its classes are unknown); a mouse's choice stays while it is chosen."""
        try:
            heroes = self._typed_heroes()
        except CompanionError:  # (the card data cannot be loaded: the page says so)
            heroes = [(typed, None) for typed in self._party_typed()]
        pickers: dict[str, w.Dropdown] = {}
        for typed, hero in dict(heroes).items():  # (each mouse once)
            try:
                cards = self.tracker.ability_choices(hero.classes if hero is not None else ())
            except CompanionError:
                cards = ()
            old = self._ability_pickers.get(typed)
            picker = old or w.Dropdown(description=(hero.name if hero is not None else typed)[:20],
                                       layout=w.Layout(width="320px"))
            self.choices(picker, [("(none)", ""), *((a, a) for a in cards)], "")
            pickers[typed] = picker
        self._ability_pickers = pickers
        self.start_abilities.children = tuple(pickers.values())

    def encounters_revealed(self) -> int:
        """The encounters revealed in this chapter so far (in force: undone ones do not count)."""
        history = self.tracker.history
        starts = [i for i, e in enumerate(history) if e.get("event") == "start"]
        return sum(1 for e in history[starts[-1] + 1 if starts else 0:] if e.get("event") == "encounter")

    def _encounter_event(self) -> dict[str, Any]:
        """The encounter the boxes describe, its rolls aside (:meth:`_do_with_rolls` reads them)."""
        name = self.enc_name.value.strip() or f"encounter {self.encounters_revealed() + 1}"
        event: dict[str, Any] = {
            "event": "encounter",
            "card": name,
            "minions": parse_counts(self.enc_minions.value),
            "ambush": bool(self.enc_ambush.value),
        }
        event.update(self.surge_fields(self.enc_surge.value, "surge", "surge_text"))
        return event

    def reveal_encounter(self) -> None:
        self._refuse_if_cannot_act()  # (the default name counts the encounters the page shows)
        self._do_with_rolls(self._encounter_event(), self.enc_rolls)
        # the card is revealed: its boxes are cleared, so a second tap never reveals it twice
        for box in (self.enc_name, self.enc_minions, self.enc_surge):
            box.value = ""
        self.enc_ambush.value = False  # the next encounter card says for itself whether it ambushes

    def _room_off(self) -> str | None:
        """Why Enter room cannot work with what is typed (``None``: it can): a blank name with no room
        to leave, a special surge with no room's name, the room the mice are in already."""
        name = " ".join(self.room_name.value.split())
        surge = self.room_surge.value.strip()
        room = self.state.board.room
        if not name and surge:
            return f"type the room's name in the Room box for its special surge ({cite('mystics', 'Surges')})"
        if not name and room is None:
            return "type the room's name in the Room box: the mice are in no room to leave"
        if room is not None and name == room.name and not surge:
            return f"the mice are in {name} already: type another room's name"
        return None

    def enter_room(self) -> None:
        """Enter the room named (with its special surge, if typed), or, with no name, leave the room the
        mice are in; what cannot work is refused in this page's words (:meth:`_room_off`)."""
        off = self._room_off()
        if off is not None:
            raise CompanionError(off)
        name = " ".join(self.room_name.value.split())
        surge = self.room_surge.value.strip()
        event: dict[str, Any] = {"event": "room", "name": name or None}
        event.update(self.surge_fields(surge, "special_surge", "special_surge_text"))
        self.do(event)

    def surge_fields(self, text: str, counts_key: str, text_key: str) -> dict[str, Any]:
        """A surge field as event data: a minion list (``centipede=1``, ``2 rat warriors``), whose types
        the tracker checks now, with close names suggested; or, for anything else, the surge's text
        (``Tinkerer's Treasure: ...``), shown when the surge comes (Surges)."""
        text = text.strip()
        if not text:
            return {}
        written: list[bool] = []
        try:
            counts = parse_counts(text, explicit=written)
        except CompanionError:
            return {text_key: text}
        if not all(written):  # bare words: a minion list only if they name minion types
            unknown = [n for n in counts if not self._names_minion(n)]
            typo = len(counts) == 1 and len(text.split()) == 1 and any(
                nm.suggestions(n, self._minion_options()) for n in unknown
            )
            if unknown and not typo:
                return {text_key: text}
        return {counts_key: counts}

    def _minion_options(self) -> list[nm.Option]:
        pool = {**self.tracker.minion_roster(), **dict(self.state.roster)}
        return [(k, (m.name,)) for k, m in pool.items()]

    def _names_minion(self, name: str) -> bool:
        try:
            self.tracker.minion_info(self.state, name, None)
        except UnknownCardError:
            return False
        return True

    def on_condition(self, mid: str, cond: str, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        box = self._mouse_boxes.get(mid)
        self.guard(None if box is None else box.msg)(
            lambda: self.do(
                {"event": "condition", "mouse": mid, "condition": cond, "on": bool(change["new"])}
            )
        )()

    def _end_move_off(self, move: int) -> str | None:
        """Why the chapter end marker cannot move ``move`` pages now (the tracker's refusal: past the chapter
        track's end), in this page's words; ``None``: it can."""
        refused = end_marker_move_refusal(self.state, move)
        return None if refused is None else page_words(refused.render())

    def _achievement_off(self) -> str | None:
        """Why the Achievement button cannot work for the achievement typed (``None``: it can): the
        tracker's refusal (an individual achievement taken, or whose condition the mouse chosen has not met
        as logged; a story achievement the party holds)."""
        name = self.achievement.value.strip()
        if not name:
            return "type or choose an achievement first"
        try:  # (an individual achievement's condition: the mouse chosen's, or any mouse's with none chosen;
            # a name close to a known one is asked about before it is recorded)
            refused = (achievement_typo(self.tracker, self.state, name)
                       or achievement_refusal(self.tracker, self.state, name, self.ach_mouse.value or None))
        except CompanionError:  # (the card data cannot be loaded: the page says so)
            refused = None
        if refused is not None:
            return page_words(refused.render())
        return self._end_move_off(self._achievement_moves(name))

    def achievement_move(self, name: str) -> int:
        """The pages the tracker moves the chapter end marker for achievement ``name`` when no move is typed:
        an individual achievement's as the book says, a story achievement's as its chapter's data says
        (chapter 1's Miz Maggie Ally: 1 page), 0 for a name neither knows (as the command line moves it)."""
        key = nm.achievement_key(name)
        if key in INDIVIDUAL_ACHIEVEMENTS:
            return INDIVIDUAL_ACHIEVEMENTS[key]
        if not name or not self.state.started:
            return 0
        try:
            move = story_move(self.tracker, self.state, name)
        except CompanionError:  # (the card data cannot be loaded: the page says so)
            move = None
        return move or 0

    def _achievement_move(self) -> None:
        """The "end +" box follows the achievement typed or chosen, each time the name changes: the move the
        tracker makes for it (:meth:`achievement_move`: 0 for a name the data does not know), never a value
        kept from an earlier choice; off for an individual achievement (the book says its move). The
        Achievement box's own observer regates the board and writes the captions next (it observes after
        this one)."""
        if self._syncing:
            return
        name = self.achievement.value.strip()
        move = self.achievement_move(name)
        self._set_unregated(self.ach_move, min(max(move, self.ach_move.min), self.ach_move.max))
        individual = nm.achievement_key(name) in INDIVIDUAL_ACHIEVEMENTS
        ui.gate(self.ach_move, "an individual achievement moves the chapter end marker as the book says "
                            f"({cite('mystics', 'Individual Achievements')})" if individual else None)

    def _achievement_options(self) -> list[str]:
        """The achievements offered: the individual ones (back cover), then the chapter's story ones."""
        try:
            info = chapter_part(self.tracker, self.state, "achievements") if self.state.started else None
        except CompanionError:  # (the card data cannot be loaded: the page says so)
            info = None
        story = [a.name for a in getattr(info, "achievements", ())]
        return [*INDIVIDUAL_NAMES, *(x for x in story if x not in INDIVIDUAL_NAMES)]

    def _achievement_moves(self, name: str) -> int:
        """The pages Record achievement moves the chapter end marker for ``name``: an individual achievement's
        as the book says, else as the “End marker moves” box says."""
        key = nm.achievement_key(name)
        return INDIVIDUAL_ACHIEVEMENTS[key] if key in INDIVIDUAL_ACHIEVEMENTS else int(self.ach_move.value)

    def _achievement_event(self) -> dict[str, Any]:
        name = self.achievement.value.strip()
        off = self._achievement_off()
        if off is not None:
            raise CompanionError(off)
        ev: dict[str, Any] = {"event": "achievement", "name": name}
        move = int(self.ach_move.value)
        # the book gives an individual achievement's move (Individual Achievements); a story achievement's
        # is the tracker's to decide (and log) unless another move is typed
        if nm.achievement_key(name) not in INDIVIDUAL_ACHIEVEMENTS and move != self.achievement_move(name):
            ev["move_end"] = move
        if self.ach_mouse.value:
            ev["mouse"] = self.ach_mouse.value
        return ev

    def _minion_event(self, kind: str) -> dict[str, Any]:
        """The chosen minion's event: a figure of the type chosen, or a boss's card (the choices as the
        page shows them: a stale page was refused before, see :meth:`act`)."""
        self._refuse_if_stale()
        mid, card, figure = self.minion_pick.value, self.minion_card.value, int(self.minion_fig.value)
        if not mid:
            raise CompanionError("no minion on the board" if not self.state.minions else "choose a minion")
        group = next((x for x in self.state.minions if x.id == mid), None)
        if group is None:
            raise CompanionError(f"no {mid} on the board any more",
                                 suggestion="The page shows the minions as they are now.")
        ev: dict[str, Any] = {"event": kind, "minion": mid}
        boss = [c.id for c in boss_cards_on_track(self.state, group)]
        if kind == "wound_minion":
            ev["count"] = 1
            if boss and not card and len(boss) > 1:
                raise CompanionError(f"{group.name} has {len(boss)} initiative cards: choose the one wounded "
                                     "in the Boss card box", cite=cite("mystics", "Wounds on boss minions"))
            if boss:
                ev["card"] = card or boss[0]
        if not (boss and kind == "wound_minion"):
            if not 1 <= figure <= len(group.figures):
                raise CompanionError(f"{group.name} has {plural(len(group.figures), 'figure')} on the board; "
                                     f"there is no figure {figure}",
                                     expected=f"figure 1 to {len(group.figures)}")
            ev["figure"] = figure - 1
        by = self.minion_by.value
        if by and by != self._turn_mouse():  # (the mouse whose turn it is is the tracker's own default)
            ev["by"] = by
        return ev

    def _turn_mouse(self) -> str:
        """The mouse whose turn it is ("" on a minion's turn, or between turns)."""
        return self.state.turn_mouse or ""

    def _defeated_by_choices(self) -> None:
        """The Defeated by box: the mice on the board (a captured mouse defeats no minion), the mouse whose
        turn it is chosen at each new turn; a choice made stays for the rest of that turn."""
        s = self.state
        options = [("(whose turn it is)", "")] + [(m.name, m.id) for m in s.mice if not m.captured]
        turn = (s.round, s.turn, s.acting)
        want = self.minion_by.value if turn == self._by_seen else self._turn_mouse()
        self._by_seen = turn
        was, self._syncing = self._syncing, True
        try:
            ui.keep_choice(self.minion_by, options, "", chosen=want)
        finally:
            self._syncing = was

    def _boss_cards(self) -> None:
        """The Boss card box and the Figure box follow the minion type chosen: its cards on the track,
        and figures 1 to the number on the board."""
        group = next((x for x in self.state.minions if x.id == self.minion_pick.value), None)
        cards = [] if group is None else [(c.name, c.id) for c in boss_cards_on_track(self.state, group)]
        self.choices(self.minion_card, [("—", ""), *cards], cards[0][1] if cards else "")
        top = max(len(group.figures), 1) if group is not None else 1
        if self.minion_fig.max != top:
            if self.minion_fig.value > top:
                self.minion_fig.value = top
            self.minion_fig.max = top

    def _minion_chosen(self) -> None:
        """Another minion type chosen: its boss cards, figures and life, and Set life gated for it (its
        reason names the type chosen, even when both types' lives are blank)."""
        self._boss_cards()
        self._show_minion_life()
        self._regate_board()

    def _chosen_group(self) -> Any:
        """The minions of the type chosen in the Minion box (``None``: none on the board)."""
        return next((x for x in self.state.minions if x.id == self.minion_pick.value), None)

    def _show_minion_life(self) -> None:
        """The Life box shows the chosen type's life (blank: unknown), once it changes; the hint beside it
        asks for the life while the card data does not know it."""
        group = self._chosen_group() if self.state.started else None
        seen = None if group is None else (group.id, group.life)
        if seen != self._minion_life_seen:  # (both callers regate the board next)
            self._minion_life_seen = seen
            life = None if group is None else group.life
            self._set_unregated(self.minion_life, "" if life is None else str(life))
        # (a boss with its boss cards on the track has its life on each card: Wounds on boss minions)
        ask = group is not None and group.life is None and not boss_cards_on_track(self.state, group)
        self.minion_life_hint.value = (
            f"<small style='color:#9a6700'>{html.escape(possessive(group.name))} life is unknown in the card "
            "data: type it from its initiative card and press Set life, so that a wound defeats a figure "
            f"({html.escape(figure_wounds(group))})</small>"
            if ask and group is not None else "")  # (ask: there is a group)

    def _set_unregated(self, box: Any, value: Any) -> None:
        """``box`` set to ``value`` without its observer regating the board (:meth:`_regate_board` is held off
        as while the page is drawn): the caller's regate follows, once."""
        was, self._drawing = self._drawing, True
        try:
            box.value = value
        finally:
            self._drawing = was

    def _typed_minion_life(self) -> int | None:
        """The life typed in the minions' Life box; ``None`` when it is blank."""
        return typed_life(self.minion_life.value)

    def _minion_life_off(self) -> str | None:
        """Why Set life (a minion type's) cannot work with what is typed (``None``: it can). A boss with its
        boss cards on the track has its life on each card; one without (the card data gives it at most one
        card, on the track as a minion card) has it set here, as any minion's (Wounds on boss minions)."""
        group = self._chosen_group()
        if group is None:
            return "choose a minion on the board"
        if boss_cards_on_track(self.state, group):
            return (f"{possessive(group.name)} life is on each of its initiative cards "
                    f"({cite('mystics', 'Wounds on boss minions')})")
        try:
            life = self._typed_minion_life()
        except CompanionError as exc:
            return exc.message
        if life is None:
            return f"type {possessive(group.name)} life from its initiative card in the Life box first"
        if life == group.life:
            return f"{possessive(group.name)} life is {life} already"
        return None

    def _minion_life_event(self) -> dict[str, Any]:
        """The chosen minion type's life, as its initiative card shows it (set_stats)."""
        self._refuse_if_stale()
        off = self._minion_life_off()
        if off is not None:
            raise CompanionError(off)
        return {"event": "set_stats", "minion": self.minion_pick.value, "life": self._typed_minion_life()}

    def greedy_steal(self, mid: str) -> None:
        """A greedy roach steals 1 of the mouse's cheese onto the minion wheel (Greedy Roaches); the
        Rolls box by the wheel holds the rolls of an ambush of the surge it may trigger."""
        event = {"event": "greedy_steal", "mouse": mid}
        if not self.surges(1):
            self.do(event)
        else:
            self._do_with_rolls(event, self.cheese_rolls)

    def can_pilfer(self, m: Mouse) -> bool:
        """Whether the mouse has Pilfer, as the tracker reads it: Filch's (or a hero card's whose
        abilities name it), or learned (Mouse Hero Cards, Filch: Pilfer)."""
        try:
            return has_pilfer(self.tracker, m, self.state)
        except CompanionError:  # (the card data cannot be loaded: the page says so)
            return "pilfer" in map(str.lower, m.abilities) or m.id == "filch"

    def _minion_types(self) -> list[tuple[str, str]]:
        """The minion types a chapter rule may place: the card data's and those typed in this
        chapter, by name."""
        try:
            pool = dict(self.tracker.minion_roster())
        except CompanionError:  # (the card data cannot be loaded: the page says so)
            pool = {}
        pool.update(dict(self.state.roster))
        return sorted(((m.name, k) for k, m in pool.items()), key=lambda x: (x[0].lower(), x[1]))

    def _add_off(self) -> str | None:
        """Why Add minions cannot work with the boxes as they are (``None``: it can): no type, no room on the
        board for another figure of the type (Placing Minions on the Board), or rolls typed in that its
        ambushes cannot take (:meth:`_rolls_off`)."""
        if not self.add_type.options:
            return "no minion types: the card data has none"
        kind = self.add_type.value
        if not kind:
            return "choose a minion type"
        room = figure_room(self.state.minions, kind)
        if room < 1:
            name = dict((k, n) for n, k in self.add_type.options).get(kind, kind)
            return (f"{lim.MAX_FIGURES} {name} are on the board already: at most {lim.MAX_FIGURES} "
                    f"({lim.FIGURES_WHY})")
        return self._rolls_off(self._add_event, self.add_rolls)

    def _rolls_off(self, event: Callable[[], dict[str, Any]], box: w.Text) -> str | None:
        """Why the event ``event()`` makes of the boxes cannot roll its ambushes with the Rolls ``box`` as
        typed, in this page's words naming the box (:meth:`_rolls_refusal`); ``None``: it can, or only the
        click can say (boxes the tracker cannot read, a refusal of its own: said then). Worked out once
        per state, event and box text: the board regates on every keystroke in any of its boxes, and each
        answer runs the event as a trial, once
        (:meth:`~companion.mystics.tracker.MysticsTracker.rolls_trial`)."""
        try:
            made = event()
        except CompanionError:
            return None
        tracker, state, seen = self._rolls_seen
        if tracker is not self.tracker or state is not self.state:
            seen = {}
            self._rolls_seen = (self.tracker, self.state, seen)
        key = (repr(made), box.value)
        if key not in seen:
            try:
                refused = self._rolls_refusal(made, box)
            except CompanionError:
                refused = None
            seen[key] = None if refused is None else page_words(refused.render())
        return seen[key]

    def _rolls_refusal(self, event: dict[str, Any], box: w.Text) -> CompanionError | None:
        """The tracker's refusal of the rolls typed in ``box`` for ``event`` (:func:`rolls_refusal`: their
        count is what the event takes, one per minion initiative card on the track for an ambush and one for
        a boss's ambush, whether or not the Ambush box is ticked), naming the box. Raises the event's own
        refusal, if it has one."""
        blank = not box.value.strip()
        if blank and self.tracker.draws_rolls():  # (drawn from the seed: nothing typed to refuse)
            return None
        try:
            rolls = self._typed_rolls(box)
        except CompanionError as exc:  # (no number: refused whatever the event)
            return exc
        refused = rolls_refusal(self.tracker, self.state, event if blank else {**event, "rolls": rolls})
        return None if refused is None else refused.relabel(where=ROLLS_BOX)

    @staticmethod
    def _typed_rolls(box: w.Text) -> list[int] | None:
        """The numbers typed in the Rolls ``box`` (``None``: blank); anything else is refused, naming it."""
        try:
            return parse_ints(box.value)
        except CompanionError as exc:
            raise exc.relabel(where=ROLLS_BOX) from None

    def add_minions(self) -> None:
        """Minions a chapter rule places now: figures on the board, new initiative cards at the
        bottom of the track (Determining Initiative Order), an ambush if the rule says so."""
        self.refuse_if_unusable()  # (the log's reason first, not the choices')
        kind, n = self.add_type.value, int(self.add_count.value)
        if not kind:
            raise CompanionError("choose a minion type" if self.add_type.options
                                 else "no minion types: the card data has none")
        if not 1 <= n <= lim.MAX_FIGURES:
            raise CompanionError(f"bad number of figures {n}", expected=f"1 to {lim.MAX_FIGURES}: "
                                                                        f"{lim.FIGURES_WHY}")
        self._do_with_rolls(self._add_event(), self.add_rolls)
        self.add_ambush.value = False  # the next arrival is another rule's: it ambushes only if ticked again

    def _add_event(self) -> dict[str, Any]:
        """The minions Add minions places as the boxes say, its rolls aside (:meth:`_do_with_rolls` reads
        them)."""
        event: dict[str, Any] = {"event": "add_minions",
                                 "minions": {self.add_type.value: int(self.add_count.value)}}
        if self.add_ambush.value:
            event["ambush"] = True
        return event

    def _do_with_rolls(self, event: dict[str, Any], box: w.Text) -> None:
        """An event whose ambush may roll, with the rolls typed in ``box`` (blank: drawn from the seed);
        ``box`` is cleared once it is done, kept when refused. Rolls the die data cannot draw (no movement
        numbers) are asked for in the Rolls box, not the log's field, and rolls refused name the box."""
        rolls = self._typed_rolls(box)
        if rolls is not None:
            event = {**event, "rolls": rolls}
        try:
            self.do(event)
        except TypedRollsError as exc:  # (a click the gate did not stop: _rolls_off says it before)
            raise exc.relabel(where=ROLLS_BOX) from None
        except RollsNeeded as exc:  # (the cards the rolls are for, in the track's order as shuffled)
            raise CompanionError(
                f"{exc.purpose}: the action die data has no movement numbers, so the die rolls come from "
                f"the table{rolls_for(exc.cards)}", cite=cite("mystics", "Ambushes"),
                suggestion="Type the numbers rolled in the Rolls box (e.g. 2 1), in that order: one per "
                           "minion initiative card on the track, top first, and one for a boss's ambush."
            ) from None
        box.value = ""

    def _disarm(self) -> None:
        """A box of the chapter end marker changed: a chapter loss said by a first tap is no longer
        confirmed (a number changed and changed back is typed anew: its next tap says it again), and the
        warning under the buttons, which names a button that no longer reads so, goes."""
        if self._armed is not None and self._armed[1] is self.state:
            self.chapter_msg.value = ""
        self._armed = None

    def _armed_for(self, how: str) -> bool:
        """Whether the chapter end button ``how`` ("move", "page") was tapped once already, no box changed
        since (:meth:`_disarm`) and nothing done (here or in another window: the state is another): its next
        tap does what the first said. The button's label (:meth:`_regate_board`) asks it too."""
        return self._armed is not None and self._armed[0] == how and self._armed[1] is self.state

    def chapter_end_loss(self, event: dict[str, Any]) -> str | None:
        """Why the ``chapter_end`` ``event`` would lose the chapter (the marker onto or behind the hourglass:
        Story Control Board), with the rule book section; ``None``: it would not."""
        b = self.state.board
        after = move_chapter_end(b, event["move"]) if "move" in event else put_chapter_end(b, event["page"])
        return after.defeat_reason if after.defeated and not b.defeated else None

    def move_end_marker(self, how: str) -> None:
        """Move the chapter end marker (``how="move"``) or put it on a page (``"page"``). A move that loses
        the chapter is never done by one tap (one mistyped number would end play): the first tap says so,
        and the button reads “Confirm: lose the chapter” until a box changes or another action is done.
        A move done leaves 0 in the Move by box, so an Undo and a tap do not repeat it."""
        event = self._chapter_end_event(how)
        loss = self.chapter_end_loss(event)
        if loss is not None and not self._armed_for(how):
            self._armed = (how, self.state)
            self._regate_board()
            ui.show(self.chapter_msg, "warn", f"This loses the chapter: press “{CONFIRM_LOSS}” to do it",
                    [page_words(loss), "Change the box, or do anything else, to leave the chapter as it is."])
            return
        self._armed = None
        self.do(event)
        if how == "move":
            self.end_move.value = 0

    def _chapter_end_event(self, how: str) -> dict[str, Any]:
        """Move the chapter end marker by the pages typed (``how="move"``), or put it on the page
        typed (``"page"``); a move of 0, or the page it is on, is nothing to log."""
        self.refuse_if_unusable()
        if how == "move":
            move = int(self.end_move.value)
            if move == 0:
                raise CompanionError("a move of 0 pages leaves the chapter end marker where it is",
                                     expected="pages forward (1 or more) or back (-1 or less)")
            return {"event": "chapter_end", "move": move}
        page = int(self.end_page.value)
        if not 1 <= page <= lim.MAX_PAGE:
            raise CompanionError(f"bad page {page}", expected=f"1 to {lim.MAX_PAGE}: {lim.PAGE_WHY}")
        if page == self.state.board.chapter_end:
            raise CompanionError(f"the chapter end marker is already on page {page}: nothing to do")
        return {"event": "chapter_end", "page": page}

    def _defeat_reason(self) -> str:
        """The reason typed in the Defeat's Reason box, on one line."""
        return " ".join(str(self.defeat_reason.value).split())

    def _defeat_off(self) -> CompanionError | None:
        """Why Defeat cannot work with the reason typed (``None``: it can): a blank one (one tap with nothing
        typed would end the chapter: the defeat condition met is typed first, as the other actions that
        need words have them typed first), or one too long to show."""
        reason = self._defeat_reason()
        if not reason:
            return CompanionError("type the defeat condition met in the Reason box first",
                                  cite=cite("mystics", "Defeat"))
        if len(reason) > MAX_REASON:
            return CompanionError(f"the defeat reason is {len(reason)} characters long",
                                  expected=f"at most {MAX_REASON}", suggestion="Shorten it.")
        return None

    def _defeat_event(self) -> dict[str, Any]:
        """The chapter is lost, for the reason typed (one line); a chapter over already is refused in the
        tracker's words first (no reason typed makes it go on)."""
        self.refuse_if_unusable()
        off = end_refusal(self.state, "defeat") or self._defeat_off()
        if off is not None:
            raise off
        return {"event": "defeat", "reason": self._defeat_reason()}

    def _reset_order(self) -> None:
        """The order being put together, back to the track's as it is."""
        self._order = [c.id for c in self.state.track]
        self._order_seen = tuple(self._order)
        self._show_order()

    def _show_order(self, chosen: str | None = None) -> None:
        names = {c.id: c.name for c in self.state.track}
        self.order_list.options = [(f"{i + 1}. {names.get(cid, cid)}", cid)
                                   for i, cid in enumerate(self._order)]
        self.order_list.value = chosen if chosen in self._order else None
        self._gate_corrections()

    def _gate_corrections(self, *, captions: bool = True) -> None:
        """The corrections' buttons, off when they cannot work: ▲/▼ with no card chosen, Set order with
        the order the track has, Set turn on the card whose turn it is (``captions`` off: the caller writes
        them, once). Not while the page is drawn: :meth:`refresh` gates them once, at its end."""
        if self._drawing:
            return
        s = self.state
        none = self._no_chapter() if not s.started else None
        off = (none or self.ended("set_order"), none or self.ended("set_turn"))
        chosen = None if self.order_list.value else "choose a card of the order first"
        ui.gate(self.order_up, off[0] or chosen)
        ui.gate(self.order_down, off[0] or chosen)
        ui.gate(self.order_reset, off[0])
        same = self._order == [c.id for c in s.track]
        ui.gate(self.set_order_btn, off[0] or (
            "no cards on the initiative track" if not s.track
            else "the order shown is the track's already: choose a card and move it up or down first"
            if same else None))
        cur = s.current
        ui.gate(self.set_turn_btn, off[1] or (
            "no cards on the initiative track" if not s.track
            else f"it is {possessive(cur.name)} turn already: choose another card"
            if cur is not None and self.turn_pick.value == cur.id else None))
        if captions:
            self._captions()

    def move_in_order(self, step: int) -> None:
        """Move the chosen card of the order up (``-1``) or down (``1``); nothing is logged yet."""
        cid = self.order_list.value
        if cid is None or cid not in self._order:
            raise CompanionError("choose a card of the order first")
        i = self._order.index(cid)
        j = i + step
        if 0 <= j < len(self._order):
            self._order[i], self._order[j] = self._order[j], self._order[i]
        self._show_order(cid)
        self.show_status()  # (an error an earlier click showed is over)

    def set_order(self) -> None:
        """Correct the initiative order to the one put together (set_order)."""
        self.refuse_if_unusable()
        track = [c.id for c in self.state.track]
        if not track:
            raise CompanionError("no cards on the initiative track")
        if self._order == track:
            raise CompanionError("the order shown is the track's already: nothing to correct",
                                 suggestion="Choose a card and move it up or down first.")
        self.do({"event": "set_order", "order": list(self._order)})

    def set_turn(self) -> None:
        """Correct whose turn it is (set_turn): the card chosen."""
        self.refuse_if_unusable()
        cid = self.turn_pick.value
        if not cid:
            raise CompanionError("choose the card whose turn it is")
        cur = self.state.current
        if cur is not None and cur.id == cid:
            raise CompanionError(f"it is {possessive(cur.name)} turn already: nothing to correct")
        self.do({"event": "set_turn", "card": cid})

    # -- display ---------------------------------------------------------------------------------
    def _controls(self) -> dict[Any, str]:
        """The chapter's controls and the event kind each one logs."""
        return {
            self.next_btn: "end_turn", self.add1: "minion_cheese", self.add2: "minion_cheese",
            self.sub1: "minion_cheese", self.ach_btn: "achievement", self.glass_btn: "hourglass",
            self.enc_btn: "encounter", self.room_btn: "room", self.wound_minion: "wound_minion",
            self.defeat_minion: "defeat_minion", self.add_btn: "add_minions",
            self.end_move_btn: "chapter_end", self.end_page_btn: "chapter_end",
            self.victory_btn: "victory", self.defeat_btn: "defeat", self.set_minion_life: "set_stats",
        }

    def show_status(self) -> None:
        """The status: whose turn it is (or how the chapter ended, for as long as it stays so) and what no
        section says of the latest action (:meth:`status_words`), or what the page waits for. During a click,
        drawn once, as it ends (:meth:`show_once_said`)."""
        if self._status_waits:
            self._status_due = True
            return
        s = self.state
        if not s.started:
            if not self.show_unusable(self.status):
                kept = self._kept_log if self._kept_log is not None and self._kept_log.exists() else None
                ui.show(self.status, "info", "No chapter yet",
                        ["Open “New chapter”, choose the mice, Start."]
                        + ([kept_words(kept)] if kept is not None else []))
            return
        b = s.board
        # (a surge the latest action triggered is said once, in the surge line under the status)
        surge = self._alert_lines()
        lines = [page_words(m) for m in self.status_words() if m not in surge]
        if b.defeated or b.victory:  # the end and why, for as long as it stands (the action's words follow)
            end = (f"Defeat: {b.defeat_reason}" if b.defeated else
                   f"Victory! The chapter's victory conditions are met ({cite('mystics', 'Victory')})")
            head = end.split(":")[0].split("!")[0]  # (said here, or under the button that ended it)
            said = any(line.startswith(head) for line in lines) or self.said_in_section(head)
            ui.show(self.status, "error" if b.defeated else "ok",
                    f"Chapter {'lost' if b.defeated else 'won'} in round {s.round}: play has ended",
                    lines if said else [end, *lines])
            return
        ui.show(self.status, "info", f"{whose_turn(s)} · round {s.round}", lines)

    def _board_off(self) -> dict[Any, str | None]:
        """Why each of the board's controls cannot work now, by the state and the boxes typed in."""
        s = self.state
        b = s.board
        no_minions = "no minions on the board" if not s.minions else None
        move = int(self.end_move.value)
        return {
            self.wound_minion: no_minions, self.defeat_minion: no_minions,
            self.set_minion_life: no_minions or self._minion_life_off(),
            self.sub1: "the minion cheese wheel is empty: nothing to take off" if b.wheel < 1 else None,
            self.end_move_btn: ("a move of 0 pages leaves the chapter end marker as it is" if not move
                                else self._end_move_off(move)),
            self.end_page_btn: (f"the chapter end marker is on page {b.chapter_end} already: choose "
                                "another page" if int(self.end_page.value) == b.chapter_end else None),
            self.ach_btn: self._achievement_off(),
            self.room_btn: self._room_off(),
            self.enc_btn: self._rolls_off(self._encounter_event, self.enc_rolls),
            self.add_btn: self._add_off(),
            self.add1: self.cheese_rolls_off({"event": "minion_cheese", "count": 1}, 1),
            self.add2: self.cheese_rolls_off({"event": "minion_cheese", "count": 2}, 2),
            self.defeat_btn: None if (defeat := self._defeat_off()) is None else defeat.render(),
        }

    def _captions(self) -> None:
        """Under each group of the board's buttons, why those that are off are off (a touch screen shows
        no tooltip): :func:`companion.ui.off_reasons`, without what the status says already. Not while the
        page is drawn: :meth:`refresh` writes them once, at its end."""
        if self._drawing:
            return
        # (Victory and Defeat off once the chapter is lost: its reason is the status's, not said again here)
        said = (*SAID_ALREADY, *(x for x in (self.ended("victory"), self.ended("defeat")) if x))
        for caption, group in (
            (self.next_off, [self.next_btn]),
            (self.wheel_off, [self.add1, self.add2, self.sub1]),
            (self.track_off, [self.ach_move, self.ach_btn, self.glass_btn]),
            (self.encounter_off, [self.enc_btn, self.room_btn]),
            (self.minions_off, [self.wound_minion, self.defeat_minion, self.set_minion_life]),
            (self.add_off, [self.add_btn]),
            (self.chapter_off, [self.end_move_btn, self.end_page_btn, self.victory_btn, self.defeat_btn]),
            (self.corrections_off, [self.order_up, self.order_down, self.order_reset, self.set_order_btn,
                                    self.set_turn_btn]),
        ):
            caption.value = ui.off_reasons(group, skip=said)

    def _regate_board(self, *, captions: bool = True) -> None:
        """The board's controls on or off (see :meth:`_board_off`), with why under each group (``captions``
        off: the caller writes them, once); the Figures box of Add minions holds no more than fit on the
        board; Enter room reads Leave room when no name is typed and the mice are in one. Not while the page
        is drawn: :meth:`refresh` gates them once, at its end."""
        if self._drawing:
            return
        s = self.state
        own = self._board_off() if s.started else {}
        none = self._no_chapter() if not s.started else None
        for widget, kind in self._controls().items():
            ui.gate(widget, none or self.ended(kind) or own.get(widget))
        if s.started and self.add_type.value:  # (the Figures box holds no more than fit: Placing Minions)
            self.add_count.max = max(figure_room(s.minions, self.add_type.value), 1)
        warning = victory_warning(self.tracker, s) if s.started and not self.ended("victory") else None
        self.victory_note.value = "" if warning is None else (
            f"<small style='color:#9a6700'>Before Victory: {html.escape(warning)}</small>")
        room = s.board.room if s.started else None
        typed = self.room_name.value.strip()
        self.room_btn.description = (f"Leave {room.name}"[:40] if room is not None and not typed
                                     and not self.room_surge.value.strip() else "Enter room")
        for how, button in (("move", self.end_move_btn), ("page", self.end_page_btn)):
            button.description = CONFIRM_LOSS if self._armed_for(how) else END_LABELS[how]
        if captions:
            self._captions()

    def _set_mouse_boxes(self, mouse_ids: tuple[str, ...]) -> None:
        """A box per mouse of the party, in ``mouse_ids``' order: the message panels of the boxes it
        replaces are no longer the page's (a click elsewhere has none of them to clear)."""
        gone = self._mouse_boxes.values()
        self.section_messages.forget(p for box in gone for p in (box.msg, box.extra_msg))
        self._mouse_boxes = {mid: MouseBox(self, mid) for mid in mouse_ids}

    def refresh(self) -> None:
        """Draw the page again from the state: every box and picker set first, then the board's and the
        corrections' controls gated and each caption written once (the boxes the redraw sets gate nothing
        one by one meanwhile), from what the boxes then hold."""
        was, self._drawing = self._drawing, True
        try:
            self._redraw()
        finally:
            self._drawing = was
            if not was:
                self._regate_board(captions=False)
                self._gate_corrections(captions=False)
                self._captions()

    def _redraw(self) -> None:
        """The boxes, pickers and panels of :meth:`refresh`, as the state has them."""
        s = self.state
        self.undo_btn.disabled = not self.tracker.can_undo
        self.redo_btn.disabled = not self.tracker.can_redo
        types = self._minion_types() if s.started else []
        self.choices(self.add_type, types)
        self._gate_start()
        self._lock_if_unusable((self.start_btn, self.undo_btn, self.redo_btn))
        # the minions on the board (none once the start is undone): the picker follows the state, and
        # comes back to the type chosen when an undo brings it back
        self.choices(self.minion_pick, [(g.name, g.id) for g in s.minions])
        self._boss_cards()
        self._defeated_by_choices()
        self._show_minion_life()
        turns = [(c.name, c.id) for c in s.track]
        now = s.current.id if s.current is not None else None
        if list(self.turn_pick.options) != turns or now != self._turn_seen:
            kept = self.turn_pick.value if now == self._turn_seen else now  # a new turn: shown chosen
            self.turn_pick.options = turns
            ids = [k for _name, k in turns]
            self.turn_pick.value = kept if kept in ids else now if now in ids else (ids[0] if ids else None)
            self._turn_seen = now
        if tuple(c.id for c in s.track) != self._order_seen:  # a new track: the order shown follows it
            self._reset_order()
        if s.board.chapter_end != self._end_seen:  # the page box shows where the marker is
            self._end_seen = s.board.chapter_end
            self.end_page.value = min(max(s.board.chapter_end, 1), lim.MAX_PAGE)  # (gated at the end)
        self.show_status()
        self.card_data.value = card_data_html(self.tracker, s)
        offered = self._achievement_options()  # (the chapter's story achievements follow the chapter)
        if list(self.achievement.options) != offered:
            self.achievement.options = offered
        if not s.started:
            self.track.value = self.wheel.value = self.hourglass.value = self.minions.value = ""
            self.surge_alert.value = self.messages.value = ""
            self.party.children = ()
            self._set_mouse_boxes(())
            self.choices(self.ach_mouse, [("(not named)", "")], "")
            self.party_note.value = ""
            return
        self.track.value = track_html(s)
        self.wheel.value = wheel_html(s)
        self.hourglass.value = chapter_html(s)
        if not self._status_waits:  # (during a click: drawn once, as it ends, by show_once_said)
            self.surge_alert.value = self._surge_alert()
        self.messages.value = (
            "<details><summary>What happened (latest last)</summary><ul>"
            + "".join(f"<li>{html.escape(page_words(m))}</li>" for m in s.messages[-12:])
            + "</ul></details>"
        )
        # minions
        rows = [f"<li><b>{html.escape(g.name)}</b>: "
                f"{html.escape(figures_words(g.figures, g.life, boss_cards_on_track(s, g)))}</li>"
                for g in s.minions]
        self.minions.value = f"<ul>{''.join(rows)}</ul>" if rows else "<i>No minions on the board.</i>"
        # party
        mouse_ids = tuple(m.id for m in s.mice)
        if tuple(self._mouse_boxes) != mouse_ids:
            self._set_mouse_boxes(mouse_ids)
            self.party.children = tuple(b.box for b in self._mouse_boxes.values())
        self.choices(self.ach_mouse, [("(not named)", "")] + [(m.name, m.id) for m in s.mice], "")
        for box in self._mouse_boxes.values():
            box.refresh(s, self)
        self.party_note.value = party_note_html(s, self.tracker.card_name)


class OddsPanel:
    """Exact attack odds with the action die from the card data (or corrected by the user)."""

    def __init__(self, tracker: MysticsTracker) -> None:
        self.tracker = tracker
        self.attacker = w.ToggleButtons(
            options=[("Mouse attacks", "mouse"), ("Minion attacks", "minion")], value="mouse",
            style={"button_width": "auto"},
        )
        self.ranged = w.ToggleButtons(options=[("Melee", False), ("Ranged", True)], value=False,
                                      style={"button_width": "auto"})
        self.battle = ui.stepper("Battle dice", 2, min=0, max=10)
        self.defense = ui.stepper("Defense dice", 1, min=0, max=10)
        self.bonus = ui.stepper("Battle bonus", 0, min=-3, max=5)
        self.dbonus = ui.stepper("Defense bonus", 0, min=-3, max=5)
        # as 'odds mystics --defense-dice' and '--brodie' (one core function: od.attack_odds)
        self.ddice = ui.stepper("Defense dice modifier (Filch's dagger: −1)", 0, min=-3, max=3)
        self.brodie = w.Checkbox(description="Brodie attacks or defends (his cheese is not added to the "
                                             "wheel)", indent=False, layout=w.Layout(width="auto"))
        self.brodie.add_class("cmp-mystics-odds-brodie")
        self.life = ui.stepper("Defender life left", 1, min=1, max=10)
        self.wheel = ui.stepper("Cheese on wheel", 0, min=0, max=5)
        self.move = ui.stepper("Move / lore (traps)", 2, min=0, max=6)
        self.result = w.HTML()
        self.result.add_class("cmp-mystics-odds-result")
        out = ui.guarded(self.result)
        for x in (
            self.attacker,
            self.ranged,
            self.battle,
            self.defense,
            self.bonus,
            self.dbonus,
            self.ddice,
            self.brodie,
            self.life,
            self.wheel,
            self.move,
        ):
            x.observe(out(lambda _c: self.update()), "value")
        self.widget = w.VBox(
            [
                w.HBox([self.attacker, self.ranged]),
                w.HBox([self.battle.box, self.defense.box]),
                w.HBox([self.bonus.box, self.dbonus.box]),
                w.HBox([self.ddice.box, self.brodie]),
                w.HBox([self.life.box, self.wheel.box]),
                self.move.box,
                self.result,
            ]
        )
        self.widget.add_class("cmp-mystics-odds")
        out(self.update)()

    def attack_odds(self) -> od.AttackOdds:
        """The odds of the attack the controls describe: ``odds mystics attack``'s, for the same inputs."""
        return od.attack_odds(
            self.tracker.die,
            int(self.battle.value),
            int(self.defense.value),
            ranged=bool(self.ranged.value),
            attacker=str(self.attacker.value),
            battle_bonus=int(self.bonus.value),
            defense_bonus=int(self.dbonus.value),
            defense_dice_modifier=int(self.ddice.value),
            brodie=bool(self.brodie.value),
        )

    def update(self) -> None:
        die = self.tracker.die
        if not die:
            ui.show(self.result, "warn", "No action die data", ["Add data/mystics/action-die.json"])
            return
        a = self.attack_odds()
        rows = "".join(
            f"<tr><td>{k}</td><td>{_pc(p)}</td><td>{_pc(od.at_least(a.wounds, k))}</td></tr>"
            for k, p in a.wounds.items()
        )
        # what the odds must say of their data, in the words the command line's odds use
        warn = "".join(f"<div style='color:#9a6700'>{html.escape(n)}.</div>" for n in die_notes(die))
        trap = od.mousetrap_odds(die, int(self.move.value))
        self.result.value = (
            f"<div style='font-size:16px'><b>{od.dice_words(a.attack_dice)} vs "
            f"{od.dice_words(a.defense_dice)}</b>: "
            f"P(at least 1 wound) <b>{_pc(a.p_wounds_at_least(1))}</b>, P(defeat/capture) "
            f"<b>{_pc(a.p_defeat(int(self.life.value)))}</b>, expected wounds "
            f"{float(a.expected_wounds):.2f}, P(surge from this roll) "
            f"{_pc(od.surge_chance(a, int(self.wheel.value)))}</div>"
            "<table style='font-size:15px'><tr><th>wounds</th><th>exactly</th><th>at least</th></tr>"
            f"{rows}</table>"
            f"<div>Mousetrap with {int(self.move.value)} dice: pass {_pc(trap)} · Search finds a card "
            f"{_pc(od.search_odds(die))}</div>{warn}"
            f"<small>{html.escape('; '.join(a.notes))}</small>"
        )


def mystics_page(path: str | Path | None = None) -> MysticsDashboard:
    """The dashboard, autosaving to the user's log (or ``path``)."""
    return MysticsDashboard(path)
