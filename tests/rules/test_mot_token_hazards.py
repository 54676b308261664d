"""Ch. 8's hazards on tracked tokens, with fixed faces: the token's own
numbers are read, and its health, the hazard's conditions (with source) and
its fire or breath are written back."""

from dataclasses import replace

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth import hazards
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.health import Health
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.token_hazards import (
    InReach,
    blast,
    breath_tick,
    burn_tick,
    enter_vacuum,
    fall,
    ignite,
    smother,
    start_suffocating,
)
from bridge.rules.moment_of_truth.tokens import ConditionEntry, Ending, TokenState, with_condition, with_health
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.hazards import ExplosionResult, FireHazard, HazardResult, VacuumHazard
from bridge.systems.moment_of_truth.schemas.tokens import TokenState as TokenStateShape
from bridge.systems.moment_of_truth.schemas.tokens import TokenStateChange

DIALS = Dials()


def token(token_id="t1", *, agility=3, endurance=5, health=None) -> TokenState:
    """A tracked token at version 3 with its health's conditions."""
    statistics = {statistic: 2 for statistic in Statistic} | {Statistic.AGILITY: agility, Statistic.ENDURANCE: endurance}
    fresh = TokenState(token_id, f"actor-{token_id}", token_id.title(), statistics, Health(16), version=2)
    return with_health(fresh, health or fresh.health, DIALS).after


def fire_card(ticked: tuple) -> tuple:
    """A fire hazard's change and its card as ``hazard.fire.*`` shows it."""
    made, result = ticked
    return made, dump(FireHazard, result)


def held(state: TokenState) -> list[tuple[str, str, int | None]]:
    return [(entry.condition.value, entry.source, entry.since_round) for entry in state.conditions]


# --- fire ----------------------------------------------------------------------------


def burning(**kwargs) -> TokenState:
    """A token lit in round 4 by 2d6 showing 5 and 3: 1 minor + 2 serious, the fire grows to 3d6."""
    return ignite(token(**kwargs), 2, DIALS, round_number=4, dice=FixedDice([5, 3]))[0].after


def test_a_token_set_alight_burns_at_once_and_keeps_its_fire():
    dice = FixedDice([5, 3])
    made, card = fire_card(ignite(token(), 2, DIALS, round_number=4, dice=dice))
    after = made.after
    assert (after.health.minor, after.health.serious, after.version) == (1, 2, 4)
    assert held(after) == [("on_fire", "fire", 4)]
    assert after.fire == hazards.Fire(3)
    assert card["state"] == {"dice": 3, "grease": False, "blanket_turns": 0, "out": False, "help": 0}
    assert card["damage"][0]["faces"] == [5, 3]
    assert [(change.condition, change.gained) for change in made.changes] == [(Condition.ON_FIRE, True)]
    with pytest.raises(ValueError, match="already on fire"):
        ignite(after, 1, DIALS, dice=FixedDice([1]))


def test_armor_does_not_soften_fire():
    """The book is silent; the project's reading (docs/rules/moment_of_truth.md, Fire and armor)."""
    plated = replace(token(), armor={"name": "Plate"})
    bare, armored = (fire_card(ignite(state, 3, DIALS, dice=FixedDice([6, 3, 3])))[1] for state in (token(), plated))
    assert armored == bare
    assert (armored["damage"][0]["serious"], armored["damage"][0]["minor"]) == (3, 1)


def test_the_tick_rolls_the_tokens_agility_then_burns_what_is_left():
    # Agility 3 rolls 6 5 1: 2 of the 3 dice go; 1d6 shows 2: no damage, no growth.
    dice = FixedDice([6, 5, 1, 2])
    made, card = fire_card(burn_tick(burning(), DIALS, round_number=5, dice=dice))
    assert dice.remaining == 0
    assert card["rolls"][0]["pool"]["dice"] == 3 and card["rolls"][0]["successes"] == 2
    assert made.after.fire.dice == 1 and made.after.health == made.before.health
    assert held(made.after) == [("on_fire", "fire", 4)]  # still the round it began in
    replayed = hazards.burn(made.before.health, hazards.Fire(3), 3, DIALS, dice=FixedDice([6, 5, 1, 2]))
    assert card == dump(FireHazard, replace(replayed, state=made.after.fire))


def test_a_helper_with_an_extinguisher_puts_the_fire_out_at_its_next_tick():
    fire = burning()
    helper = token("t2", agility=2)
    # The helper's Agility 2 + 6d6 for the extinguisher: two 5s.
    helped, card = fire_card(smother(fire, helper, DIALS, water=True, dice=FixedDice([5, 5, 1, 1, 1, 1, 1, 1])))
    assert card["rolls"][0]["pool"]["dice"] == 8 and card["damage"] == []
    assert helped.after.fire.help == 2 and helped.after.health == fire.health
    # Its own roll shows no success: the helpers' 2 successes and nothing else, 3d6 - 2d6 leaves 1d6 ...
    made, card = burn_tick(helped.after, DIALS, round_number=5, dice=FixedDice([1, 1, 1, 4]))
    assert made.after.fire == hazards.Fire(1)
    # ... which a second helping puts out.
    helped = smother(made.after, helper, DIALS, water=True, dice=FixedDice([6, 1, 1, 1, 1, 1, 1, 1]))[0]
    made, card = fire_card(burn_tick(helped.after, DIALS, round_number=6, dice=FixedDice([1, 1, 1])))
    assert made.after.fire is None and held(made.after) == []
    assert card["state"]["out"] and card["damage"] == []
    assert [(change.condition, change.gained) for change in made.changes] == [(Condition.ON_FIRE, False)]
    assert burn_tick(made.after, DIALS, round_number=7, dice=FixedDice([])) is None


def test_a_blanket_counts_its_turns_whoever_holds_it():
    fire = burning()
    helped = smother(fire, token("t2", agility=1), DIALS, blanket=True, dice=FixedDice([1] * 4))[0]
    assert helped.after.fire.blanket_turns == 1
    # the second turn's blanket is worth 6d6: Agility 3 + 6 = 9 dice.
    dice = FixedDice([1] * 9 + [1, 1, 1])
    made, card = fire_card(burn_tick(helped.after, DIALS, round_number=5, blanket=True, dice=dice))
    assert card["rolls"][0]["pool"]["dice"] == 9 and made.after.fire.blanket_turns == 2


def test_helpers_must_be_someone_else_able_to_act():
    fire = burning()
    with pytest.raises(ValueError, match="own Agility roll"):
        smother(fire, fire, DIALS, dice=FixedDice([]))
    out_cold = token("t2", health=Health(16, serious=16))
    with pytest.raises(ValueError, match="cannot act"):
        smother(fire, out_cold, DIALS, water=True, dice=FixedDice([]))
    with pytest.raises(ValueError, match="not on fire"):
        smother(token(), token("t2"), DIALS, dice=FixedDice([]))


def test_an_unconscious_token_burns_without_a_roll_of_its_own():
    fire = burning(health=Health(16, serious=16))
    assert held(fire) == [("unconscious", "health", None), ("on_fire", "fire", 4)]
    made, card = fire_card(burn_tick(fire, DIALS, round_number=5, dice=FixedDice([1, 1, 1])))
    assert card["rolls"] == [] and card["damage"][0]["faces"] == [1, 1, 1]
    assert made.after.fire.dice == 3
    with pytest.raises(ValueError, match="cannot act"):
        burn_tick(fire, DIALS, round_number=5, water=True, dice=FixedDice([]))


def test_a_fire_cleared_by_hand_no_longer_ticks():
    fire = burning()
    by_hand = replace(fire, conditions=())
    assert by_hand.fire is not None and burn_tick(by_hand, DIALS, round_number=5, dice=FixedDice([])) is None
    # on fire set by hand without a fire: nothing to tick either
    set_by_hand = with_condition(token(), ConditionEntry(Condition.ON_FIRE, "GM")).after
    assert burn_tick(set_by_hand, DIALS, round_number=5, dice=FixedDice([])) is None


def test_a_token_the_fire_kills_loses_its_fire_with_every_condition():
    # HP 6: death at 13 damage; 12 taken, a 6 does 1 minor + 1 serious.
    made, card = fire_card(ignite(token(health=Health(6, serious=12)), 1, DIALS, dice=FixedDice([6])))
    assert made.after.health.dead and made.after.fire is None
    assert held(made.after) == [("dead", "health", None)]
    assert card["state"]["dice"] == 2  # the card still shows the fire as it grew


# --- falling and explosions ------------------------------------------------------


def test_a_fall_reads_the_tokens_agility_and_writes_its_health():
    # 6 m: 3d6 (3,6); Agility 3 rolls 5 1 1: 1 die goes; 6 and 3: 2 minor + 1 serious, DR 1 from armor.
    state = token()
    made, result = fall(state, 6, DIALS, damage_reduction=1, round_number=2, dice=FixedDice([5, 1, 1, 6, 3]))
    replayed = hazards.fall(state.health, 6, 3, DIALS, damage_reduction=1, dice=FixedDice([5, 1, 1, 6, 3]))
    assert dump(HazardResult, result) == dump(HazardResult, replayed) and made.after.health == replayed.change.after
    assert (result.token_id, result.token) == (state.token_id, made)
    assert made.after.health.damage > 0 and made.after.version == 4


def test_an_unconscious_token_falls_without_an_agility_roll():
    card = dump(HazardResult, fall(token(health=Health(16, serious=16)), 4, DIALS, dice=FixedDice([1, 1]))[1])
    assert card["rolls"] == [] and card["damage"][0]["faces"] == [1, 1]


def test_a_blast_changes_only_the_tokens_it_hurts():
    charge = hazards.Charge.SHRAPNEL.damage(4)
    caught = [
        InReach(token("near"), 0.5),
        InReach(token("vest"), 1, damage_reduction=6),
        InReach(token("far"), 12),
        InReach(token("cover"), 1, cover=4),
    ]
    # near: 4d6 (4,5) shows 4 5 1 1: 2 minor + 1 serious; vest: 4d6 shows 5 5 4 1, all absorbed by DR 6.
    made, result = blast(charge, caught, DIALS, round_number=3, dice=FixedDice([4, 5, 1, 1, 5, 5, 4, 1]))
    card = dump(ExplosionResult, result)
    assert [change.after.token_id for change in made] == ["near"]
    assert (made[0].after.health.minor, made[0].after.health.serious) == (2, 1)
    assert card["hurt"] == ["near"]
    assert [entry["token_id"] for entry in card["tokens"]] == ["near", "vest", "far", "cover"]
    assert card["tokens"][0]["token"] == dump(TokenStateChange, made[0])
    assert [entry["token"] for entry in card["tokens"][1:]] == [None, None, None]
    assert card["tokens"][1]["damage"][0]["hit_points_lost"] == 0
    assert card["tokens"][3]["explanation"][-2] == "the cover stops the blast: no damage"
    with pytest.raises(ValueError, match="once"):
        blast(charge, [InReach(token("near"), 1), InReach(token("near"), 2)], DIALS, dice=FixedDice([]))


# --- suffocation and vacuum ------------------------------------------------------------


def test_a_held_breath_lasts_the_endurance_pips_then_hurts_each_turn():
    # Endurance 1 rolls a 2: a 2-second breath.
    made, result = start_suffocating(token(endurance=1), DIALS, round_number=1, dice=FixedDice([2]))
    state = made.after
    assert result.pips == (2,) and held(state) == [("suffocating", "suffocation", 1)]
    assert dump(TokenStateShape, state)["breath"] == {"seconds": 2, "turns": 0, "out_of_breath": False, "vacuum": None}
    with pytest.raises(ValueError, match="already out of air"):
        start_suffocating(state, DIALS, dice=FixedDice([3]))
    for _ in range(3):
        state = breath_tick(state, DIALS, round_number=2, dice=FixedDice([]))[0].after
    assert state.breath.turns == 3 and state.breath.out_of_breath
    assert (state.health.minor, state.health.serious) == (1, 0)
    assert held(state) == [("suffocating", "suffocation", 1)]
    assert breath_tick(token(), DIALS, round_number=2, dice=FixedDice([])) is None


def test_a_breath_tick_in_vacuum_is_a_second_in_vacuum():
    # Endurance 2 rolls 1 1: a 2-second breath; no suit.
    state = enter_vacuum(token(endurance=2), DIALS, round_number=1, dice=FixedDice([1, 1]))[0].after
    assert held(state) == [("suffocating", "vacuum", 1)]
    assert dump(TokenStateShape, state)["breath"]["vacuum"] == {
        "seconds": 0, "misses": 0, "suit_die": None, "roll_every": 1, "damage_after": 1, "unconscious": False,
    }
    # second 1: no roll, no damage yet.
    state = breath_tick(state, DIALS, round_number=1, dice=FixedDice([]))[0].after
    # seconds 2 and 3: Endurance 2 at TN 2 misses (1 1) twice: unconscious; 1d6 then 2d6 (5,6) of 1s.
    for second in (2, 3):
        made, result = breath_tick(state, DIALS, round_number=second, dice=FixedDice([1, 1] + [1] * (second - 1)))
        state, card = made.after, dump(VacuumHazard, result)
        assert card["hazard"] == "vacuum" and card["state"]["seconds"] == second
    assert state.breath.misses == 2
    assert held(state) == [("suffocating", "vacuum", 1), ("unconscious", "vacuum", 3)]
    assert all(entry.ending is Ending.CLEARED for entry in state.conditions)
