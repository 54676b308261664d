"""Talents (ch. 4) and how Moments of Truth extend them; ch. 9's dual-wield talent."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.moments import MomentsLedger, RollSpending, award_role_playing, spend_on_roll
from bridge.rules.moment_of_truth.rolls import RollKind, build_pool
from bridge.rules.moment_of_truth.statistics import Derived, Statistic
from bridge.rules.moment_of_truth.talents import Talent, TalentUses, free_uses, use_talent
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import rolls

DIALS = Dials()
SKILL, STATISTIC = RollKind.SKILL, RollKind.STATISTIC

HONEST_FACE = Talent("Honest Face", "face-to-face with someone", skills=("Lying", "Conversation"))
SECOND_STORY_MAN = Talent(
    "Second-Story Man", "climbing in urban settings; from heights", skills=("Athletics", "Lock Picking")
)
KEEN_SIGHT = Talent("Keen Sight", "long-distance sight", statistic=Statistic.PERCEPTION)
DUAL_WIELD = Talent("Dual Wield", "a weapon in each hand", skills=("Melee, one-handed",))


FRESH = TalentUses()


def lie(uses=FRESH, dials=DIALS, **options):
    return use_talent(HONEST_FACE, uses, SKILL, Statistic.WILL, "Lying", dials=dials, **options)


def uses_in_a_row(count, dials=DIALS):
    uses, made = TalentUses(), []
    for _ in range(count):
        made.append(lie(uses, dials))
        uses = made[-1].uses
    return made


# --- +3d6 and free uses ---------------------------------------------------


def test_a_talent_adds_three_dice_to_the_pool():
    use = lie()
    pool = build_pool(SKILL, 3, 2, [use.modifier])
    assert pool.dice == 3 + 2 + 3
    assert use.modifier.source == "talent: Honest Face"


def test_twice_a_session_for_free_then_one_moment_each():
    # Ch. 4: "after you have used your talent twice in one session, you can spend one Moment of Truth to activate it again."
    assert [(use.use, use.free, use.moments) for use in uses_in_a_row(4)] == [
        (1, True, 0),
        (2, True, 0),
        (3, False, 1),
        (4, False, 1),
    ]


def test_once_a_session_for_free_in_short_sessions():
    dials = DIALS.with_changes(short_sessions=True)
    assert free_uses(dials) == 1
    assert [use.moments for use in uses_in_a_row(2, dials)] == [0, 1]


def test_a_new_session_brings_the_free_uses_back():
    spent = uses_in_a_row(2)[-1].uses
    fresh = spent.next_session()
    assert fresh.session == 2 and fresh.used("Honest Face") == 0
    assert lie(fresh).moments == 0


def test_uses_are_counted_per_talent():
    uses = uses_in_a_row(2)[-1].uses
    use = use_talent(SECOND_STORY_MAN, uses, SKILL, Statistic.AGILITY, "Athletics", dials=DIALS)
    assert (use.use, use.moments) == (1, 0)


def test_uses_survive_a_json_round_trip():
    uses = uses_in_a_row(3)[-1].uses.next_session()
    uses = lie(uses).uses
    assert TalentUses.from_dict(json.loads(json.dumps(dump(rolls.TalentUses, uses)))) == uses


# --- off-spirit uses ------------------------------------------------------


def test_an_off_spirit_use_costs_one_and_uses_up_a_free_use():
    # Ch. 4: "spend a Moment of Truth ... Using this option will use up 1 of your 2 uses of your talent."
    off = use_talent(HONEST_FACE, TalentUses(), SKILL, Statistic.WILL, "Acting", off_spirit=True, dials=DIALS)
    assert (off.free, off.moments, off.off_spirit) == (True, 1, True)
    second = lie(off.uses)
    third = lie(second.uses)
    assert (second.moments, third.moments) == (0, 1)


def test_an_off_spirit_use_costs_two_once_the_free_uses_are_gone():
    # Ch. 4: "If you have already gone through your free uses, you must spend two MoTs for this option."
    uses = uses_in_a_row(2)[-1].uses
    off = use_talent(HONEST_FACE, uses, SKILL, Statistic.WILL, "Acting", off_spirit=True, dials=DIALS)
    assert (off.free, off.moments) == (False, 2)


def test_a_named_skill_is_not_an_off_spirit_use():
    with pytest.raises(ValueError, match="use it normally"):
        use_talent(HONEST_FACE, TalentUses(), SKILL, Statistic.WILL, "lying", off_spirit=True, dials=DIALS)


def test_an_unnamed_skill_needs_an_off_spirit_use():
    with pytest.raises(ValueError, match="off-spirit use needs the GM"):
        use_talent(HONEST_FACE, TalentUses(), SKILL, Statistic.WILL, "Acting", dials=DIALS)


def test_an_off_spirit_use_is_for_a_skill_roll():
    with pytest.raises(ValueError, match="for a skill roll"):
        use_talent(HONEST_FACE, TalentUses(), STATISTIC, Statistic.WILL, off_spirit=True, dials=DIALS)


@given(st.lists(st.booleans(), max_size=8), st.booleans())
def test_each_use_costs_its_spirit_plus_one_once_free_uses_are_gone(off_spirits, short):
    dials = DIALS.with_changes(short_sessions=short)
    uses = TalentUses()
    for n, off_spirit in enumerate(off_spirits):
        skill = "Acting" if off_spirit else "Lying"
        use = use_talent(HONEST_FACE, uses, SKILL, Statistic.WILL, skill, off_spirit=off_spirit, dials=dials)
        past_free = n >= free_uses(dials)
        assert use.free is not past_free
        assert use.moments == int(off_spirit) + int(past_free)
        uses = use.uses
    assert uses.used("Honest Face") == len(off_spirits)


# --- statistic talents ----------------------------------------------------


def test_a_statistic_talent_adds_to_statistic_rolls_of_it():
    use = use_talent(KEEN_SIGHT, TalentUses(), STATISTIC, Statistic.PERCEPTION, dials=DIALS)
    assert build_pool(STATISTIC, 4, None, [use.modifier]).dice == 7


def test_a_statistic_talent_never_adds_to_skill_rolls_using_it():
    # Ch. 4: "you cannot use the talent to increase the dice pool for skill rolls using this stat".
    with pytest.raises(ValueError, match="never to skill rolls"):
        use_talent(KEEN_SIGHT, TalentUses(), SKILL, Statistic.PERCEPTION, "Surveillance Electronics", dials=DIALS)


def test_a_statistic_talent_names_one_statistic():
    with pytest.raises(ValueError, match="not agility"):
        use_talent(KEEN_SIGHT, TalentUses(), STATISTIC, Statistic.AGILITY, dials=DIALS)


def test_no_off_spirit_use_of_a_statistic_talent_on_a_skill_roll_using_it():
    with pytest.raises(ValueError, match="never adds to skill rolls using perception"):
        use_talent(
            KEEN_SIGHT,
            TalentUses(),
            SKILL,
            Statistic.PERCEPTION,
            "Surveillance Electronics",
            off_spirit=True,
            dials=DIALS,
        )


def test_ranged_attack_is_built_from_perception_so_it_counts_as_using_it():
    with pytest.raises(ValueError, match="never adds to skill rolls using perception"):
        use_talent(KEEN_SIGHT, TalentUses(), SKILL, Derived.RANGED_ATTACK, "Long Arms", off_spirit=True, dials=DIALS)


def test_a_statistic_talent_may_be_used_off_spirit_on_a_skill_roll_of_another_statistic():
    use = use_talent(KEEN_SIGHT, TalentUses(), SKILL, Statistic.EDUCATION, "Photography", off_spirit=True, dials=DIALS)
    assert use.moments == 1


def test_a_skill_talent_does_not_add_to_statistic_rolls():
    with pytest.raises(ValueError, match="adds nothing to statistic rolls"):
        use_talent(HONEST_FACE, TalentUses(), STATISTIC, Statistic.WILL, dials=DIALS)


# --- the talent itself ----------------------------------------------------


def test_skills_are_named_in_any_case():
    use = use_talent(SECOND_STORY_MAN, TalentUses(), SKILL, Statistic.AGILITY, "lock picking", dials=DIALS)
    assert use.moments == 0


def test_an_unskilled_roll_for_a_named_skill_takes_the_talent():
    use = use_talent(SECOND_STORY_MAN, TalentUses(), RollKind.UNSKILLED, Statistic.AGILITY, "Athletics", dials=DIALS)
    assert build_pool(RollKind.UNSKILLED, 2, None, [use.modifier]).dice == 5


@pytest.mark.parametrize(
    "talent",
    [
        {"skills": ("Lying",), "statistic": Statistic.WILL},
        {},
    ],
)
def test_a_talent_names_skills_or_one_statistic(talent):
    with pytest.raises(ValueError, match="skills or one statistic"):
        Talent("Odd", "always", **talent)


def test_a_skill_roll_says_its_skill_and_a_statistic_roll_has_none():
    with pytest.raises(ValueError, match="which skill"):
        use_talent(HONEST_FACE, TalentUses(), SKILL, Statistic.WILL, dials=DIALS)
    with pytest.raises(ValueError, match="no skill"):
        use_talent(KEEN_SIGHT, TalentUses(), STATISTIC, Statistic.PERCEPTION, "Lying", dials=DIALS)


def test_the_explanation_says_the_use_and_its_cost():
    assert uses_in_a_row(3)[-1].explanation == [
        "talent Honest Face: +3d6, use 3 this session (the free uses are gone), costs 1 MoT"
    ]


# --- dual wield (ch. 9) and paying for uses ---------------------------------


def test_dual_wield_adds_three_dice_to_the_attack_pool_twice_a_session_then_for_a_moment():
    # Ch. 9: "+3d6 to an attack roll ... twice per session and when you spend a MoT".
    uses, costs = TalentUses(), []
    for _ in range(3):
        use = use_talent(DUAL_WIELD, uses, SKILL, Derived.MELEE_ATTACK, "Melee, one-handed", dials=DIALS)
        costs.append(use.moments)
        uses = use.uses
    assert costs == [0, 0, 1]
    assert build_pool(SKILL, 3, 2, [use.modifier]).dice == 8  # more dice to divide between attacks and defense


def test_a_paid_use_is_charged_through_the_roll_spending():
    ledger = award_role_playing(MomentsLedger.for_table(["Jackson"]), "Jackson", 3, "drama", DIALS).ledger
    use = uses_in_a_row(3)[-1]
    update = spend_on_roll(ledger, RollSpending("Jackson", talent_moments=use.moments))
    assert update.ledger.balance("Jackson") == 2


def test_no_paid_use_on_a_roll_whose_stakes_were_raised():
    use = uses_in_a_row(3)[-1]
    with pytest.raises(ValueError, match="stakes were raised"):
        RollSpending("Jackson", talent_moments=use.moments, stakes_raised=True)
