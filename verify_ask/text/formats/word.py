"""Word (.docx) sources: paragraphs and tables in document order, read with python-docx.

A table row becomes one line with its cells between `` | ``, as the HTML reader writes
them, so ``verify_ask.text.tables`` gives each figure its row and column labels. A .docx is
a zip: its directory's sizes are checked before anything is unpacked, so a zip bomb is
refused from a few kilobytes of it.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from typing import TYPE_CHECKING

from verify_ask.errors import InputError
from verify_ask.text.formats import Document, check_text_length, reason

if TYPE_CHECKING:
    from docx.document import Document as WordDocument
    from docx.table import Table

MAX_UNZIPPED_BYTES = 256 * 2**20
"""python-docx holds every part in memory: four times the largest text source, which leaves
room for the XML around the text and for pictures."""
MAX_MEMBERS = 10_000


def read_docx(data: bytes, label: str) -> Document:
    _check_archive(data, label)
    from docx import Document as open_document

    try:
        lines = list(_lines(open_document(io.BytesIO(data))))
    except Exception as error:  # broken XML or parts raise errors of many types
        raise _unreadable(label, error) from None
    text = "\n".join(lines)
    check_text_length(len(text), label)
    return Document(text)


def _check_archive(data: bytes, label: str) -> None:
    """Refuse what is not a .docx, or would unpack to more than ``MAX_UNZIPPED_BYTES``, from
    the sizes the zip's central directory declares (unzipping never yields more than that:
    ``zipfile`` stops each member at its declared size)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except Exception as error:  # damaged bytes: BadZipFile, NotImplementedError for a version...
        raise _unreadable(label, error) from None
    if "word/document.xml" not in {member.filename for member in members}:
        raise InputError(f"source {label} is a zip archive, not a Word (.docx) document")
    unpacked = sum(member.file_size for member in members)
    if len(members) > MAX_MEMBERS or unpacked > MAX_UNZIPPED_BYTES:
        raise InputError(
            f"source {label} would unpack to {unpacked / 2**20:.0f} MiB in {len(members)} "
            f"files, more than the {MAX_UNZIPPED_BYTES // 2**20} MiB or {MAX_MEMBERS} files "
            "allowed (a zip bomb?)"
        )


def _unreadable(label: str, error: BaseException) -> InputError:
    return InputError(f"source {label} is not a readable Word document ({reason(error)})")


def _lines(document: WordDocument) -> Iterator[str]:
    from docx.table import Table

    for block in document.iter_inner_content():
        if isinstance(block, Table):
            yield from _rows(block)
        else:  # a paragraph; a line break inside it (Shift+Enter) is kept
            yield from (" ".join(line.split()) for line in block.text.splitlines() if line.strip())


def _rows(table: Table) -> Iterator[str]:
    for row in table.rows:
        cells = []
        previous = None
        for cell in row.cells:
            # python-docx repeats a cell merged across columns in each of them; the table
            # reader takes an empty cell as the one to the left spanning it.
            cells.append("" if cell._tc is previous else " ".join(cell.text.split()))
            previous = cell._tc
        if any(cells):
            yield " | ".join(cells)
