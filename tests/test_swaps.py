"""The stress-test generator in scripts/swaps.py: what it swaps and what it keeps."""

from __future__ import annotations

import random

from script_modules import script

swaps = script("swaps")

# SQuAD v1.1 dev (Rajpurkar et al. 2016), CC BY-SA 4.0, shortened.
TESLA = {
    "id": "squad1-x",
    "dataset": "squad_v1.1_dev",
    "question": "When did Tesla move to New York City?",
    "source": (
        "Tesla worked in Paris. In June 1884, he relocated to New York City, where he was "
        "hired by Thomas Edison to work at his Edison Machine Works."
    ),
    "answers": ["June 1884", "1884"],
    "kind": "date",
    "needs_arithmetic": False,
}


def test_the_first_name_becomes_another_of_the_passage_and_the_answers_go() -> None:
    swapped = swaps.swap_name(TESLA, random.Random(0))
    assert swapped is not None
    before, after = swapped["meta"]["swapped"]
    assert before == "Tesla"
    assert after in TESLA["source"] and after not in {"Tesla", "New York City"}
    assert swapped["question"] == TESLA["question"].replace("Tesla", after)
    assert swapped["answers"] == [] and swapped["id"] == "name-swap-squad1-x"
    assert swapped["source"] == TESLA["source"]


def test_a_name_in_another_form_is_no_swap() -> None:
    record = {
        **TESLA,
        "question": "How many farms are in Victoria?",
        "source": "Victoria has 32,463 farms on Victorian land; its capital is Melbourne.",
    }
    for seed in range(10):
        swapped = swaps.swap_name(record, random.Random(seed))
        assert swapped is not None and swapped["meta"]["swapped"] == ["Victoria", "Melbourne"]


def test_nothing_to_swap() -> None:
    unnamed = {**TESLA, "question": "When did he move?"}
    assert swaps.swap_name(unnamed, random.Random(0)) is None
    alone = {**TESLA, "source": "In June 1884, Tesla relocated."}
    assert swaps.swap_name(alone, random.Random(0)) is None


# TAT-QA dev (Zhu et al. 2021), CC BY 4.0, shortened.
LAND = {
    "id": "tatqa-x",
    "dataset": "tatqa_dev",
    "question": "What was the amount for Land in 2019?",
    "source": "Table:\n | 2019 | 2018\nLand | 1,000 | 900\n",
    "answers": ["1,000"],
    "kind": "number",
    "needs_arithmetic": False,
}


def test_the_year_becomes_one_the_source_never_writes() -> None:
    for seed in range(10):
        swapped = swaps.swap_year(LAND, random.Random(seed))
        assert swapped is not None
        before, after = swapped["meta"]["swapped"]
        assert before == "2019" and after not in LAND["source"]
        assert swapped["question"] == f"What was the amount for Land in {after}?"
        assert swapped["answers"] == [] and swapped["dataset"] == "tatqa_dev_year_swap"


def test_no_year_or_two_years_is_no_year_swap() -> None:
    assert (
        swaps.swap_year({**LAND, "question": "What was the amount for Land?"}, random.Random(0))
        is None
    )
    two = {**LAND, "question": "What was the change in Land from 2018 to 2019?"}
    assert swaps.swap_year(two, random.Random(0)) is None
