"""Moment of Clarity's requests, cards and state document
(docs/systems/moment_of_clarity.md), one module per area: ``characters``
(and sessions), ``rolls`` (and opposed actions), ``splits`` (and
augments), ``cards`` (cards, chips and beads), ``trumps``, ``combat`` (and
recovery, movement); ``state``, the state document; ``common``, what they share."""

from __future__ import annotations

from ....schemas.pushes import card_entry
from ....schemas.requests import RequestSchema
from ....schemas.spec import CardSpec, RequestSpec
from .cards import (
    MocBeadsSpendRequest,
    MocBeadsSpent,
    MocCardBeadsRequest,
    MocCardBeadsResult,
    MocCardShiftRequest,
    MocChipsGrantRequest,
    MocChipSpendRequest,
    MocChipSpent,
    MocChipsTradeRequest,
    MocFateAwarded,
    MocFatePenaltyRequest,
    MocHand,
    MocKeepRequest,
    MocNominated,
    MocNominateRequest,
)
from .characters import (
    MocCharacterChecked,
    MocCharacterCheckRequest,
    MocCharacterRequest,
    MocPointsSpendRequest,
    MocPointsSpentCard,
    MocSceneResult,
    MocSessionResult,
    MocTokenRecoverRequest,
)
from .checks import MocCheckCard, MocCheckRequest, MocShiftCard, MocShiftRequest, MocSuccessCard, MocSuccessRequest
from .combat import (
    MocAttackCard,
    MocAttackRequest,
    MocFatigueRequest,
    MocMoved,
    MocMoveRequest,
    MocRecoverCard,
    MocRecoverRequest,
)
from .rolls import MocDeclareCard, MocDeclareRequest, MocOpposedCard, MocOpposedRequest, MocRollCard, MocRollRequest
from .splits import MocAugmentCard, MocAugmentRequest, MocSplitCard, MocSplitRequest
from .state import MocCharacter, MocState
from .trumps import CROSS_FIELD_RULES, MocTrumpCard, MocTrumpRequest

__all__ = ["CARDS", "CROSS_FIELD_RULES", "REQUESTS", "MocState"]

CARDS = {
    rule: CardSpec(request, card_entry(rule, result))
    for rule, request, result in (
        ("moc.roll", MocRollRequest, MocRollCard),
        ("moc.split", MocSplitRequest, MocSplitCard),
        ("moc.augment", MocAugmentRequest, MocAugmentCard),
        ("moc.opposed", MocOpposedRequest, MocOpposedCard),
        ("moc.declare", MocDeclareRequest, MocDeclareCard),
        ("moc.attack", MocAttackRequest, MocAttackCard),
        ("moc.recover", MocRecoverRequest, MocRecoverCard),
        ("moc.trump", MocTrumpRequest, MocTrumpCard),
        ("moc.check", MocCheckRequest, MocCheckCard),
        ("moc.success", MocSuccessRequest, MocSuccessCard),
        ("moc.shift", MocShiftRequest, MocShiftCard),
        ("moc.points.spend", MocPointsSpendRequest, MocPointsSpentCard),
    )
}

REQUESTS = {
    "moc.character": RequestSpec(MocCharacterRequest, MocCharacter, gm_only=True),
    "moc.character.check": RequestSpec(MocCharacterCheckRequest, MocCharacterChecked),
    "moc.token.recover": RequestSpec(MocTokenRecoverRequest, MocCharacter),
    "moc.session": RequestSpec(RequestSchema, MocSessionResult, gm_only=True),
    "moc.scene": RequestSpec(RequestSchema, MocSceneResult, gm_only=True),
    "moc.keep": RequestSpec(MocKeepRequest, MocHand),
    "moc.card.beads": RequestSpec(MocCardBeadsRequest, MocCardBeadsResult),
    "moc.card.shift": RequestSpec(MocCardShiftRequest, MocCardBeadsResult),
    "moc.beads.spend": RequestSpec(MocBeadsSpendRequest, MocBeadsSpent),
    "moc.chips.grant": RequestSpec(MocChipsGrantRequest, MocCharacter, gm_only=True),
    "moc.chips.spend": RequestSpec(MocChipSpendRequest, MocChipSpent),
    "moc.chips.trade": RequestSpec(MocChipsTradeRequest, MocCharacter),
    "moc.move": RequestSpec(MocMoveRequest, MocMoved),
    "moc.fate.penalty": RequestSpec(MocFatePenaltyRequest, MocCharacter, gm_only=True),
    "moc.fate.nominate": RequestSpec(MocNominateRequest, MocNominated),
    "moc.fate.award": RequestSpec(RequestSchema, MocFateAwarded, gm_only=True),
    "moc.fatigue": RequestSpec(MocFatigueRequest, MocCharacter, gm_only=True),
}
