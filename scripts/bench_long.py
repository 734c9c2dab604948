"""Long sources against their own passage: answer time and verified precision/coverage.

For SQuAD v1.1 dev questions whose paragraph is part of ``tests/data/squad_long.txt`` (four
articles joined, about 64,000 characters), ask each question twice with the same settings:
once against the whole long text (BM25 passages) and once against its own paragraph.

    python scripts/bench_long.py --questions 20 [--samples 10]

Prints per-setting coverage, precision and the median seconds per question.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.gold import is_right
from verify_ask.model.backends import create
from verify_ask.pipeline import Settings, ask
from verify_ask.text.source import Source

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "squad_v1.1_dev.jsonl"
LONG = ROOT / "tests" / "data" / "squad_long.txt"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--data", default=str(DATA))
    args = parser.parse_args()

    long_text = LONG.read_text(encoding="utf-8")
    long_source = Source(long_text)
    records = [r for r in read_records(args.data) if r.source in long_text]
    # Spread the questions over the whole text: start, middle and end.
    step = max(len(records) // args.questions, 1)
    chosen = records[::step][: args.questions]
    backend = create("llama")
    settings = Settings(samples=args.samples)
    results: dict[str, list[tuple[bool, bool, float]]] = {"long": [], "own passage": []}
    for record in chosen:
        for name, source in (("long", long_source), ("own passage", Source(record.source))):
            started = time.perf_counter()
            outcome = ask(record.question, source, backend, settings)
            seconds = time.perf_counter() - started
            answered = outcome.answer is not None
            right = answered and is_right(outcome.answer.value, record)
            results[name].append((answered, right, seconds))
    print(
        f"{len(chosen)} questions from {LONG.name} ({len(long_text):,} characters), "
        f"{args.samples} samples each"
    )
    for name, rows in results.items():
        answered = sum(a for a, _, _ in rows)
        right = sum(r for _, r, _ in rows)
        print(
            json.dumps(
                {
                    "source": name,
                    "coverage": round(answered / len(rows), 3),
                    "precision": round(right / answered, 3) if answered else None,
                    "median_seconds": round(statistics.median(s for _, _, s in rows), 2),
                }
            )
        )


if __name__ == "__main__":
    main()
