"""From checked candidates to one answer or an abstention."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckResult
from verify_ask.language.question import Question
from verify_ask.values import DateValue, Value, backs, coarser_than

if TYPE_CHECKING:
    from verify_ask.decision.confidence import Model, Pool
    from verify_ask.text.source import Source


@dataclass(frozen=True)
class Judgement:
    """One candidate with every checker's result, and whether it is acceptable."""

    candidate: Candidate
    checks: tuple[CheckResult, ...]
    accepted: bool
    reason: str
    refused_at: str | None = None
    """The step of the decision that refused it: "kind", "check" (a plain checker failed),
    "grounding", "support", "reader" (the reader's veto, under the fitted decision) or
    "confidence" (its probability is under --min-confidence); None when accepted."""
    confidence: float | None = None
    """The fitted decision's probability that the candidate is right; None under the rules
    decision (``--decision rules``)."""
    features: tuple[tuple[str, float], ...] = ()
    """The named evidence the fitted decision weighed (``verify_ask.decision.confidence``)."""

    @property
    def rule(self) -> str | None:
        """The id of the rule that refused it (``verify-ask rules``), when a rule did."""
        if self.accepted or self.refused_at in ("kind", "support"):
            return None
        return next((c.rule for c in self.checks if c.verdict == "fail" and c.rule), None)


def judge(candidate: Candidate, checks: tuple[CheckResult, ...], question: Question) -> Judgement:
    """Accept a candidate when its kind fits (a date as precise as the question asks), no
    plain checker failed, one grounding checker passed and one support checker passed.

    Grounding checkers (span, arithmetic) are alternatives: a computed figure is not in the
    source, so its span check fails while its arithmetic check passes. Support checkers
    (vote, rank) are alternatives too: many samples agreeing, or the model's scores putting
    the figure well above the source's other figures, are each evidence that the model
    means it. A checker may be both: the comparison checker computes the year from the table
    itself, so its pass grounds the year and backs it. A weighed checker (reader) is
    evidence for the fitted decision only. Every other checker that ran (plugins, choices,
    pattern) must pass.
    """
    if question.expects and candidate.value.kind != question.expects:
        return Judgement(
            candidate,
            checks,
            False,
            f"is a {candidate.value.kind}, the question asks for a {question.expects}",
            "kind",
        )
    too_coarse = _too_coarse(candidate.value, question)
    if too_coarse:
        return Judgement(candidate, checks, False, too_coarse, "kind")
    failed = [
        c.checker
        for c in checks
        if not (c.grounding or c.support or c.weighed) and c.verdict == "fail"
    ]
    if failed:
        return Judgement(candidate, checks, False, f"failed {', '.join(failed)}", "check")
    grounding = [c for c in checks if c.grounding and c.verdict != "skip"]
    if not any(c.passed for c in grounding):
        if not grounding:
            return Judgement(candidate, checks, False, "no grounding checker ran", "grounding")
        names = ", ".join(c.checker for c in grounding)
        reason = f"not grounded in the source ({names} failed)"
        return Judgement(candidate, checks, False, reason, "grounding")
    # After grounding: "not in the source" says more about a figure than "few samples".
    support = [c for c in checks if c.support and c.verdict != "skip"]
    if support and not any(c.passed for c in support):
        reason = f"failed {', '.join(c.checker for c in support)}"
        return Judgement(candidate, checks, False, reason, "support")
    return Judgement(candidate, checks, True, "passed every check")


def _too_coarse(value: Value, question: Question) -> str | None:
    """Why a date is less precise than the question asks ("What day...": "1960"), if it is."""
    if question.precision is None or not isinstance(value, DateValue):
        return None
    if not coarser_than(value, question.precision):
        return None
    return (
        f"the question asks for a {question.precision}, and {value.display()} gives only "
        f"the {value.precision}"
    )


def evidence_of(judgement: Judgement, pool: Pool) -> tuple[dict[str, float], str | None]:
    """A candidate's named evidence, the hand rules' verdict among it, and the guarantee it
    breaks, if any: its kind, a plain checker that failed, or no grounding at all. The
    fitted decision and its fit (``evaluation.fit``) both read candidates through this."""
    from verify_ask.decision.confidence import features, ungrounded

    found = features(judgement.candidate, judgement.checks, pool)
    found["hand.accepted"] = float(judgement.accepted)
    if "reader.score" in found:
        # The reader's say differs by the hand rules' verdict: a veto of what they accept,
        # a rescue of what they refuse.
        read = found["reader.score"]
        found["reader.accepted"] = read * judgement.accepted
        found["reader.refused"] = read * (not judgement.accepted)
    if judgement.refused_at in ("kind", "check"):
        return found, judgement.reason
    return found, ungrounded(judgement.checks)


def weigh(
    judgements: tuple[Judgement, ...], pool: Pool, model: Model, min_confidence: float
) -> tuple[Judgement, ...]:
    """The fitted decision: each candidate's probability of being right from its named
    evidence, accepted at ``min_confidence`` unless it breaks a guarantee."""
    weighed = []
    for judgement in judgements:
        found, hard = evidence_of(judgement, pool)
        probability = 0.0 if hard else model.probability(found)
        if hard:
            step, reason = judgement.refused_at or "grounding", hard
        elif vetoed := _vetoed(found, model):
            step, reason = "reader", vetoed
        elif probability >= min_confidence:
            step, reason = None, f"confidence {probability:.2f}, at least {min_confidence:.2f}"
        else:
            step, reason = "confidence", f"confidence {probability:.2f}, under {min_confidence:.2f}"
        weighed.append(
            replace(
                judgement,
                accepted=step is None,
                reason=reason,
                refused_at=step,
                confidence=round(probability, 4),
                features=tuple(sorted(found.items())),
            )
        )
    return tuple(weighed)


def _vetoed(found: dict[str, float], model: Model) -> str | None:
    """Why the reader's veto holds, if it does: it read the value's places as it was trained
    to read (in prose, in a source as long as its training passages) and found none that
    answers the question."""
    read = found.get("reader.score")
    if model.reader_veto is None or read is None or read >= model.reader_veto:
        return None
    if found.get("reader.unlike_training"):
        return None
    return f"the reader reads it as no answer (probability {read:.2f}, under {model.reader_veto})"


def answer_of(
    judgements: Sequence[Judgement], question: Question, source: Source
) -> Judgement | None:
    """The answer: the decided candidate (``decide``), a date as precisely as the source
    states it (``as_stated``)."""
    return as_stated(decide(list(judgements)), question, source)


def as_stated(chosen: Judgement | None, question: Question, source: Source) -> Judgement | None:
    """The chosen date as precisely as the source states it where the span checker grounds
    it: samples that wrote "1985" where the text says "released until November 1985" are
    answered "November 1985", since a bare year is wrong where the month is known. A
    question that asks for the year ("In what year") keeps the year."""
    if chosen is None or not isinstance(chosen.candidate.value, DateValue) or question.asks_year:
        return chosen
    place = next(
        (e for c in chosen.checks if c.checker == "span" and c.passed for e in c.evidence[:1]),
        None,
    )
    if place is None:
        return chosen
    stated = next(
        (m.value for m in source.mentions if (m.start, m.end) == (place.start, place.end)), None
    )
    if not isinstance(stated, DateValue) or not backs(chosen.candidate.value, stated):
        return chosen
    return replace(
        chosen,
        candidate=replace(chosen.candidate, value=stated),
        reason=f"{chosen.reason}; the source states it as {stated.display()}",
    )


def decide(judgements: list[Judgement]) -> Judgement | None:
    """The accepted candidate the fitted decision is surest of; under the rules decision,
    the best-supported accepted one (judgements arrive most supported first, with coarser
    samples pooled into the finer values they back)."""
    accepted = [j for j in judgements if j.accepted]
    if accepted and accepted[0].confidence is not None:
        return max(accepted, key=lambda j: j.confidence or 0.0)
    return accepted[0] if accepted else None
