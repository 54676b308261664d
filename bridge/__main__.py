"""``python -m bridge``: the same as the ``vtt-bridge`` command."""

from .cli import main

main()
