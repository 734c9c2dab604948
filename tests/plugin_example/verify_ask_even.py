"""An example third-party checker: the answer is an even whole number (dates are skipped)."""

from __future__ import annotations

from verify_ask.candidates import Candidate
from verify_ask.checkers import CheckContext, CheckResult


class EvenChecker:
    name = "even"
    description = "the value is an even whole number (example plugin)"

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        number = getattr(candidate.value, "number", None)
        if number is None:
            return CheckResult(self.name, "skip", 0.0, detail="not a number")
        even = number % 2 == 0
        detail = f"{number} is {'even' if even else 'not even'}"
        return CheckResult(self.name, "pass" if even else "fail", float(even), detail=detail)
