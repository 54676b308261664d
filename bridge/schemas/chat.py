"""``chat.send``'s shapes (docs/protocol.md, Chat): a line typed at the table,
logged as a card, to everyone or whispered."""

from __future__ import annotations

from marshmallow import fields, validate

from ..protocol import Request
from .pushes import Out, card_entry
from .requests import CardOptions

#: Characters one chat line may hold.
CHAT_MAX_CHARS = 2000

#: A line of only spaces says nothing: refused rather than logged.
_SAYS_SOMETHING = validate.Regexp(r"^\s*\S", error="type something to say, not only spaces")


class ChatSendRequest(CardOptions):
    """``text`` said to the table (``visibility`` public), to the GM (blind) or
    whispered to ``whisper_to`` (the GM hears every whisper)."""

    text = fields.String(required=True, validate=[validate.Length(1, CHAT_MAX_CHARS), _SAYS_SOMETHING])


class ChatSaid(Out):
    """What was said, as typed."""

    text = fields.String(required=True)


ChatSendEntry = card_entry(Request.CHAT_SEND, ChatSaid, "A logged ``chat.send`` card: a line said at the table.")
