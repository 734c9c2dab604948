"""What several rules read of a figure: its unit, where it occurs, the question's own figures."""

from __future__ import annotations

import re
from functools import lru_cache

from verify_ask.language.question import Question
from verify_ask.text.normalize import Mention, find_values
from verify_ask.text.normalize.units import CURRENCY_CODES, currency_code, unit_token
from verify_ask.text.source import Source
from verify_ask.text.vocabulary import CURRENCY_SYMBOLS
from verify_ask.values import DateValue, Quantity, Value, consistent_date, same_value, unit_of

CURRENCIES = frozenset(CURRENCY_CODES.values()) | frozenset(CURRENCY_SYMBOLS.values())


def occurs_as(candidate: Value, found: Value) -> bool:
    """True when a figure found in the source is the candidate's value."""
    if isinstance(candidate, DateValue) and isinstance(found, DateValue):
        return consistent_date(candidate, found)
    if isinstance(candidate, Quantity) and isinstance(found, Quantity):
        return same_value(candidate, found)
    return False


# A financial statement says once what its table's figures count in: "(in millions)",
# "($ in thousands)", "(Millions)", "in millions of dollars", "$'000".
_DECLARED_SCALE = re.compile(
    r"\(\s*(?:[$€£]\s*)?(?:in\s+)?(thousands|millions|billions)\b"
    r"|\bin\s+(thousands|millions|billions)\b"
    r"|[$€£]\s*['’]?(000)\b",
    re.IGNORECASE,
)
_SCALE_OF = {"thousands": 10**3, "000": 10**3, "millions": 10**6, "billions": 10**9}


def declared_scale(source: Source) -> int | None:
    """The one scale a source declares for its tables ("(in millions)"), or None when it
    declares none or several."""
    return source.cached(_declared_scale)


def _declared_scale(source: Source) -> int | None:
    found = {
        _SCALE_OF[next(g for g in match.groups() if g).lower()]
        for match in _DECLARED_SCALE.finditer(source.text)
    }
    return found.pop() if len(found) == 1 else None


def occurs_scaled(candidate: Value, mention: Mention, source: Source) -> bool:
    """A table cell as a statement's reader takes it: in the scale the source declares
    ("$1,496.5" under "(in millions)" is "$1,496.5 million"), and a cell in parentheses,
    an accounting negative, by its amount ("(1,577)" of capital expenditure answers "how
    much was capex" with 1,577)."""
    if not isinstance(candidate, Quantity) or not isinstance(mention.value, Quantity):
        return False
    from verify_ask.text.tables import tables_of

    if tables_of(source).columns_at(mention.start) is None:
        return False  # a figure of the prose says its own scale and sign
    number = mention.value.number
    if mention.surface.startswith("(") and number < 0:
        number = -number
    scale = declared_scale(source)
    from verify_ask.text.normalize.numbers import scale as times

    forms = [number] + ([times(number, scale)] if scale is not None else [])
    return any(
        same_value(candidate, Quantity(form, mention.value.unit))
        for form in forms
        if form != mention.value.number
    )


def counts_things(question: Question) -> bool:
    """Whether the question counts things in no unit ("how many loans"); "how much alcohol"
    may well be answered by a percentage, "how many miles" by a length."""
    counted = question.counted
    return (
        counted.many
        and bool(counted.stems)
        and question.unit is None
        # "how many paid holiday days" asks for a duration, which "4 weeks" answers, and
        # "how many dollars" for a sum.
        and not any(unit_token(word.lower()) or currency_code(word) for word in counted.written)
    )


def measure_of(value: Value) -> str | None:
    """What the value measures instead of counting: "a percentage", "a sum of money", "a
    measure", or None for a bare figure."""
    unit = unit_of(value)
    if unit is None:
        return None
    if unit in CURRENCIES:
        return "a sum of money"
    return "a percentage" if unit == "%" else "a measure"


def fits_unit(value: Value, wanted: str | None, labels: list[str] | None = None) -> bool:
    """A figure fits a unit the question names when it has that unit or none at all.

    Percent is stricter: a question about a percentage is answered by a figure written
    as one, or by a table cell whose row or column is in percent ("Change (%)").
    """
    if wanted is None:
        return True
    unit = unit_of(value)
    if wanted == "%":
        return unit == "%" or (unit is None and any("%" in label for label in labels or ()))
    return unit in (None, wanted)


@lru_cache(maxsize=256)
def question_figures(text: str) -> tuple[Mention, ...]:
    """The figures a question writes (read once per question, not once per candidate)."""
    return tuple(find_values(text))


# "1015 kelvins", "2000 guests", "1013 times": a year is not followed by what it counts.
_COUNTED_AFTER = re.compile(r"\s+(?!(?:was|is|has|does|says|sees|as|its|his|this|thus)\b)[a-z]+s\b")
_YEAR_BEFORE = re.compile(
    r"\b(?:in|since|from|until|till|during|the)\s+$",
    re.IGNORECASE,
)


def year_places(source: Source) -> set[tuple[int, int]]:
    """Where the source writes a year: a figure read as one, unless it counts things."""
    return {
        (m.start, m.end)
        for m in source.mentions
        if isinstance(m.value, DateValue) and not _counts_things(source.text, m)
    }


def _counts_things(text: str, mention: Mention) -> bool:
    """Whether a figure that reads as a year counts something instead ("2000 guests")."""
    if _YEAR_BEFORE.search(text, max(0, mention.start - 12), mention.start):
        return False
    return bool(_COUNTED_AFTER.match(text, mention.end))
