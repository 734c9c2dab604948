"""The ``reader`` checker: a trained cross-encoder reads the question with each place the
value occurs, and gives the probability that the figure there answers it.

Its score is evidence the fitted decision weighs (``reader.score``) beside the span
grounding, the votes and the ranking, and a low reading in prose is the fitted decision's
veto (``reader_veto`` in its weights); under ``--decision rules`` its verdict is shown and
not obeyed. A value the source never writes (a computed figure) is skipped: the arithmetic
checker judges those.
"""

from __future__ import annotations

from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, evidence_at
from verify_ask.checkers.registry import register
from verify_ask.rules.figures import occurs_as
from verify_ask.text.source import Source
from verify_ask.text.tables import tables_of

PASS_AT = 0.5
SHORTEST_READ = 200
"""Characters a source needs for the reader to read it as it was trained: 99% of its
training passages are longer. On a sentence alone ("The bridge opened in 1998.") it reads
the answer near 0, so its low reading there is no veto."""
MAX_PLACES = 6
"""A value written more often than this is read at its first places only: the cost grows
with each, and a figure repeated that often is rarely the answer's one place."""


class ReaderChecker:
    name = "reader"
    description = (
        "a trained cross-encoder reads the question and the value's places in the source: the "
        "probability the value answers it (weighed by the fitted decision)"
    )

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        from verify_ask.reader.reading import read

        source = context.source
        places = _places(candidate, source)
        if not places:
            return CheckResult(self.name, "skip", 0.0, detail="the source does not write it",
                               weighed=True)
        # Every candidate's places in one read: one batch through the encoder costs far less
        # than one a candidate, and the later candidates find their scores read.
        every = [p for other in context.candidates for p in _places(other, source)]
        scores = dict(zip(every, read(context.question.text, source, every), strict=True))
        scores = [scores[p] for p in places]
        best = max(range(len(places)), key=scores.__getitem__)
        score = scores[best]
        start, end = places[best]
        # A table's cell is read without its column's header, which stands rows above it, and
        # a sentence alone is shorter than what it was trained on: the reader's "no" there
        # says little (on TAT-QA's tables it scored right cells near 0).
        cells = tables_of(source)
        in_table = any(cells.columns_at(at) is not None for at, _ in places)
        unlike_training = in_table or len(source.text) < SHORTEST_READ
        return CheckResult(
            self.name,
            "pass" if score >= PASS_AT else "fail",
            score,
            (evidence_at(source, start, end),),
            f"reads it as the answer with probability {score:.2f} at the best of "
            f"{len(places)} place(s)",
            weighed=True,
            signals=(("reader.score", round(score, 4)),
                     ("reader.unlike_training", float(unlike_training))),
        )


def _places(candidate: Candidate, source: Source) -> list[tuple[int, int]]:
    """Where the source writes the candidate's value, its first ``MAX_PLACES``."""
    return list(dict.fromkeys(
        (m.start, m.end) for m in source.mentions if occurs_as(candidate.value, m.value)
    ))[:MAX_PLACES]


register(ReaderChecker())
