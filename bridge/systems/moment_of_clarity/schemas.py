"""Moment of Clarity's requests, cards and state document (docs/systems/moment_of_clarity.md)."""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from ...rules.dice import MAX_DICE_PER_ROLL
from ...rules.moment_of_clarity.beads import PowerLevel
from ...rules.moment_of_clarity.cards import Suiting
from ...rules.moment_of_clarity.chips import Chip, Use
from ...rules.moment_of_clarity.effect import DieKind
from ...rules.moment_of_clarity.elements import Archetype, Element, Suit
from ...rules.moment_of_clarity.health import DAMAGE_POINTS
from ...rules.moment_of_clarity.levels import Level
from ...rules.moment_of_clarity.rolls import SIDES
from ...schemas.common import Identifier
from ...schemas.pushes import Out, _const, card_entry
from ...schemas.requests import HELPER_NAME_MAX_CHARS, RATING_MAX, CardRequest, RequestSchema
from ...schemas.spec import CardSpec, RequestSpec

#: Highest TN a request may set (11+ is "very difficult").
TN_MAX = 60
#: Most actions one split pool is divided into; most chips given at once.
ACTIONS_MAX = CHIPS_MAX = 10
#: Most skills on a character's sheet.
SKILLS_MAX = 100
#: Pain and Fatigue tracks never run past this.
TRACK_MAX = 200

_NAME = validate.Length(1, HELPER_NAME_MAX_CHARS)
_RATING = validate.Range(0, RATING_MAX)
_DICE = validate.Range(1, MAX_DICE_PER_ROLL)
_TN = validate.Range(1, TN_MAX)


def _enum(enum, **kwargs):
    return fields.Enum(enum, by_value=True, **kwargs)


# --- what requests carry ------------------------------------------------------


class MocPlayingCard(Schema):
    """A card of the deck: rank 2-10, Jack 11, Queen 12, King 13, Ace 14."""

    rank = fields.Integer(required=True, validate=validate.Range(2, 14))
    suit = _enum(Suit, required=True)


class MocTracks(Schema):
    damage = fields.Integer(load_default=0, validate=validate.Range(0, DAMAGE_POINTS))
    pain = fields.Integer(load_default=0, validate=validate.Range(0, TRACK_MAX))
    fatigue = fields.Integer(load_default=0, validate=validate.Range(0, TRACK_MAX))


class MocSheetSkill(Schema):
    """A skill on the sheet: its Element, dice and difficulty level (0 easy, 1 normal, 2 difficult)."""

    name = fields.String(required=True, validate=_NAME)
    element = _enum(Element, required=True)
    dice = fields.Integer(required=True, validate=_RATING)
    difficulty = fields.Integer(load_default=1, validate=validate.Range(0, 2))


class MocCharacterRequest(RequestSchema):
    """The GM registers (or replaces) a character's sheet. ``primary_dice``:
    the dice of the primary characteristic its beads come from; ``placed``:
    beads it moves each scene out of its primary Element (a Wildcard places
    them all); ``body``, ``toughness``, ``l_score``: B, T and L, which size
    the Pain track; ``draws_cards``: false for the rabble (only the most
    powerful villains have cards). A registered character keeps its hand, chips and beads."""

    actor_id = Identifier(required=True)
    name = fields.String(required=True, validate=_NAME)
    archetype = fields.String(required=True, validate=validate.OneOf([a.value for a in Archetype]))
    power_level = fields.String(
        load_default=PowerLevel.STANDARD.value, validate=validate.OneOf([p.value for p in PowerLevel])
    )
    primary_dice = fields.Integer(required=True, validate=_RATING)
    placed = fields.Dict(
        keys=fields.String(validate=validate.OneOf([e.value for e in Element])),
        values=fields.Integer(validate=validate.Range(0, 3 * RATING_MAX)),
        load_default=dict,
    )
    body = fields.Integer(required=True, validate=_RATING)
    toughness = fields.Integer(required=True, validate=_RATING)
    l_score = fields.Integer(required=True, validate=_RATING)
    skills = fields.List(fields.Nested(MocSheetSkill), load_default=list, validate=validate.Length(max=SKILLS_MAX))
    tracks = fields.Nested(MocTracks, load_default=lambda: {"damage": 0, "pain": 0, "fatigue": 0})
    draws_cards = fields.Boolean(load_default=True)


class MocPoolPart(Schema):
    source = fields.String(required=True, validate=_NAME)
    dice = fields.Integer(required=True, validate=validate.Range(0, MAX_DICE_PER_ROLL))


class MocRollRequest(CardRequest):
    """A roll: the pool's ``parts``, d10 (open-ended 10s) or d6, against
    ``tn``; ``untrained``: the skill's difficulty level when used untrained
    (off the pool in dice, to 1 at least, and on the TN)."""

    parts = fields.List(fields.Nested(MocPoolPart), required=True, validate=validate.Length(1, 20))
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))
    tn = fields.Integer(load_default=7, validate=_TN)
    untrained = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(0, 2))
    open_ended = fields.Boolean(load_default=True)


class MocSplitAction(Schema):
    """One action of a split pool; ``needs``: the lowest level that does not
    pre-empt what follows; ``free_success``: a bead bought it a marginal success."""

    name = fields.String(required=True, validate=_NAME)
    dice = fields.Integer(required=True, validate=_DICE)
    tn = fields.Integer(load_default=7, validate=_TN)
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))
    needs = _enum(Level, load_default=Level.NEAR_SUCCESS)
    free_success = fields.Boolean(load_default=False)


class MocSplitRequest(CardRequest):
    """A pool split among ``actions`` rolled in order: one die lost per
    action after the first (``counted`` actions, the GM's ``extra_loss``);
    a failed action pre-empts the rest unless the GM says not (``preempt``)."""

    pool = fields.Integer(required=True, validate=_DICE)
    actions = fields.List(fields.Nested(MocSplitAction), required=True, validate=validate.Length(1, ACTIONS_MAX))
    counted = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(1, ACTIONS_MAX))
    extra_loss = fields.Integer(load_default=0, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    preempt = fields.Boolean(load_default=True)


class MocDiePoints(Schema):
    """Points of a card on die ``die`` of action ``action`` (0 for a plain roll)."""

    action = fields.Integer(load_default=0, validate=validate.Range(0, ACTIONS_MAX - 1))
    die = fields.Integer(required=True, validate=validate.Range(0, MAX_DICE_PER_ROLL))
    points = fields.Integer(required=True, validate=validate.Range(1, 14))


class MocAugmentRequest(CardRequest):
    """A card from the actor's hand played on the dice of its earlier roll
    (``roll_id``, a ``moc.roll`` or ``moc.split`` card) for the ``element``
    of the action: on suit its value split among dice, otherwise half of it
    (rounded up) on one die."""

    roll_id = fields.String(required=True, validate=validate.Length(1, 64))
    card = fields.Nested(MocPlayingCard, required=True)
    element = _enum(Element, required=True)
    points = fields.List(fields.Nested(MocDiePoints), required=True, validate=validate.Length(1, 40))


class MocOpposedRequest(CardRequest):
    """A secret roll for an opposed action: the card goes to the roller and
    the GM only (whatever ``visibility`` says); its successes are declared later."""

    dice = fields.Integer(required=True, validate=_DICE)
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))
    tn = fields.Integer(load_default=7, validate=_TN)


class MocDeclareRequest(CardRequest):
    """Declare ``successes`` of the actor's secret roll ``roll_id``: the
    active side against ``against``, or, with ``resists`` (a declaration's
    card id), the resisting side taking levels off it. The rest are saved."""

    roll_id = fields.String(required=True, validate=validate.Length(1, 64))
    successes = fields.Integer(required=True, validate=validate.Range(0, 4))
    against = fields.String(load_default="", validate=validate.Length(max=HELPER_NAME_MAX_CHARS))
    resists = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 64))


class MocActorRequest(RequestSchema):
    actor_id = Identifier(required=True)


class MocKeepRequest(MocActorRequest):
    """A Wildcard keeps 3 of the 4 cards it drew."""

    cards = fields.List(fields.Nested(MocPlayingCard), required=True, validate=validate.Length(3, 3))


class MocCardBeadsRequest(MocActorRequest):
    """A card from the hand exchanged for beads of its suit's Element (two
    more ``before_scene``)."""

    card = fields.Nested(MocPlayingCard, required=True)
    before_scene = fields.Boolean(load_default=False)


class MocCardShiftRequest(MocActorRequest):
    """A card from the hand, before a scene, moves half its face value of
    beads from ``source`` to ``target`` at no cost."""

    card = fields.Nested(MocPlayingCard, required=True)
    source = _enum(Element, required=True)
    target = _enum(Element, required=True)


class MocBeadsSpendRequest(MocActorRequest):
    """Beads spent from ``element`` (what for is said at the table);
    ``storytelling``: a Storytelling play, which reaches as far as its beads."""

    element = _enum(Element, required=True)
    beads = fields.Integer(required=True, validate=validate.Range(1, 3 * RATING_MAX))
    storytelling = fields.Boolean(load_default=False)


class MocChipsGrantRequest(MocActorRequest):
    """The GM gives chips; ``scene_start``: refused past 4 held."""

    chips = fields.List(_enum(Chip), required=True, validate=validate.Length(1, CHIPS_MAX))
    scene_start = fields.Boolean(load_default=False)


class MocChipSpendRequest(MocActorRequest):
    """A chip exchanged: ``cards`` (its value, drawn to the hand), ``beads``
    (twice its value, to ``element``), ``success`` (white) or ``character_point`` (blue)."""

    chip = _enum(Chip, required=True)
    use = _enum(Use, required=True)
    element = _enum(Element, load_default=None, allow_none=True)


class MocChipsTradeRequest(MocActorRequest):
    """Chips traded at a scene's end: lower ``give`` for one ``take`` worth
    their value - 1 (up), or one ``give`` for lower ``take`` of its value (down)."""

    give = fields.List(_enum(Chip), required=True, validate=validate.Length(1, CHIPS_MAX))
    take = fields.List(_enum(Chip), required=True, validate=validate.Length(1, CHIPS_MAX))


class MocWeapon(Schema):
    """``damage`` dice; ``lethality`` the damage roll's TN before the hit
    location; ``lethal`` (firearms): at least 6 damage dice."""

    name = fields.String(required=True, validate=_NAME)
    damage = fields.Integer(required=True, validate=_DICE)
    lethality = fields.Integer(required=True, validate=_TN)
    lethal = fields.Boolean(load_default=False)


class MocResistance(Schema):
    """The target resists with ``dice`` (its Body) at 7 + the location's
    modifier; ``ignore_with_ten``: a 10 ignores the damage (not opened up)."""

    dice = fields.Integer(required=True, validate=_DICE)
    ignore_with_ten = fields.Boolean(load_default=False)


class MocAttackRequest(CardRequest):
    """``actor_id`` attacks the registered character ``target``: ``dice``
    against ``tn`` (from the defender's AG), each raise a damage die, the
    damage roll's successes levels of damage on the target's tracks."""

    target = Identifier(required=True)
    dice = fields.Integer(required=True, validate=_DICE)
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))
    tn = fields.Integer(load_default=7, validate=_TN)
    weapon = fields.Nested(MocWeapon, required=True)
    location_modifier = fields.Integer(load_default=0, validate=validate.Range(-TN_MAX, TN_MAX))
    resist = fields.Nested(MocResistance, load_default=None, allow_none=True)


class MocPrincipal(Schema):
    name = fields.String(required=True, validate=_NAME)
    dice = fields.Integer(required=True, validate=_DICE)
    sides = fields.Integer(load_default=10, validate=validate.OneOf(SIDES))


class MocInitiativeRequest(CardRequest):
    """GM: each principal's Sp roll against ``tn``; ``actor_id`` is the
    card's actor (the scene, say). Names differ."""

    principals = fields.List(fields.Nested(MocPrincipal), required=True, validate=validate.Length(1, 50))
    tn = fields.Integer(load_default=7, validate=_TN)


class MocStanding(Schema):
    """The play trumped: a ``card`` played ``suiting``, a ``chip``, or
    ``beads`` the character ``actor_id`` played in ``element``."""

    card = fields.Nested(MocPlayingCard)
    suiting = fields.String(validate=validate.OneOf([s.value for s in Suiting]))
    chip = _enum(Chip)
    beads = fields.Integer(validate=validate.Range(1, 3 * RATING_MAX))
    actor_id = Identifier()
    element = _enum(Element)

    @validates_schema
    def one_play(self, data, **_):
        _one_kind(data, STANDING_PLAYS, "standing")


class MocTrumpRequest(CardRequest):
    """``actor_id`` plays a ``card`` from its hand on ``element``, or a
    ``chip`` it holds, to trump ``standing``. The card or chip is spent."""

    card = fields.Nested(MocPlayingCard)
    element = _enum(Element)
    chip = _enum(Chip)
    standing = fields.Nested(MocStanding, required=True)

    @validates_schema
    def one_play(self, data, **_):
        _one_kind(data, TRUMPING_PLAYS, "card")


#: The fields of each kind of play: a play gives all of one kind's and none of another's.
STANDING_PLAYS = (("card", "suiting"), ("chip",), ("beads", "actor_id", "element"))
TRUMPING_PLAYS = (("card", "element"), ("chip",))


def _one_kind(data: dict, kinds: tuple[tuple[str, ...], ...], field: str) -> None:
    given = [kind for kind in kinds if set(kind) & set(data)]
    if len(given) != 1 or not set(given[0]) <= set(data):
        raise ValidationError("one of: " + "; ".join(" with ".join(kind) for kind in kinds), field)


def _one_kind_rule(kinds: tuple[tuple[str, ...], ...]) -> dict:
    """``_one_kind`` in JSON Schema."""
    return {
        "oneOf": [
            {
                "required": list(kind),
                "not": {"anyOf": [{"required": [name]} for other in kinds if other != kind for name in other]},
            }
            for kind in kinds
        ]
    }


CROSS_FIELD_RULES = {
    MocStanding.one_play: _one_kind_rule(STANDING_PLAYS),
    MocTrumpRequest.one_play: _one_kind_rule(TRUMPING_PLAYS),
}


class MocRecoverRequest(CardRequest):
    """``action``: a full action of recovery, Pain back equal to Toughness;
    ``damage``: the end of a healing period, an L roll (d10, TN 7) heals a point."""

    kind = fields.String(required=True, validate=validate.OneOf(["action", "damage"]))


# --- the state document -------------------------------------------------------


class MocCardOut(Out):
    rank = fields.Integer(required=True)
    suit = _enum(Suit, required=True)
    name = fields.String(required=True)


class MocChipsOut(Out):
    white = fields.Integer(required=True)
    red = fields.Integer(required=True)
    blue = fields.Integer(required=True)


class MocTracksOut(Out):
    damage = fields.Integer(required=True)
    pain = fields.Integer(required=True)
    fatigue = fields.Integer(required=True)


class MocSkillOut(Out):
    name = fields.String(required=True)
    element = _enum(Element, required=True)
    dice = fields.Integer(required=True)
    difficulty = fields.Integer(required=True)


class MocCharacter(Out):
    """A character: its sheet, its hand (``choosing``: a Wildcard's 4 drawn,
    3 to keep), chips, beads by Element, tracks, and whether it is dazed."""

    name = fields.String(required=True)
    archetype = fields.String(required=True)
    power_level = fields.String(required=True)
    primary_dice = fields.Integer(required=True)
    placed = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    body = fields.Integer(required=True)
    toughness = fields.Integer(required=True)
    l_score = fields.Integer(required=True)
    skills = fields.List(fields.Nested(MocSkillOut), required=True)
    tracks = fields.Nested(MocTracksOut, required=True)
    hand = fields.List(fields.Nested(MocCardOut), required=True)
    choosing = fields.List(fields.Nested(MocCardOut), required=True)
    chips = fields.Nested(MocChipsOut, required=True)
    beads = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    dazed = fields.Boolean(required=True)
    draws_cards = fields.Boolean(required=True)


class MocSecretRoll(Out):
    """A secret roll on the table: whose, and how many successes it declared (not how many it rolled)."""

    actor_id = fields.String(required=True)
    declared = fields.Integer(required=True)


class MocState(Out):
    """Moment of Clarity's state document: session and scene counters, the
    cards out of the deck this session, the characters by actor id, the
    secret rolls of opposed actions by card id."""

    session = fields.Integer(required=True)
    scene = fields.Integer(required=True)
    drawn = fields.List(fields.Nested(MocCardOut), required=True)
    characters = fields.Dict(keys=fields.String(), values=fields.Nested(MocCharacter), required=True)
    opposed = fields.Dict(keys=fields.String(), values=fields.Nested(MocSecretRoll), required=True)


# --- results and cards --------------------------------------------------------


class MocSessionResult(Out):
    session = fields.Integer(required=True)
    drawn = fields.Integer(required=True)


class MocSceneResult(Out):
    """``token_recovery``: characters with no Fatigue to recover, who may
    recover a characteristic token; ``over_chip_limit``: chips over 4 held."""

    scene = fields.Integer(required=True)
    token_recovery = fields.List(fields.String(), required=True)
    over_chip_limit = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)


class MocHand(Out):
    hand = fields.List(fields.Nested(MocCardOut), required=True)


class MocCardBeadsResult(Out):
    """The card played, the Element whose beads it added (or shifted to) and how many."""

    card = fields.Nested(MocCardOut, required=True)
    element = _enum(Element, required=True)
    beads = fields.Integer(required=True)
    character = fields.Nested(MocCharacter, required=True)


class MocBeadsSpent(Out):
    """``scope``: how far a Storytelling play reaches (turn, scene, session, world)."""

    element = _enum(Element, required=True)
    spent = fields.Integer(required=True)
    scope = fields.String(required=True, allow_none=True)
    character = fields.Nested(MocCharacter, required=True)


class MocChipSpent(Out):
    """``bought``: cards, beads, successes or character points; ``cards``: those drawn."""

    chip = _enum(Chip, required=True)
    use = _enum(Use, required=True)
    bought = fields.Integer(required=True)
    cards = fields.List(fields.Nested(MocCardOut), required=True)
    character = fields.Nested(MocCharacter, required=True)


class MocDie(Out):
    """A die as rolled: ``natural`` (a bonus die's 1 reads 2), what a card
    added, and how it counted: ``effect`` (in a group worth the Effect
    Number), ``one`` (a natural 1), ``other``."""

    face = fields.Integer(required=True, validate=validate.Range(1, 10))
    sides = fields.Integer(required=True, validate=validate.OneOf(SIDES))
    kind = _enum(DieKind, required=True)
    natural = fields.Integer(required=True)
    augment = fields.Integer(required=True)
    value = fields.Integer(required=True)
    counts_as = fields.String(required=True, validate=validate.OneOf(["effect", "one", "other"]))


class MocGroup(Out):
    natural = fields.Integer(required=True)
    count = fields.Integer(required=True)
    worth = fields.Integer(required=True)


class MocEffectNumber(Out):
    value = fields.Integer(required=True)
    groups = fields.List(fields.Nested(MocGroup), required=True)


class MocOutcome(Out):
    label = _enum(Level, required=True)
    success = fields.Boolean(required=True)


class MocTarget(Out):
    value = fields.Integer(required=True)


class MocRoll(Out):
    """A roll read: every die, the Effect Number and the level against the TN."""

    system = _const("moment_of_clarity")
    sides = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    faces = fields.List(fields.Integer(), required=True)
    dice = fields.List(fields.Nested(MocDie), required=True)
    effect_number = fields.Nested(MocEffectNumber, required=True)
    level = _enum(Level, required=True)
    successes = fields.Integer(required=True, validate=validate.Range(0, 4))
    opponent_shifts = fields.Boolean(required=True)
    outcome = fields.Nested(MocOutcome, required=True)
    target = fields.Nested(MocTarget, required=True)
    explanation = fields.List(fields.String(), required=True)


class MocPoolPartOut(Out):
    source = fields.String(required=True)
    dice = fields.Integer(required=True)


class MocSkillPool(Out):
    parts = fields.List(fields.Nested(MocPoolPartOut), required=True)
    dice = fields.Integer(required=True)
    base_tn = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    untrained = fields.Integer(required=True, allow_none=True)
    explanation = fields.List(fields.String(), required=True)


class MocRollCard(MocRoll):
    pool = fields.Nested(MocSkillPool, required=True)


class MocActionOut(Out):
    """An action of a split: its roll, its level (a bead's marginal success
    stands whatever the dice say) and whether an earlier failure pre-empted it."""

    name = fields.String(required=True)
    needs = _enum(Level, required=True)
    free_success = fields.Boolean(required=True)
    roll = fields.Nested(MocRoll, required=True)
    level = _enum(Level, required=True)
    preempted = fields.Boolean(required=True)


class MocSplitCard(Out):
    pool = fields.Integer(required=True)
    lost = fields.Integer(required=True)
    preempt = fields.Boolean(required=True)
    actions = fields.List(fields.Nested(MocActionOut), required=True)
    explanation = fields.List(fields.String(), required=True)


class MocCardPlayOut(Out):
    card = fields.Nested(MocCardOut, required=True)
    suiting = fields.String(required=True, validate=validate.OneOf(["on_suit", "related", "off_suit"]))
    points = fields.Integer(required=True)
    splits = fields.Boolean(required=True)


class MocAugmentCard(MocSplitCard):
    """The earlier card's roll(s) again, as a split pool (a plain roll is one
    action), with the card's points on the dice."""

    roll_id = fields.String(required=True)
    element = _enum(Element, required=True)
    play = fields.Nested(MocCardPlayOut, required=True)


class MocOpposedCard(MocRoll):
    """A secret roll (seen by its roller and the GM only)."""


class MocDeclareCard(Out):
    """A declaration: ``declared`` now, ``declared_total`` of the roll so
    far; against a declaration (``resists``), the levels ``through``."""

    roll_id = fields.String(required=True)
    declared = fields.Integer(required=True)
    declared_total = fields.Integer(required=True)
    against = fields.String(required=True)
    resists = fields.String(required=True, allow_none=True)
    through = fields.Integer(required=True, allow_none=True)
    explanation = fields.List(fields.String(), required=True)


class MocDamagePoolOut(Out):
    weapon = fields.String(required=True)
    level = _enum(Level, required=True)
    raises = fields.Integer(required=True)
    dice = fields.Integer(required=True)
    sides = fields.Integer(required=True)
    tn = fields.Integer(required=True)
    choose_location = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class MocHealth(Out):
    damage = fields.Integer(required=True)
    damage_points = fields.Integer(required=True)
    pain = fields.Integer(required=True)
    pain_points = fields.Integer(required=True)
    fatigue = fields.Integer(required=True)


class MocHitOut(Out):
    """What one hit did: damage and pain taken, dazing, and the tracks after."""

    health = fields.Nested(MocHealth, required=True)
    damage = fields.Integer(required=True)
    pain = fields.Integer(required=True)
    dazed = fields.Boolean(required=True)
    explanation = fields.List(fields.String(), required=True)


class MocTargetOut(Out):
    actor_id = fields.String(required=True)
    name = fields.String(required=True)
    tracks = fields.Nested(MocTracksOut, required=True)
    pain_points = fields.Integer(required=True)
    dazed = fields.Boolean(required=True)


class MocAttackCard(Out):
    """The to-hit roll, the damage pool its level makes, the damage roll
    (null on a miss), the resistance roll if any, and the target after."""

    attack = fields.Nested(MocRoll, required=True)
    damage_pool = fields.Nested(MocDamagePoolOut, required=True)
    damage = fields.Nested(MocRoll, required=True, allow_none=True)
    resistance = fields.Nested(MocRoll, required=True, allow_none=True)
    hit = fields.Nested(MocHitOut, required=True, allow_none=True)
    target = fields.Nested(MocTargetOut, required=True)
    explanation = fields.List(fields.String(), required=True)


class MocRecoverCard(Out):
    kind = fields.String(required=True)
    roll = fields.Nested(MocRoll, required=True, allow_none=True)
    tracks = fields.Nested(MocTracksOut, required=True)
    explanation = fields.List(fields.String(), required=True)


class MocInitiativeRoll(Out):
    name = fields.String(required=True)
    roll = fields.Nested(MocRoll, required=True)


class MocInitiativeCard(Out):
    """Each principal's Sp roll and the order: most successes first, ties by
    the dice's total; a group acts simultaneously."""

    rolls = fields.List(fields.Nested(MocInitiativeRoll), required=True)
    order = fields.List(fields.List(fields.String()), required=True)
    explanation = fields.List(fields.String(), required=True)


class MocTrumpCard(Out):
    """Whether the play trumps, why, and the beads given back to ``returned_to``."""

    play = fields.String(required=True)
    standing = fields.String(required=True)
    trumps = fields.Boolean(required=True)
    beads_returned = fields.Integer(required=True)
    returned_to = fields.String(required=True, allow_none=True)
    reason = fields.String(required=True)
    explanation = fields.List(fields.String(), required=True)


GM_CARDS = {"moc.initiative"}


CARDS = {
    rule: CardSpec(request, card_entry(rule, result), gm_only=rule in GM_CARDS)
    for rule, request, result in (
        ("moc.roll", MocRollRequest, MocRollCard),
        ("moc.split", MocSplitRequest, MocSplitCard),
        ("moc.augment", MocAugmentRequest, MocAugmentCard),
        ("moc.opposed", MocOpposedRequest, MocOpposedCard),
        ("moc.declare", MocDeclareRequest, MocDeclareCard),
        ("moc.attack", MocAttackRequest, MocAttackCard),
        ("moc.recover", MocRecoverRequest, MocRecoverCard),
        ("moc.initiative", MocInitiativeRequest, MocInitiativeCard),
        ("moc.trump", MocTrumpRequest, MocTrumpCard),
    )
}

REQUESTS = {
    "moc.character": RequestSpec(MocCharacterRequest, MocCharacter, gm_only=True),
    "moc.session": RequestSpec(RequestSchema, MocSessionResult, gm_only=True),
    "moc.scene": RequestSpec(RequestSchema, MocSceneResult, gm_only=True),
    "moc.keep": RequestSpec(MocKeepRequest, MocHand),
    "moc.card.beads": RequestSpec(MocCardBeadsRequest, MocCardBeadsResult),
    "moc.card.shift": RequestSpec(MocCardShiftRequest, MocCardBeadsResult),
    "moc.beads.spend": RequestSpec(MocBeadsSpendRequest, MocBeadsSpent),
    "moc.chips.grant": RequestSpec(MocChipsGrantRequest, MocCharacter, gm_only=True),
    "moc.chips.spend": RequestSpec(MocChipSpendRequest, MocChipSpent),
    "moc.chips.trade": RequestSpec(MocChipsTradeRequest, MocCharacter),
}
