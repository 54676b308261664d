"""The 2d20 variant's, Moment of Clarity's and the d10 system's rules values
written by ``bridge.schemas.encode`` are what marshmallow's own
``Schema.dump`` writes of them, in JSON's types."""

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.highest_d10 import Condition, Modifier, build_pool, read_roll, roll_odds
from bridge.rules.highest_d10.actions import DRAW_WEAPON
from bridge.rules.highest_d10.advanced import cumulative_successes, cumulative_total
from bridge.rules.highest_d10.declarations import declare, fastdraw, plan_phase
from bridge.rules.highest_d10.phases import clock
from bridge.rules.moment_of_clarity.cards import Card, card_on_dice
from bridge.rules.moment_of_clarity.chips import Chips
from bridge.rules.moment_of_clarity.combat import Weapon, damage_pool
from bridge.rules.moment_of_clarity.elements import Element, Suit
from bridge.rules.moment_of_clarity.health import Health, take_hit
from bridge.rules.moment_of_clarity.levels import Difficulty
from bridge.rules.moment_of_clarity.odds import roll_odds as moc_roll_odds
from bridge.rules.moment_of_clarity.rolls import roll as moc_roll
from bridge.rules.moment_of_clarity.skills import PoolPart, SkillThreshold, skill_pool
from bridge.rules.moment_of_clarity.splitting import SplitAction, judge_split, roll_split, split_pool
from bridge.rules.two_d20 import Payer, Target, roll_contest, roll_skill_test, skill_test_odds
from bridge.rules.two_d20.chaos import Chaos
from bridge.rules.two_d20.combat import Vitals
from bridge.rules.two_d20.determination import Determination, critical_die
from bridge.rules.two_d20.momentum import Momentum
from bridge.rules.two_d20.traits import Trait, TraitSubject, difficulty_with_traits
from bridge.schemas.encode import dump
from bridge.systems.highest_d10 import schemas as d10
from bridge.systems.moment_of_clarity import odds as moc_odds
from bridge.systems.moment_of_clarity.schemas import combat as moc_combat
from bridge.systems.moment_of_clarity.schemas import rolls as moc_rolls
from bridge.systems.moment_of_clarity.schemas import splits as moc_splits
from bridge.systems.moment_of_clarity.schemas import state as moc_state
from bridge.systems.two_d20 import odds as two_d20_odds
from bridge.systems.two_d20 import schemas as two_d20

from .test_encode import _json_types_only

_test = roll_skill_test(Target(3, 5, 2), 2, dice=FixedDice([1, 20, 7, 4]), bought=1, paid_by=Payer.CHAOS,
                        assistants=[("Ana", Target(1, 1))])
_vitals, _hit = Vitals.fresh(6, 2, 6).take_hit(5, 1, "Winded")

TWO_D20 = [
    (two_d20.TwoD20SkillTest, _test),
    (two_d20.TwoD20SkillTest, critical_die(_test, 1)),
    (two_d20.TwoD20Contest, roll_contest(Target(4, 4), Target(3, 3), dice=FixedDice([1, 9, 5, 9]))),
    (two_d20.TwoD20Difficulty, difficulty_with_traits(4, [Trait("Dark", TraitSubject.LOCATION, 3)])),
    (two_d20.TwoD20HitWorking, _hit),
    (two_d20.TwoD20Vitals, _vitals),
    (two_d20.TwoD20Change, Momentum(5, 2).gain(3)[1]),
    (two_d20.TwoD20Momentum, Momentum(5, 4)),
    (two_d20.TwoD20Chaos, Chaos(4)),
    (two_d20.TwoD20Determination, Determination(2)),
    (two_d20.TwoD20Trait, Trait("Dark", TraitSubject.LOCATION, 1)),
    (two_d20_odds.TwoD20Odds, skill_test_odds(Target(2, 3, 1), 2, 1, [Target(1, 1)])),
]


@pytest.mark.parametrize(("schema", "value"), TWO_D20, ids=lambda item: getattr(item, "__name__", ""))
def test_two_d20_values_are_their_schemas_dump(schema, value):
    written = dump(schema, value)
    assert written == schema().dump(value)
    assert _json_types_only(written)


_wounded = build_pool(4, [Condition("wounded")])
_rolls = [read_roll(_wounded, [2, 8, 8], [Modifier("skill", 2)], tn=8), read_roll(build_pool(3), [1, 1, 4], tn=5),
          read_roll(build_pool(0), [2]), read_roll(build_pool(2), [4, 9], stressful=False)]
_plan = plan_phase(1, {"Leroy": 16, "Earl": 21}, [declare("Leroy", DRAW_WEAPON), fastdraw("Earl", False)])

D10 = [
    *((d10.D10SkillRoll, rolled) for rolled in _rolls),
    (d10.D10PoolResult, _wounded),
    (d10.D10CumulativeCard, cumulative_successes(_rolls[:2], 2, solid_counts_double=True)),
    (d10.D10CumulativeCard, cumulative_total(_rolls, 12)),
    (d10.D10RollOdds, roll_odds(3, 8, 1)),
    (d10.D10RollOdds, roll_odds(0, 4, 0, False)),
    (d10.D10Clock, clock(23)),
    (d10.D10PhasePlan, _plan),
    (d10.D10Declared, _plan.declared[0]),
]


@pytest.mark.parametrize(("schema", "value"), D10, ids=lambda item: getattr(item, "__name__", ""))
def test_d10_values_are_their_schemas_dump(schema, value):
    written = dump(schema, value)
    assert written == schema().dump(value)
    assert _json_types_only(written)


_opened = moc_roll(3, 10, 9, FixedDice([10, 3, 10, 10, 1, 10, 4]))
_split = split_pool(5, [SplitAction("dodge", 2), SplitAction("shoot", 2, tn=9)])
_hit = take_hit(Health(3, 2, 2), damage=1, pain=6)

MOC = [
    (moc_rolls.MocRoll, _opened),
    (moc_rolls.MocRoll, moc_roll(2, 6, Difficulty.STANDARD, FixedDice([1, 3]))),
    (moc_rolls.MocSkillPool, skill_pool([PoolPart("Mind", 3), PoolPart("Cryptography", 2)], 7, SkillThreshold.DIFFICULT)),
    (moc_rolls.MocSkillPool, skill_pool([PoolPart("Body", 2)])),
    *((moc_splits.MocActionOut, done) for done in judge_split(_split, roll_split(_split, FixedDice([1, 2, 9, 9])))),
    (moc_splits.MocCardPlayOut, card_on_dice(Card(12, Suit.HEARTS), Element.ACTION)),
    (moc_state.MocCardOut, Card(14, Suit.SPADES)),
    (moc_state.MocChipsOut, Chips(2, 1, 0)),
    (moc_combat.MocHitOut, _hit),
    (moc_combat.MocHealth, _hit.health),
    (moc_combat.MocDamagePoolOut, damage_pool(_opened, Weapon("Blaster", 4, 8, lethal=True), 1)),
    (moc_odds.MocOdds, moc_roll_odds(3, 10, 9)),
]


@pytest.mark.parametrize(("schema", "value"), MOC, ids=lambda item: getattr(item, "__name__", ""))
def test_moment_of_clarity_values_are_their_schemas_dump(schema, value):
    written = dump(schema, value)
    assert written == schema().dump(value)
    assert _json_types_only(written)
