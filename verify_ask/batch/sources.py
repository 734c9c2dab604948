"""Each distinct source read and parsed once per batch, however many questions ask about it."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import BinaryIO

from verify_ask.errors import InputError
from verify_ask.text.source import MAX_SOURCE_BYTES, Source, read_source

CAPACITY = 16
"""Sources kept at once; questions about one source usually stand together in a batch."""


class SourceCache:
    """Keeps ``Source`` objects (whose figures and word index are computed once per object)
    and the errors of unusable ones, so a missing file named on 500 lines is tried once.

    Safe for the threads of ``--jobs``: one at a time reads, so a file is still read once."""

    def __init__(self, capacity: int = CAPACITY, *, stdin: BinaryIO | None = None) -> None:
        """``stdin``: what ``--source -`` reads."""
        self.capacity = capacity
        self._stdin = stdin
        self._entries: OrderedDict[tuple[str, str], Source | InputError] = OrderedDict()
        # Standard input can be read only once: never evicted.
        self._from_stdin: Source | InputError | None = None
        self._lock = threading.Lock()

    def by_path(self, path: str) -> Source:
        if path == "-":
            with self._lock:
                if self._from_stdin is None:
                    self._from_stdin = _attempt(lambda: read_source("-", self._stdin))
                entry = self._from_stdin
            return _unwrap(entry)
        return self._get(("path", path), lambda: read_source(path))

    def by_text(self, text: str) -> Source:
        return self._get(("text", text), lambda: _inline(text))

    def _get(self, key: tuple[str, str], make: Callable[[], Source]) -> Source:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                entry = _attempt(make)
                self._entries[key] = entry
                while len(self._entries) > self.capacity:
                    self._entries.popitem(last=False)
            else:
                self._entries.move_to_end(key)
        return _unwrap(entry)


def _inline(text: str) -> Source:
    if not text.strip():
        raise InputError("source_text is empty")
    if len(text.encode("utf-8")) > MAX_SOURCE_BYTES:
        raise InputError(f"source_text is larger than {MAX_SOURCE_BYTES // 2**20} MiB")
    return Source(text=text)


def _attempt(make: Callable[[], Source]) -> Source | InputError:
    try:
        return make()
    except InputError as error:
        return error


def _unwrap(entry: Source | InputError) -> Source:
    if isinstance(entry, InputError):
        # A fresh error each time: re-raising one object would grow its traceback every line.
        raise InputError(str(entry))
    return entry
