"""The parsed text of PDF and Word documents, kept under the cache dir so that a document is
parsed on its first run only: a 100-page PDF takes seconds to read, its entry milliseconds.

An entry is named by the sha256 of the file's bytes, so the same file under another name or
path is found, and a file changed by one byte is not. It records the version it was made
under (``FORMAT``, the format, verify-ask's and the parsing library's versions): an entry of
another version is parsed again and replaced, so text an older reader made is never served.

The cache only saves time, it never decides anything: an entry that cannot be read, or does
not hold a whole, well-formed document (its text's sha256 is kept with it), is parsed again
and rewritten; one that cannot be written (a read-only cache dir, a full disk) is skipped.
An entry is written to a temporary file and renamed into place, as the models are, so a run
beside another sees a whole entry or none. Only successful reads are kept: a bad document is
parsed, and refused, on every run, so its error is always today's.

Entries hold a document's text as plain JSON; ``mkstemp`` makes them readable by their owner
only. The cache is bounded: once its entries pass ``MAX_BYTES``, those read longest ago go
(a read touches its entry), so a machine that reads thousands of filings keeps the recent ones
and not every one it ever saw.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from verify_ask.cache import cache_dir
from verify_ask.text.formats import Document

FORMAT = 2
"""Bump when a reader (``pdf``, ``word``, ``layout``) changes the text, pages or line map it
gives for the same bytes: released versions are told apart by verify-ask's version already,
but a change between releases is not."""

MAX_BYTES = 512 * 2**20
"""About a thousand 100-page filings' text (one is 300-500 kB of JSON)."""

_LIBRARIES = {"pdf": "pypdf", "docx": "python-docx"}

Reader = Callable[[bytes, str], Document]


def read_cached(data: bytes, label: str, kind: str, read: Reader) -> Document:
    """``read(data, label)``, or the document it gave for these bytes on an earlier run."""
    entry = directory() / f"{hashlib.sha256(data).hexdigest()}.json"
    version = _version(kind)
    found = _load(entry, version)
    if found is not None:
        with contextlib.suppress(OSError):
            os.utime(entry)  # read now: the last to be evicted
        return found
    document = read(data, label)
    if _store(entry, version, document):
        evict(entry.parent, MAX_BYTES)
    return document


def evict(folder: Path, max_bytes: int, pattern: str = "*.json") -> None:
    """Remove the entries (files matching ``pattern``) read longest ago until the rest hold
    at most ``max_bytes``.

    Runs beside this one may read, write or remove entries meanwhile: an entry gone before
    it could be looked at or removed is simply not counted."""
    entries = []
    for path in folder.glob(pattern):
        with contextlib.suppress(OSError):
            stat = path.stat()
            entries.append((stat.st_mtime, stat.st_size, path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries, key=lambda entry: entry[0]):
        if total <= max_bytes:
            break
        with contextlib.suppress(OSError):
            path.unlink()
        total -= size


def directory() -> Path:
    """Where the entries are, looked up on each read (the tests give each test its own)."""
    return cache_dir() / "documents"


@functools.cache
def _version(kind: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    def of(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:  # run from a checkout that is not installed
            return "unknown"

    library = _LIBRARIES.get(kind, "none")
    return f"{FORMAT} {kind} verify-ask {of('verify-ask')} {library} {of(library)}"


def _load(entry: Path, version: str) -> Document | None:
    try:
        stored = json.loads(entry.read_bytes())
    except (OSError, ValueError):  # missing, unreadable, cut short, not JSON, not UTF-8
        return None
    return _document(stored, version)


def _document(stored: Any, version: str) -> Document | None:
    """The document an entry holds; None for an entry of another version, or one damaged (by
    a disk, a crash before the rename was durable, or a hand) into another shape or text."""
    if not isinstance(stored, dict) or stored.get("version") != version:
        return None
    text = stored.get("text")
    if not isinstance(text, str) or stored.get("text_sha256") != _digest(text):
        return None
    pages = _pairs(stored.get("pages"))
    file_lines = _pairs(stored.get("file_lines"))
    if pages is None or file_lines is None:
        return None
    # Page ranges in order inside the text, line offsets inside it: what Source relies on.
    ends = [0] + [end for _, end in pages]
    if any(not ends[i] <= start <= end <= len(text) for i, (start, end) in enumerate(pages)):
        return None
    if any(not 0 <= offset <= len(text) or line < 1 for offset, line in file_lines):
        return None
    return Document(text, pages=pages, file_lines=file_lines)


def _pairs(value: Any) -> tuple[tuple[int, int], ...] | None:
    if not isinstance(value, list):
        return None
    pairs = []
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2 and all(_is_int(n) for n in pair)):
            return None
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _digest(text: str) -> str:
    # surrogatepass: a PDF's text can hold a lone surrogate, which strict UTF-8 refuses.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _store(entry: Path, version: str, document: Document) -> bool:
    """Whether the entry was written."""
    stored = {
        "version": version,
        "text_sha256": _digest(document.text),
        "text": document.text,
        "pages": document.pages,
        "file_lines": document.file_lines,
    }
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=entry.parent, prefix=".writing-")
    except OSError:  # a read-only or unusable cache dir: the next run parses again
        return False
    try:
        # ASCII JSON: every character, a lone surrogate included, comes back as it was.
        with os.fdopen(handle, "wb") as file:
            file.write(json.dumps(stored).encode("ascii"))
        os.replace(temporary, entry)
        return True
    except OSError:  # a full disk: nothing is kept, and the run goes on
        return False
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)  # gone after the rename; left only where it failed
