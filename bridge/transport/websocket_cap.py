"""The WebSocket message cap, enforced while a message is read, not after.

python-engineio (4.15) checks a WebSocket message against
``max_http_buffer_size`` only once simple-websocket has read it whole, and
its gevent driver does not pass simple-websocket's own ``max_message_size``
(python-engineio issue #260, simple-websocket issue #5): one fragmented
message could grow the process by hundreds of megabytes before any check.

There is no setting for it, so this is the adapter: the Engine.IO server's
driver table (``Server._async``, chosen from ``engineio.async_drivers``)
names the class that wraps each WebSocket, a ``SimpleWebSocketWSGI`` whose
keyword arguments go to ``simple_websocket.Server``; the server's table gets
a subclass that adds ``max_message_size``. simple-websocket then counts a
message's bytes as its frames arrive and closes the connection (1009,
message too big) as soon as they pass the cap. ``install`` refuses to start
if the seam is not where it was: tests/trust/test_trust_memory.py fails then too.
"""

from __future__ import annotations

from engineio.async_drivers._websocket_wsgi import SimpleWebSocketWSGI


class SeamMoved(RuntimeError):
    """python-engineio no longer wraps WebSockets where this adapter expects."""


def install(eio, message_bytes_max: int) -> type:
    """Cap every WebSocket message ``eio`` (python-engineio's ``Server``) reads at ``message_bytes_max``; the class installed."""
    drivers = getattr(eio, "_async", None)
    wrapper = drivers.get("websocket") if isinstance(drivers, dict) else None
    if not (isinstance(wrapper, type) and issubclass(wrapper, SimpleWebSocketWSGI)):
        raise SeamMoved(f"python-engineio's {eio.async_mode!r} driver no longer wraps WebSockets in SimpleWebSocketWSGI: "
                        "see bridge/transport/websocket_cap.py before upgrading")

    class CappedWebSocket(wrapper):
        def __init__(self, handler, server, **kwargs):
            super().__init__(handler, server, **kwargs)
            self.server_args["max_message_size"] = message_bytes_max

    eio._async = {**drivers, "websocket": CappedWebSocket}  # this server's table only, never the driver module's
    return CappedWebSocket
