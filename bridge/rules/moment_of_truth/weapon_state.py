"""A token's weapon between attacks (ch. 10, Weapon Qualities; Ammunition):
whether it is ready, jammed, and the rounds left in its magazine.

Kept in ``TokenState.weapons`` by weapon name; a weapon never seen is ready,
clear and fully loaded. Rounds are counted for a muzzle-loader (one shot,
then a reload) always, and for a magazine-fed weapon when the world plays
the optional ammunition rules (``Dials.ammunition``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..refusal import RulesRefusal
from .dials import Dials
from .equipment import MeleeWeapon, Quality, RangedWeapon
from .tokens import TokenState
from .weapon_handling import Check, Magazine, WeaponState, is_unwieldy

Weapon = MeleeWeapon | RangedWeapon


@dataclass(frozen=True)
class ShownWeapon(WeaponState):
    """A token's weapon as a card shows it: its state, its name and what must be done before it attacks again."""

    weapon: str = ""
    notes: tuple[str, ...] = ()


def shown(state: WeaponState, weapon: Weapon) -> ShownWeapon:
    kept = {name: getattr(state, name) for name in WeaponState.__dataclass_fields__}
    return ShownWeapon(**kept, weapon=weapon.name, notes=tuple(notes(state, weapon)))


def counts_rounds(weapon: Weapon, dials: Dials) -> bool:
    """A muzzle-loader always; a magazine-fed weapon under the ammunition rules."""
    if not isinstance(weapon, RangedWeapon) or weapon.ammo is None:
        return False
    return Quality.MUZZLE_LOADED in weapon.qualities or dials.ammunition


def weapon_state(token: TokenState, weapon: Weapon, dials: Dials) -> WeaponState:
    """The token's ``weapon`` as kept; a counted weapon never seen is fully loaded."""
    state = token.weapons.get(weapon.name) or WeaponState()
    if not counts_rounds(weapon, dials):
        return state if state.magazine is None else replace(state, magazine=None)
    return state if state.magazine else replace(state, magazine=Magazine.full(weapon))


def with_weapon(token: TokenState, weapon: Weapon, state: WeaponState) -> TokenState:
    """``token`` keeping ``state`` of its ``weapon`` (``token`` itself when it keeps it already)."""
    if token.weapons.get(weapon.name) == state:
        return token
    return replace(token, weapons={**token.weapons, weapon.name: state})


def check_usable(state: WeaponState, weapon: Weapon) -> None:
    """Refuse an attack with a weapon that must be readied, is jammed or is empty."""
    if not state.ready:
        turn = "its next turn is spent readying it" if state.readying else "weapon.ready rolls for it"
        raise RulesRefusal(f"{weapon.name} must be readied before it attacks again: {turn}")
    if state.jammed:
        raise RulesRefusal(f"{weapon.name} is jammed: weapon.clear_jam clears it")
    if state.magazine is not None and state.magazine.empty:
        raise RulesRefusal(f"{weapon.name} is empty: weapon.reload loads it")


def after_attack(state: WeaponState, weapon: Weapon, *, rounds: int, jammed: bool, one_handed: bool) -> WeaponState:
    """The weapon after an attack that fired ``rounds`` (counted weapons
    only): an unwieldy one must be readied (ch. 10, Unwieldy), a jam kept."""
    unwieldy = isinstance(weapon, MeleeWeapon) and is_unwieldy(weapon, one_handed=one_handed)
    magazine = state.magazine.fired(min(rounds, state.magazine.rounds)) if state.magazine else None
    return WeaponState(not unwieldy, False, state.jammed or jammed, magazine)  # every field: no copy to replace


def notes(state: WeaponState, weapon: Weapon) -> list[str]:
    """What the wielder must do before the weapon attacks again."""
    lines = []
    if not state.ready:
        lines.append(f"{weapon.name} is unwieldy: weapon.ready before its next attack")
    if state.jammed:
        lines.append(f"{weapon.name} jammed: weapon.clear_jam before firing again")
    if state.magazine is not None and state.magazine.empty:
        lines.append(f"{weapon.name} is empty: weapon.reload before firing again")
    return lines


def readied(state: WeaponState, weapon: Weapon, check: Check, passed: bool | None) -> WeaponState:
    """After a weapon.ready. ``passed`` None: the turn spent readying it
    after a failed roll. A failed roll after an attack spends the next turn
    readying it (ch. 10, Unwieldy). The one-handed grip is rolled on a ready
    weapon each turn and bars only that turn's attack: nothing is kept."""
    if check is Check.ONE_HANDED_GRIP:
        if not state.ready:
            raise RulesRefusal(f"{weapon.name} must be readied before the grip roll")
        return state
    if passed is None:
        if not state.readying:
            raise RulesRefusal(f"{weapon.name} has no failed ready roll: no turn to spend readying it")
        return replace(state, ready=True, readying=False)
    if state.ready:
        raise RulesRefusal(f"{weapon.name} is ready: no roll to ready it")
    if state.readying:
        raise RulesRefusal(f"{weapon.name} failed its ready roll: the next turn is spent readying it (turn_spent)")
    return replace(state, ready=passed, readying=not passed)


def cleared(state: WeaponState, weapon: Weapon) -> WeaponState:
    if not state.jammed:
        raise RulesRefusal(f"{weapon.name} is not jammed")
    return replace(state, jammed=False)


def reloaded(state: WeaponState, weapon: Weapon, capacity: int | None) -> WeaponState:
    """A fresh magazine of ``capacity`` (the weapon's largest when None), or
    the muzzle-loader's one shot, for a weapon whose rounds are counted."""
    if state.magazine is None:
        raise RulesRefusal(f"{weapon.name}'s rounds are not counted: no magazine, or the ammunition rules are off")
    if state.magazine.rounds == state.magazine.capacity and capacity in (None, state.magazine.capacity):
        raise RulesRefusal(f"{weapon.name} is fully loaded")
    return replace(state, magazine=Magazine.full(weapon, capacity))
