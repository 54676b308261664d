"""An attack's odds with its whole modifier stack (``damage_odds.preview_attack``):
exact through ``attack_odds`` for one roll against one target with one damage
roll, simulated with ``resolve_attack`` and seeded dice otherwise."""

from collections import Counter
from fractions import Fraction

import pytest

from bridge.rules.dice import SeededDice
from bridge.rules.moment_of_truth import RollKind, roll_odds
from bridge.rules.moment_of_truth.attacks import Attack, Target
from bridge.rules.moment_of_truth.called_shots import CalledShot
from bridge.rules.moment_of_truth.combat_pool import combat_pool
from bridge.rules.moment_of_truth.damage import DamageDice
from bridge.rules.moment_of_truth.damage_odds import (
    MAX_TRIALS,
    _tails,
    attack_odds,
    preview_attack,
    simulate_attack,
)
from bridge.rules.moment_of_truth.defense import to_hit
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.rules.moment_of_truth.ranges import weapon_range
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.weapon_handling import FireMode, Magazine
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas import odds

DIALS = Dials()
BOOK = Arsenal.book()
VEST = BOOK.armor_named("Ballistic Vest")
PISTOL = BOOK.ranged_weapon(".45 Auto Pistol")
M16 = BOOK.ranged_weapon("M-16 (5.56mm)")
STATS = {statistic: 3 for statistic in Statistic}
THUG = Target("thug", armor=VEST, endurance=3, tn=2)


def shot(weapon=PISTOL, distance=5, target=THUG, called_shot=None, **kwargs) -> Attack:
    """Nikita (ranged attack 3, skill 2) at ``distance`` with ``weapon``."""
    combat = combat_pool(STATS, 2, weapon, dials=DIALS, range_reading=weapon_range(weapon, distance))
    tn = to_hit(dials=DIALS, ranged=True, target_armor=target.armor, called_shot=called_shot)
    return Attack(combat, tn, target, **kwargs)


def chances(wire: list[dict]) -> list[Fraction]:
    return [Fraction(chance["exact"]) for chance in wire]


def test_nikitas_45_against_the_vest_is_the_exact_engines_answer():
    preview = dump(odds.AttackPreview, preview_attack(shot(), dials=DIALS))
    exact = attack_odds(5, 2, RollKind.SKILL, DamageDice(12, 3, 4), 6)
    assert preview["method"] == "exact" and preview["trials"] is None and preview["seed"] is None
    assert preview["odds"] == dump(odds.AttackOdds, exact)
    assert Fraction(preview["hit"]["exact"]) == roll_odds(5, 2, RollKind.SKILL).success == Fraction(131, 243)
    (thug,) = preview["targets"]
    assert (thug["target"], thug["damage"]["notation"], thug["damage_reduction"]) == ("thug", "12d6 (3,4)", 6)
    assert chances(thug["at_least"]) == list(exact.at_least)
    assert chances(thug["serious_at_least"]) == list(exact.serious_at_least)
    assert thug["armor_note"] == "Ballistic Vest DR 6"


def test_the_exact_answer_takes_the_called_shot_and_the_moments_on_damage():
    # A head shot: TN +2, +4d6 and damage numbers -1; the GM's call: the vest does not cover the head.
    head = shot(target=Target("thug", endurance=3), called_shot=CalledShot.HEAD, damage_moments=2)
    preview = preview_attack(head, dials=DIALS)
    assert preview.exact and head.to_hit.value == 4
    assert preview.odds == attack_odds(5, 4, RollKind.SKILL, DamageDice(12 + 4 + 2, 2, 3), 0)
    bypass = shot(called_shot=CalledShot.BYPASS_ARMOR)
    assert preview_attack(bypass, dials=DIALS).odds == attack_odds(5, 3, RollKind.SKILL, DamageDice(12, 3, 4), 0)


@pytest.mark.parametrize(
    "changes",
    [
        {"fire": FireMode.AUTOMATIC},
        {"fire": FireMode.SPRAYING, "others": (Target("other", tn=2),)},
        {"critical_lowers_damage": True},
        {"grappler": Target("grappler")},
    ],
)
def test_what_the_exact_engine_cannot_count_is_simulated(changes):
    attack = shot(weapon=M16, distance=15, **changes)
    assert not attack.exact
    preview = dump(odds.AttackPreview, preview_attack(attack, dials=DIALS, trials=200, seed=1))
    assert (preview["method"], preview["trials"], preview["seed"], preview["odds"]) == ("simulated", 200, 1, None)
    assert [target["target"] for target in preview["targets"]] == [receiver.name for receiver in attack.receivers]


def test_vhi_rof_rolls_damage_twice_so_it_is_simulated():
    assert not shot(weapon=BOOK.ranged_weapon(".9mm Uzi SMG")).exact


def test_the_same_seed_gives_the_same_simulation():
    spray = shot(weapon=M16, distance=15, fire=FireMode.SPRAYING, others=(Target("t2", tn=2), Target("t3", tn=2)))
    first = dump(odds.AttackPreview, preview_attack(spray, dials=DIALS, trials=500, seed=42))
    assert dump(odds.AttackPreview, preview_attack(spray, dials=DIALS, trials=500, seed=42)) == first
    assert dump(odds.AttackPreview, preview_attack(spray, dials=DIALS, trials=500, seed=43)) != first


def test_a_simulation_of_a_single_shot_comes_close_to_the_exact_answer():
    """20,000 trials: the hit rate within 4 standard errors of 131/243."""
    trials, exact = 20_000, float(Fraction(131, 243))
    simulated = dump(odds.AttackPreview, simulate_attack(shot(), dials=DIALS, trials=trials, seed=5))
    error = (exact * (1 - exact) / trials) ** 0.5
    assert abs(simulated["hit"]["value"] - exact) < 4 * error
    assert simulated["targets"][0]["at_least"][0] == simulated["hit"]


def test_spraying_fire_hits_each_further_target_on_one_more_success():
    """The second target is hit when the roll beats the TN by 1, the third by 2:
    the simulated rates within 4 standard errors of the roll's exact odds."""
    spray = shot(weapon=M16, distance=15, target=Target("t1", tn=2), fire=FireMode.SPRAYING,
                 others=(Target("t2", tn=2), Target("t3", tn=2)))
    trials, roll = 20_000, roll_odds(spray.combat.pool.dice, 2, RollKind.SKILL)
    preview = dump(odds.AttackPreview, simulate_attack(spray, dials=DIALS, trials=trials, seed=9))
    for n, target in enumerate(preview["targets"]):
        exact = float(sum(roll.successes[2 + n :]))
        error = (exact * (1 - exact) / trials) ** 0.5
        assert abs(target["at_least"][0]["value"] - exact) < 4 * error, (n, target["at_least"][0], exact)


def test_an_ammo_roll_short_of_rounds_makes_an_ordinary_attack():
    """An empty magazine: every automatic burst becomes a single shot (ch. 10)."""
    dials = DIALS.with_changes(ammunition=True)
    burst = shot(weapon=M16, distance=15, fire=FireMode.AUTOMATIC, magazine=Magazine(0, 30))
    ammo, result = burst.resolve(dials, SeededDice(3))
    assert not ammo.allowed and result.fire is None and len(result.hits) <= 1


def test_tails_count_each_amount_or_more():
    assert _tails(Counter({0: 2, 3: 1})) == (3, 1, 1, 1)
    assert _tails(Counter()) == (0,)


def test_trials_are_bounded():
    for trials in (0, MAX_TRIALS + 1):
        with pytest.raises(ValueError, match="trials"):
            simulate_attack(shot(), dials=DIALS, trials=trials, seed=0)
