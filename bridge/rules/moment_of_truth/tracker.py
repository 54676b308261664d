"""A scene's combat as the bridge tracks it (ch. 7, Combat Rounds;
Initiative Order): the seats round the table, the turn order initiative
gave them, whose turn it is, the round, and what each combatant did that
lasts until its own next turn (its :class:`Stance`).

The combat is a value; the functions here return a new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .defense import Charge


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "defense_dice": self.defense_dice,
            "aiming_turns": self.aiming_turns,
            "aim_target": self.aim_target,
            "aim_lost": self.aim_lost,
            "charge": self.charge.value if self.charge else None,
            "desperate": self.desperate,
            "shots": self.shots,
        }

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Stance:
        charge = stored["charge"]
        return cls(**{**stored, "charge": Charge(charge) if charge else None})


@dataclass(frozen=True)
class Combatant:
    """A token in the fight and the seat it acts on (a player's, or the GM's)."""

    token_id: str
    seat: str
    stance: Stance = Stance()

    def to_dict(self) -> dict[str, Any]:
        return {"token_id": self.token_id, "seat": self.seat, "stance": self.stance.to_dict()}

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Combatant:
        return cls(stored["token_id"], stored["seat"], Stance.from_dict(stored["stance"]))


@dataclass(frozen=True)
class Combat:
    """One scene's fight. ``seating`` runs clockwise round the table;
    ``order`` is the seats' turn order once initiative is rolled (empty
    before); ``turn`` indexes ``order`` (None before the first turn);
    ``round`` counts from 1. ``initiative`` is the roll's ``to_dict()``.
    ``version`` goes up by one with every change."""

    scene_id: str
    seating: tuple[str, ...]
    gm_seat: str
    combatants: tuple[Combatant, ...]
    order: tuple[str, ...] = ()
    turn: int | None = None
    round: int = 1
    initiative: Mapping[str, Any] | None = None
    version: int = 1

    @property
    def seat(self) -> str | None:
        """The seat whose turn it is."""
        return None if self.turn is None else self.order[self.turn]

    def combatant(self, token_id: str) -> Combatant | None:
        return next((c for c in self.combatants if c.token_id == token_id), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scene_id": self.scene_id,
            "seating": list(self.seating),
            "gm_seat": self.gm_seat,
            "combatants": [combatant.to_dict() for combatant in self.combatants],
            "order": list(self.order),
            "turn": self.turn,
            "seat": self.seat,
            "round": self.round,
            "initiative": self.initiative,
            "version": self.version,
        }

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
            initiative=stored["initiative"],
            version=stored["version"],
        )


def stance_of(combat: Combat | None, token_id: str) -> Stance:
    """The token's stance; no combat, or not in it: nothing kept up."""
    combatant = combat.combatant(token_id) if combat else None
    return combatant.stance if combatant else Stance()


def with_stance(combat: Combat, token_id: str, stance: Stance) -> Combat:
    """``combat`` with the token's stance replaced (the next version)."""
    if combat.combatant(token_id) is None:
        raise ValueError(f"token {token_id!r} is not in the combat in {combat.scene_id}")
    combatants = tuple(replace(c, stance=stance) if c.token_id == token_id else c for c in combat.combatants)
    return replace(combat, combatants=combatants, version=combat.version + 1)
