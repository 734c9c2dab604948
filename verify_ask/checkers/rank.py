"""The ``rank`` checker: scoring every figure the source offers, the model prefers this one.

Where ``vote`` counts samples, ``rank`` reads the model's probabilities directly: the share
of belief the value holds among every figure of the asked kind in the text the model read,
and "unknown" (``verify_ask.model.ranking``). It passes at ``--min-share``. It skips when the
backend cannot score answers (a plain HTTP server) and for computed answers, which no
figure in the source is.
"""

from __future__ import annotations

from dataclasses import dataclass

from verify_ask import run_options
from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult
from verify_ask.checkers.registry import register


@dataclass(frozen=True)
class RankOptions:
    min_share: float = run_options.min_share()


class RankChecker:
    name = "rank"
    options = RankOptions
    description = (
        "the model's share of belief in the value among every figure the source offers "
        "(passes at --min-share)"
    )

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        ranking = context.ranking
        if ranking is None:
            why = (
                "the answer is computed, not read off the source"
                if context.question.wants_arithmetic
                else "no ranking: the backend cannot score answers, or the source offers none"
            )
            return CheckResult(self.name, "skip", 0.0, detail=why, support=True)
        if context.source.poses(context.question.asked):
            why = "the source poses the question: its figures are the problem's data"
            return CheckResult(self.name, "skip", 0.0, detail=why, support=True)
        threshold = float(context.options_for(self).min_share)
        share = ranking.share(candidate.value)
        figures = sum(1 for option in ranking.options if option.value is not None)
        detail = (
            f"{share:.0%} of the model's belief among {figures} figure(s) in the source "
            f"and 'unknown'; needs {threshold:.0%}"
        )
        verdict = "pass" if share >= threshold else "fail"
        return CheckResult(self.name, verdict, share, detail=detail, support=True)


register(RankChecker())
