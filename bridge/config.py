"""Service configuration, read from the environment once at start."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from urllib.parse import urlsplit

#: Foundry VTT's default address, allowed as a browser origin out of the box.
FOUNDRY_ORIGINS = ("http://localhost:30000", "http://127.0.0.1:30000")

#: Default port of the bridge's HTTP and Socket.IO endpoint.
DEFAULT_PORT = 8765

#: The embedded Redis's memory limit unless configured (Redis's units).
DEFAULT_REDIS_MAXMEMORY = "512mb"

#: Host names every bridge answers to besides its public URL's: the machine itself.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1")

#: Interfaces that mean "every interface": no page can be reached at them.
ANY_INTERFACE = ("0.0.0.0", "::", "")


def _listed(raw: str | None, default: tuple[str, ...]) -> list[str]:
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


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
    #: bridge's public URL. ``["*"]`` allows any origin.
    cors_origins: list[str] = field(default_factory=lambda: list(FOUNDRY_ORIGINS))
    #: The address players and Foundry reach the bridge at (``VTT_BRIDGE_PUBLIC_URL``);
    #: empty: ``http://<host>:<port>`` (loopback when listening on every interface).
    public_url: str = ""
    #: Host names the bridge answers to besides the public URL's and loopback's;
    #: any other ``Host`` header is refused (DNS rebinding).
    trusted_hosts: list[str] = field(default_factory=list)
    #: RQ queue the bridge enqueues to and the workers listen on.
    queue_name: str = "vtt-bridge"
    #: The embedded Redis's memory limit (Redis's units: ``512mb``, ``2gb``).
    redis_maxmemory: str = DEFAULT_REDIS_MAXMEMORY
    #: Open connections one user may hold in a world, per web process.
    connections_per_user: int = 8
    #: Open connections a world may hold, per web process.
    connections_per_world: int = 64
    #: WebSockets one address may hold open at once, per web process (0: no bound; behind a proxy, the proxy bounds).
    sockets_per_address: int = 32
    #: Requests a second one player may send, in bursts of six seconds' worth (``bridge.transport.budgets``).
    player_requests_per_second: float = 10.0
    #: This web process is the only one on its Redis (``VTT_BRIDGE_SOLE_WEB_PROCESS=1``; ``serve``
    #: sets it unless told ``0``): its pushes go straight to its clients, not through the Redis
    #: channel every web process listens to (python-socketio's ``ignore_queue``). The workers'
    #: pushes still come through the channel.
    sole_web_process: bool = False

    @property
    def base_url(self) -> str:
        """The public URL, without a trailing slash."""
        if self.public_url:
            return self.public_url.rstrip("/")
        host = "127.0.0.1" if self.host in ANY_INTERFACE else self.host
        return f"http://{f'[{host}]' if ':' in host else host}:{self.port}"

    @property
    def allowed_hosts(self) -> list[str]:
        """Host names a request's ``Host`` header may carry (any port)."""
        return [urlsplit(self.base_url).hostname, *LOOPBACK_HOSTS, *self.trusted_hosts]

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "Config":
        env = os.environ if environ is None else environ
        return cls(
            redis_url=env.get("REDIS_URL", ""),
            host=env.get("VTT_BRIDGE_HOST", "127.0.0.1"),
            port=int(env.get("PORT", DEFAULT_PORT)),
            cors_origins=_listed(env.get("VTT_BRIDGE_CORS_ORIGINS"), FOUNDRY_ORIGINS),
            public_url=env.get("VTT_BRIDGE_PUBLIC_URL", ""),
            trusted_hosts=_listed(env.get("VTT_BRIDGE_TRUSTED_HOSTS"), ()),
            queue_name=env.get("VTT_BRIDGE_QUEUE", "vtt-bridge"),
            redis_maxmemory=env.get("VTT_BRIDGE_REDIS_MAXMEMORY", DEFAULT_REDIS_MAXMEMORY),
            connections_per_user=int(env.get("VTT_BRIDGE_CONNECTIONS_PER_USER", 8)),
            connections_per_world=int(env.get("VTT_BRIDGE_CONNECTIONS_PER_WORLD", 64)),
            sockets_per_address=int(env.get("VTT_BRIDGE_SOCKETS_PER_ADDRESS", 32)),
            player_requests_per_second=float(env.get("VTT_BRIDGE_PLAYER_REQUESTS_PER_SECOND", 10)),
            sole_web_process=env.get("VTT_BRIDGE_SOLE_WEB_PROCESS", "0") == "1",
        )
