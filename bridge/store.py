"""All state the bridge keeps, in Redis, behind one small interface.

Keys (``<w>`` is a world id):

- ``vtt:worlds``                        set of world ids
- ``vtt:world:<w>``                     hash: name, gm_key_hash, signing_secret, settings (JSON), system, created_at
- ``vtt:world:<w>:token_generations``   hash: user -> how many times the GM revoked the user's tokens
- ``vtt:world:<w>:actors:<user>``       set of actor ids the user owns
- ``vtt:answer:<w>:<user>:<event>:<request_id>``  the first answer (JSON)
- ``vtt:world:<w>:rolls``               stream: the roll log
- ``vtt:world:<w>:arsenal``             the world's own equipment by kind (JSON)
- ``vtt:world:<w>:moments``             the Moments of Truth ledger: balances and history (JSON)
- ``vtt:world:<w>:talent_uses``         this session's talent uses: ``{session, actors: {actor: {talent: uses}}}`` (JSON)
- ``vtt:world:<w>:tokens``              hash: token id -> the token's rules state (JSON)
- ``vtt:world:<w>:token_history:<t>``   list: token ``t``'s earlier states, newest first (JSON), for undo
- ``vtt:world:<w>:combats``             hash: scene id -> the scene's combat (JSON)
- ``vtt:receipt:<job>``                 a job's pushes, written with its effects (JSON; see ``Store.once``)
"""

from __future__ import annotations

import dataclasses
import threading
import time
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable

import redis

from . import keys
from .encoded import dumps, loads
from .systems import DEFAULT_SYSTEM

#: How long the first answer to a request id is kept, in seconds.
ANSWER_TTL_SECONDS = 7 * 24 * 3600
#: How long a request id stays claimed while its first answer is computed, in seconds.
CLAIM_TTL_SECONDS = 60
#: How often a repeated request polls for the first answer, in seconds.
CLAIM_POLL_SECONDS = 0.02
#: How long a job's receipt is kept (longer than any retry of it), in seconds.
RECEIPT_TTL_SECONDS = 24 * 3600
#: Roll-log entries kept per world (older ones are trimmed).
ROLL_LOG_MAX_ENTRIES = 10_000
#: Log entries read per Redis call when scanning for visible ones.
ROLL_LOG_PAGE = 200
#: Earlier states kept per token for undo.
TOKEN_HISTORY_MAX = 50
#: The combat a table change returns when it leaves the combat as read: kept, never decoded to compare.
AS_READ: Any = object()

_PENDING = "pending"

#: A world's fields that ``World`` holds, as ``HMGET`` reads them; last, a
#: plain ``gm_key`` from before keys were hashed, hashed when first read.
_WORLD_FIELDS = ("name", "gm_key_hash", "settings", "system", "signing_secret", "gm_key")

#: Lua: tokens ``ids``, then the first one's scene, the scene's combat and
#: the world's arsenal (from the tokens hash, the combats hash and the
#: arsenal's key), in one flat list: redis-py parses each nested list in Python.
_READ_FIGHT_FUNCTION = """
local function read_fight(tokens, combats, arsenal, ids)
  local fight = redis.call('HMGET', tokens, unpack(ids))
  local scene = fight[1] and cjson.decode(fight[1])['scene_id']
  if scene == cjson.null then scene = false end
  fight[#ids + 1] = scene or false
  fight[#ids + 2] = scene and redis.call('HGET', combats, scene) or false
  fight[#ids + 3] = redis.call('GET', arsenal)
  return fight
end
"""

#: Claim a request id (KEYS[1]) and read its world's ARGV[3] fields (KEYS[2],
#: ARGV[4:]) in one round trip: the fields' values when claimed, ``{}`` when
#: it was taken. With a fight's keys (KEYS[3:5]), the fight of the tokens
#: after the fields follows the values, in the same flat list. ``HMGET``, not
#: ``HGETALL``: redis-py parses each reply element in Python, and every request makes a claim.
_CLAIM = _READ_FIGHT_FUNCTION + """
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then return {} end
local fields = tonumber(ARGV[3])
local claimed = redis.call('HMGET', KEYS[2], unpack(ARGV, 4, 3 + fields))
if #KEYS == 2 then return claimed end
for _, value in ipairs(read_fight(KEYS[3], KEYS[4], KEYS[5], {unpack(ARGV, 4 + fields)})) do
  claimed[#claimed + 1] = value
end
return claimed
"""


#: Lua: log ARGV[first:] to the roll log ``rolls``, trimmed to about its length.
_LOG_ENTRIES_FUNCTION = f"""
local function log_entries(rolls, first)
  for i = first, #ARGV do
    redis.call('XADD', rolls, 'MAXLEN', '~', {ROLL_LOG_MAX_ENTRIES}, '*', 'entry', ARGV[i])
  end
end
"""


#: Write tokens, a combat and the Moments of Truth only if what was read is
#: still what is stored.
#: KEYS: the tokens hash, the combats hash, each token's undo history; with
#: a ledger, the ledger and the talent uses; with a receipt, the receipt and
#: the roll log.
#: ARGV: scene ('' none), combat write ('keep' | 'set' | 'del'), the combat
#: read ('' none), the combat to set, token count, then per token: id,
#: state read ('' none), state to set ('' unchanged); then 'ledger' and the
#: ledger and uses read ('' none) and to set, or ''; then the receipt ('' none)
#: and with one: its TTL, the one value it may replace ('' none: a request's
#: claim), the entries to log. The history's and the log's lengths are the
#: script's own: each argument costs redis-py about 8 k instructions to pack.
#: 1: written; 0: something read changed; 2: the receipt was already written.
_COMPARE_AND_SET = _LOG_ENTRIES_FUNCTION + f"""
local count = tonumber(ARGV[5])
local ledger_at, ledger_key = 6 + 3 * count, 3 + count
local ledger = ARGV[ledger_at] ~= ''
local receipt, receipt_key = ledger_at + (ledger and 5 or 1), ledger_key + (ledger and 2 or 0)
if ARGV[receipt] ~= '' then
  local stored = redis.call('GET', KEYS[receipt_key])
  if stored and stored ~= ARGV[receipt + 2] then return 2 end
end
for i = 0, count - 1 do
  if (redis.call('HGET', KEYS[1], ARGV[6 + 3 * i]) or '') ~= ARGV[7 + 3 * i] then return 0 end
end
if ARGV[1] ~= '' and (redis.call('HGET', KEYS[2], ARGV[1]) or '') ~= ARGV[3] then return 0 end
if ledger then
  for i = 0, 1 do
    if (redis.call('GET', KEYS[ledger_key + i]) or '') ~= ARGV[ledger_at + 1 + i] then return 0 end
  end
end
for i = 0, count - 1 do
  local read, written = ARGV[7 + 3 * i], ARGV[8 + 3 * i]
  if written ~= '' then
    redis.call('HSET', KEYS[1], ARGV[6 + 3 * i], written)
    if read ~= '' then
      redis.call('LPUSH', KEYS[3 + i], read)
      redis.call('LTRIM', KEYS[3 + i], 0, {TOKEN_HISTORY_MAX - 1})
    end
  end
end
if ARGV[2] == 'set' then redis.call('HSET', KEYS[2], ARGV[1], ARGV[4]) end
if ARGV[2] == 'del' then redis.call('HDEL', KEYS[2], ARGV[1]) end
if ledger then
  redis.call('SET', KEYS[ledger_key], ARGV[ledger_at + 3])
  redis.call('SET', KEYS[ledger_key + 1], ARGV[ledger_at + 4])
end
if ARGV[receipt] ~= '' then
  redis.call('SET', KEYS[receipt_key], ARGV[receipt], 'EX', ARGV[receipt + 1])
  log_entries(KEYS[receipt_key + 1], receipt + 3)
end
return 1
"""


#: A request's answer (ARGV[1]; '' deletes its claim) under KEYS[1], kept
#: ARGV[2] seconds, and the entries ARGV[3:] logged to the roll log KEYS[2].
_ANSWER_LOGGED = _LOG_ENTRIES_FUNCTION + """
if ARGV[1] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
log_entries(KEYS[2], 3)
"""


#: The ids among ARGV the tokens hash (KEYS[1]) does not hold.
_UNTRACKED = """
local missing = {}
for _, token_id in ipairs(ARGV) do
  if redis.call('HEXISTS', KEYS[1], token_id) == 0 then missing[#missing + 1] = token_id end
end
return missing
"""


#: Read tokens (ARGV), the combat of the first token's scene and the world's
#: arsenal in one round trip. KEYS: the tokens hash, the combats hash, the arsenal.
_READ_FIGHT = _READ_FIGHT_FUNCTION + "return read_fight(KEYS[1], KEYS[2], KEYS[3], ARGV)"


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


def _combat_action(read: TableRead, combat_after: dict | None) -> str:
    """What the write does with the scene's combat (``AS_READ``: as read): 'keep', 'set' or 'del'."""
    if read.scene_id is None or combat_after is AS_READ or combat_after == read.combat_state:
        return "keep"
    return "del" if combat_after is None else "set"


def _combat_write(read: TableRead, combat_after: dict | None) -> tuple[str, str, str]:
    """The script's combat arguments: what to do, what was read, what to set."""
    action = _combat_action(read, combat_after)
    return action, read.combat or "", dumps(combat_after) if action == "set" else ""


@dataclass
class _Held:
    """A job's or a request's writes held back until it ends (``Store.once``,
    ``answer_once`` with a fight): at most one change of its world's tokens
    and combat, at most one of its Moments of Truth (``ledger``: the ledger
    and talent uses as read, then to set), and its roll-log entries."""

    table: tuple[TableRead, dict, dict | None] | None = None
    ledger: tuple[list[str | None], str, str] | None = None
    entries: list[str] = field(default_factory=list)

    def changes_nothing(self) -> bool:
        """No token, combat or ledger written: only the entries (a missed attack)."""
        if self.ledger is not None:
            return False
        if self.table is None:
            return True
        read, tokens_after, combat_after = self.table
        return not tokens_after and _combat_action(read, combat_after) == "keep"


#: ``_COMPARE_AND_SET``'s answers.
_CONFLICT, _WRITTEN, _RECEIPTED = 0, 1, 2


class UnknownWorld(LookupError):
    """No world with that id."""


class WorldExists(ValueError):
    """A world with that id already exists."""


@dataclass(frozen=True)
class World:
    """A world as stored (``bridge.keys``: its secrets). ``gm_key`` is set
    only on the world just created or rotated, for the CLI to show once."""

    world_id: str
    name: str
    gm_key_hash: str
    signing_secret: str
    settings_json: str  # as stored; ``settings`` decodes it when first asked
    system: str = DEFAULT_SYSTEM  # the rule system it plays (``bridge.systems``)
    gm_key: str | None = None

    @cached_property
    def settings(self) -> dict[str, Any]:
        return loads(self.settings_json)


class Store:
    """Reads and writes the bridge's state; one instance per process."""

    def __init__(self, redis_client: redis.Redis):
        self.redis = redis_client
        # .entries: the log entries answer_once writes with its answer; .world: (world id, its fields) read with the claim;
        # .fight: (world id, token ids, the fight) read with the claim
        self._pending = threading.local()
        self._claim = redis_client.register_script(_CLAIM)
        self._answer_logged = redis_client.register_script(_ANSWER_LOGGED)
        self._compare_and_set = redis_client.register_script(_COMPARE_AND_SET)
        self._read_fight = redis_client.register_script(_READ_FIGHT)
        self._untracked = redis_client.register_script(_UNTRACKED)

    @classmethod
    def from_url(cls, url: str) -> "Store":
        return cls(redis.Redis.from_url(url, decode_responses=True))

    # -- worlds -----------------------------------------------------------

    def create_world(self, world_id: str, name: str, settings: dict[str, Any], system: str = DEFAULT_SYSTEM) -> World:
        key, gm_key = world_key(world_id), keys.new_gm_key()
        fields = {
            "name": name,
            "gm_key_hash": keys.hash_gm_key(gm_key),
            "signing_secret": keys.new_signing_secret(),
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
        """The world; inside ``answer_once`` for it, as read with the claim, without a round trip."""
        name, gm_key_hash, settings, system, signing_secret, _ = self._world_fields(world_id)
        return World(world_id, name, gm_key_hash, signing_secret, settings, system or DEFAULT_SYSTEM)

    def settings_json(self, world_id: str) -> str:
        """The world's settings as stored, as ``world`` reads them, without building the ``World``."""
        return self._world_fields(world_id)[2]

    def _world_fields(self, world_id: str) -> list:
        claimed = getattr(self._pending, "world", None)
        fields = claimed[1] if claimed and claimed[0] == world_id else self.redis.hmget(world_key(world_id), _WORLD_FIELDS)
        if fields[1] is None and fields[5] is not None:
            self._hash_plain_gm_key(world_id, fields[5])
            fields = self.redis.hmget(world_key(world_id), _WORLD_FIELDS)
        if None in fields[:3]:  # name, gm_key_hash, settings
            raise UnknownWorld(world_id)
        return fields

    def _hash_plain_gm_key(self, world_id: str, gm_key: str) -> None:
        """Keep a world's plain GM key (stored before keys were hashed) only
        as its hash, beside a new signing secret: its old tokens end."""
        key = world_key(world_id)
        self.redis.hsetnx(key, "signing_secret", keys.new_signing_secret())
        self.redis.hsetnx(key, "gm_key_hash", keys.hash_gm_key(gm_key))
        self.redis.hdel(key, "gm_key")

    def world_ids(self) -> list[str]:
        return sorted(self.redis.smembers("vtt:worlds"))

    def rotate_gm_key(self, world_id: str) -> World:
        """Replace the GM key and the signing secret: every player token minted before dies."""
        self.world(world_id)
        gm_key = keys.new_gm_key()
        fields = {"gm_key_hash": keys.hash_gm_key(gm_key), "signing_secret": keys.new_signing_secret()}
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

    def set_system(self, world_id: str, system: str) -> None:
        """Make ``system`` the rule system the world plays; every system's state stays where it is."""
        self.world(world_id)
        self.redis.hset(world_key(world_id), "system", system)

    # -- rule systems' state ----------------------------------------------

    def system_state(self, world_id: str, system: str) -> dict | None:
        """The state document of rule system ``system`` in the world (None: none yet)."""
        stored = self.redis.get(_system_state_key(world_id, system))
        return loads(stored) if stored is not None else None

    def change_system_state(self, world_id: str, system: str, change: Callable[[dict | None], tuple[dict, Any]]) -> tuple[dict, Any]:
        """Save the state ``change(state)`` returns with its answer; return both. Atomic (see ``_atomically``)."""
        key = _system_state_key(world_id, system)

        def step(pipe):
            stored = pipe.get(key)
            state, answer = change(loads(stored) if stored is not None else None)
            return (state, answer), lambda: pipe.set(key, dumps(state))

        return self._atomically([key], step, f"the {system} state of {world_id}")

    # -- actor ownership --------------------------------------------------

    def assign_actors(self, world_id: str, user: str, actor_ids: list[str]) -> None:
        """Make ``actor_ids`` exactly the actors ``user`` owns."""
        key = f"{world_key(world_id)}:actors:{user}"
        with self.redis.pipeline() as pipe:
            pipe.delete(key)
            if actor_ids:
                pipe.sadd(key, *actor_ids)
            pipe.execute()

    def owns_actor(self, world_id: str, user: str, actor_id: str) -> bool:
        return bool(self.redis.sismember(f"{world_key(world_id)}:actors:{user}", actor_id))

    def owners_among(self, world_id: str, users: list[str], actor_id: str) -> list[str]:
        """Those of ``users`` who own ``actor_id``, in one round trip."""
        if not users:
            return []
        with self.redis.pipeline(transaction=False) as pipe:
            for user in users:
                pipe.sismember(f"{world_key(world_id)}:actors:{user}", actor_id)
            owned = pipe.execute()
        return [user for user, owns in zip(users, owned) if owns]

    # -- request ids ------------------------------------------------------

    def answer_once(
        self, scope: str, world_id: str, compute: Callable[[], dict], fight: list[str] | None = None
    ) -> dict:
        """The first answer stored under ``scope``, computing it only once.

        A repeat that arrives while the first is still being computed waits
        for it (at most ``CLAIM_TTL_SECONDS``). The claim also reads the
        world ``world_id``, which ``world`` then answers from. The roll-log
        entries ``compute`` makes are written with the answer, in one script,
        even when ``compute`` fails (its claim is then deleted).

        With ``fight`` (token ids), the claim also reads their fight, which
        the first ``read_fight`` of them answers from, and the answer is
        written with the change of the tokens and combat (``_answer_held``):
        a fight, like a roll, costs two round trips.
        """
        key = f"vtt:answer:{scope}"
        keys, args = [key, world_key(world_id)], [_PENDING, CLAIM_TTL_SECONDS, len(_WORLD_FIELDS), *_WORLD_FIELDS]
        if fight:
            keys, args = keys + _fight_keys(world_id), args + fight
        claimed = self._claim(keys=keys, args=args)
        if not claimed:
            return self._await_answer(key)
        fields = len(_WORLD_FIELDS)
        self._pending.world = (world_id, claimed[:fields])
        if fight:
            self._pending.fight = (world_id, fight, claimed[fields:])
            try:
                return self._answer_held(key, world_id, compute)
            finally:
                self._pending.world = self._pending.fight = None
        self._pending.entries = entries = []
        try:
            answer = compute()
        except BaseException:
            self._write_answer(key, world_id, "", entries)
            raise
        finally:
            self._pending.entries = self._pending.world = None
        self._write_answer(key, world_id, dumps(answer), entries)
        return answer

    def _write_answer(self, key: str, world_id: str, answer: str, entries: list[str]) -> None:
        """``answer`` under ``key`` ('': delete the claim) and the roll-log ``entries``, in one script."""
        self._answer_logged(keys=[key, _rolls_key(world_id)], args=[answer, ANSWER_TTL_SECONDS, *entries])

    def _answer_held(self, key: str, world_id: str, compute: Callable[[], dict]) -> dict:
        """``compute()``'s answer, written under ``key`` in one script with
        its change of the tokens and combat and its roll-log entries, held
        while it runs, if nothing it read has changed since (the claim's read
        first); else ``compute`` runs again on fresh reads: nothing of the
        run before was written or told (its pushes are its caller's to hold).
        A run that changes nothing is written as a roll is, with no compare:
        its answer stands as of its read, whatever changed since."""
        for _ in range(CHANGE_ATTEMPTS):
            self._pending.held = held = _Held()
            try:
                answer = compute()
            except BaseException:
                self.redis.delete(key)
                raise
            finally:
                self._pending.held = None
            if held.changes_nothing():
                self._write_answer(key, world_id, dumps(answer), held.entries)
                return answer
            written = self._commit_held(world_id, held, key, dumps(answer), ANSWER_TTL_SECONDS, _PENDING)
            if written == _WRITTEN:
                return answer
            if written == _RECEIPTED:  # the claim expired and another run answered first
                return self._await_answer(key)
            self._pending.fight = None
        self.redis.delete(key)
        raise RuntimeError(f"the tokens and combat of {world_id} kept changing under {CHANGE_ATTEMPTS} attempts")

    def _await_answer(self, key: str) -> dict:
        deadline = time.monotonic() + CLAIM_TTL_SECONDS
        while time.monotonic() < deadline:
            stored = self.redis.get(key)
            if stored is None:
                raise TimeoutError("the first request with this id was abandoned")
            if stored != _PENDING:
                return loads(stored)
            time.sleep(CLAIM_POLL_SECONDS)
        raise TimeoutError("the first request with this id is still running")

    # -- roll log ---------------------------------------------------------

    def log_roll(self, world_id: str, entry: dict) -> None:
        """Append to the log; inside ``answer_once``, sent with the answer;
        inside ``once``, written with the job's effects."""
        held = getattr(self._pending, "held", None)
        entries = held.entries if held is not None else getattr(self._pending, "entries", None)
        if entries is not None:
            entries.append(dumps(entry))
            return
        self.redis.xadd(
            _rolls_key(world_id),
            {"entry": dumps(entry)},
            maxlen=ROLL_LOG_MAX_ENTRIES,
            approximate=True,
        )

    def recent_rolls(self, world_id: str, count: int, view: Callable[[dict], dict | None]) -> list[dict]:
        """The newest ``count`` entries as ``view`` shows them, oldest first.

        ``view`` returns None for an entry the reader may not see.
        """
        key, shown, newest = _rolls_key(world_id), [], "+"
        while len(shown) < count:
            rows = self.redis.xrevrange(key, max=newest, count=ROLL_LOG_PAGE)
            if not rows:
                break
            views = (view(loads(fields["entry"])) for _, fields in rows)
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
        return _arsenal(self.redis.get(_arsenal_key(world_id)))

    def save_arsenal(self, world_id: str, items: dict[str, list[dict]]) -> None:
        self.redis.set(_arsenal_key(world_id), dumps(items))

    # -- Moments of Truth and talent uses ----------------------------------

    def moments(self, world_id: str) -> tuple[dict | None, dict | None]:
        """The world's ledger and talent uses as stored (None: none yet)."""
        return _loaded(self.redis.mget(_moments_keys(world_id)))

    def change_moments(self, world_id: str, change: Callable[[Any, Any], tuple[dict, dict, Any]]) -> Any:
        """Save the ledger and talent uses ``change(ledger, uses)`` returns, and
        return its third value. Atomic (see ``_atomically``)."""
        keys = _moments_keys(world_id)
        held = getattr(self._pending, "held", None)
        if held is not None:
            return self._hold_ledger(held, keys, change)

        def step(pipe):
            ledger, uses, answer = change(*_loaded(pipe.mget(keys)))
            return answer, lambda: pipe.mset({keys[0]: dumps(ledger), keys[1]: dumps(uses)})

        return self._atomically(keys, step, f"the Moments of Truth of {world_id}")

    def _hold_ledger(self, held: _Held, keys: tuple[str, str], change: Callable) -> Any:
        if held.ledger is not None:
            raise RuntimeError("held writes change the Moments of Truth once")
        read = self.redis.mget(keys)
        ledger, uses, answer = change(*_loaded(read))
        held.ledger = (read, dumps(ledger), dumps(uses))
        return answer

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
        return self._untracked(keys=[_tokens_key(world_id)], args=token_ids) if token_ids else []

    def change_tokens(self, world_id: str, token_ids: list[str], change: Callable[[dict], tuple[dict, Any]]) -> Any:
        """Save the states ``change(states)`` returns for some of ``token_ids``
        (``states``: the tracked ones among them) and return its second value
        (see ``change_table``)."""

        def tokens_only(read: TableRead) -> tuple[dict, None, Any]:
            after, answer = change(read.token_states())
            return after, None, answer

        return self.change_table(world_id, token_ids, None, tokens_only)

    def undo_token(self, world_id: str, token_id: str, undo: Callable[[dict, dict], dict]) -> tuple[dict, dict] | None:
        """Put back token ``token_id``'s state before its last change, as
        ``undo(current, earlier)`` makes it (the version moves on); that
        change is forgotten. ``(current, restored)``, or None with nothing to undo."""
        key, history = _tokens_key(world_id), _token_history_key(world_id, token_id)

        def step(pipe):
            current, earlier = pipe.hget(key, token_id), pipe.lindex(history, 0)
            if current is None or earlier is None:
                return None, lambda: None
            current, restored = loads(current), undo(loads(current), loads(earlier))

            def write():
                pipe.hset(key, token_id, dumps(restored))
                pipe.lpop(history)

            return (current, restored), write

        return self._atomically([key, history], step, f"token {token_id} of {world_id}")

    # -- combats ----------------------------------------------------------

    def combats(self, world_id: str) -> dict[str, dict]:
        """Every running combat of the world by scene id."""
        return {scene: loads(combat) for scene, combat in self.redis.hgetall(_combats_key(world_id)).items()}

    def combat(self, world_id: str, scene_id: str) -> dict | None:
        stored = self.redis.hget(_combats_key(world_id), scene_id)
        return loads(stored) if stored else None

    def change_combat(self, world_id: str, scene_id: str, change: Callable[[dict | None], tuple[dict | None, Any]]) -> Any:
        """Save the combat ``change(combat)`` returns for the scene (None: the
        combat is over, or none starts) and return its second value (see ``change_table``)."""

        def combat_only(read: TableRead) -> tuple[dict, dict | None, Any]:
            return {}, *change(read.combat_state)

        return self.change_table(world_id, [], scene_id, combat_only)

    # -- tokens and a combat together -----------------------------------------

    def read_table(self, world_id: str, token_ids: list[str], scene_id: str | None) -> TableRead:
        """Tokens and a scene's combat as stored, in one round trip."""
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hmget(_tokens_key(world_id), token_ids or [""])
            pipe.hget(_combats_key(world_id), scene_id or "")
            tokens, combat = pipe.execute()
        return TableRead(dict(zip(token_ids, tokens)), combat if scene_id else None, scene_id)

    def read_fight(self, world_id: str, token_ids: list[str]) -> tuple[TableRead, dict[str, list[dict]]]:
        """Tokens, the combat in the first one's scene, and the world's own
        equipment (as ``arsenal``), in one round trip; the first read inside
        ``answer_once`` with the claim's ``fight`` of them, as read with the claim."""
        claimed, self._pending.fight = getattr(self._pending, "fight", None), None
        if claimed and claimed[:2] == (world_id, token_ids):
            *tokens, scene, combat, arsenal = claimed[2]
        else:
            *tokens, scene, combat, arsenal = self._read_fight(keys=_fight_keys(world_id), args=token_ids)
        return TableRead(dict(zip(token_ids, tokens)), combat or None, scene or None), _arsenal(arsenal)

    def change_table(
        self, world_id: str, token_ids: list[str], scene_id: str | None, change: Callable, read: TableRead | None = None
    ) -> Any:
        """Save what ``change(read)`` returns, ``(token states by id, the
        scene's combat or None or ``AS_READ``, answer)``, and return the answer. ``read``
        holds ``token_ids`` (None: untracked) and the scene's combat (None:
        none, or no ``scene_id``) as stored. A token left out of the states
        returned is unchanged; each changed token's state before goes to its
        undo history. Atomic: the write happens only if nothing read changed
        meanwhile, else ``change`` runs again on a fresh read (``read``: a read
        already made, used first). If ``change`` raises, nothing is written."""
        held = getattr(self._pending, "held", None)
        if held is not None:
            return self._hold(held, read or self.read_table(world_id, token_ids, scene_id), change)
        for _ in range(CHANGE_ATTEMPTS):
            read = read or self.read_table(world_id, token_ids, scene_id)
            tokens_after, combat_after, answer = change(read)
            if self._commit(world_id, read, tokens_after, combat_after) == _WRITTEN:
                return answer
            read = None
        raise RuntimeError(f"the tokens and combat of {world_id} kept changing under {CHANGE_ATTEMPTS} attempts")

    @staticmethod
    def _hold(held: _Held, read: TableRead, change: Callable) -> Any:
        if held.table is not None:
            raise RuntimeError("held writes change the world's tokens and combat once")
        tokens_after, combat_after, answer = change(read)
        held.table = (read, tokens_after, combat_after)
        return answer

    def _commit(
        self, world_id: str, read: TableRead, tokens_after: dict, combat_after: dict | None,
        ledger: tuple[list[str | None], str, str] | None = None,
        receipt: tuple[str, str, list[str]] | None = None, receipt_ttl: int = RECEIPT_TTL_SECONDS, replaces: str = "",
    ) -> int:
        """``_COMPARE_AND_SET`` on what was read; ``ledger``: the Moments of
        Truth and talent uses as read, then to set; ``receipt``: (its key, its
        text, entries to log), written with the change unless already there
        (``replaces``: a value it may replace, as an answer its request's claim)."""
        token_ids = list(read.tokens)
        args = [read.scene_id or "", *_combat_write(read, combat_after), len(token_ids)]
        for token_id in token_ids:
            written = tokens_after.get(token_id)
            args += [token_id, read.tokens[token_id] or "", dumps(written) if written is not None else ""]
        keys = [_tokens_key(world_id), _combats_key(world_id), *(_token_history_key(world_id, t) for t in token_ids)]
        if ledger is None:
            args.append("")
        else:
            (ledger_read, uses_read), ledger_after, uses_after = ledger
            keys += _moments_keys(world_id)
            args += ["ledger", ledger_read or "", uses_read or "", ledger_after, uses_after]
        if receipt is None:
            args.append("")
        else:
            key, text, entries = receipt
            keys += [key, _rolls_key(world_id)]
            args += [text, receipt_ttl, replaces, *entries]
        return self._compare_and_set(keys=_encoded(keys), args=_encoded(args))

    def _commit_held(self, world_id: str, held: _Held, receipt_key: str, receipt: str, ttl: int, replaces: str = "") -> int:
        """The held writes, with ``receipt`` under ``receipt_key``."""
        read, tokens_after, combat_after = held.table or (TableRead({}, None, None), {}, None)
        return self._commit(
            world_id, read, tokens_after, combat_after, held.ledger, (receipt_key, receipt, held.entries), ttl, replaces
        )

    # -- a job's effects ------------------------------------------------------

    def once(self, world_id: str, job_id: str, run: Callable[[], list]) -> list:
        """The pushes telling of job ``job_id``'s effects in ``world_id``, the
        effects made at most once, whatever runs of the job there are.

        ``run()`` makes the effects and returns the pushes. While it runs, its
        change of the tokens and combat (one, through ``change_table``), of
        the Moments of Truth (one, through ``change_moments``) and its
        roll-log entries are held back; then one script writes them with
        the pushes as the job's receipt, if nothing ``run`` read has changed
        (else ``run`` runs again on fresh reads) and no receipt is there yet.
        A run that finds the receipt, say the retry of a job whose worker
        died, gets the pushes of the run that made the effects.
        """
        key = _receipt_key(job_id)
        for _ in range(CHANGE_ATTEMPTS):
            stored = self.redis.get(key)
            if stored is not None:
                return loads(stored)
            self._pending.held = held = _Held()
            try:
                pushes = run()
            finally:
                self._pending.held = None
            written = self._commit_held(world_id, held, key, dumps(pushes), RECEIPT_TTL_SECONDS)
            if written == _WRITTEN:
                return pushes
        raise RuntimeError(f"the tokens and combat of {world_id} kept changing under {CHANGE_ATTEMPTS} attempts")

    def _atomically(self, keys: list[str], step: Callable, what: str) -> Any:
        """Run ``step(pipe)``, which reads ``keys`` through ``pipe`` and
        returns ``(answer, write)``; then ``write()`` queues its writes, sent
        in one MULTI. When another client changes a key first (WATCH), ``step``
        runs again on the new values; if it raises, nothing is written."""
        if getattr(self._pending, "held", None) is not None:
            raise RuntimeError(f"{what} cannot change in held writes")
        with self.redis.pipeline() as pipe:
            for _ in range(CHANGE_ATTEMPTS):
                try:
                    pipe.watch(*keys)
                    answer, write = step(pipe)
                    pipe.multi()
                    write()
                    pipe.execute()
                    return answer
                except redis.WatchError:
                    continue
        raise RuntimeError(f"{what} kept changing under {CHANGE_ATTEMPTS} attempts")


def world_key(world_id: str) -> str:
    return f"vtt:world:{world_id}"


#: Tries at an atomic change (the ledger, tokens, a combat) before giving up on a busy world.
CHANGE_ATTEMPTS = 100


def _token_generations_key(world_id: str) -> str:
    return f"{world_key(world_id)}:token_generations"


def _system_state_key(world_id: str, system: str) -> str:
    """Each rule system's state apart from every other's (the flagship's has keys of its own)."""
    return f"{world_key(world_id)}:system:{system}"


def _tokens_key(world_id: str) -> str:
    return f"{world_key(world_id)}:tokens"


def _token_history_key(world_id: str, token_id: str) -> str:
    return f"{world_key(world_id)}:token_history:{token_id}"


def _rolls_key(world_id: str) -> str:
    return f"{world_key(world_id)}:rolls"


def _receipt_key(job_id: str) -> str:
    return f"vtt:receipt:{job_id}"


def _arsenal_key(world_id: str) -> str:
    return f"{world_key(world_id)}:arsenal"


def _fight_keys(world_id: str) -> list[str]:
    """What a fight is read from: the tokens, the combats, the arsenal."""
    return [_tokens_key(world_id), _combats_key(world_id), _arsenal_key(world_id)]


def _encoded(values: list) -> list[bytes]:
    """A script's keys or arguments as UTF-8 bytes, which redis-py sends as
    they are: its own encoding of a ``str`` or an ``int`` costs about 3 k
    instructions, twice what this does."""
    return [str(value).encode() for value in values]


def _arsenal(stored: str | None) -> dict[str, list[dict]]:
    return loads(stored) if stored else {}


def _combats_key(world_id: str) -> str:
    return f"{world_key(world_id)}:combats"


def _moments_keys(world_id: str) -> tuple[str, str]:
    return f"{world_key(world_id)}:moments", f"{world_key(world_id)}:talent_uses"


def _loaded(stored: list[str | None]) -> tuple[Any, ...]:
    return tuple(loads(value) if value else None for value in stored)
