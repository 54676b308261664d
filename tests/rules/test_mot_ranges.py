"""Range bands (ch. 7, Ranged Weapons, Range Penalties and Aiming)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.moment_of_truth.equipment import Arsenal, Quality
from bridge.rules.moment_of_truth.ranges import OutOfRange, RangeBand, read_range, weapon_range
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.combat import AttackRange

# The M-40 sniper rifle of the book's example: C-2m, 50m, 100m (5).
SNIPER = dict(close=2, optimal=50, long_range=100, increments=5)


@pytest.mark.parametrize(
    "distance, band, dice",
    [
        (0, RangeBand.CLOSE, -1),
        (2, RangeBand.CLOSE, -1),
        (2.5, RangeBand.OPTIMAL, 0),
        (50, RangeBand.OPTIMAL, 0),
        # "from just over 50m to 150m (the first increment) ... -1d6"
        (51, RangeBand.LONG, -1),
        (150, RangeBand.LONG, -1),
        # "between just over 150m and 250m (increment 2) ... -2d6"
        (151, RangeBand.LONG, -2),
        (250, RangeBand.LONG, -2),
        # "just over 350m to 450m (increment 4) ... -4d6"
        (351, RangeBand.LONG, -4),
        (450, RangeBand.LONG, -4),
        # "just over 450m to 550m (increment 5, and the final increment) ... -5d6"
        (451, RangeBand.LONG, -5),
        (550, RangeBand.LONG, -5),
    ],
)
def test_sniper_rifle_bands(distance, band, dice):
    reading = read_range(distance, **SNIPER)
    assert (reading.band, reading.dice) == (band, dice)


def test_beyond_the_last_increment_is_out_of_range():
    with pytest.raises(OutOfRange, match="550 m"):
        read_range(551, **SNIPER)


def test_scope_doubles_the_long_range_number():
    # Dodger's scoped rifle, 200m (5): the gunman at 250 m is at -1d6.
    reading = read_range(250, **SNIPER, scope=True)
    assert (reading.band, reading.increment, reading.dice, reading.long_range) == (RangeBand.LONG, 1, -1, 200)
    assert read_range(1050, **SNIPER, scope=True).dice == -5


def test_plain_c_close_range_is_point_blank_only():
    # .45 Auto Pistol: C, 10m, 12m (4).
    assert read_range(0, 0, 10, 12, 4).band is RangeBand.CLOSE
    assert read_range(0.5, 0, 10, 12, 4).band is RangeBand.OPTIMAL


def test_explanation_names_the_band():
    assert read_range(250, **SNIPER, scope=True).explanation == [
        "250 m: long range increment 1 of 200 m, doubled by the scope, -1d6"
    ]
    assert read_range(10, **SNIPER).explanation == ["10 m: optimal range, no modifier"]
    assert dump(AttackRange, read_range(1, **SNIPER))["band"] == "close"


@pytest.mark.parametrize(
    "args",
    [(-1, 2, 50, 100, 5), (10, 60, 50, 100, 5), (10, 2, 50, 0, 5), (10, 2, 50, 100, -1)],
)
def test_nonsense_is_refused(args):
    with pytest.raises(ValueError):
        read_range(*args)


@given(
    st.floats(0, 10_000, allow_nan=False),
    st.integers(1, 50),
    st.integers(1, 100),
    st.integers(1, 8),
)
def test_penalty_never_shrinks_with_distance(distance, optimal, long_range, increments):
    farther = distance + 1
    try:
        far = read_range(farther, 0, optimal, long_range, increments)
    except OutOfRange:
        return
    near = read_range(distance, 0, optimal, long_range, increments)
    assert far.dice <= max(near.dice, 0)
    assert -increments <= far.dice <= 0


def test_weapon_range_reads_the_weapon_and_its_scope():
    rifle = Arsenal.book().ranged_weapon("M-40 Sniper (.308)")
    assert weapon_range(rifle, 250).dice == -2
    assert weapon_range(rifle.with_qualities(Quality.SCOPE), 250).dice == -1
