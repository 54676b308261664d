"""Macro jobs, in a world of any rule system: loading a world's scripts
(``macro.reload``) and running a macro (``macro.run``), the GM's code each
time in a child process (``sandbox``). The world's system reads the
targets, builds the macro's table and makes what it recorded (its
``bridge.scripting.hooks`` hook), the way a hazard's effects are made
(``effects.run_once``): one change and one card, once; a macro that raises,
runs out of time, breaks a limit or has an effect refused makes none, and
its card (blind: the GM sees it whole) names the script's file and line."""

from __future__ import annotations

from pathlib import Path

from bridge.protocol import Push, Request, RequestError
from bridge.rules.dice import RandomDice
from bridge.schemas.common import Visibility
from bridge.schemas.encode import dump
from bridge.schemas.settings import world_settings_schema
from bridge.scripting import shelf
from bridge.scripting.api import API_VERSION, MacroError
from bridge.scripting.hooks import EffectRefused, ScriptingHook, Targets, hook_of
from bridge.scripting.loader import Blame, declared_by, load_file, summary
from bridge.scripting.schemas import MacroRunRequest, ScriptError
from bridge.table.auth import Identity, Role
from bridge.table.publish import publish
from bridge.table.store import Store
from bridge.table.work import Work
from bridge.transport.rooms import world_room

from .. import effects, push
from . import sandbox

#: Wall-clock limit of one macro, in seconds.
MACRO_SECONDS = 5.0
#: Wall-clock limit of loading one of a world's scripts, in seconds.
LOAD_SECONDS = 10.0

_dice = RandomDice()


def reload_scripts(reply: dict, world_id: str) -> dict | None:
    """Load the world's scripts and keep what the table needs; ``job.result``
    lists the macros and the scripts that failed (file, line, message); the
    dials the scripts set become the world's settings (``settings.changed``)."""
    reply_to, pusher = push.started(reply)
    gm = Identity(world_id, reply_to.user, Role.GM)
    return effects.run_once(reply_to, Request.MACRO_RELOAD.value, pusher, gm, _reload)


def _reload(work: Work) -> dict:
    result, settings = load_scripts(work.store, work.world_id)
    if settings is not None:
        work.emit(Push.SETTINGS_CHANGED.value, {"settings": settings}, to=world_room(work.world_id))
    return result


def load_scripts(world_store: Store, world_id: str) -> tuple[dict, dict | None]:
    """Load the world's scripts, each in a child process of its own (one
    that hangs or dies fails alone), and keep what the table needs; the
    dials they set are saved. The load's result, and the world's settings
    if the scripts set dials."""
    folder = shelf.scripts_folder(world_store.redis, world_id)
    loaded = summary(folder, _declared_in_child)
    settings = None
    if loaded["dials"]:
        settings = world_store.world(world_id).settings | world_settings_schema()(partial=True).load(loaded["dials"])
        world_store.save_settings(world_id, settings)
    shelf.save_loaded(world_store.redis, world_id, loaded)
    return {"folder": str(folder), "macros": sorted(loaded["macros"]), "errors": loaded["errors"]}, settings


def _declared_in_child(path: Path, folder: Path) -> dict | Blame:
    outcome = sandbox.call(lambda: declared_by(path, folder), folder, LOAD_SECONDS, path.name)
    return outcome.failure or outcome.value


def run_macro(reply: dict, sender: dict, request: dict) -> dict | None:
    """Run the macro ``request`` names for ``sender`` (an identity's fields);
    its card goes to the table, its ``roll_id`` to the requester as ``job.result``."""
    reply_to, pusher = push.started(reply)
    sent_by = Identity.from_dict(sender)
    loaded = MacroRunRequest().load(request)

    def card(make) -> dict:
        return effects.run_once(reply_to, Request.MACRO_RUN.value, pusher, sent_by, lambda work: {"roll_id": make(work)["roll_id"]})

    try:
        return card(lambda work: _run(work, loaded))
    except MacroFailed as failed:  # raised inside the run: nothing it held is written
        blame, printed = failed.blame, failed.printed
        return card(lambda work: _failed(work, loaded, blame, printed))
    except RequestError as refused:
        pusher.failed(reply_to, refused.code.value, refused.message, refused.fields)
        return None


class MacroFailed(Exception):
    """A macro that raised, ran out of time or had an effect refused: where, and what it printed."""

    def __init__(self, blame: Blame, printed: str):
        super().__init__(blame.message)
        self.blame, self.printed = blame, printed


def _run(work: Work, request: dict) -> dict:
    name, token_ids = request["macro"], request["token_ids"]
    client = work.store.redis
    shown, folder = shelf.macro(client, work.world_id, name), shelf.scripts_folder(client, work.world_id)
    if shown is None:
        raise MacroFailed(Blame("", None, f"macro {name!r} is no longer loaded"), "")
    system = work.world.system
    hook = hook_of(system)
    targets = hook.read(work, token_ids)
    path = folder / shown["file"]
    outcome = sandbox.call(
        lambda: _perform(path, name, request["arguments"], hook, targets, work.identity.user), folder, MACRO_SECONDS, shown["file"]
    )
    if outcome.failure:
        raise MacroFailed(outcome.failure, outcome.printed)
    record = outcome.value
    try:
        made = hook.apply(work, request, record, targets)
    except EffectRefused as refused:
        raise MacroFailed(Blame(shown["file"], None, str(refused)), outcome.printed) from None
    result = {"macro": name, "api_version": API_VERSION, "system": system, **record, **made, "printed": outcome.printed,
              "error": None}
    return publish(work, request, Request.MACRO_RUN, result, actor_id=targets.actor_id or work.identity.user)


def _perform(path: Path, name: str, arguments: dict, hook: ScriptingHook, targets: Targets, user: str) -> dict:
    """In the child: load the macro's script, load its arguments, run it on the system's table; what it recorded."""
    found = [macro for macro in load_file(path).macros if macro.name == name]
    if not found:
        raise MacroError(f"{path.name} no longer declares macro {name!r}")
    table = hook.table(found[0].arguments().load(arguments), targets, user, _dice)
    found[0].run(table)
    return table.record()


def _failed(work: Work, request: dict, failure: Blame, printed: str) -> dict:
    """The GM's card of a macro that failed: nothing applied, where and why."""
    result = {"macro": request["macro"], "api_version": API_VERSION, "system": work.world.system, "rolls": [], "effects": [], "awards": [],
              "moments": None, "said": [], "dice_rolled": 0, "printed": printed, "tokens": [],
              "error": dump(ScriptError, failure)}
    blind = {**request, "visibility": Visibility.BLIND, "whisper_to": []}
    return publish(work, blind, Request.MACRO_RUN, result, actor_id=work.identity.user)
