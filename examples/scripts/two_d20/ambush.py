"""The 2d20 variant: an ambush. Every targeted character tests Survive + Boldly; who fails takes the blow's Stress."""

from marshmallow import Schema, fields, validate

from bridge.scripting.api import Who, macro


class AmbushArguments(Schema):
    difficulty = fields.Integer(load_default=1, validate=validate.Range(0, 5))
    damage = fields.Integer(load_default=3, validate=validate.Range(0, 20))


@macro("ambush", "2d20: the targets test Survive + Boldly or take the blow.", arguments=AmbushArguments, who=Who.GM)
def ambush(table):
    for target in table.targets:
        test = table.skill_test(target, "Survive", "Boldly", difficulty=table.arguments["difficulty"])
        if test.passed:
            table.say(f"{target['name']} sees it coming.")
        else:
            table.stress(target, table.arguments["damage"])
            table.say(f"{target['name']} is caught off guard.")
