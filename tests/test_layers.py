"""The bridge queues jobs by dotted name and never imports the workers."""

from __future__ import annotations

import ast
import importlib
import pathlib

import pytest

from bridge.systems.moment_of_truth.events.hazards import HAZARDS

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _imported(path: pathlib.Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_bridge_module_imports_the_workers():
    importers = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "bridge").rglob("*.py"))
        if any(name == "workers" or name.startswith("workers.") for name in _imported(path))
    ]
    assert importers == []


def test_the_check_sees_an_import_of_the_workers(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from workers.jobs import odds\n")
    assert "workers.jobs" in _imported(module)


def _queued_names() -> set[str]:
    """Every dotted job name a bridge module queues (a string literal ``"workers.…"``)."""
    names = set()
    for path in (ROOT / "bridge").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("workers."):
                names.add(node.value)
    return names


@pytest.mark.parametrize("name", sorted(_queued_names()))
def test_each_job_the_bridge_names_exists(name):
    module, function = name.rsplit(".", 1)
    assert callable(getattr(importlib.import_module(module), function))


def test_every_hazard_the_bridge_queues_has_a_resolver():
    from workers.moment_of_truth.hazards import RESOLVERS

    assert set(RESOLVERS) == set(HAZARDS)
