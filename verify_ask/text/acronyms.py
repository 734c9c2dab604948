"""Acronyms a question uses and its source only writes out: "PP&E" for "property, plant and
equipment", "R&D" for "research and development".

Analysts ask in acronyms; filings spell their line items out. Neither BM25 nor the
encoder links the two, so retrieval reads the question with each acronym's spelled-out
form as the source writes it: the phrase whose words' initials are the acronym's letters,
the one the source writes most often. Only where the source never writes the acronym
itself (its own words then find it), and only for three letters or more, or two joined by
"&": two capitals alone ("US", "II") spell too many phrases by chance.
"""

from __future__ import annotations

import re
from collections import Counter

from verify_ask.text.source import Source

ACRONYM = re.compile(r"(?<![\w&.])(?:[A-Z]&[A-Z]|[A-Z](?:[A-Z]|&(?=[A-Z])){2,5})(?![\w&])")
"""Three to six capitals, "&" allowed between two, or two joined by "&": "EPS", "PP&E",
"R&D"."""
ROMAN = re.compile(r"[IVXLCDM]+")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
_JOINS = re.compile(r"[\s,&-]*")
"""What may stand between the words of a spelled-out acronym."""
_LINKS = frozenset({"and", "of", "the", "for", "in", "on", "to"})
"""Words a spelled-out acronym may hold that its letters skip ("research *and*
development")."""
_NOT_SPELLED = frozenset(
    "all any are but can did had has her his its may not now our out she than that then "
    "this was were who why will with from into over they them what when".split()
)
"""Words no acronym's letter stands for, beside those under three letters: "declared *a*"
spells no "D&A"."""


def expand(question: str, source: Source) -> str:
    """The question, followed by each of its acronyms spelled out as the source writes it."""
    words = source.cached(_Words)
    spelled = [
        found
        for acronym in dict.fromkeys(ACRONYM.findall(question))
        if not ROMAN.fullmatch(acronym)
        and not words.writes(acronym)
        and (found := words.spelled(acronym))
    ]
    return " ".join([question, *spelled])


class _Words:
    """A source's words with their offsets, found once, and the acronyms spelled out so far."""

    def __init__(self, source: Source) -> None:
        self.text = source.text
        self.words = [(m.start(), m.end(), m.group().casefold()) for m in _WORD.finditer(self.text)]
        self.by_initial: dict[str, list[int]] = {}
        for index, (_, _, word) in enumerate(self.words):
            if _spells(word):
                self.by_initial.setdefault(word[0], []).append(index)
        self.found: dict[str, str | None] = {}

    def writes(self, acronym: str) -> bool:
        """Whether the text writes the acronym itself, dotted or not ("U.S.A.")."""
        dotted = r"\.?".join(re.escape(letter) for letter in acronym)
        return re.search(rf"(?<![\w&]){dotted}(?![\w&])", self.text) is not None

    def spelled(self, acronym: str) -> str | None:
        if acronym not in self.found:
            self.found[acronym] = self._most_written(acronym.replace("&", "").casefold())
        return self.found[acronym]

    def _most_written(self, letters: str) -> str | None:
        phrases: Counter[str] = Counter()
        for first in self.by_initial.get(letters[0], []):
            phrase = self._phrase_from(first, letters)
            if phrase:
                phrases[phrase] += 1
        return phrases.most_common(1)[0][0] if phrases else None

    def _phrase_from(self, first: int, letters: str) -> str | None:
        """The words from ``first`` whose initials spell ``letters``, joined only by spaces,
        commas, hyphens, "&" and linking words; None where they do not."""
        taken: list[str] = []
        for index in range(first, len(self.words)):
            start, _, word = self.words[index]
            if taken and not _JOINS.fullmatch(self.text, self.words[index - 1][1], start):
                return None
            taken.append(word)
            if word in _LINKS and len(taken) > 1:
                continue
            if not _spells(word) or word[0] != letters[len(taken) - _linked(taken) - 1]:
                return None
            if len(taken) - _linked(taken) == len(letters):
                return " ".join(taken)
        return None


def _spells(word: str) -> bool:
    """Whether an acronym's letter may stand for the word."""
    return len(word) > 2 and word not in _NOT_SPELLED and word not in _LINKS


def _linked(words: list[str]) -> int:
    return sum(word in _LINKS for word in words)
