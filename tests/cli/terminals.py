"""What a terminal does to a command: Ctrl-C, as the tests of cli/ send it."""

from __future__ import annotations

import signal


def ctrl_c_as_at_a_terminal() -> None:
    """In the child: Ctrl-C as a person's terminal delivers it. A shell that starts the tests
    in the background (`make test &`) makes them ignore SIGINT, and its children with them."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
