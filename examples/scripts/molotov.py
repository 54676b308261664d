"""A Molotov cocktail: every targeted token catches fire, 5d6 to start (ch. 8, Fire)."""

from marshmallow import Schema, fields, validate

from bridge.scripting.api import Who, macro


class MolotovArguments(Schema):
    starting_dice = fields.Integer(load_default=5, validate=validate.Range(1, 10))


@macro("molotov", "Set the targeted tokens on fire (5d6 to start).", arguments=MolotovArguments, who=Who.GM)
def molotov(table):
    for target in table.targets:
        table.ignite(target, table.arguments["starting_dice"])
    table.say(f"The bottle bursts: {len(table.targets)} caught in the flames.")
