"""The browser side, served by the bridge: the plugin's files, the Foundry
module's manifest and zip (a GM installs the module by pasting the
manifest's URL into Foundry), and the standalone tabletop at ``/table``.

The manifest's ``manifest`` and ``download`` URLs are the configured public
URL's (``VTT_BRIDGE_PUBLIC_URL``) when there is one, whatever the request's
``Host`` says. Without one they are the address Foundry asked at, so that a
Foundry reaching the bridge under another name (in Docker, on another machine)
downloads the zip from where it found the manifest: that ``Host`` has passed
the host check (``cors.HostGuard``), so a forged header can name only a host
the operator trusts. So are its ``readme`` and ``changelog`` (the plugin's
README.md and CHANGELOG.md, served here), and its ``url`` and ``bugs``: the
project names no repository, so they are the README.
"""

from __future__ import annotations

import io
import json
import posixpath
import zipfile
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, redirect, request, send_from_directory

#: The plugin's folder in the repository.
PLUGIN_DIR = Path(__file__).resolve().parents[2] / "plugin"
#: What the Foundry module's zip holds, relative to ``PLUGIN_DIR`` (the standalone page and tests stay out).
MODULE_PARTS = ("module.json", "scripts", "core", "styles", "lang", "templates", "vendor")
#: The module's folder name inside the zip: Foundry installs it under its id.
MODULE_ID = "vtt-bridge"

plugin_files = Blueprint("plugin_files", __name__)


def _manifest() -> dict:
    """``module.json`` with this bridge's URLs for the manifest and the zip."""
    manifest = json.loads((PLUGIN_DIR / "module.json").read_text(encoding="utf-8"))
    config = current_app.extensions["vtt_config"]
    root = config.base_url if config.public_url else request.host_url.rstrip("/")
    readme = f"{root}/plugin/README.md"
    return {
        **manifest, "manifest": f"{root}/plugin/module.json", "download": f"{root}/plugin/{MODULE_ID}.zip",
        "url": readme, "bugs": readme, "readme": readme, "changelog": f"{root}/plugin/CHANGELOG.md",
    }


@plugin_files.get("/plugin/module.json")
def manifest() -> Response:
    return Response(json.dumps(_manifest(), indent=2), mimetype="application/json")


@plugin_files.get(f"/plugin/{MODULE_ID}.zip")
def module_zip() -> Response:
    archive = _module_zip(json.dumps(_manifest(), indent=2))
    return Response(archive, mimetype="application/zip",
                    headers={"Content-Disposition": f"attachment; filename={MODULE_ID}.zip"})


@lru_cache(maxsize=4)
def _module_zip(manifest_text: str) -> bytes:
    """The module's files under ``MODULE_ID/``, with ``manifest_text`` as its ``module.json``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(f"{MODULE_ID}/module.json", manifest_text)
        for part in MODULE_PARTS[1:]:
            for path in sorted((PLUGIN_DIR / part).rglob("*")):
                if path.is_file():
                    archive.write(path, f"{MODULE_ID}/{path.relative_to(PLUGIN_DIR).as_posix()}")
    return buffer.getvalue()


@plugin_files.get("/plugin/<path:name>")
def plugin_file(name: str) -> Response:
    """A file of the plugin (its tests excepted), e.g. the standalone page's scripts;
    decided on the normalised path, so ``./tests``, ``core/../tests`` and the
    like are the tests too."""
    normal = posixpath.normpath(name)
    if normal.startswith(("/", "..")) or normal.split("/", 1)[0] == "tests":
        abort(404)
    return send_from_directory(PLUGIN_DIR, normal)


@plugin_files.get("/table")
def tabletop() -> Response:
    """The standalone tabletop; its query string (world, credentials) goes along."""
    query = request.query_string.decode()
    return redirect("/plugin/standalone/index.html" + (f"?{query}" if query else ""))


def init_app(app) -> None:
    app.register_blueprint(plugin_files)
