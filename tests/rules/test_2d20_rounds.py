"""Rounds and zones: ranges, one major and one minor action, alternating turns."""

import pytest

from bridge.rules.two_d20.rounds import Action, Range, Turn, move, range_of, turn_order, zones_apart


def test_ranges_by_zone():
    assert range_of(0, next_to=True) is Range.REACH
    assert [range_of(zones) for zones in (0, 1, 2, 5)] == [Range.NEARBY, Range.NEARBY, Range.DISTANT, Range.DISTANT]


def test_one_major_and_one_minor_action_a_turn():
    turn = Turn("Ana").take(Action.MINOR).take(Action.MAJOR)
    assert turn.taken == (Action.MINOR, Action.MAJOR)
    with pytest.raises(ValueError, match="major action"):
        turn.take(Action.MAJOR)
    with pytest.raises(ValueError, match="minor action"):
        turn.take(Action.MINOR)


def test_determination_buys_another_action():
    turn = Turn("Ana").take(Action.MAJOR).another_action().take(Action.MAJOR)
    assert turn.taken == (Action.MAJOR, Action.MAJOR)


def test_parties_alternate_turns_the_initiative_first():
    assert turn_order([["Ana", "Bo"], ["Orc 1", "Orc 2", "Orc 3"]]) == ["Ana", "Orc 1", "Bo", "Orc 2", "Orc 3"]
    with pytest.raises(ValueError, match="one turn"):
        turn_order([["Ana"], ["Ana"]])


def test_zones_apart_and_a_move_of_one_zone():
    links = {"bar": ["street"], "street": ["roof"], "roof": [], "cellar": []}
    assert [zones_apart(links, "bar", zone) for zone in ("bar", "street", "roof")] == [0, 1, 2]
    assert zones_apart(links, "roof", "bar") == 2  # links go both ways
    assert move(links, "bar", "street") is Range.NEARBY
    with pytest.raises(ValueError, match="distant"):
        move(links, "bar", "roof")
    with pytest.raises(ValueError, match="no way"):
        zones_apart(links, "bar", "cellar")
    with pytest.raises(ValueError, match="no zone"):
        zones_apart(links, "bar", "moon")
