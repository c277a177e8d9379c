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
import unicodedata
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


#: What a keyboard may put in a typed card or rank that names nothing: the emoji presentation selectors a
#: phone's or tablet's keyboard puts after a suit ("♥️" is "♥" then U+FE0F), and zero-width characters.
_UNSEEN = str.maketrans(dict.fromkeys("\ufe0e\ufe0f\u200b\u200c\u200d\u2060\ufeff"))


def typed_text(text: str) -> str:
    """``text`` typed for a card, a rank or a situation as the readers take it: Unicode NFKC (a full-width
    "ＱＨ" is "QH", as a full-width "５" is the number 5 to the command line), without what looks like
    nothing (:data:`_UNSEEN`: "Q♥️" from a tablet's emoji keyboard is "Q♥")."""
    return unicodedata.normalize("NFKC", text).translate(_UNSEEN)


def parse_rank(text: object, *, where: str = "target") -> int:
    """A rank from ``"J"``, ``"jack"``, ``"10"``, ``"t"`` or ``"ace"`` (jokers are never a target); a task
    as the book and the rules README word it is read too: ``"J or better"``, ``"J+"``, ``"face cards"``
    (the book's "Face Cards or better": J, Q, K, A)."""
    word = " ".join(typed_text(str(text)).strip().lower().split())
    word = _FACE.get(word, word)
    for tail in (" or better", "+"):  # "J or better", "face cards or better", "J+": the lowest that succeeds
        if word.endswith(tail) and len(word) > len(tail):
            word = word.removesuffix(tail).strip()
            word = _FACE.get(word, word)
            break
    value = _RANK_WORDS.get(word)
    # J..A by number, as the API takes them (a number of thousands of digits is none: int() refuses it)
    if value is None and word.isdecimal() and len(word) <= 2 and 11 <= int(word) <= 14:
        value = int(word)
    if value is None and word.endswith("s") and len(word) > 2:  # "jacks", "aces", "10s": a rank
        value = _RANK_WORDS.get(word[:-1])
    if value is None and word[-1:] in _SUIT_WORDS and _RANK_WORDS.get(word[:-1].strip()) not in (None, JOKER):
        raise CompanionError(f"a target is a rank, not a card: {text!r}", where=where,
                             expected="a rank such as " + RANK_LABELS[_RANK_WORDS[word[:-1].strip()]],
                             suggestion="Every suit of that rank succeeds alike; leave the suit out.")
    if value is None or value == JOKER:
        hint = did_you_mean(_rank_guesses(word))
        said = shown(text) if isinstance(text, str) else repr(text)  # (cut short: a pasted page is no rank)
        raise CompanionError(f"not a rank: {said}", where=where, expected=RANK_EXPECTED,
                             suggestion=(f"{hint} " if hint else "") + "A task names the lowest rank that "
                                        "succeeds, e.g. 'J' for 'face cards or better'.")
    return value


#: The book's "Face Cards" as a target (mouse-card-system.txt, opening paragraph: J, Q, K, A): a jack.
_FACE = {"face": "j", "faces": "j", "face card": "j", "face cards": "j"}
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


def _card(rank: int, suit: str) -> PlayingCard:
    """The card of ``rank`` (2-A) in ``suit``."""
    return PlayingCard(rank, SUIT_COLOUR[suit], suit)


def _normal(text: str) -> str:
    """Typed text as the card parser reads it: lower case, single-spaced, ``-`` and ``_`` as spaces."""
    return re.sub(r"\s+", " ", text.strip().lower().replace("-", " ").replace("_", " "))


def parse_card(text: object) -> PlayingCard:
    """A card as a game master types it: ``"QH"``, ``"q♥"``, ``"10 of spades"``, ``"red joker"``.

    Raises :class:`CompanionError` naming the text for anything else.
    """
    raw = typed_text(str(text))
    if raw.strip().lower() in BY_ID:  # the bundled file's ids: "q-hearts", "joker-red"
        return BY_ID[raw.strip().lower()]
    word = _normal(raw)
    jokers = {"rj": "red", "bj": "black", "red joker": "red", "black joker": "black",
              "joker red": "red", "joker black": "black", "joker r": "red", "joker b": "black"}
    if word in jokers:
        return PlayingCard(JOKER, jokers[word])
    m = re.fullmatch(r"(.+?)\s*(?:of\s+)?([shdc♠♥♦♣♤♡♢♧]|spades?|hearts?|diamonds?|clubs?)", word)
    if m:
        rank = _RANK_WORDS.get(m.group(1).strip())
        suit = _SUIT_WORDS.get(m.group(2))
        if rank is not None and rank != JOKER and suit is not None:
            return _card(rank, suit)
    raise _not_a_card(raw, _typed_guesses(word))


def _not_a_card(typed: str, hints: list[str], within: str | None = None) -> CompanionError:
    """The refusal of ``typed`` (an item of ``within``, the text typed, when it is part of it)."""
    part_of = f" (in {within!r})" if within is not None and within.split() != typed.split() else ""
    return CompanionError(f"not a card of the Mouse Card deck: {typed!r}{part_of}",
                          expected="a rank and a suit such as 'QH', 'Q♥', '10 of spades', or "
                                   "'red joker' / 'black joker'",
                          suggestion=did_you_mean(hints))


def _typed_guesses(word: str) -> list[str]:
    """The cards closest to a mistyped one (``word``: lower case, single-spaced), written as it was
    typed: ``"red joker"`` for ``"red jokr"``, ``"queen of hearts"`` for ``"queen of hartes"``,
    ``"QC"`` for ``"QX"``; else the closest of every card's short and long name."""
    names = [c.short for c in FULL_DECK] + [c.name.lower() for c in FULL_DECK]
    return _written_guesses(word) or closest(word, names, n=2)


def _written_guesses(word: str) -> list[str]:
    """The cards a mistyped card names (a near joker, a rank or a suit put right), written as
    ``word`` was typed; empty when it names none (then only the general likeness is left)."""
    guesses = _joker_guesses(word) or _card_guesses(word)
    return list(dict.fromkeys(_written_like(card, word) for card in guesses))


def _written_like(card: PlayingCard, typed: str) -> str:
    """``card`` as ``typed`` names cards: in words when it has words (``"jack of clubs"``), else
    short (``"JC"``); a joker by its colour (``"red joker"``)."""
    if card.is_joker:
        return f"{card.colour} joker"
    if " " in typed.strip():
        return card.name.lower()
    return f"{RANK_LABELS[card.rank]}{str(card.suit)[0].upper()}"


def _joker_guesses(word: str) -> list[PlayingCard]:
    """The joker(s) a mistyped joker names (``"red jokr"``, ``"blak joker"``, ``"jokr"``, ``"red"``):
    each word a near ``joker`` or a near colour; the colour named picks one, else both. None when
    a word is neither (``"jack of clubs"``)."""
    words = word.split()
    if not words or len(words) > 2 or min(map(len, words)) < 2:  # ("k" is a king, not a jo-k-er)
        return []
    near = {w: closest(w, COLOURS, n=1) for w in words}  # (each word's nearest colour, if any)
    colours = [c for w in words for c in near[w]]
    jokers = [w for w in words if not near[w] and closest(w, ["joker"], n=1)]
    if len(colours) + len(jokers) != len(words) or len(colours) > 1 or len(jokers) > 1:
        return []
    return [PlayingCard(JOKER, c) for c in (colours or COLOURS)]


def _card_guesses(word: str) -> list[PlayingCard]:
    """The cards closest to a mistyped one (``word``: lower case, single-spaced): the rank put
    right when the suit is one (``"1H"``: AH or 10H; ``"11S"``: JS), or the suit when the rank is
    one (``"QX"``: Q in each suit; ``"queen of cups"``: the queen of clubs), or each suit for a rank
    alone (``"K"``). The longest rank is tried first. A J and a colour (``"JR"``, ``"JB"``: the joker
    named as ``"RJ"`` names it, read the other way round) puts that joker first."""
    if len(word) > 30:  # (a pasted line is no card name: the general likeness says what is close)
        return []
    if "joker" in word:  # a joker has a colour, not a suit
        return [PlayingCard(JOKER, c) for c in COLOURS]
    if _RANK_WORDS.get(word, JOKER) != JOKER:  # a rank without its suit ("K", "queen"): each suit
        return [_card(_RANK_WORDS[word], s) for s in SUITS]
    coloured = re.fullmatch(r"j\s*(r|b|red|black)", word)
    first = [PlayingCard(JOKER, "red" if coloured.group(1).startswith("r") else "black")] if coloured else []
    suit_words = [w for w in _SUIT_WORDS if len(w) > 1]
    for i in range(len(word) - 1, 0, -1):
        rank_text = word[:i].strip()
        suit_text = re.sub(r"^of\s+", "", word[i:].strip())
        rank = _RANK_WORDS.get(rank_text)
        if rank is None and rank_text.isdecimal() and 11 <= int(rank_text) <= 14:
            rank = int(rank_text)  # (J-A by number: a target takes them, a card is named by its rank)
        suit = _SUIT_WORDS.get(suit_text)
        guesses: list[PlayingCard] = []
        if rank not in (None, JOKER) and suit is not None:
            guesses = [_card(int(rank), suit)]
        elif rank not in (None, JOKER) and suit_text:
            near = [_SUIT_WORDS[h] for h in closest(suit_text, suit_words, n=2)]
            suits = list(dict.fromkeys(near)) or (list(SUITS) if len(suit_text) == 1 else [])
            guesses = [_card(int(rank), s) for s in suits]
        elif rank is None and suit is not None and rank_text and " " not in rank_text:  # (a rank is a word)
            guesses = [_card(parse_rank(label), suit) for label in _rank_guesses(rank_text)]
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
    for part in (p for p in re.split(r"\s*[,;]\s*", typed_text(text).strip()) if p):
        words = part.split()
        i = 0
        while i < len(words):
            card, n = _card_at(words, i)
            if card is None:
                typed, hints = _mistyped_at(words, i)
                raise _not_a_card(typed, hints, within=part)
            out.append(card)
            i += n
    return tuple(out)


def _card_at(words: list[str], i: int) -> tuple[PlayingCard | None, int]:
    """The card the longest run of words from ``words[i]`` names (up to 3: "10 of spades"), and
    the run's length; ``None`` when none does."""
    for n in range(min(3, len(words) - i), 0, -1):
        try:
            return parse_card(" ".join(words[i:i + n])), n
        except CompanionError:
            continue
    return None, 1


def _mistyped_at(words: list[str], i: int) -> tuple[str, list[str]]:
    """The mistyped card that begins at ``words[i]`` and the cards it is closest to: the longest
    run of words (up to 3, up to the next card) that reads as a mistyped card ("red jokr", not
    "red"; "queen of hartes", not "queen"), else the one word and whatever it is like."""
    end = next((j for j in range(i + 1, min(i + 3, len(words))) if _card_at(words, j)[0] is not None),
               min(i + 3, len(words)))
    for n in range(end - i, 1, -1):
        if guesses := _written_guesses(_normal(" ".join(words[i:i + n]))):
            return " ".join(words[i:i + n]), guesses
    return words[i], _typed_guesses(_normal(words[i]))
