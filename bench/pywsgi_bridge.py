"""The bridge on gevent's own WSGI server in one process (Flask-SocketIO's ``socketio.run`` in gevent mode),
for ``bench.capacity``'s comparison of servers: ``python -m bench.pywsgi_bridge PORT``."""

from gevent import monkey

monkey.patch_all()

import os  # noqa: E402 - after patching, as gevent requires
import sys  # noqa: E402

from bridge.app import create_app  # noqa: E402
from bridge.service import logs

logs.configure(os.environ.get("LOG_LEVEL", "INFO").upper())
app = create_app()
app.extensions["socketio"].run(app, host="127.0.0.1", port=int(sys.argv[1]), log_output=False)
