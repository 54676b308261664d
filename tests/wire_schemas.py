"""The exported JSON Schemas as test oracles: every payload a test sees can
be checked against the file a plugin author reads."""

from __future__ import annotations

import copy
from pathlib import Path

from jsonschema import Draft202012Validator

from bridge.schemas.export import DIALECT, protocol_schemas

SCHEMA_DIR = Path(__file__).resolve().parent.parent / "docs" / "schemas"
SCHEMAS = protocol_schemas()


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(SCHEMAS[name])


def definition(name: str, definition_name: str) -> Draft202012Validator:
    """A validator for one ``$defs`` entry of an exported file, unknown fields refused."""
    document = closed(SCHEMAS[name])
    return Draft202012Validator({"$schema": DIALECT, "$defs": document["$defs"], "$ref": f"#/$defs/{definition_name}"})


def closed(schema):
    """``schema`` with unknown properties refused, to catch fields the schemas miss."""
    schema = copy.deepcopy(schema)
    pending = [schema]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            if node.get("type") == "object" and "properties" in node:
                node.setdefault("additionalProperties", False)
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return schema


def assert_valid(name: str, payload, strict: bool = True) -> None:
    """``payload`` matches schema file ``name``; ``strict``: and has no field it does not list."""
    schema = closed(SCHEMAS[name]) if strict else SCHEMAS[name]
    errors = [message for error in Draft202012Validator(schema).iter_errors(payload) for message in _messages(error)]
    assert not errors, f"{name} refuses the payload: {errors}"


def ok(client, event: str, **request) -> dict:
    """The answer's result, the request accepted and the result as ``result.<event>.json`` lists it."""
    answer = client.request(event, **request)
    assert answer["ok"], answer
    assert_valid(f"result.{event}.json", answer["result"])
    return answer["result"]


def _messages(error) -> list[str]:
    """The innermost reasons, so a failed ``oneOf`` says what each branch missed."""
    if error.context:
        return [message for inner in error.context for message in _messages(inner)]
    return [f"{'/'.join(map(str, error.absolute_path))}: {error.message[:200]}"]
