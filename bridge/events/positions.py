"""The standalone table's map: each tracked token's square, kept by the
bridge so every page of a world shows one map, and a blast's distances are
measured here from those squares. A token with no square yet is given the
first free one (row by row, tokens by id) when the map is read."""

from __future__ import annotations

from math import hypot

from ..protocol import ErrorCode, Push, Request, RequestError
from ..requests import handles, socketio, store
from ..rooms import world_room
from ..rules.moment_of_truth.hazards import explosion_dice
from ..schemas.catalog import REQUESTS
from ..schemas.positions import COLUMNS, METRES_PER_SQUARE, ROWS
from ..store import world_key
from ..token_changes import cause_of, owned_token
from .hazards import queues


def _keys(world_id: str) -> tuple[str, str]:
    """The squares (``token_id -> "x,y"``) and their versions."""
    return f"{world_key(world_id)}:positions", f"{world_key(world_id)}:positions:versions"


def _position(token_id: str, square: str, version) -> dict:
    x, y = square.split(",")
    return {"token_id": token_id, "x": int(x), "y": int(y), "version": int(version)}


def move(identity, move_request: dict) -> dict:
    """Put the token on its square and tell the table (the GM moves any token, a player their own)."""
    token_id = move_request["token_id"]
    owned_token(identity, token_id)
    squares, versions = _keys(identity.world_id)
    with store().redis.pipeline() as pipe:
        pipe.hset(squares, token_id, f"{move_request['x']},{move_request['y']}")
        pipe.hincrby(versions, token_id, 1)
        _, version = pipe.execute()
    position = {"token_id": token_id, "x": move_request["x"], "y": move_request["y"], "version": version}
    cause = cause_of(identity, Request.TOKEN_MOVE, move_request)
    socketio().emit(Push.TOKEN_MOVED.value, position | {"cause": cause}, to=world_room(identity.world_id))
    return position


def _positions(world_id: str) -> list[dict]:
    """Every tracked token's square, placing those that have none."""
    redis, (squares, versions) = store().redis, _keys(world_id)
    tracked = sorted(store().tokens(world_id))
    placed = redis.hgetall(squares)
    taken = set(placed.values())
    free = (f"{x},{y}" for y in range(ROWS) for x in range(COLUMNS) if f"{x},{y}" not in taken)
    for token_id in tracked:
        if token_id not in placed:
            redis.hsetnx(squares, token_id, next(free, "0,0"))
            redis.hsetnx(versions, token_id, 1)
    placed, known = redis.hgetall(squares), redis.hgetall(versions)
    return [_position(token_id, placed[token_id], known[token_id]) for token_id in tracked]


def map_get(identity, _request: dict) -> dict:
    """The grid and every tracked token's square."""
    return {"columns": COLUMNS, "rows": ROWS, "metres_per_square": METRES_PER_SQUARE, "positions": _positions(identity.world_id)}


def blast(identity, blast_request: dict) -> dict:
    """An explosion at a point of the map: the tokens its charge reaches, each at
    its distance from the point (to its square's center, in metres to the
    centimetre), queued as ``hazard.explosion`` is."""
    center, dice = blast_request["center"], blast_request["dice"]
    caught = []
    for position in _positions(identity.world_id):
        metres = round(hypot(position["x"] + 0.5 - center["x"], position["y"] + 0.5 - center["y"]) * METRES_PER_SQUARE, 2)
        if explosion_dice(dice, metres) > 0:
            caught.append({"token_id": position["token_id"], "distance": metres, "cover": blast_request["cover"]})
    if not caught:
        message = "no token on the map is within the blast's reach"
        raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {"center": [message]})
    sent = REQUESTS[Request.MAP_BLAST.value].schema().dump(blast_request)
    explosion = {name: value for name, value in sent.items() if name not in ("center", "cover")} | {"tokens": caught}
    return queues(Request.HAZARD_EXPLOSION)(identity, REQUESTS[Request.HAZARD_EXPLOSION.value].schema().load(explosion))


def init_app(app) -> None:
    handles(app, Request.TOKEN_MOVE)(move)
    handles(app, Request.MAP_GET)(map_get)
    handles(app, Request.MAP_BLAST)(blast)
