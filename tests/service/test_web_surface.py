"""The bridge's HTTP surface attacked from outside with raw requests: the
plugin's tests under odd spellings of their path, forged ``Host`` headers,
an ``Origin`` that only matches its own ``Host``, and the headers every
page and file carries (issue 32, items 19-21)."""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

import pytest

TEST_FILE = "core.cards.test.js"
HANDSHAKE = "/socket.io/?EIO=4&transport=polling"


def fetch(bridge, path: str, **headers) -> tuple[int, dict, bytes]:
    """``GET path`` sent as written (no client-side normalising of dots or escapes)."""
    port = urlsplit(bridge.url).port
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_host="Host" in headers)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


def test_a_plugin_file_is_served_and_its_tests_are_not(bridge):
    assert fetch(bridge, "/plugin/core/cards.js")[0] == 200
    assert fetch(bridge, f"/plugin/tests/{TEST_FILE}")[0] == 404


@pytest.mark.parametrize("path", [
    f"/plugin/./tests/{TEST_FILE}",
    f"/plugin/core/../tests/{TEST_FILE}",
    f"/plugin/core/%2e%2e/tests/{TEST_FILE}",
    f"/plugin/core/%2E%2E/tests/{TEST_FILE}",
    f"/plugin/%2e/tests/{TEST_FILE}",
    f"/plugin/core/..%2ftests/{TEST_FILE}",
    f"/plugin/standalone/../../plugin/tests/{TEST_FILE}",
])
def test_the_plugins_tests_stay_hidden_however_the_path_is_spelled(bridge, path):
    status, _, body = fetch(bridge, path)
    assert status == 404, (path, body[:80])


def test_without_a_public_url_the_manifest_names_the_trusted_host_it_was_asked_at(bridge):
    """A forged ``Host`` is refused before (test below): only a host the bridge trusts is ever named."""
    port = urlsplit(bridge.url).port
    status, _, body = fetch(bridge, "/plugin/module.json", Host=f"localhost:{port}")
    assert status == 200
    manifest = json.loads(body)
    assert manifest["manifest"] == f"http://localhost:{port}/plugin/module.json"
    assert manifest["download"] == f"http://localhost:{port}/plugin/vtt-bridge.zip"


@pytest.mark.parametrize("path", ["/plugin/module.json", "/plugin/vtt-bridge.zip", "/table", HANDSHAKE, "/healthz"])
def test_a_host_the_bridge_does_not_trust_is_refused(bridge, path):
    port = urlsplit(bridge.url).port
    status, _, body = fetch(bridge, path, Host=f"rebound.attacker.example:{port}")
    assert status == 400
    assert b"attacker" not in body
    assert b"VTT_BRIDGE_TRUSTED_HOSTS" in body and b"VTT_BRIDGE_PUBLIC_URL" in body, "the refusal names the settings"


def test_an_origin_is_not_allowed_merely_for_matching_its_host(bridge):
    port = urlsplit(bridge.url).port
    own = fetch(bridge, HANDSHAKE, Host=f"localhost:{port}", Origin=f"http://localhost:{port}")
    assert own[0] == 400, own
    public = fetch(bridge, HANDSHAKE, Origin=f"http://127.0.0.1:{port}")
    assert public[0] == 200, public
    foundry = fetch(bridge, HANDSHAKE, Origin="http://localhost:30000")
    assert foundry[0] == 200, foundry


@pytest.mark.parametrize("path", ["/plugin/standalone/index.html", "/plugin/core/cards.js", "/plugin/module.json",
                                  f"/plugin/tests/{TEST_FILE}", "/table"])
def test_pages_and_plugin_files_carry_the_security_headers_and_no_server_version(bridge, path):
    """No ``Server`` header: gevent's server sends none (docs/protocol.md)."""
    _, headers, _ = fetch(bridge, path)
    policy = headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"
    assert "server" not in headers, headers
