"""PDF sources: the text layer read page by page with pypdf, each page's range kept so that
evidence can name its page.

Reading is bounded: at most ``MAX_PAGES`` pages, ``formats.MAX_TEXT_CHARS`` characters and
``MAX_PARSE_SECONDS`` seconds (checked between pages), on top of pypdf's own limit on each
decompressed stream. Every way a PDF can be unusable (encrypted, scanned, truncated,
malformed, too big) becomes one ``InputError`` naming the file.
"""

from __future__ import annotations

import io
import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from verify_ask.errors import InputError
from verify_ask.text.formats import Document, check_text_length, reason
from verify_ask.text.formats.layout import join_wrapped, might_hold_rows, with_cells

if TYPE_CHECKING:
    from pypdf import PageObject, PdfReader

MAX_PAGES = 10_000
"""Ten times a long annual report: a file with more pages is refused before any is read."""
MAX_PARSE_SECONDS = 300.0
"""A page's operators can be costly without yielding text; past this the file is refused."""


class _Repairs(logging.Handler):
    """What pypdf says it repaired in the file this thread reads. Kept off stderr, where
    Python's last-resort handler would print it (verify-ask writes one line per error); the
    error for a file that gives no text names it."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.seen = threading.local()

    def emit(self, record: logging.LogRecord) -> None:
        found = getattr(self.seen, "messages", None)
        if found is not None and len(found) < 10:
            found.append(record.getMessage())

    def start(self) -> list[str]:
        self.seen.messages = []
        return self.seen.messages


_REPAIRS = _Repairs()
logging.getLogger("pypdf").addHandler(_REPAIRS)


def read_pdf(data: bytes, label: str) -> Document:
    """The text of every page, pages separated by a line break, with each page's range."""
    # pypdf repairs a cut file by scanning it, and would read what is left as if it were all.
    if b"%%EOF" not in data[-1024:]:
        raise InputError(f"source {label} is a truncated PDF (it does not end with %%EOF)")
    repairs = _REPAIRS.start()
    with _readable(label):
        reader = _open(data, label)
        count = len(reader.pages)
    if count == 0:  # every PDF has a page: its page tree is lost
        raise InputError(f"source {label} is not a readable PDF (no page could be found)")
    if count > MAX_PAGES:
        raise InputError(f"source {label} has {count} pages, more than the {MAX_PAGES} read")
    deadline = time.monotonic() + MAX_PARSE_SECONDS
    texts: list[str] = []
    pages: list[tuple[int, int]] = []
    length = 0
    for number in range(count):
        if time.monotonic() > deadline:
            raise InputError(
                f"source {label} took more than {MAX_PARSE_SECONDS:.0f} s to read "
                f"(stopped at page {number + 1} of {count})"
            )
        with _readable(label, f" at page {number + 1}"):
            text = _page_text(reader.pages[number])
        start = length + 1 if texts else 0  # after the line break that ends the page before
        texts.append(text)
        pages.append((start, start + len(text)))
        length = start + len(text)
        check_text_length(length, label)
    joined = "\n".join(texts)
    if not joined.strip():
        # A scan that pypdf had to repair may be either: say both.
        damaged = f", or it is damaged (pypdf: {reason(repairs[0])})" if repairs else ""
        raise InputError(
            f"source {label} has no text layer: run OCR first (e.g. ocrmypdf){damaged}"
        )
    return Document(joined, pages=tuple(pages))


def _open(data: bytes, label: str) -> PdfReader:
    from pypdf import PasswordType, PdfReader

    reader = PdfReader(io.BytesIO(data))
    # A file encrypted with an empty user password (printing or copying restricted) opens as
    # it does in any viewer; only one that asks for a password is refused.
    if reader.is_encrypted and reader.decrypt("") == PasswordType.NOT_DECRYPTED:
        raise _encrypted(label)
    return reader


def _page_text(page: PageObject) -> str:
    lines = [" ".join(line.split()) for line in page.extract_text().splitlines()]
    lines = [line for line in lines if line]
    if might_hold_rows(lines):
        try:
            layout = page.extract_text(extraction_mode="layout")
        except Exception:  # the cells are a refinement: the plain lines stand
            layout = ""
        lines = with_cells(lines, layout)
    return "\n".join(join_wrapped(lines))


@contextmanager
def _readable(label: str, where: str = "") -> Iterator[None]:
    """pypdf's failures on this file as ``InputError``: hostile or broken bytes make it
    raise errors of many types (its own, and KeyError, ValueError, zlib.error...)."""
    from pypdf.errors import DependencyError, FileNotDecryptedError

    try:
        yield
    except InputError:
        raise
    except FileNotDecryptedError:
        raise _encrypted(label) from None
    except DependencyError as error:  # AES needs the cryptography package
        raise InputError(f"source {label} needs a package to be read: {reason(error)}") from None
    except Exception as error:  # any failure of the parser is the file's
        raise InputError(f"source {label} is not a readable PDF{where} ({reason(error)})") from None


def _encrypted(label: str) -> InputError:
    return InputError(
        f"source {label} is an encrypted PDF that needs a password; "
        "decrypt it first, e.g. with qpdf --decrypt"
    )
