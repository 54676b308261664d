"""Moment of Truth's part in scripting (docs/scripting.md): a macro's table
rolls by the book and records effects on tracked tokens and awards of
Moments of Truth; the worker makes the effects, in the order recorded, by
the rules functions the GM's hand controls and the fire hazard use
(``token.damage``, ``token.heal``, ``token.condition.set``/``clear``,
``hazard.fire.ignite``; ``apply_effects``, pure, dice injected), and the
awards as ``moments.award`` makes them."""

from __future__ import annotations

from dataclasses import replace

from ...protocol import Request, RequestError
from ...rules.dice import MAX_DICE_PER_ROLL, DiceSource, RandomDice
from ...rules.moment_of_truth import RollKind, resolve_roll, token_hazards
from ...rules.moment_of_truth.conditions import Condition, skill_penalties
from ...rules.moment_of_truth.damage import DamageDice, DamageResult, roll_damage
from ...rules.moment_of_truth.dials import Dials
from ...rules.moment_of_truth.health import heal_damage, take_hits
from ...rules.moment_of_truth.rolls import RollResult
from ...rules.moment_of_truth.statistics import Statistic
from ...rules.moment_of_truth.tokens import (
    ConditionEntry,
    Ending,
    TokenChange,
    TokenState,
    changed,
    default_ending,
    with_condition,
    with_health,
    without_condition,
)
from ...schemas.encode import dump, dump_many
from ...schemas.requests import RATING_MAX
from ...scripting.api import Hook, MacroError, Table
from ...scripting.hooks import EffectRefused, ScriptingHook, Targets
from ...scripting.loader import checked
from .combat_changes import change_fight, read_fight
from .events.moments import award_for_role_playing
from .schemas.damage import DamageResult as DamageResultShape
from .schemas.hazards import FireHazard
from .schemas.health import HIT_POINTS_MAX
from .schemas.health import ConditionChange as ConditionChangeShape
from .schemas.rolls import RollResult as RollResultShape
from .schemas.tokens import TokenStateChange
from .token_changes import check_token_owner, check_tracked, tracked
from .world_rules import world_dials

#: Most starting dice of a fire a macro may start (ch. 8's largest fire is far smaller).
FIRE_DICE_MAX = 30

_dice = RandomDice()


class MomentOfTruthTable(Table):
    """A macro's table in a Moment of Truth world: ``targets`` are the tracked
    tokens it was run on (read-only ``TokenState``s), ``dials`` the world's
    settings; it rolls by the book and records effects on the tokens and awards."""

    system = "moment_of_truth"

    def __init__(self, arguments: dict, targets: tuple[TokenState, ...], dials: Dials, user: str, dice: DiceSource):
        super().__init__(arguments, targets, user, dice)
        self.dials = dials

    # -- rolling ----------------------------------------------------------

    def skill_roll(
        self, target: TokenState, statistic: str, skill: str | None = None, difficulty: int = 0, label: str = ""
    ) -> RollResult:
        """``target`` rolls ``statistic`` (with ``skill`` at its level; unskilled
        when it lacks it) at the world's TN + ``difficulty`` (ch. 1), its
        conditions' skill penalties on the pool (ch. 7: never on a statistic roll)."""
        rolled = Statistic(statistic)
        value = target.statistics[rolled]
        if skill is None:
            kind, level = RollKind.STATISTIC, None
        else:
            level = target.skills.get(skill)
            kind = RollKind.SKILL if level is not None else RollKind.UNSKILLED
        penalties = skill_penalties(target.present, rolled, self.dials)
        result = resolve_roll(kind, value, level, self.dials.default_tn, difficulty, penalties, dice=self._dice,
                              setbacks=self.dials.setbacks)
        self.rolled(label or f"{target.name}: {statistic}", target.token_id, dump(RollResultShape, result))
        return result

    def damage(self, notation: str, damage_reduction: int = 0, label: str = "") -> DamageResult:
        """A damage roll such as ``"5d6 (3,4)"`` through ``damage_reduction`` (ch. 7)."""
        result = roll_damage(DamageDice.parse(notation), damage_reduction, dice=self._dice)
        self.rolled(label or notation, None, dump(DamageResultShape, result), kind="damage")
        return result

    # -- effects, applied when the macro returns --------------------------

    def hurt(self, target: TokenState, minor: int = 0, serious: int = 0) -> None:
        """Damage taken, as ``token.damage`` takes it."""
        self._record("hurt", target.token_id, minor=_count(minor), serious=_count(serious))

    def heal(self, target: TokenState, minor: int = 0, serious: int = 0) -> None:
        """Damage healed, as ``token.heal`` heals it."""
        self._record("heal", target.token_id, minor=_count(minor), serious=_count(serious))

    def set_condition(self, target: TokenState, condition: str, source: str = "macro", rounds: int | None = None) -> None:
        """A condition set as ``token.condition.set`` sets it (``rounds``: it ends after that many of its turns)."""
        self._record("set_condition", target.token_id, condition=Condition(condition).value, source=source, rounds=rounds)

    def clear_condition(self, target: TokenState, condition: str, source: str | None = None) -> None:
        """A condition cleared as ``token.condition.clear`` clears it."""
        self._record("clear_condition", target.token_id, condition=Condition(condition).value, source=source)

    def ignite(self, target: TokenState, starting_dice: int, grease: bool = False) -> None:
        """The token catches fire, as ``hazard.fire.ignite`` starts one (ch. 8)."""
        if not 1 <= starting_dice <= FIRE_DICE_MAX:
            raise MacroError(f"a fire starts with 1 to {FIRE_DICE_MAX} dice, not {starting_dice}")
        self._record("ignite", target.token_id, starting_dice=starting_dice, grease=bool(grease))

    def award(self, player: str, moments: int, reason: str) -> None:
        """Moments of Truth awarded to ``player`` for role-playing, as the GM's
        ``moments.award`` awards them (ch. 5); only a macro the GM runs may."""
        self._check_room()
        if not isinstance(moments, int) or moments < 1:
            raise MacroError(f"an award is a whole number of Moments of Truth, at least 1, not {moments!r}")
        self.awards.append({"player": str(player), "moments": moments, "reason": str(reason)})


def _count(value: int) -> int:
    if not isinstance(value, int) or value < 0:
        raise MacroError(f"damage is a whole number of at least 0, not {value!r}")
    return value


def _made(effect: dict, state: TokenState, dials: Dials, round_number: int | None, dice: DiceSource) -> tuple[TokenChange, dict]:
    """One effect on ``state``: the change and what the card says of it."""
    kind = effect["effect"]
    if kind == "hurt":
        return with_health(state, take_hits(state.health, effect["minor"], effect["serious"], dials), dials), {}
    if kind == "heal":
        return with_health(state, heal_damage(state.health, effect["minor"], effect["serious"]), dials), {}
    if kind == "set_condition":
        condition, rounds = Condition(effect["condition"]), effect["rounds"]
        ending = Ending.ROUNDS if rounds is not None else default_ending(condition)
        return with_condition(state, ConditionEntry(condition, effect["source"], ending, rounds, round_number)), {}
    if kind == "clear_condition":
        sources = None if effect["source"] is None else [effect["source"]]
        return without_condition(state, Condition(effect["condition"]), sources), {}
    if kind == "ignite":
        made, result = token_hazards.ignite(
            state, effect["starting_dice"], dials, grease=effect["grease"], round_number=round_number, dice=dice
        )
        return made, {"fire": dump(FireHazard, result)}
    raise ValueError(f"no such effect: {kind!r}")


def apply_effects(
    states: dict[str, TokenState], effects: list[dict], dials: Dials, round_number: int | None, dice: DiceSource
) -> tuple[list[TokenChange], list[dict]]:
    """Each effect made in turn; one change per token changed (from its state
    before the first to after the last), and each effect as the card shows it.
    A rule refusing an effect (a fire on a burning token) raises ValueError."""
    now = dict(states)
    shown = []
    for effect in effects:
        made, details = _made(effect, now[effect["token_id"]], dials, round_number, dice)
        now[effect["token_id"]] = made.after
        shown.append({**effect, **details, "changes": dump_many(ConditionChangeShape, made.changes)})
    changes = [
        changed(states[token_id], replace(state, version=states[token_id].version))
        for token_id, state in now.items() if state != states[token_id]
    ]
    return changes, shown


def check_targets(work, named: dict[str, str], owners_only: bool) -> None:
    """Targets are tracked tokens; an owner's macro only on the sender's own."""
    if not owners_only:
        check_tracked(work, named)
        return
    for token_id, state in tracked(work, named).items():
        check_token_owner(work, state, named[token_id])


def read(work, token_ids: list[str]) -> Targets:
    """The targets' tokens and their fight, and the world's dials."""
    fight = read_fight(work, {token_id: f"token_ids.{n}" for n, token_id in enumerate(token_ids)}) if token_ids else None
    states = tuple(fight.states[token_id] for token_id in token_ids) if fight else ()
    return Targets(states, (fight, world_dials(work)), states[0].actor_id if states else None)


def table(arguments: dict, targets: Targets, user: str, dice: DiceSource) -> MomentOfTruthTable:
    return MomentOfTruthTable(arguments, targets.targets, targets.context[1], user, dice)


def apply(work, request: dict, record: dict, targets: Targets) -> dict:
    """The effects made on the tokens as one change of their fight, the awards as one of the ledger."""
    fight, dials = targets.context
    if record["awards"] and not work.identity.is_gm:
        raise EffectRefused("only the GM awards Moments of Truth (ch. 5)")
    made_effects, tokens = record["effects"], []
    if record["effects"]:
        round_number = fight.combat.round if fight.combat else None

        def change(states: dict[str, TokenState], combat):
            made, effects_shown = apply_effects(states, record["effects"], dials, round_number, _dice)
            return made, combat, (made, effects_shown)

        try:
            made, made_effects = change_fight(work, Request.MACRO_RUN, request, fight, change)
        except ValueError as refused:
            raise EffectRefused(f"the rules refused an effect: {refused}") from None
        tokens = dump_many(TokenStateChange, made)
    moments = None
    if record["awards"]:
        awarded = [(award["player"], award["moments"], award["reason"]) for award in record["awards"]]
        try:
            moments = award_for_role_playing(work, awarded, dials, "arguments")
        except RequestError as refused:
            raise EffectRefused(f"the rules refused an award: {refused.message}") from None
    return {"effects": made_effects, "tokens": tokens, "awards": record["awards"], "moments": moments}


def _hit_points(rule) -> dict[str, int]:
    """The hit-point rule for each Endurance a token may have."""
    return {str(endurance): checked(rule, 1, HIT_POINTS_MAX, endurance) for endurance in range(RATING_MAX + 1)}


def _reaction_time(rule) -> list[list[list[int]]]:
    """The reaction-time rule for each Agility, Will and Perception a token may have."""
    ratings = range(RATING_MAX + 1)
    return [[[checked(rule, 0, MAX_DICE_PER_ROLL, a, w, p) for p in ratings] for w in ratings] for a in ratings]


HOOK = ScriptingHook(check_targets=check_targets, read=read, table=table, apply=apply,
                     house_rules={Hook.HIT_POINTS.value: _hit_points, Hook.REACTION_TIME.value: _reaction_time})
