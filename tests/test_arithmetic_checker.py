"""The arithmetic checker against a small fake source whose figures are built by hand.

The source stands in for ``verify_ask.text.source.Source`` (text, mentions, sentence_around,
line_of) so that these tests need neither the normalizer nor the relevance index. Some
derivations have the shape of TAT-QA derivations (Zhu et al. 2021,
https://nextplusplus.github.io/TAT-QA/, CC BY 4.0), e.g. "(44.1-56.7)/56.7".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple

import pytest
from named_cases import named

from verify_ask.candidates import Candidate, Sample
from verify_ask.checkers.arithmetic import ArithmeticChecker
from verify_ask.checkers.base import CheckContext, CheckResult
from verify_ask.language.question import analyze_question
from verify_ask.values import DateValue, Quantity, Value


class Mention(NamedTuple):
    value: Value
    start: int
    end: int
    surface: str


@dataclass
class FakeSource:
    """Figures are given as (surface, value); each is located at its first occurrence."""

    text: str
    figures: list[tuple[str, Value]] = field(default_factory=list)

    @property
    def mentions(self) -> list[Mention]:
        found = []
        for surface, value in self.figures:
            start = self.text.index(surface)
            found.append(Mention(value, start, start + len(surface), surface))
        return found

    def sentence_around(self, start: int, end: int) -> tuple[int, int]:
        begin = max(self.text.rfind(". ", 0, start) + 2, self.text.rfind("\n", 0, start) + 1)
        stop = min(
            i
            for i in (self.text.find(". ", end), self.text.find("\n", end), len(self.text))
            if i >= 0
        )
        return begin, stop

    def line_of(self, offset: int) -> int:
        return self.text.count("\n", 0, offset) + 1

    def page_of(self, offset: int) -> int | None:
        return None  # a text without pages


def usd(number: str) -> Quantity:
    return Quantity(Decimal(number), "USD")


def num(number: str, unit: str | None = None) -> Quantity:
    return Quantity(Decimal(number), unit)


REVENUE = FakeSource(
    "Annual report.\nRevenue was $48.2 million in 2019, up from $39.5 million in 2018. "
    "The company had 1,250 staff in 2019 and 1,100 in 2018.\n",
    [
        ("$48.2 million", usd("48200000")),
        ("2019", DateValue(2019)),
        ("$39.5 million", usd("39500000")),
        ("2018", DateValue(2018)),
        ("1,250", num("1250", "people")),
        ("1,100", num("1100", "people")),
    ],
)

# TAT-QA-like table rows flattened to text (figures in millions).
TABLE = FakeSource(
    "| Item | 2019 | 2018 |\n| Gross margin | 44.1 | 56.7 |\n| Net sales | 1,496.5 | 1,202.9 |\n",
    [
        ("44.1", num("44.1")),
        ("56.7", num("56.7")),
        ("1,496.5", num("1496.5")),
        ("1,202.9", num("1202.9")),
    ],
)


def candidate(value: Value, *answers: str) -> Candidate:
    """A candidate whose samples wrote ``answers``; the derivation is the left of '='."""
    samples = []
    for seed, answer in enumerate(answers):
        derivation = answer.split("=")[0].strip() if "=" in answer else None
        samples.append(Sample(answer, seed, value, derivation))
    return Candidate(value, tuple(samples))


def run(source: FakeSource, cand: Candidate) -> CheckResult:
    context = CheckContext(
        question=analyze_question("What is the figure?"),
        source=source,
        candidates=(cand,),  # type: ignore[arg-type]
        total_samples=len(cand.samples),
    )
    return ArithmeticChecker().check(cand, context)


CASES = [
    # (source, value, answers, verdict, detail pattern, id)
    (
        REVENUE,
        num("8.7"),
        ["48.2 - 39.5 = 8.7"],
        "pass",
        r"^48\.2 - 39\.5 = 8\.7$",
        "subtraction-of-scaled-figures",
    ),
    (
        REVENUE,
        usd("8700000"),
        ["48.2 - 39.5 = $8.7 million"],
        "pass",
        r"= 8\.7",
        "result-with-scale-word",
    ),
    (
        REVENUE,
        usd("8700000"),
        ["$48.2 million - $39.5 million = $8.7 million"],
        "pass",
        r"= 8700000$",
        "scale-words-inside-the-expression",
    ),
    (
        REVENUE,
        usd("8700000"),
        ["48.2m - 39.5m = 8.7m"],
        "pass",
        r"= 8700000$",
        "abbreviated-scale-words",
    ),
    (
        REVENUE,
        usd("8700000"),
        ["48.2 - 39.5 million = 8.7 million"],
        "fail",
        r"evaluates to -39499951\.8, not 8\.7",
        "scale-word-on-one-operand-only",
    ),
    (
        REVENUE,
        num("13.64"),
        ["(1250 - 1100) / 1100 * 100 = 13.64"],
        "pass",
        r"constants: 100",
        "percent-change-with-constant-100",
    ),
    (
        REVENUE,
        num("13.64", "%"),
        ["(1,250 - 1,100) / 1,100 = 13.64%"],
        "pass",
        r"≈ 0\.1364",
        "ratio-stated-as-percent",
    ),
    (
        REVENUE,
        num("43.85"),
        ["(48.2 + 39.5) / 2 = 43.85"],
        "pass",
        r"constants: 2",
        "average-with-constant-2",
    ),
    (REVENUE, num("1"), ["2019 - 2018 = 1"], "pass", r"= 1", "years-from-dates"),
    (
        TABLE,
        num("-22.22", "%"),
        ["(44.1-56.7)/56.7*100 = -22.22%"],
        "pass",
        r"≈ -22\.2222",
        "tatqa-percent-change",
    ),
    (
        TABLE,
        num("-22.22", "%"),
        ["(44.1-56.7)/56.7 = -22.22%"],
        "pass",
        r"≈ -0\.2222",
        "tatqa-ratio-as-percent",
    ),
    (
        TABLE,
        num("293600000"),
        ["1,496.5 - 1,202.9 = 293.6 million"],
        "pass",
        r"= 293\.6$",
        "thousands-separators-and-scale",
    ),
    (
        TABLE,
        num("293.6"),
        ["1496.5 - 1202.9 = 293.6"],
        "pass",
        r"= 293\.6",
        "operands-without-separators",
    ),
    (
        REVENUE,
        num("8.6"),
        ["48.2 - 39.5 = 8.6"],
        "fail",
        r"evaluates to 8\.7, not 8\.6",
        "wrong-result",
    ),
    (
        REVENUE,
        num("8.7"),
        ["48.2 - 39.6 = 8.7"],
        "fail",
        r"evaluates to 8\.6, not 8\.7, operand 39\.6 not in source",
        "wrong-operand-and-result",
    ),
    (
        REVENUE,
        num("8.6"),
        ["48.2 - 39.6 = 8.6"],
        "fail",
        r"^48\.2 - 39\.6: operand 39\.6 not in",
        "operand-not-in-source",
    ),
    (
        REVENUE,
        num("9"),
        ["48.2 - 39.5 = 9"],
        "fail",
        r"evaluates to 8\.7, not 9",
        "rounded-too-coarsely",
    ),
    (
        TABLE,
        num("-22", "%"),
        ["(44.1-56.7)/56.7*100 = -22%"],
        "fail",
        r"evaluates to ≈-22\.2222, not -22%",
        "percent-rounded-too-coarsely",
    ),
    (
        REVENUE,
        num("99"),
        ["100 - 1 = 99"],
        "fail",
        r"no operand is a figure from the source",
        "constants-only",
    ),
    (REVENUE, num("8.7"), ["48.2 - abc = 8.7"], "fail", r"cannot be evaluated", "not-arithmetic"),
    (
        REVENUE,
        num("8.7"),
        ["48.2 - 39.5 / 0 = 8.7"],
        "fail",
        r"division by zero",
        "division-by-zero",
    ),
    (REVENUE, num("8.7"), ["9**9**9 = 8.7"], "fail", r"cannot be evaluated", "huge-power"),
    (
        REVENUE,
        num("8.7"),
        ["48.2 - 39.6 = 8.7", "48.2 - 39.5 = 8.7"],
        "pass",
        r"^48\.2 - 39\.5 = 8\.7$",
        "one-of-two-derivations-holds",
    ),
    (REVENUE, num("8.7"), ["8.7", "8.7 million"], "skip", r"no sample", "no-derivation"),
    (REVENUE, DateValue(2019), ["2018 + 1 = 2019"], "skip", r"dates", "date-value"),
]


@pytest.mark.parametrize(
    ("source", "value", "answers", "verdict", "detail"),
    [case[:5] for case in CASES],
    ids=[case[5] for case in CASES],
)
def test_arithmetic_checker(
    source: FakeSource, value: Value, answers: list[str], verdict: str, detail: str
) -> None:
    result = run(source, candidate(value, *answers))
    assert result.checker == "arithmetic"
    assert result.verdict == verdict, result.detail
    assert re.search(detail, result.detail), result.detail
    assert result.score == (1.0 if verdict == "pass" else 0.0)
    if verdict == "skip":
        assert not result.evidence
    else:
        assert result.grounding
    if verdict != "pass":
        assert not result.evidence


def test_evidence_quotes_each_operand() -> None:
    result = run(REVENUE, candidate(num("8.7"), "48.2 - 39.5 = 8.7"))
    assert result.passed
    assert len(result.evidence) == 2
    first, second = result.evidence
    text = REVENUE.text
    assert text[first.start : first.end] == "$48.2 million"
    assert text[second.start : second.end] == "$39.5 million"
    assert first.quote == "Revenue was $48.2 million in 2019, up from $39.5 million in 2018"
    assert first.quote == second.quote
    assert text[first.quote_start :].startswith(first.quote)
    assert first.line == second.line == 2
    assert first.note == "48.2 - 39.5 = 8.7"


def test_evidence_for_repeated_operand_and_no_evidence_for_constants() -> None:
    result = run(TABLE, candidate(num("-22.22", "%"), "(44.1-56.7)/56.7*100 = -22.22%"))
    assert result.passed
    surfaces = [TABLE.text[e.start : e.end] for e in result.evidence]
    assert surfaces == ["44.1", "56.7", "56.7"]
    assert {e.line for e in result.evidence} == {2}
    assert all(e.note == "(44.1-56.7)/56.7*100 ≈ -22.2222" for e in result.evidence)


def test_operand_matches_only_exactly() -> None:
    source = FakeSource(
        "Costs were 39.50 and 48.21.", [("39.50", num("39.5")), ("48.21", num("48.21"))]
    )
    assert run(source, candidate(num("8.71"), "48.21 - 39.5 = 8.71")).passed
    result = run(source, candidate(num("8.7"), "48.2 - 39.5 = 8.7"))
    assert result.verdict == "fail"
    assert "operand 48.2 not in source" in result.detail


def test_negative_source_figure_grounds_unsigned_operand() -> None:
    source = FakeSource(
        "Net loss (1,234) against income 500.", [("(1,234)", num("-1234")), ("500", num("500"))]
    )
    assert run(source, candidate(num("-734"), "-1,234 + 500 = -734")).passed


def test_scaled_operand_grounds_on_a_figure_written_out() -> None:
    source = FakeSource(
        "Sales were $48,200,000 and costs $39,500,000.",
        [("$48,200,000", usd("48200000")), ("$39,500,000", usd("39500000"))],
    )
    assert run(source, candidate(usd("8700000"), "48.2m - 39.5m = 8.7m")).passed
    result = run(source, candidate(num("8.7"), "48.2 - 39.5 = 8.7"))
    assert "operand 48.2 not in source" in result.detail


def test_stored_derivation_may_be_a_whole_line() -> None:
    value = num("8.7")
    cand = Candidate(value, (Sample("48.2 - 39.5 = 8.7", None, value, "48.2 - 39.5 = 8.7"),))
    assert run(REVENUE, cand).passed


def test_registered_under_its_name() -> None:
    from verify_ask.checkers import registry

    checker = registry._CHECKERS["arithmetic"]
    assert isinstance(checker, ArithmeticChecker)
    assert checker.name == "arithmetic"
    assert checker.description


# On the real example article: operands must stand where the question points, and a
# calculation must not use one figure against itself.
GROWTH_QUESTION = "By how much did OrigoTech's revenue grow from 2022 to 2023?"
REAL = [
    ("grounded-and-placed", "48.2 - 39.5 = 8.7", "pass", "48.2 - 39.5 = 8.7"),
    ("figure-against-itself", "48.2 / 48.2 = 1", "fail", "one figure against itself"),
    ("operands-elsewhere", "312 - 64 = 248", "fail", "where the question does not point"),
    ("wrong-result", "48.2 - 39.5 = 8.9", "fail", "evaluates to 8.7, not 8.9"),
    ("adds-for-a-difference", "48.2 + 39.5 = 87.7", "fail", "subtracts nothing"),
]


@pytest.mark.parametrize(
    ("answer", "verdict", "detail"), named(REAL)
)
def test_real_source_operands(example_text, answer: str, verdict: str, detail: str) -> None:
    from verify_ask.candidates import group_samples
    from verify_ask.checkers import CheckContext, get
    from verify_ask.language.question import analyze_question
    from verify_ask.pipeline import read_answer
    from verify_ask.text.source import Source

    question = analyze_question(GROWTH_QUESTION)
    candidate = group_samples([read_answer(answer, question, 0)])[0]
    context = CheckContext(question, Source(example_text), (candidate,), 1, {})
    result = get("arithmetic").check(candidate, context)
    assert result.verdict == verdict
    assert detail in result.detail


# A table in TAT-QA's shape (Zhu et al. 2021, CC BY 4.0): the change from 2018 to 2019 is
# 2019's figure minus 2018's, and a rate of change is over 2018's.
FALL = (
    "Table:\n | 2019 | 2018\nGross margin | 64.0 | 68.3\nOther | 44.1 | 56.7\n\nText:\n"
    "Gross margin fell in 2019."
)


RATE = "What was the percentage increase in Other from 2018 to 2019?"


def _check_on_table(table: str, question: str, answer: str) -> CheckResult:
    from verify_ask.candidates import group_samples
    from verify_ask.pipeline import read_answer
    from verify_ask.text.source import Source

    asked = analyze_question(question)
    candidates = group_samples([read_answer(answer, asked, 0)])
    context = CheckContext(asked, Source(table), tuple(candidates), 1, {"min_relevance": 0.0})
    return ArithmeticChecker().check(candidates[0], context)


@pytest.mark.parametrize(
    ("question", "answer", "verdict"),
    [
        ("What was the change in gross margin from 2018 to 2019?", "64.0 - 68.3 = -4.3", "pass"),
        ("What was the change in gross margin from 2018 to 2019?", "68.3 - 64.0 = 4.3", "fail"),
        ("What was the change in gross margin between 2018 and 2019?", "68.3 - 64.0 = 4.3", "fail"),
        ("What is the change in Other in 2019 from 2018?", "(44.1-56.7)/56.7 = -22.22%", "pass"),
        ("What is the change in Other in 2019 from 2018?", "(56.7-44.1)/44.1 = 28.57%", "fail"),
        ("What is the change in Other in 2019 from 2018?", "(44.1-56.7)/44.1 = -28.57%", "fail"),
        (RATE, "44.1/56.7 - 1 = -22.22%", "pass"),
        (RATE, "56.7/44.1 - 1 = 28.57%", "fail"),
        # A decrease asked as such is how far it fell: the earlier minus the later.
        ("By how much did gross margin decrease from 2018 to 2019?", "68.3 - 64.0 = 4.3", "pass"),
        # A comparison has no direction of time ("how much more in 2018 than in 2019").
        ("How much more was gross margin in 2018 than in 2019?", "68.3 - 64.0 = 4.3", "pass"),
    ],
)
def test_a_change_is_subtracted_in_the_direction_of_time(question, answer, verdict) -> None:
    result = _check_on_table(FALL, question, answer)
    assert result.verdict == verdict, result.detail
    if verdict == "fail":
        assert "figure" in result.detail
        assert "subtracts" in result.detail or "divides" in result.detail


# Three years of a tax note in TAT-QA's shape (Zhu et al. 2021, CC BY 4.0).
TAX = (
    "Table:\n | 2019 | 2018 | 2017\nTotal current tax expense | 1,062 | 1,018 | 950\n"
    "Deferred tax | 21 | 70 | 27\n\nText:\nTax expense rose in 2019."
)


@pytest.mark.parametrize(
    ("question", "answer", "verdict"),
    [
        ("What is the average total current tax expense for 2017 and 2018?",
         "(1,018 + 950) / 2 = 984", "pass"),
        # 1,062 stands only in 2019's column, a year the question does not ask about.
        ("What is the average total current tax expense for 2017 and 2018?",
         "(1,062 + 1,018) / 2 = 1040", "fail"),
        ("What is the average total current tax expense for 2018 and 2019?",
         "(1,062 + 1,018) / 2 = 1040", "pass"),
        # One year named does not bound the calculation: a growth rate needs the year before.
        ("What was the growth rate of total current tax expense in 2019?",
         "(1,062 - 1,018) / 1,018 * 100 = 4.32%", "pass"),
    ],
)  # fmt: skip
def test_operands_stand_in_the_years_the_question_asks(question, answer, verdict) -> None:
    result = _check_on_table(TAX, question, answer)
    assert result.verdict == verdict, result.detail
    if verdict == "fail":
        assert "operand 1062 is 2019's figure; the question asks about 2017 and 2018" in (
            result.detail
        )


@pytest.mark.parametrize(
    ("question", "answer", "verdict"),
    [
        ("What is the average deferred tax for 2018 and 2019?", "(21 + 70) / 2 = 45.5", "pass"),
        # Halving one figure is no average of two years, though 91 / 2 balances.
        ("What is the average deferred tax for 2018 and 2019?", "1,062 / 2 = 531", "fail"),
        # One year named asks for no average over years: "the average rate in 2019".
        ("What was the average deferred tax in 2019?", "21 / 2 = 10.5", "pass"),
    ],
)  # fmt: skip
def test_an_average_over_years_takes_a_figure_of_each(question, answer, verdict) -> None:
    result = _check_on_table(TAX, question, answer)
    assert result.verdict == verdict, result.detail
    if verdict == "fail":
        assert "asks for an average over 2018 and 2019" in result.detail
