"""One request's or one job's unit of work: what it read, what it changes, what it tells.

Every handler is ``handler(unit, request) -> result`` (registered with
``bridge.requests.handles``); a job's rules run against a unit too
(``workers.effects``). The unit is the handler's one way to the world:

- ``unit.identity``: who sent the request (``world_id``, ``user``, ``is_gm``).
- ``unit.world``: the world, as read with the request id's claim.
- ``unit.store``: plain reads that no change depends on (``owns_actor``, ``card``...).
- ``unit.fight(token_ids)``: tokens, their scene's combat and the world's
  equipment (as read with the claim when the handler declared them,
  ``handles(..., fight=...)``); ``unit.tokens(token_ids)``, ``unit.combat(scene_id)``.
- ``unit.change_table(token_ids, scene_id, change, read=None)``,
  ``unit.change_moments(change, **marks)``, ``unit.change_system_state(system, change)``,
  ``unit.undo_token(token_id, undo)``: changes, held in the unit; a later
  read in the same unit sees them. ``unit.system_state(system)``: a read of one.
- ``unit.save_settings``, ``unit.set_system``, ``unit.assign_actors``,
  ``unit.save_arsenal``: the GM's writes, held too (nothing to compare).
- ``unit.log(entry)``: a roll-log entry (chained at the write); ``unit.emit(event, data, to=...)``: a push.

Nothing is written while the handler runs. Then ``settle`` writes every
change, the log entries and the answer (a job: its receipt) in one
compare-and-set (``Store.commit``), if nothing the unit read has changed
since; else the handler runs again on a fresh unit. Only then are the
pushes sent. Helpers above the unit take it as their first argument:
``cards.publish``, ``token_changes.change_tokens``, ``combat_changes.change_fight``,
``systems.state.change_state``, ``world_rules.world_dials``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .auth import Identity
from .encoded import dumps, loads
from .protocol import ErrorCode, RequestError, failure
from .store import (
    ANSWER_MAX_BYTES,
    ANSWER_TTL_SECONDS,
    CHANGE_ATTEMPTS,
    PENDING,
    RECEIPTED,
    WRITTEN,
    Commit,
    MomentsRead,
    MomentsWrite,
    Store,
    TableRead,
    World,
    actors_key,
    arsenal_key,
    combat_action,
    fight_of,
    system_state_key,
    world_key,
    world_of,
)
from .visibility import readers


class Unit:
    """See the module's docstring. ``sid``: the requesting connection (None in a job)."""

    def __init__(self, store: Store, identity: Identity, sid: str | None = None,
                 world_fields: list | None = None, fight: tuple[list[str], dict] | None = None):
        self.store, self.identity, self.sid = store, identity, sid
        self._world = world_of(identity.world_id, world_fields, store.keyring) if world_fields is not None else None
        self._claimed_fight = fight
        self._tokens: dict[str, list] = {}  # token id -> [text read, text now]
        self._combats: dict[str, list] = {}  # scene id -> [text read, text now]
        self._moments: list | None = None  # [as read, as now, the change so far]
        self._states: dict[str, list] = {}  # system -> [text read, text now]
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

    # -- what it tells ---------------------------------------------------------

    def log(self, entry: dict) -> None:
        """A roll-log entry, written with the unit's changes, chained after the log's newest
        (a card: found again by its ``roll_id``)."""
        self.entries.append((dumps(entry), entry, readers(entry)))

    def emit(self, event: str, data: Any, **where) -> None:
        """A push (``where``: Flask-SocketIO's ``to``, ``skip_sid``), sent once the unit is written."""
        self.pushes.append((event, data, where))

    # -- tokens and combats ----------------------------------------------------

    def fight(self, token_ids: list[str]) -> tuple[TableRead, dict[str, list[dict]]]:
        """Tokens, the combat in the first one's scene and the world's own equipment."""
        claimed, self._claimed_fight = self._claimed_fight, None
        if claimed and claimed[0] == token_ids:
            read, arsenal = fight_of(token_ids, claimed[1])
        else:
            read, arsenal = self.store.read_fight(self.world_id, token_ids)
        return self._seen(read), arsenal

    def read_table(self, token_ids: list[str], scene_id: str | None) -> TableRead:
        """Tokens (None: untracked) and a scene's combat, as this unit has them."""
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
        """``read``, with what this unit read or changed before in place of what was read now."""
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

    def save_arsenal(self, items: dict[str, list[dict]]) -> None:
        """The world's own equipment becomes ``items``, ``{kind: [item, ...]}``."""
        self._writes.append(("set", arsenal_key(self.world_id), {"value": dumps(items)}))

    # -- other hash fields (the map's squares) -----------------------------------

    def field(self, key: str, field: str) -> str | None:
        """A hash field's text as this unit has it (None: absent)."""
        if (key, field) not in self._fields:
            text = self.store.redis.hget(key, field)
            self._fields[key, field] = [text, text]
        return self._fields[key, field][1]

    def set_field(self, key: str, field: str, text: str) -> None:
        """Hold ``text`` for a hash field: written if the field still holds what this unit read."""
        self.field(key, field)
        self._fields[key, field][1] = text

    # -- Moments of Truth --------------------------------------------------------

    def change_moments(self, change: Callable[[MomentsRead], tuple[MomentsWrite, Any]], **marks) -> Any:
        """Hold the change ``change(read)`` returns and return its answer;
        ``read``: the Moments of Truth as ``Store.moments(**marks)`` reads
        them, with this unit's earlier changes."""
        if self._moments is None:
            read = self.store.moments(self.world_id, **marks)
            self._moments = [read, read, MomentsWrite({})]
        elif marks:  # marks not read yet: those of this change
            extra = self.store.moments(self.world_id, **marks)
            now = self._moments[1]
            self._moments[1] = MomentsRead(
                now.balances, now.uses_text, {**extra.first_sessions, **now.first_sessions}, now.setback or extra.setback
            )
        _, now, so_far = self._moments
        after, answer = change(now)
        uses = after.uses if after.uses is not None else so_far.uses
        self._moments[2] = MomentsWrite(
            {**so_far.balances, **after.balances}, uses, [*so_far.entries, *after.entries],
            {**so_far.first_sessions, **after.first_sessions}, {**so_far.setbacks, **after.setbacks},
        )
        self._moments[1] = MomentsRead(
            {**now.balances, **after.balances}, dumps(uses) if uses is not None else now.uses_text,
            {**now.first_sessions, **after.first_sessions}, now.setback,
        )
        return answer

    # -- rule systems' state -------------------------------------------------------

    def system_state(self, system: str) -> dict | None:
        """Rule system ``system``'s state document in the world, as this unit has it (None: none yet)."""
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
        """The unit's changes, each with what it read that they depend on:
        nothing to compare when it changes nothing (a missed attack's answer
        stands as of its read)."""
        commit = Commit()
        if any(now != read for read, now in (*self._tokens.values(), *self._combats.values())):
            commit.table(self.world_id, self._tokens, self._combats, self._undone)
        if self._moments is not None:
            read, _, after = self._moments
            seated = any(read.balances.get(player) != moments for player, moments in after.balances.items())
            if seated or after.uses is not None or after.entries or after.first_sessions or after.setbacks:
                commit.moments(self.world_id, read, after)
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
            commit.log(self.world_id, self.store.log_head(self.world_id), self.entries)
        return commit


def answer_once(store: Store, identity: Identity, key: str, run: Callable[[Unit], Any],
                fight: list[str] | None = None, sid: str | None = None) -> tuple[Unit | None, Any]:
    """The first answer to a request id, under ``key``: ``run(unit)``'s,
    written with the unit's changes (``settle``), ``run`` running only once
    for the id. The claim of the id reads the world and, with ``fight``
    (token ids), their fight, for the first unit. ``(the unit written, its
    answer)``, or ``(None, the answer already stored)`` for a repeat, which
    waits for the first (at most ``CLAIM_TTL_SECONDS``). If ``run`` raises,
    nothing is written and the id may be sent again. An answer larger than
    ``ANSWER_MAX_BYTES`` is kept as an ``answer_not_kept`` refusal."""
    claimed = store.claim(key, identity.world_id, fight)
    if claimed is None:
        return None, store.await_answer(key)
    world_fields, fight_read = claimed

    def unit(attempt: int) -> Unit:
        prefetched = (fight, fight_read) if fight_read is not None and not attempt else None
        return Unit(store, identity, sid, world_fields, prefetched)

    try:
        return settle(store, unit, run, key, ANSWER_TTL_SECONDS, PENDING, _kept_answer)
    except BaseException:
        store.release(key)
        raise


def _kept_answer(envelope: dict) -> str:
    """What a retry of the request gets: the envelope, or a short refusal when it is too large to keep."""
    text = dumps(envelope)
    if len(text.encode()) <= ANSWER_MAX_BYTES:
        return text
    message = f"the first answer to this id was over {ANSWER_MAX_BYTES} bytes and was not kept: send a new request id"
    refused = RequestError(ErrorCode.ANSWER_NOT_KEPT, message, {"request_id": [message]})
    return dumps(failure(envelope.get("request_id"), refused))


def settle(store: Store, make: Callable[[int], Unit], run: Callable[[Unit], Any], receipt_key: str,
           ttl: int, replaces: str = "", kept: Callable[[Any], str] = dumps) -> tuple[Unit | None, Any]:
    """Run ``run(unit)`` on ``make(attempt)`` and write the unit with ``run``'s
    result as the receipt under ``receipt_key`` (``kept(result)``, kept ``ttl``
    seconds; ``replaces``: a value it may replace, a request's claim). On a conflict,
    a fresh unit runs again. ``(the unit written, its result)``, or ``(None,
    the receipt already there)``. If ``run`` raises, nothing is written."""
    for attempt in range(CHANGE_ATTEMPTS):
        unit = make(attempt)
        result = run(unit)
        commit = unit.commit()
        commit.receipt(receipt_key, kept(result), ttl, replaces)
        status = store.commit(commit)
        if status == WRITTEN:
            return unit, result
        if status == RECEIPTED:
            return None, store.receipt(receipt_key)
    raise RuntimeError(f"the world {unit.world_id} kept changing under {CHANGE_ATTEMPTS} attempts")
