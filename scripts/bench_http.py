"""Wall time of one question's samples through the HTTP backend, at several concurrencies.

Starts ``python -m llama_cpp.server`` on the default model on a free local port and asks it
for one greedy answer plus N samples of the example question, the way ``verify-ask`` does.
That server ignores ``n`` (one choice back), so every run takes the fallback path: the first
request carries ``n``, the rest go out as separate seeded requests, ``--concurrency`` at a time.
llama_cpp.server answers one request at a time, so concurrency can only hide round trips
there; an engine with parallel slots (llama-server -np, vLLM) is where it pays.

    python scripts/bench_http.py                       # N=10, concurrency 1 and 4, 3 runs
    python scripts/bench_http.py --samples 10 --concurrency 1,4,10 --reps 5 --local
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the server launcher the tests use

from http_servers import LlamaCppServer  # noqa: E402

from verify_ask import prompts  # noqa: E402
from verify_ask.backends.base import Backend, SampleRequest  # noqa: E402
from verify_ask.backends.http import HttpBackend  # noqa: E402
from verify_ask.backends.model_file import default_model  # noqa: E402
from verify_ask.question import analyze_question  # noqa: E402

QUESTION = "When was OrigoTech founded?"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--concurrency", default="1,4", help="comma-separated values")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--local", action="store_true", help="also time the local backend")
    args = parser.parse_args()

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
        from verify_ask.backends.llama import LlamaBackend

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


def _timed(backend: Backend, prompt: str, requests: list[SampleRequest]) -> float:
    started = time.perf_counter()
    completions = backend.complete(prompt, requests)
    elapsed = time.perf_counter() - started
    assert len(completions) == len(requests)
    return elapsed


if __name__ == "__main__":
    sys.exit(main())
