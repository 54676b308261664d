"""Field types, enums and the schema base shared by request and push schemas."""

from __future__ import annotations

from enum import Enum

from marshmallow import EXCLUDE, INCLUDE, RAISE, Schema, ValidationError, fields, validate
from marshmallow.utils import missing, set_value

#: Ids (request, user, actor, world): what Foundry's ids and slugs look like.
IDENTIFIER_PATTERN = r"^[A-Za-z0-9._:-]{1,64}$"


class Inbound(Schema):
    """A schema of what clients send: every request and each object it nests.

    It loads a JSON object to the same values and the same errors, under the
    same keys, as marshmallow's ``Schema``, for about 60% of the instructions:
    each field's key, and the set of keys the unknown-field check compares
    with, are worked out once per schema instead of on every load; each field
    is called directly (marshmallow builds a closure and makes two calls per
    field, for partial loading); a missing field that is not required takes its
    ``load_default`` as ``Field.deserialize`` would give it, without the call.
    ``many``, ``partial`` and data that is not a dict take marshmallow's own
    path. ``Schema._deserialize`` is private: pyproject pins marshmallow's
    minor version for this override."""

    #: ``(load_fields, ((data key, attribute, field), ...), data keys)``, built on the first load.
    _plan: tuple | None = None

    def _deserialize(self, data, *, error_store, many=False, partial=None, unknown=RAISE, index=None):
        if many or partial is not None or type(data) is not dict:
            return super()._deserialize(
                data, error_store=error_store, many=many, partial=partial, unknown=unknown, index=index
            )
        plan = self._plan
        if plan is None or plan[0] is not self.load_fields:  # a Nested's copy re-initializes its fields
            keyed = tuple(
                (field.data_key if field.data_key is not None else name, field.attribute or name, field)
                for name, field in self.load_fields.items()
            )
            plan = self._plan = (self.load_fields, keyed, {key for key, _, _ in keyed})
        index = index if self.opts.index_errors else None
        loaded = self.dict_class()
        for key, attribute, field in plan[1]:
            value = data.get(key, missing)
            if value is missing and not field.required:
                value = field.load_default() if callable(field.load_default) else field.load_default
            else:
                try:
                    value = field.deserialize(value, key, data)
                except ValidationError as error:
                    error_store.store_error(error.messages, key, index=index)
                    value = error.valid_data or missing
            if value is not missing:
                set_value(loaded, attribute, value)
        if unknown != EXCLUDE:
            for key in set(data) - plan[2]:
                if unknown == INCLUDE:
                    loaded[key] = data[key]
                elif unknown == RAISE:
                    error_store.store_error([self.error_messages["unknown"]], key, index)
        return loaded


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
