"""What the bridge keeps of a world's scripts, in Redis, next to the store's keys:

- ``vtt:world:<w>`` field ``scripts``     the world's scripts folder (set by the CLI only)
- ``vtt:world:<w>:macros``                hash: macro name -> how the table sees it, with its file (JSON)
- ``vtt:world:<w>:house_rules``           the house rules as tables by hook point (JSON; Moment of Truth's: ``HouseRules``)
- ``vtt:world:<w>:script_errors``         the scripts that failed at the last load, with their lines (JSON)
- ``vtt:world:<w>:macro_runs:<user>:<n>`` the user's macro runs in rate window ``n``

The web process reads these; only a worker's load of the scripts writes them.
"""

from __future__ import annotations

import time
from pathlib import Path

import redis

from ..encoded import dumps, loads
from ..service.embedded_redis import default_data_dir
from ..table.store import world_key

#: Macro runs a user may start per window.
RUNS_PER_WINDOW = 20
#: The rate window, in seconds.
RUN_WINDOW_SECONDS = 60


def default_folder(world_id: str) -> Path:
    """``<data dir>/worlds/<world id>/scripts``."""
    return default_data_dir() / "worlds" / world_id / "scripts"


def scripts_folder(client: redis.Redis, world_id: str) -> Path:
    """Where the world's scripts are: the folder the CLI set, else the default."""
    chosen = client.hget(world_key(world_id), "scripts")
    return Path(chosen) if chosen else default_folder(world_id)


def set_scripts_folder(client: redis.Redis, world_id: str, folder: Path) -> None:
    client.hset(world_key(world_id), "scripts", str(Path(folder).resolve()))


def save_loaded(client: redis.Redis, world_id: str, loaded: dict) -> None:
    """A load's macros, house rules and errors replace the last load's."""
    key = world_key(world_id)
    with client.pipeline() as pipe:
        pipe.delete(f"{key}:macros")
        if loaded["macros"]:
            pipe.hset(f"{key}:macros", mapping={name: dumps(shown) for name, shown in loaded["macros"].items()})
        pipe.set(f"{key}:house_rules", dumps(loaded["house_rules"]))
        pipe.set(f"{key}:script_errors", dumps(loaded["errors"]))
        pipe.execute()


def macros(client: redis.Redis, world_id: str) -> dict[str, dict]:
    return {name: loads(shown) for name, shown in client.hgetall(f"{world_key(world_id)}:macros").items()}


def macro(client: redis.Redis, world_id: str, name: str) -> dict | None:
    shown = client.hget(f"{world_key(world_id)}:macros", name)
    return loads(shown) if shown else None


def script_errors(client: redis.Redis, world_id: str) -> list[dict]:
    stored = client.get(f"{world_key(world_id)}:script_errors")
    return loads(stored) if stored else []


def house_rules(client: redis.Redis, world_id: str) -> dict:
    """The world's house rules as tables, by hook point (``{}``: the books' rules); its system reads its own."""
    stored = client.get(f"{world_key(world_id)}:house_rules")
    return loads(stored) if stored else {}


def allow_run(client: redis.Redis, world_id: str, user: str) -> bool:
    """Count a run of ``user``'s; False once they ran ``RUNS_PER_WINDOW`` in this window."""
    key = f"{world_key(world_id)}:macro_runs:{user}:{int(time.time() // RUN_WINDOW_SECONDS)}"
    with client.pipeline() as pipe:
        pipe.incr(key)
        pipe.expire(key, RUN_WINDOW_SECONDS)
        runs, _ = pipe.execute()
    return runs <= RUNS_PER_WINDOW
