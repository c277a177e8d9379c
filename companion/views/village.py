"""Village TCG table companion: Mouse Points, decks, the turn guide and the battle resolver.

Build with ``VillageCompanion()`` and display ``.widget``. Before a game, New game comes first and
open; once one is under way the players and the turn come first: one row per step of Order of Turn,
in the book's order (each headed by its line of the turn guide), then Card effects, Coin flips, and
New game closed at the end. What an action says (its result, or why it was refused) shows right under
the buttons that did it (each group's message panel: the latest action's only), and below it a caption
says in words why the group's buttons that are off are off (a touch screen shows no tooltip): a result
never reads as if it were one of those reasons.

Every button is one event of a :class:`~companion.village.game.VillageTracker` whose log autosaves
under ``user_data_dir()/logs/village.jsonl`` and is resumed on the next start; undo/redo are events
too. A page opened again (a reload, another window) shows the battle panel of the attack resolved this
turn and, when the latest action is a coin flip, what the coin showed. The rules live in
:mod:`companion.village`; this module only reads and writes widget values.

CSS classes for browser tests:
``cmp-village-page``, ``cmp-village-player`` (each player's panel), ``cmp-village-mp`` (each
MP number), ``cmp-village-mp-minus`` / ``cmp-village-mp-plus`` (the big -1/+1 buttons),
``cmp-village-deck`` (deck counts), ``cmp-village-turn`` (turn line), ``cmp-village-checklist`` (each
step's line), ``cmp-village-step`` (each step's row), ``cmp-village-off`` (why a group's buttons are off),
``cmp-village-slot`` (each group's message panel, also ``cmp-village-message``), ``cmp-village-help`` (the
collapsed "How to use this page"), ``cmp-village-setup`` (the New game section),
``cmp-village-action`` (each turn action button), ``cmp-village-undo``, ``cmp-village-redo``,
``cmp-village-new`` (new game), ``cmp-village-battle`` (the resolver box), ``cmp-village-assign``
(each attacker's defender choice), ``cmp-village-preview``, ``cmp-village-resolve``,
``cmp-village-battle-result``, ``cmp-village-flip``, ``cmp-village-redraw`` (shown only at the very
start), ``cmp-village-message``, ``cmp-village-winner``, ``cmp-village-ability`` (the selected mouse's
ability, which fills in its Fruit cost), ``cmp-village-item-opponent`` / ``cmp-village-item-extra``
(the Item card says to equip an opponent's Mouse / allows a second Item), ``cmp-village-sacrifice-allowed``
(the Mega Mouse to sacrifice says it may be sacrificed), ``cmp-village-effects`` (card effects: the
selected mouse's ATK and DEF, ``cmp-village-set-stats``; ``cmp-village-destroy`` a mouse;
``cmp-village-item-off`` an Item taken off; ``cmp-village-magic-off`` a continuous Magic card
removed), ``cmp-village-twice`` (a mouse a card lets attack twice), ``cmp-village-toss`` (who goes
first), ``cmp-village-fruit-reading`` (the house reading of an ability's Fruit cost, for a new game),
``cmp-village-readings`` (the game's house interpretations: the Fruit reading, what an undefended
attack takes), ``cmp-village-direct-mode`` / ``cmp-village-direct`` (what this attack's undefended
attacks take: the game's amount, the attacker's ATK, or the MP typed), ``cmp-village-previous``
(back to the game New game kept aside) and ``cmp-village-load-problems`` (card files of yours left out).

A card file of yours that does not load is left out, as every command leaves it out: the page reads
the bundled cards and your other files, and says at its top which file was left out and why.

Another window (or ``companion village do``) may write the same log: an action chosen from the page
(every turn button, the MP and deck buttons, a flip, a redraw, an attack, a card effect, a Magic card,
Undo and Redo) is refused when the log changed since the page was drawn, checked under the log's lock,
and the page is drawn again (:meth:`VillageCompanion.act`), so a stale "End turn" never ends the other
player's turn, and a Magic card of "the turn player" is never logged for the player whose turn another
window began meanwhile (it would forfeit that player's draw and their Magic card of the turn).

New game keeps the old game's log beside the new one (``village-1.jsonl``...), says where, and takes
the names and the Fruit reading of the game on show for a rematch; **Back to the previous game** swaps
the two back, keeping the game on show under the next free number (no file is overwritten). A page
opened again offers it too: the new game's start records the seed of the game kept aside (``previous``),
by which the page finds that log among the numbered ones beside its own.

The attack button says what a tap does: *Declare and resolve attack* with a mouse assigned to attack,
*Declare no attack (end the Attack Phase)* while the turn player has mice but none is (not attacking is a
choice: Attack / Defense Structure), and its preview says so. While the turn player has no mouse on the
field it is off, saying why: with nothing to attack with there is no attack to declare or decline, and
the turn moves on to End turn (Step 7), as ``village do`` refuses an attack event then.

A card's text is never applied by the tracker: a change of ATK or DEF an Item, a Magic card or an
ability makes is recorded with the card effects' ATK and DEF boxes, and a card drawn or a change of Mouse
Points with the player's deck and MP corrections (the page reminds of it, quoting the text, when the card
data's text of an Item or Magic card played, or of an ability used, names ATK or DEF, draws cards or
another change of a deck, or MP).

The selected mouse stays selected after an action while it is on the field; the turn player's
newest mouse (none when they have none: an opponent's mouse only when chosen) is chosen only when it
is gone or a new turn begins, and a new turn starts with the mouse name, ATK and DEF boxes blank. A
mouse's name fills in its ATK and DEF from its card; a name that is not a card clears the stats a card
filled in, and plays only with ATK and DEF typed by hand (a mouse of your own), so a misspelt card
name is refused with the card it may mean instead of keeping another card's stats.

A button the rules would refuse is off before the click, by the rule the tracker refuses it with: a mouse
with no name, or a card named in a box that plays another kind of card (the reason says which button plays
it); a Magic card named in the card data sets the Magic card toggle, which is off, its label saying the card
data gives it, while the data allows one kind only (a card of your own leaves it free); a coin flip out of
turn (one that can negate an attack on the first turn or after the attack; a single-function card's after a
flip of more functions); "deck −1" at 0 cards.
"""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import ipywidgets as w

from .. import ui
from ..errors import CompanionError, LogError, RuleError, os_reason
from ..eventlog import EventLog, old_log_kept
from ..village.battle import ATTACKER_WINS, Attack
from ..village.game import (
    ATTACK_PHASE_NOTE,
    CARD_TYPES,
    CITE_ABILITY,
    CITE_BATTLE,
    CITE_EFFECTS,
    CITE_ITEM,
    CITE_MAGIC,
    CITE_TURN,
    CITE_WIN,
    DIRECT_ATK,
    FORFEIT_NOTE,
    FRUIT_READINGS,
    LOOK_UP,
    MOUSE_TYPES,
    OWN_MOUSE_ONLY,
    STEPS,
    CheckItem,
    FieldMouse,
    VillageState,
    VillageTracker,
    card_ability,
    check_item_or_magic_name,
    check_mouse_name,
    checklist,
    direct_damage_said,
    mouse_names,
    new_game,
    unknown_card_note,
    why_no_ability,
    why_no_mega,
    why_not,
    why_not_card_text,
    why_not_card_type,
    why_not_deck,
    why_not_flip,
    why_not_magic_kind,
    why_not_on,
    why_not_twice,
    why_not_unknown_stats,
)
from .cards import page_cards

NO_ATTACK = "— does not attack —"
#: the attack button's label: with a mouse assigned to attack, and with none (a tap then declares no attack,
#: a legal choice: "If a player intends to attack", Attack / Defense Structure)
DECLARE_ATTACK = "Declare and resolve attack"
DECLARE_NONE = "Declare no attack (end the Attack Phase)"
NO_ATTACK_SAID = (f"No mouse is assigned to attack: “{DECLARE_NONE}” declares no attack this turn, which "
                  f"ends its Attack Phase (a turn has one: {CITE_TURN}, Step 6; attacking is a choice: "
                  f"{CITE_BATTLE})")
#: What follows :data:`NO_ATTACK_SAID`: the steps before Step 6 close when the order of turn is enforced (the
#: game's ``strict_order``), as after an attack; else abilities (and the rest) stay allowed.
NO_ATTACK_THEN = {True: f"; the steps being taken in order ({CITE_TURN}), Steps 2-5 are then over for this "
                        "turn",
                  False: "; abilities stay allowed (the order of turn is not enforced in this game)"}
DIRECT_GAME = ""  # the undefended-attack picker's value for the game's amount (the start's direct_damage)
DIRECT_NUMBER = "number"  # ... for the MP typed in its box, for this attack
NO_TWICE = ""  # the "attacks twice" picker's value when no card lets a mouse attack twice
TOSS = -1  # the New game "first" toggle's value for the coin toss
STAT_WORDS = re.compile(r"\b(ATK|DEF)\b")  # a card text that changes a mouse's stats
#: a card text that draws cards or otherwise changes a deck's count ("Draw 2 cards.", "... to your deck")
DECK_WORDS = re.compile(r"\bdraws?\b|\b(?:to|into|from|search) (?:the |your |their |your opponent's |"
                        r"its owner's )?deck\b", re.IGNORECASE)
MP_WORDS = re.compile(r"\bMP\b|\bMouse Points\b")  # a card text that changes Mouse Points ("Gain 3 MP.")
UNKNOWN_ABILITY = ""  # the ability picker's value when the mouse's card is not in the card data
UNDEFENDED = "undefended (to Mouse Points)"
MAGIC_KINDS = ("normal", "instant", "continuous")  # the Magic card toggle's values
MAGIC_KIND = "Magic card:"  # its label; and while the named card's data gives its kind:
MAGIC_KIND_FROM_CARD = "Magic card (from its card data):"
#: What the card name box names, by the button that plays it (the words of a reason it is off).
CARD_WORDS = {"item": "Item", "magic": "Magic card"}
#: How this page plays a card of each type, for a button that does not play that type (why_not_card_type)
PLAYS_IT = {"basic-mouse": "“Play Basic Mouse” plays it",
            "mega-mouse": "select the Basic Mouse to sacrifice and use “Mega Mouse (sacrifice selected)”",
            "fruit": "“Fruit on selected” equips it", "item": "“Item on selected” plays it",
            "magic": "“Play Magic card” plays it"}
STAT_MAX = 99  # the largest ATK or DEF the boxes take
NO_GAME = "no game yet: start one under New game"  # why a button is off before a game
UNUSABLE = ui.UNUSABLE
#: the buttons that act on the selected mouse (off while none is selected, or while it is one they cannot
#: act on: :func:`~companion.village.game.why_not_on`)
ON_SELECTED = ("summon_mega", "fruit", "ability", "item", "stats", "destroy", "destroy_item")
#: The page's gates, each turning its buttons on or off by one rule (:meth:`VillageCompanion._gate`): each
#: turn and card-effect button by its event kind, then "attack" (Declare and resolve), "flip" (the three flip
#: buttons) and "deck" (each player's "deck −1").
GATES = ("draw", "play_basic", "summon_mega", "fruit", "ability", "item", "magic", "end_turn", "stats",
         "destroy", "destroy_item", "destroy_magic", "attack", "flip", "deck")
#: Which gates read each box of the page (the box's attribute): a change in the box (a keystroke) regates
#: only those (:meth:`VillageCompanion._regate`); every gate also reads the game, and all are gated when the
#: page is drawn. The one place that knows it: a gate made to read another box is named here.
GATES_READING: dict[str, tuple[str, ...]] = {
    "mouse_name": ("play_basic", "summon_mega"),  # the mouse to play (_mouse_to_play)
    "mouse_atk": ("play_basic", "summon_mega"),
    "mouse_def": ("play_basic", "summon_mega"),
    "sacrifice_allowed": ("summon_mega",),  # (why_no_mega, why_not_on)
    "target": ON_SELECTED,  # the selected mouse (_nothing_to_affect, _not_for_selected)
    "ability": ("ability",),  # its name and Fruit cost (why_not_on)
    "cost": ("ability",),
    "card_name": ("item", "magic"),  # the Item or Magic card to play (_card_to_play)
    "item_opponent": ("item",),  # what the Item's card allows (why_not_on)
    "item_extra": ("item",),
    "magic_kind": ("magic",),  # instant or not (why_not, _card_to_play)
    "magic_player": ("magic",),  # who plays it (why_not)
    "item_off": ("destroy_item",),  # the Item to take off (_nothing_to_affect)
    "magic_off": ("destroy_magic",),  # the Magic card to remove (_nothing_to_affect)
    "flip_card": ("flip",),  # the flip's card, its functions, whether it can negate an attack
    "flip_functions": ("flip",),
    "flip_attack": ("flip",),
}
HELP = (  # the page's "How to use this page": what the notebook's lead leaves out
    "Start under <b>New game</b>: the names, the decks, who goes first (or a coin toss) and the house "
    "reading of an ability's Fruit cost. A new game keeps the old log beside it; <b>Back to the previous "
    "game</b> brings it back. Every button is saved at once: close the page and you resume where you were; "
    "<b>Undo</b> and <b>Redo</b> take back any action.",
    "Each <b>Step</b> of the Order of Turn has its row, in the book's order; its line says what is done "
    "(✔), current (▶), to come (○), skipped (–) or not possible (✖), and a button that is off says why under "
    "it. One Basic Mouse, one Fruit, one Item and one Magic card a turn; no abilities after an attack; no "
    "attack on the first turn of the game. A result or a refusal shows under the button pressed.",
    "A card's name fills in its ATK and DEF; a mouse of your own plays with the ATK and DEF typed after "
    "its name (a misspelt card name is refused with the closest card). An ability's Fruit cost is filled in "
    "from the selected mouse's card, and the button is off while it is unpaid.",
    "An <b>Instant</b> Magic card may be played at any time in either player's turn: choose "
    "<i>instant</i> and who plays it. Tick the boxes when a card allows it: an Item equipped to an "
    "opponent's Mouse or a second Item on one Mouse (Card Descriptions 4), a Mega Mouse that may be "
    "sacrificed (Summoning MegaMice).",
    "Undefended attacks hit Mouse Points for the attacker's ATK: a house interpretation (the book gives "
    "no amount); choose <i>Direct damage</i> for the attacker's ATK or another amount, 0 included, for one "
    "attack. A mouse whose ability lets it attack twice (used in Step 4 first) is chosen in Step 6.",
    "<b>Card effects</b> records what a card does to the table (ATK and DEF changes, a mouse destroyed, "
    "an Item or a Magic card leaving), so battles use the numbers in play. Each new game records a fresh "
    "seed for <i>Flip for me</i>, so a replay of the log is exact; the <b>Redraw Rule</b> button shows only "
    "at the very start.",
    "Rules: <code>village-tcg.txt</code> (Gameplay, Order of Turn, Attack / Defense Structure, Coin "
    "Flips, You Win If).",
)
HELP_NOTEBOOK = (  # (the app hides the command line: ui.help_box leaves these out there)
    "On a command line, <code>companion village replay &lt;log&gt;</code> shows the same log.",
)
STATUS_ICON = {"done": "✔", "current": "▶", "todo": "○", "skipped": "–", "unavailable": "✖"}
STATUS_COLOUR = {"done": ui.COLOURS["ok"], "current": ui.COLOURS["info"], "todo": ui.COLOURS["ink"],
                 "skipped": ui.COLOURS["muted"], "unavailable": ui.COLOURS["error"]}


def off_reason(refused: RuleError | None) -> str | None:
    """A rule's refusal (a ``why_not`` of :mod:`companion.village.game`) as a button that is off says it
    (:func:`~companion.ui.gate`): its sentence and rule-book section; what the command line expects or
    suggests is its own. ``None``: the rule allows it."""
    if refused is None:
        return None
    return refused.message + (f" ({refused.cite})" if refused.cite else "")


def wide(button: w.Button) -> w.Button:
    """Let a tablet-sized button grow to show its whole label."""
    button.layout.width = "auto"
    return button


def default_log_path() -> Path:
    """The page's log when it is given none: in the user data folder's logs folder, which is made
    if missing (:func:`~companion.ui.default_log`)."""
    return ui.default_log("village.jsonl")


def numbered(path: Path) -> Path:
    """The first free name beside ``path`` for a game kept aside: ``v-1.jsonl``, ``v-2.jsonl``..."""
    n = 1
    while path.with_name(f"{path.stem}-{n}{path.suffix}").exists():
        n += 1
    return path.with_name(f"{path.stem}-{n}{path.suffix}")


def reopen_hint(kept: Path) -> str:
    """How to open a kept game's log again (a notebook cell), or see it (the command line)."""
    return (f"to open it in a page of its own, run VillageCompanion({str(kept)!r}).widget in a notebook "
            f"cell; 'companion village replay {kept}' shows it")


def readings_html(state: VillageState) -> str:
    """The game's house interpretations, as its start set them: how an ability's Fruit cost is met
    (``fruit_cost``) and what an undefended attack takes (``direct_damage``)."""
    if not state.started:
        return ""
    fruit = ("an ability's Fruit stays equipped" if state.fruit_reading == "equipped"
             else "an ability pays its Fruit cost: the Fruit goes to the discard pile")
    return (f"<small><b>This game's house interpretations</b>: <span title='"
            f"{html.escape(FRUIT_READINGS[state.fruit_reading], quote=True)}'>{html.escape(fruit)}</span> "
            f"({html.escape(CITE_ABILITY)}); an undefended attack takes "
            f"{html.escape(direct_damage_said(state.direct_damage))} ({html.escape(CITE_BATTLE)})</small>")


def step_html(item: CheckItem) -> str:
    """One step of Order of Turn with its status, the line heading that step's row on the page."""
    colour = STATUS_COLOUR[item.status]
    detail = f" <small>({html.escape(item.detail)})</small>" if item.detail else ""
    return (f"<div style='font-size:17px;color:{colour};padding:2px 0'>{STATUS_ICON[item.status]} "
            f"<b>Step {item.step}</b>: {html.escape(item.title)}{detail}</div>")


class VillageCompanion(ui.TrackerPage):
    """The notebook page: both players, the turn guide with its actions, the battle resolver."""

    #: where the game "Back to the previous game" brings back is kept (this page's New game kept it, or
    #: the page found it on opening: :meth:`_kept_aside`); ``None``: no game kept aside
    _previous: Path | None = None

    def __init__(self, log_path: str | Path | None = None, *, db: Any = None) -> None:
        self.log_path = Path(log_path) if log_path is not None else default_log_path()
        self._db = db
        #: the card files of yours left out because they do not load, with their errors (the page reads the
        #: bundled cards and your other files, as every command does: :meth:`db`)
        self.load_problems = w.HTML()
        self.load_problems.add_class("cmp-village-load-problems")
        #: a message panel under each group of buttons: what an action says shows beside the control that
        #: did it, the latest action's only (:attr:`message` is the panel of the group acted in last)
        self.section_messages = ui.SectionMessages()
        # a log this page cannot use (another game's, a cut last line that cannot be set aside):
        # the page still builds, on an empty game in memory, says why and refuses every action
        self.tracker = self.open_tracker(VillageTracker, self.log_path)
        self._attach_cards()
        self._build()
        if self.unusable is None:
            self._previous = self._kept_aside()
        if self.unusable is None and not self._show_set_aside(self.message, self.state.notes):
            self._show_notes()
        if self.unusable is None:
            self._show_resolved_attack()  # (its turn's attack resolved shows again: a reload, another window)
            if not self.message.value:  # (what the log says of itself comes first)
                self._resume_flip()
        self.refresh()
        self.show_unusable(self.message)

    def _show_notes(self) -> None:
        """Say what the log says of itself on opening (a seeded coin flip kept as logged at the table,
        the seed now giving the other side: a line before it was lost or changed), as the replay
        command says it."""
        if self.state.notes:
            ui.show(self.message, "warn", "Resumed: a line of the saved log was lost or changed",
                    list(self.state.notes))

    @property
    def message(self) -> w.HTML:
        """The message panel of the group of controls acted in last (the notice at the top, before any):
        where what the latest action says shows."""
        return self.section_messages.current

    # -- layout ------------------------------------------------------------------------------
    def _message_panel(self) -> w.HTML:
        """A group of controls' message panel, beside them: what one of them does (a result, a refusal)
        is read next to it (:class:`~companion.ui.SectionMessages`)."""
        return self.section_messages.panel("cmp-village-message", "cmp-village-slot")

    def _caption(self, widgets: list[Any]) -> w.HTML:
        """The caption saying in words why this group's controls that are off are off (a touch screen
        shows no tooltip: :func:`~companion.ui.off_reasons`), under the group's message panel: what the
        latest click said is read first, right under the buttons, never below the reasons."""
        caption = w.HTML()
        caption.add_class("cmp-village-off")
        self._groups.append((widgets, caption))
        return caption

    def _group(self, widgets: list[Any]) -> tuple[w.HTML, w.HTML]:
        """A group's message panel and, to go under it, its "off for now" caption (:meth:`_caption`)."""
        return self._message_panel(), self._caption(widgets)

    @staticmethod
    def _step_box(children: list[Any], step: int | None = None) -> w.VBox:
        """One row of the turn: a step of Order of Turn (its own line first), or another group."""
        box = w.VBox(children, layout=w.Layout(border_left="4px solid #dadce0", padding="2px 0 2px 10px",
                                               margin="6px 0"))
        box.add_class("cmp-village-step" if step is not None else "cmp-village-group")
        return box

    def _build(self) -> None:
        self._groups: list[tuple[list[Any], w.HTML]] = []  # (gated controls, their "off for now" caption)
        self._actions: dict[int, Callable[[], Any]] = {}  # each turn and card-effect button's action
        # what the page says on opening (a log resumed, or unusable): the message until the first action
        self.notice_msg = self._message_panel()
        self.winner = w.HTML()
        self.winner.add_class("cmp-village-winner")
        self.player_boxes = []
        self.mp_labels: list[w.HTML] = []
        self.deck_labels: list[w.HTML] = []
        self.field_labels: list[w.HTML] = []  # each player's mice and continuous Magic cards
        self.redraw_buttons: list[w.Button] = []
        self.deck_minus: list[w.Button] = []  # each player's "deck −1": off at 0 cards (why_not_deck)
        self.correction_buttons: list[w.Button] = []  # MP and deck: corrections after the end too
        for p in range(2):
            mp = w.HTML()
            mp.add_class("cmp-village-mp")
            deck = w.HTML(layout=w.Layout(margin="0 12px 0 0"))
            deck.add_class("cmp-village-deck")
            field = w.HTML()
            buttons = []
            for delta in (-5, -1, 1, 5):  # routine corrections: no red, no green (those start or destroy)
                b = ui.big_button(f"{delta:+d} MP", style="warning" if delta < 0 else "info", repeatable=True)
                b.layout.flex = "1 1 0"
                b.add_class("cmp-village-mp-minus" if delta < 0 else "cmp-village-mp-plus")
                buttons.append(b)
            dm = wide(ui.big_button("deck −1", repeatable=True))
            dp = wide(ui.big_button("deck +1", repeatable=True))
            redraw = wide(ui.big_button("Redraw (no Basic Mouse)"))
            redraw.add_class("cmp-village-redraw")
            self.redraw_buttons.append(redraw)
            said, caption = self._group([*buttons, dm, dp, redraw])
            at = self.section_messages.guard(said)
            for b, delta in zip(buttons, (-5, -1, 1, 5), strict=True):
                b.on_click(at(lambda _b, p=p, d=delta: self.act({"event": "mp", "player": p, "delta": d})))
            dm.on_click(at(lambda _b, p=p: self.act({"event": "deck", "player": p, "delta": -1})))
            dp.on_click(at(lambda _b, p=p: self.act({"event": "deck", "player": p, "delta": 1})))
            redraw.on_click(at(lambda _b, p=p: self.act({"event": "redraw", "player": p,
                                                         "basic_in_hand": False})))
            self.correction_buttons += [*buttons, dm, dp]
            self.deck_minus.append(dm)
            box = w.VBox([mp, w.HBox(buttons[:2], layout=w.Layout(width="100%")),
                          w.HBox(buttons[2:], layout=w.Layout(width="100%")),
                          # (the deck line never wraps: on a narrow page its two buttons go under it)
                          ui.row(deck, w.HBox([dm, dp])),
                          field, redraw, said, caption],
                         # (the two boxes share the row's width: no gap at its right)
                         layout=w.Layout(border="1px solid #ccc", padding="8px", margin="4px", flex="1 1 0",
                                         min_width="0"))
            box.add_class("cmp-village-player")
            self.player_boxes.append(box)
            self.mp_labels.append(mp)
            self.deck_labels.append(deck)
            self.field_labels.append(field)
        self.players_row = w.HBox(self.player_boxes)

        # the turn: its line, Undo / Redo, then one row per step of Order of Turn, in the book's order
        self.turn = w.HTML()
        self.turn.add_class("cmp-village-turn")
        self.readings = w.HTML()  # this game's house interpretations (fruit_cost, direct_damage)
        self.readings.add_class("cmp-village-readings")
        self.step_labels = [w.HTML() for _ in range(7)]  # each step's line: what is done, current, ...
        for label in self.step_labels:
            label.add_class("cmp-village-checklist")
        self.mouse_name = w.Combobox(placeholder="mouse name", options=mouse_names(self.db()),
                                     layout=w.Layout(width="220px"))
        # ATK and DEF are text so that they can be blank: filled in from the named card, or typed
        stat_tip = ("filled in from the card named; for a mouse of your own (not in the card data) "
                    "type it after the name")
        stat_look: dict[str, Any] = {"placeholder": "0-99", "style": {"description_width": "initial"}}
        self.mouse_atk = w.Text(value="", description="ATK", tooltip=stat_tip, **stat_look,
                                layout=w.Layout(width="110px"))
        self.mouse_def = w.Text(value="", description="DEF", tooltip=stat_tip, **stat_look,
                                layout=w.Layout(width="110px"))
        self._stats_from_card: set[str] = set()  # the stat boxes ("atk", "def") that a card filled in
        self._filling_stats = False
        self.mouse_name.observe(self._fill_stats, names="value")
        for key, box in (("atk", self.mouse_atk), ("def", self.mouse_def)):
            box.observe(lambda _c, key=key: self._stat_typed(key), names="value")
            box.observe(lambda _c, key=key: self._regate(f"mouse_{key}"), names="value")
        self.target = w.Dropdown(description="Selected mouse", options=[],
                                 style={"description_width": "initial"},
                                 layout=w.Layout(width="360px", height=ui.BUTTON_HEIGHT))
        self._refreshing_target = False
        self._drawing = False  # the page is being drawn: a box it changes regates nothing (see _regate)
        self._target_turn: int | None = None  # the turn the selection was made or kept in
        self._target_chosen = False  # whether the user picked the selected mouse (see _refresh_target)
        self._inputs_for: tuple[Any, ...] | None = None  # the (game, turn) the mouse and card boxes are for
        self._started_shown: bool | None = None  # whether the page is laid out for a game under way
        self._held: list[w.Button] = []  # buttons turned off only because no game is under way
        self._abilities_for: tuple[str | None, int] | None = None  # (mouse, turn) the ability box shows
        self.cost = w.BoundedIntText(value=0, min=0, max=20, description="Fruit cost",
                                     style={"description_width": "initial"},
                                     tooltip="filled in from the card's ability; change it only when a "
                                             "card effect changes the cost",
                                     layout=w.Layout(width="150px"))
        self.ability = w.Dropdown(description="Ability", options=[], style={"description_width": "initial"},
                                  layout=w.Layout(width="300px", height=ui.BUTTON_HEIGHT))
        self.ability.add_class("cmp-village-ability")
        self._ability_costs: dict[str, int | None] = {}
        self.target.observe(lambda _c: None if self._refreshing_target else self._target_picked(),
                            names="value")
        self.ability.observe(lambda _c: self._ability_chosen(), names="value")
        self.cost.observe(lambda _c: self._regate("cost"), names="value")

        def tick(description: str, css: str) -> w.Checkbox:  # (its whole label in sight)
            box = w.Checkbox(value=False, indent=False, description=description,
                             layout=w.Layout(width="auto", margin="2px 24px 2px 0"))  # (apart from the next)
            box.add_class(css)
            return box

        self.sacrifice_allowed = tick("the Mega Mouse to sacrifice says it may be sacrificed",
                                      "cmp-village-sacrifice-allowed")
        self.item_opponent = tick("the Item says to equip an opponent's Mouse", "cmp-village-item-opponent")
        self.item_extra = tick("a card allows this Mouse a second Item", "cmp-village-item-extra")
        self.card_name = w.Text(placeholder="Item / Magic card name",
                                layout=w.Layout(width="240px"))
        toggles: dict[str, Any] = {"style": {"description_width": "initial", "button_width": "auto"}}
        self.magic_kind = w.ToggleButtons(options=list(MAGIC_KINDS), value="normal", description=MAGIC_KIND,
                                          **toggles)
        self.magic_player = w.ToggleButtons(options=[("turn player", "turn"), ("opponent", "other")],
                                            value="turn", description="played by:", **toggles)
        # card effects: what a card does to a mouse, an Item or a continuous Magic card on the field
        effect_tip = ("a card effect changed the selected mouse's ATK or DEF (an Item, a Magic card, an "
                      "ability): type them as they are now; a blank box stays as it is")
        self.effect_atk = w.Text(value="", description="ATK", tooltip=effect_tip, **stat_look,
                                 layout=w.Layout(width="110px"))
        self.effect_def = w.Text(value="", description="DEF", tooltip=effect_tip, **stat_look,
                                 layout=w.Layout(width="110px"))
        self._effect_stats_for: tuple[Any, ...] | None = None  # (mouse, ATK, DEF) the boxes were filled from
        self.item_off = w.Dropdown(description="Item", options=[], style={"description_width": "initial"},
                                   layout=w.Layout(width="260px", height=ui.BUTTON_HEIGHT))
        self.item_off_to = w.ToggleButtons(options=[("destroyed", "discard"), ("back to hand", "hand")],
                                           value="discard", **toggles)
        self.magic_off = w.Dropdown(description="Magic", options=[], style={"description_width": "initial"},
                                    layout=w.Layout(width="320px", height=ui.BUTTON_HEIGHT))

        def action(label: str, fn: Any, style: str = "") -> w.Button:
            b = wide(ui.big_button(label, style=style))
            b.add_class("cmp-village-action")
            self._actions[id(b)] = fn  # (clicked with its message beside it: see _on_click_at)
            return b

        self.buttons = {
            "draw": action("Draw", lambda: self.act({"event": "draw"}), "primary"),
            "play_basic": action("Play Basic Mouse", self.play_basic),
            "summon_mega": action("Mega Mouse (sacrifice selected)", self.summon_mega),
            "fruit": action("Fruit on selected", lambda: self.act({"event": "fruit",
                                                                    "mouse": self.target.value})),
            "ability": action("Use ability of selected", self.use_ability),
            "item": action("Item on selected", self.equip_item),
            "magic": action("Play Magic card", self.play_magic),
            "end_turn": action("End turn", lambda: self.act({"event": "end_turn"}), "warning"),
            "stats": action("Set ATK / DEF of selected", self.set_stats),
            "destroy": action("Destroy selected", self.destroy_mouse, "danger"),
            "destroy_item": action("Item off selected", self.take_item_off),
            "destroy_magic": action("Remove Magic card", self.remove_magic),
        }
        for kind, css in (("stats", "cmp-village-set-stats"), ("destroy", "cmp-village-destroy"),
                          ("destroy_item", "cmp-village-item-off"),
                          ("destroy_magic", "cmp-village-magic-off")):
            self.buttons[kind].add_class(css)
        undo = wide(ui.big_button("Undo", icon="undo", repeatable=True))
        undo.add_class("cmp-village-undo")
        redo = wide(ui.big_button("Redo", icon="repeat", repeatable=True))
        redo.add_class("cmp-village-redo")
        self.undo_button, self.redo_button = undo, redo
        self.card_name.observe(lambda ch: self._card_named(ch["new"]), names="value")
        # what decides whether a button may act: who plays the Magic card and whether it is instant, what
        # a card allows (an Item on an opponent's Mouse, a second Item, a Mega Mouse sacrificed), which
        # Item or Magic card leaves the field
        for name in ("magic_kind", "magic_player", "sacrifice_allowed", "item_opponent", "item_extra",
                     "item_off", "magic_off"):
            getattr(self, name).observe(lambda _c, name=name: self._regate(name), names="value")
        b = self.buttons
        previous = wide(ui.big_button("Back to the previous game", icon="history",
                                      tooltip="the game this page's New game kept aside: it comes back, and "
                                              "the game on show is kept aside in its turn (no file is "
                                              "overwritten)"))
        previous.add_class("cmp-village-previous")
        previous.layout.display = "none"  # shown once this page has kept a game aside
        self.previous_button = previous
        self._previous = None  # where this page's New game kept the game before
        self.head_msg, caption = self._group([undo, redo, previous])
        at = self.section_messages.guard(self.head_msg)
        undo.on_click(at(lambda _b: self.undo()))
        redo.on_click(at(lambda _b: self.redo()))
        previous.on_click(at(lambda _b: self.previous_game()))
        head = w.VBox([self.turn, self.readings, ui.row(undo, redo, previous), self.head_msg, caption])

        def step(n: int, *parts: tuple[list[Any], list[w.Button]]) -> w.VBox:
            """Step ``n``'s row: its line (with what is done), then each part's controls (rows) with the
            place their buttons' messages show right under them, then why a button is off."""
            children: list[Any] = [self.step_labels[n - 1]]
            gated: list[w.Button] = []
            for rows, buttons in parts:
                said = self._message_panel()
                for button in buttons:
                    self._on_click_at(button, said)
                children += [*rows, said]
                gated += buttons
            return self._step_box([*children, self._caption(gated)], n)

        hint = w.HTML("<small>A card's name fills in its ATK and DEF. A mouse of your own (not in the card "
                      "data): type its ATK and DEF after its name.</small>")
        steps = [
            step(1, ([ui.row(b["draw"])], [b["draw"]])),
            # (Step 2's two buttons each have their message under their own row: a Basic Mouse refused is
            # said under its name, not below the Mega Mouse row)
            step(2, ([hint, ui.row(self.mouse_name, self.mouse_atk, self.mouse_def, b["play_basic"])],
                     [b["play_basic"]]),
                 ([ui.row(b["summon_mega"], self.sacrifice_allowed)], [b["summon_mega"]])),
            step(3, ([ui.row(b["fruit"])], [b["fruit"]])),
            step(4, ([ui.row(self.ability, self.cost, b["ability"])], [b["ability"]])),
            step(5, ([ui.row(self.card_name, b["item"]), ui.row(self.item_opponent, self.item_extra),
                      ui.row(self.magic_kind, self.magic_player, b["magic"])], [b["item"], b["magic"]]))]
        selected = self._step_box([w.HTML("<small>The buttons that say <i>selected</i> act on this mouse: "
                                          "the turn player's newest, or the one you choose (an opponent's "
                                          "too, for a card that says so).</small>"), self.target])
        selected.add_class("cmp-village-selected")

        # Step 6: the battle resolver
        self.assign_box = w.VBox()
        # what an undefended attack takes: the game's amount (its start's direct_damage, else the
        # attacker's ATK), or for this attack the attacker's ATK or a number typed (0 included): the book
        # does not give the amount (a house interpretation, Attack / Defense Structure)
        self.direct_mode = w.Dropdown(description="Direct damage", options=self._direct_options(),
                                      value=DIRECT_GAME, style={"description_width": "initial"},
                                      layout=w.Layout(width="420px", height=ui.BUTTON_HEIGHT))
        self.direct_mode.add_class("cmp-village-direct-mode")
        self.direct = w.BoundedIntText(value=0, min=0, max=99, description="MP",
                                       style={"description_width": "initial"},
                                       tooltip="the MP each undefended attack takes, for this attack: typing "
                                               "a number chooses it (0 too)",
                                       layout=w.Layout(width="120px"))
        self.direct.add_class("cmp-village-direct")
        self._filling_direct = False
        self._direct_for: tuple[bool, int | None] | None = None  # (started, the game's amount) shown
        preview = wide(ui.big_button("Preview battle"))
        preview.add_class("cmp-village-preview")
        self.preview_button = preview
        resolve = wide(ui.big_button(DECLARE_ATTACK, style="primary",
                                     tooltip="declare the attacks chosen and resolve them; with no mouse "
                                             "assigned to attack, declare no attack (the Attack Phase ends)"))
        resolve.add_class("cmp-village-resolve")
        resolve.add_class("cmp-village-action")
        self.resolve_button = resolve
        resolve.observe(lambda _c: self._label_resolve(), names="disabled")  # (gated at any place)
        self.battle_result = w.HTML()
        self.battle_result.add_class("cmp-village-battle-result")
        # the attack the panel shows as resolved: (its place in the history, the event, the panel)
        # (..., its turn, what it said, the win it gave: "" for none)
        self._resolved: tuple[int, dict[str, Any], str, int, tuple[str, ...], str] | None = None
        self._preview_shown: str | None = None  # the preview on show, cleared when it goes stale
        self.direct.observe(lambda _c: self._direct_typed(), names="value")
        self.direct_mode.observe(lambda _c: self._direct_chosen(), names="value")
        self.assign: dict[str, w.Dropdown] = {}
        self.assign2: w.Dropdown | None = None  # the second attack of the mouse a card lets attack twice
        self.twice = w.Dropdown(description="A card lets attack twice", options=[("no mouse", NO_TWICE)],
                                style={"description_width": "initial"},
                                tooltip="a mouse whose ability (Twin Tail Duelist's Double Strike), used "
                                        "this turn in Step 4, lets it attack twice: its second attack is "
                                        "resolved after its first (village-tcg.txt, Attack / Defense "
                                        "Structure)",
                                layout=w.Layout(width="480px", height=ui.BUTTON_HEIGHT))
        self.twice.add_class("cmp-village-twice")
        self.twice.observe(lambda _c: self._twice_changed(), names="value")
        said, caption = self._group([preview, resolve])
        at = self.section_messages.guard(said)
        preview.on_click(at(lambda _b: self.preview()))
        resolve.on_click(at(lambda _b: self.resolve()))
        battle = self._step_box([
            self.step_labels[5],
            w.HTML("<small>Choose a defender for each attacking mouse (village-tcg.txt, Attack / Defense "
                   "Structure). With none chosen, the button declares no attack: this turn's Attack Phase "
                   "ends.</small>"),
            self.assign_box, self.twice, ui.row(self.direct_mode, self.direct),
            w.HTML("<small>How many Mouse Points an undefended attack takes is not in the book: "
                   f"a house interpretation ({html.escape(CITE_BATTLE)}); the game's is set at "
                   "its start.</small>"),
            # (the preview and the attack resolved show above why a button is off: never read as the reason)
            ui.row(preview, resolve), said, self.battle_result, caption], 6)
        battle.add_class("cmp-village-battle")
        end = step(7, ([ui.row(b["end_turn"])], [b["end_turn"]]))
        self.turn_box = w.VBox([head, selected, *steps, battle, end])
        self.turn_box.add_class("cmp-village-turn-box")

        # card effects, at any time
        effect_buttons = [b["stats"], b["destroy"], b["destroy_item"], b["destroy_magic"]]
        said, caption = self._group(effect_buttons)
        for button in effect_buttons:
            self._on_click_at(button, said)
        self.effects = self._step_box([
            w.HTML("<b>Card effects</b> <small>(at any time) The tracker does not read card texts: when an "
                   "Item (Needle Sword: +2 ATK), a Magic card (Harvest Moon: your Mice +1 DEF) or an ability "
                   "changes the selected mouse's ATK or DEF, type them as they are now and set them; the "
                   "battle uses them. A card may also destroy a mouse, take an Item off, or remove a "
                   f"continuous Magic card ({html.escape(CITE_EFFECTS)}; {html.escape(CITE_ITEM)}; "
                   f"{html.escape(CITE_MAGIC)}).</small>"),
            ui.row(self.effect_atk, self.effect_def, b["stats"], b["destroy"]),
            ui.row(self.item_off, self.item_off_to, b["destroy_item"]),
            ui.row(self.magic_off, b["destroy_magic"]), said, caption])
        self.effects.add_class("cmp-village-effects")

        # coin flips
        self.flip_card = w.Text(placeholder="card calling for the flip",
                                layout=w.Layout(width="240px"))
        self.flip_functions = w.ToggleButtons(options=[("one function", 1), ("two or more", 2)], value=1,
                                              **toggles)
        self.flip_attack = tick("can negate an attack: flipped at the beginning of the Attack Phase "
                                "(Steps 2-5 end)", "cmp-village-flip-attack")
        flips = []
        for result in ("heads", "tails", None):
            fb = wide(ui.big_button(result.capitalize() if result else "Flip for me"))
            fb.add_class("cmp-village-flip")
            flips.append(fb)
        self.flip_buttons = flips
        for name in ("flip_card", "flip_functions", "flip_attack"):  # (what decides a flip)
            getattr(self, name).observe(lambda _c, name=name: self._regate(name), names="value")
        self.flip_msg, caption = self._group(flips)
        at = self.section_messages.guard(self.flip_msg)
        for fb, result in zip(flips, ("heads", "tails", None), strict=True):
            fb.on_click(at(lambda _b, r=result: self.flip(r)))
        self.flips = self._step_box([
            w.HTML("<b>Coin flips</b> <small>the single-function card flips first (village-tcg.txt, Coin "
                   "Flips)</small>"),
            ui.row(self.flip_card, self.flip_functions),
            self.flip_attack, ui.row(*flips), self.flip_msg, caption])
        self.flips.add_class("cmp-village-flips")

        # new game
        self.names = [w.Text(value=f"Player {i + 1}", placeholder=f"player {i + 1}'s name",
                             layout=w.Layout(width="180px")) for i in range(2)]
        self.decks = [w.BoundedIntText(value=60, min=8, max=999, description="deck",
                                       style={"description_width": "initial"},
                                       layout=w.Layout(width="120px"))
                      for _ in range(2)]
        self.first = w.ToggleButtons(
            options=[("Player 1 first", 0), ("Player 2 first", 1), ("Coin toss", TOSS)], value=0,
            tooltips=["", "", "flip a coin to see who goes first (village-tcg.txt, Gameplay), from the "
                              "game's seed"], **toggles)
        self.first.add_class("cmp-village-toss")
        self.strict = w.Checkbox(value=True, indent=False, description="enforce the order of turn",
                                 layout=w.Layout(width="auto"))
        self.fruit_reading = w.ToggleButtons(
            options=[("stays equipped", "equipped"), ("is paid", "pay")], description="An ability's Fruit:",
            value="equipped", tooltips=[FRUIT_READINGS["equipped"], FRUIT_READINGS["pay"]], **toggles)
        self.fruit_reading.add_class("cmp-village-fruit-reading")
        self._setup_for: tuple[Any, ...] | None = None  # the game the New game boxes were filled from
        new = wide(ui.big_button("New game", style="success", icon="play"))
        new.add_class("cmp-village-new")
        self.new_game_button = new
        self.new_msg, caption = self._group([new])
        new.on_click(self.section_messages.guard(self.new_msg)(lambda _b: self.new_game()))
        setup = w.VBox([ui.row(self.names[0], self.decks[0], self.names[1], self.decks[1]),
                        ui.row(self.first, self.strict),
                        self.fruit_reading,
                        w.HTML("<small>House interpretation, for the whole game (village-tcg.txt): Step 4 "
                               "says an ability needs 'the proper number of Fruit equipped' (<i>stays "
                               "equipped</i>: the Fruit stays on the mouse); Card Descriptions 6 says you "
                               "'pay the correct Fruit cost' (<i>is paid</i>: the Fruit goes to the discard "
                               "pile).</small>"),
                        ui.row(new), self.new_msg, caption,
                        w.HTML("<small>Starting a new game keeps the old log beside it (renamed with a "
                               "number); <b>Back to the previous game</b> brings it back. The names and the "
                               "reading are the game on show's, for a rematch.</small>")])
        acc = w.Accordion(children=[setup])
        acc.set_title(0, "New game")
        acc.selected_index = None
        acc.add_class("cmp-village-setup")
        self.setup = acc

        self.help = ui.help_box(HELP, HELP_NOTEBOOK)
        self.help.add_class("cmp-village-help")
        self.header = ui.header("Village TCG", "Mouse Points, turn guide and battle resolver", game="village")
        self.widget = w.VBox()
        self.widget.add_class("cmp-village-page")
        self._lay_out(started=False)

    def _on_click_at(self, button: w.Button, said: w.HTML) -> None:
        """``button`` does its action (kept in ``_actions``) with its message shown in ``said``, its group's
        message panel."""
        fn = self._actions[id(button)]
        button.on_click(self.section_messages.guard(said)(lambda _b: fn()))

    def _lay_out(self, *, started: bool) -> None:
        """Before a game, New game comes first and open (the page says to start one there); once a game
        is under way the players and the turn come first, and New game goes to the end, closed."""
        if started == self._started_shown:
            return
        self._started_shown = started
        play = [self.players_row, self.turn_box, self.effects, self.flips]
        top = [self.header, self.help, self.load_problems, self.winner, self.notice_msg]
        self.widget.children = [*top, *play, self.setup] if started else [*top, self.setup, *play]
        self.setup.selected_index = None if started else 0

    # -- helpers -----------------------------------------------------------------------------
    def db(self) -> Any:
        """The card data, read once: a card file of yours that does not load is left out, said in
        :attr:`load_problems` (no data that loads: an empty one, and names are taken as typed)."""
        if self._db is None:
            self._db = page_cards("village", self.load_problems)
        return self._db

    def _card_named(self, name: str) -> None:
        """An Item or Magic card's name typed: the Magic toggle follows its card, and the buttons are
        gated once for both."""
        with self._gating_later():
            self._magic_kind_from_card(name)
        self._regate("card_name")

    def _magic_kind_from_card(self, name: str) -> None:
        """A Magic card named in the card data sets whether it is instant or continuous: the toggle is
        for a card of one's own, so it is off, saying so, while the card data gives the only kind it
        can be played as (the rules refuse a kind the data contradicts: :func:`why_not_magic_kind`)."""
        card = self.db().lookup(name or "")
        kinds = ([kind for kind in MAGIC_KINDS if why_not_magic_kind(card, kind == "instant",
                                                                      kind == "continuous") is None]
                 if card is not None and card.type == "magic" else [])
        if kinds:
            self.magic_kind.value = kinds[0]
        fixed = len(kinds) == 1
        ui.gate(self.magic_kind, f"{card.name} is {kinds[0]} by its card data" if fixed else None)
        self.magic_kind.description = MAGIC_KIND_FROM_CARD if fixed else MAGIC_KIND

    def _stat_boxes(self) -> dict[str, w.Text]:
        return {"atk": self.mouse_atk, "def": self.mouse_def}

    def _stat_typed(self, key: str) -> None:
        """A stat box changed by hand: its value is the user's, kept whatever the name becomes."""
        if not self._filling_stats:
            self._stats_from_card.discard(key)

    def _fill_stats(self, change: Any) -> None:
        """A mouse card's name fills in its ATK and DEF; any other name clears the stats a card filled
        in (never those typed by hand), so a misspelt name cannot keep another card's stats."""
        card = self.db().lookup(change["new"] or "")
        mouse = card is not None and card.type in ("basic-mouse", "mega-mouse")
        self._filling_stats = True
        try:
            with self._gating_later():  # (the mouse to play gates its buttons: once, below)
                for key, box in self._stat_boxes().items():
                    if mouse:
                        value = card.get(key)
                        box.value = "" if value is None else str(value)
                        self._stats_from_card.add(key)
                    elif key in self._stats_from_card:
                        box.value = ""
                        self._stats_from_card.discard(key)
        finally:
            self._filling_stats = False
        self._regate("mouse_name")

    @staticmethod
    def _stat(box: w.Text) -> int | None:
        """The number in a stat box; ``None`` when it is blank."""
        text = str(box.value).strip()
        if not text:
            return None
        if not re.fullmatch(r"[0-9]{1,2}", text):
            raise CompanionError(f"{box.description} must be a whole number 0 to {STAT_MAX}, not {text!r}")
        return int(text)

    def _selected_mouse(self) -> FieldMouse | None:
        """The selected mouse on the field (``None``: none selected, no game, or no longer on the field).
        Looked up once by each redraw (:meth:`_draw`), each gating and each pick, and passed down to what
        reads it: the field is searched once, not once by each of them."""
        uid = self.target.value
        if not uid or not self.state.started:
            return None
        try:
            return self.state.mouse(uid)[1]
        except RuleError:
            return None

    def _target_card(self, mouse: FieldMouse | None) -> Any:
        """The card data of ``mouse``, the selected mouse on the field (:meth:`_selected_mouse`;
        ``None`` if none, or not a known mouse card)."""
        return None if mouse is None else self.tracker.mouse_card(mouse)  # (the page's card data, attached)

    def _fill_abilities(self, mouse: FieldMouse | None) -> None:
        """Offer the selected mouse's abilities (card data) and fill in the chosen one's Fruit cost.
        Done again only for another mouse or a new turn: the ability and a cost typed by hand stay.
        ``mouse``: the selected mouse (:meth:`_selected_mouse`)."""
        key = (self.target.value, self.state.turn)
        if key == self._abilities_for:
            return
        self._abilities_for = key
        card = self._target_card(mouse)
        if card is None:
            options: list[tuple[str, str]] = [("type its Fruit cost", UNKNOWN_ABILITY)]
            costs: dict[str, int | None] = {UNKNOWN_ABILITY: None}
        else:
            options, costs = [], {}
            for a in card.get("abilities") or ():
                cost = a.get("fruit_cost")
                name = str(a.get("name") or "ability")
                options.append((f"{name} ({cost if cost is not None else 'unknown'} Fruit)", name))
                costs[name] = cost
            if not options:
                options, costs = [("no ability on its card", UNKNOWN_ABILITY)], {UNKNOWN_ABILITY: None}
        self._ability_costs = costs
        ui.keep_choice(self.ability, options, options[0][1])
        self._fill_cost()

    def _fill_cost(self) -> None:
        cost = self._ability_costs.get(self.ability.value or UNKNOWN_ABILITY)
        if cost is not None:
            self.cost.value = cost

    def _ability_chosen(self) -> None:
        """Another ability chosen: its Fruit cost is filled in, and the ability button gated once for
        both (its reason names the ability)."""
        with self._gating_later():
            self._fill_cost()
        self._regate("ability")

    @contextlib.contextmanager
    def _gating_later(self) -> Iterator[None]:
        """Within it, a box the page itself changes regates nothing: the caller gates the buttons once,
        after (a redraw writes each "off for now" caption once)."""
        was, self._drawing = self._drawing, True
        try:
            yield
        finally:
            self._drawing = was

    def _regate(self, box: str, *, mouse: Any = LOOK_UP) -> None:
        """The box ``box`` (its attribute: a card's tick, the Fruit cost, the Item or Magic card named)
        changed: gate again the buttons whose rule reads it (:data:`GATES_READING`), unless the page is
        being drawn (it gates them all at its end). ``mouse``: the selected mouse, when the caller has
        looked it up (:meth:`_selected_mouse`; left out, it is looked up here)."""
        if not self._drawing:
            self._gate(GATES_READING[box], mouse=self._selected_mouse() if mouse is LOOK_UP else mouse)

    @property
    def state(self) -> VillageState:
        return self.tracker.state

    def _all_buttons(self) -> list[w.Button]:
        found, todo = [], [self.widget]
        while todo:
            widget = todo.pop()
            if isinstance(widget, w.Button):
                found.append(widget)
            todo.extend(getattr(widget, "children", ()))
        return found

    def _clear_preview(self) -> None:
        """A battle preview no longer matches the controls or the game: take it off the page."""
        if self._preview_shown is not None and self.battle_result.value == self._preview_shown:
            self.battle_result.value = ""
        self._preview_shown = None

    def _attach_cards(self) -> None:
        """The card data checks and fills in what the page's boxes name, as on the command line
        (a Magic card played as an Item, or as instant when it is not, is refused)."""
        db = self.db()
        self.tracker.cards = db if len(db) else None  # (no data that loads: names are taken as typed)

    def act(self, event: dict[str, Any] | Callable[[], dict[str, Any]],
            notes: tuple[str, ...] = ()) -> VillageState:
        """Log one event (checked against the rules first) and redraw the page; ``notes`` are
        warnings shown below what the event did (and a card name the data does not know).

        The event was chosen from the table on show: if another window (or a command) wrote the log
        since the page was drawn, it is refused and the page drawn again, checked under the log's lock
        (:meth:`~companion.ui.TrackerPage._run_locked`), so a stale "End turn" never ends the other
        player's turn. ``event`` may be a function that builds it from the state read again under that
        lock, with the write (one lock, one read)."""
        self.refuse_if_unusable()

        def do() -> dict[str, Any]:
            chosen = event() if callable(event) else event
            self.tracker.do(chosen)
            return chosen

        done = self._run_locked(do, refuse_stale=True)
        # (a mouse's name gets its own note from the mouse boxes, with what to do about its stats)
        named_card = done.get("event") in ("item", "magic")
        note = unknown_card_note(self.tracker.cards, done) if named_card else None
        notes = (*notes, note) if note else notes
        lines = [*self.state.last, *notes]
        kind = "warn" if FORFEIT_NOTE in lines or ATTACK_PHASE_NOTE in lines or notes else "ok"
        ui.show(self.message, kind, lines[0] if lines else "Done", lines[1:])
        return self.state

    def undo(self) -> None:
        """Take back the latest action the page shows; the message says what it did, the battle panel
        follows. Refused when another window wrote the log since the page was drawn (the page is drawn
        again): what would be taken back is then an action the player has not seen, even another game's."""
        self.refuse_if_unusable()
        shown = self.state
        self._run_locked(self.tracker.undo, refuse_stale=True)
        self._show_resolved_attack()
        said = self.tracker.undo_words(shown, self.state)
        if not self.state.started and self._previous is not None:  # the start undone: no game on show
            said.append(f"The game before this one is kept in {self._previous}: 'Back to the previous game' "
                        "brings it back.")
        ui.show(self.message, "info", said[0], said[1:])

    def redo(self) -> None:
        """Do again the latest action undone; the message says what it did, the battle panel follows.
        Refused, as :meth:`undo` is, on a page another window made stale."""
        self.refuse_if_unusable()
        shown = self.state
        self._run_locked(self.tracker.redo, refuse_stale=True)
        self._show_resolved_attack()
        said = self.tracker.redo_words(shown, self.state)
        ui.show(self.message, "info", said[0], said[1:])

    def _attack_in_force(self) -> bool:
        """Whether the attack the battle panel last showed as resolved is still in the history, and
        this turn's (the next turn's panel starts empty)."""
        if self._resolved is None:
            return False
        at, event, _panel, turn, _lines, _ended = self._resolved
        history = self.tracker.history
        return len(history) > at and history[at] == event and self.state.turn == turn

    def _show_resolved_attack(self) -> None:
        """After an undo, a redo or a redraw the battle panel shows the attack resolved last if it is in
        force (a redo brings it back; a correction may have the game go on), else nothing: never an
        attack taken back or of a turn that is over, nor a stale preview. An attack this page did not
        resolve (a redo on a page opened after the undo) is found in the history (:meth:`_find_attack`)."""
        if not self._attack_in_force():
            self._find_attack()
        if self._resolved is not None and self._attack_in_force():
            panel = self._resolved_html()
            self._resolved = (*self._resolved[:2], panel, *self._resolved[3:])
            self.battle_result.value = panel
        else:
            self.battle_result.value = ""

    def new_game(self) -> None:
        """Start a new game; the old game's log is kept beside the new one, renamed with a number.
        The start is checked first: a refused one leaves the old game and its log as they were, and
        so does an old log that cannot be renamed (a read-only folder)."""
        self.refuse_if_unusable()
        probe = VillageTracker(None)  # in memory: the start checked against a fresh game
        one, two = ui.player_names(self.names)
        new_game(probe, (one, two),
                 first=None if self.first.value == TOSS else self.first.value,
                 decks=(self.decks[0].value, self.decks[1].value),
                 strict_order=self.strict.value, fruit_cost=self.fruit_reading.value)
        start = probe.history[0]  # with the seed drawn for it
        old = self.tracker

        def back() -> None:  # the start could not be written: the page stays on the old game
            self.tracker = old
            self.refresh()

        def stay(why: LogError) -> None:  # nor could the old log come back: the page shows the new one
            if self.tracker is old:  # (the new log could not even be opened)
                self.tracker = self.open_tracker(VillageTracker, self.log_path)
                self._attach_cards()
            self.refresh()
            # (where it is seen)
            self.section_messages.use(self.head_msg if self.state.started else self.new_msg)
            ui.show_error(self.message, why)

        with old_log_kept(old, numbered, "start the new game", back=back, stay=stay) as kept:
            if kept is not None and old.state.started:  # (found again by a page opened anew: _kept_aside)
                start = {**start, "previous": old.state.seed}
            self.tracker = VillageTracker(self.log_path)
            self._attach_cards()
            self.tracker.do(start)
        if kept is not None:  # (none: the old log held no game, and the new one is written over it)
            self._previous = kept
        self._resolved, self.battle_result.value = None, ""
        self.setup.selected_index = None
        self.refresh()
        lines = list(self.state.last)
        if kept is not None:
            lines.append(f"The game before is kept in {kept}: 'Back to the previous game' brings it back "
                         f"(this one is then kept aside in its turn); {reopen_hint(kept)}.")
        self.section_messages.use(self.head_msg)  # (New game is closed now, below the turn: said at its top)
        ui.show(self.message, "ok", lines[0] if lines else "New game", lines[1:])

    def previous_game(self) -> None:
        """Bring back the game this page's New game kept aside (:attr:`_previous`): the game on show is
        kept aside in its turn, under the next free number, so a second press brings it back; no file
        is overwritten. Under the log's lock: no other window writes between the two moves. The game
        brought back shows the attack resolved in its turn, and the side of its latest coin flip when
        that is its latest action, as a page opened on it does."""
        self.refuse_if_unusable()
        kept, path = self._previous, self.log_path
        if kept is None:
            raise CompanionError("this page has kept no game aside (New game keeps the game before it)",
                                 suggestion="A game kept in an earlier session is one of the numbered "
                                            f"logs beside {path.name}; open it with "
                                            "VillageCompanion(PATH).widget.")
        with self.tracker.log.locked():
            if not kept.exists():
                self._previous = None
                self.refresh()
                raise LogError(f"the game kept aside is no longer at {kept}: nothing was changed",
                               where=str(path), suggestion="It may have been moved or renamed; open it where "
                                                           "it is with VillageCompanion(PATH).widget.")
            try:  # read first, without touching it: a log this page could not use is never swapped in
                VillageTracker(EventLog(kept, read_only=True))
            except CompanionError as exc:
                raise LogError(f"the game kept aside in {kept.name} cannot be used here ({exc.render()}); "
                               "nothing was changed", where=str(path),
                               suggestion=f"Look at it with 'companion village replay {kept}'.") from None
            aside = numbered(path) if path.exists() else None
            if aside is not None:
                try:
                    path.rename(aside)
                except OSError as exc:
                    raise LogError(f"cannot keep the game on show as {aside.name}: {os_reason(exc)}; nothing "
                                   "was changed", where=str(path),
                                   suggestion="Make its folder writable, then try again.") from None
            try:
                if path.exists():  # (never over a file: another program wrote one meanwhile)
                    raise FileExistsError(f"{path.name} exists")
                kept.rename(path)
            except OSError as exc:
                trouble = ""
                if aside is not None:
                    try:
                        if not path.exists():
                            aside.rename(path)
                        else:
                            trouble = f"; the game on show stays as {aside}"
                    except OSError as again:
                        trouble = f"; the game on show stays as {aside} ({os_reason(again)})"
                raise LogError(f"cannot bring back {kept.name}: {os_reason(exc)}{trouble}",
                               where=str(path), suggestion=reopen_hint(kept).capitalize() + ".") from None
        self.tracker = self.open_tracker(VillageTracker, path)
        self._attach_cards()
        self._previous = aside
        self._resolved, self.battle_result.value = None, ""
        self._show_resolved_attack()  # (its turn's attack resolved shows again, as on a page opened on it)
        self.refresh()
        lines = [f"The game kept in {kept.name} is back under {path.name}."]
        if aside is not None:
            lines.append(f"The game that was on show is kept in {aside}: press again to bring it back; "
                         f"{reopen_hint(aside)}.")
        if not self.show_unusable(self.message):
            ui.show(self.message, "ok", "Back to the previous game", lines)
            self._resume_flip(beside=True)  # (its latest coin flip shows again, as on a page opened on it)

    def _kept_aside(self) -> Path | None:
        """The game kept aside that "Back to the previous game" brings back, found again by a page opened
        anew (a reload, another window) as the page that kept it had it: of the numbered logs beside this
        one (:func:`numbered`), one whose game is linked to the game on show by the seed a New game
        records in the start of the game it begins (``previous``), either way: the game on show began
        from it, or it began from the game on show (brought back since). Of several, the one kept last
        (the highest number); a log that cannot be read is no game to bring back."""
        s, path = self.state, self.log_path
        if not s.started:
            return None
        name = re.compile(rf"{re.escape(path.stem)}-([0-9]{{1,9}}){re.escape(path.suffix)}")
        try:
            beside = [(int(m[1]), f) for f in path.parent.iterdir() if (m := name.fullmatch(f.name))]
        except OSError:
            return None
        linked = []
        for n, kept in beside:
            try:
                log = EventLog(kept, read_only=True)
                # the game in force is one of the log's starts (its seed as the tracker reads it: none
                # logged is 0), so a log none of whose starts is linked is no game to bring back: only a
                # log that may be one is folded, to know which start (if any) is in force
                if not any(e.event["event"] == "start"
                           and (s.previous == e.event.get("seed", 0) or e.event.get("previous") == s.seed)
                           for e in log.events):
                    continue
                other = VillageTracker(log).state
            except (CompanionError, OSError):
                continue
            if other.started and (s.previous == other.seed or other.previous == s.seed):
                linked.append((n, kept))
        return max(linked)[1] if linked else None

    @staticmethod
    def _wrong_type(card: Any, kind: str) -> RuleError | None:
        """Why ``card`` (card data, or ``None``) is not played as ``kind`` by the button pressed, saying
        which button plays it (:func:`~companion.village.game.why_not_card_type`, the tracker's rule)."""
        return why_not_card_type(card, kind, PLAYS_IT)

    @staticmethod
    def _refusal(play: Callable[[str], object], kind: str) -> str | None:
        """Why ``play(kind)`` (what the click would play: :meth:`_mouse_to_play`, :meth:`_card_to_play`)
        would be refused now, or ``None``: the button is off before the click."""
        try:
            play(kind)
        except CompanionError as exc:
            return exc.render(where=False)
        return None

    def _card_to_play(self, kind: str) -> str:
        """The name of the Item or Magic card to play as ``kind`` (``item`` or ``magic``), as its box
        names it. Refused: no name typed (a tap by accident would record a card, and a Magic card use up
        the turn's draw and Magic); a known card of another type (:meth:`_wrong_type`); a Magic card played
        as a kind its card data is not (:func:`~companion.village.game.why_not_magic_kind`); a name close
        to a card of the data, the card it may mean said, by the rule the tracker refuses it by
        (:func:`~companion.village.game.check_item_or_magic_name`). Any other name is a card of one's own."""
        name = " ".join(str(self.card_name.value or "").split())
        what = CARD_WORDS[kind]
        if not name:
            raise CompanionError(f"type the {what}'s name first (a card of the data, or one of your own)")
        too_long = why_not_card_text(name, f"the {what}'s name")  # (the tracker's rule)
        if too_long is not None:
            raise too_long
        card = self.db().lookup(name)
        wrong = self._wrong_type(card, kind)
        if wrong is not None:
            raise wrong
        if card is None:
            check_item_or_magic_name(self.db(), kind, name, card=None)
            return name
        if kind == "magic":
            clash = why_not_magic_kind(card, self.magic_kind.value == "instant",
                                       self.magic_kind.value == "continuous", page=True)
            if clash is not None:
                raise clash
        return name

    def _mouse_to_play(self, kind: str) -> tuple[dict[str, Any], tuple[str, ...]]:
        """Name, ATK and DEF of the mouse to play, and warnings. A mouse card gives its stats (a box
        typed by hand overrides its card); a name that is not a card plays only with ATK and DEF
        typed, as a mouse of your own: without them, a name close to a mouse card is refused with the
        card it may mean, by the tracker's rule and words (:func:`check_mouse_name`), any other name with
        what to type (:func:`why_not_unknown_stats`: a mouse of unknown ATK or DEF cannot battle); with
        them, a name close to a card plays with a warning."""
        name = str(self.mouse_name.value or "").strip()
        too_long = why_not_card_text(name, "the mouse's name")  # (the tracker's rule)
        if too_long is not None:
            raise too_long
        card = self.db().lookup(name) if name else None
        wrong = self._wrong_type(card, kind)
        if wrong is not None:
            raise wrong
        atk, dfn = self._stat(self.mouse_atk), self._stat(self.mouse_def)
        if card is not None:
            stats = {"atk": card.get("atk") if atk is None else atk,
                     "def": card.get("def") if dfn is None else dfn}
            unknown = why_not_unknown_stats(self.db(), card.name, stats["atk"], stats["def"], card=card)
            if unknown is not None:  # (a card whose data gives no ATK or DEF: the tracker's rule)
                raise unknown
            return {"name": card.name, **stats}, ()
        notes: tuple[str, ...] = ()
        try:  # (its stats left out: whether the name is a misspelt mouse card)
            check_mouse_name(self.db(), name, None, None, card=None)
        except RuleError as misspelt:
            if atk is None or dfn is None:
                raise
            notes = (f"{misspelt.message} Played as a mouse of your own with the ATK and DEF typed; Undo if "
                     "the name is misspelt.",)
        unknown = why_not_unknown_stats(self.db(), name, atk, dfn, card=None)  # (the tracker's rule, words)
        if unknown is not None:
            raise unknown
        return {"name": name or ("Mega Mouse" if kind == "mega-mouse" else "Basic Mouse"),
                "atk": atk, "def": dfn}, notes

    def play_basic(self) -> None:
        mouse, notes = self._mouse_to_play("basic-mouse")
        self.act({"event": "play_basic", **mouse}, notes)

    def summon_mega(self) -> None:
        mouse, notes = self._mouse_to_play("mega-mouse")
        event: dict[str, Any] = {"event": "summon_mega", "sacrifice": self.target.value, **mouse}
        if self.sacrifice_allowed.value:
            event["sacrifice_allowed"] = True
        self.act(event, notes)
        self.sacrifice_allowed.value = False

    def use_ability(self) -> None:
        """Use the selected mouse's ability; its Fruit cost comes from the card (Order of Turn, Step 4). A
        card that prints none is refused by the tracker (:func:`~companion.village.game.card_ability`)."""
        event: dict[str, Any] = {"event": "ability", "mouse": self.target.value, "cost": self.cost.value}
        if self.ability.value:
            event["name"] = self.ability.value
        self.act(event, self._ability_hint())

    def equip_item(self) -> None:
        """Equip an Item to the selected mouse (Card Descriptions 4 Item Cards)."""
        event: dict[str, Any] = {"event": "item", "mouse": self.target.value,
                                 "name": self._card_to_play("item")}
        if self.item_opponent.value:
            event["opponent_allowed"] = True
        if self.item_extra.value:
            event["extra"] = True
        self.act(event, self._text_hint(event["name"]))
        self.item_opponent.value = self.item_extra.value = False

    def _magic_player(self) -> int:
        return self.state.current if self.magic_player.value == "turn" else 1 - self.state.current

    def play_magic(self) -> None:
        kind = self.magic_kind.value
        name = self._card_to_play("magic")
        # "turn player" is the player whose turn the page shows: a page another window made stale (a turn
        # ended there) is refused, as every other action is, rather than play the card for the other
        # player (village-tcg.txt, Order of Turn, Step 1: their draw forfeited; Card Descriptions 5:
        # their Magic card of the turn used); read under the log's lock with the write
        self.act(lambda: {"event": "magic", "name": name, "player": self._magic_player(),
                          "instant": kind == "instant", "continuous": kind == "continuous"},
                 self._text_hint(name))
        self.magic_player.value = "turn"  # the next card is the turn player's unless chosen again

    def _text_hint(self, name: str) -> tuple[str, ...]:
        """The reminder of :meth:`_record_hint` for the card data's text of the Item or Magic card
        ``name``."""
        card = self.db().lookup(name or "")
        return self._record_hint(card.name, str(card.get("text") or "")) if card is not None else ()

    def _ability_hint(self) -> tuple[str, ...]:
        """The reminder of :meth:`_record_hint` for the text of the ability chosen of the selected mouse's
        card (Moonbeam: "Gain 3 MP."); none for a mouse or an ability the card data does not know."""
        card = self._target_card(self._selected_mouse())
        if card is None:
            return ()
        try:
            name, _cost = card_ability(card, self.ability.value or None)
        except RuleError:  # (the tracker refuses it, in the card's own words)
            return ()
        texts = [str(a.get("text") or "") for a in card.get("abilities") or ()
                 if isinstance(a, Mapping) and str(a.get("name") or "ability") == name]
        return self._record_hint(f"{name} ({card.name})", texts[0]) if texts else ()

    def _record_hint(self, name: str, text: str) -> tuple[str, ...]:
        """A reminder when a card's ``text`` (the card data's) changes ATK or DEF, draws cards (or
        otherwise changes a deck) or changes Mouse Points: the tracker does not apply card texts (the
        card data has no structured field for it), so the player records it with the page's corrections,
        in the amounts the text gives (none guessed: its text is quoted)."""
        record = [*(["the new ATK and DEF under Card effects"] if STAT_WORDS.search(text) else []),
                  *(["the cards it draws, or another change of a deck, with the deck \u22121 and deck +1 of "
                     "the player whose deck it is (one a card)"] if DECK_WORDS.search(text) else []),
                  *(["its change of Mouse Points with the MP buttons (\u22125, \u22121, +1, +5) of the "
                     "player whose Mouse Points it changes"] if MP_WORDS.search(text) else [])]
        if not record:
            return ()
        return (f"{name}: \u201c{text}\u201d The tracker does not apply card texts: record "
                f"{'; '.join(record)} ({CITE_EFFECTS}).",)

    def set_stats(self) -> None:
        """A card effect changed the selected mouse's ATK or DEF: log them as typed (a blank box is
        left as it is)."""
        event: dict[str, Any] = {"event": "stats", "mouse": self.target.value}
        for key, box in (("atk", self.effect_atk), ("def", self.effect_def)):
            value = self._stat(box)
            if value is not None:
                event[key] = value
        if len(event) == 2:
            raise CompanionError("type the selected mouse's new ATK or DEF (or both), then set them")
        self.act(event)

    def destroy_mouse(self) -> None:
        """A card effect destroys the selected mouse (with its Fruit and Items)."""
        self.act({"event": "destroy", "mouse": self.target.value})

    def take_item_off(self) -> None:
        """A card effect takes the chosen Item off the selected mouse: destroyed, or back to hand."""
        event: dict[str, Any] = {"event": "destroy_item", "mouse": self.target.value,
                                 "to": self.item_off_to.value}
        if self.item_off.value:
            event["name"] = self.item_off.value
        self.act(event)
        self.item_off_to.value = "discard"

    def remove_magic(self) -> None:
        """The chosen continuous Magic card leaves the field (destroyed by a card effect)."""
        if not self.magic_off.value:
            raise RuleError(f"no continuous Magic card on the field ({CITE_MAGIC})")
        player, name = self.magic_off.value
        self.act({"event": "destroy_magic", "player": player, "name": name})

    def _flip_card(self) -> str:
        """The card calling for the flip, as typed in its box (its spaces tidied; ``""``: none named)."""
        return " ".join(str(self.flip_card.value).split())

    def flip(self, result: str | None) -> None:
        event: dict[str, Any] = {"event": "flip", "functions": self.flip_functions.value}
        card = self._flip_card()
        if card:  # (no card named: the log says "coin flip", never "coin flip for coin flip")
            event["card"] = card
        if self.flip_attack.value:  # goes at the beginning of the Attack Phase (Coin Flips)
            event["attack"] = True
        if result:
            event["result"] = result
        self.act(event)
        self.flip_attack.value = False  # a later flip is a card's own unless ticked again

    def attacks(self) -> list[Attack]:
        """The attacks chosen, in order: a mouse a card lets attack twice makes its second last."""
        out = []
        for uid, dd in self.assign.items():
            if dd.value == NO_ATTACK:
                continue
            out.append(Attack(uid, None if dd.value == UNDEFENDED else dd.value))
        for uid in self._twice_chosen():  # (assign2 is set when a mouse attacks twice)
            second = self.assign2.value  # type: ignore[union-attr]
            out.append(Attack(uid, None if second == UNDEFENDED else second))
        return out

    def _twice_chosen(self) -> tuple[str, ...]:
        """The mouse a card lets attack twice, when its second attack is chosen (the event's ``twice``)."""
        if self.assign2 is None or not self.twice.value or self.assign2.value == NO_ATTACK:
            return ()
        return (self.twice.value,)

    def _twice_changed(self) -> None:
        if not self._refreshing_target:
            self._clear_preview()
            self._build_assign()

    def preview(self) -> Any:
        """Show what the attacks chosen would do, and return the battle (``None`` with no mouse assigned
        to attack: the tap declares no attack, said so); cleared when the choice, the direct damage or the
        game changes (any action, a write from another window)."""
        self.refuse_if_unusable()
        self._sync()
        if not self.state.started:
            raise RuleError("there is no game yet: start one under New game, then declare attacks")
        attacks = self.attacks()
        if not attacks:  # (not a battle: the resolver's note on abilities is not for it)
            said = NO_ATTACK_SAID + NO_ATTACK_THEN[self.state.strict_order]
            self.battle_result.value = ui.panel_html("info", "No attack", [said])
            self._preview_shown = self.battle_result.value
            return None
        result = self.tracker.battle(self.state, attacks, self._direct_damage(), self._twice_chosen())
        kind = "ok" if result.is_legal else "error"
        title = "Battle preview" if result.is_legal else "This attack is not allowed"
        self.battle_result.value = ui.panel_html(kind, title, result.lines())
        self._preview_shown = self.battle_result.value
        return result

    def resolve(self) -> None:
        event: dict[str, Any] = {"event": "attack",
                                 "attacks": [{"attacker": a.attacker, "defender": a.defender}
                                             for a in self.attacks()]}
        direct = self._direct_damage()
        if direct is not None:
            event["direct_damage"] = direct
        twice = self._twice_chosen()
        if twice:
            event["twice"] = list(twice)
        self.act(event)
        self.twice.value = NO_TWICE
        self.direct_mode.value = DIRECT_GAME  # the next attack takes the game's amount unless chosen again
        self._remember_attack(len(self.tracker.history) - 1, self.state)
        self._show_resolved_attack()
        self.message.value = ""  # (the battle panel just below says it all: once is enough)

    def _remember_attack(self, at: int, s: VillageState) -> None:
        """Keep the attack resolved as action ``at`` of the history, ``s`` the state it left, for the
        battle panel (:meth:`_show_resolved_attack`)."""
        self._resolved = (at, self.tracker.history[at], "", s.turn, s.last, s.win_reason if s.over else "")

    def _find_attack(self) -> None:
        """Remember the attack resolved this turn, from the history (none: :attr:`_resolved` is ``None``),
        for the battle panel: the attack's lines are those of the state it left
        (:meth:`~companion.eventlog.Tracker.state_after`)."""
        self._resolved = None
        history = self.tracker.history
        at = next((i for i in range(len(history) - 1, -1, -1) if history[i].get("event") == "attack"), None)
        if at is None or any(e.get("event") in ("end_turn", "start") for e in history[at + 1:]):
            return
        left = self.tracker.state_after(at + 1)
        if left.turn == self.state.turn:
            self._remember_attack(at, left)

    def _resume_flip(self, *, beside: bool = False) -> None:
        """A page opened on a game whose latest action is a coin flip says what the coin showed again,
        under the flip buttons, as the page that flipped it did (a reload, another window, Back to the
        previous game): the side is the table's to act on, and otherwise only the history would say it.
        ``beside``: said beside what the action that brought the game on show says in its own panel (Back
        to the previous game's), which stays."""
        history = self.tracker.history
        if history and history[-1].get("event") == "flip" and self.state.last:
            lines = list(self.state.last)
            kind = "warn" if ATTACK_PHASE_NOTE in lines else "ok"  # (as :meth:`act` said it)
            if beside and self.message is self.flip_msg:  # (never over what brought the game back)
                return
            target = self.flip_msg if beside else self.section_messages.use(self.flip_msg)
            ui.show(target, kind, lines[0], lines[1:])

    def _resolved_html(self) -> str:
        """The panel of the attack resolved last, as the game now stands: an attack that won the game
        says so only while the game is still won that way (a correction of Mouse Points or a deck after
        it may have it go on: You Win If)."""
        assert self._resolved is not None
        _at, event, _panel, _turn, lines, ended = self._resolved
        s = self.state
        if ended and (not s.over or s.win_reason != ended):
            lines = tuple(line.replace(ATTACKER_WINS, "") for line in lines)
            now = (s.win_reason if s.over else "both players have Mouse Points and cards in their decks, "
                                                f"so the game goes on ({CITE_WIN})")
            lines = (*lines, f"since corrected: {now}")
        return ui.panel_html("ok", "Attack resolved" if event.get("attacks") else "No attack declared", lines)

    # -- undefended attacks ------------------------------------------------------------------
    def _direct_options(self) -> list[tuple[str, str]]:
        """The choices of what an undefended attack takes: the game's amount (said), the attacker's
        ATK when the game's is a number, or the MP typed."""
        game = self.state.direct_damage if self.state.started else None
        options = [(f"the game's: {direct_damage_said(game)}", DIRECT_GAME)]
        if game is not None:
            options.append(("the attacker's ATK (this attack)", DIRECT_ATK))
        options.append(("the MP typed (this attack)", DIRECT_NUMBER))
        return options

    def _refresh_direct(self) -> None:
        """The undefended-attack controls follow the game's amount: a game with another amount (a new
        game, one started in another window) takes its own again."""
        key = (self.state.started, self.state.direct_damage)
        if key == self._direct_for:
            return
        self._direct_for = key
        self._filling_direct = True
        try:
            self.direct_mode.options = self._direct_options()
            self.direct_mode.value = DIRECT_GAME
            game = self.state.direct_damage
            self.direct.value = game if game is not None and game <= self.direct.max else 0
        finally:
            self._filling_direct = False
        self._direct_chosen()

    def _direct_typed(self) -> None:
        """A number typed in the MP box: it is the one this attack uses."""
        self._clear_preview()
        if not self._filling_direct and self.direct_mode.value != DIRECT_NUMBER:
            self.direct_mode.value = DIRECT_NUMBER

    def _direct_chosen(self) -> None:
        self._clear_preview()
        self.direct.layout.display = None if self.direct_mode.value == DIRECT_NUMBER else "none"

    def _direct_damage(self) -> int | str | None:
        """What this attack's undefended attacks take, as the attack event says it: ``None`` (the
        game's), :data:`~companion.village.game.DIRECT_ATK` or the MP typed (0 included)."""
        mode = self.direct_mode.value
        if mode == DIRECT_NUMBER:
            return int(self.direct.value)
        return DIRECT_ATK if mode == DIRECT_ATK else None

    # -- redraw ------------------------------------------------------------------------------
    def _refresh_buttons(self, *, mouse: FieldMouse | None, reasons: bool = True) -> None:
        """Enable each action the rules allow now (every gate: :data:`GATES`); a disabled one says why in
        its tooltip and, in words a touch screen shows, under its row (:meth:`_refresh_reasons`;
        ``reasons`` off: the caller says them once, after gating more). ``mouse``: the selected mouse
        (:meth:`_selected_mouse`)."""
        self._gate(GATES, mouse=mouse, reasons=reasons)

    def _gate(self, gates: tuple[str, ...], *, mouse: FieldMouse | None, reasons: bool = True) -> None:
        """Turn the buttons of each of ``gates`` (:data:`GATES`) on or off as the rules allow now, then
        (``reasons``) say under each group why those off are off. ``mouse``: the selected mouse
        (:meth:`_selected_mouse`), looked up once by the caller for every gate."""
        s = self.state
        for gate in gates:
            if gate == "attack":  # (the first turn: no attack, First Turn; no mouse: nothing to declare,
                # the turn moves on to End turn: the tracker's rule, which refuses "do" alike)
                ui.gate(self.resolve_button, off_reason(why_not(s, "attack")))
            elif gate == "flip":
                flip = why_not(s, "flip", attack_flip=self.flip_attack.value) or why_not_flip(
                    s, self.flip_functions.value, self._flip_card() or "coin flip", page=True) or \
                    why_not_card_text(self._flip_card(), "the name of the card flipped for")
                for button in self.flip_buttons:
                    ui.gate(button, off_reason(flip))
            elif gate == "deck":  # a deck never goes below 0 cards (You Win If)
                for p, button in enumerate(self.deck_minus):
                    ui.gate(button, off_reason(why_not(s, "deck") or why_not_deck(s, p, -1)))
            else:
                ui.gate(self.buttons[gate], self._action_off(gate, mouse))
        if reasons:
            self._refresh_reasons()

    def _action_off(self, kind: str, mouse: FieldMouse | None) -> str | None:
        """Why the turn or card-effect button of ``kind`` is off now, or ``None``: the rules of the turn,
        what it acts on (the selected mouse, an Item, a Magic card) and the mouse or card its boxes name.
        ``mouse``: the selected mouse (:meth:`_selected_mouse`)."""
        s = self.state
        if kind == "magic":  # an Instant Magic card may be played at any time, by either player
            reason = off_reason(why_not(s, kind, self._magic_player() if s.started else None,
                                        instant=self.magic_kind.value == "instant"))
        elif kind == "summon_mega":  # a mouse to sacrifice (none on the first turn: First Turn)
            reason = off_reason(why_no_mega(s, self.sacrifice_allowed.value)) or self._nothing_to_affect(kind)
        else:
            reason = off_reason(why_not(s, kind)) or self._nothing_to_affect(kind)
        reason = reason or self._not_for_selected(kind, mouse)
        if not reason and kind in MOUSE_TYPES:  # the mouse its boxes name
            reason = self._refusal(self._mouse_to_play, MOUSE_TYPES[kind])
        elif not reason and kind in CARD_TYPES:  # the Item or Magic card its box names
            reason = self._refusal(self._card_to_play, kind)
        return reason

    def _refresh_reasons(self) -> None:
        """Under each group of buttons, why those that are off are off (their tooltips, in words), but
        for what the page already says: no game yet, the game over, a log that cannot be used."""
        s = self.state
        skip = [NO_GAME, off_reason(why_not(s, "draw")) if not s.started else "", UNUSABLE]
        if s.over:
            skip += [off_reason(why_not(s, "draw")) or "", self._over_why()]
        for widgets, caption in self._groups:
            shown = [x for x in widgets if x.layout.display != "none"]
            caption.value = ui.off_reasons(shown, skip=[r for r in skip if r])

    def _over_why(self) -> str:
        return (f"the game is over ({self.state.win_reason}): undo, correct Mouse Points or a deck, or start "
                "a new game")

    def _nothing_to_affect(self, kind: str) -> str | None:
        """Why a button has nothing to act on (no mouse selected for a button that acts on the selected
        mouse, no Item, no continuous Magic card on the field), or ``None``: off before the click, never
        refused after it. A Fruit, an ability or a sacrifice is the turn player's own mouse's
        (Order of Turn, Steps 2-4): with none on the field, the reason says to play one."""
        if kind in ON_SELECTED and not self.target.value:
            s = self.state
            if kind in OWN_MOUSE_ONLY and s.started and not s.players[s.current].field:
                return (f"{s.players[s.current].name} has no mouse on the field: play one first "
                        f"({CITE_TURN}, Step 2)")
            return ("no mouse selected: choose one under Selected mouse" if self.target.options
                    else "no mouse on the field to choose")
        if kind == "destroy_item" and not self.item_off.options:
            return f"{self.target.value} has no Item equipped ({CITE_ITEM})"
        if kind == "destroy_magic" and not self.magic_off.value:
            return f"no continuous Magic card on the field ({CITE_MAGIC})"
        return None

    def _label_resolve(self) -> None:
        """The attack button says what a tap does: while it is on and no mouse is assigned to attack,
        it declares no attack, which ends the turn's Attack Phase (:data:`DECLARE_NONE`)."""
        none = not self.resolve_button.disabled and not self.attacks()
        self.resolve_button.description = DECLARE_NONE if none else DECLARE_ATTACK

    def _assigned(self) -> None:
        """An attacker's defender chosen: the preview is stale, and the button's label may change."""
        self._clear_preview()
        self._label_resolve()

    def _not_for_selected(self, kind: str, mouse: FieldMouse | None) -> str | None:
        """Why the selected mouse cannot take the action ``kind`` (whose mouse it is, what it has, what
        the ticks say and the Fruit cost typed: :func:`~companion.village.game.why_not_on`, the rule the
        tracker refuses it by; for an ability, a card that prints none), or ``None``: off before the
        click, never refused after it. ``mouse``: the selected mouse (:meth:`_selected_mouse`)."""
        uid, s = self.target.value, self.state
        if kind not in ON_SELECTED or not uid or not s.started:
            return None
        card = self._target_card(mouse) if kind == "ability" else None
        none = why_no_ability(card) if card is not None else None
        if none is not None:
            return off_reason(none)
        try:
            return off_reason(why_not_on(s, kind, uid, opponent_allowed=self.item_opponent.value,
                                         extra=self.item_extra.value,
                                         sacrifice_allowed=self.sacrifice_allowed.value, cost=self.cost.value,
                                         ability=self.ability.value or None, allowed_by=self._allowed_by()))
        except RuleError as exc:  # (no longer on the field: the tracker would say so)
            return exc.message

    def _allowed_by(self) -> dict[str, str]:
        """How this page says a card allows an action (the tick box to tick), by the event's field: a
        reason names the box, never the field's name the command line types."""
        return {field_name: f"tick “{box.description}”" for field_name, box in (
            ("opponent_allowed", self.item_opponent), ("extra", self.item_extra),
            ("sacrifice_allowed", self.sacrifice_allowed))}

    def _refresh_effects(self, mouse: FieldMouse | None) -> None:
        """The card-effect controls follow the field: the selected mouse's ATK and DEF (filled in
        again only when the mouse or its stats change, so numbers being typed stay), its Items, and
        every continuous Magic card on the field. ``mouse``: the selected mouse
        (:meth:`_selected_mouse`)."""
        s = self.state
        key = (mouse.uid, mouse.atk, mouse.defense) if mouse is not None else None
        if key != self._effect_stats_for:
            self._effect_stats_for = key
            stats = (mouse.atk, mouse.defense) if mouse is not None else (None, None)
            for box, value in zip((self.effect_atk, self.effect_def), stats, strict=True):
                box.value = "" if value is None else str(value)
        items = list(dict.fromkeys(mouse.items)) if mouse is not None else []
        ui.keep_choice(self.item_off, items, items[0] if items else None)
        magic = [(f"{pl.name}: {name}", (p, name)) for p, pl in enumerate(s.players)
                 for name in dict.fromkeys(pl.magic)] if s.started else []
        ui.keep_choice(self.magic_off, magic, magic[0][1] if magic else None)

    def _clear_turn_inputs(self) -> None:
        """A new turn (or a new game, or a turn taken back): the mouse boxes held the last turn's
        mouse (the previous player's, with its ATK and DEF); they start blank. (The selected mouse
        and the card effects' ATK and DEF follow the turn: :meth:`_refresh_target`. An Item or Magic
        card's name stays: pressed again after a refusal, it is played in the turn now shown.)"""
        self._filling_stats = True
        try:
            self.mouse_name.value = ""
            self.mouse_atk.value = self.mouse_def.value = ""
            self._stats_from_card.clear()
        finally:
            self._filling_stats = False

    def refresh(self) -> None:
        """Draw the page as the game stands: the boxes it changes regate nothing by themselves, the
        buttons are gated once, at its end."""
        with self._gating_later():
            self._draw()

    def _draw(self) -> None:
        s = self.state
        for button in self._held:  # turned off outside a game (below): on again, then set anew
            ui.gate(button, None)
        self._held = []
        self._clear_preview()  # the game it was made for may have changed
        ui.gate(self.undo_button, None if self.tracker.can_undo else "nothing to undo yet")
        ui.gate(self.redo_button, None if self.tracker.can_redo else "nothing undone to redo")
        self._lay_out(started=s.started)
        turn_key = (s.seed, tuple(p.name for p in s.players), s.turn) if s.started else None
        if turn_key != self._inputs_for:
            if self._inputs_for is not None:
                self._clear_turn_inputs()
            self._inputs_for = turn_key
        if not s.started:
            self.turn.value = ("<div style='font-size:20px'>No game yet: start one under <b>New game</b> "
                               "above.</div>")
            self.setup.selected_index = 0
        for p, pl in enumerate(s.players):
            mark = "▶ " if s.started and p == s.current and not s.over else ""
            mp = f"{pl.mp} MP" if s.started else "— MP"  # no game: no Mouse Points to show
            self.mp_labels[p].value = ("<div style='font-size:20px;margin-bottom:6px'>"
                                       f"{mark}<b>{html.escape(pl.name)}</b></div>"
                                       f"<div style='font-size:44px;font-weight:bold'>{mp}</div>")
            mice = "".join(ui.card_tile(m.uid, f"{m.kind} · {m.fruit} Fruit",
                                        f"ATK {m.atk if m.atk is not None else 'unknown'} / DEF "
                                        f"{m.defense if m.defense is not None else 'unknown'}"
                                        + (f" · {', '.join(m.items)}" if m.items else ""))
                           for m in pl.field)
            magic = f"<div>Magic on the field: {html.escape(', '.join(pl.magic))}</div>" if pl.magic else ""
            deck = f"Deck: <b>{pl.deck}</b> · discard {pl.discard}"  # (on one line: the buttons wrap instead)
            self.deck_labels[p].value = (f"<div style='font-size:18px;white-space:nowrap'>{deck}</div>"
                                         if s.started else "")
            self.field_labels[p].value = f"{mice}{magic}" if s.started else ""
        for p, button in enumerate(self.redraw_buttons):  # the Redraw Rule: only at the very start
            usable = s.started and not s.opened and not s.players[p].redrawn and not s.over
            button.layout.display = None if usable else "none"
        if s.over:
            self.winner.value = ui.panel_html("ok", "Game over", [s.win_reason])
        else:
            self.winner.value = ""
        if s.started:
            self.turn.value = (f"<div style='font-size:22px'>Turn {s.turn}: "
                               f"<b>{html.escape(s.players[s.current].name)}</b> "
                               f"<small style='font-size:13px'><i>(steps: {html.escape(CITE_TURN)})</i>"
                               "</small></div>")
            for label, item in zip(self.step_labels, checklist(s), strict=True):
                label.value = step_html(item)
        else:
            for label, (n, title) in zip(self.step_labels, STEPS, strict=True):
                label.value = (f"<div style='font-size:17px;color:{ui.COLOURS['muted']};padding:2px 0'>"
                               f"<b>Step {n}</b>: {html.escape(title)}</div>")
        mine = [m.uid for m in s.players[s.current].field] if s.started else []
        self._refresh_target([m.uid for pl in s.players for m in pl.field] if s.started else [], mine)
        mouse = self._selected_mouse()  # (once per redraw: passed down to what reads it)
        self._fill_abilities(mouse)
        self._refresh_effects(mouse)
        self._refresh_buttons(mouse=mouse, reasons=False)  # (said once, at the end)
        if self._resolved is not None and self.battle_result.value == self._resolved[2]:
            self._show_resolved_attack()  # as the game now stands, or gone: taken back, or its turn over
        self.readings.value = readings_html(s)
        self._refresh_direct()
        self._refresh_setup()
        self.previous_button.layout.display = None if self._previous is not None else "none"
        ui.gate(self.previous_button, None if self._previous is not None else "no game kept aside")
        self._refresh_twice(mine)
        self._build_assign()
        ui.gate(self.preview_button, None if s.started else NO_GAME)
        if s.over or not s.started:  # nothing happens outside a game: undo, redo, or a new game
            keep = {id(self.undo_button), id(self.redo_button), id(self.new_game_button),
                    id(self.previous_button)}
            if s.over:  # and a correction of Mouse Points or a deck, which may change who won
                keep |= {id(b) for b in self.correction_buttons}
            why = self._over_why() if s.over else NO_GAME
            for button in self._all_buttons():
                if id(button) not in keep and not button.disabled:
                    ui.gate(button, why)
                    self._held.append(button)
        if self.unusable is not None:  # (the walk over every button only then)
            self._lock_if_unusable(self._all_buttons())
        self._refresh_reasons()

    def _refresh_twice(self, mine: list[str]) -> None:
        """Offer, to attack twice, only the turn player's mice the rules let (an ability that lets the mouse
        attack twice used this turn: :func:`~companion.village.game.why_not_twice`, the tracker's rule);
        with none, the picker is off and says why."""
        s = self.state
        refusals = {uid: why_not_twice(s, uid, self.tracker.mouse_card(s.mouse(uid)[1])) for uid in mine}
        allowed = [uid for uid, refused in refusals.items() if refused is None]
        self._refreshing_target = True  # (the battle box is built below)
        try:
            ui.keep_choice(self.twice, [("no mouse", NO_TWICE), *((uid, uid) for uid in allowed)], NO_TWICE)
        finally:
            self._refreshing_target = False
        first = next(iter(refusals.values()), None)
        ui.gate(self.twice, None if allowed or not mine else
                off_reason(first) if len(mine) == 1 else
                f"no mouse has used an ability that lets it attack twice this turn ({CITE_BATTLE}; "
                f"{CITE_TURN}, Step 4; {CITE_ABILITY})")

    def _refresh_setup(self) -> None:
        """The New game boxes take the game on show's players and house reading, once for each game (a
        rematch is logged under the same names; what was typed stays while the game is the same)."""
        s = self.state
        if not s.started:
            return
        key = (s.seed, tuple(p.name for p in s.players), s.fruit_reading)
        if key == self._setup_for:
            return
        self._setup_for = key
        for box, pl in zip(self.names, s.players, strict=True):
            box.value = pl.name
        self.fruit_reading.value = s.fruit_reading

    def _build_assign(self) -> None:
        """One defender choice per attacking mouse of the turn player, and a second one for the
        mouse a card lets attack twice; the choices made stay while their mice are there."""
        s = self.state
        mine = [m.uid for m in s.players[s.current].field] if s.started else []
        theirs = [m.uid for m in s.players[1 - s.current].field] if s.started else []
        old = {uid: dd.value for uid, dd in self.assign.items()}
        old2 = self.assign2.value if self.assign2 is not None else None

        def choice(label: str, value: Any) -> w.Dropdown:
            dd = w.Dropdown(options=[NO_ATTACK, UNDEFENDED, *theirs], description=label,
                            style={"description_width": "initial"},
                            layout=w.Layout(width="480px", height=ui.BUTTON_HEIGHT))
            if value in dd.options:
                dd.value = value
            dd.add_class("cmp-village-assign")
            dd.observe(lambda _c: self._assigned(), names="value")
            return dd

        self.assign = {uid: choice(uid, old.get(uid)) for uid in mine}
        twice = self.twice.value if self.twice.value in mine else NO_TWICE
        self.assign2 = choice(f"{twice} (2nd attack: a card allows it)", old2) if twice else None
        boxes = list(self.assign.values()) + ([self.assign2] if self.assign2 is not None else [])
        self.assign_box.children = boxes or [w.HTML("<i>The turn player has no mice on the field.</i>")]
        self._label_resolve()

    def _target_picked(self) -> None:
        """The user chose a mouse: it stays chosen this turn (an opponent's, for an Item that
        equips one), whatever mice come onto the field."""
        self._target_chosen = True
        mouse = self._selected_mouse()  # (once: passed down to what reads it)
        with self._gating_later():
            self._fill_abilities(mouse)
            self._refresh_effects(mouse)
        self._regate("target", mouse=mouse)

    def _refresh_target(self, options: list[str], mine: list[str]) -> None:
        """Offer every mouse on the field and keep the one selected while it is there; the turn
        player's newest mouse is chosen only when it is gone or a new turn begins."""
        keep, turn = self.target.value, self.state.turn
        chosen = self._target_chosen and self._target_turn == turn  # by the user, this turn
        if keep in options and self._target_turn == turn and (chosen or keep in mine or not mine):
            value = keep
        else:
            value = mine[-1] if mine else None  # (an opponent's mouse only when chosen: never left over)
            self._target_chosen = False
        self._refreshing_target = True  # no ability refill for a passing value
        try:
            if list(self.target.options) != options:
                self.target.options = options
            self.target.value = value
        finally:
            self._refreshing_target = False
        self._target_turn = turn
