"""Rules of the question stage: why the question cannot be asking for this value, wherever
it stands in the source (its kind, unit or wording asks for another, or the source lacks
what the question presupposes).

The examples' sentences are short excerpts, some shortened or reworded, of SQuAD dev
(Rajpurkar et al. 2016, 2018; CC BY-SA 4.0), TAT-QA dev (Zhu et al. 2021; CC BY 4.0) and
SVAMP (Patel et al. 2021; MIT), or made up."""

from __future__ import annotations

import re

from verify_ask.language.lexicon import (
    AMOUNT,
    DURATION,
    LEAST,
    MOST,
    THRESHOLD,
    WHICH_YEAR,
    YEAR,
)
from verify_ask.language.places import places_of
from verify_ask.language.places.words import question_words
from verify_ask.language.question import Question, stem
from verify_ask.rules.facts import Facts
from verify_ask.rules.figures import (
    CURRENCIES,
    counts_things,
    measure_of,
    occurs_as,
    question_figures,
    unit_of,
)
from verify_ask.rules.registry import Example, rule
from verify_ask.text.normalize.units import DIMENSION_OF
from verify_ask.text.source import Source
from verify_ask.values import DateValue, Value

_ORDINAL = re.compile(r"(?<=\d)(?:st|nd|rd|th)\b")
# "its five graduate divisions": a count in words that the text must give too. "One" is
# mostly a pronoun, and "five years after" an offset the question reckons from.
_COUNTED_IN_WORDS = re.compile(
    r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
    r"(?!(?:years?|months?|weeks?|days?|hours?|minutes?|decades?|centuries|times?|million"
    r"|billion|thousand|hundred)\b)[a-z]",
    re.IGNORECASE,
)


_FOUNDED = "OrigoTech was founded on 14 March 2009 and now employs 312 people."


@rule(
    "S001", "other-kind", "question", ["value.kind", "question.expects"], hard=True,
    examples=[
        Example(_FOUNDED, "When was OrigoTech founded?", "312 people"),
        Example(_FOUNDED, "When was OrigoTech founded?", "14 March 2009", refused=False),
    ],
)  # fmt: skip
def other_kind(facts: Facts) -> str | None:
    """The question asks for a date and the value is a number, or the other way round."""
    kind = facts.question.expects or facts.value.kind
    if facts.value.kind != kind:
        return f"the question asks for a {kind}, not a {facts.value.kind}"
    return None


_CMS = (
    "Amortization of purchased intangibles included in the CMS results amounted to $19.5 "
    "million in 2019 and $20.8 million in 2018."
)


@rule(
    "S002", "which-year-compares", "question", ["value", "question.text"],
    examples=[
        Example(_CMS, "In which year is the amortization included in the CMS results larger?",
                "2019"),
        Example(_CMS, "In which year did the amortization included in the CMS results amount "
                "to $19.5 million?", "2019", refused=False),
    ],
)  # fmt: skip
def which_year_compares(facts: Facts) -> str | None:
    """'In which year is X larger?': that the text names a year does not say so."""
    if _compares_years(facts.question, facts.value):
        return (
            "the question asks which year holds the larger or smaller figure; that the "
            "text names the year does not say so"
        )
    return None


_STUDY = "A 2007 study confirmed the 2001 projections."


@rule(
    "S003", "question-names-it", "question", ["value", "question.figures"],
    examples=[
        Example(_STUDY, "When was a study confirming the 2001 projections published?", "2001"),
        Example(_STUDY, "When did a study confirm the 2001 projections?", "2007",
                refused=False),
    ],
)  # fmt: skip
def question_names_it(facts: Facts) -> str | None:
    """The question itself writes this value, so it asks for another."""
    if _names_it(facts.question, facts.value):
        return "the question itself names this value; it asks for another"
    return None


_BUS = (
    "43 children were riding on the bus. At the bus stop some children got off the bus. "
    "Then there were 21 children left on the bus. How many children got off the bus at the "
    "bus stop?"
)


@rule(
    "S004", "posed-problem", "question", ["source.poses"],
    examples=[
        Example(_BUS, "How many children got off the bus at the bus stop?", "21"),
        Example(_BUS, "How many children were riding on the bus?", "43", refused=False),
    ],
)  # fmt: skip
def posed_problem(facts: Facts) -> str | None:
    """The source poses the question itself (a word problem): its figures are the data."""
    # SVAMP dev: every figure models copied out of the problem was wrong.
    if facts.source.poses(facts.question.asked):
        return (
            "the source poses this question itself: its figures are the problem's data, "
            "and the answer must be computed from them"
        )
    return None


_MEETING = "Attendance at the 2003 meeting included 350 government officials and climate experts."


@rule(
    "S005", "missing-figure", "question", ["question.figures", "source.mentions"],
    examples=[
        Example(_MEETING, "What year did more than 375 officials attend the meeting?", "2003"),
        Example(_MEETING, "What year did five climate experts attend the meeting?", "2003"),
        Example(_MEETING, "What year did 350 officials attend the meeting?", "2003",
                refused=False),
    ],
)  # fmt: skip
def missing_figure(facts: Facts) -> str | None:
    """A figure the question states ('more than 375 officials') is nowhere in the source."""
    premise = _missing_premise(facts.question, facts.source)
    return (
        None if premise is None else f"the question speaks of {premise!r}, and the source does not"
    )


@rule(
    "S006", "missing-year", "question", ["question.years", "source.text"], hard=True,
    examples=[
        Example(_MEETING, "How many officials attended the meeting in 2004?", "350"),
        Example(_MEETING, "How many officials attended the meeting in 2003?", "350",
                refused=False),
    ],
)  # fmt: skip
def missing_year(facts: Facts) -> str | None:
    """A year the question asks about is written in no form in the source."""
    year = _missing_year(facts.question, facts.source.text)
    return None if year is None else f"the question speaks of {year!r}, and the source does not"


# SQuAD v2 makes questions unanswerable so: "Joseph Scheele" joins two people's names.
_OXYGEN = (
    "Oxygen was isolated by Carl Wilhelm Scheele in 1771. Joseph Priestley announced it in 1774."
)


@rule(
    "S007", "name-written-otherwise", "question", ["question.names", "source.names"],
    examples=[
        Example(_OXYGEN, "When did Joseph Scheele isolate oxygen?", "1771"),
        Example(_OXYGEN, "When did Carl Wilhelm Scheele isolate oxygen?", "1771",
                refused=False),
    ],
)  # fmt: skip
def name_written_otherwise(facts: Facts) -> str | None:
    """The source writes the question's name only as part of other names."""
    asked = places_of(facts.source).asked_names(facts.question)
    mixed = next((written for written, _, whole in asked if not whole), None)
    if mixed is not None:
        return (
            f"the question names {mixed!r}, and the source writes those words only in other names"
        )
    return None


_COST = "The cost of $1.1 billion will be recognized over 2.5 years."


@rule(
    "S008", "money-for-duration", "question", ["question.text", "value.unit"],
    examples=[
        Example(_COST, "Over what duration will the cost be recognized?", "$1.1 billion"),
        Example(_COST, "Over what duration will the cost be recognized?", "2.5 years",
                refused=False),
    ],
)  # fmt: skip
def money_for_duration(facts: Facts) -> str | None:
    """The question asks how long, and the value is a sum of money."""
    if DURATION.search(facts.question.text) and unit_of(facts.value) in CURRENCIES:
        return "the question asks how long, and a sum of money is no duration"
    return None


_LOANS = "About 88% of students receive student loans, and 1,200 loans were made in 2014."
_HOLIDAYS = "The Working Time Directive gives every worker at least 4 weeks paid holidays."
_BILLIONAIRES = "Istanbul is home to 37 billionaires, worth $301.1 billion in all."


@rule(
    "S009", "measure-for-count", "question", ["question.text", "question.unit", "value.unit"],
    examples=[
        Example(_LOANS, "How many student loans were made in 2014?", "88%"),
        Example(_LOANS, "How many student loans were made in 2014?", "1,200", refused=False),
        Example(_HOLIDAYS, "How many paid holiday days must workers have?", "4 weeks",
                refused=False),
        Example(_BILLIONAIRES, "How many billionaires live in Istanbul?", "$301.1 billion"),
        Example(_BILLIONAIRES, "How many dollars are the billionaires worth?", "$301.1 billion",
                refused=False),
    ],
)  # fmt: skip
def measure_for_count(facts: Facts) -> str | None:
    """The question asks how many, and the value is a measure, a percentage or a sum."""
    measure = measure_of(facts.value)
    if counts_things(facts.question) and measure is not None:
        return f"the question asks how many, and {measure} is no count"
    return None


_PRICES = (
    "The vacuum costs $449.99. It goes on sale in the US in April and in the UK in May at £399."
)
# A region's revenue is reported in the reporter's currency.
_REGION = "Revenue from the UK was $83.2 million in 2019."
# A price is asked in a market ("the US price", "cost in the UK"), in whose currency it is
# set.
_COST_WORDS = "price prices priced cost costs"
_PRICE = re.compile(
    rf"\b(?:{'|'.join(_COST_WORDS.split())}|retails?|sells?|sold|selling|rrp|msrp)\b",
    re.IGNORECASE,
)
_MARKETS = {
    "USD": r"US|U\.S\.|USA|America|American|United States",
    "GBP": r"UK|U\.K\.|Britain|British|United Kingdom",
    "EUR": r"Europe|European|EU|eurozone|euro area|Germany|German|France|French|Italy|Italian"
    r"|Spain|Spanish|Ireland|Irish|Netherlands|Dutch",
    "JPY": r"Japan|Japanese",
    "CAD": r"Canada|Canadian",
    "AUD": r"Australia|Australian",
    "INR": r"India|Indian",
    "CNY": r"China|Chinese",
    "CHF": r"Switzerland|Swiss",
}
_MARKET = {code: re.compile(rf"\b(?:{names})(?![\w.])") for code, names in _MARKETS.items()}
_DOLLARS_TOO = frozenset({"CAD", "AUD"})
"""Markets whose prices a text may write with a bare "$", which reads as US dollars."""


def _market_currency(question: Question) -> str | None:
    """The currency of the one market a question asks a price in ("the US price": USD)."""
    if not _PRICE.search(question.text):
        return None
    markets = [code for code, named in _MARKET.items() if named.search(question.text)]
    return markets[0] if len(markets) == 1 else None


_DUST = "The dust travels 1,600 miles (2,600 km) over the Atlantic Ocean."


@rule(
    "S010", "other-unit", "question", ["question.unit", "value.unit"],
    examples=[
        Example(_DUST, "How many miles does the dust travel over the Atlantic Ocean?", "2,600 km"),
        Example(_DUST, "How many miles does the dust travel over the Atlantic Ocean?",
                "1,600 miles", refused=False),
        # A price asked in a market is in its currency.
        Example(_PRICES, "What is the US price of the vacuum?", "£399"),
        Example(_PRICES, "What is the US price of the vacuum?", "$449.99", refused=False),
        Example(_PRICES, "How much does the vacuum cost in the UK?", "£399", refused=False),
        Example(_REGION, "What is the revenue from the UK in 2019?", "$83.2 million",
                refused=False),
    ],
)  # fmt: skip
def other_unit(facts: Facts) -> str | None:
    """The question names a unit (or a market, whose currency a price is in), and the value
    is in another."""
    question, unit = facts.question, unit_of(facts.value)
    wanted = question.unit
    if wanted and unit not in (None, wanted):
        return f"the question asks in {wanted}, not {unit}"
    market = _market_currency(question) if unit in CURRENCIES and not wanted else None
    if market is not None and unit != market and not (unit == "USD" and market in _DOLLARS_TOO):
        return f"the question asks a price in {market}, not {unit}"
    return None


# The measures a question may name, and the dimensions of the units that answer them: a
# noun or verb that names the measure ("temperature", "weigh"), or "how" and its adjective
# ("how tall"); an adjective alone describes something else ("the older model", "high
# school").
_MEASURED = {
    stem(word): dimensions
    for words, dimensions in (
        ("temperature temperatures", {"temperature"}),
        ("rainfall snowfall precipitation rain snow", {"length", "volume"}),
        ("weight weigh weighs weighed mass", {"mass"}),
        ("area", {"area"}),
        ("speed", {"speed"}),
        ("height width depth distance elevation altitude", {"length"}),
        ("length", {"length", "time"}),
        ("age", {"time"}),
    )
    for word in words.split()
}  # fmt: skip
_HOW_MEASURED = {
    "tall": {"length"}, "high": {"length"}, "wide": {"length"}, "deep": {"length"},
    "far": {"length", "time"}, "long": {"length", "time"}, "heavy": {"mass"},
    "old": {"time"}, "fast": {"speed", "time"},
}  # fmt: skip
_HOW = re.compile(rf"\bhow\s+({'|'.join(_HOW_MEASURED)})\b", re.IGNORECASE)
# What a thing costs is money, whatever else the text measures ("a 250 Wh battery"), where
# the cost is what the question asks ("What does it cost?", not "When is the cost booked?").
_PRICED = frozenset(stem(word) for word in _COST_WORDS.split())
_EXTENDER = "An optional 250 Wh range-extender battery will cost €449."
_FRESNO = (
    "The most rainfall recorded in a 24 hour period in Fresno is 3.5 inches. The record high "
    "temperature for Fresno is 115 °F."
)


@rule(
    "S012", "other-measure", "question", ["question.text", "value.unit"],
    examples=[
        Example(_FRESNO, "What is the most rainfall recorded in a 24 hour period in Fresno?",
                "115 °F"),
        Example(_FRESNO, "What is the most rainfall recorded in a 24 hour period in Fresno?",
                "3.5 inches", refused=False),
        # An adjective alone describes the thing, and asks for no measure.
        Example("My sister has the older model, which holds only 1.2 litres.",
                "How much does the older model hold?", "1.2 litres", refused=False),
        Example(_EXTENDER, "What does the range-extender battery cost?", "250 Wh"),
        Example(_EXTENDER, "What does the range-extender battery cost?", "€449",
                refused=False),
    ],
)  # fmt: skip
def other_measure(facts: Facts) -> str | None:
    """The question names a measure (a temperature, a rainfall, a weight), and the value's
    unit measures another."""
    question = facts.question
    measured = DIMENSION_OF.get(unit_of(facts.value) or "")
    if measured is None or question.unit is not None:
        return None  # a unit the question names is S010's to judge
    stems = question_words(question.text).stems
    asked = set().union(
        *(_MEASURED.get(word, set()) for word in stems),
        *(_HOW_MEASURED[how.lower()] for how in _HOW.findall(question.text)),
        {"price"} if question.predicate in _PRICED else set(),
    )
    if asked and measured not in asked:
        return f"the question asks for a {' or '.join(sorted(asked))}, and {measured} is not one"
    return None


_CHINA = "Revenue from sales into China accounted for 53% of total revenue in 2019."


@rule(
    "S011", "share-for-amount", "question", ["question.text", "value.unit"],
    examples=[
        Example(_CHINA, "What is the revenue amount from sales into China in 2019?", "53%"),
        Example(_CHINA, "What share of total revenue came from sales into China in 2019?",
                "53%", refused=False),
    ],
)  # fmt: skip
def share_for_amount(facts: Facts) -> str | None:
    """The question asks for an amount, and the value is a percentage."""
    question = facts.question
    if unit_of(facts.value) == "%" and question.unit is None and AMOUNT.search(question.text):
        return "the question asks for an amount, and a percentage is a share of one"
    return None


def _compares_years(question: Question, value: Value) -> bool:
    """ "In which year is X larger?": a year's place in the text cannot tell (the comparison
    checker reads the figures of each year instead)."""
    return (
        isinstance(value, DateValue)
        and value.month is None
        and WHICH_YEAR.search(question.text) is not None
        and bool(MOST.search(question.text)) != bool(LEAST.search(question.text))
        and not THRESHOLD.search(question.text)
    )


def _names_it(question: Question, value: Value) -> bool:
    """Whether the question writes the value as given ("the study confirming the 2001
    projections" is not from 2001), unless it offers choices ("Between 2018 and 2019,
    which year...")."""
    figures = question_figures(question.text)
    # A year reads as a date and as a number; as a number it is no second choice.
    years = {(m.start, m.end) for m in figures if isinstance(m.value, DateValue)}
    same_kind = [
        m.value
        for m in figures
        if m.value.kind == value.kind and (m.value.kind == "date" or (m.start, m.end) not in years)
    ]
    if len({str(v) for v in same_kind}) > 1:
        return False
    return any(occurs_as(value, named) for named in same_kind)


def _missing_year(question: Question, text: str) -> str | None:
    """A year the question asks about that the source writes in no form ("2005", "FY05",
    "fiscal '05", "2004-05"; a table read out of a PDF may space its digits, "2 0 0 5"): a
    table of 2018 and 2019 says nothing of 2005."""
    for year in dict.fromkeys(YEAR.findall(question.text)):
        if year in text or re.search(r"\s?".join(year), text):
            continue
        short = re.escape(year[2:])
        if re.search(rf"(?:\bFY\s?|['’]|\d\d[-–/])({short})(?!\d)", text, re.IGNORECASE):
            continue
        return year
    return None


def _missing_premise(question: Question, source: Source) -> str | None:
    """A figure the question states in digits ("more than 375 officials") or a count it
    writes in words ("its five graduate divisions") that the source holds nowhere: the
    question is about something else than the text (SQuAD v2 makes unanswerable questions
    so). Dates and years are left out: a text may write them another way ("fiscal 2020",
    "FY20"), and tables head their columns with them; ``_missing_year`` reads those ways."""
    for mention in question_figures(question.text):
        if isinstance(mention.value, DateValue) or YEAR.fullmatch(mention.surface):
            continue
        if _ORDINAL.search(mention.surface) or _ORDINAL.match(question.text, mention.end):
            continue  # "the 5th president": the text may well write "fifth"
        if not any(c.isdigit() for c in mention.surface) and not _COUNTED_IN_WORDS.match(
            question.text, mention.start
        ):
            continue
        if not any(occurs_as(mention.value, found.value) for found in source.mentions):
            return mention.surface
    return None
