"""Moment of Clarity's public state document, changed by pure functions.

``{"session", "scene", "drawn", "characters", "opposed", "moved",
"card_pools"}``: the session and scene counters, the cards drawn this
session (the deck is what is left, drawn from at random: no order is kept),
each character's sheet, hand, chips, beads, tracks and character points,
each secret roll's declared successes (never how many it rolled), the
meters each character moved in the turn a fight runs, by scene, and the
cards of villains sharing a pool. Each change takes the document (None before the first) and
returns ``(document, result)`` for ``bridge.systems.state.change_state``;
a refusal is a ``RulesRefusal`` (``Refused`` names the request field to blame)."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

from bridge.rules.refusal import RulesRefusal

from ...rules.dice import DiceSource
from ...rules.moment_of_clarity import beads as bead_rules
from ...rules.moment_of_clarity import chips as chip_rules
from ...rules.moment_of_clarity.cards import Card, bead_value, beads_shifted, draw, left_in_deck, session_draw
from ...rules.moment_of_clarity.characteristics import (
    PRIMARY,
    characteristic_raise,
    full_tokens,
    level_of,
    movement_allowance,
    skill_raise,
    spend_token,
)
from ...rules.moment_of_clarity.elements import Archetype, Element
from ...rules.moment_of_clarity.health import Health, Hit, cap_tokens, end_of_scene
from ...rules.moment_of_clarity.opposed import SecretSuccesses
from ...schemas.encode import dump, dump_many
from .schemas.state import MocCardOut, MocChipsOut

State = dict[str, Any]
Change = Callable[[State | None], tuple[State, Any]]

EMPTY: State = {"session": 0, "scene": 0, "drawn": [], "characters": {}, "opposed": {}, "moved": {}, "card_pools": {}}


class Refused(RulesRefusal):
    """A change refused because of one request field (``field``)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def fresh(state: State | None) -> State:
    return deepcopy(state) if state else deepcopy(EMPTY)


def character(state: State, actor_id: str) -> dict:
    try:
        return state["characters"][actor_id]
    except KeyError:
        raise Refused("actor_id", f"{actor_id} is not a Moment of Clarity character here") from None


# --- characters ---------------------------------------------------------------


def register(sheet: dict) -> Change:
    """Add or replace a character's sheet; a new one starts with no hand,
    chips or beads and the tracks given."""

    def change(state):
        state = fresh(state)
        old = state["characters"].get(sheet["actor_id"], {})
        Health(sheet["body"], sheet["toughness"], sheet["l_score"], **sheet["tracks"])  # checks them
        kept = {
            key: old.get(key, empty)
            for key, empty in (("hand", []), ("choosing", []), ("chips", _NO_CHIPS), ("beads", {}),
                               ("tokens", full_tokens(sheet["characteristics"])))
        }
        entry = {**{k: v for k, v in sheet.items() if k != "actor_id"}, **kept, "dazed": old.get("dazed", False),
                 "character_points": old.get("character_points", 0)}
        bead_rules.allocate(Archetype(sheet["archetype"]), _scene_beads(entry), _placed(entry))  # checks the placement
        state["characters"][sheet["actor_id"]] = entry
        return state, entry

    return change


_NO_CHIPS = {"white": 0, "red": 0, "blue": 0}


def _placed(entry: dict) -> dict[Element, int]:
    return {Element(element): count for element, count in entry["placed"].items()}


def _scene_beads(entry: dict) -> int:
    return bead_rules.scene_beads(entry["primary_dice"], bead_rules.PowerLevel(entry["power_level"]))


#: The characteristics the sheet also keeps as its own fields (B, T and L size the Pain track).
SHEET_FIELDS = {"Body": "body", "T": "toughness", "L": "l_score"}


def spend_points(actor_id: str, characteristic: str | None, skill: str | None, most: int) -> Change:
    """Character points spent on the sheet (Character Generation; Chips: the
    experience a blue chip buys): one level of ``characteristic`` or one die
    of ``skill`` at its Character Generation cost, never past ``most``. A
    primary's new level brings its token; B, T and L raise the sheet's own fields too."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        if characteristic is not None:
            field, bought = "characteristic", characteristic
            level = entry[SHEET_FIELDS[characteristic]] if characteristic in SHEET_FIELDS else level_of(entry["characteristics"], characteristic)
            cost = characteristic_raise(characteristic, level)
        else:
            field, bought = "skill", skill
            raised = next((each for each in entry["skills"] if each["name"] == skill), None)
            if raised is None:
                raise Refused("skill", f"there is no skill {skill} on {entry['name']}'s sheet")
            level = raised["dice"]
            cost = skill_raise(level)
        if level >= most:
            raise Refused(field, f"no more: {bought} is at {most}, the most a sheet holds")
        held = entry.get("character_points", 0)
        if cost > held:
            raise Refused(field, f"raising {bought} to {level + 1} costs {cost} character points; {entry['name']} has {held}")
        entry["character_points"] = held - cost
        if characteristic is None:
            raised["dice"] = level + 1
        else:
            entry["characteristics"] = {**entry["characteristics"], characteristic: level + 1}
            if characteristic in SHEET_FIELDS:
                entry[SHEET_FIELDS[characteristic]] = level + 1
            if characteristic in PRIMARY:
                entry["tokens"] = {**entry.get("tokens", {}), characteristic: entry.get("tokens", {}).get(characteristic, 0) + 1}
        return state, {"actor_id": actor_id, "bought": bought, "level": level + 1, "cost": cost,
                       "left": entry["character_points"], "character": entry}

    return change


# --- the session's cards ------------------------------------------------------


def new_session(dice: DiceSource) -> Change:
    """Every card back in the deck, then each character who has cards draws:
    2 to the hand, a Wildcard 4 to choose 3 from (``keep``)."""

    def change(state):
        state = fresh(state)
        state["session"] += 1
        state["drawn"], state["opposed"], state["card_pools"] = [], {}, {}
        for entry in state["characters"].values():
            if not entry["draws_cards"]:
                continue
            archetype = Archetype(entry["archetype"])
            if entry.get("card_pool"):  # a villain of a group sharing a pool: its cards go to the pool
                cards = dump_many(MocCardOut, draw(_left(state), archetype.cards_kept, dice))
                state["drawn"] += cards
                state["card_pools"].setdefault(entry["card_pool"], []).extend(cards)
                entry["hand"], entry["choosing"] = [], []
                continue
            cards = dump_many(MocCardOut, draw(_left(state), archetype.cards_drawn, dice))
            state["drawn"] += cards
            choosing = archetype.cards_drawn != archetype.cards_kept
            entry["hand"], entry["choosing"] = ([], cards) if choosing else (cards, [])
        return state, {"session": state["session"], "drawn": len(state["drawn"])}

    return change


def _left(state: State) -> tuple[Card, ...]:
    return left_in_deck([Card.of(card) for card in state["drawn"]])


def keep(actor_id: str, kept: list[Card]) -> Change:
    """A Wildcard keeps 3 of the 4 cards drawn; the fourth is out for the session."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        choosing = [Card.of(card) for card in entry["choosing"]]
        if not choosing:
            raise RulesRefusal("there are no drawn cards to choose from")
        chosen = session_draw(choosing, Archetype(entry["archetype"]), kept).kept
        entry["hand"], entry["choosing"] = dump_many(MocCardOut, chosen), []
        return state, entry["hand"]

    return change


def hand_of(state: State, entry: dict) -> list:
    """The cards a character plays from: its own hand, or its group's shared pool (Cards: "a group of
    villains in a single encounter may share a card pool")."""
    if entry.get("card_pool"):
        return state.setdefault("card_pools", {}).setdefault(entry["card_pool"], [])
    return entry["hand"]


def take_card(state: State, entry: dict, card: Card) -> None:
    """Play ``card`` from the hand (or the shared pool): it is gone for the session."""
    held = hand_of(state, entry)
    hand = [Card.of(each) for each in held]
    if card not in hand:
        raise Refused("card", f"the {card.name} is not in this hand")
    del held[hand.index(card)]


def card_as_beads(actor_id: str, card: Card, before_scene: bool) -> Change:
    """A card exchanged for beads of its suit's Element (Cards as Beads)."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        take_card(state, entry, card)
        element, beads = card.suit.element, bead_value(card, before_scene)
        entry["beads"][element.value] = entry["beads"].get(element.value, 0) + beads
        return state, {"card": dump(MocCardOut, card), "element": element.value, "beads": beads, "character": entry}

    return change


def card_shifts_beads(actor_id: str, card: Card, source: Element, target: Element) -> Change:
    """A card played before a scene moves half its face value (rounded down)
    of beads from ``source`` to ``target`` at no cost (Cards as Beads)."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        take_card(state, entry, card)
        moved, held = beads_shifted(card), entry["beads"].get(source.value, 0)
        if source is target or moved > held:
            raise Refused("source", f"the {card.name} moves {moved} beads out of {source.value}, which holds {held}")
        entry["beads"][source.value] = held - moved
        entry["beads"][target.value] = entry["beads"].get(target.value, 0) + moved
        return state, {"card": dump(MocCardOut, card), "element": target.value, "beads": moved, "character": entry}

    return change


def play(
    actor_id: str, card: Card | None = None, chip: chip_rules.Chip | None = None, back: tuple | None = None
) -> Change:
    """A card played from the hand or a chip from the chips (on dice, as a
    trump: the card's own request judges them); ``back``: ``(actor_id,
    element, beads)`` a trump gives back to the character whose beads it beat."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        if card is not None:
            take_card(state, entry, card)
        if chip is not None:
            entry["chips"] = dump(MocChipsOut, chip_rules.Chips(**entry["chips"]).take([chip]))
        if back:
            owner, element, beads = back
            returned = character(state, owner)["beads"]
            returned[element.value] = returned.get(element.value, 0) + beads
        return state, entry

    return change


# --- scenes and beads ---------------------------------------------------------


def new_scene(state: State | None) -> tuple[State, dict]:
    """Each character's beads replenished as allocated, a level of Fatigue
    recovered at the end of the scene before (Recovery), dazing over; who
    holds more than 4 chips is named (what they do is the GM's call)."""
    state = fresh(state)
    recovered, over = [], {}
    for actor_id, entry in state["characters"].items():
        allocation = bead_rules.allocate(Archetype(entry["archetype"]), _scene_beads(entry), _placed(entry))
        entry["beads"] = {element.value: count for element, count in allocation.beads.items()}
        if state["scene"]:
            health, token = end_of_scene(health_of(entry))
            entry["tracks"] = tracks_of(health)
            if token:
                recovered.append(actor_id)
            entry["token_recovery"] = token  # until it recovers one (moc.token.recover) or the next scene
        entry["dazed"] = False
        extra = chip_rules.Chips(**entry["chips"]).over_scene_limit()
        if extra:
            over[actor_id] = extra
    state["scene"] += 1
    return state, {"scene": state["scene"], "token_recovery": recovered, "over_chip_limit": over}


def spend_beads(actor_id: str, element: Element, beads: int, storytelling: bool) -> Change:
    """Beads spent from an Element; Storytelling plays reach as far as their
    number (four or more spend every Storytelling bead left)."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        if entry["dazed"]:
            raise RulesRefusal("a dazed character cannot play beads")
        held = entry["beads"].get(element.value, 0)
        scope, spent = None, beads
        if storytelling:
            if element is not Element.STORYTELLING:
                raise RulesRefusal("a Storytelling play spends Storytelling beads")
            scope, spent = bead_rules.storytelling(beads, held)
        elif beads > held:
            raise RulesRefusal(f"{held} {element.value} beads left, not {beads}")
        entry["beads"][element.value] = held - spent
        return state, {"element": element.value, "spent": spent, "scope": scope and scope.value, "character": entry}

    return change


# --- chips --------------------------------------------------------------------


def grant_chips(actor_id: str, chips: list[chip_rules.Chip], scene_start: bool) -> Change:
    """The GM gives chips; at a scene's start nobody may hold more than 4."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        held = chip_rules.Chips(**entry["chips"]).add(chips)
        if scene_start and held.over_scene_limit():
            raise RulesRefusal(f"{held.held} chips: at most {chip_rules.SCENE_START_LIMIT} at a scene's start")
        entry["chips"] = dump(MocChipsOut, held)
        return state, entry

    return change


def spend_chip(
    actor_id: str, chip: chip_rules.Chip, use: chip_rules.Use, element: Element | None, dice: DiceSource
) -> Change:
    """A chip exchanged: cards drawn to the hand, beads (twice its value) to
    ``element``, an automatic success or a character point (the card says which)."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        left, bought = chip_rules.exchange(chip_rules.Chips(**entry["chips"]), chip, use)
        entry["chips"] = dump(MocChipsOut, left)
        cards = []
        if use is chip_rules.Use.CARDS:
            cards = dump_many(MocCardOut, draw(_left(state), bought, dice))
            hand_of(state, entry).extend(cards)
            state["drawn"] += cards
        elif use is chip_rules.Use.BEADS:
            if element is None:
                raise Refused("element", "beads bought with a chip go to an Element")
            entry["beads"][element.value] = entry["beads"].get(element.value, 0) + bought
        elif use is chip_rules.Use.CHARACTER_POINT:
            entry["character_points"] = entry.get("character_points", 0) + bought
        return state, {"chip": chip.value, "use": use.value, "bought": bought, "cards": cards, "character": entry}

    return change


def trade_chips(actor_id: str, give: list[chip_rules.Chip], take: list[chip_rules.Chip]) -> Change:
    """Up for lower chips worth its value + 1, or one chip down at no penalty."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        held = chip_rules.Chips(**entry["chips"])
        if len(take) == 1:
            held = chip_rules.trade_up(held, give, take[0])
        elif len(give) == 1:
            held = chip_rules.trade_down(held, give[0], take)
        else:
            raise RulesRefusal("a trade takes one chip for lower ones, or gives one for lower ones")
        entry["chips"] = dump(MocChipsOut, held)
        return state, entry

    return change


# --- secret rolls -------------------------------------------------------------


def open_secret(roll_id: str, actor_id: str) -> Change:
    """A secret roll is on the table: how much of it is declared is public."""

    def change(state):
        state = fresh(state)
        character(state, actor_id)
        state["opposed"][roll_id] = {"actor_id": actor_id, "declared": 0}
        return state, state["opposed"][roll_id]

    return change


def declare(roll_id: str, holder: str, rolled: int, count: int) -> Change:
    """``count`` more of a secret roll's successes declared (never more than
    it rolled): the roll's ``SecretSuccesses`` after."""

    def change(state):
        state = fresh(state)
        secret = state["opposed"].get(roll_id)
        if secret is None:
            raise Refused("roll_id", f"no secret roll {roll_id} this session")
        spent = SecretSuccesses(holder, rolled, secret["declared"]).spend(count)
        secret["declared"] = spent.spent
        return state, spent

    return change


# --- tracks -------------------------------------------------------------------


def health_of(entry: dict) -> Health:
    return Health(entry["body"], entry["toughness"], entry["l_score"], **entry["tracks"])


def tracks_of(health: Health) -> dict[str, int]:
    return {"damage": health.damage, "pain": health.pain, "fatigue": health.fatigue}


def change_health(actor_id: str, heal: Callable[[Health], Health | Hit]) -> Change:
    """The character's tracks after ``heal`` (a hit also dazes): the
    character and what ``heal`` returned."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        after = heal(health_of(entry))
        health = after.health if isinstance(after, Hit) else after
        entry["tracks"] = tracks_of(health)
        if isinstance(after, Hit):
            # Damage: no primary characteristic keeps more tokens than the damage level (the hit's pain counted).
            entry["tokens"] = cap_tokens(entry.get("tokens", {}), health.damage_level(after.pain))
            entry["dazed"] = entry["dazed"] or after.dazed
        return state, (entry, after)

    return change


# --- what a roll from the sheet costs -------------------------------------------------


def pay_for_roll(actor_id: str, token: str | None, element: Element | None, beads: int, white_chip: bool = False) -> Change:
    """Before or after a roll from the sheet: a token of the primary ``token``,
    ``beads`` from ``element`` (a dazed character plays none), a white chip."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        if token is not None:
            try:
                entry["tokens"] = spend_token(entry.get("tokens", {}), token)
            except RulesRefusal as none:
                raise Refused("token", str(none)) from None
        if beads:
            if entry["dazed"]:
                raise Refused("beads.element", "a dazed character cannot play beads")
            held = entry["beads"].get(element.value, 0)
            if beads > held:
                raise Refused("beads.element", f"{held} {element.value} beads left, not {beads}")
            entry["beads"][element.value] = held - beads
        if white_chip:
            if entry["chips"]["white"] < 1:
                raise Refused("chip", "no white chip left")
            entry["chips"]["white"] -= 1
        return state, entry

    return change


# --- fatigue and movement ------------------------------------------------------------


def gain_fatigue(actor_id: str, levels: int) -> Change:
    """Levels of Fatigue an action or the story costs (Damage: "certain actions may also increase the fatigue level")."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        entry["tracks"] = {**entry["tracks"], "fatigue": entry["tracks"]["fatigue"] + levels}
        return state, entry

    return change


def move(actor_id: str, meters: int, primary_mode: bool, turn: dict | None) -> Change:
    """A move within the character's allowance a turn (Movement). ``turn``: the
    turn of the running fight the character acts in (``{scene_id, round,
    seat}``, the table's combat's), whose moves add up; None: no fight, each
    move on its own. A new turn of the scene starts its tally from none."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        allowance = movement_allowance(entry.get("characteristics", {}), primary_mode)
        moves = state.setdefault("moved", {})
        tally = {}
        if turn is not None:
            kept = moves.get(turn["scene_id"])
            if kept and (kept["round"], kept["seat"]) == (turn["round"], turn["seat"]):
                tally = kept["meters"]
        before = tally.get(actor_id, 0)
        if before + meters > allowance:
            raise Refused("meters", f"{entry['name']} moves {allowance} m a turn this way; {before} m moved, {meters} more is too far")
        if turn is not None:
            moves[turn["scene_id"]] = {"round": turn["round"], "seat": turn["seat"], "meters": {**tally, actor_id: before + meters}}
        moved = {"actor_id": actor_id, "mode": "primary" if primary_mode else "other", "meters": meters, "allowance": allowance,
                 "moved": before + meters, "left": allowance - before - meters}
        return state, moved

    return change


def fight_over(scene_id: str) -> Change:
    """The fight in the scene ended: the meters moved in its last turn count no more."""

    def change(state):
        state = fresh(state)
        state.setdefault("moved", {}).pop(scene_id, None)
        return state, None

    return change


# --- fate ---------------------------------------------------------------------------


def penalize(actor_id: str, chips: list[chip_rules.Chip]) -> Change:
    """Fate: the GM takes chips from a character whose play hurt the story."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        try:
            entry["chips"] = dump(MocChipsOut, chip_rules.Chips(**entry["chips"]).take(chips))
        except RulesRefusal as short:
            raise Refused("chips", str(short)) from None
        return state, entry

    return change



def recover_token(actor_id: str, characteristic: str) -> Change:
    """Recovery: a character with no Fatigue at a scene's end recovers one token of the primary
    characteristic of its choice, never above the characteristic's level."""

    def change(state):
        state = fresh(state)
        entry = character(state, actor_id)
        if not entry.get("token_recovery"):
            raise Refused("actor_id", f"{entry['name']} recovers no token now: only with no Fatigue at a scene's end, once")
        most = full_tokens(entry["characteristics"])[characteristic]
        tokens = entry.get("tokens", {})
        if tokens.get(characteristic, 0) >= most:
            raise Refused("characteristic", f"{entry['name']} holds all {most} {characteristic} tokens")
        entry["tokens"] = {**tokens, characteristic: tokens.get(characteristic, 0) + 1}
        entry["token_recovery"] = False
        return state, entry

    return change
