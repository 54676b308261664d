"""``Store.once`` on a real Redis: a job's table change, log entries and
pushes are written together, once, whatever runs of the job there are."""

from __future__ import annotations

import uuid

import pytest

from bridge.store import Store


def hurt(store: Store, world_id: str, token_id: str, damage: int, also=lambda: None):
    """A job's run: one token takes ``damage``, its card is logged, one push tells of it."""

    def run() -> list:
        def change(read):
            also()
            state = read.token_states()[token_id]
            after = {**state, "damage": state["damage"] + damage, "version": state["version"] + 1}
            return {token_id: after}, None, after

        after = store.change_table(world_id, [token_id], None, change)
        store.log_roll(world_id, {"damage": damage})
        return [["token.changed", after, f"world:{world_id}"]]

    return run


@pytest.fixture
def job() -> str:
    return f"job-{uuid.uuid4().hex}"


@pytest.fixture
def token(store, world):
    store.redis.hset(f"vtt:world:{world.world_id}:tokens", "t1", '{"damage": 0, "version": 1}')
    return world.world_id, "t1"


def logged(store: Store, world_id: str) -> list[dict]:
    return store.recent_rolls(world_id, 10, lambda entry: entry)


def test_a_second_run_gets_the_first_runs_pushes_and_changes_nothing(store, token, job):
    world_id, token_id = token
    first = store.once(world_id, job, hurt(store, world_id, token_id, 3))
    again = store.once(world_id, job, hurt(store, world_id, token_id, 5))
    assert first == again == [["token.changed", {"damage": 3, "version": 2}, f"world:{world_id}"]]
    assert store.tokens(world_id, [token_id])[token_id] == {"damage": 3, "version": 2}
    assert logged(store, world_id) == [{"damage": 3}]


def test_a_change_made_meanwhile_runs_the_job_again_on_fresh_reads(store, token, job):
    world_id, token_id = token
    key = f"vtt:world:{world_id}:tokens"
    interfered = []

    def interfere():
        if not interfered:
            interfered.append(True)
            store.redis.hset(key, token_id, '{"damage": 10, "version": 2}')

    pushes = store.once(world_id, job, hurt(store, world_id, token_id, 3, also=interfere))
    assert pushes[0][1] == {"damage": 13, "version": 3}
    assert store.tokens(world_id, [token_id])[token_id] == {"damage": 13, "version": 3}
    assert logged(store, world_id) == [{"damage": 3}]


def test_a_run_that_raises_writes_nothing(store, token, job):
    world_id, token_id = token

    def fails():
        hurt(store, world_id, token_id, 3)()
        raise ValueError("the rules refused")

    with pytest.raises(ValueError):
        store.once(world_id, job, fails)
    assert store.tokens(world_id, [token_id])[token_id] == {"damage": 0, "version": 1}
    assert logged(store, world_id) == [] and store.redis.get(f"vtt:receipt:{job}") is None
    assert store.once(world_id, job, hurt(store, world_id, token_id, 2))[0][1]["damage"] == 2


def test_a_job_changes_the_table_once_per_run(store, token, job):
    world_id, token_id = token

    def twice():
        hurt(store, world_id, token_id, 1)()
        return hurt(store, world_id, token_id, 1)()

    with pytest.raises(RuntimeError, match="once"):
        store.once(world_id, job, twice)
