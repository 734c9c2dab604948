"""Typed values that answers are normalized to, and how two of them compare.

A value is either a ``Quantity`` (a number with an optional unit) or a ``DateValue``
(a calendar date kept at the precision it was written with). Values are immutable
and hashable so they can be vote keys.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, Union

from verify_ask.text.vocabulary import CURRENCY_SYMBOLS, MONTH_NAMES, SCALE_POWERS, SCALE_WORDS

DatePrecision = Literal["year", "month", "day"]
_DATE_PRECISIONS: tuple[DatePrecision, ...] = ("year", "month", "day")


# Units written as words read in the plural beside any number but one: "3 minutes", not
# "3 minute" (a symbol, "km" or "°c", stays as it is).
_WORD_UNITS = {
    unit: unit + "s"
    for unit in "acre tonne gallon second minute hour day week month year decade degree".split()
} | {"inch": "inches", "century": "centuries"}
# Units are kept lower case; these are written with capitals.
_SYMBOLS = {
    "°c": "°C", "°f": "°F", "kw": "kW", "mw": "MW", "gw": "GW", "kwh": "kWh", "mwh": "MWh",
    "gwh": "GWh", "twh": "TWh", "mb": "MB", "gb": "GB", "tb": "TB",
}  # fmt: skip


@dataclass(frozen=True)
class Quantity:
    """A number, already multiplied by its scale word ("48.2 million" -> 48200000).

    ``unit`` is ``None`` when the text named none; otherwise a canonical token:
    ``"%"`` for percentages, an ISO 4217 code for currencies (``"EUR"``, ``"USD"``),
    or a lower-case singular noun for counted things (``"people"``, ``"km2"``).
    """

    number: Decimal
    unit: str | None = None

    kind = "number"

    def display(self) -> str:
        """A readable form: "$75 million", "48.2 million EUR", "64%", "18500 m2"."""
        text = _format_scaled(self.number)
        if self.unit is None:
            return text
        if self.unit == "%":
            return f"{text}%"
        symbol = _CURRENCY_SYMBOLS.get(self.unit)
        if symbol:
            return f"-{symbol}{text[1:]}" if text.startswith("-") else f"{symbol}{text}"
        if self.unit in _WORD_UNITS and abs(self.number) != 1:
            return f"{text} {_WORD_UNITS[self.unit]}"
        return f"{text} {_SYMBOLS.get(self.unit, self.unit)}"

    def to_json(self) -> dict[str, object]:
        return {"kind": "number", "number": _format_decimal(self.number), "unit": self.unit}


@dataclass(frozen=True)
class DateValue:
    """A date at the precision the text gave: a year, a month of a year, or a day."""

    year: int
    month: int | None = None
    day: int | None = None

    kind = "date"

    @property
    def precision(self) -> DatePrecision:
        if self.day is not None:
            return "day"
        if self.month is not None:
            return "month"
        return "year"

    def display(self) -> str:
        if self.month is None:
            return str(self.year)
        if self.day is None:
            return f"{MONTH_NAMES[self.month - 1]} {self.year}"
        return f"{self.day} {MONTH_NAMES[self.month - 1]} {self.year}"

    def to_json(self) -> dict[str, object]:
        return {
            "kind": "date",
            "year": self.year,
            "month": self.month,
            "day": self.day,
            "precision": self.precision,
            "iso": self.iso(),
        }

    def iso(self) -> str:
        parts = [f"{self.year:04d}"]
        if self.month is not None:
            parts.append(f"{self.month:02d}")
            if self.day is not None:
                parts.append(f"{self.day:02d}")
        return "-".join(parts)


Value = Union[Quantity, DateValue]


def unit_of(value: Value) -> str | None:
    """A quantity's unit ("USD", "%", "km"); None for a bare figure or a date."""
    return value.unit if isinstance(value, Quantity) else None


def same_value(a: Value, b: Value) -> bool:
    """True when two values are the same answer and may vote together.

    Quantities: equal numbers, and units that do not contradict (a missing unit
    agrees with any unit: "312" and "312 people"). Dates: equal at equal precision.
    """
    if isinstance(a, Quantity) and isinstance(b, Quantity):
        return a.number == b.number and _units_agree(a.unit, b.unit)
    if isinstance(a, DateValue) and isinstance(b, DateValue):
        return a == b
    return False


def consistent_date(coarse: DateValue, fine: DateValue) -> bool:
    """True when ``coarse`` names the same date as ``fine`` at coarse's precision.

    "March 2009" is consistent with "14 March 2009"; the reverse is not, since the
    day cannot be read off the coarser text.
    """
    if coarse.year != fine.year:
        return False
    if coarse.month is not None and coarse.month != fine.month:
        return False
    return coarse.day is None or coarse.day == fine.day


def backs(coarse: Value, fine: Value) -> bool:
    """True when ``coarse`` is ``fine`` written less precisely, so a sample that wrote
    ``coarse`` supports ``fine`` too.

    "1960" and "May 1960" back "9 May 1960"; "48 million" backs "48.2 million" (48.2
    rounds to 48). Values at equal precision never back each other: they are one answer
    or rivals.
    """
    if isinstance(coarse, DateValue) and isinstance(fine, DateValue):
        return coarser_than(coarse, fine.precision) and consistent_date(coarse, fine)
    if isinstance(coarse, Quantity) and isinstance(fine, Quantity):
        step = _written_step(coarse.number)
        return (
            _units_agree(coarse.unit, fine.unit)
            and _written_step(fine.number) < step
            and abs(fine.number - coarse.number) * 2 <= step
        )
    return False


def coarser_than(date: DateValue, precision: DatePrecision) -> bool:
    """True when ``date`` gives less than ``precision`` ("1960" for a day)."""
    return _DATE_PRECISIONS.index(date.precision) < _DATE_PRECISIONS.index(precision)


def _written_step(number: Decimal) -> Decimal:
    """The place of the last digit the figure was written to, counted in its scale word:
    48 million -> 1 million, 48.2 million -> 100 thousand, 12.5 -> 0.1, 2000 -> 1.

    Zeros before the decimal point count as written ("100 million", "2,000 students" may
    well be exact), so only a scale word or decimals tell a figure's precision.
    """
    size = next((size for size, _ in _SCALES if abs(number) >= size), Decimal(1))
    exponent = (number / size).normalize().as_tuple().exponent
    if not isinstance(exponent, int):  # NaN or infinity: no digits, no precision
        return Decimal(0)
    return size * Decimal(1).scaleb(min(exponent, 0))


def _units_agree(a: str | None, b: str | None) -> bool:
    return a is None or b is None or a == b


# These currencies are shown by their one-character symbol ("$75 million"), the others by
# code ("5 INR"): the four signs every font has, where a terminal may lack "₹" or "₩".
_SHOWN_BY_SYMBOL = ("USD", "EUR", "GBP", "JPY")
_CURRENCY_SYMBOLS = {
    code: symbol
    for symbol, code in CURRENCY_SYMBOLS.items()
    if len(symbol) == 1 and code in _SHOWN_BY_SYMBOL
}
# A figure is shown with the largest scale word it reaches, from a million up ("75 million").
_SCALES = sorted(
    ((Decimal(10) ** SCALE_POWERS[word], word) for word in SCALE_WORDS if SCALE_POWERS[word] >= 6),
    reverse=True,
)


def _format_scaled(number: Decimal) -> str:
    """Large round figures with a scale word ("75 million"), others in plain digits."""
    for size, word in _SCALES:
        if abs(number) >= size:
            scaled = number / size
            if scaled == scaled.quantize(Decimal("0.001")):
                return f"{_format_decimal(scaled)} {word}"
    return _format_decimal(number)


def _format_decimal(number: Decimal) -> str:
    """Plain notation without exponent or trailing zeros: 4.82E+7 -> "48200000"."""
    text = format(number.normalize(), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text if text != "-0" else "0"
