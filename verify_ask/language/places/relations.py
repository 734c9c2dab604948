"""Place rules about what the figure's sentence says of whom: a word opposite to the
question's, a relation stated the other way round, another name the figure belongs to, the
relative asked about, and a level where the question asks for a change."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from verify_ask.language.lexicon import CHANGE_WORDS, NOT_NAMES
from verify_ask.language.names import demonym_of
from verify_ask.language.places.words import WORD, has_word, question_words, same_stem
from verify_ask.language.question import Question, is_code, stem, stems_of

_PERIODS = ("annual", "monthly", "weekly", "daily")

# SQuAD v2 makes unanswerable questions by swapping a word for its opposite. Each side is
# compared by its stems, so a side lists one form per stem ("add" covers "added"), the first
# being the one a refusal names.
_OPPOSITES = [
    (word, other, stems_of(word.replace(",", " ")), stems_of(other.replace(",", " ")))
    for pair in (
        "over/under before/after more/less more/fewer first/last win/lose won/lost "
        "gain/lose gained/lost begin/end start/end born/died birth/death north/south "
        "east/west import/export earliest/latest maximum/minimum "
        "majority/minority rise/fall rose/fell increase/decrease "
        "highest/lowest largest/smallest above/below entered/left open/closed "
        "upper/lower inside/outside oldest/newest oldest/recent "
        # Verbs with their irregular forms: "take land" against "gave land".
        "give,gave,given/take,took,taken buy,bought/sell,sold add/remove "
        "arrive/depart accept/reject lose,lost/defeat "
        "agree,agreement/dispute declare/end "
        # Superlatives of more/fewer ("at least" is no opposite of "most"), the sexes, and
        # any two periods: "the typical monthly cost" does not give the annual one.
        "most/fewest longest/shortest men/women male/female boys/girls summer/winter "
        "spring/autumn "
        + " ".join(f"{a}/{b}" for a, b in combinations(_PERIODS, 2))
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


def opposite(question: Question, said: set[str]) -> tuple[str, str] | None:
    """The first question word whose opposite the sentence says and which it does not say."""
    words, asked = question_words(question.text)
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


def opposite_in_slot(question: Question, sentence: str) -> tuple[str, str] | None:
    """The question's word and its opposite, where the sentence puts the opposite in the
    word's place beside the question's words, though it may write the word elsewhere:
    "Miles north of San Jose is the north - south midway point" for "How many miles south of
    San Jose is the north - south midway point?" (``opposite`` reads the sentence's words
    as a set, so its own "south" made up for it)."""
    return _opposite_in_slot(question.text, sentence)


@lru_cache(maxsize=4096)
def _opposite_in_slot(question: str, sentence: str) -> tuple[str, str] | None:
    # Asked of every figure of the sentence, rivals included, as the swapped readings are.
    asked = WORD.findall(question)
    said = WORD.findall(sentence)
    for index, word in enumerate(asked):
        asked_stem = stem(word.lower())
        for forms, other_forms, form_stems, other_stems in _OPPOSITES:
            if asked_stem in form_stems and _in_slot(
                said, asked, index, index, _one_of(other_stems)
            ):
                return forms.split(",")[0], other_forms.split(",")[0]
    return None


def _one_of(stems: frozenset[str]) -> Reader:
    def read(words: list[str], start: int, step: int) -> str | None:
        there = words[start].lower() if 0 <= start < len(words) else ""
        return there if stem(there) in stems else None

    return read


_STOPS_DOING = re.compile(
    r"\b(stop(?:ped|s)?|ceas(?:e|ed|es)|quit|halt(?:ed|s)?|end(?:ed|s)?)\s+([a-z]+ing)\b",
    re.IGNORECASE,
)
# One word per stem: stems_of gives "stopped" and "ending" the stems of "stop" and "end".
_STOP_STEMS = stems_of("stop cease quit halt end discontinue abandon suspend longer not never")


_ASKED_OF = re.compile(r"\b(\w+)\s+of\s+(?:the\s+)?([A-Z][\w'-]*)")
_HAS = re.compile(r"\b([A-Z][\w'-]*)\s+(?:has|had|have)\s+((?:[a-z]+\s+){1,5})")


# "Paris's population of 100,000", "Harvard's endowment, $37.6 billion": up to three words
# between the owner and the figure.
_OWNED_BY = re.compile(r"\b([A-Z][a-z]+)(?:'s|’s)\s+(?:[a-z]+,?\s+){1,3}$")
# "the resignation of Rajendra K. Pachauri in": the event of a name, just before the figure.
_EVENT_OF = re.compile(
    r"\bthe\s+([a-z]+)\s+of\s+([A-Z][\w'-]*(?:\s+(?:[A-Z]\.|[A-Z][\w'-]*))*)"
    r"\s*,?\s*(?:in|on|at)?\s*$"
)


def owner(
    question: Question, text: str, start: int, sentence: str, is_topic: Callable[[str], bool]
) -> str | None:
    """Another name than the question's that the text makes the figure at ``start`` belong
    to (rule S201): by a possessive right before it, as the name whose event it dates,
    or as the holder of what the question asks of another name in its ``sentence``.
    ``is_topic`` says whether a name is what the whole text is about: that one may own it."""
    return (
        _possessor(question, text, start, is_topic)
        or _event_holder(question, text, start, is_topic)
        or _other_holder(question, sentence)
    )


def _possessor(
    question: Question, text: str, start: int, is_topic: Callable[[str], bool]
) -> str | None:
    """A name the figure belongs to by a possessive right before it ("Paris's population
    of 100,000"), when the question names neither it nor is it what the text is about.
    A date is no one's possession ("the Government's 2001 census" dates the census)."""
    if question.expects == "date":
        return None
    match = _OWNED_BY.search(text, max(0, start - 60), start)
    if match is None:
        return None
    owner = stem(match.group(1).lower())
    if any(same_stem(owner, name) for name in (*question.names, *question.terms)):
        return None
    if is_topic(owner):
        return None
    return match.group(1)


def _event_holder(
    question: Question, text: str, start: int, is_topic: Callable[[str], bool]
) -> str | None:
    """The name a dated event belongs to, written right before the date ("after the
    *resignation of Rajendra K. Pachauri* in February 2015"), when the event is the
    question's and the name is not ("when did El Gizouli resign")."""
    if question.expects != "date" or not question.names:
        return None
    match = _EVENT_OF.search(text, max(0, start - 80), start)
    if match is None:
        return None
    event = stem(match.group(1).lower())
    if not any(same_stem(event, term) for term in question.terms):
        return None
    owner = match.group(2)
    words = [stem(word.lower()) for word in WORD.findall(owner)]
    if any(same_stem(w, known) for w in words for known in (*question.names, *question.terms)):
        return None
    if any(is_topic(w) for w in words):
        return None
    return owner


def _other_holder(question: Question, sentence: str) -> str | None:
    """The name a sentence says has what the question asks of another ("the discharge of the
    Moselle": "the Rhine has an annual mean discharge"), when the sentence never names the
    question's."""
    asked = _ASKED_OF.search(question.text)
    if asked is None:
        return None
    measure, owner = stem(asked.group(1).lower()), stem(asked.group(2).lower())
    if owner in {stem(w.lower()) for w in WORD.findall(sentence)}:
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


def reversed_relation(question: str, sentence: str) -> str | None:
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
# One word per stem, irregular forms apart ("grow", "grew", "grown").
_CHANGE_SAID = stems_of(CHANGE_WORDS + " lower lose lost loss save add addition change")


def level_for_change(question: Question, told: list[str]) -> bool:
    """Whether the question asks how much something changed ("what amount did Harvard cut")
    and the figure's sentence, and the one before, tell of no change."""
    if question.expects == "date" or question.wants_arithmetic:
        return False  # "when did Britain lose its colonies" dates an event
    if not _CHANGE_ASKED.search(question.text):
        return False
    return not any(word in _CHANGE_SAID for word in told)


# SQuAD v2 asks about a relative of the person the text tells of ("When did Edward the
# Confessor's son return?" where Edward returned).
_RELATIVE = re.compile(
    r"(?:'s|’s|\bhis|\bher|\btheir)\s+(son|daughter|father|mother|wife|husband|brother"
    r"|sister|successor|predecessor|heir|nephew|niece|uncle|aunt|grandson|granddaughter"
    r"|widow)s?\b",
    re.IGNORECASE,
)


# A figure for a part of the people counted: "the unemployment rate for women" is not the
# rate for everyone, which a sentence that names no group gives.
_GROUP = re.compile(
    r"\b(?:for|among|of)\s+(?:the\s+)?(women|men|girls|boys|children|adults|seniors"
    r"|pensioners|teenagers|youths?|veterans|immigrants|minors)\b",
    re.IGNORECASE,
)


def missing_relation(question: Question, stems: list[str]) -> str | None:
    """The relative or the group the question asks about ("his son", "for women"), when the
    given stems never mention it."""
    match = _RELATIVE.search(question.text) or _GROUP.search(question.text)
    if match is None:
        return None
    relative = match.group(1).lower()
    return None if has_word(stems, stem(relative)) else relative


# An active question names its subject between the auxiliary and the verb: "How many seats
# does *Australia* have", "When did *King Harold II* conquer England".
_ACTIVE_SUBJECT = re.compile(r"\b(?:did|does|do)\s+((?:[A-Z][\w'’.-]*\s+)+)([a-z]+)\b")
_HAVE = frozenset({"have", "has", "had", "having"})
_SUBJECT_STEM = 5
"""How many letters of a name a subject must share ("Australian" is Australia's)."""


def other_subject(question: Question, sentence: str) -> str | None:
    """The name a sentence makes the subject of the question's verb when the question asks
    it of another name, which the sentence gives after the verb: "*Victoria* has 37 seats in
    the Australian House" for "how many seats does Australia have", "Duke William ...
    conquered England killing King Harold II" for "when did King Harold II conquer England"
    (SQuAD v2 makes unanswerable questions by such swaps)."""
    return _other_subject(question.text, sentence)


@lru_cache(maxsize=4096)
def _other_subject(question: str, sentence: str) -> str | None:
    # Asked of every figure of the sentence, rivals included.
    asked = _ACTIVE_SUBJECT.search(question)
    if asked is None:
        return None
    verb = asked.group(2).lower()
    subject = {
        word.lower()[:_SUBJECT_STEM]
        for word in WORD.findall(asked.group(1))
        if len(word) > 2 and word.lower() not in NOT_NAMES
    }
    if not subject:
        return None
    for said in WORD.finditer(sentence):
        word = said.group().lower()
        if not (word in _HAVE if verb in _HAVE else _inflects(word, verb)):
            continue
        before = sentence[: said.start()]
        if _PASSIVE.search(before):
            return None  # "was established by Kublai Khan": the name after is the subject
        if _names_any(subject, WORD.findall(before)):
            return None  # the question's subject stands before the verb, as its subject
        clause = re.split(r"[,;:()]", before)[-1]
        names = [
            name
            for name in re.findall(r"\b[A-Z][\w'’-]+", clause)
            if len(name) > 2 and name.lower() not in NOT_NAMES
        ]
        if not names or _names_any(subject, names):
            return None
        return (
            " ".join(names) if _names_any(subject, WORD.findall(sentence[said.end() :])) else None
        )
    return None


def _inflects(word: str, verb: str) -> bool:
    """Whether ``word`` is a form of the verb ("conquered" of "conquer"), not a noun made
    from it ("establishment")."""
    base = verb[:-1] if verb.endswith("e") else verb
    return word.startswith(base) and len(word) - len(verb) <= 3


def _names_any(subject: set[str], words: list[str]) -> bool:
    """Whether any word writes a name of the subject ("Australian", "Khans")."""
    return any(word.lower().startswith(part) for word in words for part in subject)


def swapped_name(question: Question, sentence: str, written: Callable[[str], bool]) -> str | None:
    """The name a sentence puts where the question has one of its own, in the question's own
    words around it, when the sentence never names the question's: "Direct ascent the
    primary mission *focus at* Tessaro in 1955" for "... the primary mission focus at NASA",
    "The Westbrook *weigh in* kgs: 7,228" for "How much did the CM weigh in kgs?". SQuAD v2
    makes questions unanswerable by such swaps, and a distractor sentence (Jia and Liang
    2017) is one. ``written(name)`` says whether the sentence writes a name of the question
    in any form (misspelled, as its people, as initials: the place index knows)."""
    absent = tuple(
        name
        for name in question.names
        if not written(name) or _named_fewer_times(question.text, question.names, name, sentence)
    )
    if not absent:
        return None
    return _swapped_name(question.text, absent, frozenset(question.terms), sentence)


def _named_fewer_times(question: str, names: tuple[str, ...], name: str, sentence: str) -> bool:
    """Whether a name the question writes twice or more (as itself or in another form:
    "Americans" and "America", "Turkey" and "Turkish") is written fewer times in the
    sentence. A distractor swaps one and keeps the other: "Orvex establish the Turkish
    Republic" for "did Turkey establish the Turkish Republic", "the first the Caldera League
    newspaper" in a sentence about "The Sunday Times" for "the first Sunday newspaper"."""
    forms = {other for other in names if other.startswith(name) or name.startswith(other)}
    forms |= {other for other in names if demonym_of(other) in forms}
    forms |= {demonym_of(other) or other for other in forms}

    def times(text: str) -> int:
        return sum(
            1 for word in WORD.findall(text) if word[:1].isupper() and stem(word.lower()) in forms
        )

    asked = times(question)
    return asked >= 2 and times(sentence) < asked


def swapped_name_in_clause(question: Question, clause: str, rest: str) -> str | None:
    """The name the figure's clause puts where the question has one of its own, when the
    rest of its sentence puts the question's name there: "the French North American
    colonies had a population of roughly 60,000 European settlers, *compared with 2 million
    in the British North American colonies*" does not say that 2 million lived in the French
    ones. A comparison sets two names side by side in the question's words, a clause each;
    a name that only runs across a comma ("the Senate Committee on Commerce, Science and
    Transportation hearing") is no comparison."""
    # Only a name the rest writes as the question does: one written otherwise (initials,
    # an abbreviation) might be the clause's "other" name.
    clause_stems, rest_stems = _stems(clause), _stems(rest)
    absent = tuple(
        name
        for name in question.names
        if not is_code(name) and name in rest_stems and name not in clause_stems
    )
    if not absent:
        return None
    other = _swapped_name(question.text, absent, frozenset(question.terms), clause)
    if other is None or not _stands_in_slot(question.text, absent, rest):
        return None
    return other


def _stands_in_slot(question: str, names: tuple[str, ...], text: str) -> bool:
    """Whether the text writes one of the question's names beside the question's words."""
    asked, said = WORD.findall(question), WORD.findall(text)

    def the_name(words: list[str], start: int, step: int) -> str | None:
        start = _past_article(words, start, step)
        there = words[start] if 0 <= start < len(words) else ""
        return there if there[:1].isupper() and stem(there.lower()) in names else None

    return any(
        _in_slot(said, asked, index, index, the_name)
        for index, word in enumerate(asked)
        if stem(word.lower()) in names
    )


def _past_article(words: list[str], start: int, step: int) -> int:
    """Where a name read forward from ``start`` begins: past a "the" ("in the British North
    American colonies", "attack the Caldera League" for "attack Dyrrachium")."""
    if step > 0 and start < len(words) and words[start].lower() == "the":
        return start + 1
    return start


def _stems(text: str) -> frozenset[str]:
    return frozenset(stem(word.lower()) for word in WORD.findall(text))


def swapped_number(question: Question, sentence: str) -> str | None:
    """The number a sentence puts where the question has its own, beside the question's
    words, when the sentence never writes the question's: "The 1998 earthquake estimated to
    have cost" for "How much was the 1994 earthquake estimated to have cost?", "The Apollo 3
    cabin fire" for "the Apollo 1 cabin fire", "in a 26 hour period" for "in a 24 hour
    period" (a distractor's swap of a time or a number, as of a name)."""
    # A number's stem drops its separators: "1,200" is "1200".
    written = {stem(word) for word in WORD.findall(sentence) if word[:1].isdigit()}
    absent = tuple(
        word
        for word in WORD.findall(question.text)
        if word[:1].isdigit() and stem(word) not in written
    )
    if not absent:
        return None
    return _swapped_number(question.text, absent, sentence)


_ANCHOR = 5
"""The most of the question's words beside its name that are looked for around the other:
as few as hold a word that is no function word ("focus at", "rule that the", "farms are
there in")."""

Reader = Callable[[list[str], int, int], str | None]
"""What a sentence's words write at ``start``, read on by ``step`` (1 or -1), in the place
of the question's own, or None."""


@lru_cache(maxsize=4096)
def _swapped_name(
    question: str, absent: tuple[str, ...], terms: frozenset[str], sentence: str
) -> str | None:
    # Asked of every figure of the sentence, rivals included.
    asked = WORD.findall(question)
    said = WORD.findall(sentence)
    names = set(absent)

    def another_name(words: list[str], start: int, step: int) -> str | None:
        """The capitalized words there, when they are another name: none of them a word of
        the question ("Judges serve" for "do judges of the CJEU serve")."""
        start = _past_article(words, start, step)  # "attack the Caldera League"
        run = _capitalized_run(words, start, step)
        if step < 0:
            run.reverse()
        run = [word for word in run if word.lower() not in NOT_NAMES]
        if run and not any(stem(word.lower()) in terms for word in run):
            return " ".join(run)
        return None

    index = 0
    while index < len(asked):
        if not (asked[index][:1].isupper() and stem(asked[index].lower()) in names):
            index += 1
            continue
        end = index
        while end + 1 < len(asked) and stem(asked[end + 1].lower()) in names:
            end += 1
        other = _in_slot(said, asked, index, end, another_name)
        if other:
            return other
        index = end + 1
    return None


@lru_cache(maxsize=4096)
def _swapped_number(question: str, absent: tuple[str, ...], sentence: str) -> str | None:
    asked = WORD.findall(question)
    said = WORD.findall(sentence)
    for index, number in enumerate(asked):
        if number in absent:
            other = _in_slot(said, asked, index, index, _another_number(number))
            if other:
                return other
    return None


def _another_number(asked: str) -> Reader:
    def read(words: list[str], start: int, step: int) -> str | None:
        start = _past_article(words, start, step)  # "died in the 1998 floods"
        there = words[start] if 0 <= start < len(words) else ""  # a number is one word
        return there if there[:1].isdigit() and stem(there) != stem(asked) else None

    return read


def _in_slot(said: list[str], asked: list[str], first: int, last: int, read: Reader) -> str | None:
    """What ``read`` finds where the sentence writes the question's words beside
    ``asked[first : last + 1]``: right after the words before it, or right before the words
    after it."""
    lowered = [word.lower() for word in said]
    before = [word.lower() for word in asked[:first]]
    if before[-1:] == ["the"]:
        # "launched in The Sunday Times": the article belongs to what the slot holds, and
        # the sentence may write another name without one ("launched in Westbrook"). The
        # name and number readers skip a "the" where the slot begins (``_past_article``).
        before = before[:-1]
    left = _anchor(before[::-1])[::-1]
    right = _anchor([word.lower() for word in asked[last + 1 :]])
    for anchor, after in ((left, True), (right, False)):
        if not anchor:
            continue
        for at in range(len(lowered) - len(anchor) + 1):
            if lowered[at : at + len(anchor)] != anchor:
                continue
            found = read(said, at + len(anchor), 1) if after else read(said, at - 1, -1)
            if found:
                return found
    return None


def _anchor(words: list[str]) -> list[str]:
    """The nearest words, nearest first, up to the first that is no function word; none
    when there is no such word within ``_ANCHOR`` ("did the" stands beside any name)."""
    for length in range(1, min(_ANCHOR, len(words)) + 1):
        if words[length - 1] not in NOT_NAMES:
            return words[:length] if length > 1 or len(words) == 1 else words[:2]
    return []


def _capitalized_run(words: list[str], start: int, step: int) -> list[str]:
    run = []
    index = start
    while 0 <= index < len(words) and words[index][:1].isupper():
        run.append(words[index])
        index += step
    return run


# A figure's label in brackets right after it (and after its rate: "per year") names whose
# it is: "17.9 kg (Arlo 7); 19.6 kg (Arlo 7 LR)", "GBP 24,500 per year (Arts, Business);
# GBP 46,900 (Medicine)". A label opens with a capital, so an accounting negative "(1,234)"
# or a comparison "(2019: $4m)" is none.
_LABEL = re.compile(r"(?:\s+(?:per|a|an|each)\s+[a-z]+)?[ \t]*\(([A-Z][\w .,'&-]{0,38})\)")


def label_after(text: str, end: int) -> str | None:
    """The bracketed label right after a figure ending at ``end``, or None."""
    match = _LABEL.match(text, end)
    return match.group(1) if match else None


def names_labelled(question: Question, label: str) -> frozenset[str]:
    """The question's names that a figure's label writes."""
    return frozenset(stem(word.lower()) for word in WORD.findall(label)) & set(question.names)


# What a figure is measured against: "cost $38.2 million, well above its original budget"
# gives the cost, not the budget. The words between the comparison and its noun are
# determiners and the adjectives of a plan.
_COMPARED_WITH = re.compile(
    r"\b(?:above|below|over|under|exceed(?:ed|ing|s)?|beat(?:ing|s)?|miss(?:ed|ing|es)?"
    r"|short\s+of|ahead\s+of|behind|than)\s+"
    r"((?:(?:the|its|their|his|her|our|an?|original|initial|planned|projected|expected"
    r"|approved|earlier|revised)\s+){0,3})([A-Za-z]+)",
    re.IGNORECASE,
)
_FIGURE_NEXT = re.compile(r"\s*(?:of\s+|at\s+|was\s+|,\s*)?[$€£¥]?\s?\d")


def only_compared_with(asked: str, sentence: str) -> str | None:
    """The words that give the question's word ``asked`` in ``sentence`` only as what a figure
    is compared with ("well above its original budget"), or None when the sentence states it
    otherwise too, or gives it a figure of its own ("above the budget of $30 million")."""
    said = [m for m in WORD.finditer(sentence) if stem(m.group().lower()) == asked]
    if not said:
        return None
    compared = {
        match.start(2): match
        for match in _COMPARED_WITH.finditer(sentence)
        if stem(match.group(2).lower()) == asked
        and not _FIGURE_NEXT.match(sentence, match.end())
    }
    if all(word.start() in compared for word in said):
        return compared[said[0].start()].group()
    return None
