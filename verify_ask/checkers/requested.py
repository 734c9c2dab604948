"""What the checkers that run on request share: they run only when their option is given
(``--choices``, ``--pattern``, ``--check-command``), and say so when it is not."""

from __future__ import annotations

from typing import Any

from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult
from verify_ask.declaration import declared


class OnRequest:
    """A checker that runs when the option its ``options`` declare with ``enables=True`` is
    given; a subclass judges in ``judge`` with its options filled in."""

    name: str
    options: type
    by_default = False

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        options = context.options_for(self)
        field_, how = next((f, how) for f, how in declared(self.options) if how.enables)
        if not getattr(options, field_.name):
            return CheckResult(self.name, "skip", 0.0, detail=f"no {how.flag} given")
        return self.judge(candidate, options, context)

    def judge(self, candidate: Candidate, options: Any, context: CheckContext) -> CheckResult:
        raise NotImplementedError
