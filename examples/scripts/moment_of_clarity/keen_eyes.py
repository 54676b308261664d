"""Moment of Clarity: each of the player's own characters rolls Notice; the card gives each level of success."""

from bridge.scripting.api import Who, macro


@macro("keen_eyes", "Moment of Clarity: your characters roll Notice at TN 7.", who=Who.OWNER)
def keen_eyes(table):
    for target in table.targets:
        roll = table.skill_roll(target, "Notice", tn=7)
        table.say(f"{target['name']}: {roll.level.value} (Effect Number {roll.effect.value}).")
