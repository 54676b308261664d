"""Health, healing, bleeding and death on tracked tokens over real Socket.IO:
every card is replayed with the pure rules from the faces it shows, and the
token's stored health is the card's."""

from __future__ import annotations

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth import Modifier, healing, health
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.health import Health
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import health as health_shapes

from ..wire_schemas import assert_valid, ok

TRIES = 6
STATISTICS = {"endurance": 5, "strength": 3, "agility": 3, "will": 2, "perception": 3, "education": 2}
#: 16 HP (6 + 2 x Endurance 5): dead at 33 damage under harsh death.
HERO = {"token_id": "hero-1", "actor_id": "hero", "name": "Dodger", "statistics": STATISTICS}
DOC = {**HERO, "token_id": "doc-1", "actor_id": "doc", "name": "Doc", "skills": {"Medic": 2}}
HEALTH_FIELDS = ("hit_points", "minor", "serious", "treated", "bandaged", "dead", "beyond_rescue")



def shown(result) -> dict:
    """A health step's result as its card shows it."""
    return dump(health_shapes.RESULTS[type(result)], result)


def card(client, event, **request):
    """The card's rules result; its actor is the token's."""
    result = ok(client, event, **request)
    assert result["rule"] == event and result["actor_id"] == {"hero-1": "hero", "doc-1": "doc"}[request["token_id"]]
    assert result["result"]["token_id"] == request["token_id"]
    return result["result"]


def refusal(client, event, **request):
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    return answer["error"]["code"], answer["error"]["fields"]


def faces(result) -> FixedDice:
    return FixedDice(result["roll"]["faces"] if result["roll"] else [])


def state(client, token_id="hero-1") -> dict:
    return next(token for token in ok(client, "table.snapshot")["tokens"] if token["token_id"] == token_id)


def health_of(token: dict) -> Health:
    return Health(**{name: token["health"][name] for name in HEALTH_FIELDS})


def stored(client, result, seen_by=None, token_id="hero-1") -> dict:
    """The token after a card: its health is the card's; ``seen_by``, another
    client, was pushed that state."""
    token = state(client, token_id)
    assert token["health"] == result.get("change", result)["after"]
    if seen_by is not None:
        seen_by.wait_for("token.changed", lambda push: push["state"] == token)
    return token


def conditions(token: dict) -> list[str]:
    return [entry["condition"] for entry in token["conditions"]]


def hurt(gm, minor=0, serious=0, token_id="hero-1") -> Health:
    return health_of(ok(gm, "token.damage", token_id=token_id, minor=minor, serious=serious)["state"])


# --- healing --------------------------------------------------------------------


def test_a_medic_roll_is_replayed_from_its_faces_and_stored_and_the_gm_sees_it(gm, player_for):
    alice = player_for("alice", ["doc"])
    ok(gm, "token.register", **HERO)
    ok(gm, "token.register", **DOC)
    hurt(gm, minor=10, token_id="doc-1")  # 6 HP left: injured, -1d6 on skill rolls
    for _ in range(TRIES):
        before = hurt(gm, minor=1, serious=3)  # a new injury: a new medic roll
        result = card(
            alice, "health.medic", token_id="hero-1", healer="doc-1", statistic="perception", circumstances=1,
            modifiers=[{"source": "dark", "dice": -1, "penalty": True}],
        )
        modifiers = [Modifier("injured", -1, penalty=True), Modifier("dark", -1, penalty=True)]
        replayed = healing.medic_roll(before, 3, 2, Dials(), circumstances=1, modifiers=modifiers, dice=faces(result))
        assert result == {"token_id": "hero-1", "healer": "doc-1", **shown(replayed)}
        token = stored(gm, result)
        assert token["health"]["treated"]
        seen = gm.wait_for("token.changed", lambda push, now=token: push["state"] == now)
        assert (seen["token_id"], seen["cause"]["rule"], seen["cause"]["user"]) == ("hero-1", "health.medic", "alice")
        assert_valid("push.token.changed.json", seen)
    code, fields = refusal(alice, "health.medic", token_id="hero-1", healer="doc-1", statistic="perception")
    assert code == "against_the_rules" and list(fields) == ["token_id"]


def test_an_hours_and_a_days_rest_heal_the_token_by_its_endurance(gm, player_for):
    alice = player_for("alice", ["hero"])
    ok(gm, "token.register", **HERO)
    for _ in range(TRIES):
        before = hurt(gm, minor=3, serious=2)
        rest = card(alice, "health.rest", token_id="hero-1", circumstances=2)
        replayed = healing.rest_hour(before, 5, Dials(), circumstances=2, dice=faces(rest))
        assert rest == {"token_id": "hero-1", **shown(replayed)}
        before = health_of(stored(gm, rest, seen_by=gm))
        daily = card(alice, "health.daily_recovery", token_id="hero-1")
        replayed = healing.daily_recovery(before, 5, Dials(), dice=faces(daily))
        assert daily == {"token_id": "hero-1", **shown(replayed)}
        stored(gm, daily, seen_by=gm)
    hurt(gm, minor=1)
    waved = card(gm, "health.rest", token_id="hero-1", hand_wave=True)
    assert waved["roll"] is None and waved["healed_minor"] == 1
    assert stored(gm, waved)["health"]["minor"] == waved["change"]["before"]["minor"] - 1


def test_a_dead_token_is_refused_treatment_naming_the_token(gm):
    ok(gm, "token.register", **HERO)
    ok(gm, "token.register", **DOC)
    hurt(gm, serious=33)
    assert conditions(state(gm)) == ["dead"]
    for event, extra in (
        ("health.medic", {"healer": "doc-1", "statistic": "agility"}),
        ("health.rest", {}),
        ("health.daily_recovery", {}),
        ("health.regain_consciousness", {}),
    ):
        code, fields = refusal(gm, event, token_id="hero-1", **extra)
        assert code == "against_the_rules" and list(fields) == ["token_id"], event
        assert "dead" in fields["token_id"][0]
    assert state(gm)["version"] == 2


def test_waking_up_leaves_the_token_prone(gm):
    ok(gm, "token.register", **HERO)
    code, fields = refusal(gm, "health.recovery_wait", token_id="hero-1")
    assert code == "against_the_rules" and "not unconscious" in fields["token_id"][0]
    before = hurt(gm, minor=16)
    assert conditions(state(gm)) == ["unconscious"]
    wait = card(gm, "health.recovery_wait", token_id="hero-1")
    assert wait == {"token_id": "hero-1", **dump(health_shapes.Recovery, healing.recovery_wait(dice=FixedDice(wait["faces"])))}
    for _ in range(20):
        waking = card(gm, "health.regain_consciousness", token_id="hero-1")
        replayed = healing.regain_consciousness(before, 5, Dials(), dice=faces(waking))
        assert waking == {"token_id": "hero-1", **shown(replayed)}
        token = stored(gm, waking)
        if token["health"]["remaining"] > 0:
            break
        before = health_of(token)
    assert conditions(token)[0] == "prone" and conditions(token)[1:] in (["injured"], ["wounded"])
    assert token["conditions"][0]["source"] == "regained consciousness"
    code, fields = refusal(gm, "health.regain_consciousness", token_id="hero-1")
    assert code == "against_the_rules" and "not unconscious" in fields["token_id"][0]


# --- bleeding and death ----------------------------------------------------------


def test_bleeding_is_rolled_with_the_tokens_endurance_and_bandaging_stops_it(gm, player_for):
    alice = player_for("alice", ["hero"])
    ok(gm, "token.register", **HERO, scene_id="warehouse")
    hurt(gm, serious=6)  # a third of 16 HP: bleeding, once the world uses it
    code, fields = refusal(alice, "health.bleed", token_id="hero-1")
    assert code == "against_the_rules" and "optional rule" in fields["token_id"][0]
    assert gm.request("settings.update", settings={"bleeding": True})["ok"]
    before = hurt(gm, minor=1)  # the next health change reads the bleeding
    assert conditions(state(gm)) == ["bleeding"]
    fight = {"scene_id": "warehouse", "seating": ["alice", "gm"], "gm_seat": "gm"}
    ok(gm, "combat.start", **fight, combatants=[{"token_id": "hero-1", "seat": "alice"}])
    for event, why in (("health.bleed", "combat.next"), ("health.bandage", "only a medic roll")):
        code, fields = refusal(alice, event, token_id="hero-1")
        assert code == "against_the_rules" and "in combat" in fields["token_id"][0] and why in fields["token_id"][0]
    ok(gm, "combat.end", scene_id="warehouse")
    ok(gm, "moments.award", award="role_playing", player="alice", moments=1, reason="grit")
    dials = Dials(bleeding=True)
    for spent in (1, 0, 0):
        result = card(alice, "health.bleed", token_id="hero-1", moments_spent=spent)
        replayed = health.bleed(before, 5, dials, moments_spent=spent, dice=faces(result))
        assert result == {"token_id": "hero-1", **shown(replayed)}
        assert len(result["roll"]["faces"]) == 5 + spent
        before = health_of(stored(gm, result, seen_by=gm))
    assert ok(gm, "moments.get")["balances"]["alice"] == 0
    code, fields = refusal(alice, "health.bleed", token_id="hero-1", moments_spent=1)
    assert code == "against_the_rules" and list(fields) == ["moments_spent"]
    bandaged = card(alice, "health.bandage", token_id="hero-1")
    assert bandaged == {"token_id": "hero-1", **shown(health.bandage(before, dials))}
    token = stored(gm, bandaged, seen_by=gm)
    assert token["health"]["bandaged"] and "bleeding" not in conditions(token)


def test_a_heroic_death_needs_hit_points_below_zero_and_is_beyond_rescue(gm, player_for):
    alice = player_for("alice", ["hero"])
    ok(gm, "token.register", **HERO)
    ok(gm, "token.register", **DOC)
    hurt(gm, minor=10, serious=6)
    code, fields = refusal(alice, "health.heroic_death", token_id="hero-1")
    assert code == "against_the_rules" and list(fields) == ["token_id"]
    before = hurt(gm, serious=1)
    result = card(alice, "health.heroic_death", token_id="hero-1")
    assert result == {"token_id": "hero-1", **shown(health.declare_heroic_death(before, Dials()))}
    token = stored(gm, result, seen_by=gm)
    assert conditions(token) == ["dead"] and token["health"]["beyond_rescue"]
    code, fields = refusal(gm, "health.rescue", token_id="hero-1", healer="doc-1", statistic="agility")
    assert code == "against_the_rules" and list(fields) == ["token_id"]


def test_the_harsh_death_rescue_is_replayed_and_stored(gm):
    ok(gm, "token.register", **HERO)
    ok(gm, "token.register", **DOC)
    for _ in range(TRIES):
        if not state(gm)["health"]["dead"]:
            hurt(gm, serious=33 - state(gm)["health"]["damage"])
        before = health_of(state(gm))
        result = card(gm, "health.rescue", token_id="hero-1", healer="doc-1", statistic="agility")
        replayed = healing.rescue(before, 3, 2, 0, Dials(), dice=faces(result))  # no player owns the hero: no MoTs
        assert result == {"token_id": "hero-1", "healer": "doc-1", **shown(replayed)}
        token = stored(gm, result)
        if not result["rescued"]:
            assert token["health"]["beyond_rescue"]
            break
        assert conditions(token) == ["unconscious"]


def dying(gm, token_id: str) -> Health:
    """A new token of the hero's actor, dead under harsh death (33 damage), not beyond rescue."""
    ok(gm, "token.register", **{**HERO, "token_id": token_id})
    return hurt(gm, serious=33, token_id=token_id)


def test_the_rescue_adds_and_spends_exactly_the_dying_players_moments_from_the_ledger(gm, player_for):
    """Ch. 7: all the dying character's unspent MoTs, as the ledger holds them
    for the player owning its actor, are added and spent; the sender can
    neither say how many nor add their own."""
    alice, bob = player_for("alice", ["hero"]), player_for("bob", ["doc"])
    ok(gm, "token.register", **DOC)
    ok(gm, "moments.award", award="role_playing", player="bob", moments=3, reason="the medic's own")
    ok(gm, "moments.award", award="role_playing", player="alice", moments=4, reason="the hero's")
    spent = []
    for token_id, held in (("hero-1", 4), ("hero-2", 0)):
        before = dying(gm, token_id)
        rescue = {"token_id": token_id, "healer": "doc-1", "statistic": "agility"}
        code, fields = refusal(bob, "health.rescue", **rescue, unspent_moments=9)
        assert code == "invalid" and list(fields) == ["unspent_moments"]
        assert ok(gm, "moments.get")["balances"] == {"bob": 3, "alice": held}
        answer = ok(bob, "health.rescue", **rescue)
        result = answer["result"]
        parts = result["roll"]["pool"]["parts"]
        moments = [part["dice"] for part in parts if part["source"] == "Moment of Truth"]
        assert moments == [1] * held and result["moments_spent"] == held
        assert sum(part["dice"] for part in parts if part["source"] != "Moment of Truth") == 3 + 2  # agility + Medic
        assert result["roll"]["pool"]["dice"] == sum(part["dice"] for part in parts) == 3 + 2 + held
        assert len(result["roll"]["faces"]) == 3 + 2 + held
        replayed = healing.rescue(before, 3, 2, held, Dials(), dice=faces(result))
        assert result == {"token_id": token_id, "healer": "doc-1", **shown(replayed)}
        stored(gm, result, seen_by=alice, token_id=token_id)
        if held:
            spent.append({"player": "alice", "spent": held, "balance": 0, "roll_id": answer["roll_id"]})
            pushed = alice.wait_for("moments.changed", lambda change: change["entries"][0]["kind"] == "rescue")
            assert_valid("push.moments.changed.json", pushed)
        ledger = ok(alice, "moments.get")
        assert ledger["balances"] == {"bob": 3, "alice": 0}
        rescues = [entry for entry in ledger["history"] if entry["kind"] == "rescue"]
        assert [{name: entry[name] for name in spent[0]} for entry in rescues] == spent


def test_the_rescue_refuses_an_actor_two_players_own_and_charges_nothing_when_refused(gm, player_for):
    player_for("alice", ["hero"])
    bob = player_for("bob", ["doc"])
    ok(gm, "token.register", **DOC)
    ok(gm, "moments.award", award="role_playing", player="alice", moments=2, reason="the hero's")
    ok(gm, "moments.award", award="role_playing", player="bob", moments=1, reason="the medic's")
    held = ok(gm, "moments.get")
    rescue = {"token_id": "hero-1", "healer": "doc-1", "statistic": "agility"}
    ok(gm, "token.register", **HERO)
    code, fields = refusal(bob, "health.rescue", **rescue)  # alive: no rescue, nothing charged
    assert code == "against_the_rules" and list(fields) == ["token_id"] and "harsh death" in fields["token_id"][0]
    assert ok(gm, "moments.get") == held
    hurt(gm, serious=33)
    ok(gm, "actors.assign", user="bob", actor_ids=["hero", "doc"])
    code, fields = refusal(bob, "health.rescue", **rescue)
    assert code == "against_the_rules" and list(fields) == ["token_id"] and "alice and bob" in fields["token_id"][0]
    assert ok(gm, "moments.get") == held and state(gm)["health"]["dead"]


# --- who may send what ----------------------------------------------------------


def test_players_heal_only_with_their_own_healers_who_know_medic_and_tend_only_their_own_tokens(gm, player_for):
    alice = player_for("alice", ["hero"])
    ok(gm, "token.register", **HERO)
    ok(gm, "token.register", **DOC)
    hurt(gm, serious=3)
    assert refusal(alice, "health.medic", token_id="hero-1", healer="doc-1", statistic="agility") == (
        "forbidden", {"healer": ["not yours"]}
    )
    assert refusal(alice, "health.rest", token_id="doc-1") == ("forbidden", {"token_id": ["not yours"]})
    assert refusal(gm, "health.medic", token_id="hero-1", healer="nurse-1", statistic="agility") == (
        "not_tracked", {"healer": ["not tracked"]}
    )
    code, fields = refusal(alice, "health.medic", token_id="hero-1", healer="hero-1", statistic="agility")
    assert code == "against_the_rules" and "no Medic skill" in fields["healer"][0]
    assert state(gm)["version"] == 2


def test_bad_health_fields_are_named(gm):
    ok(gm, "token.register", **HERO)
    for event, request, named in (
        ("health.rest", {"token_id": "hero-1", "circumstances": -1}, "circumstances"),
        ("health.medic", {"token_id": "hero-1", "healer": "hero-1", "statistic": "wits"}, "statistic"),
        ("health.medic", {"token_id": "hero-1", "statistic": "agility"}, "healer"),
        ("health.bleed", {"token_id": "hero-1", "health": {"hit_points": 16}}, "health"),
    ):
        code, fields = refusal(gm, event, **request)
        assert code == "invalid" and list(fields) == [named], (event, fields)


def test_an_unconscious_or_dead_healer_is_refused_naming_the_healer(gm):
    ok(gm, "token.register", **HERO)
    ok(gm, "token.register", **DOC)
    hurt(gm, serious=3)  # a medic roll's patient
    medic = {"token_id": "hero-1", "healer": "doc-1", "statistic": "education"}
    for damage, out in ((16, "unconscious"), (17, "dead")):
        hurt(gm, minor=damage, token_id="doc-1")
        assert out in conditions(state(gm, "doc-1"))
        code, fields = refusal(gm, "health.medic", **medic)
        assert code == "against_the_rules" and list(fields) == ["healer"] and out in fields["healer"][0]
    hurt(gm, serious=30)  # dying under harsh death: a rescue's patient, but the healer is dead
    code, fields = refusal(gm, "health.rescue", **medic)
    assert code == "against_the_rules" and list(fields) == ["healer"] and "dead" in fields["healer"][0]
    assert state(gm)["version"] == 3 and state(gm, "doc-1")["version"] == 3
