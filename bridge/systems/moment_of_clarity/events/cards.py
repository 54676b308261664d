"""The cards, chips and beads a character holds and plays: ``moc.keep``,
``moc.card.beads``, ``moc.card.shift``, ``moc.beads.spend``,
``moc.chips.grant``/``spend``/``trade`` and ``moc.trump``."""

from __future__ import annotations

from ....cards import check_owner, publish
from ....protocol import ErrorCode, RequestError
from ....rules.dice import RandomDice
from ....rules.moment_of_clarity.cards import Card, Suiting, suiting
from ....rules.moment_of_clarity.chips import Use
from ....rules.moment_of_clarity.elements import Archetype
from ....rules.moment_of_clarity.trumps import BeadPlay, CardPlay, ChipPlay, trump
from .. import state as moc
from .common import changed, handles, registered

_dice = RandomDice()


def keep_cards(unit, request: dict) -> dict:
    check_owner(unit, request["actor_id"])
    return {
        "hand": changed(unit, moc.keep(request["actor_id"], [Card.of(card) for card in request["cards"]]), "cards")
    }


def card_as_beads(unit, request: dict) -> dict:
    check_owner(unit, request["actor_id"])
    change = moc.card_as_beads(request["actor_id"], Card.of(request["card"]), request["before_scene"])
    return changed(unit, change, "card")


def card_shifts_beads(unit, request: dict) -> dict:
    check_owner(unit, request["actor_id"])
    change = moc.card_shifts_beads(request["actor_id"], Card.of(request["card"]), request["source"], request["target"])
    return changed(unit, change, "card")


def spend_beads(unit, request: dict) -> dict:
    check_owner(unit, request["actor_id"])
    change = moc.spend_beads(request["actor_id"], request["element"], request["beads"], request["storytelling"])
    return changed(unit, change, "beads")


def grant_chips(unit, request: dict) -> dict:
    return changed(unit, moc.grant_chips(request["actor_id"], request["chips"], request["scene_start"]), "chips")


def spend_chip(unit, request: dict) -> dict:
    check_owner(unit, request["actor_id"])
    if request["use"] is Use.SUCCESS:
        message = "a white chip's Success is played on the roll: moc.success"
        raise RequestError(ErrorCode.INVALID, message, {"use": [message]})
    change = moc.spend_chip(request["actor_id"], request["chip"], request["use"], request["element"], _dice)
    return changed(unit, change, "chip")


def trade_chips(unit, request: dict) -> dict:
    check_owner(unit, request["actor_id"])
    return changed(unit, moc.trade_chips(request["actor_id"], request["give"], request["take"]), "give")


def trump_play(unit, request: dict) -> dict:
    """A card from the hand or a chip played against a standing play; beads
    it beats come back to a character who played them in its archetype."""
    check_owner(unit, request["actor_id"])
    archetype = Archetype(registered(unit, request["actor_id"])["archetype"])
    card = request.get("card") and Card.of(request["card"])
    play = CardPlay(card, suiting(card, request["element"], archetype)) if card else ChipPlay(request["chip"])
    standing, owner = standing_play(unit, request["standing"])
    verdict = trump(play, standing)
    back = (owner, request["standing"]["element"], verdict.beads_returned) if verdict.beads_returned else None
    changed(unit, moc.play(request["actor_id"], card=card or None, chip=request.get("chip"), back=back), "card")
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
    return publish(unit, request, "moc.trump", result)


def standing_play(unit, standing: dict) -> tuple:
    """The play trumped, and the character whose beads they are."""
    if "card" in standing:
        return CardPlay(Card.of(standing["card"]), Suiting(standing["suiting"])), None
    if "chip" in standing:
        return ChipPlay(standing["chip"]), None
    archetype = Archetype(registered(unit, standing["actor_id"], "standing")["archetype"])
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
