"""The table core: what every rule system's world shares, knowing no system.

It owns tokens (id, actor, name, scene, version; the rest of a token is its
system's), their squares on the map, combats (combatants on seats, the
seats' turn order, the round, whose turn it is), the refusal of an action
out of its token's turn, and how a token shows its conditions (``view``).
A rule system plugs in through its ``Table`` (``bridge.table.game``),
overriding only what its rules change.
"""
