"""Where the answerable records went under verified@N: answered right or wrong, or, when
verify-ask abstained, why the right answer did not come through.

Coverage lost to sampling (no sample or ranked figure is right) calls for another model or
prompt; coverage lost at a step of the decision calls for that step's threshold or
checker. Precision and coverage alone do not say which.
"""

from __future__ import annotations

from collections.abc import Sequence

from verify_ask.evaluation.gold import is_right
from verify_ask.evaluation.runner import Scored

OUTCOMES = {
    "right": "verified a right answer",
    "wrong": "verified a wrong answer",
    "no_right_candidate": "abstained: no sample or ranked figure was right",
    "not_grounded": "abstained: the right value was not grounded (span, arithmetic)",
    "not_backed": "abstained: the right value was grounded but the model did not back it",
    "refused_otherwise": "abstained: the right value was of another kind or failed a checker",
}
"""Each outcome's key in ``--json`` and what it means, in the order the report shows them."""

_STEP = {"grounding": "not_grounded", "support": "not_backed"}


def outcome_of(scored: Scored) -> str:
    """The outcome of one answerable record (see ``OUTCOMES``)."""
    record = scored.record
    verified = scored.verified
    if verified is not None:
        return "right" if is_right(verified, record) else "wrong"
    right = next(
        (j for j in scored.outcome.judgements if is_right(j.candidate.value, record)), None
    )
    if right is None:
        return "no_right_candidate"
    return _STEP.get(right.refused_at or "", "refused_otherwise")


def where_answers_went(members: Sequence[Scored]) -> dict[str, int] | None:
    """How many answerable records had each outcome; None when none is answerable."""
    answerable = [s for s in members if s.record.answerable]
    if not answerable:
        return None
    counts = dict.fromkeys(OUTCOMES, 0)
    for scored in answerable:
        counts[outcome_of(scored)] += 1
    return counts
