"""The d10 system's state document, changed by pure functions: registration, the
encounter's phases declared in initiative order and resolved shortest first, aiming."""

import json

import pytest

from bridge.rules.highest_d10.phases import ActionTime
from bridge.systems.highest_d10 import state
from bridge.systems.highest_d10.schemas import D10State
from bridge.systems.highest_d10.state import Refused


def valid(document):
    """The document is JSON and matches the exported state schema."""
    document = json.loads(json.dumps(document))
    assert D10State().validate(document) == {}
    return document


def bar():
    """Leroy and Earl registered; the encounter begins on phase 1 (Actions)."""
    now, _ = state.register(None, "leroy", "Leroy", {"Reflexes": 3}, {"Pistol": 2})
    now, _ = state.register(now, "earl", "Earl", {"Reflexes": 4}, {"Pistol": 3, "Fastdraw": 2})
    now, started = state.start_encounter(now, {"earl": 21, "leroy": 16})
    return valid(now), started


def names(groups):
    return [[action["action"] for action in group] for group in groups]


def declared(now, actor_id, *actions, fastdraw=None):
    now, made = state.declare(now, actor_id, [dict(action) for action in actions], fastdraw)
    return valid(now), made


def test_registration_keeps_names_unique():
    now, made = state.register(None, "leroy", "Leroy", {}, {})
    assert made == {"actor_id": "leroy", "character": {"name": "Leroy", "attributes": {}, "skills": {}, "aiming": 0}}
    with pytest.raises(Refused) as refused:
        state.register(now, "imposter", "Leroy", {}, {})
    assert refused.value.field == "name"
    again, _ = state.register(now, "leroy", "Leroy", {"Reflexes": 2}, {})
    assert valid(again)["characters"]["leroy"]["attributes"] == {"Reflexes": 2}


def test_no_renaming_during_an_encounter():
    now, _ = bar()
    with pytest.raises(Refused) as refused:
        state.register(now, "leroy", "Roy", {}, {})
    assert refused.value.field == "name"
    now, _ = state.end_encounter(now)
    assert state.register(now, "leroy", "Roy", {}, {})[1]["character"]["name"] == "Roy"


def test_leroy_and_earl_over_the_wire_state():
    now, started = bar()
    encounter = started["encounter"]
    assert [entry["character"] for entry in encounter["order"]] == ["Leroy", "Earl"]
    assert (encounter["phase"], encounter["next"], encounter["clock"]["round"]) == (1, "leroy", 1)

    with pytest.raises(Refused, match="Leroy declares first") as refused:
        state.declare(now, "earl", [{"action": "Targeting"}])
    assert refused.value.field == "actor_id"

    now, leroy = declared(now, "leroy", {"action": "Draw Weapon", "note": "his sidearm"})
    assert leroy["next"] == "earl"
    assert leroy["explanation"] == [
        "Leroy: Draw Weapon, a phase action (his sidearm), resolves at the end of phase 1",
        "Earl declares next",
    ]
    targeting = {"action": "Targeting", "note": "Leroy's head"}
    now, earl = declared(now, "earl", {"action": "Fastdraw"}, targeting, fastdraw=True)
    assert [(action["action"], action["status"]) for action in earl["declared"]] == [
        ("Fastdraw", "declared"), ("Targeting", "declared"),
    ]
    assert earl["next"] is None and earl["explanation"][-1] == "everyone has declared: the GM ends the phase"

    now, ended = state.end_phase(now, {"earl": 18, "leroy": 9})
    now = valid(now)
    assert names(ended["resolved"]["resolving"]) == [
        ["Fastdraw"], ["Draw Weapon", "Targeting"],
    ]
    phase_2 = ended["encounter"]
    assert (phase_2["phase"], phase_2["next"], phase_2["declarations"]) == (2, "leroy", [])
    assert now["encounter"]["last_phase"] == ended["resolved"]

    now, surrender = declared(
        now, "leroy",
        {"action": "Holster Weapon", "time": ActionTime.PHASE, "note": "drops his gun back in its holster"},
        {"action": "Speak", "note": "tells Earl he surrenders"},
    )
    assert surrender["phase"] == 2 and surrender["next"] == "earl"
    now, ended = state.end_phase(now)
    assert names(ended["resolved"]["resolving"]) == [
        ["Speak"], ["Holster Weapon"],
    ]
    assert [entry["initiative"] for entry in ended["encounter"]["order"]] == [9, 18]


def test_a_failed_fastdraw_loses_the_phases_action():
    now, _ = bar()
    now, _ = declared(now, "leroy")
    now, earl = declared(now, "earl", {"action": "Fastdraw"}, {"action": "Targeting"}, fastdraw=False)
    assert [action["status"] for action in earl["declared"]] == ["declared", "lost"]


def test_a_fastdraw_is_declared_with_its_roll():
    now, _ = bar()
    now, _ = declared(now, "leroy")
    with pytest.raises(Refused) as refused:
        state.declare(now, "earl", [{"action": "Fastdraw"}])
    assert refused.value.field == "fastdraw"


def test_a_declaration_the_rules_refuse_names_the_actions():
    now, _ = bar()
    for actions in (
        [{"action": "Speak"}, {"action": "Fastdraw"}],  # one free action a phase
        [{"action": "Aiming", "time": ActionTime.ROUND}],  # a sample action's time is the table's
        [{"action": "Pick Lock"}],  # any other action says how long it takes
    ):
        with pytest.raises(Refused) as refused:
            state.declare(now, "leroy", actions, True)
        assert refused.value.field == "actions", actions


def test_each_declares_once_a_phase_and_only_with_initiative():
    now, _ = state.register(None, "ann", "Ann", {}, {})
    now, _ = state.register(now, "bo", "Bo", {}, {})
    now, _ = state.start_encounter(now, {"ann": 5})
    with pytest.raises(Refused, match="no initiative"):
        state.declare(now, "bo", [], None)
    now, _ = state.declare(now, "ann", [], None)
    with pytest.raises(Refused, match="already"):
        state.declare(now, "ann", [], None)


def test_only_registered_characters_take_initiative():
    with pytest.raises(Refused) as refused:
        state.start_encounter(None, {"ghost": 3})
    assert refused.value.field == "initiative"


def test_a_round_action_carries_on_and_keeps_its_character_waiting():
    now, _ = bar()
    now, _ = declared(now, "leroy", {"action": "Reload", "time": ActionTime.ROUND})
    now, _ = declared(now, "earl")
    now, ended = state.end_phase(now)
    assert ended["resolved"]["resolving"] == []
    underway = valid(now)["encounter"]["underway"]
    assert [(action["actor_id"], action["resolves"]) for action in underway] == [("leroy", 2)]
    with pytest.raises(Refused, match="waiting for Reload"):
        state.declare(now, "leroy", [{"action": "Aiming"}], None)
    now, _ = declared(now, "leroy", {"action": "Speak"})
    now, _ = declared(now, "earl")
    now, ended = state.end_phase(now)
    assert names(ended["resolved"]["resolving"]) == [["Speak"], ["Reload"]]
    assert ended["encounter"]["underway"] == []


def aim_for(now, phases, action="Aiming"):
    for _ in range(phases):
        now, _ = declared(now, "leroy", {"action": action})
        now, _ = declared(now, "earl")
        now, _ = state.end_phase(now)
    return now


def test_aiming_builds_a_phase_at_a_time_and_the_shot_spends_it():
    now, _ = bar()
    now = aim_for(now, 4)
    assert now["characters"]["leroy"]["aiming"] == 4  # the shot counts only 3 (actions.aiming)
    now, phases = state.spend_aim(now, "leroy")
    assert (phases, valid(now)["characters"]["leroy"]["aiming"]) == (4, 0)
    with pytest.raises(Refused) as refused:
        state.spend_aim(now, "leroy")
    assert refused.value.field == "aimed"


def test_firing_keeps_the_aim_another_action_ends_it():
    now, _ = bar()
    now = aim_for(now, 2)
    now = aim_for(now, 1, "Firing Semi-Auto")
    assert now["characters"]["leroy"]["aiming"] == 2
    now = aim_for(now, 1, "Draw Weapon")
    assert now["characters"]["leroy"]["aiming"] == 0


def test_the_encounter_ends_and_the_aim_with_it():
    now, _ = bar()
    now = aim_for(now, 2)
    now, ended = state.end_encounter(now)
    assert ended == {"encounter": None}
    assert valid(now)["characters"]["leroy"]["aiming"] == 0
    with pytest.raises(Refused, match="no encounter"):
        state.end_phase(now)


def test_initiative_is_rolled_from_each_sheet_and_kept_for_every_phase():
    from bridge.rules.dice import FixedDice
    from bridge.rules.highest_d10.initiative import rating, roll_initiative

    sheet = {"attributes": {"Reflexes": 3, "Pistol": 9}, "skills": {"Pistol": 2}}
    assert (rating(sheet, "Pistol"), rating(sheet, "Reflexes")) == (2, 3)  # a skill before an attribute
    rolls = roll_initiative({"leroy": 3, "earl": 2}, FixedDice([9, 4, 9, 1, 1]))
    assert {name: roll.total for name, roll in rolls.items()} == {"leroy": 10, "earl": 2}
    assert not rolls["earl"].stressful and rolls["earl"].mishap is None  # two 1s of two dice: no botch when not stressful
