"""What the reader costs a question, and what dense retrieval costs a long source
(docs/reader.md).

Judges stored lockbox records (no model samples) twice, with the default checkers and with
every one but ``reader``, and prints the difference per question: the reader's cost for a
question's distinct candidates. Then embeds the passages of a long source and their
sentences once, as the first question on a long document does.

    python scripts/bench_reader.py ../shared/data --records docs/records/lockbox-shipped.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from verify_ask.checkers import registry
from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.split import in_part
from verify_ask.evaluation.store import PerRecordStore
from verify_ask.pipeline import judge_samples
from verify_ask.reader import reading
from verify_ask.settings import Settings
from verify_ask.text.source import Source

ROOT = Path(__file__).resolve().parent.parent


def _cpu() -> str:
    """The processor's name and its widest vector instructions: the reader's cost follows
    them (an AVX-512 machine ran it about three times faster than an AVX2 one)."""
    info = Path("/proc/cpuinfo")
    text = info.read_text(encoding="utf-8") if info.exists() else ""
    name = next((line.split(":", 1)[1].strip() for line in text.splitlines()
                 if line.startswith("model name")), "unknown")
    vectors = "AVX-512" if " avx512f" in text else "AVX2" if " avx2" in text else "no AVX2"
    return f"{name}, {vectors}, {os.cpu_count()} cores"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="the shared/data folder")
    parser.add_argument("--records", type=Path,
                        default=ROOT / "docs/records/lockbox-shipped.jsonl")
    parser.add_argument("--questions", type=int, default=100)
    parser.add_argument("--write", type=Path, metavar="JSON",
                        help="also write the reader's cost there (scripts/targets.py reads it)")
    args = parser.parse_args(argv)
    files = [args.data / "squad_v1.1_dev.jsonl",
             args.data / "squad_v2.0_dev_unanswerable_numeric.jsonl"]
    records = [r for f in files for r in read_records(str(f)) if in_part(r, "lockbox")]
    settings = Settings()
    store = PerRecordStore(str(args.records), settings, resume=False, read_only=True)
    scored = store.restored(records)[: args.questions]
    without = replace(settings, checks=tuple(n for n in registry.default_names() if n != "reader"))
    costs, candidates = [], []
    for item in scored:
        outcome = item.outcome
        times = []
        for chosen in (settings, without):
            reading.forget()  # nothing read before: the cost of a new question
            source = Source(item.record.source)
            started = time.perf_counter()
            judged = judge_samples(outcome.question, source, outcome.samples, chosen,
                                   outcome.ranking, outcome.greedy)
            times.append(time.perf_counter() - started)
        costs.append(times[0] - times[1])
        candidates.append(len(judged))
    print(f"reader: {statistics.mean(costs) * 1000:.0f} ms a question on average, median "
          f"{statistics.median(costs) * 1000:.0f} ms, 90th percentile "
          f"{sorted(costs)[int(len(costs) * 0.9)] * 1000:.0f} ms ({len(costs)} questions, "
          f"{statistics.mean(candidates):.1f} distinct candidates each)")
    if args.write:
        summary = {"cpu": _cpu(), "questions": len(costs),
                   "mean_ms": statistics.mean(costs) * 1000,
                   "median_ms": statistics.median(costs) * 1000,
                   "candidates": statistics.mean(candidates)}
        args.write.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")

    from verify_ask.text.passages import PassageIndex

    long_text = (ROOT / "tests" / "data" / "squad_long.txt").read_text(encoding="utf-8")
    index = PassageIndex(Source(long_text))
    from verify_ask.reader.dense import embed

    started = time.perf_counter()
    embed([long_text[p.start:p.end] for p in index.passages])
    whole = time.perf_counter() - started
    spans, _, _ = index.sentence_spans()
    embed([long_text[s:e] for s, e in spans])
    seconds = time.perf_counter() - started
    print(f"dense retrieval: {len(index.passages)} passages of tests/data/squad_long.txt and "
          f"their {len(spans)} sentences embedded in {seconds:.1f} s "
          f"({seconds / len(index.passages) * 1000:.0f} ms a passage, "
          f"{whole / len(index.passages) * 1000:.0f} of them the whole passage's)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
