"""Analysts' names for a statement's line items, read with the statement's own captions."""

from __future__ import annotations

from verify_ask.candidates import group_samples
from verify_ask.checkers import CheckContext, get
from verify_ask.language.question import analyze_question
from verify_ask.pipeline import read_answer
from verify_ask.text.line_items import expand, meant_by
from verify_ask.text.source import Source

CASH_FLOWS = Source(
    "Consolidated Statement of Cash Flows\n"
    "Purchases of property, plant and equipment | (1,577) | (1,373)\n"
    "Purchases of treasury stock | (4,870) | (2,068)\n"
    "Dividends paid to shareholders | (3,193) | (2,803)\n"
    "Repayment of debt | (1,129) | (2,089)\n"
    "Deferred revenue | 120 | 95\n"
    "Net sales | 32,765 | 31,657"
)


def test_a_line_item_is_read_with_the_captions_the_source_writes() -> None:
    question = "What was the company's capital expenditure in 2018?"
    assert expand(question, CASH_FLOWS) == f"{question} purchases of property, plant and equipment"


def test_each_term_of_the_question_brings_its_own_captions() -> None:
    question = "How much debt did it pay back, and how much went to share buybacks?"
    expanded = expand(question, CASH_FLOWS)
    assert "repayment of debt" in expanded
    assert "purchases of treasury stock" in expanded


def test_a_term_inside_a_longer_one_is_read_as_the_longer_one() -> None:
    # "revenue" alone would bring "net sales"; "deferred revenue" is a line of its own.
    question = "What was deferred revenue in 2018?"
    assert expand(question, Source("Net sales | 10 | 9\nContract liabilities | 3 | 2")) == (
        f"{question} contract liabilities"
    )


def test_a_term_the_source_writes_itself_is_read_as_it_is() -> None:
    question = "What was the revenue in 2018?"
    assert expand(question, Source("Net sales | 10 | 9")) == f"{question} net sales"
    assert expand(question, Source("Revenue | 10 | 9\nNet sales | 10 | 9")) == question


def test_a_question_about_no_line_item_is_read_as_it_is() -> None:
    question = "When was the company founded?"
    assert expand(question, CASH_FLOWS) == question


STATEMENT = (
    "Consolidated Statement of Cash Flows\n"
    "(Millions) | 2018 | 2017\n"
    "Net income including noncontrolling interest | 5,363 | 4,869\n"
    "Depreciation and amortization | 1,488 | 1,544\n"
    "Purchases of property, plant and equipment | (1,577) | (1,373)\n"
    "Purchases of treasury stock | (4,870) | (2,068)\n"
    "Dividends paid to shareholders | (3,193) | (2,803)"
)


def test_a_row_captioned_as_the_term_means_stands_for_the_questions_words() -> None:
    source = Source(STATEMENT)
    question = "What was the company's capital expenditure in 2018?"
    row = "Purchases of property, plant and equipment"
    assert meant_by(question, row, source) == {"capital", "expenditure"}
    assert meant_by(question, "Purchases of treasury stock", source) == frozenset()
    assert meant_by("What were share buybacks?", "Purchases of treasury stock", source) == {
        "share", "buybacks"
    }


def test_the_span_checker_reads_the_row_an_analysts_term_names() -> None:
    question = analyze_question("What was the company's capital expenditure in 2018?")
    source = Source(STATEMENT)
    verdicts = {}
    for answer in ("1,577", "4,870"):
        candidate = group_samples([read_answer(answer, question, 0)])[0]
        context = CheckContext(question, source, (candidate,), 1, {})
        verdicts[answer] = get("span").check(candidate, context).verdict
    assert verdicts == {"1,577": "pass", "4,870": "fail"}
