"""Loading a world's scripts: each ``*.py`` of its folder run as a module,
collecting what it declares. This runs the GM's code, so only ever in a
worker's child process (``workers.scripting.sandbox``)."""

from __future__ import annotations

import importlib.util
import re
import traceback
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..schemas.common import IDENTIFIER_PATTERN
from ..schemas.encode import dump
from ..schemas.export import schema_document
from ..schemas.settings import world_settings_schema
from . import api
from .api import Declared, Hook
from .hooks import house_rule_tables
from .schemas import ScriptError


@dataclass(frozen=True)
class Blame:
    """Where a script went wrong: its file (in its folder), line and message."""

    file: str
    line: int | None
    message: str


def blame(error: BaseException, folder: Path, file: str = "") -> Blame:
    """The line of a script in ``folder`` where ``error`` was raised (the
    innermost frame in the folder), or the line a syntax error is on;
    else ``file`` with no line."""
    message = f"{type(error).__name__}: {error}"
    if isinstance(error, SyntaxError) and error.filename:
        return Blame(_shown(Path(error.filename), folder), error.lineno, message)
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = Path(frame.filename)
        if path.is_relative_to(folder):
            return Blame(_shown(path, folder), frame.lineno, message)
    return Blame(file, None, message)


def _shown(path: Path, folder: Path) -> str:
    return str(path.relative_to(folder)) if path.is_relative_to(folder) else path.name


def load_file(path: Path) -> Declared:
    """Run the script at ``path``; what it declared."""
    api.declaring = declared = Declared([], {}, {})
    try:
        spec = importlib.util.spec_from_file_location(f"vtt_script_{uuid.uuid4().hex}", path)
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
    finally:
        api.declaring = None
    for macro in declared.macros:
        if not re.fullmatch(IDENTIFIER_PATTERN, macro.name):
            raise api.MacroError(f"macro name {macro.name!r} is not 1-64 of A-Z a-z 0-9 . _ : -")
    return declared


def scripts(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.py")) if folder.is_dir() else []


def declared_by(path: Path, folder: Path) -> dict:
    """One script loaded: its macros (as the table sees them, with their
    file), its house rules worked out as tables and the dials it sets
    (checked as ``settings.update`` checks them); raises what the script raised."""
    declared = load_file(path)
    shown = {macro.name: _shown_macro(macro, path, folder) for macro in declared.macros}
    tables = {hook.value: house_rule_tables()[hook.value](rule) for hook, rule in declared.hooks.items()}
    world_settings_schema()(partial=True).load(declared.dials)
    return {"macros": shown, "house_rules": tables, "dials": declared.dials}


def summary(folder: Path, declare: Callable[[Path, Path], dict | Blame] | None = None) -> dict:
    """Every script in ``folder``, each loaded by ``declare(path, folder)``
    (default: ``declared_by``, blamed on its line when it raises; the worker
    loads each in a child of its own), together: the macros, the house rules,
    the dials, and each script that failed with its line. A failed script
    declares nothing; the others load. A macro name taken twice: the first file's."""
    folder = folder.resolve()
    macros, errors, house_rules, dials = {}, [], {hook.value: None for hook in Hook}, {}
    for path in scripts(folder):
        declared = (declare or _blamed)(path, folder)
        if isinstance(declared, Blame):
            errors.append(dump(ScriptError, declared))
            continue
        for name, macro in declared["macros"].items():
            if name in macros:
                errors.append(dump(ScriptError, Blame(macro["file"], None, f"macro {name!r} is already declared")))
            else:
                macros[name] = macro
        house_rules.update(declared["house_rules"])
        dials.update(declared["dials"])
    return {"macros": macros, "errors": errors, "house_rules": house_rules, "dials": dials}


def _blamed(path: Path, folder: Path) -> dict | Blame:
    try:
        return declared_by(path, folder)
    except Exception as error:  # noqa: BLE001 -- a GM's script may raise anything
        return blame(error, folder, _shown(path, folder))


def _shown_macro(macro: api.Macro, path: Path, folder: Path) -> dict:
    return {
        "name": macro.name,
        "description": macro.description,
        "who": macro.who.value,
        "arguments": schema_document(f"arguments of macro {macro.name}", macro.arguments),
        "file": _shown(path, folder),
    }


def checked(rule, low: int, high: int, *inputs: int) -> int:
    """What a house rule gives for ``inputs``, refused unless a whole number from ``low`` to ``high``."""
    value = rule(*inputs)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        called = f"{rule.__name__}({', '.join(map(str, inputs))})"
        raise api.MacroError(f"{called} gave {value!r}: a whole number {low}-{high} is needed")
    return value
