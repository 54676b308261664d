"""What `vtt-bridge serve` writes: at INFO, start, stop, warnings, errors and
one line per request; RQ's routine reports (a registry clean-up per queue
every few seconds, each job's progress) only at DEBUG (issue 40)."""

from __future__ import annotations

import json
import logging

from bridge.service import logs
from bridge.table.queue import SHARDS
from workers.worker import MAINTENANCE_INTERVAL_SECONDS

from ..services import wait_until
from ..wire.test_bridge import SKILL_ROLL
from .test_serve_heals import Serve

#: RQ's line for each queue's registry clean-up.
CLEANING = "cleaning registries"


def records(path) -> list[dict]:
    """The JSON lines of a log (``serve``'s own notes to the user are plain text)."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.startswith("{")]


def cleanings(path) -> int:
    return sum(CLEANING in record["msg"] for record in records(path))


def test_an_idle_serve_writes_its_maintenance_only_at_debug(tmp_path):
    quiet = Serve(tmp_path / "info" / "data", log_level="INFO")
    verbose = Serve(tmp_path / "debug" / "data", log_level="DEBUG")
    try:
        gm = quiet.gm()
        assert gm.request("roll", **SKILL_ROLL)["ok"]
        gm.close()
        # Both idle side by side until the DEBUG one shows two rounds of clean-ups (every queue, twice).
        wait_until(lambda: cleanings(verbose.log_path) >= 2 * SHARDS,
                   timeout=6 * MAINTENANCE_INTERVAL_SECONDS, what="two rounds of RQ's maintenance")
    finally:
        quiet.stop()
        verbose.stop()
    shown = [record for record in records(verbose.log_path) if CLEANING in record["msg"]]
    assert {record["level"] for record in shown} == {"debug"}
    said = [record for record in records(quiet.log_path) if record["level"] == "info"]
    assert not [record for record in said if CLEANING in record["msg"]]
    assert [record["event"] for record in said if record["logger"] == "bridge.transport.handling"] == ["roll"]
    assert [record["msg"] for record in said if record["logger"] == "workers.worker"] == ["worker started", "worker stopped"]
    assert not [record for record in said if record["logger"] == "rq.worker"], said


def test_a_demoted_logger_shows_its_info_records_only_at_debug(caplog):
    library = logging.getLogger("tests.quiet_logs.library")
    logs.demote(library.name)
    library.setLevel(logging.INFO)
    with caplog.at_level(logging.INFO, logger=library.name):
        library.info("routine")
        library.warning("worth a look")
    assert [(record.levelname, record.getMessage()) for record in caplog.records] == [("WARNING", "worth a look")]
    caplog.clear()
    with caplog.at_level(logging.DEBUG, logger=library.name):
        library.info("routine")
    assert [(record.levelname, record.getMessage()) for record in caplog.records] == [("DEBUG", "routine")]
