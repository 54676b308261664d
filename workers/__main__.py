"""``python -m workers``: one worker process (the tests and the benchmarks start these);
``python -m workers --count N``: RQ's worker pool of N, each replaced if it dies
(`vtt-bridge worker` runs this); ``python -m workers --load-scripts WORLD``: load a
world's scripts and print what loaded (`vtt-bridge world scripts --reload`). Each
reads REDIS_URL and VTT_BRIDGE_QUEUE."""

import argparse
import json
import os

from bridge.config import Config
from bridge.service import logs
from bridge.table.store import Store

from .pool import run_pool
from .scripting.jobs import load_scripts
from .worker import run_worker

if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m workers")
    parser.add_argument("--count", type=int, default=None, help="run RQ's worker pool of this many workers")
    parser.add_argument("--load-scripts", metavar="WORLD", default=None, help="load the world's scripts and print the result")
    arguments = parser.parse_args()
    logs.configure(os.environ.get("LOG_LEVEL", "INFO"))
    config = Config.from_env()
    if arguments.load_scripts is not None:
        print(json.dumps(load_scripts(Store.from_url(config.redis_url), arguments.load_scripts)[0], indent=2))
    elif arguments.count is not None:
        run_pool(config.redis_url, config.queue_name, arguments.count)
    else:
        run_worker(config.redis_url, config.queue_name)
