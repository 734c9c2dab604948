"""Markdown sources: the text a reader sees, without markup, and the file line of each part.

Evidence quotes what the text says (``The Lumen plant``), not how it is marked up
(``The **Lumen** plant``). So the source's text is the Markdown rendered as plain text:
each block (heading, paragraph, list item, table row, code line) one line, a paragraph's
wrapped lines joined by spaces, a table row's cells between `` | ``. Offsets in evidence
point into that text, as they do for HTML; the evidence's line is the file's line
(``Document.file_lines``), which markdown-it-py gives for every block and which each soft
or hard line break inside a paragraph advances.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from verify_ask.text.formats import Document

if TYPE_CHECKING:
    from markdown_it.token import Token

_INLINE_TEXT = {"text", "text_special", "code_inline", "image"}
_CELL_ENDS = {"th_close", "td_close"}


class _Writer:
    """The plain text as it grows, with the file line each stretch of it comes from."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.anchors: list[tuple[int, int]] = []

    def line(self, number: int) -> None:
        """What is written next comes from 1-based ``number`` of the file."""
        if self.anchors and self.anchors[-1][0] == self.length:
            self.anchors[-1] = (self.length, number)
        elif not self.anchors or self.anchors[-1][1] != number:
            self.anchors.append((self.length, number))

    def write(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)

    def end_line(self) -> None:
        if self.length and not self.parts[-1].endswith("\n"):
            self.write("\n")


def read_markdown(markup: str) -> Document:
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").enable("table").parse(markup)
    writer = _Writer()
    row: list[str] | None = None
    cell: list[str] = []
    for token in tokens:
        if token.type == "tr_open":
            row = []
            writer.end_line()
            writer.line(_first_line(token))
        elif token.type == "tr_close" and row is not None:
            writer.write(" | ".join(row))
            writer.end_line()
            row = None
        elif token.type == "inline" and row is not None:
            cell = [_plain(token.children or ())]
        elif token.type in _CELL_ENDS and row is not None:
            row.append(" ".join(" ".join(cell).split()))
            cell = []
        elif token.type == "inline":
            writer.end_line()
            _write_inline(writer, token)
        elif token.type in ("fence", "code_block"):
            _write_code(writer, token)
        elif token.type == "html_block":
            _write_html(writer, token)
    text = "".join(writer.parts).rstrip("\n")
    return Document(text, file_lines=tuple(writer.anchors))


def _first_line(token: Token) -> int:
    return token.map[0] + 1 if token.map else 1


def _plain(children: Sequence[Token]) -> str:
    """An inline run's text without markup, line breaks as spaces (a table cell's text)."""
    return "".join(
        child.content if child.type in _INLINE_TEXT else " "
        for child in children
        if child.type in _INLINE_TEXT or child.type in ("softbreak", "hardbreak")
    )


def _write_inline(writer: _Writer, token: Token) -> None:
    line = _first_line(token)
    writer.line(line)
    for child in token.children or ():
        if child.type in _INLINE_TEXT:
            writer.write(child.content)
        elif child.type == "softbreak":  # a wrapped line: the sentence goes on
            line += 1
            writer.write(" ")
            writer.line(line)
        elif child.type == "hardbreak":
            line += 1
            writer.write("\n")
            writer.line(line)
    writer.end_line()


def _write_code(writer: _Writer, token: Token) -> None:
    # A fence's first line is its ``` marker; an indented block starts with its code.
    first = _first_line(token) + (1 if token.type == "fence" else 0)
    writer.end_line()
    for index, code in enumerate(token.content.splitlines()):
        if code.strip():
            writer.line(first + index)
            writer.write(code.rstrip())
            writer.end_line()


def _write_html(writer: _Writer, token: Token) -> None:
    from verify_ask.text.formats.html import html_to_text

    text = html_to_text(token.content)
    if text:
        writer.end_line()
        writer.line(_first_line(token))  # an HTML block's own lines are not traced
        writer.write(text)
        writer.end_line()
