"""No one grows the web process before logging in (issue 38, item 2),
attacked as an outsider would: WebSocket messages far over the cap, in many
fragments or one frame, on several sockets at once; chunked HTTP bodies of
unknown length to ``/handoff`` and to Engine.IO's long-polling. Each attack
is bounded, and the web process's peak memory is read from the kernel."""

from __future__ import annotations

import contextlib
import socket
import threading
from pathlib import Path

import pytest
import websocket

from bridge.app import create_app
from bridge.config import Config
from bridge.transport.limits import MESSAGE_BYTES_MAX
from bridge.transport.websocket_cap import SeamMoved, install

from ..services import Bridge, descendants

#: What one attack tries to send, in bytes: far past what the process may grow by.
ATTACK_BYTES = 120_000_000
#: How much the web process may grow over all the attacks of one test, in bytes.
GROWTH_MAX = 50_000_000
#: A frame's payload as the attacker sends it.
CHUNK = 64 * 1024


def kernel_memory(bridge: Bridge, field: str) -> int:
    """``field`` (``VmRSS``, ``VmHWM``: peak) of ``vtt-bridge web`` and the web process it runs, summed, in bytes."""
    total = 0
    for pid in [bridge.process.pid, *descendants(bridge.process.pid)]:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                total += int(line.split()[1]) * 1024
    return total


@pytest.fixture
def fresh_bridge(redis_server):
    web = Bridge(redis_server.url)
    yield web
    web.stop()


def ws_open(url: str) -> websocket.WebSocket:
    raw = websocket.create_connection(url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket", timeout=10)
    assert raw.recv().startswith("0")  # Engine.IO open: no login follows
    return raw


def send_until_cut_off(raw: websocket.WebSocket, frames) -> int:
    """Send ``frames`` until the bridge ends the connection; the bytes sent."""
    sent = 0
    try:
        for frame in frames:
            raw.send_frame(frame)
            sent += len(frame.data)
    except (OSError, websocket.WebSocketException):
        return sent
    raise AssertionError(f"the bridge read all {sent} bytes of one message")


def fragments():
    yield websocket.ABNF(fin=0, opcode=websocket.ABNF.OPCODE_TEXT, data=b"4" + b"a" * CHUNK)
    for _ in range(ATTACK_BYTES // CHUNK):
        yield websocket.ABNF(fin=0, opcode=websocket.ABNF.OPCODE_CONT, data=b"a" * CHUNK)


def test_a_websocket_message_in_fragments_far_over_the_cap_ends_its_connection_early(fresh_bridge):
    before = kernel_memory(fresh_bridge, "VmRSS")
    sent = send_until_cut_off(ws_open(fresh_bridge.url), fragments())
    assert sent < ATTACK_BYTES
    growth = kernel_memory(fresh_bridge, "VmHWM") - before
    assert growth < GROWTH_MAX, f"the web process grew by {growth} bytes before any login"


def test_one_huge_frame_on_three_sockets_at_once_is_cut_off_as_it_is_read(fresh_bridge):
    before = kernel_memory(fresh_bridge, "VmRSS")
    sockets, sent = [ws_open(fresh_bridge.url) for _ in range(3)], []

    def attack(raw):
        header = websocket.ABNF(fin=1, opcode=websocket.ABNF.OPCODE_TEXT, data=b"").format()[:1] + bytes([0x80 | 127])
        mask = b"\x00" * 4  # a zero mask: the payload goes as it is
        raw.sock.sendall(header + ATTACK_BYTES.to_bytes(8, "big") + mask)
        sent.append(send_until_cut_off_raw(raw.sock))

    attackers = [threading.Thread(target=attack, args=(raw,)) for raw in sockets]
    for attacker in attackers:
        attacker.start()
    for attacker in attackers:
        attacker.join(60)
    assert len(sent) == 3 and all(count < ATTACK_BYTES for count in sent), sent
    growth = kernel_memory(fresh_bridge, "VmHWM") - before
    assert growth < GROWTH_MAX, f"the web process grew by {growth} bytes before any login"


def send_until_cut_off_raw(sock: socket.socket) -> int:
    sent, block = 0, b"a" * CHUNK
    try:
        while sent < ATTACK_BYTES:
            sock.sendall(block)
            sent += len(block)
    except OSError:
        return sent
    raise AssertionError(f"the bridge read all {sent} bytes of one frame")


@pytest.mark.parametrize("path", ["/handoff", "/socket.io/?EIO=4&transport=polling&sid=whatever", "/healthz"])
def test_a_chunked_body_of_unknown_length_is_refused_unread(fresh_bridge, path):
    before = kernel_memory(fresh_bridge, "VmRSS")
    host, port = fresh_bridge.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                     "Transfer-Encoding: chunked\r\n\r\n".encode())
        chunk = f"{CHUNK:x}\r\n".encode() + b"a" * CHUNK + b"\r\n"
        for _ in range(16):
            sock.sendall(chunk)
        answer = sock.recv(200).decode(errors="replace")  # answered while the body is still coming
        assert answer.startswith("HTTP/1.1 411"), answer
        with contextlib.suppress(OSError):  # the rest may be drained or cut off, never kept
            for _ in range(ATTACK_BYTES // CHUNK):
                sock.sendall(chunk)
    growth = kernel_memory(fresh_bridge, "VmHWM") - before
    assert growth < GROWTH_MAX, f"the web process grew by {growth} bytes before any login"


def test_one_address_holds_a_bounded_number_of_websockets_and_all_of_them_sending_grows_little(fresh_bridge):
    before = kernel_memory(fresh_bridge, "VmRSS")
    bound = Config.from_env().sockets_per_address
    held = [ws_open(fresh_bridge.url) for _ in range(bound)]
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        ws_open(fresh_bridge.url)
    assert refused.value.status_code == 429

    def attack(raw):
        header = websocket.ABNF(fin=1, opcode=websocket.ABNF.OPCODE_TEXT, data=b"").format()[:1] + bytes([0x80 | 127])
        raw.sock.sendall(header + ATTACK_BYTES.to_bytes(8, "big") + b"\x00" * 4)
        send_until_cut_off_raw(raw.sock)

    attackers = [threading.Thread(target=attack, args=(raw,)) for raw in held]
    for attacker in attackers:
        attacker.start()
    for attacker in attackers:
        attacker.join(120)
    growth = kernel_memory(fresh_bridge, "VmHWM") - before
    assert growth < GROWTH_MAX, f"the web process grew by {growth} bytes before any login"


def test_the_cap_sits_at_the_seam_it_was_built_for(redis_server):
    """If an upgrade of python-engineio moves where it wraps a WebSocket, this fails: read bridge/transport/websocket_cap.py."""
    sio = create_app(Config(redis_url=redis_server.url)).extensions["socketio"]
    wrapper = sio.server.eio._async["websocket"]
    assert wrapper.__name__ == "CappedWebSocket"
    assert wrapper(lambda ws: None, sio.server.eio).server_args["max_message_size"] == MESSAGE_BYTES_MAX

    class Moved:
        async_mode, _async = "gevent", {"websocket": object}

    with pytest.raises(SeamMoved):
        install(Moved(), MESSAGE_BYTES_MAX)
