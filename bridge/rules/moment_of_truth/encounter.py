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
from .equipment import Armor, MeleeWeapon, Quality, RangedWeapon
from .health import Health
from .ranges import weapon_range
from .rolls import SIDES
from .statistics import Statistic

DEFAULT_FIGHTS = 10_000
MAX_FIGHTS = 100_000
DEFAULT_ROUND_CAP = 50
MAX_ROUND_CAP = 200
#: Fights simulated between two calls of ``keep_going`` (the job pushes progress there).
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

    def to_dict(self) -> dict[str, Any]:
        """Every number, the weapon and armor described in full (a worker
        reads them back with no arsenal)."""
        return {
            "name": self.name,
            "statistics": {statistic.value: value for statistic, value in self.statistics.items()},
            "skill_level": self.skill_level,
            "weapon": self.weapon.to_dict(),
            "armor": self.armor.to_dict() if self.armor else None,
            "hit_points": self.hit_points,
            "defense_dice": self.defense_dice,
            "targeting": self.targeting.value,
        }

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> Combatant:
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
            raise ValueError(f"side {self.name!r} has no combatants")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "combatants": [combatant.to_dict() for combatant in self.combatants]}

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> Side:
        return cls(entry["name"], tuple(Combatant.from_dict(combatant) for combatant in entry["combatants"]))


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
    chunk: int = CHUNK,
    keep_going: Callable[[int], bool] = lambda done: True,
) -> Encounter:
    """Fight ``fights`` times, ``chunk`` fights at a time (the same seed and
    chunk give the same result). After each chunk ``keep_going(fights
    done)`` says whether to go on: stopped early, the result counts the
    fights done (its ``fights``)."""
    if not 1 <= fights <= MAX_FIGHTS:
        raise ValueError(f"fights must be 1 to {MAX_FIGHTS}, not {fights}")
    if not 1 <= round_cap <= MAX_ROUND_CAP:
        raise ValueError(f"the round cap must be 1 to {MAX_ROUND_CAP}, not {round_cap}")
    fighters = check_sides(sides, dials)
    table = _Table(fighters, len(sides[0].combatants), dials)
    rng = np.random.default_rng(seed)
    totals = _Totals.empty(len(fighters), round_cap)
    done = 0
    while done < fights:
        size = min(chunk, fights - done)
        totals.add(table.run(size, round_cap, rng))
        done += size
        if done < fights and not keep_going(done):
            break
    first = len(sides[0].combatants)
    numbers = tuple(
        fighter.to_dict(0 if i < first else 1, int(table.tn[:, i].max())) for i, fighter in enumerate(fighters)
    )
    return Encounter(
        done, seed, round_cap, (totals.wins[0], totals.wins[1]), totals.draws, tuple(totals.rounds),
        (tuple(totals.down[:first]), tuple(totals.down[first:])),
        (tuple(totals.dead[:first]), tuple(totals.dead[first:])),
        totals.dice, sides, numbers,
    )


def check_sides(sides: tuple[Side, Side], dials: Dials) -> list[_Fighter]:
    """Every combatant's numbers (a ValueError where the rules refuse one)."""
    if len(sides) != 2:
        raise ValueError(f"an encounter has two sides, not {len(sides)}")
    return [_fighter(combatant, dials) for side in sides for combatant in side.combatants]


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
    """The fixed numbers of every attacker against every target. Arrays are
    combatant by fight, so one combatant's row is contiguous and dice are
    drawn die by fight, summed down the columns."""

    def __init__(self, fighters: Sequence[_Fighter], first: int, dials: Dials):
        self.fighters = fighters
        self.harsh_death = dials.harsh_death
        count = len(fighters)
        self.sides = (slice(0, first), slice(first, count))
        self.side = [0 if i < first else 1 for i in range(count)]
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
        # one number for every enemy, where it is one: no gather per fight
        enemies = [self.sides[1 - side] for side in self.side]
        self.one_tn = [_one(self.tn[a, enemies[a]]) for a in range(count)]
        self.one_dr = [_one(self.dr[a, enemies[a]]) for a in range(count)]
        self.always_possible = [fighters[a].pool >= self.tn[a, enemies[a]].max() for a in range(count)]
        self.never_possible = [fighters[a].pool < self.tn[a, enemies[a]].min() for a in range(count)]

    def run(self, n: int, round_cap: int, rng: np.random.Generator) -> _Totals:
        count = len(self.fighters)
        places = np.zeros(count * n, dtype=np.int64)  # a side's combatants in their order: place = index in the side
        for side in self.sides:
            places[side.start * n : side.stop * n] = np.repeat(np.arange(side.stop - side.start), n)
        fight = _Fight(
            n, np.repeat(self.hit_points.astype(np.int32), n), np.ones(count * n, dtype=bool),
            np.zeros(count * n, dtype=bool),
            np.array([[s.stop - s.start] * n for s in self.sides]), np.array([[s.start] * n for s in self.sides]),
            tuple(np.repeat(np.arange(s.start, s.stop), n) for s in self.sides),
            tuple(places.copy() for _ in self.sides),
        )
        decided_in = np.zeros(n, dtype=np.int64)  # 0: not yet
        winner = np.full(n, -1)
        dice = 0
        for round_number in range(1, round_cap + 1):
            for a in range(count):
                dice += self._attack(a, fight, rng)
            for side in (0, 1):
                wiped = (fight.standing[1 - side] == 0) & (decided_in == 0)
                winner[wiped] = side
                decided_in[wiped] = round_number
            if decided_in.all():
                break
        totals = _Totals.empty(count, round_cap)
        totals.wins = [int((winner == 0).sum()), int((winner == 1).sum())]
        totals.draws = int((decided_in == 0).sum())
        totals.rounds = np.bincount(decided_in, minlength=round_cap + 1)[1:].tolist()
        totals.down = (~fight.up.reshape(count, n)).sum(axis=1).tolist()
        totals.dead = fight.dead.reshape(count, n).sum(axis=1).tolist()
        totals.dice = dice
        return totals

    def _attack(self, a: int, fight: _Fight, rng: np.random.Generator) -> int:
        """Combatant ``a``'s attack in every fight where it and an enemy are up
        (so the fight is undecided); returns the dice drawn."""
        fighter = self.fighters[a]
        other = 1 - self.side[a]
        n = fight.n
        fights = np.flatnonzero(fight.up[a * n : (a + 1) * n] & (fight.standing[other] > 0))
        if not fights.size or self.never_possible[a]:
            return 0
        target = self._choose(fighter.combatant.targeting, other, fights, fight, rng)
        tn = self._against(self.tn, self.one_tn, a, target)
        if not self.always_possible[a]:
            possible = fighter.pool >= tn
            fights, target, tn = fights[possible], target[possible], tn[possible]
        faces = _d6(rng, fighter.pool, fights.size)
        hit = (faces >= fighter.lowest_success).sum(axis=0, dtype=np.int16) >= tn
        fights, target = fights[hit], target[hit]
        cells = target * n + fights
        left = fight.left[cells] - self._damage(fighter.damage, fights.size, self._against(self.dr, self.one_dr, a, target), rng)
        fight.left[cells] = left
        down = left <= 0
        if down.any():
            dropped, fights_down = cells[down], fights[down]
            fight.up[dropped] = False
            self._dropped(other, target[down], fights_down, fight)
            if self.harsh_death:  # total damage 2 x HP + 1: HP + 1 below zero
                fight.dead[dropped] = left[down] <= -(self.hit_points[target[down]] + 1)
        return faces.size + fights.size * fighter.damage.dice

    @staticmethod
    def _against(table, one: list[int | None], a: int, target):
        """``table[a, target]``: a number, or one per fight where they differ."""
        return table[a, target] if one[a] is None else one[a]

    def _choose(self, targeting: Targeting, side: int, fights, fight: _Fight, rng: np.random.Generator):
        """Each fight's target on ``side`` (one is always up there)."""
        if targeting is Targeting.FIRST:
            return fight.first_up[side, fights]
        enemies = self.sides[side]
        if targeting is Targeting.WEAKEST:
            cells = np.arange(enemies.start, enemies.stop)[:, None] * fight.n + fights
            remaining = np.where(fight.up[cells], fight.left[cells], np.iinfo(np.int32).max)
            return enemies.start + remaining.argmin(axis=0)
        # at random: a place among the side's first ``standing`` in its order of those up
        place = rng.integers(0, fight.standing[side, fights])
        return fight.order[side][place * fight.n + fights]

    def _dropped(self, side: int, targets, fights, fight: _Fight) -> None:
        """``targets`` are down in ``fights`` (one each): the side's count, its
        first combatant up and its order of those up (the last up takes the
        dropped one's place) follow."""
        n, order, place = fight.n, fight.order[side], fight.place[side]
        fight.standing[side, fights] -= 1
        last = fight.standing[side, fights] * n + fights
        gone = place[targets * n + fights] * n + fights
        moved = order[last]
        order[gone], order[last] = moved, targets
        place[moved * n + fights] = gone // n
        enemies = self.sides[side]
        cells = np.arange(enemies.start, enemies.stop)[:, None] * n + fights
        fight.first_up[side, fights] = enemies.start + fight.up[cells].argmax(axis=0)

    @staticmethod
    def _damage(damage: DamageDice, hits: int, dr, rng: np.random.Generator):
        """Hit points lost per hit: serious and minor counted on the damage
        numbers, DR off serious first (ch. 7)."""
        faces = _d6(rng, damage.dice, hits)
        serious = _count_at(faces, damage.serious_at)
        minor = _count_at(faces, damage.minor_at)
        if np.ndim(dr) == 0 and dr == 0:
            return serious + minor
        serious_absorbed = np.minimum(serious, dr)
        minor_absorbed = np.minimum(minor, dr - serious_absorbed)
        return serious + minor - serious_absorbed - minor_absorbed


@dataclass
class _Fight:
    """``n`` fights: ``left`` (hit points remaining), ``up`` and ``dead`` flat, cell ``combatant * n
    + fight``; ``standing`` (how many are up) and ``first_up`` (the first
    combatant up) per side per fight; ``order`` per side: the combatants,
    those up first, ``place`` where each one is in it (for a random pick)."""

    n: int
    left: np.ndarray
    up: np.ndarray
    dead: np.ndarray
    standing: np.ndarray
    first_up: np.ndarray
    order: tuple[np.ndarray, np.ndarray]  # per side, flat, cell ``place * n + fight``: a combatant
    place: tuple[np.ndarray, np.ndarray]  # per side, flat, cell ``combatant * n + fight``: its place in order


def _d6(rng: np.random.Generator, dice: int, fights: int):
    """``dice`` d6 in each of ``fights``, die by fight (a flat size: numpy
    takes the product of a shape in Python)."""
    return rng.integers(1, SIDES + 1, size=dice * fights, dtype=np.int8).reshape(dice, fights)


def _one(values) -> int | None:
    return int(values[0]) if (values == values[0]).all() else None


def _count_at(faces, threshold: int | None):
    """Dice showing ``threshold`` or more, per fight (None, the book's ``-``: none)."""
    if threshold is None:
        return np.zeros(faces.shape[1], dtype=np.int16)
    return (faces >= threshold).sum(axis=0, dtype=np.int16)
