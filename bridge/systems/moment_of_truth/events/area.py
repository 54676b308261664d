"""Moment of Truth on the table's map: an explosion dropped on it (the
core's ``map.blast``, hazard ``explosion``) and the distance of an attack
between two tokens that both have a square, so no page decides it."""

from __future__ import annotations

from ....protocol import ErrorCode, RequestError
from ....rules.moment_of_truth.hazards import explosion_dice
from ....schemas.catalog import REQUESTS
from ....table.events import metres, squares_apart
from ..names import Event
from ..schemas.hazards import ExplosionBlastRequest
from .hazards import queues


def attack_distance(work, attacker_id: str, target_id: str, sent: float | None) -> float | None:
    """Metres between the attacker's and the target's squares (center to
    center) when both have one; a ``sent`` distance that disagrees is
    refused. Either without a square: ``sent``, as the client measured it."""
    apart = squares_apart(work, attacker_id, target_id)
    if apart is None:
        return sent
    distance = metres(work, *apart)
    if sent is not None and round(sent, 2) != distance:
        message = f"the map has the target {distance:g} m away; leave distance out and the bridge measures it"
        raise RequestError(ErrorCode.INVALID, message, {"distance": [message]})
    return distance


def reaches(blast_request: dict, distance: float) -> bool:
    """A charge's dice still roll that far from where it goes off (ch. 8, Explosions)."""
    return explosion_dice(blast_request["dice"], distance) > 0


def explode(work, blast_request: dict, caught: list[dict]) -> dict:
    """The caught tokens, each behind the blast's ``cover``, queued as ``hazard.explosion`` is."""
    sent = ExplosionBlastRequest().dump(blast_request)
    kept = {name: value for name, value in sent.items() if name not in ("center", "cover", "hazard")}
    explosion = kept | {"tokens": [token | {"cover": blast_request["cover"]} for token in caught]}
    return queues(Event.HAZARD_EXPLOSION)(work, REQUESTS[Event.HAZARD_EXPLOSION.value].schema().load(explosion))
