"""The 2d20 variant's state document, changed by pure functions with fixed
faces: a session's pools, sheets, a test's payments and Momentum, hits,
counter-attacks, traits, Determination, Mana, and the round's and scene's ends."""

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.two_d20 import Payer, Target, roll_skill_test
from bridge.rules.two_d20.combat import AttackKind, roll_defended_attack
from bridge.rules.two_d20.determination import DeterminationUse
from bridge.rules.two_d20.momentum import MomentumSpend, NotEnough
from bridge.rules.two_d20.rounds import Action
from bridge.rules.two_d20.traits import Trait, TraitSubject
from bridge.systems.two_d20 import state
from bridge.systems.two_d20.schemas import TwoD20State

ANN = {"name": "Ann", "npc": False, "skills": {"Survive": 2, "Fight": 3}, "styles": {"Boldly": 3, "Forcefully": 1},
       "focuses": {"Swords": 2}, "armor": 2, "powers": True}
THUG = {**ANN, "name": "Thug", "npc": True, "focuses": {}, "armor": 1, "powers": False}


def table(players=2, momentum=0):
    """A started session with Ann (a PC) and a thug (an NPC)."""
    document, _ = state.start_session(None, players)
    document, _ = state.register(document, "ann", ANN)
    document, _ = state.register(document, "thug", THUG)
    document["momentum"]["tokens"] = momentum
    assert not TwoD20State().validate(document)
    return document


def test_a_session_starts_with_2_chaos_a_player_and_one_determination_each():
    document = table(players=3)
    assert (document["momentum"], document["chaos"]) == ({"tokens": 0, "players": 3, "cap": 6}, {"tokens": 6})
    document["characters"]["ann"]["determination"]["tokens"] = 3
    document["characters"]["ann"]["stress"] = 1
    again, changes = state.start_session(document, 4)
    ann = again["characters"]["ann"]
    assert (ann["determination"]["tokens"], ann["stress"], again["chaos"]["tokens"], again["momentum"]["cap"]) == (1, 5, 8, 8)
    assert [(c["pool"], c["before"], c["after"], c["actor_id"]) for c in changes] == [
        ("momentum", 0, 0, None), ("chaos", 6, 8, None), ("determination", 3, 1, "ann"), ("determination", 1, 1, "thug")]


def test_nothing_before_a_session():
    with pytest.raises(state.NoSession):
        state.register(None, "ann", ANN)
    with pytest.raises(state.NoSession):
        state.turn_passed(None, new_round=True)


def test_a_sheet_makes_stress_armor_and_mana():
    ann = table()["characters"]["ann"]
    # Stress = Survive 2 + the higher of Boldly 3 and Forcefully 1; Mana = 2 x 3 Determination.
    assert (ann["stress_max"], ann["armor_max"], ann["mana_max"], ann["determination"]["tokens"]) == (5, 2, 6, 1)
    assert table()["characters"]["thug"]["mana_max"] == 0
    with pytest.raises(ValueError, match="styles 'Forcefully'"):
        state.register(table(), "bob", {**ANN, "styles": {"Boldly": 2}})


def test_a_sheet_registered_again_keeps_determination_and_traits():
    document = table()
    state.add_trait(document, Trait("Limping", TraitSubject.CHARACTER, 1), "ann")
    document["characters"]["ann"]["determination"]["tokens"] = 2
    document, _ = state.register(document, "ann", {**ANN, "armor": 4})
    ann = document["characters"]["ann"]
    assert (ann["armor"], ann["determination"]["tokens"], [t["name"] for t in ann["traits"]]) == (4, 2, ["Limping"])


def test_a_pc_test_pays_with_momentum_and_banks_its_extra_successes_up_to_the_cap():
    document = table(momentum=5)
    test = roll_skill_test(Target(3, 3), 1, dice=FixedDice([1, 1, 2, 20]), bought=2, paid_by=Payer.MOMENTUM)
    assert test.momentum == 4
    paid = state.pay_for_dice_in(document, "ann", test)
    banked = state.bank_momentum_in(document, "ann", test.momentum)
    assert (paid["before"], paid["after"], banked["before"], banked["after"], banked["lost"]) == (5, 2, 2, 6, 0)
    with pytest.raises(NotEnough):
        state.pay_for_dice_in(table(momentum=2), "ann", test)


def test_dice_bought_with_chaos_feed_the_gm_and_an_npc_pays_from_chaos():
    test = roll_skill_test(Target(3, 3), 1, dice=FixedDice([1, 9, 9]), bought=1, paid_by=Payer.CHAOS)
    document = table()
    assert state.pay_for_dice_in(document, "ann", test)["after"] == 5
    assert state.pay_for_dice_in(document, "thug", test)["after"] == 4
    assert state.bank_momentum_in(document, "thug", test.momentum) is None, "an NPC's Momentum is not banked"
    momentum_paid = roll_skill_test(Target(3, 3), 1, dice=FixedDice([1, 9, 9]), bought=1, paid_by=Payer.MOMENTUM)
    with pytest.raises(ValueError, match="NPC"):
        state.pay_for_dice_in(document, "thug", momentum_paid)


def test_a_hit_through_ablative_armor_and_a_negative_trait_on_the_character():
    document = table()
    hit = state.take_hit_in(document, "ann", 6, 1, "Broken arm")
    ann = document["characters"]["ann"]
    # 7 damage, armor 2 absorbs 2 (then 1), 5 left reduced to 2 by the trait.
    assert (hit.damage_left, ann["stress"], ann["armor"], ann["traits"][0]["name"]) == (2, 3, 1, "Broken arm")


def test_a_counter_attack_is_paid_by_the_defenders_side():
    defence = roll_defended_attack(AttackKind.MELEE, Target(3, 3), Target(3, 3), dice=FixedDice([9, 9, 1, 9]))
    document = table(momentum=3)
    assert state.counter_attack_in(document, defence, "ann")["after"] == 1
    assert state.counter_attack_in(document, defence, "thug")["after"] == 2
    with pytest.raises(NotEnough):
        state.counter_attack_in(document, defence, "ann")


def test_what_a_side_can_afford():
    document = table(momentum=3)
    assert state.afford(document, "ann", MomentumSpend.BONUS_DAMAGE, 5) == 3
    assert state.afford(document, "ann", MomentumSpend.COUNTER_ATTACK, 1) == 1
    assert state.afford(table(momentum=1), "ann", MomentumSpend.COUNTER_ATTACK, 1) == 0
    assert state.afford(document, "thug", MomentumSpend.BONUS_DAMAGE, 9) == 4  # the GM's 4 Chaos


def after_a_passed_test(document: dict) -> dict:
    state.after_test_in(document, "ann", "card-1", passed=True)
    return document


def test_momentum_is_spent_only_immediately_after_a_pc_s_successful_test():
    document = table(momentum=3)
    with pytest.raises(ValueError, match="immediately after a successful skill test"):
        state.spend_pool(document, "momentum", MomentumSpend.QUESTION, 1)
    state.after_test_in(document, "ann", "card-1", passed=False)
    with pytest.raises(ValueError, match="immediately after"):
        state.spend_pool(document, "momentum", MomentumSpend.QUESTION, 1)
    state.after_test_in(document, "thug", "card-2", passed=True)  # an NPC's test opens no moment for the party's pool
    assert document["after_test"] is None
    state.after_test_in(document, "ann", "card-3", passed=True)
    assert document["after_test"] == {"roll_id": "card-3", "actor_id": "ann"}
    spent, _ = state.spend_pool(document, "momentum", MomentumSpend.QUESTION, 1)
    assert spent["momentum"]["tokens"] == 2
    ended, _ = state.turn_passed(document, new_round=False)  # anything else closes the moment
    with pytest.raises(ValueError, match="immediately after"):
        state.spend_pool(ended, "momentum", MomentumSpend.QUESTION, 1)
    assert state.spend_pool(document, "chaos", MomentumSpend.QUESTION, 1)[0]["chaos"]["tokens"] == 3  # Chaos has no such moment


def test_actions_counted_in_the_fights_turn_and_moves_between_zones():
    document = table(momentum=3)
    ann_first = {"scene_id": "pit", "round": 1, "seat": "ann-t"}
    state.take_action_in(document, "ann", Action.MINOR, ann_first)
    state.check_action(document, "ann", Action.MAJOR, ann_first)
    with pytest.raises(ValueError, match="minor action"):
        state.take_action_in(document, "ann", Action.MINOR, ann_first)
    assert document["turns"]["ann"] == {**ann_first, "taken": ["minor"], "extra_actions": 0}
    state.take_action_in(document, "ann", Action.MAJOR, ann_first)
    state.another_action_in(document, "ann", ann_first)
    state.take_action_in(document, "ann", Action.MAJOR, ann_first)
    with pytest.raises(ValueError, match="major action"):
        state.check_action(document, "ann", Action.MAJOR, ann_first)
    state.take_action_in(document, "ann", Action.MINOR, {**ann_first, "round": 2})  # her next turn: actions anew
    assert document["turns"]["ann"]["taken"] == ["minor"]
    state.take_action_in(document, "thug", Action.MAJOR, None)  # outside a fight nothing is counted
    assert "thug" not in document["turns"]
    document, changes = state.turn_passed(document, new_round=False)
    assert (document["momentum"]["tokens"], changes) == (3, [])
    document, changes = state.turn_passed(document, new_round=True)  # a round's end: 1 Momentum lost
    assert (document["momentum"]["tokens"], changes[0]["reason"]) == (2, "end of round: 1 Momentum lost")
    document, _ = state.set_zones(document, {"bar": ["street"], "street": ["roof"], "roof": []}, {"ann": "bar"})
    assert state.move_in(document, "ann", "street") == "nearby"
    assert document["zones"]["positions"] == {"ann": "street"}
    state.move_in(document, "ann", "bar")
    with pytest.raises(ValueError, match="distant"):
        state.move_in(document, "ann", "roof")
    with pytest.raises(ValueError, match="in no zone"):
        state.move_in(document, "thug", "bar")
    assert not TwoD20State().validate(document)
    assert state.end_scene(document)[0]["turns"] == {}


def test_spends_of_momentum_and_chaos():
    document, changes = state.spend_pool(after_a_passed_test(table(momentum=3)), "momentum", MomentumSpend.QUESTION, 2)
    assert (document["momentum"]["tokens"], changes[0]["reason"]) == (1, "question x2 for 2")
    document, _ = state.spend_pool(document, "chaos", MomentumSpend.TRAIT, 1)
    assert document["chaos"]["tokens"] == 2
    with pytest.raises(NotEnough):
        state.spend_pool(document, "momentum", MomentumSpend.TRAIT, 1)


def test_chaos_from_prevented_complications_and_the_story():
    document, _ = state.gain_chaos(table(), 2, 0, "")
    assert document["chaos"]["tokens"] == 8
    document, changes = state.gain_chaos(document, 0, 3, "a villain arrives")
    assert (document["chaos"]["tokens"], changes[0]["reason"]) == (11, "a villain arrives")
    with pytest.raises(ValueError, match="says why"):
        state.gain_chaos(document, 0, 1, " ")


def test_determination_spent_and_awarded_up_to_three():
    document, changes = state.spend_determination(table(), "ann", DeterminationUse.EXTRA_ACTION)
    assert (document["characters"]["ann"]["determination"]["tokens"], changes[0]["actor_id"]) == (0, "ann")
    with pytest.raises(NotEnough):
        state.spend_determination(document, "ann", DeterminationUse.TRAIT)
    for _ in range(4):
        document, changes = state.award_determination(document, "ann", "fun at the table")
    assert (document["characters"]["ann"]["determination"]["tokens"], changes[0]["lost"]) == (3, 1)


def test_mana_spent_and_restored_with_the_scene():
    document, _ = state.spend_mana(table(), "ann", 4)
    assert document["characters"]["ann"]["mana"] == 2
    with pytest.raises(NotEnough):
        state.spend_mana(document, "thug", 1)
    document, _ = state.end_scene(document)
    assert document["characters"]["ann"]["mana"] == 6


def test_traits_bear_on_a_test_by_name():
    document = table()
    state.add_trait(document, Trait("Dark", TraitSubject.LOCATION, 1), None)
    state.add_trait(document, Trait("Limping", TraitSubject.CHARACTER, 1), "ann")
    assert [t.name for t in state.traits_bearing(document, "ann", ["Dark", "Limping"])] == ["Dark", "Limping"]
    with pytest.raises(ValueError, match="Limping"):
        state.traits_bearing(document, "thug", ["Limping"])
    with pytest.raises(ValueError, match="already"):
        state.add_trait(document, Trait("Dark", TraitSubject.LOCATION), None)
    state.remove_trait(document, "Dark", None)
    with pytest.raises(ValueError, match="no trait"):
        state.remove_trait(document, "Dark", None)


def test_the_round_and_the_scene_end():
    document = table(momentum=3)
    state.take_hit_in(document, "ann", 4, 0, None)
    state.add_trait(document, Trait("Burning", TraitSubject.EVENT), None)
    document, changes = state.turn_passed(document, new_round=True)
    assert (document["momentum"]["tokens"], changes[0]["reason"]) == (2, "end of round: 1 Momentum lost")
    assert document["characters"]["ann"]["stress"] == 3
    document, changes = state.end_scene(document)
    ann = document["characters"]["ann"]
    assert (document["momentum"]["tokens"], ann["stress"], ann["armor"], document["traits"]) == (1, 5, 2, [])


def test_only_the_last_test_may_be_re_rolled():
    document = table()
    state.remember_test_in(document, "ann", "card-1")
    state.remember_test_in(document, "ann", "card-2", rerolled="card-1")
    assert document["characters"]["ann"]["last_test"] == "card-2"
    with pytest.raises(ValueError, match="another one"):
        state.remember_test_in(document, "ann", "card-3", rerolled="card-1")
