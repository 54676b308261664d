"""What docs/systems/README.md's checklist asks of every request, enforced:
a protocol name, a catalog entry, a handler on the app, an exported schema
in docs/schemas, a mention in the docs; and every rule system laid out the
same way (``events`` and ``schemas`` beside its ``SYSTEM``)."""

from __future__ import annotations

import importlib
import pathlib

import pytest

from bridge.app import create_app
from bridge.config import Config
from bridge.protocol import Request
from bridge.schemas.catalog import REQUESTS
from bridge.systems import installed

ROOT = pathlib.Path(__file__).resolve().parents[2]
OWN_SYSTEMS = ("moment_of_truth", "two_d20", "moment_of_clarity", "highest_d10")


def docs_of(system) -> str:
    """The text a system's requests must be named in: the protocol, and the system's own reference."""
    reference = ROOT / system.docs
    pages = reference.parent.glob("*.md") if reference.name == "README.md" else [reference]
    return (ROOT / "docs/protocol.md").read_text() + "".join(page.read_text() for page in pages)


@pytest.fixture(scope="module")
def registered(redis_server):
    """The events the real app registers a handler for."""
    app = create_app(Config(redis_url=redis_server.url, port=8765), async_mode="threading")
    return set(app.extensions["socketio"].server.handlers["/"])


def test_every_protocol_request_has_a_catalog_entry():
    assert {request.value for request in Request} - set(REQUESTS) == set()


@pytest.mark.parametrize("event", sorted(REQUESTS))
def test_every_request_has_a_handler_on_the_app(registered, event):
    assert event in registered


@pytest.mark.parametrize("event", sorted(REQUESTS))
def test_every_request_has_exported_schemas(event):
    for kind in ("request", "result"):
        assert (ROOT / "docs/schemas" / f"{kind}.{event}.json").is_file(), f"run `vtt-bridge schemas` for {event}"


@pytest.mark.parametrize("name", OWN_SYSTEMS)
def test_every_system_request_is_named_in_its_docs(name):
    system = installed()[name]
    text = docs_of(system)
    assert {event for event in system.events() if f"`{event}`" not in text} == set()


def test_every_bridge_request_is_named_in_the_protocol():
    own = set(REQUESTS).difference(*(system.events() for system in installed().values()))
    text = (ROOT / "docs/protocol.md").read_text()
    assert own and {event for event in own if f"`{event}`" not in text} == set()


@pytest.mark.parametrize("name", OWN_SYSTEMS)
def test_every_system_is_laid_out_alike(name):
    """``bridge/systems/<name>/``: the ``SYSTEM``, its ``events`` (handlers) and ``schemas``."""
    package = f"bridge.systems.{name}"
    assert importlib.import_module(package).SYSTEM is installed()[name]
    assert (ROOT / "bridge/systems" / name / "__init__.py").is_file()
    for part in ("events", "schemas"):
        assert importlib.util.find_spec(f"{package}.{part}") is not None, f"{package}.{part}"
    schemas = importlib.import_module(f"{package}.schemas")
    assert schemas.CARDS.items() <= installed()[name].cards.items()
    assert schemas.REQUESTS.items() <= installed()[name].requests.items()
