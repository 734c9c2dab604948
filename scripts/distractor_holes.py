"""How often the span checker lets a distractor's fake figure through, with no model.

A distractor (``scripts/distractors.py``) states a fake figure in a sentence that mirrors the
question about another name, number or time. Whether the model then writes that figure
depends on sampling; whether the span checker would accept it if it did does not. So this
script reads each distractor record's fake figure as the one answer, and its gold too, and
runs the span checker alone on the record's passage: a fake that passes is a hole the decision
has only the model's votes and ranking to close. It needs no model, so it reads thousands of
generated records in seconds, where sampling them takes hours:

    python scripts/distractors.py ../shared/data/squad_v1.1_dev.jsonl --variant 5 > d5.jsonl
    python scripts/distractors.py ../shared/data/squad_v2.0_dev_unanswerable_numeric.jsonl > u.jsonl
    python scripts/distractor_holes.py d5.jsonl u.jsonl --part design

``--list`` prints the records whose fake passes (to stderr), for the design part only: listing
lockbox records would be reading them.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict

from verify_ask.candidates import group_samples
from verify_ask.checkers import CheckContext, get
from verify_ask.evaluation.dataset import EvalRecord, read_records
from verify_ask.evaluation.split import in_part
from verify_ask.language.question import Question, analyze_question
from verify_ask.pipeline import read_answer
from verify_ask.text.source import Source


def span_passes(answer: str, question: Question, source: Source) -> bool | None:
    """Whether the span checker accepts ``answer`` as the one sample; None when it reads as no
    figure or date."""
    found = group_samples([read_answer(answer, question, 0)])
    if not found:
        return None
    context = CheckContext(question, source, found, 1, {})
    return get("span").check(found[0], context).passed


def holes(record: EvalRecord) -> tuple[bool | None, bool | None]:
    """Whether the span checker passes the record's fake figure, and its gold (None: no gold)."""
    question, source = analyze_question(record.question), Source(record.source)
    fake = span_passes(str(record.meta["fake_answer"]), question, source)
    gold = span_passes(min(record.answers, key=len), question, source) if record.answers else None
    return fake, gold


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+", help="distractor records (scripts/distractors.py)")
    parser.add_argument("--part", default="design", choices=("design", "lockbox", "all"))
    parser.add_argument("--list", action="store_true", help="the holes, on stderr (design only)")
    args = parser.parse_args(argv)
    if args.list and args.part != "design":
        parser.error("--list reads records; it lists the design part only")
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for path in args.data:
        for record in read_records(path):
            if "fake_answer" not in record.meta or not in_part(record, args.part):
                continue
            fake, gold = holes(record)
            tally = counts[record.dataset]
            tally["records"] += 1
            tally["fake read"] += fake is not None
            tally["fake passes"] += bool(fake)
            tally["golds"] += gold is not None
            tally["gold passes"] += bool(gold)
            if fake and args.list:
                line = f"{record.id}\t{record.question}\t{record.meta['distractor']}"
                print(line, file=sys.stderr)
    print("| dataset | records | fake passes the span checker | gold passes |")
    print("|---|---:|---:|---:|")
    for dataset, tally in counts.items():
        fake_share = tally["fake passes"] / max(1, tally["fake read"])
        gold = f"{tally['gold passes']} of {tally['golds']}" if tally["golds"] else "(unanswerable)"
        print(
            f"| {dataset} | {tally['records']} | {tally['fake passes']} of {tally['fake read']} "
            f"({fake_share:.3f}) | {gold} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
