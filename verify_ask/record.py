"""The JSON record of one answered (or abstained) question: a stable, documented shape."""

from __future__ import annotations

from typing import Any

from verify_ask.candidates import Candidate
from verify_ask.decision import Judgement
from verify_ask.pipeline import Outcome
from verify_ask.settings import Settings

RECORD_VERSION = 1


def _weighed(judgement: Judgement, weights: str | None) -> dict[str, Any]:
    """The fitted decision's probability, its evidence, and each feature's contribution."""
    if judgement.confidence is None:
        return {}
    from verify_ask.decision.confidence import load

    found = dict(judgement.features)
    return {
        "confidence": judgement.confidence,
        "features": found,
        "contributions": {k: round(v, 4) for k, v in load(weights).contributions(found).items()},
    }


def outcome_record(
    outcome: Outcome,
    settings: Settings,
    model: dict[str, object],
    *,
    source_label: str | None = None,
    include_timings: bool = True,
) -> dict[str, Any]:
    chosen = outcome.chosen
    total = len(outcome.samples)
    record: dict[str, Any] = {
        "version": RECORD_VERSION,
        "question": outcome.question.asked,
        "source": source_label,
        "status": outcome.status,
        "answer": None,
        "reason": chosen.reason if chosen else abstain_reason(outcome),
        "expects": outcome.question.expects,
        "prompt": outcome.prompt_name,
        "votes": [
            {
                "value": j.candidate.value.display(),
                "count": j.candidate.votes,
                "share": round(j.candidate.votes / total, 4) if total else 0.0,
            }
            for j in outcome.judgements
        ],
        "candidates": [
            {
                "value": j.candidate.value.to_json(),
                "text": j.candidate.surface,
                "accepted": j.accepted,
                "reason": j.reason,
                "refused_at": j.refused_at,
                "rule": j.rule,
                **_weighed(j, settings.weights),
                "checks": [c.to_json() for c in j.checks],
                "pooled": pooled_json(j.candidate),
            }
            for j in outcome.judgements
        ],
        "greedy": outcome.greedy.to_json(),
        "samples": [s.to_json() for s in outcome.samples],
        "model": model,
        "settings": {
            "samples": settings.samples,
            "temperature": settings.temperature,
            "seed": settings.seed,
            "checks": list(settings.checker_names()),
            "min_agree": settings.min_agree,
            "min_share": settings.min_share,
            "min_relevance": settings.min_relevance,
        },
        "ranking": outcome.ranking.to_json() if outcome.ranking is not None else None,
    }
    if chosen is not None:
        record["answer"] = {
            "text": chosen.candidate.surface,
            "value": chosen.candidate.value.to_json(),
            "display": chosen.candidate.value.display(),
            "derivation": next(iter(chosen.candidate.derivations), None),
            "evidence": [
                e.to_json()
                for c in chosen.checks
                if c.passed and not c.weighed  # the reader judges a place; it proves none
                for e in c.evidence[:1]
            ],
            "pooled": pooled_json(chosen.candidate),
        }
    if outcome.verification is not None:
        record["verifier"] = outcome.verification.to_json()
    if outcome.passages:
        record["passages"] = [p.to_json() for p in outcome.passages]
    if include_timings:
        record["timings"] = outcome.timings
    return record


def pooled_json(candidate: Candidate) -> list[dict[str, object]]:
    """The samples that wrote a coarser value backing the candidate ("1960" for 9 May 1960)."""
    return [
        {"text": s.text, "value": s.value.to_json() if s.value is not None else None}
        for s in candidate.pooled
    ]


def abstain_reason(outcome: Outcome) -> str:
    if outcome.unread:
        return outcome.unread
    reading = outcome.verification
    if outcome.withdrawn is not None and reading is not None:
        said = f"answered {reading.text!r}" if reading.text else "gave no answer"
        return (
            f"the verifier {reading.model}, reading the evidence of "
            f"{outcome.withdrawn.candidate.value.display()}, {said}"
        )
    if not outcome.judgements:
        return "no sample gave a figure or date"
    best = outcome.judgements[0]
    return f"no candidate verified; the most voted, {best.candidate.value.display()}, {best.reason}"


def error_record(question: str | None, message: str, exit_status: int) -> dict[str, Any]:
    return {
        "version": RECORD_VERSION,
        "question": question,
        "status": "error",
        "answer": None,
        "error": message,
        "exit_status": exit_status,
    }
