"""Where verify-ask keeps what it makes once and reads again: the assembled models and their
hashes (``verify_ask.model``), and the parsed text of documents (``verify_ask.text.formats``).

A module of its own, depending on nothing of verify-ask, so that both can find the place
without one importing the other.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """``VERIFY_ASK_CACHE_DIR``, else ``$XDG_CACHE_HOME/verify-ask``, else ``~/.cache/...``."""
    explicit = os.environ.get("VERIFY_ASK_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "verify-ask"
