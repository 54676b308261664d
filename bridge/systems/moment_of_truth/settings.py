"""Moment of Truth's settings in a world: the book's dials
(``rules.moment_of_truth.dials``) and the world's own skills, with their defaults."""

from __future__ import annotations

from marshmallow import fields, validate

from ...rules.moment_of_truth.dials import Dials, ReactionStatistic
from ...schemas.common import Inbound

#: Highest value accepted for a count-like dial (points, limits, XP).
DIAL_MAX = 100
#: Most skills a world adds to the book's, and the longest name of one.
SETTING_SKILLS_MAX = 100
SKILL_NAME_MAX_CHARS = 40

_DEFAULTS = Dials()


def _switch(name: str, doc: str):
    return fields.Boolean(load_default=getattr(_DEFAULTS, name), metadata={"description": doc})


def _count(name: str, doc: str, low: int = 0, allow_none: bool = False):
    return fields.Integer(
        load_default=getattr(_DEFAULTS, name),
        allow_none=allow_none,
        validate=validate.Range(low, DIAL_MAX),
        metadata={"description": doc},
    )


class MomentOfTruthSettings(Inbound):
    """The book's dials, each at the book's value unless the GM turns it."""

    default_tn = fields.Integer(
        load_default=_DEFAULTS.default_tn,
        validate=validate.OneOf([1, 2]),
        metadata={"description": "ch. 1 Target Number as a Dial: 2 gritty (the book's default), 1 pulp"},
    )
    starting_statistic_points = _count("starting_statistic_points", "ch. 2: statistic points to buy with")
    starting_statistic_max = _count("starting_statistic_max", "ch. 2: highest statistic bought at creation", low=1)
    skill_points_per_education = _count("skill_points_per_education", "ch. 3: Y in Education x Y + X")
    skill_points_base = _count("skill_points_base", "ch. 3: X in Education x Y + X")
    hit_points_base = _count("hit_points_base", "ch. 2 and 12: HP = base + per_endurance x Endurance", low=1)
    hit_points_per_endurance = _count("hit_points_per_endurance", "ch. 2 and 12: HP per point of Endurance")
    reaction_statistic = fields.Enum(
        ReactionStatistic,
        by_value=True,
        load_default=_DEFAULTS.reaction_statistic,
        metadata={"description": "reaction time = (Agility + this) / 2: ch. 2 says Will, ch. 7 Perception"},
    )
    deadlock_to_pc = _switch("deadlock_to_pc", "ch. 1: a PC-vs-NPC contest deadlock goes to the PC")
    setbacks = _switch("setbacks", "ch. 5: setbacks are judged on successful rolls")
    player_triggered_rewards = _switch("player_triggered_rewards", "ch. 5: take a failure, raise the stakes, ...")
    dice_triggered_rewards = _switch("dice_triggered_rewards", "ch. 5: MoTs for failures, setbacks, critical failures")
    role_playing_rewards = _switch("role_playing_rewards", "ch. 5: GM awards for role-playing")
    moments_player_limit = _count("moments_player_limit", "ch. 5: most MoTs one player holds; null: none", allow_none=True)
    moments_table_limit = _count("moments_table_limit", "ch. 5: most MoTs the table holds; null: none", allow_none=True)
    moments_at_first_session = _count("moments_at_first_session", "ch. 5: MoTs each player starts the first session with")
    connections = _switch("connections", "ch. 5 (optional): at least four past events, two with PCs and two with NPCs")
    short_sessions = _switch("short_sessions", "ch. 4: sessions under 3 hours: one free talent use, not two")
    harsh_death = _switch("harsh_death", "ch. 7: dead at total damage 2 x HP + 1")
    heroic_death = _switch("heroic_death", "ch. 7: a player may declare a PC below 0 HP dead for the party's MoTs")
    bleeding = _switch("bleeding", "ch. 7 (optional): bleeding rolls")
    desperate_attack = _switch("desperate_attack", "ch. 7 (optional): +2 attack dice for a TN to be hit of 1")
    flanked = _switch("flanked", "ch. 7 (optional): the flanked condition")
    outnumbered = _switch("outnumbered", "ch. 7 (optional): the outnumbered condition")
    ammunition = _switch("ammunition", "ch. 10 (optional): ammo rolls for automatic and spraying fire")
    double_cost_perception_agility = _switch(
        "double_cost_perception_agility", "ch. 11: raising Perception or Agility costs double experience"
    )
    muzzle_reload_minimum_rounds = _count(
        "muzzle_reload_minimum_rounds", "ch. 10: fewest rounds a muzzle-loaded reload takes (the book gives none)"
    )
    moment_buyback_xp = _count("moment_buyback_xp", "ch. 11: experience per unspent MoT bought back")
    setting_skills = fields.List(
        fields.String(validate=validate.Length(1, SKILL_NAME_MAX_CHARS)),
        load_default=list,
        validate=validate.Length(max=SETTING_SKILLS_MAX),
        metadata={"description": "ch. 3 Setting Skills: the skills this world adds to the book's list"},
    )


def dials_of(settings: dict) -> Dials:
    """The rules' dials among a world's stored settings."""
    return Dials.from_settings(settings)
