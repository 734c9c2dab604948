"""Unanswerable questions made by swapping a name or a year, for a stress test of abstention.

SQuAD v2.0 made a fifth of its unanswerable questions by putting another name of the passage
in place of the one asked about ("When did Tesla move to New York City?" -> "When did
Edison move to New York City?"); a user asks about a year a report does not cover ("What was
revenue in 2024?" of the 2023 report). This script does either to the answerable records of a
file in the schema of ``shared/data`` and empties their answers; ``verify-ask eval`` then
counts how often verify-ask abstains.

- ``--swap name``: the question's first name (capitalized words, not the question's opening)
  becomes another name the passage writes, chosen at random (seeded). A swap is made
  mechanically, so a few stay answerable (the same thing in other words, a place for the
  country it lies in): read the answered ones before counting them wrong.
- ``--swap year``: the question's one year becomes a year from 2005 to 2019 that the source
  never writes.

    python scripts/swaps.py ../shared/data/squad_v1.1_dev.jsonl > names.jsonl
    python scripts/swaps.py ../shared/data/tatqa_dev.jsonl --swap year --limit 400 > years.jsonl
    verify-ask eval names.jsonl years.jsonl --per-record swaps.records.jsonl
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


def swap_name(record: dict, rng: random.Random) -> dict | None:
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
    return _unanswerable(record, "name", target.group(), other, target.span())


_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_OTHER_YEARS = range(2005, 2020)


def swap_year(record: dict, rng: random.Random) -> dict | None:
    """The record with its question's one year swapped for one its source never writes, and
    no answer; None when the question names no year, or several."""
    question, source = record["question"], record["source"]
    years = _YEAR.findall(question)
    if len(set(years)) != 1:
        return None
    others = [str(year) for year in _OTHER_YEARS if str(year) not in source]
    if not others:
        return None
    target = _YEAR.search(question)
    assert target is not None
    return _unanswerable(record, "year", target.group(), rng.choice(others), target.span())


def _unanswerable(record: dict, what: str, before: str, after: str, span: tuple[int, int]) -> dict:
    question = record["question"]
    return {
        **record,
        "id": f"{what}-swap-{record['id']}",
        "dataset": f"{record.get('dataset', 'data')}_{what}_swap",
        "question": question[: span[0]] + after + question[span[1] :],
        "answers": [],
        "meta": {"question": question, "swapped": [before, after]},
    }


SWAPS = {"name": swap_name, "year": swap_year}


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
    parser.add_argument("--swap", choices=sorted(SWAPS), default="name")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    swap = SWAPS[args.swap]
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
