"""The standalone table's map: each tracked token's square, kept by the
bridge so every page of a world shows one map, and a blast's distances are
measured here from those squares. A token with no square yet is given the
first free one (row by row, tokens by id) when the map is read. An attack
between two tokens with squares takes its distance from them too
(``attack_distance``), so no page decides it."""

from __future__ import annotations

from math import hypot

from ....encoded import dumps, loads
from ....protocol import ErrorCode, Push, Request, RequestError
from ....requests import handles
from ....rooms import world_room
from ....rules.moment_of_truth.hazards import explosion_dice
from ....schemas.catalog import REQUESTS
from ....store import world_key
from ....token_changes import cause_of, owned_token
from ..schemas.positions import COLUMNS, METRES_PER_SQUARE, ROWS
from .hazards import queues


def _key(world_id: str) -> str:
    """The squares: ``token_id -> {x, y, version}`` (JSON)."""
    return f"{world_key(world_id)}:positions"


def move(unit, move_request: dict) -> dict:
    """Put the token on its square and tell the table (the GM moves any token, a player their own)."""
    token_id = move_request["token_id"]
    owned_token(unit, token_id)
    key = _key(unit.world_id)
    held = unit.field(key, token_id)
    version = (loads(held)["version"] if held else 0) + 1
    position = {"token_id": token_id, "x": move_request["x"], "y": move_request["y"], "version": version}
    unit.set_field(key, token_id, dumps({"x": position["x"], "y": position["y"], "version": version}))
    cause = cause_of(unit, Request.TOKEN_MOVE, move_request)
    unit.emit(Push.TOKEN_MOVED.value, position | {"cause": cause}, to=world_room(unit.world_id))
    return position


def _positions(unit) -> list[dict]:
    """Every tracked token's square, placing those that have none."""
    key = _key(unit.world_id)
    tracked = sorted(unit.store.tokens(unit.world_id))
    placed = {token_id: loads(text) for token_id, text in unit.store.redis.hgetall(key).items()}
    taken = {(square["x"], square["y"]) for square in placed.values()}
    free = ((x, y) for y in range(ROWS) for x in range(COLUMNS) if (x, y) not in taken)
    for token_id in tracked:
        if token_id not in placed:
            x, y = next(free, (0, 0))
            placed[token_id] = {"x": x, "y": y, "version": 1}
            unit.set_field(key, token_id, dumps(placed[token_id]))
    return [{"token_id": token_id, **placed[token_id]} for token_id in tracked]


def _metres(across: float, down: float) -> float:
    """A distance on the map in metres, to the centimetre."""
    return round(hypot(across, down) * METRES_PER_SQUARE, 2)


def attack_distance(unit, attacker_id: str, target_id: str, sent: float | None) -> float | None:
    """Metres between the attacker's and the target's squares (center to
    center) when both have one; a ``sent`` distance that disagrees is
    refused. Either without a square: ``sent``, as the client measured it."""
    key = _key(unit.world_id)
    held = [unit.field(key, token_id) for token_id in (attacker_id, target_id)]
    if None in held:
        return sent
    (attacker, target) = (loads(text) for text in held)
    metres = _metres(target["x"] - attacker["x"], target["y"] - attacker["y"])
    if sent is not None and round(sent, 2) != metres:
        message = f"the map has the target {metres:g} m away; leave distance out and the bridge measures it"
        raise RequestError(ErrorCode.INVALID, message, {"distance": [message]})
    return metres


def map_get(unit, _request: dict) -> dict:
    """The grid and every tracked token's square."""
    return {"columns": COLUMNS, "rows": ROWS, "metres_per_square": METRES_PER_SQUARE, "positions": _positions(unit)}


def blast(unit, blast_request: dict) -> dict:
    """An explosion at a point of the map: the tokens its charge reaches, each at
    its distance from the point (to its square's center, in metres to the
    centimetre), queued as ``hazard.explosion`` is."""
    center, dice = blast_request["center"], blast_request["dice"]
    caught = []
    for position in _positions(unit):
        metres = _metres(position["x"] + 0.5 - center["x"], position["y"] + 0.5 - center["y"])
        if explosion_dice(dice, metres) > 0:
            caught.append({"token_id": position["token_id"], "distance": metres, "cover": blast_request["cover"]})
    if not caught:
        message = "no token on the map is within the blast's reach"
        raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {"center": [message]})
    sent = REQUESTS[Request.MAP_BLAST.value].schema().dump(blast_request)
    explosion = {name: value for name, value in sent.items() if name not in ("center", "cover")} | {"tokens": caught}
    return queues(Request.HAZARD_EXPLOSION)(unit, REQUESTS[Request.HAZARD_EXPLOSION.value].schema().load(explosion))


def init_app(app) -> None:
    handles(app, Request.TOKEN_MOVE)(move)
    handles(app, Request.MAP_GET)(map_get)
    handles(app, Request.MAP_BLAST)(blast)
