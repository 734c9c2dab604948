"""Real PDF and Word files for the tests, made with real writers (fpdf2, python-docx), and the
broken ones that verify-ask must refuse: encrypted, scanned, truncated, malformed, a zip bomb.

A page or a document is a list of blocks: a string is a paragraph, a tuple of rows a table.
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from fpdf import FPDF

Table = tuple[tuple[str, ...], ...]
Block = Union[str, Table]

FILING = [
    [
        "Lumen Industries Annual Report 2018",
        "Lumen Industries was founded in 1961 in Dayton, Ohio, by the chemist Ruth Alder. Today "
        "the company employs 4,210 people at eleven plants on three continents, and it sells "
        "coatings, adhesives and filters to customers in more than forty countries.",
    ],
    [
        "Consolidated Statement of Cash Flows",
        (
            ("(in millions)", "2018", "2017"),
            ("Net sales", "32,765", "31,657"),
            ("Purchases of property, plant and equipment", "(1,577)", "(1,373)"),
            ("Net cash provided by operating activities", "6,439", "6,240"),
        ),
        "Capital spending rose in 2018 as the Dayton plant was enlarged.",
    ],
    [],  # a blank page: the pages after it keep their numbers
    [
        "Employees",
        "At the end of 2018 the research centre in Lyon had 312 employees.",
    ],
]
"""A filing-like document: prose, a statement with "(in millions)" and a negative in
parentheses, a blank page, and a figure on the last page."""

WHERE = {"1961": 1, "4,210": 1, "(1,577)": 2, "6,439": 2, "312": 4}
"""Figures of ``FILING`` that occur once, and the page each stands on."""


def write_pdf(
    path: Path,
    pages: Sequence[Sequence[Block]],
    *,
    user_password: str | None = None,
    encryption: str = "RC4",
) -> Path:
    """``encryption``: "RC4", "AES_128" or "AES_256" (fpdf2's names), with ``user_password``."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_font("Helvetica", size=10)
    for blocks in pages:
        pdf.add_page()
        for block in blocks:
            if isinstance(block, str):
                pdf.multi_cell(0, 5, block, new_x="LMARGIN", new_y="NEXT")
                pdf.ln(2)
            else:
                _pdf_table(pdf, block)
    if user_password is not None:
        from fpdf.enums import EncryptionMethod

        pdf.set_encryption(
            owner_password="owner",
            user_password=user_password,
            encryption_method=EncryptionMethod[encryption],
        )
    pdf.output(str(path))
    return path


def _pdf_table(pdf: FPDF, rows: Table) -> None:
    for row in rows:
        label, *figures = row
        pdf.cell(100, 6, label)
        for figure in figures:
            pdf.cell(35, 6, figure, align="R")
        pdf.ln(6)
    pdf.ln(2)


def write_scanned_pdf(path: Path) -> Path:
    """Pages with drawings and no text, as a scan without OCR has."""
    from fpdf import FPDF

    pdf = FPDF()
    for _ in range(2):
        pdf.add_page()
        pdf.rect(20, 20, 120, 80, style="F")
    pdf.output(str(path))
    return path


def write_docx(path: Path, blocks: Sequence[Block]) -> Path:
    import docx

    document = docx.Document()
    for block in blocks:
        if isinstance(block, str):
            document.add_paragraph(block)
            continue
        table = document.add_table(rows=len(block), cols=len(block[0]))
        for r, row in enumerate(block):
            for c, text in enumerate(row):
                table.cell(r, c).text = text
    document.save(str(path))
    return path


def write_zip_bomb(path: Path, unpacked: int) -> Path:
    """A .docx-looking zip whose word/document.xml unpacks to ``unpacked`` bytes."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("word/document.xml", "w", force_zip64=True) as member:
            chunk = b" " * 2**20
            for _ in range(unpacked // len(chunk)):
                member.write(chunk)
    return path


def truncated(path: Path, whole: Path) -> Path:
    """The first half of ``whole``, as an interrupted download leaves it."""
    data = whole.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def malformed(path: Path, whole: Path) -> Path:
    """``whole`` with its body overwritten: the header and the end are a PDF's, the rest not."""
    data = whole.read_bytes()
    path.write_bytes(data[:200] + b"\0" * (len(data) - 400) + data[-200:])
    return path
