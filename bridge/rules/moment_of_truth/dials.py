"""The world's dials (ch. 12, Summary of Dials) as one frozen record.

Every rule that the book lets a GM turn takes its value from here, never
from a constant, so a world's settings decide it. Defaults are the book's,
or docs/rules/moment_of_truth.md's where it names a *setting*. Optional rules
the book marks "(Optional)" default to off unless that page says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any

from ..refusal import RulesRefusal


class ReactionStatistic(str, Enum):
    """Reaction time is (Agility + Will) / 2 in ch. 2, (Agility + Perception) / 2 in ch. 7."""

    WILL = "will"
    PERCEPTION = "perception"


@dataclass(frozen=True)
class Dials:
    """One world's choices among the book's rules."""

    # Ch. 1, Target Number as a Dial: a switch, 1 (pulp) or 2 (gritty).
    default_tn: int = 2
    # Ch. 2, Buying Statistics; ch. 12 mentions 8 points as a house rule.
    starting_statistic_points: int = 6
    starting_statistic_max: int = 5
    # Ch. 3, Skill Points as a Dial: Education x Y + X.
    skill_points_per_education: int = 3
    skill_points_base: int = 8
    # Ch. 2 and ch. 12: HP = base + per_endurance x Endurance.
    hit_points_base: int = 6
    hit_points_per_endurance: int = 2
    # Ch. 2 defines reaction time with Will, ch. 7 prints Perception (docs/rules/moment_of_truth.md, Reaction time).
    reaction_statistic: ReactionStatistic = ReactionStatistic.WILL
    # Ch. 1, Contested Skill Rolls: a PC-vs-NPC deadlock goes to the PC.
    deadlock_to_pc: bool = True
    # Ch. 5, Setbacks (Optional): judged on every roll unless switched off (docs/rules/moment_of_truth.md, Setbacks).
    setbacks: bool = True
    # Ch. 5, Earning Moments of Truth: each trigger family on or off.
    player_triggered_rewards: bool = True
    dice_triggered_rewards: bool = True
    role_playing_rewards: bool = True
    # Ch. 5, Moments of Truth as Dials: None is no limit.
    moments_player_limit: int | None = None
    moments_table_limit: int | None = None
    # Ch. 5: the first session may start with one or more MoTs each.
    moments_at_first_session: int = 1
    # Ch. 5, Connections (Optional): at least four past events, two with PCs
    # and two with NPCs.
    connections: bool = False
    # Ch. 4, Talents: two uses in a 3-4 hour session, one in a shorter one.
    short_sessions: bool = False
    # Ch. 7, Death: harsh death rules (docs/rules/moment_of_truth.md, Harsh death: default on);
    # heroic death may be declared below 0 HP.
    harsh_death: bool = True
    heroic_death: bool = True
    # Ch. 7, optional rules.
    bleeding: bool = False
    desperate_attack: bool = False
    flanked: bool = False
    outnumbered: bool = False
    # Ch. 10, Ammunition (Optional).
    ammunition: bool = False
    # Ch. 10, Muzzle-loaded: reloading takes 6 rounds minus successes; the
    # book gives no floor, so at least this many rounds (0 lets a great
    # roll reload for free).
    muzzle_reload_minimum_rounds: int = 1
    # Ch. 11: "assess an additional cost (perhaps double)" for Perception and
    # Agility; "for most games ... the latter option is suggested".
    double_cost_perception_agility: bool = True
    # Ch. 11: unspent MoTs bought back for this many experience points each.
    moment_buyback_xp: int = 1

    def __post_init__(self) -> None:
        if self.default_tn not in (1, 2):
            raise RulesRefusal(f"the default TN is 1 or 2, not {self.default_tn}")

    @classmethod
    def from_settings(cls, settings: dict[str, Any]) -> "Dials":
        """The dials among a world's settings; other keys are ignored."""
        known = {field.name for field in fields(cls)}
        chosen = {name: value for name, value in settings.items() if name in known}
        if "reaction_statistic" in chosen:
            chosen["reaction_statistic"] = ReactionStatistic(chosen["reaction_statistic"])
        return cls(**chosen)

    def with_changes(self, **changes: Any) -> "Dials":
        return replace(self, **changes)
