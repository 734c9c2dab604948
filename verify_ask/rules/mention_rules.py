"""Rules of the mention stage: which of the places where the value occurs can answer the
question at all. The place filters keep some places and refuse the value when none is left;
the last two rules read the places the filters left.

The examples' sentences are short excerpts, some shortened or reworded, of SQuAD dev
(Rajpurkar et al. 2016, 2018; CC BY-SA 4.0) and TAT-QA dev (Zhu et al. 2021; CC BY 4.0), or
made up."""

from __future__ import annotations

from collections.abc import Sequence

from verify_ask.checkers.base import evidence_at
from verify_ask.language.names import another_name
from verify_ask.rules.facts import Facts, Refusal
from verify_ask.rules.figures import (
    counts_things,
    fits_unit,
    measure_of,
    occurs_as,
    occurs_scaled,
    unit_of,
    year_places,
)
from verify_ask.rules.registry import Example, Outcome, keeps, rule
from verify_ask.text.normalize import Mention
from verify_ask.text.tables import tables_of

_REVENUE = "OrigoTech's revenue reached €48.2 million in 2023."


@keeps(
    "S101", "not-in-source", "mention", ["value", "source.mentions"], hard=True,
    examples=[
        Example(_REVENUE, "What was OrigoTech's revenue in 2023?", "€48.3 million"),
        Example(_REVENUE, "What was OrigoTech's revenue in 2023?", "$48.2 million"),
        Example(_REVENUE, "What was OrigoTech's revenue in 2023?", "48.2 million euros",
                refused=False),
    ],
)  # fmt: skip
def not_in_source(facts: Facts, places: Sequence[Mention]) -> Sequence[Mention] | str:
    """The value does not occur in the source."""
    value, source = facts.value, facts.source
    kept = [m for m in places if occurs_as(value, m.value) or occurs_scaled(value, m, source)]
    return kept or "the value does not occur in the source"


_SPORTS = "The Harvard Crimson competes in 42 intercollegiate sports in the Ivy League."


@keeps(
    "S102", "counts-something", "mention", ["value.unit", "source.noun_after"],
    examples=[
        Example(_SPORTS, "How old is the Ivy League competition?", "42 years"),
        Example(_SPORTS, "How many intercollegiate sports does the Harvard Crimson compete in?",
                "42", refused=False),
    ],
)  # fmt: skip
def counts_something(facts: Facts, places: Sequence[Mention]) -> Sequence[Mention] | str:
    """The source says what the bare figure counts ('42 sports'), and the answer has a unit."""
    unit = unit_of(facts.value)
    if unit is None:
        return places
    # "42 years" is not "42 intercollegiate sports": a bare figure that a noun follows.
    nouns = [None if unit_of(m.value) else facts.index.noun_after(m.start, m.end) for m in places]
    kept = [m for m, noun in zip(places, nouns, strict=True) if noun is None]
    return kept or f"the source says what it counts ({nouns[0]!r}), and the answer is in {unit}"


_ORDERS = "Table:\n$ million | 2019 | 2018 | Change (%)\nOrder intake | 532.0 | 470.0 | 13.2\n"
_VIDEOS = "I bought the two videos of the course. Both videos are about 20 minutes long."


@keeps(
    "S103", "not-in-asked-unit", "mention",
    ["question.unit", "question.counted", "mention.unit", "table.labels"],
    examples=[
        Example(_ORDERS, "What is the change (%) for order intake between 2018 and 2019?",
                "532.0"),
        Example(_ORDERS, "What is the change (%) for order intake between 2018 and 2019?",
                "13.2", refused=False),
        Example(_VIDEOS, "How many videos are there?", "20"),
        Example(_VIDEOS, "How many minutes long is each video?", "20", refused=False),
    ],
)  # fmt: skip
def not_in_asked_unit(facts: Facts, places: Sequence[Mention]) -> Sequence[Mention] | str:
    """The value occurs, but never in the unit the question asks for (a bare count for 'how
    many' things)."""
    wanted, tables = facts.question.unit, tables_of(facts.source)
    if counts_things(facts.question):
        # "both videos are about 20 minutes long" does not say there are 20 videos.
        kept = [m for m in places if measure_of(m.value) is None]
        first = places[0]
        return kept or (
            f"the source writes it as {measure_of(first.value)} ({first.surface!r}), and the "
            "question asks how many"
        )
    kept = [m for m in places if fits_unit(m.value, wanted, tables.labels_at(m.start))]
    return kept or f"the value occurs in the source, but not in {wanted}"


@keeps(
    "S104", "only-a-year", "mention", ["source.years"],
    examples=[
        Example("The opening dinner was held in 2000.",
                "How many people came to the opening dinner?", "2000"),
        Example("The opening dinner was attended by 2000 guests.",
                "How many guests came to the opening dinner?", "2000", refused=False),
    ],
)  # fmt: skip
def only_a_year(facts: Facts, places: Sequence[Mention]) -> Sequence[Mention] | str:
    """The question asks for a number, and the source writes the value only as a year."""
    if facts.kind != "number":
        return places
    years = year_places(facts.source)
    kept = [m for m in places if (m.start, m.end) not in years]
    return kept or "the value occurs in the source only as a year"


_TEACHERS = "Victoria has about 63,519 full-time teachers."


_GORGE = "A 3.2 km boardwalk threads through the Serra Gorge, 7 km below the town."


@rule(
    "S105", "measures-other", "mention", ["place.counts"],
    examples=[
        Example(_TEACHERS, "How many full time janitors does Victoria have?", "63,519"),
        Example(_TEACHERS, "How many full time teachers does Victoria have?", "63,519",
                refused=False),
        # Where a thing lies is not how far it extends.
        Example(_GORGE, "How long is the boardwalk?", "7 km"),
        Example(_GORGE, "How long is the boardwalk?", "3.2 km", refused=False),
        Example("The summit station stands at 2,904 metres above sea level.",
                "How high is the summit station?", "2,904 metres", refused=False),
    ],
)  # fmt: skip
def measures_other(facts: Facts) -> Outcome:
    """At every place, the words after the figure say it measures something else."""
    if any(pair.place.counts is None for pair in facts.scored):
        return None
    place, mention = facts.scored[0]
    return Refusal(
        f"the source says what it measures ({place.counts!r}), and that is not what the "
        "question asks for",
        place.score,
        (evidence_at(facts.source, mention.start, mention.end),),
    )


_RANKINGS = (
    "Harvard has consistently topped the Academic Ranking of World Universities (ARWU) since "
    "2003. In 2014, Harvard topped the University Ranking by Academic Performance."
)
_SINCE = "Starting in what year has Harvard topped the Academic Rankings of World Universities?"
_STORMS = (
    "Storm Elin hit Ireland on 14 November 2023. Repairs will cost €30 million. The previous "
    "storm of this strength, Storm Ophelia, killed three people."
)


@rule(
    "S106", "names-another", "mention", ["question.names", "sentence"],
    examples=[
        Example(_RANKINGS, _SINCE, "2014"),
        Example(_RANKINGS, _SINCE, "2003", refused=False),
        # Two words, one swapped in the same place: another storm.
        Example(_STORMS, "How many people did Storm Elin kill?", "three"),
        Example(_STORMS, "How many people did Storm Ophelia kill?", "three", refused=False),
    ],
)  # fmt: skip
def names_another(facts: Facts) -> Outcome:
    """The best place's sentence names another of what the question names."""
    source, text = facts.source, facts.index.text
    sentence_start, sentence_end = source.sentence_around(facts.best.start, facts.best.end)
    here = source.sentence_index(sentence_start)
    # Where else the question's name may stand: the sentence before, the value's other places.
    spans = [source.sentences[here - 1]] if here else []
    spans += [source.sentence_around(m.start, m.end) for m in facts.places]
    asked = facts.index.asked_names(facts.question)
    other = another_name(
        asked, text[sentence_start:sentence_end], (text[start:end] for start, end in spans)
    )
    if other is None:
        return None
    return facts.at_best(f"{facts.where}, but that sentence names {other!r} instead")
