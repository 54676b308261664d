"""Moment of Clarity's ``moc.`` requests: validate (schemas), call the pure
rules and ``state`` changes, publish cards (docs/systems/moment_of_clarity.md)."""

from __future__ import annotations

from contextlib import contextmanager

from ...cards import check_owner, new_card_id, publish
from ...protocol import ErrorCode, RequestError, against_the_rules
from ...refusals import refused_as
from ...requests import handles, store
from ...rules.dice import RandomDice
from ...rules.moment_of_clarity.cards import Card, Suiting, card_on_dice, play_on_dice, suiting
from ...rules.moment_of_clarity.combat import Weapon, damage_pool, initiative_order, roll_damage
from ...rules.moment_of_clarity.effect import DieKind
from ...rules.moment_of_clarity.elements import Archetype
from ...rules.moment_of_clarity.health import recover_damage, recovery_action, resist, resistance_tn, take_hit
from ...rules.moment_of_clarity.levels import Difficulty, Level
from ...rules.moment_of_clarity.opposed import Exchange, SecretSuccesses
from ...rules.moment_of_clarity.rolls import Roll, open_up, roll
from ...rules.moment_of_clarity.skills import PoolPart, SkillThreshold, skill_pool
from ...rules.moment_of_clarity.splitting import Split, SplitAction, judge_split, roll_split, split_pool
from ...rules.moment_of_clarity.trumps import BeadPlay, CardPlay, ChipPlay, trump
from ...schemas.common import Visibility
from ..state import change_state
from . import state as moc

SYSTEM = "moment_of_clarity"
_dice = RandomDice()


@contextmanager
def refused(field: str):
    """A rules refusal blames ``field``, or the field a ``moc.Refused`` names."""
    with refused_as(field, pool=field):
        try:
            yield
        except moc.Refused as refusal:
            raise against_the_rules(refusal, refusal.field) from None


def changed(identity, change, field: str):
    with refused(field):
        return change_state(identity, SYSTEM, change)


def read_state(identity) -> dict:
    return store().system_state(identity.world_id, SYSTEM) or moc.fresh(None)


def registered(identity, actor_id: str, field: str = "actor_id") -> dict:
    with refused(field):
        return moc.character(read_state(identity), actor_id)


# --- characters, sessions, scenes ---------------------------------------------


def register_character(identity, sheet: dict) -> dict:
    sheet = {key: value for key, value in sheet.items() if key != "request_id"}
    sheet["skills"] = [{**skill, "element": skill["element"].value} for skill in sheet["skills"]]
    return changed(identity, moc.register(sheet), "placed")


def new_session(identity, _request: dict) -> dict:
    return changed(identity, moc.new_session(_dice), "_schema")


def new_scene(identity, _request: dict) -> dict:
    return changed(identity, moc.new_scene, "_schema")


def keep_cards(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    return {
        "hand": changed(identity, moc.keep(request["actor_id"], [Card.of(card) for card in request["cards"]]), "cards")
    }


# --- beads and chips ----------------------------------------------------------


def card_as_beads(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    change = moc.card_as_beads(request["actor_id"], Card.of(request["card"]), request["before_scene"])
    return changed(identity, change, "card")


def card_shifts_beads(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    change = moc.card_shifts_beads(request["actor_id"], Card.of(request["card"]), request["source"], request["target"])
    return changed(identity, change, "card")


def spend_beads(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    change = moc.spend_beads(request["actor_id"], request["element"], request["beads"], request["storytelling"])
    return changed(identity, change, "beads")


def grant_chips(identity, request: dict) -> dict:
    return changed(identity, moc.grant_chips(request["actor_id"], request["chips"], request["scene_start"]), "chips")


def spend_chip(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    change = moc.spend_chip(request["actor_id"], request["chip"], request["use"], request["element"], _dice)
    return changed(identity, change, "chip")


def trade_chips(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    return changed(identity, moc.trade_chips(request["actor_id"], request["give"], request["take"]), "give")


# --- rolls --------------------------------------------------------------------


def skill_roll(identity, request: dict) -> dict:
    """A pool's parts, untrained or not, rolled against the TN."""
    check_owner(identity, request["actor_id"])
    untrained = None if request["untrained"] is None else SkillThreshold(request["untrained"])
    with refused("parts"):
        pool = skill_pool(
            [PoolPart(part["source"], part["dice"]) for part in request["parts"]], request["tn"], untrained
        )
        rolled = roll(pool.dice, request["sides"], pool.tn, _dice, open_ended=request["open_ended"])
    card = rolled.to_dict()
    card["pool"] = pool.to_dict()
    card["explanation"] = [*pool.explanation, *card["explanation"]]
    return publish(identity, request, "moc.roll", card)


def split_roll(identity, request: dict) -> dict:
    check_owner(identity, request["actor_id"])
    with refused("actions"):
        split = split_pool(
            request["pool"],
            [SplitAction(**action) for action in request["actions"]],
            request["counted"],
            request["extra_loss"],
        )
    outcomes = judge_split(split, roll_split(split, _dice), request["preempt"])
    return publish(identity, request, "moc.split", split_card(split, request["preempt"], outcomes))


def split_card(split: Split, preempt: bool, outcomes) -> dict:
    lines = [
        f"pool {split.pool} dice, {split.lost} lost to the split" + ("" if preempt else "; no failure pre-empts (GM)")
    ]
    lines += [f"{o.action.name}: {o.level.words}{' (pre-empted)' if o.preempted else ''}" for o in outcomes]
    return {
        "pool": split.pool,
        "lost": split.lost,
        "preempt": preempt,
        "actions": [outcome.to_dict() for outcome in outcomes],
        "explanation": lines,
    }


def augment_roll(identity, request: dict) -> dict:
    """A card from the hand on the dice of the actor's earlier roll or split
    (or an augment of one), each action judged again."""
    check_owner(identity, request["actor_id"])
    earlier = logged_card(identity, request["roll_id"], ("moc.roll", "moc.split", "moc.augment"), request["actor_id"])
    card = Card.of(request["card"])
    play = card_on_dice(card, request["element"], Archetype(registered(identity, request["actor_id"])["archetype"]))
    split, preempt, rolls = earlier_split(earlier)
    points: dict[tuple[int, int], int] = {}
    for spot in request["points"]:
        points[spot["action"], spot["die"]] = points.get((spot["action"], spot["die"]), 0) + spot["points"]
    with refused("points"):
        rolls = play_on_dice(play, rolls, points)
    changed(identity, moc.play(request["actor_id"], card=card), "card")
    result = split_card(split, preempt, judge_split(split, rolls, preempt))
    result["explanation"].insert(
        0, f"the {card.name} ({play.suiting.value.replace('_', ' ')}) gives {play.points} points"
    )
    result |= {"roll_id": request["roll_id"], "element": request["element"].value, "play": play.to_dict()}
    return publish(identity, request, "moc.augment", result)


def earlier_split(entry: dict) -> tuple[Split, bool, list[Roll]]:
    """A logged roll, split or augment as a split pool (a roll is one action
    that pre-empts nothing), whether failures pre-empt, and its rolls."""
    result = entry["result"]
    if entry["rule"] == "moc.roll":
        action = SplitAction(entry["label"] or "roll", result["pool"]["dice"], result["tn"], result["sides"])
        return Split(action.dice, 0, (action,)), False, [Roll.of(result)]
    actions = tuple(
        SplitAction(
            done["name"],
            unopened_dice(done["roll"]),
            done["roll"]["tn"],
            done["roll"]["sides"],
            Level(done["needs"]),
            done["free_success"],
        )
        for done in result["actions"]
    )
    return (
        Split(result["pool"], result["lost"], actions),
        result["preempt"],
        [Roll.of(done["roll"]) for done in result["actions"]],
    )


def unopened_dice(rolled: dict) -> int:
    """The dice of the pool, not counting bonus dice."""
    return sum(die["kind"] == DieKind.SKILL.value for die in rolled["dice"])


def logged_card(identity, roll_id: str, rules: tuple[str, ...], actor_id: str | None = None) -> dict:
    """The earlier card ``roll_id`` of one of ``rules`` from the roll log; with
    ``actor_id``, one of that actor's, rolled by the sender (or the GM)."""

    def this_one(entry: dict) -> dict | None:
        return entry if entry["roll_id"] == roll_id else None

    found = store().recent_rolls(identity.world_id, 1, this_one)
    mine = actor_id is None or (found and found[0]["actor_id"] == actor_id)
    if not found or found[0]["rule"] not in rules or not mine:
        whose = f" of {actor_id}" if actor_id else ""
        raise RequestError(
            ErrorCode.AGAINST_THE_RULES, "no such card", {"roll_id": [f"not a {' or '.join(rules)} card{whose}"]}
        )
    if actor_id and not identity.is_gm and found[0]["user"] != identity.user:
        raise RequestError(ErrorCode.FORBIDDEN, "another's card", {"roll_id": ["rolled by another user"]})
    return found[0]


# --- opposed actions ----------------------------------------------------------


def secret_roll(identity, request: dict) -> dict:
    """Rolled in secret: the card goes to the roller and the GM alone."""
    check_owner(identity, request["actor_id"])
    registered(identity, request["actor_id"])
    with refused("dice"):
        rolled = roll(request["dice"], request["sides"], request["tn"], _dice)
    card_id = new_card_id()
    changed(identity, moc.open_secret(card_id, request["actor_id"]), "actor_id")
    secret = {**request, "visibility": Visibility.WHISPER, "whisper_to": []}
    return publish(identity, secret, "moc.opposed", rolled.to_dict(), card_id=card_id)


def declare(identity, request: dict) -> dict:
    """Successes of a secret roll declared, the rest saved; with ``resists``,
    levels taken off an active side's declaration."""
    check_owner(identity, request["actor_id"])
    secret = logged_card(identity, request["roll_id"], ("moc.opposed",), request["actor_id"])
    name, count = registered(identity, request["actor_id"])["name"], request["successes"]
    change = moc.declare(request["roll_id"], name, secret["result"]["successes"], count)
    spent = changed(identity, change, "successes")
    against, through = request["against"], None
    lines = [
        f"{name} declares {count}"
        + (f" against {against}" if against else "")
        + f" ({spent.spent} declared of this roll)"
    ]
    if request["resists"] is not None:
        declaration = logged_card(identity, request["resists"], ("moc.declare",))
        declared = declaration["result"]["declared"]
        active_name = registered(identity, declaration["actor_id"], "resists")["name"]
        active = SecretSuccesses(active_name, declared, declared)
        through = Exchange(active, spent, declared, count).net
        against = against or active.holder
        lines = [f"{name} takes {count} levels off the {declared} {against} declared: {through} through"]
    result = {
        "roll_id": request["roll_id"],
        "declared": count,
        "declared_total": spent.spent,
        "against": against,
        "resists": request["resists"],
        "through": through,
        "explanation": lines,
    }
    return publish(identity, request, "moc.declare", result)


# --- combat and recovery ------------------------------------------------------


def attack(identity, request: dict) -> dict:
    """To hit, the damage pool its raises make, the damage roll, the
    target's resistance if it resists, and the levels on its tracks."""
    check_owner(identity, request["actor_id"])
    registered(identity, request["target"], "target")
    modifier = request["location_modifier"]
    with refused("weapon"):
        to_hit = roll(request["dice"], request["sides"], request["tn"], _dice)
        pool = damage_pool(to_hit, Weapon(**request["weapon"]), modifier)
    damage = roll_damage(pool, _dice)
    levels = damage.successes if damage else 0
    resistance, ignore = None, False
    if levels and request["resist"]:
        with refused("resist"):
            resistance = roll(request["resist"]["dice"], 10, resistance_tn(modifier), _dice, open_ended=False)
        ignore = request["resist"]["ignore_with_ten"] and any(die.face == 10 for die in resistance.dice)
        resistance = resistance if ignore else open_up(resistance, _dice)

    def hit(health):
        return resist(health, levels, resistance, ignore) if resistance else take_hit(health, levels)

    entry, taken = changed(identity, moc.change_health(request["target"], hit), "target") if damage else (None, None)
    result = {
        "attack": to_hit.to_dict(),
        "damage_pool": pool.to_dict(),
        "damage": damage and damage.to_dict(),
        "resistance": resistance and resistance.to_dict(),
        "hit": taken and taken.to_dict(),
        "target": target_view(request["target"], entry or registered(identity, request["target"], "target")),
        "explanation": [*pool.explanation, *(taken.explanation if taken else [])],
    }
    return publish(identity, request, "moc.attack", result)


def target_view(actor_id: str, entry: dict) -> dict:
    health = moc.health_of(entry)
    return {
        "actor_id": actor_id,
        "name": entry["name"],
        "tracks": entry["tracks"],
        "pain_points": health.pain_points,
        "dazed": entry["dazed"],
    }


def recover(identity, request: dict) -> dict:
    """A recovery action (Pain back equal to Toughness), or an L roll at the
    end of a healing period (a success heals a point of damage)."""
    check_owner(identity, request["actor_id"])
    entry = registered(identity, request["actor_id"])
    l_roll = None
    if request["kind"] == "damage":
        with refused("kind"):
            l_roll = roll(entry["l_score"], 10, Difficulty.STANDARD, _dice)
    heal = recovery_action if l_roll is None else (lambda health: recover_damage(health, l_roll))
    after, _ = changed(identity, moc.change_health(request["actor_id"], heal), "actor_id")
    lines = (
        ["a full action of recovery: Pain back equal to Toughness"]
        if l_roll is None
        else [f"an L roll: {l_roll.level.words}" + (", a point of damage healed" if l_roll.successes else "")]
    )
    result = {
        "kind": request["kind"],
        "roll": l_roll and l_roll.to_dict(),
        "tracks": after["tracks"],
        "explanation": lines,
    }
    return publish(identity, request, "moc.recover", result)


def initiative(identity, request: dict) -> dict:
    """GM: each principal's Sp roll; most successes first, then the dice's total, then simultaneous."""
    names = [principal["name"] for principal in request["principals"]]
    if len(set(names)) < len(names):
        raise RequestError(ErrorCode.INVALID, "principals are told apart by name", {"principals": ["two share a name"]})
    with refused("principals"):
        rolls = {
            each["name"]: roll(each["dice"], each["sides"], request["tn"], _dice) for each in request["principals"]
        }
    order = initiative_order(rolls)
    lines = [
        f"{turn}. {' and '.join(group)}{' (together)' if len(group) > 1 else ''}" for turn, group in enumerate(order, 1)
    ]
    result = {
        "rolls": [{"name": name, "roll": rolled.to_dict()} for name, rolled in rolls.items()],
        "order": [list(group) for group in order],
        "explanation": lines,
    }
    return publish(identity, request, "moc.initiative", result)


def trump_play(identity, request: dict) -> dict:
    """A card from the hand or a chip played against a standing play; beads
    it beats come back to a character who played them in its archetype."""
    check_owner(identity, request["actor_id"])
    archetype = Archetype(registered(identity, request["actor_id"])["archetype"])
    card = request.get("card") and Card.of(request["card"])
    play = CardPlay(card, suiting(card, request["element"], archetype)) if card else ChipPlay(request["chip"])
    standing, owner = standing_play(identity, request["standing"])
    verdict = trump(play, standing)
    back = (owner, request["standing"]["element"], verdict.beads_returned) if verdict.beads_returned else None
    changed(identity, moc.play(request["actor_id"], card=card or None, chip=request.get("chip"), back=back), "card")
    result = {
        "play": describe(play),
        "standing": describe(standing),
        "trumps": verdict.trumps,
        "beads_returned": verdict.beads_returned,
        "returned_to": owner if back else None,
        "reason": verdict.reason,
        "explanation": [
            f"{describe(play)} against {describe(standing)}: {'trumps' if verdict.trumps else 'does not trump'}"
        ],
    }
    return publish(identity, request, "moc.trump", result)


def standing_play(identity, standing: dict) -> tuple:
    """The play trumped, and the character whose beads they are."""
    if "card" in standing:
        return CardPlay(Card.of(standing["card"]), Suiting(standing["suiting"])), None
    if "chip" in standing:
        return ChipPlay(standing["chip"]), None
    archetype = Archetype(registered(identity, standing["actor_id"], "standing")["archetype"])
    return BeadPlay(standing["beads"], archetype.covers(standing["element"])), standing["actor_id"]


def describe(play) -> str:
    if isinstance(play, CardPlay):
        return f"the {play.card.name} ({play.suiting.value.replace('_', ' ')})"
    if isinstance(play, ChipPlay):
        return f"a {play.chip.value} chip"
    return f"{play.beads} beads" + (" in archetype" if play.in_archetype else "")


HANDLERS = {
    "moc.character": register_character,
    "moc.session": new_session,
    "moc.scene": new_scene,
    "moc.keep": keep_cards,
    "moc.card.beads": card_as_beads,
    "moc.card.shift": card_shifts_beads,
    "moc.beads.spend": spend_beads,
    "moc.chips.grant": grant_chips,
    "moc.chips.spend": spend_chip,
    "moc.chips.trade": trade_chips,
    "moc.roll": skill_roll,
    "moc.split": split_roll,
    "moc.augment": augment_roll,
    "moc.opposed": secret_roll,
    "moc.declare": declare,
    "moc.attack": attack,
    "moc.recover": recover,
    "moc.initiative": initiative,
    "moc.trump": trump_play,
}


def init_app(app) -> None:
    for event, handler in HANDLERS.items():
        handles(app, event)(handler)
