"""Moments of Truth (ch. 5): the world's ledger, its rewards and spending,
the MoTs and talents of a roll; connections (ch. 5, optional)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....protocol import ErrorCode, Push, RequestError, against_the_rules
from ....rules.dice import RandomDice
from ....rules.moment_of_truth import (
    RollKind,
    check_possible,
    count_faces,
    judge,
    roll_pool,
    spend_moments,
)
from ....rules.moment_of_truth.conditions import skill_penalties
from ....rules.moment_of_truth.connections import (
    Connection,
    check_connections,
    check_in_use,
    roll_connection,
)
from ....rules.moment_of_truth.dials import Dials
from ....rules.moment_of_truth.moments import (
    TAKES,
    Contribution,
    Entry,
    HeldReward,
    LedgerUpdate,
    MomentsLedger,
    Reward,
    RollSpending,
    RuleNotInUse,
    Trigger,
    add_detail,
    award_role_playing,
    check_failure_takeable,
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
from ....rules.moment_of_truth.rolls import Pool, PoolPart, RollResult, TargetNumber
from ....rules.moment_of_truth.talents import Talent, TalentUse, TalentUses, use_talent
from ....rules.refusal import RulesRefusal
from ....schemas.common import Visibility
from ....schemas.encode import dump, dump_many
from ....table.auth import Identity, Role
from ....table.publish import check_owner, publish
from ....table.visibility import view_for
from ....transport.handling import handles
from ....transport.refusals import refused_as
from ....transport.rooms import world_room
from ..ledger import MomentsRead, MomentsWrite, balances, change_moments, history
from ..names import Event
from ..roll_spec import pool_of, statistic_of, target_of
from ..schemas import rolls
from ..schemas.moments import Award, ConnectionRoll, ConnectionsCheck, MomentsChange, Spent, Taken
from ..world_rules import world_dials

_dice = RandomDice()
#: The kinds of ledger entry kept by roll id (``ledger.change_moments(setback_of=...)``): one take per roll.
_TAKEN = frozenset(reward.value for reward in TAKES)

#: Change = (ledger, talent uses) -> (the ledger's update, talent uses after it).
Change = Callable[[MomentsLedger, dict], tuple[LedgerUpdate, dict]]


def _record(work, seated: list[str], change: Change, field: str, **marks) -> LedgerUpdate:
    """Apply ``change`` to the world's ledger, with ``seated`` players at the
    table (a newcomer holds 0), in the request's work; tell the table. A rules refusal
    names ``field``, or ``_schema`` when a dial switches the rule off.

    The ledger the rules get holds every balance and, of the history, only
    the entries the rule consults, read as ``marks`` asks (``first_sessions``:
    each player's first-session entry; ``setback_of``: a roll's setback):
    a change costs the same however long the history."""

    def apply(read: MomentsRead) -> tuple[MomentsWrite, LedgerUpdate]:
        consulted = [*read.first_sessions.values(), *([read.setback] if read.setback else [])]
        ledger = MomentsLedger(tuple(read.balances.items()), tuple(Entry.from_dict(entry) for entry in consulted))
        for player in dict.fromkeys(seated):
            if player not in ledger.players:
                ledger = ledger.with_player(player)
        uses_before = read.uses or {"session": 1, "actors": {}}
        update, uses = change(ledger, uses_before)
        entries = dump_many(rolls.MomentsEntry, update.entries)
        written = MomentsWrite(
            dict(update.ledger.balances),
            uses if uses != read.uses else None,
            entries,
            {entry["player"]: entry for entry in entries if entry["kind"] == Reward.FIRST_SESSION.value},
            {entry["roll_id"]: entry for entry in entries if entry["kind"] in _TAKEN and entry["roll_id"]},
        )
        return written, update

    try:
        update = change_moments(work, apply, **marks)
    except RuleNotInUse as off:
        raise against_the_rules(off, "_schema") from None
    except RulesRefusal as broken:
        raise against_the_rules(broken, field) from None
    if update.entries:
        work.emit(Push.MOMENTS_CHANGED.value, dump(MomentsChange, update), to=world_room(work.world_id))
    return update


def _ledger_only(change: Callable[[MomentsLedger], LedgerUpdate]) -> Change:
    return lambda ledger, uses: (change(ledger), uses)


def _player(work, moments_request: dict) -> str:
    """Players act for themselves; the GM names the player."""
    player = moments_request.get("player", work.identity.user)
    if work.identity.is_gm and "player" not in moments_request:
        raise RequestError(ErrorCode.INVALID, "the GM names the player", {"player": ["the GM names the player"]})
    if not work.identity.is_gm and player != work.identity.user:
        raise RequestError(ErrorCode.FORBIDDEN, "a player acts for themself", {"player": ["not you"]})
    return player


# --- the ledger ----------------------------------------------------------------


def ledger_view(work, recent: int) -> dict:
    """Every player's MoTs and the ``recent`` newest entries of the history (``schemas.moments.MomentsLedger``)."""
    return {"balances": balances(work.store, work.world_id), "history": history(work.store, work.world_id, recent)}


def moments_get(work, get_request: dict) -> dict:
    """Every player's MoTs and the newest entries of the history."""
    return ledger_view(work, get_request["recent"])


def moments_take(work, take_request: dict) -> dict:
    """Take a failure, a critical failure or a setback for MoTs (ch. 5), on a
    logged roll of the player's that the sender may see, once per roll."""
    player, dials, taken = _player(work, take_request), world_dials(work), take_request["reward"]
    roll_id = take_request["roll_id"]
    card = _logged_roll(work, player, roll_id)
    with refused_as("roll_id"):
        check_takeable(Reward(earned["kind"]) for earned in (*card.get("rewards", ()), *card.get("held", ())))
    if taken is Taken.TAKE_SETBACK:
        judged = _reread(card)
        change = lambda ledger: take_setback(ledger, player, judged, dials, roll_id=roll_id)
    elif taken is Taken.TAKE_FAILURE:
        with refused_as("attack_or_damage"):
            check_failure_takeable(take_request["attack_or_damage"])
        change = lambda ledger: take_failure(ledger, player, dials, roll_id=roll_id)
    else:
        change = lambda ledger: take_critical_failure(ledger, player, dials, roll_id=roll_id)
    return dump(MomentsChange, _record(work, [player], _ledger_only(change), "roll_id", setback_of=roll_id))


def _logged_roll(work, player: str, roll_id: str) -> dict:
    """A logged roll of ``player``'s (made by them or for an actor of theirs)
    that they see whole (a take needs a roll its player sees, even when the
    GM sends it): its card. One refusal for a roll that is not there, not
    theirs or hidden from them: it says nothing of a hidden roll's outcome
    (docs/rules/moment_of_truth.md, Blind and whispered rolls)."""
    entry = work.store.card(work.world_id, roll_id)
    seen = entry is not None and entry.get("rule", "roll") == "roll"
    if seen:
        seen = view_for(entry, Identity(work.world_id, player, Role.PLAYER)) is entry
    if not seen or (entry["user"] != player and not work.store.owns_actor(work.world_id, player, entry["actor_id"])):
        message = f"no roll of {player}'s that they may see has this id"
        raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {"roll_id": [message]})
    return entry["result"]


def _reread(result: dict) -> RollResult:
    kind, outcome = RollKind(result["kind"]), result["outcome"]
    pool = Pool(tuple(PoolPart(**part) for part in result["pool"]["parts"]), result["pool"]["dice"])
    counting = count_faces(result["faces"], kind)
    setbacks = outcome.get("setbacks_judged", True)
    judged = judge(counting, pool.dice, outcome["needed"], outcome["stakes_raised"], setbacks)
    return RollResult(kind, pool, TargetNumber(**result["target"]), counting, judged)


def moments_award(work, award_request: dict) -> dict:
    """The GM's awards: role-playing, a session's start, a heroic death."""
    dials, award = world_dials(work), award_request["award"]
    if award is Award.ROLE_PLAYING:
        awarded = [(award_request["player"], award_request["moments"], award_request["reason"])]
        return award_for_role_playing(work, awarded, dials, "reason")
    if award is Award.SESSION_START:
        change = lambda ledger, uses: _session_start(ledger, uses, dials)
        return dump(MomentsChange, _record(work, award_request["players"], change, "players", first_sessions=True))
    dead, hit_points = award_request["player"], award_request["hit_points"]
    gifts = {gift["player"]: gift["moments"] for gift in award_request["gifts"]}
    change = _ledger_only(lambda ledger: heroic_death(ledger, dead, hit_points, dials, gifts))
    return dump(MomentsChange, _record(work, [dead, *gifts], change, "hit_points" if hit_points >= 0 else "gifts"))


def award_for_role_playing(work, awarded: list[tuple[str, int, str]], dials: Dials, field: str) -> dict:
    """The GM's role-playing awards, ``(player, moments, reason)`` each (ch. 5),
    by the world's ``dials``, in one change of the ledger, as the table is
    told it (``MomentsChange``); a refusal names ``field``."""

    def change(ledger: MomentsLedger) -> LedgerUpdate:
        entries: list = []
        for player, moments, reason in awarded:
            update = award_role_playing(ledger, player, moments, reason, dials)
            ledger, entries = update.ledger, [*entries, *update.entries]
        return LedgerUpdate(ledger, tuple(entries))

    return dump(MomentsChange, _record(work, [player for player, _, _ in awarded], _ledger_only(change), field))


def _session_start(ledger: MomentsLedger, uses: dict, dials: Dials) -> tuple[LedgerUpdate, dict]:
    """First-session MoTs for every player who never had them (ch. 5); talent uses start again (ch. 4)."""
    return first_session(ledger, dials), {"session": uses["session"] + 1, "actors": {}}


def moments_spend(work, spend_request: dict) -> dict:
    """Add a detail to the scene or create an NPC (ch. 5)."""
    player = _player(work, spend_request)
    if spend_request["spend"] is Spent.ADD_DETAIL:
        detail, surcharge = spend_request["detail"], spend_request["surcharge"]
        change = _ledger_only(lambda ledger: add_detail(ledger, player, detail, surcharge=surcharge))
    else:
        npc = spend_request["npc"]
        change = _ledger_only(lambda ledger: create_npc(ledger, player, npc))
    return dump(MomentsChange, _record(work, [player], change, "spend"))


# --- a roll's options ------------------------------------------------------------


def charge_moments(work, moments: int, roll_id: str, field: str) -> tuple:
    """Charge the sender ``moments`` MoTs for extra dice on a roll other than
    ``roll`` (an attack's, a medic's, a hazard's; ch. 5), before it is
    rolled: a player without enough is refused on ``field`` and nothing is
    rolled. The GM holds none. The ledger's entries."""
    if not moments:
        return ()
    _check_holds_moments(work, field)
    spending = RollSpending(work.identity.user, moments)
    update = _record(work, [work.identity.user], _ledger_only(lambda ledger: spend_on_roll(ledger, spending, roll_id=roll_id)), field)
    return update.entries


def roll_with_dying_moments(work, actor_id: str, roll_id: str, roll: Callable[[int], Any], field: str) -> Any:
    """Harsh death's rescue (ch. 7): ``roll(moments)`` with all the unspent
    MoTs of the dying character's player, who spends them all, in one change
    of the ledger (nothing is charged if ``roll`` refuses). MoTs are the
    players' (ch. 5): that player is the one at the table who owns
    ``actor_id``; with none (an NPC, or a player never in the ledger) there
    are none to add, and an actor several players own is refused on ``field``."""
    rolled = []

    def change(ledger: MomentsLedger) -> LedgerUpdate:
        owners = work.store.owners_among(work.world_id, list(ledger.players), actor_id)
        if len(owners) > 1:
            raise RulesRefusal(
                f"the dying character's Moments of Truth are not one player's: {' and '.join(owners)} "
                "own its actor; the GM assigns it to one of them (actors.assign)"
            )
        rolled[:] = [roll(ledger.balance(owners[0]) if owners else 0)]
        return spend_on_rescue(ledger, owners[0], roll_id=roll_id) if owners else LedgerUpdate(ledger, ())

    _record(work, [], _ledger_only(change), field)
    return rolled[0]


def _check_holds_moments(work, field: str) -> None:
    """The GM holds no Moments of Truth (ch. 5): only players spend them."""
    if work.identity.is_gm:
        message = "the GM holds no Moments of Truth: only players spend them"
        raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {field: [message]})


def roll_rewards(work, result: RollResult, dials: Dials, *, moments_spent: bool, stakes_raised: bool, roll_id: str,
                 hidden: bool) -> tuple[tuple, HeldReward | None]:
    """What a player's roll other than ``roll`` earns (a contest's side, a
    maneuver's): raising the stakes (ch. 5, Player-Triggered Rewards),
    credited, and what the judged roll earns (Dice-Triggered Rewards),
    credited, or held when the card is ``hidden`` (blind or whispered;
    docs/rules/moment_of_truth.md, Blind and whispered rolls). ``(the
    ledger's entries, the reward held)``; nothing for the GM."""
    if work.identity.is_gm:
        return (), None
    raised = ()
    if stakes_raised:
        change = _ledger_only(lambda ledger: _stakes_reward(work, LedgerUpdate(ledger, ()), dials, roll_id))
        raised = _record(work, [work.identity.user], change, "stakes_raised").entries
    if hidden:
        return raised, _held_reward(work, result, dials, moments_spent, stakes_raised)
    return (*raised, *_dice_reward(work, result, dials, moments_spent, stakes_raised, roll_id)), None


def with_rewards(card: dict, rewards, held: HeldReward | None) -> dict:
    """``card`` with the ledger entries its roll earned (``rewards``) and the
    reward it holds, each with its line in the explanation."""
    lines = [entry.line for entry in rewards]
    if rewards:
        card["rewards"] = dump_many(rolls.MomentsEntry, rewards)
    if held:
        card["held"] = [dump(rolls.HeldReward, held)]
        lines.append(held.line)
    if lines:
        card["explanation"] = [*card["explanation"], *lines]
    return card


def _stakes_reward(work, update: LedgerUpdate, dials: Dials, roll_id: str) -> LedgerUpdate:
    """``update`` and the player's 2 MoTs for raising the stakes, where player-triggered rewards are in use (ch. 5)."""
    if work.identity.is_gm or not Trigger.PLAYER.in_use(dials):
        return update
    raised = raise_the_stakes(update.ledger, work.identity.user, dials, roll_id=roll_id)
    return LedgerUpdate(raised.ledger, (*update.entries, *raised.entries))


def roll_with_options(work, roll_request: dict, dials: Dials, roll_id: str) -> dict:
    """A roll card's result: conditions and a talent in the pool (ch. 4, 7),
    MoTs and the talent's cost charged before rolling (nothing if anyone
    cannot pay), raised stakes rewarded, then the judged roll's dice reward
    (ch. 5), held on a blind or whispered roll until the GM reveals it
    (docs/rules/moment_of_truth.md, Blind and whispered rolls). Only players
    hold MoTs: the GM's rolls earn none. ``roll_request``
    is as ``RollRequest`` loads it (its ``kind`` a ``RollKind``)."""
    talent = _talent(roll_request)
    penalties = _penalties(roll_request, dials)
    pool = pool_of(roll_request, [*penalties, talent.modifier] if talent else penalties)
    spent, stakes_raised = roll_request.get("moments", {}), roll_request["stakes_raised"]
    own = spent.get("own", 0)
    contributions = tuple(Contribution(given["user"], given["dice"]) for given in spent.get("contributions", ()))
    if own or contributions:
        _check_holds_moments(work, "moments")
    rolled, target = _possible(roll_request, pool, own + sum(given.dice for given in contributions), dials)
    spending, use, charged = None, None, ()
    if talent or own or contributions or (stakes_raised and not work.identity.is_gm):
        spending, use, charged = _charge(work, roll_request, talent, own, contributions, dials, roll_id)
    result = roll_pool(roll_request["kind"], rolled, target, _dice, stakes_raised=stakes_raised, setbacks=dials.setbacks)
    rewards, held = [entry for entry in charged if isinstance(entry.kind, Reward)], None
    if roll_request["visibility"] is Visibility.PUBLIC:
        rewards += _dice_reward(work, result, dials, spending is not None, stakes_raised, roll_id)
    else:
        held = _held_reward(work, result, dials, spending is not None, stakes_raised)
    return _card(result, spending, use, rewards, held)


def _charge(work, roll_request: dict, talent: Talent | None, own: int, contributions: tuple, dials: Dials, roll_id: str):
    """Charge the roll's MoTs and the talent's use, and reward raised stakes,
    in one change of the ledger; each contribution uses up its giver's offer
    (``moments_offer``): ``(spending, use, the ledger's entries)``,
    ``spending`` None when no MoT was spent."""
    stakes_raised, player = roll_request["stakes_raised"], not work.identity.is_gm
    paid = {}

    def charge(ledger: MomentsLedger, uses: dict) -> tuple[LedgerUpdate, dict]:
        use = _use_talent(roll_request, talent, uses, dials) if talent else None
        spending = RollSpending(work.identity.user, own, contributions, use.moments if use else 0, stakes_raised)
        update = spend_on_roll(ledger, spending, roll_id=roll_id)
        if stakes_raised:
            update = _stakes_reward(work, update, dials, roll_id)
        paid.update(spending=spending, use=use)
        if contributions:
            uses = {**uses, "offers": use_offers(uses.get("offers", {}), work.identity.user, contributions)}
        return update, _counted(uses, roll_request["actor_id"], use)

    seated = [work.identity.user, *(given.player for given in contributions)] if player else []
    entries = _record(work, seated, charge, "moments").entries
    return paid["spending"] if paid["spending"].moments else None, paid["use"], entries


def _dice_reward(work, result: RollResult, dials: Dials, moments_spent: bool, stakes_raised: bool, roll_id: str):
    """Credit the roller with what the judged roll earns (ch. 5, Dice-Triggered
    Rewards), if anything; the GM's rolls earn none."""
    if work.identity.is_gm or not Trigger.DICE.in_use(dials):
        return ()
    if dice_reward(result, moments_spent=moments_spent, dials=dials, stakes_raised=stakes_raised) is None:
        return ()
    options = {"moments_spent": moments_spent, "stakes_raised": stakes_raised, "roll_id": roll_id}

    def earn(ledger: MomentsLedger) -> LedgerUpdate:
        return earn_dice_reward(ledger, work.identity.user, result, dials, **options)

    return _record(work, [work.identity.user], _ledger_only(earn), "moments").entries


def _held_reward(work, result: RollResult, dials: Dials, moments_spent: bool, stakes_raised: bool) -> HeldReward | None:
    """What the judged roll earns the roller, held and not yet in the ledger
    (nobody is told of it but who sees the card); the GM's rolls earn none."""
    if work.identity.is_gm or not Trigger.DICE.in_use(dials):
        return None
    return hold_dice_reward(work.identity.user, result, dials, moments_spent=moments_spent, stakes_raised=stakes_raised)


def credit_revealed(work, entry: dict) -> tuple:
    """Credit the held rewards of ``entry``, a hidden card the GM reveals
    (docs/rules/moment_of_truth.md, Blind and whispered rolls): once per
    card (refused on ``roll_id`` after), told to the table. The ledger's entries."""
    roll_id, dials = entry["roll_id"], world_dials(work)
    mark = f"{roll_id}:revealed"
    held = [HeldReward.from_dict(reward) for reward in entry["result"].get("held", ())]

    def apply(read: MomentsRead) -> tuple[MomentsWrite, LedgerUpdate]:
        if read.setback is not None:
            raise RulesRefusal("this roll was revealed already")
        update = credit_held(MomentsLedger(tuple(read.balances.items())), held, dials, roll_id=roll_id)
        entries = dump_many(rolls.MomentsEntry, update.entries)
        return MomentsWrite(dict(update.ledger.balances), None, entries, {}, {mark: {"roll_id": roll_id}}), update

    try:
        update = change_moments(work, apply, setback_of=mark)
    except RulesRefusal as broken:
        raise against_the_rules(broken, "roll_id") from None
    if update.entries:
        work.emit(Push.MOMENTS_CHANGED.value, dump(MomentsChange, update), to=world_room(work.world_id))
    return update.entries


def moments_offer(work, offer_request: dict) -> dict:
    """Offer ``dice`` d6 of one's own MoTs to another player's next roll
    (ch. 5), which that roll may take as its contribution; paid when rolled."""
    _check_holds_moments(work, "to")
    giver, roller, dice = work.identity.user, offer_request["to"], offer_request["dice"]
    if work.store.seat(work.world_id, roller) != "player":
        message = f"no player '{roller}' has joined this world"
        raise RequestError(ErrorCode.INVALID, message, {"to": [message]})

    def offer(ledger: MomentsLedger, uses: dict) -> tuple[LedgerUpdate, dict]:
        holds = dict(ledger.balances).get(giver, 0)
        if dice and dice + 1 > holds:  # ch. 5: one more MoT than dice, paid when the roll is made
            message = f"{dice} dice cost {dice + 1} Moments of Truth; {giver} holds {holds}"
            raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {"dice": [message]})
        offers = offer_dice(uses.get("offers", {}), giver, roller, dice)
        return LedgerUpdate(ledger, ()), {**uses, "offers": offers}

    _record(work, [giver], offer, "to")
    return {"player": giver, "to": roller, "dice": dice}


def _talent(roll_request: dict) -> Talent | None:
    if "talent" not in roll_request:
        return None
    talent = roll_request["talent"]
    try:
        return Talent(talent["name"], talent["circumstances"], tuple(talent["skills"]), talent["statistic"])
    except RulesRefusal as broken:
        raise against_the_rules(broken, "talent") from None


def _penalties(roll_request: dict, dials: Dials) -> list:
    """The skill penalties of the actor's conditions (ch. 7), by the roll's statistic."""
    if not roll_request["conditions"]:
        return []
    return skill_penalties(roll_request["conditions"], _statistic(roll_request, "conditions"), dials)


def _statistic(roll_request: dict, needed_by: str):
    statistic = statistic_of(roll_request)
    if statistic is None:
        message = f"{needed_by} go by the roll's statistic: name one of the six statistics or a derived one"
        raise RequestError(ErrorCode.AGAINST_THE_RULES, message, {"statistic": [message]})
    return statistic


def _possible(roll_request: dict, pool: Pool, moments_dice: int, dials: Dials) -> tuple[Pool, TargetNumber]:
    """The pool with the MoTs' dice, if any, and its TN; refused before anything is charged."""
    rolled = pool
    if moments_dice:
        with refused_as("moments", pool="moments"):
            rolled = spend_moments(pool, moments_dice)
    target = target_of(roll_request, dials.default_tn)
    with refused_as("difficulty", pool="difficulty"):
        check_possible(rolled, target, roll_request["stakes_raised"])
    return rolled, target


def _use_talent(roll_request: dict, talent: Talent, uses: dict, dials: Dials) -> TalentUse:
    """This session's next use of ``talent`` by the rolling actor (ch. 4)."""
    counts = uses["actors"].get(roll_request["actor_id"], {})
    skill = roll_request["skill"]["name"] if "skill" in roll_request else None
    try:
        return use_talent(
            talent,
            TalentUses(uses["session"], tuple(counts.items())),
            roll_request["kind"],
            _statistic(roll_request, "talents"),
            skill,
            off_spirit=roll_request["talent"]["off_spirit"],
            dials=dials,
        )
    except RulesRefusal as broken:
        raise against_the_rules(broken, "talent") from None


def _counted(uses: dict, actor_id: str, use: TalentUse | None) -> dict:
    if use is None:
        return uses
    return {**uses, "actors": {**uses["actors"], actor_id: dict(use.uses.counts)}}


def _card(result: RollResult, spending: RollSpending | None, use: TalentUse | None, rewards: list,
          held: HeldReward | None) -> dict:
    """The roll as the card shows it, with the MoTs spent (``spending``, if
    any), the talent used, the rewards and the reward held."""
    card, lines = dump(rolls.RollResult, result), []
    if spending:
        card["moments"] = dump(rolls.RollSpending, spending)
        lines += spending.explanation
    if use:
        card["talent"] = dump(rolls.TalentUse, use)
        lines += use.explanation
    if lines:
        card["explanation"] = [*card["explanation"], *lines]
    return with_rewards(card, rewards, held)


# --- connections ------------------------------------------------------------------


def connection_roll(work, roll_request: dict) -> dict:
    """Roll 2d6 on the connections table (ch. 5), where the world uses connections."""
    check_owner(work, roll_request["actor_id"])
    try:
        check_in_use(world_dials(work))
    except RulesRefusal as off:
        raise against_the_rules(off, "_schema") from None
    return publish(work, roll_request, Event.CONNECTION_ROLL, dump(ConnectionRoll, roll_connection(dice=_dice)))


def connection_check(work, check_request: dict) -> dict:
    """Whether a character has two connections with PCs and two with distinct NPCs."""
    try:
        connections = [Connection(**connection) for connection in check_request["connections"]]
        return dump(ConnectionsCheck, check_connections(connections, world_dials(work)))
    except RulesRefusal as broken:
        raise against_the_rules(broken, "connections") from None


def init_app(app) -> None:
    handles(app, Event.MOMENTS_GET)(moments_get)
    handles(app, Event.MOMENTS_TAKE)(moments_take)
    handles(app, Event.MOMENTS_AWARD)(moments_award)
    handles(app, Event.MOMENTS_SPEND)(moments_spend)
    handles(app, Event.MOMENTS_OFFER)(moments_offer)
    handles(app, Event.CONNECTION_ROLL)(connection_roll)
    handles(app, Event.CONNECTION_CHECK)(connection_check)
