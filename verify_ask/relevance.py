"""How well a place in the source answers a question: weighted overlap of the question's terms.

Presence of a value in the source is not evidence by itself (a passage holds many figures);
the sentence that holds it must be about what the question asks. Terms are weighted by
their rarity across the source's sentences, so "the" in every sentence counts for little and
a name that appears once counts for much.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter
from functools import cached_property

from verify_ask.question import Question, content_terms
from verify_ask.source import Source


class RelevanceIndex:
    """Per-source sentence terms and term weights, built once and queried per question."""

    def __init__(self, source: Source) -> None:
        self.source = source

    @cached_property
    def sentence_terms(self) -> tuple[frozenset[str], ...]:
        text = self.source.text
        return tuple(frozenset(content_terms(text[s:e])) for s, e in self.source.sentences)

    @cached_property
    def _document_frequency(self) -> Counter[str]:
        counts: Counter[str] = Counter()
        for terms in self.sentence_terms:
            counts.update(terms)
        return counts

    def weight(self, term: str) -> float:
        sentences = len(self.sentence_terms)
        return math.log(1 + (sentences + 1) / (1 + self._document_frequency.get(term, 0)))

    def coverage(self, question: Question, sentence_index: int) -> float:
        """Share of the question's term weight found in the sentence (0..1).

        The previous sentence counts at half weight: "It was founded in 1998" answers a
        question whose subject was named one sentence earlier.
        """
        if not question.terms:
            return 0.0
        here = self.sentence_terms[sentence_index]
        before = self.sentence_terms[sentence_index - 1] if sentence_index > 0 else frozenset()
        total = found = 0.0
        for term in question.terms:
            weight = self.weight(term)
            total += weight
            if term in here:
                found += weight
            elif term in before:
                found += weight / 2
        return found / total if total else 0.0

    def sentence_index(self, offset: int) -> int:
        starts = [span[0] for span in self.source.sentences]
        return max(bisect.bisect_right(starts, offset) - 1, 0)
