"""Steps of the rival stage: another figure of the same kind stands about as well as the
value, or better. The span checker takes them in the order of their ids.

The examples' sentences are short excerpts, some shortened, of SQuAD v1.1 dev (Rajpurkar et
al. 2016; CC BY-SA 4.0), or made up."""

from __future__ import annotations

from verify_ask.rules.registry import Example, step

_DUST = (
    "182 million tons of dust are windblown out of the Sahara each year, and 132 million tons "
    "remains in the air."
)
_WINDBLOWN = "How many tons of dust are windblown out of the Sahara each year?"
_PLANT = (
    "It opened an office in Montreal in September 2021 and a plant in Porto on 2 May 2022."
)
BETTER_RIVAL = step(
    "S301", "better-rival", "rival",
    "Another figure of the same kind stands clearly better (by more than the margin), "
    "read loosely and strictly.",
    ["place.score", "rival.score", "place.strict_score", "rival.strict_score"],
    examples=[
        Example(_DUST, _WINDBLOWN, "132 million tons"),
        Example(_DUST, _WINDBLOWN, "182 million tons", refused=False),
        # Nearer the verb, the Montreal date places better, but read strictly "plant" and
        # "Porto" are the second conjunct's, the date's own.
        Example(_PLANT, "When did it open its plant in Porto?", "2 May 2022", refused=False),
    ],
)  # fmt: skip

_SCHOOLS = (
    "As of August 2010, Victoria had 1,548 public schools, 489 Catholic schools and 214 "
    "independent schools."
)
NAMED_ITEM = step(
    "S302", "named-item", "rival",
    "In a list of what the question counts, the question names another figure's item.",
    ["question.head", "list.items"],
    examples=[
        Example(_SCHOOLS, "How many Catholic schools were in Victoria?", "1,548"),
        Example(_SCHOOLS, "How many Catholic schools were in Victoria?", "489", refused=False),
    ],
)  # fmt: skip

_TUMENS = (
    "There were 4 Han Tumens and 3 Khitan Tumens, with each Tumen consisting of 10,000 troops."
)
RIVALS_WORDS = step(
    "S303", "rivals-words", "rival",
    "Read strictly, the question's words belong to a rival placed as well or better.",
    ["place.strict_score", "rival.strict_score"],
    examples=[
        Example(_TUMENS, "How many Khitan Tumens were there?", "4"),
        Example(_TUMENS, "How many Khitan Tumens were there?", "3", refused=False),
    ],
)  # fmt: skip

_LEEDS = "In 2019 the Leeds plant produced 500 vehicles and 700 engines."
_VEHICLES = "How many vehicles did the Leeds plant produce in 2019?"
MODEL_PREFERS_RIVAL = step(
    "S304", "model-prefers-rival", "rival",
    "An equally placed rival holds as many votes or more of the model's ranking share.",
    ["votes", "ranking.share"],
    examples=[
        # Without a ranking the vote decides: 6 samples of 10 are under CONTESTED_SUPPORT.
        Example(_LEEDS, _VEHICLES, "500", samples=("500",) * 5 + ("700", "", "", "")),
        Example(_LEEDS, _VEHICLES, "500", samples=("500",) * 6 + ("", "", ""), refused=False),
    ],
)  # fmt: skip
