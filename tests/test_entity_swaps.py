"""The stress-test generator in scripts/entity_swaps.py: what it swaps and what it keeps."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "entity_swaps.py"
_spec = importlib.util.spec_from_file_location("entity_swaps", SCRIPT)
assert _spec is not None and _spec.loader is not None
entity_swaps = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(entity_swaps)

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
    swapped = entity_swaps.swap(TESLA, random.Random(0))
    assert swapped is not None
    before, after = swapped["meta"]["swapped"]
    assert before == "Tesla"
    assert after in TESLA["source"] and after not in {"Tesla", "New York City"}
    assert swapped["question"] == TESLA["question"].replace("Tesla", after)
    assert swapped["answers"] == [] and swapped["id"] == "swap-squad1-x"
    assert swapped["source"] == TESLA["source"]


def test_a_name_in_another_form_is_no_swap() -> None:
    record = {
        **TESLA,
        "question": "How many farms are in Victoria?",
        "source": "Victoria has 32,463 farms on Victorian land; its capital is Melbourne.",
    }
    for seed in range(10):
        swapped = entity_swaps.swap(record, random.Random(seed))
        assert swapped is not None and swapped["meta"]["swapped"] == ["Victoria", "Melbourne"]


def test_nothing_to_swap() -> None:
    unnamed = {**TESLA, "question": "When did he move?"}
    assert entity_swaps.swap(unnamed, random.Random(0)) is None
    alone = {**TESLA, "source": "In June 1884, Tesla relocated."}
    assert entity_swaps.swap(alone, random.Random(0)) is None
