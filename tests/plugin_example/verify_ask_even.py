"""An example third-party checker: the answer is an even whole number (dates are skipped).

It declares one option, ``divisor`` (default 2), given as ``--check-option divisor=3``:
the answer must then be a whole multiple of 3.
"""

from __future__ import annotations

from dataclasses import dataclass

from verify_ask.candidates import Candidate
from verify_ask.checkers import CheckContext, CheckResult, option


@dataclass(frozen=True)
class EvenOptions:
    divisor: int = option(2, None, "The answer must be a whole multiple of it.")


class EvenChecker:
    name = "even"
    description = "the value is an even whole number (example plugin)"
    options = EvenOptions

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        number = getattr(candidate.value, "number", None)
        if number is None:
            return CheckResult(self.name, "skip", 0.0, detail="not a number")
        divisor = context.options_for(self).divisor
        even = number % divisor == 0
        if divisor == 2:
            detail = f"{number} is {'even' if even else 'not even'}"
        else:
            detail = f"{number} is {'' if even else 'not '}a multiple of {divisor}"
        return CheckResult(self.name, "pass" if even else "fail", float(even), detail=detail)
