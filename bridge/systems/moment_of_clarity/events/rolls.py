"""``moc.roll``, ``moc.split``, ``moc.augment``, and the opposed actions'
``moc.opposed`` and ``moc.declare``."""

from __future__ import annotations

from ....protocol import ErrorCode, RequestError
from ....rules.dice import RandomDice
from ....rules.moment_of_clarity.cards import Card, card_on_dice, play_on_dice
from ....rules.moment_of_clarity.effect import DieKind
from ....rules.moment_of_clarity.elements import Archetype
from ....rules.moment_of_clarity.levels import Level
from ....rules.moment_of_clarity.opposed import Exchange, SecretSuccesses
from ....rules.moment_of_clarity.rolls import Roll, roll
from ....rules.moment_of_clarity.skills import PoolPart, SkillThreshold, skill_pool
from ....rules.moment_of_clarity.splitting import Split, SplitAction, judge_split, roll_split, split_pool
from ....schemas.common import Visibility
from ....schemas.encode import dump, dump_many
from ....table.publish import check_owner, new_card_id, publish
from .. import state as moc
from ..schemas.rolls import MocRoll, MocSkillPool
from ..schemas.splits import MocActionOut, MocCardPlayOut
from .common import changed, handles, refused, registered

_dice = RandomDice()


def skill_roll(work, request: dict) -> dict:
    """A pool's parts, untrained or not, rolled against the TN."""
    check_owner(work, request["actor_id"])
    untrained = None if request["untrained"] is None else SkillThreshold(request["untrained"])
    with refused("parts"):
        pool = skill_pool(
            [PoolPart(part["source"], part["dice"]) for part in request["parts"]], request["tn"], untrained
        )
        rolled = roll(pool.dice, request["sides"], pool.tn, _dice, open_ended=request["open_ended"])
    card = dump(MocRoll, rolled)
    card["pool"] = dump(MocSkillPool, pool)
    card["explanation"] = [*pool.explanation, *card["explanation"]]
    return publish(work, request, "moc.roll", card)


def split_roll(work, request: dict) -> dict:
    check_owner(work, request["actor_id"])
    with refused("actions"):
        split = split_pool(
            request["pool"],
            [SplitAction(**action) for action in request["actions"]],
            request["counted"],
            request["extra_loss"],
        )
    outcomes = judge_split(split, roll_split(split, _dice), request["preempt"])
    return publish(work, request, "moc.split", split_card(split, request["preempt"], outcomes))


def split_card(split: Split, preempt: bool, outcomes) -> dict:
    lines = [
        f"pool {split.pool} dice, {split.lost} lost to the split" + ("" if preempt else "; no failure pre-empts (GM)")
    ]
    lines += [f"{o.action.name}: {o.level.words}{' (pre-empted)' if o.preempted else ''}" for o in outcomes]
    return {
        "pool": split.pool,
        "lost": split.lost,
        "preempt": preempt,
        "actions": dump_many(MocActionOut, outcomes),
        "explanation": lines,
    }


def augment_roll(work, request: dict) -> dict:
    """A card from the hand on the dice of the actor's earlier roll or split
    (or an augment of one), each action judged again."""
    check_owner(work, request["actor_id"])
    earlier = logged_card(work, request["roll_id"], ("moc.roll", "moc.split", "moc.augment"), request["actor_id"])
    card = Card.of(request["card"])
    play = card_on_dice(card, request["element"], Archetype(registered(work, request["actor_id"])["archetype"]))
    split, preempt, rolls = earlier_split(earlier)
    points: dict[tuple[int, int], int] = {}
    for spot in request["points"]:
        points[spot["action"], spot["die"]] = points.get((spot["action"], spot["die"]), 0) + spot["points"]
    with refused("points"):
        rolls = play_on_dice(play, rolls, points)
    changed(work, moc.play(request["actor_id"], card=card), "card")
    result = split_card(split, preempt, judge_split(split, rolls, preempt))
    result["explanation"].insert(
        0, f"the {card.name} ({play.suiting.value.replace('_', ' ')}) gives {play.points} points"
    )
    result |= {"roll_id": request["roll_id"], "element": request["element"].value, "play": dump(MocCardPlayOut, play)}
    return publish(work, request, "moc.augment", result)


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


def logged_card(work, roll_id: str, rules: tuple[str, ...], actor_id: str | None = None) -> dict:
    """The earlier card ``roll_id`` of one of ``rules`` from the roll log; with
    ``actor_id``, one of that actor's, rolled by the sender (or the GM)."""

    found = work.store.card(work.world_id, roll_id)
    mine = actor_id is None or (found and found["actor_id"] == actor_id)
    if not found or found["rule"] not in rules or not mine:
        whose = f" of {actor_id}" if actor_id else ""
        raise RequestError(
            ErrorCode.AGAINST_THE_RULES, "no such card", {"roll_id": [f"not a {' or '.join(rules)} card{whose}"]}
        )
    if actor_id and not work.identity.is_gm and found["user"] != work.identity.user:
        raise RequestError(ErrorCode.FORBIDDEN, "another's card", {"roll_id": ["rolled by another user"]})
    return found


def secret_roll(work, request: dict) -> dict:
    """Rolled in secret: the card goes to the roller and the GM alone."""
    check_owner(work, request["actor_id"])
    registered(work, request["actor_id"])
    with refused("dice"):
        rolled = roll(request["dice"], request["sides"], request["tn"], _dice)
    card_id = new_card_id()
    changed(work, moc.open_secret(card_id, request["actor_id"]), "actor_id")
    secret = {**request, "visibility": Visibility.WHISPER, "whisper_to": []}
    return publish(work, secret, "moc.opposed", dump(MocRoll, rolled), card_id=card_id)


def declare(work, request: dict) -> dict:
    """Successes of a secret roll declared, the rest saved; with ``resists``,
    levels taken off an active side's declaration."""
    check_owner(work, request["actor_id"])
    secret = logged_card(work, request["roll_id"], ("moc.opposed",), request["actor_id"])
    name, count = registered(work, request["actor_id"])["name"], request["successes"]
    change = moc.declare(request["roll_id"], name, secret["result"]["successes"], count)
    spent = changed(work, change, "successes")
    against, through = request["against"], None
    lines = [
        f"{name} declares {count}"
        + (f" against {against}" if against else "")
        + f" ({spent.spent} declared of this roll)"
    ]
    if request["resists"] is not None:
        declaration = logged_card(work, request["resists"], ("moc.declare",))
        declared = declaration["result"]["declared"]
        active_name = registered(work, declaration["actor_id"], "resists")["name"]
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
    return publish(work, request, "moc.declare", result)


def init_app(app) -> None:
    handles(app, "moc.roll")(skill_roll)
    handles(app, "moc.split")(split_roll)
    handles(app, "moc.augment")(augment_roll)
    handles(app, "moc.opposed")(secret_roll)
    handles(app, "moc.declare")(declare)
