"""``python -m workers``: one worker process (what ``vtt-bridge worker`` spawns)."""

import os

from bridge import logs
from bridge.config import Config

from .worker import run_worker

if __name__ == "__main__":
    logs.configure(os.environ.get("LOG_LEVEL", "INFO"))
    config = Config.from_env()
    run_worker(config.redis_url, config.queue_name)
