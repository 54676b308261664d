"""``bridge.schemas.encode``: a rules value written in its output schema's
shape is what marshmallow's own ``Schema.dump`` writes, in JSON's types."""

from dataclasses import dataclass, field
from enum import Enum

import pytest
from marshmallow import Schema, fields

from bridge.rules.dice import FixedDice
from bridge.rules.moment_of_truth import RollKind, resolve_roll, roll_odds, token_hazards
from bridge.rules.moment_of_truth.attacks import Target, resolve_attack
from bridge.rules.moment_of_truth.called_shots import CalledShot
from bridge.rules.moment_of_truth.characters import CharacterSheet, check_creation
from bridge.rules.moment_of_truth.combat_pool import combat_pool
from bridge.rules.moment_of_truth.conditions import Condition
from bridge.rules.moment_of_truth.connections import check_connections, roll_connection
from bridge.rules.moment_of_truth.damage import DamageDice
from bridge.rules.moment_of_truth.damage_odds import attack_odds, damage_odds
from bridge.rules.moment_of_truth.defense import to_hit
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.encounter import Combatant as EncounterCombatant
from bridge.rules.moment_of_truth.encounter import Side
from bridge.rules.moment_of_truth.equipment import Arsenal
from bridge.rules.moment_of_truth.hazards import Charge
from bridge.rules.moment_of_truth.healing import recovery_wait
from bridge.rules.moment_of_truth.health import Health
from bridge.rules.moment_of_truth.initiative import GmReaction, GmSide, roll_initiative
from bridge.rules.moment_of_truth.moments import (
    Contribution,
    HeldReward,
    MomentsLedger,
    Reward,
    RollSpending,
    take_failure,
)
from bridge.rules.moment_of_truth.ranges import weapon_range
from bridge.rules.moment_of_truth.simulation import simulate
from bridge.rules.moment_of_truth.statistics import Statistic
from bridge.rules.moment_of_truth.talents import Talent, TalentUses, use_talent
from bridge.rules.moment_of_truth.tokens import TokenState
from bridge.rules.moment_of_truth.tracker import Combat, Combatant, started, with_initiative
from bridge.rules.moment_of_truth.turns import condition_roll, turn_allowance
from bridge.rules.moment_of_truth.weapon_handling import Magazine, WeaponState
from bridge.rules.moment_of_truth.weapon_state import shown, with_weapon
from bridge.schemas.encode import dump
from bridge.schemas.pushes import _const
from bridge.systems.moment_of_truth.schemas import (
    characters,
    combat,
    hazards,
    health,
    moments,
    odds,
    rolls,
    simulation,
    tokens,
    tracker,
)


class Colour(str, Enum):
    RED = "red"
    BLUE = "blue"


@dataclass
class Leaf:
    colour: Colour
    weight: int

    @property
    def shade(self) -> Colour:
        return self.colour


@dataclass
class Tree:
    name: str
    leaves: tuple[Leaf, ...]
    crown: Leaf | None
    by_colour: dict[Colour, int]
    tags: tuple[str, ...] = ()
    nested: dict = field(default_factory=lambda: {"depth": 2})

    @property
    def height(self) -> int:
        return len(self.leaves) * 2

    @property
    def branches(self) -> list[Leaf]:
        return list(reversed(self.leaves))

    @property
    def heaviest(self) -> Leaf | None:
        return max(self.leaves, key=lambda leaf: leaf.weight, default=None)


class LeafShape(Schema):
    colour = fields.Enum(Colour, by_value=True, required=True)
    colour_name = fields.Enum(Colour, attribute="shade", required=True)
    weight = fields.Integer(required=True)


class TreeShape(Schema):
    kind = _const("tree")
    name = fields.String(required=True, data_key="title")
    leaves = fields.List(fields.Nested(LeafShape), required=True)
    branches = fields.Nested(LeafShape, many=True, required=True)
    crown = fields.Nested(LeafShape, required=True, allow_none=True)
    by_colour = fields.Dict(keys=fields.Enum(Colour, by_value=True), values=fields.Integer(), required=True)
    tags = fields.List(fields.String(), required=True)
    height = fields.Integer(required=True)
    depth = fields.Integer(required=True, attribute="nested.depth")
    crown_weight = fields.Method("weight_of_crown")
    heaviest = fields.Pluck(LeafShape, "colour", required=True, allow_none=True)
    version = fields.Constant(1)
    rings = fields.Integer()  # no such attribute: left out, as marshmallow leaves it

    def weight_of_crown(self, tree):
        return tree.crown.weight if tree.crown else 0


def _trees():
    leaves = (Leaf(Colour.RED, 3), Leaf(Colour.BLUE, 4))
    yield Tree("oak", leaves, leaves[0], {Colour.RED: 1, Colour.BLUE: 2}, ("old", "tall"))
    yield Tree("sapling", (), None, {})


def test_what_it_does_not_write_is_refused_when_its_writer_is_made():
    class Partial(Schema):
        leaves = fields.List(fields.Nested(LeafShape, only=("weight",)), required=True)

    class Pairs(Schema):
        pair = fields.Tuple((fields.Integer(), fields.Integer()), required=True)

    for schema in (Partial, Pairs):
        with pytest.raises(TypeError, match="not written"):
            dump(schema, None)


def _json_types_only(value):
    """No enum member or tuple where JSON's own types belong."""
    if isinstance(value, dict):
        return all(type(key) is str and _json_types_only(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_json_types_only(item) for item in value)
    return type(value) in (str, int, float, bool, type(None))


class _DotAccess(dict):
    """marshmallow reads a dotted attribute through a dict by key; the encoder reads attributes."""

    __getattr__ = dict.__getitem__


@pytest.mark.parametrize("tree", list(_trees()), ids=lambda tree: tree.name)
def test_every_kind_of_field_is_written_as_marshmallow_dumps_it(tree):
    tree.nested = _DotAccess(tree.nested)
    written = dump(TreeShape, tree)
    assert written == TreeShape().dump(tree)
    assert list(written) == list(TreeShape().dump(tree))  # the same order of keys: the same bytes
    assert "rings" not in written and written["kind"] == "tree"
    assert _json_types_only(written)


DIALS = Dials()
BOOK = Arsenal.book()
STATS = {statistic: 3 for statistic in Statistic}


def _attacks():
    rifle, vest = BOOK.ranged_weapon("M-16 (5.56mm)"), BOOK.armor_named("Ballistic Vest")
    pool = combat_pool(STATS, 3, rifle, dials=DIALS, range_reading=weapon_range(rifle, 40))
    head = to_hit(dials=DIALS, ranged=True, called_shot=CalledShot.HEAD)
    yield resolve_attack(
        pool, head, Target("thug", endurance=3), dials=DIALS, dice=FixedDice([5, 6, 5, 6, 1, 2] + [4] * 30)
    )
    yield resolve_attack(
        pool,
        to_hit(dials=DIALS, ranged=True),
        Target("thug", armor=vest),
        dials=DIALS,
        dice=FixedDice([1, 1, 2, 3, 4, 1] + [3] * 30),
    )


def _token(token_id: str) -> TokenState:
    return TokenState(token_id, f"actor-{token_id}", token_id, STATS, Health(16), armor={"name": "Plate"}, version=1)


def _burns():
    made, lit = token_hazards.ignite(_token("t1"), 2, DIALS, dice=FixedDice([5, 3]))
    yield lit
    yield token_hazards.smother(made.after, _token("t2"), DIALS, water=True, dice=FixedDice([5, 5] + [1] * 7))[1]


def _blast():
    caught = [token_hazards.InReach(_token("near"), 0.5), token_hazards.InReach(_token("far"), 12)]
    return token_hazards.blast(Charge.SHRAPNEL.damage(4), caught, DIALS, dice=FixedDice([4, 5, 1, 1]))[1]


def _kept_token() -> TokenState:
    vacuum = token_hazards.enter_vacuum(_token("t1"), DIALS, ruptured_suit=True, dice=FixedDice([1, 1, 1, 3]))[0].after
    made = token_hazards.ignite(vacuum, 2, DIALS, dice=FixedDice([5, 3]))[0].after
    return with_weapon(made, BOOK.ranged_weapon("M-16 (5.56mm)"), WeaponState(jammed=True, magazine=Magazine(3, 30)))


def _fight() -> Combat:
    fight = started("s", ("a", "gm"), "gm", (Combatant("t1", "a"), Combatant("t2", "gm")))
    gm = GmSide("gm", {"t2": STATS}, GmReaction.HIGHEST)
    rolled = roll_initiative(("a", "gm"), {"a": STATS}, gm, DIALS, dice=FixedDice([1, 2, 3, 4, 5, 6] * 5))
    return with_initiative(fight, rolled)


def _sides() -> tuple[Side, Side]:
    rifle, plate = BOOK.ranged_weapon("M-16 (5.56mm)"), BOOK.armor_named("Plate")
    veteran = EncounterCombatant("vet", STATS, 2, rifle, plate, None, 1)
    return Side("A", (veteran,)), Side("B", (EncounterCombatant("civ", STATS, None, BOOK.melee_weapon("Dagger")),))


CARDS = [
    (rolls.RollResult, resolve_roll(RollKind.SKILL, 3, 2, 1, dice=FixedDice([2, 5, 1, 3, 1]))),
    (rolls.RollResult, resolve_roll(RollKind.STATISTIC, 3, None, 2, difficulty=1, dice=FixedDice([6, 6, 1]))),
    *((combat.AttackResult, attack) for attack in _attacks()),
    (rolls.Odds, roll_odds(5, 2, RollKind.SKILL)),
    (odds.DamageOdds, damage_odds(DamageDice(6, 3, 4), 2)),
    (odds.AttackOdds, attack_odds(5, 3, RollKind.SKILL, DamageDice(12, 3, 4), 6)),
    (moments.MomentsChange, take_failure(MomentsLedger((("Allison", 1),)), "Allison", DIALS, roll_id="r-7")),
    (moments.MomentsLedger, take_failure(MomentsLedger((("Allison", 1),)), "Allison", DIALS).ledger),
    (rolls.RollSpending, RollSpending("Allison", 1, (Contribution("Seamus", 2),), talent_moments=1)),
    (rolls.HeldReward, HeldReward("Allison", Reward.TAKE_FAILURE, 2)),
    (moments.ConnectionRoll, roll_connection(dice=FixedDice([2, 5]))),
    (moments.ConnectionsCheck, check_connections([], Dials(connections=True))),
    (health.Recovery, recovery_wait(dice=FixedDice([3, 4]))),
    (tracker.Allowance, turn_allowance(5, {Condition.PRONE})),
    (tracker.ConditionRoll, condition_roll(Condition.STUNNED, STATS, DIALS, dice=FixedDice([5, 2, 6]))),
    *((hazards.FireResult, result) for result in _burns()),
    (hazards.ExplosionResult, _blast()),
    (tokens.TokenState, _kept_token()),
    (tracker.Combat, _fight()),
    (simulation.EncounterReport, simulate(_sides(), dials=DIALS, fights=200, seed=5)),
    (simulation.DescribedSide, _sides()[0]),
    (characters.ArsenalItems, BOOK.listed),
    (characters.CreationCheck, check_creation(CharacterSheet("D", {Statistic.WILL: 5}), DIALS)),
    (combat.WeaponState, shown(WeaponState(magazine=Magazine(3, 30)), BOOK.ranged_weapon("M-16 (5.56mm)"))),
    (
        rolls.TalentUse,
        use_talent(
            Talent("Liar", "lying", skills=("Lying",)),
            TalentUses(),
            RollKind.SKILL,
            Statistic.WILL,
            "Lying",
            dials=DIALS,
        ),
    ),
]


@pytest.mark.parametrize(("schema", "value"), CARDS, ids=lambda item: getattr(item, "__name__", ""))
def test_moment_of_truth_cards_are_their_schemas_dump(schema, value):
    written = dump(schema, value)
    assert written == schema().dump(value)
    assert _json_types_only(written)
