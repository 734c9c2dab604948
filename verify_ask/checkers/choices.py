"""The ``choices`` checker: the answer is one of the values the user allows (``--choices``).

Choices are compared typed, each read as the candidate's kind: "2009" allows the date
14 March 2009 (a day within that year) and "48.2 million" allows "€48.2m". A choice that
reads as no figure or date ("unknown", "Q3") is compared as text, case-insensitively, with
the candidate's display form and every way a sample wrote it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, option
from verify_ask.checkers.options import split_choices
from verify_ask.checkers.registry import register
from verify_ask.checkers.requested import OnRequest
from verify_ask.text.normalize import parse_value
from verify_ask.values import DateValue, Value, consistent_date, same_value


def allows(choice: str, candidate: Candidate) -> bool:
    allowed = parse_value(choice, expect=candidate.value.kind)  # type: ignore[arg-type]
    if allowed is None:
        return choice.strip().casefold() in _texts(candidate)
    return _matches(candidate.value, allowed)


def _matches(value: Value, allowed: Value) -> bool:
    if isinstance(value, DateValue) and isinstance(allowed, DateValue):
        return consistent_date(allowed, value)  # the candidate lies within the chosen period
    return same_value(value, allowed)


def _texts(candidate: Candidate) -> set[str]:
    written = {sample.text.strip().casefold() for sample in candidate.samples}
    return written | {candidate.value.display().casefold()}


@dataclass(frozen=True)
class ChoicesOptions:
    choices: tuple[str, ...] = option(
        (),
        "--choices",
        "Allowed answers, comma-separated, compared typed (repeatable); runs the 'choices' "
        "checker.",
        enables=True,
        multiple=True,
        parse=split_choices,
        metavar="A,B",
    )


class ChoicesChecker(OnRequest):
    name = "choices"
    options = ChoicesOptions
    description = "the value is one of --choices (compared typed; runs when --choices is given)"

    def judge(self, candidate: Candidate, options: Any, context: CheckContext) -> CheckResult:
        choices = tuple(options.choices)
        matched = next((c for c in choices if allows(c, candidate)), None)
        if matched is None:
            listed = ", ".join(choices)
            return CheckResult(self.name, "fail", 0.0, detail=f"not one of: {listed}")
        return CheckResult(self.name, "pass", 1.0, detail=f"is the choice {matched!r}")


register(ChoicesChecker())
