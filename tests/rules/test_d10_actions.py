"""Time, the sample actions and declaring in initiative order, with the text's Leroy and Earl."""

import json

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.highest_d10 import Degree, roll_skill
from bridge.rules.highest_d10.actions import (
    AIMING,
    DRAW_WEAPON,
    FASTDRAW,
    SAMPLE_ACTIONS,
    SPEAK,
    TARGETING,
    aiming,
)
from bridge.rules.highest_d10.declarations import (
    Declaration,
    DeclarationRefused,
    Status,
    declaration_order,
    declare,
    fastdraw,
    plan_phase,
    underway,
)
from bridge.rules.highest_d10.phases import ActionTime, clock, resolves_at
from bridge.schemas.encode import dump
from bridge.systems.highest_d10.schemas import D10Clock, D10PhasePlan

FREE, PHASE, ROUND, TURN, MINUTE = ActionTime


def names(group):
    return [(action.declaration.character, action.declaration.action) for action in group]


# --- time ---------------------------------------------------------------------


def test_phases_rounds_turns_and_minutes():
    assert [time.seconds for time in (PHASE, ROUND, TURN, MINUTE)] == [3, 6, 12, 60]
    assert MINUTE.phases == 10 * ROUND.phases == 5 * TURN.phases
    assert FREE.phases == 0


def test_the_clock():
    assert dump(D10Clock, clock(1)) == {"phase": 1, "round": 1, "turn": 1, "minute": 1, "seconds": 0}
    assert (clock(2).round, clock(3).round, clock(4).turn, clock(5).turn) == (1, 2, 1, 2)
    assert (clock(20).minute, clock(21).minute, clock(21).seconds) == (1, 2, 60)
    with pytest.raises(ValueError):
        clock(0)


def test_actions_resolve_at_the_end_of_the_time_they_require():
    assert [resolves_at(3, time) for time in (FREE, PHASE, ROUND, TURN, MINUTE)] == [3, 3, 4, 6, 22]


# --- the sample actions -------------------------------------------------------


def test_the_sample_actions_table():
    table = {name: (action.time, action.cumulative) for name, action in SAMPLE_ACTIONS.items()}
    assert table == {
        "Fastdraw": (FREE, 1),
        "Ready Firearm": (FREE, 1),
        "Speak": (FREE, None),
        "Aiming": (PHASE, 3),
        "Firing Semi-Auto": (PHASE, 1),
        "Draw Weapon": (PHASE, 1),
        "Targeting": (PHASE, 1),
    }


def test_cumulative_periods():
    assert [AIMING.periods_that_add(n) for n in (1, 2, 3, 4, 9)] == [1, 2, 3, 3, 3]
    assert SPEAK.periods_that_add(7) == 7
    assert DRAW_WEAPON.periods_that_add(2) == 1
    with pytest.raises(ValueError):
        AIMING.periods_that_add(0)


def test_aiming_adds_one_a_phase_up_to_three():
    assert [aiming(n).value for n in (1, 2, 3, 4, 6)] == [1, 2, 3, 3, 3]
    assert aiming(5).source == "aiming 5 phases, only 3 count"
    shot = roll_skill(2, dice=FixedDice([6, 3]), modifiers=[aiming(2)], tn=8)
    assert (shot.total, shot.verdict.degree) == (8, Degree.SUCCESS)


# --- declaring: Leroy and Earl ----------------------------------------------------


def test_leroy_and_earl():
    """Two enemies in a bar (Actions): Leroy 16 declares before Earl 21."""
    phase_1 = plan_phase(
        1,
        {"Leroy": 16, "Earl": 21},
        [
            declare("Leroy", DRAW_WEAPON, "his sidearm"),
            fastdraw("Earl", succeeded=True),  # he rolls and succeeds
            declare("Earl", TARGETING, "Leroy's head"),  # so he still has a phase action
        ],
    )
    assert [name for name, _ in phase_1.order] == ["Leroy", "Earl"]
    assert [action.status for action in phase_1.declared] == [Status.DECLARED] * 3
    # shortest first: Earl's free fastdraw, then both phase actions at once
    assert [names(group) for group in phase_1.resolving] == [
        [("Earl", "Fastdraw")],
        [("Leroy", "Draw Weapon"), ("Earl", "Targeting")],
    ]
    assert phase_1.carrying_on == ()

    # phase 2: Initiative is rolled again; Earl wins again
    phase_2 = plan_phase(
        2,
        {"Earl": 18, "Leroy": 9},
        [
            Declaration("Leroy", "Holster Weapon", PHASE, "drops his gun back in its holster"),
            declare("Leroy", SPEAK, "tells Earl he surrenders"),
        ],
    )
    assert [name for name, _ in phase_2.order] == ["Leroy", "Earl"]
    assert [names(group) for group in phase_2.resolving] == [[("Leroy", "Speak")], [("Leroy", "Holster Weapon")]]
    assert phase_2.explanation == [
        "phase 2 (round 1, turn 1, minute 1; 3-6 s)",
        "declaring lowest initiative first: Leroy 9, Earl 18",
        "Leroy: Holster Weapon, a phase action (drops his gun back in its holster), resolves at the end of phase 2",
        "Leroy: Speak, a free action (tells Earl he surrenders), taken in phase 2",
        "end of phase 2, free actions resolve: Leroy's Speak",
        "end of phase 2, phase actions resolve: Leroy's Holster Weapon",
    ]


def test_the_higher_initiative_cannot_declare_first():
    with pytest.raises(DeclarationRefused, match="lowest initiative declares first"):
        plan_phase(1, {"Leroy": 16, "Earl": 21}, [fastdraw("Earl", True), declare("Leroy", DRAW_WEAPON)])


def test_ties_declare_in_the_order_given():
    assert [name for name, _ in declaration_order({"Ann": 12, "Bo": 7, "Cy": 12})] == ["Bo", "Ann", "Cy"]


def test_a_character_without_initiative_cannot_declare():
    with pytest.raises(DeclarationRefused, match="no initiative"):
        plan_phase(1, {"Leroy": 16}, [declare("Earl", DRAW_WEAPON)])


def test_a_failed_fastdraw_loses_this_phases_action():
    plan = plan_phase(1, {"Leroy": 16, "Earl": 21}, [fastdraw("Earl", succeeded=False), declare("Earl", TARGETING)])
    assert [action.status for action in plan.declared] == [Status.DECLARED, Status.LOST]
    assert [names(group) for group in plan.resolving] == [[("Earl", "Fastdraw")]]
    assert plan.explanation[3] == "Earl: Targeting, a phase action, lost to the failed fastdraw"


def test_the_fastdraw_roll_decides_the_declaration():
    roll = roll_skill(2, dice=FixedDice([7, 3]), tn=6)
    assert fastdraw("Earl", roll.verdict.degree.succeeded).note == "draws the weapon as a free action"
    assert FASTDRAW.time is FREE


def test_one_free_action_a_phase():
    with pytest.raises(DeclarationRefused, match="one a phase"):
        plan_phase(1, {"Earl": 21}, [fastdraw("Earl", True), declare("Earl", SPEAK, "hands up")])


def test_one_action_at_a_time():
    with pytest.raises(DeclarationRefused, match="one action at a time"):
        plan_phase(1, {"Earl": 21}, [declare("Earl", DRAW_WEAPON), declare("Earl", TARGETING)])


def test_a_round_action_keeps_its_character_busy_but_free_to_speak():
    picking = Declaration("Leroy", "Pick Lock", ROUND)
    phase_1 = plan_phase(1, {"Leroy": 5}, [picking])
    assert phase_1.resolving == ()
    assert names(phase_1.carrying_on) == [("Leroy", "Pick Lock")]
    assert phase_1.explanation[-1] == "Leroy's Pick Lock carries on to the end of phase 2"
    with pytest.raises(DeclarationRefused, match="waiting for Pick Lock to resolve at the end of phase 2"):
        plan_phase(2, {"Leroy": 5}, [declare("Leroy", AIMING)], phase_1.carrying_on)
    phase_2 = plan_phase(2, {"Leroy": 5}, [declare("Leroy", SPEAK, "almost")], phase_1.carrying_on)
    assert [names(group) for group in phase_2.resolving] == [[("Leroy", "Speak")], [("Leroy", "Pick Lock")]]
    assert plan_phase(3, {"Leroy": 5}, [declare("Leroy", AIMING)]).declared[0].resolves == 3


def test_shorter_actions_resolve_first_and_each_time_together():
    earlier = [
        underway(Declaration("Ann", "Search Room", MINUTE), 1),
        underway(Declaration("Bo", "Bandage", TURN), 17),
        underway(Declaration("Cy", "Reload", ROUND), 19),
    ]
    plan = plan_phase(
        20,
        {"Ann": 3, "Bo": 4, "Cy": 5, "Di": 6, "Ed": 7},
        [declare("Ann", SPEAK, "found it"), declare("Di", TARGETING), declare("Ed", AIMING)],
        earlier,
    )
    assert [names(group) for group in plan.resolving] == [
        [("Ann", "Speak")],
        [("Di", "Targeting"), ("Ed", "Aiming")],
        [("Cy", "Reload")],
        [("Bo", "Bandage")],
        [("Ann", "Search Room")],
    ]


def test_an_action_already_resolved_is_not_underway():
    with pytest.raises(ValueError):
        plan_phase(3, {"Cy": 5}, [], [underway(Declaration("Cy", "Reload", ROUND), 1)])


def test_the_plan_is_json_ready():
    plan = plan_phase(1, {"Leroy": 16, "Earl": 21}, [declare("Leroy", DRAW_WEAPON), fastdraw("Earl", True)])
    card = json.loads(json.dumps(dump(D10PhasePlan, plan)))
    assert card["order"] == [{"character": "Leroy", "initiative": 16}, {"character": "Earl", "initiative": 21}]
    assert card["declared"][1] == {
        "character": "Earl", "action": "Fastdraw", "time": "free", "note": "draws the weapon as a free action",
        "succeeded": True, "declared": 1, "resolves": 1, "status": "declared",
    }
    assert [[action["action"] for action in group] for group in card["resolving"]] == [["Fastdraw"], ["Draw Weapon"]]
