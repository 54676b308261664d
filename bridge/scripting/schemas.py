"""Macros over the wire, in a world of any rule system (docs/scripting.md):
listing the macros a user may run, running one by name with its arguments,
and the GM's reload of the world's scripts. No code and no path ever
travels: a macro is named by an identifier, and its arguments are checked
against the schema it declares. What a macro rolls and makes is its world's
system's (``bridge.scripting.hooks``): the card carries it as that system's
own cards and changes show it."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate

from ..protocol import Request
from ..schemas.common import Identifier
from ..schemas.pushes import JobEvent, JobQueued, Out, _const, card_entry, job_result
from ..schemas.requests import CardOptions, RequestSchema
from ..schemas.spec import CardSpec, RequestSpec
from .api import DICE_MAX, EFFECTS_MAX, OUTPUT_MAX_CHARS, SIDES_MAX, Who

#: Most top-level arguments a macro run may carry; most targets one run names.
ARGUMENTS_MAX, TOKENS_MAX = 50, 50


def _each_once(token_ids: list[str]) -> None:
    if len(set(token_ids)) != len(token_ids):
        raise ValidationError("name each token once")


class MacroListRequest(RequestSchema):
    """The macros the sender may run."""


class MacroRunRequest(CardOptions):
    """Run the macro `macro` on `token_ids` (its targets: tracked tokens in a Moment of Truth world,
    registered characters by actor id in another system's) with `arguments`, which must meet the
    JSON Schema `macro.list` gives for it."""

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
    """A roll a macro made: raw `faces` (`kind` dice), a `roll` by the world's system (`kind` roll,
    shaped as that system's cards show the roll), or a Moment of Truth `damage` roll."""

    label = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["dice", "roll", "damage"]))
    sides = fields.Integer(validate=validate.Range(2, SIDES_MAX))
    faces = fields.List(fields.Integer(validate=validate.Range(min=1)))
    token_id = fields.String()
    roll = fields.Dict()
    damage = fields.Dict()


class MacroEffect(Out):
    """An effect a macro recorded, as made, in order: `effect` names it (the system's: Moment of
    Truth's `hurt`, `heal`, `set_condition`, `clear_condition`, `ignite`; the 2d20 variant's
    `stress`), `token_id` its target, then its details and what it changed."""

    effect = fields.String(required=True)
    token_id = fields.String(required=True)
    # Moment of Truth's: damage, a condition, a fire, and the condition changes made
    minor = fields.Integer()
    serious = fields.Integer()
    condition = fields.String()
    source = fields.String(allow_none=True)
    rounds = fields.Integer(allow_none=True)
    starting_dice = fields.Integer()
    grease = fields.Boolean()
    fire = fields.Dict(metadata={"description": "an ignite's fire, as hazard.fire.ignite's card shows it"})
    changes = fields.List(fields.Dict())
    # the 2d20 variant's: damage dealt and the hit it made, as 2d20.attack's card shows it
    damage = fields.Integer()
    hit = fields.Dict()


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
    system = fields.String(required=True, metadata={"description": "the world's rule system the macro ran in"})
    rolls = fields.List(fields.Nested(MacroRoll), required=True)
    effects = fields.List(fields.Nested(MacroEffect), required=True, validate=validate.Length(max=EFFECTS_MAX))
    awards = fields.List(fields.Nested(MacroAward), required=True)
    moments = fields.Dict(required=True, allow_none=True, metadata={
        "description": "Moment of Truth: the ledger's change the awards made, as moments.changed shows it (null: none awarded)"})
    said = fields.List(fields.String(), required=True)
    printed = fields.String(required=True, validate=validate.Length(max=OUTPUT_MAX_CHARS))
    dice_rolled = fields.Integer(required=True, validate=validate.Range(0, DICE_MAX))
    tokens = fields.List(fields.Dict(), required=True, validate=validate.Length(max=TOKENS_MAX), metadata={
        "description": "Moment of Truth: each token's change, as token.changed shows it"})
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



class QueuedMacro(Out):
    """The card a macro run made; the card itself comes as ``roll.result``."""

    roll_id = fields.String(required=True)


JOB_RESULTS = (JobMacroReload, job_result(Request.MACRO_RUN.value, QueuedMacro, "the card it made, by id"))
