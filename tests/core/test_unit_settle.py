"""``bridge.table.work.settle`` on a real Redis: a job's table change, log entries
and pushes are written together, once, whatever runs of the job there are."""

from __future__ import annotations

import uuid

import pytest

from bridge.table.auth import Identity, Role
from bridge.table.store import RECEIPT_TTL_SECONDS, Store, receipt_key
from bridge.table.work import Work, settle


def card(fields: dict) -> dict:
    """A roll-log entry everyone sees, with ``fields``."""
    return {"roll_id": "r1", "visibility": "public", "user": "gm", "whisper_to": [], **fields}


def hurt(token_id: str, damage: int, also=lambda: None):
    """A job's run: one token takes ``damage``, its card is logged, one push tells of it."""

    def run(work: Work) -> list:
        def change(read):
            also()
            state = read.token_states()[token_id]
            after = {**state, "damage": state["damage"] + damage, "version": state["version"] + 1}
            return {token_id: after}, None, after

        after = work.change_table([token_id], None, change)
        work.log(card({"damage": damage}))
        return [["token.changed", after, f"world:{work.world_id}"]]

    return run


def once(store: Store, world_id: str, job: str, run) -> list:
    """The job's pushes: its receipt if written, else ``run``'s, made once."""
    key = receipt_key(job)
    stored = store.receipt(key)
    if stored is not None:
        return stored
    gm = Identity(world_id, "gm", Role.GM)
    return settle(store, lambda _: Work(store, gm), run, key, RECEIPT_TTL_SECONDS)[1]


@pytest.fixture
def job() -> str:
    return f"job-{uuid.uuid4().hex}"


@pytest.fixture
def token(store, world):
    store.redis.hset(f"vtt:world:{world.world_id}:tokens", "t1", '{"damage": 0, "version": 1}')
    return world.world_id, "t1"


def logged(store: Store, world_id: str) -> list[dict]:
    return [link.entry for link in store.rolls_seen(world_id, None, 10)]


def test_a_second_run_gets_the_first_runs_pushes_and_changes_nothing(store, token, job):
    world_id, token_id = token
    first = once(store, world_id, job, hurt(token_id, 3))
    again = once(store, world_id, job, hurt(token_id, 5))
    assert first == again == [["token.changed", {"damage": 3, "version": 2}, f"world:{world_id}"]]
    assert store.tokens(world_id, [token_id])[token_id] == {"damage": 3, "version": 2}
    assert logged(store, world_id) == [card({"damage": 3})]


def test_a_run_racing_another_gets_the_receipt_of_the_one_written_first(store, token, job):
    """Two runs of one job (a retry beside a worker thought dead): the second to write finds the receipt."""
    world_id, token_id = token
    gm = Identity(world_id, "gm", Role.GM)
    key = receipt_key(job)

    def slow(work: Work) -> list:
        pushes = hurt(token_id, 5)(work)
        once(store, world_id, job, hurt(token_id, 3))  # the other run writes first
        return pushes

    written, pushes = settle(store, lambda _: Work(store, gm), slow, key, RECEIPT_TTL_SECONDS)
    assert written is None and pushes[0][1] == {"damage": 3, "version": 2}
    assert store.tokens(world_id, [token_id])[token_id] == {"damage": 3, "version": 2}


def test_a_change_made_meanwhile_runs_the_job_again_on_fresh_reads(store, token, job):
    world_id, token_id = token
    key = f"vtt:world:{world_id}:tokens"
    interfered = []

    def interfere():
        if not interfered:
            interfered.append(True)
            store.redis.hset(key, token_id, '{"damage": 10, "version": 2}')

    pushes = once(store, world_id, job, hurt(token_id, 3, also=interfere))
    assert pushes[0][1] == {"damage": 13, "version": 3}
    assert store.tokens(world_id, [token_id])[token_id] == {"damage": 13, "version": 3}
    assert logged(store, world_id) == [card({"damage": 3})]
    assert store.redis.lrange(f"vtt:world:{world_id}:token_history:{token_id}", 0, -1) == ['{"damage": 10, "version": 2}']


def test_a_run_that_raises_writes_nothing(store, token, job):
    world_id, token_id = token

    def fails(work: Work):
        hurt(token_id, 3)(work)
        raise ValueError("a bug in the rules")

    with pytest.raises(ValueError):
        once(store, world_id, job, fails)
    assert store.tokens(world_id, [token_id])[token_id] == {"damage": 0, "version": 1}
    assert logged(store, world_id) == [] and store.receipt(receipt_key(job)) is None
    assert once(store, world_id, job, hurt(token_id, 2))[0][1]["damage"] == 2


def test_two_changes_in_one_unit_compose_and_are_written_once(store, token, job):
    """The second change sees the first; the undo history gets the state before the work, once."""
    world_id, token_id = token

    def twice(work: Work) -> list:
        hurt(token_id, 1)(work)
        return hurt(token_id, 2)(work)

    assert once(store, world_id, job, twice)[0][1] == {"damage": 3, "version": 3}
    assert store.tokens(world_id, [token_id])[token_id] == {"damage": 3, "version": 3}
    assert store.redis.lrange(f"vtt:world:{world_id}:token_history:{token_id}", 0, -1) == ['{"damage": 0, "version": 1}']
    assert logged(store, world_id) == [card({"damage": 1}), card({"damage": 2})]
