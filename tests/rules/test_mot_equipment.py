"""Chapter ten's equipment: notation, validation, the book's tables, the arsenal."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth.damage import DamageDice, roll_damage
from bridge.rules.moment_of_truth.equipment import (
    BOOK_ARMOR,
    BOOK_MELEE,
    BOOK_RANGED,
    BOOK_SHIELDS,
    Ammo,
    Armor,
    Arsenal,
    Coverage,
    DamageFormula,
    EntryError,
    MeleeWeapon,
    Quality,
    RangedWeapon,
    Shield,
    WeaponSkill,
    define_items,
    remove_items,
)
from bridge.rules.moment_of_truth.ranges import RangeBand, read_range
from bridge.schemas.encode import dump
from bridge.systems.moment_of_truth.schemas.characters import (
    ArsenalArmor,
    ArsenalItems,
    ArsenalMelee,
    ArsenalRanged,
    ArsenalShield,
)

BOOK = Arsenal.book()

# The tables as ch. 10 prints them (tab-separated, typos included).
MELEE_TABLE = """\
Unarmed Attack	Cls	Strength + Skill (5, 6)	
Martial Arts Atk	Cls	Strength + Skill + 1 (4, 6)	Balanced, Quick
Deadly Martial Arts Atk	Cls	Strength + Skill + 1 (4, 5)	Balanced
Club	1m	Strength + Skill + 4 (4, 6)	Unwieldy
Short Sword	1m	Strength + Skill + 4 (4, 5)	Balanced, Quick
Broad Sword	1m	Strength + Skill + 6 (4, 5)	Balanced
Great Sword	1m	Strength + Skill + 8 (4, 5)	Two-handed
Axe	1m	Strength + Skill + 6 (4, 5)	Unwieldy
Great Axe	1m	Strength + Skill + 8 (3, 4)	Two-handed, Unwieldy
Mace	1m	Strength + Skill + 6 (4, 6)	Unwieldy
Morning Star	1m	Strength + Skill + 6 (4, 5)	Unwieldy
Dagger	Cls	Strength + Skill (4, 5)	Balanced, Quick
Staff	2m	Strength + Skill + 2 (4, 6)	Two-handed
Spear	2m	Strength + Skill + 4 (3, 5)	Two-handed
Pole Arm	3m	Strength + Skill + 6 (3, 5)	Two-handed"""

RANGED_TABLE = """\
Long Bow	Skill + 5 (4, 5)	C-1m	20m	35m (2)	
Cross Bow	Skill +7 (4, 5)	C-1m	30m	45m (2)	
Sling	Skill + 3 (5, 6)	C-1m	6m	12m (1)	
Thrown Knife	Strength + Skill + 2 (4, 5)	C-1m	4m	6m (1)	
Thrown Axe	Strength + Skill + 4 (4, 5)	C-1m	6m	10m (1)	
Thrown Spear	Strength + Skill + 4 (4, 5)	C-2m	10m	20m (2)	
Flintlock Pistol	Skill + 6 (3, 4)	C-1m	6m	5m (3)	Ammo:1, Muzzle-loaded
.38 Revolver	Skill + 8 (3, 4)	C	8m	10m (4)	Ammo:6
.45 Auto Pistol	Skill + 10 (3, 4)	C	10m	12m (4)	Ammo:8-14
.9mm Uzi SMG	Skill + 8 (3, 4)	C	8m	10m (4)	Ammo:20-50, VHi ROF, Inaccurate, Suppressive
Flinglock Rifle	Skill + 11 (3, 4)	C-2m	15m	12m (3)	Ammo:1, Muzzle-loaded
AR-15 (5.56mm)	Skill + 14 (3, 4)	C-1m	20m	40m (4)	Ammo:10-30
M-16 (5.56mm)	Skill + 14 (3, 4)	C-1m	20m	40m (4)	Ammo:10-30, Hi ROF, Suppressive
AK-47 (7.62mm)	Skill + 16(3, 4)	C-1m	20m	35m (4)	Ammo: 10-30, Hi ROF, Suppressive
M-40 Sniper (.308)	Skill + 16 (2, 3)	C-2m	50m	100m (5)	Ammo:5
Shotgun	Skill + 12 (3, 5)	C	5m	10m (2)	Ammo:3-5, Indiscriminant at Long Range
M-60	Skill +16 (3 4)	C-3m	35m	40m (4)	Ammo: 80-200, Hi ROF, Inaccurate, Suppressive, Indiscriminant at Long Range"""

ARMOR_TABLE = {"Cloth": 1, "Leather": 2, "Chainmaille": 3, "Scale": 4, "Plate": 5, "Ballistic Vest": 6}


def rows(table):
    return [line.split("\t") for line in table.splitlines()]


# --- the book's tables --------------------------------------------------------


@pytest.mark.parametrize("name, reach, damage, notes", rows(MELEE_TABLE))
def test_every_melee_weapon_of_the_table(name, reach, damage, notes):
    weapon = BOOK.melee_weapon(name)
    assert weapon.reach_m == (0 if reach == "Cls" else int(reach.removesuffix("m")))
    assert weapon.damage == DamageFormula.parse(damage)
    assert weapon.qualities == {Quality.parse(word) for word in notes.split(",") if word.strip()}


@pytest.mark.parametrize("name, damage, close, optimal, long, notes", rows(RANGED_TABLE))
def test_every_ranged_weapon_of_the_table(name, damage, close, optimal, long, notes):
    weapon = BOOK.ranged_weapon(name.replace("Flinglock", "Flintlock"))
    assert weapon.damage == DamageFormula.parse(damage)
    assert weapon.close_m == (0 if close == "C" else int(close.removeprefix("C-").removesuffix("m")))
    assert weapon.optimal_m == int(optimal.removesuffix("m"))
    metres, increments = long.split()
    assert (weapon.long_m, weapon.long_increments) == (int(metres.removesuffix("m")), int(increments.strip("()")))
    words = [word.strip() for word in notes.split(",") if word.strip()]
    ammo = [word for word in words if word.startswith("Ammo")]
    assert weapon.ammo == (Ammo.parse(ammo[0]) if ammo else None)
    printed = {Quality.parse(word) for word in words if not word.startswith("Ammo")}
    added = {".38 Revolver": {Quality.SEMI_AUTO}, ".45 Auto Pistol": {Quality.SEMI_AUTO},
             "AR-15 (5.56mm)": {Quality.SEMI_AUTO}, "M-40 Sniper (.308)": {Quality.BOLT_ACTION}}
    assert weapon.qualities == printed | added.get(name, set())


def test_the_tables_hold_nothing_else():
    assert len(BOOK.melee) == len(rows(MELEE_TABLE)) == len(BOOK_MELEE)
    assert len(BOOK.ranged) == len(rows(RANGED_TABLE)) == len(BOOK_RANGED)


def test_armor_table():
    assert {armor.name: armor.damage_reduction for armor in BOOK_ARMOR} == ARMOR_TABLE
    assert BOOK.armor_named("Ballistic Vest").coverage is Coverage.PARTIAL
    assert all(BOOK.armor_named(name).coverage is Coverage.FULL for name in ARMOR_TABLE if name != "Ballistic Vest")


def test_shields_penalise_attackers_and_make_the_first_defense_step_cheap():
    assert BOOK.shield("small shield").attacker_dice == 1
    assert BOOK.shield("Medium Shield").attacker_dice == 2
    assert all(BOOK.shield(name).first_defense_step_dice == 1 for name in ("Small Shield", "Medium Shield"))


def test_weapon_skills_follow_the_skill_list():
    skills = {name: BOOK.melee_weapon(name).skill for name in ("Unarmed Attack", "Martial Arts Atk", "Dagger", "Pole Arm")}
    assert skills == {
        "Unarmed Attack": WeaponSkill.BRAWLING,
        "Martial Arts Atk": WeaponSkill.MARTIAL_ARTS,
        "Dagger": WeaponSkill.MELEE_ONE_HANDED,
        "Pole Arm": WeaponSkill.MELEE_TWO_HANDED,
    }
    assert all(BOOK.melee_weapon(w.name).skill is WeaponSkill.MELEE_TWO_HANDED
               for w in BOOK_MELEE if Quality.TWO_HANDED in w.qualities)
    assert BOOK.ranged_weapon("Cross Bow").skill is WeaponSkill.ARCHERY
    assert BOOK.ranged_weapon("Thrown Spear").skill is WeaponSkill.THROWING
    assert BOOK.ranged_weapon(".38 Revolver").skill is WeaponSkill.PISTOL
    assert BOOK.ranged_weapon("Shotgun").skill is WeaponSkill.LONG_ARMS


def test_swords_and_axes_are_large_blades():
    large = {weapon.name for weapon in BOOK_MELEE if weapon.large_blade}
    assert large == {"Short Sword", "Broad Sword", "Great Sword", "Axe", "Great Axe"}
    assert BOOK.melee_weapon("Dagger").edged and not BOOK.melee_weapon("Mace").edged


def test_revolvers_count_as_semi_auto():
    revolver = BOOK.ranged_weapon(".38 Revolver")
    assert revolver.revolver and Quality.SEMI_AUTO in revolver.qualities
    with pytest.raises(ValueError, match="revolvers are considered semi-auto"):
        RangedWeapon.from_dict({**described(revolver), "qualities": []})


# --- worked examples ------------------------------------------------------------


def test_thrown_axe_example_adds_strength_skill_and_four():
    # Ch. 7: "strength + skill + 4 (4,5) ... add the attacking character's strength, skill level and 4".
    assert BOOK.ranged_weapon("Thrown Axe").damage_dice(strength=3, skill=2) == DamageDice(9, 4, 5)


def test_nikita_shoots_the_thug_in_the_ballistic_vest():
    # Ch. 7: .45 skill + 10 (3,4), skill 2: 12d6; vest DR 6; 1 serious + 9 minor = 10.
    damage = BOOK.ranged_weapon(".45 Auto Pistol").damage_dice(skill=2)
    assert damage == DamageDice(12, 3, 4)
    vest = BOOK.armor_named("Ballistic Vest")
    faces = [1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 6, 6]
    result = roll_damage(damage, vest.reduction_against(armor_piercing=False), dice=FixedDice(faces))
    assert (result.serious_rolled, result.serious, result.minor, result.hit_points_lost) == (7, 1, 9, 10)


def test_nikita_bypasses_the_partial_vest_with_one_extra_success():
    # Ch. 7: "covers less than 75% ... she needs a single extra success": TN 2 becomes 3.
    assert BOOK.armor_named("Ballistic Vest").coverage.bypass_tn == 1
    assert BOOK.armor_named("Plate").coverage.bypass_tn == 2


def test_dodger_head_shot_damage():
    # Ch. 7 prints the sniper rifle as "skill + 14 (2,3)"; long arms 3: 17d6,
    # serious 3 drops to 2, minor stays 2. (The table prints Skill + 16.)
    example = DamageFormula.parse("skill + 14 (2,3)").dice(skill=3)
    assert example.dice == 17
    assert example.lowered(1) == DamageDice(17, 2, 2)
    assert BOOK.ranged_weapon("M-40 Sniper (.308)").damage_dice(skill=3) == DamageDice(19, 2, 3)


def test_a_scope_doubles_the_long_range_increment():
    # Ch. 7: "a long range of 200m (5), instead of 100m (5)".
    sniper = BOOK.ranged_weapon("M-40 Sniper (.308)")
    assert sniper.long_increment_m == 100
    scoped = sniper.with_qualities(Quality.SCOPE)
    assert (scoped.long_increment_m, scoped.long_increments) == (200, 5)
    # "He's about 250 meters away. So, you're at -1d6 to hit him."
    reading = read_range(250, scoped.close_m, scoped.optimal_m, scoped.long_m, scoped.long_increments, scope=True)
    assert reading.dice == -1


def test_flintlock_long_entry_shorter_than_optimal_still_reads():
    pistol = BOOK.ranged_weapon("Flintlock Pistol")
    assert (pistol.optimal_m, pistol.long_m) == (6, 5)
    bands = [read_range(d, pistol.close_m, pistol.optimal_m, pistol.long_m, pistol.long_increments) for d in (1, 6, 8, 21)]
    assert [(r.band, r.dice) for r in bands] == [
        (RangeBand.CLOSE, -1), (RangeBand.OPTIMAL, 0), (RangeBand.LONG, -1), (RangeBand.LONG, -3)
    ]


# --- damage formulas ------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Strength + Skill + 4 (4, 5)", DamageFormula(True, True, 4, 4, 5)),
        ("Skill + 14 (3, 4)", DamageFormula(False, True, 14, 3, 4)),
        ("Skill +16 (3 4)", DamageFormula(False, True, 16, 3, 4)),
        ("Skill + 16(3, 4)", DamageFormula(False, True, 16, 3, 4)),
        ("Strength (5,6)", DamageFormula(True, False, 0, 5, 6)),
        ("20 (5,-)", DamageFormula(False, False, 20, 5, None)),
    ],
)
def test_damage_formula_reads_the_books_notation(text, expected):
    assert DamageFormula.parse(text) == expected


@pytest.mark.parametrize(
    "text", ["Skill + 5", "Dexterity + 2 (4, 5)", "Skill + Skill (4, 5)", "Skill + 2 + 3 (4, 5)", "(4, 5)", "Skill (7, 5)"]
)
def test_damage_formula_refuses_nonsense(text):
    with pytest.raises(ValueError):
        DamageFormula.parse(text)


def test_damage_formula_needs_what_it_names():
    formula = DamageFormula.parse("Strength + Skill + 4 (4, 5)")
    with pytest.raises(ValueError, match="strength"):
        formula.dice(skill=2)
    with pytest.raises(ValueError, match="negative"):
        formula.dice(strength=-1, skill=2)
    assert DamageFormula.parse("Skill + 10 (3, 4)").dice(strength=9, skill=1).dice == 11


formulas = st.builds(
    DamageFormula,
    st.booleans(),
    st.booleans(),
    st.integers(0, 40),
    st.one_of(st.none(), st.integers(1, 6)),
    st.one_of(st.none(), st.integers(1, 6)),
)


@given(formulas)
def test_damage_formula_notation_reads_back(formula):
    assert DamageFormula.parse(formula.notation) == formula


@given(formulas, st.integers(0, 8), st.integers(0, 5))
def test_damage_dice_are_strength_plus_skill_plus_bonus(formula, strength, skill):
    damage = formula.dice(strength=strength, skill=skill)
    assert damage.dice == formula.bonus + strength * formula.strength + skill * formula.skill
    assert (damage.minor_at, damage.serious_at) == (formula.minor_at, formula.serious_at)


# --- qualities ------------------------------------------------------------------


def test_dull_weapons_do_serious_damage_on_six():
    sword = BOOK.melee_weapon("Broad Sword")
    assert sword.damage_dice(strength=3, skill=2) == DamageDice(11, 4, 5)
    assert sword.with_qualities(Quality.DULL).damage_dice(strength=3, skill=2) == DamageDice(11, 4, 6)
    # Read literally: the serious number becomes 6, even from the great axe's 4.
    assert BOOK.melee_weapon("Great Axe").with_qualities(Quality.DULL).damage_dice(strength=2, skill=1) == DamageDice(11, 3, 6)


def test_only_edged_weapons_may_be_dull():
    with pytest.raises(ValueError, match="only edged"):
        BOOK.melee_weapon("Club").with_qualities(Quality.DULL)
    assert Quality.DULL in BOOK.ranged_weapon("Thrown Knife").with_qualities(Quality.DULL).qualities


def test_the_book_spelling_of_qualities():
    assert Quality.parse("Indiscriminant at Long Range") is Quality.INDISCRIMINATE_AT_LONG_RANGE
    assert Quality.parse("VHi ROF") is Quality.VHI_ROF
    assert Quality.parse("Laser-sight") is Quality.LASER_SIGHT
    with pytest.raises(ValueError, match="no weapon quality"):
        Quality.parse("Shiny")


def test_melee_and_ranged_qualities_stay_apart():
    with pytest.raises(ValueError, match="hi_rof"):
        BOOK.melee_weapon("Club").with_qualities(Quality.HI_ROF)
    with pytest.raises(ValueError, match="balanced"):
        BOOK.ranged_weapon("Long Bow").with_qualities(Quality.BALANCED)
    assert BOOK.melee_weapon("Dagger").with_qualities(Quality.ARMOR_PIERCING)
    assert BOOK.ranged_weapon("Long Bow").with_qualities(Quality.ARMOR_PIERCING).armor_piercing


def test_armor_piercing_halves_damage_reduction_rounding_down():
    assert BOOK.armor_named("Plate").reduction_against(armor_piercing=True) == 2
    assert BOOK.armor_named("Ballistic Vest").reduction_against(armor_piercing=True) == 3
    assert BOOK.armor_named("Plate").reduction_against(armor_piercing=False) == 5


def test_unreliable_only_on_semi_auto_automatic_or_archaic_weapons():
    assert BOOK.ranged_weapon(".45 Auto Pistol").with_qualities(Quality.UNRELIABLE)
    assert BOOK.ranged_weapon("M-16 (5.56mm)").with_qualities(Quality.UNRELIABLE)
    assert BOOK.ranged_weapon("Long Bow").with_qualities(Quality.UNRELIABLE)  # "a broken bowstring"
    assert BOOK.ranged_weapon("Flintlock Rifle").with_qualities(Quality.UNRELIABLE)
    for name in (".38 Revolver", "M-40 Sniper (.308)", "Shotgun", "Thrown Knife"):
        with pytest.raises(ValueError):
            BOOK.ranged_weapon(name).with_qualities(Quality.UNRELIABLE)


def test_bolt_action_cannot_fire_fast():
    with pytest.raises(ValueError, match="bolt-action"):
        BOOK.ranged_weapon("M-40 Sniper (.308)").with_qualities(Quality.SEMI_AUTO)


def test_rate_of_fire_needs_a_magazine():
    with pytest.raises(ValueError, match="magazine"):
        BOOK.ranged_weapon("Long Bow").with_qualities(Quality.HI_ROF)


# --- data in and out --------------------------------------------------------------


def test_ammo_is_a_magazine_range():
    assert Ammo.parse("Ammo:8-14") == Ammo(8, 14)
    assert Ammo.parse("Ammo: 80-200") == Ammo(80, 200)
    assert Ammo.parse("6") == Ammo(6, 6) == Ammo.parse(6)
    assert Ammo(8, 14).holds(10) and not Ammo(8, 14).holds(15)
    for nonsense in ("14-8", "0", "lots"):
        with pytest.raises(ValueError):
            Ammo.parse(nonsense)


def test_every_book_item_round_trips_through_json():
    text = json.dumps(dump(ArsenalItems, BOOK.listed))
    assert Arsenal.book().with_custom(json.loads(text)) == BOOK


def test_a_world_adds_its_own_weapon_in_the_books_notation():
    arsenal = BOOK.with_custom(
        {
            "ranged": [
                {
                    "name": "Laser Pistol", "damage": "Skill + 12 (3, 4)", "skill": "Pistol",
                    "close": "C", "optimal": "15m", "long": "20m (3)", "ammo": "Ammo:20",
                    "qualities": ["Semi-auto", "Laser-sight"],
                }
            ],
            "melee": [{"name": "Cudgel", "reach": "Cls", "damage": "Strength + Skill + 2 (4, 6)", "skill": "melee, one-handed"}],
            "armor": [{"name": "Combat Armor", "coverage": "> 75%", "damage_reduction": "-8"}],
            "shields": [{"name": "Tower Shield", "attacker_penalty": "-3d6"}],
        }
    )
    pistol = arsenal.ranged_weapon("laser pistol")
    assert pistol.damage_dice(skill=3) == DamageDice(15, 3, 4)
    assert pistol.qualities == {Quality.SEMI_AUTO, Quality.LASER_SIGHT}
    assert arsenal.melee_weapon("Cudgel").skill is WeaponSkill.MELEE_ONE_HANDED
    assert arsenal.armor_named("Combat Armor") == Armor("Combat Armor", Coverage.FULL, 8)
    assert arsenal.shield("Tower Shield") == Shield("Tower Shield", 3)
    assert arsenal.melee_weapon("Dagger") == BOOK.melee_weapon("Dagger")


@pytest.mark.parametrize(
    "lookup, typed, book_name",
    [
        ("melee_weapon", "broadsword", "Broad Sword"),
        ("ranged_weapon", "LONG  BOW", "Long Bow"),
        ("ranged_weapon", "m16 (5.56mm)", "M-16 (5.56mm)"),
        ("armor_named", "ballistic-vest", "Ballistic Vest"),
    ],
)
def test_names_are_found_whatever_their_case_spaces_and_hyphens(lookup, typed, book_name):
    assert getattr(BOOK, lookup)(typed).name == book_name


def test_a_world_item_replaces_the_book_item_of_the_same_name():
    dagger = {**described(BOOK.melee_weapon("Dagger")), "name": "DAGGER", "damage": "Strength + Skill + 1 (4, 5)"}
    assert BOOK.with_custom({"melee": [dagger]}).melee_weapon("dagger").damage.bonus == 1


@pytest.mark.parametrize(
    "kind, entry, message",
    [
        ("melee", {"name": "Stick", "reach": "1m", "damage": "Strength (5, 6)"}, "missing skill"),
        ("melee", {"name": "Stick", "reach": "C-1m", "damage": "Strength (5, 6)", "skill": "brawling"}, "reach"),
        ("melee", {"name": "Stick", "reach": "1m", "damage": "Strength (5, 6)", "skill": "fencing"}, "skill"),
        ("melee", {"name": "Stick", "reach": "1m", "damage": "Strength (5, 6)", "skill": "brawling", "qualities": "Quick"}, "list"),
        ("ranged", {"name": "Gun", "damage": "Skill + 8 (3, 4)", "skill": "pistol", "close": "C", "optimal": "8m", "long": "10m"}, "long range"),
        ("ranged", {"name": "Gun", "damage": "Skill + 8 (3, 4)", "skill": "pistol", "close": "C-9m", "optimal": "8m", "long": "10m (2)"}, "optimal"),
        ("armor", {"name": "Foil", "coverage": "half", "damage_reduction": 1}, "coverage"),
        ("shields", {"name": "Lid", "attacker_penalty": "a lot"}, "dice"),
    ],
)
def test_a_world_item_is_validated(kind, entry, message):
    with pytest.raises(ValueError, match=message):
        BOOK.with_custom({kind: [entry]})


def test_unknown_kinds_and_names_are_refused():
    with pytest.raises(ValueError, match="unknown kinds"):
        BOOK.with_custom({"vehicles": []})
    with pytest.raises(ValueError, match="no ranged item named 'Phaser'"):
        BOOK.ranged_weapon("Phaser")


# --- a world's own items ------------------------------------------------------


def described(item) -> dict:
    """An item as ``equipment.list`` shows it and a world keeps it."""
    shape = {MeleeWeapon: ArsenalMelee, RangedWeapon: ArsenalRanged, Shield: ArsenalShield, Armor: ArsenalArmor}
    return dump(shape[type(item)], item)


BLASTER = {"name": "Blaster", "damage": "Skill + 12 (3, 4)", "skill": "pistol", "close": "C", "optimal": "10m", "long": "20m (3)"}
GOOD = {"ranged": BLASTER, **{kind: described(items[0]) for kind, items in (("melee", BOOK_MELEE), ("shields", BOOK_SHIELDS), ("armor", BOOK_ARMOR))}}


@pytest.mark.parametrize(
    "kind, entry, field",
    [
        ("ranged", {**BLASTER, "damage": "Skill + 12"}, "damage"),
        ("ranged", {**BLASTER, "close": "C-12m"}, "optimal"),
        ("ranged", {**BLASTER, "qualities": ["Hi ROF"]}, "ammo"),
        ("ranged", {key: value for key, value in BLASTER.items() if key != "long"}, "long"),
        ("melee", {"name": "Stick", "reach": "1m", "damage": "Strength (5, 6)", "skill": "brawling", "qualities": ["Dull"]}, "qualities"),
        ("melee", {"name": "Stick", "reach": "1m", "damage": "Strength (5, 6)", "skill": "brawling", "large_blade": True}, "large_blade"),
        ("shields", {"name": "Lid", "attacker_penalty": "a lot"}, "attacker_penalty"),
        ("armor", {"name": "Foil", "coverage": "half", "damage_reduction": 1}, "coverage"),
    ],
)
def test_a_refused_world_item_names_its_kind_index_and_key(kind, entry, field):
    with pytest.raises(EntryError) as refused:
        define_items(Arsenal.empty(), {kind: [GOOD[kind], entry]})
    assert refused.value.field == f"{kind}.1.{field}"


def test_world_items_are_defined_replaced_and_removed_by_name():
    cloth = {"name": "Cloth", "coverage": "> 75%", "damage_reduction": "-2"}
    custom = define_items(Arsenal.empty(), {"ranged": [BLASTER], "armor": [cloth]})
    kept = dump(ArsenalItems, custom.listed)
    assert kept["ranged"] == [described(RangedWeapon.from_dict(BLASTER))]
    assert kept["armor"] == [{"name": "Cloth", "coverage": "full", "damage_reduction": 2}]
    custom = define_items(custom, {"ranged": [{**BLASTER, "name": "BLASTER", "damage": "Skill + 14 (3, 4)"}]})
    assert [(item.name, item.damage.notation) for item in custom.listed.ranged] == [("BLASTER", "Skill + 14 (3, 4)")]
    assert BOOK.with_custom(dump(ArsenalItems, custom.listed)).armor_named("cloth").damage_reduction == 2
    custom = remove_items(custom, {"ranged": ["blaster"]})
    assert dump(ArsenalItems, custom.listed) == {"melee": [], "ranged": [], "shields": [], "armor": kept["armor"]}
    with pytest.raises(EntryError) as refused:
        remove_items(custom, {"armor": ["Cloth", "Plate"]})
    assert refused.value.field == "armor.1"
