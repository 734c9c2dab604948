"""The ``comparison`` checker: "In which year was X the largest?" answered from the table.

Such a question is answered by a column header, which no sentence states as the answer,
so neither span nor arithmetic can ground it. This checker finds the table row the question
names, reads its figures per year column, and confirms that the candidate year holds the
largest (or smallest) figure. It skips questions that are not such comparisons, questions
with a threshold ("less than 100 million"), and sources without a matching row.

The year it computes needs no vote: the table decides it, and the model only has to have
written it once. On TAT-QA dev records 0-199 the computed year was the gold answer in all 11
questions where a row matched; in two the samples wrote it only once or twice, and the vote
had refused it.
"""

from __future__ import annotations

import re
from decimal import Decimal

from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, evidence_at
from verify_ask.checkers.registry import register
from verify_ask.locate import YEAR, same_stem
from verify_ask.normalize import parse_value
from verify_ask.question import COMPARATIVES, LEAST, MOST, THRESHOLD, stem, stems_of
from verify_ask.values import DateValue, Quantity

_LABEL_WORD = re.compile(r"[A-Za-z]+")
_COMPARISON_WORDS = stems_of(COMPARATIVES) | stems_of("year fy fiscal amount value")
MIN_ROW_MATCH = 0.5
"""Share of the question's (non-comparison) term weight the row label must hold."""


class ComparisonChecker:
    name = "comparison"
    description = "a year that answers 'which year was X largest/smallest' holds that extreme"

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        question = context.question
        value = candidate.value
        most, least = MOST.search(question.text), LEAST.search(question.text)
        if (
            not isinstance(value, DateValue)
            or value.month is not None
            or bool(most) == bool(least)
            or THRESHOLD.search(question.text)
        ):
            return self._skip("not a which-year comparison")
        terms = [t for t in question.terms if t not in _COMPARISON_WORDS and not t.isdigit()]
        row = _named_row(context, terms)
        if row is None:
            return self._skip("no table row clearly matches the question")
        label, by_year = row
        if len(by_year) < 2:
            return self._skip(f"row {label!r} has fewer than two years to compare")
        pick = max if most else min
        # A row all in brackets is outflows or losses: "a greater foreign exchange movement"
        # than (1.5) is (4.2), the larger amount.
        size = abs if all(number < 0 for number, _, _ in by_year.values()) else (lambda n: n)
        best_year = pick(by_year, key=lambda year: size(by_year[year][0]))
        figures = sorted(number for number, _, _ in by_year.values())
        if len(set(figures)) < len(figures):
            return self._skip(f"row {label!r} has equal figures; no single extreme")
        number, start, end = by_year[best_year]
        detail = (
            f"row {label!r}: {'largest' if most else 'smallest'} in {best_year} ({number}) "
            f"among {', '.join(str(y) for y in sorted(by_year))}"
        )
        evidence = (evidence_at(context.source, start, end, detail),)
        # The table decides, not the model: the result both grounds and backs the year, so
        # one sample writing it is enough (measured in the module docstring).
        verdict, score = ("pass", 1.0) if best_year == value.year else ("fail", 0.0)
        return CheckResult(
            self.name, verdict, score, evidence, detail, grounding=True, support=True
        )

    def _skip(self, why: str) -> CheckResult:
        return CheckResult(self.name, "skip", 0.0, detail=why)


def _named_row(
    context: CheckContext, terms: list[str]
) -> tuple[str, dict[int, tuple[Decimal, int, int]]] | None:
    """The one body row whose label holds most of the question's term weight."""
    if not terms:
        return None
    source = context.source
    weights = {t: source.places.weight(t) for t in terms}
    total = sum(weights.values())
    scored = []
    for label, cells in source.tables.body_rows():
        words = {stem(word.lower()) for word in _LABEL_WORD.findall(label)}
        found = sum(w for t, w in weights.items() if any(same_stem(x, t) for x in words))
        # Of "EBITDA" and "Underlying EBITDA", the question "Which FY has a higher EBITDA?"
        # names the first: fewer words the question does not use.
        extra = sum(not any(same_stem(x, t) for t in terms) for x in words)
        scored.append((found / total, extra, label, cells))
    scored.sort(key=lambda item: (-item[0], item[1]))
    if not scored or scored[0][0] < MIN_ROW_MATCH:
        return None
    if len(scored) > 1 and scored[1][:2] == scored[0][:2]:
        return None  # two rows fit equally: which one the question means is unclear
    _, _, label, cells = scored[0]
    by_year: dict[int, tuple[Decimal, int, int]] = {}
    for header, start, end in cells:
        years = YEAR.findall(header)
        figure = parse_value(source.text[start:end], expect="number")
        if len(years) == 1 and isinstance(figure, Quantity) and figure.unit != "%":
            by_year.setdefault(int(years[0]), (figure.number, start, end))
    return label, by_year


register(ComparisonChecker())
