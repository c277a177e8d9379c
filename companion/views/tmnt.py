"""TMNT TCG views: the attack builder and the game tracker, sized for a tablet beside the table.

:class:`AttackBuilder` checks a Character and up to 3 Attack cards (from the card database
or typed in as Attribute and Power) and shows the verdict with reasons and the Forward
Step result. :class:`GameTracker` keeps both players' Block Zones, hand, Deck and Trash
counts through the phases, computes the Adjust Phase draw, and autosaves every action to
``<user data>/logs/tmnt.jsonl`` (undo, redo, resume after a restart). :func:`tmnt_page`
puts both on one page.

CSS classes for browser tests:
``cmp-tmnt-character``, ``cmp-tmnt-attack-1`` .. ``cmp-tmnt-attack-3``, ``cmp-tmnt-counter``
(card pickers), ``cmp-tmnt-power-bonus`` (+N Power from Items or card text),
``cmp-tmnt-attack-card-power`` (house reading: does an Attack card on the 1st Block Zone count its
own Power?), ``cmp-tmnt-blocks``, ``cmp-tmnt-face-up-1`` .. ``-4`` (the
defender's Block cards), ``cmp-tmnt-resolve`` (button), ``cmp-tmnt-result`` (verdict and damage);
tracker: ``cmp-tmnt-tracker``, ``cmp-tmnt-new-game``, ``cmp-tmnt-new-attack-card-power`` (the
same house reading, chosen for the whole game), ``cmp-tmnt-phase``, ``cmp-tmnt-next``,
``cmp-tmnt-undo``, ``cmp-tmnt-redo``, ``cmp-tmnt-status``, ``cmp-tmnt-adjust``,
``cmp-tmnt-zone-P-Z`` (player P = 1/2, Block Zone Z = 1-4; click to correct),
``cmp-tmnt-flip-character`` / ``-attack`` / ``-item`` / ``-event``, ``cmp-tmnt-play-event``,
``cmp-tmnt-play-item``, ``cmp-tmnt-record-attack``, ``cmp-tmnt-keep-attacker``,
``cmp-tmnt-keep-defender``, ``cmp-tmnt-result-step``, ``cmp-tmnt-correct`` (with the boxes
``cmp-tmnt-correct-items`` and ``cmp-tmnt-correct-reason``; ``cmp-tmnt-correct-off``: why it is off),
``cmp-tmnt-attacks-off`` (the tracker's builder: why Attack 1-3 are off, an Attack card on the 1st
Block Zone), ``cmp-tmnt-counter-off`` (why Counter is off: no Attack card placed, so the Counter Step
is skipped), ``cmp-tmnt-character-mismatch`` (the builder's warning when its character is not the card
the tracker names on the 1st Block Zone),
``cmp-tmnt-load-problems`` (card files of yours left out: the builder's, the tracker's at its top).

A card file of yours that does not load is left out, as every command leaves it out: the pages use the
bundled cards and your other files, and say which file was left out and why.

In the tracker the builder starts each attack with the card the log names on the attacker's 1st Block
Zone (a Character kept there by a Result Step), else with an empty choice that the table must make
before Record; its preview counts both Decks (Game Over said before Record). Record is off while the
builder's panel right above it says why the attack cannot be recorded (no card chosen, a card that is
not the one flipped or named on the 1st Block Zone, an attack that is not legal), and while the hands do
not hold the cards placed from them (more Attack cards than the attacker holds, a Counter from an empty
hand: said under it); the caption under the phase's controls lists only those on show. A correction
(counts, a Block Zone tapped) says what it did under its own buttons; a count being typed in its box
stays through a redraw (a click, another window's write), a box not touched shows the log's count.
Next, the flips and the Event and Item cards refuse when another window wrote
the game since the page was drawn; Record and the Result Step refuse when it started a new game or moved
to another turn (a count corrected meanwhile is no reason: the attack is the table's as shown); a
correction (counts, a Block Zone tapped) refuses when it started a new game (it would land in a game the
player has not seen; the boxes keep what was typed), never for a count or a zone it corrected in the same
game. Undo and Redo say what they took back or brought back, in the words of ``companion tmnt do``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w

from .. import cite, ui
from ..errors import CompanionError, RuleError
from ..eventlog import new_seed
from ..tmnt.attack import (
    ATTRIBUTES,
    KINDS,
    POWER_MAX,
    SEC_ATTACK,
    SEC_COUNTER,
    SEC_FORWARD,
    AttackSpecError,
    BattleCard,
    check_power_bonus,
    deck_to_trash,
    from_card,
    resolve_attack,
)
from ..tmnt.game import (
    COUNT_MAX,
    PHASE_LABELS,
    PHASE_SECTIONS,
    PHASES,
    REASON_MAX,
    START_DECK_MAX,
    START_DECK_MIN,
    Game,
    Mismatch,
    Player,
    TmntTracker,
    adjust_phase,
    attack_event,
    can_attack,
    check_first_card,
    deck_runs_out,
    flip_phase_now,
    redone_line,
    undone_line,
    why_not_card,
    why_not_correct,
    why_not_from_hand,
    why_not_next,
    why_not_reason,
    zone_words,
)
from ..verdict import Verdict, plural, verdict_html
from .cards import show_left_out

ATTR_COLOURS = {"wind": "#4a90c2", "nature": "#3f8f3f", "fire": "#c8432b", "mountain": "#8a6d3b"}
KIND_MARK = {"normal": "", "forceful": " [F]", "counter": " [C]", "forceful-counter": " [F][C]"}
NONE, CUSTOM = "none", "custom"
PICK = "pick"  # the tracker's first choice for the 1st Block card: none yet, the table names it
ZONE_W, ZONE_H = "150px", "64px"
NO_KEEP = 0  # the "no Character" choice (a Dropdown shows a None value as blank)
#: What a tracker action was chosen for: the game (the log line of its start) and its turn (``None``: any
#: turn of that game): :meth:`GameTracker._locked` refuses it once the log holds another.
Chosen = tuple[int | None, int | None]
#: The house reading for an Attack card on the 1st Block Zone (the book is silent): the values
#: are those of the ``start`` event and of ``companion tmnt attack --attack-card-power``.
POWER_READINGS = (("counts its Power", "count"), ("adds no Power", "ignore"))
#: Why the tracker's controls are off that the page says already (its phase line, its status): not said
#: again under the buttons (:meth:`GameTracker._captions`).
NO_GAME = "no game yet: open “New game”"
GAME_OVER = f"the game is over ({cite('tmnt', 'Game Over')})"
UNUSABLE = ui.UNUSABLE
#: Why Apply correction is off (and refused, were it clicked on a page another window made stale): no box
#: differs from the game's count (:meth:`GameTracker._fix_changes`).
NOTHING_TO_FIX = "nothing to correct: Hand, Deck, Trash and Items are as the game has them"
CHANGE_A_COUNT = "Change a count first, then apply."

#: The page's help, collapsed under each tab's title ("How to use this page": ui.help_box), for
#: everyone, then for a notebook only (the command line): the notebook keeps a one-line lead.
TRACKER_HELP = (
    "Both players' four Block Zones (face-down, face-up, empty), hand, Deck and Trash counts, and the "
    "phases (Adjust, Set, Event, Item, Flip, Attack with its Result Step). Press <b>Next phase</b>; "
    "the tracker does the counting: the Adjust Phase draw (hand to 5, then 1 plus 1 per empty Block "
    "Zone; the first player skips it on the first turn), the Set Phase refill, the damage of an attack "
    "(name the card flipped onto the 1st Block Zone before <i>Record attack</i>; the preview says when "
    "a Deck would run out), and the Result Step (its choices name the cards the game knows).",
    "Tap a Block Zone to correct it; open <i>Correct counts</i> for card texts the tracker does not "
    "read (draws, discards, Items).",
    "Every action is saved at once: <b>Undo</b>, <b>Redo</b>, and after a restart the game resumes "
    "where it stopped. The game ends when a Deck runs out (a correction that gives that Deck cards "
    "again takes the game up again). <i>New game</i> also sets a house reading for the whole game: "
    "whether an Attack card flipped onto the 1st Block Zone adds its own Power (the book is silent); "
    "it is recorded in the saved game.",
    "Rules: <i>tmnt-tcg.txt</i>, Game Flow and Attack Phase, with the project's rulings. Bundled cards "
    "are <b>demo</b> cards, not official ones.",
)
TRACKER_HELP_NOTEBOOK = ("On the command line, a saved game: <code>companion tmnt replay LOG</code>.",)
BUILDER_HELP = (
    "Pick the card on the 1st Block Zone and up to three Attack cards (from the card database, or "
    "<i>Custom…</i> with Attribute and Power), any <b>+N Power</b> from Items or card text, the "
    "defender's Counter and Block cards (face-up ones counted from the 1st Block card, an empty Block "
    "Zone holding none).",
    "The builder checks the Attack Step rules with a reason for each refusal and shows the damage, the "
    "Block cards flipped and the cards sent from Deck to Trash. With an Attack card on the 1st Block "
    "Zone it offers the house reading for its Power (the book is silent).",
)
BUILDER_HELP_NOTEBOOK = (
    "The same check on the command line: <code>companion tmnt attack --character wind:3 --attack fire:2 "
    "--attack nature:1 --attack mountain:3:forceful --counter 2</code> (<code>--attack-card-power "
    "ignore</code> for the other house reading, <code>--power-bonus N</code> for Items or card text, "
    "<code>--empty-zones 1</code> to name Block Zones).",
)


def attack_card_power_toggle(css: str) -> w.ToggleButtons:
    """The house-reading choice: does an Attack card on the 1st Block Zone count its own Power?"""
    toggle = w.ToggleButtons(options=POWER_READINGS, value="count",
                             description="Attack card on the 1st Block Zone",
                             style={"description_width": "initial", "button_width": "auto"},
                             tooltip=f"House reading, the book is silent ({cite('tmnt', SEC_FORWARD)})")
    toggle.add_class(css)
    return toggle


def _load_cards() -> tuple[list[Any], dict[str, list[str]]]:
    """The TMNT cards as a list, and the card files of yours left out because they do not load, with
    their errors (:func:`~companion.cards.load_what_loads`: no cards when even the bundled ones do not
    load; the builder still works with Custom…)."""
    from ..cards import load_what_loads

    db, skipped = load_what_loads("tmnt")
    return list(db), skipped


def _load_problems(left_out: Mapping[str, list[str]]) -> w.HTML:
    """The panel saying which card files of yours were left out, and why (empty when none was)."""
    panel = w.HTML()
    panel.add_class("cmp-tmnt-load-problems")
    show_left_out(panel, "tmnt", left_out)
    return panel


def _card_label(card: Any) -> str:
    b = from_card(card)
    power = "?" if b.power is None else b.power
    mark = KIND_MARK.get(b.kind, "") if b.type == "attack" else ""
    demo = " (demo)" if card.is_demo else ""
    return f"{card.name} — {b.attribute or '?'} {power}{mark}{demo}"


class CardSlot:
    """One card place: a picker (cards, Custom…, or none) and, for Custom, Attribute/Power/kind.
    ``ask``: the 1st Block card starts as an empty choice (:data:`PICK`) that the table must make
    (the tracker's), not as the first card of the list."""

    def __init__(self, label: str, cards: list[Any], role: str, css: str, *, ask: bool = False) -> None:
        self.role = role
        self.cards = {c.id: c for c in cards}
        if role == "character":
            pool = [c for c in cards if c.type == "character"] + [c for c in cards if c.type == "attack"]
        elif role == "counter":
            pool = [c for c in cards if c.type == "attack"
                    and c.get("attack_kind") in ("counter", "forceful-counter")]
        else:
            pool = [c for c in cards if c.type == "attack"]
        first = ([("— choose the card flipped —", PICK)] if ask else []) if role == "character" \
            else [("— none —", NONE)]
        options = [*first, ("Custom…", CUSTOM)]
        options += [(_card_label(c), c.id) for c in pool]
        self._all_options = options  # (:meth:`offer` narrows them to the type of card flipped)
        self._types = {c.id: c.type for c in pool}
        self.pick = w.Dropdown(options=options, description=label, style={"description_width": "110px"},
                               layout=w.Layout(width="560px", max_width="100%", height="40px"))
        self.pick.add_class(css)  # (wide enough for a long card name, its stats and "(demo)" at 1280 px)
        self.attr = w.Dropdown(options=[a.title() for a in ATTRIBUTES], layout=w.Layout(width="120px"))
        # (not a bounded box: a Power past the limit is refused with the limit, never clamped silently)
        self.power = w.IntText(value=3 if role == "character" else 2, description="Power",
                               tooltip=f"0 to {POWER_MAX}, as on the command line",
                               layout=w.Layout(width="140px"), style={"description_width": "50px"})
        kinds = (["character", "attack"] if role == "character"
                 else list(KINDS) if role == "attack" else ["counter", "forceful-counter"])
        self.kind = w.Dropdown(options=kinds, layout=w.Layout(width="170px"))
        self._all_kinds = kinds
        self.custom = w.HBox([self.attr, self.power, self.kind], layout=w.Layout(margin="0 0 0 110px"))
        self.box = w.VBox([self.pick, self.custom])
        self.pick.observe(lambda _c: self._show_custom(), "value")
        self.default = (PICK if ask else pool[0].id if pool else CUSTOM) if role == "character" else NONE
        self.pick.value = self.default
        self._show_custom()

    def _show_custom(self) -> None:
        self.custom.layout.display = "flex" if self.pick.value == CUSTOM else "none"

    def offer(self, flipped: str | None) -> None:
        """Offer only the cards of the type ``flipped`` onto the 1st Block Zone (``"attack"``: Attack
        cards; ``None``, not known: every card), in the list and as Custom…'s type: a card the rules do
        not allow there is not offered (the tracker's 1st Block card). The card chosen stays if offered."""
        keep = (lambda v: v in (NONE, PICK, CUSTOM) or self._types.get(v) == flipped) if flipped else None
        options = [(label, v) for label, v in self._all_options if keep is None or keep(v)]
        kinds = [k for k in self._all_kinds if flipped is None or k == flipped] or self._all_kinds
        ui.keep_choice(self.kind, kinds, kinds[0])
        ui.keep_choice(self.pick, options, self.default)

    def observe(self, fn: Callable[[Any], None]) -> None:
        for widget in (self.pick, self.attr, self.power, self.kind):
            widget.observe(fn, "value")

    def choose(self, card: BattleCard) -> None:
        """Show ``card``: the card of the list that is the same card (type, name, Attribute, Power,
        kind), else Custom… with its Attribute, Power and type (values not known stay as they are)."""
        def same(c: Any) -> bool:
            b = from_card(c)
            stats = (card.type, card.attribute, card.power, card.kind)
            return ((b.type, b.attribute, b.power, b.kind) == stats
                    and (not card.name or b.name.strip().casefold() == card.name.strip().casefold()))

        options = {v for _label, v in self.pick.options}
        found = next((cid for cid, c in self.cards.items() if cid in options and same(c)), None)
        if found is not None:
            self.pick.value = found
            return
        # the Custom fields first, then the pick: the builder redraws on the pick, and must then read
        # this card's Power, never a bad one left in the box
        if card.attribute in ATTRIBUTES:
            self.attr.value = card.attribute.title()
        if card.power is not None and 0 <= card.power <= POWER_MAX:
            self.power.value = card.power
        kind = card.type if self.role == "character" else card.kind
        if kind in self.kind.options:
            self.kind.value = kind
        self.pick.value = CUSTOM

    def card(self) -> BattleCard | None:
        """The card chosen; ``None``: none (or, for the tracker's 1st Block card, not chosen yet)."""
        if self.pick.value in (NONE, PICK):
            return None
        if self.pick.value == CUSTOM:
            attr = str(self.attr.value).lower()
            if not 0 <= int(self.power.value) <= POWER_MAX:
                raise AttackSpecError(f"Power must be 0 to {POWER_MAX} (as on the command line), not "
                                      f"{self.power.value}", where=str(self.pick.description))
            if self.role == "character":
                return BattleCard(str(self.kind.value), attr, int(self.power.value))
            return BattleCard("attack", attr, int(self.power.value), str(self.kind.value))
        return from_card(self.cards[self.pick.value])



def _skip_step(slots: Sequence[Any], note: Any, off: str, reason: str | None) -> None:
    """The boxes (``slots``) of a step the rules skip now (``reason``; ``None``: not skipped) emptied and
    off, and why said under them in ``note`` ("Counter is off: ..."); on again otherwise."""
    for slot in slots:
        if reason is not None and slot.pick.value != NONE:
            slot.pick.value = NONE
        ui.gate(slot.pick, reason)
    note.value = (f"<small style='color:{ui.COLOURS['muted']}'>{off}: {html.escape(reason)}.</small>"
                  if reason else "")

class AttackBuilder:
    """Attack Step check, Counter Step and Forward Step for one attack, recomputed on every change."""

    def __init__(self, cards: list[Any] | None = None, *, in_tracker: bool = False,
                 left_out: Mapping[str, list[str]] | None = None) -> None:
        """``cards``: the cards to offer (default: the card data, your files that do not load left out
        and said in :attr:`cards_note`); ``left_out``: with ``cards``, the files left out, to say."""
        if cards is None:
            cards, left_out = _load_cards()
        self.character = CardSlot("1st Block card", cards, "character", "cmp-tmnt-character", ask=in_tracker)
        self.attacks = [CardSlot(f"Attack {i}", cards, "attack", f"cmp-tmnt-attack-{i}") for i in (1, 2, 3)]
        self.counter = CardSlot("Counter", cards, "counter", "cmp-tmnt-counter")
        self.zone_numbers: list[int] | None = None  # the defender's Block Zones, when in the tracker
        self.attacker: Player | None = None  # the attacking player, when in the tracker (its named card)
        self.defender: Player | None = None  # the defending player, when in the tracker (its Deck)
        self.mismatch = w.HTML()  # the character chosen is not the card the tracker names on the Zone
        #: called after every update of the verdict (the tracker turns Record on or off with it)
        self.on_update: Callable[[], None] | None = None
        self.verdict: Verdict | None = None
        #: the error the last update showed in :attr:`result` (a Power out of range in a card place or in
        #: +N Power; ``None``: none): the tracker turns Record off with it, and on again at the update
        #: that reads the value corrected (every change of a box updates)
        self.error: Exception | None = None
        self.first: BattleCard | None = None  # the 1st Block card chosen, as last read (None: not read)
        #: why :attr:`first` is not the card on the attacker's 1st Block Zone, as last read
        #: (:func:`~companion.tmnt.game.check_first_card`; ``None``: it is, or none to check)
        self.not_first: RuleError | None = None
        self.mismatch.add_class("cmp-tmnt-character-mismatch")
        self.in_tracker = in_tracker
        #: why the Attack 1-3 boxes are off (the tracker's, an Attack card on the 1st Block Zone)
        self.attacks_off = w.HTML()
        self.attacks_off.add_class("cmp-tmnt-attacks-off")
        #: why the Counter box is off (no Attack card placed: the Counter Step is skipped)
        self.counter_off = w.HTML()
        self.counter_off.add_class("cmp-tmnt-counter-off")
        self._updating = False  # (an update that empties the Attack boxes does not start another)
        self.attack_card_power = attack_card_power_toggle("cmp-tmnt-attack-card-power")
        self.power_reading = w.VBox([self.attack_card_power, w.HTML(
            "<small><i>House reading: the book skips the Attack Step for an Attack card on the 1st Block "
            f"Zone and does not say whether its Power counts ({cite('tmnt', SEC_FORWARD)}).</i></small>")])
        self.power_bonus = w.IntText(value=0, description="+N Power", style={"description_width": "110px"},
                                     tooltip="Power that Items or card texts add to the total: 0 to "
                                             f"{POWER_MAX} (as 'companion tmnt attack --power-bonus')",
                                     layout=w.Layout(width="220px"))
        self.power_bonus.add_class("cmp-tmnt-power-bonus")
        bonus_box = w.HBox([self.power_bonus, w.HTML(
            f"<small>&nbsp;from Items/card text (0 to {POWER_MAX}; the tracker does not read card "
            "texts)</small>")])
        self.blocks = ui.stepper("Defender's Block cards", 4, min=0, max=4)
        self.blocks.add_class("cmp-tmnt-blocks")
        self.face_up = [w.ToggleButton(description=f"{_nth(i)} card face-up", value=False,
                                       tooltip=f"The defender's {_nth(i)} Block card, counted from the 1st "
                                               "Block card: with an empty Block Zone before it, not Block "
                                               f"Zone {i}",
                                       layout=w.Layout(width="auto", min_width="150px",
                                                       height=ui.BUTTON_HEIGHT))
                        for i in (1, 2, 3, 4)]
        for i, b in enumerate(self.face_up, start=1):
            b.add_class(f"cmp-tmnt-face-up-{i}")
        self.resolve = ui.big_button("Resolve attack", style="primary", icon="bolt")
        self.resolve.add_class("cmp-tmnt-resolve")
        self.result = w.HTML()
        self.result.add_class("cmp-tmnt-result")
        self.cards_note = _load_problems(left_out or {})
        defender = w.VBox([self.blocks.box, w.HTML(
            "<small>Already face-up (they still count when flipping): Block cards counted from the 1st "
            "Block card, an empty Block Zone holding none; the same as Block Zone numbers when no Zone is "
            f"empty ({cite('tmnt', SEC_FORWARD)}).</small>"), w.HBox(self.face_up)])
        if in_tracker:
            defender.layout.display = "none"
        self.widget = w.VBox([
            self.cards_note,
            w.HTML("<b>Attacker</b>"), self.character.box, self.mismatch, self.power_reading,
            *(s.box for s in self.attacks), self.attacks_off, bonus_box,
            w.HTML("<b>Defender</b>"), self.counter.box, self.counter_off, defender,
            self.resolve, self.result])
        self.widget.add_class("cmp-tmnt-builder")
        for slot in (self.character, *self.attacks, self.counter):
            slot.observe(lambda _c: self.update())
        self.blocks.observe(lambda _c: self.update(), "value")
        self.attack_card_power.observe(lambda _c: self.update(), "value")
        self.power_bonus.observe(lambda _c: self.update(), "value")
        for b in self.face_up:
            b.observe(lambda _c: self.update(), "value")
        self.resolve.on_click(lambda _b: self.update())
        self.update()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def chosen(self) -> tuple[BattleCard, list[BattleCard], BattleCard | None]:
        """The cards chosen; refused while the 1st Block card is not chosen (the tracker's empty choice)."""
        first = self.character.card()
        if first is None:
            raise CompanionError("choose the card on the 1st Block Zone first",
                                 cite=cite("tmnt", SEC_ATTACK), suggestion=PICK_FIRST)
        return first, [c for c in (s.card() for s in self.attacks) if c is not None], self.counter.card()

    def clear(self) -> None:
        """Every card place as on a fresh builder: a new attack (another turn, the other player's
        cards) starts with no Attack or Counter card of the last one."""
        for slot in (self.character, *self.attacks, self.counter):
            slot.pick.value = slot.default
        self.power_bonus.value = 0

    def bonus(self) -> int:
        """The Power from Items or card text typed in: 0 to :data:`POWER_MAX`, else refused with the limit."""
        return check_power_bonus(int(self.power_bonus.value), where="+N Power")

    def set_defender(self, blocks: int, face_up: list[int], *, zones: list[int] | None = None,
                     defender: Player | None = None) -> None:
        """Used by the tracker: the defender's Block cards come from the table state; ``zones``: the
        Block Zone (1-4) each of them is on, from the 1st (an empty Zone holds none), which the
        result then names; ``defender``: the defending player, whose Deck the preview counts (as the
        attacker's: :attr:`attacker`)."""
        self.zone_numbers = list(zones) if zones is not None else None
        self.defender = defender
        self.blocks.value = blocks
        for i, b in enumerate(self.face_up, start=1):
            b.value = i in face_up
        self.update()

    def update(self) -> None:
        """Work the attack out again and show it; :attr:`verdict` is ``None`` while there is none (no
        1st Block card chosen yet, or a card place that cannot be read, its error shown instead). Then
        :attr:`on_update`, whatever the update found (the empty choice too: Record goes off with it)."""
        if self._updating:  # (the Attack boxes emptied by this update: it reads them next)
            return
        self._updating = True
        try:
            self._update()
        finally:
            self._updating = False

    def _skip_attack_step(self, first: BattleCard | None) -> bool:
        """In the tracker, an Attack card on the 1st Block Zone (flipped, or the card chosen) skips the
        Attack Step: the Attack 1-3 boxes are emptied and off, and why is said under them. Returns whether
        it is skipped."""
        flipped = self.attacker.zones[0].kind if self.attacker is not None else None
        skipped = self.in_tracker and (flipped == "attack" or (first is not None and first.type == "attack"))
        reason = (f"an Attack card is on the 1st Block Zone, so the Attack Step is skipped: no Attack "
                  f"cards are placed ({cite('tmnt', SEC_ATTACK)})") if skipped else None
        _skip_step(self.attacks, self.attacks_off, "Attack 1-3 are off", reason)
        return skipped

    def _skip_counter_step(self, placed: bool) -> None:
        """With no Attack card placed the Counter Step is skipped (tmnt-tcg.txt, Attack Phase (2) Counter
        Step): the Counter box is emptied and off, and why is said under it, as Attack 1-3 are when the
        Attack Step is skipped; choosing one then only made the attack illegal."""
        reason = None if placed else (f"no Attack card is placed, so the Counter Step is skipped "
                                      f"({cite('tmnt', SEC_COUNTER)})")
        _skip_step([self.counter], self.counter_off, "Counter is off", reason)

    def _update(self) -> None:
        """:meth:`update`'s work, one at a time."""
        self.verdict = self.first = self.not_first = self.error = None
        try:
            first = self.character.card()  # (each card place read once)
            self.first = first
            skipped = self._skip_attack_step(first)
            other_power = None  # (the card the tracker names, with another Power: said, not refused)
            if first is not None and self.attacker is not None:
                self.not_first, other_power = check_first_card(self.attacker, first)
            # (said before the other places are read: one that cannot be read leaves it right)
            self.mismatch.value = _mismatch_html(self.not_first, other_power)
            if first is None:  # the tracker's empty choice: nothing to work out yet
                if skipped:  # (an Attack card flipped: no Attack card will be placed, so no Counter either)
                    self._skip_counter_step(False)
                self.power_reading.layout.display = "none"
                self.result.value = ui.panel_html("info", "Choose the card on the 1st Block Zone",
                                                  [PICK_FIRST])
                return
            picked = [s.card() for s in self.attacks]  # (None: an Attack place left empty)
            attacks = [c for c in picked if c is not None]
            self._skip_counter_step(bool(attacks))
            counter = self.counter.card()
            blocks = int(self.blocks.value)
            for i, b in enumerate(self.face_up, start=1):
                b.disabled = i > blocks
            face_up = [i for i, b in enumerate(self.face_up, start=1) if b.value and i <= blocks]
            self.power_reading.layout.display = "flex" if first.type == "attack" else "none"
            verdict = resolve_attack(first, attacks, counter, blocks=blocks, face_up=face_up,
                                     power_bonus=self.bonus(),
                                     attack_card_power=self.attack_card_power.value == "count",
                                     defender_deck=self.defender.deck if self.defender else None,
                                     attacker_deck=self.attacker.deck if self.attacker else None,
                                     zones=self.zone_numbers,
                                     slots=[k for k, c in enumerate(picked, 1) if c is not None])
            self.verdict = verdict
            names = {"attacker": self.attacker.name if self.attacker else "the attacker",
                     "defender": self.defender.name if self.defender else "the defender"}
            # (a card that is not the one on the 1st Block Zone: its red panel above says why Record is
            # off, and no green verdict for an attack that cannot be recorded beside it)
            self.result.value = ("" if self.not_first is not None
                                 else _result_html(verdict, blocks, face_up, self.zone_numbers, names))
        except Exception as exc:  # shown, never raised into the widget callback
            self.error = exc
            ui.show_error(self.result, exc)
        finally:  # (after the early return of the empty choice too)
            if self.on_update is not None:
                self.on_update()


PICK_FIRST = ("Pick the card flipped onto the 1st Block Zone (or Custom… with its Attribute and Power), "
              "then Record.")
#: Why Record is off while the builder's panel right above it says why the attack cannot be recorded:
#: its tooltip, not said again under it (:meth:`GameTracker._captions`).
RECORD_PICK_FIRST = ("Pick the card flipped onto the 1st Block Zone first: its name, or Custom… with its "
                     "Attribute and Power")
RECORD_NOT_LEGAL = "the attack is not legal: its problems are listed right above"
RECORD_NOT_FIRST = "not the card on the 1st Block Zone: why is said right above"
#: Why Record is off while a value in the builder cannot be used (a Power out of range): its red panel right
#: above says which and why; Record comes back on with the update that reads the value corrected.
RECORD_NOT_READ = "a value in the attack cannot be used: the error is shown right above"
#: Why Record is off while a card of unknown Power is chosen (a card file's ``null``: never guessed): said
#: under it, as the tracker would refuse it (tmnt-tcg.txt, Attack Phase (3) Forward Step).
RECORD_NO_POWER = ("the damage needs every card's Power, and a card chosen has none in the card data: "
                   f"choose Custom… with its Power instead ({cite('tmnt', SEC_FORWARD)})")


def _mismatch_html(refused: RuleError | None, found: Mismatch | None) -> str:
    """Why the card chosen is not the card on the attacker's 1st Block Zone, when it is not: not the type of
    card flipped there, or not the card the tracker names there (``refused``: Record is off), or another
    Power for it (``found``: recorded and said), as :func:`~companion.tmnt.game.check_first_card` found
    them; ``""`` when it is (or nothing was checked: outside the tracker, no card chosen)."""
    if refused is not None:
        return ui.panel_html("error", "Not the card on the 1st Block Zone: Record attack is off",
                             [x for x in (refused.message, refused.suggestion, refused.cite) if x])
    if found is None:
        return ""
    return ui.panel_html("warn", "Not the Power recorded for this card",
                         [found.message, found.suggestion, cite("tmnt", SEC_ATTACK)])


def _result_html(verdict: Verdict, blocks: int, face_up: list[int], zones: list[int] | None = None,
                 names: dict[str, str] | None = None) -> str:
    """The verdict with the Forward Step's numbers and a tile per Block card: named by its Block Zone
    when ``zones`` says which Zone each is on (the tracker's), else by its place from the 1st. When
    the Deck counts are known (the tracker's) and the cards due empty a Deck, it says so before Record,
    as ``companion tmnt attack --defender-deck N`` does (``names``: the players, to say who loses)."""
    x = verdict.extra
    parts = []
    if x.get("damage") is not None:
        newly = set(x["newly_face_up_blocks"])  # (places from the 1st Block card)
        tiles = []
        for pos in range(1, blocks + 1):
            name = f"Block Zone {zones[pos - 1]}" if zones and pos <= len(zones) else f"Block {pos}"
            if pos in newly:
                tiles.append(ui.card_tile(name, "flipped face-up", "", colour="#b3261e"))
            elif pos <= x["blocks_flipped"]:
                tiles.append(ui.card_tile(name, "already face-up (counts)", "", colour="#9a6700"))
            elif pos in face_up:
                tiles.append(ui.card_tile(name, "face-up, not reached", "", colour="#9a6700"))
            else:
                tiles.append(ui.card_tile(name, "untouched", "", colour="#5f6368"))
        parts.append(
            f"<div style='font-size:22px;margin:6px 0'>{_damage_headline(x)}</div>"
            f"<div>Block cards flipped: <b>{x['blocks_flipped']}</b> · defender Deck → Trash: "
            f"<b>{_sent(x, 'defender')}</b> · attacker Deck → Trash: <b>{_sent(x, 'attacker')}</b></div>"
            f"<div>{''.join(tiles)}</div>")
        if x.get("loser"):
            parts.append(ui.panel_html("error", _game_over_said(x, names or {})))
    return "".join(parts) + verdict_html(verdict)


def _damage_headline(x: dict[str, Any]) -> str:
    """``Damage 3 = 5 − 2``; when the Counter is larger than the total, no false sum: damage is 0 and
    the attacker sends the difference from its Deck to the Trash (tmnt-tcg.txt, Forward Step)."""
    total, counter, bonus = x["total_power"], x["counter_power"], x.get("power_bonus") or 0
    items = f"+{bonus} from Items/card text"
    if counter > total:
        return (f"<b>Damage 0</b> (Counter {counter} &gt; total {total}" + (f", {items}" if bonus else "")
                + f": the attacker sends {plural(counter - total, 'card')} from its Deck to the Trash) "
                f"<small><i>{cite('tmnt', SEC_FORWARD)}</i></small>")
    summed = f"{total - bonus} {items}" if bonus else f"{total}"
    return f"<b>Damage {x['damage']}</b> = {summed} − {counter}"


def _sent(x: dict[str, Any], who: str) -> str:
    """The cards ``who`` sends from Deck to Trash (:func:`deck_to_trash`), and Game Over when its Deck
    runs out."""
    return deck_to_trash(x, who) + (": Game Over" if x.get("loser") == who else "")


def _game_over_said(x: dict[str, Any], names: dict[str, str]) -> str:
    """The Game Over an attack previewed would bring, said before it is recorded (tmnt-tcg.txt, Game Over)."""
    loser = x["loser"]
    winner = "attacker" if loser == "defender" else "defender"
    who, other = names.get(loser, f"the {loser}"), names.get(winner, f"the {winner}")
    return (f"Game Over if recorded: {who} must send {plural(x['due'], 'card')} from the Deck to the Trash "
            f"and the Deck holds {x['sent']}: it sends its whole Deck ({x['sent']} of {x['due']} due), runs "
            f"out, and {who} loses; {other} wins ({cite('tmnt', 'Game Over')}).")


# -- the game tracker ----------------------------------------------------------------------------------

def default_log() -> Path:
    """The page's log when it is given none: in the user data folder's logs folder, which is made
    if missing (:func:`~companion.ui.default_log`)."""
    return ui.default_log("tmnt.jsonl")


ZONE_STYLE = {"down": ("#37474f", "white"), "up": ("#fff3c4", "#202124"), "empty": ("#f1f3f4", "#9aa0a6")}
CYCLE = {"down": "up", "up": "empty", "empty": "down"}


class GameTracker(ui.TrackerPage):
    """Both players' Block Zones and counts, the phase stepper and the actions of each phase."""

    def __init__(self, path: str | Path | None = None, cards: list[Any] | None = None,
                 left_out: Mapping[str, list[str]] | None = None) -> None:
        """``cards``: the cards the attack builder offers (default: the card data, your files that do not
        load left out and said at the top, :attr:`load_problems`); ``left_out``: with ``cards``, the
        files left out, to say."""
        self.path = Path(path) if path is not None else default_log()
        if cards is None:
            cards, left_out = _load_cards()
        self.load_problems = _load_problems(left_out or {})
        self.tracker = self.open_tracker(TmntTracker, self.path)
        # the player and game (its start's log line) the correction boxes are for, and the counts the log
        # held at the last redraw, as the boxes show them (:meth:`_load_fix`)
        self._fix_loaded: tuple[tuple[int, int | None], dict[str, int]] = ((-1, None), {})
        self._filling = False  # _load_fix is filling the boxes: Apply correction is gated once, after
        self._renaming = False  # _name_fix_player is renaming the player choices: the player stays
        # the game (its start's log line) and turn whose Result Step choices the keep boxes hold, and
        # whose attack the builder holds: a new game (this window's or another's) starts them empty
        self._keep_key: Chosen | None = None
        self._attack_key: Chosen | None = None
        self._news: tuple[Game, str] | None = None  # what an undo or redo said, and the state it left
        #: the state whose message a correction said under its buttons: not said again in the status
        self._said_below: Game | None = None
        self._drawing = False  # a redraw is under way: it says why controls are off once, at its end
        #: the phase's gated controls on show, as the latest redraw put them (:meth:`_show_actions`)
        self._gated_on_show: tuple[w.Widget, ...] = ()
        self.status = ui.panel()
        self.status.add_class("cmp-tmnt-status")
        # a message panel per section, right under the buttons that act there: a refusal shows next to
        # the control that caused it, the latest click's only (the status, under Next, Undo and Redo, is
        # the phase stepper's, which every redraw rewrites: it is not one of them)
        self.section_messages = ui.SectionMessages()
        said = self.section_messages
        self.setup_msg = said.panel("cmp-tmnt-new-game-message")
        self.action_msg = said.panel("cmp-tmnt-action-message")
        self.zone_msg = said.panel("cmp-tmnt-zone-message")
        self.fix_msg = said.panel("cmp-tmnt-correct-message")
        guard = said.guard(self.status)

        # new game
        self.names = [w.Text(value=f"Player {i}", description=f"Player {i}",
                             layout=w.Layout(width="260px")) for i in (1, 2)]
        self.first = w.ToggleButtons(options=[("Player 1 first", 0), ("Player 2 first", 1),
                                              ("Coin toss", -1)], value=-1, style={"button_width": "auto"})
        # the number boxes take the tracker's own limits, so a box never clamps a count the log holds
        self.deck_size = w.BoundedIntText(value=40, min=START_DECK_MIN, max=START_DECK_MAX,
                                          description="Deck", layout=w.Layout(width="150px"))
        self.power_rule = attack_card_power_toggle("cmp-tmnt-new-attack-card-power")
        self.new_game = ui.big_button("New game", style="success", icon="play")
        self.new_game.add_class("cmp-tmnt-new-game")
        self.new_game.on_click(said.guard(self.setup_msg)(lambda _b: self._start()))
        setup = w.VBox([w.HBox(self.names), w.HBox([self.first, self.deck_size]), self.power_rule,
                        w.HTML("<small><i>House reading for the whole game: the book does not say whether "
                               "an Attack card flipped onto the 1st Block Zone adds its own Power "
                               f"({cite('tmnt', SEC_FORWARD)}).</i></small>"), self.new_game,
                        self.setup_msg])

        # phase stepper
        self.phase = w.HTML()
        self.phase.add_class("cmp-tmnt-phase")
        self.next = ui.big_button("Next phase ▸", style="primary")
        self.next.add_class("cmp-tmnt-next")
        self.undo = ui.big_button("Undo", icon="undo", repeatable=True)
        self.undo.add_class("cmp-tmnt-undo")
        self.redo = ui.big_button("Redo", icon="repeat", repeatable=True)
        self.redo.add_class("cmp-tmnt-redo")
        self.next.on_click(guard(lambda _b: self._on_show({"event": "next"}, "Next phase")))
        self.undo.on_click(guard(lambda _b: self._undo()))
        self.redo.on_click(guard(lambda _b: self._redo()))
        #: why Next is off, in words a touch screen shows (its tooltip says it too: ui.gate)
        self.next_off = w.HTML()
        self.next_off.add_class("cmp-tmnt-next-off")
        self.adjust = w.HTML()
        self.adjust.add_class("cmp-tmnt-adjust")

        # boards
        self.zones: list[list[w.Button]] = []
        self.counts: list[w.HTML] = []
        self.headers: list[w.HTML] = []
        boards = []
        zone_guard = said.guard(self.zone_msg)
        for p in (0, 1):
            row = []
            for z in range(4):
                # (a correction: a double tap moves the zone on once, as any action button acts once)
                b = ui.ActionButton(layout=w.Layout(width="auto", min_width=ZONE_W, height=ZONE_H),
                                    tooltip="Click to correct: face-down → face-up → empty")
                b.add_class(f"cmp-tmnt-zone-{p + 1}-{z + 1}")
                b.on_click(zone_guard(lambda _b, p=p, z=z: self._cycle_zone(p, z)))
                row.append(b)
            self.zones.append(row)
            self.headers.append(w.HTML())
            self.counts.append(w.HTML())
            boards.append(w.VBox([self.headers[p], w.HBox(row), self.counts[p]],
                                 layout=w.Layout(border="1px solid #ddd", padding="6px", margin="4px")))

        # corrections
        self.fix_player = w.ToggleButtons(options=[("Player 1", 0), ("Player 2", 1)], value=0,
                                          style={"button_width": "auto"})
        self.fix_hand, self.fix_deck, self.fix_trash, self.fix_items = (
            w.BoundedIntText(min=0, max=COUNT_MAX, description=label, layout=w.Layout(width="150px"))
            for label in ("Hand", "Deck", "Trash", "Items"))
        self.fix_items.add_class("cmp-tmnt-correct-items")
        self.fix_reason = w.Text(placeholder="set by hand", description="Reason",
                                 tooltip=f"Kept with the correction: one line, at most {REASON_MAX} "
                                         "characters",
                                 layout=w.Layout(width="460px"))
        self.fix_reason.add_class("cmp-tmnt-correct-reason")
        self.fix_apply = ui.big_button("Apply correction")
        self.fix_apply.add_class("cmp-tmnt-correct")
        self.fix_apply.on_click(said.guard(self.fix_msg)(lambda _b: self._correct()))
        #: why Apply correction is off, in words under it (a touch screen shows no tooltip)
        self.fix_off = w.HTML()
        self.fix_off.add_class("cmp-tmnt-correct-off")
        # (renaming the choices puts the value back: not a player chosen, no box refilled)
        self.fix_player.observe(lambda _c: None if self._renaming else self._load_fix(), "value")
        for box in self._fix_boxes().values():  # Apply correction is on once a box differs from the game
            box.observe(lambda _c: None if self._filling else self._fix_ready(), "value")
        # (and off while the reason typed is one the tracker refuses: on several lines, too long)
        self.fix_reason.observe(lambda _c: None if self._filling else self._fix_ready(), "value")
        corrections = w.Accordion([w.VBox([
            w.HTML("For card texts the tracker does not know (draws, discards, Items): set the counts."),
            self.fix_player, w.HBox([self.fix_hand, self.fix_deck, self.fix_trash, self.fix_items]),
            self.fix_reason, self.fix_apply, self.fix_msg, self.fix_off])])
        corrections.set_title(0, "Correct counts")
        corrections.selected_index = None

        # phase actions
        act = said.guard(self.action_msg)  # (their refusals show under them)
        self.flip_buttons = []
        for kind in ("character", "attack", "item", "event"):
            b = ui.big_button(f"Flipped: {kind.title()}")
            b.add_class(f"cmp-tmnt-flip-{kind}")
            b.on_click(act(lambda _b, kind=kind: self._on_show({"event": "flip", "card": kind},
                                                               f"Flipped: {kind.title()}")))
            self.flip_buttons.append(b)
        self.play_event = ui.big_button("Place an Event card")
        self.play_event.add_class("cmp-tmnt-play-event")
        self.play_event.on_click(act(lambda _b: self._on_show({"event": "play_event"}, "the Event card")))
        self.play_item = ui.big_button("Place an Item card (+1 discard)")
        self.play_item.add_class("cmp-tmnt-play-item")
        self.play_item.on_click(act(lambda _b: self._on_show({"event": "play_item"}, "the Item card")))
        self.builder = AttackBuilder(cards, in_tracker=True)
        self.builder.resolve.layout.display = "none"
        self.record = ui.big_button("Record attack", style="primary", icon="bolt")
        self.record.add_class("cmp-tmnt-record-attack")
        self.record.on_click(act(lambda _b: self._record()))
        self.builder.on_update = self._record_ready
        self.keep = [w.Dropdown(description=d, style={"description_width": "120px"},
                                layout=w.Layout(width="520px", height="40px"))
                     for d in ("Attacker keeps", "Defender keeps")]
        self.keep[0].add_class("cmp-tmnt-keep-attacker")
        self.keep[1].add_class("cmp-tmnt-keep-defender")
        self.result_step = ui.big_button("Apply Result Step", style="warning")
        self.result_step.add_class("cmp-tmnt-result-step")
        self.result_step.on_click(act(lambda _b: self._result_step()))
        self.actions = w.VBox()
        #: why the phase's controls that are off are off, in words (under them)
        self.actions_off = w.HTML()
        self.actions_off.add_class("cmp-tmnt-actions-off")

        self.setup_box = w.Accordion([setup], titles=("New game",), selected_index=None if
                                     self.tracker.state.started else 0)
        self.widget = w.VBox([
            ui.header("TMNT game tracker", "Block Zones, hand and Deck counts, phases. Saved after "
                      "every action.", game="tmnt"),
            ui.help_box(TRACKER_HELP, TRACKER_HELP_NOTEBOOK),
            self.load_problems,
            self.setup_box,
            self.phase, w.HBox([self.next, self.undo, self.redo]), self.status, self.next_off, self.adjust,
            self.actions, *boards, self.zone_msg, corrections])
        self.widget.add_class("cmp-tmnt-tracker")
        self.refresh()
        if not self.show_unusable(self.status):
            self._show_set_aside(self.status, self._state_line())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _state_line(self) -> list[str]:
        s = self.state
        return [f"Turn {s.turn}, {PHASE_LABELS[s.phase]}: {s.message}"] if s.started else []

    @property
    def state(self) -> Game:
        return self.tracker.state

    # -- actions ------------------------------------------------------------------------------
    def _start(self) -> None:
        event: dict[str, Any] = {"event": "start", "players": ui.player_names(self.names),
                                 "deck": int(self.deck_size.value),
                                 "attack_card_power": str(self.power_rule.value)}
        if self.first.value == -1:
            event["seed"] = new_seed()
        else:
            event["first"] = int(self.first.value)

        def start() -> None:
            held = self.state  # (as the log holds it now: the game the new one replaces, if any)
            self.tracker.do(event)
            if held.started:  # said at the top, as Undo's news is: the old game is not gone
                self._news = (self.state, _replaced(held))

        self._run(start)  # (a new game: a new key, so no choice of the last one carries over)
        self.setup_box.selected_index = None

    def _do(self, event: dict[str, Any]) -> None:
        self._run(lambda: self.tracker.do(event))

    def _key(self) -> Chosen:
        """The game on show (the log line of its start) and its turn: what the builder's cards and
        the keep choices were chosen for."""
        return self.tracker.game_line, self.state.turn

    def _game_on_show(self) -> Chosen:
        """The game on show, any of its turns: what a correction was chosen for (:meth:`_locked`)."""
        return self.tracker.game_line, None

    def _locked(self, build: Callable[[], dict[str, Any]], what: str, held: Chosen | None, *,
                said_below: bool = False) -> None:
        """Write the event ``build`` makes from the log as it holds now, read again under its lock
        (:meth:`~companion.ui.TrackerPage._run_locked`), unless the log then holds another game or turn
        than ``held``, the game (its start's log line) and turn ``what`` was chosen for (:meth:`_key`; a
        turn ``None``: any turn of that game, a correction, whose event sends only what it changes;
        ``held`` ``None``: nothing chosen yet to check). Another window's new game (or its start undone,
        or another turn) would make it land in a game the player has not seen: refused as a stale page's
        action is (:meth:`_stale`), the page drawn again as the log holds it. ``said_below``: what the event
        did is said under the buttons that made it (a correction: :meth:`_say_done`), so the redraw's status
        leaves it out (:meth:`_status_message`): the status is drawn once."""
        def write() -> None:
            if held is not None:
                game, turn = held
                if self.tracker.game_line != game or turn not in (None, self.state.turn):
                    raise self._stale(what)
            self.tracker.do(build())
            if said_below:  # (before the redraw, which comes once the lock is let go)
                self._said_below = self.state

        self._run_locked(write)

    @staticmethod
    def _stale(what: str) -> ui.StaleRefusal:
        """The refusal of ``what``, chosen from the game on show, when another window changed it since the
        page was drawn (the page is drawn again: :meth:`~companion.ui.TrackerPage._run_locked`): a
        :class:`~companion.ui.StaleRefusal`, however it is found."""
        return ui.StaleRefusal(f"another window changed the game since this page was drawn: {what} "
                               "was not done, and nothing was recorded",
                               suggestion="The page now shows the game as it is: check it, then press again.")

    def _on_show(self, event: dict[str, Any], what: str) -> None:
        """Write ``event``, an action chosen from the game on show (Next, a flip, an Event or Item card),
        unless another window wrote the log since this page was drawn: checked under the log's lock
        (:meth:`~companion.ui.TrackerPage._run_locked` with ``refuse_stale``), the page is redrawn and
        nothing recorded (a stale Next would end a phase the player has not seen)."""
        self._run_locked(lambda: self.tracker.do(event), refuse_stale=True, stale_error=self._stale(what))

    def _undo(self) -> None:
        """Take back the latest action the page shows; the status says what it was, as ``companion tmnt
        do`` says it (``Undone: …``). Refused when another window wrote the log since the page was drawn
        (the page is drawn again): what would be taken back is then an action the player has not seen."""
        taken = self.state.message if self.state.started else None

        def undo() -> Game:
            state = self.tracker.undo()
            self._news = (state, undone_line(taken))
            return state

        self._run_locked(undo, refuse_stale=True)

    def _redo(self) -> None:
        """Bring back the latest action undone; the status says what it was (``Redone: …``). Refused, as
        :meth:`_undo` is, on a page another window made stale."""
        def redo() -> Game:
            state = self.tracker.redo()
            self._news = (state, redone_line(state.message))
            return state

        self._run_locked(redo, refuse_stale=True)

    def _record_ready(self) -> None:
        """Record is on once the table has chosen the card on the 1st Block Zone (none is chosen for it),
        every value in the builder can be used (a Power out of range: :data:`RECORD_NOT_READ`, off only
        until the update that reads it corrected), that card is the one flipped there
        (:func:`~companion.tmnt.game.check_first_card`, the rule the tracker refuses it by), the builder
        finds the attack legal and works out its damage (a card of unknown Power in the card data has none:
        :data:`RECORD_NO_POWER`), and the hands hold the cards placed from them
        (:func:`~companion.tmnt.game.why_not_from_hand`, said in words under Record): a refusal is not a
        click away, and one the panel above already shows is not said twice."""
        # (what is picked and what the builder's update found of the card it read and of the attack,
        # not card(): a Power out of range must not raise here, in an observer; the error the update
        # showed turns Record off, and the next update, which every change of a box makes, finds it
        # gone once the value is corrected: Record never sticks off)
        b = self.builder
        placed = sum(slot.pick.value != NONE for slot in b.attacks)  # (Custom… is a card placed too)
        hand = why_not_from_hand(self.state, placed, counter=b.counter.pick.value != NONE)
        ui.gate(self.record, RECORD_PICK_FIRST if b.character.pick.value in (NONE, PICK)
                else RECORD_NOT_READ if b.error is not None
                else RECORD_NOT_FIRST if b.not_first is not None
                else RECORD_NOT_LEGAL if b.verdict is not None and not b.verdict.is_legal
                else RECORD_NO_POWER if b.verdict is not None and b.verdict.extra.get("damage") is None
                else _off(self.state, hand))
        if not self._drawing:  # (a redraw says why controls are off at its end)
            self._captions()

    def _record(self) -> None:
        """Record the attack the builder holds, if it was chosen for the game and turn on show (checked
        under the log's lock, no other window writing between the check and the record: :meth:`_locked`)."""
        self._locked(lambda: attack_event(*self.builder.chosen(), power_bonus=self.builder.bonus()),
                     "Record attack", self._attack_key)

    def _result_step(self) -> None:
        """Apply the Result Step with the keep choices, if they were made for the game and turn on show
        (checked under the log's lock, as :meth:`_record`)."""
        self._locked(lambda: {"event": "result", "attacker_keeps": self.keep[0].value or None,
                              "defender_keeps": self.keep[1].value or None},
                     "Apply Result Step", self._keep_key)

    def _cycle_zone(self, p: int, z: int) -> None:
        """The tapped zone takes the face after the one its tile shows; the other zones are sent as
        the log holds them now, so a change another window made is not undone. The log is read and
        the event written under its lock: no other window writes between the read and the write (its
        change would be undone by the zones read before it). Refused when another window started a new
        game meanwhile (:meth:`_locked`)."""
        if not self.state.started:
            raise CompanionError("start a game first")
        player = self.state.players[p]
        face = CYCLE[player.zones[z].face]  # the face on show (the page is current)
        left = _card_left(player, z) if face == "empty" else None

        def build() -> dict[str, Any]:
            if not self.state.started:
                raise CompanionError("start a game first")
            zones = [zz.to_json() for zz in self.state.players[p].zones]
            zones[z] = {"face": face, "kind": None}
            return {"event": "correct", "player": p, "zones": zones, "reason": "tapped on the board"}

        self._locked(build, f"the correction of the {_nth(z + 1)} Block Zone", self._game_on_show(),
                     said_below=True)
        self._say_done([left] if left else [])

    def _say_done(self, lines: list[str] | None = None) -> None:
        """What a correction did, under the buttons that made it (:attr:`section_messages`' current
        panel), and there only: the status at the top, which may be off the screen, does not say it again
        (its redraw left it out: :meth:`_locked`'s ``said_below``). ``lines``: more to say under it."""
        ui.show(self.section_messages.current, "ok", self.state.message, lines or [])

    def _fix_boxes(self) -> dict[str, w.BoundedIntText]:
        return {"hand": self.fix_hand, "deck": self.fix_deck, "trash": self.fix_trash,
                "items": self.fix_items}

    def _load_fix(self) -> None:
        """Show the player's counts in the boxes without losing a correction being typed: every redraw
        (a click, another window's write: :meth:`~companion.ui.TrackerPage.follow_once`) gives a box the
        count the log holds only while it still shows the count it was given (a box the user changed
        keeps theirs); choosing the player, or another game (a new game, here or in another window),
        fills every box. It remembers the counts as the boxes show them: :meth:`_correct` sends only a
        box that differs (were a count ever out of a box's range, the clamped value shown is not a
        change). Apply correction is then gated on the boxes (:meth:`_fix_ready`)."""
        if not self.state.started:
            return
        player = int(self.fix_player.value)
        p = self.state.players[player]
        key = (player, self.tracker.game_line)
        held, loaded = self._fix_loaded
        counts = {}
        self._filling = True  # (the boxes' observers wait: the gate is worked out once they are filled)
        try:
            for name, box in self._fix_boxes().items():
                if held != key or box.value == loaded[name]:
                    box.value = getattr(p, name)
                counts[name] = min(max(getattr(p, name), box.min), box.max)  # (what the box shows of it)
        finally:
            self._filling = False
        self._fix_loaded = (key, counts)
        if not self._drawing:  # (a redraw gates it once, at its end)
            self._fix_ready()

    def _fix_changes(self) -> dict[str, int]:
        """The counts the boxes change (those that differ from the game's, as :meth:`_load_fix` filled
        them; none: :data:`NOTHING_TO_FIX`): what Apply correction sends. Raises when the boxes cannot be
        read for it: no game yet, boxes not filled for the player chosen."""
        if not self.state.started:
            raise CompanionError("start a game first")
        (loaded_for, _game), loaded = self._fix_loaded
        if loaded_for != int(self.fix_player.value):  # choosing the player fills the boxes: not expected
            raise CompanionError("the boxes do not show this player's counts",
                                 suggestion="Choose the player again, then change a count.")
        return {k: int(b.value) for k, b in self._fix_boxes().items() if loaded[k] != b.value}

    def _fix_ready(self) -> None:
        """Apply correction is on only when a correction can be made (:func:`~companion.tmnt.game.
        why_not_correct`: a game), a box differs from the game's count (:meth:`_fix_changes`) and the
        reason typed is one the tracker takes (:func:`~companion.tmnt.game.why_not_reason`); why not is
        said under it. Recomputed on every redraw and as a box, the reason or the player changes."""
        reason = _off(self.state, why_not_correct(self.state), when_over=True)
        if reason is None:
            try:
                changed = self._fix_changes()
            except CompanionError as refused:
                reason = _sentence(refused)
            else:
                words = why_not_reason(self._fix_reason(), "the Reason")  # (the box, by its name)
                reason = (_sentence(CompanionError(NOTHING_TO_FIX, suggestion=CHANGE_A_COUNT)) if not changed
                          else None if words is None else _sentence(words))
        ui.gate(self.fix_apply, reason)
        self.fix_off.value = ui.off_reasons([self.fix_apply], skip=(UNUSABLE,))

    def _fix_reason(self) -> str:
        """The reason a correction from the boxes keeps: the Reason box's words (the tracker checks them:
        one line, :func:`~companion.tmnt.game.why_not_reason`), or "set by hand"."""
        return str(self.fix_reason.value).strip() or "set by hand"

    def _correct(self) -> None:
        """Set the counts changed in the boxes; the others are left as the log holds them (another
        window may have changed them since the boxes were filled). Read and written under the log's
        lock, as a Block Zone tap (:meth:`_cycle_zone`), and refused as it is when another window started
        a new game meanwhile. A refused correction loses nothing typed: the redraw fills the boxes with
        the new game's counts (:meth:`_load_fix`), so the counts typed are put back in theirs."""
        player = int(self.fix_player.value)
        changed = self._fix_changes()

        def build() -> dict[str, Any]:
            if not self.state.started:
                raise CompanionError("start a game first")
            if not changed:  # (off before the click: a page another window made stale, read again)
                raise CompanionError(NOTHING_TO_FIX, suggestion=CHANGE_A_COUNT)
            return {"event": "correct", "player": player, **changed, "reason": self._fix_reason()}

        try:  # (a redraw of the same game keeps the counts typed in: _load_fix)
            self._locked(build, "the correction", self._game_on_show(), said_below=True)
        except CompanionError:
            boxes = self._fix_boxes()
            for name, count in changed.items():
                boxes[name].value = count
            raise
        self.fix_reason.value = ""
        self._say_done()

    # -- display ------------------------------------------------------------------------------
    def refresh(self) -> None:
        self._drawing = True
        try:
            self._refresh()
        finally:
            self._drawing = False
            self._lock_if_unusable((self.new_game, self.undo, self.redo, self.next))
            self._captions()
            self._fix_ready()  # (no game: _load_fix left the boxes as they were)

    def _captions(self) -> None:
        """Why Next and the phase's controls on show are off, in words under them (a touch screen shows
        no tooltip); what the page says already (no game yet, the game is over, a log it cannot use, why
        Record is off: the builder's panel above it) is not said again."""
        skip = (NO_GAME, GAME_OVER, UNUSABLE)
        # (the Flip Phase's prompt says that Next waits for the card flipped: not again)
        prompt = self.state.awaits_flip
        self.next_off.value = ui.off_reasons([self.next], skip=(*skip, self.next.tooltip) if prompt else skip)
        self.actions_off.value = ui.off_reasons(
            list(self._gated_on_show),  # (a button of another phase is not on show: not listed)
            # (the builder's panel says why Record is off)
            skip=(*skip, RECORD_PICK_FIRST, RECORD_NOT_READ, RECORD_NOT_FIRST, RECORD_NOT_LEGAL))

    def _show_actions(self, children: tuple[w.Widget, ...]) -> None:
        """Put the phase's controls on show, and remember which of its gated ones are among them: what
        :meth:`_captions` lists (read again on every builder change, found once per redraw)."""
        self.actions.children = children
        shown = _within(self.actions)
        self._gated_on_show = tuple(b for b in (*self.flip_buttons, self.play_event, self.play_item,
                                                self.record, *self.keep, self.result_step) if id(b) in shown)

    def _refresh(self) -> None:
        s = self.state
        said = self._news[1] if self._news is not None and self._news[0] is s else None
        self.undo.disabled = not self.tracker.can_undo
        self.redo.disabled = not self.tracker.can_redo
        ui.gate(self.next, _off(s, why_not_next(s)))
        no_fix = _off(s, why_not_correct(s), when_over=True)
        for b in (*self.zones[0], *self.zones[1]):  # (before their tooltips: a game gives each its own)
            ui.gate(b, no_fix)
        if not s.started:
            self.phase.value = "<i>No game yet: open “New game”.</i>"
            ui.show(self.status, "info", said or "Start a game", ["Names, who goes first, then New game."])
            self._show_actions(())
            self.adjust.value = ""
            for p in (0, 1):
                self.headers[p].value = f"<b>Player {p + 1}</b>"
                self.counts[p].value = ""
                for b in self.zones[p]:
                    b.description = "—"
            return
        chips = []
        for ph in PHASES:
            on = ph == s.phase
            style = ("background:#16a085;color:white;font-weight:bold" if on
                     else "background:#eef2f1;color:#5f6368")
            chips.append(f"<span style='{style};padding:6px 10px;border-radius:14px;margin:2px;"
                         f"display:inline-block'>{html.escape(PHASE_LABELS[ph])}</span>")
        active = s.players[s.active].name
        self.phase.value = (f"<div style='font-size:18px'><b>Turn {s.turn}: {html.escape(active)}</b>"
                            + (" — game over" if s.over else "") + f"</div><div>{''.join(chips)}</div>")
        where = self._draw_status(s, said)
        for p, player in enumerate(s.players):
            mark = " ◀ to play" if p == s.active and not s.over else ""
            win = " 🏆 winner" if s.over and s.winner == p else ""
            self.headers[p].value = f"<b style='font-size:17px'>{html.escape(player.name)}</b>{mark}{win}"
            self.counts[p].value = (f"Hand <b>{player.hand}</b> · Deck <b>{player.deck}</b> · Trash "
                                    f"<b>{player.trash}</b> · Items <b>{player.items}</b> · empty Block "
                                    f"Zones <b>{player.empty_zones}</b>")
            for z, (b, zone) in enumerate(zip(self.zones[p], player.zones, strict=True), start=1):
                named = (f", {player.first_card.label}, named by an attack"
                         if z == 1 and player.first_card is not None else "")
                b.tooltip = f"{_nth(z)} Block Zone: {zone_words(zone)}{named}. Click to correct."
                b.description = f"{_nth(z)}: {zone_words(zone)}"
                bg, fg = ZONE_STYLE[zone.face]
                b.style.button_color = bg
                b.style.text_color = fg
        self.adjust.value = self._adjust_html(s)
        self._show_actions(self._actions(s, where))
        self._name_fix_player([p.name for p in s.players])
        self._load_fix()

    def _name_fix_player(self, names: list[str]) -> None:
        """Correct counts offers the players by their names, as the rest of the page names them (the
        player chosen stays chosen)."""
        self._renaming = True
        try:
            ui.keep_choice(self.fix_player, [(name, p) for p, name in enumerate(names)], 0)
        finally:
            self._renaming = False

    def _draw_status(self, s: Game, said: str | None = None) -> str:
        """The status of a game started: its phase (or Game over) with its rule-book section, and what the
        latest action did (:meth:`_status_message`), or ``said``, what an undo or redo took back or
        brought back, then where the game stands. Returns the section cited."""
        kind = "ok" if s.over else "info"
        title = "Game over" if s.over else PHASE_LABELS[s.phase]
        where = cite("tmnt", "Game Over" if s.over else PHASE_SECTIONS[s.phase])
        if said:
            phase = f"{title} ({where})"
            now = phase if said.endswith(s.message) else f"{phase}: {_phase_said_once(s, s.message, where)}"
            ui.show(self.status, kind, said, [now])  # (a redo: said once)
        else:
            message = self._status_message(s)
            lines = [_phase_said_once(s, message, where)] if message else []
            can = flip_phase_now(s)  # no card to turn over (a correction): what the player can do now
            if can and can not in message and not s.message.startswith("Flip Phase:"):  # (its own says it)
                lines.append(_phase_said_once(s, can, where))
            self.status.value = _status_html(kind, title, where, lines)
        return where

    def _status_message(self, s: Game) -> str:
        """What the status says the latest action did, unless the page says it nearer the control it is
        about (``""``): a correction, under its buttons (:meth:`_say_done`); the Flip Phase's question, in
        the large prompt above the Flipped buttons; this turn's Adjust Phase draw, in the Adjust box."""
        if self._said_below is s:
            return ""
        if s.over:
            return s.message
        if s.awaits_flip and s.message.startswith("Flip Phase:"):
            return ""
        if s.phase == "adjust" and s.adjusted and s.message.startswith(f"Turn {s.turn},"):
            return ""
        return s.message

    def _adjust_html(self, s: Game) -> str:
        """This turn's Adjust Phase as done, or the next one as it stands now."""
        over = None  # the next draw empties the Deck: said before it is drawn
        if s.phase == "adjust" and s.adjusted:
            a, p = dict(s.adjusted), s.players[s.active]
            head = f"{html.escape(p.name)}, this turn"
        elif s.phase == "adjust":  # a first turn never enters the Adjust Phase; shown for safety
            return ""
        else:
            ending = ((s.phase == "result" and s.resolved)
                      or (s.phase == "attack" and not can_attack(s.players[s.active])))
            if not ending:
                return ""  # damage and the Result Step still change the counts
            p = s.players[s.defending]
            nxt = adjust_phase(p.hand, p.deck, p.empty_zones)
            a = {"discard": nxt.discard, "refill": nxt.refill, "draw": nxt.draw, "drawn": nxt.drawn}
            head = f"{html.escape(p.name)}, next turn"
            over = deck_runs_out(nxt, p.name, s.players[s.active].name)
        first = (f"discard {a['discard']}" if a["discard"] else
                 f"draw {a['refill']}" if a["refill"] else "hand already 5")
        short = "" if a["drawn"] == a["refill"] + a["draw"] else f" (only {a['drawn']} left in the Deck)"
        out = ui.panel_html("error", over) if over else ""  # the draw empties the Deck: Game Over
        return (f"<div class='companion-panel' style='border-color:#16a085'><b>Adjust Phase</b> — {head}: "
                f"(1) hand to 5: {first}; (2) draw 1 + {plural(a['draw'] - 1, 'empty Block Zone')} = "
                f"<b>{a['draw']}</b>{short} <small><i>{cite('tmnt', 'Adjust Phase')}</i></small>{out}</div>")

    def _actions(self, s: Game, where: str) -> tuple[w.Widget, ...]:
        """The phase's controls (``where``: the phase's rule-book section, as the status cites it)."""
        if s.over:
            return (self.action_msg,)
        me, them = s.players[s.active], s.players[s.defending]
        if s.awaits_flip:
            return (w.HTML(_flip_prompt(me.name, where)),
                    w.HBox(self.flip_buttons, layout=w.Layout(flex_flow="row wrap")),
                    self.action_msg, self.actions_off)
        if s.phase == "event":
            ui.gate(self.play_event, _off(s, why_not_card(s, "event")))
            return (self.play_event, self.action_msg, self.actions_off)
        if s.phase == "item":
            ui.gate(self.play_item, _off(s, why_not_card(s, "item")))
            return (self.play_item, self.action_msg, self.actions_off)
        if s.phase == "attack" and s.attack is None and me.zones[0].face == "up":
            self.builder.attack_card_power.value = "count" if s.attack_card_power else "ignore"
            self.builder.attack_card_power.disabled = True  # chosen for the whole game at its start
            key = self._key()
            self.builder.character.offer(me.zones[0].kind)  # only the type of card flipped there
            if self._attack_key != key:  # a new attack: none of the last one's cards (its
                self.builder.clear()  # Counter was the other player's), nor another game's
                if me.zones[0].kind in self.builder.character.kind.options:  # Custom… starts as the
                    self.builder.character.kind.value = me.zones[0].kind  # card type flipped
                if me.first_card is not None:  # the card the log names there (kept on an earlier turn)
                    self.builder.character.choose(me.first_card)
                self._attack_key = key
            self.builder.attacker = me  # (set_defender's update below resolves the attack once for both)
            cards = [z for z in them.zones if z.face != "empty"]
            self.builder.set_defender(len(cards), [i for i, z in enumerate(cards, 1) if z.face == "up"],
                                      zones=[k for k, z in enumerate(them.zones, 1) if z.face != "empty"],
                                      defender=them)  # (its update gates Record: on_update)
            return (w.HTML(f"<b>{html.escape(me.name)} attacks {html.escape(them.name)}</b>"),
                    self.builder.widget, self.record, self.action_msg, self.actions_off)
        if s.phase == "result" and not s.resolved and s.attack is not None:
            key = self._key()
            for k, (idx, may) in enumerate(((s.active, s.attack["attacker_may_keep_character"]),
                                            (s.defending, s.attack["defender_may_keep_character"]))):
                player = s.players[idx]
                ups = [(_keep_label(player, z, zone.kind), z) for z, zone in enumerate(player.zones, 1)
                       if zone.face == "up" and zone.kind in (None, "character")]
                options = [("no Character: every face-up card to the Trash", NO_KEEP)] + (ups if may else [])
                # a choice made this turn stays while it is offered (a correction redraws the page)
                ui.keep_choice(self.keep[k], options, NO_KEEP,
                               chosen=self.keep[k].value if self._keep_key == key else NO_KEEP)
                ui.gate(self.keep[k], None if may else f"{player.name} sent cards from Deck to Trash in the "
                        f"Forward Step: no Character stays ({where})")
            self._keep_key = key
            said = [_to_trash(s.players[idx], attack_zone) for idx, attack_zone in
                    ((s.active, int(s.attack["attacks"])), (s.defending, int(s.attack["counter"])))]
            title = ("Result Step: each player may leave up to 1 face-up Character on a Block Zone; every "
                     "other face-up card goes to the Trash")
            none_kept = "A player who sent cards from Deck to Trash in the Forward Step keeps none."
            return (w.HTML(ui.panel_html("info", title, [*said, _cited(none_kept, where)])),
                    *self.keep, self.result_step, self.action_msg, self.actions_off)
        return (self.action_msg,)


def _replaced(held: Game) -> str:
    """What New game says of the game the log held, which it replaces: which game it was, and that Undo
    brings it back (as ``companion tmnt do --new-game`` says it)."""
    names = " and ".join(p.name for p in held.players)
    where = "over" if held.over else f"turn {held.turn}: {held.players[held.active].name} to play"
    return (f"New game: it replaces the game this log held ({names}, {where}); Undo brings that game "
            "back.")


def _flip_prompt(name: str, where: str) -> str:
    """The Flip Phase's question, large: the table answers it with a Flipped button before Next
    (``where``: the Flip Phase's rule-book section)."""
    return (f"<div class='companion-panel cmp-tmnt-flip-prompt' style='border-color:{ui.COLOURS['info']}'>"
            f"<b style='font-size:20px'>{html.escape(name)}: turn over the 1st Block card. What is it?</b>"
            "<br>Press what it is; Next phase waits for it "
            f"<small><i>({html.escape(where)})</i></small></div>")


def _off(s: Game, refused: RuleError | None, *, when_over: bool = False) -> str | None:
    """Why a control cannot work now in this page's words: the tracker's refusal (:func:`why_not_next`,
    :func:`why_not_card`) as one sentence, what to do and then its rule-book section; no game yet and the
    game over in the words the page says them elsewhere (:data:`NO_GAME`, :data:`GAME_OVER`).
    ``when_over``: the control still works once the game is over (a correction)."""
    if not s.started:
        return NO_GAME
    if s.over and not when_over:
        return GAME_OVER
    return None if refused is None else _sentence(refused)


def _sentence(refused: CompanionError) -> str:
    """A refusal as one sentence: what is wrong, what to do, then its rule-book section if it has one."""
    fix = (refused.suggestion or "").rstrip(".")
    said = refused.message + (f": {fix[:1].lower()}{fix[1:]}" if fix else "")
    return f"{said} ({refused.cite})" if refused.cite else said


def _card_left(player: Player, zone: int) -> str | None:
    """What a Block Zone tap that empties ``player``'s Block Zone ``zone`` (0-3) says of the card that
    was on it: it left the board, and no count changed (a correction), with how to put it in the Trash;
    ``None`` when the Zone held no card."""
    held = player.zones[zone]
    if held.face == "empty":
        return None
    card = (player.first_card.name or player.first_card.label) if zone == 0 and player.first_card else None
    what = card or f"the {zone_words(held)} card"
    return (f"{what} left {player.name}'s {_nth(zone + 1)} Block Zone; the counts are not changed (a "
            "correction). If it went to the Trash, add 1 to the Trash in Correct counts.")


def _keep_label(player: Player, zone: int, kind: str | None) -> str:
    """A Result Step choice, naming the card where the log knows it: ``Block Zone 1: Leonardo (face-up)``."""
    if zone == 1 and player.first_card is not None:
        card = player.first_card
        return f"Block Zone 1: {card.name or card.label} (face-up)"
    if kind == "character":
        return f"Block Zone {zone}: a Character (face-up, not named)"
    return f"Block Zone {zone}: the card turned face-up (if it is a Character)"


def _to_trash(player: Player, attack_zone: int) -> str:
    """What of ``player``'s goes to the Trash in the Result Step unless kept: the face-up Block cards
    (by Block Zone) and the cards in the Attack Zone (tmnt-tcg.txt, Attack Phase (4) Result Step)."""
    ups = [str(z) for z, zone in enumerate(player.zones, 1) if zone.face == "up"]
    many = "s" if len(ups) > 1 else ""
    parts = ([f"the face-up card{many} on Block Zone{many} {', '.join(ups)}"] if ups else []) \
        + ([f"{plural(attack_zone, 'card')} in the Attack Zone"] if attack_zone else [])
    if not parts:
        return f"{player.name}: nothing face-up, nothing to the Trash"
    verb = "goes" if len(parts) == 1 and not many and attack_zone in (0, 1) else "go"  # (one card)
    return f"{player.name}: {' and '.join(parts)} {verb} to the Trash, except a Character kept"


def _phase_said_once(s: Game, message: str, where: str) -> str:
    """``message`` shown under its phase's title and section ``where``: without its own "Item Phase: "
    opening and its own "(tmnt-tcg.txt, Item Phase)" ending, which the title already says."""
    named = f"{PHASE_SECTIONS[s.phase]}: "
    if s.over or not message.startswith(named):
        return message
    message = message[len(named):]
    for end in ("", "."):
        if message.endswith(f" ({where}){end}"):
            return message[:-len(f" ({where}){end}")] + end
    return message


def _status_html(kind: str, phase: str, where: str, lines: Sequence[str]) -> str:
    """The status panel: the phase (or Game over) with its rule-book section beside it, small, then what
    the latest action did, one line, and what the player can do now when the page shows no control for
    it: the section is the phase's, never a line of its own."""
    section = f" <small style='color:{ui.COLOURS['muted']}'><i>({html.escape(where)})</i></small>"
    return ui.panel_html(kind, phase, list(lines), note=section)


def _cited(sentence: str, where: str) -> str:
    """``sentence`` with its rule-book section in brackets at its end, before its full stop: one line,
    not the section as a line of its own."""
    body, stop = (sentence[:-1], ".") if sentence.endswith(".") else (sentence, "")
    return f"{body} ({where}){stop}"


def _within(root: w.Widget) -> set[int]:
    """The ids of ``root`` and every widget inside it: what a box puts on show."""
    found = {id(root)}
    for child in getattr(root, "children", ()):
        found |= _within(child)
    return found


def _nth(i: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(i, f"{i}th")


def tmnt_page(path: str | Path | None = None) -> w.Tab:
    """The notebook page: the attack builder and the game tracker as two tabs."""
    cards, left_out = _load_cards()  # (read once for both tabs, each saying what was left out)
    builder = AttackBuilder(cards, left_out=left_out)
    tracker = GameTracker(path, cards, left_out)
    tab = w.Tab(children=[tracker.widget, w.VBox([
        ui.header("TMNT attack builder", "Is this attack legal, and what does it do?", game="tmnt"),
        ui.help_box(BUILDER_HELP, BUILDER_HELP_NOTEBOOK), builder.widget])],
                titles=("Game tracker", "Attack builder"))
    tab.add_class("cmp-tmnt-page")
    tab.builder, tab.tracker = builder, tracker
    return tab
