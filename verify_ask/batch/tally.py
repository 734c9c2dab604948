"""Counts of a batch's outcomes so far: for the progress display, summary and exit status."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from verify_ask.errors import ExitStatus

if TYPE_CHECKING:
    from verify_ask.batch.result import Result


@dataclass
class Tally:
    verified: int = 0
    abstained: int = 0
    input_errors: int = 0
    model_errors: int = 0
    internal_errors: int = 0
    skipped: int = 0

    def add(self, result: Result) -> None:
        if result.status == "verified":
            self.verified += 1
        elif result.status == "abstained":
            self.abstained += 1
        elif result.status == "skipped":
            self.skipped += 1
        elif result.exit_status == ExitStatus.MODEL:
            self.model_errors += 1
        elif result.exit_status == ExitStatus.INTERNAL:
            self.internal_errors += 1
        else:
            self.input_errors += 1

    @property
    def errors(self) -> int:
        return self.input_errors + self.model_errors + self.internal_errors

    @property
    def processed(self) -> int:
        """Questions this run answered or failed on (not the ones skipped as already done)."""
        return self.verified + self.abstained + self.errors

    @property
    def verified_share(self) -> float:
        return self.verified / self.processed if self.processed else 1.0
