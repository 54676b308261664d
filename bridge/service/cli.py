"""``vtt-bridge``: serve, web, worker, world, secret, log and schemas commands."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import pathlib
import subprocess
import sys

import click

from ..config import Config
from ..schemas.settings import default_settings
from ..systems import DEFAULT_SYSTEM, installed
from ..table.keyring import Keyring, UnknownKey
from ..table.store import Store, UnknownWorld, WorldExists
from ..transport.connections import announce_ended
from . import logs
from .embedded_redis import AlreadyRunning, EmbeddedRedis, default_data_dir, running_url
from .launcher import Serving
from .lineage import AlreadyServing
from .migrate import migrate as migrate_store
from .reach import install_notes

#: World `serve` creates when the data has none, so a GM can start at once.
FIRST_WORLD_ID = "my-world"


@click.group()
@click.option("--data-dir", type=click.Path(path_type=pathlib.Path), default=None,
              help="Where the embedded Redis keeps its data (default: per-user data dir).")
@click.option("--log-level", default=lambda: os.environ.get("LOG_LEVEL", "INFO"), show_default="INFO")
@click.pass_context
def main(ctx: click.Context, data_dir: pathlib.Path | None, log_level: str) -> None:
    """Rules backend for virtual tabletops."""
    logs.configure(log_level.upper())
    ctx.obj = {"data_dir": data_dir or default_data_dir(), "config": Config.from_env()}
    # the server's keys (bridge.table.keyring) beside the data, for this process and every one it starts
    os.environ.setdefault("VTT_BRIDGE_SECRET_FILE", str(ctx.obj["data_dir"] / "secrets.json"))


@main.command()
@click.option("--host", default=None, help="Interface to listen on (default 127.0.0.1, or $VTT_BRIDGE_HOST).")
@click.option("--port", type=int, default=None, help="Port to listen on (default 8765, or $PORT).")
@click.option("--workers", "worker_count", type=int, default=1, show_default=True)
@click.pass_obj
def serve(obj: dict, host: str | None, port: int | None, worker_count: int) -> None:
    """Bridge, workers and (unless REDIS_URL is set) an embedded Redis, in one command;
    workers and Redis that die are started again (bridge.service.launcher)."""
    try:
        with Serving(obj["data_dir"], obj["config"], worker_count) as serving:
            if serving.embedded is not None:
                click.echo(f"embedded Redis: data in {obj['data_dir']}", err=True)
            _prepare_worlds(Store.from_url(serving.redis_url))
            # serve runs one web process: unless told otherwise, the only one on its Redis
            sole = os.environ.get("VTT_BRIDGE_SOLE_WEB_PROCESS", "1") == "1"
            _run_web(dataclasses.replace(_config(obj, serving.redis_url, host, port), sole_web_process=sole))
    except (AlreadyServing, AlreadyRunning) as busy:
        raise click.ClickException(str(busy)) from None
    if serving.failed:
        raise SystemExit(1)


@main.command()
@click.option("--host", default=None)
@click.option("--port", type=int, default=None)
@click.pass_obj
def web(obj: dict, host: str | None, port: int | None) -> None:
    """The bridge alone (REDIS_URL, or a running `serve`'s Redis)."""
    with _redis_url(obj, start_embedded=False) as redis_url:
        _run_web(_config(obj, redis_url, host, port))


@main.command()
@click.option("--count", type=int, default=1, show_default=True, help="Worker processes to run.")
@click.pass_obj
def worker(obj: dict, count: int) -> None:
    """RQ's worker pool of `count` workers, each replaced if it dies (REDIS_URL, or a running `serve`'s Redis).
    The workers are their own program (``python -m workers``): the bridge never imports them."""
    with _redis_url(obj, start_embedded=False) as redis_url:
        command = _workers_command("--count", str(count))
        os.execve(command[0], command, _workers_env(obj, redis_url))  # signals reach the pool itself


@main.group()
def world() -> None:
    """Create worlds and manage their GM keys."""


@world.command("create")
@click.argument("world_id")
@click.option("--name", default=None, help="Display name (default: the id).")
@click.option("--default-tn", type=click.Choice(["1", "2"]), default="2", show_default=True,
              help="Ch. 1 dial: 2 gritty, 1 pulp.")
@click.option("--system", type=click.Choice(list(installed())), default=DEFAULT_SYSTEM, show_default=True,
              help="The rule system the world plays (the GM may switch it later: system.set).")
@click.pass_obj
def world_create(obj: dict, world_id: str, name: str | None, default_tn: str, system: str) -> None:
    settings = default_settings() | {"default_tn": int(default_tn)}
    with _store(obj) as store:
        try:
            created = store.create_world(world_id, name or world_id, settings, system)
        except WorldExists:
            raise click.ClickException(f"world '{world_id}' already exists")
        _print_world(created)


@main.command()
@click.pass_obj
def migrate(obj: dict) -> None:
    """Bring the data an earlier bridge wrote up to date (serve does it at every start)."""
    with _store(obj) as store:
        done = migrate_store(store)
    for line in done or ["nothing to do: the data is current"]:
        click.echo(line)


@world.command("list")
@click.pass_obj
def world_list(obj: dict) -> None:
    with _store(obj) as store:
        for world_id in store.world_ids():
            click.echo(world_id)


@world.command("show")
@click.argument("world_id")
@click.pass_obj
def world_show(obj: dict, world_id: str) -> None:
    """The world's name, system and settings (its GM key is shown only at creation and rotation)."""
    with _store(obj) as store:
        _print_world(_world(store, world_id))


@world.command("rotate-key")
@click.argument("world_id")
@click.pass_obj
def world_rotate_key(obj: dict, world_id: str) -> None:
    """New GM key, shown once; every player token minted before stops working and every open connection of the world closes."""
    with _store(obj) as store:
        _world(store, world_id)
        rotated = store.rotate_gm_key(world_id)
        announce_ended(store.redis, world_id)
        _print_world(rotated)


@world.command("revoke-token")
@click.argument("world_id")
@click.argument("user")
@click.pass_obj
def world_revoke_token(obj: dict, world_id: str, user: str) -> None:
    """Void every token USER holds and close USER's player connections (as the GM's token.revoke)."""
    with _store(obj) as store:
        _world(store, world_id)
        store.revoke_tokens(world_id, user)
        announce_ended(store.redis, world_id, user)
        click.echo(f"every token of '{user}' in '{world_id}' is void", err=True)


@world.command("scripts")
@click.argument("world_id")
@click.option("--set", "folder", type=click.Path(file_okay=False, path_type=pathlib.Path), default=None,
              help="Keep the world's scripts in this folder from now on.")
@click.option("--reload", "reload_", is_flag=True, help="Load the scripts now and print what loaded and what failed.")
@click.pass_obj
def world_scripts(obj: dict, world_id: str, folder: pathlib.Path | None, reload_: bool) -> None:
    """Where the world's scripts (macros, house rules) are; set it, or load them."""
    from ..scripting import shelf

    with _redis_url(obj, start_embedded=True) as url:
        store = Store.from_url(url)
        _world(store, world_id)
        if folder is not None:
            shelf.set_scripts_folder(store.redis, world_id, folder)
        click.echo(shelf.scripts_folder(store.redis, world_id))
        if reload_:  # the workers load scripts: their own program does it
            loaded = subprocess.run(_workers_command("--load-scripts", world_id), env=_workers_env(obj, url),
                                    stdout=subprocess.PIPE, text=True)
            click.echo(loaded.stdout, nl=False)
            if loaded.returncode:
                raise SystemExit(loaded.returncode)


@main.group("secret")
def secret() -> None:
    """The server's keys, kept outside Redis (bridge.table.keyring)."""


@secret.command("rotate")
def secret_rotate() -> None:
    """A new server key for new GM keys and rotated worlds; the old keys still open what they made."""
    click.echo(f"new server key '{Keyring.from_env().rotate()}'; retire an old one once every world is rotated", err=True)


@secret.command("retire")
@click.argument("key_id")
def secret_retire(key_id: str) -> None:
    """Drop server key KEY_ID: every GM key and player token made with it stops working (rotate those worlds)."""
    try:
        Keyring.from_env().retire(key_id)
    except (ValueError, UnknownKey) as refused:
        raise click.ClickException(f"cannot retire '{key_id}': {refused}") from None
    click.echo(f"server key '{key_id}' retired", err=True)


@main.group("log")
def roll_log() -> None:
    """The worlds' roll logs."""


@roll_log.command("verify")
@click.argument("world_id")
@click.pass_obj
def roll_log_verify(obj: dict, world_id: str) -> None:
    """Check that the world's roll log is one unbroken chain: no entry deleted or edited (exit 1 if not)."""
    from ..table.chain import verify

    with _store(obj) as store:
        _world(store, world_id)
        checked, problem = verify(store, world_id)
    if problem:
        raise click.ClickException(f"{world_id}: the roll log's chain is broken after {checked} entries: {problem}")
    click.echo(f"{world_id}: {checked} entries, one unbroken chain")


@main.command()
@click.option("--out", type=click.Path(path_type=pathlib.Path), default=pathlib.Path("docs/schemas"), show_default=True)
def schemas(out: pathlib.Path) -> None:
    """Write the JSON Schema of every request and push."""
    from ..schemas.export import write_schemas

    for path in write_schemas(out):
        click.echo(path)


# -- helpers ---------------------------------------------------------------


@contextlib.contextmanager
def _redis_url(obj: dict, start_embedded: bool):
    """REDIS_URL, else a running embedded Redis, else (if allowed) a new one."""
    url = obj["config"].redis_url or running_url(obj["data_dir"])
    if url:
        yield url
        return
    if not start_embedded:
        raise click.ClickException("no Redis: set REDIS_URL, or start `vtt-bridge serve` first")
    with EmbeddedRedis(obj["data_dir"], maxmemory=obj["config"].redis_maxmemory) as embedded:
        click.echo(f"embedded Redis: data in {obj['data_dir']}", err=True)
        yield embedded.url


def _workers_command(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "workers", *arguments]


def _workers_env(obj: dict, redis_url: str) -> dict[str, str]:
    return {**os.environ, "REDIS_URL": redis_url, "VTT_BRIDGE_QUEUE": obj["config"].queue_name}


@contextlib.contextmanager
def _store(obj: dict):
    with _redis_url(obj, start_embedded=True) as url:
        yield Store.from_url(url)


def _config(obj: dict, redis_url: str, host: str | None = None, port: int | None = None) -> Config:
    changes = {"redis_url": redis_url}
    if host:
        changes["host"] = host
    if port:
        changes["port"] = port
    return dataclasses.replace(obj["config"], **changes)


def _run_web(config: Config) -> None:
    from .server import run

    for note in install_notes(config):
        click.echo(note, err=True)
    run(config)


def _prepare_worlds(store: Store) -> None:
    """Bring an earlier bridge's data up to date (``migrate``); create a first world if there is none."""
    for done in migrate_store(store):
        click.echo(f"migrated: {done}", err=True)
    if store.world_ids():
        return
    created = store.create_world(FIRST_WORLD_ID, "My world", default_settings())
    click.echo("created a first world; connect your GM client with (the GM key is shown only now):", err=True)
    _print_world(created, err=True)


def _world(store: Store, world_id: str):
    try:
        return store.world(world_id)
    except UnknownWorld:
        raise click.ClickException(f"no world '{world_id}'") from None


def _print_world(found, err: bool = False) -> None:
    """The world as the operator sees it; with its GM key only when just created or rotated."""
    shown = {"world": found.world_id, "name": found.name, "system": found.system, "settings": found.settings}
    if found.gm_key is not None:
        shown["gm_key"] = found.gm_key
    click.echo(json.dumps(shown, indent=2), err=err)
