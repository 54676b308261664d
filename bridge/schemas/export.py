"""JSON Schema (draft 2020-12) of the protocol, built from the marshmallow schemas.

apispec's MarshmallowPlugin converts each schema (OpenAPI 3.1 schema objects
are JSON Schema 2020-12); every file gets the schemas it refers to under
``$defs``. Cross-field rules written as ``@validates_schema`` hooks have no
field-level form, so ``CROSS_FIELD_RULES`` states each one in JSON Schema;
exporting a schema with a hook missing there is an error.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_cls, resolve_schema_instance
from marshmallow import INCLUDE, Schema

from ..protocol import PROTOCOL_VERSION
from ..systems import installed
from .catalog import CONNECT_AUTH, CONNECT_REFUSAL, ENVELOPES, PUSHES, REQUESTS, Shape
from .common import Visibility
from .pushes import Either
from .requests import CardOptions, ConnectCredentials
from .scenes import Picture

DIALECT = "https://json-schema.org/draft/2020-12/schema"
_COMPONENTS = "#/components/schemas/"
#: Description of a ``partial=True`` schema (named ``<Name>Patch``).
PATCH_DOC = "Any subset of these fields; those left out keep their values."

#: JSON Schema form of each ``@validates_schema`` hook, by hook function;
#: each rule system adds its own (``RuleSystem.cross_field_rules``).
CROSS_FIELD_RULES: dict[object, dict] = {
    **{hook: rule for system in installed().values() for hook, rule in system.cross_field_rules.items()},
    ConnectCredentials.one_credential: {"oneOf": [{"required": ["gm_key"]}, {"required": ["token"]}]},
    CardOptions.whisper_has_audience: {
        "if": {"properties": {"whisper_to": {"minItems": 1}}, "required": ["whisper_to"]},
        "then": {"properties": {"visibility": {"const": Visibility.WHISPER.value}}, "required": ["visibility"]},
    },
    # The upload's bytes (their type, their size once decoded) are checked by the bridge alone.
    Picture.one_image: {"oneOf": [
        {"required": ["url"], "not": {"anyOf": [{"required": ["media_type"]}, {"required": ["data"]}]}},
        {"required": ["media_type", "data"], "not": {"required": ["url"]}},
    ]},
}


def protocol_schemas() -> dict[str, dict]:
    """File name -> JSON Schema, for every request, result, push and envelope."""
    files: dict[str, tuple[str, Shape]] = {
        "connect.auth.json": ("connect: auth object", CONNECT_AUTH),
        "connect.error.json": ("connect: refusal (connect_error data)", CONNECT_REFUSAL),
    }
    for kind, shape in ENVELOPES.items():
        files[f"envelope.{kind}.json"] = (f"ack envelope: {kind}", shape)
    for request, spec in REQUESTS.items():
        files[f"request.{request}.json"] = (f"request: {request}", spec.schema)
        files[f"result.{request}.json"] = (f"result of {request}", spec.result)
    for system in installed().values():
        if system.state:
            files[f"state.{system.name}.json"] = (f"state document of the rule system {system.name}", system.state)
    for push, shape in PUSHES.items():
        files[f"push.{push.value}.json"] = (f"push: {push.value}", shape)

    exporter = _Exporter()
    roots = {name: exporter.root(shape) for name, (_, shape) in files.items()}
    components = exporter.components()
    return {name: _document(title, roots[name], components) for name, (title, _) in sorted(files.items())}


def render(schema: dict) -> str:
    """A schema file's exact text."""
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def write_schemas(out_dir: Path) -> list[Path]:
    """Write every schema to ``out_dir`` and delete stale ``*.json`` there."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    schemas = protocol_schemas()
    for stale in out_dir.glob("*.json"):
        if stale.name not in schemas:
            stale.unlink()
    written = []
    for name, schema in schemas.items():
        path = out_dir / name
        path.write_text(render(schema), encoding="utf-8")
        written.append(path)
    return written


class _Exporter:
    """One apispec spec holding every schema, named after its class."""

    def __init__(self):
        self.classes: dict[str, type[Schema]] = {}
        self.patches: set[str] = set()
        plugin = MarshmallowPlugin(schema_name_resolver=self._name)
        self.spec = APISpec("vtt-bridge protocol", str(PROTOCOL_VERSION), "3.1.0", plugins=[plugin])
        self.converter = plugin.converter
        self.converter.add_attribute_function(_either2properties)

    def _name(self, schema) -> str:
        cls = resolve_schema_cls(schema)
        name = cls.__name__.removesuffix("Schema")
        if resolve_schema_instance(schema).partial is True:
            name += "Patch"
            self.patches.add(name)
        if self.classes.setdefault(name, cls) is not cls:
            raise ValueError(f"two schemas export as {name!r}: {cls} and {self.classes[name]}")
        return name

    def root(self, shape: Shape) -> dict:
        if isinstance(shape, tuple):
            return {"oneOf": [self.converter.resolve_nested_schema(cls) for cls in shape]}
        return self.converter.resolve_nested_schema(shape)

    def components(self) -> dict[str, dict]:
        found = self.spec.to_dict()["components"]["schemas"]
        unnamed = found.keys() - self.classes.keys()
        if unnamed:
            raise ValueError(f"schemas exported under unexpected names: {sorted(unnamed)}")
        return {
            name: _with_docs_and_rules(schema, self.classes[name], PATCH_DOC if name in self.patches else None)
            for name, schema in found.items()
        }


def _either2properties(self, field, **_kwargs) -> dict:
    if isinstance(field, Either):
        null = [{"type": "null"}] if field.allow_none else []
        return {"oneOf": [*(self.resolve_nested_schema(cls) for cls in field.schemas), *null]}
    return {}


def _with_docs_and_rules(schema: dict, cls: type[Schema], doc: str | None = None) -> dict:
    schema = dict(schema)
    if cls.opts.unknown == INCLUDE:  # the table's records: a system's fields follow the table's
        schema["additionalProperties"] = True
    doc = doc or cls.__doc__
    if doc:
        schema["description"] = " ".join(doc.split()).replace("``", "`")
    rules = []
    for hook_name, *_ in cls._hooks.get("validates_schema", []):
        hook = getattr(cls, hook_name)
        if hook not in CROSS_FIELD_RULES:
            raise ValueError(f"{cls.__name__}.{hook_name} has no JSON Schema form: add it to CROSS_FIELD_RULES")
        rules.append(CROSS_FIELD_RULES[hook])
    if rules:
        schema["allOf"] = copy.deepcopy(rules)
    return schema


def _document(title: str, root: dict, components: dict[str, dict]) -> dict:
    """A standalone schema: ``root`` inlined, what it refers to under ``$defs``."""
    if "$ref" in root:
        root = components[_ref_name(root["$ref"])]
    needed = _referenced(root, components)
    document = {"$schema": DIALECT, "title": title, **_rewrite(root)}
    if needed:
        document["$defs"] = {name: _rewrite(components[name]) for name in sorted(needed)}
    return document


def _referenced(node, components: dict[str, dict]) -> set[str]:
    found: set[str] = set()
    pending = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, dict):
            if "$ref" in current and (name := _ref_name(current["$ref"])) not in found:
                found.add(name)
                pending.append(components[name])
            pending.extend(value for key, value in current.items() if key != "$ref")
        elif isinstance(current, list):
            pending.extend(current)
    return found


def _ref_name(ref: str) -> str:
    if not ref.startswith(_COMPONENTS):
        raise ValueError(f"unexpected $ref {ref!r}")
    return ref.removeprefix(_COMPONENTS)


#: An object's length bounds as apispec writes them (marshmallow's ``Length`` on a ``Dict``), and as JSON Schema counts them.
_OBJECT_BOUNDS = {"minLength": "minProperties", "maxLength": "maxProperties"}


def _rewrite(node):
    """``#/components/schemas/X`` refs become ``#/$defs/X``; an object's length bounds become property counts."""
    if isinstance(node, dict):
        bounds = _OBJECT_BOUNDS if node.get("type") == "object" else {}
        return {
            bounds.get(key, key): "#/$defs/" + _ref_name(value) if key == "$ref" else _rewrite(value)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_rewrite(item) for item in node]
    return node


def schema_document(title: str, shape: Shape) -> dict:
    """One standalone JSON Schema of ``shape`` (a macro's arguments, say)."""
    exporter = _Exporter()
    root = exporter.root(shape)
    return _document(title, root, exporter.components())
