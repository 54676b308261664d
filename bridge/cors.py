"""Which browser origins may open a Socket.IO connection."""

from __future__ import annotations

from typing import Callable


def allowed_origins(configured: list[str]) -> str | Callable[[str | None, dict], bool]:
    """The configured origins plus the bridge's own pages; ``["*"]`` allows all."""
    if configured == ["*"]:
        return "*"
    allowed = {origin.rstrip("/") for origin in configured}

    def is_allowed(origin: str | None, environ: dict) -> bool:
        own = f"{environ.get('wsgi.url_scheme', 'http')}://{environ.get('HTTP_HOST', '')}"
        return origin is not None and origin.rstrip("/") in allowed | {own}

    return is_allowed
