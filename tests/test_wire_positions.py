"""The standalone table's map over real Socket.IO: tokens placed on free
squares when the map is read, a move pushed to every page of the world, a
player moving only their own token, and the map read again after a reconnect."""

from __future__ import annotations

from .wire_schemas import assert_valid, ok

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
