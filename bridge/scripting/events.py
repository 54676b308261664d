"""Macros, in a world of any rule system: the table lists the macros a user
may run and runs one by name; the GM reloads the world's scripts. The web
process never runs a script: it reads what the last load kept (``shelf``),
has the world's system check the targets (``hooks``), checks a run's
arguments against the macro's JSON Schema, and queues the run to a worker
(``workers.scripting.jobs``)."""

from __future__ import annotations

from ..protocol import ErrorCode, Request, RequestError
from ..schemas.encode import dump
from ..table.schemas import Sender
from ..transport.events.jobs import queue_job
from ..transport.handling import handles
from . import shelf
from .api import Who
from .hooks import hook_of
from .schemas import MacroRunRequest


def _may_run(work, shown: dict) -> bool:
    return work.identity.is_gm or shown["who"] != Who.GM.value


def macro_list(work, _request: dict) -> dict:
    """The macros the sender may run, by name, each with its arguments' JSON Schema."""
    client = work.store.redis
    shown = [
        {key: macro[key] for key in ("name", "description", "who", "arguments")}
        for name, macro in sorted(shelf.macros(client, work.world_id).items()) if _may_run(work, macro)
    ]
    return {"macros": shown, "errors": shelf.script_errors(client, work.world_id) if work.identity.is_gm else []}


def macro_run(work, run_request: dict) -> dict:
    """Refuse an unknown macro, one the sender may not run, targets they may
    not name and arguments its schema refuses; queue the rest, at most
    ``shelf.RUNS_PER_WINDOW`` per user and window."""
    client, name = work.store.redis, run_request["macro"]
    shown = shelf.macro(client, work.world_id, name)
    if shown is None:
        raise RequestError(ErrorCode.INVALID, f"no macro {name!r} is loaded", {"macro": ["no such macro"]})
    if not _may_run(work, shown):
        raise RequestError(ErrorCode.FORBIDDEN, f"only the GM may run {name!r}", {"macro": ["GM only"]})
    named = {token_id: f"token_ids.{n}" for n, token_id in enumerate(run_request["token_ids"])}
    hook_of(work.world.system).check_targets(work, named, shown["who"] == Who.OWNER.value)
    _check_arguments(shown, run_request["arguments"])
    if not shelf.allow_run(client, work.world_id, work.identity.user):
        raise RequestError(ErrorCode.BUSY, f"at most {shelf.RUNS_PER_WINDOW} macro runs per {shelf.RUN_WINDOW_SECONDS} s")
    spec = MacroRunRequest().dump(run_request)
    return queue_job(
        work, run_request["request_id"], "workers.scripting.jobs.run_macro", sender=dump(Sender, work.identity), request=spec
    )


def _check_arguments(shown: dict, arguments: dict) -> None:
    """The arguments against the macro's JSON Schema, each fault under ``arguments.<field>``."""
    from jsonschema import Draft202012Validator  # here: only a macro's run needs it, not every web process's memory

    faults: dict[str, list[str]] = {}
    for error in Draft202012Validator(shown["arguments"]).iter_errors(arguments):
        field = ".".join(["arguments", *map(str, error.absolute_path)])
        faults.setdefault(field, []).append(error.message)
    if faults:
        raise RequestError(ErrorCode.INVALID, "the macro's arguments are invalid", faults)


def macro_reload(work, reload_request: dict) -> dict:
    """Queue a load of the world's scripts (GM)."""
    return queue_job(work, reload_request["request_id"], "workers.scripting.jobs.reload_scripts", world_id=work.world_id)


def init_app(app) -> None:
    handles(app, Request.MACRO_LIST)(macro_list)
    handles(app, Request.MACRO_RUN)(macro_run)
    handles(app, Request.MACRO_RELOAD)(macro_reload)
