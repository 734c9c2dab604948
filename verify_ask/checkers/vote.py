"""The ``vote`` checker: how many of the samples agree on the candidate's value."""

from __future__ import annotations

from dataclasses import dataclass

from verify_ask import defaults, run_options
from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult
from verify_ask.checkers.registry import register


@dataclass(frozen=True)
class VoteOptions:
    min_agree: float = run_options.min_agree()


class VoteChecker:
    name = "vote"
    options = VoteOptions
    description = (
        "share of samples whose typed value equals the candidate's or backs it written coarser "
        "(passes at --min-agree)"
    )

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        threshold = float(context.options_for(self).min_agree)
        posed = context.source.poses(context.question.asked)
        if posed:
            threshold = max(threshold, defaults.MIN_AGREE_POSED)
        # Pooled: a sample that wrote "1960" backs "9 May 1960" too (see group_samples).
        share = candidate.support / context.total_samples if context.total_samples else 0.0
        verdict = "pass" if share >= threshold else "fail"
        pooled = f", {len(candidate.pooled)} of them coarser" if candidate.pooled else ""
        detail = (
            f"{candidate.support} of {context.total_samples} samples ({share:.0%}){pooled}; "
            f"needs {threshold:.0%}" + (" for a problem that poses its question" if posed else "")
        )
        return CheckResult(self.name, verdict, share, detail=detail, support=True)


register(VoteChecker())
