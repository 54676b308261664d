"""Dice sources: the cap, fair dice's range, fixed dice's order and errors."""

import pytest

from bridge.rules.dice import MAX_DICE_PER_ROLL, FixedDice, RandomDice, TooManyDice


def test_falling_fits_under_the_cap():
    assert MAX_DICE_PER_ROLL >= 285


def test_too_many_dice_is_a_value_error():
    assert issubclass(TooManyDice, ValueError)


def test_random_dice_show_faces_of_the_die():
    faces = RandomDice().roll(MAX_DICE_PER_ROLL, 6)
    assert len(faces) == MAX_DICE_PER_ROLL
    assert set(faces) <= set(range(1, 7))


def test_random_dice_roll_nothing_for_zero():
    assert RandomDice().roll(0, 6) == []


def test_random_dice_refuse_more_than_the_cap():
    with pytest.raises(TooManyDice):
        RandomDice().roll(MAX_DICE_PER_ROLL + 1, 6)


def test_random_dice_refuse_a_negative_count():
    with pytest.raises(ValueError) as refused:
        RandomDice().roll(-1, 6)
    assert not isinstance(refused.value, TooManyDice)


def test_fixed_dice_hand_out_faces_in_order():
    dice = FixedDice([6, 1, 3, 5])
    assert dice.roll(3, 6) == [6, 1, 3]
    assert dice.remaining == 1
    assert dice.roll(1, 6) == [5]
    assert dice.remaining == 0


def test_fixed_dice_say_when_exhausted():
    dice = FixedDice([4])
    with pytest.raises(RuntimeError, match="exhausted"):
        dice.roll(2, 6)
    assert dice.remaining == 1


def test_fixed_dice_refuse_a_face_not_on_the_die():
    with pytest.raises(ValueError, match="d6"):
        FixedDice([7]).roll(1, 6)
    with pytest.raises(ValueError):
        FixedDice([0]).roll(1, 6)


def test_fixed_dice_keep_the_cap():
    with pytest.raises(TooManyDice):
        FixedDice([6] * 400).roll(MAX_DICE_PER_ROLL + 1, 6)


def test_random_dice_read_one_byte_per_die_and_redraw_the_unfair_ones(monkeypatch):
    reads = iter([bytes([252, 5, 0]), bytes([255]), bytes([11])])  # 252-255 would favour faces 1-4
    asked = []
    monkeypatch.setattr("bridge.rules.dice.os.urandom", lambda n: asked.append(n) or next(reads))
    assert RandomDice().roll(3, 6) == [6, 1, 6]
    assert asked == [3, 1, 1]


def test_random_dice_of_more_than_256_sides_read_two_bytes_per_die(monkeypatch):
    # 65536 - 65536 % 300 = 65400: two-byte values from there on are drawn again
    reads = iter([bytes([0xFF, 0x78, 0x01, 0x2C]), bytes([0x00, 0x00])])
    monkeypatch.setattr("bridge.rules.dice.os.urandom", lambda n: next(reads))
    assert RandomDice().roll(2, 300) == [1, 1]


def test_random_dice_refuse_a_die_without_sides():
    with pytest.raises(ValueError):
        RandomDice().roll(1, 0)
