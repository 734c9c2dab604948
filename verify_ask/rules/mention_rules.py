"""Steps of the mention stage: which of the places where the value occurs can answer the
question at all. Each step keeps some places and refuses the value when none is left; the
span checker (``verify_ask.checkers.span``) takes them in the order of their ids.

The examples' sentences are short excerpts, some shortened or reworded, of SQuAD dev
(Rajpurkar et al. 2016, 2018; CC BY-SA 4.0) and TAT-QA dev (Zhu et al. 2021; CC BY 4.0), or
made up."""

from __future__ import annotations

from verify_ask.rules.registry import Example, step

_REVENUE = "OrigoTech's revenue reached €48.2 million in 2023."
NOT_IN_SOURCE = step(
    "S101", "not-in-source", "mention",
    "The value does not occur in the source.",
    ["value", "source.mentions"], hard=True,
    examples=[
        Example(_REVENUE, "What was OrigoTech's revenue in 2023?", "€48.3 million"),
        Example(_REVENUE, "What was OrigoTech's revenue in 2023?", "$48.2 million"),
        Example(_REVENUE, "What was OrigoTech's revenue in 2023?", "48.2 million euros",
                refused=False),
    ],
)  # fmt: skip

_SPORTS = "The Harvard Crimson competes in 42 intercollegiate sports in the Ivy League."
COUNTS_SOMETHING = step(
    "S102", "counts-something", "mention",
    "The source says what the bare figure counts ('42 sports'), and the answer has a unit.",
    ["value.unit", "source.noun_after"],
    examples=[
        Example(_SPORTS, "How old is the Ivy League competition?", "42 years"),
        Example(_SPORTS, "How many intercollegiate sports does the Harvard Crimson compete in?",
                "42", refused=False),
    ],
)  # fmt: skip

_ORDERS = "Table:\n$ million | 2019 | 2018 | Change (%)\nOrder intake | 532.0 | 470.0 | 13.2\n"
NOT_IN_ASKED_UNIT = step(
    "S103", "not-in-asked-unit", "mention",
    "The value occurs, but never in the unit the question asks for.",
    ["question.unit", "mention.unit", "table.labels"],
    examples=[
        Example(_ORDERS, "What is the change (%) for order intake between 2018 and 2019?",
                "532.0"),
        Example(_ORDERS, "What is the change (%) for order intake between 2018 and 2019?",
                "13.2", refused=False),
    ],
)  # fmt: skip

ONLY_A_YEAR = step(
    "S104", "only-a-year", "mention",
    "The question asks for a number, and the source writes the value only as a year.",
    ["source.years"],
    examples=[
        Example("The opening dinner was held in 2000.",
                "How many people came to the opening dinner?", "2000"),
        Example("The opening dinner was attended by 2000 guests.",
                "How many guests came to the opening dinner?", "2000", refused=False),
    ],
)  # fmt: skip

_TEACHERS = "Victoria has about 63,519 full-time teachers."
MEASURES_OTHER = step(
    "S105", "measures-other", "mention",
    "At every place, the words after the figure say it measures something else.",
    ["place.counts"],
    examples=[
        Example(_TEACHERS, "How many full time janitors does Victoria have?", "63,519"),
        Example(_TEACHERS, "How many full time teachers does Victoria have?", "63,519",
                refused=False),
    ],
)  # fmt: skip

_RANKINGS = (
    "Harvard has consistently topped the Academic Ranking of World Universities (ARWU) since "
    "2003. In 2014, Harvard topped the University Ranking by Academic Performance."
)
_SINCE = "Starting in what year has Harvard topped the Academic Rankings of World Universities?"
NAMES_ANOTHER = step(
    "S106", "names-another", "mention",
    "The best place's sentence names another of what the question names.",
    ["question.names", "sentence"],
    examples=[
        Example(_RANKINGS, _SINCE, "2014"),
        Example(_RANKINGS, _SINCE, "2003", refused=False),
    ],
)  # fmt: skip

_MEETING = "Attendance at the 2003 meeting included 350 government officials and climate experts."
LOW_RELEVANCE = step(
    "S230", "low-relevance", "place",
    "The best place scores under --min-relevance: the question's words stand far from it.",
    ["place.score", "--min-relevance"],
    examples=[
        # With the default --min-relevance: "5th" stands nowhere near the year.
        Example(_MEETING, "What year did the 5th meeting take place?", "2003"),
        Example(_MEETING, "In what year did 350 officials attend the meeting?", "2003",
                refused=False),
    ],
)  # fmt: skip
