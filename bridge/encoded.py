"""JSON text: made once and spliced into every message that carries it,
and the JSON module Socket.IO's packets are made and read with.

A roll card's entry goes to the roll log, into the stored answer, in the
table's push and in the acknowledgement: encoding it once and splicing that
text into the others saves three encodings of ~1.3 KB per roll
(bench/roll_latency). The text is compact (no spaces), as Socket.IO sends it,
and UTF-8 (non-ASCII characters as they are, not ``\\u`` escapes).

orjson makes and reads the texts: on a roll card it encodes about 10x and
decodes about 3x quicker than the standard library (bench/README.md). What it
refuses, the standard library's ``json`` handles as before: a string with a
lone surrogate (JSON's ``\\ud800`` escape decodes to one), keys that are not
strings, integers beyond 64 bits, and, read, ``NaN`` and ``Infinity``. Written,
NaN and the infinities become ``null``: JSON has no such numbers, and a
browser's ``JSON.parse`` refuses the standard library's ``NaN``.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson
from socketio.packet import Packet

#: The standard library's compact encoder, for what orjson refuses.
_standard = json.JSONEncoder(separators=(",", ":")).encode
#: Dataclasses and datetimes stay refused (``TypeError``), as ``json`` refuses them.
_AS_JSON_DOES = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


class Encoded(dict):
    """A JSON object that keeps its text (``json``), made when it is built.

    Build it last: it must never change afterwards. A value of it that is
    itself ``Encoded`` is spliced in, not encoded again.
    """

    __slots__ = ("json",)

    def __init__(self, fields: dict[str, Any]):
        super().__init__(fields)
        self.json = _spliced_object(fields) if _holds_encoded(fields.values()) else compact(fields)


def compact(value: Any) -> str:
    """Compact JSON of ``value`` (``TypeError`` for what JSON cannot hold, as ``json.dumps``)."""
    try:
        return orjson.dumps(value, option=_AS_JSON_DOES).decode()
    except orjson.JSONEncodeError:
        return _standard(value)


def loads(text: str | bytes) -> Any:
    """The value of a JSON text (``ValueError`` for one that is not JSON, as ``json.loads``)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def dumps(value: Any) -> str:
    """Compact JSON of ``value``. An ``Encoded`` value, or item of a list or
    tuple ``value`` is (Socket.IO's ``[event, data]``, a job's pushes), at
    any depth of lists, gives its own text."""
    if isinstance(value, Encoded):
        return value.json
    if isinstance(value, (list, tuple)) and _holds_encoded(value):
        return f"[{','.join(map(dumps, value))}]"
    return compact(value)


def _holds_encoded(values) -> bool:
    return any(
        isinstance(value, Encoded) or (isinstance(value, (list, tuple)) and _holds_encoded(value)) for value in values
    )


def _spliced_object(fields: dict[str, Any]) -> str:
    if not all(isinstance(key, str) for key in fields):
        return compact(fields)  # json.dumps's own key rules
    return "{" + ",".join(f"{compact(key)}:{dumps(value)}" for key, value in fields.items()) + "}"


#: Digits an integer in a client's message may have (python-engineio's own reader's bound).
INTEGER_DIGITS_MAX = 100
#: The start of an event's packet, ``["name",``: enough to answer one whose arguments cannot be read.
_EVENT = re.compile(r'\s*\[\s*("(?:[^"\\]|\\.){1,200}")\s*,')


class Unreadable:
    """What stands for an event's arguments that are not readable JSON (nested
    too deeply, a number too long, broken), so the event's handler answers
    ``invalid`` instead of the packet being dropped unanswered."""

    __slots__ = ("reason",)

    def __init__(self, reason: str):
        self.reason = reason


class SocketIOJson:
    """The ``json`` module python-socketio and python-engineio are given
    (their documented ``json=`` option): packets made by ``dumps`` above,
    always compact, as their own calls ask; read by ``loads`` above, but an
    integer longer than ``INTEGER_DIGITS_MAX`` digits is not read, and an
    event whose arguments are not readable gets ``Unreadable`` for them."""

    @staticmethod
    def dumps(value: Any, separators: tuple[str, str] | None = None) -> str:
        return dumps(value)

    @staticmethod
    def loads(text: str | bytes) -> Any:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
        try:
            return json.loads(text, parse_int=_bounded_int)
        except (ValueError, RecursionError) as error:
            event = _EVENT.match(text.decode(errors="replace") if isinstance(text, bytes) else text)
            if event is None:
                raise ValueError("not a readable event") from error
            reason = "nested too deeply" if isinstance(error, RecursionError) else str(error)
            return [json.loads(event.group(1)), Unreadable(reason)]


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > INTEGER_DIGITS_MAX:
        raise ValueError(f"a number has more than {INTEGER_DIGITS_MAX} digits")
    return int(digits)


class TextPacket(Packet):
    """Socket.IO's packet as the bridge sends it (python-socketio's documented
    ``serializer=``, a ``Packet`` subclass): JSON text only. The protocol has
    no binary attachments, so an outgoing packet is not searched for bytes
    (the default walks every value of every card sent); the flag is the one
    python-socketio's own msgpack packet sets. Received binary packets are
    read as before."""

    uses_binary_events = False
