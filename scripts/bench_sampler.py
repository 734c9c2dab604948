"""Benchmark the batched sampler against one greedy answer and the create_completion loop.

    python scripts/bench_sampler.py [--reps 5]

Article: three SQuAD v1.1 dev passages about the Amazon rainforest (CC BY-SA 4.0), rendered
into the built-in extract prompt; 13 questions answered by figures in it, 7 about other
Amazon passages (their answers are not in it). Every ratio is measured side by side in one
run (cases interleaved per repetition), medians over repetitions. Prints:

(a) greedy + 10 samples / one greedy answer, prompt evaluated from scratch in both;
(b) the same 11 completions, this sampler / sequential create_completion calls;
(c) decode phase of greedy answers (prompt cached), drafting / no drafting, on answers
    copied from the article (4+ tokens) and on the others; texts must be identical; then
    the same for greedy + 10 samples (the default question), all 20 questions together;
(d) 20 questions on the article, prompt cache kept / evaluated from scratch each time;
(e) peak resident memory of a process that runs one greedy + 10 samples;
(f) decode phase of greedy + 10 samples (prompt cached), subset head / full head;
(p) the profile that bounds (a): the cost of one llama_decode step against the logit rows
    it computes, fitted as fixed + per-row milliseconds.

(a), (b), (c), (f) and (p) run side by side for the vocabulary-subset head (the default)
and llama.cpp's full head (``full_vocab``); (d) and (e) run the subset head. Each line of
decode statistics gives prefill_s/decode_s, logit rows and steps, drafted tokens kept/proposed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

DATA = Path("/work/shared/data/squad_v1.1_dev.jsonl")
PASSAGES = ("The Amazon rainforest (Portuguese", "The region is home to about 2.5 million")
OTHERS = ("For a long time, it was thought", "In 2010 the Amazon rainforest", "Between 1991")


def load_article() -> tuple[str, list[str], list[str]]:
    """The article, 13 questions it answers, and 7 it does not."""
    records = [json.loads(line) for line in DATA.open(encoding="utf-8")]
    article, copied, others = [], [], []
    for start in PASSAGES:
        passage = next(r["source"] for r in records if r["source"].startswith(start))
        article.append(passage)
        copied += [r["question"] for r in records if r["source"] == passage]
    for start in OTHERS:
        others += [r["question"] for r in records if r["source"].startswith(start)]
    return "\n\n".join(article), copied, others[:7]


def requests(samples: int) -> list:
    from verify_ask import defaults
    from verify_ask.model.backends.base import SampleRequest

    return [SampleRequest(0.0, 0, 32)] + [
        SampleRequest(defaults.TEMPERATURE, seed, 32) for seed in range(1, samples + 1)
    ]


def timed(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def render(article: str, question: str) -> str:
    from verify_ask.model import prompts

    return prompts.builtin("extract").render(article, question)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--only", default="abcdefp", help="which parts to run, e.g. 'c'")
    parser.add_argument("--heads", default="subset,full", help="which heads: subset, full")
    parser.add_argument(
        "--threads", type=int, help="llama.cpp threads (default: every core; 1 beside another job)"
    )
    parser.add_argument("--rss-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.threads:
        # Every backend sizes its thread pool from cpu_count; ggml's threads spin while
        # waiting, so more threads than free cores costs seconds per step.
        os.cpu_count = lambda: args.threads
    article, copied, others = load_article()
    if args.rss_child:
        rss_child(article, copied[0])
        return

    if "e" in args.only:
        # Before this process loads a model: Linux carries a parent's peak RSS into the
        # child it forks, so a child started later would report the parent's peak.
        child = subprocess.run(
            [sys.executable, __file__, "--rss-child"], capture_output=True, text=True, check=True
        )
        peak_rss = child.stdout.strip()

    from verify_ask.model.backends.batched import BatchedBackend
    from verify_ask.model.backends.llama import LlamaBackend

    # Backends of one head share its engine and prompt cache; the two heads have their own.
    heads = {
        "subset": (BatchedBackend(draft=False), BatchedBackend(draft=True)),
        "full": (
            BatchedBackend(draft=False, full_vocab=True),
            BatchedBackend(draft=True, full_vocab=True),
        ),
    }
    fast = heads["subset"][0]
    simple = LlamaBackend()
    eleven, one = requests(10), requests(0)
    prompts = {q: render(article, q) for q in copied + others}
    print(
        f"article: {fast.count_tokens(article)} tokens; prompt: "
        f"{fast.count_tokens(prompts[copied[0]])} tokens; {len(copied)} copied questions, "
        f"{len(others)} not in the article; {args.reps} repetitions"
    )
    for plain, _ in heads.values():
        plain.complete(prompts[copied[0]], eleven)  # warm up pages and caches
    simple.complete(prompts[copied[0]], one)

    def cold(backend) -> Callable[[str, list], float]:
        def run(prompt: str, reqs: list) -> float:
            backend.forget()
            return timed(lambda: backend.complete(prompt, reqs))

        return run

    def cold_simple(prompt: str, reqs: list) -> float:
        simple._load().reset()  # the next call evaluates the whole prompt
        return timed(lambda: simple.complete(prompt, reqs))

    for head, (plain, drafting) in heads.items():
        if head not in args.heads.split(","):
            continue
        print(f"--- {head} head ({plain.engine.head_refusal or 'subset of the vocabulary'})")
        if "a" in args.only or "b" in args.only:
            ratios_ab(plain, cold(plain), cold_simple, prompts, copied[:4], args.reps)
        if "c" in args.only:
            decode_phase(drafting, plain, prompts, copied + others, article, args.reps)
            decode_phase_samples(drafting, plain, prompts, copied + others, args.reps)
    if "f" in args.only and "full" in args.heads:
        decode_heads(heads, prompts, copied[:4], args.reps)
    print("--- subset head")
    if "d" in args.only:
        batch_of_questions(fast, cold(fast), prompts, copied + others, args.reps)
    if "e" in args.only:
        print(
            f"(e) peak resident memory, one process, greedy+10 samples: {peak_rss} MB "
            "(target <= 800)"
        )
    if "p" in args.only:
        for head, (plain, _) in heads.items():
            print(f"--- {head} head")
            step_profile(plain, prompts[copied[0]], args.reps)


def ratios_ab(fast, cold_fast, cold_simple, prompts: dict, bench_questions: list, reps: int):
    eleven, one = requests(10), requests(0)
    one_s, eleven_s, simple_s = [], [], []
    for _ in range(reps):
        one_s.append(sum(cold_fast(prompts[q], one) for q in bench_questions))
        eleven_s.append(sum(cold_fast(prompts[q], eleven) for q in bench_questions))
        simple_s.append(sum(cold_simple(prompts[q], eleven) for q in bench_questions))
    m_one, m_eleven, m_simple = map(statistics.median, (one_s, eleven_s, simple_s))
    n = len(bench_questions)
    print(
        f"(a) greedy+10 samples / one greedy: {m_eleven / n:.2f} s / {m_one / n:.2f} s "
        f"= {m_eleven / m_one:.2f}  (target <= 1.3)"
    )
    print(
        f"(b) greedy+10 samples, this sampler / create_completion loop: {m_eleven / n:.2f} s / "
        f"{m_simple / n:.2f} s = {m_eleven / m_simple:.2f}  (target <= 0.5)"
    )

    fast.forget()
    completions = fast.complete(prompts[bench_questions[0]], eleven)
    summary = fast.last_stats.summary()
    print(
        f"    rows per step, greedy+10 samples (one per distinct history, plus drafts): "
        f"{summary['rows_per_step']}; histories per step: {summary['histories_per_step']}"
    )
    print(
        f"    {describe_stats(fast)}; one row per sample per token would be "
        f"{sum(c.tokens for c in completions)}"
    )


def describe_stats(backend) -> str:
    """The decode statistics of the backend's last call, on one line."""
    s = backend.last_stats.summary()
    return (
        f"prefill_s {s['prefill_s']:.3f}, decode_s {s['decode_s']:.3f}, {s['rows']} logit rows "
        f"in {s['steps']} steps, drafted tokens kept/proposed {s['accepted']}/{s['drafted']}"
    )


def decode_heads(heads: dict, prompts: dict, questions: list, reps: int) -> None:
    """Greedy + 10 samples with the prompt cached: decode seconds, subset head / full head."""
    eleven = requests(10)
    decode = {head: [] for head in heads}
    for _ in range(reps):
        for head, (plain, _) in heads.items():
            total = 0.0
            for question in questions:
                plain.complete(prompts[question], requests(0))  # cache the prompt
                plain.complete(prompts[question], eleven)
                total += plain.last_stats.decode_s
            decode[head].append(total)
    subset, full = (statistics.median(decode[head]) for head in ("subset", "full"))
    print(
        f"(f) decode phase, greedy+10 samples ({len(questions)} questions), subset / full head: "
        f"{subset:.3f} s / {full:.3f} s = {subset / full:.2f}  (target <= 0.45)"
    )
    for head, (plain, _) in heads.items():
        print(f"    {head}, last question: {describe_stats(plain)}")


def batch_of_questions(fast, cold_fast, prompts: dict, questions: list, reps: int) -> None:
    eleven = requests(10)
    together, apart = [], []
    for _ in range(reps):
        fast.forget()
        together.append(
            sum(timed(lambda q=q: fast.complete(prompts[q], eleven)) for q in questions)
        )
        apart.append(sum(cold_fast(prompts[q], eleven) for q in questions))
    m_together, m_apart = statistics.median(together), statistics.median(apart)
    print(
        f"(d) {len(questions)} questions on one article, cache kept / from scratch: "
        f"{m_together:.2f} s / {m_apart:.2f} s = {m_together / m_apart:.2f}  (target <= 0.3)"
    )


def decode_phase(drafting, plain, prompts: dict, questions: list, article: str, reps: int) -> None:
    """Greedy answers with the prompt cached: the decode phase alone (``decode_s``)."""
    one = requests(0)
    per_group: dict[str, list[tuple[float, float]]] = {"copied": [], "other": []}
    mismatches = proposed = kept = rows_drafting = rows_plain = 0

    def decode_s(backend, prompt: str) -> float:
        backend.complete(prompt, one)
        return backend.last_stats.decode_s

    for question in questions:
        prompt = prompts[question]
        drafting.complete(prompt, one)  # cache the prompt
        answer = drafting.complete(prompt, one)[0]
        proposed += drafting.last_stats.drafted
        kept += drafting.last_stats.accepted
        rows_drafting += sum(drafting.last_stats.rows)
        if plain.complete(prompt, one) != [answer]:
            mismatches += 1
        rows_plain += sum(plain.last_stats.rows)
        kind = "copied" if answer.text.strip() in article and answer.tokens >= 4 else "other"
        drafted = statistics.median(decode_s(drafting, prompt) for _ in range(reps))
        undrafted = statistics.median(decode_s(plain, prompt) for _ in range(reps))
        per_group[kind].append((drafted, undrafted))
    for kind, pairs in per_group.items():
        if not pairs:
            continue
        drafted = sum(d for d, _ in pairs)
        undrafted = sum(u for _, u in pairs)
        target = "0.6" if kind == "copied" else "1.05"
        print(
            f"(c) greedy decode phase, {kind} answers ({len(pairs)} questions), drafting / none: "
            f"{drafted:.3f} s / {undrafted:.3f} s = {drafted / undrafted:.2f}  "
            f"(target <= {target})"
        )
    print(
        f"    texts identical with and without drafting: {mismatches == 0} ({mismatches} differ); "
        f"drafted tokens kept/proposed {kept}/{proposed}; logit rows {rows_drafting} drafting, "
        f"{rows_plain} without"
    )


def decode_phase_samples(drafting, plain, prompts: dict, questions: list, reps: int) -> None:
    """Greedy + 10 samples with the prompt cached: decode seconds, drafting / none, and how
    many greedy answers and samples differ (drafts are verified against the same rows, but
    a multi-token batch rounds them otherwise)."""
    eleven = requests(10)
    drafted_s, plain_s = [], []
    greedy_differ = samples_differ = proposed = kept = 0
    for question in questions:
        prompt = prompts[question]
        drafting.complete(prompt, requests(0))  # cache the prompt
        with_drafts = drafting.complete(prompt, eleven)
        proposed += drafting.last_stats.drafted
        kept += drafting.last_stats.accepted
        without = plain.complete(prompt, eleven)
        greedy_differ += with_drafts[0] != without[0]
        samples_differ += sum(a != b for a, b in zip(with_drafts[1:], without[1:], strict=True))
        times = {id(drafting): [], id(plain): []}
        for _ in range(reps):
            for backend in (drafting, plain):
                backend.complete(prompt, eleven)
                times[id(backend)].append(backend.last_stats.decode_s)
        drafted_s.append(statistics.median(times[id(drafting)]))
        plain_s.append(statistics.median(times[id(plain)]))
    print(
        f"(c) decode phase, greedy+10 samples ({len(questions)} questions), drafting / none: "
        f"{sum(drafted_s):.3f} s / {sum(plain_s):.3f} s = {sum(drafted_s) / sum(plain_s):.2f}"
    )
    print(
        f"    greedy answers that differ: {greedy_differ}; samples that differ: {samples_differ} "
        f"of {10 * len(questions)}; drafted tokens kept/proposed {kept}/{proposed}"
    )


def step_profile(fast, prompt: str, reps: int) -> None:
    """Time one decode step that computes r logit rows: r histories of one token each (how
    samples decode), and r consecutive tokens of one history (how a draft is verified)."""
    from verify_ask.model.backends.batched import BASE, _prefill
    from verify_ask.model.backends.lowlevel import Entry

    fast.forget()
    loaded = fast._load()
    engine = loaded.engine
    tokens = engine.tokenize(prompt)
    _prefill(loaded, tokens)
    last = len(tokens) - 1
    sizes = (1, 2, 4, 8, 11, 16)

    def step(batch: list) -> None:
        engine.decode(batch)
        engine.row(len(batch) - 1)  # the subset head computes its logits here

    def step_ms(batch: list, seqs: range) -> float:
        times = []
        for _ in range(max(reps, 5) + 1):  # the first is a warm-up
            times.append(timed(lambda: step(batch)))
            for seq in seqs:
                engine.trim(seq, last)
        return statistics.median(times[1:]) * 1000

    across, along = [], []
    for rows in sizes:
        seqs = range(1, rows + 1)
        for seq in seqs:
            engine.copy_seq(BASE, seq, last)
        across.append(step_ms([Entry(tokens[-1], last, seq, True) for seq in seqs], seqs))
        for seq in seqs:
            engine.trim(seq, 0)
        engine.copy_seq(BASE, 1, last)
        draft = [Entry(tokens[-1], last + i, 1, True) for i in range(rows)]
        along.append(step_ms(draft, range(1, 2)))
        engine.trim(1, 0)
    for name, medians in (("histories", across), ("draft tokens", along)):
        slope, intercept = statistics.linear_regression(sizes, medians)
        steps = ", ".join(f"{r}: {m:.1f}" for r, m in zip(sizes, medians, strict=True))
        print(f"(p) one decode step, r {name} (r: ms): {steps}")
        print(f"    fit: {intercept:.1f} ms per step + {slope:.1f} ms per logit row")
    fast.forget()


def rss_child(article: str, question: str) -> None:
    from verify_ask.model.backends.batched import BatchedBackend

    backend = BatchedBackend()
    backend.complete(render(article, question), requests(10))
    print(f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}")


if __name__ == "__main__":
    main()
