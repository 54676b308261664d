"""The capacity benchmark's anchors: minimal Socket.IO servers doing what a
roll does on the wire, and nothing else.

A client connects with ``auth={"world": W}`` and joins W's room. A ``roll``
is acknowledged with a card of about a roll card's size, and the same card
is pushed (``roll.result``) to the rest of the room.

``python -m bench.anchors threaded PORT``: python-socketio, threading mode,
on Werkzeug's threaded server with simple-websocket.
``python -m bench.anchors async PORT``: python-socketio's ``AsyncServer`` on
aiohttp. The Node anchor is ``bench/node_echo/echo.js``.
"""

from __future__ import annotations

import sys

import socketio

#: About the size of a skill roll's card (1.3 KB of JSON).
CARD = {
    "world": "w", "user": "u", "actor_id": "hero", "kind": "skill", "visibility": "public",
    "result": {"faces": [6, 5, 4, 2, 1], "successes": 2, "setbacks": 1, "explanation": "x" * 900},
}


def _events(server) -> None:
    @server.event
    def connect(sid, environ, auth):
        server.enter_room(sid, (auth or {}).get("world", "w"))

    @server.on("roll")
    def roll(sid, data):
        room = next(room for room in server.rooms(sid) if room != sid)
        card = {**CARD, "roll_id": data.get("request_id")}
        server.emit("roll.result", card, to=room, skip_sid=sid)
        return {"ok": True, "request_id": data.get("request_id"), "result": card}


def _async_events(server) -> None:
    @server.event
    async def connect(sid, environ, auth):
        await server.enter_room(sid, (auth or {}).get("world", "w"))

    @server.on("roll")
    async def roll(sid, data):
        room = next(room for room in server.rooms(sid) if room != sid)
        card = {**CARD, "roll_id": data.get("request_id")}
        await server.emit("roll.result", card, to=room, skip_sid=sid)
        return {"ok": True, "request_id": data.get("request_id"), "result": card}


def threaded(port: int) -> None:
    from werkzeug.serving import make_server

    server = socketio.Server(async_mode="threading")
    _events(server)
    make_server("127.0.0.1", port, socketio.WSGIApp(server), threaded=True).serve_forever()


def asynchronous(port: int) -> None:
    from aiohttp import web

    server = socketio.AsyncServer(async_mode="aiohttp")
    app = web.Application()
    server.attach(app)
    _async_events(server)
    web.run_app(app, host="127.0.0.1", port=port, print=None)


if __name__ == "__main__":
    {"threaded": threaded, "async": asynchronous}[sys.argv[1]](int(sys.argv[2]))
