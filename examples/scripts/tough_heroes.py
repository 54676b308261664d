"""House rule: hit points are 10 + 3 x Endurance (the book: 6 + 2 x Endurance)."""

from bridge.scripting.api import Hook, house_rule


@house_rule(Hook.HIT_POINTS)
def hit_points(endurance):
    return 10 + 3 * endurance
