"""The arithmetic checker's direction of a change, against TAT-QA's gold derivations.

Each TAT-QA record whose gold derivation subtracts is checked twice: the gold derivation as
written, and with its first subtraction's operands swapped. Counts per variant: direction
(refused for running against the asked change), fail (refused otherwise), pass, skip.

    python scripts/direction_probe.py [../shared/data/tatqa_dev.jsonl]
"""

from __future__ import annotations

import collections
import json
import re
import sys

from verify_ask.candidates import group_samples
from verify_ask.checkers.base import CheckContext
from verify_ask.checkers.registry import get
from verify_ask.language.question import analyze_question
from verify_ask.pipeline import read_answer
from verify_ask.text.source import Source

SUBTRACTION = re.compile(r"([\d,.]+%?)\s*-\s*([\d,.]+%?)")


def verdict(question: str, source: str, text: str) -> str:
    asked = analyze_question(question)
    candidates = group_samples([read_answer(text, asked, 0)])
    if not candidates:
        return "no candidate"
    context = CheckContext(asked, Source(source), tuple(candidates), 1, {})
    result = get("arithmetic").check(candidates[0], context)
    against = "subtracts" in result.detail or "divides by" in result.detail
    return "direction" if against else result.verdict


def main(path: str) -> None:
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            derivation = record["meta"].get("derivation", "").strip()
            if not record["answers"] or "-" not in derivation:
                continue
            gold = record["answers"][0]
            found = verdict(record["question"], record["source"], f"{derivation} = {gold}")
            counts["gold", found] += 1
            if found == "direction":
                print("gold refused:", record["question"], "|", derivation, file=sys.stderr)
            first = SUBTRACTION.search(derivation)
            if first:
                swapped = (
                    f"{derivation[: first.start()]}{first.group(2)} - {first.group(1)}"
                    f"{derivation[first.end() :]}"
                )
                counts[
                    "swapped", verdict(record["question"], record["source"], f"{swapped} = {gold}")
                ] += 1
    for key in sorted(counts):
        print(*key, counts[key])


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/tatqa_dev.jsonl")
