"""Names a question mentions, and the other ways a text writes them.

The span checker refuses a figure when a name from the question stands nowhere near it:
SQuAD v2 makes unanswerable questions by swapping one name for another. A text that
writes the same thing another way ("the Lunar Module" near one figure, "the LM" near the
next; the code "AS-201", which splits into two words) must not be refused for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from verify_ask.language.question import stem
from verify_ask.text.acronyms import spelled_pattern

_SMALL_WORDS = frozenset("of and the for on in de du la le von van der".split())
# "Lunar Module (LM)", "European Court of Justice (ECJ)": capitalized words, small words
# between them, then the abbreviation in brackets.
_DEFINED = re.compile(
    r"((?:(?:[A-Z][A-Za-z'\-]*|" + "|".join(sorted(_SMALL_WORDS)) + r")\s+){1,8})"
    r"\(\s*([A-Z][A-Za-z]{1,7}?)s?\s*\)"
)


# Countries whose people are named by another word than the country's ("British" for
# "Britain"); the others share a stem with it ("German", "Germany").
_PEOPLE_OF = {
    "britain": "british",
    "china": "chinese",
    "denmark": "danish",
    "england": "english",
    "finland": "finnish",
    "france": "french",
    "greece": "greek",
    "ireland": "irish",
    "israel": "israeli",
    "netherlands": "dutch",
    "norway": "norwegian",
    "pakistan": "pakistani",
    "peru": "peruvian",
    "philippines": "filipino",
    "poland": "polish",
    "portugal": "portuguese",
    "scotland": "scottish",
    "spain": "spanish",
    "sweden": "swedish",
    "switzerland": "swiss",
    "thailand": "thai",
    "turkey": "turkish",
    "vietnam": "vietnamese",
    "wales": "welsh",
}


@lru_cache(maxsize=1)
def _demonyms() -> dict[str, str]:
    pairs = {stem(country): stem(people) for country, people in _PEOPLE_OF.items()}
    return pairs | {people: country for country, people in pairs.items()}


def demonym_of(name: str) -> str | None:
    """The stem that names a country's people for its country's, or the other way round
    ("british" for "britain"); None for other names."""
    return _demonyms().get(name)


def code_pattern(name: str) -> re.Pattern[str]:
    """A code as written; an ampersand abbreviation also spelled out, its words' initials
    its letters ("PP&E": "property, plant and equipment"; "R&D": "research, development")."""
    written = r"(?<![\w-])" + re.escape(name) + r"(?![\w])"
    if "&" not in name:
        return re.compile(written, re.IGNORECASE)
    return re.compile(f"{written}|{spelled_pattern(name)}", re.IGNORECASE)


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


# A middle initial belongs to the name ("Rajendra K. Pachauri").
_CAPITALIZED = r"[A-Z](?:\.(?=\s+[A-Z][a-z])|[A-Za-z'\-]*)"
_NEXT_CAPITALIZED = r"\s+(?:(?:" + "|".join(sorted(_SMALL_WORDS)) + r")\s+)*" + _CAPITALIZED
_RUN = re.compile(f"{_CAPITALIZED}(?:{_NEXT_CAPITALIZED})+")
"""Two capitalized words or more, small words between them."""


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


@lru_cache(maxsize=256)
def spelled_out(text: str) -> dict[str, str]:
    """Each stem of a name a question spells out in two or more capitalized words, with
    the name's initials ("United Kingdom" -> "uk"): a text may write only those."""
    found: dict[str, str] = {}
    for match in _RUN.finditer(text):
        words = [w for w in match.group().split() if w.lower() not in _SMALL_WORDS]
        if len(words) < 2 or match.start() == 0:
            continue
        initials = "".join(w[0].lower() for w in words)
        for word in words:
            found.setdefault(stem(word.lower()), initials)
    return found


def initialism_pattern(initials: str) -> re.Pattern[str]:
    """The initials written in capitals, with or without stops ("UK", "U.K.")."""
    return re.compile(r"\b" + r"\.?".join(initials.upper()) + r"\b")


_NAME = re.compile(f"{_CAPITALIZED}(?:{_NEXT_CAPITALIZED})*")
"""One capitalized word or a run of them."""
# A run of capitalized words names one thing up to a word that joins two ("Brown and
# Westinghouse", "Rhine in Germany") or a possessive ("Victoria's Mount Bogong").
_JOINS = re.compile(r"\s+(?:and|or|in|on|at|to|for|by|with|from|the)\s+|'s?\s+|,\s*")


def _full_names(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each name a text writes as capitalized words ("Carl Wilhelm Scheele"), with its
    stems."""
    # "NTL:Telewest", "Sky/Virgin": one name, written with a mark between its words.
    text = re.sub(r"(?<=[A-Za-z])[:/](?=[A-Z])", " ", text)
    names = []
    for match in _NAME.finditer(text):
        for part in _JOINS.split(match.group()):
            words = tuple(
                stem(w.lower().rstrip("'")) for w in part.split() if w.lower() not in _SMALL_WORDS
            )
            if words:
                names.append((part.strip(), words))
    return names


TextNames = tuple[frozenset[str], tuple[tuple[str, ...], ...]]
"""Every word of the text's names, and each name's words."""


def text_names(text: str) -> TextNames:
    """The names a text writes. Kept by the caller with its text (``PlaceIndex.names``), not
    in a module cache: a 50 MB source has millions."""
    names = [words for _, words in _full_names(text)]
    return frozenset(word for name in names for word in name), tuple(names)


AskedName = tuple[str, tuple[str, ...], bool]
"""A name of several words in a question: as written, its stems, and whether the text writes
it whole (its words in order, within one name)."""


def asked_names(question: str, in_text: TextNames) -> tuple[AskedName, ...]:
    """The question's names of several words whose every word the text writes somewhere."""
    body = question.split(None, 1)[1] if " " in question.strip() else ""
    words, names = in_text
    return tuple(
        (written, asked, any(_in_order(asked, name) for name in names))
        for written, asked in _full_names(body)
        if len(asked) >= 2 and all(word in words for word in asked)
    )


def another_name(
    asked: tuple[AskedName, ...], sentence: str, near: Iterable[str] = ()
) -> str | None:
    """A name the sentence writes in place of one the question asks about: the question's
    name of several words is written whole elsewhere in the text, and the sentence writes
    two or more of its words in another name ("the Academic Ranking of World Universities"
    against "the University Ranking by Academic Performance"), or, where none of the texts
    ``near`` it (the sentence before, the value's other places) writes the question's, one
    of its two words in the same place ("Storm Ophelia" against "Storm Elin")."""
    here = _full_names(sentence)
    near_names: list[tuple[str, ...]] | None = None  # read only when a word is swapped
    for _, words, whole in asked:
        if not whole or any(_in_order(words, name) for _, name in here):
            continue
        for written, name in here:
            if len(set(words) & set(name)) >= 2:
                return written
            if _one_word_swapped(words, name):
                if near_names is None:
                    near_names = [found for text in near for _, found in _full_names(text)]
                if not any(_in_order(words, found) for found in near_names):
                    return written
    return None


def _one_word_swapped(asked: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """Two names of two words, alike but for one word in the same place, and that word not
    one of the same family ("Western European" is "Western Europe" written otherwise)."""
    if not len(asked) == len(name) == 2:
        return False
    differ = [(a, b) for a, b in zip(asked, name, strict=True) if a != b]
    return len(differ) == 1 and differ[0][0][:4] != differ[0][1][:4]


def _in_order(asked: tuple[str, ...], name: tuple[str, ...]) -> bool:
    remaining = iter(name)
    return all(word in remaining for word in asked)
