"""The layers: the bridge never imports the workers (it queues jobs by dotted name), nothing outside a
rule system's own packages imports it, and no modules import each other in a circle."""

from __future__ import annotations

import ast
import importlib
import os
import pathlib
import subprocess
import sys

import pytest

from bridge.systems.moment_of_truth.events.hazards import HAZARDS

ROOT = pathlib.Path(__file__).resolve().parents[2]


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


# --- the table core knows no rule system ---------------------------------------------

#: The rule systems this project ships; each lives in its own packages.
SYSTEMS = ("moment_of_truth", "two_d20", "moment_of_clarity", "highest_d10")
#: Where a system's own modules are: its rules, its requests and its jobs.
SYSTEM_HOMES = ("bridge/systems/{}", "bridge/rules/{}", "workers/{}")


def _modules() -> dict[str, pathlib.Path]:
    """Every module of bridge/ and workers/ by dotted name (a package by its own)."""
    found = {}
    for path in [*(ROOT / "bridge").rglob("*.py"), *(ROOT / "workers").rglob("*.py")]:
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: pathlib.Path) -> set[str]:
    """The modules of bridge/ and workers/ that ``path`` names in an import,
    at any depth (a function's lazy import counts), relative ones resolved;
    ``from package import submodule`` names the submodule."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            submodules = {f"{module}.{alias.name}" for alias in node.names} & MODULES.keys()
            named.update(submodules or {module})
    return (named & MODULES.keys()) - {name}


def _system_named(module: str) -> str | None:
    parts = module.split(".")
    return next((part for before, part in zip(parts, parts[1:]) if before in ("systems", "rules", "workers")
                 and part in SYSTEMS), None)


def _home_of(path: pathlib.Path) -> str | None:
    relative = path.relative_to(ROOT).as_posix()
    return next((system for system in SYSTEMS for home in SYSTEM_HOMES if relative.startswith(home.format(system) + "/")
                 or relative == home.format(system) + ".py"), None)


def test_nothing_outside_a_systems_own_packages_imports_it():
    trespassers = sorted(
        f"{MODULES[name].relative_to(ROOT)} imports {imported}"
        for name, path in MODULES.items()
        for imported in _imports(name, path)
        if _system_named(imported) not in (None, _home_of(path))
    )
    assert trespassers == []


def test_the_layer_check_sees_a_core_module_importing_a_system(tmp_path):
    core = ROOT / "bridge" / "table" / "events.py"
    assert _home_of(core) is None and _system_named("bridge.systems.two_d20.state") == "two_d20"
    assert _home_of(ROOT / "workers" / "moment_of_truth" / "jobs.py") == "moment_of_truth"
    assert "bridge.table.game" in _imports("bridge.table.events", core) | _imports("bridge.systems", MODULES["bridge.systems"])


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in graph[module]:
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                groups.append(sorted(group))

    for module in graph:
        if module not in index:
            visit(module)
    return groups


def test_no_modules_import_each_other_in_a_circle():
    assert _cycles({name: _imports(name, path) for name, path in MODULES.items()}) == []


def test_the_circle_check_finds_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_web_process_imports_no_numpy_nor_jsonschema_at_start():
    """numpy is the workers' (the encounter simulation), jsonschema a macro run's: loaded at
    start they would cost every web process their memory (bench/README.md), so the web
    imports the encounter's sides alone, and jsonschema when a macro is run."""
    imported = subprocess.run(
        [sys.executable, "-c", "import sys, bridge.service.wsgi; print(sorted({'numpy', 'jsonschema'} & set(sys.modules)))"],
        env={**os.environ, "REDIS_URL": "redis://127.0.0.1:1/0"}, cwd=ROOT, capture_output=True, text=True, check=True,
    )
    assert imported.stdout.strip() == "[]"
