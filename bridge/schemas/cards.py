"""Cards: every result the table sees, logged and pushed as ``roll.result``.

Each area's schema module lists its card entries in ``ENTRIES``; a card's
``rule`` names the request that made it.
"""

from __future__ import annotations

from marshmallow import fields

from . import damage
from .pushes import Either, Out, RollEntry, RollNotice
from .spec import Shape

CARD_ENTRIES = (RollEntry, *damage.ENTRIES)

#: Any card as one reader sees it: whole, or a blind card's notice.
CARD_VIEW: Shape = (*CARD_ENTRIES, RollNotice)


def card_view(entry: type[Out]) -> Shape:
    """One kind of card as its requester sees it: whole, or as a notice."""
    return (entry, RollNotice)


class RollLogResult(Out):
    """The newest cards the user may see, oldest first."""

    rolls = fields.List(Either(*CARD_VIEW), required=True)
