"""Every benchmark tool under bench/ still imports: they borrow the tests' helpers, which move with the tests.
(The server one starts, ``threaded_bridge``, configures itself on import.)"""

import importlib

import pytest

TOOLS = ("anchors", "attack_latency", "capacity", "encounter", "handler_cpu", "hazard_latency", "odds",
         "process_cpu", "roll_latency")


@pytest.mark.parametrize("name", TOOLS)
def test_benchmark_tool_imports(name):
    importlib.import_module(f"bench.{name}")
