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
from math import lcm
from typing import Any

import numpy as np

from .combat_pool import Weapon, combat_pool
from .damage import DamageDice
from .damage_odds import damage_odds
from .defense import to_hit
from .dials import Dials
from .equipment import Armor, MeleeWeapon, Quality, RangedWeapon
from .health import Health
from .odds import roll_odds
from .ranges import weapon_range
from .rolls import SIDES, RollKind
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
    kind: RollKind  # its success faces
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
            "success_faces": list(self.kind.success_faces),
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
        combatant, attack.pool.dice, attack.kind, damage, hit_points,
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
    """Fight ``fights`` times, up to ``chunk`` fights under way at once (the
    next fight takes the place of one that ends). Each time the next
    ``chunk`` fights in order are all over, ``keep_going(fights done)`` says
    whether to go on: stopped early, the result counts those fights (its
    ``fights``) and drops the ones begun after them. The same seed and chunk
    give the same result."""
    if not 1 <= fights <= MAX_FIGHTS:
        raise ValueError(f"fights must be 1 to {MAX_FIGHTS}, not {fights}")
    if not 1 <= round_cap <= MAX_ROUND_CAP:
        raise ValueError(f"the round cap must be 1 to {MAX_ROUND_CAP}, not {round_cap}")
    fighters = check_sides(sides, dials)
    first = len(sides[0].combatants)
    table = _Table(fighters, first, dials)
    totals = table.run(fights, chunk, round_cap, np.random.default_rng(seed), keep_going)
    numbers = tuple(
        fighter.to_dict(0 if i < first else 1, int(table.tn[:, i].max())) for i, fighter in enumerate(fighters)
    )
    return Encounter(
        totals.fights, seed, round_cap, totals.wins, totals.draws, totals.rounds,
        (totals.down[:first], totals.down[first:]), (totals.dead[:first], totals.dead[first:]),
        totals.dice, sides, numbers,
    )


def check_sides(sides: tuple[Side, Side], dials: Dials) -> list[_Fighter]:
    """Every combatant's numbers (a ValueError where the rules refuse one)."""
    if len(sides) != 2:
        raise ValueError(f"an encounter has two sides, not {len(sides)}")
    return [_fighter(combatant, dials) for side in sides for combatant in side.combatants]


@dataclass(frozen=True)
class _Totals:
    fights: int
    wins: tuple[int, int]
    draws: int
    rounds: tuple[int, ...]
    down: tuple[int, ...]
    dead: tuple[int, ...]
    dice: int


#: Dice read as one number at most: up to 6**22 numpy's 64-bit draws
#: almost never reject a draw (about 1 in 4 at 6**24).
BLOCK = 22


class _Rolls:
    """``dice`` d6 read as one amount a roll (successes, or damage points),
    drawn without their faces, which a simulation's result does not show.

    The 6**b face tuples of b dice are the numbers 0 <= u < 6**b (a tuple's
    faces are its number's base-6 digits), so one uniform u rolls all b dice.
    ``ways(b)[k]`` counts the tuples showing amount k, by the rules' own
    readings (the odds modules): let the first ways[0] numbers stand for the
    tuples showing 0, the next ways[1] for those showing 1, and so on, and
    ``searchsorted(cumsum(ways), u, "right")`` is that amount with exactly
    the dice's chances. Each count is scaled by one factor so the numbers
    reach 2**32 (below it numpy draws 32 bits, rejecting up to half of
    them); the chances stay the same. An amount adds up die by die, so more
    than BLOCK dice are read in blocks and summed."""

    def __init__(self, dice: int, ways: Callable[[int], Sequence[int]]):
        self.dice = dice
        blocks = max(1, -(-dice // BLOCK))
        sizes = [dice // blocks + (block < dice % blocks) for block in range(blocks)]
        self.blocks = []
        for size in sizes:
            scale = 2**32 // SIDES**size + 1
            self.blocks.append((SIDES**size * scale, np.cumsum(ways(size), dtype=np.int64) * scale))

    def draw(self, rng: np.random.Generator, rolls: int):
        """The amount each of ``rolls`` rolls shows."""
        amounts = None
        for outcomes, bounds in self.blocks:
            amount = bounds.searchsorted(rng.integers(0, outcomes, size=rolls), side="right")
            amounts = amount if amounts is None else amounts + amount
        return amounts

    def at_least(self, rng: np.random.Generator, rolls: int, amount):
        """Whether each roll shows ``amount`` (at least 1 and at most ``dice``;
        a number, or one per roll) or more: in one block, whether its number is
        past those of the tuples showing less."""
        if len(self.blocks) > 1:
            return self.draw(rng, rolls) >= amount
        outcomes, bounds = self.blocks[0]
        return rng.integers(0, outcomes, size=rolls) >= bounds[amount - 1]


class _Table:
    """The fixed numbers of every attacker against every target. Arrays are
    combatant by place (a fight under way), flat, cell ``combatant * n +
    place``, so one combatant's row is contiguous."""

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
        self.successes = [_Rolls(f.pool, lambda dice, kind=f.kind: roll_odds(dice, 1, kind).by_successes) for f in fighters]
        # serious + minor: hit points lost = max(0, that - DR) (damage_odds; DR 0 loses them all)
        self.points = [_Rolls(f.damage.dice, lambda dice, damage=f.damage: damage_odds(damage.with_dice(dice)).lost_ways)
                       for f in fighters]
        self.dead_at = -(self.hit_points + 1)  # total damage 2 x HP + 1: HP + 1 below zero
        self.bit = np.array([1 << (i - self.sides[self.side[i]].start) for i in range(count)])
        self.every = [lcm(*range(1, s.stop - s.start + 1)) for s in self.sides]

    def run(self, fights: int, chunk: int, round_cap: int, rng: np.random.Generator,
            keep_going: Callable[[int], bool]) -> _Totals:
        """Every fight to its end, up to ``chunk`` under way at once: each round
        all of them fight one round, those over are written down and the next
        fights take their places."""
        count = len(self.fighters)
        fight = _Fight.empty(count, min(chunk, fights))
        playing = np.full(fight.n, -1)  # the fight in each place (-1: none)
        rounds = np.zeros(fight.n, dtype=np.int64)  # rounds it has fought
        decided_in = np.zeros(fights, dtype=np.int64)  # 0: a draw
        winner = np.full(fights, -1, dtype=np.int8)
        down = np.zeros((count, fights), dtype=bool)
        dead = np.zeros((count, fights), dtype=bool)
        over = np.zeros(fights, dtype=bool)
        begun = done = dice = 0
        while done < fights:
            free = np.flatnonzero(playing < 0)[: fights - begun]
            if free.size:
                playing[free] = np.arange(begun, begun + free.size)
                rounds[free] = 0
                fight.begin(free, self.hit_points, self.sides)
                begun += free.size
            for a in range(count):
                dice += self._attack(a, fight, rng)
            rounds += 1
            ended = np.flatnonzero((playing >= 0) & (~fight.on | (rounds == round_cap)))
            if not ended.size:
                continue
            ids = playing[ended]
            wiped = fight.up_bits[:, ended] == 0  # a side with nobody up has lost
            winner[ids] = np.where(wiped[1], 0, np.where(wiped[0], 1, -1))
            decided_in[ids] = np.where(wiped[0] | wiped[1], rounds[ended], 0)
            down[:, ids] = ~fight.up.reshape(count, fight.n)[:, ended]
            dead[:, ids] = fight.dead.reshape(count, fight.n)[:, ended]
            over[ids] = True
            fight.on[ended] = False
            playing[ended] = -1
            while done < fights and over[done : done + chunk].all():
                done = min(done + chunk, fights)
                if done < fights and not keep_going(done):
                    return _totals(done, winner, decided_in, down, dead, round_cap, dice)
        return _totals(done, winner, decided_in, down, dead, round_cap, dice)

    def _attack(self, a: int, fight: _Fight, rng: np.random.Generator) -> int:
        """Combatant ``a``'s attack in every fight where it and an enemy are up;
        returns the dice rolled."""
        fighter = self.fighters[a]
        other = 1 - self.side[a]
        n = fight.n
        fights = np.flatnonzero(fight.up[a * n : (a + 1) * n] & fight.on)
        if not fights.size or self.never_possible[a]:
            return 0
        tn = self.one_tn[a]
        if tn is None:  # the TN depends on the target: choose it first
            target = self._choose(fighter.combatant.targeting, other, fights, fight, rng)
            tn = self.tn[a, target]
            if not self.always_possible[a]:
                possible = fighter.pool >= tn
                fights, target, tn = fights[possible], target[possible], tn[possible]
            attacks = fights.size
            hit = self.successes[a].at_least(rng, attacks, tn)
            fights, target = fights[hit], target[hit]
        else:  # one TN (always within reach here): only a hit needs its target
            attacks = fights.size
            fights = fights[self.successes[a].at_least(rng, attacks, tn)]
            target = self._choose(fighter.combatant.targeting, other, fights, fight, rng)
        dice = attacks * fighter.pool + fights.size * fighter.damage.dice
        if not fights.size:
            return dice
        cells = target * n + fights
        lost = self.points[a].draw(rng, fights.size)
        dr = self._against(self.dr, self.one_dr, a, target)
        if np.ndim(dr) or dr:
            lost = np.maximum(lost - dr, 0)
        left = fight.left[cells] - lost
        fight.left[cells] = left
        down = left <= 0
        if down.any():
            dropped, target = cells[down], target[down]
            fight.up[dropped] = False
            self._dropped(other, target, fights[down], fight)
            if self.harsh_death:
                fight.dead[dropped] = left[down] <= self.dead_at[target]
        return dice

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
        # at random: the j-th of those up, j below their count (every count
        # divides ``every``, so u * count // every is each j equally often)
        bits, every = fight.up_bits[side, fights], self.every[side]
        j = rng.integers(0, every, size=fights.size) * np.bitwise_count(bits) // every
        return enemies.start + _nth_bit(bits, j, enemies.stop - enemies.start)

    def _dropped(self, side: int, targets, fights, fight: _Fight) -> None:
        """``targets`` are down in ``fights`` (one each): the side's bits of
        those up and its first combatant up follow; a side with nobody up
        ends the fight."""
        up = fight.up_bits[side, fights] ^ self.bit[targets]
        fight.up_bits[side, fights] = up
        fight.on[fights[up == 0]] = False
        fight.first_up[side, fights] = self.sides[side].start + np.bitwise_count((up & -up) - 1)


@dataclass
class _Fight:
    """``n`` places, each a fight under way or none: ``left`` (hit points
    remaining), ``up`` and ``dead`` flat, cell ``combatant * n + place``;
    ``on`` per place: a fight still undecided; ``up_bits`` (bit i: the side's
    i-th combatant is up) and ``first_up`` (the first combatant up) per side
    per place."""

    n: int
    left: np.ndarray
    up: np.ndarray
    dead: np.ndarray
    on: np.ndarray
    up_bits: np.ndarray
    first_up: np.ndarray

    @classmethod
    def empty(cls, count: int, n: int) -> _Fight:
        return cls(
            n, np.zeros(count * n, dtype=np.int32), np.zeros(count * n, dtype=bool), np.zeros(count * n, dtype=bool),
            np.zeros(n, dtype=bool), np.zeros((2, n), dtype=np.int64), np.zeros((2, n), dtype=np.int64),
        )

    def begin(self, places, hit_points, sides: tuple[slice, slice]) -> None:
        """New fights in ``places``: everyone up and unhurt."""
        count, n = len(hit_points), self.n
        self.left.reshape(count, n)[:, places] = hit_points[:, None]
        self.up.reshape(count, n)[:, places] = True
        self.dead.reshape(count, n)[:, places] = False
        self.on[places] = True
        for s, side in enumerate(sides):
            self.up_bits[s, places] = (1 << (side.stop - side.start)) - 1
            self.first_up[s, places] = side.start


def _totals(fights: int, winner, decided_in, down, dead, round_cap: int, dice: int) -> _Totals:
    """The first ``fights`` fights counted."""
    winner, decided_in = winner[:fights], decided_in[:fights]
    return _Totals(
        fights, (int((winner == 0).sum()), int((winner == 1).sum())), int((decided_in == 0).sum()),
        tuple(np.bincount(decided_in, minlength=round_cap + 1)[1:].tolist()),
        tuple(down[:, :fights].sum(axis=1).tolist()), tuple(dead[:, :fights].sum(axis=1).tolist()), dice,
    )


#: _SELECT[w, j]: where the j-th (from 0) bit set of a word w of _WORD bits is.
_WORD = 10
_SELECT = np.argsort(1 - (np.arange(1 << _WORD)[:, None] >> np.arange(_WORD) & 1), axis=1, kind="stable")


def _nth_bit(bits, j, size: int):
    """Where the j-th (from 0) bit set of each of ``bits`` (``size`` bits)
    is, read a word at a time."""
    if size <= _WORD:
        return _SELECT[bits, j]
    at = np.zeros_like(j)
    for shift in range(0, size, _WORD):
        word = bits >> shift & (1 << _WORD) - 1
        count = np.bitwise_count(word)
        here = (j >= 0) & (j < count)
        at[here] = shift + _SELECT[word[here], j[here]]
        j = j - count
    return at


def _one(values) -> int | None:
    return int(values[0]) if (values == values[0]).all() else None
