"""Tables written as text rows with ``|`` between cells, and what a cell's figure is about.

In a table a figure's meaning is not in the words beside it but in its row label and its
column header ("Total sales" × "2019"). ``TableIndex`` finds the table blocks of a source
and gives, for any offset inside a cell, the texts that label that cell.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from verify_ask.text.vocabulary import YEAR

if TYPE_CHECKING:
    from verify_ask.text.source import Source

_NUMBER = re.compile(r"\d")
_FRAMED = re.compile(r"\s*\|.*\|\s*")
_ALIGNMENT = re.compile(r"\s*\|?(?:\s*:?-{3,}:?\s*\|)+(?:\s*:?-{3,}:?\s*)?")
# A cell that holds a figure and little else ("$ 1,452.4", "(23)", "7.5%"), not words with
# numbers in them (">360", "1–90").
_FIGURE = re.compile(
    r"^[\s(\-–−]*[$€£¥]?[\s(\-–−]*[\d,.]+\s*(?:%|[a-z]{0,3})[\s)%*]*$", re.IGNORECASE
)
# A value cell that holds no figure: "—", "$—", "None", "n/a", "nm".
_NO_VALUE = re.compile(r"^\s*[$€£¥]?\s*(?:[—–\-]+|none|nil|n/?a|n\.?m\.?)\s*$", re.IGNORECASE)
_YEAR_ONLY = re.compile(rf"^\W*(?:(?:FY|fiscal|year)?\s*{YEAR}\W*)+\W*$", re.IGNORECASE)


@dataclass(frozen=True)
class _Row:
    cells: tuple[tuple[int, int], ...]
    """(start, end) of each cell's text, trimmed."""


@dataclass(frozen=True)
class _Block:
    rows: tuple[_Row, ...]
    header_rows: tuple[int, ...]
    lines: tuple[tuple[int, int], ...]
    """(start, end) of each row's line."""


@dataclass(frozen=True)
class TableSpan:
    """Where a table stands: from its title line (or first row) to its last row, and the
    end of its head, the title and header rows that name its columns (``start`` when it
    has neither)."""

    start: int
    end: int
    head_end: int

    @property
    def head(self) -> tuple[int, int] | None:
        return (self.start, self.head_end) if self.head_end > self.start else None


_TITLE_CHARS = 100
"""A line just above a table that is this short and does not end a sentence is its title
("Consolidated Statement of Cash Flows", "(In millions)")."""


def tables_of(source: Source) -> TableIndex:
    """The source's text tables (rows of cells between ``|``), found once per source."""
    return source.cached(_index_text)


def _index_text(source: Source) -> TableIndex:
    return TableIndex(source.text)


class TableIndex:
    """Table blocks of one text, with a lookup from an offset to the cell's labels."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._cells: list[tuple[int, int, int, int, int]] = []  # start, end, block, row, col
        self._blocks: list[_Block] = []
        for lines in _table_runs(text):
            self._add_block(lines)
        self._cells.sort()
        self._starts = [cell[0] for cell in self._cells]

    def labels_at(self, start: int) -> list[str] | None:
        """Row label, section label and column headers of the cell holding ``start``; the
        row label always first, empty when the row has none (a units row: " | $'000")."""
        found = self._figure_cell(start)
        if found is None:
            return None
        block, row_index, column = found
        labels = [self._cell_text(block.rows[row_index], 0)]
        labels += self._section_label(block, row_index)
        for header in block.header_rows:
            row = block.rows[header]
            if len(row.cells) == len(block.rows[row_index].cells):
                # A header's first cell titles the row labels ("Fiscal Year") or the whole
                # table ("30 June 2019"): it is every cell's.
                labels += [self._header_text(row, column), self._cell_text(row, 0)]
            else:  # a header with merged cells spans every column
                labels += [self._cell_text(row, c) for c in range(len(row.cells))]
        return [labels[0], *(label for label in labels[1:] if label)]

    def columns_at(self, start: int) -> tuple[str, list[str]] | None:
        """The column headers of the cell holding ``start``, and those of its row's other
        columns, each as one text; None outside a table's figure cells."""
        found = self._figure_cell(start)
        if found is None:
            return None
        block, row_index, column = found
        row = block.rows[row_index]
        headers = [
            " ".join(self._column_headers(block, row, other)) for other in range(len(row.cells))
        ]
        return headers[column], [h for c, h in enumerate(headers) if c not in (0, column)]

    def _figure_cell(self, start: int) -> tuple[_Block, int, int] | None:
        """(block, row, column) of the cell past the row labels that holds ``start``."""
        index = bisect.bisect_right(self._starts, start) - 1
        if index < 0:
            return None
        cell_start, cell_end, block_index, row_index, column = self._cells[index]
        if not cell_start <= start < cell_end or column == 0:
            return None
        return self._blocks[block_index], row_index, column

    def spans(self) -> list[TableSpan]:
        """Every table of the text, in order."""
        found = []
        for block in self._blocks:
            title = self._title_line(block.lines[0][0])
            start = title[0] if title else block.lines[0][0]
            if block.header_rows:
                head_end = block.lines[max(block.header_rows)][1]
            else:
                head_end = title[1] if title else start
            found.append(TableSpan(start, block.lines[-1][1], head_end))
        return found

    def _title_line(self, table_start: int) -> tuple[int, int] | None:
        end = self.text.rfind("\n", 0, table_start)
        if end < 0:
            return None
        start = self.text.rfind("\n", 0, end) + 1
        line = self.text[start:end].strip()
        if not line or len(line) > _TITLE_CHARS or line.endswith((".", "!", "?")):
            return None
        return start + self.text[start:end].index(line[0]), end

    def body_rows(self) -> list[tuple[str, list[tuple[str, int, int]]]]:
        """Each body row as (label, [(column header text, start, end) of its figure cells])."""
        rows = []
        for block in self._blocks:
            for index, row in enumerate(block.rows):
                if index in block.header_rows or not row.cells:
                    continue
                label = " ".join([self._cell_text(row, 0), *self._section_label(block, index)])
                cells = []
                for column in range(1, len(row.cells)):
                    start, end = row.cells[column]
                    if _NUMBER.search(self.text[start:end]):
                        headers = " ".join(self._column_headers(block, row, column))
                        cells.append((headers, start, end))
                if cells:
                    rows.append((label, cells))
        return rows

    def _column_headers(self, block: _Block, row: _Row, column: int) -> list[str]:
        headers = []
        for header in block.header_rows:
            header_row = block.rows[header]
            if len(header_row.cells) == len(row.cells):
                headers.append(self._header_text(header_row, column))
        return headers

    def _header_text(self, row: _Row, column: int) -> str:
        """A header cell's text; an empty one is under the merged cell to its left
        ("December 31, 2019 |  | December 31, 2018 | " heads four columns, two each)."""
        for left in range(column, 0, -1):
            text = self._cell_text(row, left)
            if text:
                return text
        return ""

    def _cell_text(self, row: _Row, column: int) -> str:
        if column >= len(row.cells):
            return ""
        start, end = row.cells[column]
        return self.text[start:end]

    def _section_label(self, block: _Block, row_index: int) -> list[str]:
        """The nearest row above with a label and no figures ("Assets:")."""
        for index in range(row_index - 1, -1, -1):
            if index in block.header_rows:
                break
            row = block.rows[index]
            cells = [self._cell_text(row, c) for c in range(len(row.cells))]
            if cells[0] and not any(_NUMBER.search(cell) for cell in cells[1:]):
                return [cells[0]]
        return []

    def _add_block(self, lines: list[tuple[int, int]]) -> None:
        # A Markdown table opens and closes every line with a pipe, around no cell.
        framed = all(_FRAMED.fullmatch(self.text, s, e) for s, e in lines)
        rows = tuple(_Row(tuple(_split_cells(self.text, s, e, framed))) for s, e in lines)
        headers = []
        for index, row in enumerate(rows):
            label, *rest = [self.text[s:e].strip() for s, e in row.cells]
            rest = [cell for cell in rest if cell]
            years = [cell for cell in rest if _YEAR_ONLY.match(cell)]
            values = [
                c for c in rest if c not in years and (_FIGURE.match(c) or _NO_VALUE.match(c))
            ]
            if label and values:
                break  # the first row with a label and values ("None", "—" too) starts the body
            # Titles may hold numbers: "0 to 30 days past due", ">360", "January 31, 2020".
            titles = [cell for cell in rest if cell not in years and cell not in values]
            if not label or years or titles:
                headers.append(index)
        block_index = len(self._blocks)
        self._blocks.append(_Block(rows, tuple(headers), tuple(lines)))
        for row_index, row in enumerate(rows):
            for column, (start, end) in enumerate(row.cells):
                self._cells.append((start, end, block_index, row_index, column))


def _table_runs(text: str) -> list[list[tuple[int, int]]]:
    """Runs of two or more consecutive lines that contain a ``|``; a Markdown table's
    alignment line ("|---|---:|") holds no cells and is passed over."""
    runs: list[list[tuple[int, int]]] = []
    current: list[tuple[int, int]] = []
    position = 0
    for line in text.splitlines(keepends=True):
        start, end = position, position + len(line.rstrip("\r\n"))
        position += len(line)
        if current and _ALIGNMENT.fullmatch(text, start, end):
            continue
        if "|" in text[start:end]:
            current.append((start, end))
            continue
        if len(current) >= 2:
            runs.append(current)
        current = []
    if len(current) >= 2:
        runs.append(current)
    return runs


def _split_cells(text: str, start: int, end: int, framed: bool = False) -> list[tuple[int, int]]:
    if framed:  # "| Net sales | 2,184 |": the outer pipes frame the cells
        start = text.index("|", start) + 1
        end = text.rindex("|", start - 1, end)
    cells = []
    cell_start = start
    for position in range(start, end + 1):
        if position == end or text[position] == "|":
            left, right = cell_start, position
            while left < right and text[left].isspace():
                left += 1
            while right > left and text[right - 1].isspace():
                right -= 1
            cells.append((left, right))
            cell_start = position + 1
    return cells
