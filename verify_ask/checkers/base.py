"""The checker protocol, its immutable results, and the registry of checkers by name."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

if TYPE_CHECKING:
    from verify_ask.candidates import Candidate
    from verify_ask.question import Question
    from verify_ask.ranking import Ranking
    from verify_ask.source import Source

Verdict = Literal["pass", "fail", "skip"]


@dataclass(frozen=True)
class Evidence:
    """Where in the source a checker found support: the quoted sentence and the figure's place."""

    quote: str
    start: int
    end: int
    line: int
    quote_start: int = 0
    note: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "quote": self.quote,
            "start": self.start,
            "end": self.end,
            "line": self.line,
            "quote_start": self.quote_start,
            "note": self.note,
        }


def evidence_at(source: Source, start: int, end: int, note: str = "") -> Evidence:
    """Evidence for the figure at ``start:end``: the sentence (or table row) that holds it."""
    quote_start, quote_end = source.sentence_around(start, end)
    return Evidence(
        quote=source.text[quote_start:quote_end],
        start=start,
        end=end,
        line=source.line_of(start),
        quote_start=quote_start,
        note=note,
    )


@dataclass(frozen=True)
class CheckResult:
    checker: str
    verdict: Verdict
    score: float
    evidence: tuple[Evidence, ...] = ()
    detail: str = ""
    grounding: bool = False
    """True when a pass means the value is supported by the source (span, arithmetic)."""
    support: bool = False
    """True when a pass means the model backs the value (vote, rank)."""
    rule: str | None = None
    """The id of the rule that refused the value (``verify-ask rules``), when one did."""
    signals: tuple[tuple[str, float], ...] = ()
    """Named measurements the checker took on the way (``span.rival_gap``): evidence the
    fitted decision weighs (``verify_ask.confidence``), whatever the verdict."""

    @property
    def passed(self) -> bool:
        return self.verdict == "pass"

    def to_json(self) -> dict[str, object]:
        return {
            "checker": self.checker,
            "verdict": self.verdict,
            "score": round(self.score, 4),
            "detail": self.detail,
            "grounding": self.grounding,
            "support": self.support,
            "evidence": [e.to_json() for e in self.evidence],
        }


@dataclass(frozen=True)
class CheckContext:
    """Everything a checker may look at besides the candidate itself."""

    question: Question
    source: Source
    candidates: tuple[Candidate, ...]
    total_samples: int
    settings: dict[str, object] = field(default_factory=dict)
    ranking: Ranking | None = None
    """The model's scores for the answers the source offers, when the backend can score."""


class Checker(Protocol):
    name: str
    description: str

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult: ...
