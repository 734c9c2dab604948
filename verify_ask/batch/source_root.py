"""Where a batch line's own ``source`` may point: inside ``--source-root``, after symlinks.

A batch file is often written by someone other than the person who runs it (a form, a
dataset, another program). Unconfined, a line could name any readable file (``/etc/shadow``)
and its record would quote it as evidence. ``--source`` on the command line is the user's own
choice and is not confined; ``--source-root /`` lets lines name any file again.
"""

from __future__ import annotations

from pathlib import Path

from verify_ask.errors import InputError, UsageError


def resolve_root(given: str | None) -> Path:
    """The directory line sources must stay inside: ``given``, else the current directory,
    which is where a relative line source is read from (not the batch file's directory)."""
    shown = "." if given is None else given
    try:
        root = Path(shown).resolve()
    except (OSError, RuntimeError, ValueError):
        raise UsageError(f"--source-root {shown} cannot be resolved") from None
    if not root.is_dir():
        raise UsageError(f"--source-root {shown} is not a directory")
    return root


def confine(path: str, root: Path) -> None:
    """Raise ``InputError`` unless ``path`` lands inside ``root`` once ``..`` and symlinks are
    resolved. Only the path is resolved; the file is never opened, so nothing of an outside
    file is read."""
    try:
        resolved = Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        # A symlink loop (RuntimeError before Python 3.13) or a NUL byte: unreadable anyway,
        # and where it leads cannot be shown to be inside the root.
        raise InputError(f"source {path} cannot be resolved") from None
    if not resolved.is_relative_to(root):
        raise InputError(f"source {path} is outside --source-root {root}")
