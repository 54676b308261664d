"""The wire: Socket.IO events, the path every request takes, HTTP routes and limits."""
