"""The token handoff through the real bridge (docs/protocol.md, Token handoff): the GM's client offers a
digest for a user over Socket.IO, the player's page redeems the secret with ``POST /handoff``. The secret
and digest come from the Foundry module's own code (plugin/scripts/handoff.js, run by node), with
WebCrypto and without it. A second player who heard everything the table carries tries to become the first."""

from __future__ import annotations

import json
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from ..plugin.test_plugin_node import node
from ..wire.test_bridge import refusal

ROOT = Path(__file__).resolve().parents[2]

#: The page's secret and digest as the module makes them; argv[1] "insecure": no crypto.subtle (plain http).
SECRET = """
const insecure = process.argv[1] === "insecure";
if (insecure) { const real = globalThis.crypto; Object.defineProperty(globalThis, "crypto", { value: { getRandomValues: (b) => real.getRandomValues(b) } }); }
const { digestOf, newSecret } = await import("./plugin/scripts/handoff.js");
const secret = newSecret();
console.log(JSON.stringify({ secret, digest: await digestOf(secret), subtle: Boolean(globalThis.crypto.subtle) }));
"""


def page_secret(insecure: bool) -> dict:
    run = subprocess.run([node(), "--input-type=module", "-e", SECRET, "insecure" if insecure else "secure"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, check=True)
    made = json.loads(run.stdout)
    assert made["subtle"] is not insecure
    return made


def redeem(bridge, body, origin: str | None = None) -> tuple[int, dict, dict]:
    """``POST /handoff``: status, answer, headers."""
    headers = {"Content-Type": "application/json", **({"Origin": origin} if origin else {})}
    sent = urllib.request.Request(f"{bridge.url}/handoff", data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(sent, timeout=10) as answer:
            return answer.status, json.loads(answer.read()), dict(answer.headers)
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read()), dict(refused.headers)


@pytest.mark.parametrize("insecure", [True, False], ids=["without crypto.subtle", "with crypto.subtle"])
def test_the_player_redeems_the_secret_behind_the_digest_the_gm_offered_and_connects_as_itself(bridge, world, gm, connect, insecure):
    made = page_secret(insecure)
    offered = gm.request("token.offer", user="allison", digest=made["digest"])
    assert offered["ok"], offered
    assert offered["result"]["user"] == "allison"
    status, answer, _ = redeem(bridge, {"world": world.world_id, "user": "allison", "secret": made["secret"]})
    assert status == 200, answer
    assert answer["user"] == "allison"
    player = connect(world=world.world_id, token=answer["token"])
    ready = player.wait_for("session.ready")
    assert (ready["user"], ready["role"]) == ("allison", "player")
    # Used once: the same secret again redeems nothing.
    assert redeem(bridge, {"world": world.world_id, "user": "allison", "secret": made["secret"]})[0] == 403


def test_a_second_player_who_heard_the_exchange_cannot_connect_as_the_first(bridge, world, gm, connect, player_for):
    made = page_secret(insecure=True)
    seamus = player_for("seamus")
    # What the table carries: Allison's user id and digest, and the GM's offer of it.
    assert gm.request("token.offer", user="allison", digest=made["digest"])["ok"]
    heard = made["digest"]
    # Seamus may not offer (GM only), not even to himself for her digest or his own.
    for digest in (heard, "0" * 64):
        answer = seamus.request("token.offer", user="seamus", digest=digest)
        assert (answer["ok"], answer["error"]["code"]) == (False, "forbidden")
    # The digest is no secret and no token: redeeming or connecting with it fails, for her or for him.
    for user in ("allison", "seamus"):
        status, answer, _ = redeem(bridge, {"world": world.world_id, "user": user, "secret": heard})
        assert (status, answer["code"]) == (403, "unauthorized")
    assert refusal(bridge, world=world.world_id, token=heard)["code"] == "unauthorized"
    # The GM offering it again (say Seamus copied her digest into his own User) is refused: the first offer stands.
    again = gm.request("token.offer", user="seamus", digest=heard)
    assert (again["ok"], again["error"]["fields"]) == (False, {"digest": ["already offered"]})
    # She still redeems hers, and only she.
    status, answer, _ = redeem(bridge, {"world": world.world_id, "user": "allison", "secret": made["secret"]})
    assert (status, answer["user"]) == (200, "allison")
    assert connect(world=world.world_id, token=answer["token"]).wait_for("session.ready")["user"] == "allison"


def test_a_secret_redeemed_for_another_user_than_offered_is_refused_and_used_up(bridge, world, gm):
    made = page_secret(insecure=False)
    assert gm.request("token.offer", user="allison", digest=made["digest"])["ok"]
    assert redeem(bridge, {"world": world.world_id, "user": "seamus", "secret": made["secret"]})[0] == 403
    assert redeem(bridge, {"world": world.world_id, "user": "allison", "secret": made["secret"]})[0] == 403


def test_bad_redemptions_are_refused_by_field(bridge, world):
    status, answer, _ = redeem(bridge, {"world": world.world_id, "user": "a b", "secret": "XYZ"})
    assert status == 400
    assert answer["code"] == "invalid"
    assert set(answer["fields"]) == {"user", "secret"}
    status, answer, _ = redeem(bridge, {"world": "no-such-world", "user": "allison", "secret": "0" * 64})
    assert (status, answer["code"]) == (403, "unauthorized")


def test_a_bad_offer_is_refused_by_field(gm):
    answer = gm.request("token.offer", user="allison", digest="not hex")
    assert (answer["ok"], list(answer["error"]["fields"])) == (False, ["digest"])


def test_a_foundry_page_may_read_the_answer_its_origin_allowed_and_no_other(bridge, world):
    body = {"world": world.world_id, "user": "allison", "secret": "0" * 64}
    assert redeem(bridge, body, origin="http://localhost:30000")[2]["Access-Control-Allow-Origin"] == "http://localhost:30000"
    assert "Access-Control-Allow-Origin" not in redeem(bridge, body, origin="http://evil.example")[2]
    preflight = urllib.request.Request(f"{bridge.url}/handoff", method="OPTIONS",
                                       headers={"Origin": "http://localhost:30000", "Access-Control-Request-Method": "POST"})
    with urllib.request.urlopen(preflight, timeout=10) as answer:
        assert answer.status == 204
        assert answer.headers["Access-Control-Allow-Methods"] == "POST"
