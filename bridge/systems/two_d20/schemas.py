"""The 2d20 variant's requests, cards and state document (docs/systems/two_d20.md)."""

from __future__ import annotations

from marshmallow import fields, validate

from ...protocol import Request
from ...rules.two_d20.combat import AttackKind
from ...rules.two_d20.contests import Side
from ...rules.two_d20.determination import MAXIMUM as DETERMINATION_MAXIMUM
from ...rules.two_d20.determination import DeterminationUse
from ...rules.two_d20.momentum import MomentumSpend
from ...rules.two_d20.rounds import Action
from ...rules.two_d20.skill_tests import EXTRA_DICE_COST, MAX_DIFFICULTY, SIDES, CountsAs, Payer
from ...rules.two_d20.traits import TraitSubject
from ...schemas.common import Identifier, Inbound
from ...schemas.pushes import Out, _const, card_entry
from ...schemas.requests import LABEL_MAX_CHARS, RATING_MAX, CardRequest, RequestSchema
from ...schemas.spec import CardSpec, RequestSpec
from ...table.schemas import CombatInitiativeRequest
from ..at_table import ActingToken

NAME = fields.String(required=True, validate=validate.Length(1, 40))
#: Most players at one table, assistants on one test, entries on a sheet.
PLAYERS_MAX = ASSISTANTS_MAX = SHEET_MAX = 20
#: Most traits named on one test; most damage or tokens in one request.
TRAITS_MAX, AMOUNT_MAX = 20, 40
#: Most parties in a round, characters in one, zones on a scene and neighbours of one zone.
PARTIES_MAX, PARTY_MAX, ZONES_MAX, LINKS_MAX = 6, 40, 40, 12
ZONE = fields.String(validate=validate.Length(1, 40))
BOUGHT_MAX = max(EXTRA_DICE_COST)


def _ratings(low: int = 0) -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=validate.Length(1, 40)), values=fields.Integer(validate=validate.Range(low, RATING_MAX)),
                       required=True, validate=validate.Length(max=SHEET_MAX))


# --- requests ---------------------------------------------------------------


class TwoD20SessionStartRequest(RequestSchema):
    """A new session: `players` set the Momentum cap and the GM's 2 Chaos each."""

    players = fields.Integer(required=True, validate=validate.Range(1, PLAYERS_MAX))


class TwoD20CharacterRequest(RequestSchema):
    """A character's sheet by actor: `skills` (with Survive), `styles` (with
    Boldly and Forcefully), `focuses` (a die at most the rating is two
    successes), the armor score, `powers` (a Mana pool), `npc` (an NPC's side pays with Chaos)."""

    actor_id = Identifier(required=True)
    name = NAME
    npc = fields.Boolean(load_default=False)
    skills = _ratings()
    styles = _ratings()
    focuses = fields.Dict(keys=fields.String(validate=validate.Length(1, 40)), values=fields.Integer(validate=validate.Range(1, SIDES)),
                          load_default=dict, validate=validate.Length(max=SHEET_MAX))
    armor = fields.Integer(load_default=0, validate=validate.Range(0, RATING_MAX))
    powers = fields.Boolean(load_default=False)


class TwoD20Approach(Inbound):
    """A skill and a style of the character's sheet by name, and a focus of it if one applies."""

    skill = NAME
    style = NAME
    focus = fields.String(validate=validate.Length(1, 40))


class TwoD20Assisting(TwoD20Approach):
    """A registered character rolling 1d20 for the leader."""

    actor_id = Identifier(required=True)


class TwoD20TestRequest(CardRequest, TwoD20Approach, ActingToken):
    """A skill test: the GM's `difficulty` and the `traits` (by name) bearing
    on it, `assistants`, d20s `bought` and who pays (`paid_by`), and whether
    a Determination token turns a die to a critical success (`critical_die`)."""

    difficulty = fields.Integer(required=True, validate=validate.Range(0, MAX_DIFFICULTY))
    traits = fields.List(fields.String(validate=validate.Length(1, 60)), load_default=list, validate=validate.Length(max=TRAITS_MAX))
    assistants = fields.List(fields.Nested(TwoD20Assisting), load_default=list, validate=validate.Length(max=ASSISTANTS_MAX))
    bought = fields.Integer(load_default=0, validate=validate.Range(0, BOUGHT_MAX))
    paid_by = fields.Enum(Payer, by_value=True, load_default=None)
    critical_die = fields.Boolean(load_default=False)


class TwoD20ContestRequest(CardRequest, TwoD20Approach):
    """A contest: the actor is the active side, `opponent` the passive one."""

    opponent = fields.Nested(TwoD20Assisting, required=True)


class TwoD20RerollRequest(CardRequest):
    """Determination re-rolls the actor's last test: `dice`, the indices of the leader's dice re-rolled."""

    dice = fields.List(fields.Integer(validate=validate.Range(0, 1 + BOUGHT_MAX)), required=True,
                       validate=validate.Length(1, 2 + BOUGHT_MAX))


class TwoD20CounterAttack(Inbound):
    """The defender's counter-attack on a successful defence (2 Momentum, or Chaos for an NPC)."""

    damage = fields.Integer(required=True, validate=validate.Range(0, AMOUNT_MAX))


class TwoD20AttackRequest(CardRequest, TwoD20Approach, ActingToken):
    """An attack by the actor on `target_id`: melee (difficulty 1) or ranged
    (2), the weapon's `damage` and the `bonus_damage` bought if it hits.
    The defender's choices (GM or the defender's owner): a melee `defence`
    (a contest), a `negative_trait` to take if it cuts the damage, a `counter_attack`."""

    target_id = Identifier(required=True)
    kind = fields.Enum(AttackKind, by_value=True, required=True)
    damage = fields.Integer(required=True, validate=validate.Range(0, AMOUNT_MAX))
    bonus_damage = fields.Integer(load_default=0, validate=validate.Range(0, AMOUNT_MAX))
    defence = fields.Nested(TwoD20Approach)
    negative_trait = fields.String(validate=validate.Length(1, 60))
    counter_attack = fields.Nested(TwoD20CounterAttack)


class TwoD20TraitSpec(Inbound):
    """A trait and how much it changes the difficulty of the tests it bears on."""

    name = fields.String(required=True, validate=validate.Length(1, 60))
    about = fields.Enum(TraitSubject, by_value=True, required=True)
    difficulty = fields.Integer(load_default=0, validate=validate.Range(-MAX_DIFFICULTY, MAX_DIFFICULTY))


class TwoD20SpendRequest(RequestSchema):
    """Momentum (anyone) or Chaos (the GM) spent on a question, a special
    move (the GM's price) or a trait (2), put on the scene or on `actor_id`."""

    pool = fields.String(required=True, validate=validate.OneOf(["momentum", "chaos"]))
    spend = fields.Enum(MomentumSpend, by_value=True, required=True,
                        validate=validate.OneOf([MomentumSpend.QUESTION, MomentumSpend.SPECIAL_MOVE, MomentumSpend.TRAIT]))
    amount = fields.Integer(load_default=1, validate=validate.Range(1, AMOUNT_MAX))
    trait = fields.Nested(TwoD20TraitSpec)
    actor_id = Identifier()


class TwoD20ChaosRequest(RequestSchema):
    """Chaos for the GM: `prevented` complications (2 each, anyone), or
    `tokens` for the story with a `reason` (the GM)."""

    prevented = fields.Integer(load_default=0, validate=validate.Range(0, AMOUNT_MAX))
    tokens = fields.Integer(load_default=0, validate=validate.Range(0, AMOUNT_MAX))
    reason = fields.String(load_default="", validate=validate.Length(max=LABEL_MAX_CHARS))


class TwoD20DeterminationRequest(RequestSchema):
    """A character spends Determination on a trait (create `trait`, or
    remove the one named `remove_trait`) or on another action."""

    actor_id = Identifier(required=True)
    use = fields.Enum(DeterminationUse, by_value=True, required=True,
                      validate=validate.OneOf([DeterminationUse.TRAIT, DeterminationUse.EXTRA_ACTION]))
    trait = fields.Nested(TwoD20TraitSpec)
    remove_trait = fields.String(validate=validate.Length(1, 60))


class TwoD20AwardRequest(RequestSchema):
    """The GM gives a character a Determination token, saying why."""

    actor_id = Identifier(required=True)
    reason = fields.String(required=True, validate=validate.Length(1, LABEL_MAX_CHARS))


class TwoD20ManaRequest(RequestSchema):
    actor_id = Identifier(required=True)
    mana = fields.Integer(required=True, validate=validate.Range(1, AMOUNT_MAX))


class TwoD20TraitRequest(RequestSchema):
    """The GM puts a `trait` on the scene or on `actor_id`, or removes the one named `remove`."""

    trait = fields.Nested(TwoD20TraitSpec)
    remove = fields.String(validate=validate.Length(1, 60))
    actor_id = Identifier()


class TwoD20EndRequest(RequestSchema):
    pass


class TwoD20ActionRequest(RequestSchema, ActingToken):
    """The character takes their `major` or `minor` action of their turn in
    the fight (`combat.next` passes it); a minor one may move them to a
    nearby `zone`."""

    actor_id = Identifier(required=True)
    action = fields.Enum(Action, by_value=True, required=True)
    zone = ZONE


class TwoD20ZonesRequest(RequestSchema):
    """The GM draws the scene's `zones` (each zone's neighbours) and places characters in them (`positions`)."""

    zones = fields.Dict(keys=ZONE, values=fields.List(ZONE, validate=validate.Length(max=LINKS_MAX)), required=True,
                        validate=validate.Length(1, ZONES_MAX))
    positions = fields.Dict(keys=Identifier(), values=ZONE, load_default=dict, validate=validate.Length(max=PARTIES_MAX * PARTY_MAX))


# --- the state document -----------------------------------------------------


class TwoD20Momentum(Out):
    tokens = fields.Integer(required=True, validate=validate.Range(min=0))
    players = fields.Integer(required=True, validate=validate.Range(min=1))
    cap = fields.Integer(required=True)


class TwoD20Chaos(Out):
    tokens = fields.Integer(required=True, validate=validate.Range(min=0))


class TwoD20Determination(Out):
    tokens = fields.Integer(required=True, validate=validate.Range(0, DETERMINATION_MAXIMUM))
    maximum = fields.Integer(required=True)


class TwoD20Trait(Out):
    name = fields.String(required=True)
    about = fields.Enum(TraitSubject, by_value=True, required=True)
    difficulty = fields.Integer(required=True)


class TwoD20Vitals(Out):
    """A character's Stress, Armor and Mana, each with its scene maximum."""

    stress = fields.Integer(required=True, validate=validate.Range(min=0))
    stress_max = fields.Integer(required=True)
    armor = fields.Integer(required=True, validate=validate.Range(min=0))
    armor_max = fields.Integer(required=True)
    mana = fields.Integer(required=True, validate=validate.Range(min=0))
    mana_max = fields.Integer(required=True)


class TwoD20Character(TwoD20Vitals):
    """A registered character: the sheet as sent, its trackers, and the card (`roll_id`) of
    its last `2d20.test`, which `2d20.reroll` re-rolls."""

    name = fields.String(required=True)
    npc = fields.Boolean(required=True)
    skills = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    styles = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    focuses = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    powers = fields.Boolean(required=True)
    determination = fields.Nested(TwoD20Determination, required=True)
    traits = fields.List(fields.Nested(TwoD20Trait), required=True)
    last_test = fields.String(required=True, allow_none=True)


class TwoD20AfterTest(Out):
    """The successful test (its card) Momentum may be spent after."""

    roll_id = fields.String(required=True)
    actor_id = Identifier(required=True)


class TwoD20Turn(Out):
    """The actions a character took in its last turn of a fight: the
    combat's scene, round and seat, the actions `taken` and the major ones
    Determination added (`extra_actions`). A turn the fight has moved past
    counts as no action taken."""

    scene_id = Identifier(required=True)
    round = fields.Integer(required=True, validate=validate.Range(min=1))
    seat = fields.String(required=True)
    taken = fields.List(fields.Enum(Action, by_value=True), required=True)
    extra_actions = fields.Integer(required=True)


class TwoD20Zones(Out):
    links = fields.Dict(keys=fields.String(), values=fields.List(fields.String()), required=True)
    positions = fields.Dict(keys=Identifier(), values=fields.String(), required=True)


class TwoD20State(Out):
    """The party's Momentum, the GM's Chaos, the scene's traits, each character by actor id,
    the test Momentum may be spent after, each character's actions in its last turn of a fight
    and the scene's zones."""

    momentum = fields.Nested(TwoD20Momentum, required=True)
    chaos = fields.Nested(TwoD20Chaos, required=True)
    traits = fields.List(fields.Nested(TwoD20Trait), required=True)
    characters = fields.Dict(keys=Identifier(), values=fields.Nested(TwoD20Character), required=True)
    after_test = fields.Nested(TwoD20AfterTest, required=True, allow_none=True)
    turns = fields.Dict(keys=Identifier(), values=fields.Nested(TwoD20Turn), required=True)
    zones = fields.Nested(TwoD20Zones, required=True)


class TwoD20Change(Out):
    """One pool's change as the rules make it; `lost`: above a cap."""

    pool = fields.String(required=True, validate=validate.OneOf(["momentum", "chaos", "determination", "mana"]))
    before = fields.Integer(required=True)
    after = fields.Integer(required=True)
    reason = fields.String(required=True)
    lost = fields.Integer(required=True)


class TwoD20PoolChange(TwoD20Change):
    """One pool's change: `actor_id` for a character's own (Determination, Mana); `lost`: above a cap."""

    actor_id = fields.String(required=True, allow_none=True)


class TwoD20Changed(Out):
    """A request's changes to the pools, and the state document after them."""

    changes = fields.List(fields.Nested(TwoD20PoolChange), required=True)
    state = fields.Nested(TwoD20State, required=True)


# --- cards -------------------------------------------------------------------


class TwoD20Target(Out):
    skill = fields.Integer(required=True)
    style = fields.Integer(required=True)
    focus = fields.Integer(required=True, allow_none=True)
    value = fields.Integer(required=True)


class TwoD20Die(Out):
    """One die: how it counted, its successes, whether it is a complication,
    the faces it showed before a re-roll, and whether Determination turned it to a critical success."""

    face = fields.Integer(required=True, validate=validate.Range(1, SIDES))
    counts_as = fields.Enum(CountsAs, by_value=True, required=True)
    successes = fields.Integer(required=True, validate=validate.Range(0, 2))
    complication = fields.Boolean(required=True)
    rerolled_from = fields.List(fields.Integer(), required=True)
    determined = fields.Boolean(required=True)


class TwoD20Assistant(Out):
    name = fields.String(required=True)
    target = fields.Nested(TwoD20Target, required=True)
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    dice = fields.List(fields.Nested(TwoD20Die), required=True)


class TwoD20Verdict(Out):
    label = fields.String(required=True, validate=validate.OneOf(["passed", "failed", "active_wins", "passive_wins", "hit", "miss"]))


class TwoD20SkillTest(Out):
    """A rolled test: every face, how each counted, and the verdict."""

    system = _const("two_d20")
    target = fields.Nested(TwoD20Target, required=True)
    difficulty = fields.Integer(required=True, validate=validate.Range(0, MAX_DIFFICULTY))
    faces = fields.List(fields.Integer(validate=validate.Range(1, SIDES)), required=True)
    dice = fields.List(fields.Nested(TwoD20Die), required=True)
    bought = fields.Integer(required=True, validate=validate.Range(0, BOUGHT_MAX))
    cost = fields.Integer(required=True)
    paid_by = fields.Enum(Payer, by_value=True, required=True, allow_none=True)
    assistants = fields.List(fields.Nested(TwoD20Assistant), required=True)
    leader_successes = fields.Integer(required=True)
    assistant_successes = fields.Integer(required=True)
    successes = fields.Integer(required=True)
    complications = fields.Integer(required=True)
    passed = fields.Boolean(required=True)
    outcome = fields.Nested(TwoD20Verdict, required=True)
    momentum = fields.Integer(required=True, validate=validate.Range(min=0))
    explanation = fields.List(fields.String(), required=True)


class TwoD20Difficulty(Out):
    """The GM's difficulty, the traits bearing on the test, and the difficulty rolled against."""

    base = fields.Integer(required=True)
    traits = fields.List(fields.Nested(TwoD20Trait), required=True)
    value = fields.Integer(required=True)
    explanation = fields.List(fields.String(), required=True)


class TwoD20TestCard(TwoD20SkillTest):
    """`2d20.test`: the test, its difficulty's working, the die Determination
    turned (`critical_die`, an index of `dice`, or null) and the pools' changes."""

    difficulty_set = fields.Nested(TwoD20Difficulty, required=True)
    critical_die = fields.Integer(required=True, allow_none=True)
    pools = fields.List(fields.Nested(TwoD20PoolChange), required=True)


class TwoD20RerollCard(TwoD20TestCard):
    """`2d20.reroll`: the test again, each re-rolled die keeping the faces it showed
    (`rerolled_from`); `rerolled`: the card it replaces."""

    rerolled = fields.String(required=True)


class TwoD20Contest(Out):
    """Both tests at difficulty 0; the active side wins a draw (with a success of its own)."""

    system = _const("two_d20")
    active = fields.Nested(TwoD20SkillTest, required=True)
    passive = fields.Nested(TwoD20SkillTest, required=True)
    winner = fields.Enum(Side, by_value=True, required=True)
    margin = fields.Integer(required=True)
    outcome = fields.Nested(TwoD20Verdict, required=True)
    explanation = fields.List(fields.String(), required=True)


class TwoD20ContestCard(TwoD20Contest):
    """`2d20.contest`: both tests at difficulty 0; the active side wins a draw (with a success of its own);
    `passive_id`: the passive side's actor."""

    passive_id = Identifier(required=True)


class TwoD20HitWorking(Out):
    """A hit worked out: armor absorbs then ablates, a negative trait taken cuts it to 2."""

    damage = fields.Integer(required=True)
    bonus_damage = fields.Integer(required=True)
    armor_before = fields.Integer(required=True)
    absorbed = fields.Integer(required=True)
    negative_trait = fields.String(required=True, allow_none=True)
    damage_left = fields.Integer(required=True)
    stress_before = fields.Integer(required=True)
    stress_lost = fields.Integer(required=True)
    explanation = fields.List(fields.String(), required=True)


class TwoD20Hit(TwoD20HitWorking):
    """Damage on a character (`actor_id`): armor absorbs then ablates, a negative trait taken cuts it to 2."""

    actor_id = Identifier(required=True)


class TwoD20AttackCard(Out):
    """`2d20.attack`: the attack `test` (undefended) or the `defence` contest,
    whether it hit, the hit on the target, the counter-attack's hit on the
    attacker, and the pools' changes."""

    system = _const("two_d20")
    kind = fields.Enum(AttackKind, by_value=True, required=True)
    target_id = Identifier(required=True)
    test = fields.Nested(TwoD20SkillTest, required=True, allow_none=True)
    defence = fields.Nested(TwoD20ContestCard, required=True, allow_none=True)
    hit = fields.Boolean(required=True)
    outcome = fields.Nested(TwoD20Verdict, required=True)
    damage = fields.Nested(TwoD20Hit, required=True, allow_none=True)
    counter_attack = fields.Nested(TwoD20Hit, required=True, allow_none=True)
    pools = fields.List(fields.Nested(TwoD20PoolChange), required=True)
    explanation = fields.List(fields.String(), required=True)


class TwoD20CharacterResult(Out):
    character = fields.Nested(TwoD20Character, required=True)
    state = fields.Nested(TwoD20State, required=True)


class TwoD20InitiativeCard(Out):
    """`combat.initiative` in a world of the 2d20 variant: the seats in turn order, the seat with the initiative, and why."""

    system = _const("two_d20")
    order = fields.List(fields.String(), required=True)
    first = fields.String(required=True)
    explanation = fields.List(fields.String(), required=True)


CARDS = {
    Request.COMBAT_INITIATIVE.value: CardSpec(CombatInitiativeRequest, card_entry(
        Request.COMBAT_INITIATIVE, TwoD20InitiativeCard, name="TwoD20InitiativeEntry"), gm_only=True),
    "2d20.test": CardSpec(TwoD20TestRequest, card_entry("2d20.test", TwoD20TestCard, name="TwoD20TestEntry")),
    "2d20.reroll": CardSpec(TwoD20RerollRequest, card_entry("2d20.reroll", TwoD20RerollCard, name="TwoD20RerollEntry")),
    "2d20.contest": CardSpec(TwoD20ContestRequest, card_entry("2d20.contest", TwoD20ContestCard, name="TwoD20ContestEntry")),
    "2d20.attack": CardSpec(TwoD20AttackRequest, card_entry("2d20.attack", TwoD20AttackCard, name="TwoD20AttackEntry")),
}

REQUESTS = {
    "2d20.session.start": RequestSpec(TwoD20SessionStartRequest, TwoD20Changed, gm_only=True),
    "2d20.character": RequestSpec(TwoD20CharacterRequest, TwoD20CharacterResult, gm_only=True),
    "2d20.spend": RequestSpec(TwoD20SpendRequest, TwoD20Changed),
    "2d20.chaos": RequestSpec(TwoD20ChaosRequest, TwoD20Changed),
    "2d20.determination": RequestSpec(TwoD20DeterminationRequest, TwoD20Changed),
    "2d20.determination.award": RequestSpec(TwoD20AwardRequest, TwoD20Changed, gm_only=True),
    "2d20.mana": RequestSpec(TwoD20ManaRequest, TwoD20Changed),
    "2d20.trait": RequestSpec(TwoD20TraitRequest, TwoD20Changed, gm_only=True),
    "2d20.action": RequestSpec(TwoD20ActionRequest, TwoD20Changed),
    "2d20.zones": RequestSpec(TwoD20ZonesRequest, TwoD20Changed, gm_only=True),
    "2d20.scene.end": RequestSpec(TwoD20EndRequest, TwoD20Changed, gm_only=True),
}
