"""Talents (ch. 4, Talents; Talents and Moments of Truth).

A talent names skills or one statistic and the circumstances it applies
in; it adds 3d6 to a roll under them. Each session it has free uses (two,
one with ``Dials.short_sessions``); after those each use costs 1 MoT. An
off-spirit use, on a skill roll the talent does not name but whose spirit
it fits (the GM agrees), costs 1 MoT and uses up a free use, or 2 MoTs once
the free uses are gone. Ch. 9's dual-wield talent (+3d6 to an attack roll
twice a session and when a MoT is spent) is a talent naming melee skills.

The MoTs a use costs are paid through
:class:`~.moments.RollSpending` ``talent_moments``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..refusal import RulesRefusal
from .dials import Dials
from .rolls import Modifier, RollKind
from .statistics import Derived, Statistic, built_from

TALENT_DICE = 3


@dataclass(frozen=True)
class Talent:
    """``skills`` or one ``statistic``, never both; a statistic talent adds
    only to statistic rolls of it, never to skill rolls using it (ch. 4)."""

    name: str
    circumstances: str
    skills: tuple[str, ...] = ()
    statistic: Statistic | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RulesRefusal("a talent needs a name")
        if bool(self.skills) == (self.statistic is not None):
            raise RulesRefusal(f"talent {self.name!r} names skills or one statistic, not both or neither")

    @property
    def modifier(self) -> Modifier:
        """The +3d6 a use adds to the pool."""
        return Modifier(f"talent: {self.name}", TALENT_DICE)

    @property
    def statistic_name(self) -> str | None:
        return self.statistic.value if self.statistic else None

    def names_skill(self, skill: str) -> bool:
        return skill.casefold() in {named.casefold() for named in self.skills}


def free_uses(dials: Dials) -> int:
    """Twice per 3- to 4-hour session, once per shorter session (ch. 4)."""
    return 1 if dials.short_sessions else 2


@dataclass(frozen=True)
class TalentUses:
    """How often each talent (by name) was used this session."""

    session: int = 1
    counts: tuple[tuple[str, int], ...] = ()

    def used(self, talent: str) -> int:
        return dict(self.counts).get(talent, 0)

    @property
    def by_talent(self) -> dict[str, int]:
        return dict(self.counts)

    def next_session(self) -> TalentUses:
        """A new session: every talent's uses start again."""
        return TalentUses(self.session + 1)

    def _with_use(self, talent: str) -> TalentUses:
        counts = {**dict(self.counts), talent: self.used(talent) + 1}
        return TalentUses(self.session, tuple(counts.items()))

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> TalentUses:
        return cls(stored["session"], tuple(stored["counts"].items()))


@dataclass(frozen=True)
class TalentUse:
    """One use of a talent: its +3d6, what it costs and the uses after it."""

    talent: Talent
    off_spirit: bool
    use: int  # this session's n-th use of the talent
    free: bool  # used up one of the session's free uses
    moments: int
    uses: TalentUses

    @property
    def modifier(self) -> Modifier:
        return self.talent.modifier

    @property
    def dice(self) -> int:
        return TALENT_DICE

    @property
    def explanation(self) -> list[str]:
        how = "off-spirit use" if self.off_spirit else "use"
        free = "a free use" if self.free else "the free uses are gone"
        cost = f"{self.moments} MoT" if self.moments == 1 else f"{self.moments} MoTs"
        return [f"talent {self.talent.name}: +{TALENT_DICE}d6, {how} {self.use} this session ({free}), costs {cost}"]


def use_talent(
    talent: Talent,
    uses: TalentUses,
    kind: RollKind,
    statistic: Statistic | Derived,
    skill: str | None = None,
    *,
    off_spirit: bool = False,
    dials: Dials,
) -> TalentUse:
    """Use ``talent`` on a roll of ``kind`` with ``statistic`` and, unless it
    is a statistic roll, the ``skill`` it is for. The caller vouches that the
    roll is under the talent's circumstances, and for ``off_spirit`` that
    the GM agrees it fits the talent's spirit."""
    _check_roll(kind, skill)
    if off_spirit:
        _check_off_spirit(talent, kind, statistic, skill, dials)
    else:
        _check_named(talent, kind, statistic, skill)
    free = uses.used(talent.name) < free_uses(dials)
    moments = (1 if off_spirit else 0) + (0 if free else 1)
    return TalentUse(talent, off_spirit, uses.used(talent.name) + 1, free, moments, uses._with_use(talent.name))


def _check_roll(kind: RollKind, skill: str | None) -> None:
    if kind is RollKind.STATISTIC and skill is not None:
        raise RulesRefusal("a statistic roll is for no skill")
    if kind is not RollKind.STATISTIC and not skill:
        raise RulesRefusal(f"say which skill the {kind.value} roll is for")


def _check_named(talent: Talent, kind: RollKind, statistic: Statistic | Derived, skill: str | None) -> None:
    if talent.statistic is not None:
        if kind is not RollKind.STATISTIC:
            raise RulesRefusal(
                f"talent {talent.name!r} names {talent.statistic.value}: it adds only to "
                f"{talent.statistic.value} statistic rolls, never to skill rolls (ch. 4)"
            )
        if statistic != talent.statistic:
            raise RulesRefusal(f"talent {talent.name!r} names {talent.statistic.value}, not {statistic.value}")
    elif skill is None:
        raise RulesRefusal(f"talent {talent.name!r} names skills: it adds nothing to statistic rolls")
    elif not talent.names_skill(skill):
        raise RulesRefusal(f"talent {talent.name!r} does not name {skill}; an off-spirit use needs the GM's agreement")


def _check_off_spirit(
    talent: Talent, kind: RollKind, statistic: Statistic | Derived, skill: str | None, dials: Dials
) -> None:
    """Off-spirit: a skill roll the talent does not name (ch. 4), and for a
    statistic talent never one using its statistic."""
    if kind is RollKind.STATISTIC:
        raise RulesRefusal("an off-spirit use is for a skill roll")
    if skill is not None and talent.names_skill(skill):
        raise RulesRefusal(f"talent {talent.name!r} names {skill}: use it normally, not off-spirit")
    if talent.statistic is not None and talent.statistic in _statistics_of(statistic, dials):
        raise RulesRefusal(f"talent {talent.name!r} never adds to skill rolls using {talent.statistic.value} (ch. 4)")


def _statistics_of(statistic: Statistic | Derived, dials: Dials) -> tuple[Statistic, ...]:
    return built_from(statistic, dials) if isinstance(statistic, Derived) else (statistic,)
