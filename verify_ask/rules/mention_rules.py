"""Steps of the mention stage: which of the places where the value occurs can answer the
question at all. Each step keeps some places and refuses the value when none is left; the
span checker (``verify_ask.checkers.span``) takes them in the order of their ids."""

from __future__ import annotations

from verify_ask.rules.registry import step

NOT_IN_SOURCE = step(
    "S101", "not-in-source", "mention",
    "The value does not occur in the source.",
    ["value", "source.mentions"], hard=True,
)  # fmt: skip
COUNTS_SOMETHING = step(
    "S102", "counts-something", "mention",
    "The source says what the bare figure counts ('42 sports'), and the answer has a unit.",
    ["value.unit", "source.noun_after"],
)  # fmt: skip
NOT_IN_ASKED_UNIT = step(
    "S103", "not-in-asked-unit", "mention",
    "The value occurs, but never in the unit the question asks for.",
    ["question.unit", "mention.unit", "table.labels"],
)  # fmt: skip
ONLY_A_YEAR = step(
    "S104", "only-a-year", "mention",
    "The question asks for a number, and the source writes the value only as a year.",
    ["source.years"],
)  # fmt: skip
MEASURES_OTHER = step(
    "S105", "measures-other", "mention",
    "At every place, the words after the figure say it measures something else.",
    ["place.counts"],
)  # fmt: skip
NAMES_ANOTHER = step(
    "S106", "names-another", "mention",
    "The best place's sentence names another of what the question names.",
    ["question.names", "sentence"],
)  # fmt: skip
LOW_RELEVANCE = step(
    "S230", "low-relevance", "place",
    "The best place scores under --min-relevance: the question's words stand far from it.",
    ["place.score", "--min-relevance"],
)  # fmt: skip
