"""Names a question mentions, and the other ways a text writes them.

The span checker refuses a figure when a name from the question stands nowhere near it:
SQuAD v2 makes unanswerable questions by swapping one name for another. A text that
writes the same thing another way ("the Lunar Module" near one figure, "the LM" near the
next; the code "AS-201", which splits into two words) must not be refused for it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from verify_ask.question import stem

_SMALL_WORDS = frozenset("of and the for on in de du la le von van der".split())
# "Lunar Module (LM)", "European Court of Justice (ECJ)": capitalized words, small words
# between them, then the abbreviation in brackets.
_DEFINED = re.compile(
    r"((?:(?:[A-Z][A-Za-z'\-]*|" + "|".join(sorted(_SMALL_WORDS)) + r")\s+){1,8})"
    r"\(\s*([A-Z][A-Za-z]{1,7}?)s?\s*\)"
)


def code_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w])", re.IGNORECASE)


@lru_cache(maxsize=256)
def abbreviations(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Abbreviations the text defines, each with the stems of the words it stands for."""
    found: dict[str, tuple[str, ...]] = {}
    for match in _DEFINED.finditer(text):
        abbreviation = match.group(2)
        letters = "".join(c for c in abbreviation if c.isupper()).lower()
        if len(letters) < 2:
            continue
        words = match.group(1).split()
        expansion = _expansion(words, letters)
        if expansion:
            found.setdefault(stem(abbreviation.lower()), expansion)
    return tuple(found.items())


def _expansion(words: list[str], letters: str) -> tuple[str, ...]:
    """The trailing capitalized words whose initials spell ``letters``, small words skipped."""
    taken: list[str] = []
    initials = ""
    for word in reversed(words):
        if word.lower() in _SMALL_WORDS:
            continue
        for part in reversed(word.split("-")):
            if part:
                taken.append(part)
                initials = part[0].lower() + initials
        if len(initials) >= len(letters):
            break
    if initials != letters:
        return ()
    return tuple(stem(w.lower()) for w in reversed(taken))


_RUN = re.compile(
    r"[A-Z][A-Za-z'\-]*(?:\s+(?:(?:" + "|".join(sorted(_SMALL_WORDS)) + r")\s+)*[A-Z][A-Za-z'\-]*)+"
)


def initialisms(text: str) -> dict[str, list[int]]:
    """Every abbreviation a run of capitalized words could have ("European Union" -> "eu",
    "Court of Justice of the European Union" -> "cjeu"), with where each run starts."""
    found: dict[str, list[int]] = {}
    for match in _RUN.finditer(text):
        words = [w for w in match.group().split() if w.lower() not in _SMALL_WORDS]
        initials = "".join(w[0].lower() for w in words)
        for first in range(len(initials)):
            for last in range(first + 2, len(initials) + 1):
                found.setdefault(initials[first:last], []).append(match.start())
    return found
