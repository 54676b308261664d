"""The standalone table's map over real Socket.IO: tokens placed on free
squares when the map is read, a move pushed to every page of the world, a
player moving only their own token, the map read again after a reconnect,
and a blast's and an attack's distances measured from the stored squares."""

from __future__ import annotations

from ..wire_schemas import assert_valid, ok
from .test_wire_combat import NIKITA, NIKITA_TOKEN, THUG_TOKEN, attack
from .test_wire_combat import register as register_fighters
from .test_wire_odds import queued

STATISTICS = {"endurance": 3, "strength": 3, "agility": 3, "will": 3, "perception": 3, "education": 3}


def register(gm, token_id: str, actor_id: str) -> None:
    ok(gm, "token.register", token_id=token_id, actor_id=actor_id, name=token_id.title(), statistics=STATISTICS)


def squares(client) -> dict:
    return {p["token_id"]: (p["x"], p["y"]) for p in ok(client, "map.get")["positions"]}


def refused(client, event, **request):
    answer = client.request(event, **request)
    assert not answer["ok"], answer
    return answer["error"]["code"], answer["error"]["fields"]


def test_unplaced_tokens_get_distinct_free_squares_that_every_page_reads_alike(gm, player_for):
    for token_id in ("bravo", "alpha", "charlie"):
        register(gm, token_id, token_id)
    player = player_for("alice", ["alpha"])
    read = squares(gm)
    assert read == {"alpha": (0, 0), "bravo": (1, 0), "charlie": (2, 0)}
    assert squares(player) == read
    grid = ok(player, "map.get")
    assert (grid["columns"], grid["rows"], grid["metres_per_square"]) == (16, 12, 1)


def test_a_move_is_pushed_to_every_page_with_a_newer_version(gm, player_for):
    register(gm, "alpha", "alpha")
    player = player_for("alice", ["alpha"])
    before = {p["token_id"]: p for p in ok(gm, "map.get")["positions"]}["alpha"]
    moved = ok(player, "token.move", token_id="alpha", x=5, y=7)
    assert (moved["x"], moved["y"], moved["version"]) == (5, 7, before["version"] + 1)
    for page in (gm, player):
        push = page.wait_for("token.moved", lambda data: data["version"] == moved["version"])
        assert_valid("push.token.moved.json", push)
        assert (push["x"], push["y"], push["cause"]["user"]) == (5, 7, "alice")
    assert squares(gm)["alpha"] == (5, 7)


def test_a_player_moves_only_their_own_token_and_the_gm_moves_any(gm, player_for):
    register(gm, "alpha", "alpha")
    register(gm, "thug", "thug")
    player = player_for("alice", ["alpha"])
    assert refused(player, "token.move", token_id="thug", x=3, y=3) == ("forbidden", {"token_id": ["not yours"]})
    assert ok(gm, "token.move", token_id="thug", x=3, y=3)["x"] == 3
    assert squares(player)["thug"] == (3, 3)


def test_a_square_off_the_grid_or_an_untracked_token_is_refused_by_field(gm):
    register(gm, "alpha", "alpha")
    code, fields = refused(gm, "token.move", token_id="alpha", x=16, y=0)
    assert (code, list(fields)) == ("invalid", ["x"])
    assert refused(gm, "token.move", token_id="ghost", x=1, y=1) == ("not_tracked", {"token_id": ["not tracked"]})


def test_a_reconnected_page_reads_the_moves_made_while_it_was_away(gm, world, connect):
    register(gm, "alpha", "alpha")
    ok(gm, "token.move", token_id="alpha", x=9, y=4)
    gm.close()
    again = connect(world=world.world_id, gm_key=world.gm_key)
    assert squares(again) == {"alpha": (9, 4)}


def test_a_blast_on_the_map_catches_the_tokens_its_charge_reaches_at_the_bridges_distances(gm, player_for):
    for token_id in ("alpha", "bravo", "charlie"):
        register(gm, token_id, token_id)
    ok(gm, "token.move", token_id="bravo", x=3, y=4)    # 3 m across and 4 m down from alpha's square: 5 m
    ok(gm, "token.move", token_id="charlie", x=15, y=11)
    player = player_for("alice", ["alpha"])
    blast = {"actor_id": "gm", "center": {"x": 0.5, "y": 0.5}, "dice": 5, "charge": "shrapnel", "cover": 1}
    assert refused(player, "map.blast", **blast)[0] == "forbidden"
    queued = ok(gm, "map.blast", request_id="blast-1", **blast)
    done = gm.wait_for("job.result", lambda data: data["request_id"] == "blast-1")
    assert (queued["job_id"], done["kind"]) == (done["job_id"], "hazard.explosion")
    card = gm.wait_for("roll.result", lambda data: data["roll_id"] == done["result"]["roll_id"])
    caught = {each["token_id"]: each["explanation"][0] for each in card["result"]["tokens"]}
    assert sorted(caught) == ["alpha", "bravo"], "charlie, 18 m away, is out of a 5d6 charge's reach"
    assert " at 0 m:" in caught["alpha"] and " at 5 m:" in caught["bravo"], caught


def test_a_blast_that_reaches_no_token_is_refused_naming_the_center(gm):
    register(gm, "alpha", "alpha")
    code, fields = refused(gm, "map.blast", actor_id="gm", center={"x": 15.5, "y": 11.5}, dice=2, charge="flash_bang")
    assert (code, list(fields)) == ("against_the_rules", ["center"])


def test_an_attack_between_tokens_on_the_map_takes_its_range_from_their_squares(gm, player_for):
    """Nikita's .45 (optimal to 10 m, long to 12 m a step) at a thug 15 squares
    across: long range, one die less, whatever the player's page says."""
    register_fighters(gm, NIKITA_TOKEN, THUG_TOKEN)
    alice = player_for("alice", ["nikita"])
    ok(alice, "token.move", token_id="nikita-1", x=0, y=0)
    ok(gm, "token.move", token_id="thug-1", x=15, y=0)
    shot = {key: value for key, value in NIKITA.items() if key != "distance"}
    card = attack(alice, shot)
    assert (card["combat"]["range"]["distance"], card["combat"]["range"]["band"]) == (15, "long")
    assert card["combat"]["pool"]["dice"] == 4
    assert attack(alice, {**shot, "distance": 15})["combat"]["range"]["distance"] == 15  # the map's own figure
    for event in ("attack", "attack.odds"):
        code, fields = refused(alice, event, **{**shot, "distance": 5})  # a page claiming the optimal band
        assert (code, list(fields)) == ("invalid", ["distance"]) and "15 m" in fields["distance"][0]
    preview = queued(alice, "attack.odds", **shot)
    assert preview["combat"]["range"]["distance"] == 15 and preview["combat"]["pool"]["dice"] == 4
    ok(gm, "token.move", token_id="thug-1", x=3, y=4)  # the next attack reads the new square: 5 m
    moved = attack(alice, shot)["combat"]
    assert (moved["range"]["distance"], moved["range"]["band"], moved["pool"]["dice"]) == (5, "optimal", 5)


def test_a_target_without_a_square_is_at_the_requests_distance(gm):
    register_fighters(gm, NIKITA_TOKEN, THUG_TOKEN)
    ok(gm, "token.move", token_id="nikita-1", x=0, y=0)  # the thug is never placed: the map was not read
    assert attack(gm, {**NIKITA, "distance": 11})["combat"]["range"]["distance"] == 11
