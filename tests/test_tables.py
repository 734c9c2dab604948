"""Figures in text tables are judged by their row label and column header.

The tables are from TAT-QA dev (Zhu et al. 2021), CC BY 4.0, some shortened.
"""

from __future__ import annotations

import pytest
from named_cases import named

from verify_ask.candidates import group_samples
from verify_ask.checkers import CheckContext, CheckResult, get
from verify_ask.language.question import analyze_question
from verify_ask.pipeline import Settings, judge_samples, read_answer
from verify_ask.text.source import Source
from verify_ask.text.tables import TableIndex

TABLE = (
    "Table:\n"
    " |  | Years Ended September 30, | \n"
    " | 2019 | 2018 | 2017\n"
    "Fixed Price | $  1,452.4 | $  1,146.2 | $  1,036.9\n"
    "Other | 44.1 | 56.7 | 70.8\n"
    "Total sales | $1,496.5 | $1,202.9 | $1,107.7\n"
    "\n"
    "Text:\n"
    "Sales by Contract Type: Substantially all of our contracts are fixed-price type contracts."
)


def span_check(question: str, answer: str, text: str, checker: str = "span") -> CheckResult:
    parsed = analyze_question(question)
    candidate = group_samples([read_answer(answer, parsed, 0)])[0]
    return get(checker).check(candidate, CheckContext(parsed, Source(text), (candidate,), 1, {}))


def comparison_check(question: str, answer: str, text: str) -> CheckResult:
    return span_check(question, answer, text, checker="comparison")


# Shortened TAT-QA dev tables that verify-ask once read wrongly.
RECEIVABLES = (
    "Table:\n"
    "30 June 2019 | Current | 0 to 30 days past due | Total\n"
    " | $'000 | $'000 | $'000\n"
    "Gross carrying amount | 23,762 | 2,068 | 28,320\n"
    "Loss allowance provision | 238 | 103 | 741\n"
)
DEBT = (
    "Table:\n"
    " | December 31, 2019 |  | December 31, 2018 | \n"
    "(In millions) | Carrying Amount | Fair Value | Carrying Amount | Fair Value\n"
    "Other domestic borrowings | 89.0 | 89.0 | 168.4 | 170.0\n"
    "Total debt(2) | $ 3,774.4 | $ 4,073.9 | $ 3,474.2 | $ 3,535.1\n"
)
LEVELS = (
    "Table:\n"
    " | Quoted Prices (Level 1) | Observable Inputs (Level 2) | Total Fair Value\n"
    "Money market funds | $— | $2,010 | $2,010\n"
    "Commercial paper | — | 44,300 | 44,300\n"
    "Total | $— | 442,262 | 442,262\n"
)
AGING = (
    "Table:\n"
    "Days past due | 1–90 | 91–180 | >360 | Total\n"
    "Country risk: Low | 1,347 | 125 | 313 | 1,912\n"
    "Total past due | 2,821 | 1,215 | 2,447 | 7,427\n\n"
    "Text:\nAging analysis of gross values by risk category at December 31, 2019\n"
)
# As Markdown writes a table: pipes framing each line, and a line that aligns the columns.
MARKDOWN = (
    "Results for the year.\n\n| | 2023 | 2022 |\n|---|---:|---:|\n"
    "| Net sales | 2,184 | 2,013 |\n| Net income | 146 | 118 |\n"
)
PLAN_ASSETS = (
    "Table:\n"
    "FOR THE YEAR ENDED DECEMBER 31 | 2019 | 2018\n"
    "Alternative investments |  | \n"
    "Private equities | 2,119 | 1,804\n"
    "Other | 91 | 93\n"
    "Number of employees | 1,200 | 1,150\n"
)


@pytest.mark.parametrize(
    ("text", "figure", "labels"),
    [
        (TABLE, "$1,496.5", ["Total sales", "2019"]),
        (TABLE, "56.7", ["Other", "Years Ended September 30,", "2018"]),
        # "Years Ended September 30," is a merged cell over 2018 and 2017.
        (TABLE, "1,036.9", ["Fixed Price", "Years Ended September 30,", "2017"]),
        # "0 to 30 days past due" is a title, not a figure; the units row under it is a header.
        (RECEIVABLES, "2,068",
         ["Gross carrying amount", "0 to 30 days past due", "30 June 2019", "$'000"]),
        # A units row has no label: its cells are the row's (empty) and the columns'.
        (RECEIVABLES, "'000", ["", "Current", "30 June 2019", "$'000"]),
        (MARKDOWN, "2,013", ["Net sales", "2022"]),
        (MARKDOWN, "146", ["Net income", "2023"]),
    ],
    ids=["total-2019", "other-2018", "fixed-2017", "titles-with-numbers", "row-without-label",
         "markdown-2022", "markdown-2023"],
)  # fmt: skip
def test_cell_labels_are_row_and_column(text: str, figure: str, labels: list[str]) -> None:
    assert TableIndex(text).labels_at(text.index(figure) + 1) == labels


@pytest.mark.parametrize(
    ("first_rows", "headers"),
    [
        (AGING, (0,)),
        ("Plan | January 31, 2020 | February 1, 2019\nDividend yield | None | None\n", (0,)),
        ("Net loss | $(265,511) | $(164,787)\nOther | 12 | 14\n", ()),
        (
            "Years ended | 2019 | 2018\n(In thousands) | $ | $\n | | (restated)\nSales | 3 | 4\n",
            (0, 1, 2),
        ),
    ],
    ids=["titles-with-numbers", "no-value-is-a-value", "negative-amounts", "units-row"],
)
def test_header_rows_are_the_rows_of_titles_above_the_first_values(
    first_rows: str, headers: tuple[int, ...]
) -> None:
    text = first_rows if first_rows.startswith("Table") else "Table:\n" + first_rows
    assert TableIndex(text)._blocks[0].header_rows == headers


def test_text_outside_tables_has_no_labels() -> None:
    index = TableIndex(TABLE)
    assert index.labels_at(TABLE.index("Substantially")) is None
    assert index.labels_at(TABLE.index("Fixed Price")) is None  # a row label, not a figure


FAIR_VALUE_2019 = "What is the fair value of total debt as of December 31, 2019?"
PAST_DUE_2019 = "What is the total past due for 2019?"
CASES = [
    ("right-row-and-year", "What is the amount of total sales in 2019?", "$1,496.5", TABLE, "pass"),
    ("other-year-column", "What is the amount of total sales in 2019?", "$1,202.9", TABLE, "fail"),
    ("other-row", "What was the amount of Other in 2018?", "1,146.2", TABLE, "fail"),
    ("other-row-right", "What was the amount of Other in 2018?", "56.7", TABLE, "pass"),
    # A part of the total is no total, however well its labels match the question.
    ("total-from-a-part", "What was the total fixed price sales in 2019?", "1,452.4", TABLE,
     "fail"),
    ("total-row", "What were the combined sales in 2018?", "$1,202.9", TABLE, "pass"),
    ("column-titled-with-numbers", "What is the current gross carrying amount?", "23,762",
     RECEIVABLES, "pass"),
    ("another-titled-column", "What is the current gross carrying amount?", "2,068",
     RECEIVABLES, "fail"),
    # "December 31, 2019" is one merged cell over two columns.
    ("merged-header", FAIR_VALUE_2019, "$ 4,073.9", DEBT, "pass"),
    ("merged-header-other-column", FAIR_VALUE_2019, "$ 3,774.4", DEBT, "fail"),
    ("merged-header-other-year", FAIR_VALUE_2019, "$ 3,535.1", DEBT, "fail"),
    ("an-amount-is-no-proportion",
     "What proportion of level 2 inputs is made up of money market funds?", "$2,010", LEVELS,
     "fail"),
    # Asked for the row alone, its total is meant; a part only when the question names it.
    ("the-rows-total", PAST_DUE_2019, "7,427", AGING, "pass"),
    ("a-part-of-the-rows-total", PAST_DUE_2019, "2,821", AGING, "fail"),
    ("the-part-asked", "What is the total past due between 1-90 days?", "2,821", AGING, "pass"),
    ("an-amount-is-no-count", "How many components are there under alternative investments?",
     "91", PLAN_ASSETS, "fail"),
    ("a-row-that-counts", "How many employees were there in 2019?", "1,200", PLAN_ASSETS,
     "pass"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "answer", "text", "verdict"), named(CASES)
)
def test_span_checker_reads_tables(question: str, answer: str, text: str, verdict: str) -> None:
    result = span_check(question, answer, text)
    assert result.verdict == verdict, result.detail


COMPARISONS = [
    ("largest-right", "In which year is the amount of total sales the largest?", "2019", "pass"),
    ("largest-wrong", "In which year is the amount of total sales the largest?", "2017", "fail"),
    ("smallest-right", "In which year was Other the smallest?", "2019", "pass"),
    ("lower-right", "Which year had a lower amount of Other?", "2019", "pass"),
    ("below-threshold", "In which year was Other less than 50?", "2019", "pass"),
    ("not-below-threshold", "In which year was Other less than 50?", "2018", "fail"),
    ("over-threshold", "In which year did Other exceed 60?", "2017", "pass"),
    ("two-years-below-skip", "In which year was Other less than 60?", "2019", "skip"),
    ("written-close", "In which year was Other less than50?", "2019", "pass"),
    ("no-row-skips", "In which year were patents the largest?", "2019", "skip"),
]


@pytest.mark.parametrize(
    ("question", "answer", "verdict"),
    named(COMPARISONS),
)
def test_comparison_checker_reads_the_named_row(question: str, answer: str, verdict: str) -> None:
    result = comparison_check(question, answer, TABLE)
    assert result.verdict == verdict, result.detail
    if verdict != "skip":
        evidence = result.evidence[0]
        assert evidence.quote in TABLE and TABLE[evidence.start : evidence.end] in evidence.quote


# TAT-QA dev (Zhu et al. 2021), CC BY 4.0, shortened.
LEASEHOLD = (
    "Table:\n | 2019 | 2018\nLeasehold (£m) | 62.0 | 41.0\n"
    "External valuation % for leasehold | 45% | 55%\n"
)
# The question says "ratio", not "percentage", and the row holds nothing else.
LTV = (
    "Table:\nUSDm | 2019 | 2018 | 2017\nBorrowings | 863.4 | 754.7 | 753.9\n"
    "Loan-to-value (LTV) ratio | 46.0% | 52.9% | 55.8%\n"
)
# A figure in brackets is negative.
OTHER_INCOME = (
    "Table:\n | 2019 | 2018 | 2017\nInterest income | 1,021 | 826 | 399\n"
    "Other income (expense), net | (3,439) | 1,093 | 1,286\n"
)
# The table's subject (total external revenue) is in its text, not in its rows.
REVENUE_BY_COUNTRY = (
    "Table:\n | December 31, 2019 | December 31, 2018\nCanada | 96,168 | 70,774\n"
    "United States | 1,079,520 | 755,454\n\nText:\nThe following table presents total "
    "external revenues by geographic location."
)
LEASEHOLD_Q = "In which year was the external valuation % for leasehold less than 50%?"
NEGATIVE_Q = "In which year was Other income (expense), net negative?"
CANADA_Q = "Between 2018 and 2019, which year had higher total external revenue in Canada?"
ROW_CASES = [
    ("threshold-in-percent", LEASEHOLD, LEASEHOLD_Q, "2019", "pass"),
    ("threshold-in-percent-other-year", LEASEHOLD, LEASEHOLD_Q, "2018", "fail"),
    ("percentages-alone", LTV, "In which year was the LTV ratio the largest?", "2017", "pass"),
    ("percentages-alone-other-year", LTV, "In which year was the LTV ratio the largest?", "2019",
     "fail"),
    ("negative", OTHER_INCOME, NEGATIVE_Q, "2019", "pass"),
    ("not-negative", OTHER_INCOME, NEGATIVE_Q, "2018", "fail"),
    ("two-years-positive", OTHER_INCOME, NEGATIVE_Q.replace("negative", "positive"), "2018",
     "skip"),
    ("row-of-the-questions-words", REVENUE_BY_COUNTRY, CANADA_Q, "2019", "pass"),
    ("row-of-the-questions-words-other-year", REVENUE_BY_COUNTRY, CANADA_Q, "2018", "fail"),
    ("no-row-named", REVENUE_BY_COUNTRY, CANADA_Q.replace("Canada", "France"), "2019", "skip"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "question", "answer", "verdict"),
    named(ROW_CASES),
)
def test_comparison_checker_reads_tat_qa_rows(
    text: str, question: str, answer: str, verdict: str
) -> None:
    result = comparison_check(question, answer, text)
    assert result.verdict == verdict, result.detail


def test_the_year_the_table_decides_needs_no_majority() -> None:
    # One sample of ten wrote the year the row holds the largest figure in; the table, not
    # the vote, decides a comparison.
    question = analyze_question("In which year is the amount of total sales the largest?")
    samples = tuple(
        read_answer(text, question, i) for i, text in enumerate(["2019"] + ["2018"] * 9)
    )
    judged = {
        j.candidate.surface: j for j in judge_samples(question, Source(TABLE), samples, Settings())
    }
    assert judged["2019"].accepted, judged["2019"].reason
    assert not judged["2018"].accepted


def test_the_row_named_exactly_wins_over_a_longer_label() -> None:
    table = (
        "Table:\n | 30 June 2019 | 30 June 2018\nEBITDA | 79,046 | 63,954\n"
        "Underlying EBITDA | 62,123 | 85,575\n"
    )
    result = comparison_check("Which FY has a higher EBITDA?", "FY19", table)
    assert result.verdict == "pass" and "row 'EBITDA'" in result.detail, result.detail


def test_a_total_over_several_years_is_no_single_year_s_cell() -> None:
    table = (
        "Table:\n | December 31,\n | 2018 | 2019\nAudit Fees | $58,000 | $55,000\n"
        "Tax Fees | $28,000 | $11,000\nTotal Fees | $86,000 | $66,000\n"
    )
    both = analyze_question("What is the total amount of audit fees in both 2018 and 2019?")
    one = analyze_question("What were the total fees in 2018?")
    for question, answer, verdict in ((both, "$86,000", "fail"), (one, "$86,000", "pass")):
        candidate = group_samples([read_answer(answer, question, 0)])[0]
        context = CheckContext(question, Source(table), (candidate,), 1, {})
        result = get("span").check(candidate, context)
        assert result.verdict == verdict, result.detail


# TAT-QA dev (Zhu et al. 2021), CC BY 4.0.
MOVEMENTS = (
    "Table:\n£m | 2019 | 2018\nAt 1 January | 65.6 | 64.8\n"
    "Foreign exchange movements | (4.2) | (1.5)\nAt 31 December | 53.7 | 65.6\n"
)
AMORTIZATION = (
    "Amortization of purchased intangibles included in the CMS results amounted to $19.5 "
    "million in 2019 and $20.8 million in 2018."
)


@pytest.mark.parametrize(
    ("question", "text", "answer", "checker", "verdict"),
    [
        ("In which year is there a greater foreign exchange movement?", MOVEMENTS, "2019",
         "comparison", "pass"),
        ("In which year is there a smaller foreign exchange movement?", MOVEMENTS, "2019",
         "comparison", "fail"),
        ("In which year is the amortization included in the CMS results larger?", AMORTIZATION,
         "2019", "span", "fail"),
    ],
    ids=["bracketed-row-by-size", "bracketed-row-smaller", "a-year-named-is-no-comparison"],
)  # fmt: skip
def test_which_year_holds_the_extreme(
    question: str, text: str, answer: str, checker: str, verdict: str
) -> None:
    parsed = analyze_question(question)
    candidate = group_samples([read_answer(answer, parsed, 0)])[0]
    result = get(checker).check(candidate, CheckContext(parsed, Source(text), (candidate,), 1, {}))
    assert result.verdict == verdict, result.detail
