"""One player cannot take the table's Redis or its roll log (issue 38, item 4),
attacked as a hostile player would: a flood of requests as fast as the
socket goes, then an hour of rolls at the fastest rate let through."""

from __future__ import annotations

import time

from bridge.protocol import RequestError
from bridge.table.auth import Identity, Role
from bridge.table.store import ANSWER_MAX_BYTES, ANSWER_TTL_SECONDS, ROLL_LOG_MAX_ENTRIES
from bridge.transport.budgets import ANSWER_BYTES, ANSWER_WINDOW_SECONDS, LOG_ENTRIES, REQUEST_BURST, Budgets

#: What one dice.roll took when measured (issue 38): its answer's bytes.
DICE_ROLL_ANSWER_BYTES = 7_600


def test_a_flooding_player_is_told_to_wait_and_the_gm_is_not(gm, player_for):
    mallory = player_for("mallory")
    answers = [mallory.request("dice.roll", faces=6, number=300) for _ in range(int(REQUEST_BURST) + 40)]
    codes = {answer["error"]["code"] for answer in answers if not answer["ok"]}
    assert codes == {"too_many_requests"}, codes
    refused = next(answer for answer in answers if not answer["ok"])
    assert refused["error"]["fields"] == {"_schema": [refused["error"]["message"]]}
    assert all(gm.request("ping", echo=n)["ok"] for n in range(int(REQUEST_BURST) + 40))
    time.sleep(1)  # the bucket refills
    assert mallory.request("ping", echo="later")["ok"]


def test_a_refused_request_is_not_kept_and_may_be_sent_again(gm, player_for, store, world):
    mallory = player_for("mallory")
    while mallory.request("ping", echo=1)["ok"]:
        pass
    refused = mallory.request("ping", echo=1, request_id="flood")  # a bucket refills in tenths of a second
    assert refused["error"]["code"] == "too_many_requests"
    assert store.redis.get(f"vtt:answer:{world.world_id}:mallory:ping:flood") is None
    time.sleep(1)
    assert mallory.request("ping", echo=2, request_id="flood")["result"] == {"echo": 2}


def flood_for(seconds: float, per_second: float, answer_bytes: int, log_entries: int) -> tuple[int, int, int]:
    """A player sending ``per_second`` requests for ``seconds``: (let through, answer bytes kept, log entries written)."""
    budgets, mallory = Budgets(), Identity("w", "mallory", Role.PLAYER)
    through = kept = logged = 0
    for n in range(int(seconds * per_second)):
        try:
            budgets.admit(mallory, now=n / per_second)
        except RequestError:
            continue
        budgets.spend(mallory, answer_bytes, log_entries)
        through, kept, logged = through + 1, kept + answer_bytes, logged + log_entries
    return through, kept, logged


def test_an_hour_of_rolls_as_fast_as_let_through_writes_a_small_share_of_the_log():
    _, _, logged = flood_for(3600, 100, DICE_ROLL_ANSWER_BYTES, 1)
    assert logged <= 2 * LOG_ENTRIES  # a burst, then the rate
    assert logged <= 0.1 * ROLL_LOG_MAX_ENTRIES


def test_what_one_player_keeps_in_redis_at_once_is_bounded():
    _, kept, _ = flood_for(ANSWER_TTL_SECONDS, 100, ANSWER_MAX_BYTES, 0)  # kept answers live ANSWER_TTL_SECONDS
    assert kept <= ANSWER_BYTES * (1 + ANSWER_TTL_SECONDS / ANSWER_WINDOW_SECONDS) + ANSWER_MAX_BYTES
    assert kept <= 10_000_000  # under 2 % of the embedded Redis's 512 MB (bridge.config)


def test_the_gm_is_never_bounded():
    budgets, gm = Budgets(), Identity("w", "gm", Role.GM)
    for n in range(10_000):
        budgets.admit(gm, now=n / 1000)
