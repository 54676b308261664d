"""A real python-socketio client that speaks the bridge's protocol."""

from __future__ import annotations

import threading
import uuid

import socketio

#: How long a test waits for an answer or a push, in seconds.
ANSWER_TIMEOUT_SECONDS = 15


class TableClient:
    """One connection to the bridge; records every push it receives."""

    def __init__(self, url: str, auth: dict, transports: tuple[str, ...] = ("websocket",)):
        self.pushes: list[tuple[str, object]] = []
        self._arrived = threading.Condition()
        self.sio = socketio.Client(reconnection=False)
        self.sio.on("*", self._record)
        self.sio.connect(url, auth={"protocol": 1, **auth}, transports=list(transports), wait_timeout=10)

    def _record(self, event, data=None) -> None:
        with self._arrived:
            self.pushes.append((event, data))
            self._arrived.notify_all()

    def request(self, event: str, **payload) -> dict:
        payload.setdefault("request_id", uuid.uuid4().hex)
        return self.sio.call(event, payload, timeout=ANSWER_TIMEOUT_SECONDS)

    def send_raw(self, event: str, payload) -> dict:
        return self.sio.call(event, payload, timeout=ANSWER_TIMEOUT_SECONDS)

    def wait_for(self, event: str, where=lambda data: True, timeout: float = ANSWER_TIMEOUT_SECONDS):
        """The first push of ``event`` whose data satisfies ``where``."""
        with self._arrived:
            found = self._arrived.wait_for(lambda: self._find(event, where), timeout)
        if not found:
            raise TimeoutError(f"no '{event}' push arrived; got {[name for name, _ in self.pushes]}")
        return found[0]

    def _find(self, event, where):
        return [data for name, data in self.pushes if name == event and where(data)]

    def received(self, event: str) -> list:
        with self._arrived:
            return self._find(event, lambda data: True)

    def close(self) -> None:
        self.sio.disconnect()
