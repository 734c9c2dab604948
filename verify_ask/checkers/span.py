"""The ``span`` checker: the value occurs in the source, at the place the question points to.

Values are compared typed and exactly ("14 March 2009" finds "March 14, 2009"; "48.2" never
finds "48.3"). Presence alone verifies little (most passages hold many figures, and a small
model's wrong answer is usually one of them), so the check passes only when

- the value's kind fits the question (a date for "when"), and a unit the question names
  ("how many miles") does not contradict the figure's unit in the source;
- the best place the value occurs is about the question: the question's words stand close
  to it (score at least ``min_relevance``);
- no other figure of the same kind sits at a clearly better place (``margin``), and when
  one sits about as well, the model prefers this one (``_prefers``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from verify_ask import defaults
from verify_ask.candidates import Candidate
from verify_ask.checkers.base import CheckContext, CheckResult, Evidence, evidence_at
from verify_ask.checkers.registry import register
from verify_ask.names import another_name
from verify_ask.normalize import Mention, find_values
from verify_ask.normalize.units import CURRENCY_CODES, CURRENCY_SYMBOLS
from verify_ask.places import YEAR, Place
from verify_ask.places.measures import how_many_head
from verify_ask.places.words import same_stem
from verify_ask.question import LEAST, MOST, THRESHOLD, Question
from verify_ask.source import Source
from verify_ask.values import DateValue, Quantity, Value, consistent_date, same_value


def occurs_as(candidate: Value, found: Value) -> bool:
    """True when a figure found in the source is the candidate's value."""
    if isinstance(candidate, DateValue) and isinstance(found, DateValue):
        return consistent_date(candidate, found)
    if isinstance(candidate, Quantity) and isinstance(found, Quantity):
        return same_value(candidate, found)
    return False


class SpanChecker:
    name = "span"
    description = "the value occurs in the source, at the place the question points to"

    def check(self, candidate: Candidate, context: CheckContext) -> CheckResult:
        source, question = context.source, context.question
        kind = question.expects or candidate.value.kind
        if candidate.value.kind != kind:
            return self._fail(f"the question asks for a {kind}, not a {candidate.value.kind}")
        refusal = _asks_otherwise(candidate.value, question, source)
        if refusal is not None:
            return self._fail(refusal)
        threshold = _setting(context, "min_relevance", defaults.MIN_RELEVANCE)
        margin = _setting(context, "margin", defaults.MARGIN)
        wanted, unit = question.unit, _unit_of(candidate.value)
        places = [m for m in source.mentions if occurs_as(candidate.value, m.value)]
        if not places:
            return self._fail("the value does not occur in the source")
        if unit is not None:
            # "42 years" is not "42 intercollegiate sports": a bare figure that a noun follows.
            nouns = [
                None if _unit_of(m.value) else source.places.noun_after(m.start, m.end)
                for m in places
            ]
            if all(nouns):
                return self._fail(
                    f"the source says what it counts ({nouns[0]!r}), and the answer is in {unit}"
                )
            places = [m for m, noun in zip(places, nouns, strict=True) if noun is None]
        places = [
            m for m in places if _fits_unit(m.value, wanted, source.tables.labels_at(m.start))
        ]
        if not places:
            return self._fail(f"the value occurs in the source, but not in {wanted}")
        if kind == "number":
            years = _year_places(source)
            places = [m for m in places if (m.start, m.end) not in years]
            if not places:
                return self._fail("the value occurs in the source only as a year")
        index = source.places
        scored = sorted(
            ((index.place(question, m.start, m.end), m) for m in places),
            key=lambda pair: -pair[0].score,
        )
        measuring = [pair for pair in scored if pair[0].counts is None]
        if not measuring:
            place, mention = scored[0]
            return self._fail(
                f"the source says what it measures ({place.counts!r}), and that is not what "
                "the question asks for",
                place.score,
                (evidence_at(source, mention.start, mention.end),),
            )
        # "at 31 December 2019 is £3.5 million (2018: £3.5 million)": for 2018, the second.
        of_the_year = [pair for pair in measuring if pair[0].other_time is None]
        scored = of_the_year or measuring
        best_place, best = scored[0]
        evidence = tuple(evidence_at(source, m.start, m.end) for _, m in scored[:3])
        rival = _best_rival(context, candidate.value, kind)
        where = f"found {len(places)} time(s); its best place scores {best_place.score:.2f}"
        sentence_start, sentence_end = source.sentence_around(best.start, best.end)
        asked = source.places.asked_names(question)
        other = another_name(asked, source.places.text[sentence_start:sentence_end])
        if other is not None:
            return self._fail(
                f"{where}, but that sentence names {other!r} instead", best_place.score, evidence
            )
        refusal = _place_refusal(best_place, question)
        if refusal is not None:
            return self._fail(f"{where}, but {refusal}", best_place.score, evidence)
        if best_place.score < threshold:
            return self._fail(f"{where}, under {threshold:.2f}", best_place.score, evidence)
        if rival is not None and rival[0].score > best_place.score + margin:
            rival_place, rival_mention = rival
            return self._fail(
                f"{where}, but {rival_mention.surface!r} scores {rival_place.score:.2f}",
                best_place.score,
                evidence,
            )
        if rival is not None and rival[0].score >= best_place.score - margin:
            # Two figures stand about as well: the model's wrong answer is usually the other
            # one, so the place cannot decide and the model must prefer this one (measured
            # in ``defaults``).
            rival_place, rival_mention = rival
            comparable = _unit_of(rival_mention.value) in (None, _unit_of(candidate.value))
            # In a list of what the question counts, its words name one item ("489
            # *Catholic* schools"): then the item decides, not the model.
            named = _named_item(question, source, best) if comparable else None
            if named is best:
                return CheckResult(
                    self.name, "pass", best_place.score, evidence, where, grounding=True
                )
            if named is not None:
                return self._fail(
                    f"{where}, but {rival_mention.surface!r} stands about as well "
                    f"({rival_place.score:.2f}) and the question names the item of "
                    f"{named.surface!r}",
                    best_place.score,
                    evidence,
                )
            # Read strictly, the question's words may belong to the rival alone ("4 Han
            # Tumens and 3 Khitan Tumens"): then the place decides, not the model.
            mine = index.place(question, best.start, best.end, strict=True).score
            theirs = index.place(question, rival_mention.start, rival_mention.end, strict=True)
            if comparable and theirs.score > mine + margin:
                return self._fail(
                    f"{where}, but {rival_mention.surface!r} stands about as well "
                    f"({rival_place.score:.2f}) and the question's words belong to it",
                    best_place.score,
                    evidence,
                )
            prefers, why = _prefers(candidate, rival_mention.value, context)
            if not prefers:
                return self._fail(
                    f"{where}, but {rival_mention.surface!r} stands about as well "
                    f"({rival_place.score:.2f}) and {why}",
                    best_place.score,
                    evidence,
                )
        return CheckResult(self.name, "pass", best_place.score, evidence, where, grounding=True)

    def _fail(
        self, detail: str, score: float = 0.0, evidence: tuple[Evidence, ...] = ()
    ) -> CheckResult:
        return CheckResult(self.name, "fail", score, evidence, detail, grounding=True)


def _asks_otherwise(value: Value, question: Question, source: Source) -> str | None:
    """Why the question cannot be asking for this value, whatever place it holds in the
    source: its kind, unit or wording asks for another, or the source lacks what the
    question presupposes. None when nothing rules it out."""
    wanted = question.unit
    if _compares_years(question, value):
        return (
            "the question asks which year holds the larger or smaller figure; that the "
            "text names the year does not say so"
        )
    if _names_it(question, value):
        return "the question itself names this value; it asks for another"
    if source.poses(question.asked):
        # A word problem: it states the data and asks for what follows from them
        # (SVAMP dev: every figure models copied out of the problem was wrong).
        return (
            "the source poses this question itself: its figures are the problem's data, "
            "and the answer must be computed from them"
        )
    premise = _missing_premise(question, source) or _missing_year(question, source.text)
    if premise is not None:
        return f"the question speaks of {premise!r}, and the source does not"
    asked = source.places.asked_names(question)
    mixed = next((written for written, _, whole in asked if not whole), None)
    if mixed is not None:
        return (
            f"the question names {mixed!r}, and the source writes those words only in other names"
        )
    unit = _unit_of(value)
    if _DURATION.search(question.text) and unit in _CURRENCIES:
        return "the question asks how long, and a sum of money is no duration"
    # "How many dollars" names no unit (pounds may be weight), so money may answer it.
    if _counts(question) and wanted is None and unit is not None and unit not in _CURRENCIES:
        measure = "a percentage" if unit == "%" else "a measure"
        return f"the question asks how many, and {measure} is no count"
    if wanted and unit not in (None, wanted):
        return f"the question asks in {wanted}, not {unit}"
    if unit == "%" and wanted is None and _AMOUNT.search(question.text):
        return "the question asks for an amount, and a percentage is a share of one"
    return None


def _place_refusal(place: Place, question: Question) -> str | None:
    """Why the figure's best place does not answer the question, in the order the rules
    are read (the first that applies), or None when none does."""
    if place.owner is not None:
        return f"the text gives it as {place.owner!r}'s"
    if place.listed is not None:
        return f"that sentence gives {place.listed!r} as one of what the figure counts"
    if place.span_end is not None:
        return f"the text gives it as {place.span_end} of a span, and the question asks the other"
    if place.reversed_relation is not None:
        return f"that sentence says {place.reversed_relation!r} the other way round"
    if place.level_for_change:
        return "the question asks how much it changed, and the text gives it as a level"
    if place.cutoff is not None:
        return f"the text ranks by it ({place.cutoff!r}), and the question asks for a count"
    if place.capacity is not None:
        return (
            f"the text gives it as a capacity ({place.capacity!r}), and the question asks for none"
        )
    if place.rate is not None:
        return f"the text gives it per {place.rate}, and the question asks for no such rate"
    if place.missing_relation is not None:
        return (
            f"the question asks about a {place.missing_relation} and that sentence tells of "
            "no one's"
        )
    if place.missing_names:
        return f"the question's names ({', '.join(place.missing_names)}) are not there"
    if not place.polarity_agrees:
        side = "is negated" if question.negated else "is not negated"
        return f"the question {side} and that sentence is the opposite"
    if place.opposite is not None:
        asked, said = place.opposite
        return f"the question asks {asked!r} and that sentence says {said!r}"
    if not place.has_predicate:
        return f"{question.predicate!r}, what the question asks about, is not there"
    if not place.totals:
        return "the question asks for a total and the source does not give this figure as one"
    if place.part_of_the_row_total:
        return "it is one column of a row with a total, and the question names no column"
    if place.sums_the_row_asked:
        return "it is the total of the row the question asks for"
    if place.other_time is not None:
        return f"the text gives it for {place.other_time}, and the question asks about another time"
    if place.stated_as_change and not question.wants_arithmetic:
        return "the source gives it as a change, and the question asks for an amount"
    if not place.states_derivation:
        return "the question asks for a computed figure and the source does not state it there"
    return None


_ORDINAL = re.compile(r"(?<=\d)(?:st|nd|rd|th)\b")
_WHICH_YEAR = re.compile(r"\bwhich\s+(?:fiscal\s+)?(?:year|fy|period)\b", re.I)
_HOW_MANY = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
_DURATION = re.compile(r"\b(duration|how long|what period|over what time)\b", re.IGNORECASE)
# "What is the revenue amount from sales into China": a sum, not its share of the total.
_AMOUNT = re.compile(r"\bamounts?\b", re.IGNORECASE)
_CURRENCIES = frozenset(CURRENCY_CODES.values()) | frozenset(CURRENCY_SYMBOLS.values())


@lru_cache(maxsize=256)
def _question_figures(text: str) -> tuple[Mention, ...]:
    """The figures a question writes (read once per question, not once per candidate)."""
    return tuple(find_values(text))


# "1015 kelvins", "2000 guests", "1013 times": a year is not followed by what it counts.
_COUNTED_AFTER = re.compile(r"\s+(?!(?:was|is|has|does|says|sees|as|its|his|this|thus)\b)[a-z]+s\b")
_YEAR_BEFORE = re.compile(
    r"\b(?:in|since|from|until|till|during|the)\s+$",
    re.IGNORECASE,
)


def _year_places(source: Source) -> set[tuple[int, int]]:
    """Where the source writes a year: a figure read as one, unless it counts things."""
    return {
        (m.start, m.end)
        for m in source.mentions
        if isinstance(m.value, DateValue) and not _counts_things(source.text, m)
    }


def _counts_things(text: str, mention: Mention) -> bool:
    """Whether a figure that reads as a year counts something instead ("2000 guests")."""
    if _YEAR_BEFORE.search(text, max(0, mention.start - 12), mention.start):
        return False
    return bool(_COUNTED_AFTER.match(text, mention.end))


def _compares_years(question: Question, value: Value) -> bool:
    """ "In which year is X larger?": a year's place in the text cannot tell (the comparison
    checker reads the figures of each year instead)."""
    return (
        isinstance(value, DateValue)
        and value.month is None
        and _WHICH_YEAR.search(question.text) is not None
        and bool(MOST.search(question.text)) != bool(LEAST.search(question.text))
        and not THRESHOLD.search(question.text)
    )


def _names_it(question: Question, value: Value) -> bool:
    """Whether the question writes the value as given ("the study confirming the 2001
    projections" is not from 2001), unless it offers choices ("Between 2018 and 2019,
    which year...")."""
    figures = _question_figures(question.text)
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


# "its five graduate divisions": a count in words that the text must give too. "One" is
# mostly a pronoun, and "five years after" an offset the question reckons from.
_COUNTED_IN_WORDS = re.compile(
    r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
    r"(?!(?:years?|months?|weeks?|days?|hours?|minutes?|decades?|centuries|times?|million"
    r"|billion|thousand|hundred)\b)[a-z]",
    re.IGNORECASE,
)


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
    for mention in _question_figures(question.text):
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


def _named_item(question: Question, source: Source, mine: Mention) -> Mention | None:
    """The figure whose item of a list the question names, when the figure's sentence lists
    what the question counts ("1,548 public schools, 489 Catholic schools and 214
    independent schools" for "how many Catholic schools": 489); None when no item names
    more of the question's words than every other."""
    head = how_many_head(question)
    if head is None:
        return None
    marks = [term for term in question.terms if term != head]

    def named(mention: Mention) -> int | None:
        # A number the question names may stand in an item ("its four graduate divisions").
        item = source.places.item_words(mention.start, mention.end, question.terms)
        if not any(same_stem(word, head) for word in item):
            return None
        return sum(any(same_stem(word, term) for word in item) for term in marks)

    items = [
        (count, mention)
        for mention in source.places.figures_beside(mine.start, mine.end)
        if (count := named(mention)) is not None
    ]
    if len(items) < 2 or not any(mention is mine for _, mention in items):
        return None
    items.sort(key=lambda pair: -pair[0])
    (best, mention), (runner_up, _) = items[0], items[1]
    return mention if best > runner_up else None


def _best_rival(context: CheckContext, value: Value, kind: str) -> tuple[Place, Mention] | None:
    """The best-placed figure of the same kind with another value, if any."""
    source, question = context.source, context.question
    dates = _year_places(source)
    best: tuple[Place, Mention] | None = None
    named = [m.value for m in _question_figures(question.text)]
    for mention in source.mentions:
        if mention.value.kind != kind or occurs_as(value, mention.value):
            continue
        if not _fits_unit(mention.value, question.unit):
            continue
        if any(occurs_as(mention.value, given) for given in named):
            continue  # the question's own figure ("from 90% to what?") is not what it asks
        if kind == "number" and (mention.start, mention.end) in dates:
            continue  # a bare year is a date's twin, no rival to a count
        if not source.places.may_answer(question, mention.start):
            continue
        place = source.places.place(question, mention.start, mention.end)
        if place.counts is not None or place.other_time is not None:
            continue
        if best is None or place.score > best[0].score:
            best = (place, mention)
    return best


def _counts(question: Question) -> bool:
    """Whether the question counts things ("how many loans"); "how much alcohol" may well be
    answered by a percentage."""
    return bool(question.target) and _HOW_MANY.search(question.text) is not None


def _prefers(candidate: Candidate, rival: Value, context: CheckContext) -> tuple[bool, str]:
    """Whether the model prefers the candidate to an equally placed rival, and why not.

    With a ranking: at least as many samples wrote it, and it holds ``contested_ratio``
    times the rival's share. Without one (HTTP backends), the vote alone must be
    ``contested_support``.
    """
    if context.ranking is None:
        needed = _setting(context, "contested_support", defaults.CONTESTED_SUPPORT)
        share = candidate.votes / context.total_samples if context.total_samples else 0.0
        return share >= needed, f"{share:.0%} of the samples wrote it; needs {needed:.0%}"
    ratio = _setting(context, "contested_ratio", defaults.CONTESTED_RATIO)
    rival_votes = sum(c.votes for c in context.candidates if occurs_as(c.value, rival))
    mine, theirs = context.ranking.share(candidate.value), context.ranking.share(rival)
    prefers = candidate.votes >= rival_votes and mine >= ratio * theirs
    return prefers, (
        f"the model prefers it too little ({candidate.votes} votes to {rival_votes}, ranking "
        f"share {mine:.0%} to {theirs:.0%}; needs as many votes and {ratio:g} times the share)"
    )


def _unit_of(value: Value) -> str | None:
    return value.unit if isinstance(value, Quantity) else None


def _fits_unit(value: Value, wanted: str | None, labels: list[str] | None = None) -> bool:
    """A figure fits a unit the question names when it has that unit or none at all.

    Percent is stricter: a question about a percentage is answered by a figure written
    as one, or by a table cell whose row or column is in percent ("Change (%)").
    """
    if wanted is None:
        return True
    unit = _unit_of(value)
    if wanted == "%":
        return unit == "%" or (unit is None and any("%" in label for label in labels or ()))
    return unit in (None, wanted)


def _setting(context: CheckContext, name: str, default: float) -> float:
    return float(context.settings.get(name, default))  # type: ignore[arg-type]


register(SpanChecker())
