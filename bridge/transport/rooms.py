"""Socket.IO room names; the web process joins them, workers emit to them."""


def world_room(world_id: str) -> str:
    """Everyone at the table."""
    return f"world:{world_id}"


def gm_room(world_id: str) -> str:
    """The world's GM connections (blind rolls, GM-only notices)."""
    return f"world:{world_id}:gm"


def user_room(world_id: str, user: str) -> str:
    """Every connection of one user (whispers, job results)."""
    return f"world:{world_id}:user:{user}"
