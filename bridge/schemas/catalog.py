"""Which schema describes each request, its result and each push.

One table for the Socket.IO handlers, the JSON Schema export and the tests,
keyed by event name: the bridge's own requests, and every installed rule
system's (``bridge.systems``). A shape is a schema class, or a tuple of them
when the payload is one of several (JSON Schema ``oneOf``).
"""

from __future__ import annotations

from marshmallow import fields

from ..protocol import Push, Request
from ..scripting.schemas import CARDS as MACRO_CARDS
from ..scripting.schemas import JOB_RESULTS as MACRO_JOB_RESULTS
from ..scripting.schemas import REQUESTS as MACRO_REQUESTS
from ..systems import installed
from ..table import schemas as table
from . import pushes as out
from .chat import ChatSendEntry, ChatSendRequest
from .dice import DiceRollEntry, DiceRollRequest
from .handoff import TokenOffered, TokenOfferRequest
from .log import ChainLink, RollLinksRequest, RollLinksResult
from .pushes import Either, JobQueued, Out, RollNotice, job_result
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
from .scenes import SceneBackgroundRequest, SceneGetRequest, SceneTokenImageRequest, SceneView
from .spec import RequestSpec, Shape
from .systems import SystemGetRequest, SystemRequests, SystemRequestsRequest, SystemSetRequest, SystemView

#: Any card as one reader sees it: whole, or a blind card's notice.
CARD_VIEW: Shape = (
    *(card.entry for system in installed().values() for card in system.cards.values()),
    *(card.entry for card in MACRO_CARDS.values()),
    DiceRollEntry,
    ChatSendEntry,
    RollNotice,
)


class RollLogResult(Out):
    """The newest cards the user may see, oldest first, and each one's link in the log's chain."""

    rolls = fields.List(Either(*CARD_VIEW), required=True)
    links = fields.List(fields.Nested(ChainLink), required=True)


def card_view(entry: type[Out]) -> Shape:
    """One kind of card as its requester sees it: whole, or as a notice."""
    return (entry, RollNotice)


def card_requests(cards: dict) -> dict:
    """Card requests as catalog entries: a queued card's ack says queued, any other's is the card."""
    return {event: RequestSpec(card.schema, JobQueued if card.queued else card_view(card.entry), card.gm_only)
            for event, card in cards.items()}


REQUESTS: dict[str, RequestSpec] = {
    Request.PING.value: RequestSpec(PingRequest, out.Echo),
    Request.ROLL_LOG.value: RequestSpec(RollLogRequest, RollLogResult),
    Request.ROLL_LINKS.value: RequestSpec(RollLinksRequest, RollLinksResult),
    Request.DICE_ROLL.value: RequestSpec(DiceRollRequest, DiceRollEntry),
    Request.CHAT_SEND.value: RequestSpec(ChatSendRequest, card_view(ChatSendEntry)),
    Request.SCENE_GET.value: RequestSpec(SceneGetRequest, SceneView),
    Request.SCENE_BACKGROUND.value: RequestSpec(SceneBackgroundRequest, SceneView, gm_only=True),
    Request.SCENE_TOKEN_IMAGE.value: RequestSpec(SceneTokenImageRequest, SceneView, gm_only=True),
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
    **{event.value: spec for event, spec in {**card_requests(MACRO_CARDS), **MACRO_REQUESTS}.items()},
    **{
        getattr(event, "value", event): spec
        for system in installed().values()
        for event, spec in {**card_requests(system.cards), **system.requests}.items()
    },
    **{system.odds.event: RequestSpec(system.odds.schema, out.JobQueued) for system in installed().values() if system.odds},
    Request.TOKEN_REGISTER.value: RequestSpec(table.TokenRegisterRequest, table.TokenChange, gm_only=True),
    Request.TABLE_SNAPSHOT.value: RequestSpec(table.TableSnapshotRequest, table.TableSnapshot),
    Request.TOKEN_MOVE.value: RequestSpec(table.TokenMoveRequest, table.Position),
    Request.MAP_GET.value: RequestSpec(table.MapGetRequest, table.TableMap),
    Request.MAP_BLAST.value: RequestSpec(table.MapBlastRequest, table.HazardOutcome, gm_only=True),
    Request.COMBAT_START.value: RequestSpec(table.CombatStartRequest, table.CombatRecord, gm_only=True),
    Request.COMBAT_JOIN.value: RequestSpec(table.CombatJoinRequest, table.CombatRecord, gm_only=True),
    Request.COMBAT_LEAVE.value: RequestSpec(table.CombatLeaveRequest, table.CombatRecord, gm_only=True),
    Request.COMBAT_INITIATIVE.value: RequestSpec(table.CombatInitiativeRequest, (table.OrderSet, *CARD_VIEW), gm_only=True),
    Request.COMBAT_NEXT.value: RequestSpec(table.CombatNextRequest, table.TurnsPassed),
    Request.COMBAT_END.value: RequestSpec(table.CombatEndRequest, table.CombatEnded, gm_only=True),
}

PUSHES: dict[Push, Shape] = {
    Push.SESSION_READY: out.SessionReady,
    Push.ROLL_RESULT: CARD_VIEW,
    Push.SETTINGS_CHANGED: out.SettingsResult,
    Push.SYSTEM_CHANGED: SystemView,
    Push.JOB_PROGRESS: out.JobProgress,
    Push.JOB_RESULT: (out.JobEchoResult, *(shape for system in installed().values() for shape in system.job_results), *MACRO_JOB_RESULTS,
                      *(job_result(system.odds.event, system.odds.result) for system in installed().values() if system.odds)),
    Push.JOB_FAILED: out.JobFailed,
    Push.TOKEN_CHANGED: table.TokenChanged,
    Push.TOKEN_MOVED: table.TokenMoved,
    Push.COMBAT_CHANGED: table.CombatChanged,
    Push.TURN_ENDED: table.Turn,
    Push.TURN_STARTED: table.Turn,
    **{push: shape for system in installed().values() for push, shape in system.pushes.items()},
    Push.SCENE_CHANGED: SceneView,
}

#: The ``auth`` object of the connection, and the refusal's ``connect_error`` data.
CONNECT_AUTH: Shape = ConnectCredentials
CONNECT_REFUSAL: Shape = out.ConnectRefusal

ENVELOPES: dict[str, Shape] = {"ok": out.OkEnvelope, "error": out.ErrorEnvelope}
