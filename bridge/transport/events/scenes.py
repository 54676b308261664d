"""A scene's pictures (docs/protocol.md, Scenes): the map background the GM
sets and each token's image, kept by the bridge so every page of the world
shows the same ones; every change is pushed as ``scene.changed``."""

from __future__ import annotations

from ...protocol import ErrorCode, Push, Request, RequestError
from ...schemas.scenes import TOKEN_IMAGES_MAX
from ..handling import handles
from ..rooms import world_room


def get_scene(work, scene_request: dict) -> dict:
    return scene_of(work, scene_request["scene_id"])


def set_background(work, background_request: dict) -> dict:
    """The GM's map background for the scene, or none."""
    scene = scene_of(work, background_request["scene_id"])
    scene["background"] = shown(background_request["picture"])
    return _saved(work, scene)


def set_token_image(work, image_request: dict) -> dict:
    """A tracked token's image in the scene, or none (the token's name on a disc)."""
    token_id = image_request["token_id"]
    if not work.tokens([token_id]):
        message = "no tracked token has this id: register it first"
        raise RequestError(ErrorCode.NOT_TRACKED, message, {"token_id": [message]})
    scene = scene_of(work, image_request["scene_id"])
    images = scene["token_images"]
    images.pop(token_id, None)
    if image_request["picture"] is not None:
        if len(images) >= TOKEN_IMAGES_MAX:
            message = f"a scene keeps at most {TOKEN_IMAGES_MAX} token images: take one away first"
            raise RequestError(ErrorCode.INVALID, message, {"token_id": [message]})
        images[token_id] = shown(image_request["picture"])
    return _saved(work, scene)


def scene_of(work, scene_id: str) -> dict:
    """The scene's pictures as kept, or a scene without any."""
    return work.store.scene(work.world_id, scene_id) or {"scene_id": scene_id, "background": None, "token_images": {}}


def shown(picture: dict | None) -> dict | None:
    """A picture as pages show it: its address, or its upload as a ``data:`` URL."""
    if picture is None:
        return None
    if "url" in picture:
        return {"url": picture["url"]}
    return {"url": f"data:{picture['media_type']};base64,{picture['data']}"}


def _saved(work, scene: dict) -> dict:
    work.store.save_scene(work.world_id, scene["scene_id"], scene)
    work.emit(Push.SCENE_CHANGED.value, scene, to=world_room(work.world_id))
    return scene


def init_app(app) -> None:
    handles(app, Request.SCENE_GET)(get_scene)
    handles(app, Request.SCENE_BACKGROUND)(set_background)
    handles(app, Request.SCENE_TOKEN_IMAGE)(set_token_image)
