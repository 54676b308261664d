"""Nobody outside the table can stop eviction, and no ended credential acts
(issue 38, item 1), attacked as an outsider and as a revoked player would:
an Engine.IO handshake left hanging, then a revocation and a rotation the
bridge never heard of, with the connections still open."""

from __future__ import annotations

import http.client
import json
import time

from bridge.protocol import ErrorCode, RequestError
from bridge.table.auth import Admission, Identity, Role
from bridge.table.work import Work
from bridge.transport.connections import HANDSHAKE_SECONDS, WATCH_SECONDS
from bridge.transport.standing import require

from ..services import Bridge, wait_until
from ..table import TableClient
from .test_keys_and_tokens import closed

#: Bound of each hostile test's waits, in seconds.
ATTACK_SECONDS = 30


def hang_a_polling_handshake(url: str) -> str:
    """Open an Engine.IO long-polling session and never poll it again; its sid."""
    host, port = url.removeprefix("http://").split(":")
    opening = http.client.HTTPConnection(host, int(port), timeout=5)
    opening.request("GET", "/socket.io/?EIO=4&transport=polling")
    sid = json.loads(opening.getresponse().read().decode()[1:])["sid"]
    opening.close()
    return sid


def test_a_hanging_polling_handshake_does_not_switch_eviction_off(redis_server, store, world):
    web = Bridge(redis_server.url)
    try:
        gm = TableClient(web.url, {"world": world.world_id, "gm_key": world.gm_key})
        alice = TableClient(web.url, {"world": world.world_id, "token": gm.request("token.mint", user="alice")["result"]["token"]})
        hang_a_polling_handshake(web.url)
        time.sleep(HANDSHAKE_SECONDS + 4 * WATCH_SECONDS)  # the sweep has met the hanging handshake
        assert gm.request("token.revoke", user="alice")["ok"]
        assert closed(alice)
        late = TableClient(web.url, {"world": world.world_id, "gm_key": world.gm_key})
        store.rotate_gm_key(world.world_id)
        store.redis.publish("vtt-bridge:credentials", json.dumps({"world": world.world_id, "user": None}))
        assert closed(late) and closed(gm)
    finally:
        web.stop()


def test_a_revocation_the_bridge_never_heard_refuses_the_players_next_request(bridge, store, world, gm, player_for):
    alice = player_for("alice")
    assert alice.request("ping", echo=1)["ok"]
    store.revoke_tokens(world.world_id, "alice")  # in Redis, unannounced: the connection stays open
    refused = alice.request("ping", echo=2)
    assert refused["error"]["code"] == "unauthorized", refused
    assert alice.request("dice.roll", faces=6, number=2)["error"]["code"] == "unauthorized"


def test_a_gm_connected_with_the_old_key_mints_nothing_after_an_unheard_rotation(bridge, store, world, gm):
    store.rotate_gm_key(world.world_id)  # unannounced
    minted = gm.request("token.mint", user="mallory")
    assert not minted["ok"] and minted["error"]["code"] == "unauthorized", minted


def test_a_request_after_the_tokens_expiry_is_refused_whatever_the_connection(store, world):
    identity = Identity(world.world_id, "alice", Role.PLAYER)
    work = Work(store, identity)
    grounds = (work.world.signing_secret, store.token_generation(world.world_id, "alice"))
    require(work, Admission(identity, int(time.time()) + 60, grounds))  # still good
    try:
        require(work, Admission(identity, int(time.time()) - 1, grounds))
    except RequestError as refused:
        assert refused.code is ErrorCode.TOKEN_EXPIRED
    else:
        raise AssertionError("an expired token's request was let through")


def test_many_hanging_handshakes_are_all_closed_within_the_limit(bridge):
    sids = [hang_a_polling_handshake(bridge.url) for _ in range(20)]
    host, port = bridge.url.removeprefix("http://").split(":")

    def gone(sid) -> bool:
        probe = http.client.HTTPConnection(host, int(port), timeout=5)
        probe.request("POST", f"/socket.io/?EIO=4&transport=polling&sid={sid}", body="3", headers={"Content-Type": "text/plain"})
        status = probe.getresponse().status
        probe.close()
        return status == 400  # Engine.IO: no such session

    wait_until(lambda: all(gone(sid) for sid in sids), timeout=ATTACK_SECONDS, what="every hanging handshake to be closed")
