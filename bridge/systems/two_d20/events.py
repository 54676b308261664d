"""The 2d20 variant's requests: read the sheets, roll with the pure rules,
change the state document (``state``) through ``change_state`` so the table
sees it, and publish the cards."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager

from ...protocol import ErrorCode, RequestError
from ...rules.dice import RandomDice
from ...rules.two_d20.combat import roll_attack, roll_defended_attack
from ...rules.two_d20.contests import roll_contest
from ...rules.two_d20.determination import DeterminationUse, critical_die, die_to_turn, reroll
from ...rules.two_d20.momentum import MomentumSpend
from ...rules.two_d20.rounds import Action
from ...rules.two_d20.skill_tests import Target, read_test, roll_skill_test
from ...rules.two_d20.traits import Trait, TraitSubject, difficulty_with_traits
from ...schemas.encode import dump
from ...table.combats import acting_seat, acting_tokens
from ...table.publish import check_owner, new_card_id, publish
from ...transport.handling import handles
from ...transport.refusals import refused_as
from .. import state as system_state
from ..at_table import check_acting, played, tokens_of
from . import state
from .schemas import TwoD20Contest, TwoD20Difficulty, TwoD20HitWorking, TwoD20SkillTest
from .table import TABLE, shown

NAME = "two_d20"
_dice = RandomDice()


def start_session(work, request: dict) -> dict:
    return _changed(work, "players", lambda before: state.start_session(before, request["players"]))


def register_character(work, request: dict) -> dict:
    actor_id = request["actor_id"]
    sheet = {key: request[key] for key in ("name", "npc", "skills", "styles", "focuses", "armor", "powers")}

    def step(before):
        after, _ = state.register(before, actor_id, sheet)
        return after, {"character": after["characters"][actor_id], "state": after}

    return _change(work, "skills", step)


def skill_test(work, request: dict) -> dict:
    """Roll the test, turn a die with Determination if asked, then pay, spend and bank in one change."""
    actor_id = request["actor_id"]
    check_owner(work, actor_id)
    sheet, before = _sheet(work, actor_id)
    target = _target(sheet, request)
    with refused_as("traits"):
        difficulty = difficulty_with_traits(request["difficulty"], state.traits_bearing(before, actor_id, request["traits"]))
    helping = _assistants(work, actor_id, request["assistants"])
    with refused_as("paid_by"):
        test = roll_skill_test(target, difficulty.value, dice=_dice, bought=request["bought"], paid_by=request["paid_by"], assistants=helping)
    turned = die_to_turn(test) if request["critical_die"] else None
    if turned is not None:
        test = critical_die(test, turned)

    card_id = new_card_id()

    def settle(during: dict) -> list:
        with refused_as("bought"):
            paid = state.pay_for_dice_in(during, actor_id, test)
        with refused_as("critical_die"):
            spent = state.spend_determination_in(during, actor_id, DeterminationUse.CRITICAL_DIE) if turned is not None else None
        state.remember_test_in(during, actor_id, card_id)
        state.after_test_in(during, actor_id, card_id, test.passed)
        return [change for change in (paid, spent, state.bank_momentum_in(during, actor_id, test.momentum)) if change]

    pools = _settled(work, settle)
    card = {**dump(TwoD20SkillTest, test), "difficulty_set": dump(TwoD20Difficulty, difficulty), "critical_die": turned, "pools": pools}
    kept = ["every die is already a critical success: Determination kept"] if request["critical_die"] and turned is None else []
    card["explanation"] = [*difficulty.explanation, *test.explanation, *kept, *_lines(pools)]
    return publish(work, request, "2d20.test", card, card_id=card_id)


def reroll_test(work, request: dict) -> dict:
    """Determination re-rolls dice of the actor's last test (its card read back from the
    roll log); Momentum it makes beyond the test's is banked, none already banked is taken back."""
    actor_id = request["actor_id"]
    check_owner(work, actor_id)
    last = _sheet(work, actor_id)[0]["last_test"]
    logged = work.store.card(work.world_id, last) if last else None
    if logged is None:
        raise _invalid("actor_id", "no test of this character to re-roll", ErrorCode.AGAINST_THE_RULES)
    before = logged["result"]
    with refused_as("dice"):
        test = reroll(read_test(before), request["dice"], _dice)
    card_id = new_card_id()

    def settle(during: dict) -> list:
        with refused_as("actor_id"):
            spent = state.spend_determination_in(during, actor_id, DeterminationUse.REROLL)
            state.remember_test_in(during, actor_id, card_id, rerolled=last)
        state.after_test_in(during, actor_id, card_id, test.passed)
        banked = state.bank_momentum_in(during, actor_id, max(0, test.momentum - before["momentum"]), "extra successes of a re-roll")
        return [change for change in (spent, banked) if change]

    pools = _settled(work, settle)
    card = {**dump(TwoD20SkillTest, test), "difficulty_set": before["difficulty_set"], "critical_die": None, "pools": pools, "rerolled": last}
    card["explanation"] = [*before["difficulty_set"]["explanation"], *test.explanation, *_lines(pools)]
    return publish(work, request, "2d20.reroll", card, card_id=card_id)


def contest(work, request: dict) -> dict:
    """The actor the active side, the opponent the passive; the pools are the GM's to settle. The
    winner's successful test opens the moment Momentum may be spent in (if a PC won)."""
    check_owner(work, request["actor_id"])
    active = _target(_sheet(work, request["actor_id"])[0], request)
    opponent = request["opponent"]
    passive = _target(_sheet(work, opponent["actor_id"], "opponent")[0], opponent, "opponent")
    card = {**dump(TwoD20Contest, roll_contest(active, passive, dice=_dice)), "passive_id": opponent["actor_id"]}
    card_id, winner = new_card_id(), request["actor_id"] if card["winner"] == "active" else opponent["actor_id"]
    _settled(work, lambda during: state.after_test_in(during, winner, card_id, True))  # the winner's test succeeded
    return publish(work, request, "2d20.contest", card, card_id=card_id)


def attack(work, request: dict) -> dict:
    """An attack test (or a defended melee attack's contest), then in one
    change: the attacker's Momentum banked, the bonus damage its side can pay
    for, the hit through the target's armor; or the defender's counter-attack
    if its side can pay. Nothing is refused once the dice are rolled."""
    attacker_id, target_id = request["actor_id"], request["target_id"]
    check_owner(work, attacker_id)
    for choice in ("defence", "negative_trait", "counter_attack"):
        if choice in request:
            check_owner(work, target_id, choice)
    attacker_sheet, before = _sheet(work, attacker_id)
    attacker = _target(attacker_sheet, request)
    now = _turn_now(work, request)
    with refused_as("actor_id"):
        state.check_action(before, attacker_id, Action.MAJOR, now)
    defender_sheet = _sheet(work, target_id, "target_id")[0]
    if "counter_attack" in request and "defence" not in request:
        raise _invalid("counter_attack", "only a defended melee attack can be countered", ErrorCode.AGAINST_THE_RULES)
    if any(each["name"] == request.get("negative_trait") for each in defender_sheet["traits"]):
        raise _invalid("negative_trait", f"{defender_sheet['name']} already has that trait", ErrorCode.AGAINST_THE_RULES)
    kind, test, defence = request["kind"], None, None
    if "defence" in request:
        with refused_as("defence"):
            defence = roll_defended_attack(kind, attacker, _target(defender_sheet, request["defence"], "defence"), dice=_dice)
    else:
        test = roll_attack(kind, attacker, dice=_dice)
    hit = defence.hit if defence else test.passed

    card_id = new_card_id()

    def settle(during: dict) -> dict:
        with refused_as("actor_id"):
            state.take_action_in(during, attacker_id, Action.MAJOR, now)
        if defence:
            winner = attacker_id if hit else target_id
            state.after_test_in(during, winner, card_id, True)
        else:
            state.after_test_in(during, attacker_id, card_id, test.passed)
        banked = state.bank_momentum_in(during, attacker_id, test.momentum) if test else None
        worked = {"pools": [banked] if banked else [], "damage": None, "counter_attack": None, "notes": []}
        if hit:
            wanted = request["bonus_damage"]
            bonus = state.afford(during, attacker_id, MomentumSpend.BONUS_DAMAGE, wanted)
            if bonus:
                worked["pools"].append(state.pay_in(during, attacker_id, MomentumSpend.BONUS_DAMAGE, bonus))
            if bonus < wanted:
                worked["notes"].append(f"{bonus} of {wanted} bonus damage bought: what the pool could pay")
            with refused_as("negative_trait"):
                damage = state.take_hit_in(during, target_id, request["damage"], bonus, request.get("negative_trait"))
            worked["damage"] = {"actor_id": target_id, **dump(TwoD20HitWorking, damage)}
        elif "counter_attack" in request:
            if state.afford(during, target_id, MomentumSpend.COUNTER_ATTACK, 1):
                worked["pools"].append(state.counter_attack_in(during, defence, target_id))
                countered = state.take_hit_in(during, attacker_id, request["counter_attack"]["damage"], 0, None)
                worked["counter_attack"] = {"actor_id": attacker_id, **dump(TwoD20HitWorking, countered)}
            else:
                worked["notes"].append("no counter-attack: the defender's side cannot pay 2")
        return worked

    worked = _settled(work, settle)
    notes = worked.pop("notes")
    rolled = dump(TwoD20SkillTest, test) if test else None
    contested = {**dump(TwoD20Contest, defence.contest), "passive_id": target_id} if defence else None
    card = {"system": "two_d20", "kind": kind.value, "target_id": target_id, "test": rolled, "defence": contested, "hit": hit,
            "outcome": {"label": "hit" if hit else "miss"}, **worked}
    struck = worked["damage"] or worked["counter_attack"]
    card["explanation"] = [*(rolled or contested)["explanation"], *_lines(worked["pools"]), *notes, *(struck["explanation"] if struck else [])]
    return publish(work, request, "2d20.attack", card, card_id=card_id)


def spend(work, request: dict) -> dict:
    """Momentum (anyone) or Chaos (the GM) on a question, a special move or a trait."""
    if request["pool"] == "chaos" and not work.identity.is_gm:
        raise RequestError(ErrorCode.FORBIDDEN, "only the GM spends Chaos", {"pool": ["the GM's"]})
    is_trait = request["spend"] is MomentumSpend.TRAIT
    if is_trait != ("trait" in request):
        raise _invalid("trait", "a trait spend names its trait; no other spend does")
    if is_trait and request["amount"] != 1:
        raise _invalid("amount", "one trait at a time")
    if "actor_id" in request and not is_trait:
        raise _invalid("actor_id", "only a trait goes on a character")

    def step(before):
        started = state.not_started(before)
        with refused_as("pool"):
            state.check_moment(started, request["pool"])
        after, changes = state.spend_pool(before, request["pool"], request["spend"], request["amount"])
        if is_trait:
            with refused_as("trait"):
                state.add_trait(after, _trait(request["trait"]), request.get("actor_id"))
        return after, changes

    return _changed(work, "amount", step)


def gain_chaos(work, request: dict) -> dict:
    """Complications prevented (anyone: 2 Chaos each), or Chaos for the story (the GM)."""
    prevented, tokens = request["prevented"], request["tokens"]
    if bool(prevented) == bool(tokens):
        raise _invalid("prevented", "give either complications prevented or Chaos tokens for the story")
    if tokens and not work.identity.is_gm:
        raise RequestError(ErrorCode.FORBIDDEN, "only the GM adds Chaos for the story", {"tokens": ["the GM's"]})
    return _changed(work, "reason", lambda before: state.gain_chaos(before, prevented, tokens, request["reason"]))


def spend_determination(work, request: dict) -> dict:
    """Determination on a trait (created or removed) or on another action."""
    actor_id, use = request["actor_id"], request["use"]
    check_owner(work, actor_id)
    changing = [key for key in ("trait", "remove_trait") if key in request]
    if (use is DeterminationUse.TRAIT) != (len(changing) == 1):
        raise _invalid("trait", "a trait use creates one trait or removes one; no other use does")

    now = None
    if use is DeterminationUse.EXTRA_ACTION:  # taken on the spender's own turn
        check_acting(work, request)
        now = _turn_now(work, request)

    def step(before):
        after, changes = state.spend_determination(before, actor_id, use)
        with refused_as(changing[0] if changing else "use"):
            _change_trait_with_determination(after, actor_id, request)
            state.another_action_in(after, actor_id, now)
        return after, changes

    return _changed(work, "actor_id", step)


def _change_trait_with_determination(after: dict, actor_id: str, request: dict) -> None:
    """A trait about a character goes on the spender, any other on the scene; one removed
    is the spender's own if they have it, else the scene's."""
    if "trait" in request:
        trait = _trait(request["trait"])
        state.add_trait(after, trait, actor_id if trait.about is TraitSubject.CHARACTER else None)
    elif "remove_trait" in request:
        own = any(each["name"] == request["remove_trait"] for each in after["characters"][actor_id]["traits"])
        state.remove_trait(after, request["remove_trait"], actor_id if own else None)


def award_determination(work, request: dict) -> dict:
    return _changed(work, "actor_id", lambda before: state.award_determination(before, request["actor_id"], request["reason"]))


def spend_mana(work, request: dict) -> dict:
    check_owner(work, request["actor_id"])
    return _changed(work, "mana", lambda before: state.spend_mana(before, request["actor_id"], request["mana"]))


def change_trait(work, request: dict) -> dict:
    """The GM puts a trait on the scene or a character (``actor_id``), or takes it away."""
    actor_id = request.get("actor_id")
    if ("trait" in request) == ("remove" in request):
        raise _invalid("trait", "give a trait to add or the name of one to remove")

    def change(before):
        after = state.copied(before)
        if "trait" in request:
            state.add_trait(after, _trait(request["trait"]), actor_id)
        else:
            state.remove_trait(after, request["remove"], actor_id)
        return after, []

    return _changed(work, "trait" if "trait" in request else "remove", change)


def take_action(work, request: dict) -> dict:
    """The character takes their major or minor action of their turn in the
    fight (its token's, which the table holds it to); a minor one may move
    them a zone. Outside a fight nothing is counted."""
    actor_id, action = request["actor_id"], request["action"]
    check_owner(work, actor_id)
    if "zone" in request and action is not Action.MINOR:
        raise _invalid("zone", "moving to a nearby zone is a minor action", ErrorCode.AGAINST_THE_RULES)
    now = _turn_now(work, request)

    def step(before):
        after = state.copied(before)
        with refused_as("actor_id"):
            state.character(after, actor_id)
        with refused_as("action"):
            state.take_action_in(after, actor_id, action, now)
        if "zone" in request:
            with refused_as("zone"):
                state.move_in(after, actor_id, request["zone"])
        return after, []

    return _changed(work, "action", step)


def set_zones(work, request: dict) -> dict:
    return _changed(work, "zones", lambda before: state.set_zones(before, request["zones"], request["positions"]))


def _turn_now(work, request: dict) -> dict | None:
    """The fight's turn the character acts in (``{scene_id, round, seat}``):
    the one its token (``token_id``, or any of its tokens) has in a running
    combat; None outside a fight. Whose turn it is the table checked
    (``Table.turn_actions``, ``check_acting``)."""
    named = request.get("token_id")
    held = work.tokens([named] if named else tokens_of(work, [request["actor_id"]]))
    for token_id, record in held.items():
        combat = work.combat(record["scene_id"]) if record.get("scene_id") else None
        if combat and combat.get("turn") is not None and token_id in acting_tokens(combat):
            return {"scene_id": combat["scene_id"], "round": combat["round"], "seat": acting_seat(combat)}
    return None


def end_scene(work, _request: dict) -> dict:
    return _changed(work, "_schema", state.end_scene)


def _changed(work, field: str, change: Callable) -> dict:
    """Change the state document; the answer is the changes and the document after them."""

    def step(before):
        after, changes = change(before)
        return after, {"changes": changes, "state": after}

    return _change(work, field, step)


def _settled(work, settle: Callable[[dict], object]):
    """Run ``settle`` on a copy of the state document, in place, in one change; its answer."""

    def step(before):
        after = state.copied(before)
        return after, settle(after)

    return _change(work, "actor_id", step)


def _change(work, field: str, step: Callable):
    """``change_state`` with the rules' refusals blamed on ``field`` (on no field before a session)."""
    with refused_as(field), _in_session():
        return system_state.change_state(work, NAME, step)


@contextmanager
def _in_session():
    try:
        yield
    except state.NoSession as none:
        raise RequestError(ErrorCode.AGAINST_THE_RULES, str(none), {"_schema": [str(none)]}) from None


def _sheet(work, actor_id: str, field: str = "actor_id") -> tuple[dict, dict]:
    """A registered character's sheet and the state document it was read from."""
    document = work.system_state(NAME)
    with refused_as(field), _in_session():
        return state.character(document, actor_id), document


def _assistants(work, leader_id: str, assisting: list[dict]) -> list[tuple[str, Target]]:
    """Each assistant's name and skill + style from their sheet: other characters, each once."""
    ids = [helper["actor_id"] for helper in assisting]
    if leader_id in ids or len(set(ids)) < len(ids):
        raise _invalid("assistants", "other characters assist, each once", ErrorCode.AGAINST_THE_RULES)
    sheets = [_sheet(work, actor_id, "assistants")[0] for actor_id in ids]
    if len({sheet["name"] for sheet in sheets}) < len(sheets):
        raise _invalid("assistants", "two assistants have the same name", ErrorCode.AGAINST_THE_RULES)
    return [(sheet["name"], _target(sheet, helper, "assistants")) for sheet, helper in zip(sheets, assisting)]


def _target(sheet: dict, approach: dict, where: str = "") -> Target:
    """Skill + style (and focus) by name from the sheet; a name it lacks is blamed on its field."""
    for key, table in (("skill", "skills"), ("style", "styles"), ("focus", "focuses")):
        if key in approach and approach[key] not in sheet[table]:
            field = f"{where}.{key}" if where else key
            raise _invalid(field, f"{sheet['name']} has no {key} {approach[key]!r}", ErrorCode.AGAINST_THE_RULES)
    focus = sheet["focuses"][approach["focus"]] if "focus" in approach else None
    return Target(sheet["skills"][approach["skill"]], sheet["styles"][approach["style"]], focus)


def _trait(spec: dict) -> Trait:
    return Trait(spec["name"], spec["about"], spec["difficulty"])


def _lines(pools: list[dict]) -> list[str]:
    return [f"{change['pool']} {change['before']} -> {change['after']}: {change['reason']}"
            + (f" ({change['lost']} lost above the cap)" if change["lost"] else "") for change in pools]


def _invalid(field: str, message: str, code: ErrorCode = ErrorCode.INVALID) -> RequestError:
    return RequestError(code, message, {field: [message]})


def init_app(app) -> None:
    for event, handler in {
        "2d20.session.start": start_session,
        "2d20.character": register_character,
        "2d20.test": skill_test,
        "2d20.reroll": reroll_test,
        "2d20.contest": contest,
        "2d20.attack": attack,
        "2d20.spend": spend,
        "2d20.chaos": gain_chaos,
        "2d20.determination": spend_determination,
        "2d20.determination.award": award_determination,
        "2d20.mana": spend_mana,
        "2d20.trait": change_trait,
        "2d20.action": take_action,
        "2d20.zones": set_zones,
        "2d20.scene.end": end_scene,
    }.items():
        handles(app, event)(played(TABLE, event, handler, shown))
