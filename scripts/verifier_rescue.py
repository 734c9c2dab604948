"""Where verify-ask abstains though it sampled a value that a judgement rule alone refused,
the larger model reads that value's place and answers itself: a rescue when it agrees.

Most right answers the default loses are sampled and then refused by a span rule that
judges (the question's words stand far from the figure, a name or predicate of the question
is missing beside it, a rival stands as well), not by one that guarantees (the figure is not
in the source). For each abstained record, the most-voted candidate refused by one of the
``SOFT`` rules is read: its best place in the source, as the span check found it, is given
to the verifier with the question (``verify_ask.verifier``), and the candidate is answered
where the verifier's own answer is the same value. Readings are kept in ``--readings`` (one
JSON line per record, resumable), so the numbers print again without the model.

    python scripts/verifier_rescue.py DATA.jsonl... --per-record docs/records/X.jsonl \\
        --part design --verifier qwen2.5-coder-0.5b --readings R.jsonl
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from verifier_experiment import Readings, reading_arguments

from verify_ask.decision import Judgement
from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.runner import right
from verify_ask.evaluation.split import in_part
from verify_ask.evaluation.store import stored_records
from verify_ask.settings import Settings
from verify_ask.text.source import Source

SOFT = frozenset({"S210", "S213", "S230", "S303", "S304"})
"""Rules that judge how well a place answers, not whether the value is there at all."""

UNANSWERABLE = ("unanswerable", "removed")


def rescued(judgements: tuple[Judgement, ...]) -> Judgement | None:
    """The candidate a reading may rescue: the most voted of those a soft rule refused."""
    soft = [j for j in judgements if j.rule in SOFT]
    if not soft:
        return None
    return max(soft, key=lambda j: (j.candidate.votes, j.candidate.support))


def main(argv: list[str] | None = None) -> int:
    parser = reading_arguments(__doc__.split("\n\n")[0], "design", "qwen2.5-coder-0.5b")
    parser.add_argument(
        "--min-votes", type=float, default=0.0, help="rescue only a candidate with this vote share"
    )
    parser.add_argument(
        "--most", type=int, default=None, help="read at most this many records a dataset"
    )
    args = parser.parse_args(argv)

    settings = Settings(weights=args.weights)
    settings.validate()
    records = [r for path in args.data for r in read_records(path) if in_part(r, args.part)]
    scored = stored_records(args.per_record, records, settings)
    readings = Readings(Path(args.readings), args.verifier, args.threads, args.stored_only)
    tally: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for one in scored:
        dataset = one.record.dataset
        answerable = not dataset.endswith(UNANSWERABLE)
        row = tally[dataset]
        row["records"] += 1
        chosen = one.outcome.chosen
        if chosen is not None:
            row["answered"] += 1
            row["right"] += answerable and right(chosen.candidate.value, one.record)
            continue
        candidate = rescued(one.outcome.judgements)
        if candidate is None:
            continue
        span = next(c for c in candidate.checks if c.rule in SOFT)
        total = max(1, len(one.outcome.samples))
        if not span.evidence or candidate.candidate.votes / total < args.min_votes:
            continue
        value = candidate.candidate.value
        row["pool"] += 1
        row["pool_right"] += answerable and right(value, one.record)
        if args.most is not None and row["read"] >= args.most:
            continue
        question, source, place = one.outcome.question, Source(one.record.source), span.evidence[0]
        reading = readings.of(
            one.record.id,
            value.display(),
            lambda verifier: verifier.read_at(question, source, place, value),  # noqa: B023
            rule=span.rule,
        )
        if reading is None:
            continue
        row["read"] += 1
        row["seconds"] += reading.get("seconds", 0.0)
        if reading.get("agrees"):
            is_right = answerable and right(value, one.record)
            row["rescued_right" if is_right else "rescued_wrong"] += 1
    print(
        "dataset | records | today: answered, right, precision | could be read (right) | read | "
        "rescued right | "
        "rescued wrong | with rescues: answered, right, precision | s a reading"
    )
    for name, row in sorted(tally.items()):
        n, answered, right_ = row["records"], row["answered"], row["right"]
        more = answered + row["rescued_right"] + row["rescued_wrong"]
        more_right = right_ + row["rescued_right"]

        def share(part: float, whole: float) -> str:
            return f"{part / whole:.3f}" if whole else "-"

        if name.endswith(UNANSWERABLE):
            today, after = f"abstained {share(n - answered, n)}", f"abstained {share(n - more, n)}"
        else:
            today = f"{answered:.0f}, {right_:.0f}, {share(right_, answered)}"
            after = f"{more:.0f}, {more_right:.0f}, {share(more_right, more)}"
        print(
            f"{name} | {n:.0f} | {today} | {row['pool']:.0f} ({row['pool_right']:.0f}) | "
            f"{row['read']:.0f} | {row['rescued_right']:.0f} | "
            f"{row['rescued_wrong']:.0f} | {after} | {share(row['seconds'], row['read'])}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
