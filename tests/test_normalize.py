"""Normalization: short answers to typed values, and every value in a source with its offsets."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify_ask.text.normalize import Mention, find_values, parse_value
from verify_ask.text.normalize.units import CANONICAL_UNITS
from verify_ask.values import DateValue, Quantity, consistent_date, same_value


def Q(number: str, unit: str | None = None) -> Quantity:  # noqa: N802 - reads like a value
    return Quantity(Decimal(number), unit)


D = DateValue

# (answer text, expect, value) -- real surface forms of model answers.
PARSE_CASES = [
    ("5,500,000", None, Q("5500000")),
    ("3.5", None, Q("3.5")),
    ("-22.2", None, Q("-22.2")),
    ("\u22124", None, Q("-4")),
    ("(1,234)", None, Q("-1234")),
    ("1.000", None, Q("1")),
    ("1,000", None, Q("1000")),
    ("0.5", None, Q("0.5")),
    ("About 312 people.", None, Q("312")),
    ("approximately 16,000 species", None, Q("16000")),
    ("three hundred and twelve", None, Q("312")),
    ("twenty-five", None, Q("25")),
    ("About a dozen.", None, Q("12")),
    ("48.2 million", None, Q("48200000")),
    ("48.2 million euros", None, Q("48200000", "EUR")),
    ("\u20ac48.2m", None, Q("48200000", "EUR")),
    ("$3bn", None, Q("3000000000", "USD")),
    ("US$5 million", None, Q("5000000", "USD")),
    ("USD 3.2 billion", None, Q("3200000000", "USD")),
    ("5 million dollars", None, Q("5000000", "USD")),
    ("\u00a3120", None, Q("120", "GBP")),
    ("300 yen", None, Q("300", "JPY")),
    ("$1,496.5", None, Q("1496.5", "USD")),
    ("($5.2)", None, Q("-5.2", "USD")),
    ("5k", None, Q("5000")),
    ("35%", None, Q("35", "%")),
    ("35 percent", None, Q("35", "%")),
    ("35 per cent", None, Q("35", "%")),
    ("5,500,000 square kilometres", None, Q("5500000", "km2")),
    ("2,700,000 sq mi", None, Q("2700000", "mi2")),
    ("10 km", None, Q("10", "km")),
    ("100m", None, Q("100", "m")),
    ("45 years", None, Q("45", "year")),
    ("-22.2 \u00b0C", None, Q("-22.2", "\u00b0c")),
    ("3rd", None, Q("3")),
    ("The 21st.", None, Q("21")),
    ("14 March 2009", None, D(2009, 3, 14)),
    ("March 14, 2009", None, D(2009, 3, 14)),
    ("On 14th of March, 2009.", None, D(2009, 3, 14)),
    ("2009-03-14", None, D(2009, 3, 14)),
    ("6/25/2024", None, D(2024, 6, 25)),  # in figures, where one number cannot be a month
    ("25/06/2024", "date", D(2024, 6, 25)),
    ("25.06.2024", None, D(2024, 6, 25)),
    ("7/7/2024", None, D(2024, 7, 7)),
    ("March 2009", None, D(2009, 3)),
    ("Mar. 2009", None, D(2009, 3)),
    ("In Sept. 1995", "date", D(1995, 9)),
    ("14-Mar-2009", None, D(2009, 3, 14)),  # no pattern for it: the dateparser fallback
    ("1995", "date", D(1995)),
    ("1995", "number", Q("1995")),
    ("1995", None, Q("1995")),
    ("In 1995", None, D(1995)),
    ("the year 1995", None, D(1995)),
    ("In 1995", "number", Q("1995")),
    ("45", "date", Q("45")),  # expect only settles bare years
    ("506", "date", D(506)),  # three digits are an early year when a date is asked
    ("506", "number", Q("506")),
    ("In 506", None, D(506)),
    ("30 AD", "date", D(30)),
    ("330 CE", "date", D(330)),
    ("660 BCE", "date", Q("660")),  # no year before the era is read
    ("312 people", "date", Q("312")),
    ("5,000 people in 2009", None, Q("5000")),
    ("In 2023, revenue was \u20ac48.2 million.", "number", Q("48200000", "EUR")),
    ("In 2023, revenue was \u20ac48.2 million.", None, Q("48200000", "EUR")),
    ("In 2009, on 14 March 2009.", "date", D(2009)),
    ("1995, then 312 people", "number", Q("1995")),
    ("nineteen ninety", None, Q("19")),  # a year in words is rare; no crash is enough
    ("FY19", "date", D(2019)),  # a fiscal year, not the number 19
    ("FY 2018", "date", D(2018)),
    ("FY'18", "date", D(2018)),
    ("2013-14", "date", D(2013)),  # a season starts in its first year
    ("1115–1234", "date", D(1115)),  # a span rising is read from its start
]
PARSE_IDS = [f"{text!r}-{expect}" for text, expect, _ in PARSE_CASES]


@pytest.mark.parametrize(("text", "expect", "value"), PARSE_CASES, ids=PARSE_IDS)
def test_parse_value(text: str, expect: str | None, value: object) -> None:
    assert parse_value(text, expect) == value  # type: ignore[arg-type]


NO_VALUE = [
    "",
    "   ",
    "unknown",
    "none",
    "None",
    "N/A",
    "I don't know.",
    "The text does not say.",
    "March 14",  # no year: not a verifiable date
    "14 March",
    "the 1990s",
    "5G",
    "31 February 2009",
    "6/7/2024",  # June 7 in the US, 6 July elsewhere: no reader can name the day
    "2/30/2024",
    "60-30's",  # a pair running down is neither a range nor one figure
    "3-2",
]


@pytest.mark.parametrize("text", NO_VALUE, ids=[repr(t) for t in NO_VALUE])
@pytest.mark.parametrize("expect", [None, "number", "date"])
def test_parse_value_no_value(text: str, expect: str | None) -> None:
    assert parse_value(text, expect) is None  # type: ignore[arg-type]


# Pairs of answers that must vote together, and pairs that must not.
SAME = [
    ("48.2 million euros", "\u20ac48.2m"),
    ("EUR 48.2 million", "48,200,000 euros"),
    ("312", "312 people"),
    ("312 visitors", "312 people"),
    ("35%", "35 per cent"),
    ("three hundred and twelve", "312"),
    ("March 14, 2009", "14 March 2009"),
    ("1,000", "1000"),
]
DIFFERENT = [
    ("3.5", "35"),
    ("4,274 m3/s", "4,274 m"),  # a flow is no height (SQuAD: the Aare's discharge)
    ("130 cubic feet", "130 feet"),
    ("1,000", "1.000"),
    ("35%", "35 dollars"),
    ("\u20ac48.2m", "$48.2m"),
    ("10 km", "10 mi"),
    ("March 2009", "14 March 2009"),
    ("-4", "4"),
]


@pytest.mark.parametrize(("a", "b"), SAME, ids=[f"{a}=={b}" for a, b in SAME])
def test_same_value(a: str, b: str) -> None:
    assert same_value(parse_value(a), parse_value(b))  # type: ignore[arg-type]


@pytest.mark.parametrize(("a", "b"), DIFFERENT, ids=[f"{a}!={b}" for a, b in DIFFERENT])
def test_not_same_value(a: str, b: str) -> None:
    value_a, value_b = parse_value(a), parse_value(b)
    assert value_a is not None and value_b is not None
    assert not same_value(value_a, value_b)


def test_month_date_is_consistent_with_the_day_it_contains() -> None:
    coarse, fine = parse_value("March 2009"), parse_value("14 March 2009")
    assert isinstance(coarse, DateValue) and isinstance(fine, DateValue)
    assert consistent_date(coarse, fine)
    assert not consistent_date(fine, coarse)


# From the SQuAD v1.1 "Amazon rainforest" article (CC BY-SA 4.0).
SQUAD_AMAZON = (
    "This basin encompasses 7,000,000 square kilometres (2,700,000 sq mi), of which "
    "5,500,000 square kilometres (2,100,000 sq mi) are covered by the rainforest."
)


def _found(text: str) -> list[tuple[str, object]]:
    mentions = find_values(text)
    for mention in mentions:
        assert text[mention.start : mention.end] == mention.surface
    return [(m.surface, m.value) for m in mentions]


def test_find_values_squad_passage() -> None:
    assert _found(SQUAD_AMAZON) == [
        ("7,000,000 square kilometres", Q("7000000", "km2")),
        ("2,700,000 sq mi", Q("2700000", "mi2")),
        ("5,500,000 square kilometres", Q("5500000", "km2")),
        ("2,100,000 sq mi", Q("2100000", "mi2")),
    ]
    first = find_values(SQUAD_AMAZON)[0]
    assert first == Mention(Q("7000000", "km2"), 23, 50, "7,000,000 square kilometres")


FIND_CASES = [
    ("On 14 March 2009 it rained.", [("14 March 2009", D(2009, 3, 14))]),
    (
        "By March 14, 2009, and again in March 2010.",
        [("March 14, 2009", D(2009, 3, 14)), ("March 2010", D(2010, 3))],
    ),
    ("It opened in 1995.", [("1995", D(1995)), ("1995", Q("1995"))]),
    ("It cost 2,009 dollars", [("2,009 dollars", Q("2009", "USD"))]),
    (
        "Revenue rose to \u20ac48.2m (35%) from $3bn.",
        [
            ("\u20ac48.2m", Q("48200000", "EUR")),
            ("35%", Q("35", "%")),
            ("$3bn", Q("3000000000", "USD")),
        ],
    ),
    ("48.2 million euros", [("48.2 million euros", Q("48200000", "EUR"))]),
    (
        "three hundred people and twenty-five dogs",
        [("three hundred", Q("300")), ("twenty-five", Q("25"))],
    ),
    ("a twenty-five-year-old", [("twenty-five", Q("25"))]),
    ("a one-time charge of two-thirds of the fee", []),
    ("Music of the 1990s and the 3rd album", [("3rd", Q("3"))]),
    ("On March 14 there were 5 cats", [("5", Q("5"))]),
    ("a 250 Wh pack, a 1,200 watt motor, 78 dB and 5,000 mAh",
     [("250 Wh", Q("250", "wh")), ("1,200 watt", Q("1200", "watt")), ("78 dB", Q("78", "db")),
      ("5,000 mAh", Q("5000", "mah"))]),
    ("Hearings on 6/25/2024 and on 6/7/2024; 3/4 of them",
     [("6/25/2024", D(2024, 6, 25)), ("3", Q("3")), ("4", Q("4"))]),
    ("In May 5,000 people marched", [("5,000", Q("5000"))]),
    ("pages 10-20, version 3.5.2, COVID 5G", [("10", Q("10")), ("20", Q("20"))]),
    (
        "It fell to \u22124 \u00b0C, then -22.2.",
        [("\u22124 \u00b0C", Q("-4", "\u00b0c")), ("-22.2", Q("-22.2"))],
    ),
    ("The council met in 506 and had 300 members.",
     [("506", D(506)), ("506", Q("506")), ("300", Q("300"))]),
    ("Abgar V converted in AD 30, or 30 AD; Byzantium joined in 73 CE. 12 of them.",
     [("30", D(30)), ("30", Q("30")), ("30 AD", D(30)), ("30 AD", Q("30")),
      ("73 CE", D(73)), ("73 CE", Q("73")), ("12", Q("12"))]),
    ("It grew in 66 days, in 540 minutes; in 660 BC.",
     [("66 days", Q("66", "day")), ("540 minutes", Q("540", "minute")), ("660", Q("660"))]),
    (
        "The figure (2,700,000) and the year (2009)",
        [("(2,700,000)", Q("-2700000")), ("2009", D(2009)), ("2009", Q("2009"))],
    ),
]


@pytest.mark.parametrize(("text", "expected"), FIND_CASES, ids=[t[:30] for t, _ in FIND_CASES])
def test_find_values(text: str, expected: list[tuple[str, object]]) -> None:
    assert _found(text) == expected


# A TAT-QA style table: accounting negatives in a table row need no separator.
TABLE = """\
 | 2019 | 2018
Total sales | $1,496.5 | $1,202.9
Net loss | (12) | (1,234.5)
Gross margin | 24.4% | -3.1%"""


def test_find_values_table() -> None:
    assert _found(TABLE) == [
        ("2019", D(2019)),
        ("2019", Q("2019")),
        ("2018", D(2018)),
        ("2018", Q("2018")),
        ("$1,496.5", Q("1496.5", "USD")),
        ("$1,202.9", Q("1202.9", "USD")),
        ("(12)", Q("-12")),
        ("(1,234.5)", Q("-1234.5")),
        ("24.4%", Q("24.4", "%")),
        ("-3.1%", Q("-3.1", "%")),
    ]


def test_find_values_reads_a_megabyte_completely() -> None:
    # Speed is measured by scripts, not asserted here (a loaded CI machine would flake).
    text = (SQUAD_AMAZON + "\n" + TABLE + "\nOn 14 March 2009 three hundred came.\n") * 3500
    mentions = find_values(text)
    assert len(text) > 1_000_000 and len(mentions) == 3500 * 16


@pytest.mark.parametrize("unit", sorted(CANONICAL_UNITS))
@pytest.mark.parametrize("number", ["12.5", "1"])
def test_every_canonical_unit_reads_back(unit: str, number: str) -> None:
    assert parse_value(Quantity(Decimal(number), unit).display()) == Q(number, unit)


def test_a_unit_is_shown_as_people_write_it() -> None:
    written = {("3", "minute"): "3 minutes", ("1", "hour"): "1 hour", ("12", "inch"): "12 inches",
               ("2.5", "century"): "2.5 centuries", ("115", "°f"): "115 °F",
               ("5", "gwh"): "5 GWh", ("10", "km"): "10 km"}  # fmt: skip
    shown = {(n, unit): Quantity(Decimal(n), unit).display() for n, unit in written}
    assert shown == written


@settings(max_examples=300, deadline=None)
@given(st.text(), st.sampled_from([None, "number", "date"]))
def test_parse_value_never_raises(text: str, expect: str | None) -> None:
    value = parse_value(text, expect)  # type: ignore[arg-type]
    assert value is None or isinstance(value, (Quantity, DateValue))


_FIGURE_BITS = st.sampled_from(
    [
        "0",
        "14",
        "2009",
        "1,000",
        "3.5",
        "-",
        "\u2212",
        "(",
        ")",
        "$",
        "\u20ac",
        "%",
        " ",
        ",",
        ".",
        "m",
        "bn",
        "k",
        "s",
        "th",
        " million",
        " March ",
        "May ",
        " sq mi",
        " euros",
        " one",
        " hundred",
        " and",
        "-five",
        "|",
        "\n",
        "x",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.lists(_FIGURE_BITS, max_size=30).map("".join)))
def test_find_values_offsets_always_slice_the_text(text: str) -> None:
    mentions = find_values(text)
    assert all(text[m.start : m.end] == m.surface and m.start < m.end for m in mentions)
    assert [m.start for m in mentions] == sorted(m.start for m in mentions)
