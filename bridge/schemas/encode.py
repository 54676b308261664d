"""Rules values written in the shape of their output schema, for the wire and the store.

A result's shape is written once, as a marshmallow output schema; the JSON
Schemas are exported from it (``export.py``). ``dump(Schema, value)`` writes
a rules value as that schema says, reading its attributes as marshmallow's
``Schema.dump`` does: each field's ``attribute`` (dotted paths too) or its
name, under its ``data_key``. marshmallow's own dump takes about ten times
a hand-written dict's time, which an attack card cannot afford, so each
schema's fields are turned once into one Python function of plain attribute
reads and dict displays (the way ``dataclasses`` and cattrs make their
methods). ``tests/core/test_encode.py`` holds it to ``Schema.dump``.

What each field writes:
- ``Nested`` (``many`` too) and ``List``/``Dict`` of them: the nested schema's dump;
  ``Pluck``: that dump's one field (``Nested``'s ``only`` and ``exclude``, and ``Tuple``, are refused);
- ``Enum``: the member's value (``by_value``) or its name;
- ``List``: a new list; ``Dict``: a new dict, keys through the key field;
- ``Method``/``Function``: what the schema's method or the function returns;
- ``Constant``: its constant; a field with ``dump_default``: the attribute, else the default;
- any other field: the attribute as it is (rules values hold JSON's types).

A field that is not ``required`` is left out when the value lacks the
attribute (marshmallow's "missing"); ``allow_none`` fields write None as None.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import Schema, fields
from marshmallow.utils import missing

_dumpers: dict[type[Schema], Callable[[Any], dict]] = {}


def dump(schema: type[Schema], value: Any) -> dict:
    """``value`` in ``schema``'s shape."""
    write = _dumpers.get(schema) or dumper(schema)
    return write(value)


def dump_many(schema: type[Schema], values) -> list[dict]:
    write = dumper(schema)
    return [write(value) for value in values]


def dumper(schema: type[Schema]) -> Callable[[Any], dict]:
    """The function that writes a value in ``schema``'s shape, made once per schema."""
    try:
        return _dumpers[schema]
    except KeyError:
        pass
    # Registered before it is built, so that a schema nesting itself refers to it.
    namespace: dict[str, Any] = {"_missing": missing}
    _dumpers[schema] = lambda value: namespace["dump"](value)
    try:
        _dumpers[schema] = _build(schema, namespace)
    except BaseException:
        del _dumpers[schema]
        raise
    return _dumpers[schema]


class _Source:
    """The names the generated function refers to (nested dumpers, defaults, methods)."""

    def __init__(self, namespace: dict[str, Any]):
        self.namespace = namespace

    def bind(self, obj: Any) -> str:
        name = f"_n{len(self.namespace)}"
        self.namespace[name] = obj
        return name


def _build(schema: type[Schema], namespace: dict[str, Any]) -> Callable[[Any], dict]:
    instance = schema()
    source = _Source(namespace)
    required, optional = [], []
    for name, field in instance.dump_fields.items():
        key = field.data_key or name
        if isinstance(field, (fields.Method, fields.Function, fields.Constant)):
            required.append(f"{key!r}: {_computed(field, instance, source)}")
            continue
        attribute = field.attribute or name
        if field.dump_default is not missing:
            default = source.bind(field.dump_default)
            read = f"getattr(value, {attribute!r}, {default})" if "." not in attribute else f"value.{attribute}"
            required.append(f"{key!r}: {_write(field, read, source, 'v0')}")
        elif field.required:
            required.append(f"{key!r}: {_write(field, 'value.' + attribute, source, 'v0')}")
        else:
            optional.append((key, attribute, field))
    display = f"{{{', '.join(required)}}}"
    lines = ["def dump(value):", f"    out = {display}" if optional else f"    return {display}"]
    for key, attribute, field in optional:
        lines.append(f"    found = {_read_or_missing(attribute)}")
        lines.append(f"    if found is not _missing: out[{key!r}] = {_write(field, 'found', source, 'v0')}")
    if optional:
        lines.append("    return out")
    exec("\n".join(lines), namespace)  # noqa: S102 - text made above from the schema's own fields
    return namespace["dump"]


def _read_or_missing(attribute: str) -> str:
    head, *rest = attribute.split(".")
    read = f"getattr(value, {head!r}, _missing)"
    for part in rest:
        read = f"getattr({read}, {part!r}, _missing)"
    return read


def _computed(field: fields.Field, instance: Schema, source: _Source) -> str:
    if isinstance(field, fields.Constant):
        return source.bind(field.constant)
    if isinstance(field, fields.Method):
        return f"{source.bind(getattr(instance, field.serialize_method_name))}(value)"
    return f"{source.bind(field.serialize_func)}(value)"


def _write(field: fields.Field, read: str, source: _Source, var: str) -> str:
    """An expression writing ``read`` as ``field`` says."""
    inner = _converter(field, source, var)
    if inner is None:
        return read
    if field.allow_none:
        return f"(None if ({var} := {read}) is None else {inner.format(var)})"
    return inner.format(read)


def _converter(field: fields.Field, source: _Source, var: str) -> str | None:
    """A format string of ``{0}`` writing a value as ``field`` says; None: the value as it is."""
    if isinstance(field, fields.Nested):
        if not isinstance(field, fields.Pluck) and (field.only or field.exclude):
            raise TypeError(f"{field!r}: a nested schema's only and exclude are not written by schemas.encode")
        nested = type(field.schema)
        write = source.bind(dumper(nested))
        if isinstance(field, fields.Pluck):
            plucked = nested().fields[field.field_name]
            write = f"{write}({{0}})[{(plucked.data_key or field.field_name)!r}]"
        else:
            write = f"{write}({{0}})"
        return f"[{write.format('item')} for item in {{0}}]" if field.many else write
    if isinstance(field, fields.Enum):
        return "{0}._value_" if field.by_value else "{0}._name_"
    if isinstance(field, fields.List):
        item = _deeper(var)
        inner = _converter(field.inner, source, item)
        if inner is None:
            return "list({0})"
        return f"[{_none_guard(field.inner, inner, item)} for {item} in {{0}}]"
    if isinstance(field, fields.Tuple):
        raise TypeError(f"{field!r}: Tuple fields are not written by schemas.encode")
    if isinstance(field, fields.Dict):
        keys = _converter(field.key_field, source, "k") if field.key_field else None
        values = _converter(field.value_field, source, "v") if field.value_field else None
        if keys is None and values is None:
            return "dict({0})"
        return f"{{{{{(keys or '{0}').format('k')}: {(values or '{0}').format('v')} for k, v in {{0}}.items()}}}}"
    return None


def _none_guard(field: fields.Field, inner: str, var: str) -> str:
    return f"(None if {var} is None else {inner.format(var)})" if field.allow_none else inner.format(var)


def _deeper(var: str) -> str:
    return f"v{int(var[1:]) + 1}"
