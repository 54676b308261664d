"""Moments of Truth (ch. 5) and the heroic death award (ch. 7): the ledger,
its limits, earning and spending."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.moments import (
    Contribution,
    HeldReward,
    LedgerUpdate,
    MomentsLedger,
    NotEnoughMoments,
    Reward,
    RollSpending,
    RuleNotInUse,
    Spend,
    add_detail,
    award_role_playing,
    check_takeable,
    create_npc,
    credit_held,
    dice_reward,
    earn_dice_reward,
    first_session,
    heroic_death,
    hold_dice_reward,
    offer_dice,
    raise_the_stakes,
    spend_on_rescue,
    spend_on_roll,
    take_critical_failure,
    take_failure,
    take_setback,
    use_offers,
)
from bridge.rules.moment_of_truth.rolls import RollKind, build_pool, resolve_roll, spend_moments
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import moments as moments_shapes
from bridge.systems.moment_of_truth.schemas import rolls

DIALS = Dials()


def table(**balances):
    """A ledger whose players hold the given MoTs (set with role-playing awards)."""
    ledger = MomentsLedger.for_table(balances)
    for player, moments in balances.items():
        if moments:
            ledger = award_role_playing(ledger, player, moments, "setup", DIALS).ledger
    return ledger


def roll(faces):
    """A skill roll at TN 2 whose pool is exactly ``faces``."""
    return resolve_roll(RollKind.SKILL, len(faces), 0, 2, dice=FixedDice(faces))


FAILURE = [5, 3, 2]  # 1 success, no 1s
CRITICAL_FAILURE = [1, 3, 2]  # no success, one 1 = half of 3 dice, dropping fractions
SUCCESS = [5, 6, 2]
SETBACK = [5, 6, 1, 1, 1]  # 2 successes, 3 ones
CRITICAL_SUCCESS = [5, 6, 6, 6]


# --- the ledger -----------------------------------------------------------


def test_a_new_table_holds_no_moments():
    ledger = MomentsLedger.for_table(["Allison", "Seamus"])
    assert ledger.players == ("Allison", "Seamus")
    assert ledger.balance("Allison") == ledger.total == 0


def test_a_stranger_has_no_balance():
    with pytest.raises(ValueError, match="not at this table"):
        table(Allison=0).balance("Ricardo")


def test_a_player_is_seated_once():
    with pytest.raises(ValueError, match="seated twice"):
        MomentsLedger.for_table(["Allison", "Allison"])


def test_an_operation_leaves_the_old_ledger_as_it_was():
    before = table(Allison=1)
    after = take_failure(before, "Allison", DIALS).ledger
    assert before.balance("Allison") == 1 and len(before.history) == 1
    assert after.balance("Allison") == 3 and len(after.history) == 2


def test_the_ledger_survives_a_json_round_trip():
    ledger = take_failure(table(Allison=2, Seamus=0), "Seamus", DIALS.with_changes(moments_player_limit=1)).ledger
    ledger = add_detail(ledger, "Allison", "a spare magazine").ledger
    stored = json.loads(json.dumps(dump(moments_shapes.MomentsLedger, ledger)))
    assert MomentsLedger.from_dict(stored) == ledger


def test_history_records_who_what_how_many_and_the_roll():
    entry = take_failure(table(Allison=0), "Allison", DIALS, roll_id="r-7").entries[0]
    assert dump(rolls.MomentsEntry, entry) == {
        "player": "Allison",
        "kind": "take_failure",
        "asked": 2,
        "gained": 2,
        "lost": 0,
        "spent": 0,
        "balance": 2,
        "reason": "",
        "roll_id": "r-7",
        "lost_to": "",
    }


# --- first session --------------------------------------------------------


def test_the_first_session_grants_the_dial_to_each_player():
    update = first_session(MomentsLedger.for_table(["Allison", "Seamus"]), DIALS)
    assert [(e.player, e.kind, e.gained) for e in update.entries] == [
        ("Allison", Reward.FIRST_SESSION, 1),
        ("Seamus", Reward.FIRST_SESSION, 1),
    ]


def test_the_first_session_grant_follows_the_dial():
    update = first_session(MomentsLedger.for_table(["Allison"]), DIALS.with_changes(moments_at_first_session=3))
    assert update.ledger.balance("Allison") == 3


def test_later_sessions_grant_nothing_but_a_newcomer_gets_their_first():
    ledger = first_session(MomentsLedger.for_table(["Allison"]), DIALS).ledger
    assert first_session(ledger, DIALS).entries == ()
    update = first_session(ledger.with_player("Jackson"), DIALS)
    assert [(e.player, e.gained) for e in update.entries] == [("Jackson", 1)]


def test_no_first_session_grant_when_the_dial_is_zero():
    update = first_session(MomentsLedger.for_table(["Allison"]), DIALS.with_changes(moments_at_first_session=0))
    assert update.entries == ()


# --- limits ---------------------------------------------------------------


def test_gains_beyond_the_player_limit_are_lost():
    # Ch. 5: "a player limit of three MoTs ... opportunities to gain them while at that maximum are lost".
    entry = take_failure(table(Allison=2), "Allison", DIALS.with_changes(moments_player_limit=3)).entries[0]
    assert (entry.asked, entry.gained, entry.lost, entry.balance) == (2, 1, 1, 3)
    assert entry.lost_to == "player limit of 3"


def test_at_the_player_limit_every_gain_is_lost():
    entry = take_critical_failure(table(Allison=3), "Allison", DIALS.with_changes(moments_player_limit=3)).entries[0]
    assert (entry.gained, entry.lost, entry.balance) == (0, 3, 3)


def test_a_very_dark_game_holds_one_moment_each():
    entry = take_failure(table(Allison=0), "Allison", DIALS.with_changes(moments_player_limit=1)).entries[0]
    assert (entry.gained, entry.lost) == (1, 1)


def test_a_table_limit_of_one_lets_only_one_pc_hold_a_moment():
    dials = DIALS.with_changes(moments_table_limit=1)
    entry = take_failure(table(Allison=1, Seamus=0), "Seamus", dials).entries[0]
    assert (entry.gained, entry.lost, entry.lost_to) == (0, 2, "table limit of 1")


def test_the_tighter_limit_decides():
    dials = DIALS.with_changes(moments_player_limit=4, moments_table_limit=5)
    entry = take_critical_failure(table(Allison=1, Seamus=3), "Allison", dials).entries[0]
    assert (entry.gained, entry.lost, entry.lost_to) == (1, 2, "table limit of 5")


def test_a_limit_set_below_a_balance_takes_nothing_away():
    entry = take_failure(table(Allison=5), "Allison", DIALS.with_changes(moments_player_limit=3)).entries[0]
    assert (entry.gained, entry.lost, entry.balance) == (0, 2, 5)


def test_the_explanation_says_what_was_lost():
    update = take_failure(table(Allison=2), "Allison", DIALS.with_changes(moments_player_limit=3))
    assert update.explanation == [
        "Allison gains 1 of 2 MoTs for take failure; 1 lost beyond the player limit of 3 (now 3)"
    ]


GAINS = st.lists(st.tuples(st.sampled_from(["A", "B", "C"]), st.integers(1, 5)), max_size=20)
LIMIT = st.none() | st.integers(0, 6)


@given(GAINS, LIMIT, LIMIT)
def test_limits_always_hold_and_nothing_is_banked(gains, player_limit, table_limit):
    dials = DIALS.with_changes(moments_player_limit=player_limit, moments_table_limit=table_limit)
    ledger = MomentsLedger.for_table(["A", "B", "C"])
    for player, moments in gains:
        before = ledger.balance(player)
        update = award_role_playing(ledger, player, moments, "drama", dials)
        ledger, (entry,) = update.ledger, update.entries
        assert entry.gained + entry.lost == moments
        assert ledger.balance(player) == before + entry.gained
        assert player_limit is None or all(ledger.balance(p) <= player_limit for p in ledger.players)
        assert table_limit is None or ledger.total <= table_limit


# --- player-triggered rewards ---------------------------------------------


def test_taking_a_failure_earns_two():
    assert take_failure(table(Allison=0), "Allison", DIALS).ledger.balance("Allison") == 2


def test_no_failure_can_be_taken_on_an_attack_or_damage_roll():
    with pytest.raises(ValueError, match="attack roll or a damage roll"):
        take_failure(table(Allison=0), "Allison", DIALS, attack_or_damage=True)


def test_raising_the_stakes_earns_two():
    # Ch. 5 example: Seamus raises the stakes on his medic roll; "Ricardo throws him two MoTs".
    assert raise_the_stakes(table(Seamus=0), "Seamus", DIALS).ledger.balance("Seamus") == 2


def test_taking_a_setback_earns_one():
    assert take_setback(table(Allison=0), "Allison", roll(SUCCESS), DIALS).ledger.balance("Allison") == 1


@pytest.mark.parametrize("faces", [FAILURE, CRITICAL_FAILURE, SETBACK])
def test_a_setback_is_taken_only_on_a_success_without_one(faces):
    with pytest.raises(ValueError, match="success without a setback"):
        take_setback(table(Allison=0), "Allison", roll(faces), DIALS)


def test_a_setback_is_taken_once_on_a_roll():
    ledger = take_setback(table(Allison=0), "Allison", roll(SUCCESS), DIALS, roll_id="r-1").ledger
    with pytest.raises(ValueError, match="already taken"):
        take_setback(ledger, "Allison", roll(SUCCESS), DIALS, roll_id="r-1")


def test_no_setback_can_be_taken_in_a_world_without_setbacks():
    with pytest.raises(RuleNotInUse, match="setbacks"):
        take_setback(table(Allison=0), "Allison", roll(SUCCESS), DIALS.with_changes(setbacks=False))


def test_taking_a_critical_failure_earns_three():
    # Ch. 12: the player who made dinner took a critical failure and "ended up with three extra MoTs".
    assert take_critical_failure(table(Jackson=0), "Jackson", DIALS).ledger.balance("Jackson") == 3


@pytest.mark.parametrize(
    "earn",
    [
        lambda ledger, dials: take_failure(ledger, "Allison", dials),
        lambda ledger, dials: raise_the_stakes(ledger, "Allison", dials),
        lambda ledger, dials: take_setback(ledger, "Allison", roll(SUCCESS), dials),
        lambda ledger, dials: take_critical_failure(ledger, "Allison", dials),
    ],
)
def test_player_triggered_rewards_can_be_switched_off(earn):
    with pytest.raises(RuleNotInUse, match="player-triggered"):
        earn(table(Allison=0), DIALS.with_changes(player_triggered_rewards=False))


# --- dice-triggered rewards -----------------------------------------------


@pytest.mark.parametrize(
    ("faces", "reward"),
    [
        (FAILURE, Reward.FAILURE),
        (SETBACK, Reward.SUCCESS_WITH_SETBACK),
        (CRITICAL_FAILURE, Reward.CRITICAL_FAILURE),
        (SUCCESS, None),
        (CRITICAL_SUCCESS, None),
    ],
)
def test_what_the_dice_earn(faces, reward):
    assert dice_reward(roll(faces), moments_spent=False, dials=DIALS) is reward


def test_a_critical_failure_earns_two_not_three():
    update = earn_dice_reward(table(Allison=0), "Allison", roll(CRITICAL_FAILURE), DIALS, moments_spent=False)
    assert update.ledger.balance("Allison") == 2


def test_failure_and_setback_earn_one():
    for faces in (FAILURE, SETBACK):
        update = earn_dice_reward(table(Allison=0), "Allison", roll(faces), DIALS, moments_spent=False)
        assert update.ledger.balance("Allison") == 1


@pytest.mark.parametrize("faces", [FAILURE, CRITICAL_FAILURE])
def test_no_reward_for_failing_when_moments_were_spent_on_the_roll(faces):
    assert dice_reward(roll(faces), moments_spent=True, dials=DIALS) is None


def test_a_success_with_a_setback_earns_one_though_moments_were_spent():
    """Ch. 5 bars only a failure after spending (docs/rules/moment_of_truth.md)."""
    assert dice_reward(roll(SETBACK), moments_spent=True, dials=DIALS) is Reward.SUCCESS_WITH_SETBACK
    update = earn_dice_reward(table(Allison=0), "Allison", roll(SETBACK), DIALS, moments_spent=True)
    assert update.ledger.balance("Allison") == 1


def test_a_failure_with_raised_stakes_is_a_critical_failure():
    assert dice_reward(roll(FAILURE), moments_spent=False, dials=DIALS, stakes_raised=True) is Reward.CRITICAL_FAILURE


def test_a_setback_earns_nothing_in_a_world_without_setbacks():
    assert dice_reward(roll(SETBACK), moments_spent=False, dials=DIALS.with_changes(setbacks=False)) is None


def test_a_roll_that_earns_nothing_records_nothing():
    update = earn_dice_reward(table(Allison=0), "Allison", roll(SUCCESS), DIALS, moments_spent=False, roll_id="r-1")
    assert update.entries == () and update.explanation == ["no Moments of Truth change hands"]


def test_dice_triggered_rewards_can_be_switched_off():
    with pytest.raises(RuleNotInUse, match="dice-triggered"):
        earn_dice_reward(
            table(Allison=0),
            "Allison",
            roll(FAILURE),
            DIALS.with_changes(dice_triggered_rewards=False),
            moments_spent=False,
        )


def test_the_dice_reward_names_its_roll():
    entry = earn_dice_reward(
        table(Allison=0), "Allison", roll(FAILURE), DIALS, moments_spent=False, roll_id="r-9"
    ).entries[0]
    assert (entry.kind, entry.roll_id) == (Reward.FAILURE, "r-9")


# --- role-playing rewards -------------------------------------------------


def test_the_gm_awards_role_playing():
    update = award_role_playing(table(Jackson=0), "Jackson", 2, "succumbed to spurned lovers", DIALS)
    assert update.ledger.balance("Jackson") == 2
    assert update.entries[0].reason == "succumbed to spurned lovers"


def test_role_playing_rewards_can_be_switched_off():
    with pytest.raises(RuleNotInUse, match="role-playing-triggered"):
        award_role_playing(table(Jackson=0), "Jackson", 1, "drama", DIALS.with_changes(role_playing_rewards=False))


@pytest.mark.parametrize(("moments", "reason"), [(0, "drama"), (-1, "drama"), (1, " ")])
def test_a_role_playing_award_needs_moments_and_a_reason(moments, reason):
    with pytest.raises(ValueError):
        award_role_playing(table(Jackson=0), "Jackson", moments, reason, DIALS)


# --- spending on rolls ----------------------------------------------------


def test_five_moments_add_five_dice():
    # Ch. 5: "If you have 5 MoTs, you can spend them all and add +5d6 to a dice pool."
    spending = RollSpending("Allison", own_dice=5)
    update = spend_on_roll(table(Allison=5), spending)
    assert spending.dice == 5 and update.ledger.balance("Allison") == 0


@pytest.mark.parametrize(("moments", "before", "after"), [(2, 6, 8), (4, 6, 10)])
def test_the_books_pools_grow_by_the_moments_spent(moments, before, after):
    # Ch. 5: "spend 2 MoTs to increase my dice pool from 6 to 8"; ch. 7: 4 MoTs take Dodger's 6d6 to 10.
    pool = build_pool(RollKind.SKILL, 3, 3)
    assert pool.dice == before
    assert spend_moments(pool, RollSpending("Seamus", own_dice=moments).dice).dice == after


@pytest.mark.parametrize(("dice", "moments"), [(1, 2), (3, 4)])
def test_a_contribution_costs_one_more_than_its_dice(dice, moments):
    # Ch. 5: "to give another player 1 extra d6, they need to spend 2 MoTs; ... 3 extra d6 ... 4 MoTs."
    spending = RollSpending("Allison", contributions=(Contribution("Jackson", dice),))
    update = spend_on_roll(table(Allison=0, Jackson=5), spending)
    assert spending.dice == dice
    assert update.ledger.balance("Jackson") == 5 - moments


def test_every_other_player_may_contribute_and_each_is_named():
    spending = RollSpending(
        "Allison", own_dice=1, contributions=(Contribution("Jackson", 1), Contribution("Seamus", 2))
    )
    update = spend_on_roll(table(Allison=1, Jackson=2, Seamus=3), spending, roll_id="r-3")
    assert spending.dice == 4 and spending.moments == 6
    assert [(e.player, e.kind, e.spent, e.roll_id) for e in update.entries] == [
        ("Allison", Spend.OWN_ROLL, 1, "r-3"),
        ("Jackson", Spend.ANOTHER_ROLL, 2, "r-3"),
        ("Seamus", Spend.ANOTHER_ROLL, 3, "r-3"),
    ]
    assert spending.explanation == [
        "Allison spends 1 MoT for +1d6",
        "Jackson spends 2 MoTs for +1d6 to Allison's roll",
        "Seamus spends 3 MoTs for +2d6 to Allison's roll",
    ]


def test_talent_moments_are_charged_to_the_roller_but_add_no_dice():
    spending = RollSpending("Jackson", talent_moments=2)
    update = spend_on_roll(table(Jackson=2), spending)
    assert spending.dice == 0
    assert [(e.kind, e.spent) for e in update.entries] == [(Spend.TALENT, 2)]


def test_nobody_spends_more_than_they_have_and_nobody_pays_when_one_cannot():
    ledger = table(Allison=3, Jackson=1)
    spending = RollSpending("Allison", own_dice=3, contributions=(Contribution("Jackson", 1),))
    with pytest.raises(NotEnoughMoments, match="Jackson has 1 MoT and cannot spend 2"):
        spend_on_roll(ledger, spending)
    assert ledger.balance("Allison") == 3


@pytest.mark.parametrize(
    "spending",
    [
        {"own_dice": 1},
        {"contributions": (Contribution("Jackson", 1),)},
        {"talent_moments": 1},
    ],
)
def test_nobody_spends_on_a_roll_whose_stakes_were_raised(spending):
    with pytest.raises(ValueError, match="stakes were raised"):
        RollSpending("Seamus", stakes_raised=True, **spending)


def test_a_raised_stakes_roll_without_spending_is_fine():
    assert RollSpending("Seamus", stakes_raised=True).moments == 0


def test_the_roller_does_not_contribute_to_their_own_roll():
    with pytest.raises(ValueError, match="own roll"):
        RollSpending("Allison", contributions=(Contribution("Allison", 1),))


def test_each_player_contributes_once():
    with pytest.raises(ValueError, match="once"):
        RollSpending("Allison", contributions=(Contribution("Jackson", 1), Contribution("Jackson", 2)))


@pytest.mark.parametrize("dice", [0, -1])
def test_a_contribution_adds_at_least_one_die(dice):
    with pytest.raises(ValueError, match="at least 1 die"):
        Contribution("Jackson", dice)


def test_negative_spending_is_refused():
    with pytest.raises(ValueError, match="negative"):
        RollSpending("Allison", own_dice=-1)


# --- narrative spending ---------------------------------------------------


def test_adding_a_detail_costs_two():
    # Ch. 5 example: Jackson "throws two MoTs to create a detail": the gunman has a spare magazine.
    update = add_detail(table(Jackson=3), "Jackson", "a spare magazine")
    assert update.ledger.balance("Jackson") == 1
    assert update.explanation == ["Jackson spends 2 MoTs on add detail: a spare magazine (now 1)"]


def test_the_gm_may_charge_one_more_for_a_detail_that_is_not_minor():
    assert add_detail(table(Jackson=3), "Jackson", "a crate of guns", surcharge=True).ledger.balance("Jackson") == 0


def test_a_detail_must_be_said():
    with pytest.raises(ValueError, match="detail"):
        add_detail(table(Jackson=3), "Jackson", "")


def test_creating_an_npc_costs_three():
    update = create_npc(table(Allison=4), "Allison", "Father Mallory")
    assert update.ledger.balance("Allison") == 1 and update.entries[0].kind is Spend.CREATE_NPC


def test_a_detail_beyond_ones_means_is_refused():
    with pytest.raises(NotEnoughMoments):
        add_detail(table(Jackson=1), "Jackson", "a spare magazine")


# --- harsh death's rescue ---------------------------------------------------


def test_the_rescue_spends_all_the_dying_players_moments_and_no_one_elses():
    update = spend_on_rescue(table(Dodger=3, Nikita=2), "Dodger", roll_id="r1")
    assert dict(update.ledger.balances) == {"Dodger": 0, "Nikita": 2}
    assert [(e.player, e.kind, e.spent, e.balance, e.roll_id) for e in update.entries] == [
        ("Dodger", Spend.RESCUE, 3, 0, "r1")
    ]
    assert update.explanation == ["Dodger spends 3 MoTs on rescue (now 0)"]


def test_a_rescue_with_no_moments_records_nothing_and_a_stranger_is_refused():
    ledger = table(Dodger=0, Nikita=2)
    assert spend_on_rescue(ledger, "Dodger") == LedgerUpdate(ledger, ())
    with pytest.raises(ValueError, match="not at this table"):
        spend_on_rescue(ledger, "Dwight")


# --- heroic death ---------------------------------------------------------


def test_a_heroic_death_gives_three_to_every_other_character():
    update = heroic_death(table(Dodger=0, Nikita=1, Dwight=0), "Dodger", -1, DIALS)
    assert dict(update.ledger.balances) == {"Dodger": 0, "Nikita": 4, "Dwight": 3}
    assert {e.kind for e in update.entries} == {Reward.HEROIC_DEATH}


def test_the_dying_player_gives_moments_as_they_see_fit_and_keeps_the_rest():
    update = heroic_death(table(Dodger=3, Nikita=0, Dwight=0), "Dodger", -5, DIALS, gifts={"Nikita": 2})
    assert dict(update.ledger.balances) == {"Dodger": 1, "Nikita": 5, "Dwight": 3}
    assert [(e.player, e.kind) for e in update.entries[-2:]] == [
        ("Dodger", Spend.GIFT),
        ("Nikita", Reward.GIFT_RECEIVED),
    ]


@pytest.mark.parametrize("hit_points", [0, 3])
def test_death_may_be_declared_only_below_zero(hit_points):
    with pytest.raises(ValueError, match="below 0"):
        heroic_death(table(Dodger=0, Nikita=0), "Dodger", hit_points, DIALS)


def test_heroic_death_can_be_switched_off():
    with pytest.raises(RuleNotInUse, match="heroic death"):
        heroic_death(table(Dodger=0, Nikita=0), "Dodger", -1, DIALS.with_changes(heroic_death=False))


@pytest.mark.parametrize(
    ("gifts", "error"),
    [
        ({"Nikita": 4}, NotEnoughMoments),
        ({"Dodger": 1}, ValueError),
        ({"Ricardo": 1}, ValueError),
        ({"Nikita": 0}, ValueError),
    ],
)
def test_gifts_must_be_possible(gifts, error):
    with pytest.raises(error):
        heroic_death(table(Dodger=3, Nikita=0), "Dodger", -1, DIALS, gifts=gifts)


def test_limits_apply_to_the_heroic_death_award_and_to_gifts():
    dials = DIALS.with_changes(moments_player_limit=3)
    update = heroic_death(table(Dodger=2, Nikita=2), "Dodger", -1, dials, gifts={"Nikita": 2})
    award, given, received = update.entries
    assert (award.gained, award.lost) == (1, 2)
    assert (given.spent, received.gained, received.lost) == (2, 0, 2)
    assert dict(update.ledger.balances) == {"Dodger": 0, "Nikita": 3}


# --- hidden rolls, takes, offers (docs/rules/moment_of_truth.md) -----------------


def test_a_hidden_rolls_reward_is_held_and_credited_by_the_limits_at_its_reveal():
    held = hold_dice_reward("Allison", roll(CRITICAL_FAILURE), DIALS, moments_spent=False)
    assert held == HeldReward("Allison", Reward.CRITICAL_FAILURE, 2)
    assert hold_dice_reward("Allison", roll(SUCCESS), DIALS, moments_spent=False) is None
    update = credit_held(table(Allison=2), [held], DIALS.with_changes(moments_player_limit=3), roll_id="r-1")
    entry = update.entries[0]
    assert (entry.kind, entry.gained, entry.lost, entry.roll_id) == (Reward.CRITICAL_FAILURE, 1, 1, "r-1")
    assert credit_held(MomentsLedger(), [held], DIALS, roll_id="r-1").ledger.balance("Allison") == 2
    with pytest.raises(RuleNotInUse):
        hold_dice_reward("Allison", roll(FAILURE), DIALS.with_changes(dice_triggered_rewards=False), moments_spent=False)


@pytest.mark.parametrize("first", [take_failure, take_critical_failure])
def test_a_roll_takes_one_reward(first):
    ledger = first(table(Allison=0), "Allison", DIALS, roll_id="r-1").ledger
    for again in (take_failure, take_critical_failure):
        with pytest.raises(ValueError, match="already taken"):
            again(ledger, "Allison", DIALS, roll_id="r-1")
    with pytest.raises(ValueError, match="already taken"):
        take_setback(ledger, "Allison", roll(SUCCESS), DIALS, roll_id="r-1")
    assert take_failure(ledger, "Allison", DIALS, roll_id="r-2").ledger.balance("Allison") > ledger.balance("Allison")


def test_a_contribution_takes_only_what_its_giver_offered_the_roller():
    offers = offer_dice({}, "Seamus", "Allison", 2)
    assert offers == {"Seamus": {"Allison": 2}}
    assert use_offers(offers, "Allison", [Contribution("Seamus", 1)]) == {}, "a roll uses the offer up"
    for roller, contributions in (("Jackson", [Contribution("Seamus", 1)]), ("Allison", [Contribution("Seamus", 3)]),
                                  ("Allison", [Contribution("Jackson", 1)])):
        with pytest.raises(ValueError, match="offered"):
            use_offers(offers, roller, contributions)
    assert offer_dice(offers, "Seamus", "Allison", 0) == {}, "0 withdraws"
    assert offer_dice(offer_dice(offers, "Jackson", "Allison", 1), "Seamus", "Jackson", 1) == {
        "Seamus": {"Allison": 2, "Jackson": 1}, "Jackson": {"Allison": 1}}
    with pytest.raises(ValueError):
        offer_dice({}, "Allison", "Allison", 1)


def test_a_roll_whose_dice_earned_a_reward_takes_none():
    check_takeable([Reward.RAISE_THE_STAKES])
    for earned in (Reward.FAILURE, Reward.CRITICAL_FAILURE, Reward.SUCCESS_WITH_SETBACK):
        with pytest.raises(ValueError, match="instead"):
            check_takeable([Reward.RAISE_THE_STAKES, earned])
