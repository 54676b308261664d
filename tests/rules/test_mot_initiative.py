"""Initiative (ch. 7, Initiative Order; Which Initiative Does the GM Roll)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.dials import Dials, ReactionStatistic
from bridge.rules.moment_of_truth.initiative import (
    Direction,
    GmReaction,
    GmSide,
    gm_combatant,
    reaction_time,
    roll_initiative,
    turn_order,
)
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.tracker import InitiativeResult

AGI, WILL, PER = Statistic.AGILITY, Statistic.WILL, Statistic.PERCEPTION
DIALS = Dials()


def stats(agility, will, perception=1):
    return {AGI: agility, WILL: will, PER: perception}


def test_reaction_time_averages_agility_and_will_dropping_fractions():
    assert reaction_time(stats(3, 4), DIALS) == 3
    assert reaction_time(stats(4, 4), DIALS) == 4


def test_the_reaction_statistic_dial_swaps_in_perception():
    perception = Dials(reaction_statistic=ReactionStatistic.PERCEPTION)
    assert reaction_time(stats(2, 6, perception=4), perception) == 3
    assert reaction_time(stats(2, 6, perception=4), DIALS) == 4


def test_reaction_time_refuses_a_missing_or_negative_statistic():
    with pytest.raises(ValueError, match="will"):
        reaction_time({AGI: 3}, DIALS)
    with pytest.raises(ValueError, match="negative"):
        reaction_time(stats(-1, 3), DIALS)


THUGS = {
    f"thug {n}": stats(agility, will)
    for n, (agility, will) in enumerate([(3, 3), (3, 4), (4, 4), (3, 3), (2, 2), (5, 3)], 1)
}


def test_gm_rolls_the_lowest_the_highest_or_a_named_combatant():
    # reaction times 3, 3, 4, 3, 2, 4: among equals the first listed is named
    assert gm_combatant(GmSide("GM", THUGS, GmReaction.LOWEST), DIALS) == ("thug 5", 2)
    assert gm_combatant(GmSide("GM", THUGS, GmReaction.HIGHEST), DIALS) == ("thug 3", 4)
    assert gm_combatant(GmSide("GM", THUGS, GmReaction.NAMED, "thug 1"), DIALS) == ("thug 1", 3)


def test_gm_choice_refuses_an_unknown_name_a_stray_name_or_no_combatants():
    with pytest.raises(ValueError, match="no GM combatant"):
        gm_combatant(GmSide("GM", THUGS, GmReaction.NAMED, "Moriarty"), DIALS)
    with pytest.raises(ValueError, match="only given"):
        gm_combatant(GmSide("GM", THUGS, GmReaction.LOWEST, "thug 1"), DIALS)
    with pytest.raises(ValueError, match="no combatants"):
        gm_combatant(GmSide("GM", {}, GmReaction.LOWEST), DIALS)


def test_book_warehouse_example():
    """Allison rolls 10, Seamus 11, Jackson 5; Ricardo rolls the lowest of his
    six thugs' reaction times and gets 8. Seamus (Dodger) goes first, and 11 is
    odd, so play goes to his right, counterclockwise. Our seating, clockwise:
    Allison, Ricardo, Seamus, Jackson, so the GM sits to Seamus's right and
    "all the bad guys go next"."""
    seating = ["Allison", "Ricardo", "Seamus", "Jackson"]
    players = {"Allison": stats(3, 3), "Seamus": stats(2, 2), "Jackson": stats(1, 2)}
    gm = GmSide("Ricardo", THUGS, GmReaction.LOWEST)
    # Rolled in seating order: Allison 3d6, Ricardo 2d6 (thug 5), Seamus 2d6, Jackson 1d6.
    dice = FixedDice([4, 3, 3, 5, 3, 5, 6, 5])
    result = roll_initiative(seating, players, gm, DIALS, dice=dice)
    assert dice.remaining == 0
    assert {roll.seat: roll.total for roll in result.rolls} == {"Allison": 10, "Ricardo": 8, "Seamus": 11, "Jackson": 5}
    assert result.rolls[1].combatant == "thug 5"
    assert result.first == "Seamus"
    assert result.direction is Direction.COUNTERCLOCKWISE
    assert result.order == ("Seamus", "Ricardo", "Allison", "Jackson")
    assert result.rerolls == ()
    assert set(result.gm_combatants) == set(THUGS)


def test_a_players_reaction_time_may_be_given_instead_of_statistics():
    dice = FixedDice([4, 3, 3, 5, 3, 5, 6, 5])
    players = {"Allison": 3, "Seamus": stats(2, 2), "Jackson": 1}
    result = roll_initiative(["Allison", "Ricardo", "Seamus", "Jackson"], players,
                             GmSide("Ricardo", THUGS, GmReaction.LOWEST), DIALS, dice=dice)
    assert [roll.reaction_time for roll in result.rolls] == [3, 2, 2, 1] and result.first == "Seamus"
    with pytest.raises(ValueError, match="negative"):
        roll_initiative(["Allison"], {"Allison": -1}, None, DIALS, dice=FixedDice([]))


def test_an_even_highest_total_goes_clockwise():
    result = roll_initiative(
        ["A", "B", "C"], {"A": stats(1, 1), "B": stats(1, 1), "C": stats(1, 1)}, None, DIALS, dice=FixedDice([2, 6, 3])
    )
    assert result.first == "B"
    assert result.direction is Direction.CLOCKWISE
    assert result.order == ("B", "C", "A")


def test_seats_tied_for_highest_reroll_among_themselves_until_one_is_highest():
    players = {"A": stats(2, 2), "B": stats(2, 2), "C": stats(2, 2)}
    # A 9, B 9, C 4; re-roll A 7, B 7; re-roll A 3, B 6 -> B first with 6 (even).
    dice = FixedDice([4, 5, 3, 6, 2, 2, 3, 4, 4, 3, 1, 2, 4, 2])
    result = roll_initiative(["A", "B", "C"], players, None, DIALS, dice=dice)
    assert dice.remaining == 0
    assert [[roll.total for roll in rerolls] for rerolls in result.rerolls] == [[7, 7], [3, 6]]
    assert [roll.seat for roll in result.rerolls[0]] == ["A", "B"]
    assert result.first == "B"
    assert result.deciding_total == 6
    assert result.direction is Direction.CLOCKWISE
    assert result.order == ("B", "C", "A")
    assert sum("re-roll" in line for line in result.explanation) == 2


def test_a_reroll_total_decides_the_direction():
    players = {"A": stats(1, 1), "B": stats(1, 1)}
    result = roll_initiative(
        ["A", "B", "C"],
        players,
        GmSide("C", {"x": stats(1, 1)}, GmReaction.LOWEST),
        DIALS,
        dice=FixedDice([4, 4, 1, 2, 5]),
    )
    assert result.first == "B"
    assert result.direction is Direction.COUNTERCLOCKWISE
    assert result.order == ("B", "A", "C")


def test_seating_must_match_the_rolling_seats():
    players = {"A": stats(1, 1)}
    with pytest.raises(ValueError, match="differ"):
        roll_initiative(["A", "B"], players, None, DIALS, dice=FixedDice([]))
    with pytest.raises(ValueError, match="twice"):
        roll_initiative(["A", "A"], players, None, DIALS, dice=FixedDice([]))
    with pytest.raises(ValueError, match="both"):
        roll_initiative(["A"], players, GmSide("A", THUGS, GmReaction.LOWEST), DIALS, dice=FixedDice([]))


def test_all_zero_reaction_times_cannot_break_a_tie():
    players = {"A": stats(0, 0), "B": stats(0, 1)}
    with pytest.raises(ValueError, match="0"):
        roll_initiative(["A", "B"], players, None, DIALS, dice=FixedDice([]))


def test_result_is_json_ready_and_explains_itself():
    seating = ["Allison", "Ricardo", "Seamus"]
    players = {"Allison": stats(1, 1), "Seamus": stats(1, 1)}
    result = roll_initiative(
        seating, players, GmSide("Ricardo", THUGS, GmReaction.NAMED, "thug 2"), DIALS, dice=FixedDice([3, 1, 2, 1, 5])
    )
    payload = json.loads(json.dumps(dump(InitiativeResult, result)))
    assert payload["direction"] == "counterclockwise"
    assert payload["rolls"][1] == {
        "seat": "Ricardo",
        "combatant": "thug 2",
        "reaction_time": 3,
        "faces": [1, 2, 1],
        "total": 4,
    }
    assert "Ricardo (for thug 2): reaction time 3, rolled 1 2 1 = 4" in payload["explanation"]
    assert payload["explanation"][-1].startswith("on Ricardo's turn act thug 1")


@given(st.integers(1, 8), st.data())
def test_turn_order_visits_every_seat_once_starting_with_the_first(size, data):
    seating = [f"seat {n}" for n in range(size)]
    first = data.draw(st.sampled_from(seating))
    direction = data.draw(st.sampled_from(list(Direction)))
    order = turn_order(seating, first, direction)
    assert order[0] == first
    assert sorted(order) == sorted(seating)
    reverse = Direction.CLOCKWISE if direction is Direction.COUNTERCLOCKWISE else Direction.COUNTERCLOCKWISE
    assert turn_order(seating, first, reverse)[1:] == order[1:][::-1]


@given(st.lists(st.integers(1, 4), min_size=1, max_size=5), st.randoms(use_true_random=False))
def test_the_first_seat_rolled_at_least_as_high_as_everyone(times, rng):
    seating = [f"p{n}" for n in range(len(times))]
    players = {seat: stats(time, time) for seat, time in zip(seating, times)}

    class Dice:
        def roll(self, count, sides):
            return [rng.randint(1, sides) for _ in range(count)]

    result = roll_initiative(seating, players, None, DIALS, dice=Dice())
    first = next(roll for roll in result.rolls if roll.seat == result.first)
    assert first.total == max(roll.total for roll in result.rolls)
    assert (result.deciding_total % 2 == 1) == (result.direction is Direction.COUNTERCLOCKWISE)
