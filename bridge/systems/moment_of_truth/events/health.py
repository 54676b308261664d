"""Health, healing, bleeding and death (ch. 7) on tracked tokens: one handler
per request. Each reads the token's health and numbers from the bridge's
state, rolls, writes the new health back (``change_tokens``) and publishes a
card under the token's actor."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....protocol import Request, against_the_rules
from ....rules.dice import DiceSource, FixedDice, RandomDice
from ....rules.moment_of_truth import Modifier, healing, health
from ....rules.moment_of_truth.conditions import Condition, skill_penalties
from ....rules.moment_of_truth.statistics import Statistic
from ....rules.moment_of_truth.tokens import TokenState, with_health
from ....rules.moment_of_truth.tracker import check_can_act
from ....rules.refusal import RulesRefusal
from ....schemas.encode import dump
from ....table.publish import new_card_id, publish
from ....transport.handling import handles
from ....transport.refusals import refused_as
from ..combat_changes import running_combat
from ..names import Event
from ..schemas import health as shapes
from ..token_changes import change_tokens, check_token_owner, owned_token, tracked
from ..world_rules import world_dials
from .moments import charge_moments, roll_with_dying_moments

_dice = RandomDice()
#: The healing skill as ch. 3 names it; a token's skill of that name, in any case.
MEDIC = "medic"

#: step(the token's health, dice) -> a rules result: a HealthChange, or one carrying it as ``change``.
Step = Callable[[health.Health, DiceSource], Any]


def _patient(work, request: dict) -> TokenState:
    """The request's token, which the sender must own (the GM any)."""
    return owned_token(work, request["token_id"])


def _out_of_combat(work, state: TokenState, why: str) -> None:
    """Refuse, naming ``token_id``, while the token fights in its scene's running combat."""
    combat = running_combat(work, state.scene_id)
    if combat and combat.combatant(state.token_id):
        raise against_the_rules(RulesRefusal(f"the token is in combat: {why}"), "token_id")


def _after(result) -> health.Health:
    return result.after if isinstance(result, health.HealthChange) else result.change.after


def _faces(result) -> list[int]:
    roll = getattr(result, "roll", None)
    return list(roll.counting.faces) if roll else []


def _treat(work, rule: Request, request: dict, state: TokenState, step: Step, *, pool: str, **shown) -> dict:
    """``step`` on the token's health as read (a rules refusal names
    ``token_id``, an impossible pool ``pool``); the sender's
    ``moments_spent`` charged; then ``_written``."""
    with refused_as("token_id", pool=pool):
        result = step(state.health, _dice)
    card_id = new_card_id()
    charge_moments(work, request.get("moments_spent", 0), card_id, "moments_spent")
    return _written(work, rule, request, state, step, result, card_id, pool=pool, **shown)


def _written(
    work, rule: Request, request: dict, state: TokenState, step: Step, result, card_id: str, *, pool: str, **shown
) -> dict:
    """``result``, rolled by ``step`` on the token's health as read, written
    back (replayed from the roll's faces if the token changed meanwhile) and
    published as card ``card_id`` with ``shown`` added."""
    token_id, dials = state.token_id, world_dials(work)
    combat = running_combat(work, state.scene_id)

    def write(states: dict[str, TokenState]) -> tuple[list, Any]:
        now = states[token_id]
        again = result if now.health == state.health else step(now.health, FixedDice(_faces(result)))
        return [with_health(now, _after(again), dials, round_number=combat.round if combat else None)], again

    with refused_as("token_id", pool=pool):
        result = change_tokens(work, rule, request, {token_id: "token_id"}, write)
    card = {"token_id": token_id, **shown, **dump(shapes.RESULTS[type(result)], result)}
    return publish(work, request, rule, card, card_id=card_id, actor_id=state.actor_id)


def bleed(work, request: dict) -> dict:
    """The end-of-turn Endurance roll against blood loss, outside the combat tracker."""
    state, dials = _patient(work, request), world_dials(work)
    _out_of_combat(work, state, "the combat tracker rolls it at the end of the token's turn (combat.next)")
    endurance = state.statistics[Statistic.ENDURANCE]

    def step(now, dice):
        return health.bleed(now, endurance, dials, moments_spent=request["moments_spent"], dice=dice)

    return _treat(work, Event.HEALTH_BLEED, request, state, step, pool="moments_spent")


def bandage(work, request: dict) -> dict:
    """Out of combat only. Ch. 7, Bleeding: the blood loss "can only be
    stopped during combat by a successful medic roll"; a bandage stops it
    "outside of combat rounds"."""
    state, dials = _patient(work, request), world_dials(work)
    _out_of_combat(work, state, "in combat only a medic roll stops the bleeding")

    def step(now, _):
        return health.bandage(now, dials)

    return _treat(work, Event.HEALTH_BANDAGE, request, state, step, pool="token_id")


def heroic_death(work, request: dict) -> dict:
    """The player declares the PC dead; the party's MoTs are ``moments.award``'s ``heroic_death``."""
    state, dials = _patient(work, request), world_dials(work)

    def step(now, _):
        return health.declare_heroic_death(now, dials)

    return _treat(work, Event.HEALTH_HEROIC_DEATH, request, state, step, pool="token_id")


def _healer(work, request: dict) -> tuple[TokenState, dict]:
    """The patient, and the healer's pool: the GM's pick of statistic, its
    Medic level (level 0 included; none: refused), its conditions' penalties
    and the request's modifiers. The sender must own the healer (the GM any);
    a dead or unconscious healer heals no one."""
    token_id, healer_id, statistic = request["token_id"], request["healer"], request["statistic"]
    states = tracked(work, {token_id: "token_id", healer_id: "healer"})
    healer = states[healer_id]
    check_token_owner(work, healer, "healer")
    with refused_as("healer"):
        check_can_act(healer)
    level = next((level for name, level in healer.skills.items() if name.casefold() == MEDIC), None)
    if level is None:
        message = f"{healer.name} has no Medic skill: only a character with it makes a medic roll (ch. 7, Healing)"
        raise against_the_rules(RulesRefusal(message), "healer")
    modifiers = [
        *skill_penalties(healer.present, statistic, world_dials(work)),
        *(Modifier(**modifier) for modifier in request["modifiers"]),
    ]
    options = {"circumstances": request["circumstances"], "modifiers": modifiers}
    return states[token_id], {"statistic": healer.statistics[statistic], "medic_level": level, **options}


def medic(work, request: dict) -> dict:
    """Statistic + Medic: each success heals 1 serious."""
    state, pool = _healer(work, request)
    dials, spent = world_dials(work), request["moments_spent"]

    def step(now, dice):
        return healing.medic_roll(now, dials=dials, moments_spent=spent, dice=dice, **pool)

    return _treat(work, Event.HEALTH_MEDIC, request, state, step, pool="healer", healer=request["healer"])


def rescue(work, request: dict) -> dict:
    """The harsh-death rescue: a medic roll with all the dying character's
    unspent MoTs, as the ledger holds them, which their player spends (ch. 7)."""
    state, pool = _healer(work, request)
    dials, card_id = world_dials(work), new_card_id()

    def step_with(moments: int) -> Step:
        return lambda now, dice: healing.rescue(now, unspent_moments=moments, dials=dials, dice=dice, **pool)

    def roll(moments: int) -> healing.RescueResult:
        with refused_as("token_id", pool="healer"):
            return step_with(moments)(state.health, _dice)

    result = roll_with_dying_moments(work, state.actor_id, card_id, roll, "token_id")
    step, rule = step_with(result.moments_spent), Event.HEALTH_RESCUE
    return _written(work, rule, request, state, step, result, card_id, pool="healer", healer=request["healer"])


def rest(work, request: dict) -> dict:
    """An hour's rest, rolled or hand-waved."""
    state, dials = _patient(work, request), world_dials(work)
    endurance = state.statistics[Statistic.ENDURANCE]
    options = {"hand_wave": request["hand_wave"], "circumstances": request["circumstances"]}

    def step(now, dice):
        return healing.rest_hour(now, endurance, dials, dice=dice, **options)

    return _treat(work, Event.HEALTH_REST, request, state, step, pool="token_id")


def daily_recovery(work, request: dict) -> dict:
    state, dials = _patient(work, request), world_dials(work)
    endurance, circumstances = state.statistics[Statistic.ENDURANCE], request["circumstances"]

    def step(now, dice):
        return healing.daily_recovery(now, endurance, dials, circumstances=circumstances, dice=dice)

    return _treat(work, Event.HEALTH_DAILY_RECOVERY, request, state, step, pool="token_id")


def regain_consciousness(work, request: dict) -> dict:
    """After the wait; waking up leaves the token prone."""
    state, dials = _patient(work, request), world_dials(work)
    endurance = state.statistics[Statistic.ENDURANCE]

    def step(now, dice):
        return healing.regain_consciousness(now, endurance, dials, dice=dice)

    return _treat(work, Event.HEALTH_REGAIN_CONSCIOUSNESS, request, state, step, pool="token_id")


def recovery_wait(work, request: dict) -> dict:
    """The 2d6 minutes an unconscious token lies still: nothing on it changes."""
    state = _patient(work, request)
    if Condition.UNCONSCIOUS not in state.present:
        raise against_the_rules(RulesRefusal("the token is not unconscious: it has no wait before waking"), "token_id")
    wait = {"token_id": state.token_id, **dump(shapes.Recovery, healing.recovery_wait(dice=_dice))}
    return publish(work, request, Event.HEALTH_RECOVERY_WAIT, wait, actor_id=state.actor_id)


HANDLERS = {
    Event.HEALTH_BLEED: bleed,
    Event.HEALTH_BANDAGE: bandage,
    Event.HEALTH_HEROIC_DEATH: heroic_death,
    Event.HEALTH_MEDIC: medic,
    Event.HEALTH_REST: rest,
    Event.HEALTH_DAILY_RECOVERY: daily_recovery,
    Event.HEALTH_RECOVERY_WAIT: recovery_wait,
    Event.HEALTH_REGAIN_CONSCIOUSNESS: regain_consciousness,
    Event.HEALTH_RESCUE: rescue,
}


def init_app(app) -> None:
    for event, handler in HANDLERS.items():
        handles(app, event)(handler)
