"""The WSGI app for ``gunicorn -k gevent -w 1 bridge.wsgi:app``, configured from the environment."""

import os

from . import logs
from .app import create_app

logs.configure(os.environ.get("LOG_LEVEL", "INFO").upper())
app = create_app()
