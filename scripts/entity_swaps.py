"""Unanswerable questions made by swapping a name, for a stress test of abstention.

SQuAD v2.0 made a fifth of its unanswerable questions by putting another name of the passage
in place of the one asked about ("When did Tesla move to New York City?" -> "When did
Edison move to New York City?"). This script does the same to answerable records of a file
in the schema of ``shared/data``: the question's first name (capitalized words, not the
question's opening) becomes another name the passage writes, chosen at random (seeded), and
the record's answers are emptied. ``verify-ask eval`` then counts how often verify-ask
abstains. A swap is made mechanically, so a few stay answerable (the same thing in other
words, a place for the country it lies in): read the answered ones before counting them
wrong.

    python scripts/entity_swaps.py ../shared/data/squad_v1.1_dev.jsonl --limit 300 > swaps.jsonl
    verify-ask eval swaps.jsonl --per-record swaps.records.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

# Capitalized words in a run ("New York City", "Bank of America").
_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+(?:of\s+)?[A-Z][a-z]+){0,2}\b")
# Capitals that open a sentence or name no one.
_NOT_NAMES = frozenset(
    "The A An In On At By For From With After Before During However When While Since This That "
    "These Those It He She They His Her Its Their What Which Who How Why Where Did Does Do Was "
    "Were Is Are January February March April May June July August September October November "
    "December Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
)
# Names sharing this many first letters are one name in two forms ("Victoria"/"Victorian").
_SAME_ROOT = 5


def names(text: str) -> list[re.Match[str]]:
    """The runs of capitalized words that are names: not a text's or sentence's opening word
    alone, nor a capitalized function word or month."""
    found = []
    for match in _NAME.finditer(text):
        words = match.group().split()
        opening = match.start() == 0 or text[max(0, match.start() - 2) : match.start()] in {
            ". ",
            "? ",
            "! ",
        }
        if words[0] in _NOT_NAMES or (opening and len(words) == 1):
            continue
        found.append(match)
    return found


def _related(one: str, other: str) -> bool:
    """Whether two names share a word or a word's root."""
    roots = {word[:_SAME_ROOT].lower() for word in one.split() if word != "of"}
    return any(word[:_SAME_ROOT].lower() in roots for word in other.split() if word != "of")


def swap(record: dict, rng: random.Random) -> dict | None:
    """The record with its question's first name swapped for another of the passage, and no
    answer; None when the question names nothing the passage writes, or the passage offers
    no other name."""
    question, source = record["question"], record["source"]
    asked = [m for m in names(question) if m.group() in source]
    if not asked:
        return None
    target = asked[0]
    others = sorted(
        {
            m.group()
            for m in names(source)
            if len(m.group()) > 3 and not any(_related(m.group(), a.group()) for a in asked)
        }
    )
    if not others:
        return None
    other = rng.choice(others)
    swapped = question[: target.start()] + other + question[target.end() :]
    return {
        **record,
        "id": f"swap-{record['id']}",
        "dataset": f"{record.get('dataset', 'data')}_entity_swap",
        "question": swapped,
        "answers": [],
        "meta": {"question": question, "swapped": [target.group(), other]},
    }


def read(path: Path, limit: int | None) -> Iterator[dict]:
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines):
            if limit is not None and number >= limit:
                return
            if line.strip():
                yield json.loads(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path, help="a JSONL file in the schema of shared/data")
    parser.add_argument("--limit", type=int, default=None, help="read the first N records")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    made = 0
    for record in read(args.data, args.limit):
        if not record.get("answers"):
            continue
        swapped = swap(record, rng)
        if swapped is not None:
            sys.stdout.write(json.dumps(swapped, ensure_ascii=False) + "\n")
            made += 1
    print(f"{made} swapped questions", file=sys.stderr)


if __name__ == "__main__":
    main()
