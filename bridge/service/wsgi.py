"""The WSGI app that ``bridge.service.web`` serves, configured from the environment."""

import os

from ..app import create_app
from . import logs

logs.configure(os.environ.get("LOG_LEVEL", "INFO").upper())
app = create_app()
