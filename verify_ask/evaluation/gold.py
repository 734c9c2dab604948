"""Whether a typed answer equals a gold answer.

Rules, stated once: numbers are equal when their values are equal after scale words
("5.5 million" = "5,500,000"), or when the more precise one, rounded to the other's
decimal places (at least one), gives the other ("22.22" = "22.2"; "22.2" ≠ "22"). A
TAT-QA gold figure in a scaled table ("1,496.5" in millions) also matches the candidate
written with the scale. Units that contradict (EUR vs USD, % vs km) never match; a missing
unit matches any. The same measure in other units matches within ``CONVERTED`` of the gold
figure (a source's own bracketed conversions are rounded: "26,000 square kilometres (10,000
sq mi)"; temperatures within half a degree). A date matches at the gold's precision: it must
be at least as precise as the gold and agree with it there ("14 March 2009" for "2009" or for
"14 March 2009"). A coarser date is wrong, even when it agrees as far as it goes ("2009" for
"14 March 2009"); ``verdict`` calls it ``"coarser"`` so the report can count it. A figure
that is a whole number stands for a bare year against a date, either way round ("1960" as a
number for the gold date "1960"; the date "9 May 1960" for the gold figure "1960"). A record
with several gold answers is right when any of them matches.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Literal

from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.text.normalize import parse_value
from verify_ask.text.vocabulary import SCALE_POWERS, SCALE_WORDS
from verify_ask.values import DateValue, Quantity, Value, consistent_date

_SCALES = {word: Decimal(10) ** SCALE_POWERS[word] for word in SCALE_WORDS}
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


Verdict = Literal["right", "coarser", "wrong"]
"""How an answer stands against a record's gold answers: ``coarser`` is a date that agrees
with a gold date only at a coarser precision, and is not right."""


def verdict(value: Value | None, record: EvalRecord) -> Verdict:
    """The best verdict over the gold answers (a right one beats a coarser one)."""
    if value is None:
        return "wrong"
    found = {_verdict_against(value, gold) for gold in gold_values(record)}
    return "right" if "right" in found else "coarser" if "coarser" in found else "wrong"


def is_right(value: Value | None, record: EvalRecord) -> bool:
    return verdict(value, record) == "right"


def _verdict_against(candidate: Value, gold: Value) -> Verdict:
    if isinstance(candidate, Quantity) and isinstance(gold, Quantity):
        return "right" if _quantities_match(candidate, gold) else "wrong"
    candidate_date, gold_date = _as_date(candidate), _as_date(gold)
    if candidate_date is None or gold_date is None:
        return "wrong"
    return _date_verdict(candidate_date, gold_date)


def _date_verdict(candidate: DateValue, gold: DateValue) -> Verdict:
    """Right at the gold's precision or finer; coarser when it agrees only at its own."""
    if consistent_date(gold, candidate):
        return "right"
    return "coarser" if consistent_date(candidate, gold) else "wrong"


def _as_date(value: Value) -> DateValue | None:
    """A date as it is; a whole number as the bare year it may stand for ("1960")."""
    if isinstance(value, DateValue):
        return value
    if value.number != value.number.to_integral_value():
        return None
    return DateValue(int(value.number))


def _quantities_match(candidate: Quantity, gold: Quantity) -> bool:
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
