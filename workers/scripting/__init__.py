"""The jobs that run a world's scripts (``jobs``), each in a child process (``sandbox``)."""
