"""Reading or writing Redis gives no way into a world, and guessing at the
door costs the bridge nothing (issue 38, items 3 and 5), attacked as someone
with a copy of Redis, with write access to it, and as an outsider hammering
the connect: every value Redis holds tried as a signing secret, a GM key of
the attacker's own planted, a world left by an older bridge, a hundred wrong
keys on one socket and from one address."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import stat
import subprocess
import sys
import time
import uuid

import pytest
import websocket
from itsdangerous import URLSafeSerializer

from bridge.schemas.settings import default_settings
from bridge.systems.moment_of_truth import ledger
from bridge.table.auth import TOKEN_SALT
from bridge.table.keyring import secret_file
from bridge.table.store import Store, system_state_key, world_key
from bridge.transport.attempts import PER_ADDRESS, PER_CONNECTION

from ..services import Bridge
from ..table import TableClient
from ..wire.test_bridge import refusal
from .test_hostile_inputs import FRAME_TIMEOUT_SECONDS
from .test_keys_and_tokens import answers


def forged(secret: str, world_id: str, user: str) -> str:
    """A ten-year token for ``user``, signed as the bridge signs (bridge.table.auth) with ``secret``."""
    serializer = URLSafeSerializer(secret, salt=TOKEN_SALT, signer_kwargs={"digest_method": hashlib.sha256})
    return serializer.dumps({"w": world_id, "u": user, "g": 0, "exp": int(time.time()) + 10 * 365 * 86400})


def test_nothing_read_from_redis_signs_a_token_that_connects(bridge, store, world):
    stored = store.redis.hgetall(world_key(world.world_id))
    for name, value in stored.items():
        assert refusal(bridge, world=world.world_id, token=forged(value, world.world_id, "mallory"))["code"] == "unauthorized", name
        _, _, nonce = value.partition("$")
        assert refusal(bridge, world=world.world_id, token=forged(nonce, world.world_id, "mallory"))["code"] == "unauthorized", name


def test_the_server_keys_are_a_0600_file_outside_redis(store, world):
    path = secret_file()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    keys = json.loads(path.read_text())["keys"].values()
    dumped = json.dumps({key: store.redis.dump(key).hex() if store.redis.dump(key) else None for key in store.redis.keys("*")})
    assert not any(key in dumped for key in keys)


def test_a_gm_key_digest_planted_in_redis_opens_nothing(bridge, store, world):
    mine = "mallory-chose-this-key"
    for planted in (hashlib.sha256(mine.encode()).hexdigest(),
                    f"hmac-sha256${store.keyring.current()}${hmac.new(mine.encode(), mine.encode(), hashlib.sha256).hexdigest()}",
                    f"hmac-sha256$nokey${hashlib.sha256(mine.encode()).hexdigest()}"):
        store.redis.hset(world_key(world.world_id), "gm_key_hash", planted)
        assert refusal(bridge, world=world.world_id, gm_key=mine)["code"] == "unauthorized", planted


def test_a_world_left_by_an_older_bridge_keeps_its_gm_key_but_not_its_redis_secret(bridge, store, connect, redis_server):
    """An older bridge kept an scrypt hash and the signing secret itself in Redis:
    ``vtt-bridge migrate`` drops the secret, and the GM's next connect the scrypt hash."""
    world_id, gm_key, old_secret = f"w-{uuid.uuid4().hex[:12]}", uuid.uuid4().hex, uuid.uuid4().hex
    salt = os.urandom(16)
    scrypted = hashlib.scrypt(gm_key.encode(), salt=salt, n=2**14, r=8, p=1, maxmem=64 * 1024 * 1024, dklen=32)
    old_hash = "$".join(["scrypt", "16384", "8", "1", base64.urlsafe_b64encode(salt).decode(), base64.urlsafe_b64encode(scrypted).decode()])
    store.redis.hset(world_key(world_id), mapping={"name": "Old", "gm_key_hash": old_hash, "signing_secret": old_secret,
                                                   "settings": json.dumps(default_settings()), "system": "moment_of_truth"})
    store.redis.sadd("vtt:worlds", world_id)
    migrated = cli(redis_server, "migrate")
    assert migrated.returncode == 0 and f"{world_id}: player tokens now signed from a signing epoch" in migrated.stdout
    assert refusal(bridge, world=world_id, token=forged(old_secret, world_id, "mallory"))["code"] == "unauthorized"
    assert answers(connect(world=world_id, gm_key=gm_key))
    stored = store.redis.hgetall(world_key(world_id))
    assert stored["gm_key_hash"].startswith("hmac-sha256$") and "signing_secret" not in stored
    assert answers(connect(world=world_id, gm_key=gm_key))


def cli(redis_server, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "REDIS_URL": redis_server.url, "LOG_LEVEL": "WARNING"}
    return subprocess.run([sys.executable, "-m", "bridge", *args], env=env, capture_output=True, text=True, timeout=60)


def test_the_server_key_rotates_and_a_retired_one_opens_nothing(redis_server, tmp_path):
    keys_file = tmp_path / "secrets.json"
    env = {"VTT_BRIDGE_SECRET_FILE": str(keys_file)}
    web = Bridge(redis_server.url, extra_env=env)
    old_env = os.environ.copy()
    os.environ.update(env)
    try:
        store = Store.from_url(redis_server.url)
        world = store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Rotating", default_settings())
        first_key = store.keyring.current()
        assert cli(redis_server, "secret", "rotate").returncode == 0
        assert store.keyring.current() != first_key
        assert refusal(web, world=world.world_id, gm_key="wrong")["code"] == "unauthorized"
        TableClient(web.url, {"world": world.world_id, "gm_key": world.gm_key}).close()  # the old key still opens its world
        assert cli(redis_server, "secret", "retire", first_key).returncode == 0
        assert refusal(web, world=world.world_id, gm_key=world.gm_key)["code"] == "unauthorized"
        rotated = json.loads(cli(redis_server, "world", "rotate-key", world.world_id).stdout)
        TableClient(web.url, {"world": world.world_id, "gm_key": rotated["gm_key"]}).close()
        assert cli(redis_server, "secret", "retire", store.keyring.current()).returncode != 0  # never the current one
    finally:
        os.environ.clear()
        os.environ.update(old_env)
        web.stop()


def raw_connects(url: str):
    raw = websocket.create_connection(url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket", timeout=FRAME_TIMEOUT_SECONDS)
    assert raw.recv().startswith("0")
    return raw


def try_key(raw, world_id: str, gm_key: str) -> str:
    """One Socket.IO connect on ``raw``: the refusal's code, or 'connected'."""
    raw.send("40" + json.dumps({"protocol": 1, "world": world_id, "gm_key": gm_key}))
    while True:
        frame = raw.recv()
        if frame.startswith("44"):
            return json.loads(frame[2:])["data"]["code"]
        if frame.startswith("40"):
            return "connected"
        if frame == "2":
            raw.send("3")


def test_a_hundred_wrong_keys_on_one_socket_end_it_after_a_few(redis_server, store, world):
    web = Bridge(redis_server.url)
    try:
        raw, answers_seen = raw_connects(web.url), []
        with pytest.raises((websocket.WebSocketConnectionClosedException, ConnectionError, websocket.WebSocketTimeoutException)):
            for _ in range(100):
                answers_seen.append(try_key(raw, world.world_id, "wrong"))
        assert answers_seen[:PER_CONNECTION] == ["unauthorized"] * PER_CONNECTION
        assert len(answers_seen) <= PER_CONNECTION + 3, answers_seen  # the close follows the refusal it ends on
    finally:
        web.stop()


def test_one_address_guessing_on_fresh_sockets_is_refused_unchecked(redis_server, store, world):
    web = Bridge(redis_server.url)
    try:
        codes = []
        for _ in range(PER_ADDRESS + 5):
            raw = raw_connects(web.url)
            codes.append(try_key(raw, world.world_id, "wrong"))
            raw.close()
        assert codes[:PER_ADDRESS] == ["unauthorized"] * PER_ADDRESS
        assert set(codes[PER_ADDRESS:]) == {"too_many_attempts"}
        raw = raw_connects(web.url)
        assert try_key(raw, world.world_id, world.gm_key) == "too_many_attempts"  # until the window has passed
        raw.close()
    finally:
        web.stop()


def test_a_gm_key_is_checked_as_a_keyed_digest_not_a_slow_hash(store, world):
    stored = store.world(world.world_id).gm_key_hash
    scheme, key_id, digest = stored.split("$")
    expected = hmac.new(store.keyring.key(key_id), f"gm-key\n{world.world_id}\n{world.gm_key}".encode(), hashlib.sha256).hexdigest()
    assert scheme == "hmac-sha256" and digest == expected
    assert store.keyring.gm_key_matches(world.world_id, world.gm_key, stored)
    assert not store.keyring.gm_key_matches(world.world_id, world.gm_key + "x", stored)
    assert not store.keyring.gm_key_matches("another-world", world.gm_key, stored)


def test_migrate_keeps_a_plain_gm_key_as_its_digest_and_moves_the_flagships_keys(store, connect, redis_server):
    """An earlier bridge kept a plain GM key, and Moment of Truth's ledger beside the world's keys."""
    world_id, plain = f"w-{uuid.uuid4().hex[:12]}", uuid.uuid4().hex
    store.redis.hset(world_key(world_id), mapping={"name": "Old", "gm_key": plain, "signing_secret": uuid.uuid4().hex,
                                                   "settings": json.dumps(default_settings()), "system": "moment_of_truth"})
    store.redis.sadd("vtt:worlds", world_id)
    store.redis.hset(f"{world_key(world_id)}:moments:balances", "ann", 3)
    migrated = cli(redis_server, "migrate")
    assert migrated.returncode == 0 and "the GM key is kept only as its digest" in migrated.stdout, migrated
    stored = store.redis.hgetall(world_key(world_id))
    assert "gm_key" not in stored and not any(plain in value for value in stored.values())
    assert store.keyring.gm_key_matches(world_id, plain, stored["gm_key_hash"])
    assert ledger.balances(store, world_id) == {"ann": 3}
    assert answers(connect(world=world_id, gm_key=plain))
    assert world_id not in cli(redis_server, "migrate").stdout  # once is enough


def test_migrate_drops_moment_of_claritys_own_turns(store, redis_server):
    """An earlier bridge kept Moment of Clarity's turns in its state document; the table's combat runs them now."""
    world = store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Clarity", default_settings())
    earlier = {"session": 1, "scene": 1, "drawn": [], "characters": {}, "opposed": {}, "card_pools": {},
               "turns": {"order": [["raphe"]], "turn": 0, "acting": ["raphe"], "moved": {"raphe": 3}}}
    store.redis.set(system_state_key(world.world_id, "moment_of_clarity"), json.dumps(earlier))
    migrated = cli(redis_server, "migrate")
    assert migrated.returncode == 0 and f"{world.world_id}: Moment of Clarity's own turns dropped" in migrated.stdout, migrated
    after = store.system_state(world.world_id, "moment_of_clarity")
    assert after == {**{key: value for key, value in earlier.items() if key != "turns"}, "moved": {}}
    assert world.world_id not in cli(redis_server, "migrate").stdout
