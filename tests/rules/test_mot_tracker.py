"""The combat tracker as a value, with fixed faces: seats and turn order,
rounds wrapping, stances released at the start of a token's turn, conditions
that last some rounds, and the end-of-turn rolls."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.defense import Charge
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.initiative import GmReaction, GmSide, roll_initiative
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.token_hazards import breath_tick, burn_tick, ignite, start_suffocating
from bridge.rules.moment_of_truth.tokens import ConditionEntry, Ending, registered, with_condition, with_health
from bridge.rules.moment_of_truth.tracker import (
    Combat,
    Combatant,
    Stance,
    advanced,
    check_can_act,
    defense_kept,
    fighting_seats,
    joined,
    left,
    released,
    rounds_over,
    seat_tokens,
    stance_of,
    started,
    turn_ended,
    turn_started,
    with_aim,
    with_initiative,
    with_reserve,
)
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.events.tracker import breath_card
from bridge.systems.moment_of_truth.schemas.hazards import FireHazard
from bridge.systems.moment_of_truth.schemas.tracker import Combat as CombatShape
from bridge.systems.moment_of_truth.schemas.tracker import TurnEndedToken, TurnStartedToken

DIALS = Dials()


def start_of_turn(state, dials, round_number, *, dice):
    """``turn_started``, its result as ``turn.started`` carries it."""
    change, result = turn_started(state, dials, round_number, dice=dice)
    return change, dump(TurnStartedToken, result._replace(breath=breath_card(result.breath)))


def ended(state, dials, round_number, *, dice):
    """``turn_ended``, its result as ``turn.ended`` carries it."""
    change, result = turn_ended(state, dials, round_number, dice=dice)
    return change, dump(TurnEndedToken, result)

def statistics(agility: int, will: int, endurance: int = 3) -> dict[Statistic, int]:
    return {**{s: 3 for s in Statistic}, Statistic.AGILITY: agility, Statistic.WILL: will, Statistic.ENDURANCE: endurance}


# The book's warehouse (ch. 7, Initiative Order): seated clockwise Allison,
# Ricardo (the GM), Seamus, Jackson; Ricardo rolls his thugs' lowest reaction time.
SEATING = ("allison", "ricardo", "seamus", "jackson")
TOKENS = {
    "nikita": ("allison", statistics(3, 3)),
    "thug-1": ("ricardo", statistics(3, 3)),
    "thug-2": ("ricardo", statistics(2, 2)),
    "dodger": ("seamus", statistics(3, 3)),
    "dwight": ("jackson", statistics(2, 2)),
}


def warehouse() -> Combat:
    return started("warehouse", SEATING, "ricardo", (Combatant(t, seat) for t, (seat, _) in TOKENS.items()))


def rolled(combat: Combat, faces: list[int]) -> Combat:
    """Initiative as the handler rolls it: a player's seat rolls its first token."""
    players = {seat: TOKENS[seat_tokens(combat, seat)[0]][1] for seat in fighting_seats(combat) if seat != "ricardo"}
    gm = GmSide("ricardo", {t: TOKENS[t][1] for t in seat_tokens(combat, "ricardo")}, GmReaction.LOWEST)
    return with_initiative(combat, roll_initiative(fighting_seats(combat), players, gm, DIALS, dice=FixedDice(faces)))


# Allison 10, Ricardo 8 (thug-2's reaction time 2), Seamus 11, Jackson 5.
WAREHOUSE_FACES = [4, 3, 3, 4, 4, 5, 3, 3, 3, 2]


def test_the_warehouse_goes_from_seamus_to_his_right():
    combat = rolled(warehouse(), WAREHOUSE_FACES)
    assert combat.initiative.first == "seamus" and combat.initiative.deciding_total == 11
    assert combat.initiative.rolls[1].combatant == "thug-2"
    assert combat.order == ("seamus", "ricardo", "allison", "jackson")
    assert (combat.seat, combat.round, combat.version) == ("seamus", 1, 2)


@pytest.mark.parametrize("faces", [WAREHOUSE_FACES, None])
def test_a_combat_goes_through_its_stored_shape_unchanged(faces):
    combat = rolled(warehouse(), faces) if faces else warehouse()
    combat = with_reserve(advanced(combat), "thug-1", 4) if faces else combat  # ricardo's turn: a stance kept
    assert Combat.from_dict(json.loads(json.dumps(dump(CombatShape, combat)))) == combat


def test_turns_go_round_and_a_new_round_begins_past_the_last_seat():
    combat = rolled(warehouse(), WAREHOUSE_FACES)
    seen = []
    for _ in range(6):
        combat = advanced(combat)
        seen.append((combat.seat, combat.round))
    assert seen == [("ricardo", 1), ("allison", 1), ("jackson", 1), ("seamus", 2), ("ricardo", 2), ("allison", 2)]


def test_a_seat_left_without_combatants_is_skipped():
    combat = left(rolled(warehouse(), WAREHOUSE_FACES), "nikita")
    assert [advanced(combat).seat, advanced(advanced(combat)).seat] == ["ricardo", "jackson"]
    assert fighting_seats(combat) == ("ricardo", "seamus", "jackson")


def test_seating_and_joining_are_checked():
    with pytest.raises(ValueError, match="GM's seat"):
        started("s", ("a", "b"), "gm", ())
    with pytest.raises(ValueError, match="twice"):
        started("s", ("a", "a", "gm"), "gm", ())
    with pytest.raises(ValueError, match="not at the table"):
        joined(warehouse(), "bo", "nobody")
    with pytest.raises(ValueError, match="already"):
        joined(warehouse(), "nikita", "allison")
    assert warehouse().version == 1


def test_no_turn_passes_before_initiative_and_initiative_is_rolled_once():
    with pytest.raises(ValueError, match="initiative"):
        advanced(warehouse())
    with pytest.raises(ValueError, match="already"):
        rolled(rolled(warehouse(), WAREHOUSE_FACES), WAREHOUSE_FACES)


def test_defense_dice_reserved_last_until_the_tokens_next_turn():
    combat = advanced(rolled(warehouse(), WAREHOUSE_FACES))  # ricardo's turn
    combat = with_reserve(combat, "thug-1", 4)
    assert stance_of(combat, "thug-1").defense_dice == 4
    with pytest.raises(ValueError, match="until the token's next turn"):
        with_reserve(combat, "thug-1", 2)
    for _ in range(3):  # allison, jackson, seamus: still held
        combat = advanced(combat)
        assert stance_of(combat, "thug-1").defense_dice == 4
    combat = advanced(combat)  # ricardo's turn again
    assert stance_of(combat, "thug-1") == Stance()


def test_an_attack_keeps_back_the_dice_reserved_and_cannot_change_them():
    assert defense_kept(Stance(), 3) == 3
    assert defense_kept(Stance(defense_dice=4), 0) == 4  # nothing asked: the reserve stands
    assert defense_kept(Stance(defense_dice=4), 4) == 4
    with pytest.raises(ValueError, match="until the token's next turn"):
        defense_kept(Stance(defense_dice=4), 2)


def test_only_the_seat_whose_turn_it_is_reserves_or_aims():
    combat = rolled(warehouse(), WAREHOUSE_FACES)  # seamus's turn
    with pytest.raises(ValueError, match="not the turn"):
        with_reserve(combat, "thug-1", 2)
    with pytest.raises(ValueError, match="not in the combat"):
        with_aim(combat, "nobody", "thug-1")


def test_aiming_adds_up_to_two_turns_and_starts_over_on_a_new_target():
    combat = rolled(warehouse(), WAREHOUSE_FACES)
    combat = with_aim(combat, "dodger", "thug-1")
    assert (stance_of(combat, "dodger").aiming_turns, stance_of(combat, "dodger").aim_target) == (1, "thug-1")
    for _ in range(4):
        combat = advanced(combat)
    assert stance_of(combat, "dodger").aiming_turns == 1  # kept over the start of the turn
    combat = with_aim(combat, "dodger", "thug-1")
    assert stance_of(combat, "dodger").aiming_turns == 2
    with pytest.raises(ValueError, match="past 2"):
        with_aim(combat, "dodger", "thug-1")
    assert stance_of(with_aim(combat, "dodger", "thug-2"), "dodger").aiming_turns == 1


def test_a_stance_released_keeps_the_aim_unless_lost():
    held = Stance(defense_dice=2, aiming_turns=2, aim_target="t", charge=Charge.CHARGED, desperate=True, shots=1)
    assert released(held) == Stance(aiming_turns=2, aim_target="t")
    assert released(replace(held, aim_lost=True)) == Stance()


# --- a token's turn ---------------------------------------------------------------


def token(endurance: int = 3, dials: Dials = DIALS, **health):
    stats = {**{s: 3 for s in Statistic}, Statistic.ENDURANCE: endurance}
    state = registered(None, token_id="t1", actor_id="a1", name="Thug", statistics=stats, dials=dials).after
    return with_health(state, replace(state.health, **health), dials).after if health else state


def test_a_condition_lasting_rounds_ends_at_the_start_of_the_turn_its_rounds_are_over():
    entry = ConditionEntry(Condition.SUPPRESSED, "covering fire", Ending.ROUNDS, rounds=2, since_round=3)
    assert [rounds_over(entry, r) for r in (3, 4, 5)] == [False, False, True]
    before_the_fight = replace(entry, since_round=None)
    assert [rounds_over(before_the_fight, r) for r in (1, 2, 3)] == [False, False, True]
    state = with_condition(token(), entry).after
    assert start_of_turn(state, DIALS, 4, dice=FixedDice([]))[0] is None
    change, result = start_of_turn(state, DIALS, 5, dice=FixedDice([]))
    assert change.after.conditions == () and [(c.condition, c.gained) for c in change.changes] == [
        (Condition.SUPPRESSED, False)
    ]
    assert result["ended"] == [{"condition": "suppressed", "source": "covering fire", "rounds": 2}]
    assert result["allowance"]["meters_per_move"] == 3 and not result["out_of_action"]


def test_a_stunned_token_shakes_it_off_on_a_successful_endurance_roll():
    stunned = with_condition(token(), ConditionEntry(Condition.STUNNED, "flash-bang", Ending.TURN_END_ROLL)).after
    change, result = ended(stunned, DIALS, 1, dice=FixedDice([5, 6, 1]))
    (roll,) = result["condition_rolls"]
    assert (roll["condition"], roll["statistic"], roll["roll"]["faces"], roll["ends"]) == ("stunned", "endurance", [5, 6, 1], True)
    assert change.after.present == frozenset() and change.after.version == stunned.version + 1
    change, result = ended(stunned, DIALS, 1, dice=FixedDice([5, 2, 1]))
    assert change is None and result["condition_rolls"][0]["ends"] is False


def test_a_stunned_set_until_cleared_makes_no_roll_and_an_impossible_roll_goes_on():
    held = with_condition(token(), ConditionEntry(Condition.STUNNED, "GM", Ending.CLEARED)).after
    assert ended(held, DIALS, 1, dice=FixedDice([]))[1]["condition_rolls"] == []
    weak = with_condition(token(endurance=1), ConditionEntry(Condition.STUNNED, "GM", Ending.TURN_END_ROLL)).after
    change, result = ended(weak, DIALS, 1, dice=FixedDice([]))
    assert change is None and result["condition_rolls"][0]["roll"] is None


def test_a_bleeding_token_loses_a_serious_on_a_failed_endurance_roll():
    dials = replace(DIALS, bleeding=True)
    bleeding = token(dials=dials, serious=4)
    assert Condition.BLEEDING in bleeding.present
    change, result = ended(bleeding, dials, 2, dice=FixedDice([1, 2, 3]))
    assert result["bleeding"]["roll"]["faces"] == [1, 2, 3] and result["bleeding"]["serious_lost"] == 1
    assert change.after.health.serious == 5
    change, result = ended(bleeding, dials, 2, dice=FixedDice([5, 6, 3]))
    assert change is None and result["bleeding"]["serious_lost"] == 0
    assert ended(bleeding, DIALS, 2, dice=FixedDice([]))[1]["bleeding"] is None  # the optional rule is off


def test_an_unconscious_token_still_ticks_but_is_out_of_action():
    dials = replace(DIALS, bleeding=True)
    out = token(dials=dials, serious=12)
    change, result = ended(out, dials, 1, dice=FixedDice([1, 1, 1]))
    assert result["out_of_action"] and result["bleeding"]["serious_lost"] == 1
    assert start_of_turn(change.after, dials, 2, dice=FixedDice([]))[1]["allowance"]["actions"] == 0
    with pytest.raises(ValueError, match="unconscious"):
        check_can_act(out)
    check_can_act(token())


def test_a_burning_token_burns_at_the_end_of_its_turn():
    burning = ignite(token(), 2, DIALS, dice=FixedDice([2, 2]))[0].after
    faces = [2, 2, 2, 5, 6, 1, 3, 4, 2, 2, 2, 2]
    change, result = ended(burning, DIALS, 1, dice=FixedDice(faces))
    tick = burn_tick(burning, DIALS, round_number=1, dice=FixedDice(faces))
    assert result["fire"] == dump(FireHazard, tick[1]) and change.after == replace(tick[0].after, version=burning.version + 1)


def test_a_suffocating_token_gasps_at_the_start_of_its_turn():
    choking = start_suffocating(token(), DIALS, dice=FixedDice([1, 1, 1]))[0].after
    change, result = start_of_turn(choking, DIALS, 1, dice=FixedDice([]))
    tick = breath_tick(choking, DIALS, round_number=1, dice=FixedDice([]))
    assert result["breath"] == breath_card(tick[1]) and change.after == replace(tick[0].after, version=choking.version + 1)
    assert ended(choking, DIALS, 1, dice=FixedDice([]))[0] is None  # no breath at the end
