"""A rules refusal answers ``against_the_rules``; a bug inside the rules
answers ``internal`` and is logged with its traceback, never taken for a refusal."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import pytest

from bridge.protocol import ErrorCode, RequestError
from bridge.rules.moment_of_truth.moments import NotEnoughMoments
from bridge.rules.refusal import RulesRefusal
from bridge.schemas.settings import default_settings
from bridge.transport.refusals import refused_as

from ..services import Bridge
from ..table import TableClient

FAULTY_SYSTEM = Path(__file__).resolve().parents[1] / "systems" / "faulty_system"


def test_a_refusal_blames_its_field():
    with pytest.raises(RequestError) as refused, refused_as("moments"):
        raise NotEnoughMoments("ann has 1 MoT and cannot spend 2")
    assert refused.value.code is ErrorCode.AGAINST_THE_RULES
    assert refused.value.fields == {"moments": ["ann has 1 MoT and cannot spend 2"]}


@pytest.mark.parametrize("bug", [ValueError("invalid literal for int()"), KeyError("player"), TypeError("None")])
def test_a_bug_passes_through_as_itself(bug):
    with pytest.raises(type(bug)) as raised, refused_as("moments"):
        raise bug
    assert raised.value is bug


@pytest.fixture
def faulty(redis_server, tmp_path):
    """A bridge with the faulty rule system on its path, its stderr kept."""
    path = os.pathsep.join(filter(None, [str(FAULTY_SYSTEM), os.environ.get("PYTHONPATH")]))
    log = tmp_path / "bridge.log"
    with log.open("w") as stderr:
        web = Bridge(redis_server.url, extra_env={"PYTHONPATH": path}, stderr=stderr)
        yield web, log
        web.stop()


def test_over_the_wire_a_refusal_and_a_bug_answer_apart(faulty, store):
    web, log = faulty
    world = store.create_world(f"w-{uuid.uuid4().hex[:12]}", "Faults", default_settings(), system="faulty")
    gm = TableClient(web.url, {"world": world.world_id, "gm_key": world.gm_key})
    try:
        allowed = gm.request("faulty.judge", verdict="allow")
        refused = gm.request("faulty.judge", verdict="refuse")
        bug = gm.request("faulty.judge", verdict="bug")
    finally:
        gm.close()
    assert allowed["ok"] and allowed["result"] == {"judged": "allow"}
    assert refused["error"] == {"code": "against_the_rules", "message": "the rules say no", "fields": {"verdict": ["the rules say no"]}}
    assert bug["error"]["code"] == "internal" and "not a number" not in json.dumps(bug)
    failures = [json.loads(line) for line in log.read_text().splitlines() if '"request failed"' in line]
    assert [record["request_id"] for record in failures] == [bug["request_id"]]
    assert "ValueError: invalid literal for int()" in failures[0]["exc"] and "in rule" in failures[0]["exc"]


def test_every_refusal_the_rules_define_is_a_rules_refusal():
    """The rules' own exception classes are refusals, so ``refused_as`` answers them by field."""
    import bridge.rules.dice as dice
    import bridge.rules.moment_of_truth.moments as moments
    import bridge.rules.moment_of_truth.rolls as rolls

    assert all(issubclass(kind, RulesRefusal) for kind in (dice.TooManyDice, rolls.ImpossibleRoll, moments.RuleNotInUse))
