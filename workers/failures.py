"""What the requester hears when a job raises, times out or loses its worker."""

from __future__ import annotations

import logging

from rq.exceptions import AbandonedJobError
from rq.timeouts import JobTimeoutException

from bridge.protocol import ErrorCode
from bridge.table.queue import job_done

from . import push

log = logging.getLogger("workers.failures")


def report_failure(job, connection, exc_type, exc_value, traceback) -> None:
    """RQ failure callback: ``job.progress`` if RQ will retry, else ``job.failed`` (and the job is done)."""
    reply = push.ReplyTo(**job.kwargs["reply"])
    reason = _reason(exc_type, exc_value)
    log.warning("job failed", extra={"job_id": job.id, "reason": reason, "retries_left": job.retries_left})
    if job.retries_left:
        push.current().progress(reply, "retrying", 0.0)
    else:
        job_done(job, connection)
        push.current().failed(reply, ErrorCode.JOB_FAILED.value, reason)


def _reason(exc_type, exc_value) -> str:
    if issubclass(exc_type, AbandonedJobError):
        return "the worker running this job died"
    if issubclass(exc_type, JobTimeoutException):
        return "the job ran past its time limit"
    return f"{exc_type.__name__}: {exc_value}"
