"""All state the bridge keeps, in Redis, behind one small interface.

Keys (``<w>`` is a world id):

- ``vtt:worlds``                        set of world ids
- ``vtt:world:<w>``                     hash: name, gm_key, settings (JSON), created_at
- ``vtt:world:<w>:actors:<user>``       set of actor ids the user owns
- ``vtt:answer:<w>:<user>:<event>:<request_id>``  the first answer (JSON)
- ``vtt:world:<w>:rolls``               stream: the roll log
- ``vtt:world:<w>:arsenal``             the world's own equipment by kind (JSON)
- ``vtt:world:<w>:moments``             the Moments of Truth ledger: balances and history (JSON)
- ``vtt:world:<w>:talent_uses``         this session's talent uses: ``{session, actors: {actor: {talent: uses}}}`` (JSON)
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

import redis

from .encoded import dumps

#: How long the first answer to a request id is kept, in seconds.
ANSWER_TTL_SECONDS = 7 * 24 * 3600
#: How long a request id stays claimed while its first answer is computed, in seconds.
CLAIM_TTL_SECONDS = 60
#: How often a repeated request polls for the first answer, in seconds.
CLAIM_POLL_SECONDS = 0.02
#: Roll-log entries kept per world (older ones are trimmed).
ROLL_LOG_MAX_ENTRIES = 10_000
#: Log entries read per Redis call when scanning for visible ones.
ROLL_LOG_PAGE = 200

_PENDING = "pending"

#: A world's fields that ``World`` holds, as ``HMGET`` reads them.
_WORLD_FIELDS = ("name", "gm_key", "settings")
#: Claim a request id (KEYS[1]) and read its world's fields (KEYS[2], ARGV[3:])
#: in one round trip: ``{1, values}`` when claimed, ``{0, {}}`` when it was
#: taken. ``HMGET``, not ``HGETALL``: redis-py parses each reply element in
#: Python, and every request makes a claim.
_CLAIM = """
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then return {0, {}} end
return {1, redis.call('HMGET', KEYS[2], unpack(ARGV, 3))}
"""


class UnknownWorld(LookupError):
    """No world with that id."""


class WorldExists(ValueError):
    """A world with that id already exists."""


@dataclass(frozen=True)
class World:
    """A world as stored; ``gm_key`` never leaves the bridge except to the CLI."""

    world_id: str
    name: str
    gm_key: str
    settings: dict[str, Any]


def new_gm_key() -> str:
    """A fresh GM key: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


class Store:
    """Reads and writes the bridge's state; one instance per process."""

    def __init__(self, redis_client: redis.Redis):
        self.redis = redis_client
        # .writes: the batch answer_once sends with its answer; .world: (world id, its fields) read with the claim
        self._pending = threading.local()
        self._claim = redis_client.register_script(_CLAIM)

    @classmethod
    def from_url(cls, url: str) -> "Store":
        return cls(redis.Redis.from_url(url, decode_responses=True))

    # -- worlds -----------------------------------------------------------

    def create_world(self, world_id: str, name: str, settings: dict[str, Any]) -> World:
        key = _world_key(world_id)
        fields = {
            "name": name,
            "gm_key": new_gm_key(),
            "settings": json.dumps(settings),
            "created_at": str(time.time()),
        }
        if not self.redis.hsetnx(key, "gm_key", fields["gm_key"]):
            raise WorldExists(world_id)
        self.redis.hset(key, mapping=fields)
        self.redis.sadd("vtt:worlds", world_id)
        return self.world(world_id)

    def world(self, world_id: str) -> World:
        """The world; inside ``answer_once`` for it, as read with the claim, without a round trip."""
        claimed = getattr(self._pending, "world", None)
        fields = claimed[1] if claimed and claimed[0] == world_id else self.redis.hmget(_world_key(world_id), _WORLD_FIELDS)
        if None in fields:
            raise UnknownWorld(world_id)
        name, gm_key, settings = fields
        return World(world_id, name, gm_key, json.loads(settings))

    def world_ids(self) -> list[str]:
        return sorted(self.redis.smembers("vtt:worlds"))

    def rotate_gm_key(self, world_id: str) -> World:
        """Replace the GM key; every player token signed with the old one dies."""
        self.world(world_id)
        self.redis.hset(_world_key(world_id), "gm_key", new_gm_key())
        return self.world(world_id)

    def save_settings(self, world_id: str, settings: dict[str, Any]) -> None:
        self.world(world_id)
        self.redis.hset(_world_key(world_id), "settings", json.dumps(settings))

    # -- actor ownership --------------------------------------------------

    def assign_actors(self, world_id: str, user: str, actor_ids: list[str]) -> None:
        """Make ``actor_ids`` exactly the actors ``user`` owns."""
        key = f"{_world_key(world_id)}:actors:{user}"
        with self.redis.pipeline() as pipe:
            pipe.delete(key)
            if actor_ids:
                pipe.sadd(key, *actor_ids)
            pipe.execute()

    def owns_actor(self, world_id: str, user: str, actor_id: str) -> bool:
        return bool(self.redis.sismember(f"{_world_key(world_id)}:actors:{user}", actor_id))

    # -- request ids ------------------------------------------------------

    def answer_once(self, scope: str, world_id: str, compute: Callable[[], dict]) -> dict:
        """The first answer stored under ``scope``, computing it only once.

        A repeat that arrives while the first is still being computed waits
        for it (at most ``CLAIM_TTL_SECONDS``). The claim also reads the
        world ``world_id``, which ``world`` then answers from.
        Writes ``compute`` makes that need no reply (the roll log) go to
        Redis with the answer, in one round trip, even when ``compute`` fails.
        """
        key = f"vtt:answer:{scope}"
        claimed, fields = self._claim(keys=[key, _world_key(world_id)], args=[_PENDING, CLAIM_TTL_SECONDS, *_WORLD_FIELDS])
        if not claimed:
            return self._await_answer(key)
        self._pending.world = (world_id, fields)
        self._pending.writes = writes = self.redis.pipeline(transaction=False)
        try:
            answer = compute()
            writes.set(key, dumps(answer), ex=ANSWER_TTL_SECONDS)
            return answer
        except BaseException:
            writes.delete(key)
            raise
        finally:
            self._pending.writes = self._pending.world = None
            writes.execute()

    def _await_answer(self, key: str) -> dict:
        deadline = time.monotonic() + CLAIM_TTL_SECONDS
        while time.monotonic() < deadline:
            stored = self.redis.get(key)
            if stored is None:
                raise TimeoutError("the first request with this id was abandoned")
            if stored != _PENDING:
                return json.loads(stored)
            time.sleep(CLAIM_POLL_SECONDS)
        raise TimeoutError("the first request with this id is still running")

    # -- roll log ---------------------------------------------------------

    def log_roll(self, world_id: str, entry: dict) -> None:
        """Append to the log; inside ``answer_once``, sent with the answer."""
        writes = getattr(self._pending, "writes", None)  # a Pipeline: falsy while empty
        (self.redis if writes is None else writes).xadd(
            f"{_world_key(world_id)}:rolls",
            {"entry": dumps(entry)},
            maxlen=ROLL_LOG_MAX_ENTRIES,
            approximate=True,
        )

    def recent_rolls(self, world_id: str, count: int, view: Callable[[dict], dict | None]) -> list[dict]:
        """The newest ``count`` entries as ``view`` shows them, oldest first.

        ``view`` returns None for an entry the reader may not see.
        """
        key, shown, newest = f"{_world_key(world_id)}:rolls", [], "+"
        while len(shown) < count:
            rows = self.redis.xrevrange(key, max=newest, count=ROLL_LOG_PAGE)
            if not rows:
                break
            views = (view(json.loads(fields["entry"])) for _, fields in rows)
            shown.extend(seen for seen in views if seen is not None)
            newest = f"({rows[-1][0]}"
        return list(reversed(shown[:count]))

    # -- health -----------------------------------------------------------

    def ping(self) -> bool:
        try:
            return bool(self.redis.ping())
        except redis.RedisError:
            return False

    # -- equipment --------------------------------------------------------

    def arsenal(self, world_id: str) -> dict[str, list[dict]]:
        """The world's own equipment, ``{kind: [item, ...]}`` (``{}``: none yet)."""
        stored = self.redis.get(f"{_world_key(world_id)}:arsenal")
        return json.loads(stored) if stored else {}

    def save_arsenal(self, world_id: str, items: dict[str, list[dict]]) -> None:
        self.redis.set(f"{_world_key(world_id)}:arsenal", json.dumps(items))

    # -- Moments of Truth and talent uses ----------------------------------

    def moments(self, world_id: str) -> tuple[dict | None, dict | None]:
        """The world's ledger and talent uses as stored (None: none yet)."""
        return _loaded(self.redis.mget(_moments_keys(world_id)))

    def change_moments(self, world_id: str, change: Callable[[Any, Any], tuple[dict, dict, Any]]) -> Any:
        """Save the ledger and talent uses ``change(ledger, uses)`` returns, and
        return its third value. Atomic: when another request changes them
        first (WATCH), ``change`` runs again on the new values; if it
        raises, nothing is saved."""
        keys = _moments_keys(world_id)
        with self.redis.pipeline() as pipe:
            for _ in range(MOMENTS_ATTEMPTS):
                try:
                    pipe.watch(*keys)
                    ledger, uses, answer = change(*_loaded(pipe.mget(keys)))
                    pipe.multi()
                    pipe.mset({keys[0]: json.dumps(ledger), keys[1]: json.dumps(uses)})
                    pipe.execute()
                    return answer
                except redis.WatchError:
                    continue
        raise RuntimeError(f"the Moments of Truth of {world_id} kept changing under {MOMENTS_ATTEMPTS} attempts")


def _world_key(world_id: str) -> str:
    return f"vtt:world:{world_id}"


#: Tries at changing the Moments of Truth before giving up on a busy world.
MOMENTS_ATTEMPTS = 100


def _moments_keys(world_id: str) -> tuple[str, str]:
    return f"{_world_key(world_id)}:moments", f"{_world_key(world_id)}:talent_uses"


def _loaded(stored: list[str | None]) -> tuple[Any, ...]:
    return tuple(json.loads(value) if value else None for value in stored)
