"""``python -m workers``: one worker process, without a pool (the tests and the benchmarks start these; `vtt-bridge worker` runs a pool)."""

import os

from bridge import logs
from bridge.config import Config

from .worker import run_worker

if __name__ == "__main__":
    logs.configure(os.environ.get("LOG_LEVEL", "INFO"))
    config = Config.from_env()
    run_worker(config.redis_url, config.queue_name)
