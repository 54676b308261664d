"""The Foundry module installed from a machine other than the bridge's (plugin/README.md, Installing;
issue 39, item 5): Foundry's server fetches the manifest under a host name other than 127.0.0.1 (another
machine's name for this one, Docker's host.docker.internal), then the zip the manifest names, which must
be that same address; the module inside names it too. Without the setting that trusts the name, the refusal
the GM meets names that setting, and ``vtt-bridge web`` prints it at start.

Foundry's requests are sent as Foundry's server sends them to a name that resolves to this machine: to the
bridge's socket, with that name in ``Host``."""

from __future__ import annotations

import http.client
import io
import json
import subprocess
import zipfile
from urllib.parse import urlsplit

import pytest

from ..services import Bridge

FOUNDRY_SEES_US_AS = "bridge.lan"


def foundry_get(bridge: Bridge, url: str) -> tuple[int, bytes]:
    """GET ``url`` as Foundry's server does: its host name in ``Host``, the connection to this machine."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection("127.0.0.1", bridge.port, timeout=10)
    try:
        connection.request("GET", parts.path, headers={"Host": parts.netloc})
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


@pytest.fixture
def trusting_bridge(redis_server):
    web = Bridge(redis_server.url, extra_env={"VTT_BRIDGE_TRUSTED_HOSTS": FOUNDRY_SEES_US_AS})
    yield web
    web.stop()


def test_foundry_installs_the_module_from_another_host_name(trusting_bridge):
    manifest_url = f"http://{FOUNDRY_SEES_US_AS}:{trusting_bridge.port}/plugin/module.json"
    status, body = foundry_get(trusting_bridge, manifest_url)
    assert status == 200, body[:200]
    manifest = json.loads(body)
    assert manifest["manifest"] == manifest_url
    assert manifest["download"] == f"http://{FOUNDRY_SEES_US_AS}:{trusting_bridge.port}/plugin/vtt-bridge.zip"

    status, archive = foundry_get(trusting_bridge, manifest["download"])
    assert status == 200
    installed = zipfile.ZipFile(io.BytesIO(archive))
    module = json.loads(installed.read("vtt-bridge/module.json"))
    assert (module["id"], module["manifest"]) == ("vtt-bridge", manifest_url), "updates and the Bridge URL's default come from here"
    assert "vtt-bridge/scripts/main.js" in installed.namelist()


def test_an_untrusted_host_name_is_refused_with_the_setting_that_trusts_it(bridge):
    status, body = foundry_get(bridge, f"http://{FOUNDRY_SEES_US_AS}:{bridge.port}/plugin/module.json")
    assert status == 400
    assert b"VTT_BRIDGE_TRUSTED_HOSTS" in body and b"VTT_BRIDGE_PUBLIC_URL" in body
    assert FOUNDRY_SEES_US_AS.encode() not in body


def test_the_bridge_prints_the_manifest_url_and_the_settings_another_machine_needs(redis_server):
    web = Bridge(redis_server.url, stderr=subprocess.PIPE)
    try:
        web.stop()
        printed = web.process.stderr.read()
    finally:
        web.process.stderr.close()
    assert f"Foundry module manifest: http://127.0.0.1:{web.port}/plugin/module.json" in printed
    assert "VTT_BRIDGE_PUBLIC_URL=http://" in printed and "VTT_BRIDGE_HOST=0.0.0.0" in printed
    assert "VTT_BRIDGE_TRUSTED_HOSTS" in printed and "VTT_BRIDGE_CORS_ORIGINS" in printed


def test_with_a_public_url_the_manifest_names_it_and_nothing_more_is_printed(redis_server):
    public = "http://bridge.example.org:8765"
    web = Bridge(redis_server.url, extra_env={"VTT_BRIDGE_PUBLIC_URL": public}, stderr=subprocess.PIPE)
    try:
        status, body = foundry_get(web, f"http://127.0.0.1:{web.port}/plugin/module.json")
        web.stop()
        printed = web.process.stderr.read()
    finally:
        web.process.stderr.close()
    assert status == 200 and json.loads(body)["download"] == f"{public}/plugin/vtt-bridge.zip"
    assert f"Foundry module manifest: {public}/plugin/module.json" in printed
    assert "VTT_BRIDGE_HOST=0.0.0.0" not in printed
