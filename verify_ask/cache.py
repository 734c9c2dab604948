"""Where verify-ask keeps what it makes once and reads again: the assembled models and their
hashes (``verify_ask.model``), and the parsed text of documents (``verify_ask.text.formats``).

A module of its own, depending on nothing of verify-ask, so that both can find the place
without one importing the other. The command line's ``main`` sets the place for its run from
its ``Environment`` (``located_at``); only a caller without a command line (the Python API, a
script) gets it from the process's variables here.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

CACHE_DIR_VARIABLE = "VERIFY_ASK_CACHE_DIR"

_located: Path | None = None
"""The running command's cache. A module's value rather than a context variable: the threads
that answer batch lines (``--jobs``) start with an empty context and must see it too."""


def location(variables: Mapping[str, str]) -> Path:
    """``VERIFY_ASK_CACHE_DIR``, else ``$XDG_CACHE_HOME/verify-ask``, else ``~/.cache/...``."""
    explicit = variables.get(CACHE_DIR_VARIABLE)
    if explicit:
        return Path(explicit)
    base = variables.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "verify-ask"


def cache_dir() -> Path:
    """The running command's cache; outside a command, the one the process's variables name."""
    return _located if _located is not None else location(os.environ)


@contextmanager
def located_at(path: Path) -> Iterator[None]:
    """``cache_dir()`` is ``path`` until the block ends."""
    global _located
    before, _located = _located, path
    try:
        yield
    finally:
        _located = before
