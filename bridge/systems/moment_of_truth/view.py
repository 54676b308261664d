"""How a Moment of Truth token shows on every page: its conditions, worst
first, and its hit points as a bar (the table core's ``view``)."""

from __future__ import annotations

from ...rules.moment_of_truth.conditions import Condition

#: How bad each condition is for the token, for the badge's colour.
_SEVERITY = {
    Condition.DEAD: "critical", Condition.UNCONSCIOUS: "critical", Condition.BLEEDING: "critical",
    Condition.WOUNDED: "serious", Condition.ON_FIRE: "serious", Condition.SUFFOCATING: "serious",
    Condition.STUNNED: "serious", Condition.RESTRAINED: "serious", Condition.INJURED: "minor",
}
#: The icon (plugin/styles/icons) each condition shows with.
_ICONS = {Condition.DEAD: "skull", Condition.BLEEDING: "drop", Condition.ON_FIRE: "flame",
          Condition.UNCONSCIOUS: "sleep", Condition.PRONE: "prone"}


def token_view(record: dict) -> dict:
    """``{conditions: [{label, icon, severity}], bars: [{label, value, max}]}`` of a token's record."""
    if "health" not in record:  # registered while the world played another system
        return {"conditions": [], "bars": []}
    seen: dict[str, dict] = {}
    for entry in record["conditions"]:
        condition = Condition(entry["condition"])
        seen.setdefault(condition.value, {
            "label": condition.value.replace("_", " "),
            "icon": _ICONS.get(condition, "circle"),
            "severity": _SEVERITY.get(condition, "minor"),
        })
    health = record["health"]
    damage = health["minor"] + health["serious"]
    points = health["hit_points"]
    return {"conditions": list(seen.values()), "bars": [{"label": "hit points", "value": max(points - damage, 0), "max": points}]}
