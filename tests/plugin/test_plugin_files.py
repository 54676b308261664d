"""The bridge serves the plugin: the manifest with its public URL, the
module's zip built from the plugin's folder, the plugin's files but not its
tests, and the standalone tabletop at /table."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from bridge.app import create_app
from bridge.config import Config
from bridge.transport import plugin_files

MANIFEST = {"id": "vtt-bridge", "title": "VTT Bridge", "version": "0.1.0", "esmodules": ["scripts/main.js"]}


@pytest.fixture
def web(redis_server, tmp_path, monkeypatch):
    """A test client of the app, its plugin folder a small stand-in."""
    for path, text in {
        "module.json": json.dumps(MANIFEST),
        "scripts/main.js": "export {};",
        "core/cards.js": "export const cardHTML = () => '';",
        "standalone/index.html": "<!doctype html><title>table</title>",
        "README.md": "# VTT Bridge",
        "CHANGELOG.md": "# Changes",
        "tests/core.cards.test.js": "// not served",
    }.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    monkeypatch.setattr(plugin_files, "PLUGIN_DIR", tmp_path)
    plugin_files._module_zip.cache_clear()
    config = Config(redis_url=redis_server.url, public_url="https://bridge.example:8765", port=8765)
    return create_app(config).test_client()


def test_the_manifest_points_at_the_configured_public_url(web):
    served = web.get("/plugin/module.json", base_url="http://127.0.0.1:8765").get_json()
    assert served == {
        **MANIFEST,
        "manifest": "https://bridge.example:8765/plugin/module.json",
        "download": "https://bridge.example:8765/plugin/vtt-bridge.zip",
        "url": "https://bridge.example:8765/plugin/README.md",
        "bugs": "https://bridge.example:8765/plugin/README.md",
        "readme": "https://bridge.example:8765/plugin/README.md",
        "changelog": "https://bridge.example:8765/plugin/CHANGELOG.md",
    }
    for field, text in (("readme", b"# VTT Bridge"), ("changelog", b"# Changes")):
        assert web.get(served[field].removeprefix("https://bridge.example:8765")).data == text


def test_the_zip_holds_the_module_under_its_id_and_nothing_else(web):
    answer = web.get("/plugin/vtt-bridge.zip", base_url="http://127.0.0.1:8765")
    archive = zipfile.ZipFile(io.BytesIO(answer.data))
    assert sorted(archive.namelist()) == ["vtt-bridge/core/cards.js", "vtt-bridge/module.json", "vtt-bridge/scripts/main.js"]
    assert json.loads(archive.read("vtt-bridge/module.json"))["download"] == "https://bridge.example:8765/plugin/vtt-bridge.zip"


def test_plugin_files_are_served_but_not_its_tests(web):
    assert web.get("/plugin/core/cards.js").data == b"export const cardHTML = () => '';"
    assert web.get("/plugin/tests/core.cards.test.js").status_code == 404
    assert web.get("/plugin/../bridge/app.py").status_code == 404


def test_table_opens_the_standalone_page(web):
    answer = web.get("/table?world=w1")
    assert answer.status_code == 302 and answer.headers["Location"] == "/plugin/standalone/index.html?world=w1"
    assert web.get("/plugin/standalone/index.html").data.startswith(b"<!doctype html>")
