"""Hazards on tracked tokens over real Socket.IO: every card is replayed with
the pure rules from the faces it shows and the token's own numbers, each
token's new health, conditions and fire or breath are in the store, and a
second client is told with ``token.changed``."""

from __future__ import annotations

from dataclasses import replace

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth import hazards
from bridge.rules.moment_of_truth.damage import read_damage
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.health import Health
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.damage import DamageResult
from bridge.systems.moment_of_truth.schemas.hazards import BreathHazard, FireHazard, HazardResult, VacuumHazard
from bridge.systems.moment_of_truth.schemas.tokens import Fire

from ..wire_schemas import assert_valid, ok

DIALS = Dials()
VEST_DR = 6  # the book's Ballistic Vest


def register(gm, token_id: str, *, agility=3, endurance=5, **stat_block) -> dict:
    statistics = {"endurance": endurance, "strength": 3, "agility": agility, "will": 2, "perception": 3, "education": 2}
    answer = gm.request(
        "token.register", token_id=token_id, actor_id=f"actor-{token_id}", name=token_id.title(),
        statistics=statistics, **stat_block,
    )
    assert answer["ok"], answer
    return answer["result"]["state"]


def card(client, event, **request):
    """The card's rules result: the ack says queued, the worker's ``job.result``
    names the card, which comes as ``roll.result``; each checked against the exported schemas."""
    queued = ok(client, event, **request)
    done = client.wait_for("job.result", lambda push: push["job_id"] == queued["job_id"])
    assert_valid("push.job.result.json", done)
    assert done["kind"] == event
    entry = client.wait_for("roll.result", lambda push: push["roll_id"] == done["result"]["roll_id"])
    assert_valid("push.roll.result.json", entry)
    assert entry["rule"] == event
    return entry["result"]


def picked(client, event, token_id: str, **request):
    """The result of a hazard on the one token the GM picks."""
    return card(client, event, token_ids=[token_id], **request)["tokens"][0]


def refusal(client, event, **request):
    """The refusal's code and fields: from the ack when the bridge refuses at
    once, else from the worker's ``job.failed``."""
    answer = client.request(event, **request)
    if answer["ok"]:
        failed = client.wait_for("job.failed", lambda push: push["job_id"] == answer["result"]["job_id"])
        assert_valid("push.job.failed.json", failed)
        return failed["error"]["code"], failed["error"]["fields"]
    return answer["error"]["code"], answer["error"]["fields"]


def stored(store, world, token_id: str) -> dict:
    return store.tokens(world.world_id, [token_id])[token_id]


def told(client, token_id: str, version: int) -> dict:
    """The ``token.changed`` push of ``token_id``'s ``version``."""
    change = client.wait_for("token.changed", lambda data: (data["token_id"], data["version"]) == (token_id, version))
    assert_valid("push.token.changed.json", change)
    return change


def shown(result) -> FixedDice:
    """Every face the card shows, in the order the rules rolled them."""
    rolled = [face for roll in result["rolls"] for face in roll["faces"]]
    return FixedDice([*result["pips"], *rolled, *(face for damage in result["damage"] for face in damage["faces"])])


def health_of(sent: dict) -> Health:
    """A health as the rules hold it: the wire's derived fields left out."""
    return Health(**{key: value for key, value in sent.items() if key not in ("damage", "remaining", "death_threshold")})


def conditions_of(state: dict) -> list[tuple[str, str]]:
    return [(entry["condition"], entry["source"]) for entry in state["conditions"]]


def test_a_grenade_hurts_each_token_by_its_distance_cover_and_armor(gm, player_for, store, world):
    table = player_for("alice")
    vest = {"armor": {"name": "Ballistic Vest"}}
    caught = [
        ("near", {"distance": 0.5}, {}),
        ("mid", {"distance": 3}, {}),
        ("behind-wall", {"distance": 1, "cover": 3}, {}),
        ("vested", {"distance": 1.5}, vest),
        ("vest-ignored", {"distance": 1.5, "damage_reduction": 0}, vest),
        ("far", {"distance": 21}, {}),
    ]
    for token_id, _, stat_block in caught:
        register(gm, token_id, hit_points=60, **stat_block)
    tokens = [{"token_id": token_id, **where} for token_id, where, _ in caught]
    result = card(gm, "hazard.explosion", actor_id="grenadier", dice=20, charge="shrapnel", tokens=tokens)

    charge = hazards.Charge.SHRAPNEL.damage(20)
    assert [entry["token_id"] for entry in result["tokens"]] == [token_id for token_id, _, _ in caught]
    for entry, sent, (token_id, _, stat_block) in zip(result["tokens"], tokens, caught):
        pool = hazards.explosion_dice(20, sent["distance"]) - sent.get("cover", 0)
        dr = VEST_DR if stat_block and sent.get("damage_reduction") is None else 0
        assert [damage["damage"]["dice"] for damage in entry["damage"]] == ([pool] if pool > 0 else [])
        for damage in entry["damage"]:
            assert damage == dump(DamageResult, read_damage(damage["faces"], charge.with_dice(pool), dr))
        state = stored(store, world, token_id)
        assert state["health"] == entry["health"]["after"]
        if entry["token"] is None:
            assert state["version"] == 1 and entry["health"]["after"] == entry["health"]["before"]
        else:
            assert state == entry["token"]["state"] and state["version"] == 2
            assert told(table, token_id, 2)["state"] == state
    assert result["tokens"][-1]["token"] is None  # 21 m away: 20 - 20 dice, nothing reaches it
    assert result["tokens"][0]["token"]["state"]["health"]["damage"] > 0  # 20d6 (4,5) at its feet
    assert result["hurt"] == [entry["token_id"] for entry in result["tokens"] if entry["token"]
                              and entry["health"]["after"]["damage"] > entry["health"]["before"]["damage"]]


def test_a_molotov_burns_until_a_helper_with_an_extinguisher_puts_it_out(gm, player_for, store, world):
    table = player_for("alice")
    register(gm, "torch", agility=10, hit_points=100)
    register(gm, "helper", agility=5)
    register(gm, "splashed", hit_points=100)
    lit = card(gm, "hazard.fire.ignite", token_ids=["torch", "splashed"], starting_dice=5)["tokens"]
    assert [entry["token_id"] for entry in lit] == ["torch", "splashed"]
    for result in lit:
        replayed = hazards.ignite(health_of(result["health"]["before"]), 5, DIALS, dice=shown(result))
        assert result["state"] == dump(Fire, replayed.state)
        state = stored(store, world, result["token_id"])
        assert state == result["token"]["state"] and state["fire"] == result["state"]
        assert ("on_fire", "fire") in conditions_of(state)
    state = stored(store, world, "torch")

    for _ in range(20):
        fire = state["fire"]
        helped = card(gm, "hazard.fire.burn", token_id="torch", helper_token_id="helper", water=True)
        assert helped["rolls"][0]["pool"]["dice"] == 5 + hazards.EXTINGUISHER_DICE and helped["damage"] == []
        assert helped["state"]["help"] == fire["help"] + helped["rolls"][0]["successes"]
        state = stored(store, world, "torch")
        assert state["fire"] == helped["state"] and stored(store, world, "helper")["version"] == 1

        ticked = card(gm, "hazard.fire.burn", token_id="torch")
        replayed = hazards.burn(
            health_of(ticked["health"]["before"]), hazards.Fire(state["fire"]["dice"]), 10, DIALS,
            helper_successes=helped["state"]["help"], dice=shown(ticked),
        )
        expected = dump(FireHazard, replace(replayed, state=replace(replayed.state, help=0)))
        assert ticked == {**expected, "token_id": "torch", "token": ticked["token"]}
        state = stored(store, world, "torch")
        assert state == ticked["token"]["state"]
        if ticked["state"]["out"]:
            break
    assert state["fire"] is None and not [c for c in state["conditions"] if c["condition"] == "on_fire"]
    put_out = told(table, "torch", state["version"])
    assert {"condition": "on_fire", "gained": False} in put_out["changes"]
    assert put_out["cause"]["rule"] == "hazard.fire.burn"
    code, fields = refusal(gm, "hazard.fire.burn", token_id="torch")
    assert (code, list(fields)) == ("against_the_rules", ["token_id"])


def test_a_thirty_meter_fall_and_armor_only_when_the_gm_lets_it(gm, player_for, store, world):
    table = player_for("alice")
    register(gm, "jumper", agility=3, hit_points=100, armor={"name": "Ballistic Vest"})
    result = picked(gm, "hazard.fall", "jumper", meters=30)
    assert result["rolls"][0]["pool"]["dice"] == 3  # the token's Agility
    assert result["damage"][0]["damage"]["dice"] == 15 - result["rolls"][0]["successes"]
    assert result["damage"][0]["damage_reduction"] == 0
    replayed = hazards.fall(Health(100), 30, 3, DIALS, dice=shown(result))
    assert result == {**dump(HazardResult, replayed), "token_id": "jumper", "token": result["token"]}
    state = stored(store, world, "jumper")
    assert state["health"] == result["health"]["after"] and told(table, "jumper", 2)["state"] == state
    softened = picked(gm, "hazard.fall", "jumper", meters=30, armor=True)
    assert softened["damage"][0]["damage_reduction"] == VEST_DR


def test_a_suffocating_token_gasps_once_its_breath_is_spent(gm, store, world):
    register(gm, "diver", endurance=1)
    result = picked(gm, "hazard.suffocation.start", "diver")
    seconds = sum(result["pips"])
    assert result["state"] == {"seconds": seconds, "turns": 0, "out_of_breath": False}
    state = stored(store, world, "diver")
    assert state["breath"] == {**result["state"], "vacuum": None}
    assert conditions_of(state) == [("suffocating", "suffocation")]
    for _ in range(seconds + 2):
        result = card(gm, "hazard.suffocation.turn", token_id="diver")
        held = hazards.Breath(state["breath"]["seconds"], state["breath"]["turns"])
        replayed = hazards.suffocate(health_of(state["health"]), held, DIALS)
        assert result == {**dump(BreathHazard, replayed), "token_id": "diver", "token": result["token"]}
        state = stored(store, world, "diver")
    assert state["breath"]["out_of_breath"] and state["health"]["minor"] == 2
    assert refusal(gm, "hazard.vacuum.second", token_id="diver") == (
        "against_the_rules", {"token_id": ["the token is not in vacuum"]}
    )


def test_vacuum_second_by_second_with_a_ruptured_suit(gm, store, world):
    register(gm, "spacer", endurance=3, hit_points=100)
    result = picked(gm, "hazard.vacuum.enter", "spacer", ruptured_suit=True)
    assert result["state"]["suit_die"] == result["pips"][-1]
    state = stored(store, world, "spacer")
    for _ in range(8):
        breath, exposure = state["breath"], state["breath"]["vacuum"]
        result = card(gm, "hazard.vacuum.second", token_id="spacer")
        vacuum = hazards.Vacuum(
            hazards.Breath(breath["seconds"], breath["turns"]), exposure["seconds"], exposure["misses"], exposure["suit_die"]
        )
        replayed = hazards.vacuum_second(health_of(state["health"]), vacuum, 3, DIALS, dice=shown(result))
        assert result == {**dump(VacuumHazard, replayed), "token_id": "spacer", "token": result["token"]}
        state = stored(store, world, "spacer")
        assert state == result["token"]["state"]
    assert state["breath"]["vacuum"]["seconds"] == 8
    assert ("suffocating", "vacuum") in conditions_of(state)
    assert refusal(gm, "hazard.suffocation.turn", token_id="spacer")[1] == {"token_id": ["the token is in vacuum"]}


def test_a_repeated_request_id_hurts_the_token_once(gm, player_for, store, world):
    table = player_for("alice")
    register(gm, "faller", hit_points=100)
    first = gm.request("hazard.fall", request_id="same-fall", token_ids=["faller"], meters=20)
    gm.wait_for("job.result", lambda push: push["request_id"] == "same-fall")
    again = gm.request("hazard.fall", request_id="same-fall", token_ids=["faller"], meters=20)
    assert first["ok"] and again == first
    assert stored(store, world, "faller")["version"] == 2
    assert picked(gm, "hazard.fall", "faller", meters=0)["token"]["version"] == 3
    told(table, "faller", 3)
    assert [push["version"] for push in table.received("token.changed") if push["token_id"] == "faller"] == [1, 2, 3]


def test_hazards_are_the_gms(gm, player_for):
    register(gm, "hero")
    alice = player_for("alice", ["actor-hero"])
    for event, request in (
        ("hazard.fall", {"token_ids": ["hero"], "meters": 4}),
        ("hazard.fire.ignite", {"token_ids": ["hero"], "starting_dice": 1}),
    ):
        code, _ = refusal(alice, event, **request)
        assert code == "forbidden"


def test_bad_hazard_requests_name_their_field(gm, store, world):
    register(gm, "a1")
    register(gm, "a2")
    near = {"token_id": "a1", "distance": 1}
    blast = {"actor_id": "gm", "dice": 20, "charge": "shrapnel"}
    for event, request, expected in (
        ("hazard.explosion", {**blast, "tokens": [near, {**near, "distance": -1}]}, ("invalid", {"tokens": {"1": ["distance"]}})),
        ("hazard.explosion", {**blast, "tokens": [near, {**near, "token_id": "ghost"}]}, ("not_tracked", ["tokens.1.token_id"])),
        ("hazard.explosion", {**blast, "tokens": [near, near]}, ("against_the_rules", ["tokens"])),
        ("hazard.fall", {"token_ids": ["a1"], "meters": 4, "agility": 2}, ("invalid", ["agility"])),
        ("hazard.fall", {"token_ids": ["a1", "a1"], "meters": 4}, ("invalid", ["token_ids"])),
        ("hazard.fall", {"token_ids": ["a1", "ghost"], "meters": 4}, ("not_tracked", ["token_ids.1"])),
        ("hazard.fire.burn", {"token_id": "a1", "helper_token_id": "a2"}, ("against_the_rules", ["token_id"])),
        ("hazard.suffocation.turn", {"token_id": "a1"}, ("against_the_rules", ["token_id"])),
    ):
        code, fields = refusal(gm, event, **request)
        if isinstance(expected[1], dict):
            assert code == expected[0] and {k: {i: list(e) for i, e in v.items()} for k, v in fields.items()} == expected[1]
        else:
            assert (code, list(fields)) == expected, (event, fields)
    picked(gm, "hazard.fire.ignite", "a1", starting_dice=1)
    assert refusal(gm, "hazard.fire.ignite", token_ids=["a2", "a1"], starting_dice=1) == (
        "against_the_rules", {"token_ids.1": ["the token is already on fire"]}
    )
    assert stored(store, world, "a2")["fire"] is None  # nothing of a refused request is made
    code, fields = refusal(gm, "hazard.fire.burn", token_id="a1", helper_token_id="a1")
    assert (code, list(fields)) == ("against_the_rules", ["helper_token_id"])
