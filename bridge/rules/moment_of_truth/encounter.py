"""Encounter simulation: two sides fight N times to the end (ch. 7, Attacking
and Defending; Defense Dice; Rolling Damage; Damage, Death).

All fights advance together as numpy arrays, round by round, from one seeded
``numpy.random.Generator``: the same seed and sides give the same result.
The numbers come from the rules modules, not re-derived: the attack pool
from :func:`.combat_pool.combat_pool` (defense dice reserved come off it),
the TN to hit from :func:`.defense.to_hit` (+1 per pair of the target's
reserved defense dice), the damage dice and their (minor, serious) numbers
from the weapon as :mod:`.damage` reads them, armor's DR from
:meth:`.equipment.Armor.reduction_against` (halved by armor-piercing),
serious absorbed first. Hit points lost = serious + minor left.

Simplifications (each a choice of this module):

- initiative is side order: every round the first side's combatants act in
  the order listed, then the second side's; one attack each per round;
- every combatant reserves the same defense dice every round (its policy),
  and a target is chosen per attack: the first enemy still up, the weakest
  (fewest hit points remaining, first on a tie) or one at random;
- ranged attacks are made at the weapon's optimal range (no range dice), no
  aiming, movement, cover, shields, conditions (injured and wounded
  penalties included), called shots, Moments of Truth, automatic fire,
  scatter, jams, ammunition or critical-success boons; one hit per
  successful attack, excess successes buy nothing;
- an attack whose pool cannot reach the TN is not rolled (ch. 1, Impossible
  Rolls): it misses and draws no dice;
- a combatant is out of the fight at 0 hit points remaining (unconscious,
  ch. 7) and is no longer attacked, so only the blow that drops it can kill
  it: dead under the harsh death dial when damage reaches 2 x HP + 1;
  no bleeding;
- a fight still undecided after ``round_cap`` rounds is a draw;
- ``dice_drawn`` counts the d6 rolled (attack and damage); random target
  picks draw uniform numbers, not dice, and are not counted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np

from .combat_pool import Weapon, combat_pool
from .damage import DamageDice
from .defense import to_hit
from .dials import Dials
from .equipment import Armor, Arsenal, MeleeWeapon, Quality, RangedWeapon
from .health import Health
from .ranges import weapon_range
from .rolls import SIDES
from .statistics import Statistic

DEFAULT_FIGHTS = 10_000
MAX_FIGHTS = 100_000
DEFAULT_ROUND_CAP = 50
MAX_ROUND_CAP = 500
#: Fights simulated between two calls of ``between_chunks``.
CHUNK = 1_000


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


def weapon_of(entry: str | Mapping[str, Any], arsenal: Arsenal) -> Weapon:
    """A weapon by name (melee table first, then ranged), or as data: a
    ``{"kind": "melee" | "ranged", ...}`` entry as that table reads it."""
    if isinstance(entry, str):
        try:
            return arsenal.melee_weapon(entry)
        except ValueError:
            return arsenal.ranged_weapon(entry)
    data = dict(entry)
    kind = data.pop("kind")
    return (MeleeWeapon if kind == "melee" else RangedWeapon).from_dict(data)


def combatant_of(entry: Mapping[str, Any], arsenal: Arsenal) -> Combatant:
    """A :class:`Combatant` from its wire form, its weapon and armor named in
    ``arsenal`` (or the weapon given as data)."""
    armor = entry.get("armor")
    return Combatant(
        entry["name"],
        {Statistic(name): value for name, value in entry["statistics"].items()},
        entry.get("skill_level"),
        weapon_of(entry["weapon"], arsenal),
        arsenal.armor_named(armor) if armor else None,
        entry.get("hit_points"),
        entry.get("defense_dice", 0),
        Targeting(entry.get("targeting", Targeting.FIRST.value)),
    )


@dataclass(frozen=True)
class Side:
    name: str
    combatants: tuple[Combatant, ...]

    def __post_init__(self) -> None:
        if not self.combatants:
            raise ValueError(f"side {self.name!r} has no combatants")


@dataclass(frozen=True)
class _Fighter:
    """A combatant's numbers as the simulation uses them."""

    combatant: Combatant
    pool: int
    lowest_success: int  # 5 (skilled) or 6 (unskilled)
    damage: DamageDice
    hit_points: int
    armor_piercing: bool
    ranged: bool

    def to_dict(self, side: int, tn_to_be_hit: int) -> dict[str, Any]:
        armor = self.combatant.armor
        return {
            "side": side,
            "name": self.combatant.name,
            "weapon": self.combatant.weapon.name,
            "attack_pool": self.pool,
            "success_faces": list(range(self.lowest_success, SIDES + 1)),
            "damage": self.damage.to_dict(),
            "armor": armor.name if armor else None,
            "damage_reduction": armor.damage_reduction if armor else 0,
            "hit_points": self.hit_points,
            "defense_dice": self.combatant.defense_dice,
            "tn_to_be_hit": tn_to_be_hit,
            "targeting": self.combatant.targeting.value,
        }


def _fighter(combatant: Combatant, dials: Dials) -> _Fighter:
    weapon = combatant.weapon
    ranged = isinstance(weapon, RangedWeapon)
    reading = weapon_range(weapon, weapon.optimal_m) if ranged else None
    attack = combat_pool(
        combatant.statistics, combatant.skill_level, weapon, dials=dials,
        defense_dice=combatant.defense_dice, range_reading=reading,
    )
    damage = weapon.damage_dice(strength=combatant.statistics[Statistic.STRENGTH], skill=combatant.skill_level or 0)
    hit_points = combatant.hit_points or Health.from_endurance(combatant.statistics[Statistic.ENDURANCE], dials).hit_points
    return _Fighter(
        combatant, attack.pool.dice, min(attack.kind.success_faces), damage, hit_points,
        Quality.ARMOR_PIERCING in weapon.qualities, ranged,
    )


@dataclass(frozen=True)
class Encounter:
    """What the fights show: counts out of ``fights``."""

    fights: int
    seed: int
    round_cap: int
    wins: tuple[int, int]
    draws: int
    rounds: tuple[int, ...]  # rounds[r - 1]: fights decided in round r
    down: tuple[tuple[int, ...], tuple[int, ...]]  # per side, per combatant: out of the fight at the end
    dead: tuple[tuple[int, ...], tuple[int, ...]]
    dice_drawn: int
    sides: tuple[Side, Side]
    numbers: tuple[dict[str, Any], ...]

    @property
    def mean_rounds(self) -> float | None:
        decided = sum(self.rounds)
        return sum(r * n for r, n in enumerate(self.rounds, 1)) / decided if decided else None

    def to_dict(self) -> dict[str, Any]:
        rate = self.fights
        return {
            "fights": self.fights,
            "seed": self.seed,
            "round_cap": self.round_cap,
            "sides": [
                {"name": side.name, "wins": wins, "win_rate": wins / rate}
                for side, wins in zip(self.sides, self.wins)
            ],
            "draws": self.draws,
            "draw_rate": self.draws / rate,
            "rounds": {"mean": self.mean_rounds, "histogram": list(self.rounds)},
            "casualties": [
                {
                    **numbers,
                    "down": down, "down_rate": down / rate, "dead": dead, "dead_rate": dead / rate,
                }
                for numbers, down, dead in zip(
                    self.numbers, (n for side in self.down for n in side), (n for side in self.dead for n in side)
                )
            ],
            "dice_drawn": self.dice_drawn,
        }


def simulate(
    sides: tuple[Side, Side],
    *,
    dials: Dials,
    fights: int = DEFAULT_FIGHTS,
    seed: int,
    round_cap: int = DEFAULT_ROUND_CAP,
    between_chunks: Callable[[int], None] = lambda done: None,
) -> Encounter:
    """Fight ``fights`` times, :data:`CHUNK` fights at a time, calling
    ``between_chunks(fights done)`` after each chunk (it may raise to stop)."""
    if not 1 <= fights <= MAX_FIGHTS:
        raise ValueError(f"fights must be 1 to {MAX_FIGHTS}, not {fights}")
    if not 1 <= round_cap <= MAX_ROUND_CAP:
        raise ValueError(f"the round cap must be 1 to {MAX_ROUND_CAP}, not {round_cap}")
    fighters = [_fighter(c, dials) for side in sides for c in side.combatants]
    table = _Table(fighters, len(sides[0].combatants), dials)
    rng = np.random.default_rng(seed)
    totals = _Totals.empty(len(fighters), round_cap)
    done = 0
    while done < fights:
        size = min(CHUNK, fights - done)
        totals.add(table.run(size, round_cap, rng))
        done += size
        between_chunks(done)
    first = len(sides[0].combatants)
    numbers = tuple(
        fighter.to_dict(0 if i < first else 1, int(table.tn[:, i].max())) for i, fighter in enumerate(fighters)
    )
    return Encounter(
        fights, seed, round_cap, (totals.wins[0], totals.wins[1]), totals.draws, tuple(totals.rounds),
        (tuple(totals.down[:first]), tuple(totals.down[first:])),
        (tuple(totals.dead[:first]), tuple(totals.dead[first:])),
        totals.dice, sides, numbers,
    )


@dataclass
class _Totals:
    wins: list[int]
    draws: int
    rounds: list[int]
    down: list[int]
    dead: list[int]
    dice: int

    @classmethod
    def empty(cls, combatants: int, round_cap: int) -> _Totals:
        return cls([0, 0], 0, [0] * round_cap, [0] * combatants, [0] * combatants, 0)

    def add(self, other: _Totals) -> None:
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.draws += other.draws
        self.rounds = [a + b for a, b in zip(self.rounds, other.rounds)]
        self.down = [a + b for a, b in zip(self.down, other.down)]
        self.dead = [a + b for a, b in zip(self.dead, other.dead)]
        self.dice += other.dice


class _Table:
    """The fixed numbers of every attacker against every target."""

    def __init__(self, fighters: Sequence[_Fighter], first: int, dials: Dials):
        self.fighters = fighters
        self.first = first
        self.harsh_death = dials.harsh_death
        count = len(fighters)
        self.side = np.array([0 if i < first else 1 for i in range(count)])
        self.hit_points = np.array([f.hit_points for f in fighters])
        # tn[a, t] and dr[a, t]: attacker a against target t (0 where they are allies)
        self.tn = np.zeros((count, count), dtype=np.int64)
        self.dr = np.zeros((count, count), dtype=np.int64)
        for a, attacker in enumerate(fighters):
            for t, target in enumerate(fighters):
                if self.side[a] == self.side[t]:
                    continue
                self.tn[a, t] = to_hit(dials=dials, ranged=attacker.ranged, defense_dice=target.combatant.defense_dice).value
                armor = target.combatant.armor
                self.dr[a, t] = armor.reduction_against(armor_piercing=attacker.armor_piercing) if armor else 0

    def run(self, n: int, round_cap: int, rng: np.random.Generator) -> _Totals:
        count = len(self.fighters)
        damage = np.zeros((n, count), dtype=np.int64)
        up = np.ones((n, count), dtype=bool)
        dead = np.zeros((n, count), dtype=bool)
        decided_in = np.zeros(n, dtype=np.int64)  # 0: not yet
        winner = np.full(n, -1)
        dice = 0
        for round_number in range(1, round_cap + 1):
            running = decided_in == 0
            if not running.any():
                break
            for a in range(count):
                dice += self._attack(a, running, damage, up, dead, rng)
            for side in (0, 1):
                wiped = running & ~up[:, self.side == 1 - side].any(axis=1) & (decided_in == 0)
                winner[wiped] = side
                decided_in[wiped] = round_number
        totals = _Totals.empty(count, round_cap)
        totals.wins = [int((winner == 0).sum()), int((winner == 1).sum())]
        totals.draws = int((decided_in == 0).sum())
        totals.rounds = np.bincount(decided_in, minlength=round_cap + 1)[1:].tolist()
        totals.down = (~up).sum(axis=0).tolist()
        totals.dead = dead.sum(axis=0).tolist()
        totals.dice = dice
        return totals

    def _attack(self, a: int, running, damage, up, dead, rng: np.random.Generator) -> int:
        """Combatant ``a``'s attack in every fight where it and an enemy are up;
        returns the dice drawn."""
        fighter = self.fighters[a]
        enemies = np.flatnonzero(self.side != self.side[a])
        enemies_up = up[:, enemies]
        fights = np.flatnonzero(running & up[:, a] & enemies_up.any(axis=1))
        if not fights.size:
            return 0
        target = enemies[self._choose(fighter.combatant.targeting, enemies_up[fights], damage[fights][:, enemies],
                                      self.hit_points[enemies], rng)]
        tn = self.tn[a, target]
        possible = fighter.pool >= tn
        fights, target, tn = fights[possible], target[possible], tn[possible]
        faces = rng.integers(1, SIDES + 1, size=(fights.size, fighter.pool), dtype=np.int8)
        hit = (faces >= fighter.lowest_success).sum(axis=1) >= tn
        fights, target = fights[hit], target[hit]
        lost = self._damage(fighter.damage, self.dr[a, target], rng)
        damage[fights, target] += lost
        hit_points = self.hit_points[target]
        up[fights, target] = damage[fights, target] < hit_points
        if self.harsh_death:
            dead[fights, target] = damage[fights, target] >= 2 * hit_points + 1
        return faces.size + fights.size * fighter.damage.dice

    @staticmethod
    def _choose(targeting: Targeting, enemies_up, damage, hit_points, rng: np.random.Generator):
        """Index among the enemies of each fight's target (one is always up)."""
        if targeting is Targeting.FIRST:
            return enemies_up.argmax(axis=1)
        if targeting is Targeting.WEAKEST:
            remaining = np.where(enemies_up, hit_points - damage, np.iinfo(np.int64).max)
            return remaining.argmin(axis=1)
        return np.where(enemies_up, rng.random(enemies_up.shape), -1.0).argmax(axis=1)

    @staticmethod
    def _damage(damage: DamageDice, dr, rng: np.random.Generator):
        """Hit points lost per hit: serious and minor counted on the damage
        numbers, DR off serious first (ch. 7)."""
        faces = rng.integers(1, SIDES + 1, size=(dr.size, damage.dice), dtype=np.int8)
        serious = _count_at(faces, damage.serious_at)
        minor = _count_at(faces, damage.minor_at)
        serious_absorbed = np.minimum(serious, dr)
        minor_absorbed = np.minimum(minor, dr - serious_absorbed)
        return serious + minor - serious_absorbed - minor_absorbed


def _count_at(faces, threshold: int | None):
    """Dice showing ``threshold`` or more (None, the book's ``-``: none)."""
    if threshold is None:
        return np.zeros(faces.shape[0], dtype=np.int64)
    return (faces >= threshold).sum(axis=1)
