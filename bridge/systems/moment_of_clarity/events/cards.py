"""The cards, chips and beads a character holds and plays: ``moc.keep``,
``moc.card.beads``, ``moc.card.shift``, ``moc.beads.spend``,
``moc.chips.grant``/``spend``/``trade`` and ``moc.trump``."""

from __future__ import annotations

from ....protocol import ErrorCode, RequestError
from ....rules.dice import RandomDice
from ....rules.moment_of_clarity.cards import Card, Suiting, suiting
from ....rules.moment_of_clarity.chips import Use
from ....rules.moment_of_clarity.elements import Archetype
from ....rules.moment_of_clarity.trumps import BeadPlay, CardPlay, ChipPlay, trump
from ....table.publish import check_owner, publish
from .. import state as moc
from .common import changed, handles, registered

_dice = RandomDice()


def keep_cards(work, request: dict) -> dict:
    check_owner(work, request["actor_id"])
    return {
        "hand": changed(work, moc.keep(request["actor_id"], [Card.of(card) for card in request["cards"]]), "cards")
    }


def card_as_beads(work, request: dict) -> dict:
    check_owner(work, request["actor_id"])
    change = moc.card_as_beads(request["actor_id"], Card.of(request["card"]), request["before_scene"])
    return changed(work, change, "card")


def card_shifts_beads(work, request: dict) -> dict:
    check_owner(work, request["actor_id"])
    change = moc.card_shifts_beads(request["actor_id"], Card.of(request["card"]), request["source"], request["target"])
    return changed(work, change, "card")


def spend_beads(work, request: dict) -> dict:
    check_owner(work, request["actor_id"])
    change = moc.spend_beads(request["actor_id"], request["element"], request["beads"], request["storytelling"])
    return changed(work, change, "beads")


def grant_chips(work, request: dict) -> dict:
    return changed(work, moc.grant_chips(request["actor_id"], request["chips"], request["scene_start"]), "chips")


def spend_chip(work, request: dict) -> dict:
    check_owner(work, request["actor_id"])
    if request["use"] is Use.SUCCESS:
        message = "a white chip's Success is played on the roll: moc.success"
        raise RequestError(ErrorCode.INVALID, message, {"use": [message]})
    change = moc.spend_chip(request["actor_id"], request["chip"], request["use"], request["element"], _dice)
    return changed(work, change, "chip")


def trade_chips(work, request: dict) -> dict:
    check_owner(work, request["actor_id"])
    return changed(work, moc.trade_chips(request["actor_id"], request["give"], request["take"]), "give")


def trump_play(work, request: dict) -> dict:
    """A card from the hand or a chip played against a standing play; beads
    it beats come back to a character who played them in its archetype."""
    check_owner(work, request["actor_id"])
    archetype = Archetype(registered(work, request["actor_id"])["archetype"])
    card = request.get("card") and Card.of(request["card"])
    play = CardPlay(card, suiting(card, request["element"], archetype)) if card else ChipPlay(request["chip"])
    standing, owner = standing_play(work, request["standing"])
    verdict = trump(play, standing)
    back = (owner, request["standing"]["element"], verdict.beads_returned) if verdict.beads_returned else None
    changed(work, moc.play(request["actor_id"], card=card or None, chip=request.get("chip"), back=back), "card")
    result = {
        "play": describe(play),
        "standing": describe(standing),
        "trumps": verdict.trumps,
        "beads_returned": verdict.beads_returned,
        "returned_to": owner if back else None,
        "reason": verdict.reason,
        "explanation": [
            f"{describe(play)} against {describe(standing)}: {'trumps' if verdict.trumps else 'does not trump'}"
        ],
    }
    return publish(work, request, "moc.trump", result)


def standing_play(work, standing: dict) -> tuple:
    """The play trumped, and the character whose beads they are."""
    if "card" in standing:
        return CardPlay(Card.of(standing["card"]), Suiting(standing["suiting"])), None
    if "chip" in standing:
        return ChipPlay(standing["chip"]), None
    archetype = Archetype(registered(work, standing["actor_id"], "standing")["archetype"])
    return BeadPlay(standing["beads"], archetype.covers(standing["element"])), standing["actor_id"]


def describe(play) -> str:
    if isinstance(play, CardPlay):
        return f"the {play.card.name} ({play.suiting.value.replace('_', ' ')})"
    if isinstance(play, ChipPlay):
        return f"a {play.chip.value} chip"
    return f"{play.beads} beads" + (" in archetype" if play.in_archetype else "")


def init_app(app) -> None:
    handles(app, "moc.keep")(keep_cards)
    handles(app, "moc.card.beads")(card_as_beads)
    handles(app, "moc.card.shift")(card_shifts_beads)
    handles(app, "moc.beads.spend")(spend_beads)
    handles(app, "moc.chips.grant")(grant_chips)
    handles(app, "moc.chips.spend")(spend_chip)
    handles(app, "moc.chips.trade")(trade_chips)
    handles(app, "moc.trump")(trump_play)
