"""Rules of the rival stage: another figure of the same kind stands about as well as the
value, or better. Without such a rival (``Facts.rival``) the value passes. The span checker
words their reasons at the best place.

The examples' sentences are short excerpts, some shortened, of SQuAD v1.1 dev (Rajpurkar et
al. 2016; CC BY-SA 4.0), or made up."""

from __future__ import annotations

from verify_ask.language.places import places_of
from verify_ask.language.places.words import same_stem
from verify_ask.language.question import Question
from verify_ask.rules.facts import Facts, Placed
from verify_ask.rules.figures import occurs_as, unit_of
from verify_ask.rules.registry import ACCEPTED, Example, Outcome, rule
from verify_ask.text.normalize import Mention
from verify_ask.text.normalize.units import DIMENSION_OF
from verify_ask.text.source import Source
from verify_ask.values import Value

_DUST = (
    "182 million tons of dust are windblown out of the Sahara each year, and 132 million tons "
    "remains in the air."
)
_WINDBLOWN = "How many tons of dust are windblown out of the Sahara each year?"
_PLANT = "It opened an office in Montreal in September 2021 and a plant in Porto on 2 May 2022."
_BRIDGES = (
    "The Tamsin Bridge in Norway cost $410 million to build. Its main span is 1,210 metres "
    "long. The Alder Bridge in Wales was completed in 2004 at a cost of $86 million."
)
_ALDER = "How much did the Alder Bridge cost?"


@rule(
    "S301", "better-rival", "rival",
    ["place.score", "rival.score", "place.strict_score", "rival.strict_score"],
    examples=[
        Example(_DUST, _WINDBLOWN, "132 million tons"),
        Example(_DUST, _WINDBLOWN, "182 million tons", refused=False),
        # Nearer the verb, the Montreal date places better, but read strictly "plant" and
        # "Porto" are the second conjunct's, the date's own.
        Example(_PLANT, "When did it open its plant in Porto?", "2 May 2022", refused=False),
        # Told of another name, a figure in the sentence before is still a rival: the
        # value's place reads that sentence's words as its own too.
        Example(_BRIDGES.replace(" Its main span is 1,210 metres long.", ""), _ALDER,
                "$86 million"),
    ],
)  # fmt: skip
def better_rival(facts: Facts) -> Outcome:
    """Another figure of the same kind stands clearly better (by more than the margin),
    read loosely and strictly."""
    rival = facts.rival
    if rival is None:
        return None
    if rival.place.score > facts.place.score + _margin(facts) and _ahead_strictly(facts, rival):
        return f"{rival.mention.surface!r} scores {rival.place.score:.2f}"
    return None


_SCHOOLS = (
    "As of August 2010, Victoria had 1,548 public schools, 489 Catholic schools and 214 "
    "independent schools."
)


@rule(
    "S302", "named-item", "rival", ["question.head", "list.items"],
    examples=[
        Example(_SCHOOLS, "How many Catholic schools were in Victoria?", "1,548"),
        Example(_SCHOOLS, "How many Catholic schools were in Victoria?", "489", refused=False),
    ],
)  # fmt: skip
def named_item(facts: Facts) -> Outcome:
    """In a list of what the question counts, the question names another figure's item."""
    # The question's words name one item ("489 *Catholic* schools"): then the item decides,
    # not the model, for the value or against it.
    rival = _contest(facts)
    if rival is None or not _comparable(facts, rival):
        return None
    named = _named_item(facts.question, facts.source, facts.best)
    if named is facts.best:
        return ACCEPTED
    if named is not None:
        return f"{_standing(rival)} and the question names the item of {named.surface!r}"
    return None


_TUMENS = (
    "There were 4 Han Tumens and 3 Khitan Tumens, with each Tumen consisting of 10,000 troops."
)


@rule(
    "S303", "rivals-words", "rival", ["place.strict_score", "rival.strict_score"],
    examples=[
        Example(_TUMENS, "How many Khitan Tumens were there?", "4"),
        Example(_TUMENS, "How many Khitan Tumens were there?", "3", refused=False),
        # A figure told of another name is no rival (see S301 for the sentence before).
        Example(_BRIDGES, _ALDER, "$86 million", refused=False),
    ],
)  # fmt: skip
def rivals_words(facts: Facts) -> Outcome:
    """Read strictly, the question's words belong to a rival placed as well or better."""
    # Then the place decides, not the model.
    rival = _contest(facts)
    if rival is not None and _comparable(facts, rival) and _ahead_strictly(facts, rival):
        return f"{_standing(rival)} and the question's words belong to it"
    return None


_LEEDS = "In 2019 the Leeds plant produced 500 vehicles and 700 engines."
_VEHICLES = "How many vehicles did the Leeds plant produce in 2019?"


@rule(
    "S304", "model-prefers-rival", "rival", ["votes", "ranking.share"],
    examples=[
        # Without a ranking the vote decides: 6 samples of 10 are under CONTESTED_SUPPORT.
        Example(_LEEDS, _VEHICLES, "500", samples=("500",) * 5 + ("700", "", "", "")),
        Example(_LEEDS, _VEHICLES, "500", samples=("500",) * 6 + ("", "", ""), refused=False),
        # A rival in a unit of another measure contests nothing.
        Example("The LR weighs 19.6 kg with its 720 Wh battery.", "What battery does the LR have?",
                "720 Wh", samples=("720 Wh",) * 4 + ("19.6 kg",) * 5 + ("",), refused=False),
    ],
)  # fmt: skip
def model_prefers_rival(facts: Facts) -> Outcome:
    """An equally placed rival holds as many votes or more of the model's ranking share."""
    rival = _contest(facts)
    if rival is None or _measures_otherwise(facts, rival):
        return None
    prefers, why = _prefers(facts, rival.mention.value)
    return None if prefers else f"{_standing(rival)} and {why}"


def _margin(facts: Facts) -> float:
    return float(facts.options.margin)


def _ahead_strictly(facts: Facts, rival: Placed) -> bool:
    """Whether the rival places better than the value by the margin read strictly: a question
    word counts only for the figure on its own side ("4 Han Tumens and 3 Khitan Tumens"; "an
    office in Montreal in September 2021 and a plant in Porto on 2 May 2022")."""
    mine, theirs = facts.strict_place(facts.best), facts.strict_place(rival.mention)
    return theirs.score > mine.score + _margin(facts)


def _contest(facts: Facts) -> Placed | None:
    """The rival when it stands about as well as the value, read loosely or strictly: then
    the place cannot decide, and the model's wrong answer is usually the other one."""
    rival = facts.rival
    if rival is None:
        return None
    behind = rival.place.score < facts.place.score - _margin(facts)
    return None if behind and not _ahead_strictly(facts, rival) else rival


def _comparable(facts: Facts, rival: Placed) -> bool:
    """Whether the rival is in the value's unit or in none."""
    return unit_of(rival.mention.value) in (None, unit_of(facts.value))


def _measures_otherwise(facts: Facts, rival: Placed) -> bool:
    """Whether value and rival measure two things: "17.9 kg" does not contest "720 Wh". (A
    percentage may contest a sum: "increased 17%" or "$8.7 billion".)"""
    theirs, mine = (DIMENSION_OF.get(unit_of(v) or "") for v in (rival.mention.value, facts.value))
    return None not in (theirs, mine) and theirs != mine


def _standing(rival: Placed) -> str:
    return f"{rival.mention.surface!r} stands about as well ({rival.place.score:.2f})"


def _named_item(question: Question, source: Source, mine: Mention) -> Mention | None:
    """The figure whose item of a list the question names, when the figure's sentence lists
    what the question counts ("1,548 public schools, 489 Catholic schools and 214
    independent schools" for "how many Catholic schools": 489); None when no item names
    more of the question's words than every other."""
    head = question.counted.head
    if head is None:
        return None
    marks = [term for term in question.terms if term != head]

    def named(mention: Mention) -> int | None:
        # A number the question names may stand in an item ("its four graduate divisions").
        item = places_of(source).item_words(mention.start, mention.end, question.terms)
        if not any(same_stem(word, head) for word in item):
            return None
        return sum(any(same_stem(word, term) for word in item) for term in marks)

    items = [
        (count, mention)
        for mention in places_of(source).figures_beside(mine.start, mine.end)
        if (count := named(mention)) is not None
    ]
    if len(items) < 2 or not any(mention is mine for _, mention in items):
        return None
    items.sort(key=lambda pair: -pair[0])
    (best, mention), (runner_up, _) = items[0], items[1]
    return mention if best > runner_up else None


def _prefers(facts: Facts, rival: Value) -> tuple[bool, str]:
    """Whether the model prefers the candidate to an equally placed rival, and why not.

    With a ranking: at least as many samples wrote it, and it holds ``contested_ratio``
    times the rival's share. Without one (HTTP backends), the vote alone must be
    ``contested_support`` (measured in ``defaults``).
    """
    candidate, context = facts.candidate, facts.context
    if context.ranking is None:
        needed = float(facts.options.contested_support)
        share = candidate.votes / context.total_samples if context.total_samples else 0.0
        return share >= needed, f"{share:.0%} of the samples wrote it; needs {needed:.0%}"
    ratio = float(facts.options.contested_ratio)
    rival_votes = sum(c.votes for c in context.candidates if occurs_as(c.value, rival))
    mine, theirs = context.ranking.share(candidate.value), context.ranking.share(rival)
    prefers = candidate.votes >= rival_votes and mine >= ratio * theirs
    return prefers, (
        f"the model prefers it too little ({candidate.votes} votes to {rival_votes}, ranking "
        f"share {mine:.0%} to {theirs:.0%}; needs as many votes and {ratio:g} times the share)"
    )
