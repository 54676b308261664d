"""Structured logs: one JSON object per line on stderr.

At INFO a person sees what they act on: start, stop, warnings, errors and one
line per request. A library's routine reports (RQ's worker announcing each
registry clean-up and each job) are DEBUG records.
"""

from __future__ import annotations

import json
import logging
import sys
import time

#: LogRecord attributes that are not ``extra`` fields.
_STANDARD_ATTRIBUTES = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "ts": round(record.created, 3),
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        line.update({k: v for k, v in vars(record).items() if k not in _STANDARD_ATTRIBUTES})
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)


def library_logger(name: str) -> logging.Logger:
    """The logger ``name`` for python-socketio or python-engineio to use as
    given: at ERROR, their own default, unless set otherwise, and with no
    handler of its own (their default logger prints a plain copy of each
    record beside the JSON line)."""
    logger = logging.getLogger(name)
    if logger.level == logging.NOTSET:
        logger.setLevel(logging.ERROR)
    return logger


class Demoted(logging.Filter):
    """Makes a library logger's INFO records DEBUG records: they show only when
    the logs are at DEBUG. (A logging filter may change the records it is
    given, Python's ``logging`` documentation says.)"""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.INFO:
            return True
        record.levelno, record.levelname = logging.DEBUG, logging.getLevelName(logging.DEBUG)
        return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)


def demote(name: str) -> None:
    """The logger ``name``'s INFO records become DEBUG records (``Demoted``)."""
    logger = logging.getLogger(name)
    if not any(isinstance(present, Demoted) for present in logger.filters):
        logger.addFilter(Demoted())


def configure(level: str = "INFO") -> None:
    """Send every logger's records to stderr as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
