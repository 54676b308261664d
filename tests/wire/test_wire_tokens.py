"""Tracked tokens over real Socket.IO: registering, the GM's hand controls,
one ``token.changed`` per change with the state after it, undo, snapshots
that survive a bridge restart, and players refused."""

from __future__ import annotations

from ..wire_schemas import assert_valid, ok

THUG = {
    "token_id": "thug-1",
    "actor_id": "thug",
    "scene_id": "warehouse",
    "name": "Thug",
    "statistics": {"endurance": 5, "strength": 4, "agility": 3, "will": 2, "perception": 3, "education": 1},
    "skills": {"Melee, one-handed": 2},
    "armor": {"name": "Ballistic Vest"},
}


def refused(client, event, **request):
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    return answer["error"]["code"], answer["error"]["fields"]


def pushed(client, version: int, token_id: str = "thug-1") -> dict:
    change = client.wait_for("token.changed", lambda data: data["token_id"] == token_id and data["version"] == version)
    assert_valid("push.token.changed.json", change)
    return change


def test_a_registered_token_has_the_books_hit_points_and_everyone_is_told(gm, player_for):
    player = player_for("alice", ["hero"])
    change = ok(gm, "token.register", **THUG)
    state = change["state"]
    assert (state["version"], state["health"]["hit_points"], state["conditions"]) == (1, 16, [])
    assert pushed(player, 1)["state"] == state
    assert pushed(gm, 1)["cause"]["rule"] == "token.register"


def health_condition(condition: str) -> list[dict]:
    return [{"condition": condition, "source": "health", "ending": "health", "rounds": None, "since_round": None}]


def test_a_token_registered_with_few_hit_points_has_its_health_condition_from_the_start(gm, player_for):
    """Ch. 7, Damage: injured at 6 or fewer hit points left, wounded at 1-2, as
    after any damage (docs/rules/moment_of_truth.md, Health)."""
    player = player_for("alice", ["hero"])
    for token_id, hit_points, condition in (("rat-1", 6, "injured"), ("rat-2", 3, "injured"), ("rat-3", 2, "wounded")):
        change = ok(gm, "token.register", **{**THUG, "token_id": token_id, "hit_points": hit_points})
        assert change["changes"] == [{"condition": condition, "gained": True}]
        assert change["state"]["conditions"] == health_condition(condition)
        assert pushed(player, 1, token_id)["state"] == change["state"]
    assert ok(gm, "token.damage", token_id="rat-1", minor=1)["state"]["conditions"] == health_condition("injured")
    assert ok(gm, "token.heal", token_id="rat-1", minor=1)["state"]["conditions"] == health_condition("injured")


def test_damage_by_hand_brings_the_health_conditions_and_reregistering_keeps_them(gm):
    ok(gm, "token.register", **THUG)
    change = ok(gm, "token.damage", token_id="thug-1", minor=6, serious=4)
    assert change["changes"] == [{"condition": "injured", "gained": True}]
    assert change["state"]["conditions"] == [
        {"condition": "injured", "source": "health", "ending": "health", "rounds": None, "since_round": None}
    ]
    again = ok(gm, "token.register", **{**THUG, "hit_points": 12})
    assert (again["state"]["health"]["minor"], again["state"]["health"]["serious"]) == (6, 4)
    assert [c["condition"] for c in again["state"]["conditions"]] == ["wounded"]
    assert again["changes"] == [{"condition": "injured", "gained": False}, {"condition": "wounded", "gained": True}]


def test_a_head_shot_that_kills_is_beyond_rescue_and_an_outright_kill_kills_whatever_the_hit_points(gm):
    for token_id in ("thug-1", "thug-2", "thug-3"):
        ok(gm, "token.register", **{**THUG, "token_id": token_id})
    grazed = ok(gm, "token.damage", token_id="thug-1", serious=16, head_or_neck_shot=True)["state"]["health"]
    assert (grazed["dead"], grazed["beyond_rescue"]) == (False, False)
    shot = ok(gm, "token.damage", token_id="thug-1", minor=10, serious=7, head_or_neck_shot=True)
    assert shot["state"]["health"] | {} == {**grazed, "minor": 10, "serious": 23, "damage": 33, "remaining": -17,
                                            "dead": True, "beyond_rescue": True}
    assert shot["changes"] == [{"condition": "unconscious", "gained": False}, {"condition": "dead", "gained": True}]
    killed = ok(gm, "token.damage", token_id="thug-2", serious=6, outright_kill=True)["state"]
    assert (killed["health"]["remaining"], killed["health"]["beyond_rescue"]) == (10, True)
    assert [c["condition"] for c in killed["conditions"]] == ["dead"]
    harsh = ok(gm, "token.damage", token_id="thug-3", serious=33)["state"]["health"]
    assert (harsh["dead"], harsh["beyond_rescue"]) == (True, False), "a harsh death without the shot may be rescued"


def test_unconscious_then_healed_wakes_prone(gm):
    ok(gm, "token.register", **THUG)
    out = ok(gm, "token.damage", token_id="thug-1", serious=16)
    assert [c["condition"] for c in out["state"]["conditions"]] == ["unconscious"]
    woken = ok(gm, "token.heal", token_id="thug-1", serious=5)
    assert woken["changes"] == [
        {"condition": "unconscious", "gained": False},
        {"condition": "injured", "gained": True},
        {"condition": "prone", "gained": True},
    ]
    assert woken["state"]["conditions"][0]["source"] == "regained consciousness"
    assert woken["state"]["health"]["serious"] == 11


def test_conditions_set_and_cleared_by_hand_keep_source_and_ending(gm):
    ok(gm, "token.register", **THUG)
    stunned = ok(gm, "token.condition.set", token_id="thug-1", condition="stunned", source="flash-bang")
    assert stunned["state"]["conditions"][0] | {} == {
        "condition": "stunned", "source": "flash-bang", "ending": "turn_end_roll", "rounds": None, "since_round": None
    }
    timed = ok(gm, "token.condition.set", token_id="thug-1", condition="suppressed", ending="rounds", rounds=2)
    assert timed["state"]["conditions"][1]["rounds"] == 2
    cleared = ok(gm, "token.condition.clear", token_id="thug-1", condition="stunned")
    assert cleared["changes"] == [{"condition": "stunned", "gained": False}]
    assert [c["condition"] for c in cleared["state"]["conditions"]] == ["suppressed"]


def test_undo_puts_back_the_state_before_the_last_change_as_a_new_version(gm, player_for):
    player = player_for("alice")
    ok(gm, "token.register", **THUG)
    ok(gm, "token.damage", token_id="thug-1", serious=16)
    undone = ok(gm, "token.undo", token_id="thug-1")
    assert undone["undone"]["version"] == 2
    assert undone["change"]["state"]["health"]["serious"] == 0
    assert undone["change"]["changes"] == [{"condition": "unconscious", "gained": False}]
    assert pushed(player, 3)["state"]["conditions"] == []
    assert refused(gm, "token.undo", token_id="thug-1") == ("invalid", {"token_id": ["nothing to undo"]})


def test_players_may_not_use_the_gms_hands_and_untracked_tokens_are_named(gm, player_for):
    player = player_for("alice", ["thug"])
    ok(gm, "token.register", **THUG)
    for event, fields in [
        ("token.register", THUG),
        ("token.damage", {"token_id": "thug-1", "minor": 1}),
        ("token.heal", {"token_id": "thug-1", "minor": 1}),
        ("token.condition.set", {"token_id": "thug-1", "condition": "prone"}),
        ("token.condition.clear", {"token_id": "thug-1", "condition": "prone"}),
        ("token.undo", {"token_id": "thug-1"}),
    ]:
        assert refused(player, event, **fields)[0] == "forbidden", event
    assert refused(gm, "token.damage", token_id="nobody", minor=1) == ("not_tracked", {"token_id": ["not tracked"]})


def test_bad_hand_controls_name_their_field(gm):
    ok(gm, "token.register", **THUG)
    assert refused(gm, "token.damage", token_id="thug-1")[1] == {"minor": ["give minor or serious damage"]}
    code, fields = refused(gm, "token.condition.set", token_id="thug-1", condition="prone", rounds=3)
    assert (code, list(fields)) == ("invalid", ["rounds"])
    assert list(refused(gm, "token.condition.set", token_id="thug-1", condition="sleepy")[1]) == ["condition"]
    assert ok(gm, "table.snapshot")["tokens"][0]["version"] == 1


def test_the_snapshot_holds_every_token_of_the_scene(gm, player_for):
    player = player_for("alice")
    ok(gm, "token.register", **THUG)
    ok(gm, "token.register", **{**THUG, "token_id": "thug-2", "scene_id": "street"})
    ok(gm, "token.condition.set", token_id="thug-2", condition="prone")
    everything = ok(player, "table.snapshot")
    assert [t["token_id"] for t in everything["tokens"]] == ["thug-1", "thug-2"]
    street = ok(player, "table.snapshot", scene_id="street")
    assert [(t["token_id"], t["version"]) for t in street["tokens"]] == [("thug-2", 2)]
    assert street["moments"] == {"balances": {}, "history": []}
