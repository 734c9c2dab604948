"""The lines of a PDF page as the rest of verify-ask reads text: table rows with their cells
between `` | `` (``verify_ask.text.tables``), and prose wrapped by the page joined again.

pypdf's plain extraction keeps the order a person reads in, columns of prose included, but
writes a table row as words and figures with single spaces between them: the cells are lost.
Its layout extraction keeps the cells apart (two spaces or more between columns) but, by
placing text where it stands on the page, runs two columns of prose into one line. So the
page is read plainly, and only a line that the layout shows as a row of figure cells takes
its cells from there: the same words and figures, split where the page splits them.
"""

from __future__ import annotations

import re

# A cell that is a figure or stands for one: "32,765", "(1,577)", "$ 4.2", "7.5%", "—", "2018".
_FIGURE_CELL = re.compile(
    r"^(?:[$€£¥]?\s*[(\-–−]?\s*[$€£¥]?\s*\d[\d,.]*\s*%?\)?\s*%?\*?|[$€£¥]?\s*[—–-]+|n/?a|nm)$",
    re.IGNORECASE,
)
_CELL_GAP = re.compile(r"\s{2,}")
_HEADER_WORDS = 4
"""A column header is a few words ("Industrial", "Year ended 2018"), never a sentence."""
_SENTENCE_MARK = re.compile(r"[.!?;:]$|,\s")
# A plain line that ends with a figure after a word may be a table row: worth the layout pass.
_ENDS_WITH_FIGURE = re.compile(r"\S\s+[$€£¥(\-–−]*\d[\d,.]*\)?%?$")


def might_hold_rows(lines: list[str]) -> bool:
    """Whether a page's plain lines look as if a table stands on it (two lines ending in a
    figure): only then is the slower layout extraction run."""
    return sum(1 for line in lines if _ENDS_WITH_FIGURE.search(line)) >= 2


def with_cells(lines: list[str], layout: str) -> list[str]:
    """``lines`` (whitespace collapsed), each table row among them written as its cells
    joined by `` | `` as the ``layout`` text of the same page separates them; a header of
    words over a row of figure cells too ("Segment   Industrial   Safety")."""
    rows = {}
    laid = [line for line in layout.splitlines() if line.strip()]
    for at, line in enumerate(laid):
        cells = _row_cells(line)
        if cells is None and at + 1 < len(laid):
            cells = _header_cells(line, _row_cells(laid[at + 1]))
        if cells is not None:
            rows[" ".join(line.split())] = " | ".join(cells)
    return [rows.get(line, line) for line in lines]


def _header_cells(line: str, row_below: list[str] | None) -> list[str] | None:
    """The cells of a layout line of column headers in words, when the line below it is a
    row with one figure cell under each: a label (empty when the line is indented) and the
    headers; None for other lines, prose that the layout happens to space out among them."""
    if row_below is None:
        return None
    cells = _CELL_GAP.split(line.rstrip())
    label, headers = cells[0].strip(), cells[1:]
    if len(headers) != len(row_below) - 1 or any(_FIGURE_CELL.match(h) for h in headers):
        return None
    if any(len(cell.split()) > _HEADER_WORDS or _SENTENCE_MARK.search(cell) for cell in cells):
        return None
    if not all(header[:1].isupper() or header[:1] in "(0123456789" for header in headers):
        return None  # "the company  was founded": prose, whose words go on in lower case
    return [label, *headers]


def _row_cells(line: str) -> list[str] | None:
    """The cells of a layout line that is a table row: a label (empty when the line is
    indented, as a header of years is) and one or more figure cells; None for other lines."""
    cells = _CELL_GAP.split(line.rstrip())
    figures = cells[1:]
    if not figures or not all(_FIGURE_CELL.match(cell) for cell in figures):
        return None
    return [cells[0].strip(), *figures]


def join_wrapped(lines: list[str]) -> list[str]:
    """Lines of prose that the page wrapped, joined again: a line that starts in lower case
    continues the one before, unless either is a table row. The source's sentences end at
    line breaks, so a wrapped sentence would otherwise be quoted in halves."""
    joined: list[str] = []
    for line in lines:
        continues = line[:1].islower() and " | " not in line
        if joined and continues and " | " not in joined[-1]:
            joined[-1] = f"{joined[-1]} {line}"
        else:
            joined.append(line)
    return joined
