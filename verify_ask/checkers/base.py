"""The checker protocol, its immutable results, and the registry of checkers by name."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

from verify_ask.declaration import Option, declared
from verify_ask.declaration import option as option  # checkers and plugins declare with it

if TYPE_CHECKING:
    from verify_ask.candidates import Candidate
    from verify_ask.language.question import Question
    from verify_ask.model.ranking import Ranking
    from verify_ask.text.source import Source

Verdict = Literal["pass", "fail", "skip"]


@dataclass(frozen=True)
class Evidence:
    """Where in the source a checker found support: the quoted sentence and the figure's place."""

    quote: str
    start: int
    end: int
    line: int
    page: int | None = None
    """1-based page of the figure, for a source with pages (a PDF); None otherwise."""
    quote_start: int = 0
    note: str = ""

    def to_json(self) -> dict[str, object]:
        return asdict(self)  # the fields in order are the JSON record's keys


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
        page=source.page_of(start),
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
    weighed: bool = False
    """True when the verdict is evidence for the fitted decision to weigh, never a refusal
    by itself (reader)."""
    signals: tuple[tuple[str, float], ...] = ()
    """Named measurements the checker took on the way (``span.rival_gap``): evidence the
    fitted decision weighs (``verify_ask.decision.confidence``), whatever the verdict."""

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
            "weighed": self.weighed,
            "evidence": [e.to_json() for e in self.evidence],
        }


def options_of(checker: object) -> tuple[tuple[Field[Any], Option], ...]:
    """The options a checker declares (its ``options`` class attribute), if any."""
    return declared(getattr(checker, "options", None))


@dataclass(frozen=True)
class CheckContext:
    """Everything a checker may look at besides the candidate itself."""

    question: Question
    source: Source
    candidates: tuple[Candidate, ...]
    total_samples: int
    settings: Mapping[str, object] = field(default_factory=dict)
    """The run's option values by field name; a checker reads its own through
    ``options_for``, never by name."""
    ranking: Ranking | None = None
    """The model's scores for the answers the source offers, when the backend can score."""

    def options_for(self, checker: object) -> Any:
        """The checker's options dataclass, filled from this run's values (the declared
        default where the run gives none); None when the checker declares no options."""
        kind = getattr(checker, "options", None)
        if kind is None:
            return None
        given = {
            f.name: self.settings[f.name] for f, _ in declared(kind) if f.name in self.settings
        }
        return kind(**given)


class Checker(Protocol):
    """A checker; it may also set ``by_default = False`` (run only when asked) and
    ``options``, a frozen dataclass whose fields are declared with ``option``."""

    name: str
    description: str

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult: ...
