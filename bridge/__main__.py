"""``python -m bridge``: the same as the ``vtt-bridge`` command."""

from .service.cli import main

main()
