"""A macro's recorded effects made on its targets' states, in the order
recorded, by the rules functions the GM's hand controls and the fire hazard
use (``token.damage``, ``token.heal``, ``token.condition.set``/``clear``,
``hazard.fire.ignite``). Pure: dice injected."""

from __future__ import annotations

from dataclasses import replace

from ..rules.dice import DiceSource
from ..rules.moment_of_truth import token_hazards
from ..rules.moment_of_truth.conditions import Condition
from ..rules.moment_of_truth.dials import Dials
from ..rules.moment_of_truth.health import heal_damage, take_hits
from ..rules.moment_of_truth.tokens import (
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
        return made, {"fire": result}
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
        shown.append({**effect, **details, "changes": [c.to_dict() for c in made.changes]})
    changes = [
        changed(states[token_id], replace(state, version=states[token_id].version))
        for token_id, state in now.items() if state != states[token_id]
    ]
    return changes, shown
