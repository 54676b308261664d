"""Fate (``moc.fate.penalty``, ``moc.fate.nominate``, ``moc.fate.award``): the
GM takes chips for play that hurt the story; after a session each character
secretly nominates another, and the GM gives an experience chip to each
character two or more nominated. The nominations are kept in a document of
their own (``NOMINATIONS``), never in the public state document the table sees."""

from __future__ import annotations

from ....rules.moment_of_clarity import fate
from ....rules.moment_of_clarity.chips import Chip
from ....table.publish import check_owner
from .. import state as moc
from .common import changed, handles, refused, registered

#: The session's nominations (nominator -> nominee), apart from the public state.
NOMINATIONS = "moment_of_clarity.nominations"


def penalty(work, request: dict) -> dict:
    return changed(work, moc.penalize(request["actor_id"], request["chips"]), "chips")


def nominate(work, request: dict) -> dict:
    """A character's nomination: its owner sends it; nobody else learns whom it named."""
    nominator, nominee = request["actor_id"], request["nominee"]
    check_owner(work, nominator)
    registered(work, nominee, "nominee")

    def step(held):
        with refused("nominee"):
            return fate.nominate(held or {}, nominator, nominee), None

    work.change_system_state(NOMINATIONS, step)
    return {"nominated": True}


def award(work, _request: dict) -> dict:
    """GM: an experience chip (white) for each character two or more nominated; the nominations start over."""
    held = work.system_state(NOMINATIONS) or {}
    earned = fate.experience_chips(held)
    for actor_id in earned:
        changed(work, moc.grant_chips(actor_id, [Chip.WHITE], scene_start=False), "_schema")
    work.change_system_state(NOMINATIONS, lambda _: ({}, None))
    return {"nominations": len(held), "experience_chips": earned}


def init_app(app) -> None:
    handles(app, "moc.fate.penalty")(penalty)
    handles(app, "moc.fate.nominate")(nominate)
    handles(app, "moc.fate.award")(award)
