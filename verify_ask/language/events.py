"""Whether a figure's sentence tells of the event the question asks about.

The span checker refuses a date whose sentence lacks the question's predicate: SQuAD v2
makes unanswerable questions by swapping the event ("When did Bismarck *die*?" against
"Chancellor (1862–90)"). Read literally, that also refuses a text that tells the same event
in other words: "his father's *death* in 1879" for "when did his father die", "*established*
in 1989" for "when was the fund founded", "the European Communities Act 1972" for "when
was the Act created". This module accepts those three ways and no looser ones: the same
word in another part of speech anywhere near; a synonym only right beside the figure;
a name's own date only for the events that make a thing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from verify_ask.language.question import Question, stem, stems_of

# A life's two events, which lifespan brackets also tell ("(1919–1980)"): see places.times.
LIFE_EVENTS = {"born": "born birth", "died": "die died dies death dead"}
# One word in several parts of speech: the same event wherever it stands.
_FORMS = (
    *LIFE_EVENTS.values(),
    "merge merged merger",
    "complete completed completion",
    "create created creation",
    "discover discovered discovery",
)
# Words that tell the same event only in a date's own clause ("established in 1989"):
# further away they may tell another thing's founding ("the railroad established a
# station in 1872" is not when the railroad was founded).
_SYNONYMS = (
    "found founded establish established create created form formed incorporate "
    "incorporated institute instituted",
    "build built construct constructed erect erected",
    "finish finished complete completed",
    "publish published release released issue issued",
    "pass passed enact enacted adopt adopted",
    # "When did the plant begin operation?": it opened, or was commissioned.
    "open opened operate operated operation operations inaugurate inaugurated commission "
    "commissioned",
)
# What a thing holds, in the words a text uses for it ("the library *contains* 1.3 million
# volumes" for "how many volumes does it hold"): no event that makes a thing.
_CAPACITY = (
    "hold holds contain contains contained carry carries accommodate accommodates seat seats "
    "seating"
)
_BESIDE = (*_SYNONYMS, _CAPACITY)
"""The word groups that count only beside the figure."""
# Events that make a thing, whose date the text may attach to the thing's name ("the
# Teaching Council Act 2001", "the 1997 Treaty of Amsterdam", "Fog on the Tyne (1971)").
_MAKING = (
    " ".join(_SYNONYMS)
    + " sign signed write written wrote compose composed record recorded introduce introduced "
    "launch launched draft drafted ratify ratified"
)
# How many words before a date a synonym may stand ("established in 1989", "built in
# early 2011"), or after it ("In 1273, the Mongols created").
_SYNONYM_REACH = 3
_NAME_BEFORE = re.compile(r"\b([A-Z][\w'-]*)[\"”’')\]]*\s+(?:of\s+)?[(\[]?$")
_NAME_AFTER = re.compile(r"^\s+([A-Z][\w'-]*)")
# Before a name, a year is the name's own only after "the" or a possessive ("the 2007
# Lisbon Treaty"); "In 1997 Congress passed" dates the passing, not Congress.
_OWNED_YEAR = re.compile(r"(?:\bthe|'s|’s)\s+$", re.IGNORECASE)


@lru_cache(maxsize=4)
def _groups(lists: tuple[str, ...]) -> dict[str, frozenset[str]]:
    by_stem: dict[str, frozenset[str]] = {}
    for words in lists:
        group = stems_of(words)
        for member in group:
            by_stem[member] = by_stem.get(member, frozenset()) | group
    return by_stem


@lru_cache(maxsize=1)
def _making() -> frozenset[str]:
    return stems_of(_MAKING)


def same_event(predicate: str, stems: list[str]) -> bool:
    """Whether the stems tell the predicate's event in another part of speech ("death")."""
    forms = _groups(_FORMS).get(predicate)
    return forms is not None and any(word in forms for word in stems)


def synonym_beside(predicate: str, clause_before: list[str], words_after: list[str]) -> bool:
    """Whether a synonym of the predicate stands right before the figure, in its clause
    ("established in 1989"), or among the words right after it in its sentence ("In
    1273, the Mongols created")."""
    synonyms = _groups(_BESIDE).get(predicate)
    if synonyms is None:
        return False
    beside = (*clause_before[-_SYNONYM_REACH:], *words_after[:_SYNONYM_REACH])
    return any(word in synonyms for word in beside)


def dates_the_name(question: Question, text: str, start: int, end: int) -> bool:
    """Whether the date at ``text[start:end]`` is attached to a name the question asks
    about, for an event that makes the thing named ("when was the Act passed")."""
    if question.expects != "date" or question.predicate not in _making():
        return False
    names = set(question.names)
    before = _NAME_BEFORE.search(text, max(0, start - 80), start)
    if before and stem(before.group(1).lower()) in names:
        return True
    after = _NAME_AFTER.match(text[end : end + 80])
    return bool(
        after
        and stem(after.group(1).lower()) in names
        and _OWNED_YEAR.search(text, max(0, start - 8), start)
    )


_WORD = re.compile(r"[A-Za-z][\w'-]*|[,;:()]")
_DIGITS = re.compile(r"\d+")
# How far after the question's event word its own date may stand ("opened to students in
# 1865"), and the words that end that reach: a clause mark or another clause's conjunction.
_DATE_REACH = 5
_REACH_ENDS = frozenset(", ; : ( ) and but while whereas".split())
_PAST_FORM = re.compile(
    r"^[a-z]{3,}ed$|^(?:began|begun|built|wrote|written|won|held|became|"
    r"made|sold|bought|left|took|gave|came|went|fell|rose|grew|ran|met)$"
)


def dated_otherwise(
    question: Question,
    text: str,
    sentence: tuple[int, int],
    figure: tuple[int, int],
    dates: list[tuple[int, int]],
) -> str | None:
    """The words that give the question's event another date of the figure's sentence, when
    the figure is another event's: "founded in 1861 and *opened in 1865*" for 1861 asked when
    the school opened, "built from 1925 to 1929 and opened in 1932" for 1932 asked when it
    was built. None when the event is written unbound, or bound to the figure."""
    predicate = question.predicate
    if question.expects != "date" or not _asks_event(question):
        return None
    if dates_the_name(question, text, *figure):
        return None  # "the 2001 Third Assessment Report" is the report's own date
    tells = (
        _groups(_SYNONYMS).get(predicate, frozenset())
        | _groups(_FORMS).get(predicate, frozenset())
        | {predicate}
    )
    start, end = sentence
    words = [
        (m.start() + start, m.end() + start, m.group().lower())
        for m in _WORD.finditer(text[start:end])
    ]
    # "Windows Server 2008 was released in early 2008": the same date written twice.
    figures = _DIGITS.findall(text[figure[0] : figure[1]])
    found = None
    for index, (word_start, _, word) in enumerate(words):
        if stem(word) not in tells:
            continue
        bound = _date_after(words, index, dates, end)
        if bound is None or _DIGITS.findall(text[bound[0] : bound[1]]) == figures:
            return None  # the event's date is not said, or it is the figure's
        if figure[0] > word_start:
            between = [w for s, _, w in words if bound[1] <= s < figure[0]]
            if not any(_PAST_FORM.match(w) for w in between):
                return None  # "published in 1917 and 1918"
        found = text[word_start : bound[1]]
    return found


def _asks_event(question: Question) -> bool:
    """Whether the question's predicate is an event's verb ("opened", "when was it
    founded"), not a thing ("when did the crew leave the *station*")."""
    predicate = question.predicate
    if predicate is None or predicate in question.names:
        return False  # "the University of *Chicago* was incorporated in 1890"
    if predicate in _making() or predicate in _groups(_FORMS):
        return True
    written = (word.lower() for word in _WORD.findall(question.text))
    return any(_PAST_FORM.match(word) and stem(word) == predicate for word in written)


def _date_after(
    words: list[tuple[int, int, str]], index: int, dates: list[tuple[int, int]], end: int
) -> tuple[int, int] | None:
    """The first date within reach after the word at ``index``, in its clause."""
    reach_end = end
    for later in range(index + 1, min(len(words), index + 1 + _DATE_REACH)):
        if words[later][2] in _REACH_ENDS:
            reach_end = words[later][0]
            break
    else:
        if index + 1 + _DATE_REACH < len(words):
            reach_end = words[index + _DATE_REACH][1]
    after = words[index][1]
    return next(((s, e) for s, e in sorted(dates) if after <= s < reach_end), None)


# "PORT MERROW, 2025-09-11 - Hurricane Odalys made landfall ... on Tuesday, September 9,
# 2025": a dateline's date is when the report was written.
_DATELINE_BEFORE = re.compile(r"^\s*[A-Z][A-Z .'’-]+(?:,\s*[A-Z][\w .'’-]+)?,\s*$")
_DATELINE_AFTER = re.compile(r"\s*(?:-{1,2}|[–—])\s")
_TODAY = re.compile(r"\btoday\b", re.IGNORECASE)


def dateline_dated_otherwise(
    text: str, sentence: tuple[int, int], figure: tuple[int, int], dates: list[tuple[int, int]]
) -> str | None:
    """The date a sentence gives its event, when the figure is the date of the dateline that
    opens it: the report's date, not the event's. A sentence that says "today" (a release
    that "today reported") dates its event by the dateline."""
    start, end = figure
    line_start = text.rfind("\n", 0, start) + 1
    if not _DATELINE_BEFORE.match(text[line_start:start]) or not _DATELINE_AFTER.match(text, end):
        return None
    if _TODAY.search(text, end, sentence[1]):
        return None
    later = next((span for span in dates if end <= span[0] < sentence[1]), None)
    if later is None:
        return None
    return f"it is the dateline's date, and the sentence dates the event {text[slice(*later)]!r}"
