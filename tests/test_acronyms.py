"""Acronyms in a question, spelled out as the source writes them, for retrieval."""

from __future__ import annotations

import pytest

from verify_ask.text.acronyms import expand
from verify_ask.text.source import Source

FILING = Source(
    "Property, plant and equipment, net | 8,738 | 8,866\n"
    "Depreciation and amortization | 1,488 | 1,544\n"
    "Selling, general and administrative expenses | 7,602 | 6,626\n"
    "Research and development costs are expensed as incurred. The Board declared a "
    "quarterly dividend. Buildings are depreciated on a straight-line basis. Diluted "
    "earnings per share rose."
)

SPELLED_OUT = {
    "What was net PP&E in 2018?": "property plant and equipment",  # "and" links, spells no letter
    "What were D&A charges?": "depreciation and amortization",  # not "declared a"
    "What were SG&A expenses?": "selling general and administrative",
    "What was diluted EPS?": "earnings per share",
}


@pytest.mark.parametrize("question", SPELLED_OUT)
def test_an_acronym_is_read_with_its_spelled_out_form(question: str) -> None:
    assert expand(question, FILING) == f"{question} {SPELLED_OUT[question]}"


@pytest.mark.parametrize(
    "question",
    [
        "What was the XYZ margin?",
        "What was the R&D spend?",
        "How many people work there?",
        "How much was sold in the US?",
        "What did the FDA approve?",
        "What happened in World War II?",
    ],
    ids=[
        "no-such-phrase",
        "its-words-are-not-written",
        "no-acronym",
        "two-capitals-spell-too-much-by-chance",
        "the-source-writes-the-acronym-itself",
        "a-roman-numeral",
    ],
)
def test_a_question_without_a_spelled_out_acronym_is_read_as_it_is(question: str) -> None:
    source = Source(
        "Revenue rose. Development of the dam took years. The United States grew. "
        "The F.D.A. approved it. Food and Drug Administration staff. In Italy, Vienna, Iran."
    )
    assert expand(question, source) == question


def test_the_phrase_the_source_writes_most_often_wins() -> None:
    source = Source("Net revenue growth rose. Net revenue growth fell. New rules governed it.")
    assert expand("What was NRG?", source) == "What was NRG? net revenue growth"
