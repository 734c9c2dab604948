"""The words figures and dates are written with, written once and read alike everywhere."""

from __future__ import annotations

import re

import pytest

from verify_ask.language.lexicon import YEAR as RULES_YEAR
from verify_ask.text import vocabulary
from verify_ask.text.normalize import parse_value
from verify_ask.text.normalize.dates import month_number
from verify_ask.values import DateValue


def test_year_pattern_is_the_year_range() -> None:
    for number in range(10000):
        written = f"{number:04d}"
        in_range = vocabulary.YEAR_MIN <= number <= vocabulary.YEAR_MAX
        assert bool(re.fullmatch(vocabulary.YEAR, written)) == in_range, written


def test_a_year_the_dates_read_is_a_year_to_the_rules() -> None:
    assert parse_value("in 1750", expect="date") == DateValue(1750)
    assert RULES_YEAR.findall("from 1750 to 1763") == ["1750", "1763"]
    assert vocabulary.YEAR_RE.findall("12345 and 2200 and 0999") == []


def test_month_names_read_and_written_alike() -> None:
    for number, name in enumerate(vocabulary.MONTH_NAMES, start=1):
        assert month_number(name) == number
        assert parse_value(f"1 {name} 2009") == DateValue(2009, number, 1)
        assert DateValue(2009, number, 1).display() == f"1 {name} 2009"
    assert [month_number(short) for short in vocabulary.MONTH_ABBREVIATIONS] == [
        1, 2, 3, 4, 6, 7, 8, 9, 9, 10, 11, 12
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("written", "plain"),
    [
        ("capex in FY18", "capex in 2018"),
        ("FY'18 | FY'17", "2018 | 2017"),
        ("FY 2018 and fiscal year 2017", "2018 and 2017"),
        ("fiscal 2019", "2019"),
        ("FY99", "1999"),
        ("which fiscal year had the most", "which fiscal year had the most"),
        ("FY180 units", "FY180 units"),
    ],
)
def test_a_fiscal_year_is_read_as_its_year(written: str, plain: str) -> None:
    assert vocabulary.with_plain_years(written) == plain
    assert vocabulary.years_in(written) == vocabulary.YEAR_RE.findall(plain)
