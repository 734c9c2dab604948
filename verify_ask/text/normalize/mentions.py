"""Finding every figure and date in a text, with exact character offsets.

One linear pass per kind, in priority order, each claiming the characters it reads
so later passes cannot read them again: dates with a month name first (so the day
in "14 March 2009" is not also a count), then digit numerals with their currency,
scale, percent or unit, then runs of number words. Everything is regex scanning
plus bounded work per match, so a megabyte of text takes well under a few seconds.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeVar

from verify_ask.text.normalize import dates, numbers, units
from verify_ask.text.vocabulary import SCALE_POWERS, SCALE_WORDS
from verify_ask.values import DateValue, Quantity, Value

T = TypeVar("T")


@dataclass(frozen=True)
class Mention:
    """A value found in a source text; ``surface == text[start:end]``."""

    value: Value
    start: int
    end: int
    surface: str


@dataclass(frozen=True)
class Span:
    """A stretch of text read as figures: zero values (a yearless date, a decade),
    one, or two for a bare year (its date reading first, then its number reading)."""

    start: int
    end: int
    values: tuple[Value, ...]

    @property
    def bare_year(self) -> bool:
        return len(self.values) == 2


# A digit numeral with what may precede it: "(" of an accounting negative, a sign,
# a currency symbol or code. Suffixes are read afterwards in Python.
NUMERAL_RE = re.compile(
    rf"""
    (?<![A-Za-z0-9_])                      # not inside a word or a number
    (?P<open>\()?
    (?P<sign>[-\u2212+](?=[$€£¥₹₩A-Z0-9.]))?
    (?P<cur>{units.CURRENCY_PREFIX})?
    (?P<sign2>[-\u2212])?
    (?(cur)|(?<![A-Za-z0-9_.])(?<![0-9],))  # never start mid-number ("1,00,000", "3.5.2")
    (?P<num>{numbers.DIGITS})
    (?![0-9]|[.,][0-9])
    """,
    re.VERBOSE,
)

_ORDINAL_RE = re.compile(r"(?:st|nd|rd|th)(?![A-Za-z])")
_DECADE_RE = re.compile(r"s(?![A-Za-z])")
_ATTACHED_SCALE_RE = re.compile(r"(?:bn|mn|tn|Bn|BN|MN|[kKMB]|m|b)(?![A-Za-z])")
_SPACED_SCALE_RE = re.compile(
    rf"{units.SP}+(?i:{'|'.join(SCALE_WORDS)})(?![A-Za-z])"
    rf"|{units.SP}?(?i:bn|mn|tn)(?![A-Za-z])"
)
_CLOSE_PAREN_RE = re.compile(rf"{units.SP}?\)")


def scan(text: str) -> list[Span]:
    """Every span of ``text`` read as figures, sorted by start. Never raises."""
    claimed = bytearray(len(text))
    spans: list[Span] = []

    def free(start: int, end: int) -> bool:
        return claimed.find(1, start, end) == -1

    def claim(span: Span) -> None:
        claimed[span.start : span.end] = b"\x01" * (span.end - span.start)
        spans.append(span)

    for match in dates.DATE_RE.finditer(text):
        value = _safely(dates.date_from_match, match)
        claim(Span(match.start(), match.end(), (value,) if value else ()))

    table_lines = _table_lines(text)
    for match in NUMERAL_RE.finditer(text):
        if not free(match.start("num"), match.end("num")):
            continue
        span = _safely(_numeral_span, text, match, table_lines)
        if span is not None and free(span.start, span.end):
            claim(span)

    for start, end, number in _safely(numbers.word_runs, text) or ():
        if not free(start, end):
            continue
        span = _safely(_words_span, text, start, end, number)
        if span is not None and not free(span.start, span.end):
            span = Span(start, end, (Quantity(Decimal(number)),))  # suffix already read
        if span is not None:
            claim(span)

    spans.sort(key=lambda s: s.start)
    return spans


def _safely(function: Callable[..., T], *args: object) -> T | None:
    """Call a per-match reader; a surprise on one match skips it, not the whole text."""
    try:
        return function(*args)
    except Exception:
        return None


def find_values(text: str) -> list[Mention]:
    """Every number, amount, percentage and date in ``text``, sorted by start.

    A bare integer 1000-2199 gives two mentions with the same offsets, its year and
    its number, since only the question can tell which was meant; so does an earlier year
    the text marks as one ("in 506", "30 AD"). Yearless dates and
    decades give none.
    """
    mentions = []
    for span in scan(text):
        surface = text[span.start : span.end]
        for value in span.values:
            mentions.append(Mention(value, span.start, span.end, surface))
    return mentions


def _numeral_span(
    text: str, match: re.Match[str], table_lines: list[tuple[int, int]]
) -> Span | None:
    numeral = match.group("num")
    number = numbers.parse_digits(numeral)
    if number is None:
        return None
    num_start, num_end = match.span("num")
    cur_text = match.group("cur")
    currency = units.currency_code(cur_text) if cur_text else None
    negative = bool(match.group("sign2")) or match.group("sign") in ("-", "\u2212")
    start = num_start
    for group in ("sign2", "cur", "sign"):  # the leftmost prefix present starts the span
        if match.group(group):
            start = match.start(group)
    is_integer = numeral.isdigit()
    plain = is_integer and not (negative or currency or match.group("sign"))

    if plain and _letter_at(text, num_end):
        ordinal = _ORDINAL_RE.match(text, num_end)
        if ordinal:
            return Span(start, ordinal.end(), (Quantity(number),))
        if _DECADE_RE.match(text, num_end) and number % 10 == 0:
            return Span(start, num_end + 1, ())  # "the 1990s": not a year, not a count

    end, suffix_unit, multiplier = _read_suffix(text, num_end, currency, attached=True)
    if end == num_end and _letter_at(text, num_end):
        return None  # "5G", "3D", "12pm": a code, not a figure
    value = numbers.scale(number, multiplier) if multiplier != 1 else number

    if match.group("open") and not negative and suffix_unit is None:
        close = _CLOSE_PAREN_RE.match(text, end)
        formatted = not is_integer or "," in numeral or currency is not None
        if close and (formatted or _in_table(match.start(), table_lines)):
            negative = True  # accounting negative: "(1,234)", "($5.2)"
            start, end = match.start("open"), close.end()
    if negative:
        value = numbers.negate(value)

    quantity = Quantity(value, currency or suffix_unit)
    if plain and not negative and end == num_end and len(numeral) == 4:
        year = dates.year_value(int(number))
        if year is not None:
            return Span(start, end, (year, quantity))
    if plain and not negative and end == num_end and len(numeral) <= 3:
        early = _early_year(text, start, end, int(number))
        if early is not None:
            return Span(start, early, (DateValue(int(number)), quantity))
    return Span(start, end, (quantity,))


_ERA_AFTER = re.compile(r"[ \u00a0]?(?:AD|A\.D\.|CE|C\.E\.)(?![A-Za-z])")
_BEFORE_THE_ERA = re.compile(r"[ \u00a0]?(?:BCE?|B\.C\.(?:E\.)?)(?![A-Za-z])")
_ERA_BEFORE = re.compile(r"\b(?:AD|A\.D\.)[ \u00a0]?$")
_EARLY_YEAR_CUE = re.compile(r"\b(?:in|since|until|during|year|c\.|circa)\s+$", re.IGNORECASE)


def _early_year(text: str, start: int, end: int, number: int) -> int | None:
    """Where a year before 1000 ends, when the text marks the number as one: an era ("30
    AD", "AD 30", "330 CE"), or three digits after "in", "since", "until", "during" or "year"
    ("the council met in 506"). Like a four-digit year, it is read as a count too; only the
    question tells which. Years before the era (BC) are not read."""
    if number < 1 or _BEFORE_THE_ERA.match(text, end):
        return None
    era = _ERA_AFTER.match(text, end)
    if era:
        return era.end()
    if _ERA_BEFORE.search(text, max(0, start - 6), start):
        return end
    if number >= 100 and _EARLY_YEAR_CUE.search(text, max(0, start - 12), start):
        return end
    return None


def _words_span(text: str, start: int, end: int, number: int) -> Span:
    """A number-word run with the percent, currency or unit after it ("twenty percent")."""
    suffix_end, unit, multiplier = _read_suffix(text, end, currency=None, attached=False)
    value = Decimal(number)
    if multiplier != 1:
        value = numbers.scale(value, multiplier)
    return Span(start, suffix_end, (Quantity(value, unit),))


def _read_suffix(
    text: str, pos: int, currency: str | None, attached: bool
) -> tuple[int, str | None, int]:
    """Read a scale, then a percent, currency or unit, after a number ending at ``pos``.

    Returns ``(end, unit, multiplier)`` where ``unit`` is what the suffix named, or
    None. After a currency prefix only a scale is read ("$3bn"). A lone attached
    "m"/"b" is a scale only for money ("€48.2m", "48.2m euros"); otherwise "100m" is
    a hundred metres.
    """
    multiplier = 1
    end = pos
    if not _suffix_possible(text, pos):
        return end, None, multiplier
    scale_match = _ATTACHED_SCALE_RE.match(text, pos) if attached else None
    if scale_match:
        token = scale_match.group()
        money_after = units.CURRENCY_SUFFIX_RE.match(text, scale_match.end())
        if token not in ("m", "b") or currency or money_after:
            multiplier = 10 ** SCALE_POWERS[token.lower()]
            end = scale_match.end()
    if multiplier == 1:
        spaced = _SPACED_SCALE_RE.match(text, pos)
        if spaced:
            multiplier = 10 ** SCALE_POWERS[spaced.group().strip(" \t\u00a0\u202f").lower()]
            end = spaced.end()
    if currency is not None:
        return end, None, multiplier

    percent = units.PERCENT_RE.match(text, end)
    if percent:
        return percent.end(), "%", multiplier
    money = units.CURRENCY_SUFFIX_RE.match(text, end)
    if money:
        return money.end(), units.currency_code(money.group()), multiplier
    unit_match = units.UNIT_RE.match(text, end)
    if unit_match:
        unit = units.unit_token(unit_match.group())
        surface = unit_match.group().strip()
        if unit is not None and not (len(surface) == 1 and surface.isupper()):  # "5G", "3D"
            return unit_match.end(), unit, multiplier
    return end, None, multiplier


def _suffix_possible(text: str, pos: int) -> bool:
    """Cheap pre-check: every suffix starts with a letter, "%" or "°"/"º", possibly
    after one space. Skipping the suffix regexes keeps number-dense tables fast."""
    following = text[pos : pos + 2]
    if following[:1] in _SPACES:
        following = following[1:]
    return bool(following) and (following[0].isalpha() or following[0] in "%°º")


_SPACES = frozenset(" \t\u00a0\u202f")


def _letter_at(text: str, pos: int) -> bool:
    return pos < len(text) and text[pos].isalpha()


def _table_lines(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of the lines that look like table rows (contain "|")."""
    if "|" not in text:
        return []
    lines = []
    offset = 0
    for line in text.splitlines(keepends=True):
        if "|" in line:
            lines.append((offset, offset + len(line)))
        offset += len(line)
    return lines


def _in_table(pos: int, table_lines: list[tuple[int, int]]) -> bool:
    """True when ``pos`` lies on a table row."""
    index = bisect.bisect_right(table_lines, (pos, 1 << 62)) - 1
    return index >= 0 and table_lines[index][0] <= pos < table_lines[index][1]
