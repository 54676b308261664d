"""Dice for the table (docs/protocol.md, ``dice.roll``): a client's dice roller
(Foundry's dice fulfillment) asks the bridge for plain faces, so that every
die the table sees was rolled here and stands in the roll log."""

from __future__ import annotations

from ...protocol import Request
from ...rules.dice import RandomDice
from ...schemas.common import Visibility
from ...table.publish import publish
from ..handling import handles

_dice = RandomDice()


def roll_dice(work, dice_request: dict) -> dict:
    """Roll ``number`` d``faces``; the card is the roller's and the GM's (a whisper): the client shows
    the roll itself, as its own roll mode says, and the log keeps the faces."""
    faces, number = dice_request["faces"], dice_request["number"]
    rolled = _dice.roll(number, faces)
    listed = ", ".join(map(str, rolled))
    result = {
        "faces": faces, "number": number, "dice": rolled, "total": sum(rolled),
        "explanation": [f"{number}d{faces} rolled by the bridge: {listed} (total {sum(rolled)})"],
    }
    card_request = {**dice_request, "visibility": Visibility.WHISPER, "whisper_to": []}
    return publish(work, card_request, Request.DICE_ROLL, result, actor_id=work.identity.user)


def init_app(app) -> None:
    handles(app, Request.DICE_ROLL)(roll_dice)
