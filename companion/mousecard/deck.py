"""The 54-card Mouse Card deck: ranks, suits, colours, and a forgiving card-name parser.

mouse-card-system.txt, opening paragraph: jokers and deuces are low, aces and kings high.
Rules README, The Mouse Card system: 52 standard cards plus a red and a black joker,
ordered joker < 2 < 3 < ... < 10 < J < Q < K < A.

Ranks are plain integers so they compare the way the book ranks them: joker 1, 2..10,
J 11, Q 12, K 13, A 14 (the same ``value`` the bundled ``data/mousecard`` file records).
Card ids match that file (``"q-hearts"``, ``"10-spades"``, ``"joker-red"``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .. import cite
from ..errors import CompanionError, closest, did_you_mean, shown

JOKER, JACK, QUEEN, KING, ACE = 1, 11, 12, 13, 14

#: Rank value -> short label, low to high.
RANK_LABELS: dict[int, str] = {JOKER: "joker", **{n: str(n) for n in range(2, 11)},
                               JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
RANK_NAMES: dict[int, str] = {JOKER: "Joker", **{n: str(n) for n in range(2, 11)},
                              JACK: "Jack", QUEEN: "Queen", KING: "King", ACE: "Ace"}

SUITS: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
SUIT_COLOUR: dict[str, str] = {"spades": "black", "clubs": "black", "hearts": "red", "diamonds": "red"}
SUIT_SYMBOL: dict[str, str] = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
COLOURS: tuple[str, ...] = ("red", "black")

DECK_CITE = cite("mousecard", "opening paragraph (jokers and deuces low, aces and kings high)")


@dataclass(frozen=True, slots=True, order=True)
class PlayingCard:
    """One card of the deck. ``suit`` is ``None`` for the two jokers, which carry a colour only."""

    rank: int
    colour: str
    suit: str | None = None

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def id(self) -> str:
        """The id used by the bundled card file: ``"q-hearts"``, ``"joker-red"``."""
        if self.is_joker:
            return f"joker-{self.colour}"
        return f"{RANK_LABELS[self.rank].lower()}-{self.suit}"

    @property
    def name(self) -> str:
        if self.is_joker:
            return f"{self.colour.capitalize()} Joker"
        return f"{RANK_NAMES[self.rank]} of {str(self.suit).capitalize()}"

    @property
    def short(self) -> str:
        """Compact label for tables and logs: ``"Q♥"``, ``"10♠"``, ``"red joker"``."""
        if self.is_joker:
            return f"{self.colour} joker"
        return f"{RANK_LABELS[self.rank]}{SUIT_SYMBOL[str(self.suit)]}"

    def __str__(self) -> str:
        return self.short


def _make_deck() -> tuple[PlayingCard, ...]:
    cards = [PlayingCard(rank, SUIT_COLOUR[suit], suit) for suit in SUITS for rank in range(2, 15)]
    cards += [PlayingCard(JOKER, "red"), PlayingCard(JOKER, "black")]
    return tuple(cards)


#: The full deck in a fixed canonical order (by suit, then rank; the jokers last).
FULL_DECK: tuple[PlayingCard, ...] = _make_deck()
BY_ID: dict[str, PlayingCard] = {c.id: c for c in FULL_DECK}


def deck_counter(cards: Iterable[PlayingCard] = FULL_DECK) -> Counter[PlayingCard]:
    """Cards as a multiset (a live deck's remaining cards, or the full deck)."""
    return Counter(cards)


_RANK_WORDS = {"joker": JOKER, "jack": JACK, "queen": QUEEN, "king": KING, "ace": ACE,
               "j": JACK, "q": QUEEN, "k": KING, "a": ACE, "t": 10, "deuce": 2, "two": 2,
               "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
               "ten": 10, **{str(n): n for n in range(2, 11)}}
_SUIT_WORDS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs",
               "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs", "♤": "spades",
               "♡": "hearts", "♢": "diamonds", "♧": "clubs",
               **{s: s for s in SUITS}, **{s[:-1]: s for s in SUITS}}


def parse_rank(text: object, *, where: str = "target") -> int:
    """A rank from ``"J"``, ``"jack"``, ``"10"``, ``"t"`` or ``"ace"`` (jokers are never a target)."""
    word = str(text).strip().lower()
    value = _RANK_WORDS.get(word)
    # J..A by number, as the API takes them (a number of thousands of digits is none: int() refuses it)
    if value is None and word.isdecimal() and len(word) <= 2 and 11 <= int(word) <= 14:
        value = int(word)
    if value is None and word.endswith("s") and len(word) > 2:  # "jacks", "aces", "10s": a rank
        value = _RANK_WORDS.get(word[:-1])
    if value is None and word[-1:] in _SUIT_WORDS and _RANK_WORDS.get(word[:-1].strip()) not in (None, JOKER):
        raise CompanionError(f"a target is a rank, not a card: {text!r}", where=where,
                             expected="a rank such as " + str(text).strip()[:-1].strip().upper(),
                             suggestion="Every suit of that rank succeeds alike; leave the suit out.")
    if value is None or value == JOKER:
        hint = did_you_mean(_rank_guesses(word))
        said = shown(text) if isinstance(text, str) else repr(text)  # (cut short: a pasted page is no rank)
        raise CompanionError(f"not a rank: {said}", where=where, expected=RANK_EXPECTED,
                             suggestion=(f"{hint} " if hint else "") + "A task names the lowest rank that "
                                        "succeeds, e.g. 'J' for 'face cards or better'.")
    return value


#: What a rank may be, as every refusal of one says (11-14 are taken for J-A, as the API takes them).
RANK_EXPECTED = "one of 2, 3, ..., 10, J, Q, K, A (11-14 also mean J, Q, K, A)"


def _rank_guesses(word: str) -> list[str]:
    """The ranks (``"Q"``) closest to a mistyped rank word (``"quen"``, ``"Kng"``, ``"Jak"``), best
    first; a 1 is an ace counted low or a 10 missing its 0. Never the joker: it is no target."""
    word = word.strip().lower()
    if word == "1":
        return ["A", "10"]
    if len(word) < 2 or word.isdecimal():  # (another number: the expected ranks say what is taken)
        return []
    words = [w for w, r in _RANK_WORDS.items() if r != JOKER and len(w) > 1 and not w.isdecimal()]
    return list(dict.fromkeys(RANK_LABELS[_RANK_WORDS[h]] for h in closest(word, words)))


def parse_card(text: object) -> PlayingCard:
    """A card as a game master types it: ``"QH"``, ``"q♥"``, ``"10 of spades"``, ``"red joker"``.

    Raises :class:`CompanionError` naming the text for anything else.
    """
    raw = str(text)
    if raw.strip().lower() in BY_ID:  # the bundled file's ids: "q-hearts", "joker-red"
        return BY_ID[raw.strip().lower()]
    word = re.sub(r"\s+", " ", raw.strip().lower().replace("-", " ").replace("_", " "))
    jokers = {"rj": "red", "bj": "black", "red joker": "red", "black joker": "black",
              "joker red": "red", "joker black": "black", "joker r": "red", "joker b": "black"}
    if word in jokers:
        return PlayingCard(JOKER, jokers[word])
    m = re.fullmatch(r"(.+?)\s*(?:of\s+)?([shdc♠♥♦♣♤♡♢♧]|spades?|hearts?|diamonds?|clubs?)", word)
    if m:
        rank = _RANK_WORDS.get(m.group(1).strip())
        suit = _SUIT_WORDS.get(m.group(2))
        if rank is not None and rank != JOKER and suit is not None:
            return PlayingCard(rank, SUIT_COLOUR[suit], suit)
    hints = _card_guesses(word) or closest(word, [c.short for c in FULL_DECK]
                                           + [c.name.lower() for c in FULL_DECK], n=2)
    raise CompanionError(f"not a card of the Mouse Card deck: {raw!r}",
                         expected="a rank and a suit such as 'QH', 'Q♥', '10 of spades', or "
                                  "'red joker' / 'black joker'",
                         suggestion=did_you_mean(hints))


def _card_guesses(word: str) -> list[str]:
    """The cards closest to a mistyped one, as a game master types them (``"QH"``): the rank put
    right when the suit is one (``"1H"``: AH or 10H; ``"11S"``: JS), or the suit when the rank is
    one (``"QX"``: Q in each suit; ``"queen of cups"``: QC). The longest rank is tried first. A J
    and a colour (``"JR"``, ``"JB"``: the joker named as ``"RJ"`` names it, read the other way round)
    puts that joker first."""
    if len(word) > 30:  # (a pasted line is no card name: the general likeness says what is close)
        return []
    if "joker" in word:  # a joker has a colour, not a suit
        return ["red joker", "black joker"]
    coloured = re.fullmatch(r"j\s*(r|b|red|black)", word)
    first = [f"{'red' if coloured.group(1).startswith('r') else 'black'} joker"] if coloured else []
    suit_words = [w for w in _SUIT_WORDS if len(w) > 1]
    for i in range(len(word) - 1, 0, -1):
        rank_text = word[:i].strip()
        suit_text = re.sub(r"^of\s+", "", word[i:].strip())
        rank = _RANK_WORDS.get(rank_text)
        if rank is None and rank_text.isdecimal() and 11 <= int(rank_text) <= 14:
            rank = int(rank_text)  # (J-A by number: a target takes them, a card is named by its rank)
        suit = _SUIT_WORDS.get(suit_text)
        guesses: list[str] = []
        if rank not in (None, JOKER) and suit is not None:
            guesses = [f"{RANK_LABELS[int(rank)]}{suit[0].upper()}"]
        elif rank not in (None, JOKER) and suit_text:
            near = [_SUIT_WORDS[h] for h in closest(suit_text, suit_words, n=2)]
            suits = list(dict.fromkeys(near)) or (list(SUITS) if len(suit_text) == 1 else [])
            guesses = [f"{RANK_LABELS[int(rank)]}{s[0].upper()}" for s in suits]
        elif rank is None and suit is not None and rank_text:
            guesses = [f"{label}{suit[0].upper()}" for label in _rank_guesses(rank_text)]
        if guesses:
            return first + guesses
    return first


def parse_cards(text: str | Iterable[str]) -> tuple[PlayingCard, ...]:
    """Several cards, comma- or space-separated (``"QH, 10S, red joker"``, ``"2H 3H red joker"``);
    without commas, the words are read left to right, each card the longest run of words
    that names one ("10 of spades", "red joker")."""
    if not isinstance(text, str):
        return tuple(parse_card(str(p)) for p in text)
    out: list[PlayingCard] = []
    for part in (p for p in re.split(r"\s*[,;]\s*", text.strip()) if p):
        words = part.split()
        i = 0
        while i < len(words):
            for n in range(min(3, len(words) - i), 0, -1):
                try:
                    card = parse_card(" ".join(words[i:i + n]))
                except CompanionError as exc:
                    if n > 1:
                        continue
                    if len(words) == 1:
                        raise
                    raise CompanionError(f"{exc.message} (in {part!r})", expected=exc.expected,
                                         suggestion=exc.suggestion) from None
                out.append(card)
                i += n
                break
    return tuple(out)
