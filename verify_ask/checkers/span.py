"""The ``span`` checker: the value occurs in the source, at the place the question points to.

Values are compared typed and exactly ("14 March 2009" finds "March 14, 2009"; "48.2" never
finds "48.3"). Presence alone verifies little (most passages hold many figures, and a small
model's wrong answer is usually one of them), so the check passes only when

- the value's kind fits the question (a date for "when"), and a unit the question names
  ("how many miles") does not contradict the figure's unit in the source;
- the best place the value occurs is about the question: the question's words stand close
  to it (score at least ``min_relevance``);
- no other figure of the same kind sits at a clearly better place (``margin``), and when
  one sits about as well, the model prefers this one.

Each of these is a rule of ``verify_ask.rules``, read stage by stage (``verify-ask rules``
lists them in that order); the first that refuses the value decides.
"""

from __future__ import annotations

from dataclasses import dataclass

from verify_ask import defaults, run_options
from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, option
from verify_ask.checkers.registry import register
from verify_ask.rules import STAGES, rules_of
from verify_ask.rules.facts import Facts, Refusal
from verify_ask.rules.registry import ACCEPTED, Outcome, Rule, Stage

__all__ = ["SpanChecker"]


@dataclass(frozen=True)
class SpanOptions:
    min_relevance: float = run_options.min_relevance()
    ignore_rules: tuple[str, ...] = run_options.ignore_rules()
    # Tuned constants, set only by code (tests): no flag.
    margin: float = option(defaults.MARGIN, None)
    contested_support: float = option(defaults.CONTESTED_SUPPORT, None)
    contested_ratio: float = option(defaults.CONTESTED_RATIO, None)


class SpanChecker:
    name = "span"
    options = SpanOptions
    description = "the value occurs in the source, at the place the question points to"

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        options: SpanOptions = context.options_for(SpanChecker)
        facts = Facts.of(candidate, context, options)
        ignored = frozenset(options.ignore_rules or ())
        for stage in STAGES:
            for rule in rules_of(stage, ignored):
                outcome = rule.test(facts)
                if isinstance(outcome, Facts):
                    facts = outcome  # a place filter kept fewer places
                elif outcome is ACCEPTED:
                    return self._pass(facts)
                elif outcome is not None:
                    return self._fail(rule, _worded(stage, facts, outcome))
        return self._pass(facts)

    def _pass(self, facts: Facts) -> CheckResult:
        return CheckResult(self.name, "pass", facts.place.score, facts.evidence, facts.where,
                           grounding=True, signals=facts.signals)  # fmt: skip

    def _fail(self, rule: Rule, refusal: Refusal) -> CheckResult:
        return CheckResult(
            self.name, "fail", refusal.score, refusal.evidence, refusal.detail, grounding=True,
            rule=rule.id, signals=refusal.signals,
        )  # fmt: skip


def _worded(stage: Stage, facts: Facts, outcome: Outcome) -> Refusal:
    """A rule's refusal as the check reports it: a bare reason of the place or rival stage
    is given at the value's best place, one of an earlier stage as it is."""
    if isinstance(outcome, Refusal):
        return outcome
    assert isinstance(outcome, str), outcome
    if stage in ("place", "rival"):
        return facts.at_best(f"{facts.where}, but {outcome}")
    return Refusal(outcome)


register(SpanChecker())
