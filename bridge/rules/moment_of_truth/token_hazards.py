"""Ch. 8's hazards on tracked tokens: each reads the token's health,
statistics and conditions from its :class:`~.tokens.TokenState` and returns
the token's change with the hazard card's result (:class:`TokenHazardResult`).

A hazard's conditions (on fire, suffocating, unconscious from vacuum) carry
the hazard as their ``source`` (``fire``, ``suffocation``, ``vacuum``) and
end when cleared: by the rule (a fire put out) or by the GM (air again). A
lasting hazard's state is kept on the token: ``fire`` is its
:class:`~.hazards.Fire`, with the helpers' successes waiting for its next
tick; ``breath`` its :class:`~.hazards.Breath`, or its
:class:`~.hazards.Vacuum` while in vacuum. The condition is the switch: a token burns
while it is on fire from its fire, and runs out of air while suffocating
from an air hazard; the condition cleared from every source takes the
state with it (``tokens.without_condition``). A token that dies loses its
fire and breath with every other condition.

A token that cannot act (unconscious, dead) makes no Agility roll.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, NamedTuple

from ..dice import DiceSource
from ..refusal import RulesRefusal
from . import hazards
from .conditions import Condition, out_of_action, summary_order
from .damage import DamageDice
from .dials import Dials
from .hazards import Breath, Fire, Hazard, HazardResult, Vacuum
from .statistics import Statistic
from .tokens import ConditionEntry, TokenChange, TokenState, changed, with_health


@dataclass(frozen=True)
class TokenHazardResult(HazardResult):
    """A hazard's result on a tracked token: the token and its change (None: a blast left it untouched)."""

    token_id: str = ""
    token: TokenChange | None = None


#: A hazard's change to a token and its card's result.
Ticked = tuple[TokenChange, TokenHazardResult]


def _on(state: TokenState, result: HazardResult, made: TokenChange | None) -> TokenHazardResult:
    """``result`` on the tracked token ``state``, with its change."""
    return TokenHazardResult(
        **{kept.name: getattr(result, kept.name) for kept in fields(HazardResult)}, token_id=state.token_id, token=made
    )

FIRE_SOURCE = Hazard.FIRE.value
#: The air hazards: a token is out of air from one of them at a time.
AIR_SOURCES = (Hazard.SUFFOCATION.value, Hazard.VACUUM.value)


def can_act(state: TokenState) -> bool:
    return out_of_action(state.present) is None


def _agility(state: TokenState) -> int:
    """The token's Agility for a roll against a hazard: 0 (no roll) when it cannot act."""
    return state.statistics[Statistic.AGILITY] if can_act(state) else 0


def _held(state: TokenState, condition: Condition, sources: Iterable[str]) -> bool:
    return any(entry.condition is condition and entry.source in sources for entry in state.conditions)


def _after(
    state: TokenState,
    result: HazardResult,
    dials: Dials,
    round_number: int | None,
    *,
    wanted: Iterable[Condition] = (),
    replaced: Iterable[str] = (),
    **hazard_state: Any,
) -> TokenChange:
    """``state`` after ``result``: its health (the health conditions re-read),
    the conditions of the hazard's source (and of ``replaced`` sources) now
    ``wanted`` (kept with their round when held already), and the hazard's
    own state (``fire``, ``breath``). A token that dies loses them all."""
    hurt = with_health(state, result.change.after, dials, round_number=round_number).after
    if Condition.DEAD in hurt.present:
        return changed(state, hurt)
    source = result.hazard.value
    dropped = {source, *replaced}
    held = {entry.condition: entry for entry in hurt.conditions if entry.source == source}
    kept = tuple(entry for entry in hurt.conditions if entry.source not in dropped)
    gained = tuple(
        held.get(condition) or ConditionEntry(condition, source, since_round=round_number)
        for condition in sorted(wanted, key=summary_order)
    )
    return changed(state, replace(hurt, conditions=kept + gained, **hazard_state))


# --- falling and explosions ------------------------------------------------------


def fall(
    state: TokenState,
    meters: float,
    dials: Dials,
    *,
    damage_reduction: int = 0,
    round_number: int | None = None,
    dice: DiceSource,
) -> Ticked:
    """:func:`.hazards.fall` with the token's Agility; ``damage_reduction``
    is its armor's DR when the GM lets armor soften the fall."""
    result = hazards.fall(state.health, meters, _agility(state), dials, damage_reduction=damage_reduction, dice=dice)
    made = _after(state, result, dials, round_number)
    return made, _on(state, result, made)


@dataclass(frozen=True)
class InReach:
    """A tracked token near a blast: its distance in meters, the cover dice
    the GM takes off, and its armor's DR."""

    state: TokenState
    distance: float
    cover: int = 0
    damage_reduction: int = 0


class TokenBlast(NamedTuple):
    """One charge going off among tracked tokens: each token's result with its change, and the tokens hurt."""

    charge: DamageDice
    tokens: tuple[TokenHazardResult, ...]
    hurt: list[str]
    explanation: list[str]


def blast(
    charge: DamageDice,
    caught: Sequence[InReach],
    dials: Dials,
    *,
    round_number: int | None = None,
    dice: DiceSource,
) -> tuple[tuple[TokenChange, ...], TokenBlast]:
    """:func:`.hazards.explosion` for each token in order; only the tokens
    whose health it changes change. The card lists every token's result
    with its change (null: untouched) and the tokens hurt. A token is
    caught once."""
    named = [reach.state.token_id for reach in caught]
    if len(set(named)) != len(named):
        raise RulesRefusal("a token is caught by a blast once: name each token once")
    results = tuple(
        (reach.state, hazards.explosion(
            reach.state.health, charge, reach.distance, dials,
            cover=reach.cover, damage_reduction=reach.damage_reduction, dice=dice,
        ))
        for reach in caught
    )
    made = {
        state.token_id: _after(state, result, dials, round_number)
        for state, result in results
        if result.change.after != state.health
    }
    summary = hazards.Blast(charge, tuple((state.token_id, result) for state, result in results))
    tokens = tuple(_on(state, result, made.get(state.token_id)) for state, result in results)
    return tuple(made.values()), TokenBlast(charge, tokens, summary.hurt, summary.explanation)


# --- fire ----------------------------------------------------------------------------


def fire_of(state: TokenState) -> Fire | None:
    """The fire burning on the token, or None."""
    if state.fire is None or not _held(state, Condition.ON_FIRE, [FIRE_SOURCE]):
        return None
    return state.fire


def _fire_changed(state: TokenState, result: HazardResult, help_: int, dials: Dials, round_number: int | None) -> Ticked:
    """The token's fire after ``result`` with ``help_`` successes waiting; a
    fire out clears ``fire`` and on fire."""
    fire = replace(result.state, help=help_)
    result = replace(result, state=fire)
    kept = None if fire.out else fire
    made = _after(state, result, dials, round_number, wanted=hazards.fire_conditions(fire), fire=kept)
    return made, _on(state, result, made)


def ignite(
    state: TokenState,
    starting_dice: int,
    dials: Dials,
    *,
    grease: bool = False,
    round_number: int | None = None,
    dice: DiceSource,
) -> Ticked:
    """The token catches fire, which burns at once (:func:`.hazards.ignite`);
    a token already burning is refused: its fire ticks and grows instead."""
    if fire_of(state):
        raise RulesRefusal("the token is already on fire")
    result = hazards.ignite(state.health, starting_dice, dials, grease=grease, dice=dice)
    return _fire_changed(state, result, 0, dials, round_number)


def burn_tick(
    state: TokenState,
    dials: Dials,
    *,
    round_number: int | None,
    dice: DiceSource,
    blanket: bool = False,
    water: bool = False,
) -> Ticked | None:
    """The fire's tick on the burning token's turn (:func:`.hazards.burn`):
    its Agility roll (with a blanket or water it uses itself), the helpers'
    successes waiting on the fire, then the burn and the growth; None when
    the token is not on fire. A token that cannot act makes no roll and
    uses nothing: only its helpers count."""
    fire = fire_of(state)
    if fire is None:
        return None
    if (blanket or water) and not can_act(state):
        raise RulesRefusal("a token that cannot act uses no blanket or water: only its helpers put the fire out")
    result = hazards.burn(
        state.health, fire, _agility(state), dials,
        blanket=blanket, water=water, helper_successes=fire.help, dice=dice,
    )
    return _fire_changed(state, result, 0, dials, round_number)


def check_helper(state: TokenState, helper: TokenState) -> None:
    """Someone else, able to act, may help put out the token's fire."""
    if helper.token_id == state.token_id:
        raise RulesRefusal("a burning token's own Agility roll is its fire's tick")
    if not can_act(helper):
        raise RulesRefusal(f"{helper.name} cannot act")


def smother(
    state: TokenState,
    helper: TokenState,
    dials: Dials,
    *,
    blanket: bool = False,
    water: bool = False,
    round_number: int | None = None,
    dice: DiceSource,
) -> Ticked:
    """``helper`` helps put out the token's fire on the helper's turn
    (:func:`.hazards.smother`): the successes wait on the fire for its next
    tick, and a blanket's turn counts toward the fire's."""
    check_helper(state, helper)
    fire = fire_of(state)
    if fire is None:
        raise RulesRefusal("the token is not on fire")
    result, successes = hazards.smother(
        state.health, fire, helper.statistics[Statistic.AGILITY], dials, blanket=blanket, water=water, dice=dice
    )
    return _fire_changed(state, result, fire.help + successes, dials, round_number)


# --- suffocation and vacuum ------------------------------------------------------------


def air_of(state: TokenState) -> Breath | Vacuum | None:
    """The token's breath (its vacuum when in vacuum) while it is out of air, or None."""
    if state.breath is None or not _held(state, Condition.SUFFOCATING, AIR_SOURCES):
        return None
    return state.breath


def _air_changed(state: TokenState, result: HazardResult, dials: Dials, round_number: int | None) -> Ticked:
    air = result.state
    wanted = hazards.vacuum_conditions(air) if isinstance(air, Vacuum) else hazards.SUFFOCATING
    made = _after(state, result, dials, round_number, wanted=wanted, replaced=AIR_SOURCES, breath=air)
    return made, _on(state, result, made)


def _check_breathing(state: TokenState) -> None:
    if air_of(state):
        raise RulesRefusal("the token is already out of air: clear its suffocating first")


def start_suffocating(
    state: TokenState, dials: Dials, *, warned: bool = False, round_number: int | None = None, dice: DiceSource
) -> Ticked:
    """The token's air runs out (:func:`.hazards.start_suffocating`, its Endurance)."""
    _check_breathing(state)
    endurance = state.statistics[Statistic.ENDURANCE]
    result = hazards.start_suffocating(state.health, endurance, dials, warned=warned, dice=dice)
    return _air_changed(state, result, dials, round_number)


def enter_vacuum(
    state: TokenState,
    dials: Dials,
    *,
    warned: bool = False,
    ruptured_suit: bool = False,
    round_number: int | None = None,
    dice: DiceSource,
) -> Ticked:
    """The token's exposure to vacuum begins (:func:`.hazards.enter_vacuum`, its Endurance)."""
    _check_breathing(state)
    endurance = state.statistics[Statistic.ENDURANCE]
    result = hazards.enter_vacuum(state.health, endurance, dials, warned=warned, ruptured_suit=ruptured_suit, dice=dice)
    return _air_changed(state, result, dials, round_number)


def breath_tick(state: TokenState, dials: Dials, *, round_number: int | None, dice: DiceSource) -> Ticked | None:
    """A turn of the token without air: a held breath's turn or gasp
    (:func:`.hazards.suffocate`), or in vacuum a second of it with its
    Endurance roll and damage (:func:`.hazards.vacuum_second`); None when
    the token is not suffocating."""
    air = air_of(state)
    if air is None:
        return None
    if isinstance(air, Vacuum):
        result = hazards.vacuum_second(state.health, air, state.statistics[Statistic.ENDURANCE], dials, dice=dice)
    else:
        result = hazards.suffocate(state.health, air, dials)
    return _air_changed(state, result, dials, round_number)
