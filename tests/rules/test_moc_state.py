"""Moment of Clarity's state document changed by pure functions, with fixed
faces: the session's draw from what is left of the deck, a Wildcard's keep,
cards as beads, scenes' beads and recovery, beads and chips spent and
traded, secret successes declared, trumps settled, hits on the tracks."""

from __future__ import annotations

import pytest

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_clarity.cards import Card
from bridge.rules.moment_of_clarity.chips import Chip, Use
from bridge.rules.moment_of_clarity.elements import Element, Suit
from bridge.rules.moment_of_clarity.health import take_hit
from bridge.systems.moment_of_clarity import state as moc
from bridge.systems.moment_of_clarity.schemas import MocState

SHEET = {
    "body": 3,
    "toughness": 2,
    "l_score": 2,
    "primary_dice": 3,
    "power_level": "standard",
    "placed": {},
    "skills": [],
    "characteristics": {},
    "draws_cards": True,
    "card_pool": None,
}
TRACKS = {"damage": 0, "pain": 0, "fatigue": 0}


def sheet(actor_id: str, archetype: str, **changes) -> dict:
    return {
        **SHEET,
        "actor_id": actor_id,
        "name": actor_id.capitalize(),
        "archetype": archetype,
        "tracks": dict(TRACKS),
        **changes,
    }


def table(*sheets: dict) -> dict:
    state = None
    for one in sheets:
        state, _ = moc.register(one)(state)
    MocState().load(state)  # the exported shape
    return state


def test_a_session_deals_two_cards_and_a_wildcard_four_to_choose_from():
    state = table(sheet("harry", "hero"), sheet("raphe", "wildcard", placed={"action": 3}))
    state, dealt = moc.new_session(FixedDice([1, 1, 1, 1, 1, 1]))(state)
    harry, raphe = state["characters"]["harry"], state["characters"]["raphe"]
    # each d(n) takes the first card left: 2, 3 of Clubs, then 4-7 of Clubs
    assert [card["rank"] for card in harry["hand"]] == [2, 3] and harry["choosing"] == []
    assert [card["rank"] for card in raphe["choosing"]] == [4, 5, 6, 7] and raphe["hand"] == []
    assert dealt == {"session": 1, "drawn": 6} and len(state["drawn"]) == 6

    state, hand = moc.keep("raphe", [Card.of(card) for card in raphe["choosing"][1:]])(state)
    assert [card["rank"] for card in hand] == [5, 6, 7] and state["characters"]["raphe"]["choosing"] == []
    with pytest.raises(ValueError, match="no drawn cards"):
        moc.keep("raphe", [Card.of(card) for card in hand])(state)

    # the next session: every card back, and a draw of one from all 52
    state, _ = moc.new_session(FixedDice([52, 51, 50, 49, 48, 47]))(state)
    assert state["session"] == 2 and state["characters"]["harry"]["hand"][0]["name"] == "Ace of Hearts"


def test_a_wildcard_keeps_three_of_the_four_drawn():
    state = table(sheet("raphe", "wildcard", placed={"drama": 3}))
    state, _ = moc.new_session(FixedDice([1, 1, 1, 1]))(state)
    choosing = state["characters"]["raphe"]["choosing"]
    with pytest.raises(ValueError, match="keeps 3"):
        moc.keep("raphe", [Card.of(card) for card in (choosing[0], choosing[0], choosing[1])])(state)


def test_a_card_exchanged_for_beads_of_its_element_is_gone():
    state = table(sheet("harry", "hero"))
    state, _ = moc.new_session(FixedDice([9, 1]))(state)  # 10 of Clubs, 2 of Clubs
    state, played = moc.card_as_beads("harry", Card(10, Suit.CLUBS), before_scene=True)(state)
    assert (played["element"], played["beads"]) == ("action", 4)  # 2 for a 10, two more before a scene
    assert state["characters"]["harry"]["beads"] == {"action": 4}
    with pytest.raises(moc.Refused, match="not in this hand") as refused:
        moc.card_as_beads("harry", Card(10, Suit.CLUBS), before_scene=False)(state)
    assert refused.value.field == "card"


def test_a_placement_that_costs_more_than_the_beads_is_refused_at_registration():
    with pytest.raises(ValueError, match="cost 9 of 6 beads"):
        table(sheet("harry", "hero", primary_dice=6, placed={"plot": 4, "drama": 1}))


def test_beads_per_scene_and_the_end_of_scene_recovery():
    tired = sheet("harry", "hero", primary_dice=6, placed={"plot": 2}, tracks={"damage": 0, "pain": 0, "fatigue": 1})
    state = table(tired, sheet("raphe", "wildcard", placed={"action": 2, "plot": 1}))
    state, _ = moc.new_scene(state)
    assert state["characters"]["harry"]["beads"] == {"action": 7, "plot": 2}  # 4 left + 3 for a Hero
    assert state["characters"]["harry"]["tracks"]["fatigue"] == 1  # no scene ended yet
    state, second = moc.new_scene(state)
    assert state["characters"]["harry"]["tracks"]["fatigue"] == 0
    assert second == {"scene": 2, "token_recovery": ["raphe"], "over_chip_limit": {}}


def test_beads_spent_and_storytelling_reaching_as_far_as_its_beads():
    state = table(sheet("enigma", "enigma", primary_dice=2))
    state, _ = moc.new_scene(state)
    assert state["characters"]["enigma"]["beads"] == {"storytelling": 5}
    state, spent = moc.spend_beads("enigma", Element.STORYTELLING, 1, storytelling=False)(state)
    assert spent["spent"] == 1 and spent["scope"] is None
    state, spent = moc.spend_beads("enigma", Element.STORYTELLING, 4, storytelling=True)(state)
    assert (spent["spent"], spent["scope"]) == (4, "world")  # four or more: every Storytelling bead left
    with pytest.raises(ValueError, match="0 action beads left"):
        moc.spend_beads("enigma", Element.ACTION, 1, storytelling=False)(state)


def test_a_dazed_character_plays_no_beads():
    state = table(sheet("harry", "hero"))
    state, _ = moc.new_scene(state)
    state, (entry, hit) = moc.change_health("harry", lambda health: take_hit(health, 0, 6))(state)
    assert hit.dazed and entry["dazed"] and entry["tracks"]["pain"] == 6
    with pytest.raises(ValueError, match="dazed"):
        moc.spend_beads("harry", Element.ACTION, 1, storytelling=False)(state)
    state, _ = moc.new_scene(state)
    assert not state["characters"]["harry"]["dazed"]


def test_chips_granted_up_to_four_at_a_scene_start_spent_and_traded():
    state = table(sheet("raphe", "wildcard", placed={"action": 3}))
    state, entry = moc.grant_chips("raphe", [Chip.RED, Chip.WHITE, Chip.WHITE, Chip.WHITE], scene_start=True)(state)
    assert entry["chips"] == {"white": 3, "red": 1, "blue": 0}
    with pytest.raises(ValueError, match="at most 4"):
        moc.grant_chips("raphe", [Chip.WHITE], scene_start=True)(state)

    state, spent = moc.spend_chip("raphe", Chip.RED, Use.CARDS, None, FixedDice([1, 1, 1]))(state)
    assert [card["name"] for card in spent["cards"]] == ["2 of Clubs", "3 of Clubs", "4 of Clubs"]
    assert len(state["drawn"]) == 3 and state["characters"]["raphe"]["hand"] == spent["cards"]
    state, spent = moc.spend_chip("raphe", Chip.WHITE, Use.BEADS, Element.DRAMA, FixedDice([]))(state)
    assert spent["bought"] == 2 and state["characters"]["raphe"]["beads"] == {"drama": 2}
    with pytest.raises(moc.Refused) as refused:
        moc.spend_chip("raphe", Chip.WHITE, Use.BEADS, None, FixedDice([]))(state)
    assert refused.value.field == "element"


def test_chip_trades_up_for_value_plus_one_and_down_at_par():
    state = table(sheet("raphe", "wildcard", placed={"action": 3}))
    state, _ = moc.grant_chips("raphe", [Chip.WHITE] * 4, scene_start=False)(state)
    state, entry = moc.trade_chips("raphe", [Chip.WHITE] * 4, [Chip.RED])(state)
    assert entry["chips"] == {"white": 0, "red": 1, "blue": 0}
    state, entry = moc.trade_chips("raphe", [Chip.RED], [Chip.WHITE] * 3)(state)
    assert entry["chips"] == {"white": 3, "red": 0, "blue": 0}
    with pytest.raises(ValueError, match="one chip for lower ones"):
        moc.trade_chips("raphe", [Chip.WHITE, Chip.WHITE], [Chip.WHITE, Chip.WHITE])(state)


def test_secret_successes_declared_never_beyond_what_was_rolled():
    state = table(sheet("coulard", "hero"))
    state, _ = moc.open_secret("card-1", "coulard")(state)
    assert state["opposed"]["card-1"] == {"actor_id": "coulard", "declared": 0}
    state, spent = moc.declare("card-1", "Coulard", 3, 2)(state)  # the text's Coulard: 3 of 5 declared first
    assert (spent.spent, spent.left) == (2, 1) and state["opposed"]["card-1"]["declared"] == 2
    with pytest.raises(ValueError, match="only 1 left"):
        moc.declare("card-1", "Coulard", 3, 2)(state)
    with pytest.raises(moc.Refused) as refused:
        moc.declare("card-2", "Coulard", 3, 1)(state)
    assert refused.value.field == "roll_id"


def test_an_unknown_character_is_refused_by_actor_id():
    with pytest.raises(moc.Refused) as refused:
        moc.grant_chips("nobody", [Chip.WHITE], scene_start=False)(None)
    assert refused.value.field == "actor_id"


def test_a_trump_spends_the_card_or_chip_and_gives_beads_back():
    state = table(sheet("harry", "hero"), sheet("raphe", "wildcard", placed={"action": 3}))
    state, _ = moc.new_session(FixedDice([1, 1, 1, 1, 1, 1]))(state)
    state, _ = moc.grant_chips("raphe", [Chip.RED], scene_start=False)(state)
    raphe = state["characters"]["raphe"]
    state, _ = moc.keep("raphe", [Card.of(card) for card in raphe["choosing"][:3]])(state)
    state, entry = moc.play("raphe", card=Card(4, Suit.CLUBS), back=("harry", Element.PLOT, 2))(state)
    assert [card["rank"] for card in entry["hand"]] == [5, 6] and state["characters"]["harry"]["beads"] == {"plot": 2}
    state, entry = moc.play("raphe", chip=Chip.RED)(state)
    assert entry["chips"] == {"white": 0, "red": 0, "blue": 0}
    with pytest.raises(ValueError, match="cannot give"):
        moc.play("raphe", chip=Chip.RED)(state)


def test_a_card_before_a_scene_shifts_half_its_face_value_of_beads():
    state = table(sheet("harry", "hero", primary_dice=6))
    state, _ = moc.new_session(FixedDice([12, 1]))(state)  # King of Clubs, 2 of Clubs
    state, _ = moc.new_scene(state)
    state, shifted = moc.card_shifts_beads("harry", Card(13, Suit.CLUBS), Element.ACTION, Element.DRAMA)(state)
    assert shifted["beads"] == 6 and state["characters"]["harry"]["beads"] == {"action": 3, "drama": 6}
    with pytest.raises(moc.Refused, match="moves 1 beads out of plot, which holds 0") as refused:
        moc.card_shifts_beads("harry", Card(2, Suit.CLUBS), Element.PLOT, Element.DRAMA)(state)
    assert refused.value.field == "source"


def test_the_rabble_draws_no_cards():
    state = table(sheet("harry", "hero"), sheet("goon", "hero", draws_cards=False))
    state, dealt = moc.new_session(FixedDice([1, 1]))(state)
    assert dealt["drawn"] == 2 and state["characters"]["goon"]["hand"] == []


def test_a_hit_leaves_no_primary_more_tokens_than_the_damage_level():
    """Damage: "None may exceed the current damage level, all excess tokens are lost" (6 points less 4 of damage)."""
    state = table(sheet("landon", "hero", characteristics={"Body": 4, "Mind": 2}))
    assert state["characters"]["landon"]["tokens"] == {"Body": 4, "Mind": 2, "Spirit": 1}
    state, _ = moc.change_health("landon", lambda health: take_hit(health, damage=4))(state)
    assert state["characters"]["landon"]["tokens"] == {"Body": 2, "Mind": 2, "Spirit": 1}


def test_fate_nominations_earn_a_chip_from_two_others():
    from bridge.rules.moment_of_clarity.fate import experience_chips, nominate

    held = nominate(nominate({}, "ann", "bo"), "cy", "bo")
    assert experience_chips(nominate(held, "bo", "ann")) == ["bo"]
    with pytest.raises(ValueError, match="not itself"):
        nominate(held, "dee", "dee")
    with pytest.raises(ValueError, match="has nominated"):
        nominate(held, "ann", "cy")


def test_villains_sharing_a_card_pool_draw_into_it_and_play_from_it():
    """Cards: "a group of villains in a single encounter may share a card pool"."""
    state = table(sheet("santana", "hero", card_pool="gang"), sheet("goon", "hero", card_pool="gang"), sheet("harry", "hero"))
    state, _ = moc.new_session(FixedDice(list(range(1, 53))))(state)
    pool = state["card_pools"]["gang"]
    assert (len(pool), state["characters"]["santana"]["hand"], len(state["characters"]["harry"]["hand"])) == (4, [], 2)
    card = Card.of(pool[0])
    state, _ = moc.card_as_beads("goon", card, before_scene=False)(state)
    assert len(state["card_pools"]["gang"]) == 3
    with pytest.raises(ValueError, match="not in this hand"):
        moc.card_as_beads("santana", card, before_scene=False)(state)
    MocState().load(state)


def test_a_character_with_no_fatigue_recovers_one_token_at_a_scenes_end():
    """Recovery: "If a character has no Fatigue, they may recover one characteristic token of their choice"."""
    state = table(sheet("landon", "hero", characteristics={"Mind": 2}), sheet("tired", "hero", tracks={**TRACKS, "fatigue": 2}))
    state["characters"]["landon"]["tokens"]["Mind"] = 0
    with pytest.raises(ValueError, match="recovers no token now"):
        moc.recover_token("landon", "Mind")(state)
    state, _ = moc.new_scene(state)
    state, _ = moc.new_scene(state)  # the end of the first scene
    state, _ = moc.recover_token("landon", "Mind")(state)
    assert state["characters"]["landon"]["tokens"]["Mind"] == 1
    with pytest.raises(ValueError, match="recovers no token now"):
        moc.recover_token("landon", "Mind")(state)  # once
    with pytest.raises(ValueError, match="recovers no token now"):
        moc.recover_token("tired", "Body")(state)  # it recovered a level of Fatigue instead
    MocState().load(state)


def test_character_points_raise_a_skill_or_a_characteristic_never_past_what_is_held():
    """Character Generation's costs: a primary's level brings its token; T raises the sheet's toughness too."""
    skills = [{"name": "Brawl", "element": "action", "dice": 2, "difficulty": 1, "primary": "Body", "secondary": "T"}]
    state = table(sheet("landon", "hero", characteristics={"Mind": 2}, skills=skills))
    state["characters"]["landon"]["character_points"] = 20
    state, spent = moc.spend_points("landon", None, "Brawl", 20)(state)
    assert (spent["level"], spent["cost"], spent["left"]) == (3, 3, 17)
    state, spent = moc.spend_points("landon", "Mind", None, 20)(state)
    landon = state["characters"]["landon"]
    assert (spent["cost"], landon["characteristics"]["Mind"], landon["tokens"]["Mind"], landon["character_points"]) == (15, 3, 3, 2)
    with pytest.raises(moc.Refused, match="raising T to 3 costs 9 character points; Landon has 2") as refusal:
        moc.spend_points("landon", "T", None, 20)(state)
    assert refusal.value.field == "characteristic"
    state["characters"]["landon"]["character_points"] = 9
    state, _ = moc.spend_points("landon", "T", None, 20)(state)
    assert (state["characters"]["landon"]["toughness"], state["characters"]["landon"]["characteristics"]["T"]) == (3, 3)
    with pytest.raises(moc.Refused, match="no skill Lore") as refusal:
        moc.spend_points("landon", None, "Lore", 20)(state)
    assert refusal.value.field == "skill"
    with pytest.raises(moc.Refused, match="the most a sheet holds"):
        moc.spend_points("landon", None, "Brawl", 3)(state)
    MocState().load(state)


def test_moves_add_up_over_one_turn_of_a_fight_and_start_again_the_next():
    """Movement: 2 x Sp + B a turn; the turn is the table's combat's, told by the handler."""
    state = table(sheet("landon", "hero", characteristics={"Sp": 2, "Body": 3}))
    turn = {"scene_id": "bar", "round": 1, "seat": "alice"}
    state, moved = moc.move("landon", 5, True, turn)(state)
    assert (moved["allowance"], moved["moved"], moved["left"]) == (7, 5, 2)
    with pytest.raises(moc.Refused, match="5 m moved, 3 more is too far"):
        moc.move("landon", 3, True, turn)(state)
    state, moved = moc.move("landon", 7, True, {**turn, "round": 2})(state)
    assert moved["moved"] == 7 and state["moved"] == {"bar": {"round": 2, "seat": "alice", "meters": {"landon": 7}}}
    state, moved = moc.move("landon", 7, True, None)(state)  # outside a fight, a move on its own
    assert moved["moved"] == 7
    state, _ = moc.fight_over("bar")(state)
    assert state["moved"] == {}
    MocState().load(state)

