"""Acronyms a question uses and its source only writes out: "PP&E" for "property, plant and
equipment", "R&D" for "research and development".

Analysts ask in acronyms; filings spell their line items out. Neither BM25 nor the
encoder links the two, so retrieval reads the question with each acronym's spelled-out
form as the source writes it: the phrase whose words' initials are the acronym's letters
(``spelled_pattern``, which the names rule reads an ampersanded name by too), the one the
source writes most often. Only where the source never writes the acronym
itself (its own words then find it), and only for three letters or more, or two joined by
"&": two capitals alone ("US", "II") spell too many phrases by chance.
"""

from __future__ import annotations

import re
from collections import Counter

from verify_ask.text.phrases import plain
from verify_ask.text.source import Source

ACRONYM = re.compile(r"(?<![\w&.])(?:[A-Z]&[A-Z]|[A-Z](?:[A-Z]|&(?=[A-Z])){2,5})(?![\w&])")
"""Three to six capitals, "&" allowed between two, or two joined by "&": "EPS", "PP&E",
"R&D"."""
ROMAN = re.compile(r"[IVXLCDM]+")


def spelled_pattern(acronym: str) -> str:
    """A regex for the acronym spelled out, its words' initials its letters ("PP&E":
    "property, plant and equipment"; "R&D": "research, development"; "EPS": "earnings per
    share"): the letters of a group join by spaces or commas, the groups an "&" parts by
    "and", "&" or a comma."""
    groups = [r",?\s+".join(rf"{re.escape(letter)}[a-z]*\b" for letter in group)
              for group in acronym.split("&")]
    return r"\b" + r"(?:\s*,?\s*(?:and|&)\s*|,\s*)".join(groups)


def expand(question: str, source: Source) -> str:
    """The question, followed by each of its acronyms spelled out as the source writes it."""
    spellings = source.cached(_Spellings)
    spelled = [
        found
        for acronym in dict.fromkeys(ACRONYM.findall(question))
        if not ROMAN.fullmatch(acronym) and (found := spellings.of(acronym))
    ]
    return " ".join([question, *spelled])


class _Spellings:
    """The acronyms of a source's questions spelled out as it writes them, found once."""

    def __init__(self, source: Source) -> None:
        self.text = source.text
        self.found: dict[str, str | None] = {}

    def of(self, acronym: str) -> str | None:
        """The spelling the text writes most often, or None where it writes the acronym
        itself (dotted or not, "U.S.A."): its own letters find it."""
        if acronym not in self.found:
            self.found[acronym] = None if self._writes(acronym) else self._most_written(acronym)
        return self.found[acronym]

    def _writes(self, acronym: str) -> bool:
        dotted = r"\.?".join(re.escape(letter) for letter in acronym)
        return re.search(rf"(?<![\w&]){dotted}(?![\w&])", self.text) is not None

    def _most_written(self, acronym: str) -> str | None:
        pattern = re.compile(spelled_pattern(acronym), re.IGNORECASE)
        phrases = Counter(plain(match.group()) for match in pattern.finditer(self.text))
        return phrases.most_common(1)[0][0] if phrases else None
