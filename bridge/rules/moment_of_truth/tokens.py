"""A token's rules state as the bridge tracks it: its stat block, its health
and every condition on it with the condition's source and how it ends
(ch. 7, Damage and the Condition Summary).

The state is a value; each change returns a :class:`TokenChange` with the
state after it and the conditions gained and lost, which is what the table
is told. The health conditions (injured, wounded, unconscious, bleeding,
dead) are never set by hand on top of the health that implies them: they are
re-read from the health after each health change (``source`` ``health``).
A condition the GM sets (sleeping gas's unconscious, say) is kept apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from functools import cached_property
from typing import Any

from ..refusal import RulesRefusal
from .conditions import Condition, ends_on_roll, summary_order
from .dials import Dials
from .hazards import Breath, Fire, HeldBreath, Vacuum, held
from .health import ConditionChange, Health, condition_diff, health_conditions
from .house_rules import BOOK, HouseRules
from .statistics import Statistic
from .weapon_handling import WeaponState

#: ``source`` of the conditions read from a token's health.
HEALTH_SOURCE = "health"
#: ``source`` of the prone a token is left in when it wakes up (ch. 7, Prone).
WAKING_SOURCE = "regained consciousness"
#: The hazard state (a :class:`TokenState` field) each hazard condition switches on (ch. 8).
HAZARD_STATES = {Condition.ON_FIRE: "fire", Condition.SUFFOCATING: "breath"}


class Ending(str, Enum):
    """How a condition ends."""

    CLEARED = "cleared"  # when the GM, a rule or a request clears it
    HEALTH = "health"  # when the token's health no longer implies it
    TURN_END_ROLL = "turn_end_roll"  # on a successful roll at the end of the token's turn (stunned, confused)
    ROUNDS = "rounds"  # at the start of the token's turn once ``rounds`` rounds have passed


@dataclass(frozen=True)
class ConditionEntry:
    """One condition on a token. ``rounds``: how many of the token's turns
    it lasts (``Ending.ROUNDS`` only); ``since_round``: the combat round it
    began in, when a combat was running."""

    condition: Condition
    source: str
    ending: Ending = Ending.CLEARED
    rounds: int | None = None
    since_round: int | None = None

    def __post_init__(self) -> None:
        if (self.ending is Ending.ROUNDS) != (self.rounds is not None):
            raise RulesRefusal("a condition lasts a number of rounds exactly when it ends after rounds")
        if self.rounds is not None and self.rounds < 1:
            raise RulesRefusal(f"a condition lasts at least 1 round, not {self.rounds}")

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> ConditionEntry:
        return cls(
            _CONDITIONS[stored["condition"]], stored["source"], _ENDINGS[stored["ending"]], stored["rounds"], stored["since_round"]
        )


def default_ending(condition: Condition) -> Ending:
    """Stunned and confused end on a roll at the end of a turn (ch. 7,
    Condition Summary); everything else lasts until cleared."""
    return Ending.TURN_END_ROLL if ends_on_roll(condition) is not None else Ending.CLEARED


@dataclass(frozen=True)
class TokenState:
    """A token on the map as the rules see it. ``skills`` maps a skill's name
    (a weapon skill's included, as ``equipment.list`` names them) to its
    level; ``armor`` and ``shield`` are what it wears and holds, by name or as
    data, as an attack takes them. ``fire``, ``breath`` (its vacuum while in
    vacuum) and ``weapons`` are the hazard and weapon-handling state kept for
    it (``None`` / empty: none). ``version`` goes up by one with every change."""

    token_id: str
    actor_id: str
    name: str
    statistics: Mapping[Statistic, int]
    health: Health
    skills: Mapping[str, int] = field(default_factory=dict)
    armor: Mapping[str, Any] | None = None
    shield: Mapping[str, Any] | None = None
    scene_id: str | None = None
    conditions: tuple[ConditionEntry, ...] = ()
    fire: Fire | None = None
    breath: Breath | Vacuum | None = None
    weapons: Mapping[str, WeaponState] = field(default_factory=dict)
    version: int = 0

    @cached_property  # the state is frozen; the rules ask this often
    def present(self) -> frozenset[Condition]:
        """The conditions on the token, whatever their source."""
        return frozenset(entry.condition for entry in self.conditions)

    @property
    def held_breath(self) -> HeldBreath | None:
        """``breath`` as the token keeps it."""
        return held(self.breath) if self.breath else None

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> TokenState:
        health = stored["health"]
        return cls(
            token_id=stored["token_id"],
            actor_id=stored["actor_id"],
            name=stored["name"],
            scene_id=stored["scene_id"],
            statistics={_STATISTICS[name]: value for name, value in stored["statistics"].items()},
            skills=stored["skills"],
            armor=stored["armor"],
            shield=stored["shield"],
            health=Health(**{name: health[name] for name in _HEALTH_FIELDS}),
            conditions=tuple(map(ConditionEntry.from_dict, stored["conditions"])),
            fire=_fire(stored["fire"]),
            breath=_air(stored["breath"]),
            weapons={name: WeaponState.from_dict(kept) for name, kept in stored["weapons"].items()},
            version=stored["version"],
        )


def _fire(stored: Mapping[str, Any] | None) -> Fire | None:
    return Fire(stored["dice"], stored["grease"], stored["blanket_turns"], stored["help"]) if stored else None


def _air(stored: Mapping[str, Any] | None) -> Breath | Vacuum | None:
    if stored is None:
        return None
    breath, vacuum = Breath(stored["seconds"], stored["turns"]), stored["vacuum"]
    return Vacuum(breath, vacuum["seconds"], vacuum["misses"], vacuum["suit_die"]) if vacuum else breath


_HEALTH_FIELDS = ("hit_points", "minor", "serious", "treated", "bandaged", "dead", "beyond_rescue")
#: Members by value, for ``from_dict``: a dict lookup, not ``Enum.__call__`` (every fight reads its tokens).
_STATISTICS = {statistic.value: statistic for statistic in Statistic}
_CONDITIONS = {condition.value: condition for condition in Condition}
_ENDINGS = {ending.value: ending for ending in Ending}


@dataclass(frozen=True)
class TokenChange:
    """A token before and after one change, and the conditions it gained and lost."""

    before: TokenState | None
    after: TokenState
    changes: tuple[ConditionChange, ...]


#: A state's fields but its version, as ``same_but_version`` compares them.
_COMPARED = tuple(kept.name for kept in fields(TokenState) if kept.name != "version")


def same_but_version(before: TokenState, after: TokenState) -> bool:
    """``after`` holds what ``before`` holds, whatever their versions
    (compared field by field: no copy of either)."""
    return after is before or all(getattr(after, name) == getattr(before, name) for name in _COMPARED)


def changed(before: TokenState | None, after: TokenState) -> TokenChange:
    """``after`` as the next version of ``before``, with what changed between."""
    version = before.version + 1 if before else 1
    if after.version != version:  # already numbered when one change follows another (an attack's hit)
        after = replace(after, version=version)
    return TokenChange(before, after, condition_diff(before.present if before else (), after.present))


def registered(
    previous: TokenState | None,
    *,
    token_id: str,
    actor_id: str,
    name: str,
    statistics: Mapping[Statistic, int],
    dials: Dials,
    hit_points: int | None = None,
    house_rules: HouseRules = BOOK,
    **stat_block: Any,
) -> TokenChange:
    """A token's stat block as the GM's client describes it. A token seen
    before keeps its damage, conditions and hazards; hit points default to
    the world's house rule, else the book's 6 + 2 x Endurance (ch. 2)."""
    points = hit_points or house_rules.hit_points_for(statistics[Statistic.ENDURANCE], dials)
    if previous is None:
        # Read the health conditions at once: a token of 6 or fewer hit points is injured unhurt.
        state = TokenState(token_id, actor_id, name, statistics, Health(points), **stat_block)
        return changed(None, _health_read(state, state.health, dials, None))
    state = replace(previous, actor_id=actor_id, name=name, statistics=statistics, **stat_block)
    return with_health(state, replace(previous.health, hit_points=points), dials, previous=previous)


def with_health(
    state: TokenState, health: Health, dials: Dials, *, round_number: int | None = None, previous: TokenState | None = None
) -> TokenChange:
    """``state`` with a new health: the health conditions re-read from it.
    Death replaces every other condition (and so ends the token's fire and
    breath); waking up leaves the token prone."""
    return changed(previous or state, _health_read(state, health, dials, round_number))


def _health_read(state: TokenState, health: Health, dials: Dials, round_number: int | None) -> TokenState:
    """``state`` with ``health`` and the health conditions read from it."""
    was = health_conditions(state.health, dials)
    now = health_conditions(health, dials)
    kept = tuple(entry for entry in state.conditions if entry.source != HEALTH_SOURCE)
    if Condition.DEAD in now:
        kept = ()
    held = {e.condition: e for e in state.conditions if e.source == HEALTH_SOURCE and e.condition in now}
    gained = tuple(
        held.get(c) or ConditionEntry(c, HEALTH_SOURCE, Ending.HEALTH, since_round=round_number) for c in _ordered(now)
    )
    if Condition.UNCONSCIOUS in was - now and Condition.DEAD not in now:
        kept = _without(kept, Condition.PRONE) + (ConditionEntry(Condition.PRONE, WAKING_SOURCE, since_round=round_number),)
    return _hazards_held(replace(state, health=health, conditions=kept + gained))


def with_condition(state: TokenState, entry: ConditionEntry) -> TokenChange:
    """``state`` with ``entry``, replacing the same condition from the same source."""
    kept = tuple(e for e in state.conditions if (e.condition, e.source) != (entry.condition, entry.source))
    return changed(state, replace(state, conditions=kept + (entry,)))


def without_condition(state: TokenState, condition: Condition, sources: Iterable[str] | None = None) -> TokenChange:
    """``state`` without ``condition`` (from ``sources`` only, when given).
    A health condition cleared by hand comes back with the next health change
    that still implies it; on fire or suffocating gone from every source
    takes the token's ``fire`` or ``breath`` with it."""
    sources = None if sources is None else set(sources)
    kept = tuple(e for e in state.conditions if e.condition is not condition or (sources is not None and e.source not in sources))
    return changed(state, _hazards_held(replace(state, conditions=kept)))


def _hazards_held(state: TokenState) -> TokenState:
    """``state`` without the hazard state (fire, breath) of a hazard condition
    it no longer has (``state`` itself when it keeps none of those)."""
    ended = {
        name: None
        for condition, name in HAZARD_STATES.items()
        if getattr(state, name) is not None and condition not in state.present
    }
    return replace(state, **ended) if ended else state


def _without(entries: tuple[ConditionEntry, ...], condition: Condition) -> tuple[ConditionEntry, ...]:
    return tuple(entry for entry in entries if entry.condition is not condition)


def _ordered(conditions: Iterable[Condition]) -> list[Condition]:
    return sorted(conditions, key=summary_order)
