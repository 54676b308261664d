"""Experience (ch. 11): the GM awards it each session, a character spends it
to raise a skill or statistic of its token at the advancement tables' costs,
and a player buys it back with unspent Moments of Truth taken from the
ledger. Each account lives in the world's Moment of Truth state document;
a raise changes the token, a buyback the ledger, in the same work."""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from ....protocol import against_the_rules
from ....rules.moment_of_truth.advancement import (
    AdvancementCost,
    OffTheTable,
    skill_advancement,
    statistic_advancement,
)
from ....rules.moment_of_truth.experience import ExperienceAccount, ExperienceEntry
from ....rules.moment_of_truth.moments import LedgerUpdate, buy_back
from ....rules.moment_of_truth.statistics import Statistic
from ....rules.moment_of_truth.tokens import TokenChange, changed, registered
from ....schemas.encode import dump
from ....table.publish import check_owner
from ....transport.handling import handles
from ....transport.refusals import refused_as
from ...state import change_state
from ..house_rules import world_house_rules
from ..names import Event
from ..schemas.experience import ExperienceAccount as ExperienceAccountShape
from ..schemas.experience import ExperienceChanged
from ..token_changes import change_tokens, owned_token
from ..world_rules import world_dials
from .moments import _ledger_only, _player, _record

SYSTEM = "moment_of_truth"


def award(work, request: dict) -> dict:
    """The GM's award of the session (Awarding Experience)."""
    actor_id = request["actor_id"]
    entry, account = _account_change(work, actor_id, "experience", lambda held: held.award(request["experience"], request["reason"]))
    return dump(ExperienceChanged, ExperienceChange(actor_id, entry, account))


def spend(work, request: dict) -> dict:
    """Raise the token's skill or statistic from the level it has, paid from its character's experience."""
    token = owned_token(work, request["token_id"])
    dials = world_dials(work)
    raised = "skill" if "skill" in request else "statistic"
    wanted = request[raised]
    try:
        if raised == "skill":
            cost = skill_advancement(wanted["name"], token.skills.get(wanted["name"]), wanted["desired"])
        else:
            cost = statistic_advancement(wanted["name"], token.statistics[wanted["name"]], wanted["desired"], dials)
    except OffTheTable as broken:
        field = f"{raised}.desired" if broken.field in ("desired", "current") else f"{raised}.{broken.field}"
        raise against_the_rules(broken, field) from None
    entry, account = _account_change(work, token.actor_id, f"{raised}.desired", lambda held: held.raise_by(cost))
    house_rules = world_house_rules(work)

    def change(states):
        before = states[token.token_id]
        if raised == "skill":
            made = changed(before, replace(before, skills={**before.skills, wanted["name"]: wanted["desired"]}))
        elif wanted["name"] is not Statistic.ENDURANCE:
            made = changed(before, replace(before, statistics={**before.statistics, wanted["name"]: wanted["desired"]}))
        else:  # Endurance sets hit points (ch. 2, or the world's house rule): they follow the raise
            statistics = {**before.statistics, wanted["name"]: wanted["desired"]}
            made = registered(before, token_id=before.token_id, actor_id=before.actor_id, name=before.name,
                              statistics=statistics, dials=dials, house_rules=house_rules)
        return [made], made

    made = change_tokens(work, Event.EXPERIENCE_SPEND, request, {token.token_id: "token_id"}, change)
    return dump(ExperienceChanged, ExperienceChange(token.actor_id, entry, account, cost=cost, token=made))


def buyback(work, request: dict) -> dict:
    """A player's unspent Moments of Truth, taken from the ledger, become the character's experience."""
    actor_id, player = request["actor_id"], _player(work, request)
    check_owner(work, actor_id)
    moments = request["moments"]
    update = _record(work, [player], _ledger_only(lambda ledger: buy_back(ledger, player, moments)), "moments")
    entry, account = _account_change(work, actor_id, "moments", lambda held: held.buy_back(moments, world_dials(work)))
    return dump(ExperienceChanged, ExperienceChange(actor_id, entry, account, moments=update))


def _account_change(work, actor_id: str, field: str, change):
    """Change the character's account in the state document; the entry and the account after it."""

    def step(document):
        after = {"experience": dict((document or {}).get("experience", {}))}
        with refused_as(field):
            account, entry = change(ExperienceAccount.from_dict(after["experience"].get(actor_id)))
        after["experience"][actor_id] = dump(ExperienceAccountShape, account)
        return after, (entry, account)

    return change_state(work, SYSTEM, step)


class ExperienceChange(NamedTuple):
    """A character's experience after a request (``ExperienceChanged``): a
    raise's cost and token change, a buyback's ledger change."""

    actor_id: str
    entry: ExperienceEntry
    account: ExperienceAccount
    cost: AdvancementCost | None = None
    token: TokenChange | None = None
    moments: LedgerUpdate | None = None


def init_app(app) -> None:
    handles(app, Event.EXPERIENCE_AWARD)(award)
    handles(app, Event.EXPERIENCE_SPEND)(spend)
    handles(app, Event.EXPERIENCE_BUYBACK)(buyback)
