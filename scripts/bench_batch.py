"""Throughput of one ``verify-ask --batch`` run against separate ``verify-ask`` invocations.

Both sides run as subprocesses, as a shell script or Makefile would, on questions about one
article (the example's questions, cycled). The separate invocations are timed on a few
questions and extrapolated to the batch's size; each one pays interpreter start-up, model
load and a full prompt evaluation, which a batch pays once.

    python scripts/bench_batch.py                       # 50 questions, 5 single runs, -n 10
    python scripts/bench_batch.py --questions 20 --singles 3 --samples 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTICLE = ROOT / "examples" / "origotech.txt"
QUESTIONS = ROOT / "examples" / "questions.txt"
VERIFY_ASK = [sys.executable, "-m", "verify_ask"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=50, help="questions in the batch")
    parser.add_argument("--singles", type=int, default=5, help="separate invocations to time")
    parser.add_argument("--samples", type=int, default=10, help="samples per question (-n)")
    args = parser.parse_args()

    pool = [line.strip() for line in QUESTIONS.read_text("utf-8").splitlines() if line.strip()]
    questions = [pool[i % len(pool)] for i in range(args.questions)]
    common = ["--samples", str(args.samples), "--no-timings"]

    # Warm the OS page cache and the model cache so neither side pays a first-run cost.
    _timed([*VERIFY_ASK, pool[0], "-s", str(ARTICLE), *common])

    singles = [
        _timed([*VERIFY_ASK, question, "-s", str(ARTICLE), "--json", *common])
        for question in questions[: args.singles]
    ]
    with tempfile.TemporaryDirectory() as folder:
        batch = Path(folder) / "q.jsonl"
        batch.write_text(
            "".join(json.dumps({"id": i, "question": q}) + "\n" for i, q in enumerate(questions)),
            encoding="utf-8",
        )
        batch_s = _timed([*VERIFY_ASK, "--batch", str(batch), "-s", str(ARTICLE), "-q", *common])

    single_s = statistics.median(singles)
    print(f"article: {ARTICLE.name}; samples per question: {args.samples}")
    print(
        f"separate invocations: {len(singles)} timed, median {single_s:.2f} s each "
        f"(min {min(singles):.2f}, max {max(singles):.2f}) -> {1 / single_s:.3f} questions/s; "
        f"{args.questions} would take about {single_s * args.questions:.0f} s (extrapolated)"
    )
    print(
        f"one batch: {args.questions} questions in {batch_s:.1f} s "
        f"-> {args.questions / batch_s:.3f} questions/s"
    )
    print(f"speed-up: {single_s * args.questions / batch_s:.2f}x")


def _timed(command: list[str]) -> float:
    started = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if completed.returncode not in (0, 1):  # 1 is an abstention, a normal outcome
        sys.exit(f"{' '.join(command)} failed ({completed.returncode}):\n{completed.stderr}")
    return elapsed


if __name__ == "__main__":
    main()
