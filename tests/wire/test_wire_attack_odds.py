"""``attack.odds`` over real Socket.IO: an attack's odds before it is made,
its numbers read from the tracked tokens, the stances and the equipment as
``attack`` reads them, answered by a worker exactly or by a seeded
simulation; nothing is changed; ownership and refusals by field."""

from __future__ import annotations

from fractions import Fraction

from bridge.rules.moment_of_truth import RollKind, roll_odds
from bridge.rules.moment_of_truth.damage import DamageDice
from bridge.rules.moment_of_truth.damage_odds import DEFAULT_TRIALS, attack_odds
from bridge.rules.moment_of_truth.tracker import Stance
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import odds

from .test_wire_combat import DODGER_TOKEN, NIKITA, NIKITA_TOKEN, SCENE, THUG_TOKEN, attack, register, start_fight, thug
from .test_wire_odds import chance, queued

SPRAY = {**NIKITA, "weapon": {"name": "M-16 (5.56mm)"}, "fire": "spraying", "distance": 15,
         "targets": [{"token_id": f"thug-{n}"} for n in (1, 2, 3)]}


def table(store, world, *token_ids: str) -> tuple[dict, dict | None]:
    """The tokens' states and the scene's combat, as stored."""
    return store.tokens(world.world_id, list(token_ids)), store.combat(world.world_id, SCENE)


def test_a_single_shot_is_the_exact_engines_answer_with_the_attacks_numbers(gm, store, world):
    """Nikita aimed one turn at the thug (+2d6), who keeps 2 defense dice back
    (TN +1): 7d6 against TN 3, the .45's 12d6 (3,4) against the vest's DR 6."""
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    start_fight(store, world, ("nikita-1", "alice", Stance(aiming_turns=1, aim_target="thug-1")),
                ("thug-1", "gm", Stance(defense_dice=2)))
    before = table(store, world, "nikita-1", "thug-1")
    preview = queued(gm, "attack.odds", **NIKITA)
    assert (preview["method"], preview["trials"], preview["seed"]) == ("exact", None, None)
    assert preview["combat"]["pool"]["dice"] == 7 and preview["to_hit"]["value"] == 3
    assert preview["odds"] == dump(odds.AttackOdds, attack_odds(7, 3, RollKind.SKILL, DamageDice(12, 3, 4), 6))
    assert chance(preview["hit"]) == roll_odds(7, 3, RollKind.SKILL).success == Fraction(313, 729)
    (thug,) = preview["targets"]
    assert (thug["target"], thug["damage"]["notation"], thug["damage_reduction"]) == ("thug-1", "12d6 (3,4)", 6)
    assert table(store, world, "nikita-1", "thug-1") == before  # a preview changes nothing
    card = attack(gm, NIKITA)
    # every modifier named as the attack's card names it
    assert (card["combat"], card["to_hit"]) == (preview["combat"], preview["to_hit"])


def test_spraying_fire_is_simulated_and_its_seed_repeats_it(gm, store, world):
    register(gm, NIKITA_TOKEN, *(thug(n, armor=None) for n in (1, 2, 3)))
    assert gm.request("settings.update", settings={"ammunition": True})["ok"]
    before = table(store, world, "nikita-1", "thug-1", "thug-2", "thug-3")
    first = queued(gm, "attack.odds", **SPRAY, trials=2000, seed=7)
    assert (first["method"], first["trials"], first["seed"], first["odds"]) == ("simulated", 2000, 7, None)
    assert first["fire"] == "spraying" and [t["target"] for t in first["targets"]] == ["thug-1", "thug-2", "thug-3"]
    hits = [chance(target["at_least"][0]) for target in first["targets"]]
    assert hits[0] >= hits[1] >= hits[2] > 0 and all(2000 % rate.denominator == 0 for rate in hits)
    assert all(target["damage"]["notation"] == "16d6 (3,4)" for target in first["targets"])
    assert queued(gm, "attack.odds", **SPRAY, trials=2000, seed=7) == first
    assert table(store, world, "nikita-1", "thug-1", "thug-2", "thug-3") == before  # no round spent, no one hurt
    picked = queued(gm, "attack.odds", **SPRAY)
    assert picked["method"] == "simulated" and picked["trials"] == DEFAULT_TRIALS and picked["seed"] is not None


def test_players_ask_only_for_attackers_they_own(gm, player_for):
    alice = player_for("alice", ["nikita"])
    register(gm, NIKITA_TOKEN, DODGER_TOKEN, THUG_TOKEN)
    refused = alice.request("attack.odds", **{**NIKITA, "attacker": "dodger-1"})
    assert refused["error"]["code"] == "forbidden" and list(refused["error"]["fields"]) == ["attacker"]
    assert queued(alice, "attack.odds", **NIKITA)["method"] == "exact"
    assert not any(push["kind"] == "attack.odds" for push in gm.received("job.result"))


def test_bad_fields_are_named(gm):
    register(gm, NIKITA_TOKEN, THUG_TOKEN)
    for change, code, field in (
        ({"trials": 0}, "invalid", "trials"),
        ({"trials": 100_001}, "invalid", "trials"),
        ({"seed": -1}, "invalid", "seed"),
        ({"one_handed": True}, "invalid", "one_handed"),
        ({"label": "a look"}, "invalid", "label"),
        ({"fire": "automatic"}, "against_the_rules", "fire"),
        ({"distance": 100}, "against_the_rules", "distance"),
        ({"targets": [{"token_id": "nobody"}]}, "not_tracked", "targets.0.token_id"),
    ):
        answer = gm.request("attack.odds", **{**NIKITA, **change})
        assert answer["error"]["code"] == code and list(answer["error"]["fields"]) == [field], answer
