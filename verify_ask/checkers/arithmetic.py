"""The ``arithmetic`` checker: the model's calculation holds, from figures the source states.

A computed answer ("48.2 - 39.5 = 8.7") cannot be found in the source, but it can be
verified: the derivation must evaluate, exactly, to the candidate (see
``verify_ask.text.expression.matches`` for the rounding it allows), and every number it uses
must be a figure in the source, standing where the question points (its place scores at
least ``min_relevance``, as in the span checker). An operand is grounded when it equals a
figure's number (``1250`` for "1,250"), or the number as written in the figure's text (``1.2`` for
"$1.2 million", whose number is 1200000), or the year of a date given as a bare year.
An operand with a scale word ("48.2 million") may also equal a figure's number
(48200000). The constants 1, 2 and 100 (ratios, averages, percentages) need not occur in the source;
they are named in the note and get no evidence of their own.

A change has a direction: "the change in X from 2018 to 2019" is 2019's figure minus 2018's,
and a rate of change is over the earlier figure. Where the question names two years and
each figure of the calculation has one (its table column's, or "in 2019" right after it),
a calculation that subtracts them the other way round fails, however well it balances:
"68.3 - 64.0 = 4.3" for a fall from 68.3 to 64.0. A decrease asked as such ("how much did
it decrease by") is the earlier minus the later. Where the question names two years or
more, a figure from a table column of another year has no place in the calculation: "the
average for 2017 and 2018" is not computed from 2019's column, nor from one figure halved.

The candidate may carry a scale word the derivation leaves out ("1,496.5 - 1,202.9 =
293.6 million" has the value 293600000): the derivation may equal the candidate's number or
that number divided by a thousand, a million, a billion or a trillion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from verify_ask import run_options
from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, Evidence, evidence_at
from verify_ask.checkers.registry import register
from verify_ask.errors import ExpressionError
from verify_ask.language.lexicon import YEAR
from verify_ask.text import expression, vocabulary
from verify_ask.values import DateValue, Quantity

_SCALES = tuple(Decimal(10) ** power for power in sorted({0, *vocabulary.SCALE_POWERS.values()}))
# "increase / (decrease)" asks for the signed change, as "change" does; a decrease alone
# asks how far it fell.
_CHANGE = re.compile(r"\b(?:chang(?:e|es|ed)|growth|grew|increase[sd]?|rise|rose)\b", re.I)
_DECREASE = re.compile(r"\b(?:decrease[sd]?|decline[sd]?|fall|fell|drop(?:ped)?)\b", re.I)
_AVERAGE = re.compile(r"\b(?:average|mean)\b", re.I)
_YEAR_AFTER = re.compile(rf"[^\d.;]{{0,20}}?\bin\s+(?:fiscal\s+|fy\s*)?({vocabulary.YEAR})\b", re.I)
_SURFACE_NUMBER = re.compile(r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\.\d+")


@dataclass(frozen=True)
class ArithmeticOptions:
    min_relevance: float = run_options.min_relevance()  # operands are placed as span's figures


class ArithmeticChecker:
    name = "arithmetic"
    options = ArithmeticOptions
    description = "the model's calculation gives the value and uses only figures in the source"

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        derivations = [_expression_part(d) for d in candidate.derivations]
        derivations = list(dict.fromkeys(d for d in derivations if d))
        if not derivations:
            return CheckResult(self.name, "skip", 0.0, detail="no sample wrote a calculation")
        value = candidate.value
        if not isinstance(value, Quantity):
            return CheckResult(self.name, "skip", 0.0, detail="dates are not computed")
        forms = _candidate_forms(candidate, value)
        mentions = list(_mentions(context.source))
        failures = []
        for derivation in derivations:
            evidence, note, problem = _check_one(derivation, forms, mentions, context)
            if problem is None:
                return CheckResult(self.name, "pass", 1.0, evidence, detail=note, grounding=True)
            failures.append(f"{derivation}: {problem}")
        return CheckResult(self.name, "fail", 0.0, detail="; ".join(failures), grounding=True)


def _check_one(
    derivation: str,
    forms: list[tuple[Decimal, bool]],
    mentions: list,
    context: CheckContext,
) -> tuple[tuple[Evidence, ...], str, str | None]:
    """(evidence, note, problem) for one derivation; problem is None when it holds."""
    try:
        result = expression.evaluate(derivation)
        numbers = expression.operands(derivation)
        scaled = expression.scaled_operands(derivation)
    except ExpressionError as error:
        return (), derivation, f"cannot be evaluated ({error})"
    note = _note(derivation, result)
    problems = []
    if not any(expression.matches(result, number, percent=percent) for number, percent in forms):
        number, percent = forms[-1]
        problems.append(
            f"evaluates to {expression.format_value(result)}, not {_plain(number)}"
            + ("%" if percent else "")
        )
    if context.question.difference and not expression.subtracts(derivation):
        problems.append("the question asks for a difference, and the calculation subtracts nothing")
    evidence: list[Evidence] = []
    constants: list[str] = []
    threshold = float(context.options_for(ArithmeticChecker).min_relevance)
    found_at: dict[int, list] = {}
    for index, (number, scaled_number) in enumerate(zip(numbers, scaled, strict=True)):
        if number in expression.ALLOWED_CONSTANTS and scaled_number == number:
            constants.append(_plain(number))
            continue
        found_at[index] = [m for m in mentions if _is_operand(number, scaled_number, m)]
        placed = _grounding(number, scaled_number, mentions, context)
        if placed is None:
            problems.append(f"operand {_plain(number)} not in source")
        elif placed[0] < threshold:
            problems.append(
                f"operand {_plain(number)} stands where the question does not point "
                f"(place {placed[0]:.2f} < {threshold:.2f})"
            )
        else:
            mention = placed[1]
            evidence.append(evidence_at(context.source, mention.start, mention.end, note))
    if not evidence and not problems:
        problems.append("no operand is a figure from the source")
    if len(evidence) > 1 and len({(e.start, e.end) for e in evidence}) == 1:
        # x / x, x - x: a calculation that uses one figure against itself proves nothing.
        problems.append("it uses one figure against itself")
    asked = sorted({int(year) for year in YEAR.findall(context.question.text)})
    # What the years the question names ask of the calculation's operands.
    for problem in (
        _direction_problem(derivation, numbers, found_at, context, asked),
        _other_year_problem(numbers, found_at, context.source, asked),
        _average_problem(context.question.text, len(found_at), asked),
    ):
        if problem:
            problems.append(problem)
    if problems:
        return (), note, ", ".join(dict.fromkeys(problems))
    detail = note
    if constants:
        detail += f" (constants: {', '.join(dict.fromkeys(constants))})"
    return tuple(evidence), detail, None


def _direction_problem(
    derivation: str,
    numbers: list[Decimal],
    found_at: dict[int, list],
    context: CheckContext,
    years: list[int],
) -> str | None:
    """Why the calculation runs against the change the question asks for (between the
    ``years`` it names), or None. An operand whose number stands under both years (or under
    none) tells nothing."""
    text = context.question.text
    falls = bool(_DECREASE.search(text)) and not _CHANGE.search(text)
    if not (falls or _CHANGE.search(text)):
        return None
    if len(years) != 2:
        return None
    earlier, later = years
    shape = expression.change_shape(derivation)
    year_of = {}
    for index, found in found_at.items():
        asked = {_figure_year(m, context.source, years) for m in found} - {None}
        if len(asked) == 1:
            year_of[index] = asked.pop()
    first, second = (earlier, later) if falls else (later, earlier)
    if shape.minuend is not None and shape.subtrahend is not None:
        got = (year_of.get(shape.minuend), year_of.get(shape.subtrahend))
        if got == (second, first):
            a, b = _plain(numbers[shape.minuend]), _plain(numbers[shape.subtrahend])
            return (
                f"it subtracts {first}'s figure from {second}'s ({a} - {b}); the question "
                f"asks for {first}'s minus {second}'s"
            )
    if shape.base is not None and not falls and year_of.get(shape.base) == later:
        return f"it divides by {later}'s figure; a change from {earlier} is over {earlier}'s"
    return None


def _other_year_problem(
    numbers: list[Decimal], found_at: dict[int, list], source: object, asked: list[int]
) -> str | None:
    """Why an operand belongs to a year the question does not ask about, or None. Only a
    question that names two years or more bounds its calculation to them ("the average for
    2017 and 2018"; a growth rate "in 2019" needs 2018's figure too); an operand counts only
    where every place of its number is a table column of one year, none of them asked."""
    if len(asked) < 2:
        return None
    for index, found in found_at.items():
        columns = [_column_years(m, source) for m in found]
        if not found or any(years is None or len(years) != 1 for years in columns):
            continue
        years = set().union(*columns)  # type: ignore[arg-type]
        if not years & set(asked):
            return (
                f"operand {_plain(numbers[index])} is {', '.join(map(str, sorted(years)))}'s "
                f"figure; the question asks about {' and '.join(map(str, asked))}"
            )
    return None


def _average_problem(question: str, figures: int, asked: list[int]) -> str | None:
    """Why an average over the years a question names cannot be this calculation, or None:
    it takes fewer figures of the source than there are years ("106.4 million / 2" for the
    average of 2018 and 2019 halves one figure)."""
    if len(asked) < 2 or figures >= len(asked) or not _AVERAGE.search(question):
        return None
    return (
        f"the question asks for an average over {' and '.join(map(str, asked))}, and the "
        f"calculation takes {figures} figure(s) of the source"
    )


def _column_years(mention: object, source: object) -> set[int] | None:
    """The years a table figure's column header names; None outside a table."""
    from verify_ask.text.source import Source
    from verify_ask.text.tables import tables_of

    if not isinstance(source, Source):
        return None
    columns = tables_of(source).columns_at(mention.start)  # type: ignore[attr-defined]
    return None if columns is None else {int(y) for y in vocabulary.years_in(columns[0])}


def _figure_year(mention: object, source: object, years: list[int]) -> int | None:
    """The one asked year a figure belongs to: its table column's, or "in 2019" after it."""
    from verify_ask.text.source import Source

    if not isinstance(source, Source):
        return None
    found = _column_years(mention, source)
    if found is None:
        after = _YEAR_AFTER.match(source.text, mention.end)  # type: ignore[attr-defined]
        found = {int(after.group(1))} if after else set()
    found &= set(years)
    return found.pop() if len(found) == 1 else None


def _expression_part(derivation: str) -> str | None:
    """A stored derivation is normally the expression alone; tolerate a whole answer line."""
    if "=" in derivation or "≈" in derivation:
        split = expression.split_derivation(derivation)
        return split[0] if split else None
    return derivation.strip() or None


def _candidate_forms(candidate: Candidate, value: Quantity) -> list[tuple[Decimal, bool]]:
    """(number, is_percent) forms the derivation may evaluate to; the last is for messages.

    The candidate's number and that number without a scale word, then, if a sample's text
    states the result, the number as written there (which keeps its written decimals,
    "8.70"), provided it is the candidate's number up to a scale word.
    """
    percent = value.unit == "%"
    number = value.number
    forms: list[tuple[Decimal, bool]] = [
        ((number / scale).normalize(), percent) for scale in reversed(_SCALES[1:])
    ]
    forms.append((number, percent))
    for sample in candidate.samples:
        split = expression.split_derivation(sample.text)
        written = expression.result_number(split[1]) if split else None
        if written is None or not written.is_finite():
            continue
        if any(abs(written) * scale == abs(number) for scale in _SCALES):
            written = abs(written) if number >= 0 else -abs(written)
            forms.append((written, percent))
    # Equal Decimals written with different decimals ("8.7", "8.70") are different forms;
    # of repeats, keep the last so that a written form stays last.
    unique = {(format(n, "f"), p): (n, p) for n, p in reversed(forms)}
    return list(reversed(unique.values()))


def _mentions(source: object) -> list:
    mentions = getattr(source, "mentions", None)
    if mentions is None:
        from verify_ask.text.normalize import find_values

        mentions = find_values(source.text)  # type: ignore[attr-defined]
    return mentions


def _grounding(
    number: Decimal, scaled: Decimal, mentions: list, context: CheckContext
) -> tuple[float, object] | None:
    """The best-placed source figure the operand is (numbers compare exactly, signs aside),
    with its place score for the question.

    ``number`` is the operand as written, ``scaled`` with its scale word applied.
    """
    found_at = [m for m in mentions if _is_operand(number, scaled, m)]
    if not found_at:
        return None
    from verify_ask.language.places import places_of
    from verify_ask.text.source import Source

    if not isinstance(context.source, Source):  # a bare text with figures: any place will do
        return 1.0, found_at[0]
    places = places_of(context.source)
    scored = [(places.place(context.question, m.start, m.end).score, m) for m in found_at]
    return max(scored, key=lambda pair: pair[0])


def _is_operand(number: Decimal, scaled: Decimal, mention: object) -> bool:
    found = mention.value  # type: ignore[attr-defined]
    if isinstance(found, Quantity):
        if abs(found.number) in (number, scaled):
            return True
        return any(written == number for written in _surface_numbers(mention.surface))  # type: ignore[attr-defined]
    return isinstance(found, DateValue) and found.month is None and number == found.year


def _surface_numbers(surface: str) -> list[Decimal]:
    return [Decimal(m.group().replace(",", "")) for m in _SURFACE_NUMBER.finditer(surface)]


def _note(derivation: str, result: object) -> str:
    shown = expression.format_value(result)  # type: ignore[arg-type]
    if shown.startswith("≈"):
        return f"{derivation} ≈ {shown[1:]}"
    return f"{derivation} = {shown}"


def _plain(number: Decimal) -> str:
    return format(number, "f")


register(ArithmeticChecker())
