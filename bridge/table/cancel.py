"""A GM's request to stop a long job, kept in Redis for the job to read
between its chunks of work."""

from __future__ import annotations

from redis import Redis

#: How long a cancel request waits for its job, in seconds.
CANCEL_TTL_SECONDS = 3600


def _key(world_id: str, job_id: str) -> str:
    return f"vtt:world:{world_id}:cancel:{job_id}"


def request_cancel(redis: Redis, world_id: str, job_id: str) -> None:
    redis.set(_key(world_id, job_id), 1, ex=CANCEL_TTL_SECONDS)


def cancel_requested(redis: Redis, world_id: str, job_id: str) -> bool:
    return bool(redis.exists(_key(world_id, job_id)))
