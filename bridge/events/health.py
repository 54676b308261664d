"""Health, healing, bleeding and death (ch. 7): one handler per request, each
a card about the character whose health it takes and returns."""

from __future__ import annotations

from ..cards import check_owner, publish
from ..protocol import Request
from ..refusals import refused_as
from ..requests import handles
from ..rules.dice import RandomDice
from ..rules.moment_of_truth import Modifier, healing, health
from ..world_rules import world_dials

_dice = RandomDice()


def modifiers(request: dict) -> list[Modifier]:
    return [Modifier(**modifier) for modifier in request["modifiers"]]


def damage(identity, request: dict) -> dict:
    """Take a damage roll's minor and serious."""
    check_owner(identity, request["actor_id"])
    options = {name: request[name] for name in ("minor", "serious", "head_or_neck_shot", "outright_kill")}
    change = health.take_hits(request["health"], dials=world_dials(identity), **options)
    return publish(identity, request, Request.HEALTH_DAMAGE, change.to_dict() | options)


def bleed(identity, request: dict) -> dict:
    """The end-of-turn Endurance roll against blood loss."""
    check_owner(identity, request["actor_id"])
    with refused_as("health", pool="moments_spent"):
        result = health.bleed(
            request["health"], request["endurance"], world_dials(identity), moments_spent=request["moments_spent"], dice=_dice
        )
    return publish(identity, request, Request.HEALTH_BLEED, result.to_dict())


def bandage(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    with refused_as("health", pool="statistic"):
        change = health.bandage(request["health"], world_dials(identity))
    return publish(identity, request, Request.HEALTH_BANDAGE, change.to_dict())


def heroic_death(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    with refused_as("health", pool="statistic"):
        change = health.declare_heroic_death(request["health"], world_dials(identity))
    return publish(identity, request, Request.HEALTH_HEROIC_DEATH, change.to_dict())


def medic(identity, request: dict) -> dict:
    """Statistic + Medic: each success heals 1 serious."""
    check_owner(identity, request["actor_id"])
    with refused_as("health", pool="statistic"):
        result = healing.medic_roll(
            request["health"],
            request["statistic"]["value"],
            request["medic"],
            world_dials(identity),
            circumstances=request["circumstances"],
            modifiers=modifiers(request),
            moments_spent=request["moments_spent"],
            dice=_dice,
        )
    return publish(identity, request, Request.HEALTH_MEDIC, result.to_dict())


def rest(identity, request: dict) -> dict:
    """An hour's rest, rolled or hand-waved."""
    check_owner(identity, request["actor_id"])
    with refused_as("health", pool="endurance"):
        result = healing.rest_hour(
            request["health"],
            request["endurance"],
            world_dials(identity),
            hand_wave=request["hand_wave"],
            circumstances=request["circumstances"],
            dice=_dice,
        )
    return publish(identity, request, Request.HEALTH_REST, result.to_dict())


def daily_recovery(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    with refused_as("health", pool="endurance"):
        result = healing.daily_recovery(
            request["health"], request["endurance"], world_dials(identity), circumstances=request["circumstances"], dice=_dice
        )
    return publish(identity, request, Request.HEALTH_DAILY_RECOVERY, result.to_dict())


def recovery_wait(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    return publish(identity, request, Request.HEALTH_RECOVERY_WAIT, healing.recovery_wait(dice=_dice).to_dict())


def regain_consciousness(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    with refused_as("health", pool="endurance"):
        result = healing.regain_consciousness(request["health"], request["endurance"], world_dials(identity), dice=_dice)
    return publish(identity, request, Request.HEALTH_REGAIN_CONSCIOUSNESS, result.to_dict())


def rescue(identity, request: dict) -> dict:
    """The harsh-death rescue: a medic roll with the dying character's MoTs."""
    check_owner(identity, request["actor_id"])
    with refused_as("health", pool="unspent_moments"):
        result = healing.rescue(
            request["health"],
            request["statistic"]["value"],
            request["medic"],
            request["unspent_moments"],
            world_dials(identity),
            circumstances=request["circumstances"],
            modifiers=modifiers(request),
            dice=_dice,
        )
    return publish(identity, request, Request.HEALTH_RESCUE, result.to_dict())


HANDLERS = {
    Request.HEALTH_DAMAGE: damage,
    Request.HEALTH_BLEED: bleed,
    Request.HEALTH_BANDAGE: bandage,
    Request.HEALTH_HEROIC_DEATH: heroic_death,
    Request.HEALTH_MEDIC: medic,
    Request.HEALTH_REST: rest,
    Request.HEALTH_DAILY_RECOVERY: daily_recovery,
    Request.HEALTH_RECOVERY_WAIT: recovery_wait,
    Request.HEALTH_REGAIN_CONSCIOUSNESS: regain_consciousness,
    Request.HEALTH_RESCUE: rescue,
}


def init_app(app) -> None:
    for event, handler in HANDLERS.items():
        handles(app, event)(handler)
