"""The roll log as each reader may see it, and its chain (``bridge.chain``).

A request reads what its sender sees, through the log's indexes
(``Store.rolls_seen``), never the entries hidden from them."""

from __future__ import annotations

from ..protocol import Request
from ..requests import handles
from ..visibility import view_for


def roll_log(unit, log_request: dict) -> dict:
    """The newest cards this user may see, oldest first, each with its link
    (with its salt when the card is seen whole, so its commitment opens)."""
    user = None if unit.identity.is_gm else unit.identity.user
    shown = [(link, view_for(link.entry, unit.identity))
             for link in unit.store.rolls_seen(unit.world_id, user, log_request["limit"])]
    shown = [(link, view) for link, view in shown if view is not None]
    return {"rolls": [view for _, view in shown], "links": [link.shown(opened=view is link.entry) for link, view in shown]}


def roll_links(unit, links_request: dict) -> dict:
    """The links after a log id, without their entries: what a client needs
    to check that the cards it was shown are links of one chain."""
    links = unit.store.links_after(unit.world_id, links_request.get("after"), links_request["limit"])
    return {"links": [link.shown(opened=False) for link in links]}


def init_app(app) -> None:
    handles(app, Request.ROLL_LOG)(roll_log)
    handles(app, Request.ROLL_LINKS)(roll_links)
