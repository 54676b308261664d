"""Field types, enums and the schema base shared by request and push schemas."""

from __future__ import annotations

from enum import Enum

from marshmallow import EXCLUDE, INCLUDE, RAISE, Schema, ValidationError, fields, validate
from marshmallow.decorators import POST_LOAD, PRE_LOAD, VALIDATES, VALIDATES_SCHEMA
from marshmallow.error_store import ErrorStore
from marshmallow.utils import is_collection, missing, set_value

#: Ids (request, user, actor, world): what Foundry's ids and slugs look like.
IDENTIFIER_PATTERN = r"^[A-Za-z0-9._:-]{1,64}$"

#: ``Field`` methods whose overriding sends a field through its own ``deserialize``.
_DESERIALIZING = ("deserialize", "_validate", "_validate_all", "_validate_missing")


class Inbound(Schema):
    """A schema of what clients send: every request and each object it nests.

    It loads a JSON object to the same values and the same errors, under the
    same keys and in the same order, as marshmallow's ``Schema``, for about a
    third of the instructions. What marshmallow works out on every load is
    worked out once per schema (``_planned``): each field's key, attribute,
    default and loader, the keys the unknown-field check compares with, the
    schema's hooks. A field's loader (``_loader``) does what
    ``Field.deserialize`` does with a given value: it calls the validators one
    by one (``Field`` builds a ``validate.And`` of them on every call; one is
    built once, to gather a failure's messages); a nested ``Inbound`` object
    is loaded by ``_load_object``, ``Schema._do_load`` for one object without
    its generic bookkeeping; a list's items by their own loader; an enum by
    value, a ``str`` or an ``int`` take a shortcut to what their field gives.
    ``many``, ``partial``, data that is not a dict, a ``@pre_load`` hook and a
    field with processors or its own checks take marshmallow's path.
    ``Schema._deserialize`` and ``_do_load`` are private: pyproject pins
    marshmallow's minor version for this override."""

    #: ``(load_fields, steps (see ``_step``), data keys, schema checks, @pre_load?, @validates?, @post_load?)``,
    #: built on the first load.
    _plan: tuple | None = None

    def _planned(self) -> tuple:
        """The plan of ``self.load_fields``, made now."""
        steps = tuple(_step(name, field) for name, field in self.load_fields.items())
        hooks = self._hooks
        checks = tuple(  # as ``Schema._invoke_schema_validators`` calls them on one object
            (name, options["skip_on_field_errors"], options.get("pass_original", False))
            for collection in (True, False)
            for name, pass_collection, options in hooks[VALIDATES_SCHEMA]
            if pass_collection == collection
        )
        keys = frozenset(step[0] for step in steps)
        hooked = bool(hooks[PRE_LOAD]), bool(hooks[VALIDATES]), bool(hooks[POST_LOAD])
        self._plan = (self.load_fields, steps, keys, checks, *hooked)
        return self._plan

    def _do_load(self, data, *, many=None, partial=None, unknown=None, postprocess=True):
        if many is None and partial is None and postprocess:
            return self._load_object(data, unknown)
        return super()._do_load(data, many=many, partial=partial, unknown=unknown, postprocess=postprocess)

    def _load_object(self, data, unknown):
        """``Schema._do_load`` of one object: the same hooks, in the same order, on the same values."""
        plan = self._plan
        if plan is None or plan[0] is not self.load_fields:  # a Nested's copy re-initializes its fields
            plan = self._planned()
        _, _, _, checks, pre_load, validates, post_load = plan
        if self.many or self.partial is not None or type(data) is not dict or pre_load:
            return super()._do_load(data, unknown=unknown)
        unknown = self.unknown if unknown is None else unknown
        error_store = ErrorStore()
        result = self._load_fields(plan, data, error_store, unknown, None)
        if validates:
            self._invoke_field_validators(error_store=error_store, data=result, many=False)
        if checks:
            field_errors = bool(error_store.errors)
            for name, skip_on_field_errors, pass_original in checks:
                if field_errors and skip_on_field_errors:
                    continue
                validator = getattr(self, name)
                try:
                    if pass_original:
                        validator(result, data, partial=None, many=False, unknown=unknown)
                    else:
                        validator(result, partial=None, many=False, unknown=unknown)
                except ValidationError:  # again, for marshmallow to store its messages under their key
                    self._run_validator(
                        validator, result, original_data=data, error_store=error_store, many=False,
                        partial=None, unknown=unknown, pass_original=pass_original,
                    )
        errors = error_store.errors
        if not errors and post_load:
            try:
                result = self._invoke_load_processors(
                    POST_LOAD, result, many=False, original_data=data, partial=None, unknown=unknown
                )
            except ValidationError as invalid:
                errors = invalid.normalized_messages()
        if errors:
            invalid = ValidationError(errors, data=data, valid_data=result)
            self.handle_error(invalid, data, many=False, partial=None)
            raise invalid
        return result

    def _deserialize(self, data, *, error_store, many=False, partial=None, unknown=RAISE, index=None):
        if many or partial is not None or type(data) is not dict:
            return super()._deserialize(
                data, error_store=error_store, many=many, partial=partial, unknown=unknown, index=index
            )
        plan = self._plan
        if plan is None or plan[0] is not self.load_fields:
            plan = self._planned()
        return self._load_fields(plan, data, error_store, unknown, index if self.opts.index_errors else None)

    def _load_fields(self, plan, data: dict, error_store, unknown, index):
        """``Schema._deserialize`` of a dict, without ``partial``."""
        loaded = self.dict_class()
        for key, attribute, dotted, load, required, default, fresh in plan[1]:
            if key in data or required:
                try:
                    value = load(data.get(key, missing), key, data)
                except ValidationError as error:
                    error_store.store_error(error.messages, key, index=index)
                    value = error.valid_data or missing
            elif fresh:
                value = default()
            else:
                value = default
            if value is missing:
                continue
            if dotted:
                set_value(loaded, attribute, value)
            else:
                loaded[attribute] = value
        known = plan[2]
        if unknown != EXCLUDE and not known.issuperset(data):
            for key in set(data) - known:
                if unknown == INCLUDE:
                    loaded[key] = data[key]
                elif unknown == RAISE:
                    error_store.store_error([self.error_messages["unknown"]], key, index)
        return loaded


def _step(name: str, field: fields.Field) -> tuple:
    """How a schema loads ``field``: ``(data key, attribute, dotted, loader, required, load_default, callable)``."""
    attribute = field.attribute or name
    key = field.data_key if field.data_key is not None else name
    default = field.load_default
    return key, attribute, "." in attribute, _loader(field), field.required, default, callable(default)


def _loader(field: fields.Field):
    """``field.deserialize``, worked out once: a given value goes through
    ``_content`` and the validators, one by one; ``None`` and a missing value
    through ``field.deserialize`` itself. A field with processors or its own
    checks keeps its ``deserialize``."""
    kind = type(field)
    overridden = any(getattr(kind, name) is not getattr(fields.Field, name) for name in _DESERIALIZING)
    if field.pre_load or field.post_load or overridden:
        return field.deserialize
    content = _content(field)
    validators = tuple(field.validators)
    check = validate.And(*validators)

    def deserialize(value, attr, data):
        if value is None or value is missing:
            return field.deserialize(value, attr, data)  # None, or the null or required error
        output = content(value, attr, data)
        try:
            for validator in validators:
                validator(output)
        except ValidationError:
            check(output)  # again, for every validator's messages as ``Field._validate`` gathers them
            raise
        return output

    return deserialize


def _content(field: fields.Field):
    """``field._deserialize``, or what it gives by a shorter way: a nested
    ``Inbound`` object's ``_load_object``, a list's items by their own
    loader, an enum's member by value, a ``str`` or an ``int`` as it is."""
    kind = type(field)
    if kind is fields.Nested:
        schema = field.schema
        if isinstance(schema, Inbound) and not (schema.many or field.many):
            return lambda value, attr, data: schema._load_object(value, field.unknown)
    if kind is fields.List:
        return _each(field, _loader(field.inner))
    if kind is fields.Enum and field.by_value:
        return _member(field)
    given, convert = _unchanged(field), field._deserialize
    if given is not None:
        return lambda value, attr, data: value if type(value) is given else convert(value, attr, data)
    return convert


def _unchanged(field: fields.Field) -> type | None:
    """The type of value ``field._deserialize`` gives back as it is: a ``String``'s ``str``
    (``str(value)``), an ``Integer``'s ``int`` (``int(value)``)."""
    if type(field)._deserialize is fields.String._deserialize:
        return str
    if type(field) is fields.Integer:
        return int
    return None


def _member(field: fields.Enum):
    """``fields.Enum._deserialize`` by value, looking the value up in the enum's own map first."""
    members, value_of = field.enum._value2member_map_, field.field._deserialize

    def deserialize(value, attr, data):
        try:
            return members[value_of(value, attr, data)]
        except (KeyError, TypeError, ValidationError):
            return field._deserialize(value, attr, data)  # a member itself, or the enum's own lookup and errors

    return deserialize


def _each(field: fields.List, load):
    """``fields.List._deserialize`` with ``load`` for its items."""

    def deserialize(value, attr, data):
        if type(value) is not list and not is_collection(value):
            raise field.make_error("invalid")
        result, errors = [], {}
        for index, each in enumerate(value):
            try:
                result.append(load(each, None, None))
            except ValidationError as error:
                if error.valid_data is not None:
                    result.append(error.valid_data)
                errors[index] = error.messages
        if errors:
            raise ValidationError(errors, valid_data=result)
        return result

    return deserialize


class Identifier(fields.String):
    """A client-chosen id: 1-64 letters, digits, ``.``, ``_``, ``:`` or ``-``."""

    def __init__(self, **kwargs):
        pattern = validate.Regexp(IDENTIFIER_PATTERN, error="must be 1-64 of A-Z a-z 0-9 . _ : -")
        super().__init__(validate=[pattern, _single_line], **kwargs)


def _single_line(value: str) -> None:
    """``$`` in a Python regex lets a trailing newline through; JSON Schema's does not."""
    if "\n" in value:
        raise ValidationError("must be 1-64 of A-Z a-z 0-9 . _ : -")


class Visibility(str, Enum):
    """Who sees a roll's result."""

    PUBLIC = "public"    # everyone at the table
    BLIND = "blind"      # the GM only; the roller learns that it was rolled
    WHISPER = "whisper"  # the roller, the GM and the users in ``whisper_to``
