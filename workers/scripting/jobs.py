"""Macro jobs: loading a world's scripts (``macro.reload``) and running a
macro (``macro.run``), the GM's code each time in a child process
(``sandbox``). A macro's effects are made the way a hazard's are
(``effects.run_once``): one change of its targets and one card, once; a
macro that raises, runs out of time or breaks a limit makes none, and its
card (blind: the GM sees it whole) names the script's file and line."""

from __future__ import annotations

from pathlib import Path

from bridge.auth import Identity, Role
from bridge.cards import publish
from bridge.protocol import Push, Request, RequestError
from bridge.rooms import world_room
from bridge.rules.dice import RandomDice
from bridge.rules.moment_of_truth.dials import Dials
from bridge.rules.moment_of_truth.tokens import TokenState
from bridge.schemas.catalog import REQUESTS
from bridge.schemas.common import Visibility
from bridge.schemas.settings import world_settings_schema
from bridge.scripting import shelf
from bridge.scripting.api import API_VERSION, MacroError, Table
from bridge.scripting.applied import apply_effects
from bridge.scripting.loader import Blame, declared_by, load_file, summary
from bridge.store import Store
from bridge.systems.moment_of_truth.combat_changes import change_fight, read_fight
from bridge.systems.moment_of_truth.events.moments import award_for_role_playing
from bridge.systems.moment_of_truth.world_rules import world_dials
from bridge.unit import Unit

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


def _reload(unit: Unit) -> dict:
    result, settings = load_scripts(unit.store, unit.world_id)
    if settings is not None:
        unit.emit(Push.SETTINGS_CHANGED.value, {"settings": settings}, to=world_room(unit.world_id))
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
    loaded = REQUESTS[Request.MACRO_RUN.value].schema().load(request)

    def card(make) -> dict:
        return effects.run_once(reply_to, Request.MACRO_RUN.value, pusher, sent_by, lambda unit: {"roll_id": make(unit)["roll_id"]})

    try:
        return card(lambda unit: _run(unit, loaded))
    except MacroFailed as failed:  # raised inside the run: nothing it held is written
        blame, printed = failed.blame, failed.printed
        return card(lambda unit: _failed(unit, loaded, blame, printed))
    except RequestError as refused:
        pusher.failed(reply_to, refused.code.value, refused.message, refused.fields)
        return None


class MacroFailed(Exception):
    """A macro that raised, ran out of time or had an effect refused: where, and what it printed."""

    def __init__(self, blame: Blame, printed: str):
        super().__init__(blame.message)
        self.blame, self.printed = blame, printed


def _run(unit: Unit, request: dict) -> dict:
    name, token_ids = request["macro"], request["token_ids"]
    client = unit.store.redis
    shown, folder = shelf.macro(client, unit.world_id, name), shelf.scripts_folder(client, unit.world_id)
    if shown is None:
        raise MacroFailed(Blame("", None, f"macro {name!r} is no longer loaded"), "")
    fight = read_fight(unit, {token_id: f"token_ids.{n}" for n, token_id in enumerate(token_ids)}) if token_ids else None
    dials, targets = world_dials(unit), tuple(fight.states[token_id] for token_id in token_ids) if fight else ()
    path = folder / shown["file"]
    outcome = sandbox.call(
        lambda: _perform(path, name, request["arguments"], targets, dials, unit.identity.user), folder, MACRO_SECONDS, shown["file"]
    )
    if outcome.failure:
        raise MacroFailed(outcome.failure, outcome.printed)
    record, tokens = outcome.value, []
    if record["awards"] and not unit.identity.is_gm:
        raise MacroFailed(Blame(shown["file"], None, "only the GM awards Moments of Truth (ch. 5)"), outcome.printed)
    if record["effects"]:
        round_number = fight.combat.round if fight.combat else None

        def change(states: dict[str, TokenState], combat):
            made, effects_shown = apply_effects(states, record["effects"], dials, round_number, _dice)
            return made, combat, (made, effects_shown)

        try:
            made, record["effects"] = change_fight(unit, Request.MACRO_RUN, request, fight, change)
        except ValueError as refused:
            raise MacroFailed(Blame(shown["file"], None, f"the rules refused an effect: {refused}"), outcome.printed) from None
        tokens = [change.to_dict() for change in made]
    moments = None
    if record["awards"]:
        awarded = [(award["player"], award["moments"], award["reason"]) for award in record["awards"]]
        try:
            moments = award_for_role_playing(unit, awarded, dials, "arguments")
        except RequestError as refused:
            raise MacroFailed(Blame(shown["file"], None, f"the rules refused an award: {refused.message}"),
                              outcome.printed) from None
    result = {"macro": name, "api_version": API_VERSION, **record, "moments": moments, "printed": outcome.printed,
              "tokens": tokens, "error": None}
    actor_id = fight.states[token_ids[0]].actor_id if fight else unit.identity.user  # the first target's
    return publish(unit, request, Request.MACRO_RUN, result, actor_id=actor_id)


def _perform(path: Path, name: str, arguments: dict, targets: tuple, dials: Dials, user: str) -> dict:
    """In the child: load the macro's script, load its arguments, run it; what it recorded."""
    found = [macro for macro in load_file(path).macros if macro.name == name]
    if not found:
        raise MacroError(f"{path.name} no longer declares macro {name!r}")
    table = Table(found[0].arguments().load(arguments), targets, dials, user, _dice)
    found[0].run(table)
    return table.record()


def _failed(unit: Unit, request: dict, failure: Blame, printed: str) -> dict:
    """The GM's card of a macro that failed: nothing applied, where and why."""
    result = {"macro": request["macro"], "api_version": API_VERSION, "rolls": [], "effects": [], "awards": [],
              "moments": None, "said": [], "dice_rolled": 0, "printed": printed, "tokens": [], "error": failure.to_dict()}
    blind = {**request, "visibility": Visibility.BLIND, "whisper_to": []}
    return publish(unit, blind, Request.MACRO_RUN, result, actor_id=unit.identity.user)
