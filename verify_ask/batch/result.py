"""One batch line's outcome: what the runner writes and the pool hands back in order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verify_ask.batch.jobs import Id
from verify_ask.errors import ExitStatus


@dataclass(frozen=True)
class Result:
    line: int
    id: Id
    status: str
    """verified, abstained, error, or skipped (done by an earlier run: no record)."""
    exit_status: ExitStatus
    record: dict[str, Any] | None
