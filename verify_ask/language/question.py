"""What a question asks for: the kind of value, whether it must be computed, its key terms."""

from __future__ import annotations

import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import takewhile
from typing import Literal

from verify_ask.errors import InputError
from verify_ask.language.lexicon import (
    ASKS_DAY,
    ASKS_MONTH,
    ASKS_YEAR,
    CHANGE_VERBS,
    COMPARATIVES,
    COMPLEMENT,
    HOW_MANY,
    NEGATION,
    STOPWORDS,
    TOTAL_WORDS,
)
from verify_ask.text import vocabulary

Kind = Literal["number", "date"]

_DATE_CUES = re.compile(
    r"^\s*when\b|\b(what|which|in what|in which)\s+(fiscal\s+|financial\s+)?"
    r"(year|date|month|day|decade|century|fy)\b(?!-)"
    r"|\bwhat\s+time\s+period\b|\b(year|date)\s+(did|was|were|is|of)\b|\bsince when\b"
    # "By when ...?", "... until when?": a time limit asked for is a date too.
    r"|^\s*(by|until|till|up to|as of)\s+when\b|\b(by|until|till)\s+when\s*\?*\s*$",
    re.IGNORECASE,
)
# A question that asks for a day or a month is answered at that precision or not at all.
# What a what-question names asks for a figure ("What is the population", "What percentage").
_MEASURES = (
    r"number|amount|percentage|percent|share|proportion|ratio|rate|total|sum|average|value|size"
    r"|age|count|temperatures?|population|diameter|radius|magnitude|rainfall|snowfall|length"
    r"|height|width|depth|distance|area|weight|mass|speed|velocity|elevation|altitude|capacity"
    r"|costs?|fees?|prices?|budget|salary|wages?|revenues?|income|sales|profits?|losses"
    r"|expenses|assets|liabilities|receivables|goodwill|depreciation|amortization|margin"
    r"|dividends?|debt|balance|eps|ebitda|ebit|earnings|backlog|capitali[sz]ation|cash flows?"
    r"|capex|capital expenditures?|headcount"
)
# "What is the hottest temperature record for Fresno?", "What was the wedding date?": the
# thing a what-question asks for is named before its first preposition or article, a few
# words after "what is the", and a measure or a date there says which kind it wants. An
# article opens another phrase: "What was operating profit the year before?" asks for a
# profit, and "the year before" says when.
_ASKED_THING = (
    r"^\s*(?:what|which)\s+(?:is|was|are|were)\s+(?:(?:the|an?|this|its|their)\s+)?"
    r"(?:(?!(?:of|in|for|at|on|by|to|from|with|during|that|when|did|does|do|the|an?|this"
    r"|each|every)\b)[\w'-]+\s+){0,3}?"
)
# The time a question closes on says when, not what: neither the date it asks for ("What
# was metro punctuality last year?") nor its predicate ("so far this year", "ten years
# earlier", "previously", "since 2011", "before this release", "this quarter"). Not "in
# the first half": a game's half is what the question asks about; nor "the last year".
_CLOSING_TIME = re.compile(
    r"(?:,?(?<!\bthe)\s+(?:(?:last|this|next|that|the (?:same|previous|prior|following))\s+"
    r"(?:fiscal\s+|financial\s+)?(?:year|quarter|month|week|season)"
    r"|so far|to date|(?:\w+\s+)?(?:years?|months?|quarters?)\s+(?:earlier|ago|before|later)"
    r"|previously|earlier|ago|now|today|currently|at the time|on average|overall"
    r"|since\s+\S+|before\s+(?:this|the)\s+(?:[\w-]+\s+)?[\w-]+"
    r"|of\s+(?:this|last|the)\s+year|in\s+\d{4}))+\s*\?*\s*$",
    re.IGNORECASE,
)


def _without_closing_time(text: str) -> str:
    """The question without the time phrases it closes on; all of it where that is all."""
    return _CLOSING_TIME.sub("", text) or text


# "year-over-year growth", "year-end cash", "last year's income" name no date.
_ASKED_DATE = re.compile(
    _ASKED_THING + r"(?:date|year|day|month|decade|century)\b(?!-|'s)", re.IGNORECASE
)
_NUMBER_CUES = re.compile(
    r"\bhow\s+(many|much|long|old|far|big|large|tall|high|deep|wide|often|fast)\b"
    rf"|\b(what|which)\s+(is|was|were|are)?\s*(the\s+)?({_MEASURES})\b"
    rf"|{_ASKED_THING}({_MEASURES})\b"
    r"|\bpercentage\b|\bpercent\b|\bnumber of\b|\bamount of\b",
    re.IGNORECASE,
)
_ARITHMETIC_CUES = re.compile(
    r"\b(difference|change|changed|increase|decrease|growth|average|mean|ratio|combined|sum"
    r"|how much more|how many more|how much less|how many fewer|how many less|by how much"
    r"|percentage change|in total|altogether)\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*|\d[\d,.]*")


@dataclass(frozen=True)
class Counted:
    """What a "how many" or "how much" question counts: the words after it, up to the first
    that cannot be part of what it counts ("how many *private schools existed* in ...")."""

    written: tuple[str, ...] = ()
    """Those words as the question writes them."""
    many: bool = False
    """The question says "how many" (anywhere): it counts things, where "how much alcohol"
    may be answered by a percentage."""

    @cached_property
    def stems(self) -> tuple[str, ...]:
        """The stems of those words ("privat", "school", "exist")."""
        return tuple(stem(word.lower()) for word in self.written)

    @cached_property
    def head(self) -> str | None:
        """The stem of the plural noun a "how many" question counts ("how many private
        *schools* existed", "how many New Zealand *students*"); None for "how much", and
        when no word reads as one ("how many people", "how many LEA-funded 11 to 18
        schools")."""
        if not self.many:
            return None
        # "How many Victorians": a people is named in many ways ("members", "residents").
        return next(
            (
                stem(word)
                for word in self.written
                if word.endswith("s") and not word.endswith("ss") and word.islower()
            ),
            None,
        )


@dataclass(frozen=True, kw_only=True)
class Question:
    asked: str
    """The question as the user wrote it, spaces collapsed: what the model and the record see."""
    text: str
    """The question as the rules read it: ``asked`` with accents folded ("Möngke" -> "Mongke"),
    as the place index reads the source."""
    expects: Kind | None
    wants_arithmetic: bool
    terms: tuple[str, ...]
    """Stems of the content words, in order, without repeats."""
    counted: Counted = Counted()
    """What a "how many / how much" question counts ("tree species", "tons")."""
    unit: str | None = None
    """The unit the question names ("how many miles" -> "mi"; "what percentage" -> "%")."""
    names: tuple[str, ...] = ()
    """Stems of the names the question mentions (capitalized words past its first word)."""
    negated: bool = False
    """The question asks about what did *not* happen ("When was the charter not adopted?")."""
    predicate: str | None = None
    """Stem of the question's last meaningful word, usually what happened ("founded")."""
    total: bool = False
    """The question asks for a total ("What was the total revenue?")."""
    derivation: frozenset[str] = frozenset()
    """Stems a text uses when it states the figure an arithmetic question asks for ("the
    change in sales": "increased", "declined"); empty when it must be computed."""
    difference: bool = False
    """The question asks for a difference ("how many more", "the change in"): a calculation
    that answers it subtracts."""
    precision: Literal["day", "month"] | None = None
    """The precision a date must have ("On what date", "In which month"); None for a year or
    when the question does not say."""
    asks_year: bool = False
    """A date question that asks for the year itself ("In what year", "Which fiscal year"):
    its answer is a year, however precisely the source dates it."""
    complement: bool = False
    """The question asks for what lies outside something ("How many work *outside* the Porto
    plant?"): the figure the text gives for that thing is what it excludes."""


def analyze_question(text: str) -> Question:
    """Read the cues of a question; raises ``InputError`` when it is empty."""
    written = " ".join(text.split())
    if not written:
        raise InputError("the question is empty")
    # The question's words as the rules read them: a fiscal year as its year ("FY18" as
    # "2018"), neither a name nor what the question asks about.
    cleaned = vocabulary.with_plain_years(fold(written))
    if _DATE_CUES.search(cleaned) or _ASKED_DATE.search(_without_closing_time(cleaned)):
        expects: Kind | None = "date"
    elif _NUMBER_CUES.search(cleaned):
        expects = "number"
    else:
        expects = None
    wants_arithmetic = expects != "date" and bool(_ARITHMETIC_CUES.search(cleaned))
    if wants_arithmetic:
        expects = "number"  # a computed figure: a change, a ratio, a sum, never a date
    without_reason = _REASON.split(cleaned, maxsplit=1)[0]
    return Question(
        asked=written,
        text=cleaned,
        expects=expects,
        wants_arithmetic=wants_arithmetic,
        terms=content_terms(cleaned),
        counted=_counted(cleaned),
        unit=_named_unit(cleaned) if expects != "date" else None,
        names=_names(cleaned),
        negated=negates(without_reason),
        predicate=_predicate(_without_closing_time(without_reason)),
        total=bool(_TOTAL.search(cleaned)),
        derivation=_derivation(cleaned) if wants_arithmetic else frozenset(),
        difference=_asks_difference(cleaned),
        precision=_asked_precision(cleaned) if expects == "date" else None,
        asks_year=expects == "date" and bool(ASKS_YEAR.search(cleaned)),
        complement=bool(COMPLEMENT.search(cleaned)),
    )


def _asked_precision(text: str) -> Literal["day", "month"] | None:
    if ASKS_DAY.search(text):
        return "day"
    if ASKS_MONTH.search(text):
        return "month"
    return None


# By the question's cue; a comparison ("how much more", absent here) has no such word.
_STATED_AS = {
    "change": f"{CHANGE_VERBS} change changed growth difference",
    "average": "average mean",
    "ratio": "ratio",
    "total": TOTAL_WORDS,
}
_CUE_FAMILY = {
    "change": "change", "changed": "change", "increase": "change", "decrease": "change",
    "growth": "change", "difference": "change", "percentage change": "change",
    "average": "average", "mean": "average", "ratio": "ratio",
    "combined": "total", "sum": "total", "in total": "total", "altogether": "total",
}  # fmt: skip


def _asks_difference(text: str) -> bool:
    """A change ("the change in sales") or a comparison ("how many more"): both subtract."""
    return any(
        _CUE_FAMILY.get(cue, "change") == "change"
        for cue in (match.group().lower() for match in _ARITHMETIC_CUES.finditer(text))
    )


def stems_of(words: str) -> frozenset[str]:
    """The stems of a space-separated word list."""
    return frozenset(stem(word) for word in words.split())


def _derivation(text: str) -> frozenset[str]:
    for match in _ARITHMETIC_CUES.finditer(text):
        family = _CUE_FAMILY.get(match.group().lower())
        if family:
            return stems_of(_STATED_AS[family])
    return frozenset()


# "When was it dropped because it wasn't needed?" asks when it was dropped: the reason's
# words are neither the event nor its polarity.
_REASON = re.compile(r"\bbecause\b", re.IGNORECASE)
# "How many total acres" counts acres; "the total cost" is not the tuition.
_TOTAL = re.compile(r"(?<!how many )\b(total|combined|altogether)\b", re.IGNORECASE)


# How a figure was made known, not what it measures: "How much revenue did it report?"
# asks for the revenue, which a text gives as "Revenue reached 48.2 million euros".
_REPORTING_VERBS = (
    "report reported record recorded post posted disclose disclosed announce announced"
)

# Verbs and particles too light to say what happened ("When did the war begin?").
_LIGHT_WORDS = (
    "occur occurred happen happened begin began start started end ended come came back out up "
    "take took make made get got become became go went place use used th st nd rd effort efforts "
    f"{_REPORTING_VERBS} "
    # What frames the figure rather than the event: "in total", "years ago", "compared to".
    "ago total altogether combined compare compared respectively exactly estimate estimated "
    # Where a thing is, or how a question hedges, tells no event.
    "located situated prior currently actually roughly approximately primarily exclusively "
    "mainly mostly largely usually typically generally originally initially eventually finally "
    "formally officially ultimately"
)


@lru_cache(maxsize=1)
def _light_stems() -> frozenset[str]:
    # A comparison's adjective ("In which year was X larger?") is the comparison checker's.
    return stems_of(_LIGHT_WORDS) | stems_of(COMPARATIVES)


_FRAMING_VERBS = frozenset(
    f"{_REPORTING_VERBS} hold held carry carried have has had own owned bring brought "
    "generate generated earn earned".split()
)
"""How a figure is framed as a level, made known or earned, not what it measures: "How much
revenue did the company report?", "How much cash did it hold?" and "How much revenue did
Digital Services bring in?" ask for the revenue and the cash, which a statement's row gives
with no verb."""

_MEASURE_VERBS = frozenset("cost costs worth priced listed last lasted lasts".split())
"""A verb that names the measure a "how much" or "how long" question asks for ("How much did
the blender cost?", "How many days did the polls last?"): the figure is the cost or the
duration, whether or not its sentence says the verb."""

_ASKS_A_MEASURE = re.compile(r"\bhow (?:much|long|many)\b", re.IGNORECASE)
_AUXILIARY = frozenset("did does do will would can could".split())


def _predicate(text: str) -> str | None:
    """The last content word that is neither light nor a unit ("weighed how much in kgs",
    "in Euros"), nor a framing verb's subject ("How much cash did the company hold?" asks
    about the cash)."""
    # An ampersanded abbreviation is a name, which the names rule asks for; split into words,
    # its last letter ("E" of "PP&E") would be taken for the predicate.
    words = _WORD.findall(_AMPERSANDED.sub(" ", text))
    measure = _MEASURE_VERBS if _ASKS_A_MEASURE.search(text) else frozenset()
    return _last_content_word(words, measure)


def _subject_opens(words: list[str], verb: int) -> int | None:
    """Where the auxiliary stands that opens a verb's subject ("did the company hold"),
    within four words before the verb."""
    return next(
        (at for at in range(verb - 1, max(verb - 5, -1), -1) if words[at].lower() in _AUXILIARY),
        None,
    )


def _last_content_word(words: list[str], measure: frozenset[str]) -> str | None:
    from verify_ask.text.normalize.units import currency_code, unit_token

    light = _light_stems()
    for position in range(len(words) - 1, -1, -1):
        raw = words[position].strip("'-.,")
        word = raw.lower()
        if word in _FRAMING_VERBS or word in measure:
            opens = _subject_opens(words, position)
            asked = None if opens is None else _last_content_word(words[:opens], measure)
            if asked is not None:
                return asked
            if word in measure:
                continue
            # Nothing is named before the subject ("How much did the LM carry?"): the verb
            # is what the question asks about, unless it is light.
        if not word or word[:1].isdigit() or word in STOPWORDS:
            continue
        if is_code(raw):
            continue  # the names rule asks for it
        stemmed = stem(word)
        if stemmed not in light and unit_token(word) is None and currency_code(word) is None:
            return stemmed
    return None


# "It was not until 1823 that...", "not completed until 1769", "not only", "no less than":
# the sentence asserts the figure.
_NOT_A_DENIAL = re.compile(
    r"\s*(?:only|just|less than|more than|fewer than|later than|earlier than)\b"
    r"|[^.;:]*?\buntil\b",
    re.IGNORECASE,
)


def negates(text: str, start: int = 0, end: int | None = None) -> bool:
    """Whether ``text[start:end]`` denies what it says: a negation that is not the start of
    "not until", "not only" or "no less than"."""
    end = len(text) if end is None else end
    return any(
        not _NOT_A_DENIAL.match(text, match.end(), end)
        for match in NEGATION.finditer(text, start, end)
    )


_CAPITALIZED = re.compile(r"\b(?:[A-Z][A-Za-z0-9'\-]*[A-Za-z0-9]|[A-Z](?![\w.'\-]))")


def is_code(name: str) -> bool:
    """A name holding a digit, a hyphen or an ampersand ("AS-201", "S-IVB", "PP&E"): it is
    kept and matched as written (or, for an ampersand, spelled out), since the source's word
    index splits it."""
    return any(c.isdigit() or c in "-&" for c in name)


_AMPERSANDED = re.compile(r"\b[A-Z]{1,4}(?:&[A-Z]{1,4})+\b")
"""An abbreviation joined by an ampersand ("PP&E", "R&D", "SG&A", "AT&T"): one name, which a
filing writes spelled out as often ("property, plant and equipment")."""


_IN_BEFORE = re.compile(r"\bin\s+$", re.IGNORECASE)


def _names(text: str) -> tuple[str, ...]:
    """Stems of capitalized words; a code with digits or a hyphen ("AS-201") stays whole.
    A capital letter alone is a name, a stopword's spelling or not ("Y genomes", "Block I");
    the currency asked in ("in Euros") names nothing. A sentence's opening word is no name,
    where the source's splitter says a sentence opens: not after an initial or a title ("J.I.
    Pontanus", "Dr. Smith")."""
    from verify_ask.text.normalize.units import currency_code
    from verify_ask.text.source import Source

    openings = set(Source(text).sentence_starts)
    seen: dict[str, None] = {}
    joined = [(m.start(), m.end()) for m in _AMPERSANDED.finditer(text)]
    named = [(m.start(), m.group()) for m in _CAPITALIZED.finditer(text)
             if not any(s <= m.start() < e for s, e in joined)]
    for start, written in sorted(named + [(s, text[s:e]) for s, e in joined]):
        if start in openings and "&" not in written:
            continue
        word = written.lower()
        if word in STOPWORDS and len(word) > 1:
            continue
        if currency_code(word) and _IN_BEFORE.search(text, 0, start):
            continue
        seen.setdefault(word if is_code(word) else stem(word), None)
    return tuple(seen)


# A proportion is asked in percent too: an amount ("$2,010") is no proportion of anything.
_PERCENT = re.compile(r"\b(percent|percentage|per cent|proportion)\b|%", re.IGNORECASE)
_UNIT_PHRASES = (
    re.compile(r"\bhow\s+(?:many|much)\s+([A-Za-z]+(?:\s+[A-Za-z]+){0,2})", re.IGNORECASE),
    re.compile(r"\bin\s+([A-Za-z]+(?:\s+[A-Za-z]+)?)\s*\??$", re.IGNORECASE),
)


_UNIT_QUALIFIERS = frozenset("total more fewer less additional extra".split())


def _named_unit(text: str) -> str | None:
    """A measurement unit or percent the question asks in; never a currency ("pounds")."""
    from verify_ask.text.normalize.units import unit_token

    if _PERCENT.search(text):
        return "%"
    for pattern in _UNIT_PHRASES:
        match = pattern.search(text)
        if not match:
            continue
        words = match.group(1).split()
        if len(words) > 1 and words[0].lower() in _UNIT_QUALIFIERS:
            words = words[1:]  # "how many total acres", "how many more miles"
        for phrase in (" ".join(words[:2]), words[0]):
            unit = unit_token(phrase)
            if unit is not None and len(phrase) > 2:
                return unit
    return None


_COUNTED = re.compile(r"\bhow\s+(?:many|much)\s+((?:[A-Za-z][A-Za-z'\-]*\s*){1,4})", re.I)
_NOT_A_NOUN = frozenset(
    "of do does did are is was were have has had can could would will in on at for to the a an "
    "been be may might should must".split()
)


def _counted(text: str) -> Counted:
    match = _COUNTED.search(text)
    written = match.group(1).split() if match else ()
    return Counted(
        written=tuple(takewhile(lambda word: word.lower() not in _NOT_A_NOUN, written)),
        many=HOW_MANY.search(text) is not None,
    )


def content_terms(text: str) -> tuple[str, ...]:
    """Stems of the words that carry meaning; a capitalized common word past the first one
    is kept, since it names something ("the amount of Other in 2018")."""
    seen: dict[str, None] = {}
    for position, raw in enumerate(_WORD.findall(text)):
        word = raw.strip("'-.,")
        lower = word.lower()
        named = position > 0 and word[:1].isupper()
        if lower and (lower not in STOPWORDS or named):
            seen.setdefault(stem(lower), None)
    return tuple(seen)


def fold(text: str) -> str:
    """The text with accented letters as their plain ones ("Möngke" -> "Mongke") and a
    typographic apostrophe as the typed one ("didn’t" -> "didn't"), one for one, so offsets
    into it are offsets into the text: questions and sources disagree about both, and the
    word patterns and word lists read ASCII."""
    return text.translate(_folding(text))


_APOSTROPHES = {ord("’"): "'", ord("‘"): "'"}


def _folding(text: str) -> dict[int, str]:
    table: dict[int, str] = {}
    for char in set(text):
        if ord(char) in _APOSTROPHES:
            table[ord(char)] = _APOSTROPHES[ord(char)]
            continue
        if char.isascii() or not char.isalpha():
            continue
        base = unicodedata.normalize("NFKD", char)[:1]
        if base.isascii() and base.isalpha():
            table[ord(char)] = base
    return table


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Snowball (Porter 2) stem: "founded"/"founding" -> "found"; digits lose separators."""
    if word[:1].isdigit():
        return word.replace(",", "")
    return _stemmer().stemWord(word)


_STEMMERS = threading.local()


def _stemmer():  # noqa: ANN202 - snowballstemmer has no type hints
    # One per thread: a stemmer keeps the word it works on in itself, and lines answered at
    # once (--jobs) stemming through one stemmer corrupted each other's words (IndexError).
    found = getattr(_STEMMERS, "english", None)
    if found is None:
        import snowballstemmer

        found = _STEMMERS.english = snowballstemmer.stemmer("english")
    return found
