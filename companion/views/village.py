"""Village TCG table companion: Mouse Points, decks, the turn guide and the battle resolver.

Build with ``VillageCompanion()`` and display ``.widget``. Every button is one event
of a :class:`~companion.village.game.VillageTracker` whose log autosaves under
``user_data_dir()/logs/village.jsonl`` and is resumed on the next start; undo/redo
are events too. The rules live in :mod:`companion.village`; this module only reads
and writes widget values.

CSS classes for browser tests:
``cmp-village-page``, ``cmp-village-player`` (each player's panel), ``cmp-village-mp`` (each
MP number), ``cmp-village-mp-minus`` / ``cmp-village-mp-plus`` (the big -1/+1 buttons),
``cmp-village-deck`` (deck counts), ``cmp-village-turn`` (turn line), ``cmp-village-checklist``,
``cmp-village-action`` (each turn action button), ``cmp-village-undo``, ``cmp-village-redo``,
``cmp-village-new`` (new game), ``cmp-village-battle`` (the resolver box), ``cmp-village-assign``
(each attacker's defender choice), ``cmp-village-preview``, ``cmp-village-resolve``,
``cmp-village-battle-result``, ``cmp-village-flip``, ``cmp-village-redraw`` (shown only at the very
start), ``cmp-village-message``, ``cmp-village-winner``, ``cmp-village-ability`` (the selected mouse's
ability, which fills in its Fruit cost), ``cmp-village-item-opponent`` / ``cmp-village-item-extra``
(the Item card says to equip an opponent's Mouse / allows a second Item), ``cmp-village-sacrifice-allowed``
(the Mega Mouse to sacrifice says it may be sacrificed).
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as w

from .. import ui
from ..errors import CompanionError, RuleError
from ..village.battle import Attack
from ..village.game import FORFEIT_NOTE, VillageState, VillageTracker, checklist, new_game, why_not

NO_ATTACK = "— does not attack —"
UNKNOWN_ABILITY = ""  # the ability picker's value when the mouse's card is not in the card data
UNDEFENDED = "undefended (to Mouse Points)"
STATUS_ICON = {"done": "✔", "current": "▶", "todo": "○", "skipped": "–", "unavailable": "✖"}
STATUS_COLOUR = {"done": ui.COLOURS["ok"], "current": ui.COLOURS["info"], "todo": ui.COLOURS["ink"],
                 "skipped": ui.COLOURS["muted"], "unavailable": ui.COLOURS["error"]}


def wide(button: w.Button) -> w.Button:
    """Let a tablet-sized button grow to show its whole label."""
    button.layout.width = "auto"
    return button


def default_log_path() -> Path:
    from ..cards import user_data_dir

    return user_data_dir() / "logs" / "village.jsonl"


def checklist_html(state: VillageState) -> str:
    """The seven steps of Order of Turn with their status (village-tcg.txt, Order of Turn)."""
    rows = []
    for item in checklist(state):
        colour = STATUS_COLOUR[item.status]
        detail = f" <small>({html.escape(item.detail)})</small>" if item.detail else ""
        rows.append(f"<div style='font-size:17px;color:{colour};padding:2px 0'>{STATUS_ICON[item.status]} "
                    f"Step {item.step}: {html.escape(item.title)}{detail}</div>")
    return "".join(rows) + "<small><i>village-tcg.txt, Order of Turn</i></small>"


class VillageCompanion(ui.TrackerPage):
    """The notebook page: both players, the turn guide with its actions, the battle resolver."""

    def __init__(self, log_path: str | Path | None = None, *, db: Any = None) -> None:
        self.log_path = Path(log_path) if log_path is not None else default_log_path()
        self._db = db
        self.message = ui.panel()
        self.message.add_class("cmp-village-message")
        self.tracker = VillageTracker(self.log_path)
        self._build()
        if self.tracker.problems:
            ui.show(self.message, "warn", "Some lines of the saved game could not be used",
                    [str(p) for p in self.tracker.problems])
        elif self.tracker.log.recovered is not None:
            ui.show(self.message, "warn", "Resumed after a crash: the last, half-written line was set aside",
                    [f"kept in {self.log_path.name}.damaged"])
        self.refresh()

    # -- layout ------------------------------------------------------------------------------
    def _build(self) -> None:
        g = ui.guarded(self.message)
        self.winner = w.HTML()
        self.winner.add_class("cmp-village-winner")
        self.player_boxes = []
        self.mp_labels: list[w.HTML] = []
        self.deck_labels: list[w.HTML] = []
        self.redraw_buttons: list[w.Button] = []
        for p in range(2):
            mp = w.HTML()
            mp.add_class("cmp-village-mp")
            deck = w.HTML()
            deck.add_class("cmp-village-deck")
            buttons = []
            for delta in (-5, -1, 1, 5):
                b = ui.big_button(f"{delta:+d} MP", style="danger" if delta < 0 else "success")
                b.add_class("cmp-village-mp-minus" if delta < 0 else "cmp-village-mp-plus")
                b.on_click(g(lambda _b, p=p, d=delta: self.act({"event": "mp", "player": p, "delta": d})))
                buttons.append(b)
            dm = ui.big_button("deck −1")
            dm.on_click(g(lambda _b, p=p: self.act({"event": "deck", "player": p, "delta": -1})))
            dp = ui.big_button("deck +1")
            dp.on_click(g(lambda _b, p=p: self.act({"event": "deck", "player": p, "delta": 1})))
            redraw = wide(ui.big_button("Redraw (no Basic Mouse)"))
            redraw.add_class("cmp-village-redraw")
            self.redraw_buttons.append(redraw)
            redraw.on_click(g(lambda _b, p=p: self.act({"event": "redraw", "player": p,
                                                        "basic_in_hand": False})))
            box = w.VBox([mp, w.HBox(buttons[:2]), w.HBox(buttons[2:]), deck, w.HBox([dm, dp]), redraw],
                         layout=w.Layout(border="1px solid #ccc", padding="8px", margin="4px", width="48%"))
            box.add_class("cmp-village-player")
            self.player_boxes.append(box)
            self.mp_labels.append(mp)
            self.deck_labels.append(deck)

        # turn guide and actions
        self.turn = w.HTML()
        self.turn.add_class("cmp-village-turn")
        self.checklist = w.HTML()
        self.checklist.add_class("cmp-village-checklist")
        self.mouse_name = w.Combobox(placeholder="mouse name", options=self._mouse_names(),
                                     layout=w.Layout(width="220px", height=ui.BUTTON_HEIGHT))
        self.mouse_atk = w.BoundedIntText(value=1, min=0, max=99, description="ATK",
                                          layout=w.Layout(width="120px", height=ui.BUTTON_HEIGHT))
        self.mouse_def = w.BoundedIntText(value=1, min=0, max=99, description="DEF",
                                          layout=w.Layout(width="120px", height=ui.BUTTON_HEIGHT))
        self.mouse_name.observe(self._fill_stats, names="value")
        self.target = w.Dropdown(description="Mouse", options=[],
                                 layout=w.Layout(width="320px", height=ui.BUTTON_HEIGHT))
        self.cost = w.BoundedIntText(value=0, min=0, max=20, description="Fruit cost",
                                     tooltip="filled in from the card's ability; change it only when a "
                                             "card effect changes the cost",
                                     layout=w.Layout(width="160px", height=ui.BUTTON_HEIGHT))
        self.ability = w.Dropdown(description="Ability", options=[], style={"description_width": "initial"},
                                  layout=w.Layout(width="300px", height=ui.BUTTON_HEIGHT))
        self.ability.add_class("cmp-village-ability")
        self._ability_costs: dict[str, int | None] = {}
        self.target.observe(lambda _c: self._fill_abilities(), names="value")
        self.ability.observe(lambda _c: self._fill_cost(), names="value")
        self.sacrifice_allowed = w.Checkbox(
            value=False, indent=False, description="the Mega Mouse to sacrifice says it may be sacrificed")
        self.sacrifice_allowed.add_class("cmp-village-sacrifice-allowed")
        self.item_opponent = w.Checkbox(value=False, indent=False,
                                        description="the Item says to equip an opponent's Mouse")
        self.item_opponent.add_class("cmp-village-item-opponent")
        self.item_extra = w.Checkbox(value=False, indent=False,
                                     description="a card allows this Mouse a second Item")
        self.item_extra.add_class("cmp-village-item-extra")
        self.card_name = w.Text(placeholder="Item / Magic card name",
                                layout=w.Layout(width="220px", height=ui.BUTTON_HEIGHT))
        self.magic_kind = w.ToggleButtons(options=["normal", "instant", "continuous"], value="normal")
        self.magic_player = w.ToggleButtons(options=[("turn player", "turn"), ("opponent", "other")],
                                            value="turn")

        def action(label: str, fn: Any, style: str = "") -> w.Button:
            b = wide(ui.big_button(label, style=style))
            b.add_class("cmp-village-action")
            b.on_click(g(lambda _b: fn()))
            return b

        self.buttons = {
            "draw": action("1 Draw", lambda: self.act({"event": "draw"}), "primary"),
            "play_basic": action("2 Play Basic Mouse", self.play_basic),
            "summon_mega": action("2 Mega Mouse (sacrifice selected)", self.summon_mega),
            "fruit": action("3 Fruit on selected", lambda: self.act({"event": "fruit",
                                                                      "mouse": self.target.value})),
            "ability": action("4 Use ability of selected", self.use_ability),
            "item": action("5 Item on selected", self.equip_item),
            "magic": action("5 Magic card", self.play_magic),
            "end_turn": action("7 End turn", lambda: self.act({"event": "end_turn"}), "warning"),
        }
        undo = ui.big_button("Undo", icon="undo")
        undo.add_class("cmp-village-undo")
        undo.on_click(g(lambda _b: self.undo()))
        redo = ui.big_button("Redo", icon="repeat")
        redo.add_class("cmp-village-redo")
        redo.on_click(g(lambda _b: self.redo()))
        self.undo_button, self.redo_button = undo, redo
        # who plays the Magic card, and whether it is instant, decide whether it may be played now
        self.magic_kind.observe(lambda _c: self._refresh_buttons(), names="value")
        self.magic_player.observe(lambda _c: self._refresh_buttons(), names="value")
        b = self.buttons
        turn_box = w.VBox([
            self.turn, self.checklist,
            w.HBox([b["draw"], b["end_turn"], undo, redo]),
            w.HBox([self.mouse_name, self.mouse_atk, self.mouse_def, b["play_basic"]]),
            w.HBox([self.target, self.ability, self.cost]),
            w.HBox([b["summon_mega"], self.sacrifice_allowed]),
            w.HBox([b["fruit"], b["ability"]]),
            w.HBox([self.card_name, b["item"]]),
            w.HBox([self.item_opponent, self.item_extra]),
            w.HBox([self.magic_kind, self.magic_player, b["magic"]]),
        ])

        # battle resolver
        self.assign_box = w.VBox()
        self.direct = w.BoundedIntText(value=0, min=0, max=99, description="Direct damage (0 = ATK)",
                                       style={"description_width": "initial"},
                                       layout=w.Layout(width="260px", height=ui.BUTTON_HEIGHT))
        preview = ui.big_button("Preview battle")
        preview.add_class("cmp-village-preview")
        preview.on_click(g(lambda _b: self.preview()))
        resolve = wide(ui.big_button("6 Declare and resolve attack", style="danger"))
        resolve.add_class("cmp-village-resolve")
        resolve.add_class("cmp-village-action")
        resolve.on_click(g(lambda _b: self.resolve()))
        self.battle_result = w.HTML()
        self.battle_result.add_class("cmp-village-battle-result")
        self.assign: dict[str, w.Dropdown] = {}
        battle = w.VBox([w.HTML("<b>Battle: choose a defender for each attacking mouse</b> "
                                "<small>(village-tcg.txt, Attack / Defense Structure)</small>"),
                         self.assign_box, self.direct, w.HBox([preview, resolve]), self.battle_result])
        battle.add_class("cmp-village-battle")

        # coin flips
        self.flip_card = w.Text(placeholder="card calling for the flip",
                                layout=w.Layout(width="240px", height=ui.BUTTON_HEIGHT))
        self.flip_functions = w.ToggleButtons(options=[("one function", 1), ("two or more", 2)], value=1)
        flips = []
        for result in ("heads", "tails", None):
            fb = wide(ui.big_button(result.capitalize() if result else "Flip for me"))
            fb.add_class("cmp-village-flip")
            fb.on_click(g(lambda _b, r=result: self.flip(r)))
            flips.append(fb)
        self.flip_buttons = flips
        flip_box = w.VBox([w.HTML("<b>Coin flips</b> <small>the single-function card flips first "
                                  "(village-tcg.txt, Coin Flips)</small>"),
                           w.HBox([self.flip_card, self.flip_functions]), w.HBox(flips)])

        # new game
        self.names = [w.Text(value=f"Player {i + 1}", layout=w.Layout(width="160px", height=ui.BUTTON_HEIGHT))
                      for i in range(2)]
        self.decks = [w.BoundedIntText(value=60, min=8, max=999, description="deck",
                                       layout=w.Layout(width="140px", height=ui.BUTTON_HEIGHT))
                      for _ in range(2)]
        self.first = w.ToggleButtons(options=[("Player 1 first", 0), ("Player 2 first", 1)], value=0)
        self.strict = w.Checkbox(value=True, description="enforce the order of turn")
        new = ui.big_button("New game", style="primary")
        new.add_class("cmp-village-new")
        new.on_click(g(lambda _b: self.new_game()))
        setup = w.VBox([w.HBox([self.names[0], self.decks[0], self.names[1], self.decks[1]]),
                        w.HBox([self.first, self.strict, new]),
                        w.HTML("<small>Starting a new game keeps the old log beside it "
                               "(renamed with a number).</small>")])
        acc = w.Accordion(children=[setup])
        acc.set_title(0, "New game")
        acc.selected_index = None
        self.setup = acc

        self.widget = w.VBox([
            ui.header("Village TCG", "Mouse Points, turn guide and battle resolver", game="village"),
            self.winner, w.HBox(self.player_boxes), self.message, turn_box, battle, flip_box, acc])
        self.widget.add_class("cmp-village-page")

    # -- helpers -----------------------------------------------------------------------------
    def db(self) -> Any:
        if self._db is None:
            from ..cards import load_game

            try:
                self._db = load_game("village")
            except CompanionError:
                from ..cards import CardDB

                self._db = CardDB("village", [])
        return self._db

    def _mouse_names(self) -> list[str]:
        return sorted({c.name for c in self.db().of_type("basic-mouse", "mega-mouse")})

    def _fill_stats(self, change: Any) -> None:
        card = self.db().lookup(change["new"] or "")
        if card is not None and card.type in ("basic-mouse", "mega-mouse"):
            if card.get("atk") is not None:
                self.mouse_atk.value = card["atk"]
            if card.get("def") is not None:
                self.mouse_def.value = card["def"]

    def _target_card(self) -> Any:
        """The card data of the selected mouse on the field (``None`` if not a known mouse card)."""
        uid = self.target.value
        if not uid or not self.state.started:
            return None
        try:
            _p, m = self.state.mouse(uid)
        except RuleError:
            return None
        card = self.db().lookup(m.name)
        return card if card is not None and card.type in ("basic-mouse", "mega-mouse") else None

    def _fill_abilities(self) -> None:
        """Offer the selected mouse's abilities (card data) and fill in the chosen one's Fruit cost."""
        card = self._target_card()
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
        keep = self.ability.value
        self._ability_costs = costs
        self.ability.options = options
        self.ability.value = keep if keep in costs else options[0][1]
        self._fill_cost()

    def _fill_cost(self) -> None:
        cost = self._ability_costs.get(self.ability.value or UNKNOWN_ABILITY)
        if cost is not None:
            self.cost.value = cost

    @property
    def state(self) -> VillageState:
        return self.tracker.state

    def act(self, event: dict[str, Any]) -> VillageState:
        """Log one event (checked against the rules first) and redraw the page."""
        self._run(lambda: self.tracker.do(event))
        lines = list(self.state.last)
        kind = "warn" if FORFEIT_NOTE in lines else "ok"
        ui.show(self.message, kind, lines[0] if lines else "Done", lines[1:])
        return self.state

    def undo(self) -> None:
        self._run(self.tracker.undo)
        ui.show(self.message, "info", "Undone")

    def redo(self) -> None:
        self._run(self.tracker.redo)
        ui.show(self.message, "info", "Redone")

    def new_game(self) -> None:
        """Start a new game; the old game's log is kept beside the new one, renamed with a number.
        The start is checked first: a refused one leaves the old game and its log as they were."""
        probe = VillageTracker(None)  # in memory: the start checked against a fresh game
        new_game(probe, (self.names[0].value or "Player 1", self.names[1].value or "Player 2"),
                 first=self.first.value, decks=(self.decks[0].value, self.decks[1].value),
                 strict_order=self.strict.value)
        start = probe.history[0]  # with the seed drawn for it
        with self.tracker.log.locked():  # no other window appends while the log is moved aside
            if self.log_path.exists() and self.log_path.stat().st_size:
                n = 1
                while self.log_path.with_name(f"{self.log_path.stem}-{n}{self.log_path.suffix}").exists():
                    n += 1
                self.log_path.rename(self.log_path.with_name(f"{self.log_path.stem}-{n}{self.log_path.suffix}"))
        self.tracker = VillageTracker(self.log_path)
        self.tracker.do(start)
        self.setup.selected_index = None
        self.refresh()
        ui.show(self.message, "ok", self.state.last[0] if self.state.last else "New game")

    def _check_kind(self, kind: str) -> None:
        card = self.db().lookup(self.mouse_name.value or "")
        if card is None or card.type == kind:
            return
        if kind == "basic-mouse" and card.type == "mega-mouse":
            raise RuleError(f"{card.name!r} is a Mega Mouse: select the Basic Mouse to sacrifice and use "
                            "'Mega Mouse (sacrifice selected)' (village-tcg.txt, Summoning MegaMice)")
        if kind == "mega-mouse":
            raise RuleError(f"{card.name!r} is a {card.type} card, not a Mega Mouse")
        raise RuleError(f"{card.name!r} is a {card.type} card, not a Basic Mouse")

    def play_basic(self) -> None:
        self._check_kind("basic-mouse")
        self.act({"event": "play_basic", "name": self.mouse_name.value or "Basic Mouse",
                  "atk": self.mouse_atk.value, "def": self.mouse_def.value})

    def summon_mega(self) -> None:
        self._check_kind("mega-mouse")
        event: dict[str, Any] = {"event": "summon_mega", "sacrifice": self.target.value,
                                 "name": self.mouse_name.value or "Mega Mouse", "atk": self.mouse_atk.value,
                                 "def": self.mouse_def.value}
        if self.sacrifice_allowed.value:
            event["sacrifice_allowed"] = True
        self.act(event)
        self.sacrifice_allowed.value = False

    def use_ability(self) -> None:
        """Use the selected mouse's ability; its Fruit cost comes from the card (Order of Turn, Step 4)."""
        card = self._target_card()
        if card is not None and not card.get("abilities"):
            raise RuleError(f"{card.name!r} has no ability on its card (village-tcg.txt, Card Descriptions "
                            "6 Abilities)")
        event: dict[str, Any] = {"event": "ability", "mouse": self.target.value, "cost": self.cost.value}
        if self.ability.value:
            event["name"] = self.ability.value
        self.act(event)

    def equip_item(self) -> None:
        """Equip an Item to the selected mouse (Card Descriptions 4 Item Cards)."""
        event: dict[str, Any] = {"event": "item", "mouse": self.target.value,
                                 "name": self.card_name.value or "Item"}
        if self.item_opponent.value:
            event["opponent_allowed"] = True
        if self.item_extra.value:
            event["extra"] = True
        self.act(event)
        self.item_opponent.value = self.item_extra.value = False

    def _magic_player(self) -> int:
        return self.state.current if self.magic_player.value == "turn" else 1 - self.state.current

    def play_magic(self) -> None:
        self._sync()  # "turn player" is the player whose turn it is in the log now
        player = self._magic_player()
        kind = self.magic_kind.value
        self.act({"event": "magic", "name": self.card_name.value or "Magic card", "player": player,
                  "instant": kind == "instant", "continuous": kind == "continuous"})

    def flip(self, result: str | None) -> None:
        event: dict[str, Any] = {"event": "flip", "card": self.flip_card.value or "coin flip",
                                 "functions": self.flip_functions.value}
        if result:
            event["result"] = result
        self.act(event)

    def attacks(self) -> list[Attack]:
        out = []
        for uid, dd in self.assign.items():
            if dd.value == NO_ATTACK:
                continue
            out.append(Attack(uid, None if dd.value == UNDEFENDED else dd.value))
        return out

    def preview(self) -> Any:
        self._sync()
        result = self.tracker.battle(self.state, self.attacks(), self.direct.value or None)
        kind = "ok" if result.is_legal else "error"
        title = "Battle preview" if result.is_legal else "This attack is not allowed"
        self.battle_result.value = ui.panel_html(kind, title, result.lines())
        return result

    def resolve(self) -> None:
        event: dict[str, Any] = {"event": "attack",
                                 "attacks": [{"attacker": a.attacker, "defender": a.defender}
                                             for a in self.attacks()]}
        if self.direct.value:
            event["direct_damage"] = self.direct.value
        self.act(event)
        self.battle_result.value = ui.panel_html("ok", "Attack resolved", self.state.last)

    # -- redraw ------------------------------------------------------------------------------
    def _refresh_buttons(self) -> None:
        """Enable each action the rules allow now; a disabled one says why in its tooltip."""
        s = self.state
        for kind, button in self.buttons.items():
            if kind == "magic":  # an Instant Magic card may be played at any time, by either player
                reason = why_not(s, kind, self._magic_player() if s.started else None,
                                 instant=self.magic_kind.value == "instant")
            else:
                reason = why_not(s, kind)
            button.disabled = bool(reason)
            button.tooltip = reason or button.description

    def refresh(self) -> None:
        s = self.state
        self.undo_button.disabled = not self.tracker.can_undo
        self.redo_button.disabled = not self.tracker.can_redo
        if not s.started:
            self.turn.value = "<div style='font-size:20px'>No game yet: open <b>New game</b> below.</div>"
            self.setup.selected_index = 0
        for p, pl in enumerate(s.players):
            mark = "▶ " if s.started and p == s.current and not s.over else ""
            self.mp_labels[p].value = ("<div style='font-size:20px;margin-bottom:6px'>"
                                       f"{mark}<b>{html.escape(pl.name)}</b></div>"
                                       f"<div style='font-size:44px;font-weight:bold'>{pl.mp} MP</div>")
            mice = "".join(ui.card_tile(m.uid, f"{m.kind} · {m.fruit} Fruit",
                                        f"ATK {m.atk if m.atk is not None else 'unknown'} / DEF "
                                        f"{m.defense if m.defense is not None else 'unknown'}"
                                        + (f" · {', '.join(m.items)}" if m.items else ""))
                           for m in pl.field)
            magic = f"<div>Magic on the field: {html.escape(', '.join(pl.magic))}</div>" if pl.magic else ""
            self.deck_labels[p].value = (f"<div style='font-size:18px'>Deck: <b>{pl.deck}</b> · discard "
                                         f"{pl.discard}</div>{mice}{magic}")
        for p, button in enumerate(self.redraw_buttons):  # the Redraw Rule: only at the very start
            usable = s.started and not s.opened and not s.players[p].redrawn and not s.over
            button.layout.display = None if usable else "none"
        if s.over:
            self.winner.value = ui.panel_html("ok", "Game over", [s.win_reason])
        else:
            self.winner.value = ""
        if s.started:
            self.turn.value = (f"<div style='font-size:22px'>Turn {s.turn}: "
                               f"<b>{html.escape(s.players[s.current].name)}</b></div>")
            self.checklist.value = checklist_html(s)
        else:
            self.checklist.value = ""
        self._refresh_buttons()
        mine = [m.uid for m in s.players[s.current].field] if s.started else []
        theirs = [m.uid for m in s.players[1 - s.current].field] if s.started else []
        self.target.options = [m.uid for pl in s.players for m in pl.field] if s.started else []
        if mine:
            self.target.value = mine[-1]
        self._fill_abilities()
        old = {uid: dd.value for uid, dd in self.assign.items()}
        self.assign = {}
        for uid in mine:
            dd = w.Dropdown(options=[NO_ATTACK, UNDEFENDED, *theirs], description=uid,
                            style={"description_width": "initial"},
                            layout=w.Layout(width="480px", height=ui.BUTTON_HEIGHT))
            if old.get(uid) in dd.options:
                dd.value = old[uid]
            dd.add_class("cmp-village-assign")
            self.assign[uid] = dd
        self.assign_box.children = list(self.assign.values()) or [
            w.HTML("<i>The turn player has no mice on the field.</i>")]
