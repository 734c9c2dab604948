"""One input line → a job (a question and where its source is), or the reason it cannot be one.

A line whose first non-blank character is ``{`` is JSON; any other non-blank line is a plain
question about the ``--source`` given for all. Blank lines are skipped but keep their number.
With a ``source_root``, a line's own ``source`` must resolve inside it (``source_root.confine``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union

from verify_ask.batch.source_root import confine
from verify_ask.errors import InputError

Id = Union[str, int]


@dataclass(frozen=True)
class Job:
    line: int
    id: Id
    question: str
    source: str | None = None
    """A path (or "-" for the --source read from stdin); None when ``source_text`` is given."""
    source_text: str | None = None


@dataclass(frozen=True)
class BadLine:
    line: int
    id: Id
    question: str | None
    error: str


def parse_line(
    raw: bytes, line: int, default_source: str | None, source_root: Path | None = None
) -> Job | BadLine | None:
    """None for a blank line; never raises, so one bad line cannot stop a batch. ``source_root``
    (resolved) confines the line's own ``source``; None leaves it unconfined."""
    try:
        text = raw.decode("utf-8-sig" if line == 1 else "utf-8")
    except UnicodeDecodeError as error:
        return BadLine(line, line, None, f"line {line} is not UTF-8 (bad byte at {error.start})")
    if not raw.strip():  # blank as the line counter sees it: ASCII whitespace alone
        return None
    text = text.strip()
    if not text:  # e.g. "\x1c", which str.strip() removes: a line, so it gets a record
        return BadLine(line, line, None, f"line {line} holds no question, only control characters")
    if not text.startswith("{"):
        if default_source is None:
            return BadLine(
                line,
                line,
                text,
                "a plain-text line needs --source; or write it as JSON: "
                '{"question": "...", "source": "PATH"}',
            )
        return Job(line, line, text, default_source)
    try:
        fields = json.loads(text)
    except json.JSONDecodeError as error:
        return BadLine(line, line, None, f"line {line} is not valid JSON: {error.msg}")
    return _job(fields, line, default_source, source_root)


def _job(
    fields: dict[str, Any], line: int, default_source: str | None, source_root: Path | None
) -> Job | BadLine:
    given_id = fields.get("id", line)
    question = fields.get("question")
    if not _valid_id(given_id):
        shown = question if isinstance(question, str) else None
        return BadLine(line, line, shown, "id must be a string or an integer")
    if "question" not in fields:
        return BadLine(line, given_id, None, 'the line has no "question"')
    if not isinstance(question, str):
        return BadLine(line, given_id, None, "question must be a string")
    if not question.strip():
        return BadLine(line, given_id, question, "the question is empty")
    problem = _source_problem(fields, default_source)
    if problem:
        return BadLine(line, given_id, question, problem)
    if "source_text" in fields:
        return Job(line, given_id, question, source_text=fields["source_text"])
    if "source" in fields and source_root is not None:
        try:
            confine(fields["source"], source_root)
        except InputError as error:
            return BadLine(line, given_id, question, str(error))
    return Job(line, given_id, question, source=fields.get("source", default_source))


def _valid_id(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _source_problem(fields: dict[str, Any], default_source: str | None) -> str | None:
    has_path, has_text = "source" in fields, "source_text" in fields
    if has_path and has_text:
        return 'give "source" (a path) or "source_text", not both'
    if has_text:
        return None if isinstance(fields["source_text"], str) else "source_text must be a string"
    if not has_path:
        if default_source is None:
            return 'the line has no source: give "source" (a path), "source_text", or --source'
        return None
    path = fields["source"]
    if not isinstance(path, str) or not path.strip():
        return "source must be a path (a non-empty string)"
    if path == "-":
        return 'standard input can be the source only through "--source -"'
    if "\n" in path or len(path) > 4096:
        # Datasets (shared/data) put the passage itself in "source"; point to the right field.
        return 'source must be a path; put the text itself in "source_text"'
    return None
