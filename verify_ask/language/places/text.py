"""A source's words, read once: where each starts, its stem, its sentence and the clause
marks before it; which sentences hold a stem, and how rare each stem is. The name and place
indexes are built on it."""

from __future__ import annotations

import bisect
import math
from collections import Counter
from functools import cached_property
from typing import NamedTuple

from verify_ask.language.places.words import CLAUSE_MARKS, WORD, same_stem
from verify_ask.language.question import fold, stem
from verify_ask.text.source import Source


class Words(NamedTuple):
    """The source's words in text order, one list entry per word."""

    starts: list[int]
    stems: list[str]
    """Each word's stem; a clause mark (",", ";", ":") as it is."""
    sentences: list[int]
    """The index of each word's sentence."""
    marks_before: list[int]
    """How many clause marks precede each word (one entry more: the count after the last)."""


class TextIndex:
    """The source's words with their stems and sentences, indexed once per source."""

    def __init__(self, source: Source) -> None:
        self.source = source

    @cached_property
    def _words(self) -> Words:
        """Start, stem and sentence of each word, and how many clause marks precede it."""
        starts: list[int] = []
        stems: list[str] = []
        sentences: list[int] = []
        marks_before = [0]
        sentence_starts = self.source.sentence_starts
        for match in WORD.finditer(self.text):
            word = match.group()
            starts.append(match.start())
            stems.append(word if word in CLAUSE_MARKS else stem(word.lower()))
            sentences.append(max(bisect.bisect_right(sentence_starts, match.start()) - 1, 0))
            marks_before.append(marks_before[-1] + (word in CLAUSE_MARKS))
        return Words(starts, stems, sentences, marks_before)

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
        for word, sentence in zip(self._words.stems, self._words.sentences, strict=True):
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

    def weight(self, term: str) -> float:
        return self._weights.get(term, math.log(2 + len(self.source.sentences)))

    def _written(self, index: int) -> str:
        """Word ``index`` as the text writes it."""
        starts, stems, _, _ = self._words
        match = WORD.match(self.text, starts[index])
        return match.group() if match else stems[index]
