"""Where a figure sits relative to what the question asks.

A passage holds many figures, and a small model's wrong answer is usually one of the
others, so finding the value in the source proves little. What distinguishes the right
figure is its neighbourhood: the question's rarer words stand close to it, and the noun
the question counts ("how many *tons*") follows it. ``PlaceIndex`` scores any span of the
source that way, so a candidate can be compared with every other figure of its kind.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from verify_ask.events import LIFE_EVENTS, dates_the_name, same_event, synonym_beside
from verify_ask.names import (
    AskedName,
    TextNames,
    abbreviations,
    asked_names,
    code_pattern,
    initialism_pattern,
    initialisms,
    spelled_out,
    text_names,
)
from verify_ask.normalize.dates import month_number
from verify_ask.normalize.numbers import NUMBER_WORDS
from verify_ask.normalize.units import unit_token
from verify_ask.question import (
    CHANGE_VERBS,
    STOPWORDS,
    TOTAL_WORDS,
    Question,
    counted_head,
    fold,
    is_code,
    negates,
    stem,
    stems_of,
)
from verify_ask.source import Source

_WORD = re.compile(r"[A-Za-z][A-Za-z']*|\d[\d,.]*\d|\d|[,;:]")
_CLAUSE_MARKS = frozenset(",;:")
_CLAUSE_MARK = re.compile(r"[;:()]|,(?=\s)(?!\s+\d{4}\b)")
# A name of one word: capitalized, not after a sentence's or quotation's opening.
_SINGLE_NAME = re.compile(r"(?<![\w'’-])[A-Z][a-z]{2,}(?![\w'’-])")
_OPENING = frozenset('.?!"“(:')
# Capitalized words that name no one: the question's stop words, and days (months are
# read by the date normalizer's month_number).
_NOT_NAMES = STOPWORDS | frozenset(
    "monday tuesday wednesday thursday friday saturday sunday however although since".split()
)
_NAME_WORD = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+")
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
TOPIC_SENTENCES = 3
"""A name found in this many sentences is the text's topic and need not stand by the figure."""
FOLLOWING = 6
"""How many words after a figure may name what it counts ("16,000 *tree species*")."""
STATED_WITHIN = 4
"""How near a derived figure the word saying so must stand ("*increased by* 5.6%")."""
MAX_INITIALISM = 5
"""A name this short may be the initials of capitalized words ("EU", "CJEU")."""
MISSPELLABLE = 6
"""Names (stems) this long may be matched misspelled; shorter ones differ by a letter
("Hayes", "Hades")."""
MISSPELLING_SCORE = 88
"""rapidfuzz's ratio out of 100 at which a word is the name misspelled: one letter in
eight or nine ("emmrich"/"emmerich" 93; not "austria"/"australia" 87.5, "obersee"/"untersee"
62)."""


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
    capacity: str | None = None
    """The words before the figure that make it what a thing can hold ("*seats up to*
    2,500 people"), when the question asks how many there are, not how many fit."""

    @property
    def score(self) -> float:
        return min(1.0, self.proximity + (0.25 if self.names_target else 0.0))


class PlaceIndex:
    """The source's words with their stems and sentences, indexed once per source."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self._places_of: Question | None = None
        self._places: dict[tuple[int, int, bool], Place] = {}

    @cached_property
    def _words(self) -> tuple[list[int], list[str], list[int], list[int]]:
        """Start, stem and sentence of each word, and how many clause marks precede it."""
        starts: list[int] = []
        stems: list[str] = []
        sentences: list[int] = []
        marks_before = [0]
        sentence_starts = self.source.sentence_starts
        for match in _WORD.finditer(self.text):
            word = match.group()
            starts.append(match.start())
            stems.append(word if word in _CLAUSE_MARKS else stem(word.lower()))
            sentences.append(max(bisect.bisect_right(sentence_starts, match.start()) - 1, 0))
            marks_before.append(marks_before[-1] + (word in _CLAUSE_MARKS))
        return starts, stems, sentences, marks_before

    @cached_property
    def _weights(self) -> dict[str, float]:
        _, stems, sentences, _ = self._words
        per_sentence: dict[int, set[str]] = {}
        for word, sentence in zip(stems, sentences, strict=True):
            per_sentence.setdefault(sentence, set()).add(word)
        frequency: Counter[str] = Counter()
        for words in per_sentence.values():
            frequency.update(words)
        total = max(len(per_sentence), 1)
        return {word: math.log(1 + (total + 1) / (1 + n)) for word, n in frequency.items()}

    @cached_property
    def _sentences_of(self) -> dict[str, set[int]]:
        """Each distinct stem and the sentences it occurs in."""
        index: dict[str, set[int]] = {}
        for word, sentence in zip(self._words[1], self._words[2], strict=True):
            index.setdefault(word, set()).add(sentence)
        return index

    def sentences_with(self, term: str) -> set[int]:
        """The sentences holding the term or a word sharing its stem (cached per term)."""
        cache = self.__dict__.setdefault("_term_sentences", {})
        if term not in cache:
            found: set[int] = set()
            for word, sentences in self._sentences_of.items():
                if same_stem(word, term):
                    found |= sentences
            cache[term] = found
        return cache[term]

    @cached_property
    def text(self) -> str:
        """The source's text with accents folded, offset for offset."""
        return fold(self.source.text)

    @cached_property
    def names(self) -> TextNames:
        return text_names(self.text)

    @cached_property
    def _abbreviations(self) -> dict[str, tuple[str, ...]]:
        return dict(abbreviations(self.text))

    @cached_property
    def _initialisms(self) -> dict[str, list[int]]:
        return initialisms(self.text)

    def name_sentences(self, question: Question, name: str) -> set[int]:
        """The sentences that mention one of the question's names, however written: a code
        as it stands ("AS-201"), an abbreviation for its words ("LM" for "Lunar Module"),
        or those words for it, as the question or the source defines them."""
        # Asked for every name at every figure scored, rivals included: once per question.
        cache = self.__dict__.setdefault("_name_sentences_cache", {})
        key = (question.text, name)
        if key not in cache:
            cache[key] = self._find_name(question, name)
        return cache[key]

    def _find_name(self, question: Question, name: str) -> set[int]:
        if is_code(name):
            return {
                self.source.sentence_index(match.start())
                for match in code_pattern(name).finditer(self.text)
            }
        found = set(self.sentences_with(name))
        if name.isalpha() and len(name) <= MAX_INITIALISM:
            found |= {self.source.sentence_index(at) for at in self._initialisms.get(name, ())}
        defined = {**self._abbreviations, **dict(abbreviations(question.text))}
        for short, words in defined.items():
            if name == short:
                spelled = [self.sentences_with(word) for word in words]
                found |= set.intersection(*spelled) if spelled else set()
            elif name in words:
                found |= self.sentences_with(short)
        initials = spelled_out(question.text).get(name)
        if initials is not None:
            found |= {
                self.source.sentence_index(match.start())
                for match in initialism_pattern(initials).finditer(self.text)
            }
        if not found and name.isalpha() and len(name) >= MISSPELLABLE:
            found = self._misspelled(name)
        return found

    def _misspelled(self, name: str) -> set[int]:
        """The sentences of a word spelled nearly as the name: questions misspell names
        ("Emmrich" for "Emmerich", "Intercolleiate")."""
        from rapidfuzz import fuzz, process

        # Misspellings keep the first letter; other names may not ("Prussia", "Russia").
        words = [
            word for word in self._sentences_of if len(word) >= MISSPELLABLE and word[0] == name[0]
        ]
        found: set[int] = set()
        for word, _, _ in process.extract(
            name, words, scorer=fuzz.ratio, score_cutoff=MISSPELLING_SCORE, limit=None
        ):
            found |= self._sentences_of[word]
        return found

    def asked_names(self, question: Question) -> tuple[AskedName, ...]:
        """The question's names of several words, each with whether the text writes it
        whole (once per question: the span checker asks for every candidate)."""
        cache = self.__dict__.setdefault("_asked_names", {})
        if question.text not in cache:
            cache[question.text] = asked_names(question.text, self.names)
        return cache[question.text]

    def _is_topic(self, question: Question, name: str) -> bool:
        """A name in several sentences, or in the first and another, is what the text is
        about; "its" may stand for it."""
        found = self.name_sentences(question, name)
        # The name the text opens with and comes back to is its subject ("Tesla ... He").
        return len(found) >= TOPIC_SENTENCES or (0 in found and len(found) >= 2)

    def _name_here(self, question: Question, name: str, here: int) -> bool:
        """Whether a name stands in sentence ``here`` or the one before, however written
        ("the US" for "the United States"), or is what the text is about."""
        return self._is_topic(question, name) or bool(
            {here - 1, here} & self.name_sentences(question, name)
        )

    def may_answer(self, question: Question, start: int) -> bool:
        """False when no question term stands within a sentence of ``start`` and it is no
        table cell: such a place scores nothing, so rivals need not be scored there."""
        if self.source.tables.labels_at(start) is not None:
            return True
        here = self.source.sentence_index(start)
        return any(
            sentence in self.sentences_with(term)
            for term in question.terms
            for sentence in (here - 1, here, here + 1)
        )

    def _names_another(self, question: Question, sentence: int) -> bool:
        """Whether the sentence names someone or something the question does not: then a
        name from the question in the sentence before is not who it is about ("It was not
        until Robert Koch's proofs... Viruses were confirmed in 1901 by Walter Reed.")."""
        if not self.source.sentences:
            return False
        # Asked for every figure of the sentence, rivals included: once per question.
        cache = self.__dict__.setdefault("_names_another_cache", {})
        key = (question.names, question.terms, sentence)
        if key not in cache:
            start, end = self.source.sentences[sentence]
            asked = set(question.names) | set(question.terms)
            names = [
                match.group().split()[1 if match.start() == start else 0 :]
                for match in _NAME_WORD.finditer(self.text, start, end)
            ]
            names = [words for words in names if len(words) >= 2]
            names += [[w] for w in self._single_names(start, end)]
            cache[key] = any(
                not any(same_stem(stem(word.lower()), known) for word in words for known in asked)
                for words in names
            )
        return cache[key]

    def _single_names(self, start: int, end: int) -> list[str]:
        """The names of one word in the sentence ``text[start:end]`` that the text writes
        more than once ("However, *Chivas* were suspended" after "the LA Galaxy and Chivas
        USA"): a word capitalized only to open a sentence or a quotation is none."""
        found = []
        for match in _SINGLE_NAME.finditer(self.text, start, end):
            word = match.group()
            opening = self.text[max(start, match.start() - 2) : match.start()].strip()
            if match.start() == start or opening in _OPENING:
                continue
            if word.lower() in _NOT_NAMES or month_number(word) is not None:
                continue
            if self._capitalized[word] >= 2:
                found.append(word)
        return found

    @cached_property
    def _capitalized(self) -> Counter[str]:
        """How often the text writes each capitalized word (once per text, not per sentence:
        a long source has many sentences)."""
        return Counter(_SINGLE_NAME.findall(self.text))

    def weight(self, term: str) -> float:
        return self._weights.get(term, math.log(2 + len(self.source.sentences)))

    def place(self, question: Question, start: int, end: int, strict: bool = False) -> Place:
        """How well the figure at ``start:end`` answers the question. ``strict`` counts a
        question word only for the nearest figure of its kind: in "4 Han Tumens and 3
        Khitan Tumens" "Khitan" is the 3's, not the 4's (for deciding between the two)."""
        # Every candidate's check scores the same figures again, as rivals and operands.
        # One question's places are kept: a batch asks many questions of one source.
        if self._places_of is not question and self._places_of != question:
            self._places_of, self._places = question, {}
        cache = self._places
        key = (start, end, strict)
        if key not in cache:
            labels = self.source.tables.labels_at(start)
            if labels is not None:
                cache[key] = self._table_place(question, labels, start)
            else:
                cache[key] = self._text_place(question, start, end, strict)
        return cache[key]

    def _table_place(self, question: Question, labels: list[str], start: int) -> Place:
        """A table cell is about its row label and column header, wherever they stand."""
        words = {stem(w.lower()) for label in labels for w in _WORD.findall(label)}
        if not question.terms:
            return Place(0.0, False)
        total = found = 0.0
        for term in question.terms:
            weight = self.weight(term)
            total += weight
            found += weight * any(same_stem(word, term) for word in words)
        names_target = any(same_stem(w, noun) for w in words for noun in question.target)
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
            any(w in _TOTAL_WORDS for w in words) and not _one_of_years(question, labels)
        )
        return Place(
            found / total,
            names_target,
            missing,
            has_predicate=has_predicate,
            totals=totals,
            sums_the_row_asked=not question.total and self._totals_a_row(labels[0]),
            counts=_counts_unlabelled(question, labels, words),
            part_of_the_row_total=_part_of_the_row_total(
                question, self.source.tables.columns_at(start)
            ),
            other_time=_other_year(question, " ".join(labels[1:])),
            states_derivation=_states(words, question),
        )

    def _totals_a_row(self, label: str) -> bool:
        """Whether a row labelled "Total other operating expenses" sums a row the table
        also has, "Other operating expenses"."""
        words = [stem(w.lower()) for w in _WORD.findall(label)]
        if not any(w in _TOTAL_WORDS for w in words):
            return False
        rest = {w for w in words if w not in _TOTAL_WORDS}
        return any(
            {stem(w.lower()) for w in _WORD.findall(other)} == rest
            for other, _ in self.source.tables.body_rows()
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
        for term in terms:
            weight = self.weight(term)
            total += weight
            if life_event is not None and _LIFE_EVENTS.get(term) == life_event:
                found += weight
                continue
            best = 0.0
            for index in range(window_start, window_end):
                if first <= index < last or not same_stem(stems[index], term):
                    continue
                gap = abs(sentences[index] - here)
                if gap > 1:
                    continue
                if strict and self._another_between(index, first, last, kind):
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
            for noun in question.target
        )
        nearby = set(range(here - NAME_SENTENCES, here + 1))
        if self._names_another(question, here):
            nearby = {here}
        missing = tuple(
            name
            for name in question.names
            if not self._is_topic(question, name)
            and not nearby & self.name_sentences(question, name)
        )
        sentence_start, sentence_end = (
            self.source.sentences[here] if self.source.sentences else (0, 0)
        )
        clause_start, clause_end = _clause_around(
            self.text, start, end, sentence_start, sentence_end
        )
        negated = negates(self.text, clause_start, clause_end)
        # "(2018: £12.4 million)": the year before the colon is the figure's.
        label = self.text[max(0, clause_start - 5) : clause_start + 1]
        clause_text = label if _YEAR_LABEL.search(label) else ""
        clause_text += self.text[clause_start:start] + self.text[end:clause_end]
        clause_before = stems[bisect.bisect_left(starts, clause_start) : first]
        clause = clause_before + stems[last : bisect.bisect_left(starts, clause_end)]
        before = slice(
            bisect.bisect_left(sentences, here - 1), bisect.bisect_right(sentences, here)
        )
        predicate = question.predicate
        has_predicate = (
            predicate is None
            or _has_word(stems[before], predicate)
            or (predicate in question.names and self._name_here(question, predicate, here))
            or (life_event is not None and _LIFE_EVENTS.get(predicate) == life_event)
            or same_event(predicate, stems[before])
            or synonym_beside(predicate, clause_before, self._words_beyond(here, last))
            or dates_the_name(question, self.text, start, end)
        )
        opposite = _opposite(question, set(stems[before]))
        return Place(
            found / total if total else 0.0,
            names_target,
            missing,
            negated == question.negated,
            has_predicate,
            totals=not question.total or any(word in _TOTAL_WORDS for word in clause),
            states_derivation=_states(_beside(stems, first, last), question),
            stated_as_change=_as_change(stems[max(0, first - 2) : first]),
            opposite=opposite,
            counts=self._counts(question, here, last) or _other_dimension(question, clause),
            other_time=_other_year(question, clause_text) or _earlier(question, clause_text),
            owner=self._other_owner(question, start)
            or self._event_of_another(question, start)
            or _other_holder(question, self.text[sentence_start:sentence_end]),
            listed=_listed_name(question, self.text, (sentence_start, end, sentence_end)),
            missing_relation=_missing_relation(question, stems[before]),
            rate=_rate(question, self.text[end : min(sentence_end, end + _RATE_REACH)]),
            capacity=_capacity(question, self.text[clause_start:start]),
            span_end=_other_end(question, self.text, start, end),
            level_for_change=_level_for_change(question, stems[before]),
            reversed_relation=_reversed_relation(
                question.text, self.text[sentence_start:sentence_end]
            ),
            cutoff=_cutoff(question, self.text[clause_start:start], self.text[end:clause_end]),
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
        words = [stem(word.lower()) for word in _WORD.findall(owner)]
        if any(same_stem(w, known) for w in words for known in (*question.names, *question.terms)):
            return None
        if any(self._is_topic(question, w) for w in words):
            return None
        return owner

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

    def _life_event(self, question: Question, start: int, end: int) -> str | None:
        """ "born" or "died" when the date stands in the brackets of a life the question
        names ("John Gallagher (1919–1980)"); None elsewhere."""
        found = _lifespan_role(self.text, start, end)
        if found is None:
            return None
        role, opened = found
        before = self.text[max(0, opened - 40) : opened]
        named = {stem(word.lower()) for word in _WORD.findall(before)[-3:]}
        return role if named & set(question.names) else None

    def _counts_unasked(
        self, after: list[str], raw: list[str], question: Question, here: int, last: int
    ) -> int | None:
        """The noun right after a figure when the question counts something its sentence
        never names near it ("how many janitors": "63,519 full-time *teachers*"; "how many
        citizens": "two public *agencies*" in a sentence that speaks of a citizen in another
        clause)."""
        following, _ = _noun_after(after)
        head = _counted_head(question)
        if not following or head is None:
            return None
        # "gigatons" are tons.
        _, stems, sentences, _ = self._words
        lo, hi = max(0, last - 2 * NEAR), min(len(stems), last + 2 * NEAR)
        window = [i for i in range(lo, hi) if sentences[i] == here]
        if any(
            (same_stem(stems[i], head) or stems[i].endswith(head))
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
            if _is_number(stems[before]):
                return before != last - 1
        return False

    def noun_after(self, start: int, end: int) -> str | None:
        """The noun right after the figure at ``start:end`` (as the text writes it), when
        one says what it counts and is no unit ("42 intercollegiate *sports*")."""
        starts, stems, sentences, _ = self._words
        first = bisect.bisect_left(starts, start)
        last = bisect.bisect_left(starts, end)
        if first >= len(stems):
            return None
        after = self._words_after(sentences[first], last)
        following, _ = _noun_after([stems[index] for index in after])
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
        found = _counts_other([stems[index] for index in after], question)
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
            if stems[index] not in _CLAUSE_MARKS:
                beyond.append(stems[index])
        return beyond

    def _words_after(self, here: int, last: int) -> list[int]:
        """The words that may say what the figure ending before word ``last`` counts: a few,
        in its sentence, up to a past tense ("16 national science academies *issued*")."""
        stems, sentences = self._words[1], self._words[2]
        after: list[int] = []
        for index in range(last, min(last + STATED_WITHIN, len(stems))):
            if sentences[index] != here or (after and _PAST_TENSE.search(self._written(index))):
                break
            after.append(index)
        return after

    def _written(self, index: int) -> str:
        """Word ``index`` as the text writes it."""
        starts, stems, _, _ = self._words
        match = _WORD.match(self.text, starts[index])
        return match.group() if match else stems[index]


def _clause_around(text: str, start: int, end: int, lower: int, upper: int) -> tuple[int, int]:
    """The clause holding ``text[start:end]``: from the mark before it to the mark after it,
    within the sentence ``[lower, upper)``.

    A "not" elsewhere in a long sentence says nothing about this figure ("Denmark joined in
    1972, but Norway did not"); measured on 200 SQuAD dev questions, reading negation in the
    clause rather than the sentence verified 4 more right answers and no more wrong ones.
    """
    # A bracket closed before the figure is an aside ("all spirits (not just imported ones)
    # to have 25 per cent"), and one opened after it is too. The comma of "1,200" or of
    # "December 31, 2019" ends no clause.
    marks = [m.start() for m in _CLAUSE_MARK.finditer(text, lower, upper)]
    before = [at for at in marks if at < start]
    after = [at for at in marks if at >= end]
    return (before[-1] if before else lower, after[0] if after else upper)


def _states(stems: Iterable[str], question: Question) -> bool:
    """Whether words by a figure name the derivation an arithmetic question asks for."""
    if not question.wants_arithmetic:
        return True
    return any(word in question.derivation for word in stems)


# SQuAD v2 makes unanswerable questions by swapping a word for its opposite.
_OPPOSITES = [
    (word, other, stems_of(word.replace(",", " ")), stems_of(other.replace(",", " ")))
    for pair in (
        "over/under before/after more/less more/fewer first/last win/lose won/lost "
        "gain/lose gained/lost begin/end start/end born/died birth/death north/south "
        "east/west import/export imported/exported earliest/latest maximum/minimum "
        "majority/minority rise/fall rose/fell increase/decrease increased/decreased "
        "highest/lowest largest/smallest above/below entered/left open/closed "
        "opened/closed upper/lower inside/outside oldest/newest oldest/recent "
        # Verbs with their irregular forms: "take land" against "gave land".
        "give,gave,given/take,took,taken buy,bought/sell,sold add,added/remove,removed "
        "arrive,arrived/depart,departed accept,accepted/reject,rejected lose,lost/defeat,defeated "
        "agree,agreed,agreement/dispute,disputed declare,declared/end,ended"
    ).split()
    for first, second in [pair.split("/")]
    for word, other in ((first, second), (second, first))
]


_ORDINALS = tuple(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split()
)
_PER_SECOND = re.compile(r"\b(per|a|each)\s+second\b", re.IGNORECASE)
_NEGATING_PREFIXES = ("un", "non", "dis")
# "disestablish" is not "establish", but "discover" is no opposite of "cover".
_SHORTEST_BASE = {"un": 4, "non": 4, "dis": 6}


_HYPHENATED = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")


@lru_cache(maxsize=256)
def _question_words(text: str) -> tuple[tuple[str, ...], frozenset[str]]:
    # Hyphenated words stay whole: "non-slave" is the opposite of "slave".
    words = tuple(w.lower() for w in _HYPHENATED.findall(text))
    return words, frozenset(stem(word) for word in words)


def _opposite(question: Question, said: set[str]) -> tuple[str, str] | None:
    """The first question word whose opposite the sentence says and which it does not say."""
    words, asked = _question_words(question.text)
    for forms, other_forms, form_stems, other_stems in _OPPOSITES:
        if form_stems & asked and other_stems & said and not form_stems & said:
            return forms.split(",")[0], other_forms.split(",")[0]
    # "decide to stop giving away digiboxes" against "the decision to give away digiboxes".
    stopped = _STOPS_DOING.search(question.text)
    if stopped is not None:
        done = stem(stopped.group(2).lower())
        if done in said and not said & _STOP_STEMS:
            return stopped.group().lower(), done
    # "the second assessment report" against "the Fourth Assessment Report".
    ordinals = [w for w in words if w in _ORDINALS and not _PER_SECOND.search(question.text)]
    if ordinals and not any(stem(w) in said for w in ordinals):
        # "top ranked" says first, against a question's "ranked second".
        others = _ORDINALS if "first" in ordinals else (*_ORDINALS, "top")
        other = next((w for w in others if stem(w) in said), None)
        if other is not None:
            return ordinals[0], other
    # "unofficially launched" against "officially launched", either way round.
    for word in words:
        if stem(word) in said:
            continue
        for prefix in _NEGATING_PREFIXES:
            shortest = _SHORTEST_BASE[prefix]
            if word.startswith(prefix):
                base = word[len(prefix) :]
                # The text's "non-vested" is two words here: its own "non" says it too.
                hyphenated = base.startswith("-")
                base = base.lstrip("-")
                said_too = hyphenated and prefix in said
                if len(base) >= shortest and stem(base) in said and not said_too:
                    return word, base
            if len(word) >= shortest and stem(prefix + word) in said:
                return word, prefix + word
    return None


_HOW_MANY = re.compile(r"\bhow\s+many\b", re.IGNORECASE)
_STOPS_DOING = re.compile(
    r"\b(stop(?:ped|s)?|ceas(?:e|ed|es)|quit|halt(?:ed|s)?|end(?:ed|s)?)\s+([a-z]+ing)\b",
    re.IGNORECASE,
)
_STOP_STEMS = stems_of(
    "stop stopped cease ceased quit halt halted end ended ending discontinue discontinued "
    "abandon abandoned suspend suspended longer not never"
)
_YEAR_LABEL = re.compile(r"(?<!\d)(?:1[89]|20)\d\d:$")
_PAST_TENSE = re.compile(r"^[a-z]{2,}ed$")
_LINKING = frozenset("to and or of the than from".split())
_LIFE_EVENTS = {word: event for event, words in LIFE_EVENTS.items() for word in stems_of(words)}
_LIFESPAN = re.compile(r"\(([^()]{0,80})\)")
_DASH = re.compile(r"\s*(?:–|—|-|\bto\b)\s*")


def _lifespan_role(text: str, start: int, end: int) -> tuple[str, int] | None:
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


_ASKED_OF = re.compile(r"\b(\w+)\s+of\s+(?:the\s+)?([A-Z][\w'-]*)")
_HAS = re.compile(r"\b([A-Z][\w'-]*)\s+(?:has|had|have)\s+((?:[a-z]+\s+){1,5})")


def _other_holder(question: Question, sentence: str) -> str | None:
    """The name a sentence says has what the question asks of another ("the discharge of the
    Moselle": "the Rhine has an annual mean discharge"), when the sentence never names the
    question's."""
    asked = _ASKED_OF.search(question.text)
    if asked is None:
        return None
    measure, owner = stem(asked.group(1).lower()), stem(asked.group(2).lower())
    if owner in {stem(w.lower()) for w in _WORD.findall(sentence)}:
        return None
    for held in _HAS.finditer(sentence):
        holder = stem(held.group(1).lower())
        if holder != owner and measure in {stem(word) for word in held.group(2).split()}:
            return held.group(1)
    return None


# Relations whose two sides SQuAD v2 swaps: "OneDrive will soon become SkyDrive" against
# "SkyDrive will soon become OneDrive", "NTL Telewest rebranded from Virgin Media".
_RELATION = re.compile(
    r"\b(?:(become|became|becomes)|(re-?brand(?:ed|s)?|rename[ds]?)"
    r"|(replace[ds]?|succeed(?:ed|s)?))\b",
    re.IGNORECASE,
)
# A capitalized word, or a code of a name ("Astra *1A*").
_NAME_NEAR = re.compile(r"[A-Z][\w'’+-]*|\d+[A-Z][\w-]*")
_RELATION_REACH = 4
"""How many words from the relation's verb each side's name may stand."""
_PASSIVE = re.compile(r"\b(?:was|were|is|are|been|be)\s+$", re.IGNORECASE)


@lru_cache(maxsize=1024)
def _relation_sides(text: str) -> tuple[frozenset[str], str, frozenset[str]] | None:
    """The words of the names a relation leads from and to, with its verb ("SkyDrive",
    "become", "OneDrive"); None without a name on each side."""
    match = _RELATION.search(text)
    if match is None:
        return None
    before = re.findall(r"[^\s():/\"“”]+", text[: match.start()])[-_RELATION_REACH:]
    after = re.findall(r"[^\s():/\"“”]+", text[match.end() :])[:_RELATION_REACH]
    first = _name_run(list(reversed(before)))
    second = _name_run(after)
    if not first or not second:
        return None
    _, renamed, replaced = match.groups()
    if renamed:
        # "Virgin Media re-branded from NTL:Telewest": the name after "from" is the old one.
        leads_back = "from" in (word.lower() for word in after)
    elif replaced:
        # "B replaced A" leads from A; "A was replaced by B" leads from A too.
        leads_back = not (_PASSIVE.search(text[: match.start()]) or after[:1] == ["by"])
    else:
        leads_back = False
    old, new = (second, first) if leads_back else (first, second)
    return old, match.group().lower(), new


def _name_run(words: list[str]) -> frozenset[str]:
    """The stems of the first run of capitalized words among ``words``."""
    run: list[str] = []
    for word in words:
        if _NAME_NEAR.match(word):
            run.append(stem(word.strip(".,?'’").lower()))
        elif run:
            break
    return frozenset(run)


def _reversed_relation(question: str, sentence: str) -> str | None:
    """The relation's verb when the sentence leads it the other way round."""
    asked = _relation_sides(question)
    said = _relation_sides(sentence)
    if asked is None or said is None:
        return None
    # "Astra 1A" and "Astra 2A" differ by what they do not share.
    asked_old, asked_new = asked[0] - asked[2], asked[2] - asked[0]
    said_old, said_new = said[0] - said[2], said[2] - said[0]
    if not asked_old or not asked_new:
        return None
    swapped = asked_old & said_new and asked_new & said_old
    return said[1] if swapped else None


_CHANGE_ASKED = re.compile(
    r"\b(?:did|does|do|has|have|had|will|would)\b[^?]*?\b(cut|reduce|raise|increase|decrease"
    r"|lower|grow|lose|gain|save|drop|rise|fall|shrink|expand|add)\b",
    re.IGNORECASE,
)
_CHANGE_SAID = stems_of(
    CHANGE_VERBS
    + " cut cuts reduce reduced reduces reduction reductions raise raised risen increases "
    "decreases lower lowered grow grown growth lose lost loss losses gain gained gains save "
    "saved saving savings drop fall fallen decline shrink shrank expand expanded expansion add "
    "added addition change changed"
)


def _level_for_change(question: Question, told: list[str]) -> bool:
    """Whether the question asks how much something changed ("what amount did Harvard cut")
    and the figure's sentence, and the one before, tell of no change."""
    if question.expects == "date" or question.wants_arithmetic:
        return False  # "when did Britain lose its colonies" dates an event
    if not _CHANGE_ASKED.search(question.text):
        return False
    return not any(word in _CHANGE_SAID for word in told)


# "the top 15 most populous counties", "the 5 largest cities": a rank's cutoff, no count.
_SUPERLATIVES = "most|least|largest|biggest|smallest|highest|lowest|best|worst|greatest"
_TOP_BEFORE = re.compile(r"\b(?:top|bottom)\s*$", re.IGNORECASE)
_RANKED_AFTER = re.compile(rf"^\s+(?:{_SUPERLATIVES})\b")
_ASKS_RANK = re.compile(rf"\b(?:top|bottom|first|last|{_SUPERLATIVES})\b|\brank", re.IGNORECASE)


def _cutoff(question: Question, before: str, after: str) -> str | None:
    """ "top" or the superlative that makes a figure where a ranking stops, when a "how
    many" question asks for no rank ("how many populous counties are there": "the top 15
    most populous counties")."""
    if not _HOW_MANY.search(question.text) or _ASKS_RANK.search(question.text):
        return None
    top = _TOP_BEFORE.search(before)
    if top is not None:
        return top.group().strip()
    ranked = _RANKED_AFTER.match(after)
    return ranked.group().strip() if ranked else None


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
_YEAR_SPAN = re.compile(r"(?<!\d)((?:1[0-9]|20)\d\d)\s*[–—-]\s*((?:1[0-9]|20)?\d\d)(?!\d)")
"""A span of years, "1851–1860" or "1368–1644" (its first and last year as groups)."""


def _other_end(question: Question, text: str, start: int, end: int) -> str | None:
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


_TOTAL_WORDS = stems_of(TOTAL_WORDS)
_CHANGE_WORDS = stems_of(CHANGE_VERBS)
YEAR = re.compile(r"(?<!\d)(?:1[89]|20)\d\d(?!\d)")
"""A year as a table header or a question writes it ("2019", "30 June 2018")."""


# What opens the list of what a figure counts: "three bodies of water: the Obersee, ...",
# "eleven academic units—ten faculties and the Radcliffe Institute". Not a range
# ("30,000–35,000"), a time ("10:30") or a name's dash ("the Harvard–Yale Regatta").
_LIST_OPENER = re.compile(r"(?::|—|\s[–-]\s)(?!\s*\d)")
_LIST_REACH = 60
"""How many characters after the figure its list may open: the counted noun lies between."""


def _listed_name(question: Question, text: str, bounds: tuple[int, int, int]) -> str | None:
    """A name of a "how many" question that the figure's sentence writes only in the list
    the figure opens: the figure counts that list's members, of which the name is one.
    ``bounds``: where the sentence starts, where the figure ends, where the sentence ends."""
    sentence_start, end, sentence_end = bounds
    if not question.names or not _HOW_MANY.search(question.text):
        return None
    opener = _LIST_OPENER.search(text, end, min(sentence_end, end + _LIST_REACH))
    if opener is None:
        return None
    before = [stem(w.lower()) for w in _WORD.findall(text[sentence_start : opener.start()])]
    listed = [stem(w.lower()) for w in _WORD.findall(text[opener.end() : sentence_end])]
    name = next(
        (
            name
            for name in question.names
            if _has_word(listed, name) and not _has_word(before, name)
        ),
        None,
    )
    if name is None:
        return None
    return next((w for w in _WORD.findall(question.text) if stem(w.lower()) == name), name)


# "Paris's population of 100,000", "Harvard's endowment, $37.6 billion": up to three words
# between the owner and the figure.
_EVENT_OF = re.compile(
    r"\bthe\s+([a-z]+)\s+of\s+([A-Z][\w'-]*(?:\s+(?:[A-Z]\.|[A-Z][\w'-]*))*)"
    r"\s*,?\s*(?:in|on|at)?\s*$"
)
_OWNED_BY = re.compile(r"\b([A-Z][a-z]+)(?:'s|’s)\s+(?:[a-z]+,?\s+){1,3}$")
_TIME_UNITS = frozenset(("year", "month", "week", "day", "hour", "minute", "second"))
_RATE_WORDS = re.compile(r"\b(?:per|average|rate|density)\b", re.IGNORECASE)
_RATE_REACH = 40
"""How many characters after a figure its "per ..." may stand ("0.62 tons of carbon per")."""


def _rate(question: Question, after: str) -> str | None:
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
    asked = _question_words(question.text)[1]
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


def _capacity(question: Question, before: str) -> str | None:
    """The capacity words right before a figure, when the question asks for no capacity."""
    match = _CAPACITY_BEFORE.search(before)
    if match is None or _CAPACITY_ASKED.search(question.text):
        return None
    return match.group().strip()


# SQuAD v2 asks about a relative of the person the text tells of ("When did Edward the
# Confessor's son return?" where Edward returned).
_RELATIVE = re.compile(
    r"(?:'s|’s|\bhis|\bher|\btheir)\s+(son|daughter|father|mother|wife|husband|brother"
    r"|sister|successor|predecessor|heir|nephew|niece|uncle|aunt|grandson|granddaughter"
    r"|widow)s?\b",
    re.IGNORECASE,
)


def _missing_relation(question: Question, stems: list[str]) -> str | None:
    """The relative the question asks about, when the given stems never mention one."""
    match = _RELATIVE.search(question.text)
    if match is None:
        return None
    relative = match.group(1).lower()
    return None if _has_word(stems, stem(relative)) else relative


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


def _earlier(question: Question, clause: str) -> str | None:
    """ "the start", when a present-tense question ("how many employees does it have") meets
    a figure its clause gives for the beginning ("started with six employees")."""
    if not _AT_THE_START.search(clause):
        return None
    if not _PRESENT.search(question.text) or _PAST.search(question.text):
        return None
    return "the start"


def _other_year(question: Question, clause: str) -> str | None:
    """The year a figure's clause names, when the question asks about one other year; or
    the span of years the clause gives it for, when the question asks about one of them."""
    if question.expects == "date":
        return None
    asked = set(YEAR.findall(question.text))
    said = YEAR.findall(clause)
    if len(asked) != 1 or not said:
        return None
    if not asked & set(said):
        return said[0]
    # "in the decade 1851–1860" gives the figure for ten years, not for 1860.
    if _YEAR_SPAN.search(question.text):
        return None
    spans = [m for m in _YEAR_SPAN.finditer(clause) if asked & set(YEAR.findall(m.group()))]
    alone = YEAR.findall(_YEAR_SPAN.sub(" ", clause))
    return spans[0].group() if spans and not asked & set(alone) else None


def _counted_head(question: Question) -> str | None:
    """The stem of what a "how many" question counts ("how many *schools*")."""
    return counted_head(question.text) if _HOW_MANY.search(question.text) else None


def _counts_unlabelled(question: Question, labels: list[str], words: set[str]) -> str | None:
    """A cell's row label when the question counts something ("how many components") that
    none of the cell's labels names: the cell is an amount of the row, not that count."""
    head = _counted_head(question)
    if head is None or any(same_stem(w, head) or w.endswith(head) for w in words):
        return None
    return labels[0] or None


def _part_of_the_row_total(question: Question, columns: tuple[str, list[str]] | None) -> bool:
    if columns is None:
        return False
    own, others = columns
    words = {stem(w.lower()) for w in _WORD.findall(own) if w not in _CLAUSE_MARKS}
    if words & _TOTAL_WORDS:
        return False  # the total's own column
    named = {w for w in words if w not in STOPWORDS and not YEAR.fullmatch(w)}
    if not named or any(same_stem(w, term) for w in named for term in question.terms):
        return False  # a year's column, or one the question names
    return any(
        any(stem(w.lower()) in _TOTAL_WORDS for w in _WORD.findall(other)) for other in others
    )


def _one_of_years(question: Question, labels: list[str]) -> bool:
    """A cell of one year's column, when the question wants a total over several ("the
    total audit fees in both 2018 and 2019" is a sum, not the 2018 "Total Fees")."""
    asked = set(YEAR.findall(question.text))
    held = asked & set(YEAR.findall(" ".join(labels)))
    return len(asked) > 1 and len(held) < len(asked)


def _as_change(before: list[str]) -> bool:
    """Whether the words just before a figure give it as a change: "increased $273 million",
    "rose by 6%", "an increase of 5%" (but "grew to 5,000" gives a level)."""
    if not before:
        return False
    if before[-1] in ("by", "of") and len(before) > 1:
        return before[-2] in _CHANGE_WORDS
    return before[-1] in _CHANGE_WORDS


_DIMENSIONS = {
    stem(word): dimension
    for dimension, words in (
        ("length", "long length"),
        ("width", "wide width broad breadth"),
        ("height", "high height tall"),
        ("depth", "deep depth"),
    )
    for word in words.split()
}


def _other_dimension(question: Question, clause: list[str]) -> str | None:
    """A dimension word in the figure's clause when the question asks another and the clause
    never says that one ("How wide is the Rhine?": "the accepted *length* of the Rhine was
    1,230 kilometres")."""
    asked = {_DIMENSIONS[w] for w in _question_words(question.text)[1] if w in _DIMENSIONS}
    said = {_DIMENSIONS[w]: w for w in clause if w in _DIMENSIONS}
    if asked and said and not said.keys() & asked:
        return next(iter(said.values()))
    return None


def _noun_after(after: list[str]) -> tuple[list[int], dict[str, int]]:
    """Which of the stems after a figure name what it counts, and the dimensions among them.

    What a figure counts comes right after it, before any other small word ("182 million
    tons *of dust*" counts tons); the rest of a range ("ten *to fifteen* lead authors")
    counts the same thing."""
    skip = 2 if len(after) > 1 and after[0] in _RANGE_WORDS and _is_number(after[1]) else 0
    following: list[int] = []
    dimensions: dict[str, int] = {}
    for index in range(skip, len(after)):
        word = after[index]
        if word in _DIMENSIONS:
            dimensions[_DIMENSIONS[word]] = index
        if word in _CLAUSE_MARKS or word[:1].isdigit() or word in STOPWORDS:
            break
        following.append(index)
    return following, dimensions


def _counts_other(after: list[str], question: Question) -> int | None:
    """Which of the stems after a figure says it measures something else than the question
    asks: another of the question's nouns where it counts one ("how many students": "88
    private *schools*"), or another dimension ("how wide": "300 km *long*")."""
    following, dimensions = _noun_after(after)
    asked = {_DIMENSIONS[w] for w in _question_words(question.text)[1] if w in _DIMENSIONS}
    if asked and dimensions and not dimensions.keys() & asked:
        return next(iter(dimensions.values()))
    words = [after[index] for index in following]
    if question.target and not any(same_stem(w, t) for w in words for t in question.target):
        # The last such word is the noun ("88 private *schools*").
        for index in reversed(following):
            if after[index] in question.terms and after[index] not in question.names:
                return index
    return None


_RANGE_WORDS = frozenset(("to", "or", "and"))
_NUMBER_STEMS = frozenset(stem(word) for word in NUMBER_WORDS)


def _is_number(word: str) -> bool:
    return word[:1].isdigit() or word in _NUMBER_STEMS


def _beside(stems: list[str], first: int, last: int) -> list[str]:
    """The words just before and after a figure, up to another figure or a clause mark:
    in "rose 5.6% to $503.6 million" only 5.6% is what "rose" measures."""
    found: list[str] = []
    for step, index in ((-1, first - 1), (1, last)):
        for _ in range(STATED_WITHIN):
            if not 0 <= index < len(stems):
                break
            word = stems[index]
            if word in _CLAUSE_MARKS or word[:1].isdigit():
                break
            found.append(word)
            index += step
    return found


def _has_word(stems: list[str], term: str) -> bool:
    """The term among the stems, or written as two of them ("rain forest" for "rainforest")."""
    return any(same_stem(w, term) for w in stems) or any(
        first + second == term for first, second in zip(stems, stems[1:], strict=False)
    )


def same_stem(word: str, term: str) -> bool:
    """Equal stems, or one a prefix of the other when both are long ("sahara"/"saharan")."""
    if word == term:
        return True
    if len(word) >= 5 and len(term) >= 5:
        return word.startswith(term) or term.startswith(word)
    return False
