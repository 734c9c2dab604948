"""What the command line takes from the process it runs in, gathered once (httpie's idea).

``main`` builds one ``Environment`` from the process and hands it to every command through
click's context object; nothing below it reads ``os.environ`` or ``sys.std*`` for these, nor
for the cache, which ``main`` places for the run (``cache_dir``, ``verify_ask.cache``). A test
builds its own instead of patching the process: the defaults are empty in-memory streams, no
variables and no terminal.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from verify_ask import cache

if TYPE_CHECKING:  # main imports this module before Ctrl-C is held; typer comes after
    import typer

NO_COLOR_VARIABLE = "NO_COLOR"
ABSTAIN_OK_VARIABLE = "VERIFY_ASK_ABSTAIN_OK"
_TRUE = ("1", "true", "yes", "on")


@dataclass(frozen=True)
class Environment:
    stdin: BinaryIO | None = field(default_factory=io.BytesIO)
    """Standard input as bytes (sources and batches are decoded by their readers); None when
    the process has none (started with it closed)."""
    stdout: TextIO = field(default_factory=io.StringIO)
    stderr: TextIO = field(default_factory=io.StringIO)
    variables: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """The environment variables, as they were when the command started."""
    stdout_isatty: bool = False
    stderr_isatty: bool = False

    @property
    def no_color(self) -> bool:
        """``NO_COLOR`` set, to any value: no colours on a terminal either."""
        return NO_COLOR_VARIABLE in self.variables

    @property
    def abstain_ok(self) -> bool:
        """``VERIFY_ASK_ABSTAIN_OK=1``: abstaining exits 0, for pipelines that must not stop
        on it."""
        return self.variables.get(ABSTAIN_OK_VARIABLE, "").strip().lower() in _TRUE

    @property
    def cache_dir(self) -> Path:
        """``VERIFY_ASK_CACHE_DIR``, else ``$XDG_CACHE_HOME/verify-ask``, else
        ``~/.cache/verify-ask``: the assembled models and the parsed documents."""
        return cache.location(self.variables)

    def console_options(self, *, stderr: bool = False) -> dict[str, Any]:
        """Keyword arguments that make a rich ``Console`` write to this environment's stdout
        (or stderr) and read its variables (TERM, COLUMNS, FORCE_COLOR, ...), not the
        process's."""
        stream = self.stderr if stderr else self.stdout
        isatty = self.stderr_isatty if stderr else self.stdout_isatty
        # A terminal is forced only on a stream that cannot tell rich so itself (a test's);
        # on a real one rich decides as it always has, TTY_COMPATIBLE and FORCE_COLOR included.
        force = True if isatty and not _isatty(stream) else None
        return {"file": stream, "force_terminal": force, "_environ": self.variables}

    @classmethod
    def from_process(cls) -> Environment:
        """This process's streams and variables, read now."""
        stdin = getattr(sys.stdin, "buffer", None) if sys.stdin is not None else None
        return cls(
            stdin=stdin,
            stdout=sys.stdout,
            stderr=sys.stderr,
            variables=MappingProxyType(dict(os.environ)),
            stdout_isatty=_isatty(sys.stdout),
            stderr_isatty=_isatty(sys.stderr),
        )


def environment_of(ctx: typer.Context) -> Environment:
    """The environment ``main`` gave the command; the process's own when the command was
    invoked some other way (typer's test runner, another click entry point)."""
    found = ctx.find_object(Environment)
    return found if found is not None else Environment.from_process()


def _isatty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # replaced by an object without it, or closed
        return False
