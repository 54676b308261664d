"""The standalone table's map: each tracked token's square, kept by the
bridge so every page of a world shows one map and measures blasts and
ranges from the same squares. A token with no square yet is given the first
free one (row by row, tokens by id) when the map is read."""

from __future__ import annotations

from ..protocol import Push, Request
from ..requests import handles, socketio, store
from ..rooms import world_room
from ..schemas.positions import COLUMNS, METRES_PER_SQUARE, ROWS
from ..store import world_key
from ..token_changes import cause_of, owned_token


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


def map_get(identity, _request: dict) -> dict:
    """The grid and every tracked token's square, placing those that have none."""
    redis, (squares, versions) = store().redis, _keys(identity.world_id)
    tracked = sorted(store().tokens(identity.world_id))
    placed = redis.hgetall(squares)
    taken = set(placed.values())
    free = (f"{x},{y}" for y in range(ROWS) for x in range(COLUMNS) if f"{x},{y}" not in taken)
    for token_id in tracked:
        if token_id not in placed:
            redis.hsetnx(squares, token_id, next(free, "0,0"))
            redis.hsetnx(versions, token_id, 1)
    placed, known = redis.hgetall(squares), redis.hgetall(versions)
    return {
        "columns": COLUMNS, "rows": ROWS, "metres_per_square": METRES_PER_SQUARE,
        "positions": [_position(token_id, placed[token_id], known[token_id]) for token_id in tracked],
    }


def init_app(app) -> None:
    handles(app, Request.TOKEN_MOVE)(move)
    handles(app, Request.MAP_GET)(map_get)
