"""The batch input: numbered raw lines from a file or standard input."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from verify_ask.errors import InputError, unreadable
from verify_ask.text.source import standard_input


@dataclass
class BatchLines:
    lines: Iterator[tuple[int, bytes]]
    """(1-based line number, raw bytes without the line break)."""
    total: int | None
    """Non-blank lines, when known before reading them (a file, not a pipe)."""
    label: str


def open_batch(path: str, stdin: BinaryIO | None = None) -> BatchLines:
    """A file is read whole (its line count drives the ETA); ``stdin`` (for "-") is streamed
    line by line, so a producer upstream in a pipeline sees answers while it is still writing
    questions."""
    if path == "-":
        reader = _own_reader(standard_input(stdin, "the batch"))
        return BatchLines(_numbered(reader), None, "<stdin>")
    data = _read(Path(path))
    raw = data.split(b"\n")
    if raw and raw[-1] == b"":
        raw.pop()
    total = sum(1 for line in raw if line.strip())
    return BatchLines(_numbered(raw), total, path)


def _own_reader(stdin: BinaryIO) -> BinaryIO:
    """Standard input through a reader of its own. With --jobs a thread reads the batch and may
    still wait on it when the run ends (a closed stdout); Python closes ``sys.stdin`` at exit,
    which aborts the process if another thread is inside that same reader."""
    try:
        descriptor = stdin.fileno()
    except (AttributeError, OSError, ValueError):  # in memory (a test), or closed
        return stdin
    return open(descriptor, "rb", closefd=False)  # lives as long as the run


def _numbered(lines: Iterator[bytes] | list[bytes]) -> Iterator[tuple[int, bytes]]:
    for number, line in enumerate(lines, start=1):
        yield number, line.rstrip(b"\r\n")


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise InputError(unreadable("batch", path, error)) from None
