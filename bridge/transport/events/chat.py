"""Typed chat (docs/protocol.md, Chat): a line said at the table is a card in
the roll log, so a reload reads it again and a whisper reaches only its
audience, as a whispered roll does."""

from __future__ import annotations

from ...protocol import Request
from ...table.publish import publish
from ..handling import handles


def send(work, chat_request: dict) -> dict:
    """Log and deliver the line; the card's actor is the speaker's user id."""
    return publish(work, chat_request, Request.CHAT_SEND, {"text": chat_request["text"]}, actor_id=work.identity.user)


def init_app(app) -> None:
    handles(app, Request.CHAT_SEND)(send)
