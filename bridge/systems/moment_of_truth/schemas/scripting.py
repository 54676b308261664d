"""Macros over the wire (docs/scripting.md): listing the macros a user may
run, running one by name with its arguments, and the GM's reload of the
world's scripts. No code and no path ever travels: a macro is named by an
identifier, and its arguments are checked against the schema it declares."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate

from ....protocol import Request
from ....rules.moment_of_truth.conditions import Condition
from ....schemas.common import Identifier
from ....schemas.pushes import JobEvent, JobQueued, Out, _const, card_entry
from ....schemas.requests import CardOptions, RequestSchema
from ....schemas.spec import CardSpec, RequestSpec
from ....scripting.api import DICE_MAX, OUTPUT_MAX_CHARS, SIDES_MAX, Who
from .damage import DamageResult
from .hazards import TOKENS_MAX, Fire, HazardResult
from .health import ConditionChange
from .moments import MomentsChange
from .rolls import RollResult
from .tokens import TokenStateChange

#: Most top-level arguments a macro run may carry.
ARGUMENTS_MAX = 50


def _each_once(token_ids: list[str]) -> None:
    if len(set(token_ids)) != len(token_ids):
        raise ValidationError("name each token once")


class MacroListRequest(RequestSchema):
    """The macros the sender may run."""


class MacroRunRequest(CardOptions):
    """Run the macro `macro` on the tracked tokens `token_ids` (its targets)
    with `arguments`, which must meet the JSON Schema `macro.list` gives for it."""

    macro = Identifier(required=True, metadata={"description": "a macro's name as macro.list gives it"})
    arguments = fields.Dict(keys=fields.String(validate=validate.Length(1, 64)), load_default=dict,
                            validate=validate.Length(max=ARGUMENTS_MAX))
    token_ids = fields.List(
        Identifier(), load_default=list, validate=[validate.Length(max=TOKENS_MAX), _each_once],
        metadata={"description": "the tracked tokens the macro is run on, each once", "uniqueItems": True},
    )


class MacroReloadRequest(RequestSchema):
    """Load the world's scripts again (GM); `job.result` lists the macros and the scripts that failed."""


class ScriptError(Out):
    """A script that failed: its file in the world's scripts folder, the line (null: unknown) and why."""

    file = fields.String(required=True)
    line = fields.Integer(required=True, allow_none=True)
    message = fields.String(required=True)


class MacroShown(Out):
    """A macro as the table sees it: `arguments` is the JSON Schema of its arguments, to build a form from."""

    name = Identifier(required=True)
    description = fields.String(required=True)
    who = fields.Enum(Who, by_value=True, required=True)
    arguments = fields.Dict(required=True)


class MacroList(Out):
    """The macros the sender may run; `errors` (the GM's only) the scripts that failed at the last load."""

    macros = fields.List(fields.Nested(MacroShown), required=True)
    errors = fields.List(fields.Nested(ScriptError), required=True)


class MacroRoll(Out):
    """A roll a macro made: raw `faces` (`kind` dice), a `roll` by the book (`kind` roll), or a `damage` roll."""

    label = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["dice", "roll", "damage"]))
    sides = fields.Integer(validate=validate.Range(2, SIDES_MAX))
    faces = fields.List(fields.Integer(validate=validate.Range(min=1)))
    token_id = fields.String()
    roll = fields.Nested(RollResult)
    damage = fields.Nested(DamageResult)


class MacroFire(HazardResult):
    """An ``ignite``'s fire, as ``hazard.fire.ignite`` lights it: the burn at once and the fire's `state` after."""

    state = fields.Nested(Fire, required=True)


class MacroEffect(Out):
    """An effect a macro recorded, as made, in order: `hurt`, `heal`, `set_condition`, `clear_condition`, `ignite` (with the fire's `fire` result)."""

    effect = fields.String(required=True, validate=validate.OneOf(["hurt", "heal", "set_condition", "clear_condition", "ignite"]))
    token_id = fields.String(required=True)
    minor = fields.Integer()
    serious = fields.Integer()
    condition = fields.Enum(Condition, by_value=True)
    source = fields.String(allow_none=True)
    rounds = fields.Integer(allow_none=True)
    starting_dice = fields.Integer()
    grease = fields.Boolean()
    fire = fields.Nested(MacroFire)
    changes = fields.List(fields.Nested(ConditionChange), required=True)


class MacroAward(Out):
    """Moments of Truth a macro awarded, as ``moments.award`` awards them for role-playing."""

    player = fields.String(required=True)
    moments = fields.Integer(required=True, validate=validate.Range(min=1))
    reason = fields.String(required=True)


class MacroResult(Out):
    """A macro's card: what it rolled (every face), the effects it made and
    each token's change, what it said and printed. A macro that failed made
    nothing: `error` names the script's file and line (a blind card: the GM's)."""

    macro = Identifier(required=True)
    api_version = fields.Integer(required=True)
    rolls = fields.List(fields.Nested(MacroRoll), required=True)
    effects = fields.List(fields.Nested(MacroEffect), required=True)
    awards = fields.List(fields.Nested(MacroAward), required=True)
    moments = fields.Nested(MomentsChange, required=True, allow_none=True, metadata={
        "description": "the ledger's change the awards made (null: none awarded)"})
    said = fields.List(fields.String(), required=True)
    printed = fields.String(required=True, validate=validate.Length(max=OUTPUT_MAX_CHARS))
    dice_rolled = fields.Integer(required=True, validate=validate.Range(0, DICE_MAX))
    tokens = fields.List(fields.Nested(TokenStateChange), required=True, validate=validate.Length(max=TOKENS_MAX))
    error = fields.Nested(ScriptError, required=True, allow_none=True)


class MacroReloaded(Out):
    """The world's scripts loaded: from `folder`, the macros declared, the scripts that failed."""

    folder = fields.String(required=True)
    macros = fields.List(Identifier(), required=True)
    errors = fields.List(fields.Nested(ScriptError), required=True)


class JobMacroReload(JobEvent):
    """The finished job of a `macro.reload` request."""

    kind = _const(Request.MACRO_RELOAD.value)
    result = fields.Nested(MacroReloaded, required=True)


CARDS = {
    Request.MACRO_RUN: CardSpec(MacroRunRequest, card_entry(Request.MACRO_RUN, MacroResult, "A macro's card."), queued=True),
}
REQUESTS = {
    Request.MACRO_LIST: RequestSpec(MacroListRequest, MacroList),
    Request.MACRO_RELOAD: RequestSpec(MacroReloadRequest, JobQueued, gm_only=True),
}
JOB_RESULTS = (JobMacroReload,)
CROSS_FIELD_RULES: dict = {}
