"""The words figures and dates are written with, written once and read alike everywhere."""

from __future__ import annotations

import re

from verify_ask.language.lexicon import YEAR as RULES_YEAR
from verify_ask.text.normalize import parse_value
from verify_ask.text.vocabulary import YEAR, YEAR_MAX, YEAR_MIN, YEAR_RE
from verify_ask.values import DateValue


def test_year_pattern_is_the_year_range() -> None:
    for number in range(10000):
        written = f"{number:04d}"
        assert bool(re.fullmatch(YEAR, written)) == (YEAR_MIN <= number <= YEAR_MAX), written


def test_a_year_the_dates_read_is_a_year_to_the_rules() -> None:
    assert parse_value("in 1750", expect="date") == DateValue(1750)
    assert RULES_YEAR.findall("from 1750 to 1763") == ["1750", "1763"]
    assert YEAR_RE.findall("12345 and 2200 and 0999") == []
