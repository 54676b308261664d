"""Chapter ten's equipment as data: weapons, shields and armor, read from the
book's own notation so a world can add its own items, and the book's tables.

What the tables do not print, and this module decides (each a field a world
can set differently for its own items):

- the skill each weapon uses (ch. 3 skill list); the Uzi SMG is a firearm
  "operated with two hands", so long arms;
- ``edged`` (only edged weapons may be dull) and ``large_blade`` (a called
  shot to the neck with "a large blade weapon (like a sword or axe)", ch. 7):
  every sword and hand axe is a large blade, the dagger and thrown axe are not;
- semi-auto: revolvers "are considered semi-auto" (ch. 10), so the .38 is;
  the .45 Auto Pistol and the AR-15 are semi-automatic weapons and the table
  names no quality that would limit them, so they are semi-auto too;
- bolt-action: the M-40 is a bolt-action rifle (the only table weapon that
  fits the quality the chapter describes).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import Any, NamedTuple

from ..refusal import RulesRefusal
from .damage import DamageDice, effective_dr


class EntryError(RulesRefusal):
    """An item's entry the rules refuse; ``field`` is the key to blame."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


# --- qualities and skills -------------------------------------------------


class Quality(str, Enum):
    """Every weapon quality of ch. 10."""

    ARMOR_PIERCING = "armor_piercing"
    BALANCED = "balanced"
    DULL = "dull"
    QUICK = "quick"
    TWO_HANDED = "two_handed"
    UNWIELDY = "unwieldy"
    BOLT_ACTION = "bolt_action"
    HI_ROF = "hi_rof"
    VHI_ROF = "vhi_rof"
    INACCURATE = "inaccurate"
    INDISCRIMINATE = "indiscriminate"
    INDISCRIMINATE_AT_LONG_RANGE = "indiscriminate_at_long_range"
    LASER_SIGHT = "laser_sight"
    MUZZLE_LOADED = "muzzle_loaded"
    SCOPE = "scope"
    SEMI_AUTO = "semi_auto"
    SUPPRESSIVE = "suppressive"
    UNRELIABLE = "unreliable"

    @classmethod
    def parse(cls, word: str) -> Quality:
        """``"hi_rof"`` or the book's words: ``"Hi ROF"``, ``"Two-handed"``,
        ``"Indiscriminant at Long Range"`` (the table's spelling)."""
        key = re.sub(r"[\s\-]+", "_", word.strip().lower()).replace("indiscriminant", "indiscriminate")
        try:
            return cls(key)
        except ValueError:
            raise RulesRefusal(f"no weapon quality {word!r}") from None


#: Ch. 10 lists these under melee weapon qualities; armor-piercing is both.
MELEE_QUALITIES = frozenset(
    {Quality.ARMOR_PIERCING, Quality.BALANCED, Quality.DULL, Quality.QUICK, Quality.TWO_HANDED, Quality.UNWIELDY}
)
#: Ranged weapon qualities; a thrown edged weapon may also be dull.
RANGED_QUALITIES = frozenset(set(Quality) - MELEE_QUALITIES) | {Quality.ARMOR_PIERCING, Quality.DULL}
#: Qualities that let a weapon fire more than one round a turn (ch. 9, ch. 10).
AUTOMATIC = frozenset({Quality.HI_ROF, Quality.VHI_ROF})


class WeaponSkill(str, Enum):
    """The weapon skills of ch. 3."""

    ARCHERY = "archery"
    BRAWLING = "brawling"
    LONG_ARMS = "long_arms"
    MARTIAL_ARTS = "martial_arts"
    MELEE_ONE_HANDED = "melee_one_handed"
    MELEE_TWO_HANDED = "melee_two_handed"
    PISTOL = "pistol"
    THROWING = "throwing"

    @classmethod
    def parse(cls, word: str) -> WeaponSkill:
        """``"long_arms"`` or ``"Long Arms"``, ``"Melee, two-handed"``."""
        key = re.sub(r"[\s,\-]+", "_", word.strip().lower())
        try:
            return cls(key)
        except ValueError:
            raise RulesRefusal(f"no weapon skill {word!r}; known: {', '.join(s.value for s in cls)}") from None


# --- damage formulas ------------------------------------------------------

_FORMULA = re.compile(r"^\s*(?P<terms>[^()]*?)\s*\(\s*(?P<minor>\d|-)\s*[,\s]\s*(?P<serious>\d|-)\s*\)\s*$")
#: "Dull weapons have a serious number of 6, rather than 5" (ch. 10): read
#: literally, a dull weapon's serious number becomes 6 whatever it was (the
#: great axe's 4 included), not one higher.
DULL_SERIOUS_AT = 6


@dataclass(frozen=True)
class DamageFormula:
    """The book's ``Strength + Skill + N (Y, Z)``: dice = the wielder's
    strength if named, plus the skill level if named, plus ``bonus``."""

    strength: bool
    skill: bool
    bonus: int
    minor_at: int | None
    serious_at: int | None

    def __post_init__(self) -> None:
        if self.bonus < 0:
            raise RulesRefusal(f"a damage formula's bonus cannot be negative: {self.bonus}")
        DamageDice(0, self.minor_at, self.serious_at)  # validates the thresholds

    @classmethod
    def parse(cls, text: str) -> DamageFormula:
        """Read ``"Strength + Skill + 4 (4, 5)"``, ``"Skill +16 (3 4)"``,
        ``"Skill + 16(3, 4)"`` or ``"Strength (5,6)"``."""
        match = _FORMULA.match(text)
        if not match:
            raise RulesRefusal(f"not a damage formula: {text!r}")
        terms = [term.strip().lower() for term in match["terms"].split("+")]
        numbers = [term for term in terms if term.isdigit()]
        unknown = [term for term in terms if term not in ("strength", "skill") and not term.isdigit()]
        if unknown or len(numbers) > 1 or len(set(terms)) < len(terms) or terms == [""]:
            raise RulesRefusal(f"not a damage formula: {text!r} (terms are Strength, Skill and one number)")
        minor, serious = (None if symbol == "-" else int(symbol) for symbol in (match["minor"], match["serious"]))
        return cls("strength" in terms, "skill" in terms, int(numbers[0]) if numbers else 0, minor, serious)

    @property
    def notation(self) -> str:
        terms = ["Strength"] * self.strength + ["Skill"] * self.skill + [str(self.bonus)] * bool(self.bonus)
        thresholds = ", ".join("-" if at is None else str(at) for at in (self.minor_at, self.serious_at))
        return f"{' + '.join(terms) or '0'} ({thresholds})"

    def dice(self, *, strength: int | None = None, skill: int | None = None) -> DamageDice:
        """The damage roll for a wielder of this ``strength`` and ``skill`` level."""
        total = self.bonus
        for named, value, label in ((self.strength, strength, "strength"), (self.skill, skill, "skill")):
            if not named:
                continue
            if value is None:
                raise RulesRefusal(f"{self.notation} needs the wielder's {label}")
            if value < 0:
                raise RulesRefusal(f"{label} cannot be negative: {value}")
            total += value
        return DamageDice(total, self.minor_at, self.serious_at)

    def dulled(self) -> DamageFormula:
        return replace(self, serious_at=DULL_SERIOUS_AT)


# --- weapons --------------------------------------------------------------

_METRES = re.compile(r"^\s*(\d+)\s*m\s*$")
_CLOSE = re.compile(r"^\s*(?:c|cls|close)\s*(?:-\s*(\d+)\s*m)?\s*$", re.IGNORECASE)
_LONG = re.compile(r"^\s*(\d+)\s*m\s*\(\s*(\d+)\s*\)\s*$")
_AMMO = re.compile(r"^\s*(?:ammo\s*:)?\s*(\d+)\s*(?:-\s*(\d+))?\s*$", re.IGNORECASE)


def _parse_close(value: str | int) -> int:
    """``"C"``/``"Cls"`` is 0 m (close only), ``"C-2m"`` is 2 m, a number is metres."""
    if isinstance(value, int):
        return _not_negative("close range", value)
    match = _CLOSE.match(value)
    if not match:
        raise RulesRefusal(f"not a close range: {value!r} (C, Cls or C-2m)")
    return int(match[1] or 0)


def _parse_reach(value: str | int) -> int:
    """A melee reach: ``"Cls"`` (close only) is 0, ``"2m"`` or 2 is metres."""
    if isinstance(value, str) and _CLOSE.match(value) and "-" not in value:
        return 0
    return _parse_metres(value, "reach")


def _parse_metres(value: str | int, what: str) -> int:
    if isinstance(value, int):
        return _not_negative(what, value)
    match = _METRES.match(value)
    if not match:
        raise RulesRefusal(f"not a distance in metres for {what}: {value!r}")
    return int(match[1])


def _not_negative(what: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesRefusal(f"{what} must be a whole number of metres, at least 0, not {value!r}")
    return value


def _reach_notation(metres: int) -> str:
    return "Cls" if metres == 0 else f"{metres}m"


def _close_notation(metres: int) -> str:
    return "C" if metres == 0 else f"C-{metres}m"


def _qualities(words: Iterable[str | Quality]) -> frozenset[Quality]:
    if isinstance(words, str):
        raise RulesRefusal("qualities are a list of names, not one string")
    return frozenset(word if isinstance(word, Quality) else Quality.parse(word) for word in words)


def _listed(qualities: frozenset[Quality]) -> tuple[Quality, ...]:
    """In the order the book lists them."""
    return tuple(quality for quality in Quality if quality in qualities)


def _sorted(qualities: frozenset[Quality]) -> list[str]:
    return [quality.value for quality in _listed(qualities)]


def _check_qualities(name: str, qualities: frozenset[Quality], allowed: frozenset[Quality], edged: bool) -> None:
    misplaced = qualities - allowed
    if misplaced:
        raise EntryError("qualities", f"{name}: {', '.join(_sorted(misplaced))} cannot be a quality of this kind of weapon")
    if Quality.DULL in qualities and not edged:
        raise EntryError("qualities", f"{name}: only edged weapons may be dull")


def _damage_dice(formula: DamageFormula, qualities: frozenset[Quality], strength: int | None, skill: int | None) -> DamageDice:
    damage = formula.dulled() if Quality.DULL in qualities else formula
    return damage.dice(strength=strength, skill=skill)


def _require(entry: Mapping[str, Any], *keys: str) -> None:
    missing = [key for key in keys if key not in entry]
    if missing:
        raise EntryError(missing[0], f"{entry.get('name', 'item')!r} is missing {', '.join(missing)}")


def _read(entry: Mapping[str, Any], key: str, parse: Callable[[Any], Any], default: Any = None) -> Any:
    """``parse`` the entry's ``key`` (``default`` when absent), blaming ``key`` for a refusal."""
    try:
        return parse(entry.get(key, default))
    except EntryError:
        raise
    except ValueError as broken:
        raise EntryError(key, str(broken)) from None


@dataclass(frozen=True)
class MeleeWeapon:
    """A melee weapon: reach in metres (0 is the book's "Cls", close only)."""

    name: str
    reach_m: int
    damage: DamageFormula
    skill: WeaponSkill
    qualities: frozenset[Quality] = frozenset()
    edged: bool = False
    large_blade: bool = False

    def __post_init__(self) -> None:
        _not_negative("reach", self.reach_m)
        _check_qualities(self.name, self.qualities, MELEE_QUALITIES, self.edged)
        if self.large_blade and not self.edged:
            raise EntryError("large_blade", f"{self.name}: a large blade is edged")

    def damage_dice(self, *, strength: int, skill: int) -> DamageDice:
        """The damage roll, a dull edge's serious number of 6 included."""
        return _damage_dice(self.damage, self.qualities, strength, skill)

    @property
    def reach(self) -> str:
        """In the book's notation: "Cls" or "2m"."""
        return _reach_notation(self.reach_m)

    @property
    def listed_qualities(self) -> tuple[Quality, ...]:
        return _listed(self.qualities)

    def with_qualities(self, *qualities: Quality) -> MeleeWeapon:
        return replace(self, qualities=self.qualities | set(qualities))

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> MeleeWeapon:
        _require(entry, "name", "reach", "damage", "skill")
        return cls(
            name=str(entry["name"]),
            reach_m=_read(entry, "reach", _parse_reach),
            damage=_read(entry, "damage", DamageFormula.parse),
            skill=_read(entry, "skill", WeaponSkill.parse),
            qualities=_read(entry, "qualities", _qualities, ()),
            edged=bool(entry.get("edged", False)),
            large_blade=bool(entry.get("large_blade", False)),
        )


@dataclass(frozen=True)
class Ammo:
    """Rounds a magazine holds: ``least``-``most`` ("Ammo:8-14" depends on
    legality or availability, ch. 10), or one number."""

    least: int
    most: int

    def __post_init__(self) -> None:
        if not 1 <= self.least <= self.most:
            raise RulesRefusal(f"a magazine holds 1 or more rounds, least <= most: not {self.least}-{self.most}")

    @classmethod
    def parse(cls, value: str | int) -> Ammo:
        """``"Ammo:8-14"``, ``"10-30"``, ``"6"`` or 6."""
        if isinstance(value, int):
            return cls(value, value)
        match = _AMMO.match(value)
        if not match:
            raise RulesRefusal(f"not a magazine capacity: {value!r}")
        least = int(match[1])
        return cls(least, int(match[2] or least))

    @property
    def notation(self) -> str:
        return str(self.least) if self.least == self.most else f"{self.least}-{self.most}"

    def holds(self, rounds: int) -> bool:
        return self.least <= rounds <= self.most


@dataclass(frozen=True)
class RangedWeapon:
    """A ranged weapon. Close range is 0 to ``close_m`` (0 is the book's "C":
    point blank only), optimal reaches ``optimal_m``, then each of
    ``long_increments`` long-range increments adds ``long_m`` metres (ch. 7,
    Range Penalties: the sniper rifle's 100m (5) runs "from just over 50m to
    150m" for the first). So a long entry shorter than the optimal range, as
    the flintlocks print (6m then 5m (3); 15m then 12m (3)), is still a
    working increment; the book's numbers are kept. ``ammo`` None: no magazine
    (bows, slings, thrown weapons)."""

    name: str
    damage: DamageFormula
    skill: WeaponSkill
    close_m: int
    optimal_m: int
    long_m: int
    long_increments: int
    ammo: Ammo | None = None
    qualities: frozenset[Quality] = frozenset()
    edged: bool = False
    revolver: bool = False

    def __post_init__(self) -> None:
        for what in ("close_m", "optimal_m", "long_m"):
            _not_negative(what, getattr(self, what))
        if not self.close_m < self.optimal_m:
            raise EntryError("optimal", f"{self.name}: the optimal range must reach past close range")
        if self.long_m < 1 or self.long_increments < 1:
            raise EntryError("long", f"{self.name}: long range needs at least one increment of at least 1 m")
        _check_qualities(self.name, self.qualities, RANGED_QUALITIES, self.edged)
        _check_firing(self)

    @property
    def long_increment_m(self) -> int:
        """One long-range increment; a scope doubles it (ch. 7 and ch. 10)."""
        return self.long_m * 2 if Quality.SCOPE in self.qualities else self.long_m

    @property
    def armor_piercing(self) -> bool:
        return Quality.ARMOR_PIERCING in self.qualities

    @property
    def archaic(self) -> bool:
        """Bows, crossbows and muzzle-loaders: the unreliable quality "may
        reflect a broken bowstring" on them (ch. 10, Unreliable)."""
        return self.skill is WeaponSkill.ARCHERY or Quality.MUZZLE_LOADED in self.qualities

    def damage_dice(self, *, strength: int | None = None, skill: int) -> DamageDice:
        return _damage_dice(self.damage, self.qualities, strength, skill)

    @property
    def close(self) -> str:
        """In the book's notation: "C" or "C-1m"."""
        return _close_notation(self.close_m)

    @property
    def optimal(self) -> str:
        return f"{self.optimal_m}m"

    @property
    def long(self) -> str:
        """In the book's notation: "35m (2)", the metres and the increments."""
        return f"{self.long_m}m ({self.long_increments})"

    @property
    def ammo_notation(self) -> str | None:
        """"10-30", or None: no magazine."""
        return None if self.ammo is None else self.ammo.notation

    @property
    def listed_qualities(self) -> tuple[Quality, ...]:
        return _listed(self.qualities)

    def with_qualities(self, *qualities: Quality) -> RangedWeapon:
        return replace(self, qualities=self.qualities | set(qualities))

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> RangedWeapon:
        """Keys as `equipment.list` shows them, in the book's notation:
        ``close`` "C-1m", ``optimal`` "20m", ``long`` "35m (2)", ``ammo`` "10-30"."""
        _require(entry, "name", "damage", "skill", "close", "optimal", "long")
        long_m, increments = _read(entry, "long", _parse_long)
        return cls(
            name=str(entry["name"]),
            damage=_read(entry, "damage", DamageFormula.parse),
            skill=_read(entry, "skill", WeaponSkill.parse),
            close_m=_read(entry, "close", _parse_close),
            optimal_m=_read(entry, "optimal", lambda value: _parse_metres(value, "optimal range")),
            long_m=long_m,
            long_increments=increments,
            ammo=_read(entry, "ammo", lambda value: None if value is None else Ammo.parse(value)),
            qualities=_read(entry, "qualities", _qualities, ()),
            edged=bool(entry.get("edged", False)),
            revolver=bool(entry.get("revolver", False)),
        )


def _parse_long(value: str) -> tuple[int, int]:
    match = _LONG.match(value) if isinstance(value, str) else None
    if not match:
        raise RulesRefusal(f"not a long range: {value!r} (metres and increments, like 35m (2))")
    return int(match[1]), int(match[2])


def _check_firing(weapon: RangedWeapon) -> None:
    """Ch. 10: bolt-action never fires twice a turn; revolvers count as
    semi-auto; only semi-auto, Hi ROF and VHi ROF weapons, or archaic ones,
    may be unreliable, never bolt-action or revolvers; rate of fire and
    magazine-fed actions need a magazine."""
    name, qualities = weapon.name, weapon.qualities
    fast = (qualities & AUTOMATIC) | (qualities & {Quality.SEMI_AUTO})
    if Quality.BOLT_ACTION in qualities and fast:
        raise EntryError("qualities", f"{name}: a bolt-action weapon cannot be {', '.join(_sorted(fast))}")
    if weapon.revolver and Quality.SEMI_AUTO not in qualities:
        raise EntryError("qualities", f"{name}: revolvers are considered semi-auto (ch. 10)")
    if Quality.HI_ROF in qualities and Quality.VHI_ROF in qualities:
        raise EntryError("qualities", f"{name}: Hi ROF or VHi ROF, not both")
    if Quality.UNRELIABLE in qualities:
        if weapon.revolver or Quality.BOLT_ACTION in qualities:
            raise EntryError("qualities", f"{name}: bolt-action weapons and revolvers may not be unreliable")
        if not fast and not weapon.archaic:
            raise EntryError("qualities", f"{name}: only semi-auto, Hi ROF, VHi ROF or archaic weapons may be unreliable")
    if (fast or Quality.BOLT_ACTION in qualities) and weapon.ammo is None:
        raise EntryError("ammo", f"{name}: {', '.join(_sorted(fast | (qualities & {Quality.BOLT_ACTION})))} needs a magazine (ammo)")


# --- shields and armor ----------------------------------------------------


@dataclass(frozen=True)
class Shield:
    """Attackers lose ``attacker_dice`` (small 1d6, medium 2d6); the holder
    buys the first TN +1 of defense dice with one die instead of two (ch. 10)."""

    name: str
    attacker_dice: int
    first_defense_step_dice: int = 1

    def __post_init__(self) -> None:
        if self.attacker_dice < 0:
            raise EntryError("attacker_penalty", f"{self.name}: a shield's penalty to attackers is a number of dice, at least 0")
        if self.first_defense_step_dice < 1:
            raise EntryError("first_defense_step_dice", f"{self.name}: the first defense step costs at least one die")

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> Shield:
        """``attacker_penalty`` as the book writes it, "-1d6", or a number of dice."""
        _require(entry, "name", "attacker_penalty")
        return cls(
            str(entry["name"]),
            _read(entry, "attacker_penalty", _penalty_dice),
            _read(entry, "first_defense_step_dice", int, 1),
        )

    @property
    def attacker_penalty(self) -> str:
        """In the book's notation: "-1d6"."""
        return f"-{self.attacker_dice}d6"


def _penalty_dice(value: str | int) -> int:
    if isinstance(value, int):
        return abs(value)
    match = re.match(r"^\s*-?\s*(\d+)\s*d6\s*$", value)
    if not match:
        raise RulesRefusal(f"not a penalty in dice: {value!r} (like -1d6)")
    return int(match[1])


class Coverage(str, Enum):
    """Ch. 7: bypassing armor costs TN +1 on a partially armored character
    (less than 75% covered), +2 on a fully armored one."""

    FULL = "full"
    PARTIAL = "partial"

    @classmethod
    def parse(cls, value: str) -> Coverage:
        """``"full"``/``"partial"`` or the table's ``"> 75%"``/``"< 75%"``."""
        key = value.replace(" ", "")
        words = {">75%": cls.FULL, "<75%": cls.PARTIAL}
        if key in words:
            return words[key]
        try:
            return cls(key.lower())
        except ValueError:
            raise RulesRefusal(f"not an armor coverage: {value!r} (> 75% or < 75%)") from None

    @property
    def bypass_tn(self) -> int:
        """TN +1 (partial) or +2 (full) for a called shot around the armor."""
        return 2 if self is Coverage.FULL else 1


@dataclass(frozen=True)
class Armor:
    name: str
    coverage: Coverage
    damage_reduction: int

    def __post_init__(self) -> None:
        if self.damage_reduction < 0:
            raise EntryError("damage_reduction", f"{self.name}: damage reduction cannot be negative")

    def reduction_against(self, *, armor_piercing: bool) -> int:
        """DR, halved (rounded down) against armor-piercing (ch. 10)."""
        return effective_dr(self.damage_reduction, armor_piercing)

    @classmethod
    def from_dict(cls, entry: Mapping[str, Any]) -> Armor:
        """``damage_reduction`` as the table prints it, ``-6``, or 6."""
        _require(entry, "name", "coverage", "damage_reduction")
        coverage = _read(entry, "coverage", Coverage.parse)
        return cls(str(entry["name"]), coverage, _read(entry, "damage_reduction", lambda value: abs(int(value))))


# --- the book's tables (ch. 10) -------------------------------------------


def _melee(name: str, reach: str, damage: str, skill: str, qualities: tuple[str, ...] = (), edge: str = "") -> dict[str, Any]:
    """One row of the melee table; ``edge`` is "" (blunt), "edged" or "large blade"."""
    return {
        "name": name, "reach": reach, "damage": damage, "skill": skill, "qualities": qualities,
        "edged": bool(edge), "large_blade": edge == "large blade",
    }


BOOK_MELEE = tuple(
    MeleeWeapon.from_dict(row)
    for row in (
        _melee("Unarmed Attack", "Cls", "Strength + Skill (5, 6)", "brawling"),
        _melee("Martial Arts Atk", "Cls", "Strength + Skill + 1 (4, 6)", "martial arts", ("Balanced", "Quick")),
        _melee("Deadly Martial Arts Atk", "Cls", "Strength + Skill + 1 (4, 5)", "martial arts", ("Balanced",)),
        _melee("Club", "1m", "Strength + Skill + 4 (4, 6)", "melee one-handed", ("Unwieldy",)),
        _melee("Short Sword", "1m", "Strength + Skill + 4 (4, 5)", "melee one-handed", ("Balanced", "Quick"), "large blade"),
        _melee("Broad Sword", "1m", "Strength + Skill + 6 (4, 5)", "melee one-handed", ("Balanced",), "large blade"),
        _melee("Great Sword", "1m", "Strength + Skill + 8 (4, 5)", "melee two-handed", ("Two-handed",), "large blade"),
        _melee("Axe", "1m", "Strength + Skill + 6 (4, 5)", "melee one-handed", ("Unwieldy",), "large blade"),
        _melee("Great Axe", "1m", "Strength + Skill + 8 (3, 4)", "melee two-handed", ("Two-handed", "Unwieldy"), "large blade"),
        _melee("Mace", "1m", "Strength + Skill + 6 (4, 6)", "melee one-handed", ("Unwieldy",)),
        _melee("Morning Star", "1m", "Strength + Skill + 6 (4, 5)", "melee one-handed", ("Unwieldy",)),
        _melee("Dagger", "Cls", "Strength + Skill (4, 5)", "melee one-handed", ("Balanced", "Quick"), "edged"),
        _melee("Staff", "2m", "Strength + Skill + 2 (4, 6)", "melee two-handed", ("Two-handed",)),
        _melee("Spear", "2m", "Strength + Skill + 4 (3, 5)", "melee two-handed", ("Two-handed",), "edged"),
        _melee("Pole Arm", "3m", "Strength + Skill + 6 (3, 5)", "melee two-handed", ("Two-handed",), "edged"),
    )
)


def _ranged(
    name: str, damage: str, close: str, optimal: str, long: str, skill: str,
    ammo: str | None = None, qualities: tuple[str, ...] = (), **flags: bool,
) -> dict[str, Any]:
    return {
        "name": name, "damage": damage, "close": close, "optimal": optimal, "long": long,
        "skill": skill, "ammo": ammo, "qualities": qualities, **flags,
    }


# Printed as in the table, with three typos read: "Flinglock Rifle" is the
# flintlock rifle; "Skill + 16(3, 4)" and "Skill +16 (3 4)" are 16 (3, 4).
# The flintlocks' long entries (5m after 6m, 12m after 15m) are kept: they
# are increment widths, which work whatever their size (see RangedWeapon).
# "Semi-auto" on the .38, .45 and AR-15 and "Bolt-action" on the M-40 are
# this module's reading (see the module docstring), not the table's.
BOOK_RANGED = tuple(
    RangedWeapon.from_dict(row)
    for row in (
        _ranged("Long Bow", "Skill + 5 (4, 5)", "C-1m", "20m", "35m (2)", "archery"),
        _ranged("Cross Bow", "Skill +7 (4, 5)", "C-1m", "30m", "45m (2)", "archery"),
        _ranged("Sling", "Skill + 3 (5, 6)", "C-1m", "6m", "12m (1)", "throwing"),
        _ranged("Thrown Knife", "Strength + Skill + 2 (4, 5)", "C-1m", "4m", "6m (1)", "throwing", edged=True),
        _ranged("Thrown Axe", "Strength + Skill + 4 (4, 5)", "C-1m", "6m", "10m (1)", "throwing", edged=True),
        _ranged("Thrown Spear", "Strength + Skill + 4 (4, 5)", "C-2m", "10m", "20m (2)", "throwing", edged=True),
        _ranged("Flintlock Pistol", "Skill + 6 (3, 4)", "C-1m", "6m", "5m (3)", "pistol", "Ammo:1", ("Muzzle-loaded",)),
        _ranged(".38 Revolver", "Skill + 8 (3, 4)", "C", "8m", "10m (4)", "pistol", "Ammo:6", ("Semi-auto",), revolver=True),
        _ranged(".45 Auto Pistol", "Skill + 10 (3, 4)", "C", "10m", "12m (4)", "pistol", "Ammo:8-14", ("Semi-auto",)),
        _ranged(
            ".9mm Uzi SMG", "Skill + 8 (3, 4)", "C", "8m", "10m (4)", "long arms", "Ammo:20-50",
            ("VHi ROF", "Inaccurate", "Suppressive"),
        ),
        _ranged("Flintlock Rifle", "Skill + 11 (3, 4)", "C-2m", "15m", "12m (3)", "long arms", "Ammo:1", ("Muzzle-loaded",)),
        _ranged("AR-15 (5.56mm)", "Skill + 14 (3, 4)", "C-1m", "20m", "40m (4)", "long arms", "Ammo:10-30", ("Semi-auto",)),
        _ranged(
            "M-16 (5.56mm)", "Skill + 14 (3, 4)", "C-1m", "20m", "40m (4)", "long arms", "Ammo:10-30",
            ("Hi ROF", "Suppressive"),
        ),
        _ranged(
            "AK-47 (7.62mm)", "Skill + 16(3, 4)", "C-1m", "20m", "35m (4)", "long arms", "Ammo: 10-30",
            ("Hi ROF", "Suppressive"),
        ),
        _ranged("M-40 Sniper (.308)", "Skill + 16 (2, 3)", "C-2m", "50m", "100m (5)", "long arms", "Ammo:5", ("Bolt-action",)),
        _ranged(
            "Shotgun", "Skill + 12 (3, 5)", "C", "5m", "10m (2)", "long arms", "Ammo:3-5",
            ("Indiscriminant at Long Range",),
        ),
        _ranged(
            "M-60", "Skill +16 (3 4)", "C-3m", "35m", "40m (4)", "long arms", "Ammo: 80-200",
            ("Hi ROF", "Inaccurate", "Suppressive", "Indiscriminant at Long Range"),
        ),
    )
)

BOOK_SHIELDS = (Shield("Small Shield", 1), Shield("Medium Shield", 2))

BOOK_ARMOR = tuple(
    Armor.from_dict({"name": name, "coverage": coverage, "damage_reduction": reduction})
    for name, coverage, reduction in (
        ("Cloth", "> 75%", "-1"),
        ("Leather", "> 75%", "-2"),
        ("Chainmaille", "> 75%", "-3"),
        ("Scale", "> 75%", "-4"),
        ("Plate", "> 75%", "-5"),
        ("Ballistic Vest", "< 75%", "-6"),
    )
)


# --- the arsenal ----------------------------------------------------------

_KINDS = {"melee": MeleeWeapon, "ranged": RangedWeapon, "shields": Shield, "armor": Armor}
#: The kinds of items an arsenal holds, as its ``listed`` names them.
KINDS = tuple(_KINDS)


def _key(name: str) -> str:
    """A name as looked up: case, spaces and hyphens ignored ("broadsword"
    finds the book's "Broad Sword", "ak47 (7.62mm)" its "AK-47 (7.62mm)")."""
    return "".join(name.casefold().replace("-", " ").split())


@dataclass(frozen=True)
class Arsenal:
    """Every item a world knows, by kind, looked up by name (case, spaces and
    hyphens ignored). A world's item with a book item's name replaces it."""

    melee: Mapping[str, MeleeWeapon]
    ranged: Mapping[str, RangedWeapon]
    shields: Mapping[str, Shield]
    armor: Mapping[str, Armor]

    @classmethod
    def book(cls) -> Arsenal:
        return _book_arsenal()

    @classmethod
    def empty(cls) -> Arsenal:
        """No items: a world's own, before it defines any."""
        return cls({}, {}, {}, {})

    def with_custom(self, custom: Mapping[str, Iterable[Mapping[str, Any]]]) -> Arsenal:
        """Add a world's items: ``{"melee": [...], "ranged": [...], "shields":
        [...], "armor": [...]}``, each entry as that kind's ``from_dict`` reads it."""
        _check_kinds(custom)
        if not custom:
            return self
        tables = _tables(self)
        for kind, entries in custom.items():
            for entry in entries:
                item = _KINDS[kind].from_dict(entry)
                tables[kind][_key(item.name)] = item
        return Arsenal(**tables)

    def melee_weapon(self, name: str) -> MeleeWeapon:
        return self._find("melee", name)

    def ranged_weapon(self, name: str) -> RangedWeapon:
        return self._find("ranged", name)

    def shield(self, name: str) -> Shield:
        return self._find("shields", name)

    def armor_named(self, name: str) -> Armor:
        return self._find("armor", name)

    def _find(self, kind: str, name: str) -> Any:
        table = getattr(self, kind)
        try:
            return table[_key(name)]
        except KeyError:
            known = ", ".join(item.name for item in table.values())
            raise RulesRefusal(f"no {kind} item named {name!r}; known: {known}") from None

    @property
    def listed(self) -> Listing:
        """Each kind's items, in order."""
        return Listing(*(tuple(getattr(self, kind).values()) for kind in _KINDS))


class Listing(NamedTuple):
    """An arsenal's items by kind, in order (``equipment.list`` shows them so)."""

    melee: tuple[MeleeWeapon, ...]
    ranged: tuple[RangedWeapon, ...]
    shields: tuple[Shield, ...]
    armor: tuple[Armor, ...]


# --- a world's own items --------------------------------------------------


def _check_kinds(by_kind: Mapping[str, Any]) -> None:
    unknown = set(by_kind) - set(_KINDS)
    if unknown:
        raise RulesRefusal(f"unknown kinds of equipment: {', '.join(sorted(unknown))}; known: {', '.join(_KINDS)}")


def _tables(arsenal: Arsenal) -> dict[str, dict[str, Any]]:
    """The arsenal's items by kind and key, to change."""
    return {kind: dict(getattr(arsenal, kind)) for kind in _KINDS}


def define_items(world: Arsenal, define: Mapping[str, Iterable[Mapping[str, Any]]]) -> Arsenal:
    """A world's own items with ``define``'s entries added (as
    :meth:`Arsenal.with_custom` reads them), each replacing the world's item
    of its kind and name. A refused entry raises :class:`EntryError` naming
    ``<kind>.<index>.<key>``."""
    _check_kinds(define)
    tables = _tables(world)
    for kind, entries in define.items():
        for index, entry in enumerate(entries):
            try:
                item = _KINDS[kind].from_dict(entry)
            except EntryError as broken:
                raise EntryError(f"{kind}.{index}.{broken.field}", str(broken)) from None
            except ValueError as broken:
                raise EntryError(f"{kind}.{index}", str(broken)) from None
            tables[kind][_key(item.name)] = item
    return Arsenal(**tables)


def remove_items(world: Arsenal, names: Mapping[str, Iterable[str]]) -> Arsenal:
    """A world's own items without those ``names`` lists by kind. Only a
    world's own items go (a book item can be replaced, not removed); any other
    name raises :class:`EntryError` naming ``<kind>.<index>``."""
    _check_kinds(names)
    tables = _tables(world)
    for kind, listed in names.items():
        for index, name in enumerate(listed):
            if tables[kind].pop(_key(name), None) is None:
                raise EntryError(f"{kind}.{index}", f"the world has no {kind} item of its own named {name!r}")
    return Arsenal(**tables)


@cache
def _book_arsenal() -> Arsenal:
    """The book's ch. 10 tables, built once (an arsenal is never changed in place)."""
    tables = (BOOK_MELEE, BOOK_RANGED, BOOK_SHIELDS, BOOK_ARMOR)
    return Arsenal(*(MappingProxyType({_key(item.name): item for item in items}) for items in tables))
