"""One request's or one job's unit of work: what it read, what it changes, what it tells.

Every handler is ``handler(work, request) -> result`` (registered with
``bridge.transport.handling.handles``); a job's rules run against a work too
(``workers.effects``). The work is the handler's one way to the world:

- ``work.identity``: who sent the request (``world_id``, ``user``, ``is_gm``).
- ``work.world``: the world, as the request's first read brought it.
- ``work.store``: plain reads that no change depends on (``owns_actor``, ``card``...).
- ``work.fight(token_ids, extra)``: tokens, their scene's combat and the
  plain keys ``extra`` (brought by the request's first read when the handler declared
  them, ``handles(..., fight=...)``); ``work.tokens(token_ids)``, ``work.combat(scene_id)``.
- ``work.change_table(token_ids, scene_id, change, read=None)``,
  ``work.change_system_state(system, change)``, ``work.undo_token(token_id, undo)``:
  changes, held in the work; a later read in the same work sees them.
  ``work.system_state(system)``: a read of one.
- Versioned keys that a rule system names (``store.system_key``):
  ``work.get(key)`` / ``work.set(key, text)``, ``work.hash(key)`` /
  ``work.hset(key, field, text)``, ``work.field(key, field)`` /
  ``work.set_field(key, field, text)``, and ``work.append(key, text, keep)``
  (a list's newest item). Whatever the work read of them must be unchanged
  when it writes.
- ``work.save_settings``, ``work.set_system``, ``work.assign_actors``: the
  GM's writes, held too (nothing to compare).
- ``work.log(entry)``: a roll-log entry (chained at the write); ``work.emit(event, data, to=...)``: a push.

Nothing is written while the handler runs. Then ``settle`` writes every
change, the log entries and the answer (a job: its receipt) in one
compare-and-set (``Store.commit``), if nothing the work read has changed
since; else the handler runs again on a fresh work. Only then are the
pushes sent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..encoded import dumps, loads
from ..protocol import ErrorCode, RequestError
from ..schemas.pushes import failure
from .auth import Identity
from .store import (
    ANSWER_MAX_BYTES,
    ANSWER_TTL_SECONDS,
    CHANGE_ATTEMPTS,
    PENDING,
    RECEIPTED,
    WRITTEN,
    Commit,
    Store,
    TableRead,
    World,
    actors_key,
    combat_action,
    fight_of,
    system_state_key,
    world_key,
    world_of,
)
from .visibility import readers


class Work:
    """See the module's docstring. ``sid``: the requesting connection (None in a job)."""

    def __init__(self, store: Store, identity: Identity, sid: str | None = None,
                 world_fields: list | None = None, fight: tuple[list[str], list[str], dict] | None = None,
                 request_id: RequestId | None = None, token_generation: int | None = None,
                 log_head: tuple[str | None] | None = None):
        self.store, self.identity, self.sid, self._request_id = store, identity, sid, request_id
        self._generation = token_generation
        self._log_head = log_head  # (the head as the request's first read brought it,), or None: read at the commit
        self._world = world_of(identity.world_id, world_fields, store.keyring) if world_fields is not None else None
        self._claimed_fight = fight
        self._tokens: dict[str, list] = {}  # token id -> [text read, text now]
        self._combats: dict[str, list] = {}  # scene id -> [text read, text now]
        self._states: dict[str, list] = {}  # system -> [text read, text now]
        self._texts: dict[str, list] = {}  # key -> [text read, text now]
        self._hashes: dict[str, list] = {}  # key -> [fields read, fields now]
        self._appended: list[tuple[str, str, int]] = []  # (list key, text, items kept)
        self._undone: dict[str, str] = {}  # token id -> the state it went back to
        self._writes: list[tuple[str, str, dict]] = []  # the GM's settings and the like: (op, key, arguments)
        self._fields: dict[tuple[str, str], list] = {}  # (hash key, field) -> [text read, text now]
        self.entries: list[tuple[str, dict, list[str] | None]] = []  # (text, entry, who sees it)
        self.pushes: list[tuple[str, Any, dict]] = []

    @property
    def world_id(self) -> str:
        return self.identity.world_id

    @property
    def world(self) -> World:
        if self._world is None:
            self._world = self.store.world(self.world_id)
        return self._world

    def token_generation(self) -> int:
        """How many times the GM revoked the sender's tokens (read with the request, else now)."""
        if self._generation is None:
            self._generation = self.store.token_generation(self.world_id, self.identity.user)
        return self._generation

    def claim(self) -> None:
        """Make sure this request's id runs once from here on, before an effect
        that leaves the work (a queued job); a job's work has no id to claim."""
        if self._request_id is not None:
            self._request_id.claim()

    # -- what it tells ---------------------------------------------------------

    def log(self, entry: dict) -> None:
        """A roll-log entry, written with the work's changes, chained after the log's newest
        (a card: found again by its ``roll_id``)."""
        self.entries.append((dumps(entry), entry, readers(entry)))

    def emit(self, event: str, data: Any, **where) -> None:
        """A push (``where``: Flask-SocketIO's ``to``, ``skip_sid``), sent once the work is written."""
        self.pushes.append((event, data, where))

    # -- tokens and combats ----------------------------------------------------

    def fight(self, token_ids: list[str], extra: list[str] = ()) -> TableRead:
        """Tokens and the combat in the first one's scene; the plain keys
        ``extra`` are read with them, for ``get``."""
        claimed, self._claimed_fight = self._claimed_fight, None
        extra = [key for key in extra if key not in self._texts]
        if claimed and claimed[0] == token_ids and claimed[1] == extra:
            read, texts = fight_of(token_ids, extra, claimed[2])
        else:
            read, texts = self.store.read_fight(self.world_id, token_ids, extra)
        for key, text in texts.items():
            self._texts.setdefault(key, [text, text])
        return self._seen(read)

    def read_table(self, token_ids: list[str], scene_id: str | None) -> TableRead:
        """Tokens (None: untracked) and a scene's combat, as this work has them."""
        unseen = [token_id for token_id in token_ids if token_id not in self._tokens]
        scene_unseen = scene_id is not None and scene_id not in self._combats
        if unseen or scene_unseen:
            self._seen(self.store.read_table(self.world_id, unseen, scene_id if scene_unseen else None))
        combat = self._combats[scene_id][1] if scene_id is not None else None
        return TableRead({token_id: self._tokens[token_id][1] for token_id in token_ids}, combat, scene_id)

    def tokens(self, token_ids: list[str]) -> dict[str, dict]:
        """The tracked ones of ``token_ids``, decoded."""
        return self.read_table(token_ids, None).token_states()

    def combat(self, scene_id: str) -> dict | None:
        return self.read_table([], scene_id).combat_state

    def change_table(self, token_ids: list[str], scene_id: str | None, change: Callable, read: TableRead | None = None) -> Any:
        """Hold what ``change(read)`` returns, ``(token states by id, the scene's
        combat or None or ``AS_READ``, answer)``, and return the answer; ``read``:
        ``read_table(token_ids, scene_id)`` unless given. A token left out is unchanged."""
        read = read or self.read_table(token_ids, scene_id)
        tokens_after, combat_after, answer = change(read)
        for token_id, state in tokens_after.items():
            self._tokens[token_id][1] = dumps(state)
        action = combat_action(read, combat_after)
        if action != "keep":
            self._combats[read.scene_id][1] = dumps(combat_after) if action == "set" else None
        return answer

    def _seen(self, read: TableRead) -> TableRead:
        """``read``, with what this work read or changed before in place of what was read now."""
        for token_id, text in read.tokens.items():
            self._tokens.setdefault(token_id, [text, text])
        if read.scene_id is not None:
            self._combats.setdefault(read.scene_id, [read.combat, read.combat])
        combat = self._combats[read.scene_id][1] if read.scene_id is not None else None
        return TableRead({token_id: self._tokens[token_id][1] for token_id in read.tokens}, combat, read.scene_id)

    def undo_token(self, token_id: str, undo: Callable[[dict, dict], dict]) -> tuple[dict, dict] | None:
        """Put token ``token_id`` back as ``undo(current, earlier)`` makes it
        from its state before its last change, which leaves its history.
        ``(current, restored)``, or None: untracked, or no change to undo."""
        current = self.read_table([token_id], None).tokens[token_id]
        earlier = self.store.last_token_state(self.world_id, token_id)
        if current is None or earlier is None:
            return None
        restored = undo(loads(current), loads(earlier))
        self._tokens[token_id][1], self._undone[token_id] = dumps(restored), earlier
        return loads(current), restored

    # -- the GM's settings, the world's system, actors and equipment -----------------

    def save_settings(self, settings: dict) -> None:
        self._writes.append(("hset", world_key(self.world_id), {"field": "settings", "value": dumps(settings)}))

    def set_system(self, system: str) -> None:
        """Make ``system`` the rule system the world plays; every system's state stays where it is."""
        self._writes.append(("hset", world_key(self.world_id), {"field": "system", "value": system}))

    def assign_actors(self, user: str, actor_ids: list[str]) -> None:
        """Make ``actor_ids`` exactly the actors ``user`` owns."""
        key = actors_key(self.world_id, user)
        self._writes += [("del", key, {}), *(("sadd", key, {"value": actor_id}) for actor_id in actor_ids)]

    # -- versioned keys a rule system names -------------------------------------

    def get(self, key: str) -> str | None:
        """A plain key's text as this work has it (None: absent)."""
        if key not in self._texts:
            text = self.store.redis.get(key)
            self._texts[key] = [text, text]
        return self._texts[key][1]

    def set(self, key: str, text: str) -> None:
        """Hold ``text`` for a plain key: written if it still holds what this work read."""
        self.get(key)
        self._texts[key][1] = text

    def hash(self, key: str) -> dict[str, str]:
        """A whole hash as this work has it; written only if no field changed since."""
        if key not in self._hashes:
            read = self.store.redis.hgetall(key)
            self._hashes[key] = [read, dict(read)]
        return dict(self._hashes[key][1])

    def hset(self, key: str, field: str, text: str) -> None:
        """Hold ``text`` for a field of a hash read whole (``hash``)."""
        self.hash(key)
        self._hashes[key][1][field] = text

    def append(self, key: str, text: str, keep: int) -> None:
        """Add ``text`` as a list's newest item, keeping its ``keep`` newest (nothing to compare)."""
        self._appended.append((key, text, keep))

    def field(self, key: str, field: str) -> str | None:
        """A hash field's text as this work has it (None: absent)."""
        if (key, field) not in self._fields:
            text = self.store.redis.hget(key, field)
            self._fields[key, field] = [text, text]
        return self._fields[key, field][1]

    def set_field(self, key: str, field: str, text: str) -> None:
        """Hold ``text`` for a hash field: written if the field still holds what this work read."""
        self.field(key, field)
        self._fields[key, field][1] = text

    # -- rule systems' state -------------------------------------------------------

    def system_state(self, system: str) -> dict | None:
        """Rule system ``system``'s state document in the world, as this work has it (None: none yet)."""
        if system not in self._states:
            text = self.store.system_state_text(self.world_id, system)
            self._states[system] = [text, text]
        text = self._states[system][1]
        return loads(text) if text is not None else None

    def change_system_state(self, system: str, change: Callable[[dict | None], tuple[dict, Any]]) -> tuple[dict, Any]:
        """Hold the state ``change(state)`` returns; return it and ``change``'s answer."""
        state, answer = change(self.system_state(system))
        self._states[system][1] = dumps(state)
        return state, answer

    # -- the write ----------------------------------------------------------------

    def commit(self) -> Commit:
        """The work's changes, each with what it read that they depend on:
        nothing to compare when it changes nothing (a missed attack's answer
        stands as of its read)."""
        commit = Commit()
        if any(now != read for read, now in (*self._tokens.values(), *self._combats.values())):
            commit.table(self.world_id, self._tokens, self._combats, self._undone)
        keyed = any(now != read for read, now in (*self._texts.values(), *self._hashes.values()))
        if keyed or self._appended:  # a system's keys: all it read, compared, when any changes
            for key, (read, now) in self._texts.items():
                commit.expect(key, read)
                if now != read:
                    commit.write("set", key, value=now)
            for key, (read, now) in self._hashes.items():
                commit.expect_hash(key, read)
                for field, text in now.items():
                    if read.get(field) != text:
                        commit.write("hset", key, field=field, value=text)
            for key, text, keep in self._appended:
                commit.write("append", key, value=text, keep=keep)
        for system, (read, now) in self._states.items():
            if now != read:
                key = system_state_key(self.world_id, system)
                commit.expect(key, read)
                commit.write("set", key, value=now)
        for (key, field), (read, now) in self._fields.items():
            if now != read:
                commit.expect(key, read, field)
                commit.write("hset", key, field=field, value=now)
        for op, key, arguments in self._writes:
            commit.write(op, key, **arguments)
        if self.entries:
            head = self._log_head[0] if self._log_head is not None else self.store.log_head(self.world_id)
            commit.log(self.world_id, head, self.entries)
        return commit


class AnsweredElsewhere(Exception):
    """Another run of the same request id claimed it first."""


class RequestId:
    """A request id's key, and whether this request claimed it (``Work.claim``), across its runs."""

    def __init__(self, store: Store, key: str):
        self.store, self.key, self.claimed = store, key, False

    def claim(self) -> None:
        if not self.claimed:
            if not self.store.claim(self.key):
                raise AnsweredElsewhere(self.key)
            self.claimed = True

    def replaces(self) -> str:
        """What the answer may replace when written: this request's claim, or nothing."""
        return PENDING if self.claimed else ""


def answer_once(store: Store, identity: Identity, key: str, run: Callable[[Work], Any],
                fight: list[str] | None = None, sid: str | None = None, extra: list[str] = (),
                bound: tuple[str, str] | None = None) -> tuple[Work | None, Any]:
    """The first answer to a request id, under ``key``: ``run(work)``'s,
    written with the work's changes and the answer in one compare-and-set
    (``settle``), unless an answer is there by then. One read first brings
    the answer kept under ``key``, the world and, with ``fight`` (token
    ids), their fight. ``(the work written, its answer)``, or ``(None, the
    answer already stored)`` for a repeat, which waits for the first (at
    most ``CLAIM_TTL_SECONDS``). A handler whose effect leaves its work (a
    queued job) claims the id first (``Work.claim``), so that it runs once.
    If ``run`` raises, nothing is written and the id may be sent again. An
    answer larger than ``ANSWER_MAX_BYTES`` is kept as an ``answer_not_kept`` refusal."""
    bound = bound or (f"{key}:event", key)
    read = store.read_request(key, identity.world_id, identity.user, bound, fight, extra)
    if read.bound_to is not None and read.bound_to != bound[1]:
        message = f"this request id was sent with '{read.bound_to}': a new request needs a new id"
        raise RequestError(ErrorCode.INVALID, message, {"request_id": [message]})
    if read.kept is not None:
        return None, store.await_answer(key)
    world_fields, fight_read = read.world, read.fight
    request_id = RequestId(store, key)

    def work(attempt: int) -> Work:
        prefetched = (fight, list(extra), fight_read) if fight_read is not None and not attempt else None
        first = not attempt
        return Work(store, identity, sid, world_fields, prefetched, request_id, read.generation if first else None,
                    (read.log_head,) if first else None)

    try:
        written, answer = settle(store, work, run, key, ANSWER_TTL_SECONDS, request_id.replaces, _kept_answer)
    except AnsweredElsewhere:
        return None, store.await_answer(key)
    except BaseException:
        if request_id.claimed:
            store.release(key)
        raise
    return (written, answer) if written is not None else (None, store.await_answer(key))


def _kept_answer(envelope: dict) -> str:
    """What a retry of the request gets: the envelope, or a short refusal when it is too large to keep."""
    text = dumps(envelope)
    if len(text.encode()) <= ANSWER_MAX_BYTES:
        return text
    message = f"the first answer to this id was over {ANSWER_MAX_BYTES} bytes and was not kept: send a new request id"
    refused = RequestError(ErrorCode.ANSWER_NOT_KEPT, message, {"request_id": [message]})
    return dumps(failure(envelope.get("request_id"), refused))


def settle(store: Store, make: Callable[[int], Work], run: Callable[[Work], Any], receipt_key: str,
           ttl: int, replaces: Callable[[], str] = str, kept: Callable[[Any], str] = dumps) -> tuple[Work | None, Any]:
    """Run ``run(work)`` on ``make(attempt)`` and write the work with ``run``'s
    result as the receipt under ``receipt_key`` (``kept(result)``, kept ``ttl``
    seconds; ``replaces()``: a value it may replace, a request's claim). On a conflict,
    a fresh work runs again. ``(the work written, its result)``, or ``(None,
    the receipt already there)``. If ``run`` raises, nothing is written."""
    for attempt in range(CHANGE_ATTEMPTS):
        work = make(attempt)
        result = run(work)
        commit = work.commit()
        commit.receipt(receipt_key, kept(result), ttl, replaces())
        status = store.commit(commit)
        if status == WRITTEN:
            return work, result
        if status == RECEIPTED:
            return None, store.receipt(receipt_key)
    raise RuntimeError(f"the world {work.world_id} kept changing under {CHANGE_ATTEMPTS} attempts")
