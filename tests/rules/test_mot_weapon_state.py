"""A token's weapon between attacks (ch. 10): ready, jammed, rounds left."""

from __future__ import annotations

import pytest

from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.rules.moment_of_truth.health import Health
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.tokens import TokenState
from bridge.rules.moment_of_truth.weapon_handling import Check, Magazine
from bridge.rules.moment_of_truth.weapon_state import (
    WeaponState,
    after_attack,
    check_usable,
    cleared,
    counts_rounds,
    readied,
    reloaded,
    weapon_state,
    with_weapon,
)
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.tokens import TokenState as TokenStateShape

BOOK = Arsenal.book()
CLUB, GREAT_AXE = BOOK.melee_weapon("Club"), BOOK.melee_weapon("Great Axe")
PISTOL, FLINTLOCK, M16 = (BOOK.ranged_weapon(name) for name in (".45 Auto Pistol", "Flintlock Pistol", "M-16 (5.56mm)"))
AMMO = Dials(ammunition=True)
TOKEN = TokenState("t1", "a1", "Ann", dict.fromkeys(Statistic, 3), Health(12))


def test_rounds_are_counted_for_a_muzzle_loader_always_and_a_magazine_under_the_ammunition_rules():
    assert counts_rounds(FLINTLOCK, Dials()) and not counts_rounds(PISTOL, Dials())
    assert counts_rounds(PISTOL, AMMO) and not counts_rounds(CLUB, AMMO)
    assert weapon_state(TOKEN, PISTOL, AMMO).magazine == Magazine(14, 14)  # never seen: the largest, full
    assert weapon_state(TOKEN, PISTOL, Dials()) == WeaponState()


def test_the_state_is_kept_on_the_token_by_weapon_name():
    kept = with_weapon(TOKEN, M16, WeaponState(jammed=True, magazine=Magazine(3, 30)))
    assert kept.weapons == {"M-16 (5.56mm)": WeaponState(jammed=True, magazine=Magazine(3, 30))}
    assert dump(TokenStateShape, kept)["weapons"] == {
        "M-16 (5.56mm)": {"ready": True, "readying": False, "jammed": True, "magazine": {"rounds": 3, "capacity": 30}}
    }
    assert weapon_state(kept, M16, AMMO) == WeaponState(jammed=True, magazine=Magazine(3, 30))
    assert weapon_state(kept, M16, Dials()).magazine is None  # the rules switched off: not counted


def test_an_attack_spends_rounds_keeps_a_jam_and_leaves_an_unwieldy_weapon_unready():
    fired = after_attack(WeaponState(magazine=Magazine(5, 30)), M16, rounds=7, jammed=True, one_handed=False)
    assert fired == WeaponState(jammed=True, magazine=Magazine(0, 30))
    assert after_attack(WeaponState(), CLUB, rounds=1, jammed=False, one_handed=False).ready is False
    assert after_attack(WeaponState(), GREAT_AXE, rounds=1, jammed=False, one_handed=False).ready is False
    assert after_attack(WeaponState(), PISTOL, rounds=1, jammed=False, one_handed=False) == WeaponState()


@pytest.mark.parametrize(("state", "says"), [
    (WeaponState(ready=False), "weapon.ready"),
    (WeaponState(ready=False, readying=True), "spent readying"),
    (WeaponState(jammed=True), "jammed"),
    (WeaponState(magazine=Magazine(0, 1)), "empty"),
])
def test_a_weapon_that_cannot_attack_says_why(state, says):
    with pytest.raises(ValueError, match=says):
        check_usable(state, FLINTLOCK)


def test_readying_after_a_failed_roll_takes_the_next_turn():
    unready = WeaponState(ready=False)
    failed = readied(unready, CLUB, Check.READY_AFTER_ATTACK, False)
    assert failed == WeaponState(ready=False, readying=True)
    with pytest.raises(ValueError, match="turn_spent"):
        readied(failed, CLUB, Check.READY_AFTER_ATTACK, True)
    assert readied(failed, CLUB, Check.READY_AFTER_ATTACK, None) == WeaponState()
    assert readied(unready, CLUB, Check.READY_AFTER_ATTACK, True) == WeaponState()
    for refused in ((WeaponState(), Check.READY_AFTER_ATTACK, True), (WeaponState(), Check.READY_AFTER_ATTACK, None),
                    (unready, Check.ONE_HANDED_GRIP, True)):
        with pytest.raises(ValueError):
            readied(refused[0], GREAT_AXE, *refused[1:])
    assert readied(WeaponState(), GREAT_AXE, Check.ONE_HANDED_GRIP, False) == WeaponState()


def test_clearing_and_reloading():
    assert cleared(WeaponState(jammed=True), M16) == WeaponState()
    with pytest.raises(ValueError, match="not jammed"):
        cleared(WeaponState(), M16)
    assert reloaded(WeaponState(magazine=Magazine(0, 1)), FLINTLOCK, None).magazine == Magazine(1, 1)
    assert reloaded(WeaponState(magazine=Magazine(30, 30)), M16, 10).magazine == Magazine(10, 10)
    for state, weapon, capacity in ((WeaponState(magazine=Magazine(30, 30)), M16, None), (WeaponState(), PISTOL, None),
                                    (WeaponState(magazine=Magazine(3, 30)), M16, 31)):
        with pytest.raises(ValueError):
            reloaded(state, weapon, capacity)
