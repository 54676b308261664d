"""Hazards over real Socket.IO: every card is replayed with the pure rules
from the faces it shows, and a lasting hazard's state goes back as it is."""

from __future__ import annotations

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth import hazards
from bridge.rules.moment_of_truth.damage import read_damage
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.health import Health

from .wire_schemas import assert_valid

TRIES = 10
FRESH = {"hit_points": 16}
DIALS = Dials()


def card(client, event, **request):
    """The card's rules result, after checking the ack against the exported schema."""
    answer = client.request(event, **{"actor_id": "hero", **request})
    assert answer["ok"], answer
    assert_valid(f"result.{event}.json", answer["result"])
    assert answer["result"]["rule"] == event
    return answer["result"]["result"]


def shown(result) -> FixedDice:
    """Every face the card shows, in the order the rules rolled them."""
    rolled = [face for roll in result["rolls"] for face in roll["faces"]]
    return FixedDice([*result["pips"], *rolled, *(face for damage in result["damage"] for face in damage["faces"])])


def health_of(sent: dict) -> Health:
    """A health as the rules hold it: the wire's derived fields left out."""
    return Health(
        **{key: value for key, value in sent.items() if key not in ("damage", "remaining", "death_threshold")}
    )


def refusal(client, event, **request):
    answer = client.request(event, **{"actor_id": "hero", **request})
    assert not answer["ok"], answer
    return answer["error"]["code"], answer["error"]["fields"]


def test_a_fall_is_replayed_from_its_faces(gm):
    for _ in range(TRIES):
        result = card(gm, "hazard.fall", health=FRESH, meters=30, agility=3, damage_reduction=1)
        assert result["damage"][0]["damage"]["dice"] == 15 - result["rolls"][0]["successes"]
        replayed = hazards.fall(Health(**FRESH), 30, 3, DIALS, damage_reduction=1, dice=shown(result))
        assert result == replayed.to_dict()
        assert result["state"] is None


def test_an_explosion_rolls_each_token_by_its_distance(gm):
    tokens = [
        {"actor_id": "near", "health": FRESH, "distance": 0.5},
        {
            "actor_id": "covered",
            "health": {"hit_points": 10, "minor": 3},
            "distance": 2.5,
            "cover": 3,
            "damage_reduction": 4,
        },
        {"actor_id": "far", "health": FRESH, "distance": 30},
    ]
    charge = hazards.Charge.SHRAPNEL.damage(20)
    for _ in range(TRIES):
        result = card(gm, "hazard.explosion", dice=20, charge="shrapnel", tokens=tokens)
        assert [token["actor_id"] for token in result["tokens"]] == ["near", "covered", "far"]
        for token, sent in zip(result["tokens"], tokens):
            pool = hazards.explosion_dice(20, sent["distance"]) - sent.get("cover", 0)
            assert [damage["damage"]["dice"] for damage in token["damage"]] == ([pool] if pool > 0 else [])
            for damage in token["damage"]:
                read = read_damage(damage["faces"], charge.with_dice(pool), sent.get("damage_reduction", 0))
                assert damage == read.to_dict()
        caught = [hazards.Caught(**{**token, "health": Health(**token["health"])}) for token in tokens]
        faces = FixedDice(
            [face for token in result["tokens"] for damage in token["damage"] for face in damage["faces"]]
        )
        assert result == hazards.blast(charge, caught, DIALS, dice=faces).to_dict()


def test_a_charge_that_reaches_nobody_says_so(gm):
    far = [
        {"actor_id": "far", "health": FRESH, "distance": 12},
        {"actor_id": "hid", "health": FRESH, "distance": 1, "cover": 9},
    ]
    result = card(gm, "hazard.explosion", dice=6, charge="flash_bang", tokens=far)
    assert result["hurt"] == [] and result["explanation"][-1] == "the blast injures nobody"
    assert all(token["damage"] == [] and token["health"]["changes"] == [] for token in result["tokens"])


def test_a_fire_burns_turn_by_turn_with_its_state_sent_back(gm):
    for _ in range(TRIES):
        result = card(gm, "hazard.fire.ignite", health=FRESH, starting_dice=2, grease=True)
        assert result == hazards.ignite(Health(**FRESH), 2, DIALS, grease=True, dice=shown(result)).to_dict()
        health, fire = result["health"]["after"], result["state"]
        for turn in range(3):
            if fire["out"] or health["dead"]:
                break
            result = card(gm, "hazard.fire.burn", health=health, fire=fire, agility=2, blanket=True, water=turn == 1)
            replayed = hazards.burn(
                health_of(health),
                hazards.Fire(fire["dice"], fire["grease"], fire["blanket_turns"]),
                2,
                DIALS,
                blanket=True,
                water=turn == 1,
                dice=shown(result),
            )
            assert result == replayed.to_dict()
            health, fire = result["health"]["after"], result["state"]
    code, fields = refusal(gm, "hazard.fire.burn", health=FRESH, fire={"dice": 0}, agility=2)
    assert code == "against_the_rules" and list(fields) == ["fire"]


def test_suffocation_counts_turns_past_the_breath(gm):
    result = card(gm, "hazard.suffocation.start", health=FRESH, endurance=1, warned=False)
    assert result == hazards.start_suffocating(Health(**FRESH), 1, DIALS, dice=shown(result)).to_dict()
    health, breath = result["health"]["after"], result["state"]
    assert breath["seconds"] == sum(result["pips"])
    for _ in range(breath["seconds"] + 2):
        result = card(gm, "hazard.suffocation.turn", health=health, breath=breath)
        held = hazards.Breath(breath["seconds"], breath["turns"])
        assert result == hazards.suffocate(health_of(health), held, DIALS).to_dict()
        health, breath = result["health"]["after"], result["state"]
    assert breath["out_of_breath"] and health["minor"] == 2


def test_vacuum_second_by_second_with_a_ruptured_suit(gm):
    result = card(gm, "hazard.vacuum.enter", health=FRESH, endurance=3, ruptured_suit=True)
    assert result == hazards.enter_vacuum(Health(**FRESH), 3, DIALS, ruptured_suit=True, dice=shown(result)).to_dict()
    health, vacuum = result["health"]["after"], result["state"]
    assert vacuum["suit_die"] == result["pips"][-1]
    for _ in range(8):
        sent_health, sent_vacuum = health, vacuum
        result = card(gm, "hazard.vacuum.second", health=sent_health, vacuum=sent_vacuum, endurance=3)
        breath = hazards.Breath(sent_vacuum["breath"]["seconds"], sent_vacuum["breath"]["turns"])
        state = hazards.Vacuum(breath, sent_vacuum["seconds"], sent_vacuum["misses"], sent_vacuum["suit_die"])
        assert result == hazards.vacuum_second(health_of(sent_health), state, 3, DIALS, dice=shown(result)).to_dict()
        health, vacuum = result["health"]["after"], result["state"]
    assert vacuum["seconds"] == 8


def test_hazards_are_the_gms(player_for):
    alice = player_for("alice", ["hero"])
    for event, request in (
        ("hazard.fall", {"health": FRESH, "meters": 4, "agility": 2}),
        ("hazard.fire.ignite", {"health": FRESH, "starting_dice": 1}),
    ):
        code, _ = refusal(alice, event, **request)
        assert code == "forbidden"


def test_bad_hazard_fields_are_named(gm):
    near = {"actor_id": "a1", "health": FRESH, "distance": 1}
    for event, request, named in (
        (
            "hazard.explosion",
            {"dice": 20, "charge": "shrapnel", "tokens": [near, near, {**near, "distance": -1}]},
            {"tokens": {"2": ["distance"]}},
        ),
        (
            "hazard.explosion",
            {"dice": 20, "charge": "shrapnel", "tokens": [{**near, "health": {"hit_points": 0}}]},
            {"tokens": {"0": ["health"]}},
        ),
        ("hazard.fall", {"health": FRESH, "meters": 4, "agility": 21}, {"agility": None}),
        ("hazard.fire.burn", {"health": FRESH, "fire": {"dice": -1}, "agility": 2}, {"fire": None}),
        (
            "hazard.vacuum.second",
            {"health": FRESH, "vacuum": {"breath": {"seconds": 3}, "suit_die": 7}, "endurance": 2},
            {"vacuum": None},
        ),
    ):
        code, fields = refusal(gm, event, **request)
        assert code == "invalid" and list(fields) == list(named), (event, fields)
        for field, inner in named.items():
            if isinstance(inner, dict):
                assert {index: list(errors) for index, errors in fields[field].items()} == inner
