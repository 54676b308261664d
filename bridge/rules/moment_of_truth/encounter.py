"""An encounter: two sides of combatants, each with its numbers as the rules
give them (ch. 7, Attacking and Defending; Defense Dice; Rolling Damage;
Damage, Death), and what N fights between them showed (``Encounter``).
``check_sides`` reads the sides a request names; ``simulation.simulate``
fights them.

The numbers come from the rules modules, not re-derived: the attack pool
from :func:`.combat_pool.combat_pool` (defense dice reserved come off it),
the TN to hit from :func:`.defense.to_hit` (+1 per pair of the target's
reserved defense dice), the damage dice and their (minor, serious) numbers
from the weapon as :mod:`.damage` reads them, armor's DR from
:meth:`.equipment.Armor.reduction_against` (halved by armor-piercing),
serious absorbed first. Hit points lost = serious + minor left.
"""


from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, NamedTuple

from ..refusal import RulesRefusal
from .combat_pool import Weapon, combat_pool
from .damage import DamageDice
from .dials import Dials
from .equipment import Armor, MeleeWeapon, Quality, RangedWeapon
from .health import Health
from .ranges import weapon_range
from .rolls import RollKind
from .statistics import Statistic

DEFAULT_FIGHTS = 10_000
MAX_FIGHTS = 100_000
DEFAULT_ROUND_CAP = 50
MAX_ROUND_CAP = 200
#: Most combatants on a side (who is up is a bit each, a random pick counts
#: them in 64-bit integers).
MAX_SIDE = 20
#: Fights in order between two calls of ``keep_going`` (the job pushes progress there);
#: twice as many are under way at once.
CHUNK = 5_000


class Targeting(str, Enum):
    """Whom a combatant attacks."""

    FIRST = "first"  # the first enemy still up, in the side's order
    WEAKEST = "weakest"  # fewest hit points remaining
    RANDOM = "random"


@dataclass(frozen=True)
class Combatant:
    """One stat block and its tactics. ``skill_level`` None: unskilled."""

    name: str
    statistics: Mapping[Statistic, int]
    skill_level: int | None
    weapon: Weapon
    armor: Armor | None = None
    hit_points: int | None = None  # None: from Endurance (ch. 2)
    defense_dice: int = 0
    targeting: Targeting = Targeting.FIRST

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> Combatant:
        """A combatant as a job reads it back, its weapon and armor described in full."""
        weapon, armor = entry["weapon"], entry["armor"]
        return cls(
            entry["name"],
            {Statistic(name): value for name, value in entry["statistics"].items()},
            entry["skill_level"],
            MeleeWeapon.from_dict(weapon) if "reach" in weapon else RangedWeapon.from_dict(weapon),
            Armor.from_dict(armor) if armor else None,
            entry["hit_points"],
            entry["defense_dice"],
            Targeting(entry["targeting"]),
        )


@dataclass(frozen=True)
class Side:
    name: str
    combatants: tuple[Combatant, ...]

    def __post_init__(self) -> None:
        if not self.combatants:
            raise RulesRefusal(f"side {self.name!r} has no combatants")

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> Side:
        return cls(entry["name"], tuple(Combatant.from_dict(combatant) for combatant in entry["combatants"]))


@dataclass(frozen=True)
class Fighter:
    """A combatant's numbers as the simulation uses them."""

    combatant: Combatant
    pool: int
    kind: RollKind  # its success faces
    damage: DamageDice
    hit_points: int
    armor_piercing: bool
    ranged: bool


    def casualty(self, side: int, tn_to_be_hit: int, down: int, dead: int, fights: int) -> Casualty:
        """The numbers it fought with, and how often it ended the fights down or dead."""
        combatant, armor = self.combatant, self.combatant.armor
        return Casualty(
            side, combatant.name, combatant.weapon.name, self.pool, self.kind.success_faces, self.damage,
            armor.name if armor else None, armor.damage_reduction if armor else 0, self.hit_points,
            combatant.defense_dice, tn_to_be_hit, combatant.targeting, down, down / fights, dead, dead / fights,
        )


class Casualty(NamedTuple):
    """One combatant: the numbers it fought with (``success_faces``: its
    roll's, ``tn_to_be_hit``: the highest any attacker needed) and how often
    it ended the fight down (out of the fight, dead included) or dead."""

    side: int
    name: str
    weapon: str
    attack_pool: int
    success_faces: tuple[int, ...]
    damage: DamageDice
    armor: str | None
    damage_reduction: int
    hit_points: int
    defense_dice: int
    tn_to_be_hit: int
    targeting: Targeting
    down: int
    down_rate: float
    dead: int
    dead_rate: float


class SideOutcome(NamedTuple):
    name: str
    wins: int
    win_rate: float


class Rounds(NamedTuple):
    """``histogram[r - 1]``: fights decided in round r; ``mean`` over decided fights (None: none was)."""

    mean: float | None
    histogram: tuple[int, ...]


def _fighter(combatant: Combatant, dials: Dials) -> Fighter:
    weapon = combatant.weapon
    ranged = isinstance(weapon, RangedWeapon)
    reading = weapon_range(weapon, weapon.optimal_m) if ranged else None
    attack = combat_pool(
        combatant.statistics, combatant.skill_level, weapon, dials=dials,
        defense_dice=combatant.defense_dice, range_reading=reading,
    )
    damage = weapon.damage_dice(strength=combatant.statistics[Statistic.STRENGTH], skill=combatant.skill_level or 0)
    hit_points = combatant.hit_points or Health.from_endurance(combatant.statistics[Statistic.ENDURANCE], dials).hit_points
    return Fighter(
        combatant, attack.pool.dice, attack.kind, damage, hit_points,
        Quality.ARMOR_PIERCING in weapon.qualities, ranged,
    )


@dataclass(frozen=True)
class Encounter:
    """What the fights show: counts out of ``fights``, the fights done
    (``fights_requested`` unless ``cancelled``)."""

    fights: int
    fights_requested: int
    seed: int
    round_cap: int
    wins: tuple[int, int]
    draws: int
    decided_in: tuple[int, ...]  # decided_in[r - 1]: fights decided in round r
    casualties: tuple[Casualty, ...]  # every combatant, side by side, in order
    dice_drawn: int
    sides: tuple[Side, Side]

    @property
    def cancelled(self) -> bool:
        return self.fights < self.fights_requested

    @property
    def mean_rounds(self) -> float | None:
        decided = sum(self.decided_in)
        return sum(r * n for r, n in enumerate(self.decided_in, 1)) / decided if decided else None

    @property
    def rounds(self) -> Rounds:
        return Rounds(self.mean_rounds, self.decided_in)

    @property
    def outcomes(self) -> tuple[SideOutcome, SideOutcome]:
        """Each side's wins."""
        return tuple(SideOutcome(side.name, wins, wins / self.fights) for side, wins in zip(self.sides, self.wins))

    @property
    def draw_rate(self) -> float:
        return self.draws / self.fights


def check_sides(sides: tuple[Side, Side], dials: Dials) -> list[Fighter]:
    """Every combatant's numbers (a ValueError where the rules refuse one)."""
    if len(sides) != 2:
        raise RulesRefusal(f"an encounter has two sides, not {len(sides)}")
    for side in sides:
        if len(side.combatants) > MAX_SIDE:
            raise RulesRefusal(f"side {side.name!r} has more than {MAX_SIDE} combatants")
    return [_fighter(combatant, dials) for side in sides for combatant in side.combatants]
