"""Which schema describes each request, its result and each push.

One table for the Socket.IO handlers, the JSON Schema export and the tests.
A shape is a schema class, or a tuple of them when the payload is one of
several (JSON Schema ``oneOf``).
"""

from __future__ import annotations

from ..protocol import Push, Request
from . import pushes as out
from .cards import CARD_VIEW, JOB_RESULTS, RollLogResult, area_requests, card_view
from .moments import MomentsChange
from .requests import (
    ActorsAssignRequest,
    ConnectCredentials,
    OddsRequest,
    PingRequest,
    RollLogRequest,
    RollRequest,
    SettingsGetRequest,
    SettingsUpdateRequest,
    TokenMintRequest,
    WorkerPingRequest,
)
from .spec import RequestSpec, Shape
from .tokens import TokenChanged
from .tracker import CombatChanged, TurnEnded, TurnStarted

REQUESTS: dict[Request, RequestSpec] = {
    Request.PING: RequestSpec(PingRequest, out.Echo),
    Request.ROLL: RequestSpec(RollRequest, card_view(out.RollEntry)),
    Request.ROLL_LOG: RequestSpec(RollLogRequest, RollLogResult),
    Request.ODDS: RequestSpec(OddsRequest, out.JobQueued),
    Request.WORKER_PING: RequestSpec(WorkerPingRequest, out.JobQueued),
    Request.TOKEN_MINT: RequestSpec(TokenMintRequest, out.TokenMinted, gm_only=True),
    Request.ACTORS_ASSIGN: RequestSpec(ActorsAssignRequest, out.ActorsAssigned, gm_only=True),
    Request.SETTINGS_GET: RequestSpec(SettingsGetRequest, out.SettingsResult),
    Request.SETTINGS_UPDATE: RequestSpec(SettingsUpdateRequest, out.SettingsResult, gm_only=True),
    **area_requests(),
}

PUSHES: dict[Push, Shape] = {
    Push.SESSION_READY: out.SessionReady,
    Push.ROLL_RESULT: CARD_VIEW,
    Push.SETTINGS_CHANGED: out.SettingsResult,
    Push.JOB_PROGRESS: out.JobProgress,
    Push.JOB_RESULT: (out.JobOddsResult, out.JobEchoResult, *JOB_RESULTS),
    Push.JOB_FAILED: out.JobFailed,
    Push.MOMENTS_CHANGED: MomentsChange,
    Push.TOKEN_CHANGED: TokenChanged,
    Push.COMBAT_CHANGED: CombatChanged,
    Push.TURN_ENDED: TurnEnded,
    Push.TURN_STARTED: TurnStarted,
}

#: The ``auth`` object of the connection, and the refusal's ``connect_error`` data.
CONNECT_AUTH: Shape = ConnectCredentials
CONNECT_REFUSAL: Shape = out.ConnectRefusal

ENVELOPES: dict[str, Shape] = {"ok": out.OkEnvelope, "error": out.ErrorEnvelope}
