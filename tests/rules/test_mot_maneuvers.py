"""Grappling maneuvers (ch. 7, Grappling; Take-down; Strangle; Disarm).

Contest dice are handed out first to the acting side, then to the resisting
side. The world's TN is 2 unless a test says otherwise."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.contests import Party, Ruling
from bridge.rules.moment_of_truth.defense import to_hit
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.maneuvers import (
    Grappler,
    GrappleSkill,
    Maneuver,
    break_free,
    break_strangle,
    crush,
    disarm,
    grapple,
    strangle,
    take_down,
)
from bridge.rules.moment_of_truth.rolls import RollKind
from bridge.rules.moment_of_truth.statistics import Derived, Statistic
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import maneuvers

DIALS = Dials()
GRAPPLED, RESTRAINED, PRONE = Condition.GRAPPLED, Condition.RESTRAINED, Condition.PRONE
SUFFOCATING, DISARMED = Condition.SUFFOCATING, Condition.DISARMED
HELD = frozenset({GRAPPLED, RESTRAINED})

# Ann: melee attack 3, brawling 2. Bo: melee attack 2, brawling 1. Kim: melee attack 3, martial arts 2.
ANN = Grappler("Ann", strength=3, agility=3, brawling=2)
BO = Grappler("Bo", strength=2, agility=2, brawling=1, party=Party.NPC)
KIM = Grappler("Kim", strength=2, agility=4, martial_arts=2)


def held(grappler, *more):
    return Grappler(**{**vars(grappler), "conditions": HELD | set(more)})


def changes(result):
    return {(change.who, change.condition, change.gained) for change in result.changes}


def play(move, *args, faces, **options):
    dice = FixedDice(faces)
    result = move(*args, dice=dice, **options)
    assert dice.remaining == 0, "the maneuver rolls exactly the dice given"
    return result


# --- grapple ------------------------------------------------------------------


def grab(attacker, target, faces, **options):
    return play(grapple, attacker, target, DIALS, faces=faces, free_hand=True, close_range=True, **options)


def test_grapple_is_melee_attack_plus_brawling_against_the_tn_and_grapples_and_restrains():
    result = grab(ANN, BO, [5, 6, 1, 2, 3])
    assert result.roll.pool.dice == 5
    assert result.roll.kind is RollKind.SKILL
    assert result.grappled
    assert changes(result) == {("Bo", GRAPPLED, True), ("Bo", RESTRAINED, True)}


def test_a_missed_grapple_changes_nothing():
    result = grab(ANN, BO, [5, 1, 2, 3, 4])
    assert not result.grappled
    assert result.changes == ()
    assert result.explanation[-1] == "no condition changes"


def test_grapple_needs_a_free_hand_and_close_range():
    with pytest.raises(ValueError, match="hand free"):
        grapple(ANN, BO, DIALS, free_hand=False, close_range=True, dice=FixedDice([]))
    with pytest.raises(ValueError, match="close range"):
        grapple(ANN, BO, DIALS, free_hand=True, close_range=False, dice=FixedDice([]))


def test_grapple_with_martial_arts_is_skilled():
    result = grab(KIM, BO, [5, 5, 1, 1, 1])
    assert result.skill is GrappleSkill.MARTIAL_ARTS
    assert result.roll.pool.dice == 5
    assert result.grappled


def test_grapple_without_either_skill_is_unskilled():
    brute = Grappler("Brute", strength=4, agility=2)
    result = grab(brute, BO, [5, 5, 6])
    assert result.roll.kind is RollKind.UNSKILLED
    assert not result.grappled


def test_grapple_tn_falls_for_an_unaware_target_and_rises_with_defense_dice():
    unaware = Grappler(**{**vars(BO), "conditions": {Condition.UNAWARE}})
    assert grab(ANN, unaware, [6, 1, 2, 3, 4]).grappled
    guarded = to_hit(dials=DIALS, ranged=False, defense_dice=4)
    result = grab(ANN, BO, [5, 6, 5, 1, 2], target_to_hit=guarded)
    assert result.roll.target.value == 4
    assert not result.grappled


def test_a_prone_injured_grappler_loses_dice():
    hurt = Grappler(**{**vars(ANN), "conditions": {PRONE, Condition.INJURED}})
    assert grab(hurt, BO, [5, 6]).roll.pool.dice == 2  # 3 + 2 - 2 prone - 1 injured


def test_moments_of_truth_add_dice_to_the_grappler():
    result = grab(Grappler(**{**vars(ANN), "moments": 1}), BO, [5, 6, 1, 2, 3, 4])
    assert result.roll.pool.dice == 6


# --- break free ---------------------------------------------------------------


def test_break_free_won_ends_grappled_and_restrained():
    result = play(break_free, held(BO), ANN, DIALS, faces=[6, 6, 5, 5, 1, 2, 3, 4])
    assert result.winner == "Bo"
    assert changes(result) == {("Bo", GRAPPLED, False), ("Bo", RESTRAINED, False)}


def test_break_free_deadlock_goes_to_the_grappler_who_resists():
    result = play(break_free, held(BO), ANN, DIALS, faces=[5, 5, 1, 5, 6, 2, 3, 4])
    assert result.contest.ruling is Ruling.RESISTING
    assert result.winner == "Ann"
    assert result.changes == ()


def test_break_free_rolls_strength_or_melee_attack_as_each_side_picks():
    dee = held(Grappler("Dee", strength=1, agility=5, brawling=1))
    faces = [5, 5, 2, 2, 5, 2, 2, 2, 2]
    result = play(
        break_free,
        dee,
        ANN,
        DIALS,
        faces=faces,
        statistic=Derived.MELEE_ATTACK,
        grappler_statistic=Derived.MELEE_ATTACK,
    )
    assert (result.contest.first.pool.dice, result.contest.second.pool.dice) == (4, 5)
    assert result.winner == "Dee"
    with pytest.raises(ValueError, match="strength or melee attack"):
        break_free(dee, ANN, DIALS, statistic=Statistic.AGILITY, dice=FixedDice([]))


def test_break_free_from_a_strangle_ends_suffocating_too():
    result = play(break_free, held(BO, SUFFOCATING), ANN, DIALS, faces=[6, 6, 5, 5, 1, 2, 3, 4], strangled=True)
    assert ("Bo", SUFFOCATING, False) in changes(result)


def test_only_the_grappled_can_break_free():
    with pytest.raises(ValueError, match="not grappled"):
        break_free(BO, ANN, DIALS, dice=FixedDice([]))


def test_martial_arts_in_a_contest_turns_brawling_to_sixes_only():
    """Kim (martial arts) breaks free of Ann (brawling): Ann keeps her 5 dice
    but only her 6 counts, so 5 5 5 6 1 is one success."""
    result = play(break_free, held(KIM), ANN, DIALS, faces=[5, 5, 1, 2, 5, 5, 5, 6, 1])
    ann = result.contest.rounds[0].second
    assert ann.kind is RollKind.PERIPHERAL
    assert (ann.pool.dice, ann.counting.successes) == (5, 1)
    assert result.contest.rounds[0].first.kind is RollKind.SKILL
    assert result.winner == "Kim"
    assert "Ann: strength + brawling, 5d6, brawling against martial arts: 6s only" in result.explanation


def test_without_martial_arts_brawling_counts_fives_and_sixes():
    result = play(break_free, held(BO), ANN, DIALS, faces=[6, 6, 5, 5, 1, 2, 3, 4])
    assert result.contest.rounds[0].second.kind is RollKind.SKILL


# --- skill choice ---------------------------------------------------------------


def test_the_higher_grappling_skill_is_used_unless_one_is_chosen():
    both = Grappler("Both", strength=2, agility=2, brawling=3, martial_arts=1)
    assert both.skill is GrappleSkill.BRAWLING
    assert Grappler(**{**vars(both), "martial_arts": 3}).skill is GrappleSkill.MARTIAL_ARTS
    assert Grappler(**{**vars(both), "uses": GrappleSkill.MARTIAL_ARTS}).skill is GrappleSkill.MARTIAL_ARTS
    with pytest.raises(ValueError, match="no level"):
        Grappler("Ann", strength=3, agility=3, brawling=2, uses=GrappleSkill.MARTIAL_ARTS)
    with pytest.raises(ValueError, match="negative"):
        Grappler("Ann", strength=-1, agility=3)


# --- take-down ------------------------------------------------------------------


def test_take_down_won_leaves_the_opponent_prone():
    result = play(take_down, ANN, held(BO), DIALS, faces=[5, 6, 5, 1, 2, 2, 3, 4])
    assert result.winner == "Ann"
    assert changes(result) == {("Bo", PRONE, True)}


def test_take_down_tie_leaves_both_prone():
    result = play(take_down, ANN, held(BO), DIALS, faces=[5, 5, 1, 2, 3, 6, 5, 2])
    assert result.winner is None
    assert result.contest.ruling is Ruling.GM_CALLS
    assert changes(result) == {("Ann", PRONE, True), ("Bo", PRONE, True)}
    assert result.explanation[-3] == "a take-down's tie leaves both prone (ch. 7, Take-down)"


def test_take_down_with_both_failing_is_a_tie_unless_the_gm_rules_otherwise():
    faces = [5, 2, 2, 3, 3, 5, 2, 3]
    tie = play(take_down, ANN, held(BO), DIALS, faces=faces)
    assert changes(tie) == {("Ann", PRONE, True), ("Bo", PRONE, True)}
    standing = play(take_down, ANN, held(BO), DIALS, faces=faces, both_failed_tie=False)
    assert standing.winner == "Bo"
    assert standing.changes == ()


def test_take_down_lost_changes_nothing():
    result = play(take_down, ANN, held(BO), DIALS, faces=[5, 2, 2, 3, 3, 5, 6, 2])
    assert result.winner == "Bo"
    assert result.changes == ()


def test_take_down_needs_a_grappled_opponent():
    with pytest.raises(ValueError, match="not grappled"):
        take_down(ANN, BO, DIALS, dice=FixedDice([]))


# --- strangle -------------------------------------------------------------------


def test_strangle_won_with_agility_leaves_the_opponent_suffocating():
    result = play(strangle, KIM, held(BO), DIALS, faces=[5, 5, 6, 1, 2, 3, 5, 5, 2], statistic=Statistic.AGILITY)
    assert result.contest.first.pool.dice == 6
    assert result.winner == "Kim"
    assert changes(result) == {("Bo", SUFFOCATING, True)}


def test_strangle_deadlock_goes_to_the_target():
    result = play(strangle, ANN, held(BO), DIALS, faces=[5, 5, 1, 2, 3, 6, 5, 2])
    assert result.winner == "Bo"
    assert result.changes == ()


def test_strangle_refuses_a_statistic_the_book_does_not_name():
    with pytest.raises(ValueError, match="strength or agility"):
        strangle(ANN, held(BO), DIALS, statistic=Derived.MELEE_ATTACK, dice=FixedDice([]))


def test_break_strangle_won_ends_suffocating_but_not_the_grapple():
    result = play(break_strangle, held(BO, SUFFOCATING), ANN, DIALS, faces=[6, 6, 5, 5, 1, 2, 3, 4])
    assert changes(result) == {("Bo", SUFFOCATING, False)}
    with pytest.raises(ValueError, match="not suffocating"):
        break_strangle(held(BO), ANN, DIALS, dice=FixedDice([]))


def test_crush_does_strength_five_six_damage_on_a_later_turn():
    result = play(crush, ANN, held(BO, SUFFOCATING), faces=[6, 5, 2], held_since_earlier_turn=True)
    assert result.damage.damage.notation == "3d6 (5,6)"
    assert (result.damage.serious, result.damage.minor, result.damage.hit_points_lost) == (1, 2, 3)


def test_crush_takes_armor_off():
    result = play(crush, ANN, held(BO, SUFFOCATING), faces=[6, 5, 2], held_since_earlier_turn=True, damage_reduction=1)
    assert (result.damage.serious, result.damage.minor) == (0, 2)


def test_crush_waits_for_a_later_turn_and_a_strangle():
    with pytest.raises(ValueError, match="after winning"):
        crush(ANN, held(BO, SUFFOCATING), held_since_earlier_turn=False, dice=FixedDice([]))
    with pytest.raises(ValueError, match="not suffocating"):
        crush(ANN, held(BO), held_since_earlier_turn=True, dice=FixedDice([]))


# --- disarm ---------------------------------------------------------------------


def test_disarm_won_leaves_the_opponent_disarmed():
    result = play(disarm, ANN, held(BO), DIALS, faces=[5, 6, 5, 1, 2, 2, 3, 4])
    assert changes(result) == {("Bo", DISARMED, True)}


def test_a_resisting_npc_takes_a_deadlock_even_against_a_pc():
    result = play(disarm, ANN, held(BO), Dials(deadlock_to_pc=True), faces=[5, 5, 1, 2, 3, 5, 6, 1])
    assert result.winner == "Bo"
    assert result.changes == ()


# --- all maneuvers ----------------------------------------------------------------


def test_condition_penalties_come_off_contest_pools():
    stunned = Grappler(**{**vars(ANN), "conditions": {Condition.STUNNED}})
    result = play(disarm, stunned, held(BO), DIALS, faces=[5, 6, 5, 2, 2])
    assert result.contest.first.pool.dice == 2  # 3 + 2 - 3 stunned


def test_unconscious_fighters_take_no_actions():
    out = Grappler(**{**vars(ANN), "conditions": {Condition.UNCONSCIOUS}})
    with pytest.raises(ValueError, match="unconscious"):
        disarm(out, held(BO), DIALS, dice=FixedDice([]))
    with pytest.raises(ValueError, match="unconscious"):
        grapple(out, BO, DIALS, free_hand=True, close_range=True, dice=FixedDice([]))


def test_results_are_json_ready():
    for result in (
        grab(ANN, BO, [5, 6, 1, 2, 3]),
        play(take_down, ANN, held(BO), DIALS, faces=[5, 5, 1, 2, 3, 6, 5, 2]),
        play(crush, ANN, held(BO, SUFFOCATING), faces=[6, 5, 2], held_since_earlier_turn=True),
    ):
        payload = json.loads(json.dumps(dump(maneuvers.RESULTS[type(result)], result)))
        assert payload["explanation"] == result.explanation
        assert payload["maneuver"] in {maneuver.value for maneuver in Maneuver}
    take = dump(maneuvers.ContestedResult, play(take_down, ANN, held(BO), DIALS, faces=[5, 5, 1, 2, 3, 6, 5, 2]))
    assert take["winner"] is None
    assert {"who": "Ann", "condition": "prone", "gained": True} in take["changes"]


@given(st.randoms(use_true_random=False))
def test_take_down_prones_the_target_iff_the_attacker_wins_or_ties(rng):
    class Dice:
        def roll(self, count, sides):
            return [rng.randint(1, sides) for _ in range(count)]

    result = take_down(ANN, held(BO), DIALS, dice=Dice())
    gained = {change.who for change in result.changes}
    assert all(change.condition is PRONE and change.gained for change in result.changes)
    if result.winner == "Ann":
        assert gained == {"Bo"}
    elif result.winner == "Bo":
        assert gained == set()
    else:
        assert gained == {"Ann", "Bo"}


@given(st.randoms(use_true_random=False), st.sampled_from([Statistic.STRENGTH, Derived.MELEE_ATTACK]))
def test_breaking_free_never_changes_the_grappler(rng, statistic):
    class Dice:
        def roll(self, count, sides):
            return [rng.randint(1, sides) for _ in range(count)]

    result = break_free(held(BO), ANN, DIALS, statistic=statistic, dice=Dice())
    assert all(change.who == "Bo" and not change.gained for change in result.changes)
    assert bool(result.changes) == (result.winner == "Bo")
