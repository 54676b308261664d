"""The d10 highest-die system: everyone targeted rolls Perception against the TN; the card says who spots the sniper."""

from marshmallow import Schema, fields, validate

from bridge.scripting.api import Who, macro


class SpotArguments(Schema):
    tn = fields.Integer(load_default=8, validate=validate.Range(1, 30))


@macro("spot_check", "d10: the targets roll Perception to spot the sniper.", arguments=SpotArguments, who=Who.GM)
def spot_check(table):
    for target in table.targets:
        roll = table.skill_roll(target, "Perception", tn=table.arguments["tn"], stressful=False)
        seen = "spots" if roll.verdict.degree.succeeded else "misses"
        table.say(f"{target['name']} {seen} the sniper ({roll.total}).")
