"""Rounds and zones: ranges, one major and one minor action, alternating turns."""

import pytest

from bridge.rules.two_d20.rounds import Action, Range, Round, Turn, move, range_of, turn_order, zones_apart
from bridge.schemas.encode import dump
from bridge.systems.two_d20.schemas import TwoD20Round


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


def test_a_round_takes_turns_in_order_and_refuses_another_s_action():
    current = Round.first([["Ana", "Bo"], ["Orc"]])
    assert (current.acting, current.order) == ("Ana", ("Ana", "Orc", "Bo"))
    with pytest.raises(ValueError, match="Ana's turn"):
        current.take("Orc", Action.MAJOR)
    current = current.take("Ana", Action.MAJOR).another_action("Ana").take("Ana", Action.MAJOR)
    with pytest.raises(ValueError, match="major action"):
        current.take("Ana", Action.MAJOR)
    assert Round.from_dict(dump(TwoD20Round, current)) == current
    current, ended = current.end_turn()
    assert (current.acting, current.current.taken, ended) == ("Orc", (), False)
    current, _ = current.end_turn()
    current, ended = current.end_turn()
    assert (current.number, current.acting, ended) == (2, "Ana", True)


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
