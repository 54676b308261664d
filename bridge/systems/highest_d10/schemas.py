"""The d10 highest-die system's requests, cards and state document (docs/systems/highest_d10.md)."""

from __future__ import annotations

from marshmallow import fields, validate

from bridge.protocol import Request
from bridge.rules.dice import MAX_DICE_PER_ROLL
from bridge.rules.highest_d10 import CountsAs, Degree, Mishap
from bridge.rules.highest_d10.advanced import Goal
from bridge.rules.highest_d10.declarations import Status
from bridge.rules.highest_d10.phases import ActionTime
from bridge.rules.highest_d10.rolls import SIDES
from bridge.schemas.common import Identifier, Inbound
from bridge.schemas.pushes import Chance, Out, _const, card_entry
from bridge.schemas.requests import (
    HELPER_NAME_MAX_CHARS,
    LABEL_MAX_CHARS,
    MODIFIERS_MAX,
    RATING_MAX,
    CardRequest,
    RequestSchema,
)
from bridge.schemas.spec import CardSpec, RequestSpec
from bridge.systems.at_table import ActingToken
from bridge.table.schemas import CombatInitiativeRequest

SYSTEM = "highest_d10"
#: Most rolls one cumulative request makes.
CUMULATIVE_ROLLS_MAX = 20
#: Most characters in one encounter.
CHARACTERS_MAX = 50



def _name(**kwargs) -> fields.String:
    """A name: not blank."""
    return fields.String(validate=[validate.Length(1, HELPER_NAME_MAX_CHARS), validate.Regexp(r"\S")], **kwargs)


def _ratings() -> fields.Dict:
    """Attributes or skills: name -> level."""
    return fields.Dict(
        keys=fields.String(validate=validate.Length(1, 40)),
        values=fields.Integer(validate=validate.Range(0, RATING_MAX)),
        load_default=dict,
        validate=validate.Length(max=40),
    )


def _initiative(**kwargs) -> fields.Dict:
    """Actor id -> initiative total; equal totals declare in the order given."""
    totals = fields.Integer(validate=validate.Range(-1000, 1000))
    return fields.Dict(keys=Identifier(), values=totals, validate=validate.Length(1, CHARACTERS_MAX), **kwargs)


# --- requests -----------------------------------------------------------------


class D10CharacterRegisterRequest(RequestSchema):
    """Register (or re-register) a character: its name, unique in the world
    (declarations name it), and its attributes and skills by name."""

    actor_id = Identifier(required=True)
    name = _name(required=True)
    attributes = _ratings()
    skills = _ratings()


class D10ModifierSpec(Inbound):
    source = _name(required=True)
    value = fields.Integer(required=True, validate=validate.Range(-100, 100))


class D10Pool(Inbound):
    """A skill roll: the dice called for (zero or fewer: a zero-dice roll),
    each conditional modifier's name (each removes a die), the modifiers,
    whether the situation is stressful (1s fail and botch) and the TN if any."""

    dice = fields.Integer(required=True, validate=validate.Range(-MAX_DICE_PER_ROLL, MAX_DICE_PER_ROLL))
    conditions = fields.List(_name(), load_default=list, validate=validate.Length(max=MODIFIERS_MAX))
    modifiers = fields.List(
        fields.Nested(D10ModifierSpec), load_default=list, validate=validate.Length(max=MODIFIERS_MAX)
    )
    stressful = fields.Boolean(load_default=True)
    tn = fields.Integer(validate=validate.Range(1, 1000))


class D10Secondary(Inbound):
    """An advanced roll's secondary skill: its level added (``additive``,
    ``halved`` rounding down) or taken off (``subtractive``)."""

    kind = fields.String(required=True, validate=validate.OneOf(["additive", "subtractive"]))
    skill = _name(required=True)
    level = fields.Integer(required=True, validate=validate.Range(0, RATING_MAX))
    halved = fields.Boolean(load_default=False)


class D10FromSheet(Inbound):
    """The pool from the actor's sheet: ``rating``, a skill (else an attribute) by
    name, its level the dice; ``dice`` instead is the GM's override (one of the two)."""

    dice = fields.Integer(validate=validate.Range(-MAX_DICE_PER_ROLL, MAX_DICE_PER_ROLL))
    rating = _name()


class D10RollRequest(D10FromSheet, D10Pool, CardRequest, ActingToken):
    """A skill roll for ``actor_id``; ``aimed``: the shot spends the character's
    aiming (+1 a phase, up to 3); ``secondary``: an additive or subtractive roll."""

    aimed = fields.Boolean(load_default=False)
    secondary = fields.Nested(D10Secondary)


class D10CumulativeRequest(D10FromSheet, D10Pool, CardRequest):
    """``rolls`` skill rolls toward a very high TN (``goal`` total: their totals
    summed to ``target``) or ``target`` successes against ``tn`` each."""

    goal = fields.Enum(Goal, by_value=True, required=True)
    target = fields.Integer(required=True, validate=validate.Range(1, 10000))
    rolls = fields.Integer(required=True, validate=validate.Range(1, CUMULATIVE_ROLLS_MAX))
    solid_counts_double = fields.Boolean(load_default=False)


class D10PoolAgainstTn(D10Pool):
    """A skill roll against a TN: the roll ``d10.odds`` weighs."""

    tn = fields.Integer(required=True, validate=validate.Range(1, 1000))


class D10FastdrawRoll(D10PoolAgainstTn):
    """A Fastdraw's roll, made as it is declared (a success draws the weapon
    as the free action): the sheet's Fastdraw skill, its level the dice,
    against ``tn``; ``dice`` instead is the GM's override."""

    dice = fields.Integer(validate=validate.Range(-MAX_DICE_PER_ROLL, MAX_DICE_PER_ROLL))


class D10OddsRequest(D10PoolAgainstTn, RequestSchema):
    """The exact chance of each degree of a skill roll (its modifiers summed)."""


class D10ActionSpec(Inbound):
    """A declared action: a sample action by its name (its time from the table),
    or any other action with its ``time``."""

    action = _name(required=True)
    time = fields.Enum(ActionTime, by_value=True)
    note = fields.String(load_default="", validate=validate.Length(max=LABEL_MAX_CHARS))


class D10DeclareRequest(CardRequest, ActingToken):
    """``actor_id`` declares this phase's actions, in its turn (lowest
    initiative first): at most one new action and one free action; none: it
    passes. ``fastdraw``: the roll of a Fastdraw among them, from the sheet."""

    actions = fields.List(fields.Nested(D10ActionSpec), required=True, validate=validate.Length(max=2))
    fastdraw = fields.Nested(D10FastdrawRoll)


class D10InitiativeRoll(Inbound):
    """Initiative rolled from the sheets: each of ``characters`` rolls its ``rating`` (a skill, else an attribute)."""

    rating = _name(required=True)
    characters = fields.List(Identifier(), required=True, validate=validate.Length(1, CHARACTERS_MAX))


class D10EncounterStartRequest(RequestSchema):
    """Begin an encounter on phase 1: each character's initiative total declared
    (actor id -> total), or ``roll_initiative`` from the sheets, rolled again each phase."""

    initiative = _initiative()
    roll_initiative = fields.Nested(D10InitiativeRoll)


class D10PhaseEndRequest(RequestSchema):
    """Resolve this phase and open the next; ``initiative``: the next phase's
    totals declared; else rolled again if the encounter rolls them, or this phase's kept."""

    initiative = _initiative()


class D10EncounterEndRequest(RequestSchema):
    """End the encounter: declarations, actions carrying on and aiming are dropped."""


# --- the roll's card (rules.highest_d10's values) ---------------------------


class D10Condition(Out):
    source = fields.String(required=True)


class D10PoolResult(Out):
    called_for = fields.Integer(required=True)
    conditions = fields.Pluck(D10Condition, "source", many=True, required=True)
    dice = fields.Integer(required=True)
    rolled = fields.Integer(required=True, validate=validate.Range(1, MAX_DICE_PER_ROLL))
    zero_dice = fields.Boolean(required=True)


class D10Die(Out):
    face = fields.Integer(required=True, validate=validate.Range(1, SIDES))
    counts_as = fields.Enum(CountsAs, by_value=True, required=True)


class D10Modifier(Out):
    source = fields.String(required=True)
    value = fields.Integer(required=True)


class D10Verdict(Out):
    """The degree against the TN; ``partial_at`` and ``solid_above`` are exact fractions as text."""

    degree = fields.Enum(Degree, by_value=True, required=True)
    succeeded = fields.Boolean(required=True)
    tn = fields.Integer(required=True)
    total = fields.Integer(required=True)
    mishap = fields.Enum(Mishap, by_value=True, required=True, allow_none=True)
    partial_at = fields.String(required=True, attribute="partial_at_text")
    solid_above = fields.String(required=True, attribute="solid_above_text")


#: Every ``outcome.label`` of a card: a roll's degree or what its 1s did, a cumulative roll's goal reached or not.
OUTCOME_LABELS = list(dict.fromkeys([*(degree.value for degree in Degree), *(mishap.value for mishap in Mishap),
                                     "reached", "not_reached"]))


class D10Outcome(Out):
    """The card's verdict."""

    label = fields.String(required=True, validate=validate.OneOf(OUTCOME_LABELS))


class D10SkillRoll(Out):
    """A skill roll: the pool, every face and how it counted (``read``: the
    highest; ``match``: +1 each), the modifiers, the total, what the 1s did,
    the verdict against the TN if any and its ``outcome.label``."""

    system = _const(SYSTEM)
    pool = fields.Nested(D10PoolResult, required=True)
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True, attribute="reading.faces")
    dice = fields.List(fields.Nested(D10Die), required=True, attribute="reading.dice")
    read = fields.Integer(required=True, attribute="reading.read")
    matches = fields.Integer(required=True, attribute="reading.matches")
    modifiers = fields.List(fields.Nested(D10Modifier), required=True)
    total = fields.Integer(required=True)
    stressful = fields.Boolean(required=True)
    mishap = fields.Enum(Mishap, by_value=True, required=True, allow_none=True)
    verdict = fields.Nested(D10Verdict, required=True, allow_none=True)
    outcome = fields.Nested(D10Outcome, required=True, allow_none=True)
    explanation = fields.List(fields.String(), required=True)


class D10RollCard(D10SkillRoll):
    """A ``d10.roll``: a subtractive roll adds ``allies_tn``, the TN it sets its allies."""

    allies_tn = fields.Integer(validate=validate.Range(min=1))


class D10CumulativeCard(Out):
    """Every roll, what each added, and after which roll the goal was reached."""

    goal = fields.Enum(Goal, by_value=True, required=True)
    target = fields.Integer(required=True)
    rolls = fields.List(fields.Nested(D10SkillRoll), required=True)
    added = fields.List(fields.Integer(), required=True)
    solid_counts_double = fields.Boolean(required=True)
    progress = fields.Integer(required=True)
    reached = fields.Boolean(required=True)
    reached_at = fields.Integer(required=True, allow_none=True)
    outcome = fields.Nested(D10Outcome, required=True)
    explanation = fields.List(fields.String(), required=True)


def _chance(degree: Degree) -> fields.Nested:
    return fields.Nested(Chance, required=True, attribute=f"{degree.value}_chance")


class D10RollOdds(Out):
    """The exact odds of a roll (``rules.highest_d10.odds.Odds``), its pool aside."""

    dice = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    modifier = fields.Integer(required=True)
    stressful = fields.Boolean(required=True)
    solid_success = _chance(Degree.SOLID_SUCCESS)
    success = _chance(Degree.SUCCESS)
    partial_success = _chance(Degree.PARTIAL_SUCCESS)
    failure = _chance(Degree.FAILURE)
    automatic_failure = _chance(Degree.AUTOMATIC_FAILURE)
    botch = _chance(Degree.BOTCH)
    values = fields.Dict(keys=fields.String(), values=fields.Nested(Chance), required=True, attribute="values_chances")


class D10Odds(D10RollOdds):
    """The chance of each degree, exact and as a float, and of each value read
    (``values``: the highest face + matches, before modifiers) from 1 up."""

    pool = fields.Nested(D10PoolResult, required=True)


# --- time and declarations -----------------------------------------------------


class D10Clock(Out):
    """Where a phase falls: its round, turn and minute, and the seconds elapsed as it begins."""

    phase = fields.Integer(required=True)
    round = fields.Integer(required=True)
    turn = fields.Integer(required=True)
    minute = fields.Integer(required=True)
    seconds = fields.Integer(required=True)


class D10Declared(Out):
    """A declared action, the phase it was declared in and the one at whose
    end it resolves; ``lost``: to its character's failed fastdraw."""

    character = fields.String(required=True, attribute="declaration.character")
    action = fields.String(required=True, attribute="declaration.action")
    time = fields.Enum(ActionTime, by_value=True, required=True, attribute="declaration.time")
    note = fields.String(required=True, attribute="declaration.note")
    succeeded = fields.Boolean(required=True, allow_none=True, attribute="declaration.succeeded")
    declared = fields.Integer(required=True)
    resolves = fields.Integer(required=True)
    status = fields.Enum(Status, by_value=True, required=True)


class D10Underway(D10Declared):
    actor_id = Identifier(required=True)


class D10PlanOrder(Out):
    character = fields.String(required=True)
    initiative = fields.Integer(required=True)


class D10PhasePlan(Out):
    """How a phase resolved: the declaration order, what was declared, what
    resolved at its end (groups, shortest first, each simultaneous) and what carries on."""

    phase = fields.Integer(required=True)
    clock = fields.Nested(D10Clock, required=True)
    order = fields.List(fields.Nested(D10PlanOrder), required=True)
    declared = fields.List(fields.Nested(D10Declared), required=True)
    resolving = fields.List(fields.List(fields.Nested(D10Declared)), required=True)
    carrying_on = fields.List(fields.Nested(D10Declared), required=True)
    explanation = fields.List(fields.String(), required=True)


class D10DeclareCard(Out):
    """What ``actor_id`` declared, the fastdraw's roll if any, and who declares next (null: all have)."""

    phase = fields.Integer(required=True)
    declared = fields.List(fields.Nested(D10Underway), required=True)
    fastdraw = fields.Nested(D10SkillRoll, required=True, allow_none=True)
    next = Identifier(required=True, allow_none=True)
    explanation = fields.List(fields.String(), required=True)


# --- the state document ------------------------------------------------------------


class D10Character(Out):
    """A registered character; ``aiming``: the phases it has aimed (+1 each, up to 3)."""

    name = fields.String(required=True)
    attributes = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    skills = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    aiming = fields.Integer(required=True, validate=validate.Range(min=0))


class D10InitiativeOrder(Out):
    actor_id = Identifier(required=True)
    character = fields.String(required=True)
    initiative = fields.Integer(required=True)


class D10InitiativeRollOut(Out):
    """What each phase's initiative is rolled with (null: the GM declares the totals)."""

    rating = fields.String(required=True)
    characters = fields.List(Identifier(), required=True)


class D10Encounter(Out):
    """The phase under way: the declaration order (lowest initiative first),
    who has declared, who declares next (null: all have; the GM ends the
    phase), this phase's declarations, the actions carrying on from earlier
    phases, and how the last phase resolved."""

    phase = fields.Integer(required=True, validate=validate.Range(min=1))
    clock = fields.Nested(D10Clock, required=True)
    order = fields.List(fields.Nested(D10InitiativeOrder), required=True)
    declared = fields.List(Identifier(), required=True)
    next = Identifier(required=True, allow_none=True)
    declarations = fields.List(fields.Nested(D10Underway), required=True)
    underway = fields.List(fields.Nested(D10Underway), required=True)
    last_phase = fields.Nested(D10PhasePlan, required=True, allow_none=True)
    initiative_roll = fields.Nested(D10InitiativeRollOut, required=True, allow_none=True)


class D10State(Out):
    """The d10 system's state in a world: its characters by actor id and the encounter, if one is under way."""

    characters = fields.Dict(keys=Identifier(), values=fields.Nested(D10Character), required=True)
    encounter = fields.Nested(D10Encounter, required=True, allow_none=True)


# --- results ---------------------------------------------------------------------


class D10CharacterRegistered(Out):
    actor_id = Identifier(required=True)
    character = fields.Nested(D10Character, required=True)


class D10EncounterResult(Out):
    """The encounter as it now stands (null once ended); the initiative rolls, each with its faces (null: declared)."""

    encounter = fields.Nested(D10Encounter, required=True, allow_none=True)
    initiative_rolls = fields.Dict(keys=Identifier(), values=fields.Nested(D10SkillRoll), allow_none=True)


class D10PhaseEnded(Out):
    """How the phase resolved, and the next phase opened."""

    resolved = fields.Nested(D10PhasePlan, required=True)
    encounter = fields.Nested(D10Encounter, required=True)
    initiative_rolls = fields.Dict(keys=Identifier(), values=fields.Nested(D10SkillRoll), required=True, allow_none=True)


class D10InitiativeEntryTotal(Out):
    """A seat's initiative total, and its roll (null: the GM declared it)."""

    seat = fields.String(required=True)
    total = fields.Integer(required=True)
    roll = fields.Nested(D10SkillRoll, required=True, allow_none=True)


class D10InitiativeCard(Out):
    """`combat.initiative` in a world of the d10 system: the phase, the seats lowest initiative first, each total and why."""

    system = _const(SYSTEM)
    phase = fields.Integer(required=True, validate=validate.Range(min=1))
    order = fields.List(fields.String(), required=True)
    initiative = fields.List(fields.Nested(D10InitiativeEntryTotal), required=True)
    explanation = fields.List(fields.String(), required=True)


CARDS = {
    Request.COMBAT_INITIATIVE.value: CardSpec(CombatInitiativeRequest, card_entry(
        Request.COMBAT_INITIATIVE, D10InitiativeCard, name="D10InitiativeEntry"), gm_only=True),
    "d10.roll": CardSpec(D10RollRequest, card_entry("d10.roll", D10RollCard)),
    "d10.cumulative": CardSpec(D10CumulativeRequest, card_entry("d10.cumulative", D10CumulativeCard)),
    "d10.declare": CardSpec(D10DeclareRequest, card_entry("d10.declare", D10DeclareCard)),
}
REQUESTS = {
    "d10.character.register": RequestSpec(D10CharacterRegisterRequest, D10CharacterRegistered, gm_only=True),
    "d10.encounter.start": RequestSpec(D10EncounterStartRequest, D10EncounterResult, gm_only=True),
    "d10.phase.end": RequestSpec(D10PhaseEndRequest, D10PhaseEnded, gm_only=True),
    "d10.encounter.end": RequestSpec(D10EncounterEndRequest, D10EncounterResult, gm_only=True),
}
