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

OUTCOMES = ("right", "wrong", "unsampled", "ungrounded", "unbacked", "unconfident", "other")
"""An answerable record under verified@N, in the order the report shows them (the same words
in ``--json`` and on the terminal):

- ``right``, ``wrong``: verify-ask answered it;
- ``unsampled``: it abstained, and no sample or ranked figure was right;
- ``ungrounded``: a right value was refused for grounding (span, arithmetic);
- ``unbacked``: a right value was grounded, but neither votes nor the ranking backed it;
- ``unconfident``: the fitted decision gave a right value a probability under
  ``--min-confidence``, or the reader read it as no answer (its veto);
- ``other``: a right value was of another kind than asked, or a plain checker failed it.
"""

_REFUSED_AT = {
    "grounding": "ungrounded",
    "support": "unbacked",
    "confidence": "unconfident",
    "reader": "unconfident",
    "kind": "other",
    "check": "other",
}


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
        return "unsampled"
    # verify-ask answered nothing, so every value, the right one too, was refused at a step.
    return _REFUSED_AT[right.refused_at or ""]


def where_answers_went(members: Sequence[Scored]) -> dict[str, int] | None:
    """How many answerable records had each outcome; None when none is answerable."""
    answerable = [s for s in members if s.record.answerable]
    if not answerable:
        return None
    counts = dict.fromkeys(OUTCOMES, 0)
    for scored in answerable:
        counts[outcome_of(scored)] += 1
    return counts
