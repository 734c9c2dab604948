"""The ``pattern`` checker: the answer, as written, matches the user's ``--pattern`` in full.

The regular expression must match the whole of the candidate's display form ("14 March
2009", "$75 million") or of one way a sample wrote it, so ``\\d{4}`` accepts "2009" but not
"14 March 2009"'s display. Use it for answers with a known shape (years, codes, ranges).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, option
from verify_ask.checkers.options import compile_pattern
from verify_ask.checkers.registry import register
from verify_ask.checkers.requested import OnRequest


@dataclass(frozen=True)
class PatternOptions:
    pattern: str | None = option(
        None,
        "--pattern",
        "A regex the answer must match in full; runs the 'pattern' checker.",
        enables=True,
        validate=compile_pattern,
        metavar="REGEX",
    )


class PatternChecker(OnRequest):
    name = "pattern"
    options = PatternOptions
    description = "the answer's text fully matches --pattern (runs when --pattern is given)"

    def judge(self, candidate: Candidate, options: Any, context: CheckContext) -> CheckResult:
        pattern = options.pattern
        regex = compile_pattern(str(pattern))
        forms = [candidate.value.display(), *dict.fromkeys(s.text for s in candidate.samples)]
        matched = next((form for form in forms if regex.fullmatch(form)), None)
        if matched is None:
            tried = ", ".join(repr(f) for f in dict.fromkeys(forms))
            return CheckResult(self.name, "fail", 0.0, detail=f"{tried} do not match {pattern!r}")
        return CheckResult(self.name, "pass", 1.0, detail=f"{matched!r} matches {pattern!r}")


register(PatternChecker())
