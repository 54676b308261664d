"""A player's ``roll.log`` reads what the player sees, not the whole log:
3,000 entries hidden from them cost nothing. The cost is the bytes in and
out of Redis per request, as in tests/core/test_bounded_state.py."""

from __future__ import annotations

import uuid

import pytest

from bridge.encoded import Encoded
from bridge.schemas.settings import default_settings
from bridge.table.store import Commit, Store
from bridge.table.visibility import readers

from ..table import TableClient
from ..wire.test_bridge import SKILL_ROLL
from .test_bounded_state import SLACK_BYTES, _cost, alone  # noqa: F401 (a fixture)

#: Entries hidden from the player: about what the issue measured (3,069).
HIDDEN = 3_000


def _hide(store: Store, world_id: str, card: dict, count: int) -> None:
    """Log ``count`` copies of the GM's card ``card`` through the bridge's own write."""
    commit = Commit()
    copies = [{**card, "roll_id": uuid.uuid4().hex} for _ in range(count)]
    commit.log(world_id, store.log_head(world_id), [(Encoded(copy).json, copy, readers(copy)) for copy in copies])
    assert store.commit(commit) == "written"


@pytest.mark.parametrize("hidden_as", ["blind", "whisper"])
def test_a_players_roll_log_costs_the_same_with_thousands_of_entries_hidden_from_them(alone, hidden_as):  # noqa: F811
    server, web = alone
    store = Store.from_url(server.url)
    world = store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Long campaign", default_settings())
    gm = TableClient(web.url, {"world": world.world_id, "gm_key": world.gm_key})
    try:
        token = gm.request("token.mint", user="pat")["result"]["token"]
        assert gm.request("actors.assign", user="pat", actor_ids=["hero"])["ok"]
        pat = TableClient(web.url, {"world": world.world_id, "token": token})
        try:
            for _ in range(5):
                assert pat.request("roll", **SKILL_ROLL)["ok"]
            hidden = gm.request("roll", visibility=hidden_as, whisper_to=["gm"] if hidden_as == "whisper" else [], **SKILL_ROLL)
            assert hidden["ok"], hidden
            log = lambda: pat.request("roll.log", limit=50)  # noqa: E731
            assert len(log()["result"]["rolls"]) == 5
            fresh = _cost(store.redis, log)
            _hide(store, world.world_id, hidden["result"], HIDDEN)
            assert len(log()["result"]["rolls"]) == 5
            grown = _cost(store.redis, log)
        finally:
            pat.close()
    finally:
        gm.close()
    assert grown <= fresh * 1.1 + SLACK_BYTES, (fresh, grown)
