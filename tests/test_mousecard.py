"""The Mouse Card system: the deck, bad cards and the exact odds of a task check.

Small cases are derived by hand in the comments (cards named Q♥ etc.; "combat" makes the
red joker bad). Large cases are checked against an independent card-by-card simulator
that lives only here.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.mousecard.deck import (
    ACE,
    FULL_DECK,
    JOKER,
    KING,
    PlayingCard,
    parse_card,
    parse_cards,
    parse_rank,
)
from companion.mousecard.odds import (
    BONUS_POLICIES,
    HOUSE_NOTES,
    KING_POLICIES,
    POLICY_NOTES,
    TaskCheck,
    exact_odds,
    odds,
    success_curve,
)
from companion.mousecard.situations import BadRule

QH, QS, KS, AS, S2, S3, H2 = (parse_card(x) for x in ("QH", "QS", "KS", "AS", "2S", "3S", "2H"))
RJ, BJ, KH = parse_card("red joker"), parse_card("black joker"), parse_card("KH")


# -- the deck -------------------------------------------------------------------------------------

def test_the_deck_has_54_cards_ordered_joker_low_ace_high() -> None:
    assert len(FULL_DECK) == 54 == len(set(FULL_DECK))
    assert sum(c.is_joker for c in FULL_DECK) == 2
    assert {c.colour for c in FULL_DECK if c.is_joker} == {"red", "black"}
    ranks = sorted({c.rank for c in FULL_DECK})
    assert ranks == [JOKER, *range(2, 11), 11, 12, KING, ACE]
    assert sum(1 for c in FULL_DECK if c.colour == "red") == 27


def test_the_books_16_to_38_falls_out() -> None:
    # mouse-card-system.txt: "J, Q, K, A -> 16:38": 4 ranks x 4 suits succeed, 38 cards do not.
    r = odds(1, "J")
    assert r.single_card_odds == "16:38"
    assert r.p_success == Fraction(16, 54)


@pytest.mark.parametrize(("text", "card"), [
    ("QH", PlayingCard(12, "red", "hearts")), ("q♥", PlayingCard(12, "red", "hearts")),
    ("10 of spades", PlayingCard(10, "black", "spades")), ("Ts", PlayingCard(10, "black", "spades")),
    ("ace of diamonds", PlayingCard(ACE, "red", "diamonds")), ("red joker", RJ), ("BJ", BJ),
    ("joker-black", BJ), ("k-clubs", PlayingCard(KING, "black", "clubs")),
])
def test_card_names_a_game_master_types(text: str, card: PlayingCard) -> None:
    assert parse_card(text) == card


def test_parse_cards_accepts_commas_or_spaces() -> None:
    assert parse_cards("QH 3s") == (QH, S3)
    assert parse_cards("QH, red joker, 10 of spades")[1] == RJ


@pytest.mark.parametrize("bad", ["", "joker", "1H", "11S", "QX", "queen of cups"])
def test_a_bad_card_name_is_a_clear_error(bad: str) -> None:
    with pytest.raises(CompanionError, match="not a card"):
        parse_card(bad)


@given(st.text(max_size=30))
@settings(max_examples=300, deadline=None)
def test_card_parser_never_raises_anything_but_companion_error(text: str) -> None:
    try:
        parse_card(text)
        parse_cards(text)
    except CompanionError:
        pass


@pytest.mark.parametrize("text", ["1", "0", "joker", "15", "B", ""])  # (11-14: J-A, as the API)
def test_a_target_must_be_a_rank_from_2_to_ace(text: str) -> None:
    with pytest.raises(CompanionError, match="not a rank"):
        parse_rank(text)


def test_bundled_card_data_matches_the_model() -> None:
    from companion.cards import DATA_DIR, load_game

    if not (DATA_DIR / "mousecard").is_dir() or not list((DATA_DIR / "mousecard").glob("*.json")):
        pytest.skip("no bundled data/mousecard file")
    db = load_game("mousecard", include_user=False)
    assert len(db) == 54
    by_id = {c.id: c for c in db}
    assert set(by_id) == {c.id for c in FULL_DECK}
    for card in FULL_DECK:
        rec = by_id[card.id]
        assert rec.name == card.name
        assert rec.get("colour") == card.colour
        assert rec.get("value") == card.rank
        assert rec.get("suit") == card.suit
        assert parse_card(rec.name) == card


# -- bad cards ------------------------------------------------------------------------------------

def test_bad_cards_by_situation() -> None:
    # mouse-card-system.txt, Task checks: red joker in combat, black in the unknown, both together.
    assert BadRule("calm").bad_cards() == ()
    assert BadRule("combat").bad_cards() == (RJ,)
    assert BadRule("unknown").bad_cards() == (BJ,)
    assert set(BadRule("combat-unknown").bad_cards()) == {RJ, BJ}


def test_each_level_of_aged_or_disadvantage_adds_the_next_rank_of_the_bad_colours() -> None:
    # One level: deuces of the bad colour; two levels: deuces and threes (the book's example).
    assert {c.short for c in BadRule("combat", aged=1).bad_cards()} == {"red joker", "2♥", "2♦"}
    two = {c.short for c in BadRule("unknown", aged=1, disadvantage=1).bad_cards()}
    assert two == {"black joker", "2♠", "2♣", "3♠", "3♣"}
    assert len(BadRule("combat-unknown", aged=2).bad_cards()) == 2 + 8


def test_calm_has_no_bad_colour_so_levels_add_nothing_and_say_so() -> None:
    rule = BadRule("calm", aged=3)
    assert rule.bad_cards() == ()
    assert any("calm" in n for n in rule.notes())
    assert odds(1, "J", aged=3).p_bad == 0


def test_red_bad_house_reading_is_a_parameter() -> None:
    joker = BadRule("ground", aged=1)  # alias of red-bad; default reading: red as in combat
    assert joker.situation == "red-bad"
    assert {c.short for c in joker.bad_cards()} == {"red joker", "2♥", "2♦"}
    assert len(BadRule("red-bad", red_bad="all").bad_cards()) == 27
    assert any("house interpretation" in n for n in joker.notes())
    # every red card bad: one card is bad half the time (27 of 54)
    assert odds(1, "J", situation="red-bad", red_bad="all").p_bad == Fraction(1, 2)


def test_levels_are_capped_at_king() -> None:
    BadRule("combat", aged=12)
    with pytest.raises(CompanionError, match="too many levels"):
        BadRule("combat", aged=10, disadvantage=3)


# -- exact odds: small cases by hand --------------------------------------------------------------

def test_cautious_stops_at_the_first_bad_card() -> None:
    # Deck {Q♥, red joker, 2♠}, combat, skill 2, J or better, cautious:
    #   Q first (1/3): success, stop.  Red joker first (1/3): bad, stop, fail.
    #   2♠ first (1/3): draw again from {Q♥, RJ}: Q (1/2) success, RJ (1/2) bad.
    #   P(success) = 1/3 + 1/3*1/2 = 1/2; P(bad) = 1/3 + 1/6 = 1/2; E[cards] = 1/3 + 1/3 + 2/3 = 4/3.
    r = odds(2, "J", situation="combat", deck=[QH, RJ, S2])
    assert (r.p_success, r.p_bad, r.expected_cards) == (Fraction(1, 2), Fraction(1, 2), Fraction(4, 3))
    assert r.p_several_bad == 0


def test_going_for_broke_every_bad_card_counts_and_successes_still_count() -> None:
    # Same deck, all at once: hands {Q,RJ}, {Q,2}, {RJ,2}, each 1/3.
    #   success iff Q in hand: 2/3; a bad card iff RJ in hand: 2/3; always 2 cards.
    r = odds(2, "J", situation="combat", mode="broke", deck=[QH, RJ, S2])
    assert (r.p_success, r.p_bad, r.expected_cards) == (Fraction(2, 3), Fraction(2, 3), 2)
    assert dict(r.successes) == {0: Fraction(1, 3), 1: Fraction(2, 3)}


def test_a_joker_reshuffles_every_drawn_card_back_in_cautious_mode() -> None:
    # Deck {black joker, 3♠}, calm (jokers not bad), skill 2, J or better:
    #   joker first (1/2): reshuffle -> full 54-card deck, 1 draw left: 16/54.
    #   3♠ first (1/2): the last card is the joker: no success.
    #   P = 1/2 * 16/54 = 4/27. Without the reshuffle it would be 0.
    r = odds(2, "J", deck=[BJ, S3])
    assert r.p_success == Fraction(4, 27)
    assert r.expected_cards == 2


def test_a_king_draws_one_more_card() -> None:
    # Deck {K♠, A♠, 3♠}, A or better (a king is not a success), skill 1:
    #   K (1/3): one more card from {A, 3}: A 1/2.  A (1/3): success.  3 (1/3): fail.
    #   P = 1/3 + 1/6 = 1/2; E[cards] = 2/3 + 1/3 + 1/3 = 4/3. Never taking it: P = 1/3.
    r = odds(1, "A", deck=[KS, AS, S3])
    assert (r.p_success, r.expected_cards) == (Fraction(1, 2), Fraction(4, 3))
    assert odds(1, "A", deck=[KS, AS, S3], kings="never").p_success == Fraction(1, 3)


def test_going_for_broke_no_kings_card_follows_a_bad_card() -> None:
    # Deck {K♥, red joker, Q♠}, combat (the red joker is bad), skill 2, J or better, need 2,
    # every king's card taken, all at once: hands {K,RJ}, {K,Q}, {RJ,Q}, each 1/3.
    #   {K,Q}: 2 successes. {K,RJ}: the bad joker ends the drawing (mouse-card-system.txt, Task
    #   checks: no more cards this round), so the king's card is not drawn: 1 success.
    #   P = 1/3, always 2 cards. (Were the king's card drawn, from the reshuffled 54-card deck,
    #   P would be 1/3 + 1/3 * 16/54.)
    r = odds(2, "J", need=2, situation="combat", mode="broke", kings="always", deck=[KH, RJ, QS])
    assert (r.p_success, r.expected_cards, r.p_bad) == (Fraction(1, 3), 2, Fraction(2, 3))
    # A bad king's card ends it too. Deck {K♠, 3♠, K♥, A♠}, every red card bad, A or better,
    # skill 2: of the 6 hands, {K♠,3♠} draws K♠'s card: K♥ (1/2) is bad, so no card follows
    # it (fail), A♠ (1/2) succeeds; {K♠,K♥} and {3♠,K♥} hold a bad card: no card, fail; the
    # three hands with A♠ succeed. P = (1/2 + 3) / 6 = 7/12; E[cards] = (3 + 5 * 2) / 6 = 13/6.
    # (Before the rule, every hand reached the ace: P = 1.)
    r = odds(2, "A", situation="red-bad", red_bad="all", mode="broke", kings="always",
             deck=[KS, S3, KH, AS])
    assert (r.p_success, r.expected_cards) == (Fraction(7, 12), Fraction(13, 6))


def test_a_bad_ace_still_brings_its_extra_success() -> None:
    # Every red card bad, A or better, need 3, one chip: the only card, A♥, is bad. Stopping
    # there succeeds (the ace, its extra success, the chip: 3), so "best" stops: P = 1. (The
    # chip was spent cancelling the ace, because the ace's own bonus was left out: P = 0.)
    r = odds(1, "A", need=3, situation="red-bad", red_bad="all", fate_chips=1, deck=["AH"])
    assert (r.p_success, r.p_bad, r.expected_chips) == (1, 1, 1)
    # From a full deck, against an independent enumeration of every ordering (a reviewer's
    # brute-force solver, outside this project): 20703294091/101824915725 and 1/13.
    kw = {"situation": "red-bad", "red_bad": "all", "fate_chips": 1}
    assert odds(3, "J", need=3, **kw).p_success == Fraction(20703294091, 101824915725)
    assert odds(1, "A", need=3, **kw).p_success == Fraction(1, 13)


def test_a_player_sure_before_drawing_draws_nothing_in_either_mode() -> None:
    # one chip for a need of 1: stopping once sure, neither mode draws a card (the broke hand
    # was drawn anyway: E[cards] 3 and a 7.8% chance of a bad card for a check already won)
    for mode in ("cautious", "broke"):
        r = odds(3, "J", situation="combat", aged=1, mode=mode, fate_chips=1)
        assert (r.p_success, r.expected_cards, r.p_bad, r.expected_chips) == (1, 0, 0, 1)
        drawn = odds(3, "J", situation="combat", aged=1, mode=mode, fate_chips=1, stop_when_sure=False)
        assert drawn.expected_cards > 0


def test_the_one_card_odds_name_the_deck_the_first_card_comes_from() -> None:
    # an empty live deck, or one smaller than a broke hand, is reshuffled first
    assert odds(3, "J", deck=[]).single_card_odds == "16:38"
    assert odds(3, "J", deck=["QH"], mode="broke").single_card_odds == "16:38"
    assert odds(3, "J", deck=["QH", "2S"]).single_card_odds == "1:1"


def test_choices_are_checked_and_every_expectation_is_exact_in_json() -> None:
    with pytest.raises(CompanionError, match="true or false"):
        TaskCheck(3, "J", stop_when_sure="False")  # type: ignore[arg-type]
    j = odds(3, "J", situation="combat", fate_chips=2).to_json()
    assert Fraction(j["expected_chips_spent_exact"]) == pytest.approx(j["expected_chips_spent"])
    assert Fraction(j["expected_bad_cancelled_exact"]) == pytest.approx(j["expected_bad_cancelled"])


def test_house_readings_are_parameters() -> None:
    # bad_succeeds: Q♥ is bad (every red card) and reaches J: a success, or not
    kw = {"situation": "red-bad", "red_bad": "all", "deck": ["QH"]}
    assert odds(1, "J", **kw).p_success == 1
    off = odds(1, "J", bad_succeeds=False, **kw)
    assert off.p_success == 0 and any("bad_succeeds off" in n for n in off.notes)
    # cancel_draws_on: deck {2♥, Q♥, Q♠}, combat with Aged 1 (2♥ bad), J or better, need 2, one
    # chip, skill 3. Drawing on after a cancel: 2♥ first (1/3) is cancelled and both queens
    # follow: P = 1. A cancelled bad card ending the draw: 2♥ first leaves the chip alone,
    # 1 of 2: P = 2/3 (a queen first, then 2♥: the queen and the chip make 2).
    kw = {"need": 2, "situation": "combat", "aged": 1, "fate_chips": 1, "deck": ["2H", "QH", "QS"]}
    assert odds(3, "J", **kw).p_success == 1
    ends = odds(3, "J", cancel_draws_on=False, **kw)
    assert ends.p_success == Fraction(2, 3) and any("cancel_draws_on off" in n for n in ends.notes)
    assert "a cancelled bad card ends the draw" in ends.check.describe()


def test_an_ace_is_a_success_and_adds_one_more() -> None:
    # Deck {A♠, 3♠}, need 2, skill 1: the ace gives 2 successes (1/2), the 3 none.
    r = odds(1, "J", need=2, deck=[AS, S3])
    assert r.p_success == Fraction(1, 2)
    assert dict(r.successes) == {0: Fraction(1, 2), 2: Fraction(1, 2)}


def test_an_ace_cancels_a_bad_card_when_going_for_broke() -> None:
    # Full deck, combat in the unknown (both jokers bad), skill 2, all at once. C(54,2) = 1431 hands.
    #   a bad card drawn: 1431 - C(52,2) = 105 hands; both jokers: 1 hand.
    #   With bonus="success" aces never cancel: P(bad) = 105/1431, P(several) = 1/1431.
    #   With "best", an ace beside one joker has done its job (the need is 1) and cancels it:
    #   the 4*2 = 8 {ace, joker} hands lose their bad card: P(bad in effect) = 97/1431.
    kw = {"situation": "combat-unknown", "mode": "broke"}
    plain = odds(2, "J", bonus="success", **kw)
    assert (plain.p_bad, plain.p_several_bad) == (Fraction(105, 1431), Fraction(1, 1431))
    best = odds(2, "J", **kw)
    assert best.p_bad == Fraction(97, 1431)
    assert best.p_success == plain.p_success == 1 - Fraction(math.comb(38, 2), 1431)
    assert best.expected_cancelled == Fraction(8, 1431)


def test_a_fate_chip_is_an_extra_success() -> None:
    # need 1 and one chip: already sure, nothing to draw; the chip is spent.
    r = odds(3, "A", fate_chips=1)
    assert (r.p_success, r.expected_cards, r.expected_chips) == (1, 0, 1)


def test_a_fate_chip_cancels_a_bad_card_so_drawing_goes_on() -> None:
    # Deck {red joker, Q♠}, combat, need 2, one chip, skill 2, cautious:
    #   Q first (1/2): 1 success + the chip = 2: sure, stop (chip spent).
    #   RJ first (1/2): bad; stopping fails (0 + 1 < 2), so the chip cancels it (spent) and the
    #   draw goes on. The joker reshuffled the full deck; one draw left and no chip:
    #     an ace (4/54): a success + 1 = 2;
    #     a king (4/54): a success, and one more card from 53: J or better (15/53) makes 2;
    #     the red joker again (1/54), or a king then the red joker (4/54 * 1/53): bad, stop.
    #   P = 1/2 + 1/2 * (4/54 + 4/54 * 15/53) = 1567/2862;
    #   P(bad) = 1/2 * (1/54 + 4/54 * 1/53) = 57/5724; chips spent: always 1; cancelled: 1/2.
    r = odds(2, "J", need=2, situation="combat", fate_chips=1, deck=[RJ, QS])
    assert r.p_success == Fraction(1, 2) + Fraction(1, 2) * (Fraction(4, 54) + Fraction(4 * 15, 54 * 53))
    assert r.p_success == Fraction(1567, 2862)
    assert r.p_bad == Fraction(57, 5724)
    assert (r.expected_chips, r.expected_cancelled) == (1, Fraction(1, 2))
    # Policy "success": never cancel; the RJ stops the draw and one chip cannot make 2.
    assert odds(2, "J", need=2, situation="combat", fate_chips=1, deck=[RJ, QS],
                bonus="success").p_success == Fraction(1, 2)


def test_an_ace_cannot_cancel_itself() -> None:
    # Every red card bad; deck {A♥}: the ace is a success (and +1) but stays bad in effect.
    ah = parse_card("AH")
    for mode in ("cautious", "broke"):
        r = odds(1, "J", situation="red-bad", red_bad="all", mode=mode, deck=[ah])
        assert (r.p_success, r.p_bad) == (1, 1)
    # With a second ace beside it, the other ace cancels it: hand {A♥, A♠}, all at once.
    r = odds(2, "J", situation="red-bad", red_bad="all", mode="broke", deck=[ah, AS])
    assert (r.p_success, r.p_bad) == (1, 0)


def test_aged_adds_bad_cards_to_a_single_draw() -> None:
    # Combat, Aged 1: red joker, 2♥, 2♦ are bad: 3/54 = 1/18 for one card.
    assert odds(1, "J", situation="combat", aged=1).p_bad == Fraction(1, 18)
    # Combat in the unknown, Aged 1 + Leader 1: both jokers, all 2s and 3s: 10/54.
    assert odds(1, "J", situation="combat-unknown", aged=1, disadvantage=1).p_bad == Fraction(10, 54)


def test_a_bad_card_at_or_above_the_target_is_still_a_success() -> None:
    # Target 2, combat, Aged 1, deck {2♥}: the 2♥ succeeds and is bad.
    r = odds(1, "2", situation="combat", aged=1, deck=[H2])
    assert (r.p_success, r.p_bad) == (1, 1)
    assert any("still counts as a success" in n for n in r.notes)


def test_broke_without_aces_or_jokers_is_hypergeometric() -> None:
    # Calm, all at once, skill 2: P(no J+ among 2) = C(38,2)/C(54,2).
    assert odds(2, "J", mode="broke").p_success == 1 - Fraction(math.comb(38, 2), math.comb(54, 2))


def test_live_deck_remaining_cards_change_the_odds() -> None:
    no_faces = [c for c in FULL_DECK if c.rank < 11]
    assert odds(1, "J", deck=no_faces).p_success == 0
    assert odds(1, "J", deck=no_faces).single_card_odds == "0:38"


def test_a_repeated_card_in_a_deck_is_refused() -> None:
    with pytest.raises(CompanionError, match="repeated"):
        exact_odds(TaskCheck(1, "J"), [QH, QH])


@pytest.mark.parametrize("kwargs", [
    {"skill": 0, "target": "J"}, {"skill": 21, "target": "J"}, {"skill": 2, "target": "1"},
    {"skill": 2, "target": "J", "need": 0}, {"skill": 2, "target": "J", "situation": "war"},
    {"skill": 2, "target": "J", "mode": "reckless"}, {"skill": 2, "target": "J", "aged": -1},
    {"skill": 2, "target": "J", "fate_chips": -1}, {"skill": 2, "target": "J", "kings": "maybe"},
    {"skill": True, "target": "J"},
])
def test_bad_check_input_is_a_companion_error(kwargs: dict) -> None:
    with pytest.raises(CompanionError):
        TaskCheck(**kwargs)


# -- properties -------------------------------------------------------------------------------

checks = st.builds(
    TaskCheck, skill=st.integers(1, 4), target=st.integers(2, 14), need=st.integers(1, 3),
    situation=st.sampled_from(["calm", "combat", "unknown", "combat-unknown", "red-bad"]),
    aged=st.integers(0, 2), mode=st.sampled_from(["cautious", "broke"]), fate_chips=st.integers(0, 2))


@given(checks)
@settings(max_examples=60, deadline=None)
def test_distributions_add_up_and_policies_are_never_beaten(check: TaskCheck) -> None:
    from dataclasses import replace

    r = exact_odds(check)
    assert sum(p for _, p in r.successes) == 1 == sum(p for _, p in r.bad)
    assert 0 <= r.p_several_bad <= r.p_bad <= 1
    for other in (replace(check, bonus="success"), replace(check, bonus="cancel"),
                  replace(check, kings="never")):
        assert exact_odds(other).p_success <= r.p_success


@given(checks, st.sampled_from(KING_POLICIES), st.sampled_from(["best", "success"]), st.integers(0, 12),
       st.sampled_from(["joker", "all"]))
@settings(max_examples=80, deadline=None)
def test_drawing_on_when_sure_never_changes_the_chance_of_success(
        check: TaskCheck, kings: str, bonus: str, chips: int, red_bad: str) -> None:
    # what lets the plot compute a draw-on curve with the stop rule (success_curve): a sure
    # player only gains successes, aces and chips, and "best" bonuses cancel a bad card only
    # while the check stays certain
    from dataclasses import replace

    stop = replace(check, kings=kings, bonus=bonus, fate_chips=chips, red_bad=red_bad)
    draw_on = replace(stop, stop_when_sure=False)
    assert exact_odds(draw_on).p_success == exact_odds(stop).p_success


def test_bonuses_on_cancelling_first_can_make_drawing_on_fail() -> None:
    # the exception: spending a chip to cancel a bad card can leave a sure player short, so
    # the plot computes these curves drawing on
    stop = TaskCheck(6, "Q", need=2, situation="combat", aged=2, fate_chips=2, bonus="cancel")
    draw_on = TaskCheck(6, "Q", need=2, situation="combat", aged=2, fate_chips=2, bonus="cancel",
                        stop_when_sure=False)
    assert exact_odds(draw_on).p_success < exact_odds(stop).p_success
    curve = success_curve(["Q"], [6], need=2, situation="combat", aged=2, fate_chips=2, bonus="cancel",
                          stop_when_sure=False)
    assert curve["Q"][0][1] == exact_odds(draw_on).p_success


def test_more_skill_never_hurts_and_higher_targets_are_harder() -> None:
    curves = success_curve(["8", "J", "A"], range(1, 7), situation="combat")
    for points in curves.values():
        ps = [p for _, p in points]
        assert ps == sorted(ps)
    assert curves["8"][3][1] > curves["J"][3][1] > curves["A"][3][1]


# -- simulation agreement ---------------------------------------------------------------------

def simulate(check: TaskCheck, rng: random.Random, deck: list[PlayingCard] | None = None
             ) -> tuple[bool, int, int]:
    """One check card by card with the same rules and policies -> (success, bad in effect, cards)."""
    rule = check.bad_rule()
    need, chips = check.need, check.fate_chips
    pile = list(deck if deck is not None else FULL_DECK)
    rng.shuffle(pile)

    def reshuffle() -> None:
        pile[:] = list(FULL_DECK)
        rng.shuffle(pile)

    def draw() -> PlayingCard:
        if not pile:
            reshuffle()
        return pile.pop()

    def info(c: PlayingCard) -> tuple[bool, bool]:
        bad = rule.is_bad(c)
        return c.rank >= int(check.target) and (check.bad_succeeds or not bad), bad

    s = ab = bad = drawn = bad_aces = 0
    ch = chips

    def sure() -> bool:
        return s + ab + ch >= need

    if check.mode == "cautious":
        left = check.skill
        if sure():
            left = 0
        while left > 0:
            c = draw()
            drawn += 1
            left -= 1
            succ, isbad = info(c)
            s += succ
            ab += c.rank == ACE
            if c.is_joker:
                reshuffle()
            if isbad:
                own = ab - (c.rank == ACE)  # an ace cannot cancel itself, but its bonus counts
                b = own + ch
                if not check.cancel_draws_on:
                    cancel = False  # the bad card ends the draw; bonuses are spent below
                elif b > 0 and s + ab + ch - 1 >= need:
                    cancel = True
                elif s + ab + ch >= need:
                    cancel = False
                else:
                    cancel = b > 0
                if not cancel:
                    bad = 1
                    break
                if own:
                    ab -= 1
                else:
                    ch -= 1
            if c.rank == KING and not sure():
                left += 1
            if sure():
                break
    else:
        if len(pile) < check.skill:
            reshuffle()
        hand = [pile.pop() for _ in range(check.skill)]
        drawn = len(hand)
        kings = 0
        for c in hand:
            succ, isbad = info(c)
            s += succ
            ab += c.rank == ACE
            bad += isbad
            bad_aces += isbad and c.rank == ACE
            kings += c.rank == KING
        if any(c.is_joker for c in hand):
            reshuffle()
        extra = kings if not sure() and not bad else 0  # no card after a bad one (Task checks)
        while extra > 0:
            c = draw()
            drawn += 1
            extra -= 1
            succ, isbad = info(c)
            s += succ
            ab += c.rank == ACE
            bad += isbad
            bad_aces += isbad and c.rank == ACE
            if c.is_joker:
                reshuffle()
            if isbad:
                break
            if c.rank == KING and not sure():
                extra += 1
            if sure():
                break
    # spend what is left (policy "best"): reach the need, then cancel bad cards
    gap = max(0, need - s)
    if ab + ch >= gap:
        use = min(ab, gap)
        s, ab, ch = s + gap, ab - use, ch - (gap - use)
    lone_bad_ace = check.mode == "broke" and ab == bad == bad_aces == 1
    k = 0 if lone_bad_ace else min(bad, ab)
    bad, ab = bad - k, ab - k
    bad -= min(bad, ch)
    return s >= need, bad, drawn


@pytest.mark.parametrize("check", [
    TaskCheck(6, "J", situation="combat", aged=2),
    TaskCheck(8, "Q", need=3, situation="combat-unknown", aged=1, fate_chips=1),
    TaskCheck(10, "A", need=2, situation="unknown", disadvantage=2),
    TaskCheck(7, "9", need=3, situation="combat-unknown", aged=2, mode="broke"),
    TaskCheck(10, "A", situation="red-bad", aged=1, mode="broke", fate_chips=1, need=2),
    TaskCheck(5, "K", need=2, situation="red-bad", red_bad="all", mode="broke"),
    TaskCheck(6, "10", need=2, situation="red-bad", red_bad="all", fate_chips=1),
    TaskCheck(7, "Q", need=3, situation="red-bad", red_bad="all", fate_chips=2, bad_succeeds=False,
              cancel_draws_on=False),
    TaskCheck(6, "9", need=2, situation="combat-unknown", aged=2, fate_chips=1, cancel_draws_on=False),
], ids=lambda c: c.describe())
def test_exact_odds_agree_with_a_simulation(check: TaskCheck) -> None:
    # 20 000 checks per case: the standard error of a probability is at most
    # sqrt(0.25/20000) = 0.0035; we allow 4.5 standard errors of the exact value (a false
    # alarm has odds below 1 in 100 000, and the seed is fixed so the test is repeatable),
    # which still catches any rule applied wrongly (those move results by 0.02 or more).
    n = 20_000
    rng = random.Random(20240601)
    runs = [simulate(check, rng) for _ in range(n)]
    exact = exact_odds(check)
    for p, hits in ((exact.p_success, sum(r[0] for r in runs)),
                    (exact.p_bad, sum(r[1] >= 1 for r in runs)),
                    (exact.p_several_bad, sum(r[1] >= 2 for r in runs))):
        se = math.sqrt(max(float(p) * (1 - float(p)), 1e-4) / n)
        assert abs(hits / n - float(p)) < 4.5 * se, (float(p), hits / n)
    cards = [r[2] for r in runs]
    mean = sum(cards) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in cards) / (n - 1))
    assert abs(mean - float(exact.expected_cards)) < 4.5 * sd / math.sqrt(n) + 1e-9


def test_result_json_has_float_and_exact_fraction() -> None:
    j = odds(1, "J").to_json()
    assert j["p_success"] == pytest.approx(16 / 54)
    assert j["p_success_exact"] == "8/27"
    assert j["single_card_odds"] == "16:38"
    assert set(j) >= {"p_bad", "p_several_bad", "successes", "expected_cards", "notes", "cites"}


# -- regression: exact values recorded before the engine was made faster ----------------------

# Each line: the check, then P(success), E[cards], P(bad in effect), P(several bad), the
# successes distribution. Any change to the dynamic programme must leave them identical.
SLOW_CORNER_P = Fraction(
    62661836295099604596834719819509462922095134678023,
    109328081620908020959489455400348341168563942208000)
REGRESSION: list[tuple[TaskCheck, Fraction, Fraction, Fraction, Fraction, dict[int, Fraction]]] = [
    (TaskCheck(4, "Q", need=2, situation="combat-unknown", aged=1, fate_chips=1),
     Fraction(26177834, 44368155), Fraction(1304502266, 452555181), Fraction(7499899, 150851727),
     Fraction(0), {0: Fraction(54740141, 150851727), 1: Fraction(35534752, 754258635),
                   2: Fraction(1321923598, 2262775905), 3: Fraction(13145936, 2262775905)}),
    # going for broke with kings: recorded again when a king's extra card stopped following a bad
    # card (the book's "no more cards this round"); both engines and the simulation agree
    (TaskCheck(5, "9", need=3, situation="red-bad", red_bad="all", mode="broke", fate_chips=1),
     Fraction(77904769, 99619065), Fraction(40552, 8109), Fraction(94874537, 119542878),
     Fraction(19465, 37206),
     {0: Fraction(203, 4505), 1: Fraction(17225357, 99619065), 3: Fraction(131235821, 199238130),
      4: Fraction(66463, 632502), 5: Fraction(27232, 1581255), 6: Fraction(2, 2067),
      7: Fraction(22, 316251)}),
    (TaskCheck(3, "A", need=2, situation="unknown", disadvantage=2, fate_chips=2, kings="always",
               bonus="cancel", stop_when_sure=False),
     Fraction(288521, 375000), Fraction(55, 17), Fraction(2, 3125), Fraction(0),
     {0: Fraction(86479, 375000), 2: Fraction(13874129, 18375000), 3: Fraction(257, 245000),
      4: Fraction(641, 49000), 6: Fraction(1, 4900)}),
    (TaskCheck(6, "10", need=3, situation="combat", aged=2, mode="broke", kings="never", bonus="success"),
     Fraction(785413, 1519245), Fraction(6), Fraction(80567, 175695), Fraction(15707, 175695),
     {0: Fraction(79112, 1519245), 1: Fraction(87296, 506415), 2: Fraction(43648, 168805),
      3: Fraction(123904, 506415), 4: Fraction(6292, 38955), 5: Fraction(38816, 506415),
      6: Fraction(52568, 1986705), 7: Fraction(18624, 2869685), 8: Fraction(3089, 2869685),
      9: Fraction(928, 8609055), 10: Fraction(8, 1721811)}),
]


@pytest.mark.parametrize("case", REGRESSION, ids=lambda c: c[0].describe())
def test_exact_values_are_unchanged(case: tuple) -> None:
    check, p, cards, p_bad, p_several, successes = case
    r = exact_odds(check)
    assert (r.p_success, r.expected_cards, r.p_bad, r.p_several_bad) == (p, cards, p_bad, p_several)
    assert dict(r.successes) == successes


def test_exact_values_are_unchanged_for_the_slow_corner_and_a_live_deck() -> None:
    # skill 10, need 5, Aged 3, 2 chips, cautious: the case the engine was made faster for
    r = odds(10, "J", need=5, situation="combat", aged=3, fate_chips=2)
    assert r.p_success == SLOW_CORNER_P
    assert r.p_several_bad == 0  # cautious: a bad card ends the draw
    assert r.expected_chips == Fraction(375512277218558220803775962593075375820979497,
                                        224607359848358139174547727385502969003854000)
    live = odds(3, "J", need=2, situation="combat", aged=1, fate_chips=1,
                deck=parse_cards("QH, KS, AS, 2H, 3S, red joker, black joker, 7D, 9C, JC"))
    assert (live.p_success, live.expected_cards, live.p_bad) == (
        Fraction(48492917, 70319340), Fraction(627227, 309096), Fraction(113765, 2884896))
    assert dict(live.successes) == {0: Fraction(998, 4293), 1: Fraction(5479183, 70319340),
                                    2: Fraction(47876603, 70319340), 3: Fraction(102719, 11719890)}


def test_exact_values_are_unchanged_when_the_deck_runs_out_mid_check() -> None:
    # The last card of a live deck is a king: its extra draw comes from a reshuffled full deck.
    r = odds(3, "A", deck=["KS"])
    assert (r.p_success, r.expected_cards) == (Fraction(1034813, 4593750), Fraction(73166, 18375))
    r = odds(4, "J", need=2, situation="combat", aged=1, deck=["3S", "KS"])
    assert (r.p_success, r.expected_cards, r.p_bad) == (
        Fraction(8403130, 13561587), Fraction(628093, 154548), Fraction(4201565, 36164232))


def test_a_too_small_per_draw_denominator_falls_back_to_the_full_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # The engine picks L = lcm of the deck sizes it expects to draw from; if a deck size
    # were missed it must start again with lcm(1..54), never round.
    import companion.mousecard.odds as engine

    check = TaskCheck(6, "J", need=3, situation="combat", aged=2, fate_chips=1)
    right = engine._exact_odds.__wrapped__(check, None)
    monkeypatch.setattr(engine, "_per_draw", lambda first, reach: math.lcm(*range(52, 55)))
    assert engine._exact_odds.__wrapped__(check, None) == right


# Large needs (6-10), recorded before the engine's large-need work: exact literals, so any
# change to the dynamic programme must leave them identical.
CORNER = {"situation": "combat", "aged": 3, "disadvantage": 3, "fate_chips": 3}


def test_exact_values_are_unchanged_for_need_6_with_every_bad_rank_and_three_chips() -> None:
    r = odds(10, 7, need=6, **CORNER)
    assert r.p_success == Fraction(850371381328034675249356081225185455063364058704847,
                                   1015189329337003051766687800146091739422379463360000)
    assert r.expected_chips == Fraction(26445074088141573426519961470982652660490344652641,
                                        9110673468409001746624121283362361764046995184000)
    assert r.expected_cards == Fraction(6175939003575274258487140794701471919063802009217,
                                        1066615430447883131312092247808276499205501875200)
    assert r.p_bad == Fraction(119372565908236235700099589167463929208904495452673,
                               789591700595446818040757177891404686217406249280000)


def test_exact_values_are_unchanged_for_need_10_at_skill_10_the_slowest_check() -> None:
    r = odds(10, 7, need=10, **CORNER)
    assert r.p_success == Fraction(
        167424596602849117195771435713183246412711042874398232864754997,
        584185643383529989991988571423062510335952087498367402960800000)
    assert r.expected_cards == Fraction(
        12201770701330938296785568365448490598983279050147304362613589,
        1238993941428483541870601424014978813013684172849135531200000)
    assert r.p_bad == Fraction(
        2589423582798184532906807725877865931145841638736851228716363,
        14696494173170565785961976639573899631093134276688488124800000)


def test_exact_values_are_unchanged_when_every_card_drawn_must_succeed() -> None:
    # need = skill: only kings (one more card) and aces (one more success) leave room for a miss
    assert odds(8, "J", need=8).p_success == Fraction(107809606052143066538183683673037001362443,
                                                      7862341662120548589710073879419374365882000)
    assert odds(10, 2, need=10).p_success == Fraction(2853394012323212507618061525064250761558719394,
                                                      3156039519041076589954804251922712692198993125)


def test_exact_values_are_unchanged_for_large_needs_going_for_broke() -> None:
    # recorded again when a king's extra card stopped following a bad card (see REGRESSION)
    r = odds(9, 9, need=7, situation="red-bad", red_bad="all", mode="broke", fate_chips=2)
    assert (r.p_success, r.expected_cards, r.p_several_bad) == (
        Fraction(215290607458677371, 411394804562523600), Fraction(36985298514905941, 4109382065552400),
        Fraction(1396684021, 1772645420))
    assert dict(r.successes) == {
        0: Fraction(1595, 592858), 1: Fraction(1588669, 60157650), 2: Fraction(927127528541, 8780730909300),
        3: Fraction(6915165939281, 32614143377400), 4: Fraction(53467425567465307, 411394804562523600),
        7: Fraction(213386308712692631, 411394804562523600), 8: Fraction(1536771, 354529084),
        9: Fraction(384893, 1329484065), 10: Fraction(31, 6817867), 11: Fraction(66, 443161355)}
    r = odds(10, "Q", need=6, situation="combat-unknown", aged=1, mode="broke", fate_chips=1, kings="never")
    assert (r.p_success, r.expected_cards, r.p_bad, r.p_several_bad) == (
        Fraction(48560573, 262974870), Fraction(10), Fraction(2012016431, 7976904390),
        Fraction(775843028, 11965356585))
    assert dict(r.bad) == {
        0: Fraction(5964887959, 7976904390), 1: Fraction(4484363237, 23930713170),
        2: Fraction(95494532, 1709336655), 3: Fraction(200485009, 23930713170),
        4: Fraction(6954712, 11965356585), 5: Fraction(28171, 1840824090), 6: Fraction(976, 11965356585)}


def test_a_rare_bad_card_reads_under_a_tenth_of_a_percent_not_none() -> None:
    # 9 chips for need 5, drawing on: every bad card is cancelled until the margin of
    # sureness runs out exactly (then the player stops, the bad card in effect): rare, not never
    result = odds(6, 6, need=5, situation="red-bad", red_bad="all", fate_chips=9,
                  stop_when_sure=False)
    assert 0 < result.p_bad < Fraction(1, 2000)
    assert "  P(a bad card)            <0.1%  (in effect: not cancelled)" in result.lines()


def test_a_long_tail_of_tiny_success_counts_is_shown_as_one_entry() -> None:
    # Drawing on past the need with every king taken reaches 26 successes, each beyond 11
    # under 0.05% in all: the report lists up to 11, then "12+".
    result = odds(6, 2, stop_when_sure=False, kings="always")
    line = next(x for x in result.lines() if x.strip().startswith("successes"))
    assert line.endswith("11: 0.1%  12+: <0.1%  (counting the successes aces add)")
    assert max(n for n, _p in result.successes) == 26
    tail = sum(p for n, p in result.successes if n >= 12)
    assert 0 < tail < Fraction(1, 2000) <= tail + dict(result.successes)[11]
    plain = odds(3, "J").lines()
    assert "+:" not in next(x for x in plain if x.strip().startswith("successes"))


@pytest.mark.parametrize("kings", KING_POLICIES)
@pytest.mark.parametrize("bonus", BONUS_POLICIES)
@pytest.mark.parametrize("stop", [True, False])
def test_every_result_states_the_players_choices_it_assumed(kings: str, bonus: str, stop: bool) -> None:
    notes = odds(3, "J", situation="combat", kings=kings, bonus=bonus, stop_when_sure=stop).notes
    policies = [n for n in notes if n.startswith("policy:")]
    assert len(policies) == 3
    # "always" under stopping when sure is said to be the same as "best" (a sure player stops drawing)
    king_note = "always-sure" if kings == "always" and stop else kings
    assert POLICY_NOTES["kings", king_note] in policies and POLICY_NOTES["bonus", bonus] in policies
    assert POLICY_NOTES["stop_when_sure", stop] in policies
    assert ("sure to succeed" in policies[2]) and (("draws every card" in policies[2]) is not stop)
    if kings == "always" and stop:  # and it is: the very same figures
        best = odds(3, "J", situation="combat", kings="best", bonus=bonus, stop_when_sure=stop)
        same = odds(3, "J", situation="combat", kings=kings, bonus=bonus, stop_when_sure=stop)
        assert (same.p_success, same.successes, same.bad, same.expected_cards) == (
            best.p_success, best.successes, best.bad, best.expected_cards)


def test_house_readings_are_said_only_where_they_apply() -> None:
    broke = odds(3, "J", need=2, situation="combat", mode="broke", fate_chips=1, cancel_draws_on=False)
    again = odds(3, "J", need=2, situation="combat", mode="broke", fate_chips=1)
    assert broke.p_success == again.p_success == Fraction(1364, 2067)  # no effect going for broke...
    assert HOUSE_NOTES["broke-cancel"] in broke.notes  # ...and said so, never the cautious reading
    assert HOUSE_NOTES["cancel"] not in broke.notes and "ends the draw" not in broke.check.describe()
    calm = odds(3, "J", bad_succeeds=False, cancel_draws_on=False)
    assert HOUSE_NOTES["no-bad"] in calm.notes
    assert "bad cards cancelled      0.04 expected" in " ".join(odds(3, "J", need=2, situation="combat",
                                                                fate_chips=1).lines())


def test_chips_that_alone_make_the_need_show_the_draws_own_chance_too() -> None:
    with_chips = odds(3, "J", need=2, situation="combat", fate_chips=2)
    no_chips = odds(3, "J", need=2, situation="combat")
    assert with_chips.p_success == 1 and with_chips.expected_cards == 0
    assert with_chips.p_cards_alone == no_chips.p_success and no_chips.p_cards_alone is None
    assert any("alone make the 2 successes needed" in n for n in with_chips.notes)
    doc = with_chips.to_json()
    p = no_chips.p_success
    assert doc["p_success_cards_alone_exact"] == f"{p.numerator}/{p.denominator}"
    assert "from the cards" in "\n".join(with_chips.lines())
    assert odds(3, "J", need=2, fate_chips=1).p_cards_alone is None  # one chip short: the draw counts
    assert odds(3, "J", need=2, fate_chips=2, stop_when_sure=False).p_cards_alone is None


def test_red_bad_all_outside_the_red_bad_situation_says_it_does_nothing() -> None:
    combat = odds(2, "J", situation="combat", red_bad="all")
    assert combat.p_success == odds(2, "J", situation="combat").p_success
    assert any("red_bad 'all' has no effect here" in n for n in combat.notes)
    assert not any("has no effect here" in n for n in odds(2, "J", situation="red-bad", red_bad="all").notes)


def test_a_deck_given_as_one_string_is_read_as_cards() -> None:
    assert exact_odds(TaskCheck(1, "Q"), "QH, 2S") == exact_odds(TaskCheck(1, "Q"), ["QH", "2S"])
    assert exact_odds(TaskCheck(1, "Q"), "QH 2S").p_success == Fraction(1, 2)


def test_targets_and_situations_as_game_masters_type_them() -> None:
    from companion.mousecard.deck import parse_rank
    from companion.mousecard.situations import parse_situation

    assert [parse_rank(t) for t in ("11", "14", "jacks", "Aces", "10s", "J")] == [11, 14, 11, 14, 10, 11]
    for card in ("Q♥", "qh", "Q of hearts"[:1] + "♠"):
        with pytest.raises(CompanionError, match="a target is a rank, not a card"):
            parse_rank(card)
    for bad in ("15", "1", "joker"):
        with pytest.raises(CompanionError, match="not a rank"):
            parse_rank(bad)
    assert {parse_situation(s) for s in ("combat unknown", "Unknown  Combat", "combat in the unknown",
                                         "combat_unknown")} == {"combat-unknown"}
    with pytest.raises(CompanionError) as caught:
        parse_situation("combta")
    assert "(or ground, combat in the unknown, unknown-combat, both)" in caught.value.render()
