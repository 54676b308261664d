"""Traits changing a skill test's difficulty, kept within 0-5."""

import pytest

from bridge.rules.two_d20.traits import Trait, TraitSubject, difficulty_with_traits

DARK = Trait("pitch dark", TraitSubject.LOCATION, +1)
ROPE = Trait("knotted rope", TraitSubject.OBJECT, -1)
HURT = Trait("broken arm", TraitSubject.CHARACTER, +2)


def test_traits_raise_and_lower_the_difficulty():
    difficulty = difficulty_with_traits(2, [DARK, ROPE, HURT])
    assert difficulty.value == 4
    assert difficulty.explanation == [
        "difficulty 2 set by the GM",
        "pitch dark (location): +1",
        "knotted rope (object): -1",
        "broken arm (character): +2",
        "difficulty 4",
    ]


def test_the_difficulty_stays_within_0_to_5():
    assert difficulty_with_traits(0, [ROPE]).value == 0
    high = difficulty_with_traits(4, [DARK, HURT])
    assert (high.value, high.explanation[-1]) == (5, "difficulty 5 (kept within 0 to 5 from 7)")
    with pytest.raises(ValueError, match="0 to 5"):
        difficulty_with_traits(6)


def test_a_trait_needs_a_name():
    with pytest.raises(ValueError):
        Trait(" ", TraitSubject.EVENT)
