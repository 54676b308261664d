"""The bridge and the workers use marshmallow, python-socketio and python-engineio
by their public paths: no class of ours overrides a private name of theirs,
and no module assigns to one."""

from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import pkgutil
import textwrap

import pytest

import bridge
import workers

#: The libraries whose private names stay theirs.
GUARDED = ("marshmallow", "socketio", "engineio", "flask_socketio")
#: marshmallow's documented way to write a field ("Custom fields": implement
#: ``_serialize`` and/or ``_deserialize``): public in all but spelling.
DOCUMENTED_HOOKS = {"_serialize", "_deserialize"}
ROOT = pathlib.Path(__file__).resolve().parents[2]
#: Modules that run when imported (``bridge.service.web`` patches the standard library for gevent).
RUN_WHEN_IMPORTED = ("bridge.__main__", "workers.__main__", "bridge.service.wsgi", "bridge.service.web")


def _modules():
    for package in (bridge, workers):
        yield package
        for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if found.name not in RUN_WHEN_IMPORTED:
                yield importlib.import_module(found.name)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _guarded(kind: type) -> bool:
    return kind.__module__.split(".")[0] in GUARDED


def _written(kind: type) -> set[str]:
    """The names ``kind``'s own class body defines (not those its metaclass adds)."""
    body = ast.parse(textwrap.dedent(inspect.getsource(kind))).body[0].body
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        for target in node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]:
            if isinstance(target, ast.Name):
                names.add(target.id)
    return names


def _private_overrides(kind: type) -> list[str]:
    """The private names ``kind`` defines that a guarded base of it has."""
    bases = [base for base in kind.__mro__[1:] if _guarded(base)]
    if not bases:
        return []
    found = []
    for name in _written(kind):
        if not _private(name) or not any(name in vars(base) for base in bases):
            continue
        if name in DOCUMENTED_HOOKS and any(base.__name__ == "Field" for base in bases):
            continue
        found.append(f"{kind.__module__}.{kind.__qualname__}.{name}")
    return found


def test_no_class_overrides_a_private_name_of_the_libraries():
    found = {
        override
        for module in _modules()
        for _, kind in inspect.getmembers(module, inspect.isclass)
        if kind.__module__ == module.__name__ and not _guarded(kind)
        for override in _private_overrides(kind)
    }
    assert sorted(found) == []


def test_the_check_finds_an_override_and_lets_a_custom_field_be():
    from marshmallow import Schema, fields
    from socketio import RedisManager

    class Sneaky(Schema):
        def _do_load(self, *args, **kwargs):  # pragma: no cover - never called
            return super()._do_load(*args, **kwargs)

    class Listening(RedisManager):
        def _listen(self):  # pragma: no cover - never called
            yield from super()._listen()

    class Shout(fields.String):
        def _deserialize(self, value, attr, data, **kwargs):  # pragma: no cover - never called
            return super()._deserialize(value, attr, data, **kwargs).upper()

    assert [name.rsplit(".", 1)[1] for name in _private_overrides(Sneaky) + _private_overrides(Listening)] == [
        "_do_load", "_listen"]
    assert _private_overrides(Shout) == []


def _library_assignments(tree: ast.AST) -> list[int]:
    """The lines that set an attribute on something a guarded library's import names."""
    imported = {
        alias.asname or alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        and ((node.module or "") if isinstance(node, ast.ImportFrom) else "").split(".")[0] in GUARDED
        or isinstance(node, ast.Import) and any(alias.name.split(".")[0] in GUARDED for alias in node.names)
        for alias in node.names
    }
    found = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AugAssign) else []
        # what gets an attribute set: ``x.y = ...`` sets one on ``x``; a bare name (a schema's
        # ``class Meta: fields = ...``) binds a name of its own scope and changes no library
        changed = [target.value for target in targets if isinstance(target, ast.Attribute)]
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr" and node.args:
            changed = [node.args[0]]
        for target in changed:
            while isinstance(target, ast.Attribute):
                target = target.value
            if isinstance(target, ast.Name) and target.id in imported:
                found.append(node.lineno)
    return found


@pytest.mark.parametrize("path", sorted([*ROOT.glob("bridge/**/*.py"), *ROOT.glob("workers/**/*.py")]), ids=str)
def test_no_module_assigns_to_a_library_attribute(path):
    """No ``socketio.X._y = ...``, ``setattr(marshmallow..., "_y", ...)`` or the like."""
    assert _library_assignments(ast.parse(path.read_text())) == [], path


def test_the_assignment_check_sees_a_library_patched_and_not_a_schema_option():
    source = """
import socketio
from marshmallow import fields
fields.String._serialize = None
setattr(socketio.Server, "_trigger_event", None)
class Shape:
    class Meta:
        fields = ("name",)
"""
    assert _library_assignments(ast.parse(source)) == [4, 5]
