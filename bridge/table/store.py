"""All state the bridge keeps, in Redis: plain data access.

Reads; the claim of a request id (``claim``); and ``commit``, the one way a
request or a job changes the world's tokens, combats and rule systems'
state: one compare-and-set of what a ``bridge.table.work.Work``
read, with its roll-log entries and its answer or receipt.

Keys (``<w>`` is a world id):

- ``vtt:worlds``                        set of world ids
- ``vtt:world:<w>``                     hash: name, gm_key_hash (a keyed digest), signing_epoch, settings (JSON), system,
                                        created_at; no secret (``bridge.table.keyring``: they derive from the server's keys)
- ``vtt:world:<w>:token_generations``   hash: user -> how many times the GM revoked the user's tokens
- ``vtt:world:<w>:actors:<user>``       set of actor ids the user owns
- ``vtt:world:<w>:seats``               hash: user id -> the role it first connected with (gm, player)
- ``vtt:answer:<w>:<user>:<event>:<request_id>``  the first answer (JSON)
- ``vtt:world:<w>:rolls``               stream: the roll log, chained (``bridge.table.chain``): entry (JSON), roll id, salt, prev, link
- ``vtt:world:<w>:rolls:head``          the newest entry's link
- ``vtt:world:<w>:rolls:trimmed``       the link of the newest entry trimmed away (none: the chain starts at its genesis)
- ``vtt:world:<w>:rolls:seen:public``   stream: log ids of the entries everyone sees
- ``vtt:world:<w>:rolls:seen:user:<u>`` stream: log ids of the other entries user ``u`` sees (whole or as a notice)
- ``vtt:world:<w>:card:<roll_id>``      the log id of card ``roll_id`` (expires)
- ``vtt:world:<w>:tokens``              hash: token id -> the token (JSON): ``token_id``, ``actor_id``, ``name``,
                                        ``scene_id`` and ``version`` are the table's; every other field is its system's
- ``vtt:world:<w>:token_history:<t>``   list: token ``t``'s earlier states, newest first (JSON), for undo
- ``vtt:world:<w>:combats``             hash: scene id -> the scene's combat (JSON): ``scene_id``, ``combatants``
                                        (each ``{token_id, seat}``), ``order`` (seats), ``turn``, ``round`` and
                                        ``version`` are the table's; every other field is its system's
- ``vtt:world:<w>:positions``           hash: token id -> its square on the standalone map ``{x, y, version}`` (JSON)
- ``vtt:world:<w>:system:<s>``          rule system ``s``'s state document (JSON)
- ``vtt:world:<w>:system:<s>:<name>``   any other key of rule system ``s`` (``system_key``): the system names and shapes it
- ``vtt:world:<w>:scenes``              hash: scene id -> its map background and token images (JSON)
- ``vtt:receipt:<job>``                 a job's pushes, written with its effects (JSON; see ``bridge.table.work``)
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import redis

from ..encoded import dumps, loads
from ..systems import DEFAULT_SYSTEM
from . import chain, keys
from .keyring import Keyring

#: How long the first answer to a request id is kept, in seconds: a client's
#: retries (after a reconnect) come within it; a later send of the id is a new
#: request. Short, and evicted first when Redis is full (``bridge.service.embedded_redis``).
ANSWER_TTL_SECONDS = 600
#: The largest answer kept for retries, in bytes of JSON; a larger one is
#: kept as a short ``answer_not_kept`` refusal (``bridge.table.work.answer_once``).
ANSWER_MAX_BYTES = 16 * 1024
#: How long a request id stays claimed while its first answer is computed, in seconds.
CLAIM_TTL_SECONDS = 60
#: How often a repeated request polls for the first answer, in seconds.
CLAIM_POLL_SECONDS = 0.02
#: How long a job's receipt is kept (longer than any retry of it), in seconds.
RECEIPT_TTL_SECONDS = 24 * 3600
#: Roll-log entries kept per world (older ones are trimmed).
ROLL_LOG_MAX_ENTRIES = 10_000
#: How long a logged card can be found by its id (``Store.card``), in seconds.
CARD_INDEX_TTL_SECONDS = 30 * 24 * 3600
#: Earlier states kept per token for undo.
TOKEN_HISTORY_MAX = 50
#: Connections a process keeps to Redis: about the requests and jobs it runs at once.
POOL_CONNECTIONS = 200
#: How long a call waits for a free connection when all are busy, in seconds, before it fails.
POOL_WAIT_SECONDS = 5
#: The combat a table change returns when it leaves the combat as read: kept, never decoded to compare.
AS_READ: Any = object()

#: What a claimed request id holds until its answer is written.
PENDING = "pending"

#: A world's fields that ``World`` holds, as ``HMGET`` reads them.
_WORLD_FIELDS = ("name", "gm_key_hash", "settings", "system", "signing_epoch")

#: Write only if what was read is still what is stored. One argument, a
#: JSON document (``_Commit`` builds it); KEYS: every key it names.
#: ``expect``: ``{key, field?, value}`` (``value`` null: absent; a field: in
#: a hash; ``head``: a list's first item) or ``{key, hash}``: the whole hash, field by field;
#: ``receipt``: ``{key, value, ttl, replaces}``, set unless the key holds a
#: value other than ``replaces`` (a request's claim, or none);
#: ``writes``: ``{op, key, ...}`` in order (see ``_WRITE``).
#: Returns ``{"status": "written" | "conflict" | "receipted"}`` as JSON.
_COMMIT = f"""
local doc = cjson.decode(ARGV[1])
local function answer(status) return cjson.encode({{status = status}}) end
local receipt = doc.receipt
if receipt then
  local stored = redis.call('GET', receipt.key)
  if stored and stored ~= (receipt.replaces or '') then return answer('receipted') end
end
for _, expected in ipairs(doc.expect or {{}}) do
  if expected.hash then
    local stored = redis.call('HGETALL', expected.key)
    local count = 0
    for field, value in pairs(expected.hash) do
      count = count + 1
      if redis.call('HGET', expected.key, field) ~= value then return answer('conflict') end
    end
    if #stored ~= 2 * count then return answer('conflict') end
  else
    local stored
    if expected.field then stored = redis.call('HGET', expected.key, expected.field)
    elseif expected.head then stored = redis.call('LINDEX', expected.key, 0)
    else stored = redis.call('GET', expected.key) end
    local want = expected.value
    if want == cjson.null then want = false end
    if stored ~= want then return answer('conflict') end
  end
end
for _, write in ipairs(doc.writes or {{}}) do
  local op, key = write.op, write.key
  if op == 'hset' then redis.call('HSET', key, write.field, write.value)
  elseif op == 'hdel' then redis.call('HDEL', key, write.field)
  elseif op == 'set' then redis.call('SET', key, write.value)
  elseif op == 'del' then redis.call('DEL', key)
  elseif op == 'sadd' then redis.call('SADD', key, write.value)
  elseif op == 'pop' then redis.call('LPOP', key)
  elseif op == 'push' then
    redis.call('LPUSH', key, write.value)
    redis.call('LTRIM', key, 0, write.keep - 1)
  elseif op == 'append' then
    redis.call('RPUSH', key, write.value)
    redis.call('LTRIM', key, -write.keep, -1)
  elseif op == 'log' then
    local id = redis.call('XADD', key, '*', 'entry', write.value, 'roll', write.roll, 'salt', write.salt,
                          'prev', write.prev, 'link', write.link)
    redis.call('SET', write.card, id, 'EX', {CARD_INDEX_TTL_SECONDS})
    redis.call('SET', write.head, write.link)
    for _, seen in ipairs(write.seen) do
      redis.call('XADD', seen, 'MAXLEN', '~', {ROLL_LOG_MAX_ENTRIES}, '*', 'id', id)
    end
    local over = redis.call('XLEN', key) - {ROLL_LOG_MAX_ENTRIES}
    if over > 0 then
      for _, old in ipairs(redis.call('XRANGE', key, '-', '+', 'COUNT', over)) do
        local stored = {{}}
        for i = 1, #old[2], 2 do stored[old[2][i]] = old[2][i + 1] end
        redis.call('SET', write.trimmed, stored.link or '')
        redis.call('XDEL', key, old[1])
      end
    end
  else return redis.error_reply('unknown write ' .. tostring(op)) end
end
if receipt then redis.call('SET', receipt.key, receipt.value, 'EX', receipt.ttl) end
return answer('written')
"""


#: The ids among ``tokens`` (one argument, JSON: ``{tokens: [id, ...]}``)
#: the tokens hash (KEYS[1]) does not hold. Returns JSON: ``{untracked: [id, ...]}``.
_UNTRACKED = """
local missing = {}
for _, token_id in ipairs(cjson.decode(ARGV[1]).tokens) do
  if redis.call('HEXISTS', KEYS[1], token_id) == 0 then missing[#missing + 1] = token_id end
end
return cjson.encode({untracked = missing})
"""


@dataclass(frozen=True)
class RequestRead:
    """What ``Store.read_request`` read: the kept answer (None: none), the
    event the id was bound to before (None: this one, just now), the world's
    fields, the sender's token generation, the roll log's head (None: no entry
    yet) and the fight (None: none asked)."""

    kept: str | None
    bound_to: str | None
    world: list
    generation: int
    log_head: str | None
    fight: dict | None


@dataclass(frozen=True)
class TableRead:
    """Tokens (by id) and a scene's combat as read, raw JSON (None: absent)."""

    tokens: dict[str, str | None]
    combat: str | None
    scene_id: str | None

    def token_states(self) -> dict[str, dict]:
        """The tracked tokens' states."""
        return {token_id: loads(state) for token_id, state in self.tokens.items() if state}

    @cached_property
    def combat_state(self) -> dict | None:
        """The combat as a dict, decoded once (the read and the write's compare
        both need it); read-only, like the read."""
        return loads(self.combat) if self.combat else None


def combat_action(read: TableRead, combat_after: dict | None) -> str:
    """What the write does with the scene's combat (``AS_READ``: as read): 'keep', 'set' or 'del'."""
    if read.scene_id is None or combat_after is AS_READ or combat_after == read.combat_state:
        return "keep"
    return "del" if combat_after is None else "set"


class Commit:
    """The document ``_COMMIT`` runs: what must still be stored, then the writes."""

    def __init__(self):
        self.keys: dict[str, None] = {}
        self.doc: dict[str, Any] = {"expect": [], "writes": []}

    def expect(self, key: str, value: str | None, field: str | None = None, head: bool = False) -> None:
        """``key`` (``field``: a hash's field; ``head``: a list's first item) still holds ``value`` (None: nothing)."""
        self.keys[key] = None
        where = {"field": field} if field is not None else {"head": True} if head else {}
        self.doc["expect"].append({"key": key, "value": value} | where)

    def expect_hash(self, key: str, fields: dict[str, str]) -> None:
        self.keys[key] = None
        self.doc["expect"].append({"key": key, "hash": fields})

    def write(self, op: str, key: str, **arguments) -> None:
        self.keys[key] = None
        self.doc["writes"].append({"op": op, "key": key, **arguments})

    def receipt(self, key: str, value: str, ttl: int, replaces: str = "") -> None:
        self.keys[key] = None
        self.doc["receipt"] = {"key": key, "value": value, "ttl": ttl, "replaces": replaces}

    def table(self, world_id: str, tokens: dict[str, list], combats: dict[str, list], undone: dict[str, str]) -> None:
        """Tokens and combats (by token id, by scene id: ``[text read, text now]``,
        None: absent) as read, then as changed; each changed token's state
        before goes to its undo history, but an undone one's (``undone``: the
        state it went back to, as its history's first) leaves it."""
        tokens_key, combats_key = _tokens_key(world_id), _combats_key(world_id)
        for token_id, (read, _) in tokens.items():
            self.expect(tokens_key, read, token_id)
        for scene_id, (read, _) in combats.items():
            self.expect(combats_key, read, scene_id)
        for token_id, earlier in undone.items():
            self.expect(_token_history_key(world_id, token_id), earlier, head=True)
            self.write("pop", _token_history_key(world_id, token_id))
        for token_id, (read, now) in tokens.items():
            if now != read:
                self.write("hset", tokens_key, field=token_id, value=now)
                if read is not None and token_id not in undone:
                    self.write("push", _token_history_key(world_id, token_id), value=read, keep=TOKEN_HISTORY_MAX)
        for scene_id, (read, now) in combats.items():
            if now is None and read is not None:
                self.write("hdel", combats_key, field=scene_id)
            elif now != read:
                self.write("hset", combats_key, field=scene_id, value=now)

    def log(self, world_id: str, head: str | None, entries: list[tuple[str, dict, list[str] | None]]) -> None:
        """Entries (``(text, entry, readers)``, ``readers``: None for everyone,
        else the users who see it besides the GM) chained after ``head``, the
        newest link as read (None: the world's genesis): the head must not
        have moved since."""
        keys = _roll_keys(world_id)
        self.expect(keys["head"], head)
        prev = head or chain.genesis(world_id)
        for text, entry, readers in entries:
            salt = chain.new_salt()
            linked = chain.link(prev, chain.commitment(salt, entry))
            seen = [keys["public"]] if readers is None else [seen_by_key(world_id, user) for user in readers]
            card = _card_key(world_id, entry["roll_id"])
            for key in (card, keys["head"], keys["trimmed"], *seen):
                self.keys[key] = None
            self.write("log", keys["log"], value=text, roll=entry["roll_id"], salt=salt, prev=prev, link=linked,
                       seen=seen, card=card, head=keys["head"], trimmed=keys["trimmed"])
            prev = linked


#: ``_COMMIT``'s answers (``Store.commit``).
CONFLICT, WRITTEN, RECEIPTED = "conflict", "written", "receipted"


class UnknownWorld(LookupError):
    """No world with that id."""


class WorldExists(ValueError):
    """A world with that id already exists."""


@dataclass(frozen=True)
class World:
    """A world as stored (``bridge.table.keys``: its secrets). ``gm_key`` is set
    only on the world just created or rotated, for the CLI to show once."""

    world_id: str
    name: str
    gm_key_hash: str
    signing_secret: str  # derived from the server's key and the world's signing epoch (``bridge.table.keyring``)
    settings_json: str  # as stored; ``settings`` decodes it when first asked
    system: str = DEFAULT_SYSTEM  # the rule system it plays (``bridge.systems``)
    gm_key: str | None = None

    @cached_property
    def settings(self) -> dict[str, Any]:
        return loads(self.settings_json)


class Store:
    """Reads and writes the bridge's state; one instance per process."""

    def __init__(self, redis_client: redis.Redis, keyring: Keyring | None = None):
        self.redis = redis_client
        self.keyring = keyring or Keyring.from_env()
        self._commit_script = redis_client.register_script(_COMMIT)
        self._untracked = redis_client.register_script(_UNTRACKED)

    @classmethod
    def from_url(cls, url: str, connections: int = POOL_CONNECTIONS, keyring: Keyring | None = None) -> "Store":
        """A store on ``url`` with at most ``connections`` at once (see ``connection_pool``)."""
        return cls(redis.Redis(connection_pool=connection_pool(url, connections, decode_responses=True)), keyring)

    # -- worlds -----------------------------------------------------------

    def create_world(self, world_id: str, name: str, settings: dict[str, Any], system: str = DEFAULT_SYSTEM) -> World:
        key, gm_key = world_key(world_id), keys.new_gm_key()
        fields = {
            "name": name,
            "gm_key_hash": self.keyring.gm_key_digest(world_id, gm_key),
            "signing_epoch": self.keyring.new_epoch(),
            "settings": dumps(settings),
            "system": system,
            "created_at": str(time.time()),
        }
        if not self.redis.hsetnx(key, "gm_key_hash", fields["gm_key_hash"]):
            raise WorldExists(world_id)
        self.redis.hset(key, mapping=fields)
        self.redis.sadd("vtt:worlds", world_id)
        return dataclasses.replace(self.world(world_id), gm_key=gm_key)

    def world(self, world_id: str) -> World:
        return world_of(world_id, self.redis.hmget(world_key(world_id), _WORLD_FIELDS), self.keyring)

    def replace_gm_key_hash(self, world_id: str, stored: str, digest: str) -> None:
        """Keep ``digest`` in place of ``stored`` (an older bridge's hash of the same GM key), unless it changed meanwhile."""
        with self.redis.pipeline() as pipe:
            try:
                pipe.watch(world_key(world_id))
                if pipe.hget(world_key(world_id), "gm_key_hash") == stored:
                    pipe.multi()
                    pipe.hset(world_key(world_id), "gm_key_hash", digest)
                    pipe.execute()
            except redis.WatchError:
                pass  # rotated meanwhile: the new key's digest stands

    def world_ids(self) -> list[str]:
        return sorted(self.redis.smembers("vtt:worlds"))

    def rotate_gm_key(self, world_id: str) -> World:
        """Replace the GM key and the signing secret: every player token minted before dies."""
        self.world(world_id)
        gm_key = keys.new_gm_key()
        fields = {"gm_key_hash": self.keyring.gm_key_digest(world_id, gm_key), "signing_epoch": self.keyring.new_epoch()}
        self.redis.hset(world_key(world_id), mapping=fields)
        return dataclasses.replace(self.world(world_id), gm_key=gm_key)

    def token_generation(self, world_id: str, user: str) -> int:
        """How many times the GM revoked ``user``'s tokens: a token minted at another count is void."""
        return int(self.redis.hget(_token_generations_key(world_id), user) or 0)

    def revoke_tokens(self, world_id: str, user: str) -> int:
        """Void every token ``user`` holds; the new generation."""
        return self.redis.hincrby(_token_generations_key(world_id), user, 1)

    def save_settings(self, world_id: str, settings: dict[str, Any]) -> None:
        self.world(world_id)
        self.redis.hset(world_key(world_id), "settings", dumps(settings))

    # -- scene pictures ---------------------------------------------------

    def scene(self, world_id: str, scene_id: str) -> dict | None:
        """A scene's pictures (``bridge.transport.events.scenes``), None when it has none yet."""
        stored = self.redis.hget(f"{world_key(world_id)}:scenes", scene_id)
        return loads(stored) if stored is not None else None

    def save_scene(self, world_id: str, scene_id: str, scene: dict) -> None:
        self.redis.hset(f"{world_key(world_id)}:scenes", scene_id, dumps(scene))

    # -- rule systems' state ----------------------------------------------

    def system_state(self, world_id: str, system: str) -> dict | None:
        """The state document of rule system ``system`` in the world (None: none yet)."""
        stored = self.system_state_text(world_id, system)
        return loads(stored) if stored is not None else None

    def system_state_text(self, world_id: str, system: str) -> str | None:
        """The state document of ``system`` in the world as stored (JSON; None: none yet)."""
        return self.redis.get(system_state_key(world_id, system))

    # -- actor ownership --------------------------------------------------

    def seat(self, world_id: str, user: str, role: str | None = None) -> str | None:
        """The role user id ``user`` holds in the world; with ``role``, it
        takes that role if it holds none yet (None: no role)."""
        key = f"vtt:world:{world_id}:seats"
        if role is None:
            return self.redis.hget(key, user)
        with self.redis.pipeline(transaction=True) as pipe:
            return pipe.hsetnx(key, user, role).hget(key, user).execute()[1]

    def owns_actor(self, world_id: str, user: str, actor_id: str) -> bool:
        return bool(self.redis.sismember(actors_key(world_id, user), actor_id))

    def owners_among(self, world_id: str, users: list[str], actor_id: str) -> list[str]:
        """Those of ``users`` who own ``actor_id``, in one round trip."""
        if not users:
            return []
        with self.redis.pipeline(transaction=False) as pipe:
            for user in users:
                pipe.sismember(actors_key(world_id, user), actor_id)
            owned = pipe.execute()
        return [user for user, owns in zip(users, owned) if owns]

    # -- request ids ------------------------------------------------------

    def read_request(self, key: str, world_id: str, user: str, bound: tuple[str, str], fight: list[str] | None = None,
                     extra: list[str] = ()) -> RequestRead:
        """What a request starts from, in one round trip: the answer already
        kept under its id's ``key`` (None: none; ``PENDING``: claimed); the
        binding of its id to its event (``bound``: ``(key, event)``, set unless
        set, kept as long as answers are); the world's fields; ``user``'s
        token generation; the roll log's head, which the commit of a logging
        request compares; and, with ``fight`` (token ids), their fight and the
        plain keys ``extra`` (for ``fight_of``)."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.get(key)
            pipe.set(bound[0], bound[1], nx=True, ex=ANSWER_TTL_SECONDS, get=True)
            pipe.hmget(world_key(world_id), _WORLD_FIELDS)
            pipe.hget(_token_generations_key(world_id), user)
            pipe.get(_roll_keys(world_id)["head"])
            if fight:
                _queue_fight(pipe, world_id, fight, extra)
            kept, bound_to, world, generation, head, *read = pipe.execute()
        return RequestRead(kept, bound_to, world, int(generation or 0), head,
                           _fight_read(fight, read) if fight else None)

    def claim(self, key: str) -> bool:
        """Claim a request id while its answer is computed (a request with an
        effect outside its work, a queued job): False when it was claimed or answered."""
        return bool(self.redis.set(key, PENDING, nx=True, ex=CLAIM_TTL_SECONDS))

    def commit(self, commit: Commit) -> str:
        """Run ``commit``: ``WRITTEN``, ``CONFLICT`` (something read changed:
        nothing written) or ``RECEIPTED`` (its receipt was there: nothing written)."""
        return loads(self._commit_script(keys=list(commit.keys), args=[dumps(commit.doc)]))["status"]

    def release(self, key: str) -> None:
        """Drop a request id's claim (its run failed): the id may be sent again."""
        self.redis.delete(key)

    def receipt(self, key: str) -> Any:
        """A job's receipt (``Work`` commits it), None before one is written."""
        stored = self.redis.get(key)
        return loads(stored) if stored is not None else None

    def await_answer(self, key: str) -> dict:
        """The answer of the run that claimed ``key``, once written (at most ``CLAIM_TTL_SECONDS``)."""
        deadline = time.monotonic() + CLAIM_TTL_SECONDS
        while time.monotonic() < deadline:
            stored = self.redis.get(key)
            if stored is None:
                raise TimeoutError("the first request with this id was abandoned")
            if stored != PENDING:
                return loads(stored)
            time.sleep(CLAIM_POLL_SECONDS)
        raise TimeoutError("the first request with this id is still running")

    # -- roll log ---------------------------------------------------------

    def log_head(self, world_id: str) -> str | None:
        """The newest entry's link (None: no entry yet)."""
        return self.redis.get(_roll_keys(world_id)["head"])

    def card(self, world_id: str, card_id: str) -> dict | None:
        """The logged card ``card_id`` (its ``roll_id``), in two steps whatever
        the log's length; None: no such card, or trimmed from the log."""
        found = self.card_link(world_id, card_id)
        return found.entry if found else None

    def card_link(self, world_id: str, card_id: str) -> chain.Link | None:
        """The logged card ``card_id`` with its place in the chain (its salt included); None as ``card``."""
        logged_as = self.redis.get(_card_key(world_id, card_id))
        found = self._links(world_id, [logged_as]) if logged_as else []
        return found[0] if found else None

    def rolls_seen(self, world_id: str, user: str | None, count: int) -> list[chain.Link]:
        """The newest ``count`` entries ``user`` sees (whole or as a notice;
        None: the GM, who sees all), oldest first. Reads at most ``2 * count``
        index entries and ``count`` entries, however long the log."""
        keys = _roll_keys(world_id)
        if user is None:
            return list(reversed([_link(row) for row in self.redis.xrevrange(keys["log"], count=count)]))
        with self.redis.pipeline(transaction=False) as pipe:
            for seen in (keys["public"], seen_by_key(world_id, user)):
                pipe.xrevrange(seen, count=count)
            indexed = pipe.execute()
        newest = sorted({fields["id"] for rows in indexed for _, fields in rows}, key=_log_order, reverse=True)[:count]
        return list(reversed(self._links(world_id, newest)))

    def links_after(self, world_id: str, log_id: str | None, count: int) -> list[chain.Link]:
        """The ``count`` entries after log id ``log_id`` (None: the oldest kept), oldest first."""
        return [_link(row) for row in self.redis.xrange(_roll_keys(world_id)["log"], min=f"({log_id}" if log_id else "-", count=count)]

    def chain_ends(self, world_id: str) -> tuple[str, str | None]:
        """The link before the oldest entry kept, and the head as stored (None:
        none), read only: a log found without its head is not chained again here."""
        keys = _roll_keys(world_id)
        with self.redis.pipeline(transaction=False) as pipe:
            trimmed, head = pipe.get(keys["trimmed"]).get(keys["head"]).execute()
        return trimmed or chain.genesis(world_id), head

    def _links(self, world_id: str, log_ids: list[str]) -> list[chain.Link]:
        """The entries of ``log_ids`` still kept, in that order."""
        key = _roll_keys(world_id)["log"]
        with self.redis.pipeline(transaction=False) as pipe:
            for log_id in log_ids:
                pipe.xrange(key, min=log_id, max=log_id, count=1)
            rows = pipe.execute()
        return [_link(found[0]) for found in rows if found]

    # -- health -----------------------------------------------------------

    def ping(self) -> bool:
        try:
            return bool(self.redis.ping())
        except redis.RedisError:
            return False

    # -- tokens -----------------------------------------------------------

    def tokens(self, world_id: str, token_ids: list[str] | None = None) -> dict[str, dict]:
        """Tracked tokens' states by id: all of them, or those of ``token_ids`` that are tracked."""
        key = _tokens_key(world_id)
        if token_ids is None:
            return {token_id: loads(state) for token_id, state in self.redis.hgetall(key).items()}
        states = self.redis.hmget(key, token_ids) if token_ids else []
        return {token_id: loads(state) for token_id, state in zip(token_ids, states) if state}

    def untracked(self, world_id: str, token_ids: list[str]) -> list[str]:
        """The ids among ``token_ids`` of no tracked token, without reading any state."""
        if not token_ids:
            return []
        return loads(self._untracked(keys=[_tokens_key(world_id)], args=[dumps({"tokens": token_ids})]))["untracked"] or []

    def last_token_state(self, world_id: str, token_id: str) -> str | None:
        """Token ``token_id``'s state before its last change (JSON; None: no change to undo)."""
        return self.redis.lindex(_token_history_key(world_id, token_id), 0)

    # -- combats ----------------------------------------------------------

    def combats(self, world_id: str) -> dict[str, dict]:
        """Every running combat of the world by scene id."""
        return {scene: loads(combat) for scene, combat in self.redis.hgetall(_combats_key(world_id)).items()}

    def combat(self, world_id: str, scene_id: str) -> dict | None:
        stored = self.redis.hget(_combats_key(world_id), scene_id)
        return loads(stored) if stored else None

    # -- tokens and a combat together -----------------------------------------

    def read_table(self, world_id: str, token_ids: list[str], scene_id: str | None) -> TableRead:
        """Tokens and a scene's combat as stored, in one round trip."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hmget(_tokens_key(world_id), token_ids or [""])
            pipe.hget(_combats_key(world_id), scene_id or "")
            tokens, combat = pipe.execute()
        return TableRead(dict(zip(token_ids, tokens)), combat if scene_id else None, scene_id)

    def read_fight(self, world_id: str, token_ids: list[str], extra: list[str] = ()) -> tuple[TableRead, dict[str, str | None]]:
        """Tokens, the combat in the first one's scene, and the plain keys
        ``extra`` (by key; None: absent), in one round trip."""
        with self.redis.pipeline(transaction=False) as pipe:
            _queue_fight(pipe, world_id, token_ids, extra)
            read = pipe.execute()
        return fight_of(token_ids, extra, _fight_read(token_ids, read))


def connection_pool(url: str, connections: int = POOL_CONNECTIONS, **options) -> redis.BlockingConnectionPool:
    """A pool of at most ``connections`` to ``url``: when all are busy, a call
    waits up to ``POOL_WAIT_SECONDS`` for one instead of failing at once."""
    return redis.BlockingConnectionPool.from_url(url, max_connections=connections, timeout=POOL_WAIT_SECONDS, **options)


def world_of(world_id: str, fields: list, keyring: Keyring) -> World:
    """The world from its fields as ``Store.claim`` or ``Store.world`` read them."""
    name, gm_key_hash, settings, system, signing_epoch = fields
    if None in (name, gm_key_hash, settings, signing_epoch):
        raise UnknownWorld(world_id)
    return World(world_id, name, gm_key_hash, keyring.signing_secret(world_id, signing_epoch), settings, system or DEFAULT_SYSTEM)


def _queue_fight(pipe, world_id: str, token_ids: list[str], extra: list[str]) -> None:
    """Queue a fight's reads on ``pipe``: the tokens, every running combat (a
    world runs few: one per scene at most), the plain keys ``extra``."""
    pipe.hmget(_tokens_key(world_id), token_ids)
    pipe.hgetall(_combats_key(world_id))
    for key in extra:
        pipe.get(key)


def _fight_read(token_ids: list[str], read: list) -> dict:
    """The fight ``_queue_fight`` read: ``{tokens, scene, combat, extra}``, the first token's scene's combat."""
    tokens, combats, *extra = read
    scene = loads(tokens[0]).get("scene_id") if tokens and tokens[0] else None
    return {"tokens": tokens, "scene": scene, "combat": combats.get(scene) if scene else None, "extra": extra}


def fight_of(token_ids: list[str], extra: list[str], read: dict) -> tuple[TableRead, dict[str, str | None]]:
    """Tokens, their scene's combat and the extra keys from a fight's read (``Store.claim``, ``Store.read_fight``)."""
    table = TableRead(dict(zip(token_ids, read["tokens"])), read["combat"], read["scene"])
    return table, dict(zip(extra, read["extra"] or []))


def world_key(world_id: str) -> str:
    return f"vtt:world:{world_id}"


def actors_key(world_id: str, user: str) -> str:
    return f"{world_key(world_id)}:actors:{user}"


#: Runs of a request or a job whose reads keep changing under it before giving up on a busy world.
CHANGE_ATTEMPTS = 100


def _token_generations_key(world_id: str) -> str:
    return f"{world_key(world_id)}:token_generations"


def system_state_key(world_id: str, system: str) -> str:
    """Each rule system's state document, apart from every other's."""
    return f"{world_key(world_id)}:system:{system}"


def system_key(world_id: str, system: str, name: str) -> str:
    """A key of rule system ``system``'s own in the world, beside its state document."""
    return f"{system_state_key(world_id, system)}:{name}"


def _tokens_key(world_id: str) -> str:
    return f"{world_key(world_id)}:tokens"


def _token_history_key(world_id: str, token_id: str) -> str:
    return f"{world_key(world_id)}:token_history:{token_id}"


def _roll_keys(world_id: str) -> dict[str, str]:
    """The roll log and what goes with it (see the module's docstring)."""
    log = f"{world_key(world_id)}:rolls"
    return {"log": log, "head": f"{log}:head", "trimmed": f"{log}:trimmed", "public": f"{log}:seen:public"}


def seen_by_key(world_id: str, user: str) -> str:
    return f"{world_key(world_id)}:rolls:seen:user:{user}"


def _log_order(log_id: str) -> tuple[int, int]:
    milliseconds, sequence = log_id.split("-")
    return int(milliseconds), int(sequence)


def _link(row) -> chain.Link:
    log_id, fields = row
    return chain.Link(log_id, loads(fields["entry"]), fields["salt"], fields["prev"], fields["link"])


def _card_key(world_id: str, card_id: str) -> str:
    return f"{world_key(world_id)}:card:{card_id}"


def receipt_key(job_id: str) -> str:
    return f"vtt:receipt:{job_id}"


def _combats_key(world_id: str) -> str:
    return f"{world_key(world_id)}:combats"
