"""Exact odds of damage `Xd6 (Y,Z)` through armor, and of one attack's harm;
an attack's odds with its whole modifier stack (``attacks.Attack``), exact
where one roll meets one target with one damage roll, simulated with
``Attack.resolve`` otherwise.

A damage die does serious and minor damage, one of them, or neither, as
``read_damage`` reads its face. Armor takes its DR from serious damage
first, then from minor (ch. 7, Armor and Called Shots; docs/rules/moment_of_truth.md, Damage and armor), so:

- hit points lost = max(0, serious + minor - DR);
- serious left = max(0, serious - DR);
- minor damage loses anything only when armor absorbs all the serious:
  with s < DR serious rolled, minor left = max(0, minor - (DR - s)).

Chances are counted in exact integers over the 6**dice face tuples, as
polynomials whose coefficient k counts the tuples doing amount k, each
packed into one integer (``_Packed``) so that a whole distribution is one
big-integer power. Chances become ``Fraction``s or "n/d" strings only when
asked for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from operator import mul

from ..dice import SeededDice
from ..judging import Chance, chances
from ..refusal import RulesRefusal
from .attacks import Attack, HitDamage
from .damage import SIDES, DamageDice, _meets
from .dials import Dials
from .odds import Odds, roll_odds
from .rolls import RollKind

#: Trials of a simulated attack unless asked otherwise, and at most.
DEFAULT_TRIALS = 10_000
MAX_TRIALS = 100_000


def _chances_of(ways: str) -> property:
    """The counts in the attribute ``ways``, out of ``total``, as the wire carries chances."""
    return property(lambda odds: chances(getattr(odds, ways), odds.total))


@dataclass(frozen=True)
class DamageOdds:
    """Face tuples out of ``total`` (6**dice) by hit points lost
    (``lost_ways[k]``), serious left and minor left after armor, each up to
    the largest amount possible. ``hit_points_lost[k]``, ``serious[k]`` and
    ``minor[k]`` are the chances of exactly k; ``mean`` is the hit points
    lost on average."""

    damage: DamageDice
    damage_reduction: int
    total: int
    lost_ways: tuple[int, ...]
    serious_ways: tuple[int, ...]
    minor_ways: tuple[int, ...]

    @property
    def hit_points_lost(self) -> tuple[Fraction, ...]:
        return _fractions(self.lost_ways, self.total)

    @property
    def serious(self) -> tuple[Fraction, ...]:
        return _fractions(self.serious_ways, self.total)

    @property
    def minor(self) -> tuple[Fraction, ...]:
        return _fractions(self.minor_ways, self.total)

    @property
    def mean(self) -> Fraction:
        return Fraction(self._lost_sum(), self.total)

    # Each distribution as the wire carries it, and the mean as one exact number.
    hit_points_lost_chances = _chances_of("lost_ways")
    serious_chances = _chances_of("serious_ways")
    minor_chances = _chances_of("minor_ways")

    @property
    def mean_chance(self) -> Chance:
        return Chance(self._lost_sum(), self.total)

    def _lost_sum(self) -> int:
        return sum(map(mul, range(len(self.lost_ways)), self.lost_ways))


@dataclass(frozen=True)
class AttackOdds:
    """One attack: the roll to hit, then its damage, rolled independently.
    ``at_least[k]``: the chance to hit and take k hit points or more;
    ``serious_at_least[k]``: to hit and do k serious damage or more."""

    roll: Odds
    damage: DamageOdds

    @property
    def pool(self) -> int:
        return self.roll.pool

    @property
    def tn(self) -> int:
        return self.roll.tn

    @property
    def kind(self) -> RollKind:
        return self.roll.kind

    @property
    def hit(self) -> Fraction:
        return self.roll.success

    @property
    def at_least(self) -> tuple[Fraction, ...]:
        return _fractions(*self._hit_and(self.damage.lost_ways))

    @property
    def serious_at_least(self) -> tuple[Fraction, ...]:
        return _fractions(*self._hit_and(self.damage.serious_ways))

    # ``hit``, ``at_least`` and ``serious_at_least`` as the wire carries them.
    @property
    def hit_chance(self) -> Chance:
        return self.roll.success_chance

    @property
    def at_least_chances(self) -> tuple[Chance, ...]:
        return chances(*self._hit_and(self.damage.lost_ways))

    @property
    def serious_at_least_chances(self) -> tuple[Chance, ...]:
        return chances(*self._hit_and(self.damage.serious_ways))

    def _hit_and(self, ways: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
        """Tuples of both rolls that hit and do each amount of ``ways`` or more,
        without the impossible amounts at the top, and all the tuples."""
        hit, tails, running = self.roll.ways[0], [], 0
        for count in reversed(ways):
            running += count
            tails.append(hit * running)
        tails.reverse()
        while len(tails) > 1 and not tails[-1]:
            tails.pop()
        return tuple(tails), self.roll.total * self.damage.total


@lru_cache(maxsize=1024)
def damage_odds(damage: DamageDice, damage_reduction: int = 0) -> DamageOdds:
    """Exact chances of what ``damage`` does through armor of ``damage_reduction``
    (already halved by ``effective_dr`` for armor-piercing)."""
    if damage_reduction < 0:
        raise RulesRefusal(f"damage reduction cannot be negative: {damage_reduction}")
    faces, dice, dr = _faces(damage.minor_at, damage.serious_at), damage.dice, damage_reduction
    packed = _Packed(dice)
    # Each die adds 0, 1 or 2 to serious + minor, 0 or 1 to each of them.
    points = packed.power((faces.neither, faces.single, faces.both), dice)
    serious = packed.power((SIDES - faces.serious, faces.serious), dice)
    minor = packed.power((SIDES - faces.minor, faces.minor), dice)
    for serious_rolled, ways in _minor_by_serious(packed, faces, dice, min(dr, dice + 1)):
        minor += packed.less(ways, dr - serious_rolled) - ways  # armor reaches their minor
    return DamageOdds(
        damage,
        dr,
        SIDES**dice,
        packed.coefficients(packed.less(points, dr)),
        packed.coefficients(packed.less(serious, dr)),
        packed.coefficients(minor),
    )


def attack_odds(pool_dice: int, tn: int, kind: RollKind, damage: DamageDice, damage_reduction: int = 0) -> AttackOdds:
    """Exact chances that an attack of ``pool_dice`` against ``tn`` hits and
    then deals each amount of damage or more through ``damage_reduction``."""
    return AttackOdds(roll_odds(pool_dice, tn, kind), damage_odds(damage, damage_reduction))


@dataclass(frozen=True)
class TargetOdds:
    """What the attack does to one it may hit, out of ``total``: ``at_least[k]``
    the ways it takes k hit points or more from the attack's hits (k = 0: is
    hit at all), ``serious_at_least[k]`` k serious damage or more; ``damage``
    the dice of the first hit on it and the DR they meet."""

    target: str
    damage: HitDamage
    at_least: tuple[int, ...]
    serious_at_least: tuple[int, ...]
    total: int

    # ``at_least`` and ``serious_at_least`` as the wire carries them.
    at_least_chances = _chances_of("at_least")
    serious_at_least_chances = _chances_of("serious_at_least")


@dataclass(frozen=True)
class AttackPreview:
    """An attack's odds before it is made: ``hit`` ways of ``total`` that the
    roll meets the TN, and per target what it takes. ``exact``: counted over
    every face tuple (``odds`` the exact engine's answer); otherwise ``trials``
    attacks resolved with dice seeded by ``seed``."""

    attack: Attack
    hit: int
    total: int
    targets: tuple[TargetOdds, ...]
    odds: AttackOdds | None = None
    seed: int | None = None

    @property
    def exact(self) -> bool:
        return self.odds is not None

    @property
    def method(self) -> str:
        return "exact" if self.exact else "simulated"

    @property
    def trials(self) -> int | None:
        """The attacks resolved; None when counted exactly."""
        return None if self.exact else self.total

    @property
    def fire_name(self) -> str:
        """The fire mode as the card names it: ``single`` for none."""
        fire = self.attack.fire
        return fire.value if fire else "single"

    @property
    def hit_chance(self) -> Chance:
        return Chance(self.hit, self.total)


def preview_attack(attack: Attack, *, dials: Dials, trials: int = DEFAULT_TRIALS, seed: int = 0) -> AttackPreview:
    """The attack's odds: exact when ``attack_odds`` can count it, else
    ``trials`` attacks resolved with ``SeededDice(seed)``."""
    if attack.exact:
        damage = attack.first_hit(attack.target)
        odds = attack_odds(attack.combat.pool.dice, attack.to_hit.value, attack.combat.kind, damage.dice,
                           damage.reduction)
        lost, total = odds._hit_and(odds.damage.lost_ways)  # lost[0]: hit, whatever the damage
        serious, _ = odds._hit_and(odds.damage.serious_ways)
        target = TargetOdds(attack.target.name, damage, lost, serious, total)
        return AttackPreview(attack, lost[0], total, (target,), odds)
    return simulate_attack(attack, dials=dials, trials=trials, seed=seed)


def simulate_attack(attack: Attack, *, dials: Dials, trials: int, seed: int) -> AttackPreview:
    """Resolve ``attack`` ``trials`` times with ``SeededDice(seed)``: the same
    seed gives the same figures."""
    if not 1 <= trials <= MAX_TRIALS:
        raise RulesRefusal(f"a simulation runs 1 to {MAX_TRIALS} trials, not {trials}")
    dice, hits = SeededDice(seed), 0
    names = [receiver.name for receiver in attack.receivers]
    lost: dict[str, Counter] = {name: Counter() for name in names}
    serious: dict[str, Counter] = {name: Counter() for name in names}
    for _ in range(trials):
        _, result = attack.resolve(dials, dice)
        hits += result.roll.outcome.success
        taken: dict[str, list[int]] = {}
        for hit in result.hits:
            amounts = taken.setdefault(hit.target, [0, 0])
            amounts[0] += hit.damage.hit_points_lost
            amounts[1] += hit.damage.serious
        for name, (points, heavy) in taken.items():
            lost[name][points] += 1
            serious[name][heavy] += 1
    targets = tuple(
        TargetOdds(receiver.name, attack.first_hit(receiver), _tails(lost[receiver.name]),
                   _tails(serious[receiver.name]), trials)
        for receiver in attack.receivers
    )
    return AttackPreview(attack, hits, trials, targets, seed=seed)


def _tails(counts: Counter) -> tuple[int, ...]:
    """``counts`` of each amount as counts of each amount or more, from 0 up to the largest seen."""
    tails, running = [], 0
    for amount in range(max(counts, default=0), -1, -1):
        running += counts[amount]
        tails.append(running)
    return tuple(reversed(tails))


@dataclass(frozen=True)
class _Faces:
    """How many faces of a d6 do both kinds of damage, one kind (``single``)
    or neither. Both thresholds read "this face or more", so the single kind
    is the same for every die: serious only when Z < Y (fire's (5,3)),
    minor only otherwise."""

    both: int
    single: int
    neither: int
    single_is_serious: bool

    @property
    def serious(self) -> int:
        return self.both + self.single * self.single_is_serious

    @property
    def minor(self) -> int:
        return self.both + self.single * (not self.single_is_serious)


@lru_cache(maxsize=64)
def _faces(minor_at: int | None, serious_at: int | None) -> _Faces:
    """Read each face once, with the rule a damage roll reads it by."""
    kinds = [(_meets(face, serious_at), _meets(face, minor_at)) for face in range(1, SIDES + 1)]
    serious_only = kinds.count((True, False))
    return _Faces(
        kinds.count((True, True)),
        serious_only + kinds.count((False, True)),
        kinds.count((False, False)),
        serious_only > 0,
    )


def _minor_by_serious(packed: _Packed, faces: _Faces, dice: int, below: int) -> Iterator[tuple[int, int]]:
    """For each serious total s under ``below``: s, and the tuples rolling s
    serious by the minor they roll (packed)."""
    if below <= 0:
        return
    if faces.single_is_serious:
        # s dice do serious, the ``both`` ones among them minor too; the rest do neither.
        row = 1
        for serious in range(below):
            yield serious, comb(dice, serious) * faces.neither ** (dice - serious) * row
            row *= faces.single + (faces.both << packed.bits)
    else:
        # s ``both`` dice; each of the other dice does minor (``single``) or neither.
        fewest = dice - below + 1
        rows = [packed.power((faces.neither, faces.single), fewest)]
        for _ in range(fewest, dice):
            rows.append(rows[-1] * (faces.neither + (faces.single << packed.bits)))
        for serious, row in enumerate(reversed(rows)):
            yield serious, comb(dice, serious) * faces.both**serious * (row << (packed.bits * serious))


class _Packed:
    """Polynomials in x with counts of face tuples as coefficients, packed
    into one integer each (Kronecker substitution): x is 2**bits, a power of
    256 wider than any coefficient (none exceeds 6**dice) and than their sum."""

    def __init__(self, dice: int):
        self.width = (SIDES**dice).bit_length() // 8 + 1
        self.bits = 8 * self.width

    def power(self, per_die: tuple[int, ...], dice: int) -> int:
        """(per_die[0] + per_die[1] x + per_die[2] x**2 ...)**dice: the tuples of
        ``dice`` dice by the total of a per-die amount."""
        return sum(ways << (self.bits * amount) for amount, ways in enumerate(per_die)) ** dice

    def less(self, packed: int, amount: int) -> int:
        """``packed`` with ``amount`` taken off every amount, those up to it
        becoming 0: shifted down, the coefficients shifted out summed into
        x**0 (a sum of coefficients is the value mod 2**bits - 1)."""
        if amount <= 0:
            return packed
        shift = self.bits * amount
        return (packed >> shift) + (packed & ((1 << shift) - 1)) % ((1 << self.bits) - 1)

    def coefficients(self, packed: int) -> tuple[int, ...]:
        """The coefficients, up to the highest that is not 0."""
        width, size = self.width, max(1, -(-packed.bit_length() // self.bits))
        raw, from_bytes = packed.to_bytes(size * width, "little"), int.from_bytes
        return tuple(from_bytes(raw[at : at + width], "little") for at in range(0, size * width, width))


def _fractions(counts: tuple[int, ...], total: int) -> tuple[Fraction, ...]:
    return tuple(Fraction(count, total) for count in counts)
