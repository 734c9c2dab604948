"""Place rules about what a figure measures or counts: the noun after it, another
dimension, a rate, a capacity, a rank's cutoff, a list of what it counts, a table's total,
a change, and the words that state a derivation."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence

from verify_ask.language.lexicon import CHANGE_WORDS, STOPWORDS, TOTAL_WORDS, YEAR
from verify_ask.language.places.words import (
    CLAUSE_MARKS,
    WORD,
    has_word,
    is_number,
    question_words,
    same_stem,
)
from verify_ask.language.question import Question, stem, stems_of
from verify_ask.text.normalize import Mention
from verify_ask.text.normalize.units import unit_token
from verify_ask.values import unit_of


def states_derivation(stems: Iterable[str], question: Question) -> bool:
    """Whether words by a figure name the derivation an arithmetic question asks for."""
    if not question.wants_arithmetic:
        return True
    return any(word in question.derivation for word in stems)


# "the top 15 most populous counties", "the 5 largest cities": a rank's cutoff, no count.
_SUPERLATIVES = "most|least|largest|biggest|smallest|highest|lowest|best|worst|greatest"
_TOP_BEFORE = re.compile(r"\b(?:top|bottom)\s*$", re.IGNORECASE)
_RANKED_AFTER = re.compile(rf"^\s+(?:{_SUPERLATIVES})\b")
_ASKS_RANK = re.compile(rf"\b(?:top|bottom|first|last|{_SUPERLATIVES})\b|\brank", re.IGNORECASE)


def cutoff(question: Question, before: str, after: str) -> str | None:
    """ "top" or the superlative that makes a figure where a ranking stops, when a "how
    many" question asks for no rank ("how many populous counties are there": "the top 15
    most populous counties")."""
    if not question.counted.many or _ASKS_RANK.search(question.text):
        return None
    top = _TOP_BEFORE.search(before)
    if top is not None:
        return top.group().strip()
    ranked = _RANKED_AFTER.match(after)
    return ranked.group().strip() if ranked else None


TOTAL_STEMS = stems_of(TOTAL_WORDS)
# Before a figure: "improved by 22%", "up 8.9%" ("reduced to 12 weeks" gives a level).
_CHANGE_WORDS = stems_of(CHANGE_WORDS + " up down")
# "30% faster", "a 12% increase": a percentage measured against another figure.
_CHANGE_AFTER = re.compile(
    r"\s*(?:faster|slower|higher|lower|more|less|fewer|cheaper|bigger|smaller|larger|greater"
    r"|increase|decrease|rise|drop|fall|gain|growth|improvement|reduction|cut|up|down)\b",
    re.IGNORECASE,
)
# A question that asks how much something changed, as the text tells it ("By what
# percentage did p99 latency improve?", "How much did revenue grow?").
_CHANGE_ASKED = stems_of(CHANGE_WORDS + " change faster slower cheaper")


# What opens the list of what a figure counts: "three bodies of water: the Obersee, ...",
# "eleven academic units—ten faculties and the Radcliffe Institute". Not a range
# ("30,000–35,000"), a time ("10:30") or a name's dash ("the Harvard–Yale Regatta").
_LIST_OPENER = re.compile(r"(?::|—|\s[–-]\s)(?!\s*\d)")
_LIST_REACH = 60
"""How many characters after the figure its list may open: the counted noun lies between."""


def listed_name(question: Question, text: str, bounds: tuple[int, int, int]) -> str | None:
    """A name of a "how many" question that the figure's sentence writes only in the list
    the figure opens: the figure counts that list's members, of which the name is one.
    ``bounds``: where the sentence starts, where the figure ends, where the sentence ends."""
    sentence_start, end, sentence_end = bounds
    if not question.names or not question.counted.many:
        return None
    opener = _LIST_OPENER.search(text, end, min(sentence_end, end + _LIST_REACH))
    if opener is None:
        return None
    before = [stem(w.lower()) for w in WORD.findall(text[sentence_start : opener.start()])]
    listed = [stem(w.lower()) for w in WORD.findall(text[opener.end() : sentence_end])]
    name = next(
        (name for name in question.names if has_word(listed, name) and not has_word(before, name)),
        None,
    )
    if name is None:
        return None
    return next((w for w in WORD.findall(question.text) if stem(w.lower()) == name), name)


_TIME_UNITS = frozenset(("year", "month", "week", "day", "hour", "minute", "second"))
_RATE_WORDS = re.compile(r"\b(?:per|average|rate|density)\b", re.IGNORECASE)
RATE_REACH = 40
"""How many characters after a figure its "per ..." may stand ("0.62 tons of carbon per")."""


def rate(question: Question, after: str) -> str | None:
    """The measure a rate the text gives right after the figure divides by ("per hectare"),
    when the question asks for an amount: it names no rate and not that measure. A rate
    per year, per person or per share may answer an amount ("$0.40 per share")."""
    # "four cash dividends of $0.40 per share": the rate is the next figure's.
    after = re.split(r"[\d$€£]", re.sub(r"^\s*±\s*[\d.,]+", "", after), maxsplit=1)[0]
    match = re.search(r"\bper\s+([a-z]+)", after, re.IGNORECASE)
    if match is None or _RATE_WORDS.search(question.text):
        return None
    written = match.group(1).lower()
    if written != "square" and unit_token(written) in (None, *_TIME_UNITS):
        return None
    divisor = stem(written)
    asked = question_words(question.text).stems
    return None if any(same_stem(divisor, word) for word in asked) else match.group(1)


# What a thing can hold is no count of what it has: SQuAD v2 asks "how many people visit the
# park each day" of an amphitheatre that "seats up to 2,500 people".
_CAPACITY_BEFORE = re.compile(
    r"\b(?:seats?|seating(?:\s+capacity)?(?:\s+(?:of|for))?|capacity(?:\s+(?:of|for))?"
    r"|holds?\s+up\s+to|accommodates?(?:\s+up\s+to)?|room\s+for)"
    r"(?:\s+(?:up\s+to|about|around|roughly|nearly|over|some|approximately))?\s*$",
    re.IGNORECASE,
)
_CAPACITY_ASKED = re.compile(
    r"\b(?:seat\w*|capacit\w*|hold\w*|accommodat\w*|fit|room|maximum|max|can|could)\b",
    re.IGNORECASE,
)


def capacity(question: Question, before: str) -> str | None:
    """The capacity words right before a figure, when the question asks for no capacity."""
    match = _CAPACITY_BEFORE.search(before)
    if match is None or _CAPACITY_ASKED.search(question.text):
        return None
    return match.group().strip()


def counts_unlabelled(question: Question, labels: list[str], words: set[str]) -> str | None:
    """A cell's row label when the question counts something ("how many components") that
    none of the cell's labels names: the cell is an amount of the row, not that count."""
    head = question.counted.head
    if head is None or any(same_stem(w, head) or w.endswith(head) for w in words):
        return None
    return labels[0] or None


def part_of_the_row_total(question: Question, columns: tuple[str, list[str]] | None) -> bool:
    if columns is None:
        return False
    own, others = columns
    words = {stem(w.lower()) for w in WORD.findall(own) if w not in CLAUSE_MARKS}
    if words & TOTAL_STEMS:
        return False  # the total's own column
    named = {w for w in words if w not in STOPWORDS and not YEAR.fullmatch(w)}
    if not named or any(same_stem(w, term) for w in named for term in question.terms):
        return False  # a year's column, or one the question names
    return any(any(stem(w.lower()) in TOTAL_STEMS for w in WORD.findall(other)) for other in others)


# "opened 12 new stores", "hired 300 more staff": a figure that counts new ones is a change,
# which answers no question about how many there are ("How many stores does it have?").
_ADDED_WORDS = r"\b(?:new|additional|more|extra|further)\b"
_ADDED = re.compile(rf"\s*{_ADDED_WORDS}", re.IGNORECASE)
_ASKS_ADDED = re.compile(_ADDED_WORDS, re.IGNORECASE)
_ASKS_LEVEL = re.compile(
    r"\b(?:do|does|did)\s+(?:[\w'&.-]+\s+){1,4}?(?:have|own|operate|employ|run)\b"
    r"|\b(?:are|were)\s+there\b",
    re.IGNORECASE,
)


def counts_added(question: Question, after: str) -> bool:
    """Whether the figure counts new ones (``after`` is the text right after it) where the
    question asks how many there are."""
    return bool(
        _ASKS_LEVEL.search(question.text)
        and not _ASKS_ADDED.search(question.text)
        and _ADDED.match(after)
    )


# "$2.3 billion to $2.35 billion", "10–15", "from $14.82 to $15.21": two figures of one kind
# and unit joined, as a range or a change; "rose 12% to €1.36 billion" joins two units.
_JOIN = re.compile(r"\s*(?:to|–|—)\s*")
# A hyphen joins a range only where it rises ("60-145 km"): "won 3-2" gives a score.
_HYPHEN = re.compile(r"-")
_UP_FROM_REACH = 20
"""Characters between a figure and the one it changed from ("$5.9 billion, up from $5.1")."""


def joined(text: str, figures: Sequence[Mention]) -> Iterator[tuple[Mention, Mention]]:
    """Two figures in a row of ``figures`` (in text order), of one kind and unit, joined by
    "to" or a dash ("10 to 15", "from 3 to 5"), or by a hyphen where they rise ("60-145
    km"). A rising range may write its unit once, after its last end: "60" joins "145 km"
    (but "in 2004 to 60%" joins no year to a share)."""
    for first, last in zip(figures, figures[1:], strict=False):
        unit, last_unit = unit_of(first.value), unit_of(last.value)
        if first.value.kind != last.value.kind or unit not in (None, last_unit):
            continue
        rises = _rises(first, last)
        if unit != last_unit and not rises:
            continue
        if _JOIN.fullmatch(text, first.end, last.start) or (
            _HYPHEN.fullmatch(text, first.end, last.start) and rises
        ):
            yield first, last


def _rises(first: Mention, last: Mention) -> bool:
    low, high = (getattr(m.value, "number", None) for m in (first, last))
    return low is not None and high is not None and low < high


def change_runs_to(text: str, figures: Sequence[Mention], start: Mention) -> Mention | None:
    """The figure a change from ``start`` runs to, ``start`` standing after "from": the one
    it is joined to ("from $14.82 to $15.21"), or the one just before it ("$5.9 billion, up
    from $5.1 billion"). ``figures`` are its sentence's, in text order."""
    after = next((last for first, last in joined(text, figures) if first is start), None)
    if after is not None:
        return after
    unit = unit_of(start.value)
    before = [m for m in figures if m.end <= start.start and unit_of(m.value) == unit]
    if before and start.start - before[-1].end <= _UP_FROM_REACH:
        return before[-1]
    return None


def as_change(before: list[str], after: str = "", percentage: bool = False) -> bool:
    """Whether the words just before a figure give it as a change: "increased $273 million",
    "rose by 6%", "an increase of 5%" (but "grew to 5,000" gives a level); or, for a
    percentage, the words just after it: "30% faster", "a 12% increase"."""
    if percentage and _CHANGE_AFTER.match(after):
        return True
    if not before:
        return False
    if before[-1] in ("by", "of") and len(before) > 1:
        return before[-2] in _CHANGE_WORDS
    return before[-1] in _CHANGE_WORDS


def asks_change(question: Question) -> bool:
    """Whether the question asks how much something changed, computed or told."""
    return question.wants_arithmetic or bool(question_words(question.text).stems & _CHANGE_ASKED)


_POSITIONS = (
    "below above beneath north south east west away beyond upstream downstream offshore inland"
)
_DIMENSIONS = {
    stem(word): dimension
    for dimension, words in (
        ("length", "long length"),
        ("width", "wide width broad breadth"),
        ("height", "high height tall"),
        ("depth", "deep depth"),
        # Where a thing lies, not how far it extends: "a 3.2 km boardwalk ..., 7 km below
        # the town" does not say the boardwalk is 7 km long.
        ("position", _POSITIONS),
    )
    for word in words.split()
}
# Above or below is a height or a depth ("2,904 metres above sea level").
_ALSO_POSITION = frozenset(("height", "depth"))
# How far a thing itself extends, which where it lies does not say.
_ASKS_AN_EXTENT = re.compile(
    r"\bhow\s+(?:long|wide)\s+(?:is|was|are|were)\b|\b(?:length|width)\b", re.IGNORECASE
)


def other_dimension(question: Question, clause: list[str]) -> str | None:
    """A dimension word in the figure's clause when the question asks another and the clause
    never says that one ("How wide is the Rhine?": "the accepted *length* of the Rhine was
    1,230 kilometres")."""
    asked = {_DIMENSIONS[w] for w in question_words(question.text).stems if w in _DIMENSIONS}
    # Where a thing lies may be said anywhere in the clause ("flows north for 1,230 km"):
    # only right after the figure does it say what the figure measures (counts_other).
    said = {_DIMENSIONS[w]: w for w in clause if w in _DIMENSIONS and _DIMENSIONS[w] != "position"}
    if asked and said and not said.keys() & asked:
        return next(iter(said.values()))
    return None


def nouns_after(after: list[str]) -> tuple[list[int], dict[str, int]]:
    """Which of the stems after a figure name what it counts, and the dimensions among them.

    What a figure counts comes right after it, before any other small word ("182 million
    tons *of dust*" counts tons); the rest of a range ("ten *to fifteen* lead authors")
    counts the same thing."""
    skip = 2 if len(after) > 1 and after[0] in _RANGE_WORDS and is_number(after[1]) else 0
    following: list[int] = []
    dimensions: dict[str, int] = {}
    for index in range(skip, len(after)):
        word = after[index]
        if word in _DIMENSIONS:
            dimensions[_DIMENSIONS[word]] = index
        if word in CLAUSE_MARKS or word[:1].isdigit() or word in STOPWORDS:
            break
        following.append(index)
    return following, dimensions


def counts_other(after: list[str], question: Question) -> int | None:
    """Which of the stems after a figure says it measures something else than the question
    asks: another of the question's nouns where it counts one ("how many students": "88
    private *schools*"), or another dimension ("how wide": "300 km *long*")."""
    following, dimensions = nouns_after(after)
    asked = {_DIMENSIONS[w] for w in question_words(question.text).stems if w in _DIMENSIONS}
    if asked & _ALSO_POSITION or (asked and not _ASKS_AN_EXTENT.search(question.text)):
        asked.add("position")  # "three hours away" says how long it takes to get there
    if asked and dimensions and not dimensions.keys() & asked:
        return next(iter(dimensions.values()))
    words = [after[index] for index in following]
    counted = question.counted.stems
    if counted and not any(same_stem(w, t) for w in words for t in counted):
        # The last such word is the noun ("88 private *schools*").
        for index in reversed(following):
            if after[index] in question.terms and after[index] not in question.names:
                return index
    return None


_RANGE_WORDS = frozenset(("to", "or", "and"))


# "How far is Carrow Ridge from Ashby Cross?": the place a distance is asked from.
_ASKED_FROM = re.compile(r"\b(?i:how far)\b.*?\bfrom\s+(?:the\s+)?((?:[A-Z][\w'’-]*\s*)+)")
# "11 kilometres west of the Linden Falls town centre", "40 km from Paris": the place a
# distance is measured from, right after it.
_MEASURED_FROM = re.compile(
    rf"^\s*(?:(?:{'|'.join(_POSITIONS.split())})(?:-\w+)?\s+)?(?:of|from)\s+(?:the\s+)?"
    r"((?:[A-Z][\w'’-]*\s*)+)"
)


def measured_from_elsewhere(question: Question, after: str) -> str | None:
    """The place a distance is measured from, right after the figure, when the question asks
    the distance from another place that shares no word with it."""
    asked = _ASKED_FROM.search(question.text)
    told = _MEASURED_FROM.match(after)
    if asked is None or told is None:
        return None
    asked_words = {stem(w.lower()) for w in asked.group(1).split()}
    told_words = {stem(w.lower()) for w in told.group(1).split()}
    return None if asked_words & told_words else told.group(1).strip()
