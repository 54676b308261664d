"""Connections (ch. 5, optional): the 2d6 table and the four-connection check."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.connections import (
    CONNECTIONS,
    Connection,
    check_connections,
    check_in_use,
    connection_event,
    roll_connection,
)
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.moments import RuleNotInUse
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import moments

DIALS = Dials(connections=True)


@pytest.mark.parametrize(
    ("faces", "event"),
    [
        ([2, 3], "Ran afoul of the law"),  # Allison rolls "a 2 for the column and a 3 for the row"
        ([6, 4], "You were robbed"),  # "She rolls a 6 and a 4"
        ([3, 3], "Strange occurrence"),  # "She rolls a 3 and a 3"; the table prints "Stange"
    ],
)
def test_the_books_connection_rolls(faces, event):
    result = roll_connection(dice=FixedDice(faces))
    assert result.event == event
    assert (result.column, result.row) == tuple(faces)


def test_the_first_die_is_the_column_and_the_second_the_row():
    assert roll_connection(dice=FixedDice([3, 2])).event == "Gone over the edge"
    assert roll_connection(dice=FixedDice([1, 6])).event == "Winning one for the team"
    assert roll_connection(dice=FixedDice([6, 1])).event == "Undeserved Praise"


def test_the_table_has_thirty_six_different_events():
    assert len(CONNECTIONS) == 6 and all(len(row) == 6 for row in CONNECTIONS)
    assert len({event for row in CONNECTIONS for event in row}) == 36


@pytest.mark.parametrize(("column", "row"), [(0, 1), (1, 7), (7, 3)])
def test_there_is_no_event_off_the_table(column, row):
    with pytest.raises(ValueError, match="no (column|row)"):
        connection_event(column, row)


@given(st.integers(1, 6), st.integers(1, 6))
def test_a_roll_shows_both_faces_and_reads_the_table(column, row):
    result = roll_connection(dice=FixedDice([column, row]))
    assert result.faces == [column, row]
    assert result.event == connection_event(column, row)
    assert json.loads(json.dumps(dump(moments.ConnectionRoll, result)))["faces"] == [column, row]


def test_the_roll_explains_itself():
    assert roll_connection(dice=FixedDice([6, 4])).explanation == ["rolled 6 4: column 6, row 4: You were robbed"]


NIKITA = [
    Connection("Ran afoul of the law", "Dodger", True, "Uri Kasparov"),
    Connection("You were robbed", "Dwight", True, "the Corner Diner on Fifth and Broad"),
    Connection("Strange occurrence", "Father Mallory", False, "a secret NPC"),
]


def test_two_with_pcs_and_two_with_npcs_complete_a_character():
    check = check_connections([*NIKITA, Connection("A debt paid", "Uri Kasparov", False)], DIALS)
    assert (check.with_pcs, check.with_npcs, check.complete, check.missing) == (2, 2, True, [])


def test_a_missing_connection_is_named():
    check = check_connections(NIKITA, DIALS)
    assert not check.complete
    assert check.missing == ["1 more with NPCs"]


def test_npcs_must_be_unique():
    check = check_connections([*NIKITA, Connection("A debt paid", "father mallory", False)], DIALS)
    assert check.with_npcs == 1 and not check.complete


def test_no_connections_at_all():
    check = check_connections([], DIALS)
    assert check.missing == ["2 more with PCs", "2 more with NPCs"]
    assert json.loads(json.dumps(dump(moments.ConnectionsCheck, check)))["complete"] is False


def test_connections_are_optional_and_off_by_default():
    with pytest.raises(RuleNotInUse, match="connections"):
        check_connections(NIKITA, Dials())


def test_connection_rolls_are_refused_where_connections_are_off():
    check_in_use(DIALS)
    with pytest.raises(RuleNotInUse, match="connections"):
        check_in_use(Dials())


def test_a_connection_needs_an_event_and_someone():
    with pytest.raises(ValueError, match="event and someone"):
        Connection("", "Dodger", True)
