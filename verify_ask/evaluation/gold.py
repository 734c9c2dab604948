"""Whether a typed answer equals a gold answer.

Rules, stated once: numbers are equal when their values are equal after scale words
("5.5 million" = "5,500,000"), or when the more precise one, rounded to the other's
decimal places (at least one), gives the other ("22.22" = "22.2"; "22.2" ≠ "22"). A
TAT-QA gold figure in a scaled table ("1,496.5" in millions) also matches the candidate
written with the scale. Units that contradict (EUR vs USD, % vs km) never match; a missing
unit matches any. The same measure in other units matches within ``CONVERTED`` of the gold
figure (a source's own bracketed conversions are rounded: "26,000 square kilometres (10,000
sq mi)"; temperatures within half a degree). Dates match when one is consistent with the other
at the coarser precision ("2009" and "14 March 2009"), so a right year for a full date counts as
right.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.normalize import parse_value
from verify_ask.values import DateValue, Quantity, Value, consistent_date

_SCALES = {"thousand": Decimal(10**3), "million": Decimal(10**6), "billion": Decimal(10**9)}
CONVERTED = Decimal("0.02")
"""Relative difference allowed between a figure converted to the gold's unit and the gold."""
# Each unit's dimension and its size in that dimension's base unit (m, m², m³, m³/s, m/s,
# kg, s); temperatures are converted apart.
_SIZES: dict[str, tuple[str, Decimal]] = {
    unit: (dimension, Decimal(size))
    for dimension, sizes in {
        "length": {"km": "1000", "m": "1", "cm": "0.01", "mm": "0.001", "mi": "1609.344",
                   "ft": "0.3048", "inch": "0.0254", "yd": "0.9144"},
        "area": {"km2": "1000000", "mi2": "2589988.110336", "m2": "1", "ft2": "0.09290304",
                 "ha": "10000", "acre": "4046.8564224"},
        "volume": {"m3": "1", "ft3": "0.028316846592", "l": "0.001", "ml": "0.000001",
                   "gallon": "0.003785411784"},
        "flow": {"m3/s": "1", "ft3/s": "0.028316846592"},
        "speed": {"km/h": "0.2777777777777778", "mph": "0.44704"},
        "mass": {"kg": "1", "g": "0.001", "mg": "0.000001", "tonne": "1000",
                 "lb": "0.45359237"},
        "time": {"second": "1", "minute": "60", "hour": "3600", "day": "86400",
                 "week": "604800"},
    }.items()
    for unit, size in sizes.items()
}  # fmt: skip


def gold_values(record: EvalRecord) -> list[Value]:
    expect = "date" if record.kind == "date" else "number"
    values: list[Value] = []
    scale = _SCALES.get(str(record.meta.get("scale", "")).lower())
    for answer in record.answers:
        value = parse_value(answer, expect=expect)  # type: ignore[arg-type]
        if value is None and expect == "date":
            value = parse_value(answer)
        if value is None:
            continue
        values.append(value)
        if scale is not None and isinstance(value, Quantity):
            values.append(Quantity(value.number * scale, value.unit))
    return values


def is_right(value: Value | None, record: EvalRecord) -> bool:
    if value is None:
        return False
    return any(values_match(value, gold) for gold in gold_values(record))


def values_match(candidate: Value, gold: Value) -> bool:
    if isinstance(candidate, DateValue) and isinstance(gold, DateValue):
        return consistent_date(candidate, gold) or consistent_date(gold, candidate)
    if isinstance(candidate, DateValue) and isinstance(gold, Quantity):
        return candidate.month is None and Decimal(candidate.year) == gold.number
    if isinstance(candidate, Quantity) and isinstance(gold, DateValue):
        return gold.month is None and candidate.number == Decimal(gold.year)
    assert isinstance(candidate, Quantity) and isinstance(gold, Quantity)
    if candidate.unit and gold.unit and candidate.unit != gold.unit:
        return _same_measure(candidate, gold)
    return _numbers_match(candidate.number, gold.number)


def _same_measure(candidate: Quantity, gold: Quantity) -> bool:
    """Whether two figures in different units of one dimension are the same measure."""
    units = {candidate.unit, gold.unit}
    if units == {"°c", "°f"}:
        celsius = candidate if candidate.unit == "°c" else gold
        fahrenheit = gold if celsius is candidate else candidate
        return abs(celsius.number * Decimal("1.8") + 32 - fahrenheit.number) <= Decimal("0.9")
    found, wanted = _SIZES.get(candidate.unit or ""), _SIZES.get(gold.unit or "")
    if found is None or wanted is None or found[0] != wanted[0] or not gold.number:
        return False
    converted = candidate.number * found[1] / wanted[1]
    return abs(converted - gold.number) <= CONVERTED * abs(gold.number)


def _numbers_match(a: Decimal, b: Decimal) -> bool:
    if a == b:
        return True
    places = min(_decimals(a), _decimals(b))
    if places < 1:
        return False
    quantum = Decimal(1).scaleb(-places)
    try:
        return a.quantize(quantum) == b.quantize(quantum)
    except InvalidOperation:
        return False


def _decimals(number: Decimal) -> int:
    exponent = number.normalize().as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0
