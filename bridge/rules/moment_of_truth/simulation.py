"""Encounter simulation: two sides (``encounter``) fight N times to the end.

Fights advance together as numpy arrays, round by round, from one seeded
``numpy.random.Generator``: the same seed, sides and chunk give the same
result. Each roll is drawn as one number standing for its face tuple (see
``_Rolls``): the amount it shows, successes or damage, has exactly the
dice's chances, but the faces are not kept.

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
- ``dice_drawn`` counts the d6 the rules roll (attack and damage), each
  roll drawn as one number; random target picks are not dice and are not
  counted. A run stopped early also counts the dice of the fights it had
  begun after those it counts.
"""


from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import lcm

import numpy as np

from ..refusal import RulesRefusal
from .damage_odds import damage_odds
from .defense import to_hit
from .dials import Dials
from .encounter import (
    CHUNK,
    DEFAULT_FIGHTS,
    DEFAULT_ROUND_CAP,
    MAX_FIGHTS,
    MAX_ROUND_CAP,
    Encounter,
    Fighter,
    Side,
    Targeting,
    check_sides,
)
from .odds import roll_odds
from .rolls import SIDES


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
    """Fight ``fights`` times, up to two chunks of fights under way at once
    (the next fight takes the place of one that ends). Each time the next
    ``chunk`` fights in order are all over, ``keep_going(fights done)`` says
    whether to go on: stopped early, the result counts those fights (its
    ``fights``) and drops the ones begun after them. The same seed and chunk
    give the same result."""
    if not 1 <= fights <= MAX_FIGHTS:
        raise RulesRefusal(f"fights must be 1 to {MAX_FIGHTS}, not {fights}")
    if not 1 <= round_cap <= MAX_ROUND_CAP:
        raise RulesRefusal(f"the round cap must be 1 to {MAX_ROUND_CAP}, not {round_cap}")
    fighters = check_sides(sides, dials)
    first = len(sides[0].combatants)
    table = _Table(fighters, first, dials)
    totals = table.run(fights, chunk, round_cap, np.random.default_rng(seed), keep_going)
    casualties = tuple(
        fighter.casualty(
            0 if i < first else 1, int(table.tn[:, i].max()), totals.down[i], totals.dead[i], totals.fights
        )
        for i, fighter in enumerate(fighters)
    )
    return Encounter(
        totals.fights, fights, seed, round_cap, totals.wins, totals.draws, totals.rounds, casualties,
        totals.dice, sides,
    )

@dataclass(frozen=True)
class _Totals:
    fights: int
    wins: tuple[int, int]
    draws: int
    rounds: tuple[int, ...]
    down: tuple[int, ...]
    dead: tuple[int, ...]
    dice: int


#: Dice read as one number at most: 6**20 numbers a column, 64 columns (41
#: amounts), leave numpy's 64-bit draws few rejections.
BLOCK = 20


class _Rolls:
    """``dice`` d6 read as one amount a roll (successes, or damage points),
    drawn without their faces, which a simulation's result does not show.

    ``ways(b)[k]`` counts the 6**b face tuples of b dice that show amount k,
    by the rules' own readings (the odds modules). A roll is one uniform
    number u below columns x 6**b x scale (``columns`` a power of two, at
    least as many as the amounts; ``scale`` takes the numbers past 2**32,
    below which numpy draws 32 bits and rejects up to half): its low bits
    pick a column c, the rest a number v below 6**b x scale, and the roll
    shows c where v < cut[c] x scale, else alias[c] (Walker's alias method,
    in integers: ``_alias`` gives each amount k exactly ways(b)[k] x columns
    x scale of the numbers, so it has exactly the dice's chances). Whether
    a roll shows at least an amount compares u with the numbers that the
    tuples showing less would take in order (v below their count x scale).
    An amount adds up die by die, so more than BLOCK dice are read in blocks
    and summed."""

    def __init__(self, dice: int, ways: Callable[[int], Sequence[int]]):
        self.dice = dice
        blocks = max(1, -(-dice // BLOCK))
        sizes = [dice // blocks + (block < dice % blocks) for block in range(blocks)]
        self.blocks = [_Block.of(list(ways(size)), SIDES**size) for size in sizes]

    def draw(self, rng: np.random.Generator, rolls: int):
        """The amount each of ``rolls`` rolls shows."""
        amounts = None
        for block in self.blocks:
            u = rng.integers(0, block.numbers, size=rolls)
            column = u & ((1 << block.bits) - 1)
            amount = np.where(u >> block.bits < block.cut[column], column, block.alias[column])
            amounts = amount if amounts is None else amounts + amount
        return amounts

    def needed(self, amounts):
        """What ``at_least`` compares with for each of ``amounts`` (at least 1
        and at most ``dice``): in one block, the numbers the tuples showing
        less take; else the amount."""
        return self.blocks[0].less[amounts - 1] if len(self.blocks) == 1 else amounts

    def at_least(self, rng: np.random.Generator, rolls: int, needed):
        """Whether each roll shows the amount ``needed`` stands for (see
        ``needed``; one, or one per roll) or more."""
        if len(self.blocks) > 1:
            return self.draw(rng, rolls) >= needed
        return rng.integers(0, self.blocks[0].numbers, size=rolls) >= needed


@dataclass(frozen=True)
class _Block:
    """One block of dice as ``_Rolls`` reads it: a roll is a number below
    ``numbers``; its low ``bits`` pick a column, the rest are compared with
    the column's ``cut`` (scaled); ``less[k]``: the numbers the tuples
    showing k or less take, in order."""

    numbers: int
    bits: int
    cut: np.ndarray
    alias: np.ndarray
    less: np.ndarray

    @classmethod
    def of(cls, ways: list[int], tuples: int) -> _Block:
        columns = 1 << (len(ways) - 1).bit_length()
        scale = 2**32 // (columns * tuples) + 1
        cut, alias = _alias(ways, columns)
        return cls(
            columns * tuples * scale, columns.bit_length() - 1, np.array(cut) * scale, np.array(alias),
            np.cumsum(ways, dtype=np.int64) * scale * columns,
        )


def _alias(ways: Sequence[int], columns: int) -> tuple[list[int], list[int]]:
    """Walker's alias tables for amounts 0, 1, ... shown in ``ways`` of
    ``total`` equally likely ways: ``columns`` columns of ``total`` numbers
    each, column c keeping amount c for its first cut[c] numbers and giving
    the rest to alias[c], so that amount k gets ways[k] x columns numbers."""
    total = sum(ways)
    weight = [count * columns for count in ways] + [0] * (columns - len(ways))
    cut, alias = [total] * columns, list(range(columns))
    small = [c for c in range(columns) if weight[c] < total]
    large = [c for c in range(columns) if weight[c] > total]
    while small:  # a column short of ``total`` is filled from one over it
        short, over = small.pop(), large[-1]
        cut[short], alias[short] = weight[short], over
        weight[over] -= total - weight[short]
        if weight[over] <= total:
            large.pop()
            if weight[over] < total:
                small.append(over)
    return cut, alias


class _Table:
    """The fixed numbers of every attacker against every target. Arrays are
    combatant by place (a fight under way), flat, cell ``combatant * n +
    place``, so one combatant's row is contiguous."""

    def __init__(self, fighters: Sequence[Fighter], first: int, dials: Dials):
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
        # what a hit needs against each target (those out of reach are not attacked)
        self.needed = [rolls.needed(np.clip(tn, 1, max(1, rolls.dice))) for rolls, tn in zip(self.successes, self.tn)]
        # serious + minor: hit points lost = max(0, that - DR) (damage_odds; DR 0 loses them all)
        self.points = [_Rolls(f.damage.dice, lambda dice, damage=f.damage: damage_odds(damage.with_dice(dice)).lost_ways)
                       for f in fighters]
        self.dead_at = -(self.hit_points + 1)  # total damage 2 x HP + 1: HP + 1 below zero
        self.bit = np.array([1 << (i - self.sides[self.side[i]].start) for i in range(count)])
        self.every = [lcm(*range(1, s.stop - s.start + 1)) for s in self.sides]

    def run(self, fights: int, chunk: int, round_cap: int, rng: np.random.Generator,
            keep_going: Callable[[int], bool]) -> _Totals:
        """Every fight to its end, up to two chunks under way at once: each
        round all of them fight one round, those over are written down and the
        next fights take their places; once every fight has begun, those still
        under way are gathered into fewer places as they thin out."""
        count = len(self.fighters)
        fight = _Fight.empty(count, min(2 * chunk, fights))
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
            wiped = fight.up_bits == 0  # a side with nobody up has lost
            ended = np.flatnonzero((playing >= 0) & (wiped[0] | wiped[1] | (rounds == round_cap)))
            if not ended.size:
                continue
            ids, wiped = playing[ended], wiped[:, ended]
            winner[ids] = np.where(wiped[1], 0, np.where(wiped[0], 1, -1))
            decided_in[ids] = np.where(wiped[0] | wiped[1], rounds[ended], 0)
            down[:, ids] = fight.rows(fight.left)[:, ended] <= 0
            dead[:, ids] = fight.rows(fight.dead)[:, ended]
            over[ids] = True
            fight.rows(fight.up)[:, ended] = False  # a draw's still up
            playing[ended] = -1
            if begun == fights:
                under_way = (playing >= 0).nonzero()[0]
                if under_way.size <= fight.n // 4:
                    fight, playing, rounds = fight.kept(under_way), playing[under_way], rounds[under_way]
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
        fights = fight.up[a * n : (a + 1) * n].nonzero()[0]
        if not fights.size or self.never_possible[a]:
            return 0
        if self.one_tn[a] is None:  # the TN depends on the target: choose it first
            target = self._choose(fighter.combatant.targeting, other, fights, fight, rng)
            if not self.always_possible[a]:
                possible = fighter.pool >= self.tn[a, target]
                fights, target = fights[possible], target[possible]
            attacks = fights.size
            hit = self.successes[a].at_least(rng, attacks, self.needed[a][target])
            fights, target = fights[hit], target[hit]
        else:  # one TN (always within reach here): only a hit needs its target
            attacks = fights.size
            fights = fights[self.successes[a].at_least(rng, attacks, self.needed[a][self.sides[other].start])]
            target = self._choose(fighter.combatant.targeting, other, fights, fight, rng)
        dice = attacks * fighter.pool + fights.size * fighter.damage.dice
        if not fights.size:
            return dice
        cells = target * n + fights
        lost = self.points[a].draw(rng, fights.size)
        dr = self.dr[a, target] if self.one_dr[a] is None else self.one_dr[a]
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
        has lost, and its enemies are no longer up to attack there."""
        up = fight.up_bits[side, fights] ^ self.bit[targets]
        fight.up_bits[side, fights] = up
        enemies = self.sides[side]
        fight.first_up[side, fights] = enemies.start + _nth_bit(up, 0, enemies.stop - enemies.start)
        won = fights[up == 0]
        if won.size:
            fight.rows(fight.up)[self.sides[1 - side], won] = False


@dataclass
class _Fight:
    """``n`` places, each a fight under way or none: ``left`` (hit points
    remaining, down at 0), ``up`` (in a fight not yet decided) and ``dead``
    flat, cell ``combatant * n + place``; ``up_bits`` (bit i: the side's i-th
    combatant is up) and ``first_up`` (the first combatant up) per side per
    place."""

    n: int
    left: np.ndarray
    up: np.ndarray
    dead: np.ndarray
    up_bits: np.ndarray
    first_up: np.ndarray

    @classmethod
    def empty(cls, count: int, n: int) -> _Fight:
        return cls(
            n, np.zeros(count * n, dtype=np.int32), np.zeros(count * n, dtype=bool), np.zeros(count * n, dtype=bool),
            np.zeros((2, n), dtype=np.int64), np.zeros((2, n), dtype=np.int64),
        )

    def rows(self, cells):
        """A flat array by combatant (rows) and place (columns)."""
        return cells.reshape(-1, self.n)

    def kept(self, places) -> _Fight:
        """The fights in ``places`` only, in as many places."""
        return _Fight(
            len(places), *(self.rows(cells)[:, places].ravel() for cells in (self.left, self.up, self.dead)),
            self.up_bits[:, places], self.first_up[:, places],
        )

    def begin(self, places, hit_points, sides: tuple[slice, slice]) -> None:
        """New fights in ``places``: everyone up and unhurt."""
        self.rows(self.left)[:, places] = hit_points[:, None]
        self.rows(self.up)[:, places] = True
        self.rows(self.dead)[:, places] = False
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
    """Where the j-th (from 0; a number, or one each) bit set of each of
    ``bits`` (``size`` bits) is, read a word at a time."""
    if size <= _WORD:
        return _SELECT[bits, j]
    at, j = np.zeros_like(bits), np.broadcast_to(j, bits.shape)
    for shift in range(0, size, _WORD):
        word = bits >> shift & (1 << _WORD) - 1
        count = np.bitwise_count(word)
        here = (j >= 0) & (j < count)
        at[here] = shift + _SELECT[word[here], j[here]]
        j = j - count
    return at


def _one(values) -> int | None:
    return int(values[0]) if (values == values[0]).all() else None
