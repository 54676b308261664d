"""The deck, cards as beads and on dice, trumps, chips, beads and the five
archetypes, with fixed faces and the text's examples."""

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_clarity.beads import (
    PowerLevel,
    StorytellingScope,
    add_successes,
    allocate,
    pool_dice,
    reduce_difficulty,
    scene_beads,
    storytelling,
)
from bridge.rules.moment_of_clarity.cards import (
    Card,
    Suiting,
    bead_value,
    beads_shifted,
    card_on_dice,
    draw,
    full_deck,
    left_in_deck,
    play_on_dice,
    session_draw,
    shuffle,
    suiting,
)
from bridge.rules.moment_of_clarity.chips import Chip, Chips, Use, exchange, trade_down, trade_up
from bridge.rules.moment_of_clarity.elements import Archetype, Element, Suit
from bridge.rules.moment_of_clarity.levels import Level
from bridge.rules.moment_of_clarity.rolls import roll
from bridge.rules.moment_of_clarity.trumps import BeadPlay, CardPlay, ChipPlay, trump

CLUBS, DIAMONDS, SPADES, HEARTS = Suit

# --- elements and archetypes --------------------------------------------------


def test_suits_elements_and_related_pairs():
    assert [element.suit for element in Element] == [CLUBS, DIAMONDS, SPADES, HEARTS]
    assert Element.ACTION.related is Element.PLOT and Element.DRAMA.related is Element.STORYTELLING
    assert HEARTS.element is Element.DRAMA


def test_the_five_archetypes():
    table = {a: (a.primary, set(a.secondary), a.scene_beads, a.cards_drawn, a.cards_kept) for a in Archetype}
    assert table == {
        Archetype.WILDCARD: (None, set(Element), 0, 4, 3),
        Archetype.HERO: (Element.ACTION, {Element.PLOT}, 3, 2, 2),
        Archetype.ENIGMA: (Element.STORYTELLING, {Element.DRAMA}, 3, 2, 2),
        Archetype.PROTAGONIST: (Element.PLOT, {Element.ACTION}, 3, 2, 2),
        Archetype.ARCHITECT: (Element.DRAMA, {Element.STORYTELLING}, 3, 2, 2),
    }


# --- the deck -----------------------------------------------------------------


def test_a_shuffle_is_the_dice_picking_cards_in_turn():
    deck = full_deck()
    assert len(set(deck)) == 52
    dice = FixedDice([52, 1] + [1] * 50)
    shuffled = shuffle(deck, dice)
    assert shuffled[:2] == (Card(14, HEARTS), Card(2, CLUBS))
    assert sorted(shuffled, key=deck.index) == list(deck)


def test_each_player_draws_two_and_a_wildcard_four_keeping_three():
    deck = full_deck()
    hero = session_draw(deck, Archetype.HERO)
    assert hero.kept == deck[:2] and hero.deck == deck[2:]
    raphe = session_draw(deck, Archetype.WILDCARD, keep=deck[1:4])
    assert (len(raphe.drawn), raphe.kept) == (4, deck[1:4])
    with pytest.raises(ValueError, match="keeps 3"):
        session_draw(deck, Archetype.WILDCARD)
    with pytest.raises(ValueError, match="keeps 3"):
        session_draw(deck, Archetype.WILDCARD, keep=[deck[0], deck[1], deck[9]])


# --- cards as beads -----------------------------------------------------------


def test_a_card_is_worth_beads_of_its_suit():
    assert [bead_value(Card(rank, SPADES)) for rank in range(2, 15)] == [1] * 8 + [2, 2, 3, 4, 5]
    assert bead_value(Card(12, SPADES), before_scene=True) == 5
    assert beads_shifted(Card(9, CLUBS)) == 4


# --- cards on dice ------------------------------------------------------------


def test_suiting():
    assert suiting(Card(8, CLUBS), Element.ACTION) is Suiting.ON_SUIT
    assert suiting(Card(8, SPADES), Element.ACTION) is Suiting.RELATED
    assert suiting(Card(8, HEARTS), Element.ACTION) is Suiting.OFF_SUIT
    assert suiting(Card(8, HEARTS), Element.ACTION, Archetype.WILDCARD) is Suiting.ON_SUIT


def test_on_suit_splits_the_whole_value_otherwise_half_rounded_up_on_one_die():
    suited = card_on_dice(Card(13, CLUBS), Element.ACTION)
    assert (suited.points, suited.splits) == (13, True)
    related = card_on_dice(Card(13, SPADES), Element.ACTION)
    assert (related.points, related.splits) == (7, False)
    assert card_on_dice(Card(14, HEARTS), Element.ACTION).points == 7


def test_harrys_eight_of_clubs_spread_over_the_split_pool():
    dice = FixedDice([1, 7, 8, 6, 6, 5, 3, 2, 5, 4])
    move, throw, defense = roll(1, 10, 7, dice), roll(7, 10, 7, dice), roll(2, 10, 7, dice)
    eight = card_on_dice(Card(8, CLUBS), Element.ACTION)
    points = {(0, 0): 1, (1, 2): 1, (1, 3): 1, (1, 4): 2, (2, 0): 2}
    move, throw, defense = play_on_dice(eight, [move, throw, defense], points)
    assert [r.level for r in (move, throw, defense)] == [Level.FAILURE, Level.MARGINAL_SUCCESS, Level.NEAR_SUCCESS]
    with pytest.raises(ValueError, match="gives 8 points, not 9"):
        play_on_dice(eight, [move], {(0, 0): 9})


def test_an_off_suit_card_goes_on_one_die():
    rolled = roll(2, 10, 9, FixedDice([5, 4]))
    half = card_on_dice(Card(8, HEARTS), Element.ACTION)
    (raised,) = play_on_dice(half, [rolled], {(0, 0): 4})
    assert (raised.effect.value, raised.level) == (9, Level.NEAR_SUCCESS)
    with pytest.raises(ValueError, match="on one die"):
        play_on_dice(half, [rolled], {(0, 0): 2, (0, 1): 2})


# --- trumps -------------------------------------------------------------------


def card(rank, fit):
    return CardPlay(Card(rank, CLUBS), fit)


def test_a_suited_card_falls_only_to_a_higher_suited_card_or_a_chip():
    suited = card(9, Suiting.ON_SUIT)
    assert trump(card(10, Suiting.ON_SUIT), suited).trumps
    assert not trump(card(9, Suiting.ON_SUIT), suited).trumps  # a tie trumps nothing
    assert not trump(card(14, Suiting.RELATED), suited).trumps
    assert trump(ChipPlay(Chip.WHITE), suited).trumps
    assert trump(card(2, Suiting.ON_SUIT), card(14, Suiting.OFF_SUIT)).trumps


def test_related_beats_off_suit_and_off_suit_cards_compare_by_number():
    assert trump(card(2, Suiting.RELATED), card(14, Suiting.OFF_SUIT)).trumps
    assert trump(card(8, Suiting.OFF_SUIT), card(7, Suiting.OFF_SUIT)).trumps
    assert trump(card(8, Suiting.OFF_SUIT), card(7, Suiting.OFF_SUIT)).reason == "both off_suit: 8 against 7"


def test_any_card_trumps_beads_which_come_back_when_played_in_archetype():
    assert trump(card(2, Suiting.OFF_SUIT), BeadPlay(6)).beads_returned == 0
    result = trump(card(2, Suiting.OFF_SUIT), BeadPlay(3, in_archetype=True))
    assert (result.trumps, result.beads_returned) == (True, 3)
    assert not trump(BeadPlay(9), card(2, Suiting.OFF_SUIT)).trumps
    assert not trump(card(14, Suiting.ON_SUIT), ChipPlay(Chip.WHITE)).trumps
    assert trump(ChipPlay(Chip.RED), ChipPlay(Chip.WHITE)).trumps


# --- chips --------------------------------------------------------------------


def test_chip_values_and_exchanges():
    assert [(chip.worth, chip.cards, chip.beads) for chip in Chip] == [(1, 1, 2), (3, 3, 6), (5, 5, 10)]
    assert Chips(white=2, red=1, blue=1).value == 10


def test_trading_up_costs_one_more_and_down_is_free():
    purse = Chips(white=5)
    purse = trade_up(purse, [Chip.WHITE] * 4, Chip.RED)
    assert purse == Chips(white=1, red=1)
    assert trade_up(Chips(white=3, red=1), [Chip.RED, Chip.WHITE, Chip.WHITE, Chip.WHITE], Chip.BLUE) == Chips(blue=1)
    with pytest.raises(ValueError, match="costs 4"):
        trade_up(Chips(white=3), [Chip.WHITE] * 3, Chip.RED)
    assert trade_down(Chips(blue=1), Chip.BLUE, [Chip.RED, Chip.WHITE, Chip.WHITE]) == Chips(white=2, red=1)
    with pytest.raises(ValueError, match="cannot give"):
        trade_down(Chips(), Chip.RED, [Chip.WHITE] * 3)


def test_no_more_than_four_chips_at_a_scenes_start():
    assert Chips(white=4).over_scene_limit() == 0
    assert Chips(white=3, red=1, blue=2).over_scene_limit() == 2


# --- beads --------------------------------------------------------------------


def test_beads_by_power_level():
    assert [scene_beads(7, level) for level in PowerLevel] == [7, 11, 14]  # Landon: 1.5 x 7 -> 11
    assert scene_beads(3, PowerLevel.SUPERHEROIC, rate=3) == 9
    with pytest.raises(ValueError):
        scene_beads(3, PowerLevel.HEROIC, rate=3)


def test_allocating_a_heros_beads():
    allocation = allocate(Archetype.HERO, 11, {Element.PLOT: 5, Element.DRAMA: 1})
    # 3 of 5 to Plot free, 2 more at 2 each; 1 to Drama for 3: 3 + 4 + 3 = 10 spent of 11.
    assert allocation.beads == {Element.ACTION: 1 + 3, Element.PLOT: 5, Element.DRAMA: 1}
    assert allocation.explanation[-1] == "1 left in action, + 3 for the hero"
    assert allocate(Archetype.ENIGMA, 6).beads == {Element.STORYTELLING: 9}
    with pytest.raises(ValueError, match="cost 12 of 11"):
        allocate(Archetype.HERO, 11, {Element.DRAMA: 4})


def test_a_wildcard_places_its_beads_freely():
    assert allocate(Archetype.WILDCARD, 4, {Element.DRAMA: 3, Element.PLOT: 1}).beads == {
        Element.DRAMA: 3,
        Element.PLOT: 1,
    }
    with pytest.raises(ValueError):
        allocate(Archetype.WILDCARD, 4, {Element.DRAMA: 3})


def test_what_beads_buy():
    assert add_successes(Level.SPECTACULAR_FAILURE, 1) is Level.NEAR_SUCCESS
    assert add_successes(Level.SUCCESS, 3) is Level.OUTSTANDING_SUCCESS
    assert reduce_difficulty(7, 1) == 6 and reduce_difficulty(7, 3, primary_pool=True) == 4
    with pytest.raises(ValueError, match="at most one"):
        reduce_difficulty(7, 2)
    assert (pool_dice(2, related_pool=True), pool_dice(2, related_pool=False)) == (4, 2)


def test_what_chips_buy():
    purse = Chips(white=1, red=1, blue=1)
    assert exchange(purse, Chip.RED, Use.CARDS) == (Chips(white=1, blue=1), 3)
    assert exchange(purse, Chip.RED, Use.BEADS)[1] == 6
    assert exchange(purse, Chip.WHITE, Use.SUCCESS) == (Chips(red=1, blue=1), 1)
    assert exchange(purse, Chip.BLUE, Use.CHARACTER_POINT)[1] == 1
    with pytest.raises(ValueError, match="white chip"):
        exchange(purse, Chip.RED, Use.SUCCESS)
    with pytest.raises(ValueError, match="blue chip"):
        exchange(purse, Chip.WHITE, Use.CHARACTER_POINT)
    with pytest.raises(ValueError, match="cannot give"):
        exchange(Chips(), Chip.WHITE, Use.BEADS)


def test_storytelling_beads_reach_further_the_more_are_played():
    assert [storytelling(beads, 6) for beads in (1, 2, 3)] == [
        (StorytellingScope.TURN, 1),
        (StorytellingScope.SCENE, 2),
        (StorytellingScope.SESSION, 3),
    ]
    assert storytelling(4, 6) == (StorytellingScope.WORLD, 6)  # all remaining must be spent
    with pytest.raises(ValueError):
        storytelling(3, 2)


def test_a_draw_picks_each_card_among_those_left():
    deck = full_deck()
    # d52 picks the 52nd (Ace of Hearts), then d51 the 1st (2 of Clubs)
    assert draw(deck, 2, FixedDice([52, 1])) == (Card(14, Suit.HEARTS), Card(2, Suit.CLUBS))
    left = left_in_deck([Card(14, Suit.HEARTS), Card(2, Suit.CLUBS)])
    assert len(left) == 50 and Card(14, Suit.HEARTS) not in left
    with pytest.raises(ValueError, match="50 cards left"):
        draw(left, 51, FixedDice([]))


def test_an_archetype_covers_its_primary_and_secondary_elements():
    assert Archetype.HERO.covers(Element.ACTION) and Archetype.HERO.covers(Element.PLOT)
    assert not Archetype.HERO.covers(Element.DRAMA)
    assert all(Archetype.WILDCARD.covers(element) for element in Element)
