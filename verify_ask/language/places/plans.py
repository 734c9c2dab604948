"""A plan set beside what happened: a target, a budget, a forecast, a cap.

Reports give both in one breath ("1,238,400 visitors, ahead of our target of 1.2
million"; "a budget of £1.09 billion; actual spending came to £1.134 billion"), and the
two answer different questions: what was planned, and what came about.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from verify_ask.language.question import Question

# What a text calls a figure it planned or allowed rather than reached. Not "standard"
# ("the standard rate is 20%" is the rate), "market cap", nor a schedule ("scheduled to
# open by June 2026" answers when it will open).
_PLAN = (
    r"targets?|budget(?:s|ed)?|forecasts?|goals?|guidance|(?<!market )caps?|plan(?:s|ned)?"
    r"|projected|projections?|aim(?:s|ed)?|originally"
)
# "our target of 1.2 million", "the budget for operating expenditure was £1.09 billion",
# "guidance to between $4.6 billion": the plan word, a few words of what it is for, and
# the word that gives it its figure, right before the figure.
# The words that may stand between a plan and its figure: "of about", "to between".
_ABOUT = r"(?:\s+(?:about|around|approximately|some|roughly|nearly|almost|just|between|up\s+to))*"
_PLAN_BEFORE = re.compile(
    rf"\b(?P<plan>{_PLAN})\b(?:\s+(?!(?:and|but|while|whereas|which|who|although)\b)"
    r"[\w'’-]+){0,5}?\s+(?:of|was|is|were|are|at|to|for|by|between|:)"
    rf"{_ABOUT}\s*\(?$",
    re.IGNORECASE,
)
_PLANNING_VERBS = r"expect|aim|plan|intend|hope|forecast|project|target"
# "continues to expect to carry approximately 15.3 million passengers", "aims to open 50
# stores": a verb of planning, and the verb it plans.
_PLAN_VERB = re.compile(
    rf"\b(?P<plan>{_PLANNING_VERBS})(?:s|ed)?\s+to\s+[a-z]+{_ABOUT}\s*\(?$", re.IGNORECASE
)
# A question about what lies ahead asks for what is planned or expected ("How much will the
# bridge cost?"), whatever it calls it.
_ASKS_AHEAD = re.compile(
    rf"\b(?:will|going to|set to|(?:{_PLANNING_VERBS})\w*)\b", re.IGNORECASE
)
# "the 88% target", "a £21.0 million cap", "the current year's $142.2 million spending plan".
_PLAN_AFTER = re.compile(
    r"(?:\s+(?!(?:to|of|for|in|on|at|by|and|or|the|an?|than|more|less|above|below|over"
    r"|under|ahead|short)\b)[A-Za-z-]+){0,2}?"
    rf"\s*(?P<plan>{_PLAN})\b",
    re.IGNORECASE,
)
# A question asks for a plan by its word; "originally" only as a plan's ("originally
# scheduled"), since "the original price" asks where a change started.
_ORIGINALLY = r"originally\s+(?:scheduled|planned|intended|expected|due|budgeted)"
_ASKS_PLAN = re.compile(rf"\b(?:{_ORIGINALLY}|(?!originally\b)(?:{_PLAN}))\b", re.IGNORECASE)
_ASKS_ORIGINAL = re.compile(rf"\b{_ORIGINALLY}\b", re.IGNORECASE)
# "actual operating expenditure, as opposed to the budget": what it is set against is not
# what it asks.
_SET_AGAINST = re.compile(
    r"\b(?:as opposed to|rather than|instead of|versus|vs\.?|against|compared (?:with|to)"
    r"|not)\b.*$",
    re.IGNORECASE,
)
# A sentence that speaks of any plan or expectation may give the asked plan in its words.
_SPEAKS_OF_PLANS = re.compile(
    rf"\b(?:{_PLAN}|expect\w*|estimat\w*|scheduled|intend\w*|due|outlook)\b", re.IGNORECASE
)


def plan_of(sentence: str, figure: tuple[int, int], date: bool = False) -> str | None:
    """The word that makes the figure at ``figure`` (a span of ``sentence``) a plan, or None.
    A date a verb plans ("expects to open in May") is when, not a plan set against it."""
    start, end = figure
    after = _PLAN_AFTER.match(sentence, end)
    if after is not None:
        return after.group("plan").lower()
    before = _PLAN_BEFORE.search(sentence[:start])
    if before is None and not date:
        before = _PLAN_VERB.search(sentence[:start])
    return before.group("plan").lower() if before is not None else None


def asked_plan(question: str, date: bool = False) -> str | None:
    """The plan the question asks for ("the visitor target"), or None where it asks what
    came about ("actual operating expenditure, as opposed to the budget")."""
    # Asked when, a plan is what happened to ("When did the council adopt the budget?"),
    # unless the question asks when it was meant to happen.
    asks = _ASKS_ORIGINAL if date else _ASKS_PLAN
    asked = asks.search(_SET_AGAINST.sub("", question))
    return asked.group().lower() if asked is not None else None


def plan_mismatch(
    question: Question,
    sentence: str,
    figure: tuple[int, int],
    others: Sequence[tuple[int, int]],
) -> str | None:
    """Why the figure at ``figure`` (a span of ``sentence``) is not what the question asks,
    plan against outcome, or None (``mismatch``). ``others`` are the sentence's other
    figures; a sentence that names no plan at all gives none of them as the asked plan."""
    date = question.expects == "date"
    return _mismatch(
        question,
        plan_of(sentence, figure, date),
        lambda: (
            any(plan_of(sentence, other, date) for other in others)
            or not _SPEAKS_OF_PLANS.search(sentence)
        ),
        "the text",
    )


# A column headed as a plan: "Target 2024/25", "Budget", "Forecast FY2025".
_PLAN_WORD = re.compile(rf"\b(?:{_PLAN})\b", re.IGNORECASE)


def column_mismatch(question: Question, column: str, other_columns: Sequence[str]) -> str | None:
    """The same for a table cell, by its column's header ("Target 2024/25" beside "Achieved
    2024/25")."""
    plan = _PLAN_WORD.search(column)
    return _mismatch(
        question,
        plan.group().lower() if plan is not None else None,
        lambda: any(_PLAN_WORD.search(other) for other in other_columns),
        f"its column ({column.strip()!r})",
    )


def _mismatch(
    question: Question, plan: str | None, another_plan: Callable[[], bool], where: str
) -> str | None:
    """- Asked for no plan, and not about what lies ahead, a figure ``where`` gives as a
      plan is not the answer.
    - Asked for a plan, a figure ``where`` gives as none is not it, where ``another_plan()``
      says the plan asked for is given elsewhere, or nowhere."""
    asked = asked_plan(question.text, question.expects == "date")
    if asked is None:
        if plan is None or _ASKS_AHEAD.search(question.text):
            return None
        return f"{where} gives it as the {plan}"
    if plan is not None or not another_plan():
        return None
    return f"the question asks for the {asked}, and {where} gives it as none"
