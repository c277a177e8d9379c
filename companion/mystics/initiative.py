"""The initiative track: pure functions on a tuple of initiative cards (top first).

Rules (mice-and-mystics.txt): "Determining Initiative Order" (shuffle mice and minion
cards together when no minion cards are on the track; otherwise shuffle only the new
minion cards onto the next free slots, and only for minion types without a card yet;
extra cards extend the track), "Game round" (turns top to bottom; a card whose last
figure leaves the board is removed and the cards below move up), "Boss initiative
cards" (two of a boss's cards chosen at random; added to a track with minions they go
to the bottom and the first of them ambushes), "Ambushes" (one die per minion card,
one at a time, each moves up by the number rolled, cards below scoot down), the Rat
Warriors' Aggressive ability (after its turn the card switches with the one directly
above it) and Prince Collin's Born to Lead.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import RuleError, did_you_mean
from . import names

MOUSE = "mouse"
MINION = "minion"
BOSS = "boss"

#: Printed slots on the story control board's initiative track. The track may grow past
#: them ("Determining Initiative Order", Note); the number is for display only.
TRACK_SLOTS = 8


@dataclass(frozen=True)
class InitCard:
    """One initiative card on the track.

    ``id`` is unique on the track (a mouse id, a minion type id, or a boss card id);
    ``minion`` names the minion type a minion or boss card belongs to; ``life`` and
    ``wounds`` are used for boss cards, whose wounds sit on the card itself.
    """

    id: str
    kind: str
    name: str
    minion: str | None = None
    life: int | None = None
    wounds: int = 0

    @property
    def is_mouse(self) -> bool:
        return self.kind == MOUSE

    @property
    def is_minion_card(self) -> bool:
        return self.kind in (MINION, BOSS)


Track = tuple[InitCard, ...]


def ids(track: Iterable[InitCard]) -> list[str]:
    return [c.id for c in track]


def index_of(track: Track, card_id: str) -> int:
    for i, c in enumerate(track):
        if c.id == card_id:
            return i
    raise RuleError(f"no initiative card {card_id!r} on the track",
                    expected="one of " + ", ".join(ids(track)) if track else "a card on the track")


def _options(cards: Iterable[InitCard]) -> list[names.Option]:
    return [(c.id, (c.name,)) for c in cards]


def resolve(cards: Sequence[InitCard], text: str) -> InitCard:
    """The card ``text`` names: its id, or its name or id written another way (``rat_warriors``,
    ``Rat Warriors``); a :class:`RuleError` with close matches if none or several match."""
    opts = _options(cards)
    hits = names.matches(str(text), opts)
    if len(hits) == 1:
        return next(c for c in cards if c.id == hits[0])
    if hits:
        raise RuleError(f"{text!r} could be several initiative cards", expected="one of " + ", ".join(hits))
    raise RuleError(f"no initiative card {text!r} on the track",
                    expected="one of " + ", ".join(ids(cards)) if cards else "a card on the track",
                    suggestion=did_you_mean(names.suggestions(str(text), opts)))


def find(track: Track, text: str) -> int:
    """The index of the card ``text`` names (aliases as in :func:`resolve`)."""
    return index_of(track, resolve(track, text).id)


def has_minion_cards(track: Track) -> bool:
    return any(c.is_minion_card for c in track)


def shuffled(cards: Sequence[InitCard], rng: random.Random | None,
             order: Sequence[str] | None = None) -> Track:
    """The cards in a random order from ``rng``, or in the typed-in ``order``.

    ``order`` names each card once, by id or by name (``rat_warriors``, ``Rat Warriors``).
    """
    if order is not None:
        expected = ", ".join(c.id for c in cards) or "no cards"
        picked: list[InitCard] = []
        for text in order:
            try:
                card = resolve(cards, text)
            except RuleError as exc:
                raise RuleError(f"typed-in initiative order {list(order)!r}: {exc.message}",
                                expected=f"each of {expected} exactly once",
                                suggestion=exc.suggestion, cite=exc.cite) from None
            if any(x.id == card.id for x in picked):
                raise RuleError(f"typed-in initiative order {list(order)!r} names {card.id!r} twice",
                                expected=f"each of {expected} exactly once")
            picked.append(card)
        missing = [c.id for c in cards if all(x.id != c.id for x in picked)]
        if missing:
            raise RuleError(f"typed-in initiative order {list(order)!r} leaves out " + ", ".join(missing),
                            expected=f"each of {expected} exactly once")
        return tuple(picked)
    out = list(cards)
    if rng is not None:
        rng.shuffle(out)
    return tuple(out)


def full_order(mice: Sequence[InitCard], minions: Sequence[InitCard], rng: random.Random | None,
               order: Sequence[str] | None = None) -> Track:
    """A new starting order: every mouse and minion card shuffled together."""
    return shuffled([*mice, *minions], rng, order)


def add_at_bottom(track: Track, new: Sequence[InitCard], rng: random.Random | None,
                  order: Sequence[str] | None = None) -> Track:
    """New minion cards, shuffled, on the next free slots; types already on the track are skipped."""
    present = set(ids(track))
    fresh = [c for c in new if c.id not in present]
    return track + shuffled(fresh, rng, order)


def move_up(track: Track, index: int, spaces: int) -> Track:
    """Move the card at ``index`` up ``spaces`` slots (not past the top); cards between scoot down."""
    if spaces < 0:
        raise RuleError(f"cannot move a card up {spaces} spaces", expected="0 or more")
    target = max(index - spaces, 0)
    cards = list(track)
    card = cards.pop(index)
    cards.insert(target, card)
    return tuple(cards)


def ambush(track: Track, rolls: Sequence[int], card_ids: Sequence[str] | None = None) -> Track:
    """Ambush: one roll per minion card, taken one at a time, each card moves up by its roll.

    House reading (the book does not say in which order): the minion cards are taken in
    their order on the track when the ambush starts, top first; ``card_ids`` chooses
    which cards roll (default: every minion card on the track).
    """
    who = list(card_ids) if card_ids is not None else [c.id for c in track if c.is_minion_card]
    if len(rolls) != len(who):
        raise RuleError(f"an ambush needs one die roll per minion card: {len(who)} cards "
                        f"({', '.join(who)}), {len(rolls)} rolls given",
                        expected=f"{len(who)} rolls", found=repr(list(rolls)))
    for card_id, roll in zip(who, rolls, strict=True):
        track = move_up(track, index_of(track, card_id), int(roll))
    return track


def swap_with_above(track: Track, index: int) -> Track:
    """Aggressive: switch the card at ``index`` with the one directly above it, if any."""
    if index <= 0:
        return track
    cards = list(track)
    cards[index - 1], cards[index] = cards[index], cards[index - 1]
    return tuple(cards)


def remove(track: Track, card_id: str) -> Track:
    """Take a card off the track; the cards below move up to fill the gap."""
    return tuple(c for c in track if c.id != card_id)


def replace_card(track: Track, card: InitCard) -> Track:
    return tuple(card if c.id == card.id else c for c in track)


def reorder(track: Track, order: Sequence[str]) -> Track:
    """The same cards in a typed-in order (to match the table after a slip)."""
    return shuffled(track, None, order)


def choose_boss_cards(cards: Sequence[InitCard], rng: random.Random | None,
                      chosen: Sequence[str] | None = None, n: int = 2) -> tuple[InitCard, ...]:
    """A boss with more than ``n`` cards puts ``n`` chosen at random (or typed in) on the track."""
    if chosen is not None:
        by_id = {c.id: c for c in cards}
        bad = [c for c in chosen if c not in by_id]
        if bad or len(set(chosen)) != len(chosen) or len(chosen) != min(n, len(cards)):
            raise RuleError(f"bad boss initiative cards {list(chosen)!r}",
                            expected=f"{min(n, len(cards))} different cards of "
                                     + ", ".join(by_id))
        return tuple(by_id[c] for c in chosen)
    if len(cards) <= n:
        return tuple(cards)
    pool = list(cards)
    picks = (rng or random.Random()).sample(pool, n)
    return tuple(picks)
