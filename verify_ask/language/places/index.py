"""The place index and ``Place``, what one span's neighbourhood says of it: the scoring
(the question's rarer words near the figure, the noun the question counts after it) lives
here, over the source's words (``text``) and names (``naming``); the rules over a clause's
words live in ``times``, ``relations`` and ``measures``.

A place is scored when it is made; each other fact of it (``TextPlace``, ``TablePlace``) is
worked out when a rule first reads it, so a rival, read only for its score and for what it
measures and when, costs no more than that."""

from __future__ import annotations

import bisect
import re
from functools import cached_property

from verify_ask.language.events import (
    LIFE_EVENTS,
    dated_otherwise,
    dateline_dated_otherwise,
    dates_the_name,
    same_event,
    synonym_beside,
)
from verify_ask.language.lexicon import YEAR
from verify_ask.language.names import code_pattern
from verify_ask.language.places import measures, plans, times
from verify_ask.language.places.naming import NameIndex
from verify_ask.language.places.words import (
    CLAUSE_MARKS,
    WORD,
    beside,
    clause_around,
    conjunct_around,
    has_word,
    is_number,
    same_stem,
)
from verify_ask.language.question import Question, is_code, stem, stems_of
from verify_ask.text.line_items import meant_by
from verify_ask.text.normalize import Mention
from verify_ask.text.normalize.units import unit_token
from verify_ask.text.source import Source
from verify_ask.text.tables import tables_of
from verify_ask.values import DateValue

NEAR = 6
"""Words within this distance of the figure count fully; further ones count less."""
SENTENCE_GAP = 8
"""A word in the next or previous sentence counts as this many words further away."""
CLAUSE_GAP = 4
"""Each comma, semicolon or colon between a word and the figure adds this distance."""
NAME_SENTENCES = 1
"""How many sentences before the figure a name from the question may stand ("The Kalven
Report ... . The report, a two-page statement"); a name in a later sentence is what that
sentence is about, not this one."""
FOLLOWING = 6
"""How many words after a figure may name what it counts ("16,000 *tree species*")."""
COUNTED_WITHIN = 4
"""How many words after a figure may say that it counts something else than the question
asks ("88 private *schools*" for "how many students")."""
_BRACKET_REACH = 40
_ITEM_ENDS = frozenset("and or but while whereas".split())
_VERB_FORM = re.compile(r"^[a-z]{2,}(?:ed|ing)$")
_PAST_TENSE = re.compile(r"^[a-z]{2,}ed$")
_LINKING = frozenset("to and or of the than from".split())
_CONJUNCTIONS = frozenset({"and", "or", "but"})
_LIFE_EVENTS = {word: event for event, words in LIFE_EVENTS.items() for word in stems_of(words)}


class Place:
    """How well one span answers the question (``score``: the question's words near it, and
    whether it names what the question counts), and the facts of its neighbourhood that both
    kinds of place read, each their own way, that would make it answer another question. A
    kind works each fact out when a rule first reads it; a fact a kind does not read keeps
    the value given here, which lets the figure answer. What only the text says around a
    figure, the place rules read from a ``TextPlace``'s sentence and clause."""

    missing_names: tuple[str, ...] = ()
    """Names from the question that appear neither in the figure's sentence nor next to it."""
    has_predicate: bool = True
    """The question's predicate ("founded") stands in the figure's sentence or the one before."""
    totals: bool = True
    """False when the question asks for a total and the figure is not one: a table cell
    outside the total row or column, or a figure whose clause does not say "total"."""
    states_derivation: bool = True
    """For an arithmetic question: the figure's clause or labels say it is the derived figure
    ("increased by", a "Change (%)" column)."""
    counts: str | None = None
    """What the words right after the figure say it measures, when that is not what the
    question asks for: "88 *schools*" for "how many students", "300 km *long*" for "how
    wide"."""
    sums_the_row_asked: bool = False
    """A table's "Total X" row when the question asks for X and the table has an X row."""
    part_of_the_row_total: bool = False
    """A cell under a column the question does not name ("1–90 days") in a row that has a
    "Total" column: asked for the row alone, the total is meant."""
    other_time: str | None = None
    """The time the figure's clause gives it for, when the question asks about another: a
    year ("at 31 December 2019 totalled £13.0 million" for 2018), or "the start" ("started
    with six employees" for "how many employees does it have")."""
    plan_mismatch: str | None = None
    """Why the figure is a plan where the question asks what came about ("our target of 1.2
    million" for how many came), or the other way round (``plans.plan_mismatch``)."""

    dated_otherwise: str | None = None
    """The words that give the question's event another date of the figure's sentence, when
    the figure is another event's ("founded in 1861 and *opened in 1865*" for 1861, asked when
    the school opened)."""

    def __init__(self, proximity: float, names_target: bool) -> None:
        self.proximity = proximity
        self.names_target = names_target

    @property
    def score(self) -> float:
        return min(1.0, self.proximity + (0.25 if self.names_target else 0.0))


class TablePlace(Place):
    """A table cell: about its row label and column header, wherever they stand."""

    def __init__(
        self, index: PlaceIndex, question: Question, labels: list[str], start: int
    ) -> None:
        self._index, self._question, self._labels, self._start = index, question, labels, start
        words = self._stems = {stem(w.lower()) for label in labels for w in WORD.findall(label)}
        # A row captioned as statements caption what the question calls otherwise
        # ("Purchases of property, plant and equipment" for "capital expenditure") writes it.
        words |= {stem(w) for w in meant_by(question.text, " ".join(labels), index.source)}
        total = found = 0.0
        for term in question.terms:
            weight = index.weight(term)
            total += weight
            found += weight * any(same_stem(word, term) for word in words)
        super().__init__(
            found / total, any(same_stem(w, noun) for w in words for noun in question.counted.stems)
        )

    @cached_property
    def missing_names(self) -> tuple[str, ...]:
        question, label_text = self._question, " ".join(self._labels)
        return tuple(
            name
            for name in question.names
            if not self._index._is_topic(question, name)
            and not (
                code_pattern(name).search(label_text)
                if is_code(name)
                else any(same_stem(w, name) for w in self._stems)
            )
        )

    @cached_property
    def has_predicate(self) -> bool:
        predicate = self._question.predicate
        return predicate is None or any(same_stem(w, predicate) for w in self._stems)

    @cached_property
    def totals(self) -> bool:
        # A table's total has its own row or column; any other cell is a part of it, and a
        # total the table lacks must be computed (the arithmetic checker's job).
        return not self._question.total or (
            any(w in measures.TOTAL_STEMS for w in self._stems)
            and not times.one_of_years(self._question, self._labels)
        )

    @cached_property
    def sums_the_row_asked(self) -> bool:
        return not self._question.total and self._index._totals_a_row(self._labels[0])

    @cached_property
    def counts(self) -> str | None:
        return measures.counts_unlabelled(self._question, self._labels, self._stems)

    @cached_property
    def part_of_the_row_total(self) -> bool:
        return measures.part_of_the_row_total(self._question, self._columns)

    @cached_property
    def other_time(self) -> str | None:
        return times.other_year(self._question, " ".join(self._labels[1:])) or (
            self._latest_asked_earlier()
        )

    @cached_property
    def plan_mismatch(self) -> str | None:
        columns = self._columns
        return None if columns is None else plans.column_mismatch(self._question, *columns)

    def _latest_asked_earlier(self) -> str | None:
        columns = self._columns
        return None if columns is None else times.latest_asked_earlier(self._question, *columns)

    @cached_property
    def _columns(self) -> tuple[str, list[str]] | None:
        """The cell's column headers, and those of its row's other columns."""
        return tables_of(self._index.source).columns_at(self._start)

    @cached_property
    def states_derivation(self) -> bool:
        return measures.states_derivation(self._stems, self._question)


class TextPlace(Place):
    """A figure in the text: about the question's words near it, in its sentence and clause."""

    def __init__(
        self, index: PlaceIndex, question: Question, start: int, end: int, strict: bool
    ) -> None:
        self._index, self._question = index, question
        self.start, self.end = start, end
        words = index._words
        self._first = bisect.bisect_left(words.starts, start)
        self._last = bisect.bisect_left(words.starts, end)  # first word after the span
        sentences = words.sentences
        self._here = sentences[min(self._first, len(sentences) - 1)] if sentences else 0
        super().__init__(self._proximity(strict), self._names_target())

    def _proximity(self, strict: bool) -> float:
        """The share of the question's term weight near the figure."""
        index, question, first, last, here = (
            self._index, self._question, self._first, self._last, self._here,
        )  # fmt: skip
        _, stems, sentences, marks_before = index._words
        total = found = 0.0
        kind = index._kind_at(self.start, self.end) if strict else None
        window_start = max(0, first - 4 * NEAR)
        window_end = min(len(stems), last + 4 * NEAR)
        for term in question.terms:
            weight = index.weight(term)
            total += weight
            if self._life_event is not None and _LIFE_EVENTS.get(term) == self._life_event:
                found += weight
                continue
            if self._given_for is not None and term == self._given_for:
                found += weight
                continue
            best = 0.0
            for position in range(window_start, window_end):
                if not same_stem(stems[position], term):
                    continue
                if first <= position < last:
                    # Read strictly, the figure's own unit is its word ("33 feet" for "in
                    # feet"), whoever else's conjunct writes it too.
                    best = 1.0 if strict else best
                    continue
                gap = abs(sentences[position] - here)
                if gap > 1:
                    continue
                if strict and index._another_between(position, first, last, kind):
                    continue
                if strict and index._in_another_conjunct(position, first, last, kind):
                    continue
                lo, hi = (position + 1, first) if position < first else (last, position)
                marks = marks_before[hi] - marks_before[lo]
                words = hi - lo + 1 - marks
                distance = words + CLAUSE_GAP * marks + SENTENCE_GAP * gap
                best = max(best, 1.0 if distance <= NEAR else NEAR / distance)
            found += weight * best
        return found / total if total else 0.0

    def _names_target(self) -> bool:
        stems, sentences = self._index._words.stems, self._index._words.sentences
        return any(
            same_stem(stems[i], noun)
            for i in range(self._first, min(self._last + FOLLOWING, len(stems)))
            if sentences[i] == self._here
            for noun in self._question.counted.stems
        )

    @property
    def text(self) -> str:
        """The source's text, accents folded (``TextIndex.text``)."""
        return self._index.text

    @property
    def words_before(self) -> list[str]:
        """The stems of the two words before the figure."""
        return self._index._words.stems[max(0, self._first - 2) : self._first]

    def is_topic(self, name: str) -> bool:
        """Whether the name is what the whole text is about (``NameIndex``)."""
        return self._index._is_topic(self._question, name)

    def names_here(self, name: str) -> bool:
        """Whether the figure's sentence names the question's name, however written."""
        return self._here in self._index.name_sentences(self._question, name)

    @cached_property
    def _life_event(self) -> str | None:
        """A life's brackets say "born" and "died" by where the date stands in them."""
        return self._index._life_event(self._question, self.start, self.end)

    @cached_property
    def _given_for(self) -> str | None:
        """ "$36.5 million, $2.1 million and $3.7 million ... in 2019, 2018 and 2017,
        respectively": the first is 2019's, however far the year stands."""
        return self._index._respective_year(self.start, self.end)

    @cached_property
    def sentence(self) -> tuple[int, int]:
        """Where the figure's sentence starts and ends."""
        source = self._index.source
        return source.sentences[self._here] if source.sentences else (0, 0)

    @property
    def sentence_text(self) -> str:
        return self._index.text[self.sentence[0] : self.sentence[1]]

    @cached_property
    def clause(self) -> tuple[int, int]:
        """Where the figure's clause starts and ends (``words.clause_around``)."""
        return clause_around(self._index.text, self.start, self.end, *self.sentence)

    @cached_property
    def conjunct(self) -> tuple[int, int]:
        """The part of the figure's clause that words joining another clause bound
        (``words.conjunct_around``): where a denial is the figure's."""
        return conjunct_around(self._index.text, self.start, self.end, *self.clause)

    @property
    def clause_text(self) -> str:
        text, (start, end) = self._index.text, self.clause
        return text[start:end]

    @property
    def beside_clause(self) -> str:
        """The figure's sentence without its clause: what the rest of the sentence says."""
        text, (clause_start, clause_end) = self._index.text, self.clause
        sentence_start, sentence_end = self.sentence
        return f"{text[sentence_start:clause_start]} {text[clause_end:sentence_end]}"

    @cached_property
    def _clause_without_figure(self) -> str:
        """The figure's clause around it, after the year that labels it, if one does."""
        text, (clause_start, clause_end) = self._index.text, self.clause
        # "(2018: £12.4 million)": the year before the colon is the figure's.
        label = text[max(0, clause_start - 5) : clause_start + 1]
        clause_text = label if times.YEAR_LABEL.search(label) else ""
        return clause_text + text[clause_start : self.start] + text[self.end : clause_end]

    @cached_property
    def _clause_before(self) -> list[str]:
        words = self._index._words
        return words.stems[bisect.bisect_left(words.starts, self.clause[0]) : self._first]

    @cached_property
    def _clause_stems(self) -> list[str]:
        words = self._index._words
        after = words.stems[self._last : bisect.bisect_left(words.starts, self.clause[1])]
        return self._clause_before + after

    @property
    def told_in_clause(self) -> list[str]:
        """The stems of the figure's clause, the figure's own words left out."""
        return self._clause_stems

    @cached_property
    def told(self) -> list[str]:
        """The stems of the figure's sentence and the one before."""
        words = self._index._words
        before = slice(
            bisect.bisect_left(words.sentences, self._here - 1),
            bisect.bisect_right(words.sentences, self._here),
        )
        return words.stems[before]

    @cached_property
    def missing_names(self) -> tuple[str, ...]:
        index, question, here = self._index, self._question, self._here
        nearby = set(range(here - NAME_SENTENCES, here + 1))
        if index._names_another(question, here):
            nearby = {here}
        return tuple(
            name
            for name in question.names
            if not index._is_topic(question, name)
            and not nearby & index.name_sentences(question, name)
            and not index._goes_on_about(name, here)
        )

    @cached_property
    def has_predicate(self) -> bool:
        index, question, here = self._index, self._question, self._here
        predicate = question.predicate
        return (
            predicate is None
            or has_word(self.told, predicate)
            or (predicate in question.names and index._name_here(question, predicate, here))
            or (self._life_event is not None and _LIFE_EVENTS.get(predicate) == self._life_event)
            or same_event(predicate, self.told)
            or synonym_beside(predicate, self._clause_before, index._words_beyond(here, self._last))
            or dates_the_name(question, index.text, self.start, self.end)
        )

    @cached_property
    def totals(self) -> bool:
        return not self._question.total or any(
            word in measures.TOTAL_STEMS for word in self._clause_stems
        )

    @cached_property
    def states_derivation(self) -> bool:
        stems = beside(self._index._words.stems, self._first, self._last)
        return measures.states_derivation(stems, self._question)

    @cached_property
    def counts(self) -> str | None:
        return self._index._counts(
            self._question, self._here, self._last
        ) or measures.other_dimension(self._question, self._clause_stems)

    @cached_property
    def dated_otherwise(self) -> str | None:
        if self._question.expects != "date":
            return None
        start, end = self.sentence
        spans = self._index.date_spans
        dates = spans[bisect.bisect_left(spans, (start,)) : bisect.bisect_left(spans, (end,))]
        figure = (self.start, self.end)
        return dateline_dated_otherwise(
            self.text, self.sentence, figure, dates
        ) or dated_otherwise(self._question, self.text, self.sentence, figure, dates)

    @cached_property
    def plan_mismatch(self) -> str | None:
        sentence_start = self.sentence[0]
        others = [
            (m.start - sentence_start, m.end - sentence_start)
            for m in self._index.figures_beside(self.start, self.end)
            if (m.start, m.end) != (self.start, self.end)
        ]
        figure = (self.start - sentence_start, self.end - sentence_start)
        return plans.plan_mismatch(self._question, self.sentence_text, figure, others)

    @cached_property
    def other_time(self) -> str | None:
        clause = self._clause_without_figure
        opener = times.dated_by_opening(
            self.sentence_text, clause, self.clause[0] - self.sentence[0]
        )
        if opener is not None:
            clause = f"{opener} {clause}"
        sentence_start = self.sentence[0]
        figure = (self.start - sentence_start, self.end - sentence_start)
        return (
            self._index._other_time(self._question, self.end, self._given_for, clause)
            or times.compared_periods(
                self._question,
                self.sentence_text,
                figure,
                (self.clause[0] - sentence_start, self.clause[1] - sentence_start),
            )
            or self._change_start()
            or times.outside_the_report(self._question, self._index.reported_year, self._told_text)
            or times.period_named_before(self._question, clause, self._told_text)
        )

    @property
    def _told_text(self) -> str:
        """The figure's sentence and the one before."""
        source = self._index.source
        start = source.sentences[self._here - 1][0] if self._here > 0 else self.sentence[0]
        return self._index.text[start : self.sentence[1]]

    def _change_start(self) -> str | None:
        """The level before a change the figure starts ("rise from $14.82 to $15.21"), when
        the question asks for the level after it."""
        if self.words_before[-1:] != ["from"]:
            return None
        if not times.asks_where_a_change_ends(self._question):
            return None
        beside = self._index.figures_beside(self.start, self.end)
        own = next((m for m in beside if (m.start, m.end) == (self.start, self.end)), None)
        to = None if own is None else measures.change_runs_to(self._index.text, beside, own)
        return None if to is None else f"the level before the change to {to.surface!r}"


class PlaceIndex(NameIndex):
    """Where each figure of a source stands relative to what a question asks (cached per
    question)."""

    def __init__(self, source: Source) -> None:
        super().__init__(source)
        self._places_of: Question | None = None
        self._places: dict[tuple[int, int, bool], Place] = {}

    @cached_property
    def date_spans(self) -> list[tuple[int, int]]:
        """Where the source's dates stand, in order: read per date place, so sorted once."""
        return sorted(
            {(m.start, m.end) for m in self.source.mentions if isinstance(m.value, DateValue)}
        )

    def may_answer(self, question: Question, start: int) -> bool:
        """False when no question term stands within a sentence of ``start`` and it is no
        table cell: such a place scores nothing, so rivals need not be scored there."""
        if tables_of(self.source).labels_at(start) is not None:
            return True
        here = self.source.sentence_index(start)
        return any(
            sentence in self.sentences_with(term)
            for term in question.terms
            for sentence in (here - 1, here, here + 1)
        )

    def place(self, question: Question, start: int, end: int, strict: bool = False) -> Place:
        """How well the figure at ``start:end`` answers the question. ``strict`` counts a
        question word only for the figure of its kind on its own side: in "4 Han Tumens and
        3 Khitan Tumens" "Khitan" is the 3's, not the 4's, and in "an office in Montreal in
        September 2021 and a plant in Porto on 2 May 2022" "Porto" is the second date's (for
        deciding between two figures); the figure's own unit counts as its word."""
        # Every candidate's check scores the same figures again, as rivals and operands.
        # One question's places are kept: a batch asks many questions of one source.
        if self._places_of is not question and self._places_of != question:
            self._places_of, self._places = question, {}
        cache = self._places
        key = (start, end, strict)
        if key not in cache:
            labels = tables_of(self.source).labels_at(start)
            if not question.terms:
                cache[key] = Place(0.0, False)
            elif labels is not None:
                cache[key] = TablePlace(self, question, labels, start)
            else:
                cache[key] = TextPlace(self, question, start, end, strict)
        return cache[key]

    def _totals_a_row(self, label: str) -> bool:
        """Whether a row labelled "Total other operating expenses" sums a row the table
        also has, "Other operating expenses"."""
        words = [stem(w.lower()) for w in WORD.findall(label)]
        if not any(w in measures.TOTAL_STEMS for w in words):
            return False
        rest = {w for w in words if w not in measures.TOTAL_STEMS}
        return any(
            {stem(w.lower()) for w in WORD.findall(other)} == rest
            for other, _ in tables_of(self.source).body_rows()
        )

    @cached_property
    def _figures(self) -> dict[str, list[tuple[int, int]]]:
        """Each kind's figures as word spans (first word, first word after), in text order.
        A figure's twin in brackets ("1,230 km (760 mi)") is left out: it is the same one."""
        starts = self._words.starts
        spans: dict[str, list[tuple[int, int]]] = {}
        previous_end = -1
        for mention in sorted(self.source.mentions, key=lambda m: m.start):
            twin = self.text[previous_end : mention.start].strip() == "("
            previous_end = max(previous_end, mention.end)
            if twin:
                continue
            first = bisect.bisect_left(starts, mention.start)
            last = bisect.bisect_left(starts, mention.end)
            spans.setdefault(mention.value.kind, []).append((first, last))
        return spans

    def figures_beside(self, start: int, end: int) -> list[Mention]:
        """The figures of the same kind as the one at ``start:end`` in its sentence, in text
        order, itself among them."""
        sentence_start, sentence_end = self.source.sentence_around(start, end)
        kind = self._kind_at(start, end)
        mentions, starts = self.source.mentions, self._mention_starts
        first = bisect.bisect_left(starts, sentence_start)
        last = bisect.bisect_left(starts, sentence_end)
        return sorted(
            (m for m in mentions[first:last] if m.end <= sentence_end and m.value.kind == kind),
            key=lambda m: m.start,
        )

    @cached_property
    def _mention_starts(self) -> list[int]:
        """Where each of the source's mentions starts: the scanner gives them in text order."""
        return [m.start for m in self.source.mentions]

    @cached_property
    def _respectively(self) -> frozenset[int]:
        """The sentences that say "respectively" (read once: asked at every place)."""
        return frozenset(
            self.source.sentence_index(match.start())
            for match in times.RESPECTIVELY.finditer(self.text)
        )

    def _respective_year(self, start: int, end: int) -> str | None:
        """The year a "respectively" sentence gives the figure for (``times``)."""
        if self.source.sentence_index(start) not in self._respectively:
            return None
        sentence_start, sentence_end = self.source.sentence_around(start, end)
        figures = [
            (m.start - sentence_start, m.end - sentence_start)
            for m in self.figures_beside(start, end)
        ]
        sentence = self.text[sentence_start:sentence_end]
        return times.respective_year(sentence, figures, start - sentence_start)

    @cached_property
    def reported_year(self) -> str | None:
        return times.reported_year(self.text)

    def _other_time(
        self, question: Question, end: int, given_for: str | None, clause: str
    ) -> str | None:
        """The year or moment the figure ending at ``end`` is given for, when the question
        asks about another: the year of its rank in a "respectively" list (``given_for``)
        decides over the years its clause names."""
        if given_for is not None:
            asked = set(YEAR.findall(question.text))
            return None if len(asked) != 1 or given_for in asked else given_for
        return (
            times.before_bracketed_year(question, self.text[end : end + _BRACKET_REACH])
            or times.other_year(question, clause)
            or times.other_day(question, clause)
            or times.earlier(question, clause)
            or times.months_run(question, clause)
        )

    def _kind_at(self, start: int, end: int) -> str | None:
        mentions = self.source.mentions
        for mention in mentions[bisect.bisect_left(self._mention_starts, start) :]:
            if mention.start != start:
                break
            if mention.end == end:
                return mention.value.kind
        return None

    def _another_between(self, index: int, first: int, last: int, kind: str | None) -> bool:
        """Whether another figure of ``kind`` stands between the word at ``index`` and the
        figure at ``first:last``."""
        lo, hi = (index + 1, first) if index < first else (last, index)
        stems = self._words.stems
        for a, b in self._figures.get(kind or "", ()):
            if not (lo <= a and b <= hi) or (a, b) == (first, last):
                continue
            # "from 90% to 60%", "1115–1234", "one of the seven": one phrase, no other figure.
            gap = stems[b:first] if b <= first else stems[last:a]
            if any(word not in _LINKING for word in gap):
                return True
        return False

    def _in_another_conjunct(self, index: int, first: int, last: int, kind: str | None) -> bool:
        """Whether the word at ``index`` stands in another conjunct of the figure's sentence,
        one with a figure of ``kind`` of its own: in "an office in Montreal in September 2021
        *and* a plant in Porto on 2 May 2022", "Porto" is the second date's and "opened" the
        first's. A word of another sentence is the text's topic, no conjunct's."""
        sentences, conjuncts = self._words.sentences, self._conjuncts
        nearest = first if index < first else last - 1  # the figure's end that faces the word
        if not 0 <= nearest < len(conjuncts) or sentences[nearest] != sentences[index]:
            return False
        here = conjuncts[index]
        return here != conjuncts[nearest] and any(
            conjuncts[a] == here == conjuncts[b - 1] and (a, b) != (first, last)
            for a, b in self._figures.get(kind or "", ())
            if b <= len(conjuncts)
        )

    @cached_property
    def _conjuncts(self) -> list[int]:
        """Each word's conjunct, numbered through the text: a new one opens at every
        sentence and at every "and", "or" or "but" (which opens the one it stands in)."""
        stems, sentences = self._words.stems, self._words.sentences
        numbers: list[int] = []
        number = 0
        for position, word in enumerate(stems):
            if position and (
                word in _CONJUNCTIONS or sentences[position] != sentences[position - 1]
            ):
                number += 1
            numbers.append(number)
        return numbers

    def _life_event(self, question: Question, start: int, end: int) -> str | None:
        """ "born" or "died" when the date stands in the brackets of a life the question
        names ("John Gallagher (1919–1980)"); None elsewhere."""
        found = times.lifespan_role(self.text, start, end)
        if found is None:
            return None
        role, opened = found
        before = self.text[max(0, opened - 40) : opened]
        named = {stem(word.lower()) for word in WORD.findall(before)[-3:]}
        return role if named & set(question.names) else None

    def _counts_unasked(
        self, after: list[str], raw: list[str], question: Question, here: int, last: int
    ) -> int | None:
        """The noun right after a figure when the question counts something its sentence
        never names near it ("how many janitors": "63,519 full-time *teachers*"; "how many
        citizens": "two public *agencies*" in a sentence that speaks of a citizen in another
        clause)."""
        following, _ = measures.nouns_after(after)
        head = question.counted.head
        if not following or head is None:
            return None
        _, stems, sentences, _ = self._words
        lo, hi = max(0, last - 2 * NEAR), min(len(stems), last + 2 * NEAR)
        window = [i for i in range(lo, hi) if sentences[i] == here]
        # "eight electorates with each electorate *represented* by": a verb's stem is the
        # head's, and it names no representatives.
        if any(
            (same_stem(stems[i], head) or stems[i].endswith(head))  # "gigatons" are tons
            and not _VERB_FORM.match(self._written(i).lower())
            and (i < last + len(following) or not self._counted_elsewhere(i, last))
            for i in window
        ):
            return None
        if unit_token(raw[following[-1]].lower()) is not None:
            return None
        return following[-1]

    def _counted_elsewhere(self, index: int, last: int) -> bool:
        """Whether another figure than the one ending before word ``last`` counts the word at
        ``index``: "44 members elected from 22 two-member *districts*" does not say there are
        44 districts."""
        stems = self._words.stems
        for before in range(index - 1, max(-1, index - 3), -1):
            if is_number(stems[before]):
                return before != last - 1
        return False

    def item_words(self, start: int, end: int, asked: tuple[str, ...] = ()) -> list[str]:
        """The stems that follow the figure as its own item of a list, up to a comma, a
        conjunction or the next figure ("1,548 *public schools*, 489 *Catholic schools*");
        a number among ``asked`` is no figure there."""
        starts, stems, sentences, _ = self._words
        last = bisect.bisect_left(starts, end)
        if last >= len(stems):
            return []
        here = sentences[last]
        item: list[str] = []
        for index in range(last, min(len(stems), last + FOLLOWING)):
            word = stems[index]
            if sentences[index] != here or word in CLAUSE_MARKS or word in _ITEM_ENDS:
                break
            if is_number(word) and word not in asked:
                break
            item.append(word)
        return item

    def noun_after(self, start: int, end: int) -> str | None:
        """The noun right after the figure at ``start:end`` (as the text writes it), when
        one says what it counts and is no unit ("42 intercollegiate *sports*")."""
        starts, stems, sentences, _ = self._words
        first = bisect.bisect_left(starts, start)
        last = bisect.bisect_left(starts, end)
        if first >= len(stems):
            return None
        after = self._words_after(sentences[first], last)
        following, _ = measures.nouns_after([stems[index] for index in after])
        if not following:
            return None
        noun = self._written(after[following[-1]])
        # "415,000 to 587,000 square *kilometres*": the range's unit, written after it.
        return None if unit_token(noun.lower()) is not None else noun

    def _counts(self, question: Question, here: int, last: int) -> str | None:
        """The word after the figure (as the text writes it) that says it measures something
        other than what the question asks for."""
        stems = self._words.stems
        after = self._words_after(here, last)
        found = measures.counts_other([stems[index] for index in after], question)
        if found is None:
            words = [self._written(index) for index in after]
            found = self._counts_unasked([stems[i] for i in after], words, question, here, last)
        if found is None:
            return None
        return self._written(after[found])

    def _words_beyond(self, here: int, last: int) -> list[str]:
        """The stems after a figure that ends before word ``last``, in its sentence, clause
        marks left out."""
        stems, sentences = self._words.stems, self._words.sentences
        beyond: list[str] = []
        for index in range(last, len(stems)):
            if sentences[index] != here or len(beyond) == NEAR:
                break
            if stems[index] not in CLAUSE_MARKS:
                beyond.append(stems[index])
        return beyond

    def _words_after(self, here: int, last: int) -> list[int]:
        """The words that may say what the figure ending before word ``last`` counts: a few,
        in its sentence, up to a past tense ("16 national science academies *issued*")."""
        stems, sentences = self._words.stems, self._words.sentences
        after: list[int] = []
        for index in range(last, min(last + COUNTED_WITHIN, len(stems))):
            if sentences[index] != here or (after and _PAST_TENSE.search(self._written(index))):
                break
            after.append(index)
        return after
