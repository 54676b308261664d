"""Service configuration, read from the environment once at start."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

#: Foundry VTT's default address, allowed as a browser origin out of the box.
FOUNDRY_ORIGINS = ("http://localhost:30000", "http://127.0.0.1:30000")

#: Default port of the bridge's HTTP and Socket.IO endpoint.
DEFAULT_PORT = 8765


def _origins(raw: str | None) -> list[str]:
    if raw is None:
        return list(FOUNDRY_ORIGINS)
    return [origin.strip() for origin in raw.split(",") if origin.strip()]


@dataclass(frozen=True)
class Config:
    """What the web process and the workers need to know.

    ``redis_url`` is empty only while ``serve`` has not yet started its
    embedded Redis.
    """

    redis_url: str = ""
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    #: Browser origins allowed to open a Socket.IO connection, besides the
    #: bridge's own pages. ``["*"]`` allows any origin.
    cors_origins: list[str] = field(default_factory=lambda: list(FOUNDRY_ORIGINS))
    #: RQ queue the bridge enqueues to and the workers listen on.
    queue_name: str = "vtt-bridge"

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "Config":
        env = os.environ if environ is None else environ
        return cls(
            redis_url=env.get("REDIS_URL", ""),
            host=env.get("VTT_BRIDGE_HOST", "127.0.0.1"),
            port=int(env.get("PORT", DEFAULT_PORT)),
            cors_origins=_origins(env.get("VTT_BRIDGE_CORS_ORIGINS")),
            queue_name=env.get("VTT_BRIDGE_QUEUE", "vtt-bridge"),
        )
