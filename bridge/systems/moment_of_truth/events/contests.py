"""Contested rolls (ch. 1, Contested Skill Rolls) as cards. The first side
is the sender's (the card's actor's): the sender's Moments of Truth go to
it, and a player earns what its roll earns (ch. 5)."""

from __future__ import annotations

from ....rules.dice import RandomDice
from ....rules.moment_of_truth import RollKind, spend_moments
from ....rules.moment_of_truth.contests import Contestant, check_sides, contest
from ....rules.moment_of_truth.moments import RollSpending
from ....schemas.common import Visibility
from ....schemas.encode import dump
from ....table.publish import check_owner, new_card_id, publish
from ....transport.handling import handles
from ....transport.refusals import refused_as
from ..names import Event
from ..roll_spec import pool_of
from ..schemas.maneuvers import ManeuverContest
from ..schemas.rolls import RollSpending as RollSpendingShape
from ..world_rules import world_dials
from .moments import charge_moments, roll_rewards, with_rewards

_dice = RandomDice()


def contested_roll(work, contest_request: dict) -> dict:
    """Both sides roll against the world's default TN; a deadlock goes as the world's dials say."""
    check_owner(work, contest_request["actor_id"])
    moments, stakes_raised = contest_request["moments"], contest_request["first"]["stakes_raised"]
    with refused_as("moments"):
        RollSpending(work.identity.user, moments, stakes_raised=stakes_raised)
    first = _contestant(contest_request["first"], "first", moments)
    second = _contestant(contest_request["second"], "second", 0)
    with refused_as("second"):
        check_sides(first, second)
    dials, card_id = world_dials(work), new_card_id()
    charged = charge_moments(work, moments, card_id, "moments")
    result = contest(first, second, dials, dice=_dice)
    deciding = result.rounds[-1].first
    hidden = contest_request["visibility"] is not Visibility.PUBLIC
    rewards, held = roll_rewards(work, deciding, dials, moments_spent=bool(moments), stakes_raised=stakes_raised,
                                 roll_id=card_id, hidden=hidden)
    card = dump(ManeuverContest, result)
    if charged:
        card["moments"] = dump(RollSpendingShape, RollSpending(work.identity.user, moments))
        card["explanation"] = [*card["explanation"], *card["moments"]["explanation"]]
    with_rewards(card, rewards, held)
    return publish(work, contest_request, Event.CONTEST, card, card_id=card_id)


def _contestant(side: dict, field: str, moments: int) -> Contestant:
    with refused_as(field, pool="moments"):
        return Contestant(
            side["name"],
            side["party"],
            RollKind(side["kind"]),
            spend_moments(pool_of(side), moments),
            side["resisting"],
            side["cautious"],
            side["stakes_raised"],
        )


def init_app(app) -> None:
    handles(app, Event.CONTEST)(contested_roll)
