"""Moments of Truth (ch. 5): the table's ledger, earning and spending them,
and the heroic death award (ch. 7, Heroic Death Rules).

The ledger is a value. Every operation returns a :class:`LedgerUpdate`: the
new ledger and the entries it recorded; a refused operation raises and
leaves nothing half done. Gains beyond the player limit or the table limit
are lost, not banked (docs/rules/moment_of_truth.md, Limits), and the entry
says how many.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..refusal import RulesRefusal
from .dials import Dials
from .rolls import RollResult


class RuleNotInUse(RulesRefusal):
    """The world's dials switch this rule off."""


class NotEnoughMoments(RulesRefusal):
    """A player spends more Moments of Truth than they have."""


class Trigger(str, Enum):
    """The three families of rewards (ch. 5, Earning Moments of Truth); each is a dial."""

    PLAYER = "player"
    DICE = "dice"
    ROLE_PLAYING = "role_playing"

    def in_use(self, dials: Dials) -> bool:
        return {
            Trigger.PLAYER: dials.player_triggered_rewards,
            Trigger.DICE: dials.dice_triggered_rewards,
            Trigger.ROLE_PLAYING: dials.role_playing_rewards,
        }[self]


class Reward(str, Enum):
    """Why Moments of Truth were gained."""

    TAKE_FAILURE = "take_failure"
    RAISE_THE_STAKES = "raise_the_stakes"
    TAKE_SETBACK = "take_setback"
    TAKE_CRITICAL_FAILURE = "take_critical_failure"
    FAILURE = "failure"
    SUCCESS_WITH_SETBACK = "success_with_setback"
    CRITICAL_FAILURE = "critical_failure"
    ROLE_PLAYING = "role_playing"
    FIRST_SESSION = "first_session"
    HEROIC_DEATH = "heroic_death"
    GIFT_RECEIVED = "gift_received"

    @property
    def trigger(self) -> Trigger | None:
        """The family whose dial governs this reward; None for the others."""
        return _REWARDS[self][0]

    @property
    def moments(self) -> int | None:
        """The book's fixed amount; None where the GM, a dial or a gift decides."""
        return _REWARDS[self][1]


_REWARDS: dict[Reward, tuple[Trigger | None, int | None]] = {
    Reward.TAKE_FAILURE: (Trigger.PLAYER, 2),
    Reward.RAISE_THE_STAKES: (Trigger.PLAYER, 2),
    Reward.TAKE_SETBACK: (Trigger.PLAYER, 1),
    Reward.TAKE_CRITICAL_FAILURE: (Trigger.PLAYER, 3),
    Reward.FAILURE: (Trigger.DICE, 1),
    Reward.SUCCESS_WITH_SETBACK: (Trigger.DICE, 1),
    Reward.CRITICAL_FAILURE: (Trigger.DICE, 2),
    Reward.ROLE_PLAYING: (Trigger.ROLE_PLAYING, None),
    Reward.FIRST_SESSION: (None, None),  # Dials.moments_at_first_session
    Reward.HEROIC_DEATH: (None, 3),
    Reward.GIFT_RECEIVED: (None, None),
}


class Spend(str, Enum):
    """What Moments of Truth were spent on (ch. 5, Using Moments of Truth)."""

    OWN_ROLL = "own_roll"  # +1d6 per MoT to one's own pool
    ANOTHER_ROLL = "another_roll"  # +N d6 to another PC's pool for N + 1 MoTs
    TALENT = "talent"  # ch. 4, Talents and Moments of Truth
    ADD_DETAIL = "add_detail"
    CREATE_NPC = "create_npc"
    GIFT = "gift"  # ch. 7: a dying PC's MoTs given to others
    RESCUE = "rescue"  # ch. 7: a dying PC's unspent MoTs, all used on the harsh-death rescue
    BUYBACK = "buyback"  # ch. 11: unspent MoTs bought back for experience


DETAIL_MOMENTS = 2
NPC_MOMENTS = 3


# --- the ledger -----------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One line of the ledger's history. A gain records ``asked``, ``gained``
    and ``lost`` (beyond ``lost_to``); a spend records ``spent``."""

    player: str
    kind: Reward | Spend
    asked: int
    gained: int
    lost: int
    spent: int
    balance: int
    reason: str = ""
    roll_id: str | None = None
    lost_to: str = ""

    @property
    def line(self) -> str:
        what = self.kind.value.replace("_", " ") + (f": {self.reason}" if self.reason else "")
        if isinstance(self.kind, Spend):
            return f"{self.player} spends {_moments(self.spent)} on {what} (now {self.balance})"
        gained = _moments(self.gained) if not self.lost else f"{self.gained} of {_moments(self.asked)}"
        lost = f"; {self.lost} lost beyond the {self.lost_to}" if self.lost else ""
        return f"{self.player} gains {gained} for {what}{lost} (now {self.balance})"

    @property
    def kind_name(self) -> str:
        """The reward or spend as the ledger names it."""
        return self.kind.value

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Entry:
        kind = stored["kind"]
        return cls(**{**stored, "kind": Reward(kind) if kind in _REWARD_VALUES else Spend(kind)})


_REWARD_VALUES = frozenset(reward.value for reward in Reward)


@dataclass(frozen=True)
class MomentsLedger:
    """Each player's Moments of Truth at one table, in seating order, and
    the history of every change."""

    balances: tuple[tuple[str, int], ...] = ()
    history: tuple[Entry, ...] = ()

    def __post_init__(self) -> None:
        players = [player for player, _ in self.balances]
        if len(set(players)) != len(players):
            raise RulesRefusal(f"a player is seated twice: {players}")
        if any(not player for player in players):
            raise RulesRefusal("a player needs a name")
        if any(moments < 0 for _, moments in self.balances):
            raise RulesRefusal(f"a balance cannot be negative: {dict(self.balances)}")

    @classmethod
    def for_table(cls, players: Iterable[str]) -> MomentsLedger:
        """A ledger with every player at 0."""
        return cls(tuple((player, 0) for player in players))

    def with_player(self, player: str) -> MomentsLedger:
        """A player joins the table with 0."""
        return MomentsLedger((*self.balances, (player, 0)), self.history)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(player for player, _ in self.balances)

    @property
    def by_player(self) -> dict[str, int]:
        return dict(self.balances)

    @property
    def total(self) -> int:
        """All the MoTs on the table, which the table limit caps."""
        return sum(moments for _, moments in self.balances)

    def balance(self, player: str) -> int:
        for seated, moments in self.balances:
            if seated == player:
                return moments
        raise RulesRefusal(f"{player!r} is not at this table")

    def _recorded(self, entry: Entry) -> MomentsLedger:
        """This ledger with ``entry`` appended and its player at the entry's balance."""
        self.balance(entry.player)
        balances = tuple(
            (player, entry.balance if player == entry.player else moments) for player, moments in self.balances
        )
        return MomentsLedger(balances, (*self.history, entry))

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> MomentsLedger:
        history = tuple(Entry.from_dict(entry) for entry in stored["history"])
        return cls(tuple(stored["balances"].items()), history)


@dataclass(frozen=True)
class LedgerUpdate:
    """The ledger after an operation, and the entries the operation recorded."""

    ledger: MomentsLedger
    entries: tuple[Entry, ...]

    @property
    def explanation(self) -> list[str]:
        return [entry.line for entry in self.entries] or ["no Moments of Truth change hands"]

    @property
    def balances(self) -> dict[str, int]:
        """Every player's MoTs after the operation."""
        return dict(self.ledger.balances)


def _gain(
    ledger: MomentsLedger,
    player: str,
    reward: Reward,
    asked: int,
    dials: Dials,
    reason: str = "",
    roll_id: str | None = None,
) -> tuple[MomentsLedger, Entry]:
    """Gain up to the player and table limits; the rest is lost."""
    _check_not_negative(asked)
    balance = ledger.balance(player)
    gained, lost_to = asked, ""
    limits = (
        ("player limit", dials.moments_player_limit, balance),
        ("table limit", dials.moments_table_limit, ledger.total),
    )
    for name, limit, held in limits:
        if limit is not None and limit - held < gained:
            gained, lost_to = max(0, limit - held), f"{name} of {limit}"
    entry = Entry(player, reward, asked, gained, asked - gained, 0, balance + gained, reason, roll_id, lost_to)
    return ledger._recorded(entry), entry


def _spend(
    ledger: MomentsLedger, player: str, spend: Spend, moments: int, reason: str = "", roll_id: str | None = None
) -> tuple[MomentsLedger, Entry]:
    _check_not_negative(moments)
    balance = ledger.balance(player)
    if moments > balance:
        raise NotEnoughMoments(f"{player} has {_moments(balance)} and cannot spend {moments}")
    entry = Entry(player, spend, moments, 0, 0, moments, balance - moments, reason, roll_id)
    return ledger._recorded(entry), entry


def _check_not_negative(moments: int) -> None:
    if moments < 0:
        raise RulesRefusal(f"a number of Moments of Truth cannot be negative: {moments}")


def _moments(count: int) -> str:
    return f"{count} MoT" if count == 1 else f"{count} MoTs"


# --- earning --------------------------------------------------------------


def first_session(ledger: MomentsLedger, dials: Dials) -> LedgerUpdate:
    """Grant ``Dials.moments_at_first_session`` to every player who has never
    had it (ch. 5): players do not gain any at the start of later sessions,
    and a player who joins later gets it at their own first session."""
    granted = {entry.player for entry in ledger.history if entry.kind is Reward.FIRST_SESSION}
    entries = []
    for player in ledger.players:
        if player not in granted and dials.moments_at_first_session:
            ledger, entry = _gain(ledger, player, Reward.FIRST_SESSION, dials.moments_at_first_session, dials)
            entries.append(entry)
    return LedgerUpdate(ledger, tuple(entries))


def _earn(
    ledger: MomentsLedger,
    player: str,
    reward: Reward,
    dials: Dials,
    roll_id: str | None,
    moments: int | None = None,
    reason: str = "",
) -> LedgerUpdate:
    trigger = reward.trigger
    if trigger is not None and not trigger.in_use(dials):
        raise RuleNotInUse(f"this world does not use {trigger.value.replace('_', '-')}-triggered rewards")
    ledger, entry = _gain(
        ledger, player, reward, reward.moments if moments is None else moments, dials, reason, roll_id
    )
    return LedgerUpdate(ledger, (entry,))


def take_failure(
    ledger: MomentsLedger, player: str, dials: Dials, *, attack_or_damage: bool = False, roll_id: str | None = None
) -> LedgerUpdate:
    """Fail without rolling: 2 MoTs; never on an attack or damage roll (ch. 5)."""
    check_failure_takeable(attack_or_damage)
    _check_not_taken(ledger, roll_id)
    return _earn(ledger, player, Reward.TAKE_FAILURE, dials, roll_id)


def check_failure_takeable(attack_or_damage: bool) -> None:
    """Ch. 5: a failure is never taken on an attack roll or a damage roll."""
    if attack_or_damage:
        raise RulesRefusal("a failure cannot be taken on an attack roll or a damage roll")


def raise_the_stakes(ledger: MomentsLedger, player: str, dials: Dials, *, roll_id: str | None = None) -> LedgerUpdate:
    """Any failure of the roll will be critical: 2 MoTs, and nobody may spend
    MoTs on that roll (see :class:`RollSpending`)."""
    return _earn(ledger, player, Reward.RAISE_THE_STAKES, dials, roll_id)


def take_setback(
    ledger: MomentsLedger, player: str, result: RollResult, dials: Dials, *, roll_id: str | None = None
) -> LedgerUpdate:
    """Turn a success without a setback into one with a setback: 1 MoT."""
    if not dials.setbacks:
        raise RuleNotInUse("this world does not use setbacks")
    if not result.outcome.success or result.outcome.setback:
        raise RulesRefusal("a setback can only be taken on a success without a setback")
    _check_not_taken(ledger, roll_id)
    return _earn(ledger, player, Reward.TAKE_SETBACK, dials, roll_id)


def take_critical_failure(
    ledger: MomentsLedger, player: str, dials: Dials, *, roll_id: str | None = None
) -> LedgerUpdate:
    """Critically fail without rolling: 3 MoTs. Ch. 5 bars only taking a
    *failure* on attack and damage rolls, so this is allowed on any roll."""
    _check_not_taken(ledger, roll_id)
    return _earn(ledger, player, Reward.TAKE_CRITICAL_FAILURE, dials, roll_id)


#: The player-triggered rewards a player takes on a roll they made.
TAKES = frozenset({Reward.TAKE_FAILURE, Reward.TAKE_CRITICAL_FAILURE, Reward.TAKE_SETBACK})


def check_takeable(earned: Iterable[Reward]) -> None:
    """A reward taken on a roll stands for what its dice showed, so a roll
    whose dice earned a reward (``earned``, credited or held) takes none:
    a failure earns 1 by its dice or 2 taken, never both (ch. 5, Player- and
    Dice-Triggered Rewards)."""
    if any(reward.trigger is Trigger.DICE for reward in earned):
        raise RulesRefusal("this roll's dice earned a reward: a reward is taken instead of that, not on top of it")


def _check_not_taken(ledger: MomentsLedger, roll_id: str | None) -> None:
    """One take per roll: a failure, a critical failure or a setback
    (docs/rules/moment_of_truth.md, Taking failures and setbacks)."""
    if roll_id is not None and any(entry.kind in TAKES and entry.roll_id == roll_id for entry in ledger.history):
        raise RulesRefusal("a reward was already taken on this roll")


def dice_reward(result: RollResult, *, moments_spent: bool, dials: Dials, stakes_raised: bool = False) -> Reward | None:
    """What a judged roll earns (ch. 5, Dice-Triggered Rewards): failure 1,
    success with a setback 1, critical failure 2 (instead of the failure's 1).
    MoTs spent on the roll bar only the rewards for failing; a success with a
    setback still earns its 1. A failure on a roll whose stakes were raised is
    a critical failure; a setback earns nothing in a world without setbacks
    (docs/rules/moment_of_truth.md, Dice-triggered rewards)."""
    outcome = result.outcome
    if not outcome.success:
        if moments_spent:
            return None
        critical = outcome.critical_failure or stakes_raised
        return Reward.CRITICAL_FAILURE if critical else Reward.FAILURE
    return Reward.SUCCESS_WITH_SETBACK if outcome.setback and dials.setbacks else None


def earn_dice_reward(
    ledger: MomentsLedger,
    player: str,
    result: RollResult,
    dials: Dials,
    *,
    moments_spent: bool,
    stakes_raised: bool = False,
    roll_id: str | None = None,
) -> LedgerUpdate:
    """Record :func:`dice_reward` for ``player``; no entry when the roll earns nothing."""
    if not Trigger.DICE.in_use(dials):
        raise RuleNotInUse("this world does not use dice-triggered rewards")
    reward = dice_reward(result, moments_spent=moments_spent, dials=dials, stakes_raised=stakes_raised)
    if reward is None:
        return LedgerUpdate(ledger, ())
    return _earn(ledger, player, reward, dials, roll_id)


@dataclass(frozen=True)
class HeldReward:
    """A dice-triggered reward of a blind or whispered roll, held until the GM
    reveals the roll (docs/rules/moment_of_truth.md, Blind and whispered rolls)."""

    player: str
    kind: Reward
    moments: int

    @property
    def kind_name(self) -> str:
        return self.kind.value

    @property
    def line(self) -> str:
        return f"{self.player} earns {_moments(self.moments)} for {self.kind.value.replace('_', ' ')}, held until the GM reveals the roll"

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> HeldReward:
        return cls(stored["player"], Reward(stored["kind"]), stored["moments"])


def hold_dice_reward(
    player: str, result: RollResult, dials: Dials, *, moments_spent: bool, stakes_raised: bool = False
) -> HeldReward | None:
    """What :func:`earn_dice_reward` would credit, held instead (None: nothing earned)."""
    if not Trigger.DICE.in_use(dials):
        raise RuleNotInUse("this world does not use dice-triggered rewards")
    reward = dice_reward(result, moments_spent=moments_spent, dials=dials, stakes_raised=stakes_raised)
    return HeldReward(player, reward, reward.moments) if reward is not None else None


def credit_held(ledger: MomentsLedger, held: Iterable[HeldReward], dials: Dials, *, roll_id: str) -> LedgerUpdate:
    """Credit a revealed roll's held rewards, by the limits as they are now
    (docs/rules/moment_of_truth.md, Blind and whispered rolls)."""
    entries = []
    for reward in held:
        if reward.player not in ledger.players:
            ledger = ledger.with_player(reward.player)
        ledger, entry = _gain(ledger, reward.player, reward.kind, reward.moments, dials, "", roll_id)
        entries.append(entry)
    return LedgerUpdate(ledger, tuple(entries))


def award_role_playing(ledger: MomentsLedger, player: str, moments: int, reason: str, dials: Dials) -> LedgerUpdate:
    """The GM's award for succumbing to a problem or for dramatic role-playing;
    the book sets no amount, so the GM gives one."""
    if moments < 1:
        raise RulesRefusal(f"a role-playing award is at least 1 MoT, not {moments}")
    if not reason.strip():
        raise RulesRefusal("a role-playing award needs a reason")
    return _earn(ledger, player, Reward.ROLE_PLAYING, dials, None, moments, reason)


# --- spending -------------------------------------------------------------


@dataclass(frozen=True)
class Contribution:
    """Another player's MoTs for the roller's pool: one more MoT than dice (ch. 5)."""

    player: str
    dice: int

    def __post_init__(self) -> None:
        if self.dice < 1:
            raise RulesRefusal(f"{self.player} contributes at least 1 die, not {self.dice}")

    @property
    def moments(self) -> int:
        return self.dice + 1


@dataclass(frozen=True)
class RollSpending:
    """Every MoT spent on one roll: the roller's own dice (1 MoT each), the
    MoTs paid for a talent, and each other player's contribution. Nobody may
    spend any on a roll whose stakes were raised (ch. 5)."""

    roller: str
    own_dice: int = 0
    contributions: tuple[Contribution, ...] = ()
    talent_moments: int = 0
    stakes_raised: bool = False

    def __post_init__(self) -> None:
        _check_not_negative(self.own_dice)
        _check_not_negative(self.talent_moments)
        givers = [contribution.player for contribution in self.contributions]
        if self.roller in givers:
            raise RulesRefusal(f"{self.roller} spends on their own roll at 1 MoT per die, not as a contribution")
        if len(set(givers)) != len(givers):
            raise RulesRefusal(f"each player contributes once to a roll: {givers}")
        if self.stakes_raised and self.moments:
            raise RulesRefusal("nobody may spend Moments of Truth on a roll whose stakes were raised")

    @property
    def dice(self) -> int:
        """The extra d6 for :func:`.rolls.spend_moments` (or a damage pool)."""
        return self.own_dice + sum(contribution.dice for contribution in self.contributions)

    @property
    def moments(self) -> int:
        """All the MoTs spent on the roll."""
        return self.own_dice + self.talent_moments + sum(contribution.moments for contribution in self.contributions)

    @property
    def explanation(self) -> list[str]:
        lines = [f"{self.roller} spends {_moments(self.own_dice)} for +{self.own_dice}d6"] if self.own_dice else []
        if self.talent_moments:
            lines.append(f"{self.roller} spends {_moments(self.talent_moments)} on a talent")
        lines += [
            f"{contribution.player} spends {_moments(contribution.moments)} for +{contribution.dice}d6 to {self.roller}'s roll"
            for contribution in self.contributions
        ]
        return lines


def offer_dice(offers: Mapping[str, Mapping[str, int]], giver: str, roller: str, dice: int) -> dict[str, dict[str, int]]:
    """``giver``'s offer of ``dice`` d6 to ``roller``'s next roll (ch. 5: a
    player spends their own MoTs on another's roll), in place of any earlier
    one; 0 withdraws it. ``offers``: giver -> roller -> dice."""
    if giver == roller:
        raise RulesRefusal(f"{giver} spends on their own roll at 1 MoT per die, not as a contribution")
    _check_not_negative(dice)
    mine = {to: offered for to, offered in offers.get(giver, {}).items() if to != roller}
    if dice:
        mine[roller] = dice
    others = {other: made for other, made in offers.items() if other != giver}
    return others | ({giver: mine} if mine else {})


def use_offers(
    offers: Mapping[str, Mapping[str, int]], roller: str, contributions: Iterable[Contribution]
) -> dict[str, dict[str, int]]:
    """The offers left once ``roller``'s roll takes ``contributions``: each
    within what its giver offered to that roller, and each offer used up."""
    left = {giver: dict(made) for giver, made in offers.items()}
    for contribution in contributions:
        offered = left.get(contribution.player, {}).pop(roller, 0)
        if offered < contribution.dice:
            raise RulesRefusal(
                f"{contribution.player} offered {roller} {offered} of the {contribution.dice} dice contributed (moments.offer)"
            )
    return {giver: made for giver, made in left.items() if made}


def spend_on_roll(ledger: MomentsLedger, spending: RollSpending, *, roll_id: str | None = None) -> LedgerUpdate:
    """Charge everyone for one roll, or nobody if anyone cannot pay."""
    charges = [
        (spending.roller, Spend.OWN_ROLL, spending.own_dice, f"+{spending.own_dice}d6"),
        (spending.roller, Spend.TALENT, spending.talent_moments, ""),
        *(
            (c.player, Spend.ANOTHER_ROLL, c.moments, f"+{c.dice}d6 to {spending.roller}")
            for c in spending.contributions
        ),
    ]
    entries = []
    for player, spend, moments, reason in charges:
        if moments:
            ledger, entry = _spend(ledger, player, spend, moments, reason, roll_id)
            entries.append(entry)
    return LedgerUpdate(ledger, tuple(entries))


def add_detail(ledger: MomentsLedger, player: str, detail: str, *, surcharge: bool = False) -> LedgerUpdate:
    """Add a minor detail to the scene for 2 MoTs; ``surcharge`` is the one
    more MoT the GM may charge for a detail that is not minor (ch. 5)."""
    ledger, entry = _spend(
        ledger, player, Spend.ADD_DETAIL, DETAIL_MOMENTS + (1 if surcharge else 0), _named(detail, "detail")
    )
    return LedgerUpdate(ledger, (entry,))


def create_npc(ledger: MomentsLedger, player: str, npc: str) -> LedgerUpdate:
    """Create an NPC and their relationship with the party: 3 MoTs."""
    ledger, entry = _spend(ledger, player, Spend.CREATE_NPC, NPC_MOMENTS, _named(npc, "NPC"))
    return LedgerUpdate(ledger, (entry,))


def _named(text: str, what: str) -> str:
    if not text.strip():
        raise RulesRefusal(f"say what the {what} is")
    return text.strip()


# --- death (ch. 7) --------------------------------------------------------


def spend_on_rescue(ledger: MomentsLedger, dying: str, *, roll_id: str | None = None) -> LedgerUpdate:
    """Harsh death's rescue (ch. 7): "All the dying characters' unspent MoTs
    are used on this roll": the dying character's player, ``dying``, spends
    their whole balance, whatever the roll's outcome; no entry at 0."""
    moments = ledger.balance(dying)
    if not moments:
        return LedgerUpdate(ledger, ())
    ledger, entry = _spend(ledger, dying, Spend.RESCUE, moments, roll_id=roll_id)
    return LedgerUpdate(ledger, (entry,))


def heroic_death(
    ledger: MomentsLedger, dead: str, hit_points: int, dials: Dials, gifts: Mapping[str, int] | None = None
) -> LedgerUpdate:
    """A player declares their PC dead below 0 HP: every other player at the
    table gains 3 MoTs, in seating order, then the dying player gives
    ``gifts`` of their own MoTs as they see fit. Limits apply to both; MoTs
    given beyond a limit are lost. The book takes no MoTs from the dying
    player, so any they keep stay in their balance."""
    if not dials.heroic_death:
        raise RuleNotInUse("this world does not use the heroic death rules")
    if hit_points >= 0:
        raise RulesRefusal(f"a PC may be declared dead only below 0 hit points, not at {hit_points}")
    gifts = dict(gifts or {})
    _check_gifts(ledger, dead, gifts)
    entries = []
    reason = f"{dead}'s heroic death"
    for player in ledger.players:
        if player != dead:
            ledger, entry = _gain(ledger, player, Reward.HEROIC_DEATH, Reward.HEROIC_DEATH.moments, dials, reason)
            entries.append(entry)
    for player, moments in gifts.items():
        ledger, given = _spend(ledger, dead, Spend.GIFT, moments, f"to {player}")
        ledger, received = _gain(ledger, player, Reward.GIFT_RECEIVED, moments, dials, f"from {dead}")
        entries += [given, received]
    return LedgerUpdate(ledger, tuple(entries))


def _check_gifts(ledger: MomentsLedger, dead: str, gifts: Mapping[str, int]) -> None:
    ledger.balance(dead)
    for player, moments in gifts.items():
        ledger.balance(player)
        if player == dead:
            raise RulesRefusal(f"{dead} cannot give Moments of Truth to themselves")
        if moments < 1:
            raise RulesRefusal(f"a gift is at least 1 MoT, not {moments}")
    if sum(gifts.values()) > ledger.balance(dead):
        raise NotEnoughMoments(f"{dead} has {_moments(ledger.balance(dead))} and cannot give {sum(gifts.values())}")


def buy_back(ledger: MomentsLedger, player: str, moments: int) -> LedgerUpdate:
    """A player's unspent MoTs bought back for experience (ch. 11, Awarding Experience); refused beyond the balance."""
    if moments < 1:
        raise RulesRefusal(f"buy back at least 1 MoT, not {moments}")
    ledger, entry = _spend(ledger, player, Spend.BUYBACK, moments, "bought back for experience")
    return LedgerUpdate(ledger, (entry,))
