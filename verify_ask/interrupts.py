"""Ctrl-C noted, not raised, while a run imports its commands, loads a model or writes a
record, and answered once that is done.

Importing typer and the commands takes the first ~0.3 s of a run. A KeyboardInterrupt raised
there may land in one of importlib's callbacks, where CPython prints it as "Exception
ignored" and carries on (the run then went on to read its source), so the signal is only
noted while importing and answered once the imports are done (``verify_ask.cli.main``).
This module imports nothing of verify-ask's, so ``python -m verify_ask`` can hold Ctrl-C
from its first line.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

Held = tuple[list[int], Any]
"""The signals noted since holding began, and the handler to put back."""


def hold() -> Held:
    """Note Ctrl-C instead of raising it, until ``release``."""
    caught: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    if previous is not signal.SIG_IGN:  # a run started to ignore Ctrl-C (nohup) still does
        signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    return caught, previous


def release(held: Held) -> bool:
    """Put the handler back; whether Ctrl-C came while it was held."""
    caught, previous = held
    signal.signal(signal.SIGINT, previous)
    return bool(caught)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold Ctrl-C while the block runs, and deliver it after, to the handler it would have
    met. Outside the main thread, where Python runs no handler, it does nothing.

    The Python handler is swapped rather than the signal blocked: a blocked SIGINT still
    reaches llama.cpp's worker threads, whose delivery raises in this thread all the same."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = hold()
    try:
        yield
    finally:
        caught = release(held)
    if caught:
        signal.raise_signal(signal.SIGINT)
