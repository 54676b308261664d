"""Moment of Clarity's rolls from the sheet over real Socket.IO: the pool
from a skill's cascade, a characteristic token, beads bought before the roll
(dice, a lower TN, a free success) and after it (successes), a white chip's
automatic Success, the to-hit TN read from the defender's AG; each spend
taken from the state document, each refusal naming its field with nothing
spent and nothing rolled."""

from __future__ import annotations

from bridge.rules.moment_of_clarity.levels import Level

from ..systems.test_wire_moc import HARRY, card, refused
from ..wire_schemas import assert_valid, ok

LANDON = {**HARRY, "actor_id": "landon", "name": "Landon", "characteristics": {"Body": 3, "Mind": 2, "T": 2, "R": 2, "At": 3},
          "skills": [{"name": "Brawl", "element": "action", "dice": 2, "primary": "Body", "secondary": "T"},
                     {"name": "Lore", "element": "plot", "dice": 1}]}


def character(client, actor_id: str) -> dict:
    return ok(client, "system.get")["state"]["characters"][actor_id]


def parts(check: dict) -> list[tuple[str, int]]:
    return [(part["source"], part["dice"]) for part in check["pool"]["parts"]]


def test_rolls_from_the_sheet_with_tokens_beads_and_chips(gm, player_for):
    alice = player_for("alice", ["landon"])
    ok(gm, "system.set", system="moment_of_clarity")
    ok(gm, "moc.character", **LANDON)
    ok(gm, "moc.character", **{**HARRY, "actor_id": "goon", "name": "Goon", "characteristics": {"At": 4}})
    ok(gm, "moc.scene")  # 3 beads for the primary dice + 3 for a Hero, all in Action
    landon = character(alice, "landon")
    assert (landon["tokens"], landon["beads"]) == ({"Body": 3, "Mind": 2, "Spirit": 1}, {"action": 6})

    # The pool is the cascade's primary and the skill's dice; a Body token adds T.
    plain = card(alice, "moc.check", actor_id="landon", skill="Brawl")["result"]
    assert (parts(plain), plain["pool"]["tn"], plain["token"]) == ([("Body", 3), ("Brawl", 2)], 7, None)
    assert plain["level"] == plain["roll"]["level"] and len([d for d in plain["roll"]["dice"] if d["kind"] == "skill"]) == 5
    tokened = card(alice, "moc.check", actor_id="landon", skill="Brawl", token=True)["result"]
    assert parts(tokened) == [("Body", 3), ("Brawl", 2), ("T (Body token)", 2)]
    assert character(alice, "landon")["tokens"]["Body"] == 2

    # Beads before the roll: two dice each in the skill's Element, two off the TN from the primary Element.
    bought = card(alice, "moc.check", actor_id="landon", skill="Brawl", beads={"element": "action", "dice": 1, "tn": 2})["result"]
    assert (parts(bought)[-1], bought["pool"]["tn"], bought["beads"]["spent"]) == (("1 beads", 2), 5, 3)
    assert character(alice, "landon")["beads"]["action"] == 3
    free = ok(alice, "moc.check", actor_id="landon", skill="Brawl", beads={"element": "action", "free_success": True})["result"]
    assert (free["roll"], free["level"]) == (None, "marginal_success")
    assert_valid("result.moc.check.json", ok(alice, "moc.check", actor_id="landon", skill="Brawl"))

    # Refusals, nothing spent and nothing rolled: beads not held, a token not held, a skill not on the sheet.
    rolls = len(ok(gm, "roll.log")["rolls"])
    refused(alice, "moc.check", "against_the_rules", "beads.element", actor_id="landon", skill="Brawl",
            beads={"element": "action", "dice": 3})
    refused(alice, "moc.check", "against_the_rules", "beads.element", actor_id="landon", skill="Brawl",
            beads={"element": "plot", "dice": 1})
    refused(alice, "moc.check", "against_the_rules", "beads.tn", actor_id="landon", skill="Brawl", beads={"element": "plot", "tn": 2})
    refused(alice, "moc.check", "invalid", "beads.free_success", actor_id="landon", skill="Brawl",
            beads={"element": "action", "free_success": True, "dice": 1})
    for _ in range(2):
        ok(alice, "moc.check", actor_id="landon", skill="Brawl", token=True)
    refused(alice, "moc.check", "against_the_rules", "token", actor_id="landon", skill="Brawl", token=True)
    refused(alice, "moc.check", "against_the_rules", "skill", actor_id="landon", skill="Cryptography")
    refused(alice, "moc.check", "against_the_rules", "skill", actor_id="landon", skill="Lore")  # no cascade on the sheet
    refused(alice, "moc.check", "forbidden", "actor_id", actor_id="goon", skill="Brawl")
    assert len(ok(gm, "roll.log")["rolls"]) == rolls + 2
    assert (character(alice, "landon")["beads"]["action"], character(alice, "landon")["tokens"]["Body"]) == (2, 0)

    # Untrained (Skill Thresholds): Mind 2 less the difficulty 2 keeps 1 die, on TN 9.
    crypto = card(alice, "moc.check", actor_id="landon", skill="Cryptography",
                  untrained={"difficulty": 2, "element": "plot", "primary": "Mind", "secondary": "R"})["result"]
    assert (crypto["pool"]["dice"], crypto["pool"]["tn"]) == (1, 9)

    # After the roll: a bead adds a success; a white chip makes it a Success.
    after = card(alice, "moc.success", actor_id="landon", roll_id=plain_id(alice), beads={"element": "action", "count": 1})["result"]
    assert after["successes"] == min(4, Level(after["before"]).successes + 1)
    refused(alice, "moc.success", "against_the_rules", "chip", actor_id="landon", roll_id=plain_id(alice), chip="white")
    ok(gm, "moc.chips.grant", actor_id="landon", chips=["white"])
    chipped = card(alice, "moc.success", actor_id="landon", roll_id=plain_id(alice), chip="white")["result"]
    assert chipped["successes"] >= 3 and character(alice, "landon")["chips"]["white"] == 0
    refused(alice, "moc.success", "invalid", "beads", actor_id="landon", roll_id=plain_id(alice))


def plain_id(client) -> str:
    """The newest moc.check card's id."""
    return [entry for entry in ok(client, "roll.log")["rolls"] if entry["rule"] == "moc.check"][-1]["roll_id"]


def test_to_hit_reads_the_defenders_agility(gm):
    ok(gm, "system.set", system="moment_of_clarity")
    ok(gm, "moc.character", **LANDON)
    ok(gm, "moc.character", **{**HARRY, "actor_id": "goon", "name": "Goon", "characteristics": {"At": 4}})
    weapon = {"name": "club", "damage": 2, "lethality": 7, "lethal": False}
    assert card(gm, "moc.attack", actor_id="landon", target="goon", dice=4, weapon=weapon)["result"]["attack"]["tn"] == 10
    assert card(gm, "moc.attack", actor_id="goon", target="landon", dice=4, weapon=weapon)["result"]["attack"]["tn"] == 9
    assert card(gm, "moc.attack", actor_id="goon", target="landon", dice=4, tn=6, weapon=weapon)["result"]["attack"]["tn"] == 6


def test_a_sheet_priced_in_character_points(gm, player_for):
    alice = player_for("alice", ["landon"])
    ok(gm, "system.set", system="moment_of_clarity")
    priced = ok(alice, "moc.character.check", power_level="heroic", characteristics={"Body": 3, "Spirit": 3, "T": 2, "E": 3},
                skills={"Brawl": 3}, advantages=[{"name": "Hand of Fate", "cost": 10}], disadvantages=[{"name": "Enemy", "cost": 5}],
                bits=3, earned=1)
    assert (priced["points"], priced["budget"]) == (25 + 25 + 6 + 15 + 6 + 10 - 5 + 1, 126)
    assert (priced["left"], priced["within"]) == (126 - priced["points"], True)
    over = ok(alice, "moc.character.check", characteristics={"Body": 6, "Mind": 6})
    assert (over["points"], over["within"]) == (2 * (10 + 15 + 20 + 25 + 30), False)


def test_fatigue_and_fate(gm, player_for):
    alice, bob = player_for("alice", ["landon"]), player_for("bob", ["rissh"])
    ok(gm, "system.set", system="moment_of_clarity")
    ok(gm, "moc.character", **LANDON)
    ok(gm, "moc.character", **{**HARRY, "actor_id": "rissh", "name": "Rissh"})
    ok(gm, "moc.character", **{**HARRY, "actor_id": "goon", "name": "Goon"})

    # Fatigue gained (the GM's).
    assert alice.request("moc.fatigue", actor_id="landon", levels=1)["error"]["code"] == "forbidden"
    assert ok(gm, "moc.fatigue", actor_id="landon", levels=2)["tracks"]["fatigue"] == 2

    # Fate: the GM takes chips; secret nominations; two nominations of one character earn it a white chip.
    ok(gm, "moc.chips.grant", actor_id="rissh", chips=["red"])
    refused(gm, "moc.fate.penalty", "against_the_rules", "chips", actor_id="rissh", chips=["blue"])
    assert ok(gm, "moc.fate.penalty", actor_id="rissh", chips=["red"])["chips"] == {"white": 0, "red": 0, "blue": 0}
    ok(alice, "moc.fate.nominate", actor_id="landon", nominee="rissh")
    refused(alice, "moc.fate.nominate", "against_the_rules", "nominee", actor_id="landon", nominee="goon")
    refused(bob, "moc.fate.nominate", "against_the_rules", "nominee", actor_id="rissh", nominee="rissh")
    refused(bob, "moc.fate.nominate", "forbidden", "actor_id", actor_id="goon", nominee="rissh")
    assert "landon" not in str(ok(bob, "system.get")["state"].get("nominations", ""))  # nothing of it in the public state
    ok(gm, "moc.fate.nominate", actor_id="goon", nominee="rissh")
    assert alice.request("moc.fate.award")["error"]["code"] == "forbidden"
    assert ok(gm, "moc.fate.award") == {"nominations": 2, "experience_chips": ["rissh"]}
    assert ok(gm, "system.get")["state"]["characters"]["rissh"]["chips"]["white"] == 1
    assert ok(gm, "moc.fate.award") == {"nominations": 0, "experience_chips": []}  # they start over


def test_an_opponents_effect_modifier_makes_a_failure_spectacular_and_a_blue_chip_a_character_point(gm, player_for):
    alice, bob = player_for("alice", ["landon"]), player_for("bob", ["rissh"])
    ok(gm, "system.set", system="moment_of_clarity")
    ok(gm, "moc.character", **LANDON)
    ok(gm, "moc.character", **{**HARRY, "actor_id": "rissh", "name": "Rissh"})
    ok(gm, "moc.scene")
    # Brawl at TN 60 always fails; one with a 1 showing is spectacular already, so roll until a plain failure.
    for _ in range(20):
        failed = card(alice, "moc.check", actor_id="landon", skill="Brawl", tn=60)
        if failed["result"]["level"] == "failure":
            break
    assert failed["result"]["level"] == "failure", "five d10 showing a 1 twenty times running"
    refused(alice, "moc.shift", "against_the_rules", "actor_id", actor_id="landon", roll_id=failed["roll_id"], chip="white")
    refused(bob, "moc.shift", "against_the_rules", "chip", actor_id="rissh", roll_id=failed["roll_id"], chip="white")
    shifted = card(bob, "moc.shift", actor_id="rissh", roll_id=failed["roll_id"], beads={"element": "action"})["result"]
    assert (shifted["before"], shifted["level"], shifted["roller"]) == ("failure", "spectacular_failure", "landon")
    assert character(bob, "rissh")["beads"]["action"] == 5
    easy = ok(alice, "moc.check", actor_id="landon", skill="Brawl", tn=1)
    refused(bob, "moc.shift", "against_the_rules", "roll_id", actor_id="rissh", roll_id=easy["roll_id"], beads={"element": "action"})

    ok(gm, "moc.chips.grant", actor_id="landon", chips=["blue", "white"])
    refused(alice, "moc.chips.spend", "invalid", "use", actor_id="landon", chip="white", use="success")
    ok(alice, "moc.chips.spend", actor_id="landon", chip="blue", use="character_point")
    assert character(alice, "landon")["character_points"] == 1


def test_character_points_buy_a_skills_die_or_a_characteristics_level(gm, player_for):
    """Character Generation's costs: a skill's next die 1 x its level, a primary 5 x, any other 3 x."""
    alice = player_for("alice", ["landon"])
    ok(gm, "system.set", system="moment_of_clarity")
    ok(gm, "moc.character", **LANDON)
    ok(gm, "moc.chips.grant", actor_id="landon", chips=["blue"] * 4)
    for _ in range(4):
        ok(alice, "moc.chips.spend", actor_id="landon", chip="blue", use="character_point")
    # Brawl 2 to 3 costs 3 of the 4 points; Lore 1 to 2 costs 2, one more than is left.
    spent = card(alice, "moc.points.spend", actor_id="landon", skill="Brawl")
    assert_valid("result.moc.points.spend.json", spent)
    assert {key: spent["result"][key] for key in ("bought", "kind", "level", "cost", "left")} == {
        "bought": "Brawl", "kind": "skill", "level": 3, "cost": 3, "left": 1}
    landon = character(alice, "landon")
    assert (landon["character_points"], [skill["dice"] for skill in landon["skills"]]) == (1, [3, 1])
    assert refused(alice, "moc.points.spend", "against_the_rules", "skill", actor_id="landon", skill="Lore") == [
        "raising Lore to 2 costs 2 character points; Landon has 1"]
    # A characteristic other than a primary: T 2 to 3 costs 3 x 3 = 9, and raises the sheet's toughness (the Pain track).
    ok(gm, "moc.chips.grant", actor_id="landon", chips=["blue"] * 4)
    for _ in range(4):
        ok(alice, "moc.chips.spend", actor_id="landon", chip="blue", use="character_point")
    refused(alice, "moc.points.spend", "against_the_rules", "characteristic", actor_id="landon", characteristic="T")
    ok(gm, "moc.chips.grant", actor_id="landon", chips=["blue"] * 4)
    for _ in range(4):
        ok(alice, "moc.chips.spend", actor_id="landon", chip="blue", use="character_point")
    assert ok(alice, "moc.points.spend", actor_id="landon", characteristic="T")["result"]["cost"] == 9
    landon = character(alice, "landon")
    assert (landon["characteristics"]["T"], landon["toughness"], landon["character_points"]) == (3, 3, 0)
    refused(alice, "moc.points.spend", "against_the_rules", "skill", actor_id="landon", skill="Cryptography")
    refused(alice, "moc.points.spend", "invalid", "characteristic", actor_id="landon", characteristic="T", skill="Brawl")
    refused(alice, "moc.points.spend", "invalid", "characteristic", actor_id="landon")
    refused(gm, "moc.points.spend", "against_the_rules", "actor_id", actor_id="nobody", skill="Brawl")


def test_a_token_spent_comes_back_at_a_scenes_end_without_fatigue(gm, player_for):
    alice = player_for("alice", ["landon"])
    ok(gm, "system.set", system="moment_of_clarity")
    ok(gm, "moc.character", **LANDON)
    ok(gm, "moc.scene")
    ok(alice, "moc.check", actor_id="landon", skill="Brawl", token=True)
    refused(alice, "moc.token.recover", "against_the_rules", "actor_id", actor_id="landon", characteristic="Body")
    assert ok(gm, "moc.scene")["token_recovery"] == ["landon"]
    refused(alice, "moc.token.recover", "against_the_rules", "characteristic", actor_id="landon", characteristic="Mind")
    assert ok(alice, "moc.token.recover", actor_id="landon", characteristic="Body")["tokens"]["Body"] == 3
    refused(alice, "moc.token.recover", "against_the_rules", "actor_id", actor_id="landon", characteristic="Body")
