"""The seam between scripting and the rule systems: what each system offers
its world's macros (``ScriptingHook``), named by the ``RuleSystem``'s
``scripting`` (a module holding ``HOOK``). A system without one gets
``PLAIN``: macros that roll raw dice and speak, run on no targets."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from types import MappingProxyType
from typing import Any

from ..protocol import ErrorCode, RequestError
from ..rules.dice import DiceSource
from ..systems import installed
from ..table.publish import check_owner
from .api import Table


@dataclass(frozen=True)
class Targets:
    """What a macro runs on, as the worker read it: the read-only ``targets``
    the table shows, the ``context`` the system's ``apply`` needs, and the
    card's ``actor_id`` (the first target's; None: the user's)."""

    targets: tuple
    context: Any = None
    actor_id: str | None = None


class EffectRefused(Exception):
    """The rules refused an effect or award a macro recorded: nothing is made."""


@dataclass(frozen=True)
class ScriptingHook:
    """A rule system's part in scripting. In the web process,
    ``check_targets(work, named, owners_only)`` refuses targets the sender may
    not name (``named``: id -> its request field). In the worker,
    ``read(work, token_ids)`` reads the targets; in the script's child,
    ``table(arguments, targets, user, dice)`` builds the system's ``Table``;
    back in the worker, ``apply(work, request, record, targets)`` makes what
    the macro recorded, in the work, and gives the card's ``effects``,
    ``tokens``, ``awards`` and ``moments`` (raising ``EffectRefused``).
    ``house_rules``: how each house-rule hook point of the system (``api.Hook``)
    is worked out, when the scripts load, into the table its rules read."""

    check_targets: Callable[[Any, dict[str, str], bool], None]
    read: Callable[[Any, list[str]], Targets]
    table: Callable[[dict, Targets, str, DiceSource], Table]
    apply: Callable[[Any, dict, dict, Targets], dict]
    house_rules: Mapping[str, Callable[[Callable], Any]] = dataclass_field(default_factory=dict)


def nothing_made(_unit, _request: dict, record: dict, _targets: Targets) -> dict:
    """The card's fields of a macro whose system makes no effects: it recorded none (its table has no way to)."""
    return {"effects": record["effects"], "tokens": [], "awards": [], "moments": None}


def _no_targets(_unit, named: dict[str, str], _owners_only: bool) -> None:
    if named:
        field = next(iter(named.values()))
        raise RequestError(ErrorCode.INVALID, "this world's rule system gives macros no targets", {field: ["no targets here"]})


PLAIN = ScriptingHook(
    check_targets=_no_targets,
    read=lambda _unit, _token_ids: Targets(()),
    table=lambda arguments, targets, user, dice: Table(arguments, targets.targets, user, dice),
    apply=nothing_made,
)


def hook_of(system: str) -> ScriptingHook:
    """The scripting hook of the world's rule system (``PLAIN`` if it has none or is not installed)."""
    found = installed().get(system)
    if found is None or not found.scripting:
        return PLAIN
    return importlib.import_module(found.scripting).HOOK


def house_rule_tables() -> dict[str, Callable[[Callable], Any]]:
    """How every installed system's house-rule hook points are worked out into tables, by hook point."""
    return {point: build for system in installed().values() for point, build in hook_of(system.name).house_rules.items()}


def registered_characters(system: str, table_of: Callable[[dict, Targets, str, DiceSource], Table],
                          apply: Callable[[Any, dict, dict, Targets], dict] = nothing_made) -> ScriptingHook:
    """The hook of a system whose state document keeps its ``characters`` by actor id:
    a macro's targets are registered characters (``token_ids`` name their actor ids),
    each a read-only sheet with its ``actor_id``; an owner's macro, on the sender's own."""
    def sheets(work) -> dict:
        return (work.system_state(system) or {}).get("characters") or {}

    def check_targets(work, named: dict[str, str], owners_only: bool) -> None:
        known = sheets(work)
        for actor_id, field in named.items():
            if actor_id not in known:
                raise RequestError(ErrorCode.INVALID, f"{actor_id} is not a registered character", {field: ["not registered"]})
            if owners_only:
                check_owner(work, actor_id, field)

    def read(work, token_ids: list[str]) -> Targets:
        known = sheets(work)
        targets = tuple(MappingProxyType({**known[actor_id], "actor_id": actor_id}) for actor_id in token_ids if actor_id in known)
        return Targets(targets, work.system_state(system), targets[0]["actor_id"] if targets else None)

    return ScriptingHook(check_targets=check_targets, read=read, table=table_of, apply=apply)
