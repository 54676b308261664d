"""Keys and tokens really end (issue 32, items 6 and 7), attacked as a
player would: connections left open across a rotation, a token's expiry and
a revocation; the GM key read from a copy of Redis; a token forged with the
GM key or re-signed the old way."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import uuid

import pytest
from itsdangerous import BadSignature, URLSafeSerializer

from bridge.schemas.settings import default_settings
from bridge.table.auth import TOKEN_SALT, mint_player_token
from bridge.table.store import Store, world_key

from ..services import Bridge, RedisServer, wait_until
from ..table import TableClient
from ..wire.test_bridge import refusal

#: How long a test waits for the bridge to close a connection, in seconds.
CLOSE_TIMEOUT_SECONDS = 20


def cli(redis_server, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "REDIS_URL": redis_server.url, "LOG_LEVEL": "WARNING"}
    return subprocess.run([sys.executable, "-m", "bridge", *args], env=env, capture_output=True, text=True, timeout=60, check=True)


def closed(client) -> bool:
    wait_until(lambda: not client.sio.connected, timeout=CLOSE_TIMEOUT_SECONDS, what="the bridge to close the connection")
    return True


def answers(client) -> bool:
    return client.sio.connected and client.request("ping", echo="still here")["ok"]


def test_rotating_the_key_closes_every_open_connection_of_the_world_at_once(redis_server, bridge, store, world, gm, player_for,
                                                                          connect):
    alice = player_for("alice", ["hero"])
    other = store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Other table", default_settings())
    elsewhere = connect(world=other.world_id, gm_key=other.gm_key)
    rotated = json.loads(cli(redis_server, "world", "rotate-key", world.world_id).stdout)
    assert closed(gm) and closed(alice)
    assert answers(elsewhere)
    assert refusal(bridge, world=world.world_id, gm_key=world.gm_key)["code"] == "unauthorized"
    assert connect(world=world.world_id, gm_key=rotated["gm_key"]).request("ping", echo=1)["ok"]


def test_an_open_connection_ends_when_its_token_expires(bridge, store, world, connect):
    stored = store.world(world.world_id)
    token, _ = mint_player_token(stored.signing_secret, world.world_id, "alice", 0, ttl_seconds=3)
    alice = connect(world=world.world_id, token=token)
    assert alice.wait_for("session.ready")["role"] == "player"
    assert closed(alice)
    assert refusal(bridge, world=world.world_id, token=token)["code"] == "token_expired"


def test_the_gm_revokes_one_players_tokens_and_only_that_player_is_dropped(bridge, world, gm, player_for, connect):
    alice, bob = player_for("alice", ["hero"]), player_for("bob", ["sidekick"])
    old_token = alice.sio.connection_auth["token"]
    assert alice.request("token.revoke", user="bob")["error"]["code"] == "forbidden"
    revoked = gm.request("token.revoke", user="alice")
    assert revoked["ok"] and revoked["result"]["user"] == "alice"
    assert closed(alice)
    assert answers(bob) and answers(gm)
    assert refusal(bridge, world=world.world_id, token=old_token)["code"] == "unauthorized"
    fresh = gm.request("token.mint", user="alice")["result"]["token"]
    assert answers(connect(world=world.world_id, token=fresh))


def test_the_cli_revokes_one_players_tokens(redis_server, bridge, world, gm, player_for):
    alice, bob = player_for("alice"), player_for("bob")
    cli(redis_server, "world", "revoke-token", world.world_id, "alice")
    assert closed(alice)
    assert answers(bob) and answers(gm)
    assert refusal(bridge, world=world.world_id, token=alice.sio.connection_auth["token"])["code"] == "unauthorized"


def test_redis_holds_no_gm_key_and_world_show_prints_none(redis_server, store, world):
    stored = store.redis.hgetall(world_key(world.world_id))
    assert not any(world.gm_key in value for value in stored.values())
    assert stored["gm_key_hash"].startswith("hmac-sha256$") and store.keyring.gm_key_matches(world.world_id, world.gm_key, stored["gm_key_hash"])
    assert "signing_secret" not in stored
    shown = cli(redis_server, "world", "show", world.world_id)
    assert world.gm_key not in shown.stdout + shown.stderr
    assert "gm_key" not in json.loads(shown.stdout)


def test_tokens_are_signed_with_hmac_sha256_by_a_secret_that_is_not_the_gm_key(bridge, store, world, gm):
    token = gm.request("token.mint", user="alice")["result"]["token"]
    secret = store.world(world.world_id).signing_secret
    sha256 = URLSafeSerializer(secret, salt=TOKEN_SALT, signer_kwargs={"digest_method": hashlib.sha256})
    assert sha256.loads(token)["u"] == "alice"
    with pytest.raises(BadSignature):
        URLSafeSerializer(secret, salt=TOKEN_SALT).loads(token)  # itsdangerous's default, HMAC-SHA1
    claims = {"w": world.world_id, "u": "mallory", "g": 0, "exp": 2**40}
    with_gm_key = URLSafeSerializer(world.gm_key, salt=TOKEN_SALT, signer_kwargs={"digest_method": hashlib.sha256})
    assert refusal(bridge, world=world.world_id, token=with_gm_key.dumps(claims))["code"] == "unauthorized"
    the_old_way = URLSafeSerializer(world.gm_key, salt="vtt-bridge.player-token.v1").dumps({**claims, "g": None})
    assert refusal(bridge, world=world.world_id, token=the_old_way)["code"] == "unauthorized"


def test_a_rotation_the_bridge_did_not_hear_still_closes_the_connections(tmp_path):
    """The key is rotated with no announcement reaching the bridge, then Redis
    drops the bridge's subscription: listening again, it checks its connections anew."""
    server = RedisServer(tmp_path)
    store = Store.from_url(server.url)
    world = store.create_world("unheard", "Unheard", default_settings())
    web = Bridge(server.url)
    try:
        gm = TableClient(web.url, {"world": "unheard", "gm_key": world.gm_key})
        store.rotate_gm_key("unheard")
        assert gm.request("ping")["error"]["code"] == "unauthorized"  # unannounced: still open, acting for no one
        store.redis.client_kill_filter(_type="pubsub")
        assert closed(gm)
    finally:
        web.stop()
        server.stop()
