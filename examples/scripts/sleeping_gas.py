"""Sleeping gas: everyone targeted rolls Endurance; who fails falls unconscious."""

from marshmallow import Schema, fields, validate

from bridge.scripting.api import Who, macro


class GasArguments(Schema):
    difficulty = fields.Integer(load_default=0, validate=validate.Range(0, 5))


@macro("sleeping_gas", "Everyone targeted rolls Endurance or falls unconscious.", arguments=GasArguments, who=Who.GM)
def sleeping_gas(table):
    for target in table.targets:
        roll = table.skill_roll(target, "endurance", difficulty=table.arguments["difficulty"])
        if roll.outcome.success:
            table.say(f"{target.name} holds their breath.")
        else:
            table.set_condition(target, "unconscious", source="sleeping gas")
            table.say(f"{target.name} slumps to the floor.")
