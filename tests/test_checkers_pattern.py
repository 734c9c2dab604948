"""The pattern checker: the answer's text fully matches the user's regular expression."""

from __future__ import annotations

import pytest
from checker_cases import run_checker
from named_cases import named

from verify_ask.cli.main import main
from verify_ask.errors import ExitStatus
from verify_ask.pipeline import Settings
from verify_ask.text.source import Source

CASES = [
    # (id, question, answer, pattern, verdict)
    ("year", "In what year was OrigoTech founded?", "2009", r"(19|20)\d\d", "pass"),
    ("display-form-of-a-day", "When was OrigoTech founded?", "March 14, 2009",
     r"\d{1,2} [A-Z][a-z]+ \d{4}", "pass"),
    ("as-the-model-wrote-it", "When was OrigoTech founded?", "March 14, 2009",
     r"[A-Z][a-z]+ \d{1,2}, \d{4}", "pass"),
    ("full-match-not-search", "When was OrigoTech founded?", "14 March 2009", r"\d{4}", "fail"),
    ("currency-display", "What was OrigoTech's revenue in 2023?", "48.2 million euros",
     r"€\d+(\.\d+)? million", "pass"),
    ("wrong-shape", "How many people does OrigoTech employ?", "312 people", r"\d+%", "fail"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "answer", "pattern", "verdict"),
    named(CASES),
)
def test_pattern_verdicts(example_text, question, answer, pattern, verdict) -> None:
    result = run_checker("pattern", question, [answer], Source(example_text), pattern=pattern)
    assert result.verdict == verdict, result.detail


def test_no_pattern_skips(example_text) -> None:
    result = run_checker("pattern", "How many people does OrigoTech employ?", ["312"],
                         Source(example_text))  # fmt: skip
    assert result.verdict == "skip"


def test_giving_a_pattern_runs_the_checker() -> None:
    assert Settings(pattern=r"\d+").checker_names()[-1] == "pattern"


def test_invalid_regex_exits_2_before_the_model_loads(capsys, example_path) -> None:
    status = main(["How many?", "-s", str(example_path), "--pattern", "(19|20"])
    assert status == ExitStatus.USAGE
    err = capsys.readouterr().err
    assert err.startswith("verify-ask: error: --pattern '(19|20' is not a valid regular expression")
    assert err.count("\n") == 1
