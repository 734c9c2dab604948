"""The span checker on real text: typed matches, places that answer the question, rivals.

The dust passage is from SQuAD v1.1 dev (Rajpurkar et al. 2016), CC BY-SA 4.0.
"""

from __future__ import annotations

import pytest

from verify_ask.candidates import group_samples
from verify_ask.checkers import CheckContext, get
from verify_ask.pipeline import read_answer
from verify_ask.question import analyze_question
from verify_ask.source import Source

DUST = (
    "NASA's CALIPSO satellite has measured the amount of dust transported by wind from the "
    "Sahara to the Amazon: an average 182 million tons of dust are windblown out of the Sahara "
    "each year, at 15 degrees west longitude, across 1,600 miles (2,600 km) over the Atlantic "
    "Ocean (some dust falls into the Atlantic), then at 35 degrees West longitude at the eastern "
    "coast of South America, 27.7 million tons (0.08 oz/sq ft) of dust falls over the Amazon "
    "basin, 22 million tons of it consisting of phosphorus, 132 million tons of dust remains in "
    "the air, 43 million tons of dust is blown and falls on the Caribbean Sea, past 75 degrees "
    "west longitude."
)


def check(question_text: str, answer: str, text: str, **settings: float):
    question = analyze_question(question_text)
    candidate = group_samples([read_answer(answer, question, 0)])[0]
    context = CheckContext(question, Source(text), (candidate,), 1, dict(settings))
    return get("span").check(candidate, context)


CASES = [
    # (id, question, answer, source: "example" or "dust", verdict)
    ("date-other-format", "When was OrigoTech founded?", "March 14, 2009", "example", "pass"),
    ("date-coarser", "In what year was OrigoTech founded?", "2009", "example", "pass"),
    ("date-finer-than-source", "When will shares be listed?", "3 May 2027", "example", "fail"),
    (
        "amount-other-surface",
        "What was OrigoTech's revenue in 2023?",
        "48.2 million euros",
        "example",
        "pass",
    ),
    (
        "amount-wrong-currency",
        "What was OrigoTech's revenue in 2023?",
        "$48.2 million",
        "example",
        "fail",
    ),
    (
        "amount-one-digit-off",
        "What was OrigoTech's revenue in 2023?",
        "€48.3 million",
        "example",
        "fail",
    ),
    (
        "number-words-in-answer",
        "How many people does OrigoTech employ?",
        "three hundred and twelve",
        "example",
        "pass",
    ),
    (
        "right-figure-wrong-question",
        "How many people does OrigoTech employ?",
        "64%",
        "example",
        "fail",
    ),
    (
        "kind-mismatch",
        "When did OrigoTech open the factory in Monterrey?",
        "312",
        "example",
        "fail",
    ),
    ("percent", "What share of sales came from exports?", "64 percent", "example", "pass"),
    (
        "clause-near-question",
        "How much Saharan dust falls over the Amazon basin each year?",
        "27.7 million tons",
        "dust",
        "pass",
    ),
    (
        "rival-better-placed",
        "How many tons of dust are windblown out of the Sahara each year?",
        "132 million tons",
        "dust",
        "fail",
    ),
    (
        "unit-named-by-question",
        "How many miles does the dust travel over the Atlantic Ocean?",
        "1,600",
        "dust",
        "pass",
    ),
    (
        "unit-contradicts-question",
        "How many miles does the dust travel over the Atlantic Ocean?",
        "2,600 km",
        "dust",
        "fail",
    ),
    ("year-is-no-count", "How many people does OrigoTech employ?", "2015", "example", "fail"),
]


@pytest.mark.parametrize(
    ("question", "answer", "where", "verdict"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_span_verdicts(example_text, question, answer, where, verdict) -> None:
    text = example_text if where == "example" else DUST
    result = check(question, answer, text, min_relevance=0.3)
    assert result.verdict == verdict, result.detail
    if verdict == "pass":
        evidence = result.evidence[0]
        assert evidence.quote in text
        found = read_answer(text[evidence.start : evidence.end], analyze_question(question), 0)
        assert found.value is not None


def test_evidence_points_at_the_figure_and_its_line(example_text) -> None:
    result = check("How much did the Monterrey factory cost to build?", "$75 million", example_text)
    assert result.verdict == "pass"
    evidence = result.evidence[0]
    assert example_text[evidence.start : evidence.end] == "$75 million"
    assert evidence.line == example_text[: evidence.start].count("\n") + 1
    assert example_text[evidence.quote_start :].startswith(evidence.quote)


def test_absent_value_fails_with_reason(example_text) -> None:
    result = check("How many patents does OrigoTech hold?", "10 patents", example_text)
    assert (result.verdict, result.detail) == ("fail", "the value does not occur in the source")


@pytest.mark.parametrize(
    ("question", "answer", "verdict"),
    [
        ("When did Denmark join the union?", "1973", "pass"),
        ("When did Norway not join the union?", "1973", "fail"),
        ("When did Norway not join the union?", "1994", "pass"),
        ("When did Norway join the union?", "1994", "fail"),
    ],
    ids=["plain-clause", "negated-question-plain-clause", "both-negated", "negated-clause"],
)
def test_negation_counts_in_the_figures_clause_not_the_whole_sentence(
    question: str, answer: str, verdict: str
) -> None:
    text = "Denmark joined the union in 1973, but Norway did not join it in 1994."
    result = check(question, answer, text, min_relevance=0.0, margin=1.0)
    assert result.verdict == verdict, result.detail


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("What year did Spain refuse to join the union?", "fail"),
        ("When was Spain's membership rejected?", "fail"),
        ("What year did Spain join the union?", "pass"),
    ],
    ids=["refuse", "rejected", "plain"],
)
def test_refusing_denying_rejecting_and_failing_are_negations(question: str, verdict: str) -> None:
    # SQuAD v2 makes unanswerable questions by turning "joined" into "refused to join".
    text = "Spain joined the union in 1986 after long talks."
    result = check(question, "1986", text, min_relevance=0.0, margin=1.0)
    assert result.verdict == verdict, result.detail
    refused = "Ireland refused to consent to the changes in 2008."
    agreed = check("When did Ireland agree to the changes?", "2008", refused, min_relevance=0.0)
    assert agreed.verdict == "fail", agreed.detail
