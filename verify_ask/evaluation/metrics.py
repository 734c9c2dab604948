"""Accuracy, coverage and precision of a strategy over a set of records."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from verify_ask.evaluation.gold import verdict
from verify_ask.evaluation.runner import Scored
from verify_ask.values import Value


@dataclass(frozen=True)
class Score:
    records: int
    answered: int
    answered_right: int
    unanswerable: int
    abstained_unanswerable: int
    coarser: int = 0
    """Answers wrong only for being coarser than a gold date (a year for a full date)."""

    @property
    def right(self) -> int:
        """Right answers plus abstentions on records that have no answer."""
        return self.answered_right + self.abstained_unanswerable

    @property
    def accuracy(self) -> float:
        return self.right / self.records if self.records else 0.0

    @property
    def coverage(self) -> float:
        return self.answered / self.records if self.records else 0.0

    @property
    def precision(self) -> float | None:
        """Right ÷ answered; None when nothing was answered (no answer was wrong either)."""
        return self.answered_right / self.answered if self.answered else None

    @property
    def abstention(self) -> float | None:
        """Share of unanswerable records left unanswered (None when there are none)."""
        if not self.unanswerable:
            return None
        return self.abstained_unanswerable / self.unanswerable

    def to_json(self) -> dict[str, object]:
        counts = {"records": self.records, "answered": self.answered, "right": self.right}
        return counts | {
            "coarser": self.coarser,
            "accuracy": round(self.accuracy, 4),
            **self._shares(),
            "abstention_unanswerable": _rounded(self.abstention),
        }

    def sweep_json(self) -> dict[str, object]:
        """The counts a threshold sweep row shows, each key naming what it counts."""
        counts = {"records": self.records, "answered": self.answered}
        return counts | {
            "answered_right": self.answered_right,
            "abstained_right": self.abstained_unanswerable,
            **self._shares(),
        }

    def _shares(self) -> dict[str, float | None]:
        return {"coverage": round(self.coverage, 4), "precision": _rounded(self.precision)}


def _rounded(share: float | None) -> float | None:
    return round(share, 4) if share is not None else None


def score(answers: Sequence[tuple[Scored, Value | None]]) -> Score:
    """Score (record, answer-or-None) pairs."""
    right = coarser = answered = unanswerable = abstained = 0
    for scored, value in answers:
        record = scored.record
        if value is not None:
            answered += 1
            found = verdict(value, record)  # "wrong" on a record without gold answers
            right += found == "right"
            coarser += found == "coarser"
        if not record.answerable:
            unanswerable += 1
            abstained += value is None
    return Score(len(answers), answered, right, unanswerable, abstained, coarser)

