"""A scene's combat as the bridge tracks it (ch. 7, Combat Rounds;
Initiative Order): the seats round the table, the turn order initiative
gave them, whose turn it is, the round, and what each combatant did that
lasts until its own next turn (its :class:`Stance`).

The combat is a value; the functions here return a new one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from ..dice import DiceSource
from ..refusal import RulesRefusal
from .combat_pool import MAX_AIM_TURNS
from .conditions import Condition, ends_on_roll, out_of_action
from .conditions import check_can_act as _check_can_act
from .defense import Charge
from .dials import Dials
from .health import BleedingResult, bleed, is_bleeding, roll_lines
from .initiative import Initiative
from .rolls import ImpossibleRoll
from .statistics import Derived, Statistic, derive
from .token_hazards import TokenHazardResult, breath_tick, burn_tick
from .tokens import ConditionEntry, Ending, TokenChange, TokenState, changed, with_health, without_condition
from .turns import Allowance, ConditionRoll, condition_roll, turn_allowance


@dataclass(frozen=True)
class Stance:
    """What a combatant did that lasts until the start of its next turn:
    ``defense_dice`` kept back (ch. 7, Defense Dice); ``aiming_turns`` spent
    aiming at ``aim_target`` (ch. 7, Aiming), lost when it moves or takes
    damage (``aim_lost``); the ``charge`` it made (ch. 9, Charge Attack); a
    desperate attack (ch. 9); ``shots`` fired with a semi-automatic this turn
    (a second one is at -2d6, ch. 10)."""

    defense_dice: int = 0
    aiming_turns: int = 0
    aim_target: str | None = None
    aim_lost: bool = False
    charge: Charge | None = None
    desperate: bool = False
    shots: int = 0

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Stance:
        charge = stored["charge"]
        return cls(
            stored["defense_dice"], stored["aiming_turns"], stored["aim_target"], stored["aim_lost"],
            Charge(charge) if charge else None, stored["desperate"], stored["shots"],
        )


@dataclass(frozen=True)
class Combatant:
    """A token in the fight and the seat it acts on (a player's, or the GM's)."""

    token_id: str
    seat: str
    stance: Stance = Stance()

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Combatant:
        return cls(stored["token_id"], stored["seat"], Stance.from_dict(stored["stance"]))


@dataclass(frozen=True)
class Combat:
    """One scene's fight. ``seating`` runs clockwise round the table;
    ``order`` is the seats' turn order once initiative is rolled (empty
    before); ``turn`` indexes ``order`` (None before the first turn);
    ``round`` counts from 1. ``initiative`` is the roll (None before it).
    ``version`` goes up by one with every change."""

    scene_id: str
    seating: tuple[str, ...]
    gm_seat: str
    combatants: tuple[Combatant, ...]
    order: tuple[str, ...] = ()
    turn: int | None = None
    round: int = 1
    initiative: Initiative | None = None
    version: int = 1

    @property
    def seat(self) -> str | None:
        """The seat whose turn it is."""
        return None if self.turn is None else self.order[self.turn]

    def combatant(self, token_id: str) -> Combatant | None:
        for combatant in self.combatants:
            if combatant.token_id == token_id:
                return combatant
        return None

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Combat:
        return cls(
            scene_id=stored["scene_id"],
            seating=tuple(stored["seating"]),
            gm_seat=stored["gm_seat"],
            combatants=tuple(Combatant.from_dict(c) for c in stored["combatants"]),
            order=tuple(stored["order"]),
            turn=stored["turn"],
            round=stored["round"],
            initiative=Initiative.from_dict(stored["initiative"]) if stored["initiative"] else None,
            version=stored["version"],
        )


def stance_of(combat: Combat | None, token_id: str) -> Stance:
    """The token's stance; no combat, or not in it: nothing kept up."""
    combatant = combat.combatant(token_id) if combat else None
    return combatant.stance if combatant else Stance()


def with_stance(combat: Combat, token_id: str, stance: Stance) -> Combat:
    """``combat`` with the token's stance replaced (the next version)."""
    if combat.combatant(token_id) is None:
        raise RulesRefusal(f"token {token_id!r} is not in the combat in {combat.scene_id}")
    combatants = tuple(replace(c, stance=stance) if c.token_id == token_id else c for c in combat.combatants)
    return replace(combat, combatants=combatants, version=combat.version + 1)


# --- seats and turns ----------------------------------------------------------------


def started(scene_id: str, seating: Iterable[str], gm_seat: str, combatants: Iterable[Combatant]) -> Combat:
    """A new fight: no initiative rolled yet. Every seat appears once, the
    GM's among them; every combatant once, on a seat at the table."""
    seating, combatants = tuple(seating), tuple(combatants)
    if len(set(seating)) != len(seating):
        raise RulesRefusal("a seat appears twice in the seating")
    if gm_seat not in seating:
        raise RulesRefusal(f"the GM's seat {gm_seat!r} is not in the seating")
    combat = Combat(scene_id, seating, gm_seat, ())
    for combatant in combatants:
        combat = joined(combat, combatant.token_id, combatant.seat)
    return replace(combat, version=1)


def joined(combat: Combat, token_id: str, seat: str) -> Combat:
    """``combat`` with the token fighting on ``seat``; its stance starts empty."""
    if seat not in combat.seating:
        raise RulesRefusal(f"seat {seat!r} is not at the table: {', '.join(combat.seating)}")
    if combat.combatant(token_id):
        raise RulesRefusal(f"token {token_id!r} is already in the combat")
    return replace(combat, combatants=(*combat.combatants, Combatant(token_id, seat)), version=combat.version + 1)


def left(combat: Combat, token_id: str) -> Combat:
    """``combat`` without the token."""
    if combat.combatant(token_id) is None:
        raise RulesRefusal(f"token {token_id!r} is not in the combat")
    kept = tuple(c for c in combat.combatants if c.token_id != token_id)
    return replace(combat, combatants=kept, version=combat.version + 1)


def seat_tokens(combat: Combat, seat: str | None) -> tuple[str, ...]:
    """The tokens acting on ``seat``, in the order they joined."""
    return tuple(c.token_id for c in combat.combatants if c.seat == seat)


def fighting_seats(combat: Combat) -> tuple[str, ...]:
    """The seats with a combatant, in seating order: the ones that roll initiative."""
    return tuple(seat for seat in combat.seating if seat_tokens(combat, seat))


def with_initiative(combat: Combat, initiative: Initiative) -> Combat:
    """The order initiative gave: round 1 begins with the winner's seat
    (ch. 7, Combat Rounds). Initiative is rolled once per fight."""
    if combat.turn is not None:
        raise RulesRefusal("initiative was rolled for this combat already")
    return replace(
        combat, order=initiative.order, turn=0, round=1, initiative=initiative, version=combat.version + 1
    )


def advanced(combat: Combat) -> Combat:
    """The next seat's turn, seats with no combatant left skipped; going
    past the last seat of the order begins a new round. The stances of the
    tokens of the seat whose turn starts are released (:func:`released`)."""
    if combat.turn is None:
        raise RulesRefusal("no turn has started: roll initiative first")
    turn, round_number = combat.turn, combat.round
    for _ in combat.order:
        turn, round_number = (turn + 1, round_number) if turn + 1 < len(combat.order) else (0, round_number + 1)
        if seat_tokens(combat, combat.order[turn]):
            break
    seat = combat.order[turn]
    combatants = tuple(replace(c, stance=released(c.stance)) if c.seat == seat else c for c in combat.combatants)
    return replace(combat, turn=turn, round=round_number, combatants=combatants, version=combat.version + 1)


def released(stance: Stance) -> Stance:
    """A stance at the start of its token's turn: defense dice, charge,
    desperate attack and shots end (ch. 7, Defense Dice: kept "until the
    beginning of your character's next turn"); aiming goes on unless lost."""
    if stance.aim_lost:
        return Stance()
    return Stance(aiming_turns=stance.aiming_turns, aim_target=stance.aim_target)


def defense_kept(stance: Stance, requested: int) -> int:
    """The defense dice kept back this turn: those already reserved, which
    cannot change until the token's next turn begins (ch. 7, Defense Dice),
    else ``requested`` (0 asks for no change once dice are reserved)."""
    if stance.defense_dice and requested not in (0, stance.defense_dice):
        raise RulesRefusal(f"{stance.defense_dice} defense dice are reserved until the token's next turn")
    return stance.defense_dice or requested


def with_reserve(combat: Combat, token_id: str, defense_dice: int) -> Combat:
    """The token keeps ``defense_dice`` back without attacking (see ``defense_kept``)."""
    stance = _acting(combat, token_id)
    return with_stance(combat, token_id, replace(stance, defense_dice=defense_kept(stance, defense_dice)))


def with_aim(combat: Combat, token_id: str, target_id: str) -> Combat:
    """The token spends its turn aiming at ``target_id``: one more turn of
    aim, at most two (ch. 7, Aiming); a new target, or an aim lost, starts over."""
    if target_id == token_id:
        raise RulesRefusal("a token cannot aim at itself")
    stance = _acting(combat, token_id)
    kept = stance.aiming_turns if stance.aim_target == target_id and not stance.aim_lost else 0
    if kept >= MAX_AIM_TURNS:
        raise RulesRefusal(f"aiming adds nothing past {MAX_AIM_TURNS} turns")
    return with_stance(combat, token_id, replace(stance, aiming_turns=kept + 1, aim_target=target_id, aim_lost=False))


def _acting(combat: Combat, token_id: str) -> Stance:
    """The stance of a token whose seat has the turn."""
    combatant = combat.combatant(token_id)
    if combatant is None:
        raise RulesRefusal(f"token {token_id!r} is not in the combat")
    if combat.seat != combatant.seat:
        raise RulesRefusal(f"it is not the turn of seat {combatant.seat!r}")
    return combatant.stance


# --- a token's turn -------------------------------------------------------------------


def check_can_act(state: TokenState) -> None:
    """Dead or unconscious, a token keeps back no dice and aims at nothing
    (out of action, its turn still ticks: bleeding, fire, breath)."""
    _check_can_act(state.name, state.present)


def rounds_over(entry: ConditionEntry, round_number: int) -> bool:
    """A condition lasting ``rounds`` of the token's turns ends at the start
    of its turn ``rounds`` rounds after the round it began in (one begun
    outside a combat counts from round 1)."""
    return entry.ending is Ending.ROUNDS and round_number - (entry.since_round or 1) >= entry.rounds


class TurnStarted(NamedTuple):
    """What the start of its turn did to one token: the conditions whose
    rounds were over (``ended``), its breath's tick (the gasp's card, None:
    not suffocating) and what the turn allows."""

    token_id: str
    name: str
    out_of_action: bool
    ended: tuple[ConditionEntry, ...]
    breath: TokenHazardResult | None
    allowance: Allowance


def turn_started(
    state: TokenState, dials: Dials, round_number: int, *, dice: DiceSource
) -> tuple[TokenChange | None, TurnStarted]:
    """The start of the token's turn: conditions whose rounds are over end;
    a suffocating token gasps (its damage comes at the start of each turn:
    docs/rules/moment_of_truth.md, Suffocating); then what the turn allows (ch. 7, Time and Space)."""
    ended = tuple(entry for entry in state.conditions if rounds_over(entry, round_number))
    current = replace(state, conditions=tuple(e for e in state.conditions if e not in ended))
    ticked = breath_tick(current, dials, round_number=round_number, dice=dice)
    current = ticked[0].after if ticked else current
    made = changed(state, current) if current != state else None
    move = derive(Derived.MOVE, dict(state.statistics), dials)
    return made, TurnStarted(
        state.token_id, state.name, out_of_action(current.present) is not None, ended,
        ticked[1] if ticked else None, turn_allowance(move, current.present),
    )


class UnrolledCondition(NamedTuple):
    """An end-of-turn roll whose pool cannot reach the TN: not rolled, the
    condition goes on (ch. 1, Impossible Rolls)."""

    condition: Condition
    statistic: Statistic
    explanation: list[str]
    roll: None = None
    ends: bool = False


class TurnEnded(NamedTuple):
    """What the end of its turn did to one token: its condition rolls, its
    bleeding roll (None: not bleeding) and its fire's tick (the burn's card, None: not burning)."""

    token_id: str
    name: str
    out_of_action: bool
    condition_rolls: tuple[ConditionRoll | UnrolledCondition, ...]
    bleeding: BleedingResult | None
    fire: TokenHazardResult | None


def turn_ended(
    state: TokenState, dials: Dials, round_number: int, *, dice: DiceSource
) -> tuple[TokenChange | None, TurnEnded]:
    """The end of the token's turn, in order: the rolls against stunned and
    confused (ch. 7, Condition Summary), the bleeding roll (ch. 7, Bleeding,
    optional), then the fire's tick (ch. 8). One
    change for them all, and every roll's faces."""
    current = state
    rolls = []
    for condition in _rolled_off(state):
        roll = _shake_off(condition, current, dials, dice)
        rolls.append(roll)
        if roll.ends:
            current = without_condition(current, condition, _roll_sources(current, condition)).after
    bleeding = None
    if is_bleeding(current.health, dials):
        bleeding = bleed(current.health, current.statistics[Statistic.ENDURANCE], dials, dice=dice)
        if bleeding.serious_lost:
            current = with_health(current, bleeding.change.after, dials, round_number=round_number).after
    ticked = burn_tick(current, dials, round_number=round_number, dice=dice)
    current = ticked[0].after if ticked else current
    made = changed(state, current) if current != state else None
    return made, TurnEnded(
        state.token_id, state.name, out_of_action(state.present) is not None, tuple(rolls), bleeding,
        ticked[1] if ticked else None,
    )


def _rolled_off(state: TokenState) -> list[Condition]:
    """The conditions that end on a roll at the end of the turn, in the Condition Summary's order."""
    on_roll = {entry.condition for entry in state.conditions if entry.ending is Ending.TURN_END_ROLL}
    return [condition for condition in Condition if condition in on_roll]


def _roll_sources(state: TokenState, condition: Condition) -> list[str]:
    return [e.source for e in state.conditions if e.condition is condition and e.ending is Ending.TURN_END_ROLL]


def _shake_off(
    condition: Condition, state: TokenState, dials: Dials, dice: DiceSource
) -> ConditionRoll | UnrolledCondition:
    """One end-of-turn roll; a pool that cannot reach the TN is not rolled
    and the condition goes on (ch. 1, Impossible Rolls)."""
    try:
        return condition_roll(condition, state.statistics, dials, dice=dice)
    except ImpossibleRoll:
        lines = [*roll_lines(None), f"{condition.value} goes on into the next turn"]
        return UnrolledCondition(condition, ends_on_roll(condition), lines)
