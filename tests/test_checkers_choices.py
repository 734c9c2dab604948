"""The choices checker: typed comparison with the allowed answers, and --choices parsing."""

from __future__ import annotations

import pytest
from checker_cases import run_checker
from named_cases import named

from verify_ask.checkers.options import split_choices
from verify_ask.cli.main import main
from verify_ask.errors import ExitStatus, UsageError
from verify_ask.pipeline import Settings
from verify_ask.text.source import Source

FOUNDED = "When was OrigoTech founded?"
REVENUE = "What was OrigoTech's revenue in 2023?"
STAFF = "How many people does OrigoTech employ?"

CASES = [
    # (id, question, answer, choices, verdict)
    ("date-within-year-choice", FOUNDED, "14 March 2009", ("2009", "2015"), "pass"),
    ("date-other-format", FOUNDED, "March 14, 2009", ("14 March 2009",), "pass"),
    ("date-coarser-than-choice", FOUNDED, "2009", ("14 March 2009",), "fail"),
    ("date-not-listed", FOUNDED, "2015", ("2009", "2027"), "fail"),
    ("amount-other-surface", REVENUE, "€48.2m", ("48.2 million euros", "39.5 million euros"),
     "pass"),
    ("amount-wrong-currency", REVENUE, "€48.2 million", ("$48.2 million",), "fail"),
    ("number-words", STAFF, "three hundred and twelve", ("312",), "pass"),
    ("number-off-by-one", STAFF, "313 people", ("312",), "fail"),
    ("unit-less-choice", STAFF, "312 people", ("312", "64"), "pass"),
    ("text-choice-never-equals-a-figure", STAFF, "312", ("unknown", "none"), "fail"),
    ("text-and-typed-choices", STAFF, "312", ("unknown", "312"), "pass"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "answer", "choices", "verdict"),
    named(CASES),
)
def test_choices_verdicts(example_text, question, answer, choices, verdict) -> None:
    result = run_checker("choices", question, [answer], Source(example_text), choices=choices)
    assert result.verdict == verdict, result.detail
    assert not result.grounding


def test_choices_are_read_like_answers(example_text) -> None:
    # "IN 2027" is the year 2027, as the answer "in 2027" is.
    result = run_checker(
        "choices", "When will shares be listed?", ["in 2027"], Source(example_text),
        choices=("IN 2027",),
    )  # fmt: skip
    assert result.verdict == "pass", result.detail


def test_no_choices_skips(example_text) -> None:
    assert run_checker("choices", STAFF, ["312"], Source(example_text)).verdict == "skip"


@pytest.mark.parametrize(
    ("given", "choices"),
    [
        (["2009,2015"], ("2009", "2015")),
        (["2009, 2015", "2027"], ("2009", "2015", "2027")),
        (["14 March 2009,"], ("14 March 2009",)),
    ],
)
def test_split_choices(given: list[str], choices: tuple[str, ...]) -> None:
    assert split_choices(given) == choices


def test_giving_choices_runs_the_checker_on_top_of_the_others() -> None:
    assert Settings(choices=("2009",)).checker_names()[-1] == "choices"
    assert Settings(checks=("span", "choices"), choices=("1",)).checker_names() == (
        "span",
        "choices",
    )
    with pytest.raises(UsageError, match="needs --choices"):
        Settings(checks=("choices",)).validate()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--choices", " , "], "--choices needs at least one non-empty choice"),
        (["--check", "choices"], "the choices checker needs --choices"),
    ],
)
def test_bad_choices_exit_2_before_the_model_loads(capsys, example_path, args, message) -> None:
    assert main([FOUNDED, "-s", str(example_path), *args]) == ExitStatus.USAGE
    assert capsys.readouterr().err == f"verify-ask: error: {message}\n"
