"""Properties of everything that reads untrusted text: the normalizer, the arithmetic parser,
the source reader, the question reader and the batch line parser.

Three promises, checked on generated input with a fixed budget (CI time stays bounded):

* **typed errors only**: bad input raises the project's own error (``ExpressionError``,
  ``InputError``) or gives "no value", never a stray ``ValueError`` or ``RecursionError``;
* **no hang**: power towers (``9**9**9``), long digit strings and deep nesting are refused or
  read in time linear in their length. ``no_hang`` turns a real hang into a failure instead of
  a stuck CI job; its limit is minutes, far above anything these inputs need, so it never
  measures speed;
* **round trips**: a value's canonical form parses back to the same value (numbers, dates,
  exact decimals through the arithmetic parser).

Example-based tests of the same modules are in ``test_normalize.py`` and ``test_expression.py``.
"""

from __future__ import annotations

import contextlib
import json
import signal
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from verify_ask.batch.jobs import BadLine, Job, parse_line
from verify_ask.errors import ExpressionError, InputError
from verify_ask.language.question import analyze_question
from verify_ask.text.expression import (
    MAX_LENGTH,
    evaluate,
    format_value,
    operands,
    result_number,
    scaled_operands,
    split_derivation,
)
from verify_ask.text.normalize import find_values, parse_value
from verify_ask.text.normalize.dates import YEAR_MAX, YEAR_MIN
from verify_ask.text.normalize.units import CANONICAL_UNITS
from verify_ask.text.source import source_from_bytes
from verify_ask.values import DateValue, Quantity

BUDGET = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HANG_LIMIT_S = 120


@contextlib.contextmanager
def no_hang(seconds: int = HANG_LIMIT_S) -> Iterator[None]:
    """Fail (rather than block CI) if the body runs for minutes: that is a hang, not slowness."""

    def expired(signum: int, frame: object) -> None:
        raise AssertionError(f"still running after {seconds} s: a hang")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def as_fraction(value) -> Fraction:  # noqa: ANN001 - a sympy Rational
    return Fraction(int(value.p), int(value.q))


def evaluate_or_refuse(text: str) -> Fraction | None:
    """The exact value, or None when the parser refuses with its own error."""
    try:
        return as_fraction(evaluate(text))
    except ExpressionError:
        return None


# --- the arithmetic parser: typed errors only, and no hang ----------------------------------

_SMALL = st.integers(min_value=0, max_value=99).map(str)
_BIG = st.integers(min_value=0, max_value=10**40).map(str)
_POWER = st.sampled_from(["**", "^", "**-"])


@BUDGET
@given(st.lists(st.one_of(_SMALL, _BIG), min_size=2, max_size=8), st.lists(_POWER, max_size=7))
def test_power_towers_are_refused_or_bounded(numbers: list[str], powers: list[str]) -> None:
    """``9**9**9``, ``10**10**10`` and their kin: refused with ExpressionError, or a small value."""
    text = numbers[0]
    for number, power in zip(numbers[1:], powers, strict=False):
        text += power + number
    with no_hang():
        value = evaluate_or_refuse(text)
    if value is not None:  # powers are bounded, so an accepted value has a bounded size
        assert value.numerator.bit_length() < 20_000 and value.denominator.bit_length() < 20_000


@pytest.mark.parametrize(
    "text",
    ["9**9**9", "10**10**10", "(10**10)**10**10", "2**-9**9", "9^9^9^9", "1.0000001**10**10"],
)
def test_named_power_towers_are_refused(text: str) -> None:
    with no_hang(), pytest.raises(ExpressionError):
        evaluate(text)


@BUDGET
@given(
    st.integers(min_value=1, max_value=200_000),
    st.sampled_from(["9", "1,000", "(", ")", "-", "+", "0.", "%", "x", "9**", " "]),
)
def test_long_and_deeply_nested_input_is_refused_without_hanging(repeat: int, piece: str) -> None:
    text = piece * repeat
    with no_hang():
        value = evaluate_or_refuse(text)
        for function in (operands, scaled_operands):
            with contextlib.suppress(ExpressionError):
                function(text)
        split_derivation(text)
        result_number(text)  # was quadratic in a run of spaces: 100,000 of them took minutes
    if len(text) > MAX_LENGTH:
        assert value is None


@BUDGET
@given(st.integers(min_value=1, max_value=5_000))
def test_balanced_deep_parentheses_are_refused_or_read(depth: int) -> None:
    with no_hang():
        value = evaluate_or_refuse("(" * depth + "7" + ")" * depth)
    assert value in (None, Fraction(7))


@BUDGET
@given(st.text(max_size=300))
def test_operand_scanners_raise_only_expression_errors(text: str) -> None:
    scanned = []
    for function in (operands, scaled_operands):
        with contextlib.suppress(ExpressionError):
            found = function(text)
            assert all(isinstance(number, Decimal) for number in found), found
            scanned.append(len(found))
    assert len(set(scanned)) <= 1, "a scale word changes an operand, not how many there are"
    split = split_derivation(text)
    assert split is None or (isinstance(split, tuple) and all(isinstance(p, str) for p in split))
    result = result_number(text)
    assert result is None or isinstance(result, Decimal)


# --- the arithmetic parser: canonical forms read back ---------------------------------------

_DECIMALS = st.decimals(
    allow_nan=False,
    allow_infinity=False,
    places=6,
    min_value=Decimal("-1e12"),
    max_value=Decimal("1e12"),
)


@BUDGET
@given(_DECIMALS)
def test_a_plain_decimal_evaluates_to_itself_exactly(number: Decimal) -> None:
    text = format(number, "f")
    expected = Fraction(number)
    assert evaluate_or_refuse(text) == expected  # "0.1" is 1/10, not a float


@BUDGET
@given(
    st.fractions(min_value=-(10**9), max_value=10**9, max_denominator=10**6).filter(
        lambda f: all(p in (2, 5) for p in _prime_factors(f.denominator))
    )
)
def test_format_value_of_a_terminating_result_reads_back(value: Fraction) -> None:
    import sympy

    shown = format_value(sympy.Rational(value.numerator, value.denominator))
    if not shown.startswith("≈"):  # the exact form; "≈" marks a rounded one
        assert evaluate_or_refuse(shown) == value
        assert result_number(shown) == Decimal(value.numerator) / Decimal(value.denominator)


def _prime_factors(number: int) -> set[int]:
    factors, candidate = set(), 2
    while candidate * candidate <= number:
        while number % candidate == 0:
            factors.add(candidate)
            number //= candidate
        candidate += 1
    if number > 1:
        factors.add(number)
    return factors


# --- the normalizer: no exception, no hang, canonical forms read back ----------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=1, max_value=20_000),
    st.sampled_from(
        [" ", "9", "1,", ",000", "1.", "(", "-", "- ", "%", "$ ", ".", "hundred and ", "March ",
         " 1", "€", "A. ", "How many "]
    ),
    st.sampled_from([None, "number", "date"]),
)  # fmt: skip
def test_long_repetitive_text_is_read_without_error(
    repeat: int, piece: str, expect: str | None
) -> None:
    """Up to 240,000 characters of one pattern (each reader is linear; a quadratic regex showed
    up here as a hang: ``result_number`` on 100,000 spaces)."""
    text = piece * repeat
    with no_hang():
        parse_value(text, expect)  # type: ignore[arg-type]
        mentions = find_values(text)
        with contextlib.suppress(InputError):
            analyze_question(text)
        split_derivation(text)
        result_number(text)
    assert all(text[m.start : m.end] == m.surface for m in mentions)


_YEARS = st.integers(min_value=YEAR_MIN, max_value=YEAR_MAX)


@BUDGET
@given(st.dates(min_value=date(YEAR_MIN, 1, 1), max_value=date(YEAR_MAX, 12, 31)))
def test_a_day_reads_back_from_its_display_and_iso_forms(day: date) -> None:
    value = DateValue(day.year, day.month, day.day)
    assert parse_value(value.display()) == value
    assert parse_value(value.iso()) == value
    assert parse_value(value.display(), "date") == value


@BUDGET
@given(_YEARS, st.integers(min_value=1, max_value=12))
def test_a_month_reads_back_from_its_display_form(year: int, month: int) -> None:
    value = DateValue(year, month)
    assert parse_value(value.display()) == value
    assert parse_value(value.display(), "date") == value


@BUDGET
@given(_YEARS)
def test_a_year_reads_back_when_a_date_is_expected(year: int) -> None:
    assert parse_value(DateValue(year).display(), "date") == DateValue(year)


@BUDGET
@given(
    st.decimals(
        allow_nan=False,
        allow_infinity=False,
        places=6,
        min_value=Decimal("-1e18"),
        max_value=Decimal("1e18"),
    ),
    st.sampled_from([None, "%", "USD", "EUR", "GBP", "JPY", *sorted(CANONICAL_UNITS)]),
)
def test_a_quantity_reads_back_from_its_display_form(number: Decimal, unit: str | None) -> None:
    value = Quantity(number, unit)
    assert parse_value(value.display(), "number") == value


@BUDGET
@given(st.lists(st.one_of(_DECIMALS.map(lambda d: Quantity(d).display()),
                          st.dates(date(YEAR_MIN, 1, 1), date(YEAR_MAX, 12, 31)).map(
                              lambda d: DateValue(d.year, d.month, d.day).display())),
                max_size=6))  # fmt: skip
def test_every_figure_written_into_a_text_is_found_with_its_value(displays: list[str]) -> None:
    text = "; ".join(f"figure {i} was {shown}" for i, shown in enumerate(displays))
    found = find_values(text)
    for shown in displays:
        expected = parse_value(shown)
        assert any(m.value == expected for m in found), (shown, found)


# --- readers of whole inputs: their own error, or a result ---------------------------------


@BUDGET
@given(st.binary(max_size=2_000), st.sampled_from(["a.txt", "page.html", "<stdin>"]))
def test_any_bytes_give_a_source_or_an_input_error(data: bytes, label: str) -> None:
    try:
        source = source_from_bytes(data, label)
    except InputError as error:
        assert label in str(error) or "source" in str(error)
        return
    assert source.text.strip()
    for start, end in source.sentences:
        assert 0 <= start < end <= len(source.text)


@BUDGET
@given(st.text(max_size=500))
def test_any_question_is_read_or_refused_as_empty(text: str) -> None:
    try:
        question = analyze_question(text)
    except InputError as error:
        assert str(error) == "the question is empty" and not text.strip()
        return
    assert question.text


@BUDGET
@given(
    st.one_of(
        st.binary(max_size=300),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(
                    st.sampled_from(["id", "question", "source", "source_text", "x"]),
                    inner,
                    max_size=5,
                )
            ),
            max_leaves=10,
        ).map(lambda value: json.dumps(value).encode()),
    ),
    st.sampled_from([None, "article.txt"]),
)
@example(raw=b"\x1c", default=None)  # str.strip() removes it; the line still gets a record
def test_any_batch_line_gives_a_job_a_bad_line_or_nothing(raw: bytes, default: str | None) -> None:
    parsed = parse_line(raw, 7, default)
    if parsed is None:
        assert not raw.strip()
    elif isinstance(parsed, BadLine):
        assert parsed.line == 7 and parsed.error
        assert isinstance(parsed.id, (str, int)) and not isinstance(parsed.id, bool)
    else:
        assert isinstance(parsed, Job) and parsed.question.strip()
        assert (parsed.source is None) != (parsed.source_text is None)
