"""The shapes of a scene's pictures (docs/protocol.md, Scenes): a map background
and token images, each an image's http(s) address or an image uploaded to the
bridge (PNG, JPEG, GIF or WebP, base64, within a size limit)."""

from __future__ import annotations

import base64
import binascii

from marshmallow import ValidationError, fields, validate, validates_schema

from .common import Identifier, Inbound
from .pushes import Out
from .requests import RequestSchema

#: The first bytes of each image type the bridge keeps: an upload must be what it says.
IMAGE_SIGNATURES = {
    "image/png": b"\x89PNG\r\n\x1a\n",
    "image/jpeg": b"\xff\xd8\xff",
    "image/gif": b"GIF8",
    "image/webp": b"RIFF",
}
#: Bytes an uploaded map background may hold (its base64 fits one Socket.IO message).
BACKGROUND_BYTES_MAX = 600_000
#: Bytes an uploaded token image may hold.
TOKEN_IMAGE_BYTES_MAX = 100_000
#: Characters of an image's address.
URL_MAX_CHARS = 2000
#: Token images one scene keeps.
TOKEN_IMAGES_MAX = 200


class Picture(Inbound):
    """An image: its ``url`` (http or https), or an upload, ``media_type`` and
    its bytes as base64 ``data``, at most ``bytes_max`` bytes."""

    bytes_max = BACKGROUND_BYTES_MAX

    url = fields.Url(schemes={"http", "https"}, validate=[
        validate.Length(max=URL_MAX_CHARS), validate.Regexp(r"^https?://[^\s]+$", error="an http:// or https:// address")])
    media_type = fields.String(validate=validate.OneOf(sorted(IMAGE_SIGNATURES)))
    data = fields.String(validate=validate.Length(
        min=1, max=BACKGROUND_BYTES_MAX * 4 // 3 + 4, error=f"an image here may hold at most {BACKGROUND_BYTES_MAX // 1000} kB"))

    @validates_schema
    def one_image(self, data, **_):
        upload = "media_type" in data or "data" in data
        if ("url" in data) == upload:
            raise ValidationError("give an image's url, or an upload's media_type and data", "url")
        if not upload:
            return
        if "media_type" not in data or "data" not in data:
            missing = "media_type" if "media_type" not in data else "data"
            raise ValidationError("an upload gives its media_type and its data", missing)
        try:
            image = base64.b64decode(data["data"], validate=True)
        except (binascii.Error, ValueError):
            raise ValidationError("must be the image's bytes in base64", "data") from None
        if len(image) > self.bytes_max:
            raise ValidationError(f"an image here may hold at most {self.bytes_max // 1000} kB; this one holds {len(image) // 1000} kB", "data")
        if not image.startswith(IMAGE_SIGNATURES[data["media_type"]]):
            raise ValidationError(f"these bytes are not a {data['media_type']} image", "data")


class TokenPicture(Picture):
    """A token's image: as a picture, smaller."""

    bytes_max = TOKEN_IMAGE_BYTES_MAX

    data = fields.String(validate=validate.Length(
        min=1, max=TOKEN_IMAGE_BYTES_MAX * 4 // 3 + 4, error=f"an image here may hold at most {TOKEN_IMAGE_BYTES_MAX // 1000} kB"))


class SceneGetRequest(RequestSchema):
    scene_id = Identifier(required=True)


class SceneBackgroundRequest(RequestSchema):
    """The scene's map background; ``picture`` null takes it away."""

    scene_id = Identifier(required=True)
    picture = fields.Nested(Picture, required=True, allow_none=True)


class SceneTokenImageRequest(RequestSchema):
    """A tracked token's image in the scene; ``picture`` null takes it away."""

    scene_id = Identifier(required=True)
    token_id = Identifier(required=True)
    picture = fields.Nested(TokenPicture, required=True, allow_none=True)


class Shown(Out):
    """An image as pages show it: its address, or an upload as a ``data:`` URL."""

    url = fields.String(required=True)


class SceneView(Out):
    """A scene's pictures: its map background (null: the plain grid) and its tokens' images by token id."""

    scene_id = Identifier(required=True)
    background = fields.Nested(Shown, required=True, allow_none=True)
    token_images = fields.Dict(keys=Identifier(), values=fields.Nested(Shown), required=True)
