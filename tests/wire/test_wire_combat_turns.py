"""Helpers for card requests over real Socket.IO, used by other wire tests
(maneuvers: ``test_wire_maneuvers``; initiative and turns: ``test_wire_tracker``)."""

from __future__ import annotations

from ..wire_schemas import ok


def card_of(client, event: str, request: dict) -> dict:
    return ok(client, event, **request)["result"]


def refused(client, event: str, request: dict, code: str, field: str) -> None:
    answer = client.request(event, **request)
    assert answer["error"]["code"] == code and list(answer["error"]["fields"]) == [field], answer
