"""Place rules about time: the year a figure is given for when the question asks another,
the moment ("at the start"), the end of a span of years, and a lifespan's birth or death."""

from __future__ import annotations

import re

from verify_ask.language.lexicon import YEAR
from verify_ask.language.question import Question
from verify_ask.text import vocabulary

YEAR_LABEL = re.compile(rf"(?<!\d){vocabulary.YEAR}:$")
_LIFESPAN = re.compile(r"\(([^()]{0,80})\)")
_DASH = re.compile(r"\s*(?:–|—|-|\bto\b)\s*")


def lifespan_role(text: str, start: int, end: int) -> tuple[str, int] | None:
    """ "born" or "died" for a date in a life's brackets, "(1919–1980)", "(born 10 July
    1856)", "(d. 1679)", with where the brackets open; None elsewhere."""
    opened = text.rfind("(", max(0, start - 80), start)
    if opened < 0:
        return None
    match = _LIFESPAN.match(text, opened)
    if match is None or match.end() < end:
        return None
    inside = match.group(1).split(";")[-1]  # "(Serbian: ...; 10 July 1856 – 7 January 1943)"
    offset = match.end(1) - len(inside)
    lead = inside.lstrip().lower()
    if lead.startswith(("born", "b.")):
        return "born", opened
    if lead.startswith(("died", "d.")):
        return "died", opened
    dash = _DASH.search(inside)
    if dash is None or dash.start() == 0:
        return None
    return ("born" if end <= offset + dash.start() else "died"), opened


# What a question about one end of a span asks ("when did the empire *fall*").
_ASKS_END = re.compile(
    r"\b(?:end(?:ed|s)?|fall|fell|collaps\w*|dissol\w*|abolish\w*|out of power|los[et] power"
    r"|disband\w*|ceas\w*|finish\w*)\b",
    re.IGNORECASE,
)
_ASKS_START = re.compile(
    r"\b(?:begin|began|begun|start\w*|found(?:ed|ing)?|establish\w*|creat\w*|form(?:ed)?"
    r"|rise|rose|c[oa]me to power|launch\w*)\b",
    re.IGNORECASE,
)
_YEAR_SPAN = re.compile(rf"(?<!\d)({vocabulary.YEAR})\s*[–—-]\s*({vocabulary.YEAR}|\d\d)(?!\d)")
"""A span of years, "1851–1860" or "1368–1644" (its first and last year as groups)."""


def other_end(question: Question, text: str, start: int, end: int) -> str | None:
    """ "the start" or "the end" of a span of years ("1368–1644") the figure at
    ``text[start:end]`` is, when the question asks about the other end."""
    asks_end = bool(_ASKS_END.search(question.text))
    asks_start = bool(_ASKS_START.search(question.text))
    if asks_end == asks_start:
        return None
    for match in _YEAR_SPAN.finditer(text, max(0, start - 12), min(len(text), end + 12)):
        if match.start(1) <= start and end <= match.end(1) and asks_end:
            return "the start"
        if match.start(2) <= start and end <= match.end(2) and asks_start:
            return "the end"
    return None


_AT_THE_START = re.compile(
    r"\b(?:start(?:ed|ing)?|beg[au]n|beginning|open(?:ed)?)\s+with\b|\binitially\b|\boriginally\b"
    r"|\bat first\b|\bat (?:its|the) (?:founding|start|outset|beginning)\b",
    re.IGNORECASE,
)
_PRESENT = re.compile(r"\b(?:does|do|is|are|has|have)\b", re.IGNORECASE)
_PAST = re.compile(
    r"\b(?:did|was|were|had|start\w*|beg[ai]n\w*|initial\w*|original\w*|first|founded|when)\b",
    re.IGNORECASE,
)


def earlier(question: Question, clause: str) -> str | None:
    """ "the start", when a present-tense question ("how many employees does it have") meets
    a figure its clause gives for the beginning ("started with six employees")."""
    if not _AT_THE_START.search(clause):
        return None
    if not _PRESENT.search(question.text) or _PAST.search(question.text):
        return None
    return "the start"


_DECADE = re.compile(rf"(?<![0-9])(?=[0-9]{{3}}0)({vocabulary.YEAR})'?s\b")
"""A decade, "the 1990s", "the 1990's": ten years, not the year it is written with."""


def other_year(question: Question, clause: str) -> str | None:
    """The year a figure's clause names, when the question asks about one other year; or
    the span of years the clause gives it for, when the question asks about one of them."""
    if question.expects == "date":
        return None
    asked = set(vocabulary.years_in(question.text))
    decades = _DECADE.findall(clause)
    clause = _DECADE.sub(" ", clause)  # a decade is no year, here or in a span below
    said = vocabulary.years_in(clause)
    if len(asked) != 1 or not (said or decades):
        return None
    if not said:
        # "in the 2000s" gives the figure for ten years: not for the year 2000, and not
        # for another decade's year; within the decade ("1995" in "the 1990s") it may be.
        (year,) = asked
        within = any(year[:3] == decade[:3] and year != decade for decade in decades)
        return None if within else f"the {decades[0]}s"
    if not asked & set(said):
        return said[0]
    # "in the decade 1851–1860" gives the figure for ten years, not for 1860.
    if _YEAR_SPAN.search(question.text):
        return None
    spans = [m for m in _YEAR_SPAN.finditer(clause) if asked & set(YEAR.findall(m.group()))]
    alone = YEAR.findall(_YEAR_SPAN.sub(" ", clause))
    return spans[0].group() if spans and not asked & set(alone) else None


# "in that period", "over the same period": the clause's time is one the text named before.
_THAT_PERIOD = re.compile(
    r"\b(?:in|during|over|for|across|within)\s+(?:that|this|the same|the)\s+(?:period|time|span)\b",
    re.IGNORECASE,
)


def period_named_before(question: Question, clause: str, told: str) -> str | None:
    """The years a clause's "in that period" points back to (``told`` is its sentence and
    the one before), when the question asks about a year outside them ("2,318 complaints in
    that period", the period "between January 2021 and June 2022", asked for 2023)."""
    if question.expects == "date" or not _THAT_PERIOD.search(clause):
        return None
    asked = set(vocabulary.years_in(question.text))
    named = sorted(set(vocabulary.years_in(told)))
    if len(asked) != 1 or not named or YEAR.search(clause):
        return None
    (year,) = asked
    if named[0] <= year <= named[-1]:
        return None
    return f"the period it names before ({', '.join(named)})"


_DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
_DAY = re.compile(rf"\b(?:{'|'.join(_DAYS)})\b")
_A_MONTH = rf"(?:{'|'.join(vocabulary.MONTH_NAMES)})"
_MONTH = re.compile(rf"\b{_A_MONTH}\b")


def other_day(question: Question, clause: str) -> str | None:
    """The day of the week, or the month, a figure's clause names when the question asks
    about one other ("on Thursday night": "housed 640 people on Wednesday night")."""
    if question.expects == "date":
        return None
    for named in (_DAY, _MONTH):
        asked = set(named.findall(question.text))
        said = named.findall(clause)
        if len(asked) == 1 and said and not asked & set(said):
            return said[0]
    return None


# "In 2010, the company had 500 staff", "During the 1990s, ...": a time phrase that opens the
# sentence, set off by a comma, gives every clause after it for that time. "Since 2010" and
# "after 2010" give a span that may hold the asked year, so they date nothing here.
_OPENING_TIME = re.compile(
    rf"^\W*(?:in|during|by|as of|at the (?:end|start) of|throughout)\s+"
    rf"(?:[A-Za-z'-]+\s+){{0,3}}?(?:[A-Za-z]+\s+)?{vocabulary.YEAR}(?:'?s\b)?[^,;.]{{0,30}},",
    re.IGNORECASE,
)


# The words that set one figure against another's time: "compared with 3.7 million", "a
# year earlier".
_COMPARED = r"compared (?:with|to)|against|versus"
_A_YEAR_EARLIER = r"a year (?:earlier|before|ago)|the year before"
# "In 2019, sales were $5.2 million, compared with $4.1 million": the clause that compares
# gives its figure for another time than the opening phrase's.
_COMPARES_TIMES = re.compile(
    rf"\b(?:{_COMPARED}|up from|down from|vs\b|prior|previous|preceding|{_A_YEAR_EARLIER}"
    r"|last year)",
    re.IGNORECASE,
)


def dated_by_opening(sentence: str, clause: str, clause_start: int) -> str | None:
    """The time phrase that opens ``sentence`` before its first comma ("In 2010,", "During
    the prosperous 1990's decade,") when it dates ``clause``, which starts ``clause_start``
    characters into the sentence: a clause after that comma, naming no year and comparing
    with no other time."""
    match = _OPENING_TIME.match(sentence)
    if match is None or clause_start < match.end() - 1:
        return None  # no opening phrase, or the figure stands in it
    if YEAR.search(clause) or _COMPARES_TIMES.search(clause):
        return None
    return match.group()


# "a year earlier", "the prior year": the period before the one a sentence reports.
_YEAR_BEFORE = re.compile(
    rf"\b(?:{_A_YEAR_EARLIER}|(?:the )?(?:previous|prior|preceding)(?: fiscal| financial)? year"
    r"|prior[- ]year)\b",
    re.IGNORECASE,
)
_LAST_YEAR = re.compile(r"\blast (?:fiscal |financial )?year\b", re.IGNORECASE)
# A question that asks for the earlier of two: "a year earlier", "the previous dividend",
# "the prior quarter", "last year" ("prior to 1932" is a time before a date, not the
# earlier figure).
_ASKS_EARLIER = re.compile(
    rf"{_YEAR_BEFORE.pattern}|\b(?:previous|preceding)\b|\bprior\b(?!\s+to\b)"
    rf"|{_LAST_YEAR.pattern}",
    re.IGNORECASE,
)
# A figure just before a "last year" is the one it dates: "$1,980 last year".
_CLOSES_A_FIGURE = re.compile(r"\d[\d,.]*\s*(?:%|[A-Za-z]+)?\s*$")
# What may stand between a figure and the "last year" that dates it: "500 cars last year",
# not "96.1% from 95.4% last year".
_OWN_REACH = re.compile(r"^[^\d;]{0,40}$")
# "fell to €88 million from €97 million", "compared with 3.7 million": the figure a change
# is measured from, which is the earlier period's.
# "up 14% on the 251,300 recorded in FY2023/24" compares as "from" does.
_FROM = rf"(?:\b(?:from|{_COMPARED}|vs\.?)|%\s+on)(?:\s+the)?"
_FROM_HERE = re.compile(rf"{_FROM}\s*$", re.IGNORECASE)
_FROM_A_FIGURE = re.compile(rf"{_FROM}\s+[-$€£¥(]?\d", re.IGNORECASE)


_THIS_YEAR = re.compile(r"\bthis year\b", re.IGNORECASE)


def compared_periods(
    question: Question, sentence: str, figure: tuple[int, int], clause: tuple[int, int]
) -> str | None:
    """The time a figure is given for, where its sentence sets two periods side by side and
    the question asks about the other one. ``figure`` and ``clause`` are spans of
    ``sentence``.

    - Asked for the earlier one ("a year earlier", "the previous dividend"), the figure the
      sentence reports for its own period is not it, where the sentence gives another as the
      earlier ("4.1 million containers, compared with 3.7 million a year earlier", "a
      dividend of $0.28, up from $0.25").
    - Asked about "this year", a figure its clause dates to another year is not it, where the
      sentence speaks of this year ("23,400 at the 2020 census, is estimated at 24,150 this
      year").
    - Asked about a year, the figure its clause gives "a year earlier" is not that year's,
      nor is the sentence's own figure where the year dates only the figure it is compared
      with ("$5.9 billion at quarter-end, up from $5.1 billion at the end of 2023").
    """
    if question.expects == "date":
        return None
    clause_start, clause_end = clause
    own = sentence[clause_start:clause_end]
    rest = f"{sentence[:clause_start]} {sentence[clause_end:]}"
    asked = vocabulary.years_in(question.text)
    if _ASKS_EARLIER.search(question.text) and not asked:
        return _reported_period(sentence, figure, clause_start, own, rest)
    if not asked and _THIS_YEAR.search(question.text) and _THIS_YEAR.search(rest):
        dated = vocabulary.years_in(own)
        return dated[0] if dated and not _THIS_YEAR.search(own) else None
    if len(set(asked)) != 1 or YEAR.search(own):
        return None
    year = asked[0]
    if _YEAR_BEFORE.search(own):
        return f"the year before {year}" if year in vocabulary.years_in(rest) else None
    return _dated_other(sentence, clause, year)


def _reported_period(
    sentence: str, figure: tuple[int, int], clause_start: int, own: str, rest: str
) -> str | None:
    """The sentence's own period, where the figure is not the earlier one it compares with
    but another figure is ("fell to €88 million from €97 million")."""
    start, end = figure
    if _YEAR_BEFORE.search(own) or _FROM_HERE.search(sentence[clause_start:start]):
        return None
    last_year = _LAST_YEAR.search(sentence)
    if last_year is not None and _dates_figure(sentence, figure, last_year):
        return None
    others = f"{sentence[:start]} {sentence[end:]}"
    reports_another = (
        _YEAR_BEFORE.search(rest)
        or last_year is not None
        or _FROM_A_FIGURE.search(others)
        or _EARLIER_IN_BRACKETS.search(others)
    )
    return "the period its sentence reports" if reports_another else None


def _dates_figure(sentence: str, figure: tuple[int, int], said: re.Match[str]) -> bool:
    """Whether the "last year" ``said`` dates the figure: just after it ("500 cars last
    year"), or before it in its sentence with no figure between ("Last year it sold 500")."""
    start, end = figure
    if said.start() >= end:
        between = sentence[end : said.start()]
        return bool(_OWN_REACH.match(between)) and not _FROM_A_FIGURE.search(between)
    if _CLOSES_A_FIGURE.search(sentence[: said.start()]):
        return False  # "up from $1,980 last year, while Pinot Noir fetched $3,400"
    return not any(char.isdigit() for char in sentence[said.end() : start])


def _dated_other(sentence: str, clause: tuple[int, int], year: str) -> str | None:
    """Another time than ``year``, where the year stands only in the part of the sentence,
    after the figure's clause, that compares with another figure."""
    clause_start, clause_end = clause
    after = sentence[clause_end:]
    compared = _FROM_A_FIGURE.search(after)
    if compared is None or year not in vocabulary.years_in(after[compared.start() :]):
        return None
    if year in vocabulary.years_in(sentence[:clause_start]):
        return None
    return f"another time than {year}"


# A question that asks where a change started: the earlier of two ("the previous rate"),
# or the start ("originally", "the initial price", "before the rise").
_ASKS_THE_START = re.compile(
    rf"{_ASKS_EARLIER.pattern}|\b(?:previously|prior|before|original(?:ly)?|initial(?:ly)?|at first"
    r"|former(?:ly)?|old|used to|start(?:ed|ing)?|began|begin(?:ning)?|outset|from|earlier)\b",
    re.IGNORECASE,
)


def asks_where_a_change_ends(question: Question) -> bool:
    """Whether a question about a figure asks for its level now, after any change ("What
    will the new rate be?"): it asks about no earlier time and names no year."""
    return not (
        question.expects == "date"
        or question.wants_arithmetic
        or _ASKS_THE_START.search(question.text)
        or vocabulary.years_in(question.text)  # a year asked is read as a year (other_year)
    )


def one_of_years(question: Question, labels: list[str]) -> bool:
    """A cell of one year's column, when the question wants a total over several ("the
    total audit fees in both 2018 and 2019" is a sum, not the 2018 "Total Fees")."""
    asked = set(vocabulary.years_in(question.text))
    held = asked & set(vocabulary.years_in(" ".join(labels)))
    return len(asked) > 1 and len(held) < len(asked)


RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)
# "2019, 2018 and 2017", "December 31, 2019 and 2018": the years a list of figures is
# given for, in order.
_YEAR_LIST = re.compile(
    rf"(?<!\d)({vocabulary.YEAR})((?:\s*,\s*{vocabulary.YEAR})*)\s*,?\s*(?:and|&)\s*"
    rf"({vocabulary.YEAR})(?!\d)"
)
_LIST_GAP = re.compile(r"^\s*(?:,\s*)?(?:and\s+)?$")


def respective_year(sentence: str, figures: list[tuple[int, int]], start: int) -> str | None:
    """The year the figure at ``start`` is given for in a sentence that pairs a list of
    figures with a list of years "respectively" ("expense of $2.7 billion and $2.0 billion
    for 2019 and 2018, respectively": $2.0 billion is 2018's); None when the sentence does
    not pair them. ``figures`` are the spans, in ``sentence``, of the figures of its kind."""
    if not RESPECTIVELY.search(sentence):
        return None
    years_match = _YEAR_LIST.search(sentence)
    if years_match is None:
        return None
    years = YEAR.findall(years_match.group())
    listed = [span for span in figures if span[1] <= years_match.start()]
    listed = listed[-len(years) :]
    if len(listed) != len(years):
        return None
    # The figures must form one list ("$2.5 million, $2.6 million, and $2.4 million").
    if any(
        not _LIST_GAP.match(sentence[before[1] : after[0]])
        for before, after in zip(listed, listed[1:], strict=False)
    ):
        return None
    for (first, _), year in zip(listed, years, strict=True):
        if first == start:
            return year
    return None


# "Between January and October 2025", "January-October", "year to date": a run of months.
_MONTHS_RUN = re.compile(
    rf"\b(?:between\s+{_A_MONTH}\s+and\s+{_A_MONTH}"
    rf"|from\s+{_A_MONTH}\s+(?:to|through|until)\s+{_A_MONTH}|{_A_MONTH}\s*[–—-]\s*{_A_MONTH}"
    r"|year[- ]to[- ]date|ytd|so far this year|(?:the\s+)?first\s+(?:[a-z]+\s+)?months)\b",
    re.IGNORECASE,
)
_ASKS_A_MONTH = re.compile(rf"\b(?:in|for|during)\s+{_A_MONTH}\b", re.IGNORECASE)
_ASKS_A_RUN = re.compile(r"\b(?:so far|since|cumulative|between|through|to date)\b", re.IGNORECASE)


def months_run(question: Question, clause: str) -> str | None:
    """The run of months a figure's clause gives it for ("Between January and October
    2025"), where the question asks about one month ("in October 2025"); or the month,
    where the question asks about a run ("so far this year") and the clause gives none."""
    run = _MONTHS_RUN.search(clause)
    if _ASKS_A_RUN.search(question.text) or _MONTHS_RUN.search(question.text):
        month = _ASKS_A_MONTH.search(clause)
        return repr(month.group()) if month is not None and run is None else None
    if not _ASKS_A_MONTH.search(question.text):
        return None
    return None if run is None else repr(run.group())


# "$200 (December 31, 2018: $169)", "£3.5 million (2018: £3.2 million)", "(2023/24: £16.95
# million)": the bracket gives
# the earlier year's figure, so the one before it is another year's.
_EARLIER_IN_BRACKETS = re.compile(
    rf"\s*\((?:(?:\d{{1,2}}\s+)?[A-Za-z]+\s+(?:\d{{1,2}},?\s+)?)?({vocabulary.YEAR})"
    r"(?:[/–-]\d{2,4})?\s*:\s*[^)]*\d",
    re.IGNORECASE,
)


def before_bracketed_year(question: Question, after: str) -> str | None:
    """ "another year than 2018", for a figure followed by a bracket that gives 2018's
    ("$200 (December 31, 2018: $169)"), when the question asks about 2018."""
    match = _EARLIER_IN_BRACKETS.match(after)
    if match is None:
        return None
    asked = set(YEAR.findall(question.text))
    if asked != {match.group(1)}:
        return None
    return f"another year than {match.group(1)}"


# A report's title names the period it reports on ("Corvane Systems Reports Third Quarter
# Fiscal 2024 Results", "2023: The Year in Review"): a figure no sentence dates is that
# period's.
_TITLE_LENGTH = 120


def reported_year(text: str) -> str | None:
    """The one year a text's title names: its first line, short and with no full stop."""
    title = text.lstrip().split("\n", 1)[0].strip()
    if len(title) > _TITLE_LENGTH or title.endswith("."):
        return None
    years = set(vocabulary.years_in(title))
    return years.pop() if len(years) == 1 else None


def outside_the_report(question: Question, reported: str | None, told: str) -> str | None:
    """The report's year, when the question asks about another that ``told`` (the figure's
    sentence and the one before) does not name."""
    if reported is None or question.expects == "date":
        return None
    asked = set(vocabulary.years_in(question.text))
    if len(asked) != 1 or reported in asked or asked & set(vocabulary.years_in(told)):
        return None
    return f"the text reports on {reported}"


def latest_asked_earlier(question: Question, column: str, other_columns: list[str]) -> str | None:
    """The year of a table cell's column, when it is the latest of its row's columns and the
    question asks for the period before without naming a year ("the offer rate the year
    before" is not the "Offer rate 2024" column of a table that also gives 2023)."""
    if not _ASKS_EARLIER.search(question.text) or vocabulary.years_in(question.text):
        return None
    own = set(vocabulary.years_in(column))
    every = own.union(*(vocabulary.years_in(header) for header in other_columns))
    if len(own) != 1 or len(every) < 2 or max(every) not in own:
        return None
    return f"{max(every)}, the latest the table gives"
