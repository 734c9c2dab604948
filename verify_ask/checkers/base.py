"""The checker protocol, its immutable results, and the registry of checkers by name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

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
    quote_start: int = 0
    note: str = ""
    page: int | None = None
    """1-based page of the figure, for a source with pages (a PDF); None otherwise."""

    def to_json(self) -> dict[str, object]:
        return {
            "quote": self.quote,
            "start": self.start,
            "end": self.end,
            "line": self.line,
            "page": self.page,
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
            "evidence": [e.to_json() for e in self.evidence],
        }


@dataclass(frozen=True)
class Option:
    """How one field of a checker's options dataclass is given on the command line.

    ``flag`` is the option's name (``--choices``); None keeps the field off the command line
    (a value only code sets). ``enables``: giving the option runs its checker on top of the
    others, and naming the checker with ``--check`` without it is a usage error. ``parse``
    turns what the command line gave into the field's value; ``validate`` raises
    ``UsageError`` for a value the run cannot use, before any model is loaded. ``multiple``:
    the flag may be repeated (its command-line default is then None).
    """

    flag: str | None
    help: str | None = None
    enables: bool = False
    multiple: bool = False
    parse: Callable[[Any], Any] | None = None
    validate: Callable[[Any], None] | None = None

    @property
    def param(self) -> str | None:
        """The flag as a Python parameter name (``--check-command``: ``check_command``)."""
        return self.flag.lstrip("-").replace("-", "_") if self.flag else None


def option(default: Any, flag: str | None, help: str | None = None, **how: Any) -> Any:
    """A field of a checker's options dataclass, with how it is given (``Option``)."""
    return field(default=default, metadata={"option": Option(flag, help, **how)})


def declared(options: type | None) -> tuple[tuple[Field[Any], Option], ...]:
    """The fields of an options dataclass with their declarations, in declaration order."""
    if options is None or not is_dataclass(options):
        return ()
    return tuple((f, f.metadata.get("option") or Option(None)) for f in fields(options))


def default_of(field_: Field[Any]) -> Any:
    if field_.default is not MISSING:
        return field_.default
    if field_.default_factory is not MISSING:
        return field_.default_factory()
    return None


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
