"""Speculative decoding with a draft model: the 0.5B proposes answer tokens, the 1.5B checks
them in one batch (issue 29, part 6).

    python scripts/bench_draft_model.py [--reps 3] [--questions 20]
    python scripts/bench_draft_model.py --profile     # what a step of k rows costs each model

The article and questions are bench_sampler.py's (three SQuAD v1.1 dev passages about the
Amazon rainforest, CC BY-SA 4.0; 13 questions it answers, 7 it does not). For each
question the prompt is cached first, then the greedy answer's decode phase (``decode_s``)
is timed, median over repetitions, for three configurations of the same target model:
no drafting, prompt-lookup drafting (drafts copied from the source), and a draft model.
Prints each configuration's decode time against no drafting, on copied answers and on the
others, whether the greedy texts are identical, and drafted tokens kept / proposed.

``--profile`` prints instead bench_sampler.py's (p) for the target and for the draft model:
one decode step computing r logit rows, as r draft tokens of one history (how a draft is
checked) and as r histories. Drafting pays only where the target checks k tokens in much
less than k steps, and the draft model's own steps are cheap beside the target's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_sampler import load_article, render, requests, step_profile  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--draft-model", default="qwen2.5-coder-0.5b")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--profile", action="store_true", help="step costs by logit rows")
    args = parser.parse_args()

    from verify_ask.model.backends.batched import BatchedBackend

    article, copied, others = load_article()
    if args.profile:
        for model in (args.model, args.draft_model):
            print(model)
            step_profile(BatchedBackend(model=model, draft=False), render(article, copied[0]),
                         args.reps)  # fmt: skip
        return
    questions = (copied + others)[: args.questions]
    prompts = {q: render(article, q) for q in questions}
    backends = {
        "none": BatchedBackend(model=args.model, draft=False),
        "lookup": BatchedBackend(model=args.model, draft=True),
        "model": BatchedBackend(model=args.model, draft_model=args.draft_model),
    }
    one = requests(0)
    seconds: dict[str, dict[str, list[float]]] = {
        name: {"copied": [], "other": []} for name in backends
    }
    kept = {name: 0 for name in backends}
    proposed = {name: 0 for name in backends}
    differ = {name: 0 for name in backends}
    for question in questions:
        prompt = prompts[question]
        texts = {}
        for name, backend in backends.items():
            backend.complete(prompt, one)  # the prompt cached, the draft model's too
            texts[name] = backend.complete(prompt, one)[0].text
            kept[name] += backend.last_stats.accepted
            proposed[name] += backend.last_stats.drafted
        answer = texts["none"]
        kind = "copied" if answer.strip() and answer.strip() in article else "other"
        for name, backend in backends.items():
            differ[name] += texts[name] != answer
            runs = []
            for _ in range(args.reps):
                backend.complete(prompt, one)
                runs.append(backend.last_stats.decode_s)
            seconds[name][kind].append(statistics.median(runs))
        print(f"  {question[:60]!r}: {answer!r}", file=sys.stderr)
    for kind in ("copied", "other"):
        base = sum(seconds["none"][kind])
        if not seconds["none"][kind]:
            continue
        for name in ("lookup", "model"):
            total = sum(seconds[name][kind])
            print(
                f"greedy decode phase, {kind} answers ({len(seconds[name][kind])}), {name} / none: "
                f"{total:.3f} s / {base:.3f} s = {total / base:.2f}"
            )
    for name in ("lookup", "model"):
        print(
            f"{name}: greedy texts differing from no drafting {differ[name]} of {len(questions)}; "
            f"drafted tokens kept/proposed {kept[name]}/{proposed[name]}"
        )


if __name__ == "__main__":
    main()
