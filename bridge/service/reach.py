"""Where Foundry and the players' browsers reach the bridge from, and what the
operator is told about it.

A GM installs the Foundry module by pasting the manifest's URL into Foundry;
Foundry's server then downloads the zip the manifest names, and the module's
Bridge URL defaults to that same address, so every player's browser is sent
there. Without ``VTT_BRIDGE_PUBLIC_URL`` the bridge names the host it was
asked at (one it trusts); a Foundry on another machine or in Docker reaches it
under a name only the operator knows, so ``serve`` says which setting to set,
and a refused ``Host`` names it too.
"""

from __future__ import annotations

import socket

from ..config import Config

#: The answer to a request whose ``Host`` the bridge does not trust: the settings that make it trusted,
#: never the refused name itself (a page on a rebound DNS name learns nothing from it).
HOST_REFUSED = (
    "this bridge does not answer to that Host. If Foundry or the players reach the bridge under this name, "
    "add it to VTT_BRIDGE_TRUSTED_HOSTS, or set VTT_BRIDGE_PUBLIC_URL to the URL they use "
    "(docs/deploy.md; plugin/README.md, Installing)\n"
)


def install_notes(config: Config) -> list[str]:
    """What ``serve`` prints at start: the manifest URL to paste into Foundry, and, when no public URL is
    set, how a Foundry on another machine or in Docker and players elsewhere reach the bridge."""
    notes = [f"Foundry module manifest: {config.base_url}/plugin/module.json"]
    if config.public_url:
        return notes
    name = socket.getfqdn() or "<this machine's name>"
    notes += [
        "  no VTT_BRIDGE_PUBLIC_URL: Foundry and the players' browsers must reach this bridge as "
        f"{', '.join(filter(None, config.allowed_hosts))} (this machine only).",
        "  For a Foundry on another machine or in Docker, and players elsewhere, set "
        f"VTT_BRIDGE_PUBLIC_URL=http://{name}:{config.port} and VTT_BRIDGE_HOST=0.0.0.0;",
        "  another name Foundry's server uses (host.docker.internal) goes in VTT_BRIDGE_TRUSTED_HOSTS, "
        "and Foundry's page address in VTT_BRIDGE_CORS_ORIGINS "
        f"(now {', '.join(config.cors_origins)}).",
    ]
    return notes
