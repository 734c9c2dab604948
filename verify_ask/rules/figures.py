"""What several rules read of a figure: its unit, where it occurs, the question's own figures."""

from __future__ import annotations

import re
from functools import lru_cache

from verify_ask.text.normalize import Mention, find_values
from verify_ask.text.normalize.units import CURRENCY_CODES, CURRENCY_SYMBOLS
from verify_ask.text.source import Source
from verify_ask.values import DateValue, Quantity, Value, consistent_date, same_value

CURRENCIES = frozenset(CURRENCY_CODES.values()) | frozenset(CURRENCY_SYMBOLS.values())


def occurs_as(candidate: Value, found: Value) -> bool:
    """True when a figure found in the source is the candidate's value."""
    if isinstance(candidate, DateValue) and isinstance(found, DateValue):
        return consistent_date(candidate, found)
    if isinstance(candidate, Quantity) and isinstance(found, Quantity):
        return same_value(candidate, found)
    return False


def unit_of(value: Value) -> str | None:
    return value.unit if isinstance(value, Quantity) else None


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
