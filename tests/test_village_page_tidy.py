"""The Village page's act helper: an event built from the state read under the log's lock, one lock and
one read for a Magic card of "the turn player"; the resolved-attack panel kept by one method; the help
box; the buttons that act on the selected mouse, off with a reason while none is selected, or while the
one selected is a mouse they cannot act on (the opponent's, one with an Item, a Mega Mouse, an ability
used or unpaid), by the rule the tracker refuses it with; a rule-book section a refusal cites is said
after its sentence. The visual audit: each group's message above its "off for now" caption (Step 2's
Basic Mouse under its own row), a reason naming the tick box (not the event's field), "→" for a change,
Declare and resolve off with no mouse to attack with, and labelled "Declare no attack" while no mouse is
assigned to attack; text boxes level with the buttons."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest

from companion.cards import CardDB, card_from_record
from companion.errors import CompanionError, RuleError
from companion.views.village import DECLARE_ATTACK, DECLARE_NONE, NO_ATTACK, UNDEFENDED, VillageCompanion
from companion.village.game import CITE_MAGIC, VillageTracker, check_mouse_name, why_not_on

from .helpers import meanwhile


def started(tmp_path: Path) -> VillageCompanion:
    page = VillageCompanion(tmp_path / "v.jsonl")
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    page.act({"event": "draw"})
    return page


def count_locks_and_reads(page: VillageCompanion, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often the page goes for its log's lock (not held yet), reads the log again (the tracker's
    own read in ``do`` included) and is drawn."""
    counts = {"locks": 0, "syncs": 0, "draws": 0}
    log, tracker = page.tracker.log, page.tracker
    real_locked, real_sync, real_refresh = log.locked, tracker.sync, page.refresh

    def locked() -> Any:
        if not log._held:
            counts["locks"] += 1
        return real_locked()

    def sync() -> bool:
        counts["syncs"] += 1
        return real_sync()

    def refresh() -> None:
        counts["draws"] += 1
        real_refresh()

    monkeypatch.setattr(log, "locked", locked)
    monkeypatch.setattr(page, "refresh", refresh)
    monkeypatch.setattr(tracker, "sync", sync)
    return counts


def test_a_turn_players_magic_card_takes_the_lock_and_reads_the_log_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = started(tmp_path)
    page.act({"event": "end_turn"})  # Bob's turn, on this page
    counts = count_locks_and_reads(page, monkeypatch)
    page.magic_kind.value, page.card_name.value = "normal", "Sun"
    page.play_magic()
    # one read by the page under the lock and the tracker's own in do (which finds nothing new);
    # drawn once, after the lock is let go
    assert counts == {"locks": 1, "syncs": 2, "draws": 1}
    assert page.tracker.history[-1]["player"] == 1 and "Bob plays Sun" in page.message.value
    assert "Bob" in page.turn.value and page.magic_player.value == "turn"


def test_a_magic_card_chosen_as_another_window_ends_the_turn_is_refused_then_played_for_the_new_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = started(tmp_path)
    other = VillageCompanion(tmp_path / "v.jsonl")
    under_lock: list[int] = []  # "the turn player" as read while the page holds its log's lock
    real = page._magic_player

    def magic_player() -> int:
        player = real()
        if page.tracker.log._held:
            under_lock.append(player)
        return player

    monkeypatch.setattr(page, "_magic_player", magic_player)
    page.magic_kind.value, page.card_name.value = "normal", "Sun"
    assert not page.buttons["magic"].disabled
    with meanwhile(page, lambda: other.act({"event": "end_turn"})):  # Bob's turn begins there
        page.buttons["magic"].click()
    assert "changed in another window" in page.message.value
    assert under_lock == [] and page.tracker.history[-1] == {"event": "end_turn"} and "Bob" in page.turn.value
    page.buttons["magic"].click()  # pressed again on the page drawn anew: Bob's card, read under the lock
    assert under_lock == [1] and page.tracker.history[-1]["player"] == 1
    assert "Bob plays Sun" in page.message.value


def test_a_stale_page_refuses_a_built_event_without_building_it(tmp_path: Path) -> None:
    page = started(tmp_path)
    path = tmp_path / "v.jsonl"
    VillageTracker(path).do({"event": "end_turn"})
    before = path.read_bytes()
    built: list[bool] = []
    with pytest.raises(CompanionError, match="changed in another window"):
        page.act(lambda: built.append(True) or {"event": "draw"})  # type: ignore[func-returns-value]
    assert built == [] and path.read_bytes() == before and "Bob" in page.turn.value


def test_a_refused_built_event_writes_nothing(tmp_path: Path) -> None:
    page = started(tmp_path)
    path = tmp_path / "v.jsonl"
    before = path.read_bytes()

    def build() -> dict[str, Any]:
        raise CompanionError("no event")

    with pytest.raises(CompanionError, match="no event"):
        page.act(build)
    assert path.read_bytes() == before


def resolved_attack(tmp_path: Path) -> tuple[VillageCompanion, str]:
    """A page whose player 0 attacked undefended with Pip this turn, and its battle panel."""
    page = started(tmp_path)
    page.mouse_name.value, page.mouse_atk.value, page.mouse_def.value = "Pip", "3", "2"
    page.play_basic()
    page.act({"event": "end_turn"})
    page.act({"event": "end_turn"})
    [uid] = list(page.assign)
    page.assign[uid].value = UNDEFENDED
    page.resolve()
    shown = page.battle_result.value
    assert "Attack resolved" in shown
    return page, shown


def test_a_redraw_keeps_the_resolved_attack_while_in_force_and_clears_it_after(tmp_path: Path) -> None:
    page, shown = resolved_attack(tmp_path)
    page.refresh()
    assert page.battle_result.value == shown
    page.act({"event": "mp", "player": 0, "delta": 1})  # a correction: the attack is still in force
    assert page.battle_result.value == shown
    page.act({"event": "end_turn"})  # its turn is over
    assert page.battle_result.value == ""
    page.undo()
    assert page.battle_result.value == shown


def test_the_help_is_the_pages_help_box_with_the_command_line_only_outside_the_app(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = started(tmp_path)
    assert page.help.get_title(0) == "How to use this page" and page.help.selected_index is None
    assert {"cmp-help", "cmp-village-help"} <= set(page.help._dom_classes)
    assert "Order of Turn" in page.help.children[0].value
    assert "companion village replay" in page.help.children[0].value
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    in_app = VillageCompanion(tmp_path / "v.jsonl").help.children[0].value
    assert "Order of Turn" in in_app and "companion village replay" not in in_app


def off_said(page: VillageCompanion, reason: str) -> bool:
    """Whether the page says ``reason`` in words under a group of buttons (a touch screen shows no
    tooltip)."""
    return any(html.escape(reason) in caption.value for _widgets, caption in page._groups)


def test_buttons_on_the_selected_mouse_are_off_with_a_reason_until_one_is_selected(tmp_path: Path) -> None:
    page = started(tmp_path)  # Ann's first turn, drawn: no mouse on the field
    b = page.buttons
    own, any_mouse = [b["fruit"], b["ability"]], [b["item"], b["stats"], b["destroy"]]
    play_one = "Ann has no mouse on the field: play one first (village-tcg.txt, Order of Turn, Step 2)"
    assert page.target.value is None
    assert [(x.disabled, x.tooltip) for x in own] == [(True, play_one)] * 2 and off_said(page, play_one)
    none = "no mouse on the field to choose"
    assert [(x.disabled, x.tooltip) for x in any_mouse] == [(True, none)] * 3 and off_said(page, none)
    page.mouse_name.value, page.mouse_atk.value, page.mouse_def.value = "Pip", "3", "2"
    b["play_basic"].click()
    page.card_name.value = "Rusty Pin"  # (Item on selected: off while no Item is named)
    pip = page.target.value
    assert pip is not None and not any(x.disabled for x in own + any_mouse)
    page.target.value = None  # the picker emptied: off again, and said, without a redraw of the page
    choose = "no mouse selected: choose one under Selected mouse"
    assert [(x.disabled, x.tooltip) for x in own + any_mouse] == [(True, choose)] * 5
    assert off_said(page, choose)
    page.target.value = pip
    assert not any(x.disabled for x in own + any_mouse) and not off_said(page, choose)
    b["end_turn"].click()
    b["draw"].click()  # Bob's turn: only Ann's mouse on the field, none selected
    bob = play_one.replace("Ann", "Bob")
    assert page.target.value is None and [(x.disabled, x.tooltip) for x in own] == [(True, bob)] * 2
    assert b["item"].disabled and b["item"].tooltip == choose  # (an Item may go on an opponent's mouse)
    page.target.value = pip
    assert b["item"].disabled and "is an opponent's mouse" in b["item"].tooltip
    page.item_opponent.value = True  # the Item says to equip an opponent's Mouse
    assert not b["item"].disabled


def test_the_mega_mouse_button_is_off_while_no_mouse_to_sacrifice_is_selected(tmp_path: Path) -> None:
    page = started(tmp_path)
    page.mouse_name.value, page.mouse_atk.value, page.mouse_def.value = "Pip", "3", "2"
    page.play_basic()
    for event in ("end_turn", "draw", "end_turn", "draw"):  # Ann's third turn: Pip has had a full turn
        page.act({"event": event})
    page.mouse_name.value = "Harvest Giant"  # (the Mega Mouse to summon named: off without a name)
    mega, pip = page.buttons["summon_mega"], page.target.value
    assert pip is not None and not mega.disabled
    page.target.value = None
    choose = "no mouse selected: choose one under Selected mouse"
    assert mega.disabled and mega.tooltip == choose and off_said(page, choose)
    page.target.value = pip
    assert not mega.disabled and mega.tooltip != choose


def play(page: VillageCompanion, name: str, kind: str = "play_basic", **more: Any) -> str:
    """The turn player plays the mouse ``name`` (ATK 3, DEF 2); its id."""
    page.act({"event": kind, "name": name, "atk": 3, "def": 2, **more})
    return page.state.players[page.state.current].field[-1].uid


def two_mice(tmp_path: Path) -> tuple[VillageCompanion, str, str]:
    """Bob's second turn, drawn: Ann's Pip (with an Item) and Bob's Bo, which has had a full turn."""
    page = started(tmp_path)
    pip = play(page, "Pip")
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})
    bo = play(page, "Bo")
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})
    page.act({"event": "item", "mouse": pip, "name": "Acorn Cap"})
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})
    assert page.state.players[page.state.current].name == "Bob"
    return page, pip, bo


def test_the_buttons_a_mouse_of_the_turn_players_own_takes_are_off_on_the_opponents(tmp_path: Path) -> None:
    page, pip, bo = two_mice(tmp_path)
    page.mouse_name.value = "Harvest Giant"  # (the Mega Mouse to summon named: off without a name)
    b = page.buttons
    own = [b["summon_mega"], b["fruit"], b["ability"]]
    page.target.value = pip  # Ann's mouse, chosen in Bob's turn: regated without a redraw
    belongs = f"{pip!r} belongs to Ann, not to Bob whose turn it is (village-tcg.txt, Order of Turn)"
    assert [(x.disabled, x.tooltip) for x in own] == [(True, belongs)] * 3 and off_said(page, belongs)
    with pytest.raises(RuleError) as refused:  # the tracker's refusal is the same sentence
        page.tracker.do({"event": "fruit", "mouse": pip})
    on = why_not_on(page.state, "fruit", pip)
    assert on is not None and refused.value.render() == belongs == on.render()
    effects = [b[kind] for kind in ("stats", "destroy", "destroy_item")]
    assert not any(x.disabled for x in effects)  # a card effect may act on any mouse on the field
    page.target.value = bo
    assert not any(x.disabled for x in own) and not off_said(page, belongs)
    page.target.value = pip
    b["destroy_item"].click()
    assert page.state.players[0].field[0].items == ()


def test_item_on_an_opponents_mouse_is_off_until_its_card_says_so(tmp_path: Path) -> None:
    page, pip, bo = two_mice(tmp_path)
    item = page.buttons["item"]
    page.target.value = pip
    assert item.disabled and item.tooltip.startswith(f"{pip!r} is an opponent's mouse: equip an Item")
    assert off_said(page, item.tooltip)
    page.item_opponent.value = True  # the Item says to equip an opponent's Mouse
    assert item.disabled and item.tooltip.startswith(f"{pip!r} already has an Item (Acorn Cap)")
    page.item_extra.value = True  # and a card allows it a second Item
    page.card_name.value = "Rusty Pin"  # (a name close to no card: an Item of one's own)
    assert not item.disabled
    item.click()
    assert page.state.players[0].field[0].items == ("Acorn Cap", "Rusty Pin")
    assert not page.item_opponent.value and not page.item_extra.value
    page.item_opponent.value = page.item_extra.value = False
    page.target.value = bo
    assert "once per turn" in item.tooltip  # (one Item a turn: the turn-level reason comes first)


def test_a_mega_mouse_selected_is_sacrificed_only_when_its_card_says_so(tmp_path: Path) -> None:
    page = started(tmp_path)
    pip = play(page, "Pip")
    for event in ("end_turn", "draw", "end_turn", "draw"):
        page.act({"event": event})
    play(page, "Dew")
    for event in ("end_turn", "draw", "end_turn", "draw"):
        page.act({"event": event})
    big = play(page, "Big Pip", "summon_mega", sacrifice=pip)
    for event in ("end_turn", "draw", "end_turn", "draw"):
        page.act({"event": event})
    page.mouse_name.value = "Harvest Giant"  # (the Mega Mouse to summon named: off without a name)
    mega = page.buttons["summon_mega"]
    assert page.target.value == big  # Ann's newest; Dew may be sacrificed
    said = f"{big!r} is a Mega Mouse: Mega Mice cannot be sacrificed unless a card says so"
    assert mega.disabled and mega.tooltip.startswith(said) and off_said(page, said)
    page.sacrifice_allowed.value = True
    assert not mega.disabled
    page.sacrifice_allowed.value = False
    page.target.value = page.state.players[0].field[0].uid  # Dew
    assert not mega.disabled


def test_an_ability_used_or_unpaid_is_off_with_why(tmp_path: Path) -> None:
    page = started(tmp_path)
    pip = play(page, "Pip")  # not a card: its cost is typed
    ability = page.buttons["ability"]
    page.cost.value = 2
    unpaid = (f"{pip!r} has 0 Fruit equipped but the ability costs 2 (village-tcg.txt, Card Descriptions 6 "
              "Abilities; village-tcg.txt, Order of Turn, Step 4)")
    assert ability.disabled and ability.tooltip == unpaid and off_said(page, unpaid)
    page.cost.value = 0
    assert not ability.disabled
    ability.click()
    used = f"{pip!r} already used its ability this turn: once per turn"
    assert pip in page.state.t.abilities and ability.disabled and ability.tooltip.startswith(used)


def test_a_mouse_whose_card_has_no_ability_has_the_ability_button_off(tmp_path: Path) -> None:
    recs = [{"id": "pip", "name": "Pip", "type": "basic-mouse", "atk": 1, "def": 2, "source": "demo"}]
    db = CardDB("village", [card_from_record("village", "demo", r) for r in recs])
    page = VillageCompanion(tmp_path / "v.jsonl", db=db)
    page.act({"event": "start", "players": ["Ann", "Bob"], "seed": 3, "first": 0})
    page.act({"event": "draw"})
    page.mouse_name.value = "Pip"
    page.play_basic()
    none = "'Pip' has no ability on its card (village-tcg.txt, Card Descriptions 6 Abilities)"
    assert page.buttons["ability"].disabled and page.buttons["ability"].tooltip == none
    # a click that reaches it anyway is refused by the tracker, in the button's words (one rule, one wording)
    page.buttons["ability"].click()
    assert f"<li>{none}</li>" in html.unescape(page.message.value) and page.state.t.abilities == ()
    with pytest.raises(RuleError) as refused:
        page.tracker.do({"event": "ability", "mouse": page.target.value, "cost": 0})
    assert refused.value.render() == none


def test_a_magic_card_the_card_data_contradicts_cites_its_section_after_the_sentence(tmp_path: Path) -> None:
    page = started(tmp_path)
    with pytest.raises(RuleError) as refused:
        page.tracker.do({"event": "magic", "player": 1, "name": "Super Confused", "instant": False})
    assert refused.value.where is None and refused.value.cite == CITE_MAGIC
    assert refused.value.render().startswith(
        "Super Confused is instant by the card data, not as the event says (instant: false) "
        f"({CITE_MAGIC}). Leave 'instant' out")


# -- a mouse's name that is not a card: the tracker's rule and words (check_mouse_name) ----------------

def refusal(page: VillageCompanion, name: str) -> str:
    """What ``village do`` (the tracker's :func:`check_mouse_name`) says of a mouse ``name`` without stats."""
    with pytest.raises(RuleError) as refused:
        check_mouse_name(page.db(), name, None, None)
    return refused.value.render()


def test_a_misspelt_mouse_without_stats_is_refused_in_the_trackers_words(tmp_path: Path) -> None:
    page = started(tmp_path)
    page.mouse_name.value = "Acorn Scot"
    page.buttons["play_basic"].click()
    said = html.unescape(page.message.value)
    assert refusal(page, "Acorn Scot") in said  # one rule, one wording: as 'village do' says it
    assert "'Acorn Scot' is not a card in the data: did you mean 'Acorn Scout'?" in said
    assert page.state.players[0].field == () and page.tracker.history[-1] == {"event": "draw"}


def test_a_name_close_to_no_card_is_refused_with_what_to_type(tmp_path: Path) -> None:
    page = started(tmp_path)
    for name in ("Stranger", "A"):  # (a part of a name is close to no card, as for the tracker)
        check_mouse_name(page.db(), name, None, None)  # the tracker takes it: a mouse of your own
        page.mouse_name.value = name
        page.buttons["play_basic"].click()
        said = html.unescape(page.message.value)
        assert f"'{name}' is not a card in the data. For a mouse of your own, give its ATK and DEF with " \
               "its name." in said and "did you mean" not in said
    assert page.state.players[0].field == ()


def test_a_misspelt_mouse_with_its_stats_typed_plays_with_the_trackers_words_as_a_warning(
        tmp_path: Path) -> None:
    page = started(tmp_path)
    page.mouse_name.value = "Acorn Scot"
    page.mouse_atk.value, page.mouse_def.value = "2", "3"
    page.buttons["play_basic"].click()
    said = html.unescape(page.message.value)
    assert "companion-warn" in page.message.value
    assert "'Acorn Scot' is not a card in the data: did you mean 'Acorn Scout'? Played as a mouse of your " \
           "own with the ATK and DEF typed; Undo if the name is misspelt." in said
    assert page.tracker.history[-1] == {"event": "play_basic", "name": "Acorn Scot", "atk": 2, "def": 3,
                                        "number": 1}


# -- the visual audit: the message above the reasons, the tick box named, "→", no empty attack, the layout

def widgets_in(box: Any) -> list[Any]:
    """``box`` and every widget under it."""
    return [box, *(x for child in getattr(box, "children", ()) for x in widgets_in(child))]


def has(box: Any, css: str) -> bool:
    return css in getattr(box, "_dom_classes", ())


def test_every_groups_message_shows_above_its_off_for_now_caption(tmp_path: Path) -> None:
    page = started(tmp_path)
    boxes = [x for x in widgets_in(page.widget)
             if any(has(c, "cmp-village-off") for c in getattr(x, "children", ()))]
    assert len(boxes) == len(page._groups)  # (each caption in a box of its own group)
    for box in boxes:
        kids = list(box.children)
        caption = next(i for i, c in enumerate(kids) if has(c, "cmp-village-off"))
        said = [i for i, c in enumerate(kids) if has(c, "cmp-village-message")]
        assert said and max(said) < caption  # the latest click's words first, never read as a reason
    page.act({"event": "end_turn"})
    page.buttons["draw"].click()  # a result, then why Draw is now off, below it
    kids = list(next(b for b in boxes if page.buttons["draw"] in widgets_in(b)).children)
    assert "Bob draws" in page.message.value and kids.index(page.message) + 1 == next(
        i for i, c in enumerate(kids) if has(c, "cmp-village-off"))


def test_a_basic_mouse_refused_is_said_under_its_own_row_above_the_mega_mouse_row(tmp_path: Path) -> None:
    page = started(tmp_path)
    page.buttons["play_basic"].click()  # no name typed
    kids = list(next(x for x in widgets_in(page.turn_box)
                     if has(x, "cmp-village-step") and page.buttons["play_basic"] in widgets_in(x)).children)
    basic = next(i for i, c in enumerate(kids) if page.buttons["play_basic"] in widgets_in(c))
    mega = next(i for i, c in enumerate(kids) if page.buttons["summon_mega"] in widgets_in(c))
    assert "type the mouse's name" in html.unescape(page.message.value)
    assert kids.index(page.message) == basic + 1 < mega


def test_a_reason_names_the_tick_box_and_the_command_line_keeps_the_events_field(tmp_path: Path) -> None:
    page, pip, _bo = two_mice(tmp_path)
    item = page.buttons["item"]
    page.target.value = pip  # Ann's mouse, in Bob's turn
    tick = f"tick “{page.item_opponent.description}”"
    assert f"only when the card says so ({tick}) (village-tcg.txt" in item.tooltip
    assert "opponent_allowed" not in item.tooltip and off_said(page, item.tooltip)
    page.item_opponent.value = True  # a second Item: its own tick box
    extra = f"(tick “{page.item_extra.description}”)"
    assert extra in item.tooltip and "(extra)" not in item.tooltip
    with pytest.raises(RuleError, match=r"card says so \(opponent_allowed\)"):  # the command line's words
        page.tracker.do({"event": "item", "mouse": pip, "name": "Pin Cushion"})
    said = why_not_on(page.state, "summon_mega", pip, allowed_by={"sacrifice_allowed": "tick it"})
    assert said is not None and "belongs to Ann" in said.message  # (whose mouse comes first)


def test_a_change_of_mouse_points_or_a_deck_reads_with_an_arrow(tmp_path: Path) -> None:
    page = started(tmp_path)
    page.player_boxes[1].children[1].children[1].click()  # -1 MP for Bob
    assert "Bob: 30 → 29 MP" in page.message.value and "-&gt;" not in page.message.value
    page.undo_button.click()
    assert "Undone: the change of Bob's Mouse Points (Bob back to 30 MP)" in html.unescape(page.message.value)
    page.redo_button.click()
    assert "Redone: Bob: 30 → 29 MP" in page.message.value
    page.act({"event": "deck", "player": 0, "delta": -1})
    assert "Ann: 52 → 51 cards in deck" in page.message.value


def test_declare_and_resolve_is_off_while_the_turn_player_has_no_mouse_to_attack_with(tmp_path: Path) -> None:
    page = started(tmp_path)
    page.act({"event": "end_turn"})
    page.act({"event": "draw"})  # Bob's first turn: no First Turn limit, but no mouse of his
    resolve = page.resolve_button
    none = ("Bob has no mouse on the field to attack with, so there is no attack to declare or decline, and "
            "the turn moves on to Step 7, End turn (village-tcg.txt, Attack / Defense Structure; "
            "village-tcg.txt, Order of Turn, Steps 6-7)")  # (the tracker's refusal: village do says it too)
    assert resolve.disabled and resolve.tooltip == none and off_said(page, none)
    assert resolve.description == DECLARE_ATTACK  # (off: its reason never reads "Declare no attack")
    bo = play(page, "Bo")
    assert not resolve.disabled and bo in page.assign and resolve.description == DECLARE_NONE
    page.assign[bo].value = UNDEFENDED
    page.preview()
    assert "Mouse Points damage 3: Ann 30 → 27 MP" in page.battle_result.value  # (the attacker's ATK, 3)


def test_the_attack_button_says_no_attack_while_no_mouse_is_assigned_to_attack(tmp_path: Path) -> None:
    page = started(tmp_path)
    for _turn in range(3):  # Bob's second turn: Bo played on his first, Bea on this one
        page.act({"event": "end_turn"})
        page.act({"event": "draw"})
        if page.state.current == 1:
            play(page, "Bea" if page.state.players[1].field else "Bo")
    bo, bea = (m.uid for m in page.state.players[1].field)
    resolve = page.resolve_button
    assert not resolve.disabled and resolve.description == DECLARE_NONE
    page.preview()  # the preview says what the tap does: no battle
    assert "No attack" in page.battle_result.value and "ends its Attack Phase" in page.battle_result.value
    page.assign[bo].value = UNDEFENDED
    assert resolve.description == DECLARE_ATTACK and page.battle_result.value == ""  # (the preview is stale)
    page.assign[bea].value = UNDEFENDED
    page.assign[bo].value = NO_ATTACK
    assert resolve.description == DECLARE_ATTACK  # Bea still attacks
    page.assign[bea].value = NO_ATTACK
    assert resolve.description == DECLARE_NONE
    resolve.click()
    said = page.battle_result.value
    assert "No attack declared" in said and "Bob declares no attack" in said
    assert resolve.disabled and "one Attack Phase" in resolve.tooltip
    assert resolve.description == DECLARE_ATTACK  # (off: the label is the button's own again)


def test_text_boxes_sit_level_with_the_buttons_and_the_player_boxes_fill_their_row(tmp_path: Path) -> None:
    page = started(tmp_path)
    for box in (page.mouse_name, page.mouse_atk, page.mouse_def, page.cost, page.card_name, page.effect_atk):
        row = next(x for x in widgets_in(page.widget) if box in getattr(x, "children", ()))
        assert box.layout.height is None and row.layout.align_items == "center"  # (not top-aligned)
    assert all(b.layout.flex == "1 1 0" and b.layout.width is None for b in page.player_boxes)
    deck_row = next(x for x in page.player_boxes[0].children
                    if page.deck_labels[0] in getattr(x, "children", ()))
    assert deck_row.layout.flex_flow == "row wrap" and "white-space:nowrap" in page.deck_labels[0].value


def test_a_page_opened_again_shows_the_attack_resolved_this_turn(tmp_path: Path) -> None:
    """Browser smoke test: after a reload the battle panel was empty, the attack only in the history."""
    page, shown = resolved_attack(tmp_path)
    assert VillageCompanion(tmp_path / "v.jsonl").battle_result.value == shown  # a reload
    page.act({"event": "mp", "player": 0, "delta": 1})  # a correction: the attack is still in force,
    again = VillageCompanion(tmp_path / "v.jsonl")  # with the lines it said when resolved
    assert again.battle_result.value == shown and again._resolved is not None
    assert again.tracker.state_after(again._resolved[0] + 1).last == again._resolved[4]
    page.act({"event": "end_turn"})  # its turn is over: no panel
    assert VillageCompanion(tmp_path / "v.jsonl").battle_result.value == ""
    page.undo()
    assert VillageCompanion(tmp_path / "v.jsonl").battle_result.value == shown


@pytest.mark.parametrize("checkpoint", [None, 2])  # kept states: only the first, or every 2nd
def test_state_after_folds_the_first_actions_and_leaves_the_tracker_as_it_is(tmp_path: Path,
                                                                             checkpoint: int | None) -> None:
    page = started(tmp_path)
    tracker = page.tracker
    if checkpoint is not None:
        tracker.CHECKPOINT = checkpoint
    for _ in range(5):
        page.act({"event": "end_turn"})
    assert checkpoint is None or len(tracker._marks) > 1
    history, state = tracker.history, tracker.state
    turns = [tracker.state_after(n).turn for n in range(len(history) + 1)]
    assert turns[-3:] == [turns[-4] + 1, turns[-4] + 2, turns[-4] + 3] and turns[0] == tracker.initial().turn
    assert tracker.state_after(len(history)) is state and tracker.before_latest() == tracker.state_after(
        len(history) - 1)
    assert tracker.history == history and tracker.state is state
    with pytest.raises(ValueError, match="no state after -1 actions"):
        tracker.state_after(-1)
    with pytest.raises(ValueError, match=f"no state after {len(history) + 1} actions"):
        tracker.state_after(len(history) + 1)


def test_a_page_opened_again_says_what_the_latest_coin_flip_showed(tmp_path: Path) -> None:
    """Browser smoke test: after a reload the flip's side was only in the history."""
    page = started(tmp_path)
    page.flip_card.value = "Quicksand"
    page.flip_buttons[2].click()  # the seeded coin
    said = page.flip_msg.value
    assert "coin flip for Quicksand: " in said
    again = VillageCompanion(tmp_path / "v.jsonl")  # a reload
    assert again.flip_msg.value == said and again.message is again.flip_msg
    again.buttons["end_turn"].click()  # a later action: its words replace the flip's
    assert again.flip_msg.value == "" and "Ann ends the turn" in again.message.value
    assert VillageCompanion(tmp_path / "v.jsonl").flip_msg.value == ""  # ...on the next opening too
    again.undo()  # the flip is the latest action again
    assert VillageCompanion(tmp_path / "v.jsonl").flip_msg.value == said
