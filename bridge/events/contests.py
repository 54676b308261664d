"""Contested rolls (ch. 1, Contested Skill Rolls) as cards."""

from __future__ import annotations

from ..cards import check_owner, publish
from ..protocol import Request, against_the_rules
from ..requests import handles
from ..roll_spec import pool_of
from ..rules.dice import RandomDice
from ..rules.moment_of_truth import RollKind
from ..rules.moment_of_truth.contests import Contestant, contest
from ..world_rules import world_dials

_dice = RandomDice()


def contested_roll(identity, contest_request: dict) -> dict:
    """Both sides roll against the world's default TN; a deadlock goes as the world's dials say."""
    check_owner(identity, contest_request["actor_id"])
    first, second = (_contestant(contest_request[side], side) for side in ("first", "second"))
    try:
        result = contest(first, second, world_dials(identity), dice=_dice)
    except ValueError as broken:
        raise against_the_rules(broken, "second") from None
    return publish(identity, contest_request, Request.CONTEST, result.to_dict())


def _contestant(side: dict, field: str) -> Contestant:
    try:
        return Contestant(
            side["name"],
            side["party"],
            RollKind(side["kind"]),
            pool_of(side),
            side["resisting"],
            side["cautious"],
            side["stakes_raised"],
        )
    except ValueError as broken:
        raise against_the_rules(broken, field) from None


def init_app(app) -> None:
    handles(app, Request.CONTEST)(contested_roll)
