"""Where a source names what a question names: in which sentences, however written (an
abbreviation, initials, a code, a misspelling, the country's people), whether it is what the
whole text is about, and whether a sentence names someone else."""

from __future__ import annotations

import bisect
import re
from collections import Counter
from functools import cached_property

from verify_ask.language.lexicon import NOT_NAMES
from verify_ask.language.names import (
    AskedName,
    TextNames,
    abbreviations,
    asked_names,
    code_pattern,
    demonym_of,
    initialism_pattern,
    initialisms,
    spelled_out,
    text_names,
)
from verify_ask.language.places.text import TextIndex
from verify_ask.language.places.words import same_stem
from verify_ask.language.question import Question, is_code, stem
from verify_ask.text.normalize.dates import month_number

# A name of one word: capitalized, not after a sentence's or quotation's opening.
_SINGLE_NAME = re.compile(r"(?<![\w'’-])[A-Z][a-z]{2,}(?![\w'’-])")
_OPENING = frozenset('.?!"“(:')
_NAME_WORD = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+")
TOPIC_SENTENCES = 3
TOPIC_SHARE = 8
"""A name found in this many sentences is the text's topic and need not stand by the figure."""
MAX_INITIALISM = 5
"""A name this short may be the initials of capitalized words ("EU", "CJEU")."""
MISSPELLABLE = 6
"""Names (stems) this long may be matched misspelled; shorter ones differ by a letter
("Hayes", "Hades")."""
MISSPELLING_SCORE = 88
"""rapidfuzz's ratio out of 100 at which a word is the name misspelled: one letter in
eight or nine ("emmrich"/"emmerich" 93; not "austria"/"australia" 87.5, "obersee"/"untersee"
62)."""
MISSPELLED_LETTERS = 1
"""A name this long may also differ from the text's word by this many letters wrong, missing,
added or swapped ("primier"/"premier" 85.7, "theatr"/"theater"), whatever the ratio."""
_THE_COMPANY = re.compile(r"\b[Tt]he (?:company|group|firm)(?:'s)?\b")
_COMPANY_NAME = re.compile(
    r"((?:[A-Z][\w&'-]*\s+){1,5})(?:Inc|Corp|Corporation|Ltd|Limited|plc|PLC|ASA|AG|SA|NV|LLC"
    r"|SE|Group|Holdings)\b\.?"
)
_PRONOUNS = frozenset("he she his her it its they their".split())


class NameIndex(TextIndex):
    """The names of a source, found for a question's names (cached per question)."""

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
        # "British" for "Britain": the name of a country and of its people.
        other = demonym_of(name)
        if other is not None:
            found |= self.sentences_with(other)
        if not found and name.isalpha() and len(name) >= MISSPELLABLE:
            found = self._misspelled(name)
        return found

    def _misspelled(self, name: str) -> set[int]:
        """The sentences of a word spelled nearly as the name: questions misspell names
        ("Emmrich" for "Emmerich", "Intercolleiate", "Primier" for "Premier")."""
        from rapidfuzz import fuzz
        from rapidfuzz.distance import OSA

        # Misspellings keep the first letter; other names may not ("Prussia", "Russia").
        words = [
            word for word in self._sentences_of if len(word) >= MISSPELLABLE and word[0] == name[0]
        ]
        found: set[int] = set()
        for word in words:
            if (
                fuzz.ratio(name, word) >= MISSPELLING_SCORE
                or OSA.distance(name, word, score_cutoff=MISSPELLED_LETTERS) <= MISSPELLED_LETTERS
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
        # The name the text opens with and comes back to is its subject ("Tesla ... He"),
        # and so is the name its first words give when the next sentence goes on with a
        # pronoun ("Lumen Foods is a maker of frozen meals. It was founded ..."), or the
        # company it names when the text goes on with "the company".
        # In a long report a name told in three sentences is one subject among several (an
        # exhibition of a museum's year): the topic is told in a good share of them.
        told_often = max(TOPIC_SENTENCES, len(self.source.sentences) // TOPIC_SHARE)
        return len(found) >= told_often or (
            0 in found
            and (
                len(found) >= 2
                or self._goes_on_about(name, 1)
                or any(same_stem(word, name) for word in self._company)
            )
        )

    @cached_property
    def _company(self) -> list[str]:
        """The stems of the company a press release opens with ("Halvorsen Marine Systems
        ASA today reported") when it speaks of "the company" after: it names it once."""
        sentences = self.source.sentences
        if len(sentences) < 2 or not _THE_COMPANY.search(self.text, sentences[1][0]):
            return []
        found = _COMPANY_NAME.search(self.text, *sentences[0])
        return [stem(word.lower()) for word in found.group(1).split()] if found else []

    def _name_here(self, question: Question, name: str, here: int) -> bool:
        """Whether a name stands in sentence ``here`` or the one before, however written
        ("the US" for "the United States"), or is what the text is about."""
        return self._is_topic(question, name) or bool(
            {here - 1, here} & self.name_sentences(question, name)
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

    def _goes_on_about(self, name: str, sentence: int) -> bool:
        """Whether the sentence opens with a pronoun ("He", "His", "It") that stands for
        the name, because the sentence before opens with it ("Gou derived a formula... His
        calendar ... in 1281"): the first name of a sentence is its subject, a later one is
        not ("Fresno is ... the largest city in the Central Valley ... It is 220 miles")."""
        if not 0 < sentence < len(self.source.sentences):
            return False
        start, end = self.source.sentences[sentence]
        opening = self.text[start:end].split(maxsplit=1)[:1]
        if not opening or opening[0].lower() not in _PRONOUNS:
            return False
        starts, stems, sentences, _ = self._words
        first = bisect.bisect_left(sentences, sentence - 1)
        last = bisect.bisect_left(sentences, sentence)
        for index in range(first, last):
            if same_stem(stems[index], name):
                # Only the name's own capitalized words may come first ("The historian
                # Francis Aidan Gasquet"), and a first word that is no name ("The").
                opening = index
                while opening > first and self.text[starts[opening - 1]].isupper():
                    opening -= 1
                before = [
                    self.text[starts[i] : starts[i + 1]].strip() for i in range(first, opening)
                ]
                if before and before[0].lower() in NOT_NAMES:
                    before = before[1:]
                return not any(word[:1].isupper() for word in before)
        return False

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
            if word.lower() in NOT_NAMES or month_number(word) is not None:
                continue
            if self._capitalized[word] >= 2:
                found.append(word)
        return found

    @cached_property
    def _capitalized(self) -> Counter[str]:
        """How often the text writes each capitalized word (once per text, not per sentence:
        a long source has many sentences)."""
        return Counter(_SINGLE_NAME.findall(self.text))
