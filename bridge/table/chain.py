"""The roll log's chain: every entry is linked to the one before it.

- ``commitment = SHA-256(salt ‖ canonical(entry))``, ``salt``: 32 random bytes
  of the entry's own. Without the salt, the commitment tells nothing of the
  entry: a blind roll's link can be shown to players and opened (its salt
  and entry shown) when the roll is revealed.
- ``link = SHA-256(previous link ‖ commitment)``; the first entry's previous
  link is the world's ``genesis``. Salt, commitment and links are hashed as
  bytes and travel as hex.

Deleting or editing an entry changes its commitment or drops its link, so the
next entry's ``prev`` no longer matches; the head (the newest link, kept
apart) catches the newest entries deleted. ``verify`` names the first break
and only reads. The salts are stored beside the entries, so whoever can
write Redis can also recompute a consistent chain: the chain holds against
them only for clients that kept the links they saw (docs/protocol.md, Security).
docs/protocol.md, "The roll log's chain", is the same scheme for clients.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass


def genesis(world_id: str) -> str:
    """The link before a world's first entry."""
    return hashlib.sha256(f"vtt-bridge roll log\n{world_id}".encode()).hexdigest()


def canonical(entry: dict) -> bytes:
    """The entry's bytes as committed: JSON with sorted keys, no spaces, UTF-8."""
    text = json.dumps(entry, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8", "surrogatepass")


def new_salt() -> str:
    return secrets.token_hex(32)


def commitment(salt: str, entry: dict) -> str:
    return hashlib.sha256(bytes.fromhex(salt) + canonical(entry)).hexdigest()


def link(prev: str, committed: str) -> str:
    return hashlib.sha256(bytes.fromhex(prev) + bytes.fromhex(committed)).hexdigest()


@dataclass(frozen=True)
class Link:
    """One entry of the chain as stored: its log id (the stream's), the entry
    and its salt, the link before it and its own."""

    log_id: str
    entry: dict
    salt: str
    prev: str
    link: str

    @property
    def commitment(self) -> str:
        return commitment(self.salt, self.entry)

    def shown(self, opened: bool) -> dict:
        """The link as a client gets it; ``opened``: with its salt (the client sees the entry whole)."""
        shown = {"log_id": self.log_id, "prev": self.prev, "commitment": self.commitment, "link": self.link}
        return shown | {"salt": self.salt} if opened else shown


def broken(links: list[Link], first_prev: str) -> str | None:
    """Why ``links`` (oldest first) are not one unbroken chain after ``first_prev``, or None."""
    prev = first_prev
    for each in links:
        if each.prev != prev:
            return f"entry {each.log_id}: its previous link is not the entry before it (one deleted?)"
        if link(each.prev, each.commitment) != each.link:
            return f"entry {each.log_id}: its link does not match its content (edited?)"
        prev = each.link
    return None


def verify(store, world_id: str, page: int = 1000) -> tuple[int, str | None]:
    """Check the world's whole log (``store``: a ``bridge.table.store.Store``),
    ``page`` entries per read: the entries checked, and the first break (None: none)."""
    prev, head = store.chain_ends(world_id)
    if head is None and store.links_after(world_id, None, 1):
        return 0, "the chain's head is missing: the log was emptied of it (or predates the chain and was never read)"
    checked, after = 0, None
    while links := store.links_after(world_id, after, page):
        problem = broken(links, prev)
        if problem:
            return checked, problem
        checked, prev, after = checked + len(links), links[-1].link, links[-1].log_id
    if (head or prev) != prev:
        return checked, "the newest entries are missing: the chain's head is not the last entry's link"
    return checked, None
