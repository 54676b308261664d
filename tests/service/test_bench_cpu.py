"""The latency benchmarks' batches and their per-process CPU meter."""

import os
import time

from bench.process_cpu import CpuMeter, cpu_seconds, schedule


def test_schedule_alternates_abba_and_times_every_request():
    assert schedule(("roll", "attack"), 25, 10) == [
        ("roll", 10), ("attack", 10), ("attack", 10), ("roll", 10), ("roll", 5), ("attack", 5),
    ]


def test_meter_gives_each_batch_the_cpu_spent_since_the_tick_before():
    readings = {1: iter([5.0, 5.2, 5.5, 5.6]), 2: iter([1.0, 1.0, 1.3, 1.3])}
    meter = CpuMeter({"bridge": 1, "redis-server": 2}, [("roll", 10), ("attack", 10), ("attack", 10)], clients=2,
                     read=lambda pid: next(readings[pid]))
    for _ in range(4):  # the start, then one tick after each batch
        meter.tick()
    assert meter.per_request("roll") == {"bridge": 10_000, "redis-server": 0}  # 0.2 s over 20 requests
    assert meter.per_request("attack") == {"bridge": 10_000, "redis-server": 7_500}  # 0.4 s and 0.3 s over 40


def test_cpu_seconds_counts_this_process():
    before = cpu_seconds(os.getpid())
    deadline = time.process_time() + 0.05
    while time.process_time() < deadline:
        pass
    assert cpu_seconds(os.getpid()) > before
