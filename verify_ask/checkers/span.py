"""The ``span`` checker: the value occurs in the source, in a sentence about what was asked.

Values are compared typed and exactly ("14 March 2009" finds "March 14, 2009"; "48.2" never
finds "48.3"). Presence alone verifies little (most passages hold many figures), so the
score is the relevance of the best place the value occurs, and the check passes only when
that place is about the question and the value's kind fits what the question asks.
"""

from __future__ import annotations

from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, Evidence
from verify_ask.checkers.registry import register
from verify_ask.values import DateValue, Quantity, Value, consistent_date, same_value

DEFAULT_MIN_RELEVANCE = 0.5


def occurs_as(candidate: Value, found: Value) -> bool:
    """True when a figure found in the source is the candidate's value."""
    if isinstance(candidate, DateValue) and isinstance(found, DateValue):
        return consistent_date(candidate, found)
    if isinstance(candidate, Quantity) and isinstance(found, Quantity):
        return same_value(candidate, found)
    return False


class SpanChecker:
    name = "span"
    description = "the value occurs in the source, in a sentence about what the question asks"

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        source, question = context.source, context.question
        expects = question.expects
        if expects is not None and candidate.value.kind != expects:
            return CheckResult(
                self.name,
                "fail",
                0.0,
                detail=f"the question asks for a {expects}, not a {candidate.value.kind}",
                grounding=True,
            )
        threshold = float(context.settings.get("min_relevance", DEFAULT_MIN_RELEVANCE))  # type: ignore[arg-type]
        places = [m for m in source.mentions if occurs_as(candidate.value, m.value)]
        if not places:
            return CheckResult(
                self.name,
                "fail",
                0.0,
                detail="the value does not occur in the source",
                grounding=True,
            )
        index = source.relevance
        scored = sorted(
            ((index.coverage(question, index.sentence_index(m.start)), m) for m in places),
            key=lambda pair: -pair[0],
        )
        best_score, best = scored[0]
        evidence = tuple(_evidence(context, mention) for _, mention in scored[:3])
        verdict = "pass" if best_score >= threshold else "fail"
        detail = (
            f"found {len(places)} time(s); best sentence covers {best_score:.0%} of the question's "
            f"terms (needs {threshold:.0%})"
        )
        return CheckResult(self.name, verdict, best_score, evidence, detail, grounding=True)


def _evidence(context: CheckContext, mention) -> Evidence:  # noqa: ANN001 - a normalize.Mention
    source = context.source
    quote_start, quote_end = source.sentence_around(mention.start, mention.end)
    return Evidence(
        quote=source.text[quote_start:quote_end],
        start=mention.start,
        end=mention.end,
        line=source.line_of(mention.start),
        quote_start=quote_start,
    )


register(SpanChecker())
