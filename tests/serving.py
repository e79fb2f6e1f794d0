"""A server the test runs in a thread of its own for the length of a `with` block."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from socketserver import BaseServer
from typing import TypeVar

# serve_forever's poll interval: shutdown() waits up to one poll (0.5 s by default) per server.
POLL = 0.05

Server = TypeVar("Server", bound=BaseServer)


@contextlib.contextmanager
def running(server: Server) -> Iterator[Server]:
    """Serve in a daemon thread; shut the server down and close its socket at the end."""
    threading.Thread(target=server.serve_forever, args=(POLL,), daemon=True).start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
