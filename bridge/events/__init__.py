"""Socket.IO handlers, one module per area, each with ``init_app(app)``."""
