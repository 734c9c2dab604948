"""The source text: reading it safely, and finding sentences and lines by character offset."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar

from verify_ask.errors import InputError, unreadable
from verify_ask.text.formats import Document, Format, detect_format
from verify_ask.text.vocabulary import MONTH_ABBREVIATIONS

if TYPE_CHECKING:
    from verify_ask.text.normalize import Mention

_Built = TypeVar("_Built")

MAX_SOURCE_BYTES = 64 * 1024 * 1024
"""Refuse larger sources outright: reading them would exhaust memory long before an answer."""

# A sentence ends at . ! ? (optionally closed by a quote or bracket, and followed by the
# footnote marks of a copied web page: "Galilee.[citation needed]", "Earth.[12]") followed by
# whitespace, or at a line break. A decimal point ("3.5") has no whitespace after it, so it
# never ends one.
_SENTENCE_END = re.compile(r"""[.!?]["')\]]*(?:\[[^\[\]\n]{1,40}\])*\s+|\n+""")
# ...but not after an initial ("Hugh L. Dryden") or a common abbreviation ("Dr.", "Sept.", the
# "v." of a case name: "Wisconsin v. Yoder").
# An initial stands after a space, a bracket or another initial ("J.I. Pontanus"): the C of
# "-7.0 °C." is a unit's.
_NOT_AN_END = re.compile(
    r"(?:(?<![^\s(\[\"'.])[A-Z]|\b(?:Mr|Mrs|Ms|Dr|Prof|St|Mt|Ft|Jr|Sr|Gen|Gov|Sen|Rep|Lt|Col|Capt|Sgt|Rev|Co"
    r"|Bros|vs|v|approx|ca|No|Nos|Fig|Vol|pp|e\.g|i\.e|U\.S|U\.K|"
    + "|".join(MONTH_ABBREVIATIONS)
    + r"))\.$"
)

# A company's suffix, "etc." or an era's or hour's initials often end a sentence ("... known
# today as Visa Inc. The", "in 55 B.C. Caesar"; not "at 4:40 a.m. on Tuesday"): they end one
# where a capitalized word other than another suffix ("Co. Ltd.") follows.
_COMPANY_SUFFIXES = "Inc|Corp|Ltd|Co"
_END_BEFORE_A_CAPITAL = re.compile(r"\b(?:Inc|Corp|Ltd|etc|A\.D|B\.C|[Aa]\.[Mm]|[Pp]\.[Mm])\.$")
_NEXT_STARTS_A_SENTENCE = re.compile(rf"[\"'(\[]?(?!(?:{_COMPANY_SUFFIXES})\b)[A-Z]")

_LETTERS_AND_DIGITS = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Source:
    """The text with its sentences, lines and figures; the indexes that other code builds
    over it are kept with it (``cached``)."""

    text: str
    path: str | None = None
    pages: tuple[tuple[int, int], ...] = field(default=(), repr=False, compare=False)
    """(start, end) of each page's text in page order (a PDF's); empty for a text without
    pages."""
    file_lines: tuple[tuple[int, int], ...] = field(default=(), repr=False, compare=False)
    """(offset, line): from ``offset`` on, the text comes from that 1-based line of the file.
    Set where the text is not the file's (Markdown without its markup), so that evidence
    names the line an editor shows; empty when the text's own lines are the file's."""
    _line_starts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _built: dict[Callable[[Source], Any], Any] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        starts = [0] + [match.end() for match in re.finditer("\n", self.text)]
        object.__setattr__(self, "_line_starts", tuple(starts))

    @cached_property
    def sentences(self) -> tuple[tuple[int, int], ...]:
        """(start, end) of every sentence, whitespace trimmed, in order."""
        spans = []
        start = 0
        for match in _SENTENCE_END.finditer(self.text):
            end = match.start() + len(match.group().rstrip())
            if "\n" not in match.group() and _not_an_end(self.text, end, match.end()):
                continue
            spans.append(_trim(self.text, start, end))
            start = match.end()
        spans.append(_trim(self.text, start, len(self.text)))
        return tuple(span for span in spans if span[1] > span[0])

    def poses(self, question: str) -> bool:
        """Whether the text ends by asking the question itself, as a word problem does (words
        compared without case or marks): its figures are then the problem's data, not the
        answer. A text that asks the question and then answers it (an FAQ) does not."""
        asked = " ".join(_LETTERS_AND_DIGITS.findall(question.lower()))
        return len(asked) > 0 and self._letters_and_digits.endswith(asked)

    @cached_property
    def _letters_and_digits(self) -> str:
        return " ".join(_LETTERS_AND_DIGITS.findall(self.text.lower()))

    @cached_property
    def sentence_starts(self) -> list[int]:
        return [start for start, _ in self.sentences]

    def sentence_index(self, offset: int) -> int:
        """Index of the sentence holding ``offset`` (the one before, between sentences)."""
        return max(bisect.bisect_right(self.sentence_starts, offset) - 1, 0)

    @cached_property
    def mentions(self) -> list[Mention]:
        """Every figure and date in the source with its offsets (computed once)."""
        from verify_ask.text.normalize import find_values

        return find_values(self.text)

    def cached(self, build: Callable[[Source], _Built]) -> _Built:
        """``build(self)``, made on first use and kept as long as this source lives.

        The indexes over a source (``places.places_of``, ``passages.passage_index_of``,
        ``tables.tables_of``) belong to the code that reads them, which keeps them here
        rather than this module importing that code. A weak-keyed dictionary in that code
        would never let go: each index refers back to its source.
        """
        try:
            return self._built[build]
        except KeyError:
            made = self._built[build] = build(self)
            return made

    def sentence_around(self, start: int, end: int) -> tuple[int, int]:
        """The sentence holding the span; a span crossing sentences gets their union."""
        starts = self.sentence_starts
        first = max(bisect.bisect_right(starts, start) - 1, 0)
        last = max(bisect.bisect_right(starts, max(end - 1, start)) - 1, first)
        return self.sentences[first][0], max(self.sentences[last][1], end)

    def line_of(self, offset: int) -> int:
        """1-based line number of a character offset: the file's line (``file_lines``)."""
        if self.file_lines:
            index = bisect.bisect_right(self._file_line_offsets, offset) - 1
            return self.file_lines[index][1] if index >= 0 else 1
        return bisect.bisect_right(self._line_starts, offset)

    @cached_property
    def _file_line_offsets(self) -> list[int]:
        return [offset for offset, _ in self.file_lines]

    def page_of(self, offset: int) -> int | None:
        """1-based page holding a character offset; None for a text without pages, or for the
        line break between two pages."""
        index = bisect.bisect_right(self._page_starts, offset) - 1
        if index < 0 or offset >= self.pages[index][1]:
            return None
        return index + 1

    @cached_property
    def _page_starts(self) -> list[int]:
        return [start for start, _ in self.pages]


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def read_source(path: str, stdin: BinaryIO | None = None) -> Source:
    """Read a source file (UTF-8 text, HTML, Markdown, PDF or Word), or ``stdin`` (the
    caller's standard input) when ``path`` is "-".

    Every way a file can be unusable becomes an ``InputError`` naming the path.
    """
    if not path:  # Path("") is ".", which would be reported as a directory
        raise InputError("the source path is empty")
    if path == "-":
        data = standard_input(stdin, "the source").read(MAX_SOURCE_BYTES + 1)
        label = "<stdin>"
    else:
        data = _read_file(Path(path))
        label = path
    return source_from_bytes(data, label)


def standard_input(stdin: BinaryIO | None, what: str) -> BinaryIO:
    """``stdin`` to read ``what`` from ("-"), or an ``InputError`` when the process has none
    (started with it closed)."""
    if stdin is None:
        raise InputError(f"there is no standard input to read {what} from")
    return stdin


def source_from_bytes(data: bytes, label: str) -> Source:
    """The source in ``data``, whatever its format (``formats.detect_format``): a PDF or
    Word document read by its reader (or found in the cache, ``formats.cache``), HTML and
    Markdown without their markup, text as it is."""
    if len(data) > MAX_SOURCE_BYTES:
        raise InputError(f"source {label} is larger than {MAX_SOURCE_BYTES // 2**20} MiB")
    kind = detect_format(data, label)
    # A long PDF takes seconds to parse: a document's text is kept in the cache by its hash.
    if kind == "pdf":
        from verify_ask.text.formats.cache import read_cached
        from verify_ask.text.formats.pdf import read_pdf

        document = read_cached(data, label, kind, read_pdf)
    elif kind == "zip":
        raise InputError(f"source {label} is a zip archive, not a Word (.docx) document")
    elif kind == "docx":
        from verify_ask.text.formats.cache import read_cached
        from verify_ask.text.formats.word import read_docx

        document = read_cached(data, label, kind, read_docx)
    else:
        document = _text_document(data, label, kind)
    if not document.text.strip():
        raise InputError(f"source {label} is empty")
    return Source(
        text=document.text,
        path=None if label == "<stdin>" else label,
        pages=document.pages,
        file_lines=document.file_lines,
    )


def _text_document(data: bytes, label: str, kind: Format) -> Document:
    if b"\x00" in data[:65536]:
        raise InputError(f"source {label} looks binary (it contains NUL bytes), not text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(
            f"source {label} is not UTF-8 text (bad byte at offset {error.start}); "
            "convert it first, e.g. with iconv"
        ) from None
    if kind == "html":
        from verify_ask.text.formats.html import html_to_text

        return Document(html_to_text(text))
    if kind == "markdown":
        from verify_ask.text.formats.markdown import read_markdown

        return read_markdown(text)
    return Document(text)


def _read_file(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(MAX_SOURCE_BYTES + 1)
    except OSError as error:
        raise InputError(unreadable("source", path, error)) from None


def _not_an_end(text: str, end: int, next_start: int) -> bool:
    """Whether the stop at ``end`` belongs to an abbreviation or an initial rather than
    ending the sentence."""
    before = max(0, end - 6)
    if _END_BEFORE_A_CAPITAL.search(text, before, end):
        return not _NEXT_STARTS_A_SENTENCE.match(text, next_start)
    return bool(_NOT_AN_END.search(text, before, end))
