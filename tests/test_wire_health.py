"""Health, healing, bleeding and death over real Socket.IO: every card is
replayed with the pure rules from the faces it shows."""

from __future__ import annotations

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth import Modifier, healing, health
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.health import Health

from .wire_schemas import assert_valid

TRIES = 15
HURT = {"hit_points": 16, "minor": 5, "serious": 6}
DEAD = {"hit_points": 16, "minor": 10, "serious": 23, "dead": True}
MEDIC = {"statistic": {"name": "Perception", "value": 3}, "medic": 2}


def card(client, event, **request):
    """The card's rules result, after checking the ack against the exported schema."""
    answer = client.request(event, **{"actor_id": "hero", **request})
    assert answer["ok"], answer
    assert_valid(f"result.{event}.json", answer["result"])
    assert answer["result"]["rule"] == event
    return answer["result"]["result"]


def faces(result) -> FixedDice:
    return FixedDice(result["roll"]["faces"] if result["roll"] else [])


def refusal(client, event, **request):
    answer = client.request(event, **{"actor_id": "hero", **request})
    assert not answer["ok"], answer
    return answer["error"]["code"], answer["error"]["fields"]


# --- damage and death -----------------------------------------------------------


def test_damage_taken_is_the_rules_and_its_after_goes_back_as_it_is(gm):
    result = card(gm, "health.damage", health=HURT, minor=3, serious=1)
    assert result == {
        **health.take_hits(Health(**HURT), 3, 1, Dials()).to_dict(),
        "minor": 3,
        "serious": 1,
        "head_or_neck_shot": False,
        "outright_kill": False,
    }
    assert result["changes"] == [{"condition": "injured", "gained": False}, {"condition": "wounded", "gained": True}]
    again = card(gm, "health.damage", health=result["after"], minor=0, serious=22, head_or_neck_shot=True)
    assert again["after"]["dead"] and again["after"]["beyond_rescue"]
    assert again["changes"] == [{"condition": "wounded", "gained": False}, {"condition": "dead", "gained": True}]


def test_a_damage_cards_minor_and_serious_are_taken(gm):
    rolled = gm.request("damage", actor_id="villain", dice=12, minor_at=3, serious_at=4, damage_reduction=6)
    hit = {name: rolled["result"]["result"][name] for name in ("minor", "serious")}
    result = card(gm, "health.damage", actor_id="villain", health={"hit_points": 12}, **hit)
    assert result["after"]["damage"] == rolled["result"]["result"]["hit_points_lost"]


def test_a_heroic_death_needs_hit_points_below_zero(gm):
    code, fields = refusal(gm, "health.heroic_death", health=HURT)
    assert code == "against_the_rules" and list(fields) == ["health"]
    below_zero = {**HURT, "minor": 11}
    result = card(gm, "health.heroic_death", health=below_zero)
    assert result == health.declare_heroic_death(Health(**below_zero), Dials()).to_dict()
    assert result["after"]["dead"] and result["after"]["beyond_rescue"]


# --- bleeding -------------------------------------------------------------------


def test_bleeding_is_refused_until_the_world_uses_it_then_replayed(gm):
    for event, extra in (("health.bleed", {"endurance": 3}), ("health.bandage", {})):
        code, fields = refusal(gm, event, health=HURT, **extra)
        assert code == "against_the_rules" and "optional rule" in fields["health"][0]
    assert gm.request("settings.update", settings={"bleeding": True})["ok"]
    dials = Dials(bleeding=True)
    for _ in range(TRIES):
        result = card(gm, "health.bleed", health=HURT, endurance=2, moments_spent=1)
        assert result == health.bleed(Health(**HURT), 2, dials, moments_spent=1, dice=faces(result)).to_dict()
    unrolled = card(gm, "health.bleed", health=HURT, endurance=0)
    assert unrolled["roll"] is None and unrolled["serious_lost"] == 1
    bandaged = card(gm, "health.bandage", health=HURT)
    assert bandaged == health.bandage(Health(**HURT), dials).to_dict()
    assert bandaged["after"]["bandaged"] and bandaged["changes"] == [{"condition": "bleeding", "gained": False}]


# --- healing --------------------------------------------------------------------


def test_a_medic_roll_is_replayed_from_its_faces(gm):
    request = {**MEDIC, "circumstances": -1, "modifiers": [{"source": "wounded", "dice": -1, "penalty": True}]}
    for _ in range(TRIES):
        result = card(gm, "health.medic", health=HURT, moments_spent=1, **request)
        replayed = healing.medic_roll(
            Health(**HURT),
            3,
            2,
            Dials(),
            circumstances=-1,
            modifiers=[Modifier("wounded", -1, penalty=True)],
            moments_spent=1,
            dice=faces(result),
        )
        assert result == replayed.to_dict()
        assert result["change"]["after"]["treated"]
    code, fields = refusal(gm, "health.medic", health={**HURT, "treated": True}, **MEDIC)
    assert code == "against_the_rules" and list(fields) == ["health"]


def test_rest_daily_recovery_and_waking_are_replayed_from_their_faces(gm):
    down = {"hit_points": 10, "minor": 8, "serious": 4}
    for _ in range(TRIES):
        rest = card(gm, "health.rest", health=HURT, endurance=3, circumstances=2)
        assert rest == healing.rest_hour(Health(**HURT), 3, Dials(), circumstances=2, dice=faces(rest)).to_dict()
        daily = card(gm, "health.daily_recovery", health=HURT, endurance=3)
        assert daily == healing.daily_recovery(Health(**HURT), 3, Dials(), dice=faces(daily)).to_dict()
        waking = card(gm, "health.regain_consciousness", health=down, endurance=4)
        assert waking == healing.regain_consciousness(Health(**down), 4, Dials(), dice=faces(waking)).to_dict()
        wait = card(gm, "health.recovery_wait")
        assert wait == healing.recovery_wait(dice=FixedDice(wait["faces"])).to_dict()
    waved = card(gm, "health.rest", health=HURT, endurance=3, hand_wave=True)
    assert waved["roll"] is None and waved["healed_minor"] == 1


def test_the_harsh_death_rescue_is_replayed_from_its_faces(gm):
    for _ in range(TRIES):
        result = card(gm, "health.rescue", health=DEAD, unspent_moments=2, **MEDIC)
        replayed = healing.rescue(Health(**DEAD), 3, 2, 2, Dials(), dice=FixedDice(result["roll"]["faces"]))
        assert result == replayed.to_dict()
        assert result["change"]["after"]["dead"] is not result["rescued"]
    code, fields = refusal(gm, "health.rescue", health={**DEAD, "beyond_rescue": True}, **MEDIC)
    assert code == "against_the_rules" and list(fields) == ["health"]


def test_a_roll_with_no_dice_is_impossible_and_names_its_pool(gm):
    code, fields = refusal(gm, "health.rest", health=HURT, endurance=0)
    assert code == "impossible_roll" and list(fields) == ["endurance"]


# --- who may send what, and bad fields ----------------------------------------


def test_players_tend_only_their_own_actors(gm, player_for):
    alice = player_for("alice", ["hero"])
    answer = alice.request("health.rest", actor_id="hero", health=HURT, endurance=2, hand_wave=True)
    assert answer["ok"] and answer["result"]["result"]["healed_minor"] == 1
    pushed = gm.wait_for("roll.result", lambda entry: entry["roll_id"] == answer["result"]["roll_id"])
    assert pushed == answer["result"]
    assert_valid("push.roll.result.json", pushed)
    for event, request in (
        ("health.damage", {"health": HURT, "minor": 1}),
        ("health.medic", {"health": HURT, **MEDIC}),
        ("health.heroic_death", {"health": {**HURT, "minor": 11}}),
    ):
        code, fields = refusal(alice, event, actor_id="villain", **request)
        assert code == "forbidden" and list(fields) == ["actor_id"]


def test_bad_health_fields_are_named(gm):
    for event, request, named in (
        ("health.damage", {"health": {"hit_points": 0}}, {"health": ["hit_points"]}),
        ("health.damage", {"health": HURT, "serious": -1}, {"serious": None}),
        ("health.rest", {"health": HURT, "endurance": 2, "circumstances": -1}, {"circumstances": None}),
        ("health.medic", {"health": HURT, **MEDIC, "circumstances": 3}, {"circumstances": None}),
        (
            "health.medic",
            {"health": HURT, "statistic": {"name": "Perception", "value": 21}, "medic": 1},
            {"statistic": ["value"]},
        ),
        ("health.bleed", {"health": {**HURT, "colour": "red"}, "endurance": 2}, {"health": ["colour"]}),
    ):
        code, fields = refusal(gm, event, **request)
        assert code == "invalid" and list(fields) == list(named), (event, fields)
        for field, inner in named.items():
            assert inner is None or list(fields[field]) == inner
