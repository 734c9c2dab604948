"""Whether a typed answer equals a gold answer.

Rules, stated once: numbers are equal when their values are equal after scale words
("5.5 million" = "5,500,000"), or when the more precise one, rounded to the other's
decimal places (at least one), gives the other ("22.22" = "22.2"; "22.2" ≠ "22"). A
TAT-QA gold figure in a scaled table ("1,496.5" in millions) also matches the candidate
written with the scale. Units that contradict (EUR vs USD, % vs km) never match; a missing
unit matches any. Dates match when one is consistent with the other at the coarser
precision ("2009" and "14 March 2009"), so a right year for a full date counts as right.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.normalize import parse_value
from verify_ask.values import DateValue, Quantity, Value, consistent_date

_SCALES = {"thousand": Decimal(10**3), "million": Decimal(10**6), "billion": Decimal(10**9)}


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
        return False
    return _numbers_match(candidate.number, gold.number)


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
