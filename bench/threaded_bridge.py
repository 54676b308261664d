"""The bridge in Flask-SocketIO's threading mode, for ``bench.capacity``'s comparison of servers:
``gunicorn -k gthread --threads N -w 1 bench.threaded_bridge:app``."""

import os

from bridge.app import create_app
from bridge.service import logs

logs.configure(os.environ.get("LOG_LEVEL", "INFO").upper())
app = create_app(async_mode="threading")
