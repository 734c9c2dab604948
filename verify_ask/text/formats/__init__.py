"""Which format a source is in, told by its content first and its name second, and the text
a document reader hands back with where each part of it came from.

PDF and Word files are recognised by their bytes (``%PDF-``; a zip holding
``word/document.xml``), whatever they are called, since a renamed or extension-less
download is common. HTML and Markdown are text: HTML is told by its name or its first tag,
Markdown by its name, or, where the name has no suffix (stdin, ``README``), by two signs of
markup that plain text does not write by accident. The readers live in their own modules
and import their libraries (pypdf, python-docx, markdown-it-py) only when such a file is
read, which keeps ``verify-ask --help`` fast.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath
from typing import Literal

from verify_ask.errors import InputError

Format = Literal["pdf", "docx", "zip", "html", "markdown", "text"]

MAX_TEXT_CHARS = 64 * 2**20
"""The longest text a document may unpack to, as many characters as the bytes a text source
may hold (``source.MAX_SOURCE_BYTES``): a small compressed PDF can hold far more."""

_ZIP = b"PK\x03\x04"
_MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdown", ".mkd")
# Markdown that plain text does not write by accident: two of these make a file Markdown.
_MARKDOWN_SIGNS = (
    re.compile(r"^#{1,6} \S", re.MULTILINE),  # an ATX heading
    re.compile(r"\*\*\S[^*\n]*\*\*"),  # **strong**
    re.compile(r"\[[^\]\n]+\]\([^)\s]+\)"),  # [a link](target)
    re.compile(r"^```", re.MULTILINE),  # a fenced code block
    re.compile(r"^\|?\s*:?-{3,}:?\s*\|", re.MULTILINE),  # a table's delimiter row
)


@dataclass(frozen=True)
class Document:
    """The text a reader made of a file, with its page ranges and (for Markdown, whose
    markup is dropped) the file line each part of the text comes from."""

    text: str
    pages: tuple[tuple[int, int], ...] = ()
    """(start, end) of each page's text, in page order; empty for a format without pages."""
    file_lines: tuple[tuple[int, int], ...] = ()
    """(offset, line): from ``offset`` on the text comes from that 1-based line of the file;
    empty when the text's own lines are the file's."""


def detect_format(data: bytes, label: str) -> Format:
    """The format of a source's bytes; ``label`` is its path or "<stdin>"."""
    head = data[:1024]
    if head.lstrip().startswith(b"%PDF-"):  # readers accept blank bytes before the header
        return "pdf"
    suffix = PurePath(label).suffix.lower()
    if head.startswith(_ZIP):
        # A broken .docx is still reported as one, so its error says what is wrong with it.
        return "docx" if suffix == ".docx" or _zip_holds(data, "word/document.xml") else "zip"
    text_head = head.removeprefix(b"\xef\xbb\xbf").lstrip().lower()
    if suffix in (".html", ".htm") or text_head.startswith((b"<!doctype html", b"<html")):
        return "html"
    if suffix in _MARKDOWN_SUFFIXES:
        return "markdown"
    if not suffix and _looks_like_markdown(data[:65536]):  # stdin, README: the name says nothing
        return "markdown"
    return "text"


def _zip_holds(data: bytes, name: str) -> bool:
    """Whether the zip's central directory lists ``name`` (nothing is unpacked)."""
    import io
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return name in archive.namelist()
    except Exception:  # damaged bytes raise BadZipFile, NotImplementedError, ValueError...
        return False  # reported as a zip that is not a Word document


def _looks_like_markdown(head: bytes) -> bool:
    text = head.decode("utf-8", errors="ignore")
    return sum(1 for sign in _MARKDOWN_SIGNS if sign.search(text)) >= 2


def check_text_length(length: int, label: str) -> None:
    """Refuse a document whose text has grown past ``MAX_TEXT_CHARS`` (read at call time, so
    a test can lower it)."""
    if length > MAX_TEXT_CHARS:
        raise InputError(
            f"source {label} has more than {MAX_TEXT_CHARS:,} characters of text, "
            "the most a source may hold"
        )


def reason(error: BaseException | str) -> str:
    """A parser's complaint as a short single line, for the end of an error message."""
    words = " ".join(str(error).split()) or type(error).__name__
    return words if len(words) <= 120 else words[:117] + "..."
