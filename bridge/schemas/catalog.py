"""Which schema describes each request, its result and each push.

One table for the Socket.IO handlers, the JSON Schema export and the tests,
keyed by event name: the bridge's own requests, and every installed rule
system's (``bridge.systems``). A shape is a schema class, or a tuple of them
when the payload is one of several (JSON Schema ``oneOf``).
"""

from __future__ import annotations

from marshmallow import fields

from ..protocol import Push, Request
from ..systems import installed
from . import pushes as out
from .cards import JOB_RESULTS, card_requests, job_result
from .dice import DiceRollEntry, DiceRollRequest
from .log import ChainLink, RollLinksRequest, RollLinksResult
from .handoff import TokenOffered, TokenOfferRequest
from .moments import MomentsChange
from .pushes import Either, Out, RollNotice
from .requests import (
    ActorsAssignRequest,
    ConnectCredentials,
    PingRequest,
    RollLogRequest,
    SettingsGetRequest,
    SettingsUpdateRequest,
    TokenMintRequest,
    TokenRevokeRequest,
    WorkerPingRequest,
)
from .spec import RequestSpec, Shape
from .systems import SystemGetRequest, SystemRequests, SystemRequestsRequest, SystemSetRequest, SystemView
from .positions import TokenMoved
from .tokens import TokenChanged
from .tracker import CombatChanged, TurnEnded, TurnStarted

#: Any card as one reader sees it: whole, or a blind card's notice.
CARD_VIEW: Shape = (
    *(card.entry for system in installed().values() for card in system.cards.values()),
    DiceRollEntry,
    RollNotice,
)


class RollLogResult(Out):
    """The newest cards the user may see, oldest first, and each one's link in the log's chain."""

    rolls = fields.List(Either(*CARD_VIEW), required=True)
    links = fields.List(fields.Nested(ChainLink), required=True)


REQUESTS: dict[str, RequestSpec] = {
    Request.PING.value: RequestSpec(PingRequest, out.Echo),
    Request.ROLL_LOG.value: RequestSpec(RollLogRequest, RollLogResult),
    Request.ROLL_LINKS.value: RequestSpec(RollLinksRequest, RollLinksResult),
    Request.DICE_ROLL.value: RequestSpec(DiceRollRequest, DiceRollEntry),
    Request.WORKER_PING.value: RequestSpec(WorkerPingRequest, out.JobQueued),
    Request.TOKEN_MINT.value: RequestSpec(TokenMintRequest, out.TokenMinted, gm_only=True),
    Request.TOKEN_REVOKE.value: RequestSpec(TokenRevokeRequest, out.TokenRevoked, gm_only=True),
    Request.TOKEN_OFFER.value: RequestSpec(TokenOfferRequest, TokenOffered, gm_only=True),
    Request.ACTORS_ASSIGN.value: RequestSpec(ActorsAssignRequest, out.ActorsAssigned, gm_only=True),
    Request.SETTINGS_GET.value: RequestSpec(SettingsGetRequest, out.SettingsResult),
    Request.SETTINGS_UPDATE.value: RequestSpec(SettingsUpdateRequest, out.SettingsResult, gm_only=True),
    Request.SYSTEM_GET.value: RequestSpec(SystemGetRequest, SystemView),
    Request.SYSTEM_SET.value: RequestSpec(SystemSetRequest, SystemView, gm_only=True),
    Request.SYSTEM_REQUESTS.value: RequestSpec(SystemRequestsRequest, SystemRequests),
    **{
        getattr(event, "value", event): spec
        for system in installed().values()
        for event, spec in {**card_requests(system.cards), **system.requests}.items()
    },
    **{system.odds.event: RequestSpec(system.odds.schema, out.JobQueued) for system in installed().values() if system.odds},
}

PUSHES: dict[Push, Shape] = {
    Push.SESSION_READY: out.SessionReady,
    Push.ROLL_RESULT: CARD_VIEW,
    Push.SETTINGS_CHANGED: out.SettingsResult,
    Push.SYSTEM_CHANGED: SystemView,
    Push.JOB_PROGRESS: out.JobProgress,
    Push.JOB_RESULT: (out.JobOddsResult, out.JobEchoResult, *JOB_RESULTS,
                      *(job_result(system.odds.event, system.odds.result) for system in installed().values() if system.odds)),
    Push.JOB_FAILED: out.JobFailed,
    Push.MOMENTS_CHANGED: MomentsChange,
    Push.TOKEN_CHANGED: TokenChanged,
    Push.TOKEN_MOVED: TokenMoved,
    Push.COMBAT_CHANGED: CombatChanged,
    Push.TURN_ENDED: TurnEnded,
    Push.TURN_STARTED: TurnStarted,
}

#: The ``auth`` object of the connection, and the refusal's ``connect_error`` data.
CONNECT_AUTH: Shape = ConnectCredentials
CONNECT_REFUSAL: Shape = out.ConnectRefusal

ENVELOPES: dict[str, Shape] = {"ok": out.OkEnvelope, "error": out.ErrorEnvelope}
