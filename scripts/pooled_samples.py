"""Two models' samples pooled into one per-record file: the seeds' experiment with two
cheap readers instead of one (measured in docs/eval.md, "Two readers pooled"; not part of
the product).

    python scripts/pooled_samples.py FIRST.jsonl SECOND.jsonl --ranking second > POOLED.jsonl

For every record both ``eval --per-record`` files hold, the pooled record has the samples
of both (so the vote counts over 20), and the greedy answer and the ranking of one of them
(``--ranking``); ``verify-ask eval --stored-only`` then judges it like any other, and
``--fit`` fits weights for it. Seconds are the sum of both models'.
"""

from __future__ import annotations

import argparse
import json
import sys


def read(path: str) -> dict[str, dict]:
    with open(path, encoding="utf-8") as handle:
        return {record["id"]: record for record in map(json.loads, handle)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--ranking", choices=("first", "second"), default="second",
                        help="whose greedy answer and ranking the pooled record keeps")
    args = parser.parse_args()
    first, second = read(args.first), read(args.second)
    for record_id, one in first.items():
        other = second.get(record_id)
        if other is None:
            continue
        pooled = dict(one if args.ranking == "first" else other)
        pooled["samples"] = one["samples"] + other["samples"]
        pooled["sample_tokens"] = one["sample_tokens"] + other["sample_tokens"]
        pooled["seconds"] = one["seconds"] + other["seconds"]
        sys.stdout.write(json.dumps(pooled) + "\n")


if __name__ == "__main__":
    main()
