"""The shared requests, the table core's in every world: ``token.register``,
``token.move``, ``table.snapshot``, ``map.get``, ``map.blast`` and the
combat tracker (``combat.start``, ``join``, ``leave``, ``initiative``,
``next``, ``end``). Each runs the base game's handler here unless the world's
system overrides it (``Table.handlers``), once the system's schema of the
event has loaded the payload (``Table.schemas``)."""

from __future__ import annotations

from math import hypot

from ..encoded import dumps, loads
from ..protocol import ErrorCode, Push, Request, RequestError
from ..rules.dice import RandomDice
from ..systems import table_of
from ..transport.rooms import world_room
from .combats import acting_seat, acting_tokens, push_combat
from .publish import publish
from .schemas import COLUMNS, ROWS
from .store import world_key
from .tokens import CORE_FIELDS, cause_of, owned, push_changed, records

_dice = RandomDice()


# --- tokens --------------------------------------------------------------------------


def register(work, register_request: dict) -> dict:
    """Start tracking a token, or change its sheet (GM only), as the world's system builds it."""
    table, token_id = table_of(work.world.system), register_request["token_id"]
    token = {name: register_request[name] for name in CORE_FIELDS if name in register_request}
    sheet = {name: value for name, value in register_request.items() if name not in (*CORE_FIELDS, "request_id")}
    previous = work.tokens([token_id]).get(token_id)
    record = table.register(previous, token, sheet) | {"version": (previous["version"] if previous else 0) + 1}
    work.change_table([token_id], None, lambda read: ({token_id: record}, None, None))
    return push_changed(work, table.view, Request.TOKEN_REGISTER, register_request, record, [])


def snapshot(work, snapshot_request: dict) -> dict:
    """Every tracked token with how it shows, and every running combat (of one scene, or all)."""
    scene_id, world_id, view = snapshot_request["scene_id"], work.world_id, table_of(work.world.system).view
    tokens = [record for record in work.store.tokens(world_id).values() if scene_id in (None, record["scene_id"])]
    combats = [combat for scene, combat in work.store.combats(world_id).items() if scene_id in (None, scene)]
    tokens.sort(key=lambda record: record["token_id"])
    return {"tokens": tokens, "views": {record["token_id"]: view(record) for record in tokens}, "combats": combats}


# --- the map -------------------------------------------------------------------------


def _squares_key(world_id: str) -> str:
    """The squares: ``token_id -> {x, y, version}`` (JSON)."""
    return f"{world_key(world_id)}:positions"


def move(work, move_request: dict) -> dict:
    """Put the token on its square and tell the table (the GM moves any token, a player their own)."""
    token_id = move_request["token_id"]
    owned(work, token_id)
    key = _squares_key(work.world_id)
    held = work.field(key, token_id)
    version = (loads(held)["version"] if held else 0) + 1
    position = {"token_id": token_id, "x": move_request["x"], "y": move_request["y"], "version": version}
    work.set_field(key, token_id, dumps({"x": position["x"], "y": position["y"], "version": version}))
    cause = cause_of(work, Request.TOKEN_MOVE, move_request)
    work.emit(Push.TOKEN_MOVED.value, position | {"cause": cause}, to=world_room(work.world_id))
    return position


def positions(work) -> list[dict]:
    """Every tracked token's square, placing those that have none on the
    first free one (row by row, tokens by id)."""
    key = _squares_key(work.world_id)
    tracked = sorted(work.store.tokens(work.world_id))
    placed = {token_id: loads(text) for token_id, text in work.store.redis.hgetall(key).items()}
    taken = {(square["x"], square["y"]) for square in placed.values()}
    free = ((x, y) for y in range(ROWS) for x in range(COLUMNS) if (x, y) not in taken)
    for token_id in tracked:
        if token_id not in placed:
            x, y = next(free, (0, 0))
            placed[token_id] = {"x": x, "y": y, "version": 1}
            work.set_field(key, token_id, dumps(placed[token_id]))
    return [{"token_id": token_id, **placed[token_id]} for token_id in tracked]


def squares_apart(work, first: str, second: str) -> tuple[int, int] | None:
    """How many squares across and down ``second`` is from ``first`` (None: either has no square)."""
    key = _squares_key(work.world_id)
    held = [work.field(key, token_id) for token_id in (first, second)]
    if None in held:
        return None
    a, b = (loads(text) for text in held)
    return b["x"] - a["x"], b["y"] - a["y"]


def metres(work, across: float, down: float) -> float:
    """A distance on the map in metres, to the centimetre, at the world's system's scale."""
    return round(hypot(across, down) * table_of(work.world.system).metres_per_square, 2)


def map_get(work, _request: dict) -> dict:
    """The grid, its scale and range bands, and every tracked token's square."""
    table = table_of(work.world.system)
    bands = [{"name": name, "up_to_metres": metres} for name, metres in table.range_bands]
    return {"columns": COLUMNS, "rows": ROWS, "metres_per_square": table.metres_per_square, "range_bands": bands,
            "positions": positions(work)}


def blast(work, blast_request: dict) -> dict:
    """An area hazard of the world's system at a point of the map: the tokens
    it reaches, each at its distance from the point (to its square's
    center), go to the hazard."""
    hazards = table_of(work.world.system).hazards
    name = blast_request["hazard"] or next(iter(hazards), None)
    if name not in hazards:
        offered = ", ".join(hazards) or "none"
        raise RequestError(ErrorCode.INVALID, f"this world's rules have no such area hazard (they offer: {offered})",
                           {"hazard": [f"one of: {offered}"]})
    hazard, center = hazards[name], blast_request["center"]
    caught = []
    for position in positions(work):
        distance = metres(work, position["x"] + 0.5 - center["x"], position["y"] + 0.5 - center["y"])
        if hazard.reach(blast_request, distance):
            caught.append({"token_id": position["token_id"], "distance": distance})
    if not caught:
        message = "no token on the map is within its reach"
        raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {"center": [message]})
    return hazard.resolve(work, blast_request, caught)


# --- the combat tracker ------------------------------------------------------------


def _no_combat(scene_id: str) -> RequestError:
    return RequestError(ErrorCode.INVALID, f"no fight is running in {scene_id!r}", {"scene_id": ["no combat"]})


def _change_combat(work, rule, request: dict, scene_id: str, change) -> dict | None:
    """Hold ``change(combat or None) -> combat after or None`` in the work and push it; the combat after."""
    before = work.combat(scene_id)
    after = change(before)
    if after is not None:
        after = after | {"version": (before["version"] + 1) if before else 1, "seat": acting_seat(after)}
    work.change_table([], scene_id, lambda read: ({}, after, None))
    push_combat(work, rule, request, scene_id, before, after)
    return after


def _seated(work, combat: dict, token_id: str, seat: str | None, field: str) -> dict:
    """``combat`` with ``token_id`` on ``seat`` (None: the system's choice)."""
    record = records(work, {token_id: field})[token_id]
    if any(combatant["token_id"] == token_id for combatant in combat["combatants"]):
        raise RequestError(ErrorCode.INVALID, f"{record['name']} fights already", {field: ["fights already"]})
    seat = seat or table_of(work.world.system).seat_of(record)
    return combat | {"combatants": [*combat["combatants"], {"token_id": token_id, "seat": seat}]}


def start(work, start_request: dict) -> dict:
    """A fight begins in the scene (GM only); one per scene."""
    scene_id = start_request["scene_id"]

    def begin(running: dict | None) -> dict:
        if running is not None:
            raise RequestError(ErrorCode.INVALID, f"a fight runs in {scene_id!r} already", {"scene_id": ["running"]})
        combat = {"scene_id": scene_id, "combatants": [], "order": [], "turn": None, "round": 1}
        for n, seated in enumerate(start_request["combatants"]):
            combat = _seated(work, combat, seated["token_id"], seated.get("seat"), f"combatants.{n}.token_id")
        return combat

    return _change_combat(work, Request.COMBAT_START, start_request, scene_id, begin)


def _running(running: dict | None, scene_id: str) -> dict:
    if running is None:
        raise _no_combat(scene_id)
    return running


def join(work, join_request: dict) -> dict:
    """A token arrives mid-fight (GM only); a new seat takes its turn after the others."""
    scene_id = join_request["scene_id"]

    def arrive(running: dict | None) -> dict:
        combat = _seated(work, _running(running, scene_id), join_request["token_id"], join_request.get("seat"), "token_id")
        seat = combat["combatants"][-1]["seat"]
        if combat["order"] and seat not in combat["order"]:
            combat = combat | {"order": [*combat["order"], seat]}
        return combat

    return _change_combat(work, Request.COMBAT_JOIN, join_request, scene_id, arrive)


def leave(work, leave_request: dict) -> dict:
    """A token leaves the fight (GM only); a seat with no token left leaves the order."""
    scene_id, token_id = leave_request["scene_id"], leave_request["token_id"]

    def depart(running: dict | None) -> dict:
        combat = _running(running, scene_id)
        kept = [combatant for combatant in combat["combatants"] if combatant["token_id"] != token_id]
        if len(kept) == len(combat["combatants"]):
            raise RequestError(ErrorCode.INVALID, f"{token_id!r} is not in this fight", {"token_id": ["not fighting"]})
        seats = {combatant["seat"] for combatant in kept}
        current = acting_seat(combat)
        order = [seat for seat in combat["order"] if seat in seats]
        turn = combat["turn"]
        if turn is not None:
            turn = order.index(current) if current in order else (turn % len(order) if order else None)
        return combat | {"combatants": kept, "order": order, "turn": turn}

    return _change_combat(work, Request.COMBAT_LEAVE, leave_request, scene_id, depart)


def initiative(work, initiative_request: dict) -> dict:
    """Set the turn order as the world's system does (GM only, once per
    fight), show how as a card when the system has one, and start the first turn."""
    scene_id, table = initiative_request["scene_id"], table_of(work.world.system)
    combat = _running(work.combat(scene_id), scene_id)
    if combat["turn"] is not None:
        raise RequestError(ErrorCode.INVALID, "the turn order is set already", {"scene_id": ["order set"]})
    if not combat["combatants"]:
        raise RequestError(ErrorCode.INVALID, "nobody fights yet: add a token to the fight", {"scene_id": ["no combatant"]})
    fighting = records(work, {c["token_id"]: "scene_id" for c in combat["combatants"]})
    order, card = table.order(combat, fighting, initiative_request, _dice)
    after = _change_combat(work, Request.COMBAT_INITIATIVE, initiative_request, scene_id,
                           lambda running: _running(running, scene_id) | {"order": order, "turn": 0, "round": 1})
    answer = {"combat": after}
    if card is not None:
        answer["card"] = publish(work, initiative_request, Request.COMBAT_INITIATIVE, card, actor_id=scene_id)
    answer["started"] = _turn(work, Push.TURN_STARTED, Request.COMBAT_INITIATIVE, initiative_request, after,
                              {"new_round": True})
    return answer


def next_turn(work, next_request: dict) -> dict:
    """End the turn of the seat that has it and start the next one's (the GM,
    or a player whose token has the turn); the world's system sees the turn
    pass first (``Table.turn_passing``), so one ``turn.started`` names the
    seat whose turn it is."""
    scene_id, meant = next_request["scene_id"], next_request["seat"]
    combat = _running(work.combat(scene_id), scene_id)
    if combat["turn"] is None:
        raise RequestError(ErrorCode.INVALID, "set the turn order first", {"scene_id": ["no turn yet"]})
    if meant is not None and meant != acting_seat(combat):
        raise RequestError(ErrorCode.INVALID, "the turn has moved on already", {"seat": ["not this seat's turn"]})
    if not work.identity.is_gm:
        acting = work.tokens(acting_tokens(combat)).values()
        if not any(work.store.owns_actor(work.world_id, work.identity.user, record["actor_id"]) for record in acting):
            raise RequestError(ErrorCode.FORBIDDEN, "only the GM or whoever has the turn passes it",
                               {"scene_id": ["not your turn"]})
    turn = combat["turn"] + 1
    wrapped = turn >= len(combat["order"])
    moved = combat | {"turn": 0 if wrapped else turn, "round": combat["round"] + wrapped}
    moved["seat"] = acting_seat(moved)
    moved = table_of(work.world.system).turn_passing(work, next_request, moved, wrapped)
    after = _change_combat(work, Request.COMBAT_NEXT, next_request, scene_id, lambda running: moved)
    ended = _turn(work, Push.TURN_ENDED, Request.COMBAT_NEXT, next_request, combat, {})
    started = _turn(work, Push.TURN_STARTED, Request.COMBAT_NEXT, next_request, after, {"new_round": wrapped})
    return {"ended": ended, "started": started}


def _turn(work, push: Push, rule, request: dict, combat: dict, fields: dict) -> dict:
    """A turn's push to the whole table; the answer carries the same."""
    turn = {"scene_id": combat["scene_id"], "round": combat["round"], "seat": acting_seat(combat), "tokens": [], **fields}
    turn["cause"] = cause_of(work, rule, request)
    work.emit(push.value, turn, to=world_room(work.world_id))
    return turn


def end(work, end_request: dict) -> dict:
    """The fight in the scene is over (GM only)."""
    scene_id = end_request["scene_id"]
    ended = _running(work.combat(scene_id), scene_id)
    _change_combat(work, Request.COMBAT_END, end_request, scene_id, lambda running: None)
    return {"ended": ended}


#: The base game's handler of each shared request.
HANDLERS = {
    Request.TOKEN_REGISTER: register,
    Request.TABLE_SNAPSHOT: snapshot,
    Request.TOKEN_MOVE: move,
    Request.MAP_GET: map_get,
    Request.MAP_BLAST: blast,
    Request.COMBAT_START: start,
    Request.COMBAT_JOIN: join,
    Request.COMBAT_LEAVE: leave,
    Request.COMBAT_INITIATIVE: initiative,
    Request.COMBAT_NEXT: next_turn,
    Request.COMBAT_END: end,
}


def init_app(app) -> None:
    from ..transport.handling import handles_shared

    for event, handler in HANDLERS.items():
        handles_shared(app, event, handler)
