"""The roll log as each reader may see it, and its chain (``bridge.table.chain``).

A request reads what its sender sees, through the log's indexes
(``Store.rolls_seen``), never the entries hidden from them."""

from __future__ import annotations

from ...protocol import Request
from ...table.visibility import view_for
from ..handling import handles


def roll_log(work, log_request: dict) -> dict:
    """The newest cards this user may see, oldest first, each with its link
    (with its salt when the card is seen whole, so its commitment opens)."""
    user = None if work.identity.is_gm else work.identity.user
    shown = [(link, view_for(link.entry, work.identity))
             for link in work.store.rolls_seen(work.world_id, user, log_request["limit"])]
    shown = [(link, view) for link, view in shown if view is not None]
    return {"rolls": [view for _, view in shown], "links": [link.shown(opened=view is link.entry) for link, view in shown]}


def roll_links(work, links_request: dict) -> dict:
    """The links after a log id, without their entries: what a client needs
    to check that the cards it was shown are links of one chain."""
    links = work.store.links_after(work.world_id, links_request.get("after"), links_request["limit"])
    return {"links": [link.shown(opened=False) for link in links]}


def init_app(app) -> None:
    handles(app, Request.ROLL_LOG)(roll_log)
    handles(app, Request.ROLL_LINKS)(roll_links)
