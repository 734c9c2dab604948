"""Helpers for checker tests: candidates read from real answers, judged on a real source."""

from __future__ import annotations

from verify_ask.candidates import Candidate, group_samples
from verify_ask.checkers import CheckContext, CheckResult, get
from verify_ask.language.question import analyze_question
from verify_ask.pipeline import read_answer
from verify_ask.text.source import Source


def candidates(question_text: str, answers: list[str]) -> tuple[Candidate, ...]:
    question = analyze_question(question_text)
    return group_samples([read_answer(a, question, i) for i, a in enumerate(answers)])


def run_checker(
    name: str,
    question_text: str,
    answers: list[str],
    source: Source,
    **settings: object,
) -> CheckResult:
    """The named checker's result for the most voted candidate of ``answers``."""
    found = candidates(question_text, answers)
    assert found, f"no answer of {answers} reads as a figure or date"
    context = CheckContext(analyze_question(question_text), source, found, len(answers), settings)
    return get(name).check(found[0], context)
