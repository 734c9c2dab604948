"""The words and signs figures and dates are written with, each written once: what a year
is, the month names, the scale words and the currency symbols.

A leaf module (it imports nothing of the project), so ``values`` can display with the same
words that ``text.normalize`` reads.
"""

from __future__ import annotations

import re

YEAR_MIN, YEAR_MAX = 1000, 2199
YEAR = r"(?:1[0-9]|2[01])[0-9]{2}"
"""A year: four digits from ``YEAR_MIN`` to ``YEAR_MAX``, to embed in a larger pattern. Dates
before 1800 are common in history ("the Battle of Hastings, 1066"), so the rules read the
same years the dates do: 1750 is a year wherever it is read."""
YEAR_RE = re.compile(rf"(?<![0-9]){YEAR}(?![0-9])")
"""A year standing alone, not part of a longer number."""
_FISCAL_YEAR = re.compile(
    r"\b(?:FY|fiscal(?:\s+year)?)\s?'?([0-9]{4}|[0-9]{2})(?![0-9])", re.IGNORECASE
)
"""A fiscal year as filings write it: "FY2018", "FY 2018", "FY18", "FY'18", "fiscal 2018",
"fiscal year 2018"."""


def with_plain_years(text: str) -> str:
    """``text`` with each fiscal year written as its four-digit year ("FY18" as "2018"; two
    digits under 50 are 20xx, the others 19xx): the year a filing's column is headed with
    is the year a question about it means, however each writes it."""

    def plain(match: re.Match[str]) -> str:
        digits = match.group(1)
        if len(digits) == 4:
            return digits
        short = int(digits)
        return str(2000 + short if short < 50 else 1900 + short)

    return _FISCAL_YEAR.sub(plain, text)


def years_in(text: str) -> list[str]:
    """The years ``text`` names, in order, as four digits, fiscal years too."""
    return YEAR_RE.findall(with_plain_years(text))

MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
"""The English month names, January first. Written here, not read from
``calendar.month_name``: that follows the process's LC_TIME locale, so a library that calls
``setlocale`` would change which months a text is read and displayed with."""
MONTH_ABBREVIATIONS = tuple(
    short
    for name in MONTH_NAMES
    if name != "May"
    for short in ((name[:4], name[:3]) if name == "September" else (name[:3],))
)
"""How a text shortens a month: "Jan", "Sept" or "Sep" ("May" is never shortened)."""

SCALE_POWERS: dict[str, int] = {
    "thousand": 3,
    "k": 3,
    "million": 6,
    "mn": 6,
    "m": 6,
    "billion": 9,
    "bn": 9,
    "b": 9,
    "trillion": 12,
    "tn": 12,
}
"""Scale words and their abbreviations, lower case, to the power of ten they multiply by."""
SCALE_WORDS = tuple(word for word in SCALE_POWERS if len(word) > 2)
"""The scale words spelt out: "thousand", "million", "billion", "trillion"."""

CURRENCY_SYMBOLS: dict[str, str] = {
    "US$": "USD",
    "U.S.$": "USD",
    "A$": "AUD",
    "C$": "CAD",
    "HK$": "HKD",
    "NZ$": "NZD",
    "S$": "SGD",
    "R$": "BRL",
    "$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "₹": "INR",
    "₩": "KRW",
    "Rs.": "INR",
    "Rs": "INR",
}
"""Currency symbols, written before the number, to their ISO 4217 codes; longest first, so
"US$" wins over "$"."""
