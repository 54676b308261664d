"""A macro whose arguments take each kind of field the plugin's forms know; it says them back as
JSON (plugin/tests/core.macros.test.js loads it with the bridge's loader; tests/browser/test_macros.py
runs it from the standalone page)."""

import json

from marshmallow import Schema, fields, validate

from bridge.scripting.api import Who, macro


class Ambush(Schema):
    dice = fields.Integer(
        required=True, validate=validate.Range(1, 10), metadata={"description": "dice each attacker rolls"}
    )
    share = fields.Float(load_default=0.5, validate=validate.Range(0, 1))
    shout = fields.String(validate=validate.Length(max=20), metadata={"title": "Battle cry"})
    silent = fields.Boolean(load_default=False)
    statistic = fields.String(load_default="agility", validate=validate.OneOf(["agility", "perception"]))
    leader = fields.String(metadata={"format": "token_id"})
    hostages = fields.List(fields.String(metadata={"format": "token_id"}), validate=validate.Length(max=3))
    rounds = fields.List(fields.Integer())
    bonus = fields.Integer(allow_none=True, load_default=None)
    cover = fields.Nested(Schema.from_dict({"dice": fields.Integer()}))


@macro("ambush", "Attackers spring from hiding.", arguments=Ambush, who=Who.TABLE)
def ambush(table):
    table.say(json.dumps(table.arguments, sort_keys=True))
