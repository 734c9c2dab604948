"""Reading a short model answer into the typed value it gives."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Literal

from verify_ask.text.normalize import dates
from verify_ask.text.normalize.mentions import Span, scan
from verify_ask.text.vocabulary import YEAR
from verify_ask.values import DateValue, Quantity, Value

Expect = Literal["number", "date"]

# Words that make a bare year-range integer a year when the question did not say
# ("In 2009", "the year 2009", "since 1995"). Kept short on purpose: "by 2000" and
# "from 2000" are as often counts as years.
_YEAR_CUES = frozenset({"in", "year", "since", "until", "during"})
_PREVIOUS_WORD_RE = re.compile(r"([A-Za-z]+)[^A-Za-z0-9]*$")
_MAX_ANSWER = 10_000  # an answer is one line; longer text is cut, not scanned whole


def parse_value(text: str, expect: Expect | None = None) -> Value | None:
    """The value of the first figure or date in a short answer, or None for "no value".

    ``expect`` only settles a bare year-range integer such as "1995": a date for
    "date", a number for "number", and without it a number unless a cue word
    precedes it ("In 1995", "the year 1995"). An answer of three digits alone ("506") is a
    year when a date is expected. Any other first figure is returned as
    written, so a caller expecting a date may still get a Quantity and should check.
    A date without a year ("March 14") and a decade ("the 1990s") give None.

    One exception to "first": unless a date is expected, a cued year followed by
    another figure is skipped as context ("In 2023, revenue was €48.2 million").
    """
    try:
        return _parse(text[:_MAX_ANSWER], expect)
    except Exception:  # a parser must never take the pipeline down on odd input
        return None


# "FY19", "FY 2019", "FY'19": a fiscal year, which the scanner would read as the number 19.
_FISCAL_YEAR = re.compile(rf"\bFY\s?'?(\d{{2}}|{YEAR})\b", re.IGNORECASE)


def _fiscal_year(match: re.Match[str]) -> str:
    digits = match.group(1)
    return f"fiscal year {digits if len(digits) == 4 else '20' + digits}"


def _parse(text: str, expect: Expect | None) -> Value | None:
    text = _FISCAL_YEAR.sub(_fiscal_year, text)
    spans = scan(text)
    first = spans[0] if spans else None
    if (
        first is not None
        and expect != "date"
        and first.bare_year
        and _year_cue(text, first)
        and len(spans) > 1
        and spans[1].values
    ):
        # "In 2023, revenue was €48.2 million": a cued year followed by another
        # figure is the answer's context (often echoed from the question), not its value.
        spans = spans[1:]
        first = spans[0]
    loose = _loose_date(text, spans, first)
    if loose is not None:
        return loose
    if first is None or not first.values:
        return None
    if _falling_pair(text, first):
        return None
    if first.bare_year:
        year, number = first.values
        if expect == "date" or (expect is None and _year_cue(text, first)):
            return year
        return number
    if expect == "date" and _EARLY_YEAR.fullmatch(text):
        # "506" for "When was the council held?": that year, which the source must still
        # write as one ("in 506", "506 AD") for the answer to be found there. "312 people"
        # stays a count.
        return DateValue(int(text.strip().rstrip(".")))
    return first.values[0]


_EARLY_YEAR = re.compile(r"\s*[1-9][0-9]{2}\.?\s*")


_DASHED_NUMBER = re.compile(r"\s*[-–—]\s*(\d[\d,]*)")


def _falling_pair(text: str, first: Span) -> bool:
    """Whether the first figure is the start of a pair that runs down ("60-30's", "3-2"):
    no range, and no one figure either. "2013-14" is a season, "1115–1234" a span."""
    match = _DASHED_NUMBER.match(text, first.end)
    value = first.values[0]
    if match is None or not isinstance(value, Quantity):
        return False
    following = Decimal(match.group(1).replace(",", ""))
    if first.bare_year and following < 100:
        return False
    return following < value.number


def _loose_date(text: str, spans: list[Span], first: Span | None) -> DateValue | None:
    """dateparser's reading when a month name sits at the start of the answer's first
    figure but no structured date pattern read it ("14-Mar-2009", "Mar-2009")."""
    for month in dates.MONTH_RE.finditer(text):
        if any(s.start <= month.start() < s.end for s in spans):
            continue
        if first is not None and month.start() > first.end + 3:
            return None
        return dates.loose_date(text)
    return None


def _year_cue(text: str, span: Span) -> bool:
    previous = _PREVIOUS_WORD_RE.search(text, 0, span.start)
    return previous is not None and previous.group(1).lower() in _YEAR_CUES
