"""A world's scripts are contained (issue 32, item 18), attacked through a
real worker: a script that hangs at import unloads only itself, a macro
cannot take memory without bound, and nothing it forks outlives it."""

from __future__ import annotations

import os

import pytest

from ..services import wait_until
from .test_wire_scripting import examples_and, register, reload, run

HOGS = {
    "hangs.py": "import time\n\ntime.sleep(3600)\n",
    "hog.py": '''
from bridge.scripting.api import Who, macro


@macro("hog", "Takes 2 GB.", who=Who.GM)
def hog(table):
    hoard = bytearray(2 * 1024 ** 3)
    table.say(str(len(hoard)))
''',
    "spawner.py": '''
import os
import time

from marshmallow import Schema, fields

from bridge.scripting.api import Who, macro


class Where(Schema):
    pid_file = fields.String(required=True)


@macro("spawner", "Forks a grandchild that would outlive it.", arguments=Where, who=Who.GM)
def spawner(table):
    if os.fork() == 0:
        with open(table.arguments["pid_file"], "w") as out:
            out.write(str(os.getpid()))
        time.sleep(3600)
        os._exit(0)
    while not os.path.exists(table.arguments["pid_file"]):
        time.sleep(0.01)
    table.say("forked")
''',
}


@pytest.fixture
def hogs(store, world, tmp_path):
    return examples_and(HOGS, store, world, tmp_path / "scripts")


def test_a_script_that_hangs_at_import_unloads_only_itself(gm, hogs):
    loaded = reload(gm)
    assert loaded["macros"] == ["hog", "molotov", "sleeping_gas", "spawner"]
    assert [error["file"] for error in loaded["errors"]] == ["hangs.py"]
    assert gm.request("macro.list")["result"]["macros"]


def test_a_macro_past_its_memory_cap_fails_on_its_line(gm, hogs):
    reload(gm)
    register(gm, "fay")
    error = run(gm, "hog", token_ids=["fay"])["result"]["error"]
    assert (error["file"], error["line"]) == ("hog.py", 7) and error["message"].startswith("MemoryError")


def test_nothing_a_macro_forks_outlives_it(gm, hogs, tmp_path):
    reload(gm)
    register(gm, "gus")
    pid_file = tmp_path / "grandchild.pid"
    card = run(gm, "spawner", token_ids=["gus"], arguments={"pid_file": str(pid_file)})
    assert card["result"]["error"] is None
    grandchild = int(pid_file.read_text())
    wait_until(lambda: not _alive(grandchild), what="the macro's grandchild to be killed")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as stat:  # a zombie is dead, waiting for its parent
            return stat.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False
