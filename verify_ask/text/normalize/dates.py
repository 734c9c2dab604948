"""Dates: written with a month name ("14 March 2009", "March 2009"), ISO, in figures
("6/25/2024", "25.06.2024"), or a bare year.

A date is kept at the precision it was written with and nothing is ever invented:
"March 2009" has no day, and a date with no year ("March 14") is not a verifiable
date at all, so it yields no value (but still hides its day number from being read
as a count). Decades ("the 1990s") likewise yield no value.

Structured forms are read with regular expressions, which give exact spans and make
it impossible to invent a field. dateparser (slow to import, so imported lazily) is
only a fallback for unusual forms in a short answer ("14-Mar-2009"), and its result
is accepted only when every field it returns is visibly written in the text.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

from verify_ask.text.vocabulary import (
    MONTH_ABBREVIATIONS,
    MONTH_NAMES,
    YEAR,
    YEAR_MAX,
    YEAR_MIN,
    YEAR_RE,
)
from verify_ask.values import DateValue

_MONTH_NUMBERS = {
    written.lower(): number
    for number, name in enumerate(MONTH_NAMES, start=1)
    for written in (name, *(short for short in MONTH_ABBREVIATIONS if name.startswith(short)))
}

# Full names in any case, except "may" (a common verb) which must be capitalised;
# abbreviations must be capitalised too ("mar", "dec" are words or noise).
MONTH = (
    f"(?:(?i:{'|'.join(name.lower() for name in MONTH_NAMES if name != 'May')})"
    f"|May|MAY|(?:{'|'.join(MONTH_ABBREVIATIONS)})\\.?)"
)
_DAY = r"(?:3[01]|[12][0-9]|0?[1-9])(?:st|nd|rd|th)?"
_SP = r"[ \t\u00a0]+"
_END = r"(?![0-9]|[.,][0-9])"  # the last number must not run on ("May 5,000")
_FIGURE = r"(?:3[01]|[12][0-9]|0?[1-9])"  # a day or a month written in figures

# Alternatives in priority order; named groups say which fields were written.
DATE_RE = re.compile(
    rf"(?<![A-Za-z0-9])(?:"
    rf"(?P<d1>{_DAY}){_SP}(?:of{_SP})?(?P<m1>{MONTH}),?{_SP}(?P<y1>{YEAR}){_END}"
    rf"|(?P<m2>{MONTH}){_SP}(?P<d2>{_DAY})(?:,[ \t\u00a0]*|{_SP})(?P<y2>{YEAR}){_END}"
    rf"|(?P<m3>{MONTH}),?{_SP}(?P<y3>{YEAR}){_END}"
    rf"|(?P<iy>{YEAR})-(?P<im>0[1-9]|1[0-2])-(?P<id>0[1-9]|[12][0-9]|3[01])(?![0-9A-Za-z-])"
    rf"|(?<![0-9][/.])(?P<fa>{_FIGURE})(?P<fs>[/.])(?P<fb>{_FIGURE})(?P=fs)(?P<fy>{YEAR})"
    rf"(?![0-9A-Za-z/]|[.,][0-9])"
    rf"|(?P<d4>{_DAY}){_SP}(?:of{_SP})?(?P<m4>{MONTH}){_END}"
    rf"|(?P<m5>{MONTH}){_SP}(?P<d5>{_DAY}){_END}"
    rf")(?![A-Za-z])"
)
MONTH_RE = re.compile(rf"(?<![A-Za-z]){MONTH}(?![A-Za-z])")


def month_number(name: str) -> int | None:
    """1-12 for a month name or abbreviation ("Sept." -> 9)."""
    return _MONTH_NUMBERS.get(name.rstrip(".").lower())


def _day_number(text: str) -> int:
    return int(text.rstrip("stndrh"))


def date_from_match(match: re.Match[str]) -> DateValue | None:
    """The date a ``DATE_RE`` match names, or None when it has no year or is impossible."""
    groups = match.groupdict()
    if groups["iy"]:
        year, month, day = int(groups["iy"]), int(groups["im"]), int(groups["id"])
    elif groups["fy"]:
        ordered = _month_and_day(int(groups["fa"]), int(groups["fb"]))
        if ordered is None:
            return None
        year, (month, day) = int(groups["fy"]), ordered
    else:
        year_text = groups["y1"] or groups["y2"] or groups["y3"]
        if year_text is None:
            return None  # "March 14": no year, not a verifiable date
        month_text = groups["m1"] or groups["m2"] or groups["m3"]
        month = month_number(month_text)
        if month is None:
            return None
        year = int(year_text)
        day_text = groups["d1"] or groups["d2"]
        day = _day_number(day_text) if day_text else None
    if day is not None:
        try:
            date(year, month, day)
        except ValueError:  # "31 February 2009"
            return None
    return DateValue(year, month, day)


def _month_and_day(first: int, second: int) -> tuple[int, int] | None:
    """Month and day of a date in figures, where only one order makes a date."""
    if first == second or (first <= 12 and second > 12):
        return first, second
    if second <= 12 < first:
        return second, first
    return None  # "6/7/2024": June 7 in the US, 6 July elsewhere


def year_value(number: int) -> DateValue | None:
    """A bare integer read as a year, when it is in the plausible range."""
    return DateValue(number) if YEAR_MIN <= number <= YEAR_MAX else None


_PARSER: Any = None
_RELATIVE_BASE = datetime(2000, 1, 1)  # fixed, so results never depend on today


def _dateparser() -> Any:
    global _PARSER
    if _PARSER is None:
        from dateparser.date import DateDataParser

        _PARSER = DateDataParser(
            languages=["en"],
            settings={
                "RELATIVE_BASE": _RELATIVE_BASE,
                "PREFER_DAY_OF_MONTH": "first",
                "REQUIRE_PARTS": ["year", "month"],
                "PREFER_DATES_FROM": "past",
            },
        )
    return _PARSER


_TOKEN_DAY_RE = re.compile(r"(?<![0-9])([0-3]?[0-9])(?:st|nd|rd|th)?(?![0-9])")


def loose_date(text: str) -> DateValue | None:
    """Read an unusual month-name date in a short text with dateparser, or None.

    dateparser fills missing fields from its base date and may read "March 14" as
    March 2014, so every field it returns must be written in the text: the year as
    a four-digit token, the month as a month name, the day as a 1-2 digit token.
    """
    if len(text) > 200:
        return None
    month_match = MONTH_RE.search(text)
    years = {int(y) for y in YEAR_RE.findall(text)}
    if month_match is None or not years:
        return None
    try:
        data = _dateparser().get_date_data(text)
    except Exception:  # dateparser can raise on odd input; a fallback must not
        return None
    parsed = getattr(data, "date_obj", None)
    if parsed is None:
        return None
    month = month_number(month_match.group())
    if parsed.year not in years or parsed.month != month:
        return None
    day = None
    if getattr(data, "period", None) == "day":
        days = {int(d) for d in _TOKEN_DAY_RE.findall(text)}
        if parsed.day in days:
            day = parsed.day
    return DateValue(parsed.year, parsed.month, day)
