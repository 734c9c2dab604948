"""Where the answers are lost: generation or selection. For each dataset of stored records,
how often the model's greedy answer is right, how often some sample writes the right value,
how often the right value is among the candidates the checkers judge (samples, and the
source's figures the ranking offers), and how often the decision answers it; where the right
value was a candidate and the decision abstained, the step that refused it (a span rule's
id, or the fitted decision's confidence). Re-judged from the records, no model call:

    python scripts/headroom.py DATA.jsonl... --records docs/records/lockbox-shipped.jsonl \
        docs/records/lockbox-more.jsonl --part lockbox

Coverage at precision p can be at most (some candidate right) / p: a decision answers only
values it was offered.
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.gold import is_right
from verify_ask.evaluation.runner import Scored
from verify_ask.evaluation.split import in_part
from verify_ask.evaluation.store import stored_records
from verify_ask.settings import Settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", help="eval data files (shared/data schema)")
    parser.add_argument("--records", nargs="+", required=True, help="eval --per-record files")
    parser.add_argument("--part", default="all", choices=("design", "lockbox", "all"))
    parser.add_argument("--model", default=None, help="judge by this model's own weights")
    parser.add_argument("--precision", type=float, default=0.95, help="for the coverage bound")
    args = parser.parse_args()
    records = [
        r for path in args.data for r in read_records(path) if in_part(r, args.part)
    ]
    scored = stored_records(args.records, records, Settings(weights=args.model))
    by_dataset: dict[str, list[Scored]] = defaultdict(list)
    for one in scored:
        if one.record.answers:  # unanswerable questions have no right value to lose
            by_dataset[one.record.dataset].append(one)
    print(
        "| dataset | records | greedy right | some sample right | some candidate right "
        f"| answered right | coverage bound at {args.precision} | lost at (records) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for dataset, ones in by_dataset.items():
        counts: Counter[str] = Counter()
        lost_at: Counter[str] = Counter()
        for one in ones:
            record = one.record
            samples = [one.outcome.greedy.value, *(s.value for s in one.outcome.samples)]
            counts["greedy"] += is_right(one.greedy, record)
            counts["sample"] += any(is_right(v, record) for v in samples if v is not None)
            right = [j for j in one.outcome.judgements if is_right(j.candidate.value, record)]
            counts["candidate"] += bool(right)
            counts["answered"] += is_right(one.verified, record)
            if right and one.verified is None:
                lost_at[right[0].rule or right[0].refused_at or "?"] += 1
        n = len(ones)
        shares = [f"{counts[k] / n:.3f}" for k in ("greedy", "sample", "candidate", "answered")]
        bound = min(1.0, counts["candidate"] / n / args.precision)
        lost = ", ".join(f"{step} {count}" for step, count in lost_at.most_common(6))
        print(f"| {dataset} | {n} | {' | '.join(shares)} | {bound:.3f} | {lost} |")


if __name__ == "__main__":
    main()
