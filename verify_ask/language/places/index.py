"""The place index and ``Place``, what one span's neighbourhood says of it: the scoring
(the question's rarer words near the figure, the noun the question counts after it) lives
here, over the source's words (``text``) and names (``naming``); the rules over a clause's
words live in ``times``, ``relations`` and ``measures``."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import cached_property

from verify_ask.language.events import LIFE_EVENTS, dates_the_name, same_event, synonym_beside
from verify_ask.language.lexicon import COMPLEMENT, YEAR
from verify_ask.language.names import code_pattern
from verify_ask.language.places import measures, relations, times
from verify_ask.language.places.naming import NameIndex
from verify_ask.language.places.words import (
    CLAUSE_MARKS,
    WORD,
    beside,
    clause_around,
    has_word,
    is_number,
    same_stem,
)
from verify_ask.language.question import Question, is_code, negates, stem, stems_of
from verify_ask.text.normalize import Mention
from verify_ask.text.normalize.units import unit_token
from verify_ask.text.source import Source
from verify_ask.text.tables import tables_of

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


# "Paris's population of 100,000", "Harvard's endowment, $37.6 billion": up to three words
# between the owner and the figure.
_OWNED_BY = re.compile(r"\b([A-Z][a-z]+)(?:'s|’s)\s+(?:[a-z]+,?\s+){1,3}$")
# "the resignation of Rajendra K. Pachauri in": the event of a name, just before the figure.
_EVENT_OF = re.compile(
    r"\bthe\s+([a-z]+)\s+of\s+([A-Z][\w'-]*(?:\s+(?:[A-Z]\.|[A-Z][\w'-]*))*)"
    r"\s*,?\s*(?:in|on|at)?\s*$"
)


@dataclass(frozen=True)
class Place:
    """How well one span answers the question: term proximity, and whether it names the target."""

    proximity: float
    names_target: bool
    missing_names: tuple[str, ...] = ()
    """Names from the question that appear neither in the figure's sentence nor next to it."""
    polarity_agrees: bool = True
    """False when the question is negated and the figure's clause is not, or the other way
    round."""
    has_predicate: bool = True
    """The question's predicate ("founded") stands in the figure's sentence or the one before."""
    totals: bool = True
    """False when the question asks for a total and the figure is not one: a table cell
    outside the total row or column, or a figure whose clause does not say "total"."""
    states_derivation: bool = True
    """For an arithmetic question: the figure's clause or labels say it is the derived figure
    ("increased by", a "Change (%)" column)."""
    stated_as_change: bool = False
    """The text gives the figure as a change ("increased $273 million", "a rise of 6%"),
    which answers no question about a level."""
    opposite: tuple[str, str] | None = None
    """A word of the question and its opposite, which the figure's sentence says instead
    ("over the age of 18" against "under the age of 18")."""
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
    owner: str | None = None
    """Another name whose possession the text makes the figure ("Half of *Paris's*
    population of 100,000" for a question about Egypt, "the *Rhine* has an annual mean
    discharge of 2,290 m3/s" for the Moselle's), or whose event it dates ("the resignation
    of *Rajendra K. Pachauri* in February 2015" for El Gizouli's)."""
    listed: str | None = None
    """A name of the question that the figure's sentence gives only as one of what the
    figure counts ("three bodies of water: the Obersee, ..." for "how many make up the
    Obersee")."""
    rate: str | None = None
    """What the text divides the figure by ("tons of carbon *per hectare*") when the
    question asks for no such rate."""
    missing_relation: str | None = None
    """The relative the question asks about ("Edward's *son*") when neither the figure's
    sentence nor the one before mentions one: the text tells of someone else."""
    span_end: str | None = None
    """The end of a span of years the figure is ("1368" of "(1368–1644)", "the start"), when
    the question asks about the other end ("when was the Ming dynasty out of power")."""
    cutoff: str | None = None
    """The words that make the figure a rank's cutoff ("the *top* 15 most populous counties"),
    when the question asks how many there are and ranks nothing."""
    reversed_relation: str | None = None
    """A relation that the figure's sentence states the other way round ("SkyDrive will
    soon *become* OneDrive" for "when did OneDrive become SkyDrive")."""
    level_for_change: bool = False
    """The question asks how much something changed ("what amount did Harvard *cut*") and
    the figure's sentence, and the one before, tell of no change ("a reserve of $159
    million")."""
    other_subject: str | None = None
    """The name the figure's sentence makes the subject of the question's verb, when the
    question asks it of another name that the sentence gives after the verb ("*Victoria*
    has 37 seats in the Australian House" for "how many seats does Australia have")."""
    swapped_name: str | None = None
    """The name the figure's sentence puts where the question has one of its own, in the
    question's words around it, never naming the question's ("focus at *Tessaro* in 1955"
    for "the primary mission focus at NASA")."""
    complement_unstated: bool = False
    """The question asks for a complement ("how many work *outside* the plant") and the
    figure's sentence states none: the figure it gives is the part the question excludes."""
    capacity: str | None = None
    """The words before the figure that make it what a thing can hold ("*seats up to*
    2,500 people"), when the question asks how many there are, not how many fit."""

    @property
    def score(self) -> float:
        return min(1.0, self.proximity + (0.25 if self.names_target else 0.0))


class PlaceIndex(NameIndex):
    """Where each figure of a source stands relative to what a question asks (cached per
    question)."""

    def __init__(self, source: Source) -> None:
        super().__init__(source)
        self._places_of: Question | None = None
        self._places: dict[tuple[int, int, bool], Place] = {}

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
            if labels is not None:
                cache[key] = self._table_place(question, labels, start)
            else:
                cache[key] = self._text_place(question, start, end, strict)
        return cache[key]

    def _table_place(self, question: Question, labels: list[str], start: int) -> Place:
        """A table cell is about its row label and column header, wherever they stand."""
        words = {stem(w.lower()) for label in labels for w in WORD.findall(label)}
        if not question.terms:
            return Place(0.0, False)
        total = found = 0.0
        for term in question.terms:
            weight = self.weight(term)
            total += weight
            found += weight * any(same_stem(word, term) for word in words)
        names_target = any(same_stem(w, noun) for w in words for noun in question.counted.stems)
        label_text = " ".join(labels)
        missing = tuple(
            name
            for name in question.names
            if not self._is_topic(question, name)
            and not (
                code_pattern(name).search(label_text)
                if is_code(name)
                else any(same_stem(w, name) for w in words)
            )
        )
        has_predicate = question.predicate is None or any(
            same_stem(w, question.predicate) for w in words
        )
        # A table's total has its own row or column; any other cell is a part of it, and a
        # total the table lacks must be computed (the arithmetic checker's job).
        totals = not question.total or (
            any(w in measures.TOTAL_STEMS for w in words)
            and not times.one_of_years(question, labels)
        )
        return Place(
            found / total,
            names_target,
            missing,
            has_predicate=has_predicate,
            totals=totals,
            sums_the_row_asked=not question.total and self._totals_a_row(labels[0]),
            counts=measures.counts_unlabelled(question, labels, words),
            part_of_the_row_total=measures.part_of_the_row_total(
                question, tables_of(self.source).columns_at(start)
            ),
            other_time=times.other_year(question, " ".join(labels[1:])),
            states_derivation=measures.states_derivation(words, question),
        )

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

    def _text_place(self, question: Question, start: int, end: int, strict: bool = False) -> Place:
        starts, stems, sentences, marks_before = self._words
        first = bisect.bisect_left(starts, start)
        last = bisect.bisect_left(starts, end)  # first word after the span
        here = sentences[min(first, len(sentences) - 1)] if sentences else 0
        terms = question.terms
        if not terms:
            return Place(0.0, False)
        total = found = 0.0
        kind = self._kind_at(start, end) if strict else None
        window_start = max(0, first - 4 * NEAR)
        window_end = min(len(stems), last + 4 * NEAR)
        # A life's brackets say "born" and "died" by where the date stands in them.
        life_event = self._life_event(question, start, end)
        # "$36.5 million, $2.1 million and $3.7 million ... in 2019, 2018 and 2017,
        # respectively": the first is 2019's, however far the year stands.
        given_for = self._respective_year(start, end)
        for term in terms:
            weight = self.weight(term)
            total += weight
            if life_event is not None and _LIFE_EVENTS.get(term) == life_event:
                found += weight
                continue
            if given_for is not None and term == given_for:
                found += weight
                continue
            best = 0.0
            for index in range(window_start, window_end):
                if not same_stem(stems[index], term):
                    continue
                if first <= index < last:
                    # Read strictly, the figure's own unit is its word ("33 feet" for "in
                    # feet"), whoever else's conjunct writes it too.
                    best = 1.0 if strict else best
                    continue
                gap = abs(sentences[index] - here)
                if gap > 1:
                    continue
                if strict and self._another_between(index, first, last, kind):
                    continue
                if strict and self._in_another_conjunct(index, first, last, kind):
                    continue
                lo, hi = (index + 1, first) if index < first else (last, index)
                marks = marks_before[hi] - marks_before[lo]
                words = hi - lo + 1 - marks
                distance = words + CLAUSE_GAP * marks + SENTENCE_GAP * gap
                best = max(best, 1.0 if distance <= NEAR else NEAR / distance)
            found += weight * best
        names_target = any(
            same_stem(stems[i], noun)
            for i in range(first, min(last + FOLLOWING, len(stems)))
            if sentences[i] == here
            for noun in question.counted.stems
        )
        nearby = set(range(here - NAME_SENTENCES, here + 1))
        if self._names_another(question, here):
            nearby = {here}
        missing = tuple(
            name
            for name in question.names
            if not self._is_topic(question, name)
            and not nearby & self.name_sentences(question, name)
            and not self._goes_on_about(name, here)
        )
        sentence_start, sentence_end = (
            self.source.sentences[here] if self.source.sentences else (0, 0)
        )
        clause_start, clause_end = clause_around(
            self.text, start, end, sentence_start, sentence_end
        )
        negated = negates(self.text, clause_start, clause_end)
        # "(2018: £12.4 million)": the year before the colon is the figure's.
        label = self.text[max(0, clause_start - 5) : clause_start + 1]
        clause_text = label if times.YEAR_LABEL.search(label) else ""
        clause_text += self.text[clause_start:start] + self.text[end:clause_end]
        clause_before = stems[bisect.bisect_left(starts, clause_start) : first]
        clause = clause_before + stems[last : bisect.bisect_left(starts, clause_end)]
        before = slice(
            bisect.bisect_left(sentences, here - 1), bisect.bisect_right(sentences, here)
        )
        predicate = question.predicate
        has_predicate = (
            predicate is None
            or has_word(stems[before], predicate)
            or (predicate in question.names and self._name_here(question, predicate, here))
            or (life_event is not None and _LIFE_EVENTS.get(predicate) == life_event)
            or same_event(predicate, stems[before])
            or synonym_beside(predicate, clause_before, self._words_beyond(here, last))
            or dates_the_name(question, self.text, start, end)
        )
        opposite = relations.opposite(question, set(stems[before]))
        return Place(
            found / total if total else 0.0,
            names_target,
            missing,
            negated == question.negated,
            has_predicate,
            totals=not question.total or any(word in measures.TOTAL_STEMS for word in clause),
            states_derivation=measures.states_derivation(beside(stems, first, last), question),
            other_subject=relations.other_subject(question, self.text[sentence_start:sentence_end]),
            swapped_name=relations.swapped_name(
                question,
                self.text[sentence_start:sentence_end],
                lambda name: here in self.name_sentences(question, name),
            ),
            complement_unstated=question.complement
            and not COMPLEMENT.search(self.text, sentence_start, sentence_end),
            stated_as_change=measures.as_change(stems[max(0, first - 2) : first]),
            opposite=opposite,
            counts=self._counts(question, here, last) or measures.other_dimension(question, clause),
            other_time=self._other_time(question, end, given_for, clause_text),
            owner=self._other_owner(question, start)
            or self._event_of_another(question, start)
            or relations.other_holder(question, self.text[sentence_start:sentence_end]),
            listed=measures.listed_name(question, self.text, (sentence_start, end, sentence_end)),
            missing_relation=relations.missing_relation(question, stems[before]),
            rate=measures.rate(
                question, self.text[end : min(sentence_end, end + measures.RATE_REACH)]
            ),
            capacity=measures.capacity(question, self.text[clause_start:start]),
            span_end=times.other_end(question, self.text, start, end),
            level_for_change=relations.level_for_change(question, stems[before]),
            reversed_relation=relations.reversed_relation(
                question.text, self.text[sentence_start:sentence_end]
            ),
            cutoff=measures.cutoff(
                question, self.text[clause_start:start], self.text[end:clause_end]
            ),
        )

    @cached_property
    def _figures(self) -> dict[str, list[tuple[int, int]]]:
        """Each kind's figures as word spans (first word, first word after), in text order.
        A figure's twin in brackets ("1,230 km (760 mi)") is left out: it is the same one."""
        starts = self._words[0]
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

    def _other_owner(self, question: Question, start: int) -> str | None:
        """A name the figure belongs to by a possessive right before it ("Paris's population
        of 100,000"), when the question names neither it nor is it what the text is about.
        A date is no one's possession ("the Government's 2001 census" dates the census)."""
        if question.expects == "date":
            return None
        match = _OWNED_BY.search(self.text, max(0, start - 60), start)
        if match is None:
            return None
        owner = stem(match.group(1).lower())
        if any(same_stem(owner, name) for name in (*question.names, *question.terms)):
            return None
        if self._is_topic(question, owner):
            return None
        return match.group(1)

    def _event_of_another(self, question: Question, start: int) -> str | None:
        """The name a dated event belongs to, written right before the date ("after the
        *resignation of Rajendra K. Pachauri* in February 2015"), when the event is the
        question's and the name is not ("when did El Gizouli resign")."""
        if question.expects != "date" or not question.names:
            return None
        match = _EVENT_OF.search(self.text, max(0, start - 80), start)
        if match is None:
            return None
        event = stem(match.group(1).lower())
        if not any(same_stem(event, term) for term in question.terms):
            return None
        owner = match.group(2)
        words = [stem(word.lower()) for word in WORD.findall(owner)]
        if any(same_stem(w, known) for w in words for known in (*question.names, *question.terms)):
            return None
        if any(self._is_topic(question, w) for w in words):
            return None
        return owner

    def figures_beside(self, start: int, end: int) -> list[Mention]:
        """The figures of the same kind as the one at ``start:end`` in its sentence, in text
        order, itself among them."""
        sentence_start, sentence_end = self.source.sentence_around(start, end)
        kind = self._kind_at(start, end)
        return sorted(
            (
                m
                for m in self.source.mentions
                if sentence_start <= m.start and m.end <= sentence_end and m.value.kind == kind
            ),
            key=lambda m: m.start,
        )

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
            or times.earlier(question, clause)
        )

    def _kind_at(self, start: int, end: int) -> str | None:
        return next(
            (m.value.kind for m in self.source.mentions if m.start == start and m.end == end),
            None,
        )

    def _another_between(self, index: int, first: int, last: int, kind: str | None) -> bool:
        """Whether another figure of ``kind`` stands between the word at ``index`` and the
        figure at ``first:last``."""
        lo, hi = (index + 1, first) if index < first else (last, index)
        stems = self._words[1]
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
        sentences, conjuncts = self._words[2], self._conjuncts
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
        stems, sentences = self._words[1], self._words[2]
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
        # "gigatons" are tons.
        _, stems, sentences, _ = self._words
        lo, hi = max(0, last - 2 * NEAR), min(len(stems), last + 2 * NEAR)
        window = [i for i in range(lo, hi) if sentences[i] == here]
        # "eight electorates with each electorate *represented* by": a verb's stem is the
        # head's, and it names no representatives.
        if any(
            (same_stem(stems[i], head) or stems[i].endswith(head))
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
        stems = self._words[1]
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
        stems = self._words[1]
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
        stems, sentences = self._words[1], self._words[2]
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
        stems, sentences = self._words[1], self._words[2]
        after: list[int] = []
        for index in range(last, min(last + COUNTED_WITHIN, len(stems))):
            if sentences[index] != here or (after and _PAST_TENSE.search(self._written(index))):
                break
            after.append(index)
        return after
