"""The smaller holes of issue 38 (item 6), each attacked as a player or an
outsider would: a blind rest watched by another player, a handoff offer
redeemed after a revocation or a rotation, Moments of Truth offered to no one
or beyond what the giver holds, a request id sent again with another event,
and the banner an answer carries."""

from __future__ import annotations

import hashlib
import secrets
import urllib.request

from ..wire.test_wire_health import HERO, hurt
from ..wire_schemas import ok
from .test_handoff import redeem


def test_a_blind_rest_tells_no_other_player_its_outcome(gm, player_for):
    alice, bob = player_for("alice", ["hero"]), player_for("bob", ["sidekick"])
    ok(gm, "token.register", **HERO)
    hurt(gm, minor=3)
    bob.wait_for("token.changed", lambda push: push["cause"]["rule"] == "token.damage")  # bob hears public changes
    rested = ok(alice, "health.rest", token_id="hero-1", visibility="blind")
    gm.wait_for("token.changed", lambda push: push["cause"]["request_id"] == rested["request_id"])
    after = hurt(gm, minor=1)  # a public change after it: bob hears it, pushes in order
    bob.wait_for("token.changed", lambda push: push["cause"]["rule"] == "token.damage" and push["state"]["health"]["minor"] == after.minor)
    assert not [push for push in bob.received("token.changed") if push["cause"]["rule"] == "health.rest"]


def offer(gm, user: str) -> str:
    secret = secrets.token_hex(32)
    assert ok(gm, "token.offer", user=user, digest=hashlib.sha256(secret.encode()).hexdigest())["user"] == user
    return secret


def test_a_pending_handoff_offer_dies_with_a_revocation(bridge, world, gm):
    secret = offer(gm, "alice")
    assert ok(gm, "token.revoke", user="alice")
    status, answer, _ = redeem(bridge, {"world": world.world_id, "user": "alice", "secret": secret})
    assert status == 403 and answer["code"] == "unauthorized", answer


def test_a_pending_handoff_offer_dies_with_a_rotation(bridge, store, world, gm):
    secret = offer(gm, "alice")
    store.rotate_gm_key(world.world_id)
    status, answer, _ = redeem(bridge, {"world": world.world_id, "user": "alice", "secret": secret})
    assert status == 403 and answer["code"] == "unauthorized", answer


def test_moments_offered_to_no_one_or_beyond_what_the_giver_holds_are_refused(gm, player_for):
    player_for("alice", ["a1"])  # alice has joined: an offer may go to her
    bob = player_for("bob", ["b1"])
    ok(gm, "moments.award", award="role_playing", player="bob", moments=3, reason="kind")
    nobody = bob.request("moments.offer", to="nobody-at-all", dice=1)
    assert nobody["error"]["code"] == "invalid" and list(nobody["error"]["fields"]) == ["to"], nobody
    lavish = bob.request("moments.offer", to="alice", dice=300)
    assert lavish["error"]["code"] == "against_the_rules" and list(lavish["error"]["fields"]) == ["dice"], lavish
    assert bob.request("moments.offer", to="alice", dice=3)["error"]["fields"].keys() == {"dice"}  # 4 MoTs, bob holds 3
    assert ok(bob, "moments.offer", to="alice", dice=2) == {"player": "bob", "to": "alice", "dice": 2}


def test_a_request_id_sent_again_with_another_event_is_refused_naming_it(gm):
    queued = gm.request("worker.ping", request_id="reused", echo="first")
    assert queued["ok"], queued
    again = gm.request("ping", request_id="reused", echo="second")
    assert again["error"]["code"] == "invalid" and list(again["error"]["fields"]) == ["request_id"], again
    rolled = gm.request("dice.roll", request_id="reused", faces=6, number=2)
    assert rolled["error"]["code"] == "invalid" and list(rolled["error"]["fields"]) == ["request_id"], rolled
    assert gm.request("worker.ping", request_id="reused", echo="first") == queued  # a retry of the same event still is one


def test_no_server_header_names_the_server(bridge):
    with urllib.request.urlopen(bridge.url + "/plugin/module.json", timeout=10) as answer:
        assert answer.headers.get("Server") is None  # docs/protocol.md: gevent's server sends none
