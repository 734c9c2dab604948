"""A plan beside an outcome: which figure the text gives as a target, a budget, a cap."""

from __future__ import annotations

import pytest
from named_cases import named

from verify_ask.language.places.plans import asked_plan, column_mismatch, plan_of
from verify_ask.language.question import analyze_question

PLANS = [
    ("target-of", "ahead of our target of 1.2 million.", "1.2 million", "target"),
    ("budget-for-was", "Our budget for operating expenditure was £1.09 billion;", "£1.09 billion",
     "budget"),
    ("target-after", "was 84.2%, short of the 88% target.", "88%", "target"),
    ("plan-two-words-after", "the current year's $142.2 million spending plan.",
     "$142.2 million", "plan"),
    ("guidance-to-between", "raised its guidance to between $4.6 billion and", "$4.6 billion",
     "guidance"),
    ("the-outcome", "We welcomed 1,238,400 visitors against a target.", "1,238,400", None),
    ("more-than-planned", "We spent $5 million more than planned.", "$5 million", None),
    ("market-cap", "It has a market cap of $3 billion.", "$3 billion", None),
    ("a-schedule", "The bridge is scheduled to open by June 2026.", "June 2026", None),
    ("a-clause-between", "The budget was approved and revenue was $412 million.", "$412 million",
     None),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "figure", "plan"), named(PLANS))
def test_the_plan_a_figure_is_given_as(sentence: str, figure: str, plan: str | None) -> None:
    start = sentence.index(figure)
    assert plan_of(sentence, (start, start + len(figure))) == plan


ASKED = [
    ("a-target", "What was the visitor target for 2023?", False, "target"),
    ("projected-actual", "What is the projected actual spending for FY2024?", False, "projected"),
    ("set-against-the-budget", "What was actual operating expenditure, as opposed to the budget?",
     False, None),
    ("the-budget-adopted", "When did the council adopt the FY2025 budget?", True, None),
    ("originally-scheduled", "On what date was the forest originally scheduled to open?", True,
     "originally scheduled"),
    ("the-original-price", "What was the original price?", False, None),
]  # fmt: skip


@pytest.mark.parametrize(("question", "date", "asked"), named(ASKED))
def test_the_plan_a_question_asks_for(question: str, date: bool, asked: str | None) -> None:
    assert asked_plan(question, date) == asked


COLUMNS = [
    ("target-column-asked-actual", "How many schools actually took part?", "Target 2024/25",
     ["Achieved 2024/25"], "its column ('Target 2024/25') gives it as the target"),
    ("achieved-column-asked-actual", "How many schools actually took part?", "Achieved 2024/25",
     ["Target 2024/25"], None),
    ("achieved-column-asked-target", "What was the target for schools?", "Achieved 2024/25",
     ["Target 2024/25"], "the question asks for the target, and its column ('Achieved 2024/25') "
     "gives it as none"),
    ("years-only", "How many schools took part in 2024?", "2024", ["2023"], None),
]  # fmt: skip


@pytest.mark.parametrize(("question", "column", "others", "why"), named(COLUMNS))
def test_a_table_column_headed_as_a_plan(
    question: str, column: str, others: list[str], why: str | None
) -> None:
    assert column_mismatch(analyze_question(question), column, others) == why
